//===- NDArrayOps.td - ndarray dialect: array semantics on tensors --------===//

#ifndef IMEX_NDARRAY_OPS
#define IMEX_NDARRAY_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def NDArray_Dialect : Dialect {
  let name = "ndarray";
  let cppNamespace = "::imex::ndarray";
  let summary = "NumPy-like array operations on builtin ranked tensors";
  let useDefaultAttributePrinterParser = 0;
}

class NDArray_Op<string mnemonic, list<Trait> traits = []>
    : Op<NDArray_Dialect, mnemonic, traits>;

#endif // IMEX_NDARRAY_OPS
