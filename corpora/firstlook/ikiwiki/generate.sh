#!/usr/bin/env bash
# First-look corpus of ikiwiki (a server-side web application, issue 35):
# ikiwiki 3.20200202.3 from Debian bookworm (package ikiwiki
# 3.20200202.3-1, Perl: a wiki compiler with a CGI for editing), its pages
# served by nginx and its CGI by fcgiwrap on loopback, everything (source
# pages, git repository, built pages, setup file, CGI wrapper, user
# database and sessions) private to each run.  Each run builds a small wiki
# (seed/: a front page, a blog with three posts, documentation, a team
# table, tags) from a git history of four commits; sessions.json browses
# it anonymously, searches (Xapian's omega), fails to log in, registers two
# accounts through passwordauth's form (with the account creation
# password), logs in, previews and saves edits, creates a page, tags,
# comments, renames and removes pages, meets locked pages, closed comments
# and missing pages, and logs out, replayed by `smart replay`.
#
# Written to corpora/firstlook/ikiwiki.jsonl.gz, OUTSIDE the training glob
# corpora/*.jsonl*: the default model must not see these pairs before the
# first-look measure.
#
# Clean reruns differ by the clock (the history's dates, the edits'
# commits), the time zone, the port, the host name, the account creation
# password, the session ids, the commit ids and the folder the wiki is
# in.  Mutants: ikiwiki's own templates and Perl modules (copies in the
# prepared tree, which the runs load instead of Debian's).
#
#   corpora/firstlook/ikiwiki/generate.sh            the corpus
#   corpora/firstlook/ikiwiki/generate.sh --smoke    a quick check (about a minute)
APP=ikiwiki
source "$(dirname "$0")/../../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$CORPORA_DIR/firstlook/$APP.jsonl.gz
MUTANTS=${IKI_MUTANTS_SECONDS:-1200}
PKGS=(ikiwiki fcgiwrap nginx-light git gcc libc6-dev libauthen-passphrase-perl libcgi-formbuilder-perl
      libcgi-session-perl libtimedate-perl libsearch-xapian-perl xapian-omega faketime curl)
T=iki/templates L=iki/lib/IkiWiki P=iki/lib/IkiWiki/Plugin
MUTATE_FILES="$T/page.tmpl,$T/editpage.tmpl,$T/recentchanges.tmpl,$T/change.tmpl,$T/comment.tmpl,$T/editcomment.tmpl,$T/inlinepage.tmpl,$T/archivepage.tmpl,$T/autotag.tmpl,$T/renamesummary.tmpl,$T/searchquery.tmpl,$T/searchform.tmpl,iki/lib/IkiWiki.pm,$L/CGI.pm,$L/Render.pm,$P/editpage.pm,$P/passwordauth.pm,$P/recentchanges.pm,$P/comments.pm,$P/tag.pm,$P/inline.pm,$P/meta.pm,$P/link.pm,$P/parentlinks.pm,$P/lockedit.pm,$P/remove.pm,$P/rename.pm,$P/404.pm,$P/search.pm,$P/table.pm,$P/toc.pm,$P/map.pm,$P/sidebar.pm,$P/pagestats.pm,$P/git.pm,$P/getsource.pm,$P/mdwn.pm,$P/htmlscrubber.pm,$P/signinedit.pm"

# The second batch of mutants (another seed): the Perl modules the sessions
# run most (the first batch, over every file above, killed 7 of its 30
# mutants: most of ikiwiki's lines serve features the sessions do not use,
# and the templates offer no line smart mutate's operators apply to).
MUTANTS2=${IKI_MUTANTS2_SECONDS:-1200}
MUTATE_FILES2="iki/lib/IkiWiki.pm,$L/CGI.pm,$L/Render.pm,$P/editpage.pm,$P/passwordauth.pm,$P/recentchanges.pm,$P/tag.pm,$P/lockedit.pm,$P/remove.pm,$P/rename.pm,$P/404.pm,$P/table.pm,$P/parentlinks.pm,$P/sidebar.pm,$P/link.pm,$P/map.pm,$P/pagestats.pm,$P/toc.pm,$P/comments.pm,$P/inline.pm"

# fcgiwrap's and nginx's services are never started (apt runs without a
# service manager here); the runs start their own on loopback.
install_packages() { apt_install "${PKGS[@]}"; }

