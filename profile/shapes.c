/*
 * Value shapes: the kinds of tokens that change between two runs of a clean
 * program (dates, clocks, session tokens, versions, build paths, ...), as
 * POSIX extended regular expressions (glibc's \< and \> word boundaries).
 *
 * A set of shapes is compiled into ONE regular expression, an alternation
 * with one group per shape, so masking a text costs one regexec per token
 * found; the group that matched names the shape.
 */
#include "smart/profile.h"

#include <ctype.h>
#include <pthread.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

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

typedef struct shape_def {
	const char *name;
	const char *regex;
	int (*valid)(const char *s, size_t len); /* NULL: every match counts */
} shape_def;

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

/* A base64 token mixes upper case, lower case and digits; long words and
 * slugs ("internationalisation", "release-notes-2024") do not. */
static int valid_base64(const char *s, size_t len)
{
	return has_class(s, len, is_digit) && has_class(s, len, is_lower) &&
	       has_class(s, len, is_upper);
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

/* In smart_shape order. */
static const shape_def shapes[SMART_SHAPE_COUNT] = {
	{ "uuid", "\\<[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\>",
	  NULL },
	{ "date",
	  "\\<[0-9]{4}-[01][0-9]-[0-3][0-9](T[0-2][0-9]:[0-5][0-9](:[0-5][0-9]([.,][0-9]+)?)?"
	  "(Z|[+-][0-2][0-9]:?[0-5][0-9])?)?"
	  "|\\<(19|20)[0-9]{2}[01][0-9][0-3][0-9][0-2][0-9][0-5][0-9][0-5][0-9]\\>" /* 20240301100033 */
	  "|\\<[0-3]?[0-9]/[0-3]?[0-9]/([0-9]{4}|[0-9]{2})\\>"
	  "|\\<(19|20)[0-9]{2}[/.][01]?[0-9][/.][0-3]?[0-9]\\>" /* 2024/03/01, 2024.03.01 */
	  "|\\<[0-3]?[0-9]\\.[01]?[0-9]\\.[0-9]{4}\\>"
	  "|\\<" WDAY MON SP DOM "(,?" SP "[0-9]{4})?\\>" AT_CLOCK
	  "|\\<" MON SP "(19|20)[0-9]{2}\\>" /* a month of a year: an archive's "March 2024" */
	  /* and as a permalink's path segments or an archive's key: /2024/03/, 202403 */
	  "|/(19|20)[0-9]{2}/(0[1-9]|1[0-2])/([0-3][0-9]/)?"
	  "|\\<(19|20)[0-9]{2}(0[1-9]|1[0-2])\\>"
	  "|\\<" WDAY DOM "\\.?" SP "(de )?" MON ",?" SP "(de )?[0-9]{4}\\>" AT_CLOCK
	  /* Japanese and Chinese: 2025年1月2日木曜日 3:04:05 */
	  "|\\<[0-9]{4}年[01]?[0-9]月[0-3]?[0-9]日(\\((日|月|火|水|木|金|土)\\)|(日|月|火|水|木|金|土)曜日)?"
	  "( ?" CLOCK ZONE ")?"
	  /* C's asctime and date(1): "Tue Nov 14 22:13:20 2023", "... UTC 2023" */
	  "|\\<" WDAY MON " +" DOM " [0-2][0-9]:[0-5][0-9]:[0-5][0-9]( [A-Z]{3,5})? [0-9]{4}\\>",
	  NULL },
	{ "time",
	  "\\<" CLOCK ZONE,
	  NULL },
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
	  /* an IANA zone, bare or in parentheses: Europe/Berlin, (UTC) */
	  "|\\(?\\<(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)"
	  "/[A-Za-z_]+(/[A-Za-z_]+)?\\>\\)?|\\((UTC|GMT)\\)", NULL },
	{ "copyright",
	  "(©|&copy;|\\([cC]\\)|\\<[Cc]opyright)( ©)? ?[0-9]{4}( ?[-–] ?[0-9]{4})?", NULL },
	{ "duration",
	  "\\<[0-9]+([.,][0-9]+)? ?(ms|µs|us|ns|s|sec|secs|seconds?|min|mins|minutes?)\\>"
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
	{ "number", "[-+]?\\<[0-9]+([.,][0-9]+)*\\>", NULL },
};

struct smart_shapes {
	unsigned set;
	regex_t re;
	regex_t single[SMART_SHAPE_COUNT]; /* each shape alone, for fallbacks */
	size_t n_groups;                 /* re.re_nsub + 1 */
	int group_shape[SMART_SHAPE_COUNT]; /* the group of each shape, or -1 */
	int merge_moments; /* mask a date, clock and zone side by side as one */
};

const char *smart_shape_name(smart_shape s)
{
	return (unsigned)s < SMART_SHAPE_COUNT ? shapes[s].name : NULL;
}

int smart_shape_from_name(const char *name)
{
	for (int s = 0; s < SMART_SHAPE_COUNT; s++)
		if (strcmp(shapes[s].name, name) == 0)
			return s;
	return -1;
}

/* Opening parentheses of a regex: its groups. */
static size_t count_groups(const char *re)
{
	size_t n = 0;

	for (const char *p = re; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		n += *p == '(';
	}
	return n;
}

smart_shapes *smart_shapes_compile(unsigned set, smart_error *err)
{
	smart_shapes *s = calloc(1, sizeof(*s));
	smart_strbuf b = { 0 };
	size_t group = 1;
	int rc;

	if (!s) {
		smart_error_oom(err);
		return NULL;
	}
	s->set = set & SMART_SHAPES_ALL;
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		s->group_shape[k] = -1;
		if (!(s->set & (1u << k)))
			continue;
		if ((b.len && smart_strbuf_append(&b, "|", 1)) ||
		    smart_strbuf_printf(&b, "(%s)", shapes[k].regex)) {
			smart_strbuf_free(&b);
			free(s);
			smart_error_oom(err);
			return NULL;
		}
		s->group_shape[k] = (int)group;
		group += 1 + count_groups(shapes[k].regex);
	}
	if (!b.len && smart_strbuf_append(&b, "(\\<\\>x)", 7)) { /* matches nothing */
		free(s);
		smart_error_oom(err);
		return NULL;
	}
	rc = regcomp(&s->re, b.data, REG_EXTENDED);
	smart_strbuf_free(&b);
	if (rc != 0) {
		char msg[128];

		regerror(rc, NULL, msg, sizeof(msg));
		smart_error_set(err, "value shapes: %s", msg);
		free(s);
		return NULL;
	}
	s->n_groups = s->re.re_nsub + 1;
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		if (s->group_shape[k] < 0)
			continue;
		if (regcomp(&s->single[k], shapes[k].regex, REG_EXTENDED) != 0) {
			s->group_shape[k] = -1; /* cannot happen: it compiled above */
			continue;
		}
	}
	return s;
}

