# The MediaWiki corpus (corpora/mediawiki/): what can be checked without
# installing MediaWiki. The scripts parse, the session set is what the README
# promises (read by smart replay itself), the shipped corpus has both labels
# and the pairs the README counts, and the raw clean replays hold the same
# tests as the corpus names.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
MW=$ROOT/corpora/mediawiki

bad=""
for f in "$MW"/*.sh; do sh -n "$f" 2>/dev/null || bad="$bad $(basename "$f")"; done
if [ -z "$bad" ]; then echo "ok - mediawiki_scripts_parse"; else
	echo "not ok - mediawiki_scripts_parse ($bad)"; fi

expect_status mediawiki_sessions_are_read_by_smart_replay 0 "$SMART" replay --list --json "$MW/sessions.json"
counts=$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["sessions"]
print(len(s), sum(len(x["requests"]) for x in s))' "$TMP/out" 2>/dev/null)
set -- $counts
if [ "${1:-0}" -ge 5 ] && [ "${2:-0}" -ge 60 ]; then
	echo "ok - mediawiki_session_set_has_at_least_5_sessions_and_60_requests"
else
	echo "not ok - mediawiki_session_set_has_at_least_5_sessions_and_60_requests (got: $counts)"
fi

if ! command -v python3 >/dev/null 2>&1; then
	echo "ok - mediawiki_corpus_has_both_labels # SKIP no python3"
	finish; exit 0
fi
summary=$(python3 - "$ROOT/corpora/mediawiki.jsonl.gz" "$MW/counts.txt" <<'PY'
import collections, gzip, json, sys
n = collections.Counter()
for line in gzip.open(sys.argv[1], "rt", encoding="utf-8"):
    r = json.loads(line)
    n[(r["origin"], r["label"])] += 1
total = sum(n.values())
said = open(sys.argv[2]).read().split("\n")
claimed = [l for l in said if " all " in l][0].split()[3]
print(n[("rerun", "ignore")], n[("mutant", "inspect")], total, claimed)
PY
)
set -- $summary
if [ "${1:-0}" -ge 50 ] && [ "${2:-0}" -ge 50 ]; then
	echo "ok - mediawiki_corpus_has_at_least_50_rerun_ignore_and_50_mutant_inspect_pairs"
else
	echo "not ok - mediawiki_corpus_has_at_least_50_rerun_ignore_and_50_mutant_inspect_pairs (got: $summary)"
fi
if [ "${3:-x}" = "${4:-y}" ]; then echo "ok - mediawiki_counts_file_matches_the_corpus"; else
	echo "not ok - mediawiki_counts_file_matches_the_corpus (corpus ${3:-?}, counts.txt ${4:-?})"; fi

# Every test the corpus names is a file of each raw clean replay.
missing=$(python3 - "$ROOT/corpora/mediawiki.jsonl.gz" "$MW"/runs/run-*.tar.gz <<'PY'
import gzip, json, sys, tarfile
tests = {json.loads(l)["test"] for l in gzip.open(sys.argv[1], "rt", encoding="utf-8")}
out = []
for path in sys.argv[2:]:
    names = {m.name.split("/", 1)[1] for m in tarfile.open(path) if "/" in m.name}
    out += ["%s:%s" % (path.rsplit("/", 1)[1], t) for t in sorted(tests - names)]
print(" ".join(out[:3]))
PY
)
if [ -z "$missing" ]; then echo "ok - mediawiki_clean_replays_hold_every_corpus_test"; else
	echo "not ok - mediawiki_clean_replays_hold_every_corpus_test (missing: $missing)"; fi
finish
