# The test suite of the first-look cacti corpus (copied into the prepared
# tree as smart-run.sh; smart-build.sh only lints the PHP files smart mutate
# seeds).  One run:
#
#  1. starts a private MariaDB (a copy of an empty initialised data folder,
#     its own socket, no TCP) under the run's clock;
#  2. writes include/config.php (database on that socket, the CSRF secret
#     file in the run's state folder);
#  3. installs Cacti as Debian's postinst does (cacti.sql, the admin's
#     password, the version row, the default templates through
#     cli/import_package.php) and adds a few devices, graphs and a tree
#     (install.sh, PHP's CLI, under the run's clock): a fresh install;
#  4. serves share/site as /cacti/ with php-fpm and nginx on 127.0.0.1:PORT;
#  5. replays sessions.json with `smart replay` into out/, then stops
#     everything and removes the state.
#
# Clean run K (SMART_RUN_SEED=K, set by run_suite) takes clock, time zone,
# port and host name K, and draws its secrets (CSRF secret, session
# ids, so every __csrf_magic token) at random.  Without it (smart mutate's
# runs) PHP's clock starts at a fixed date and steps 1 us per read, the
# database's NOW() is frozen per connection, one PHP worker serves every
# request in order, port, host, zone and secret are fixed, and the tokens
# derived from the random session id are written as TOKEN, so two clean
# runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18401 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18402 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18403 HOST=cacti.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18404 HOST=nms.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_CACTI_MUTANT_PORT:-18400} HOST=127.0.0.1 ;;
esac
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
# (the locale stays C.UTF-8: Cacti's language is its own setting, English)
export TZ=$ZONE
SMART=${SMART:-smart}
PHP_FPM=$(command -v php-fpm8.2 || command -v php-fpm)
. "$APPDIR/smart-fake-clock.sh"
# PHP's clock: a running clock from the run's date (clean runs), or one that
# steps 1 us per read from a fixed date (mutant runs: every value repeats)
if [ "$MUTANT_RUN" = 1 ]; then PHPCLOCK="@$CLOCK i0.000001"; else PHPCLOCK="@$CLOCK"; fi
# the run's date is local time in its zone, as libfaketime reads it
EPOCH=$(date -d "$CLOCK" +%s)

# The state (database, sockets, configs, logs) lives in the tree, so that a
# run smart mutate kills at its timeout (no trap runs) leaves it in the
# scratch copy mutate removes; a killed earlier run's is removed here.
rm -rf "$APPDIR"/.smart-state.*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"   # nginx workers reach the PHP socket through it
stop() {
    for f in nginx.pid fpm.pid db.pid; do
        [ -f "$state/$f" ] && kill "$(cat "$state/$f")" 2>/dev/null || true
    done
    for j in $jobs; do kill "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_CACTI_KEEP:-}" ] || rm -rf "$state"   # SMART_CACTI_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# MariaDB on a private socket, no TCP.  The server's NOW() follows the run's
# clock through init_connect (it applies to the application's user, not to
# root): shifted by the run's offset from the real clock in clean runs,
# frozen at the run's date in mutant runs.
# Mutant runs load the installed database that generate.sh keeps
# (db-installed.sql, a dump of one mutant-mode install) into the MariaDB
# server generate.sh starts for them (SMART_CACTI_DB_SOCKET, its NOW()
# frozen at the mutant runs' date): installing takes a minute and a half,
# loading the dump a few seconds.  The server runs outside smart mutate,
# which limits a mutant run's files to 64 MiB (ulimit -f), more than InnoDB
# writes (mariadbd dies of SIGXFSZ), and the limit cannot be raised here.
SNAPSHOT=0
if [ "$MUTANT_RUN" = 1 ] && [ -f "$APPDIR/db-installed.sql" ] && [ -n "${SMART_CACTI_DB_SOCKET:-}" ] &&
   [ -z "${SMART_CACTI_SNAPSHOT:-}" ]; then SNAPSHOT=1; fi
if [ "$SNAPSHOT" = 1 ]; then
    DBSOCK=$SMART_CACTI_DB_SOCKET
