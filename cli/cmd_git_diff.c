/* smart git-diff — smart as git's external diff driver (GIT_EXTERNAL_DIFF,
 * diff.NAME.command) and as a difftool (difftool.NAME.cmd); docs/git.md. */
#include <getopt.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "cli_diff.h"
#include "cli_model.h"

extern char **environ;

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart git-diff [--exit-code] [--json] [--model M] [--html|--xml]\n"
		"                      PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE [NEW-PATH MSG]\n"
		"       smart git-diff --tool [--model M] [--html|--xml] PATH OLD-FILE NEW-FILE\n"
		"       smart git-diff PATH\n\n"
		"git's external diff driver: git calls it with the seven arguments above\n"
		"(nine for a rename) for each changed path (GIT_EXTERNAL_DIFF, or a\n"
		"diff.smart.command set for '*.html diff=smart' in .gitattributes), and with\n"
		"the path alone for an unmerged one. Two HTML or XML versions get smart's\n"
		"decision (inspect or ignore, score, cutoff) and the DiffX edit script; an\n"
		"added or deleted document, or any other text, a unified diff (diff -u);\n"
		"a binary file one line. OLD-FILE or NEW-FILE /dev/null is an absent side.\n"
		"docs/git.md shows the git configuration.\n\n"
		"  --exit-code    exit 1 when a pair needs a look (smart says inspect, or a\n"
		"                 non-document changed) and 0 otherwise, for diff.trustExitCode;\n"
		"                 without it the exit status is 0 whatever the difference, as\n"
		"                 git requires of an external diff by default\n"
		"  --tool         difftool form (difftool.smart.cmd = smart git-diff --tool\n"
		"                 \"$MERGED\" \"$LOCAL\" \"$REMOTE\"): exit 0 same or ignore, 1 inspect\n"
		"                 (git difftool --trust-exit-code stops there), 2 trouble\n"
		"  --model M      a model written by 'smart train' (default: the built-in one)\n"
		"  --html, --xml  parse documents as HTML or XML (default: sniffed)\n"
		"  --json         instead of the patch, one JSON object per path: {path,\n"
		"                 [new_path,] status (added, deleted, modified), kind (same,\n"
		"                 binary, text, document), decision, score, operations (null\n"
		"                 but for documents)}; an unmerged path is its name as a string\n"
		"  -h             this help\n\n"
		"Exit status: 0 (see --exit-code and --tool), 2 trouble: one line on stderr,\n"
		"which git reports as the external diff dying.\n");
}

/* One side of the change: the file git gave, and its content. */
typedef struct side {
	const char *file;  /* as given; "/dev/null": absent */
	const char *label; /* "a/PATH", "b/PATH" or "/dev/null" */
	char *data;
	size_t len;
	int absent;
} side;

typedef struct git_args {
	int exit_code, tool, json;
	const char *model_path;
	smart_format format;
} git_args;

/* What was found for one path (for --json). */
typedef struct verdict {
	const char *kind;   /* "same", "binary", "text" or "document" */
	int scored;         /* a document pair: the fields below are set */
	int inspect;
	double score;
	size_t operations;  /* of the DiffX edit script */
} verdict;

/* Reads a side; /dev/null is an absent file, read as empty. */
static int side_read(side *s, smart_error *err)
{
	s->absent = strcmp(s->file, "/dev/null") == 0;
	if (s->absent) {
		s->label = "/dev/null";
		s->data = calloc(1, 1);
		return s->data ? 0 : smart_error_oom(err);
	}
	return smart_file_read(s->file, SMART_TREE_MAX_FILE, &s->data, &s->len, err);
}

/* Binary as git decides it: a NUL byte in the first 8000 bytes. */
static int is_binary(const side *s)
{
	return memchr(s->data, '\0', s->len < 8000 ? s->len : 8000) != NULL;
}

/* The header git itself prints before a patch (diff --git, modes, index),
 * with "smart" for "git" so that a reader sees whose output follows. */
