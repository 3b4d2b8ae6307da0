// Reference for scatter-1d-tensor.mlir.
#include "reference.h"

using Grid = std::vector<std::vector<float>>;

// dest[row][col + idx[i]] = v[i] where mask[i]
static Grid scatter(Grid dest, int row, int col, const std::vector<float> &v,
                    const std::vector<int> &idx,
                    const std::vector<bool> &mask) {
  for (size_t i = 0; i < v.size(); ++i)
    if (mask[i])
      dest[row][col + idx[i]] = v[i];
  return dest;
}

int main() {
  Grid dest(2, std::vector<float>(8, 0.0f));
  Grid t1 = scatter(dest, 1, 1, {1.5f, 2.5f, 3.5f, 4.5f, 5.5f},
                    {6, -1, 50, 4, 1}, {true, true, false, true, false});
  ref::label("after masked scatter");
  ref::print2D(t1);
  Grid t2 = scatter(t1, 0, 2, {-1.0f, -2.0f, -3.0f, -4.0f}, {5, 0, 3, 1},
                    std::vector<bool>(4, true));
  ref::label("after second scatter");
  ref::print2D(t2);
  ref::label("original");
  ref::print2D(dest);
  return 0;
}
