/*
 * The "names" scrubber (scrub/registry.c): values known by what they are,
 * not by their shape. A hidden input called csrf_token, a <meta
 * name="csrf-token">, a script's nonce, a query parameter called _wpnonce
 * or a JSON key called "sesskey" hold a value drawn anew for every run,
 * whatever it looks like: the frameworks' anti-forgery names (those OWASP
 * ZAP recognises: csrf_token, _token, authenticity_token,
 * __RequestVerificationToken, csrfmiddlewaretoken, _wpnonce, form_key,
 * sectok, ...), session ids, request ids and timestamps. Such values become
 * "{named}" in both trees, and each old -> new pair of them is noted for
 * the "copies" scrubber (scrub/copies.c), which finds the same values
 * copied elsewhere in the page.
 */
#include "smart/scrub.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "common/name_match.h"

#define NAMED "{named}"

/* `name` lower-cased without '_', '-', '.', '[' and ']' into buf (cut to
 * size - 1); "__RequestVerificationToken" -> "requestverificationtoken". */
static void normalise(const char *name, size_t len, char *buf, size_t size)
{
	size_t out = 0;

	for (size_t i = 0; i < len && out + 1 < size; i++) {
		unsigned char c = (unsigned char)name[i];

		if (c != '_' && c != '-' && c != '.' && c != '[' && c != ']')
			buf[out++] = (char)tolower(c);
	}
	buf[out] = '\0';
}

static int ends_with(const char *s, const char *tail)
{
	size_t ls = strlen(s), lt = strlen(tail);

	return ls >= lt && strcmp(s + ls - lt, tail) == 0;
}

int smart__scrub_volatile_name(const char *name, size_t len)
{
	static const char *const exact[] = {
		"token", "nonce", "sectok", "formkey", "sesskey", "sessid", "sessionid",
		"phpsessid", "jsessionid", "aspsessionid", "sid", "requestid", "reqid",
		"timestamp", "cachebuster", "formbuildid", "viewstate", "eventvalidation",
		"viewstategenerator", NULL
	};
	static const char *const parts[] = { "csrf", "xsrf", "nonce", "authenticity",
					     "verificationtoken", NULL };
	char n[64];

	if (len == 0 || len >= sizeof(n))
		return 0;
	normalise(name, len, n, sizeof(n));
	if (strncmp(n, "data", 4) == 0 && len > 5 && name[4] == '-')
		memmove(n, n + 4, strlen(n + 4) + 1); /* data-csrf -> csrf */
	for (size_t i = 0; exact[i]; i++)
		if (strcmp(n, exact[i]) == 0)
			return 1;
	for (size_t i = 0; parts[i]; i++)
		if (strstr(n, parts[i]))
			return 1;
	/* api_token, form_token, csrf_token, _token; but not "tokens" or "tokenizer" */
	return ends_with(n, "token") && strlen(n) <= 24;
}

/* Notes one old -> new pair of named values for the copies scrubber (the
 * first MAX of them; short values are too common to follow). */
static void note_pair(smart__scrub_named *named, const char *old_value, const char *new_value)
{
	if (named->n == SMART__NAMED_MAX || strcmp(old_value, new_value) == 0 ||
	    strlen(old_value) < SMART__COPY_MIN || strlen(new_value) < SMART__COPY_MIN)
		return;
	named->old_values[named->n] = old_value;
	named->new_values[named->n++] = new_value;
}

/* The attribute that holds the value an element names: an input's or a
 * button's `value`, a <meta>'s `content`; NULL when `node` is neither or
 * its name is not a volatile one. */
static smart_attr *named_value(smart_tree *t, uint32_t node)
{
	const smart_node *n = &t->nodes[node];
	const smart_attr *name;
	const char *holder;

	if (smart__name_is_nocase(n->name, "input") || smart__name_is_nocase(n->name, "button"))
		holder = "value";
	else if (smart__name_is_nocase(n->name, "meta"))
		holder = "content";
	else
		return NULL;
	name = smart_tree_attr(t, node, "name");
	if (!name || !name->value || !smart__scrub_volatile_name(name->value, strlen(name->value)))
		return NULL;
	return (smart_attr *)smart_tree_attr(t, node, holder);
}

/* The value of a named field: `value` with "{named}" in place of the
 * value of every query parameter whose name is volatile, in the log's
 * arena; `value` itself when it has none; NULL when out of memory. */
/* Whether the query of `value` (after `q`, its '?') has a parameter of a
 * volatile name with a value: most links have none, and are left without
 * a copy. */
static int has_volatile_parameter(const char *q)
{
	for (const char *p = q + 1; *p && *p != '#';) {
		size_t name_len = strcspn(p, "=&#");

		if (p[name_len] == '=' && p[name_len + 1] && !strchr("&#", p[name_len + 1]) &&
		    smart__scrub_volatile_name(p, name_len))
			return 1;
		p += name_len;
		p += strcspn(p, "&#");
		if (*p == '&')
			p++;
	}
	return 0;
}

