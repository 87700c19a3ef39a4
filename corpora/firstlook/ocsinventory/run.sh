# The test suite of the ocsinventory first-look corpus (copied into the
# prepared tree as smart-run.sh; smart-build.sh only lints the PHP files
# smart mutate seeds).  One run:
#
#  1. starts a private MariaDB (smart-mariadb.sh: a copy of the tree's
#     empty data folder, its own socket, no TCP) and serves the tree's
#     www/ with php-fpm and nginx on loopback (smart-php-web.sh), PHP's
#     mysqli on that socket;
#  2. installs OCS Inventory's database with the package's own installer,
#     as an administrator does it in the browser: install.php's form
#     (MariaDB's root on the socket; it runs files/ocsbase_new.sql, makes
#     the database user `ocs` and writes the configuration file
#     dbconfig.inc.php, here in the run's state), then the "Perform the
#     update" button of index.php (files/update/7040.sql ... 7069.sql);
#     then gives `ocs` the run's own password, seeds five inventoried
#     computers (seed.sql: rows in the package's schema, as the
#     communication server stores an agent's inventory) and runs the
#     package's crontab/cron_all_software.php (the software list's links);
#  3. replays sessions.json with `smart replay` into out/ (one HTML file
#     per request), then stops nginx, php-fpm and MariaDB and removes the
#     state.
#
# Clean run K (SMART_RUN_SEED=K, set by run_suite) takes clock, time zone
# (PHP's; MariaDB's follows TZ), port and host name K, a random database
# password and a fresh install (new session ids and CSRF tokens).  Without
# it (smart mutate's runs) PHP's clock starts at a fixed date and steps 1 us
# per read, one PHP worker serves every request in order, the port, host
# and zone are fixed, the database is a copy of one installed once by
# generate.sh (SMART_OCS_SNAPSHOT=1), and the random values still left (the
# CSRF tokens) are written as placeholders by smart-scrub.py, so that two
# clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18771 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18772 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18773 HOST=ocs.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18774 HOST=inventory.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_OCS_MUTANT_PORT:-18770} HOST=127.0.0.1 ;;
esac
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
if [ "$MUTANT_RUN" = 1 ]; then PHPCLOCK="@$CLOCK i0.000001"; else PHPCLOCK="@$CLOCK"; fi
export TZ=$ZONE
SMART=${SMART:-smart}
. "$APPDIR/smart-fake-clock.sh"
. "$APPDIR/smart-mariadb.sh"
. "$APPDIR/smart-php-web.sh"
. "$APPDIR/smart-served-run.sh"

# The state (database, sockets, configuration, logs, PHP sessions) lives
# in the tree, so that a run smart mutate kills at its timeout leaves it in
# the scratch copy mutate removes.
rm -rf "$APPDIR"/.smart-state*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"   # nginx workers reach the PHP socket through it
mkdir -p "$state/varlib" "$state/varlog" "$state/plugins"
export SMART_OCS_STATE=$state   # var.php: the configuration file, var and log folders
stop() { served_stop "$state" "${SMART_OCS_KEEP:-}"; }   # SMART_OCS_KEEP=1: keep the logs
jobs=
trap stop EXIT
trap 'exit 143' INT TERM
sql() { mariadb --no-defaults -S "$state/db.sock" -u root "$@"; }

# 1. the database and the web server (mutant runs: one PHP worker)
if [ "$MUTANT_RUN" = 1 ] && [ -d "$APPDIR/db-installed" ] && [ -z "${SMART_OCS_SNAPSHOT:-}" ]; then
    cp -a "$APPDIR/db-installed" "$state/db"
    INSTALLED=1
else
    cp -a "$APPDIR/db-template" "$state/db"
    INSTALLED=0
fi
mariadb_start "$state" "$state/db" "@$CLOCK"
extra="php_admin_value[mysqli.default_socket] = $state/db.sock
php_admin_value[memory_limit] = 256M
php_admin_value[max_execution_time] = 300
php_admin_value[allow_url_fopen] = Off"
php_web_start "$state" "$APPDIR/www" "$PORT" "$ZONE" "$PHPCLOCK" \
    "$([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)" "$extra"

