# Bad input never crashes, hangs, leaks a file it was not given, or trips a
# sanitizer: each case gives a recovered result (exit 0/1) or exactly one
# clear error line and exit 2. Big inputs are generated here, not committed.
. "$(dirname "$0")/lib.sh"
B="$FIX/bad_input"
SECRETS='SMART-SECRET-'

# expect_calm NAME CMD...: exit 0 or 1 with nothing on stderr, or exit 2 with
# exactly one line on stderr; within 60 s; no sanitizer report; no secret
# from tests/fixtures/bad_input in any output.
expect_calm() {
	name=$1; shift
	timeout 60 "$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	lines=$(wc -l <"$TMP/err")
	why=""
	if grep -q -e 'Sanitizer' -e 'runtime error' -e 'AddressSanitizer' "$TMP/err"; then why="sanitizer report"
	elif [ "$got" -eq 124 ]; then why="timed out"
	elif [ "$got" -gt 2 ]; then why="exit $got"
	elif [ "$got" -eq 2 ] && [ "$lines" -ne 1 ]; then why="exit 2 with $lines lines on stderr"
	elif [ "$got" -lt 2 ] && [ "$lines" -ne 0 ]; then why="exit $got with a message on stderr"
	elif grep -aq "$SECRETS" "$TMP/out" "$TMP/err"; then why="a secret file was read"
	fi
	if [ -z "$why" ]; then echo "ok - $name"; else
		echo "not ok - $name ($why)"; head -c 600 "$TMP/err" | sed 's/^/#   /'; fi
}

# The inputs.
: >"$TMP/empty.html"
LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 255) + 1 }' >"$TMP/junk.bin"
printf '<p>\377\376 bad \300\257 utf8 \355\240\200 and \360\220 cut</p>' >"$TMP/bad-utf8.html"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "<div>"; printf "deep" }' >"$TMP/deep.html"
awk 'BEGIN { printf "<?xml version=\"1.0\"?>"; for (i = 0; i < 100000; i++) printf "<d>";
	for (i = 0; i < 100000; i++) printf "</d>" }' >"$TMP/deep.xml"
# The same external entity by absolute path and file:// URL.
sed "s|\"secret.txt\"|\"file://$B/secret.txt\"|; s|\"secret.dtd\"|\"$B/secret.dtd\"|" "$B/xxe.xml" >"$TMP/xxe-abs.xml"
mkdir "$TMP/a-directory"
printf '<html><body><p>fine</p></body></html>' >"$TMP/good.html"
printf '{"operations":[]}' >"$TMP/empty-ops.json"

for input in "$TMP/empty.html" "$TMP/junk.bin" "$TMP/bad-utf8.html" "$B/unclosed.html" \
	"$TMP/deep.html" "$TMP/deep.xml" "$B/billion-laughs.xml" "$B/xxe.xml" "$TMP/xxe-abs.xml" \
	"$B/xxe.html" "$TMP/a-directory" "$TMP/does-not-exist.html"; do
	base=$(basename "$input")
	expect_calm "patch_old_${base}_is_recovered_or_one_error" "$SMART" patch "$input" "$TMP/empty-ops.json"
	expect_calm "patch_old_${base}_as_html_is_recovered_or_one_error" "$SMART" patch --html "$input" "$TMP/empty-ops.json"
	expect_calm "patch_old_${base}_as_xml_is_recovered_or_one_error" "$SMART" patch --xml "$input" "$TMP/empty-ops.json"
	expect_calm "diff_old_${base}_is_recovered_or_one_error" "$SMART" diff "$input" "$TMP/good.html"
	expect_calm "diff_new_${base}_is_recovered_or_one_error" "$SMART" diff --json "$TMP/good.html" "$input"
	expect_calm "diff_${base}_with_itself_as_xml_is_recovered_or_one_error" "$SMART" diff --xml "$input" "$input"
	expect_calm "diff_${base}_with_itself_as_html_is_recovered_or_one_error" "$SMART" diff --json --html "$input" "$input"
done

# A recovered document diffs equal to itself, and its script patches back.
for input in "$TMP/junk.bin" "$TMP/bad-utf8.html" "$B/unclosed.html" "$TMP/deep.html"; do
	base=$(basename "$input")
	expect_status "diff_recovered_${base}_with_itself_is_same" 0 "$SMART" diff --html "$input" "$input"
	expect_status "diff_recovered_${base}_from_good_differs" 1 "$SMART" diff --json --html "$TMP/good.html" "$input"
	cp "$TMP/out" "$TMP/to-$base.json"
	expect_calm "patch_good_into_${base}" "$SMART" patch --html "$TMP/good.html" "$TMP/to-$base.json" -o "$TMP/res-$base"
	expect_status "patch_good_into_${base}_gives_it" 0 "$SMART" diff --html "$TMP/res-$base" "$input"
