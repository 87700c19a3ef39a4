/*
 * How deep a page's tags nest, estimated from its bytes (tree_html5.h).
 *
 * gumbo's tree construction looks down the stack of open elements for
 * each start tag ("is there a <p> in button scope?"), so its time grows as
 * the tags times their depth: 100 000 nested <div> (500 KB) take a minute,
 * where libxml2 takes a tenth of a second. A page that nests deeper than
 * browsers lay out anyway (512, HTML_MAX_DEPTH) is read by libxml2 instead
 * (tree_parse.c): the estimate below must only never miss a deep page by
 * much. It counts open elements, leaving out void elements, self-closed
 * tags, and the elements whose end tag HTML lets a page omit (p, li, td,
 * ...), which real pages leave open by the thousand and which never nest
 * in the tree; an end tag closes one element of its own kind.
 */
#include "tree_html5.h"

#include <string.h>
#include <strings.h>

/* Elements that never make the estimate deeper: void elements, and those
 * whose end tag is optional. Listed by first letter, so that each tag of
 * the page is compared with two or three names, not forty (this runs for
 * every tag before gumbo parses the page). */
static int adds_no_depth(const char *name)
{
	static const char *const by_letter[26][8] = {
		['a' - 'a'] = { "area" },
		['b' - 'a'] = { "br", "body", "base" },
		['c' - 'a'] = { "col", "colgroup", "caption" },
		['d' - 'a'] = { "dd", "dt" },
		['e' - 'a'] = { "embed" },
		['h' - 'a'] = { "hr", "html", "head" },
		['i' - 'a'] = { "img", "input" },
		['k' - 'a'] = { "keygen" },
		['l' - 'a'] = { "li", "link" },
		['m' - 'a'] = { "meta" },
		['o' - 'a'] = { "option", "optgroup" },
		['p' - 'a'] = { "p", "param" },
		['r' - 'a'] = { "rt", "rp", "rb", "rtc" },
		['s' - 'a'] = { "source" },
		['t' - 'a'] = { "td", "tr", "th", "tbody", "thead", "tfoot", "track" },
		['w' - 'a'] = { "wbr" },
	};
	const char *const *names;

	if (name[0] < 'a' || name[0] > 'z')
		return 0;
	names = by_letter[name[0] - 'a'];
	/* the second byte turns most names away without a call */
	for (size_t i = 0; i < 8 && names[i]; i++)
		if (names[i][1] == name[1] && strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* isalnum in the C locale smart runs in, inline: this runs for every byte
 * of every tag's name, before gumbo parses the page. */
static int is_ascii_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The end of a raw-text element's content (script, style: no tags
 * inside), from `i`: the index of its "</name", or len. */
static size_t skip_raw_text(const char *data, size_t len, size_t i, const char *name)
{
	size_t n = strlen(name);

	for (; i + 2 + n <= len; i++)
		if (data[i] == '<' && data[i + 1] == '/' && strncasecmp(data + i + 2, name, n) == 0)
			return i;
	return len;
}

int smart__tree_html5_too_deep(const char *data, size_t len, size_t max_depth)
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
		while (start + n < len && n < sizeof(name) - 1 && is_ascii_alnum(data[start + n])) {
			char c = data[start + n];

			name[n++] = (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
		}
		name[n] = '\0';
		gt = memchr(data + start, '>', len - start);
		i = gt ? (size_t)(gt - data) + 1 : len;
		/* the name is lower-case ASCII letters and digits: a letter
		 * is what isalpha says of it in every locale */
		if (n == 0 || name[0] < 'a' || name[0] > 'z' || adds_no_depth(name))
			continue;
		if (end_tag) {
			depth -= depth > 0;
		} else if (!(gt && gt > data + start && gt[-1] == '/')) {
			if (++depth > max_depth)
				return 1;
			if (name[0] == 's' &&
			    (strcmp(name, "script") == 0 || strcmp(name, "style") == 0))
				i = skip_raw_text(data, len, i, name);
		}
	}
	return 0;
}

/* Inserts an empty <head> as the first element of <html> when it has none. */
static int add_head(xmlDocPtr doc)
{
	xmlNodePtr html = xmlDocGetRootElement(doc), first, head;

	if (!html)
		return 0;
	for (first = html->children; first && first->type != XML_ELEMENT_NODE; first = first->next)
		;
	if (first && strcmp((const char *)first->name, "head") == 0)
		return 0;
	if (!(head = xmlNewDocNode(doc, NULL, (const xmlChar *)"head", NULL)))
		return -1;
	if (html->children ? !xmlAddPrevSibling(html->children, head) : !xmlAddChild(html, head)) {
		xmlFreeNode(head);
		return -1;
	}
	return 0;
}

int smart__tree_html5_add_head(xmlDocPtr doc)
{
	return doc ? add_head(doc) : 0;
}
