/* A site that moved between runs (scrub/rebase.c), seen through the
 * scrubbing pipeline: many links rewritten by one root prefix, the page's
 * canonical address, and a feed's links and tag URIs are no edit; a
 * single changed link, a link changed beside a moved root, a tag URI of
 * another host, and a page that lost a link stay edits. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#include "smart/profile.h"
#include "smart/train.h"

/* Whether the scrubbed pair differs in nothing; *rebased gets how many
 * values were discounted as paths. */
static int only_volatile(const char *old_doc, const char *new_doc, unsigned *rebased)
{
	smart_features_result r = measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, 0);

	if (rebased)
		*rebased = r.discounted[SMART_SHAPE_PATH];
	return r.only_volatile;
}

/* Whether the scrubbed XML pair differs in nothing. */
static int xml_only_volatile(const char *old_doc, const char *new_doc)
{
	return measure_scrubbed(old_doc, new_doc, SMART_FORMAT_XML, 0).only_volatile;
}

/* A page with three site-rooted links under `root` ("" or "/latest"),
 * and `extra` in its body. */
static void page(char *out, size_t size, const char *root, const char *extra)
{
	snprintf(out, size,
		 "<html><head><link href=\"%s/css/base.css\" rel=\"stylesheet\">"
		 "<script src=\"%s/js/app.js\"></script></head><body>"
		 "<a href=\"%s/guide/\">Guide</a>%s</body></html>",
		 root, root, root, extra);
}

static void links_moved_under_a_new_root_are_no_edit(void **state)
{
	char a[1024], b[1024];
	unsigned rebased = 0;

	(void)state;
	page(a, sizeof(a), "", "");
	page(b, sizeof(b), "/latest", "");
	assert_true(only_volatile(a, b, &rebased));
	assert_int_equal(rebased, 3);
}

static void a_changed_link_beside_a_moved_root_is_still_an_edit(void **state)
{
	char a[1024], b[1024];

	(void)state;
	page(a, sizeof(a), "", "<a href=\"/api/\">API</a>");
	page(b, sizeof(b), "/latest", "<a href=\"/latest/apis/\">API</a>");
	assert_false(only_volatile(a, b, NULL));
}

static void one_changed_link_is_not_a_moved_site(void **state)
{
	(void)state;
	assert_false(only_volatile("<p><a href=\"/guide/\">Guide</a></p>",
				   "<p><a href=\"/v2/guide/\">Guide</a></p>", NULL));
}

static void links_moved_on_a_local_server_are_no_edit(void **state)
{
	char a[1024], b[1024];

	(void)state;
	page(a, sizeof(a), "http://127.0.0.1:8001", "");
	page(b, sizeof(b), "http://127.0.0.1:8001/latest", "");
	assert_true(only_volatile(a, b, NULL));
}

static void another_sites_rewritten_links_are_edits(void **state)
{
	char a[1024], b[1024];

	(void)state;
	page(a, sizeof(a), "https://eslint.org/docs", "");
	page(b, sizeof(b), "https://eslint.org/docs/latest", "");
	assert_false(only_volatile(a, b, NULL));
}

static void a_renamed_section_is_not_a_moved_root(void **state)
{
	char a[1024], b[1024];

	(void)state;
	page(a, sizeof(a), "/blog", "");
	page(b, sizeof(b), "/posts", "");
	assert_false(only_volatile(a, b, NULL));
}

static void a_moved_root_with_a_lost_link_is_left_alone(void **state)
{
	char a[1024], b[1024];

	(void)state;
	page(a, sizeof(a), "", "<a href=\"/api/\">API</a>");
	page(b, sizeof(b), "/latest", "");
	assert_false(only_volatile(a, b, NULL));
}

