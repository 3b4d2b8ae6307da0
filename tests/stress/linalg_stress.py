#!/usr/bin/env python3
"""Differential stress test of imexc's host pipeline on random linalg programs.

Generates random func.func's on tensors, each a short chain (1-4 ops) of
linalg.generic ops (elementwise bodies with arith ops, select/cmp and
linalg.index, broadcasts, transposes, reductions over some dims,
contractions, two-result generics) and named ops (linalg.fill, matmul (also
transposed), batch_matmul, matvec, vecmat, dot, reduce, transpose,
broadcast, map), over f32, f64 or i32, with static, dynamic or mixed shapes.
The programs are batched into modules (--batch), compiled by imexc in
several configurations (--configs; by default -O3 --mcpu=native, which runs
tile-and-vectorize-for-cpu, and -O0, which does not), linked with a
generated C++ driver (its ABI from imexc --emit-header), run with
OMP_NUM_THREADS=1 and 2 (--threads), and every result is compared with a
reference that this script computes itself in plain Python (the generator
knows the semantics of what it emits). Arguments must come back unchanged,
except those passed as outs().

What the generator uses is a set of features (--help lists them); those in
DEFAULT_OFF below produce programs that imexc is known to get wrong and are
off unless --enable'd, so that the default run passes.

Float inputs are small dyadic fractions. The reference tracks, per element,
a bound on the magnitude of every intermediate value and a static grid
(the value is a multiple of 2^g): where every intermediate value is exactly
representable in the element type, the result must match exactly, whatever
the evaluation order; elsewhere it must be within a relative tolerance of
1e-5 * (reduction length) of that bound (1e-12 for f64). Comparisons whose
operands are too close to decide after rounding make the affected elements
"unknown", which are not checked. Integers (i32, wrapping) match exactly.

Deterministic for a seed: program i of seed s is generated from
random.Random("s:i") whatever the batching and parallelism.

  linalg_stress.py --seed 1 --count 40 --imexc build/bin/imexc --work-dir /tmp/w
  linalg_stress.py --seed 7 --only 13 --print     # show one program's MLIR
  linalg_stress.py --seed 9 --count 200 --all-features --imexc build/bin/imexc
      --configs "O3=-O3 --mcpu=native;O0=-O0;tc=-O3 --pipeline-options=thread-chunk=64"
      --work-dir /tmp/w     # hunt: every feature, more configurations

Exit status: 0 when every program compiled, ran and matched; 1 otherwise
(each failure is printed with the program, its inputs, the expected and
actual values, and a directory holding a standalone reproducer).
"""

import argparse
import collections
import concurrent.futures
import math
import os
import random
import shlex
import shutil
import struct
import subprocess
import sys
import time

INF = float("inf")

# Sizes of loop dimensions; 0 (empty dims) is drawn separately and rarely.
SIZES = [1, 2, 3, 7, 16, 17, 31, 33, 64, 65, 100, 127]
SIZE_WEIGHTS = [6, 6, 6, 6, 4, 4, 3, 3, 2, 2, 2, 2]

# Bounds the cost of the reference: iterations of one op; loops of an op.
MAX_VOLUME = 40000
MAX_RANK = 4

ETYPES = ["f32", "f64", "i32"]
CTYPES = {"f32": "float", "f64": "double", "i32": "int32_t"}
PACK = {"f32": "f", "f64": "d", "i32": "i"}
BYTES = {"f32": 4, "f64": 8, "i32": 4}
MANTISSA = {"f32": 24, "f64": 53}
BASE_RTOL = {"f32": 1e-5, "f64": 1e-12}
OVERFLOW = {"f32": 1e30, "f64": 1e300}

FLOAT_PREDS = ["oeq", "one", "olt", "ole", "ogt", "oge", "ult", "ugt"]
INT_PREDS = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]

# Features the generator can use. --disable turns some off (e.g. to step
# around a known compiler bug while hunting others), --enable turns on those
# in DEFAULT_OFF, which generate programs that imexc is known to miscompile
# (see the comments there), so that the default run passes.
FEATURES = {
    "empty-dims": "dimensions of size 0",
    "dynamic": "dynamic (?) dimensions",
    "index": "linalg.index in bodies of all-parallel generics",
    "index-reduction": "linalg.index in bodies of generics with reduction loops, "
                       "and reductions of values computed with linalg.index",
    "const-map": "operands indexed by a constant 0 (size-1 dims)",
    "inf-init": "+-inf initial values of max/min reductions",
    "init-from-arg": "function arguments as outs() of linalg ops",
    "accumulate": "earlier results as outs() of reductions/contractions",
    "read-out": "all-parallel generics whose bodies read their outs() value",
    "unit-reduction": "reductions whose parallel loops (loop 0 among them) all have "
                      "static size 1",
    "multi-out": "linalg.generic ops with two results",
    "multi-out-transposed": "two-result generics whose results have different maps",
    "constant-reduction": "reductions accumulating a value that does not depend on "
                          "their inputs (counting: acc + 1)",
    "narrow-fill": "linalg.fill of static shapes with more than 64 rows "
                   "(rows: all but the innermost dimension)",
    "shared-sizes": "programs with few distinct sizes (square matrices, aliasing)",
    "dot": "linalg.dot",
    "multi-use": "intermediate results used more than once / returned",
    "named": "named ops (matmul, reduce, transpose, broadcast)",
    "contraction": "matmul-like linalg.generic ops",
    "reduction": "reductions (generic)",
    "select": "arith.select with cmpf/cmpi in bodies",
    "big-ints": "i32 inputs over the whole range (wrap-around)",
    "f32": "f32 programs",
    "f64": "f64 programs",
    "i32": "i32 programs",
}

# Off unless --enable'd (or --all-features): features whose programs imexc
# -O2/-O3 (tile-and-vectorize-for-cpu) is known to get wrong, each with a
# comment saying how. None at present.
DEFAULT_OFF = set()
# Found by this test and fixed in tile-and-vectorize-for-cpu, now on by
# default: index-reduction (linalg.index in split reductions), dot (a small
# linalg.dot as a named vector.contract), read-out (fusing a producer that
# reads its outs() into a broadcasting consumer), constant-reduction
# (reductions that combine nothing read from an input), empty-dims (static
# 0 in one operand, a dynamic size of 0 in another; no longer fails since
# ops with empty dimensions are neither fused nor tiled), multi-out-
# transposed (an op with operands contiguous along three different loops
# took minutes to bufferize: no square transpose tiles for it now).
# Also fixed: -O2+ wrote into an argument that was only read (a max
# reduction's partial results start from a slice of its input); read-only
# arguments are now marked non-writable for bufferization.


# ---------------------------------------------------------------------------
# Program representation
# ---------------------------------------------------------------------------

class Val:
    """A tensor value: a function argument or an op result."""

    def __init__(self, name, syms, dyn, etype):
        self.name = name
        self.syms = list(syms)  # symbol of each dim
        self.dyn = list(dyn)  # dim is '?' in the type
        self.etype = etype
        self.data = None  # flat row-major list
        self.bound = None  # per element magnitude bound (floats)
        self.grid = 0  # every element is a multiple of 2^grid (floats)
        self.is_arg = False
        self.uses = 0
        self.has_index = False  # computed by a body with linalg.index

    def type(self, sizes):
        dims = ["?" if d else str(sizes[s]) for s, d in zip(self.syms, self.dyn)]
        return "tensor<" + "".join(d + "x" for d in dims) + self.etype + ">"


# Expressions of generic bodies are tuples:
#   ("in", i)  ("out",)  ("const", c)  ("index", d)
#   ("bin", op, a, b)   op in add sub mul max min
#   ("neg", a)
#   ("sel", pred, a, b, x, y)   select(cmp(pred, a, b), x, y)
#   ("comb", op, expr, out)  reduction combiner (op in add max min)


class Op:
    def __init__(self):
        self.style = "generic"  # generic matmul reduce transpose broadcast
        self.loops = []  # symbol of each loop dim
        self.iters = []  # "parallel" / "reduction"
        self.ins = []  # (Val, map) ; map entries: loop index or "c0"
        self.init = None  # ("empty",) ("fill", c) ("val", Val)
        self.out_map = []
        self.body = None
        self.result = None
        self.named_attr = None  # dims / permutation for named ops
        # More outputs of a multi-result generic: Ops that share loops,
        # iters and ins, each with its own init, out_map, body and result.
        self.extra = []


