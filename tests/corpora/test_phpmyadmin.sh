# The phpmyadmin corpus (corpora/phpmyadmin/, a first-look application that
# joined the training corpora, issue 35): see tests/corpora/lib.sh; the
# session set is what sessions.py writes and what the README promises, read
# by smart replay itself: failed and read-only logins, browsing, SQL,
# a table search, an insert and an edit through phpMyAdmin's forms, logout.
. "$(dirname "$0")/lib.sh"
check_generated_corpus phpmyadmin 100 100
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
check_sessions_have phpmyadmin '"method":"POST","url":"/index.php?route=/"' \
	'"method":"POST","url":"/index.php?route=/import"' '"method":"POST","url":"/index.php?route=/table/search"' \
	'"method":"POST","url":"/index.php?route=/table/replace"' '"method":"POST","url":"/index.php?route=/logout"'
finish
