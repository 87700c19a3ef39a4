/* The value-shape recogniser, family by family, in both directions: a pair
 * of values that are two instances of one volatile shape is explained (the
 * two are equal once the built-in shapes are masked), and a meaningful
 * change beside or instead of such a value is not. Then the harvested
 * table of real value pairs (tests/fixtures/shapes/, harvest.py): the
 * recogniser's precision and recall on it, with floors. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/profile.h"

/* Tests run from the repository's top (tests/run.sh). */
#define FIXTURES "tests/fixtures"
/* Floors just under what the table measured (docs/features.md). */
#define SHAPE_RECALL_FLOOR 0.78
#define SHAPE_PRECISION_FLOOR 0.95

/* 1 when the built-in shapes explain the change old -> new. */
static int explained(const char *old_value, const char *new_value)
{
	smart_error err = { "" };
	const smart_shapes *s = smart_shapes_scrubbed(&err);
	char *a, *b;
	int same;

	assert_non_null(s);
	a = smart_shapes_mask(s, old_value, strlen(old_value), NULL, &err);
	b = smart_shapes_mask(s, new_value, strlen(new_value), NULL, &err);
	assert_non_null(a);
	assert_non_null(b);
	same = strcmp(a, b) == 0;
	free(a);
	free(b);
	return same;
}

typedef struct shape_case {
	const char *family, *old_value, *new_value;
	int volatile_change;
} shape_case;

