# The phpldapadmin corpus (corpora/phpldapadmin/, a first-look application
# that joined the training corpora, issue 35): see tests/corpora/lib.sh; the
# session set is what the README promises, read by smart replay itself: a
# login through cmd.php, entries, the schema and server pages, searches and
# an unknown command.
. "$(dirname "$0")/lib.sh"
check_generated_corpus phpldapadmin 100 200
bash -n "$ROOT/corpora/phpldapadmin/run.sh" 2>/dev/null && echo "ok - phpldapadmin_runner_parses" ||
	echo "not ok - phpldapadmin_runner_parses"
expect_status phpldapadmin_sessions_are_read_by_smart_replay 0 "$SMART" replay --list --json "$ROOT/corpora/phpldapadmin/sessions.json"
flat=$(tr -d ' \t\n' <"$TMP/out")
for want in '"method":"POST","url":"/phpldapadmin/cmd.php"' 'cmd=template_engine&server_id=1&dn=' \
	'cmd=schema&server_id=1&view=syntaxes' 'cmd=query_engine&server_id=1&query=none' 'cmd=no_such_command'; do
	name=$(printf '%s' "$want" | tr -c 'A-Za-z0-9' '_' | tr -s '_')
	case $flat in
	*"$want"*) echo "ok - phpldapadmin_sessions_have$name" ;;
	*) echo "not ok - phpldapadmin_sessions_have$name" ;;
	esac
done
finish
