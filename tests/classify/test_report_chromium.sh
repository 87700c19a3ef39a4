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

# ---- the changes view (docs/report.md "The changes view") -------------------
# A batch with known groups: five pages gain the same error paragraph (their
# dates differ, scrubbed), two lose the same table, one changes a word, two
# differ only in volatile values, and one long page gains a paragraph near
# its end. The groups the page shows must be those `classify --json`'s
# signatures give (another path through the code), largest first.
python3 - "$TMP" >"$TMP/groups.jsonl" <<'PY'
import json, sys
def page(body): return "<html><body>" + body + "</body></html>"
form = '<form><input name="q" value="x"></form>'
err = '<form><p class="err">Error: could not load orders</p><input name="q" value="x"></form>'
table = "<table><tr><td>alpha</td><td>beta</td></tr><tr><td>gamma</td><td>delta</td></tr></table>"
long_old = "".join("<p>para %d of the long page</p>" % i for i in range(90))
long_new = "".join("<p>para %d of the long page</p>" % i + ('<p class="err">Error: the total is missing</p>' if i == 80 else "") for i in range(90))
recs = []
for i in range(5):
    recs.append(("err%d" % i, page("<h1>Orders</h1>" + form + "<p>Printed 2024-01-0%d</p>" % (i + 1)),
                 page("<h1>Orders</h1>" + err + "<p>Printed 2024-02-1%d</p>" % i)))
for i in range(2):
    recs.append(("table%d" % i, page("<h1>Stock</h1><p>Shelf %d</p>" % i + table), page("<h1>Stock</h1><p>Shelf %d</p>" % i)))
recs.append(("word", page("<h1>T</h1><p>one</p>"), page("<h1>T</h1><p>two words</p>")))
recs.append(("vol0", page("<p>Built 2024-01-01 token abc123def456</p>"), page("<p>Built 2024-03-05 token 9f8e7d6c5b4a</p>")))
recs.append(("vol1", page("<p>Built 2024-01-02</p>"), page("<p>Built 2024-04-07</p>")))
recs.append(("long", page(long_old), page(long_new)))
# names and texts that would be markup if the report did not escape them
evil = '"><img src=x onerror=alert(1)></script><script>alert(2)</script>'
recs.append(("hostile" + evil, page("<h2>Name</h2>"), page("<h2>Name</h2><p title='%s'>%s</p>" % (evil, evil.replace("<", "&lt;")))))
for t, o, n in recs:
    print(json.dumps({"app": "gamma", "test": t, "format": "html", "old": o, "new": n}))
open(sys.argv[1] + "/long_old.html", "w").write(page(long_old))
open(sys.argv[1] + "/long_new.html", "w").write(page(long_new))
PY
(cd "$TMP" && "$SMART" classify --report g.html --corpus groups.jsonl >out 2>err)
"$SMART" classify --json --corpus "$TMP/groups.jsonl" >"$TMP/groups.json" 2>/dev/null
"$SMART" diff --json "$TMP/long_old.html" "$TMP/long_new.html" >"$TMP/long.json"
long=$(grep -o '<tr [^>]*data-t="long"' "$TMP/g.html" | sed 's/.*data-i="\([0-9]*\)".*/\1/')
dump "file://$TMP/g.html" "$TMP/g_dom.html"
# the same page with scripts off (a policy that forbids every script, as a
# browser with JavaScript off would run none): the changes view is plain HTML
sed 's|<head>|<head><meta http-equiv="Content-Security-Policy" content="script-src '"'none'"'">|' \
	"$TMP/g.html" >"$TMP/g_csp.html"
dump "file://$TMP/g_csp.html" "$TMP/g_nojs.html"
python3 - "$TMP/g_dom.html" "$TMP/groups.json" "$TMP/g_nojs.html" <<'PY'
import json, sys
from html.parser import HTMLParser
class Changes(HTMLParser):
    """The groups of the changes view (count, members) and each row's why."""
    def __init__(self):
        super().__init__(); self.groups = []; self.why = {}; self.row = None; self.in_why = False
        self.ready = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body" and a.get("data-ready") == "1": self.ready = True
        if tag == "details" and "data-count" in a: self.groups.append([int(a["data-count"]), []])
        if tag == "a" and "data-open" in a and self.groups: self.groups[-1][1].append(int(a["data-open"]))
        if tag == "tr" and "data-t" in a: self.row = a["data-t"]
        if tag == "td" and a.get("class") == "why": self.in_why = True; self.why[self.row] = ""
    def handle_endtag(self, tag):
        if tag == "td": self.in_why = False
    def handle_data(self, d):
        if self.in_why: self.why[self.row] += d
