/* smart perturb — labelled pairs from output-level mutations of recorded
 * pages (FragGen-style operators plus benign reformatting). */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "cli_progress.h"
#include "cli_shard.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart perturb --in DIR [--operators LIST] [-n N] [--seed S]\n"
		"                     [--labels TABLE.json] [--app NAME] [--html|--xml] [--json]\n"
		"                     [--shard K/N] -o PAIRS.jsonl\n\n"
		"Mutates the recorded pages under DIR (HTML or XML, by extension or content)\n"
		"and writes each page before and after one operator as a pair record (origin\n"
		"perturb, the operator and place in note). Both sides are written by smart's\n"
		"tree writer, so only the operator differs.\n\n"
		"  --operators LIST  comma-separated operators, or 'all' (default), or\n"
		"                    'changes' / 'formatting' for either family\n"
		"  -n N              pairs to make (default 100): N slots, each given a page\n"
		"                    at random; a slot whose page gives no new pair in 64\n"
		"                    draws stays empty (fewer pairs from small pages)\n"
		"  --seed S          seed (default 1): same seed, same pairs\n"
		"  --labels FILE     JSON object overriding the label of operators,\n"
		"                    e.g. {\"attr-change\": \"ignore\"}\n"
		"  --app NAME        the records' app (default: DIR's name)\n"
		"  --html, --xml     parse every page as HTML / XML (default: by extension,\n"
		"                    else by content)\n"
		"  --json            print the summary as JSON on stdout\n"
		"  -q, --quiet       no progress line (drawn on stderr only when it is a\n"
		"                    terminal: pairs done/total, rate, ETA)\n"
		"  --shard K/N       make only shard K of N of the slots (by the page's\n"
		"                    path); -o then gets a shard output that 'smart merge'\n"
		"                    joins into this run's pairs without --shard, as plain\n"
		"                    JSON Lines (docs/shards.md)\n"
		"  -o FILE           the pairs, JSON Lines (gzip when FILE ends in .gz)\n\n"
		"operators and default labels (docs/perturb.md):\n");
	for (int i = 0; i < SMART_PERTURB_OP_COUNT; i++)
		fprintf(out, "  %-18s %s\n", smart_perturb_op_name((smart_perturb_op)i),
			smart_perturb_default_label((smart_perturb_op)i));
}

