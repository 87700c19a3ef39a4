# The test suite of the postfixadmin first-look corpus (copied into the
# prepared tree as smart-run.sh; smart-build.sh only lints the PHP files
# smart mutate seeds): starts a private MariaDB (a copy of the tree's
# initialised data folder, its own socket, no network) with an empty
# database and its user, serves public/ (PostfixAdmin) with php-fpm and
# nginx on loopback, and replays sessions.json through `smart replay` into
# out/ (one HTML file per request): the first session sets PostfixAdmin
# up through its web setup (setup.php builds the schema and the superadmin
# account), the others use it; then stops all three.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone (PHP's
# and MariaDB's: TZ of the processes), port and host name K, a fresh random
# setup password hash (the setup password itself is the same) and a fresh
# MariaDB (new data folder, state folder and socket path): everything
# PostfixAdmin dates "now" (created and modified columns, the action log,
# password expiry dates) and draws at random (session ids, the anti-CSRF
# token, password salts) follows.  Without it (smart mutate's runs) PHP's
# clock starts at a fixed date and steps 1 us per read, one PHP worker
# serves every request in order, the port and host are fixed, and the
# random tokens are written as placeholders (smart-scrub.py), so that two
# clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='@2024-03-01 10:00:00' ZONE=UTC PORT=18311 HOST=127.0.0.1 ;;
2) CLOCK='@2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18312 HOST=localhost ;;
3) CLOCK='@2025-01-02 03:04:05' ZONE=America/New_York PORT=18313 HOST=mail.localhost ;;
4) CLOCK='@2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18314 HOST=postfixadmin.localhost ;;
*) CLOCK='@2024-03-10 12:00:00 i0.000001' ZONE=UTC PORT=${SMART_PFA_MUTANT_PORT:-18310} HOST=127.0.0.1 ;;
esac
# MariaDB runs on a clock that starts at the run's date and runs at the real
# speed (a stepping clock would stall its timed waits)
DB_CLOCK=${CLOCK%% i*}
export TZ=$ZONE
SMART=${SMART:-smart}
PHP_FPM=$(command -v php-fpm8.2 || command -v php-fpm)
. "$APPDIR/smart-fake-clock.sh"
# The state (database, sockets, configs, logs, PHP sessions) lives in the
# tree, so that a run smart mutate kills at its timeout (no trap runs)
# leaves it in the scratch copy mutate removes; a killed earlier run's is
# removed here.  A clean run's path is random, a mutant run's fixed.
rm -rf "$APPDIR"/.smart-state*
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then state=$APPDIR/.smart-state; mkdir "$state"
else state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX"); fi
chmod 755 "$state"   # nginx workers reach the PHP socket through it
stop() {
    for f in nginx.pid fpm.pid db.pid; do
        [ -f "$state/$f" ] && kill "$(cat "$state/$f")" 2>/dev/null || true
    done
    for j in $jobs; do kill "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_PFA_KEEP:-}" ] || rm -rf "$state"   # SMART_PFA_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# MariaDB on a private socket, no TCP.  PostfixAdmin dates its rows and
# log with SQL's NOW(), MariaDB's clock, which runs at the real speed: in a
# mutant run every connection of its (unprivileged) user starts at one
# fixed time instead, so that two runs agree.
# InnoDB writes through its own threads, not io_uring
# (innodb-use-native-aio=0): smart mutate caps the size of the files a
# mutant run writes (ulimit -f, 64 MB), and under that limit MariaDB 10.11
# with io_uring was killed by SIGXFSZ in the middle of setup.php's schema
# (an ALTER TABLE of upgrade_473 or 483) in about half the runs on a loaded
# machine, though no file it writes comes near 64 MB; PostfixAdmin then
# printed "MySQL server has gone away" and every later page failed,
# whatever the mutation (README: Mutant runs).
cp -a "$APPDIR/db-template" "$state/db"
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then set -- "--init-connect=SET timestamp = 1710072000"; else set --; fi
fake_clock "$DB_CLOCK" mariadbd --no-defaults "$@" --datadir="$state/db" --socket="$state/db.sock" \
    --skip-networking --pid-file="$state/db.pid" --user=root --innodb-log-file-size=4M \
    --innodb-buffer-pool-size=16M --innodb-use-native-aio=0 --log-error="$state/db.log" \
    >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until mariadb --no-defaults -S "$state/db.sock" -u root -e 'SELECT 1' >/dev/null 2>&1; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "MariaDB did not start" >&2; cat "$state/db.log" >&2; exit 1; }
    sleep 0.1
