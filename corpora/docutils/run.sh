# The test suite of the docutils corpus (copied into the prepared tree as
# smart-run.sh).  The prepared tree holds docutils 0.19 (./docutils, first
# on PYTHONPATH, so `smart mutate`'s faults take effect), the inputs
# (./inputs: reStructuredText documents and inputs.txt) and the build
# (smart-publish.py).  A run lays out a build folder of its own (ROOT:
# src/ the sources, _static/ the style sheets, docutils.conf), publishes
# every input in three suites (html5, site, xml; see smart-publish.py) into
# ROOT/out/SUITE/ and copies that to out/.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone, locale,
# build folder and SOURCE_DATE_EPOCH K; without it (smart mutate's runs) all
# are fixed and the clock frozen, so mutant runs repeat exactly.  docutils
# 0.19 does not read SOURCE_DATE_EPOCH (its date stamp is time.gmtime()):
# runs 1 and 4, which set it, freeze the clock at that instant, as a
# reproducible-build wrapper does for this release.
set -e
unset SOURCE_DATE_EPOCH
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC LOC=C.UTF-8 ROOT=/tmp/smart-docutils-ci/build-17
   export SOURCE_DATE_EPOCH=1709287200 ;;
2) CLOCK='@2024-07-15 18:42:07' ZONE=Europe/Berlin LOC=de_DE.UTF-8
   ROOT=/tmp/smart-docutils-ci/workspace/job-2291/docs ;;
3) CLOCK= ZONE=America/New_York LOC=en_US.UTF-8 ROOT=$(mktemp -d /tmp/smart-docutils-ci-XXXXXX) ;;
4) CLOCK='2025-01-02 03:04:05' ZONE=Asia/Tokyo LOC=fr_FR.UTF-8
   ROOT=/tmp/smart-docutils-ci/runner/_work/docs/docs/_build
   export SOURCE_DATE_EPOCH=1735787045 ;;
*) CLOCK='2024-01-01 00:00:00' ZONE=UTC LOC=C.UTF-8
   ROOT=${SMART_DOCUTILS_MUTANT_ROOT:-/tmp/smart-docutils-mutant/build}
   export PYTHONHASHSEED=0 ;;
esac
# with SOURCE_DATE_EPOCH the clock is frozen at that instant (in local time,
# as libfaketime reads FAKETIME)
[ -z "${SOURCE_DATE_EPOCH:-}" ] || CLOCK=$(TZ=$ZONE date -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M:%S')
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
# the locale must exist (package locales-all), else C.UTF-8
locale -a 2>/dev/null | grep -qix "$(echo "$LOC" | sed 's/UTF-8/utf8/')" || LOC=C.UTF-8
APPDIR=$PWD
export TZ=$ZONE LC_ALL=$LOC LANG=$LOC PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$APPDIR
rm -rf "$ROOT"; mkdir -p "$ROOT/src" "$ROOT/_static"
cp -a "$APPDIR/inputs/." "$ROOT/src/"
cp "$APPDIR/static/minimal.css" "$APPDIR/static/plain.css" "$ROOT/_static/"
# the site's configuration: a date stamp in the reader's language
cat > "$ROOT/docutils.conf" <<EOF
[general]
datestamp: %A %d %B %Y, %H:%M UTC
generator: yes
[html5 writer]
embed_stylesheet: no
stylesheet_path: $ROOT/_static/minimal.css,$ROOT/_static/plain.css
EOF
publish() {
    if [ -n "$CLOCK" ]; then fake_clock "$CLOCK" /usr/bin/python3 smart-publish.py "$ROOT" "$@"
    else /usr/bin/python3 smart-publish.py "$ROOT" "$@"; fi
}
rm -rf out
publish html5 site xml 2> "$ROOT/publish.log" || true
tail -n 1 "$ROOT/publish.log" >&2
mkdir -p out
cp -a "$ROOT/out/." out/
[ "${SMART_RUN_SEED:-0}" = 0 ] || rm -rf "$ROOT"
[ -n "$(find out -name '*.html' | head -n 1)" ]
