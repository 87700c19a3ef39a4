# The test suite of the eleventy corpus (copied into each prepared tree as
# smart-run.sh; the tree is eleventy's npm package): eleventy builds a copy
# of the blog in smart-project/ (configuration, templates, and the posts and
# package pages site.py wrote) in a build folder of its own; every HTML page
# and XML file (sitemap.xml, feed.xml) of the built site is an output under
# out/.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes its clock (a fake one, the
# real one, or SOURCE_DATE_EPOCH, which the site's build-stamp data file
# honours), time zone, locale, site URL (another preview port or host) and a
# fresh build folder (the undated package pages are dated by their file's
# creation time).  Without it (smart mutate's runs, and release runs:
# SMART_RUN_OPTS=release) the clock is frozen at 2024-01-01 in UTC, the URL
# fixed, and every file time reads 2023-06-01 (smart-fixstat.cjs), so runs
# repeat exactly.
set -u
[ "${SMART_RUN_OPTS:-}" = release ] && SMART_RUN_SEED=
unset SOURCE_DATE_EPOCH
FIX=
case ${SMART_RUN_SEED:-0} in
1) CLOCK= EPOCH=1709287200 ZONE=UTC LOC=C.UTF-8 URL=http://localhost:8080/ ;;
2) CLOCK='2024-07-15 18:42:07' EPOCH= ZONE=Europe/Berlin LOC=de_DE.UTF-8 URL=http://127.0.0.1:8081/ ;;
3) CLOCK= EPOCH= ZONE=America/New_York LOC=en_US.UTF-8 URL=http://localhost:8083/ ;;
4) CLOCK='2025-01-02 03:04:05' EPOCH= ZONE=Asia/Tokyo LOC=ja_JP.UTF-8 URL=https://notes.example.org/ ;;
*) CLOCK='2024-01-01 00:00:00' EPOCH= ZONE=UTC LOC=C.UTF-8 URL=http://localhost:8080/
   FIX="--require $PWD/smart-fixstat.cjs" ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
APPDIR=$PWD
CMD=$APPDIR/cmd.js; [ -f "$CMD" ] || CMD=$APPDIR/cmd.cjs   # eleventy 3 ships cmd.cjs
BUILD=$(mktemp -d "${TMPDIR:-/tmp}/smart-eleventy-build.XXXXXX")
cp -R smart-project/. "$BUILD/"
[ -z "$EPOCH" ] || export SOURCE_DATE_EPOCH=$EPOCH
export TZ=$ZONE LC_ALL=$LOC LANG=$LOC SITE_URL=$URL
if [ -n "$CLOCK" ]; then
    # the monotonic clock (node's timers) stays real, so a frozen wall
    # clock does not stop the event loop
    (cd "$BUILD" && fake_clock "$CLOCK" env FAKETIME_DONT_FAKE_MONOTONIC=1 node $FIX "$CMD" --quiet --output=_site) >"$BUILD.log" 2>&1
else
    (cd "$BUILD" && node $FIX "$CMD" --quiet --output=_site) >"$BUILD.log" 2>&1
fi
st=$?
rm -rf out && mkdir -p out
if [ -d "$BUILD/_site" ]; then
    (cd "$BUILD/_site" && find . \( -name '*.html' -o -name '*.xml' \) -print0 |
        xargs -0 -r cp --parents -t "$APPDIR/out")
fi
[ $st = 0 ] || tail -n 5 "$BUILD.log" >&2
rm -rf "$BUILD" "$BUILD.log"
# a mutant that breaks the build part-way keeps the pages it wrote
[ -n "$(find out -name '*.html' | head -n 1)" ]
