//===- GPUKernelsToSPIRVBinary.cpp - kernels to an IMEXKBIN container -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each gpu.module with kernels is compiled once per SPIR-V flavour, on a copy
// in a scratch module nested in the one being compiled, by the upstream
// GPU-to-SPIR-V passes run as dynamic pipelines of this pass (so IR
// printing, timing and crash reproducers see them). The results are
// serialized, validated with SPIRV-Tools and packed with the kernel argument
// table into the container that the runtime loads (docs/runtime-abi.md).
//
//===----------------------------------------------------------------------===//

#include "SPIRVKernelPreparation.h"
#include "SPIRVValidation.h"
#include "VulkanPushConstants.h"
#include "VulkanVectorBuffers.h"
#include "imex/CodeGen/KernelBinary.h"
#include "imex/CodeGen/Passes.h"
#include "imex/Transforms/Passes.h"

#include "imex/Dialect/GPUX/IR/GPUX.h"

#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRVPass.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRVPass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/SPIRV/Serialization.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

namespace imex {
#define GEN_PASS_DEF_GPUKERNELSTOSPIRVBINARY
#include "imex/CodeGen/Passes.h.inc"
} // namespace imex

using namespace mlir;
using imex::codegen::FlavourModule;
using imex::codegen::KernelArgInfo;
using imex::codegen::KernelArgKind;
using imex::codegen::KernelBinary;
using imex::codegen::KernelInfo;
using imex::codegen::SPIRVFlavour;

namespace {

/// Host pointer size: what a memref argument (its aligned pointer) takes.
constexpr uint32_t kPointerBytes = 8;

/// The attribute that carries a gpu.module's kernel binary (spec 6.2).
constexpr llvm::StringLiteral kGpuBinaryAttrName = "gpu.binary";

using WorkgroupSize = std::array<int32_t, 3>;

//===----------------------------------------------------------------------===//
// Kernel argument table
//===----------------------------------------------------------------------===//

/// Size in bytes of a scalar the way the host passes it, or 0 if such a
/// value cannot be a kernel argument.
uint32_t getScalarBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    if (width == 1)
      return 1; // passed as one byte, see passI1ArgumentsAsI8
    if (width == 8 || width == 16 || width == 32 || width == 64)
      return width / 8;
    return 0;
  }
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return cast<FloatType>(type).getWidth() / 8;
  return 0;
}

/// Size in bytes of a scalar in the Vulkan flavour, whose index is 32-bit; 0
/// for other arguments.
uint32_t getVulkanScalarBytes(Type type) {
  if (type.isIndex())
    return 4;
  if (!type.isIntOrFloat() || type.isInteger(1))
    return 0;
  return getScalarBytes(type);
}

/// The argument's entry in the kernel table; std::nullopt if the type cannot
/// be passed to a SPIR-V kernel.
std::optional<KernelArgInfo> getKernelArgInfo(Type type) {
  if (isa<MemRefType>(type))
    return KernelArgInfo{KernelArgKind::Buffer, kPointerBytes};
  if (auto vectorType = dyn_cast<VectorType>(type)) {
    // SPIR-V vectors have 2, 3, 4, 8 or 16 elements; a 3-element vector
    // takes the room of 4, as on the host (LLVM) and in OpenCL.
    int64_t n = vectorType.getRank() == 1 && !vectorType.isScalable()
                    ? vectorType.getDimSize(0)
                    : 0;
    Type element = vectorType.getElementType();
    uint32_t elementBytes =
        element.isInteger(1) || element.isIndex() ? 0 : getScalarBytes(element);
    if (elementBytes == 0 || !llvm::is_contained({2, 3, 4, 8, 16}, n))
      return std::nullopt;
    return KernelArgInfo{KernelArgKind::Scalar,
                         static_cast<uint32_t>(n == 3 ? 4 : n) * elementBytes};
  }
  if (uint32_t bytes = getScalarBytes(type))
    return KernelArgInfo{KernelArgKind::Scalar, bytes};
  return std::nullopt;
}

std::string describeKernels(ArrayRef<gpu::GPUFuncOp> kernels,
                            gpu::GPUModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << (kernels.size() == 1 ? "kernel " : "kernels ");
  llvm::interleaveComma(kernels, os, [&](gpu::GPUFuncOp kernel) {
    os << "'" << kernel.getName() << "'";
  });
  os << " in gpu.module @" << module.getName();
  return text;
}

