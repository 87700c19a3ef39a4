/* smart version — prints the tool's version. */
#include <getopt.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out, "usage: smart version [--json]\n\n"
		     "Prints smart's version (--json: {\"version\":\"...\"}).\n\n"
		     "  --json   machine-readable output\n"
		     "  -h       this help\n");
}

static int run_version(int argc, char **argv)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, json = 0;
	cJSON *o;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (c) {
		case 'j': json = 1; break;
		case 'h': usage(stdout); return CLI_SAME;
		default: return cli_bad_option("version", c, argv);
		}
	}
	if (optind != argc)
		return cli_usage_error("version", "takes no operands");
	if (!json) {
		printf("smart %s\n", SMART_VERSION);
		return CLI_SAME;
	}
	o = cJSON_CreateObject();
	if (o && !cJSON_AddStringToObject(o, "version", SMART_VERSION)) {
		cJSON_Delete(o);
		o = NULL;
	}
	return cli_print_json(o);
}

const cli_command cli_cmd_version = { "version", "print the version", run_version };
