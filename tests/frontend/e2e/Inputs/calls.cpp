#include "check.h"
#include "prog.h"
#include <algorithm>
using namespace e2e;
int main() {
  std::vector<double> v = {3, -4, 12, 0.5, -7};
  double n = 0;
  for (double x : v)
    n += x * x;
  n = std::sqrt(n);
  std::vector<double> wn, wr;
  for (double x : v)
    wn.push_back(x / n);
  double lo = *std::min_element(v.begin(), v.end()),
         hi = *std::max_element(v.begin(), v.end());
  for (double x : v)
    wr.push_back((x - lo) / (hi - lo));
  auto mv = view1<imexc_memref_1d_f64>(v);
  expect("norm2", _mlir_ciface_norm2(&mv), n, 1e-14);
  imexc_normalize_result rn;
  _mlir_ciface_normalize(&rn, &mv);
  expect1("normalize", rn.r0, wn, 1e-14);
  imexc_rescale_result rr;
  _mlir_ciface_rescale(&rr, &mv);
  expect1("rescale", rr.r0, wr, 1e-14);
  expect("rescale range^2", rr.r1, (hi - lo) * (hi - lo), 1e-14);
  imexc_minmax_result mm;
  _mlir_ciface_minmax(&mm, &mv);
  expect("min", mm.r0, lo, 0);
  expect("max", mm.r1, hi, 0);
  expect("hyp", _mlir_ciface_hyp(5, 12), 13, 1e-15);
  expect("sq", _mlir_ciface_sq(-1.5), 2.25, 0);
  return finish();
}
