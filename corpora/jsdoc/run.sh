# The test suite of the jsdoc corpus (copied into the prepared tree as
# smart-run.sh): jsdoc's default template documents each package under
# smart-sources/, one folder of pages per package under out/.  Run K
# (SMART_RUN_SEED, set by run_suite) takes clock and time zone K; without it
# (smart mutate's runs) the clock is fixed at 2024-01-01, so mutant runs
# repeat exactly.  Static files (scripts, styles, fonts) are left out.
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin ;;
3) CLOCK= ZONE=America/New_York ;;
*) CLOCK='2024-01-01 00:00:00' ZONE=UTC ;;
esac
. "$PWD/smart-fake-clock.sh"   # fake_clock: corpora/lib/fake-clock.sh
rm -rf out && mkdir -p out
for src in smart-sources/*/; do
    name=$(basename "$src")
    if [ -n "$CLOCK" ]; then
        # -f: a frozen clock, so two runs at one clock print the same second
        fake_clock "$CLOCK" env TZ="$ZONE" node jsdoc.js -r "$src" -d "out/$name" >/dev/null 2>&1 || true
    else
        TZ=$ZONE node jsdoc.js -r "$src" -d "out/$name" >/dev/null 2>&1 || true
    fi
    rm -rf "out/$name/scripts" "out/$name/styles" "out/$name/fonts"
done
[ -n "$(find out -name '*.html' | head -n 1)" ]
