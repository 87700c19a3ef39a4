/* DiffX on small hand-made pairs whose edit script is known. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

typedef struct pair {
	smart_tree *old_tree, *new_tree;
	smart_diff *diff;
	unsigned count[SMART_OP_ATTR_CHANGE + 1];
} pair;

/* The matching invariants every diff must keep: old_to_new and new_to_old
 * are inverse on matched nodes, matched nodes have the same name and kind,
 * the documents match each other, comments and PIs never match. */
static void check_matching(const smart_diff *d)
{
	const smart_tree *a = d->old_tree, *b = d->new_tree;

	assert_int_equal(d->old_to_new[0], 0);
	assert_int_equal(d->new_to_old[0], 0);
	for (uint32_t x = 0; x < a->count; x++) {
		uint32_t y = d->old_to_new[x];

		if (y == SMART_NONE)
			continue;
		assert_true(y < b->count);
		assert_int_equal(d->new_to_old[y], x);
		assert_string_equal(a->nodes[x].name, b->nodes[y].name);
		assert_int_equal(a->nodes[x].kind, b->nodes[y].kind);
		assert_true(smart_node_is_content(&a->nodes[x]));
	}
	for (uint32_t y = 0; y < b->count; y++)
		if (d->new_to_old[y] != SMART_NONE)
			assert_int_equal(d->old_to_new[d->new_to_old[y]], y);
}

static pair diff_of(smart_tree *old_tree, smart_tree *new_tree)
{
	smart_error err = { { 0 } };
	pair p = { old_tree, new_tree, NULL, { 0 } };

	p.diff = smart_diffx(old_tree, new_tree, &err);
	if (!p.diff)
		fail_msg("diff failed: %s", err.message);
	check_matching(p.diff);
	for (size_t k = 0; k < p.diff->op_count; k++)
		p.count[p.diff->ops[k].kind]++;
	return p;
}

static pair html_pair(const char *old_html, const char *new_html)
{
	return diff_of(parse_html(old_html), parse_html(new_html));
}

static void pair_free(pair *p)
{
	smart_diff_free(p->diff);
	smart_tree_free(p->old_tree);
	smart_tree_free(p->new_tree);
}

/* The path of an operation's node, in the tree the script names it in. */
static const char *op_path(const pair *p, size_t k)
{
	static char buf[512];
	const smart_edit_op *op = &p->diff->ops[k];

	if (op->kind == SMART_OP_INSERT)
		smart_tree_path(p->new_tree, op->new_node, buf, sizeof(buf));
	else
		smart_tree_path(p->old_tree, op->old_node, buf, sizeof(buf));
	return buf;
}

static void diffx_moved_list_item_is_exactly_one_move(void **state)
{
	pair p = html_pair("<ul><li>one</li><li>two</li><li>three</li><li>four</li></ul>",
			   "<ul><li>one</li><li>four</li><li>two</li><li>three</li></ul>");
	char to[64];

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_MOVE);
	assert_string_equal(op_path(&p, 0), "/html/body/ul/li[4]");
	smart_tree_path(p.new_tree, p.diff->ops[0].new_node, to, sizeof(to));
	assert_string_equal(to, "/html/body/ul/li[2]");
	assert_int_equal(p.diff->ops[0].subtree_size, 2);
	assert_int_equal(p.diff->summary.moves, 2);
	assert_int_equal(p.diff->summary.inserts + p.diff->summary.deletes, 0);
	pair_free(&p);
}

static void diffx_swapped_paragraphs_are_one_move(void **state)
{
	pair p = html_pair("<div><p>first <b>bold</b></p><p>second</p></div>",
			   "<div><p>second</p><p>first <b>bold</b></p></div>");

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.count[SMART_OP_MOVE], 1);
	pair_free(&p);
}