//===----------------------------------------------------------------------===//
// Work-group sizes
//===----------------------------------------------------------------------===//

/// What the launches of one kernel say about its work-group size.
struct LaunchSizes {
  std::optional<WorkgroupSize> size;
  /// A launch with a non-constant block size, or two launches that differ.
  bool ambiguous = false;
};

using LaunchKey = std::pair<StringAttr, StringAttr>; // (module, kernel)

std::optional<WorkgroupSize> getConstantSize(Value x, Value y, Value z) {
  WorkgroupSize size;
  for (auto [i, value] : llvm::enumerate(std::array<Value, 3>{x, y, z})) {
    APInt constant;
    if (!matchPattern(value, m_ConstantInt(&constant)) ||
        constant.getSExtValue() <= 0 ||
        constant.getSExtValue() > std::numeric_limits<int32_t>::max())
      return std::nullopt;
    size[i] = static_cast<int32_t>(constant.getSExtValue());
  }
  return size;
}

llvm::DenseMap<LaunchKey, LaunchSizes> collectLaunchSizes(Operation *root) {
  llvm::DenseMap<LaunchKey, LaunchSizes> launches;
  auto record = [&](StringAttr module, StringAttr kernel,
                    std::optional<WorkgroupSize> size) {
    auto [it, inserted] = launches.try_emplace({module, kernel});
    LaunchSizes &entry = it->second;
    if (!size || (!inserted && entry.size != size))
      entry.ambiguous = true;
    if (inserted)
      entry.size = size;
  };
  root->walk([&](Operation *op) {
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
      record(launch.getKernelModuleName(), launch.getKernelName(),
             getConstantSize(launch.getBlockSizeX(), launch.getBlockSizeY(),
                             launch.getBlockSizeZ()));
    else if (auto launch = dyn_cast<imex::gpux::LaunchFuncOp>(op))
      record(launch.getKernelModuleName(), launch.getKernelName(),
             getConstantSize(launch.getBlockSizeX(), launch.getBlockSizeY(),
                             launch.getBlockSizeZ()));
  });
  return launches;
}

//===----------------------------------------------------------------------===//
// Flavours
//===----------------------------------------------------------------------===//

/// The target environment of a flavour. It offers every optional capability
/// the device class commonly has; spirv-update-vce then keeps only those the
/// module uses, and the lowest version that has them, so a kernel needs
/// Float64 (say) only if it computes with f64, and SPIR-V 1.3 (Vulkan 1.1)
/// only if it uses subgroup operations.
spirv::TargetEnvAttr getTargetEnv(MLIRContext *ctx, SPIRVFlavour flavour) {
  using spirv::Capability;
  using spirv::Extension;
  SmallVector<Capability> caps;
  SmallVector<Extension> exts;
  spirv::ClientAPI api;
  if (flavour == SPIRVFlavour::OpenCL) {
    caps = {Capability::Kernel,  Capability::Addresses, Capability::Int64,
            Capability::Int8,    Capability::Int16,     Capability::Float16,
            Capability::Float64, Capability::Vector16,  Capability::Groups};
    api = spirv::ClientAPI::OpenCL;
  } else {
    caps = {Capability::Shader,
            Capability::Int8,
            Capability::Int16,
            Capability::Int64,
            Capability::Float16,
            Capability::Float64,
            Capability::StorageBuffer8BitAccess,
            Capability::StorageBuffer16BitAccess,
            Capability::GroupNonUniform,
            Capability::GroupNonUniformArithmetic};
    exts = {Extension::SPV_KHR_storage_buffer_storage_class,
            Extension::SPV_KHR_8bit_storage, Extension::SPV_KHR_16bit_storage};
    api = spirv::ClientAPI::Vulkan;
  }
  // OpenCL's sub-group reductions (Groups) are SPIR-V 1.0; Vulkan's
  // non-uniform group operations are 1.3.
  spirv::Version version = flavour == SPIRVFlavour::OpenCL
                               ? spirv::Version::V_1_0
                               : spirv::Version::V_1_3;
  auto triple = spirv::VerCapExtAttr::get(version, caps, exts, ctx);
  return spirv::TargetEnvAttr::get(triple, spirv::getDefaultResourceLimits(ctx),
                                   api);
}

