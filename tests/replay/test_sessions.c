/* Reading sessions (access logs, HAR, the JSON format), URL slugs, the host
 * rule, and token substitution in forms. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/rng.h"
#include "replay/internal.h"

static smart_replay_set *load(const char *name, const char *text)
{
	smart_error err = { { 0 } };
	smart_replay_set *set = smart_replay_set_new(&err);

	assert_non_null(set);
	if (smart_replay_load_data(set, name, text, strlen(text), NULL, &err) < 0)
		fail_msg("%s", err.message);
	return set;
}

static void load_fails(const char *name, const char *text, const char *message)
{
	smart_error err = { { 0 } };
	smart_replay_set *set = smart_replay_set_new(&err);

	assert_int_equal(smart_replay_load_data(set, name, text, strlen(text), NULL, &err), -1);
	if (!strstr(err.message, message))
		fail_msg("error '%s' lacks '%s'", err.message, message);
	smart_replay_set_free(set);
}

/* Property: on random GET-only logs, the sessions partition the requests;
 * each session is one client whose successive requests are at most 30
 * minutes apart, two sessions of one client are more than 30 minutes apart,
 * and sessions come in the order of their first request. */
static void access_log_sessions_partition_requests_by_client_and_silence(void **state)
{
	int rounds = getenv("SMART_TEST_QUICK") ? 20 : 200;

	(void)state;
	for (uint64_t seed = 1; seed <= (uint64_t)rounds; seed++) {
		uint64_t rng = seed;
		size_t lines = 1 + smart_rng_below(&rng, 60), total = 0;
		double t = 1714557600.0; /* 2024-05-01 10:00 UTC */
		char *text = calloc(lines, 128), *p = text;
		smart_replay_set *set;

		assert_non_null(text);
		for (size_t i = 0; i < lines; i++) {
			time_t secs;
			struct tm tm;
			char when[64];

			t += (double)smart_rng_below(&rng, smart_rng_below(&rng, 4) ? 600 : 4000);
			secs = (time_t)t;
			gmtime_r(&secs, &tm);
			strftime(when, sizeof(when), "%d/%b/%Y:%H:%M:%S +0000", &tm);
			p += sprintf(p, "10.0.0.%u - - [%s] \"GET /p%zu HTTP/1.1\" 200 1\n",
				     (unsigned)smart_rng_below(&rng, 3), when, i);
		}
		set = load("access.log", text);
		for (size_t s = 0; s < set->count; s++) {
			const smart_replay_session *ss = &set->sessions[s];
			const char *client = strrchr(ss->name, '-') + 1;

			total += ss->count;
			assert_true(ss->count > 0);
			for (size_t r = 1; r < ss->count; r++) {
				assert_true(ss->requests[r].time >= ss->requests[r - 1].time);
				assert_true(ss->requests[r].time - ss->requests[r - 1].time <= 1800);
			}
			if (s > 0)
				assert_true(set->sessions[s - 1].requests[0].time <= ss->requests[0].time);
			for (size_t o = 0; o < s; o++) { /* an earlier session of the same client */
				const smart_replay_session *os = &set->sessions[o];

				if (strcmp(strrchr(os->name, '-') + 1, client) != 0)
					continue;
				assert_true(ss->requests[0].time - os->requests[os->count - 1].time > 1800 ||
					    os->requests[0].time - ss->requests[ss->count - 1].time > 1800);
			}
		}
		assert_int_equal(total, lines);
		smart_replay_set_free(set);
		free(text);
	}
}