static void diffx_inserted_table_row_is_one_insert_of_its_size(void **state)
{
	pair p = html_pair(
		"<table><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>",
		"<table><tr><td>a</td><td>1</td></tr><tr><td>new</td><td>9</td><td>x</td></tr>"
		"<tr><td>b</td><td>2</td></tr></table>");

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_INSERT);
	assert_int_equal(p.diff->ops[0].subtree_size, 7); /* tr, 3 td, 3 texts */
	assert_string_equal(op_path(&p, 0), "/html/body/table/tr[2]");
	assert_int_equal(p.diff->summary.inserts, 7);
	pair_free(&p);
}

static void diffx_deleted_form_is_one_delete_of_its_size(void **state)
{
	pair p = html_pair("<div><h1>Log in</h1><form action=/x><input name=u>"
			   "<input name=p type=password><button>Go</button></form>"
			   "<p>Help</p></div>",
			   "<div><h1>Log in</h1><p>Help</p></div>");

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_DELETE);
	assert_string_equal(op_path(&p, 0), "/html/body/div/form");
	assert_int_equal(p.diff->ops[0].subtree_size, 5); /* form, 2 inputs, button, text */
	assert_int_equal(p.diff->summary.deletes, 5);
	pair_free(&p);
}

static void diffx_attribute_changes_are_set_operations(void **state)
{
	pair p = html_pair("<p><a href=/a class=x title=t>k</a></p>",
			   "<p><a class=x href=/b id=n>k</a></p>");
	const smart_edit_op *op = p.diff->ops;

	(void)state;
	/* href changed, id inserted, title deleted, class untouched */
	assert_int_equal(p.diff->op_count, 3);
	assert_int_equal(op[0].kind, SMART_OP_ATTR_CHANGE);
	assert_string_equal(op[0].attr_name, "href");
	assert_string_equal(op[0].old_value, "/a");
	assert_string_equal(op[0].new_value, "/b");
	assert_int_equal(op[1].kind, SMART_OP_ATTR_INSERT);
	assert_string_equal(op[1].attr_name, "id");
	assert_null(op[1].old_value);
	assert_int_equal(op[2].kind, SMART_OP_ATTR_DELETE);
	assert_string_equal(op[2].attr_name, "title");
	assert_int_equal(p.diff->summary.attribute_changes, 3);
	pair_free(&p);
}

static void diffx_text_only_change_is_one_update(void **state)
{
	pair p = html_pair("<div><p>Total: 12 items</p><p>footer</p></div>",
			   "<div><p>Total: 13 items</p><p>footer</p></div>");

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_UPDATE);
	assert_string_equal(op_path(&p, 0), "/html/body/div/p[1]/text()");
	assert_string_equal(p.diff->ops[0].old_value, "Total: 12 items");
	assert_string_equal(p.diff->ops[0].new_value, "Total: 13 items");
	assert_int_equal(p.diff->summary.updates, 1);
	pair_free(&p);
}

static void diffx_identical_documents_give_empty_script(void **state)
{
	const char *doc = "<html><body><ul><li>a</li><li>a</li></ul><p>x</p></body></html>";
	pair p = html_pair(doc, doc);

	(void)state;
	assert_true(smart_diff_is_empty(p.diff));
	for (uint32_t i = 0; i < p.old_tree->count; i++)
		assert_int_equal(p.diff->old_to_new[i], i);
	pair_free(&p);
}

static void diffx_differently_formatted_documents_give_empty_script(void **state)
{
	pair p = html_pair("<div class=a id=b><p>some   text</p><!-- c --><br></div>",
			   "<div id='b'   class=\"a\">\n  <p>\n some text\n</p>\n  <br>\n</div>\n");

	(void)state;
	assert_true(smart_diff_is_empty(p.diff));
	assert_int_equal(p.diff->summary.moves + p.diff->summary.inserts +
				 p.diff->summary.deletes + p.diff->summary.updates +
				 p.diff->summary.attribute_changes,
			 0);
	pair_free(&p);
}

