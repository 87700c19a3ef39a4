/*
 * Value shapes: the kinds of tokens that change between two runs of a clean
 * program (dates, clocks, session tokens, versions, build paths, ...), as
 * POSIX extended regular expressions (glibc's \< and \> word boundaries).
 *
 * A set of shapes is compiled into ONE regular expression, an alternation
 * with one group per shape, so finding the next token of a text costs one
 * regexec; each shape is also compiled alone, to tell which shape a token
 * is. This file compiles sets and the shapes alone, once per thread; the
 * tokens are found in shapes_scan.c, the shapes themselves are in
 * shapes_table.c, masking and comparing values in shapes_mask.c.
 */
#include "smart/shapes.h"
#include "internal.h"

#include <assert.h>
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
 * The shapes alone (smart__shapes_alone) are the thread's too: one list
 * shared by its sets, each shape compiled when a token first asks it. Every
 * set used to compile all of its own, so the built-in and scrubbed sets
 * compiled the date shape (3.9 KB of expression, a millisecond) and the
 * others twice: 10 of the 36 million instructions of compiling in one
 * shard of cmark's corpus, paid again by every shard (docs/shards.md). */
#define THREAD_SETS_MAX 8

typedef struct thread_sets {
	smart_shapes *set[THREAD_SETS_MAX];
	size_t n;
	smart__shape_alone alone[SMART_SHAPE_COUNT];
	unsigned char alone_made[SMART_SHAPE_COUNT];
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
		if (t->alone_made[k])
			regfree(&t->alone[k].anchored);
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

/* The bytes a match of `shape` can start with, into starts: those of
 * glibc's fastmap of the shape compiled alone (every byte when it can
 * match the empty string). 0, or -1 when out of memory. */
static int first_bytes(const char *shape, unsigned char starts[256])
{
	smart_strbuf b = { 0 };
	regex_t re;
	int rc;

	if (smart__strbuf_printf(&b, "(%s)", shape))
		return -1;
	rc = regcomp(&re, b.data, REG_EXTENDED);
	smart__strbuf_free(&b);
	if (rc != 0)
		return -1;
	for (int c = 0; c < 256; c++)
		starts[c] = re.can_be_null || !re.fastmap || re.fastmap[c];
	regfree(&re);
	return 0;
}

const smart__shape_alone *smart__shapes_alone(int k)
{
	thread_sets *mine = thread_sets_mine();

	assert(k >= 0 && k < SMART_SHAPE_COUNT);
	if (!mine)
		return NULL;
	if (!mine->alone_made[k]) {
		smart__shape_alone *a = &mine->alone[k];

		if (first_bytes(smart__shapes_table[k].regex, a->starts))
			return NULL; /* out of memory: the shape compiled in its set */
		if (compile_anchored(&a->anchored, smart__shapes_table[k].regex))
			return NULL;
		mine->alone_made[k] = 1;
	}
	return &mine->alone[k];
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
