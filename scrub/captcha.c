/*
 * Captcha challenges (include/smart/profile.h, smart_scrub_captcha): a
 * captcha draws its challenge at random for every page it is on (Fossil's
 * ASCII-art digits, an image address, a seed in a hidden input), so two
 * clean runs never print the same one. The challenge's values become
 * "{captcha}" in both scrubbed trees; the markup around them (which
 * element, which class) is still aligned and measured.
 *
 * A challenge is an element whose class or id names a captcha and that
 * holds no form control: a page may mark its <body> or its <form> as a
 * captcha page ("<body class='captcha ...'>"), and what a user fills in is
 * content. A form control whose name names a captcha ("captchaseed") has
 * its value scrubbed on its own.
 *
 * A page with a challenge may also carry the challenge's seed under a name
 * that says nothing: Fossil's login form posts it in a hidden input named
 * "cs", and its audio button fetches "/captcha-audio/SEED". A run of six
 * or more digits that follows "captcha" and a short path or query in any
 * value of such a page is a seed, and every whole run of the same digits
 * in the page becomes "{captcha}" too.
 */
#include "smart/scrub.h"
#include "internal.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "common/name_match.h"

#define CAPTCHA "{captcha}"

static int is_element(const smart_tree *t, uint32_t i)
{
	return t->nodes[i].kind == SMART_NODE_ELEMENT;
}

static int attr_names_captcha(const smart_tree *t, uint32_t i, const char *attr)
{
	const smart_attr *a = smart_tree_attr(t, i, attr);

	return a && a->value && strcasestr(a->value, "captcha") != NULL;
}

static int is_form_control(const smart_tree *t, uint32_t i)
{
	static const char *const names[] = { "input", "select", "textarea", "button", "form", NULL };

	return is_element(t, i) && smart__name_in(t->nodes[i].name, names);
}

/* Whether element `i` names a captcha by its class or id: one pass over
 * its attributes, since every element of both trees is asked. */
static int class_or_id_names_captcha(const smart_tree *t, uint32_t i)
{
	const smart_node *n = &t->nodes[i];

	for (uint32_t k = 0; k < n->attr_count; k++) {
		const smart_attr *a = &t->attrs[n->attr_first + k];

		if ((smart__name_is(a->name, "class") || smart__name_is(a->name, "id")) && a->value &&
		    strcasestr(a->value, "captcha"))
			return 1;
	}
	return 0;
}

/* Whether element `i` is a challenge: named a captcha by its class or id,
 * with no form control in its subtree (nodes are in document order, so
 * the subtree is i .. i + size - 1). */
static int is_challenge(const smart_tree *t, uint32_t i)
{
	if (!is_element(t, i) || t->nodes[i].attr_count == 0 || !class_or_id_names_captcha(t, i))
		return 0;
	for (uint32_t k = i; k < i + t->nodes[i].size; k++)
		if (is_form_control(t, k))
			return 0;
	return 1;
}

/* Attributes that name and place the challenge rather than hold it. */
static int is_naming_attribute(const char *name)
{
	return strcasecmp(name, "class") == 0 || strcasecmp(name, "id") == 0 ||
	       strcasecmp(name, "name") == 0 || strcasecmp(name, "type") == 0 ||
	       strcasecmp(name, "role") == 0 || strncasecmp(name, "aria-", 5) == 0;
}

/* FNV-1a of a value, folded into a running hash `h`. */
static uint64_t hash_value(uint64_t h, const char *v)
{
	for (const unsigned char *p = (const unsigned char *)(v ? v : ""); *p; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	return (h ^ 0xff) * 0x100000001b3ULL; /* a separator, so "ab","c" != "a","bc" */
}

/* Scrubs one value slot, folding what it held into *h. */
static int scrub_slot(smart_scrub_log *log, const char **slot, uint32_t *len_slot, uint64_t *h)
{
	*h = hash_value(*h, *slot);
	if (*slot && strcmp(*slot, CAPTCHA) == 0)
		return 0;
	return smart_scrub_log_set(log, slot, len_slot, CAPTCHA);
}

/* Scrubs the challenges of `t`, noting in hashes[] (up to `cap`) a hash of
 * each one's values in document order; returns how many challenges `t` has
 * (beyond `cap` too), or -1 when out of memory. */
static long scrub_tree(smart_tree *t, smart_scrub_log *log, uint64_t *hashes, size_t cap)
{
	long found = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *n = &t->nodes[i];
		uint64_t h = 0xcbf29ce484222325ULL;
		uint32_t end = i + n->size;

		if (is_form_control(t, i) && attr_names_captcha(t, i, "name")) {
			smart_attr *value = (smart_attr *)smart_tree_attr(t, i, "value");

			if (value && scrub_slot(log, &value->value, NULL, &h))
				return -1;
			continue;
		}
		if (!is_challenge(t, i))
			continue;
		for (uint32_t k = i; k < end; k++) {
			smart_node *m = &t->nodes[k];

			if (m->kind == SMART_NODE_TEXT && scrub_slot(log, &m->text, &m->text_len, &h))
				return -1;
			for (uint32_t a = 0; m->kind == SMART_NODE_ELEMENT && a < m->attr_count; a++) {
				smart_attr *attr = &t->attrs[m->attr_first + a];

				if (!is_naming_attribute(attr->name) &&
				    scrub_slot(log, &attr->value, NULL, &h))
					return -1;
			}
		}
		if ((size_t)found < cap)
			hashes[found] = h;
		found++;
		i = end - 1; /* a challenge inside a challenge is part of it */
	}
	return found;
}

/* A seed: SEED_MIN_DIGITS to SEED_MAX_DIGITS digits, at most SEED_GAP
 * bytes of a path or query after "captcha"; at most MAX_SEEDS a page. */
