# corpora/README.md describes every shipped corpus: each corpora/*.jsonl.gz
# has a row in the "Applications" table (what it is and where it comes
# from) and a row in the counts table whose inspect, ignore and total
# columns are the corpus's own (a corpus once joined with neither row).
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v python3 >/dev/null 2>&1; then
	echo "ok - corpora_readme_tables # SKIP no python3"
	exit 0
fi
python3 - "$ROOT/corpora" <<'PY'
import glob, gzip, json, os, re, sys
root = sys.argv[1]
text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
apps_table = text.split("## Applications", 1)[1].split("\n\n", 2)[1]
counts_table = text.split("<!-- counts -->", 1)[1].split("<!-- /counts -->", 1)[0]
described = {l.split("|")[1].strip() for l in apps_table.splitlines() if l.startswith("| ")}
counted = {}
for l in counts_table.splitlines():
    cells = [c.strip() for c in l.split("|")[1:-1]]
    if len(cells) > 9 and re.fullmatch(r"\d+", cells[9]):
        counted[cells[0]] = tuple(int(c) for c in cells[7:10])
missing, wrong = [], []
for path in sorted(glob.glob(os.path.join(root, "*.jsonl.gz"))):
    app = os.path.basename(path)[:-len(".jsonl.gz")]
    if app not in described:
        missing.append(app)
    n = {"inspect": 0, "ignore": 0}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            n[json.loads(line)["label"]] += 1
    got = (n["inspect"], n["ignore"], n["inspect"] + n["ignore"])
    if counted.get(app) != got:
        wrong.append("%s %s != %s" % (app, counted.get(app), got))
print("ok - every_shipped_corpus_has_a_row_in_the_applications_table" if not missing else
      "not ok - every_shipped_corpus_has_a_row_in_the_applications_table (missing: %s)"
      % " ".join(missing))
print("ok - the_counts_table_gives_each_corpus_its_own_pair_counts" if not wrong else
      "not ok - the_counts_table_gives_each_corpus_its_own_pair_counts (%s)" % "; ".join(wrong))
PY
finish
