//! Running generated scanning code and enumerating its domains by brute
//! force, shared by the scanner's tests (`tests/scan.rs`, `tests/cloog.rs`).

use tessera_affine::{Constraint, ConstraintKind};
use tessera_polyhedral::scan::{Ast, AstNode, ScanProblem};

/// One statement instance: the statement and its iteration vector.
pub type Visit = (usize, Vec<i64>);

/// Runs the AST for given symbol values (at most a million loop
/// iterations).
pub fn run(ast: &Ast, syms: &[i64]) -> Vec<Visit> {
    run_with_fuel(ast, syms, 1_000_000)
}

/// Runs the AST for given symbol values; panics after `fuel` loop
/// iterations.
pub fn run_with_fuel(ast: &Ast, syms: &[i64], mut fuel: u64) -> Vec<Visit> {
    fn exec(
        nodes: &[AstNode],
        dims: &mut Vec<i64>,
        syms: &[i64],
        out: &mut Vec<Visit>,
        fuel: &mut u64,
    ) {
        for n in nodes {
            match n {
                AstNode::For(l) => {
                    assert!(l.step >= 1 && !l.lower.is_empty() && !l.upper.is_empty());
                    let lo = l
                        .lower
                        .iter()
                        .map(|e| e.evaluate(dims, syms).unwrap())
                        .max()
                        .unwrap();
                    let hi = l
                        .upper
                        .iter()
                        .map(|e| e.evaluate(dims, syms).unwrap())
                        .min()
                        .unwrap();
                    let mut v = lo;
                    while v <= hi {
                        *fuel = fuel.checked_sub(1).expect("loop ran too long");
                        dims[l.dim] = v;
                        exec(&l.body, dims, syms, out, fuel);
                        v += l.step;
                    }
                    dims[l.dim] = i64::MIN / 4;
                }
                AstNode::If(g) => {
                    if g.conditions.iter().all(|c| holds(c, dims, syms)) {
                        exec(&g.then, dims, syms, out, fuel);
                    }
                }
                AstNode::Stmt(s) => {
                    let it = s
                        .iteration
                        .iter()
                        .map(|e| e.evaluate(dims, syms).unwrap())
                        .collect();
                    out.push((s.statement, it));
                }
            }
        }
    }
    let mut dims = vec![i64::MIN / 4; ast.num_dims];
    let mut out = Vec::new();
    exec(&ast.body, &mut dims, syms, &mut out, &mut fuel);
    out
}

/// Whether a guard's condition holds.
pub fn holds(c: &Constraint, dims: &[i64], syms: &[i64]) -> bool {
    let v = c.expr.evaluate(dims, syms).unwrap();
    match c.kind {
        ConstraintKind::Eq => v == 0,
        ConstraintKind::Ge => v >= 0,
    }
}

/// The box of [`brute_force`]: every iteration coordinate in `[LO, HI]`.
pub const LO: i64 = -5;
/// See [`LO`].
pub const HI: i64 = 9;

/// All points of all domains in the box `[LO, HI]^n`, sorted by (time,
/// statement, iteration).
pub fn brute_force(p: &ScanProblem, syms: &[i64]) -> Vec<Visit> {
    let boxes: Vec<Vec<(i64, i64)>> = p
        .statements
        .iter()
        .map(|s| vec![(LO, HI); s.num_dims()])
        .collect();
    brute_force_in(p, syms, &boxes)
}

/// All points of all domains, statement `s` searched in the box
/// `boxes[s]` (inclusive bounds per iteration dim), sorted by (time,
/// statement, iteration).
pub fn brute_force_in(p: &ScanProblem, syms: &[i64], boxes: &[Vec<(i64, i64)>]) -> Vec<Visit> {
    let mut pts: Vec<(Vec<i64>, usize, Vec<i64>)> = Vec::new();
    for (s, st) in p.statements.iter().enumerate() {
        let n = st.num_dims();
        let bx = &boxes[s];
        assert_eq!(bx.len(), n);
        if bx.iter().any(|&(lo, hi)| lo > hi) {
            continue;
        }
        let mut i: Vec<i64> = bx.iter().map(|b| b.0).collect();
        loop {
            let mut full = i.clone();
            full.extend_from_slice(syms);
            if st.domain.contains(&full).unwrap() {
                let t: Vec<i64> = st
                    .schedule
                    .iter()
                    .map(|row| {
                        let mut v = row[n + syms.len()];
                        for (c, x) in row.iter().zip(&full) {
                            v += c * x;
                        }
                        v
                    })
                    .collect();
                pts.push((t, s, i.clone()));
            }
            // next point
            let mut k = 0;
            while k < n {
                i[k] += 1;
                if i[k] <= bx[k].1 {
                    break;
                }
                i[k] = bx[k].0;
                k += 1;
            }
            if k == n {
                break;
            }
        }
    }
    pts.sort();
    pts.into_iter().map(|(_, s, i)| (s, i)).collect()
}

/// The generated code assumes the context: only symbol values in it are
/// run.
pub fn in_context(p: &ScanProblem, syms: &[i64]) -> bool {
    p.context
        .as_ref()
        .map_or(true, |c| c.contains(syms).unwrap())
}
