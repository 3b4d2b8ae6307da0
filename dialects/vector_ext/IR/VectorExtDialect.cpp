//===- VectorExtDialect.cpp - iree_vector_ext dialect registration --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/IR/VectorExt.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#include "imex/Dialect/VectorExt/IR/VectorExtDialect.cpp.inc"

namespace {
/// Layouts are long and usually shared by many ops, so the printer hoists
/// them into `#nested`, `#nested1`, ... aliases.
struct VectorExtOpAsmInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (!isa<NestedLayoutAttr>(attr))
      return AliasResult::NoAlias;
    os << "nested";
    return AliasResult::OverridableAlias;
  }
};
} // namespace

void IREEVectorExtDialect::initialize() {
  addInterfaces<VectorExtOpAsmInterface>();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "imex/Dialect/VectorExt/IR/VectorExtLayoutOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "imex/Dialect/VectorExt/IR/VectorExtOps.cpp.inc"
      >();
}
