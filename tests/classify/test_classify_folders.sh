# Folder classify pairs only HTML and XML documents: a FIFO, a symbolic-link
# loop, a dangling link, a link to a folder, a JSON manifest and a text log
# are each named on stderr (and in JSON) with the reason, never scored and
# never silently dropped; --strict makes a skipped file trouble; a link to a
# document is followed; an XML file without a markup extension is sniffed.
. "$(dirname "$0")/../cli/lib.sh"
EX="$(cd "$(dirname "$0")/../.." && pwd)/examples"

for side in old new; do
	mkdir -p "$TMP/$side/sub"
	cp "$EX/timestamp-change/$side.html" "$TMP/$side/a.html"
	cp "$EX/deleted-table/$side.html" "$TMP/$side/sub/b.html"
	printf '{"tests": 2}\n' > "$TMP/$side/manifest.json"
	printf 'run finished\n' > "$TMP/$side/log.txt"
	printf '<?xml version="1.0"?><feed><t>1</t></feed>\n' > "$TMP/$side/feed.out"
	mkfifo "$TMP/$side/pipe.html"
	ln -s loop2 "$TMP/$side/loop1.html"; ln -s loop1.html "$TMP/$side/loop2"
	ln -s nowhere.html "$TMP/$side/dangling.html"
	ln -s sub "$TMP/$side/sublink"
	ln -s a.html "$TMP/$side/alias.html"
done

# FIFOs must not block the walk: a timeout turns a hang into a failure
expect_status folder_classify_with_fifo_loop_json_finishes 1 timeout 20 "$SMART" classify "$TMP/old" "$TMP/new"
expect_output folder_classify_scores_the_documents '^inspect .*/sub/b\.html'
expect_output folder_classify_follows_a_link_to_a_document '^(inspect|ignore) .*/alias\.html'
expect_output folder_classify_sniffs_xml_without_extension '^(inspect|ignore) .*/feed\.out'
expect_output folder_classify_counts_pairs_and_skipped '^4 pairs: .*; 7 files skipped$'
for f in 'pipe.html: FIFO, not a regular file' 'loop1.html: symbolic link loop' \
	 'loop2: symbolic link loop' 'dangling.html: dangling symbolic link' \
	 'sublink: symbolic link to a folder' 'manifest.json: not HTML or XML' 'log.txt: not HTML or XML'; do
	if grep -q "^smart: skipped $f" "$TMP/err"; then echo "ok - folder_classify_names_skipped_${f%%:*}"; else
		echo "not ok - folder_classify_names_skipped_${f%%:*} (stderr: $(head -c 400 "$TMP/err"))"; fi
done
if grep -q 'manifest.json' "$TMP/out"; then
	echo "not ok - folder_classify_never_scores_a_skipped_file"
else
	echo "ok - folder_classify_never_scores_a_skipped_file"
fi

expect_status folder_classify_json_lists_skipped 1 timeout 20 "$SMART" classify --json "$TMP/old" "$TMP/new"
expect_output folder_classify_json_skipped_record '"test":"manifest.json","decision":"skipped","score":null,"skipped":"not HTML or XML'
expect_output folder_classify_json_fifo_record '"test":"pipe.html","decision":"skipped".*"skipped":"FIFO, not a regular file"'

expect_status folder_classify_strict_makes_skipped_trouble 2 timeout 20 "$SMART" classify --strict "$TMP/old" "$TMP/new"
if tail -n 1 "$TMP/err" | grep -q '^smart: --strict: 7 files skipped, the first '; then
	echo "ok - folder_classify_strict_says_how_many"; else
	echo "not ok - folder_classify_strict_says_how_many ($(tail -n 1 "$TMP/err"))"; fi
# one skipped file is "1 file" (issue 32: plurals)
for side in old new; do
	mkdir -p "$TMP/one/$side"
	cp "$EX/timestamp-change/$side.html" "$TMP/one/$side/a.html"
	printf 'run finished\n' > "$TMP/one/$side/log.txt"
done
expect_status folder_classify_strict_with_one_skipped_file 2 "$SMART" classify --strict "$TMP/one/old" "$TMP/one/new"
if tail -n 1 "$TMP/err" | grep -q '^smart: --strict: 1 file skipped, the first '; then
	echo "ok - folder_classify_strict_says_one_file_not_one_files"; else
	echo "not ok - folder_classify_strict_says_one_file_not_one_files ($(tail -n 1 "$TMP/err"))"; fi
finish
