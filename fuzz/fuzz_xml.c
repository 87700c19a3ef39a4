/*
 * Fuzz target (b): a pair of XML documents, split at FUZZ_SEPARATOR, goes
 * through parse -> DiffX -> features -> script JSON -> patch (fuzz.h).
 * A document that is not well-formed must give one error line.
 */
#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	return fuzz_document_pair(data, size, SMART_FORMAT_XML);
}
