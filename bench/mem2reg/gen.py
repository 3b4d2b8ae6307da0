#!/usr/bin/env python3
"""Generates mem2reg benchmark inputs in structured form (scf).

Shapes, each scaled by N:
  straight  N slots in one block, all allocated at the top; every slot is
            stored once and loaded once, and the loaded values feed one long
            sum (so the uses of every slot reach the end of the function).
  ifs       N scf.if ops in nests of depth 50, one slot per nest; every level
            loads, updates and stores the slot and then branches deeper.
  loops     N scf.for ops in nests of depth 4, one slot per nest; the
            innermost body loads, updates and stores the slot.

With --cfg the same program is written with cf branches instead, block for
block and op for op what `mlir-opt --convert-scf-to-cf` makes of the
structured form (run.py checks that on small sizes). It is generated
directly because the conversion itself needs tens of GiB at 10^5.

usage: gen.py [--cfg] SHAPE N > out.mlir
"""
import sys

IF_DEPTH = 50
LOOP_DEPTH = 4


def straight(n, out):
    out.append("func.func @straight(%x: i64) -> i64 {")
    for i in range(n):
        out.append(f"  %a{i} = memref.alloca() : memref<i64>")
    out.append("  %s = arith.constant 0 : i64")
    prev = "%s"
    for i in range(n):
        out.append(f"  %x{i} = arith.addi %x, %x : i64")
        out.append(f"  memref.store %x{i}, %a{i}[] : memref<i64>")
        out.append(f"  %v{i} = memref.load %a{i}[] : memref<i64>")
        out.append(f"  %s{i} = arith.addi {prev}, %v{i} : i64")
        prev = f"%s{i}"
    out.append(f"  return {prev} : i64")
    out.append("}")


