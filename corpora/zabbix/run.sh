# The test suite of the zabbix first-look corpus (copied into the prepared
# tree as smart-run.sh; smart-build.sh only lints the PHP files smart
# mutate seeds).  One run:
#
#  1. starts a private MariaDB (smart-mariadb.sh: a copy of the tree's
#     initialised data folder, its own socket, no network) and installs
#     Zabbix's database in it: Debian's schema.sql, images.sql and data.sql
#     (zabbix-server-mysql 6.0.14), a `zabbix` database user with the run's
#     password;
#  2. writes the frontend's conf/zabbix.conf.php (that database over the
#     socket, the run's password; the Zabbix server, which does not run,
#     at 127.0.0.1:10051);
#  3. serves www/ (the frontend) with php-fpm and nginx on loopback
#     (smart-php-web.sh);
#  4. replays sessions.json with `smart replay` into out/ (one HTML file
#     per request), then stops nginx, php-fpm and MariaDB and removes the
#     state.
#
# Clean run K (SMART_RUN_SEED=K, set by run_suite) takes clock, time zone
# (PHP's and MariaDB's), port and host name K, a random database password
# and a fresh install (a new database loaded from Debian's scripts, so the
# frontend's session key and every session id are new).  Without it (smart
# mutate's runs) PHP's clock starts at a fixed date and steps 1 us per
# read, one PHP worker serves every request in order, the port, host, zone
# and password are fixed, the database is a copy of one installed once by
# generate.sh (SMART_ZBX_SNAPSHOT=1), and the random values still left
# (the session's sid and the like) are written as placeholders by
# smart-scrub.py, so that two clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18601 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18602 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18603 HOST=zabbix.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18604 HOST=monitor.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_ZBX_MUTANT_PORT:-18600} HOST=127.0.0.1 ;;
esac
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
if [ "$MUTANT_RUN" = 1 ]; then PHPCLOCK="@$CLOCK i0.000001"; else PHPCLOCK="@$CLOCK"; fi
export TZ=$ZONE
# the frontend's language's locale, compiled into the tree by generate.sh
export LOCPATH=$APPDIR/locale
SMART=${SMART:-smart}
. "$APPDIR/smart-fake-clock.sh"
. "$APPDIR/smart-mariadb.sh"
. "$APPDIR/smart-php-web.sh"

# The state (database, sockets, configs, logs, PHP sessions) lives in the
# tree, so that a run smart mutate kills at its timeout (no trap runs)
# leaves it in the scratch copy mutate removes; a killed earlier run's is
# removed here.
rm -rf "$APPDIR"/.smart-state*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"   # nginx workers reach the PHP socket through it
stop() {
    pids=
    for f in nginx.pid fpm.pid db.pid; do
        [ -f "$state/$f" ] && pids="$pids $(cat "$state/$f")"
    done
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    # the servers run below the subshells in $jobs: MariaDB still writes
    # its data folder after its subshell is gone, so each is waited for
    for p in $pids; do
        i=0; while kill -0 "$p" 2>/dev/null && [ $i -lt 300 ]; do i=$((i + 1)); sleep 0.1; done
    done
    for j in $jobs; do kill "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_ZBX_KEEP:-}" ] || rm -rf "$state" || true   # SMART_ZBX_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# 1. the database: a fresh install per clean run; mutant runs copy the one
# generate.sh installed (loading Debian's 35 MB of SQL takes a minute)
if [ "$MUTANT_RUN" = 1 ] && [ -d "$APPDIR/db-installed" ] && [ -z "${SMART_ZBX_SNAPSHOT:-}" ]; then
    cp -a "$APPDIR/db-installed" "$state/db"
    mariadb_start "$state" "$state/db" "@$CLOCK"
