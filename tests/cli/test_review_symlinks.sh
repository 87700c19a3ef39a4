# smart review never writes outside OLD_DIR (issue 30): with
# old/page.html a symbolic link to a file elsewhere, --accept-ignored
# neither writes the file it names nor replaces the link (classify skips
# it: "symbolic link out of the folder (not followed)"); a link to a file
# inside the tree is classified, but accept refuses to write through it
# or replace it, in one line, status 2, with no label; and a smart
# temporary file a killed accept left in OLD_DIR is not taken for a test.
. "$(dirname "$0")/lib.sh"
make_review_suite "$TMP/s"

# check NAME CONDITION...: ok when the command succeeds.
check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else echo "not ok - $name"; fi
}

# ---- a link to a file outside the baseline (the issue's repro) --------------------
mkdir -p "$TMP/far/ro" "$TMP/far/rn" "$TMP/elsewhere"
cp "$TMP/s/old/timestamp-change.html" "$TMP/elsewhere/page.html"
cp "$TMP/elsewhere/page.html" "$TMP/elsewhere/pristine.html"
ln -s "$TMP/elsewhere/page.html" "$TMP/far/ro/page.html"
cp "$TMP/s/new/timestamp-change.html" "$TMP/far/rn/page.html"
cp "$TMP/s/old/reworded-paragraph.html" "$TMP/far/ro/other.html"
cp "$TMP/s/new/reworded-paragraph.html" "$TMP/far/rn/other.html"
expect_status review_accept_ignored_beside_an_outside_link_runs 0 \
	"$SMART" review --accept-ignored --labels "$TMP/far/l.jsonl" "$TMP/far/ro" "$TMP/far/rn"
check review_accept_ignored_never_writes_the_file_an_outside_link_names \
	cmp -s "$TMP/elsewhere/page.html" "$TMP/elsewhere/pristine.html"
check review_accept_ignored_keeps_the_outside_link [ -L "$TMP/far/ro/page.html" ]
check review_accept_ignored_still_accepts_the_other_pair \
	cmp -s "$TMP/far/ro/other.html" "$TMP/far/rn/other.html"
check review_accept_ignored_labels_only_the_other_pair \
	sh -c "[ \$(wc -l < '$TMP/far/l.jsonl') -eq 1 ] && grep -q '\"test\":\"other.html\"' '$TMP/far/l.jsonl'"
expect_status classify_skips_a_link_out_of_the_folder 0 "$SMART" classify "$TMP/far/ro" "$TMP/far/rn"
check classify_names_the_link_out_of_the_folder \
	grep -q '^smart: skipped .*page.html: symbolic link out of the folder (not followed)' "$TMP/err"

# /etc/passwd linked as a page in NEW_DIR is neither read nor scored.
mkdir -p "$TMP/pw/old" "$TMP/pw/new"
cp "$TMP/s/old/same.html" "$TMP/pw/old/passwd.html"
ln -s /etc/passwd "$TMP/pw/new/passwd.html"
expect_status classify_does_not_score_a_link_to_etc_passwd 0 "$SMART" classify --json "$TMP/pw/old" "$TMP/pw/new"
expect_output classify_json_says_the_passwd_link_is_skipped \
	'"test":"passwd.html","decision":"skipped".*symbolic link out of the folder'

# ---- a link to a file inside the baseline tree --------------------------------------
mkdir -p "$TMP/in/old/shared" "$TMP/in/new"
cp "$TMP/s/old/timestamp-change.html" "$TMP/in/old/shared/t.html"
cp "$TMP/in/old/shared/t.html" "$TMP/in/pristine.html"
ln -s shared/t.html "$TMP/in/old/page.html"
cp "$TMP/s/new/timestamp-change.html" "$TMP/in/new/page.html"
mkdir -p "$TMP/in/new/shared" && cp "$TMP/in/old/shared/t.html" "$TMP/in/new/shared/t.html"
expect_status review_accept_refuses_to_write_through_a_link_in_the_tree 2 \
	"$SMART" review --accept-ignored -q --labels "$TMP/in/l.jsonl" "$TMP/in/old" "$TMP/in/new"
expect_one_error_line review_link_refusal_is_one_line_naming_it \
	'^smart: .*in/old/page\.html: a symbolic link \(not followed\)'
check review_link_refusal_leaves_the_linked_file cmp -s "$TMP/in/old/shared/t.html" "$TMP/in/pristine.html"
check review_link_refusal_keeps_the_link [ -L "$TMP/in/old/page.html" ]
check review_link_refusal_writes_no_label [ ! -s "$TMP/in/l.jsonl" ]

# ---- a temporary file a killed accept left ---------------------------------------
cp -R "$TMP/s" "$TMP/t"
cp "$TMP/s/new/timestamp-change.html" "$TMP/t/old/.smart-tmp-4242-0badcafe"
expect_status classify_beside_a_left_temporary 1 "$SMART" classify "$TMP/t/old" "$TMP/t/new"
check classify_does_not_see_a_left_temporary sh -c "! grep -q smart-tmp '$TMP/out' '$TMP/err'"
expect_status review_list_beside_a_left_temporary 1 "$SMART" review --list --all "$TMP/t/old" "$TMP/t/new"
check review_does_not_list_a_left_temporary sh -c "! grep -q smart-tmp '$TMP/out' '$TMP/err'"
# Two clean runs that differ only in a left temporary (a timestamp apart):
# learning from it would make a volatile location of it.
cp -R "$TMP/s/old" "$TMP/t/run2"
cp "$TMP/s/old/timestamp-change.html" "$TMP/t/run2/.smart-tmp-4242-0badcafe"
expect_status profile_beside_a_left_temporary 0 \
	"$SMART" profile "$TMP/t/old" "$TMP/t/run2" -o "$TMP/t/with.json"
check profile_does_not_learn_from_a_left_temporary \
	sh -c "! grep -q smart-tmp '$TMP/out' '$TMP/err' '$TMP/t/with.json'"
"$SMART" profile "$TMP/s/old" "$TMP/s/old" -o "$TMP/t/without.json" 2>/dev/null
check profile_beside_a_left_temporary_is_the_profile_without_it \
	cmp -s "$TMP/t/with.json" "$TMP/t/without.json"
finish
