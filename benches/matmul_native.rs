//! criterion bench of the suite's matmul kernel compiled by the native
//! back end, unoptimized and after `--tessera-optimize`, so that `cargo
//! bench --bench matmul_native` shows in the Rust way what
//! `tessera-bench` reports: unchecked builds (as `tessera-bench` times
//! them; checks would also keep the register tile out of registers) on
//! 64-byte aligned buffers. The naive nest is left out at 1024, where one
//! run takes seconds.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tessera::backend::{compile, AlignedBuffer, Arg, CompileOptions, EmitOptions, MemRefArg};
use tessera::kernels::{find, ElemType};
use tessera::transforms::passes::{machine_l2_kib, tessera_optimize, OptimizeOptions};

fn matmul(c: &mut Criterion) {
    let Some(spec) = find("matmul") else {
        eprintln!("SKIPPED: no matmul kernel in the suite");
        return;
    };
    let mut group = c.benchmark_group("matmul_f32");
    group.sample_size(10);
    for n in [256i64, 512, 1024] {
        let Ok(text) = spec.generate(ElemType::F32, &[n]) else {
            continue;
        };
        let Ok(module) = tessera::ir::parse_and_verify("matmul.mlir", &text) else {
            continue;
        };
        let mut optimized = module.clone();
        let options = OptimizeOptions {
            l2_kib: machine_l2_kib().unwrap_or(1024),
            ..OptimizeOptions::default()
        };
        tessera_optimize(&mut optimized, &options);
        let elements = (n * n) as usize;
        group.throughput(Throughput::Elements(2 * (n * n * n) as u64));
        for (variant, m) in [("naive", &module), ("tessera-optimize", &optimized)] {
            if variant == "naive" && n > 512 {
                continue;
            }
            let compile_options = CompileOptions {
                emit: EmitOptions {
                    checks: false,
                    openmp: false,
                    ..EmitOptions::default()
                },
                ..CompileOptions::default()
            };
            let lib = match compile(m, &compile_options) {
                Ok(lib) => lib,
                Err(e) => {
                    eprintln!("SKIPPED {variant} {n}: {e}");
                    continue;
                }
            };
            let Ok(kernel) = lib.kernel(spec.entry_point().as_str()) else {
                continue;
            };
            let mut a: AlignedBuffer<f32> = (0..elements).map(|i| (i % 97) as f32 / 97.0).collect();
            let mut b: AlignedBuffer<f32> = (0..elements).map(|i| (i % 89) as f32 / 89.0).collect();
            let mut out: AlignedBuffer<f32> = (0..elements).map(|_| 0.0).collect();
            group.bench_with_input(BenchmarkId::new(variant, n), &n, |bench, _| {
                bench.iter(|| {
                    let (Ok(ma), Ok(mb), Ok(mc)) = (
                        MemRefArg::new(&mut a[..], &[n, n]),
                        MemRefArg::new(&mut b[..], &[n, n]),
                        MemRefArg::new(&mut out[..], &[n, n]),
                    ) else {
                        return;
                    };
                    let mut args = [Arg::MemRef(ma), Arg::MemRef(mb), Arg::MemRef(mc)];
                    // SAFETY: the generated matmul indexes its three
                    // n x n memrefs only within their shapes, and the
                    // arguments are checked against its signature.
                    let _ = unsafe { kernel.call_unchecked(&mut args) };
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, matmul);
criterion_main!(benches);
