# Output files a user keeps (-o, --junit, --report): a place that cannot be
# written is one line "smart: FILE: problem" and exit 2, found before the
# work, with no partial file left; a device, FIFO or symlink given as the
# output is written through, never replaced by a renamed regular file.
. "$(dirname "$0")/lib.sh"

P="$FIX/train/pairs.jsonl"
RUNS="$FIX/profile"
printf '<html><body><p>one</p></body></html>' >"$TMP/a.html"
printf '<html><body><p>two</p><p>more</p></body></html>' >"$TMP/b.html"
"$SMART" diff --json "$TMP/a.html" "$TMP/b.html" >"$TMP/s.json"
mkdir "$TMP/pages" "$TMP/a-directory"
cp "$TMP/a.html" "$TMP/pages/page.html"

# Runs each output-writing command with its output at $1.
with_output() { # WHERE NAME-PREFIX
	o=$1 n=$2
	expect_status "patch_${n}_is_trouble" 2 "$SMART" patch "$TMP/a.html" "$TMP/s.json" -o "$o"
	expect_one_error_line "patch_${n}_is_one_line_naming_it" "^smart: $o: "
	expect_status "train_${n}_is_trouble" 2 "$SMART" train --folds 0 -o "$o" "$P"
	# one line: found before training, so no training warning comes first
	expect_one_error_line "train_${n}_is_found_before_training" "^smart: $o: "
	expect_status "classify_junit_${n}_is_trouble" 2 "$SMART" classify --junit "$o" --corpus "$P"
	expect_one_error_line "classify_junit_${n}_is_one_line_naming_it" "^smart: $o: "
	if [ -s "$TMP/out" ]; then echo "not ok - classify_junit_${n}_is_found_before_classifying"; else
		echo "ok - classify_junit_${n}_is_found_before_classifying"; fi
	expect_status "classify_report_${n}_is_trouble" 2 "$SMART" classify --report "$o" --corpus "$P"
	expect_one_error_line "classify_report_${n}_is_one_line_naming_it" "^smart: $o: "
	expect_status "profile_${n}_is_trouble" 2 "$SMART" profile "$RUNS/run1" "$RUNS/run2" -o "$o"
	expect_one_error_line "profile_${n}_is_one_line_naming_it" "^smart: $o: "
	expect_status "perturb_${n}_is_trouble" 2 "$SMART" perturb --in "$TMP/pages" -n 2 -o "$o"
	expect_one_error_line "perturb_${n}_is_one_line_naming_it" "^smart: $o: "
}
with_output "$TMP/no/such/folder/out.json" "output_in_missing_folder"
with_output "$TMP/a-directory" "output_that_is_a_directory"
if [ -n "$(ls -A "$TMP/a-directory")" ] || [ -e "$TMP/no" ]; then
	echo "not ok - failed_outputs_leave_nothing_behind"; ls -A "$TMP/a-directory" | sed 's/^/#   /'
else
	echo "ok - failed_outputs_leave_nothing_behind"; fi

# A failing command leaves the previous output file as it was.
echo "previous" >"$TMP/kept.json"
printf '{"app":"x","test":"t","old":"<p>a</p>","new":"<p>b</p>","label":"maybe"}\n' >"$TMP/bad.jsonl"
expect_status "train_on_bad_corpus_is_trouble" 2 "$SMART" train -o "$TMP/kept.json" "$TMP/bad.jsonl"
if [ "$(cat "$TMP/kept.json")" = "previous" ]; then echo "ok - train_failure_keeps_previous_model_file"; else
	echo "not ok - train_failure_keeps_previous_model_file"; fi
if ls "$TMP"/kept.json.tmp* >/dev/null 2>&1; then echo "not ok - train_failure_leaves_no_temporary_file"; else
	echo "ok - train_failure_leaves_no_temporary_file"; fi

