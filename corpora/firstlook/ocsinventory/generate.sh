#!/usr/bin/env bash
# ocsinventory (first look: a server-side web application nobody tuned
# smart for): OCS Inventory NG's web console ("reports") 2.8.1 from Debian
# bookworm (package ocsinventory-reports 2.8.1+dfsg1+~2.11.1-1, GUI
# 2.11.1, PHP), served on loopback by nginx + php-fpm 8.2 on a private
# MariaDB 10.11 that each run starts in its own folder with its own socket,
# holding the ocsweb database made by the package's own install.php and
# update, with five inventoried computers seeded in the package's schema
# and a private configuration file per run (never /etc/ocsinventory).
# sessions.json fails to log in, logs in as the administrator, browses the
# computers, their detail pages, software, groups, tags, users, profiles,
# configuration and information pages, creates, edits and deletes users,
# administrative data fields, notes and tags with the forms' CSRF_<n>
# tokens, searches, meets error pages and logs out, replayed by
# `smart replay`.
#
# Writes corpora/firstlook/ocsinventory.jsonl.gz, outside the training glob
# corpora/*.jsonl*: the default model must not see it before its first
# look (issue 35).
#
#   corpora/firstlook/ocsinventory/generate.sh            the corpus
#   corpora/firstlook/ocsinventory/generate.sh --smoke    a quick check (about a minute)
APP=ocsinventory
source "$(dirname "$0")/../../lib/common.sh"
source "$CORPORA_DIR/lib/firstlook.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT_DIR=$CORPORA_DIR/firstlook
MUTANTS=${OCS_MUTANTS_SECONDS:-1200}
PKGS=(ocsinventory-reports mariadb-server mariadb-client nginx-light php-fpm php-mysql php-xml
      php-gd php-mbstring php-zip php-soap faketime curl python3-html5lib)
MUTATE_FILES="www/index.php,www/require/header.php,www/require/footer.php,www/require/function_commun.php,www/require/function_table_html.php,www/require/function_users.php,www/require/function_search.php,www/require/menu/MainMenuRenderer.php,www/require/menu/ComputerMenuRenderer.php,www/require/menu/MenuRenderer.php,www/require/admininfo/Admininfo.php,www/require/search/Search.php,www/backend/AUTH/auth.php,www/backend/AUTH/methode/local.php,www/plugins/main_sections/ms_all_computers/ms_all_computers.php,www/plugins/main_sections/ms_computer/ms_computer.php,www/plugins/main_sections/ms_computer/ms_computer_views.php,www/plugins/main_sections/ms_admininfo/ms_admininfo.php,www/plugins/main_sections/ms_users/ms_users.php,www/plugins/main_sections/ms_users/ms_add_user.php,www/plugins/main_sections/ms_users/ms_config_account.php,www/plugins/computer_detail/cd_admininfo/cd_admininfo.php,www/plugins/computer_detail/cd_comments/cd_comments.php,www/plugins/main_sections/ms_multi_search/ms_multi_search.php,www/plugins/main_sections/ms_config/ms_config.php,www/plugins/main_sections/ms_repart_tag/ms_repart_tag.php,www/plugins/main_sections/ms_groups/ms_groups.php,www/plugins/main_sections/ms_all_soft/ms_all_soft.php"

