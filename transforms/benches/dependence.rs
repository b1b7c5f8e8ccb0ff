//! criterion bench of the full dependence analysis
//! (`--test-memref-dependence-check`: every pair of accesses at every
//! depth) on the PolyBench-style kernels of the corpus. The same files
//! through `mlir-opt --test-memref-dependence-check` are timed by
//! `benches/compare_mlir_dependence.sh` at the workspace root.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tessera_transforms::dependence::dependence_remarks;

const KERNELS: &[&str] = &[
    "matmul",
    "polybench_gemm",
    "polybench_2mm",
    "polybench_atax",
    "polybench_lu",
    "jacobi1d",
    "seidel2d",
    "heat3d",
    "conv2d",
];

fn analysis(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ir/tests/corpus");
    for name in KERNELS {
        let path = dir.join(format!("{name}.mlir"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(module) = tessera_ir::parse_module(name, &text) else {
            continue;
        };
        c.bench_function(&format!("dependence check/{name}"), |b| {
            b.iter(|| dependence_remarks(black_box(&module)))
        });
    }
}

criterion_group!(benches, analysis);
criterion_main!(benches);