void smart_shapes_free(smart_shapes *s)
{
	if (!s)
		return;
	regfree(&s->re);
	for (int k = 0; k < SMART_SHAPE_COUNT; k++)
		if (s->group_shape[k] >= 0)
			regfree(&s->single[k]);
	free(s);
}

/* The two process-wide sets: compiled on first use by pthread_once and
 * read-only afterwards, so threads share them without locking (glibc's
 * regexec is thread-safe on a shared pattern). */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static smart_shapes *builtin_set, *scrub_set, *all_set;

static void compile_shared(void)
{
	builtin_set = smart_shapes_compile(SMART_SHAPES_BUILTIN, NULL);
	scrub_set = smart_shapes_compile(SMART_SHAPES_SCRUB, NULL);
	/* Scrubbing writes one moment as one placeholder; profiles keep
	 * each part, as their stored patterns name them ("{date} {time}"). */
	if (scrub_set)
		scrub_set->merge_moments = 1;
	all_set = smart_shapes_compile(SMART_SHAPES_ALL, NULL);
}

const smart_shapes *smart_shapes_builtin(smart_error *err)
{
	pthread_once(&once, compile_shared);
	if (!builtin_set)
		smart_error_set(err, "value shapes: cannot compile the built-in shapes");
	return builtin_set;
}

