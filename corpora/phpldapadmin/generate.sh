#!/usr/bin/env bash
# First-look corpus of phpldapadmin (a server-side web application, issue
# 35): phpLDAPadmin 1.2.6.3 from Debian bookworm (package phpldapadmin
# 1.2.6.3-0.3+deb12u1, PHP) in front of OpenLDAP's slapd 2.5 (package
# slapd 2.5.13+dfsg-5), both private to each run, served on loopback by
# nginx + php-fpm 8.2.  Each run loads the same small organisation
# (seed.ldif: people, POSIX and role groups, hosts, a service account) into
# a fresh directory; sessions.json fails to log in, logs in with a user's
# DN, browses entries, the schema, server information, searches (lists,
# tables, no result, a broken filter), exports (LDIF, CSV), compares two
# entries, edits an entry (accepted, and refused by the server's syntax
# check), copies, renames and deletes entries and logs out, replayed by
# `smart replay`.
#
# Written to corpora/phpldapadmin.jsonl.gz, in the training glob
# corpora/*.jsonl*: built for its first look (issue 35, taken at d61099d
# from corpora/firstlook/), it joined the shipped corpora once read
# (docs/first-look.md).
#
# Clean reruns differ by the clock, the time zone, the ports, the host
# name, the blowfish secret, the directory's admin password, PHP's session
# ids and the folder the tree runs in.  Mutants: phpLDAPadmin's own PHP
# (lib/ and htdocs/), served from smart mutate's scratch copy.
#
#   corpora/phpldapadmin/generate.sh            the corpus
#   corpora/phpldapadmin/generate.sh --smoke    a quick check (under a minute)
APP=phpldapadmin
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$CORPORA_DIR/$APP.jsonl.gz
MUTANTS=${PLA_MUTANTS_SECONDS:-1500}
PKGS=(phpldapadmin slapd ldap-utils nginx-light php-fpm php-ldap php-xml faketime curl)
L=pla/lib H=pla/htdocs
MUTATE_FILES="$L/functions.php,$L/page.php,$L/PageRender.php,$L/TemplateRender.php,$L/QueryRender.php,$L/Query.php,$L/ds.php,$L/ds_ldap.php,$L/ds_ldap_pla.php,$L/Tree.php,$L/HTMLTree.php,$L/AJAXTree.php,$L/Template.php,$L/export_functions.php,$L/schema_functions.php,$L/session_functions.php,$L/PLAAttribute.php,$L/ObjectClassAttribute.php,$H/login.php,$H/login_form.php,$H/update_confirm.php,$H/update.php,$H/query_engine.php,$H/compare.php,$H/copy.php,$H/delete.php,$H/rename.php,$H/server_info.php,$H/schema.php,$H/template_engine.php,$H/welcome.php,$H/cmd.php"

# slapd's postinst is told not to configure a directory (the runs make
# their own); phpldapadmin's not to configure a web server; nothing is
# started (apt runs without a service manager here).
install_packages() {
    local p missing=
    for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -n "$missing" ] || return 0
    printf '%s\n' 'slapd slapd/no_configuration boolean true' \
        'phpldapadmin phpldapadmin/reconfigure-webserver multiselect' \
        'phpldapadmin phpldapadmin/restart-webserver boolean false' | debconf-set-selections
    apt_install php-fpm
    apt_install "${PKGS[@]}"
}

# prepare DEST -- a standalone copy of Debian's phpLDAPadmin
# (/usr/share/phpldapadmin, symlinks resolved: its templates from
# /etc/phpldapadmin; the manual left out; config/config.php, a link to
# /etc/phpldapadmin/config.php, written per run), its htdocs/ served as
# /phpldapadmin/ from htroot/ (as Debian's apache.conf aliases it); seed,
# sessions, runner; smart-build.sh lints the files smart mutate seeds.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/htroot"
    cp -aL /usr/share/phpldapadmin "$dest/pla"
    rm -rf "$dest/pla/doc" "$dest/pla/config/config.php"
    ln -s ../pla/htdocs "$dest/htroot/phpldapadmin"
    cp "$HERE/sessions.json" "$HERE/seed.ldif" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , ' '); do php -l \"\$f\" >/dev/null 2>&1 || exit 1; done" \
        > "$dest/smart-build.sh"
    log "mutant-mode directory kept for the mutant runs"
    (cd "$dest" && SMART_PLA_SNAPSHOT=1 sh smart-run.sh)
    touch "$dest/.done"
}

install_packages
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-pla-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    smoke_sessions "$T/app/sessions.json" browse 6
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 6 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "Successfully logged into server" "$T/run-1/browse/03_POST_phpldapadmin-cmd.php.html" ||
        { log "smoke: not logged in"; exit 1; }
    log "smoke: $n pages per run, logged in"
    exit 0
fi

need_smart mutate
W=$CACHE/work/fl-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, secrets)"
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

# The mutant runs wrote the refresh links' random cache buster as TOKEN (to
# repeat); each becomes 32 hex digits from a hash of the seed, the page, the
# mutation and the occurrence, so that the placeholder does not mark the
# inspect pairs.
"$PY" - "$W/mutant-$SEED.jsonl" "$W/mutant-$SEED-tokens.jsonl" "$SEED" <<'PY'
import hashlib, json, re, sys
src, dst, seed = sys.argv[1:]
with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
    for line in f:
        r = json.loads(line)
        n = iter(range(1 << 30))
        r["new"] = re.sub(r"\bTOKEN\b", lambda m: hashlib.sha256(
            ("%s|%s|%s|%d" % (seed, r["test"], r["note"], next(n))).encode()).hexdigest()[:32], r["new"])
        out.write(json.dumps(r, ensure_ascii=False) + "\n")
PY

# Caps: at most 60 pairs per rerun and 240 mutant pairs (8 per mutant); no
# side over 150 000 bytes.  Each mutant pair's old side is clean run 1's
# page (real clock, real secrets), so an inspect pair carries the fault and
# the run-to-run volatility together.
apt_install python3-html5lib
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" -o "$OUT" \
    --unlabelled "$HERE/unlabelled.jsonl.gz" --format html --max-bytes 150000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "phpldapadmin 1.2.6.3 rerun, fresh directory: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18412 (slapd 18422), new blowfish secret, admin password, session ids and tree folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "phpldapadmin 1.2.6.3 rerun, fresh directory: clock 2025-01-02 03:04:05, TZ America/New_York, host ldap.localhost:18413 (slapd 18423), new blowfish secret, admin password, session ids and tree folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "phpldapadmin 1.2.6.3 rerun, fresh directory: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host directory.localhost:18414 (slapd 18424), new blowfish secret, admin password, session ids and tree folder" 60 \
    --pairs mutant "$W/mutant-$SEED-tokens.jsonl" 8 240 \
    | tee "$HERE/counts.txt"
