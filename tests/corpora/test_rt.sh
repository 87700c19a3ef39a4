# The rt corpus (corpora/rt/, Request Tracker, a first-look application that
# joined the training corpora, issue 35): see tests/corpora/lib.sh; the
# session set is what the README promises, read by smart replay itself; and
# the clock-only filter (corpora/rt/clock_only.py) leaves out a mutant page
# that differs from its baseline in clock values alone, in each of the seven
# date formats RT prints, but keeps one with any other difference: the two
# preferences pages it once missed (labelled inspect, clock only) are not
# in the corpus.
. "$(dirname "$0")/lib.sh"
check_generated_corpus rt 150 90
check_sessions_have rt '"method":"POST","url":"/NoAuth/Login.html"' '"method":"POST","url":"/Ticket/Create.html"' \
	'"method":"POST","url":"/Ticket/Update.html"' '"method":"POST","url":"/Prefs/AboutMe.html"' \
	'"method":"POST","url":"/Admin/Groups/Modify.html"'
if command -v python3 >/dev/null 2>&1; then
	python3 - "$ROOT/corpora/rt" "$ROOT/corpora/rt.jsonl.gz" <<'PY'
import gzip, json, sys
sys.path.insert(0, sys.argv[1])
import clock_only as co

def say(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else " (%s)" % why))

# the preferences page's date-format menu, at two moments of the mutant clock
def menu(d):
    return ('<option value="DefaultFormat" >%(dow)s %(mon)s %(dd)s %(t)s %(y)s</option>\n'
            '<option value="ISO" >%(y)s-%(mm)s-%(dd)s %(t)s</option>\n'
            '<option value="W3CDTF" >%(y)s-%(mm)s-%(dd)sT%(t)sZ</option>\n'
            '<option value="RFC2822" >%(dow)s, %(dd)s %(mon)s %(y)s %(t)s +0000</option>\n'
            '<option value="RFC2616" >%(dow)s, %(dd)s %(mon)s %(y)s %(t)s GMT</option>\n'
            '<option value="iCal" >%(y)s%(mm)s%(dd)sT%(tc)sZ</option>\n'
            '<option value="LocalizedDateTime" >%(dow)s, %(mon)s %(dd)s, %(y)s %(t12)s\u202f%(ampm)s</option>\n'
            '<span id="time">Time to display: %(ttd)s -</span>\n' % d)
a = dict(dow="Sun", mon="Mar", dd="10", mm="03", y="2024", t="12:02:16", tc="120216",
         t12="12:02:16", ampm="PM", ttd="1.13")
b = dict(dow="Sun", mon="Nov", dd="29", mm="11", y="2026", t="07:51:07", tc="075107",
         t12="7:51:07", ampm="AM", ttd="0.083983")
old, new = menu(a), menu(b)
say(co.clock_only({"old": old, "new": new}), "rt_clock_only_masks_all_seven_date_formats")
lines_o, lines_n = old.split("\n"), new.split("\n")
each = []
for k in range(7):
    one = "\n".join(lines_n[j] if j == k else lines_o[j] for j in range(len(lines_o)))
    if not co.clock_only({"old": old, "new": one}):
        each.append(lines_n[k])
say(not each, "rt_clock_only_masks_each_date_format_alone", each[:1])
fault = new.replace("</span>", "</span>\n<li>#3: Printer jams</li>")
say(not co.clock_only({"old": old, "new": fault}), "rt_clock_only_keeps_a_page_with_a_fault_beside_the_dates")
undated = new.replace('"DefaultFormat" >Sun Nov 29 07:51:07 2026', '"DefaultFormat" >Sun Nov 29 2026')
say(not co.clock_only({"old": old, "new": undated}), "rt_clock_only_keeps_a_date_that_lost_its_time")
rec = co.fill_tokens({"test": "t", "note": "n", "new": "a TOKEN32 b TOKEN16"}, "7")
say(len(rec["new"].split()[1]) == 32 and len(rec["new"].split()[3]) == 16 and "TOKEN" not in rec["new"],
    "rt_mutant_tokens_become_hex_digits_of_their_length")

missed = ("rt/html/Ticket/Update.html:72 ", "rt/lib/RT/Interface/Web/MenuBuilder.pm:659 ")
left = [r["note"] for r in map(json.loads, gzip.open(sys.argv[2], "rt", encoding="utf-8"))
        if r["test"] == "staff/30_GET_Prefs-Other.html" and r["note"].startswith(missed)]
say(not left, "rt_corpus_holds_no_clock_only_preferences_pair", left[:1])
PY
else
	echo "ok - rt_clock_only_filter # SKIP no python3"
fi
finish
