//! The polyhedral model: SCoPs, statements and 2d+1 schedules of the
//! corpus and the kernel suite, the schedule file round trip, and the
//! legality check of new schedules against exact dependences (random
//! schedules of random kernels: `tests/schedule_round_trip.rs`).

mod common;

use tessera_affine::AffineMap;
use tessera_ir::{parse_and_verify, OpId};
use tessera_transforms::dependence::AccessDesc;
use tessera_transforms::scop::{
    check_schedule, find_scops, memory_dependences, parse_schedule_file, print_dependences,
    print_schedules, value_flow_dependences, ScheduleViolation,
};

/// Every `.mlir` file of the corpus and the kernel suite.
fn inputs() -> Vec<(String, String)> {
    let mut all = common::corpus();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernels");
    let mut kernels: Vec<_> = std::fs::read_dir(dir)
        .expect("examples/kernels")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    kernels.sort();
    for p in kernels {
        let name = p.display().to_string();
        all.push((name, std::fs::read_to_string(&p).expect("kernel file")));
    }
    all
}

#[test]
fn original_schedules_are_legal_and_the_file_round_trips() {
    let mut statements = 0;
    for (name, text) in inputs() {
        let Ok(module) = parse_and_verify(&name, &text) else {
            continue;
        };
        let models = find_scops(&module);
        let printed = print_schedules(&module, &models);
        let file = parse_schedule_file(&printed).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut entries = file.entries.iter();
        for f in &models {
            for scop in &f.scops {
                let maps: Vec<AffineMap> =
                    scop.statements.iter().map(|s| s.schedule.clone()).collect();
                for m in &maps {
                    let (func, _, read, _) = entries.next().expect("one line per statement");
                    assert_eq!((func, read), (&f.name, m), "{name}");
                }
                check_schedule(f, scop, &maps).unwrap_or_else(|v| {
                    panic!("{name} @{}: original schedule refused: {v}", f.name)
                });
                statements += maps.len();
            }
        }
    }
    assert!(statements > 100, "only {statements} statements modelled");
}

/// `A[i][j] = A[i-1][j+1]`: distance (1, -1).
const STENCIL: &str = r#"
func.func @f(%A: memref<10x10xf32>) {
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 9 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<10x10xf32>
      affine.store %v, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}
"#;

fn stencil_check(schedule: &str) -> Result<(), ScheduleViolation> {
    let module = parse_and_verify("t.mlir", STENCIL).expect("valid");
    let f = &find_scops(&module)[0];
    let map: AffineMap = schedule.parse().expect("map");
    check_schedule(f, &f.scops[0], &[map])
}

#[test]
fn interchange_of_the_stencil_is_refused_with_a_real_dependence() {
    match stencil_check("(d0, d1) -> (0, d1, 0, d0, 0)") {
        Err(ScheduleViolation::Reversed { witness, .. }) => {
            // The source writes A[i][j]; the sink reads A[i'-1][j'+1].
            let (s, t) = (&witness.source, &witness.sink);
            assert_eq!((s[0], s[1]), (t[0] - 1, t[1] + 1), "{witness:?}");
            // Interchanged, the sink's time (j', i') comes first.
            assert!((t[1], t[0]) < (s[1], s[0]), "{witness:?}");
        }
        other => panic!("interchange accepted: {other:?}"),
    }
    // Reversing the outer loop reverses the dependence too.
    assert!(stencil_check("(d0, d1) -> (-d0, d1)").is_err());
    // All instances at one time: not an order.
    assert!(stencil_check("(d0, d1) -> (0)").is_err());
}

#[test]
fn skewed_and_shifted_schedules_of_the_stencil_are_legal() {
    for legal in [
        "(d0, d1) -> (0, d0, 0, d1, 0)",
        "(d0, d1) -> (d0, d0 + d1)",
        "(d0, d1) -> (d0 + d1, d0)",
        "(d0, d1) -> (d0 * 2 + 5, -d1)",
        "(d0, d1) -> (d0 + 3, d1 - 7)",
    ] {
        stencil_check(legal).unwrap_or_else(|v| panic!("{legal}: {v}"));
    }
}