/// OpenCL forbids bool kernel arguments and Vulkan cannot put a bool in a
/// storage buffer, so an i1 argument is passed as one byte (0 or 1): the
/// kernel takes an i8 and truncates it on entry.
void passI1ArgumentsAsI8(gpu::GPUFuncOp kernel) {
  FunctionType type = kernel.getFunctionType();
  SmallVector<Type> inputs(type.getInputs());
  bool changed = false;
  OpBuilder builder(kernel.getContext());
  builder.setInsertionPointToStart(&kernel.front());
  for (unsigned i = 0; i < inputs.size(); ++i) {
    if (!inputs[i].isInteger(1))
      continue;
    BlockArgument arg = kernel.getArgument(i);
    inputs[i] = builder.getI8Type();
    arg.setType(inputs[i]);
    auto trunc = arith::TruncIOp::create(builder, arg.getLoc(),
                                         builder.getI1Type(), arg);
    arg.replaceAllUsesExcept(trunc, trunc);
    changed = true;
  }
  if (changed)
    kernel.setFunctionType(
        FunctionType::get(kernel.getContext(), inputs, type.getResults()));
}

/// The reductions' gpu.subgroup_reduce ops run where whole subgroups reach
/// them. For OpenCL they become sub-group reductions (OpGroup*, capability
/// Groups, SPIR-V 1.0, what Level Zero drivers take); Vulkan has only the
/// non-uniform operations (SPIR-V 1.3), whatever canonicalization inferred.
void useFlavourSubgroupReductions(gpu::GPUFuncOp kernel, SPIRVFlavour flavour) {
  kernel.walk([&](gpu::SubgroupReduceOp op) {
    op.setUniform(flavour == SPIRVFlavour::OpenCL);
  });
}

/// An error (or a note of one) reported while compiling the scratch copy.
struct CapturedDiagnostic {
  Location loc;
  std::string message;
};

struct GpuKernelsToSPIRVBinaryPass
    : imex::impl::GpuKernelsToSPIRVBinaryBase<GpuKernelsToSPIRVBinaryPass> {
  using Base::Base;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(options, errorHandler)))
      return failure();
    for (const std::string &name : flavours)
      if (!imex::codegen::parseFlavour(name))
        return errorHandler("unknown SPIR-V flavour '" + name +
                            "' (expected 'opencl' or 'vulkan')");
    return success();
  }

  void runOnOperation() override;

private:
  LogicalResult processModule(gpu::GPUModuleOp module,
                              ArrayRef<SPIRVFlavour> flavourList);
  FailureOr<std::vector<uint32_t>>
  compileFlavour(gpu::GPUModuleOp module, ArrayRef<gpu::GPUFuncOp> kernels,
                 ArrayRef<KernelInfo> table, SPIRVFlavour flavour);
  LogicalResult runConversion(ModuleOp scratch, SPIRVFlavour flavour,
                              ArrayRef<KernelInfo> table,
                              StringRef spirvModuleName,
                              SmallVectorImpl<uint32_t> &words,
                              std::string &reason);
  void reportCapturedFailure(gpu::GPUModuleOp module,
                             ArrayRef<gpu::GPUFuncOp> kernels,
                             SPIRVFlavour flavour, StringRef what);
  std::optional<WorkgroupSize> getWorkgroupSize(gpu::GPUModuleOp module,
                                                gpu::GPUFuncOp kernel);

  llvm::DenseMap<LaunchKey, LaunchSizes> launchSizes;
  std::vector<CapturedDiagnostic> captured;
};

std::optional<WorkgroupSize>
GpuKernelsToSPIRVBinaryPass::getWorkgroupSize(gpu::GPUModuleOp module,
                                              gpu::GPUFuncOp kernel) {
  if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize()) {
    if (known->size() == 3 &&
        llvm::all_of(*known, [](int32_t v) { return v > 0; }))
      return WorkgroupSize{(*known)[0], (*known)[1], (*known)[2]};
    return std::nullopt;
  }
  auto it = launchSizes.find({module.getNameAttr(), kernel.getNameAttr()});
  if (it == launchSizes.end() || it->second.ambiguous)
    return std::nullopt;
  return it->second.size;
}

