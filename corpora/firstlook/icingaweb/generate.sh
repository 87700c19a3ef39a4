#!/usr/bin/env bash
# icingaweb (first look: a server-side web application nobody tuned smart
# for): Icinga Web 2 2.11.4 from Debian bookworm (packages icingaweb2,
# php-icinga, icingaweb2-module-monitoring 2.11.4-2+deb12u1, PHP), served
# on loopback by nginx + php-fpm 8.2 through its front controller, on a
# private MariaDB (mariadb-server 10.11) that each run starts on its own
# data folder and socket, holding the icingaweb2 database (Debian's
# schema/mysql.schema.sql: users, groups, preferences), with a private
# configuration folder per run (ICINGAWEB_CONFIGDIR).  Icinga itself does
# not run: the monitoring module is enabled without a backend, and its
# pages say so.  sessions.json fails to log in, logs in as icingaadmin,
# goes through the dashboard, the configuration (application, resources,
# authentication, modules), users, groups, roles, navigation,
# announcements, preferences and searches, creates, edits and deletes a
# user, a group, a role and an announcement with the forms' CSRFToken,
# meets error pages and logs out, replayed by `smart replay`.
# Clean reruns differ by the clock, the time zone, the port, the host
# name, the database password and a fresh install (password hashes,
# session ids, CSRF seeds).  Mutants: the application's own PHP
# (library/Icinga, application/ controllers, forms and view scripts),
# served from smart mutate's scratch copy.
#
# The corpus goes to corpora/firstlook/icingaweb.jsonl.gz, outside the
# training glob corpora/*.jsonl*: the default model must not see it before
# its first look (issue 35).
#
#   corpora/firstlook/icingaweb/generate.sh            the corpus
#   corpora/firstlook/icingaweb/generate.sh --smoke    a quick check (about a minute)
APP=icingaweb
source "$(dirname "$0")/../../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT_DIR=$CORPORA_DIR/firstlook
MUTANTS=${ICINGAWEB_MUTANTS_SECONDS:-1200}
PKGS=(icingaweb2 icingaweb2-module-monitoring mariadb-server mariadb-client nginx-light php-fpm
      php-mysql php-xml php-mbstring php-gd php-intl php-curl faketime curl python3-html5lib)
MUTATE_FILES="www/application/controllers/AboutController.php,www/application/controllers/AccountController.php,www/application/controllers/AnnouncementsController.php,www/application/controllers/AuthenticationController.php,www/application/controllers/ConfigController.php,www/application/controllers/ErrorController.php,www/application/controllers/GroupController.php,www/application/controllers/RoleController.php,www/application/controllers/UserController.php,www/application/controllers/SearchController.php,www/application/forms/Authentication/LoginForm.php,www/application/forms/Config/User/UserForm.php,www/application/forms/Config/UserGroup/UserGroupForm.php,www/application/forms/Config/UserGroup/AddMemberForm.php,www/application/forms/Security/RoleForm.php,www/application/forms/Announcement/AnnouncementForm.php,www/application/forms/PreferenceForm.php,www/application/forms/RepositoryForm.php,www/application/forms/ConfigForm.php,www/application/forms/Account/ChangePasswordForm.php,www/application/forms/Config/General/ApplicationConfigForm.php,www/application/forms/Config/General/LoggingConfigForm.php,www/application/views/scripts/about/index.phtml,www/application/views/scripts/account/index.phtml,www/application/views/scripts/announcements/index.phtml,www/application/views/scripts/authentication/login.phtml,www/application/views/scripts/config/general.phtml,www/application/views/scripts/config/module.phtml,www/application/views/scripts/config/modules.phtml,www/application/views/scripts/config/resource.phtml,www/application/views/scripts/error/error.phtml,www/application/views/scripts/group/list.phtml,www/application/views/scripts/group/show.phtml,www/application/views/scripts/role/list.phtml,www/application/views/scripts/user/list.phtml,www/application/views/scripts/user/show.phtml,www/application/views/scripts/search/index.phtml,www/application/views/scripts/layout/menu.phtml,www/application/views/scripts/layout/announcements.phtml,www/application/layouts/scripts/layout.phtml,www/application/layouts/scripts/body.phtml,www/application/layouts/scripts/parts/navigation.phtml,www/library/Icinga/Web/Form.php,www/library/Icinga/Web/Widget/Tabs.php,www/library/Icinga/Web/Widget/Tab.php,www/library/Icinga/Web/Widget/SortBox.php,www/library/Icinga/Web/Widget/Limiter.php,www/library/Icinga/Web/Widget/Announcements.php,www/library/Icinga/Web/View/PrivilegeAudit.php,www/library/Icinga/Web/View/helpers/format.php,www/library/Icinga/Web/View/helpers/url.php,www/library/Icinga/Web/Notification.php,www/library/Icinga/Web/Url.php,www/library/Icinga/Web/Menu.php,www/library/Icinga/Date/DateFormatter.php,www/library/Icinga/Authentication/User/DbUserBackend.php,www/library/Icinga/Authentication/UserGroup/DbUserGroupBackend.php,www/library/Icinga/Web/Controller/AuthBackendController.php,www/library/Icinga/Web/Controller/ActionController.php"

