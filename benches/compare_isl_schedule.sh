#!/usr/bin/env bash
# tessera's Pluto scheduler and isl's scheduler (Debian's libisl-dev) on the
# same dependences, in one run: the SCoPs of the given kernels (all of
# examples/kernels by default), their memory-based dependences found by
# tessera and written in isl's syntax by `examples/scop_isl.rs`, given to
# `isl_schedule_constraints_compute_schedule` as validity and proximity
# constraints by `benches/isl/isl_schedule.c`. Prints a markdown table: the
# edges, tessera's time to find them, tessera's whole scheduler (which
# finds them too), isl's scheduler on them, and the ratio of the two
# schedulers without the dependence analysis. See benches/schedule.md.
#
#   benches/compare_isl_schedule.sh [KERNEL.mlir...]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
out=$target/schedule-isl
if [[ $# -gt 0 ]]; then
  kernels=("$@")
else
  kernels=()
  for k in examples/kernels/*.mlir; do
    case $(basename "$k") in
      matmul_*) [[ $(basename "$k") == matmul_f32_1024.mlir ]] && kernels+=("$k") ;;
      *) kernels+=("$k") ;;
    esac
  done
fi

if [[ ! -f /usr/include/isl/schedule.h ]]; then
  echo "isl headers not found (/usr/include/isl/schedule.h): apt-get install -y libisl-dev" >&2
  exit 1
fi
mkdir -p "$out"
cc -O2 -o "$out/isl_schedule" benches/isl/isl_schedule.c -lisl
cargo build -q --release --example scop_isl
"$target/release/examples/scop_isl" "$out" "${kernels[@]}" >/dev/null 2>"$out/scop_isl.log" || {
  cat "$out/scop_isl.log" >&2
  exit 1
}
"$out/isl_schedule" "$out/schedule.isl" >"$out/schedule.isl.txt"

echo "| SCoP | edges | tessera: dependences | tessera: scheduler (with dependences) | isl: scheduler | tessera without dependences / isl |"
echo "|---|---|---|---|---|---|"
join <(sort "$out/schedule.tessera.txt") <(sort "$out/schedule.isl.txt") |
  awk '{
    own = $4 - $3; if (own < 0) own = 0;
    printf "| %s | %d | %.2f ms | %.2f ms | %.2f ms | %.2fx |\n", $1, $2, $3 / 1000, $4 / 1000, $5 / 1000, own / $5
  }'
awk '{ print $1 }' "$out/schedule.tessera.txt" | sort >"$out/tessera.names"
awk '{ print $1 }' "$out/schedule.isl.txt" | sort >"$out/isl.names"
if ! cmp -s "$out/tessera.names" "$out/isl.names"; then
  echo "SCoPs timed by only one side:" >&2
  comm -3 "$out/tessera.names" "$out/isl.names" >&2
fi
