#include "check.h"
#include "prog.h"
#include <algorithm>
using namespace e2e;
int main() {
  imexc_filled_result r;
  _mlir_ciface_filled(&r, 3, 4, -0.75);
  expect2("filled", r.r0, std::vector<double>(12, 0.25), 3, 4, 0);
  expect("sum(full)", r.r1, 12 * -0.75, 0);

  std::vector<int32_t> wi;
  for (int i = 0; i < 9; ++i)
    wi.push_back(3 * i);
  imexc_int_grid_result ri;
  _mlir_ciface_int_grid(&ri, 9);
  expect1("int_grid", ri.r0, wi, 0);

  std::vector<float> x = {-1, 0.25f, 3, 0.75f, -8}, y = {0, 1, 2, 0.5f, -9},
                     wmax, wmin;
  for (int i = 0; i < 5; ++i) {
    wmax.push_back(std::max(x[i], y[i]));
    wmin.push_back(std::min(x[i], 0.5f));
  }
  auto mx = view1<imexc_memref_1d_f32>(x);
  auto my = view1<imexc_memref_1d_f32>(y);
  imexc_clamp_result rc;
  _mlir_ciface_clamp(&rc, &mx, &my);
  expect1("maximum", rc.r0, wmax, 0);
  expect1("minimum", rc.r1, wmin, 0);
  return finish();
}
