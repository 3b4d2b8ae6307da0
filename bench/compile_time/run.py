#!/usr/bin/env python3
"""Compile-time benchmark: imexc against the equivalent tool chain
`imex-opt --host | mlir-translate --mlir-to-llvmir | opt -O2 | llc -O2`
on generated inputs of growing size, timed in the same invocation.

Usage: run.py <build dir>. Prints, per size, both times (best of 3) and
their ratio, and how each grows from one size to the next.
"""
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LLVM = Path("/usr/lib/llvm-22/bin")


def program(functions: int) -> str:
    """`functions` independent elementwise + reduction functions."""
    out = []
    for i in range(functions):
        out.append(f"""
func.func @f{i}(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<f32> {{
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %s = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %z = arith.constant {float(i)} : f32
  %r0 = tensor.empty() : tensor<f32>
  %r1 = linalg.fill ins(%z : f32) outs(%r0 : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%s : tensor<?xf32>) outs(%r1 : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {{
      %t = arith.addf %x, %acc : f32
      linalg.yield %t : f32
    }}
  return %r : tensor<f32>
}}""")
    return "\n".join(out)


def best_of(runs: int, command: str) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, shell=True, check=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    build = Path(sys.argv[1] if len(sys.argv) > 1 else "build").resolve()
    imexc, imex_opt = build / "bin/imexc", build / "bin/imex-opt"
    print(f"{'functions':>9} {'imexc s':>9} {'chain s':>9} {'ratio':>6} "
          f"{'imexc growth':>13} {'chain growth':>13}")
    previous = None
    with tempfile.TemporaryDirectory() as work:
        for functions in (10, 100, 1000):
            src = Path(work) / f"in{functions}.mlir"
            src.write_text(program(functions))
            t_imexc = best_of(3, f"{imexc} {src} -O2 -o {work}/a.o")
            t_chain = best_of(
                3,
                f"{imex_opt} {src} --host | {LLVM}/mlir-translate --mlir-to-llvmir"
                f" | {LLVM}/opt -O2 | {LLVM}/llc -O2 -relocation-model=pic"
                f" -filetype=obj -o {work}/b.o")
            growth = ("" if previous is None else
                      f"{t_imexc / previous[0]:13.1f} {t_chain / previous[1]:13.1f}")
            print(f"{functions:9d} {t_imexc:9.3f} {t_chain:9.3f} "
                  f"{t_imexc / t_chain:6.2f} {growth}")
            previous = (t_imexc, t_chain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
