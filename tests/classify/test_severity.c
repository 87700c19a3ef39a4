/* Severity of flagged pairs (docs/severity.md): each level pinned on pairs
 * generated from one page, old -> new and new -> old, with a model that
 * inspects every pair that differs, so that the rules alone decide; the
 * report's view of a pair marks exactly the nodes of the edit script. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <zlib.h>

/* What varies between the generated pages. */
typedef struct page {
	int paragraphs;    /* paragraphs of prose in the body */
	int form;          /* 1: a search form with two inputs and a button */
	const char *title; /* the link's title attribute */
	const char *lead;  /* the first paragraph's text */
	const char *extra; /* raw markup at the end of the body, or NULL */
	int doctype;       /* 1: starts <!DOCTYPE html> */
	int indent;        /* 1: the same markup laid out with more whitespace */
} page;

static const page base = { .paragraphs = 6, .form = 1, .title = "Open the cart",
			   .lead = "Your order ships tomorrow.", .doctype = 1 };

/* The page `p` describes, as a new string (free()). */
static char *render(const page *p)
{
	const char *nl = p->indent ? "\n    " : "";
	size_t size = 8192;
	char *s = malloc(size);
	int n;

	assert_non_null(s);
	n = snprintf(s, size, "%s<html><head><title>Orders</title></head><body>%s"
		     "<h1>Orders</h1>%s<a href=\"/cart\" title=\"%s\">Cart</a>%s<p>%s</p>",
		     p->doctype ? "<!DOCTYPE html>\n" : "", nl, nl, p->title, nl, p->lead);
	for (int i = 0; i < p->paragraphs; i++)
		n += snprintf(s + n, size - (size_t)n,
			      "%s<p>Order %d holds %d books about gardening and rivers.</p>", nl,
			      i + 1, i + 2);
	if (p->form)
		n += snprintf(s + n, size - (size_t)n,
			      "%s<form action=\"/search\"><input name=\"q\" type=\"text\">"
			      "<input name=\"page\" type=\"hidden\" value=\"1\"><button>Find</button>"
			      "</form>", nl);
	snprintf(s + n, size - (size_t)n, "%s%s</body></html>\n", p->extra ? p->extra : "", nl);
	return s;
}

/* A linear model over the registry's features that inspects every pair
 * (score 1, inspect when >= 0): only the forced rules say ignore. */
static smart_model *inspect_all(const char **names)
{
	smart_model *m = registry_model(names);

	m->intercept = 1;
	return m;
}

/* Classifies old -> new (views drawn) and returns the severity; *view,
 * when not NULL, receives the view (free()). */
static smart_severity classify(const char *old_html, const char *new_html, char **view)
{
	const char *names[128];
	smart_model *m = inspect_all(names);
	double *values = calloc(smart_feature_count(), sizeof(double));
	smart_classification c = { .values = values };
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	smart_error err = { { 0 } };

	o.views = 1;
	assert_non_null(values);
	if (smart_classify_pair(m, &(smart_document){ old_html, strlen(old_html), "old" },
				&(smart_document){ new_html, strlen(new_html), "new" }, &o, &c,
				&err))
		fail_msg("%s", err.message);
	assert_non_null(c.view);
	assert_non_null(c.why);
	free(c.why);
	assert_true(c.severity == SMART_SEVERITY_NONE || c.severity_reason != NULL);
	if (view)
		*view = c.view;
	else
		free(c.view);
	free(values);
	smart_model_free(m);
	return c.severity;
}

/* Asserts the severity of a -> b and of b -> a. */
static void both_ways(const page *a, const page *b, smart_severity forward,
		      smart_severity backward)
{
	char *x = render(a), *y = render(b);

	assert_string_equal(smart_severity_name(classify(x, y, NULL)), smart_severity_name(forward));
	assert_string_equal(smart_severity_name(classify(y, x, NULL)), smart_severity_name(backward));
	free(x);
	free(y);
}

