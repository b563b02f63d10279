#!/usr/bin/env bash
# Runs one sevensim simulation as a Slurm job array of N shards, then merges them in a dependent job.
# Use it on an HPC cluster when one machine is too slow for the run; on one machine, `--threads`
# already uses every core. Submit from a checkout built with `npm ci`, on storage every node sees:
#
#   sbatch scripts/slurm-array.sh            # submits the array and the merge
#
# Edit the run's arguments below; they must be identical for every shard.
#SBATCH --job-name=sevensim
#SBATCH --array=1-16
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=12:00:00
#SBATCH --output=results/slurm-%A_%a.log
set -euo pipefail

# The array's size is the number of shards (`sbatch --array=1-N` overrides the header).
SHARDS=${SLURM_ARRAY_TASK_COUNT:-16}
RUN_DIR=${RUN_DIR:-results/slurm-run}
ARGS=(--game sevn --mode game --players stay-at:points=25 bust-cap:p=0.3 stay-at-cards:cards=4 random
      --games 1000000000 --seed 2026 --quiet)
# SEVENSIM_ARGS replaces the arguments above (scripts/slurm-local-check.sh uses a small run).
if [[ -n "${SEVENSIM_ARGS:-}" ]]; then read -r -a ARGS <<<"$SEVENSIM_ARGS"; fi

if [[ -z "${SLURM_ARRAY_TASK_ID:-}" ]]; then
  echo "submit with sbatch" >&2
  exit 2
fi

# A shard that was preempted or timed out continues from its checkpoint instead of starting again.
SHARD_DIR="${RUN_DIR}/shard-${SLURM_ARRAY_TASK_ID}"
if [[ -f "${SHARD_DIR}/.checkpoint.json" ]]; then
  node dist/src/cli/main.js simulate --resume "${SHARD_DIR}" --threads "${SLURM_CPUS_PER_TASK:-2}" --quiet
else
  node dist/src/cli/main.js simulate "${ARGS[@]}" --threads "${SLURM_CPUS_PER_TASK:-2}" \
    --shard "${SLURM_ARRAY_TASK_ID}/${SHARDS}" --out "${SHARD_DIR}"
fi

# The first task submits the merge, to run once every task of the array has succeeded.
if [[ "${SLURM_ARRAY_TASK_ID}" == "1" ]]; then
  sbatch --dependency="afterok:${SLURM_ARRAY_JOB_ID}" --job-name=sevensim-merge --output="${RUN_DIR}/merge.log" \
    --wrap "node dist/src/cli/main.js merge ${RUN_DIR}/shard-* --out ${RUN_DIR}/merged --force"
fi
