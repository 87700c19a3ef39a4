/*
 * libxml2 with every door to the outside shut (diffx/libxml_guard.h): set
 * up once per process -- external entities, DTDs and stylesheets refused,
 * so a document can never make us read another file -- and the errors it
 * reports outside a parser's context collected per parse instead of
 * printed (only cli/ prints).
 */
#include "libxml_guard.h"

#include "smart/tree.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libxml/parser.h>

static pthread_once_t libxml_once = PTHREAD_ONCE_INIT;

/* Refuses every external entity, DTD or stylesheet a document asks for. */
static xmlParserInputPtr refuse_external_entity(const char *url,
						const char *id,
						xmlParserCtxtPtr ctxt)
{
	(void)url;
	(void)id;
	(void)ctxt;
	return NULL;
}


static void collect_libxml_error(void *ctx, const char *fmt, ...)
{
	smart__libxml_errors *e = ctx;
	size_t used;
	va_list ap;

	if (!e)
		return; /* outside a parse: dropped, never printed */
	e->count++;
	used = strlen(e->text);
	if (used + 1 >= sizeof(e->text))
		return;
	va_start(ap, fmt);
	vsnprintf(e->text + used, sizeof(e->text) - used, fmt, ap);
	va_end(ap);
}

static void libxml_setup(void)
{
	xmlInitParser();
	xmlSetExternalEntityLoader(refuse_external_entity);
	/* The default of threads started from now on. */
	xmlThrDefSetGenericErrorFunc(NULL, collect_libxml_error);
}

/* Routes this thread's libxml2 generic errors into `e` (NULL: drop them).
 * The handler is per thread in libxml2, so parses on other threads keep
 * their own. */
void smart__libxml_route_errors(smart__libxml_errors *e)
{
	xmlSetGenericErrorFunc(e, collect_libxml_error);
}

/* The first line of what was collected, trimmed, for an error message. */
const char *smart__libxml_first_error(smart__libxml_errors *e)
{
	char *nl = strchr(e->text, '\n');

	if (nl)
		*nl = '\0';
	return e->text[0] ? e->text : "input conversion failed";
}

void smart__libxml_setup_once(void)
{
	pthread_once(&libxml_once, libxml_setup);
}

/* The public name of the set-up (smart/tree.h), for a caller that parses
 * on threads of its own. */
void smart_tree_parse_init(void)
{
	smart__libxml_setup_once();
}
