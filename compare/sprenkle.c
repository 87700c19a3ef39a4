/*
 * The comparators of Sprenkle et al. 2005 (Raw, Content, Structure) and of
 * the Fig. 3 suite of Sprenkle et al. 2007: each reduces both documents to
 * a sequence of tokens (the raw lines; the text; the tags, whole or by name,
 * with all, important or no attributes; sorted lists of links or form
 * controls) and then diffs the two sequences, as the paper's Perl filters
 * followed by diff(1) did. Which reduction a registry entry uses is a set of
 * view flags in its `options`.
 *
 * Working on libxml2's parse rather than on the source text means what the
 * parser already reconciles (implied end tags, attribute quoting, tag case,
 * character references) never differs; docs/comparators.md says where that
 * changes a comparator.
 */
#include "sprenkle.h"

#include "common/text.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/tree.h>

typedef struct view {
	const smart_compare_config *cfg;
	unsigned flags;
	cmp_lines *tokens; /* tags and text, in document order */
	cmp_lines *extra;  /* links or form controls (sorted afterwards) */
	smart_strbuf text; /* the content families: all text, concatenated */
	int failed;        /* out of memory */
} view;

/* Collapses white space as a browser displays it (runs become one space,
 * the ends are trimmed) into a new buffer `out` (smart__strbuf_free it). */
static int collapse(smart_strbuf *out, const char *s, size_t len)
{
	memset(out, 0, sizeof(*out));
	if (smart__text_clean(out, s, len, 1) < 0 || smart__strbuf_append(out, "", 0) < 0) {
		smart__strbuf_free(out);
		return -1;
	}
	return 0;
}

/* Whether the element's own tag is left out of the view (-Style, -Layout). */
static int tag_dropped(const view *v, const char *name)
{
	return ((v->flags & V_NO_STYLE) && smart__cmp_names_has(&v->cfg->style_tags, name)) ||
	       ((v->flags & V_NO_LAYOUT) && smart__cmp_names_has(&v->cfg->layout_tags, name));
}

/* Appends ` name="value"` to the open token. */
static int append_attr(cmp_lines *l, const char *name, const char *value)
{
	return smart__cmp_lines_appends(l, " ") < 0 || smart__cmp_lines_appends(l, name) < 0 ||
			       smart__cmp_lines_appends(l, "=\"") < 0 ||
			       smart__cmp_lines_appends(l, value ? value : "") < 0 ||
			       smart__cmp_lines_appends(l, "\"") < 0
		       ? -1
		       : 0;
}

/* The value of an important attribute: as written, else the element's
 * default from attribute_defaults (e.g. input type "text"), else NULL. */
static char *attr_or_default(const view *v, const xmlNode *node, const char *attr)
{
	char *value = smart__cmp_attr(node, attr);
	const cmp_tag_rule *rule;

	if (value)
		return value;
	rule = smart__cmp_rules_find(&v->cfg->defaults, (const char *)node->name);
	for (size_t i = 0; rule && i < rule->attrs.n; i++)
		if (strcasecmp(rule->attrs.v[i], attr) == 0)
			return (char *)xmlStrdup((const xmlChar *)rule->values.v[i]);
	return NULL;
}