# prepare DEST -- a standalone copy of Debian's Icinga Web 2 in the layout
# of its source tree (www/: /usr/share/icingaweb2's application, public,
# schema and library/vendor, and php-icinga's /usr/share/php/Icinga
# as library/Icinga, so that the front controller and the library the runs
# serve are the tree's own and smart mutate can seed them), an initialised
# MariaDB data folder (db-template/), the sessions and the runner with its
# helpers; then one mutant-mode run installs the database the mutant runs
# copy (db-installed/).  smart-build.sh only lints the files smart mutate
# seeds that changed (PHP needs no build).  The installed trees are only
# read; Icinga's PHP libraries (/usr/share/icinga-php: ipl, vendor) are
# read where Debian installed them, and so are its modules (monitoring:
# run.sh).
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/www/library"
    local d
    for d in application public schema; do cp -aL "/usr/share/icingaweb2/$d" "$dest/www/"; done
    cp -aL /usr/share/icingaweb2/library/vendor "$dest/www/library/vendor"
    cp -aL /usr/share/php/Icinga "$dest/www/library/Icinga"
    # Debian's front controller requires the installed library: this tree's
    sed -i "s|require_once '/usr/share/php/Icinga/Application/webrouter.php';|require_once __DIR__ . '/../library/Icinga/Application/webrouter.php';|" \
        "$dest/www/public/index.php"
    grep -q "__DIR__ . '/../library/Icinga" "$dest/www/public/index.php"
    mariadb-install-db --no-defaults --datadir="$dest/db-template" --auth-root-authentication-method=socket \
        --skip-test-db --user=root --innodb-log-file-size=16M --innodb-buffer-pool-size=64M \
        --innodb-undo-tablespaces=3 >/dev/null 2>&1
    cp "$HERE/sessions.json" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/scrub.py" "$dest/smart-scrub.py"
    cp "$CORPORA_DIR/lib/placeholders.py" "$dest/placeholders.py"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    cp "$CORPORA_DIR/lib/mariadb.sh" "$dest/smart-mariadb.sh"
    cp "$CORPORA_DIR/lib/php-web.sh" "$dest/smart-php-web.sh"
    # lints the seeded files changed since the last build that passed (a
    # mutant changes one file)
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do" \
        "  [ -f .smart-linted ] && [ ! \"\$f\" -nt .smart-linted ] && continue" \
        "  php -l \"\$f\" >/dev/null 2>&1 || exit 1" "done" "touch .smart-linted" > "$dest/smart-build.sh"
    log "installing the mutant runs' database"
    (cd "$dest" && SMART_ICW_SNAPSHOT=1 sh smart-run.sh)
    touch "$dest/.done"
}

apt_install --no-recommends "${PKGS[@]}"
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-icingaweb-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    # a login and two pages: a clean run (a fresh install) and a
    # mutant-mode run (on its own port, beside a generation's mutants)
    smoke_sessions "$T/app/sessions.json" browse 4
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && SMART_ICW_MUTANT_PORT=18649 sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 4 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "Current Incidents" "$T/run-1/browse/02_POST_authentication-login.html" || { log "smoke: not logged in"; exit 1; }
    grep -q "SMARTPHWINDOW1X" "$T/run-m/browse/02_POST_authentication-login.html" || { log "smoke: mutant run not scrubbed"; exit 1; }
    log "smoke: $n pages per run, logged in"
    exit 0
fi
if [ "${1:-}" = --hold ]; then   # development: a prepared tree served until the file $2 goes
    T=$CACHE/work/firstlook-$APP-dev
    prepare "$T/app"
    (cd "$T/app" && SMART_RUN_SEED=1 SMART_ICW_KEEP=1 SMART_ICW_HOLD=$2 sh smart-run.sh)
    exit 0
fi

need_smart mutate
W=$CACHE/work/firstlook-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, passwords, fresh installs)"
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
V="icingaweb2 2.11.4 rerun, fresh install"
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
    -o "$OUT_DIR/$APP.jsonl.gz" --unlabelled "$HERE/unlabelled.jsonl.gz" \
    --format html --max-bytes 160000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "$V: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18642, database password, password hashes, session ids and CSRF seeds" 50 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "$V: clock 2025-01-02 03:04:05, TZ America/New_York, host icinga.localhost:18643, database password, password hashes, session ids and CSRF seeds" 50 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "$V: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host monitor.localhost:18644, database password, password hashes, session ids and CSRF seeds" 50 \
    --pairs mutant "$W/mutant-$SEED-filled.jsonl" 6 150 \
    | tee "$HERE/counts.txt"
