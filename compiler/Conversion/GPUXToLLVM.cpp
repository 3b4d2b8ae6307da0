//===- GPUXToLLVM.cpp - gpux ops -> LLVM dialect + libimexrt calls --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Lowers all twelve gpux ops to calls of the runtime entry points listed in
// docs/runtime-abi.md. The four gpux handle types and !gpu.async.token become
// !llvm.ptr. Kernel launches embed the gpu.module's `gpu.binary` blob and the
// kernel name as internal constant globals, load the module and get the
// kernel on every launch (the runtime caches both), keep the module handle in
// a global that a global destructor unloads, and pass every kernel argument
// with its true size.
//
// Function signatures and branches are converted in the same conversion (so
// gpux handles and tokens may cross them); everything else is left to the
// usual host lowering.
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/GPUX/IR/GPUX.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTGPUXTOLLVM
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;
namespace gpux = imex::gpux;

namespace {

//===----------------------------------------------------------------------===//
// Runtime entry points
//===----------------------------------------------------------------------===//

/// LLVM signature of each runtime entry point, one letter per type: result
/// first, then the parameters. `p` = !llvm.ptr, `l` = i64 (size_t),
/// `i` = i32 (int32_t), `v` = void.
struct RuntimeFunction {
  llvm::StringLiteral name;
  llvm::StringLiteral signature;
};

constexpr RuntimeFunction kRuntimeFunctions[] = {
    {"gpuCreateDevice", "pp"},
    {"gpuDestroyDevice", "vp"},
    {"gpuCreateContext", "pp"},
    {"gpuDestroyContext", "vp"},
    {"gpuCreateStream", "ppp"},
    {"gpuStreamDestroy", "vp"},
    {"gpuMemAlloc", "pplli"},
    {"gpuMemFree", "vpp"},
    {"gpuMemCopy", "vpppl"},
    {"gpuMemSet", "vpppll"},
    {"gpuModuleLoad", "pppl"},
    {"gpuModuleUnload", "vp"},
    {"gpuKernelGet", "pppp"},
    {"gpuLaunchKernel", "pppllllllipp"},
    {"gpuWait", "vp"},
    {"imexrtIsGpuMemory", "ip"},
    {"imexrtIsHostAccessibleGpuMemory", "ip"},
};

static Type signatureType(MLIRContext *ctx, char letter) {
  switch (letter) {
  case 'p':
    return LLVM::LLVMPointerType::get(ctx);
  case 'l':
    return IntegerType::get(ctx, 64);
  case 'i':
    return IntegerType::get(ctx, 32);
  default:
    return LLVM::LLVMVoidType::get(ctx);
  }
}

/// The LLVM function type of runtime entry point `name`, or null if `name` is
/// not one.
static LLVM::LLVMFunctionType runtimeFunctionType(MLIRContext *ctx,
                                                  StringRef name) {
  for (const RuntimeFunction &fn : kRuntimeFunctions) {
    if (fn.name != name)
      continue;
    SmallVector<Type> params;
    for (char letter : fn.signature.drop_front())
      params.push_back(signatureType(ctx, letter));
    return LLVM::LLVMFunctionType::get(signatureType(ctx, fn.signature[0]),
                                       params);
  }
  return {};
}

/// Calls runtime entry point `name` from the builder's insertion point,
/// declaring it (once, at the end of the enclosing builtin.module) first.
static Value callRuntime(OpBuilder &builder, Location loc, Operation *from,
                         StringRef name, ValueRange args) {
  auto module = from->getParentOfType<ModuleOp>();
  LLVM::LLVMFunctionType type = runtimeFunctionType(builder.getContext(), name);
  assert(type && "not a runtime entry point");
  if (!SymbolTable::lookupSymbolIn(module, name)) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module.getBody());
    LLVM::LLVMFuncOp::create(builder, module.getLoc(), name, type);
  }
  auto call = LLVM::CallOp::create(builder, loc, type, name, args);
  return call.getNumResults() ? call.getResult() : Value();
}

//===----------------------------------------------------------------------===//
// Names of the per-kernel globals
//===----------------------------------------------------------------------===//

static std::string binaryGlobalName(StringRef module) {
  return (module + "_spirv_binary").str();
}
static std::string handleGlobalName(StringRef module) {
  return (module + "_handle").str();
}
static std::string unloadFunctionName(StringRef module) {
  return (module + "_unload").str();
}
static std::string kernelNameGlobalName(StringRef module, StringRef kernel) {
  return (module + "_" + kernel + "_kernel_name").str();
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

static Value createI64(OpBuilder &builder, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI64Type(), value);
}

static Value createNull(OpBuilder &builder, Location loc) {
  return LLVM::ZeroOp::create(builder, loc,
                              LLVM::LLVMPointerType::get(builder.getContext()));
}

/// Widens or narrows an integer (index-typed after conversion) to i64.
static Value toI64(OpBuilder &builder, Location loc, Value value) {
  auto type = cast<IntegerType>(value.getType());
  if (type.getWidth() == 64)
    return value;
  if (type.getWidth() < 64)
    return LLVM::ZExtOp::create(builder, loc, builder.getI64Type(), value);
  return LLVM::TruncOp::create(builder, loc, builder.getI64Type(), value);
}

