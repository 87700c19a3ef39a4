/*
 * The table of value shapes (shapes/internal.h): each shape's name, its
 * POSIX extended regular expression (glibc's \< and \> word boundaries)
 * and the check a match must pass, in smart_shape order; and the names.
 */
#include "smart/shapes.h"
#include "internal.h"

#include <ctype.h>
#include <string.h>

/* Month and day names: English, German, French and Spanish, full or
 * abbreviated, in either case of the first letter. */
#define MON "([Jj]an(uary)?|[Ff]eb(ruary)?|[Mm]ar(ch)?|[Aa]pr(il)?|[Mm]ay|[Jj]une?|[Jj]uly?|" \
	    "[Aa]ug(ust)?|[Ss]ep(t(ember)?)?|[Oo]ct(ober)?|[Nn]ov(ember)?|[Dd]ec(ember)?|" \
	    "[Jj]anuar|[Ff]ebruar|[Mm]ärz|[Mm]ai|[Jj]uni|[Jj]uli|[Oo]kt(ober)?|[Dd]ez(ember)?|" \
	    "[Jj]anvier|[Ff]évrier|[Mm]ars|[Aa]vril|[Jj]uin|[Jj]uillet|[Aa]oût|[Ss]eptembre|" \
	    "[Oo]ctobre|[Nn]ovembre|[Dd]écembre|[Ee]nero|[Ff]ebrero|[Mm]arzo|[Aa]bril|[Mm]ayo|" \
	    "[Jj]unio|[Jj]ulio|[Aa]gosto|[Ss]eptiembre|[Oo]ctubre|[Nn]oviembre|[Dd]iciembre)\\.?"
#define WDAY "((Mon|Tue|Wed|Thu|Fri|Sat|Sun|Mo|Di|Mi|Do|Fr|Sa|So|lun|mar|mer|jeu|ven|sam|dim)" \
	     "[a-zé]*\\.?,? )?"
#define DOM "[0-3]?[0-9](st|nd|rd|th)?"
/* A space as it is written in text, in a query string ("+") and in a
 * percent-encoded URL ("%20"): "fromFormatted=10%3A00%2C+1+March+2024". */
#define SP "( |\\+|%20)"
/* The colon of a clock, plain or percent-encoded ("10%3A00"). */
#define COLON "(:|%3[Aa])"
/* A clock: 10:00, 9:15 am, 18:42:07.123 */
#define CLOCK "[0-2]?[0-9]" COLON "[0-5][0-9](" COLON "[0-5][0-9]([.,][0-9]+)?)?( ?[AaPp]\\.?[Mm]\\.?)?"
/* JavaScript's Date prints the zone's name after the offset, in the
 * locale's language: "GMT+0200 (Mitteleuropäische Sommerzeit)", "(日本標準時)". */
#define JS_ZONE_NAME "| GMT[+-][0-2][0-9][0-5][0-9] \\([^)<>]{1,60}\\)" /* no "(" in the bracket: count_groups counts it */
/* A zone after the clock (never the bare space before the next word):
 * common abbreviations (MESZ is German for CEST), an offset, or both, or
 * JavaScript's offset and name. */
#define ZONE "( ?(UTC|GMT|Z|MESZ|MEZ|[A-Z]{1,3}[DS]?T)( ?[+-][0-2][0-9]:?[0-5][0-9])?" \
	     "| ?[+-][0-2][0-9]:?[0-5][0-9]" JS_ZONE_NAME ")?"
/* A date's clock, as locales join them: "March 1, 2024 at 10:00 AM UTC",
 * "15. Juli 2024 um 18:42:07 MESZ", "2 janvier 2025 à 03:04". */
#define AT_CLOCK "(,? (at|um|à|a las|alle|om|kl\\.)? ?" CLOCK ZONE ")?"

