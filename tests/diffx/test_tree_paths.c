/* Node paths count content siblings only, as scripts do
 * (docs/script-format.md): comments and processing instructions never
 * shift an element's [k]. */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

/* diff(old, new) as JSON, read back and applied to old, gives new. */
static void assert_patch_round_trip(smart_tree *a, smart_tree *b)
{
	smart_error err = { { 0 } };
	smart_diff *d = smart_diffx(a, b, &err);
	char *json = d ? smart_diff_to_json_string(d, &err) : NULL;
	smart_script *s = json ? smart_script_parse(json, strlen(json), "s", &err) : NULL;
	smart_tree *p = s ? smart_patch(a, s, &err) : NULL;

	if (!p)
		fail_msg("%s", err.message);
	assert_true(smart_tree_equal(p, b));
	smart_tree_free(p);
	smart_script_free(s);
	free(json);
	smart_diff_free(d);
}

/* Found by fuzzing: a processing instruction shares its target's interned
 * name with the elements of that name, so in <?d?><d> the element was
 * numbered d[2], a path patch could not resolve ("names no node of the old
 * document"): the own script of a pair did not apply. */
static void a_processing_instruction_does_not_shift_its_namesakes(void **state)
{
	smart_tree *h1 = parse_html("<p><?d?><d>x</d><!--d--><d>z</d></p>");
	smart_tree *h2 = parse_html("<p><?d?><d>y</d></p>");
	smart_tree *x1 = parse_xml("<r><?d a?><d>x</d></r>");
	smart_tree *x2 = parse_xml("<r><?d a?><d>y</d><?d b?></r>");
	char path[64];
	uint32_t d = find_node(h1, "d", 1); /* 0 is the PI */

	(void)state;
	assert_int_equal(h1->nodes[d].kind, SMART_NODE_ELEMENT);
	smart_tree_path(h1, d, path, sizeof(path));
	assert_string_equal(path, "/html/body/p/d[1]");
	smart_tree_path(x2, find_node(x2, "d", 1), path, sizeof(path));
	assert_string_equal(path, "/r/d");
	assert_patch_round_trip(h1, h2);
	assert_patch_round_trip(h2, h1);
	assert_patch_round_trip(x1, x2);
	assert_patch_round_trip(x2, x1);
	smart_tree_free(h1);
	smart_tree_free(h2);
	smart_tree_free(x1);
	smart_tree_free(x2);
}

/* Content siblings and the others (comments, processing instructions)
 * are numbered apart, each kind among its namesakes of the same parent
 * (tree_number.c numbers both in one walk over the children). */
static void content_and_other_siblings_are_numbered_apart(void **state)
{
	smart_tree *t = parse_xml("<r><?d a?><d/><!--c--><d/><?d b?><x><d/></x><!--c--><d/></r>");
	static const struct {
		smart_node_kind kind;
		const char *name;
		uint32_t position, siblings;
	} want[] = {
		{ SMART_NODE_PI, "d", 1, 2 },         { SMART_NODE_ELEMENT, "d", 1, 3 },
		{ SMART_NODE_COMMENT, "#comment", 1, 2 }, { SMART_NODE_ELEMENT, "d", 2, 3 },
		{ SMART_NODE_PI, "d", 2, 2 },         { SMART_NODE_ELEMENT, "x", 1, 1 },
		{ SMART_NODE_ELEMENT, "d", 1, 1 },    { SMART_NODE_COMMENT, "#comment", 2, 2 },
		{ SMART_NODE_ELEMENT, "d", 3, 3 },
	};
	uint32_t r = find_node(t, "r", 0);

	(void)state;
	assert_int_equal(t->count, r + 1 + sizeof(want) / sizeof(want[0]));
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		const smart_node *n = &t->nodes[r + 1 + k];

		assert_int_equal(n->kind, want[k].kind);
		assert_string_equal(n->name, want[k].name);
		assert_int_equal(n->name_position, want[k].position);
		assert_int_equal(n->name_siblings, want[k].siblings);
	}
	smart_tree_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		unit_test_libxml2(a_processing_instruction_does_not_shift_its_namesakes),
		unit_test_libxml2(content_and_other_siblings_are_numbered_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
