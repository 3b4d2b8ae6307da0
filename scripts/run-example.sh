#!/usr/bin/env bash
# The main job, end to end: install dependencies, build imexc and its
# runtime, compile examples/saxpy/saxpy.mlir (a GPU-placed kernel) to an
# object with a C header, link it into the example's C++ program through
# the imexc CMake package, and run it on the best device found (a Level Zero
# GPU, else any Vulkan device: lavapipe on machines without a GPU).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
example_build=$build/examples/saxpy

"$root/scripts/install-deps.sh"
cmake -G Ninja -S "$root" -B "$build" >/dev/null
ninja -C "$build" imexc imexrt

cmake -G Ninja -S "$root/examples/saxpy" -B "$example_build" \
  -Dimexc_DIR="$build/lib/cmake/imexc" >/dev/null
cmake --build "$example_build"
MESA_SHADER_CACHE_DISABLE=true "$example_build/saxpy"
