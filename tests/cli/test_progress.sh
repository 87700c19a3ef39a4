# The progress line of the long commands (cli/cli_progress.c): drawn in
# place on standard error ("what done/total (P%)  R/s  ETA M:SS") when it is
# a terminal, under a pseudo-terminal made by script(1); never with
# --quiet; never when standard error is a file or a pipe.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PAIRS="$FIX/train/pairs.jsonl"     # 52 labelled pairs
if ! command -v script >/dev/null; then
	echo "ok - progress # SKIP no script(1)"
	exit 0
fi
cd "$TMP" || exit 1

# on_tty NAME CMD: runs the shell command CMD with stdin, stdout and stderr
# on a pseudo-terminal; what the terminal showed goes to $TMP/tty.
on_tty() {
	name=$1
	script -qec "$2" /dev/null </dev/null >"$TMP/tty" 2>&1
	status=$?
	if [ "$status" -le 1 ]; then echo "ok - $name"; else
		echo "not ok - $name (exit $status)"; head -c 600 "$TMP/tty" | sed 's/^/#   /'; fi
}

# shows NAME ERE: the terminal showed a redrawn progress line matching ERE.
shows() {
	if grep -Eq -- "$2" "$TMP/tty" && grep -q "$(printf '\r')" "$TMP/tty"; then echo "ok - $1"; else
		echo "not ok - $1 (no /$2/)"; head -c 600 "$TMP/tty" | tr '\r' '|' | sed 's/^/#   /'; fi
}

# silent NAME FILE: FILE holds no progress line.
silent() {
	if grep -Eq -- '(pairs|mutants|requests) [0-9]+(/[0-9]+)? ' "$1" || grep -q "$(printf '\033')" "$1"; then
		echo "not ok - $2"; head -c 300 "$1" | tr '\r' '|' | sed 's/^/#   /'
	else echo "ok - $2"; fi
}

S="'$SMART'"
# ---- batch classify --------------------------------------------------------------
on_tty classify_corpus_runs_on_a_terminal "$S classify --json --corpus '$PAIRS' > '$TMP/c.jsonl'"
shows classify_corpus_shows_done_of_total_rate_and_eta 'pairs [0-9]+/52 \([0-9]+%\)  [0-9.]+/s  ETA [0-9]+:[0-9][0-9]'
shows classify_corpus_progress_reaches_the_total 'pairs 52/52 \(100%\)'
shows classify_corpus_progress_is_redrawn_in_place "$(printf '\r\033')\\[K"
if [ "$(wc -l < "$TMP/c.jsonl")" -eq 52 ] && ! grep -q pairs "$TMP/c.jsonl"; then
	echo "ok - classify_progress_stays_off_stdout"; else echo "not ok - classify_progress_stays_off_stdout"; fi
on_tty classify_quiet_runs "$S classify --quiet --json --corpus '$PAIRS' > '$TMP/c.jsonl'"
silent "$TMP/tty" classify_quiet_draws_no_progress
on_tty classify_q_runs "$S classify -q --json --corpus '$PAIRS' > '$TMP/c.jsonl'"
silent "$TMP/tty" classify_q_draws_no_progress
"$SMART" classify --json --corpus "$PAIRS" >"$TMP/c.jsonl" 2>"$TMP/c.err"
silent "$TMP/c.err" classify_draws_nothing_when_stderr_is_a_file
"$SMART" classify --json --corpus "$PAIRS" 2>&1 >/dev/null | cat >"$TMP/c.err"
silent "$TMP/c.err" classify_draws_nothing_when_stderr_is_a_pipe
on_tty classify_folders_runs "$S classify '$FIX/corpora/old' '$FIX/corpora/new' > '$TMP/f.txt'"
n=$({ (cd "$FIX/corpora/old" && find . -type f); (cd "$FIX/corpora/new" && find . -type f); } |
	sort -u | wc -l | tr -d ' ')
