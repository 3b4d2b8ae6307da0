#!/usr/bin/env python3
"""Times imexc's region-aware mem2reg against upstream MLIR 22's.

For every shape of gen.py and every size it runs
  * `imex-opt --mem2reg` on the structured (scf) program,
  * `mlir-opt --mem2reg` (upstream) on its CFG-lowered equivalent, where
    upstream can promote everything (it cannot look into scf regions),
  * `imex-opt --mem2reg` on the CFG-lowered program too, like for like,
and takes the pass's own wall time from --mlir-timing (parsing and printing
excluded; best of --repeat runs below 10^5). It prints a table with the time
ratios and the growth per tenfold size, and writes it into the
`<!-- bench:begin -->` / `<!-- bench:end -->` section of the report
(docs/mem2reg.md by default). No timing is asserted anywhere.

usage: run.py [--imex-opt PATH] [--mlir-opt PATH] [--sizes 1000,10000,100000]
              [--timeout SECONDS] [--repeat N] [--doc PATH | --no-doc]
"""
import argparse
import math
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

TIMING_ROW = r"^\s*([0-9.]+)\s+\(\s*[0-9.]+%\)\s+{}\s*$"
SHAPE_TEXT = {
    "straight": "straight-line code, one block",
    "ifs": "scf.if nests of depth 50",
    "loops": "scf.for nests of depth 4",
}


def find_imex_opt():
    for build in sorted(os.listdir(ROOT)):
        path = os.path.join(ROOT, build, "bin", "imex-opt")
        if build.startswith("build") and os.access(path, os.X_OK):
            return path
    return None


class Outcome:
    """A measurement: seconds, or why there is none."""

    def __init__(self, seconds=None, failure=None):
        self.seconds = seconds
        self.failure = failure  # None, "timeout" or "crash"


def raise_stack_limit():
    """Deep recursion in upstream's pass (e.g. the forward slice of a long
    chain) needs more than the default 8 MiB of stack at 10^5."""
    _, hard = resource.getrlimit(resource.RLIMIT_STACK)
    resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))


def run_pass(tool, path, timeout, repeat, flag="--mem2reg", name="Mem2Reg"):
    """Best wall time of pass `name` over `repeat` runs."""
    best = None
    row = re.compile(TIMING_ROW.format(name), re.M)
    for _ in range(repeat):
        try:
            proc = subprocess.run(
                [tool, flag, "--mlir-timing", path, "-o", os.devnull],
                capture_output=True, text=True, timeout=timeout,
                preexec_fn=raise_stack_limit)
        except subprocess.TimeoutExpired:
            return Outcome(failure="timeout")
        if proc.returncode != 0:
            print(f"note: {tool} failed on {path} (exit {proc.returncode})",
                  file=sys.stderr)
            return Outcome(failure="crash")
        match = row.search(proc.stderr)
        if not match:
            sys.exit(f"no {name} row in the timing report of {tool}")
        seconds = float(match.group(1))
        best = seconds if best is None else min(best, seconds)
    return Outcome(best)


def check_inputs(imex_opt, mlir_opt, work):
    """The CFG programs are what convert-scf-to-cf makes of the structured
    ones, and both passes promote every slot of them."""
    for shape in gen.SHAPES:
        structured = os.path.join(work, f"check-{shape}.mlir")
        cfg = os.path.join(work, f"check-{shape}-cfg.mlir")
        with open(structured, "w") as f:
            f.write(gen.generate(shape, 200))
        with open(cfg, "w") as f:
            f.write(gen.generate(shape, 200, cfg=True))
        lowered = subprocess.run(
            [mlir_opt, "--convert-scf-to-cf", structured],
            capture_output=True, text=True, check=True).stdout
        direct = subprocess.run([mlir_opt, cfg], capture_output=True,
                                text=True, check=True).stdout
        if lowered != direct:
            sys.exit(f"gen.py --cfg {shape} differs from convert-scf-to-cf")
        for tool, path in ((imex_opt, structured), (imex_opt, cfg),
                           (mlir_opt, cfg)):
            out = subprocess.run([tool, "--mem2reg", path], capture_output=True,
                                 text=True, check=True).stdout
            if "memref.alloca" in out:
                sys.exit(f"{tool} left a slot in {path}")


def fmt_time(outcome, timeout):
    if outcome.failure == "timeout":
        return f"> {timeout:g} (timeout)"
    if outcome.failure == "crash":
        return "crashed"
    return f"{outcome.seconds:.4f}"


def fmt_ratio(upstream, ours, timeout):
    if ours.seconds is None or upstream.failure == "crash":
        return "n/a"
    if upstream.failure == "timeout":
        return f"> {timeout / max(ours.seconds, 1e-4):.0f}x"
    return f"{upstream.seconds / max(ours.seconds, 1e-4):.1f}x"


