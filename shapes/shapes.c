/*
 * Value shapes: the kinds of tokens that change between two runs of a clean
 * program (dates, clocks, session tokens, versions, build paths, ...), as
 * POSIX extended regular expressions (glibc's \< and \> word boundaries).
 *
 * A set of shapes is compiled into ONE regular expression, an alternation
 * with one group per shape, so masking a text costs one regexec per token
 * found; the group that matched names the shape. Short base64 tokens (12
 * to 15 characters) are the exception, found by a plain scan of the text
 * between matches. This file compiles sets and finds their tokens; the
 * shapes themselves are in shapes_table.c, masking and comparing values in
 * shapes_mask.c.
 */
#include "smart/shapes.h"
#include "internal.h"

#include <assert.h>
#include <ctype.h>
#include <pthread.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

/* Opening parentheses of a regex: its groups. */
static size_t count_groups(const char *re)
{
	size_t n = 0;

	for (const char *p = re; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		n += *p == '(';
	}
	return n;
}

/* Compiles one shape as "^.(shape)": matched against the text from the
 * byte before a position, it says whether the shape matches AT that
 * position (group 1), with that byte as context for a leading \< and
 * without searching the rest of the text. An unanchored search for a match
 * that must start at the position read the whole remaining text for every
 * shape tried, which made a 70 KB source listing take over a second. */
static int compile_anchored(regex_t *re, const char *shape)
{
	smart_strbuf b = { 0 };
	int rc;

	if (smart__strbuf_printf(&b, "^.(%s)", shape))
		return -1;
	rc = regcomp(re, b.data, REG_EXTENDED);
	smart__strbuf_free(&b);
	return rc != 0 ? -1 : 0;
}

smart_shapes *smart_shapes_compile(unsigned set, smart_error *err)
{
	smart_shapes *s = calloc(1, sizeof(*s));
	smart_strbuf b = { 0 };
	size_t group = 1;
	int rc;

	if (!s) {
		smart_error_oom(err);
		return NULL;
	}
	s->set = set & SMART_SHAPES_ALL;
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		s->group_shape[k] = -1;
		if (!(s->set & (1u << k)))
			continue;
		if ((b.len && smart__strbuf_append(&b, "|", 1)) ||
		    smart__strbuf_printf(&b, "(%s)", smart__shapes_table[k].regex)) {
			smart__strbuf_free(&b);
			free(s);
			smart_error_oom(err);
			return NULL;
		}
		s->group_shape[k] = (int)group;
		group += 1 + count_groups(smart__shapes_table[k].regex);
	}
	if (!b.len && smart__strbuf_append(&b, "(\\<\\>x)", 7)) { /* matches nothing */
		free(s);
		smart_error_oom(err);
		return NULL;
	}
	rc = regcomp(&s->re, b.data, REG_EXTENDED);
	smart__strbuf_free(&b);
	if (rc != 0) {
		char msg[128];

		regerror(rc, NULL, msg, sizeof(msg));
		smart_error_set(err, "value shapes: %s", msg);
		free(s);
		return NULL;
	}
	s->n_groups = s->re.re_nsub + 1;
	return s;
}

void smart_shapes_free(smart_shapes *s)
{
	if (!s)
		return;
	regfree(&s->re);
	free(s);
}

/* The sets in use, compiled once per thread. glibc's regexec locks the
 * pattern it runs (its DFA's state cache is built as it searches), so
 * threads sharing one compiled set took turns: classifying MediaWiki's
 * corpus on two threads was 1.09x as fast as on one. Each thread compiles
 * the sets it uses on first use (a few milliseconds each) and frees them
 * when it ends; the main thread's live as long as the process. A thread
 * uses three or four sets (the built-in, scrubbed and all-shape ones, and
 * a profile's), so a short list does.
 *
 * The shapes alone, for fallbacks, are the thread's too: one list shared
 * by its sets, each shape compiled when a fallback first tries it. Every
 * set used to compile all of its own, so the built-in and scrubbed sets
 * compiled the date shape (3.9 KB of expression, a millisecond) and the
 * others twice: 10 of the 36 million instructions of compiling in one
 * shard of cmark's corpus, paid again by every shard (docs/shards.md). */
#define THREAD_SETS_MAX 8

typedef struct thread_sets {
	smart_shapes *set[THREAD_SETS_MAX];
	size_t n;
	regex_t single[SMART_SHAPE_COUNT];
	unsigned char single_made[SMART_SHAPE_COUNT];
} thread_sets;

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t key;
static int key_made;

