# smart review without a terminal: --list prints the review order (the
# broken pairs first, the more uncertain of them first, then content;
# --all adds the ignored pairs after them) with classify's exit status (0
# nothing flagged, 1 something flagged, 2 a pair that cannot be
# classified); --accept-ignored copies every ignored, non-identical pair's
# new output over its baseline and labels it, in the folder form, and
# only labels in the corpus form; four reviewers appending to one labels
# file at once leave whole records; interactive mode refuses a standard
# input that is not a terminal; and an accept into a read-only baseline
# folder fails with one error line and status 2, every file as it was.
. "$(dirname "$0")/lib.sh"
make_review_suite "$TMP/s"

# check NAME CONDITION...: ok when the command succeeds.
check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else echo "not ok - $name"; fi
}

# ---- --list -----------------------------------------------------------------
expect_status review_list_exits_1_when_pairs_are_flagged 1 \
	"$SMART" review --list -q "$TMP/s/old" "$TMP/s/new"
awk '{ print $1, $2, $5 }' "$TMP/out" > "$TMP/order"
printf '%s\n' 'inspect broken s/form-lost-inputs.html' 'inspect broken s/stack-trace.html' \
	'inspect content s/deleted-table.html' 'inspect content s/deleted-table2.html' > "$TMP/want"
check review_list_orders_by_severity_then_uncertainty cmp -s "$TMP/order" "$TMP/want"
check review_list_margin_is_the_distance_to_the_cutoff \
	awk 'NR == 1 { m1 = $4 } NR == 2 { exit !(m1 < $4) }' "$TMP/out"

expect_status review_list_all_exits_1 1 "$SMART" review --list --all -q "$TMP/s/old" "$TMP/s/new"
check review_list_all_adds_the_ignored_pairs_last \
	sh -c "[ \$(wc -l < '$TMP/out') -eq 7 ] && sed -n '5,7p' '$TMP/out' | awk '\$1 != \"ignore\" { exit 1 }'"
check review_list_all_ignored_pairs_most_uncertain_first \
	sh -c "sed -n '5,7p' '$TMP/out' | awk '{ print \$4 }' | sort -c -n"

expect_status review_list_json_exits_1 1 "$SMART" review --list --json -q "$TMP/s/old" "$TMP/s/new"
expect_output review_list_json_is_one_object_a_pair \
	'^\{"app":"s","test":"form-lost-inputs.html","decision":"inspect","severity":"broken","score":[0-9.]+,"margin":[0-9.]+\}$'
check review_list_json_has_four_lines [ "$(wc -l < "$TMP/out")" -eq 4 ]
expect_status review_json_without_list_is_a_usage_error 2 "$SMART" review --json "$TMP/s/old" "$TMP/s/new"

mkdir -p "$TMP/quiet/old" "$TMP/quiet/new"
cp "$TMP/s/old/timestamp-change.html" "$TMP/quiet/old/"
cp "$TMP/s/new/timestamp-change.html" "$TMP/quiet/new/"
expect_status review_list_exits_0_when_nothing_is_flagged 0 \
	"$SMART" review --list "$TMP/quiet/old" "$TMP/quiet/new"
check review_list_prints_nothing_when_nothing_is_flagged [ ! -s "$TMP/out" ]

mkdir -p "$TMP/bad/old" "$TMP/bad/new"
printf '<?xml version="1.0"?><a><b></a>\n' > "$TMP/bad/old/feed.xml"
printf '<?xml version="1.0"?><a><b/></a>\n' > "$TMP/bad/new/feed.xml"
expect_status review_list_exits_2_when_a_pair_cannot_be_classified 2 \
	"$SMART" review --list "$TMP/bad/old" "$TMP/bad/new"
expect_output review_list_shows_the_trouble_row '^trouble .*feed\.xml'
expect_one_error_line review_list_names_the_unclassifiable_file 'feed\.xml.*not well-formed'

# ---- non-terminal standard input ----------------------------------------------
(cd "$TMP" && "$SMART" review "$TMP/s/old" "$TMP/s/new" < /dev/null > "$TMP/out" 2> "$TMP/err")
check review_refuses_interactive_without_a_terminal_with_status_2 [ $? -eq 2 ]
expect_one_error_line review_refusal_is_one_line_suggesting_list \
	'^smart: standard input is not a terminal.*--list'
check review_refusal_creates_no_labels [ ! -e "$TMP/.smart" ]

# ---- --accept-ignored ------------------------------------------------------------
cp -R "$TMP/s" "$TMP/a"
expect_status review_accept_ignored_exits_1_while_pairs_stay_flagged 1 \
	"$SMART" review --accept-ignored --labels "$TMP/a/labels.jsonl" "$TMP/a/old" "$TMP/a/new"
expect_output review_accept_ignored_says_what_it_did \
	'^2 ignored pairs accepted, 1 identical left as they are; labels in '
for f in timestamp-change reworded-paragraph; do
	check "review_accept_ignored_copies_${f}_into_the_baseline" \
		cmp -s "$TMP/a/old/$f.html" "$TMP/a/new/$f.html"
done
for f in form-lost-inputs stack-trace deleted-table deleted-table2 same; do
	check "review_accept_ignored_leaves_${f}_alone" cmp -s "$TMP/a/old/$f.html" "$TMP/s/old/$f.html"