/// Casts a pointer of any address space to the generic address space 0,
/// which is what the runtime takes and returns.
static Value toGenericPtr(OpBuilder &builder, Location loc, Value ptr) {
  auto generic = LLVM::LLVMPointerType::get(builder.getContext());
  if (ptr.getType() == generic)
    return ptr;
  return LLVM::AddrSpaceCastOp::create(builder, loc, generic, ptr);
}

static Value fromGenericPtr(OpBuilder &builder, Location loc, Value ptr,
                            Type type) {
  if (ptr.getType() == type)
    return ptr;
  return LLVM::AddrSpaceCastOp::create(builder, loc, type, ptr);
}

/// Address of the first byte of `global`.
static Value globalAddress(OpBuilder &builder, Location loc,
                           LLVM::GlobalOp global) {
  auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
  Value address = LLVM::AddressOfOp::create(builder, loc, global);
  return LLVM::GEPOp::create(builder, loc, ptrType, global.getGlobalType(),
                             address, ArrayRef<LLVM::GEPArg>{0, 0});
}

/// Creates a one-element stack slot of `type` for `op`: at the op when it is
/// in the entry block of its function (the nearest isolated-from-above op),
/// otherwise at the start of that entry block, so that slots created inside
/// loops do not grow the stack. Slots get the target's alignment for `type`
/// when translated to LLVM IR.
static Value createStackSlot(OpBuilder &builder, Operation *op, Type type) {
  Region *region = op->getParentRegion();
  while (!region->getParentOp()->hasTrait<OpTrait::IsIsolatedFromAbove>())
    region = region->getParentOp()->getParentRegion();
  Block *entry = &region->front();

  OpBuilder::InsertionGuard guard(builder);
  if (op->getBlock() != entry)
    builder.setInsertionPointToStart(entry);
  Location loc = op->getLoc();
  Value one = createI64(builder, loc, 1);
  return LLVM::AllocaOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext()), type,
      one);
}

/// Byte size of an LLVM-dialect type in the data layout that applies to `op`.
static uint64_t byteSize(Operation *op, Type type) {
  return DataLayout::closest(op).getTypeSize(type).getFixedValue();
}

/// Whether `type` is an LLVM-dialect type with a size known at compile time
/// (not, e.g., a scalable vector).
static bool hasFixedSize(Operation *op, Type type) {
  return LLVM::isCompatibleType(type) &&
         !DataLayout::closest(op).getTypeSize(type).isScalable();
}

static unsigned abiAlignment(Operation *op, Type type) {
  return DataLayout::closest(op).getTypeABIAlignment(type);
}

/// A memref whose elements form one contiguous row-major block, so that it
/// can be copied or filled as `numElements * elementSize` bytes starting at
/// its first element.
static bool isContiguous(MemRefType type) {
  return type.getLayout().isIdentity() ||
         type.areTrailingDimsContiguous(type.getRank());
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Whether `value` is a converted (ranked) memref descriptor.
static bool isDescriptor(Value value) {
  return isa<LLVM::LLVMStructType>(value.getType());
}

template <typename Op> struct GPUXPattern : ConvertOpToLLVMPattern<Op> {
  using ConvertOpToLLVMPattern<Op>::ConvertOpToLLVMPattern;
  using ConvertOpToLLVMPattern<Op>::getTypeConverter;

  /// Whether the elements of `type` have a fixed LLVM size.
  bool hasFixedElementSize(Operation *op, MemRefType type) const {
    Type elementType = getTypeConverter()->convertType(type.getElementType());
    return elementType && hasFixedSize(op, elementType);
  }

  /// `numElements * sizeof(element)` of a contiguous ranked memref.
  Value byteCount(Operation *op, MemRefType type, MemRefDescriptor desc,
                  OpBuilder &builder) const {
    Location loc = op->getLoc();
    Value count = createI64(builder, loc, 1);
    int64_t staticCount = 1;
    for (auto [pos, size] : llvm::enumerate(type.getShape())) {
      if (ShapedType::isDynamic(size)) {
        Value dim = toI64(builder, loc, desc.size(builder, loc, pos));
        count = LLVM::MulOp::create(builder, loc, count, dim);
      } else {
        staticCount *= size;
      }
    }
    Type elementType = getTypeConverter()->convertType(type.getElementType());
    Value bytes = createI64(
        builder, loc,
        staticCount * static_cast<int64_t>(byteSize(op, elementType)));
    return LLVM::MulOp::create(builder, loc, count, bytes);
  }

  /// Generic pointer to the first element of a ranked memref.
  Value firstElement(Location loc, MemRefType type, MemRefDescriptor desc,
                     OpBuilder &builder) const {
    return toGenericPtr(
        builder, loc, desc.bufferPtr(builder, loc, *getTypeConverter(), type));
  }

  /// The value that replaces an async token of an op that the runtime
  /// executes in stream order: there is no event to wait for.
  void replaceWithNullToken(Operation *op, ValueRange otherResults,
                            ConversionPatternRewriter &rewriter) const {
    SmallVector<Value> results(otherResults);
    if (results.size() < op->getNumResults())
      results.push_back(createNull(rewriter, op->getLoc()));
    rewriter.replaceOp(op, results);
  }
};

/// gpux.create_stream -> gpuCreateStream(device or null, context or null).
struct CreateStreamPattern : GPUXPattern<gpux::CreateStreamOp> {
  using GPUXPattern::GPUXPattern;
  LogicalResult
  matchAndRewrite(gpux::CreateStreamOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value device =
        adaptor.getDevice() ? adaptor.getDevice() : createNull(rewriter, loc);
    Value context = adaptor.getGpuContext() ? adaptor.getGpuContext()
                                            : createNull(rewriter, loc);
    Value stream =
        callRuntime(rewriter, loc, op, "gpuCreateStream", {device, context});
    rewriter.replaceOp(op, stream);
    return success();
  }
};

/// An op that is exactly one runtime call taking the op's operands:
/// create_device/create_context return the call's handle, the destroy ops
/// have no result.
template <typename Op> struct SingleCallPattern : GPUXPattern<Op> {
  SingleCallPattern(const LLVMTypeConverter &converter, StringRef function)
      : GPUXPattern<Op>(converter), function(function) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value result =
        callRuntime(rewriter, op.getLoc(), op, function, adaptor.getOperands());
    if (op->getNumResults())
      rewriter.replaceOp(op, result);
    else
      rewriter.eraseOp(op);
    return success();
  }
  StringRef function;
};

