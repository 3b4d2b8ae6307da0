"""Writes deeply nested inputs for nesting-limits.mlir into the given directory."""
import os
import sys

out = sys.argv[1]


def write(name, text):
    with open(os.path.join(out, name), "w") as f:
        f.write(text)


def nested_ifs(levels):
    return ("func.func @f(%c: i1) {\n" + "  scf.if %c {\n" * levels +
            "  }\n" * levels + "  return\n}\n")


write("ifs.mlir", nested_ifs(5000))
write("ifs-1000.mlir", nested_ifs(998))  # the innermost yield is 1000 deep
write("types.mlir", "func.func private @g() -> " + "tuple<" * 100000 + "i32" +
      ">" * 100000 + "\n")
write("parens.nda", "def main():\n"
      "    print(" + "(" * 1001 + "1" + ")" * 1001 + ")\n"
      "    print(" + "-" * 5000 + "1)\n"
      "    print(" + "f(" * 3000 + "1" + ")" * 3000 + ")\n"
      "def f(x: i64) -> i64:\n    return x\n")
write("blocks.nda", "def main():\n" + "".join(
    "    " * (i + 1) + "for i%d in range(1):\n" % i for i in range(120)) +
      "    " * 121 + "print(1)\n")
write("flat.nda", "def main():\n    a = 1\n    print(" + "+".join(["a"] * 9000) +
      ")\n")