static void print_git_header(char **op, const side *a, const side *b)
{
	const char *path = op[0], *new_path = op[7] ? op[7] : op[0];

	printf("diff --smart a/%s b/%s\n", path, new_path);
	if (a->absent)
		printf("new file mode %s\n", op[6]);
	else if (b->absent)
		printf("deleted file mode %s\n", op[3]);
	else if (strcmp(op[3], op[6]) != 0)
		printf("old mode %s\nnew mode %s\n", op[3], op[6]);
	if (op[8] && *op[8]) /* a rename's "similarity index ...\nrename from ..." */
		printf("%s%s", op[8], op[8][strlen(op[8]) - 1] == '\n' ? "" : "\n");
	if (strcmp(op[2], op[5]) != 0)
		printf("index %.7s..%.7s%s%s\n", op[2], op[5],
		       !a->absent && !b->absent && !strcmp(op[3], op[6]) ? " " : "",
		       !a->absent && !b->absent && !strcmp(op[3], op[6]) ? op[3] : "");
}

/* A unified diff of two text files by diff(1): 0 same, 1 different, -1
 * when diff could not run (err set). */
static int text_diff(const side *a, const side *b, smart_error *err)
{
	char *argv[] = { "diff", "-u", "--label", (char *)a->label, "--label", (char *)b->label,
			 (char *)a->file, (char *)b->file, NULL };
	pid_t pid;
	int status, rc;

	fflush(stdout);
	rc = posix_spawnp(&pid, "diff", NULL, NULL, argv, environ);
	if (rc != 0)
		return smart_error_set(err, "cannot run diff: %s", strerror(rc));
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) > 1)
		return smart_error_set(err, "diff of %s and %s failed", a->file, b->file);
	return WEXITSTATUS(status);
}

/* Two documents: smart's decision, then the DiffX edit script. 1 inspect,
 * 0 ignore, -1 trouble (err set). */
static int document_diff(const git_args *g, const side *a, const side *b, verdict *v,
			 smart_error *err)
{
	size_t n;
	const char **names = smart_feature_names(&n);
	smart_model *m = names ? cli_load_model(g->model_path, names, n, err) : NULL;
	double *values = m ? calloc(m->n_features ? m->n_features : 1, sizeof(double)) : NULL;
	smart_classification c = { .values = values };
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	smart_tree *ta = NULL, *tb = NULL;
	smart_diff *d = NULL;
	int rc = -1;

	if (!names || (m && !values))
		smart_error_oom(err);
	co.format = g->format;
	co.test = b->file;
	if (values &&
	    !smart_classify_pair(m, &(smart_document){ a->data, a->len, a->file },
				 &(smart_document){ b->data, b->len, b->file }, &co, &c, err) &&
	    (ta = smart_tree_parse(a->data, a->len, g->format, a->file, err)) &&
	    (tb = smart_tree_parse(b->data, b->len, g->format, b->file, err)) &&
	    (d = smart_diffx(ta, tb, err))) {
		*v = (verdict){ "document", 1, c.inspect, c.score, d->op_count };
		rc = c.inspect;
	}
	if (d && !g->json) {
		printf("--- %s\n+++ %s\n", a->label, b->label);
		printf("smart: %s, score %.6g (inspect when score %s %.6g)\n",
		       c.inspect ? "inspect" : "ignore", c.score,
		       smart_comparison_name(m->comparison), m->cutoff);
		rc = cli_diff_print_text(stdout, d) < 0 ? smart_error_oom(err) : c.inspect;
	}
	smart_diff_free(d);
	smart_tree_free(tb);
	smart_tree_free(ta);
	free(values);
	smart_model_free(m);
	free(names);
	return rc;
}

/* Compares the two sides as what they are, printing the comparison unless
 * --json: 1 needs a look, 0 not, -1 trouble. */
static int compare_sides(const git_args *g, const side *a, const side *b, verdict *v,
			 smart_error *err)
{
	v->kind = "same";
	if (a->len == b->len && a->absent == b->absent && memcmp(a->data, b->data, a->len) == 0)
		return 0; /* a mode change only, or difftool on equal files */
	if (!a->absent && !b->absent && !is_binary(a) && !is_binary(b) &&
	    smart_looks_like_document(a->label, a->data, a->len) &&
	    smart_looks_like_document(b->label, b->data, b->len))
		return document_diff(g, a, b, v, err);
	v->kind = is_binary(a) || is_binary(b) ? "binary" : "text";
	if (g->json)
		return 1;
	if (*v->kind == 'b') {
		printf("Binary files %s and %s differ\n", a->label, b->label);
		return 1;
	}
	return text_diff(a, b, err);
}

