#!/usr/bin/env bash
# phpmyadmin (first look: a server-side web application nobody tuned smart
# for): phpMyAdmin 5.2.1 from Debian bookworm (package phpmyadmin
# 4:5.2.1+dfsg-1+deb12u1, PHP), served on loopback by nginx + php-fpm 8.2,
# administering a real MariaDB (mariadb-server 10.11) that each run starts
# on a private data folder and socket and stops when done.  Each run loads
# phpMyAdmin's configuration storage (the pmadb) and seed.sql (users, a
# bookshop database with foreign keys, a view and a procedure, a scratch
# database), then sessions.json logs in (wrong passwords, a read-only user,
# the admin), browses databases, tables, rows, structure, relations,
# server status and privileges, runs SQL (results, syntax and server
# errors), searches a table, inserts, edits a row, creates and alters a
# table, and logs out, replayed by `smart replay`.
# Clean reruns differ by the clock, the time zone, the port, the host name,
# the blowfish_secret, a fresh MariaDB and state folder, and the random
# session ids, tokens and query signatures.  Mutants: phpMyAdmin's own PHP
# classes that shape the pages, served from smart mutate's scratch copy.
#
# The corpus goes to corpora/phpmyadmin.jsonl.gz, in the training glob
# corpora/*.jsonl*: built for its first look (issue 35, taken at 559ded6
# from corpora/firstlook/), it joined the shipped corpora once read
# (docs/first-look.md).
#
#   corpora/phpmyadmin/generate.sh            the corpus
#   corpora/phpmyadmin/generate.sh --smoke    a quick check (a minute)
APP=phpmyadmin
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT_DIR=$CORPORA_DIR
MUTANTS=${PHPMYADMIN_MUTANTS_SECONDS:-2400}
PKGS=(phpmyadmin mariadb-server mariadb-client nginx-light php-fpm php-mysql php-xml php-mbstring
      faketime curl python3-html5lib)
C=www/libraries/classes
MUTATE_FILES="$C/Display/Results.php,$C/Html/Generator.php,$C/Util.php,$C/Message.php,$C/Header.php,$C/Footer.php,$C/Menu.php,$C/Navigation/NavigationTree.php,$C/Controllers/Database/StructureController.php,$C/Controllers/Table/StructureController.php,$C/Controllers/Server/DatabasesController.php,$C/Plugins/Auth/AuthenticationCookie.php,$C/Sql.php,$C/InsertEdit.php,$C/Controllers/Table/SearchController.php,$C/Server/Status/Data.php,$C/Database/Routines.php,$C/ListDatabase.php,$C/Controllers/Server/Status/StatusController.php,$C/Controllers/Table/ReplaceController.php,$C/Controllers/Import/ImportController.php,$C/Controllers/Table/ChangeController.php,$C/Controllers/HomeController.php,$C/Controllers/Table/RelationController.php,$C/Controllers/Table/OperationsController.php,$C/Controllers/Database/OperationsController.php,$C/Url.php,$C/Sanitize.php,$C/Html/MySQLDocumentation.php,$C/Navigation/Nodes/Node.php"

# Debian's package asks debconf whether to set up its database through
# dbconfig-common and which web server to configure: neither (each run
# makes its own database and server), and no recommends (Apache).
install_packages() {
    local p missing=
    for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -n "$missing" ] || return 0
    printf '%s\n' 'phpmyadmin phpmyadmin/dbconfig-install boolean false' \
        'phpmyadmin phpmyadmin/reconfigure-webserver multiselect' | debconf-set-selections
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q \
        --no-install-recommends $missing >&2 ||
        { apt-get -o DPkg::Lock::Timeout=1200 update -q >&2 &&
          DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q \
              --no-install-recommends $missing >&2; }
}

