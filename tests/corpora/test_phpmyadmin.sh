# The phpmyadmin corpus (corpora/phpmyadmin/, a first-look application that
# joined the training corpora, issue 35): see tests/corpora/lib.sh; the
# session set is what sessions.py writes and what the README promises, read
# by smart replay itself: failed and read-only logins, browsing, SQL,
# a table search, an insert and an edit through phpMyAdmin's forms, logout.
. "$(dirname "$0")/lib.sh"
check_generated_corpus phpmyadmin 100 100
bash -n "$ROOT/corpora/phpmyadmin/run.sh" 2>/dev/null && echo "ok - phpmyadmin_runner_parses" ||
	echo "not ok - phpmyadmin_runner_parses"
if command -v python3 >/dev/null 2>&1; then
	cp "$ROOT/corpora/phpmyadmin/sessions.py" "$TMP/sessions.py"
	if python3 "$TMP/sessions.py" >/dev/null && cmp -s "$TMP/sessions.json" "$ROOT/corpora/phpmyadmin/sessions.json"; then
		echo "ok - phpmyadmin_sessions_json_is_what_sessions_py_writes"
	else
		echo "not ok - phpmyadmin_sessions_json_is_what_sessions_py_writes"
	fi
else
	echo "ok - phpmyadmin_sessions_json_is_what_sessions_py_writes # SKIP no python3"
fi
expect_status phpmyadmin_sessions_are_read_by_smart_replay 0 "$SMART" replay --list --json "$ROOT/corpora/phpmyadmin/sessions.json"
flat=$(tr -d ' \t\n' <"$TMP/out")
for want in '"method":"POST","url":"/index.php?route=/"' '"method":"POST","url":"/index.php?route=/import"' \
	'"method":"POST","url":"/index.php?route=/table/search"' '"method":"POST","url":"/index.php?route=/table/replace"' \
	'"method":"POST","url":"/index.php?route=/logout"'; do
	name=$(printf '%s' "$want" | tr -c 'A-Za-z0-9' '_' | tr -s '_')
	case $flat in
	*"$want"*) echo "ok - phpmyadmin_sessions_have$name" ;;
	*) echo "not ok - phpmyadmin_sessions_have$name" ;;
	esac
done
finish
