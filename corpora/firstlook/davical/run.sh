# The test suite of the davical first-look corpus (copied into the
# prepared tree as smart-run.sh; smart-build.sh only lints the PHP files
# smart mutate seeds).  One run:
#
#  1. starts a private PostgreSQL (smart-postgres.sh: a copy of the tree's
#     initdb'd cluster in its own folder under /tmp, its own socket folder,
#     no TCP, run as the `postgres` user) and makes DAViCal's database in
#     it with DAViCal's own dba/create-database.sh (AWL's and DAViCal's
#     schema, the patches' permissions, base-data.sql: the administrator
#     `admin`), then sets the administrator's password as DAViCal's forms
#     store one (AWL's salted SHA-1, a random salt);
#  2. writes the run's private configuration file (config.php: the
#     database's socket and the run's password of its application user,
#     the system name, the administrator's e-mail),
#     which the tree's always.php reads from SMART_DAVICAL_CONFIG instead
#     of /etc/davical;
#  3. serves davical/htdocs with php-fpm and nginx on loopback
#     (smart-php-web.sh);
#  4. replays sessions.json with `smart replay` into out/ (one HTML file
#     per request), then stops nginx, php-fpm and PostgreSQL and removes
#     the state.
#
# Clean run K (SMART_RUN_SEED=K, set by run_suite) takes clock, time zone
# (PHP's and PostgreSQL's), port and host name K, a random database
# password and a fresh install (a new cluster and database, a new
# password salt, new session ids and CSRF tokens).  Without it (smart mutate's runs) PHP's clock starts at a
# fixed date and steps 1 us per read, PostgreSQL's is frozen, one PHP
# worker serves every request in order, the port, host and zone are fixed,
# the database is a copy of one installed once by generate.sh
# (SMART_DAV_SNAPSHOT=1), and the random values still left (the CSRF
# tokens and the like) are written as placeholders by smart-scrub.py, so
# that two clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18661 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18662 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18663 HOST=dav.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18664 HOST=calendar.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_DAV_MUTANT_PORT:-18660} HOST=127.0.0.1 ;;
esac
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
if [ "$MUTANT_RUN" = 1 ]; then
    PHPCLOCK="@$CLOCK i0.000001" PGCLOCK="$CLOCK"
else
    PHPCLOCK="@$CLOCK" PGCLOCK="@$CLOCK"
fi
export TZ=$ZONE
SMART=${SMART:-smart}
. "$APPDIR/smart-fake-clock.sh"
. "$APPDIR/smart-postgres.sh"
. "$APPDIR/smart-php-web.sh"
ADMINPW=Dav1cal-Adm1n

# The state (sockets, configuration, logs, PHP sessions) lives in the
# tree, so that a run smart mutate kills at its timeout (no trap runs)
# leaves it in the scratch copy mutate removes; the cluster lives under
# /tmp (PostgreSQL's user cannot enter the cache), named in the state, and
# a killed earlier run's is stopped and removed here.
pg_sweep "$APPDIR/.smart-state.*"
rm -rf "$APPDIR"/.smart-state*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"   # nginx workers reach the PHP socket through it
stop() {
    pids=
    for f in nginx.pid fpm.pid; do
        [ -f "$state/$f" ] && pids="$pids $(cat "$state/$f")"
    done
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    for p in $pids; do
        i=0; while kill -0 "$p" 2>/dev/null && [ $i -lt 300 ]; do i=$((i + 1)); sleep 0.1; done
    done
    pg_stop "$state"
    for j in $jobs; do kill "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_DAV_KEEP:-}" ] || rm -rf "$state" || true   # SMART_DAV_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# 1. the database: a fresh install per clean run; mutant runs copy the one
# generate.sh installed, so that every mutant run starts from the same data
if [ "$MUTANT_RUN" = 1 ] && [ -d "$APPDIR/db-installed" ] && [ -z "${SMART_DAV_SNAPSHOT:-}" ]; then
    pg_start "$state" "$APPDIR/db-installed" "$PGCLOCK" "$ZONE"
