#!/bin/sh
# A Slurm job array that classifies a suite's outputs on N nodes, and the job
# that merges them (docs/shards.md). Submit from the folder that holds
# expected/ and actual/ (a shared filesystem):
#
#   jobid=$(sbatch --parsable slurm-array.sh)
#   sbatch --dependency=afterok:$jobid slurm-array.sh merge
#
# In the image the repository's Containerfile builds (podman build -t
# registry.example.com/smart:latest -f Containerfile .), on a cluster with
# the pyxis plugin, give sbatch the image:
#
#   jobid=$(sbatch --parsable --container-image=registry.example.com/smart:latest slurm-array.sh)
#   sbatch --dependency=afterok:$jobid --container-image=registry.example.com/smart:latest slurm-array.sh merge
#
# Each array task gets SLURM_ARRAY_TASK_ID (1..N here, from --array=1-4) and
# SLURM_ARRAY_TASK_COUNT (N). tests/examples/test_ci_examples.sh runs this
# file locally with both set by hand.
#SBATCH --job-name=smart-classify
#SBATCH --array=1-4
#SBATCH --cpus-per-task=2
#SBATCH --time=00:30:00
#SBATCH --output=results/slurm-%A_%a.log
set -eu
SMART=${SMART:-smart}

if [ "${1:-}" = merge ]; then
	# merge exits as the unsharded classify: 0 all ignore, 1 some
	# inspect (in decisions.jsonl), 2 trouble; so does this job
	status=0
	"$SMART" merge -o decisions.jsonl results/shard-*/decisions.shard || status=$?
	[ "$status" -ge 2 ] || "$SMART" merge -o junit.xml results/shard-*/junit.shard || status=$?
	exit "$status"
fi

k=$SLURM_ARRAY_TASK_ID
n=$SLURM_ARRAY_TASK_COUNT
mkdir -p "results/shard-$k"
status=0
# --app: the application's name, the same on every node
"$SMART" classify --json --junit "results/shard-$k/junit.shard" --threads 2 --app suite \
	--shard "$k/$n" expected actual > "results/shard-$k/decisions.tmp" || status=$?
mv "results/shard-$k/decisions.tmp" "results/shard-$k/decisions.shard"
# 0: all ignore, 1: some inspect (the merge says which), 2: trouble
[ "$status" -le 1 ]
