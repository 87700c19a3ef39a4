# The test suite of the first-look roundcube corpus (copied into the
# prepared tree as smart-run.sh; smart-build.sh only lints the PHP files
# smart mutate seeds).  One run:
#
#  1. starts a private Dovecot IMAP server (its own config file, base_dir,
#     state_dir and log, a passwd-file user database, Maildir folders in the
#     run's state) on 127.0.0.1:IMAPPORT under the run's clock, and seeds
#     the user's mailbox over IMAP with seed.py (28 messages, 7 folders);
#  2. creates Roundcube's SQLite database from SQL/sqlite.initial.sql and
#     writes config/config.inc.php (that IMAP server, SMTP pointed at a
#     loopback port where nothing listens, the run's des_key, time zone,
#     log and temp folders in the state);
#  3. serves rc/public_html with php-fpm and nginx on 127.0.0.1:PORT;
#  4. replays sessions.json with `smart replay` into out/, then stops
#     everything and removes the state.
#
# Clean run K (SMART_RUN_SEED=K) takes clock, time zone, ports and host
# name K and a random des_key; PHP's session ids and
# Roundcube's request tokens are random.  Without it (smart mutate's runs)
# PHP's clock starts at a fixed date and steps 1 us per read, one PHP worker
# serves every request in order, ports, host, zone, key and password are
# fixed (the user's password is always smart-Rc-2024), and the values PHP still draws at random (session ids, request
# tokens) are written as numbered placeholders by smart-scrub.py.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18651 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18652 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18653 HOST=mail.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18654 HOST=webmail.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_RC_MUTANT_PORT:-18650} HOST=127.0.0.1 ;;
esac
IMAPPORT=$((PORT + 10))
SMTPPORT=$((PORT + 20))   # nothing listens there: sending fails with Roundcube's SMTP error
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
# libfaketime leaves file times alone: Roundcube's cache busters (?s=) are
# the files' modification times, as on a real server
export TZ=$ZONE NO_FAKE_STAT=1
SMART=${SMART:-smart}
PHP_FPM=$(command -v php-fpm8.2 || command -v php-fpm)
. "$APPDIR/smart-fake-clock.sh"
if [ "$MUTANT_RUN" = 1 ]; then PHPCLOCK="@$CLOCK i0.000001"; else PHPCLOCK="@$CLOCK"; fi

rm -rf "$APPDIR"/.smart-state.*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"
stop() {
    for f in "$state/nginx.pid" "$state/fpm.pid" "$dstate/run/master.pid"; do
        [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
    done
    for j in $jobs; do kill "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_RC_KEEP:-}" ] || rm -rf "$state" "$dstate"
}
jobs= dstate=
trap stop EXIT
trap 'exit 143' INT TERM

# Dovecot: private configuration, passwd-file users, Maildir in the state.
# The mail processes run as nobody (Dovecot refuses uid 0 for mail); every
# Dovecot process keeps the run's clock (running, also in mutant runs).
# Its processes run as dovecot, dovenull and nobody, which cannot enter the
# run's folder when it lies in a private one (smart mutate's scratch), so
# its state is a folder of its own under /tmp, removed with the run's.
USERPW=smart-Rc-2024
dstate=$(mktemp -d /tmp/smart-rc-dovecot.XXXXXX)
chmod 755 "$dstate"
mkdir -p "$dstate/run" "$dstate/lib" "$dstate/mail"
chown nobody:nogroup "$dstate/mail"
printf 'ada@example.org:{PLAIN}%s\n' "$USERPW" > "$dstate/users"
cat > "$state/dovecot.conf" <<CONF
base_dir = $dstate/run
state_dir = $dstate/lib
instance_name = smart-rc-$PORT
log_path = $state/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8
first_valid_uid = 1
default_internal_user = dovecot
default_login_user = dovenull
import_environment = TZ LD_PRELOAD FAKETIME
mail_location = maildir:$dstate/mail/%u/Maildir
namespace inbox {
  inbox = yes
  separator = .
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dstate/users
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=$dstate/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAPPORT
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
CONF
# the previous run's Dovecot processes may still hold the port a moment
port_open() { python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 1).close()" 2>/dev/null; }
i=0
while port_open "$IMAPPORT" || port_open "$PORT"; do
    i=$((i + 1)); [ $i -lt 100 ] || { echo "port $IMAPPORT or $PORT stays busy" >&2; exit 1; }
    sleep 0.1
done
fake_clock "@$CLOCK" dovecot -c "$state/dovecot.conf" -F >"$state/dovecot.out" 2>&1 &
jobs="$jobs $!"
i=0
until port_open "$IMAPPORT"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "dovecot did not start" >&2; cat "$state/dovecot.out" "$state/dovecot.log" >&2; exit 1; }
    sleep 0.1
