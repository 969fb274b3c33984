#!/usr/bin/env bash
# make cluster-test: a real single-node Slurm cluster on this machine (munged,
# slurmctld, slurmd on localhost, configuration generated in a temporary folder), the
# koth set up to PIECES (default 3) made through it by the workflow with Snakemake's
# Slurm executor (workflow/profiles/slurm), byte for byte the files of one `hilltb
# gen` (tests/workflow/check_workflow.py). Every daemon is stopped at the end, on
# failure too. Needs root (slurmd launches the jobs) and the Debian packages munge,
# slurm-wlm (slurmctld, slurmd, client commands) and snakemake.
#
#   workflow/cluster-test.sh build/hilltb [PIECES]
set -euo pipefail

hilltb=$(realpath "${1:?usage: cluster-test.sh HILLTB [PIECES]}")
pieces=${2:-3}
repo=$(cd "$(dirname "$0")/.." && pwd)
for program in munged slurmctld slurmd sbatch snakemake; do
  command -v "$program" >/dev/null || { echo "cluster-test: $program is missing (make cluster-test installs it)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "cluster-test: needs root (slurmd runs the jobs as their user)" >&2; exit 1; }

work=$(mktemp -d /tmp/hilltb-cluster.XXXXXX)
pids=()
stop() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  if [ "$status" != 0 ]; then
    echo "cluster-test: FAILED; the daemons' logs:" >&2
    tail -n 20 "$work"/*.log >&2 || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT TERM

# Ports away from Slurm's defaults, so that a cluster this machine may belong to is untouched.
host=$(hostname -s)
cpus=$(nproc)
memory_mb=$(awk '/MemTotal/ { print int($2 / 1024) - 512 }' /proc/meminfo)
mkdir -p "$work/state" "$work/spool" "$work/munge"
chmod 700 "$work/munge"
cat >"$work/slurm.conf" <<CONF
ClusterName=hilltb-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory_mb State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
export USER=${USER:-$(id -un)}

mungekey --create --keyfile="$work/munge/munge.key"
munged --foreground --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/seed" --log-file="$work/munged.log" &
pids+=($!)
for _ in $(seq 50); do [ -S "$work/munge/munge.socket" ] && break; sleep 0.1; done
slurmctld -D -i >>"$work/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -N "$host" >>"$work/slurmd.log" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
  state=$(sinfo -h -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 1
done
[ "$state" = idle ] || { echo "cluster-test: the node is '$state', not idle, after 60 s" >&2; exit 1; }
echo "cluster-test: Slurm up ($(sinfo -h -o '%P %D %c %m %T'))"

start=$SECONDS
python3 "$repo/tests/workflow/check_workflow.py" "$hilltb" "$repo/workflow/Snakefile" "$work/run" koth "$pieces" \
  --profile "$repo/workflow/profiles/slurm"
echo "cluster-test: passed in $((SECONDS - start)) s (koth up to $pieces pieces through Slurm)"
