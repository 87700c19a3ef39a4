/* Change signatures (include/smart/signature.h): a pair's residual changes
 * said the way they recur, the same for the same change on other pages. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The signatures of the pair (old, new), measured as classify measures. */
static void signatures_of(const char *old_html, const char *new_html, smart_signature_set *out)
{
	double *values = calloc(smart_feature_count(), sizeof(double));
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML,
			    .on_aligned = smart_signatures_collect, .on_aligned_ctx = out };
	smart_document a = { old_html, strlen(old_html), "old.html" };
	smart_document b = { new_html, strlen(new_html), "new.html" };
	smart_error err = { "" };

	assert_non_null(values);
	memset(out, 0, sizeof(*out));
	assert_int_equal(smart_measure_pair(&a, &b, &m, &err), 0);
	free(values);
}

/* The shape of `s` (NUL-terminated) into a static buffer. */
static const char *shape(const char *s)
{
	static char out[SMART_SIGNATURE_VALUE];
	smart_error err = { "" };

	assert_int_equal(smart_signature_shape(s, strlen(s), out, sizeof(out), &err), 0);
	return out;
}

static void shape_masks_value_shapes_and_unexplained_tokens(void **state)
{
	(void)state;
	assert_string_equal(shape("placed on 2024-03-15 by x7Fk29aQ"),
			    "placed on {date} by {token}");
	assert_string_equal(shape("Error: could not load orders"), "Error: could not load orders");
	/* short words with digits are words (h1, utf8), not tokens */
	assert_string_equal(shape("h1 utf8"), "h1 utf8");
	/* an epoch is a number: the same shape as a shorter one */
	assert_string_equal(shape("1700000000"), shape("4711"));
	assert_string_equal(shape("1700000000"), "{number}");
}

static void shape_makes_white_space_one_space_and_cuts_long_values_whole_characters(void **state)
{
	char long_text[400];
	const char *s;

	(void)state;
	assert_string_equal(shape("  a \n\t b  "), "a b");
	for (size_t i = 0; i + 2 < sizeof(long_text); i += 2)
		memcpy(long_text + i, "\xc3\xa9", 2); /* é, two bytes */
	long_text[sizeof(long_text) - 2] = '\0';
	s = shape(long_text);
	assert_true(strlen(s) < SMART_SIGNATURE_VALUE);
	assert_string_equal(s + strlen(s) - 3, "...");
	assert_int_equal((strlen(s) - 3) % 2, 0); /* no é cut in half */
}

static void location_drops_positions_and_names_the_attribute(void **state)
{
	smart_signature_set s;

	(void)state;
	signatures_of("<html><body><form><input value=a><input value=b></form></body></html>",
		      "<html><body><form><input value=a><input value=c></form></body></html>", &s);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.items[0].kind, SMART_OP_ATTR_CHANGE);
	assert_string_equal(s.items[0].location, "/html/body/form/input@value");
	assert_string_equal(s.items[0].old_shape, "b");
	assert_string_equal(s.items[0].new_shape, "c");
}

static void script_text_is_located_as_script_text_wherever_the_script_is(void **state)
{
	smart_signature_set s;

	(void)state;
	signatures_of("<html><body><div><script>var page = 'a';</script></div></body></html>",
		      "<html><body><div><script>var page = 'b';</script></div></body></html>", &s);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.items[0].location, "script text");
}

static void long_values_are_shown_from_where_they_differ(void **state)
{
	char old_html[1024], new_html[1024], pad[300];
	smart_signature_set a, b;

	(void)state;
	memset(pad, 'x', sizeof(pad) - 1);
	pad[sizeof(pad) - 1] = '\0';
	snprintf(old_html, sizeof(old_html), "<html><body><script>var %s = 'one';</script></body></html>", pad);
	snprintf(new_html, sizeof(new_html), "<html><body><script>var %s = 'two';</script></body></html>", pad);
	signatures_of(old_html, new_html, &a);
	snprintf(new_html, sizeof(new_html), "<html><body><script>var %s = 'six';</script></body></html>", pad);
	signatures_of(old_html, new_html, &b);
	assert_int_equal(a.n, 1);
	assert_int_equal(b.n, 1);
	assert_string_equal(a.items[0].old_shape, "...xxxxxxxxxxxx = 'one';");
	assert_string_equal(a.items[0].new_shape, "...xxxxxxxxxxxx = 'two';");
	assert_true(a.items[0].id != b.items[0].id);
}