done
python3 "$APPDIR/seed.py" "$IMAPPORT" ada@example.org "$USERPW" >/dev/null

# Roundcube: a fresh SQLite database and a private configuration
DESKEY=$([ "$MUTANT_RUN" = 1 ] && echo smart-fixed-des-key-0000 || head -c 18 /dev/urandom | base64 | tr -d '\n' | tr '/+' 'xy')
mkdir -p "$state/tmp" "$state/sessions" "$state/rc-temp" "$state/rc-logs"
php -r '$db = new PDO("sqlite:" . $argv[1]); $db->exec(file_get_contents($argv[2])) !== false || exit(1);' \
    "$state/roundcube.db" "$APPDIR/rc/SQL/sqlite.initial.sql"
chmod 666 "$state/roundcube.db"
cat > "$APPDIR/rc/config/config.inc.php" <<PHP
<?php
\$config = [];
\$config['db_dsnw'] = 'sqlite:///$state/roundcube.db?mode=0666';
\$config['imap_host'] = '127.0.0.1:$IMAPPORT';
\$config['smtp_host'] = '127.0.0.1:$SMTPPORT';
\$config['smtp_user'] = '%u';
\$config['smtp_pass'] = '%p';
\$config['support_url'] = '';
\$config['product_name'] = 'Roundcube Webmail';
\$config['des_key'] = '$DESKEY';
\$config['plugins'] = [];
\$config['skin'] = 'elastic';
\$config['language'] = 'en_US';
\$config['timezone'] = '$ZONE';
\$config['enable_spellcheck'] = false;
\$config['log_dir'] = '$state/rc-logs/';
\$config['temp_dir'] = '$state/rc-temp/';
\$config['draft_autosave'] = 0;
\$config['mail_domain'] = 'example.org';
PHP

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
php_admin_value[session.gc_probability] = 0
php_admin_value[date.timezone] = $ZONE
php_admin_value[memory_limit] = 256M
php_admin_value[upload_max_filesize] = 5M
CONF
if [ "$MUTANT_RUN" = 1 ]; then
    printf '<?php mt_srand(1);\n' > "$state/seed.php"
    echo "php_admin_value[auto_prepend_file] = $state/seed.php" >> "$state/fpm.conf"
fi
cat > "$state/nginx.conf" <<CONF
daemon off;
user root root;
worker_processes 1;
pid $state/nginx.pid;
error_log $state/nginx-error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log $state/access.log combined;
  client_body_temp_path $state/tmp; fastcgi_temp_path $state/tmp; proxy_temp_path $state/tmp;
  uwsgi_temp_path $state/tmp; scgi_temp_path $state/tmp;
  client_max_body_size 5m;
  server {
    listen 127.0.0.1:$PORT;
    server_name _;
    root $APPDIR/rc/public_html;
    index index.php;
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
until [ -S "$state/fpm.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$PORT/index.php"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "server on $PORT did not start" >&2; exit 1; }
    sleep 0.1
done
if [ -n "${SMART_RC_HOLD:-}" ]; then
    touch "$SMART_RC_HOLD"; echo "serving on http://$HOST:$PORT/" >&2
    while [ -f "$SMART_RC_HOLD" ]; do sleep 1; done
fi
rm -rf out
# _token is in the replay's default token rule; a compose form's _id is sent
# back like a token, so that sending posts the form the page before opened
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 --token-pattern _id >/dev/null
rm -f out/*/manifest.json
if [ "$MUTANT_RUN" = 1 ]; then
    python3 "$APPDIR/smart-scrub.py" out
fi
[ -n "$(find out -type f | head -n 1)" ]