static void access_log_skips_non_get_static_and_unreplayable_lines(void **state)
{
	smart_replay_set *set = load("x.log",
		"1.2.3.4 - - [01/May/2024:10:00:00 +0000] \"GET /a?b=c HTTP/1.1\" 200 1\n"
		"1.2.3.4 - - [01/May/2024:10:00:01 +0000] \"POST /a HTTP/1.1\" 302 1 \"-\" \"ua\"\n"
		"1.2.3.4 - - [01/May/2024:10:00:02 +0000] \"GET /s/logo.PNG HTTP/1.1\" 200 1\n"
		"1.2.3.4 - - [01/May/2024:10:00:03 +0000] \"-\" 400 -\n"
		"\r\n"
		"1.2.3.4 - - [01/May/2024:10:00:04 +0000] \"GET http://h.example/z HTTP/1.1\" 200 1\n");

	(void)state;
	assert_int_equal(set->count, 1);
	assert_string_equal(set->sessions[0].name, "x-01-1.2.3.4");
	assert_int_equal(set->sessions[0].count, 2);
	assert_int_equal(set->sessions[0].skipped, 3);
	assert_string_equal(set->sessions[0].requests[0].target, "/a?b=c");
	assert_string_equal(set->sessions[0].requests[1].target, "/z");
	assert_string_equal(set->sessions[0].requests[1].where, "x.log:6");
	smart_replay_set_free(set);
}

static void access_log_time_zones_are_honoured(void **state)
{
	/* 12:45 +0200 is 10:45 UTC: 35 minutes after 10:10, a new session. */
	smart_replay_set *set = load("tz.log",
		"h - - [01/May/2024:10:10:00 +0000] \"GET /a HTTP/1.1\" 200 1\n"
		"h - - [01/May/2024:12:45:00 +0200] \"GET /b HTTP/1.1\" 200 1\n"
		"h - - [01/May/2024:05:50:00 -0500] \"GET /c HTTP/1.1\" 200 1\n");

	(void)state;
	assert_int_equal(set->count, 2);
	assert_int_equal(set->sessions[1].count, 2);
	assert_true(set->sessions[1].requests[1].time - set->sessions[1].requests[0].time == 300);
	smart_replay_set_free(set);
}

static void bad_session_files_name_the_line_or_entry(void **state)
{
	(void)state;
	load_fails("a.log", "h - - [01/May/2024:10:10:00 +0000] \"GET / HTTP/1.1\" 200 1\nh - - [31/Foo/2024:10:10:00 +0000] \"GET / HTTP/1.1\" 200 1\n",
		   "a.log:2: not an access log line");
	load_fails("b.log", "h - - [01/May/2024:10:10:00 +0000] \"GET / HTTP/1.1\" abc 1\n", "b.log:1:");
	load_fails("e.log", "  \n", "e.log: no sessions");
	load_fails("c.har", "{\"log\": {\"entries\": {}}}", "c.har: log.entries must be an array");
	load_fails("d.har", "{\"log\": {\"entries\": [{\"request\": {\"method\": \"POST\", \"url\": \"/\", \"postData\": \"x\"}}]}}",
		   "d.har: log.entries[0]: request.postData must be an object");
	load_fails("e.har", "{\"log\": {\"entries\": [{\"request\": {\"method\": \"GET\", \"url\": \"/\", \"headers\": [{\"name\": 1}]}}]}}",
		   "e.har: log.entries[0]: request.headers need");
	load_fails("f.json", "{\"requests\": []}", "f.json: 'requests' must be a non-empty array");
	load_fails("g.json", "{\"requests\": [{\"url\": \"/\", \"form\": {\"a\": 1}}]}",
		   "g.json: requests[0]: form field 'a' must be a string");
	load_fails("h.json", "{\"other\": 1}", "h.json: a JSON object with neither");
}

