#!/usr/bin/env bash
# zabbix (first look: a server-side web application nobody tuned smart
# for): the Zabbix frontend 6.0.14 from Debian bookworm (package
# zabbix-frontend-php 1:6.0.14+dfsg-1, PHP), served on loopback by nginx +
# php-fpm 8.2, on a private MariaDB (mariadb-server 10.11) that each run
# starts on its own data folder and socket, with Zabbix's database
# installed from Debian's zabbix-server-mysql 1:6.0.14+dfsg-1+b1 scripts
# (the server itself is not run: the pages say so).  sessions.json fails
# to log in, logs in as Admin, goes through dashboards, problems, hosts,
# templates, items, triggers, maps, users, user groups and the
# administration pages, searches, creates, edits and deletes a host group,
# a host, an item and a user group with the frontend's sid tokens, meets
# error pages and logs out, replayed by `smart replay`.
# Clean reruns differ by the clock, the time zone, the port, the host
# name, the database password and a fresh install (session key, session
# ids).  Mutants: the frontend's own PHP (include/, app/ controllers and
# views), served from smart mutate's scratch copy.
#
# Written to corpora/zabbix.jsonl.gz, in the training glob
# corpora/*.jsonl*: built for its first look (issue 35, taken at dd01171
# from corpora/firstlook/), it joined the shipped corpora once read
# (docs/first-look.md, "Zabbix, read").
#
#   corpora/zabbix/generate.sh            the corpus
#   corpora/zabbix/generate.sh --smoke    a quick check (two minutes)
APP=zabbix
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT_DIR=$CORPORA_DIR
# two batches of mutants, seeds $SEED and $SEED+1 (the second was added when
# the first, on a machine loaded by other work, gave too few faults)
MUTANTS=${ZABBIX_MUTANTS_SECONDS:-900}
MUTANTS2=${ZABBIX_MUTANTS2_SECONDS:-780}
PKGS=(zabbix-frontend-php mariadb-server mariadb-client nginx-light php-fpm php-mysql php-xml
      php-mbstring php-gd php-bcmath php-ldap faketime curl python3-html5lib)
SERVER_DEB=zabbix-server-mysql=1:6.0.14+dfsg-1+b1
MUTATE_FILES="www/include/func.inc.php,www/include/html.inc.php,www/include/hosts.inc.php,www/include/items.inc.php,www/include/triggers.inc.php,www/include/users.inc.php,www/include/forms.inc.php,www/include/page_header.php,www/include/page_footer.php,www/include/classes/html/CTag.php,www/include/classes/html/CLink.php,www/include/classes/html/CTableInfo.php,www/include/classes/html/CTable.php,www/include/classes/html/CForm.php,www/include/classes/html/CFormList.php,www/include/classes/html/CWarning.php,www/include/classes/helpers/CMessageHelper.php,www/include/classes/helpers/CMenuHelper.php,www/app/controllers/CControllerHostList.php,www/app/controllers/CControllerUserList.php,www/app/controllers/CControllerUsergroupList.php,www/app/controllers/CControllerAuditLogList.php,www/app/controllers/CControllerSearch.php,www/app/controllers/CControllerReportStatus.php,www/app/controllers/CControllerProblemView.php,www/app/controllers/CControllerHostView.php,www/app/controllers/CControllerDashboardView.php,www/app/controllers/CControllerUsergroupCreate.php,www/app/controllers/CControllerUserCreate.php,www/app/views/configuration.host.list.php,www/app/views/administration.user.list.php,www/app/views/administration.usergroup.list.php,www/app/views/reports.auditlog.list.php,www/app/views/search.php,www/app/views/report.status.php,www/app/views/administration.mediatype.list.php,www/app/views/layout.htmlpage.php,www/app/views/layout.warning.php,www/app/views/administration.usergroup.edit.php,www/app/views/administration.user.edit.php,www/app/views/monitoring.host.view.php,www/app/partials/monitoring.host.view.html.php,www/include/views/configuration.item.list.php,www/include/views/configuration.item.edit.php,www/include/views/configuration.triggers.list.php,www/include/views/configuration.template.list.php,www/include/views/configuration.action.list.php,www/include/views/general.login.php,www/hostgroups.php,www/items.php,www/triggers.php,www/templates.php,www/index.php"


