#include "check.h"
#include "prog.h"
#include <cstring>
using namespace e2e;
// The header stores f16 elements as their IEEE binary16 bits; the driver
// converts through the compiler's _Float16.
static uint16_t bits(float f) {
  _Float16 h = (_Float16)f;
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
static float value(uint16_t b) {
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return (float)h;
}
static std::vector<float> values(const imexc_memref_1d_f16 &m) {
  std::vector<float> v;
  for (int64_t i = 0; i < m.sizes[0]; ++i)
    v.push_back(value(at1(m, i)));
  return v;
}
int main() {
  std::vector<float> fa = {-3.5f, -0.125f, 0, 1.5f, 7.25f, 100.0f},
                     fb = {1, 0.5f, -2, 0.75f, -8, 0.25f};
  std::vector<uint16_t> a, b;
  std::vector<float> want, wwide, wnarrow;
  for (size_t i = 0; i < fa.size(); ++i) {
    a.push_back(bits(fa[i]));
    b.push_back(bits(fb[i]));
    want.push_back(value(bits(value(bits(fa[i] * 2.0f)) + fb[i])));
    wwide.push_back(value(a[i]) * 0.5f);
  }
  auto ma = view1<imexc_memref_1d_f16>(a);
  auto mb = view1<imexc_memref_1d_f16>(b);
  imexc_half_axpy_result r;
  _mlir_ciface_half_axpy(&r, &ma, &mb);
  auto got = values(r.r0);
  for (size_t i = 0; i < got.size() && i < want.size(); ++i)
    expect("half_axpy", got[i], want[i], 1e-3);
  expectSize("half_axpy", (int64_t)got.size(), (int64_t)want.size());

  imexc_widen_result rw;
  _mlir_ciface_widen(&rw, &ma);
  expect1("widen", rw.r0, wwide, 0);

  std::vector<float> x = {0.1f, -2.3f, 65504.0f, 1e-3f};
  for (float v : x)
    wnarrow.push_back(value(bits(v)));
  auto mx = view1<imexc_memref_1d_f32>(x);
  imexc_narrow_result rn;
  _mlir_ciface_narrow(&rn, &mx);
  auto gn = values(rn.r0);
  for (size_t i = 0; i < gn.size() && i < wnarrow.size(); ++i)
    expect("narrow", gn[i], wnarrow[i], 0);
  expectSize("narrow", (int64_t)gn.size(), (int64_t)wnarrow.size());
  return finish();
}
