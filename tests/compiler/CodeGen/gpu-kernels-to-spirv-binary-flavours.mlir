// The `flavours` option, work-group sizes from launches, several kernels in
// one gpu.module, f16 and vector arguments, and where the pass does nothing.
// RUN: rm -rf %t && mkdir -p %t/ocl %t/vk %t/both
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary=flavours=opencl | imex-kbin-dump --extract-dir=%t/ocl | FileCheck %s --check-prefix=OCL
// RUN: spirv-val --target-env opencl2.0 %t/ocl/dyn.opencl.spv
// RUN: spirv-val --target-env opencl2.0 %t/ocl/pair.opencl.spv
// Float16 is an OpenCL extension capability spirv-val's OpenCL environments
// do not know; the module is validated with the core rules.
// RUN: spirv-val --target-env spv1.0 %t/ocl/half.opencl.spv
// RUN: spirv-dis %t/ocl/dyn.opencl.spv | FileCheck %s --check-prefix=OCL-DYN
// RUN: spirv-dis %t/ocl/half.opencl.spv | FileCheck %s --check-prefix=OCL-HALF
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary=flavours=vulkan --split-input-file --verify-diagnostics -o /dev/null
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary="flavours=vulkan,opencl,vulkan" --split-input-file --verify-diagnostics -o /dev/null
// The Vulkan flavour of the kernels that have a work-group size:
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary=flavours=vulkan --split-input-file --verify-diagnostics \
// RUN:   | imex-kbin-dump --extract-dir=%t/vk | FileCheck %s --check-prefix=VK
// RUN: spirv-val --target-env vulkan1.0 %t/vk/pair.vulkan.spv
// RUN: spirv-dis %t/vk/pair.vulkan.spv | FileCheck %s --check-prefix=VK-PAIR
// Option order does not matter, duplicates are ignored.
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary="flavours=vulkan,opencl,vulkan" --split-input-file --verify-diagnostics \
// RUN:   | imex-kbin-dump | FileCheck %s --check-prefix=BOTH
// An unknown flavour is rejected when the pipeline is parsed.
// RUN: not imex-opt %s --gpu-kernels-to-spirv-binary=flavours=cuda 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown SPIR-V flavour 'cuda' (expected 'opencl' or 'vulkan')

// OCL:      gpu.module @dyn: IMEXKBIN
// OCL-NEXT:   header: magic IMEXKBIN version 2 modules 1 kernels 1 reserved 0
// OCL-NEXT:   module record @24: flavour 1
// OCL:        kernel k(buffer:8, scalar:8)
// OCL:      gpu.module @pair: IMEXKBIN
// OCL-NEXT:   header: magic IMEXKBIN version 2 modules 1 kernels 2 reserved 0
// OCL:        kernel first(buffer:8, scalar:4)
// OCL-NEXT:   kernel second(buffer:8)
// OCL:      gpu.module @half: IMEXKBIN
// OCL:        kernel h(buffer:8, scalar:2, scalar:16, scalar:16, scalar:2)
// OCL:      gpu.module @helpers_only: no gpu.binary
// OCL-NOT:  gpu.module

// Without a known size there is no LocalSize; gpu.block_dim reads the
// WorkgroupSize built-in instead.
// OCL-DYN-NOT: LocalSize
// OCL-DYN: OpDecorate %{{.*}} BuiltIn WorkgroupSize
// OCL-DYN-NOT: LocalSize

// OCL-HALF: OpCapability Float16
// OCL-HALF: OpFunctionParameter %_ptr_CrossWorkgroup__arr_half_uint_8
// OCL-HALF-NEXT: OpFunctionParameter %half
// OCL-HALF-NEXT: OpFunctionParameter %v4float
// OCL-HALF-NEXT: OpFunctionParameter %v3float
// OCL-HALF-NEXT: OpFunctionParameter %v2uchar

// VK:      gpu.module @pair: IMEXKBIN
// VK-NEXT:   header: magic IMEXKBIN version 2 modules 1 kernels 2 reserved 0
// VK-NEXT:   module record @24: flavour 2
// VK:      gpu.module @helpers_only: no gpu.binary

