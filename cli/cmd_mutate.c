/* smart mutate — seeds faults into scratch copies of an application and
 * writes each output that differs from the clean run as a pair. */
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "cli_progress.h"
#include "cli_shard.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart mutate --src DIR --files GLOB[,GLOB...] [--build CMD] --run CMD\n"
		"                    --outputs SUBDIR [-n MUTANTS | --time SECONDS] [--seed N]\n"
		"                    [-j JOBS] [--app NAME] [--timeout SECONDS] [--json] -o PAIRS.jsonl\n\n"
		"Seeds one fault per mutant into one random line of the files matching GLOB\n"
		"(delete a statement, replace it with a return, swap a binary operator, negate\n"
		"a condition, change an integer constant by one), in scratch copies of DIR\n"
		"under $TMPDIR; DIR itself is only read. CMD runs through /bin/sh -c in the\n"
		"copy; --run must leave one output file per test under SUBDIR (emptied before\n"
		"each run). Every output that differs from the clean run's becomes a pair\n"
		"record labelled inspect (origin mutant). Mutants that fail to build or time\n"
		"out are counted and skipped; outputs that differ between two clean runs are\n"
		"left out.\n\n"
		"  --files GLOB,...   files to mutate (fnmatch on the relative path; a glob\n"
		"                     without '/' also matches the base name)\n"
		"  --build CMD        build command (none: nothing to build)\n"
		"  -n MUTANTS         mutants to try (default 50)\n"
		"  --time SECONDS     try mutants until this much time has passed instead\n"
		"  --seed N           seed of the mutant choice (default 1): same seed, same pairs\n"
		"  -j JOBS            mutants built and run in parallel (default 1)\n"
		"  --app NAME         the records' app (default: DIR's name)\n"
		"  --per-mutant K     at most K pairs per mutant (a seeded choice among\n"
		"                     its differing outputs; default: all)\n"
		"  --timeout SECONDS  limit per build or run (default: clean runs unlimited,\n"
		"                     mutants 10x the clean command's time, at least 10 s)\n"
		"  -o FILE            the pairs, JSON Lines (gzip when FILE ends in .gz),\n"
		"                     written when the run completes\n"
		"  --json             print the summary as JSON on stdout\n"
		"  -q, --quiet        no progress line (drawn on stderr only when it is a\n"
		"                     terminal: mutants done/total, rate, ETA)\n"
		"  --shard K/N        try only shard K of N of the mutants the run without\n"
		"                     --shard would try (same seed, same -n); -o then gets a\n"
		"                     shard output that 'smart merge' joins (docs/shards.md)\n\n"
		"Exit status: 0 done, 2 trouble, 130/143 interrupted (nothing written).\n");
}

/* Splits "a,b,c" in place into at most `max` globs. */
static size_t split_globs(char *list, const char **globs, size_t max)
{
	size_t n = 0;

	for (char *save = NULL, *g = strtok_r(list, ",", &save); g && n < max;
	     g = strtok_r(NULL, ",", &save))
		globs[n++] = g;
	return n;
}

/* Parses a positive number of seconds or a count. */
static int parse_number(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v > 0) || v > 1e9)
		return -1;
	*out = v;
	return 0;
}

/* The progress line (cli_progress.h) after each mutant, with what the
 * mutants did so far. */
static void draw_progress(const smart_mutate_summary *s, unsigned total, void *ctx)
{
	cli_progress *p = ctx;

	snprintf(p->note, sizeof(p->note), "built %u killed %u pairs %u", s->built, s->killed,
		 s->pairs);
	cli_progress_report(p, s->tried, total);
}

