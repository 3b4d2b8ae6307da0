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
//     call results move into such allocations, arguments and globals get
//     a device copy with copies in/out where the accesses require them;
//     returned buffers that are GPU memory are handed back as host copies.
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
  /// The host writes it with ops that declare the write (stores, copies
  /// into it). Calls and ops of unknown effects count as host writes
  /// (where the buffer must be), but copies of arguments are not copied
  /// back for them: the caller's memory may be read-only (a constant).
  bool hostStores = false;
  bool deviceRead = false;
  bool deviceWrite = false;
  /// A kernel writes it through a view (subview, cast, ...): perhaps only
  /// part of it, so a device copy must start from what the host holds.
  bool deviceWritesView = false;
  /// The function returns the buffer itself, whole, or a branch or loop's
  /// choice of it (step 3 hands back host copies of allocations and of
  /// choices that are GPU memory); a returned view counts as a host read
  /// and write.
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
  bool onDevice() const { return deviceRead || deviceWrite; }
  /// The function may read what the buffer holds on entry: a copy of it
  /// must start from it (a kernel that writes part of it keeps the rest).
  bool readsEntryValues() const {
    return deviceRead || deviceWritesView || hostRead || hostWrite ||
           !blockCopies.empty();
  }
  /// The function changes the buffer: a copy of it is copied back.
  bool mayWrite() const { return deviceWrite || hostStores; }
  AccessKinds &operator|=(const AccessKinds &other) {
    hostRead |= other.hostRead;
    hostWrite |= other.hostWrite;
    hostStores |= other.hostStores;
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

/// `type` with the identity layout: a buffer of its own of that shape.
MemRefType withIdentityLayout(MemRefType type) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         MemRefLayoutAttrInterface(), type.getMemorySpace());
}

/// True where a buffer of its own (identity layout) can be cast to `type`:
/// identity and dynamic strided layouts.
bool castableFromOwnBuffer(MemRefType type) {
  return memref::CastOp::areCastCompatible(withIdentityLayout(type), type);
}