class Program:
    def __init__(self, seed, index, features):
        self.rng = random.Random("%d:%d" % (seed, index))
        self.seed = seed
        self.index = index
        self.name = "p%d" % index
        self.features = features
        self.sizes = {}  # sym -> size
        self.args = []  # tensor args (Val)
        self.index_args = {}  # sym -> name
        self.values = []  # all tensor values in scope
        self.ops = []
        self.results = []
        self.reduction_length = 0
        self.nvals = 0
        self.generate()

    # -- helpers ------------------------------------------------------------

    def on(self, feature):
        return feature in self.features

    def new_sym(self, volume=1, allow_empty=True):
        r = self.rng
        if self.reuse_syms and self.sizes and r.random() < 0.6:
            # Few distinct sizes: more values share shapes, so more of them
            # are used as each other's operands and outs().
            fits = [s for s, z in self.sizes.items() if volume * z <= MAX_VOLUME]
            if fits:
                return r.choice(sorted(fits))
        s = len(self.sizes)
        if allow_empty and self.on("empty-dims") and r.random() < 0.02:
            size = 0
        else:
            choices = [(z, w) for z, w in zip(SIZES, SIZE_WEIGHTS)
                       if volume * z <= MAX_VOLUME]
            if not choices:
                size = 1
            else:
                size = r.choices([z for z, _ in choices], [w for _, w in choices])[0]
        self.sizes[s] = size
        return s

    def one_sym(self):
        """A symbol of size 1 used by dims indexed by constant 0."""
        for s, z in self.sizes.items():
            if z == 1:
                return s
        s = len(self.sizes)
        self.sizes[s] = 1
        return s

    def volume(self, syms):
        v = 1
        for s in syms:
            v *= self.sizes[s]
        return v

    def dyn_flags(self, n):
        if self.mode == "static":
            return [False] * n
        if self.mode == "dynamic":
            return [True] * n
        return [self.rng.random() < 0.5 for _ in range(n)]

    def fresh(self, prefix):
        self.nvals += 1
        return "%%%s%d" % (prefix, self.nvals)

    def random_scalar(self):
        r = self.rng
        if self.etype == "i32":
            if self.on("big-ints") and r.random() < 0.05:
                return r.randint(-2**31, 2**31 - 1)
            return r.randint(-8, 8)
        if r.random() < 0.5:
            return float(r.randint(-4, 4))
        return r.randint(-16, 16) / 4.0

    def const_grid(self, c):
        if self.etype == "i32" or math.isinf(c) or c == int(c):
            return 0
        return -2

    def new_arg(self, syms, dyn=None):
        v = Val("%%arg%d" % len(self.args), syms,
                dyn if dyn is not None else self.dyn_flags(len(syms)), self.etype)
        v.is_arg = True
        n = self.volume(syms)
        v.data = [self.random_scalar() for _ in range(n)]
        if self.etype != "i32":
            v.bound = [abs(x) for x in v.data]
            v.grid = -2
        self.args.append(v)
        self.values.append(v)
        return v

    def random_arg_syms(self, rank):
        syms = []
        vol = 1
        for _ in range(rank):
            s = self.new_sym(vol)
            vol *= self.sizes[s]
            syms.append(s)
        return syms

    # -- generation ---------------------------------------------------------

    def generate(self):
        r = self.rng
        types = [t for t in ETYPES if self.on(t)] or ["f32"]
        self.etype = r.choice(types)
        modes = ["static", "dynamic", "mixed"] if self.on("dynamic") else ["static"]
        self.mode = r.choice(modes)
        self.reuse_syms = self.on("shared-sizes") and r.random() < 0.3
        self.is_float = self.etype != "i32"
        nops = r.randint(1, 4)
        kinds = [("ew", 5), ("reduce", 3 if self.on("reduction") else 0),
                 ("contract", 3 if self.on("contraction") else 0),
                 ("matmul", 2 if self.on("named") else 0),
                 ("named_reduce", 2 if self.on("named") else 0),
                 ("transpose", 1 if self.on("named") else 0),
                 ("broadcast", 1 if self.on("named") else 0)]
        kinds = [(k, w) for k, w in kinds if w]
        prev = None
        for i in range(nops):
            self.last_op = i == nops - 1
            if prev is None or (self.on("multi-use") and r.random() < 0.15):
                if self.values and r.random() < 0.5:
                    primary = r.choice(self.values)
                else:
                    primary = self.new_arg(self.random_arg_syms(r.choice([1, 2, 2, 3])))
            else:
                primary = prev
            for _attempt in range(10):
                kind = r.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
                op = getattr(self, "gen_" + kind)(primary)
                if op is not None and self.acceptable(op):
                    break
            else:
                op = None
                while op is None:
                    op = self.gen_ew(primary)
            self.add_op(op)
            prev = op.result
        # Results: the last value and every op result nobody uses; maybe an
        # intermediate one as well (a producer with several uses).
        res = [prev]
        for op in self.ops:
            for o in self.outputs(op):
                v = o.result
                if v is not prev and v.uses == 0:
                    res.append(v)
        if self.on("multi-use") and len(self.ops) > 1 and r.random() < 0.3:
            v = r.choice(self.ops[:-1]).result
            if v not in res:
                res.append(v)
        self.results = res[:4]
        for v in self.results:
            v.uses += 1

    def static_loop_ranges(self, op):
        """The loop ranges linalg infers statically (getStaticLoopRanges):
        for each loop, the first operand dimension (inputs, then the init)
        that it indexes; None where that dimension is dynamic."""
        ranges = [None] * len(op.loops)
        seen = set()
        for v, m in op.ins + [(o.result, o.out_map) for o in self.outputs(op)]:
            for j, e in enumerate(m):
                if e != "c0" and e not in seen:
                    seen.add(e)
                    ranges[e] = None if v.dyn[j] else self.sizes[v.syms[j]]
        return ranges

    def has_index(self, e):
        if e[0] == "index":
            return True
        return any(isinstance(x, tuple) and self.has_index(x) for x in e[1:])

    @staticmethod
    def value_of(e, env):
        """e's value (plain Python arithmetic) where env gives the leaves."""
        k = e[0]
        if k in ("in", "out", "index"):
            return env[e]
        if k == "const":
            return e[1]
        if k == "neg":
            return -Program.value_of(e[1], env)
        if k == "bin":
            a, b = Program.value_of(e[2], env), Program.value_of(e[3], env)
            return {"add": a + b, "sub": a - b, "mul": a * b,
                    "max": max(a, b), "min": min(a, b)}[e[1]]
        if k == "sel":
            a, b = Program.value_of(e[2], env), Program.value_of(e[3], env)
            pred = e[1].lstrip("osu")
            cond = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b,
                    "gt": a > b, "ge": a >= b}[pred]
            return Program.value_of(e[4] if cond else e[5], env)
        raise AssertionError(e)

    def is_constant(self, e):
        """Whether e takes one value whatever its leaves (tried on random
        values; rarely wrong, and then only conservatively)."""
        leaves = set()

        def collect(x):
            if x[0] in ("in", "out", "index"):
                leaves.add(x)
            for y in x[1:]:
                if isinstance(y, tuple):
                    collect(y)
        collect(e)
        rng = random.Random(0)
        values = set()
        for _ in range(6):
            env = {leaf: rng.uniform(-1000, 1000) for leaf in leaves}
            values.add(self.value_of(e, env))
        return len(values) == 1

    def acceptable(self, op):
        """False for ops of the known-bad classes whose features are off."""
        if not self.on("constant-reduction") and "reduction" in op.iters:
            for o in self.outputs(op):
                if o.body[0] == "comb" and self.is_constant(o.body[2]):
                    return False
        if (not self.on("index-reduction") and "reduction" in op.iters
                and any(v.has_index for v, _ in op.ins)):
            # Elementwise fusion would move the producer's linalg.index
            # into this reduction.
            return False
        if not self.on("narrow-fill"):
            # Vectorized whole and unrolled into one transfer_write per row,
            # these took imexc minutes to bufferize until fills were
            # generalized again (tensor<17x17x2xi32>, tensor<16x16x1xf32>).
            for o in self.outputs(op):
                v = o.result
                inner = self.sizes[v.syms[-1]] if v.syms else 0
                if (o.init[0] == "fill" and inner and not any(v.dyn)
                        and self.volume(v.syms) // inner > 64):
                    return False
        if (not self.on("unit-reduction") and "reduction" in op.iters
                and op.iters[0] == "parallel"):
            # Split across threads along loop 0 as if it reduced, imexc
            # failed on these ("expected type to be 'tensor<?x1xf32>'")
            # until it split only plain reductions.
            ranges = self.static_loop_ranges(op)
            par = [ranges[i] for i, it in enumerate(op.iters) if it == "parallel"]
            if all(x == 1 for x in par):
                return False
        return True

    def outputs(self, op):
        """op and its extra outputs, each as an Op with one result."""
        outs = [op]
        for x in op.extra:
            y = Op()
            y.style, y.loops, y.iters, y.ins = op.style, op.loops, op.iters, op.ins
            y.init, y.out_map, y.body, y.result = x.init, x.out_map, x.body, x.result
            outs.append(y)
        return outs

    def add_op(self, op):
        for v, _ in op.ins:
            v.uses += 1
        base = self.fresh("v")
        op.base_name = base
        for j, o in enumerate(self.outputs(op)):
            if o.init[0] == "val":
                o.init[1].uses += 1
            o.result.name = base if not op.extra else "%s#%d" % (base, j)
            # Elementwise fusion carries linalg.index into consumers.
            o.result.has_index = (self.has_index(o.body)
                                  or any(v.has_index for v, _ in op.ins))
            self.evaluate(o)
        self.ops.append(op)
        for o in self.outputs(op):
            self.values.append(o.result)

    def pick_init_val(self, syms, exact_dyn=None):
        """An existing value with exactly these symbols (as outs())."""
        cands = [v for v in self.values if v.syms == list(syms)
                 and (exact_dyn is None or v.dyn == list(exact_dyn))
                 and (not v.is_arg or self.on("init-from-arg"))]
        return self.rng.choice(cands) if cands else None

    def operand_for(self, loops, allow_existing=True):
        """An extra input of an op with these loop symbols: a new argument
        indexed by a subset of the loops, or an existing value whose dims
        all are loop symbols. Returns (Val, map)."""
        r = self.rng
        if allow_existing and r.random() < 0.3:
            cands = []
            for v in self.values:
                m = self.map_onto(v.syms, loops)
                if m is not None and len(v.syms) > 0:
                    cands.append((v, m))
            if cands:
                return r.choice(cands)
        # New argument: random subset of loops in random order, maybe with
        # constant-indexed unit dims.
        k = r.randint(0, len(loops))
        if k == 0 and r.random() < 0.7 and loops:
            k = 1
        chosen = sorted(r.sample(range(len(loops)), k))
        if r.random() < 0.25:
            r.shuffle(chosen)
        m = list(chosen)
        if self.on("const-map") and r.random() < 0.1 and len(m) < MAX_RANK:
            m.insert(r.randint(0, len(m)), "c0")
        syms = [self.one_sym() if e == "c0" else loops[e] for e in m]
        return self.new_arg(syms), m

    def cover_loops(self, op, outside):
        """Every loop of a generic must index some operand: loops in
        `outside` (those the result does not have) that no input uses get a
        new argument indexed by them."""
        used = {e for _, m in op.ins for e in m if e != "c0"}
        missing = [i for i in sorted(outside) if i not in used]
        if missing:
            v = self.new_arg([op.loops[i] for i in missing])
            op.ins.append((v, missing))

    def map_onto(self, syms, loops):
        used = set()
        m = []
        for s in syms:
            pos = [i for i, l in enumerate(loops) if l == s and i not in used]
            if not pos:
                return None
            p = self.rng.choice(pos)
            used.add(p)
            m.append(p)
        return m

    def result_val(self, syms, dyn=None):
        if dyn is None:
            dyn = self.dyn_flags(len(syms))
        return Val(None, syms, dyn, self.etype)

    # Expressions -----------------------------------------------------------

    def gen_expr(self, leaves, depth):
        """A random expression whose leaves come from `leaves`; every leaf
        of kind "in" is used at least once."""
        used = set()
        e = self._gen_expr(leaves, depth, used)
        for leaf in leaves:
            if leaf[0] == "in" and leaf not in used:
                e = ("bin", self.rng.choice(self.binops()), e, leaf)
        return e

    def binops(self):
        return ["add", "sub", "mul", "max", "min"]

    def _gen_expr(self, leaves, depth, used):
        r = self.rng
        if depth <= 0 or r.random() < 0.25:
            unused = [l for l in leaves if l[0] == "in" and l not in used]
            if unused and r.random() < 0.8:
                leaf = r.choice(unused)
            elif r.random() < 0.15:
                leaf = ("const", self.random_scalar())
            else:
                leaf = r.choice(leaves)
            used.add(leaf)
            return leaf
        x = r.random()
        if x < 0.08:
            return ("neg", self._gen_expr(leaves, depth - 1, used)) if self.is_float \
                else ("bin", "sub", ("const", 0), self._gen_expr(leaves, depth - 1, used))
        if x < 0.22 and self.on("select"):
            pred = r.choice(FLOAT_PREDS if self.is_float else INT_PREDS)
            a = self._gen_expr(leaves, depth - 1, used)
            b = self._gen_expr(leaves, depth - 1, used)
            xx = self._gen_expr(leaves, depth - 1, used)
            y = self._gen_expr(leaves, depth - 1, used)
            return ("sel", pred, a, b, xx, y)
        op = r.choices(self.binops(), [4, 3, 3, 2, 2])[0]
        return ("bin", op, self._gen_expr(leaves, depth - 1, used),
                self._gen_expr(leaves, depth - 1, used))

    def leaves_for(self, nins, loops, with_out=False, with_index=True, reduction=False):
        leaves = [("in", i) for i in range(nins)]
        if with_out:
            leaves.append(("out",))
        feature = "index-reduction" if reduction else "index"
        if with_index and self.on(feature) and loops and self.rng.random() < 0.15:
            leaves.append(("index", self.rng.randrange(len(loops))))
        return leaves

    def combiner(self):
        r = self.rng
        return r.choices(["add", "max", "min"], [6, 2, 2])[0]

    def reduction_init(self, comb, out_syms, can_accumulate=True):
        r = self.rng
        if can_accumulate and self.on("accumulate") and r.random() < 0.2:
            v = self.pick_init_val(out_syms)
            if v is not None:
                return ("val", v)
        if comb == "add":
            c = 0 if self.etype == "i32" else 0.0
            if r.random() < 0.2:
                c = self.random_scalar()
            return ("fill", c)
        if self.is_float and self.on("inf-init") and self.last_op and r.random() < 0.5:
            return ("fill", -INF if comb == "max" else INF)
        return ("fill", self.random_scalar())

    # Op kinds --------------------------------------------------------------

    def gen_ew(self, p):
        """Elementwise generic on p (maybe transposed/broadcast) and others."""
        r = self.rng
        op = Op()
        loops = list(p.syms)
        if len(loops) > 1 and r.random() < 0.3:
            r.shuffle(loops)
        nnew = 0
        if r.random() < 0.3 or not loops:
            nnew = r.randint(1, 2)
        for _ in range(nnew):
            if len(loops) >= MAX_RANK:
                break
            s = self.new_sym(self.volume(loops))
            loops.insert(r.randint(0, len(loops)), s)
        if self.volume(loops) > MAX_VOLUME:
            return None
        op.loops = loops
        op.iters = ["parallel"] * len(loops)
        pm = self.map_onto(p.syms, loops)
        op.ins = [(p, pm)]
        for _ in range(r.choice([0, 1, 1, 2])):
            op.ins.append(self.operand_for(loops))
        # Output: identity or permuted map; empty or an existing value.
        out_map = list(range(len(loops)))
        if len(loops) > 1 and r.random() < 0.15:
            r.shuffle(out_map)
        out_syms = [loops[i] for i in out_map]
        use_out = False
        op.init = ("empty",)
        x = r.random()
        if x < 0.25:
            v = self.pick_init_val(out_syms)
            if v is not None:
                op.init = ("val", v)
                use_out = self.on("read-out") and r.random() < 0.6
        elif x < 0.3 and self.on("read-out"):
            op.init = ("fill", self.random_scalar())
            use_out = True
        op.out_map = out_map
        leaves = self.leaves_for(len(op.ins), loops, use_out)
        op.body = self.gen_expr(leaves, r.randint(1, 3))
        if use_out and not self.uses_out(op.body):
            op.body = ("bin", "add", op.body, ("out",))
        dyn = op.init[1].dyn if op.init[0] == "val" else None
        # linalg.map: identity maps, inputs of the result's type.
        ident = list(range(len(loops)))
        if (self.on("named") and out_map == ident and loops and not use_out
                and r.random() < 0.5
                and all(m == ident for _, m in op.ins)
                and all(l[0] != "index" for l in leaves)):
            dyns = {tuple(v.dyn) for v, _ in op.ins}
            if dyn is not None:
                dyns.add(tuple(dyn))
            if len(dyns) == 1:
                op.style = "map"
                dyn = list(dyns.pop())
        op.result = self.result_val(out_syms, dyn)
        if op.style == "generic" and self.on("multi-out") and r.random() < 0.15:
            x = Op()
            x.out_map = list(range(len(loops)))
            if len(loops) > 1 and r.random() < 0.3:
                r.shuffle(x.out_map)
            if not self.on("multi-out-transposed"):
                x.out_map = list(op.out_map)
            x.init = ("empty",)
            x.body = self.gen_expr(self.leaves_for(len(op.ins), loops), r.randint(1, 3))
            x.result = self.result_val([loops[i] for i in x.out_map])
            op.extra.append(x)
        return op

    def uses_out(self, e):
        if e[0] == "out":
            return True
        return any(isinstance(x, tuple) and self.uses_out(x) for x in e[1:])

    def gen_reduce(self, p):
        r = self.rng
        if not self.on("reduction"):
            return None
        op = Op()
        loops = list(p.syms)
        if len(loops) > 1 and r.random() < 0.3:
            r.shuffle(loops)
        if (r.random() < 0.2 or not loops) and len(loops) < MAX_RANK:
            s = self.new_sym(self.volume(loops))
            loops.insert(r.randint(0, len(loops)), s)
        if self.volume(loops) > MAX_VOLUME:
            return None
        n = len(loops)
        how = r.choice(["inner", "outer", "all", "subset"])
        if how == "inner":
            red = {n - 1}
        elif how == "outer":
            red = {0}
        elif how == "all":
            red = set(range(n))
        else:
            red = set(r.sample(range(n), r.randint(1, n)))
        op.loops = loops
        op.iters = ["reduction" if i in red else "parallel" for i in range(n)]
        op.ins = [(p, self.map_onto(p.syms, loops))]
        if r.random() < 0.4:
            op.ins.append(self.operand_for(loops))
        self.cover_loops(op, red)
        out_map = [i for i in range(n) if i not in red]
        if len(out_map) > 1 and r.random() < 0.2:
            r.shuffle(out_map)
        op.out_map = out_map
        out_syms = [loops[i] for i in out_map]
        comb = self.combiner()
        op.init = self.reduction_init(comb, out_syms)
        expr = self.gen_expr(self.leaves_for(len(op.ins), loops, reduction=True),
                             r.randint(0, 2))
        op.body = ("comb", comb, expr, ("out",))
        op.result = self.result_val(out_syms,
                                    op.init[1].dyn if op.init[0] == "val" else None)
        if self.on("multi-out") and r.random() < 0.15:
            x = Op()
            x.out_map = list(out_map)
            comb = self.combiner()
            x.init = self.reduction_init(comb, out_syms)
            expr = self.gen_expr(self.leaves_for(len(op.ins), loops, reduction=True),
                                 r.randint(0, 2))
            x.body = ("comb", comb, expr, ("out",))
            x.result = self.result_val(out_syms,
                                       x.init[1].dyn if x.init[0] == "val" else None)
            op.extra.append(x)
        return op

    def gen_contract(self, p):
        r = self.rng
        if not self.on("contraction") or len(p.syms) == 0:
            return None
        op = Op()
        rank = len(p.syms)
        if rank > 3:
            return None
        # Loop roles: b (batch, optional), m, n, k.
        if rank == 1:
            # vecmat (p is x[k], out[n]) or matvec (out[m] = A[m,k] p[k]).
            k = p.syms[0]
            other = self.new_sym(self.sizes[k])
            if r.random() < 0.5:
                roles = {"n": other, "k": k}
                a_roles, b_roles, c_roles = ["k"], ["k", "n"], ["n"]
            else:
                roles = {"m": other, "k": k}
                a_roles, b_roles, c_roles = ["k"], ["m", "k"], ["m"]
        else:
            if rank == 3:
                roles = {"b": p.syms[0]}
                rest = p.syms[1:]
            else:
                roles = {}
                rest = p.syms
            if r.random() < 0.7:
                roles["m"], roles["k"] = rest
                a_roles = ["m", "k"]
            else:
                roles["k"], roles["m"] = rest
                a_roles = ["k", "m"]
            if rank == 3:
                a_roles = ["b"] + a_roles
            if r.random() < 0.15 and "b" not in roles:
                roles["n"] = roles["m"]  # gram matrix style: same size
            else:
                roles["n"] = self.new_sym(self.volume(p.syms))
            b_roles = ["k", "n"] if r.random() < 0.7 else ["n", "k"]
            c_roles = ["m", "n"] if r.random() < 0.85 else ["n", "m"]
            if "b" in roles:
                b_roles = ["b"] + b_roles
                c_roles = ["b"] + c_roles
        order = [x for x in ["b", "m", "n", "k"] if x in roles]
        if r.random() < 0.3:
            r.shuffle(order)
        loops = [roles[x] for x in order]
        if self.volume(loops) > MAX_VOLUME:
            return None
        pos = {x: i for i, x in enumerate(order)}
        op.loops = loops
        op.iters = ["reduction" if x == "k" else "parallel" for x in order]
        a_map = [pos[x] for x in a_roles]
        b_map = [pos[x] for x in b_roles]
        b_syms = [roles[x] for x in b_roles]
        bval = None
        if r.random() < 0.3:
            for v in self.values:
                if v.syms == b_syms:
                    bval = v
                    break
        if bval is None:
            bval = self.new_arg(b_syms)
        swap = rank == 1 and "m" in roles  # matvec: A is the new matrix
        op.ins = [(bval, b_map), (p, a_map)] if swap else [(p, a_map), (bval, b_map)]
        op.out_map = [pos[x] for x in c_roles]
        out_syms = [roles[x] for x in c_roles]
        x = r.random()
        if x < 0.8:
            op.body = ("comb", "add", ("bin", "mul", ("in", 0), ("in", 1)), ("out",))
            op.init = self.reduction_init("add", out_syms)
        else:
            comb = self.combiner()
            op.body = ("comb", comb,
                       self.gen_expr(self.leaves_for(2, loops, reduction=True), 2), ("out",))
            op.init = self.reduction_init(comb, out_syms)
        op.result = self.result_val(out_syms,
                                    op.init[1].dyn if op.init[0] == "val" else None)
        return op

    # Named contractions: loop roles (in the op's loop order), then the
    # roles indexing A, B and C.
    NAMED_CONTRACTIONS = {
        "matmul": ("mnk", "mk", "kn", "mn"),
        "batch_matmul": ("bmnk", "bmk", "bkn", "bmn"),
        "matvec": ("mk", "mk", "k", "m"),
        "vecmat": ("nk", "k", "kn", "n"),
        "dot": ("k", "k", "k", ""),
    }

    def gen_matmul(self, p):
        r = self.rng
        rank = len(p.syms)
        choices = []
        for name, (loops, a, b, c) in sorted(self.NAMED_CONTRACTIONS.items()):
            if name == "dot" and not self.on("dot"):
                continue
            for which in (0, 1):
                if len((a, b)[which]) == rank:
                    choices.append((name, which))
        if not choices:
            return None
        weights = [4 if n == "matmul" else 1 for n, _ in choices]
        name, which = r.choices(choices, weights)[0]
        lroles, a, b, c = self.NAMED_CONTRACTIONS[name]
        transposed = False
        if name == "matmul" and r.random() < 0.3:
            # linalg.matmul with indexing_maps: transposed A and/or B.
            a = r.choice(["mk", "km"])
            b = r.choice(["kn", "nk"])
            transposed = (a, b) != ("mk", "kn")
        roles = dict(zip((a, b)[which], p.syms))
        if len(set(roles)) != rank:
            return None
        vol = self.volume(p.syms)
        for x in lroles:
            if x not in roles:
                roles[x] = self.new_sym(vol)
                vol *= self.sizes[roles[x]]
        loops = [roles[x] for x in lroles]
        if self.volume(loops) > MAX_VOLUME:
            return None
        pos = {x: i for i, x in enumerate(lroles)}
        other_roles = (a, b)[1 - which]
        other_syms = [roles[x] for x in other_roles]
        other = None
        if r.random() < 0.3:
            cands = [v for v in self.values if v.syms == other_syms]
            other = r.choice(cands) if cands else None
        other = other or self.new_arg(other_syms)
        ins = [(p, [pos[x] for x in (a, b)[which]]),
               (other, [pos[x] for x in other_roles])]
        if which == 1:
            ins.reverse()
        op = Op()
        op.style = "contraction"
        op.loops = loops
        op.iters = ["reduction" if x == "k" else "parallel" for x in lroles]
        op.ins = ins
        op.out_map = [pos[x] for x in c]
        op.named_attr = (name, transposed)
        op.body = ("comb", "add", ("bin", "mul", ("in", 0), ("in", 1)), ("out",))
        out_syms = [roles[x] for x in c]
        op.init = self.reduction_init("add", out_syms)
        op.result = self.result_val(out_syms,
                                    op.init[1].dyn if op.init[0] == "val" else None)
        return op

    def gen_named_reduce(self, p):
        r = self.rng
        n = len(p.syms)
        if n == 0:
            return None
        op = Op()
        op.style = "reduce"
        how = r.choice(["inner", "outer", "all", "subset"])
        if how == "inner":
            red = [n - 1]
        elif how == "outer":
            red = [0]
        elif how == "all":
            red = list(range(n))
        else:
            red = sorted(r.sample(range(n), r.randint(1, n)))
        op.named_attr = red
        op.loops = list(p.syms)
        op.iters = ["reduction" if i in red else "parallel" for i in range(n)]
        op.ins = [(p, list(range(n)))]
        op.out_map = [i for i in range(n) if i not in red]
        out_syms = [p.syms[i] for i in op.out_map]
        out_dyn = [p.dyn[i] for i in op.out_map]
        comb = self.combiner()
        op.init = self.reduction_init(comb, out_syms, can_accumulate=False)
        if self.on("accumulate") and r.random() < 0.2:
            v = self.pick_init_val(out_syms, out_dyn)
            if v is not None:
                op.init = ("val", v)
        expr = ("in", 0)
        if r.random() < 0.3:
            expr = self.gen_expr(self.leaves_for(1, [], with_index=False), 2)
        op.body = ("comb", comb, expr, ("out",))
        op.result = self.result_val(out_syms, out_dyn)
        return op

    def gen_transpose(self, p):
        r = self.rng
        n = len(p.syms)
        if n < 2:
            return None
        perm = list(range(n))
        while perm == list(range(n)):
            r.shuffle(perm)
        op = Op()
        op.style = "transpose"
        op.named_attr = perm
        op.loops = [p.syms[perm[i]] for i in range(n)]
        op.iters = ["parallel"] * n
        inv = [perm.index(j) for j in range(n)]
        op.ins = [(p, inv)]
        op.out_map = list(range(n))
        op.init = ("empty",)
        op.body = ("in", 0)
        op.result = self.result_val(op.loops, [p.dyn[perm[i]] for i in range(n)])
        return op

    def gen_broadcast(self, p):
        r = self.rng
        n = len(p.syms)
        if n >= MAX_RANK:
            return None
        nnew = r.randint(1, min(2, MAX_RANK - n))
        total = n + nnew
        added = sorted(r.sample(range(total), nnew))
        loops, dyn, in_map = [], [], []
        j = 0
        vol = self.volume(p.syms)
        for i in range(total):
            if i in added:
                s = self.new_sym(vol)
                vol *= self.sizes[s]
                loops.append(s)
                dyn.append(self.dyn_flags(1)[0])
            else:
                loops.append(p.syms[j])
                dyn.append(p.dyn[j])
                in_map.append(i)
                j += 1
        if self.volume(loops) > MAX_VOLUME:
            return None
        op = Op()
        op.style = "broadcast"
        op.named_attr = added
        op.loops = loops
        op.iters = ["parallel"] * total
        op.ins = [(p, in_map)]
        op.out_map = list(range(total))
        op.init = ("empty",)
        op.body = ("in", 0)
        op.result = self.result_val(loops, dyn)
        return op

    # -- reference evaluation -----------------------------------------------

    def evaluate(self, op):
        """Computes op.result's data (and bounds, grid) in plain Python."""
        et = self.etype
        flt = self.is_float
        res = op.result
        nout = self.volume(res.syms)
        if op.init[0] == "fill":
            c = op.init[1]
            data = [c] * nout
            bound = [0.0 if math.isinf(c) else abs(c)] * nout if flt else None
            ginit = self.const_grid(c)
        elif op.init[0] == "val":
            data = list(op.init[1].data)
            bound = list(op.init[1].bound) if flt else None
            ginit = op.init[1].grid
        else:
            data = [0] * nout
            bound = [0.0] * nout if flt else None
            ginit = 0
        ranges = [self.sizes[s] for s in op.loops]
        # Static grids of the expression nodes.
        grids = {}

        def grid(e, gout):
            k = e[0]
            if k == "in":
                g = op.ins[e[1]][0].grid
            elif k == "out":
                g = gout
            elif k == "const":
                g = self.const_grid(e[1])
            elif k == "index":
                g = 0
            elif k == "neg":
                g = grid(e[1], gout)
            elif k == "bin":
                ga, gb = grid(e[2], gout), grid(e[3], gout)
                g = ga + gb if e[1] == "mul" else min(ga, gb)
            elif k == "sel":
                for x in e[2:4]:
                    grid(x, gout)
                g = min(grid(e[4], gout), grid(e[5], gout))
            elif k == "comb":
                g = min(grid(e[2], gout), gout)
            grids[id(e)] = g
            return g

        if flt:
            if op.body[0] == "comb":
                gexpr = grid(op.body[2], 0)
                gout = min(ginit, gexpr)
                grid(op.body, gout)
                res.grid = gout
            else:
                res.grid = grid(op.body, ginit)
        red_len = 1
        for rng_, it in zip(ranges, op.iters):
            if it == "reduction":
                red_len *= rng_
        if "reduction" in op.iters:
            self.reduction_length += red_len
        rtol = BASE_RTOL[et] * max(1, self.reduction_length) if flt else 0
        p = MANTISSA.get(et, 0)

        # Python source of the loop nest.
        ind = "    "
        args = []
        for i, (v, m) in enumerate(op.ins):
            args.append("I%d" % i)
            if flt:
                args.append("B%d" % i)
        src = ["def _kernel(%s, O, OB):" % ", ".join(args)]
        for d, n in enumerate(ranges):
            src.append(ind * (d + 1) + "for l%d in range(%d):" % (d, n))
        depth = len(ranges) + 1
        pre = ind * depth

        def index_expr(val, m):
            strides = []
            st = 1
            for s in reversed(val.syms):
                strides.append(st)
                st *= self.sizes[s]
            strides.reverse()
            terms = ["l%d*%d" % (e, s) if s != 1 else "l%d" % e
                     for e, s in zip(m, strides) if e != "c0"]
            return " + ".join(terms) if terms else "0"

        body = []
        for i, (v, m) in enumerate(op.ins):
            ix = index_expr(v, m)
            body.append("x%d = I%d[%s]" % (i, i, ix))
            if flt:
                body.append("bx%d = B%d[%s]" % (i, i, ix))
        oix = index_expr(res, op.out_map)
        body.append("oi = " + oix)
        body.append("vo = O[oi]")
        if flt:
            body.append("bo = OB[oi]")
        counter = [0]

        def T(g):
            return repr(2.0 ** (g + p))

        def emit(e):
            """Returns (value var, bound var) of e, appending to body."""
            k = e[0]
            if k == "in":
                return "x%d" % e[1], "bx%d" % e[1]
            if k == "out":
                return "vo", "bo"
            counter[0] += 1
            t = "t%d" % counter[0]
            if k == "const":
                c = e[1]
                body.append("%s = %r" % (t, c))
                if flt:
                    body.append("b%s = %r" % (t, 0.0 if math.isinf(c) else abs(float(c))))
                return t, "b" + t
            if k == "index":
                body.append("%s = %s(l%d)" % (t, "float" if flt else "int", e[1]))
                if flt:
                    body.append("b%s = %r" % (t, float(max(ranges[e[1]] - 1, 0))))
                return t, "b" + t
            if k == "neg":
                a, ba = emit(e[1])
                body.append("%s = -%s" % (t, a))
                if flt:
                    body.append("b%s = %s" % (t, ba))
                return t, "b" + t
            if k == "bin":
                a, ba = emit(e[2])
                b, bb = emit(e[3])
                o = e[1]
                if o == "add":
                    v = "%s + %s" % (a, b)
                elif o == "sub":
                    v = "%s - %s" % (a, b)
                elif o == "mul":
                    v = "%s * %s" % (a, b)
                elif o == "max":
                    v = "(%s if %s > %s else %s)" % (a, a, b, b)
                else:
                    v = "(%s if %s < %s else %s)" % (a, a, b, b)
                if not flt and o in ("add", "sub", "mul"):
                    v = "(((%s) + 0x80000000) & 0xFFFFFFFF) - 0x80000000" % v
                body.append("%s = %s" % (t, v))
                if flt:
                    if o in ("add", "sub"):
                        body.append("b%s = %s + %s" % (t, ba, bb))
                    elif o == "mul":
                        body.append("b%s = INF if (%s == INF or %s == INF) else max(%s * %s, %s, %s)"
                                    % (t, ba, bb, ba, bb, ba, bb))
                        body.append("if b%s > %r: b%s = INF" % (t, OVERFLOW[et], t))
                    else:
                        body.append("b%s = max(%s, %s)" % (t, ba, bb))
                return t, "b" + t
            if k == "sel":
                pred = e[1]
                a, ba = emit(e[2])
                b, bb = emit(e[3])
                x, bx = emit(e[4])
                y, by = emit(e[5])
                if flt:
                    cmpop = {"oeq": "==", "one": "!=", "olt": "<", "ole": "<=",
                             "ogt": ">", "oge": ">=", "ult": "<", "ugt": ">"}[pred]
                    cond = "%s %s %s" % (a, cmpop, b)
                else:
                    u = pred.startswith("u")
                    cmpop = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=",
                             "sgt": ">", "sge": ">=", "ult": "<", "ule": "<=",
                             "ugt": ">", "uge": ">="}[pred]
                    if u:
                        cond = "(%s & 0xFFFFFFFF) %s (%s & 0xFFFFFFFF)" % (a, cmpop, b)
                    else:
                        cond = "%s %s %s" % (a, cmpop, b)
                body.append("%s = %s if %s else %s" % (t, x, cond, y))
                if flt:
                    body.append("b%s = max(%s, %s, %s, %s)" % (t, bx, by, ba, bb))
                    ta, tb = T(grids[id(e[2])]), T(grids[id(e[3])])
                    body.append("if not (%s < %s and %s < %s) and abs(%s - %s) <= %r * (%s + %s): b%s = INF"
                                % (ba, ta, bb, tb, a, b, rtol, ba, bb, t))
                return t, "b" + t
            if k == "comb":
                x, bx = emit(e[2])
                o = e[1]
                if o == "add":
                    v = "vo + %s" % x
                    if not flt:
                        v = "(((%s) + 0x80000000) & 0xFFFFFFFF) - 0x80000000" % v
                elif o == "max":
                    v = "(vo if vo > %s else %s)" % (x, x)
                else:
                    v = "(vo if vo < %s else %s)" % (x, x)
                body.append("%s = %s" % (t, v))
                if flt:
                    if o == "add":
                        body.append("b%s = bo + %s" % (t, bx))
                    else:
                        body.append("b%s = max(bo, %s)" % (t, bx))
                return t, "b" + t
            raise AssertionError(e)

        rv, rb = emit(op.body)
        body.append("O[oi] = %s" % rv)
        if flt:
            body.append("OB[oi] = %s" % rb)
        src += [pre + l for l in body]
        src = "\n".join(src) + "\n"
        env = {"INF": INF}
        exec(compile(src, "<ref %s>" % res.name, "exec"), env)
        inputs = []
        for v, m in op.ins:
            inputs.append(v.data)
            if flt:
                inputs.append(v.bound)
        env["_kernel"](*inputs, data, bound)
        res.data = data
        res.bound = bound

    # -- MLIR emission --------------------------------------------------------

    def emit_mlir(self):
        lines = []
        sizes = self.sizes
        self.dim_cache = {}
        self.const_cache = {}
        self.body_lines = []
        self.erng = random.Random("emit:%d:%d" % (self.seed, self.index))
        # Index arguments for dims that no tensor argument carries are
        # collected while emitting; the signature is written afterwards.
        for op in self.ops:
            self.emit_op(op)
        params = ["%s: %s" % (a.name, a.type(sizes)) for a in self.args]
        params += ["%s: index" % n for _, n in sorted(self.index_args.items())]
        rtypes = [v.type(sizes) for v in self.results]
        sig = "func.func @%s(%s) -> (%s) {" % (self.name, ", ".join(params),
                                                ", ".join(rtypes))
        lines.append(sig)
        lines += ["  " + l for l in self.body_lines]
        lines.append("  return %s : %s" % (", ".join(v.name for v in self.results),
                                           ", ".join(rtypes)))
        lines.append("}")
        return "\n".join(lines) + "\n"

    def index_const(self, i):
        if i not in self.const_cache:
            n = "%%idx%d" % i
            self.body_lines.append("%s = arith.constant %d : index" % (n, i))
            self.const_cache[i] = n
        return self.const_cache[i]

    def dim_value(self, sym, avail):
        """SSA index of symbol `sym`'s size: tensor.dim of a value in scope
        that has it, else an index argument."""
        cands = [(v, j) for v in avail for j, s in enumerate(v.syms) if s == sym]
        if not cands:
            if sym not in self.index_args:
                self.index_args[sym] = "%%n%d" % sym
            return self.index_args[sym]
        v, j = self.erng.choice(cands)
        key = (v.name, j)
        if key not in self.dim_cache:
            n = self.fresh("d")
            self.body_lines.append("%s = tensor.dim %s, %s : %s"
                                   % (n, v.name, self.index_const(j), v.type(self.sizes)))
            self.dim_cache[key] = n
        return self.dim_cache[key]

    def scalar_literal(self, c):
        if self.etype == "i32":
            return str(c)
        if math.isinf(c):
            if self.etype == "f32":
                return "0xFF800000" if c < 0 else "0x7F800000"
            return "0xFFF0000000000000" if c < 0 else "0x7FF0000000000000"
        return repr(float(c))

    def emit_init(self, op, avail):
        res = op.result
        t = res.type(self.sizes)
        if op.init[0] == "val":
            return op.init[1].name
        dims = [self.dim_value(s, avail) for s, d in zip(res.syms, res.dyn) if d]
        e = self.fresh("e")
        self.body_lines.append("%s = tensor.empty(%s) : %s" % (e, ", ".join(dims), t))
        if op.init[0] == "empty":
            return e
        c = self.fresh("c")
        self.body_lines.append("%s = arith.constant %s : %s"
                               % (c, self.scalar_literal(op.init[1]), self.etype))
        f = self.fresh("f")
        self.body_lines.append("%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s"
                               % (f, c, self.etype, e, t, t))
        return f

    def emit_op(self, op):
        sizes = self.sizes
        earlier = [o.result for p in self.ops[:self.ops.index(op)] for o in self.outputs(p)]
        avail = [v for v in self.values if v.is_arg or v in earlier]
        outs = self.outputs(op)
        inits = [self.emit_init(o, avail) for o in outs]
        init = inits[0]
        rt = op.result.type(sizes)
        ins = ", ".join(v.name for v, _ in op.ins)
        ints = ", ".join(v.type(sizes) for v, _ in op.ins)
        L = self.body_lines
        name = op.result.name
        n = len(op.loops)
        dims = ", ".join("d%d" % i for i in range(n))

        def amap(m):
            return "affine_map<(%s) -> (%s)>" % (
                dims, ", ".join("0" if e == "c0" else "d%d" % e for e in m))
        if op.style == "contraction":
            cname, transposed = op.named_attr
            maps = ""
            if transposed:
                maps = " indexing_maps = [%s]" % ", ".join(
                    [amap(m) for _, m in op.ins] + [amap(op.out_map)])
            L.append("%s = linalg.%s%s ins(%s : %s) outs(%s : %s) -> %s"
                     % (name, cname, maps, ins, ints, init, rt, rt))
            return
        if op.style == "map":
            L.append("%s = linalg.map ins(%s : %s) outs(%s : %s)" % (name, ins, ints, init, rt))
            L.append("  (%s) {" % ", ".join(
                ["%%in%d: %s" % (i, self.etype) for i in range(len(op.ins))]
                + ["%%out: %s" % self.etype]))
        if op.style == "transpose":
            L.append("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s]"
                     % (name, ins, ints, init, rt, ", ".join(map(str, op.named_attr))))
            return
        if op.style == "broadcast":
            L.append("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [%s]"
                     % (name, ins, ints, init, rt, ", ".join(map(str, op.named_attr))))
            return
        et = self.etype
        if op.style == "reduce":
            L.append("%s = linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [%s]"
                     % (name, ins, ints, init, rt, ", ".join(map(str, op.named_attr))))
            L.append("  (%%in0: %s, %%out: %s) {" % (et, et))
        elif op.style == "generic":
            maps = [amap(m) for _, m in op.ins] + [amap(o.out_map) for o in outs]
            iters = ", ".join('"%s"' % i for i in op.iters)
            rts = [o.result.type(sizes) for o in outs]
            if op.extra:
                name = "%s:%d" % (op.base_name, len(outs))
                rt = "(%s)" % ", ".join(rts)
            L.append("%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]}"
                     % (name, ", ".join(maps), iters))
            L.append("    ins(%s : %s) outs(%s : %s) {" % (ins, ints, ", ".join(inits),
                                                           ", ".join(rts)))
            L.append("^bb0(%s):" % ", ".join(
                ["%%in%d: %s" % (i, et) for i in range(len(op.ins))]
                + ["%%out%s: %s" % (j or "", et) for j in range(len(outs))]))
        self.tmp = 0
        self.out_arg = "%out"
        res = []
        for j, o in enumerate(outs):
            self.out_arg = "%%out%s" % (j or "")
            res.append(self.emit_body(o.body))
        L.append("    linalg.yield %s : %s" % (", ".join(res), ", ".join([et] * len(res))))
        if op.style in ("reduce", "map"):
            L.append("  }")
        else:
            L.append("} -> %s" % rt)

    def emit_body(self, e):
        L = self.body_lines
        et = self.etype
        flt = self.is_float
        k = e[0]
        if k == "in":
            return "%%in%d" % e[1]
        if k == "out":
            return self.out_arg
        self.tmp += 1
        t = "%%b%d" % self.tmp
        if k == "const":
            L.append("    %s = arith.constant %s : %s" % (t, self.scalar_literal(e[1]), et))
            return t
        if k == "index":
            L.append("    %si = linalg.index %d : index" % (t, e[1]))
            if flt:
                L.append("    %sl = arith.index_cast %si : index to i64" % (t, t))
                L.append("    %s = arith.sitofp %sl : i64 to %s" % (t, t, et))
            else:
                L.append("    %s = arith.index_cast %si : index to i32" % (t, t))
            return t
        if k == "neg":
            a = self.emit_body(e[1])
            L.append("    %s = arith.negf %s : %s" % (t, a, et))
            return t
        if k == "bin":
            a = self.emit_body(e[2])
            b = self.emit_body(e[3])
            if flt:
                o = {"add": "addf", "sub": "subf", "mul": "mulf", "max": "maximumf",
                     "min": "minimumf"}[e[1]]
            else:
                o = {"add": "addi", "sub": "subi", "mul": "muli", "max": "maxsi",
                     "min": "minsi"}[e[1]]
            L.append("    %s = arith.%s %s, %s : %s" % (t, o, a, b, et))
            return t
        if k == "sel":
            a = self.emit_body(e[2])
            b = self.emit_body(e[3])
            x = self.emit_body(e[4])
            y = self.emit_body(e[5])
            L.append("    %sc = arith.%s %s, %s, %s : %s"
                     % (t, "cmpf" if flt else "cmpi", e[1], a, b, et))
            L.append("    %s = arith.select %sc, %s, %s : %s" % (t, t, x, y, et))
            return t
        if k == "comb":
            x = self.emit_body(e[2])
            if flt:
                o = {"add": "addf", "max": "maximumf", "min": "minimumf"}[e[1]]
            else:
                o = {"add": "addi", "max": "maxsi", "min": "minsi"}[e[1]]
            L.append("    %s = arith.%s %s, %s : %s" % (t, o, x, self.out_arg, et))
            return t
        raise AssertionError(e)

    # -- driver -----------------------------------------------------------------

    def shape(self, v):
        return [self.sizes[s] for s in v.syms]

    def emit_driver_fn(self):
        """C++ function running this program: reads in_<name>.bin, writes
        out_<name>.bin (results, then the arguments after the call)."""
        et = self.etype
        ct = CTYPES[et]
        L = ["static void run_%s(const std::string &dir) {" % self.name]
        L.append('  FILE *in = openFile(dir + "/in_%s.bin", "rb");' % self.name)
        call = []
        for i, a in enumerate(self.args):
            shp = self.shape(a)
            n = self.volume(a.syms)
            rank = len(shp)
            L.append("  %s *a%d = readArray<%s>(in, %d);" % (ct, i, ct, n))
            strides = []
            st = 1
            for z in reversed(shp):
                strides.append(st)
                st *= z
            strides.reverse()
            if rank:
                L.append("  imexc_memref_%dd_%s m%d = {a%d, a%d, 0, {%s}, {%s}};"
                         % (rank, et, i, i, i, ", ".join(map(str, shp)),
                            ", ".join(map(str, strides))))
            else:
                L.append("  imexc_memref_0d_%s m%d = {a%d, a%d, 0};" % (et, i, i, i))
            call.append("&m%d" % i)
        for s, n in sorted(self.index_args.items()):
            call.append("(int64_t)%d" % self.sizes[s])
        L.append("  fclose(in);")
        L.append("  imexc_%s_result r;" % self.name)
        L.append("  std::memset(&r, 0, sizeof r);")
        L.append("  _mlir_ciface_%s(&r%s);" % (self.name, "".join(", " + c for c in call)))
        L.append('  std::string path = dir + "/out_%s.bin";' % self.name)
        L.append('  FILE *out = openFile(path + ".tmp", "wb");')
        for j, v in enumerate(self.results):
            rank = len(v.syms)
            if rank:
                L.append("  dump(out, r.r%d.aligned + r.r%d.offset, %d, r.r%d.sizes, r.r%d.strides);"
                         % (j, j, rank, j, j))
            else:
                L.append("  dump(out, r.r%d.aligned + r.r%d.offset, 0, nullptr, nullptr);" % (j, j))
        for i, a in enumerate(self.args):
            rank = len(a.syms)
            if rank:
                L.append("  dump(out, a%d, %d, m%d.sizes, m%d.strides);" % (i, rank, i, i))
            else:
                L.append("  dump(out, a%d, 0, nullptr, nullptr);" % i)
        L.append("  fclose(out);")
        L.append('  std::rename((path + ".tmp").c_str(), path.c_str());')
        L.append("}")
        return "\n".join(L) + "\n"

    def input_bytes(self):
        fmt = PACK[self.etype]
        out = bytearray()
        for a in self.args:
            out += struct.pack("<%d%s" % (len(a.data), fmt), *a.data)
        return bytes(out)


