#include "check.h"
#include "prog.h"
#include <algorithm>
using namespace e2e;
static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
int main() {
  std::vector<int8_t> a = {7, -7, 7, -7, 100, -128, 0},
                      b = {2, 2, -2, -2, 9, 3, 5};
  std::vector<int8_t> wq, wr;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t q = floordiv(a[i], b[i]);
    wq.push_back((int8_t)q);
    wr.push_back((int8_t)(a[i] - q * b[i]));
  }
  auto ma = view1<imexc_memref_1d_i8>(a);
  auto mb = view1<imexc_memref_1d_i8>(b);
  imexc_divmod8_result r8;
  _mlir_ciface_divmod8(&r8, &ma, &mb);
  expect1("floordiv i8", r8.r0, wq, 0);
  expect1("mod i8", r8.r1, wr, 0);

  std::vector<int16_t> c = {3, -40, 100, 181}, d = {5, 7, -300, 181}, w16;
  for (size_t i = 0; i < c.size(); ++i)
    w16.push_back((int16_t)(c[i] * d[i] - c[i]));
  auto mc = view1<imexc_memref_1d_i16>(c);
  auto md = view1<imexc_memref_1d_i16>(d);
  imexc_mix16_result r16;
  _mlir_ciface_mix16(&r16, &mc, &md);
  expect1("mix16", r16.r0, w16, 0);

  std::vector<int32_t> e = {5, -17, 230000, 0, 42, -99999};
  int64_t s = 0;
  for (int v : e)
    s += v;
  auto me = view1<imexc_memref_1d_i32>(e);
  imexc_stats32_result r32;
  _mlir_ciface_stats32(&r32, &me);
  expect("sum i32", r32.r0, (double)s, 0);
  expect("max i32", r32.r1, *std::max_element(e.begin(), e.end()), 0);
  expect("min i32", r32.r2, *std::min_element(e.begin(), e.end()), 0);

  std::vector<int64_t> f = {-1000000, -3, 0, 2, 2000000}, w64;
  for (int64_t v : f)
    w64.push_back(v * v * v - 2 * v + 7);
  auto mf = view1<imexc_memref_1d_i64>(f);
  imexc_poly64_result r64;
  _mlir_ciface_poly64(&r64, &mf);
  expect1("poly64", r64.r0, w64, 0);
  return finish();
}
