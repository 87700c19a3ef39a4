/* Finding the application's accepted changes (cli/cli_accepted.h). */
#include "cli_accepted.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "smart/model.h"

/* The folder holding `path` ("app/old/" -> "app", "a.html" -> "."), with
 * .smart/accepted.json after it, into buf. */
static void beside(const char *path, char *buf, size_t size)
{
	size_t len = strlen(path);

	while (len > 1 && path[len - 1] == '/')
		len--;
	while (len > 0 && path[len - 1] != '/')
		len--;
	while (len > 1 && path[len - 1] == '/')
		len--;
	if (len == 0)
		snprintf(buf, size, "%s", CLI_ACCEPTED_FILE);
	else
		snprintf(buf, size, "%.*s/%s", (int)len, path, CLI_ACCEPTED_FILE);
}

int cli_accepted_find(const char *given, int off, const char *old_path, smart_accepted **out,
		      char *path, size_t size, smart_error *err)
{
	*out = NULL;
	path[0] = '\0';
	if (off)
		return 0;
	if (given)
		snprintf(path, size, "%s", given);
	else if (access(CLI_ACCEPTED_FILE, F_OK) == 0)
		snprintf(path, size, "%s", CLI_ACCEPTED_FILE);
	else if (old_path)
		beside(old_path, path, size);
	if (!path[0] || (!given && access(path, F_OK) != 0)) {
		path[0] = '\0';
		return 0;
	}
	*out = smart_accepted_load(path, err);
	return *out ? 0 : -1;
}