else
    pg_start "$state" "$APPDIR/db-template" "$PGCLOCK" "$ZONE"
    # DAViCal's own script, as its installation guide runs it (the
    # password it prints is replaced just below)
    PGHOST=$(cat "$state/pgdir")/sock PGUSER=postgres sh "$APPDIR/davical/dba/create-database.sh" davical "installer-only" \
        > "$state/create-database.log" 2>&1 ||
        { cat "$state/create-database.log" >&2; exit 1; }
    grep -q "has been set to 'installer-only'" "$state/create-database.log" ||
        { cat "$state/create-database.log" >&2; exit 1; }
    # the administrator's password as DAViCal's forms store it (salted
    # SHA-1; the salt is random per install)
    hash=$(php -r 'require $argv[1]; echo session_salted_sha1($argv[2]);' \
        "$APPDIR/awl/inc/AWLUtilities.php" "$ADMINPW")
    "$PG_BIN/psql" -h "$(cat "$state/pgdir")/sock" -U postgres -qXAt davical \
        -c "UPDATE usr SET password = '$hash' WHERE user_no = 1" >/dev/null
fi
# the application's database password: random per clean run
DBPW=$([ "$MUTANT_RUN" = 1 ] && echo smart-davical-db-pw || head -c 15 /dev/urandom | base64 | tr -d '\n/+=')
"$PG_BIN/psql" -h "$(cat "$state/pgdir")/sock" -U postgres -qXAt davical \
    -c "ALTER ROLE davical_app PASSWORD '$DBPW'" >/dev/null
if [ -n "${SMART_DAV_SNAPSHOT:-}" ]; then   # generate.sh, once: the mutant runs' database
    dir=$(cat "$state/pgdir")
    pg_as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    rm -rf "$APPDIR/db-installed"; cp -a "$dir/data" "$APPDIR/db-installed"
    rm -f "$APPDIR/db-installed/postmaster.pid"
    exit 0
fi

# 2. the configuration (private per run; PHP's error log is the state's)
cat > "$state/config.php" <<PHP
<?php
\$c->pg_connect[] = "dbname=davical user=davical_app password=$DBPW host=$(cat "$state/pgdir")/sock";
\$c->system_name = "DAViCal CalDAV Server";
\$c->admin_email = 'calendar-admin@example.net';
\$c->restrict_setup_to_admin = true;
\$c->default_locale = 'en';
PHP
export SMART_DAVICAL_CONFIG=$state/config.php

# 3. php-fpm and nginx; mutant runs: one worker (no URL is opened from
# PHP: the setup page would ask www.davical.org for its latest version)
extra="php_admin_value[memory_limit] = 256M
php_admin_value[max_execution_time] = 300
php_admin_value[allow_url_fopen] = Off"
php_web_start "$state" "$APPDIR/davical/htdocs" "$PORT" "$ZONE" "$PHPCLOCK" \
    "$([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)" "$extra"
if [ -n "${SMART_DAV_HOLD:-}" ]; then   # development: serve until the file goes
    touch "$SMART_DAV_HOLD"; echo "serving on http://$HOST:$PORT/" >&2
    while [ -f "$SMART_DAV_HOLD" ]; do sleep 1; done
fi

if [ "$MUTANT_RUN" = 0 ]; then   # a clean run must serve the login page
    curl -s "http://127.0.0.1:$PORT/index.php" > "$state/login.html" || true
    grep -q 'name="password"' "$state/login.html" ||
        { echo "DAViCal is not served on $PORT" >&2; cat "$state/login.html" "$state/nginx-error.log" "$state/php.log" >&2 || true; exit 1; }
fi
# 4. the sessions: DAViCal's csrf_token matches replay's *csrf*; a new
# access ticket's id (random, in the form that creates it and the links
# that delete it) and the confirmation hash of a deletion link are sent
# back like tokens
rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 \
    --token-pattern ticket_id --token-pattern confirm >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "$MUTANT_RUN" = 1 ]; then
    python3 "$APPDIR/smart-scrub.py" out
fi
[ -n "$(find out -type f | head -n 1)" ]
