/* The error convention of include/smart/error.h. */
#include "smart/error.h"

#include <stdio.h>
#include <string.h>

/* Rewrites `msg` so that it is one line of printable text: messages quote
 * untrusted input (a feature name from a model file, a text a script
 * expects, a request target), and a newline or a terminal escape in it
 * would break the one-line promise of error.h (and the "smart: MESSAGE"
 * line CI logs grep for). Control characters become \n, \r, \t or \xHH;
 * the message is cut where the escapes no longer fit. */
static void keep_one_line(char *msg)
{
	char out[SMART_ERROR_MAX];
	size_t o = 0;

	for (const unsigned char *p = (const unsigned char *)msg; *p; p++) {
		char esc[5];
		size_t n;

		if (*p >= 0x20 && *p != 0x7f) {
			if (o + 1 >= sizeof(out))
				break;
			out[o++] = (char)*p;
			continue;
		}
		if (*p == '\n' || *p == '\r' || *p == '\t')
			snprintf(esc, sizeof(esc), "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
		else
			snprintf(esc, sizeof(esc), "\\x%02x", *p);
		n = strlen(esc);
		if (o + n >= sizeof(out))
			break;
		memcpy(out + o, esc, n);
		o += n;
	}
	out[o] = '\0';
	memcpy(msg, out, o + 1);
}

int smart_error_vset(smart_error *err, const char *fmt, va_list ap)
{
	if (err) {
		vsnprintf(err->message, sizeof(err->message), fmt, ap);
		keep_one_line(err->message);
	}
	return -1;
}

int smart_error_set(smart_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	smart_error_vset(err, fmt, ap);
	va_end(ap);
	return -1;
}

int smart_error_prefix(smart_error *err, const char *fmt, ...)
{
	char prefix[SMART_ERROR_MAX];
	char old[SMART_ERROR_MAX];
	size_t used;
	va_list ap;

	if (!err)
		return -1;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	memcpy(old, err->message, sizeof(old));
	/* Built piecewise: the message is cut at the buffer's end on purpose. */
	used = strlen(prefix);
	memcpy(err->message, prefix, used + 1);
	if (used + 2 < sizeof(err->message)) {
		memcpy(err->message + used, ": ", 3);
		used += 2;
		strncat(err->message, old, sizeof(err->message) - used - 1);
	}
	keep_one_line(err->message);
	return -1;
}

int smart_error_oom(smart_error *err)
{
	return smart_error_set(err, "out of memory");
}

void smart_error_clear(smart_error *err)
{
	if (err)
		err->message[0] = '\0';
}
