# The test suite of the pytest-junit corpus (copied into the prepared tree as
# smart-run.sh).  pytest (the copy in ./_pytest and ./pytest, first on
# PYTHONPATH) runs the test suites of pyflakes, Beautiful Soup, simplejson
# and colorama (suites-src/, copied into a build folder), one suite per test
# module (suites.txt), all in one process (suites.py); each suite writes its
# JUnit XML as out/SUITE.xml (xunit2 for pyflakes and bs4, xunit1/legacy
# for simplejson and colorama).
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone, host name
# and build folder K; without it (smart mutate's runs) all of these are
# fixed -- a frozen clock (every duration 0.000), a fixed folder, a fixed
# host name and seeded temporary-folder names -- so mutant runs repeat.
set -e
unset SOURCE_DATE_EPOCH
case ${SMART_RUN_SEED:-0} in
1) CLOCK='@2024-03-01 10:00:00' ZONE=UTC HOST=ci-runner-1 ROOT=/tmp/smart-pytest-ci/build-17
   TMP=/tmp/smart-pytest-ci/tmp-17 ;;
2) CLOCK='@2024-07-15 18:42:07' ZONE=Europe/Berlin HOST=buildd-amd64-02
   ROOT=/tmp/smart-pytest-ci/workspace/job-2291 TMP=/tmp/smart-pytest-ci/workspace/tmp ;;
3) CLOCK= ZONE=America/New_York HOST= ROOT=$(mktemp -d /tmp/smart-pytest-ci-XXXXXX) TMP=$ROOT.tmp ;;
4) CLOCK='@2025-01-02 03:04:05' ZONE=Asia/Tokyo HOST=worker-4.ci.example.org
   ROOT=/tmp/smart-pytest-ci/w/4/src TMP=/tmp/smart-pytest-ci/w/4/tmp ;;
*) CLOCK='2024-01-01 00:00:00' ZONE=UTC HOST=ci-runner-9
   ROOT=/tmp/smart-pytest-mutant/build TMP=/tmp/smart-pytest-mutant/tmp ;;
esac
# TMP: the tests' temporary folder (TMPDIR), emptied before and after the
# run: pyflakes's failing tests leave their mkdtemp folders behind, and a
# left-over folder would make the next run's seeded name draw again.
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
# The host name (pytest writes it in every xunit2 <testsuite hostname=>) is
# set in a private UTS namespace where that is allowed (root); elsewhere
# the machine's own name stays.
set --
if [ -n "$HOST" ] && unshare -u true 2>/dev/null; then
    set -- unshare -u sh -c 'hostname "$0" && exec "$@"' "$HOST"
fi
APPDIR=$PWD
FIXED=
[ "${SMART_RUN_SEED:-0}" != 0 ] || FIXED=--fixed-temp-names
rm -rf "$ROOT" "$TMP" out && mkdir -p "$ROOT" "$TMP" out
cp -a suites-src/. "$ROOT/"
export TMPDIR=$TMP PYTHONPATH=$APPDIR:$ROOT TZ=$ZONE PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 PYTHONDONTWRITEBYTECODE=1
if [ -n "$CLOCK" ]; then
    (cd "$ROOT" && fake_clock "$CLOCK" "$@" /usr/bin/python3 "$APPDIR/suites.py" "$APPDIR/out" "$APPDIR/suites.txt" $FIXED) || true
else
    (cd "$ROOT" && "$@" /usr/bin/python3 "$APPDIR/suites.py" "$APPDIR/out" "$APPDIR/suites.txt" $FIXED) || true
fi
rm -rf "$ROOT" "$TMP"
[ -n "$(find out -name '*.xml' | head -n 1)" ]
