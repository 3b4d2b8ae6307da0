//===- PromotableRegionOpInterface.td - Mem2Reg through regions -*- tablegen -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Lets an op with regions take part in memory slot promotion inside its
// regions: it says which definition of the slot's value enters each region
// and which one leaves the op. The slot and its uses are described by the
// upstream MemorySlotInterfaces (PromotableAllocationOpInterface,
// PromotableMemOpInterface, PromotableOpInterface).
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACE
#define IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACE

include "mlir/IR/OpBase.td"

def PromotableRegionOpInterface
    : OpInterface<"PromotableRegionOpInterface"> {
  let description = [{
    An op whose regions may contain uses of a memory slot that is defined
    outside of it, and which knows how the slot's value flows through its
    region control flow.

    The mem2reg pass walks the IR in dominance order carrying the *reaching
    definition* of a slot: the SSA value the slot holds at that point. When
    it meets an op with this interface whose regions use the slot, it calls
    `setupPromotion` with the definition reaching the op, promotes every
    region the op lists, and then asks `finalizePromotion` for the
    definition that holds after the op. Merge points between regions are
    resolved by the op itself (new results, iteration arguments, block
    arguments); only CFG merge points inside a region get block arguments
    from the pass.

    `hasValueStores` is always about the slot being promoted and is true
    when at least one of the op's promoted regions (transitively) stores to
    it. When it is false the op must forward the entry definition unchanged
    and `finalizePromotion` must return it.
  }];
  let cppNamespace = "::mlir";

  let methods = [
    InterfaceMethod<[{
        Returns whether `region`, a region of this op that (transitively)
        uses the slot, can be analysed for promotion. `hasValueStores` says
        whether the region stores to the slot. No IR mutation is allowed.
        A false answer blocks the promotion of the slot.
      }], "bool", "isRegionPromotable",
      (ins "const ::mlir::MemorySlot &":$slot,
           "::mlir::Region *":$region,
           "bool":$hasValueStores)
    >,
    InterfaceMethod<[{
        Called before the regions of the op are promoted. `reachingDef` is
        the value of the slot on entry to the op. Fills `regionsToProcess`
        with the definition at the entry of every promotable region.

        May mutate the op and its regions in place (e.g. add operands or
        block arguments) but must not delete ops or touch
        successor-bearing terminators.
      }], "void", "setupPromotion",
      (ins "const ::mlir::MemorySlot &":$slot,
           "::mlir::Value":$reachingDef,
           "bool":$hasValueStores,
           "::llvm::SmallMapVector<::mlir::Region *, ::mlir::Value, 2> &":
             $regionsToProcess)
    >,
    InterfaceMethod<[{
        Called after all relevant regions of the op were promoted. Returns
        the value of the slot right after the op.

        `entryReachingDef` is the value on entry to the op.
        `reachingAtBlockEnd` gives, for the blocks of the promoted regions,
        the value after their terminator; a block that is absent is dead or
        does not interact with the slot.

        May mutate the op and its regions through `builder` (positioned
        right after the op), but every existing block must stay valid and
        no block may be added to a non-empty region. The op may be replaced
        by a new one only if its regions are moved, not copied. Ops that
        affect the slot must keep their effect, and no control flow that
        changes reaching definitions may be introduced.
      }], "::mlir::Value", "finalizePromotion",
      (ins "const ::mlir::MemorySlot &":$slot,
           "::mlir::Value":$entryReachingDef,
           "bool":$hasValueStores,
           "::llvm::DenseMap<::mlir::Block *, ::mlir::Value> &":
             $reachingAtBlockEnd,
           "::mlir::OpBuilder &":$builder)
    >,
  ];
}

#endif // IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACE
