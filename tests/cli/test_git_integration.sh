# smart as git's external diff driver and difftool (smart git-diff,
# docs/git.md), in a throwaway repository holding HTML snapshots: git
# passes 7 arguments (9 for a rename, 1 for an unmerged path), expects exit
# 0 unless trouble, and an added or deleted file comes as /dev/null.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX="$ROOT/examples"
if ! command -v git >/dev/null; then
	echo "ok - git_integration # SKIP no git"
	exit 0
fi
# A git of its own: no user or system configuration.
export HOME="$TMP" GIT_CONFIG_NOSYSTEM=1 GIT_PAGER=cat PAGER=cat
unset GIT_DIR GIT_WORK_TREE GIT_EXTERNAL_DIFF
R="$TMP/repo"
mkdir -p "$R/snap"
cd "$R" || exit 1
git init -q . && git config user.name t && git config user.email t@example.org &&
	git config commit.gpgsign false

cp "$EX/deleted-table/old.html" snap/page.html       # becomes a fault: inspect
cp "$EX/timestamp-change/old.html" snap/time.html    # only a timestamp: ignore
cp "$EX/form-lost-inputs/old.html" snap/gone.html    # deleted in v2
printf 'first line\nold line\n' > notes.txt          # plain text
printf 'PNG\000\001\002' > logo.bin                  # binary
git add . && git commit -q -m v1
cp "$EX/deleted-table/new.html" snap/page.html
cp "$EX/timestamp-change/new.html" snap/time.html
git rm -q snap/gone.html
printf '<html><body><p>Added in v2</p></body></html>\n' > snap/added.html  # added in v2
printf 'first line\nnew line\n' > notes.txt
printf 'PNG\000\003\004' > logo.bin
git add . && git commit -q -m v2

# 1. GIT_EXTERNAL_DIFF: every changed path goes through smart git-diff.
expect_status git_external_diff_exits_0_over_changed_snapshots 0 \
	env GIT_EXTERNAL_DIFF="$SMART git-diff" git diff HEAD~1 HEAD
expect_output external_diff_heads_each_path_as_git_does '^diff --smart a/snap/page.html b/snap/page.html$'
expect_output external_diff_says_inspect_for_the_deleted_table '^smart: inspect, score'
expect_output external_diff_says_ignore_for_the_timestamp '^smart: ignore, score'
expect_output external_diff_prints_the_diffx_script '^delete .*table'
expect_output external_diff_marks_an_added_file 'new file mode 100644'
expect_output external_diff_marks_a_deleted_file 'deleted file mode 100644'
expect_output external_diff_shows_an_added_html_page_as_a_unified_diff '^\+\+\+ b/snap/added.html$'
expect_output external_diff_shows_a_deleted_page_against_dev_null '^\+\+\+ /dev/null$'
expect_output external_diff_says_binary_files_differ '^Binary files a/logo.bin and b/logo.bin differ$'
expect_output external_diff_shows_plain_text_as_a_unified_diff '^\+new line$'
cp "$TMP/out" "$TMP/external.out"
if [ "$(grep -c '^diff --smart ' "$TMP/external.out")" -eq 6 ]; then
	echo "ok - external_diff_runs_once_per_changed_path"
else
	echo "not ok - external_diff_runs_once_per_changed_path ($(grep -c '^diff --smart ' "$TMP/external.out"))"
fi

# 2. .gitattributes: only *.html goes to smart; git diff --ext-diff.
printf '*.html diff=smart\n' > .gitattributes
git config diff.smart.command "$SMART git-diff"
expect_status gitattributes_diff_driver_exits_0 0 git diff --ext-diff HEAD~1 HEAD
expect_output gitattributes_send_html_to_smart '^smart: inspect, score'
expect_output gitattributes_leave_other_files_to_git '^diff --git a/notes.txt b/notes.txt$'
if grep -q '^diff --smart a/notes.txt' "$TMP/out"; then
	echo "not ok - gitattributes_keep_text_files_away_from_smart"
else
	echo "ok - gitattributes_keep_text_files_away_from_smart"
fi
expect_status porcelain_diff_uses_the_driver_without_ext_diff 0 git diff HEAD~1 HEAD -- snap/page.html
expect_output porcelain_diff_shows_smart_decision '^smart: inspect, score'
expect_status git_show_with_ext_diff_uses_the_driver 0 git show --ext-diff HEAD -- snap/time.html
expect_output git_show_with_ext_diff_shows_smart_decision '^smart: ignore, score'
expect_status no_ext_diff_is_git_own_diff 0 git diff --no-ext-diff HEAD~1 HEAD
if grep -q '^smart:' "$TMP/out"; then echo "not ok - no_ext_diff_bypasses_smart"; else
	echo "ok - no_ext_diff_bypasses_smart"; fi
expect_status git_diff_exit_code_still_says_there_are_changes 1 \
	git diff --ext-diff --exit-code HEAD~1 HEAD -- snap/time.html
expect_output working_tree_diff_of_a_single_path_works '^smart: ignore'

