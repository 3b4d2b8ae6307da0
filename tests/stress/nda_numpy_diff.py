#!/usr/bin/env python3
# Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
# See LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Differential test of the .nda language against NumPy.

Generates random well-typed .nda programs (1-d and 2-d arrays of f64, f32,
i64 and i32 of random small shapes, mixed in NumPy's promotions, elementwise operators with broadcasting and
weak literals, unary math, where/minimum/maximum/clip/round/arctan2,
comparisons, slices and indexing, .T, reductions whole and along an axis
(also as methods), zeros_like/full_like, matmul, reshape, scalar control
flow (for loops over range, if/else), augmented and slice assignment,
int()/float()/.astype of scalars, conditional expressions, chained
comparisons, calls of a second function, `np.` on some builtins), each a `main()` that prints its
results. Every program is compiled by imexc (--emit=exe, the host path;
with --gpu, every fourth program's function runs on the GPU, @gpu) and
run, and the same text runs under Python with NumPy: .nda is Python
syntax, so a prelude that maps the builtins to NumPy's is all it needs
(`from __future__ import annotations` keeps the type annotations
unevaluated). The two outputs must match: the same text around the
numbers, the numbers equal up to 1e-6 (relative, or absolute near 0: f32
math and summation orders differ in the last bits; NaN to NaN).

Programs only use what both sides define the same way: literals rather
than f64 scalars next to arrays of another precision (NumPy 1.24, Debian
12's, still casts by value where .nda follows NEP 50), divisors that are
never 0, small integer powers, no overflow.

Deterministic for a seed: program i of seed s comes from
random.Random("s:i").

  nda_numpy_diff.py --seed 1 --count 40 --imexc build/bin/imexc --work-dir /tmp/d
  nda_numpy_diff.py --seed 1 --only 7 --print      # show one program

Exit status 0 when every program compiled, ran and matched NumPy; 1
otherwise (each failure names its program file, kept in the work dir).
"""

import argparse
import concurrent.futures
import math
import os
import random
import re
import subprocess
import sys

PRELUDE = '''from __future__ import annotations
import numpy as np
i32, i64, f32, f64 = np.int32, np.int64, np.float32, np.float64
linspace, arange, zeros, ones, full = (np.linspace, np.arange, np.zeros,
                                       np.ones, np.full)
where, minimum, maximum = np.where, np.minimum, np.maximum
exp, sqrt, sin, cos, tanh, floor, ceil = (np.exp, np.sqrt, np.sin, np.cos,
                                          np.tanh, np.floor, np.ceil)
sign, argmax, argmin = np.sign, np.argmax, np.argmin
clip, arctan2, zeros_like, ones_like, full_like = (np.clip, np.arctan2,
                                                   np.zeros_like, np.ones_like,
                                                   np.full_like)
array, eye, concatenate, stack = np.array, np.eye, np.concatenate, np.stack
newaxis = None
cumsum, cumprod, sort = np.cumsum, np.cumprod, np.sort
def round(a):
    return np.round(a)
def gpu(f):
    return f
def distributed(f=None, axis=0):
    return f if f is not None else gpu
def _reduction(f):
    def reduce(a, axis=None, **keywords):
        return f(a, axis=axis, **keywords)
    return reduce
sum, prod, mean = _reduction(np.sum), _reduction(np.prod), _reduction(np.mean)
var, std = _reduction(np.var), _reduction(np.std)
def max(a, axis=None, keepdims=False):
    return np.max(a, axis=axis, keepdims=keepdims)
def min(a, axis=None, keepdims=False):
    return np.min(a, axis=axis, keepdims=keepdims)
def abs(a):
    return np.abs(a)
any, all = _reduction(np.any), _reduction(np.all)
logical_and, logical_or, logical_xor, logical_not = (
    np.logical_and, np.logical_or, np.logical_xor, np.logical_not)
'''


class Program:
    """A program being generated: its lines and the variables in scope."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.vars = {}  # name -> (dtype, shape); shape () for scalars
        self.count = 0

    def fresh(self, prefix):
        self.count += 1
        return "%s%d" % (prefix, self.count)

    def emit(self, line, indent=1):
        self.lines.append("    " * indent + line)


FLOATS = ("f64", "f32")
INTS = ("i64", "i32")


def literal(rng, dtype):
    if dtype in INTS:
        return str(rng.randint(-4, 6))
    return rng.choice(["0.5", "1.5", "-2.0", "3.25", "0.125", "2.0", "-0.75"])


def arrays_of(p, dtype, shape):
    return [n for n, (d, s) in p.vars.items() if d == dtype and s == shape]


def broadcastable(p, dtype, shape):
    """Arrays of `dtype` that broadcast to `shape` without changing it."""
    names = []
    for n, (d, s) in p.vars.items():
        if d != dtype or len(s) == 0 or len(s) > len(shape):
            continue
        tail = shape[len(shape) - len(s):]
        if all(a == b or a == 1 for a, b in zip(s, tail)):
            names.append(n)
    return names


def expr(p, dtype, shape, depth=0):
    """An expression of exactly `dtype` and `shape`."""
    rng = p.rng
    leaves = broadcastable(p, dtype, shape) if shape else [
        n for n, (d, s) in p.vars.items() if d == dtype and s == ()]
    if depth >= 2 or (leaves and rng.random() < 0.3):
        exact = arrays_of(p, dtype, shape)
        if exact:
            return rng.choice(exact)
        if shape == () and leaves:
            return rng.choice(leaves)
        if shape:
            # A fresh array of that shape.
            return make_array(p, dtype, shape)
        return literal(rng, dtype)
    choice = rng.random()
    a = expr(p, dtype, shape, depth + 1)
    if choice < 0.45:
        ops = ["+", "-", "*"]
        if dtype in INTS:
            ops += ["//", "%"]
        op = rng.choice(ops)
        if op in ("//", "%"):
            # Never 0: a positive literal, or |b| + 1.
            b = expr(p, dtype, shape if rng.random() < 0.5 else (), depth + 1)
            return "(%s %s (abs(%s) + 1))" % (a, op, b)
        side = rng.random()
        if side < 0.3:
            return "(%s %s %s)" % (a, op, literal(rng, dtype))
        if side < 0.4:
            return "(%s %s %s)" % (literal(rng, dtype), op, a)
        bshape = shape
        if shape and rng.random() < 0.3:
            bshape = shape[1:] if len(shape) == 2 else ()
        b = expr(p, dtype, bshape, depth + 1)
        return "(%s %s %s)" % (a, op, b)
    if choice < 0.6 and dtype in FLOATS:
        f = rng.choice(["sin", "cos", "tanh", "floor", "ceil", "sign", "abs"])
        if rng.random() < 0.3:
            return "sqrt(abs(%s))" % a
        if rng.random() < 0.2:
            return "exp(%s * 0.125)" % a
        return "%s(%s)" % (f, a)
    if choice < 0.7:
        b = expr(p, dtype, shape, depth + 1)
        form = rng.random()
        if form < 0.25:
            return "%sclip(%s, %s, %s)" % (numpy_prefix(p), a,
                                          literal(rng, dtype), b)
        if form < 0.4 and dtype in FLOATS:
            return "%sround(%s * 3.0)" % (numpy_prefix(p), a)
        if form < 0.5 and dtype == "f64":
            return "arctan2(%s, %s)" % (a, b)
        return "%s%s(%s, %s)" % (numpy_prefix(p),
                                 rng.choice(["minimum", "maximum"]), a, b)
    if choice < 0.8:
        b = expr(p, dtype, shape, depth + 1)
        cmp = rng.choice(["<", ">", "<=", ">=", "==", "!="])
        c = expr(p, dtype, shape, depth + 1)
        return "where(%s %s %s, %s, %s)" % (a, cmp, literal(rng, dtype), b, c)
    if choice < 0.85 and dtype == "f64":
        # From integers: true division, a cast, mixed promotion; from f32.
        i = expr(p, rng.choice(INTS), shape, depth + 1)
        form = rng.random()
        if form < 0.3:
            return "(%s / (abs(%s) + 1))" % (i, expr(p, "i64", shape, depth + 1))
        if form < 0.5 and shape:
            return "%s.astype(f64)" % i
        if form < 0.7:
            return "(%s + %s)" % (a, i)
        if form < 0.85:
            return "(%s * %s)" % (a, expr(p, "f32", shape, depth + 1))
        return "(%s ** 2)" % a
    if choice < 0.85 and dtype == "i64":
        # From i32: promotion.
        return "(%s - %s)" % (a, expr(p, "i32", shape, depth + 1))
    if choice < 0.9 and dtype in INTS:
        form = rng.random()
        if form < 0.4:
            return "(%s ** %d)" % (a, rng.randint(0, 3))
        if form < 0.55:
            return "(~%s)" % a
        b = expr(p, dtype, shape if rng.random() < 0.7 else (), depth + 1)
        return "(%s %s %s)" % (a, rng.choice(["&", "|", "^"]), b)
    if choice < 0.95:
        # A conditional expression on a scalar condition.
        b = expr(p, dtype, shape, depth + 1)
        cond = reduction_to_scalar(p, "f64", depth + 1)
        return "(%s if %s > %s else %s)" % (a, cond, literal(rng, "f64"), b)
    if shape == ():
        return reduction_to_scalar(p, dtype, depth)
    return a


def numpy_prefix(p):
    """`np.` on some builtins, as NumPy code writes them."""
    return "np." if p.rng.random() < 0.3 else ""


def reduction_to_scalar(p, dtype, depth):
    rng = p.rng
    arrays = [n for n, (d, s) in p.vars.items() if d == dtype and s]
    if not arrays:
        return literal(rng, dtype)
    x = rng.choice(arrays)
    f = rng.choice(["max", "min"] + (["sum", "mean"] if dtype == "f64" else
                                     ["sum"] if dtype == "i64" else []))
    if rng.random() < 0.3:
        return "%s.%s()" % (x, f)
    return "%s%s(%s)" % (numpy_prefix(p), f, x)


def make_array(p, dtype, shape):
    """Binds a new array variable of `dtype` and `shape`; its name."""
    rng = p.rng
    name = p.fresh("a")
    n = 1
    for s in shape:
        n *= s
    if dtype in FLOATS:
        lo = rng.choice(["-2.0", "0.5", "-1.25", "1.0"])
        hi = rng.choice(["3.0", "-0.5", "2.75", "7.5"])
        base = "linspace(%s, %s, %d)" % (lo, hi, n)
    else:
        start = rng.randint(-5, 3)
        base = "arange(%d, %d)" % (start, start + n)
    if len(shape) == 2:
        base += ".reshape(%d, %d)" % shape
    if dtype in ("f32", "i32"):
        base += ".astype(%s)" % dtype
    p.emit("%s = %s" % (name, base))
    p.vars[name] = (dtype, tuple(shape))
    return name


def statement(p, depth=0):
    rng = p.rng
    kind = rng.random()
    arrays = [(n, d, s) for n, (d, s) in p.vars.items() if s]
    if kind < 0.35 or not arrays:
        dtype = rng.choice(["f64", "f64", "i64", "f32", "i32"])
        shape = rng.choice([(rng.randint(1, 6),),
                            (rng.randint(1, 4), rng.randint(1, 5)), ()])
        e = expr(p, dtype, shape)
        name = p.fresh("v")
        p.emit("%s = %s" % (name, e), depth + 1)
        p.vars[name] = (dtype, shape)
        p.emit("print(%s)" % name, depth + 1)
        return
    n, d, s = rng.choice(arrays)
    if kind < 0.45:
        # Along an axis.
        axis = rng.randrange(len(s))
        # (Sums of f32 and i32 differ: NumPy sums f32 pairwise in f32,
        # .nda accumulates i32 in i64 as NumPy does.)
        f = rng.choice(["max", "min"] + (["sum", "mean"] if d == "f64" else
                                         ["sum"] if d in INTS else []))
        if rng.random() < 0.3:
            p.emit("print(%s.%s(axis=%d))" % (n, f, axis), depth + 1)
        else:
            p.emit("print(%s(%s, axis=%d))" % (f, n, axis), depth + 1)
        p.emit("print(argmax(%s), %s.argmin(), zeros_like(%s), "
               "full_like(%s, 2))" % (n, n, n, n), depth + 1)
        # Several axes, kept as size 1; var and std (f64: f32 sums round
        # differently); the array flattened.
        axes = "(%s)" % ", ".join(str(a) for a in
                                  rng.sample(range(len(s)), len(s)))
        f = rng.choice(["max", "min", "sum"] + (["mean", "var", "std"]
                                                if d == "f64" else []))
        extra = ", ddof=1" if f in ("var", "std") and rng.random() < 0.5 else ""
        p.emit("print(%s.%s(axis=%s, keepdims=True), %s(%s, axis=%d%s), "
               "%s.reshape(-1, 1).ravel(), %s.flatten())" %
               (n, f, axes, f, n, rng.randrange(len(s)), extra, n, n),
               depth + 1)
        if d != "f32":
            p.emit("print(%scumsum(%s), %s.cumprod(axis=%d))" %
                   (numpy_prefix(p), n, n, rng.randrange(len(s))), depth + 1)
        p.emit("print(%ssort(%s), %s.argsort(axis=%d, kind=\"stable\"), "
               "sort(%s, axis=None))" % (numpy_prefix(p), n, n,
                                         rng.randrange(len(s)), n), depth + 1)
    elif kind < 0.5:
        # Comparisons (bool arrays), casts back to integers.
        cmp = rng.choice(["<", ">", "<=", ">=", "==", "!="])
        p.emit("print(%s %s %s)" % (n, cmp, literal(rng, d)), depth + 1)
        x = reduction_to_scalar(p, d, depth)
        p.emit("print(%s < %s <= %s, %s > %s > %s)" %
               (literal(rng, d), x, literal(rng, d), x, literal(rng, d),
                literal(rng, d)), depth + 1)
        if d in FLOATS:
            p.emit("print(%s.astype(i64), (%s * 3.0).astype(i32))" % (n, n),
                   depth + 1)
        # Masks combined, and their truth along an axis and whole.
        mask = "(%s %s %s) %s ~(%s %s %s)" % (
            n, rng.choice(["<", ">="]), literal(rng, d),
            rng.choice(["&", "|", "^"]), n, rng.choice(["==", ">"]),
            literal(rng, d))
        f = rng.choice(["any", "all"])
        p.emit("print(%s, %s(%s, axis=%d), (%s).%s(), %slogical_%s(%s, %s))"
               % (mask, f, mask, rng.randrange(len(s)), mask,
                  rng.choice(["any", "all"]), numpy_prefix(p),
                  rng.choice(["and", "or", "xor"]), n, mask), depth + 1)
    elif kind < 0.55:
        # Slices and indices.
        if len(s) == 1:
            k = s[0]
            a = rng.randint(0, k)
            b = rng.randint(a, k)
            step = rng.choice([1, 1, 2, 3, -1, -2])
            p.emit("print(%s[%d:%d:%d], %s[%d], %s[-1])" %
                   (n, a, b, step, n, rng.randrange(k), n), depth + 1)
        else:
            r, c = s
            p.emit("print(%s[%d], %s[:, %d], %s[%d:, ::2], %s.T, %s[::-1, ::%d])" %
                   (n, rng.randrange(r), n, rng.randrange(c), n,
                    rng.randrange(r), n, n, rng.choice([-1, -2, 1])), depth + 1)
        # Masks and integer-array indices (rows; negative ones from the
        # end), read and written.
        rows = s[0]
        p.emit("print(%s[%s %s %s], %s[(arange(%d) * %d - %d) %% %d])" %
               (n, n, rng.choice(["<", ">", "!="]), literal(rng, d), n,
                rng.randint(1, 5), rng.randint(1, 3), rng.randint(0, 3),
                rows), depth + 1)
        # New axes and ellipses.
        p.emit("print(%s[None], %s[..., None] * %s[..., None, :], %s[..., 0])" % (n, n, n, n),
               depth + 1)
        # Joined and built arrays.
        p.emit("print(%sconcatenate((%s, %s[%d:]), axis=0), %sstack([%s, %s * 2], "
               "axis=%d), %sarray([%s, %s]) + %s.flatten()[0], %seye(%d, k=%d))" %
               (numpy_prefix(p), n, n, rng.randrange(rows), numpy_prefix(p),
                n, n, rng.randrange(len(s) + 1), numpy_prefix(p),
                literal(rng, d), literal(rng, d), n, numpy_prefix(p),
                rng.randint(1, 4), rng.randint(-1, 1)), depth + 1)
        copy = p.fresh("c")
        p.emit("%s = %s.copy()" % (copy, n), depth + 1)
        p.emit("%s[%s > %s] %s %s" % (copy, copy, literal(rng, d),
                                      rng.choice(["=", "+=", "*="]),
                                      literal(rng, d)), depth + 1)
        p.emit("print(%s)" % copy, depth + 1)
    elif kind < 0.65:
        # Augmented and slice assignment, in place.
        op = rng.choice(["+=", "-=", "*="])
        p.emit("%s %s %s" % (n, op, literal(rng, d)), depth + 1)
        if len(s) == 1 and s[0] >= 2:
            p.emit("%s[1:] = %s[:-1] * 2" % (n, n), depth + 1)
        p.emit("print(%s)" % n, depth + 1)
    elif kind < 0.75 and d == "f64" and len(s) == 2:
        # Matmul with a vector and with the transpose.
        r, c = s
        v = make_array(p, "f64", (c,))
        p.emit("print(%s @ %s, %s @ %s.T, stack((%s, %s * 2)) @ %s.T)" %
               (n, v, n, n, n, n, n), depth + 1)
    elif kind < 0.85 and depth == 0:
        # A loop accumulating a scalar, with a branch.
        acc = p.fresh("acc")
        k = s[0]
        zero = "0.0" if d in FLOATS else "0"
        p.emit("%s = %s" % (acc, zero), 1)
        i = p.fresh("k")
        p.emit("for %s in range(%d):" % (i, k), 1)
        item = "%s[%s]" % (n, i) if len(s) == 1 else "sum(%s[%s])" % (n, i)
        p.emit("if %s > %s:" % (item, literal(rng, d)), 2)
        p.emit("%s = %s + %s" % (acc, acc, item), 3)
        p.emit("else:", 2)
        p.emit("%s = %s - 1" % (acc, acc), 3)
        conv = "float" if d in FLOATS else "int"
        p.emit("print(%s, %s(%s), f32(%s), %s[0].astype(f32))" %
               (acc, conv, acc, acc, n), 1)
    else:
        # Through a function of the program.
        p.emit("print(twice(%s))" % n if d == "f64" else "print(%s)" % n,
               depth + 1)


def generate(seed, index, gpu=False):
    rng = random.Random("%s:%s" % (seed, index))
    p = Program(rng)
    for _ in range(rng.randint(3, 7)):
        statement(p)
    head = ["# Generated by tests/stress/nda_numpy_diff.py, seed %s program %d."
            % (seed, index), "import numpy as np", ""]
    if gpu and index % 4 == 3:
        head.append("@gpu")
    head += ["def twice(x: f64[N]) -> f64[N]:",
            "    return x * 2.0 + 1.0",
            "",
            "def main():"]
    # twice takes 1-d arrays: 2-d ones go through their first row.
    body = [re.sub(r"twice\((a\d+|v\d+)\)",
                   lambda m: "twice(%s)" % (
                       m.group(1) if len(p.vars[m.group(1)][1]) == 1
                       else m.group(1) + "[0]"), line)
            for line in p.lines]
    return "\n".join(head + body) + "\n"


NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?|inf|nan)")


def outputs_match(expected, actual):
    """Same text around the numbers, numbers equal up to 1e-6."""
    e_nums = NUMBER.findall(expected)
    a_nums = NUMBER.findall(actual)
    # (Column widths follow the digits printed, which may differ in the
    # last place: spaces are not compared, line breaks are.)
    e_text = re.sub(r"[ \t]+", "", NUMBER.sub("#", expected))
    a_text = re.sub(r"[ \t]+", "", NUMBER.sub("#", actual))
    if e_text != a_text or len(e_nums) != len(a_nums):
        return False
    for x, y in zip(e_nums, a_nums):
        fx, fy = float(x), float(y)
        if math.isnan(fx) or math.isnan(fy):
            if not (math.isnan(fx) and math.isnan(fy)):
                return False
        elif not math.isclose(fx, fy, rel_tol=1e-6, abs_tol=1e-6):
            return False
    return True


def run_one(args, index):
    source = generate(args.seed, index, args.gpu)
    base = os.path.join(args.work_dir, "p%04d" % index)
    with open(base + ".nda", "w") as f:
        f.write(source)
    compiled = subprocess.run(
        [args.imexc, base + ".nda", "--emit=exe", "-o", base],
        capture_output=True, text=True)
    if compiled.returncode != 0:
        return index, "imexc failed:\n" + compiled.stderr
    ran = subprocess.run([base], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, OMP_NUM_THREADS="1"))
    if ran.returncode != 0:
        return index, "the program failed:\n" + ran.stderr
    reference = subprocess.run(
        [args.python, "-c", PRELUDE + source + "\nmain()\n"],
        capture_output=True, text=True)
    if reference.returncode != 0:
        return index, "NumPy failed:\n" + reference.stderr
    if not outputs_match(reference.stdout, ran.stdout):
        return index, ("outputs differ\n--- NumPy\n" + reference.stdout +
                       "--- imexc\n" + ran.stdout)
    return index, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", default="1")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--only", type=int, help="just this program")
    parser.add_argument("--print", action="store_true",
                        help="print the program(s) and exit")
    parser.add_argument("--imexc", default="imexc")
    parser.add_argument("--python", default="/usr/bin/python3",
                        help="a Python with NumPy")
    parser.add_argument("--work-dir", default="nda-numpy-diff")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check", metavar="PROGRAM",
                        help="run this .nda program under NumPy and compare "
                             "with --output (what the compiled program "
                             "printed) instead of generating programs")
    parser.add_argument("--output", help="with --check")
    parser.add_argument("--gpu", choices=["on", "off", "auto"], default="off",
                        help="put every fourth program's function on the "
                             "GPU (auto: where a Vulkan device is found)")
    args = parser.parse_args()
    if args.gpu == "auto":
        try:
            probe = subprocess.run(["vulkaninfo", "--summary"],
                                   capture_output=True, text=True)
            args.gpu = "on" if "deviceName" in probe.stdout else "off"
        except OSError:
            args.gpu = "off"
    args.gpu = args.gpu == "on"
    if args.check:
        with open(args.check) as f, open(args.output) as out:
            source, actual = f.read(), out.read()
        reference = subprocess.run(
            [args.python, "-c", PRELUDE + source + "\nmain()\n"],
            capture_output=True, text=True)
        if reference.returncode != 0 or not outputs_match(reference.stdout,
                                                          actual):
            print("--- NumPy\n" + reference.stdout + reference.stderr +
                  "--- imexc\n" + actual)
            return 1
        return 0
    indices = [args.only] if args.only is not None else range(args.count)
    if args.print:
        for i in indices:
            print(generate(args.seed, i, args.gpu))
        return 0
    os.makedirs(args.work_dir, exist_ok=True)
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for index, problem in pool.map(lambda i: run_one(args, i), indices):
            if problem:
                failures += 1
                print("FAIL program %d (%s):\n%s" % (
                    index, os.path.join(args.work_dir, "p%04d.nda" % index),
                    problem))
    print("%d programs, %d matched NumPy, %d failed" %
          (len(indices), len(indices) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
