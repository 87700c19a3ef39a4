#!/usr/bin/env bash
# eslint (a JavaScript linter's report generator, Node): npm package eslint.
# Inputs: the JavaScript sources of six pinned npm packages (INPUTS), each
# package linted under four fixed configurations (suites/: eslint's
# recommended rules, a set of style rules, a set of best-practice rules, the
# recommended rules made stricter) by a small driver (lint.cjs) through
# eslint's ESLint class.  Outputs: per suite and package, eslint's HTML
# report ("Generated on <date>") and its JUnit and checkstyle XML (absolute
# file paths).  Clean reruns of MUT_VERSION differ by the clock (fake or
# real; SOURCE_DATE_EPOCH set or unset, which eslint ignores), time zone,
# locale and build folder (run.sh).  Mutants: eslint's own JavaScript (the
# formatters, the linter, the rules the suites use).  Release pairs: the
# same lint by the releases in VERSIONS, labelled by ANNOTATION.md
# (lib/label.py).
#
#   corpora/eslint/generate.sh            the corpus
#   corpora/eslint/generate.sh --smoke    CI's quick path
APP=eslint
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUT_VERSION=8.57.0
VERSIONS=(7.0.0 7.32.0 8.0.0 8.30.0 8.57.0)   # 6.x has no ESLint class
MUTANTS=${ESLINT_MUTANTS_SECONDS:-1800}     # seed SEED
MUTANTS2=${ESLINT_MUTANTS2_SECONDS:-1080}   # seed SEED+1
# the sources smart mutate rewrites: the three formatters and their XML
# escaping, the linter's reporting path, the ESLint class, and the rules the
# suites turn on
RULES=comma-dangle,operator-linebreak,space-before-function-paren,camelcase,max-len,no-param-reassign
RULES=$RULES,no-use-before-define,consistent-return,complexity,no-shadow,no-undefined,no-implicit-coercion
RULES=$RULES,strict,no-unused-vars,no-plusplus,func-style,object-shorthand,yoda,eqeqeq,curly,prefer-const
RULES=$RULES,no-else-return,dot-notation,default-case,no-undef,no-empty,no-prototype-builtins
MUT_FILES=lib/cli-engine/formatters/html.js,lib/cli-engine/formatters/junit.js,lib/cli-engine/formatters/checkstyle.js
MUT_FILES=$MUT_FILES,lib/cli-engine/xml-escape.js,lib/linter/linter.js,lib/linter/report-translator.js
MUT_FILES=$MUT_FILES,lib/linter/interpolate.js,lib/linter/apply-disable-directives.js,lib/eslint/eslint.js
MUT_FILES=$MUT_FILES,$(printf 'lib/rules/%s.js,' ${RULES//,/ })
MUT_FILES=${MUT_FILES%,}
# package@version:the folders or files of it that are linted
INPUTS=(express@4.18.2:lib semver@7.5.4:classes,functions,internal,ranges,index.js
        qs@6.11.2:lib debug@4.3.4:src minimist@1.2.8:index.js,test ws@8.13.0:lib)

# inputs DEST [N] -- the sources of the first N packages of INPUTS (all by
# default), DEST/NAME/...
inputs() {
    local dest=$1 n=${2:-${#INPUTS[@]}} spec pkg name parts p tmp
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    tmp=$(mktemp -d "$CACHE/tmp.XXXXXX")
    for spec in "${INPUTS[@]:0:$n}"; do
        pkg=${spec%%:*} name=${pkg%@*}
        (cd "$tmp" && npm pack --silent "$pkg" >/dev/null && mkdir "$name" \
            && tar -xzf "$name"-*.tgz -C "$name" --strip-components=1 && rm "$name"-*.tgz)
        IFS=, read -r -a parts <<< "${spec#*:}"
        mkdir -p "$dest/$name"
        for p in "${parts[@]}"; do (cd "$tmp/$name" && cp -R --parents "$p" "$dest/$name/"); done
    done
    rm -rf "$tmp"
    touch "$dest/.done"
}

# prepare VERSION DEST INPUTS -- eslint VERSION (its package, with its
# dependencies, is the tree smart mutate copies) with the inputs, the
# suites and the runner.
prepare() {
    local v=$1 dest=$2 src=$3 pkg
    [ -f "$dest/.done" ] && return 0
    pkg=$(npm_package eslint "$v")
    rm -rf "$dest"; mkdir -p "$dest"
    cp -a "$pkg/." "$dest/"
    cp -a "$src" "$dest/smart-inputs"
    rm -f "$dest/smart-inputs/.done"
    cp -a "$HERE/suites" "$dest/smart-suites"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/lint.cjs" "$dest/smart-lint.cjs"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install faketime
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-eslint-smoke.XXXXXX")
    trap 'rm -rf "$T" /tmp/smart-eslint-ci' EXIT
    inputs "$T/inputs" 1
    prepare "$MUT_VERSION" "$T/app" "$T/inputs"
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    n=$(find "$T/run-1" -type f | wc -l)
    f=recommended/express
    [ "$n" -ge 12 ] && [ -s "$T/run-2/$f.junit.xml" ] && [ -s "$T/run-2/$f.checkstyle.xml" ] || \
        { log "smoke: only $n outputs, or no XML"; exit 1; }
    cmp -s "$T/run-1/$f.html" "$T/run-2/$f.html" && \
        { log "smoke: two clocks gave the same HTML report"; exit 1; }
    cmp -s "$T/run-1/$f.checkstyle.xml" "$T/run-2/$f.checkstyle.xml" && \
        { log "smoke: two build folders gave the same checkstyle XML"; exit 1; }
    "$SMART" features "$T/run-1/$f.html" "$T/run-2/$f.html" >/dev/null || [ $? -eq 1 ]
    "$SMART" features --xml "$T/run-1/$f.junit.xml" "$T/run-2/$f.junit.xml" >/dev/null || [ $? -eq 1 ]
    "$SMART" features --xml "$T/run-1/$f.checkstyle.xml" "$T/run-2/$f.checkstyle.xml" >/dev/null || [ $? -eq 1 ]
    log "smoke: $n outputs per run, reruns differ, smart reads them"
    exit 0
fi

W=$CACHE/work/$APP
inputs "$W/inputs"
for v in "${VERSIONS[@]}"; do prepare "$v" "$W/v-$v" "$W/inputs"; done

log "clean runs of eslint $MUT_VERSION (four clocks, time zones, locales, build folders)"
run_suite "$W/v-$MUT_VERSION" "$W/clean" 4
rm -rf /tmp/smart-eslint-ci
keep_runs "$W/clean"

DIRS=()
prev=
for v in "${VERSIONS[@]}"; do
    log "release $v"
    # the repeatable environment of the mutant runs: a pair differs by the release alone
    run_suite "$W/v-$v" "$W/release-$v" 1 release
    [ -n "$prev" ] && DIRS+=(--dirs version "$W/release-$prev/run-1" "$W/release-$v/run-1" \
        "eslint $prev -> $v" 30)
    prev=$v
done

need_smart mutate
# two seeds, one after the other (-j 1: the machine is shared; a smart
# mutate's runs use one fixed build folder, SMART_ESLINT_MUTANT_ROOT)
PAIRS=()
for seed in "$SEED" "$((SEED + 1))"; do
    secs=$MUTANTS; [ "$seed" = "$SEED" ] || secs=$MUTANTS2
    if [ ! -f "$W/mutant-$seed.jsonl.done" ]; then
        log "mutants, seed $seed (${secs}s)"
        export SMART_ESLINT_MUTANT_ROOT=/tmp/smart-eslint-mutant/build
        nice -n 10 "$SMART" mutate --src "$W/v-$MUT_VERSION" \
            --files "$MUT_FILES" \
            --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
            --time "$secs" --per-mutant 8 --seed "$seed" -j 1 --app "$APP" \
            -o "$W/mutant-$seed.jsonl" >&2
        rm -rf /tmp/smart-eslint-mutant
        touch "$W/mutant-$seed.jsonl.done"
    fi
    PAIRS+=(--pairs mutant "$W/mutant-$seed.jsonl" 8 300)
done

assemble --format html --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "eslint $MUT_VERSION rerun: fake clock 2024-07-15 18:42:07 (no SOURCE_DATE_EPOCH), TZ Europe/Berlin, locale de_DE, another build folder" 0 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "eslint $MUT_VERSION rerun: real clock, TZ America/New_York, locale en_US, a fresh temporary build folder" 0 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "eslint $MUT_VERSION rerun: fake clock 2025-01-02 03:04:05 (SOURCE_DATE_EPOCH), TZ Asia/Tokyo, locale ja_JP, another build folder" 0 \
    "${DIRS[@]}" \
    "${PAIRS[@]}"
