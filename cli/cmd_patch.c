/* smart patch — applies an edit script from `smart diff --json` to OLD and
 * writes the new document (include/smart/patch.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart patch [--html|--xml] [--json] OLD SCRIPT.json [-o OUT]\n\n"
		"Applies SCRIPT.json (from `smart diff --json OLD NEW`) to OLD and writes\n"
		"the new document, in OLD's format, to OUT (default: standard output);\n"
		"`smart diff OUT NEW` then exits 0. Comments and processing instructions\n"
		"of OLD are kept where they were.\n\n"
		"  --html, --xml   parse OLD as HTML / XML (default: sniffed)\n"
		"  --json          print {\"format\",\"operations\",\"output\"} (and the\n"
		"                  document as \"document\" when there is no -o)\n"
		"  -o OUT          write OUT atomically instead of standard output\n"
		"  -h              this help\n\n"
		"Exit status: 0 written, 2 trouble (one line on stderr).\n");
}

/* Prints the --json report; the document goes in it when not in a file. */
static int print_json(const smart_tree *tree, size_t ops, const char *out_path,
		      const char *doc)
{
	cJSON *o = cJSON_CreateObject();
	int ok;

	ok = o && cJSON_AddStringToObject(o, "format",
					  tree->format == SMART_FORMAT_XML ? "xml" : "html") &&
	     cJSON_AddNumberToObject(o, "operations", (double)ops) &&
	     (out_path ? cJSON_AddStringToObject(o, "output", out_path) != NULL
		       : cJSON_AddNullToObject(o, "output") != NULL) &&
	     (out_path || cJSON_AddStringToObject(o, "document", doc));
	if (!ok) {
		cJSON_Delete(o);
		o = NULL;
	}
	return cli_print_json(o);
}

static int run_patch(int argc, char **argv)
{
	static const struct option options[] = {
		{ "html", no_argument, NULL, 'H' }, { "xml", no_argument, NULL, 'X' },
		{ "json", no_argument, NULL, 'j' }, { "help", no_argument, NULL, 'h' },
		{ "output", required_argument, NULL, 'o' }, { NULL, 0, NULL, 0 }
	};
	cli_common common = { .format = SMART_FORMAT_AUTO };
	const char *out_path = NULL;
	smart_error err = { { 0 } };
	smart_tree *old = NULL, *result = NULL;
	smart_script *script = NULL;
	char *doc = NULL;
	size_t len = 0;
	int c, status = CLI_TROUBLE;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:", options, NULL)) != -1) {
		switch (c) {
		case 'H': common.format = SMART_FORMAT_HTML; break;
		case 'X': common.format = SMART_FORMAT_XML; break;
		case 'j': common.json = 1; break;
		case 'o': out_path = optarg; break;
		case 'h': usage(stdout); return CLI_SAME;
		default: return cli_bad_option("patch", c, argv);
		}
	}
	if (argc - optind != 2)
		return cli_usage_error("patch", "needs OLD and SCRIPT.json");
	if (!(old = smart_tree_parse_file(argv[optind], common.format, &err)) ||
	    !(script = smart_script_parse_file(argv[optind + 1], &err)) ||
	    !(result = smart_patch(old, script, &err)) ||
	    !(doc = smart_tree_write(result, result->format, &len, &err))) {
		status = cli_fail(&err);
	} else if (out_path && smart_file_write_atomic(out_path, doc, len, &err) < 0) {
		status = cli_fail(&err);
	} else if (common.json) {
		status = print_json(result, script->op_count, out_path, doc);
	} else if (!out_path && (fwrite(doc, 1, len, stdout) != len || fflush(stdout) != 0)) {
		status = cli_failf("cannot write to standard output");
	} else {
		status = CLI_SAME;
	}
	free(doc);
	smart_tree_free(result);
	smart_script_free(script);
	smart_tree_free(old);
	return status;
}

const cli_command cli_cmd_patch = { "patch", "apply an edit script from `smart diff --json`",
				    run_patch };
