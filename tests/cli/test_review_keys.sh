# smart review at a terminal, driven by keys through tmux: on a suite of
# four flagged pairs, '?' shows the keys, 'o' hands the whole pair to
# $PAGER and 'b' a one-pair HTML report to $BROWSER, 'a' accepts the first (its baseline becomes the new output byte
# for byte), 'r' rejects the second, 's' skips the third, 'q' quits on the
# fourth; the other baselines are untouched, .smart/labels.jsonl holds
# exactly the two verdicts (ignore, then inspect, origin "review"), and
# `smart train --adapt` reads it; the terminal's mode is the same after
# the review, and after SIGINT, SIGTERM or SIGHUP ends one; after Ctrl-Z
# and fg, single keys work again.
. "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
if ! command -v tmux >/dev/null 2>&1; then
	echo "ok - review_keys # SKIP tmux is not installed ('make test' installs it)"
	exit 0
fi
unset TMUX # a make test run inside tmux still gets its own server
SOCK="smart-review-test-$$"
trap 'tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
make_review_suite "$TMP"
cp -R "$TMP/old" "$TMP/pristine"
mkdir "$TMP/work"
printf '#!/bin/sh\ncp "$1" "%s/paged.txt"\n' "$TMP" > "$TMP/pager.sh"
printf '#!/bin/sh\ncp "$1" "%s/browsed.html"\n' "$TMP" > "$TMP/browser.sh"
chmod +x "$TMP/pager.sh" "$TMP/browser.sh"

# drive NAME ENV...: runs smart review on the suite in a tmux pane of its
# own, in $TMP/work, with the terminal's mode saved before and after in
# $TMP/NAME.before and .after, its pid in $TMP/NAME.pid, its exit status in
# $TMP/NAME.status.
drive() {
	name=$1; shift
	cat > "$TMP/$name.sh" <<-EOF
	cd "$TMP/work" || exit 1
	stty -g > "$TMP/$name.before"
	env $* SMART="$SMART" ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" \
	  sh -c 'echo \$\$ > "$TMP/$name.pid"; exec "\$SMART" review "$TMP/old" "$TMP/new"'
	echo \$? > "$TMP/$name.status"
	stty -g > "$TMP/$name.after"
	exec sleep 600
	EOF
	tmux -L "$SOCK" new-session -d -s "$name" -x 200 -y 60 "sh $TMP/$name.sh"
}

