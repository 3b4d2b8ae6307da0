#!/usr/bin/env bash
# GPU benchmark: the host benchmark kernels (triad, sum, rowsum, softmax,
# matmul from bench/host_kernels/kernels) compiled six ways and timed by
# one driver (bench.cpp), on whatever device the runtime picks (IMEXRT_BACKEND
# and IMEXRT_DEVICE choose; lavapipe on machines without a GPU):
#   host    imexc -O3 --mcpu=native (OpenMP threads)
#   gpu     imexc --offload=gpu (workgroups of 256 threads, tree reductions)
#   gpu-1   imexc --offload=gpu --pipeline-options='workgroup-size=1
#           gpu-vectorize=false': one thread per workgroup and one element
#           per thread, how GPU kernels were launched before (the mapping
#           issue 13 measures its speedups against)
#   tree    imexc --offload=gpu --pipeline-options=gpu-subgroups=false:
#           reductions combined in workgroup memory only, no subgroup
#           operations
#   scalar  imexc --offload=gpu --pipeline-options=gpu-vectorize=false:
#           one element per thread in elementwise kernels and per step in
#           workgroup reductions, no 16-byte vector loads and stores
#   vec4    imexc --offload=gpu --pipeline-options=vulkan-int64-loads=false:
#           Vulkan kernels read their input vectors as vectors of four
#           elements, not as 64-bit words (the same as gpu on Level Zero)
# The GPU variants run twice: with host input arrays (each call copies them
# to the device: what a caller with host data pays) and with device input
# arrays in gpuMemAlloc device memory (used in place: the kernels' time and
# the result's copy to the host). The gpu variant runs a third time with
# device arrays under IMEX_ENABLE_PROFILING, which times each launch from
# submission to completion: their sum per call (the best call) is the
# kernels' time alone ("kern ms"). It prints per kernel the times, the
# GPU's GB/s and GFLOP/s and fraction of the device's peak when known (from
# the kernels' time), and the ratios host/gpu and gpu-1/gpu (speedup over
# one-thread workgroups), tree/gpu (speedup of subgroup reductions over
# workgroup memory only), scalar/gpu (speedup of vector accesses) and
# vec4/gpu (speedup of 64-bit word loads), all with device arrays.
#
#   bench/gpu/run.sh [build-dir [NAME]]          (default: build)
#   PEAK_GBS=4800 PEAK_GFLOPS=67000 bench/gpu/run.sh   (peak of the device)
#   BENCH_MATMUL_N=1024 bench/gpu/run.sh   (matmul size; default 512, 4096
#                                           on a device with a known peak)
#   BENCH_SCALE=4 bench/gpu/run.sh   (rows or elements of the other kernels
#                                     times 4; default 1, 8 on a device with
#                                     a known peak)
#
# Known devices get their peak without the variables (see peak_of below).
# BENCH_BUILD_ONLY=1 stops after building (CI checks that it still builds).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
filter=${2:-}
imexc=$build/bin/imexc
[ -x "$imexc" ] || { echo "run.sh: no $imexc (build first)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
libs="$(PKG_CONFIG_PATH=$build/lib/pkgconfig pkg-config --cflags --libs imexrt) -L/usr/lib/llvm-22/lib -Wl,-rpath,/usr/lib/llvm-22/lib -lomp"
kernels="triad sum rowsum softmax matmul"

build_variant() { # NAME FLAGS...
  local name=$1; shift
  mkdir -p "$work/$name"
  : > "$work/$name/kernels.h"
  local objs=""
  for k in $kernels; do
    "$imexc" "$root/bench/host_kernels/kernels/$k.mlir" "$@" \
      -o "$work/$name/$k.o" --emit-header="$work/$name/$k.h"
    echo "#include \"$k.h\"" >> "$work/$name/kernels.h"
    objs+=" $work/$name/$k.o"
  done
  c++ -std=c++17 -O2 -I"$work/$name" "$here/bench.cpp" $objs -o "$work/$name/bench" $libs
}
build_variant host -O3 --mcpu=native
build_variant gpu --offload=gpu
build_variant gpu-1 --offload=gpu "--pipeline-options=workgroup-size=1 gpu-vectorize=false"
build_variant tree --offload=gpu --pipeline-options=gpu-subgroups=false
build_variant scalar --offload=gpu --pipeline-options=gpu-vectorize=false
build_variant vec4 --offload=gpu --pipeline-options=vulkan-int64-loads=false
[ -z "${BENCH_BUILD_ONLY:-}" ] || exit 0

# The device the GPU variants run on, and its peak if known.
cat > "$work/device.c" <<'C'
#include <imexrt/imexrt.h>
#include <stdio.h>
int main(void) {
  const char *backend = imexrtGetBackend();
  imexrtDeviceInfo info;
  for (int i = 0; backend && i < imexrtGetDeviceCount(); ++i)
    if (imexrtGetDeviceInfo(i, &info) == 0 &&
        __builtin_strcmp(info.backend, backend) == 0) {
      printf("%s: %s\n", backend, info.name);
      return 0;
    }
  printf("none\n");
  return 1;
}
C
c++ -x c++ "$work/device.c" -o "$work/device" $libs
device=$("$work/device" || true)
peak_of() { # DEVICE-NAME -> "GB/s GFLOP/s" (FP32, no tensor cores)
  case "$1" in
    *H200*) echo "4800 67000" ;;
    *H100*) echo "3350 67000" ;;
    *A100*) echo "1555 19500" ;;
    *"Max 1550"*) echo "3277 52000" ;;
    *) echo "" ;;
  esac
}
read -r peak_gbs peak_gflops <<< "${PEAK_GBS:+$PEAK_GBS ${PEAK_GFLOPS:-0}}"
[ -n "${peak_gbs:-}" ] || read -r peak_gbs peak_gflops <<< "$(peak_of "$device")"
# A device with a known peak is a real GPU: matmul at the 4096^3 of the
# target, the other kernels on arrays 8 times as large, 0.5-1.5 GB per
# triad call, so that launches cost little against the kernels
# (BENCH_MATMUL_N and BENCH_SCALE override; lavapipe keeps the small ones).
if [ -n "${peak_gflops:-}" ] && [ "${peak_gflops:-0}" != 0 ]; then
  export BENCH_MATMUL_N=${BENCH_MATMUL_N:-4096}
  export BENCH_SCALE=${BENCH_SCALE:-8}
