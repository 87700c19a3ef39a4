#!/usr/bin/env bash
# pelican (a static-site generator): Pelican 4.8.0 from Debian bookworm
# (package pelican 4.8.0+dfsg-1), run from its Python source with its
# default theme ("simple"; Debian removed "notmyidea").  The site: a blog
# of Debian change-log entries (one dated article per upload, site.py) of
# twelve bookworm packages, with categories, tags, authors, pagination,
# drafts, and six README files as pages.  Outputs: every HTML page and the
# Atom and RSS feeds (XML).  Clean reruns differ by the clock (the
# modification time of the checked-out content, which the undated articles
# take; a fake clock, the real clock, SOURCE_DATE_EPOCH set or unset), the
# time zone (the site's TIMEZONE), the locale (C, de_DE, en_US, fr_FR: date
# names), the site URL (host and port), the Python hash seed and the build
# folder.  Mutants: Pelican's own Python (the theme's templates are not
# mutated).
#
#   corpora/pelican/generate.sh            the corpus
#   corpora/pelican/generate.sh --smoke    CI's quick path
APP=pelican
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${PELICAN_MUTANTS_SECONDS:-1500}
PKGS=(pelican faketime locales python3-markdown python3-jinja2 python3-docutils python3-pygments
      python3-feedgenerator python3-dateutil python3-unidecode python3-blinker python3-tz python3-rich)
# the packages whose change logs and READMEs make the blog (their
# /usr/share/doc as Debian bookworm installs it)
SITE_PKGS=(pelican python3-markdown python3-jinja2 python3-docutils python3-pygments
           python3-feedgenerator python3-dateutil python3-unidecode python3-blinker faketime
           python3-tz python3-rich)

# locales -- compiles the locales the reruns use into the cache (LOCPATH),
# leaving the system's locale configuration alone.
locales() {
    local l
    for l in de_DE fr_FR en_US; do
        [ -f "$CACHE/locales/$l.UTF-8/LC_TIME" ] && continue
        mkdir -p "$CACHE/locales"
        localedef -i "$l" -f UTF-8 "$CACHE/locales/$l.UTF-8" >&2 || true
    done
}

# prepare DEST [PACKAGES...] -- Pelican's source (the package as Debian
# ships it), the site (the blog of PACKAGES, all by default) and the runner.
prepare() {
    local dest=$1; shift
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/site-src"
    cp -aL /usr/lib/python3/dist-packages/pelican "$dest/pelican"
    find "$dest" -name __pycache__ -prune -exec rm -rf {} +
    "$PY" "$HERE/site.py" /usr/share/doc "$dest/site-src" "${@:-${SITE_PKGS[@]}}" >/dev/null
    cp "$HERE/pelicanconf.py" "$dest/site-src/pelicanconf.py"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' "$CACHE/locales" > "$dest/smart-locpath"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
locales
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-pelican-smoke.XXXXXX")
    trap 'rm -rf "$T" /tmp/smart-pelican-ci' EXIT
    prepare "$T/app" pelican python3-markdown python3-docutils faketime
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    [ -f "$T/run-1/index.html" ] && [ -f "$T/run-2/feeds/all.atom.xml" ] || exit 1
    cmp -s "$T/run-1/index.html" "$T/run-2/index.html" && \
        { log "smoke: two environments gave the same page"; exit 1; }
    "$SMART" features "$T/run-1/index.html" "$T/run-2/index.html" >/dev/null || [ $? -eq 1 ]
    "$SMART" features --xml "$T/run-1/feeds/all.atom.xml" "$T/run-2/feeds/all.atom.xml" >/dev/null || [ $? -eq 1 ]
    log "smoke: $(find "$T/run-1" -type f | wc -l) outputs per run, reruns differ, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
prepare "$W/app"
log "clean runs (six clocks, time zones, locales, site URLs, hash seeds, build folders)"
run_suite "$W/app" "$W/clean" 6
rm -rf /tmp/smart-pelican-ci
keep_runs "$W/clean"

log "mutants (${MUTANTS}s)"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    nice -n 10 "$SMART" mutate --src "$W/app" \
        --files 'pelican/contents.py,pelican/generators.py,pelican/writers.py,pelican/utils.py,pelican/paginator.py,pelican/readers.py,pelican/urlwrappers.py' \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j 1 --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi

assemble --format html --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "pelican 4.8.0 rerun: fake clock 2026-07-15 18:42:07 (no SOURCE_DATE_EPOCH), TZ Europe/Berlin, de_DE.UTF-8, localhost:8080, another build folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "pelican 4.8.0 rerun: real clock, TZ America/New_York, en_US.UTF-8, https://blog.example.org, a fresh temporary build folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "pelican 4.8.0 rerun: fake clock 2027-01-02 03:04:05, TZ Asia/Tokyo, fr_FR.UTF-8, 192.168.10.20:8001, another build folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-5" "pelican 4.8.0 rerun: another SOURCE_DATE_EPOCH, TZ Australia/Sydney, C.UTF-8, the same URL, another build folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-6" "pelican 4.8.0 rerun: fake clock 2026-02-10 07:15:00, older than the newest upload (undated articles sort lower), TZ America/Sao_Paulo, en_US.UTF-8, the same URL, another build folder" 60 \
    --pairs mutant "$W/mutant-$SEED.jsonl" 8 400
