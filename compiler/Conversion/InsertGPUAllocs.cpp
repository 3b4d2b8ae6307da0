//===- InsertGPUAllocs.cpp - device memory for buffers used on the GPU ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Default mode works in three steps:
//  1. collect the memrefs that code inside gpu.launch reads or writes and
//     trace each to its root (alloc, get_global, call result, argument);
//  2. for every root, gather how the host and the device access it through
//     all of its aliases;
//  3. give the root GPU memory: allocations turn into gpu.alloc (OpenCL),
//     everything else gets a fresh device buffer with copies in/out where
//     the accesses require them.
// Host accesses come in three kinds: in place (loads, stores, calls,
// copies of views), copies of whole blocks, and the return of the whole
// buffer. With device-copies, a root that the host reaches only the second
// and third ways gets device memory the host may be unable to map (a
// discrete GPU's), and its block copies become gpu.memcpy.
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/GPUX/IR/GPUX.h"
#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Dialect/Region/Transforms/Passes.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/XeGPU/IR/XeGPU.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"

namespace imex {
#define GEN_PASS_DEF_INSERTGPUALLOCS
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct AccessKinds {
  bool hostRead = false;
  bool hostWrite = false;
  bool deviceRead = false;
  bool deviceWrite = false;
  /// A kernel writes it through a view (subview, cast, ...): perhaps only
  /// part of it, so a device copy must start from what the host holds.
  bool deviceWritesView = false;
  /// The function returns the buffer itself, whole (step 3 hands back a
  /// host copy of allocations); a returned view or alias counts as a host
  /// read and write.
  bool returned = false;
  /// Host memref.copy ops from or into the buffer or an alias, each between
  /// identity layouts: one block, which gpu.memcpy can move. Other copies
  /// are host reads or writes.
  SmallVector<memref::CopyOp, 1> blockCopies;
  /// Decided in step 3: its GPU buffer is device memory, not host-shared,
  /// and its block copies become gpu.memcpy.
  bool deviceMemory = false;

  bool onHost() const {
    return hostRead || hostWrite || returned || !blockCopies.empty();
  }
  /// The host reads or writes the buffer other than through block copies
  /// and a return of the whole buffer.
  bool accessedInPlaceOnHost() const { return hostRead || hostWrite; }
  AccessKinds &operator|=(const AccessKinds &other) {
    hostRead |= other.hostRead;
    hostWrite |= other.hostWrite;
    returned |= other.returned;
    blockCopies.append(other.blockCopies);
    deviceRead |= other.deviceRead;
    deviceWrite |= other.deviceWrite;
    deviceWritesView |= other.deviceWritesView;
    return *this;
  }
};

bool hasIdentityLayout(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.getLayout().isIdentity();
}

/// True for code and values of a gpu.launch body: the memory they allocate
/// (workgroup and private memory) is the launch's own.
bool isInsideLaunch(Region *region) {
  return static_cast<bool>(region->getParentOfType<gpu::LaunchOp>());
}

/// Follows view-like ops (subview, cast, ...) back to the buffer they view.
Value traceToViewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>()) {
    if (view.getViewSource() == value)
      break;
    value = view.getViewSource();
  }
  return value;
}

/// True for the values that point into a memref without being one: XeGPU's
/// tensor descriptors.
bool isDescriptor(Value value) {
  return isa<xegpu::TensorDescType>(value.getType());
}

/// The memref a descriptor was made from (xegpu.create_nd_tdesc), through
/// the ops that move it (xegpu.update_nd_offset) and loop-carried block
/// arguments of scf.for-like ops; null if there is none.
Value descriptorSource(Value value) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto loop = dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
      OpOperand *init = loop ? loop.getTiedLoopInit(arg) : nullptr;
      if (!init)
        return {};
      value = init->get();
      continue;
    }
    Operation *producer = value.getDefiningOp();
    if (!producer)
      return {};
    Value moved;
    for (Value operand : producer->getOperands()) {
      if (isa<MemRefType>(operand.getType()))
        return operand;
      if (!moved && isDescriptor(operand))
        moved = operand;
    }
    if (!moved)
      return {};
    value = moved;
  }
}

