#include "check.h"
#include "prog.h"
using namespace e2e;

int main() {
  std::vector<double> x = {3, 1.5, -2, 7, 150, 4, -1, 0.5};
  auto mx = view1<imexc_memref_1d_f64>(x);
  for (double v : {3.0, 7.0, 0.5, 9.0}) {
    int64_t want = -1;
    for (size_t i = 0; i < x.size(); ++i)
      if (x[i] == v) {
        want = (int64_t)i;
        break;
      }
    expect("find", (double)_mlir_ciface_find(&mx, v), (double)want, 0);
  }
  for (double v : {2.5, -0.5, 0.0})
    expect("sign_class", (double)_mlir_ciface_sign_class(v),
           v > 0   ? 1
           : v < 0 ? -1
                   : 0,
           0);

  double prefix = 0;
  for (double e : x) {
    if (e < 0)
      break;
    prefix += e;
  }
  expect("prefix_sum", _mlir_ciface_prefix_sum(&mx), prefix, 1e-12);

  for (double limit : {2.0, 5.0, 1000.0}) {
    int64_t c = 0;
    for (double e : x) {
      if (e < 0)
        continue;
      if (e > 100)
        break;
      if (e >= limit)
        continue;
      ++c;
    }
    expect("count_small", (double)_mlir_ciface_count_small(&mx, limit),
           (double)c, 0);
  }

  const int R = 4, C = 3;
  std::vector<double> m(R * C);
  for (int i = 0; i < R * C; ++i)
    m[i] = std::sin(1.0 + i) * 10;
  auto mm = view2<imexc_memref_2d_f64>(m, R, C);
  for (double cap : {5.0, 15.0, 1e9}) {
    double total = 0;
    for (int i = 0; i < R; ++i) {
      for (int j = 0; j < C; ++j) {
        if (m[i * C + j] <= 0)
          continue;
        total += m[i * C + j];
      }
      if (total > cap)
        break;
    }
    expect("rows_until", _mlir_ciface_rows_until(&mm, cap), total, 1e-12);
  }

  {
    std::vector<double> y = {4, 8, 2, 6};
    auto my = view1<imexc_memref_1d_f64>(y);
    imexc_halve_until_result r;
    _mlir_ciface_halve_until(&r, &my, 3.0);
    std::vector<double> want = y;
    auto total = [&] {
      double s = 0;
      for (double e : want)
        s += e;
      return s;
    };
    while (total() > 3.0)
      for (double &e : want)
        e *= 0.5;
    expect1("halve_until", r.r0, want, 1e-12);
    expect1("halve_until keeps its argument", my,
            std::vector<double>{4, 8, 2, 6}, 0);
  }

  {
    const int N = 3;
    std::vector<double> a = {2, 1, 0, 1, 3, 1, 0, 1, 4}, v = {1, 1, 1};
    auto ma = view2<imexc_memref_2d_f64>(a, N, N);
    auto mv = view1<imexc_memref_1d_f64>(v);
    imexc_power_step_result r;
    _mlir_ciface_power_step(&r, &ma, &mv, 5);
    std::vector<double> want = v;
    for (int s = 0; s < 5; ++s) {
      std::vector<double> w(N, 0);
      for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j)
          w[i] += a[i * N + j] * want[j];
      double norm = 0;
      for (double e : w)
        norm += e * e;
      for (int i = 0; i < N; ++i)
        want[i] = w[i] / std::sqrt(norm);
    }
    expect1("power_step", r.r0, want, 1e-12);
  }

  for (bool flag : {true, false}) {
    imexc_pick_result r;
    _mlir_ciface_pick(&r, &mx, flag);
    std::vector<double> want = x;
    for (double &e : want)
      e += flag ? 1 : -1;
    want[0] = 42;
    expect1(flag ? "pick(true)" : "pick(false)", r.r0, want, 1e-12);
  }

  {
    imexc_prefix_before_negative_result r;
    _mlir_ciface_prefix_before_negative(&r, &mx);
    expect1("prefix_before_negative", r.r0, std::vector<double>{3, 1.5}, 0);
    std::vector<double> pos = {1, 2, 3};
    auto mp = view1<imexc_memref_1d_f64>(pos);
    _mlir_ciface_prefix_before_negative(&r, &mp);
    expect1("prefix_before_negative (none)", r.r0, pos, 0);
  }

  {
    std::vector<int64_t> g = {5, 1, 7, 3, 7, 2};
    auto mg = view2<imexc_memref_2d_i64>(g, 2, 3);
    for (int64_t v : {7, 2, 9})
      expect("nested_return", (double)_mlir_ciface_nested_return(&mg, v),
             v == 7   ? 2
             : v == 2 ? 5
                      : -1,
             0);
  }
  for (int64_t d : {0, 3, 5, -2})
    expect("divides_into_ten", _mlir_ciface_divides_into_ten(d),
           d != 0 && 10 % d == 0, 0);
  for (auto v : {std::vector<double>{1, 2, 3}, std::vector<double>{1, -2, 3},
                 std::vector<double>{-1}}) {
    int64_t k = 0;
    while (k < (int64_t)v.size() && v[k] > 0)
      ++k;
    auto mv = view1<imexc_memref_1d_f64>(v);
    expect("leading_positive", (double)_mlir_ciface_leading_positive(&mv),
           (double)k, 0);
  }
  {
    double total = 0;
    for (double e : x)
      total += 2 * e;
    expect("doubled_sum_skipping", _mlir_ciface_doubled_sum_skipping(&mx, 1, 3),
           2 * total, 1e-12);
    expect("first_above", (double)_mlir_ciface_first_above(&mx, 5.0), 3, 0);
  }
  for (int64_t n : {0, 1, 3}) {
    // Python: the inner loop leaves i == 2 for the outer body.
    expect("nested_same_name", (double)_mlir_ciface_nested_same_name(n),
           (double)(3 * n + (n ? 20 * n : 0)), 0);
    expect("last_index", (double)_mlir_ciface_last_index(n),
           (double)(n ? n - 1 : -1), 0);
  }
  {
    double t = 0;
    for (size_t k = 0; k < x.size(); ++k)
      t += x[k] * (double)(x.size() - k);
    expect("weighted_suffixes", _mlir_ciface_weighted_suffixes(&mx), t, 1e-12);
  }
  for (int64_t i : {0, 2}) {
    imexc_row_or_first_result r;
    _mlir_ciface_row_or_first(&r, &mm, i);
    std::vector<double> want(C);
    for (int j = 0; j < C; ++j)
      want[j] = 2 * m[i * C + j];
    expect2("row_or_first", r.r0, want, 1, C, 1e-12);
  }
  for (int64_t n : {2, 6}) {
    int64_t y = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (i > 2) {
        y = 100;
        break;
      }
      y = i;
    }
    expect("bound_before_break", (double)_mlir_ciface_bound_before_break(n),
           (double)y, 0);
  }
  expect("bound_before_continue", (double)_mlir_ciface_bound_before_continue(4),
         15, 0);
  {
    imexc_rebound_kinds_result r;
    _mlir_ciface_rebound_kinds(&r, 7);
    expect("rebound_kinds int", (double)r.r0, 7, 0);
    expect("rebound_kinds bool", (double)r.r1, 1, 0);
    expect("rebound_kinds literal", (double)r.r2, 10, 0);
  }
  return finish();
}
