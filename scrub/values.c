/*
 * The "values" scrubber (scrub/registry.c; smart_shapes_scrub in
 * include/smart/scrub.h): every value shape of a set (dates, clocks, tokens,
 * versions, build paths, ports, ...) in a tree is replaced by its
 * placeholder, in place and recorded in a smart_scrub_log so that the tree
 * can be put back, so that two runs differing only in such values align
 * with no edit at all, and every feature measures what is left.
 */
#include "smart/scrub.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "common/name_match.h"

/* Whether a value can hold a shape at all: every shape but paths, zone
 * names and a few words ("just now", "yesterday", "(… Time)", "(UTC)",
 * "localhost") contains a digit, so most text is passed over without
 * running the regular expression. A bare number holds only epochs,
 * compact dates and months (202403). Read as: a run of digits from the
 * start (to the end: a bare number; then something else: a digit with
 * more), else the first digit looked for with strcspn (glibc's reads a
 * block of bytes at a time), and only a value with none at all is read
 * again for the words. */
static int may_hold_shape(const char *v)
{
	const char *p = v;

	while ((unsigned char)(*p - '0') < 10) /* isdigit in the C locale */
		p++;
	if (!*p) {
		size_t len = (size_t)(p - v);

		return len == 6 || len == 10 || len == 13 || len == 14;
	}
	if (p > v || v[strcspn(v, "0123456789")])
		return 1;
	return smart_shapes_digitless_word(v);
}

/* The values of a pair that may hold a shape, already scrubbed, by
 * content: a page repeats its footer's date or build id, and the new run
 * repeats the values of the old one, so each distinct one is matched
 * against the shapes' expression once. An open-addressing table of
 * (value, its scrubbed form) that doubles at half full; it lives only
 * while the two trees are scrubbed. */
typedef struct memo_slot {
	const char *value;    /* NULL: an empty slot */
	const char *scrubbed; /* `value` itself when it holds no shape */
} memo_slot;

typedef struct scrub_memo {
	memo_slot *slots;
	size_t mask, used;
} scrub_memo;

/* A hash of the value read eight bytes at a time (its length from strlen,
 * which reads blocks): a byte at a time cost about as much as the quick
 * test. Only the memo's slots depend on it, never a scrubbed form. */
static size_t memo_hash(const char *v)
{
	size_t len = strlen(v);
	uint64_t h = 0xcbf29ce484222325ULL ^ len, word;

	for (; len >= 8; v += 8, len -= 8) {
		memcpy(&word, v, 8);
		h = (h ^ word) * 0x100000001b3ULL;
		h ^= h >> 32;
	}
	word = 0;
	memcpy(&word, v, len);
	h = (h ^ word) * 0x100000001b3ULL;
	return (size_t)(h ^ (h >> 29));
}

/* The slot holding `value`, or the empty slot where it belongs. */
static memo_slot *memo_slot_of(const scrub_memo *m, const char *value, size_t h)
{
	for (size_t i = h & m->mask;; i = (i + 1) & m->mask) {
		memo_slot *slot = &m->slots[i];

		if (!slot->value || slot->value == value || strcmp(slot->value, value) == 0)
			return slot;
	}
}

/* Doubles the table (or makes the first); 0, or -1 when out of memory. */
static int memo_grow(scrub_memo *m)
{
	size_t size = m->slots ? 2 * (m->mask + 1) : 4096;
	scrub_memo bigger = { calloc(size, sizeof(memo_slot)), size - 1, m->used };

	if (!bigger.slots)
		return -1;
	for (size_t i = 0; m->slots && i <= m->mask; i++)
		if (m->slots[i].value)
			*memo_slot_of(&bigger, m->slots[i].value, memo_hash(m->slots[i].value)) =
				m->slots[i];
	free(m->slots);
	*m = bigger;
	return 0;
}

/* `value` with the escapes that hide a value's shape in a script's or a
 * JSON string decoded -- "\/" as "/", "\uXXXX" of a printable ASCII
 * character as that character -- as a new string (PHP's json_encode writes
 * a date as "2024\/03\/15 10:00"); NULL when it holds none, or when out of
 * memory (*oom set). */
