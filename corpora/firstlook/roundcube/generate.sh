#!/usr/bin/env bash
# First-look corpus of roundcube (a server-side web application, issue 35):
# Roundcube webmail 1.6.5 from Debian bookworm (packages roundcube-core and
# roundcube-sqlite3 1.6.5+dfsg-1+deb12u13, PHP, elastic skin) in front of
# a private Dovecot IMAP server (dovecot-imapd 2.3.19.1), both private to
# each run, served on loopback by nginx + php-fpm 8.2.  Each run seeds the
# same mailbox (seed.py: 28 messages in six folders: plain and HTML bodies,
# attachments, threads, non-ASCII headers) into a fresh Dovecot account and
# a fresh SQLite database; sessions.json fails to log in, logs in, opens
# folders, messages, previews, an attachment viewer, a print view, a missing
# message, searches, composes, replies, forwards, sends (SMTP points at a
# port where nothing listens: Roundcube's SMTP error), goes through the
# settings (preferences saved, a folder created, renamed, refused and
# deleted, an identity saved and refused), the address book (a contact
# created, edited, refused, searched, deleted), an unknown action, and logs
# out, replayed by `smart replay`.
#
# Written to corpora/firstlook/roundcube.jsonl.gz, OUTSIDE the training
# glob corpora/*.jsonl*: the default model must not see these pairs before
# the first-look measure.
#
# Clean reruns differ by the clock, the time zone, the ports, the host
# name, the des_key, PHP's session ids, Roundcube's request tokens and
# compose ids.  Mutants: Roundcube's own PHP (program/actions, program/include,
# program/lib/Roundcube) and its elastic templates, served from smart
# mutate's scratch copy.
#
#   corpora/firstlook/roundcube/generate.sh            the corpus
#   corpora/firstlook/roundcube/generate.sh --smoke    a quick check (under a minute)
#   corpora/firstlook/roundcube/generate.sh --prepare DIR   the served tree only (to explore)
APP=roundcube
source "$(dirname "$0")/../../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$CORPORA_DIR/firstlook/$APP.jsonl.gz
MUTANTS=${RC_MUTANTS_SECONDS:-1200}
PKGS=(roundcube-core roundcube-sqlite3 php-sqlite3 dovecot-imapd nginx-light php-fpm faketime curl)
P=rc/program
A=$P/actions
R=$P/lib/Roundcube
T=rc/skins/elastic/templates
MUTATE_FILES="$A/mail/index.php,$A/mail/show.php,$A/mail/compose.php,$A/mail/send.php,$A/mail/get.php,$A/mail/search.php,$A/contacts/index.php,$A/contacts/show.php,$A/contacts/edit.php,$A/contacts/save.php,$A/contacts/search.php,$A/settings/index.php,$A/settings/prefs_edit.php,$A/settings/prefs_save.php,$A/settings/folders.php,$A/settings/folder_edit.php,$A/settings/folder_save.php,$A/settings/identity_edit.php,$A/settings/identity_save.php,$A/settings/responses.php,$A/settings/about.php,$P/include/rcmail.php,$P/include/rcmail_action.php,$P/include/rcmail_output_html.php,$P/include/rcmail_sendmail.php,$P/include/rcmail_string_replacer.php,$R/rcube_output.php,$R/rcube_utils.php,$R/html.php,$R/rcube_message.php,$R/rcube_mime.php,$R/rcube_washtml.php,$R/rcube_addressbook.php,$R/rcube_contacts.php,$R/rcube_vcard.php,$R/rcube_imap.php,$R/rcube_config.php,$R/rcube_user.php,$T/login.html,$T/mail.html,$T/message.html,$T/messagepart.html,$T/messageprint.html,$T/compose.html,$T/settings.html,$T/settingsedit.html,$T/folders.html,$T/folderedit.html,$T/identities.html,$T/identityedit.html,$T/responses.html,$T/addressbook.html,$T/contact.html,$T/contactedit.html,$T/contactsearch.html,$T/about.html,$T/error.html,$T/includes/layout.html,$T/includes/menu.html,$T/includes/footer.html,$T/includes/mail-menu.html,$T/includes/settings-menu.html"

