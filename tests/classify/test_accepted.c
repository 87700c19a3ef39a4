/* Accepted changes (include/smart/accepted.h): the file a review by
 * change writes, read back and validated, and a classification that
 * ignores a pair whose every residual change was accepted, while a pair
 * with one more change is still inspected. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_HEAD "<html><body><p>Order ref "
#define PAGE_TABLE "</p><table><tr><td>Kettle</td><td>24.00</td></tr>" \
		   "<tr><td>Toaster</td><td>31.50</td></tr>"
static const char old_page[] = PAGE_HEAD "Qx7Kp2Lm9Z" PAGE_TABLE "</table></body></html>";
static const char new_page[] = PAGE_HEAD "Wd4Rt8Yh3N" PAGE_TABLE "</table></body></html>";
/* the same change, and an error inserted */
static const char new_fault[] = PAGE_HEAD "Wd4Rt8Yh3N" PAGE_TABLE "</table><p class=err>Error: "
				"could not load orders</p></body></html>";

/* Parses `json`, failing the test when it does not load. */
static smart_accepted *parse(const char *json)
{
	smart_error err = { "" };
	smart_accepted *a = smart_accepted_from_json(json, strlen(json), "accepted.json", &err);

	if (!a)
		fail_msg("%s", err.message);
	return a;
}

/* The message of a file that must not load. */
static const char *refused(const char *json)
{
	static smart_error err;
	smart_accepted *a = smart_accepted_from_json(json, strlen(json), "accepted.json", &err);

	assert_null(a);
	return err.message;
}