static void a_new_host_comes_with_the_moved_root(void **state)
{
	char a[1024], b[1024];

	(void)state;
	page(a, sizeof(a), "", "<a href=\"http://127.0.0.1:8001/guide/\">here</a>"
			       "<a href=\"http://127.0.0.1:8001/faq/\">faq</a>");
	page(b, sizeof(b), "/latest", "<a href=\"https://docs.example.org/latest/guide/\">here</a>"
				      "<a href=\"https://docs.example.org/latest/faq/\">faq</a>");
	assert_true(only_volatile(a, b, NULL));
}

/* WordPress with a broken link template: both pagination links lose the
 * category's path while the server's port changed, but the category's
 * feed link keeps it, so the category did not move: an edit. */
static void a_path_rule_that_a_kept_link_refutes_is_an_edit(void **state)
{
	(void)state;
	assert_false(only_volatile(
		"<html><head><link rel=\"alternate\" href=\"http://127.0.0.1:18241/category/notes/feed/\">"
		"</head><body><a href=\"http://127.0.0.1:18241/category/notes/page/2/\">Page 2</a>"
		"<a href=\"http://127.0.0.1:18241/category/notes/page/2/\">Older</a></body></html>",
		"<html><head><link rel=\"alternate\" href=\"http://127.0.0.1:18240/category/notes/feed/\">"
		"</head><body><a href=\"/page/2/\">Page 2</a>"
		"<a href=\"/page/2/\">Older</a></body></html>", NULL));
}

/* The year archive's pagination loses "/2024" while the posts' permalinks
 * keep it. Scrubbed, a permalink's "/2024/02/" is a date, so only the
 * links as printed show that the archive did not move: an edit. */
static void a_path_rule_that_a_kept_permalink_refutes_is_an_edit(void **state)
{
	(void)state;
	assert_false(only_volatile(
		"<html><body><a href=\"http://127.0.0.1:18241/2024/02/autolinks/\">Autolinks</a>"
		"<a href=\"http://127.0.0.1:18241/2024/\">Previous</a>"
		"<a href=\"http://127.0.0.1:18241/2024/\">Page 1</a></body></html>",
		"<html><body><a href=\"http://127.0.0.1:18240/2024/02/autolinks/\">Autolinks</a>"
		"<a href=\"/\">Previous</a><a href=\"/\">Page 1</a></body></html>", NULL));
}

/* The same pages with the feed link moved too: the whole category is
 * served from the root now, a move. */
static void a_path_rule_every_link_follows_is_a_move(void **state)
{
	(void)state;
	assert_true(only_volatile(
		"<html><head><link rel=\"alternate\" href=\"http://127.0.0.1:18241/category/notes/feed/\">"
		"</head><body><a href=\"http://127.0.0.1:18241/category/notes/page/2/\">Page 2</a>"
		"<a href=\"http://127.0.0.1:18241/category/notes/page/3/\">Older</a></body></html>",
		"<html><head><link rel=\"alternate\" href=\"http://127.0.0.1:18240/feed/\">"
		"</head><body><a href=\"http://127.0.0.1:18240/page/2/\">Page 2</a>"
		"<a href=\"http://127.0.0.1:18240/page/3/\">Older</a></body></html>", NULL));
}

static void the_canonical_address_alone_may_move(void **state)
{
	(void)state;
	assert_true(only_volatile(
		"<html><head><link rel=\"canonical\" href=\"http://127.0.0.1:8001/axios/\"></head>"
		"<body><p>x</p></body></html>",
		"<html><head><link rel=\"canonical\" href=\"https://docs.example.org/latest/axios/\">"
		"</head><body><p>x</p></body></html>",
		NULL));
	/* another page, not another root */
	assert_false(only_volatile(
		"<html><head><link rel=\"canonical\" href=\"http://example.org/axios/\"></head></html>",
		"<html><head><link rel=\"canonical\" href=\"http://example.org/chalk/\"></head></html>",
		NULL));
}

static void sitemap_locations_move_together(void **state)
{
	(void)state;
	assert_true(xml_only_volatile("<urlset><url><loc>http://127.0.0.1:8001/a/</loc></url>"
				      "<url><loc>http://127.0.0.1:8001/b/</loc></url></urlset>",
				      "<urlset><url><loc>https://docs.example.org/latest/a/</loc></url>"
				      "<url><loc>https://docs.example.org/latest/b/</loc></url></urlset>"));
}

