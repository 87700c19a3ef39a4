#!/usr/bin/env bash
# postfixadmin (first look: a server-side web application nobody tuned
# smart for): PostfixAdmin 3.3.13 from Debian bookworm (package
# postfixadmin 3.3.13-1+deb12u1, PHP with Smarty templates), the web admin
# of a Postfix/Dovecot mail server's virtual domains, mailboxes and
# aliases, served on loopback by nginx + php-fpm 8.2 with a real MariaDB
# (mariadb-server 10.11) that each run starts on a private data folder and
# socket and stops when done.  No mail server is needed: PostfixAdmin only
# writes the tables Postfix would read (its mail to a port nothing listens
# on fails, as the send-mail page shows).  sessions.json sets it up through
# its web setup (setup.php builds the schema, a superadmin is created), then
# the superadmin adds domains, mailboxes, aliases, an alias domain and a
# domain admin, edits, searches, reads the log, deactivates and deletes;
# a mailbox user sets a vacation message and a forward; the domain admin
# looks at its domain and is refused another: replayed by `smart replay`.
# Clean reruns differ by the clock, the time zone, the port, the host name,
# the setup password's salt, a fresh MariaDB and state folder, and the
# random session ids and tokens.  Mutants: PostfixAdmin's own PHP (the
# pages, functions.inc.php, the model classes), served from smart mutate's
# scratch copy.
#
# The corpus goes to corpora/firstlook/postfixadmin.jsonl.gz, outside the
# training glob corpora/*.jsonl*: the default model must not see it before
# its first look (issue 35).
#
#   corpora/firstlook/postfixadmin/generate.sh            the corpus
#   corpora/firstlook/postfixadmin/generate.sh --smoke    a quick check (a minute)
APP=postfixadmin
source "$(dirname "$0")/../../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT_DIR=$CORPORA_DIR/firstlook
MUTANTS=${POSTFIXADMIN_MUTANTS_SECONDS:-2100}
PKGS=(postfixadmin php-imap mariadb-server mariadb-client nginx-light php-fpm php-mysql php-xml
      php-mbstring faketime curl python3-html5lib)
MUTATE_FILES='public/edit.php,public/list.php,public/list-virtual.php,public/login.php,public/main.php,public/delete.php,public/editactive.php,public/viewlog.php,public/sendmail.php,public/vacation.php,public/setup.php,public/users/login.php,public/users/main.php,public/users/edit-alias.php,public/users/password.php,functions.inc.php,common.php,model/PFAHandler.php,model/DomainHandler.php,model/MailboxHandler.php,model/AliasHandler.php,model/AliasdomainHandler.php,model/AdminHandler.php,model/VacationHandler.php,model/Login.php,model/Config.php,model/PFASmarty.php'

# Debian's package asks debconf whether to set up its database through
# dbconfig-common and which web server to configure: neither (each run
# makes its own database and server), and no recommends (Apache: the
# package depends on some web server and PHP SAPI, which
# nginx and php-fpm satisfy).
install_packages() {
    local p missing=
    for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -n "$missing" ] || return 0
    printf '%s\n' 'postfixadmin postfixadmin/dbconfig-install boolean false' \
        'postfixadmin postfixadmin/reconfigure-webserver multiselect' | debconf-set-selections
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q \
        --no-install-recommends $missing >&2 ||
        { apt-get -o DPkg::Lock::Timeout=1200 update -q >&2 &&
          DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q \
              --no-install-recommends $missing >&2; }
}

