//===- InitImex.cpp - register everything imexc provides ------------------===//

#include "InitImex.h"

#include "CodeGen/Passes.h"
#include "Conversion/Passes.h"
#include "Pipelines.h"
#include "Transforms/Passes.h"

#include "gpux/IR/GPUX.h"
#include "ndarray/IR/NDArray.h"
#include "ndarray/Transforms/BufferizableOpInterfaceImpl.h"
#include "ndarray/Transforms/ShardingInterfaceImpl.h"
#include "region/IR/Region.h"
#include "region/Transforms/BufferizableOpInterfaceImpl.h"
#include "region/Transforms/Passes.h"
#include "vector_ext/IR/VectorExt.h"
#include "vector_ext/Transforms/BufferizableOpInterfaceImpl.h"
#include "vector_ext/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void imex::registerImexDialects(mlir::DialectRegistry &registry) {
  registry.insert<region::RegionDialect, ndarray::NDArrayDialect,
                  gpux::GPUXDialect,
                  mlir::iree_compiler::IREE::VectorExt::IREEVectorExtDialect>();
  region::registerBufferizableOpInterfaceExternalModels(registry);
  ndarray::registerBufferizableOpInterfaceExternalModels(registry);
  ndarray::registerShardingInterfaceExternalModels(registry);
  mlir::iree_compiler::IREE::VectorExt::
      registerBufferizableOpInterfaceExternalModels(registry);
}

void imex::registerAllDialectsAndExtensions(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerImexDialects(registry);
}

void imex::registerAllPassesAndPipelines() {
  mlir::registerAllPasses();
  region::registerRegionPasses();
  registerImexCodeGenPasses();
  mlir::iree_compiler::IREE::VectorExt::registerVectorExtPasses();
  registerImexConversionPasses();
  registerImexTransformsPasses();
  registerNamedPipelines();
}
