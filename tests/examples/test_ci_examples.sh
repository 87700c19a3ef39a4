# The CI examples of examples/ci/ (docs/shards.md) run locally: the commands
# of each engine's shard step, with the index variable the engine would set
# (GitHub's matrix, Kubernetes' JOB_COMPLETION_INDEX, Slurm's
# SLURM_ARRAY_TASK_ID) set by hand, each shard in a folder of its own as on
# its own machine, then the merge step: its decisions and JUnit report must
# be byte for byte those of one unsharded run.
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CI="$ROOT/examples/ci"
N=4

# smart on PATH, as the examples call it
mkdir -p "$TMP/bin"
ln -s "$SMART" "$TMP/bin/smart"
PATH="$TMP/bin:$PATH"
export PATH

# The suite's outputs: expected/ and actual/, one folder per example pair.
mkdir -p "$TMP/suite/expected" "$TMP/suite/actual"
for d in "$ROOT"/examples/*/; do
	[ -f "$d/old.html" ] || continue
	name=$(basename "$d")
	mkdir -p "$TMP/suite/expected/$name" "$TMP/suite/actual/$name"
	cp "$d/old.html" "$TMP/suite/expected/$name/index.html"
	cp "$d/new.html" "$TMP/suite/actual/$name/index.html"
done
(cd "$TMP/suite" && smart classify --json --junit full.xml --app suite expected actual > full.jsonl)

# block FILE NAME: the lines between "# begin NAME" and "# end NAME", unindented.
block() {
	sed -n "/# begin $2\$/,/# end $2\$/p" "$1" | sed 's/^ *//'
}

# machine DIR: a fresh folder with the suite's outputs, as a new machine has.
machine() {
	rm -rf "$1"; mkdir -p "$1"
	cp -r "$TMP/suite/expected" "$TMP/suite/actual" "$1/"
}

# same_as_unsharded NAME DIR: DIR's merged outputs are the unsharded ones.
same_as_unsharded() {
	if [ -s "$2/decisions.jsonl" ] && cmp -s "$2/decisions.jsonl" "$TMP/suite/full.jsonl" &&
	   cmp -s "$2/junit.xml" "$TMP/suite/full.xml"; then
		echo "ok - $1"
	else
		echo "not ok - $1"
	fi
}

# ---- GitHub Actions: matrix.shard 1..N, an artifact per shard, a merge job
gh="$CI/github-actions.yml"
if python3 -c 'import yaml' 2>/dev/null; then
	if python3 -c 'import sys, yaml; w = yaml.safe_load(open(sys.argv[1])); assert w["jobs"]["classify"]["strategy"]["matrix"]["shard"] == [1, 2, 3, 4]; assert w["jobs"]["merge"]["needs"] == "classify"' "$gh"; then
		echo "ok - github_actions_example_is_yaml_with_a_matrix_and_a_merge_job"
	else
		echo "not ok - github_actions_example_is_yaml_with_a_matrix_and_a_merge_job"
	fi
fi
block "$gh" shard | sed -e 's/\${{ matrix.shard }}/$K/g' -e 's/\${{ strategy.job-total }}/$N_JOBS/g' > "$TMP/gh_shard.sh"
block "$gh" merge > "$TMP/gh_merge.sh"
block "$gh" verdict > "$TMP/gh_verdict.sh"
mkdir -p "$TMP/gh/merge/shards"
ok=1
for k in 1 2 3 4; do
	machine "$TMP/gh/job$k"
	(cd "$TMP/gh/job$k" && K=$k N_JOBS=$N sh -e "$TMP/gh_shard.sh") || ok=0
	cp -r "$TMP/gh/job$k/shard" "$TMP/gh/merge/shards/shard-$k" # the artifact
done
if [ "$ok" = 1 ] && [ -s "$TMP/gh_shard.sh" ]; then echo "ok - github_actions_shard_steps_run"; else
	echo "not ok - github_actions_shard_steps_run"; fi
(cd "$TMP/gh/merge" && sh -e "$TMP/gh_merge.sh")
same_as_unsharded github_actions_merge_job_gives_the_unsharded_report "$TMP/gh/merge"
(cd "$TMP/gh/merge" && sh "$TMP/gh_verdict.sh" > /dev/null)
status=$?
if grep -q '"inspect"' "$TMP/suite/full.jsonl" && [ "$status" -eq 1 ]; then
	echo "ok - github_actions_verdict_step_fails_on_inspect"
else
	echo "not ok - github_actions_verdict_step_fails_on_inspect (exit $status)"
fi

# ---- Kubernetes Indexed Job: JOB_COMPLETION_INDEX 0..N-1 on a shared volume
k8s="$CI/k8s-indexed-job.yaml"
if python3 -c 'import yaml' 2>/dev/null; then
	if python3 -c 'import sys, yaml; d = list(yaml.safe_load_all(open(sys.argv[1]))); s = d[0]["spec"]; assert s["completionMode"] == "Indexed" and s["completions"] == 4; assert "# begin shard" in s["template"]["spec"]["containers"][0]["args"][0]' "$k8s"; then
		echo "ok - k8s_example_is_an_indexed_job"
	else
		echo "not ok - k8s_example_is_an_indexed_job"
	fi
fi
block "$k8s" shard > "$TMP/k8s_shard.sh"
block "$k8s" merge > "$TMP/k8s_merge.sh"
machine "$TMP/k8s"   # the shared volume
ok=1
for i in 3 0 2 1; do # pods finish in any order
	(cd "$TMP/k8s" && JOB_COMPLETION_INDEX=$i SHARDS=$N sh -e "$TMP/k8s_shard.sh") || ok=0
done
if [ "$ok" = 1 ] && [ -s "$TMP/k8s/results/shard-4/decisions.shard" ]; then
	echo "ok - k8s_pods_run_shards_1_to_n"
else
	echo "not ok - k8s_pods_run_shards_1_to_n"
fi
(cd "$TMP/k8s" && sh -e "$TMP/k8s_merge.sh")
same_as_unsharded k8s_merge_job_gives_the_unsharded_report "$TMP/k8s"

# ---- Slurm array: SLURM_ARRAY_TASK_ID 1..N, then the dependent merge job
machine "$TMP/slurm"
ok=1
for k in 1 2 3 4; do
	(cd "$TMP/slurm" && SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=$N sh "$CI/slurm-array.sh") || ok=0
done
if [ "$ok" = 1 ]; then echo "ok - slurm_array_tasks_run"; else echo "not ok - slurm_array_tasks_run"; fi
(cd "$TMP/slurm" && sh "$CI/slurm-array.sh" merge)
status=$?
if [ "$status" -eq 1 ]; then echo "ok - slurm_merge_job_exits_1_when_a_pair_needs_a_look"; else
	echo "not ok - slurm_merge_job_exits_1_when_a_pair_needs_a_look (exit $status)"; fi
same_as_unsharded slurm_merge_job_gives_the_unsharded_report "$TMP/slurm"
rm -r "$TMP/slurm/results/shard-3"
expect_status slurm_merge_refuses_a_missing_task 2 sh -c "cd '$TMP/slurm' && sh '$CI/slurm-array.sh' merge"
expect_one_error_line slurm_merge_names_the_missing_shard 'shard 3/4 is missing'
finish
