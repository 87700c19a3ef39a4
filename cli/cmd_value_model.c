/* smart value-model — trains the learned scrubber's value model from corpora. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "smart/value_model.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart value-model [-o MODEL.json] [--c-source FILE.c] [--by-app]\n"
		"                         [--threads N] [--skip-bad] [--json] CORPUS.jsonl...\n\n"
		"Trains the value model of the learned scrubber (docs/features.md) from\n"
		"labelled corpora: each changed value it would judge (hidden, one token;\n"
		"the pages as printed) is volatile when it comes from an ignore pair,\n"
		"meaningful when it comes from an inspect pair at a place where that\n"
		"application's ignore pairs never change a value. Prints how many of\n"
		"each it read.\n\n"
		"  -o FILE          write the model as JSON\n"
		"  --c-source FILE  write it as the C source the library compiles in\n"
		"  --by-app         leave-one-application-out: for each application, a\n"
		"                   model fitted on the others judges its values\n"
		"  --threads N      measuring threads (default: all cores)\n"
		"  --json           the counts, the cutoff and the table as one JSON object\n"
		"  --skip-bad       train without unusable records (default: an error)\n"
		"  -h               this help\n");
}

/* The leave-one-application-out table: volatile values caught and
 * meaningful ones wrongly called volatile, per application. */
static int print_by_app(const smart_value_rows *rows, const unsigned char *labels,
			cJSON *json)
{
	smart_value_confusion all = { 0 };
	cJSON *table = json ? cJSON_AddArrayToObject(json, "by_app") : NULL;

	if (!json)
		printf("%-16s %9s %8s %10s %8s\n", "held out", "volatile", "caught", "meaningful",
	       "missed");
	for (size_t a = 0; a < rows->n_apps; a++) {
		smart_value_model m;
		smart_value_confusion c;
		smart_error err;

		if (smart_value_model_fit(rows, labels, (long)a, &m, &err))
			return cli_fail(&err);
		smart_value_model_judge(&m, rows, labels, a, &c);
		if (table) {
			cJSON *row = cJSON_CreateObject();

			cJSON_AddItemToArray(table, row);
			cJSON_AddStringToObject(row, "app", rows->apps[a]);
			cJSON_AddNumberToObject(row, "volatile", (double)c.volatile_rows);
			cJSON_AddNumberToObject(row, "volatile_caught", (double)c.volatile_caught);
			cJSON_AddNumberToObject(row, "meaningful", (double)c.meaningful_rows);
			cJSON_AddNumberToObject(row, "meaningful_missed", (double)c.meaningful_missed);
		} else {
			printf("%-16s %9zu %7.1f%% %10zu %7.2f%%\n", rows->apps[a], c.volatile_rows,
		       c.volatile_rows ? 100.0 * (double)c.volatile_caught / (double)c.volatile_rows
				       : 0.0,
		       c.meaningful_rows,
		       c.meaningful_rows
			       ? 100.0 * (double)c.meaningful_missed / (double)c.meaningful_rows
			       : 0.0);
		}
		all.volatile_rows += c.volatile_rows;
		all.volatile_caught += c.volatile_caught;
		all.meaningful_rows += c.meaningful_rows;
		all.meaningful_missed += c.meaningful_missed;
	}
	if (json)
		return CLI_SAME;
	printf("%-16s %9zu %7.1f%% %10zu %7.2f%%\n", "pooled", all.volatile_rows,
	       all.volatile_rows ? 100.0 * (double)all.volatile_caught / (double)all.volatile_rows
				 : 0.0,
	       all.meaningful_rows,
	       all.meaningful_rows
		       ? 100.0 * (double)all.meaningful_missed / (double)all.meaningful_rows
		       : 0.0);
	return CLI_SAME;
}