static void diffx_renamed_element_is_delete_and_insert(void **state)
{
	pair p = html_pair("<div><h2>Title</h2><p>body</p></div>",
			   "<div><h3>Title</h3><p>body</p></div>");

	(void)state;
	assert_int_equal(p.count[SMART_OP_DELETE], 1);
	assert_int_equal(p.count[SMART_OP_INSERT], 1);
	/* the text keeps its identity and moves into the new heading */
	assert_int_equal(p.count[SMART_OP_MOVE], 1);
	assert_int_equal(p.diff->summary.deletes, 1);
	assert_int_equal(p.diff->summary.inserts, 1);
	pair_free(&p);
}

static void diffx_move_of_deep_subtree_to_other_parent_is_one_move(void **state)
{
	const char *deep = "<div class=deep><div><div><ul><li>a</li><li>b</li></ul>"
			   "<p>text <i>it</i></p></div></div></div>";
	char old_html[1024], new_html[1024];
	pair p;

	(void)state;
	snprintf(old_html, sizeof(old_html),
		 "<section id=s1><h2>one</h2>%s</section><section id=s2><h2>two</h2></section>",
		 deep);
	snprintf(new_html, sizeof(new_html),
		 "<section id=s1><h2>one</h2></section><section id=s2><h2>two</h2>%s</section>",
		 deep);
	p = html_pair(old_html, new_html);
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_MOVE);
	assert_string_equal(op_path(&p, 0), "/html/body/section[1]/div");
	assert_int_equal(p.diff->ops[0].subtree_size, 12);
	pair_free(&p);
}

static void diffx_comments_and_processing_instructions_take_no_part(void **state)
{
	pair p = diff_of(parse_xml("<r><!-- a --><?pi x?><a>t</a></r>"),
			 parse_xml("<r><a>t</a><!-- b --></r>"));

	(void)state;
	assert_true(smart_diff_is_empty(p.diff));
	pair_free(&p);
}

static void diffx_empty_document_against_page_is_inserts_only(void **state)
{
	pair p = html_pair("", "<p>hello</p>");

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_INSERT);
	assert_int_equal(p.diff->summary.inserts, p.new_tree->count - 1);
	pair_free(&p);
}

static void diffx_moved_and_edited_item_keeps_its_identity(void **state)
{
	pair p = html_pair("<ul><li><b>Alpha</b> first entry, long enough</li><li>B</li><li>C</li></ul>",
			   "<ul><li>B</li><li>C</li><li><b>Alpha</b> first entry, long enough!</li></ul>");

	(void)state;
	/* one move (either side of the kept pair) and one text update */
	assert_int_equal(p.count[SMART_OP_MOVE], 1);
	assert_int_equal(p.count[SMART_OP_UPDATE], 1);
	assert_int_equal(p.diff->op_count, 2);
	pair_free(&p);
}

static void diffx_move_that_leaves_a_twin_of_a_sibling_is_one_move(void **state)
{
	pair p = diff_of(parse_xml("<r><a><b/></a><a/><c/></r>"),
			 parse_xml("<r><a/><a/><c><b/></c></r>"));

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_MOVE);
	assert_string_equal(op_path(&p, 0), "/r/a[1]/b");
	pair_free(&p);
}

/* The one-move script of a pure move, checked in both directions: old ->
 * new moves `from` (a path in old) and new -> old moves `to` back. */
static void expect_one_move_both_ways(const char *old_xml, const char *new_xml, const char *from,
				      const char *to)
{
	pair p = diff_of(parse_xml(old_xml), parse_xml(new_xml));
	pair q = diff_of(parse_xml(new_xml), parse_xml(old_xml));

	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_MOVE);
	assert_string_equal(op_path(&p, 0), from);
	assert_int_equal(q.diff->op_count, 1);
	assert_int_equal(q.diff->ops[0].kind, SMART_OP_MOVE);
	assert_string_equal(op_path(&q, 0), to);
	pair_free(&p);
	pair_free(&q);
}

static void diffx_move_between_look_alike_parents_is_one_move_not_a_swap(void **state)
{
	/* Old q/a with i is identical to new p/a with i, and the bare old p/a
	 * to the bare new q/a: exact matching alone pairs them crosswise
	 * (two moves of the a's); the repair pairs them in place. */
	(void)state;
	expect_one_move_both_ways("<r><p><a/></p><q><a><i/></a></q></r>",
				  "<r><p><a><i/></a></p><q><a/></q></r>", "/r/q/a/i", "/r/p/a/i");
}