# wait_for NAME TEXT: until pane NAME shows TEXT (60 s at most).
wait_for() {
	i=0
	while [ $i -lt 600 ]; do
		tmux -L "$SOCK" capture-pane -p -S -1000 -t "$1" 2>/dev/null | grep -Fq -- "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# step NAME TEST KEY TEXT: presses KEY (if any) in pane NAME, checks TEXT
# appears.
step() {
	[ -z "$3" ] || tmux -L "$SOCK" send-keys -t "$1" -l "$3"
	if wait_for "$1" "$4"; then echo "ok - $2"; else
		echo "not ok - $2 (no '$4' after key '$3')"
		tmux -L "$SOCK" capture-pane -p -S -60 -t "$1" | sed 's/^/#   /' | tail -n 30
	fi
}

# wait_prompts NAME N: until pane NAME has shown the prompt N times (after
# the pager or browser returns; a key sent while it runs is dropped).
wait_prompts() {
	i=0
	while [ $i -lt 600 ]; do
		[ "$(tmux -L "$SOCK" capture-pane -p -S -1000 -t "$1" | grep -c '\[?\] >')" -ge "$2" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_file FILE: until FILE exists (60 s at most).
wait_file() {
	i=0
	while [ ! -s "$1" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}

# check NAME CONDITION...: ok when the command succeeds.
check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else echo "not ok - $name"; fi
}

drive keys PAGER="$TMP/pager.sh" BROWSER="$TMP/browser.sh" TMPDIR="$TMP"
# the application is named after the folder that holds old/ and new/
APP=$(basename "$TMP")
if wait_for keys "[1/4] $APP/form-lost-inputs.html" && wait_for keys '[?] >'; then
	echo "ok - review_shows_the_most_severe_most_uncertain_pair_first"
else
	echo "not ok - review_shows_the_most_severe_most_uncertain_pair_first"
	tmux -L "$SOCK" capture-pane -p -S -60 -t keys | sed 's/^/#   /' | tail -n 30
fi
step keys review_help_key_lists_the_keys '?' 'q quit   ? this help'
if tmux -L "$SOCK" capture-pane -p -e -S -1000 -t keys | grep -q "$(printf '\033')\\[[0-9;]*31m"; then
	echo "ok - review_colours_deletions_at_a_terminal"; else
	echo "not ok - review_colours_deletions_at_a_terminal"; fi
step keys review_shows_the_explanation '' 'features that moved the score most'
tmux -L "$SOCK" send-keys -t keys o
wait_prompts keys 3
check review_open_key_gives_the_pager_the_whole_pair \
	grep -q 'operations: .* moved' "$TMP/paged.txt"
tmux -L "$SOCK" send-keys -t keys b
wait_prompts keys 4
check review_browser_key_gives_the_browser_an_html_report \
	sh -c "grep -q '<!DOCTYPE html>' '$TMP/browsed.html' && grep -q 'form-lost-inputs' '$TMP/browsed.html'"
step keys review_accept_key_accepts a 'accepted: the new output is the baseline'
step keys review_second_pair_is_the_other_broken_one '' "[2/4] $APP/stack-trace.html"
step keys review_reject_key_rejects r 'rejected: labelled inspect'
step keys review_third_pair_is_content '' "[3/4] $APP/deleted-table.html"
step keys review_skip_key_skips s 'skipped'
step keys review_fourth_pair_is_the_copy '' "[4/4] $APP/deleted-table2.html"
step keys review_quit_key_says_what_was_done q 'reviewed 3 of 4: 1 accepted, 1 rejected, 1 skipped'
wait_file "$TMP/keys.after"
check review_quit_with_flagged_pairs_left_exits_1 [ "$(cat "$TMP/keys.status")" = 1 ]
check review_restores_the_terminal_on_quit cmp -s "$TMP/keys.before" "$TMP/keys.after"

check accepted_baseline_is_the_new_output_byte_for_byte \
	cmp -s "$TMP/old/form-lost-inputs.html" "$TMP/new/form-lost-inputs.html"
for f in stack-trace deleted-table deleted-table2 timestamp-change reworded-paragraph same; do
	check "baseline_${f}_untouched" cmp -s "$TMP/old/$f.html" "$TMP/pristine/$f.html"
done
LABELS="$TMP/work/.smart/labels.jsonl"
check labels_file_has_exactly_two_records [ "$(wc -l < "$LABELS")" -eq 2 ]
check first_label_is_the_accepted_pair_as_ignore \
	sh -c "sed -n 1p '$LABELS' | grep '\"test\":\"form-lost-inputs.html\"' | grep '\"label\":\"ignore\"' | grep -q '\"origin\":\"review\"'"
check second_label_is_the_rejected_pair_as_inspect \
	sh -c "sed -n 2p '$LABELS' | grep '\"test\":\"stack-trace.html\"' | grep '\"label\":\"inspect\"' | grep -q '\"origin\":\"review\"'"
expect_status train_adapt_reads_the_review_labels 0 \
	"$SMART" train --adapt "$LABELS" -o "$TMP/adapted.json" "$ROOT/tests/fixtures/train/pairs.jsonl"
check train_adapt_counts_the_two_labelled_pairs grep -q 'adapted with 2 pairs' "$TMP/err"

signum() { case $1 in HUP) echo 1 ;; INT) echo 2 ;; TERM) echo 15 ;; esac; }

