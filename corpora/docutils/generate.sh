#!/usr/bin/env bash
# docutils (a reStructuredText processor): docutils 0.19 from Debian
# bookworm (python3-docutils 0.19+dfsg-6; the mirror serves the binary
# packages of python-docutils but not its source tarballs, so the Python
# package as Debian installs it is copied and run, as gcovr's is), run on
# real reStructuredText documents shipped in Debian bookworm binary packages:
# docutils' own documentation (docutils-doc 0.19+dfsg-6, the .txt sources
# under 70 KB) and the README.rst of nine Python packages.  Each document is
# published in three suites (run.sh, publish.py): HTML5 pages with a time
# stamp, generator line, source link and style sheets linked from the build
# folder; HTML5 pages through a site docutils.conf (localised date stamp,
# section numbers, a source URL into the build folder); docutils XML with the
# date and generator.  Clean reruns differ by the clock (frozen, running,
# real; SOURCE_DATE_EPOCH set or unset), the time zone, the locale (the
# site's date stamp names the weekday and month) and the build folder
# (source links and URLs, style sheet paths, the XML's source attribute,
# paths in system messages).  Mutants: docutils' own Python.
#
#   corpora/docutils/generate.sh            the corpus
#   corpora/docutils/generate.sh --smoke    CI's quick path
APP=docutils
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${DOCUTILS_MUTANTS_SECONDS:-1500}
PKGS=(python3-docutils faketime locales-all)
DIST=/usr/lib/python3/dist-packages
# the inputs' packages (Debian bookworm binary packages, pinned)
DOC_DEBS=(docutils-doc=0.19+dfsg-6 python3-colorama=0.4.6-2 python3-docopt=0.6.2-4.1
    python3-flask=2.2.2-3 python3-lxml=4.9.2-1+deb12u1 python3-more-itertools=8.10.0-2
    python3-pycparser=2.21-1 python3-pytest=7.2.1-2 python3-sortedcontainers=2.4.0-2
    python3-tz=2022.7.1-4)

