#!/usr/bin/env bash
# Installs the Debian 12 packages imexc needs to build and test. Idempotent:
# packages that are already present are skipped, so a second run is quick.
set -euo pipefail

packages=(
  # LLVM/MLIR 22 toolchain (compiler, libraries, tblgen, lit/FileCheck)
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22 libomp-22-dev
  clang-format-22
  # build tools; g++ provides the `c++`/`cc` that imexc --emit=exe and the
  # example builds link with, make builds the Makefile example
  cmake ninja-build ccache pkg-config g++ make
  # GoogleTest for the unit tests
  libgtest-dev
  # SPIR-V tooling and kernel runtimes (Level Zero loader, Vulkan + lavapipe)
  spirv-tools libze-dev libze1 libvulkan-dev mesa-vulkan-drivers vulkan-tools
  # leak checking of the runtime tests
  valgrind
  # libFuzzer/ASan runtimes for the .nda frontend fuzz target (tests/fuzz)
  libclang-rt-22-dev
  # cblas_sgemm/sgemv anchor of the host-kernel benchmark (bench/host_kernels)
  libopenblas-dev
  # MPI (MPICH): distributed programs and their tests; Open MPI too, which
  # --mpi=openmpi targets (tests/e2e/distributed/openmpi.mlir; the tests
  # and examples name MPICH's mpiexec.mpich, as plain mpiexec becomes Open
  # MPI's)
  mpich libmpich-dev libopenmpi-dev openmpi-bin
  # NumPy, which the .nda tests compare their output with
  python3-numpy
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
