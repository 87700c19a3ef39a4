/* The helpers of scrub_pairs.h. */
#include "scrub_pairs.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

int scrub_docs_align(const char *old_html, const char *new_html, unsigned off, int slot,
		     unsigned *explained)
{
	smart_error err = { "" };
	smart_tree *a = smart_tree_parse(old_html, strlen(old_html), SMART_FORMAT_HTML, "a", &err);
	smart_tree *b = smart_tree_parse(new_html, strlen(new_html), SMART_FORMAT_HTML, "b", &err);
	smart_scrub_pass s = { .off = off };
	smart_diff *d;
	int empty;

	assert_non_null(a);
	assert_non_null(b);
	s.shapes = smart_shapes_scrubbed(&err);
	assert_non_null(s.shapes);
	assert_int_equal(smart_scrub_before_align(&s, a, b, &err), 0);
	d = smart_diffx(s.p.old_clean, s.p.new_clean, &err);
	assert_non_null(d);
	empty = smart_diff_is_empty(d);
	if (explained) {
		assert_true(slot >= 0 && slot < SMART_SCRUBBER_COUNT);
		*explained = s.explained[slot];
	}
	smart_diff_free(d);
	smart_scrub_pass_free(&s);
	smart_tree_free(a);
	smart_tree_free(b);
	return empty;
}

/* `frame` with every "%s" replaced by `body` (the caller frees). */
static char *framed(const char *frame, const char *body)
{
	size_t holes = 0, len;
	char *out, *o;

	for (const char *p = strstr(frame, "%s"); p; p = strstr(p + 2, "%s"))
		holes++;
	len = strlen(frame) + holes * strlen(body) + 1;
	out = malloc(len);
	assert_non_null(out);
	o = out;
	for (const char *p = frame; *p;) {
		if (p[0] == '%' && p[1] == 's') {
			o = stpcpy(o, body);
			p += 2;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

int scrub_framed_align(const char *frame, const char *old_body, const char *new_body,
		       unsigned off, int slot, unsigned *explained)
{
	char *a = framed(frame, old_body), *b = framed(frame, new_body);
	int empty = scrub_docs_align(a, b, off, slot, explained);

	free(a);
	free(b);
	return empty;
}

void scrub_assert_pairs(const char *frame, const char *const (*pairs)[2], size_t n,
			unsigned off, int want_align)
{
	for (size_t i = 0; i < n; i++)
		if (scrub_framed_align(frame, pairs[i][0], pairs[i][1], off, 0, NULL) != want_align)
			fail_msg("'%s' -> '%s' should %s", pairs[i][0], pairs[i][1],
				 want_align ? "be no edit" : "stay an edit");
}