DRIVER_PRELUDE = r"""// Generated by linalg_stress.py: runs the functions of one module.
#include "%(header)s"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static FILE *openFile(const std::string &path, const char *mode) {
  FILE *f = std::fopen(path.c_str(), mode);
  if (!f) { std::perror(path.c_str()); std::exit(3); }
  return f;
}

template <class T> static T *readArray(FILE *f, int64_t n) {
  T *p = static_cast<T *>(std::malloc(sizeof(T) * (n ? n : 1)));
  if (n && std::fread(p, sizeof(T), n, f) != static_cast<size_t>(n)) {
    std::fprintf(stderr, "short read\n");
    std::exit(3);
  }
  return p;
}

// Rank, sizes, then the elements in row-major order.
template <class T>
static void dump(FILE *f, const T *base, int rank, const int64_t *sizes,
                 const int64_t *strides) {
  int64_t r = rank;
  std::fwrite(&r, 8, 1, f);
  if (rank) std::fwrite(sizes, 8, rank, f);
  int64_t total = 1;
  for (int i = 0; i < rank; ++i) total *= sizes[i];
  std::vector<int64_t> idx(rank, 0);
  std::vector<T> row;
  row.reserve(total);
  for (int64_t e = 0; e < total; ++e) {
    int64_t off = 0;
    for (int i = 0; i < rank; ++i) off += idx[i] * strides[i];
    row.push_back(base[off]);
    for (int i = rank - 1; i >= 0; --i) {
      if (++idx[i] < sizes[i]) break;
      idx[i] = 0;
    }
  }
  if (total) std::fwrite(row.data(), sizeof(T), total, f);
}

"""


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

