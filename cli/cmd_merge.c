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
		"Exit status: as the unsharded run's. For classify's shards: 0 when no\n"
		"pair needs a look, 1 when some pair is 'inspect', 2 when a pair could\n"
		"not be classified (the merged output is written all the same) or the\n"
		"shards are refused; for the others: 0 merged, 2 refused.\n\n"
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
	int c, rc = CLI_SAME, status = 0;

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
	if (smart_shard_merge_status((const char *const *)argv + optind, (size_t)(argc - optind),
				     &text, &len, &status, &err))
		return cli_fail(&err);
	/* an HTML report's changes view needs all of its rows */
	if (smart_html_report_fill_changes(&text, &len, &err)) {
		free(text);
		return cli_fail(&err);
	}
	if (output && smart_file_write_atomic(output, text, len, &err))
		rc = cli_fail(&err);
	else if (!output && fwrite(text, 1, len, stdout) != len)
		rc = cli_failf("standard output: write error");
	free(text);
	if (rc == CLI_SAME && status == CLI_TROUBLE)
		return cli_failf("merged, but a shard of the run exited 2: some pair could not be "
				 "classified (or --strict skipped a file)");
	return rc == CLI_SAME ? status : rc;
}

const cli_command cli_cmd_merge = { "merge", "the shard outputs of one run into the unsharded output",
				    run_merge };