/* Appends the attributes of `rule` that the element has (or defaults). */
static int append_rule_attrs(const view *v, cmp_lines *l, const xmlNode *node,
			     const cmp_tag_rule *rule)
{
	for (size_t i = 0; rule && i < rule->attrs.n; i++) {
		char *value = attr_or_default(v, node, rule->attrs.v[i]);
		int rc = 0;

		if (value)
			rc = append_attr(l, rule->attrs.v[i], value);
		xmlFree(value);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The start-tag token: "<name", its attributes as the view wants, ">". */
static int start_tag(view *v, const xmlNode *node)
{
	cmp_lines *l = v->tokens;
	const char *name = (const char *)node->name;

	if (smart__cmp_lines_begin(l) < 0 || smart__cmp_lines_appends(l, "<") < 0 ||
	    smart__cmp_lines_appends(l, name) < 0)
		return -1;
	if (v->flags & V_ATTRS) {
		for (const xmlAttr *a = node->properties; a; a = a->next) {
			const char *an = (const char *)a->name;
			char *value;
			int rc;

			if (((v->flags & V_NO_STYLE) &&
			     smart__cmp_names_has(&v->cfg->style_attributes, an)) ||
			    ((v->flags & V_NO_LAYOUT) &&
			     smart__cmp_names_has(&v->cfg->layout_attributes, an)))
				continue;
			value = (char *)xmlNodeListGetString(node->doc, a->children, 1);
			rc = append_attr(l, an, value);
			xmlFree(value);
			if (rc < 0)
				return -1;
		}
	} else if (v->flags & V_IMPT) {
		if (append_rule_attrs(v, l, node,
				      smart__cmp_rules_find(&v->cfg->important, name)) < 0)
			return -1;
	}
	if (smart__cmp_lines_appends(l, ">") < 0)
		return -1;
	return smart__cmp_lines_end(l);
}

/* The nearest enclosing select element, for grouping options. */
static const xmlNode *enclosing_select(const xmlNode *node)
{
	for (const xmlNode *p = node->parent; p; p = p->parent)
		if (p->type == XML_ELEMENT_NODE &&
		    strcasecmp((const char *)p->name, "select") == 0)
			return p;
	return NULL;
}

/* One entry of the unordered lists: a link or image (UnorderedLinks), or a
 * form control, options prefixed by their select (Forms). */
static int extra_token(view *v, const xmlNode *node)
{
	const char *name = (const char *)node->name;
	const cmp_rules *rules = (v->flags & V_LINKS) ? &v->cfg->links : &v->cfg->forms;
	const cmp_tag_rule *rule = smart__cmp_rules_find(rules, name);
	cmp_lines *l = v->extra;

	if (!rule)
		return 0;
	if (smart__cmp_lines_begin(l) < 0)
		return -1;
	if ((v->flags & V_FORMS) && strcasecmp(name, "option") == 0) {
		const xmlNode *select = enclosing_select(node);
		char *group = select ? smart__cmp_attr(select, "name") : NULL;
		int rc = smart__cmp_lines_appends(l, "select[") < 0 ||
			 smart__cmp_lines_appends(l, group ? group : "") < 0 ||
			 smart__cmp_lines_appends(l, "] ") < 0;

		xmlFree(group);
		if (rc)
			return -1;
	}
	if (smart__cmp_lines_appends(l, name) < 0 || append_rule_attrs(v, l, node, rule) < 0)
		return -1;
	if ((v->flags & V_FORMS) && strcasecmp(name, "option") == 0 &&
	    !xmlHasProp(node, (const xmlChar *)"value")) {
		/* An option without a value submits its text (HTML 4.01 §17.6). */
		char *text = (char *)xmlNodeGetContent(node);
		smart_strbuf clean;
		int rc = collapse(&clean, text ? text : "", text ? strlen(text) : 0);

		xmlFree(text);
		if (rc == 0)
			rc = append_attr(l, "value", clean.data);
		smart__strbuf_free(&clean);
		if (rc < 0)
			return -1;
	}
	if ((v->flags & V_SELECTION) &&
	    (xmlHasProp(node, (const xmlChar *)"selected") ||
	     xmlHasProp(node, (const xmlChar *)"checked")) &&
	    smart__cmp_lines_appends(l, xmlHasProp(node, (const xmlChar *)"selected")
					 ? " selected"
					 : " checked") < 0)
		return -1;
	return smart__cmp_lines_end(l);
}

/* A text node: a token of its own (DocumentBase), or more content. */
static int text_node(view *v, const char *s)
{
	size_t len = strlen(s);

	if (v->flags & V_CONTENT)
		return smart__strbuf_append(&v->text, s, len);
	if (!(v->flags & V_TEXT))
		return 0;
	if (v->flags & V_COLLAPSE) {
		smart_strbuf clean;
		int rc = collapse(&clean, s, len);

		if (rc == 0 && clean.len > 0)
			rc = smart__cmp_lines_add(v->tokens, clean.data, clean.len);
		smart__strbuf_free(&clean);
		return rc;
	}
	return smart__cmp_lines_add(v->tokens, s, len);
}

static int view_enter(void *ctx, xmlNodePtr node)
{
	view *v = ctx;
	const char *name = (const char *)node->name;

	switch (node->type) {
	case XML_ELEMENT_NODE:
		if ((v->flags & V_BASE) && smart__cmp_names_has(&v->cfg->ignored_elements, name))
			return 1;
		if ((v->flags & V_CONTENT) && smart__cmp_breaks_text(node) &&
		    smart__strbuf_append(&v->text, "\n", 1) < 0)
			break;
		if ((v->flags & (V_LINKS | V_FORMS)) && extra_token(v, node) < 0)
			break;
		if ((v->flags & V_TAGS) && !tag_dropped(v, name) && start_tag(v, node) < 0)
			break;
		return 0;
	case XML_TEXT_NODE:
	case XML_CDATA_SECTION_NODE:
		if (text_node(v, node->content ? (const char *)node->content : "") < 0)
			break;
		return 0;
	case XML_ENTITY_REF_NODE: {
		char ref[300];

		snprintf(ref, sizeof(ref), "&%s;", name);
		if (text_node(v, ref) < 0)
			break;
		return 1;
	}
	case XML_DOCUMENT_NODE:
	case XML_HTML_DOCUMENT_NODE:
		return 0;
	default: /* comments, PIs, the DTD: not part of any view */
		return 1;
	}
	v->failed = 1;
	return -1;
}

static int view_leave(void *ctx, xmlNodePtr node)
{
	view *v = ctx;
	const char *name = (const char *)node->name;

	if (node->type == XML_ELEMENT_NODE && (v->flags & V_CONTENT) &&
	    !((v->flags & V_BASE) && smart__cmp_names_has(&v->cfg->ignored_elements, name)) &&
	    smart__cmp_breaks_text(node) && smart__strbuf_append(&v->text, "\n", 1) < 0) {
		v->failed = 1;
		return -1;
	}
	if (node->type != XML_ELEMENT_NODE || !(v->flags & V_END) ||
	    ((v->flags & V_BASE) && smart__cmp_names_has(&v->cfg->ignored_elements, name)) ||
	    tag_dropped(v, name) || smart__cmp_is_void_element(node))
		return 0;
	if (smart__cmp_lines_begin(v->tokens) < 0 || smart__cmp_lines_appends(v->tokens, "</") < 0 ||
	    smart__cmp_lines_appends(v->tokens, name) < 0 ||
	    smart__cmp_lines_appends(v->tokens, ">") < 0 || smart__cmp_lines_end(v->tokens) < 0) {
		v->failed = 1;
		return -1;
	}
	return 0;
}

/* Turns the collected text of a content view into tokens: its lines, or
 * (collapsed) its words, dates removed first when asked. */
static int content_tokens(view *v, smart_error *err)
{
	smart_strbuf clean;
	char *stripped = NULL;
	size_t len;
	int rc;

	if (!(v->flags & V_COLLAPSE))
		return smart__cmp_lines_add_split(v->tokens, v->text.data ? v->text.data : "",
					   v->text.len) < 0 ? smart_error_oom(err) : 0;
	if (collapse(&clean, v->text.data ? v->text.data : "", v->text.len) < 0)
		return smart_error_oom(err);
	len = clean.len;
	if ((v->flags & V_DATES) &&
	    smart__cmp_regex_strip(&v->cfg->dates, clean.data, &stripped, &len, err) < 0) {
		smart__strbuf_free(&clean);
		return -1;
	}
	rc = smart__cmp_lines_add_words(v->tokens, stripped ? stripped : clean.data, len);
	free(stripped);
	smart__strbuf_free(&clean);
	return rc < 0 ? smart_error_oom(err) : 0;
}

int smart__cmp_sprenkle_view(const xmlDoc *doc, unsigned flags,
		      const smart_compare_config *cfg, cmp_lines *tokens,
		      cmp_lines *extra, smart_error *err)
{
	view v = { .cfg = cfg, .flags = flags, .tokens = tokens, .extra = extra };
	int rc = 0;

	if (doc && smart__cmp_walk((xmlNodePtr)doc, view_enter, view_leave, &v) < 0)
		rc = smart_error_oom(err);
	if (rc == 0 && (flags & V_CONTENT))
		rc = content_tokens(&v, err);
	if (rc == 0 && extra && smart__cmp_lines_sort(extra) < 0)
		rc = smart_error_oom(err);
	smart__strbuf_free(&v.text);
	return rc;
}

/* Raw / Document: the bytes as written, compared line by line. */
static int compare_raw(smart_compare_pair *pair, const smart_compare_config *cfg,
		       smart_compare_result *result, smart_error *err)
{
	cmp_lines a, b;
	const char *data;
	size_t len;
	int rc = 0;

	smart__cmp_lines_init(&a);
	smart__cmp_lines_init(&b);
	smart__cmp_pair_bytes(pair, CMP_OLD, &data, &len);
	if (smart__cmp_lines_add_split(&a, data, len) < 0)
		rc = smart_error_oom(err);
	smart__cmp_pair_bytes(pair, CMP_NEW, &data, &len);
	if (rc == 0 && smart__cmp_lines_add_split(&b, data, len) < 0)
		rc = smart_error_oom(err);
	if (rc == 0)
		rc = smart__cmp_lines_compare(&a, &b, NULL, "line", cfg, result, err);
	smart__cmp_lines_free(&a);
	smart__cmp_lines_free(&b);
	return rc;
}

int smart__cmp_sprenkle_run(const smart_comparator *self, smart_compare_pair *pair,
		     const smart_compare_config *cfg, smart_compare_result *result,
		     smart_error *err)
{
	unsigned flags = self->options;
	cmp_lines tok[2], extra[2];
	int rc = 0, want_extra = (flags & (V_LINKS | V_FORMS)) != 0;

	if (flags & V_RAW)
		return compare_raw(pair, cfg, result, err);
	for (int side = 0; side < 2; side++) {
		smart__cmp_lines_init(&tok[side]);
		smart__cmp_lines_init(&extra[side]);
	}
	for (int side = 0; side < 2 && rc == 0; side++) {
		xmlDocPtr doc;

		rc = smart__cmp_pair_doc(pair, side, &doc, err);
		if (rc == 0)
			rc = smart__cmp_sprenkle_view(doc, flags, cfg, &tok[side],
					       want_extra ? &extra[side] : NULL, err);
	}
	if (rc == 0)
		rc = smart__cmp_lines_compare(&tok[0], &tok[1], NULL,
				       (flags & V_CONTENT) ? ((flags & V_COLLAPSE) ? "word" : "line")
				       : (flags & V_TEXT) ? "token" : "tag",
				       cfg, result, err);
	if (rc == 0 && want_extra)
		rc = smart__cmp_lines_compare(&extra[0], &extra[1],
				       (flags & V_LINKS) ? "sorted links" : "sorted form controls",
				       "entry", cfg, result, err);
	for (int side = 0; side < 2; side++) {
		smart__cmp_lines_free(&tok[side]);
		smart__cmp_lines_free(&extra[side]);
	}
	return rc;
}