else
    DBSOCK=$state/db.sock
    cp -a "$APPDIR/db-template" "$state/db"
    if [ "$MUTANT_RUN" = 1 ]; then INIT="SET @@session.timestamp = $EPOCH"
    else INIT="SET @@session.timestamp = UNIX_TIMESTAMP() + ($EPOCH - $(date +%s))"; fi
    mariadbd --no-defaults --datadir="$state/db" --socket="$DBSOCK" --skip-networking \
        --pid-file="$state/db.pid" --user=root --innodb-log-file-size=4M --innodb-buffer-pool-size=32M \
        --default-time-zone="+00:00" --init-connect="$INIT" \
        --log-error="$state/db.log" >/dev/null 2>&1 &
    jobs="$jobs $!"
fi
i=0
until mariadb --no-defaults -S "$DBSOCK" -u root -e 'SELECT 1' >/dev/null 2>&1; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "MariaDB did not start" >&2; cat "$state/db.log" >&2; exit 1; }
    sleep 0.1
done
DBPASS=$([ "$MUTANT_RUN" = 1 ] && echo smart-cacti-db || head -c 12 /dev/urandom | base64 | tr -d '\n/+=')
mariadb --no-defaults -S "$DBSOCK" -u root <<SQL
DROP DATABASE IF EXISTS cacti;
DROP USER IF EXISTS 'cacti'@'localhost';
CREATE DATABASE cacti CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER 'cacti'@'localhost' IDENTIFIED BY '$DBPASS';
GRANT ALL PRIVILEGES ON cacti.* TO 'cacti'@'localhost';
GRANT SELECT ON mysql.time_zone_name TO 'cacti'@'localhost';
SQL

# include/config.php (Debian's debian.php with this run's database, socket
# and CSRF secret file); the secret is fixed in mutant runs, drawn by
# csrf-magic at the first request in clean runs
cat > "$APPDIR/share/site/include/config.php" <<PHP
<?php
\$database_type     = 'mysql';
\$database_default  = 'cacti';
\$database_hostname = '$DBSOCK';
\$database_username = 'cacti';
\$database_password = '$DBPASS';
\$database_port     = '3306';
\$database_retries  = 5;
\$database_ssl      = false;
\$database_ssl_key  = '';
\$database_ssl_cert = '';
\$database_ssl_ca   = '';
\$database_persist  = false;
\$poller_id = 1;
\$url_path = '/cacti/';
\$cacti_session_name = 'Cacti';
\$cacti_db_session = false;
\$disable_log_rotation = true;
\$path_csrf_secret = '$state/csrf-secret.php';
\$proxy_headers = null;
PHP
if [ "$MUTANT_RUN" = 1 ]; then printf '%s' 'smart-fixed-csrf-secret-0000000000000000' > "$state/csrf-secret.php"; fi
mkdir -p "$APPDIR/share/site/log" "$APPDIR/share/site/rra" "$APPDIR/share/site/cache"
rm -rf "$APPDIR/share/site/log/"* "$APPDIR/share/site/rra/"*
: > "$APPDIR/share/site/log/cacti.log"

# install and seed under the run's clock (a fresh install every clean run)
if [ "$SNAPSHOT" = 1 ]; then
    mariadb --no-defaults -S "$DBSOCK" -u root cacti < "$APPDIR/db-installed.sql"
    cp "$APPDIR/db-installed.log" "$APPDIR/share/site/log/cacti.log"
else
    # a running clock even in mutant mode: the install is done once (the
    # snapshot), and SNMP's and the ping's timeouts never end on a clock
    # that steps per read
    fake_clock "@$CLOCK" sh "$APPDIR/smart-install.sh" "$DBSOCK" "$DBPASS" >"$state/install.log" 2>&1 ||
        { tail -n 30 "$state/install.log" >&2; exit 1; }
fi
# Cacti's log is the tree's own (the snapshot's names the tree it was made in)
mariadb --no-defaults -S "$DBSOCK" -u root cacti -e \
    "UPDATE settings SET value='$APPDIR/share/site/log/cacti.log' WHERE name='path_cactilog'"