static void har_keeps_the_site_and_builds_bodies_from_params(void **state)
{
	smart_replay_set *set = load("shop.har",
		"{\"log\": {\"entries\": ["
		"{\"request\": {\"method\": \"GET\", \"url\": \"https://shop.example/a#frag\", \"headers\": ["
		"  {\"name\": \"Cookie\", \"value\": \"sid=1\"}, {\"name\": \":authority\", \"value\": \"x\"},"
		"  {\"name\": \"Accept-Language\", \"value\": \"de\"}]}},"
		"{\"request\": {\"method\": \"GET\", \"url\": \"https://ads.example/t\"}},"
		"{\"request\": {\"method\": \"GET\", \"url\": \"wss://shop.example/live\"}},"
		"{\"request\": {\"method\": \"GET\", \"url\": \"data:image/png;base64,AAAA\"}},"
		"{\"request\": {\"method\": \"POST\", \"url\": \"https://shop.example/up\", \"headers\": [],"
		"  \"postData\": {\"mimeType\": \"multipart/form-data\", \"params\": [{\"name\": \"n\", \"value\": \"v\"}]}}},"
		"{\"request\": {\"method\": \"POST\", \"url\": \"https://shop.example/f?x=1\", \"headers\": [],"
		"  \"postData\": {\"mimeType\": \"application/x-www-form-urlencoded\","
		"   \"params\": [{\"name\": \"a b\", \"value\": \"c&d\"}]}}}]}}");
	const smart_replay_session *s = &set->sessions[0];

	(void)state;
	assert_int_equal(set->count, 1);
	assert_string_equal(s->name, "shop");
	assert_int_equal(s->count, 3);
	assert_int_equal(s->skipped, 3);
	assert_string_equal(s->requests[0].target, "/a");
	assert_int_equal(s->requests[0].header_count, 1);
	assert_string_equal(s->requests[0].headers[0].name, "Accept-Language");
	assert_non_null(strstr(s->requests[1].body, "name=\"n\"\r\n\r\nv\r\n"));
	assert_non_null(strstr(s->requests[1].headers[0].value, "multipart/form-data; boundary="));
	assert_string_equal(s->requests[2].body, "a%20b=c%26d");
	assert_string_equal(s->requests[2].target, "/f?x=1");
	smart_replay_set_free(set);
}

static void json_sessions_default_methods_and_unique_names(void **state)
{
	smart_replay_set *set = load("s.json",
		"{\"sessions\": [{\"name\": \"a/b\", \"requests\": [{\"url\": \"x\"}, {\"url\": \"/f\", \"form\": {\"k\": \"v w\"}}]},"
		"{\"name\": \"a/b\", \"requests\": [{\"method\": \"delete\", \"url\": \"http://h/z\", \"body\": \"\"}]}]}");

	(void)state;
	assert_int_equal(set->count, 2);
	assert_string_equal(set->sessions[0].name, "a_b");
	assert_string_equal(set->sessions[1].name, "a_b-2");
	assert_string_equal(set->sessions[0].requests[0].method, "GET");
	assert_string_equal(set->sessions[0].requests[0].target, "/x");
	assert_string_equal(set->sessions[0].requests[1].method, "POST");
	assert_string_equal(set->sessions[0].requests[1].body, "k=v%20w");
	assert_string_equal(set->sessions[1].requests[0].method, "DELETE");
	assert_string_equal(set->sessions[1].requests[0].target, "/z");
	assert_non_null(set->sessions[1].requests[0].body);
	smart_replay_set_free(set);
}

static void slugs_are_safe_short_file_names(void **state)
{
	char buf[80];

	(void)state;
	smart__rp_slug("/", buf, sizeof(buf));
	assert_string_equal(buf, "index");
	smart__rp_slug("/index.php?title=Main_Page&action=edit", buf, sizeof(buf));
	assert_string_equal(buf, "index.php-title-Main_Page-action-edit");
	smart__rp_slug("/../../etc/passwd", buf, sizeof(buf));
	assert_null(strchr(buf, '/'));
	smart__rp_slug("/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", buf,
		sizeof(buf));
	assert_int_equal(strlen(buf), 60);
}

static void only_loopback_or_listed_hosts_are_allowed(void **state)
{
	const char *allow[] = { "wiki.test" };

	(void)state;
	assert_true(smart_replay_host_allowed("127.0.0.1", NULL, 0));
	assert_true(smart_replay_host_allowed("127.9.8.7", NULL, 0));
	assert_true(smart_replay_host_allowed("[::1]", NULL, 0));
	assert_true(smart_replay_host_allowed("LocalHost", NULL, 0));
	assert_true(smart_replay_host_allowed("app.localhost", NULL, 0));
	assert_true(smart_replay_host_allowed("WIKI.test", allow, 1));
	assert_false(smart_replay_host_allowed("wiki.test", NULL, 0));
	assert_false(smart_replay_host_allowed("128.0.0.1", NULL, 0));
	assert_false(smart_replay_host_allowed("localhost.example.com", NULL, 0));
	assert_false(smart_replay_host_allowed("127.0.0.1.nip.io", NULL, 0));
	assert_false(smart_replay_host_allowed("", NULL, 0));
	assert_false(smart_replay_host_allowed("::2", NULL, 0));
}

