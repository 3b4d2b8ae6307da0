//===- VectorExtAttrInterfaces.td - VectorLayoutInterface -----------------===//

#ifndef IREE_VECTOR_EXT_ATTR_INTERFACES
#define IREE_VECTOR_EXT_ATTR_INTERFACES

include "mlir/IR/OpBase.td"

#endif // IREE_VECTOR_EXT_ATTR_INTERFACES
