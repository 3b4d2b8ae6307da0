#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  std::vector<double> x(10), w;
  for (int i = 0; i < 10; ++i)
    x[i] = 0.5 * i;
  w = x;
  for (int i = 0; i < 3; ++i)
    w[i] = 9.0;
  for (int i = 4; i < 10; i += 2)
    w[i] = -1.0;
  std::vector<double> x0 = x;
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_fill_result r;
  _mlir_ciface_fill(&r, &mx);
  expect1("fill", r.r0, w, 0);
  expect1("input unchanged", mx, x0, 0);

  const int R = 3, C = 4;
  std::vector<int64_t> m(R * C), row(C), want(R * C, 0);
  for (int i = 0; i < R * C; ++i)
    m[i] = i + 1;
  for (int j = 0; j < C; ++j)
    row[j] = 100 + j;
  for (int j = 0; j < C; ++j)
    want[1 * C + j] = row[j];
  for (int i = 0; i < R; ++i)
    want[i * C] = m[i * C] * 10;
  want[(R - 1) * C + C - 1] = 42;
  auto mm = view2<imexc_memref_2d_i64>(m, R, C);
  auto mr = view1<imexc_memref_1d_i64>(row);
  imexc_set_rows_result s;
  _mlir_ciface_set_rows(&s, &mm, &mr);
  expect2("set_rows", s.r0, want, R, C, 0);
  return finish();
}