/// gpux.alloc -> gpuMemAlloc(stream, bytes, 64, shared) and a descriptor of
/// the identity-layout memref around the returned pointer.
struct AllocPattern : GPUXPattern<gpux::AllocOp> {
  using GPUXPattern::GPUXPattern;
  LogicalResult
  matchAndRewrite(gpux::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getMemref().getType();
    if (!isConvertibleAndHasIdentityMaps(type))
      return rewriter.notifyMatchFailure(op, "needs an identity layout");
    Location loc = op.getLoc();

    SmallVector<Value> sizes, strides;
    Value bytes;
    getMemRefDescriptorSizes(loc, type, adaptor.getDynamicSizes(), rewriter,
                             sizes, strides, bytes);
    Value alignment = createI64(rewriter, loc, 64);
    Value shared = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI32Type(), op.getHostShared() ? 1 : 0);
    Value ptr = callRuntime(
        rewriter, loc, op, "gpuMemAlloc",
        {adaptor.getStream(), toI64(rewriter, loc, bytes), alignment, shared});
    ptr = fromGenericPtr(rewriter, loc, ptr, getElementPtrType(type));
    MemRefDescriptor desc =
        createMemRefDescriptor(loc, type, ptr, ptr, sizes, strides, rewriter);
    replaceWithNullToken(op, Value(desc), rewriter);
    return success();
  }
};

/// gpux.dealloc -> gpuMemFree(stream, allocated pointer).
struct DeallocPattern : GPUXPattern<gpux::DeallocOp> {
  using GPUXPattern::GPUXPattern;
  LogicalResult
  matchAndRewrite(gpux::DeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<MemRefType>(op.getMemref().getType()) ||
        !isDescriptor(adaptor.getMemref()))
      return rewriter.notifyMatchFailure(op, "needs a ranked memref");
    Location loc = op.getLoc();
    MemRefDescriptor desc(adaptor.getMemref());
    Value ptr = toGenericPtr(rewriter, loc, desc.allocatedPtr(rewriter, loc));
    callRuntime(rewriter, loc, op, "gpuMemFree", {adaptor.getStream(), ptr});
    replaceWithNullToken(op, {}, rewriter);
    return success();
  }
};

/// gpux.is_gpu_memory -> imexrtIsGpuMemory(first element) != 0, or
/// imexrtIsHostAccessibleGpuMemory with host_access.
struct IsGpuMemoryPattern : GPUXPattern<gpux::IsGpuMemoryOp> {
  using GPUXPattern::GPUXPattern;
  LogicalResult
  matchAndRewrite(gpux::IsGpuMemoryOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isDescriptor(adaptor.getMemref()))
      return rewriter.notifyMatchFailure(op, "needs a ranked memref");
    Location loc = op.getLoc();
    MemRefDescriptor desc(adaptor.getMemref());
    Value ptr = firstElement(loc, op.getMemref().getType(), desc, rewriter);
    Value answer =
        callRuntime(rewriter, loc, op,
                    op.getHostAccess() ? "imexrtIsHostAccessibleGpuMemory"
                                       : "imexrtIsGpuMemory",
                    ptr);
    Value zero =
        LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(), 0);
    rewriter.replaceOpWithNewOp<LLVM::ICmpOp>(op, LLVM::ICmpPredicate::ne,
                                              answer, zero);
    return success();
  }
};

/// gpux.wait -> gpuWait(stream).
struct WaitPattern : GPUXPattern<gpux::WaitOp> {
  using GPUXPattern::GPUXPattern;
  LogicalResult
  matchAndRewrite(gpux::WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), op, "gpuWait", adaptor.getStream());
    replaceWithNullToken(op, {}, rewriter);
    return success();
  }
};

/// gpux.memcpy -> gpuMemCopy(stream, dst, src, bytes of src).
struct MemcpyPattern : GPUXPattern<gpux::MemcpyOp> {
  using GPUXPattern::GPUXPattern;
  LogicalResult
  matchAndRewrite(gpux::MemcpyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = dyn_cast<MemRefType>(op.getSrc().getType());
    auto dstType = dyn_cast<MemRefType>(op.getDst().getType());
    if (!srcType || !dstType || !isContiguous(srcType) ||
        !isContiguous(dstType) || !isDescriptor(adaptor.getSrc()) ||
        !isDescriptor(adaptor.getDst()) || !hasFixedElementSize(op, srcType))
      return rewriter.notifyMatchFailure(op, "needs contiguous memrefs");
    Location loc = op.getLoc();
    MemRefDescriptor src(adaptor.getSrc()), dst(adaptor.getDst());
    Value bytes = byteCount(op, srcType, src, rewriter);
    callRuntime(rewriter, loc, op, "gpuMemCopy",
                {adaptor.getStream(), firstElement(loc, dstType, dst, rewriter),
                 firstElement(loc, srcType, src, rewriter), bytes});
    replaceWithNullToken(op, {}, rewriter);
    return success();
  }
};