static char *unescaped(const char *value, int *oom)
{
	size_t len = strlen(value), out = 0;
	char *s = malloc(len + 1);
	int changed = 0;

	*oom = !s;
	for (const char *p = value; s && *p;) {
		unsigned code = 0;

		if (p[0] == '\\' && p[1] == '/') {
			s[out++] = '/';
			p += 2;
			changed = 1;
		} else if (p[0] == '\\' && p[1] == 'u' && isxdigit((unsigned char)p[2]) &&
			   isxdigit((unsigned char)p[3]) && isxdigit((unsigned char)p[4]) &&
			   isxdigit((unsigned char)p[5]) && sscanf(p + 2, "%4x", &code) == 1 &&
			   code >= 0x20 && code < 0x7f) {
			s[out++] = (char)code;
			p += 6;
			changed = 1;
		} else {
			s[out++] = *p++;
		}
	}
	if (s && changed) {
		s[out] = '\0';
		return s;
	}
	free(s);
	return NULL;
}

/* The scrubbed form of `value` in the log's arena, or `value` itself when
 * no shape occurs in it; NULL when out of memory. Most values hold no
 * shape: a quick test and one search of the shapes' expression without
 * their groups (smart_shapes_any) tell so, before any masking; the others
 * are masked once per distinct value (the memo). A value with escapes is
 * matched with them decoded; its scrubbed form is the decoded one, the
 * same in both trees. */
static const char *scrub_value(scrub_memo *m, const smart_shapes *s, smart_scrub_log *log,
			       const char *value, smart_error *err)
{
	unsigned found = 0;
	char *masked, *copy = NULL, *plain = NULL;
	const char *text = value;
	memo_slot *slot;
	int oom = 0;

	if (!value)
		return value;
	if (strchr(value, '\\') && (plain = unescaped(value, &oom)))
		text = plain;
	if (oom) {
		smart_error_oom(err);
		return NULL;
	}
	if (!may_hold_shape(text))
		goto done; /* value itself */
	/* looked up before the shapes' quick test: the new page repeats
	 * most of the old one's values, and a lookup costs a third of it
	 * (callgrind, bench/classify_parse's pair) */
	if (2 * (m->used + 1) > m->mask + 1 && memo_grow(m)) {
		free(plain);
		smart_error_oom(err);
		return NULL;
	}
	slot = memo_slot_of(m, value, memo_hash(value));
	if (slot->value) {
		free(plain);
		return slot->scrubbed == slot->value ? value : slot->scrubbed;
	}
	if (!smart_shapes_may_match(s, text) || !smart_shapes_any(s, text))
		goto keep;
	masked = smart_shapes_mask(s, text, strlen(text), &found, err);
	if (!masked) {
		free(plain);
		return NULL;
	}
	if (found && (copy = smart_scrub_log_alloc(log, strlen(masked) + 1)))
		strcpy(copy, masked);
	free(masked);
	if (found && !copy) {
		free(plain);
		smart_error_oom(err);
		return NULL;
	}
keep:
	slot->value = value;
	slot->scrubbed = found ? copy : value;
	m->used++;
	free(plain);
	return slot->scrubbed;
done:
	free(plain);
	return value;
}

/* Whether text node `i` of `t` is a stylesheet: the content of a <style>
 * element. */
static int is_stylesheet(const smart_tree *t, uint32_t i)
{
	uint32_t parent = t->nodes[i].parent;

	return parent != SMART_NONE && t->nodes[parent].kind == SMART_NODE_ELEMENT &&
	       smart__name_is_nocase(t->nodes[parent].name, "style");
}

/* A stylesheet with every run of white space made one space and both ends
 * trimmed, in the log's arena; `css` itself when that changes nothing, NULL when
 * out of memory. Reindenting a stylesheet (a template's indentation, a
 * pretty-printer's) changes nothing a browser draws, and white space is
 * not significant in CSS outside strings, which hold none that matters
 * here. */
static const char *stylesheet_collapsed(smart_scrub_log *log, const char *css)
{
	size_t len = strlen(css), out = 0;
	char *s = smart_scrub_log_alloc(log, len + 1);
	int space = 0;

	if (!s)
		return NULL;
	for (const char *p = css; *p; p++) {
		if (isspace((unsigned char)*p)) {
			space = out > 0;
			continue;
		}
		if (space)
			s[out++] = ' ';
		space = 0;
		s[out++] = *p;
	}
	s[out] = '\0';
	return strcmp(s, css) == 0 ? css : s;
}

/* Attributes whose value is a measurement of the run, not content: JUnit's
 * time="0.023", timestamp="…", hostname="…"; <time datetime="…">. Their
 * values are scrubbed whatever shape they have. */
static int volatile_attribute(const char *name)
{
	static const char *const names[] = { "time", "timestamp", "duration", "elapsed",
					     "hostname", "datetime", NULL };

	return smart__name_in_nocase(name, names);
}

