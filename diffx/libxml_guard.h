/* libxml2's process-wide setup and its error collection (diffx/libxml_guard.c),
 * for the files of diffx/ that run a libxml2 parser. */
#ifndef SMART_DIFFX_LIBXML_GUARD_H
#define SMART_DIFFX_LIBXML_GUARD_H

/* What libxml2 reported outside its parser context during one parse: the
 * encoding layer ("input conversion failed", "encoder error") reports to
 * the thread's generic error handler, which by default prints to stderr,
 * ignoring XML_PARSE_NOERROR. Only cli/ prints, and bad input gets one
 * error line, so the handler collects instead. */
typedef struct smart__libxml_errors {
	unsigned count;
	char text[200]; /* the pieces of the first reports, concatenated */
} smart__libxml_errors;

/* Initialises libxml2 once for the process: the parser, the loader that
 * refuses every external entity, the collecting error handler as the
 * default of threads started later. */
void smart__libxml_setup_once(void);

/* Routes this thread's libxml2 generic errors into `e` (NULL: drop them).
 * The handler is per thread in libxml2, so parses on other threads keep
 * their own. */
void smart__libxml_route_errors(smart__libxml_errors *e);

/* The first line of what was collected, trimmed, for an error message. */
const char *smart__libxml_first_error(smart__libxml_errors *e);

#endif
