/* Applying hand-written edit scripts (docs/script-format.md): each kind of
 * operation, their application order, and the one-line errors for scripts
 * that do not fit the document. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses `script`, applies it to `old` and returns the result (or NULL with
 * the error in *err). */
static smart_tree *apply_script(const smart_tree *old, const char *script,
				smart_error *err)
{
	smart_script *s = smart_script_parse(script, strlen(script), "s.json", err);
	smart_tree *result;

	if (!s)
		return NULL;
	result = smart_patch(old, s, err);
	smart_script_free(s);
	return result;
}

/* Patching `old` (HTML) with `script` gives `expected` (HTML), and the
 * result written out and parsed again still does. */
static void assert_patch_gives(const char *old, const char *script, const char *expected)
{
	smart_error err = { { 0 } };
	smart_tree *o = parse_html(old), *want = parse_html(expected);
	smart_tree *got = apply_script(o, script, &err), *back;
	size_t len;
	char *text;

	if (!got)
		fail_msg("patch failed: %s", err.message);
	text = smart_tree_write(got, SMART_FORMAT_HTML, &len, &err);
	assert_non_null(text);
	if (!smart_tree_equal(got, want))
		fail_msg("patched tree differs from the expected one:\n%s", text);
	back = parse_html(text);
	assert_true(smart_tree_equal(back, want));
	smart_tree_free(back);
	free(text);
	smart_tree_free(got);
	smart_tree_free(want);
	smart_tree_free(o);
}

/* Patching fails with one error line containing `needle`. */
static void assert_patch_fails(const char *old, const char *script, const char *needle)
{
	smart_error err = { { 0 } };
	smart_tree *o = parse_html(old);
	smart_tree *got = apply_script(o, script, &err);

	if (got)
		fail_msg("patch should have failed with '%s'", needle);
	if (!strstr(err.message, needle) || strchr(err.message, '\n'))
		fail_msg("error '%s' lacks '%s'", err.message, needle);
	smart_tree_free(o);
}

#define LIST "<ul><li>a</li><li>b</li><li>c</li></ul>"

static void patch_move_puts_list_item_at_index(void **state)
{
	(void)state;
	assert_patch_gives(LIST,
		"{\"operations\":[{\"op\":\"move\",\"path\":\"/html/body/ul/li[3]\","
		"\"to\":\"/html/body/ul/li[1]\",\"parent\":\"/html/body/ul\",\"index\":0,"
		"\"subtree_size\":2}]}",
		"<ul><li>c</li><li>a</li><li>b</li></ul>");
}

static void patch_insert_builds_content_subtree(void **state)
{
	(void)state;
	assert_patch_gives("<table><tr><td>1</td></tr><tr><td>3</td></tr></table>",
		"{\"operations\":[{\"op\":\"insert\",\"path\":\"/html/body/table/tbody/tr[2]\","
		"\"parent\":\"/html/body/table\",\"index\":1,\"subtree_size\":5,"
		"\"content\":{\"type\":\"element\",\"name\":\"tr\",\"attributes\":{\"class\":\"new\"},"
		"\"children\":[{\"type\":\"element\",\"name\":\"td\",\"children\":[{\"type\":\"text\",\"text\":\"2\"}]},"
		"{\"type\":\"element\",\"name\":\"td\",\"children\":[{\"type\":\"text\",\"text\":\"x & y\"}]}]}}]}",
		"<table><tr><td>1</td></tr><tr class=new><td>2</td><td>x &amp; y</td></tr><tr><td>3</td></tr></table>");
}

static void patch_delete_removes_whole_subtree(void **state)
{
	(void)state;
	assert_patch_gives("<p>keep</p><form action=/x><input name=q><button>go</button></form><p>end</p>",
		"{\"operations\":[{\"op\":\"delete\",\"path\":\"/html/body/form\",\"subtree_size\":4}]}",
		"<p>keep</p><p>end</p>");
}