# A signal ends a review with the terminal as it was, and no verdict.
for sig in INT TERM HUP; do
	drive "sig$sig" NO_COLOR=1
	wait_for "sig$sig" '[?] >'
	kill -s "$sig" "$(cat "$TMP/sig$sig.pid")"
	wait_file "$TMP/sig$sig.after"
	check "review_killed_by_SIG${sig}_restores_the_terminal" \
		cmp -s "$TMP/sig$sig.before" "$TMP/sig$sig.after"
	check "review_killed_by_SIG${sig}_dies_of_it" \
		[ "$(cat "$TMP/sig$sig.status")" -eq $((128 + $(signum "$sig"))) ]
done
if tmux -L "$SOCK" capture-pane -p -e -S -1000 -t sigINT | grep -q "$(printf '\033')\\[[0-9;]*3[1-6]m"; then
	echo "not ok - review_without_colour_when_NO_COLOR_is_set"; else
	echo "ok - review_without_colour_when_NO_COLOR_is_set"; fi
check signals_wrote_no_label [ "$(wc -l < "$LABELS")" -eq 2 ]

# Ctrl-Z stops a review from an interactive shell; after `fg` one key is
# again enough (the raw mode is set again when the review continues);
# the accepted pair is no longer flagged.
if command -v bash >/dev/null 2>&1; then
	tmux -L "$SOCK" new-session -d -s tstp -x 200 -y 60 "bash --norc --noprofile -i"
	tmux -L "$SOCK" send-keys -t tstp "cd '$TMP/work' && NO_COLOR=1 '$SMART' review '$TMP/old' '$TMP/new'" Enter
	wait_for tstp '[?] >'
	tmux -L "$SOCK" send-keys -t tstp C-z
	wait_for tstp 'Stopped'
	tmux -L "$SOCK" send-keys -t tstp fg Enter
	wait_for tstp 'review'
	step tstp review_after_ctrl_z_and_fg_takes_single_keys s 'skipped'
	step tstp review_after_ctrl_z_and_fg_quits q 'reviewed 1 of 3'
fi

# A file on one side only is shown first and cannot be labelled; one of
# the new run only is accepted by copying it into the baseline (its
# subfolder created), one of the old run only is left.
mkdir -p "$TMP/one/old" "$TMP/one/new/sub" "$TMP/onework"
cp "$TMP/pristine/same.html" "$TMP/one/old/gone.html"
cp "$TMP/pristine/same.html" "$TMP/one/new/sub/added.html"
printf '#!/bin/sh\ncd "%s/onework" && NO_COLOR=1 "%s" review "%s/one/old" "%s/one/new"\nexec sleep 600\n' \
	"$TMP" "$SMART" "$TMP" "$TMP" > "$TMP/one.sh"
tmux -L "$SOCK" new-session -d -s one -x 200 -y 60 "sh $TMP/one.sh"
step one review_one_sided_pair_comes_first '' '[1/2] one/gone.html'
step one review_old_only_file_cannot_be_accepted a 'not classified, so not labelled'
step one review_old_only_file_can_be_skipped s '[2/2] one/sub/added.html'
step one review_new_only_file_says_accept_adds_it '' 'accept (a) makes it the baseline'
step one review_new_only_file_cannot_be_rejected r 'not classified, so not labelled'
step one review_new_only_file_accepted a 'reviewed 2 of 2: 1 accepted, 0 rejected, 1 skipped; no labels written'
check review_new_only_file_accepted_into_the_baseline \
	cmp -s "$TMP/one/old/sub/added.html" "$TMP/one/new/sub/added.html"
check review_one_sided_pairs_write_no_label [ ! -e "$TMP/onework/.smart/labels.jsonl" ]

