# Adaptation accepts change classes (docs/adaptation.md): smart train
# --adapt carries the change classes its ignore pairs hold and no inspect
# pair does, and smart classify with that model ignores a flagged pair
# whose every residual change is of one of them -- on another page, at
# another place -- while a pair with one more change, a change of another
# class, or a class an inspect pair held stays inspect.
. "$(dirname "$0")/../cli/lib.sh"

. "$(dirname "$0")/adapt_pages.inc"
# Base applications: reworded paragraphs are benign, one to three lost
# list items (counts) a fault. The new application "epsil" lists recent
# counts too, but a clean rerun of it drops the two oldest -- pages the
# base faults match feature for feature, so no refit can call them benign;
# only the class of the change (an item holding a number only, one class
# wherever it stands) can. Its faults turn the paragraph into an error.
: >"$TMP/base.jsonl"
for app in alpha bravo gamma delta; do
	for i in $(seq 1 40); do
		pair "$app" "$app-r$i" ignore "$(page "$app $i" "Welcome $i." 1$i 2$i 3$i 4$i)" \
			"$(page "$app $i" "Hello again, dear visitor number $i." 1$i 2$i 3$i 4$i)" \
			>>"$TMP/base.jsonl"
		case $((i % 3)) in
		0) kept="4$i" ;; 1) kept="3$i 4$i" ;; *) kept="2$i 3$i 4$i" ;;
		esac
		pair "$app" "$app-d$i" inspect "$(page "$app $i" "Welcome $i." 1$i 2$i 3$i 4$i)" \
			"$(page "$app $i" "Welcome $i." $kept)" >>"$TMP/base.jsonl"
	done
done
clean() { # I: a clean rerun of epsil
	pair epsil "epsil-c$1" ignore "$(page "epsil $1" "Welcome $1." 1$1 2$1 3$1 4$1)" \
		"$(page "epsil $1" "Welcome $1." 3$1 4$1)"
}
fault() { # I [ITEMS KEPT]: a fault of epsil
	i=$1; shift
	pair epsil "epsil-f$i" inspect "$(page "epsil $i" "Welcome $i." 1$i 2$i 3$i 4$i)" \
		"$(page "epsil $i" "Fatal: run $i was lost." ${@:-1$i 2$i 3$i 4$i})"
}
{ clean 1; clean 4; clean 7; fault 2; fault 5; } >"$TMP/five.jsonl"
# the same five, but one fault also drops two counts: that class is a fault's
{ clean 1; clean 4; clean 7; fault 2; fault 5 35 45; } >"$TMP/five_bad.jsonl"

# another page, the counts in a table cell list at another place
other() { # ITEMS...
	printf '<html><head><title>eps totals</title></head><body><div><table><tr><td><ol>'
	for i in "$@"; do printf '<li>%s</li>' "$i"; done
	printf '</ol></td></tr></table></div></body></html>'
}
other 7 81 93 55 >"$TMP/o_old.html"
other 93 55 >"$TMP/o_new.html"      # two counts dropped: the accepted class
other 55 >"$TMP/o_two.html"         # three dropped: the same class again
other 7 pears 93 55 >"$TMP/o_wold.html"
cp "$TMP/o_new.html" "$TMP/o_wnew.html" # a count and a word dropped

"$SMART" train --adapt "$TMP/five.jsonl" --adapt-weight 1 --adapt-no-profile \
	-o "$TMP/m.json" "$TMP/base.jsonl" >/dev/null 2>"$TMP/err"
"$SMART" train --adapt "$TMP/five_bad.jsonl" --adapt-weight 1 --adapt-no-profile \
	-o "$TMP/m_bad.json" "$TMP/base.jsonl" >/dev/null 2>"$TMP/err_bad"
"$SMART" train --adapt "$TMP/five.jsonl" --adapt-weight 1 --adapt-no-profile --adapt-no-accept \
	-o "$TMP/m_off.json" "$TMP/base.jsonl" >/dev/null 2>"$TMP/err_off"
grep -q '"format":[[:space:]]*"smart-accepted"' "$TMP/m.json" &&
	grep -q '"class":[[:space:]]*"[0-9a-f]\{16\}"' "$TMP/m.json" &&
	grep -q 'the model accepts 1 change classes' "$TMP/err" &&
	grep -q 'the model accepts 0 change classes' "$TMP/err_bad" &&
	! grep -q '"accepted"' "$TMP/m_off.json"
check train_adapt_model_carries_the_ignore_pairs_change_classes "$(tail -n 1 "$TMP/err")"
# the base model alone flags the dropped count (the classes are needed)
expect_status "without_accepted_classes_the_dropped_count_is_inspect" 1 \
	"$SMART" classify --model "$TMP/m_off.json" "$TMP/o_old.html" "$TMP/o_new.html"
expect_status "ignore_pair_class_explains_the_same_class_on_another_page" 0 \
	"$SMART" classify --model "$TMP/m.json" "$TMP/o_old.html" "$TMP/o_new.html"
expect_output "the_explanation_names_the_adapted_models_classes" 'adapted model accepts'
expect_status "the_same_class_twice_is_still_explained" 0 \
	"$SMART" classify --model "$TMP/m.json" "$TMP/o_old.html" "$TMP/o_two.html"
expect_status "a_change_of_another_class_is_still_inspect" 1 \
	"$SMART" classify --model "$TMP/m.json" "$TMP/o_wold.html" "$TMP/o_wnew.html"
expect_status "a_class_an_inspect_pair_holds_is_never_accepted" 1 \
	"$SMART" classify --model "$TMP/m_bad.json" "$TMP/o_old.html" "$TMP/o_new.html"
expect_status "no_accepted_turns_the_models_classes_off" 1 \
	"$SMART" classify --no-accepted --model "$TMP/m.json" "$TMP/o_old.html" "$TMP/o_new.html"
"$SMART" classify --json --model "$TMP/m.json" "$TMP/o_old.html" "$TMP/o_new.html" >"$TMP/out" 2>"$TMP/err"
expect_output "classify_json_marks_the_accepted_change" '"accepted_change": *true'
# eval --adapt measures the same: the held-out application's flagged pairs
# of an accepted class become ignore, and --adapt-no-accept turns it off
for i in 1 2 3 4 5 6 7 8; do clean $i; fault $((i + 10)); done >"$TMP/eps.jsonl"
cat "$TMP/base.jsonl" "$TMP/eps.jsonl" >"$TMP/all.jsonl"
"$SMART" eval --by-app --adapt 4 --adapt-weight 1 --adapt-no-profile --seed 2 "$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_output "eval_adapt_says_how_many_pairs_the_classes_turned" \
	'accept turned [1-9][0-9]* flagged pairs to ignore, 0 of them faults'
"$SMART" eval --by-app --adapt 4 --adapt-weight 1 --adapt-no-profile --adapt-no-accept \
	"$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
! grep -q 'accept turned' "$TMP/out"
check eval_adapt_no_accept_turns_nothing "the classes were used"
"$SMART" eval --by-app --adapt 4 --adapt-order flagged --json "$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_output "eval_adapt_order_flagged_named_in_json" '"adapt_order":"flagged"'
finish
