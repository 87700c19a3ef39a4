# The test suite of the mkdocs corpus (copied into the prepared tree as
# smart-run.sh): mkdocs (the copy in ./mkdocs, on PYTHONPATH) builds the site
# in site-src/ with its default theme; every HTML page and sitemap.xml of
# the built site is an output under out/.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes its clock (a fake one, the
# real one, or SOURCE_DATE_EPOCH, which mkdocs honours), time zone, site URL
# (the port a preview server would use) and build folder; without it
# (smart mutate's runs) all of these are fixed, so mutant runs repeat.
set -e
unset SOURCE_DATE_EPOCH
case ${SMART_RUN_SEED:-0} in
1) CLOCK= EPOCH=1709287200 ZONE=UTC URL=http://127.0.0.1:8001/ ;;
2) CLOCK='2024-07-15 18:42:07' EPOCH= ZONE=Europe/Berlin URL=http://127.0.0.1:8002/ ;;
3) CLOCK= EPOCH= ZONE=America/New_York URL=http://localhost:8003/ ;;
4) CLOCK='2025-01-02 03:04:05' EPOCH= ZONE=Asia/Tokyo URL=https://docs.example.org/latest/ ;;
*) CLOCK= EPOCH=1704067200 ZONE=UTC URL=http://127.0.0.1:8000/ ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
APPDIR=$PWD
BUILD=$(mktemp -d "${TMPDIR:-/tmp}/smart-mkdocs-build.XXXXXX")
cp -a site-src/. "$BUILD/"
sed "s|@SITE_URL@|$URL|" site-src/mkdocs.yml > "$BUILD/mkdocs.yml"
export PYTHONPATH=$APPDIR TZ=$ZONE
[ -z "$EPOCH" ] || export SOURCE_DATE_EPOCH=$EPOCH
if [ -n "$CLOCK" ]; then
    (cd "$BUILD" && fake_clock "@$CLOCK" /usr/bin/python3 -m mkdocs build -q -d "$BUILD/site") || true
else
    (cd "$BUILD" && /usr/bin/python3 -m mkdocs build -q -d "$BUILD/site") || true
fi
rm -rf out && mkdir -p out
if [ -d "$BUILD/site" ]; then
    (cd "$BUILD/site" && find . \( -name '*.html' -o -name 'sitemap.xml' \) -print0 |
        xargs -0 -r cp --parents -t "$APPDIR/out")
fi
rm -rf "$BUILD"
[ -n "$(find out -name '*.html' | head -n 1)" ]