static void the_same_change_on_other_pages_has_the_same_signature(void **state)
{
	static const char *const tokens[][2] = { { "a1b2c3d4e5", "q9w8e7r6t5" },
						 { "Zz00Yy11Xx", "pp12qq34rr" },
						 { "k3k3k3k3", "m4m4m4m4m4m4" } };
	uint64_t id = 0, key = 0;

	(void)state;
	for (size_t i = 0; i < 3; i++) {
		char old_html[512], new_html[512];
		smart_signature_set s;

		/* other pages: other text around, another number of rows before */
		snprintf(old_html, sizeof(old_html),
			 "<html><body>%s<p>page %zu</p><form><input name=k value=%s></form></body></html>",
			 i == 1 ? "<p>x</p><p>y</p>" : "", i, tokens[i][0]);
		snprintf(new_html, sizeof(new_html),
			 "<html><body>%s<p>page %zu</p><form><input name=k value=%s></form></body></html>",
			 i == 1 ? "<p>x</p><p>y</p>" : "", i, tokens[i][1]);
		signatures_of(old_html, new_html, &s);
		assert_int_equal(s.n, 1);
		assert_string_equal(s.items[0].old_shape, "{token}");
		if (i == 0) {
			id = s.items[0].id;
			key = smart_signature_set_key(&s);
		}
		assert_true(s.items[0].id == id);
		assert_true(smart_signature_set_key(&s) == key);
	}
}

/* Two pairs whose one change (a token in a table cell) sits in
 * differently indexed places -- the second cell of the second row, the
 * first cell of the seventh -- hold one signature: positions are not part
 * of it, so a review groups them as one change. */
static void the_same_change_at_differently_indexed_places_is_one_signature(void **state)
{
	static const struct { size_t rows, row, col; const char *was, *now; } at[] = {
		{ 3, 1, 1, "a1b2c3d4e5", "q9w8e7r6t5" },
		{ 8, 6, 0, "Zz00Yy11Xx", "pp12qq34rr" },
	};
	uint64_t id = 0;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		char html[2][2048];
		smart_signature_set s;

		for (int side = 0; side < 2; side++) {
			size_t n = (size_t)snprintf(html[side], sizeof(html[side]), "<html><body><table>");

			for (size_t r = 0; r < at[i].rows; r++)
				for (size_t c = 0; c < 2; c++)
					n += (size_t)snprintf(html[side] + n, sizeof(html[side]) - n,
							      "%s<td>%s</td>%s", c ? "" : "<tr>",
							      r == at[i].row && c == at[i].col
								      ? (side ? at[i].now : at[i].was)
								      : "cell",
							      c ? "</tr>" : "");
			snprintf(html[side] + n, sizeof(html[side]) - n, "</table></body></html>");
		}
		signatures_of(html[0], html[1], &s);
		assert_int_equal(s.n, 1);
		assert_null(strchr(s.items[0].location, '['));
		if (i == 0)
			id = s.items[0].id;
		assert_true(s.items[0].id == id);
	}
}

static void another_inserted_message_is_another_signature(void **state)
{
	smart_signature_set a, b;

	(void)state;
	signatures_of("<html><body><form><input></form></body></html>",
		      "<html><body><form><p class=err>Error: could not load orders</p><input></form></body></html>",
		      &a);
	signatures_of("<html><body><form><input></form></body></html>",
		      "<html><body><form><p class=err>Saved</p><input></form></body></html>", &b);
	assert_int_equal(a.n, 1);
	assert_int_equal(a.items[0].kind, SMART_OP_INSERT);
	assert_string_equal(a.items[0].location, "/html/body/form/p");
	assert_string_equal(a.items[0].new_shape, "<p> Error: could not load orders");
	assert_int_equal(b.n, 1);
	assert_true(a.items[0].id != b.items[0].id);
}

static void a_repeated_change_is_one_signature_counted(void **state)
{
	smart_signature_set s;

	(void)state;
	signatures_of("<html><body><ul><li><a href=x title=one>1</a></li><li><a href=y title=one>2</a></li></ul></body></html>",
		      "<html><body><ul><li><a href=x title=two>1</a></li><li><a href=y title=two>2</a></li></ul></body></html>",
		      &s);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.items[0].count, 2);
	assert_int_equal(s.ops, 2);
}

