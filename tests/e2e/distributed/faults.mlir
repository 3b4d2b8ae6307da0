// Failures of a distributed program stop every process with a message and
// a non-zero exit, without hanging:
// - a process that fails a run-time check (here process 1, while the
//   others wait for it in the allreduce of the sum): it reports the check
//   and MPICH's mpiexec stops the others;
// - MPI that cannot start (no process manager to reach: MPICH's MPI_Init
//   fails and says why);
// - the wrong number of processes for a static grid: stats.mlir.
// REQUIRES: mpi
// RUN: imexc %s --emit=exe -o %t
// RUN: %mpiexec -n 1 %t | FileCheck %s --check-prefix=ONE
// ONE: [8]
// RUN: not timeout 120 %mpiexec -n 3 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=RANK --input-file=%t.err
// RANK: imexrt: run-time check failed: process 1 failed
// RUN: not env PMI_PORT=127.0.0.1:1 PMI_ID=0 timeout 120 %t > %t.init.out 2> %t.init.err
// RUN: FileCheck %s --check-prefix=INIT --input-file=%t.init.err
// INIT: MPI_Init
// INIT: failed

shard.grid @grid(shape = ?)

func.func private @printMemrefF32(memref<*xf32>)

// The sum of x; process 1 fails a check first.
func.func @sum(%x: tensor<8xf32>) -> tensor<f32> {
  %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %whole = shard.shard %x to %replicated : tensor<8xf32>
  %parts = shard.shard %whole to %rows annotate_for_users : tensor<8xf32>
  %process = shard.process_linear_index on @grid : index
  %c1 = arith.constant 1 : index
  %ok = arith.cmpi ne, %process, %c1 : index
  cf.assert %ok, "process 1 failed"
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%parts : tensor<8xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%a: f32, %acc: f32) {
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    }
  return %s : tensor<f32>
}

func.func @main() {
  %x = arith.constant dense<1.0> : tensor<8xf32>
  %s = call @sum(%x) : (tensor<8xf32>) -> tensor<f32>
  %m = bufferization.to_buffer %s : tensor<f32> to memref<f32>
  %u = memref.cast %m : memref<f32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
