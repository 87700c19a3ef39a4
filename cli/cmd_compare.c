/* smart compare — runs one of the papers' oracle comparators on a pair. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart compare --comparator NAME [--config FILE] [--json] [--html|--xml] OLD NEW\n"
		"       smart compare --list [--json]\n"
		"       smart compare --defaults\n\n"
		"Runs one of the oracle comparators smart is measured against (Sprenkle et al.\n"
		"2005 and 2007, Crawljax, FragGen) on OLD and NEW: pass or fail, and the\n"
		"differences it found. docs/comparators.md defines each one.\n\n"
		"  -c, --comparator NAME  the comparator (name or paper abbreviation, e.g. N+I)\n"
		"  -C, --config FILE      JSON configuration (Crawljax regex/XPath/attributes, …)\n"
		"  -l, --list             list the comparators with their descriptions\n"
		"      --defaults         print the default configuration (JSON)\n"
		"      --json             machine-readable output\n"
		"      --html, --xml      force the parser (default: sniff)\n"
		"  -h, --help             this help\n\n"
		"Exit status: 0 pass, 1 fail, 2 trouble.\n");
}

static int list(int json)
{
	size_t n;
	const smart_comparator *c = smart_comparators(&n);

	if (!json) {
		for (size_t i = 0; i < n; i++)
			printf("%-38s %-8s %s [%s]\n", c[i].name, c[i].abbrev ? c[i].abbrev : "-",
			       c[i].description, c[i].paper);
		return CLI_SAME;
	}
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; arr && i < n; i++) {
		cJSON *o = cJSON_CreateObject();

		if (!o || !cJSON_AddStringToObject(o, "name", c[i].name) ||
		    !(c[i].abbrev ? cJSON_AddStringToObject(o, "abbreviation", c[i].abbrev)
				  : cJSON_AddNullToObject(o, "abbreviation")) ||
		    !cJSON_AddStringToObject(o, "paper", c[i].paper) ||
		    !cJSON_AddStringToObject(o, "description", c[i].description)) {
			cJSON_Delete(o);
			cJSON_Delete(arr);
			return cli_failf("out of memory");
		}
		cJSON_AddItemToArray(arr, o);
	}
	return cli_print_json(arr);
}

/* Prints a possibly multi-line text with a prefix on every line. */
static void print_lines(const char *prefix, const char *text)
{
	while (text) {
		const char *nl = strchr(text, '\n');
		int len = nl ? (int)(nl - text) : (int)strlen(text);

		printf("%s%.*s\n", prefix, len, text);
		text = nl ? nl + 1 : NULL;
	}
}

static int print_text(const smart_comparator *c, const smart_compare_result *r)
{
	printf("%s: %s", c->name, r->verdict == SMART_COMPARE_PASS ? "pass" : "fail");
	if (r->detail[0])
		printf(" (%s)", r->detail);
	if (r->differences_found)
		printf(", %zu difference%s", r->differences_found,
		       r->differences_found == 1 ? "" : "s");
	printf("\n");
	for (size_t i = 0; i < r->difference_count; i++) {
		const smart_compare_difference *d = &r->differences[i];

		printf("  %s\n", d->where);
		print_lines("    - ", d->old_text);
		print_lines("    + ", d->new_text);
	}
	if (r->difference_count < r->differences_found)
		printf("  … %zu more\n", r->differences_found - r->difference_count);
	return 0;
}

