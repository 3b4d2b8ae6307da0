// Reference for argmin-dims.mlir.
#include "reference.h"

#include <limits>

int main() {
  float m[4][3] = {{-1.0f, 0.5f, 2.0f},
                   {3.0f, -4.5f, 2.0f},
                   {-1.0f, 8.0f, 2.5f},
                   {0.0f, -4.5f, 2.0f}};
  std::vector<float> colMin;
  std::vector<ref::Index> colArg;
  for (int j = 0; j < 3; ++j) {
    float best = 1.0e30f;
    uint64_t arg = 0;
    for (int i = 0; i < 4; ++i)
      if (m[i][j] < best) {
        best = m[i][j];
        arg = 10 + i;
      }
    colMin.push_back(best);
    colArg.push_back({arg});
  }
  ref::label("column argmin");
  ref::print1D(colMin);
  ref::print1D(colArg);

  double t[2][4][3] = {
      {{5.0, 1.0, 7.0}, {2.0, 1.0, 7.0}, {2.0, 3.0, -7.0}, {9.0, 0.0, 6.0}},
      {{0.25, 4.0, 4.0}, {0.5, 4.0, 4.0}, {0.25, 4.0, 3.0}, {1.0, 3.5, 4.0}}};
  std::vector<std::vector<double>> minV(2);
  std::vector<std::vector<int64_t>> minI(2);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) {
      double best = std::numeric_limits<double>::infinity();
      int64_t arg = -1;
      for (int k = 0; k < 4; ++k)
        if (t[i][k][j] < best) {
          best = t[i][k][j];
          arg = k;
        }
      minV[i].push_back(best);
      minI[i].push_back(arg);
    }
  ref::label("middle argmin");
  ref::print2D(minV);
  ref::print2D(minI);
  return 0;
}
