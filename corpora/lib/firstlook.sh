# Shared steps of the served first-look generators (sourced by a
# generate.sh after lib/common.sh; written for ocsinventory, whose
# generator uses them: the earlier first-look generators keep their own
# copies of the same steps and are not changed).  The generator defines
# prepare DEST (its standalone tree with smart-run.sh, smart-scrub.py and
# the helpers) and sets HERE (its folder), APP and OUT_DIR.

# runner_files DEST HELPER... -- copies the generator's run.sh and
# scrub.py into the prepared tree DEST as smart-run.sh and smart-scrub.py,
# with lib/placeholders.py and each lib/HELPER.sh as smart-HELPER.sh.
runner_files() {
    local dest=$1 h; shift
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$HERE/scrub.py" "$dest/smart-scrub.py"
    cp "$CORPORA_DIR/lib/placeholders.py" "$dest/placeholders.py"
    for h; do cp "$CORPORA_DIR/lib/$h.sh" "$dest/smart-$h.sh"; done
}

# lint_build FILES DEST -- writes DEST/smart-build.sh, the "build" of a PHP
# tree for smart mutate: it lints (`php -l`) those of the comma-separated
# FILES changed since the last build that passed (a mutant changes one).
lint_build() {
    printf '%s\n' "for f in \$(echo '$1' | tr , ' '); do" \
        "  [ -f .smart-linted ] && [ ! \"\$f\" -nt .smart-linted ] && continue" \
        "  php -l \"\$f\" >/dev/null 2>&1 || exit 1" "done" "touch .smart-linted" > "$2/smart-build.sh"
}

# firstlook_pairs W FILES SECONDS -- the raw material of a corpus under the
# work folder W: the prepared tree, four clean runs (fresh installs at four
# clocks, zones, ports and hosts; stored as $HERE/runs/run-K.tar.gz for the
# volatility profiles), and SECONDS of smart mutate's mutants of FILES,
# whose placeholders smart-scrub.py's --fill then gives values of their
# shape (W/mutant-SEED-filled.jsonl).
firstlook_pairs() {
    local w=$1 files=$2 secs=$3
    need_smart mutate
    prepare "$w/app"
    log "clean runs (four clocks, time zones, ports, host names, fresh installs)"
    run_suite "$w/app" "$w/clean" 4
    keep_runs "$w/clean" "$HERE/runs"
    log "mutants (${secs}s)"
    mutants_timed "$w/app" "$files" "$secs" "$w/mutant-$SEED.jsonl"
    "$PY" "$HERE/scrub.py" --fill "$SEED" "$w/mutant-$SEED.jsonl" "$w/mutant-$SEED-filled.jsonl"
}

# firstlook_assemble W NOTE2 NOTE3 NOTE4 -- the corpus OUT_DIR/APP.jsonl.gz
# (counts to $HERE/counts.txt): clean run 1 against runs 2, 3 and 4 (NOTEk
# says what differs in run k), at most 50 pairs per rerun, and 150 mutant
# pairs, 6 a mutant, whose old side is clean run 1's page (an inspect pair
# carries the fault and the run-to-run volatility together); no side over
# 160 000 bytes.
firstlook_assemble() {
    local w=$1
    apt_install python3-html5lib
    "$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
        -o "$OUT_DIR/$APP.jsonl.gz" --unlabelled "$HERE/unlabelled.jsonl.gz" \
        --format html --max-bytes 160000 --mutant-old "$w/clean/run-1" \
        --reruns "$w/clean/run-1" "$w/clean/run-2" "$2" 50 \
        --reruns "$w/clean/run-1" "$w/clean/run-3" "$3" 50 \
        --reruns "$w/clean/run-1" "$w/clean/run-4" "$4" 50 \
        --pairs mutant "$w/mutant-$SEED-filled.jsonl" 6 150 \
        | tee "$HERE/counts.txt"
}
