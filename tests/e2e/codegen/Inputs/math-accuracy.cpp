// Driver of math-accuracy.mlir: exp, log and tanh of the kernels against
// the C library, in units in the last place (ulp).
#include "codegen.h"
#include "kernels.h"

#include <cstring>

namespace {

/// Distance in representable f32 values; -1 when exactly one is NaN.
int64_t ulps(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) ? 0 : -1;
  if (a == b)
    return 0;
  int32_t ia, ib;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  // Order the bit patterns like the values: negatives count down from 0.
  int64_t oa = ia < 0 ? -(int64_t)(ia & 0x7fffffff) : ia;
  int64_t ob = ib < 0 ? -(int64_t)(ib & 0x7fffffff) : ib;
  return oa > ob ? oa - ob : ob - oa;
}

template <typename Result>
void check(const char *name, void (*kernel)(Result *, imexc_memref_1d_f32 *),
           float (*libm)(float), const std::vector<float> &x, int64_t maxUlps) {
  std::vector<float> in(x);
  int64_t n = (int64_t)in.size();
  imexc_memref_1d_f32 xv = cg::view<imexc_memref_1d_f32>(in, {n});
  Result result;
  kernel(&result, &xv);
  int bad = 0;
  std::string first;
  for (int64_t i = 0; i < n; ++i) {
    float got = cg::element(result.r0, i), want = libm(x[i]);
    int64_t distance = ulps(got, want);
    if (distance < 0 || distance > maxUlps) {
      if (bad++ == 0)
        first = "x=" + std::to_string(x[i]) + ": " + std::to_string(got) +
                " vs " + std::to_string(want);
    }
  }
  cg::release(result.r0);
  cg::report(name, bad, first);
}

/// `n` points spread over [lo, hi], geometrically if `geometric`.
std::vector<float> points(double lo, double hi, int64_t n, bool geometric) {
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i) {
    double t = (double)i / (double)(n - 1);
    x[i] =
        (float)(geometric
                    ? std::exp(std::log(lo) + t * (std::log(hi) - std::log(lo)))
                    : lo + t * (hi - lo));
  }
  return x;
}

} // namespace

int main() {
  const int64_t n = (1 << 20) + 3;
  check("exp", _mlir_ciface_vexp, expf, points(-87.0, 88.0, n, false), 1);
  std::vector<float> logInputs = points(1e-30, 1e30, n, true);
  logInputs.push_back(-1.0f); // NaN
  logInputs.push_back(0.0f);  // -inf
  check("log", _mlir_ciface_vlog, logf, logInputs, 1);
  check("tanh", _mlir_ciface_vtanh, tanhf, points(-10.0, 10.0, n, false), 5);
  return cg::finish();
}