done

# Recovered, not refused: HTML is parsed as browsers do.
for input in "$TMP/empty.html" "$TMP/junk.bin" "$TMP/bad-utf8.html" "$B/unclosed.html" "$TMP/deep.html"; do
	expect_status "patch_recovers_html_$(basename "$input")" 0 "$SMART" patch --html "$input" "$TMP/empty-ops.json"
done
expect_status "patch_recovered_bad_utf8" 0 "$SMART" patch --html "$TMP/bad-utf8.html" "$TMP/empty-ops.json" -o "$TMP/fixed.html"
if iconv -f UTF-8 -t UTF-8 "$TMP/fixed.html" >/dev/null 2>&1; then echo "ok - patch_output_of_bad_utf8_is_valid_utf8"; else
	echo "not ok - patch_output_of_bad_utf8_is_valid_utf8"; fi

# The ones that must be refused, and how.
expect_status "patch_directory_is_trouble" 2 "$SMART" patch "$TMP/a-directory" "$TMP/empty-ops.json"
expect_one_error_line "patch_directory_says_so" "a-directory: is a directory"
expect_status "patch_missing_file_is_trouble" 2 "$SMART" patch "$TMP/does-not-exist.html" "$TMP/empty-ops.json"
expect_one_error_line "patch_missing_file_says_so" "does-not-exist.html: No such file or directory"
expect_status "patch_empty_xml_is_trouble" 2 "$SMART" patch --xml "$TMP/empty.html" "$TMP/empty-ops.json"
expect_one_error_line "patch_empty_xml_says_so" "empty.html: empty file is not an XML document"

# Bad scripts.
printf '\377\376{"operations":[' >"$TMP/junk.json"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; }' >"$TMP/deep.json"
printf '{"operations":[{"op":"update","path":"/html/body/p/text()","old":"fine","new":"\377\300"}]}' >"$TMP/bad-utf8.json"
awk 'BEGIN { printf "{\"operations\":[{\"op\":\"insert\",\"path\":\"/x\",\"parent\":\"/html/body\",\"index\":0,\"content\":";
	for (i = 0; i < 5000; i++) printf "{\"type\":\"element\",\"name\":\"d\",\"children\":[";
	printf "{\"type\":\"text\",\"text\":\"x\"}"; for (i = 0; i < 5000; i++) printf "]}"; printf "}]}" }' >"$TMP/deep-content.json"
for script in "$TMP/empty.html" "$TMP/junk.bin" "$TMP/junk.json" "$TMP/deep.json" "$TMP/bad-utf8.json" \
	"$TMP/deep-content.json" "$TMP/a-directory" "$TMP/does-not-exist.json" "$B/xxe.xml"; do
	expect_calm "patch_script_$(basename "$script")_is_handled" "$SMART" patch "$TMP/good.html" "$script"
done
expect_status "patch_junk_script_is_trouble" 2 "$SMART" patch "$TMP/good.html" "$TMP/junk.bin"
expect_one_error_line "patch_junk_script_names_file" "junk.bin:1: not valid JSON"
expect_status "patch_too_deep_script_is_trouble" 2 "$SMART" patch "$TMP/good.html" "$TMP/deep.json"
expect_status "patch_no_partial_output_file" 2 "$SMART" patch "$TMP/good.html" "$TMP/junk.json" -o "$TMP/partial.html"
if [ -e "$TMP/partial.html" ]; then echo "not ok - patch_bad_script_leaves_no_output_file"; else
	echo "ok - patch_bad_script_leaves_no_output_file"; fi
