// RUN: imex-opt %s -split-input-file -verify-diagnostics

// Only the pretty form, which IREE prints, is accepted.
// expected-error @+1 {{expected an iree_gpu attribute of the form #iree_gpu.<name>...}}
func.func @verbose() attributes {a = #iree_gpu<"mma_layout<MFMA_F32_16x16x4_F32>">} {
  return
}

// -----

// An alias inside would be printed back without its definition.
#cfg = #iree_gpu.derived_thread_config
// expected-error @+1 {{uses the attribute alias #cfg, which an iree_gpu attribute cannot keep: write it out}}
func.func @alias() attributes {a = #iree_gpu.promote_with_cache_swizzle<#cfg>} {
  return
}
