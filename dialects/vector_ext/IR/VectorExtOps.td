//===- VectorExtOps.td - transfer_gather/scatter, arg_compare, yield ------===//

#ifndef IREE_VECTOR_EXT_OPS
#define IREE_VECTOR_EXT_OPS

include "vector_ext/IR/VectorExtBase.td"
include "vector_ext/IR/VectorExtOpInterfaces.td"

#endif // IREE_VECTOR_EXT_OPS
