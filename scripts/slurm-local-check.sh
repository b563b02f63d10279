#!/usr/bin/env bash
# Runs scripts/slurm-array.sh for real on a single-node Slurm started here, then checks that the merged
# result equals the same run unsharded. Not part of CI (it needs root and Debian's slurm-wlm):
#
#   apt-get update && apt-get install -y slurm-wlm     # once
#   npm ci                                             # the checkout the jobs run from (builds dist/)
#   sudo scripts/slurm-local-check.sh                  # about a minute on 2 cores
#
# It starts slurmctld and slurmd with a minimal configuration in a temporary directory (one node with
# this machine's cores, no accounting, no cgroups, authentication off: nothing leaves this machine),
# submits the array of SHARDS shards and its dependent merge job exactly as a user would with sbatch,
# waits for the merge, runs the unsharded run, compares the Arrow files byte for byte and the run.json
# totals, then stops the daemons and removes the temporary directory.
set -euo pipefail

SHARDS=${SHARDS:-4}
# A small run: 60 chunks of 1,000 SEVN games, with decisions and per-game rows, so that every result
# file is compared.
RUN_ARGS=${RUN_ARGS:-"--game sevn --mode game --players stay-at:points=25 bust-cap:p=0.3 random --games 60000 --chunk-size 1000 --seed 2026 --decisions outcomes --per-game --quiet"}

cd "$(dirname "$0")/.."
[[ $(id -u) == 0 ]] || { echo "run as root (slurmd must start jobs as the submitting user)" >&2; exit 2; }
command -v slurmctld >/dev/null || { echo "install Slurm first: apt-get update && apt-get install -y slurm-wlm" >&2; exit 2; }
[[ -f dist/src/cli/main.js ]] || { echo "build first: npm ci" >&2; exit 2; }

WORK=$(mktemp -d /tmp/sevensim-slurm-XXXXXX)
RUN_DIR="$WORK/run"
mkdir -p "$WORK/spool" "$WORK/state" "$RUN_DIR"
HOST=$(hostname -s)
CPUS=$(nproc)
export SLURM_CONF="$WORK/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=sevensim-check
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=check Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF

stop() {
  for d in slurmd slurmctld; do
    [[ -f "$WORK/$d.pid" ]] && kill "$(cat "$WORK/$d.pid")" 2>/dev/null || true
  done
  sleep 1
  if [[ ${KEEP:-0} == 1 ]]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap stop EXIT

slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed)' && break
  sleep 1
done
sinfo

# The array and its merge, submitted as the script's header says (array size and paths overridden).
array=$(sbatch --parsable --array="1-$SHARDS" --cpus-per-task=1 --mem=0 --output="$RUN_DIR/slurm-%A_%a.log" \
  --export="ALL,RUN_DIR=$RUN_DIR,SEVENSIM_ARGS=$RUN_ARGS" scripts/slurm-array.sh)
echo "submitted array job $array ($SHARDS shards)"
for _ in $(seq 600); do
  [[ -f "$RUN_DIR/merged/run.json" ]] && ! squeue -h | grep -q . && break
  sleep 1
done
squeue
cat "$RUN_DIR"/slurm-*.log "$RUN_DIR/merge.log" 2>/dev/null || true
[[ -f "$RUN_DIR/merged/run.json" ]] || { echo "FAIL: no merged result (logs in $WORK; KEEP=1 keeps them)" >&2; exit 1; }

# The same run, unsharded, on this machine.
# shellcheck disable=SC2086
node dist/src/cli/main.js simulate $RUN_ARGS --out "$RUN_DIR/unsharded"
# Every Arrow file either run wrote, and the same set of files in both.
files=$(cd "$RUN_DIR/unsharded" && ls -- *.arrow)
[[ "$files" == "$(cd "$RUN_DIR/merged" && ls -- *.arrow)" ]] || { echo "FAIL: the merged and unsharded runs wrote different files" >&2; exit 1; }
for f in $files; do
  cmp "$RUN_DIR/merged/$f" "$RUN_DIR/unsharded/$f" || { echo "FAIL: merged $f differs from the unsharded run" >&2; exit 1; }
done
# The shard count is an argument: SHARDS is not exported, so process.env.SHARDS was undefined here and
# every run "failed" with "totals differ" although the totals were equal.
node -e '
  const [merged, unsharded, shards] = process.argv.slice(1);
  const [a, b] = [merged, unsharded].map((d) => JSON.parse(require("fs").readFileSync(d + "/run.json", "utf8")));
  console.log(`merged: ${a.mergedFrom.length} shards, complete ${a.complete}, ${a.totals[0].games} games per seat`);
  if (JSON.stringify(a.totals) !== JSON.stringify(b.totals)) { console.error("FAIL: run.json totals differ"); process.exit(1); }
  if (a.complete !== true) { console.error("FAIL: the merged run.json says the result is partial"); process.exit(1); }
  if (a.mergedFrom.length !== Number(shards)) { console.error(`FAIL: merged ${a.mergedFrom.length} shards, expected ${shards}`); process.exit(1); }
' "$RUN_DIR/merged" "$RUN_DIR/unsharded" "$SHARDS"
echo "OK: $SHARDS Slurm array shards merged equal the unsharded run ($(echo $files | tr '\n' ' ')byte for byte; run.json totals)"
