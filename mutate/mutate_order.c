/*
 * Mutations as values: names, languages, applying one to a text, and the
 * seeded order in which the driver tries them (include/smart/mutate.h).
 */
#include "smart/mutate.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

const char *smart_mutate_op_name(smart_mutate_op op)
{
	static const char *const names[SMART_MUTATE_OP_COUNT] = {
		"delete", "return", "swap-op", "negate", "constant"
	};

	return (unsigned)op < SMART_MUTATE_OP_COUNT ? names[op] : "?";
}

smart_mutate_lang smart_mutate_lang_of(const char *path)
{
	static const struct { const char *ext; smart_mutate_lang lang; } table[] = {
		{ "py", SMART_LANG_PYTHON }, { "js", SMART_LANG_JS },
		{ "mjs", SMART_LANG_JS }, { "cjs", SMART_LANG_JS },
		{ "ts", SMART_LANG_JS }, { "php", SMART_LANG_PHP },
		{ "phtml", SMART_LANG_PHP }, { "inc", SMART_LANG_PHP },
		{ "java", SMART_LANG_JAVA },
	};
	const char *dot = strrchr(path, '.');

	if (dot && !strchr(dot, '/'))
		for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
			if (strcasecmp(dot + 1, table[i].ext) == 0)
				return table[i].lang;
	return SMART_LANG_C;
}

void smart_mutation_list_free(smart_mutation_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		free(list->items[i].after);
	free(list->items);
	memset(list, 0, sizeof(*list));
}

char *smart_mutation_apply(const char *text, size_t len,
			   const smart_mutation *m, size_t *out_len)
{
	size_t alen = strlen(m->after), n;
	char *out;

	if (m->offset > len || m->length > len - m->offset)
		return NULL;
	n = len - m->length + alen;
	out = malloc(n + 1);
	if (!out)
		return NULL;
	memcpy(out, text, m->offset);
	memcpy(out + m->offset, m->after, alen);
	memcpy(out + m->offset + alen, text + m->offset + m->length,
	       len - m->offset - m->length);
	out[n] = '\0';
	*out_len = n;
	return out;
}

/* The mutations of one source line: list->items[start, start + count). */
typedef struct line_group {
	size_t start;
	size_t count;
	size_t left; /* not yet ordered */
} line_group;

/* Takes one not yet used mutation of the line: a random operator among
 * those left, then a random place of that operator. */
static size_t take_one(const smart_mutation_list *list, line_group *g,
		       unsigned char *used, gsl_rng *rng)
{
	unsigned ops_left[SMART_MUTATE_OP_COUNT] = { 0 };
	unsigned kinds = 0, pick;
	smart_mutate_op op = SMART_MUTATE_DELETE;

	for (size_t i = g->start; i < g->start + g->count; i++)
		if (!used[i]) {
			assert((unsigned)list->items[i].op < SMART_MUTATE_OP_COUNT);
			ops_left[list->items[i].op]++;
		}
	for (int k = 0; k < SMART_MUTATE_OP_COUNT; k++)
		kinds += ops_left[k] > 0;
	assert(kinds > 0); /* g->left > 0: gsl_rng_uniform_int needs n > 0 */
	pick = (unsigned)gsl_rng_uniform_int(rng, kinds);
	for (int k = 0; k < SMART_MUTATE_OP_COUNT; k++)
		if (ops_left[k] > 0 && pick-- == 0) {
			op = (smart_mutate_op)k;
			break;
		}
	pick = (unsigned)gsl_rng_uniform_int(rng, ops_left[op]);
	for (size_t i = g->start; i < g->start + g->count; i++)
		if (!used[i] && list->items[i].op == op && pick-- == 0) {
			used[i] = 1;
			g->left--;
			return i;
		}
	abort(); /* unreachable: ops_left[op] > 0 */
}

int smart_mutate_order(const smart_mutation_list *list, unsigned long seed,
		       size_t **order, smart_error *err)
{
	size_t groups = 0, done = 0;
	line_group *g = NULL;
	unsigned char *used = calloc(list->count + 1, 1);
	size_t *out = malloc((list->count + 1) * sizeof(*out));
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);

	*order = NULL;
	if (list->count)
		g = malloc(list->count * sizeof(*g));
	if (!used || !out || !rng || (list->count && !g)) {
		free(used);
		free(out);
		free(g);
		if (rng)
			gsl_rng_free(rng);
		return smart_error_oom(err);
	}
	gsl_rng_set(rng, seed);
	for (size_t i = 0; i < list->count; i++) {
		const smart_mutation *m = &list->items[i];

		if (i == 0 || m->file != list->items[i - 1].file ||
		    m->line != list->items[i - 1].line)
			g[groups++] = (line_group){ i, 0, 0 };
		g[groups - 1].count++;
		g[groups - 1].left++;
	}
	if (groups > 1)
		gsl_ran_shuffle(rng, g, groups, sizeof(*g));
	while (done < list->count)
		for (size_t k = 0; k < groups; k++)
			if (g[k].left > 0)
				out[done++] = take_one(list, &g[k], used, rng);
	free(used);
	free(g);
	gsl_rng_free(rng);
	*order = out;
	return 0;
}
