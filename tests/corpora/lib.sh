# Checks shared by the tests of generated corpora (sourced by
# tests/corpora/test_APP.sh; not a test itself). What can be checked without
# regenerating: the scripts parse, counts.txt matches the shipped corpus,
# the corpus holds enough pairs of each label from the origins that count,
# every record follows the pair format, and every test a record names is a
# file of each kept raw run.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

# check_generated_corpus APP MIN_IGNORE MIN_INSPECT
check_generated_corpus() {
	app=$1 min_ignore=$2 min_inspect=$3 dir=$ROOT/corpora/$1
	bad=""
	for f in "$dir"/*.sh; do bash -n "$f" 2>/dev/null || bad="$bad $(basename "$f")"; done
	if [ -z "$bad" ]; then echo "ok - ${app}_scripts_parse"; else
		echo "not ok - ${app}_scripts_parse ($bad)"; fi
	if ! command -v python3 >/dev/null 2>&1; then
		echo "ok - ${app}_corpus_checks # SKIP no python3"
		return
	fi
	python3 - "$app" "$ROOT/corpora/$app.jsonl.gz" "$dir/counts.txt" "$min_ignore" "$min_inspect" \
		"$dir"/runs/run-*.tar.gz <<'PY'
import collections, gzip, json, sys, tarfile
app, corpus, counts, min_ignore, min_inspect, runs = (sys.argv[1], sys.argv[2], sys.argv[3],
    int(sys.argv[4]), int(sys.argv[5]), sys.argv[6:])
n, bad, tests = collections.Counter(), [], set()
for k, line in enumerate(gzip.open(corpus, "rt", encoding="utf-8"), 1):
    r = json.loads(line)
    ok = (r.get("app") == app and isinstance(r.get("test"), str) and isinstance(r.get("old"), str)
          and isinstance(r.get("new"), str) and r.get("label") in ("inspect", "ignore")
          and r.get("origin") in ("mutant", "version", "rerun", "perturb", "manual")
          and r.get("format") in ("html", "xml") and r["old"] != r["new"])
    if not ok:
        bad.append(k)
    n[(r.get("origin"), r.get("label"))] += 1
    if r.get("origin") in ("rerun", "mutant"):
        tests.add(r["test"])
def say(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + app + "_" + name + ("" if ok else " (%s)" % why))
say(not bad, "records_follow_the_pair_format", "lines %s" % bad[:5])
ignore = n[("rerun", "ignore")] + n[("version", "ignore")]
inspect = sum(v for (o, l), v in n.items() if l == "inspect")
say(ignore >= min_ignore, "has_%d_ignore_pairs_from_reruns_or_releases" % min_ignore, ignore)
say(inspect >= min_inspect, "has_%d_inspect_pairs" % min_inspect, inspect)
claimed = [l for l in open(counts).read().split("\n") if " all " in l][0].split()[3]
say(str(sum(n.values())) == claimed, "counts_file_matches_the_corpus",
    "corpus %d, counts.txt %s" % (sum(n.values()), claimed))
say(len(runs) >= 3, "keeps_at_least_three_raw_runs", len(runs))
missing = []
for path in runs:
    names = {m.name[2:] if m.name.startswith("./") else m.name for m in tarfile.open(path)}
    missing += ["%s:%s" % (path.rsplit("/", 1)[1], t) for t in sorted(tests - names)]
say(not missing, "every_test_is_in_each_raw_run", " ".join(missing[:3]))
PY
}

# check_sessions_have APP WANT... -- corpora/APP/sessions.json is read by
# smart replay itself (--list --json) and its requests hold each WANT (a
# piece of the listing with white space removed, e.g. a request's method
# and URL), one test per piece.
check_sessions_have() {
	app=$1; shift
	expect_status "${app}_sessions_are_read_by_smart_replay" 0 "$SMART" replay --list --json "$ROOT/corpora/$app/sessions.json"
	flat=$(tr -d ' \t\n' <"$TMP/out")
	for want; do
		name=$(printf '%s' "$want" | tr -c 'A-Za-z0-9' '_' | tr -s '_')
		case $flat in
		*"$want"*) echo "ok - ${app}_sessions_have$name" ;;
		*) echo "not ok - ${app}_sessions_have$name" ;;
		esac
	done
}
