# Severe faults are never waved through (issue 13): with the default model,
# a page that gains a Java stack trace, 20 KB of "Error: ..." lines or 50 MB
# of new text, and an XML document whose root is wholly replaced, are all
# inspect. The inputs are generated here. Before the sign-checked model these
# scored -0.25, < 0, -8915 and -20 (ignore).
. "$(dirname "$0")/../cli/lib.sh"

page_with() { # FILE BODY-EXTRA: a small orders page with BODY-EXTRA before </body>
	printf '<html><head><title>Orders</title></head><body><h1>Orders</h1><p>You have 3 open orders.</p><ul><li>Order 1</li><li>Order 2</li><li>Order 3</li></ul>%s</body></html>\n' "$2" >"$1"
}
page_with "$TMP/old.html" ""

# 6 KB of a Java stack trace in a <pre>
i=0; trace='Exception in thread "main" java.lang.NullPointerException'
while [ "$i" -lt 110 ]; do
	trace="$trace
	at com.example.shop.OrderService.load$i(OrderService.java:$((100 + i)))"; i=$((i + 1))
done
page_with "$TMP/trace.html" "<pre>$trace</pre>"
expect_status "severe_fault_6kb_java_stack_trace_is_inspect" 1 "$SMART" classify "$TMP/old.html" "$TMP/trace.html"

# 20 KB of "Error: ..." lines
awk 'BEGIN { for (i = 0; i < 420; i++) printf "Error: could not load order %d from the database\n", i }' |
	head -c 20000 >"$TMP/errors.txt"
page_with "$TMP/errors.html" "<p>$(cat "$TMP/errors.txt")</p>"
expect_status "severe_fault_20kb_of_error_lines_is_inspect" 1 "$SMART" classify "$TMP/old.html" "$TMP/errors.html"

# 50 MB of new text (one paragraph); under ASan about 2.5 s and 0.5 GB.
{
	printf '<html><head><title>Orders</title></head><body><h1>Orders</h1><p>You have 3 open orders.</p><ul><li>Order 1</li><li>Order 2</li><li>Order 3</li></ul><p>'
	awk 'BEGIN { s = "lorem ipsum dolor sit amet consectetur "; for (i = 0; i < 11; i++) s = s s; for (i = 0; i < 660; i++) printf "%s", s }'
	printf '</p></body></html>\n'
} >"$TMP/big.html"
size=$(wc -c <"$TMP/big.html")
if [ "$size" -ge 52428800 ]; then echo "ok - severe_fault_big_input_is_50_mb"; else echo "not ok - severe_fault_big_input_is_50_mb ($size bytes)"; fi
expect_status "severe_fault_50mb_of_new_text_is_inspect" 1 "$SMART" classify "$TMP/old.html" "$TMP/big.html"
rm -f "$TMP/big.html"

# An XML document whose root is wholly replaced
printf '<?xml version="1.0"?>\n<catalog><book id="1"><title>A</title><price>10</price></book><book id="2"><title>B</title><price>12</price></book></catalog>\n' >"$TMP/old.xml"
printf '<?xml version="1.0"?>\n<failure><code>500</code><reason>internal</reason><detail>the server gave up</detail></failure>\n' >"$TMP/new.xml"
expect_status "severe_fault_xml_root_wholly_replaced_is_inspect" 1 "$SMART" classify "$TMP/old.xml" "$TMP/new.xml"
# A page that lost its doctype: browsers draw it in quirks mode, though no
# element changed; and a stylesheet only reindented, which draws the same.
printf '<!DOCTYPE html>\n<html><head><style>\nh1 { color: red }\n</style><title>Orders</title></head><body><h1>Orders</h1><p>You have 3 open orders.</p></body></html>\n' >"$TMP/typed.html"
printf '<html><head><style>\nh1 { color: red }\n</style><title>Orders</title></head><body><h1>Orders</h1><p>You have 3 open orders.</p></body></html>\n' >"$TMP/untyped.html"
printf '<!doctype HTML>\n<html><head><style>\n    h1 {   color: red }\n  </style><title>Orders</title></head><body><h1>Orders</h1><p>You have 3 open orders.</p></body></html>\n' >"$TMP/reindented.html"
expect_status "severe_fault_dropped_doctype_is_inspect" 1 "$SMART" classify "$TMP/typed.html" "$TMP/untyped.html"
expect_status "severe_fault_added_doctype_is_inspect" 1 "$SMART" classify "$TMP/untyped.html" "$TMP/typed.html"
expect_status "reindented_stylesheet_and_doctype_case_are_ignore" 0 "$SMART" classify "$TMP/typed.html" "$TMP/reindented.html"
finish