/* Parses the operator list into ops; returns the count or -1 (printed). */
static int parse_ops(char *list, smart_perturb_op *ops)
{
	int n = 0;

	for (char *save = NULL, *w = strtok_r(list, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		int all = strcmp(w, "all") == 0, changes = strcmp(w, "changes") == 0,
		    formatting = strcmp(w, "formatting") == 0;
		smart_perturb_op op;

		if (all || changes || formatting) {
			for (int i = 0; i < SMART_PERTURB_OP_COUNT; i++) {
				int f = smart_perturb_op_is_format((smart_perturb_op)i);

				if ((all || (changes && !f) || (formatting && f)) &&
				    n < SMART_PERTURB_OP_COUNT * 4)
					ops[n++] = (smart_perturb_op)i;
			}
			continue;
		}
		if (smart_perturb_op_from_name(w, &op) < 0) {
			cli_usage_error("perturb", "unknown operator '%s'", w);
			return -1;
		}
		if (n < SMART_PERTURB_OP_COUNT * 4)
			ops[n++] = op;
	}
	if (n == 0)
		cli_usage_error("perturb", "--operators names no operator");
	return n ? n : -1;
}

static int print_summary(const smart_perturb_summary *s, const char *out, int json)
{
	fprintf(stderr, "smart perturb: %u pairs written to %s (%u inspect, %u ignore) "
		"from %u pages (%u unreadable), %u attempts\n", s->pairs, out,
		s->inspect, s->ignore, s->pages, s->unreadable, s->attempts);
	if (json) {
		cJSON *o = cJSON_CreateObject(), *per = cJSON_CreateObject();

		if (!o || !per) {
			cJSON_Delete(per);
			cJSON_Delete(o);
			return cli_failf("out of memory");
		}
		cJSON_AddNumberToObject(o, "pairs", s->pairs);
		cJSON_AddNumberToObject(o, "inspect", s->inspect);
		cJSON_AddNumberToObject(o, "ignore", s->ignore);
		cJSON_AddNumberToObject(o, "pages", s->pages);
		cJSON_AddNumberToObject(o, "unreadable", s->unreadable);
		cJSON_AddNumberToObject(o, "attempts", s->attempts);
		for (int i = 0; i < SMART_PERTURB_OP_COUNT; i++)
			cJSON_AddNumberToObject(per, smart_perturb_op_name((smart_perturb_op)i),
						s->per_op[i]);
		cJSON_AddItemToObject(o, "per_operator", per);
		return cli_print_json(o);
	}
	return CLI_SAME;
}

/* --shard: the shard output -o gets, with what the shards of one run must
 * share: the operators in their order, -n, the seed, the labels file's
 * bytes, the app and the parser (the pages' names per slot are in the run's
 * fingerprint). NULL (printed) on failure. */
static smart_shard_out *perturb_shard_out(const smart_perturb_options *o, const char *labels)
{
	smart_error err = { "" };
	const char *names[SMART_PERTURB_OP_COUNT * 4];
	char ops[SMART_PERTURB_OP_COUNT * 4 * 24], *params = NULL;
	uint64_t labels_hash;

	if (cli_file_fingerprint(labels, &labels_hash, &err)) {
		cli_fail(&err);
		return NULL;
	}
	for (size_t i = 0; i < o->op_count; i++)
		names[i] = smart_perturb_op_name(o->ops[i]);
	cli_shard_join(ops, sizeof(ops), names, o->op_count);
	if (asprintf(&params, "perturb ops=%s n=%u seed=%lu labels=%016llx app=%s format=%d",
		     ops, o->pairs, o->seed, (unsigned long long)labels_hash, o->app,
		     (int)o->format) < 0)
		params = NULL;
	return cli_shard_out_take("perturb-jsonl", params);
}

static int run_perturb(int argc, char **argv)
{
	enum { O_IN = 256, O_OPS, O_SEED, O_LABELS, O_APP, O_JSON, O_HTML, O_XML, O_SHARD };
	static const struct option longs[] = {
		{ "in", required_argument, NULL, O_IN },
		{ "operators", required_argument, NULL, O_OPS },
		{ "seed", required_argument, NULL, O_SEED },
		{ "labels", required_argument, NULL, O_LABELS },
		{ "app", required_argument, NULL, O_APP },
		{ "json", no_argument, NULL, O_JSON },
		{ "html", no_argument, NULL, O_HTML },
		{ "xml", no_argument, NULL, O_XML },
		{ "shard", required_argument, NULL, O_SHARD },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	smart_perturb_op ops[SMART_PERTURB_OP_COUNT * 4];
	smart_perturb_options o = SMART_PERTURB_OPTIONS_INIT;
	smart_perturb_summary sum;
	smart_error err = { { 0 } };
	char default_ops[] = "all", app[PATH_MAX], *list = default_ops, *end, *jsonl;
	const char *out = NULL, *labels = NULL;
	unsigned long v;
	size_t len;
	cli_stop_handlers handlers;
	cli_progress progress;
	smart_shard_walk shard;
	int c, json = 0, n, rc, stopped, quiet = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":hqn:o:", longs, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'q': quiet = 1; break;
		case O_IN: o.in = optarg; break;
		case O_OPS: list = optarg; break;
		case O_LABELS: labels = optarg; break;
		case O_APP: o.app = optarg; break;
		case O_JSON: json = 1; break;
		case O_HTML: o.format = SMART_FORMAT_HTML; break;
		case O_XML: o.format = SMART_FORMAT_XML; break;
		case 'o': out = optarg; break;
		case O_SHARD:
			if (cli_shard_parse("perturb", optarg, &shard) != CLI_SAME)
				return CLI_TROUBLE;
			o.shard = &shard;
			break;
		case 'n':
		case O_SEED:
			v = strtoul(optarg, &end, 10);
			if (end == optarg || *end || (c == 'n' && (v == 0 || v > 10000000)))
				return cli_usage_error("perturb", "%s needs a %s whole number",
						       c == 'n' ? "-n" : "--seed",
						       c == 'n' ? "positive" : "");
			if (c == 'n')
				o.pairs = (unsigned)v;
			else
				o.seed = v;
			break;
		default: return cli_bad_option("perturb", c, argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("perturb", "unexpected argument '%s'", argv[optind]);
	if (!o.in || !out)
		return cli_usage_error("perturb", "--in and -o are required");
	n = parse_ops(list, ops);
	if (n < 0)
		return CLI_TROUBLE;
	o.ops = ops;
	o.op_count = (size_t)n;
	if (labels && smart_perturb_labels_load(labels, o.labels, &err) < 0)
		return cli_fail(&err);
	if (!o.app)
		o.app = smart_file_last_name(o.in, app, sizeof(app));
	if (smart_file_check_writable(out, &err) < 0) /* before the work */
		return cli_fail(&err);
	if (o.shard && !(o.shard_out = perturb_shard_out(&o, labels)))
		return CLI_TROUBLE;
	o.stop = cli_stop_signals_catch(&handlers);
	o.progress = cli_progress_start(&progress, "pairs", quiet);
	o.progress_ctx = &progress;
	rc = smart_perturb_run(&o, &jsonl, &len, &sum, &err);
	cli_progress_clear(&progress);
	stopped = cli_stop_signals_release(&handlers, "perturb");
	rc = cli_pairs_finish(rc, stopped, &err, o.shard_out, o.shard, out, jsonl, len);
	return rc != CLI_SAME ? rc : print_summary(&sum, out, json);
}

const cli_command cli_cmd_perturb = {
	"perturb", "make labelled pairs by perturbing recorded pages",
	run_perturb
};
