#include "check.h"
#include "prog.h"
#include <cmath>
using namespace e2e;
// NumPy's argmax/argmin: the first NaN, else the first extreme.
template <typename T>
int64_t numpyArg(const T *v, int64_t n, int64_t stride, bool isMax) {
  int64_t best = 0;
  for (int64_t i = 0; i < n; ++i) {
    T x = v[i * stride], b = v[best * stride];
    if (std::isnan((double)x))
      return i;
    if (isMax ? x > b : x < b)
      best = i;
  }
  return best;
}
// Values 0..1008 with every value once per 1009 elements, so that each
// extreme recurs in every workgroup's share.
double cyclic(int64_t k, int64_t shift) { return (k * 7919 + shift) % 1009; }
int main() {
  const int64_t n = 300007;
  std::vector<float> x(n);
  for (int64_t k = 0; k < n; ++k)
    x[k] = cyclic(k, 0);
  auto mx = view1<imexc_memref_1d_f32>(x);
  expect("peak", (double)_mlir_ciface_peak(&mx),
         (double)numpyArg(x.data(), n, 1, true), 0);
  x[250000] = x[280000] = 2000;
  expect("peak late", (double)_mlir_ciface_peak(&mx), 250000, 0);
  x[290000] = NAN;
  expect("peak NaN", (double)_mlir_ciface_peak(&mx), 290000, 0);
  x[70000] = NAN;
  expect("peak first NaN", (double)_mlir_ciface_peak(&mx), 70000, 0);

  const int64_t rows = 3, cols = 100003;
  std::vector<double> m(rows * cols);
  for (int64_t k = 0; k < rows * cols; ++k)
    m[k] = cyclic(k, 5) - 0.25 * (k % 2);
  auto mm = view2<imexc_memref_2d_f64>(m, rows, cols);
  expect("flat_trough", (double)_mlir_ciface_flat_trough(&mm),
         (double)numpyArg(m.data(), rows * cols, 1, false), 0);

  const int64_t tall = 70001;
  std::vector<int32_t> t(tall * 3);
  for (int64_t k = 0; k < tall * 3; ++k)
    t[k] = (int32_t)cyclic(k, 0) - 500;
  std::vector<int64_t> peaks;
  for (int64_t j = 0; j < 3; ++j)
    peaks.push_back(numpyArg(t.data() + j, tall, 3, true));
  auto mt = view2<imexc_memref_2d_i32>(t, tall, 3);
  imexc_column_peaks_result rc;
  _mlir_ciface_column_peaks(&rc, &mt);
  expect1("column_peaks", rc.r0, peaks, 0);

  const int64_t wide = 70001;
  std::vector<float> w(4 * wide);
  for (int64_t k = 0; k < 4 * wide; ++k)
    w[k] = cyclic(k, 3);
  w[2 * wide + 5000] = NAN;
  std::vector<int64_t> troughs;
  for (int64_t i = 0; i < 4; ++i)
    troughs.push_back(numpyArg(w.data() + i * wide, wide, 1, false));
  auto mw = view2<imexc_memref_2d_f32>(w, 4, wide);
  imexc_row_troughs_result rr;
  _mlir_ciface_row_troughs(&rr, &mw);
  expect1("row_troughs", rr.r0, troughs, 0);
  return finish();
}
