/*
 * The registry: every comparator smart can run, with its paper, its
 * abbreviation and a one-line description, in the order `smart compare
 * --list` prints them. Adding a comparator is adding a row here.
 */
#include "crawljax.h"
#include "flist.h"
#include "fraggen.h"
#include "sprenkle.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define S05 "sprenkle2005"
#define S07 "sprenkle2007"
#define R10 "roest2010"
#define SR(name, abbrev, paper, options, desc) \
	{ name, abbrev, paper, desc, smart__cmp_sprenkle_run, options, NULL, NULL }
#define TAGS (V_BASE | V_TAGS | V_END | V_ATTRS)
#define NAMES (V_BASE | V_TAGS | V_END)
#define NAMES_I (NAMES | V_IMPT)
#define STYLE V_NO_STYLE
#define SL (V_NO_STYLE | V_NO_LAYOUT)
#define COMBINE(l, r)                                                          \
	{ l "_or_" r, NULL, S07, "union (Table 4): fails when " l " or " r " fails", \
	  smart__cmp_combine_run, CMP_UNION, l, r },                                   \
	{ l "_and_" r, NULL, S07,                                               \
	  "intersection (Table 4): fails when " l " and " r " both fail",      \
	  smart__cmp_combine_run, CMP_INTERSECTION, l, r }
#define CJ(name, stage, desc) { name, NULL, R10, desc, smart__cmp_crawljax_run, stage, NULL, NULL }

static const smart_comparator registry[] = {
	SR("Raw", NULL, S05, V_RAW, "diff of the HTML as written: any byte that changed fails"),
	SR("Structure", NULL, S05, V_TAGS | V_END | V_ATTRS,
	   "only the tags, with their attributes and values; text ignored"),
	{ "Flist", NULL, S05, "the lists of pages two replays fetched (smart replay manifests): files, redirects, statuses", smart__cmp_flist_run, 0, NULL, NULL },
	SR("Content", "C", S05 ", " S07, V_BASE | V_CONTENT,
	   "only the text, tags stripped, white space as written"),
	SR("Document", "D", S07, V_RAW, "the whole document as written (diff)"),
	SR("DocumentBase", "DB", S07, TAGS | V_TEXT,
	   "the document without comments, meta, script, noscript, applet, object, noframes"),
	SR("DocumentBase-CollapsedWhiteSpace", "DB-W", S07, TAGS | V_TEXT | V_COLLAPSE,
	   "DocumentBase with white space collapsed as a browser shows it"),
	SR("Content-CollapsedWhiteSpace", "C-W", S07, V_BASE | V_CONTENT | V_COLLAPSE,
	   "the text with white space collapsed"),
	SR("Content-CollapsedWS-Dates", "C-WD", S07,
	   V_BASE | V_CONTENT | V_COLLAPSE | V_DATES,
	   "the text with white space collapsed and dates and times removed"),
	SR("Tags", "T", S07, TAGS, "all tags with all attributes and values (P1-P7 not ignored)"),
	SR("Tags-NoClosing", "T-NC", S07, TAGS & ~V_END,
	   "Tags without closing tags (P1): start tags in document order"),
	SR("Tags-Style", "T-S", S07, TAGS | STYLE, "Tags without style tags and attributes (P3)"),
	SR("Tags-StyleLayout", "T-SL", S07, TAGS | SL,
	   "Tags without style and layout tags and attributes (P2, P3)"),
	SR("TagNames", "N", S07, NAMES, "only the names of the tags, start and end (P2-P7)"),
	SR("TagNames-NoClosing", "N-NC", S07, NAMES & ~V_END,
	   "names of the start tags only (P1-P7)"),
	SR("TagNames-Style", "N-S", S07, NAMES | STYLE, "TagNames without style tags (P3)"),
	SR("TagNames-StyleLayout", "N-SL", S07, NAMES | SL,
	   "TagNames without style and layout tags (P2, P3)"),
	SR("TagNames+ImptAttrs", "N+I", S07, NAMES_I,
	   "tag names with their important attributes, defaults filled in (P2-P4, P7)"),
	SR("TagNames+ImptAttrs-Style", "N+I-S", S07, NAMES_I | STYLE,
	   "TagNames+ImptAttrs without style tags"),
	SR("TagNames+ImptAttrs-StyleLayout", "N+I-SL", S07, NAMES_I | SL,
	   "TagNames+ImptAttrs without style and layout tags"),
	SR("TagNames+UnorderedLinks", "N+U", S07, NAMES | V_LINKS,
	   "TagNames, then the alphabetised links and images with href/name/target, src (P5)"),
	SR("TagNames-Style+UnorderedLinks", "N-S+U", S07, NAMES | STYLE | V_LINKS,
	   "TagNames-Style, then the alphabetised links and images"),
	SR("TagNames-StyleLayout+UnorderedLinks", "N-SL+U", S07, NAMES | SL | V_LINKS,
	   "TagNames-StyleLayout, then the alphabetised links and images"),
	SR("TagNames+Forms", "N+F", S07, NAMES | V_FORMS | V_SELECTION,
	   "TagNames, then the alphabetised form controls, options by select, with selected/checked (P6)"),
	SR("TagNames+Forms-Select", "N+F-Sel", S07, NAMES | V_FORMS,
	   "TagNames+Forms ignoring which option is selected or checked (P6, P7)"),
	COMBINE("N+I", "C-WD"),
	COMBINE("N+I-S", "C-WD"),
	COMBINE("N+I-SL", "C-WD"),
	COMBINE("N+F-Sel", "C"),
	COMBINE("N+F-Sel", "N+I"),
	COMBINE("N+I", "N+U"),
	COMBINE("N+I", "N-SL+U"),
	CJ("Crawljax-WhiteSpace", CJ_WHITESPACE, "ignores white space: all of it is removed from text and attribute values"),
	CJ("Crawljax-Attribute", CJ_ATTRIBUTE, "ignores the configured attributes (default: class)"),
	CJ("Crawljax-Style", CJ_STYLE, "ignores style: style attributes removed, style tags unwrapped"),
	CJ("Crawljax-Date", CJ_DATE, "ignores dates and times (the date patterns) in the DOM string"),
	CJ("Crawljax-Regex", CJ_REGEX, "ignores what the configured regular expressions match in the DOM string"),
	CJ("Crawljax-XPath", CJ_XPATH, "ignores the nodes the configured XPath expressions select"),
	CJ("Crawljax-Table", CJ_TABLE, "template for TABLE: rows of one shape repeat freely, text and attribute values ignored"),
	CJ("Crawljax-List", CJ_LIST, "template for UL, OL, DL and SELECT: items of one shape repeat freely"),
	CJ("Crawljax-Structure", CJ_STRUCTURE, "templates for all of TABLE, UL, OL, SELECT and DL"),
	CJ("Crawljax-Pipeline", CJ_PIPELINE, "the configured comparators pipelined, each with its preconditions, then string comparison"),
	{ "FragGen", NULL, "yandrapally2023",
	  "fragment-based classification (Algorithm 1): distinct fails; clone, Nd2-data, Nd3-struct pass",
	  smart__cmp_fraggen_run, 0, NULL, NULL },
};

