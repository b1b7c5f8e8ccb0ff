//! tessera's dependence analysis against brute force: on random nests
//! (1–3 loops with steps and outer-iv lower bounds, `affine.if` with `else`,
//! subscripts with `floordiv`/`mod`/`ceildiv`), every pair of accesses at
//! every depth must be answered exactly — a dependence is reported if and
//! only if enumeration finds one, and every distance range is tight.

mod common;

use common::nestgen::{dependence, dependent_pairs, loop_carries, Access, Nest, Rng};
use tessera_affine::{AffineExpr, AffineMap};
use tessera_transforms::dependence::{check_dependence, AccessDesc, Dependence, Guard, LoopDesc};

fn describe(a: &Access) -> AccessDesc {
    let loops = a
        .bounds
        .iter()
        .enumerate()
        .map(|(level, b)| {
            let lower = match b.lb_outer {
                Some(d) => AffineMap::new(level as u32, 0, vec![AffineExpr::dim(d as u32)]),
                None => AffineMap::new(level as u32, 0, vec![AffineExpr::constant(b.lb)]),
            }
            .expect("bound in range");
            let upper = AffineMap::new(level as u32, 0, vec![AffineExpr::constant(b.ub)])
                .expect("constant");
            LoopDesc {
                id: b.id as u32,
                lower,
                upper,
                step: b.step,
            }
        })
        .collect();
    AccessDesc {
        position: a.id,
        memref: a.array as u32,
        is_write: a.is_store,
        loops,
        guards: a
            .guards
            .iter()
            .map(|(set, holds)| Guard {
                set: set.clone(),
                holds: *holds,
            })
            .collect(),
        subscripts: AffineMap::new(a.depth as u32, 0, a.subscripts.clone())
            .expect("subscripts in range"),
        num_symbols: 0,
    }
}

#[test]
fn dependences_and_distances_are_exact() {
    let mut rng = Rng(0x5eed_0005);
    let (mut questions, mut found) = (0, 0);
    for case in 0..1500 {
        let nest = Nest::random(&mut rng, 4);
        let accesses = nest.accesses();
        let instances = nest.execute();
        let descs: Vec<AccessDesc> = accesses.iter().map(describe).collect();
        for (s, src) in accesses.iter().enumerate() {
            for (d, dst) in accesses.iter().enumerate() {
                let common = descs[s].common_loops(&descs[d]);
                for depth in 1..=common + 1 {
                    questions += 1;
                    let truth = dependence(&instances, src, dst, depth);
                    let ours = check_dependence(&descs[s], &descs[d], depth);
                    let agree = match (&ours, &truth) {
                        (Dependence::None, None) => true,
                        (Dependence::Exists { distances, witness }, Some(t)) => {
                            found += 1;
                            let tight = distances.len() == t.len()
                                && distances
                                    .iter()
                                    .zip(t)
                                    .all(|(r, &(lo, hi))| r.min == Some(lo) && r.max == Some(hi));
                            // The witness is a real dependent pair.
                            let real = instances.iter().any(|x| {
                                x.access == src.id
                                    && x.iteration == witness.source
                                    && instances.iter().any(|y| {
                                        y.access == dst.id
                                            && y.iteration == witness.sink
                                            && y.element == x.element
                                            && x.time < y.time
                                    })
                            });
                            tight && real
                        }
                        _ => false,
                    };
                    assert!(
                        agree,
                        "case {case}: {s} -> {d} at depth {depth}: tessera {ours:?}, brute force {truth:?}\n{}",
                        nest.to_mlir("kernel")
                    );
                }
            }
        }
    }
    eprintln!("{questions} dependence questions answered exactly ({found} dependences)");
    assert!(
        found > 100,
        "too few dependences ({found}) to mean anything"
    );
}

/// All orders of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

/// One carried dependence question of a random nest: the nest, its
/// executions, a source/sink pair and depth, and the polyhedron tessera
/// builds for it.
struct Carried<'a> {
    case: usize,
    nest: &'a Nest,
    instances: &'a [common::nestgen::Instance],
    src: &'a Access,
    dst: &'a Access,
    depth: usize,
    common: usize,
    poly: tessera_transforms::dependence::DependencePolyhedron,
}

impl Carried<'_> {
    fn describe(&self) -> String {
        format!(
            "case {}: {} -> {} at depth {}\n{}",
            self.case,
            self.src.id,
            self.dst.id,
            self.depth,
            self.nest.to_mlir("kernel")
        )
    }
}

