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
	va_list ap;

	if (!err)
		return -1;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	memcpy(old, err->message, sizeof(old));
	snprintf(err->message, sizeof(err->message), "%s: %s", prefix, old);
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