static void diffx_move_out_of_twin_leaves_sibling_order_alone(void **state)
{
	/* a leaves the first d for the second: the d's must not swap places
	 * (that would be a move of a d and of n, or of a d and the a). */
	(void)state;
	expect_one_move_both_ways("<r><d><a>x</a></d><n/><d/></r>",
				  "<r><d/><n/><d><a>x</a></d></r>", "/r/d[1]/a", "/r/d[2]/a");
}

static void diffx_move_into_chain_of_identical_elements_is_one_move(void **state)
{
	/* The chain c/c/c grows by one c from s: exact matching pairs the
	 * chain shifted by one level (a delete, an insert and a move). */
	(void)state;
	expect_one_move_both_ways("<r><s><c/></s><c><c><c/></c></c></r>",
				  "<r><s/><c><c><c><c/></c></c></c></r>", "/r/s/c", "/r/c/c/c/c");
	expect_one_move_both_ways("<r><s><b><b><b/></b></b></s><k/></r>",
				  "<r><s><b><b/></b></s><k><b/></k></r>", "/r/s/b/b/b", "/r/k/b");
}

static void diffx_swap_of_two_siblings_moves_the_smaller_either_way(void **state)
{
	/* Either sibling may move; the script moves the one with fewer nodes,
	 * whichever document is called old. */
	(void)state;
	expect_one_move_both_ways("<r><big><x/><y/><z/></big><s/></r>",
				  "<r><s/><big><x/><y/><z/></big></r>", "/r/s", "/r/s");
}

static void diffx_parent_keeps_partner_that_holds_its_staying_children(void **state)
{
	/* i moves from the second d to the first; T stays: the d's keep
	 * their partners by position and what stayed, not by what left. */
	pair p = diff_of(parse_xml("<r><d/><d>T<i>U</i></d></r>"),
			 parse_xml("<r><d><i>U</i></d><d>T</d></r>"));

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_MOVE);
	assert_string_equal(op_path(&p, 0), "/r/d[2]/i");
	pair_free(&p);
}

static void diffx_sibling_moved_and_edited_is_move_and_update(void **state)
{
	pair p = html_pair("<form><label>Test</label><input name=t value=a><select><option>x</option></select></form>",
			   "<form><select><option>x</option></select><label>Test name</label><input name=t value=b></form>");

	(void)state;
	assert_int_equal(p.count[SMART_OP_INSERT] + p.count[SMART_OP_DELETE], 0);
	assert_int_equal(p.count[SMART_OP_UPDATE], 1);
	assert_int_equal(p.count[SMART_OP_ATTR_CHANGE], 1);
	assert_int_equal(p.count[SMART_OP_MOVE], 1); /* the select, or both others */
	pair_free(&p);
}

/* A tree nested `depth` deep, built by hand (libxml2 stops parsing at 256
 * levels): #document > div > div > ... > text `leaf` (no text when NULL). */
static smart_tree *chain_tree(uint32_t depth, const char *leaf)
{
	smart_tree *t = calloc(1, sizeof(*t));
	uint32_t count = depth + 1 + (leaf != NULL);
	static const char *const names[] = { "#document", "div", "#text" };

	assert_non_null(t);
	t->nodes = calloc(count, sizeof(smart_node));
	t->names = malloc(sizeof(names));
	assert_non_null(t->nodes);
	assert_non_null(t->names);
	memcpy(t->names, names, sizeof(names));
	t->name_count = 3;
	t->count = count;
	t->format = SMART_FORMAT_HTML;
	for (uint32_t i = 0; i < count; i++) {
		smart_node *n = &t->nodes[i];
		int is_text = leaf && i == count - 1;

		n->kind = i == 0 ? SMART_NODE_DOCUMENT : is_text ? SMART_NODE_TEXT : SMART_NODE_ELEMENT;
		n->name_id = i == 0 ? 0 : is_text ? 2 : 1;
		n->name = t->names[n->name_id];
		n->parent = i == 0 ? SMART_NONE : i - 1;
		n->first_child = i + 1 < count ? i + 1 : SMART_NONE;
		n->next_sibling = SMART_NONE;
		n->child_count = i + 1 < count;
		n->depth = i;
		n->size = count - i;
		n->name_position = n->name_siblings = 1;
		if (is_text) {
			n->text = leaf;
			n->text_len = (uint32_t)strlen(leaf);
		}
	}
	return t;
}

