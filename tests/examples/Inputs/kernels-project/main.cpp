#include "a/k.h"

#include <cstdio>

double squareOf(double x); // square.cpp, which includes b/k.h

int main() {
  std::printf("twice(3) = %g, square(3) = %g\n", _mlir_ciface_twice(3.0),
              squareOf(3.0));
  return 0;
}
