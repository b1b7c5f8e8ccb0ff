//! The input of the generator and its scattered form.
//!
//! Statement `s` with iteration domain `D_s` (over its `n_s` dims and the
//! symbols) and schedule rows `T_s` is placed in the extended time space of
//! `K = k + 1 + m` dims (`m` the largest `n_s`):
//!
//! ```text
//! { (t, σ, u) : u_{<n_s} ∈ D_s, t = T_s·(u_{<n_s}, p, 1), σ = s, u_{>=n_s} = 0 }
//! ```
//!
//! Ordering the extended time vectors lexicographically is exactly the
//! documented execution order: by schedule, then statement index, then
//! iteration vector. The extension is injective, so every point is one
//! statement instance, and the iteration vector is read back as
//! `i_j = u_j`.

use super::constraints::TimeSpace;
use super::error::ScanError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::space::VarKind;

/// One statement: its iteration domain and its schedule.
///
/// ```
/// use tessera_polyhedral::scan::ScanStatement;
/// use tessera_polyhedral::IntegerRelation;
/// // { (i) : 0 <= i <= s0 } scheduled at time (2*i + 1).
/// let mut d = IntegerRelation::new_set(1, 1);
/// d.add_inequality(&[1, 0, 0])?;
/// d.add_inequality(&[-1, 1, 0])?;
/// let s = ScanStatement::new(d, vec![vec![2, 0, 1]]);
/// assert_eq!(s.num_dims(), 1);
/// # Ok::<(), tessera_polyhedral::PolyError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ScanStatement {
    /// The iteration domain: a set (no domain columns) over the statement's
    /// own dims (range columns) and the problem's symbols; it may have
    /// locals (divisions, existentials).
    pub domain: IntegerRelation,
    /// The schedule: `k` rows, each with one integer coefficient per
    /// iteration dim, then per symbol, then the constant. Row `r` gives
    /// time coordinate `t_r = row · (i, p, 1)`.
    pub schedule: Vec<Vec<i64>>,
    /// Time dims (a range `from..to`) at which this statement's loops are
    /// separated into pieces that each run a fixed set of statements
    /// (isl's `separate` on a band), when every statement sharing the loop
    /// asks for it: full and partial tiles ([`super::split_full_tiles`])
    /// get loops of their own.
    pub separate: Option<std::ops::Range<usize>>,
    /// The code this statement runs, when several statements are pieces
    /// of one (a union domain split into disjoint polyhedra): guards whose
    /// bodies differ only in pieces of the same code may be merged.
    /// `None`: a code of its own.
    pub code: Option<usize>,
}

impl ScanStatement {
    /// A statement from its domain and schedule rows.
    pub fn new(domain: IntegerRelation, schedule: Vec<Vec<i64>>) -> ScanStatement {
        ScanStatement {
            domain,
            schedule,
            separate: None,
            code: None,
        }
    }

    /// The same statement separated at the time dims `dims`.
    pub fn with_separation(mut self, dims: std::ops::Range<usize>) -> ScanStatement {
        self.separate = Some(dims);
        self
    }

    /// The same statement marked as running code `code` (see
    /// [`ScanStatement::code`]).
    pub fn with_code(mut self, code: usize) -> ScanStatement {
        self.code = Some(code);
        self
    }

    /// A statement scheduled by the identity (`t = i`).
    pub fn identity(domain: IntegerRelation) -> ScanStatement {
        let n = domain.space().count(VarKind::Range);
        let cols = domain.space().num_non_locals() + 1;
        let schedule = (0..n)
            .map(|r| {
                let mut row = vec![0; cols];
                row[r] = 1;
                row
            })
            .collect();
        ScanStatement::new(domain, schedule)
    }

    /// The number of iteration dims.
    pub fn num_dims(&self) -> usize {
        self.domain.space().count(VarKind::Range)
    }
}

/// A scanning problem: statements over shared symbols, an optional context
/// on the symbols.
///
/// ```
/// use tessera_polyhedral::scan::{generate, ScanProblem, ScanStatement};
/// use tessera_polyhedral::IntegerRelation;
/// // for i in 0..=s0: S0(i)
/// let mut d = IntegerRelation::new_set(1, 1);
/// d.add_inequality(&[1, 0, 0])?;
/// d.add_inequality(&[-1, 1, 0])?;
/// let p = ScanProblem::new(1, vec![ScanStatement::identity(d)]);
/// let ast = generate(&p)?;
/// assert_eq!(ast.to_string(), "for d0 = 0 to s0 {\n  S0(d0)\n}\n");
/// # Ok::<(), tessera_polyhedral::scan::ScanError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ScanProblem {
    /// The number of symbols shared by all statements.
    pub num_symbols: usize,
    /// Constraints on the symbols only: a set with 0 dims and
    /// `num_symbols` symbols. `None` is the universe. As in CLooG and isl
    /// the context is an assumption: the generated code does not test it
    /// and is only meaningful for symbol values inside it.
    pub context: Option<IntegerRelation>,
    /// The statements, in the order that breaks ties between equal time
    /// vectors.
    pub statements: Vec<ScanStatement>,
    /// Whether the innermost loop of statements sharing it is separated
    /// into pieces that each run a fixed set of statements, so that no
    /// guard is left inside it (isl's `separate` at the innermost level;
    /// bounded by [`super::separate::MAX_PIECES`], beyond which the loop
    /// stays atomic).
    pub separate_innermost: bool,
}

impl ScanProblem {
    /// A problem without context.
    pub fn new(num_symbols: usize, statements: Vec<ScanStatement>) -> ScanProblem {
        ScanProblem {
            num_symbols,
            context: None,
            statements,
            separate_innermost: false,
        }
    }