# prepare DEST -- a standalone copy of Debian's OCS Inventory reports tree
# (www/: /usr/share/ocsinventory-reports with the javascript libraries it
# links to copied in), with var.php reading the run's state folder from
# SMART_OCS_STATE for its database configuration file, var and log folders
# (Debian's reads /etc/ocsinventory/dbconfig.inc.php and writes under
# /var/lib and /var/log), and vendor/autoload.php, the Composer autoloader
# Debian does not ship (header.php requires it: it loads the Debian
# packages of the libraries composer.json names, PHPMailer and phpCAS); an
# empty MariaDB data folder (db-template/), the seed, the sessions and the
# runner with its helpers; then one mutant-mode run installs the database
# the mutant runs copy (db-installed/).  smart-build.sh only lints the
# files smart mutate seeds that changed (PHP needs no build).  The
# installed tree is only read.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL /usr/share/ocsinventory-reports "$dest/www"
    rm -f "$dest/www/dbconfig.inc.php"
    local v=$dest/www/var.php
    sed -i "s|^define('VARLIB_DIR', .*|define('VARLIB_DIR', getenv('SMART_OCS_STATE') . '/varlib');|;
            s|^define('VARLOG_DIR', .*|define('VARLOG_DIR', getenv('SMART_OCS_STATE') . '/varlog');|;
            s|^define('CONF_MYSQL', .*|define('CONF_MYSQL', getenv('SMART_OCS_STATE') . '/dbconfig.inc.php');|;
            s|^define('PLUGINS_GUI_DIR', .*|define('PLUGINS_GUI_DIR', getenv('SMART_OCS_STATE') . '/plugins/');|" "$v"
    [ "$(grep -c "getenv('SMART_OCS_STATE')" "$v")" = 4 ]
    mkdir -p "$dest/www/vendor"
    printf '%s\n' '<?php' '// The Composer autoloader Debian does not ship (smart first-look corpus):' \
        '// the Debian packages of the libraries composer.json names.' \
        "require_once '/usr/share/php/libphp-phpmailer/autoload.php';" \
        "require_once '/usr/share/php/CAS.php';" > "$dest/www/vendor/autoload.php"
    mariadb-install-db --no-defaults --datadir="$dest/db-template" --auth-root-authentication-method=socket \
        --skip-test-db --user=root --innodb-log-file-size=16M --innodb-buffer-pool-size=64M \
        --innodb-undo-tablespaces=3 >/dev/null 2>&1
    cp "$HERE/sessions.json" "$HERE/seed.sql" "$dest/"
    runner_files "$dest" fake-clock mariadb php-web served-run
    lint_build "$MUTATE_FILES" "$dest"
    log "installing the mutant runs' database"
    (cd "$dest" && SMART_OCS_SNAPSHOT=1 sh smart-run.sh)
    touch "$dest/.done"
}

apt_install --no-recommends "${PKGS[@]}"
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-ocs-smoke.XXXXXX")
    [ -n "${SMART_OCS_KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    # a login and two pages: a clean run (a fresh install) and a
    # mutant-mode run (on its own port, beside a generation's mutants)
    smoke_sessions "$T/app/sessions.json" browse 3
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && SMART_OCS_MUTANT_PORT=18779 sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 3 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "My dashboard" "$T"/run-1/browse/02_POST_* || { log "smoke: not logged in"; exit 1; }
    grep -q "ALL COMPUTERS" "$T"/run-1/browse/03_GET_* || { log "smoke: no computer list"; exit 1; }
    grep -q "SMARTPHCSRF1X" "$T"/run-m/browse/03_GET_* || { log "smoke: mutant run not scrubbed"; exit 1; }
    log "smoke: $n pages per run, logged in"
    exit 0
fi
if [ "${1:-}" = --hold ]; then   # development: a prepared tree served until the file $2 goes
    T=$CACHE/work/firstlook-$APP-dev
    prepare "$T/app"
    (cd "$T/app" && SMART_RUN_SEED=${3:-1} SMART_OCS_KEEP=1 SMART_OCS_HOLD=$2 sh smart-run.sh)
    exit 0
fi

W=$CACHE/work/firstlook-$APP
firstlook_pairs "$W" "$MUTATE_FILES" "$MUTANTS"
V="ocsinventory-reports 2.8.1 rerun, fresh install"
firstlook_assemble "$W" \
    "$V: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18772, database password, session ids and CSRF tokens" \
    "$V: clock 2025-01-02 03:04:05, TZ America/New_York, host ocs.localhost:18773, database password, session ids and CSRF tokens" \
    "$V: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host inventory.localhost:18774, database password, session ids and CSRF tokens"
