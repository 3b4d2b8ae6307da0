#include "check.h"
#include "prog.h"
using namespace e2e;
int main() {
  for (int64_t n : {1, 6, 27, 97, 871}) {
    int64_t k = n, steps = 0;
    while (k != 1) {
      k = k % 2 == 0 ? k / 2 : 3 * k + 1;
      ++steps;
    }
    expect("collatz", (double)_mlir_ciface_collatz(n), (double)steps, 0);
  }
  for (int64_t n : {0, 1, 15, 16, 17, 1000000, 999999}) {
    int64_t r = (int64_t)std::sqrt((double)n);
    while (r * r > n)
      --r;
    while ((r + 1) * (r + 1) <= n)
      ++r;
    expect("isqrt", (double)_mlir_ciface_isqrt(n), (double)r, 0);
  }
  for (double a : {2.0, 10.0, 12345.0}) {
    double x = a;
    int it = 0;
    while (std::fabs(x * x - a) > 1e-12 * a) {
      x = 0.5 * (x + a / x);
      ++it;
    }
    imexc_newton_sqrt_result r;
    _mlir_ciface_newton_sqrt(&r, a);
    expect("newton_sqrt", r.r0, x, 1e-15);
    expect("newton_sqrt iterations", r.r1, it, 0);
  }
  return finish();
}