static void thread_sets_free(void *sets)
{
	thread_sets *t = sets;

	for (size_t k = 0; k < t->n; k++)
		smart_shapes_free(t->set[k]);
	for (int k = 0; k < SMART_SHAPE_COUNT; k++)
		if (t->single_made[k])
			regfree(&t->single[k]);
	free(t);
}

static void make_key(void)
{
	key_made = pthread_key_create(&key, thread_sets_free) == 0;
}

/* The calling thread's list, made on its first call; NULL when out of
 * memory. */
static thread_sets *thread_sets_mine(void)
{
	thread_sets *mine;

	pthread_once(&key_once, make_key);
	if (!key_made)
		return NULL;
	mine = pthread_getspecific(key);
	if (!mine) {
		if (!(mine = calloc(1, sizeof(*mine))))
			return NULL;
		if (pthread_setspecific(key, mine)) {
			free(mine);
			return NULL;
		}
	}
	return mine;
}

/* The calling thread's compiled `set` (moments merged or not), compiled
 * if need be; NULL when out of memory or when the thread holds too many. */
static const smart_shapes *thread_set(unsigned set, int merge_moments)
{
	thread_sets *mine = thread_sets_mine();
	smart_shapes *s;

	if (!mine)
		return NULL;
	for (size_t k = 0; k < mine->n; k++)
		if (mine->set[k]->set == set && mine->set[k]->merge_moments == merge_moments)
			return mine->set[k];
	if (mine->n == THREAD_SETS_MAX || !(s = smart_shapes_compile(set, NULL)))
		return NULL;
	s->merge_moments = merge_moments;
	mine->set[mine->n++] = s;
	return s;
}

/* The calling thread's shape `k` alone (compile_anchored), compiled on
 * its first use; NULL when out of memory. */
static const regex_t *thread_single(int k)
{
	thread_sets *mine = thread_sets_mine();

	assert(k >= 0 && k < SMART_SHAPE_COUNT);
	if (!mine)
		return NULL;
	if (!mine->single_made[k]) {
		if (compile_anchored(&mine->single[k], smart__shapes_table[k].regex))
			return NULL; /* out of memory: the shape compiled in its set */
		mine->single_made[k] = 1;
	}
	return &mine->single[k];
}

const smart_shapes *smart_shapes_builtin(smart_error *err)
{
	const smart_shapes *s = thread_set(SMART_SHAPES_BUILTIN, 0);

	if (!s)
		smart_error_set(err, "value shapes: cannot compile the built-in shapes");
	return s;
}

/* Scrubbing writes one moment as one placeholder; profiles keep each part,
 * as their stored patterns name them ("{date} {time}"). */
const smart_shapes *smart_shapes_scrubbed(smart_error *err)
{
	const smart_shapes *s = thread_set(SMART_SHAPES_SCRUB, 1);

	if (!s)
		smart_error_set(err, "value shapes: cannot compile the scrubbed shapes");
	return s;
}

const smart_shapes *smart_shapes_all(smart_error *err)
{
	const smart_shapes *s = thread_set(SMART_SHAPES_ALL, 0);

	if (!s)
		smart_error_set(err, "value shapes: cannot compile the shapes");
	return s;
}

const smart_shapes *smart_shapes_of_thread(unsigned set, smart_error *err)
{
	const smart_shapes *s = thread_set(set & SMART_SHAPES_ALL, 0);

	if (!s)
		smart_error_set(err, "value shapes: cannot compile the profile's shapes");
	return s;
}

static int is_token_char(unsigned char c)
{
	return isalnum(c) || c == '+' || c == '_' || c == '-';
}

/* The first short random token in copy[from, to): a run of 12 to 15
 * base64 characters that starts a word, ends before `to` and looks random
 * (smart__shapes_short_token), in [*so, *eo). The base64 pattern takes
 * 16 or more; a pattern for 12 would also stop at every long word
 * ("configuration") and search the rest of the text again after it. */
static int short_token(const char *text, size_t from, size_t to, size_t *so, size_t *eo)
{
	for (size_t i = from; i < to; i++) {
		size_t end = i;

		if (!isalnum((unsigned char)text[i]) || (i > 0 && is_token_char((unsigned char)text[i - 1])))
			continue;
		while (is_token_char((unsigned char)text[end]))
			end++;
		if (end <= to && smart__shapes_short_token(text + i, end - i)) {
			*so = i;
			*eo = end;
			return 1;
		}
		i = end;
	}
	return 0;
}

