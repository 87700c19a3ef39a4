# Scrubbing a long text costs time in proportion to its length. A source
# listing (jsdoc's and Fossil's pages) is one long text full of identifiers
# that look like base64 tokens but are not (no digit); each made the
# shape matcher try every other shape at its position by an unanchored
# search over the whole rest of the text, so a 70 KB listing took 1.2 s
# and Fossil's corpus 78 s. Timed on the release binary ($SMART_RELEASE):
# the sanitizer build's regexec interceptor measures the whole string on
# every call, which is quadratic whatever smart does.
. "$(dirname "$0")/../cli/lib.sh"
: "${SMART_RELEASE:?SMART_RELEASE must name the release binary (run through make test)}"

# listing FILE LINES STAMP: a page with a LINES-line <pre> and a dated footer
listing() {
	awk -v n="$2" -v stamp="$3" 'BEGIN {
		print "<html><body><pre class=\"source\">";
		for (i = 0; i < n; i++)
			print "  this.registerOptionHandler(parseArgumentsOf, defaultValueFor); // line " i;
		print "</pre><footer>Generated on " stamp "</footer></body></html>" }' > "$1"
}
listing "$TMP/small-old.html" 1500 "2024-03-01 10:00:00"
listing "$TMP/small-new.html" 1500 "2024-07-15 18:42:08"
listing "$TMP/large-old.html" 24000 "2024-03-01 10:00:00"
listing "$TMP/large-new.html" 24000 "2024-07-15 18:42:08"

# cpu_seconds OLD NEW: user + system CPU seconds of classifying the pair
# (999 when it runs past two minutes)
cpu_seconds() {
	rm -f "$TMP/time"
	timeout -s KILL 120 /usr/bin/time -f '%U %S' -o "$TMP/time" "$SMART_RELEASE" classify "$1" "$2" \
		>"$TMP/out" 2>/dev/null
	if [ -s "$TMP/time" ] && ! grep -q 'signal' "$TMP/time"; then
		awk '{ print $1 + $2 }' "$TMP/time"
	else
		echo 999
	fi
}

expect_status "a_dated_listing_is_ignored" 0 "$SMART_RELEASE" classify "$TMP/small-old.html" "$TMP/small-new.html"
small=$(cpu_seconds "$TMP/small-old.html" "$TMP/small-new.html")
large=$(cpu_seconds "$TMP/large-old.html" "$TMP/large-new.html")
grep -q '^ignore' "$TMP/out" && echo "ok - a_16x_dated_listing_is_ignored" ||
	echo "not ok - a_16x_dated_listing_is_ignored ($(head -c 200 "$TMP/out"))"
# 16 times the text: linear is 16x; allow 40x (start-up, a loaded machine),
# far below the 256x a quadratic scan gives.
if awk -v s="$small" -v l="$large" 'BEGIN { exit !(l <= 40 * (s > 0.01 ? s : 0.01)) }'; then
	echo "ok - scrubbing_a_16x_listing_costs_at_most_40x"
else
	echo "not ok - scrubbing_a_16x_listing_costs_at_most_40x ($large s against $small s)"
fi
finish
