//===- imex-opt.cpp - mlir-opt with the imex dialects and passes ----------===//

#include "InitImex.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  imex::registerAllPassesAndPipelines();
  mlir::DialectRegistry registry;
  imex::registerAllDialectsAndExtensions(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "imex optimizer driver\n", registry));
}