// Block sizes come from gpux.launch_func (first) and gpu.launch_func (second).
// VK-PAIR-DAG: OpEntryPoint GLCompute %[[F:.*]] "first"
// VK-PAIR-DAG: OpEntryPoint GLCompute %[[S:.*]] "second"
// VK-PAIR-DAG: OpExecutionMode %[[F]] LocalSize 32 2 1
// VK-PAIR-DAG: OpExecutionMode %[[S]] LocalSize 16 1 1

// BOTH:      gpu.module @pair: IMEXKBIN
// BOTH-NEXT:   header: magic IMEXKBIN version 2 modules 2 kernels 2
// BOTH-NEXT:   module record @24: flavour 1
// BOTH-NEXT:   module record @48: flavour 2

// A kernel launched with a dynamic block size: fine for OpenCL only.
module attributes {gpu.container_module} {
  func.func @host(%buf: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @dyn::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%buf : memref<?xf32>, %n : index)
    return
  }
  gpu.module @dyn {
    // expected-error @below {{kernel 'k' in gpu.module @dyn has no constant work-group size, which the vulkan flavour needs}}
    gpu.func @k(%buf: memref<?xf32>, %n: index) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %base = arith.muli %b, %d : index
      %i = arith.addi %base, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %buf[%i] : memref<?xf32>
        %y = arith.addf %x, %x : f32
        memref.store %y, %buf[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// Two kernels in one gpu.module: one container, two kernel records. The
// sizes come from the launches: a gpux.launch_func and a gpu.launch_func.
module attributes {gpu.container_module} {
  func.func @host(%buf: memref<64xf32>, %s: f32) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %stream = "gpux.create_stream"() : () -> !gpux.StreamType
    "gpux.launch_func"(%stream, %c1, %c1, %c1, %c32, %c2, %c1, %buf, %s) <{kernel = @pair::@first, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 2>}> : (!gpux.StreamType, index, index, index, index, index, index, memref<64xf32>, f32) -> ()
    "gpux.launch_func"(%stream, %c2, %c1, %c1, %c32, %c2, %c1, %buf, %s) <{kernel = @pair::@first, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 2>}> : (!gpux.StreamType, index, index, index, index, index, index, memref<64xf32>, f32) -> ()
    gpu.launch_func @pair::@second blocks in (%c2, %c1, %c1) threads in (%c16, %c1, %c1) args(%buf : memref<64xf32>)
    return
  }
  gpu.module @pair {
    gpu.func @first(%buf: memref<64xf32>, %s: f32) kernel {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<64xf32>
      %y = arith.mulf %x, %s : f32
      memref.store %y, %buf[%t] : memref<64xf32>
      gpu.return
    }
    gpu.func @second(%buf: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<64xf32>
      %y = math.sqrt %x : f32
      memref.store %y, %buf[%t] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// f16 values and vector arguments (a 3-element vector takes the room of 4).
// Vulkan cannot take vector arguments.
module attributes {gpu.container_module} {
  gpu.module @half {
    // expected-error @below {{kernel 'h' argument #2 has type 'vector<4xf32>', which the vulkan flavour cannot pass (only memrefs and scalars)}}
    // expected-error @below {{kernel 'h' argument #3 has type 'vector<3xf32>', which the vulkan flavour cannot pass}}
    // expected-error @below {{kernel 'h' argument #4 has type 'vector<2xi8>', which the vulkan flavour cannot pass}}
    gpu.func @h(%buf: memref<8xf16>, %s: f16, %v: vector<4xf32>, %w: vector<3xf32>, %b: vector<2xi8>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<8xf16>
      %y = arith.mulf %x, %s : f16
      memref.store %y, %buf[%t] : memref<8xf16>
      gpu.return
    }
  }
}

// -----

// No kernels, no binary; a module without gpu.modules is left alone.
module attributes {gpu.container_module} {
  gpu.module @helpers_only {
    gpu.func @helper(%x: f32) -> f32 {
      gpu.return %x : f32
    }
  }
}
