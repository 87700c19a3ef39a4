# One pair classified with its two documents parsed side by side (the
# default, measure/parse_pair.c) says what `--threads 1` (one after the
# other) says, byte for byte, with each HTML parser: over large pages of
# the WordPress corpus, as JSON and as text. A document that does not
# parse, or cannot be read, still gives one error line naming it and exit
# 2, the same line either way.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

# the first six pairs of the WordPress corpus whose pages are both over
# 16 kB (so they are parsed on two threads), as files
python3 - "$ROOT/corpora/wordpress.jsonl.gz" "$TMP" <<'EOF'
import gzip, json, sys
n = 0
for line in gzip.open(sys.argv[1], 'rt'):
    r = json.loads(line)
    if min(len(r['old'].encode()), len(r['new'].encode())) < 16384:
        continue
    for side in ('old', 'new'):
        with open('%s/p%d-%s.html' % (sys.argv[2], n, side), 'w') as f:
            f.write(r[side])
    n += 1
    if n == 6:
        break
EOF

for parser in html5 libxml2; do
	same=0 pairs=0
	for old in "$TMP"/p*-old.html; do
		new=${old%-old.html}-new.html
		pairs=$((pairs + 1))
		"$SMART" classify --json --html-parser "$parser" --threads 1 "$old" "$new" \
			>"$TMP/one.out" 2>"$TMP/one.err"
		one=$?
		"$SMART" classify --json --html-parser "$parser" "$old" "$new" \
			>"$TMP/two.out" 2>"$TMP/two.err"
		two=$?
		if [ "$one" = "$two" ] && [ -s "$TMP/one.out" ] && cmp -s "$TMP/one.out" "$TMP/two.out" &&
		   cmp -s "$TMP/one.err" "$TMP/two.err"; then
			same=$((same + 1))
		fi
	done
	if [ "$pairs" -eq 6 ] && [ "$same" -eq 6 ]; then
		echo "ok - side_by_side_json_is_threads_1_json_${parser}"
	else
		echo "not ok - side_by_side_json_is_threads_1_json_${parser} ($same of $pairs the same)"
	fi
done

"$SMART" classify --threads 1 "$TMP/p0-old.html" "$TMP/p0-new.html" >"$TMP/one.out" 2>&1
"$SMART" classify --threads 2 "$TMP/p0-old.html" "$TMP/p0-new.html" >"$TMP/two.out" 2>&1
if [ -s "$TMP/one.out" ] && cmp -s "$TMP/one.out" "$TMP/two.out"; then
	echo "ok - side_by_side_text_is_threads_1_text"
else
	echo "not ok - side_by_side_text_is_threads_1_text"
fi

# XML pages of 40 kB, one of them missing its root's end tag
python3 - "$TMP" <<'EOF'
import sys
body = '<r>' + ''.join('<i>%d</i>' % k for k in range(4000))
open(sys.argv[1] + '/good.xml', 'w').write(body + '</r>')
open(sys.argv[1] + '/bad.xml', 'w').write(body)
EOF
for threads in 1 2; do
	expect_status "broken_new_document_exits_2_threads_$threads" 2 \
		"$SMART" classify --xml --threads "$threads" "$TMP/good.xml" "$TMP/bad.xml"
	expect_one_error_line "broken_new_document_is_named_threads_$threads" \
		"bad\.xml:[0-9]+: not well-formed XML"
	cp "$TMP/err" "$TMP/new-$threads.err"
	expect_status "broken_old_document_exits_2_threads_$threads" 2 \
		"$SMART" classify --xml --threads "$threads" "$TMP/bad.xml" "$TMP/good.xml"
	expect_one_error_line "broken_old_document_is_named_threads_$threads" \
		"bad\.xml:[0-9]+: not well-formed XML"
	expect_status "missing_new_document_exits_2_threads_$threads" 2 \
		"$SMART" classify --xml --threads "$threads" "$TMP/good.xml" "$TMP/absent.xml"
	expect_one_error_line "missing_new_document_is_named_threads_$threads" "absent\.xml"
done
if cmp -s "$TMP/new-1.err" "$TMP/new-2.err"; then
	echo "ok - broken_document_error_is_the_same_on_two_threads"
else
	echo "not ok - broken_document_error_is_the_same_on_two_threads"
fi
finish
