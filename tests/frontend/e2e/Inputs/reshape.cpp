#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<int64_t> g;
  for (int i = 0; i < 15; ++i)
    g.push_back(i);
  imexc_grid_result rg;
  _mlir_ciface_grid(&rg, 5);
  expect2("grid", rg.r0, g, 5, 3, 0);

  std::vector<float> m(8), wf;
  for (int i = 0; i < 8; ++i) {
    m[i] = i * 1.5f - 4;
    wf.push_back(m[i] + 1.0f);
  }
  auto mm = view2<imexc_memref_2d_f32>(m, 2, 4);
  imexc_flat_result rf;
  _mlir_ciface_flat(&rf, &mm);
  expect1("flat", rf.r0, wf, 0);

  std::vector<double> x(12), ws(3, 0);
  for (int i = 0; i < 12; ++i) {
    x[i] = 1.0 / (i + 1);
    ws[i / 4] += x[i];
  }
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_regroup_result rr;
  _mlir_ciface_regroup(&rr, &mx);
  expect1("regroup", rr.r0, ws, 1e-12);
  return finish();
}
