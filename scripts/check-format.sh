#!/usr/bin/env bash
# Checks that the C and C++ sources git tracks follow .clang-format (LLVM
# style), with LLVM 22's clang-format; lists the files that do not.
#   scripts/check-format.sh [source-dir]     (ctest: format-check)
# To fix: git ls-files '*.cpp' '*.h' '*.c' | xargs clang-format-22 -i
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"
format=$(command -v clang-format-22 || echo /usr/lib/llvm-22/bin/clang-format)
[ -x "$format" ] || { echo "check-format: no clang-format-22 (scripts/install-deps.sh)" >&2; exit 1; }
bad=$(git ls-files '*.cpp' '*.h' '*.c' | while read -r f; do
  "$format" --dry-run --Werror "$f" > /dev/null 2>&1 || echo "$f"
done)
if [ -n "$bad" ]; then
  echo "check-format: not formatted with $format:" >&2
  echo "$bad" | sed 's/^/  /' >&2
  exit 1
fi
echo "check-format: $(git ls-files '*.cpp' '*.h' '*.c' | wc -l) files formatted"