static void patch_updates_text_and_attributes(void **state)
{
	(void)state;
	assert_patch_gives("<p id=a class=c title=t>old text</p>",
		"{\"operations\":["
		"{\"op\":\"update\",\"path\":\"/html/body/p/text()\",\"old\":\"old text\",\"new\":\"new text\"},"
		"{\"op\":\"attr-change\",\"path\":\"/html/body/p\",\"name\":\"class\",\"old\":\"c\",\"new\":\"d\"},"
		"{\"op\":\"attr-delete\",\"path\":\"/html/body/p\",\"name\":\"title\",\"old\":\"t\"},"
		"{\"op\":\"attr-insert\",\"path\":\"/html/body/p\",\"name\":\"lang\",\"new\":\"en\"}]}",
		"<p lang=en class=d id=a>new text</p>");
}

/* Deletes and detaches first, updates on old paths, then placement in new
 * pre-order: a moved subtree gets an insert inside it and loses a node. */
static void patch_applies_in_documented_order(void **state)
{
	(void)state;
	assert_patch_gives(
		"<div id=a><p>one</p><p>two</p><span>gone</span></div><div id=b><p>three</p></div>",
		"{\"operations\":["
		"{\"op\":\"delete\",\"path\":\"/html/body/div[1]/span\",\"subtree_size\":2},"
		"{\"op\":\"move\",\"path\":\"/html/body/div[2]\",\"to\":\"/html/body/div[1]\","
		"\"parent\":\"/html/body\",\"index\":0},"
		"{\"op\":\"insert\",\"path\":\"/html/body/div[1]/p[1]\",\"parent\":\"/html/body/div[1]\","
		"\"index\":0,\"content\":{\"type\":\"element\",\"name\":\"p\",\"children\":[{\"type\":\"text\",\"text\":\"zero\"}]}},"
		"{\"op\":\"move\",\"path\":\"/html/body/div[1]/p[2]\",\"to\":\"/html/body/div[1]/p[3]\","
		"\"parent\":\"/html/body/div[1]\",\"index\":2},"
		"{\"op\":\"update\",\"path\":\"/html/body/div[2]/p/text()\",\"old\":\"three\",\"new\":\"3\"}]}",
		"<div id=b><p>zero</p><p>3</p><p>two</p></div><div id=a><p>one</p></div>");
}

/* A deleted region's size leaves out what moves out of it. */
static void patch_delete_size_excludes_nodes_moved_out(void **state)
{
	(void)state;
	assert_patch_gives("<div id=w><p>keep <b>me</b></p><span>x</span></div>",
		"{\"operations\":["
		"{\"op\":\"delete\",\"path\":\"/html/body/div\",\"subtree_size\":3},"
		"{\"op\":\"move\",\"path\":\"/html/body/div/p\",\"to\":\"/html/body/p\","
		"\"parent\":\"/html/body\",\"index\":0,\"subtree_size\":4}]}",
		"<p>keep <b>me</b></p>");
}

static void patch_empty_script_gives_old_tree(void **state)
{
	(void)state;
	assert_patch_gives(LIST, "{\"operations\":[],\"summary\":{\"moves\":0}}", LIST);
}

static void patch_keeps_comments_and_texts_they_separate(void **state)
{
	smart_error err = { { 0 } };
	smart_tree *o = parse_html("<p>a<!-- c --><b>x</b>b<i>y</i>c</p>");
	smart_tree *got = apply_script(o,
		"{\"operations\":[{\"op\":\"delete\",\"path\":\"/html/body/p/b\"},"
		"{\"op\":\"delete\",\"path\":\"/html/body/p/i\"}]}", &err);
	size_t len;
	char *text;

	(void)state;
	assert_non_null(got);
	/* Two texts side by side stay two texts, as in a document where a
	 * comment separates them. */
	text = smart_tree_write(got, SMART_FORMAT_HTML, &len, &err);
	assert_non_null(strstr(text, "<!-- c -->"));
	assert_non_null(strstr(text, "a<!-- c -->b<!---->c"));
	assert_int_equal(got->count, o->count - 4 + 1);
	free(text);
	smart_tree_free(got);
	smart_tree_free(o);
}

