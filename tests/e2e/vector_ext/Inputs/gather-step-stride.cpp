// Reference for gather-step-stride.mlir.
#include "reference.h"

static int32_t src(int r, int c) { return 100 * r + c; }

int main() {
  const int off = 5, k = 12;
  std::vector<int32_t> g0, g1, g2, g3;
  for (int i = 0; i < 8; ++i) {
    g0.push_back(src(1, i));
    g1.push_back(src(1, i + off));
    g2.push_back(src(1, 1 + 2 * i));
    g3.push_back(src(1, k));
  }
  std::vector<std::vector<int32_t>> g4(2);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4; ++c)
      g4[r].push_back(src(r, 3 + c));
  ref::label("step");
  ref::print1D(g0);
  ref::label("step + 5");
  ref::print1D(g1);
  ref::label("2 * step + 1");
  ref::print1D(g2);
  ref::label("splat");
  ref::print1D(g3);
  ref::label("rows by step");
  ref::print2D(g4);
  return 0;
}