# A symlink as the output: the file it points to gets the output, the link stays.
echo "old" >"$TMP/target.html"
ln -s target.html "$TMP/link.html"
expect_status "patch_into_symlink_succeeds" 0 "$SMART" patch "$TMP/a.html" "$TMP/s.json" -o "$TMP/link.html"
if [ -L "$TMP/link.html" ] && grep -q more "$TMP/target.html"; then
	echo "ok - patch_into_symlink_writes_its_target_and_keeps_the_link"; else
	echo "not ok - patch_into_symlink_writes_its_target_and_keeps_the_link"; fi

# A FIFO as the output: a reader gets the document, the FIFO stays a FIFO.
if mkfifo "$TMP/fifo" 2>/dev/null; then
	cat "$TMP/fifo" >"$TMP/from-fifo" &
	reader=$!
	expect_status "patch_into_fifo_succeeds" 0 timeout 30 "$SMART" patch "$TMP/a.html" "$TMP/s.json" -o "$TMP/fifo"
	wait "$reader"
	if [ -p "$TMP/fifo" ] && grep -q more "$TMP/from-fifo"; then
		echo "ok - patch_into_fifo_writes_through_and_keeps_the_fifo"; else
		echo "not ok - patch_into_fifo_writes_through_and_keeps_the_fifo"; fi
else
	echo "ok - patch_into_fifo_writes_through_and_keeps_the_fifo # SKIP no mkfifo"
fi

# A full device as the output (a private copy of /dev/full, never the
# system's own): one line, exit 2, and the device node is still a device.
if mknod "$TMP/full" c 1 7 2>/dev/null && ! echo x 2>/dev/null >"$TMP/full"; then
	expect_status "patch_into_full_device_is_trouble" 2 "$SMART" patch "$TMP/a.html" "$TMP/s.json" -o "$TMP/full"
	expect_one_error_line "patch_into_full_device_says_no_space" "^smart: $TMP/full: cannot write: No space left on device$"
	expect_status "train_into_full_device_is_trouble" 2 "$SMART" train --folds 0 -o "$TMP/full" "$P"
	if [ -c "$TMP/full" ]; then echo "ok - full_device_output_is_not_replaced_by_a_file"; else
		echo "not ok - full_device_output_is_not_replaced_by_a_file"; fi
else
	echo "ok - full_device_output_checks # SKIP cannot make a device node"
fi

# mutate checks its -o before building anything.
expect_status "mutate_output_in_missing_folder_is_trouble" 2 "$SMART" mutate --src "$FIX/mutate/c_app" \
	--files '*.c' --build 'exit 1' --run true --outputs out -n 1 -o "$TMP/no/such/out.jsonl"
expect_one_error_line "mutate_output_in_missing_folder_is_found_before_the_build" "^smart: $TMP/no/such/out.jsonl: "

# --html / --xml force the parser of perturb's pages too (DESIGN §4): an
# .html page parsed as XML keeps its case-sensitive tag.
printf '<?xml version="1.0"?><Root><Item>a</Item><Item>b</Item></Root>' >"$TMP/pages/feed.html"
rm "$TMP/pages/page.html"
expect_status "perturb_xml_forces_the_parser" 0 "$SMART" perturb --xml --in "$TMP/pages" -n 1 --operators text-change -o "$TMP/x.jsonl"
if grep -q '"format":"xml"' "$TMP/x.jsonl"; then echo "ok - perturb_xml_records_say_xml"; else
	echo "not ok - perturb_xml_records_say_xml"; head -c 300 "$TMP/x.jsonl" | sed 's/^/#   /'; fi
expect_status "perturb_html_forces_the_parser" 0 "$SMART" perturb --html --in "$TMP/pages" -n 1 --operators text-change -o "$TMP/h.jsonl"
if grep -q '"format":"html"' "$TMP/h.jsonl"; then echo "ok - perturb_html_records_say_html"; else
	echo "not ok - perturb_html_records_say_html"; fi
finish
