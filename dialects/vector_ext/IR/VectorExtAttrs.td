//===- VectorExtAttrs.td - #iree_vector_ext.nested_layout -----------------===//

#ifndef IREE_VECTOR_EXT_ATTRS
#define IREE_VECTOR_EXT_ATTRS

include "vector_ext/IR/VectorExtBase.td"
include "vector_ext/IR/VectorExtAttrInterfaces.td"

#endif // IREE_VECTOR_EXT_ATTRS
