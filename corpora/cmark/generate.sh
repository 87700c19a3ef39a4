#!/usr/bin/env bash
# cmark (C): the CommonMark reference implementation, Debian bookworm source
# package cmark 0.30.2-6.  Tests: the CommonMark spec examples, cmark's
# regression and smart-punctuation examples, and each spec section as a whole
# document (lib/mdtests.py), rendered with `cmark` to HTML.
APP=cmark
source "$(dirname "$0")/../lib/common.sh"
VERSION=0.30.2-6
MUTANTS=${CMARK_MUTANTS:-80}
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
    timeout 5 ./cmark-bin < "$f" > "out/${b%.md}.html" 2>/dev/null || true
done
RUN
    (cd "$W/src" && make -s -f smart.mk >/dev/null)   # objects ship in the copy: mutants rebuild one file
    touch "$W/src/.done"
fi

log "clean runs"
run_suite "$W/src" "$W/clean" 3
keep_runs "$W/clean"

log "mutants"
mutants "$W/src" 'src/*.c' "$MUTANTS" "$W/mutant-$SEED-$MUTANTS.jsonl"

log "perturbations"
perturbs "$W/clean/run-1" 400 "$W/perturb-$SEED.jsonl"

assemble \
    --pairs mutant "$W/mutant-$SEED-$MUTANTS.jsonl" 6 400 \
    --pairs perturb "$W/perturb-$SEED.jsonl" 0 200
