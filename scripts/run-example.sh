#!/usr/bin/env bash
# Installs dependencies, builds the tools and runs the main job on the
# bundled example. Today that is imex-opt parsing, verifying and
# canonicalizing array IR; the imexc object/link/run path replaces it as the
# driver lands.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
cmake -G Ninja -S "$root" -B "$build" >/dev/null
ninja -C "$build" imex-opt
"$build/bin/imex-opt" "$root/examples/gpu_region.mlir" --canonicalize
