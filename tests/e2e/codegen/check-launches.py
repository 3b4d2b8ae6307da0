#!/usr/bin/env python3
# Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks how a GPU run launched its kernels, from a code generation test
driver's output with IMEXRT_TRACE_LAUNCHES=1 merged into it (2>&1).

Passes every other line through, for FileCheck, and adds a FAIL line (which
the tests' --implicit-check-not=FAIL turns into a failure) when
  - a launch has one-thread workgroups and more than one of them: work the
    device would run one thread per SIMD unit (a single one-thread
    workgroup, for a problem of one element, is fine);
  - a test case (the launches before its "ok"/"FAIL" line) launched more
    than MAX_LAUNCHES_PER_CASE kernels: a host loop around a launch, which
    launches once per row, not a fixed number of kernels per call;
  - the run launched nothing at all.
"""
import re
import sys

MAX_LAUNCHES_PER_CASE = 8
LAUNCH = re.compile(r"imexrt: launch (\S+) grid (\d+),(\d+),(\d+) "
                    r"workgroup (\d+),(\d+),(\d+)$")


def main():
    total = 0
    in_case = []
    for line in sys.stdin:
        line = line.rstrip("\n")
        launch = LAUNCH.match(line)
        if launch:
            name = launch.group(1)
            grid = [int(g) for g in launch.group(2, 3, 4)]
            block = [int(b) for b in launch.group(5, 6, 7)]
            if block == [1, 1, 1] and grid != [1, 1, 1]:
                print(f"FAIL launch {name}: one-thread workgroups, grid {grid}")
            in_case.append(name)
            total += 1
            continue
        if line.startswith(("ok ", "FAIL ")):
            if len(in_case) > MAX_LAUNCHES_PER_CASE:
                print(f"FAIL launches: {len(in_case)} kernels for one case "
                      f"(a host loop around launches?): {sorted(set(in_case))}")
            in_case = []
        print(line)
    if total == 0:
        print("FAIL launches: the run launched no kernel")


if __name__ == "__main__":
    main()
