/* Scrubbing in place (scrub/values.c, scrub/scrub_log.c): over the
 * pairs of the handmade corpus and over random pages full of dates,
 * tokens, versions, moved links and added classes, scrubbing both trees,
 * rebasing them and removing added presentational attributes (the script
 * left still patches the old tree into the new one), then undoing
 * the log, leaves every node and attribute exactly as parsed (the same
 * bytes, the same pointers); redoing gives the scrubbed trees back; and
 * each scrubbed value is the value masked by the shapes, as a copy would
 * have held it. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/corpus.h"
#include "smart/diffx.h"
#include "smart/patch.h"
#include "smart/profile.h"

/* The node and attribute arrays of a tree, byte for byte. */
typedef struct snapshot {
	smart_node *nodes;
	smart_attr *attrs;
	uint32_t count, attr_total;
} snapshot;

static snapshot take(const smart_tree *t)
{
	snapshot s = { malloc((t->count ? t->count : 1) * sizeof(*t->nodes)),
		       malloc((t->attr_total ? t->attr_total : 1) * sizeof(*t->attrs)), t->count,
		       t->attr_total };

	assert_non_null(s.nodes);
	assert_non_null(s.attrs);
	memcpy(s.nodes, t->nodes, t->count * sizeof(*t->nodes));
	if (t->attr_total)
		memcpy(s.attrs, t->attrs, t->attr_total * sizeof(*t->attrs));
	return s;
}

static void assert_same(const snapshot *s, const smart_tree *t)
{
	assert_int_equal(s->count, t->count);
	assert_int_equal(s->attr_total, t->attr_total);
	assert_memory_equal(s->nodes, t->nodes, t->count * sizeof(*t->nodes));
	if (t->attr_total)
		assert_memory_equal(s->attrs, t->attrs, t->attr_total * sizeof(*t->attrs));
}

static void drop(snapshot *s)
{
	free(s->nodes);
	free(s->attrs);
}

/* Each value of the scrubbed tree t, against the raw one in `raw`: the
 * same pointer when the shapes found nothing in it, else its masked form;
 * returns how many were scrubbed. Rebased links and volatile attributes
 * ("{measured}") are recognised by their placeholders. */
static unsigned check_masked(const smart_shapes *shapes, const snapshot *raw, const smart_tree *t)
{
	smart_error err = { { 0 } };
	unsigned scrubbed = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		const char *was = raw->nodes[i].text, *is = t->nodes[i].text;
		char *masked;
		unsigned found = 0;

		if (t->nodes[i].kind != SMART_NODE_TEXT || !was || is == was)
			continue;
		assert_int_equal(t->nodes[i].text_len, strlen(is));
		scrubbed++;
		if (strncmp(is, "{base}", 6) == 0)
			continue;
		masked = smart_shapes_mask(shapes, was, strlen(was), &found, &err);
		assert_non_null(masked);
		assert_true(found != 0);
		assert_string_equal(is, masked);
		free(masked);
	}
	return scrubbed;
}

/* The script of d, once the presentational inserts are dropped from it,
 * still turns `a` into `b` (without those attributes), and inserts none:
 * the alignment of what is left, without aligning again. */
static void assert_script_patches(const smart_tree *a, const smart_diff *d, const smart_tree *b)
{
	smart_error err = { { 0 } };
	char *json = smart_diff_to_json_string(d, &err);
	smart_script *script = json ? smart_script_parse(json, strlen(json), "d", &err) : NULL;
	smart_tree *patched = script ? smart_patch(a, script, &err) : NULL;

	if (!patched)
		fail_msg("patch: %s", err.message);
	assert_true(smart_tree_equal(patched, b));
	for (size_t i = 0; i < d->op_count; i++)
		assert_false(d->ops[i].kind == SMART_OP_ATTR_INSERT &&
			     smart_presentation_attribute(d->ops[i].attr_name) &&
			     b->format == SMART_FORMAT_HTML);
	smart_tree_free(patched);
	smart_script_free(script);
	free(json);
}

/* Scrubs, rebases, aligns and removes added presentation on the pair,
 * then checks undo and redo; returns how many values were scrubbed. */
static unsigned check_pair(const char *old_doc, size_t old_len, const char *new_doc,
			   size_t new_len, smart_format format)
{
	smart_error err = { { 0 } };
	const smart_shapes *shapes = smart_shapes_scrubbed(&err);
	smart_tree *a = smart_tree_parse(old_doc, old_len, format, "old", &err);
	smart_tree *b = a ? smart_tree_parse(new_doc, new_len, format, "new", &err) : NULL;
	smart_scrub_log *log = smart_scrub_log_new(&err);
	snapshot raw_a, raw_b, clean_a, clean_b;
	smart_diff *d;
	unsigned scrubbed;

	assert_non_null(shapes);
	assert_non_null(log);
	if (!b) { /* a record the parser refuses says nothing here */
		smart_tree_free(a);
		smart_scrub_log_free(log);
		return 0;
	}
	raw_a = take(a);
	raw_b = take(b);
	assert_int_equal(smart_shapes_scrub(shapes, a, b, log, &err), 0);
	scrubbed = check_masked(shapes, &raw_a, a) + check_masked(shapes, &raw_b, b);
	assert_true(smart_scrub_rebase(a, b, log, &err) >= 0);
	d = smart_diffx(a, b, &err);
	assert_non_null(d);
	assert_true(smart_scrub_added_presentation(b, d, log, &err) >= 0);
	assert_script_patches(a, d, b);
	smart_diff_free(d);
	clean_a = take(a);
	clean_b = take(b);

	smart_scrub_log_undo(log);
	assert_same(&raw_a, a);
	assert_same(&raw_b, b);
	smart_scrub_log_undo(log); /* already undone: nothing to do */
	assert_same(&raw_a, a);
	smart_scrub_log_redo(log);
	assert_same(&clean_a, a);
	assert_same(&clean_b, b);
	smart_scrub_log_undo(log);
	assert_same(&raw_a, a);
	assert_same(&raw_b, b);

	drop(&raw_a);
	drop(&raw_b);
	drop(&clean_a);
	drop(&clean_b);
	smart_scrub_log_free(log);
	smart_tree_free(b);
	smart_tree_free(a);
	return scrubbed;
}

