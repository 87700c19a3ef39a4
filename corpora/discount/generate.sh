#!/usr/bin/env bash
# discount (C): David Parsons' markdown, Debian bookworm source package
# discount 2.2.7-2.  Tests: discount's own regression tests (tests/*.t, each
# `try` case with its flags, lib/discount_tests.sh) plus the CommonMark spec
# examples and sections (lib/mdtests.py on cmark's spec), rendered with
# `markdown` to HTML.
APP=discount
source "$(dirname "$0")/../lib/common.sh"
VERSION=2.2.7-2
MUTANTS=${DISCOUNT_MUTANTS:-80}
W=$CACHE/work/$APP

SRC=$(debian_source discount "$VERSION")
SPEC=$(debian_source cmark 0.30.2-6)
if [ ! -f "$W/src/.done" ]; then
    log "preparing $SRC"
    rm -rf "$W/src"; mkdir -p "$W"
    cp -a "$SRC" "$W/src"
    (cd "$W/src" && ./configure.sh >/dev/null && make -s markdown >/dev/null 2>&1)
    sh "$CORPORA_DIR/lib/discount_tests.sh" "$SRC" "$W/src/tests-in" >/dev/null
    "$PY" "$CORPORA_DIR/lib/mdtests.py" "$SPEC" "$W/src/tests-in" >/dev/null
    printf '%s\n' 'make -s markdown >/dev/null' > "$W/src/smart-build.sh"
    cat > "$W/src/smart-run.sh" <<'RUN'
mkdir -p out
for f in tests-in/*.md; do
    b=${f##*/}; b=${b%.md}
    flags=$(cat "tests-in/$b.flags" 2>/dev/null || true)
    timeout 5 ./markdown $flags < "$f" > "out/$b.html" 2>/dev/null || true
done
RUN
    touch "$W/src/.done"
fi

log "clean runs"
run_suite "$W/src" "$W/clean" 3
keep_runs "$W/clean"

log "mutants"
mutants "$W/src" 'markdown.c,generate.c,mkdio.c,emmatch.c,toc.c,html5.c,tags.c,setup.c,Csio.c,xml.c,css.c,github_flavoured.c,flags.c,resource.c' \
    "$MUTANTS" "$W/mutant-$SEED-$MUTANTS.jsonl"

log "perturbations"
perturbs "$W/clean/run-1" 400 "$W/perturb-$SEED.jsonl"

assemble \
    --pairs mutant "$W/mutant-$SEED-$MUTANTS.jsonl" 6 400 \
    --pairs perturb "$W/perturb-$SEED.jsonl" 0 200
