#include "check.h"
#include "prog.h"
using namespace e2e;
static int64_t pymod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
static int64_t pydiv(int64_t a, int64_t b) { return (a - pymod(a, b)) / b; }
int main() {
  std::vector<int32_t> x(300), wh;
  for (int i = 0; i < 300; ++i)
    x[i] = i * 13 - 1500;
  for (int v : x)
    wh.push_back((int32_t)pymod(v * 31 + 7, 101));
  auto mx = view1<imexc_memref_1d_i32>(x);
  imexc_hash_result rh;
  _mlir_ciface_hash(&rh, &mx);
  expect1("hash", rh.r0, wh, 0);

  const int R = 6, C = 7;
  std::vector<int64_t> m(R * C), wv;
  for (int i = 0; i < R * C; ++i)
    m[i] = i * 5 - 100;
  for (int64_t v : m)
    wv.push_back(pymod(v, 2) == 0 ? pydiv(v, 2) : 3 * v + 1);
  auto mm = view2<imexc_memref_2d_i64>(m, R, C);
  imexc_halve_result rv;
  _mlir_ciface_halve(&rv, &mm);
  expect2("halve", rv.r0, wv, R, C, 0);
  return finish();
}