/// The sizes of `memref`'s dynamic dimensions, read with memref.dim ops
/// (added to `readers` if given).
SmallVector<Value>
dynamicSizes(OpBuilder &builder, Location loc, Value memref,
             SmallPtrSetImpl<Operation *> *readers = nullptr) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!type.isDynamicDim(dim))
      continue;
    auto size = memref::DimOp::create(builder, loc, memref, dim);
    if (readers)
      readers->insert(size);
    sizes.push_back(size);
  }
  return sizes;
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
    if (deviceCopies) {
      BufferViewFlowAnalysis aliasing(func);
      roots = collectDeviceRoots(func, aliasing, culprit);
    }
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
  collectDeviceRoots(func::FuncOp func, BufferViewFlowAnalysis &aliasing,
                     Operation *&culprit) {
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
    for (auto &[root, kinds] : roots)
      addAliasAccesses(root, kinds, aliasing);
    return roots;
  }

  /// Adds the accesses to `root` through all its aliases to `kinds`.
  static void addAliasAccesses(Value root, AccessKinds &kinds,
                               BufferViewFlowAnalysis &aliasing) {
    for (Value alias : aliasing.resolve(root))
      for (OpOperand &use : alias.getUses())
        addAccess(use, alias, root, kinds);
  }

  /// in-regions mode: host memory that kernels use gets a device buffer,
  /// copied in and out as the accesses require: the arguments of exported
  /// functions, so callers may pass any memory (a host array, or a device
  /// one, which is then copied too), and globals (constants that an update
  /// stores). Functions whose launches access memory the analysis cannot
  /// follow are left alone.
  void copyHostMemoryUsedOnDevice(func::FuncOp func) {
    Operation *culprit = nullptr;
    BufferViewFlowAnalysis aliasing(func);
    FailureOr<llvm::MapVector<Value, AccessKinds>> roots =
        collectDeviceRoots(func, aliasing, culprit);
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
      if (global) {
        // At the function's entry, so that the copy dominates its release
        // (a store in a GPU region reads its global there).
        global->moveBefore(&func.getBody().front().front());
        rewriter.setInsertionPointAfterValue(root);
        copyToDeviceBuffer(rewriter, root, kinds, terminator);
        continue;
      }
      rewriter.setInsertionPointToStart(arg.getOwner());
      copyArgumentToDeviceBuffer(rewriter, arg, kinds, terminator);
    }
    moveBlockCopiesToDevice(rewriter, *roots);
  }

  LogicalResult placeBuffersUsedOnDevice(func::FuncOp func) {
    // Steps 1 and 2: the roots of every memref accessed on the device, and
    // how host and device access each.
    Operation *culprit = nullptr;
    BufferViewFlowAnalysis aliasing(func);
    FailureOr<llvm::MapVector<Value, AccessKinds>> found =
        collectDeviceRoots(func, aliasing, culprit);
    if (failed(found))
      return culprit->emitError("Unhandled mem op in gpu region");
    llvm::MapVector<Value, AccessKinds> &roots = *found;
    // A buffer chosen by a branch (scf.if after partitioning: one process
    // takes a reduction's init, the others a neutral one) or carried by a
    // loop (kernels on the previous iteration's buffer) is each of the
    // buffers it may be, accessed as the choice is and through its own
    // aliases (the choice among them), and freed where the branch or loop
    // result is.
    llvm::MapVector<Value, AccessKinds> expanded;
    llvm::SmallPtrSet<Value, 4> yielded;
    for (auto &[root, kinds] : roots) {
      if (isBuffer(root)) {
        expanded[root] |= kinds;
        continue;
      }
      SmallVector<Value> buffers;
      llvm::SmallPtrSet<Value, 8> visited;
      Value unplaceable;
      if (failed(bufferSources(root, buffers, visited, unplaceable))) {
        InFlightDiagnostic error =
            mlir::emitError(unplaceable.getLoc(), "Unhandled memref producer");
        if (unplaceable != root)
          error.attachNote(root.getLoc()) << "of a buffer used on the GPU";
        return error;
      }
      AccessKinds chosen = kinds;
      // Written through the choice: perhaps only in part.
      chosen.deviceWritesView |= chosen.deviceWrite;
      for (Value buffer : buffers) {
        expanded[buffer] |= chosen;
        yielded.insert(buffer);
      }
    }
    roots = std::move(expanded);
    for (Value buffer : yielded)
      addAliasAccesses(buffer, roots[buffer], aliasing);
    // With device copies, any argument may be memory the host cannot map
    // (device arrays are used in place). A function that runs kernels, and
    // so has a device to copy with, places the arguments its host code
    // touches too: those it reads or writes in place, and those it copies
    // whole (with gpu.memcpy).
    if (deviceCopies && isOpenCL() && argumentsInPlace && !roots.empty()) {
      for (BlockArgument arg : func.getArguments()) {
        auto type = dyn_cast<MemRefType>(arg.getType());
        if (!type || !type.isStrided() || roots.contains(arg))
          continue;
        AccessKinds kinds;
        addAliasAccesses(arg, kinds, aliasing);
        if (kinds.onHost())
          roots[arg] = kinds;
      }
    }
    // A device copy (of arguments and globals) has the root's offset and
    // strides; a call result moves into an allocation cast to its type.
    for (auto &[root, kinds] : roots) {
      auto type = cast<MemRefType>(root.getType());
      if (root.getDefiningOp<memref::AllocOp>())
        continue;
      if (root.getDefiningOp<CallOpInterface>()) {
        if (!castableFromOwnBuffer(type))
          return mlir::emitError(root.getLoc())
                 << "a call result used on the GPU must have an identity or "
                    "dynamic strided layout, not "
                 << type;
        continue;
      }
      if (!type.isStrided())
        return mlir::emitError(root.getLoc())
               << "a buffer used on the GPU must have a strided layout, not "
               << type;
    }

    // Step 3: device memory for each root.
    Operation *terminator = func.getBody().front().getTerminator();
    IRRewriter rewriter(&getContext());
    SmallVector<ChosenResult> chosenResults;
    if (isOpenCL())
      chosenResults = findChosenResults(terminator, roots);
    ReturnRecord record;
    llvm::DenseMap<Operation *, llvm::SmallDenseMap<Value, memref::AllocOp>>
        movedResults;
    for (auto &[root, kinds] : roots) {
      if (hasGpuAddressSpace(root))
        continue;
      kinds.deviceMemory = fitsDeviceMemory(root, kinds);
      if (auto alloc = root.getDefiningOp<memref::AllocOp>()) {
        if (isOpenCL())
          replaceAllocWithGpuAlloc(
              rewriter, alloc, kinds, terminator,
              /*freedThroughBranch=*/yielded.contains(alloc.getResult()),
              record.hostCopies);
        continue;
      }
      if (Operation *call = root.getDefiningOp<CallOpInterface>()) {
        if (!isOpenCL())
          continue;
        if (!movedResults.contains(call))
          movedResults[call] =
              moveResultsIntoAllocations(rewriter, call, roots);
        replaceAllocWithGpuAlloc(
            rewriter, movedResults[call].lookup(root), kinds, terminator,
            /*freedThroughBranch=*/yielded.contains(root), record.hostCopies);
        continue;
      }
      if (auto arg = dyn_cast<BlockArgument>(root)) {
        // Reached on the host only by block copies, which gpu.memcpy makes
        // from and into any memory (moveBlockCopiesToDevice).
        if (!kinds.onDevice() && !kinds.accessedInPlaceOnHost())
          continue;
        rewriter.setInsertionPointToStart(arg.getOwner());
        record.deviceCopies[arg] =
            copyArgumentToDeviceBuffer(rewriter, arg, kinds, terminator);
        continue;
      }
      rewriter.setInsertionPointAfterValue(root);
      record.deviceCopies[root] =
          copyToDeviceBuffer(rewriter, root, kinds, terminator);
    }
    copyChosenResultsToHost(rewriter, terminator, chosenResults, record);
    moveBlockCopiesToDevice(rewriter, roots);
    return success();
  }

  /// A returned value that a branch or loop chooses among buffers of which
  /// some get GPU memory; the arguments and globals it may be.
  struct ChosenResult {
    unsigned position;
    SmallVector<Value> hostBuffers;
  };

  /// What step 3 made of the function's return: the host copies it hands
  /// back for GPU buffers (what was returned, its copy), and the device
  /// copies of arguments and globals.
  struct ReturnRecord {
    SmallVector<std::pair<Value, Value>> hostCopies;
    llvm::DenseMap<Value, Value> deviceCopies;
  };

  /// The returned values that a branch or loop chooses, among buffers some
  /// of which are `roots` (found before step 3 changes them).
  SmallVector<ChosenResult>
  findChosenResults(Operation *terminator,
                    const llvm::MapVector<Value, AccessKinds> &roots) {
    SmallVector<ChosenResult> chosen;
    for (OpOperand &operand : terminator->getOpOperands()) {
      Value returned = operand.get();
      auto type = dyn_cast<MemRefType>(returned.getType());
      Value root = traceToViewRoot(returned);
      // (Results have identity or dynamic layouts: the host copy's cast.)
      if (!type || isBuffer(root) || !castableFromOwnBuffer(type))
        continue;
      SmallVector<Value> buffers;
      llvm::SmallPtrSet<Value, 8> visited;
      Value unplaceable;
      if (failed(bufferSources(root, buffers, visited, unplaceable)) ||
          llvm::none_of(buffers,
                        [&](Value buffer) { return roots.contains(buffer); }))
        continue;
      ChosenResult result{operand.getOperandNumber(), {}};
      for (Value buffer : buffers)
        if (isa<BlockArgument>(buffer) ||
            buffer.getDefiningOp<memref::GetGlobalOp>())
          result.hostBuffers.push_back(buffer);
      chosen.push_back(std::move(result));
    }
    return chosen;
  }

  /// A returned buffer that a branch or loop chooses may be GPU memory.
  /// Array results are host memory, so where it is GPU memory the function
  /// owns at run time, the return hands back a host copy and frees it
  /// (deallocation returns only buffers the function owns, a clone of any
  /// other; IR that returns an argument or global, or their device copy,
  /// keeps it). A buffer returned in several positions (one value twice, a
  /// loop yielding one buffer as two results, an allocation also returned
  /// itself) gets one copy, handed back in each. After step 3, at the
  /// return.
  void copyChosenResultsToHost(IRRewriter &rewriter, Operation *terminator,
                               ArrayRef<ChosenResult> chosenResults,
                               ReturnRecord &record) {
    for (const ChosenResult &chosen : chosenResults) {
      OpOperand &operand = terminator->getOpOperand(chosen.position);
      Value returned = operand.get();
      auto type = cast<MemRefType>(returned.getType());
      Location loc = returned.getLoc();
      rewriter.setInsertionPoint(terminator);
      auto pointerOf = [&](Value memref) -> Value {
        return memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc,
                                                              memref);
      };
      Value owned = imex::gpux::IsGpuMemoryOp::create(
          rewriter, loc, rewriter.getI1Type(), returned,
          /*host_access=*/false);
      auto exclude = [&](Value buffer) {
        Value other =
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                  pointerOf(returned), pointerOf(buffer));
        owned = arith::AndIOp::create(rewriter, loc, owned, other);
      };
      for (Value buffer : chosen.hostBuffers) {
        exclude(buffer);
        if (Value copy = record.deviceCopies.lookup(buffer))
          exclude(copy);
      }
      // An earlier result's buffer: that one's copy is handed back.
      SmallVector<std::pair<Value, Value>> sameAsEarlier;
      for (auto [earlier, handedBack] : record.hostCopies) {
        if (!memref::CastOp::areCastCompatible(handedBack.getType(), type))
          continue;
        Value same =
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                  pointerOf(returned), pointerOf(earlier));
        owned = arith::AndIOp::create(rewriter, loc, owned,
                                      negate(rewriter, loc, same));
        if (handedBack.getType() != type)
          handedBack = memref::CastOp::create(rewriter, loc, type, handedBack);
        sameAsEarlier.push_back({same, handedBack});
      }
      auto choice = scf::IfOp::create(rewriter, loc, type, owned,
                                      /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(&choice.getThenRegion().front());
        Value hostCopy = copyToHostBuffer(
            rewriter, loc, returned, dynamicSizes(rewriter, loc, returned));
        memref::DeallocOp::create(rewriter, loc, returned);
        scf::YieldOp::create(rewriter, loc, hostCopy);
        rewriter.setInsertionPointToStart(&choice.getElseRegion().front());
        scf::YieldOp::create(rewriter, loc, returned);
      }
      Value result = choice.getResult(0);
      for (auto [same, handedBack] : sameAsEarlier)
        result =
            arith::SelectOp::create(rewriter, loc, same, handedBack, result);
      record.hostCopies.push_back({returned, result});
      rewriter.modifyOpInPlace(terminator, [&] { operand.set(result); });
    }
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
  /// (moved to the entry), call results (moved into allocations of their
  /// own), and the function's arguments (whose device copies are released
  /// at its end).
  static bool isBuffer(Value value) {
    if (value.getDefiningOp<memref::AllocOp>() ||
        value.getDefiningOp<memref::GetGlobalOp>() ||
        value.getDefiningOp<CallOpInterface>())
      return true;
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && arg.getOwner()->isEntryBlock() &&
           isa<func::FuncOp>(arg.getOwner()->getParentOp());
  }

  /// The buffers that `value` may be when it is no buffer of its own: what
  /// each branch of an scf.if or scf.index_switch yields for its result (or an
  /// arith.select chooses, as canonicalization makes of such an scf.if), and
  /// the init and the yielded value of a loop's carried block argument or
  /// result, traced through views, nested branches and loops down to buffers
  /// (isBuffer). Failure if one is anything else (`unplaceable` set).
  static LogicalResult bufferSources(Value value,
                                     SmallVectorImpl<Value> &buffers,
                                     SmallPtrSetImpl<Value> &visited,
                                     Value &unplaceable) {
    value = traceToViewRoot(value);
    if (!visited.insert(value).second)
      return success(); // a loop's value carried unchanged
    if (isBuffer(value)) {
      buffers.push_back(value);
      return success();
    }
    unplaceable = value;
    SmallVector<Value, 2> sources;
    if (auto result = dyn_cast<OpResult>(value)) {
      Operation *owner = result.getOwner();
      unsigned index = result.getResultNumber();
      if (isa<scf::IfOp, scf::IndexSwitchOp>(owner)) {
        for (Region &region : owner->getRegions()) {
          if (region.empty())
            return failure();
          sources.push_back(region.front().getTerminator()->getOperand(index));
        }
      } else if (auto select = dyn_cast<arith::SelectOp>(owner)) {
        sources.append({select.getTrueValue(), select.getFalseValue()});
      } else if (auto loop = dyn_cast<scf::WhileOp>(owner)) {
        // What the last condition passes on.
        sources.push_back(loop.getConditionOp().getArgs()[index]);
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
      Operation *parent = arg.getOwner()->getParentOp();
      auto loop = dyn_cast<LoopLikeOpInterface>(parent);
      auto whileLoop = dyn_cast<scf::WhileOp>(parent);
      if (whileLoop && arg.getOwner() == whileLoop.getAfterBody()) {
        // A while body's arguments are what the condition passes on.
        sources.push_back(
            whileLoop.getConditionOp().getArgs()[arg.getArgNumber()]);
      } else {
        OpOperand *init = loop ? loop.getTiedLoopInit(arg) : nullptr;
        OpOperand *next = loop ? loop.getTiedLoopYieldedValue(arg) : nullptr;
        if (!init || !next)
          return failure();
        sources.append({init->get(), next->get()});
      }
    }
    for (Value source : sources)
      if (failed(bufferSources(source, buffers, visited, unplaceable)))
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
      // The buffer whole, or a branch or loop's choice of it (handed back
      // by copyChosenResultsToHost); a view is read and written in place.
      if (traceToViewRoot(alias) == alias && hasIdentityLayout(alias))
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
        kinds.hostStores |= copy.getTarget() == alias;
        return;
      }
      bool isSource = copy.getSource() == alias;
      (isSource ? kinds.hostRead : kinds.hostWrite) = true;
      kinds.hostStores |= !isSource;
      return;
    }
    if (isa<gpu::LaunchFuncOp>(user)) {
      kinds.deviceRead = kinds.deviceWrite = true;
      return;
    }
    bool declaresEffects =
        isa<MemoryEffectOpInterface>(user) && !isa<CallOpInterface>(user);
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
            kinds.hostStores |= write && declaresEffects;
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

  /// Moves the results of `call`, memory the callee allocated and the
  /// caller owns, into allocations of the caller's, made right after the
  /// call: each callee buffer is copied in and freed there, and the
  /// allocation takes over every other use, the caller's frees and
  /// ownership checks included. Step 3 then places those `roots` has as
  /// any allocation, wherever the call is (a loop body whose result the
  /// loop carries too). All memref results move, as two of them may be one
  /// buffer (freed once, as deallocation would). A copy on the host makes
  /// the allocation one the host writes (`roots`).
  llvm::SmallDenseMap<Value, memref::AllocOp>
  moveResultsIntoAllocations(IRRewriter &rewriter, Operation *call,
                             llvm::MapVector<Value, AccessKinds> &roots) {
    llvm::SmallDenseMap<Value, memref::AllocOp> moved;
    SmallPtrSet<Operation *, 8> readsResults;
    SmallVector<std::pair<Value, Value>> replacements;
    rewriter.setInsertionPointAfter(call);
    for (Value result : call->getResults()) {
      auto type = dyn_cast<MemRefType>(result.getType());
      if (!type || !castableFromOwnBuffer(type))
        continue;
      Location loc = result.getLoc();
      auto alloc = memref::AllocOp::create(
          rewriter, loc, withIdentityLayout(type),
          dynamicSizes(rewriter, loc, result, &readsResults));
      auto root = roots.find(result);
      Operation *copy =
          root != roots.end()
              ? createCopy(rewriter, loc, result, alloc)
              : memref::CopyOp::create(rewriter, loc, result, alloc);
      readsResults.insert(copy);
      if (root != roots.end())
        root->second.hostWrite |= isa<memref::CopyOp>(copy);
      Value replacement = alloc;
      if (alloc.getType() != type) {
        replacement = memref::CastOp::create(rewriter, loc, type, alloc);
        readsResults.insert(replacement.getDefiningOp());
      }
      replacements.push_back({result, replacement});
      moved[result] = alloc;
    }
    // Each callee buffer freed once: not where an earlier result is it.
    SmallVector<Value> earlierBases;
    for (auto [result, replacement] : replacements) {
      Location loc = result.getLoc();
      OpBuilder::InsertionGuard guard(rewriter);
      if (replacements.size() > 1) {
        auto metadata =
            memref::ExtractStridedMetadataOp::create(rewriter, loc, result);
        readsResults.insert(metadata);
        Value base = memref::ExtractAlignedPointerAsIndexOp::create(
            rewriter, loc, metadata.getBaseBuffer());
        Value unique;
        for (Value earlier : earlierBases) {
          Value other = arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::ne, base, earlier);
          unique = unique ? arith::AndIOp::create(rewriter, loc, unique, other)
                          : other;
        }
        earlierBases.push_back(base);
        if (unique) {
          auto free = scf::IfOp::create(rewriter, loc, unique);
          rewriter.setInsertionPointToStart(&free.getThenRegion().front());
        }
      }
      readsResults.insert(memref::DeallocOp::create(rewriter, loc, result));
    }
    for (auto [result, replacement] : replacements)
      rewriter.replaceUsesWithIf(result, replacement, [&](OpOperand &use) {
        return !readsResults.contains(use.getOwner());
      });
    return moved;
  }

  /// A new host buffer holding a copy of `memref` (whose dynamic sizes are
  /// `sizes`), of its type: what a return hands back for GPU memory.
  Value copyToHostBuffer(IRRewriter &rewriter, Location loc, Value memref,
                         ValueRange sizes, IntegerAttr alignment = {}) {
    auto type = cast<MemRefType>(memref.getType());
    auto hostBuffer = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
        sizes, ValueRange(), alignment);
    createCopy(rewriter, loc, memref, hostBuffer);
    if (hostBuffer.getType() == type)
      return hostBuffer;
    return memref::CastOp::create(rewriter, loc, type, hostBuffer);
  }

  /// `freedThroughBranch`: the allocation is yielded by a branch, whose
  /// result's owner frees it (deallocation frees GPU buffers too, through
  /// the runtime's generic free), so it gets no free on return. The host
  /// copies handed back for it are added to `hostCopies` (what was
  /// returned, the copy).
  void replaceAllocWithGpuAlloc(
      IRRewriter &rewriter, memref::AllocOp alloc, const AccessKinds &kinds,
      Operation *terminator, bool freedThroughBranch,
      SmallVectorImpl<std::pair<Value, Value>> &hostCopies) {
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
    SmallVector<std::pair<Value, Value>> copiedOnReturn;
    for (OpOperand &operand : terminator->getOpOperands()) {
      Value returned = operand.get();
      auto type = dyn_cast<MemRefType>(returned.getType());
      if (!type || traceToViewRoot(returned) != alloc.getResult())
        continue;
      rewriter.setInsertionPoint(terminator);
      SmallVector<Value> sizes(alloc.getDynamicSizes());
      if (returned != alloc.getResult())
        sizes = dynamicSizes(rewriter, loc, returned);
      Value handedBack = copyToHostBuffer(rewriter, loc, returned, sizes,
                                          alloc.getAlignmentAttr());
      rewriter.modifyOpInPlace(terminator, [&] { operand.set(handedBack); });
      copiedOnReturn.push_back({returned, handedBack});
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
    Value allocated = alloc.getResult();
    rewriter.replaceOp(alloc, deviceBuffer);
    for (auto [returned, handedBack] : copiedOnReturn)
      hostCopies.push_back(
          {returned == allocated ? deviceBuffer : returned, handedBack});
    if ((freed || freedThroughBranch || nested) && copiedOnReturn.empty())
      return;
    rewriter.setInsertionPoint(terminator);
    gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), deviceBuffer);
  }

  /// Creates a device buffer for `orig` at the current insertion point,
  /// redirects all other uses to it and copies in and out as needed.
  /// Returns the buffer.
  Value copyToDeviceBuffer(IRRewriter &rewriter, Value orig,
                           const AccessKinds &kinds, Operation *terminator) {
    SmallPtrSet<Operation *, 8> readsOriginal;
    Value buffer = createDeviceCopy(rewriter, orig, kinds, readsOriginal);
    redirectUses(rewriter, orig, buffer, readsOriginal, terminator);
    rewriter.setInsertionPoint(terminator);
    releaseDeviceCopy(rewriter, orig, buffer, kinds);
    return buffer;
  }

  /// As copyToDeviceBuffer, for a function argument that the caller may
  /// have allocated on the GPU already: only when the runtime says it did
  /// not is a device copy made (and copied back and freed on return).
  /// Where the function's host code also touches the argument in place, GPU
  /// memory the host cannot reach is copied too. Returns what the function
  /// now uses: the argument or its copy.
  Value copyArgumentToDeviceBuffer(IRRewriter &rewriter, BlockArgument arg,
                                   const AccessKinds &kinds,
                                   Operation *terminator) {
    if (!argumentsInPlace || !isOpenCL())
      return copyToDeviceBuffer(rewriter, arg, kinds, terminator);
    Location loc = arg.getLoc();
    SmallPtrSet<Operation *, 8> readsOriginal;
    Value inPlace = imex::gpux::IsGpuMemoryOp::create(
        rewriter, loc, rewriter.getI1Type(), arg,
        /*host_access=*/kinds.accessedInPlaceOnHost());
    readsOriginal.insert(inPlace.getDefiningOp());
    if (!kinds.onDevice()) {
      // Host code alone uses host memory in place too: only GPU memory the
      // host cannot reach is copied.
      auto onGpu = imex::gpux::IsGpuMemoryOp::create(
          rewriter, loc, rewriter.getI1Type(), arg, /*host_access=*/false);
      readsOriginal.insert(onGpu);
      inPlace = arith::OrIOp::create(rewriter, loc, inPlace,
                                     negate(rewriter, loc, onGpu));
    }
    auto choice = scf::IfOp::create(rewriter, loc, arg.getType(), inPlace,
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
    auto release =
        scf::IfOp::create(rewriter, loc, negate(rewriter, loc, inPlace));
    rewriter.setInsertionPointToStart(&release.getThenRegion().front());
    releaseDeviceCopy(rewriter, arg, buffer, kinds);
    return buffer;
  }

  static Value negate(IRRewriter &rewriter, Location loc, Value condition) {
    return arith::XOrIOp::create(
        rewriter, loc, condition,
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
  }

  /// A device buffer shaped like `orig`, filled from it when the function
  /// may read what it holds on entry, of `orig`'s type. Ops that must keep
  /// reading `orig` (sizes, the copy) are added to `readsOriginal`.
  Value createDeviceCopy(IRRewriter &rewriter, Value orig,
                         const AccessKinds &kinds,
                         SmallPtrSetImpl<Operation *> &readsOriginal) {
    Location loc = orig.getLoc();
    auto origType = cast<MemRefType>(orig.getType());
    MemRefType bufferType = withIdentityLayout(origType);
    Value buffer;
    if (castableFromOwnBuffer(origType)) {
      buffer = allocate(rewriter, loc, bufferType,
                        dynamicSizes(rewriter, loc, orig, &readsOriginal),
                        /*hostAccess=*/!kinds.deviceMemory);
      if (bufferType != origType)
        buffer = memref::CastOp::create(rewriter, loc, origType, buffer);
    } else {
      buffer = createViewLike(rewriter, orig, readsOriginal);
    }
    // (IMEX copies in only what kernels read, and hands back garbage where
    // a kernel writes part of a buffer.)
    if (kinds.readsEntryValues())
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

  /// At the insertion point: the copy back into `orig` where the function
  /// changed it (mayWrite), and the device copy freed.
  void releaseDeviceCopy(IRRewriter &rewriter, Value orig, Value buffer,
                         const AccessKinds &kinds) {
    Location loc = orig.getLoc();
    if (kinds.mayWrite())
      createCopy(rewriter, loc, buffer, orig);
    if (isOpenCL())
      gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), buffer);
  }
};

} // namespace
