# The test suite of the wordpress corpus (copied into the prepared tree as
# smart-run.sh; smart-build.sh only lints the PHP files smart mutate seeds):
# starts a private MariaDB (a copy of the tree's initialised data folder,
# its own socket, no network), serves www/ with php-fpm and nginx on
# loopback, installs WordPress and seeds its content (seed.php, PHP's CLI),
# and replays sessions.json through `smart replay` into out/ (one HTML or
# XML file per request); then stops all three.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone (the
# site's timezone_string and the processes' TZ), port and host name K, and
# fresh random salts and keys in wp-config.php: everything WordPress dates
# "now" (the installer's first post, page and comment, the quick draft,
# "N mins ago", feed dates) and draws at random (session tokens, nonces,
# comment moderation hashes) follows.  Without it (smart mutate's runs) the
# clock starts at a fixed date and steps 1 us per read, one PHP worker
# serves every request in order, the port, host and salts are fixed, and
# the nonces (derived from the random session token) are written as TOKEN,
# so two clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='@2024-03-01 10:00:00' ZONE=UTC PORT=18241 HOST=127.0.0.1 ;;
2) CLOCK='@2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18242 HOST=localhost ;;
3) CLOCK='@2025-01-02 03:04:05' ZONE=America/New_York PORT=18243 HOST=blog.localhost ;;
4) CLOCK='@2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18244 HOST=wp.localhost ;;
*) CLOCK='@2024-03-10 12:00:00 i0.000001' ZONE=UTC PORT=${SMART_WP_MUTANT_PORT:-18240} HOST=127.0.0.1 ;;
esac
export TZ=$ZONE
# mutant runs: PHP's mt_rand seeded per request (mu-plugin smart-seed.php),
# for the e-mail addresses antispambot() spells with random entities
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then export SMART_WP_SEED=1; else unset SMART_WP_SEED; fi
SMART=${SMART:-smart}
PHP_FPM=$(command -v php-fpm8.2 || command -v php-fpm)
. "$APPDIR/smart-fake-clock.sh"
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
    [ -n "${SMART_WP_KEEP:-}" ] || rm -rf "$state"   # SMART_WP_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# MariaDB on a private socket, no TCP
cp -a "$APPDIR/db-template" "$state/db"
mariadbd --no-defaults --datadir="$state/db" --socket="$state/db.sock" --skip-networking \
    --pid-file="$state/db.pid" --user=root --innodb-log-file-size=4M --innodb-buffer-pool-size=16M \
    --log-error="$state/db.log" >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until mariadb --no-defaults -S "$state/db.sock" -u root -e 'CREATE DATABASE wordpress' 2>/dev/null; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "MariaDB did not start" >&2; cat "$state/db.log" >&2; exit 1; }
    sleep 0.1
done

# wp-config.php: salts and keys random per clean run, fixed for mutant runs
salt() {
    if [ "${SMART_RUN_SEED:-0}" = 0 ]; then echo "smart-fixed-$1-0000000000000000000000000000000000000000000000000"
    else head -c 48 /dev/urandom | base64 | tr -d '\n/+='; fi
}
{
    printf '<?php\n'
    printf "define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'root' );\ndefine( 'DB_PASSWORD', '' );\n"
    printf "define( 'DB_HOST', 'localhost:%s' );\ndefine( 'DB_CHARSET', 'utf8mb4' );\ndefine( 'DB_COLLATE', '' );\n" "$state/db.sock"
    for k in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
        printf "define( '%s', '%s' );\n" "$k" "$(salt "$k")"
    done
    cat <<'PHP'
$table_prefix = 'wp_';
define( 'WP_DEBUG', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'FS_METHOD', 'direct' );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP
} > "$APPDIR/www/wp-config.php"

# install and seed under the run's clock
fake_clock "$CLOCK" php "$APPDIR/seed.php" "http://$HOST:$PORT" "$ZONE" >"$state/seed.log" 2>&1 ||
    { cat "$state/seed.log" >&2; exit 1; }

mkdir -p "$state/tmp"
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
    root $APPDIR/www;
    index index.php;
    location / { try_files \$uri \$uri/ /index.php?\$args; }
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      # Debian's fastcgi_params passes \$host (no port) as HTTP_HOST; WordPress
      # then redirects every page to its canonical URL, which has the port
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_pass unix:$state/fpm.sock;
    }
  }
}
CONF
fake_clock "$CLOCK" "$PHP_FPM" -R -y "$state/fpm.conf" >/dev/null 2>&1 &
jobs="$jobs $!"
nginx -c "$state/nginx.conf" -p "$state" >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until [ -S "$state/fpm.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$PORT/wp-login.php"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "server on $PORT did not start" >&2; exit 1; }
    sleep 0.1
done
if [ "${SMART_RUN_SEED:-0}" != 0 ]; then   # a clean run must serve WordPress
    curl -sf -o /dev/null "http://127.0.0.1:$PORT/wp-login.php" ||
        { echo "WordPress is not served on $PORT" >&2; cat "$state/nginx-error.log" >&2; exit 1; }
fi

rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 \
    --token-pattern post_ID >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then
    # nonces: 10 hex digits (at least one a-f: a run of ten decimal digits
    # is a timestamp), derived from the random session token
    # (a nonce of ten decimal digits is caught where it is named as one)
    find out -type f -exec perl -pi -e \
        's/(?<![0-9A-Za-z])(?=[0-9]*[a-f])[0-9a-f]{10}(?![0-9A-Za-z])/TOKEN/g;
         s/((?:nonce|_inline_edit|_wp_unfiltered_html_comment)[^<>]{0,40}?value=")[0-9]{10}"/$1TOKEN"/gi;
         s/(nonce(?:=|%3D|":"))[0-9]{10}(?![0-9])/$1TOKEN/gi' {} +
fi
[ -n "$(find out -type f | head -n 1)" ]
