/* The folders replay writes (replay/internal.h): paths that must fit, the
 * session folders made with their parents, and the response files of an
 * earlier replay removed. */
#include "internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes a path into buf like snprintf; a path that does not fit is an
 * error naming its start, never a file written under a cut name. 0, or -1
 * with `err` set. */
__attribute__((format(printf, 4, 5)))
int smart__rp_path_printf(char *buf, size_t size, smart_error *err, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < size)
		return 0;
	return smart_error_set(err, "%.80s...: path too long (%d bytes; at most %zu)", buf, n,
			       size - 1);
}

/* Creates a folder and its parents (like mkdir -p). */
int smart__rp_make_dirs(const char *path, smart_error *err)
{
	char buf[4096];
	size_t len = strlen(path);

	if (len == 0 || len >= sizeof(buf))
		return smart_error_set(err, "%s: bad output folder name", path);
	memcpy(buf, path, len + 1);
	for (size_t i = 1; i <= len; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0777) < 0 && errno != EEXIST)
			return smart_error_set(err, "%s: %s", buf, strerror(errno));
		buf[i] = path[i];
	}
	return 0;
}

/* True for the names replay gives response files: digits, '_', an upper-
 * case method, '_', a slug, and .html, .xml or .txt. */
static int response_file_name(const char *name)
{
	const char *p = name, *dot = strrchr(name, '.');

	while (isdigit((unsigned char)*p))
		p++;
	if (p == name || *p++ != '_' || !isupper((unsigned char)*p))
		return 0;
	while (isupper((unsigned char)*p))
		p++;
	return *p == '_' && dot &&
	       (strcmp(dot, ".html") == 0 || strcmp(dot, ".xml") == 0 || strcmp(dot, ".txt") == 0);
}

/* Removes the response files an earlier replay left in a session's folder,
 * so that the folder holds exactly this replay's pages (a shorter replay
 * must not leave old pages behind for `smart classify OLD_DIR NEW_DIR`). */
int smart__rp_clear_old_responses(const char *dir, smart_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4352];

	if (!d)
		return smart_error_set(err, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		if (!response_file_name(e->d_name))
			continue;
		if (smart__rp_path_printf(path, sizeof(path), err, "%s/%s", dir, e->d_name)) {
			closedir(d);
			return -1;
		}
		if (unlink(path) < 0 && errno != ENOENT) {
			smart_error_set(err, "%s: %s", path, strerror(errno));
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return 0;
}
