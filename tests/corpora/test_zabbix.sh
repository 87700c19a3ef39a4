# The zabbix corpus (corpora/zabbix/, the Zabbix frontend, a first-look
# application that joined the training corpora, issue 35): see
# tests/corpora/lib.sh; the session set is what the README promises, read by
# smart replay itself; and the clock-only filter (corpora/zabbix/clock_only.py)
# leaves out a mutant page that differs from its baseline in clock values
# alone (epoch seconds, dates, times, a time zone menu's offsets and order) but
# keeps one with any other difference: the pages of the three mutants it once
# missed (labelled inspect, clock only) are not in the corpus.
. "$(dirname "$0")/lib.sh"
check_generated_corpus zabbix 120 50
check_sessions_have zabbix '"method":"POST","url":"/index.php"' '"method":"POST","url":"/hostgroups.php"' \
	'"method":"POST","url":"/items.php?context=host"' '"method":"POST","url":"/zabbix.php?action=host.create"' \
	'"method":"POST","url":"/zabbix.php?action=user.edit"'
if command -v python3 >/dev/null 2>&1; then
	python3 - "$ROOT/corpora/zabbix" "$ROOT/corpora/zabbix.jsonl.gz" <<'PY'
import gzip, html, json, sys
sys.path.insert(0, sys.argv[1])
import clock_only as co

def say(ok, name, why=""):
    print(("ok - " if ok else "not ok - ") + name + ("" if ok else " (%s)" % why))

def menu(zones):
    return 'data-options="%s"' % html.escape(json.dumps(
        [{"value": z, "label": "(UTC%s) %s" % (o, z)} for z, o in zones]))

def page(d):
    return ('<div class="flickerfreescreen" data-timestamp="%(ts)s">'
            '<li>1 failed login attempt logged. Last failed attempt was from 127.0.0.1 on %(day)s at %(hm)s.</li>'
            '<script>view.init({"from_ts":%(from)s,"to_ts":%(ts)s});</script>'
            '<z-select %(menu)s></z-select></div>' % d)

winter = [("America/Scoresbysund", "-01:00"), ("Atlantic/Azores", "-01:00"), ("Europe/Berlin", "+01:00")]
summer = [("America/Scoresbysund", "-02:00"), ("Atlantic/Azores", "+00:00"), ("Europe/Berlin", "+02:00")]
old = page(dict(ts="1710072000", day="2024-03-10", hm="12:00", menu=menu(winter), **{"from": "1710068400"}))
new = page(dict(ts="1795951916", day="2026-11-29", hm="11:53", menu=menu(summer), **{"from": "1795948316"}))
say(co.clock_only({"old": old, "new": new}), "zabbix_clock_only_masks_epochs_dates_times_and_the_zone_menu")
fault = new.replace("<li>1 failed", "<li>2 failed")
say(not co.clock_only({"old": old, "new": fault}), "zabbix_clock_only_keeps_a_page_with_a_fault_beside_the_clock")
dropped = new.replace(menu(summer), menu(summer[:2]))
say(not co.clock_only({"old": old, "new": dropped}), "zabbix_clock_only_keeps_a_zone_menu_that_lost_a_zone")

clock = ("www/include/hosts.inc.php:1052 ", "www/items.php:385 ", "www/include/page_header.php:199 ")
left = [r["test"] for r in map(json.loads, gzip.open(sys.argv[2], "rt", encoding="utf-8"))
        if r["note"].startswith(clock)]
say(not left, "zabbix_corpus_holds_no_pair_of_the_clock_only_mutants", left[:1])
PY
else
	echo "ok - zabbix_clock_only_filter # SKIP no python3"
fi
finish
