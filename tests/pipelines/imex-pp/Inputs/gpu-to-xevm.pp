// Kernels through upstream's XeVM target, in the form of IMEX's XeGPU
// pipelines: the gpu.module becomes a gpu.binary.
builtin.module(
    xevm-attach-target
    gpu.module(
        convert-gpu-to-llvm-spv{use-64bit-index=true}
        convert-xevm-to-llvm
        cse
    )
    convert-scf-to-cf
    expand-strided-metadata
    finalize-memref-to-llvm
    convert-cf-to-llvm
    convert-arith-to-llvm
    convert-index-to-llvm
    convert-func-to-llvm
    gpu-to-llvm
    reconcile-unrealized-casts
    gpu-module-to-binary)
