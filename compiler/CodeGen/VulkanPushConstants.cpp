//===- VulkanPushConstants.cpp - scalar arguments as push constants -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A scalar in a storage buffer of its own costs a descriptor and, in every
// invocation, a buffer load; a push constant is written into the command
// buffer with the dispatch and read like a uniform.
//
//===----------------------------------------------------------------------===//

#include "VulkanPushConstants.h"

#include "imexrt/kernel_binary.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using imex::codegen::KernelArgKind;
using imex::codegen::KernelInfo;

namespace {

/// The offset of a push constant of `bytes` bytes placed after a block that
/// ends at `blockEnd`, which moves past it.
uint32_t placePushConstant(uint32_t &blockEnd, uint32_t bytes) {
  uint32_t offset = imexkbinPushConstantOffset(blockEnd, bytes);
  blockEnd = offset + bytes;
  return offset;
}

/// A push-constant argument's storage buffer variable and where it goes.
struct Member {
  spirv::GlobalVariableOp var;
  Type type;       ///< the scalar it holds
  uint32_t offset; ///< in the push-constant block
  SmallVector<spirv::AddressOfOp> addresses;
};

/// The scalar of a storage buffer variable holding struct{T}
/// (spirv-lower-abi-attrs' wrapper of a scalar argument), or null.
Type getWrappedScalar(spirv::GlobalVariableOp var) {
  auto pointer = dyn_cast<spirv::PointerType>(var.getType());
  if (!pointer ||
      pointer.getStorageClass() != spirv::StorageClass::StorageBuffer)
    return {};
  auto wrapper = dyn_cast<spirv::StructType>(pointer.getPointeeType());
  if (!wrapper || wrapper.getNumElements() != 1 ||
      !isa<spirv::ScalarType>(wrapper.getElementType(0)))
    return {};
  return wrapper.getElementType(0);
}

/// Checks that every use of the member's variable is a load of its scalar
/// (address, access chain to element 0, load).
LogicalResult checkOnlyLoaded(const Member &member) {
  for (spirv::AddressOfOp address : member.addresses)
    for (Operation *user : address->getUsers()) {
      auto chain = dyn_cast<spirv::AccessChainOp>(user);
      if (chain && chain.getIndices().size() == 1 &&
          matchPattern(chain.getIndices()[0], m_Zero()) &&
          llvm::all_of(chain->getUsers(), llvm::IsaPred<spirv::LoadOp>))
        continue;
      spirv::GlobalVariableOp var = member.var;
      return var.emitError()
             << "scalar argument '" << var.getSymName()
             << "' is used other than by loading it, so it cannot become a "
                "push constant";
    }
  return success();
}

/// Replaces the members' variables by one push-constant block variable.
void moveIntoBlock(spirv::FuncOp func, ArrayRef<Member> members,
                   spirv::ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  SmallVector<Type> types;
  SmallVector<spirv::StructType::OffsetInfo> offsets;
  for (const Member &member : members) {
    types.push_back(member.type);
    offsets.push_back(member.offset);
  }
  auto blockPointer =
      spirv::PointerType::get(spirv::StructType::get(types, offsets),
                              spirv::StorageClass::PushConstant);
  OpBuilder builder(ctx);
  auto block = spirv::GlobalVariableOp::create(
      builder, func.getLoc(), TypeAttr::get(blockPointer),
      builder.getStringAttr(func.getSymName() + "_push_constants"));
  // Beside the variables it replaces, renamed if the name is taken.
  SymbolTable(module).insert(block, Block::iterator(members.front().var));

  IRRewriter rewriter(ctx);
  auto i32 = IntegerType::get(ctx, 32);
  for (auto [index, member] : llvm::enumerate(members)) {
    auto memberPointer =
        spirv::PointerType::get(member.type, spirv::StorageClass::PushConstant);
    for (spirv::AddressOfOp address : member.addresses) {
      rewriter.setInsertionPoint(address);
      Location loc = address.getLoc();
      Value blockAddress = spirv::AddressOfOp::create(rewriter, loc, block);
      Value memberIndex = spirv::ConstantOp::create(
          rewriter, loc, i32, rewriter.getI32IntegerAttr(index));
      for (Operation *chain : llvm::make_early_inc_range(address->getUsers()))
        rewriter.replaceOp(chain, spirv::AccessChainOp::create(
                                      rewriter, chain->getLoc(), memberPointer,
                                      blockAddress, ValueRange{memberIndex}));
      rewriter.eraseOp(address);
    }
  }

  // The entry point's interface lists the variables it uses (SPIR-V 1.4+).
  llvm::SmallPtrSet<Attribute, 8> moved;
  for (const Member &member : members)
    moved.insert(FlatSymbolRefAttr::get(
        spirv::GlobalVariableOp(member.var).getSymNameAttr()));
  for (auto entry : module.getOps<spirv::EntryPointOp>()) {
    if (entry.getFn() != func.getSymName())
      continue;
    SmallVector<Attribute> interface;
    for (Attribute var : entry.getInterface())
      if (!moved.contains(var))
        interface.push_back(var);
    if (interface.size() != entry.getInterface().size())
      interface.push_back(FlatSymbolRefAttr::get(block.getSymNameAttr()));
    entry.setInterfaceAttr(ArrayAttr::get(ctx, interface));
  }
  for (const Member &member : members)
    spirv::GlobalVariableOp(member.var).erase();
}

} // namespace