/// Calls `f` for every pair of accesses and carried depth (1..=common) of
/// `cases` random nests whose dependence polyhedron is not trivially empty.
fn for_each_carried(seed: u64, cases: usize, mut f: impl FnMut(&Carried<'_>)) {
    use tessera_transforms::dependence::DependencePolyhedron;
    let mut rng = Rng(seed);
    for case in 0..cases {
        let nest = Nest::random(&mut rng, 4);
        let accesses = nest.accesses();
        let instances = nest.execute();
        let descs: Vec<AccessDesc> = accesses.iter().map(describe).collect();
        for (s, src) in accesses.iter().enumerate() {
            for (d, dst) in accesses.iter().enumerate() {
                let common = descs[s].common_loops(&descs[d]);
                for depth in 1..=common {
                    let Some(poly) =
                        DependencePolyhedron::build(&descs[s], &descs[d], depth).expect("affine")
                    else {
                        continue;
                    };
                    f(&Carried {
                        case,
                        nest: &nest,
                        instances: &instances,
                        src,
                        dst,
                        depth,
                        common,
                        poly,
                    });
                }
            }
        }
    }
}

/// `reversed_by` (the basis of interchange, permutation and tiling
/// legality) against brute force: for every dependence polyhedron and every
/// order of the common loops, a witness is found exactly when some
/// dependent pair has a lexicographically negative distance vector in that
/// order — and the witness is such a pair.
#[test]
fn loop_order_reversals_are_exact() {
    let (mut checks, mut reversals) = (0, 0);
    for_each_carried(0x5eed_0006, 600, |c| {
        for order in permutations(c.common) {
            checks += 1;
            let negative = |x: &[i64], y: &[i64]| {
                order
                    .iter()
                    .map(|&k| y[k] - x[k])
                    .find(|&v| v != 0)
                    .is_some_and(|v| v < 0)
            };
            let brute = dependent_pairs(c.instances, c.src, c.dst, c.depth)
                .any(|(x, y)| negative(&x.iteration, &y.iteration));
            let ours = c.poly.reversed_by(&order).expect("decidable");
            if let Some(w) = &ours {
                reversals += 1;
                assert!(
                    negative(&w.source, &w.sink),
                    "witness {w:?} is not reversed by {order:?}: {}",
                    c.describe()
                );
            }
            assert_eq!(ours.is_some(), brute, "order {order:?}: {}", c.describe());
        }
    });
    eprintln!("{checks} loop orders checked exactly ({reversals} reversing a dependence)");
    assert!(
        reversals > 50,
        "too few reversals ({reversals}) to mean anything"
    );
}

/// `carried_dependence` (loop parallelism) against brute force: a loop
/// carries a dependence exactly when two executed accesses inside it, one a
/// store, touch the same element in different iterations of it and the
/// same iteration of every loop outside it.
#[test]
fn loop_parallelism_is_exact() {
    use tessera_transforms::dependence::carried_dependence;
    let mut rng = Rng(0x5eed_0007);
    let (mut loops, mut parallel) = (0, 0);
    for case in 0..800 {
        let nest = Nest::random(&mut rng, 5);
        let accesses = nest.accesses();
        let instances = nest.execute();
        let descs: Vec<AccessDesc> = accesses.iter().map(describe).collect();
        let mut loop_ids: Vec<usize> = accesses.iter().flat_map(|a| a.loops.clone()).collect();
        loop_ids.sort_unstable();
        loop_ids.dedup();
        for id in loop_ids {
            loops += 1;
            let brute = loop_carries(&instances, &accesses, id);
            let ours = carried_dependence(&descs, id as u32);
            parallel += usize::from(ours.is_none());
            assert_eq!(
                ours.is_some(),
                brute,
                "case {case}: loop {id}: {ours:?}\n{}",
                nest.to_mlir("kernel")
            );
        }
    }
    eprintln!("{loops} loops classified exactly ({parallel} parallel)");
}

/// `distance_set` against brute force: the integer points of the sets are
/// exactly the distance vectors of dependent pairs (checked on a box that
/// holds every distance of these nests).
#[test]
fn distance_sets_are_exact() {
    use std::collections::HashSet;
    let (mut checked, mut unprintable) = (0, 0);
    for_each_carried(0x5eed_000c, 300, |c| {
        let Ok(sets) = c.poly.distance_set() else {
            unprintable += 1;
            return;
        };
        let truth: HashSet<Vec<i64>> = dependent_pairs(c.instances, c.src, c.dst, c.depth)
            .map(|(x, y)| {
                (0..c.common)
                    .map(|k| y.iteration[k] - x.iteration[k])
                    .collect()
            })
            .collect();
        checked += 1;
        // Every vector in [-8, 8]^common.
        let mut v = vec![-8i64; c.common];
        loop {
            let ours = sets.iter().any(|set| set.contains(&v, &[]).expect("point"));
            assert_eq!(
                ours,
                truth.contains(&v),
                "at {v:?}: {sets:?}\n{}",
                c.describe()
            );
            let Some(k) = v.iter().rposition(|&x| x < 8) else {
                break;
            };
            v[k] += 1;
            for x in &mut v[k + 1..] {
                *x = -8;
            }
        }
    });
    eprintln!("{checked} distance sets exact, {unprintable} not expressible as integer sets");
    assert!(
        unprintable * 10 <= checked,
        "too many inexpressible distance sets ({unprintable} of {checked})"
    );
}
