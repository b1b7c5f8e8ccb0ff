//! Benchmarks of the exact engine: integer emptiness, projection and set
//! operations on small systems typical of loop nests.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tessera_polyhedral::{IntegerRelation, PresburgerSet};

fn set(n: usize, eqs: &[&[i64]], ineqs: &[&[i64]]) -> IntegerRelation {
    let mut r = IntegerRelation::new_set(n, 0);
    for e in eqs {
        r.add_equality(e).expect("row length");
    }
    for i in ineqs {
        r.add_inequality(i).expect("row length");
    }
    r
}

/// A triangular loop nest `0 <= i < N, 0 <= j <= i, 0 <= k < j` with
/// `N = 100` and a dependence-like equality.
fn triangle() -> IntegerRelation {
    set(
        3,
        &[&[1, -2, 1, -3]],
        &[
            &[1, 0, 0, 0],
            &[-1, 0, 0, 99],
            &[0, 1, 0, 0],
            &[1, -1, 0, 0],
            &[0, 0, 1, 0],
            &[0, 1, -1, -1],
        ],
    )
}

fn emptiness(c: &mut Criterion) {
    let pugh = set(
        2,
        &[],
        &[&[11, 13, -27], &[-11, -13, 45], &[7, -9, 10], &[-7, 9, 4]],
    );
    c.bench_function("emptiness/pugh-integer-empty", |b| {
        b.iter(|| black_box(&pugh).is_integer_empty())
    });
    let strip = set(2, &[], &[&[3, -7, 0], &[-3, 7, 1]]);
    c.bench_function("emptiness/thin-unbounded-strip", |b| {
        b.iter(|| black_box(&strip).find_integer_sample().unwrap())
    });
    let tri = triangle();
    c.bench_function("emptiness/triangle-with-equality", |b| {
        b.iter(|| black_box(&tri).find_integer_sample().unwrap())
    });
}

fn projection(c: &mut Criterion) {
    let tri = triangle();
    c.bench_function("projection/triangle-keep-outer", |b| {
        b.iter(|| black_box(&tri).project_out(&[1, 2]))
    });
    let mut redundant = IntegerRelation::new_set(4, 0);
    for col in 0..4 {
        redundant
            .add_bounds(col, Some(-4), Some(4))
            .expect("column");
    }
    for i in 0..4 {
        for j in i + 1..4 {
            for signs in 0..4 {
                let mut row = vec![0i64; 5];
                row[i] = if signs & 1 == 0 { 1 } else { -1 };
                row[j] = if signs & 2 == 0 { 1 } else { -1 };
                row[4] = 8;
                redundant.add_inequality(&row).expect("row length");
            }
        }
    }
    c.bench_function("projection/redundant-box-3-of-4", |b| {
        b.iter(|| black_box(&redundant).project_out(&[0, 1, 2]))
    });
}

fn set_operations(c: &mut Criterion) {
    let a = PresburgerSet::from_relation(triangle());
    let mut square = IntegerRelation::new_set(3, 0);
    for col in 0..3 {
        square.add_bounds(col, Some(10), Some(50)).expect("column");
    }
    let b = PresburgerSet::from_relation(square);
    c.bench_function("sets/subtract", |bench| {
        bench.iter(|| black_box(&a).subtract(black_box(&b)))
    });
    c.bench_function("sets/is-subset", |bench| {
        bench.iter(|| black_box(&a).is_subset(black_box(&b)))
    });
    c.bench_function("sets/complement-of-union", |bench| {
        bench.iter(|| a.union(&b).and_then(|u| u.complement()))
    });
}

criterion_group!(benches, emptiness, projection, set_operations);
criterion_main!(benches);
