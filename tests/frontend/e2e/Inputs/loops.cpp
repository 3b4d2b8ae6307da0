#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  for (int64_t n : {0, 1, 10, 1000}) {
    int64_t t = 0;
    for (int64_t i = 0; i < n; ++i) t += i * i;
    expect("sum_squares", (double)_mlir_ciface_sum_squares(n), (double)t, 0);
  }
  const int R = 3, C = 5;
  std::vector<double> m(R * C), v(C), w(R, 0);
  for (int i = 0; i < R * C; ++i) m[i] = std::sin(i + 1.0);
  for (int j = 0; j < C; ++j) v[j] = j - 2.0;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) w[i] += m[i * C + j] * v[j];
  auto mm = view2<imexc_memref_2d_f64>(m, R, C);
  auto mv = view1<imexc_memref_1d_f64>(v);
  imexc_manual_matvec_result r;
  _mlir_ciface_manual_matvec(&r, &mm, &mv);
  expect1("manual_matvec", r.r0, w, 1e-12);

  std::vector<float> x = {0.5f, -1, 2.5f, 4, 1};
  auto mx = view1<imexc_memref_1d_f32>(x);
  for (float t : {0.0f, 1.0f, 3.0f, 10.0f}) {
    int64_t want = -1;
    for (int i = 0; i < 5; ++i)
      if (x[i] > t) { want = i; break; }
    expect("first_above", (double)_mlir_ciface_first_above(&mx, t), (double)want, 0);
  }
  int64_t s = 0;
  for (int64_t i = 3; i < 30; i += 4) s = s * 3 + i;
  expect("stepped", (double)_mlir_ciface_stepped(3, 30), (double)s, 0);
  return finish();
}
