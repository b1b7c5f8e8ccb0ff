//! criterion benches of the polyhedral model on every PolyBench kernel of
//! `examples/kernels`, each on a fresh copy of the parsed module:
//!
//! - `schedule`: `--tessera-schedule` (Pluto's algorithm on the exact
//!   dependences: the SCoP model, the dependence edges, Farkas' lemma per
//!   edge, the integer programs of the hyperplane search, and the code
//!   generation). Issue 15's target is under 100 ms a kernel.
//! - `apply_schedule`: `--apply-schedule` of the kernel's own printed
//!   schedule — lifting the SCoPs, the exact legality check against every
//!   dependence, and code generation by scanning polyhedra (issue 14's
//!   "lift + legality + code generation in milliseconds").
//!
//! ```text
//! cargo bench -p tessera-transforms --bench schedule [-- KERNEL]
//! ```

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use tessera_transforms::passes::run_pass;
use tessera_transforms::pipeline::parse_pass_pipeline;
use tessera_transforms::scop::{apply_schedule, find_scops, parse_schedule_file, print_schedules};

/// The suite's kernels parsed, by name, one matmul among its variants.
fn kernels() -> Vec<(String, tessera_ir::Module)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernels");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "mlir"))
        .filter(|path| {
            // The matmul variants differ only in sizes and element types.
            let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            !name.starts_with("matmul_") || name == "matmul_f32_1024"
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let name = path.file_stem()?.to_str()?.to_string();
            let text = std::fs::read_to_string(&path).ok()?;
            let module = tessera_ir::parse_module(&name, &text).ok()?;
            Some((name, module))
        })
        .collect()
}

fn schedule(c: &mut Criterion) {
    let Ok(pipeline) = parse_pass_pipeline("builtin.module(tessera-schedule)") else {
        return;
    };
    let mut group = c.benchmark_group("schedule");
    group.sample_size(10);
    for (name, module) in kernels() {
        group.bench_function(&name, |b| {
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
    group.finish();
}

fn apply(c: &mut Criterion) {
    let mut group = c.benchmark_group("apply_schedule");
    group.sample_size(10);
    for (name, module) in kernels() {
        let printed = print_schedules(&module, &find_scops(&module));
        let Ok(file) = parse_schedule_file(&printed) else {
            continue;
        };
        group.bench_function(&name, |b| {
            b.iter_batched(
                || module.clone(),
                |mut m| {
                    let _ = black_box(apply_schedule(&mut m, &file));
                    m
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, schedule, apply);
criterion_main!(benches);
