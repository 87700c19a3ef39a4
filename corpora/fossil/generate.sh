#!/usr/bin/env bash
# fossil (a server-side web application): Fossil 2.21 from Debian bookworm
# (source package fossil 1:2.21-1+deb12u1), built from source, its own
# SQLite inside, served by `fossil server` on loopback.  The repository
# (repo.sh) has check-ins by two users at fixed dates, a branch, wiki
# pages, tickets and an admin login; sessions.json browses it anonymously
# (timeline and its pages, files, diffs, wiki, tickets, reports, RSS, error
# pages) and as the admin (login form, setup pages, a new ticket through
# its CSRF-protected form, logout), replayed by `smart replay`.
# Clean reruns differ by the clock (ticket and wiki dates, "N days ago",
# the RSS date), the time zone, the port, and what fossil draws at random
# (project code, login cookies, CSRF values, new tickets' ids).
# Mutants: fossil's own C sources of the pages the sessions visit.
#
#   corpora/fossil/generate.sh            the corpus
#   corpora/fossil/generate.sh --smoke    CI's quick path (builds fossil:
#                                         a few minutes)
APP=fossil
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${FOSSIL_MUTANTS_SECONDS:-1500}     # seed SEED
MUTANTS2=${FOSSIL_MUTANTS2_SECONDS:-1200}   # seed SEED+1
PKGS=(faketime curl tcl zlib1g-dev libssl-dev)

# prepare DEST -- fossil's source, configured and built, with the content,
# repo.sh, sessions.json and the runner; smart-build.sh rebuilds after a
# mutation (make is incremental).
prepare() {
    local dest=$1 src spec
    [ -f "$dest/.done" ] && return 0
    src=$(debian_source fossil 1:2.21-1+deb12u1)
    spec=$(debian_source cmark 0.30.2-6)
    rm -rf "$dest"; mkdir -p "$dest"
    cp -a "$src/." "$dest/"
    "$PY" "$CORPORA_DIR/lib/mdtests.py" "$spec" "$dest/content-all" >/dev/null
    mkdir -p "$dest/content"
    cp "$dest"/content-all/section-0[1-9].md "$dest"/content-all/section-1[0-8].md "$dest/content/"
    rm -rf "$dest/content-all"
    cp "$HERE/repo.sh" "$HERE/sessions.json" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    printf 'make -j%s >/dev/null 2>&1 || make >&2\n' "$JOBS" > "$dest/smart-build.sh"
    (cd "$dest" && ./configure --json --disable-fusefs >/dev/null && sh smart-build.sh)
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
export SMART
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-fossil-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    python3 - "$T/app/sessions.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["sessions"] = [{"name": "browse", "requests": s["sessions"][0]["requests"][:4]}]
json.dump(s, open(sys.argv[1], "w"))
PY
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 4 ] || { log "smoke: only $n pages"; exit 1; }
    "$SMART" features "$T/run-1/browse/01_GET_index.html" "$T/run-2/browse/01_GET_index.html" \
        >/dev/null || [ $? -eq 1 ]
    log "smoke: $n pages per run, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports)"
run_suite "$W/app" "$W/clean" 4
keep_runs "$W/clean"

# two seeds, one after the other (one job each: the mutant runs serve on
# one fixed port); the second seed's run is appended before assembly (a
# mutation both seeds draw gives the same pair once: assemble drops the
# duplicate)
PAIRS=()
for seed in "$SEED" "$((SEED + 1))"; do
    secs=$MUTANTS; [ "$seed" = "$SEED" ] || secs=$MUTANTS2
    if [ ! -f "$W/mutant-$seed.jsonl.done" ]; then
        log "mutants, seed $seed (${secs}s)"
        "$SMART" mutate --src "$W/app" \
            --files 'src/timeline.c,src/info.c,src/wiki.c,src/tkt.c,src/report.c,src/browse.c,src/login.c,src/style.c,src/diff.c,src/stat.c,src/setup.c,src/rss.c,src/doc.c,src/printf.c,src/wikiformat.c,src/markdown_html.c' \
            --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
            --time "$secs" --per-mutant 8 --seed "$seed" -j 1 --app "$APP" \
            -o "$W/mutant-$seed.jsonl" >&2
        touch "$W/mutant-$seed.jsonl.done"
    fi
    PAIRS+=(--pairs mutant "$W/mutant-$seed.jsonl" 8 300)
done

assemble --format html --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "fossil 2.21 rerun: clock 2024-07-15 18:42:07, TZ Europe/Berlin, port 18132, fresh random values" 150 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "fossil 2.21 rerun: clock 2025-01-02 03:04:05, TZ America/New_York, port 18133, fresh random values" 150 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "fossil 2.21 rerun: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, port 18134, fresh random values" 150 \
    "${PAIRS[@]}"