# Every other subcommand on the same bad files: recovered or one line, exit 2.
P="$FIX/train/pairs.jsonl"
for input in "$TMP/empty.html" "$TMP/junk.bin" "$TMP/a-directory" "$TMP/does-not-exist.html"; do
	base=$(basename "$input")
	expect_calm "features_old_${base}_is_recovered_or_one_error" "$SMART" features "$input" "$TMP/good.html"
	expect_calm "classify_new_${base}_is_recovered_or_one_error" "$SMART" classify "$TMP/good.html" "$input"
	expect_calm "compare_old_${base}_is_recovered_or_one_error" "$SMART" compare -c C-WD "$input" "$TMP/good.html"
	expect_calm "classify_corpus_${base}_is_handled" "$SMART" classify --json --corpus "$input"
	expect_calm "classify_model_${base}_is_handled" "$SMART" classify --model "$input" "$TMP/good.html" "$TMP/good.html"
	expect_calm "classify_profile_${base}_is_handled" "$SMART" classify --profile "$input" "$TMP/good.html" "$TMP/good.html"
	expect_calm "features_means_${base}_is_handled" "$SMART" features --means "$input"
	expect_calm "train_${base}_is_handled" "$SMART" train --folds 0 -o "$TMP/m-$base.json" "$input"
	expect_calm "eval_${base}_is_handled" "$SMART" eval "$input"
	expect_calm "profile_runs_${base}_is_handled" "$SMART" profile "$input" "$input" -o "$TMP/p-$base.json"
	expect_calm "profile_pairs_${base}_is_handled" "$SMART" profile --pairs "$input" -o "$TMP/p-$base.json"
	expect_calm "perturb_in_${base}_is_handled" "$SMART" perturb --in "$input" -n 1 -o "$TMP/x-$base.jsonl"
	expect_calm "replay_${base}_is_handled" "$SMART" replay "$input" --base-url http://127.0.0.1:9 -o "$TMP/r-$base"
	expect_calm "compare_config_${base}_is_handled" "$SMART" compare -C "$input" -c C-WD "$TMP/good.html" "$TMP/good.html"
	expect_calm "mutate_src_${base}_is_handled" "$SMART" mutate --src "$input" --files '*.c' --run true \
		--outputs out -n 1 -o "$TMP/mm-$base.jsonl"
	for out in "$TMP/m-$base.json" "$TMP/x-$base.jsonl" "$TMP/mm-$base.jsonl"; do
		if [ -e "$out" ]; then echo "not ok - no_output_file_from_bad_${base} ($(basename "$out"))"; fi
	done
done
# A binary corpus: not a corpus at all (its first line is no JSON), one
# line saying so and no row per line.
expect_status "classify_binary_corpus_is_trouble" 2 "$SMART" classify --corpus "$TMP/junk.bin"
expect_one_error_line "classify_binary_corpus_is_one_line" \
	"^smart: .*junk\.bin:1: not valid JSON.*not a JSON Lines corpus"
if [ -s "$TMP/out" ]; then echo "not ok - classify_binary_corpus_prints_no_rows"; else
	echo "ok - classify_binary_corpus_prints_no_rows"; fi
expect_status "classify_binary_corpus_json_is_trouble" 2 "$SMART" classify --json --corpus "$TMP/junk.bin"
# A file where a folder is wanted says so.
expect_status "mutate_src_that_is_a_file_is_trouble" 2 "$SMART" mutate --src "$TMP/good.html" --files '*.c' \
	--run true --outputs out -n 1 -o "$TMP/mm.jsonl"
expect_one_error_line "mutate_src_that_is_a_file_says_not_a_folder" "good\.html: not a folder$"
expect_status "perturb_in_that_is_a_file_is_trouble" 2 "$SMART" perturb --in "$TMP/good.html" -n 1 -o "$TMP/x.jsonl"
expect_one_error_line "perturb_in_that_is_a_file_says_not_a_folder" "good\.html: not a folder$"
expect_status "eval_runs_missing_folder_is_trouble" 2 "$SMART" eval --by-app --runs "$TMP/no-such-runs" "$P"
expect_one_error_line "eval_runs_missing_folder_says_not_a_folder" "no-such-runs: not a folder"
# A cut gzip corpus: one line naming the file and line once.
gzip -c "$P" | head -c 3000 >"$TMP/cut.jsonl.gz"
expect_status "classify_cut_gzip_corpus_is_trouble" 2 "$SMART" classify --corpus "$TMP/cut.jsonl.gz"
expect_one_error_line "classify_cut_gzip_corpus_names_file_and_line_once" "^smart: [^ ]*cut\.jsonl\.gz:[0-9]+: unexpected end of file$"
expect_status "train_cut_gzip_corpus_is_trouble" 2 "$SMART" train --folds 0 -o "$TMP/cut-model.json" "$TMP/cut.jsonl.gz"
expect_one_error_line "train_cut_gzip_corpus_names_file_and_line_once" "^smart: [^ ]*cut\.jsonl\.gz:[0-9]+: unexpected end of file"
# A symlink to a folder is that folder (listed as the scratch copy copies it).
ln -s "$FIX/mutate/c_app" "$TMP/app-link"
expect_status "mutate_src_symlink_to_folder_runs" 0 "$SMART" mutate --src "$TMP/app-link" --files '*.c' \
	--build make --run 'sh run.sh' --outputs out -n 1 --timeout 5 --json -o "$TMP/link.jsonl"
expect_output "mutate_src_symlink_to_folder_finds_its_files" '"candidates":[1-9]'
mkdir "$TMP/pages" && cp "$TMP/good.html" "$TMP/pages/" && ln -s "$TMP/pages" "$TMP/pages-link"
expect_status "perturb_in_symlink_to_folder_runs" 0 "$SMART" perturb --in "$TMP/pages-link" -n 1 -o "$TMP/link-p.jsonl"
finish