void GpuKernelsToSPIRVBinaryPass::runOnOperation() {
  ModuleOp root = getOperation();

  SmallVector<SPIRVFlavour> flavourList;
  for (const std::string &name : flavours) {
    std::optional<SPIRVFlavour> flavour = imex::codegen::parseFlavour(name);
    if (!flavour) {
      root.emitError() << "unknown SPIR-V flavour '" << name
                       << "' (expected 'opencl' or 'vulkan')";
      return signalPassFailure();
    }
    flavourList.push_back(*flavour);
  }
  if (flavourList.empty())
    flavourList = {SPIRVFlavour::OpenCL, SPIRVFlavour::Vulkan};
  // Container order follows the flavour values, not the option order.
  llvm::sort(flavourList);
  flavourList.erase(llvm::unique(flavourList), flavourList.end());

  launchSizes = collectLaunchSizes(root);
  SmallVector<gpu::GPUModuleOp> modules;
  root.walk([&](gpu::GPUModuleOp module) { modules.push_back(module); });

  bool failedAny = false;
  for (gpu::GPUModuleOp module : modules)
    if (failed(processModule(module, flavourList)))
      failedAny = true;
  launchSizes.clear();
  if (failedAny)
    signalPassFailure();
}

LogicalResult
GpuKernelsToSPIRVBinaryPass::processModule(gpu::GPUModuleOp module,
                                           ArrayRef<SPIRVFlavour> flavourList) {
  SmallVector<gpu::GPUFuncOp> kernels;
  for (gpu::GPUFuncOp func : module.getOps<gpu::GPUFuncOp>())
    if (func.isKernel())
      kernels.push_back(func);
  if (kernels.empty())
    return success();

  KernelBinary binary;
  bool ok = true;
  for (gpu::GPUFuncOp kernel : kernels) {
    KernelInfo info{kernel.getName().str(), {}};
    for (auto [i, type] :
         llvm::enumerate(kernel.getFunctionType().getInputs())) {
      std::optional<KernelArgInfo> arg = getKernelArgInfo(type);
      if (!arg) {
        kernel.emitError() << "kernel '" << kernel.getName() << "' argument #"
                           << i << " has type " << type
                           << ", which cannot be passed to a SPIR-V kernel";
        ok = false;
        break;
      }
      info.args.push_back(*arg);
    }
    if (ok && llvm::is_contained(flavourList, SPIRVFlavour::Vulkan))
      imex::codegen::choosePushConstants(
          info, llvm::map_to_vector(kernel.getFunctionType().getInputs(),
                                    getVulkanScalarBytes));
    binary.kernels.push_back(std::move(info));
  }
  if (!ok)
    return failure();

  if (failed(imex::codegen::checkBF16Supported(module)))
    return failure();
  for (SPIRVFlavour flavour : flavourList) {
    FailureOr<std::vector<uint32_t>> words =
        compileFlavour(module, kernels, binary.kernels, flavour);
    if (failed(words)) {
      ok = false;
      continue;
    }
    binary.modules.push_back(FlavourModule{flavour, std::move(*words)});
  }
  if (!ok)
    return failure();

  llvm::Expected<std::string> blob = imex::codegen::writeKernelBinary(binary);
  if (!blob)
    return module.emitError()
           << "cannot write the kernel binary of gpu.module @"
           << module.getName() << ": " << llvm::toString(blob.takeError());
  module->setAttr(kGpuBinaryAttrName,
                  StringAttr::get(module.getContext(), *blob));
  return success();
}