# SMART_CACTI_SNAPSHOT=1 (generate.sh, once): keep this mutant-mode install
# as db-installed.sql (and its log) for the mutant runs, and stop here
if [ -n "${SMART_CACTI_SNAPSHOT:-}" ]; then
    mariadb-dump --no-defaults -S "$DBSOCK" -u root --single-transaction cacti > "$APPDIR/db-installed.sql"
    cp "$APPDIR/share/site/log/cacti.log" "$APPDIR/db-installed.log"
    exit 0
fi

mkdir -p "$state/tmp" "$state/sessions"
cat > "$state/fpm.conf" <<CONF
[global]
pid = $state/fpm.pid
error_log = $state/fpm.log
daemonize = no
[www]
listen = $state/fpm.sock
listen.mode = 0666
pm = static
pm.max_children = $([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)
clear_env = no
php_admin_value[error_log] = $state/php.log
php_admin_value[session.save_path] = $state/sessions
php_admin_value[date.timezone] = $ZONE
php_admin_value[memory_limit] = 512M
php_admin_value[max_execution_time] = 60
CONF
# mutant runs: PHP's mt_rand seeded per request, for the random cache
# busters (graph_json.php?...&v=N) of the graph pages
if [ "$MUTANT_RUN" = 1 ]; then
    printf '<?php mt_srand(1);\n' > "$state/seed.php"
    echo "php_admin_value[auto_prepend_file] = $state/seed.php" >> "$state/fpm.conf"
fi
cat > "$state/nginx.conf" <<CONF
daemon off;
user root root;      # the tree may be under /root (the corpus cache)
worker_processes 1;
pid $state/nginx.pid;
error_log $state/nginx-error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log $state/access.log combined;
  client_body_temp_path $state/tmp; fastcgi_temp_path $state/tmp; proxy_temp_path $state/tmp;
  uwsgi_temp_path $state/tmp; scgi_temp_path $state/tmp;
  server {
    listen 127.0.0.1:$PORT;
    server_name _;
    root $APPDIR/htroot;
    index index.php;
    location = / { return 302 /cacti/; }
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_pass unix:$state/fpm.sock;
    }
  }
}
CONF
fake_clock "$PHPCLOCK" "$PHP_FPM" -R -y "$state/fpm.conf" >/dev/null 2>&1 &
jobs="$jobs $!"
nginx -c "$state/nginx.conf" -p "$state" >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until [ -S "$state/fpm.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$PORT/cacti/index.php"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "server on $PORT did not start" >&2; exit 1; }
    sleep 0.1
done
if [ "$MUTANT_RUN" = 0 ]; then   # a clean run must serve Cacti's login form
    curl -s "http://127.0.0.1:$PORT/cacti/index.php" | grep -q 'login_username' ||
        { echo "Cacti is not served on $PORT" >&2; cat "$state/php.log" "$state/nginx-error.log" >&2 2>/dev/null; exit 1; }
fi

# SMART_CACTI_HOLD=FILE (development): keep serving until FILE is removed,
# to look at the pages by hand before writing sessions
if [ -n "${SMART_CACTI_HOLD:-}" ]; then
    touch "$SMART_CACTI_HOLD"; echo "serving on http://$HOST:$PORT/cacti/" >&2
    while [ -f "$SMART_CACTI_HOLD" ]; do sleep 1; done
fi
rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "$MUTANT_RUN" = 1 ]; then
    # csrf-magic's tokens hash the random session id: "sid:<40 hex>,<epoch>"
    # (plain, or URL-encoded in links); the session id itself where printed
    find out -type f -exec perl -pi -e \
        's/sid:[0-9a-f]{40}/sid:TOKEN/g; s/sid%3A[0-9a-f]{40}/sid%3ATOKEN/gi;
         s/\b[0-9a-v]{26,40}\b(?=.{0,8}(?:Cacti|session))/TOKEN/g' {} +
fi
[ -n "$(find out -type f | head -n 1)" ]
