#!/usr/bin/env bash
# bench.slurm: a single-node Slurm cluster started for the test (munged, slurmctld and slurmd
# of Debian's munge and slurm-wlm, on localhost ports, state in a scratch directory, all
# stopped on exit) runs the script of `culprit bench --emit slurm --shards 4`: a job array of
# 4 shards and a merge job after them. The merged summary must equal a one-machine bench's.
# When the cluster cannot start here the test fails and says why; it never skips.
set -uo pipefail
culprit=$1
root=$2
. "$(dirname "$0")/testlib.sh"
die() { fail "$*"; finish; }
for p in munged mungekey slurmctld slurmd sbatch scontrol; do
  command -v "$p" >/dev/null || PATH=$PATH:/usr/sbin command -v "$p" >/dev/null ||
    die "$p not installed (Debian packages munge, slurm-wlm; scripts/install-deps.sh)"
done
export PATH=$PATH:/usr/sbin

# --- a cluster of one node --------------------------------------------------------------
c="$tmp/cluster"
mkdir -p "$c/munge" "$c/state" "$c/spool" "$c/log"
chmod 700 "$c/munge"
export SLURM_CONF="$c/slurm.conf"
stop_cluster() {
  scontrol shutdown >/dev/null 2>&1
  for f in slurmctld.pid slurmd.pid; do
    [ -f "$c/$f" ] && kill "$(cat "$c/$f")" 2>/dev/null
  done
  [ -f "$c/munge/munged.pid" ] && kill "$(cat "$c/munge/munged.pid")" 2>/dev/null
  sleep 0.5
  rm -rf "$tmp"
}
trap stop_cluster EXIT
logs() { for f in "$c"/log/*.log; do echo "--- $f"; tail -n 15 "$f"; done; }
# Two free ports on localhost, so that concurrent tests and machines with a Slurm of their own
# do not clash.
read -r ctld_port d_port < <(/usr/bin/python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
node=$(hostname -s)
user=$(id -un)
cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { print int($2 / 2048) }' /proc/meminfo)  # MiB: half of it
mungekey -c -k "$c/munge/munge.key" -b 1024 >/dev/null 2>&1 || die "mungekey cannot create a key"
munged -f --socket="$c/munge/sock" --key-file="$c/munge/munge.key" --pid-file="$c/munge/munged.pid" \
  --seed-file="$c/munge/seed" --log-file="$c/log/munged.log" 2>"$tmp/munged.err" ||
  die "munged does not start: $(cat "$tmp/munged.err")"
cat >"$SLURM_CONF" <<CONF
ClusterName=culpritci
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$c/munge/sock
CredType=cred/munge
StateSaveLocation=$c/state
SlurmdSpoolDir=$c/spool
SlurmctldPidFile=$c/slurmctld.pid
SlurmdPidFile=$c/slurmd.pid
SlurmctldLogFile=$c/log/slurmctld.log
SlurmdLogFile=$c/log/slurmd.log
# No cgroups in a container: track processes through /proc, bind no CPUs.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=ci Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -i >"$tmp/slurmctld.err" 2>&1 || die "slurmctld does not start: $(cat "$tmp/slurmctld.err") $(logs)"
slurmd >"$tmp/slurmd.err" 2>&1 || die "slurmd does not start: $(cat "$tmp/slurmd.err") $(logs)"
for _ in $(seq 100); do
  sinfo -h -o %t 2>/dev/null | grep -qx idle && break
  sleep 0.2
done
sinfo -h -o %t 2>/dev/null | grep -qx idle ||
  die "the node never became idle: $(sinfo 2>&1) $(logs)"

# --- the bench ----------------------------------------------------------------------------
small_manifest "$root" >"$tmp/manifest.json"
bench=("$culprit" bench "$tmp/manifest.json" --techniques ochiai,pf --max-failing 2)
"${bench[@]}" --jobs 2 --out "$tmp/full" >"$tmp/full.out" 2>"$tmp/full.err" ||
  fail "one-machine bench: exit status $?"
"${bench[@]}" --emit slurm --shards 4 --jobs 1 --mem-per-task 500 --time-per-task 20 \
  --out "$tmp/slurm" >"$tmp/slurm.sh" 2>"$tmp/emit.err" || fail "--emit slurm: exit status $?"
matches "$tmp/slurm.sh" '--array="\$array" --ntasks=1 --cpus-per-task=1 --mem=500M --time=20 '
matches "$tmp/slurm.sh" '--dependency=afterok:"\$shards" --kill-on-invalid-dep=yes'
bash "$tmp/slurm.sh" >"$tmp/submit.out" 2>"$tmp/submit.err" ||
  die "submitting: $(cat "$tmp/submit.err") $(logs)"
merge=$(sed -n 's/.*merge: job \([0-9]*\),.*/\1/p' "$tmp/submit.out")
[ -n "$merge" ] || die "no merge job id in: $(cat "$tmp/submit.out")"
state=
for _ in $(seq 1500); do  # at most 5 minutes
  state=$(scontrol show job "$merge" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  case "$state" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.2
done
[ "$state" = COMPLETED ] ||
  die "merge job $merge ended $state: $(squeue 2>&1; cat "$tmp"/slurm/shards/slurm-*.log "$tmp/slurm/merge.log" 2>/dev/null | tail -n 20) $(logs)"
for i in 1 2 3 4; do
  [ -s "$tmp/slurm/shards/$i/runs.jsonl" ] || fail "array task $i recorded no run"
  matches "$tmp/slurm/shards/slurm-$i.log" "^bench: [0-9]+ runs done now"
done
same_summary "$tmp/full" "$tmp/slurm"
matches "$tmp/slurm/summary.md" 'shards 1/4, 2/4, 3/4, 4/4'
finish
