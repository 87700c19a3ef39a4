/* smart version — prints the tool's version. */
#include <stdio.h>

#include "cli.h"

static int run_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("smart %s\n", SMART_VERSION);
	return CLI_SAME;
}

const cli_command cli_cmd_version = { "version", "print the version", run_version };