static const char page[] =
	"<html><head><meta name=csrf-token content=META></head><body>"
	"<form action=\"/wp-admin/post.php\" method=post><input type=hidden name=_wpnonce value=POST1></form>"
	"<form action=\"comment.php?x=1\" method=post><input type=hidden name=_wpnonce value=COMMENT2>"
	"<input type=hidden name=sectok value=\"S&amp;T\"></form>"
	"<a href=\"/logout?action=logout&amp;_wpnonce=LINK3\">out</a></body></html>";

static void tokens_come_from_the_form_with_the_request_path(void **state)
{
	smart_error err = { { 0 } };
	smart_replay_tokens *t = smart_replay_tokens_new(&err);
	rp_token_store store = { 0 };

	(void)state;
	assert_int_equal(smart__rp_tokens_harvest(&store, t, page, strlen(page), "http://h/blog/index.php?p=1",
					   &err), 0);
	assert_string_equal(smart__rp_tokens_lookup(&store, "_wpnonce", "/wp-admin/post.php"), "POST1");
	assert_string_equal(smart__rp_tokens_lookup(&store, "_wpnonce", "/blog/comment.php"), "COMMENT2");
	assert_string_equal(smart__rp_tokens_lookup(&store, "_wpnonce", "/logout"), "LINK3");
	assert_string_equal(smart__rp_tokens_lookup(&store, "_wpnonce", "/elsewhere"), "POST1");
	assert_string_equal(smart__rp_tokens_lookup(&store, "csrf-token", "/x"), "META");
	assert_string_equal(smart__rp_tokens_lookup(&store, "sectok", "/x"), "S&T");
	assert_null(smart__rp_tokens_lookup(&store, "other", "/x"));
	/* A page without tokens keeps the earlier ones. */
	assert_int_equal(smart__rp_tokens_harvest(&store, t, "<p>x</p>", 8, "http://h/", &err), 0);
	assert_string_equal(smart__rp_tokens_lookup(&store, "sectok", "/x"), "S&T");
	smart__rp_token_store_clear(&store);
	smart_replay_tokens_free(t);
}

static void form_rewrite_changes_token_values_only(void **state)
{
	smart_error err = { { 0 } };
	smart_replay_tokens *t = smart_replay_tokens_new(&err);
	rp_token_store store = { 0 };
	smart_strbuf out = { 0 };
	size_t n = 0;
	static const char body[] = "a=1&sectok=old&b=%20x+y&noeq&_token=zz&csrf_x=";
	static const char mp[] =
		"--XYZ\r\nContent-Disposition: form-data; name=\"wpTextbox1\"\r\n\r\nsome text\r\n"
		"--XYZ\r\nContent-Disposition: form-data; name=\"sectok\"\r\n\r\nold\r\n"
		"--XYZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"sectok\"\r\n\r\nfile\r\n"
		"--XYZ--\r\n";

	(void)state;
	assert_int_equal(smart__rp_tokens_harvest(&store, t, page, strlen(page), "http://h/", &err), 0);
	assert_int_equal(smart__rp_form_rewrite_urlencoded(&store, t, "/x", body, strlen(body), &out, &n), 0);
	assert_string_equal(out.data, "a=1&sectok=S%26T&b=%20x+y&noeq&_token=zz&csrf_x=");
	assert_int_equal(n, 1);
	smart__strbuf_free(&out);
	n = 0;
	assert_int_equal(smart__rp_form_rewrite_multipart(&store, t, "/x", "XYZ", mp, strlen(mp), &out, &n), 0);
	assert_int_equal(n, 1);
	assert_non_null(strstr(out.data, "name=\"sectok\"\r\n\r\nS&T\r\n--XYZ"));
	assert_non_null(strstr(out.data, "\r\n\r\nsome text\r\n--XYZ"));
	assert_non_null(strstr(out.data, "filename=\"sectok\"\r\n\r\nfile\r\n--XYZ--\r\n"));
	smart__strbuf_free(&out);
	/* The same text with no matching token comes back byte for byte. */
	n = 0;
	assert_int_equal(smart__rp_form_rewrite_multipart(&store, t, "/x", "ABC", mp, strlen(mp), &out, &n), 0);
	assert_string_equal(out.data, mp);
	smart__strbuf_free(&out);
	smart__rp_token_store_clear(&store);
	smart_replay_tokens_free(t);
}