#define SEED_MIN_DIGITS 6
#define SEED_MAX_DIGITS 20
#define SEED_GAP 24
#define MAX_SEEDS 4

typedef struct seeds {
	char digits[MAX_SEEDS][SEED_MAX_DIGITS + 1];
	size_t n;
} seeds;

static int is_path_byte(unsigned char c)
{
	return isalpha(c) || c == '-' || c == '_' || c == '/' || c == '.' || c == '?' ||
	       c == '&' || c == '=';
}

/* Notes the seeds that value `v` names ("/captcha-audio/778815766",
 * "captcha.php?sid=5287139"). */
static void seeds_in(const char *v, seeds *s)
{
	for (const char *p = v; s->n < MAX_SEEDS && (p = strcasestr(p, "captcha")) != NULL;) {
		const char *q = p += 7;
		size_t len = 0, k;

		while (q - p < SEED_GAP && is_path_byte((unsigned char)*q))
			q++;
		while (isdigit((unsigned char)q[len]))
			len++;
		if (len < SEED_MIN_DIGITS || len > SEED_MAX_DIGITS)
			continue;
		for (k = 0; k < s->n && (strlen(s->digits[k]) != len || memcmp(s->digits[k], q, len));)
			k++;
		if (k == s->n) {
			memcpy(s->digits[s->n], q, len);
			s->digits[s->n++][len] = '\0';
		}
	}
}

/* Where in `v` a whole run of digits equal to one of the seeds starts
 * (its length in *len), or NULL. */
static const char *find_seed(const char *v, const seeds *s, size_t *len)
{
	size_t run;

	for (const char *p = v; (p = smart__digit_run(v, p, &run)) != NULL; p += run)
		for (size_t k = 0; k < s->n; k++)
			if (strlen(s->digits[k]) == run && memcmp(s->digits[k], p, run) == 0) {
				*len = run;
				return p;
			}
	return NULL;
}

/* `v` with every seed in it spelled "{captcha}", in the log's arena; v
 * itself when it holds none; NULL when out of memory. */
static const char *without_seeds(smart_scrub_log *log, const char *v, const seeds *s)
{
	size_t len, out_len = 0;
	const char *seed = find_seed(v, s, &len), *p = v;
	char *out;

	if (!seed)
		return v;
	/* every run replaced has SEED_MIN_DIGITS digits or more */
	out = smart_scrub_log_alloc(log, strlen(v) + strlen(v) / SEED_MIN_DIGITS * strlen(CAPTCHA) + 1);
	if (!out)
		return NULL;
	for (; seed; seed = find_seed(p, s, &len)) {
		memcpy(out + out_len, p, (size_t)(seed - p));
		out_len += (size_t)(seed - p);
		memcpy(out + out_len, CAPTCHA, strlen(CAPTCHA));
		out_len += strlen(CAPTCHA);
		p = seed + len;
	}
	strcpy(out + out_len, p);
	return out;
}

/* One value of a tree: a text node's text (with its length slot) or an
 * attribute's value. */
typedef int (*value_visit)(const char **slot, uint32_t *len_slot, void *ctx);

/* Calls `visit` on every value of `t` that is there; stops at the first
 * nonzero return and returns it. */
static int each_value(smart_tree *t, value_visit visit, void *ctx)
{
	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *n = &t->nodes[i];
		int rc;

		if (n->kind == SMART_NODE_TEXT && n->text && (rc = visit(&n->text, &n->text_len, ctx)))
			return rc;
		for (uint32_t a = 0; n->kind == SMART_NODE_ELEMENT && a < n->attr_count; a++) {
			smart_attr *attr = &t->attrs[n->attr_first + a];

			if (attr->value && (rc = visit(&attr->value, NULL, ctx)))
				return rc;
		}
	}
	return 0;
}

static int note_seeds(const char **slot, uint32_t *len_slot, void *found)
{
	(void)len_slot;
	seeds_in(*slot, found);
	return 0;
}

typedef struct respelling {
	smart_scrub_log *log;
	const seeds *seeds;
} respelling;

static int respell_seeds(const char **slot, uint32_t *len_slot, void *ctx)
{
	respelling *r = ctx;
	const char *v = without_seeds(r->log, *slot, r->seeds);

	if (!v)
		return -1;
	return v == *slot ? 0 : smart_scrub_log_set(r->log, slot, len_slot, v);
}

/* Scrubs the seeds of a page with a challenge: notes them from every
 * value, then respells them in every value (a seed noted late in the page
 * is respelled early in it too). 0, or -1 when out of memory. */
static int scrub_seeds(smart_tree *t, smart_scrub_log *log)
{
	seeds found = { .n = 0 };
	respelling r = { log, &found };

	each_value(t, note_seeds, &found);
	return found.n ? each_value(t, respell_seeds, &r) : 0;
}

/* At most this many challenges on a page are compared one by one. */
#define MAX_CHALLENGES 16

int smart_scrub_captcha(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			smart_error *err)
{
	uint64_t old_hashes[MAX_CHALLENGES], new_hashes[MAX_CHALLENGES];
	long n_old = scrub_tree(old_tree, log, old_hashes, MAX_CHALLENGES);
	long n_new = n_old < 0 ? -1 : scrub_tree(new_tree, log, new_hashes, MAX_CHALLENGES);
	int changed = 0;

	if (n_old < 0 || n_new < 0 || (n_old > 0 && scrub_seeds(old_tree, log)) ||
	    (n_new > 0 && scrub_seeds(new_tree, log)))
		return smart_error_oom(err);
	for (long k = 0; k < n_new && k < MAX_CHALLENGES; k++)
		changed += k >= n_old || old_hashes[k] != new_hashes[k];
	return changed;
}
