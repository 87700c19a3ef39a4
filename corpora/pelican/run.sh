# The test suite of the pelican corpus (copied into the prepared tree as
# smart-run.sh): Pelican (the copy of its source in ./pelican, on
# PYTHONPATH) builds the blog in site-src/ (site.py's articles and pages,
# pelicanconf.py) with its default theme into a build folder; every HTML
# page and every Atom/RSS feed (XML) of the built site is an output under
# out/.
#
# Run K (SMART_RUN_SEED, set by run_suite) takes its clock (a fake one, the
# real one, or SOURCE_DATE_EPOCH), time zone (the site's TIMEZONE follows
# TZ), locale (Pelican writes dates with the locale's day and month names),
# site URL (host and port of the preview or the published site), Python hash
# seed and build folder.  The content is checked out afresh into the build
# folder, so its files' modification time is the run's clock (clamped to
# SOURCE_DATE_EPOCH when it is set, as reproducible builds do); the articles
# without a Date take it (DEFAULT_DATE = 'fs').  Without SMART_RUN_SEED
# (smart mutate's runs) all of these are fixed, so mutant runs repeat; they
# are fixed to values other than run 1's (another SOURCE_DATE_EPOCH, zone,
# locale and port), so a mutant pair, whose old side is run 1's page, carries
# run-to-run differences as a rerun pair does.
set -e
unset SOURCE_DATE_EPOCH
case ${SMART_RUN_SEED:-0} in
1) CLOCK= EPOCH=1781517600 ZONE=UTC LOC=C.UTF-8 URL=http://127.0.0.1:8001 HS=1
   ROOT=/tmp/smart-pelican-ci/build-17 ;;
2) CLOCK='2026-07-15 18:42:07' EPOCH= ZONE=Europe/Berlin LOC=de_DE.UTF-8 URL=http://localhost:8080 HS=2
   ROOT=/tmp/smart-pelican-ci/workspace/job-2291 ;;
3) CLOCK= EPOCH= ZONE=America/New_York LOC=en_US.UTF-8 URL=https://blog.example.org HS=3
   ROOT=$(mktemp -d /tmp/smart-pelican-ci-XXXXXX) ;;
4) CLOCK='2027-01-02 03:04:05' EPOCH= ZONE=Asia/Tokyo LOC=fr_FR.UTF-8 URL=http://192.168.10.20:8001 HS=4
   ROOT=/tmp/smart-pelican-ci/runner/_work/blog ;;
5) CLOCK= EPOCH=1790000000 ZONE=Australia/Sydney LOC=C.UTF-8 URL=http://127.0.0.1:8001 HS=5
   ROOT=/tmp/smart-pelican-ci/home/builder/site ;;
6) CLOCK='2026-02-10 07:15:00' EPOCH= ZONE=America/Sao_Paulo LOC=en_US.UTF-8 URL=http://127.0.0.1:8001 HS=6
   ROOT=/tmp/smart-pelican-ci/old-clock ;;
*) CLOCK= EPOCH=1780272000 ZONE=Europe/Paris LOC=en_US.UTF-8 URL=http://127.0.0.1:8000 HS=0
   ROOT=$(mktemp -d "${TMPDIR:-/tmp}/smart-pelican-build.XXXXXX") ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
APPDIR=$PWD
rm -rf "$ROOT"; mkdir -p "$ROOT"
cp -r site-src/content "$ROOT/content"
sed -e "s|@SITEURL@|$URL|g" -e "s|@TIMEZONE@|$ZONE|g" site-src/pelicanconf.py > "$ROOT/pelicanconf.py"
# no bytecode cache: a mutant and the restored file can share size and mtime
export PYTHONPATH=$APPDIR TZ=$ZONE LC_ALL=$LOC PYTHONHASHSEED=$HS PYTHONDONTWRITEBYTECODE=1
[ -f smart-locpath ] && export LOCPATH="$(cat smart-locpath)"
[ -z "$EPOCH" ] || export SOURCE_DATE_EPOCH=$EPOCH
# the checkout's modification times
if [ -n "$EPOCH" ]; then STAMP=@$EPOCH
elif [ -n "$CLOCK" ]; then STAMP="$CLOCK"
else STAMP=@$(date +%s); fi
find "$ROOT/content" -type f -exec touch -d "$STAMP" {} +
if [ -n "$CLOCK" ]; then
    (cd "$ROOT" && fake_clock "@$CLOCK" /usr/bin/python3 -m pelican -q content -s pelicanconf.py -o output) || true
else
    (cd "$ROOT" && /usr/bin/python3 -m pelican -q content -s pelicanconf.py -o output) || true
fi
rm -rf out && mkdir -p out
if [ -d "$ROOT/output" ]; then
    (cd "$ROOT/output" && find . \( -name '*.html' -o -name '*.xml' \) -print0 |
        xargs -0 -r cp --parents -t "$APPDIR/out")
fi
rm -rf "$ROOT"
[ -n "$(find out -name '*.html' | head -n 1)" ]
