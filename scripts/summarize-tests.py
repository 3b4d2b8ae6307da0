#!/usr/bin/env python3
"""Prints per-suite and total test counts from the JUnit files in a folder.

ctest writes ctest.xml (one entry per GoogleTest case plus one for the whole
lit suite); lit writes lit.xml with one entry per lit test. The lit entry of
ctest is replaced by lit's own counts. The runtime tests append the number
of kernels they ran to imexrt-launches.txt. Exits 1 if anything failed.
"""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def count(cases):
    passed = failed = skipped = 0
    for case in cases:
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def main(folder):
    folder = Path(folder)
    suites = {}
    ctest = folder / "ctest.xml"
    if ctest.exists():
        cases = [c for c in ET.parse(ctest).iter("testcase") if c.get("name") != "lit"]
        suites["googletest"] = count(cases)
    lit = folder / "lit.xml"
    if lit.exists():
        suites["lit"] = count(ET.parse(lit).iter("testcase"))
    if not suites:
        print("no test results found", file=sys.stderr)
        return 1
    launches = folder / "imexrt-launches.txt"
    if launches.exists():
        count_ = sum(int(line) for line in launches.read_text().split() if line.isdigit())
        print(f"runtime tests: {count_} kernels executed on a device")
    totals = [0, 0, 0]
    for name, (p, f, s) in suites.items():
        print(f"{name}: {p} passed, {f} failed, {s} skipped")
        totals = [totals[0] + p, totals[1] + f, totals[2] + s]
    print(f"Total: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    return 1 if totals[1] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
