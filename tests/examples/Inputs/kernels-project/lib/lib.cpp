#include "k.h"

double squareViaLibrary(double x) { return _mlir_ciface_square(x); }