DEFAULT_CONFIGS = "O3=-O3 --mcpu=native;O0=-O0"


def parse_configs(text):
    out = []
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        name, _, flags = part.partition("=")
        out.append((name.strip(), shlex.split(flags)))
    return out


class Runner:
    def __init__(self, args):
        self.args = args
        self.imexc = os.path.abspath(args.imexc)
        self.configs = parse_configs(args.configs)
        self.threads = [int(t) for t in args.threads.split(",")]
        pc = args.pkg_config_path or os.path.join(
            os.path.dirname(os.path.dirname(self.imexc)), "lib", "pkgconfig")
        env = dict(os.environ, PKG_CONFIG_PATH=pc)
        self.libs = shlex.split(subprocess.run(
            ["pkg-config", "--libs", "imexrt"], env=env, check=True,
            capture_output=True, text=True).stdout)
        self.cflags = shlex.split(subprocess.run(
            ["pkg-config", "--cflags", "imexrt"], env=env, check=True,
            capture_output=True, text=True).stdout)
        self.cxx = os.environ.get("CXX", "c++")
        self.stats = collections.Counter()

    def sh(self, cmd, timeout=300, env=None, cwd=None):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                               env=env, cwd=cwd)
            return p.returncode, p.stdout + p.stderr
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"")
            out = out.decode(errors="replace") if isinstance(out, bytes) else out
            return "timeout", out

    def describe(self, cname):
        return "%s: imexc %s" % (cname, " ".join(dict(self.configs)[cname]))

    def compile_module(self, mlir_path, obj, header, flags):
        cmd = [self.imexc, mlir_path, "-o", obj] + flags
        if header:
            cmd.append("--emit-header=" + header)
        start = time.time()
        result = self.sh(cmd, timeout=self.args.compile_timeout)
        if time.time() - start > 5:
            # Slow but within the limit: worth a look when hunting.
            self.stats["compiles over 5 s (%s)" % " ".join(flags)] += 1
        return result, cmd

    def run_batch(self, seed, indices, features, work):
        """Generates, compiles, runs and checks programs `indices` of `seed`
        in one module. Returns (number checked, list of failure reports)."""
        shutil.rmtree(work, ignore_errors=True)  # no stale outputs
        os.makedirs(work)
        progs = [Program(seed, i, features) for i in indices]
        failures = []
        texts = {p.name: p.emit_mlir() for p in progs}
        for p in progs:
            self.stats["programs %s %s" % (p.etype, p.mode)] += 1
            for op in p.ops:
                kind = op.style
                if kind == "contraction":
                    kind = op.named_attr[0]
                if kind == "generic":
                    kind += " reduction" if "reduction" in op.iters else " parallel"
                self.stats["op " + kind] += 1
            if 0 in p.sizes.values():
                self.stats["programs with empty dims"] += 1
        # Compile the module in every configuration. When one fails, the
        # functions failing on their own are reported and dropped, and the
        # rest is compiled again.
        good = list(progs)
        objs = {}
        hdr = os.path.join(work, "mod.h")
        mod = os.path.join(work, "mod.mlir")
        while good and len(objs) < len(self.configs):
            objs = {}
            with open(mod, "w") as f:
                f.write("".join(texts[p.name] for p in good))
            for cname, flags in self.configs:
                obj = os.path.join(work, "mod_%s.o" % cname)
                (rc, out), _ = self.compile_module(mod, obj, hdr, flags)
                if rc == 0:
                    objs[cname] = obj
                    continue
                bad = []
                for p in good:
                    single = os.path.join(work, "single_%s.mlir" % p.name)
                    with open(single, "w") as f:
                        f.write(texts[p.name])
                    (rc1, out1), cmd1 = self.compile_module(
                        single, os.path.join(work, "single.o"), None, flags)
                    if rc1 != 0:
                        bad.append(p)
                        failures.append(self.report(
                            p, texts[p.name], work,
                            "compile failure (%s, rc=%s)" % (self.describe(cname), rc1),
                            detail=out1[-6000:], cmd=cmd1))
                if not bad:
                    failures.append("seed %d programs %s: the module fails to compile "
                                    "(%s) but no single function does:\n%s"
                                    % (seed, [p.index for p in good], cname, out[-4000:]))
                    return len(progs), failures
                good = [p for p in good if p not in bad]
                break
        if not good:
            return len(progs), failures
        # Driver.
        drv = os.path.join(work, "driver.cpp")
        with open(drv, "w") as f:
            f.write(DRIVER_PRELUDE % {"header": "mod.h"})
            for p in good:
                f.write(p.emit_driver_fn())
            f.write("int main(int argc, char **argv) {\n"
                    "  std::string dir = argv[1];\n"
                    "  const char *only = argc > 2 ? argv[2] : nullptr;\n")
            for p in good:
                f.write('  if (!only || !std::strcmp(only, "%s")) run_%s(dir);\n'
                        % (p.name, p.name))
            f.write("  return 0;\n}\n")
        drv_o = os.path.join(work, "driver.o")
        rc, out = self.sh([self.cxx, "-O1", "-c", drv, "-o", drv_o, "-I", work] + self.cflags)
        if rc != 0:
            failures.append("driver does not compile (generator bug):\n" + out[-4000:])
            return len(progs), failures
        for p in good:
            with open(os.path.join(work, "in_%s.bin" % p.name), "wb") as f:
                f.write(p.input_bytes())
        for cname, obj in objs.items():
            exe = os.path.join(work, "run_%s" % cname)
            rc, out = self.sh([self.cxx, drv_o, obj, "-o", exe] + self.libs)
            if rc != 0:
                failures.append("link failure (%s):\n%s" % (cname, out[-4000:]))
                continue
            for nt in self.threads:
                rdir = os.path.join(work, "%s_t%d" % (cname, nt))
                os.makedirs(rdir, exist_ok=True)
                for p in good:
                    shutil.copy(os.path.join(work, "in_%s.bin" % p.name), rdir)
                env = dict(os.environ, OMP_NUM_THREADS=str(nt))
                rc, out = self.sh([exe, rdir], timeout=self.args.run_timeout, env=env)
                pending = [p for p in good]
                if rc != 0:
                    # Run the programs one by one to tell which fails.
                    for p in good:
                        if os.path.exists(os.path.join(rdir, "out_%s.bin" % p.name)):
                            continue
                        rc1, out1 = self.sh([exe, rdir, p.name],
                                            timeout=self.args.run_timeout, env=env)
                        if rc1 != 0:
                            failures.append(self.report(
                                p, texts[p.name], work,
                                "run failure (%s, OMP_NUM_THREADS=%d, rc=%s)"
                                % (self.describe(cname), nt, rc1),
                                detail=out1[-4000:]))
                            pending.remove(p)
                for p in pending:
                    msg = self.check(p, os.path.join(rdir, "out_%s.bin" % p.name))
                    if msg:
                        failures.append(self.report(
                            p, texts[p.name], work,
                            "wrong result (%s, OMP_NUM_THREADS=%d)" % (self.describe(cname), nt),
                            detail=msg))
        return len(progs), failures

    def check(self, p, path):
        """Compares one program's output file with the reference; returns an
        error description or None."""
        try:
            with open(path, "rb") as f:
                blob = f.read()
        except OSError as e:
            return "no output: %s" % e
        fmt = PACK[p.etype]
        nb = BYTES[p.etype]
        pos = 0
        msgs = []

        def read_tensor():
            nonlocal pos
            (rank,) = struct.unpack_from("<q", blob, pos)
            pos += 8
            sizes = list(struct.unpack_from("<%dq" % rank, blob, pos))
            pos += 8 * rank
            n = 1
            for z in sizes:
                n *= z
            vals = list(struct.unpack_from("<%d%s" % (n, fmt), blob, pos))
            pos += nb * n
            return sizes, vals

        rtol = BASE_RTOL.get(p.etype, 0) * max(1, p.reduction_length)
        try:
            for j, v in enumerate(p.results):
                sizes, vals = read_tensor()
                want = p.shape(v)
                if sizes != want:
                    msgs.append("result %d: sizes %s, expected %s" % (j, sizes, want))
                    continue
                bad = []
                thr = 2.0 ** (v.grid + MANTISSA[p.etype]) if p.is_float else 0
                for e, (act, exp) in enumerate(zip(vals, v.data)):
                    if p.is_float:
                        b = v.bound[e]
                        if b == INF or exp != exp:
                            self.stats["elements unknown"] += 1
                            continue
                        if b < thr:
                            self.stats["elements exact"] += 1
                            ok = act == exp
                        else:
                            self.stats["elements within tolerance"] += 1
                            ok = abs(act - exp) <= rtol * b
                    else:
                        self.stats["elements exact"] += 1
                        ok = act == exp
                    if not ok:
                        bad.append(e)
                if bad:
                    msgs.append(self.describe_mismatch(p, j, v, vals, bad))
            unchecked = args_not_checked(p, self.args.check_args)
            for a in p.args:
                sizes, vals = read_tensor()
                if a in unchecked:
                    continue
                if vals != [float(x) if p.is_float else x for x in a.data]:
                    bad = [e for e, (x, y) in enumerate(zip(vals, a.data)) if x != y]
                    msgs.append("argument %s was modified by the call (%d elements, first at %s)"
                                % (a.name, len(bad), unravel(bad[0], p.shape(a)) if bad else "?"))
        except struct.error as e:
            msgs.append("truncated output: %s" % e)
        return "\n".join(msgs) if msgs else None

    def describe_mismatch(self, p, j, v, vals, bad):
        shape = p.shape(v)
        lines = ["result %d (%s, shape %s): %d of %d elements differ"
                 % (j, v.name, shape, len(bad), len(vals))]
        for e in bad[:12]:
            b = v.bound[e] if p.is_float else None
            lines.append("  at %s: expected %r, actual %r%s"
                         % (unravel(e, shape), v.data[e], vals[e],
                            "" if b is None else " (bound %g)" % b))
        if len(vals) <= 64:
            lines.append("  expected: %s" % fmt_list(v.data))
            lines.append("  actual:   %s" % fmt_list(vals))
        return "\n".join(lines)

    def report(self, p, text, work, what, detail="", cmd=None):
        """Writes a standalone reproducer and returns the failure text."""
        rdir = os.path.join(self.args.work_dir, "failures", "seed%d_%s" % (p.seed, p.name))
        os.makedirs(rdir, exist_ok=True)
        with open(os.path.join(rdir, "prog.mlir"), "w") as f:
            f.write(text)
        with open(os.path.join(rdir, "in_%s.bin" % p.name), "wb") as f:
            f.write(p.input_bytes())
        with open(os.path.join(rdir, "driver.cpp"), "w") as f:
            f.write(DRIVER_PRELUDE % {"header": "prog.h"})
            f.write(p.emit_driver_fn())
            f.write("int main(int argc, char **argv) {\n  run_%s(argv[1]);\n  return 0;\n}\n"
                    % p.name)
        script = os.path.join(rdir, "run.sh")
        with open(script, "w") as f:
            f.write("#!/bin/sh\n"
                    "# Compiles prog.mlir with the imexc flags given (e.g. -O3 --mcpu=native),\n"
                    "# runs it on in_%(n)s.bin; out/out_%(n)s.bin holds the results, then the\n"
                    "# arguments after the call (rank, sizes, row-major elements each).\n"
                    "set -e\ncd \"$(dirname \"$0\")\"\n"
                    "${IMEXC:-%(imexc)s} prog.mlir -o prog.o --emit-header=prog.h \"$@\"\n"
                    "${CXX:-c++} -O1 -I. driver.cpp prog.o %(libs)s -o prog\n"
                    "mkdir -p out && cp in_%(n)s.bin out/ && ./prog out\n"
                    % {"n": p.name, "imexc": shlex.quote(self.imexc),
                       "libs": " ".join(shlex.quote(l) for l in self.libs)})
        os.chmod(script, 0o755)
        lines = ["=" * 78,
                 "FAILURE: %s: seed %d program %d (%s, %s shapes)"
                 % (what, p.seed, p.index, p.etype, p.mode),
                 "reproduce: %s --seed %d --only %d%s%s --imexc %s --work-dir DIR"
                 % (os.path.basename(sys.argv[0]), p.seed, p.index,
                    feature_flags(p.features),
                    ("" if self.args.configs == DEFAULT_CONFIGS
                     else " --configs " + shlex.quote(self.args.configs))
                    + ("" if self.args.check_args == "all-inputs"
                       else " --check-args " + self.args.check_args), self.imexc),
                 "files: %s (run.sh IMEXC-FLAGS builds and runs it)" % rdir]
        if cmd:
            lines.append("command: " + " ".join(shlex.quote(c) for c in cmd))
        lines.append("--- program ---")
        lines.append(text.rstrip())
        lines.append("--- sizes: %s" % ", ".join(
            "s%d=%d" % (s, z) for s, z in sorted(p.sizes.items())))
        lines.append("--- inputs ---")
        for a in p.args:
            lines.append("%s %s = %s" % (a.name, p.shape(a), fmt_list(a.data, 64)))
        for s, n in sorted(p.index_args.items()):
            lines.append("%s = %d" % (n, p.sizes[s]))
        lines.append("--- detail ---")
        lines.append(detail.rstrip())
        return "\n".join(lines)