DBPW=$([ "$MUTANT_RUN" = 1 ] && echo smart-ocs-db-pw || head -c 15 /dev/urandom | base64 | tr -d '\n/+=')
conf() {   # the configuration file install.php writes, with the run's password
    cat > "$state/dbconfig.inc.php" <<PHP
<?php
define("DB_NAME", "ocsweb");
define("SERVER_READ","localhost");
define("SERVER_WRITE","localhost");
define("SERVER_PORT","3306");
define("COMPTE_BASE","ocs");
define("PSWD_BASE","$DBPW");
define("ENABLE_SSL","0");
define("SSL_MODE","MYSQLI_CLIENT_SSL");
define("SSL_KEY","");
define("SSL_CERT","");
define("CA_CERT","");
?>
PHP
}
if [ "$INSTALLED" = 0 ]; then
    # 2. the package's installer, as in the browser (its form's CSRF field
    # from the page)
    u="http://127.0.0.1:$PORT"
    jar=$state/install.jar
    tok=$(curl -s -c "$jar" -b "$jar" "$u/install.php" | grep -o "name='CSRF_[0-9]*' id='CSRF_[0-9]*' value='[0-9a-f]*'" | head -n 1 |
        sed "s/name='\(CSRF_[0-9]*\)'.*value='\([0-9a-f]*\)'/\1=\2/")
    [ -n "$tok" ] || { echo "install.php has no form" >&2; cat "$state/php.log" >&2; exit 1; }
    curl -s -c "$jar" -b "$jar" --max-time 300 -d "$tok&name=root&pass=&database=ocsweb&host=localhost&port=3306&enablessl=0&sslmode=MYSQLI_CLIENT_SSL&sslkey=&sslcert=&cacert=&Valid_INSTALL=Send" \
        "$u/install.php" > "$state/install.html"
    grep -q "Installation finished" "$state/install.html" || { echo "install.php failed" >&2; cat "$state/install.html" "$state/php.log" >&2; exit 1; }
    curl -s -c "$jar" -b "$jar" --max-time 300 -d "update=Perform+the+update" "$u/index.php" > "$state/update.html"
    grep -q "Update done" "$state/update.html" || { echo "the database update failed" >&2; cat "$state/update.html" >&2; exit 1; }
    sql ocsweb < "$APPDIR/seed.sql"
    sql -e "ALTER USER 'ocs'@'localhost' IDENTIFIED BY '$DBPW'; ALTER USER 'ocs'@'%' IDENTIFIED BY '$DBPW'"
    conf
    (cd "$APPDIR/www/crontab" && fake_clock "@$CLOCK" php -d "mysqli.default_socket=$state/db.sock" \
        -d error_reporting=0 cron_all_software.php > "$state/cron.log" 2>&1)
else
    sql -e "ALTER USER 'ocs'@'localhost' IDENTIFIED BY '$DBPW'; ALTER USER 'ocs'@'%' IDENTIFIED BY '$DBPW'"
    conf
fi
if [ -n "${SMART_OCS_SNAPSHOT:-}" ]; then   # generate.sh, once: the mutant runs' database
    for f in nginx.pid fpm.pid; do kill "$(cat "$state/$f")" 2>/dev/null || true; done
    sql -e 'SHUTDOWN'
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    rm -rf "$APPDIR/db-installed"; cp -a "$state/db" "$APPDIR/db-installed"
    exit 0
fi
served_hold "${SMART_OCS_HOLD:-}" "http://$HOST:$PORT/"   # development

if [ "$MUTANT_RUN" = 0 ]; then   # a clean run must serve the login page
    curl -s "http://127.0.0.1:$PORT/index.php" > "$state/login.html" || true
    grep -q 'name="PASSWD"' "$state/login.html" ||
        { echo "OCS Inventory is not served on $PORT" >&2; cat "$state/login.html" "$state/nginx-error.log" "$state/php.log" >&2 || true; exit 1; }
fi
# 3. the sessions: OCS's CSRF_<n> fields match replay's *csrf*
served_replay "$APPDIR" "http://$HOST:$PORT" "$MUTANT_RUN" --timeout 120