else
    cp -a "$APPDIR/db-template" "$state/db"
    mariadb_start "$state" "$state/db" "@$CLOCK"
    {
        echo 'CREATE DATABASE zabbix CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;'
        echo "CREATE USER 'zabbix'@'localhost' IDENTIFIED BY 'installer-only';"
        echo "GRANT ALL ON zabbix.* TO 'zabbix'@'localhost';"
    } | mariadb --no-defaults -S "$state/db.sock" -u root
    zcat "$APPDIR/sql/schema.sql.gz" "$APPDIR/sql/images.sql.gz" "$APPDIR/sql/data.sql.gz" |
        mariadb --no-defaults -S "$state/db.sock" -u root zabbix
fi
if [ -n "${SMART_ZBX_SNAPSHOT:-}" ]; then   # generate.sh, once: the mutant runs' database
    mariadb --no-defaults -S "$state/db.sock" -u root -e 'SHUTDOWN'
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    rm -rf "$APPDIR/db-installed"; cp -a "$state/db" "$APPDIR/db-installed"
    exit 0
fi
DBPW=$([ "$MUTANT_RUN" = 1 ] && echo smart-zabbix-db-pw || head -c 15 /dev/urandom | base64 | tr -d '\n/+=')
mariadb --no-defaults -S "$state/db.sock" -u root \
    -e "ALTER USER 'zabbix'@'localhost' IDENTIFIED BY '$DBPW'"

# 2. the frontend's configuration (the tree's own conf/, written per run)
cat > "$APPDIR/www/conf/zabbix.conf.php" <<PHP
<?php
\$DB['TYPE']			= 'MYSQL';
\$DB['SERVER']			= 'localhost';
\$DB['PORT']			= '0';
\$DB['DATABASE']		= 'zabbix';
\$DB['USER']			= 'zabbix';
\$DB['PASSWORD']		= '$DBPW';
\$DB['SCHEMA']			= '';
\$DB['ENCRYPTION']		= false;
\$DB['KEY_FILE']		= '';
\$DB['CERT_FILE']		= '';
\$DB['CA_FILE']			= '';
\$DB['VERIFY_HOST']		= false;
\$DB['CIPHER_LIST']		= '';
\$DB['VAULT_URL']		= '';
\$DB['VAULT_DB_PATH']	= '';
\$DB['VAULT_TOKEN']		= '';
\$DB['DOUBLE_IEEE754']	= true;
\$ZBX_SERVER			= '127.0.0.1';
\$ZBX_SERVER_PORT		= '10051';
\$ZBX_SERVER_NAME		= 'Smart Lab';
\$IMAGE_FORMAT_DEFAULT	= IMAGE_FORMAT_PNG;
PHP

# 3. php-fpm (the database's socket as mysqli's default: the frontend
# connects to "localhost") and nginx; mutant runs: one worker
extra="php_admin_value[mysqli.default_socket] = $state/db.sock
php_admin_value[memory_limit] = 256M
php_admin_value[post_max_size] = 16M
php_admin_value[max_execution_time] = 300"
php_web_start "$state" "$APPDIR/www" "$PORT" "$ZONE" "$PHPCLOCK" "$([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)" "$extra"
if [ "$MUTANT_RUN" = 0 ]; then   # a clean run must serve the login page
    curl -s "http://127.0.0.1:$PORT/index.php" > "$state/login.html" || true
    grep -q 'name="password"' "$state/login.html" ||
        { echo "Zabbix is not served on $PORT" >&2; cat "$state/login.html" "$state/nginx-error.log" "$state/php.log" >&2 || true; exit 1; }
fi
if [ -n "${SMART_ZBX_HOLD:-}" ]; then   # development: serve until the file goes
    touch "$SMART_ZBX_HOLD"; echo "serving on http://$HOST:$PORT/" >&2
    while [ -f "$SMART_ZBX_HOLD" ]; do sleep 1; done
fi

# 4. the sessions; `sid` (the session's anti-CSRF value in every form and
# action link) is sent back like a token, and so are `sign` and `data`, the
# signed message of the page through which the frontend redirects after a
# form (a form its script posts at once; the sessions post it)
rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 \
    --token-pattern sid --token-pattern sign --token-pattern data >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "$MUTANT_RUN" = 1 ]; then
    python3 "$APPDIR/smart-scrub.py" out
fi
[ -n "$(find out -type f | head -n 1)" ]