# roundcube-core's postinst is told not to set up a database through
# dbconfig-common and no web server; dovecot-core's start is refused by
# the machine's policy-rc.d (nothing of the system's is started or used).
install_packages() {
    local p missing=
    for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -n "$missing" ] || return 0
    printf '%s\n' 'roundcube-core roundcube/dbconfig-install boolean false' \
        'roundcube-core roundcube/reconfigure-webserver multiselect' \
        'roundcube-core roundcube/restart-webserver boolean false' | debconf-set-selections
    apt_install php-fpm
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q --no-install-recommends "${PKGS[@]}" >&2
}

# prepare DEST -- a standalone copy of Debian's Roundcube tree
# (/var/lib/roundcube, symlinks resolved: the code from
# /usr/share/roundcube, the skins, plugins and scripts from
# /usr/share/javascript, config/defaults.inc.php and mimetypes.php from
# /etc/roundcube; Debian's config.inc.php and database files left out,
# config/config.inc.php written per run); its public_html/ is served;
# seed, sessions, runner, scrubber; smart-build.sh lints the PHP files
# smart mutate seeds.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    "$PY" - "$dest/rc" <<'PY'
import shutil, sys
shutil.copytree("/var/lib/roundcube", sys.argv[1], symlinks=False, ignore_dangling_symlinks=True)
PY
    (cd "$dest/rc" &&
        rm -rf logs temp config/config.inc.php config/debian-db.php config/debian-db-roundcube.php \
            config/apache.conf config/htaccess config/lighttpd.conf &&
        rm -rf public_html/skins public_html/plugins public_html/program/js public_html/program/resources &&
        ln -s ../skins public_html/skins && ln -s ../plugins public_html/plugins &&
        ln -s ../../program/js public_html/program/js && ln -s ../../program/resources public_html/program/resources)
    cp "$HERE/sessions.json" "$HERE/seed.py" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/scrub.py" "$dest/smart-scrub.py"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do case \$f in *.php) php -l \"\$f\" >/dev/null 2>&1 || exit 1;; esac; done" \
        > "$dest/smart-build.sh"
    touch "$dest/.done"
}

install_packages
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --prepare ]; then   # development: the served tree only, in $2
    prepare "$2"; exit 0
fi
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-rc-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    smoke_sessions "$T/app/sessions.json" mail 5
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 5 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "<title>Roundcube Webmail :: Inbox" "$T/run-1/mail/02_POST__task-login.html" ||
        { log "smoke: not logged in"; exit 1; }
    grep -q "Quarterly report draft" "$T/run-m/mail/04_GET__task-mail-_action-show-_uid-1-_mbox-INBOX.html" ||
        { log "smoke: the seeded message is not shown"; exit 1; }
    log "smoke: $n pages per run, logged in, messages shown"
    exit 0
fi

need_smart mutate
W=$CACHE/work/fl-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, keys)"
run_suite "$W/app" "$W/clean" 4
keep_runs "$W/clean" "$HERE/runs"

log "mutants (${MUTANTS}s)"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    # one job: the mutant runs serve on fixed ports
    nice -n 10 "$SMART" mutate --src "$W/app" --files "$MUTATE_FILES" \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j 1 --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi
# the placeholders of the random values become values of their shape
"$PY" "$HERE/scrub.py" --fill "$SEED" "$W/mutant-$SEED.jsonl" "$W/mutant-$SEED-filled.jsonl"

# Caps: at most 60 pairs per rerun and 240 mutant pairs (8 per mutant); no
# side over 150 000 bytes.  Each mutant pair's old side is clean run 1's
# page (real clock, real secrets), so an inspect pair carries the fault and
# the run-to-run volatility together.
apt_install python3-html5lib
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" -o "$OUT" \
    --unlabelled "$HERE/unlabelled.jsonl.gz" --format html --max-bytes 150000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "roundcube 1.6.5 rerun, fresh mailbox and database: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18652 (imap 18662), new des_key, session ids, request tokens and compose ids" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "roundcube 1.6.5 rerun, fresh mailbox and database: clock 2025-01-02 03:04:05, TZ America/New_York, host mail.localhost:18653 (imap 18663), new des_key, session ids, request tokens and compose ids" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "roundcube 1.6.5 rerun, fresh mailbox and database: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host webmail.localhost:18654 (imap 18664), new des_key, session ids, request tokens and compose ids" 60 \
    --pairs mutant "$W/mutant-$SEED-filled.jsonl" 8 240 \
    | tee "$HERE/counts.txt"