/// Reports each memref that `op` reads or writes. Calls and ops with
/// unknown effects read and write all memref operands; other ops report
/// through their memory effects (ops with recursive effects report nothing
/// themselves: their nested ops are visited on their own), of which only
/// those on memory (the default resource) count. A barrier orders the
/// accesses of others and makes none. Fails if `op` accesses memory that
/// cannot be attributed to a memref.
LogicalResult
forEachMemrefAccess(Operation *op,
                    function_ref<void(Value, bool read, bool write)> record) {
  if (isa<gpu::BarrierOp>(op))
    return success();
  auto effectOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (isa<CallOpInterface>(op) ||
      (!effectOp && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())) {
    // Unranked too: a host call that prints a buffer reads it.
    for (Value operand : op->getOperands())
      if (isa<BaseMemRefType>(operand.getType()))
        record(operand, true, true);
    return success();
  }
  if (!effectOp)
    return success();
  SmallVector<MemoryEffects::EffectInstance> effects;
  effectOp.getEffects(effects);
  for (const MemoryEffects::EffectInstance &effect : effects) {
    bool read = isa<MemoryEffects::Read>(effect.getEffect());
    bool write = isa<MemoryEffects::Write>(effect.getEffect());
    if ((!read && !write) ||
        effect.getResource() != SideEffects::DefaultResource::get())
      continue;
    Value value = effect.getValue();
    if (!value) {
      // An effect of the op as a whole (xegpu.load_nd, store_nd): on the
      // memory its descriptor operands point into.
      bool attributed = false;
      for (Value operand : op->getOperands())
        if (Value source =
                isDescriptor(operand) ? descriptorSource(operand) : Value()) {
          record(source, read, write);
          attributed = true;
        }
      if (!attributed)
        return failure();
      continue;
    }
    if (!isa<MemRefType>(value.getType()))
      value = descriptorSource(value);
    if (!value)
      return failure();
    record(value, read, write);
  }
  return success();
}

