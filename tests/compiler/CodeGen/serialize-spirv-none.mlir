// serialize-spirv does nothing to a module without gpu.modules, and leaves a
// spirv.module that belongs to no gpu.module alone.
// RUN: imex-opt %s --serialize-spirv | FileCheck %s

// CHECK-LABEL: module
// CHECK-NEXT: spirv.module @standalone
// CHECK: func.func @host
// CHECK-NOT: gpu.binary
module {
  spirv.module @standalone Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  }
  func.func @host() {
    return
  }
}
