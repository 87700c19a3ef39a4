#!/usr/bin/env bash
# wordpress (a server-side web application): WordPress 6.1 from Debian
# bookworm (package wordpress 6.1.9+dfsg1-0+deb12u1, PHP, with the classic
# theme of wordpress-theme-twentytwentyone), served on loopback by nginx +
# php-fpm 8.2 with a real MariaDB (mariadb-server 10.11) that each run
# starts on a private data folder and socket and stops when done.  Each run
# installs WordPress (wp_install, what wp-admin/install.php calls) and seeds
# the same content at fixed dates (seed.php), then sessions.json browses it
# anonymously (front page, paginated archives, categories, tags, dates,
# authors, single posts with threaded comments, pages, search, RSS and Atom
# feeds, 404s), posts a comment, and logs in (wp-login.php) to the admin
# (dashboard, post, page, comment and category lists, settings, a quick
# draft through its nonce-protected form, logout), replayed by
# `smart replay`.
# Clean reruns differ by the clock, the time zone, the port, the host name,
# the salts and keys of wp-config.php and the random session tokens (so
# nonces).  Mutants: WordPress's own wp-includes PHP that shapes the pages,
# served from smart mutate's scratch copy.
#
#   corpora/wordpress/generate.sh            the corpus
#   corpora/wordpress/generate.sh --smoke    CI's quick path (a few minutes)
APP=wordpress
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${WORDPRESS_MUTANTS_SECONDS:-2700}
PKGS=(wordpress wordpress-theme-twentytwentyone mariadb-server nginx-light php-fpm php-mysql
      php-xml php-mbstring faketime curl)
MUTATE_FILES='www/wp-includes/formatting.php,www/wp-includes/general-template.php,www/wp-includes/post-template.php,www/wp-includes/link-template.php,www/wp-includes/comment-template.php,www/wp-includes/class-wp-query.php,www/wp-includes/category-template.php,www/wp-includes/feed.php,www/wp-includes/feed-rss2.php,www/wp-includes/feed-atom.php,www/wp-includes/nav-menu-template.php,www/wp-includes/class-walker-comment.php,www/wp-includes/author-template.php,www/wp-includes/post.php,www/wp-includes/comment.php,www/wp-includes/kses.php,www/wp-includes/shortcodes.php,www/wp-includes/blocks.php,www/wp-includes/functions.php,www/wp-includes/query.php'

# prepare DEST -- a standalone copy of Debian's WordPress tree (symlinks
# resolved, the twentytwentyone theme inside, a mu-plugin that keeps mail
# from being sent), an initialised MariaDB data folder (db-template/),
# seed.php, sessions.json and the runner; smart-build.sh lints the files
# smart mutate seeds (PHP needs no build).
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL /usr/share/wordpress "$dest/www"
    rm -f "$dest/www/.htaccess" "$dest/www/wp-config.php"
    [ -f "$dest/www/wp-content/themes/twentytwentyone/style.css" ] ||
        cp -aL /usr/share/wordpress/wp-content/themes/twentytwentyone "$dest/www/wp-content/themes/"
    mkdir -p "$dest/www/wp-content/mu-plugins" "$dest/www/wp-content/uploads"
    cat > "$dest/www/wp-content/mu-plugins/smart-no-mail.php" <<'PHP'
<?php
// smart corpus: no mail leaves the machine (there is no MTA either).
function wp_mail( $to, $subject, $message, $headers = '', $attachments = array() ) {
	return true;
}
PHP
    cat > "$dest/www/wp-content/mu-plugins/smart-seed.php" <<'PHP'
<?php
// smart corpus, mutant runs only (SMART_WP_SEED set by smart-run.sh): the
// same mt_rand sequence in every request, so antispambot()'s random
// character references in e-mail addresses repeat.
if ( getenv( 'SMART_WP_SEED' ) ) {
	mt_srand( (int) getenv( 'SMART_WP_SEED' ) );
}
PHP
    mariadb-install-db --no-defaults --datadir="$dest/db-template" --auth-root-authentication-method=socket \
        --skip-test-db --user=root --innodb-log-file-size=4M --innodb-buffer-pool-size=16M >/dev/null 2>&1
    cp "$HERE/seed.php" "$HERE/sessions.json" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do php -l \"\$f\" >/dev/null 2>&1 || exit 1; done" \
        > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
export SMART
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-wordpress-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    python3 - "$T/app/sessions.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["sessions"] = [{"name": "browse", "requests": s["sessions"][0]["requests"][:5]}]
json.dump(s, open(sys.argv[1], "w"))
PY
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 5 ] || { log "smoke: only $n pages"; exit 1; }
    "$SMART" features "$T/run-1/browse/01_GET_index.html" "$T/run-2/browse/01_GET_index.html" \
        >/dev/null || [ $? -eq 1 ]
    log "smoke: $n pages per run, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, salts)"
run_suite "$W/app" "$W/clean" 4
keep_runs "$W/clean"

log "mutants (${MUTANTS}s)"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    # one job: the mutant runs serve on one fixed port
    nice -n 10 "$SMART" mutate --src "$W/app" --files "$MUTATE_FILES" \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j 1 --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi

# The mutant runs wrote every nonce as TOKEN (to repeat); a page of the
# trusted version never shows that word, and a rerun pair's nonces are two
# random values.  So that "TOKEN" does not mark the inspect pairs, each
# TOKEN of a mutant page becomes a nonce-like value (10 hex digits from a
# hash of the seed, the page and the occurrence: deterministic).
"$PY" - "$W/mutant-$SEED.jsonl" "$W/mutant-$SEED-nonces.jsonl" "$SEED" <<'PY'
import hashlib, json, re, sys
src, dst, seed = sys.argv[1:]
with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
    for line in f:
        r = json.loads(line)
        n = iter(range(1 << 30))
        r["new"] = re.sub(r"\bTOKEN\b", lambda m: hashlib.sha256(
            ("%s|%s|%s|%d" % (seed, r["test"], r["note"], next(n))).encode()).hexdigest()[:10], r["new"])
        out.write(json.dumps(r, ensure_ascii=False) + "\n")
PY
# A mutant page rendered by a PHP process that escaped the frozen clock
# differs from its baseline by the real clock alone: not a fault, so it goes
# (frozen_clock.py says why).
"$PY" "$CORPORA_DIR/wordpress/frozen_clock.py" "$W/mutant-$SEED-nonces.jsonl" "$W/mutant-$SEED-frozen.jsonl"
# Caps keep the corpus near 5 MB (WordPress pages are 30-190 kB): at most
# 60 pairs per rerun and 220 mutant pairs (8 per mutant), and no side over
# 100 000 bytes (the comment list, the full post list and its search).
assemble --format html --max-bytes 100000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "wordpress 6.1.9 rerun: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18242, fresh salts and random values" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "wordpress 6.1.9 rerun: clock 2025-01-02 03:04:05, TZ America/New_York, host blog.localhost:18243, fresh salts and random values" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "wordpress 6.1.9 rerun: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host wp.localhost:18244, fresh salts and random values" 60 \
    --pairs mutant "$W/mutant-$SEED-frozen.jsonl" 8 220
