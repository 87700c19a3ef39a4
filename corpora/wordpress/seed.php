<?php
// Installs WordPress into the empty database of a run and seeds its content
// (run from the served tree's root with PHP's CLI, under the run's clock):
//   php seed.php SITE_URL TIMEZONE
// wp_install() (what wp-admin/install.php's form calls), then fixed options
// (pretty permalinks, the classic theme twentytwentyone, the site's time
// zone) and content at fixed dates: 30 posts in four categories with tags,
// excerpts, a "more" tag and varied markup, threaded comments, three pages
// (one a child), a draft.  Everything but the installer's own "Hello world!"
// post, sample page and comment (dated "now") is independent of the clock.
if ( $argc < 3 ) {
	fwrite( STDERR, "usage: php seed.php SITE_URL TIMEZONE\n" );
	exit( 2 );
}
$site = rtrim( $argv[1], '/' );
$zone = $argv[2];
$u    = parse_url( $site );
$_SERVER['HTTP_HOST']   = $u['host'] . ( isset( $u['port'] ) ? ':' . $u['port'] : '' );
$_SERVER['REQUEST_URI'] = '/wp-admin/install.php';
$_SERVER['SERVER_NAME'] = $u['host'];
$_SERVER['SERVER_PORT'] = isset( $u['port'] ) ? $u['port'] : 80;
define( 'WP_INSTALLING', true );
require __DIR__ . '/www/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';

wp_install( 'Smart Test Blog', 'admin', 'admin@example.com', true, '', 'smart-replay-2024' );
update_option( 'siteurl', $site );
update_option( 'home', $site );
update_option( 'timezone_string', $zone );
update_option( 'blogdescription', 'Notes on markdown, parsers and releases' );
update_option( 'permalink_structure', '/%year%/%monthnum%/%postname%/' );
update_option( 'posts_per_page', 8 );
update_option( 'posts_per_rss', 10 );
update_option( 'comments_per_page', 50 );
update_option( 'thread_comments', 1 );
update_option( 'date_format', 'F j, Y' );
update_option( 'time_format', 'g:i a' );
update_option( 'comment_moderation', 0 );
update_option( 'comment_previously_approved', 0 );
update_option( 'comment_registration', 0 );
switch_theme( 'twentytwentyone' );
wp_set_current_user( 1 );
wp_update_user( array( 'ID' => 1, 'display_name' => 'Ada Admin', 'first_name' => 'Ada',
	'last_name' => 'Admin', 'description' => 'Runs this test blog.' ) );
$bob = wp_insert_user( array( 'user_login' => 'bob', 'user_pass' => 'bob-pass-2024',
	'user_email' => 'bob@example.com', 'display_name' => 'Bob Writer', 'role' => 'author',
	'user_registered' => '2023-08-01 09:00:00' ) );

$cats = array();
foreach ( array( 'News', 'Releases', 'Notes', 'How-to' ) as $name ) {
	$t            = wp_insert_term( $name, 'category', array( 'description' => "Posts filed under $name." ) );
	$cats[ $name ] = $t['term_id'];
}
$child            = wp_insert_term( 'Parsers', 'category', array( 'parent' => $cats['Notes'] ) );
$cats['Parsers'] = $child['term_id'];

$topics = array( 'Markdown', 'Tables', 'Links', 'Emphasis', 'Lists', 'Code spans', 'Headings',
	'Block quotes', 'Line breaks', 'Entities', 'HTML blocks', 'Autolinks', 'Images', 'Footnotes',
	'Smart quotes' );
