//===- GPUXOps.td - gpux dialect: GPU runtime ops with explicit streams ---===//

#ifndef IMEX_GPUX_OPS
#define IMEX_GPUX_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def GPUX_Dialect : Dialect {
  let name = "gpux";
  let cppNamespace = "::imex::gpux";
  let summary = "GPU runtime operations on explicit device/context/stream handles";
}

class GPUX_Op<string mnemonic, list<Trait> traits = []>
    : Op<GPUX_Dialect, mnemonic, traits>;

#endif // IMEX_GPUX_OPS
