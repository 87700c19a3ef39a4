/* smart replay — replays recorded user sessions against a web application. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "cli_progress.h"
#include "cli_shard.h"

/* The usage text (-h). */
static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart replay SESSIONS... --base-url URL -o OUT_DIR [--reset CMD]\n"
		"                    [--with-state | --without-state] [--delay MS] [--timeout SECONDS]\n"
		"                    [--allow-host HOST]... [--tokens FILE] [--token-pattern GLOB]...\n"
		"                    [--keep-static] [--json] [--quiet]\n"
		"       smart replay --list [--json] [--keep-static] SESSIONS...\n\n"
		"Replays each recorded session (HAR file, combined access log, or smart's JSON\n"
		"session format) against URL, in order, each with its own cookie jar, and writes\n"
		"every response to OUT_DIR/<session>/<NN>_<METHOD>_<slug>.<html|xml|txt> and a\n"
		"manifest.json per session (compare two with 'smart compare -c Flist').\n"
		"docs/replay.md describes the formats.\n\n"
		"  -b, --base-url URL     where the application runs; each request's path is\n"
		"                         appended to it\n"
		"  -o, --output DIR       the output folder (created when missing)\n"
		"  -r, --reset CMD        restores the application's state (sh -c CMD)\n"
		"      --with-state       run --reset before each session (the default)\n"
		"      --without-state    run --reset once, before the first session\n"
		"  -d, --delay MS         pause between two requests (default 0)\n"
		"  -t, --timeout SECONDS  per request and redirect (default 30)\n"
		"  -a, --allow-host HOST  may be contacted besides loopback (repeatable)\n"
		"      --tokens FILE      token rule {\"patterns\": [globs]} instead of the default\n"
		"      --token-pattern G  one more field-name glob for anti-forgery tokens\n"
		"      --no-tokens        send token fields as recorded\n"
		"      --keep-static      also replay images, style sheets, scripts, fonts\n"
		"  -l, --list             only read the sessions and list them (with --json: in\n"
		"                         smart's JSON session format, to edit by hand)\n"
		"      --json             print the summary as JSON\n"
		"  -q, --quiet            no progress line (drawn on stderr only when it is\n"
		"                         a terminal: requests done/total, rate, ETA)\n"
		"      --shard K/N        replay only shard K of N of the sessions (by name;\n"
		"                         with --with-state); the shards' OUT_DIRs together\n"
		"                         are the unsharded run's (docs/shards.md)\n"
		"      --html, --xml      accepted like every command's; responses are named by\n"
		"                         their content type\n"
		"  -h, --help             this help\n\n"
		"Only loopback hosts and those given with --allow-host are contacted. A request\n"
		"that fails is recorded in the manifest; the run goes on.\n"
		"Exit status: 0 replayed (failed requests are in the manifests), 2 trouble.\n");
}