/// gpux.memset -> the value in a stack slot, then
/// gpuMemSet(stream, dst, slot, sizeof(value), bytes of dst).
struct MemsetPattern : GPUXPattern<gpux::MemsetOp> {
  using GPUXPattern::GPUXPattern;
  LogicalResult
  matchAndRewrite(gpux::MemsetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dstType = dyn_cast<MemRefType>(op.getDst().getType());
    if (!dstType || !isContiguous(dstType) || !isDescriptor(adaptor.getDst()) ||
        !hasFixedElementSize(op, dstType))
      return rewriter.notifyMatchFailure(op, "needs a contiguous memref");
    Value value = adaptor.getValue();
    if (!hasFixedSize(op, value.getType()))
      return rewriter.notifyMatchFailure(op,
                                         "value has no fixed-size LLVM type");
    Location loc = op.getLoc();
    Value slot = createStackSlot(rewriter, op, value.getType());
    LLVM::StoreOp::create(rewriter, loc, value, slot);
    MemRefDescriptor dst(adaptor.getDst());
    Value patternBytes =
        createI64(rewriter, loc, byteSize(op, value.getType()));
    Value bytes = byteCount(op, dstType, dst, rewriter);
    callRuntime(rewriter, loc, op, "gpuMemSet",
                {adaptor.getStream(), firstElement(loc, dstType, dst, rewriter),
                 slot, patternBytes, bytes});
    replaceWithNullToken(op, {}, rewriter);
    return success();
  }
};

/// gpux.launch_func ->
///   gpuModuleLoad(stream, @M_spirv_binary, size) (stored in @M_handle),
///   gpuKernelGet(stream, module, @M_k_kernel_name),
///   gpuLaunchKernel(stream, kernel, grid, block, smem, params, deps),
/// followed by gpuWait(stream) for a launch without an async token.
struct LaunchFuncPattern : GPUXPattern<gpux::LaunchFuncOp> {
  using GPUXPattern::GPUXPattern;

  LogicalResult
  matchAndRewrite(gpux::LaunchFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto module = op->getParentOfType<ModuleOp>();
    StringRef moduleName = op.getKernelModuleName().getValue();
    StringRef kernelName = op.getKernelName().getValue();
    auto binary =
        module.lookupSymbol<LLVM::GlobalOp>(binaryGlobalName(moduleName));
    auto handle =
        module.lookupSymbol<LLVM::GlobalOp>(handleGlobalName(moduleName));
    auto name = module.lookupSymbol<LLVM::GlobalOp>(
        kernelNameGlobalName(moduleName, kernelName));
    if (!binary || !handle || !name)
      return rewriter.notifyMatchFailure(op, "kernel globals missing");
    for (auto [original, value] :
         llvm::zip(op.getKernelOperands(), adaptor.getKernelOperands())) {
      bool isMemRef = isa<MemRefType>(original.getType());
      if ((isMemRef && !isDescriptor(value)) ||
          !hasFixedSize(op, value.getType()))
        return rewriter.notifyMatchFailure(op, "unconvertible kernel operand");
    }

    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    Type i64 = rewriter.getI64Type();
    Value stream = adaptor.getStream();

    // Module and kernel (loaded and created once by the runtime).
    Value blob = globalAddress(rewriter, loc, binary);
    Value blobBytes = createI64(
        rewriter, loc,
        cast<LLVM::LLVMArrayType>(binary.getGlobalType()).getNumElements());
    Value kernelModule = callRuntime(rewriter, loc, op, "gpuModuleLoad",
                                     {stream, blob, blobBytes});
    LLVM::StoreOp::create(rewriter, loc, kernelModule,
                          LLVM::AddressOfOp::create(rewriter, loc, handle),
                          abiAlignment(op, ptrType), /*isVolatile=*/false,
                          /*isNonTemporal=*/false, /*isInvariantGroup=*/false,
                          LLVM::AtomicOrdering::monotonic);
    Value kernel =
        callRuntime(rewriter, loc, op, "gpuKernelGet",
                    {stream, kernelModule, globalAddress(rewriter, loc, name)});

    // Parameters: one stack slot per kernel operand, described by a
    // {slot, true size} entry; a {null, 0} entry ends the array.
    auto paramType = LLVM::LLVMStructType::getLiteral(ctx, {ptrType, i64});
    ValueRange operands = adaptor.getKernelOperands();
    auto paramsType = LLVM::LLVMArrayType::get(paramType, operands.size() + 1);
    Value params = LLVM::UndefOp::create(rewriter, loc, paramsType);
    for (auto [index, pair] :
         llvm::enumerate(llvm::zip(op.getKernelOperands(), operands))) {
      auto [original, value] = pair;
      // A memref is passed as its aligned pointer.
      if (isa<MemRefType>(original.getType()))
        value = MemRefDescriptor(value).alignedPtr(rewriter, loc);
      Type slotType = value.getType();
      Value slot = createStackSlot(rewriter, op, slotType);
      LLVM::StoreOp::create(rewriter, loc, value, slot);
      Value size = createI64(rewriter, loc, byteSize(op, slotType));
      int64_t i = static_cast<int64_t>(index);
      params = LLVM::InsertValueOp::create(rewriter, loc, params, slot,
                                           ArrayRef<int64_t>{i, 0});
      params = LLVM::InsertValueOp::create(rewriter, loc, params, size,
                                           ArrayRef<int64_t>{i, 1});
    }
    int64_t last = static_cast<int64_t>(operands.size());
    params = LLVM::InsertValueOp::create(rewriter, loc, params,
                                         createNull(rewriter, loc),
                                         ArrayRef<int64_t>{last, 0});
    params = LLVM::InsertValueOp::create(rewriter, loc, params,
                                         createI64(rewriter, loc, 0),
                                         ArrayRef<int64_t>{last, 1});
    Value paramsSlot = createStackSlot(rewriter, op, paramsType);
    LLVM::StoreOp::create(rewriter, loc, params, paramsSlot);

    Value deps =
        createDependencies(op, adaptor.getAsyncDependencies(), rewriter);

    Value sharedMemory = adaptor.getDynamicSharedMemorySize();
    if (!sharedMemory)
      sharedMemory =
          LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(), 0);
    SmallVector<Value> args{stream, kernel};
    for (Value size : {adaptor.getGridSizeX(), adaptor.getGridSizeY(),
                       adaptor.getGridSizeZ(), adaptor.getBlockSizeX(),
                       adaptor.getBlockSizeY(), adaptor.getBlockSizeZ()})
      args.push_back(toI64(rewriter, loc, size));
    args.append({sharedMemory, paramsSlot, deps});
    Value event = callRuntime(rewriter, loc, op, "gpuLaunchKernel", args);