static int has_class(const char *s, size_t len, int (*pred)(int))
{
	for (size_t i = 0; i < len; i++)
		if (pred((unsigned char)s[i]))
			return 1;
	return 0;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_lower(int c) { return c >= 'a' && c <= 'z'; }
static int is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static int is_hex_letter(int c) { return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* A hex token has digits and letters: "deadbeef" is a word, "20261121" a
 * number, "3fa9c01b" a token. */
static int valid_hex(const char *s, size_t len)
{
	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return 1;
	return has_class(s, len, is_digit) && has_class(s, len, is_hex_letter);
}

/* Whether s[0 .. len) reads as one piece of form-encoded text: a number,
 * a word (capitalised or not), or the two characters a percent escape
 * leaves once its '%' is cut off ("2C" of "%2C"). */
static int is_form_word(const char *s, size_t len)
{
	size_t i = 0;

	if (len == 2 && is_digit((unsigned char)s[0]) && isxdigit((unsigned char)s[1]))
		return 1;
	if (has_class(s, len, is_digit) && !has_class(s, len, is_lower) &&
	    !has_class(s, len, is_upper))
		return 1;
	if (len && is_upper((unsigned char)s[0]))
		i = 1;
	for (; i < len; i++)
		if (!is_lower((unsigned char)s[i]))
			return 0;
	return len > 0;
}

/* Whether a run of base64's alphabet is rather form-encoded words, whose
 * spaces became '+': "2C+2+January+2025" (of "%2C+2+January+2025"), two
 * or more '+' between numbers and words. Random base64 is not. */
static int is_form_encoded_text(const char *s, size_t len)
{
	size_t pluses = 0, start = 0;

	for (size_t i = 0; i <= len; i++) {
		if (i < len && s[i] != '+')
			continue;
		if (!is_form_word(s + start, i - start))
			return 0;
		pluses += i < len;
		start = i + 1;
	}
	return pluses >= 2;
}

/* Whether a run of base64's alphabet is rather a slug: two or more '-' or
 * '_' between pieces that each read as a word, a number or an escape's
 * remnant (discount's anchor "L-26-lt-3b-a-title-3d--22-a-lot", made from
 * a heading's words). A fault that changes a heading changes its slug; a
 * random base64url token's pieces mix cases and digits (issue 35, docs/
 * first-look.md "Missed faults, read"). */
static int is_slug(const char *s, size_t len)
{
	size_t separators = 0, start = 0;

	for (size_t i = 0; i <= len; i++) {
		if (i < len && s[i] != '-' && s[i] != '_')
			continue;
		if (i > start && !is_form_word(s + start, i - start))
			return 0;
		separators += i < len;
		start = i + 1;
	}
	return separators >= 2;
}

/* Where a token switches between upper case, lower case and digits:
 * about two transitions in three for random characters, one at each word's
 * start for a CamelCase name. */
static size_t class_switches(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 1; i < len; i++) {
		int a = (unsigned char)s[i - 1], b = (unsigned char)s[i];

		n += is_digit(a) != is_digit(b) || is_lower(a) != is_lower(b) || is_upper(a) != is_upper(b);
	}
	return n;
}

/* Below this length a token must also look random to be one. */
#define SHORT_TOKEN 16

/* A base64 token mixes upper case, lower case and digits; long words,
 * slugs ("internationalisation", "release-notes-2024", "L-3c-a-title") and
 * form-encoded text do not. A short one (12 to 15 characters: Fossil's suggested
 * password "ZLpwdhsSvMK9") must switch class at least five times, which a
 * name such as "1000VictorsWay" or "XMLHttpRequest2" does not. */
static int valid_base64(const char *s, size_t len)
{
	if (len < SHORT_TOKEN && class_switches(s, len) < 5)
		return 0;
	return has_class(s, len, is_digit) && has_class(s, len, is_lower) &&
	       has_class(s, len, is_upper) && !is_form_encoded_text(s, len) && !is_slug(s, len);
}

int smart__shapes_short_token(const char *s, size_t len)
{
	return len >= 12 && len < SHORT_TOKEN && valid_base64(s, len);
}

/* "1.2.3" or "v2.0": a lone decimal ("3.14") is a number, not a version;
 * four parts of at most 255 are an IPv4 address (hostport's, so that
 * "127.0.0.1" and "localhost" mask alike); a match that runs on past a
 * colon ("127.0.0.1:8080") is another shape's. */
static int valid_version(const char *s, size_t len)
{
	size_t dots = 0, part = 0;
	int small_parts = 1;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == ':')
			return 0;
		if (s[i] == '.') {
			dots++;
			part = 0;
		} else if (s[i] >= '0' && s[i] <= '9') {
			part = part * 10 + (size_t)(s[i] - '0');
			if (part > 255)
				small_parts = 0;
		} else {
			small_parts = 0;
		}
	}
	if (dots == 3 && small_parts)
		return 0;
	return dots >= 2 || s[0] == 'v' || s[0] == 'V';
}