static void set_key_ignores_order_and_ids_are_pinned(void **state)
{
	smart_signature_set a = { .n = 2 }, b = { .n = 2 };
	char hex[17];

	(void)state;
	a.items[0].id = b.items[1].id = 7;
	a.items[1].id = b.items[0].id = 9;
	assert_true(smart_signature_set_key(&a) == smart_signature_set_key(&b));
	b.truncated = 1;
	assert_true(smart_signature_set_key(&a) != smart_signature_set_key(&b));
	/* an id is a hash of its words alone: the same on every machine */
	signatures_of("<html><body><p>a</p></body></html>", "<html><body><p>b</p></body></html>",
		      &a);
	smart_signature_id_text(a.items[0].id, hex);
	assert_string_equal(a.items[0].location, "/html/body/p/text()");
	assert_int_equal(strlen(hex), 16);
	assert_true(a.items[0].id ==
		    smart_shard_hash("update\x1f/html/body/p/text()\x1f" "a\x1f" "b",
				     strlen("update\x1f/html/body/p/text()\x1f" "a\x1f" "b")));
}

/* The one signature of a pair whose <td> (or a script, script != 0)
 * says `old` and then `new`. */
static smart_signature one_change(const char *old_text, const char *new_text, int script)
{
	char old_html[512], new_html[512];
	const char *fmt = script ? "<html><body><p>page</p><script>%s</script></body></html>"
				 : "<html><body><table><tr><td>%s</td></tr></table></body></html>";
	smart_signature_set s;

	snprintf(old_html, sizeof(old_html), fmt, old_text);
	snprintf(new_html, sizeof(new_html), fmt, new_text);
	signatures_of(old_html, new_html, &s);
	assert_int_equal(s.n, 1);
	return s.items[0];
}

static void a_value_only_reordered_is_one_class_with_every_order_of_it(void **state)
{
	smart_signature a = one_change("red, green, blue", "blue, red, green", 0);
	smart_signature b = one_change("green, blue, red", "red, blue, green", 0);
	smart_signature c = one_change("var o = [7, 'x', 'y'];", "var o = ['y', 7, 'x'];", 1);
	smart_signature d = one_change("var o = ['x', 'y', 8];", "var o = ['y', 'x', 8];", 1);

	(void)state;
	/* other orders on both sides: other ids, one class (the numbers are
	 * masked, so 7 and 8 read alike) */
	assert_true(a.id != b.id);
	assert_true(a.class_id == b.class_id);
	assert_true(a.class_id != a.id);
	assert_true(c.id != d.id);
	assert_true(c.class_id == d.class_id);
	/* the same words at another kind of place are another class */
	assert_true(a.class_id != c.class_id);
}

static void a_change_of_content_is_not_a_reordering(void **state)
{
	smart_signature a = one_change("red, green, blue", "blue, red, green", 0);

	(void)state;
	/* a word changed, added or taken away, a mark changed: the change's own class */
	a = one_change("red, green, blue", "blue, red, grey", 0);
	assert_true(a.class_id == a.id);
	a = one_change("red, green, blue", "blue, red, green, green", 0);
	assert_true(a.class_id == a.id);
	a = one_change("red, green", "green; red", 0);
	assert_true(a.class_id == a.id);
	a = one_change("if (x < y) go();", "if (y < x) go();", 1);
	assert_true(a.class_id != a.id); /* the same marks and words: a reordering */
	a = one_change("if (x < y) go();", "if (y > x) go();", 1);
	assert_true(a.class_id == a.id);
	/* white space alone moved is no reordering either */
	a = one_change("red green", "red  green x", 0);
	assert_true(a.class_id == a.id);
	/* other content reordered is another class */
	assert_true(one_change("red, green, blue", "blue, red, green", 0).class_id !=
		    one_change("red, green, pink", "pink, red, green", 0).class_id);
}

static void shape_reads_a_date_written_with_no_break_spaces_whole(void **state)
{
	char plain[SMART_SIGNATURE_VALUE];

	(void)state;
	strcpy(plain, shape("Fri Mar 01 10:00:05 2024"));
	assert_string_equal(plain, "{date}");
	/* U+00A0 between the parts: white space to a reader, the same shape */
	assert_string_equal(shape("Fri\xc2\xa0Mar\xc2\xa0" "01\xc2\xa0" "10:00:05\xc2\xa0" "2024"),
			    plain);
	assert_string_equal(shape("a\xc2\xa0\xc2\xa0" "b"), "a b");
}

