# smart eval --plots DIR from the command line: the four SVG files appear,
# well-formed, and say what the report says; a folder that cannot be made
# is one error line, exit 2, before any work, and nothing is written.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"

expect_status "eval_plots_by_app_succeeds" 0 "$SMART" eval --by-app --baselines Tags,Structure \
	--plots "$TMP/new/plots" "$PAIRS"
cp "$TMP/out" "$TMP/with-plots"
for f in pr-curve score-histogram app-f1 weights; do
	if [ -s "$TMP/new/plots/$f.svg" ]; then echo "ok - eval_plots_writes_$f"; else
		echo "not ok - eval_plots_writes_$f"; fi
done
"$SMART" eval --by-app --baselines Tags,Structure "$PAIRS" >"$TMP/without" 2>/dev/null
if [ -s "$TMP/without" ] && cmp -s "$TMP/with-plots" "$TMP/without"; then echo "ok - eval_plots_leaves_the_report_as_it_was"; else
	echo "not ok - eval_plots_leaves_the_report_as_it_was"; fi
"$SMART" eval --by-app --json "$PAIRS" >"$TMP/report.json" 2>/dev/null

# Each file is well-formed XML with an <svg> root; the PR curve's marked
# cutoff is the reported precision and recall (rule-decided pairs included),
# its recall never falls; the histograms count the report's pairs per
# label; one smart bar per application, the worst one marked.
python3 - "$TMP/new/plots" "$TMP/report.json" <<'EOF' || echo "not ok - eval_plots_checks_ran"
import json, sys, xml.etree.ElementTree as ET
d, report = sys.argv[1], json.load(open(sys.argv[2]))
NS = "{http://www.w3.org/2000/svg}"
def ok(name, cond, why=""):
    print(("ok - " if cond else "not ok - ") + name + ("" if cond else " (%s)" % why))
docs = {}
for f in ("pr-curve", "score-histogram", "app-f1", "weights"):
    try:
        root = ET.parse("%s/%s.svg" % (d, f)).getroot()
        docs[f] = root
        ok("eval_plots_%s_is_well_formed_svg" % f, root.tag == NS + "svg", root.tag)
    except Exception as e:
        ok("eval_plots_%s_is_well_formed_svg" % f, False, e)
s = report["smart"]
pr = docs.get("pr-curve")
if pr is not None:
    mark = [e for e in pr.iter(NS + "circle") if e.get("class") == "mark"]
    ok("eval_plots_cutoff_is_the_reported_point", len(mark) == 1 and
       abs(float(mark[0].get("data-x")) - s["recall"]) < 1e-3 and
       abs(float(mark[0].get("data-y")) - s["precision"]) < 1e-3, [m.attrib for m in mark])
    line = [e for e in pr.iter(NS + "polyline")][0]
    pts = [tuple(map(float, p.split(","))) for p in line.get("data-points").split()]
    ok("eval_plots_pr_recall_never_falls", all(a[0] <= b[0] for a, b in zip(pts, pts[1:])))
    ok("eval_plots_pr_points_in_unit_square", all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pts))
h = docs.get("score-histogram")
if h is not None:
    n = [0, 0]
    for e in h.iter(NS + "rect"):
        if e.get("class") == "bar":
            n[int(e.get("data-group"))] += int(e.get("data-count"))
    ok("eval_plots_histogram_counts_each_label", n == [s["fp"] + s["tn"], s["tp"] + s["fn"]], n)
a = docs.get("app-f1")
if a is not None:
    bars = [e for e in a.iter(NS + "rect") if e.get("class") == "bar"]
    smart = [e for e in bars if e.get("data-series") == "smart"]
    ok("eval_plots_one_smart_bar_per_application", len(smart) == len(report["per_app"]))
    ok("eval_plots_baselines_beside_smart", len(bars) == 3 * len(smart), len(bars))
    mark = [e.get("data-group") for e in a.iter(NS + "rect") if e.get("class") == "mark"]
    ok("eval_plots_marks_the_worst_application", mark == [report["worst_app"]], mark)
EOF

# The merged shards of an evaluation plot it byte for byte as it was.
"$SMART" eval --shard 1/2 -o "$TMP/s1.rows" "$PAIRS" 2>/dev/null
"$SMART" eval --shard 2/2 -o "$TMP/s2.rows" "$PAIRS" 2>/dev/null
"$SMART" eval --by-app --plots "$TMP/whole" "$PAIRS" >/dev/null 2>&1
expect_status "eval_plots_from_shards_succeeds" 0 "$SMART" eval --by-app --from-shards \
	--plots "$TMP/merged" "$TMP/s1.rows" "$TMP/s2.rows"
if [ -s "$TMP/whole/pr-curve.svg" ] && diff -r "$TMP/whole" "$TMP/merged" >/dev/null; then
	echo "ok - eval_plots_from_shards_are_the_unsharded_plots"; else
	echo "not ok - eval_plots_from_shards_are_the_unsharded_plots"; fi

# A folder below a regular file cannot be made: one line, exit 2, no work.
printf 'x' >"$TMP/file"
expect_status "eval_plots_unwritable_folder_is_trouble" 2 "$SMART" eval --by-app \
	--plots "$TMP/file/plots" "$PAIRS"
expect_one_error_line "eval_plots_unwritable_folder_is_one_line" "$TMP/file/plots"
if [ ! -s "$TMP/out" ] && [ "$(cat "$TMP/file")" = x ]; then
	echo "ok - eval_plots_unwritable_folder_writes_nothing"; else
	echo "not ok - eval_plots_unwritable_folder_writes_nothing"; fi
expect_status "eval_plots_refuses_shard" 2 "$SMART" eval --shard 1/2 -o "$TMP/x.rows" \
	--plots "$TMP/p" "$PAIRS"
expect_one_error_line "eval_plots_shard_is_a_usage_error" "--plots does not go with"
finish
