# The HTML report in a real browser (docs/report.md): headless Chromium runs
# the page's script; --dump-dom gives the page after it ran. A mixed batch
# (the examples, and a pair whose script deletes, inserts, moves, updates
# and drops attributes) under two apps: opening the known pair through the
# address (#open=K) marks exactly the nodes `smart diff --json` names, and
# filters given in the address hide exactly the rows they should. Skipped,
# with a TAP SKIP line, when Chromium is not installed (`make test`
# installs it: TEST_APT_PKGS).
. "$(dirname "$0")/../cli/lib.sh"
EX="$(cd "$(dirname "$0")/../.." && pwd)/examples"
CHROMIUM=$(command -v chromium || command -v chromium-browser)
if [ -z "$CHROMIUM" ]; then
	echo "ok - report_in_chromium # SKIP chromium is not installed (make test installs it)"
	exit 0
fi

# dump URL OUT: the DOM of URL after its scripts ran.
dump() {
	timeout 120 "$CHROMIUM" --headless --virtual-time-budget=20000 --no-sandbox --disable-gpu --user-data-dir="$TMP/chrome" \
		--dump-dom "$1" >"$2" 2>"$TMP/chrome.err"
}

cat >"$TMP/old.html" <<'HTML'
<html><body><h1>Orders</h1><ul id="nav"><li>Home</li><li>Help</li></ul><p class="x" title="a">Total five items</p><table><tr><td>alpha</td><td>beta</td></tr></table><div><p>Footer text here</p></div></body></html>
HTML
cat >"$TMP/new.html" <<'HTML'
<html><body><div><p>Footer text here</p></div><h1>Orders</h1><p class="x" title="b">Total six items</p><ul id="nav"><li>Home</li><li>Help</li></ul><p>A new paragraph</p></body></html>
HTML
# the corpus: the examples as app "alpha", the known pair as app "beta"
python3 - "$EX" "$TMP" >"$TMP/pairs.jsonl" <<'PY'
import json, os, sys
ex, tmp = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(ex)):
    for ext in ("html", "xml"):
        old = os.path.join(ex, name, "old." + ext)
        if os.path.exists(old):
            print(json.dumps({"app": "alpha", "test": name, "format": ext,
                              "old": open(old).read(),
                              "new": open(os.path.join(ex, name, "new." + ext)).read()}))
print(json.dumps({"app": "beta", "test": "known", "format": "html",
                  "old": open(tmp + "/old.html").read(), "new": open(tmp + "/new.html").read()}))
PY
"$SMART" classify --report "$TMP/r.html" --corpus "$TMP/pairs.jsonl" >"$TMP/out" 2>"$TMP/err"
"$SMART" diff --json "$TMP/old.html" "$TMP/new.html" >"$TMP/script.json"
known=$(grep -o '<tr [^>]*data-t="known"' "$TMP/r.html" | sed 's/.*data-i="\([0-9]*\)".*/\1/')

if grep -Eiq '<link|<script[^>]*src=|@import|url\(|<iframe|<img' "$TMP/r.html"; then
	echo "not ok - report_fetches_nothing"; else echo "ok - report_fetches_nothing"; fi

# (a) the marked nodes of the opened pair are the script's operations
dump "file://$TMP/r.html#open=$known" "$TMP/open.html"
python3 - "$TMP/open.html" "$TMP/script.json" <<'PY'
import json, sys
from html.parser import HTMLParser
class Marks(HTMLParser):
    def __init__(self):
        super().__init__(); self.marks = set(); self.ready = False; self.details = 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body" and a.get("data-ready") == "1": self.ready = True
        if tag == "tr" and a.get("class") == "detail": self.details += 1
        if "data-op" in a: self.marks.add((a["data-op"], a["data-path"], a.get("data-name")))
p = Marks(); p.feed(open(sys.argv[1]).read())
script = json.load(open(sys.argv[2]))
want = {(o["op"], o["path"], o.get("name")) for o in script["operations"]}
kinds = {o[0] for o in want}
ok = p.ready and p.details == 1 and p.marks == want and {"delete", "insert", "move", "update", "attr-delete"} <= kinds
print(("ok" if ok else "not ok") + " - report_marks_exactly_the_nodes_diffx_changed")
if not ok:
    print("#   ready %s, details %d" % (p.ready, p.details))
    print("#   marked only: %s" % sorted(p.marks - want))
    print("#   script only: %s" % sorted(want - p.marks))
PY

# (b) filters from the address: each leaves exactly the rows it selects
check_filter() { # NAME FRAGMENT PYTHON-CONDITION-ON-ROW
	dump "file://$TMP/r.html#$2" "$TMP/f.html"
	python3 - "$TMP/f.html" "$3" "$1" <<'PY'
import sys
from html.parser import HTMLParser
class Rows(HTMLParser):
    def __init__(self):
        super().__init__(); self.rows = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-i" in a: self.rows.append(a)
p = Rows(); p.feed(open(sys.argv[1]).read())
cond = eval("lambda r, s: " + sys.argv[2])
bad = []
for r in p.rows:
    s = float(r["data-s"]) if r["data-s"] else None
    if cond(r, s) == ("hidden" in r):
        bad.append(r["data-t"])
shown = sum("hidden" not in r for r in p.rows)
ok = p.rows and not bad and 0 < shown < len(p.rows)
print(("ok" if ok else "not ok") + " - " + sys.argv[3])
if not ok:
    print("#   %d rows, %d shown, wrong: %s" % (len(p.rows), shown, bad))
PY
}
check_filter report_filter_inspect_hides_the_ignored "decision=inspect" 'r["data-d"] == "inspect"'
check_filter report_filter_ignore_hides_the_inspected "decision=ignore" 'r["data-d"] == "ignore"'
check_filter report_filter_app_hides_other_apps "app=beta" 'r["data-app"] == "beta"'
check_filter report_filter_score_range_hides_the_rest "min=0.5&max=1.2" 's is not None and 0.5 <= s <= 1.2'
check_filter report_filter_severity_and_decision_combine "severity=broken&decision=inspect" 'r["data-sev"] == "broken" and r["data-d"] == "inspect"'

# sorting from the address: score, largest first
dump "file://$TMP/r.html#sort=score-desc" "$TMP/s.html"
if grep -o 'data-i="[0-9]*" data-d="[a-z]*" data-s="[-0-9.]*"' "$TMP/s.html" |
	sed 's/.*data-s="//; s/"//' | awk 'NR > 1 && $1 > prev { bad = 1 } { prev = $1 } END { exit bad || NR < 10 }'; then
	echo "ok - report_sorts_by_score_from_the_address"; else echo "not ok - report_sorts_by_score_from_the_address"; fi
