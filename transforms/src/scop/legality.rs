//! Whether a new schedule keeps every dependence of a SCoP: for every pair
//! of accesses to one memref (one a write) and every pair of statement
//! instances that touch the same element, the one that runs first in the
//! original program must still run first — its time vector strictly
//! lexicographically smaller. Decided exactly on the dependence polyhedra
//! (memory-based: flow, anti and output dependences).

use std::fmt;

use tessera_affine::AffineMap;
use tessera_ir::OpId;

use super::{FunctionModel, Scop};
use crate::dependence::{domain_pieces, AccessDesc, DependencePolyhedron, Unsupported, Witness};

/// Why a schedule is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScheduleViolation {
    /// The schedules do not fit the statements (wrong arity, lengths).
    Malformed(String),
    /// A dependence the schedule would reverse (or run at the same time).
    Reversed {
        /// Statement numbers (within the SCoP) of the source and the sink.
        statements: (usize, usize),
        /// The source and sink access ops.
        accesses: (OpId, OpId),
        /// A dependent pair of instances the schedule does not order.
        witness: Witness,
    },
    /// The analysis could not decide (treated as a violation).
    Undecided(String),
}

impl fmt::Display for ScheduleViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleViolation::Malformed(why) => write!(f, "malformed schedule: {why}"),
            ScheduleViolation::Reversed {
                statements: (s, t),
                witness,
                ..
            } => write!(
                f,
                "the schedule violates a dependence from S{s} to S{t}: instance {:?} of S{s} must run before instance {:?} of S{t} (symbols {:?})",
                witness.source, witness.sink, witness.symbols
            ),
            ScheduleViolation::Undecided(why) => {
                write!(f, "the schedule's legality cannot be decided: {why}")
            }
        }
    }
}

impl std::error::Error for ScheduleViolation {}

/// Checks `schedules` (one per statement of `scop`, in order) against the
/// SCoP's dependences. `Ok` proves every dependence is kept.
pub fn check_schedule(
    model: &FunctionModel,
    scop: &Scop,
    schedules: &[AffineMap],
) -> Result<(), ScheduleViolation> {
    let n = scop.statements.len();
    if schedules.len() != n {
        return Err(ScheduleViolation::Malformed(format!(
            "{} schedules for {n} statements",
            schedules.len()
        )));
    }
    let num_symbols = model.num_symbols(scop) as u32;
    let length = schedules.first().map_or(0, |m| m.results().len());
    for (k, (s, m)) in scop.statements.iter().zip(schedules).enumerate() {
        if m.num_dims() as usize != s.depth() || m.num_symbols() > num_symbols {
            return Err(ScheduleViolation::Malformed(format!(
                "S{k} has {} loops and the function {num_symbols} symbols, but its schedule takes ({} dims)[{} symbols]",
                s.depth(),
                m.num_dims(),
                m.num_symbols()
            )));
        }
        if m.results().len() != length {
            return Err(ScheduleViolation::Malformed(format!(
                "S{k}'s time vector has {} entries, S0's {length}: pad with constants",
                m.results().len()
            )));
        }
    }
    // The maps over all the function's symbols, as the accesses see them.
    let schedules: Vec<AffineMap> = schedules
        .iter()
        .map(|m| {
            AffineMap::new(m.num_dims(), num_symbols, m.results().to_vec())
                .map_err(|e| ScheduleViolation::Malformed(e.to_string()))
        })
        .collect::<Result<_, _>>()?;
    let accesses =
        |k: usize| -> Vec<(&AccessDesc, OpId)> { scop.statements[k].accesses().collect() };
    for src in 0..n {
        for dst in 0..n {
            for (a, a_op) in accesses(src) {
                for (b, b_op) in accesses(dst) {
                    if a.memref != b.memref || !(a.is_write || b.is_write) {
                        continue;
                    }
                    let common = a.common_loops(b);
                    // Within one instance of a statement the order of its
                    // accesses is its own: only other instances count.
                    let last = if src == dst { common } else { common + 1 };
                    for depth in 1..=last {
                        let question = || -> Result<Option<Witness>, Unsupported> {
                            match DependencePolyhedron::build(a, b, depth)? {
                                None => Ok(None),
                                Some(p) => {
                                    p.reversed_by_schedules(&schedules[src], &schedules[dst])
                                }
                            }
                        };
                        match question() {
                            Ok(None) => {}
                            Ok(Some(witness))
                                if !runs(a, &witness.source, &witness.symbols)
                                    || !runs(b, &witness.sink, &witness.symbols) =>
                            {
                                return Err(ScheduleViolation::Undecided(format!(
                                    "the dependence from S{src} to S{dst} is over-approximated \
                                     (a stride from a max of lower bounds) and its witness \
                                     {:?} -> {:?} is no pair of iterations",
                                    witness.source, witness.sink
                                )))
                            }
                            Ok(Some(witness)) => {
                                return Err(ScheduleViolation::Reversed {
                                    statements: (src, dst),
                                    accesses: (a_op, b_op),
                                    witness,
                                })
                            }
                            Err(e) => return Err(ScheduleViolation::Undecided(e.to_string())),
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether `iv` (with `symbols`) is an iteration of the access's exact
/// domain.
fn runs(access: &AccessDesc, iv: &[i64], symbols: &[i64]) -> bool {
    let ns = (access.num_symbols as usize).min(symbols.len());
    let point: Vec<i64> = iv.iter().chain(&symbols[..ns]).copied().collect();
    domain_pieces(access)
        .is_ok_and(|pieces| pieces.iter().any(|p| p.contains(&point).unwrap_or(false)))
}
