//===- VectorExtOpInterfaces.td - IndexedVectorOpInterface ----------------===//

#ifndef IREE_VECTOR_EXT_OP_INTERFACES
#define IREE_VECTOR_EXT_OP_INTERFACES

include "mlir/IR/OpBase.td"

#endif // IREE_VECTOR_EXT_OP_INTERFACES