struct InsertGPUAllocsPass
    : imex::impl::InsertGPUAllocsBase<InsertGPUAllocsPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(options, errorHandler)))
      return failure();
    if (clientAPI != "opencl" && clientAPI != "vulkan")
      return errorHandler("Invalid clientAPI: " + clientAPI);
    if (inRegions && clientAPI != "opencl")
      return errorHandler("in-regions=true requires client-api=opencl");
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || func.getBody().front().empty())
      return;
    if (!func.getBody().hasOneBlock()) {
      func.emitError("Function must have exactly one block");
      return signalPassFailure();
    }
    // A function offloaded as a whole (imexc.offload_device), or with
    // gpu.launch or gpu.launch_func ops of its own outside GPU regions
    // (written so, not made from regions), is placed as whole-program
    // offload places every function: its regions go first.
    bool offloaded = func->hasAttr(imex::kOffloadDeviceAttr) ||
                     hasLaunchOutsideGpuRegions(func);
    if (inRegions && !offloaded) {
      convertAllocsInGpuRegions(func);
      return copyHostMemoryUsedOnDevice(func);
    }
    if (inRegions) {
      RewritePatternSet dropRegions(&getContext());
      imex::region::populateDropRegionsPatterns(dropRegions);
      walkAndApplyPatterns(func, std::move(dropRegions));
    }
    if (failed(placeBuffersUsedOnDevice(func)))
      signalPassFailure();
  }

  bool isOpenCL() const { return clientAPI == "opencl"; }

  static bool hasLaunchOutsideGpuRegions(func::FuncOp func) {
    return func
        .walk([](Operation *op) {
          return isa<gpu::LaunchOp, gpu::LaunchFuncOp>(op) &&
                         !imex::region::isInGpuRegion(op)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  }

  /// in-regions mode: allocations whose nearest env_region is a GPU region.
  /// With device copies, those that the host neither touches in place nor
  /// receives (the function hands its results back as they are) get device
  /// memory.
  void convertAllocsInGpuRegions(func::FuncOp func) {
    IRRewriter rewriter(&getContext());
    llvm::SmallPtrSet<Operation *, 8> inDeviceMemory;
    Operation *culprit = nullptr;
    FailureOr<llvm::MapVector<Value, AccessKinds>> roots = failure();
    if (deviceCopies)
      roots = collectDeviceRoots(func, culprit);
    if (succeeded(roots)) {
      for (auto &[root, kinds] : *roots) {
        auto alloc = root.getDefiningOp<memref::AllocOp>();
        kinds.deviceMemory = alloc && imex::region::isInGpuRegion(alloc) &&
                             !kinds.returned && fitsDeviceMemory(root, kinds);
        if (kinds.deviceMemory)
          inDeviceMemory.insert(alloc);
      }
      moveBlockCopiesToDevice(rewriter, *roots);
    }
    func.walk([&](Operation *op) {
      // Allocations inside a launch are workgroup or private memory.
      if (!imex::region::isInGpuRegion(op) ||
          isInsideLaunch(op->getParentRegion()))
        return;
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto gpuAlloc = gpu::AllocOp::create(
            rewriter, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(),
            hostShared && !inDeviceMemory.contains(alloc));
        rewriter.replaceOp(alloc, gpuAlloc.getMemref());
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(rewriter, dealloc.getLoc(), Type(), ValueRange(),
                               dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      }
    });
  }

  /// The roots of the memrefs that code inside gpu.launch ops of `func`
  /// accesses (launch-local memory aside), each with how host and device
  /// access it through all its aliases; failure if a launch accesses memory
  /// that cannot be attributed to a memref (`culprit` set).
  static FailureOr<llvm::MapVector<Value, AccessKinds>>
  collectDeviceRoots(func::FuncOp func, Operation *&culprit) {
    llvm::MapVector<Value, AccessKinds> roots;
    WalkResult collected = func.walk([&](gpu::LaunchOp launch) {
      return launch.getBody().walk([&](Operation *op) {
        bool unranked = false;
        LogicalResult recorded =
            forEachMemrefAccess(op, [&](Value memref, bool read, bool write) {
              // Recorded here too: accesses through descriptors (XeGPU) are
              // not uses of the memref that step 2 would see.
              Value root = traceToViewRoot(memref);
              unranked |= !isa<MemRefType>(root.getType());
              AccessKinds &kinds = roots[root];
              kinds.deviceRead |= read;
              kinds.deviceWrite |= write;
              kinds.deviceWritesView |= write && memref != root;
            });
        if (succeeded(recorded) && !unranked)
          return WalkResult::advance();
        culprit = op;
        return WalkResult::interrupt();
      });
    });
    if (collected.wasInterrupted())
      return failure();
    // An outlined kernel may read and write every buffer it is passed.
    func.walk([&](gpu::LaunchFuncOp launch) {
      for (Value operand : launch.getKernelOperands())
        if (isa<MemRefType>(operand.getType())) {
          AccessKinds &kinds = roots[traceToViewRoot(operand)];
          kinds.deviceRead = kinds.deviceWrite = true;
        }
    });
    // Memory that a launch itself provides (workgroup and private memory)
    // already lives on the device.
    roots.remove_if([](std::pair<Value, AccessKinds> entry) {
      return isInsideLaunch(entry.first.getParentRegion());
    });
    BufferViewFlowAnalysis aliasing(func);
    for (auto &[root, kinds] : roots)
      for (Value alias : aliasing.resolve(root))
        for (OpOperand &use : alias.getUses())
          addAccess(use, alias, root, kinds);
    return roots;
  }

  /// in-regions mode: host memory that kernels use gets a device buffer,
  /// copied in and out as the accesses require: the arguments of exported
  /// functions, so callers may pass any memory (a host array, or a device
  /// one, which is then copied too), and globals (constants that an update
  /// stores). Functions whose launches access memory the analysis cannot
  /// follow are left alone.
  void copyHostMemoryUsedOnDevice(func::FuncOp func) {
    Operation *culprit = nullptr;
    FailureOr<llvm::MapVector<Value, AccessKinds>> roots =
        collectDeviceRoots(func, culprit);
    if (failed(roots))
      return;
    Operation *terminator = func.getBody().front().getTerminator();
    IRRewriter rewriter(&getContext());
    for (auto &[root, kinds] : *roots) {
      if (hasGpuAddressSpace(root))
        continue;
      auto global = root.getDefiningOp<memref::GetGlobalOp>();
      auto arg = dyn_cast<BlockArgument>(root);
      if (!global && (!func.isPublic() || !arg ||
                      arg.getOwner() != &func.getBody().front()))
        continue;
      kinds.deviceMemory = fitsDeviceMemory(root, kinds);
      AccessKinds forced = kinds;
      forced.hostRead = forced.hostWrite = true;
      if (global) {
        // At the function's entry, so that the copy dominates its release
        // (a store in a GPU region reads its global there).
        global->moveBefore(&func.getBody().front().front());
        rewriter.setInsertionPointAfterValue(root);
        copyToDeviceBuffer(rewriter, root, forced, terminator);
        continue;
      }
      rewriter.setInsertionPointToStart(arg.getOwner());
      copyArgumentToDeviceBuffer(rewriter, arg, forced, terminator,
                                 kinds.accessedInPlaceOnHost());
    }
    moveBlockCopiesToDevice(rewriter, *roots);
  }

  LogicalResult placeBuffersUsedOnDevice(func::FuncOp func) {
    // Steps 1 and 2: the roots of every memref accessed on the device, and
    // how host and device access each.
    Operation *culprit = nullptr;
    FailureOr<llvm::MapVector<Value, AccessKinds>> found =
        collectDeviceRoots(func, culprit);
    if (failed(found))
      return culprit->emitError("Unhandled mem op in gpu region");
    llvm::MapVector<Value, AccessKinds> &roots = *found;
    // A buffer chosen by a branch (scf.if after partitioning: one process
    // takes a reduction's init, the others a neutral one) or carried by a
    // loop (kernels on the previous iteration's buffer) is each of the
    // buffers it may be; the host fills them in turn, so they are shared
    // with it, and freed where the branch or loop result is.
    llvm::MapVector<Value, AccessKinds> expanded;
    llvm::SmallPtrSet<Value, 4> yielded;
    for (auto &[root, kinds] : roots) {
      SmallVector<Value> buffers;
      llvm::SmallPtrSet<Value, 8> visited;
      if (!isBuffer(root, func) &&
          succeeded(bufferSources(root, func, buffers, visited))) {
        AccessKinds shared = kinds;
        shared.hostRead = shared.hostWrite = true;
        // Written through the choice: perhaps only in part.
        shared.deviceWritesView |= shared.deviceWrite;
        for (Value buffer : buffers) {
          expanded[buffer] |= shared;
          yielded.insert(buffer);
        }
        continue;
      }
      expanded[root] |= kinds;
    }
    roots = std::move(expanded);
    for (auto &[root, kinds] : roots) {
      if (isBuffer(root, func))
        continue;
      return mlir::emitError(root.getLoc(), "Unhandled memref producer");
    }
    // A device copy (of all but allocations) has the root's offset and
    // strides.
    for (auto &[root, kinds] : roots)
      if (!root.getDefiningOp<memref::AllocOp>() &&
          !cast<MemRefType>(root.getType()).isStrided())
        return mlir::emitError(root.getLoc())
               << "a buffer used on the GPU must have a strided layout, not "
               << root.getType();

    // Step 3: device memory for each root.
    Operation *terminator = func.getBody().front().getTerminator();
    IRRewriter rewriter(&getContext());
    for (auto &[root, kinds] : roots) {
      if (hasGpuAddressSpace(root))
        continue;
      kinds.deviceMemory = fitsDeviceMemory(root, kinds);
      if (auto alloc = root.getDefiningOp<memref::AllocOp>()) {
        if (isOpenCL())
          replaceAllocWithGpuAlloc(
              rewriter, alloc, kinds, terminator,
              /*freedThroughBranch=*/yielded.contains(alloc.getResult()));
        continue;
      }
      // Arguments and globals may hold host data on entry and be read by
      // the host afterwards; a call result comes from the host and is read
      // on the device.
      AccessKinds forced = kinds;
      forced.hostRead = forced.hostWrite = true;
      if (auto arg = dyn_cast<BlockArgument>(root)) {
        rewriter.setInsertionPointToStart(arg.getOwner());
        copyArgumentToDeviceBuffer(rewriter, arg, forced, terminator,
                                   kinds.accessedInPlaceOnHost());
        continue;
      }
      if (!root.getDefiningOp<memref::GetGlobalOp>())
        forced.deviceRead = true;
      rewriter.setInsertionPointAfterValue(root);
      copyToDeviceBuffer(rewriter, root, forced, terminator);
    }
    moveBlockCopiesToDevice(rewriter, roots);
    return success();
  }

  /// With device copies, a buffer the host reaches only through block
  /// copies and as the function's whole result gets device memory.
  bool fitsDeviceMemory(Value root, const AccessKinds &kinds) const {
    return deviceCopies && isOpenCL() && !kinds.accessedInPlaceOnHost() &&
           hasIdentityLayout(root);
  }

  /// The host's block copies of buffers in device memory become gpu.memcpy,
  /// which reaches memory the host cannot map. A copy between two such
  /// buffers is listed by both.
  static void
  moveBlockCopiesToDevice(IRRewriter &rewriter,
                          const llvm::MapVector<Value, AccessKinds> &roots) {
    llvm::SetVector<memref::CopyOp> copies;
    for (const auto &entry : roots)
      if (entry.second.deviceMemory)
        copies.insert_range(entry.second.blockCopies);
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<gpu::MemcpyOp>(
          copy, /*asyncToken=*/Type(), /*asyncDependencies=*/ValueRange(),
          copy.getTarget(), copy.getSource());
    }
  }

  /// True for the buffers step 3 places itself: allocations, globals
  /// (moved to the entry), and the arguments and call results of the
  /// function's entry block (whose device copies are released at its end).
  static bool isBuffer(Value value, func::FuncOp func) {
    if (value.getDefiningOp<memref::AllocOp>() ||
        value.getDefiningOp<memref::GetGlobalOp>())
      return true;
    Block *entry = &func.getBody().front();
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner() == entry;
    Operation *def = value.getDefiningOp();
    return def && def->getBlock() == entry && isa<CallOpInterface>(def);
  }

  /// The buffers that `value` may be when it is no buffer of its own: what
  /// each branch of an scf.if yields for its result (or an arith.select
  /// chooses, as canonicalization makes of such an scf.if), and the init and
  /// the yielded value of a loop's carried block argument or result, traced
  /// through views, nested branches and loops down to buffers (isBuffer).
  /// Failure if one is anything else.
  static LogicalResult bufferSources(Value value, func::FuncOp func,
                                     SmallVectorImpl<Value> &buffers,
                                     SmallPtrSetImpl<Value> &visited) {
    value = traceToViewRoot(value);
    if (!visited.insert(value).second)
      return success(); // a loop's value carried unchanged
    if (isBuffer(value, func)) {
      buffers.push_back(value);
      return success();
    }
    SmallVector<Value, 2> sources;
    if (auto result = dyn_cast<OpResult>(value)) {
      Operation *owner = result.getOwner();
      unsigned index = result.getResultNumber();
      if (auto branch = dyn_cast<scf::IfOp>(owner)) {
        for (Region *region :
             {&branch.getThenRegion(), &branch.getElseRegion()}) {
          if (region->empty())
            return failure();
          sources.push_back(region->front().getTerminator()->getOperand(index));
        }
      } else if (auto select = dyn_cast<arith::SelectOp>(owner)) {
        sources.append({select.getTrueValue(), select.getFalseValue()});
      } else if (auto loop = dyn_cast<LoopLikeOpInterface>(owner)) {
        auto carried = loop.getRegionIterArgs();
        if (index >= carried.size())
          return failure();
        value = carried[index];
      } else {
        return failure();
      }
    }
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto loop = dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
      OpOperand *init = loop ? loop.getTiedLoopInit(arg) : nullptr;
      OpOperand *next = loop ? loop.getTiedLoopYieldedValue(arg) : nullptr;
      if (!init || !next)
        return failure();
      sources.append({init->get(), next->get()});
    }
    for (Value source : sources)
      if (failed(bufferSources(source, func, buffers, visited)))
        return failure();
    return success();
  }

  /// Adds the access that `use` (of `alias`) makes to `kinds`.
  static void addAccess(OpOperand &use, Value alias, Value root,
                        AccessKinds &kinds) {
    Operation *user = use.getOwner();
    bool onDevice =
        user->getParentOfType<gpu::LaunchOp>() || isa<gpu::LaunchFuncOp>(user);
    if (isa<func::ReturnOp>(user)) {
      if (alias == root && hasIdentityLayout(root))
        kinds.returned = true;
      else
        kinds.hostRead = kinds.hostWrite = true;
      return;
    }
    if (auto copy = dyn_cast<memref::CopyOp>(user); copy && !onDevice) {
      if (hasIdentityLayout(copy.getSource()) &&
          hasIdentityLayout(copy.getTarget())) {
        if (!llvm::is_contained(kinds.blockCopies, copy))
          kinds.blockCopies.push_back(copy);
        return;
      }
      bool isSource = copy.getSource() == alias;
      (isSource ? kinds.hostRead : kinds.hostWrite) = true;
      return;
    }
    if (isa<gpu::LaunchFuncOp>(user)) {
      kinds.deviceRead = kinds.deviceWrite = true;
      return;
    }
    LogicalResult attributed =
        forEachMemrefAccess(user, [&](Value memref, bool read, bool write) {
          if (memref != alias)
            return;
          if (onDevice) {
            kinds.deviceRead |= read;
            kinds.deviceWrite |= write;
          } else {
            kinds.hostRead |= read;
            kinds.hostWrite |= write;
          }
        });
    // An op whose effects name no operand (mpi.allreduce) may touch any of
    // them; inside launches, collectDeviceRoots reports it.
    if (failed(attributed) && !onDevice)
      kinds.hostRead = kinds.hostWrite = true;
  }

  static bool hasGpuAddressSpace(Value memref) {
    return isa_and_nonnull<gpu::AddressSpaceAttr>(
        cast<MemRefType>(memref.getType()).getMemorySpace());
  }

  /// `freedThroughBranch`: the allocation is yielded by a branch, whose
  /// result's owner frees it (deallocation frees GPU buffers too, through
  /// the runtime's generic free), so it gets no free on return.
  void replaceAllocWithGpuAlloc(IRRewriter &rewriter, memref::AllocOp alloc,
                                const AccessKinds &kinds, Operation *terminator,
                                bool freedThroughBranch) {
    Location loc = alloc.getLoc();
    bool shared = !kinds.deviceMemory && kinds.onHost();
    rewriter.setInsertionPoint(alloc);
    auto gpuAlloc = gpu::AllocOp::create(rewriter, loc, alloc.getType(), Type(),
                                         ValueRange(), alloc.getDynamicSizes(),
                                         alloc.getSymbolOperands(), shared);
    Value deviceBuffer = gpuAlloc.getMemref();

    // A returned buffer, or a view of it (an all_reduce's elements in its
    // raw bytes), outlives the function: hand back a host copy. Deallocation
    // keeps what the function returns, so the buffer is then freed here.
    bool copiedOnReturn = false;
    for (OpOperand &operand : terminator->getOpOperands()) {
      Value returned = operand.get();
      auto type = dyn_cast<MemRefType>(returned.getType());
      if (!type || traceToViewRoot(returned) != alloc.getResult())
        continue;
      rewriter.setInsertionPoint(terminator);
      SmallVector<Value> sizes(alloc.getDynamicSizes());
      if (returned != alloc.getResult()) {
        sizes.clear();
        for (int64_t d = 0; d < type.getRank(); ++d)
          if (type.isDynamicDim(d))
            sizes.push_back(memref::DimOp::create(rewriter, loc, returned, d));
      }
      auto hostCopy = memref::AllocOp::create(
          rewriter, loc,
          MemRefType::get(type.getShape(), type.getElementType()), sizes,
          ValueRange(), alloc.getAlignmentAttr());
      createCopy(rewriter, loc, returned, hostCopy);
      Value handedBack = hostCopy;
      if (!type.getLayout().isIdentity())
        handedBack = memref::CastOp::create(rewriter, loc, type, hostCopy);
      rewriter.modifyOpInPlace(terminator, [&] { operand.set(handedBack); });
      copiedOnReturn = true;
    }

    // Existing frees become GPU frees where they are (an allocation inside
    // a loop or branch is freed there); a buffer without any is freed on
    // return. Ownership-based deallocation frees the base buffer of the
    // allocation's metadata, under conditions of its own (not when the
    // function returns it): those frees stay, as the runtime's generic
    // free releases GPU buffers too.
    bool freed = llvm::any_of(alloc->getUsers(), [](Operation *user) {
      auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(user);
      return metadata && llvm::any_of(metadata.getBaseBuffer().getUsers(),
                                      llvm::IsaPred<memref::DeallocOp>);
    });
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers())) {
      if (!isa<memref::DeallocOp>(user))
        continue;
      rewriter.setInsertionPoint(user);
      rewriter.replaceOpWithNewOp<gpu::DeallocOp>(user, Type(), ValueRange(),
                                                  deviceBuffer);
      freed = true;
    }
    // An allocation in a branch or loop body that has no free of its own
    // leaves through the op's results, whose deallocation frees it (the
    // return would not see it).
    bool nested = alloc->getBlock() != terminator->getBlock();
    rewriter.replaceOp(alloc, deviceBuffer);
    if ((freed || freedThroughBranch || nested) && !copiedOnReturn)
      return;
    rewriter.setInsertionPoint(terminator);
    gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), deviceBuffer);
  }

  /// Creates a device buffer for `orig` at the current insertion point,
  /// redirects all other uses to it and copies in and out as needed.
  void copyToDeviceBuffer(IRRewriter &rewriter, Value orig,
                          const AccessKinds &kinds, Operation *terminator) {
    SmallPtrSet<Operation *, 8> readsOriginal;
    Value buffer = createDeviceCopy(rewriter, orig, kinds, readsOriginal);
    redirectUses(rewriter, orig, buffer, readsOriginal, terminator);
    rewriter.setInsertionPoint(releasePoint(orig, terminator));
    releaseDeviceCopy(rewriter, orig, buffer, kinds);
  }

  /// Where the device copy of `orig` is released: before the first op of
  /// the function's body after `orig` that frees it (ownership-based
  /// deallocation, ahead of the return), so that results copied back land
  /// in live memory; else at `terminator`.
  static Operation *releasePoint(Value orig, Operation *terminator) {
    Operation *def = orig.getDefiningOp();
    Block *body = terminator->getBlock();
    if (def && def->getBlock() != body)
      return terminator;
    auto begin = def ? std::next(def->getIterator()) : body->begin();
    for (Operation &op : llvm::make_range(begin, body->end())) {
      WalkResult found = op.walk([&](memref::DeallocOp dealloc) {
        Value freed = dealloc.getMemref();
        if (auto metadata =
                freed.getDefiningOp<memref::ExtractStridedMetadataOp>())
          freed = metadata.getSource();
        return freed == orig ? WalkResult::interrupt() : WalkResult::advance();
      });
      if (found.wasInterrupted())
        return &op;
    }
    return terminator;
  }

  /// As copyToDeviceBuffer, for a function argument that the caller may
  /// have allocated on the GPU already: only when the runtime says it did
  /// not is a device copy made (and copied back and freed on return).
  /// `hostInPlace`: the function's host code also touches the argument in
  /// place, so GPU memory the host cannot reach is copied too.
  void copyArgumentToDeviceBuffer(IRRewriter &rewriter, BlockArgument arg,
                                  const AccessKinds &kinds,
                                  Operation *terminator, bool hostInPlace) {
    if (!argumentsInPlace || !isOpenCL())
      return copyToDeviceBuffer(rewriter, arg, kinds, terminator);
    Location loc = arg.getLoc();
    SmallPtrSet<Operation *, 8> readsOriginal;
    // A discrete GPU's own memory is copied like host memory for host code
    // that touches the argument in place.
    auto onGpu = imex::gpux::IsGpuMemoryOp::create(
        rewriter, loc, rewriter.getI1Type(), arg, /*host_access=*/hostInPlace);
    readsOriginal.insert(onGpu);
    auto choice = scf::IfOp::create(rewriter, loc, arg.getType(), onGpu,
                                    /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&choice.getThenRegion().front());
    readsOriginal.insert(scf::YieldOp::create(rewriter, loc, Value(arg)));
    rewriter.setInsertionPointToStart(&choice.getElseRegion().front());
    Value copy = createDeviceCopy(rewriter, arg, kinds, readsOriginal);
    readsOriginal.insert(scf::YieldOp::create(rewriter, loc, copy));
    Value buffer = choice.getResult(0);
    redirectUses(rewriter, arg, buffer, readsOriginal, terminator);

    rewriter.setInsertionPoint(terminator);
    Value onHost = arith::XOrIOp::create(
        rewriter, loc, onGpu,
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
    auto release = scf::IfOp::create(rewriter, loc, onHost);
    rewriter.setInsertionPointToStart(&release.getThenRegion().front());
    releaseDeviceCopy(rewriter, arg, buffer, kinds);
  }

  /// A device buffer shaped like `orig`, filled from it when the device
  /// reads what the host wrote, of `orig`'s type. Ops that must keep
  /// reading `orig` (sizes, the copy) are added to `readsOriginal`.
  Value createDeviceCopy(IRRewriter &rewriter, Value orig,
                         const AccessKinds &kinds,
                         SmallPtrSetImpl<Operation *> &readsOriginal) {
    Location loc = orig.getLoc();
    auto origType = cast<MemRefType>(orig.getType());
    auto bufferType =
        MemRefType::get(origType.getShape(), origType.getElementType(),
                        MemRefLayoutAttrInterface(), origType.getMemorySpace());
    Value buffer;
    if (memref::CastOp::areCastCompatible(bufferType, origType)) {
      SmallVector<Value> dynamicSizes;
      for (int64_t dim = 0; dim < origType.getRank(); ++dim) {
        if (!origType.isDynamicDim(dim))
          continue;
        auto size = memref::DimOp::create(rewriter, loc, orig, dim);
        readsOriginal.insert(size);
        dynamicSizes.push_back(size);
      }
      buffer = allocate(rewriter, loc, bufferType, dynamicSizes,
                        /*hostAccess=*/!kinds.deviceMemory);
      if (bufferType != origType)
        buffer = memref::CastOp::create(rewriter, loc, origType, buffer);
    } else {
      buffer = createViewLike(rewriter, orig, readsOriginal);
    }
    // A kernel that writes part of it keeps the rest: copied in too (IMEX
    // copies in only what kernels read, and handed back garbage there).
    if (kinds.hostWrite && (kinds.deviceRead || kinds.deviceWritesView))
      readsOriginal.insert(createCopy(rewriter, loc, orig, buffer));
    return buffer;
  }

  /// For a layout an identity buffer cannot be cast to (a subview's static
  /// offset or strides): a flat device buffer as long as the layout
  /// reaches, viewed with `orig`'s offset, sizes and strides.
  Value createViewLike(IRRewriter &rewriter, Value orig,
                       SmallPtrSetImpl<Operation *> &readsOriginal) {
    Location loc = orig.getLoc();
    auto origType = cast<MemRefType>(orig.getType());
    auto layout = memref::ExtractStridedMetadataOp::create(rewriter, loc, orig);
    readsOriginal.insert(layout);
    Value extent =
        imex::buildLayoutExtent(rewriter, loc, layout.getOffset(),
                                layout.getSizes(), layout.getStrides());
    auto flatType =
        MemRefType::get({ShapedType::kDynamic}, origType.getElementType(),
                        MemRefLayoutAttrInterface(), origType.getMemorySpace());
    Value flat = allocate(rewriter, loc, flatType, extent, /*hostAccess=*/true);
    // Static parts as attributes, so that the view has `orig`'s type.
    SmallVector<int64_t> strides;
    int64_t offset;
    // Strided: placeBuffersUsedOnDevice checked.
    (void)origType.getStridesAndOffset(strides, offset);
    auto mixed = [&](int64_t known, Value value) -> OpFoldResult {
      if (ShapedType::isDynamic(known))
        return value;
      return rewriter.getIndexAttr(known);
    };
    SmallVector<OpFoldResult> sizeValues, strideValues;
    for (int64_t dim = 0; dim < origType.getRank(); ++dim) {
      sizeValues.push_back(
          mixed(origType.getDimSize(dim), layout.getSizes()[dim]));
      strideValues.push_back(mixed(strides[dim], layout.getStrides()[dim]));
    }
    return memref::ReinterpretCastOp::create(rewriter, loc, origType, flat,
                                             mixed(offset, layout.getOffset()),
                                             sizeValues, strideValues);
  }

  /// Device memory of `type` (for OpenCL host-shared, if `hostAccess` says
  /// the host touches it and the pass's option allows).
  Value allocate(IRRewriter &rewriter, Location loc, MemRefType type,
                 ValueRange dynamicSizes, bool hostAccess) {
    if (isOpenCL())
      return gpu::AllocOp::create(rewriter, loc, type, Type(), ValueRange(),
                                  dynamicSizes, ValueRange(),
                                  hostShared && hostAccess)
          .getMemref();
    return memref::AllocOp::create(rewriter, loc, type, dynamicSizes);
  }

  /// Copies `from` into `to`: gpu.memcpy with device copies where both are
  /// single blocks (identity layouts), memref.copy on the host otherwise.
  Operation *createCopy(IRRewriter &rewriter, Location loc, Value from,
                        Value to) {
    if (deviceCopies && isOpenCL() && hasIdentityLayout(from) &&
        hasIdentityLayout(to))
      return gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(),
                                   /*asyncDependencies=*/ValueRange(), to,
                                   from);
    return memref::CopyOp::create(rewriter, loc, from, to);
  }

  /// True for the ops with which deallocation frees `orig` itself: a
  /// dealloc, an aligned pointer (what ownership checks compare), and
  /// metadata whose base buffer (what is freed) is all that is used, and
  /// only for those.
  static bool freesOriginal(Operation *op) {
    if (isa<memref::DeallocOp, memref::ExtractAlignedPointerAsIndexOp>(op))
      return true;
    auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(op);
    return metadata &&
           llvm::all_of(metadata->getResults().drop_front(),
                        [](Value v) { return v.use_empty(); }) &&
           llvm::all_of(metadata.getBaseBuffer().getUsers(),
                        llvm::IsaPred<memref::DeallocOp,
                                      memref::ExtractAlignedPointerAsIndexOp>);
  }

  /// Every use of `orig` but the return (which hands back the caller's
  /// buffer), its deallocation (the device copy has its own release) and
  /// `readsOriginal` now works on `buffer`.
  static void redirectUses(IRRewriter &rewriter, Value orig, Value buffer,
                           const SmallPtrSetImpl<Operation *> &readsOriginal,
                           Operation *terminator) {
    rewriter.replaceUsesWithIf(orig, buffer, [&](OpOperand &use) {
      Operation *owner = use.getOwner();
      return owner != terminator && !readsOriginal.contains(owner) &&
             owner != buffer.getDefiningOp() && !freesOriginal(owner);
    });
  }

  /// At the insertion point: the device's results back into `orig` where
  /// the host reads them, and the device copy freed.
  void releaseDeviceCopy(IRRewriter &rewriter, Value orig, Value buffer,
                         const AccessKinds &kinds) {
    Location loc = orig.getLoc();
    if (kinds.hostRead && kinds.deviceWrite)
      createCopy(rewriter, loc, buffer, orig);
    if (isOpenCL())
      gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), buffer);
  }
};

} // namespace