static void diffx_survives_100000_deep_documents(void **state)
{
	pair p = diff_of(chain_tree(100000, "old"), chain_tree(100000, "new"));
	pair q = diff_of(chain_tree(0, NULL), chain_tree(100000, "leaf"));
	smart_error err = { { 0 } };
	char *json;
	cJSON *parsed;

	(void)state;
	assert_int_equal(p.diff->op_count, 1);
	assert_int_equal(p.diff->ops[0].kind, SMART_OP_UPDATE);
	/* All inserted: the JSON is cut into chunks a JSON parser accepts. */
	assert_int_equal(q.diff->op_count, 1);
	json = smart_diff_to_json_string(q.diff, &err);
	assert_non_null(json);
	parsed = cJSON_Parse(json);
	assert_non_null(parsed);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(parsed, "operations")),
			 (100001 + SMART_SCRIPT_MAX_DEPTH - 1) / SMART_SCRIPT_MAX_DEPTH);
	assert_int_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(parsed, "summary"), "inserts")->valueint,
			 100001);
	cJSON_Delete(parsed);
	cJSON_free(json);
	pair_free(&p);
	pair_free(&q);
}

static cJSON *json_of(const pair *p)
{
	smart_error err = { { 0 } };
	cJSON *j = smart_diff_to_json(p->diff, &err);

	if (!j)
		fail_msg("json failed: %s", err.message);
	return j;
}

static const char *str(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	assert_true(cJSON_IsString(v));
	return v->valuestring;
}

static int num(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	assert_true(cJSON_IsNumber(v));
	return v->valueint;
}

static void diffx_json_follows_script_format(void **state)
{
	pair p = html_pair("<div><p>x</p><ul><li>1</li><li>2</li><li>3</li></ul><form><input></form></div>",
			   "<div><p>y</p><ul><li>3</li><li>1</li><li>2</li></ul>"
			   "<table class=t><tr><td>z</td></tr></table></div>");
	cJSON *j = json_of(&p), *ops = cJSON_GetObjectItem(j, "operations");
	cJSON *op, *content, *sum = cJSON_GetObjectItem(j, "summary");

	(void)state;
	assert_int_equal(cJSON_GetArraySize(ops), 4);
	op = cJSON_GetArrayItem(ops, 0);
	assert_string_equal(str(op, "op"), "delete");
	assert_string_equal(str(op, "path"), "/html/body/div/form");
	assert_int_equal(num(op, "subtree_size"), 2);
	op = cJSON_GetArrayItem(ops, 1);
	assert_string_equal(str(op, "op"), "move");
	assert_string_equal(str(op, "path"), "/html/body/div/ul/li[3]");
	assert_string_equal(str(op, "to"), "/html/body/div/ul/li[1]");
	assert_string_equal(str(op, "parent"), "/html/body/div/ul");
	assert_int_equal(num(op, "index"), 0);
	op = cJSON_GetArrayItem(ops, 2);
	assert_string_equal(str(op, "op"), "insert");
	assert_string_equal(str(op, "path"), "/html/body/div/table");
	assert_string_equal(str(op, "parent"), "/html/body/div");
	assert_int_equal(num(op, "index"), 2);
	assert_int_equal(num(op, "subtree_size"), 4);
	content = cJSON_GetObjectItem(op, "content");
	assert_string_equal(str(content, "type"), "element");
	assert_string_equal(str(content, "name"), "table");
	assert_string_equal(str(cJSON_GetObjectItem(content, "attributes"), "class"), "t");
	content = cJSON_GetArrayItem(cJSON_GetObjectItem(content, "children"), 0);
	content = cJSON_GetArrayItem(cJSON_GetObjectItem(content, "children"), 0);
	content = cJSON_GetArrayItem(cJSON_GetObjectItem(content, "children"), 0);
	assert_string_equal(str(content, "type"), "text");
	assert_string_equal(str(content, "text"), "z");
	op = cJSON_GetArrayItem(ops, 3);
	assert_string_equal(str(op, "op"), "update");
	assert_string_equal(str(op, "old"), "x");
	assert_string_equal(str(op, "new"), "y");
	assert_int_equal(num(sum, "moves"), 2);
	assert_int_equal(num(sum, "inserts"), 4);
	assert_int_equal(num(sum, "deletes"), 2);
	assert_int_equal(num(sum, "updates"), 1);
	assert_int_equal(num(sum, "attribute_changes"), 0);
	cJSON_Delete(j);
	pair_free(&p);
}