FailureOr<std::vector<uint32_t>> GpuKernelsToSPIRVBinaryPass::compileFlavour(
    gpu::GPUModuleOp module, ArrayRef<gpu::GPUFuncOp> kernels,
    ArrayRef<KernelInfo> table, SPIRVFlavour flavour) {
  MLIRContext *ctx = module.getContext();
  StringRef flavourName = imex::codegen::getFlavourName(flavour);

  SmallVector<std::optional<WorkgroupSize>> sizes;
  bool cannotCompile = false;
  for (gpu::GPUFuncOp kernel : kernels) {
    // Vulkan wraps scalars in storage buffers; vectors have no such ABI.
    if (flavour == SPIRVFlavour::Vulkan) {
      for (auto [i, type] :
           llvm::enumerate(kernel.getFunctionType().getInputs())) {
        if (isa<MemRefType>(type) || type.isIntOrIndexOrFloat())
          continue;
        kernel.emitError() << "kernel '" << kernel.getName() << "' argument #"
                           << i << " has type " << type << ", which the "
                           << flavourName
                           << " flavour cannot pass (only memrefs and scalars)";
        cannotCompile = true;
      }
    }
    sizes.push_back(getWorkgroupSize(module, kernel));
    if (!sizes.back() && flavour == SPIRVFlavour::Vulkan) {
      kernel.emitError()
          << "kernel '" << kernel.getName() << "' in gpu.module @"
          << module.getName() << " has no constant work-group size, which "
          << "the " << flavourName
          << " flavour needs: give it a known_block_size or launch it only "
             "with one set of constant block sizes";
      cannotCompile = true;
    }
  }
  if (cannotCompile)
    return failure();

  // The scratch copy, with the flavour's target and entry point ABI, in a
  // module of its own inside the compiled one (dynamic pipelines run on
  // nested operations only); erased when done.
  ModuleOp root = getOperation();
  OpBuilder builder = OpBuilder::atBlockEnd(root.getBody());
  auto scratch = ModuleOp::create(
      builder, module.getLoc(),
      ("imexc.spirv_scratch." + module.getName() + "." + flavourName).str());
  llvm::scope_exit eraseScratch([&] { scratch.erase(); });
  builder.setInsertionPointToStart(scratch.getBody());
  auto copy = cast<gpu::GPUModuleOp>(builder.clone(*module));
  copy->removeAttr(kGpuBinaryAttrName);
  imex::codegen::makeIntegersSignless(copy);
  copy->setAttr(spirv::getTargetEnvAttrName(), getTargetEnv(ctx, flavour));
  for (auto [index, kernel] : llvm::enumerate(kernels)) {
    auto kernelCopy =
        copy.lookupSymbol<gpu::GPUFuncOp>(gpu::GPUFuncOp(kernel).getNameAttr());
    ArrayRef<int32_t> workgroup;
    if (sizes[index])
      workgroup = *sizes[index];
    kernelCopy->setAttr(spirv::getEntryPointABIAttrName(),
                        spirv::getEntryPointABIAttr(ctx, workgroup));
    passI1ArgumentsAsI8(kernelCopy);
    useFlavourSubgroupReductions(kernelCopy, flavour);
    // Vulkan: every argument is a storage buffer at set 0, binding = its
    // position (scalars wrapped in a struct; push constants are moved out
    // after lowering); set explicitly so that no attribute on the source
    // kernel can change that ABI.
    unsigned numInputs = kernelCopy.getFunctionType().getNumInputs();
    for (unsigned i = 0; i < numInputs; ++i) {
      kernelCopy.removeArgAttr(i, spirv::getInterfaceVarABIAttrName());
      if (flavour != SPIRVFlavour::Vulkan)
        continue;
      std::optional<spirv::StorageClass> storage;
      if (kernelCopy.getArgument(i).getType().isIntOrIndexOrFloat())
        storage = spirv::StorageClass::StorageBuffer;
      kernelCopy.setArgAttr(i, spirv::getInterfaceVarABIAttrName(),
                            spirv::getInterfaceVarABIAttr(0, i, storage, ctx));
    }
  }

  SmallVector<uint32_t> words;
  std::string reason;
  std::string spirvModuleName = ("__spv__" + module.getName()).str();
  if (failed(runConversion(scratch, flavour, table, spirvModuleName, words,
                           reason))) {
    reportCapturedFailure(module, kernels, flavour, reason);
    return mlir::failure();
  }

  if (!dumpDir.empty()) {
    SmallString<128> path(dumpDir);
    llvm::sys::path::append(path,
                            module.getName() + "." + flavourName + ".spv");
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
    if (ec)
      return module.emitError()
             << "cannot write '" << path << "': " << ec.message();
    os.write(reinterpret_cast<const char *>(words.data()),
             words.size() * sizeof(uint32_t));
  }

  std::string messages;
  if (!imex::codegen::validateSPIRV(words, flavour, messages)) {
    module.emitError() << describeKernels(kernels, module)
                       << ": invalid SPIR-V for the " << flavourName
                       << " flavour (validated as "
                       << imex::codegen::getValidationEnvName(words, flavour)
                       << "): " << messages;
    return mlir::failure();
  }
  return std::vector<uint32_t>(words.begin(), words.end());
}

