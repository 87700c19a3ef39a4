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

#include <pthread.h>
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
	/* the first byte tested here, not by a call at every byte */
	for (const char *p = v; *p; p++)
		if (digitless_first[(unsigned char)*p] && digitless_word_at(p))
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

	static const unsigned char unit_first[256] = {
		['m'] = 1, ['n'] = 1, ['s'] = 1, ['u'] = 1, ['h'] = 1, ['d'] = 1, ['w'] = 1,
		['y'] = 1, ['v'] = 1, ['p'] = 1, ['t'] = 1, ['b'] = 1, ['K'] = 1, ['M'] = 1,
		['G'] = 1, ['T'] = 1, ['k'] = 1,
	};

	if (!unit_first[(unsigned char)*p]) /* a table, not strchr at every digit */
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

/* What the quick test needs to know of a byte, looked up once per byte
 * (smart_shapes_may_match): its class for a token's mix (digit, lower,
 * upper: char_class's 1, 2, 4), whether it is a hex digit, a token
 * character, a word character; QUICK_STOP for the bytes that make any
 * shape possible at once (':', '%', and every byte above 0x7f);
 * QUICK_CHECK for those the checks of a non-digit byte can start at (the
 * first bytes of digitless_word_at's words, '?', '&', '(', '='), and
 * QUICK_WORD for those a word of shape_word_at starts with (month stems
 * in any case, "eyJ", "Copyright", "copyright", "in "). A byte with
 * neither of the two is passed over after the counts, where the rules
 * read one by one cost a dozen comparisons and two calls a byte. */
enum {
	QUICK_DIGIT = 1, QUICK_LOWER = 2, QUICK_UPPER = 4, QUICK_HEX = 8, QUICK_TOKEN = 16,
	QUICK_WORD_CHAR = 32, QUICK_STOP = 64, QUICK_CHECK = 128, QUICK_WORD = 256,
	QUICK_QUERY = 512, /* '?', which alone lets a URL query through */
};

static unsigned short quick_class[256];

/* Fills quick_class from the predicates above (once: pthread_once). */
static void quick_class_fill(void)
{
	static const char check[] = "/:AEIPndTaUGl?&(=";
	static const char word[] = "jfmasondeJFMASONDECci";

	for (unsigned c = 0; c < 256; c++) {
		unsigned f = char_class((unsigned char)c);

		f |= is_hex((unsigned char)c) ? QUICK_HEX : 0;
		f |= is_token_char((unsigned char)c) ? QUICK_TOKEN : 0;
		f |= is_word_char((unsigned char)c) ? QUICK_WORD_CHAR : 0;
		f |= c == ':' || c == '%' || c >= 0x80 ? QUICK_STOP : 0;
		f |= c && strchr(check, (int)c) ? QUICK_CHECK : 0;
		f |= c && strchr(word, (int)c) ? QUICK_WORD : 0;
		f |= c == '?' ? QUICK_QUERY : 0;
		quick_class[c] = (unsigned short)f;
	}
}

/* The checks of a non-digit byte at `at` (QUICK_CHECK), in the order of
 * the list above; `word_start` when the byte before is no word
 * character. Sets *equals at a '='. */
static int check_at(const char *at, int word_start, int *equals)
{
	unsigned char c = (unsigned char)*at;

	if (digitless_word_at(at))
		return 1;
	if ((c == '?' || c == '&') && cache_busting_key(at))
		return 1;
	if ((c == '&' && has_prefix(at, "&copy;")) ||
	    (c == '(' && (at[1] == 'c' || at[1] == 'C') && at[2] == ')'))
		return 1;
	*equals |= c == '=';
	return word_start && shape_word_at(at);
}

/* The rules of the list above, in one pass over the value, each byte's
 * class looked up in quick_class. Every rule answers 1, so the order in
 * which they are asked changes nothing; what is counted (runs of digits,
 * hex digits and token characters, the token's mix) is counted as before. */
int smart_shapes_may_match(const smart_shapes *s, const char *text)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	size_t digits = 0, hex = 0, tokens = 0;
	unsigned token_classes = 0; /* of the run of token characters: 1 digit, 2 lower, 4 upper */
	unsigned prev = 0;          /* the class of the byte before (none at the start) */
	int equals = 0;
	/* the classes that let the value through at once: a number needs
	 * only a digit, a URL query only a '?' */
	unsigned stop = QUICK_STOP | ((s->set >> SMART_SHAPE_NUMBER) & 1 ? QUICK_DIGIT : 0) |
			((s->set >> SMART_SHAPE_URL_QUERY) & 1 ? QUICK_QUERY : 0);

	pthread_once(&once, quick_class_fill);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		const char *at = (const char *)p;
		unsigned f = quick_class[*p];
		int word_start = !(prev & QUICK_WORD_CHAR);

		prev = f;
		if (f & stop)
			return 1;
		digits = f & QUICK_DIGIT ? digits + 1 : 0;
		hex = f & QUICK_HEX ? hex + 1 : 0;
		tokens = f & QUICK_TOKEN ? tokens + 1 : 0;
		token_classes = tokens ? token_classes | (f & 7u) : 0;
		if (tokens >= 12 && (tokens >= 16 || token_classes == 7))
			return 1;
		if (digits >= 6 || hex >= 8)
			return 1;
		if (f & QUICK_DIGIT) {
			if ((digits >= 4 && (p[1] == '-' || p[1] == '/' || p[1] == '.')) ||
			    ((p[1] == '.' || p[1] == '/') && is_digit(p[2])) ||
			    unit_at(at + 1 + (p[1] == ' ')))
				return 1;
			continue;
		}
		if ((f & QUICK_CHECK) && check_at(at, word_start, &equals))
			return 1;
		if ((f & QUICK_WORD) && !(f & QUICK_CHECK) && word_start && shape_word_at(at))
			return 1;
	}
	/* a timing's name counts only beside a '=': looked for only then,
	 * not at every letter of every value */
	for (const char *p = text; equals && *p; p++)
		if (timing_name_at(p))
			return 1;
	return 0;
}
