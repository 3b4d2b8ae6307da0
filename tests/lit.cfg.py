# lit configuration for the imexc test suite.
import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "IMEXC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".nda"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.imex_obj_root, "tests")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit", "Inputs",
                   "corpus-mlir"]

# IMEXRT_VULKAN_DEVICE_MEMORY=unmapped runs the suite as on a discrete GPU.
llvm_config.with_system_environment(
    ["HOME", "INCLUDE", "LIB", "TMP", "TEMP", "IMEXRT_VULKAN_DEVICE_MEMORY"])
llvm_config.use_default_substitutions()

# Our tools first, then FileCheck/not/count from LLVM 22 (they are not on PATH
# under their plain names on Debian).
tool_dirs = [config.imex_tools_dir, config.llvm_tools_dir]
# `lit --param sanitize=address` (ctest e2e-asan) runs the end-to-end tests
# with AddressSanitizer in the generated code (imexc --sanitize=address)
# and AddressSanitizer and UBSan in the C++ drivers, which clang links.
sanitize = lit_config.params.get("sanitize")
imexc_args = []
if sanitize:
    if sanitize != "address":
        lit_config.fatal("--param sanitize: only 'address' is supported")
    imexc_args = ["--sanitize=address"]
    # Its own outputs: the plain run may be running at the same time.
    config.test_exec_root = os.path.join(config.imex_obj_root, "tests-asan")
    config.available_features.add("asan")
    # A huge allocation returns NULL as malloc does, so the programs' own
    # out-of-memory checks are what is tested.
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=0:abort_on_error=1:allocator_may_return_null=1")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    # MPICH's UCX patches mmap in memory, which crashes under ASan.
    config.environment["UCX_MEM_MMAP_HOOK_MODE"] = "none"
llvm_config.add_tool_substitutions(
    ["imex-opt", ToolSubst("imexc", extra_args=imexc_args), "imex-kbin-dump"],
    tool_dirs)
# The C++ compiler of test drivers (config.test_cxx, for lit.local.cfg
# files): under --param sanitize the clang that built imexc with ASan and
# UBSan, also where a RUN line says `c++` (a command word, not -std=c++17).
config.test_cxx = "c++"
if sanitize:
    config.test_cxx = ("%s -fsanitize=address,undefined "
                       "-fno-sanitize-recover=undefined" % config.imex_cxx_compiler)
    config.substitutions.append((r"(?<![\w=+-])c\+\+(?= )", config.test_cxx))
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.imex_tools_dir, append_path=True)

# Host programs lowered to the LLVM dialect run under mlir-runner with the
# upstream runner utilities (printMemref*, printF32, ...) and the OpenMP
# runtime their parallel loops call.
config.substitutions.append(
    ("%mlir_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))

# The build tree (pkg-config and CMake package files) and imexc's path for
# tests that drive external build systems.
config.substitutions.append(("%imex_obj_root", config.imex_obj_root))
# The system's Vulkan loader with shaderInt64 hidden (a device without
# 64-bit integers in shaders), for IMEXRT_VULKAN_LOADER.
config.substitutions.append(
    ("%vulkan_without_int64",
     os.path.join(config.imex_obj_root, "lib", "libimexrt_vulkan_without_int64.so")))
config.substitutions.append(
    ("%imexc_path", os.path.join(config.imex_tools_dir, "imexc")))

# IMEX's pipeline files (.pp) as --pass-pipeline text, as IMEX's runner
# reads them.
config.substitutions.append(
    ("%imex-pp-pipeline", "%s %s" % (sys.executable, os.path.join(
        config.imex_src_root, "tests", "tools", "imex-pp-pipeline.py"))))

# Shorthands for the ndarray execution tests: run a host program's @main
# (with the runtime's run-time check failure, imexrtCheckFailed, after the
# upstream utilities), and turn a program's host environment alias into a
# GPU one.
config.substitutions.append(
    ("%host-run",
     "mlir-runner -e main -entry-point-result=void -shared-libs=%s,%s,%s,%s"
     % (os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so"),
        os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so"),
        os.path.join(config.llvm_lib_dir, "libomp.so"),
        os.path.join(config.imex_obj_root, "lib", "libimexrt_runner.so"))))
config.substitutions.append(
    ("%gpu-env",
     "sed -e 's/^#env = .*/#env = #ndarray.envs<#region.gpu_env<device = \"XeGPU\">>/'"))

# GPU end-to-end runs need a Vulkan device (lavapipe on machines without a
# GPU, installed by scripts/install-deps.sh). Without one they are skipped,
# and lit says so here.
import shutil
import subprocess

config.environment["MESA_SHADER_CACHE_DISABLE"] = "true"
vulkaninfo = shutil.which("vulkaninfo")
has_vulkan = False
if vulkaninfo:
    probe = subprocess.run([vulkaninfo, "--summary"], capture_output=True,
                           text=True, env={**os.environ, "MESA_SHADER_CACHE_DISABLE": "true"})
    has_vulkan = probe.returncode == 0 and "deviceName" in probe.stdout
if has_vulkan and sanitize:
    lit_config.note("GPU end-to-end runs are skipped under --param sanitize (lavapipe under AddressSanitizer is too slow)")
elif has_vulkan:
    config.available_features.add("vulkan")
else:
    lit_config.warning("no Vulkan device found: GPU end-to-end runs are skipped")

# upstream's XeVM target serializes kernels through LLVM's SPIR-V backend,
# which an LLVM may be built without.
llc = os.path.join(config.llvm_tools_dir, "llc")
if os.path.exists(llc) and "spirv64" in subprocess.run(
        [llc, "--version"], capture_output=True, text=True).stdout:
    config.available_features.add("llvm-spirv-backend")

# Distributed programs run under MPICH's mpiexec (installed by
# scripts/install-deps.sh, which imexc links them with); without one they
# are skipped. Hydra starts any number of processes on one machine.
# (By its own name: where Open MPI is installed too, "mpiexec" may be
# Open MPI's.)
mpiexec = shutil.which("mpiexec.mpich") or shutil.which("mpiexec")
if mpiexec:
    config.available_features.add("mpi")
    config.substitutions.append(("%mpiexec", mpiexec))
else:
    lit_config.warning("no mpiexec: the distributed (MPI) end-to-end runs are skipped")

# Open MPI (the install script installs it next to MPICH):
# programs compiled with --mpi=openmpi run under its mpiexec, which
# starts more processes than cores only when told, and as root only when
# told twice.
mpiexec_openmpi = shutil.which("mpiexec.openmpi")
if mpiexec_openmpi and subprocess.run(["pkg-config", "--exists", "ompi"]).returncode == 0:
    config.available_features.add("openmpi")
    config.substitutions.append(
        ("%openmpi-exec",
         "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %s --oversubscribe"
         % mpiexec_openmpi))

# Differential tests against NumPy run the Python that has it (Debian's
# python3-numpy, installed by scripts/install-deps.sh); without one they are
# skipped.
numpy_python = None
for candidate in ["/usr/bin/python3", shutil.which("python3")]:
    if candidate and subprocess.run([candidate, "-c", "import numpy"],
                                    capture_output=True).returncode == 0:
        numpy_python = candidate
        break
if numpy_python:
    config.available_features.add("numpy")
    config.substitutions.append(("%numpy-python", numpy_python))
else:
    lit_config.warning("no Python with NumPy: the NumPy comparison tests are skipped")
