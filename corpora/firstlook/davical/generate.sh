#!/usr/bin/env bash
# davical (first look: a server-side web application nobody tuned smart
# for): DAViCal 1.1.12 from Debian bookworm (packages davical 1.1.12-2 and
# libawl-php 0.64-1, PHP), a CalDAV/CardDAV server whose web
# administration pages are served on loopback by nginx + php-fpm 8.2, on a
# private PostgreSQL 15 cluster (postgresql-15) that each run makes in its
# own folder with its own socket, holding the davical database made by
# DAViCal's own dba/create-database.sh, with a private configuration file
# per run (never /etc/davical).  sessions.json fails to log in, logs in as
# the administrator, goes through the principals (users, resources,
# groups), the tools, external calendars, iSchedule and help pages,
# creates and edits principals, group members, grants, collections, an
# access ticket and a binding with the forms' csrf_token, logs in as the
# new user (refused the setup page and the administrator's record),
# deletes what was made through the confirmation links, meets error pages
# and logs out, replayed by `smart replay`.
# Clean reruns differ by the clock, the time zone, the port, the host
# name, the database password and a fresh install (the administrator's
# password salt, session ids, CSRF tokens, ticket ids, confirmation
# hashes).  Mutants: DAViCal's own PHP (htdocs/, inc/, inc/ui/)
# and AWL's (the editor, browser, menu and session classes that render
# every page), served from smart mutate's scratch copy.
#
# The corpus goes to corpora/firstlook/davical.jsonl.gz, outside the
# training glob corpora/*.jsonl*: the default model must not see it before
# its first look (issue 35).
#
#   corpora/firstlook/davical/generate.sh            the corpus
#   corpora/firstlook/davical/generate.sh --smoke    a quick check (under a minute)
APP=davical
source "$(dirname "$0")/../../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT_DIR=$CORPORA_DIR/firstlook
MUTANTS=${DAVICAL_MUTANTS_SECONDS:-1200}
PKGS=(davical libawl-php postgresql-15 postgresql-client-15 nginx-light php-fpm php-pgsql php-xml
      php-curl faketime curl python3-html5lib)
MUTATE_FILES="davical/htdocs/index.php,davical/htdocs/admin.php,davical/htdocs/help.php,davical/htdocs/tools.php,davical/htdocs/iSchedule.php,davical/inc/interactive-page.php,davical/inc/page-header.php,davical/inc/page-footer.php,davical/inc/DAViCalSession.php,davical/inc/csrf_tokens.php,davical/inc/Principal.php,davical/inc/auth-functions.php,davical/inc/ui/principal-edit.php,davical/inc/ui/principal-browse.php,davical/inc/ui/collection-edit.php,davical/inc/ui/external-browse.php,awl/inc/classEditor.php,awl/inc/classBrowser.php,awl/inc/MenuSet.php,awl/inc/Session.php,awl/inc/AWLUtilities.php,awl/inc/Translation.php"