static void accepted_file_reads_ids_and_the_tests_a_change_is_limited_to(void **state)
{
	smart_accepted *a = parse("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":["
				  "{\"id\":\"00000000000000ff\",\"kind\":\"update\"},"
				  "{\"id\":\"00000000000000AB\",\"tests\":[\"b.html\"]}]}");

	(void)state;
	assert_int_equal(a->n, 2);
	assert_true(smart_accepted_has(a, 0xff, "x.html"));
	assert_true(smart_accepted_has(a, 0xff, NULL));
	assert_true(smart_accepted_has(a, 0xab, "b.html"));
	assert_true(smart_accepted_has(a, 0xab, "runs/new/b.html")); /* a path ending in it */
	assert_false(smart_accepted_has(a, 0xab, "ab.html"));
	assert_false(smart_accepted_has(a, 0xab, NULL));
	assert_false(smart_accepted_has(a, 0xfe, "x.html"));
	smart_accepted_free(a);
}

static void accepted_file_that_is_not_one_is_refused_naming_the_field(void **state)
{
	(void)state;
	assert_non_null(strstr(refused("{"), "accepted.json: not JSON"));
	assert_non_null(strstr(refused("{\"format\":\"smart-profile\",\"version\":1,\"changes\":[]}"),
			       "\"format\""));
	assert_non_null(strstr(refused("{\"format\":\"smart-accepted\",\"version\":3,\"changes\":[]}"),
			       "\"version\" is not 1 or 2"));
	assert_non_null(strstr(refused("{\"format\":\"smart-accepted\",\"version\":2,\"changes\":"
				       "[{\"id\":\"00000000000000ff\",\"class\":\"q\"}]}"),
			       "changes[0].class"));
	assert_non_null(strstr(refused("{\"format\":\"smart-accepted\",\"version\":1}"), "\"changes\""));
	assert_non_null(strstr(refused("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":"
				       "[{\"id\":\"xyz\"}]}"), "changes[0].id"));
	assert_non_null(strstr(refused("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":"
				       "[{\"id\":\"00000000000000ff\"},{\"id\":\"00000000000000ff\","
				       "\"tests\":[1]}]}"), "changes[1].tests"));
}

static void a_class_accepted_in_version_2_takes_every_change_of_it(void **state)
{
	smart_accepted *a = parse("{\"format\":\"smart-accepted\",\"version\":2,\"changes\":["
				  "{\"id\":\"0000000000000001\",\"class\":\"00000000000000c1\"},"
				  "{\"id\":\"0000000000000002\",\"class\":\"00000000000000c2\","
				  "\"tests\":[\"b.html\"]}]}");
	smart_accepted *old = parse("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":["
				    "{\"id\":\"0000000000000001\",\"class\":\"00000000000000c1\"}]}");
	smart_signature s = { .id = 9, .class_id = 0xc1 };

	(void)state;
	/* another change of the accepted class: accepted, in every test */
	assert_true(smart_accepted_has_signature(a, &s, "x.html"));
	assert_false(smart_accepted_has(a, 9, "x.html")); /* not by its id */
	s.class_id = 0xc3;
	assert_false(smart_accepted_has_signature(a, &s, "x.html"));
	s.id = 1; /* its id still counts alone */
	assert_true(smart_accepted_has_signature(a, &s, "x.html"));
	/* a class accepted for one test is accepted there only */
	s = (smart_signature){ .id = 8, .class_id = 0xc2 };
	assert_true(smart_accepted_has_signature(a, &s, "b.html"));
	assert_false(smart_accepted_has_signature(a, &s, "a.html"));
	/* version 1 has no classes: a "class" key there matches nothing */
	s = (smart_signature){ .id = 9, .class_id = 0xc1 };
	assert_false(smart_accepted_has_signature(old, &s, "x.html"));
	smart_accepted_free(a);
	smart_accepted_free(old);
}

static void covers_needs_every_signature_accepted_and_a_whole_set(void **state)
{
	smart_accepted *a = parse("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":["
				  "{\"id\":\"0000000000000001\"},{\"id\":\"0000000000000002\"}]}");
	smart_signature_set s = { .n = 2 };

	(void)state;
	s.items[0].id = 1;
	s.items[1].id = 2;
	assert_true(smart_accepted_covers(a, &s, "a.html"));
	s.truncated = 1; /* it may hold a change nobody saw */
	assert_false(smart_accepted_covers(a, &s, "a.html"));
	s.truncated = 0;
	s.items[1].id = 3;
	assert_false(smart_accepted_covers(a, &s, "a.html"));
	s.n = 0;
	assert_false(smart_accepted_covers(a, &s, "a.html"));
	assert_false(smart_accepted_covers(NULL, &s, "a.html"));
	smart_accepted_free(a);
}

/* A "class" entry (what smart train --adapt carries, docs/adaptation.md)
 * accepts every change of that class, whatever its id; an id entry still
 * matches ids only, and a class and an id of the same digits are not
 * confused. In a version 1 file an entry with both is its id alone (the
 * class was for people); a bad class is refused. */
static void class_entry_accepts_every_change_of_its_class(void **state)
{
	smart_accepted *a = parse("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":["
				  "{\"class\":\"00000000000000c1\"},{\"id\":\"0000000000000007\"}]}");
	smart_signature_set s = { .n = 2 };

	(void)state;
	assert_int_equal(a->n, 2);
	assert_true(a->changes[0].has_class && !a->changes[0].has_id);
	assert_false(a->changes[1].has_class);
	assert_true(smart_accepted_has_class(a, 0xc1, "x.html"));
	assert_false(smart_accepted_has(a, 0xc1, "x.html"));
	assert_false(smart_accepted_has_class(a, 7, "x.html"));
	s.items[0].id = 100; /* two changes of the class, ids of their own */
	s.items[0].class_id = 0xc1;
	s.items[1].id = 200;
	s.items[1].class_id = 0xc1;
	assert_true(smart_accepted_covers(a, &s, "a.html"));
	s.items[1].class_id = 0xc2; /* a change of another class */
	assert_false(smart_accepted_covers(a, &s, "a.html"));
	s.items[1].id = 7; /* ... accepted by its id */
	assert_true(smart_accepted_covers(a, &s, "a.html"));
	smart_accepted_free(a);
	a = parse("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":"
		  "[{\"class\":\"00000000000000c1\",\"id\":\"0000000000000007\"}]}");
	assert_true(smart_accepted_has(a, 7, "x.html"));
	assert_false(smart_accepted_has_class(a, 0xc1, "x.html"));
	smart_accepted_free(a);
	assert_non_null(strstr(refused("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":"
				       "[{\"class\":\"c1\"}]}"), "changes[0].class"));
}

/* Merging an adapted model's classes into an application's accepted file
 * keeps both: each accepts what it accepted alone, tests included. */
static void merge_keeps_the_entries_of_both(void **state)
{
	smart_accepted *a = parse("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":["
				  "{\"id\":\"00000000000000ab\",\"tests\":[\"b.html\"]}]}");
	smart_accepted *b = parse("{\"format\":\"smart-accepted\",\"version\":1,\"changes\":["
				  "{\"class\":\"00000000000000c1\"},"
				  "{\"id\":\"00000000000000cd\",\"tests\":[\"c.html\"]}]}");
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_accepted_merge(a, b, &err), 0);
	smart_accepted_free(b);
	assert_int_equal(a->n, 3);
	assert_true(smart_accepted_has(a, 0xab, "b.html"));
	assert_false(smart_accepted_has(a, 0xab, "c.html"));
	assert_true(smart_accepted_has_class(a, 0xc1, "any.html"));
	assert_true(smart_accepted_has(a, 0xcd, "c.html"));
	assert_false(smart_accepted_has(a, 0xcd, "b.html"));
	assert_int_equal(smart_accepted_merge(a, NULL, &err), 0);
	assert_int_equal(a->n, 3);
	smart_accepted_free(a);
}

/* Classifies (old_page, doc) with a model that inspects every pair the
 * forced rules leave to it, with `accepted`; the signatures when asked. */
static smart_classification classify(const char *doc, const smart_accepted *accepted,
				     int signatures, double *values)
{
	const char *names[128];
	smart_model *m = registry_model(names);
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	smart_classification c = { .values = values };
	smart_error err = { "" };

	m->intercept = 1;
	o.format = SMART_FORMAT_HTML;
	o.test = "a.html";
	o.accepted = accepted;
	o.signatures = signatures;
	if (smart_classify_pair(m, &(smart_document){ old_page, strlen(old_page), "old" },
				&(smart_document){ doc, strlen(doc), "new" }, &o, &c, &err))
		fail_msg("%s", err.message);
	smart_model_free(m);
	return c;
}

static void classify_ignores_a_pair_whose_every_change_was_accepted_not_one_with_more(void **state)
{
	double values[512];
	smart_classification c;
	char json[512], id[17];
	smart_accepted *a;

	(void)state;
	assert_true(smart_feature_count() <= 512);
	c = classify(new_page, NULL, 1, values);
	assert_true(c.inspect); /* the token is no shape: a residual change */
	assert_non_null(c.signatures);
	assert_int_equal(c.signatures->n, 1);
	smart_signature_id_text(c.signatures->items[0].id, id);
	free(c.signatures);
	snprintf(json, sizeof(json), "{\"format\":\"smart-accepted\",\"version\":1,\"changes\":"
		 "[{\"id\":\"%s\"}]}", id);
	a = parse(json);
	c = classify(new_page, a, 0, values);
	assert_false(c.inspect);
	assert_true(c.accepted);
	assert_null(c.signatures); /* computed for the match, not handed out */
	assert_int_equal(c.severity, SMART_SEVERITY_NONE);
	c = classify(new_fault, a, 0, values);
	assert_true(c.inspect);
	assert_false(c.accepted);
	smart_accepted_free(a);
}

/* The token of the page moved into a <div>: another place, so another id,
 * but the same class (the same shape in a p/text()). */
static const char new_elsewhere[] = "<html><body><div><p>Order ref Mn3Bv6Cx9Z" PAGE_TABLE
				    "</table></div></body></html>";
static const char old_elsewhere[] = "<html><body><div><p>Order ref Qx7Kp2Lm9Z" PAGE_TABLE
				    "</table></div></body></html>";

static void classify_ignores_a_change_of_an_accepted_class_at_another_place(void **state)
{
	double values[512];
	const char *names[128];
	smart_classification c;
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	smart_error err = { "" };
	smart_model *m = registry_model(names);
	char json[512], id[17], cls[17];
	smart_accepted *a;

	(void)state;
	c = classify(new_page, NULL, 1, values);
	assert_non_null(c.signatures);
	smart_signature_id_text(c.signatures->items[0].id, id);
	smart_signature_id_text(c.signatures->items[0].class_id, cls);
	assert_string_not_equal(id, cls); /* a class of its own kind: the same shape */
	free(c.signatures);
	m->intercept = 1;
	o.format = SMART_FORMAT_HTML;
	o.test = "a.html";
	o.signatures = 1;
	for (int version = 1; version <= 2; version++) {
		snprintf(json, sizeof(json), "{\"format\":\"smart-accepted\",\"version\":%d,"
			 "\"changes\":[{\"id\":\"%s\",\"class\":\"%s\"}]}", version, id, cls);
		a = parse(json);
		o.accepted = a;
		c = (smart_classification){ .values = values };
		if (smart_classify_pair(m, &(smart_document){ old_elsewhere, strlen(old_elsewhere), "old" },
					&(smart_document){ new_elsewhere, strlen(new_elsewhere), "new" },
					&o, &c, &err))
			fail_msg("%s", err.message);
		/* the class is remembered in version 2 only */
		assert_int_equal(c.inspect, version == 1);
		assert_int_equal(c.accepted, version == 2);
		free(c.signatures);
		smart_accepted_free(a);
	}
	smart_model_free(m);
}

/* A time -> time change at `location` (kind update), its id and class
 * set as a signature of it would have them. */
static smart_signature clock_change(const char *location, uint64_t id)
{
	smart_signature s = { .id = id, .kind = SMART_OP_UPDATE };

	snprintf(s.location, sizeof(s.location), "%s", location);
	snprintf(s.old_shape, sizeof(s.old_shape), "{date}");
	snprintf(s.new_shape, sizeof(s.new_shape), "{date}");
	s.class_id = smart_signature_class(&s);
	return s;
}

/* The clock read again is one class wherever it is (one decision), but
 * what a review remembers of it (smart_signature_accept_class, the file's
 * "class") covers only the kind of place it was accepted at: a time in a
 * table cell accepted, a later run's time in any other table cell is
 * accepted, a date changed in a form's input or a <span> is not. A file
 * written before the bound (the wide class) still accepts it anywhere. */
static void an_accepted_clock_covers_only_the_kind_of_place_it_was_accepted_at(void **state)
{
	smart_signature cell = clock_change("/html/body/table/tr/td/text()", 1);
	smart_signature other_cell = clock_change("/html/body/div/table/tbody/tr/td/text()", 2);
	smart_signature input = clock_change("/html/body/form/input@value", 3);
	smart_signature span = clock_change("/html/body/p/span/text()", 4);
	char json[512], cls[17];
	smart_accepted *a;

	(void)state;
	/* grouped together: one class */
	assert_true(cell.class_id == other_cell.class_id && cell.class_id == input.class_id &&
		    cell.class_id == span.class_id);
	/* remembered bounded: another id than the class, the same for one kind of place */
	assert_true(smart_signature_accept_class(&cell) != cell.class_id);
	assert_true(smart_signature_accept_class(&cell) == smart_signature_accept_class(&other_cell));
	assert_true(smart_signature_accept_class(&cell) != smart_signature_accept_class(&span));
	assert_string_equal(smart_signature_class_place(&cell), "td/text()");
	smart_signature_id_text(smart_signature_accept_class(&cell), cls);
	snprintf(json, sizeof(json), "{\"format\":\"smart-accepted\",\"version\":2,\"changes\":"
		 "[{\"id\":\"0000000000000001\",\"class\":\"%s\"}]}", cls);
	a = parse(json);
	assert_true(smart_accepted_has_signature(a, &cell, "a.html"));
	assert_true(smart_accepted_has_signature(a, &other_cell, "b.html"));
	assert_false(smart_accepted_has_signature(a, &input, "a.html"));
	assert_false(smart_accepted_has_signature(a, &span, "a.html"));
	smart_accepted_free(a);
	/* an entry of the wide class (written before the bound) */
	smart_signature_id_text(cell.class_id, cls);
	snprintf(json, sizeof(json), "{\"format\":\"smart-accepted\",\"version\":2,\"changes\":"
		 "[{\"id\":\"0000000000000001\",\"class\":\"%s\"}]}", cls);
	a = parse(json);
	assert_true(smart_accepted_has_signature(a, &input, "a.html"));
	smart_accepted_free(a);
	/* any other class is remembered as it is grouped */
	input = clock_change("/html/body/form/input@value", 5);
	snprintf(input.new_shape, sizeof(input.new_shape), "{number}");
	input.class_id = smart_signature_class(&input);
	assert_true(smart_signature_accept_class(&input) == input.class_id);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(accepted_file_reads_ids_and_the_tests_a_change_is_limited_to),
		cmocka_unit_test(accepted_file_that_is_not_one_is_refused_naming_the_field),
		cmocka_unit_test(a_class_accepted_in_version_2_takes_every_change_of_it),
		cmocka_unit_test(covers_needs_every_signature_accepted_and_a_whole_set),
		cmocka_unit_test(class_entry_accepts_every_change_of_its_class),
		cmocka_unit_test(merge_keeps_the_entries_of_both),
		cmocka_unit_test(an_accepted_clock_covers_only_the_kind_of_place_it_was_accepted_at),
		cmocka_unit_test(classify_ignores_a_change_of_an_accepted_class_at_another_place),
		cmocka_unit_test(classify_ignores_a_pair_whose_every_change_was_accepted_not_one_with_more),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