static void identical_pages_are_ignored_and_have_no_severity(void **state)
{
	(void)state;
	both_ways(&base, &base, SMART_SEVERITY_NONE, SMART_SEVERITY_NONE);
}

static void attribute_and_whitespace_changes_are_cosmetic_both_ways(void **state)
{
	page p = base;

	(void)state;
	p.title = "Open your basket";
	p.indent = 1;
	both_ways(&base, &p, SMART_SEVERITY_COSMETIC, SMART_SEVERITY_COSMETIC);
}

static void a_changed_link_target_is_content_both_ways(void **state)
{
	const char *a = "<html><body><p>See <a href=\"/orders\">your orders</a>.</p></body></html>";
	const char *b = "<html><body><p>See <a href=\"/basket\">your orders</a>.</p></body></html>";

	(void)state;
	assert_int_equal(classify(a, b, NULL), SMART_SEVERITY_CONTENT);
	assert_int_equal(classify(b, a, NULL), SMART_SEVERITY_CONTENT);
}

static void a_changed_xml_attribute_is_content_both_ways(void **state)
{
	const char *a = "<?xml version=\"1.0\"?><coverage><line number=\"3\" hits=\"1\"/></coverage>";
	const char *b = "<?xml version=\"1.0\"?><coverage><line number=\"3\" hits=\"0\"/></coverage>";

	(void)state;
	assert_int_equal(classify(a, b, NULL), SMART_SEVERITY_CONTENT);
	assert_int_equal(classify(b, a, NULL), SMART_SEVERITY_CONTENT);
}

static void reworded_text_is_content_both_ways(void **state)
{
	page p = base;

	(void)state;
	p.lead = "Your parcel leaves the warehouse on Friday.";
	both_ways(&base, &p, SMART_SEVERITY_CONTENT, SMART_SEVERITY_CONTENT);
}

static void a_paragraph_added_or_removed_is_content(void **state)
{
	page p = base;

	(void)state;
	p.paragraphs = base.paragraphs + 1;
	both_ways(&base, &p, SMART_SEVERITY_CONTENT, SMART_SEVERITY_CONTENT);
}

static void a_stack_trace_gained_is_broken_and_lost_is_content(void **state)
{
	page p = base;

	(void)state;
	p.extra = "<pre>Traceback (most recent call last):\n  File \"shop.py\", line 9\n"
		  "KeyError: 'order'</pre>";
	both_ways(&base, &p, SMART_SEVERITY_BROKEN, SMART_SEVERITY_CONTENT);
}

static void a_lost_form_is_broken_and_a_new_one_is_content(void **state)
{
	page p = base;

	(void)state;
	p.form = 0;
	both_ways(&base, &p, SMART_SEVERITY_BROKEN, SMART_SEVERITY_CONTENT);
}

static void most_content_lost_is_broken_and_gained_is_content(void **state)
{
	page a = base, b = base;

	(void)state;
	a.form = b.form = 0;
	a.paragraphs = 20;
	b.paragraphs = 1;
	both_ways(&a, &b, SMART_SEVERITY_BROKEN, SMART_SEVERITY_CONTENT);
}

static void a_doctype_dropped_or_added_is_broken(void **state)
{
	page p = base;

	(void)state;
	p.doctype = 0;
	both_ways(&base, &p, SMART_SEVERITY_BROKEN, SMART_SEVERITY_BROKEN);
}

static void a_replaced_root_is_broken_both_ways(void **state)
{
	const char *feed = "<?xml version=\"1.0\"?><feed><entry><title>One</title></entry><entry><title>Two</title>"
			   "</entry></feed>";
	const char *rss = "<?xml version=\"1.0\"?><rss><entry><title>One</title></entry><entry><title>Two</title>"
			  "</entry></rss>";

	(void)state;
	assert_int_equal(classify(feed, rss, NULL), SMART_SEVERITY_BROKEN);
	assert_int_equal(classify(rss, feed, NULL), SMART_SEVERITY_BROKEN);
}

