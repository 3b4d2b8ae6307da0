#include <cstdio>

double squareViaLibrary(double x);

int main() {
  std::printf("square(5) through a static library = %g\n",
              squareViaLibrary(5.0));
  return 0;
}
