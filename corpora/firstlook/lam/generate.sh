#!/usr/bin/env bash
# lam (first look: a server-side web application nobody tuned smart for):
# LDAP Account Manager 8.3 from Debian bookworm (package
# ldap-account-manager 8.3-1, PHP), served on loopback by nginx + php-fpm
# 8.2, in front of a private OpenLDAP slapd 2.5 (package slapd
# 2.5.13+dfsg-5) that each run loads with a small organisation (seed.ldif:
# 34 people, 6 POSIX groups, 4 hosts), with a private copy of the
# application whose configuration, session and temporary folders are the
# run's own (never /var/lib/ldap-account-manager or /etc).  sessions.json
# fails to log in, logs in as the profile's administrator, lists users
# (sorted, filtered, paged), groups and hosts, opens, edits and saves a user
# and a group in the account editor, creates and deletes accounts, goes
# through the tree view, the tools, profiles, PDF and CSV export pages,
# meets error pages and logs out, with LAM's form token sec_token,
# replayed by `smart replay`.
# Clean reruns differ by the clock, the time zone, the ports, the host
# name, the directory's root password, the salts of LAM's password hashes
# and PHP's session ids and form tokens (a fresh install).  Mutants: LAM's
# own PHP (lib/, templates/, lib/modules/, lib/types/), served from smart
# mutate's scratch copy.
#
# The corpus goes to corpora/firstlook/lam.jsonl.gz, outside the training
# glob corpora/*.jsonl*: the default model must not see it before its
# first look (issue 35).
#
#   corpora/firstlook/lam/generate.sh            the corpus
#   corpora/firstlook/lam/generate.sh --smoke    a quick check (under a minute)
APP=lam
source "$(dirname "$0")/../../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT_DIR=$CORPORA_DIR/firstlook
MUTANTS=${LAM_MUTANTS_SECONDS:-1200}
PKGS=(ldap-account-manager slapd ldap-utils nginx-light php-fpm php-ldap php-xml php-mbstring
      php-gd php-curl php-zip php-gmp php-imagick faketime curl python3-html5lib)
MUTATE_FILES="lam/lib/lists.inc,lam/lib/html.inc,lam/lib/modules.inc,lam/lib/baseModule.inc,lam/lib/baseType.inc,lam/lib/security.inc,lam/lib/types.inc,lam/lib/account.inc,lam/lib/adminHeader.inc,lam/lib/adminFooter.inc,lam/lib/ldap.inc,lam/lib/schema.inc,lam/lib/profiles.inc,lam/lib/pdfstruct.inc,lam/lib/treeview.inc,lam/lib/tools.inc,lam/lib/status.inc,lam/lib/configPages.inc,lam/lib/modules/inetOrgPerson.inc,lam/lib/modules/posixAccount.inc,lam/lib/modules/posixGroup.inc,lam/lib/modules/shadowAccount.inc,lam/lib/modules/account.inc,lam/lib/types/user.inc,lam/lib/types/group.inc,lam/lib/types/host.inc,lam/templates/login.php,lam/templates/logout.php,lam/templates/delete.php,lam/templates/main.php,lam/templates/help.php,lam/templates/lists/list.php,lam/templates/account/edit.php,lam/templates/config/conflogin.php,lam/templates/config/confmain.php,lam/templates/config/mainlogin.php,lam/templates/config/mainmanage.php,lam/templates/tools/treeView.php,lam/templates/tools/serverInfo.php,lam/templates/tools/importexport.php,lam/templates/tools/ou_edit.php,lam/templates/schema/schema.php,lam/templates/tests/index.php,lam/templates/profedit/profilemain.php,lam/templates/pdfedit/pdfmain.php"

# slapd's postinst is told not to configure a directory (the runs make
# their own); nothing is started (apt runs without a service manager here).
install_packages() {
    local p missing=
    for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -n "$missing" ] || return 0
    echo 'slapd slapd/no_configuration boolean true' | debconf-set-selections
    apt_install --no-recommends "${PKGS[@]}"
}