/* --json: the path's verdict as one JSON object. */
static int print_json(char **op, const side *a, const side *b, const verdict *v)
{
	cJSON *o = cJSON_CreateObject();

	if (o && (!cJSON_AddStringToObject(o, "path", op[0]) ||
		  (op[7] && !cJSON_AddStringToObject(o, "new_path", op[7])) ||
		  !cJSON_AddStringToObject(o, "status", a->absent ? "added" : b->absent ? "deleted"
										  : "modified") ||
		  !cJSON_AddStringToObject(o, "kind", v->kind) ||
		  !(v->scored ? cJSON_AddStringToObject(o, "decision", v->inspect ? "inspect" : "ignore")
			      : cJSON_AddNullToObject(o, "decision")) ||
		  !(v->scored ? cJSON_AddNumberToObject(o, "score", v->score)
			      : cJSON_AddNullToObject(o, "score")) ||
		  !(v->scored ? cJSON_AddNumberToObject(o, "operations", (double)v->operations)
			      : cJSON_AddNullToObject(o, "operations")))) {
		cJSON_Delete(o);
		o = NULL;
	}
	return cli_print_json(o);
}

/* Takes the options; -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, git_args *g)
{
	static const struct option opts[] = {
		{ "exit-code", no_argument, NULL, 'e' },
		{ "tool", no_argument, NULL, 't' },
		{ "model", required_argument, NULL, 'm' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'e': g->exit_code = 1; break;
		case 't': g->tool = 1; break;
		case 'm': g->model_path = optarg; break;
		case 'H': g->format = SMART_FORMAT_HTML; break;
		case 'X': g->format = SMART_FORMAT_XML; break;
		case 'j': g->json = 1; break;
		default: return cli_bad_option("git-diff", c, argv);
		}
	}
	return -1;
}

static int run_git_diff(int argc, char **argv)
{
	git_args g = { .format = SMART_FORMAT_AUTO };
	char *op[9] = { NULL }, *la = NULL, *lb = NULL;
	side a = { 0 }, b = { 0 };
	verdict v = { 0 };
	smart_error err = { "" };
	int n, rc = parse_args(argc, argv, &g);

	if (rc >= 0)
		return rc;
	n = argc - optind;
	if (!g.tool && n == 1) { /* an unmerged path: as git says it */
		if (g.json)
			return cli_print_json(cJSON_CreateString(argv[optind])) == CLI_SAME
				       ? CLI_SAME : CLI_TROUBLE;
		printf("* Unmerged path %s\n", argv[optind]);
		return CLI_SAME;
	}
	if (g.tool ? n != 3 : n != 7 && n != 9)
		return cli_usage_error("git-diff", g.tool ? "--tool takes PATH OLD-FILE NEW-FILE"
							  : "takes git's 7 (or 9, or 1) arguments");
	for (int i = 0; i < n; i++)
		op[i] = argv[optind + i];
	if (g.tool) { /* PATH OLD NEW as PATH OLD - - NEW - - */
		op[4] = op[2];
		op[2] = NULL;
	}
	a.file = op[1];
	b.file = op[4];
	if (asprintf(&la, "a/%s", op[0]) < 0)
		la = NULL;
	if (asprintf(&lb, "b/%s", op[7] ? op[7] : op[0]) < 0)
		lb = NULL;
	if (!la || !lb) {
		rc = cli_failf("out of memory");
		goto done;
	}
	a.label = la;
	b.label = lb;
	if (side_read(&a, &err) || side_read(&b, &err)) {
		rc = cli_fail(&err);
		goto done;
	}
	if (g.tool && !g.json)
		printf("smart: %s\n", op[0]);
	else if (!g.json)
		print_git_header(op, &a, &b);
	rc = compare_sides(&g, &a, &b, &v, &err);
	if (rc < 0)
		rc = cli_fail(&err);
	else if (g.json && print_json(op, &a, &b, &v) != CLI_SAME)
		rc = CLI_TROUBLE;
	else if (g.tool || g.exit_code)
		rc = rc ? CLI_DIFFER : CLI_SAME;
	else
		rc = CLI_SAME;
done:
	free(a.data);
	free(b.data);
	free(la);
	free(lb);
	return rc;
}

const cli_command cli_cmd_git_diff = { "git-diff", "git's external diff driver and difftool for HTML/XML snapshots",
				       run_git_diff };