/* Fits on every row and writes what was asked. */
static int fit_and_write(const smart_value_rows *rows, const unsigned char *labels,
			 const char *json_out, const char *c_out, cJSON *json)
{
	size_t counts[3] = { 0 };
	smart_value_model m;
	smart_error err;

	for (size_t i = 0; i < rows->n; i++)
		counts[labels[i]]++;
	if (json) {
		cJSON_AddNumberToObject(json, "pairs", (double)rows->pairs);
		cJSON_AddNumberToObject(json, "values", (double)rows->n);
		cJSON_AddNumberToObject(json, "volatile", (double)counts[SMART_VALUE_VOLATILE]);
		cJSON_AddNumberToObject(json, "meaningful", (double)counts[SMART_VALUE_MEANINGFUL]);
		cJSON_AddNumberToObject(json, "left_out", (double)counts[SMART_VALUE_UNLABELLED]);
	} else {
		printf("%zu pairs, %zu changed values it judges: %zu volatile, %zu meaningful, "
	       "%zu left out (a fault's change where reruns change too)\n",
	       rows->pairs, rows->n, counts[SMART_VALUE_VOLATILE], counts[SMART_VALUE_MEANINGFUL],
	       counts[SMART_VALUE_UNLABELLED]);
	}
	if (smart_value_model_fit(rows, labels, -1, &m, &err))
		return cli_fail(&err);
	if (json)
		cJSON_AddNumberToObject(json, "cutoff", m.cutoff);
	else
		printf("cutoff %.6g (volatile below)\n", m.cutoff);
	if (json_out && smart_value_model_write_json(&m, counts[SMART_VALUE_VOLATILE],
						     counts[SMART_VALUE_MEANINGFUL], json_out, &err))
		return cli_fail(&err);
	if (c_out && smart_value_model_write_c(&m, c_out, &err))
		return cli_fail(&err);
	return CLI_SAME;
}

static int run_value_model(int argc, char **argv)
{
	static const struct option options[] = {
		{ "c-source", required_argument, NULL, 'c' },
		{ "by-app", no_argument, NULL, 'b' },
		{ "threads", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "skip-bad", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	smart_value_rows_options o = SMART_VALUE_ROWS_OPTIONS_INIT;
	smart_value_rows rows = { 0 };
	const char *json_out = NULL, *c_out = NULL;
	unsigned char *labels;
	int c, by_app = 0, as_json = 0, rc;
	cJSON *json = NULL;
	smart_error err;
	char *end;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:", options, NULL)) != -1) {
		switch (c) {
		case 'o': json_out = optarg; break;
		case 'c': c_out = optarg; break;
		case 'b': by_app = 1; break;
		case 'j': as_json = 1; break;
		case 's': o.skip_bad = 1; break;
		case 't':
			o.threads = (unsigned)strtoul(optarg, &end, 10);
			if (*end || !*optarg)
				return cli_usage_error("value-model", "--threads: '%s' is not a number",
						       optarg);
			break;
		case 'h': usage(stdout); return CLI_SAME;
		default: return cli_bad_option("value-model", c, argv);
		}
	}
	if (optind == argc)
		return cli_usage_error("value-model", "needs at least one corpus");
	if (smart_value_rows_extract(&rows, (const char *const *)argv + optind,
				     (size_t)(argc - optind), &o, NULL, &err)) {
		smart_value_rows_free(&rows);
		return cli_fail(&err);
	}
	if (!(labels = malloc(rows.n ? rows.n : 1))) {
		smart_value_rows_free(&rows);
		return cli_failf("out of memory");
	}
	smart_value_rows_label(&rows, labels);
	if (as_json && !(json = cJSON_CreateObject()))
		rc = cli_failf("out of memory");
	else
		rc = fit_and_write(&rows, labels, json_out, c_out, json);
	if (rc == CLI_SAME && by_app)
		rc = print_by_app(&rows, labels, json);
	free(labels);
	smart_value_rows_free(&rows);
	if (rc == CLI_SAME && json)
		return cli_print_json(json);
	cJSON_Delete(json);
	return rc;
}

const cli_command cli_cmd_value_model = { "value-model",
					  "train the learned scrubber's value model from corpora",
					  run_value_model };
