#include "k.h"

#include <stdio.h>

int main(void) {
  printf("twice(4) from C = %g\n", _mlir_ciface_twice(4.0));
  return 0;
}
