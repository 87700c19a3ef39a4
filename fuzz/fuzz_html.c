/*
 * Fuzz target (a): a pair of HTML documents, split at FUZZ_SEPARATOR, goes
 * through parse -> DiffX -> features -> script JSON -> patch (fuzz.h).
 */
#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	return fuzz_document_pair(data, size, SMART_FORMAT_HTML);
}
