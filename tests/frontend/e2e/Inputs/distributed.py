# NumPy's output for distributed.nda's main (run as Python).
import numpy as np


def stats(m):
    y = m * m + 1.0
    return y, np.sum(y, axis=0) / m.shape[0], np.sum(y, axis=1), np.sum(y)


def scale(x, a):
    z = np.float32(a) * x + np.float32(1.0)
    return z, np.max(z), np.mean(z)


def column_norms(m):
    return np.sqrt(np.sum(m * m, axis=0))


def differences(x):
    return x[1:] - x[:-1]


m = np.arange(70).reshape(10, 7) * 0.5
y, col, row, total = stats(m)
print(y[9, :], col, row, total)
x = np.linspace(-1.0, 2.0, 1023).astype(np.float32)
z, top, avg = scale(x, 3.0)
print(z[1000], top, avg)
print(column_norms(m))
print(differences(np.linspace(0.0, 9.0, 10) ** 2.0))
