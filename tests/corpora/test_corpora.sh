# The corpus tooling (corpora/lib) and the shipped corpora (corpora/*.jsonl.gz):
# the annotation rules label each kind of difference as ANNOTATION.md says,
# assembling is deterministic (same seed, same bytes), the records are what
# docs/corpus-format.md and the corpus reader accept, and -- only where the download
# cache of a previous corpus build exists -- regenerating a slice of the cmark
# mutant pairs with the same seed gives the same pairs.  Offline and fast.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LIB=$ROOT/corpora/lib
F=$FIX/corpora

if ! command -v python3 >/dev/null 2>&1; then
	echo "ok - corpora_tooling_needs_python3 # SKIP no python3"
	exit 0
fi
# The guide reads HTML with html5lib (Debian's python3-html5lib, which
# `make test` installs): Debian's Python first, as the generators take it.
PY=python3
for p in /usr/bin/python3 python3; do
	if "$p" -c 'import html5lib' 2>/dev/null; then PY=$p; break; fi
done
if "$PY" -c 'import html5lib' 2>/dev/null; then echo "ok - the_guide_finds_html5lib"; else
	echo "not ok - the_guide_finds_html5lib (apt-get install python3-html5lib)"; fi

# rule_is NAME LABEL RULE: the guide labels fixture pair NAME as LABEL by RULE.
rule_is() {
	got=$("$PY" -c 'import sys; sys.path.insert(0, sys.argv[1]); import label
o = open(sys.argv[2], encoding="utf-8").read(); n = open(sys.argv[3], encoding="utf-8").read()
l, r, _ = label.label(o, n); print("%s %s" % (l, r))' "$LIB" "$F/old/$1.html" "$F/new/$1.html")
	if [ "$got" = "$2 $3" ]; then echo "ok - annotation_rule_$1_is_$2_by_$3"; else
		echo "not ok - annotation_rule_$1_is_$2_by_$3 (got: $got)"; fi
}
rule_is ws-reindent ignore W
rule_is ws-pre inspect C
rule_is ws-between-words inspect C
rule_is form-attrs ignore F
rule_is form-entities ignore F
rule_is meta-generator ignore M
rule_is generator-stamp ignore M
rule_is feed-generator ignore M
rule_is version-in-text inspect C
rule_is date-footer ignore D
rule_is text-changed inspect C
rule_is structure-changed inspect C
rule_is extent-changed inspect C
rule_is href-changed inspect A
rule_is class-only None U
rule_is identical None same
# read as a browser reads it: an end tag the parser implies is not a change
rule_is end-tag-implied ignore W
rule_is end-tag-moves-text inspect C
rule_is boolean-attr ignore F

# Assembling the same material with the same seed gives the same bytes, and
# caps pick the same subset.
for k in 1 2; do
	"$PY" "$LIB/assemble.py" --app fixture --seed 7 -o "$TMP/c$k.jsonl.gz" \
		--unlabelled "$TMP/u$k.jsonl.gz" --dirs version "$F/old" "$F/new" "fixture 1 -> 2" 2 \
		>"$TMP/counts$k" || echo "not ok - assemble_runs (exit $?)"
done
if cmp -s "$TMP/c1.jsonl.gz" "$TMP/c2.jsonl.gz" && cmp -s "$TMP/u1.jsonl.gz" "$TMP/u2.jsonl.gz"; then
	echo "ok - corpus_assembly_same_seed_same_bytes"
else
	echo "not ok - corpus_assembly_same_seed_same_bytes"
fi
# the identical pair is dropped, the class-only pair is kept out of the corpus
if zcat "$TMP/c1.jsonl.gz" | grep -q '"test": "class-only.html"' ||
   zcat "$TMP/c1.jsonl.gz" | grep -q '"test": "identical.html"'; then
	echo "not ok - undecided_and_identical_pairs_stay_out_of_the_corpus"
else
	echo "ok - undecided_and_identical_pairs_stay_out_of_the_corpus"
fi
# per label at most CAP (2) pairs from one source
if [ "$(zcat "$TMP/c1.jsonl.gz" | grep -c '"label": "ignore"')" -eq 2 ]; then
	echo "ok - corpus_assembly_caps_pairs_per_label"
else
	echo "not ok - corpus_assembly_caps_pairs_per_label"
fi
# --reruns: every differing file of two clean runs is ignore by construction,
# whatever the guide says (text-changed.html is C, inspect, to the guide);
# files in subfolders are found, and .xml files are format xml.
mkdir -p "$TMP/r1/sub" "$TMP/r2/sub"
cp "$F/old/text-changed.html" "$TMP/r1/sub/page.html"; cp "$F/new/text-changed.html" "$TMP/r2/sub/page.html"
printf '<feed><updated>2024-01-01</updated></feed>' > "$TMP/r1/feed.xml"
printf '<feed><updated>2025-02-02</updated></feed>' > "$TMP/r2/feed.xml"
"$PY" "$LIB/assemble.py" --app fixture --seed 7 -o "$TMP/rr.jsonl.gz" \
	--reruns "$TMP/r1" "$TMP/r2" "fixture clean rerun" 0 >/dev/null
got=$("$PY" -c 'import gzip, json, sys
print(" ".join(sorted("%s:%s:%s" % (r["test"], r["label"], r["format"])
      for r in map(json.loads, gzip.open(sys.argv[1], "rt")))))' "$TMP/rr.jsonl.gz")
if [ "$got" = "feed.xml:ignore:xml sub/page.html:ignore:html" ]; then
	echo "ok - reruns_are_ignore_by_construction_recursively_with_format_by_extension"
else
	echo "not ok - reruns_are_ignore_by_construction_recursively_with_format_by_extension (got: $got)"
fi
# --mutant-old: a mutant pair's old side becomes the clean run's page
printf '{"app":"x","test":"sub/page.html","format":"html","old":"<p>det</p>","new":"<p>fault</p>","label":"inspect","origin":"mutant","note":"m.c:1 delete"}\n' > "$TMP/mut.jsonl"
"$PY" "$LIB/assemble.py" --app fixture --seed 7 -o "$TMP/mo.jsonl.gz" \
	--mutant-old "$TMP/r1" --pairs mutant "$TMP/mut.jsonl" 0 0 >/dev/null
if zcat "$TMP/mo.jsonl.gz" | python3 -c 'import json, sys
r = json.loads(sys.stdin.readline()); o = open(sys.argv[1]).read()
sys.exit(0 if r["old"] == o and r["new"] == "<p>fault</p>" and r["label"] == "inspect" else 1)' "$TMP/r1/sub/page.html"; then
	echo "ok - mutant_old_side_is_taken_from_the_clean_run"
else
	echo "not ok - mutant_old_side_is_taken_from_the_clean_run"
fi
# the corpus reader accepts what assemble writes (every labelled fixture pair:
# a fit needs more pairs than features)
"$PY" "$LIB/assemble.py" --app fixture --seed 7 -o "$TMP/all.jsonl.gz" \
	--dirs version "$F/old" "$F/new" "fixture 1 -> 2" 100 >/dev/null
zcat "$TMP/all.jsonl.gz" > "$TMP/c1.jsonl"
expect_status assembled_corpus_is_accepted_by_smart_train 0 "$SMART" train -o "$TMP/m.json" "$TMP/c1.jsonl"

# Every shipped corpus: records as docs/corpus-format.md says (the reader itself is
# exercised on them by the default-model build).
check=$(python3 - "$ROOT"/corpora/*.jsonl.gz <<'PY'
import gzip, json, sys
bad = []
for path in sys.argv[1:]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            r = json.loads(line)
            ok = (isinstance(r.get("app"), str) and isinstance(r.get("test"), str)
                  and isinstance(r.get("old"), str) and isinstance(r.get("new"), str)
                  and r.get("label") in ("inspect", "ignore")
                  and r.get("origin") in ("mutant", "version", "rerun", "perturb", "manual")
                  and r.get("format", "html") in ("html", "xml") and r["old"] != r["new"])
            if not ok:
                bad.append("%s:%d" % (path, n))
print(" ".join(bad[:5]) or "ok")
PY
)
if [ "$check" = ok ]; then echo "ok - shipped_corpora_records_follow_the_pair_format"; else
	echo "not ok - shipped_corpora_records_follow_the_pair_format ($check)"; fi

# Regeneration with the same seed gives the same mutant pairs: a 40-test slice
# of the cmark corpus build, two mutants (seed 12: one changes 30 outputs, none
# times out), twice (only where its cache exists); the pairs must not be empty.
CM=${SMART_CORPUS_CACHE:-$HOME/.cache/smart-corpora}/work/cmark/src
if [ -f "$CM/.done" ] && "$SMART" mutate -h >/dev/null 2>&1; then
	mkdir -p "$TMP/slice/tests"
	cp -a "$CM/src" "$CM/obj" "$CM/smart.mk" "$CM/smart-build.sh" "$CM/smart-run.sh" "$TMP/slice/"
	ls "$CM/tests" | head -n 40 | while read -r t; do cp "$CM/tests/$t" "$TMP/slice/tests/"; done
	for k in 1 2; do
		"$SMART" mutate --src "$TMP/slice" --files 'src/inlines.c,src/blocks.c' \
			--build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
			-n 2 --seed 12 --app cmark -o "$TMP/m$k.jsonl" >/dev/null 2>&1
	done
	if [ -s "$TMP/m1.jsonl" ] && cmp -s "$TMP/m1.jsonl" "$TMP/m2.jsonl"; then
		echo "ok - corpus_mutants_same_seed_same_pairs"
	else
		echo "not ok - corpus_mutants_same_seed_same_pairs"
	fi
else
	echo "ok - corpus_mutants_same_seed_same_pairs # SKIP no corpus cache or no smart mutate"
fi
# The faketime wrapper command names a POSIX semaphore by its pid and fails
# ("sem_open: File exists") when a killed run left one for a recycled pid,
# which broke CI's smoke test; the generators preload libfaketime instead.
wrapper_uses=$(grep -nE '(^|[;&|(`[:space:]])faketime[[:space:]]+[-"$]' "$ROOT"/corpora/*/*.sh | grep -v ':[[:space:]]*#' || true)
if [ -z "$wrapper_uses" ]; then
	echo "ok - corpus_scripts_preload_libfaketime_not_the_wrapper"
else
	echo "not ok - corpus_scripts_preload_libfaketime_not_the_wrapper: $wrapper_uses"
fi
finish