def parse(path):
    p = Changes(); p.feed(open(path).read()); return p
p, nojs = parse(sys.argv[1]), parse(sys.argv[3])
# the oracle: the inspected JSON lines grouped as review --by-change meets
# them (smart/change_group.h), written again here from the JSON's ids and
# classes: the class most open pairs hold (a tie to the first pair, then
# to its first change), its pairs, then the pairs accepting all their
# changes settles; the pairs without signatures last
lines = [json.loads(l) for l in open(sys.argv[2])]
flagged = [i for i, l in enumerate(lines) if l["decision"] == "inspect"]
# (a pair whose set was cut short holds changes nobody is shown: not grouped)
sigs = {i: [] if lines[i].get("signatures_truncated") else
           [(s["id"], s["class"]) for s in lines[i].get("signatures", [])]
        for i in flagged}
open_, accepted, want = [i for i in flagged if sigs[i]], set(), []
while open_:
    held = {}
    for i in open_:
        for k, (sid, cls) in enumerate(sigs[i]):
            if sid not in accepted:
                held.setdefault(cls, []).append((i, k))
    if not held:
        break
    key = min(held, key=lambda c: (-len({i for i, k in held[c]}), held[c][0]))
    members = sorted({i for i, k in held[key]})
    accepted |= {sid for i in members for sid, cls in sigs[i]}
    open_ = [i for i in open_ if i not in members]
    settled = [i for i in open_ if all(sid in accepted for sid, cls in sigs[i])]
    open_ = [i for i in open_ if i not in settled]
    want.append(members + settled)
none = [i for i in flagged if not sigs[i]]
want += [none] if none else []
got = [m for c, m in p.groups]
ok = p.ready and got == want and [c for c, m in p.groups] == [len(m) for m in got] and len(got[0]) == 5
print(("ok" if ok else "not ok") + " - report_changes_view_groups_as_review_by_change_does")
if not ok: print("#   got %s\n#   want %s" % (p.groups, want))
ok = not nojs.ready and [m for c, m in nojs.groups] == want and len(nojs.why) == len(p.why)
print(("ok" if ok else "not ok") + " - report_changes_view_is_there_without_javascript")
if not ok: print("#   script ran %s, groups %s" % (nojs.ready, nojs.groups))
tests = [l["test"] for l in lines]
ok = len(p.why) == len(lines) and all(w.strip() for w in p.why.values())
print(("ok" if ok else "not ok") + " - report_every_row_says_why_ignored_ones_too")
if not ok: print("#   %s" % p.why)
ok = (p.why["vol0"].startswith("every difference is a volatile value: ") and "date" in p.why["vol0"]
      and "token" in p.why["vol0"] and p.why["vol1"] == "every difference is a volatile value: 1 date")
print(("ok" if ok else "not ok") + " - report_why_of_an_ignored_pair_counts_the_volatile_values")
if not ok: print("#   %r %r" % (p.why["vol0"], p.why["vol1"]))
ok = ("a <p class=\"err\"> with text 'Error: could not load orders' inserted in the <form>" in p.why["err0"]
      and "1 date" in p.why["err0"] and "'one' changed to 'two words'" in p.why["word"])
print(("ok" if ok else "not ok") + " - report_why_of_an_inspected_pair_names_the_change_and_its_text")
if not ok: print("#   %r %r" % (p.why["err0"], p.why["word"]))
class Tags(HTMLParser):
    def __init__(self):
        super().__init__(); self.img = 0; self.scripts = 0
    def handle_starttag(self, tag, attrs):
        self.img += tag == "img"
        self.scripts += tag == "script" and "type" not in dict(attrs)
tags = Tags(); tags.feed(open(sys.argv[1]).read())
hostile = [t for t in p.why if t.startswith("hostile")]
ok = tags.img == 0 and tags.scripts == 1 and hostile and "<img src=x onerror" in p.why[hostile[0]]
print(("ok" if ok else "not ok") + " - report_hostile_names_and_texts_stay_text")
PY

