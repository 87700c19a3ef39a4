# The test suite of the icingaweb first-look corpus (copied into the
# prepared tree as smart-run.sh; smart-build.sh only lints the PHP files
# smart mutate seeds).  One run:
#
#  1. starts a private MariaDB (smart-mariadb.sh: a copy of the tree's
#     initialised data folder, its own socket, no network) and installs
#     Icinga Web 2's database in it: Debian's schema/mysql.schema.sql
#     (icingaweb2 2.11.4), an `icingaweb2` database user with the run's
#     password, the administrator `icingaadmin` (a password hash made by
#     PHP's password_hash, with its own random salt);
#  2. writes the run's private configuration folder (ICINGAWEB_CONFIGDIR:
#     config.ini, resources.ini, authentication.ini, groups.ini,
#     roles.ini, the monitoring module enabled without a backend, since
#     Icinga itself does not run) and storage folder
#     (ICINGAWEB_STORAGEDIR);
#  3. serves www/public (the front controller index.php) with php-fpm and
#     nginx on loopback (smart-php-web.sh);
#  4. replays sessions.json with `smart replay` into out/ (one HTML file
#     per request), then stops nginx, php-fpm and MariaDB and removes the
#     state.
#
# Clean run K (SMART_RUN_SEED=K, set by run_suite) takes clock, time zone
# (PHP's and MariaDB's), port and host name K, a random database password
# and a fresh install (a new database, a new password hash, new session
# ids and CSRF seeds).  Without it (smart mutate's runs) PHP's clock starts
# at a fixed date and steps 1 us per read, one PHP worker serves every
# request in order, the port, host, zone and password are fixed, the
# database is a copy of one installed once by generate.sh
# (SMART_ICW_SNAPSHOT=1), and the random values still left (the CSRF
# tokens and the like) are written as placeholders by smart-scrub.py, so
# that two clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18641 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18642 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18643 HOST=icinga.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18644 HOST=monitor.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_ICW_MUTANT_PORT:-18640} HOST=127.0.0.1 ;;
esac
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
if [ "$MUTANT_RUN" = 1 ]; then PHPCLOCK="@$CLOCK i0.000001"; else PHPCLOCK="@$CLOCK"; fi
export TZ=$ZONE
SMART=${SMART:-smart}
. "$APPDIR/smart-fake-clock.sh"
. "$APPDIR/smart-mariadb.sh"
. "$APPDIR/smart-php-web.sh"

# The state (database, sockets, configuration, logs, PHP sessions) lives
# in the tree, so that a run smart mutate kills at its timeout (no trap
# runs) leaves it in the scratch copy mutate removes; a killed earlier
# run's is removed here.
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
    [ -n "${SMART_ICW_KEEP:-}" ] || rm -rf "$state" || true   # SMART_ICW_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# 1. the database: a fresh install per clean run; mutant runs copy the one
# generate.sh installed, so that every mutant run starts from the same data
if [ "$MUTANT_RUN" = 1 ] && [ -d "$APPDIR/db-installed" ] && [ -z "${SMART_ICW_SNAPSHOT:-}" ]; then
    cp -a "$APPDIR/db-installed" "$state/db"
    mariadb_start "$state" "$state/db" "@$CLOCK"
else
    cp -a "$APPDIR/db-template" "$state/db"
    mariadb_start "$state" "$state/db" "@$CLOCK"
    {
        echo 'CREATE DATABASE icingaweb2 CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;'
        echo "CREATE USER 'icingaweb2'@'localhost' IDENTIFIED BY 'installer-only';"
        echo "GRANT ALL ON icingaweb2.* TO 'icingaweb2'@'localhost';"
    } | mariadb --no-defaults -S "$state/db.sock" -u root
    mariadb --no-defaults -S "$state/db.sock" -u root icingaweb2 < "$APPDIR/www/schema/mysql.schema.sql"
    # the administrator, as the setup wizard's "Administration" step makes
    # it (password_hash: a random salt per install)
    hash=$(php -r 'echo password_hash("Ic1nga-Adm1n", PASSWORD_DEFAULT);')
    mariadb --no-defaults -S "$state/db.sock" -u root icingaweb2 \
        -e "INSERT INTO icingaweb_user (name, active, password_hash, ctime) VALUES ('icingaadmin', 1, '$hash', NOW());
            INSERT INTO icingaweb_group (name, ctime) VALUES ('Administrators', NOW());
            INSERT INTO icingaweb_group_membership (group_id, username, ctime) VALUES (1, 'icingaadmin', NOW());"