# server_sql DEST -- Debian's database scripts for the frontend
# (schema.sql.gz, images.sql.gz, data.sql.gz of zabbix-server-mysql), taken
# from the package file (apt-get download, cached) without installing it:
# its postinst would set up a Zabbix server service, which no run needs.
server_sql() {
    local dest=$1 d=$CACHE/debs/zabbix-server-mysql
    if [ ! -f "$d/.done" ]; then
        rm -rf "$d"; mkdir -p "$d"
        (cd "$d" && apt-get download -q "$SERVER_DEB" >&2 && dpkg-deb -x ./*.deb x)
        touch "$d/.done"
    fi
    mkdir -p "$dest"
    cp "$d"/x/usr/share/zabbix-server-mysql/{schema,images,data}.sql.gz "$dest/"
}

# prepare DEST -- a standalone copy of Debian's frontend
# (/usr/share/zabbix, symlinks resolved; conf/zabbix.conf.php written per
# run, and read from there, not from Debian's /etc/zabbix), its locale
# (locale/en_US.UTF-8), an initialised MariaDB data folder (db-template/), Debian's SQL,
# the sessions and the runner with its helpers; then one mutant-mode run
# installs the database the mutant runs copy (db-installed/).
# smart-build.sh only lints the files smart mutate seeds that changed
# (PHP needs no build).  The installed tree is only read.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL /usr/share/zabbix "$dest/www"
    rm -f "$dest/www/conf/COPYING"
    # Debian reads the configuration from /etc/zabbix: this tree reads its own
    sed -i "s|const CONFIG_FILE_PATH = '/etc/zabbix/zabbix.conf.php';|const CONFIG_FILE_PATH = __DIR__.'/../../../conf/zabbix.conf.php';|" \
        "$dest/www/include/classes/core/CConfigFile.php"
    grep -q "__DIR__.'/../../../conf/zabbix.conf.php'" "$dest/www/include/classes/core/CConfigFile.php"
    server_sql "$dest/sql"
    # the frontend sets the locale of its language (en_US): a private
    # compiled one (run.sh points LOCPATH at it), the system's untouched
    mkdir -p "$dest/locale"
    localedef -i en_US -f UTF-8 "$dest/locale/en_US.UTF-8"
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
    # lints the seeded files changed since the last build that passed (53
    # lints take 6 s on a loaded machine; a mutant changes one file)
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do" \
        "  [ -f .smart-linted ] && [ ! \"\$f\" -nt .smart-linted ] && continue" \
        "  php -l \"\$f\" >/dev/null 2>&1 || exit 1" "done" "touch .smart-linted" > "$dest/smart-build.sh"
    log "installing the mutant runs' database"
    (cd "$dest" && SMART_ZBX_SNAPSHOT=1 sh smart-run.sh)
    touch "$dest/.done"
}

apt_install --no-recommends "${PKGS[@]}"
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-zabbix-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    # a login and three pages: a clean run (a fresh install) and a
    # mutant-mode run (on its own port, beside a generation's mutants)
    smoke_sessions "$T/app/sessions.json" browse 4
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && SMART_ZBX_MUTANT_PORT=18609 sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 4 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "Global view" "$T/run-1/browse/01_POST_index.php.html" || { log "smoke: not logged in"; exit 1; }
    grep -q "SMARTPHSID1X" "$T/run-m/browse/01_POST_index.php.html" || { log "smoke: mutant run not scrubbed"; exit 1; }
    log "smoke: $n pages per run, logged in"
    exit 0
fi

need_smart mutate
W=$CACHE/work/firstlook-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, passwords, fresh installs)"
run_suite "$W/app" "$W/clean" 4
# the raw clean runs, for volatility profiles (smart profile)
keep_runs "$W/clean" "$HERE/runs"

log "mutants (${MUTANTS}s, then ${MUTANTS2}s)"
S2=$((SEED + 1))
mutants_timed "$W/app" "$MUTATE_FILES" "$MUTANTS" "$W/mutant-$SEED.jsonl"
mutants_timed "$W/app" "$MUTATE_FILES" "$MUTANTS2" "$W/mutant-$S2.jsonl" "$S2"
# clock-only mutant pairs are left out (clock_only.py says how and why);
# the placeholders of the mutant pages become random-looking values of the
# same shape (scrub.py --fill: deterministic)
for s in "$SEED" "$S2"; do
    "$PY" "$HERE/clock_only.py" "$W/mutant-$s.jsonl" "$W/mutant-$s-timed.jsonl" "$W/mutant-$s-clock-only.txt"
    "$PY" "$HERE/scrub.py" --fill "$s" "$W/mutant-$s-timed.jsonl" "$W/mutant-$s-filled.jsonl"
done

# Caps keep the corpus near 6 MB (pages of 2-135 kB; a pair costs about
# 20 kB compressed): at most 45 pairs per rerun and 75 mutant pairs per
# batch (6 per mutant, so that more mutants show), no side over 160 000
# bytes.
# Each mutant pair's old side is clean run 1's page, so an inspect pair
# carries the fault and the run-to-run volatility together.
apt_install python3-html5lib
V="zabbix frontend 6.0.14 rerun, fresh install"
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
    -o "$OUT_DIR/$APP.jsonl.gz" --unlabelled "$HERE/unlabelled.jsonl.gz" \
    --format html --max-bytes 160000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "$V: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18602, database password, session key and session ids" 45 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "$V: clock 2025-01-02 03:04:05, TZ America/New_York, host zabbix.localhost:18603, database password, session key and session ids" 45 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "$V: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host monitor.localhost:18604, database password, session key and session ids" 45 \
    --pairs mutant "$W/mutant-$SEED-filled.jsonl" 6 75 \
    --pairs mutant "$W/mutant-$S2-filled.jsonl" 6 75 \
    | tee "$HERE/counts.txt"
