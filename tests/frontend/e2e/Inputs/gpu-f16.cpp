#include "check.h"
#include "prog.h"
#include <cstring>
using namespace e2e;
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
int main() {
  std::vector<uint16_t> x;
  std::vector<float> w;
  for (int i = 0; i < 40; ++i) {
    x.push_back(bits(0.125f * i - 2));
    float v = value(x.back());
    w.push_back(value(bits(value(bits(v * 2.0f)) + v)));
  }
  auto mx = view1<imexc_memref_1d_f16>(x);
  imexc_twice_result r;
  _mlir_ciface_twice(&r, &mx);
  expectSize("twice", r.r0.sizes[0], 40);
  for (int i = 0; i < 40 && i < r.r0.sizes[0]; ++i)
    expect("twice", value(at1(r.r0, i)), w[i], 1e-3);
  return finish();
}
