/* The error convention of include/smart/error.h. */
#include "smart/error.h"

#include <stdio.h>
#include <string.h>

int smart_error_vset(smart_error *err, const char *fmt, va_list ap)
{
	if (err)
		vsnprintf(err->message, sizeof(err->message), fmt, ap);
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
