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
# Each variant's objects become a shared library, which one driver
# (bench.cpp) loads. The GPU variants run in one process with device input
# arrays in gpuMemAlloc device memory (used in place: the kernels' time and
# the result's copy to the host) and take turns call by call, so that
# their ratios do not depend on when each ran on a shared machine. The host
# variant runs alone, and the gpu variant twice more: with host input
# arrays (each call copies them to the device: what a caller with host
# data pays), and with device arrays under IMEX_ENABLE_PROFILING, which
# times each launch from submission to completion: their sum per call (the
# best call) is the kernels' time alone ("kern ms"). It prints per kernel
# the times, the GPU's GB/s and GFLOP/s and fraction of the device's peak
# when known (from the kernels' time), and the ratios host/gpu and
# gpu-1/gpu (speedup over one-thread workgroups), tree/gpu (speedup of
# subgroup reductions over workgroup memory only), scalar/gpu (speedup of
# vector accesses) and vec4/gpu (speedup of 64-bit word loads), all with
# device arrays.
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
  local objs=""
  for k in $kernels; do
    "$imexc" "$root/bench/host_kernels/kernels/$k.mlir" "$@" \
      -o "$work/$name/$k.o" --emit-header="$work/$name/$k.h"
    objs+=" $work/$name/$k.o"
  done
  # The runtime symbols resolve against the driver's copy; OpenMP is the
  # host variant's own.
  c++ -shared $objs -o "$work/$name/kernels.so" -L/usr/lib/llvm-22/lib \
    -Wl,-rpath,/usr/lib/llvm-22/lib -lomp
}
build_variant host -O3 --mcpu=native
build_variant gpu --offload=gpu
build_variant gpu-1 --offload=gpu "--pipeline-options=workgroup-size=1 gpu-vectorize=false"
build_variant tree --offload=gpu --pipeline-options=gpu-subgroups=false
build_variant scalar --offload=gpu --pipeline-options=gpu-vectorize=false
build_variant vec4 --offload=gpu --pipeline-options=vulkan-int64-loads=false
# The driver declares the kernels from one variant's headers (they are the
# same in all) and carries the whole runtime, exported to the libraries.
for k in $kernels; do echo "#include \"$k.h\""; done > "$work/gpu/kernels.h"
c++ -std=c++17 -O2 -I"$work/gpu" "$here/bench.cpp" -o "$work/bench" -rdynamic \
  -Wl,--whole-archive "$build/lib/libimexrt.a" -Wl,--no-whole-archive $libs
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

# A wrong result is reported, not hidden: the run says which variant (exit
# status 1; 2: the driver could not load a variant).
run_bench() { # RUN-NAME ARRAYS VARIANT...
  local out=$1 arrays=$2; shift 2
  local specs=() status=0
  for v in "$@"; do specs+=("$v=$work/$v/kernels.so"); done
  OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)} "$work/bench" "$filter" "$arrays" \
    "${specs[@]}" > "$work/$out.txt" 2> "$work/$out.err" || status=$?
  [ $status = 0 ] || echo "$out ($arrays arrays): $([ $status = 1 ] && echo WRONG RESULTS || echo "FAILED ($status)"): $(grep -v '^imexrt: profile\|^bench-profile: ' "$work/$out.err" | tr '\n' ' ')"
}
# The host variant alone: its idle OpenMP threads spin for a while after
# each call, which would slow the GPU variants' next call.
run_bench host host host
run_bench gpu-host host gpu
run_bench device device gpu gpu-1 tree scalar vec4
# Kernels alone: every launch timed (see above), in a run of its own, as
# waiting for each launch slows the call down.
IMEX_ENABLE_PROFILING=1 run_bench gpu-profile device gpu
awk '
  /^bench-profile: / { k = $2; calls = $4; n = 0; next }
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
  function per(a, b) { return b > 0 ? a / b : 0 }
  FILENAME ~ /kernels[.]txt$/ { kern[$1] = $2; next }
  # Lines are "<variant> <kernel> <seconds> <bytes> <flops>"; the gpu
  # variant with host arrays is a run of its own.
  {
    run = FILENAME ~ /gpu-host[.]txt$/ ? "gpu-host" : $1
    t[run, $2] = $3; bytes[$2] = $4; flops[$2] = $5
    if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
  }
  END {
    printf "%-8s %9s %11s %11s %9s %11s %11s %11s %11s %9s %9s %8s %9s %10s %9s %11s %9s\n",
           "kernel", "host ms", "gpu ms", "gpu ms", "kern ms", "gpu-1 ms",
           "tree ms", "scalar ms", "vec4 ms", "GB/s", "GFLOP/s", "of peak",
           "host/gpu", "gpu-1/gpu", "tree/gpu", "scalar/gpu", "vec4/gpu"
    printf "%-8s %9s %11s %11s %9s %11s %11s %11s %11s\n", "", "", "host arrays",
           "dev arrays", "dev arrays", "dev arrays", "dev arrays", "dev arrays",
           "dev arrays"
    for (i = 1; i <= n; i++) {
      k = order[i]; h = t["host", k]; gh = t["gpu-host", k]; g = t["gpu", k]
      o = t["gpu-1", k]; w = t["tree", k]; sc = t["scalar", k]; v4 = t["vec4", k]
      # Rates from the kernels alone when the profile run gave them.
      kt = (k in kern) ? kern[k] : g
      frac = "-"
      if (k == "matmul" && peakF > 0) frac = sprintf("%.3f", per(flops[k], kt) / 1e9 / peakF)
      else if (k != "matmul" && peakB > 0) frac = sprintf("%.3f", per(bytes[k], kt) / 1e9 / peakB)
      printf "%-8s %9.3f %11.3f %11.3f %9.3f %11.3f %11.3f %11.3f %11.3f %9.1f %9.1f %8s %9.3f %10.2f %9.2f %11.2f %9.2f\n",
             k, h * 1e3, gh * 1e3, g * 1e3, kt * 1e3, o * 1e3, w * 1e3,
             sc * 1e3, v4 * 1e3, per(bytes[k], kt) / 1e9, per(flops[k], kt) / 1e9,
             frac, per(h, g), per(o, g), per(w, g), per(sc, g), per(v4, g)
    }
  }' "$work/host.txt" "$work/gpu-host.txt" "$work/device.txt" "$work/kernels.txt"
