#!/usr/bin/env bash
# Installs what culprit needs to build and test, from Debian's packages. Idempotent: quiet and
# fast when everything is present.
set -euo pipefail
pkgs=(cmake make g++ gcc libclang-14-dev libclang-cpp14-dev llvm-14-dev libz3-dev libcadical-dev
      libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libfmt-dev jq
      patch python3-jsonschema chromium csmith libcsmith-dev clang-14 libclang-rt-14-dev
      parallel munge slurmctld slurmd slurm-client)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
