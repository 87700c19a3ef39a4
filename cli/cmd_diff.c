/* smart diff — the DiffX edit script between two documents. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "cli_diff.h"

#define QUOTE_MAX 60 /* bytes of a text shown before it is cut with "..." */

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart diff [--json] [--scrubbed] [--html|--xml] OLD NEW\n\n"
		"Aligns the two documents with DiffX and prints the edit script that\n"
		"turns OLD into NEW: one operation per line with the node's path, then\n"
		"a summary counted in nodes. --json prints the script as the JSON\n"
		"object that `smart patch` reads (docs/script-format.md).\n\n"
		"  --json   machine-readable script\n"
		"  --scrubbed  the edits left once volatile values (dates, tokens,\n"
		"           versions, a moved site's links, generator metadata) are\n"
		"           scrubbed, as classify judges them; a scrubbed value reads\n"
		"           as its shape ({date}); exit 0 when nothing is left\n"
		"  --html   parse both files as HTML (default: by content)\n"
		"  --xml    parse both files as XML\n"
		"  -h       this help\n\n"
		"Exit status: 0 equal, 1 different, 2 trouble.\n");
}

/* Prints a text in double quotes, escaped, cut after QUOTE_MAX bytes (at a
 * UTF-8 character boundary). */
static void print_quoted(FILE *out, const char *s)
{
	size_t len = strlen(s), cut = len;

	if (len > QUOTE_MAX) {
		cut = QUOTE_MAX;
		while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
			cut--;
	}
	fputc('"', out);
	for (size_t i = 0; i < cut; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
	if (cut < len)
		fprintf(out, "...(%zu bytes)", len);
}

/* Prints a node's path; returns -1 when out of memory. */
static int print_path(FILE *out, const smart_tree *t, uint32_t node)
{
	size_t need = smart_tree_path(t, node, NULL, 0) + 1;
	char *buf = malloc(need);

	if (!buf)
		return -1;
	smart_tree_path(t, node, buf, need);
	fputs(buf, out);
	free(buf);
	return 0;
}

static const char *nodes_word(uint32_t n)
{
	return n == 1 ? "node" : "nodes";
}

static int print_op(FILE *out, const smart_diff *d, const smart_edit_op *op)
{
	int rc = 0;

	fprintf(out, "%-12s ", smart_op_name(op->kind));
	switch (op->kind) {
	case SMART_OP_INSERT:
		rc = print_path(out, d->new_tree, op->new_node);
		fprintf(out, " (%u %s)", op->subtree_size, nodes_word(op->subtree_size));
		break;
	case SMART_OP_DELETE:
		rc = print_path(out, d->old_tree, op->old_node);
		fprintf(out, " (%u %s)", op->subtree_size, nodes_word(op->subtree_size));
		break;
	case SMART_OP_MOVE:
		rc = print_path(out, d->old_tree, op->old_node);
		fputs(" -> ", out);
		rc |= print_path(out, d->new_tree, op->new_node);
		if (op->subtree_size > 1)
			fprintf(out, " (%u nodes)", op->subtree_size);
		break;
	default:
		rc = print_path(out, d->old_tree, op->old_node);
		if (op->attr_name)
			fprintf(out, " @%s", op->attr_name);
		fputc(' ', out);
		if (op->kind != SMART_OP_ATTR_INSERT)
			print_quoted(out, op->old_value);
		if (op->kind == SMART_OP_UPDATE || op->kind == SMART_OP_ATTR_CHANGE)
			fputs(" -> ", out);
		if (op->kind != SMART_OP_ATTR_DELETE)
			print_quoted(out, op->new_value);
		break;
	}
	fputc('\n', out);
	return rc;
}

/* The script as text: one operation per line, then the summary. */
int cli_diff_print_text(FILE *out, const smart_diff *d)
{
	const smart_diff_summary *s = &d->summary;

	for (size_t k = 0; k < d->op_count; k++)
		if (print_op(out, d, &d->ops[k]) < 0)
			return -1;
	fprintf(out,
		"%zu %s: %u moved, %u inserted, %u deleted, %u updated %s, %u attribute %s\n",
		d->op_count, d->op_count == 1 ? "operation" : "operations", s->moves, s->inserts,
		s->deletes, s->updates, s->updates == 1 ? "node" : "nodes", s->attribute_changes,
		s->attribute_changes == 1 ? "change" : "changes");
	return 0;
}

/* How `smart diff` prints a script: as JSON or as text. */
typedef struct diff_output {
	int json;
	int empty; /* out: the script had no operation */
} diff_output;

/* Prints the script `d` on standard output as `o` asks; 0, or -1 with
 * `err` set. */
static int print_script(const smart_diff *d, diff_output *o, smart_error *err)
{

	o->empty = smart_diff_is_empty(d);
	if (o->json) {
		char *s = smart_diff_to_json_string(d, err);

		if (!s)
			return -1;
		puts(s);
		cJSON_free(s);
		return 0;
	}
	if (cli_diff_print_text(stdout, d) < 0) {
		smart_error_set(err, "out of memory while printing the script");
		return -1;
	}
	return 0;
}

/* smart_aligned_fn: prints the measured (scrubbed) alignment. */
static int print_aligned(void *ctx, const smart_aligned_pair *p, smart_error *err)
{
	return print_script(p->diff, ctx, err);
}

/* The edits left after scrubbing: the measuring stage's own alignment,
 * printed from its hook, so that what is shown is what classify judges. */
static int diff_scrubbed(const char *old_path, const char *new_path, smart_format format,
			 diff_output *o, smart_error *err)
{
	double *values = calloc(smart_feature_count(), sizeof(*values));
	smart_measure m = { .values = values, .format = format,
			    .on_aligned = print_aligned, .on_aligned_ctx = o };
	int rc;

	if (!values) {
		smart_error_oom(err);
		return -1;
	}
	rc = smart_measure_files(old_path, new_path, &m, err);
	free(values);
	return rc;
}

static int run_diff(int argc, char **argv)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "scrubbed", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	cli_common opt = { .format = SMART_FORMAT_AUTO };
	smart_error err = { { 0 } };
	smart_tree *old_tree = NULL, *new_tree = NULL;
	smart_diff *diff = NULL;
	diff_output out = { 0 };
	int c, scrubbed = 0, status = CLI_TROUBLE;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+:h", options, NULL)) != -1) {
		switch (c) {
		case 'j':
			opt.json = 1;
			break;
		case 'H':
			opt.format = SMART_FORMAT_HTML;
			break;
		case 'X':
			opt.format = SMART_FORMAT_XML;
			break;
		case 'S':
			scrubbed = 1;
			break;
		case 'h':
			usage(stdout);
			return CLI_SAME;
		default:
			return cli_bad_option("diff", c, argv);
		}
	}
	if (argc - optind != 2)
		return cli_usage_error("diff", "needs two files, OLD and NEW");
	out.json = opt.json;
	if (scrubbed) {
		status = diff_scrubbed(argv[optind], argv[optind + 1], opt.format, &out, &err);
	} else {
		old_tree = smart_tree_parse_file(argv[optind], opt.format, &err);
		if (old_tree)
			new_tree = smart_tree_parse_file(argv[optind + 1], opt.format, &err);
		if (new_tree)
			diff = smart_diffx(old_tree, new_tree, &err);
		status = diff ? print_script(diff, &out, &err) : -1;
	}
	if (status < 0)
		status = cli_fail(&err);
	else
		status = out.empty ? CLI_SAME : CLI_DIFFER;
	if (status != CLI_TROUBLE && (fflush(stdout) != 0 || ferror(stdout)))
		status = cli_failf("cannot write the script to standard output");
	smart_diff_free(diff);
	smart_tree_free(old_tree);
	smart_tree_free(new_tree);
	return status;
}

const cli_command cli_cmd_diff = { "diff", "the DiffX edit script between two documents",
				   run_diff };
