/*
 * The process's choice of HTML parser (include/smart/html_parser.h).
 */
#include "smart/html_parser.h"

#include <string.h>

/* Set once by the front end before any parse (see the header). */
static smart_html_parser current = SMART_HTML_PARSER_DEFAULT;

smart_html_parser smart_html_parser_get(void)
{
	return current;
}

void smart_html_parser_set(smart_html_parser parser)
{
	current = parser;
}

const char *smart_html_parser_name(smart_html_parser parser)
{
	return parser == SMART_HTML_PARSER_LIBXML2 ? "libxml2" : "html5";
}

int smart_html_parser_parse(const char *name, smart_html_parser *out, smart_error *err)
{
	if (name && strcmp(name, "html5") == 0)
		*out = SMART_HTML_PARSER_HTML5;
	else if (name && strcmp(name, "libxml2") == 0)
		*out = SMART_HTML_PARSER_LIBXML2;
	else
		return smart_error_set(err, "unknown HTML parser '%s' (html5 or libxml2)",
				       name ? name : "");
	return 0;
}
