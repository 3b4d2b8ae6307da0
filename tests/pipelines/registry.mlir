// Every named pipeline is registered with imex-opt, built by the same C++
// builder as imexc's, and takes the pipeline options.
// RUN: imex-opt %s --ndarray | FileCheck %s --check-prefix=REGION
// RUN: imex-opt %s --region | FileCheck %s --check-prefix=REGION
// RUN: imex-opt %s --host | FileCheck %s --check-prefix=HOST
// RUN: imex-opt %s --host="opt-level=0 num-threads=2" | FileCheck %s --check-prefix=HOST
// RUN: imex-opt %s --host="opt-level=3 vector-bits=256 register-tile=4,16" \
// RUN:   | FileCheck %s --check-prefix=HOST
// RUN: not imex-opt %s --pass-pipeline="builtin.module(host{x=1})" 2>&1 | FileCheck %s --check-prefix=OPTS

// -O reaches the MLIR pipeline: tiling and vectorization from -O2 on only,
// with the vector width given or taken from the target.
// RUN: imexc --list-pipelines -O0 | FileCheck %s --check-prefix=O0
// RUN: imexc --list-pipelines -O2 --pipeline-options="vector-bits=128 num-threads=3" \
// RUN:   | FileCheck %s --check-prefix=O2
// RUN: imexc --list-pipelines -O3 --mcpu=skylake-avx512 --target-triple=x86_64-unknown-linux-gnu \
// RUN:   | FileCheck %s --check-prefix=AVX512
// RUN: imexc --list-pipelines -O3 --mcpu=skylake-avx512 --mattr=-avx512f --target-triple=x86_64-unknown-linux-gnu \
// RUN:   | FileCheck %s --check-prefix=AVX2
// RUN: imexc --list-pipelines -O3 --target-triple=x86_64-unknown-linux-gnu \
// RUN:   | FileCheck %s --check-prefix=GENERIC
// RUN: not imexc --list-pipelines --pipeline-options="vector-bits=wide" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPT

// REGION: func.func @empty()
// HOST: llvm.func @empty()
// OPTS: no such option x
// OPTS: failed to add `host` with options `x=1`

// O0: {{^}}host{{$}}
// O0-NOT: tile-and-vectorize-for-cpu
// O0: {{^}}vector-ext{{$}}
// O2: {{^}}host{{$}}
// O2-NEXT: lower array code
// O2-NEXT: tile-and-vectorize-for-cpu{{.*}}vector-bits=128
// O2-SAME: convert-scf-to-openmp{num-threads=3}
// O2-SAME: reassociate-fp-reductions=true
// AVX512: {{^}}host{{$}}
// AVX512: vector-bits=512
// AVX2: {{^}}host{{$}}
// AVX2: vector-bits=256
// GENERIC: {{^}}host{{$}}
// GENERIC: vector-bits=128
// BADOPT: imexc: error: invalid --pipeline-options 'vector-bits=wide'
func.func @empty() {
  return
}