static void shape_reads_every_unicode_space_as_a_space(void **state)
{
	char plain[SMART_SIGNATURE_VALUE];
	static const char *const spaces[] = {
		"\xe2\x80\xaf", /* U+202F narrow no-break space: CLDR's "10:00 AM" */
		"\xe2\x80\x89", /* U+2009 thin space */
		"\xe2\x80\x87", /* U+2007 figure space */
		"\xe2\x80\x80", /* U+2000 en quad, the first of the run */
		"\xe2\x80\x8a", /* U+200A hair space, the last */
		"\xe2\x81\x9f", /* U+205F medium mathematical space */
		"\xe3\x80\x80", /* U+3000 ideographic space */
	};

	(void)state;
	strcpy(plain, shape("3/1/2024, 10:00:05 AM"));
	for (size_t k = 0; k < sizeof(spaces) / sizeof(spaces[0]); k++) {
		char written[64];

		snprintf(written, sizeof(written), "3/1/2024, 10:00:05%sAM", spaces[k]);
		assert_string_equal(shape(written), plain);
	}
	/* neither a zero-width space (U+200B, not a space to a reader) nor a
	 * hyphen (U+2010) nor a character cut short at the value's end */
	assert_string_equal(shape("a\xe2\x80\x8b" "b"), "a\xe2\x80\x8b" "b");
	assert_string_equal(shape("a\xe2\x80\x90" "b"), "a\xe2\x80\x90" "b");
	assert_string_not_equal(shape("a\xe2\x80"), "a ");
}

static void shape_takes_the_rest_of_a_masked_path_into_the_path(void **state)
{
	char deep[SMART_SIGNATURE_VALUE];

	(void)state;
	/* a temporary folder a shape reads in part: one {path} however deep */
	strcpy(deep, shape("can't open '/tmp/run-17/pyflakes/../bin/pyflakes': [Errno 2]"));
	assert_string_equal(deep, "can't open '{path}': [Errno {number}]");
	assert_string_equal(shape("can't open '/tmp/q': [Errno 2]"), deep);
	/* what follows the path past white space stays */
	assert_string_equal(shape("see /usr/lib/foo.py line 3"), "see {path} line {number}");
}

static void a_value_printed_in_other_shapes_is_one_class_wherever_it_is(void **state)
{
	smart_signature a = one_change("42", "1.2.3", 0);
	smart_signature b = one_change("7", "2.4.1", 1);
	smart_signature c;

	(void)state;
	/* {number} -> {version} in a table cell and in a script: other
	 * places, other ids, one class */
	assert_string_equal(a.old_shape, "{number}");
	assert_string_equal(a.new_shape, "{version}");
	assert_true(a.id != b.id);
	assert_true(a.class_id == b.class_id);
	/* the shapes the other way round are another class */
	c = one_change("1.2.3", "42", 0);
	assert_true(c.class_id != a.class_id);
	/* a word beside the shapes makes it the change's own class */
	c = one_change("build 42", "release 1.2.3", 0);
	assert_true(c.class_id == c.id);
	c = one_change("42", "failed", 0);
	assert_true(c.class_id == c.id);
}

static void the_clock_read_again_is_one_class_wherever_it_is(void **state)
{
	smart_signature a = one_change("2 hours ago", "3 min", 0);
	/* a date no scrubber reads (no-break spaces between its parts), one a
	 * signature reads whole */
	smart_signature b = one_change("Fri\xc2\xa0Mar\xc2\xa0" "01\xc2\xa0" "10:00:05\xc2\xa0" "2024",
				       "Mon\xc2\xa0Jul\xc2\xa0" "01\xc2\xa0" "10:00:05\xc2\xa0" "2024", 1);
	smart_signature c = one_change("10:00 AM", "2024-03-01 10:00 PM", 0);
	smart_signature d;

	(void)state;
	/* a relative time printed as a duration, a date, a time of day: the
	 * clock moved, at any place, one class */
	assert_string_equal(a.old_shape, "{reltime}");
	assert_string_equal(a.new_shape, "{duration}");
	assert_true(a.id != b.id && b.id != c.id);
	assert_true(a.class_id == b.class_id);
	assert_true(a.class_id == c.class_id);
	/* a time of day whose AM and PM follow a narrow no-break space (CLDR's
	 * time formats): the clock too */
	d = one_change("10:00\xe2\x80\xaf" "AM", "2024-03-01 10:00\xe2\x80\xaf" "PM", 0);
	assert_true(d.class_id == a.class_id);
	/* a time that becomes a number, or a word beside the time, is not */
	d = one_change("2 hours ago", "42", 0);
	assert_true(d.class_id != a.class_id);
	d = one_change("Saved 2 hours ago", "Failed 3 min", 0);
	assert_true(d.class_id == d.id);
	/* an element holding only a time inserted is its own kind of class */
	d = one_change("x", "x 3 min", 0);
	assert_true(d.class_id != a.class_id);
}

/* A drawing redrawn -- a value of marks only (an ASCII-art captcha drawn
 * anew on every page, its shape another each time) -- is one class at a
 * place of the same kind (pre/text()); a drawing at another kind of place,
 * or one word beside the marks, is not (tuning: read from Fossil's
 * captcha with its scrubber off). */
