#!/usr/bin/env bash
# Distributed benchmark: strong scaling from 1 to 2 MPI processes on this
# machine, against the same program on 1 process with 2 OpenMP threads, and
# against clang++ -O3 OpenMP hand loops with MPI (the anchor) in each
# configuration, all in one invocation. Prints times and ratios. Kernels:
# - two distributed sums (sumsq.mlir: of squares, bound by memory
#   bandwidth; of exp(x), bound by arithmetic; 2^25 floats by default);
# - 10 sweeps of a 1-D Jacobi stencil with halo exchanges (jacobi.mlir) on
#   2^18 floats (each process's part fits its L2 cache) and on 2^24 (bound
#   by memory bandwidth).
#
#   bench/distributed/run.sh [build-dir [N]]
#
# BENCH_BUILD_ONLY=1 stops after building (CI checks that it still builds).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
n=${2:-33554432}
imexc=$build/bin/imexc
[ -x "$imexc" ] || { echo "run.sh: no $imexc (build first)" >&2; exit 1; }
# MPICH's own launcher where Open MPI is installed too.
mpiexec=$(command -v mpiexec.mpich || command -v mpiexec) || { echo "run.sh: no mpiexec (install mpich)" >&2; exit 1; }
cxx=$(ls /usr/bin/clang++-22 2> /dev/null || echo clang++)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$imexc" "$here/sumsq.mlir" -O3 --mcpu=native -o "$work/sumsq.o" \
  --emit-header="$work/kernels.h"
"$cxx" -std=c++17 -O3 -march=native -fopenmp -Wno-pass-failed -I"$work" \
  $(pkg-config --cflags mpich) "$here/bench.cpp" "$work/sumsq.o" \
  -o "$work/bench" \
  $(PKG_CONFIG_PATH=$build/lib/pkgconfig pkg-config --libs imexrt) \
  $(pkg-config --libs mpich) -L/usr/lib/llvm-22/lib -Wl,-rpath,/usr/lib/llvm-22/lib
stencil_sizes="262144 16777216"
for size in $stencil_sizes; do
  for p in 1 2; do
    dir="$work/jacobi-$size-$p"
    mkdir -p "$dir"
    # The grid's size and the array's are static (halos need both).
    sed -e "s/shape = P)/shape = $p)/" -e "s/INTERIOR/$((size - 2))/g" \
      -e "s/Nxf32/${size}xf32/g" "$here/jacobi.mlir" > "$dir/jacobi.mlir"
    "$imexc" "$dir/jacobi.mlir" -O3 --mcpu=native -o "$dir/jacobi.o" \
      --emit-header="$dir/kernels.h"
    "$cxx" -std=c++17 -O3 -march=native -fopenmp -I"$dir" \
      $(pkg-config --cflags mpich) "$here/stencil.cpp" "$dir/jacobi.o" \
      -o "$dir/stencil" \
      $(PKG_CONFIG_PATH=$build/lib/pkgconfig pkg-config --libs imexrt) \
      $(pkg-config --libs mpich) -L/usr/lib/llvm-22/lib -Wl,-rpath,/usr/lib/llvm-22/lib
  done
done
[ -z "${BENCH_BUILD_ONLY:-}" ] || exit 0

run() { # PROCESSES THREADS
  # Idle OpenMP threads sleep instead of spinning on cores the other MPI
  # processes need (the usual setting for MPI + OpenMP programs).
  OMP_NUM_THREADS=$2 OMP_WAIT_POLICY=passive "$mpiexec" -n "$1" "$work/bench" "$n"
}
{
  run 1 1
  run 2 1
  run 1 2
} > "$work/times.txt"
# The kernels allocate their halo buffer on every call: glibc would map and
# unmap each large one (page faults on every sweep), so keep freed memory.
stencil() { # SIZE PROCESSES THREADS
  MALLOC_MMAP_MAX_=0 MALLOC_TRIM_THRESHOLD_=4294967296 OMP_NUM_THREADS=$3 \
    OMP_WAIT_POLICY=passive "$mpiexec" -n "$2" "$work/jacobi-$1-$2/stencil" "$1"
}
for size in $stencil_sizes; do
  stencil "$size" 1 1
  stencil "$size" 2 1
  stencil "$size" 1 2
done > "$work/stencil.txt"

# One table per kernel: its lines in the times, one per configuration.
report() { # KERNEL TITLE < TIMES
  grep "^$1 " | awk -v title="$2" '
  { p[NR] = $2; t[NR] = $3; imexc[NR] = $4; hand[NR] = $5 }
  END {
    print title
    printf "%-28s %10s %10s %18s\n", "configuration", "imexc ms", "hand ms",
           "imexc/hand (time)"
    for (i = 1; i <= NR; i++)
      printf "%2d process(es) x %d thread(s) %10.2f %10.2f %18.2f\n", p[i], t[i],
             imexc[i] * 1e3, hand[i] * 1e3, imexc[i] / hand[i]
    printf "speedup 1 -> 2 processes:   imexc %.2fx, hand loop %.2fx\n",
           imexc[1] / imexc[2], hand[1] / hand[2]
    printf "2 processes vs 1 process x 2 OpenMP threads: imexc %.2fx, hand loop %.2fx\n",
           imexc[3] / imexc[2], hand[3] / hand[2]
  }'
}

echo "$n floats, $(nproc) cores"
for kernel in sumsq sumexp; do
  report "$kernel" "$kernel:" < "$work/times.txt"
done
for size in $stencil_sizes; do
  report "jacobi-$size" "jacobi, $size floats, 10 sweeps:" < "$work/stencil.txt"
done
