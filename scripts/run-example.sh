#!/usr/bin/env bash
# Installs dependencies, builds the tools and runs the main job on the
# bundled example: the array program is lowered to LLVM and run on the host,
# then the same program placed on the GPU is lowered to gpu.launch kernels.
# (The imexc object/link/run path replaces this as the driver lands.)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
example=$root/examples/ndarray_views.mlir
llvm=/usr/lib/llvm-22

"$root/scripts/install-deps.sh"
cmake -G Ninja -S "$root" -B "$build" >/dev/null
ninja -C "$build" imex-opt

echo "== host: $example"
"$build/bin/imex-opt" "$example" --host |
  "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$llvm/lib/libmlir_c_runner_utils.so,$llvm/lib/libmlir_runner_utils.so"

echo "== GPU placement: kernels and data movement"
sed -e 's/^#env = .*/#env = #ndarray.envs<#region.gpu_env<device = "XeGPU">>/' "$example" |
  "$build/bin/imex-opt" --ndarray --region |
  grep -E 'gpu\.(alloc|launch|memcpy|dealloc)'