/* An RSS feed of a site served at `site` whose one item is `path`, with
 * its tag URI minted under `tag_host`. */
static void feed(char *out, size_t size, const char *site, const char *path, const char *tag_host)
{
	snprintf(out, size,
		 "<rss><channel><link>%s/</link><item><title>T</title><link>%s%s</link>"
		 "<guid isPermaLink=\"false\">tag:%s,2023-05-10:%s</guid></item></channel></rss>",
		 site, site, path, tag_host, path);
}

/* Pelican's feeds built for another site URL: the links of the channel and
 * the item move together, and so does the item's tag URI, whose host
 * moved as the links' host did (one tag URI is one link, but the same
 * host change). */
static void a_feed_moves_its_links_and_tag_uris(void **state)
{
	char a[1024], b[1024];

	(void)state;
	feed(a, sizeof(a), "http://127.0.0.1:8001", "/tz/tz-1.html", "127.0.0.1");
	feed(b, sizeof(b), "https://blog.example.org", "/tz/tz-1.html", "blog.example.org");
	assert_true(xml_only_volatile(a, b));
}

/* A tag URI whose host moved to another host than the links', or whose
 * path changed, is an edit. */
static void a_tag_uri_that_does_not_follow_the_links_is_an_edit(void **state)
{
	char a[1024], b[1024];

	(void)state;
	feed(a, sizeof(a), "http://127.0.0.1:8001", "/tz/tz-1.html", "127.0.0.1");
	feed(b, sizeof(b), "https://blog.example.org", "/tz/tz-1.html", "feeds.example.net");
	assert_false(xml_only_volatile(a, b));
	feed(b, sizeof(b), "https://blog.example.org", "/tz/tz-1.html", "blog.example.org");
	b[strlen(b) - strlen("tz-1.html</guid></item></channel></rss>")] = 'X';
	assert_false(xml_only_volatile(a, b));
	/* the same host but a lone link changed: nothing moved */
	feed(b, sizeof(b), "http://127.0.0.1:8001", "/tz/tz-2.html", "127.0.0.1");
	assert_false(xml_only_volatile(a, b));
}

static void raw_pipeline_keeps_the_moved_links(void **state)
{
	char a[1024], b[1024];
	smart_features_result r;

	(void)state;
	page(a, sizeof(a), "", "");
	page(b, sizeof(b), "/latest", "");
	r = measure_scrubbed(a, b, SMART_FORMAT_HTML, 1);
	assert_false(r.only_volatile);
	assert_int_equal(r.discounted_total, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(links_moved_under_a_new_root_are_no_edit),
		cmocka_unit_test(a_changed_link_beside_a_moved_root_is_still_an_edit),
		cmocka_unit_test(one_changed_link_is_not_a_moved_site),
		cmocka_unit_test(links_moved_on_a_local_server_are_no_edit),
		cmocka_unit_test(another_sites_rewritten_links_are_edits),
		cmocka_unit_test(a_renamed_section_is_not_a_moved_root),
		cmocka_unit_test(a_moved_root_with_a_lost_link_is_left_alone),
		cmocka_unit_test(a_new_host_comes_with_the_moved_root),
		cmocka_unit_test(a_path_rule_that_a_kept_link_refutes_is_an_edit),
		cmocka_unit_test(a_path_rule_that_a_kept_permalink_refutes_is_an_edit),
		cmocka_unit_test(a_path_rule_every_link_follows_is_a_move),
		cmocka_unit_test(the_canonical_address_alone_may_move),
		cmocka_unit_test(sitemap_locations_move_together),
		cmocka_unit_test(a_feed_moves_its_links_and_tag_uris),
		cmocka_unit_test(a_tag_uri_that_does_not_follow_the_links_is_an_edit),
		cmocka_unit_test(raw_pipeline_keeps_the_moved_links),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