static void note_scrubbed(smart__scrub_notes *notes, const char *raw, const char *scrubbed)
{
	smart__year_set_note_scrubbed(&notes->years, raw, scrubbed);
	smart__moment_set_note_scrubbed(&notes->moments, raw, scrubbed);
}

/* Scrubs the values of one tree (see smart__scrub_values), noting what the
 * scrubbed values lost in `notes`. */
static int scrub_tree(scrub_memo *m, const smart_shapes *s, smart_tree *t, smart_scrub_log *log,
		      smart__scrub_notes *notes, smart_error *err)
{
	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *n = &t->nodes[i];

		if (n->kind == SMART_NODE_TEXT && n->text) {
			const char *text = is_stylesheet(t, i) ? stylesheet_collapsed(log, n->text)
							      : n->text;
			const char *v = text ? scrub_value(m, s, log, text, err) : NULL;

			if (!text)
				return smart_error_oom(err);

			if (!v)
				return -1;
			if (v == n->text)
				continue;
			if (v != text)
				note_scrubbed(notes, text, v);
			if (smart_scrub_log_set(log, &n->text, &n->text_len, v))
				return smart_error_oom(err);
		}
		for (uint32_t k = 0; n->kind == SMART_NODE_ELEMENT && k < n->attr_count; k++) {
			smart_attr *a = &t->attrs[n->attr_first + k];
			const char *v = volatile_attribute(a->name) ? "{measured}"
								    : scrub_value(m, s, log, a->value, err);

			if (!v)
				return -1;
			if (v == a->value)
				continue;
			if (a->value)
				note_scrubbed(notes, a->value, v);
			if (smart_scrub_log_set(log, &a->value, NULL, v))
				return smart_error_oom(err);
		}
	}
	return 0;
}

int smart__scrub_values(const smart_shapes *s, smart_tree *old_tree, smart_tree *new_tree,
			smart_scrub_log *log, smart__scrub_notes notes[2], smart_error *err)
{
	scrub_memo m = { NULL, 0, 0 };
	int rc = scrub_tree(&m, s, old_tree, log, &notes[0], err);

	if (rc == 0 && new_tree)
		rc = scrub_tree(&m, s, new_tree, log, &notes[1], err);
	free(m.slots);
	return rc;
}

int smart_shapes_scrub(const smart_shapes *s, smart_tree *old_tree, smart_tree *new_tree,
		       smart_scrub_log *log, smart_error *err)
{
	smart__scrub_notes *notes = calloc(2, sizeof(*notes)); /* old, new: too big for the stack */
	int rc = notes ? smart__scrub_values(s, old_tree, new_tree, log, notes, err)
		       : smart_error_oom(err);
	int pieces = 0;

	if (rc == 0 && new_tree)
		rc = smart__scrub_clock_year(old_tree, new_tree, &notes[0].years, &notes[1].years, log,
					     err);
	if (rc >= 0 && new_tree)
		pieces = smart__scrub_clock_pieces(old_tree, new_tree, &notes[0].moments,
						   &notes[1].moments, log, err);
	free(notes);
	return rc < 0 || pieces < 0 ? -1 : rc + pieces;
}

int smart_shapes_count_discounted(const smart_shapes *s, const smart_tree *old_raw,
				  const smart_tree *new_raw, const uint32_t *old_to_new,
				  unsigned counts[SMART_SHAPE_COUNT])
{
	int total = 0;

	for (uint32_t i = 0; i < old_raw->count; i++) {
		const smart_node *a = &old_raw->nodes[i], *b;
		uint32_t j = old_to_new[i];
		int got;

		if (j == SMART_NONE)
			continue;
		b = &new_raw->nodes[j];
		if (a->kind == SMART_NODE_TEXT && a->text && b->text && strcmp(a->text, b->text)) {
			got = smart_shapes_count_changes(s, a->text, b->text, counts);
			if (got < 0)
				return -1;
			total += got;
		}
		for (uint32_t k = 0; a->kind == SMART_NODE_ELEMENT && k < a->attr_count; k++) {
			const smart_attr *x = &old_raw->attrs[a->attr_first + k];
			const smart_attr *y = smart_tree_attr(new_raw, j, x->name);

			if (!y || !x->value || !y->value || strcmp(x->value, y->value) == 0)
				continue;
			got = smart_shapes_count_changes(s, x->value, y->value, counts);
			if (got < 0)
				return -1;
			total += got;
		}
	}
	return total;
}
