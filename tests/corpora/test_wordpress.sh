# The wordpress corpus (corpora/wordpress/): see tests/corpora/lib.sh; and
# the session set is what the README promises, read by smart replay itself:
# three sessions, anonymous browsing with feeds and 404s, a comment form,
# a login through wp-login.php and a quick draft through its nonce form.
. "$(dirname "$0")/lib.sh"
check_generated_corpus wordpress 150 150
bash -n "$ROOT/corpora/wordpress/run.sh" 2>/dev/null && echo "ok - wordpress_runner_parses" ||
	echo "not ok - wordpress_runner_parses"
if command -v php >/dev/null 2>&1; then
	if php -l "$ROOT/corpora/wordpress/seed.php" >/dev/null 2>&1; then echo "ok - wordpress_seed_parses"
	else echo "not ok - wordpress_seed_parses"; fi
else
	echo "ok - wordpress_seed_parses # SKIP no php"
fi
expect_status wordpress_sessions_are_read_by_smart_replay 0 "$SMART" replay --list --json "$ROOT/corpora/wordpress/sessions.json"
flat=$(tr -d ' \t\n' <"$TMP/out")
for want in '"method":"POST","url":"/wp-login.php"' '"method":"POST","url":"/wp-comments-post.php"' \
	'action=post-quickdraft-save&post_ID=' '"url":"/feed/atom/"' '"url":"/no-such-page/"' '"url":"/page/2/"'; do
	name=$(printf '%s' "$want" | tr -c 'A-Za-z0-9' '_' | tr -s '_')
	case $flat in
	*"$want"*) echo "ok - wordpress_sessions_have$name" ;;
	*) echo "not ok - wordpress_sessions_have$name" ;;
	esac
done
finish
