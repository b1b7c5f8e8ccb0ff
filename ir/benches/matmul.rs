//! Interpreter throughput on a 64×64×64 matmul, reported as innermost
//! iterations per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, Type};

fn matmul(c: &mut Criterion) {
    let src = include_str!("../tests/corpus/matmul.mlir");
    let m = parse_and_verify("matmul.mlir", src).expect("corpus matmul parses");
    let mut it = Interpreter::new(&m);
    let a = it.alloc(&Type::F32, &[64, 64], 1.5).expect("alloc");
    let b = it.alloc(&Type::F32, &[64, 64], 0.5).expect("alloc");
    let out = it.alloc(&Type::F32, &[64, 64], 0.0).expect("alloc");
    let mut group = c.benchmark_group("interpreter");
    group.throughput(Throughput::Elements(64 * 64 * 64));
    group.bench_function("matmul_64x64x64", |bench| {
        bench.iter(|| it.call("matmul", &[a, b, out]).expect("matmul runs"));
    });
    group.finish();
}

criterion_group!(benches, matmul);
criterion_main!(benches);