    if (op.getAsyncToken()) {
      rewriter.replaceOp(op, event);
    } else {
      callRuntime(rewriter, loc, op, "gpuWait", stream);
      rewriter.eraseOp(op);
    }
    return success();
  }

  /// The EventDesc array: the dependencies' events, then a null terminator.
  /// Null events (tokens of ops that need no event, or launches for which the
  /// runtime returned none) are left out at run time so that they cannot end
  /// the array early.
  Value createDependencies(gpux::LaunchFuncOp op, ValueRange tokens,
                           ConversionPatternRewriter &rewriter) const {
    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    SmallVector<Value> events;
    for (Value token : tokens)
      if (!token.getDefiningOp<LLVM::ZeroOp>())
        events.push_back(token);

    auto eventType = LLVM::LLVMStructType::getLiteral(ctx, {ptrType});
    auto depsType = LLVM::LLVMArrayType::get(eventType, events.size() + 1);
    Value deps = createStackSlot(rewriter, op, depsType);
    Value null = createNull(rewriter, loc);
    Value position = createI64(rewriter, loc, 0);
    auto entry = [&](Value index) {
      return LLVM::GEPOp::create(rewriter, loc, ptrType, depsType, deps,
                                 ArrayRef<LLVM::GEPArg>{0, index, 0});
    };
    for (Value event : events) {
      LLVM::StoreOp::create(rewriter, loc, event, entry(position));
      Value present = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ne, event, null);
      Value step =
          LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(), present);
      position = LLVM::AddOp::create(rewriter, loc, position, step);
    }
    LLVM::StoreOp::create(rewriter, loc, null, entry(position));
    return deps;
  }
};

//===----------------------------------------------------------------------===//
// Preparation: checks and per-kernel globals
//===----------------------------------------------------------------------===//

/// Checks what the patterns cannot report well and creates, for every
/// gpu.module that is launched from, the binary, handle and kernel name
/// globals and the destructor that unloads the module.
class KernelGlobalsBuilder {
public:
  explicit KernelGlobalsBuilder(MLIRContext *ctx) : builder(ctx) {}

  LogicalResult prepare(gpux::LaunchFuncOp launch) {
    auto gpuModule = SymbolTable::lookupNearestSymbolFrom<gpu::GPUModuleOp>(
        launch, FlatSymbolRefAttr::get(launch.getKernelModuleName()));
    if (!gpuModule)
      return launch.emitOpError("kernel module @")
             << launch.getKernelModuleName().getValue() << " not found";
    if (!SymbolTable::lookupSymbolIn(gpuModule, launch.getKernelName()))
      return launch.emitOpError("kernel @")
             << launch.getKernelName().getValue()
             << " not found in gpu.module @" << gpuModule.getName();
    auto module = dyn_cast<ModuleOp>(gpuModule->getParentOp());
    if (!module || module != launch->getParentOfType<ModuleOp>())
      return launch.emitOpError(
          "kernel module must be in the builtin.module of the launch");

    if (failed(prepareModule(gpuModule, module)))
      return failure();

    // The kernel name, NUL-terminated.
    StringRef kernel = launch.getKernelName().getValue();
    std::string nameGlobal = kernelNameGlobalName(gpuModule.getName(), kernel);
    std::string value = (kernel + Twine('\0')).str();
    return getOrCreateConstant(launch, module, nameGlobal, value);
  }

private:
  LogicalResult prepareModule(gpu::GPUModuleOp gpuModule, ModuleOp module) {
    if (!prepared.insert(gpuModule))
      return success();
    auto binary = gpuModule->getAttrOfType<StringAttr>("gpu.binary");
    if (!binary)
      return gpuModule.emitError("missing gpu.binary attribute");
    if (binary.getValue().empty())
      return gpuModule.emitError("empty gpu.binary attribute");
    StringRef name = gpuModule.getName();
    if (failed(getOrCreateConstant(gpuModule, module, binaryGlobalName(name),
                                   binary.getValue())))
      return failure();
    return createHandle(gpuModule, module, name);
  }

