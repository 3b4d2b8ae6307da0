// RUN: imex-opt %s -split-input-file -verify-diagnostics

// Only the pretty form, which IREE prints, is accepted.
// expected-error @+1 {{expected an iree_gpu attribute of the form #iree_gpu.<name>...}}
func.func @verbose() attributes {a = #iree_gpu<"mma_layout<MFMA_F32_16x16x4_F32>">} {
  return
}
