/*
 * A quick necessary condition for a value shape (shapes/internal.h,
 * smart_shapes_may_match): one pass over a value that rules out,
 * without the regular expression, most values no shape can match (ids such
 * as "card12", links such as "/item/3?ref=4"). Scrubbing asks it of every
 * text and attribute value of both trees, and glibc's regexec over the
 * alternation of every shape was most of what scrubbing cost.
 *
 * Each shape of shapes_table.c needs at least one of these in its match:
 *   - six digits in a row (epochs, compact dates), or four then '-', '/'
 *     or '.' (ISO, slashed and dotted dates, permalink paths);
 *   - eight hex digits in a row (hex, uuid), or sixteen characters of
 *     [A-Za-z0-9+_-] (base64, cuid), or twelve with a digit, a lower-case
 *     and an upper-case letter among them (a short base64 token);
 *   - ':' or '%' (clocks, encoded clocks and hosts, Windows paths, timings);
 *   - a digit, then '.' or '/', then a digit (versions, IPv4 addresses,
 *     dotted and slashed dates, durations' decimals);
 *   - a digit, an optional space, then a unit ending a word ("12 ms",
 *     "3s", "9.9 days": durations; "534 visitors", "12 views": counters;
 *     "12.3 KB": sizes);
 *   - a byte above 0x7f (µs, ©, non-English month names, 年);
 *   - a counter's word before its number needs a ':' ("Views: 12"), and
 *     "viewed 12 times" has its unit after the number;
 *   - a word of the shapes that need no digit (smart_shapes_digitless_word:
 *     "/tmp", "Europe", "ago", "now", "day", "UTC", "localhost", "Time)",
 *     the key "abbr" of a zone setting in JSON,
 *     ...), a copyright sign spelled out ("&copy;", "(c)": copyright
 *     years), and at the start of a word the first three letters of a
 *     month in any case (every date that names its month), "in " and a
 *     digit or "a" (relative times), "eyJ" (JWTs), "Copyright";
 *   - '?' or '&' and a cache-busting or nonce key then '=' ("?v=", "&ver=",
 *     "&_wpnonce=");
 *   - '=' in a value naming a time, duration, elapsed time or ms (timings).
 * The two shapes with no such need of their own need less: a number a
 * digit, a URL query a '?'; in a set that holds them, that byte is enough
 * (the set of every shape, which profiles mask each value with, so passes
 * over prose). tests/shapes/test_shapes_quick.c checks the claim over the
 * recogniser's table and the corpus pages.
 */
#include "smart/shapes.h"
#include "internal.h"