int smart_shapes_any(const smart_shapes *s, const char *text)
{
	/* without room for the groups glibc stops at the first match found,
	 * instead of looking on for the longest one and its groups */
	size_t so, eo;

	if (!smart_shapes_may_match(s, text))
		return 0;
	if (regexec(&s->re, text, 0, NULL, 0) == 0)
		return 1;
	return s->group_shape[SMART_SHAPE_BASE64] >= 0 && short_token(text, 0, strlen(text), &so, &eo);
}

/* When the longest match at `so` is not a valid `rejected` (a 16-digit
 * hex token looks like base64 without its mixed case), the other shapes
 * that match at `so` are tried in order; returns the first valid one (its
 * end in *eo), -1 when none is, or -2 when out of memory. `copy` has `len`
 * bytes and a sentinel byte before it (see smart__shapes_scan),
 * the context of a token at 0. */
static int fallback(const smart_shapes *s, const char *copy, size_t len, size_t so, int rejected,
		    size_t *eo)
{
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		regmatch_t m = { .rm_so = 0, .rm_eo = (regoff_t)(len - so + 1) };
		const regex_t *single;
		size_t n;

		if (k == rejected || s->group_shape[k] < 0)
			continue;
		if (!(single = thread_single(k)))
			return -2;
		/* "^.(shape)": the group ends where the match does, so the
		 * whole match says its length. Asked for the group, glibc logs
		 * every state of the search and walks them back: 78% of the
		 * matches in MediaWiki's pages are long words the base64 shape
		 * takes and rejects, each tried here against every shape. */
		if (regexec(single, copy + so - 1, 1, &m, REG_STARTEND) != 0)
			continue;
		assert(m.rm_so == 0 && m.rm_eo >= 1);
		n = (size_t)(m.rm_eo - 1);
		if (n == 0 || (smart__shapes_table[k].valid && !smart__shapes_table[k].valid(copy + so, n)))
			continue;
		*eo = so + n;
		return k;
	}
	return -1;
}

int smart__shapes_scan(const smart_shapes *s, const char *text, size_t len, shape_visit visit,
			void *ctx)
{
	regmatch_t *m = malloc(s->n_groups * sizeof(*m));
	char *buf = malloc(len + 2), *copy = buf + 1;
	size_t pos = 0;
	int rc = 0;

	if (!m || !buf) {
		free(m);
		free(buf);
		return -1;
	}
	/* A space before the text is the context the start of a text gives
	 * (no word goes on across it), for the anchored fallbacks; every
	 * search is bounded by REG_STARTEND, so none measures the rest of
	 * the text with strlen. */
	buf[0] = ' ';
	memcpy(copy, text, len);
	copy[len] = '\0';
	while (rc == 0 && pos < len) {
		size_t so, eo;
		int shape = -1;

		m[0].rm_so = 0;
		m[0].rm_eo = (regoff_t)(len - pos);
		if (regexec(&s->re, copy + pos, s->n_groups, m, REG_STARTEND | (pos ? REG_NOTBOL : 0)) != 0)
			m[0].rm_so = m[0].rm_eo = (regoff_t)(len - pos); /* none: the short tokens left */
		so = pos + (size_t)m[0].rm_so;
		eo = pos + (size_t)m[0].rm_eo;
		if (s->group_shape[SMART_SHAPE_BASE64] >= 0) {
			size_t tso, teo;

			while (rc == 0 && short_token(copy, pos, so, &tso, &teo)) {
				rc = visit(ctx, SMART_SHAPE_BASE64, tso, teo);
				pos = teo;
			}
		}
		if (rc != 0 || so == len)
			break;

		if (eo == so) { /* an empty match: step over one byte */
			pos = so + 1;
			continue;
		}
		for (int k = 0; k < SMART_SHAPE_COUNT && shape < 0; k++)
			if (s->group_shape[k] >= 0 && m[s->group_shape[k]].rm_so >= 0)
				shape = k;
		if (shape >= 0 && smart__shapes_table[shape].valid && !smart__shapes_table[shape].valid(copy + so, eo - so))
			shape = fallback(s, copy, len, so, shape, &eo);
		if (shape == -2) {
			rc = -1;
			break;
		}
		if (shape < 0) {
			/* no shape fits the whole match ("sha256-<hex>" looks like
			 * base64 but is not): look again after the word it starts
			 * with, since a shape may begin there ("<hex>") */
			pos = so + 1;
			while (pos < len && isalnum((unsigned char)copy[pos]) &&
			       isalnum((unsigned char)copy[pos - 1]))
				pos++;
			continue;
		}
		rc = visit(ctx, shape, so, eo);
		pos = eo;
	}
	free(buf);
	free(m);
	return rc;
}