$bodies = array(
	"The \"%s\" chapter got a rewrite. It's shorter now -- and, we hope, clearer...\n\nRead the <a href=\"https://example.org/spec\">specification</a> for the details; the old text is kept for reference.\n\n<!--more-->\n\nA few notes:\n<ul>\n<li>nested lists keep their indentation</li>\n<li>a <code>tab</code> counts as four spaces</li>\n<li>blank lines end a paragraph</li>\n</ul>\n\nThat's all for %s.",
	"<!-- wp:paragraph -->\n<p>Release notes for %s: 12 fixes, 3 features, and one 'breaking' change.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:heading -->\n<h2>What changed</h2>\n<!-- /wp:heading -->\n\n<!-- wp:list -->\n<ul><li>Faster parsing of long documents (2x)</li><li>Fewer allocations</li></ul>\n<!-- /wp:list -->\n\n<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><p>Upgrade when you can.</p><cite>%s maintainers</cite></blockquote>\n<!-- /wp:quote -->",
	"How do you write %s? Start with a plain paragraph.\nA single newline becomes a line break.\n\n<pre>  indented code\n    stays as it is</pre>\n\nThen try the edge cases: 1/2, (c), 10x10, \"nested 'quotes'\" and an ellipsis...\n\n<blockquote>Quoted text about %s.</blockquote>",
	"Short note on %s &amp; friends: <em>emphasis</em>, <strong>strong</strong>, <del>struck</del>.\n\n<table><tr><th>Case</th><th>Result</th></tr><tr><td>a*b*c</td><td>a<em>b</em>c</td></tr><tr><td>__x__</td><td><strong>x</strong></td></tr></table>\n\nSee also %s in the archive.",
);
$posts = array();
for ( $i = 0; $i < 30; $i++ ) {
	$topic = $topics[ $i % count( $topics ) ] . ( $i >= count( $topics ) ? ' revisited' : '' );
	$month = 9 + intdiv( $i * 6, 30 );              // 2023-09 .. 2024-02
	$year  = $month > 12 ? 2024 : 2023;
	$month = $month > 12 ? $month - 12 : $month;
	$day   = 1 + ( $i * 7 ) % 27;
	$date  = sprintf( '%04d-%02d-%02d %02d:%02d:00', $year, $month, $day, 8 + $i % 10, ( $i * 13 ) % 60 );
	$cat   = array_keys( $cats )[ $i % 5 ];
	$id    = wp_insert_post( array(
		'post_title'    => ( 0 === $i % 4 ? 'Notes on ' : '' ) . $topic . ( 0 === $i % 7 ? ": a \"first\" look" : '' ),
		'post_content'  => sprintf( $bodies[ $i % 4 ], $topic, strtolower( $topic ) ),
		'post_excerpt'  => 0 === $i % 6 ? "A hand-written excerpt about $topic." : '',
		'post_status'   => 'publish',
		'post_author'   => 0 === $i % 3 ? $bob : 1,
		'post_date'     => $date,
		'post_category' => array( $cats[ $cat ] ),
		'tags_input'    => array( 'tag-' . ( $i % 5 ), 0 === $i % 2 ? 'even' : 'odd' ),
		'comment_status'=> 'open',
	), true );
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, $id->get_error_message() . "\n" );
		exit( 1 );
	}
	$posts[] = array( $id, $date );
}
stick_post( $posts[3][0] );
// Comments: a thread on every third post, at fixed dates after the post.
$people = array( array( 'Carol', 'carol@example.com', 'https://carol.example.net' ),
	array( 'Dan', 'dan@example.com', '' ), array( 'Eve', 'eve@example.com', 'https://eve.example.org' ) );
foreach ( $posts as $k => $p ) {
	if ( 0 !== $k % 3 ) {
		continue;
	}
	$parent = 0;
	for ( $c = 0; $c < 1 + $k % 4; $c++ ) {
		$who  = $people[ ( $k + $c ) % 3 ];
		$when = gmdate( 'Y-m-d H:i:s', strtotime( $p[1] . ' UTC' ) + 3600 * ( $c + 1 ) );
		$cid  = wp_insert_comment( array(
			'comment_post_ID'      => $p[0],
			'comment_author'       => $who[0],
			'comment_author_email' => $who[1],
			'comment_author_url'   => $who[2],
			'comment_content'      => 0 === $c ? "Thanks -- this helped. Does it cover \"lazy\" continuation lines?"
				: "Reply $c: yes, it's in section " . ( $k + $c ) . '.',
			'comment_date'         => $when,
			'comment_date_gmt'     => get_gmt_from_date( $when ),
			'comment_approved'     => 1,
			'comment_parent'       => 1 === $c % 2 ? $parent : 0,
			'comment_author_IP'    => '127.0.0.1',
			'comment_agent'        => 'seed',
		) );
		$parent = $cid;
	}
}
wp_insert_comment( array( 'comment_post_ID' => $posts[0][0], 'comment_author' => 'Spammy',
	'comment_author_email' => 'spam@example.com', 'comment_content' => 'Held for moderation.',
	'comment_date' => '2024-02-20 12:00:00', 'comment_date_gmt' => get_gmt_from_date( '2024-02-20 12:00:00' ),
	'comment_approved' => 0 ) );
$about = wp_insert_post( array( 'post_type' => 'page', 'post_title' => 'About', 'post_name' => 'about',
	'post_status' => 'publish', 'post_date' => '2023-08-15 10:00:00', 'menu_order' => 1,
	'post_content' => "This blog tests a regression tool.\n\nIt is written by Ada and Bob." ) );
wp_insert_post( array( 'post_type' => 'page', 'post_title' => 'Team', 'post_name' => 'team',
	'post_parent' => $about, 'post_status' => 'publish', 'post_date' => '2023-08-16 10:00:00',
	'post_content' => "<h2>Ada</h2>\nAdmin.\n\n<h2>Bob</h2>\nAuthor." ) );
wp_insert_post( array( 'post_type' => 'page', 'post_title' => 'Contact', 'post_name' => 'contact',
	'post_status' => 'publish', 'post_date' => '2023-08-17 10:00:00', 'menu_order' => 2,
	'post_content' => 'Write to admin@example.com.' ) );
wp_insert_post( array( 'post_title' => 'Unfinished thoughts', 'post_status' => 'draft',
	'post_content' => 'Draft text.', 'post_date' => '2024-02-25 09:00:00', 'post_author' => 1 ) );
flush_rewrite_rules( false );
echo "seeded " . count( $posts ) . " posts\n";
