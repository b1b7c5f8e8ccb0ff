//! tessera's dependence analysis against brute force: on random nests
//! (1–3 loops with steps and outer-iv lower bounds, `affine.if` with `else`,
//! subscripts with `floordiv`/`mod`/`ceildiv`), every pair of accesses at
//! every depth must be answered exactly — a dependence is reported if and
//! only if enumeration finds one, and every distance range is tight.

mod common;

use common::nestgen::{dependence, Access, Nest, Rng};
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
