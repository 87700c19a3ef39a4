# What every subcommand shares (DESIGN §4): -h prints its usage on stdout
# and exits 0; a bad option is one line on stderr naming it, exit 2; the
# output that does not reach standard output (a full disk) is trouble, not
# success.
. "$(dirname "$0")/lib.sh"

COMMANDS="version diff patch features classify train eval compare mutate perturb profile replay review value-model"
printf '<html><body><p>one</p></body></html>' >"$TMP/a.html"
printf '<html><body><p>two</p><p>more</p></body></html>' >"$TMP/b.html"

for c in $COMMANDS; do
	expect_status "${c}_h_exits_0" 0 "$SMART" "$c" -h
	expect_output "${c}_h_prints_usage_on_stdout" "^usage: smart $c"
	expect_status "${c}_unknown_long_option_is_trouble" 2 "$SMART" "$c" --no-such-option
	expect_one_error_line "${c}_unknown_long_option_is_one_line_naming_it" \
		"^smart $c: unknown option '--no-such-option' \\(try 'smart $c -h'\\)$"
	expect_status "${c}_unknown_short_option_is_trouble" 2 "$SMART" "$c" -Z
	expect_one_error_line "${c}_unknown_short_option_is_one_line_naming_it" "unknown option '-Z'"
	expect_status "${c}_json_with_h_is_still_help" 0 "$SMART" "$c" --json -h
done

# An option given without its value names that option.
expect_status "train_o_without_value_is_trouble" 2 "$SMART" train -o
expect_one_error_line "train_o_without_value_says_which" "option '-o' needs a value"
expect_status "classify_model_without_value_is_trouble" 2 "$SMART" classify --model
expect_one_error_line "classify_model_without_value_says_which" "option '--model' needs a value"
expect_status "diff_value_given_to_json_flag_is_trouble" 2 "$SMART" diff --json=yes "$TMP/a.html" "$TMP/b.html"
expect_one_error_line "diff_value_given_to_json_flag_names_it" "unknown option '--json=yes'"

# smart version is a subcommand like the others.
expect_status "version_json_exits_0" 0 "$SMART" version --json
expect_output "version_json_is_an_object_with_the_version" '^\{"version":"[0-9]+\.[0-9]+[^"]*"\}$'
expect_status "version_with_operand_is_trouble" 2 "$SMART" version extra

# Standard output that cannot be written (a full disk): exit 2 and a line
# saying so, never a cut report with exit 0 or 1. The shell redirects; smart never
# opens /dev/full itself here.
if [ -c /dev/full ]; then
	full_stdout() { # NAME CMD...: stdout on /dev/full gives exit 2 and says so last
		name=$1; shift
		"$@" >/dev/full 2>"$TMP/err"
		got=$?
		if [ "$got" -eq 2 ] && tail -n 1 "$TMP/err" | grep -q '^smart: .*standard output'; then
			echo "ok - $name"
		else
			echo "not ok - $name (exit $got; stderr: $(head -c 300 "$TMP/err"))"
		fi
	}
	P="$FIX/train/pairs.jsonl"
	full_stdout "help_on_full_stdout_is_trouble" "$SMART" -h
	full_stdout "version_on_full_stdout_is_trouble" "$SMART" version
	full_stdout "diff_on_full_stdout_is_trouble" "$SMART" diff "$TMP/a.html" "$TMP/b.html"
	full_stdout "features_on_full_stdout_is_trouble" "$SMART" features "$TMP/a.html" "$TMP/b.html"
	full_stdout "features_json_on_full_stdout_is_trouble" "$SMART" features --json "$TMP/a.html" "$TMP/b.html"
	full_stdout "classify_on_full_stdout_is_trouble" "$SMART" classify "$TMP/a.html" "$TMP/b.html"
	full_stdout "classify_corpus_json_on_full_stdout_is_trouble" "$SMART" classify --json --corpus "$P"
	full_stdout "compare_on_full_stdout_is_trouble" "$SMART" compare -c Raw "$TMP/a.html" "$TMP/b.html"
	full_stdout "compare_list_on_full_stdout_is_trouble" "$SMART" compare --list
	full_stdout "eval_on_full_stdout_is_trouble" "$SMART" eval --folds 2 "$P"
	full_stdout "train_table_on_full_stdout_is_trouble" "$SMART" train --folds 0 -o "$TMP/m.json" "$P"
	full_stdout "review_list_on_full_stdout_is_trouble" "$SMART" review --list --all --corpus "$P"
else
	echo "ok - full_stdout_checks # SKIP no /dev/full"
fi
finish