static void corpus_pairs_are_restored_exactly(void **state)
{
	smart_error err = { { 0 } };
	smart_corpus_reader *r = smart_corpus_open("corpora/handmade.jsonl", &err);
	smart_pair p;
	unsigned pairs = 0, scrubbed = 0;
	int rc;

	(void)state;
	assert_non_null(r);
	while ((rc = smart_corpus_next(r, &p, &err)) != SMART_CORPUS_END) {
		assert_int_not_equal(rc, SMART_CORPUS_FATAL);
		if (rc != SMART_CORPUS_PAIR)
			continue;
		scrubbed += check_pair(p.old_doc, p.old_len, p.new_doc, p.new_len, p.format);
		pairs++;
	}
	smart_corpus_close(r);
	assert_true(pairs >= 20);
	assert_true(scrubbed > 0); /* the property was put to work */
}

/* A tiny deterministic generator, so that a failure can be replayed. */
static uint32_t next_random(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*s >> 33);
}

/* A random page (seeded): paragraphs with dates, clocks, tokens, versions
 * and plain words, links under a root that `moved` changes, metadata,
 * timestamps in attributes, and classes added when `decorated`. */
static char *random_page(uint64_t seed, int moved, int decorated)
{
	static const char *const words[] = { "alpha", "the", "release", "notes", "build",
					     "Updated", "ago", "now", "UTC", "/tmp/x" };
	size_t cap = 1 << 16, len = 0;
	char *s = malloc(cap);
	uint64_t r = seed;
	int n = 5 + (int)(next_random(&r) % 30);

	assert_non_null(s);
	len += (size_t)snprintf(s + len, cap - len,
				"<html><head><meta name=\"generator\" content=\"Gen %u.%u.%u\">"
				"<link rel=\"canonical\" href=\"%s/page.html\"></head><body>",
				next_random(&r) % 9, next_random(&r) % 9, next_random(&r) % 9,
				moved ? "https://docs.example.org/latest" : "http://127.0.0.1:8000");
	for (int i = 0; i < n && len + 512 < cap; i++) {
		uint32_t k = next_random(&r);

		len += (size_t)snprintf(
			s + len, cap - len,
			"<p%s id=\"p%d\">%s %s 2024-%02u-%02u %02u:%02u build %08x%04x v%u.%u.%u "
			"<a href=\"%s/doc/%d.html?v=%u\">%s</a> <time datetime=\"%u\">x</time>"
			"<span title=\"%u items\">%u</span></p>",
			decorated && k % 3 == 0 ? " class=\"lead\" data-track=\"1\"" : "", i,
			words[k % 10], words[(k / 10) % 10], 1 + k % 12, 1 + k % 28, k % 24, k % 60, k,
			k % 65536, k % 5, k % 7, k % 11, moved ? "/latest" : "", i, k % 1000,
			words[(k / 100) % 10], k, k % 100, k % 1000);
	}
	len += (size_t)snprintf(s + len, cap - len, "</body></html>");
	return s;
}

static void random_pages_are_restored_exactly(void **state)
{
	unsigned scrubbed = 0;

	(void)state;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		char *a = random_page(seed, 0, 0);
		char *b = random_page(seed * 7919, seed % 2 == 0, seed % 3 != 0);

		scrubbed += check_pair(a, strlen(a), b, strlen(b), SMART_FORMAT_HTML);
		free(a);
		free(b);
	}
	assert_true(scrubbed > 100);
}

/* Undo puts back the attributes an element lost, in their order. */
static void removed_attributes_come_back_in_order(void **state)
{
	smart_error err = { { 0 } };
	smart_tree *a = parse_html("<p id=\"x\">t</p>");
	smart_tree *b = parse_html("<p class=\"c\" data-k=\"1\" id=\"x\" style=\"s\">t</p>");
	smart_scrub_log *log = smart_scrub_log_new(&err);
	smart_diff *d = smart_diffx(a, b, &err);
	uint32_t p = find_node(b, "p", 0);
	const smart_node *n = &b->nodes[p];

	(void)state;
	assert_non_null(d);
	assert_int_equal(smart_scrub_added_presentation(b, d, log, &err), 3);
	assert_int_equal(n->attr_count, 1);
	assert_string_equal(b->attrs[n->attr_first].name, "id");
	assert_int_equal(smart_scrub_log_count(log), 3);
	smart_scrub_log_undo(log);
	assert_int_equal(n->attr_count, 4);
	assert_string_equal(b->attrs[n->attr_first].name, "class");
	assert_string_equal(b->attrs[n->attr_first + 1].name, "data-k");
	assert_string_equal(b->attrs[n->attr_first + 2].name, "id");
	assert_string_equal(b->attrs[n->attr_first + 3].name, "style");
	smart_scrub_log_redo(log);
	assert_int_equal(n->attr_count, 1);
	assert_string_equal(b->attrs[n->attr_first].name, "id");
	smart_diff_free(d);
	smart_scrub_log_free(log);
	smart_tree_free(b);
	smart_tree_free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_pairs_are_restored_exactly),
		cmocka_unit_test(random_pages_are_restored_exactly),
		cmocka_unit_test(removed_attributes_come_back_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
