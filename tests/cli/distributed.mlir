// A program with shard annotations takes the distributed pipeline, and its
// executable links MPI (MPICH unless --mpi says otherwise).
// RUN: imexc %s --emit=exe -o %t -### | FileCheck %s
// CHECK: pipeline: builtin.module(func.func(tosa-to-linalg-named{{.*}}),place-gpu-work-by-function,partition-sharded-functions,mark-read-only-runtime-arguments,isolate-updated-arrays,func.func(isolate-parallel-insert-sources),lower-shard-collectives,convert-shard-to-mpi,finish-shard-to-mpi{mpi=mpich},
// CHECK: link: {{.*}} -lomp {{.*}}-lmpich
// RUN: imexc %s -o %t.o --mpi=openmpi -### | FileCheck %s --check-prefix=OPENMPI
// OPENMPI: finish-shard-to-mpi{mpi=openmpi}
// RUN: not imexc %s -o %t.o --mpi=lam 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: imexc: error: invalid value 'lam' for --mpi (expected mpich, openmpi)
// RUN: imexc --list-pipelines | FileCheck %s --check-prefix=LIST
// LIST: distributed
// With GPU placement (--offload=gpu, GPU-placed tensors, .nda @gpu defs)
// a distributed program takes the distributed-gpu pipeline, which links MPI
// too.
// RUN: imexc %s --offload=gpu --emit=exe -o %t -### | FileCheck %s --check-prefix=GPU
// GPU: pipeline: builtin.module({{.*}}place-gpu-work-by-function,partition-sharded-functions,{{.*}}convert-region-parallel-loops-to-gpu
// GPU: link: {{.*}}-lmpich
// RUN: imexc %S/Inputs/gpu-distributed.nda -o %t.o -### | FileCheck %s --check-prefix=NDA
// NDA: pipeline: builtin.module({{.*}}place-gpu-work-by-function,partition-sharded-functions,{{.*}}gpu-kernels-to-spirv-binary
// LIST: distributed-gpu
// A program without shardings links no MPI:
// RUN: imexc %S/Inputs/main-i32.mlir --emit=exe -o %t -### | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: mpich

shard.grid @grid(shape = 2)
func.func @twice(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.add ins(%as, %as : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %rs = shard.shard %r to %s : tensor<8xf32>
  return %rs : tensor<8xf32>
}

func.func @main() {
  return
}
