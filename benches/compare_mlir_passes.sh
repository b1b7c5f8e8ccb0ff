#!/usr/bin/env bash
# Each band pass on the large inputs of benches/inputs (a 6-deep conv
# nest, a 50-statement nest), and fusion on a 20-nest function, through tessera-opt and through mlir-opt 19
# in one run with hyperfine (whole process: parse, pass, print). The pass
# alone is the time minus that of parsing and printing the same file.
# Results: benches/passes.md. Arguments (pass names without dashes)
# restrict the run to those passes.
set -euo pipefail
cd "$(dirname "$0")/.."
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
command -v hyperfine >/dev/null || { echo "hyperfine not found: apt-get install -y hyperfine" >&2; exit 1; }
[[ -x $mlir_opt ]] || { echo "mlir-opt 19 not found: apt-get install -y mlir-19-tools" >&2; exit 1; }
cargo build -q --release --bin tessera-opt
target=${CARGO_TARGET_DIR:-target}
echo "| input | pass | tessera-opt | mlir-opt | ratio | tessera pass alone | mlir-opt pass alone | ratio |"
echo "|---|---|---|---|---|---|---|---|"
band_passes=("--affine-loop-tile=tile-size=8" "--affine-loop-unroll" "--affine-loop-unroll-jam"
  "--affine-loop-interchange" "--affine-loop-normalize" "--affine-loop-invariant-code-motion"
  "--affine-parallelize" "--affine-scalrep" "--test-memref-bound-check"
  "--affine-loop-coalescing" "--test-affine-loop-unswitch"
  "--affine-data-copy-generate=generate-dma=false" "--affine-data-copy-generate"
  "--affine-super-vectorize=virtual-vector-size=8" "--affine-super-vectorize=virtual-vector-size=4,8" "--canonicalize" "--cse" "--lower-affine"
  "--affine-simplify-structures" "--affine-pipeline-data-transfer" "--affine-expand-index-ops"
  "--test-affine-parametric-tile" "--test-decompose-affine-ops")
for f in conv6 stmts50 nests20; do
  in=benches/inputs/$f.mlir
  if [[ $f == nests20 ]]; then passes=("--affine-loop-fusion"); else passes=("${band_passes[@]}"); fi
  for p in "${passes[@]}"; do
    if [[ $p == --affine-loop-interchange ]]; then
      theirs="$mlir_opt $in -o /dev/null"   # mlir-opt has no such pass: baseline only
    else
      theirs="$mlir_opt $in $p -o /dev/null"
    fi
    # Only the passes named on the command line, when any are.
    if [[ $# -gt 0 && ! " $* " =~ " ${p#--} " ]]; then continue; fi
    hyperfine -N --warmup 3 --runs 15 --export-json "$target/pass.json" \
      "$target/release/tessera-opt $in $p -o /dev/null" "$theirs" \
      "$target/release/tessera-opt $in -o /dev/null" "$mlir_opt $in -o /dev/null" >/dev/null 2>&1
    python3 - "$f" "$p" "$target/pass.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[3]))["results"]
t, m, t0, m0 = (x["median"] * 1e3 for x in r)
ta, ma = max(t - t0, 0.01), max(m - m0, 0.01)
name = sys.argv[2].lstrip("-")
if name == "affine-loop-interchange":
    print(f"| {sys.argv[1]} | {name} | {t:.2f} ms | (no such pass) | | {ta:.2f} ms | | |")
else:
    print(f"| {sys.argv[1]} | {name} | {t:.2f} ms | {m:.2f} ms | {m / t:.1f}x | {ta:.2f} ms | {ma:.2f} ms | {ma / ta:.1f}x |")
PY
  done
done
