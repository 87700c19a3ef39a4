# smart review --by-change at a terminal, driven by keys through tmux, on
# small pages built here: four pages whose "order ref" token changes
# between runs (a residual change smart flags), one of which also loses a
# table row (a fault). Accepting the token's group ignores the three pages
# that hold nothing else, and remembers the change in
# .smart/accepted.json; after quitting, `smart classify` run in that
# folder uses it by itself: the three are ignored (as they are with a
# later run's other tokens, and with a token of the same shape at another
# place of the accepted class), while the page with the lost row, and a
# page with a new fault besides the token, are still flagged. Undo takes a
# decision back (the file follows), split decides pairs one by one, reject
# labels the group's pairs inspect, and SIGKILLs at delays spread over a
# decision leave both files of .smart/ whole.
. "$(dirname "$0")/lib.sh"
if ! command -v tmux >/dev/null 2>&1; then
	echo "ok - review_bychange # SKIP tmux is not installed ('make test' installs it)"
	exit 0
fi
unset TMUX
SOCK="smart-bychange-test-$$"
trap 'tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

# page DIR NAME TOKEN [ROWS] [EXTRA]: a small order page.
page() {
	rows=${4:-'<tr><td>Kettle</td><td>24.00</td></tr><tr><td>Toaster</td><td>31.50</td></tr><tr><td>Garden hose</td><td>29.90</td></tr>'}
	mkdir -p "$1"
	printf '<!DOCTYPE html>\n<html><head><title>Orders %s</title></head><body>\n<h1>Orders of %s</h1>\n<p class="ref">Order ref %s</p>\n<table>%s</table>\n%s\n</body></html>\n' \
		"$2" "$2" "$3" "$rows" "${5:-}" > "$1/$2.html"
}
TWO_ROWS='<tr><td>Kettle</td><td>24.00</td></tr><tr><td>Toaster</td><td>31.50</td></tr>'
# suite DIR: old and new runs of four pages (d loses a row)
suite() {
	page "$1/old" a Qx7Kp2Lm9Z; page "$1/new" a Wd4Rt8Yh3N
	page "$1/old" b Hj5Kl9Mn2P; page "$1/new" b Zx3Cv7Bn1M
	page "$1/old" c Rt6Yu1Io8P; page "$1/new" c As2Df6Gh0J
	page "$1/old" d Pl9Ok8Ij7U; page "$1/new" d Yh6Tg5Rf4E "$TWO_ROWS"
}
suite "$TMP/s"

# drive NAME DIR [SUITE]: smart review --by-change on SUITE (default
# $TMP/s) in a tmux pane, in DIR; its pid in $TMP/NAME.pid, its exit
# status in $TMP/NAME.status.
drive() {
	mkdir -p "$2"
	cat > "$TMP/$1.sh" <<-EOF
	cd "$2" || exit 1
	env NO_COLOR=1 SMART="$SMART" ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" \
	  sh -c 'echo \$\$ > "$TMP/$1.pid"; exec "\$SMART" review --by-change "${3:-$TMP/s}/old" "${3:-$TMP/s}/new"'
	echo \$? > "$TMP/$1.status"
	exec sleep 600
	EOF
	rm -f "$TMP/$1.status" "$TMP/$1.pid"
	tmux -L "$SOCK" new-session -d -s "$1" -x 220 -y 80 "sh $TMP/$1.sh"
}

