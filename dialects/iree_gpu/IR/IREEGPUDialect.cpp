//===- IREEGPUDialect.cpp - IREE's GPU attributes, held as written --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/IREEGPU/IR/IREEGPU.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace imex::iree_gpu;

#include "imex/Dialect/IREEGPU/IR/IREEGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/IREEGPU/IR/IREEGPUAttrs.cpp.inc"

void IREEGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "imex/Dialect/IREEGPU/IR/IREEGPUAttrs.cpp.inc"
      >();
}

// The parser hands a dialect the whole text of an attribute (with any
// nested brackets) and moves past it afterwards, whatever the hook read:
// the text is all a VerbatimAttr needs.
Attribute IREEGPUDialect::parseAttribute(DialectAsmParser &parser,
                                         Type type) const {
  StringRef text = parser.getFullSymbolSpec();
  // The pretty form (#iree_gpu.name<...>) is the one IREE prints and the
  // one printed back.
  if (text.empty() || !(llvm::isAlpha(text.front()) || text.front() == '_')) {
    parser.emitError(parser.getNameLoc(),
                     "expected an iree_gpu attribute of the form "
                     "#iree_gpu.<name>...");
    return {};
  }
  // An alias (#name without a dialect's dot) would be printed back as a
  // name whose definition the text does not carry.
  for (size_t at = text.find('#'); at != StringRef::npos;
       at = text.find('#', at + 1)) {
    StringRef name = text.drop_front(at + 1).take_while(
        [](char c) { return llvm::isAlnum(c) || c == '_' || c == '.'; });
    if (!name.empty() && !name.contains('.') &&
        !text.drop_front(at + 1 + name.size()).starts_with("<")) {
      parser.emitError(parser.getNameLoc(), "uses the attribute alias #")
          << name << ", which an iree_gpu attribute cannot keep: write it out";
      return {};
    }
  }
  return VerbatimAttr::get(getContext(), text);
}

void IREEGPUDialect::printAttribute(Attribute attr,
                                    DialectAsmPrinter &printer) const {
  printer << cast<VerbatimAttr>(attr).getText();
}
