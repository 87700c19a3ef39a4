/*
 * The features of a changed value for the learned value model
 * (include/smart/scrub.h): what the pair of values looks like (character
 * classes and length kept, entropy, digits, a shared prefix or suffix)
 * and where it stands (visible or not, in a script, a link, a hidden
 * input, and hashed buckets of the attribute or field name's words and of
 * the element). Small and cheap on purpose: it runs only on the values no
 * rule explained, but on every pair smart measures. docs/features.md
 * lists them with their reasons.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define NAME_BUCKETS 8
#define ELEMENT_BUCKETS 8
#define FIRST_NAME_BUCKET 22
#define FIRST_ELEMENT_BUCKET (FIRST_NAME_BUCKET + NAME_BUCKETS)

static const char *const feature_names[SMART_VALUE_FEATURE_COUNT] = {
	"same_shape", "classes_kept", "same_length", "length_ratio", "log_length",
	"entropy_old", "entropy_new", "digit_share", "hex_token", "has_space",
	"prefix_share", "suffix_share", "both_numeric", "visible", "in_script",
	"is_attribute", "url", "hidden_input", "partly_scrubbed", "words_only",
	"random_token", "short_number",
	"name_bucket_0", "name_bucket_1", "name_bucket_2", "name_bucket_3",
	"name_bucket_4", "name_bucket_5", "name_bucket_6", "name_bucket_7",
	"element_bucket_0", "element_bucket_1", "element_bucket_2", "element_bucket_3",
	"element_bucket_4", "element_bucket_5", "element_bucket_6", "element_bucket_7",
};

const char *smart_value_feature_name(size_t i)
{
	return i < SMART_VALUE_FEATURE_COUNT ? feature_names[i] : NULL;
}

/* Whether element `node` of `t` or one of its ancestors is one of the
 * elements whose text a reader never sees. */
static int under_unseen(const smart_tree *t, uint32_t node, int *in_script)
{
	for (uint32_t i = node; i != SMART_NONE; i = t->nodes[i].parent) {
		const char *name = t->nodes[i].name;

		if (t->nodes[i].kind != SMART_NODE_ELEMENT)
			continue;
		if (strcasecmp(name, "script") == 0) {
			*in_script = 1;
			return 1;
		}
		if (strcasecmp(name, "style") == 0 || strcasecmp(name, "head") == 0 ||
		    strcasecmp(name, "noscript") == 0 || strcasecmp(name, "template") == 0)
			return 1;
	}
	return 0;
}

/* Attributes whose value a reader sees on the page. */
static int seen_attribute(const char *name)
{
	static const char *const names[] = { "alt", "title", "placeholder", "label", NULL };

	for (size_t i = 0; names[i]; i++)
		if (strcasecmp(name, names[i]) == 0)
			return 1;
	return 0;
}

void smart_value_context_of(const smart_tree *t, uint32_t node, const char *attribute,
			    smart_value_context *c)
{
	uint32_t element = attribute ? node : t->nodes[node].parent;
	const smart_attr *type, *field;
	int unseen;

	assert(node < t->count);
	memset(c, 0, sizeof(*c));
	if (element == SMART_NONE || t->nodes[element].kind != SMART_NODE_ELEMENT) {
		c->element = "";
		c->visible = !attribute;
		return;
	}
	c->element = t->nodes[element].name;
	c->attribute = attribute;
	field = smart_tree_attr(t, element, "name");
	field = field ? field : smart_tree_attr(t, element, "id");
	c->field = field ? field->value : NULL;
	type = smart_tree_attr(t, element, "type");
	c->hidden_input = attribute && strcasecmp(c->element, "input") == 0 && type &&
			  type->value && strcasecmp(type->value, "hidden") == 0;
	unseen = under_unseen(t, element, &c->in_script);
	if (!attribute) {
		c->visible = !unseen;
		return;
	}
	c->in_script |= strncasecmp(attribute, "on", 2) == 0;
	c->url = smart__scrub_is_url_attribute(attribute);
	c->visible = !unseen && (seen_attribute(attribute) ||
				 (strcasecmp(attribute, "value") == 0 && !c->hidden_input &&
				  strcasecmp(c->element, "input") == 0));
}