/* Parses a non-negative number no larger than `max`. */
static int parse_uint(const char *s, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (!*s || *end || s[0] == '-' || v > max)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* Prints what a run did: one line, or a JSON object with --json. */
static int print_summary(const smart_replay_summary *s, const char *out_dir, int json)
{
	if (!json) {
		printf("replayed %zu session%s, %zu request%s (%zu failed, %zu token%s refreshed, "
		       "%zu reset%s) into %s\n",
		       s->sessions, s->sessions == 1 ? "" : "s", s->requests,
		       s->requests == 1 ? "" : "s", s->failed, s->tokens, s->tokens == 1 ? "" : "s",
		       s->resets, s->resets == 1 ? "" : "s", out_dir);
		return CLI_SAME;
	}
	cJSON *o = cJSON_CreateObject();
	int ok = o && cJSON_AddNumberToObject(o, "sessions", (double)s->sessions) &&
		 cJSON_AddNumberToObject(o, "requests", (double)s->requests) &&
		 cJSON_AddNumberToObject(o, "failed", (double)s->failed) &&
		 cJSON_AddNumberToObject(o, "tokens_refreshed", (double)s->tokens) &&
		 cJSON_AddNumberToObject(o, "resets", (double)s->resets) &&
		 cJSON_AddStringToObject(o, "output", out_dir);

	if (!ok) {
		cJSON_Delete(o);
		o = NULL;
	}
	return cli_print_json(o);
}

/* --list: reads the session files and prints them, contacting nothing. */
static int list_sessions(int n, char **files, const smart_replay_load_options *lo, int json)
{
	smart_error err = { { 0 } };
	smart_replay_set *set = smart_replay_set_new(&err);
	char *text = NULL;
	int status = CLI_TROUBLE;

	for (int i = 0; set && i < n; i++)
		if (smart_replay_load(set, files[i], lo, &err) < 0)
			goto out;
	if (!set)
		goto out;
	if (json) {
		if (smart_replay_set_to_json(set, &text, &err) < 0)
			goto out;
		printf("%s\n", text);
	} else {
		for (size_t s = 0; s < set->count; s++) {
			const smart_replay_session *ss = &set->sessions[s];

			printf("%s: %zu request%s, %zu skipped (%s)\n", ss->name, ss->count,
			       ss->count == 1 ? "" : "s", ss->skipped, ss->source);
			for (size_t r = 0; r < ss->count; r++)
				printf("  %s %s%s\n", ss->requests[r].method, ss->requests[r].target,
				       ss->requests[r].body ? " (with body)" : "");
		}
	}
	status = CLI_SAME;
out:
	if (status == CLI_TROUBLE)
		cli_fail(&err);
	free(text);
	smart_replay_set_free(set);
	return status;
}

/* Parses the options, reads every session file (all before contacting
 * anything, so a bad file fails the run early), and replays. */
static int run_replay(int argc, char **argv)
{
	enum { O_WITH = 1000, O_WITHOUT, O_TOKENS, O_PATTERN, O_NO_TOKENS, O_STATIC, O_SHARD };
	int list = 0;
	static const struct option opts[] = {
		{ "base-url", required_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "reset", required_argument, NULL, 'r' },
		{ "with-state", no_argument, NULL, O_WITH },
		{ "without-state", no_argument, NULL, O_WITHOUT },
		{ "delay", required_argument, NULL, 'd' },
		{ "timeout", required_argument, NULL, 't' },
		{ "allow-host", required_argument, NULL, 'a' },
		{ "tokens", required_argument, NULL, O_TOKENS },
		{ "token-pattern", required_argument, NULL, O_PATTERN },
		{ "no-tokens", no_argument, NULL, O_NO_TOKENS },
		{ "keep-static", no_argument, NULL, O_STATIC },
		{ "shard", required_argument, NULL, O_SHARD },
		{ "list", no_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	smart_replay_options o = SMART_REPLAY_OPTIONS_INIT;
	smart_replay_load_options lo = SMART_REPLAY_LOAD_OPTIONS_INIT;
	smart_replay_summary sum;
	smart_shard_walk shard;
	smart_replay_set *set = NULL;
	smart_replay_tokens *tokens = NULL;
	const char **allow = NULL, *tokens_file = NULL, **patterns = NULL;
	size_t npatterns = 0;
	int opt, json = 0, with = 0, without = 0, no_tokens = 0, quiet = 0, rc;
	int status = CLI_TROUBLE;
	cli_progress progress;
	smart_error err = { { 0 } };

	allow = calloc((size_t)argc + 1, sizeof(*allow));
	patterns = calloc((size_t)argc + 1, sizeof(*patterns));
	if (!allow || !patterns) {
		free(allow);
		free(patterns);
		return cli_failf("out of memory");
	}
	optind = 1;
	while ((opt = getopt_long(argc, argv, ":b:o:r:d:t:a:lhq", opts, NULL)) != -1) {
		switch (opt) {
		case 'b': o.base_url = optarg; break;
		case 'o': o.out_dir = optarg; break;
		case 'r': o.reset_cmd = optarg; break;
		case O_WITH: with = 1; break;
		case O_WITHOUT: without = 1; break;
		case 'd':
			if (parse_uint(optarg, 3600000, &o.delay_ms) < 0) {
				status = cli_usage_error("replay", "--delay needs milliseconds (0-3600000)");
				goto out;
			}
			break;
		case 't':
			if (parse_uint(optarg, 86400, &o.timeout_s) < 0 || o.timeout_s == 0) {
				status = cli_usage_error("replay", "--timeout needs seconds (1-86400)");
				goto out;
			}
			break;
		case 'a': allow[o.allow_count++] = optarg; break;
		case O_TOKENS: tokens_file = optarg; break;
		case O_PATTERN: patterns[npatterns++] = optarg; break;
		case O_NO_TOKENS: no_tokens = 1; break;
		case O_STATIC: lo.keep_static = 1; break;
		case O_SHARD:
			if (cli_shard_parse("replay", optarg, &shard) != CLI_SAME)
				goto out;
			o.shard = &shard;
			break;
		case 'j': json = 1; break;
		case 'l': list = 1; break;
		case 'q': quiet = 1; break;
		case 'H': case 'X': break; /* responses are named by their content type */
		case 'h': usage(stdout); status = CLI_SAME; goto out;
		default: status = cli_bad_option("replay", opt, argv); goto out;
		}
	}
	if (optind == argc) {
		status = cli_usage_error("replay", "needs at least one session file");
		goto out;
	}
	if (list) {
		status = list_sessions(argc - optind, argv + optind, &lo, json);
		goto out;
	}
	if (!o.base_url || !o.out_dir) {
		status = cli_usage_error("replay", "--base-url URL and -o OUT_DIR are required");
		goto out;
	}
	if (with && without) {
		status = cli_usage_error("replay", "--with-state and --without-state exclude each other");
		goto out;
	}
	o.without_state = without;
	o.allow_hosts = allow;
	if (!no_tokens) {
		tokens = smart_replay_tokens_new(&err);
		if (!tokens || (tokens_file && smart_replay_tokens_load(tokens, tokens_file, &err) < 0))
			goto fail;
		for (size_t i = 0; i < npatterns; i++)
			if (smart_replay_tokens_add(tokens, patterns[i], &err) < 0)
				goto fail;
		o.tokens = tokens;
	}
	set = smart_replay_set_new(&err);
	if (!set)
		goto fail;
	for (int i = optind; i < argc; i++)
		if (smart_replay_load(set, argv[i], &lo, &err) < 0)
			goto fail;
	if (set->count == 0) {
		status = cli_failf("no requests to replay in the session files (all skipped?)");
		goto out;
	}
	o.progress = cli_progress_start(&progress, "requests", quiet);
	o.progress_ctx = &progress;
	rc = smart_replay_run(set, &o, &sum, &err);
	cli_progress_clear(&progress);
	if (rc < 0)
		goto fail;
	status = print_summary(&sum, o.out_dir, json);
	goto out;
fail:
	status = cli_fail(&err);
out:
	smart_replay_set_free(set);
	smart_replay_tokens_free(tokens);
	free(allow);
	free(patterns);
	return status;
}

const cli_command cli_cmd_replay = { "replay", "replay recorded user sessions against a web application",
				     run_replay };
