#!/usr/bin/env bash
# The full dependence check (--test-memref-dependence-check) on the
# PolyBench-style kernels of the corpus, through tessera-opt and through
# mlir-opt 19, in one run with hyperfine (whole process: parse, analyse,
# print remarks). See benches/dependence.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
command -v hyperfine >/dev/null || { echo "hyperfine not found: apt-get install -y hyperfine" >&2; exit 1; }
[[ -x $mlir_opt ]] || { echo "mlir-opt 19 not found: apt-get install -y mlir-19-tools" >&2; exit 1; }
cargo build -q --release --bin tessera-opt
echo "| kernel | tessera-opt | mlir-opt | ratio | tessera analysis | mlir-opt analysis | ratio |"
echo "|---|---|---|---|---|---|---|"
for k in matmul polybench_gemm polybench_2mm polybench_atax polybench_lu jacobi1d seidel2d heat3d conv2d; do
  f=ir/tests/corpus/$k.mlir
  hyperfine -N --warmup 3 --runs 20 --export-json "target/dep-$k.json" \
    "target/release/tessera-opt $f --test-memref-dependence-check -o /dev/null" \
    "$mlir_opt $f --test-memref-dependence-check -o /dev/null" \
    "target/release/tessera-opt $f -o /dev/null" \
    "$mlir_opt $f -o /dev/null" >/dev/null 2>&1
  python3 - "$k" "target/dep-$k.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[2]))["results"]
t, m, t0, m0 = (x["median"] * 1e3 for x in r)
ta, ma = max(t - t0, 0.01), max(m - m0, 0.01)
print(f"| {sys.argv[1]} | {t:.2f} ms | {m:.2f} ms | {m / t:.1f}x | {ta:.2f} ms | {ma:.2f} ms | {ma / ta:.1f}x |")
PY
done
