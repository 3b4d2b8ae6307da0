// Reference for gather-1d-masked.mlir.
#include "reference.h"

static float src(int r, int c) { return 10.0f * r + 0.5f * c; }

// result[i] = mask[i] ? src[row][col + idx[i]] : pad
static std::vector<float> gather(int row, int col, const std::vector<int> &idx,
                                 const std::vector<bool> &mask, float pad) {
  std::vector<float> out;
  for (size_t i = 0; i < idx.size(); ++i)
    out.push_back(mask[i] ? src(row, col + idx[i]) : pad);
  return out;
}

int main() {
  const float pad = -7.5f;
  ref::label("masked");
  ref::print1D(gather(2, 1, {8, 1000, 3, 3, 5, 1},
                      {true, false, true, true, false, true}, pad));
  ref::label("unmasked");
  ref::print1D(
      gather(1, 0, {9, 0, 4, 4, 7, 2, 2, 1}, std::vector<bool>(8, true), pad));
  ref::label("all-true");
  ref::print1D(gather(0, 2, {3, 1, 4, 1}, std::vector<bool>(4, true), pad));
  ref::label("all-false");
  ref::print1D(gather(0, 2, {3, 1, 4, 1}, std::vector<bool>(4, false), pad));
  return 0;
}