# A new-only file under a folder of OLD_DIR that is a symbolic link to a
# folder elsewhere (so/sub -> elsewhere): 'a' refuses to write through the
# link, in one line naming it, status 2 (after classify's note that it
# skipped the link itself); nothing lands in the other folder.
mkdir -p "$TMP/sl/so" "$TMP/sl/sn/sub" "$TMP/sl/elsewhere" "$TMP/slwork"
ln -s ../elsewhere "$TMP/sl/so/sub"
cp "$TMP/pristine/same.html" "$TMP/sl/sn/sub/newonly.html"
printf '#!/bin/sh\ncd "%s/slwork" && NO_COLOR=1 "%s" review "%s/sl/so" "%s/sl/sn" 2> "%s/sl.err"\necho $? > "%s/sl.status"\nexec sleep 600\n' \
	"$TMP" "$SMART" "$TMP" "$TMP" "$TMP" "$TMP" > "$TMP/sl.sh"
tmux -L "$SOCK" new-session -d -s sl -x 200 -y 60 "sh $TMP/sl.sh"
step sl review_new_only_file_under_a_linked_folder_is_offered '' '[1/1] sl/sub/newonly.html'
tmux -L "$SOCK" send-keys -t sl a
wait_file "$TMP/sl.status"
check review_accept_through_a_linked_folder_exits_2 [ "$(cat "$TMP/sl.status")" = 2 ]
check review_accept_through_a_linked_folder_is_one_line_naming_the_link \
	sh -c "[ \$(grep -cv '^smart: skipped ' '$TMP/sl.err') -eq 1 ] &&
	       tail -n 1 '$TMP/sl.err' | grep -q 'sl/so/sub: a symbolic link (not followed)'"
check review_accept_writes_nothing_into_the_linked_folder [ -z "$(ls -A "$TMP/sl/elsewhere")" ]

# Accept into a read-only baseline folder: one error line, status 2, the
# terminal restored, the baseline and the labels as they were. As root,
# permissions do not stop a write: smart runs as nobody then.
AS=
[ "$(id -u)" -eq 0 ] && AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
if [ -n "$AS" ] && ! $AS true 2>/dev/null; then
	echo "ok - review_read_only_accept # SKIP cannot drop root (setpriv)"
else
	make_review_suite "$TMP/ro"
	mkdir "$TMP/rowork"
	chmod 755 "$TMP"
	chmod -R a+rX "$TMP/ro"
	chmod 777 "$TMP/rowork"
	chmod 555 "$TMP/ro/old"
	cat > "$TMP/ro.sh" <<-EOF
	cd "$TMP/rowork" || exit 1
	stty -g > "$TMP/ro.before"
	$AS env SMART="$SMART" ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" NO_COLOR=1 \
	  "$SMART" review "$TMP/ro/old" "$TMP/ro/new" 2> "$TMP/ro.err"
	echo \$? > "$TMP/ro.status"
	stty -g > "$TMP/ro.after"
	exec sleep 600
	EOF
	tmux -L "$SOCK" new-session -d -s ro -x 200 -y 60 "sh $TMP/ro.sh"
	wait_for ro '[?] >'
	tmux -L "$SOCK" send-keys -t ro a
	wait_file "$TMP/ro.after"
	check review_accept_into_a_read_only_folder_exits_2 [ "$(cat "$TMP/ro.status")" = 2 ]
	check review_read_only_accept_is_one_error_line \
		sh -c "[ \$(wc -l < '$TMP/ro.err') -eq 1 ] && grep -q '^smart: .*ro/old/form-lost-inputs.html.*Permission denied' '$TMP/ro.err'"
	check review_read_only_accept_restores_the_terminal cmp -s "$TMP/ro.before" "$TMP/ro.after"
	chmod 755 "$TMP/ro/old"
	check review_read_only_accept_changes_no_baseline diff -r "$TMP/ro/old" "$TMP/pristine"
	check review_read_only_accept_writes_no_label [ ! -s "$TMP/rowork/.smart/labels.jsonl" ]
fi
finish