#[test]
fn non_modellable_code_ends_a_scop_and_is_reported() {
    let text = r#"
func.func @g(%A: memref<8xf32>, %B: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %B[%i] : memref<8xf32>
  }
  %s = affine.for %i = 0 to 8 iter_args(%acc = %A) -> (memref<8xf32>) {
    affine.yield %acc : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %B[%i] : memref<8xf32>
    affine.store %v, %A[7 - %i] : memref<8xf32>
  }
  return
}
"#;
    let module = parse_and_verify("t.mlir", text).expect("valid");
    let f = &find_scops(&module)[0];
    assert_eq!(f.scops.len(), 2);
    assert_eq!(f.excluded.len(), 1);
    assert!(
        f.excluded[0].1.contains("carries values"),
        "{:?}",
        f.excluded
    );
}

/// A load that runs before a store to its memref, feeding a store after
/// it: the statement is no unit of execution (moving its load to its store
/// reads the new value), so the nest is kept out of every SCoP rather than
/// given a schedule that is not the program's.
#[test]
fn a_load_before_another_store_to_its_memref_ends_the_scop() {
    let text = r#"
func.func @h(%A: memref<8xf32>, %B: memref<8xf32>, %C: memref<8xf32>, %c: f32) {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %c, %A[%i] : memref<8xf32>
    affine.store %v, %B[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.for %j = 0 to 8 {
      affine.store %c, %A[%j] : memref<8xf32>
    }
    affine.store %v, %B[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %c, %C[%i] : memref<8xf32>
    affine.store %v, %B[%i] : memref<8xf32>
  }
  return
}
"#;
    let module = parse_and_verify("t.mlir", text).expect("valid");
    let f = &find_scops(&module)[0];
    let reasons: Vec<&str> = f.excluded.iter().map(|(_, why)| why.as_str()).collect();
    for why in [
        "the value loaded at line 4 is stored at line 6 after another store to its memref (line 5)",
        "the value loaded at line 9 is stored at line 13 after another store to its memref (line 11)",
    ] {
        assert!(reasons.contains(&why), "{reasons:?}");
    }
    // The store to another memref in between is harmless: modelled, and
    // its original schedule is legal. (Inside the two loops left out, the
    // search goes on: their stores are SCoPs of their own, before it.)
    let last = f.scops.last().expect("the third nest");
    assert!(last.outer_ivs.is_empty());
    let maps: Vec<AffineMap> = last.statements.iter().map(|s| s.schedule.clone()).collect();
    assert_eq!(maps.len(), 2);
    check_schedule(f, last, &maps).expect("the original order is legal");
}

#[test]
fn schedule_file_errors_are_located() {
    let e = parse_schedule_file("func @f\nS0: affine_map<(d0) -> (d1)>\n").unwrap_err();
    assert!(
        e.starts_with("2:25: error: use of undeclared identifier"),
        "{e}"
    );
    let e = parse_schedule_file("S0: affine_map<(d0) -> (d0)>\n").unwrap_err();
    assert!(e.contains("before any 'func @name'"), "{e}");
    let e = parse_schedule_file("func @f\nT0: x\n").unwrap_err();
    assert!(e.starts_with("2:1:"), "{e}");
}

/// The iterations of an access's loops and guards with the symbols
/// fixed, enumerated from its bounds (no polyhedra).
fn iterations(a: &AccessDesc, symbols: &[i64]) -> Vec<Vec<i64>> {
    fn walk(a: &AccessDesc, symbols: &[i64], ivs: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        let Some(l) = a.loops.get(ivs.len()) else {
            let inside = a.guards.iter().all(|g| {
                let n = g.set.num_dims() as usize;
                g.set.contains(&ivs[..n], symbols).expect("small values") == g.holds
            });
            if inside {
                out.push(ivs.clone());
            }
            return;
        };
        let lo = l.lower.evaluate(ivs, symbols).expect("small values");
        let hi = l.upper.evaluate(ivs, symbols).expect("small values");
        let (lo, hi) = (*lo.iter().max().unwrap(), *hi.iter().min().unwrap());
        let mut iv = lo;
        while iv < hi {
            ivs.push(iv);
            walk(a, symbols, ivs, out);
            ivs.pop();
            iv += l.step;
        }
    }
    let mut out = Vec::new();
    walk(a, symbols, &mut Vec::new(), &mut out);
    out
}

/// Program order of two access instances: the first common loop whose
/// iterations differ decides, then the position of the accesses.
fn program_order(a: &AccessDesc, x: &[i64], b: &AccessDesc, y: &[i64]) -> std::cmp::Ordering {
    let common = a.common_loops(b);
    x[..common]
        .cmp(&y[..common])
        .then(a.position.cmp(&b.position))
}

/// Value-based flow dependences against brute force on random kernels:
/// the SCoP's accesses run in program order with the symbols fixed, each
/// read's last writer is recorded, and every value-based relation holds
/// exactly those pairs (every memory-based flow relation exactly the pairs
/// of a write before a read of the same element).
#[test]
fn value_based_flow_is_the_last_writer() {
    use std::collections::{HashMap, HashSet};
    let mut rng = common::nestgen::Rng(0x1a57_3417);
    let (mut checked, mut killed, mut inexact, mut total) = (0usize, 0usize, 0usize, 0usize);
    for case in 0..60 {
        let text = common::kernelgen::random_kernel_ext(&mut rng);
        let module = parse_and_verify("k.mlir", &text).expect("generated kernel");
        let models = find_scops(&module);
        let Some(f) = models.iter().find(|f| f.name == "kernel") else {
            continue;
        };
        for scop in &f.scops {
            // The function's symbols, then the loops around the SCoP.
            let symbols: Vec<i64> = [5, 3, 4, 2]
                .iter()
                .copied()
                .cycle()
                .take(f.num_symbols(scop))
                .collect();
            // Every access instance of the SCoP, in program order.
            let mut instances: Vec<(usize, OpId, &AccessDesc, Vec<i64>)> = Vec::new();
            let mut domains: HashMap<OpId, Vec<Vec<i64>>> = HashMap::new();
            for (k, s) in scop.statements.iter().enumerate() {
                for (a, op) in s.accesses() {
                    let its = iterations(a, &symbols);
                    for iv in &its {
                        instances.push((k, op, a, iv.clone()));
                    }
                    domains.insert(op, its);
                }
            }
            instances.sort_by(|x, y| program_order(x.2, &x.3, y.2, &y.3));
            let mut last: HashMap<(u32, Vec<i64>), (usize, Vec<i64>)> = HashMap::new();
            let mut value: HashSet<(usize, OpId, Vec<i64>, Vec<i64>)> = HashSet::new();
            let mut memory: HashSet<(usize, OpId, Vec<i64>, Vec<i64>)> = HashSet::new();
            let mut writes: Vec<(usize, u32, Vec<i64>, Vec<i64>)> = Vec::new();
            for (k, op, a, iv) in &instances {
                let element = a.subscripts.evaluate(iv, &symbols).expect("small values");
                if a.is_write {
                    last.insert((a.memref, element.clone()), (*k, iv.clone()));
                    writes.push((*k, a.memref, element, iv.clone()));
                } else {
                    if let Some((s, w)) = last.get(&(a.memref, element.clone())) {
                        value.insert((*s, *op, w.clone(), iv.clone()));
                    }
                    for (s, m, e, w) in &writes {
                        if *m == a.memref && *e == element {
                            memory.insert((*s, *op, w.clone(), iv.clone()));
                        }
                    }
                }
            }
            let flows = value_flow_dependences(f, scop).expect("value-based flow");
            let memory_flows: Vec<_> = memory_dependences(f, scop)
                .expect("memory-based dependences")
                .into_iter()
                .filter(|d| d.kind.name() == "flow")
                .collect();
            for (deps, truth, what) in [
                (&flows, &value, "value"),
                (&memory_flows, &memory, "memory"),
            ] {
                for d in deps.iter() {
                    // A read whose kills exceed the analysis's limits keeps
                    // its memory-based flow: judged against that truth.
                    let truth = if d.value_based == (what == "value") {
                        truth
                    } else {
                        inexact += 1;
                        &memory
                    };
                    let write = &scop.statements[d.src].op;
                    for w in &domains[write] {
                        for r in &domains[&d.accesses.1] {
                            let point: Vec<i64> =
                                w.iter().chain(r).chain(&symbols).copied().collect();
                            let claimed = d.relation.contains(&point).expect("membership");
                            let real = truth.contains(&(d.src, d.accesses.1, w.clone(), r.clone()));
                            assert_eq!(
                                claimed, real,
                                "case {case}: {what} flow S{} -> S{} (read op {:?}) at {w:?} -> {r:?}\n{text}",
                                d.src, d.dst, d.accesses.1
                            );
                            checked += 1;
                        }
                    }
                }
                // No pair without its dependence.
                for (s, read, ..) in truth.iter() {
                    assert!(
                        deps.iter().any(|d| d.src == *s && d.accesses.1 == *read),
                        "case {case}: a {what} flow from S{s} to read {read:?} is missing\n{text}"
                    );
                }
            }
            killed += memory.len() - value.len();
            total += flows.len();
        }
    }
    assert!(
        inexact * 20 <= total,
        "{inexact} of {total} value-based flow dependences fell back to memory-based ones"
    );
    assert!(checked > 10_000, "only {checked} pairs checked");
    assert!(
        killed > 100,
        "only {killed} killed pairs: the kills are not exercised"
    );
}

/// The public analyses bound their own work (a library caller sets no
/// limit): on an input where the exact value-based analysis runs for
/// minutes, `print_dependences` answers, falling back to memory-based flow.
#[test]
fn print_dependences_bounds_its_own_work() {
    let out = print_dependences_of_found("dependences_library_work_limit.mlir");
    assert!(out.contains("flow S1 -> S1"), "{out}");
    assert!(out.contains("the last writers are not exact"), "{out}");
}

/// A kill that splits into thousands of pieces to negate (soak seed
/// 0x28112810): the difference is bounded, the answer comes.
#[test]
fn last_writers_bound_each_difference() {
    let out = print_dependences_of_found("last_writers_split_kill.mlir");
    assert!(out.contains("flow S0 -> S0"), "{out}");
}

/// Strides of `i64::MAX` and moduli near its square root (soak seed
/// 0x28112817): the dual simplex with cuts charges its steps by the width
/// of its coefficients, the answer comes (it took 38 s before).
#[test]
fn cuts_on_huge_coefficients_are_bounded() {
    let out = print_dependences_of_found("pip_huge_coefficient_steps.mlir");
    assert!(out.contains("flow S1 -> S1"), "{out}");
    assert!(!out.contains("(1 == 0) or"), "{out}");
}

/// `print_dependences` of a found input, called as a library caller calls
/// it (no work limit of the caller's), behind a hang guard.
fn print_dependences_of_found(name: &str) -> String {
    let path = format!(
        "{}/../tests/inputs/found/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the found input");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let module = parse_and_verify("found.mlir", &text).expect("it parses");
        let models = find_scops(&module);
        let _ = tx.send(print_dependences(&module, &models));
    });
    // A guard against a hang, not a speed test: it answers in about a second.
    rx.recv_timeout(std::time::Duration::from_secs(300))
        .expect("print_dependences hangs without a caller's work limit")
}