# opening a pair: its view is scrolled to its first change, old and new
# aligned line by line (a line only one side has faces a gap)
dump "file://$TMP/g.html#open=$long" "$TMP/long_dom.html"
python3 - "$TMP/long_dom.html" "$TMP/long.json" <<'PY'
import json, sys
from html.parser import HTMLParser
class Aligned(HTMLParser):
    def __init__(self):
        super().__init__(); self.rows = []; self.scroll = None; self.inside = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "div" and "sides" in (a.get("class") or "").split():
            self.scroll = int(a.get("data-scroll", "-1"))
        if tag == "table" and a.get("class") == "aligned": self.inside = True
        if tag == "tr" and self.inside:
            self.rows.append({"first": a.get("class") == "first", "cells": []})
        if tag in ("td", "th") and self.rows:
            self.rows[-1]["cells"].append({"text": "", "gap": a.get("class") == "gap", "ops": []})
        if "data-op" in a and self.rows and self.rows[-1]["cells"]:
            self.rows[-1]["cells"][-1]["ops"].append((a["data-op"], a["data-path"]))
    def handle_endtag(self, tag):
        if tag == "table": self.inside = False
    def handle_data(self, d):
        if self.inside and self.rows and self.rows[-1]["cells"]: self.rows[-1]["cells"][-1]["text"] += d
p = Aligned(); p.feed(open(sys.argv[1]).read())
ops = json.load(open(sys.argv[2]))["operations"]
rows = [r for r in p.rows if len(r["cells"]) == 2]
marked = [i for i, r in enumerate(rows) if any(c["ops"] for c in r["cells"])]
firsts = [i for i, r in enumerate(rows) if r["first"]]
ok = (p.scroll is not None and p.scroll > 0 and marked and firsts == [marked[0]]
      and rows[marked[0]]["cells"][1]["ops"] == [("insert", ops[0]["path"])]
      and rows[marked[0]]["cells"][0]["gap"])
print(("ok" if ok else "not ok") + " - report_opening_a_pair_scrolls_to_its_first_change")
if not ok: print("#   scroll %s, first rows %s, marked %s, ops %s" % (p.scroll, firsts, marked[:3], ops[:1]))
both = [r for r in rows[1:] if not any(c["gap"] for c in r["cells"]) and not any(c["ops"] for c in r["cells"])]
ok = len(both) > 100 and all(r["cells"][0]["text"] == r["cells"][1]["text"] for r in both)
print(("ok" if ok else "not ok") + " - report_sides_are_aligned_line_by_line")
if not ok: print("#   %d rows; first mismatch %s" % (len(both), next((r for r in both if r["cells"][0]["text"] != r["cells"][1]["text"]), None)))
PY

# what a person sees: the screenshot of the opened pair shows the inserted
# paragraph's green (the first change is on screen, not 80 lines below)
shot() { # URL OUT
	timeout 120 "$CHROMIUM" --headless --virtual-time-budget=20000 --no-sandbox --disable-gpu \
		--user-data-dir="$TMP/chrome" --window-size=1200,760 --hide-scrollbars \
		--screenshot="$2" "$1" >/dev/null 2>&1
}
shot "file://$TMP/g.html#open=$long" "$TMP/long.png"
if python3 "$(dirname "$0")/png_colour.py" "$TMP/long.png" 136 238 136 200; then
	echo "ok - report_screenshot_shows_the_first_change"
else
	echo "not ok - report_screenshot_shows_the_first_change"
fi
group=$(grep -o 'details class="group" data-g="[0-9a-f]*" data-count="5"' "$TMP/g.html" | sed 's/.*data-g="\([0-9a-f]*\)".*/\1/')
shot "file://$TMP/g.html#group=$group" "$TMP/changes.png"
if [ -s "$TMP/changes.png" ]; then echo "ok - report_screenshot_of_the_changes_view"; else
	echo "not ok - report_screenshot_of_the_changes_view"; fi
# SMART_REPORT_SHOTS=DIR keeps the screenshots (docs/report.md shows them)
if [ -n "${SMART_REPORT_SHOTS:-}" ]; then
	cp "$TMP/changes.png" "$SMART_REPORT_SHOTS/report-changes.png"
	cp "$TMP/long.png" "$SMART_REPORT_SHOTS/report-first-change.png"
fi