static int print_summary(const smart_mutate_summary *s, const char *out, int json)
{
	fprintf(stderr, "smart mutate: %u mutants tried, %u built, %u failed to build, "
		"%u timed out, %u killed, %u pairs written to %s "
		"(%u outputs compared, %u unstable, %u missing)\n",
		s->tried, s->built, s->build_failed, s->timed_out, s->killed, s->pairs,
		out, s->outputs, s->unstable, s->missing);
	if (json) {
		cJSON *o = cJSON_CreateObject(), *ops;

		if (!o)
			return cli_failf("out of memory");
		cJSON_AddNumberToObject(o, "candidates", s->candidates);
		cJSON_AddNumberToObject(o, "tried", s->tried);
		cJSON_AddNumberToObject(o, "built", s->built);
		cJSON_AddNumberToObject(o, "build_failed", s->build_failed);
		cJSON_AddNumberToObject(o, "timed_out", s->timed_out);
		cJSON_AddNumberToObject(o, "killed", s->killed);
		cJSON_AddNumberToObject(o, "pairs", s->pairs);
		cJSON_AddNumberToObject(o, "outputs", s->outputs);
		cJSON_AddNumberToObject(o, "unstable", s->unstable);
		cJSON_AddNumberToObject(o, "missing", s->missing);
		ops = cJSON_AddObjectToObject(o, "operators");
		for (int k = 0; ops && k < SMART_MUTATE_OP_COUNT; k++) {
			cJSON *op = cJSON_AddObjectToObject(ops, smart_mutate_op_name((smart_mutate_op)k));

			if (op) {
				cJSON_AddNumberToObject(op, "tried", s->op_tried[k]);
				cJSON_AddNumberToObject(op, "killed", s->op_killed[k]);
			}
		}
		cJSON_AddNumberToObject(o, "clean_build_seconds", s->clean_build_seconds);
		cJSON_AddNumberToObject(o, "clean_run_seconds", s->clean_run_seconds);
		cJSON_AddNumberToObject(o, "elapsed_seconds", s->elapsed_seconds);
		return cli_print_json(o);
	}
	return CLI_SAME;
}

/* --shard: the shard output that -o gets, with what the shards of one run
 * share: the sources' files and commands, the mutant count and seed, the
 * per-mutant limit and the records' app. NULL (printed) on failure. */
static smart_shard_out *mutate_shard_out(const smart_mutate_options *o)
{
	char *params = NULL, files[1024];
	uint64_t commands[2] = { smart_shard_hash(o->build ? o->build : "", o->build ? strlen(o->build) : 0),
				 smart_shard_hash(o->run, strlen(o->run)) };

	cli_shard_join(files, sizeof(files), o->globs, o->glob_count);
	if (asprintf(&params, "mutate files=%s outputs=%s n=%u seed=%lu per_mutant=%u app=%s "
		     "commands=%016llx", files, o->outputs, o->mutants, o->seed,
		     o->per_mutant, o->app,
		     (unsigned long long)smart_shard_hash(commands, sizeof(commands))) < 0)
		params = NULL;
	return cli_shard_out_take("mutate-jsonl", params);
}