# inputs DEST -- the reStructuredText documents (DEST/docutils-doc/...,
# DEST/readme/PKG.rst) and DEST/inputs.txt, from the packages above
# (downloaded with apt-get download into the cache, unpacked, not installed).
inputs() {
    local dest=$1 debs=$CACHE/debs/$APP d p f
    if [ ! -f "$debs/.done" ]; then
        rm -rf "$debs"; mkdir -p "$debs/x"
        (cd "$debs" && apt-get download -q "${DOC_DEBS[@]}" >&2)
        for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$debs/x"; done
        touch "$debs/.done"
    fi
    rm -rf "$dest"; mkdir -p "$dest/readme"
    cp -a "$debs/x/usr/share/doc/docutils-doc" "$dest/docutils-doc"
    find "$dest/docutils-doc" -type f ! -name '*.txt' -delete
    for f in "$debs"/x/usr/share/doc/python3-*/README.rst.gz "$debs"/x/usr/share/doc/python3-*/*/README.rst; do
        p=${f#"$debs/x/usr/share/doc/"}; p=${p%%/*}
        case $f in *.gz) gzip -dc "$f" > "$dest/readme/$p.rst" ;; *) cp "$f" "$dest/readme/$p.rst" ;; esac
    done
    # docs/header.txt and header2.txt are included by the others, not documents
    (cd "$dest" && find . -type f \( -name '*.txt' -o -name '*.rst' \) -size -70k \
        ! -name 'header*.txt' | sed 's|^\./||' | LC_ALL=C sort > inputs.txt)
}

# prepare DEST -- docutils' sources (the package as Debian ships it), the
# inputs and the runner.
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL "$DIST/docutils" "$dest/docutils"
    find "$dest" -name __pycache__ -prune -exec rm -rf {} +
    inputs "$dest/inputs"
    # Debian keeps the style sheets and templates in docutils-common
    # (/usr/share/docutils, where the copy still finds its templates)
    mkdir -p "$dest/static"
    cp /usr/share/docutils/writers/html5_polyglot/minimal.css \
       /usr/share/docutils/writers/html5_polyglot/plain.css "$dest/static/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/publish.py" "$dest/smart-publish.py"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-docutils-smoke.XXXXXX")
    trap 'rm -rf "$T" /tmp/smart-docutils-ci' EXIT
    prepare "$T/app"
    # a few documents only
    grep -E '^(readme/python3-tz\.rst|docutils-doc/docs/user/tools\.txt|docutils-doc/docs/ref/rst/roles\.txt)$' \
        "$T/app/inputs/inputs.txt" > "$T/inputs.txt"
    cp "$T/inputs.txt" "$T/app/inputs/inputs.txt"
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    [ -f "$T/run-1/html5/readme/python3-tz.html" ] && [ -f "$T/run-2/xml/docutils-doc/docs/ref/rst/roles.xml" ] || exit 1
    cmp -s "$T/run-1/xml/readme/python3-tz.xml" "$T/run-2/xml/readme/python3-tz.xml" && \
        { log "smoke: two clocks and build folders gave the same XML"; exit 1; }
    cmp -s "$T/run-1/site/readme/python3-tz.html" "$T/run-2/site/readme/python3-tz.html" && \
        { log "smoke: two clocks and locales gave the same HTML"; exit 1; }
    "$SMART" features --xml "$T/run-1/xml/readme/python3-tz.xml" "$T/run-2/xml/readme/python3-tz.xml" >/dev/null || [ $? -eq 1 ]
    "$SMART" features "$T/run-1/html5/readme/python3-tz.html" "$T/run-2/html5/readme/python3-tz.html" >/dev/null || [ $? -eq 1 ]
    log "smoke: $(find "$T/run-1" -type f | wc -l) outputs per run, reruns differ, smart reads them"
    exit 0
fi

W=$CACHE/work/$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, locales, build folders; SOURCE_DATE_EPOCH in runs 1 and 4)"
run_suite "$W/app" "$W/clean" 4
rm -rf /tmp/smart-docutils-ci
keep_runs "$W/clean"
need_smart mutate

# The mutant runs publish a subset of the inputs (a run of all 65 takes
# ~90 s on a loaded machine, too slow for enough mutants): every second one
# of those whose three outputs are all under 40 KB in clean run 1, so that
# each mutant pair fits the size limit below.  Their old sides still come
# from clean run 1.
if [ ! -f "$W/mutapp/.done" ]; then
    rm -rf "$W/mutapp"; cp -a "$W/app" "$W/mutapp"; rm -f "$W/mutapp/.done"
    "$PY" - "$W/app/inputs/inputs.txt" "$W/clean/run-1" > "$W/mutapp/inputs/inputs.txt" <<'PY'
import os, sys
inputs, run = open(sys.argv[1]).read().split(), sys.argv[2]
def size(p):
    return os.path.getsize(p) if os.path.exists(p) else 10 ** 9
small = [i for i in inputs
         if max(size(os.path.join(run, s, os.path.splitext(i)[0] + e))
                for s, e in (("html5", ".html"), ("site", ".html"), ("xml", ".xml"))) < 40000]
print("\n".join(small[::2]))
PY
    touch "$W/mutapp/.done"
fi
log "mutant runs publish $(wc -l < "$W/mutapp/inputs/inputs.txt") of $(wc -l < "$W/app/inputs/inputs.txt") inputs"

# Two seeds, run side by side (one job each: a smart mutate's runs share one
# fixed build folder of their own, SMART_DOCUTILS_MUTANT_ROOT).
FILES='docutils/writers/_html_base.py,docutils/writers/html5_polyglot/__init__.py,docutils/writers/docutils_xml.py,docutils/parsers/rst/states.py,docutils/transforms/universal.py,docutils/transforms/references.py,docutils/transforms/frontmatter.py,docutils/transforms/parts.py,docutils/nodes.py,docutils/parsers/rst/directives/body.py,docutils/parsers/rst/directives/tables.py,docutils/utils/__init__.py'
PAIRS=()
for seed in $SEED $((SEED + 1)); do
    if [ ! -f "$W/mutant-$seed.jsonl.done" ]; then
        log "mutants, seed $seed (${MUTANTS}s)"
        (export SMART_DOCUTILS_MUTANT_ROOT=/tmp/smart-docutils-mutant/seed-$seed
         rm -rf "$SMART_DOCUTILS_MUTANT_ROOT"
         nice -n 10 "$SMART" mutate --src "$W/mutapp" --files "$FILES" \
            --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
            --time "$MUTANTS" --per-mutant 8 --seed "$seed" -j 1 --app "$APP" \
            -o "$W/mutant-$seed.jsonl" >&2 \
         && rm -rf "$SMART_DOCUTILS_MUTANT_ROOT" && touch "$W/mutant-$seed.jsonl.done") &
    fi
    PAIRS+=(--pairs mutant "$W/mutant-$seed.jsonl" 8 150)
done
wait
for seed in $SEED $((SEED + 1)); do
    [ -f "$W/mutant-$seed.jsonl.done" ] || { log "smart mutate failed (seed $seed)"; exit 1; }
done
rmdir /tmp/smart-docutils-mutant 2>/dev/null || true

assemble --format html --max-bytes 60000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "docutils 0.19 rerun: clock running from 2024-07-15 18:42:07, TZ Europe/Berlin, LC_ALL de_DE.UTF-8, no SOURCE_DATE_EPOCH, another build folder" 70 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "docutils 0.19 rerun: real clock, TZ America/New_York, LC_ALL en_US.UTF-8, no SOURCE_DATE_EPOCH, a fresh temporary build folder" 70 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "docutils 0.19 rerun: SOURCE_DATE_EPOCH 2025-01-02 03:04:05 UTC (clock frozen there), TZ Asia/Tokyo, LC_ALL fr_FR.UTF-8, another build folder" 70 \
    "${PAIRS[@]}"