# A rename comes with 9 arguments: the new path and git's message.
git mv snap/time.html snap/time2.html && git commit -q -m rename
expect_status renamed_snapshot_exits_0 0 git diff --ext-diff -M HEAD~1 HEAD
expect_output renamed_snapshot_shows_git_rename_lines '^rename from snap/time.html$'
git reset -q --hard HEAD~1

# 3. trouble is exit 2 with one line, which git reports as fatal.
git config diff.smart.command "$SMART git-diff --model $TMP/no-such-model.json"
expect_status trouble_in_the_driver_stops_git 128 git diff --ext-diff HEAD~1 HEAD -- snap/page.html
if grep -q "no-such-model.json" "$TMP/err" && grep -q 'external diff died' "$TMP/err"; then
	echo "ok - trouble_names_the_file_and_git_says_the_driver_died"
else
	echo "not ok - trouble_names_the_file_and_git_says_the_driver_died ($(head -c 300 "$TMP/err"))"
fi
git config diff.smart.command "$SMART git-diff"

# 4. difftool: git difftool -t smart, difftool.smart.cmd. (A diff=smart
# attribute would win over difftool: git runs the driver instead.)
rm .gitattributes
git config difftool.smart.cmd "$SMART git-diff --tool \"\$MERGED\" \"\$LOCAL\" \"\$REMOTE\""
expect_status difftool_exits_0_without_trust_exit_code 0 git difftool -y -t smart HEAD~1 HEAD -- snap/
expect_output difftool_names_each_path '^smart: snap/page.html$'
expect_output difftool_gives_smart_decision '^smart: inspect, score'
expect_output difftool_shows_an_added_page_against_dev_null '^--- /dev/null$'
# With --trust-exit-code difftool stops at a pair to inspect and fails (git
# 2.39 passes it on as "external diff died", status 128; later gits as 1).
git difftool -y -t smart --trust-exit-code HEAD~1 HEAD -- snap/page.html snap/time.html \
	>"$TMP/out" 2>"$TMP/err"
status=$?
if [ "$status" -ne 0 ] && grep -q '^smart: inspect' "$TMP/out" && ! grep -q '^smart: snap/time.html' "$TMP/out"; then
	echo "ok - difftool_trust_exit_code_stops_failing_at_an_inspect_pair"
else
	echo "not ok - difftool_trust_exit_code_stops_failing_at_an_inspect_pair (exit $status)"
fi
expect_status difftool_trust_exit_code_passes_an_ignore_pair 0 \
	git difftool -y -t smart --trust-exit-code HEAD~1 HEAD -- snap/time.html
expect_output difftool_ignore_pair_says_ignore '^smart: ignore, score'

# 5. The driver's own contract.
expect_status unmerged_path_is_one_line_and_exit_0 0 "$SMART" git-diff snap/page.html
expect_output unmerged_path_is_said_as_git_says_it '^\* Unmerged path snap/page.html$'
expect_status wrong_argument_count_is_trouble 2 "$SMART" git-diff a b c
expect_one_error_line wrong_argument_count_is_one_line "git-diff: takes git's 7"
z=0000000000000000000000000000000000000000
expect_status exit_code_mode_says_1_for_inspect 1 "$SMART" git-diff --exit-code p.html \
	"$EX/deleted-table/old.html" $z 100644 "$EX/deleted-table/new.html" $z 100644
expect_status exit_code_mode_says_0_for_ignore 0 "$SMART" git-diff --exit-code p.html \
	"$EX/timestamp-change/old.html" $z 100644 "$EX/timestamp-change/new.html" $z 100644
expect_status default_mode_says_0_for_inspect 0 "$SMART" git-diff p.html \
	"$EX/deleted-table/old.html" $z 100644 "$EX/deleted-table/new.html" $z 100644
expect_status json_mode_exits_0 0 "$SMART" git-diff --json p.html \
	"$EX/deleted-table/old.html" $z 100644 "$EX/deleted-table/new.html" $z 100644
expect_output json_mode_gives_path_kind_and_decision \
	'^\{"path":"p.html","status":"modified","kind":"document","decision":"inspect","score":[0-9.e+-]+,"operations":1\}$'
expect_status json_mode_for_an_added_file_exits_0 0 "$SMART" git-diff --json p.html \
	/dev/null $z 0 "$EX/deleted-table/new.html" $z 100644
expect_output json_mode_says_added_text_without_a_decision '"status":"added","kind":"text","decision":null'
GIT_EXTERNAL_DIFF="$SMART git-diff --json" git diff HEAD~1 HEAD >"$TMP/out" 2>"$TMP/err"
if [ $? -eq 0 ] && [ "$(grep -c '^{"path"' "$TMP/out")" -eq 6 ] && grep -q '"path":"logo.bin".*"kind":"binary"' "$TMP/out"; then
	echo "ok - json_driver_gives_one_object_per_changed_path"
else
	echo "not ok - json_driver_gives_one_object_per_changed_path"; head -n 8 "$TMP/out" | sed 's/^/#   /'
fi
expect_status missing_old_file_is_trouble 2 "$SMART" git-diff p.html \
	"$TMP/absent.html" $z 100644 "$EX/deleted-table/new.html" $z 100644
expect_one_error_line missing_old_file_is_one_line_naming_it "absent.html"
finish