shows classify_folders_shows_done_of_the_folders_entries "pairs $n/$n \\(100%\\)  [0-9.]+/s  ETA"
on_tty classify_shard_runs "$S classify --json --shard 1/2 --corpus '$PAIRS' > '$TMP/s.shard'"
shows classify_shard_counts_without_a_total 'pairs [0-9]+  [0-9.]+/s  elapsed [0-9]+:[0-9][0-9]'
on_tty classify_rows_and_progress_share_a_terminal "$S classify --corpus '$PAIRS'"
esc=$(printf '\033')
rows=$(tr '\r' '\n' < "$TMP/tty" | sed "s/$esc\\[K//g" | grep -Ec '^(inspect|ignore) +[-0-9.]+  [^ ]+/[^ ]+(  severity [a-z]+)?$')
if [ "$rows" -eq 52 ]; then
	echo "ok - classify_rows_are_whole_beside_the_progress_line"; else
	echo "not ok - classify_rows_are_whole_beside_the_progress_line"; fi

# ---- train and eval --------------------------------------------------------------
on_tty train_runs_on_a_terminal "$S train --folds 0 -o '$TMP/m.json' '$PAIRS' > '$TMP/t.txt'"
shows train_shows_pairs_measured 'pairs 52/52 \(100%\)'
on_tty train_quiet_runs "$S train --quiet --folds 0 -o '$TMP/m.json' '$PAIRS' > '$TMP/t.txt'"
silent "$TMP/tty" train_quiet_draws_no_progress
"$SMART" train --folds 0 -o "$TMP/m.json" "$PAIRS" >/dev/null 2>"$TMP/t.err"
silent "$TMP/t.err" train_draws_nothing_when_stderr_is_a_file
on_tty eval_runs_on_a_terminal "$S eval --folds 2 '$PAIRS' > '$TMP/e.txt'"
shows eval_shows_pairs_measured 'pairs 52/52 \(100%\)'
on_tty eval_quiet_runs "$S eval -q --folds 2 '$PAIRS' > '$TMP/e.txt'"
silent "$TMP/tty" eval_quiet_draws_no_progress

# ---- perturb ---------------------------------------------------------------------
on_tty perturb_runs_on_a_terminal "$S perturb --in '$FIX/perturb/pages' -n 20 -o '$TMP/p.jsonl'"
shows perturb_shows_pairs_made_of_those_asked 'pairs 20/20 \(100%\)'
on_tty perturb_quiet_runs "$S perturb --quiet --in '$FIX/perturb/pages' -n 20 -o '$TMP/p.jsonl'"
silent "$TMP/tty" perturb_quiet_draws_no_progress
"$SMART" perturb --in "$FIX/perturb/pages" -n 20 -o "$TMP/p.jsonl" 2>"$TMP/p.err" >/dev/null
silent "$TMP/p.err" perturb_draws_nothing_when_stderr_is_a_file

# ---- mutate ----------------------------------------------------------------------
export TMPDIR="$TMP/scratch"
mkdir -p "$TMPDIR"
M="$S mutate --src '$FIX/mutate/c_app' --files '*.c' --build make --run 'sh run.sh' --outputs out --seed 3 --timeout 2 -n 3"
on_tty mutate_runs_on_a_terminal "$M -o '$TMP/m.jsonl'"
shows mutate_shows_mutants_done_and_what_they_did 'mutants 3/3 \(100%\)  [0-9.]+/s  ETA 0:00  built [0-9]+ killed [0-9]+ pairs [0-9]+'
on_tty mutate_quiet_runs "$M --quiet -o '$TMP/m.jsonl'"
silent "$TMP/tty" mutate_quiet_draws_no_progress

# ---- replay ----------------------------------------------------------------------
PID=""
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
mkdir -p "$TMP/state"
python3 "$ROOT/tests/replay/app.py" "$TMP/port" "$TMP/state" &
PID=$!
i=0
while [ ! -s "$TMP/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
R="$S replay '$FIX/replay/notes.har' --base-url http://127.0.0.1:$(cat "$TMP/port")"
on_tty replay_runs_on_a_terminal "$R -o '$TMP/r1'"
shows replay_shows_requests_done_of_total 'requests 5/5 \(100%\)'
on_tty replay_quiet_runs "$R --quiet -o '$TMP/r2'"
silent "$TMP/tty" replay_quiet_draws_no_progress
finish
