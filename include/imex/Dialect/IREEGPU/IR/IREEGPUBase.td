//===- IREEGPUBase.td - IREE's GPU attributes, held as written -*- tablegen -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_DIALECT_IREEGPU_IR_IREEGPUBASE_TD
#define IMEX_DIALECT_IREEGPU_IR_IREEGPUBASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def IREEGPU_Dialect : Dialect {
  let name = "iree_gpu";
  let cppNamespace = "::imex::iree_gpu";
  let summary = "IREE's GPU attributes, held as written";
  let description = [{
    IREE's `iree_gpu` dialect describes GPU code generation: lowering
    configurations, MMA layouts, and the promotion that `iree_vector_ext`'s
    `to_layout` names in `shared_memory_conversion`. imexc does not
    interpret them. So that IREE's IR parses without
    `--allow-unregistered-dialect`, every `#iree_gpu.<name>...` attribute
    becomes a `VerbatimAttr` holding its text, printed back unchanged.
  }];
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

def IREEGPU_VerbatimAttr : AttrDef<IREEGPU_Dialect, "Verbatim"> {
  let summary = "An iree_gpu attribute, kept as its text";
  let description = [{
    `#iree_gpu.promote_with_cache_swizzle<#iree_gpu.derived_thread_config>`
    holds `promote_with_cache_swizzle<#iree_gpu.derived_thread_config>`.
  }];
  let attrName = "iree_gpu.verbatim";
  let parameters = (ins
    StringRefParameter<"the attribute's text after `#iree_gpu.`">:$text);
}

#endif // IMEX_DIALECT_IREEGPU_IR_IREEGPUBASE_TD
