# Severe faults are never waved through by the default model (issue 13):
# a page that gains a Java stack trace, a page that gains 20 KB of
# "Error: ..." lines, an XML document whose root is wholly replaced, and a
# page that gains megabytes of new text are inspect; 50 MB of new text is
# over the default --max-text limit, so it is trouble (exit 2), never an
# ignore. Inputs are generated at test time.
. "$(dirname "$0")/../cli/lib.sh"

python3 - "$TMP" <<'PY'
import sys
d = sys.argv[1]
base = ("<html><body><h1>Orders</h1><table><tr><td>1</td><td>apple</td></tr>"
        "<tr><td>2</td><td>pear</td></tr></table><p>Total: 2 items</p></body></html>")
open(d + "/old.html", "w").write(base)
trace = ("<pre>Exception in thread \"main\" java.lang.NullPointerException: Cannot invoke \"Order.total()\"\n"
         + "".join("\tat com.shop.orders.OrderService.method%d(OrderService.java:%d)\n" % (i, 100 + i)
                   for i in range(95)) + "</pre>")
assert 5000 < len(trace) < 7000
open(d + "/trace.html", "w").write(base.replace("</p>", "</p>" + trace, 1))
errors = "<div>" + "".join("<p>Error: could not load order %d: connection refused</p>" % i
                           for i in range(400)) + "</div>"
assert len(errors) > 20000
open(d + "/errors.html", "w").write(base.replace("</table>", "</table>" + errors))
def text(n):
    return ("<html><body><h1>Orders</h1><table><tr><td>1</td><td>apple</td></tr></table><p>"
            + "lorem ipsum dolor sit amet " * (n // 27) + "</p></body></html>")
open(d + "/big.html", "w").write(text(4 * 1000 * 1000))
open(d + "/huge.html", "w").write(text(50 * 1000 * 1000))
open(d + "/old.xml", "w").write('<?xml version="1.0"?><orders><order id="1"><item>apple</item>'
                                '</order><order id="2"><item>pear</item></order></orders>')
open(d + "/new.xml", "w").write('<?xml version="1.0"?><error><code>500</code>'
                                '<message>Internal Server Error</message></error>')
PY

expect_status a_6kb_java_stack_trace_is_inspect 1 "$SMART" classify "$TMP/old.html" "$TMP/trace.html"
expect_status twenty_kb_of_error_lines_is_inspect 1 "$SMART" classify "$TMP/old.html" "$TMP/errors.html"
expect_status an_xml_root_wholly_replaced_is_inspect 1 "$SMART" classify "$TMP/old.xml" "$TMP/new.xml"
expect_status four_mb_of_new_text_is_inspect 1 "$SMART" classify "$TMP/old.html" "$TMP/big.html"
expect_status fifty_mb_of_new_text_is_trouble_not_ignore 2 "$SMART" classify "$TMP/old.html" "$TMP/huge.html"
expect_one_error_line fifty_mb_of_new_text_names_the_limit 'huge\.html: a text run of [0-9]+ bytes is over the limit'
# the training table says which weights broke the paper's hypotheses
"$SMART" train --free-signs --folds 0 -o "$TMP/m.json" "$FIX/train/pairs.jsonl" >/dev/null 2>"$TMP/free.err"
"$SMART" train --folds 0 -o "$TMP/m2.json" "$FIX/train/pairs.jsonl" >/dev/null 2>"$TMP/signed.err"
if grep -q "^smart: warning: the weight of 'diffx_deletes' (-[0-9.]*) contradicts the paper's hypothesis (towards inspect)$" "$TMP/free.err" &&
   grep -q "^smart: warning: weight against the paper's hypothesis, fixed at 0: .*'diffx_deletes'" "$TMP/signed.err" &&
   python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); i = m["features"].index("diffx_deletes"); sys.exit(m["weights"][i] != 0)' "$TMP/m2.json"; then
	echo "ok - train_says_which_weights_contradict_the_hypotheses"
else
	echo "not ok - train_says_which_weights_contradict_the_hypotheses ($(cat "$TMP/free.err" "$TMP/signed.err" | head -c 300))"
fi
finish
