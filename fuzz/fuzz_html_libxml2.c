/*
 * Fuzz target (a'): fuzz_html's pair of HTML documents, parsed with
 * libxml2's HTML parser (--html-parser libxml2) instead of the default
 * HTML5 tree builder, so that both parsers stay fuzzed.
 */
#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	int rc;

	smart_html_parser_set(SMART_HTML_PARSER_LIBXML2);
	rc = fuzz_document_pair(data, size, SMART_FORMAT_HTML);
	smart_html_parser_set(SMART_HTML_PARSER_DEFAULT);
	return rc;
}
