#!/usr/bin/env bash
# cmark (C): the CommonMark reference implementation, Debian bookworm source
# package cmark 0.30.2-6.  Tests: the CommonMark spec examples, cmark's
# regression and smart-punctuation examples, and each spec section as a whole
# document (lib/mdtests.py), rendered with `cmark` to HTML.  Ignore pairs
# besides perturbations: reruns with --nobreaks (soft breaks as spaces) and
# --sourcepos (data-sourcepos attributes), labelled by ANNOTATION.md's rules.
APP=cmark
source "$(dirname "$0")/../lib/common.sh"
VERSION=0.30.2-6
MUTANTS=${CMARK_MUTANTS:-60}
W=$CACHE/work/$APP

SRC=$(debian_source cmark "$VERSION")
if [ ! -f "$W/src/.done" ]; then
    log "preparing $SRC"
    rm -rf "$W/src" "$W/cmake"; mkdir -p "$W/src"
    cp -a "$SRC/src" "$W/src/"
    # cmake only to generate config.h, cmark_export.h, cmark_version.h
    cmake -S "$SRC" -B "$W/cmake" -DCMARK_TESTS=OFF -DCMARK_SHARED=OFF >/dev/null
    cp "$W/cmake/src/"*.h "$W/src/src/"
    "$PY" "$CORPORA_DIR/lib/mdtests.py" "$SRC" "$W/src/tests" >/dev/null
    cat > "$W/src/smart.mk" <<'MK'
SRCS := $(sort $(wildcard src/*.c))
OBJS := $(SRCS:src/%.c=obj/%.o)
cmark-bin: $(OBJS)
	$(CC) -o $@ $(OBJS)
obj/%.o: src/%.c
	@mkdir -p obj
	$(CC) -O1 -w -DCMARK_STATIC_DEFINE -Isrc -c $< -o $@
MK
    printf '%s\n' 'make -s -f smart.mk' > "$W/src/smart-build.sh"
    cat > "$W/src/smart-run.sh" <<'RUN'
mkdir -p out
for f in tests/*.md; do
    b=${f##*/}
    timeout --foreground 5 ./cmark-bin $SMART_RUN_OPTS < "$f" > "out/${b%.md}.html" 2>/dev/null || true
done
RUN
    (cd "$W/src" && make -s -f smart.mk >/dev/null)   # objects ship in the copy: mutants rebuild one file
    touch "$W/src/.done"
fi

log "clean runs"
run_suite "$W/src" "$W/clean" 3
keep_runs "$W/clean"
prune_empty "$W/src" tests "$W/clean/run-1"
DIRS=()
for opts in --nobreaks --sourcepos; do
    log "rerun with $opts"
    run_suite "$W/src" "$W/rerun$opts" 1 "$opts"
    DIRS+=(--dirs rerun "$W/clean/run-1" "$W/rerun$opts/run-1" "cmark $VERSION rerun with $opts" 150)
done

log "mutants"
# two batches (two seeds)
FILES='blocks.c,inlines.c,html.c,buffer.c,houdini_html_e.c,houdini_href_e.c,houdini_html_u.c,references.c,utf8.c,node.c,cmark_ctype.c,iterator.c,main.c'
mutants "$W/src" "$FILES" "$MUTANTS" "$W/mutant-$SEED-$MUTANTS.jsonl"
mutants "$W/src" "$FILES" "$MUTANTS" "$W/mutant-$((SEED + 1))-$MUTANTS.jsonl" $((SEED + 1))

log "perturbations"
perturbs "$W/clean/run-1" 200 "$W/perturb-$SEED.jsonl"

assemble "${DIRS[@]}" \
    --pairs mutant "$W/mutant-$SEED-$MUTANTS.jsonl" 10 250 \
    --pairs mutant "$W/mutant-$((SEED + 1))-$MUTANTS.jsonl" 10 250 \
    --pairs perturb "$W/perturb-$SEED.jsonl" 0 200