static const char *scrub_query(smart_scrub_log *log, const char *value)
{
	const char *q = strchr(value, '?');
	size_t len = strlen(value), out = 0;
	char *s;
	int changed = 0;

	if (!q || !has_volatile_parameter(q))
		return value;
	s = smart_scrub_log_alloc(log, len + 1 + len / 2 * sizeof(NAMED));
	if (!s)
		return NULL;
	memcpy(s, value, (size_t)(q - value) + 1);
	out = (size_t)(q - value) + 1;
	for (const char *p = q + 1; *p;) {
		size_t name_len = strcspn(p, "=&#"), value_len;

		memcpy(s + out, p, name_len);
		out += name_len;
		p += name_len;
		if (*p != '=') {
			if (*p)
				s[out++] = *p++;
			continue;
		}
		s[out++] = *p++;
		value_len = strcspn(p, "&#");
		if (value_len && smart__scrub_volatile_name(p - 1 - name_len, name_len)) {
			memcpy(s + out, NAMED, sizeof(NAMED) - 1);
			out += sizeof(NAMED) - 1;
			changed = 1;
		} else {
			memcpy(s + out, p, value_len);
			out += value_len;
		}
		p += value_len;
		if (*p == '#') {
			strcpy(s + out, p);
			out += strlen(p);
			break;
		}
		if (*p)
			s[out++] = *p++;
	}
	s[out] = '\0';
	return changed ? s : value;
}

/* The verdicts of smart__scrub_volatile_name on the attribute names of one
 * tree, by name: a page holds a few dozen distinct names (class, id, href)
 * over its thousands of attributes, and the names are not interned. A
 * table that forgets on collision: a name met again after one of the
 * same slot is judged again. */
#define NAME_SLOTS 256

typedef struct name_verdicts {
	const char *name[NAME_SLOTS];
	unsigned char is_volatile[NAME_SLOTS];
} name_verdicts;

/* Whether attribute name `name` is a volatile one, from `memo` when it was
 * judged before. */
static int volatile_attribute_name(name_verdicts *memo, const char *name)
{
	uint32_t h = 2166136261u;
	size_t len = 0, slot;

	for (; name[len]; len++)
		h = (h ^ (unsigned char)name[len]) * 16777619u;
	slot = h & (NAME_SLOTS - 1);
	if (!memo->name[slot] || !smart__name_is(memo->name[slot], name)) {
		memo->name[slot] = name;
		memo->is_volatile[slot] = (unsigned char)smart__scrub_volatile_name(name, len);
	}
	return memo->is_volatile[slot];
}

/* Scrubs one tree's named values through `log`: the values of named
 * fields, of attributes whose own name is volatile (nonce, data-csrf) and
 * of volatile query parameters in links. Returns how many, or -1. */
static int scrub_tree(smart_tree *t, smart_scrub_log *log, const smart_shapes *shapes)
{
	name_verdicts memo = { { NULL }, { 0 } };
	int count = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *n = &t->nodes[i];
		smart_attr *field;

		if (n->kind != SMART_NODE_ELEMENT)
			continue;
		field = named_value(t, i);
		for (uint32_t k = 0; k < n->attr_count; k++) {
			smart_attr *a = &t->attrs[n->attr_first + k];
			const char *v = a->value;

			if (!v || !*v || smart__name_is(v, NAMED))
				continue;
			if (a == field || volatile_attribute_name(&memo, a->name))
				v = NAMED;
			else if (smart__scrub_is_url_attribute(a->name) && !(v = scrub_query(log, a->value)))
				return -1;
			if (v == a->value)
				continue;
			/* a value of a shape is counted by its shape, once aligned */
			count += !shapes || !smart_shapes_any(shapes, a->value);
			if (smart_scrub_log_set(log, &a->value, NULL, v))
				return -1;
		}
	}
	return count;
}

/* The raw value each named field of `t` holds, by field name, the first of
 * each name: for pairing the old and the new tree's values. */
static const char *field_value(const smart_tree *t, const char *field_name)
{
	for (uint32_t i = 0; i < t->count; i++) {
		smart_attr *v;
		const smart_attr *name;

		if (t->nodes[i].kind != SMART_NODE_ELEMENT ||
		    !(v = named_value((smart_tree *)t, i)) || !v->value)
			continue;
		name = smart_tree_attr(t, i, "name");
		if (strcmp(name->value, field_name) == 0)
			return v->value;
	}
	return NULL;
}

/* Pairs the named fields of the two trees by name (the old and the new
 * value of each), before they are scrubbed. */
static void note_field_pairs(const smart_tree *old_tree, const smart_tree *new_tree,
			     smart__scrub_named *named)
{
	size_t looked = 0;

	/* each lookup walks the new tree: a bounded number of them keeps a page
	 * of a thousand named fields linear */
	for (uint32_t i = 0; i < old_tree->count && named->n < SMART__NAMED_MAX &&
			     looked < 2 * SMART__NAMED_MAX;
	     i++) {
		smart_attr *v;
		const char *other;

		if (old_tree->nodes[i].kind != SMART_NODE_ELEMENT ||
		    !(v = named_value((smart_tree *)old_tree, i)) || !v->value)
			continue;
		looked++;
		other = field_value(new_tree, smart_tree_attr(old_tree, i, "name")->value);
		if (other)
			note_pair(named, v->value, other);
	}
}

int smart__scrub_names(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
		       const smart_shapes *shapes, smart__scrub_named *named, smart_error *err)
{
	int a, b;

	note_field_pairs(old_tree, new_tree, named);
	if ((a = scrub_tree(old_tree, log, shapes)) < 0 || (b = scrub_tree(new_tree, log, shapes)) < 0)
		return smart_error_oom(err);
	return b;
}
