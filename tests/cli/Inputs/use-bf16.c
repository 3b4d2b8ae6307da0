/* Calls the f16/bf16 function of half.mlir; needs a compiler with __bf16. */
#include "half.h"
#include <stdio.h>
int main(void) {
  imexc_hpair_result r;
  _mlir_ciface_hpair(&r, (imexc_f16)1.25f, (imexc_bf16)3.0f);
  printf("hpair = %g %g\n", (double)(float)r.r0, (double)(float)r.r1);
  return 0;
}
