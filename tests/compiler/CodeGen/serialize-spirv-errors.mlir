// serialize-spirv needs spirv.module @__spv__M for every gpu.module @M.
// RUN: imex-opt %s --serialize-spirv --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  // expected-error @below {{Unable to find corresponding SPIR-V module}}
  gpu.module @no_spirv {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// A SPIR-V module for another gpu.module does not count.
module attributes {gpu.container_module} {
  spirv.module @__spv__other Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  }
  // expected-error @below {{Unable to find corresponding SPIR-V module}}
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// Every gpu.module is checked, not only the first failing one.
module attributes {gpu.container_module} {
  // expected-error @below {{Unable to find corresponding SPIR-V module}}
  gpu.module @a {
  }
  // expected-error @below {{Unable to find corresponding SPIR-V module}}
  gpu.module @b {
  }
}