/* A cuid mixes letters and digits; "cabbagesandkingsandqueens" does not. */
static int valid_cuid(const char *s, size_t len)
{
	return has_class(s, len, is_digit) && has_class(s, len, is_lower);
}

/* A duration, not a relative time ("3 minutes ago" is reltime's) and not a
 * decade ("1990s"). */
static int valid_duration(const char *s, size_t len)
{
	if (len > 4 && memcmp(s + len - 4, " ago", 4) == 0)
		return 0;
	return !(len == 5 && s[4] == 's' && is_digit((unsigned char)s[0]) && is_digit((unsigned char)s[3]));
}

/* A clock stands alone: one joined to another number by a dash is a
 * range, as in cmark's source positions ("1:1-1:10") or opening hours
 * ("10:00-11:00"), and a range is content. Within a match, "HH:MM-HH:MM"
 * is such a range read as a clock and its zone's offset; a clock with an
 * offset has its seconds ("10:00:00-05:00") or a space ("10:00 -0500").
 * The scan guarantees one readable byte before a match (the text's own,
 * or a space at its start) and a NUL after the text. */
static int valid_time(const char *s, size_t len)
{
	const char *dash = memchr(s, '-', len);
	int range_before = s[-1] == '-' && is_digit((unsigned char)s[-2]);
	int range_after = s[len] == '-' && is_digit((unsigned char)s[len + 1]);
	int range_within = 0;

	if (dash && dash > s && is_digit((unsigned char)dash[-1])) {
		size_t head = (size_t)(dash - s);

		range_within = memchr(s, ':', head) == memrchr(s, ':', head) &&
			       memchr(dash, ':', len - head) != NULL;
	}
	return !range_before && !range_after && !range_within;
}