def growth(outcomes, sizes):
    """Time factor per tenfold size between consecutive sizes."""
    parts = []
    for (n0, o0), (n1, o1) in zip(zip(sizes, outcomes),
                                  zip(sizes[1:], outcomes[1:])):
        if o0.seconds is None or o0.seconds <= 0:
            parts.append("n/a")
        elif o1.failure == "timeout":
            parts.append("> timeout")
        elif o1.seconds is None:
            parts.append("n/a")
        else:
            decades = math.log10(n1 / n0)
            parts.append(f"{(o1.seconds / o0.seconds) ** (1 / decades):.1f}x")
    return ", ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imex-opt", default=find_imex_opt())
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--doc", default=os.path.join(ROOT, "docs", "mem2reg.md"))
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    if not args.imex_opt:
        sys.exit("imex-opt not found; pass --imex-opt")
    sizes = [int(s) for s in args.sizes.split(",")]

    rows = []
    growth_rows = []
    with tempfile.TemporaryDirectory(prefix="mem2reg-bench-") as work:
        check_inputs(args.imex_opt, args.mlir_opt, work)
        for shape in gen.SHAPES:
            series = {"ours": [], "ours_cfg": [], "upstream": [], "walk": []}
            for n in sizes:
                structured = os.path.join(work, f"{shape}-{n}.mlir")
                cfg = os.path.join(work, f"{shape}-{n}-cfg.mlir")
                with open(structured, "w") as f:
                    f.write(gen.generate(shape, n))
                with open(cfg, "w") as f:
                    f.write(gen.generate(shape, n, cfg=True))
                repeat = args.repeat if n < 100000 else 1
                ours = run_pass(args.imex_opt, structured, args.timeout, repeat)
                ours_cfg = run_pass(args.imex_opt, cfg, args.timeout, repeat)
                upstream = run_pass(args.mlir_opt, cfg, args.timeout, repeat)
                # A pass that only walks the IR once: how a linear pass
                # grows on this input and this machine.
                walk = run_pass(args.imex_opt, structured, args.timeout,
                                repeat, "--strip-debuginfo", "StripDebugInfo")
                series["walk"].append(walk)
                series["ours"].append(ours)
                series["ours_cfg"].append(ours_cfg)
                series["upstream"].append(upstream)
                row = (f"| {shape} | {n} | {fmt_time(ours, args.timeout)} | "
                       f"{fmt_time(ours_cfg, args.timeout)} | "
                       f"{fmt_time(upstream, args.timeout)} | "
                       f"{fmt_ratio(upstream, ours, args.timeout)} | "
                       f"{fmt_ratio(upstream, ours_cfg, args.timeout)} |")
                rows.append(row)
                print(row, flush=True)
            growth_rows.append(
                f"| {shape} | {growth(series['ours'], sizes)} | "
                f"{growth(series['ours_cfg'], sizes)} | "
                f"{growth(series['upstream'], sizes)} | "
                f"{growth(series['walk'], sizes)} |")

    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f
                        if line.startswith("model name")), "")
    except OSError:
        pass
    report = "\n".join([
        "<!-- bench:begin -->",
        f"Generated by `bench/mem2reg/run.py --sizes {args.sizes} "
        f"--timeout {args.timeout:g} --repeat {args.repeat}`"
        + (f" on {cpu}, {os.cpu_count()} cores" if cpu else "") + ".",
        "Times are the Mem2Reg pass alone (`--mlir-timing`), in seconds; "
        "ratios are upstream's time over ours.",
        "",
        "| shape | N | ours, scf | ours, CFG | upstream, CFG | ratio (scf) "
        "| ratio (CFG) |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
        "Growth of the time per tenfold N (10x is linear, 100x quadratic; the "
        "last column is a pass that visits every op once, for how a linear "
        "pass grows on these inputs and this machine):",
        "",
        "| shape | ours, scf | ours, CFG | upstream, CFG | reference: one IR walk "
        "(`strip-debuginfo`, scf) |",
        "|---|---|---|---|---|",
        *growth_rows,
        "",
        "Shapes: " + "; ".join(f"`{k}` = {v}" for k, v in SHAPE_TEXT.items())
        + " (N slots, N scf.if ops and N scf.for ops respectively; see "
        "`bench/mem2reg/gen.py`).",
        "<!-- bench:end -->",
    ])
    print()
    print(report)
    if args.no_doc:
        return
    with open(args.doc) as f:
        text = f.read()
    begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
    if begin not in text or end not in text:
        sys.exit(f"{args.doc} has no {begin} ... {end} section")
    text = text[:text.index(begin)] + report + text[text.index(end) + len(end):]
    with open(args.doc, "w") as f:
        f.write(text)
    print(f"\nwrote {args.doc}")


if __name__ == "__main__":
    main()