const smart_comparator *smart_comparators(size_t *count)
{
	*count = sizeof(registry) / sizeof(registry[0]);
	return registry;
}

const smart_comparator *smart_comparator_find(const char *name)
{
	for (size_t i = 0; i < sizeof(registry) / sizeof(registry[0]); i++)
		if (strcasecmp(registry[i].name, name) == 0 ||
		    (registry[i].abbrev && strcasecmp(registry[i].abbrev, name) == 0))
			return &registry[i];
	return NULL;
}

int smart_comparators_select(const char *list, const smart_comparator ***out,
			     size_t *count, smart_error *err)
{
	size_t n = sizeof(registry) / sizeof(registry[0]), k = 0;
	const smart_comparator **v;

	*out = NULL;
	*count = 0;
	if (strcmp(list, "all") == 0) {
		v = malloc(n * sizeof(*v));
		if (!v)
			return smart_error_oom(err);
		for (size_t i = 0; i < n; i++)
			v[i] = &registry[i];
		*out = v;
		*count = n;
		return 0;
	}
	v = malloc((strlen(list) / 2 + 1) * sizeof(*v));
	if (!v)
		return smart_error_oom(err);
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		char name[128];

		if (len == 0 || len >= sizeof(name)) {
			free(v);
			return smart_error_set(err, "comparator list '%s': empty or overlong name", list);
		}
		memcpy(name, p, len);
		name[len] = '\0';
		v[k] = smart_comparator_find(name);
		if (!v[k]) {
			free(v);
			return smart_error_set(err, "unknown comparator '%s' (see 'smart compare --list')",
					       name);
		}
		k++;
		p += len;
		if (*p == ',')
			p++;
	}
	*out = v;
	*count = k;
	return 0;
}

int smart_compare_run(const smart_comparator *comparator, smart_compare_pair *pair,
		      const smart_compare_config *config,
		      smart_compare_result *result, smart_error *err)
{
	smart_compare_config *own = NULL;
	int rc;

	smart_compare_result_clear(result); /* keeps verdict_only */
	if (!config) {
		own = smart_compare_config_new(NULL, err);
		if (!own)
			return -1;
		config = own;
	}
	rc = comparator->run(comparator, pair, config, result, err);
	smart_compare_config_free(own);
	return rc;
}

int smart_compare_by_name(const char *name, smart_compare_pair *pair,
			  const smart_compare_config *config,
			  smart_compare_result *result, smart_error *err)
{
	const smart_comparator *c = smart_comparator_find(name);
	smart_compare_result local;
	int rc;

	if (!c)
		return smart_error_set(err, "unknown comparator '%s' (see 'smart compare --list')",
				       name);
	if (result)
		return smart_compare_run(c, pair, config, result, err) < 0
			       ? -1
			       : (int)result->verdict;
	smart_compare_result_init(&local);
	local.verdict_only = 1; /* only the verdict is wanted: skip the report */
	rc = smart_compare_run(c, pair, config, &local, err);
	rc = rc < 0 ? -1 : (int)local.verdict;
	smart_compare_result_clear(&local);
	return rc;
}

int smart__cmp_combine_run(const smart_comparator *self, smart_compare_pair *pair,
		    const smart_compare_config *cfg, smart_compare_result *result,
		    smart_error *err)
{
	const smart_comparator *part[2] = { smart_comparator_find(self->left),
					    smart_comparator_find(self->right) };
	int fails = 0;

	for (int i = 0; i < 2; i++) {
		smart_compare_result sub;

		smart_compare_result_init(&sub);
		sub.verdict_only = result->verdict_only;
		if (!part[i])
			return smart_error_set(err, "%s: unknown part comparator", self->name);
		if (part[i]->run(part[i], pair, cfg, &sub, err) < 0) {
			smart_compare_result_clear(&sub);
			return -1;
		}
		fails += sub.verdict == SMART_COMPARE_FAIL;
		if (smart__cmp_result_absorb(result, &sub, i == 0 ? self->left : self->right,
				      cfg->max_differences, err) < 0)
			return -1;
	}
	result->verdict = (self->options == CMP_UNION ? fails >= 1 : fails == 2)
				  ? SMART_COMPARE_FAIL
				  : SMART_COMPARE_PASS;
	return 0;
}
