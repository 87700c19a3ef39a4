/* The depth estimate that sends a page too deep for gumbo to libxml2
 * (diffx/tree_html5_depth.c): on random tag soup, with small limits, it
 * answers as its specification (below, a byte at a time) does, so no page
 * changes parser when the estimate is made cheaper. */
#include "../support/support.h"
#include "diffx/tree_html5.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The elements the estimate leaves out (void, or with an optional end
 * tag), in one list. */
static int spec_adds_no_depth(const char *name)
{
	static const char *const names[] = {
		"area", "br", "body", "base", "col", "colgroup", "caption", "dd", "dt", "embed",
		"hr", "html", "head", "img", "input", "keygen", "li", "link", "meta", "option",
		"optgroup", "p", "param", "rt", "rp", "rb", "rtc", "source", "td", "tr", "th",
		"tbody", "thead", "tfoot", "track", "wbr", NULL
	};

	for (const char *const *n = names; *n; n++)
		if (strcmp(name, *n) == 0)
			return 1;
	return 0;
}

/* The estimate as first specified, reading the page a byte at a time: a
 * comment is skipped to its "-->"; a tag's name is its first 15 ASCII
 * letters and digits, lower-cased; the tag runs to the first '>' after
 * its '<' (or '</'); a start tag not self-closed and not in the list
 * opens one level (and a script's or a style's text is skipped to its end
 * tag), an end tag closes one. */
static int spec_too_deep(const char *d, size_t len, size_t max_depth)
{
	size_t depth = 0, i = 0;

	while (i < len) {
		char name[16];
		size_t n, start, gt;
		int closing;

		if (d[i++] != '<')
			continue;
		if (len - i >= 3 && memcmp(d + i, "!--", 3) == 0) {
			for (i += 3; i < len && !(len - i >= 3 && memcmp(d + i, "-->", 3) == 0); i++)
				;
			i = i < len ? i + 3 : len;
			continue;
		}
		closing = i < len && d[i] == '/';
		start = i + (size_t)closing;
		for (gt = start; gt < len && d[gt] != '>'; gt++)
			;
		for (n = 0; n < 15 && start + n < len && isalnum((unsigned char)d[start + n]) &&
			    (unsigned char)d[start + n] < 0x80; n++)
			name[n] = (char)tolower((unsigned char)d[start + n]);
		name[n] = '\0';
		i = gt < len ? gt + 1 : len;
		if (n == 0 || !isalpha((unsigned char)name[0]) || spec_adds_no_depth(name))
			continue;
		if (closing) {
			if (depth > 0)
				depth--;
			continue;
		}
		if (gt < len && gt > start && d[gt - 1] == '/')
			continue; /* self-closed */
		if (++depth > max_depth)
			return 1;
		if (strcmp(name, "script") == 0 || strcmp(name, "style") == 0) {
			size_t k = strlen(name);

			while (i + 2 + k <= len &&
			       !(d[i] == '<' && d[i + 1] == '/' && strncasecmp(d + i + 2, name, k) == 0))
				i++;
			if (i + 2 + k > len)
				i = len;
		}
	}
	return 0;
}

static void html5_depth_estimate_answers_as_its_specification(void **state)
{
	static const char *const pieces[] = {
		"<div>", "</div>", "<DIV class=x>", "<p>", "</p>", "<br/>", "<br>", "<span a='>'>",
		"</span>", "<script>", "<SCRIPT>", "</script>", "<style>", "</STYLE>", "<!--",
		"-->", "<b>", "</b>", "<1>", "< ", "<li>", "<img>", "<svg/>", "text", " ",
		"<tablehead>", "<td>", "<tr>", "<rtc>", "<rt>", "<sx>", "<s>", "</s>", "<d>",
		"<colgroup>", "<p1>", "<averyveryverylongname>", "<a", ">", "/", "<", "<!"
	};
	unsigned seed = 7;
	int deep = 0, shallow = 0;

	(void)state;
	for (int round = 0; round < 20000; round++) {
		char doc[1024];
		size_t len = 0, want = (size_t)rand_r(&seed) % 300, limit = 1 + rand_r(&seed) % 8;

		while (len < want) {
			const char *p = pieces[rand_r(&seed) % (sizeof(pieces) / sizeof(*pieces))];

			memcpy(doc + len, p, strlen(p));
			len += strlen(p);
		}
		int want_deep = spec_too_deep(doc, len, limit);

		if (smart__tree_html5_too_deep(doc, len, limit) != want_deep)
			fail_msg("limit %zu, %.*s: expected %d", limit, (int)len, doc, want_deep);
		deep += want_deep;
		shallow += !want_deep;
	}
	/* both answers were exercised */
	assert_true(deep > 1000);
	assert_true(shallow > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(html5_depth_estimate_answers_as_its_specification),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