    /// The same problem with [`ScanProblem::separate_innermost`] on.
    pub fn with_innermost_separation(mut self) -> ScanProblem {
        self.separate_innermost = true;
        self
    }

    /// The same problem with a context on the symbols.
    pub fn with_context(mut self, context: IntegerRelation) -> ScanProblem {
        self.context = Some(context);
        self
    }
}

/// The problem in the extended time space.
pub(crate) struct Scattered {
    pub(crate) space: TimeSpace,
    /// `k`.
    pub(crate) num_schedule_dims: usize,
    /// The context over the time space (constraints on symbols only).
    pub(crate) context: IntegerRelation,
    /// Per statement: its number of iteration dims and its scattered
    /// domain (context included), inner dims expressed by outer ones where
    /// a unit equality allows.
    pub(crate) statements: Vec<(usize, IntegerRelation)>,
}

fn invalid(msg: String) -> ScanError {
    ScanError::Invalid(msg)
}

/// Validates the problem and builds the scattered domains.
pub(crate) fn scatter(problem: &ScanProblem) -> Result<Scattered, ScanError> {
    let p = problem.num_symbols;
    let k = problem.statements.first().map_or(0, |s| s.schedule.len());
    let m = problem
        .statements
        .iter()
        .map(ScanStatement::num_dims)
        .max()
        .unwrap_or(0);
    let num_dims = k + 1 + m;
    let space = TimeSpace {
        num_dims,
        num_symbols: p,
    };
    let mut context = IntegerRelation::new_set(num_dims, p);
    if let Some(c) = &problem.context {
        let sp = c.space();
        if sp.count(VarKind::Domain) != 0
            || sp.count(VarKind::Range) != 0
            || sp.count(VarKind::Symbol) != p
        {
            return Err(invalid(format!(
                "the context must be a set over 0 dims and {p} symbols, found {sp}"
            )));
        }
        let mut c = c.clone();
        c.insert_vars(VarKind::Range, 0, num_dims)?;
        context = c;
    }
    let mut statements = Vec::new();
    for (s, st) in problem.statements.iter().enumerate() {
        let sp = st.domain.space();
        let n = st.num_dims();
        if sp.count(VarKind::Domain) != 0 || sp.count(VarKind::Symbol) != p {
            return Err(invalid(format!(
                "statement {s}: the domain must be a set over {p} symbols, found {sp}"
            )));
        }
        if st.schedule.len() != k {
            return Err(invalid(format!(
                "statement {s} has {} schedule rows, statement 0 has {k}",
                st.schedule.len()
            )));
        }
        if let Some(row) = st.schedule.iter().find(|r| r.len() != n + p + 1) {
            return Err(invalid(format!(
                "statement {s}: schedule row of {} entries, expected {}",
                row.len(),
                n + p + 1
            )));
        }
        // Domain dims become u_0 .. u_{n-1} = dims k+1 .. k+n.
        let mut rel = st.domain.clone();
        rel.insert_vars(VarKind::Range, 0, k + 1)?;
        rel.insert_vars(VarKind::Range, k + 1 + n, m - n)?;
        let width = rel.num_cols();
        let sym = num_dims;
        for (r, row) in st.schedule.iter().enumerate() {
            // t_r - Σ S·u - Σ s·p - c = 0
            let mut eq = vec![Int::ZERO; width];
            eq[r] = Int::ONE;
            for j in 0..n {
                eq[k + 1 + j] = Int::from(-row[j]);
            }
            for l in 0..p {
                eq[sym + l] = Int::from(-row[n + l]);
            }
            eq[width - 1] = Int::from(-row[n + p]);
            rel.add_equality_int(eq)?;
        }
        let mut eq = vec![Int::ZERO; width];
        eq[k] = Int::ONE;
        eq[width - 1] = Int::from(-(s as i64));
        rel.add_equality_int(eq)?;
        for j in n..m {
            let mut eq = vec![Int::ZERO; width];
            eq[k + 1 + j] = Int::ONE;
            rel.add_equality_int(eq)?;
        }
        let mut rel = rel.intersect(&context)?;
        eliminate_inner_dims(&mut rel, num_dims);
        statements.push((n, rel));
    }
    Ok(Scattered {
        space,
        num_schedule_dims: k,
        context,
        statements,
    })
}

/// Rewrites the rows of `rel` so that a dim defined by an equality with a
/// unit coefficient on its innermost dim (and no locals) no longer occurs
/// in the other rows: `u_0 = t_0` turns the domain's rows on `u_0` into
/// rows on `t_0`, so that guards come out over outer dims and can be
/// hoisted. The integer points are unchanged.
fn eliminate_inner_dims(rel: &mut IntegerRelation, num_dims: usize) {
    let locals = rel.space().offset(VarKind::Local)..rel.num_vars();
    for c in (0..num_dims).rev() {
        let Some(e) = rel.eqs.iter().position(|eq| {
            eq[c].is_unit()
                && (c + 1..num_dims).all(|j| eq[j].is_zero())
                && locals.clone().all(|l| eq[l].is_zero())
        }) else {
            continue;
        };
        let pivot = rel.eqs[e].clone();
        let rows = rel
            .eqs
            .iter_mut()
            .enumerate()
            .filter(|&(i, _)| i != e)
            .map(|(_, r)| r);
        for row in rows.chain(rel.ineqs.iter_mut()) {
            if row[c].is_zero() {
                continue;
            }
            // row -= (row[c] / pivot[c]) · pivot, pivot[c] = ±1.
            let f = &row[c] * &pivot[c];
            for (v, q) in row.iter_mut().zip(&pivot) {
                *v = &*v - &(&f * q);
            }
        }
    }
}