/* A character's class for the shape of a value: lower, upper, digit,
 * space, or the character itself (punctuation keeps its place). */
static char char_class(unsigned char ch)
{
	if (islower(ch))
		return 'a';
	if (isupper(ch))
		return 'A';
	if (isdigit(ch))
		return '9';
	if (isspace(ch))
		return ' ';
	return (char)ch;
}

/* Whether two slices (a, la bytes; b, lb) have the same shape: the same
 * sequence of character classes once each run of one class is made one
 * ("a3f-9" and "bb01-7" are both a9-9). */
static int same_shape(const char *a, size_t la, const char *b, size_t lb)
{
	const char *ea = a + la, *eb = b + lb;
	char ca = 0, cb = 0;

	for (;;) {
		char na = 0, nb = 0;

		while (a < ea && (na = char_class((unsigned char)*a)) == ca)
			a++;
		while (b < eb && (nb = char_class((unsigned char)*b)) == cb)
			b++;
		if (a == ea || b == eb)
			return a == ea && b == eb;
		if (na != nb)
			return 0;
		ca = na;
		cb = nb;
	}
}

/* What a value is made of: its classes as bits (lower 1, upper 2, digit
 * 4, space 8, other 16), its length, its digits, whether every character
 * is a hex digit or '-', and whether it is letters and spaces only. */
typedef struct value_stats {
	unsigned classes;
	size_t len, digits;
	int hex, words;
	double entropy; /* bits per character of its byte distribution */
} value_stats;

static value_stats stats_of(const char *v, size_t len)
{
	unsigned counts[256] = { 0 };
	value_stats s = { 0, 0, 0, 1, 1, 0 };
	const unsigned char *end = (const unsigned char *)v + len;

	for (const unsigned char *p = (const unsigned char *)v; p < end; p++, s.len++) {
		counts[*p]++;
		s.classes |= islower(*p) ? 1u : isupper(*p) ? 2u : isdigit(*p) ? 4u
			   : isspace(*p) ? 8u : 16u;
		s.digits += isdigit(*p) != 0;
		s.hex &= isxdigit(*p) || *p == '-';
		s.words &= isalpha(*p) || *p == ' ';
	}
	for (size_t k = 0; k < 256 && s.len; k++)
		if (counts[k]) {
			double q = (double)counts[k] / (double)s.len;

			s.entropy -= q * log2(q);
		}
	return s;
}

/* Whether a slice is a number: an optional sign, digits, at most one '.'. */
static int numeric(const char *v, size_t len)
{
	const char *end = v + len;
	size_t digits = 0, dots = 0;

	v += v < end && (*v == '-' || *v == '+');
	for (; v < end; v++) {
		digits += isdigit((unsigned char)*v) != 0;
		dots += *v == '.';
		if (!isdigit((unsigned char)*v) && *v != '.')
			return 0;
	}
	return digits > 0 && dots <= 1;
}

/* The bucket of a word: FNV-1a of its lower-case bytes. */
static unsigned bucket(const char *w, size_t n, unsigned buckets)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)tolower((unsigned char)w[i])) * 16777619u;
	return h % buckets;
}

/* Marks in out[first..] the buckets of the words of a name: runs of
 * letters and digits, split again where a lower-case letter meets an
 * upper-case one (csrfToken: csrf, token). */
static void mark_words(const char *name, double *out, size_t first)
{
	const char *p = name;

	while (p && *p) {
		const char *w;

		while (*p && !isalnum((unsigned char)*p))
			p++;
		w = p;
		while (*p && isalnum((unsigned char)*p) &&
		       !(p > w && islower((unsigned char)p[-1]) && isupper((unsigned char)*p)))
			p++;
		if (p > w)
			out[first + bucket(w, (size_t)(p - w), NAME_BUCKETS)] = 1;
	}
}

