/* smart profile — learn where and how clean runs vary (docs/profile.md). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart profile [--html|--xml] [--json] RUN_DIR RUN_DIR [RUN_DIR...] -o PROFILE.json\n"
		"       smart profile [--html|--xml] [--json] --pairs RERUNS.jsonl [--app APP] -o PROFILE.json\n"
		"       smart profile [--json] --check PROFILE.json\n\n"
		"Learns a volatility profile: the places (element paths with positions left\n"
		"out, attribute names, text nodes) whose values varied between clean runs of\n"
		"the same test suite, and the shapes the values took (dates, times, tokens,\n"
		"versions, numbers, paths, URL queries), generalised into patterns. Use it\n"
		"with 'smart classify --profile' and 'smart train --profile'. The file is\n"
		"JSON a tester may edit (pin a place volatile, remove one): docs/profile.md.\n\n"
		"  RUN_DIR...       two or more folders (or .tar, .tar.gz archives) holding the\n"
		"                   outputs of clean runs of the same suite (files with the same\n"
		"                   relative path are the same test)\n"
		"  --pairs FILE     learn from the records of a corpus whose origin is \"rerun\"\n"
		"  --app APP        with --pairs: only the records of application APP\n"
		"  -o, --output F   where to write the profile (atomically)\n"
		"  --check FILE     only validate a profile (exit 0 if it loads, 2 if not)\n"
		"  --json           print the summary as JSON\n"
		"  --html, --xml    parse as HTML or XML (default: sniffed)\n");
}

static int summary(const smart_profile *p, const char *out, int json)
{
	size_t total = smart_profile_entry_count(p);

	if (json) {
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return cli_failf("out of memory");
		cJSON_AddStringToObject(o, "profile", out);
		cJSON_AddStringToObject(o, "learned_from", p->kind);
		cJSON_AddNumberToObject(o, "runs", (double)p->runs);
		cJSON_AddNumberToObject(o, "pairs", (double)p->pairs);
		cJSON_AddNumberToObject(o, "tests", (double)p->n_tests);
		cJSON_AddNumberToObject(o, "locations", (double)total);
		cJSON_AddNumberToObject(o, "all_tests_locations", (double)p->n_all);
		return cli_print_json(o);
	}
	if (!strcmp(p->kind, "pairs"))
		printf("%zu rerun pairs: ", p->pairs);
	else
		printf("%zu runs: ", p->runs);
	printf("%zu volatile locations in %zu tests, %zu of them in every test -> %s\n",
	       total - p->n_all, p->n_tests, p->n_all, out);
	return CLI_SAME;
}

/* The report of --check: the profile loaded, with so many locations. */
static int print_check(const char *path, size_t locations, int json)
{
	cJSON *o;

	if (!json) {
		printf("%s: a valid profile with %zu locations\n", path, locations);
		return CLI_SAME;
	}
	o = cJSON_CreateObject();
	if (o && (!cJSON_AddStringToObject(o, "profile", path) ||
		  !cJSON_AddTrueToObject(o, "valid") ||
		  !cJSON_AddNumberToObject(o, "locations", (double)locations))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return cli_print_json(o);
}

static int run_profile(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "pairs", required_argument, NULL, 'p' },
		{ "app", required_argument, NULL, 'a' },
		{ "check", required_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'j' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *out = NULL, *pairs = NULL, *app = NULL, *check = NULL;
	smart_format format = SMART_FORMAT_AUTO;
	smart_error err = { "" };
	smart_profile *p;
	int json = 0, c, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'o': out = optarg; break;
		case 'p': pairs = optarg; break;
		case 'a': app = optarg; break;
		case 'c': check = optarg; break;
		case 'j': json = 1; break;
		case 'H': format = SMART_FORMAT_HTML; break;
		case 'X': format = SMART_FORMAT_XML; break;
		default: return cli_bad_option("profile", c, argv);
		}
	}
	if (check) {
		if (optind != argc || out || pairs)
			return cli_usage_error("profile", "--check takes only the profile");
		p = smart_profile_load(check, &err);
		if (!p)
			return cli_fail(&err);
		rc = print_check(check, smart_profile_entry_count(p), json);
		smart_profile_free(p);
		return rc;
	}
	if (!out)
		return cli_usage_error("profile", "-o PROFILE.json is required");
	if (app && !pairs)
		return cli_usage_error("profile", "--app is for --pairs");
	if (pairs ? optind != argc : argc - optind < 2)
		return cli_usage_error("profile", pairs ? "--pairs takes no run folders"
						       : "needs at least two run folders");
	for (int i = optind; i < argc; i++)
		if (!cli_is_dir(argv[i]) && !smart_run_is_archive_name(argv[i]))
			return cli_failf("%s: not a folder or a .tar[.gz] archive (give two or more clean runs)",
					 argv[i]);
	if (smart_file_check_writable(out, &err) < 0) /* before the work */
		return cli_fail(&err);
	p = smart_profile_new(&err);
	if (!p)
		return cli_fail(&err);
	if (pairs) {
		smart_learn_pairs_options lo = SMART_LEARN_PAIRS_OPTIONS_INIT;
		size_t used = 0;

		lo.app = app;
		lo.format = format;

		rc = smart_profile_learn_pairs(p, &pairs, 1, &lo, &used, &err);
		if (rc == 0 && used == 0)
			rc = smart_error_set(&err, "%s: no record with origin \"rerun\"%s%s", pairs,
					     app ? " of application " : "", app ? app : "");
	} else {
		rc = smart_profile_learn_runs(p, (const char *const *)argv + optind,
					      (size_t)(argc - optind), format, &err);
	}
	if (rc == 0)
		rc = smart_profile_save(p, out, &err);
	rc = rc ? cli_fail(&err) : summary(p, out, json);
	smart_profile_free(p);
	return rc;
}

const cli_command cli_cmd_profile = { "profile", "learn where clean runs vary (a volatility profile)",
				      run_profile };