fi

# A wrong result is reported, not hidden: the variant's line says so.
run_variant() { # VARIANT ARRAYS
  OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)} "$work/$1/bench" "$filter" "$2" \
    > "$work/$1-$2.txt" 2> "$work/$1-$2.err" ||
    echo "$1 ($2 arrays): WRONG RESULTS: $(tr '\n' ' ' < "$work/$1-$2.err")"
}
run_variant host host
run_variant gpu host
run_variant gpu device
run_variant gpu-1 device
run_variant tree device

run_variant scalar device
run_variant vec4 device
# Kernels alone: every launch timed (see above), in a run of its own, as
# waiting for each launch slows the call down.
IMEX_ENABLE_PROFILING=1 OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)} \
  "$work/gpu/bench" "$filter" device > /dev/null 2> "$work/gpu-profile.err" ||
  echo "gpu (profiled): WRONG RESULTS: $(grep -v '^imexrt: profile\|^bench: ' "$work/gpu-profile.err" | tr '\n' ' ')"
awk '
  /^bench: / { k = $2; calls = $4; n = 0; next }
  /^imexrt: profile kernel/ {
    for (f = 1; f < NF; f++) if ($f == "mean") ms = $(f + 1)
    launch[k, n++] = ms; count[k] = n; total[k] = calls
  }
  END {
    for (k in count) {
      per = count[k] / total[k]; best = -1
      for (c = 0; c < total[k]; c++) {
        s = 0
        for (i = 0; i < per; i++) s += launch[k, c * per + i]
        if (best < 0 || s < best) best = s
      }
      printf "%s %.6e\n", k, best / 1e3
    }
  }' "$work/gpu-profile.err" > "$work/kernels.txt"

echo "device: $device${peak_gbs:+ (peak $peak_gbs GB/s, $peak_gflops GFLOP/s)}"
awk -v peakB="${peak_gbs:-0}" -v peakF="${peak_gflops:-0}" '
  FNR == 1 { v++ }
  v == 8 { kern[$1] = $2; next }
  { t[v, $1] = $2; bytes[$1] = $3; flops[$1] = $4; if (v == 1) order[++n] = $1 }
  END {
    printf "%-8s %9s %11s %11s %9s %11s %11s %11s %11s %9s %9s %8s %9s %10s %9s %11s %9s\n",
           "kernel", "host ms", "gpu ms", "gpu ms", "kern ms", "gpu-1 ms",
           "tree ms", "scalar ms", "vec4 ms", "GB/s", "GFLOP/s", "of peak",
           "host/gpu", "gpu-1/gpu", "tree/gpu", "scalar/gpu", "vec4/gpu"
    printf "%-8s %9s %11s %11s %9s %11s %11s %11s %11s\n", "", "", "host arrays",
           "dev arrays", "dev arrays", "dev arrays", "dev arrays", "dev arrays",
           "dev arrays"
    for (i = 1; i <= n; i++) {
      k = order[i]; h = t[1, k]; gh = t[2, k]; g = t[3, k]; o = t[4, k]
      w = t[5, k]; sc = t[6, k]; v4 = t[7, k]
      # Rates from the kernels alone when the profile run gave them.
      kt = (k in kern) ? kern[k] : g
      frac = "-"
      if (k == "matmul" && peakF > 0) frac = sprintf("%.3f", flops[k] / kt / 1e9 / peakF)
      else if (k != "matmul" && peakB > 0) frac = sprintf("%.3f", bytes[k] / kt / 1e9 / peakB)
      printf "%-8s %9.3f %11.3f %11.3f %9.3f %11.3f %11.3f %11.3f %11.3f %9.1f %9.1f %8s %9.3f %10.2f %9.2f %11.2f %9.2f\n",
             k, h * 1e3, gh * 1e3, g * 1e3, kt * 1e3, o * 1e3, w * 1e3,
             sc * 1e3, v4 * 1e3, bytes[k] / kt / 1e9, flops[k] / kt / 1e9,
             frac, h / g, o / g, w / g, sc / g, v4 / g
    }
  }' "$work/host-host.txt" "$work/gpu-host.txt" "$work/gpu-device.txt" \
     "$work/gpu-1-device.txt" "$work/tree-device.txt" "$work/scalar-device.txt" \
     "$work/vec4-device.txt" "$work/kernels.txt"