# prepare DEST -- a standalone copy of Debian's PostfixAdmin tree
# (symlinks resolved: Debian's config.inc.php from /etc/postfixadmin and
# the pages it links; its dbconfig-common include replaced by a stub and
# its config.local.php written by each run), a Smarty cache folder, an
# initialised MariaDB data folder (db-template/), sessions.json, the runner
# and its scrubber; smart-build.sh only lints the files smart mutate seeds
# (PHP needs no build).  The installed tree is only read.  The tree and
# the data folder are made once (cached); the runner, the sessions and
# the scrubber are copied on every call, so that a cached tree never runs
# an old runner.
prepare() {
    local dest=$1 f
    if [ ! -f "$dest/.done" ]; then
        rm -rf "$dest"; mkdir -p "$dest"
        for f in /usr/share/postfixadmin/*; do
            case $(basename "$f") in config.local.php|templates_c) continue ;; esac
            cp -aL "$f" "$dest/"
        done
        printf '%s\n' '<?php' '// smart corpus: the database settings are in config.local.php (written per run)' \
            '$dbtype = "mysqli"; $dbserver = "localhost"; $dbuser = ""; $dbpass = ""; $dbname = "";' \
            > "$dest/dbconfig.inc.php"
        mkdir -p "$dest/templates_c"
        mariadb-install-db --no-defaults --datadir="$dest/db-template" --auth-root-authentication-method=socket \
            --skip-test-db --user=root --innodb-log-file-size=4M --innodb-buffer-pool-size=16M >/dev/null 2>&1
        touch "$dest/.done"
    fi
    cp "$HERE/sessions.json" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/../phpmyadmin/scrub.py" "$dest/smart-scrub.py"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do php -l \"\$f\" >/dev/null 2>&1 || exit 1; done" \
        > "$dest/smart-build.sh"
}

# check_clean_run DIR -- a clean run is kept only when it is whole: one
# non-empty, complete page (its </html>) per request of sessions.json, the
# schema built to its end and the database reached on every page (no "Something went wrong while
# trying to ..." of setup.php), the superadmin logged in.  A broken clean
# run would make pairs of the environment's failure.
check_clean_run() {
    local dir=$1 want got
    want=$("$PY" -c 'import json,sys; print(sum(len(s["requests"]) for s in json.load(open(sys.argv[1]))["sessions"]))' \
        "$HERE/sessions.json")
    got=$(find "$dir" -type f -size +0 | wc -l)
    [ "$got" = "$want" ] || { log "$dir: $got pages, not $want"; return 1; }
    ! grep -l 'Something went wrong while trying' -r "$dir" >&2 || { log "$dir: setup failed"; return 1; }
    [ -z "$(grep -L '</html>' -r "$dir")" ] || { log "$dir: a page cut short"; return 1; }
    grep -q 'updating to version' "$dir/setup/01_GET_setup.php.html" || { log "$dir: no schema"; return 1; }
    grep -q 'Logged in as admin@example.org' "$dir/admin/04_"*.html || { log "$dir: not logged in"; return 1; }
}

install_packages
export SMART
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-postfixadmin-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    # the setup (schema and superadmin) and a login: two environments
    python3 - "$T/app/sessions.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
a = next(x for x in s["sessions"] if x["name"] == "admin")
s["sessions"] = [s["sessions"][0], {"name": "admin", "requests": a["requests"][:4]}]
json.dump(s, open(sys.argv[1], "w"))
PY
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 9 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q 'Logged in as admin@example.org' "$T/run-1/admin/04_"*.html || { log "smoke: not logged in"; exit 1; }
    "$SMART" features "$T/run-1/setup/01_GET_setup.php.html" "$T/run-2/setup/01_GET_setup.php.html" \
        >/dev/null || [ $? -eq 1 ]
    log "smoke: $n pages per run, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/firstlook-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, setup salts, fresh databases)"
run_suite "$W/app" "$W/clean" 4
for r in "$W/clean"/run-*; do
    check_clean_run "$r" || { log "remove $W/clean and run again"; exit 1; }
done
# the raw clean runs, for volatility profiles (smart profile)
mkdir -p "$OUT_DIR/$APP/runs"
for r in "$W/clean"/run-*; do
    tar -h --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
        -C "$r" -cf - . | gzip -n -9 > "$OUT_DIR/$APP/runs/$(basename "$r").tar.gz"
done

log "mutants (${MUTANTS}s)"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    # one job: the mutant runs serve on one fixed port
    nice -n 10 "$SMART" mutate --src "$W/app" --files "$MUTATE_FILES" \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j 1 --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi
# pages "killed" by the real clock, not by the mutation, go (stable.py says
# which and why)
"$PY" "$HERE/stable.py" "$W/mutant-$SEED.jsonl" "$W/mutant-$SEED-stable.jsonl"
# the placeholders of the mutant pages become random-looking values of the
# same shape (scrub.py --fill: deterministic)
"$PY" "$HERE/../phpmyadmin/scrub.py" --fill "$SEED" "$W/mutant-$SEED-stable.jsonl" "$W/mutant-$SEED-filled.jsonl"

# Caps: at most 60 pairs per rerun (every page) and 240 mutant pairs (8 per
# mutant); PostfixAdmin's pages are 4-27 kB.
mkdir -p "$OUT_DIR/$APP"
apt_install python3-html5lib
V="postfixadmin 3.3.13 rerun"
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
    -o "$OUT_DIR/$APP.jsonl.gz" --unlabelled "$OUT_DIR/$APP/unlabelled.jsonl.gz" \
    --format html --max-bytes 200000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "$V: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18312, fresh MariaDB, setup salt, sessions and tokens" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "$V: clock 2025-01-02 03:04:05, TZ America/New_York, host mail.localhost:18313, fresh MariaDB, setup salt, sessions and tokens" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "$V: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host postfixadmin.localhost:18314, fresh MariaDB, setup salt, sessions and tokens" 60 \
    --pairs mutant "$W/mutant-$SEED-filled.jsonl" 8 240 \
    | tee "$OUT_DIR/$APP/counts.txt"