# prepare DEST -- a standalone copy of Debian's LAM (/usr/share/ldap-account-manager,
# symlinks resolved, as lam/; the manual left out) served as /lam/ from
# htroot/; Debian's shipped configuration folder (/var/lib/ldap-account-manager/config,
# read, never written) copied as lam-config/, from which every run makes
# lam/config anew; the seed, the sessions, the runner and its helpers;
# then the mutant runs' directory is loaded once (ldap-installed/).
# smart-build.sh only lints the seeded files changed since its last pass.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/htroot"
    cp -a /usr/share/ldap-account-manager "$dest/lam"
    rm -rf "$dest/lam/docs" "$dest/lam/config" "$dest/lam/sess" "$dest/lam/tmp"
    cp -aL /var/lib/ldap-account-manager/config "$dest/lam-config"
    rm -f "$dest/lam-config/config.cfg" "$dest/lam-config/lam.conf"
    ln -s ../lam "$dest/htroot/lam"
    cp "$HERE/sessions.json" "$HERE/seed.ldif" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/scrub.py" "$dest/smart-scrub.py"
    cp "$CORPORA_DIR/lib/placeholders.py" "$dest/placeholders.py"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    cp "$CORPORA_DIR/lib/slapd.sh" "$dest/smart-slapd.sh"
    cp "$CORPORA_DIR/lib/php-web.sh" "$dest/smart-php-web.sh"
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do" \
        "  [ -f .smart-linted ] && [ ! \"\$f\" -nt .smart-linted ] && continue" \
        "  php -l \"\$f\" >/dev/null 2>&1 || exit 1" "done" "touch .smart-linted" > "$dest/smart-build.sh"
    log "loading the mutant runs' directory"
    (cd "$dest" && SMART_LAM_SNAPSHOT=1 sh smart-run.sh)
    touch "$dest/.done"
}

install_packages
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-lam-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    # a login and two pages: a clean run (a fresh install) and a
    # mutant-mode run (on its own port, beside a generation's mutants)
    smoke_sessions "$T/app/sessions.json" browse 4
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && SMART_LAM_MUTANT_PORT=18749 sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 4 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "templates/logout.php" "$T/run-1/browse/02_POST_lam-templates-login.php.html" || { log "smoke: not logged in"; exit 1; }
    grep -q "SMARTPHTOKEN1X" "$T/run-m/browse/02_POST_lam-templates-login.php.html" || { log "smoke: mutant run not scrubbed"; exit 1; }
    log "smoke: $n pages per run, logged in"
    exit 0
fi
if [ "${1:-}" = --hold ]; then   # development: a prepared tree served until the file $2 goes
    T=$CACHE/work/firstlook-$APP-dev
    prepare "$T/app"
    cp "$HERE/sessions.json" "$HERE/run.sh" "$T/app/" && cp "$HERE/run.sh" "$T/app/smart-run.sh"
    (cd "$T/app" && SMART_RUN_SEED=1 SMART_LAM_KEEP=1 SMART_LAM_HOLD=$2 sh smart-run.sh)
    exit 0
fi
need_smart mutate
W=$CACHE/work/firstlook-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, passwords, salts, fresh installs)"
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
V="ldap-account-manager 8.3 rerun, fresh install"
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
    -o "$OUT_DIR/$APP.jsonl.gz" --unlabelled "$HERE/unlabelled.jsonl.gz" \
    --format html --max-bytes 160000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "$V: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18742, directory root password, password hash salts, session ids and form tokens" 50 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "$V: clock 2025-01-02 03:04:05, TZ America/New_York, host lam.localhost:18743, directory root password, password hash salts, session ids and form tokens" 50 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "$V: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host accounts.localhost:18744, directory root password, password hash salts, session ids and form tokens" 50 \
    --pairs mutant "$W/mutant-$SEED-filled.jsonl" 6 150 \
    | tee "$HERE/counts.txt"