/* The shared prefix and suffix of two values, in bytes, each stopped at
 * the start (end) of a run of letters and digits, so that what lies
 * between is whole words ("_wpnonce=a4e6bc0121" and "..=aff1cbb975"
 * differ in the token "a4e6bc0121", not in "4e6bc0121"). */
static void common_ends(const char *a, size_t la, const char *b, size_t lb, size_t *pre,
			size_t *suf)
{
	size_t m = la < lb ? la : lb;

	*pre = 0;
	while (*pre < m && a[*pre] == b[*pre])
		++*pre;
	*suf = 0;
	while (*suf < m - *pre && a[la - 1 - *suf] == b[lb - 1 - *suf])
		++*suf;
	while (*pre > 0 && isalnum((unsigned char)a[*pre - 1]))
		--*pre;
	while (*suf > 0 && isalnum((unsigned char)a[la - *suf]))
		--*suf;
}

void smart_value_features(const char *old_value, const char *new_value,
			  const smart_value_context *c, double *out)
{
	size_t la = strlen(old_value), lb = strlen(new_value), pre, suf;
	size_t whole = la > lb ? la : lb, ma, mb, lo, hi;
	const char *a_mid, *b_mid;
	value_stats a, b;

	memset(out, 0, SMART_VALUE_FEATURE_COUNT * sizeof(*out));
	common_ends(old_value, la, new_value, lb, &pre, &suf);
	a_mid = old_value + pre;
	b_mid = new_value + pre;
	ma = la - pre - suf;
	mb = lb - pre - suf;
	a = stats_of(a_mid, ma);
	b = stats_of(b_mid, mb);
	lo = ma < mb ? ma : mb;
	hi = ma > mb ? ma : mb;
	out[0] = same_shape(a_mid, ma, b_mid, mb);
	out[1] = a.classes == b.classes;
	out[2] = ma == mb;
	out[3] = hi ? (double)lo / (double)hi : 1;
	out[4] = log2(1.0 + (double)hi);
	out[5] = a.entropy;
	out[6] = b.entropy;
	out[7] = ma + mb ? (double)(a.digits + b.digits) / (double)(ma + mb) : 0;
	out[8] = a.hex && b.hex && lo >= 6;
	out[9] = (a.classes | b.classes) & 8u ? 1 : 0;
	out[10] = whole ? (double)pre / (double)whole : 0;
	out[11] = whole ? (double)suf / (double)whole : 0;
	out[12] = numeric(a_mid, ma) && numeric(b_mid, mb);
	out[13] = c->visible;
	out[14] = c->in_script;
	out[15] = c->attribute != NULL;
	out[16] = c->url;
	out[17] = c->hidden_input;
	out[18] = strchr(old_value, '{') || strchr(new_value, '{');
	out[19] = a.words && b.words && lo > 0;
	/* what a linear model cannot make of the above alone: a long token
	 * drawn at random (the same character classes and length, many
	 * distinct characters: two hex digests rarely share a shape), and a
	 * short number (a count, a position) */
	out[20] = out[1] && out[2] && lo >= 6 && a.entropy >= 2.5 && b.entropy >= 2.5;
	out[21] = out[12] && hi <= 4;
	mark_words(c->attribute, out, FIRST_NAME_BUCKET);
	mark_words(c->field, out, FIRST_NAME_BUCKET);
	if (c->element && *c->element)
		out[FIRST_ELEMENT_BUCKET + bucket(c->element, strlen(c->element), ELEMENT_BUCKETS)] = 1;
}

int smart_value_judged(const double *features)
{
	return features[13] == 0 && features[9] == 0; /* not visible, no space changed */
}

double smart_value_score(const smart_value_model *m, const double *features)
{
	double s = m->intercept;

	assert(m->n_features == 0 || m->n_features == SMART_VALUE_FEATURE_COUNT);
	for (size_t j = 0; j < m->n_features; j++)
		s += m->weights[j] * features[j];
	return s;
}