#include <string.h>
#include <strings.h>

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int is_hex(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* 1 for a digit, 2 for a lower-case letter, 4 for an upper-case one. */
static unsigned char_class(unsigned char c)
{
	return is_digit(c) ? 1u : c >= 'a' && c <= 'z' ? 2u : c >= 'A' && c <= 'Z' ? 4u : 0u;
}

static int is_token_char(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '+' ||
	       c == '_' || c == '-';
}

/* Whether `word` starts at p (inline: the quick test calls it at nearly
 * every byte of every value, where a library call costs more than it). */
static int has_prefix(const char *p, const char *word)
{
	while (*word)
		if (*p++ != *word++)
			return 0;
	return 1;
}

/* The same in any ASCII case; `word` is in lower-case letters. */
static int has_prefix_nocase(const char *p, const char *word)
{
	while (*word)
		if ((*p++ | 0x20) != *word++)
			return 0;
	return 1;
}

/* Whether one of `words` (NULL-ended) starts at p. */
static int starts_with_one(const char *p, const char *const *words)
{
	for (size_t i = 0; words[i]; i++)
		if (has_prefix(p, words[i]))
			return 1;
	return 0;
}

/* The bytes digitless_word_at's cases start with. Both quick tests ask it
 * at nearly every byte of a value, so most bytes of a page's prose pass
 * there: a table lookup turns them away where the switch's indirect jump
 * on each byte cost a mispredicted branch. */
static const unsigned char digitless_first[256] = {
	['/'] = 1, [':'] = 1, ['A'] = 1, ['E'] = 1, ['I'] = 1, ['P'] = 1, ['n'] = 1,
	['d'] = 1, ['T'] = 1, ['a'] = 1, ['U'] = 1, ['G'] = 1, ['l'] = 1,
};

/* Whether a word of a shape that needs no digit starts at p: path roots,
 * a Windows drive, zone regions (before a '/' that JSON may escape as
 * "\/"), relative times, zone names, the local host (chosen by the first
 * character, so a text costs one pass). */
static int digitless_word_at(const char *p)
{
	static const char *const roots[] = { "/tmp", "/home", "/usr", "/var", "/opt", "/srv",
					     "/build", "/root", "/private", "/Users", "/mnt",
					     "/nix", NULL };
	static const char *const a_zones[] = { "Africa", "America", "Antarctica", "Asia",
					       "Atlantic", "Australia", NULL };
	static const char *const e_zones[] = { "Europe", "Etc", NULL };

	if (!digitless_first[(unsigned char)*p])
		return 0;
	switch (*p) {
	case '/': return starts_with_one(p, roots);
	case ':': return p[1] == '\\';
	case 'A': return starts_with_one(p, a_zones);
	case 'E': return starts_with_one(p, e_zones);
	case 'I': return has_prefix(p, "Indian");
	case 'P': return has_prefix(p, "Pacific");
	case 'n': return has_prefix(p, "now");
	case 'd': return has_prefix(p, "day");
	case 'T': return has_prefix(p, "Time)");
	case 'a': return has_prefix(p, "ago") || has_prefix(p, "abbr\"") || has_prefix(p, "abbr'");
	case 'U': return has_prefix(p, "UTC");
	case 'G': return has_prefix(p, "GMT");
	case 'l': return has_prefix(p, "localhost");
	default: return 0;
	}
}

int smart_shapes_digitless_word(const char *v)
{
	for (const char *p = v; *p; p++)
		if (digitless_word_at(p))
			return 1;
	return 0;
}

static int is_word_char(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* Whether the first three letters of a month of shapes_table.c's MON
 * (English, German, French, Spanish; any case) start at p. */
static int month_at(const char *p)
{
	static const char *const stems[] = { "jan", "feb", "mar", "apr", "may", "jun", "jul",
					     "aug", "sep", "oct", "nov", "dec", "mai", "okt",
					     "dez", "jui", "avr", "ene", "abr", "ago", "dic",
					     NULL };
	char c = (char)(*p | 0x20); /* ASCII lower case; other bytes never match */

	switch (c) {
	case 'j': case 'f': case 'm': case 'a': case 's': case 'o': case 'n': case 'd': case 'e':
		break;
	default:
		return 0;
	}
	for (size_t i = 0; stems[i]; i++)
		if (stems[i][0] == c && has_prefix_nocase(p, stems[i]))
			return 1;
	return 0;
}

/* A word of a shape that starts a word in it, at p, the start of a word:
 * a month (MON follows a word boundary, a weekday's space or a day's),
 * "eyJ", "Copyright", "in " before a number or "a". */
static int shape_word_at(const char *p)
{
	static const char *const copyright[] = { "Copyright", "copyright", NULL };

	return month_at(p) || has_prefix(p, "eyJ") || starts_with_one(p, copyright) ||
	       (has_prefix(p, "in ") && (is_digit((unsigned char)p[3]) || p[3] == 'a'));
}

/* A unit ending a word at p: of time ("ms", "s", "minutes", "days", ...),
 * of a counter ("visitors", "views", "times"), of a size ("KB", "bytes"). */
static int unit_at(const char *p)
{
	static const char *const units[] = { "ms", "us", "ns", "s", "sec", "secs", "second",
					     "seconds", "min", "mins", "minute", "minutes", "hour",
					     "hours", "hr", "hrs", "day", "days", "week", "weeks",
					     "month", "months", "year", "years", "visitor",
					     "visitors", "visit", "visits", "view", "views",
					     "page", "hits", "users",
					     "times", "bytes", "KB", "MB", "GB", "TB", "KiB",
					     "MiB", "GiB", "TiB", "kB", NULL };

	if (!*p || !strchr("mnsuhdwyvptbKMGTk", *p))
		return 0;
	for (size_t i = 0; units[i]; i++) {
		size_t n;

		if (units[i][0] != *p) /* most units differ at once: no strlen */
			continue;
		n = strlen(units[i]);
		if (has_prefix(p, units[i]) && !is_word_char((unsigned char)p[n]))
			return 1;
	}
	return 0;
}

/* "?v=", "&ver=", "&_wpnonce=", ... at v[i] ('?' or '&'): the keys of
 * cache-busting parameters and of nonces. */
static int cache_busting_key(const char *v)
{
	static const char *const keys[] = { "v=", "ver=", "version=", "_=", "t=", "ts=", "cb=",
					    "rev=", "hash=", "cachebust=", "_wpnonce=", "nonce=",
					    "_nonce=", "token=", "_token=", "csrf_token=",
					    "csrftoken=", "_csrf=", "authenticity_token=",
					    "sesskey=", "sid=", NULL };

	for (size_t i = 0; keys[i]; i++)
		if (has_prefix(v + 1, keys[i]))
			return 1;
	return 0;
}

/* Whether a word a timing's name ends in ("time", "duration", "elapsed",
 * "ms"; any case) starts at p. */
static int timing_name_at(const char *p)
{
	static const char *const names[] = { "time", "duration", "elapsed", "ms", NULL };
	char c = (char)(*p | 0x20);

	if (c != 't' && c != 'd' && c != 'e' && c != 'm')
		return 0;
	for (size_t i = 0; names[i]; i++)
		if (has_prefix_nocase(p, names[i]))
			return 1;
	return 0;
}

/* The rules of the list above, in one pass over the value. */
int smart_shapes_may_match(const smart_shapes *s, const char *text)
{
	size_t digits = 0, hex = 0, tokens = 0;
	unsigned token_classes = 0; /* of the run of token characters: 1 digit, 2 lower, 4 upper */
	int equals = 0;
	int numbers = (s->set >> SMART_SHAPE_NUMBER) & 1, queries = (s->set >> SMART_SHAPE_URL_QUERY) & 1;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		const char *at = (const char *)p;

		if ((numbers && is_digit(*p)) || (queries && *p == '?'))
			return 1;

		digits = is_digit(*p) ? digits + 1 : 0;
		hex = is_hex(*p) ? hex + 1 : 0;
		tokens = is_token_char(*p) ? tokens + 1 : 0;
		token_classes = tokens ? token_classes | char_class(*p) : 0;
		if (tokens >= 12 && (tokens >= 16 || token_classes == 7))
			return 1;
		if (digits >= 6 || hex >= 8 || *p == ':' || *p == '%' || *p >= 0x80)
			return 1;
		if (is_digit(*p)) {
			if ((digits >= 4 && (p[1] == '-' || p[1] == '/' || p[1] == '.')) ||
			    ((p[1] == '.' || p[1] == '/') && is_digit(p[2])) ||
			    unit_at(at + 1 + (p[1] == ' ')))
				return 1;
			continue;
		}
		if (digitless_word_at(at))
			return 1;
		if ((*p == '?' || *p == '&') && cache_busting_key(at))
			return 1;
		if ((*p == '&' && has_prefix(at, "&copy;")) ||
		    (*p == '(' && (p[1] == 'c' || p[1] == 'C') && p[2] == ')'))
			return 1;
		equals |= *p == '=';
		if ((at == text || !is_word_char(p[-1])) && shape_word_at(at))
			return 1;
	}
	/* a timing's name counts only beside a '=': looked for only then,
	 * not at every letter of every value */
	for (const char *p = text; equals && *p; p++)
		if (timing_name_at(p))
			return 1;
	return 0;
}
