#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  const int N = 300;
  std::vector<float> x(N);
  for (int i = 0; i < N; ++i)
    x[i] = 0.1f * i - 3.0f;
  auto mx = view1<imexc_memref_1d_f32>(x);

  for (int64_t steps : {0, 1, 4}) {
    std::vector<float> want = x;
    for (int64_t s = 0; s < steps; ++s)
      for (float &e : want)
        e = e * 0.5f + 1.0f;
    imexc_relax_result r;
    _mlir_ciface_relax(&r, &mx, steps);
    expect1("relax", r.r0, want, 1e-6);
  }

  {
    std::vector<float> want = x;
    auto maxOf = [&] {
      float m = want[0];
      for (float e : want)
        m = e > m ? e : m;
      return m;
    };
    while (maxOf() > 2.0f)
      for (float &e : want)
        e *= 0.5f;
    imexc_shrink_until_result r;
    _mlir_ciface_shrink_until(&r, &mx, 2.0f);
    expect1("shrink_until", r.r0, want, 1e-6);
  }

  for (float t : {-10.0f, 0.0f, 25.0f, 100.0f}) {
    int64_t want = -1;
    for (int i = 0; i < N; ++i)
      if (x[i] > t) {
        want = i;
        break;
      }
    expect("first_big", (double)_mlir_ciface_first_big(&mx, t), (double)want,
           0);
  }
  return finish();
}
