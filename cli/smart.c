/* smart — the command-line front end: finds the subcommand and runs it. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "cli.h"

int cli_fail(const smart_error *err)
{
	fprintf(stderr, "smart: %s\n", err->message[0] ? err->message : "unknown error");
	return CLI_TROUBLE;
}

int cli_failf(const char *fmt, ...)
{
	va_list ap;

	fputs("smart: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CLI_TROUBLE;
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "smart %s: ", command);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try 'smart %s -h')\n", command);
	return CLI_TROUBLE;
}

int cli_bad_option(const char *command, int c, char **argv)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";

	if (c == ':')
		return cli_usage_error(command, "option '%s' needs a value", arg);
	if (strncmp(arg, "--", 2) != 0 && optopt > ' ' && optopt < 127)
		return cli_usage_error(command, "unknown option '-%c'", optopt);
	return cli_usage_error(command, "unknown option '%s'", arg);
}

int cli_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int cli_print_json(cJSON *json)
{
	char *text = json ? cJSON_PrintUnformatted(json) : NULL;
	int ok;

	cJSON_Delete(json);
	if (!text)
		return cli_failf("out of memory");
	ok = printf("%s\n", text) >= 0;
	free(text);
	return ok ? CLI_SAME : cli_failf("cannot write to standard output");
}

static void print_usage(FILE *out)
{
	fprintf(out, "usage: smart COMMAND [OPTIONS] ...\n\n"
		     "smart decides which regression-test outputs a human must look at.\n\n"
		     "commands:\n");
	for (const cli_command *const *c = cli_command_table; *c; c++)
		fprintf(out, "  %-10s %s\n", (*c)->name, (*c)->summary);
	fprintf(out, "\nEach command takes -h for its own usage. Exit status: 0 same / "
		     "ignore, 1 different / inspect, 2 trouble.\n"
		     "\nEvery command that reads documents takes the resource limits\n"
		     "  --max-input SIZE       bytes of one document (default 64M)\n"
		     "  --max-nodes N          tags of one document (default 4000000)\n"
		     "  --max-attributes N     attributes of one element (default 10000)\n"
		     "  --max-text SIZE        bytes of one run of text (default 64M)\n"
		     "A document over a limit is trouble (exit 2), found before it is parsed.\n"
		     "\nand the HTML parser (XML is always read by libxml2)\n"
		     "  --html-parser NAME     html5 (HTML5 tree construction, as browsers build\n"
		     "                         trees; the default) or libxml2 (docs/html5.md)\n");
}

/* A command's status, made 2 when what it wrote on standard output did not
 * all get there (a full disk, a closed pipe): a CI job must not take a cut
 * report for a whole one. A command that already failed said why. */
static int stdout_checked(int status)
{
	int flushed = fflush(stdout) == 0;
	int saved = errno;

	if ((flushed && !ferror(stdout)) || status == CLI_TROUBLE)
		return status;
	return cli_failf("standard output: %s", flushed ? "write error" : strerror(saved));
}

int main(int argc, char **argv)
{
	opterr = 0; /* the commands report a bad option themselves (cli_bad_option) */
	if (argc < 2) {
		print_usage(stderr);
		return CLI_TROUBLE;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		print_usage(stdout);
		return stdout_checked(CLI_SAME);
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("smart %s\n", SMART_VERSION);
		return stdout_checked(CLI_SAME);
	}
	for (const cli_command *const *c = cli_command_table; *c; c++) {
		int command_argc = argc - 1;

		if (strcmp(argv[1], (*c)->name) != 0)
			continue;
		if (cli_take_limit_options((*c)->name, &command_argc, argv + 1) != CLI_SAME ||
		    cli_take_html_parser_option((*c)->name, &command_argc, argv + 1) != CLI_SAME)
			return CLI_TROUBLE;
		return stdout_checked((*c)->run(command_argc, argv + 1));
	}
	fprintf(stderr, "smart: unknown command '%s' (try 'smart -h')\n", argv[1]);
	return CLI_TROUBLE;
}
