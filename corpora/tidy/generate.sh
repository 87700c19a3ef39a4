#!/usr/bin/env bash
# tidy (C): HTML Tidy for HTML5, Debian bookworm source package tidy-html5
# 2:5.6.0-11.  The Debian source carries no test documents, so the tests are
# real HTML from other Debian sources: the expected HTML of every CommonMark
# spec example (cmark 0.30.2-6 test/spec.txt; fragments, much of it raw and
# malformed HTML) and libxslt 1.1.35's HTML documentation and DocBook test
# results (whole pages).  Each is cleaned with `tidy -q --force-output yes`.
# Ignore pairs besides perturbations: reruns with a formatting-only option
# (wrap width, indentation, attribute order, vertical space ...), labelled by
# ANNOTATION.md's rules.
APP=tidy
source "$(dirname "$0")/../lib/common.sh"
VERSION=2:5.6.0-11
MUTANTS=${TIDY_MUTANTS:-60}
MUTANTS2=${TIDY_MUTANTS2:-90}
W=$CACHE/work/$APP
VARIANTS=(
    "--wrap 0"
    "--wrap 40"
    "--indent auto"
    "--indent yes --indent-spaces 4"
    "--sort-attributes alpha"
    "--vertical-space yes"
    "--indent-attributes yes --indent yes"
    "--uppercase-tags yes --uppercase-attributes yes"
    "--tidy-mark no"
    "--wrap-attributes yes --wrap 30"
)

SRC=$(debian_source tidy-html5 "$VERSION")
SPEC=$(debian_source cmark 0.30.2-6)
XSLT=$(debian_source libxslt 1.1.35-1+deb12u4)
if [ ! -f "$W/src/.done" ]; then
    log "preparing $SRC"
    rm -rf "$W/src"; mkdir -p "$W/src/tests-in"
    cp -a "$SRC/src" "$SRC/console" "$SRC/include" "$W/src/"
    "$PY" - "$SPEC/test/spec.txt" "$W/src/tests-in" <<'PY'
import sys, os
fence = "`" * 32
state, html, n = 0, [], 0
for line in open(sys.argv[1], encoding="utf-8"):
    s = line.strip()
    if s == fence + " example":
        state, html = 1, []
    elif s == fence and state:
        n += 1
        with open(os.path.join(sys.argv[2], "spec-%04d.html" % n), "w", encoding="utf-8") as f:
            f.write("".join(html).replace("\u2192", "\t"))
        state = 0
    elif s == "." and state == 1:
        state = 2
    elif state == 2:
        html.append(line)
PY
    (cd "$XSLT" && find doc tests/docbook/result/html -name '*.html' -size -150k | LC_ALL=C sort) |
    while read -r f; do
        cp "$XSLT/$f" "$W/src/tests-in/$(echo "${f%.html}" | tr '/' '_').html"
    done
    cat > "$W/src/smart.mk" <<'MK'
SRCS := $(sort $(filter-out src/sprtf.c,$(wildcard src/*.c))) console/tidy.c
OBJS := $(patsubst %.c,obj/%.o,$(SRCS))
DEFS := -DLIBTIDY_VERSION=\"5.6.0\" -DRELEASE_DATE=\"2017.11.25\" \
        -DSUPPORT_LOCALIZATIONS=0 -DSUPPORT_CONSOLE_APP=1
tidy-bin: $(OBJS)
	$(CC) -o $@ $(OBJS)
obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) -O1 -w $(DEFS) -Iinclude -Isrc -c $< -o $@
MK
    printf '%s\n' 'make -s -f smart.mk' > "$W/src/smart-build.sh"
    cat > "$W/src/smart-run.sh" <<'RUN'
mkdir -p out
for f in tests-in/*.html; do
    b=${f##*/}
    timeout --foreground 5 ./tidy-bin -q --show-warnings no --force-output yes $SMART_RUN_OPTS \
        "$f" > "out/$b" 2>/dev/null || true
done
RUN
    (cd "$W/src" && make -s -j"$JOBS" -f smart.mk >/dev/null)
    touch "$W/src/.done"
fi

log "clean runs"
run_suite "$W/src" "$W/clean" 3
keep_runs "$W/clean"
prune_empty "$W/src" tests-in "$W/clean/run-1"

DIRS=()
for i in "${!VARIANTS[@]}"; do
    log "rerun with ${VARIANTS[$i]}"
    run_suite "$W/src" "$W/variant-$i" 1 "${VARIANTS[$i]}"
    DIRS+=(--dirs rerun "$W/clean/run-1" "$W/variant-$i/run-1" "tidy 5.6.0 rerun with ${VARIANTS[$i]}" 40)
done

log "mutants"
# two batches (two seeds): few tidy mutants change an output
FILES='lexer.c,parser.c,pprint.c,clean.c,attrs.c,tags.c,entities.c,istack.c,tidylib.c,config.c,streamio.c,utf8.c,tmbstr.c,buffio.c,tidy.c'
mutants "$W/src" "$FILES" "$MUTANTS" "$W/mutant-$SEED-$MUTANTS.jsonl"
mutants "$W/src" "$FILES" "$MUTANTS2" "$W/mutant-$((SEED + 1))-$MUTANTS2.jsonl" $((SEED + 1))

log "perturbations"
perturbs "$W/clean/run-1" 200 "$W/perturb-$SEED.jsonl"

assemble "${DIRS[@]}" \
    --pairs mutant "$W/mutant-$SEED-$MUTANTS.jsonl" 12 250 \
    --pairs mutant "$W/mutant-$((SEED + 1))-$MUTANTS2.jsonl" 12 250 \
    --pairs perturb "$W/perturb-$SEED.jsonl" 0 200