def args_not_checked(p, mode):
    """Arguments of p whose contents after the call are not checked.

    One-shot bufferization treats function arguments as writable: one
    passed as outs() may be updated in place (as MLIR intends). Mode
    "inputs" also skips arguments read by a reduction (once a known bug);
    "all-inputs" (default) checks all but outs(); "all" checks every
    argument."""
    if mode == "all":
        return set()
    producer = {}
    for op in p.ops:
        for o in p.outputs(op):
            producer[o.result] = op

    def feeding_args(v):
        # Arguments that elementwise fusion may make an input of v's user.
        if v.is_arg:
            return {v}
        op = producer.get(v)
        if op is None or "reduction" in op.iters:
            return set()
        return set().union(*[feeding_args(w) for w, _ in op.ins])

    skip = set()
    for op in p.ops:
        for o in p.outputs(op):
            if o.init[0] == "val":
                skip.add(o.init[1])
        if mode == "inputs" and "reduction" in op.iters:
            for v, _ in op.ins:
                skip |= feeding_args(v)
    return skip


def feature_flags(features):
    default = set(FEATURES) - DEFAULT_OFF
    on = sorted(set(features) - default)
    off = sorted(default - set(features))
    return ("".join(" --enable " + f for f in on) +
            "".join(" --disable " + f for f in off))