/* Two sets hold the same sessions: names, methods, targets, headers, bodies. */
static void assert_same_sessions(const smart_replay_set *a, const smart_replay_set *b)
{
	assert_int_equal(a->count, b->count);
	for (size_t s = 0; s < a->count; s++) {
		const smart_replay_session *x = &a->sessions[s], *y = &b->sessions[s];

		assert_string_equal(x->name, y->name);
		assert_int_equal(x->count, y->count);
		for (size_t r = 0; r < x->count; r++) {
			const smart_replay_request *p = &x->requests[r], *q = &y->requests[r];

			assert_string_equal(p->method, q->method);
			assert_string_equal(p->target, q->target);
			assert_int_equal(p->header_count, q->header_count);
			for (size_t h = 0; h < p->header_count; h++) {
				assert_string_equal(p->headers[h].name, q->headers[h].name);
				assert_string_equal(p->headers[h].value, q->headers[h].value);
			}
			assert_int_equal(!p->body, !q->body);
			if (p->body)
				assert_memory_equal(p->body, q->body, p->body_len + 1);
		}
	}
}

static void session_json_round_trips_what_any_reader_read(void **state)
{
	static const char *const inputs[][2] = {
		{ "s.har", "{\"log\": {\"entries\": ["
			   "{\"request\": {\"method\": \"GET\", \"url\": \"http://a/x?y=1\", \"headers\": [{\"name\": \"Accept\", \"value\": \"text/html\"}, {\"name\": \"X-A\", \"value\": \"1\"}, {\"name\": \"X-A\", \"value\": \"2\"}]}},"
			   "{\"request\": {\"method\": \"POST\", \"url\": \"http://a/f\", \"headers\": [],"
			   " \"postData\": {\"mimeType\": \"text/plain\", \"text\": \"\\\"q\\\"\\n\\u00e9\"}}}]}}" },
		{ "l.log", "1.2.3.4 - - [01/May/2024:10:00:00 +0000] \"GET /a%20b?c=%22 HTTP/1.1\" 200 1\n"
			   "::1 - - [01/May/2024:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1\n" },
		{ "j.json", "{\"sessions\": [{\"name\": \"n\", \"requests\": [{\"url\": \"/\", \"form\": {\"a\": \"\"}},"
			    "{\"method\": \"PUT\", \"url\": \"/p\", \"body\": \"\"}]}]}" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		smart_error err = { { 0 } };
		smart_replay_set *a = load(inputs[i][0], inputs[i][1]), *b;
		char *text;

		assert_int_equal(smart_replay_set_to_json(a, &text, &err), 0);
		b = load("dump.json", text);
		assert_same_sessions(a, b);
		free(text);
		smart_replay_set_free(a);
		smart_replay_set_free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(access_log_sessions_partition_requests_by_client_and_silence),
		cmocka_unit_test(access_log_skips_non_get_static_and_unreplayable_lines),
		cmocka_unit_test(access_log_time_zones_are_honoured),
		cmocka_unit_test(bad_session_files_name_the_line_or_entry),
		cmocka_unit_test(har_keeps_the_site_and_builds_bodies_from_params),
		cmocka_unit_test(json_sessions_default_methods_and_unique_names),
		cmocka_unit_test(slugs_are_safe_short_file_names),
		cmocka_unit_test(only_loopback_or_listed_hosts_are_allowed),
		cmocka_unit_test(tokens_come_from_the_form_with_the_request_path),
		cmocka_unit_test(form_rewrite_changes_token_values_only),
		cmocka_unit_test(session_json_round_trips_what_any_reader_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
