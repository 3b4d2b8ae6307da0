#!/usr/bin/env python3
# Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
# See LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints the --pass-pipeline text of an IMEX pipeline file (.pp).

IMEX keeps its pipelines in .pp files, one pass or nesting per line with
// comments, and its test runner turns them into one --pass-pipeline
argument. This does the same, so that the files run unchanged through
imex-opt: a comment runs to the end of its line, blank lines go, the lines
are joined with commas, and commas next to parentheses or each other go.
"""
import re
import sys


def pipeline_text(lines):
    passes = []
    for line in lines:
        line = line.split("//", 1)[0].strip()
        if line:
            passes.append(line)
    text = re.sub(r",+", ",", ",".join(passes))
    return text.replace("(,", "(").replace(",)", ")").strip(",")


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        print(pipeline_text(f))