const smart_shapes *smart_shapes_scrubbed(smart_error *err)
{
	pthread_once(&once, compile_shared);
	if (!scrub_set)
		smart_error_set(err, "value shapes: cannot compile the scrubbed shapes");
	return scrub_set;
}

const smart_shapes *smart_shapes_all(smart_error *err)
{
	pthread_once(&once, compile_shared);
	if (!all_set)
		smart_error_set(err, "value shapes: cannot compile the shapes");
	return all_set;
}

/* When the longest match at `so` is not a valid `rejected` (a 16-digit
 * hex token looks like base64 without its mixed case), the other shapes
 * that match at `so` are tried in order; returns the first valid one (its
 * end in *eo) or -1. */
static int fallback(const smart_shapes *s, const char *copy, size_t so, int rejected, size_t *eo)
{
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		regmatch_t m;

		if (k == rejected || s->group_shape[k] < 0 ||
		    regexec(&s->single[k], copy + so, 1, &m, so ? REG_NOTBOL : 0) != 0 ||
		    m.rm_so != 0 || m.rm_eo == 0)
			continue;
		if (shapes[k].valid && !shapes[k].valid(copy + so, (size_t)m.rm_eo))
			continue;
		*eo = so + (size_t)m.rm_eo;
		return k;
	}
	return -1;
}

/* Appends literal text, doubling braces (see smart_shapes_mask). */
static int append_literal(smart_strbuf *b, const char *s, size_t n)
{
	size_t from = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] != '{' && s[i] != '}')
			continue;
		if (smart_strbuf_append(b, s + from, i + 1 - from) ||
		    smart_strbuf_append(b, s + i, 1))
			return -1;
		from = i + 1;
	}
	return smart_strbuf_append(b, s + from, n - from);
}

/* Calls `visit` for each shape token of `text` in order, with the shape and
 * the token's [so, eo) byte range. Returns -1 when out of memory, else the
 * last non-zero return of `visit`, or 0. */
typedef int (*shape_visit)(void *ctx, int shape, size_t so, size_t eo);

static int scan_shapes(const smart_shapes *s, const char *text, size_t len, shape_visit visit,
		       void *ctx)
{
	regmatch_t *m = malloc(s->n_groups * sizeof(*m));
	char *copy = malloc(len + 1);
	size_t pos = 0;
	int rc = 0;

	if (!m || !copy) {
		free(m);
		free(copy);
		return -1;
	}
	memcpy(copy, text, len); /* regexec needs a NUL-terminated string */
	copy[len] = '\0';
	while (rc == 0 && pos < len &&
	       regexec(&s->re, copy + pos, s->n_groups, m, pos ? REG_NOTBOL : 0) == 0) {
		size_t so = pos + (size_t)m[0].rm_so, eo = pos + (size_t)m[0].rm_eo;
		int shape = -1;

		if (eo == so) { /* an empty match: step over one byte */
			pos = so + 1;
			continue;
		}
		for (int k = 0; k < SMART_SHAPE_COUNT && shape < 0; k++)
			if (s->group_shape[k] >= 0 && m[s->group_shape[k]].rm_so >= 0)
				shape = k;
		if (shape >= 0 && shapes[shape].valid && !shapes[shape].valid(copy + so, eo - so))
			shape = fallback(s, copy, so, shape, &eo);
		if (shape < 0) {
			/* no shape fits the whole match ("sha256-<hex>" looks like
			 * base64 but is not): look again after the word it starts
			 * with, since a shape may begin there ("<hex>") */
			pos = so + 1;
			while (pos < len && isalnum((unsigned char)copy[pos]) &&
			       isalnum((unsigned char)copy[pos - 1]))
				pos++;
			continue;
		}
		rc = visit(ctx, shape, so, eo);
		pos = eo;
	}
	free(copy);
	free(m);
	return rc;
}

/* The state of smart_shapes_mask while it scans. */
typedef struct masker {
	const char *text;
	int merge_moments;
	size_t done;  /* bytes of text written so far */
	smart_strbuf out;
	unsigned met;
	int last_shape;    /* shape of the last placeholder written, or -1 */
	size_t last_start; /* where it starts in `out` */
	size_t last_end;   /* where it ends in `out` */
} masker;

