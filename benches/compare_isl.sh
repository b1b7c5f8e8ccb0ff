#!/usr/bin/env bash
# The same random Presburger queries through tessera-calc and through isl
# (Debian's libisl-dev), in one run: checks that both give the same
# emptiness answers and prints the time per query of each. See
# benches/presburger.md for the numbers on the reference machine.
#
#   benches/compare_isl.sh [COUNT] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5000}
seed=${2:-24301}
out=target/presburger-queries
mkdir -p "$out"

if [[ ! -f /usr/include/isl/set.h ]]; then
  echo "isl headers not found: apt-get install -y libisl-dev" >&2
  exit 1
fi
cc -O2 -o "$out/isl_calc" benches/isl/isl_calc.c -lisl
cargo build -q --release --bin tessera-calc --example presburger_queries
target/release/examples/presburger_queries "$out" "$count" "$seed" >/dev/null

for kind in is-empty project; do
  grep "^$kind " "$out/queries.mlir.txt" >"$out/$kind.mlir.txt"
  grep "^$kind " "$out/queries.isl.txt" >"$out/$kind.isl.txt"
done

# Correctness first: both must agree on every emptiness answer.
target/release/tessera-calc -f "$out/is-empty.mlir.txt" >"$out/is-empty.tessera.out"
"$out/isl_calc" "$out/is-empty.isl.txt" >"$out/is-empty.isl.out" 2>/dev/null
if ! cmp -s "$out/is-empty.tessera.out" "$out/is-empty.isl.out"; then
  echo "tessera and isl disagree on emptiness:" >&2
  diff <(paste -d'\n' "$out/is-empty.mlir.txt") "$out/is-empty.isl.out" | head >&2
  exit 1
fi
echo "emptiness: $(wc -l <"$out/is-empty.tessera.out") answers, identical to isl's"

for kind in is-empty project; do
  echo "== $kind"
  target/release/tessera-calc -f "$out/$kind.mlir.txt" --time --quiet 2>&1 | grep 'tessera-calc:' || true
  "$out/isl_calc" "$out/$kind.isl.txt" --quiet
done

# Counting the points of bounded sets (isl_set_count_val): both exact, so
# the answers must be identical.
target/release/tessera-calc -f "$out/card.mlir.txt" >"$out/card.tessera.out"
"$out/isl_calc" "$out/card.isl.txt" >"$out/card.isl.out" 2>/dev/null
if ! cmp -s "$out/card.tessera.out" "$out/card.isl.out"; then
  echo "tessera and isl disagree on a count:" >&2
  diff "$out/card.tessera.out" "$out/card.isl.out" | head >&2
  exit 1
fi
echo "card: $(wc -l <"$out/card.tessera.out") counts, identical to isl's"
echo "== card"
target/release/tessera-calc -f "$out/card.mlir.txt" --time --quiet 2>&1 | grep 'tessera-calc:' || true
"$out/isl_calc" "$out/card.isl.txt" --quiet

# The newer operations, one file each: lexmin answers must be identical;
# the others (symbolic lexmin, coalesce, convex hull, gist) are timed,
# their answers being sets and piecewise functions that each tool writes
# its own way (tessera's are checked against the fixed-symbol extrema and
# enumeration by its tests).
target/release/tessera-calc -f "$out/lexmin.mlir.txt" >"$out/lexmin.tessera.out"
"$out/isl_calc" "$out/lexmin.isl.txt" >"$out/lexmin.isl.out" 2>/dev/null
if ! cmp -s "$out/lexmin.tessera.out" "$out/lexmin.isl.out"; then
  echo "tessera and isl disagree on a lexmin:" >&2
  diff "$out/lexmin.tessera.out" "$out/lexmin.isl.out" | head >&2
  exit 1
fi
echo "lexmin: $(wc -l <"$out/lexmin.tessera.out") points, identical to isl's"
for kind in lexmin symbolic-lexmin coalesce convex-hull gist; do
  echo "== $kind"
  target/release/tessera-calc -f "$out/$kind.mlir.txt" --time --quiet 2>&1 | grep 'tessera-calc:' || true
  "$out/isl_calc" "$out/$kind.isl.txt" --quiet
done

# The hard class: emptiness of the thin, long polytopes with coefficients
# in the hundreds of thousands of MLIR's FindSampleTest / IsIntegerEmptyTest
# and isl's sample tests (benches/inputs/hard_sample.*), both tools checked
# against the answers the tests state.
hard=benches/inputs/hard_sample
"$out/isl_calc" "$hard.isl" >"$out/hard.isl.out" 2>/dev/null
target/release/tessera-calc -f "$hard.txt" >"$out/hard.tessera.out"
for tool in isl tessera; do
  if ! cmp -s "$out/hard.$tool.out" "$hard.expected"; then
    echo "$tool disagrees with $hard.expected" >&2
    exit 1
  fi
done
echo "hard sample: $(wc -l <"$hard.expected") answers from each, identical to the tests' answers"
echo "== hard sample (is-empty)"
target/release/tessera-calc -f "$hard.txt" --time --quiet 2>&1 | grep 'tessera-calc:' || true
"$out/isl_calc" "$hard.isl" --quiet
