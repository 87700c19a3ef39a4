#!/usr/bin/env bash
# mkdocs (a documentation site generator): mkdocs 1.4.2 from Debian bookworm.
# The site: the README and change log of twelve pinned npm packages and the
# level-2 sections of the CommonMark spec (cmark 0.30.2), one page each,
# built with the default theme.  Outputs: every HTML page and sitemap.xml.
# Clean reruns differ by the build date mkdocs prints in every page and in
# the sitemap (a fake clock, the real clock, or SOURCE_DATE_EPOCH), the time
# zone, and the site URL (another preview port or host).  Mutants: mkdocs's
# own Python (the theme's Jinja templates are not mutated).
#
#   corpora/mkdocs/generate.sh            the corpus
#   corpora/mkdocs/generate.sh --smoke    CI's quick path
APP=mkdocs
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${MKDOCS_MUTANTS_SECONDS:-1200}
PACKAGES=(commander@9.5.0 express@4.18.2 axios@0.27.2 async@3.2.4 q@1.5.1 chalk@4.1.2
          debug@4.3.4 minimist@1.2.8 yargs@17.7.2 lodash@4.17.21 moment@2.29.4 uuid@9.0.0)
PKGS=(mkdocs faketime)

# site DEST [N] -- the site's pages (the first N packages; all by default).
site() {
    local dest=$1 n=${2:-${#PACKAGES[@]}} spec name tmp f spec_src i=0
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/docs/spec"
    tmp=$(mktemp -d "$CACHE/tmp.XXXXXX")
    for spec in "${PACKAGES[@]:0:$n}"; do
        name=${spec%@*}
        (cd "$tmp" && npm pack --silent "$spec" >/dev/null && mkdir "$name" \
            && tar -xzf "$name"-*.tgz -C "$name" --strip-components=1)
        mkdir -p "$dest/docs/$name"
        for f in "$tmp/$name"/*; do
            case $(basename "$f" | tr A-Z a-z) in
            readme.md) cp "$f" "$dest/docs/$name/index.md" ;;
            changelog.md|history.md) cp "$f" "$dest/docs/$name/changelog.md" ;;
            esac
        done
    done
    spec_src=$(debian_source cmark 0.30.2-6)
    "$PY" "$CORPORA_DIR/lib/mdtests.py" "$spec_src" "$tmp/md" >/dev/null
    for f in "$tmp"/md/section-*.md; do
        [ $((i++)) -lt $((n * 3)) ] && cp "$f" "$dest/docs/spec/"
    done
    printf '# Documentation\n\nThe READMEs and change logs of a few npm packages, and the CommonMark spec.\n' \
        > "$dest/docs/index.md"
    printf 'site_name: Package notes\nsite_url: @SITE_URL@\nuse_directory_urls: true\n' > "$dest/mkdocs.yml"
    rm -rf "$tmp"
    touch "$dest/.done"
}

prepare() {
    local dest=$1 src=$2
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL /usr/lib/python3/dist-packages/mkdocs "$dest/mkdocs"
    find "$dest" -name __pycache__ -prune -exec rm -rf {} +
    cp -a "$src" "$dest/site-src"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-mkdocs-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    site "$T/site" 1
    prepare "$T/app" "$T/site"
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    [ -f "$T/run-1/index.html" ] && [ -f "$T/run-2/sitemap.xml" ] || exit 1
    cmp -s "$T/run-1/index.html" "$T/run-2/index.html" && \
        { log "smoke: two clocks gave the same page"; exit 1; }
    "$SMART" features "$T/run-1/index.html" "$T/run-2/index.html" >/dev/null || [ $? -eq 1 ]
    log "smoke: $(find "$T/run-1" -type f | wc -l) outputs per run, reruns differ, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
site "$W/site"
prepare "$W/app" "$W/site"
log "clean runs (four clocks, time zones, site URLs)"
run_suite "$W/app" "$W/clean" 4
keep_runs "$W/clean"

log "mutants (${MUTANTS}s)"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    "$SMART" mutate --src "$W/app" \
        --files 'mkdocs/structure/*.py,mkdocs/utils/__init__.py,mkdocs/commands/build.py,mkdocs/theme.py,mkdocs/utils/filters.py,mkdocs/contrib/search/*.py' \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j "$JOBS" --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi

assemble --format html --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "mkdocs 1.4.2 rerun: fake clock 2024-07-15 18:42:07 (no SOURCE_DATE_EPOCH), TZ Europe/Berlin, port 8002" 150 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "mkdocs 1.4.2 rerun: real clock, TZ America/New_York, localhost:8003" 150 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "mkdocs 1.4.2 rerun: fake clock 2025-01-02 03:04:05, TZ Asia/Tokyo, another host" 150 \
    --pairs mutant "$W/mutant-$SEED.jsonl" 8 300
