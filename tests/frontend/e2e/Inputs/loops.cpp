#include "check.h"
#include "prog.h"
#include <string>
#include <tuple>
using namespace e2e;
// Python's range(a, b, s).
static std::vector<int64_t> pyRange(int64_t a, int64_t b, int64_t s) {
  std::vector<int64_t> r;
  for (int64_t i = a; s > 0 ? i < b : i > b; i += s)
    r.push_back(i);
  return r;
}

int main(int argc, char **argv) {
  if (argc > 1 && std::string(argv[1]) == "zero-step")
    _mlir_ciface_any_step(0, 5, 0); // stops the program
  for (int64_t n : {0, 1, 7}) {
    int64_t t = 0, k = 1;
    for (int64_t i : pyRange(n, 0, -1))
      t += i * k++;
    expect("countdown", (double)_mlir_ciface_countdown(n), (double)t, 0);
  }
  for (auto [a, b, st] : {std::tuple<int64_t, int64_t, int64_t>{0, 10, 3},
                          {10, 0, -3},
                          {-2, 5, 1},
                          {5, -2, -1},
                          {3, 3, 2},
                          {0, 10, -1}}) {
    int64_t t = 0;
    for (int64_t i : pyRange(a, b, st))
      t = t * 3 + i;
    expect("any_step", (double)_mlir_ciface_any_step(a, b, st), (double)t, 0);
  }

  for (int64_t n : {0, 1, 10, 1000}) {
    int64_t t = 0;
    for (int64_t i = 0; i < n; ++i)
      t += i * i;
    expect("sum_squares", (double)_mlir_ciface_sum_squares(n), (double)t, 0);
  }
  const int R = 3, C = 5;
  std::vector<double> m(R * C), v(C), w(R, 0);
  for (int i = 0; i < R * C; ++i)
    m[i] = std::sin(i + 1.0);
  for (int j = 0; j < C; ++j)
    v[j] = j - 2.0;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      w[i] += m[i * C + j] * v[j];
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
      if (x[i] > t) {
        want = i;
        break;
      }
    expect("first_above", (double)_mlir_ciface_first_above(&mx, t),
           (double)want, 0);
  }
  int64_t s = 0;
  for (int64_t i = 3; i < 30; i += 4)
    s = s * 3 + i;
  expect("stepped", (double)_mlir_ciface_stepped(3, 30), (double)s, 0);
  return finish();
}