# prepare DEST -- a standalone copy of Debian's DAViCal in the layout of
# its source tree beside AWL's (davical/: /usr/share/davical's htdocs,
# inc, dba, scripts; awl/: /usr/share/awl's inc and dba, which
# always.php and dba/create-database.sh find as ../../awl), with
# always.php reading the run's configuration file from
# SMART_DAVICAL_CONFIG (Debian's reads /etc/davical/config.php), an empty
# initdb'd PostgreSQL cluster (db-template/), the sessions and the runner
# with its helpers; then one mutant-mode run installs the database the
# mutant runs copy (db-installed/).  smart-build.sh only lints the files
# smart mutate seeds that changed (PHP needs no build).  The installed
# trees are only read.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/davical" "$dest/awl"
    local d
    for d in htdocs inc dba scripts; do cp -aL "/usr/share/davical/$d" "$dest/davical/"; done
    for d in inc dba; do cp -aL "/usr/share/awl/$d" "$dest/awl/"; done
    # the run's own configuration file before the system's
    sed -i "s|^if ( @file_exists('/etc/davical/'.\$_SERVER\['SERVER_NAME'\].'-conf.php') ) {|if ( getenv('SMART_DAVICAL_CONFIG') ) {\n  include(getenv('SMART_DAVICAL_CONFIG'));\n}\nelse &|" \
        "$dest/davical/htdocs/always.php"
    grep -q "include(getenv('SMART_DAVICAL_CONFIG'));" "$dest/davical/htdocs/always.php"
    source "$CORPORA_DIR/lib/postgres.sh"
    pg_init "$dest/db-template"
    # the application's database user needs its password (the run's own,
    # run.sh); the administrators' users connect on the socket as initdb
    # left them (trust)
    printf '%s\n' 'local all postgres trust' 'local all davical_dba trust' \
        'local all all scram-sha-256' > "$dest/db-template/pg_hba.conf"
    cp "$HERE/sessions.json" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/scrub.py" "$dest/smart-scrub.py"
    cp "$CORPORA_DIR/lib/placeholders.py" "$dest/placeholders.py"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    cp "$CORPORA_DIR/lib/postgres.sh" "$dest/smart-postgres.sh"
    cp "$CORPORA_DIR/lib/php-web.sh" "$dest/smart-php-web.sh"
    # lints the seeded files changed since the last build that passed (a
    # mutant changes one file)
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do" \
        "  [ -f .smart-linted ] && [ ! \"\$f\" -nt .smart-linted ] && continue" \
        "  php -l \"\$f\" >/dev/null 2>&1 || exit 1" "done" "touch .smart-linted" > "$dest/smart-build.sh"
    log "installing the mutant runs' database"
    (cd "$dest" && SMART_DAV_SNAPSHOT=1 sh smart-run.sh)
    touch "$dest/.done"
}

apt_install --no-recommends "${PKGS[@]}"
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-davical-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    # a login and two pages: a clean run (a fresh install) and a
    # mutant-mode run (on its own port, beside a generation's mutants)
    smoke_sessions "$T/app/sessions.json" browse 3
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && SMART_DAV_MUTANT_PORT=18669 sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 3 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "You are logged on as admin" "$T/run-1/browse/01_POST_index.php.html" || { log "smoke: not logged in"; exit 1; }
    grep -q "SMARTPHCSRF1X" "$T/run-m/browse/02_GET_admin.php-action-edit-t-principal-id-1.html" || { log "smoke: mutant run not scrubbed"; exit 1; }
    log "smoke: $n pages per run, logged in"
    exit 0
fi
if [ "${1:-}" = --hold ]; then   # development: a prepared tree served until the file $2 goes
    T=$CACHE/work/firstlook-$APP-dev
    prepare "$T/app"
    (cd "$T/app" && SMART_RUN_SEED=${3:-1} SMART_DAV_KEEP=1 SMART_DAV_HOLD=$2 sh smart-run.sh)
    exit 0
fi

need_smart mutate
W=$CACHE/work/firstlook-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, fresh installs)"
run_suite "$W/app" "$W/clean" 4
# the raw clean runs, for volatility profiles (smart profile)
keep_runs "$W/clean" "$HERE/runs"

log "mutants (${MUTANTS}s)"
mutants_timed "$W/app" "$MUTATE_FILES" "$MUTANTS" "$W/mutant-$SEED.jsonl"
# the placeholders of the mutant pages become random-looking values of the
# same shape (scrub.py --fill: deterministic)
"$PY" "$HERE/scrub.py" --fill "$SEED" "$W/mutant-$SEED.jsonl" "$W/mutant-$SEED-filled.jsonl"

# Caps: at most 50 pairs per rerun and 150 mutant pairs (6 per mutant, so
# that more mutants show), no side over 160 000 bytes.
# Each mutant pair's old side is clean run 1's page, so an inspect pair
# carries the fault and the run-to-run volatility together.
apt_install python3-html5lib
V="davical 1.1.12 rerun, fresh install"
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
    -o "$OUT_DIR/$APP.jsonl.gz" --unlabelled "$HERE/unlabelled.jsonl.gz" \
    --format html --max-bytes 160000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "$V: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18662, password salt, session ids, CSRF tokens and ticket ids" 50 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "$V: clock 2025-01-02 03:04:05, TZ America/New_York, host dav.localhost:18663, password salt, session ids, CSRF tokens and ticket ids" 50 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "$V: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host calendar.localhost:18664, password salt, session ids, CSRF tokens and ticket ids" 50 \
    --pairs mutant "$W/mutant-$SEED-filled.jsonl" 6 150 \
    | tee "$HERE/counts.txt"
