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
check_sessions_have wordpress '"method":"POST","url":"/wp-login.php"' '"method":"POST","url":"/wp-comments-post.php"' \
	'action=post-quickdraft-save&post_ID=' '"url":"/feed/atom/"' '"url":"/no-such-page/"' '"url":"/page/2/"'
# No inspect pair is a page that escaped the mutant runs' frozen clock (it
# would differ from its baseline by the real clock alone), and the filter
# tells such a page from one under the frozen clock.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$ROOT/corpora/wordpress" "$ROOT/corpora/wordpress.jsonl.gz" <<'PY'
import gzip, json, sys
sys.path.insert(0, sys.argv[1])
import frozen_clock as fc
left = [r["test"] for r in map(json.loads, gzip.open(sys.argv[2], "rt", encoding="utf-8"))
        if not fc.keep(r)]
print(("ok" if not left else "not ok") + " - wordpress_no_mutant_page_shows_the_real_clock" +
      ("" if not left else " (%d, e.g. %s)" % (len(left), left[0])))
frozen = {"origin": "mutant", "new": '<time datetime="2024-03-10T12:00:00+00:00">1710072000</time> 2023'}
leaked = {"origin": "mutant", "new": '<p>Posted November 25, 2026</p>'}
epoch = {"origin": "mutant", "new": 'var userSettings = {"time":"1795596622"};'}
rerun = {"origin": "rerun", "new": '<p>Posted November 25, 2026</p>'}
ok = fc.keep(frozen) and not fc.keep(leaked) and not fc.keep(epoch) and fc.keep(rerun)
print(("ok" if ok else "not ok") + " - wordpress_frozen_clock_filter_drops_only_mutant_pages_past_2025")
PY
else
	echo "ok - wordpress_no_mutant_page_shows_the_real_clock # SKIP no python3"
fi
finish
