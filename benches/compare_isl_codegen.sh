#!/usr/bin/env bash
# tessera's polyhedral code generator and isl's AST generator (Debian's
# libisl-dev) on the same domains and schedules, in one run: the SCoPs of
# the given kernels with their original 2d+1 schedules and with Pluto's
# tiled schedule (written in isl's syntax by `examples/scop_isl.rs`, read
# by `benches/isl/isl_codegen.c`). Prints a markdown table: the median
# time of one generation in each, and the loops, guards and statement
# copies of each's code. See benches/codegen.md for the numbers on the
# reference machine.
#
#   benches/compare_isl_codegen.sh [KERNEL.mlir...]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
out=$target/codegen-isl
if [[ $# -gt 0 ]]; then
  kernels=("$@")
else
  kernels=()
  for k in gemm lu cholesky jacobi_2d seidel_2d fdtd_2d; do
    kernels+=("examples/kernels/$k.mlir")
  done
fi

if [[ ! -f /usr/include/isl/ast_build.h ]]; then
  echo "isl headers not found (/usr/include/isl/ast_build.h): apt-get install -y libisl-dev" >&2
  exit 1
fi
mkdir -p "$out/isl"
if ! cc -O2 -o "$out/isl_codegen" benches/isl/isl_codegen.c -lisl; then
  echo "cannot build benches/isl/isl_codegen.c against isl (-lisl): apt-get install -y libisl-dev" >&2
  exit 1
fi
cargo build -q --release --example scop_isl
"$target/release/examples/scop_isl" "$out" "${kernels[@]}" >"$out/scop_isl.log"
# isl_codegen exits non-zero, naming the problem, if isl cannot parse it.
"$out/isl_codegen" "$out/problems.isl" "$out/isl" >"$out/isl.txt"

problems=$(($(wc -l <"$out/problems.isl") / 3))
if [[ $(wc -l <"$out/isl.txt") -ne $problems || $(wc -l <"$out/tessera.txt") -ne $problems ]]; then
  echo "expected $problems results from each generator: see $out/tessera.txt and $out/isl.txt" >&2
  exit 1
fi

echo "| kernel | problem | tessera | isl | isl / tessera | tessera loops / guards / stmts | isl loops / guards / stmts | tessera lift + check + codegen |"
echo "|---|---|---|---|---|---|---|---|"
# Both files: `kernel problem microseconds loops guards statements`
# (tessera's also the lift + legality + codegen total); same order.
paste -d' ' "$out/tessera.txt" "$out/isl.txt" | awk '
function us(t) { return t >= 1000 ? sprintf("%.2f ms", t / 1000) : sprintf("%.0f µs", t) }
{
  if ($1 != $8 || $2 != $9) { print "mismatched problems: " $0 > "/dev/stderr"; exit 1 }
  printf "| %s | %s | %s | %s | %.1f× | %d / %d / %d | %d / %d / %d | %s |\n",
    $1, $2, us($3), us($10), $10 / $3, $4, $5, $6, $11, $12, $13, us($7)
}'