done
check review_accept_ignored_labels_each_accepted_pair_ignore \
	sh -c "[ \$(grep -c '\"label\":\"ignore\",\"origin\":\"review\"' '$TMP/a/labels.jsonl') -eq 2 ] &&
	       [ \$(wc -l < '$TMP/a/labels.jsonl') -eq 2 ] && ! grep -q same.html '$TMP/a/labels.jsonl'"
expect_status review_accept_ignored_again_accepts_nothing_new 1 \
	"$SMART" review --accept-ignored -q --labels "$TMP/a/labels.jsonl" "$TMP/a/old" "$TMP/a/new"
check review_accept_ignored_again_adds_no_label [ "$(wc -l < "$TMP/a/labels.jsonl")" -eq 2 ]
expect_status review_accept_ignored_exits_0_when_nothing_is_flagged 0 \
	"$SMART" review --accept-ignored --labels "$TMP/quiet.jsonl" "$TMP/quiet/old" "$TMP/quiet/new"

# The corpus form reads the labels review writes, and only labels: the
# corpus is left as it was.
cp "$TMP/a/labels.jsonl" "$TMP/corpus.jsonl"
expect_status review_corpus_accept_ignored 0 \
	"$SMART" review --corpus "$TMP/corpus.jsonl" --accept-ignored --labels "$TMP/c.jsonl"
expect_output review_corpus_accept_ignored_only_labels '^2 ignored pairs accepted \(labelled only\), 0 identical'
check review_corpus_accept_ignored_labels_both [ "$(wc -l < "$TMP/c.jsonl")" -eq 2 ]
check review_corpus_accept_ignored_leaves_the_corpus cmp -s "$TMP/corpus.jsonl" "$TMP/a/labels.jsonl"
expect_status review_corpus_list_all 0 "$SMART" review --corpus "$TMP/corpus.jsonl" --list --all
check review_corpus_list_all_shows_both_ignored [ "$(grep -c '^ignore ' "$TMP/out")" -eq 2 ]

# Reviewers sharing one labels file: four at once, two records each, and
# every record whole (the corpus reader reads all eight).
for k in 1 2 3 4; do cp -R "$TMP/s" "$TMP/c$k"; done
for k in 1 2 3 4; do
	"$SMART" review --accept-ignored -q --labels "$TMP/shared.jsonl" "$TMP/c$k/old" "$TMP/c$k/new" &
done
wait
expect_status review_concurrent_labels_read_back 0 "$SMART" review --corpus "$TMP/shared.jsonl" --list --all
check review_concurrent_labels_are_eight_whole_records [ "$(grep -c '^ignore ' "$TMP/out")" -eq 8 ]

# ---- a read-only baseline folder ---------------------------------------------------
# As root, permissions do not stop a write: smart runs as nobody then.
cp -R "$TMP/s" "$TMP/ro"
mkdir "$TMP/ro/labels"
chmod 755 "$TMP"
chmod 777 "$TMP/ro/labels"
chmod -R a+rX "$TMP/ro"
chmod 555 "$TMP/ro/old"
AS=
if [ "$(id -u)" -eq 0 ]; then AS="setpriv --reuid=65534 --regid=65534 --clear-groups"; fi
if [ -n "$AS" ] && ! $AS true 2>/dev/null; then
	echo "ok - review_read_only_baseline # SKIP cannot drop root (setpriv)"
else
	expect_status review_accept_into_a_read_only_baseline_exits_2 2 \
		$AS "$SMART" review --accept-ignored -q --labels "$TMP/ro/labels/l.jsonl" "$TMP/ro/old" "$TMP/ro/new"
	expect_one_error_line review_read_only_baseline_is_one_error_line \
		'^smart: .*ro/old.*(Permission denied|Read-only)'
	check review_read_only_baseline_files_untouched diff -r "$TMP/ro/old" "$TMP/s/old"
	check review_read_only_baseline_leaves_no_temporary_file \
		[ "$(ls -A "$TMP/ro/old" | wc -l)" -eq 7 ]
	check review_read_only_baseline_writes_no_label [ ! -s "$TMP/ro/labels/l.jsonl" ]
fi
chmod 755 "$TMP/ro/old"

# ---- a page that is not UTF-8 -------------------------------------------------------
# A record holds UTF-8 only (docs/corpus-format.md): the label of a
# Latin-1 page has U+FFFD for its stray bytes, and reads back.
mkdir -p "$TMP/l1/old" "$TMP/l1/new"
for side in old new; do
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(d.replace(b"</body>", b"<p>caf\xe9 cr\xe8me</p></body>"))' \
		"$TMP/s/$side/timestamp-change.html" "$TMP/l1/$side/latin1.html"
done
expect_status review_accepts_a_latin1_pair 0 \
	"$SMART" review --accept-ignored -q --labels "$TMP/l1/l.jsonl" "$TMP/l1/old" "$TMP/l1/new"
check review_latin1_baseline_is_the_new_page_byte_for_byte \
	cmp -s "$TMP/l1/old/latin1.html" "$TMP/l1/new/latin1.html"
expect_status review_latin1_label_reads_back 0 "$SMART" review --corpus "$TMP/l1/l.jsonl" --list --all
check review_latin1_label_has_replacement_characters grep -q "$(printf 'caf\357\277\275')" "$TMP/l1/l.jsonl"
finish
