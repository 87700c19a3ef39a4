/* Seeded random document pairs for property tests (random_tree.h). */
#include "random_tree.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLtree.h>
#include <libxml/tree.h>

void rt_seed(rt_rng *rng, uint64_t seed)
{
	rng->state = seed ^ 0x9E3779B97F4A7C15ull;
}

uint64_t rt_next(rt_rng *rng)
{
	uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

uint32_t rt_below(rt_rng *rng, uint32_t n)
{
	return (uint32_t)(rt_next(rng) % n);
}

#define PICK(rng, array) ((array)[rt_below((rng), sizeof(array) / sizeof((array)[0]))])

/* Tags that libxml2's HTML parser nests as written, whatever their parent
 * (none closes another implicitly), and whose text smart reads the same
 * wherever they sit: a subtree of them can move anywhere and the parsed
 * result is exactly that move. */
static const char *const safe_tags[] = {
	"div", "span", "section", "article", "em", "b", "i", "small",
	"nav", "aside", "main",
};
/* The rest of a realistic page: implied end tags, tables, forms, void
 * elements, literal text (<pre>, <code>: a subtree moved into or out of
 * them changes its white space). The parser may restructure around them. */
static const char *const other_tags[] = {
	"p", "ul", "li", "table", "tr", "td", "a", "form", "label", "pre",
	"code", "h2", "button", "br", "img", "input", "hr",
};
static const char *const xml_tags[] = {
	"item", "entry", "Name", "x-y", "a.b", "data", "list", "value", "Row", "_u",
};
static const char *const html_attrs[] = {
	"class", "id", "title", "lang", "data-k", "dir", "role", "alt", "width",
};
static const char *const xml_attrs[] = { "key", "Id", "type", "x-val", "unit" };
static const char *const values[] = {
	"", "x", "main content", "a&b", "1 < 2", "say \"hi\"", "it's", "caf\xC3\xA9",
	"\xE2\x82\xAC" "9", "tab\there", "line\nbreak", "  spaced  ", "\xF0\x9F\x98\x80",
};
static const char *const words[] = {
	"alpha", "beta", "gamma", "delta", "lorem", "ipsum", "&", "<b>", "x > y",
	"\"quoted\"", "caf\xC3\xA9", "\xE6\x97\xA5\xE6\x9C\xAC", "\xF0\x9F\x98\x80",
	"tab\t", "new\nline", "0", "42", "-", "&amp;",
};

typedef struct gen {
	rt_rng rng;
	xmlDocPtr doc;
	smart_format format;
	int safe_only;        /* only safe_tags (pure-move pairs) */
	xmlNodePtr top;       /* body (HTML) or the root element (XML) */
	xmlNodePtr *nodes;    /* scratch: a node list */
	size_t count, cap;
	int oom;
} gen;

static int is_void(const xmlNode *n)
{
	static const char *const voids[] = { "br", "img", "input", "hr" };

	for (size_t i = 0; i < sizeof(voids) / sizeof(voids[0]); i++)
		if (strcmp((const char *)n->name, voids[i]) == 0)
			return 1;
	return 0;
}

static const char *random_tag(gen *g)
{
	if (g->format == SMART_FORMAT_XML)
		return PICK(&g->rng, xml_tags);
	if (g->safe_only || rt_below(&g->rng, 3) > 0)
		return PICK(&g->rng, safe_tags);
	return PICK(&g->rng, other_tags);
}

static xmlNodePtr random_text(gen *g)
{
	char buf[256] = "";
	unsigned n = 1 + rt_below(&g->rng, 5);

	for (unsigned i = 0; i < n; i++) {
		if (i)
			strcat(buf, rt_below(&g->rng, 4) ? " " : "  ");
		strcat(buf, PICK(&g->rng, words));
	}
	return xmlNewDocText(g->doc, (const xmlChar *)buf);
}

static void random_attribute(gen *g, xmlNodePtr e)
{
	const char *name = g->format == SMART_FORMAT_XML ? PICK(&g->rng, xml_attrs)
							  : PICK(&g->rng, html_attrs);

	xmlSetProp(e, (const xmlChar *)name, (const xmlChar *)PICK(&g->rng, values));
}

static xmlNodePtr random_element(gen *g)
{
	xmlNodePtr e = xmlNewDocNode(g->doc, NULL, (const xmlChar *)random_tag(g), NULL);
	unsigned attrs = rt_below(&g->rng, 4) == 0 ? 1 + rt_below(&g->rng, 3) : 0;

	if (!e)
		return NULL;
	for (unsigned i = 0; i < attrs; i++)
		random_attribute(g, e);
	return e;
}

static int last_is_text(const xmlNode *parent)
{
	return parent->last && parent->last->type == XML_TEXT_NODE;
}

/* Grows a random subtree of about `size` nodes under `root` (which has no
 * children yet): each new node goes under a random element of the subtree,
 * often the newest one, so both wide and deep shapes occur. */
static void grow(gen *g, xmlNodePtr root, uint32_t size)
{
	xmlNodePtr *elems = malloc((size + 1) * sizeof(*elems));
	size_t n = 0;

	if (!elems) {
		g->oom = 1;
		return;
	}
	elems[n++] = root;
	for (uint32_t k = 1; k < size; k++) {
		xmlNodePtr parent = rt_below(&g->rng, 3) == 0 ? elems[n - 1]
							       : elems[rt_below(&g->rng, (uint32_t)n)];
		xmlNodePtr child;

		if (is_void(parent))
			continue;
		if (rt_below(&g->rng, 40) == 0) { /* comments: not content */
			child = xmlNewDocComment(g->doc, (const xmlChar *)" note ");
			if (!child || !xmlAddChild(parent, child))
				g->oom = 1;
			continue;
		}
		if (rt_below(&g->rng, 5) < 2 && !last_is_text(parent)) {
			child = random_text(g);
			if (!child || !xmlAddChild(parent, child))
				g->oom = 1;
			continue;
		}
		child = random_element(g);
		if (!child || !xmlAddChild(parent, child)) {
			g->oom = 1;
			break;
		}
		elems[n++] = child;
	}
	free(elems);
}

static void add_node(gen *g, xmlNodePtr n)
{
	if (g->count == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 256;
		xmlNodePtr *bigger = realloc(g->nodes, cap * sizeof(*bigger));

		if (!bigger) {
			g->oom = 1;
			return;
		}
		g->nodes = bigger;
		g->cap = cap;
	}
	g->nodes[g->count++] = n;
}

/* Lists the element and text nodes strictly below g->top, in pre-order. */
static void collect(gen *g)
{
	xmlNodePtr n = g->top->children;

	g->count = 0;
	while (n && !g->oom) {
		if (n->type == XML_ELEMENT_NODE || n->type == XML_TEXT_NODE)
			add_node(g, n);
		if (n->type == XML_ELEMENT_NODE && n->children) {
			n = n->children;
			continue;
		}
		while (n != g->top && !n->next)
			n = n->parent;
		n = n == g->top ? NULL : n->next;
	}
}

static int is_inside(const xmlNode *n, const xmlNode *ancestor)
{
	for (; n; n = n->parent)
		if (n == ancestor)
			return 1;
	return 0;
}

/* A random element to put things in: g->top or an element below it that is
 * not void. */
static xmlNodePtr random_container(gen *g)
{
	for (int tries = 0; tries < 20 && g->count; tries++) {
		xmlNodePtr n = g->nodes[rt_below(&g->rng, (uint32_t)g->count)];

		if (n->type == XML_ELEMENT_NODE && !is_void(n))
			return n;
	}
	return g->top;
}

static xmlNodePtr random_node(gen *g, xmlElementType type)
{
	for (int tries = 0; tries < 20 && g->count; tries++) {
		xmlNodePtr n = g->nodes[rt_below(&g->rng, (uint32_t)g->count)];

		if (n->type == type)
			return n;
	}
	return NULL;
}

/* The child of `parent` a new node goes before (NULL: at the end). */
static xmlNodePtr random_position(gen *g, xmlNodePtr parent)
{
	uint32_t k = 0, at;

	for (xmlNodePtr c = parent->children; c; c = c->next)
		k++;
	at = rt_below(&g->rng, k + 1);
	for (xmlNodePtr c = parent->children; c; c = c->next)
		if (at-- == 0)
			return c;
	return NULL;
}

static void place(xmlNodePtr parent, xmlNodePtr before, xmlNodePtr n)
{
	if (before)
		xmlAddPrevSibling(before, n);
	else
		xmlAddChild(parent, n);
}

/* Moves an element subtree to a random other place. With `pure`, only when
 * nothing else can change: the element does not leave two texts side by
 * side (they would merge) and really changes place. Returns 1 when moved. */
static int move_subtree(gen *g, int pure)
{
	xmlNodePtr x = random_node(g, XML_ELEMENT_NODE), parent, before;

	if (!x)
		return 0;
	if (pure && x->prev && x->next && x->prev->type == XML_TEXT_NODE &&
	    x->next->type == XML_TEXT_NODE)
		return 0;
	parent = random_container(g);
	if (is_inside(parent, x))
		return 0;
	before = random_position(g, parent);
	if (before == x || (parent == x->parent && before == x->next))
		return 0;
	xmlUnlinkNode(x);
	place(parent, before, x);
	return 1;
}

static int edit_once(gen *g)
{
	xmlNodePtr n, parent;

	switch (rt_below(&g->rng, 8)) {
	case 0: /* insert a subtree */
		parent = random_container(g);
		n = rt_below(&g->rng, 3) == 0 ? random_text(g) : random_element(g);
		if (!n)
			return g->oom = 1, 0;
		if (n->type == XML_ELEMENT_NODE && !is_void(n) && rt_below(&g->rng, 2))
			grow(g, n, 1 + rt_below(&g->rng, 8));
		/* A text node may be merged into a neighbour and freed here. */
		place(parent, random_position(g, parent), n);
		return 1;
	case 1: /* delete a subtree */
		n = g->count ? g->nodes[rt_below(&g->rng, (uint32_t)g->count)] : NULL;
		if (!n)
			return 0;
		xmlUnlinkNode(n);
		xmlFreeNode(n);
		return 1;
	case 2:
		return move_subtree(g, 0);
	case 3: /* rename */
		n = random_node(g, XML_ELEMENT_NODE);
		if (!n || n->children || is_void(n))
			return 0; /* keep void elements childless */
		xmlNodeSetName(n, (const xmlChar *)random_tag(g));
		return 1;
	case 4: /* text edit */
		n = random_node(g, XML_TEXT_NODE);
		if (!n)
			return 0;
		xmlNodePtr text = random_text(g);
		if (!text)
			return g->oom = 1, 0;
		xmlNodeSetContent(n, text->content);
		xmlFreeNode(text);
		return 1;
	case 5: /* attribute insert or change */
		n = random_node(g, XML_ELEMENT_NODE);
		if (!n)
			return 0;
		random_attribute(g, n);
		return 1;
	case 6: /* attribute delete */
		n = random_node(g, XML_ELEMENT_NODE);
		if (!n || !n->properties)
			return 0;
		xmlUnsetProp(n, n->properties->name);
		return 1;
	default: /* attribute change */
		n = random_node(g, XML_ELEMENT_NODE);
		if (!n || !n->properties)
			return 0;
		xmlSetProp(n, n->properties->name, (const xmlChar *)PICK(&g->rng, values));
		return 1;
	}
}

static uint32_t random_size(gen *g, uint32_t max_nodes)
{
	uint32_t r = rt_below(&g->rng, 100), size;

	if (r < 70)
		size = 5 + rt_below(&g->rng, 100);
	else if (r < 95)
		size = 100 + rt_below(&g->rng, 700);
	else
		size = 800 + rt_below(&g->rng, 2500);
	return size < max_nodes ? size : max_nodes;
}

static void new_document(gen *g, uint32_t size)
{
	xmlNodePtr root;

	if (g->format == SMART_FORMAT_XML) {
		g->doc = xmlNewDoc((const xmlChar *)"1.0");
		root = g->doc ? xmlNewDocNode(g->doc, NULL, (const xmlChar *)"doc", NULL) : NULL;
		if (!root)
			return;
		xmlDocSetRootElement(g->doc, root);
		g->top = root;
	} else {
		xmlNodePtr head, title;

		g->doc = htmlNewDocNoDtD(NULL, NULL);
		root = g->doc ? xmlNewDocNode(g->doc, NULL, (const xmlChar *)"html", NULL) : NULL;
		if (!root)
			return;
		xmlDocSetRootElement(g->doc, root);
		head = xmlNewChild(root, NULL, (const xmlChar *)"head", NULL);
		title = head ? xmlNewChild(head, NULL, (const xmlChar *)"title", NULL) : NULL;
		if (title)
			xmlAddChild(title, random_text(g));
		g->top = xmlNewChild(root, NULL, (const xmlChar *)"body", NULL);
		if (!g->top)
			return;
	}
	grow(g, g->top, size);
}

/* The document as text; `pretty` indents it (libxml2's formatting adds
 * only white space that parsing drops again). */
static char *dump(gen *g, size_t *len, int pretty)
{
	xmlChar *mem = NULL;
	int size = 0;
	char *copy;

	if (g->format == SMART_FORMAT_XML)
		xmlDocDumpFormatMemory(g->doc, &mem, &size, pretty);
	else
		htmlDocDumpMemoryFormat(g->doc, &mem, &size, pretty);
	if (!mem)
		return NULL;
	copy = malloc((size_t)size + 1);
	if (copy) {
		memcpy(copy, mem, (size_t)size);
		copy[size] = '\0';
		*len = (size_t)size;
	}
	xmlFree(mem);
	return copy;
}

int rt_make_pair(uint64_t seed, smart_format format, uint32_t max_nodes,
		 rt_edit_mix mix, rt_pair *pair)
{
	gen g = { 0 };
	uint32_t size, want;

	memset(pair, 0, sizeof(*pair));
	rt_seed(&g.rng, seed);
	g.format = format ? format
			  : (rt_below(&g.rng, 4) == 0 ? SMART_FORMAT_XML : SMART_FORMAT_HTML);
	g.safe_only = mix == RT_EDITS_ONE_MOVE;
	size = random_size(&g, max_nodes);
	new_document(&g, size);
	if (!g.doc || !g.top || g.oom)
		goto fail;
	pair->format = g.format;
	pair->old_doc = dump(&g, &pair->old_len, 0);
	if (!pair->old_doc)
		goto fail;
	want = mix == RT_EDITS_NONE ? 0 : mix == RT_EDITS_ONE_MOVE ? 1
			: 1 + rt_below(&g.rng, 1 + (size / 25 < 30 ? size / 25 : 30));
	for (uint32_t tries = 0; pair->edits < want && tries < 50 * want && !g.oom; tries++) {
		collect(&g);
		if (mix == RT_EDITS_ONE_MOVE)
			pair->edits += (uint32_t)move_subtree(&g, 1);
		else
			pair->edits += (uint32_t)edit_once(&g);
	}
	if (g.oom)
		goto fail; /* fewer edits than wanted is fine: see pair->edits */
	/* libxml2's HTML formatter indents inside <pre> too, which changes
	 * the text there; only XML is indented. */
	pair->new_doc = dump(&g, &pair->new_len,
			     mix == RT_EDITS_NONE && g.format == SMART_FORMAT_XML);
	if (!pair->new_doc)
		goto fail;
	xmlFreeDoc(g.doc);
	free(g.nodes);
	return 0;
fail:
	if (g.doc)
		xmlFreeDoc(g.doc);
	free(g.nodes);
	rt_pair_free(pair);
	return -1;
}

void rt_pair_free(rt_pair *pair)
{
	free(pair->old_doc);
	free(pair->new_doc);
	pair->old_doc = pair->new_doc = NULL;
}
