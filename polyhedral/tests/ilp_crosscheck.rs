//! Cross-check of the exact engine against a float ILP solver (good_lp with
//! its pure-Rust microlp backend) on random bounded systems. Only built with
//! the `ilp-crosscheck` feature; the float solver is never a judge outside
//! this test — a disagreement fails the test and prints the system so that
//! it can be examined (and brute-forced) by hand.
#![cfg(feature = "ilp-crosscheck")]

mod common;

use common::{small, Sys, BOX};
use good_lp::{
    microlp, variable, Expression, ProblemVariables, ResolutionError, Solution, SolverModel,
};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tessera_polyhedral::bounds::IntOpt;
use tessera_polyhedral::Int;

#[derive(Clone, Debug)]
struct Case(Sys, Vec<i64>);

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Case {
        let s = Sys::arbitrary(g);
        let obj = (0..=s.n()).map(|_| small(g, 4)).collect();
        Case(s, obj)
    }
}

/// The float ILP minimum of `obj` over the boxed system, `None` when the
/// solver reports it infeasible.
fn float_minimum(s: &Sys, obj: &[i64]) -> Result<Option<f64>, String> {
    let n = s.n();
    let mut vars = ProblemVariables::new();
    let x: Vec<_> = (0..n)
        .map(|_| vars.add(variable().integer().min(-BOX as f64).max(BOX as f64)))
        .collect();
    let affine = |row: &[i64]| -> Expression {
        let mut e = Expression::from(row[n] as f64);
        for (a, v) in row[..n].iter().zip(&x) {
            e += (*a as f64) * *v;
        }
        e
    };
    let mut model = vars.minimise(affine(obj)).using(microlp);
    for r in &s.eqs {
        model = model.with(affine(r).eq(0.0));
    }
    for r in &s.ineqs {
        model = model.with(affine(r).geq(0.0));
    }
    match model.solve() {
        Ok(sol) => Ok(Some(
            obj[..n]
                .iter()
                .zip(&x)
                .map(|(a, v)| *a as f64 * sol.value(*v))
                .sum::<f64>()
                + obj[n] as f64,
        )),
        Err(ResolutionError::Infeasible) => Ok(None),
        Err(e) => Err(format!("{e:?}")),
    }
}

#[test]
fn exact_engine_agrees_with_float_ilp() {
    fn prop(Case(s, obj): Case) -> TestResult {
        let rel = s.relation(true);
        let exact = rel
            .integer_minimum(&obj.iter().map(|&v| Int::from(v)).collect::<Vec<_>>())
            .unwrap();
        let float = match float_minimum(&s, &obj) {
            Ok(f) => f,
            Err(e) => return TestResult::error(format!("float solver failed: {e}\n{rel:?}")),
        };
        let agree = match (&exact, float) {
            (IntOpt::Empty, None) => true,
            (IntOpt::Optimal { value, .. }, Some(f)) => {
                (value.to_i64().unwrap_or(i64::MAX) as f64 - f).abs() < 1e-6
            }
            _ => false,
        };
        if agree {
            TestResult::passed()
        } else {
            TestResult::error(format!(
                "disagreement on\n{rel:?}\nobjective {obj:?}: exact {exact:?}, float {float:?}"
            ))
        }
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(Case) -> TestResult);
}
