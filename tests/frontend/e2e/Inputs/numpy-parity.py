# The NumPy program that numpy-parity.nda mirrors.
import numpy as np

a = 3.0
b = 5.0
print(max(a, b), min(a, b), max(2, 7), min(-1, 4))
x = np.linspace(0.5, 2.5, 5)
print(x.astype(bool), (x - 0.5).astype(bool), x.astype(np.int32).astype(bool))
print(3 ** 4, (-2) ** 5, 7 ** 0, 2 ** 10)
n = np.arange(6)
print(n ** 2, n ** n, n.astype(np.int32) ** 3, (n - 2) ** n)
z = np.zeros(3, np.float64)
print(-z, -(0.0), -np.linspace(1.0, 2.0, 3))
v = np.linspace(-2.0, 2.0, 9)
print(np.tan(v * 0.5), np.ceil(v * 0.7), np.sign(v), np.sign(n - 3), np.sign(-z))
with np.errstate(divide="ignore", invalid="ignore"):
    w = v / 0.0
print(np.isnan(w), np.isinf(w), np.isnan(n), np.isinf(v))
print(np.pi, np.e, np.inf, -np.inf, np.nan, np.pi * 2.0, np.sin(np.pi / 2.0))
m = np.zeros((3, 4))
print(len(m), len(n), m.size, m.ndim, n.size, n.ndim, v.T.size)