done
mariadb --no-defaults -S "$state/db.sock" -u root <<'SQL'
CREATE DATABASE postfixadmin DEFAULT CHARACTER SET utf8mb4;
CREATE USER 'postfixadmin'@'localhost' IDENTIFIED BY 'pfa-db-pass-4';
GRANT ALL PRIVILEGES ON postfixadmin.* TO 'postfixadmin'@'localhost';
SQL

# config.local.php (read by Debian's config.inc.php, in the tree): the
# database on the private socket, the setup password's hash (bcrypt, a
# random salt per clean run, fixed for mutant runs; the password is
# "setup-pass-5"), no DNS look-ups of mail domains (nothing leaves the
# machine), mail to a port nothing listens on.
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then
    setup_hash=$(php -r 'echo crypt("setup-pass-5", chr(36) . "2y" . chr(36) . "10" . chr(36) . "smartfixedsaltfixedsalt");')
else
    setup_hash=$(php -r 'echo password_hash("setup-pass-5", PASSWORD_DEFAULT);')
fi
mkdir -p "$state/tmp" "$state/sessions" "$APPDIR/templates_c"
{
    printf '<?php\n'
    printf "\$CONF['setup_password'] = '%s';\n" "$setup_hash"
    printf "\$CONF['database_socket'] = '%s';\n" "$state/db.sock"
    cat <<'PHP'
$CONF['configured'] = true;
$CONF['database_type'] = 'mysqli';
$CONF['database_host'] = 'localhost';
$CONF['database_user'] = 'postfixadmin';
$CONF['database_password'] = 'pfa-db-pass-4';
$CONF['database_name'] = 'postfixadmin';
$CONF['encrypt'] = 'php_crypt:SHA512';
$CONF['emailcheck_resolve_domain'] = 'NO';
$CONF['admin_email'] = 'postmaster@example.org';
$CONF['smtp_server'] = '127.0.0.1';
$CONF['smtp_port'] = '18319';
$CONF['footer_text'] = 'Return to example.org';
$CONF['footer_link'] = 'http://example.org';
$CONF['vacation'] = 'YES';
$CONF['vacation_domain'] = 'autoreply.example.org';
$CONF['quota'] = 'YES';
PHP
} > "$APPDIR/config.local.php"

cat > "$state/fpm.conf" <<CONF
[global]
pid = $state/fpm.pid
error_log = $state/fpm.log
daemonize = no
[www]
listen = $state/fpm.sock
listen.mode = 0666
pm = static
pm.max_children = $([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 2)
clear_env = no
php_admin_value[error_log] = $state/php.log
php_admin_value[session.save_path] = $state/sessions
php_admin_value[date.timezone] = $ZONE
php_admin_value[sys_temp_dir] = $state/tmp
php_admin_value[max_execution_time] = 900
CONF
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
    root $APPDIR/public;
    index index.php;
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      # Debian's fastcgi_params passes \$host (no port) as HTTP_HOST
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_pass unix:$state/fpm.sock;
      # the schema is built by one request (setup.php): on a loaded machine
      # it may take minutes, and a cut page would break every page after it
      fastcgi_read_timeout 900s;
    }
  }
}
CONF
fake_clock "$CLOCK" "$PHP_FPM" -R -y "$state/fpm.conf" >/dev/null 2>&1 &
jobs="$jobs $!"
nginx -c "$state/nginx.conf" -p "$state" >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until [ -S "$state/fpm.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$PORT/css/bootstrap.css"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "server on $PORT did not start" >&2; exit 1; }
    sleep 0.1
done
# (no PHP page is fetched before the replay: the first request to
# setup.php builds the schema, and that page must be the session's)

rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 900 \
    --without-state >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
# A server that died on its own during the replay (no PHP mutation can
# stop MariaDB, php-fpm's master or nginx) is the environment's failure,
# not the mutation's: the run leaves no pages, which smart mutate counts
# as missing outputs, not as pairs.
for f in db.pid fpm.pid nginx.pid; do
    pid=$(cat "$state/$f" 2>/dev/null) || pid=
    if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
        echo "smart-run.sh: the server of $f died during the replay; no pages kept" >&2
        [ -f "$state/db.log" ] && tail -n 5 "$state/db.log" >&2
        rm -rf out
        exit 1
    fi
done
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then
    # what is still random (the anti-CSRF token, an md5 of random bytes)
    # becomes a numbered placeholder (smart-scrub.py says why)
    python3 "$APPDIR/smart-scrub.py" out
fi
[ -n "$(find out -type f | head -n 1)" ]
