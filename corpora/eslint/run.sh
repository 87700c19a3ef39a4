# The test suite of the eslint corpus (copied into each prepared tree as
# smart-run.sh; the tree is eslint's npm package with its dependencies).
# The JavaScript sources of six npm packages (smart-inputs/PACKAGE/) are
# copied into a build folder (ROOT/PACKAGE/, where a CI job would check them
# out) and linted there by smart-lint.cjs under each configuration in
# smart-suites/ (recommended, style, practices, strict); every report
# (HTML, JUnit XML, checkstyle XML) goes to out/SUITE/PACKAGE.EXT.  The HTML
# report says "Generated on <date>" (the clock, in the time zone); all three
# name each file by its absolute path (the build folder).
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone, locale,
# build folder and SOURCE_DATE_EPOCH K; without it (smart mutate's runs, and
# release runs: SMART_RUN_OPTS=release) the clock is frozen, the zone UTC and
# the folder fixed, so runs repeat exactly.
set -u
[ "${SMART_RUN_OPTS:-}" = release ] && SMART_RUN_SEED=
unset SOURCE_DATE_EPOCH
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC LOC=C.UTF-8 ROOT=/tmp/smart-eslint-ci/build-17
   export SOURCE_DATE_EPOCH=1709287200 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin LOC=de_DE.UTF-8 ROOT=/tmp/smart-eslint-ci/workspace/job-2291/src ;;
3) CLOCK= ZONE=America/New_York LOC=en_US.UTF-8 ROOT=$(mktemp -d /tmp/smart-eslint-ci-XXXXXX) ;;
4) CLOCK='2025-01-02 03:04:05' ZONE=Asia/Tokyo LOC=ja_JP.UTF-8 ROOT=/tmp/smart-eslint-ci/runner/_work/lint/lint
   export SOURCE_DATE_EPOCH=1735787045 ;;
*) CLOCK='2024-01-01 00:00:00' ZONE=UTC LOC=C.UTF-8 ROOT=${SMART_ESLINT_MUTANT_ROOT:-/tmp/smart-eslint-mutant/build} ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
APPDIR=$PWD
export TZ=$ZONE LC_ALL=$LOC LANG=$LOC
rm -rf "$ROOT" && mkdir -p "$ROOT" && cp -R smart-inputs/. "$ROOT/"
rm -rf out && mkdir -p out
if [ -n "$CLOCK" ]; then
    # the monotonic clock (node's timers) stays real
    fake_clock "$CLOCK" env FAKETIME_DONT_FAKE_MONOTONIC=1 \
        node smart-lint.cjs "$APPDIR" smart-suites "$ROOT" out
else
    node smart-lint.cjs "$APPDIR" smart-suites "$ROOT" out
fi
st=$?
rm -rf "$ROOT"
[ $st = 0 ] && [ -n "$(find out -name '*.html' | head -n 1)" ]
