//! `--test-memref-bound-check`: which affine accesses can fall outside
//! their memref, decided on the integer points of the iteration domain.
//!
//! MLIR's pass computes each access's region by projecting the enclosing
//! loops out with Fourier–Motzkin (the rational shadow) and reports a
//! dimension when the region meets `d ≥ size` or `d ≤ −1` in the
//! rationals: a domain with rational but no integer points out of bounds
//! (or no integer points at all) is a false alarm there. Here each
//! question is the integer emptiness of the domain with the subscript out
//! of range, and every violation comes with a witness: an iteration (and
//! symbol values) at which the access is out of bounds.
//!
//! As in MLIR, symbols range over all integers (a `memref.dim` symbol is
//! known to be non-negative) and accesses the model cannot express are
//! left alone; a dynamic dimension is checked against its lower bound
//! only (MLIR reports every dynamic dimension as crossing its upper bound).

use tessera_affine::ConstraintKind;
use tessera_ir::{Module, OpId, Type};
use tessera_polyhedral::Int;

use crate::dependence::{
    add, collect_accesses, domain_pieces, expr_row, AccessDesc, Modelled, Unsupported,
};

/// Which bound an access can cross.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The subscript can reach the dimension's size.
    Upper,
    /// The subscript can be negative.
    Lower,
}

/// One dimension of one access that can be out of bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundViolation {
    /// The load or store.
    pub op: OpId,
    /// The dimension, from 0.
    pub dim: usize,
    /// Which bound it crosses.
    pub side: Side,
    /// An iteration at which it does: the enclosing loops' induction
    /// variables, outermost first.
    pub iteration: Vec<i64>,
    /// The values of the function's symbols at that iteration, numbered
    /// as [`collect_accesses`] numbers them.
    pub symbols: Vec<i64>,
}

impl BoundViolation {
    /// mlir-opt's message for it, e.g. `'affine.load' op memref out of
    /// upper bound access along dimension #1`.
    pub fn message(&self, module: &Module) -> String {
        let side = match self.side {
            Side::Upper => "upper",
            Side::Lower => "lower",
        };
        format!(
            "'{}' op memref out of {side} bound access along dimension #{}",
            module.ops[self.op].name,
            self.dim + 1
        )
    }
}

/// Every out-of-bounds access dimension of `module`, in program order
/// (for each access, dimension by dimension, upper bound first), as
/// mlir-opt's `--test-memref-bound-check` orders its errors.
pub fn memref_bound_check(module: &Module) -> Vec<BoundViolation> {
    // Bounded here, not only by the tools: a library caller must get an
    // answer ("may depend" where the work runs out), never a hang.
    crate::passes::with_work_limit(|| memref_bound_check_unbounded(module))
}

/// [`memref_bound_check`] under whatever work limit the caller set.
fn memref_bound_check_unbounded(module: &Module) -> Vec<BoundViolation> {
    let accesses = collect_accesses(module, module.top);
    let mut found = Vec::new();
    for (&op, model) in accesses.ops.iter().zip(&accesses.models) {
        let Modelled::Exact(access) = model else {
            continue;
        };
        let Some(Type::MemRef { shape, .. }) = memref_type(module, op) else {
            continue;
        };
        // An access the model cannot scan exactly is left alone.
        let _ = check_access(op, access, shape, &mut found);
    }
    found
}

/// The type of the memref `op` accesses.
fn memref_type(module: &Module, op: OpId) -> Option<&Type> {
    let data = &module.ops[op];
    let at = usize::from(matches!(
        data.name.as_str(),
        "affine.store" | "affine.vector_store"
    ));
    data.operands.get(at).map(|&v| module.value_type(v))
}

/// Checks each static dimension of one access, appending violations.
fn check_access(
    op: OpId,
    access: &AccessDesc,
    shape: &[i64],
    found: &mut Vec<BoundViolation>,
) -> Result<(), Unsupported> {
    let pieces = domain_pieces(access)?;
    let n = access.loops.len();
    let ns = access.num_symbols as usize;
    let ivs: Vec<usize> = (0..n).collect();
    let syms: Vec<usize> = (n..n + ns).collect();
    for (dim, (subscript, &size)) in access.subscripts.results().iter().zip(shape).enumerate() {
        // A dynamic dimension has no known size: only a negative subscript
        // is known to be out of bounds. (MLIR 19 compares with `-1` but
        // stores `?` as `i64::MIN`, so it reports every dynamic dimension
        // as crossing its upper bound.)
        let sides: &[Side] = if size < 0 {
            &[Side::Lower]
        } else {
            &[Side::Upper, Side::Lower]
        };
        for &side in sides {
            let mut witness = None;
            for piece in &pieces {
                let mut p = piece.clone();
                let mut row = expr_row(&mut p, subscript, &ivs, &syms)?;
                let last = row.len() - 1;
                match side {
                    // subscript - size >= 0
                    Side::Upper => row[last] = &row[last] - &Int::from(size),
                    // -subscript - 1 >= 0
                    Side::Lower => {
                        for v in row.iter_mut() {
                            *v = -&*v;
                        }
                        row[last] = &row[last] - &Int::ONE;
                    }
                }
                add(&mut p, ConstraintKind::Ge, row)?;
                if let Some(point) = p.find_integer_sample()? {
                    witness = Some(point);
                    break;
                }
            }
            if let Some(point) = witness {
                let values = |cols: std::ops::Range<usize>| -> Result<Vec<i64>, Unsupported> {
                    point[cols]
                        .iter()
                        .map(|v| {
                            v.to_i64().ok_or_else(|| {
                                Unsupported::Polyhedral("witness beyond 64 bits".into())
                            })
                        })
                        .collect()
                };
                found.push(BoundViolation {
                    op,
                    dim,
                    side,
                    iteration: values(0..n)?,
                    symbols: values(n..n + ns)?,
                });
            }
        }
    }
    Ok(())
}
