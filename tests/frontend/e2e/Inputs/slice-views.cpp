#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<double> x(9);
  for (int i = 0; i < 9; ++i)
    x[i] = i * i - 3.0;
  std::vector<double> w;
  for (int i = 1; i < 9; i += 2)
    w.push_back(x[i]);
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_odd_result r;
  _mlir_ciface_odd(&r, &mx);
  expect1("odd", r.r0, w, 0);

  const int R = 4, C = 5;
  std::vector<int32_t> m(R * C), wb;
  for (int i = 0; i < R * C; ++i)
    m[i] = 3 * i - 7;
  for (int i = 1; i < 3; ++i)
    for (int j = 2; j < C; ++j)
      wb.push_back(m[i * C + j]);
  auto mm = view2<imexc_memref_2d_i32>(m, R, C);
  imexc_block_result b;
  _mlir_ciface_block(&b, &mm);
  expect2("block", b.r0, wb, 2, C - 2, 0);

  std::vector<float> f(R * C), wc;
  for (int i = 0; i < R * C; ++i)
    f[i] = 0.5f * i;
  for (int i = 0; i < R; ++i)
    wc.push_back(f[i * C + 1]);
  auto mf = view2<imexc_memref_2d_f32>(f, R, C);
  imexc_column_result c;
  _mlir_ciface_column(&c, &mf);
  expect1("column", c.r0, wc, 0);
  return finish();
}
