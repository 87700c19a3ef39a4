# The test suite of the coverage-py corpus (copied into the prepared tree as
# smart-run.sh).  For each extension set in suites.txt, coverage.py (the
# copy in ./coverage, on PYTHONPATH) measures Python-Markdown rendering the
# inputs, from a build folder of its own, and writes its HTML report
# (out/SUITE/*.html) and Cobertura XML (out/SUITE/coverage.xml).
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone and build
# folder K; without it (smart mutate's runs) all three are fixed, so mutant
# runs repeat exactly.  The measurement itself is cached per build folder
# within one smart mutate run (it rewrites only the reporting code, never
# the tracer).
set -e
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC ROOT=/tmp/smart-cov-ci/build-17 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin ROOT=/tmp/smart-cov-ci/workspace/job-2291 ;;
3) CLOCK= ZONE=America/New_York ROOT=$(mktemp -d /tmp/smart-cov-ci-XXXXXX) ;;
*) CLOCK='2024-01-01 00:00:00' ZONE=UTC
   ROOT=/tmp/smart-cov-mutant/$(printf %s "$PWD" | md5sum | cut -c1-12) ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
# a clean run measures afresh; mutant runs reuse their scratch copy's data
[ "${SMART_RUN_SEED:-0}" = 0 ] || rm -rf "$ROOT"
APPDIR=$PWD
export PYTHONPATH=$ROOT:$APPDIR TZ=$ZONE
rm -rf out && mkdir -p out "$ROOT"
cp -a "$APPDIR/markdown-src/." "$ROOT/"
while read -r suite exts; do
    [ -n "$suite" ] || continue
    data=$ROOT/.coverage-$suite
    if [ ! -f "$data" ]; then
        (cd "$ROOT" && COVERAGE_FILE=$data /usr/bin/python3 -m coverage run --source=markdown \
            "$APPDIR/measure.py" "$exts" "$APPDIR/tests-in")
    fi
done < suites.txt
# every report in one process, at the run's clock
if [ -n "$CLOCK" ]; then
    fake_clock "$CLOCK" /usr/bin/python3 "$APPDIR/report.py" "$ROOT" "$APPDIR/out" suites.txt || true
else
    /usr/bin/python3 "$APPDIR/report.py" "$ROOT" "$APPDIR/out" suites.txt || true
fi
rm -f out/*/*.js out/*/*.css out/*/*.png out/*/.gitignore out/*/status.json
[ "${SMART_RUN_SEED:-0}" = 0 ] || rm -rf "$ROOT"
[ -n "$(find out -name '*.html' | head -n 1)" ]
