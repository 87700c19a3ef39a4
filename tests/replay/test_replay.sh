# smart replay against a small web application of our own (app.py), served
# on loopback on free ports for the duration of the test.
. "$(dirname "$0")/../cli/lib.sh"
HERE="$(cd "$(dirname "$0")" && pwd)"
RFIX="$FIX/replay"
PIDS=""
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; rm -rf "$TMP"' EXIT INT TERM

# start_app NAME [--fault]: serves app.py with its own state folder; sets
# the variable PORT_NAME.
start_app() {
	mkdir -p "$TMP/$1.state"
	python3 "$HERE/app.py" "$TMP/$1.port" "$TMP/$1.state" $2 &
	PIDS="$PIDS $!"
	i=0
	while [ ! -s "$TMP/$1.port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	eval "PORT_$1=$(cat "$TMP/$1.port")"
}

# check NAME PYTHON-EXPRESSION: the expression (with m = the manifest at
# $M, j = json, os) is true.
check() {
	if python3 -c "import json, os, sys; m = json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$M" 2>"$TMP/py"; then
		echo "ok - $1"
	else
		echo "not ok - $1"; sed 's/^/#   /' "$TMP/py" | tail -n 3
		python3 -c "import json,sys; [print('#  ', r.get('index'), r.get('status'), r.get('file'), r.get('error')) for r in json.load(open(sys.argv[1]))['requests']]" "$M" 2>/dev/null
	fi
}

start_app clean
start_app faulty --fault
BASE="http://127.0.0.1:$PORT_clean"
RESET="echo reset >>$TMP/resets; rm -f $TMP/clean.state/notes"

# ---- a HAR file --------------------------------------------------------------
expect_status "replay_har_exits_0" 0 "$SMART" replay "$RFIX/notes.har" --base-url "$BASE" -o "$TMP/a" --reset "$RESET"
expect_output "replay_har_summary_counts_requests_and_tokens" '^replayed 1 session, 5 requests \(0 failed, 1 token refreshed, 1 reset\)'
ls "$TMP/a/notes" | tr '\n' ' ' >"$TMP/out"
expect_output "replay_har_writes_one_file_per_page_named_by_order_method_and_path" \
	'^01_GET_index.html 02_GET_form.html 03_POST_form.html 04_GET_notes.html 05_GET_feed.xml manifest.json $'
M="$TMP/a/notes/manifest.json"
check "replay_har_skips_static_files_and_other_hosts" "m['skipped'] == 2 and len(m['requests']) == 5"
check "replay_har_manifest_has_status_url_type_timing" \
	"all(r['status'] == 200 and r['error'] is None and r['time_ms'] >= 0 and r['content_type'] for r in m['requests']) and m['requests'][4]['content_type'] == 'application/xml'"
check "replay_post_gets_fresh_token_and_follows_303_as_get" \
	"m['requests'][2]['tokens_replaced'] == 1 and [h['status'] for h in m['requests'][2]['redirects']] == [303] and m['requests'][2]['final_url'].endswith('/done')"
grep -q '<li>hello world</li>' "$TMP/a/notes/04_GET_notes.html" && echo "ok - replay_post_with_fresh_token_changed_the_application_state" ||
	echo "not ok - replay_post_with_fresh_token_changed_the_application_state"
grep -q 'sectok' "$TMP/a/notes/02_GET_form.html" && echo "ok - replay_cookie_jar_carries_session_to_second_request" ||
	echo "not ok - replay_cookie_jar_carries_session_to_second_request"

expect_status "replay_without_tokens_exits_0" 0 "$SMART" replay "$RFIX/notes.har" --base-url "$BASE" -o "$TMP/b" --no-tokens
M="$TMP/b/notes/manifest.json"
check "replay_recorded_stale_token_is_rejected_by_the_application" \
	"m['requests'][2]['status'] == 403 and m['requests'][2]['tokens_replaced'] == 0 and m['requests'][2]['redirects'] == []"
printf '{"patterns": ["csrf*"]}' >"$TMP/tokens.json"
"$SMART" replay "$RFIX/notes.har" --base-url "$BASE" -o "$TMP/b2" --tokens "$TMP/tokens.json" >/dev/null 2>&1
M="$TMP/b2/notes/manifest.json"
check "replay_token_rule_from_file_replaces_the_default" "m['requests'][2]['status'] == 403"
"$SMART" replay "$RFIX/notes.har" --base-url "$BASE" -o "$TMP/b3" --tokens "$TMP/tokens.json" --token-pattern 'SEC*' >/dev/null 2>&1
M="$TMP/b3/notes/manifest.json"
check "replay_token_pattern_option_adds_a_glob" "m['requests'][2]['status'] == 200"

expect_status "replay_multipart_har_exits_0" 0 "$SMART" replay "$RFIX/upload.har" --base-url "$BASE" -o "$TMP/mp" --reset "$RESET"
M="$TMP/mp/upload/manifest.json"
check "replay_multipart_post_gets_fresh_token" "m['requests'][2]['tokens_replaced'] == 1 and m['requests'][2]['final_url'].endswith('/done')"
grep -q '<li>from multipart</li>' "$TMP/mp/upload/04_GET_notes.html" && echo "ok - replay_multipart_post_reached_the_application" ||
	echo "not ok - replay_multipart_post_reached_the_application"

touch "$TMP/mp/upload/09_GET_old.html" "$TMP/mp/upload/keep.html"
"$SMART" replay "$RFIX/upload.har" --base-url "$BASE" -o "$TMP/mp" >/dev/null 2>&1
[ ! -e "$TMP/mp/upload/09_GET_old.html" ] && [ -e "$TMP/mp/upload/keep.html" ] && echo "ok - replay_again_removes_old_response_files_only" ||
	echo "not ok - replay_again_removes_old_response_files_only"

# ---- Flist over two replays' manifests -----------------------------------------
"$SMART" replay "$RFIX/notes.har" --base-url "$BASE" -o "$TMP/a2" --reset "$RESET" >/dev/null 2>&1
"$SMART" replay "$RFIX/notes.har" --base-url "http://127.0.0.1:$PORT_faulty" -o "$TMP/m" >/dev/null 2>&1
expect_status "flist_passes_two_clean_replays" 0 "$SMART" compare -c Flist "$TMP/a/notes/manifest.json" "$TMP/a2/notes/manifest.json"
expect_status "raw_fails_the_same_clean_replays_on_the_printed_time" 1 "$SMART" compare -c Raw "$TMP/a/notes/01_GET_index.html" "$TMP/a2/notes/01_GET_index.html"
expect_status "flist_fails_a_replay_whose_post_redirects_elsewhere" 1 "$SMART" compare -c Flist "$TMP/a/notes/manifest.json" "$TMP/m/notes/manifest.json"
expect_output "flist_names_the_differing_request" '303 /oops -> 500 /oops'
expect_status "flist_fails_a_replay_without_fresh_tokens" 1 "$SMART" compare -c Flist --json "$TMP/a/notes/manifest.json" "$TMP/b/notes/manifest.json"
expect_output "flist_json_verdict" '"comparator":"Flist","verdict":"fail"'

# A target that already ends in the saved extension is not given it twice.
printf '{"name": "ext", "requests": [{"url": "/docs/page.html"}, {"url": "/docs/old.htm"}, {"url": "/a.html/b"}]}' >"$TMP/ext.json"
expect_status "replay_target_with_extension_exits_0" 0 "$SMART" replay "$TMP/ext.json" --base-url "$BASE/" -o "$TMP/e"
ls "$TMP/e/ext" | tr '\n' ' ' >"$TMP/out"
expect_output "replay_names_have_no_doubled_extension" \
	'^01_GET_docs-page.html 02_GET_docs-old.html 03_GET_a.html-b.html manifest.json $'

# ---- an access log ------------------------------------------------------------
: >"$TMP/resets"
expect_status "replay_access_log_exits_0" 0 "$SMART" replay "$RFIX/access.log" --base-url "$BASE/" -o "$TMP/c" --reset "$RESET"
ls "$TMP/c" | tr '\n' ' ' >"$TMP/out"
expect_output "access_log_sessions_split_by_client_and_30_minutes_of_silence" \
	'^access-01-127.0.0.1 access-02-127.0.0.2 access-03-127.0.0.1 $'
ls "$TMP/c/access-01-127.0.0.1" "$TMP/c/access-03-127.0.0.1" | tr '\n' ' ' >"$TMP/out"
expect_output "access_log_replays_gets_only_in_order" \
	'01_GET_index.html 02_GET_form.html 03_GET_notes-sort-new.html manifest.json .*01_GET_missing.html 02_GET_feed.xml manifest.json'
M="$TMP/c/access-01-127.0.0.1/manifest.json"
check "access_log_counts_post_and_static_lines_as_skipped" "m['skipped'] == 2 and m['mode'] == 'with_state'"
M="$TMP/c/access-03-127.0.0.1/manifest.json"
check "access_log_error_page_is_recorded_with_its_status" "m['requests'][0]['status'] == 404 and m['requests'][0]['file'] == '01_GET_missing.html'"
[ "$(wc -l <"$TMP/resets")" -eq 3 ] && echo "ok - reset_runs_before_each_session_with_state" ||
	echo "not ok - reset_runs_before_each_session_with_state ($(wc -l <"$TMP/resets") runs)"
: >"$TMP/resets"
"$SMART" replay "$RFIX/access.log" --base-url "$BASE" -o "$TMP/c2" --reset "$RESET" --without-state >/dev/null 2>&1
[ "$(wc -l <"$TMP/resets")" -eq 1 ] && echo "ok - reset_runs_once_without_state" ||
	echo "not ok - reset_runs_once_without_state ($(wc -l <"$TMP/resets") runs)"
expect_status "reset_that_fails_is_trouble" 2 "$SMART" replay "$RFIX/access.log" --base-url "$BASE" -o "$TMP/c3" --reset "exit 3"
expect_one_error_line "reset_failure_says_which_command" "reset command 'exit 3' failed \(exit status 3\)"

# ---- the JSON session format, redirects elsewhere, timeouts ---------------------
expect_status "replay_json_sessions_exit_0" 0 "$SMART" replay "$RFIX/notes.json" --base-url "$BASE" -o "$TMP/d" --reset "$RESET"
M="$TMP/d/write-note/manifest.json"
check "json_session_form_post_succeeds_with_fresh_token" "m['requests'][2]['status'] == 200 and m['requests'][2]['tokens_replaced'] == 1"
M="$TMP/d/away/manifest.json"
check "redirect_to_non_loopback_host_is_refused_and_recorded" \
	"m['requests'][0]['file'] is None and 'not loopback' in m['requests'][0]['error'] and m['requests'][0]['redirects'][0]['location'] == 'http://example.com/' and m['requests'][1]['status'] == 404"
printf '{"name": "slow", "requests": [{"url": "/slow"}, {"url": "/"}]}' >"$TMP/slow.json"
expect_status "timeout_is_not_fatal" 0 "$SMART" replay "$TMP/slow.json" --base-url "$BASE" -o "$TMP/e" --timeout 1
M="$TMP/e/slow/manifest.json"
check "timeout_is_recorded_and_the_session_goes_on" \
	"'timed out' in m['requests'][0]['error'].lower() and m['requests'][0]['file'] is None and m['requests'][1]['status'] == 200"

# ---- a server that does not answer; hosts that are not loopback ----------------
CLOSED=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()")
expect_status "closed_port_is_not_fatal" 0 "$SMART" replay "$RFIX/notes.har" --base-url "http://127.0.0.1:$CLOSED" -o "$TMP/f"
expect_output "closed_port_counts_failed_requests" '5 requests \(5 failed'
M="$TMP/f/notes/manifest.json"
check "closed_port_is_recorded_in_the_manifest" "all(r['status'] == 0 and r['file'] is None and r['error'] for r in m['requests'])"
expect_status "non_loopback_base_url_is_refused" 2 "$SMART" replay "$RFIX/notes.har" --base-url "http://example.com" -o "$TMP/g"
expect_one_error_line "non_loopback_refusal_names_the_host" "host example.com is not loopback"
[ ! -e "$TMP/g/notes" ] && echo "ok - refused_run_writes_nothing" || echo "not ok - refused_run_writes_nothing"
expect_status "non_url_base_is_trouble" 2 "$SMART" replay "$RFIX/notes.har" --base-url "ftp://127.0.0.1/" -o "$TMP/g"

# ---- --list: read only --------------------------------------------------------------
expect_status "replay_list_needs_no_server" 0 "$SMART" replay --list "$RFIX/access.log" "$RFIX/notes.har"
expect_output "replay_list_names_sessions_with_counts" '^notes: 5 requests, 2 skipped'
"$SMART" replay --list --json "$RFIX/notes.har" >"$TMP/notes-as.json" 2>/dev/null
expect_status "replay_list_json_is_a_session_file" 0 "$SMART" replay "$TMP/notes-as.json" --base-url "$BASE" -o "$TMP/l" --reset "$RESET"
M="$TMP/l/notes/manifest.json"
check "replay_of_the_converted_har_posts_like_the_har" "m['requests'][2]['final_url'].endswith('/done') and len(m['requests']) == 5"

# ---- bad input ---------------------------------------------------------------------
printf '{"log": {"entries": [{"request": {"method": "GET", "url": "/"}}, {"request": {"method": "GET"}}]}}' >"$TMP/bad.har"
expect_status "har_entry_without_url_is_trouble" 2 "$SMART" replay "$TMP/bad.har" --base-url "$BASE" -o "$TMP/h"
expect_one_error_line "har_error_names_the_entry" 'bad.har: log.entries\[1\]: request needs'
printf '127.0.0.1 - - [01/May/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5\nnot a log line\n' >"$TMP/bad.log"
expect_status "access_log_bad_line_is_trouble" 2 "$SMART" replay "$TMP/bad.log" --base-url "$BASE" -o "$TMP/h"
expect_one_error_line "access_log_error_names_the_line" 'bad.log:2: not an access log line'
printf '{"sessions": [{"requests": [{"url": "/", "verb": "GET"}]}]}' >"$TMP/bad.json"
expect_status "json_session_unknown_key_is_trouble" 2 "$SMART" replay "$TMP/bad.json" --base-url "$BASE" -o "$TMP/h"
expect_one_error_line "json_session_error_names_the_request" "bad.json: sessions\[0\].requests\[0\]: unknown key 'verb'"
printf '{"sessions": [\n{"requests": [}\n' >"$TMP/broken.json"
expect_status "broken_json_is_trouble" 2 "$SMART" replay "$TMP/broken.json" --base-url "$BASE" -o "$TMP/h"
expect_one_error_line "broken_json_error_names_the_line" 'broken.json:2: not valid JSON'
expect_status "missing_session_file_is_trouble" 2 "$SMART" replay "$TMP/nonesuch.har" --base-url "$BASE" -o "$TMP/h"
expect_status "replay_without_base_url_is_usage_error" 2 "$SMART" replay "$RFIX/notes.har" -o "$TMP/h"
expect_status "replay_help_exits_0" 0 "$SMART" replay -h
[ ! -e "$TMP/h" ] && echo "ok - bad_input_writes_no_output" || echo "not ok - bad_input_writes_no_output"
# A session whose folder's path would not fit (an output folder 4 000
# bytes deep, a session named with 150 bytes) is refused with one line
# naming the path, before any request, and nothing is written under a cut
# name.
seg=$(printf 'd%.0s' $(seq 1 200))
deep="$TMP/deep"
for i in $(seq 1 20); do deep="$deep/$seg"; done
printf '{"sessions": [{"name": "%s", "requests": [{"url": "/"}]}]}\n' \
	"$(printf 's%.0s' $(seq 1 150))" >"$TMP/long.json"
expect_status "replay_session_path_too_long_is_trouble" 2 \
	"$SMART" replay "$TMP/long.json" --base-url "http://127.0.0.1:9" -o "$deep"
expect_one_error_line "replay_session_path_too_long_is_named" "path too long"
if [ -z "$(ls -A "$deep" 2>/dev/null)" ]; then
	echo "ok - replay_session_path_too_long_writes_nothing"
else
	echo "not ok - replay_session_path_too_long_writes_nothing"
fi
finish