void imex::codegen::choosePushConstants(KernelInfo &kernel,
                                        ArrayRef<uint32_t> vulkanBytes) {
  uint32_t blockEnd = 0;
  for (auto [arg, bytes] : llvm::zip_equal(kernel.args, vulkanBytes)) {
    if (arg.kind != KernelArgKind::Scalar || (bytes != 4 && bytes != 8))
      continue;
    uint32_t end = blockEnd;
    placePushConstant(end, bytes);
    if (end > IMEXKBIN_PUSH_CONSTANT_BLOCK_BYTES)
      continue;
    arg = {KernelArgKind::PushConstant, bytes};
    blockEnd = end;
  }
}

LogicalResult imex::codegen::passPushConstants(spirv::ModuleOp module,
                                               ArrayRef<KernelInfo> kernels) {
  bool ok = true;
  for (const KernelInfo &kernel : kernels) {
    // Block offsets by argument position (binding).
    llvm::DenseMap<uint32_t, uint32_t> offsetOf;
    uint32_t blockEnd = 0;
    for (auto [position, arg] : llvm::enumerate(kernel.args)) {
      if (arg.kind == KernelArgKind::PushConstant)
        offsetOf[position] = placePushConstant(blockEnd, arg.bytes);
    }
    auto func = module.lookupSymbol<spirv::FuncOp>(kernel.name);
    if (offsetOf.empty() || !func)
      continue; // a missing entry point is reported by the caller

    // The push-constant arguments' variables, found in order of first use
    // and sorted by offset below (an argument without a variable would
    // need no member).
    llvm::MapVector<Operation *, Member> byVar;
    func.walk([&](spirv::AddressOfOp address) {
      auto var = module.lookupSymbol<spirv::GlobalVariableOp>(
          address.getVariableAttr());
      if (!var || var.getDescriptorSet() != 0u || !var.getBinding())
        return;
      auto found = offsetOf.find(*var.getBinding());
      if (found == offsetOf.end())
        return;
      Member &member = byVar[var];
      member.var = var;
      member.offset = found->second;
      member.addresses.push_back(address);
    });
    SmallVector<Member> members;
    for (auto &entry : byVar)
      members.push_back(std::move(entry.second));
    llvm::sort(members, [](const Member &a, const Member &b) {
      return a.offset < b.offset;
    });
    bool kernelOk = true;
    for (Member &member : members) {
      member.type = getWrappedScalar(member.var);
      uint32_t bytes =
          member.type ? member.type.getIntOrFloatBitWidth() / 8 : 0;
      uint32_t position = *member.var.getBinding();
      if (bytes != kernel.args[position].bytes) {
        member.var.emitError()
            << "argument " << position << " of kernel '" << kernel.name
            << "' is not a " << kernel.args[position].bytes
            << "-byte scalar in a storage buffer, so it cannot become a push "
               "constant";
        kernelOk = false;
      } else if (failed(checkOnlyLoaded(member))) {
        kernelOk = false;
      }
    }
    if (!kernelOk) {
      ok = false;
      continue;
    }
    if (!members.empty())
      moveIntoBlock(func, members, module);
  }
  return success(ok);
}
