/*
 * The resource-limit options every command takes (--max-input, --max-nodes,
 * --max-attributes, --max-text; include/smart/limits.h). They configure the
 * process once, before the command runs, so the front end takes them out of
 * the argument list here and each command's own option parser never sees
 * them.
 */
#include <stddef.h>
#include <string.h>

#include "cli.h"

static const struct {
	const char *name;
	size_t offset; /* of the field in smart_limits */
} limit_options[] = {
	{ "--max-input", offsetof(smart_limits, max_input) },
	{ "--max-nodes", offsetof(smart_limits, max_nodes) },
	{ "--max-attributes", offsetof(smart_limits, max_attributes) },
	{ "--max-text", offsetof(smart_limits, max_text) },
};

#define N_LIMIT_OPTIONS (sizeof(limit_options) / sizeof(limit_options[0]))

/* The value of argv[*i] when it is limit option `name` ("--max-input=8M" or
 * "--max-input 8M", advancing *i past the value); NULL when it is not that
 * option. Sets *missing when the option has no value. */
static const char *option_value(char **argv, int argc, int *i, const char *name,
				int *missing)
{
	size_t n = strlen(name);

	if (strncmp(argv[*i], name, n) != 0)
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

int cli_take_limit_options(const char *command, int *argc, char **argv)
{
	smart_limits limits = *smart_limits_get();
	smart_error err = { { 0 } };
	int kept = 1, changed = 0;

	for (int i = 1; i < *argc; i++) {
		const char *value = NULL;
		size_t k;
		int missing = 0;

		if (strcmp(argv[i], "--") == 0) {
			while (i < *argc)
				argv[kept++] = argv[i++];
			break;
		}
		for (k = 0; k < N_LIMIT_OPTIONS; k++) {
			value = option_value(argv, *argc, &i, limit_options[k].name, &missing);
			if (value || missing)
				break;
		}
		if (missing)
			return cli_usage_error(command, "option '%s' needs a value", argv[i]);
		if (!value) {
			argv[kept++] = argv[i];
			continue;
		}
		if (smart_limits_parse_size(value, (size_t *)((char *)&limits +
							      limit_options[k].offset)) < 0)
			return cli_usage_error(command, "%s wants a positive size such as 8M, "
					       "not '%s'", limit_options[k].name, value);
		changed = 1;
	}
	argv[kept] = NULL;
	*argc = kept;
	if (changed && smart_limits_set(&limits, &err) < 0)
		return cli_fail(&err);
	return CLI_SAME;
}
