//===- VectorExtLayoutOps.td - to_layout, to_simd, to_simt ----------------===//

#ifndef IREE_VECTOR_EXT_LAYOUT_OPS
#define IREE_VECTOR_EXT_LAYOUT_OPS

include "vector_ext/IR/VectorExtAttrs.td"

#endif // IREE_VECTOR_EXT_LAYOUT_OPS
