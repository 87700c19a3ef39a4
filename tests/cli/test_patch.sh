# smart patch: applying scripts from the command line, where the output goes,
# and one-line errors with exit 2 for scripts that do not fit.
. "$(dirname "$0")/lib.sh"
P="$FIX/patch"

expect_status "patch_help_is_usage_on_stdout" 0 "$SMART" patch -h
expect_output "patch_help_names_arguments" 'usage: smart patch .*OLD SCRIPT.json'

expect_status "patch_writes_result_to_stdout" 0 "$SMART" patch "$P/list.html" "$P/list-script.json"
if cmp -s "$TMP/out" "$P/list-expected.html"; then echo "ok - patch_result_is_expected_document"; else
	echo "not ok - patch_result_is_expected_document"; diff "$TMP/out" "$P/list-expected.html" | sed 's/^/#   /' | head; fi
expect_output "patch_keeps_old_comments" '<!-- the list -->'

expect_status "patch_o_writes_file" 0 "$SMART" patch "$P/list.html" "$P/list-script.json" -o "$TMP/result.html"
if cmp -s "$TMP/result.html" "$P/list-expected.html" && [ ! -s "$TMP/out" ]; then
	echo "ok - patch_o_file_holds_result_and_stdout_is_empty"; else echo "not ok - patch_o_file_holds_result_and_stdout_is_empty"; fi

expect_status "patch_json_reports_operations" 0 "$SMART" patch --json "$P/list.html" "$P/list-script.json" -o "$TMP/r2.html"
expect_output "patch_json_names_output" '^\{"format":"html","operations":5,"output":".*r2.html"\}$'

printf '{"operations":[{"op":"delete","path":"/html/body/ol"}]}' >"$TMP/wrong.json"
expect_status "patch_unresolvable_path_is_trouble" 2 "$SMART" patch "$P/list.html" "$TMP/wrong.json" -o "$TMP/never.html"
expect_one_error_line "patch_unresolvable_path_names_script_and_operation" \
	'^smart: .*wrong.json: operations\[0\] \(delete\): "/html/body/ol" names no node'
if [ -e "$TMP/never.html" ]; then echo "not ok - patch_failure_leaves_no_output_file"; else
	echo "ok - patch_failure_leaves_no_output_file"; fi

printf '{"operations":[{"op":"move","path":"/html/body/ul/li[1]","parent":"/html/body/ul","index":"x"}]}' >"$TMP/bad.json"
expect_status "patch_bad_field_is_trouble" 2 "$SMART" patch "$P/list.html" "$TMP/bad.json"
expect_one_error_line "patch_bad_field_names_operation" "bad.json: operations\[0\]: 'index' must be a non-negative integer"

# The contract with smart diff, on realistic pages: patching OLD with
# `smart diff --json OLD NEW` gives a document that smart diff finds equal to
# NEW (exit 0).
for pair in news:html report:html feed:xml; do
	page=${pair%%:*} ext=${pair#*:}
	old="$P/pages/$page-old.$ext" new="$P/pages/$page-new.$ext" # (lib.sh uses $name)
	expect_status "diff_of_${page}_pages_differs" 1 "$SMART" diff --json "$old" "$new"
	cp "$TMP/out" "$TMP/$page.json"
	expect_status "patch_applies_diff_of_${page}_pages" 0 "$SMART" patch "$old" "$TMP/$page.json" -o "$TMP/$page-result.$ext"
	expect_status "diff_of_patched_${page}_and_new_is_empty" 0 "$SMART" diff "$TMP/$page-result.$ext" "$new"
done
expect_status "patch_of_empty_diff_is_old" 0 "$SMART" diff --json "$P/list.html" "$P/list.html"
cp "$TMP/out" "$TMP/same.json"
expect_status "patch_with_empty_diff_succeeds" 0 "$SMART" patch "$P/list.html" "$TMP/same.json" -o "$TMP/same.html"
expect_status "patch_with_empty_diff_gives_old" 0 "$SMART" diff "$TMP/same.html" "$P/list.html"

# The doctype survives a patch; a page without one does not gain libxml2's
# implied HTML 4.0 doctype; an XML SYSTEM doctype is written back as declared.
printf '<!DOCTYPE html>\n<html><body><p>a</p></body></html>' >"$TMP/d-old.html"
printf '<!doctype html><html><body><p>b</p></body></html>' >"$TMP/d-new.html"
"$SMART" diff --json "$TMP/d-old.html" "$TMP/d-new.html" >"$TMP/d.json"
expect_status "patch_with_doctype_succeeds" 0 "$SMART" patch "$TMP/d-old.html" "$TMP/d.json" -o "$TMP/d-res.html"
if head -n 1 "$TMP/d-res.html" | grep -qx '<!DOCTYPE html>'; then echo "ok - patch_keeps_the_doctype"; else
	echo "not ok - patch_keeps_the_doctype ($(head -c 100 "$TMP/d-res.html"))"; fi
printf '<html><body><p>a</p></body></html>' >"$TMP/nd-old.html"
"$SMART" diff --json "$TMP/nd-old.html" "$TMP/d-new.html" >"$TMP/nd.json"
"$SMART" patch "$TMP/nd-old.html" "$TMP/nd.json" -o "$TMP/nd-res.html"
if grep -qi 'doctype' "$TMP/nd-res.html"; then echo "not ok - patch_adds_no_implied_doctype"; else
	echo "ok - patch_adds_no_implied_doctype"; fi
printf '<?xml version="1.0"?><!DOCTYPE note SYSTEM "note.dtd"><note>x</note>' >"$TMP/x-old.xml"
printf '<?xml version="1.0"?><!DOCTYPE note SYSTEM "note.dtd"><note>y</note>' >"$TMP/x-new.xml"
"$SMART" diff --json "$TMP/x-old.xml" "$TMP/x-new.xml" >"$TMP/x.json"
"$SMART" patch "$TMP/x-old.xml" "$TMP/x.json" -o "$TMP/x-res.xml"
if grep -qx '<!DOCTYPE note SYSTEM "note.dtd">' "$TMP/x-res.xml"; then echo "ok - patch_keeps_an_xml_system_doctype"; else
	echo "not ok - patch_keeps_an_xml_system_doctype ($(head -c 200 "$TMP/x-res.xml"))"; fi

expect_status "patch_needs_two_arguments" 2 "$SMART" patch "$P/list.html"
expect_status "patch_unknown_option_is_trouble" 2 "$SMART" patch --frob "$P/list.html" "$P/list-script.json"
finish
