#include "check.h"
#include "prog.h"
using namespace e2e;
template <typename T> int64_t amax(const std::vector<T> &v) {
  int64_t b = 0;
  for (size_t i = 1; i < v.size(); ++i)
    if (v[i] > v[b])
      b = i;
  return b;
}
template <typename T> int64_t amin(const std::vector<T> &v) {
  int64_t b = 0;
  for (size_t i = 1; i < v.size(); ++i)
    if (v[i] < v[b])
      b = i;
  return b;
}
int main() {
  std::vector<double> x = {0.5, 3.0, -1.0, 3.0, -1.0, 2.0};
  auto mx = view1<imexc_memref_1d_f64>(x);
  imexc_extremes_result r;
  _mlir_ciface_extremes(&r, &mx);
  expect("argmax", (double)r.r0, (double)amax(x), 0);
  expect("argmin", (double)r.r1, (double)amin(x), 0);

  std::vector<int32_t> i = {3, -9, 4, 9, -2}, sq;
  for (int v : i)
    sq.push_back(v * v);
  auto mi = view1<imexc_memref_1d_i32>(i);
  expect("peak_of_square", (double)_mlir_ciface_peak_of_square(&mi),
         (double)amax(sq), 0);

  std::vector<float> m(12);
  for (int k = 0; k < 12; ++k)
    m[k] = (float)((k * 5) % 12) - 0.5f * (k % 3);
  auto mm = view2<imexc_memref_2d_f32>(m, 3, 4);
  expect("flat_argmax", (double)_mlir_ciface_flat_argmax(&mm), (double)amax(m),
         0);
  expect("flat_argmin_2d", (double)_mlir_ciface_flat_argmin_2d(&mm),
         (double)amin(m), 0);

  // Columns and rows, with ties (first occurrence wins).
  std::vector<float> t = {1, 7, 7, 0, 5, 7, 2, 0, 5, 1, 2, -3};
  auto mt = view2<imexc_memref_2d_f32>(t, 3, 4);
  std::vector<int64_t> cols, rows;
  for (int j = 0; j < 4; ++j) {
    std::vector<float> c = {t[j], t[4 + j], t[8 + j]};
    cols.push_back(amax(c));
  }
  for (int i = 0; i < 3; ++i)
    rows.push_back(
        amin(std::vector<float>(t.begin() + 4 * i, t.begin() + 4 * i + 4)));
  imexc_argmax_columns_result rc;
  _mlir_ciface_argmax_columns(&rc, &mt);
  expect1("argmax_columns", rc.r0, cols, 0);
  imexc_argmin_rows_result rr;
  _mlir_ciface_argmin_rows(&rr, &mt);
  expect1("argmin_rows", rr.r0, rows, 0);

  // NumPy: np.argmax(m) == 2, np.argmin(m) == 2, argmax(axis=0) == [0 1 0 1],
  // argmin(axis=1) == [2 3 0].
  const double nan = std::nan("");
  std::vector<double> n = {1, 5, nan, 2, -7, 9, 3, nan, 0, 4, 4, 1};
  auto mn = view2<imexc_memref_2d_f64>(n, 3, 4);
  imexc_nan_extremes_result rn;
  _mlir_ciface_nan_extremes(&rn, &mn);
  expect("nan argmax", (double)rn.r0, 2, 0);
  expect("nan argmin", (double)rn.r1, 2, 0);
  expect1("nan argmax axis 0", rn.r2, std::vector<int64_t>{0, 1, 0, 1}, 0);
  expect1("nan argmin axis 1", rn.r3, std::vector<int64_t>{2, 3, 0}, 0);

  std::vector<double> line = {2, 8, 8, -1};
  auto ml = view1<imexc_memref_1d_f64>(line);
  expect("along_only_axis", (double)_mlir_ciface_along_only_axis(&ml), 1, 0);
  return finish();
}