  /// An internal constant i8 array global holding `bytes` (no NUL added).
  LogicalResult getOrCreateConstant(Operation *user, ModuleOp module,
                                    StringRef name, StringRef bytes) {
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    if (Operation *existing = SymbolTable::lookupSymbolIn(module, name)) {
      auto global = dyn_cast<LLVM::GlobalOp>(existing);
      auto value = global
                       ? dyn_cast_or_null<StringAttr>(global.getValueOrNull())
                       : StringAttr();
      if (!global || global.getGlobalType() != type || !value ||
          value.getValue() != bytes)
        return user->emitError("symbol @")
               << name << " already exists and is not the expected global";
      return success();
    }
    // As IMEX emits them (its users' tests expect this): at the start of the
    // module, the newest first, with no alignment. The runtime copies the
    // binary, so its alignment does not matter.
    builder.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(builder, user->getLoc(), type, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           builder.getStringAttr(bytes));
    return success();
  }

  /// `@M_handle` (null-initialized) and the destructor `@M_unload` that
  /// unloads the module it holds, registered in llvm.mlir.global_dtors.
  LogicalResult createHandle(gpu::GPUModuleOp gpuModule, ModuleOp module,
                             StringRef name) {
    std::string handleName = handleGlobalName(name);
    std::string unloadName = unloadFunctionName(name);
    for (StringRef symbol : {StringRef(handleName), StringRef(unloadName)})
      if (SymbolTable::lookupSymbolIn(module, symbol))
        return gpuModule.emitError("symbol @")
               << symbol
               << " already exists; it is reserved for the kernel "
                  "module's runtime handle";

    MLIRContext *ctx = builder.getContext();
    Location loc = gpuModule.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    unsigned ptrAlign =
        DataLayout::closest(module).getTypeABIAlignment(ptrType);

    // After the module's functions, where IMEX users' tests do not look.
    OpBuilder::InsertionGuard atEnd(builder);
    builder.setInsertionPointToEnd(module.getBody());
    auto handle =
        LLVM::GlobalOp::create(builder, loc, ptrType,
                               /*isConstant=*/false, LLVM::Linkage::Internal,
                               handleName, Attribute(), ptrAlign);
    {
      OpBuilder::InsertionGuard guard(builder);
      Block *init = builder.createBlock(&handle.getInitializerRegion());
      builder.setInsertionPointToStart(init);
      LLVM::ReturnOp::create(builder, loc, createNull(builder, loc));
    }

    auto unload = LLVM::LLVMFuncOp::create(
        builder, loc, unloadName,
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}),
        LLVM::Linkage::Internal);
    {
      OpBuilder::InsertionGuard guard(builder);
      Block *entry = unload.addEntryBlock(builder);
      Block *release = builder.createBlock(&unload.getBody());
      Block *done = builder.createBlock(&unload.getBody());

      builder.setInsertionPointToStart(entry);
      Value address = LLVM::AddressOfOp::create(builder, loc, handle);
      Value current = LLVM::LoadOp::create(
          builder, loc, ptrType, address, ptrAlign, /*isVolatile=*/false,
          /*isNonTemporal=*/false, /*isInvariant=*/false,
          /*isInvariantGroup=*/false, LLVM::AtomicOrdering::monotonic);
      Value null = createNull(builder, loc);
      Value loaded = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne,
                                          current, null);
      LLVM::CondBrOp::create(builder, loc, loaded, release, done);

      builder.setInsertionPointToStart(release);
      callRuntime(builder, loc, unload, "gpuModuleUnload", current);
      LLVM::StoreOp::create(builder, loc, null, address, ptrAlign,
                            /*isVolatile=*/false, /*isNonTemporal=*/false,
                            /*isInvariantGroup=*/false,
                            LLVM::AtomicOrdering::monotonic);
      LLVM::BrOp::create(builder, loc, done);

      builder.setInsertionPointToStart(done);
      LLVM::ReturnOp::create(builder, loc, ValueRange());
    }

    // Append to the module's destructor list (creating it if needed).
    auto dtorRef = FlatSymbolRefAttr::get(unload.getSymNameAttr());
    auto priority = builder.getI32IntegerAttr(65535);
    auto data = LLVM::ZeroAttr::get(ctx);
    SmallVector<Attribute> dtors{dtorRef}, priorities{priority}, datas{data};
    LLVM::GlobalDtorsOp existing;
    for (auto op : module.getOps<LLVM::GlobalDtorsOp>()) {
      existing = op;
      break;
    }
    if (existing) {
      dtors.insert(dtors.begin(), existing.getDtors().begin(),
                   existing.getDtors().end());
      priorities.insert(priorities.begin(), existing.getPriorities().begin(),
                        existing.getPriorities().end());
      datas.insert(datas.begin(), existing.getData().begin(),
                   existing.getData().end());
      existing->erase();
    }
    builder.setInsertionPointToEnd(module.getBody());
    LLVM::GlobalDtorsOp::create(builder, loc, builder.getArrayAttr(dtors),
                                builder.getArrayAttr(priorities),
                                builder.getArrayAttr(datas));
    return success();
  }

  OpBuilder builder;
  llvm::SetVector<Operation *> prepared;
};

