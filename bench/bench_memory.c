/*
 * Peak memory per input byte, stage by stage, for the 1 MB and 10 MB bench
 * pairs (issue 14: at most 10x the two inputs on the 10 MB pair).
 *
 * Each stage runs in a forked child, and the child's peak resident set
 * (wait4's rusage of that child) is compared with that of a
 * child that only touches the two inputs: the difference is what the stage
 * itself needed at its peak, measured in the same run. The stages, each
 * including the ones before it:
 *   libxml2   both documents as libxml2 trees, as libxml2 alone would hold
 *             them (a yardstick: smart holds one at a time)
 *   trees     both documents as smart trees (libxml2's tree is freed after
 *             each is built)
 *   diffx     plus the DiffX alignment and edit script
 *   features  plus the feature vector (SMART's raw pipeline)
 *   classify  smart_measure_pair as classify runs it: parse both,
 *             scrub both in place, align them, count, compute
 * Printed as (inputs + stage's extra peak) / inputs.
 *
 * What dominates (massif and RSS on the 10 MB pair, 12.6 MB of input,
 * 0.72 million nodes; before -> after the streaming build):
 *   libxml2's own tree, about 19 bytes per input byte: held whole beside
 *     ours while ours was built (trees stage 18.3x). Now tree_stream.c
 *     builds ours from libxml2's SAX callbacks and frees libxml2's parts
 *     as it goes: trees 8.1x, diff 10x (smart diff: 266 -> 126 MB RSS).
 *   our trees: 72 bytes a node (80 before a padding fix), about 26 MB a
 *     tree, and about 7 MB of strings (16 before: each element name was
 *     copied per node, strings were 16-byte aligned).
 *   libxml2's input conversion: one copy of the document being parsed
 *     (it converts even UTF-8 into a buffer of its own), only while that
 *     document is parsed.
 *   DiffX: the subtree-hash table, 24 bytes a slot, slots a power of two
 *     above both trees' nodes (25 MB), and per-node arrays (about 36
 *     bytes a node, 26 MB).
 *   classify's scrubbed copies: a second node array for each tree (52 MB),
 *     which kept classify above the goal (13.4x). Now the trees are
 *     scrubbed in place and put back through a log of the few values
 *     changed (scrub/scrub_log.c): classify 9.1x, the trees (7.5x with
 *     their strings) and DiffX's tables (1x) being what is left.
 * Usage: bench_memory [--quick] (quick: 1 MB only).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>

#include "smart.h"
#include "bench.h"
#include "pages.h"

#define EDIT_PERCENT 3.0

enum stage {
	STAGE_INPUTS,
	STAGE_LIBXML,
	STAGE_TREES,
	STAGE_DIFFX,
	STAGE_FEATURES,
	STAGE_CLASSIFY,
	STAGE_COUNT
};

static const char *const stage_names[STAGE_COUNT] = { "inputs", "libxml2", "trees", "diffx",
						      "features", "classify" };

/* Touches every byte, so the inputs count in the child's resident set. */
static unsigned touch(const char *s, size_t len)
{
	unsigned sum = 0;

	for (size_t i = 0; i < len; i += 4096)
		sum += (unsigned char)s[i];
	return sum;
}

static htmlDocPtr libxml_parse(const char *s, size_t len)
{
	return htmlReadMemory(s, (int)len, "bench", "UTF-8",
			      HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
				      HTML_PARSE_NONET | HTML_PARSE_COMPACT);
}