static int print_json(const smart_comparator *c, const smart_compare_result *r)
{
	cJSON *o = cJSON_CreateObject(), *arr;
	char *text;
	int ok = o && cJSON_AddStringToObject(o, "comparator", c->name) &&
		 cJSON_AddStringToObject(o, "verdict",
					 r->verdict == SMART_COMPARE_PASS ? "pass" : "fail") &&
		 (r->detail[0] ? cJSON_AddStringToObject(o, "class", r->detail)
			       : cJSON_AddNullToObject(o, "class")) &&
		 cJSON_AddNumberToObject(o, "differences_found", (double)r->differences_found) &&
		 (arr = cJSON_AddArrayToObject(o, "differences"));

	for (size_t i = 0; ok && i < r->difference_count; i++) {
		const smart_compare_difference *d = &r->differences[i];
		cJSON *e = cJSON_CreateObject();

		ok = e && cJSON_AddStringToObject(e, "where", d->where) &&
		     (d->old_text ? cJSON_AddStringToObject(e, "old", d->old_text)
				  : cJSON_AddNullToObject(e, "old")) &&
		     (d->new_text ? cJSON_AddStringToObject(e, "new", d->new_text)
				  : cJSON_AddNullToObject(e, "new"));
		if (e)
			cJSON_AddItemToArray(arr, e);
	}
	text = ok ? cJSON_PrintUnformatted(o) : NULL;
	cJSON_Delete(o);
	if (!text)
		return -1;
	printf("%s\n", text);
	free(text);
	return 0;
}

static int run_compare(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "comparator", required_argument, NULL, 'c' },
		{ "config", required_argument, NULL, 'C' },
		{ "list", no_argument, NULL, 'l' },
		{ "defaults", no_argument, NULL, 'D' },
		{ "json", no_argument, NULL, 'j' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	cli_common common = { .format = SMART_FORMAT_AUTO };
	const char *name = NULL, *config_path = NULL;
	int want_list = 0, want_defaults = 0, opt, status = CLI_TROUBLE;
	smart_compare_config *cfg = NULL;
	smart_compare_pair *pair = NULL;
	smart_compare_result result;
	char *data[2] = { NULL, NULL };
	size_t len[2];
	smart_error err = { { 0 } };
	const smart_comparator *c;

	optind = 1;
	while ((opt = getopt_long(argc, argv, ":c:C:lh", opts, NULL)) != -1) {
		switch (opt) {
		case 'c': name = optarg; break;
		case 'C': config_path = optarg; break;
		case 'l': want_list = 1; break;
		case 'D': want_defaults = 1; break;
		case 'j': common.json = 1; break;
		case 'H': common.format = SMART_FORMAT_HTML; break;
		case 'X': common.format = SMART_FORMAT_XML; break;
		case 'h': usage(stdout); return CLI_SAME;
		default: return cli_bad_option("compare", opt, argv);
		}
	}
	if (want_list)
		return optind == argc ? list(common.json)
				      : cli_usage_error("compare", "--list takes no files");
	if (want_defaults) {
		fputs(smart_compare_config_defaults(), stdout);
		return CLI_SAME;
	}
	if (!name)
		return cli_usage_error("compare", "--comparator NAME is required");
	if (argc - optind != 2)
		return cli_usage_error("compare", "needs OLD and NEW");
	c = smart_comparator_find(name);
	if (!c)
		return cli_failf("unknown comparator '%s' (see 'smart compare --list')", name);
	cfg = smart_compare_config_new(config_path, &err);
	if (!cfg)
		return cli_fail(&err);
	for (int i = 0; i < 2; i++)
		if (smart_file_read(argv[optind + i], SMART_TREE_MAX_FILE, &data[i], &len[i],
				    &err) < 0)
			goto out;
	pair = smart_compare_pair_new(&(smart_document){ data[0], len[0], argv[optind] },
				      &(smart_document){ data[1], len[1], argv[optind + 1] },
				      common.format, &err);
	if (!pair)
		goto out;
	smart_compare_result_init(&result);
	if (smart_compare_run(c, pair, cfg, &result, &err) == 0) {
		if ((common.json ? print_json(c, &result) : print_text(c, &result)) < 0)
			smart_error_oom(&err);
		else
			status = result.verdict == SMART_COMPARE_PASS ? CLI_SAME : CLI_DIFFER;
	}
	smart_compare_result_clear(&result);
out:
	if (status == CLI_TROUBLE)
		cli_fail(&err);
	smart_compare_pair_free(pair);
	smart_compare_config_free(cfg);
	free(data[0]);
	free(data[1]);
	return status;
}

const cli_command cli_cmd_compare = { "compare", "run one of the papers' oracle comparators (baselines)",
				      run_compare };