static void a_drawing_redrawn_is_one_class_at_a_place_of_its_kind(void **state)
{
	smart_signature_set a, b, c, d;

	(void)state;
	signatures_of("<html><body><pre> ___   ____ \n|_  ) |__ / </pre></body></html>",
		      "<html><body><pre>  __  _____ \n / / |__  | </pre></body></html>", &a);
	signatures_of("<html><body><div><pre> _____  _ \n|  ___|| |</pre></div></body></html>",
		      "<html><body><div><pre> ____  __ \n/ ___|/_ |</pre></div></body></html>", &b);
	signatures_of("<html><body><p> ___   ____ \n|_  ) |__ / </p></body></html>",
		      "<html><body><p>  __  _____ \n / / |__  | </p></body></html>", &c);
	signatures_of("<html><body><pre> ___ code |_  ) </pre></body></html>",
		      "<html><body><pre>  __ code / / </pre></body></html>", &d);
	assert_int_equal(a.n, 1);
	assert_int_equal(b.n, 1);
	assert_int_equal(c.n, 1);
	assert_int_equal(d.n, 1);
	assert_true(a.items[0].id != b.items[0].id);
	assert_true(a.items[0].class_id == b.items[0].class_id);
	assert_true(c.items[0].class_id != a.items[0].class_id);
	assert_true(d.items[0].class_id == d.items[0].id);
	assert_string_equal(smart_signature_class_place(&a.items[0]), "pre/text()");
}

/* Property: any shuffle of the same five words is one class; putting one
 * word in place of another never is. */
static void every_shuffle_of_the_same_words_is_one_class(void **state)
{
	static const char *const words[] = { "alpha", "beta", "gamma", "delta", "omega" };
	uint64_t cls = 0;

	(void)state;
	srand(7);
	for (int round = 0; round < 40; round++) {
		size_t order[2][5];
		char text[2][128];
		smart_signature s;
		int same = 1;

		for (int side = 0; side < 2; side++) {
			for (size_t k = 0; k < 5; k++)
				order[side][k] = k;
			for (size_t k = 5; k > 1; k--) {
				size_t j = (size_t)rand() % k, t = order[side][k - 1];

				order[side][k - 1] = order[side][j];
				order[side][j] = t;
			}
			snprintf(text[side], sizeof(text[side]), "%s %s %s %s %s",
				 words[order[side][0]], words[order[side][1]], words[order[side][2]],
				 words[order[side][3]], words[order[side][4]]);
		}
		for (size_t k = 0; k < 5; k++)
			same &= order[0][k] == order[1][k];
		if (same)
			continue;
		s = one_change(text[0], text[1], 0);
		if (!cls)
			cls = s.class_id;
		assert_true(s.class_id == cls);
		/* one word replaced by another: the change is its own class */
		memcpy(strstr(text[1], "beta"), "zeta", 4);
		s = one_change(text[0], text[1], 0);
		assert_true(s.class_id == s.id);
	}
	assert_true(cls != 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shape_masks_value_shapes_and_unexplained_tokens),
		cmocka_unit_test(shape_makes_white_space_one_space_and_cuts_long_values_whole_characters),
		cmocka_unit_test(location_drops_positions_and_names_the_attribute),
		cmocka_unit_test(script_text_is_located_as_script_text_wherever_the_script_is),
		cmocka_unit_test(long_values_are_shown_from_where_they_differ),
		cmocka_unit_test(the_same_change_on_other_pages_has_the_same_signature),
		cmocka_unit_test(the_same_change_at_differently_indexed_places_is_one_signature),
		cmocka_unit_test(another_inserted_message_is_another_signature),
		cmocka_unit_test(a_repeated_change_is_one_signature_counted),
		cmocka_unit_test(set_key_ignores_order_and_ids_are_pinned),
		cmocka_unit_test(a_value_only_reordered_is_one_class_with_every_order_of_it),
		cmocka_unit_test(a_change_of_content_is_not_a_reordering),
		cmocka_unit_test(every_shuffle_of_the_same_words_is_one_class),
		cmocka_unit_test(shape_reads_a_date_written_with_no_break_spaces_whole),
		cmocka_unit_test(shape_reads_every_unicode_space_as_a_space),
		cmocka_unit_test(shape_takes_the_rest_of_a_masked_path_into_the_path),
		cmocka_unit_test(a_value_printed_in_other_shapes_is_one_class_wherever_it_is),
		cmocka_unit_test(the_clock_read_again_is_one_class_wherever_it_is),
		cmocka_unit_test(a_drawing_redrawn_is_one_class_at_a_place_of_its_kind),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