LogicalResult GpuKernelsToSPIRVBinaryPass::runConversion(
    ModuleOp scratch, SPIRVFlavour flavour, ArrayRef<KernelInfo> table,
    StringRef spirvModuleName, SmallVectorImpl<uint32_t> &words,
    std::string &reason) {
  MLIRContext *ctx = scratch.getContext();
  imex::codegen::expandIntegerPowers(scratch);
  if (failed(imex::codegen::expandMathForFlavour(scratch, flavour))) {
    reason = "cannot expand the math ops the flavour lacks";
    return mlir::failure();
  }
  captured.clear();
  // Everything the nested passes report becomes a note on our own error;
  // the op dumps the conversion driver attaches are dropped.
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return failure(); // warnings and remarks go to the usual handlers
    captured.push_back({diag.getLocation(), diag.str()});
    for (Diagnostic &note : diag.getNotes())
      if (!StringRef(note.str()).starts_with("see current operation"))
        captured.push_back({note.getLocation(), note.str()});
    return success();
  });

  // bf16, which SPIR-V lacks (the conversion would take it for f32 and
  // read the wrong words): arithmetic in f32, conversions on integer bits,
  // then the values as their i16 bits.
  OpPassManager emulate(ModuleOp::getOperationName());
  math::MathExtendToSupportedTypesOptions mathInF32;
  mathInF32.extraTypeStrs = {"f16"};
  emulate.nest<gpu::GPUModuleOp>().addPass(
      math::createMathExtendToSupportedTypes(mathInF32));
  arith::ArithEmulateUnsupportedFloatsOptions inF32;
  inF32.sourceTypeStrs = {"bf16"};
  emulate.nest<gpu::GPUModuleOp>().addPass(
      arith::createArithEmulateUnsupportedFloats(inF32));
  emulate.nest<gpu::GPUModuleOp>().addPass(imex::createExpandBF16Conversions());
  if (failed(runPipeline(emulate, scratch))) {
    reason = "cannot emulate bf16";
    return mlir::failure();
  }
  imex::codegen::storeBF16AsBits(scratch);

  OpPassManager convert(ModuleOp::getOperationName());
  OpPassManager &perModule = convert.nest<gpu::GPUModuleOp>();
  // Before arith-expand, whose max/min lose signed zeros.
  perModule.addPass(imex::createExactFloatMinMax());
  perModule.addPass(arith::createArithExpandOpsPass());
  math::MathExpandOpsPassOptions expand;
  // Math ops the SPIR-V patterns have no instruction for.
  expand.opMnemonics = {"ctlz", "exp2", "fpowi"};
  perModule.addPass(createMathExpandOpsPass(expand));
  perModule.addPass(imex::createForResultsToWhile());
  perModule.addPass(createConvertMathToSPIRVPass());
  // MLIR 22 creates this pass with its options only from a string.
  std::unique_ptr<Pass> gpuToSPIRV =
      createConvertGPUToSPIRVPass(/*mapMemorySpace=*/true);
  if (failed(gpuToSPIRV->initializeOptions(
          flavour == SPIRVFlavour::OpenCL ? "use-64bit-index=true"
                                          : "use-64bit-index=false",
          [](const Twine &) { return mlir::failure(); }))) {
    reason = "internal error: cannot configure convert-gpu-to-spirv";
    return mlir::failure();
  }
  convert.addPass(std::move(gpuToSPIRV));
  if (failed(runPipeline(convert, scratch))) {
    reason = "cannot convert to SPIR-V";
    return mlir::failure();
  }

  // OpenCL places the spirv.module inside the gpu.module, Vulkan beside it.
  spirv::ModuleOp spirvModule;
  scratch.walk([&](spirv::ModuleOp candidate) {
    if (candidate.getSymName() == spirvModuleName)
      spirvModule = candidate;
  });
  if (!spirvModule) {
    reason = "the SPIR-V conversion produced no spirv.module @" +
             spirvModuleName.str();
    return mlir::failure();
  }

  OpPassManager lowerABI(spirv::ModuleOp::getOperationName());
  lowerABI.addPass(spirv::createSPIRVLowerABIAttributesPass());
  if (failed(runPipeline(lowerABI, spirvModule))) {
    reason = "cannot lower the SPIR-V ABI attributes";
    return mlir::failure();
  }
  if (flavour == SPIRVFlavour::Vulkan &&
      failed(imex::codegen::useVectorBufferElements(spirvModule,
                                                    vulkanInt64Loads))) {
    reason = "cannot give vector accesses their own buffer elements";
    return mlir::failure();
  }
  if (flavour == SPIRVFlavour::Vulkan &&
      failed(imex::codegen::passPushConstants(spirvModule, table))) {
    reason = "cannot pass scalars as push constants";
    return mlir::failure();
  }
  // After the rewrites above, which may add 64-bit words (Int64).
  OpPassManager updateVCE(spirv::ModuleOp::getOperationName());
  updateVCE.addPass(spirv::createSPIRVUpdateVCEPass());
  if (failed(runPipeline(updateVCE, spirvModule))) {
    reason = "cannot deduce the SPIR-V module's capabilities";
    return mlir::failure();
  }

  llvm::SetVector<StringRef> entryPoints;
  for (auto entry : spirvModule.getOps<spirv::EntryPointOp>())
    entryPoints.insert(entry.getFn());
  for (auto kernel : scratch.getOps<gpu::GPUModuleOp>()) {
    for (auto func : kernel.getOps<gpu::GPUFuncOp>())
      if (func.isKernel() && !entryPoints.contains(func.getName()))
        captured.push_back({func.getLoc(), "no entry point '" +
                                               func.getName().str() +
                                               "' in the SPIR-V module"});
  }
  if (!captured.empty()) {
    reason = "cannot convert to SPIR-V";
    return mlir::failure();
  }

  spirv::SerializationOptions options;
  options.emitSymbolName = true;
  options.emitDebugInfo = false;
  if (failed(spirv::serialize(spirvModule, words, options))) {
    reason = "cannot serialize the SPIR-V module";
    return mlir::failure();
  }
  return success();
}

