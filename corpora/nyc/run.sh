# The test suite of the nyc corpus (copied into each prepared tree as
# smart-run.sh; the tree is nyc's npm package with its node_modules, where
# istanbul-reports, istanbul-lib-report and istanbul-lib-coverage live).
# Each of the five suites under smart-suites/ (a project: its sources, its
# tests, its .nycrc.json) is copied into the run's build folder, its tests
# are run under nyc (bin/nyc.js of this tree, --silent), then `nyc report`
# writes the html, cobertura and clover reports; every HTML page and XML
# report in its coverage/ folder is an output under out/SUITE/.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes its clock (a fake one that
# starts at a given instant and runs, or the real one), SOURCE_DATE_EPOCH
# (set or unset: istanbul ignores it), time zone, locale, build folder (the
# XML reports hold absolute paths) and temporary folder.  Without it (smart
# mutate's runs, and release runs: SMART_RUN_OPTS=release) the clock is
# frozen at 2024-01-01 00:00:00 UTC and the build folder fixed, so runs
# repeat exactly.
set -u
[ "${SMART_RUN_OPTS:-}" = release ] && SMART_RUN_SEED=
unset SOURCE_DATE_EPOCH
TMPBASE=${TMPDIR:-/tmp}
case ${SMART_RUN_SEED:-0} in
1) CLOCK='@2024-03-01 10:00:00' EPOCH=1709287200 ZONE=UTC LOC=C.UTF-8
   ROOT=$TMPBASE/smart-nyc-ci/build-17 ;;
2) CLOCK='@2024-07-15 18:42:07' EPOCH= ZONE=Europe/Berlin LOC=de_DE.UTF-8
   ROOT=$TMPBASE/smart-nyc-ci/workspace/job-2291 ;;
3) CLOCK= EPOCH= ZONE=America/New_York LOC=en_US.UTF-8
   ROOT=$(mktemp -d "$TMPBASE/smart-nyc-ci-XXXXXX") ;;
4) CLOCK='@2025-01-02 03:04:05' EPOCH=1735787045 ZONE=Asia/Tokyo LOC=ja_JP.UTF-8
   ROOT=$TMPBASE/smart-nyc-ci/runner/_work/istanbul/istanbul ;;
*) CLOCK='2024-01-01 00:00:00' EPOCH= ZONE=UTC LOC=C.UTF-8
   ROOT=${SMART_NYC_MUTANT_ROOT:-$TMPBASE/smart-nyc-mutant/build} ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
APPDIR=$PWD
[ -z "$EPOCH" ] || export SOURCE_DATE_EPOCH=$EPOCH
export TZ=$ZONE LC_ALL=$LOC LANG=$LOC

# run SUITE CMD... -- CMD in the suite's folder, under the run's clock.
run() {
    s=$1; shift
    if [ -n "$CLOCK" ]; then
        # the monotonic clock (node's timers) stays real
        (cd "$ROOT/$s" && fake_clock "$CLOCK" env FAKETIME_DONT_FAKE_MONOTONIC=1 "$@") >>"$ROOT/$s.log" 2>&1
    else
        (cd "$ROOT/$s" && "$@") >>"$ROOT/$s.log" 2>&1
    fi
    st=$?
    [ $st = 0 ] || { echo "nyc suite $s: exit $st" >&2; tail -n 5 "$ROOT/$s.log" >&2; }
    return 0
}
NYC="node $APPDIR/bin/nyc.js"
SUITES='semver qs glob http uuid'

# Collection: each suite's tests under nyc (coverage data in .nyc_output/).
# smart mutate's runs collect once per build folder (the mutants touch the
# reporting libraries only; nyc report reads them) and report every time.
if [ -n "${SMART_RUN_SEED:-}" ] || [ ! -f "$ROOT/.collected" ]; then
    rm -rf "$ROOT"; mkdir -p "$ROOT/tmp"
    cp -R "$APPDIR/smart-suites/." "$ROOT/"
    export TMPDIR=$ROOT/tmp
    run semver $NYC --silent node test/semver.test.js
    run qs $NYC --silent node_modules/.bin/tape test/parse.js test/stringify.js test/utils.js
    run glob $NYC --silent node test/match.test.js
    run http $NYC --silent node test/http.test.js
    run uuid $NYC --silent node test/uuid.test.js
    touch "$ROOT/.collected"
fi
export TMPDIR=$ROOT/tmp

# Reports: html, cobertura, clover of each suite, in its coverage/ folder.
rm -rf out && mkdir -p out
for s in $SUITES; do
    rm -rf "$ROOT/$s/coverage"
    run $s $NYC report --reporter=html --reporter=cobertura --reporter=clover --report-dir coverage
    mkdir -p "$APPDIR/out/$s"
    if [ -d "$ROOT/$s/coverage" ]; then
        (cd "$ROOT/$s/coverage" && find . \( -name '*.html' -o -name '*.xml' \) -print0 |
            xargs -0 -r cp --parents -t "$APPDIR/out/$s")
    fi
done
[ -z "${SMART_RUN_SEED:-}" ] || rm -rf "$ROOT"
# a mutant that breaks a reporter part-way keeps the pages it wrote
[ -n "$(find out -name '*.html' | head -n 1)" ]
