#!/usr/bin/env bash
# eleventy (a static-site generator, Node): npm package @11ty/eleventy.
# The site: a blog of release notes (one dated post per change-log section
# of six pinned npm packages, their READMEs as undated package pages; site.py)
# with Nunjucks layouts, collections, paginated blog and tag pages, an Atom
# feed and a sitemap written by Nunjucks templates, a Liquid page, and a
# build stamp read from the clock by a global data file (project/).
# Outputs: every HTML page, feed.xml and sitemap.xml.  Clean reruns of 2.0.1
# differ by the build stamp (fake clock, real clock or SOURCE_DATE_EPOCH),
# time zone, locale, site URL (port/host) and build folder.  Mutants:
# eleventy's own JavaScript (src/).  Release pairs: the same site built by
# the releases in VERSIONS, labelled by ANNOTATION.md (lib/label.py).
#
#   corpora/eleventy/generate.sh            the corpus
#   corpora/eleventy/generate.sh --smoke    CI's quick path
APP=eleventy
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUT_VERSION=2.0.1
VERSIONS=(1.0.2 2.0.1 3.0.0)   # 0.12.1 cannot build the site (function permalinks)
MUTANTS=${ELEVENTY_MUTANTS_SECONDS:-1500}
# packages with dated change logs (posts) first, then README-only ones
PACKAGES=(express@4.18.2 body-parser@1.20.2 send@0.18.0 axios@0.27.2 uuid@9.0.0 minimist@1.2.8
          yargs@17.7.2 commander@9.5.0 chalk@4.1.2 debug@4.3.4)

# site DEST [N] -- the project: configuration and templates (project/) and
# the pages site.py writes from the first N packages (all by default).
site() {
    local dest=$1 n=${2:-${#PACKAGES[@]}} spec name tmp
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    tmp=$(mktemp -d "$CACHE/tmp.XXXXXX")
    for spec in "${PACKAGES[@]:0:$n}"; do
        name=${spec%@*}
        (cd "$tmp" && npm pack --silent "$spec" >/dev/null && mkdir "$name" \
            && tar -xzf "$name"-*.tgz -C "$name" --strip-components=1 && rm "$name"-*.tgz)
    done
    cp -a "$HERE/project/." "$dest/"
    "$PY" "$HERE/site.py" "$tmp" "$dest/site" 12
    rm -rf "$tmp"
    touch "$dest/.done"
}

# prepare VERSION DEST SITE -- eleventy VERSION (its package is the tree
# smart mutate copies) with the project and the runner.
prepare() {
    local v=$1 dest=$2 src=$3 pkg
    [ -f "$dest/.done" ] && return 0
    pkg=$(npm_package @11ty/eleventy "$v")
    rm -rf "$dest"; mkdir -p "$dest"
    cp -a "$pkg/." "$dest/"
    cp -a "$src" "$dest/smart-project"
    rm -f "$dest/smart-project/.done"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    cp "$HERE/fixstat.cjs" "$dest/smart-fixstat.cjs"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install faketime
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-eleventy-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    site "$T/site" 1
    prepare "$MUT_VERSION" "$T/app" "$T/site"
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    n=$(find "$T/run-1" -name '*.html' | wc -l)
    [ "$n" -ge 10 ] && [ -f "$T/run-2/feed.xml" ] && [ -f "$T/run-2/sitemap.xml" ] || \
        { log "smoke: only $n pages, or no feed/sitemap"; exit 1; }
    cmp -s "$T/run-1/index.html" "$T/run-2/index.html" && \
        { log "smoke: two clocks gave the same page"; exit 1; }
    cmp -s "$T/run-1/feed.xml" "$T/run-2/feed.xml" && \
        { log "smoke: two clocks and URLs gave the same feed"; exit 1; }
    "$SMART" features "$T/run-1/index.html" "$T/run-2/index.html" >/dev/null || [ $? -eq 1 ]
    "$SMART" features --xml "$T/run-1/feed.xml" "$T/run-2/feed.xml" >/dev/null || [ $? -eq 1 ]
    log "smoke: $n pages per run, reruns differ, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
site "$W/site"
for v in "${VERSIONS[@]}"; do prepare "$v" "$W/v-$v" "$W/site"; done

log "clean runs of eleventy $MUT_VERSION (four clocks, time zones, locales, site URLs, build folders)"
run_suite "$W/v-$MUT_VERSION" "$W/clean" 4
keep_runs "$W/clean"

DIRS=()
prev=
for v in "${VERSIONS[@]}"; do
    log "release $v"
    # the repeatable environment of the mutant runs: a pair differs by the release alone
    run_suite "$W/v-$v" "$W/release-$v" 1 release
    [ -n "$prev" ] && DIRS+=(--dirs version "$W/release-$prev/run-1" "$W/release-$v/run-1" \
        "eleventy $prev -> $v" 40)
    prev=$v
done

log "mutants (${MUTANTS}s)"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    "$SMART" mutate --src "$W/v-$MUT_VERSION" \
        --files 'src/*.js,src/Engines/*.js,src/Plugins/Pagination.js,src/Filters/*.js,src/Util/*.js' \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j "$JOBS" --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi

assemble --format html --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "eleventy $MUT_VERSION rerun: fake clock 2024-07-15 18:42:07 (no SOURCE_DATE_EPOCH), TZ Europe/Berlin, locale de_DE, 127.0.0.1:8081, another build folder" 100 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "eleventy $MUT_VERSION rerun: real clock, TZ America/New_York, locale en_US, localhost:8083, another build folder" 100 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "eleventy $MUT_VERSION rerun: fake clock 2025-01-02 03:04:05, TZ Asia/Tokyo, locale ja_JP, https://notes.example.org/, another build folder" 100 \
    "${DIRS[@]}" \
    --pairs mutant "$W/mutant-$SEED.jsonl" 8 300
