#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  for (double x : {-5.0, -1.0, -0.5, 0.0, 0.1, 8.0}) {
    int want = x < -1 ? -2 : x < 0 ? -1 : x == 0 ? 0 : 1;
    expect("classify", _mlir_ciface_classify(x), want, 0);
  }
  for (int64_t x : {-1, 0, 2, 5, 9, 10}) {
    bool want = (x >= 2 && x < 9) || x == -1;
    expect("in_band", _mlir_ciface_in_band(x, 2, 9), want, 0);
  }
  for (float x : {-3.0f, 0.0f, 1.5f, 2.0f, 4.0f}) {
    float want = x > 2 ? x * x : !(x > 0) ? -x : x + 10;
    expect("piecewise", _mlir_ciface_piecewise(x), want, 0);
  }
  return finish();
}