/* What a child does for `stage`; exits 0 on success. */
static void run_stage(enum stage stage, const char *old_html, size_t old_len,
		      const char *new_html, size_t new_len)
{
	smart_error err = { { 0 } };
	smart_tree *a, *b;
	smart_diff *d;
	double *values;

	if (touch(old_html, old_len) + touch(new_html, new_len) == 1)
		puts(""); /* keeps the reads */
	if (stage == STAGE_INPUTS)
		_exit(0);
	if (stage == STAGE_LIBXML) {
		htmlDocPtr x = libxml_parse(old_html, old_len), y = libxml_parse(new_html, new_len);

		_exit(x && y ? 0 : 2);
	}
	if (stage == STAGE_CLASSIFY) {
		smart_document o = { old_html, old_len, "old" }, n = { new_html, new_len, "new" };
		smart_measure m = { .format = SMART_FORMAT_HTML };

		m.values = malloc(smart_feature_count() * sizeof(double));
		_exit(m.values && smart_measure_pair(&o, &n, &m, &err) == 0 ? 0 : 2);
	}
	a = smart_tree_parse(old_html, old_len, SMART_FORMAT_HTML, "old", &err);
	b = a ? smart_tree_parse(new_html, new_len, SMART_FORMAT_HTML, "new", &err) : NULL;
	if (!b)
		_exit(2);
	if (stage == STAGE_TREES)
		_exit(0);
	d = smart_diffx(a, b, &err);
	if (!d)
		_exit(2);
	if (stage == STAGE_DIFFX)
		_exit(0);
	values = malloc(smart_feature_count() * sizeof(double));
	if (!values || smart_measure_aligned(d, &(smart_measure){ .values = values }, &err) < 0)
		_exit(2);
	_exit(0);
}

/* The peak resident set of a child running `stage`, in bytes. */
static double stage_peak(enum stage stage, const char *old_html, size_t old_len,
			 const char *new_html, size_t new_len)
{
	struct rusage ru;
	int status;
	pid_t pid;

	fflush(stdout); /* nothing buffered is printed twice */
	pid = fork();

	if (pid < 0) {
		perror("bench: fork");
		exit(2);
	}
	if (pid == 0)
		run_stage(stage, old_html, old_len, new_html, new_len);
	if (wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench: the %s stage failed\n", stage_names[stage]);
		exit(2);
	}
	return (double)ru.ru_maxrss * 1024.0;
}

int main(int argc, char **argv)
{
	int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
	static const size_t sizes[] = { 1000000, 10000000 };
	const char *const names[] = { "1MB", "10MB" };
	size_t n_sizes = quick ? 1 : 2;
	double worst = 0, worst_classify = 0;

	printf("peak memory as (inputs + the stage's extra peak) / inputs, each stage in a child\n"
	       "process, against a child that only holds the inputs (same run)\n");
	printf("%-6s %10s", "size", "inputs");
	for (int s = STAGE_LIBXML; s < STAGE_COUNT; s++)
		printf(" %9s", stage_names[s]);
	printf("\n");
	for (size_t i = 0; i < n_sizes; i++) {
		page pg;
		size_t old_len, new_len;
		char *old_html, *new_html;
		double base, inputs;

		page_generate(&pg, sizes[i], 42);
		old_html = page_html(&pg, &old_len);
		page_edit(&pg, EDIT_PERCENT);
		new_html = page_html(&pg, &new_len);
		page_free(&pg);
		inputs = (double)(old_len + new_len);
		base = stage_peak(STAGE_INPUTS, old_html, old_len, new_html, new_len);
		printf("%-6s %9.1fM", names[i], inputs / 1e6);
		for (int s = STAGE_LIBXML; s < STAGE_COUNT; s++) {
			double peak = stage_peak(s, old_html, old_len, new_html, new_len);
			double ratio = (inputs + (peak > base ? peak - base : 0)) / inputs;

			printf(" %9.2f", ratio);
			if (s == STAGE_FEATURES && sizes[i] == 10000000)
				worst = ratio;
			if (s == STAGE_CLASSIFY && sizes[i] == 10000000)
				worst_classify = ratio;
		}
		printf("\n");
		free(old_html);
		free(new_html);
	}
	if (!quick) {
		printf("target (features peak <= 10x the inputs at 10 MB): %s\n",
		       worst <= 10.0 ? "met" : "MISSED");
		printf("target (classify peak <= 10x the inputs at 10 MB): %s\n",
		       worst_classify <= 10.0 ? "met" : "MISSED");
	}
	return 0;
}
