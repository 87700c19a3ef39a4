# The fossil corpus (corpora/fossil/): see tests/corpora/lib.sh; and the
# session set is what the README promises, read by smart replay itself.
. "$(dirname "$0")/lib.sh"
check_generated_corpus fossil 150 150
expect_status fossil_sessions_are_read_by_smart_replay 0 "$SMART" replay --list --json "$ROOT/corpora/fossil/sessions.json"
if tr -d ' \t\n' <"$TMP/out" | grep -q '"method":"POST","url":"/tktnew"'; then echo "ok - fossil_sessions_post_a_ticket_form"; else echo "not ok - fossil_sessions_post_a_ticket_form"; fi
finish
