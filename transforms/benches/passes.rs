//! criterion bench of each band pass on the two large inputs of
//! `benches/inputs` (a 6-deep convolution nest; a nest with 50
//! statements), and of fusion on a function of 20 nests: the pass alone, on a fresh copy of the parsed module. The
//! same passes through `tessera-opt` and `mlir-opt` 19, end to end, are
//! timed side by side by `benches/compare_mlir_passes.sh`.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use tessera_transforms::passes::run_pass;
use tessera_transforms::pipeline::parse_pass_pipeline;

/// The passes benched, as pipeline elements.
const PASSES: &[&str] = &[
    "affine-loop-tile{tile-size=8}",
    "affine-loop-unroll",
    "affine-loop-unroll-jam",
    "affine-loop-interchange",
    "affine-loop-normalize",
    "affine-loop-invariant-code-motion",
    "affine-parallelize",
];

fn passes(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../benches/inputs");
    for input in ["conv6", "stmts50", "nests20"] {
        let path = dir.join(format!("{input}.mlir"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(module) = tessera_ir::parse_module(input, &text) else {
            continue;
        };
        let passes: &[&str] = if input == "nests20" {
            &["affine-loop-fusion"]
        } else {
            PASSES
        };
        for pass in passes {
            let Ok(pipeline) = parse_pass_pipeline(&format!("builtin.module(func.func({pass}))"))
            else {
                continue;
            };
            c.bench_function(&format!("{input}/{pass}"), |b| {
                b.iter_batched(
                    || module.clone(),
                    |mut m| {
                        for p in &pipeline {
                            let _ = black_box(run_pass(&mut m, p));
                        }
                        m
                    },
                    BatchSize::SmallInput,
                )
            });
        }
    }
}

/// `--affine-loop-unroll` by growing factors on a loop with a symbolic trip
/// count: the time must grow linearly with the factor (the output's size).
fn unroll_factor(c: &mut Criterion) {
    let text = "func.func @f(%A: memref<10xf32>, %n: index) {\n  affine.for %i = 0 to %n {\n    %v = affine.load %A[0] : memref<10xf32>\n    %w = arith.addf %v, %v : f32\n    affine.store %w, %A[0] : memref<10xf32>\n  }\n  return\n}\n";
    let Ok(module) = tessera_ir::parse_module("unroll", text) else {
        return;
    };
    let mut group = c.benchmark_group("unroll_factor");
    group.sample_size(10);
    for factor in [1_000, 10_000, 100_000] {
        let Ok(pipeline) =
            parse_pass_pipeline(&format!("affine-loop-unroll{{unroll-factor={factor}}}"))
        else {
            continue;
        };
        group.bench_function(factor.to_string(), |b| {
            b.iter_batched(
                || module.clone(),
                |mut m| {
                    for p in &pipeline {
                        let _ = black_box(run_pass(&mut m, p));
                    }
                    m
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, passes, unroll_factor);
criterion_main!(benches);
