// Reference for arg-compare-comparators.mlir.
#include "reference.h"

#include <cstdlib>
#include <limits>

int main() {
  int16_t x[2][6] = {{12, -7, -300, 299, 300, 0},
                     {250, -250, 249, -1, 250, -249}};
  std::vector<int16_t> values;
  std::vector<int32_t> indices;
  for (int i = 0; i < 2; ++i) {
    int16_t best = 0;
    int32_t index = 0;
    for (int k = 0; k < 6; ++k)
      if (std::abs(x[i][k]) > std::abs(best)) {
        best = x[i][k];
        index = 1 + k;
      }
    values.push_back(best);
    indices.push_back(index);
  }
  ref::label("largest magnitude");
  ref::print1D(values);
  ref::print1D(indices);

  float y[7] = {1.0f, 1.5f, 1.75f, 2.0f, 2.5f, 2.5f, 3.25f};
  const float margin = 0.5f;
  float best = -std::numeric_limits<float>::infinity();
  uint64_t index = 0;
  for (int k = 0; k < 7; ++k)
    if (y[k] > best + margin) {
      best = y[k];
      index = k;
    }
  ref::label("wins by a margin");
  ref::print0D(best);
  ref::print0D(ref::Index{index});
  return 0;
}