static void diffx_insert_content_leaves_out_nodes_that_arrive_by_move(void **state)
{
	pair p = html_pair("<div><p>keep me here please</p><p>b</p></div>",
			   "<div><section><h2>new</h2><p>keep me here please</p></section><p>b</p></div>");
	cJSON *j = json_of(&p), *ops = cJSON_GetObjectItem(j, "operations"), *op, *kids;

	(void)state;
	assert_int_equal(cJSON_GetArraySize(ops), 2);
	op = cJSON_GetArrayItem(ops, 0);
	assert_string_equal(str(op, "op"), "insert");
	assert_int_equal(num(op, "subtree_size"), 3); /* section, h2, text */
	kids = cJSON_GetObjectItem(cJSON_GetObjectItem(op, "content"), "children");
	assert_int_equal(cJSON_GetArraySize(kids), 1);
	op = cJSON_GetArrayItem(ops, 1);
	assert_string_equal(str(op, "op"), "move");
	assert_string_equal(str(op, "parent"), "/html/body/div/section");
	assert_int_equal(num(op, "index"), 1);
	cJSON_Delete(j);
	pair_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(diffx_moved_list_item_is_exactly_one_move),
		cmocka_unit_test(diffx_swapped_paragraphs_are_one_move),
		unit_test_libxml2(diffx_inserted_table_row_is_one_insert_of_its_size),
		cmocka_unit_test(diffx_deleted_form_is_one_delete_of_its_size),
		cmocka_unit_test(diffx_attribute_changes_are_set_operations),
		cmocka_unit_test(diffx_text_only_change_is_one_update),
		cmocka_unit_test(diffx_identical_documents_give_empty_script),
		cmocka_unit_test(diffx_differently_formatted_documents_give_empty_script),
		cmocka_unit_test(diffx_renamed_element_is_delete_and_insert),
		cmocka_unit_test(diffx_move_of_deep_subtree_to_other_parent_is_one_move),
		cmocka_unit_test(diffx_comments_and_processing_instructions_take_no_part),
		unit_test_libxml2(diffx_empty_document_against_page_is_inserts_only),
		cmocka_unit_test(diffx_moved_and_edited_item_keeps_its_identity),
		cmocka_unit_test(diffx_move_that_leaves_a_twin_of_a_sibling_is_one_move),
		cmocka_unit_test(diffx_move_between_look_alike_parents_is_one_move_not_a_swap),
		cmocka_unit_test(diffx_move_out_of_twin_leaves_sibling_order_alone),
		cmocka_unit_test(diffx_move_into_chain_of_identical_elements_is_one_move),
		cmocka_unit_test(diffx_swap_of_two_siblings_moves_the_smaller_either_way),
		cmocka_unit_test(diffx_parent_keeps_partner_that_holds_its_staying_children),
		cmocka_unit_test(diffx_sibling_moved_and_edited_is_move_and_update),
		cmocka_unit_test(diffx_survives_100000_deep_documents),
		unit_test_libxml2(diffx_json_follows_script_format),
		cmocka_unit_test(diffx_insert_content_leaves_out_nodes_that_arrive_by_move),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
