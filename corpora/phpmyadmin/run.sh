# The test suite of the phpmyadmin first-look corpus (copied into the
# prepared tree as smart-run.sh; smart-build.sh only lints the PHP files
# smart mutate seeds): starts a private MariaDB (a copy of the tree's
# initialised data folder, its own socket, no network), loads the pmadb and
# seed.sql, serves www/ (phpMyAdmin) with php-fpm and nginx on loopback,
# and replays sessions.json through `smart replay` into out/ (one HTML file
# per request); then stops all three.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone (PHP's
# and MariaDB's: TZ of the processes), port and host name K, a fresh random
# blowfish_secret (the key of phpMyAdmin's login cookies), and a fresh
# MariaDB (new data folder, state folder and socket path): everything
# phpMyAdmin and MariaDB date "now" (server time, uptime, table creation
# and update times, query timings) and draw at random (session ids, the
# anti-CSRF token) follows.  Without it (smart mutate's runs) PHP's clock
# starts at a fixed date and steps 1 us per read, one PHP worker serves
# every request in order, the port, host and secret are fixed, and the
# random session ids, tokens and the like are written as placeholders, so that two clean
# runs agree and only the mutation shows (smart-scrub.py).
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='@2024-03-01 10:00:00' ZONE=UTC PORT=18301 HOST=127.0.0.1 ;;
2) CLOCK='@2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18302 HOST=localhost ;;
3) CLOCK='@2025-01-02 03:04:05' ZONE=America/New_York PORT=18303 HOST=pma.localhost ;;
4) CLOCK='@2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18304 HOST=db-admin.localhost ;;
*) CLOCK='@2024-03-10 12:00:00 i0.000001' ZONE=UTC PORT=${SMART_PMA_MUTANT_PORT:-18300} HOST=127.0.0.1 ;;
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
# removed here.  Its path shows in phpMyAdmin's pages (the socket, the data
# folder): a clean run's is random, a mutant run's fixed.
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
    [ -n "${SMART_PMA_KEEP:-}" ] || rm -rf "$state"   # SMART_PMA_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# MariaDB on a private socket, no TCP
cp -a "$APPDIR/db-template" "$state/db"
fake_clock "$DB_CLOCK" mariadbd --no-defaults --datadir="$state/db" --socket="$state/db.sock" \
    --skip-networking --pid-file="$state/db.pid" --user=root --innodb-log-file-size=4M \
    --innodb-buffer-pool-size=16M --log-error="$state/db.log" >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until mariadb --no-defaults -S "$state/db.sock" -u root -e 'SELECT 1' >/dev/null 2>&1; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "MariaDB did not start" >&2; cat "$state/db.log" >&2; exit 1; }
    sleep 0.1
done
# phpMyAdmin's configuration storage, then the seeded content
mariadb --no-defaults -S "$state/db.sock" -u root < "$APPDIR/www/sql/create_tables.sql"
mariadb --no-defaults -S "$state/db.sock" -u root < "$APPDIR/seed.sql"

# config.inc.php (the tree's vendor_config.php points here): cookie login
# over the private socket, the pmadb with its control user, the run's own
# temporary folder (Twig's compiled templates), no version check or error
# reports (nothing leaves the machine).
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then secret=smart-fixed-blowfish-secret-0032
else secret=$(head -c 24 /dev/urandom | base64 | tr -d '\n' | tr '/+' '_-'); fi
mkdir -p "$state/tmp" "$state/sessions"
{
    printf '<?php\n'
    printf "\$cfg['blowfish_secret'] = '%s';\n" "$secret"
    printf "\$cfg['TempDir'] = '%s';\n" "$state/tmp"
    printf "\$i = 1;\n\$cfg['Servers'][\$i]['socket'] = '%s';\n" "$state/db.sock"
    cat <<'PHP'
$cfg['Servers'][$i]['auth_type'] = 'cookie';
$cfg['Servers'][$i]['host'] = 'localhost';
$cfg['Servers'][$i]['AllowNoPassword'] = false;
$cfg['Servers'][$i]['controluser'] = 'pma';
$cfg['Servers'][$i]['controlpass'] = 'pma-control-3';
$cfg['Servers'][$i]['pmadb'] = 'phpmyadmin';
foreach (['bookmarktable' => 'bookmark', 'relation' => 'relation', 'table_info' => 'table_info',
          'table_coords' => 'table_coords', 'pdf_pages' => 'pdf_pages', 'column_info' => 'column_info',
          'history' => 'history', 'table_uiprefs' => 'table_uiprefs', 'tracking' => 'tracking',
          'userconfig' => 'userconfig', 'recent' => 'recent', 'favorite' => 'favorite',
          'users' => 'users', 'usergroups' => 'usergroups', 'navigationhiding' => 'navigationhiding',
          'savedsearches' => 'savedsearches', 'central_columns' => 'central_columns',
          'designer_settings' => 'designer_settings', 'export_templates' => 'export_templates'] as $k => $t) {
    $cfg['Servers'][$i][$k] = 'pma__' . $t;
}
$cfg['VersionCheck'] = false;
$cfg['SendErrorReports'] = 'never';
$cfg['UploadDir'] = '';
$cfg['SaveDir'] = '';
PHP
} > "$APPDIR/www/config.inc.php"

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
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      # Debian's fastcgi_params passes \$host (no port) as HTTP_HOST
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
until [ -S "$state/fpm.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$PORT/robots.txt"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "server on $PORT did not start" >&2; exit 1; }
    sleep 0.1
done
if [ "${SMART_RUN_SEED:-0}" != 0 ]; then   # a clean run must serve phpMyAdmin's login
    curl -sf "http://127.0.0.1:$PORT/index.php" | grep -q pma_username ||
        { echo "phpMyAdmin is not served on $PORT" >&2; cat "$state/nginx-error.log" "$state/php.log" >&2 || true; exit 1; }
fi

rm -rf out
# set_session carries the login page's session id back with the login form
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 \
    --token-pattern set_session >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then
    # what is still random or on the real clock (tokens, session ids, query
    # signatures, result form ids, table creation times) becomes numbered
    # placeholders (smart-scrub.py says which and why)
    python3 "$APPDIR/smart-scrub.py" out
fi
[ -n "$(find out -type f | head -n 1)" ]
