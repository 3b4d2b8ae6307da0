#!/usr/bin/env bash
# Host-path benchmark: imexc-compiled kernels (-O3, OpenMP) vs C++ loops
# (clang++-22 -O3), as ratios from one run. Pass the build directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/bin/imexc" "$here/kernels.mlir" -O3 --mcpu=native -o "$work/kernels.o" \
  --emit-header="$work/kernels.h"
clang++-22 -O3 -march=native -std=c++17 -I"$work" "$here/bench.cpp" \
  "$work/kernels.o" -o "$work/bench" \
  $(PKG_CONFIG_PATH="$build/lib/pkgconfig" pkg-config --libs imexrt)
for threads in 1 2; do
  echo "OMP_NUM_THREADS=$threads"
  OMP_NUM_THREADS=$threads "$work/bench"
done