# prepare DEST -- a standalone copy of Debian's phpMyAdmin tree (symlinks
# resolved; its vendor_config.php pointed at a config.inc.php inside the
# tree, which each run writes), an initialised MariaDB data folder
# (db-template/), seed.sql, sessions.json, the runner and its scrubber;
# smart-build.sh only lints the files smart mutate seeds (PHP needs no
# build).  The installed tree is only read.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL /usr/share/phpmyadmin "$dest/www"
    sed -i "s|'configFile' => '/etc/phpmyadmin/config.inc.php'|'configFile' => ROOT_PATH . 'config.inc.php'|" \
        "$dest/www/libraries/vendor_config.php"
    grep -q "ROOT_PATH . 'config.inc.php'" "$dest/www/libraries/vendor_config.php"
    mariadb-install-db --no-defaults --datadir="$dest/db-template" --auth-root-authentication-method=socket \
        --skip-test-db --user=root --innodb-log-file-size=4M --innodb-buffer-pool-size=16M >/dev/null 2>&1
    cp "$HERE/seed.sql" "$HERE/sessions.json" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/scrub.py" "$dest/smart-scrub.py"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do php -l \"\$f\" >/dev/null 2>&1 || exit 1; done" \
        > "$dest/smart-build.sh"
    touch "$dest/.done"
}

install_packages
export SMART
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-phpmyadmin-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    # the login page, a failed and a good login, one table: two environments
    smoke_sessions "$T/app/sessions.json" browse 5
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 5 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q 'bookshop' "$T/run-1/browse/05_"*.html || { log "smoke: not logged in"; exit 1; }
    "$SMART" features "$T/run-1/browse/01_GET_index.php.html" "$T/run-2/browse/01_GET_index.php.html" \
        >/dev/null || [ $? -eq 1 ]
    log "smoke: $n pages per run, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/firstlook-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, secrets, fresh databases)"
run_suite "$W/app" "$W/clean" 4
# the raw clean runs, for volatility profiles (smart profile)
keep_runs "$W/clean" "$OUT_DIR/$APP/runs"

log "mutants (${MUTANTS}s)"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    # one job: the mutant runs serve on one fixed port
    nice -n 10 "$SMART" mutate --src "$W/app" --files "$MUTATE_FILES" \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j 1 --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi
# pages "killed" by the passing of real time, not by the mutation, go
# (stable.py says which and why)
"$PY" "$HERE/stable.py" "$W/mutant-$SEED.jsonl" "$W/mutant-$SEED-stable.jsonl"
# the placeholders of the mutant pages become random-looking values of the
# same shape (scrub.py --fill: deterministic)
"$PY" "$HERE/scrub.py" --fill "$SEED" "$W/mutant-$SEED-stable.jsonl" "$W/mutant-$SEED-filled.jsonl"

# Caps keep the corpus near 5 MB (phpMyAdmin's pages are 70-200 kB, the
# navigation panel and its settings form alone 40 kB; a pair costs about
# 25 kB compressed): at most 35 pairs per rerun and 110 mutant pairs (3 per
# mutant, so that more mutants show), no side over 160 000 bytes.
mkdir -p "$OUT_DIR/$APP"
apt_install python3-html5lib
V="phpmyadmin 5.2.1 rerun"
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
    -o "$OUT_DIR/$APP.jsonl.gz" --unlabelled "$OUT_DIR/$APP/unlabelled.jsonl.gz" \
    --format html --max-bytes 160000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "$V: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18302, fresh MariaDB, blowfish_secret, sessions and tokens" 35 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "$V: clock 2025-01-02 03:04:05, TZ America/New_York, host pma.localhost:18303, fresh MariaDB, blowfish_secret, sessions and tokens" 35 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "$V: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host db-admin.localhost:18304, fresh MariaDB, blowfish_secret, sessions and tokens" 35 \
    --pairs mutant "$W/mutant-$SEED-filled.jsonl" 3 110 \
    | tee "$OUT_DIR/$APP/counts.txt"
