/* smart tree — a document's tree as its parser built it, in html5lib's
 * one-node-per-line format (include/smart/tree_dump.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static void usage(FILE *out)
{
	fprintf(out, "usage: smart tree [--html|--xml] [--html-parser html5|libxml2] FILE\n\n"
		     "Prints the tree the parser builds from FILE, one node a line, in the format\n"
		     "of html5lib's tree-construction tests: '| <html>', '|   <head>', attributes\n"
		     "sorted by name one level under their element, \"text\", <!-- comments -->,\n"
		     "<!DOCTYPE ...>, foreign elements as '<svg svg>' or '<math math>', and a\n"
		     "template's children under 'content'. It shows the parser's own tree, before\n"
		     "smart collapses white space and drops blank text, so that a parse can be\n"
		     "checked against a browser's and a surprising tree reported as it is.\n"
		     "HTML is read by the parser --html-parser names (default html5); XML by\n"
		     "libxml2. Details: docs/html5.md.\n"
		     "Exit status: 0 printed, 2 trouble.\n");
}

static int run_tree(int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ NULL, 0, NULL, 0 },
	};
	smart_format format = SMART_FORMAT_AUTO;
	smart_error err = { { 0 } };
	char *data, *dump;
	size_t len, dump_len;
	int c, ok;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return CLI_SAME;
		case 'H':
			format = SMART_FORMAT_HTML;
			break;
		case 'X':
			format = SMART_FORMAT_XML;
			break;
		default:
			return cli_bad_option("tree", c, argv);
		}
	}
	if (argc - optind != 1)
		return cli_usage_error("tree", "expected one FILE");
	if (smart_file_read(argv[optind], SMART_TREE_MAX_FILE, &data, &len, &err) < 0)
		return cli_fail(&err);
	dump = smart_tree_dump(data, len, format, argv[optind], &dump_len, &err);
	free(data);
	if (!dump)
		return cli_fail(&err);
	ok = fwrite(dump, 1, dump_len, stdout) == dump_len;
	free(dump);
	return ok ? CLI_SAME : cli_failf("cannot write to standard output");
}

const cli_command cli_cmd_tree = { "tree", "print a document's tree as its parser built it",
				   run_tree };