def ifs_cfg(n, out):
    nests = max(1, n // IF_DEPTH)
    out.append("func.func @ifs(%c: i1, %x: i64) -> i64 {")
    for k in range(nests):
        out.append(f"  %a{k} = memref.alloca() : memref<i64>")
    out.append("  %s = arith.constant 0 : i64")
    prev = "%s"
    for k in range(nests):
        out.append(f"  memref.store %x, %a{k}[] : memref<i64>")
        # Then-blocks in order, then the continuations innermost first.
        for level in range(IF_DEPTH):
            out.append(f"  %v{k}_{level} = memref.load %a{k}[] : memref<i64>")
            out.append(f"  %w{k}_{level} = arith.addi %v{k}_{level}, %x : i64")
            out.append(f"  memref.store %w{k}_{level}, %a{k}[] : memref<i64>")
            out.append(f"  cf.cond_br %c, ^t{k}_{level}, ^j{k}_{level}")
            out.append(f"^t{k}_{level}:")
        out.append(f"  cf.br ^j{k}_{IF_DEPTH - 1}")
        for level in reversed(range(1, IF_DEPTH)):
            out.append(f"^j{k}_{level}:")
            out.append(f"  cf.br ^j{k}_{level - 1}")
        out.append(f"^j{k}_0:")
        out.append(f"  %r{k} = memref.load %a{k}[] : memref<i64>")
        out.append(f"  %s{k} = arith.addi {prev}, %r{k} : i64")
        prev = f"%s{k}"
    out.append(f"  return {prev} : i64")
    out.append("}")


def loops_cfg(n, out):
    nests = max(1, n // LOOP_DEPTH)
    out.append("func.func @loops(%n: index, %x: i64) -> i64 {")
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %c1 = arith.constant 1 : index")
    for k in range(nests):
        out.append(f"  %a{k} = memref.alloca() : memref<i64>")
    out.append("  %s = arith.constant 0 : i64")
    prev = "%s"
    for k in range(nests):
        out.append(f"  memref.store %x, %a{k}[] : memref<i64>")
        # Header and body of each level in order, then the exits innermost
        # first; an exit block ends the body of the enclosing loop.
        for level in range(LOOP_DEPTH):
            iv = f"%i{k}_{level}"
            out.append(f"  cf.br ^h{k}_{level}(%c0 : index)")
            out.append(f"^h{k}_{level}({iv}: index):")
            out.append(f"  %p{k}_{level} = arith.cmpi slt, {iv}, %n : index")
            out.append(f"  cf.cond_br %p{k}_{level}, ^b{k}_{level}, ^e{k}_{level}")
            out.append(f"^b{k}_{level}:")
        out.append(f"  %v{k} = memref.load %a{k}[] : memref<i64>")
        out.append(f"  %w{k} = arith.addi %v{k}, %x : i64")
        out.append(f"  memref.store %w{k}, %a{k}[] : memref<i64>")
        for level in reversed(range(LOOP_DEPTH)):
            iv = f"%i{k}_{level}"
            out.append(f"  %n{k}_{level} = arith.addi {iv}, %c1 : index")
            out.append(f"  cf.br ^h{k}_{level}(%n{k}_{level} : index)")
            out.append(f"^e{k}_{level}:")
        out.append(f"  %r{k} = memref.load %a{k}[] : memref<i64>")
        out.append(f"  %s{k} = arith.addi {prev}, %r{k} : i64")
        prev = f"%s{k}"
    out.append(f"  return {prev} : i64")
    out.append("}")


def ifs(n, out):
    nests = max(1, n // IF_DEPTH)
    out.append("func.func @ifs(%c: i1, %x: i64) -> i64 {")
    for k in range(nests):
        out.append(f"  %a{k} = memref.alloca() : memref<i64>")
    out.append("  %s = arith.constant 0 : i64")
    prev = "%s"
    for k in range(nests):
        out.append(f"  memref.store %x, %a{k}[] : memref<i64>")
        indent = "  "
        for level in range(IF_DEPTH):
            out.append(f"{indent}%v{k}_{level} = memref.load %a{k}[] : memref<i64>")
            out.append(f"{indent}%w{k}_{level} = arith.addi %v{k}_{level}, %x : i64")
            out.append(f"{indent}memref.store %w{k}_{level}, %a{k}[] : memref<i64>")
            out.append(f"{indent}scf.if %c {{")
            indent += "  "
        for level in reversed(range(IF_DEPTH)):
            indent = indent[:-2]
            out.append(f"{indent}}}")
        out.append(f"  %r{k} = memref.load %a{k}[] : memref<i64>")
        out.append(f"  %s{k} = arith.addi {prev}, %r{k} : i64")
        prev = f"%s{k}"
    out.append(f"  return {prev} : i64")
    out.append("}")


def loops(n, out):
    nests = max(1, n // LOOP_DEPTH)
    out.append("func.func @loops(%n: index, %x: i64) -> i64 {")
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %c1 = arith.constant 1 : index")
    for k in range(nests):
        out.append(f"  %a{k} = memref.alloca() : memref<i64>")
    out.append("  %s = arith.constant 0 : i64")
    prev = "%s"
    for k in range(nests):
        out.append(f"  memref.store %x, %a{k}[] : memref<i64>")
        indent = "  "
        for level in range(LOOP_DEPTH):
            out.append(f"{indent}scf.for %i{k}_{level} = %c0 to %n step %c1 {{")
            indent += "  "
        out.append(f"{indent}%v{k} = memref.load %a{k}[] : memref<i64>")
        out.append(f"{indent}%w{k} = arith.addi %v{k}, %x : i64")
        out.append(f"{indent}memref.store %w{k}, %a{k}[] : memref<i64>")
        for level in range(LOOP_DEPTH):
            indent = indent[:-2]
            out.append(f"{indent}}}")
        out.append(f"  %r{k} = memref.load %a{k}[] : memref<i64>")
        out.append(f"  %s{k} = arith.addi {prev}, %r{k} : i64")
        prev = f"%s{k}"
    out.append(f"  return {prev} : i64")
    out.append("}")


SHAPES = {"straight": straight, "ifs": ifs, "loops": loops}
# Straight-line code has no region control flow to lower.
CFG_SHAPES = {"straight": straight, "ifs": ifs_cfg, "loops": loops_cfg}


def generate(shape, n, cfg=False):
    """The program as text."""
    lines = []
    (CFG_SHAPES if cfg else SHAPES)[shape](n, lines)
    return "\n".join(lines) + "\n"


def main():
    args = sys.argv[1:]
    cfg = bool(args) and args[0] == "--cfg"
    if cfg:
        args = args[1:]
    if len(args) != 2 or args[0] not in SHAPES:
        sys.exit(__doc__)
    sys.stdout.write(generate(args[0], int(args[1]), cfg))


if __name__ == "__main__":
    main()
