/*
 * The --html-parser option every command takes (include/smart/html_parser.h).
 * Like the resource limits (cli_limits.c) it configures the process once,
 * before the command runs, so the front end takes it out of the argument
 * list here and each command's own option parser never sees it.
 */
#include <string.h>

#include "cli.h"

int cli_take_html_parser_option(const char *command, int *argc, char **argv)
{
	static const char option[] = "--html-parser";
	const size_t n = sizeof(option) - 1;
	smart_html_parser parser = smart_html_parser_get();
	smart_error err = { { 0 } };
	int kept = 1;

	for (int i = 1; i < *argc; i++) {
		const char *value;

		if (strcmp(argv[i], "--") == 0) {
			while (i < *argc)
				argv[kept++] = argv[i++];
			break;
		}
		if (strncmp(argv[i], option, n) != 0 || (argv[i][n] != '=' && argv[i][n] != '\0')) {
			argv[kept++] = argv[i];
			continue;
		}
		if (argv[i][n] == '=')
			value = argv[i] + n + 1;
		else if (i + 1 < *argc)
			value = argv[++i];
		else
			return cli_usage_error(command, "option '%s' needs a value", option);
		if (smart_html_parser_parse(value, &parser, &err) < 0)
			return cli_usage_error(command, "%s", err.message);
	}
	argv[kept] = NULL;
	*argc = kept;
	smart_html_parser_set(parser);
	return CLI_SAME;
}
