#include "check.h"
#include "prog.h"
#include <algorithm>
using namespace e2e;
int main() {
  const int R = 4, C = 3;
  std::vector<double> m(R * C);
  for (int i = 0; i < R * C; ++i)
    m[i] = 1.0 + 0.1 * ((i * 7) % 11) - (i % 2 ? 0.5 : 0.0);
  std::vector<double> s0(C, 0), mean0(C, 0), mx(R), mn(R);
  double p = 1;
  for (int i = 0; i < R; ++i) {
    mx[i] = mn[i] = m[i * C];
    for (int j = 0; j < C; ++j) {
      double v = m[i * C + j];
      s0[j] += v;
      mx[i] = std::max(mx[i], v);
      mn[i] = std::min(mn[i], v);
      p *= v;
    }
  }
  for (int j = 0; j < C; ++j)
    mean0[j] = s0[j] / R;
  auto mm = view2<imexc_memref_2d_f64>(m, R, C);
  imexc_reduce_result r;
  _mlir_ciface_reduce(&r, &mm);
  expect1("sum0", r.r0, s0, 1e-12);
  expect1("max1", r.r1, mx, 1e-12);
  expect1("min1", r.r2, mn, 1e-12);
  expect1("mean0", r.r3, mean0, 1e-12);
  expect("prod", r.r4, p, 1e-12);
  return finish();
}