void GpuKernelsToSPIRVBinaryPass::reportCapturedFailure(
    gpu::GPUModuleOp module, ArrayRef<gpu::GPUFuncOp> kernels,
    SPIRVFlavour flavour, StringRef what) {
  // Name the kernels the captured diagnostics point into (clones keep the
  // locations of the originals); all of them if none can be told.
  llvm::DenseMap<Location, unsigned> kernelOfLoc;
  for (auto [index, kernel] : llvm::enumerate(kernels))
    kernel->walk([&, index = index](Operation *op) {
      kernelOfLoc.try_emplace(op->getLoc(), index);
    });
  llvm::SetVector<unsigned> failing;
  for (const CapturedDiagnostic &diag : captured) {
    auto it = kernelOfLoc.find(diag.loc);
    if (it != kernelOfLoc.end())
      failing.insert(it->second);
  }
  SmallVector<gpu::GPUFuncOp> named;
  if (failing.empty())
    named.assign(kernels.begin(), kernels.end());
  else
    for (unsigned index : failing)
      named.push_back(kernels[index]);

  InFlightDiagnostic error = module.emitError()
                             << describeKernels(named, module) << ": " << what
                             << " for the "
                             << imex::codegen::getFlavourName(flavour)
                             << " flavour";
  bool wideFloatInGLSL = false;
  for (const CapturedDiagnostic &diag : captured) {
    error.attachNote(diag.loc) << diag.message;
    wideFloatInGLSL |= StringRef(diag.message).contains("16/32-bit float");
  }
  if (flavour == SPIRVFlavour::Vulkan && wideFloatInGLSL)
    error.attachNote()
        << "Vulkan's GLSL.std.450 instructions (exp, log, sin, tanh, pow, "
           "...) take 16- and 32-bit floats only: compute them in f32 (in "
           ".nda, x.astype(f32)), or embed only the Level Zero flavour, whose "
           "OpenCL instructions take f64 (--gpu-runtime=level-zero)";
  captured.clear();
}

} // namespace
