/*
 * Which parser reads HTML: an HTML5 tree builder (gumbo), which builds the
 * tree a browser builds, or libxml2's HTML parser, smart's first parser,
 * which recovers broken markup its own way (docs/html5.md). XML is always
 * read by libxml2.
 *
 * Like the resource limits (smart/limits.h), the choice is process
 * configuration: the front end sets it once, from --html-parser, before any
 * document is parsed, and every parse reads it; threads read it without
 * locks. A model records the parser its features were measured with
 * (docs/model-format.md), because the two build different trees from the
 * same broken page.
 */
#ifndef SMART_HTML_PARSER_H
#define SMART_HTML_PARSER_H

#include "smart/error.h"

typedef enum smart_html_parser {
	SMART_HTML_PARSER_HTML5 = 0, /* gumbo: HTML5 tree construction */
	SMART_HTML_PARSER_LIBXML2    /* libxml2's HTML parser */
} smart_html_parser;

/* The parser of a process that never set one (docs/html5.md says why). */
#define SMART_HTML_PARSER_DEFAULT SMART_HTML_PARSER_HTML5

/* The parser every HTML parse uses. */
smart_html_parser smart_html_parser_get(void);

/* Chooses the parser; call before any document is parsed. */
void smart_html_parser_set(smart_html_parser parser);

/* "html5" or "libxml2", the name --html-parser and model files use. */
const char *smart_html_parser_name(smart_html_parser parser);

/* Parses a parser's name; -1 with `err` set when it names none. */
int smart_html_parser_parse(const char *name, smart_html_parser *out, smart_error *err);

#endif