static void patch_deep_document_is_fine(void **state)
{
	const int depth = 100000;
	size_t cap = (size_t)depth * 16 + 512;
	char *doc = malloc(cap), *script = malloc(cap), *p = doc, *q = script;
	smart_error err = { { 0 } };
	smart_tree *o, *got;
	smart_script *s;
	uint32_t last;

	(void)state;
	for (int i = 0; i < depth; i++)
		p += sprintf(p, "<div>");
	sprintf(p, "deep");
	o = parse_html(doc);
	/* The parser caps the depth it builds (deeper elements become
	 * siblings); address the last element, whatever it built. */
	last = o->count - 1;
	while (o->nodes[last].kind != SMART_NODE_ELEMENT)
		last--;
	q += sprintf(q, "{\"operations\":[{\"op\":\"attr-insert\",\"path\":\"");
	q += smart_tree_path(o, last, q, cap - 200);
	sprintf(q, "\",\"name\":\"id\",\"new\":\"deepest\"}]}");
	s = smart_script_parse(script, strlen(script), "s.json", &err);
	assert_non_null(s);
	got = smart_patch(o, s, &err);
	if (!got)
		fail_msg("%s", err.message);
	assert_string_equal(smart_tree_attr(got, last, "id")->value, "deepest");
	assert_int_equal(got->count, o->count);
	smart_tree_free(got);
	smart_script_free(s);
	smart_tree_free(o);
	free(doc);
	free(script);
}

static void patch_unresolved_paths_are_one_line_errors(void **state)
{
	(void)state;
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"delete\",\"path\":\"/html/body/ul/li[4]\"}]}",
			   "s.json: operations[0] (delete): \"/html/body/ul/li[4]\" names no node");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"delete\",\"path\":\"/html/body/ol\"}]}",
			   "names no node of the old document");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"move\",\"path\":\"/html/body/ul/li[1]\","
			   "\"parent\":\"/html/body/ul/li[5]\",\"index\":0}]}",
			   "operations[0] (move): parent \"/html/body/ul/li[5]\" names no node");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"move\",\"path\":\"/html/body/ul/li[1]\","
			   "\"parent\":\"/html/body/ul\",\"index\":3}]}",
			   "index 3 is past the end of \"/html/body/ul\" (2 content children)");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"update\",\"path\":\"/html/body/ul/li[1]\","
			   "\"old\":\"a\",\"new\":\"b\"}]}", "is not a text node");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"move\",\"path\":\"/html/body/ul/li[1]/text()\","
			   "\"parent\":\"/html/body/ul/li[2]/text()\",\"index\":0}]}",
			   "is a text node");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"delete\",\"path\":\"/\"}]}",
			   "document node cannot be moved or deleted");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"delete\",\"path\":\"/html/body/ul/li[1]\"},"
			   "{\"op\":\"delete\",\"path\":\"/html/body/ul/li[1]\"}]}",
			   "operations[1] (delete): \"/html/body/ul/li[1]\" is already deleted or moved");
}

static void patch_refuses_script_for_another_document(void **state)
{
	(void)state;
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"update\",\"path\":\"/html/body/ul/li[2]/text()\","
			   "\"old\":\"x\",\"new\":\"y\"}]}",
			   "expects text \"x\" at \"/html/body/ul/li[2]/text()\", the old document has \"b\"");
	assert_patch_fails("<p id=a>x</p>", "{\"operations\":[{\"op\":\"attr-change\",\"path\":\"/html/body/p\","
			   "\"name\":\"id\",\"old\":\"b\",\"new\":\"c\"}]}", "expects attribute id=\"b\"");
	assert_patch_fails("<p id=a>x</p>", "{\"operations\":[{\"op\":\"attr-delete\",\"path\":\"/html/body/p\","
			   "\"name\":\"lang\",\"old\":\"b\"}]}", "the old document has none");
	assert_patch_fails("<p id=a>x</p>", "{\"operations\":[{\"op\":\"attr-insert\",\"path\":\"/html/body/p\","
			   "\"name\":\"id\",\"new\":\"b\"}]}", "already has attribute 'id'");
	assert_patch_fails(LIST, "{\"operations\":[{\"op\":\"delete\",\"path\":\"/html/body/ul\",\"subtree_size\":3}]}",
			   "has 7 nodes to delete in the old document, the script deletes 3");
}

/* Parsing alone: one line naming the file and the operation. */
static void assert_parse_fails(const char *script, const char *needle)
{
	smart_error err = { { 0 } };
	smart_script *s = smart_script_parse(script, strlen(script), "s.json", &err);

	if (s)
		fail_msg("parse should have failed with '%s'", needle);
	if (!strstr(err.message, needle) || strchr(err.message, '\n'))
		fail_msg("error '%s' lacks '%s'", err.message, needle);
}