/// Diagnoses gpux ops whose operands the lowering cannot handle. (The ODS
/// constraints already restrict alloc, dealloc, memcpy and memset to ranked
/// memrefs.)
static LogicalResult checkSupported(Operation *op,
                                    const LLVMTypeConverter &converter) {
  // A value that can be stored to a stack slot of known size.
  auto fixedSize = [&](Type type) {
    Type converted = converter.convertType(type);
    return converted && hasFixedSize(op, converted);
  };
  auto checkBuffer = [&](Value value, bool contiguous) -> LogicalResult {
    auto type = cast<MemRefType>(value.getType());
    if (!isa_and_nonnull<LLVM::LLVMStructType>(converter.convertType(type)) ||
        !fixedSize(type.getElementType()))
      return op->emitOpError("cannot lower memref ")
             << type << ": it has no LLVM descriptor with fixed-size elements";
    if (contiguous && !isContiguous(type))
      return op->emitOpError("cannot lower memref ")
             << type << ": its elements are not one contiguous block";
    return success();
  };
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](gpux::AllocOp alloc) -> LogicalResult {
        if (!alloc.getMemref().getType().getLayout().isIdentity())
          return op->emitOpError("cannot lower allocations of memref ")
                 << alloc.getMemref().getType()
                 << ": only identity layouts are supported";
        return checkBuffer(alloc.getMemref(), /*contiguous=*/true);
      })
      .Case([&](gpux::DeallocOp dealloc) {
        return checkBuffer(dealloc.getMemref(), /*contiguous=*/false);
      })
      .Case([&](gpux::IsGpuMemoryOp query) {
        return checkBuffer(query.getMemref(), /*contiguous=*/false);
      })
      .Case([&](gpux::MemcpyOp copy) {
        return success(succeeded(checkBuffer(copy.getSrc(), true)) &&
                       succeeded(checkBuffer(copy.getDst(), true)));
      })
      .Case([&](gpux::MemsetOp set) -> LogicalResult {
        if (failed(checkBuffer(set.getDst(), /*contiguous=*/true)))
          return failure();
        Type valueType = set.getValue().getType();
        if (!fixedSize(valueType))
          return op->emitOpError("cannot lower a fill value of type ")
                 << valueType;
        // The runtime repeats the value over the buffer, so it must tile
        // every element exactly.
        Type elementType = set.getDst().getType().getElementType();
        uint64_t valueBytes = byteSize(op, converter.convertType(valueType));
        uint64_t elementBytes =
            byteSize(op, converter.convertType(elementType));
        if (valueBytes == 0 || elementBytes % valueBytes != 0)
          return op->emitOpError("fill value of type ")
                 << valueType << " (" << valueBytes
                 << " bytes) does not tile elements of type " << elementType
                 << " (" << elementBytes << " bytes)";
        return success();
      })
      .Case([&](gpux::LaunchFuncOp launch) -> LogicalResult {
        for (Value operand : launch.getKernelOperands()) {
          Type type = operand.getType();
          if (isa<UnrankedMemRefType>(type))
            return op->emitOpError("cannot lower unranked memref operands");
          if (isa<MemRefType>(type)) {
            if (failed(checkBuffer(operand, /*contiguous=*/false)))
              return failure();
            continue;
          }
          if (!fixedSize(type))
            return op->emitOpError("cannot pass a kernel operand of type ")
                   << type << ": it has no fixed-size LLVM type";
        }
        return success();
      })
      .Default([](Operation *) { return success(); });
}

/// Whether upstream's gpu-to-llvm patterns lower host-side gpu op `op` to
/// the runtime's mgpu* wrappers; reports why not otherwise. Streams are
/// async tokens: gpu.wait creates and waits for them, and a copy, fill or
/// free is ordered on the one stream it depends on.
static LogicalResult checkUpstreamLowering(Operation *op) {
  if (isa<gpu::WaitOp>(op))
    return success();
  auto async = dyn_cast<gpu::AsyncOpInterface>(op);
  bool onOneStream = async && async.getAsyncToken() &&
                     async.getAsyncDependencies().size() == 1;
  if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
    if (!alloc.getSymbolOperands().empty())
      return op->emitOpError("with symbol operands has no lowering to the "
                             "imexrt runtime");
    // Host-shared memory is allocated synchronously, device memory on a
    // stream.
    bool synchronous =
        !async.getAsyncToken() && async.getAsyncDependencies().empty();
    if (alloc.getHostShared() ? synchronous : onOneStream)
      return success();
    return op->emitOpError("outside a single-block function lowers to the "
                           "imexrt runtime only as host_shared without "
                           "dependencies, or async with one dependency (a "
                           "stream from gpu.wait async), as upstream's "
                           "gpu-to-llvm; convert-gpu-to-gpux handles "
                           "single-block func.func bodies");
  }
  if (auto memset = dyn_cast<gpu::MemsetOp>(op)) {
    unsigned width = memset.getValue().getType().getIntOrFloatBitWidth();
    if (width != 16 && width != 32)
      return op->emitOpError("of ")
             << width
             << "-bit values has no lowering to the imexrt runtime (16- and "
                "32-bit fills only)";
  }
  if (llvm::any_of(op->getOperandTypes(), [](Type type) {
        auto memref = dyn_cast<MemRefType>(type);
        return memref && !memref.getLayout().isIdentity();
      }))
    return op->emitOpError("on a memref with a non-identity layout has no "
                           "lowering to the imexrt runtime");
  if (isa<gpu::DeallocOp, gpu::MemcpyOp, gpu::MemsetOp>(op)) {
    if (onOneStream)
      return success();
    return op->emitOpError("outside a single-block function lowers to the "
                           "imexrt runtime only in its async form with one "
                           "dependency (a stream from gpu.wait async), as "
                           "upstream's gpu-to-llvm; convert-gpu-to-gpux "
                           "handles single-block func.func bodies");
  }
  return op->emitOpError("has no lowering to the imexrt runtime; convert it "
                         "to gpux first (convert-gpu-to-gpux handles "
                         "single-block func.func bodies)");
}

