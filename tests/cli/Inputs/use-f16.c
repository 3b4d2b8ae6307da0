/* Calls the f16 function of half.mlir from C (and, renamed .cpp, C++). */
#include "half.h"
#include <stdio.h>
int main(void) {
  imexc_f16 r =
      _mlir_ciface_hfma((imexc_f16)1.5f, (imexc_f16)2.0f, (imexc_f16)0.25f);
  printf("hfma = %g\n", (double)(float)r);
  return 0;
}