static void script_parse_names_file_and_operation_of_each_bad_field(void **state)
{
	(void)state;
	assert_parse_fails("", "s.json:1: not valid JSON");
	assert_parse_fails("{\"operations\":[\n{\"op\":\"delete\",\n\"path\":}]}", "s.json:3: not valid JSON");
	assert_parse_fails("[1,2]", "s.json: not an edit script: no \"operations\" array");
	assert_parse_fails("{\"operations\":{}}", "no \"operations\" array");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"/a\"},3]}",
			   "s.json: operations[1]: must be an object");
	assert_parse_fails("{\"operations\":[{\"op\":\"frob\",\"path\":\"/a\"}]}",
			   "operations[0]: 'op' must be one of");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\"}]}", "operations[0]: 'path' must be a string");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"a/b\"}]}", "'path' must start with '/'");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"/a//b\"}]}", "'path' has an empty step");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"/a[0]\"}]}", "'path' has a bad [position]");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"/a[2x]\"}]}", "bad [position]");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"/a[1]b\"}]}", "bad [position]");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"/a/comment()\"}]}",
			   "may only name elements and text()");
	assert_parse_fails("{\"operations\":[{\"op\":\"delete\",\"path\":\"/a\",\"subtree_size\":-1}]}",
			   "'subtree_size' must be a non-negative integer");
	assert_parse_fails("{\"operations\":[{\"op\":\"move\",\"path\":\"/a\",\"parent\":\"/\",\"index\":1.5}]}",
			   "'index' must be a non-negative integer");
	assert_parse_fails("{\"operations\":[{\"op\":\"move\",\"path\":\"/a\",\"index\":1}]}",
			   "'parent' must be a string");
	assert_parse_fails("{\"operations\":[{\"op\":\"update\",\"path\":\"/a\",\"old\":\"x\"}]}",
			   "'new' must be a string");
	assert_parse_fails("{\"operations\":[{\"op\":\"attr-change\",\"path\":\"/a\",\"old\":\"x\",\"new\":\"y\"}]}",
			   "'name' must be a string");
	assert_parse_fails("{\"operations\":[{\"op\":\"insert\",\"path\":\"/a\",\"parent\":\"/\",\"index\":0}]}",
			   "an insert needs 'content'");
	assert_parse_fails("{\"operations\":[{\"op\":\"insert\",\"path\":\"/a\",\"parent\":\"/\",\"index\":0,"
			   "\"content\":{\"type\":\"element\",\"name\":\"a\",\"children\":[{\"type\":\"text\"}]}}]}",
			   "operations[0]: 'content' node 1 (pre-order): 'text' must be a string");
	assert_parse_fails("{\"operations\":[{\"op\":\"insert\",\"path\":\"/a\",\"parent\":\"/\",\"index\":0,"
			   "\"content\":{\"type\":\"element\",\"name\":\"a\",\"attributes\":{\"x\":1}}}]}",
			   "attribute values must be strings");
	assert_parse_fails("{\"operations\":[{\"op\":\"insert\",\"path\":\"/a\",\"parent\":\"/\",\"index\":0,"
			   "\"content\":{\"type\":\"comment\"}}]}", "'type' must be \"element\" or \"text\"");
	assert_parse_fails("{\"operations\":[{\"op\":\"insert\",\"path\":\"/a\",\"parent\":\"/\",\"index\":0,"
			   "\"subtree_size\":3,\"content\":{\"type\":\"text\",\"text\":\"x\"}}]}",
			   "'subtree_size' is 3 but 'content' has 1 nodes");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(patch_move_puts_list_item_at_index),
		unit_test_libxml2(patch_insert_builds_content_subtree),
		cmocka_unit_test(patch_delete_removes_whole_subtree),
		cmocka_unit_test(patch_updates_text_and_attributes),
		cmocka_unit_test(patch_applies_in_documented_order),
		cmocka_unit_test(patch_delete_size_excludes_nodes_moved_out),
		cmocka_unit_test(patch_empty_script_gives_old_tree),
		cmocka_unit_test(patch_keeps_comments_and_texts_they_separate),
		cmocka_unit_test(patch_deep_document_is_fine),
		cmocka_unit_test(patch_unresolved_paths_are_one_line_errors),
		cmocka_unit_test(patch_refuses_script_for_another_document),
		cmocka_unit_test(script_parse_names_file_and_operation_of_each_bad_field),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
