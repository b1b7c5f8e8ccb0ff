//! criterion benches of the affine algebra: parsing, simplification and
//! composition of maps typical of loop nests (tiled subscripts, strided
//! accesses, divisions by tile sizes).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tessera::affine::parse::parse_affine_map;
use tessera::affine::{AffineMap, IntegerSet};

const TILED: &str = "(d0, d1, d2, d3)[s0, s1] -> (d0 * 32 + d2, d1 * 32 + d3, (d0 * 32 + d2) floordiv 8, ((d1 * 32 + d3) mod 64) floordiv 4, d2 + d3 * s0 + s1)";
const MESSY: &str = "(d0, d1)[s0] -> ((d0 floordiv 4) * 4 + d0 mod 4 + d1 - d1, ((d0 * 4 + 2) mod 2) + (d0 mod 8) mod 4, (d0 * 6 + d1 * 9 + 3) floordiv 3, d0 - (d0 floordiv 16) * 16 + s0 * 2)";
const SET: &str = "(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 * 2 >= 0, -d1 * 2 + s1 * 2 - 2 >= 0, (d0 + d1) mod 4 == 0, d0 - d1 >= 0)";

fn parse(c: &mut Criterion) {
    c.bench_function("parse/tiled map", |b| {
        b.iter(|| parse_affine_map(black_box(TILED)))
    });
    c.bench_function("parse/integer set", |b| {
        b.iter(|| black_box(SET).parse::<IntegerSet>())
    });
}

fn simplify(c: &mut Criterion) {
    let messy: AffineMap = MESSY.parse().expect("valid map");
    let tiled: AffineMap = TILED.parse().expect("valid map");
    let set: IntegerSet = SET.parse().expect("valid set");
    c.bench_function("simplify/messy map", |b| {
        b.iter(|| black_box(&messy).simplify())
    });
    c.bench_function("simplify/tiled map", |b| {
        b.iter(|| black_box(&tiled).simplify())
    });
    c.bench_function("simplify/integer set", |b| {
        b.iter(|| black_box(&set).simplify())
    });
}

fn compose(c: &mut Criterion) {
    let tiled: AffineMap = TILED.parse().expect("valid map");
    let inner: AffineMap = "(d0, d1)[s0] -> (d0 floordiv 32, d1 floordiv 32, d0 mod 32, d1 mod 32)"
        .parse()
        .expect("valid map");
    let perm = AffineMap::permutation(&[3, 1, 0, 2]).expect("a permutation");
    c.bench_function("compose/tile into subscript", |b| {
        b.iter(|| black_box(&tiled).compose(black_box(&inner)))
    });
    c.bench_function("compose/permutation", |b| {
        b.iter(|| black_box(&tiled).compose(black_box(&perm)))
    });
}

criterion_group!(benches, parse, simplify, compose);
criterion_main!(benches);