# wait_for NAME TEXT [N]: until pane NAME shows TEXT (N times; 60 s at most).
wait_for() {
	i=0
	while [ $i -lt 600 ]; do
		[ "$(tmux -L "$SOCK" capture-pane -p -S -2000 -t "$1" 2>/dev/null | grep -cF -- "$2")" -ge "${3:-1}" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# step NAME TEST KEY TEXT [N]: presses KEY (if any), checks TEXT appears (N times).
step() {
	[ -z "$3" ] || tmux -L "$SOCK" send-keys -t "$1" -l "$3"
	if wait_for "$1" "$4" "${5:-1}"; then echo "ok - $2"; else
		echo "not ok - $2 (no '$4' after key '$3')"
		tmux -L "$SOCK" capture-pane -p -S -80 -t "$1" | sed 's/^/#   /' | tail -n 40
	fi
}

wait_file() {
	i=0
	while [ ! -s "$1" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}

check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else echo "not ok - $name"; fi
}

# valid_accepted FILE: the file loads as accepted changes (classify
# refuses, status 2, a file that does not).
valid_accepted() {
	"$SMART" classify --accepted "$1" "$TMP/s/old/a.html" "$TMP/s/old/a.html" >/dev/null 2>&1
}
# valid_labels FILE: every line is a JSON object (python3), or no file.
valid_labels() {
	[ ! -e "$1" ] || python3 -c 'import json,sys
for line in open(sys.argv[1]): json.loads(line)' "$1"
}

expect_status classify_flags_all_four_pages 1 "$SMART" classify "$TMP/s/old" "$TMP/s/new"
expect_output classify_flags_all_four_pages_text '4 pairs: 4 inspect'

# ---- the groups without prompts: --by-change --list ------------------------------
# The token's class is held by all four pages; accepting its group whole
# (the lost row too) ignores them all: one group, the first pair a.
expect_status list_by_change_exits_as_classify 1 \
	"$SMART" review --by-change --list "$TMP/s/old" "$TMP/s/new"
expect_output list_by_change_counts_the_groups '^4 flagged pairs in 1 group of changes'
expect_output list_by_change_names_the_change '^1\. 4 pairs  [0-9a-f]{16}  update /html/body/p/text\(\): \.\.\.rder ref \{token\} -> \.\.\.rder ref \{token\}; and 1 other change$'
expect_output list_by_change_names_the_first_pair '^   first: s/a\.html$'
expect_status list_by_change_json_exits_as_classify 1 \
	"$SMART" review --by-change --list --json "$TMP/s/old" "$TMP/s/new"
"$SMART" review --by-change --list --json "$TMP/s/old" "$TMP/s/new" > "$TMP/list.json" 2>/dev/null
check list_by_change_json_is_one_group_of_four python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
g = rows[0]
assert len(rows) == 1 and g["group"] == 1 and g["pairs"] == 4 and g["holding"] == 4
assert g["changes"] == 2 and g["change"]["kind"] == "update"
assert g["tests"] == ["s/a.html", "s/b.html", "s/c.html", "s/d.html"]' "$TMP/list.json"
check list_by_change_writes_nothing [ ! -e "$TMP/.smart" ]
expect_status list_by_change_json_without_list_is_usage 2 \
	"$SMART" review --by-change --json "$TMP/s/old" "$TMP/s/new"

# ---- accept a group, quit, classify again ----------------------------------------
W="$TMP/work"
drive acc "$W"
step acc bychange_shows_the_largest_group_first '' 'a change held by 4 flagged pairs'
step acc bychange_names_the_change_by_its_shapes '' 'update /html/body/p/text(): ...rder ref {token} -> ...rder ref {token}'
step acc bychange_says_accepting_remembers_the_class '' 'accepting remembers its class: every such update at any p/text()'
step acc bychange_highlights_the_old_and_new_value_in_the_text '' 'Order ref [-Qx7Kp2Lm9Z-]{+Wd4Rt8Yh3N+}'
step acc bychange_next_member_shows_the_change_in_the_next_pair n '[-Hj5Kl9Mn2P-]{+Zx3Cv7Bn1M+}'
step acc bychange_members_lists_the_group m 'd.html  score'
step acc bychange_help_lists_the_keys '?' 'u undo the last decision'
step acc bychange_accept_ignores_the_pairs_with_nothing_else a 'accepted: 3 pairs ignored'
step acc bychange_next_group_is_the_lost_row '' 'a change held by 1 flagged pair'
step acc bychange_deleted_row_is_shown_as_its_text '' 'deleted: [-<tr> Garden hose 29.90-]'
step acc bychange_quit_says_what_is_left q '1 pair in 1 group undecided, still flagged'
wait_file "$TMP/acc.status"
check bychange_quit_with_a_group_undecided_exits_1 [ "$(cat "$TMP/acc.status")" = 1 ]
check accepted_file_is_whole_and_loads valid_accepted "$W/.smart/accepted.json"
check accepted_file_holds_the_one_change [ "$(grep -c '"id"' "$W/.smart/accepted.json")" = 1 ]
check accepted_file_names_the_change grep -q '"location":.*"/html/body/p/text()"' "$W/.smart/accepted.json"
check accept_writes_no_label [ ! -e "$W/.smart/labels.jsonl" ]

cd "$W" || exit 1
expect_status classify_after_accept_still_flags_the_lost_row 1 "$SMART" classify "$TMP/s/old" "$TMP/s/new"
expect_output classify_after_accept_ignores_the_three '4 pairs: 1 inspect, 3 ignore'
expect_output classify_says_it_used_the_accepted_changes '3 pairs ignored by the 1 change accepted in review \(\.smart/accepted\.json\)'
expect_output classify_row_says_accepted_change 'ignore .* s/a\.html  accepted change'
expect_output classify_flags_the_page_with_the_lost_row 'inspect .* s/d\.html'
# a later run: other tokens in the same place, and a new fault on page a
page "$TMP/s/later" a Mn3Bv6Cx9Z "" '<p class="err">Error: could not load orders</p>'
page "$TMP/s/later" b Lk8Jh4Gf2D
expect_status classify_later_run_flags_the_new_fault 1 "$SMART" classify "$TMP/s/old/a.html" "$TMP/s/later/a.html"
expect_status classify_later_run_ignores_the_accepted_change_with_other_tokens 0 \
	"$SMART" classify "$TMP/s/old/b.html" "$TMP/s/later/b.html"
expect_output classify_one_pair_says_why 'every residual change was accepted in review'
expect_status classify_json_marks_the_accepted_change 0 \
	"$SMART" classify --json "$TMP/s/old/b.html" "$TMP/s/later/b.html"
expect_output classify_json_marks_the_accepted_change_field '"accepted_change":[ ]*true'
expect_status classify_no_accepted_flags_it_again 1 \
	"$SMART" classify --no-accepted "$TMP/s/old/b.html" "$TMP/s/later/b.html"
cd "$TMP" || exit 1
expect_status classify_elsewhere_without_a_file_flags_all_status 1 \
	"$SMART" classify "$TMP/s/old" "$TMP/s/new"
expect_output classify_elsewhere_without_the_file_flags_all '4 pairs: 4 inspect'
mkdir -p "$TMP/s/.smart" && cp "$W/.smart/accepted.json" "$TMP/s/.smart/"
expect_status classify_elsewhere_uses_the_file_of_the_folder_holding_old 1 \
	"$SMART" classify "$TMP/s/old" "$TMP/s/new"
expect_output classify_elsewhere_uses_it '4 pairs: 1 inspect, 3 ignore'
rm -rf "$TMP/s/.smart"

# ---- the class is remembered: the same kind of change at another place ---------------
# The accept stored the change's class and what it covers (version 2).
# A later run of a page whose reference sits one element deeper changes
# its token again (a new value of the same shape) at another place:
# another signature id, the same class, so classify in that folder
# ignores it; a new element inserted beside it is another class, flagged.
check accepted_file_is_version_2 grep -q '"version":[[:space:]]*2' "$W/.smart/accepted.json"
check accepted_file_names_the_class grep -q '"class":[[:space:]]*"[0-9a-f]\{16\}"' "$W/.smart/accepted.json"
check accepted_file_says_what_the_class_covers grep -q '"place":[[:space:]]*"p/text()"' "$W/.smart/accepted.json"
# deep DIR TOKEN [EXTRA]: page a with its reference inside a <div>.
deep() {
	page "$1" a "$2" "" "${3:-}"
	sed 's|<p class="ref">\([^<]*\)</p>|<div><p class="ref">\1</p></div>|' "$1/a.html" > "$1/a.tmp" &&
		mv "$1/a.tmp" "$1/a.html"
}
deep "$TMP/deep/old" Qx7Kp2Lm9Z
deep "$TMP/deep/new" Pq4Wr8Ty2U
deep "$TMP/deep/fault" Pq4Wr8Ty2U '<p class="err">Error: could not load orders</p>'
cd "$W" || exit 1
"$SMART" classify --no-accepted --json "$TMP/deep/old/a.html" "$TMP/deep/new/a.html" > "$TMP/deep.json" 2>/dev/null
check deep_change_is_another_id_of_the_accepted_class python3 -c '
import json, sys
pair = json.load(open(sys.argv[1]))
acc = json.load(open(sys.argv[2]))["changes"]
sigs = pair["signatures"]
assert pair["decision"] == "inspect" and len(sigs) == 1
assert sigs[0]["id"] not in [c["id"] for c in acc]
assert sigs[0]["class"] in [c["class"] for c in acc]' "$TMP/deep.json" "$W/.smart/accepted.json"
expect_status classify_ignores_a_new_value_of_the_accepted_class_at_another_place 0 \
	"$SMART" classify "$TMP/deep/old/a.html" "$TMP/deep/new/a.html"
expect_output classify_says_the_class_was_accepted 'every residual change was accepted in review'
expect_status classify_flags_a_new_element_beside_the_accepted_class 1 \
	"$SMART" classify "$TMP/deep/old/a.html" "$TMP/deep/fault/a.html"
# the report reads the file the same way: the class's pair is an ignored
# row saying why, and the changes view groups only the flagged fault
mkdir -p "$TMP/deep/both/old" "$TMP/deep/both/new"
cp "$TMP/deep/old/a.html" "$TMP/deep/both/old/a.html"; cp "$TMP/deep/new/a.html" "$TMP/deep/both/new/a.html"
cp "$TMP/deep/old/a.html" "$TMP/deep/both/old/f.html"; cp "$TMP/deep/fault/a.html" "$TMP/deep/both/new/f.html"
expect_status report_with_an_accepted_class_flags_the_fault_only 1 \
	"$SMART" classify --report "$TMP/deep/report.html" "$TMP/deep/both/old" "$TMP/deep/both/new"
check report_row_says_the_class_was_accepted grep -q 'each accepted in review' "$TMP/deep/report.html"
check report_changes_view_groups_the_fault_alone grep -q '<p>1 flagged pair in 1 group' "$TMP/deep/report.html"
check report_changes_view_shows_the_inserted_error grep -q 'data-count="1"><summary><b class="count">1 pair</b> <span class="gw">a &lt;p&gt; with text &#39;Error: could not load orders&#39;' "$TMP/deep/report.html"
cd "$TMP" || exit 1
printf '{"format":"smart-accepted","version":1,"changes":[{"id":"zz"}]}' > "$TMP/bad.json"
expect_status classify_refuses_a_bad_accepted_file 2 \
	"$SMART" classify --accepted "$TMP/bad.json" "$TMP/s/old" "$TMP/s/new"
expect_one_error_line classify_bad_accepted_file_is_one_line 'bad\.json: changes\[0\]\.id'

# ---- e: exactly the change shown, not its class -----------------------------------
# Pages a and b change their token in /html/body/p, pages c and d one
# element deeper (a <div>): one class, one group of 4. `e` accepts exactly
# the change the pair on screen holds -- its place and shapes, by id --
# so the two pages holding it are ignored while the other two, the same
# class at another place, stay flagged and come back as a group of their
# own (whichever pair the review shows first); the file's entry has no
# class, and classify in that folder still flags the other two.
for p in a b; do page "$TMP/ex/old" $p Qx7Kp2Lm9$p; page "$TMP/ex/new" $p Wd4Rt8Yh3$p; done
for p in c d; do
	deep "$TMP/ex/old" Rt6Yu1Io8$p && mv "$TMP/ex/old/a.html" "$TMP/ex/old/$p.html"
	deep "$TMP/ex/new" As2Df6Gh0$p && mv "$TMP/ex/new/a.html" "$TMP/ex/new/$p.html"
done
for p in a b; do page "$TMP/ex/old" $p Qx7Kp2Lm9$p; page "$TMP/ex/new" $p Wd4Rt8Yh3$p; done
EX="$TMP/exact"
drive ex "$EX" "$TMP/ex"
step ex exact_group_holds_the_class_at_both_places '' 'a change held by 4 flagged pairs'
step ex exact_key_is_offered '' '[e]xact'
step ex exact_accept_ignores_the_pairs_holding_the_change_shown e 'accepted: 2 pairs ignored'
step ex exact_accept_leaves_the_class_elsewhere_flagged '' 'a change held by 2 flagged pairs'
step ex exact_quit q '2 pairs in 1 group undecided, still flagged'
wait_file "$TMP/ex.status"
check exact_quit_exits_1 [ "$(cat "$TMP/ex.status")" = 1 ]
check exact_accepted_file_loads valid_accepted "$EX/.smart/accepted.json"
check exact_entry_has_no_class python3 -c '
import json, sys
acc = json.load(open(sys.argv[1]))["changes"]
assert len(acc) == 1 and "class" not in acc[0], acc
assert acc[0]["covers"]["place"] in ("/html/body/p/text()", "/html/body/div/p/text()"), acc' \
	"$EX/.smart/accepted.json"
cd "$EX" || exit 1
expect_status exact_classify_still_flags_the_other_place 1 "$SMART" classify "$TMP/ex/old" "$TMP/ex/new"
expect_output exact_classify_ignores_the_two '4 pairs: 2 inspect, 2 ignore'
cd "$TMP" || exit 1

# ---- A: every change of the group's pairs, the whole group ignored --------------
drive whole "$TMP/whole"
step whole whole_starts_at_the_largest_group '' 'a change held by 4 flagged pairs'
step whole whole_lists_what_the_other_pairs_hold '' "the group's other pairs also hold:"
step whole whole_offers_to_accept_all '' 'A accepts all 2 changes of the group, ignoring its 4 pairs'
step whole whole_accept_all_ignores_the_four A 'accepted: 4 pairs ignored'
step whole whole_then_every_group_is_decided '' 'every group is decided'
step whole whole_quit q '4 flagged pairs ignored by accepted changes'
wait_file "$TMP/whole.status"
check whole_every_pair_ignored_exits_0 [ "$(cat "$TMP/whole.status")" = 0 ]
check whole_remembers_both_changes [ "$(grep -c '"id"' "$TMP/whole/.smart/accepted.json")" = 2 ]
check whole_file_is_whole_and_loads valid_accepted "$TMP/whole/.smart/accepted.json"

# ---- undo --------------------------------------------------------------------------
drive undo "$TMP/work-undo"
step undo undo_starts_at_the_largest_group '' 'a change held by 4 flagged pairs'
step undo undo_accept_first a 'accepted: 3 pairs ignored'
check undo_accept_wrote_the_change grep -q '"id"' "$TMP/work-undo/.smart/accepted.json"
step undo undo_takes_the_accept_back u 'undone: the last decision is taken back'
step undo undo_shows_the_group_again '' 'a change held by 4 flagged pairs' 2
check undo_removed_the_change_from_the_file sh -c "! grep -q '\"id\"' '$TMP/work-undo/.smart/accepted.json'"
check undo_left_the_file_whole valid_accepted "$TMP/work-undo/.smart/accepted.json"
step undo undo_with_nothing_left_to_undo u 'nothing to undo'
step undo undo_reject_the_group r 'rejected: 4 pairs labelled inspect'
check undo_reject_labelled_the_four [ "$(wc -l < "$TMP/work-undo/.smart/labels.jsonl")" = 4 ]
check undo_reject_labels_are_inspect [ "$(grep -c '"label":"inspect"' "$TMP/work-undo/.smart/labels.jsonl")" = 4 ]
step undo undo_after_every_group_is_decided '' 'every group is decided'
step undo undo_takes_the_reject_back u 'undone' 2
check undo_removed_the_labels [ "$(wc -c < "$TMP/work-undo/.smart/labels.jsonl")" = 0 ]
step undo undo_quit q 'undecided, still flagged'
wait_file "$TMP/undo.status"
check undo_quit_exits_1 [ "$(cat "$TMP/undo.status")" = 1 ]

# ---- split ---------------------------------------------------------------------------
drive split "$TMP/work-split"
step split split_starts_at_the_largest_group '' 'a change held by 4 flagged pairs'
step split split_key_splits s 'split: its 4 pairs come one by one'
step split split_shows_one_pair '' 'decided for this pair only'
step split split_reject_the_first r 'rejected: 1 pair labelled inspect'
step split split_accept_the_second a 'accepted: 1 pair ignored'
step split split_quit q 'undecided, still flagged'
wait_file "$TMP/split.status"
check split_labelled_one_pair [ "$(wc -l < "$TMP/work-split/.smart/labels.jsonl")" = 1 ]
check split_accept_is_for_that_test_only grep -q '"tests":' "$TMP/work-split/.smart/accepted.json"
check split_exits_1 [ "$(cat "$TMP/split.status")" = 1 ]

# ---- accept everything: status 0 ------------------------------------------------------
drive all "$TMP/work-all"
step all all_starts '' '[?] >'
step all all_accept_token a 'accepted: 3 pairs ignored'
step all all_accept_row a 'accepted: 1 pair ignored'
step all all_quit q '2 decisions: 4 flagged pairs ignored by accepted changes, 0 rejected'
wait_file "$TMP/all.status"
check bychange_every_pair_ignored_exits_0 [ "$(cat "$TMP/all.status")" = 0 ]

# ---- a pair with more changes than a signature set keeps --------------------------
# Page e holds the token's change and forty other changes (more distinct
# changes than a set keeps, SMART_SIGNATURES_MAX): it may hold a change
# nobody is shown, so it is not grouped, and accepting the token's group
# whole (A) ignores a and b but leaves e flagged -- in the review, in
# --list, and for classify afterwards.
C="$TMP/cap"
page "$C/old" a Qx7Kp2Lm9Z; page "$C/new" a Wd4Rt8Yh3N
page "$C/old" b Hj5Kl9Mn2P; page "$C/new" b Zx3Cv7Bn1M
many_old='' many_new=''
for i in $(seq 10 49); do # forty words of letters: no shape takes them
	w=$(echo "$i" | tr 0-9 a-j)
	many_old="$many_old<p>note $w says alpha</p>"
	many_new="$many_new<p>note $w says beta</p>"
done
page "$C/old" e Rt6Yu1Io8P "" "$many_old"; page "$C/new" e As2Df6Gh0J "" "$many_new"
"$SMART" classify --json "$C/old/e.html" "$C/new/e.html" > "$TMP/cap-e.json" 2>/dev/null
check capped_page_holds_more_changes_than_a_set_keeps grep -q '"signatures_truncated":[ ]*true' "$TMP/cap-e.json"
expect_status capped_list_exits_1 1 "$SMART" review --by-change --list "$C/old" "$C/new"
expect_output capped_list_groups_the_two_others '^1\. 2 pairs  '
expect_output capped_list_says_the_capped_pair_is_not_grouped '^1 flagged pair not grouped \(.*more than a change signature set keeps'
drive cap "$TMP/work-cap" "$C"
step cap capped_review_asks_about_the_two_others '' 'a change held by 2 flagged pairs'
step cap capped_accept_all_ignores_the_two_only A 'accepted: 2 pairs ignored'
step cap capped_then_no_group_is_left '' 'every group is decided'
step cap capped_quit_says_the_pair_is_not_grouped q '1 flagged pair not grouped'
wait_file "$TMP/cap.status"
check capped_pair_left_flagged_exits_1 [ "$(cat "$TMP/cap.status")" = 1 ]
cd "$TMP/work-cap" || exit 1
expect_status classify_after_accept_still_flags_the_capped_pair 1 "$SMART" classify "$C/old" "$C/new"
expect_output classify_after_accept_ignores_only_the_two '3 pairs: 1 inspect, 2 ignore'
expect_output classify_after_accept_flags_the_capped_page 'inspect .* cap/e\.html'
cd "$TMP" || exit 1

# ---- SIGKILL during a decision ------------------------------------------------------
# Each run starts from the same .smart/: one accepted change of another
# page and one label; 'a' (accept the token's group) or 'r' (reject it)
# rewrites one of the two files, and the kill lands at a delay spread over
# that decision. After it each file is whole, and is the old one or the
# new one: accepted.json with 1 or 2 changes, labels.jsonl with 1 or 5
# records.
K="$TMP/work-kill"
mkdir -p "$TMP/kill-before"
printf '{"format":"smart-accepted","version":1,"changes":[{"id":"00000000000000ff","kind":"update"}]}\n' \
	> "$TMP/kill-before/accepted.json"
printf '{"app":"x","test":"t.html","old":"<p>a</p>","new":"<p>b</p>","label":"inspect","origin":"review"}\n' \
	> "$TMP/kill-before/labels.jsonl"
whole=0 runs=0 changed=0
for delay in 0 0.001 0.002 0.004 0.007 0.01 0.015 0.02 0.03 0.05 0.08 0.12; do
	rm -rf "$K/.smart"
	mkdir -p "$K/.smart"
	cp "$TMP/kill-before/"* "$K/.smart/"
	drive kill "$K"
	if wait_for kill '[?] >'; then
		key=a
		[ $((runs % 2)) = 1 ] && key=r
		tmux -L "$SOCK" send-keys -t kill -l "$key"
		sleep "$delay"
		kill -KILL "$(cat "$TMP/kill.pid")" 2>/dev/null
		wait_file "$TMP/kill.status"
		runs=$((runs + 1))
		a=$(grep -c '"id"' "$K/.smart/accepted.json")
		l=$(wc -l < "$K/.smart/labels.jsonl")
		if valid_accepted "$K/.smart/accepted.json" && valid_labels "$K/.smart/labels.jsonl" &&
		   { [ "$a" = 1 ] || [ "$a" = 2 ]; } && { [ "$l" = 1 ] || [ "$l" = 5 ]; }; then
			whole=$((whole + 1))
		else
			echo "# .smart/ not whole after a kill $delay s into a decision ($a changes, $l labels)"
		fi
		[ "$a" = 2 ] || [ "$l" = 5 ] && changed=$((changed + 1))
	else
		echo "# no prompt at delay $delay"
	fi
	tmux -L "$SOCK" kill-session -t kill 2>/dev/null
done
echo "# $runs kills, $changed after the decision was written"
check sigkill_loop_ran_ten_kills [ "$runs" -ge 10 ]
check sigkill_during_a_decision_leaves_smart_folder_whole_old_or_new [ "$whole" = "$runs" ]
finish