static const shape_case cases[] = {
	{ "date (footer, en)", "Last updated on Jan 07, 2023, 09:15.", "Last updated on Sep 30, 2024, 18:02.", 1 },
	{ "date (ISO 8601)", "2024-03-01T10:00:00Z", "2024-07-15T18:42:07+02:00", 1 },
	{ "date (RFC 1123)", "Fri, 01 Mar 2024 10:00:00 GMT", "Mon, 15 Jul 2024 18:42:07 GMT", 1 },
	{ "date (day month year)", "15 August 2022", "3 January 2025", 1 },
	{ "date (git log)", "2022-08-15 23:45:01 +0000", "2023-01-02 03:04:05 +0100", 1 },
	{ "date (de)", "Stand: 15. März 2024", "Stand: 2. Oktober 2024", 1 },
	{ "date (fr)", "mis à jour le 24 novembre 2026", "mis à jour le 3 janvier 2027", 1 },
	{ "date (es)", "15 de agosto de 2022", "1 de enero de 2023", 1 },
	{ "date (year first, slashes)", "Last modified: 2024/03/01 10:00 by admin", "Last modified: 2024/07/15 18:42 by admin", 1 },
	{ "date (year first, dots)", "Stand 2024.03.01", "Stand 2025.01.02", 1 },
	{ "date (compact)", "cached 20240301100033", "cached 20240715163027", 1 },
	{ "date (LDAP GeneralizedTime, RFC 4517)", "<td>20240301100000Z</td>", "<td>20240715164207Z</td>", 1 },
	{ "date (an LDAP entryCSN: GeneralizedTime with a fraction)",
	  "20240301100000.019052Z#000000#000#000000", "20240715164207.021462Z#000000#000#000000", 1 },
	{ "date (GeneralizedTime with an offset)", "modified 20240301100000+0100", "modified 20250102030405-0500", 1 },
	{ "date (ISO 8601 basic format, iCalendar)", "DTSTAMP:20240301T100000Z", "DTSTAMP:20250630T235950Z", 1 },
	{ "date (ISO 8601 basic format, local)", "X-Amz-Date=20240301T1000", "X-Amz-Date=20250102T0304", 1 },
	{ "not a date (GeneralizedTime beside a changed replica id)",
	  "20240301100000.019052Z#000000#000#000000", "20240715164207.021462Z#000000#001#000000", 0 },
	{ "not a date (fourteen digits and a letter, month 13)", "code 20241301100000Z", "code 20241399100000Z", 0 },
	{ "date (JavaScript Date)", "on Tue Nov 24 2026 15:54:35 GMT+0000 (Coordinated Universal Time)",
	  "on Mon Jul 15 2024 18:42:07 GMT+0200 (Central European Summer Time)", 1 },
	{ "date (JavaScript Date, localised zone)",
	  "Generated on Mon Jan 01 2024 02:00:00 GMT+0200 (Mitteleuropäische Sommerzeit)",
	  "Generated on Tue Jan 02 2024 09:00:00 GMT+0900 (日本標準時)", 1 },
	{ "host (a name under localhost)", "see http://blog.localhost:18242/about", "see http://127.0.0.1:18241/about", 1 },
	{ "host (percent-encoded in a query)", "embed?url=http%3A%2F%2F127.0.0.1%3A18241%2F2023%2F",
	  "embed?url=http%3A%2F%2Fwp.localhost%3A18242%2F2023%2F", 1 },
	{ "host (an IPv4 address is not a version)", "//127.0.0.1:18241/x", "//localhost:18242/x", 1 },
	{ "host (another real host is not loopback)", "http://localhost.example.org/x", "http://localhost/x", 0 },
	{ "date (a month of a year)", "Archives: March 2024", "Archives: January 2025", 1 },
	{ "date (a permalink's year and month)", "http://blog/2024/03/hello-world/",
	  "http://blog/2025/01/hello-world/", 1 },
	{ "date (a day archive's path)", "/2024/03/01/", "/2025/06/30/", 1 },
	{ "date (an archive key: year and month)", "<option value='202403'>", "<option value='202501'>", 1 },
	{ "not a date (another post under a permalink date)", "http://blog/2024/03/hello-world/",
	  "http://blog/2024/07/goodbye/", 0 },
	{ "not a date (month 13 is a number)", "/2024/13/", "/2024/14/", 0 },
	{ "not a date (a six-digit count)", "318402 downloads", "318407 downloads", 0 },
	{ "date (one moment in another format)",
	  "at Mon Jan 01 2024 00:00:00 GMT+0000 (Coordinated Universal Time)", "at 2024-07-15T18:42:07.000Z", 1 },
	{ "date (clock and date, either order)", "updated 10:00, 1 March 2024", "updated 2 April 2025", 1 },
	{ "date (a moment beside a changed word)", "at 2024-01-01 10:00 by Ann", "at 2024-07-15 by Bob", 0 },
	{ "date (two moments are not one)", "from 2024-01-01 to 2024-02-01", "from 2024-01-01", 0 },
	{ "date (C asctime)", "Last modified Tue Nov 14 22:13:20 2023 by", "Last modified Fri Apr  5 14:20:00 2022 by", 1 },
	{ "date (date(1))", "built Tue Nov 14 22:13:20 UTC 2023", "built Fri Apr 15 14:20:00 JST 2022", 1 },
	{ "date and time in a query", "from=20240301100041&fromFormatted=10%3A00%2C+1+March+2024",
	  "from=20240715163036&fromFormatted=16%3A30%2C+15+July+2024", 1 },
	{ "date and time in a URL", "/timeline?c=2024-03-01+10%3A00%3A00&y=a", "/timeline?c=2024-07-15+16%3A42%3A07&y=a", 1 },
	{ "time (12 hour)", "at 9:15 am", "at 6:02 pm", 1 },
	{ "date and time (en, de locales)", "Built Friday, March 1, 2024 at 10:00:00 AM UTC (UTC) with",
	  "Built Montag, 15. Juli 2024 um 18:42:07 MESZ (Europe/Berlin) with", 1 },
	{ "date and time (ja locale)", "Built Friday, March 1, 2024 at 10:00:00 AM UTC (UTC) with",
	  "Built 2025年1月2日木曜日 3:04:05 JST (Asia/Tokyo) with", 1 },
	{ "time zone name", "zone: America/New_York", "zone: Asia/Tokyo", 1 },
	{ "relative time", "edited 3 minutes ago", "edited 2 days ago", 1 },
	{ "epoch in a URL", "cron.php?task=run&1700000000", "cron.php?task=run&1702592000", 1 },
	{ "Julian day", "data-sortkey=2460370.916667", "data-sortkey=2460507.195914", 1 },
	{ "epoch milliseconds", "timestamp=1700000000123", "timestamp=1702592000456", 1 },
	{ "copyright range", "© 2010-2023 Example", "© 2010-2019 Example", 1 },
	{ "duration", "took 12ms", "took 340ms", 1 },
	{ "an age in days", "<td>9.9 days</td>", "<td>146.2 days</td>", 1 },
	{ "an age in days and years", "62 days or approximately 0.17 years.",
	  "198 days or approximately 0.54 years.", 1 },
	{ "a year and month (ISO 8601)", "ym=2024-03&n=5", "ym=2025-06&n=5", 1 },
	{ "a visitor counter", "<p>534 visitors today</p>", "<p>566 visitors today</p>", 1 },
	{ "a view counter", "Views: 1,204", "Views: 1,377", 1 },
	{ "an access counter", "This page has been viewed 12 times.", "This page has been viewed 15 times.", 1 },
	{ "a size", "coverage.json (12.3 KB)", "coverage.json (12.9 KB)", 1 },
	{ "a nonce of digits only", "post.php?post=24&action=trash&_wpnonce=48adbfff0f",
	  "post.php?post=24&action=trash&_wpnonce=7426941071", 1 },
	{ "a CSRF token in a query", "/logout?token=Zx81kQ", "/logout?token=p0Lm2W", 1 },
	{ "duration (seconds)", "Ran 40 tests in 0.023 s", "Ran 40 tests in 1.907 s", 1 },
	{ "timing in a script", "{\"cputime\":\"0.013\",\"walltime\":\"0.055\"}", "{\"cputime\":\"0.021\",\"walltime\":\"0.102\"}", 1 },
	{ "uuid", "id 123e4567-e89b-12d3-a456-426614174000", "id 9f1c2a7e-0b4d-4c8e-9a11-5d2f0e7b6c3a", 1 },
	{ "git hash", "commit 3fa9c01b2e7d", "commit 77d0b13aa9e1", 1 },
	{ "sha256 digest", "sha256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "sha256-2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae", 1 },
	{ "base64 token", "token=dGhpcyBpcyBhIFRlc3Q0MjA5", "token=Q29tcGxldGVseURpZmZlcmVudDk5", 1 },
	{ "a base64url token with dashes", "tok=Zm9v-YmFy_QmF6cXV4MTIz", "tok=Qk9r-xYzR_tUv3wX9aBcD", 1 },
	{ "a short random token (a suggested password)", "Suggestion: ZLpwdhsSvMK9", "Suggestion: ZivrhuUd9wT7", 1 },
	{ "a short random token on its own", "ZLpwdhsSvMK9", "obuSJGtvXU9P", 1 },
	{ "a short random token after a date", "2024-03-01 ZLpwdhsSvMK9 ok", "2024-07-15 ZivrhuUd9wT7 ok", 1 },
	{ "a changed word beside a short random token", "Suggestion: ZLpwdhsSvMK9 now",
	  "Suggestion: ZivrhuUd9wT7 later", 0 },
	{ "a date in a form-encoded query", "fromFormatted=10%3A01%2C+1+March+2024",
	  "fromFormatted=08%3A05%2C+2+January+2025", 1 },
	{ "a permalink date percent-encoded", "embed?url=http%3A%2F%2Fexample.org%2F2024%2F03%2Fhello-world%2F",
	  "embed?url=http%3A%2F%2Fexample.org%2F2025%2F06%2Fhello-world%2F", 1 },
	{ "a zone in JSON", "{\"string\":\"Europe\\/Berlin\"}", "{\"string\":\"America\\/New_York\"}", 1 },
	{ "a zone setting in JSON (WordPress)",
	  "\"timezone\":{\"offset\":0,\"string\":\"UTC\",\"abbr\":\"UTC\"}",
	  "\"timezone\":{\"offset\":-5,\"string\":\"America\\/New_York\",\"abbr\":\"EST\"}", 1 },
	{ "a zone abbreviation in JSON", "{\"abbr\":\"CET\"}", "{\"abbr\":\"CEST\"}", 1 },
	{ "an archive month as a bare value", "202403", "202407", 1 },
	{ "JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.abc123XYZ", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5OTkifQ.zzz987QWE", 1 },
	{ "cuid", "ckl8f7a0b0000qz3q4u7b1x2y", "clx93jd020001ab2c3d4e5f6g", 1 },
	{ "CSRF value", "f7a3c9e2b1d04a5f8e6c7b9a0d1e2f3a", "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e", 1 },
	{ "generator version", "WordPress 4.2.1", "WordPress 5.0.0", 1 },
	{ "version with v", "built with v2.0.3-beta", "built with v2.1.0", 1 },
	{ "temporary path", "/tmp/build-17/src/main.c", "/tmp/workspace/job-2291/src/main.c", 1 },
	{ "home path", "/home/alice/project/lib.py", "/home/ci/project/lib.py", 1 },
	{ "CI runner path", "/tmp/ci/build-17/build/coverage/index.css", "/tmp/ci/runner/_work/cmark/cmark/build/coverage/index.css", 1 },
	{ "host and port", "http://127.0.0.1:8001/docs/", "http://localhost:8003/docs/", 1 },
	{ "cache-busting parameter", "style.css?ver=6.1.9", "style.css?ver=6.2.0", 1 },
	{ "cache-busting epoch", "app.js?v=1700000000", "app.js?v=1702592000", 1 },

	{ "a number in a sentence", "We found 12 results", "We found 13 results", 0 },
	{ "a price", "Total: 10.50 EUR", "Total: 12.50 EUR", 0 },
	{ "a large decimal", "population 2460370.5", "population 2460507.5", 0 },
	{ "a changed link target", "/wiki/Main_Page", "/wiki/Sandbox", 0 },
	{ "a changed host", "https://example.org/about", "https://example.com/about", 0 },
	{ "a swapped word", "Save changes", "Discard changes", 0 },
	{ "a word beside a date", "Updated 2024-03-01 by alice", "Deleted 2024-07-15 by alice", 0 },
	{ "a lost word beside a token", "session 3fa9c01b2e7d active", "session 77d0b13aa9e1", 0 },
	{ "an error beside a time", "Done at 10:41", "Error at 10:42", 0 },
	{ "a page number", "Page 3 of 10", "Page 4 of 10", 0 },
	{ "a count of items", "(5 items)", "(0 items)", 0 },
	{ "a word beside an age", "3 days left", "3 days late", 0 },
	{ "a span of years", "seasons 2019-2020", "seasons 2019-2021", 0 },
	{ "a word beside a counter", "534 visitors from Berlin", "534 visitors from Paris", 0 },
	{ "a count that is no counter", "12 users", "13 users", 0 },
	{ "a size unit that changed", "12 KB", "12 MB", 1 },
	{ "a parameter beside a nonce", "post.php?post=24&_wpnonce=48adbfff0f",
	  "post.php?post=25&_wpnonce=7426941071", 0 },
	{ "a decade", "music of the 1990s", "music of the 1980s", 0 },
	{ "a heading level", "Section 2.1", "Section 2.2", 0 },
	{ "a fraction", "ratio 3/4/5", "ratio 3/4/6", 0 },
	{ "a status", "status: open", "status: closed", 0 },
	{ "a changed slug beside an encoded date", "url=%2F2024%2F03%2Fhello-world%2F",
	  "url=%2F2024%2F03%2Fgoodbye-world%2F", 0 },
	{ "form-encoded words", "q=Save+all+2+Items", "q=Drop+all+2+Items", 0 },
	{ "an anchor slug made from a heading (discount)", "L-26-lt-3b-a-title-3d--22-a-lot",
	  "L-3c-a-title-3d--22-a-lot", 0 },
	{ "a slug with capitals and numbers", "Release_Notes_2024_March_Update", "Release_Notes_2025_June_Update", 0 },
	{ "a word after a zone", "at 10:00 UTC sharp", "at 10:00 UTC late", 0 },
	{ "a continent", "shipping to Europe", "shipping to Asia", 0 },
	{ "an abbreviation outside a zone setting", "{\"unit\":\"EUR\"}", "{\"unit\":\"USD\"}", 0 },
	{ "an offset outside a zone setting", "{\"page\":{\"offset\":20}}", "{\"page\":{\"offset\":40}}", 0 },
	{ "a word beside a zone setting", "\"timezone\":{\"offset\":0,\"mode\":\"auto\"}",
	  "\"timezone\":{\"offset\":1,\"mode\":\"manual\"}", 0 },
	{ "a six-digit count", "204399", "204400", 0 },
	{ "an empty value", "Welcome, alice", "Welcome, ", 0 },
	{ "a word after a time", "closes at 10:41 today", "closes at 10:42 tomorrow", 0 },
	{ "a short CamelCase name with digits", "see 1000VictorsWay", "see 1000VictorsLane", 0 },
	{ "a short name with an acronym", "new XMLHttpRequest2()", "new XMLHttpRequest3()", 0 },
	{ "a source position range (cmark)", "data-sourcepos=\"1:1-1:10\"", "data-sourcepos=\"1:1-0:10\"", 0 },
	{ "a range of opening hours", "open 10:00-11:00", "open 10:00-12:30", 0 },
	{ "a year beside a clock", "Tue Nov 14 22:13:20 2023 release", "Tue Nov 14 22:13:20 2023 recall", 0 },
};

static void each_family_is_explained_or_not_as_it_should(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got = explained(cases[i].old_value, cases[i].new_value);

		if (got != cases[i].volatile_change)
			fail_msg("%s: \"%s\" -> \"%s\" %s explained", cases[i].family, cases[i].old_value,
				 cases[i].new_value, got ? "is" : "is not");
	}
}

/* Counts the explained pairs of a harvested table; returns how many rows. */
static size_t table_explained(const char *name, size_t *n_explained)
{
	char path[512], line[1024];
	FILE *f;
	size_t rows = 0;

	snprintf(path, sizeof(path), "%s/shapes/%s", FIXTURES, name);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	*n_explained = 0;
	while (fgets(line, sizeof(line), f)) {
		char *app = line, *old_value, *new_value;

		if (line[0] == '#')
			continue;
		line[strcspn(line, "\n")] = '\0';
		old_value = strchr(app, '\t');
		new_value = old_value ? strchr(old_value + 1, '\t') : NULL;
		if (!new_value)
			continue;
		*old_value++ = '\0';
		*new_value++ = '\0';
		rows++;
		*n_explained += (size_t)explained(old_value, new_value);
	}
	fclose(f);
	return rows;
}

static void harvested_table_precision_and_recall_hold(void **state)
{
	size_t vol_explained, mean_explained;
	size_t vol = table_explained("volatile.tsv", &vol_explained);
	size_t mean = table_explained("meaningful.tsv", &mean_explained);
	double recall = (double)vol_explained / (double)vol;
	double precision = (double)vol_explained / (double)(vol_explained + mean_explained);

	(void)state;
	print_message("# shape table: %zu volatile pairs, %zu explained (recall %.3f); "
		      "%zu meaningful pairs, %zu explained (precision %.3f)\n",
		      vol, vol_explained, recall, mean, mean_explained, precision);
	assert_true(vol >= 300 && mean >= 300);
	assert_true(recall >= SHAPE_RECALL_FLOOR);
	assert_true(precision >= SHAPE_PRECISION_FLOOR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_family_is_explained_or_not_as_it_should),
		cmocka_unit_test(harvested_table_precision_and_recall_hold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
