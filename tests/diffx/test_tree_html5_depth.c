/* The depth estimate that sends a page too deep for gumbo to libxml2
 * (diffx/tree_html5_depth.c): on random tag soup, with small limits, it
 * answers as the estimate as first written (below, kept as the
 * specification) does, so no page changes parser when the estimate is
 * made cheaper. */
#include "../support/support.h"
#include "diffx/tree_html5.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The estimate as first written: every tag's lower-cased name compared
 * with strcmp (in one list, not one per first letter), its first byte
 * tested with isalpha, "script" and "style" asked of every start tag. */
static int reference_adds_no_depth(const char *name)
{
	static const char *const names[] = {
		"area", "br", "body", "base", "col", "colgroup", "caption", "dd", "dt", "embed",
		"hr", "html", "head", "img", "input", "keygen", "li", "link", "meta", "option",
		"optgroup", "p", "param", "rt", "rp", "rb", "rtc", "source", "td", "tr", "th",
		"tbody", "thead", "tfoot", "track", "wbr", NULL
	};

	for (size_t i = 0; names[i]; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

static int ascii_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static size_t reference_skip_raw_text(const char *data, size_t len, size_t i, const char *name)
{
	size_t n = strlen(name);

	for (; i + 2 + n <= len; i++)
		if (data[i] == '<' && data[i + 1] == '/' && strncasecmp(data + i + 2, name, n) == 0)
			return i;
	return len;
}

static int reference_too_deep(const char *data, size_t len, size_t max_depth)
{
	size_t i = 0, depth = 0;

	while (i < len) {
		const char *lt = memchr(data + i, '<', len - i), *gt;
		char name[16];
		size_t n = 0, start;
		int end_tag;

		if (!lt)
			break;
		i = (size_t)(lt - data) + 1;
		if (i + 3 <= len && memcmp(data + i, "!--", 3) == 0) {
			const char *close = memmem(data + i + 3, len - i - 3, "-->", 3);

			i = close ? (size_t)(close - data) + 3 : len;
			continue;
		}
		end_tag = i < len && data[i] == '/';
		start = i + (size_t)end_tag;
		while (start + n < len && n < sizeof(name) - 1 && ascii_alnum(data[start + n])) {
			char c = data[start + n];

			name[n++] = (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
		}
		name[n] = '\0';
		gt = memchr(data + start, '>', len - start);
		i = gt ? (size_t)(gt - data) + 1 : len;
		if (n == 0 || !isalpha((unsigned char)name[0]) || reference_adds_no_depth(name))
			continue;
		if (end_tag) {
			depth -= depth > 0;
		} else if (!(gt && gt > data + start && gt[-1] == '/')) {
			if (++depth > max_depth)
				return 1;
			if (strcmp(name, "script") == 0 || strcmp(name, "style") == 0)
				i = reference_skip_raw_text(data, len, i, name);
		}
	}
	return 0;
}

static void html5_depth_estimate_answers_as_first_written(void **state)
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
		int want_deep = reference_too_deep(doc, len, limit);

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
		cmocka_unit_test(html5_depth_estimate_answers_as_first_written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
