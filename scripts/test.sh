#!/usr/bin/env bash
# Installs dependencies, builds imexc and runs the whole test suite (lit +
# GoogleTest through ctest). Prints the counts and exits non-zero on failure.
#   BUILD_DIR   build directory (default: build)
#   JOBS        parallel build jobs (default: number of cores)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
jobs=${JOBS:-$(nproc)}

"$root/scripts/install-deps.sh"

start=$(date +%s)
cmake -G Ninja -S "$root" -B "$build" >/dev/null
ninja -C "$build" -j "$jobs" all
echo "build: $(( $(date +%s) - start )) s"

export MESA_SHADER_CACHE_DISABLE=true
results=$build/test-results
rm -rf "$results" && mkdir -p "$results"
status=0
ctest --test-dir "$build" --output-on-failure -j "$jobs" \
  --output-junit "$results/ctest.xml" || status=$?
# lit runs as one ctest entry; rerun nothing, just read its per-test results.
python3 "$root/scripts/summarize-tests.py" "$results" || status=1
exit $status