/* In smart_shape order. */
const shape_def smart__shapes_table[SMART_SHAPE_COUNT] = {
	{ "uuid", "\\<[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\>",
	  NULL },
	{ "date",
	  "\\<[0-9]{4}-[01][0-9]-[0-3][0-9](T[0-2][0-9]:[0-5][0-9](:[0-5][0-9]([.,][0-9]+)?)?"
	  "(Z|[+-][0-2][0-9]:?[0-5][0-9])?)?"
	  "|\\<(19|20)[0-9]{2}[01][0-9][0-3][0-9][0-2][0-9][0-5][0-9][0-5][0-9]\\>" /* 20240301100033 */
	  /* the same moment with a fraction or a zone, as LDAP's and X.509's
	   * GeneralizedTime (RFC 4517: 20240301100000Z, an entryCSN's
	   * 20240301100000.019052Z) and ISO 8601's basic format with its T
	   * (iCalendar's 20240301T100000Z) print it */
	  "|\\<(19|20)[0-9]{2}[01][0-9][0-3][0-9]T?[0-2][0-9][0-5][0-9][0-5][0-9]([.,][0-9]{1,9})?"
	  "(Z|[+-][0-2][0-9][0-5][0-9])\\>"
	  "|\\<(19|20)[0-9]{2}[01][0-9][0-3][0-9]T[0-2][0-9][0-5][0-9]([0-5][0-9]([.,][0-9]{1,9})?)?\\>"
	  "|\\<[0-3]?[0-9]/[0-3]?[0-9]/([0-9]{4}|[0-9]{2})\\>"
	  "|\\<(19|20)[0-9]{2}[/.][01]?[0-9][/.][0-3]?[0-9]\\>" /* 2024/03/01, 2024.03.01 */
	  "|\\<[0-3]?[0-9]\\.[01]?[0-9]\\.[0-9]{4}\\>"
	  "|\\<" WDAY MON SP DOM "(,?" SP "[0-9]{4})?\\>" AT_CLOCK
	  "|\\<" MON SP "(19|20)[0-9]{2}\\>" /* a month of a year: an archive's "March 2024" */
	  /* and as a permalink's path segments or an archive's key: /2024/03/, 202403 */
	  "|/(19|20)[0-9]{2}/(0[1-9]|1[0-2])/([0-3][0-9]/)?"
	  /* the same path percent-encoded in a query: url=...%2F2024%2F03%2F */
	  "|%2[Ff](19|20)[0-9]{2}%2[Ff](0[1-9]|1[0-2])%2[Ff]([0-3][0-9]%2[Ff])?"
	  "|\\<(19|20)[0-9]{2}(0[1-9]|1[0-2])\\>"
	  "|\\<(19|20)[0-9]{2}-(0[1-9]|1[0-2])\\>" /* ISO 8601's month: a report's "2024-03" */
	  "|\\<" WDAY DOM "\\.?" SP "(de )?" MON ",?" SP "(de )?[0-9]{4}\\>" AT_CLOCK
	  /* Japanese and Chinese: 2025年1月2日木曜日 3:04:05 */
	  "|\\<[0-9]{4}年[01]?[0-9]月[0-3]?[0-9]日(\\((日|月|火|水|木|金|土)\\)|(日|月|火|水|木|金|土)曜日)?"
	  "( ?" CLOCK ZONE ")?"
	  /* C's asctime and date(1): "Tue Nov 14 22:13:20 2023", "... UTC 2023" */
	  "|\\<" WDAY MON " +" DOM " [0-2][0-9]:[0-5][0-9]:[0-5][0-9]( [A-Z]{3,5})? [0-9]{4}\\>",
	  NULL },
	{ "time",
	  "\\<" CLOCK ZONE,
	  valid_time },
	{ "reltime",
	  "\\<([0-9]+|an?|one|two|three|few|several) (seconds?|secs?|minutes?|mins?|hours?|hrs?|"
	  "days?|weeks?|months?|years?) ago\\>"
	  "|\\<in ([0-9]+|an?) (seconds?|minutes?|hours?|days?|weeks?|months?|years?)\\>"
	  "|\\<(just now|moments ago|yesterday|today)\\>",
	  NULL },
	{ "epoch", "\\<1[0-9]{9}([0-9]{3})?\\>"
	  "|\\<24[0-9]{5}\\.[0-9]{4,}\\>", /* a Julian day with its time: 2460370.916667 (1858-2132) */
	  NULL },
	{ "hex", "\\<(0[xX])?[0-9a-fA-F]{8,}\\>", valid_hex },
	{ "base64", "\\<[A-Za-z0-9+_-]{16,}={0,2}", valid_base64 },
	{ "url-query", "\\?[A-Za-z0-9_.%-]+=[^ #\"'<>]*", NULL },
	{ "path",
	  "(/(home|tmp|usr|var|opt|srv|build|root|private|Users|mnt|nix|builddir)(/[A-Za-z0-9_.~+-]+)+/?"
	  "|\\<[A-Za-z]:\\\\([A-Za-z0-9._ -]+\\\\?)+)",
	  NULL },
	{ "version", "\\<[vV]?[0-9]+(\\.[0-9]+)+([-+~][0-9A-Za-z.]+)?\\>", valid_version },
	{ "jwt", "\\<eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+", NULL },
	{ "cuid", "\\<c[a-z0-9]{24}\\>", valid_cuid },
	{ "tzname", "\\(([A-Z][a-z]+ )+Time\\)"
	  /* an IANA zone, bare, in parentheses or with JSON's escaped slash:
	   * Europe/Berlin, (UTC), Europe\/Berlin */
	  "|\\(?\\<(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)"
	  "\\\\?/[A-Za-z_]+(\\\\?/[A-Za-z_]+)?\\>\\)?|\\((UTC|GMT)\\)"
	  /* the machine's zone as a setting: UTC, "abbr":"CEST", "timezone":{"offset":-5 */
	  "|\\<(UTC|GMT)\\>|[\"']abbr[\"'] ?: ?[\"'][A-Z]{2,5}[\"']"
	  "|[Tt]ime_?[Zz]one[\"']? ?: ?\\{[\"']?offset[\"']? ?: ?[-+]?[0-9]+([.][0-9]+)?", NULL },
	{ "copyright",
	  "(©|&copy;|\\([cC]\\)|\\<[Cc]opyright)( ©)? ?[0-9]{4}( ?[-–] ?[0-9]{4})?", NULL },
	{ "duration",
	  "\\<[0-9]+([.,][0-9]+)? ?(ms|µs|us|ns|s|sec|secs|seconds?|min|mins|minutes?|"
	  "hours?|hrs?|days?|weeks?|months?|years?)\\>"
	  "( ago)?", valid_duration },
	{ "hostport",
	  /* *.localhost is loopback too (RFC 6761): blog.localhost:8080 */
	  "\\<(([A-Za-z0-9-]+\\.)*localhost|[0-9]{1,3}(\\.[0-9]{1,3}){3})(:[0-9]{2,5})?\\>"
	  /* and percent-encoded in a query: url=http%3A%2F%2F127.0.0.1%3A8080%2F */
	  "|%2[Ff]%2[Ff](([A-Za-z0-9-]+\\.)*localhost|[0-9]{1,3}(\\.[0-9]{1,3}){3})(%3[Aa][0-9]{2,5})?",
	  NULL },
	{ "cachebust", "[?&](v|ver|version|_|t|ts|cb|rev|hash|cachebust)=[0-9A-Za-z._-]+", NULL },
	{ "timing",
	  "\\<[A-Za-z_]*([Tt]ime|[Dd]uration|[Ee]lapsed|Ms|_ms)[\"']?[=:] ?[\"']?[0-9]+([.,][0-9]+)?",
	  NULL },
	{ "counter",
	  /* a page counting its own requests: "534 visitors today", "Views:
	   * 1,204", "viewed 12 times" (not a count of downloads: that is data
	   * about what is downloaded) */
	  "\\<[0-9]+([.,][0-9]+)* (visitors?|visits?|views?|page views|hits|users online)\\>"
	  "|\\<([Vv]isitors|[Vv]isits|[Vv]iews|[Pp]age views|[Hh]its): ?[0-9]+([.,][0-9]+)*\\>"
	  "|\\<(viewed|accessed) [0-9]+([.,][0-9]+)* times\\>",
	  NULL },
	{ "size", "\\<[0-9]+([.,][0-9]+)? ?(bytes|[KMGT]i?B|kB)\\>", NULL },
	/* a CSRF or session value keyed as one in a query, whatever it looks
	 * like (a WordPress nonce is ten hex digits, sometimes with no letter) */
	{ "nonce",
	  "[?&](_wpnonce|_?nonce|_?token|csrf_?token|_csrf|authenticity_token|sesskey|sid)="
	  "[0-9A-Za-z._%-]+",
	  NULL },
	{ "number", "[-+]?\\<[0-9]+([.,][0-9]+)*\\>", NULL },
};

const char *smart_shape_name(smart_shape s)
{
	return (unsigned)s < SMART_SHAPE_COUNT ? smart__shapes_table[s].name : NULL;
}

int smart_shape_from_name(const char *name)
{
	for (int s = 0; s < SMART_SHAPE_COUNT; s++)
		if (strcmp(smart__shapes_table[s].name, name) == 0)
			return s;
	return -1;
}