/// Names of runtime entry points that some other symbol already uses with
/// another type make the declarations clash.
static LogicalResult checkRuntimeSymbols(ModuleOp module) {
  LogicalResult result = success();
  for (Operation &op : *module.getBody()) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol)
      continue;
    LLVM::LLVMFunctionType expected =
        runtimeFunctionType(module.getContext(), symbol.getName());
    if (!expected)
      continue;
    auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
    if (!func || func.getFunctionType() != expected)
      result = op.emitError("symbol @")
               << symbol.getName()
               << " is a runtime entry point and must be declared as "
               << expected;
  }
  return result;
}

struct ConvertGPUXToLLVMPass
    : imex::impl::ConvertGPUXToLLVMBase<ConvertGPUXToLLVMPass> {
  void runOnOperation() override {
    ModuleOp root = getOperation();
    MLIRContext *ctx = &getContext();

    const auto &dataLayoutAnalysis = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(ctx, dataLayoutAnalysis.getAtOrAbove(root));
    LLVMTypeConverter converter(ctx, options, &dataLayoutAnalysis);
    RewritePatternSet patterns(ctx);
    imex::populateGPUXToLLVMPatterns(converter, patterns);
    // Host-side gpu ops that convert-gpu-to-gpux left (functions of several
    // blocks) become calls of the runtime's mgpu* wrappers.
    populateGpuToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    // Run-time checks that reach this pass (IMEX's pipelines do not run
    // convert-asserts-to-imexrt): upstream's message and abort.
    cf::populateAssertToLLVMConversionPattern(converter, patterns);

    // Checks first, so that bad input gets one clear message and is left as
    // it is.
    bool ok = true;
    root.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto module = dyn_cast<ModuleOp>(op))
        ok &= succeeded(checkRuntimeSymbols(module));
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      Dialect *dialect = op->getDialect();
      if (isa_and_nonnull<gpux::GPUXDialect>(dialect)) {
        ok &= succeeded(checkSupported(op, converter));
      } else if (isa_and_nonnull<gpu::GPUDialect>(dialect)) {
        ok &= succeeded(checkUpstreamLowering(op));
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    if (!ok)
      return signalPassFailure();

    KernelGlobalsBuilder globals(ctx);
    root.walk([&](gpux::LaunchFuncOp launch) {
      ok &= succeeded(globals.prepare(launch));
    });
    if (!ok)
      return signalPassFailure();

    LLVMConversionTarget target(*ctx);
    target.addIllegalDialect<gpux::GPUXDialect, gpu::GPUDialect,
                             func::FuncDialect, cf::ControlFlowDialect>();
    // Device code is dropped below, whatever it contains.
    target.addLegalOp<gpu::GPUModuleOp>();
    target.markOpRecursivelyLegal<gpu::GPUModuleOp>();
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      return signalPassFailure();

    SmallVector<gpu::GPUModuleOp> gpuModules;
    root.walk([&](gpu::GPUModuleOp gpuModule) {
      gpuModules.push_back(gpuModule);
      return WalkResult::skip();
    });
    for (gpu::GPUModuleOp gpuModule : gpuModules)
      gpuModule.erase();
  }
};

} // namespace

void imex::populateGPUXToLLVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns) {
  converter.addConversion([](Type type) -> std::optional<Type> {
    if (isa<gpux::OpaqueType, gpux::StreamType, gpux::DeviceType,
            gpux::ContextType, gpu::AsyncTokenType>(type))
      return LLVM::LLVMPointerType::get(type.getContext());
    return std::nullopt;
  });
  patterns
      .add<CreateStreamPattern, AllocPattern, DeallocPattern, WaitPattern,
           MemcpyPattern, MemsetPattern, LaunchFuncPattern, IsGpuMemoryPattern>(
          converter);
  patterns.add<SingleCallPattern<gpux::CreateDeviceOp>>(converter,
                                                        "gpuCreateDevice");
  patterns.add<SingleCallPattern<gpux::CreateContextOp>>(converter,
                                                         "gpuCreateContext");
  patterns.add<SingleCallPattern<gpux::DestroyDeviceOp>>(converter,
                                                         "gpuDestroyDevice");
  patterns.add<SingleCallPattern<gpux::DestroyContextOp>>(converter,
                                                          "gpuDestroyContext");
  patterns.add<SingleCallPattern<gpux::DestroyStreamOp>>(converter,
                                                         "gpuStreamDestroy");
}
