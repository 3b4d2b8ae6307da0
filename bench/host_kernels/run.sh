#!/usr/bin/env bash
# Host-kernel benchmark: the linalg-on-tensors kernels in kernels/*.mlir
# compiled by `imexc -O3 --mcpu=native` (OpenMP, 1 and 2 threads) against
# hand-written C++ loops (clang++-22 -O3 -march=native, serial and OpenMP),
# the upstream MLIR chain (../../../shared/bench/upstream-chain, or
# $UPSTREAM_CHAIN), STREAM triad bandwidth and OpenBLAS, as ratios measured
# in one run of one program; then the compile time of each kernel, imexc vs
# the chain. Takes a few minutes on 2 cores.
#
#   bench/host_kernels/run.sh [build-dir [NAME]]   (default: build)
#
# NAME runs only the kernels whose name contains it (e.g. "matmul");
# BENCH_BUILD_ONLY=FILE copies the benchmark program to FILE instead of
# running it.
# Needs clang-22, libomp-22-dev and libopenblas-dev (scripts/install-deps.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
imexc=$build/bin/imexc
chain=${UPSTREAM_CHAIN:-$root/../shared/bench/upstream-chain/compile}
llvm=/usr/lib/llvm-22/bin
cxx=${CXX_BENCH:-clang++-22}
[ -x "$imexc" ] || { echo "run.sh: no $imexc (build first)" >&2; exit 1; }
[ -x "$chain" ] || { echo "run.sh: no upstream chain at $chain (set UPSTREAM_CHAIN)" >&2; chain=""; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Compile every kernel with both compilers, best of 3 wall times each (1 when
# only building); the objects of the last run are the ones benchmarked.
reps="1 2 3"
[ -z "${BENCH_BUILD_ONLY:-}" ] || reps=1
now() { date +%s.%N; }
# best_of ERR CMD...: runs CMD once per rep (stderr to ERR) and prints the
# best wall time in seconds, or "fail" as soon as a run fails.
best_of() {
  local err=$1 best=fail t t0 rep; shift
  for rep in $reps; do
    t0=$(now)
    "$@" 2> "$err" || { echo fail; return; }
    t=$(echo "$(now) - $t0" | bc)
    if [ "$best" = fail ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}
: > "$work/available.h"
: > "$work/imexc_kernels.h"
printf '%s\n' "kernel imexc_s chain_s" > "$work/compile.txt"
failures=""
for src in "$here"/kernels/*.mlir; do
  k=$(basename "$src" .mlir)
  tc=n/a
  ti=$(best_of "$work/$k.imexc.err" "$imexc" "$src" -O3 --mcpu=native \
       -o "$work/$k.imexc.o" --emit-header="$work/$k.h")
  if [ "$ti" = fail ]; then
    failures+="  imexc $src -O3 --mcpu=native:"$'\n'"$(sed 's/^/    /' "$work/$k.imexc.err")"$'\n'
  else
    echo "#define IMEXC_HAS_$k 1" >> "$work/available.h"
    echo "#include \"$k.h\"" >> "$work/imexc_kernels.h"
  fi
  if [ -n "$chain" ]; then
    tc=$(best_of "$work/$k.chain.err" "$chain" "$src" -o "$work/$k.chain.o")
    if [ "$tc" = fail ]; then
      failures+="  chain $src:"$'\n'"$(sed 's/^/    /' "$work/$k.chain.err" | head -5)"$'\n'
      rm -f "$work/$k.chain.o"
    else
      # Both objects define <k> and _mlir_ciface_<k>: give the chain's a prefix.
      args=()
      for sym in $("$llvm/llvm-nm" --defined-only --extern-only --format=just-symbols \
                   "$work/$k.chain.o"); do
        args+=(--redefine-sym "$sym=chain_$sym")
      done
      "$llvm/llvm-objcopy" "${args[@]}" "$work/$k.chain.o"
      echo "#define CHAIN_HAS_$k 1" >> "$work/available.h"
    fi
  fi
  echo "$k $ti $tc" >> "$work/compile.txt"
done

# The driver: the serial loops without OpenMP (only its simd pragmas), the
# OpenMP loops with LLVM's libomp, which the imexc objects run on as well
# (imexrt's link flags: libomp and the host support functions, memrefCopy).
flags=(-O3 -march=native -std=c++17)
"$cxx" "${flags[@]}" -fopenmp-simd -DREF_NS=ref_serial -c "$here/ref.cpp" -o "$work/ref_serial.o"
"$cxx" "${flags[@]}" -fopenmp -DREF_NS=ref_omp -c "$here/ref.cpp" -o "$work/ref_omp.o"
"$cxx" "${flags[@]}" -fopenmp -I"$work" -I"$here" -I/usr/include/x86_64-linux-gnu/openblas-pthread \
  -c "$here/bench.cpp" -o "$work/bench.o"
"$cxx" -fopenmp "$work"/bench.o "$work"/ref_serial.o "$work"/ref_omp.o "$work"/*.imexc.o \
  $(ls "$work"/*.chain.o 2>/dev/null) -o "$work/bench" \
  -L/usr/lib/x86_64-linux-gnu/openblas-pthread -lopenblas \
  $(PKG_CONFIG_PATH="$build/lib/pkgconfig" pkg-config --libs imexrt)

[ -n "${BENCH_BUILD_ONLY:-}" ] && { cp "$work/bench" "$BENCH_BUILD_ONLY"; exit 0; }
"$work/bench" "${@:2}"

echo
echo "Compile time per kernel file in seconds, best of 3 (ratio: imexc / chain):"
echo "  imexc kernels/K.mlir -O3 --mcpu=native -o K.o --emit-header=K.h"
echo "  upstream-chain/compile kernels/K.mlir -o K.o (mlir-opt | mlir-translate | llc -O3)"
awk 'NR == 1 { printf "%-16s %9s %9s %7s\n", "kernel", "imexc", "chain", "ratio"; next }
     function fmt(v) { return v ~ /^[0-9.]+$/ ? sprintf("%.3f", v) : v }
     { r = ($2 ~ /^[0-9.]+$/ && $3 ~ /^[0-9.]+$/) ? sprintf("%.2f", $2 / $3) : "n/a";
       printf "%-16s %9s %9s %7s\n", $1, fmt($2), fmt($3), r }' "$work/compile.txt"
if [ -n "$failures" ]; then
  echo
  echo "Compile failures:"
  printf '%s' "$failures"
fi
