#include "check.h"
#include "prog.h"
#include <algorithm>
using namespace e2e;
int main() {
  std::vector<uint8_t> a = {0, 100, 200, 255, 128}, b = {5, 100, 100, 1, 127};
  std::vector<uint8_t> want;
  for (size_t i = 0; i < a.size(); ++i)
    want.push_back((uint8_t)std::min(255, a[i] + b[i]));
  auto ma = view1<imexc_memref_1d_u8>(a);
  auto mb = view1<imexc_memref_1d_u8>(b);
  imexc_saturating_add_result r;
  _mlir_ciface_saturating_add(&r, &ma, &mb);
  expect1("saturating_add", r.r0, want, 0);

  std::vector<uint32_t> c = {4000000000u, 4000000000u, 7};
  auto mc = view1<imexc_memref_1d_u32>(c);
  uint64_t sum = _mlir_ciface_total(&mc);
  if (sum != 8000000007ull) {
    ++failures;
    std::printf("mismatch total: %llu\n", (unsigned long long)sum);
  }

  std::vector<uint16_t> d = {3, 65535, 40000};
  auto md = view1<imexc_memref_1d_u16>(d);
  uint16_t big = _mlir_ciface_largest(&md, 7);
  if (big != 65535) {
    ++failures;
    std::printf("mismatch largest: %u\n", (unsigned)big);
  }
  std::printf(failures ? "FAILED\n" : "ok\n");
  return failures != 0;
}