def unravel(e, shape):
    idx = []
    for z in reversed(shape):
        idx.append(e % z if z else 0)
        e = e // z if z else 0
    return "[" + ", ".join(map(str, reversed(idx))) + "]"


def fmt_list(xs, limit=64):
    s = ", ".join(("%g" % x) if isinstance(x, float) else str(x) for x in xs[:limit])
    if len(xs) > limit:
        s += ", ... (%d elements)" % len(xs)
    return "[" + s + "]"


def worker(args, seed, indices, features, work):
    runner = Runner(args)
    try:
        n, fails = runner.run_batch(seed, indices, features, work)
    except Exception:  # a generator bug must not pass silently
        import traceback
        return len(indices), ["internal error on seed %d programs %s:\n%s"
                              % (seed, indices, traceback.format_exc())], runner.stats
    if not fails and not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return n, fails, runner.stats


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20, help="programs to generate")
    ap.add_argument("--imexc", default="imexc")
    ap.add_argument("--work-dir", default="linalg-stress-work")
    ap.add_argument("--only", type=int, action="append",
                    help="only program INDEX of the seed (repeatable)")
    ap.add_argument("--batch", type=int, default=8, help="programs per module")
    ap.add_argument("--jobs", type=int, default=2, help="batches in parallel")
    ap.add_argument("--configs", default=DEFAULT_CONFIGS,
                    help="'name=imexc flags;...' (default: %(default)s)")
    ap.add_argument("--threads", default="1,2", help="OMP_NUM_THREADS values")
    ap.add_argument("--disable", action="append", default=[],
                    help="generator feature to turn off (repeatable, comma lists): "
                    + ", ".join(sorted(FEATURES)))
    ap.add_argument("--enable", action="append", default=[],
                    help="feature to turn on (off by default: %s)"
                    % (", ".join(sorted(DEFAULT_OFF)) or "none"))
    ap.add_argument("--all-features", action="store_true",
                    help="every feature, including those off by default")
    ap.add_argument("--pkg-config-path", default=None,
                    help="where imexrt.pc is (default: <imexc>/../../lib/pkgconfig)")
    ap.add_argument("--run-timeout", type=int, default=60,
                    help="seconds a driver may run (default: %(default)s)")
    ap.add_argument("--compile-timeout", type=int, default=60,
                    help="seconds imexc may take on one module (default: %(default)s); "
                    "longer is reported as a failure (rc=timeout)")
    ap.add_argument("--check-args", choices=["inputs", "all-inputs", "all"],
                    default="all-inputs",
                    help="which arguments must come back unchanged: 'all-inputs' "
                    "(default): all but those passed as outs(); 'inputs': also not "
                    "those read by a reduction; 'all'")
    ap.add_argument("--stats", action="store_true",
                    help="print what was generated and checked")
    ap.add_argument("--keep", action="store_true", help="keep work files of passing batches")
    ap.add_argument("--print", action="store_true",
                    help="print the programs' MLIR and exit (no compilation)")
    ap.add_argument("--max-failures-shown", type=int, default=10)
    args = ap.parse_args()

    features = set(FEATURES) - set(DEFAULT_OFF)
    if args.all_features:
        features = set(FEATURES)
    for d in args.disable:
        for f in d.split(","):
            f = f.strip()
            if f and f not in FEATURES:
                ap.error("unknown feature %r" % f)
            features.discard(f)
    for d in args.enable:
        for f in d.split(","):
            f = f.strip()
            if f and f not in FEATURES:
                ap.error("unknown feature %r" % f)
            features.add(f)

    indices = args.only if args.only else list(range(args.count))
    if args.print:
        for i in indices:
            p = Program(args.seed, i, features)
            sys.stdout.write(p.emit_mlir())
        return 0

    start = time.time()
    batches = [indices[i:i + args.batch] for i in range(0, len(indices), args.batch)]
    work = os.path.abspath(args.work_dir)
    args.work_dir = work
    os.makedirs(work, exist_ok=True)
    Runner(args)  # fail early on a broken setup (pkg-config)
    total = 0
    failures = []
    stats = collections.Counter()
    jobs = max(1, args.jobs)
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        futs = [pool.submit(worker, args, args.seed, b, features,
                            os.path.join(work, "seed%d_b%d" % (args.seed, b[0])))
                for b in batches]
        for fut in futs:
            n, fails, st = fut.result()
            total += n
            failures += fails
            stats.update(st)
    for f in failures[:args.max_failures_shown]:
        print(f)
    if len(failures) > args.max_failures_shown:
        print("... %d more failures (reproducers under %s/failures)"
              % (len(failures) - args.max_failures_shown, work))
    print("linalg-stress: seed %d, %d programs, configs %s, threads %s: %d failures (%.1f s)"
          % (args.seed, total, ",".join(c for c, _ in parse_configs(args.configs)),
             args.threads, len(failures), time.time() - start))
    if args.stats:
        for k, v in sorted(stats.items()):
            print("  %-40s %d" % (k, v))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
