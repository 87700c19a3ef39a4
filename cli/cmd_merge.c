/* smart merge — the shard outputs of one run into the output of the
 * unsharded run (docs/shards.md). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart merge [-o FILE] SHARD-OUTPUT...\n\n"
		"Merges the outputs of the N shards of one run (each written with\n"
		"--shard K/N) into exactly what the run without --shard writes, in input\n"
		"order: classify's JSON Lines (--json) and JUnit XML (--junit), and the\n"
		"other sharded commands' outputs. Refuses, with one line, a missing or\n"
		"repeated shard, a shard of another run, and a truncated shard file;\n"
		"then nothing is written.\n"
		"Exit status: 0 merged, 2 trouble.\n\n"
		"  -o, --output FILE  write the merged output here, atomically\n"
		"                     (default: standard output)\n");
}

static int run_merge(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *output = NULL;
	smart_error err = { "" };
	char *text = NULL;
	size_t len;
	int c, rc = CLI_SAME;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'o': output = optarg; break;
		default: return cli_bad_option("merge", c, argv);
		}
	}
	if (optind == argc)
		return cli_usage_error("merge", "needs the shard outputs to merge");
	if (output && smart_file_check_writable(output, &err) < 0)
		return cli_fail(&err);
	if (smart_shard_merge((const char *const *)argv + optind, (size_t)(argc - optind), &text,
			      &len, &err))
		return cli_fail(&err);
	if (output && smart_file_write_atomic(output, text, len, &err))
		rc = cli_fail(&err);
	else if (!output && fwrite(text, 1, len, stdout) != len)
		rc = cli_failf("standard output: write error");
	free(text);
	return rc;
}

const cli_command cli_cmd_merge = { "merge", "the shard outputs of one run into the unsharded output",
				    run_merge };
