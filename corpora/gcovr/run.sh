# The test suite of the gcovr corpus (copied into the prepared tree as
# smart-run.sh).  cmark 0.30.2 (./cmark-src) is built with gcc --coverage
# in a build folder of the run's own and runs its own tests in six test
# sets (api_test, the spec, smart punctuation, the regressions, the other
# renderers, all of them), each test set's .gcda files kept apart; then
# gcovr (the copy in ./gcovr, on PYTHONPATH) writes, per report suite below,
# its HTML report with details (index*.html) and its Cobertura XML
# (coverage.xml) into the build folder (build/coverage/SUITE/, where a CI
# job would publish it from; two suites link their pages by absolute path),
# copied to out/SUITE/.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone, build
# folder and SOURCE_DATE_EPOCH K; without it (smart mutate's runs) all are
# fixed and the clock is frozen, so mutant runs repeat exactly.  The cmark
# build and its coverage data are made once per build folder within one
# smart mutate run (it rewrites only gcovr, never cmark; generate.sh gives
# each concurrent smart mutate its own fixed folder, SMART_GCOVR_MUTANT_ROOT);
# each report restores its test set's .gcda files first.
set -e
unset SOURCE_DATE_EPOCH
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC ROOT=/tmp/smart-gcovr-ci/build-17
   export SOURCE_DATE_EPOCH=1709287200 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin ROOT=/tmp/smart-gcovr-ci/workspace/job-2291 ;;
3) CLOCK= ZONE=America/New_York ROOT=$(mktemp -d /tmp/smart-gcovr-ci-XXXXXX) ;;
4) CLOCK='2025-01-02 03:04:05' ZONE=Asia/Tokyo ROOT=/tmp/smart-gcovr-ci/runner/_work/cmark/cmark
   export SOURCE_DATE_EPOCH=1735787045 ;;
*) CLOCK='2024-01-01 00:00:00' ZONE=UTC ROOT=${SMART_GCOVR_MUTANT_ROOT:-/tmp/smart-gcovr-mutant/build} ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
APPDIR=$PWD
PY=/usr/bin/python3
export TZ=$ZONE
# a clean run builds afresh; mutant runs reuse the build of their first run
[ "${SMART_RUN_SEED:-0}" = 0 ] || rm -rf "$ROOT"
if [ ! -f "$ROOT/.built" ]; then
    rm -rf "$ROOT"; mkdir -p "$ROOT"
    cp -a "$APPDIR/cmark-src/." "$ROOT/"
    (cd "$ROOT" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug -DCMARK_SHARED=OFF \
        -DCMAKE_C_FLAGS=--coverage -DCMAKE_CXX_FLAGS=--coverage \
        -DCMAKE_EXE_LINKER_FLAGS=--coverage >/dev/null && make -s -C build -j2 >/dev/null)
    B=$ROOT/build T=$ROOT/test
    spec() { $PY "$T/spec_tests.py" --no-normalize --spec "$T/$1" --program "$2" >/dev/null || true; }
    testset() {
        case $1 in
        api) "$B/api_test/api_test" >/dev/null 2>&1 || true ;;
        spec) spec spec.txt "$B/src/cmark" ;;
        punct) spec smart_punct.txt "$B/src/cmark --smart" ;;
        regress) spec regression.txt "$B/src/cmark" ;;
        formats)
            for t in xml latex man commonmark; do
                for f in "$T/spec.txt" "$T/regression.txt" "$ROOT/README.md"; do
                    "$B/src/cmark" -t $t --width 72 "$f" >/dev/null
                    "$B/src/cmark" -t $t --sourcepos --hardbreaks --safe "$f" >/dev/null
                done
            done ;;
        all) for one in api spec punct regress formats; do testset $one; done ;;
        esac
    }
    for s in api spec punct regress formats all; do
        find "$B" -name '*.gcda' -delete
        testset $s
        (cd "$B" && find . -name '*.gcda' | LC_ALL=C sort | tar -cf "$ROOT/.data-$s.tar" -T -)
    done
    touch "$ROOT/.built"
fi

# report SUITE TESTSET GCOVR-OPTIONS... -- one HTML report with details and
# one Cobertura XML of TESTSET's coverage data.
report() {
    suite=$1 set=$2; shift 2
    find "$ROOT/build" \( -name '*.gcda' -o -name '*.gcov' \) -delete
    (cd "$ROOT/build" && tar -xf "$ROOT/.data-$set.tar")
    o=$ROOT/build/coverage/$suite
    rm -rf "$o"; mkdir -p "$o" "$APPDIR/out/$suite"
    ts=
    [ -z "${SOURCE_DATE_EPOCH:-}" ] || ts="--timestamp=@$SOURCE_DATE_EPOCH"
    (cd "$ROOT" && export PYTHONPATH="$APPDIR" && gcovr -r "$ROOT" $ts \
        --html-details "$o/index.html" --xml "$o/coverage.xml" "$@" build >/dev/null 2>&1) || true
    cp -a "$o/." "$APPDIR/out/$suite/"
}
gcovr() {
    if [ -n "$CLOCK" ]; then fake_clock "$CLOCK" $PY -m gcovr "$@"; else $PY -m gcovr "$@"; fi
}
rm -rf out && mkdir -p out
report render spec -f 'src/(html|xml|render|latex|man)\.c$'
report text spec -f 'src/(houdini_[a-z_]*|buffer|references|cmark_ctype)\.c$' -f 'src/chunk\.h$' \
    --exclude-unreachable-branches --xml-pretty
report api api -f 'src/(iterator|cmark|buffer|xml|html)\.c$' -f 'api_test/harness\.c$' \
    --html-title 'cmark API tests' --decisions
report punct punct -f 'src/(html|cmark_ctype|references|houdini_html_u|utf8)\.c$' \
    --html-theme blue --no-html-details-syntax-highlighting --sort-percentage
report regress regress -f 'src/' -e 'src/(scanners|blocks|inlines|node|commonmark)\.c$' -e 'src/.*\.inc$' \
    --no-html-details-syntax-highlighting --html-medium-threshold 50 --html-high-threshold 80 \
    --exclude-throw-branches
report formats formats -f 'src/(latex|man|xml|render|main)\.c$' \
    --html-absolute-paths --sort-uncovered --xml-pretty
report all all -f 'src/' -f 'api_test/' -e 'src/(scanners|blocks|inlines|node|commonmark)\.c$' \
    -e 'api_test/main\.c$' -e 'src/.*\.inc$' \
    --no-html-details-syntax-highlighting --decisions --html-tab-size 8 --html-absolute-paths \
    --html-title 'cmark: all tests'
rm -f out/*/*.css
[ "${SMART_RUN_SEED:-0}" = 0 ] || rm -rf "$ROOT"
[ -n "$(find out -name '*.html' | head -n 1)" ]