static int run_mutate(int argc, char **argv)
{
	enum { O_SRC = 256, O_FILES, O_BUILD, O_RUN, O_OUTPUTS, O_TIME, O_SEED,
	       O_APP, O_TIMEOUT, O_JSON, O_PER_MUTANT, O_SHARD };
	static const struct option longs[] = {
		{ "src", required_argument, NULL, O_SRC },
		{ "files", required_argument, NULL, O_FILES },
		{ "build", required_argument, NULL, O_BUILD },
		{ "run", required_argument, NULL, O_RUN },
		{ "outputs", required_argument, NULL, O_OUTPUTS },
		{ "time", required_argument, NULL, O_TIME },
		{ "seed", required_argument, NULL, O_SEED },
		{ "app", required_argument, NULL, O_APP },
		{ "timeout", required_argument, NULL, O_TIMEOUT },
		{ "json", no_argument, NULL, O_JSON },
		{ "per-mutant", required_argument, NULL, O_PER_MUTANT },
		{ "shard", required_argument, NULL, O_SHARD },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	smart_mutate_options o = SMART_MUTATE_OPTIONS_INIT;
	smart_mutate_summary sum;
	smart_error err = { { 0 } };
	const char *globs[64], *out = NULL;
	char *files = NULL, *jsonl = NULL, *end, app[PATH_MAX];
	cli_stop_handlers handlers;
	smart_shard_walk shard;
	size_t len;
	double v;
	cli_progress progress;
	int c, json = 0, have_n = 0, rc, stopped, quiet = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":hqn:j:o:", longs, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'q': quiet = 1; break;
		case O_SRC: o.src = optarg; break;
		case O_FILES: files = optarg; break;
		case O_BUILD: o.build = optarg; break;
		case O_RUN: o.run = optarg; break;
		case O_OUTPUTS: o.outputs = optarg; break;
		case O_APP: o.app = optarg; break;
		case O_JSON: json = 1; break;
		case 'o': out = optarg; break;
		case 'n':
		case 'j':
		case O_PER_MUTANT:
			if (parse_number(optarg, &v) < 0 || v != (unsigned)v)
				return cli_usage_error("mutate", "%s needs a positive whole number",
						       c == 'n' ? "-n" : c == 'j' ? "-j" : "--per-mutant");
			if (c == 'n') {
				o.mutants = (unsigned)v;
				have_n = 1;
			} else if (c == 'j') {
				o.jobs = (unsigned)v;
			} else {
				o.per_mutant = (unsigned)v;
			}
			break;
		case O_TIME:
		case O_TIMEOUT:
			if (parse_number(optarg, &v) < 0)
				return cli_usage_error("mutate", "--%s needs a positive number of seconds",
						       c == O_TIME ? "time" : "timeout");
			*(c == O_TIME ? &o.seconds : &o.timeout) = v;
			break;
		case O_SHARD:
			if (cli_shard_parse("mutate", optarg, &shard) != CLI_SAME)
				return CLI_TROUBLE;
			o.shard = &shard;
			break;
		case O_SEED:
			o.seed = strtoul(optarg, &end, 10);
			if (end == optarg || *end)
				return cli_usage_error("mutate", "--seed needs a whole number");
			break;
		default: return cli_bad_option("mutate", c, argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("mutate", "unexpected argument '%s'", argv[optind]);
	if (!o.src || !files || !o.run || !o.outputs || !out)
		return cli_usage_error("mutate", "--src, --files, --run, --outputs and -o are required");
	if (have_n && o.seconds > 0)
		return cli_usage_error("mutate", "give -n or --time, not both");
	if (o.seconds > 0 && o.shard)
		return cli_usage_error("mutate", "--shard needs -n, not --time (a time budget "
				       "tries other mutants on each run)");
	if (o.seconds > 0)
		o.mutants = 0;
	o.globs = globs;
	o.glob_count = split_globs(files, globs, sizeof(globs) / sizeof(globs[0]));
	if (o.glob_count == 0)
		return cli_usage_error("mutate", "--files needs at least one glob");
	if (!o.app)
		o.app = smart_file_last_name(o.src, app, sizeof(app));
	if (smart_file_check_writable(out, &err) < 0) /* before a long run */
		return cli_fail(&err);
	if (o.shard && !(o.shard_out = mutate_shard_out(&o)))
		return CLI_TROUBLE;
	o.stop = cli_stop_signals_catch(&handlers);
	o.progress = cli_progress_start(&progress, "mutants", quiet) ? draw_progress : NULL;
	o.progress_ctx = &progress;
	rc = smart_mutate_run(&o, &jsonl, &len, &sum, &err);
	cli_progress_clear(&progress);
	stopped = cli_stop_signals_release(&handlers, "mutate");
	rc = cli_pairs_finish(rc, stopped, &err, o.shard_out, o.shard, out, jsonl, len);
	return rc != CLI_SAME ? rc : print_summary(&sum, out, json);
}

const cli_command cli_cmd_mutate = {
	"mutate", "seed faults into an application and collect differing outputs as pairs",
	run_mutate
};
