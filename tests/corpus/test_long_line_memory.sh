# A corpus line's size is checked as it is read (issue 30): the issue's
# single 500 MB line is refused at the line limit (4 times --max-input +
# 1M, 257M at the default) with FILE:LINE, exit 2, and the release
# binary's peak memory (wait4's rusage, via time(1)) stays under twice
# that limit, where it reached 1.55 GB; a 6M line with --max-input 1M
# (limit 5M), which slipped through while the buffer doubled, is refused.
. "$(dirname "$0")/../cli/lib.sh"
command -v python3 >/dev/null || { echo "ok - long_line_memory # SKIP no python3"; exit 0; }

# long_line OUT SIZE: a gzip'd corpus of one record whose "old" makes the
# line SIZE bytes long.
long_line() {
	python3 - "$@" <<'PY'
import gzip, sys
out, size = sys.argv[1], int(sys.argv[2])
head = b'{"app":"a","test":"t","new":"<p>y</p>","old":"'
with gzip.open(out, "wb", compresslevel=1) as g:
    g.write(head)
    left = size - len(head) - 2
    block = b"x" * (1 << 20)
    while left > 0:
        g.write(block[:min(left, len(block))])
        left -= min(left, len(block))
    g.write(b'"}\n')
PY
}

long_line "$TMP/six.jsonl.gz" $((6 * 1048576))
expect_status corpus_line_between_the_limit_and_the_next_doubling_is_refused 2 \
	"$SMART" classify --max-input 1M --corpus "$TMP/six.jsonl.gz"
expect_one_error_line corpus_long_line_names_file_line_and_limit \
	'six\.jsonl\.gz:1: line longer than 5242880 bytes \(two documents within --max-input\)'

long_line "$TMP/huge.jsonl.gz" $((500 * 1048576))
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f '%M' -o "$TMP/rss" "$SMART_RELEASE" classify --corpus "$TMP/huge.jsonl.gz" \
		>"$TMP/out" 2>"$TMP/err"
	status=$?
	peak=$(tail -n 1 "$TMP/rss")
	limit_kb=$(((4 * 64 + 1) * 1024))
	if [ "$status" -eq 2 ] && grep -q 'huge\.jsonl\.gz:1: line longer than 269484032 bytes' "$TMP/err"; then
		echo "ok - corpus_500_mb_line_is_refused_at_the_limit"; else
		echo "not ok - corpus_500_mb_line_is_refused_at_the_limit (exit $status: $(head -c 300 "$TMP/err"))"; fi
	if [ "$peak" -lt $((2 * limit_kb)) ]; then
		echo "ok - corpus_500_mb_line_peak_memory_under_twice_the_line_limit (${peak} KB)"; else
		echo "not ok - corpus_500_mb_line_peak_memory_under_twice_the_line_limit (${peak} KB)"; fi
else
	echo "ok - corpus_500_mb_line # SKIP no GNU time"
fi
finish