static void severity_names_are_the_documented_words(void **state)
{
	(void)state;
	assert_string_equal(smart_severity_name(SMART_SEVERITY_NONE), "none");
	assert_string_equal(smart_severity_name(SMART_SEVERITY_COSMETIC), "cosmetic");
	assert_string_equal(smart_severity_name(SMART_SEVERITY_CONTENT), "content");
	assert_string_equal(smart_severity_name(SMART_SEVERITY_BROKEN), "broken");
}

/* The view as the report's script reads it: base64, then inflated
 * (zlib format); a new string (free()). */
static char *unpack(const char *b64)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t n = strlen(b64), used = 0;
	unsigned char *z = malloc(n);
	uLongf size = 1 << 20;
	char *json = malloc(size + 1);
	unsigned long bits = 0;
	int have = 0;

	assert_non_null(z);
	assert_non_null(json);
	for (size_t i = 0; i < n && b64[i] != '='; i++) {
		const char *d = strchr(digits, b64[i]);

		assert_non_null(d);
		bits = bits << 6 | (unsigned long)(d - digits);
		if ((have += 6) >= 8) {
			have -= 8;
			z[used++] = (unsigned char)(bits >> have);
		}
	}
	assert_int_equal(uncompress((Bytef *)json, &size, z, used), Z_OK);
	json[size] = '\0';
	free(z);
	return json;
}

/* The view of a lost form marks the deleted form's root on the old side,
 * with the path the edit script gives it, and nothing on the new side. */
static void view_marks_the_deleted_form_with_its_script_path(void **state)
{
	page p = base;
	char *x = render(&base), *y, *view, *json;
	cJSON *v, *side;
	int roots = 0, form_depth = -1;

	(void)state;
	p.form = 0;
	y = render(&p);
	assert_int_equal(classify(x, y, &view), SMART_SEVERITY_BROKEN);
	json = unpack(view);
	v = cJSON_Parse(json);
	free(json);
	assert_non_null(v);
	side = cJSON_GetObjectItem(v, "o");
	for (cJSON *n = side ? side->child : NULL; n; n = n->next) {
		const char *mark = cJSON_GetArrayItem(n, 3)->valuestring;
		int depth = cJSON_GetArrayItem(n, 0)->valueint;

		if (strcmp(mark, "d") == 0) {
			roots++;
			form_depth = depth;
			assert_string_equal(cJSON_GetArrayItem(n, 1)->valuestring, "form");
			assert_string_equal(cJSON_GetArrayItem(n, 4)->valuestring, "/html/body/form");
		} else {
			/* inside the deleted form, or untouched */
			assert_string_equal(mark, form_depth >= 0 && depth > form_depth ? "D" : "");
		}
	}
	assert_int_equal(roots, 1);
	side = cJSON_GetObjectItem(v, "n");
	for (cJSON *n = side ? side->child : NULL; n; n = n->next)
		assert_string_equal(cJSON_GetArrayItem(n, 3)->valuestring, "");
	cJSON_Delete(v);
	free(view);
	free(x);
	free(y);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identical_pages_are_ignored_and_have_no_severity),
		cmocka_unit_test(attribute_and_whitespace_changes_are_cosmetic_both_ways),
		cmocka_unit_test(a_changed_link_target_is_content_both_ways),
		cmocka_unit_test(a_changed_xml_attribute_is_content_both_ways),
		cmocka_unit_test(reworded_text_is_content_both_ways),
		cmocka_unit_test(a_paragraph_added_or_removed_is_content),
		cmocka_unit_test(a_stack_trace_gained_is_broken_and_lost_is_content),
		cmocka_unit_test(a_lost_form_is_broken_and_a_new_one_is_content),
		cmocka_unit_test(most_content_lost_is_broken_and_gained_is_content),
		cmocka_unit_test(a_doctype_dropped_or_added_is_broken),
		cmocka_unit_test(a_replaced_root_is_broken_both_ways),
		cmocka_unit_test(severity_names_are_the_documented_words),
		cmocka_unit_test(view_marks_the_deleted_form_with_its_script_path),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
