#include "b/k.h"

double squareOf(double x) { return _mlir_ciface_square(x); }