/* Dates, clocks and zone names all tell a moment. */
static int is_moment(int shape)
{
	return shape == SMART_SHAPE_DATE || shape == SMART_SHAPE_TIME || shape == SMART_SHAPE_TZNAME;
}

/* True when text[from, to) only separates two parts of one moment: spaces
 * and commas, at least one. */
static int joins_moment(const char *text, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (text[i] != ' ' && text[i] != ',')
			return 0;
	return to > from;
}

/* Writes the placeholder of one token. The parts of one moment written
 * side by side ("Mon Jan 01 2024 00:00:00 GMT+0000 (Coordinated
 * Universal Time)": a date, a clock and a zone name) become one
 * placeholder, {date} when a date is among them, in the scrubbed set: the
 * same moment printed in another format ("2024-01-01T00:00:00.000Z") then
 * masks alike. */
static int mask_token(void *ctx, int shape, size_t so, size_t eo)
{
	masker *mk = ctx;

	if (mk->merge_moments && is_moment(shape) && mk->last_shape >= 0 && is_moment(mk->last_shape) &&
	    mk->last_end == mk->out.len && joins_moment(mk->text, mk->done, so)) {
		int merged = shape == SMART_SHAPE_DATE ? shape : mk->last_shape;

		mk->out.len = mk->last_start;
		mk->out.data[mk->out.len] = '\0';
		if (smart_strbuf_printf(&mk->out, "{%s}", shapes[merged].name))
			return -1;
		mk->last_shape = merged;
	} else {
		if (append_literal(&mk->out, mk->text + mk->done, so - mk->done))
			return -1;
		mk->last_start = mk->out.len;
		if (smart_strbuf_printf(&mk->out, "{%s}", shapes[shape].name))
			return -1;
		mk->last_shape = shape;
	}
	mk->last_end = mk->out.len;
	mk->done = eo;
	mk->met |= 1u << shape;
	return 0;
}

char *smart_shapes_mask(const smart_shapes *s, const char *text, size_t len,
			unsigned *found, smart_error *err)
{
	masker mk = { text, s->merge_moments, 0, { 0 }, 0, -1, 0, 0 };

	if (scan_shapes(s, text, len, mask_token, &mk) < 0 ||
	    append_literal(&mk.out, text + mk.done, len - mk.done) ||
	    (!mk.out.data && smart_strbuf_append(&mk.out, "", 0))) {
		smart_strbuf_free(&mk.out);
		smart_error_oom(err);
		return NULL;
	}
	if (found)
		*found = mk.met;
	return mk.out.data;
}

/* The tokens of one text, for smart_shapes_count_changes. */
typedef struct token_list {
	int shape[SMART_SHAPES_MAX_TOKENS];
	size_t so[SMART_SHAPES_MAX_TOKENS], eo[SMART_SHAPES_MAX_TOKENS];
	size_t n;
} token_list;

static int collect_token(void *ctx, int shape, size_t so, size_t eo)
{
	token_list *l = ctx;

	if (l->n == SMART_SHAPES_MAX_TOKENS)
		return 1; /* enough: stop scanning */
	l->shape[l->n] = shape;
	l->so[l->n] = so;
	l->eo[l->n++] = eo;
	return 0;
}

int smart_shapes_count_changes(const smart_shapes *s, const char *old_text,
			       const char *new_text, unsigned counts[SMART_SHAPE_COUNT])
{
	token_list *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	int changed = 0;

	if (!a || !b || scan_shapes(s, old_text, strlen(old_text), collect_token, a) < 0 ||
	    scan_shapes(s, new_text, strlen(new_text), collect_token, b) < 0) {
		free(a);
		free(b);
		return -1;
	}
	for (size_t k = 0; k < a->n && k < b->n; k++) {
		size_t la = a->eo[k] - a->so[k], lb = b->eo[k] - b->so[k];

		if (la == lb && memcmp(old_text + a->so[k], new_text + b->so[k], la) == 0)
			continue;
		counts[b->shape[k]]++;
		changed++;
	}
	free(a);
	free(b);
	return changed;
}
