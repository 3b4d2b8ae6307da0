// Reference for gather-argmax-scatter.mlir.
#include "reference.h"

#include <limits>

int main() {
  int64_t scores[4][6] = {{3, 1, 4, 1, 5, 9},
                          {2, 7, 1, 8, 2, 8},
                          {9, 9, 8, 2, 6, 0},
                          {4, 6, 2, 6, 4, 3}};
  int perm[4] = {1, 3, 0, 2};
  std::vector<int64_t> best;
  std::vector<int32_t> arg;
  for (int i = 0; i < 4; ++i) {
    int64_t b = std::numeric_limits<int64_t>::min();
    int32_t k = -1;
    for (int c = 0; c < 6; ++c)
      if (scores[perm[i]][c] > b) {
        b = scores[perm[i]][c];
        k = c;
      }
    best.push_back(b);
    arg.push_back(k);
  }
  ref::label("argmax per gathered row");
  ref::print1D(best);
  ref::print1D(arg);

  std::vector<int64_t> onehot(24, 0);
  for (int i = 0; i < 4; ++i)
    onehot[6 * i + arg[i]] = best[i];
  ref::label("one-hot");
  ref::print1D(onehot);
  return 0;
}