# prepare DEST -- a standalone copy of Debian's ikiwiki: the program
# (/usr/bin/ikiwiki) in iki/, its Perl modules (IkiWiki.pm, IkiWiki/) in
# iki/lib/, which the runs put first on Perl's path (PERL5LIB, and the
# setup's libdir and ENV for the CGI), and its templates in iki/templates/
# (the setup's templatedir); the wiki's pages (seed/), sessions, runner;
# smart_srand.pm seeds rand() in the mutant runs; smart-build.sh compiles
# the Perl modules smart mutate seeds (a mutant that breaks Perl fails to
# build).
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/iki/lib"
    cp /usr/bin/ikiwiki "$dest/iki/ikiwiki"
    cp -a /usr/share/perl5/IkiWiki.pm /usr/share/perl5/IkiWiki "$dest/iki/lib/"
    cp -a /usr/share/ikiwiki/templates "$dest/iki/templates"
    cp -r "$HERE/seed" "$dest/seed"
    cp "$HERE/sessions.json" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' '# seeds rand() in the mutant runs (PERL5OPT=-Msmart_srand)' 'srand(1);' '1;' > "$dest/smart_srand.pm"
    printf '%s\n' "for f in \$(echo '$MUTATE_FILES' | tr , '\n' | grep '\\.pm\$'); do perl -Iiki/lib -c \"\$f\" >/dev/null 2>&1 || exit 1; done" \
        > "$dest/smart-build.sh"
    (cd "$dest" && sh smart-build.sh) || { log "Debian's ikiwiki modules do not compile"; exit 1; }
    touch "$dest/.done"
}

install_packages
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-iki-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    smoke_sessions "$T/app/sessions.json" join 5
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 5 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "<title>preferences</title>" "$T/run-1/join/05_POST_ikiwiki.cgi.html" ||
        { log "smoke: no account made, not logged in"; exit 1; }
    grep -q 'name="sid" type="hidden" value="TOKEN32"' "$T/run-m/join/05_POST_ikiwiki.cgi.html" ||
        { log "smoke: the mutant-mode run's session id is not a placeholder"; exit 1; }
    log "smoke: $n pages per run, an account made and logged in"
    exit 0
fi

need_smart mutate
W=$CACHE/work/fl-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, host names, passwords)"
run_suite "$W/app" "$W/clean" 4
keep_runs "$W/clean" "$HERE/runs"

# one job unless IKI_MUTANT_JOBS says otherwise (each slot serves on a
# port of its own, see run.sh)
JOBS_NOW=${IKI_MUTANT_JOBS:-1}
# mutant_batch FILES SECONDS SEED -- one `smart mutate` batch into
# $W/mutant-SEED.jsonl (cached)
mutant_batch() {
    log "mutants (${2}s, seed $3, -j $JOBS_NOW; load $(cut -d' ' -f1 /proc/loadavg))"
    [ -f "$W/mutant-$3.jsonl.done" ] && return 0
    nice -n 10 "$SMART" mutate --src "$W/app" --files "$1" \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$2" --per-mutant 8 --seed "$3" -j "$JOBS_NOW" --app "$APP" \
        -o "$W/mutant-$3.jsonl" >&2
    touch "$W/mutant-$3.jsonl.done"
}
mutant_batch "$MUTATE_FILES" "$MUTANTS" "$SEED"
mutant_batch "$MUTATE_FILES2" "$MUTANTS2" "$((SEED + 1))"
cat "$W/mutant-$SEED.jsonl" "$W/mutant-$((SEED + 1)).jsonl" > "$W/mutant-both.jsonl"

# The values the mutant runs wrote as placeholders (to repeat) become as
# many hex digits (TOKEN32: the session ids in the forms) or a search time
# (TOKENTIME: omega's "Search took N seconds") from a hash of the seed, the
# page, the mutation and the occurrence, so that the placeholder does not
# mark the inspect pairs.
"$PY" - "$W/mutant-both.jsonl" "$W/mutant-$SEED-tokens.jsonl" "$SEED" <<'PY'
import hashlib, json, re, sys
src, dst, seed = sys.argv[1:]
with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
    for line in f:
        r = json.loads(line)
        n = iter(range(1 << 30))
        def fill(m):
            h = hashlib.sha256(("%s|%s|%s|%d" % (seed, r["test"], r["note"], next(n))).encode()).hexdigest()
            return h[:32] if m.group(0) == "TOKEN32" else "0.%06d" % (100 + int(h[:8], 16) % 400)
        r["new"] = re.sub(r"\bTOKEN(32|TIME)\b", fill, r["new"])
        out.write(json.dumps(r, ensure_ascii=False) + "\n")
PY

# Caps: at most 60 pairs per rerun and 240 mutant pairs (8 per mutant); no
# side over 150 000 bytes.  Each mutant pair's old side is clean run 1's
# page (real clock, real random values), so an inspect pair carries the
# fault and the run-to-run volatility together.
apt_install python3-html5lib
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" -o "$OUT" \
    --unlabelled "$HERE/unlabelled.jsonl.gz" --format html --max-bytes 150000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "ikiwiki 3.20200202.3 rerun, fresh wiki: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host localhost:18612, new account creation password, accounts, session and commit ids and wiki folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "ikiwiki 3.20200202.3 rerun, fresh wiki: clock 2025-01-02 03:04:05, TZ America/New_York, host wiki.localhost:18613, new account creation password, accounts, session and commit ids and wiki folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "ikiwiki 3.20200202.3 rerun, fresh wiki: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, host harbour.localhost:18614, new account creation password, accounts, session and commit ids and wiki folder" 60 \
    --pairs mutant "$W/mutant-$SEED-tokens.jsonl" 8 240 \
    | tee "$HERE/counts.txt"