fi
if [ -n "${SMART_ICW_SNAPSHOT:-}" ]; then   # generate.sh, once: the mutant runs' database
    mariadb --no-defaults -S "$state/db.sock" -u root -e 'SHUTDOWN'
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    rm -rf "$APPDIR/db-installed"; cp -a "$state/db" "$APPDIR/db-installed"
    exit 0
fi
DBPW=$([ "$MUTANT_RUN" = 1 ] && echo smart-icingaweb-db-pw || head -c 15 /dev/urandom | base64 | tr -d '\n/+=')
mariadb --no-defaults -S "$state/db.sock" -u root \
    -e "ALTER USER 'icingaweb2'@'localhost' IDENTIFIED BY '$DBPW'"

# 2. the configuration, as the setup wizard writes it (private per run;
# the log goes to PHP's error log, STATE/php.log, as "Webserver Log" does)
etc=$state/etc
mkdir -p "$etc/enabledModules" "$etc/modules/monitoring" "$state/var"
# the modules are Debian's, read where they are installed (none is
# mutated): the module path, which the configuration form shows, is the
# same in every run, wherever the tree lies
ln -s /usr/share/icingaweb2/modules/monitoring "$etc/enabledModules/monitoring"
cat > "$etc/config.ini" <<INI
[global]
show_stacktraces = "0"
show_application_state_messages = "1"
config_backend = "db"
config_resource = "icingaweb_db"
module_path = "/usr/share/icingaweb2/modules"

[logging]
log = "php"
level = "ERROR"

[themes]
default = "Icinga"
INI
cat > "$etc/resources.ini" <<INI
[icingaweb_db]
type = "db"
db = "mysql"
host = "localhost"
port = ""
dbname = "icingaweb2"
username = "icingaweb2"
password = "$DBPW"
charset = "utf8mb4"
use_ssl = "0"
INI
cat > "$etc/authentication.ini" <<'INI'
[icingaweb2]
backend = "db"
resource = "icingaweb_db"
INI
cat > "$etc/groups.ini" <<'INI'
[icingaweb2]
backend = "db"
resource = "icingaweb_db"
INI
cat > "$etc/roles.ini" <<'INI'
[Administrators]
users = "icingaadmin"
permissions = "*"
groups = "Administrators"
INI
cat > "$etc/modules/monitoring/config.ini" <<'INI'
[security]
protected_customvars = "*pw*,*pass*,community"
INI
export ICINGAWEB_CONFIGDIR=$etc ICINGAWEB_STORAGEDIR=$state/var

# 3. php-fpm (the database's socket as PDO's default: the resource names
# "localhost") and nginx, every path that names no file handed to
# index.php; mutant runs: one worker
extra="php_admin_value[pdo_mysql.default_socket] = $state/db.sock
php_admin_value[mysqli.default_socket] = $state/db.sock
php_admin_value[memory_limit] = 256M
php_admin_value[max_execution_time] = 300"
php_web_start "$state" "$APPDIR/www/public" "$PORT" "$ZONE" "$PHPCLOCK" \
    "$([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)" "$extra" /index.php
if [ -n "${SMART_ICW_HOLD:-}" ]; then   # development: serve until the file goes
    touch "$SMART_ICW_HOLD"; echo "serving on http://$HOST:$PORT/" >&2
    while [ -f "$SMART_ICW_HOLD" ]; do sleep 1; done
fi

if [ "$MUTANT_RUN" = 0 ]; then   # a clean run must serve the login page
    # (it first redirects to check that the browser keeps cookies)
    curl -s -L -c "$state/jar" -b "$state/jar" "http://127.0.0.1:$PORT/authentication/login" > "$state/login.html" || true
    grep -q 'name="password"' "$state/login.html" ||
        { echo "Icinga Web 2 is not served on $PORT" >&2; cat "$state/login.html" "$state/nginx-error.log" "$state/php.log" >&2 || true; exit 1; }
fi
# 4. the sessions: Icinga Web 2's CSRFToken matches replay's *csrf*; `id`, the
# announcement's (uniqid) in the links to its forms, is sent back like a token
rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 \
    --token-pattern id >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "$MUTANT_RUN" = 1 ]; then
    python3 "$APPDIR/smart-scrub.py" out
fi
[ -n "$(find out -type f | head -n 1)" ]
