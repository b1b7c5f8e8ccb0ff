//! Parametric integer programming: the lexicographic minimum of a
//! polyhedron's dims as a piecewise quasi-affine function of its symbols,
//! by Feautrier's parametric dual simplex (PIP), as MLIR's
//! `SymbolicLexSimplex` and isl's `isl_tab_pip` compute it.
//!
//! **Tableau.** Every unknown is non-negative: each dim or local `x` is
//! replaced by `x' = M + x` for a symbolic, arbitrarily large `M` (the
//! "big M" method), and each constraint is an unknown of its own. A row
//! holds a basic unknown as `(c + m·M + Σ a_i·s_i + Σ b_j·y_j) / d` over the
//! symbols `s` and the non-basic unknowns `y` (the columns, at zero in the
//! sample). The sample is feasible where every row's `c + m·M + a·s` is
//! non-negative on the **context**, the integer set of symbol values the
//! current branch covers.
//!
//! **Search.** A row whose value is negative on the whole context is
//! pivoted into a column, by the lexicographic dual simplex rule (the
//! column that changes the sample least, lexicographically, keeps the
//! sample the lexicographic minimum). A row whose sign depends on the
//! symbols splits the context into `c + a·s ≥ 0` and `c + a·s ≤ −1`, and
//! each half is searched on its own. When every row is non-negative, a dim
//! or local with a non-integral value gets a Gomory cut; where the value's
//! symbolic part is fractional the cut needs `⌊(e(s)) / d⌋`, which becomes
//! a new division of the symbols (a column of the context). A dim left in
//! a column, or whose `M` coefficient is below one, has no minimum there.
//!
//! The answer's pieces are disjoint; together with the unbounded parts
//! they cover the symbol values where the polyhedron has a point.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::simplex::{LpResult, Simplex};
use crate::space::{Space, VarKind};

/// The most pivots, cuts and splits one symbolic extremum may make.
pub(crate) const MAX_STEPS: u64 = 200_000;

/// The widest coefficient a tableau may hold: past it (cuts on huge
/// coefficients can double their size at each step) the extremum is
/// undecided, and the caller answers as without it.
const MAX_COEFFICIENT_BITS: u64 = 4096;

/// The most steps of the search for a point of a context.
const CONTEXT_STEPS: u64 = 2_000;

/// A division of the context: `⌊dividend / divisor⌋`, the dividend over
/// the context's columns (symbols, divisions, constant).
#[derive(Clone, Debug)]
pub(crate) struct Division {
    pub(crate) dividend: Vec<Int>,
    pub(crate) divisor: Int,
}

/// An integer set of symbol values: constraints over the symbols and
/// divisions of them (rows `[symbols.., divisions.., constant]`).
#[derive(Clone, Debug)]
pub(crate) struct Context {
    pub(crate) symbols: usize,
    pub(crate) divisions: Vec<Division>,
    pub(crate) eqs: Vec<Vec<Int>>,
    pub(crate) ineqs: Vec<Vec<Int>>,
}

impl Context {
    /// All symbol values.
    pub(crate) fn universe(symbols: usize) -> Context {
        Context {
            symbols,
            divisions: Vec::new(),
            eqs: Vec::new(),
            ineqs: Vec::new(),
        }
    }

    /// The number of columns of a row (constant included).
    pub(crate) fn width(&self) -> usize {
        self.symbols + self.divisions.len() + 1
    }

    /// The context as a relation: the divisions are locals with their
    /// two defining rows.
    pub(crate) fn relation(&self) -> Result<IntegerRelation, PolyError> {
        let space = Space::set(0, self.symbols).with_count(VarKind::Local, self.divisions.len());
        let mut r = IntegerRelation::new(space);
        let last = self.width() - 1;
        for (i, div) in self.divisions.iter().enumerate() {
            let q = self.symbols + i;
            // dividend − d·q ≥ 0 and d·q − dividend + d − 1 ≥ 0.
            let mut below = div.dividend.clone();
            below[q] = &below[q] - &div.divisor;
            let mut above: Vec<Int> = div.dividend.iter().map(|v| -v).collect();
            above[q] = &above[q] + &div.divisor;
            above[last] = &(&above[last] + &div.divisor) - &Int::ONE;
            r.add_inequality_int(below)?;
            r.add_inequality_int(above)?;
        }
        for row in &self.eqs {
            r.add_equality_int(row.clone())?;
        }
        for row in &self.ineqs {
            r.add_inequality_int(row.clone())?;
        }
        Ok(r)
    }

    /// Whether the context has no integer point (an undecided search is
    /// an error, never a guess).
    pub(crate) fn is_empty(&self) -> Result<bool, PolyError> {
        Ok(matches!(self.witness()?, Witness::Empty))
    }

    /// Whether the symbol values `point` lie in the context (its
    /// divisions computed from their definitions).
    fn contains(&self, point: &[Int]) -> bool {
        let mut values = point.to_vec();
        for div in &self.divisions {
            let q = evaluate(&div.dividend, &values).div_floor(&div.divisor);
            values.push(q);
        }
        self.eqs.iter().all(|r| evaluate(r, &values).is_zero())
            && self
                .ineqs
                .iter()
                .all(|r| !evaluate(r, &values).is_negative())
    }

    /// Whether the context has integer points, with one when it is found:
    /// the rational sample rounded (each symbol down or up) when that is
    /// a point; else the integer lexicographic minimum of the context by
    /// the dual simplex with Gomory cuts (this module's search with no
    /// symbols, as MLIR decides its domains), strong on thin polytopes
    /// and on divisions; else the Omega test.
    fn witness(&self) -> Result<Witness, PolyError> {
        let rel = self.relation()?;
        let Some(rational) = rel.rational_sample() else {
            return Ok(Witness::Empty);
        };
        let p = self.symbols;
        if p <= 4 {
            for corner in 0..1u32 << p {
                let point: Vec<Int> = (0..p)
                    .map(|j| {
                        if corner >> j & 1 == 0 {
                            rational[j].floor()
                        } else {
                            rational[j].ceil()
                        }
                    })
                    .collect();
                if self.contains(&point) {
                    return Ok(Witness::Point(point));
                }
            }
        }
        if !self.divisions.is_empty() || p > 0 {
            match integer_lexmin(&rel, CONTEXT_STEPS)? {
                Some(Lexmin::Empty) => return Ok(Witness::Empty),
                Some(Lexmin::Unbounded) => return Ok(Witness::NonEmpty),
                Some(Lexmin::Point(point)) => return Ok(Witness::Point(point[..p].to_vec())),
                None => {}
            }
        }
        Ok(match rel.find_integer_sample()? {
            Some(point) => Witness::Point(point[..p].to_vec()),
            None => Witness::Empty,
        })
    }

    /// The context with `row ≥ 0` added.
    pub(crate) fn with_inequality(&self, row: Vec<Int>) -> Context {
        let mut c = self.clone();
        c.ineqs.push(row);
        c
    }

    /// The column of the division `⌊dividend / divisor⌋` (its dividend
    /// over the current columns): an equal one's, or a new column where
    /// every row gets a zero.
    fn add_division(&mut self, mut dividend: Vec<Int>, divisor: Int) -> usize {
        let col = self.width() - 1;
        if let Some(i) = self
            .divisions
            .iter()
            .position(|d| d.divisor == divisor && d.dividend == dividend)
        {
            return self.symbols + i;
        }
        for row in self
            .eqs
            .iter_mut()
            .chain(self.ineqs.iter_mut())
            .chain(self.divisions.iter_mut().map(|d| &mut d.dividend))
        {
            row.insert(col, Int::ZERO);
        }
        dividend.insert(col, Int::ZERO);
        self.divisions.push(Division { dividend, divisor });
        col
    }

    /// `self` and `other` over the same symbols as one context: `other`'s
    /// divisions follow `self`'s (where `self` has no equal one), and the
    /// returned function moves a row over `other`'s columns to the joint
    /// ones. Rows of `self` only need zeros before their constant.
    pub(crate) fn joined(&self, other: &Context) -> (Context, impl Fn(&[Int]) -> Vec<Int>) {
        let mut joint = self.clone();
        let mut map: Vec<usize> = (0..self.symbols).collect();
        for d in &other.divisions {
            let dividend = remapped(&d.dividend, &map, joint.width());
            map.push(joint.add_division(dividend, d.divisor.clone()));
        }
        let width = joint.width();
        (joint, move |row: &[Int]| remapped(row, &map, width))
    }

    /// The parts of `self` outside `other` (disjoint, possibly empty):
    /// one per constraint of `other`, where the earlier ones hold and it
    /// fails. The parts are over the joint columns ([`Context::joined`]).
    pub(crate) fn minus(&self, other: &Context) -> Result<Vec<Context>, PolyError> {
        let (base, move_other) = self.joined(other);
        // The constraints of `other` as inequalities, each equality as the
        // pair of its sides.
        let mut cases: Vec<(Vec<Int>, Vec<Vec<Int>>)> = Vec::new();
        for row in &other.eqs {
            let r = move_other(row);
            let negated: Vec<Int> = r.iter().map(|v| -v).collect();
            cases.push((r.clone(), vec![below_zero(&r), below_zero(&negated)]));
        }
        for row in &other.ineqs {
            let r = move_other(row);
            cases.push((r.clone(), vec![below_zero(&r)]));
        }
        let mut parts = Vec::new();
        let mut holding = base;
        for (i, (row, fails)) in cases.iter().enumerate() {
            for fail in fails {
                let part = holding.with_inequality(fail.clone());
                if !part.is_empty()? {
                    parts.push(part);
                }
            }
            if i < other.eqs.len() {
                holding.eqs.push(row.clone());
            } else {
                holding.ineqs.push(row.clone());
            }
        }
        Ok(parts)
    }
}

/// A row moved to `width` columns, its column `j` to `map[j]` (zero
/// entries may lie beyond `map`).
fn remapped(row: &[Int], map: &[usize], width: usize) -> Vec<Int> {
    let mut r = vec![Int::ZERO; width];
    let last = row.len() - 1;
    for (j, v) in row[..last].iter().enumerate() {
        if !v.is_zero() {
            r[map[j]] = &r[map[j]] + v;
        }
    }
    r[width - 1] = row[last].clone();
    r
}

/// What is known of a context's integer points.
enum Witness {
    Empty,
    /// Non-empty, with no point at hand (its minimum is unbounded).
    NonEmpty,
    Point(Vec<Int>),
}

/// A row's value at `values` (one per column before the constant; zero
/// entries may lie beyond them).
fn evaluate(row: &[Int], values: &[Int]) -> Int {
    let last = row.len() - 1;
    let mut sum = row[last].clone();
    for (c, v) in row[..last].iter().zip(values) {
        if !c.is_zero() {
            sum += &(c * v);
        }
    }
    sum
}

/// `row ≤ −1` as an inequality: `−row − 1 ≥ 0`.
fn below_zero(row: &[Int]) -> Vec<Int> {
    let mut r: Vec<Int> = row.iter().map(|v| -v).collect();
    let last = r.len() - 1;
    r[last] = &r[last] - &Int::ONE;
    r
}

/// One piece of a parametric minimum: on `context`, the first dims are
/// `values` (rows over the context's columns) — all of them, or, when
/// `unbounded`, the prefix before the first dim with no minimum (the
/// lexicographic order of such a piece against a point is still known:
/// it is below every point with the same prefix).
#[derive(Clone, Debug)]
pub(crate) struct Piece {
    pub(crate) context: Context,
    pub(crate) values: Vec<Vec<Int>>,
    pub(crate) unbounded: bool,
}

/// The parametric lexicographic minimum of one polyhedron: disjoint
/// pieces covering the symbol values where it has a point.
#[derive(Clone, Debug, Default)]
pub(crate) struct Minimum {
    pub(crate) pieces: Vec<Piece>,
}

/// Where an unknown is: a row or a (non-symbol) column of the tableau.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pos {
    Row(usize),
    Col(usize),
}

/// Fixed columns of a tableau row: denominator, constant, `M`.
const DENOM: usize = 0;
const CONST: usize = 1;
const BIG_M: usize = 2;
const FIXED: usize = 3;

/// The parametric tableau (see the module documentation). Unknowns
/// `0..vars` are the dims and locals (`M + x`), the rest constraints.
#[derive(Clone, Debug)]
struct Tableau {
    /// Symbol columns (the context's symbols and divisions), after the
    /// fixed ones.
    symbols: usize,
    vars: usize,
    rows: Vec<Vec<Int>>,
    row_unknown: Vec<usize>,
    col_unknown: Vec<usize>,
    pos: Vec<Pos>,
}

impl Tableau {
    /// The tableau of `rel` (a set: dims, symbols, locals): all dims and
    /// locals in columns, one row per inequality (two per equality).
    fn new(rel: &IntegerRelation) -> Tableau {
        let space = rel.space();
        let (n, p) = (space.count(VarKind::Range), space.count(VarKind::Symbol));
        let l = space.count(VarKind::Local);
        let vars = n + l;
        let mut t = Tableau {
            symbols: p,
            vars,
            rows: Vec::new(),
            row_unknown: Vec::new(),
            col_unknown: (0..vars).collect(),
            pos: (0..vars).map(Pos::Col).collect(),
        };
        let var_cols: Vec<usize> = (0..n).chain(n + p..n + p + l).collect();
        let constraints = rel.eqs.iter().flat_map(|r| {
            let negated: Vec<Int> = r.iter().map(|v| -v).collect();
            [r.clone(), negated]
        });
        for row in constraints.chain(rel.ineqs.iter().cloned()) {
            // a·x + b·s + c with x = x' − M: c − (Σa)·M + b·s + a·x'.
            let mut r = vec![Int::ONE, row[row.len() - 1].clone(), Int::ZERO];
            let mut m = Int::ZERO;
            for &c in &var_cols {
                m -= &row[c];
            }
            r[BIG_M] = m;
            r.extend_from_slice(&row[n..n + p]);
            r.extend(var_cols.iter().map(|&c| row[c].clone()));
            t.pos.push(Pos::Row(t.rows.len()));
            t.row_unknown.push(t.pos.len() - 1);
            t.rows.push(r);
        }
        t
    }

    fn first_col(&self) -> usize {
        FIXED + self.symbols
    }

    fn width(&self) -> usize {
        FIXED + self.symbols + self.col_unknown.len()
    }

    /// The symbolic part of a row's sample, `a·s + c` (the numerator over
    /// the context's columns), divided by the gcd of its entries.
    fn sample_numerator(&self, row: usize) -> Vec<Int> {
        let r = &self.rows[row];
        let mut out: Vec<Int> = r[FIXED..FIXED + self.symbols].to_vec();
        out.push(r[CONST].clone());
        let g = out.iter().fold(Int::ZERO, |g, v| g.gcd(v));
        if !g.is_zero() && !g.is_one() {
            for v in &mut out {
                *v = v.div_floor(&g);
            }
        }
        out
    }

    /// Whether a row's symbolic sample is integral for every symbol value.
    fn integral(&self, row: usize) -> bool {
        let r = &self.rows[row];
        let d = &r[DENOM];
        r[CONST].is_multiple_of(d)
            && r[FIXED..FIXED + self.symbols]
                .iter()
                .all(|v| v.is_multiple_of(d))
    }

    /// Moves the unknown of a row whose sample is negative into a column
    /// by the lexicographic dual simplex rule; `false` when no column can
    /// raise it (the row cannot be non-negative: no point).
    /// The row work of one step on this tableau, in the units of
    /// [`crate::work`] (a cell op on small integers; wide ones count
    /// sixteen times per 64 bits), and the widest coefficient's bits.
    fn step_work(&self) -> (u64, u64) {
        let bits = self.rows.iter().flatten().map(Int::bits).max().unwrap_or(0);
        let width = if bits <= 32 {
            1
        } else {
            16 * bits.div_ceil(64)
        };
        let cells = (self.rows.len() * self.width()) as u64;
        (cells.saturating_mul(width), bits)
    }

    fn move_to_column(&mut self, row: usize) -> bool {
        let mut best: Option<usize> = None;
        for col in self.first_col()..self.width() {
            if !self.rows[row][col].is_positive() {
                continue;
            }
            best = Some(match best {
                None => col,
                Some(b) => self.lex_smaller_change(row, b, col),
            });
        }
        match best {
            Some(col) => {
                self.pivot(row, col);
                true
            }
            None => false,
        }
    }

    /// Of two pivot columns for `row`, the one whose pivot changes the
    /// dims' and locals' sample lexicographically less (the change of
    /// each, divided by the common positive factor `−sample`).
    fn lex_smaller_change(&self, row: usize, a: usize, b: usize) -> usize {
        // The change as a fraction (numerator, positive denominator).
        let change = |col: usize, u: usize| -> (Int, Int) {
            let pivot = self.rows[row][col].clone();
            match self.pos[u] {
                Pos::Col(c) if self.first_col() + c == col => (Int::ONE, pivot),
                Pos::Col(_) => (Int::ZERO, Int::ONE),
                Pos::Row(r) if r == row => (Int::ONE, Int::ONE),
                Pos::Row(r) => (self.rows[r][col].clone(), pivot),
            }
        };
        for u in 0..self.vars {
            let (na, da) = change(a, u);
            let (nb, db) = change(b, u);
            let (left, right) = (&na * &db, &nb * &da);
            if left < right {
                return a;
            }
            if left > right {
                return b;
            }
        }
        a
    }

    /// Exchanges the unknowns of a row and a column (MLIR's and isl's
    /// pivot on a tableau with one denominator per row).
    fn pivot(&mut self, row: usize, col: usize) {
        let c = col - self.first_col();
        let (ru, cu) = (self.row_unknown[row], self.col_unknown[c]);
        self.row_unknown[row] = cu;
        self.col_unknown[c] = ru;
        self.pos[cu] = Pos::Row(row);
        self.pos[ru] = Pos::Col(c);
        let width = self.width();
        {
            let p = &mut self.rows[row];
            p.swap(DENOM, col);
            if p[DENOM].is_negative() {
                p[DENOM] = -&p[DENOM];
                p[col] = -&p[col];
            } else {
                for (j, v) in p.iter_mut().enumerate().skip(1) {
                    if j != col {
                        *v = -&*v;
                    }
                }
            }
            normalize_row(p);
        }
        let p = self.rows[row].clone();
        for (i, r) in self.rows.iter_mut().enumerate() {
            if i == row || r[col].is_zero() {
                continue;
            }
            let factor = r[col].clone();
            r[DENOM] = &r[DENOM] * &p[DENOM];
            for j in 1..width {
                if j != col {
                    r[j] = &(&r[j] * &p[DENOM]) + &(&factor * &p[j]);
                }
            }
            r[col] = &factor * &p[col];
            normalize_row(r);
        }
    }

    /// Appends a symbol column (a new division of the context).
    fn add_symbol(&mut self) {
        let at = self.first_col();
        for r in &mut self.rows {
            r.insert(at, Int::ZERO);
        }
        self.symbols += 1;
    }

    /// Appends a constraint row and returns it.
    fn add_row(&mut self, row: Vec<Int>) -> usize {
        self.pos.push(Pos::Row(self.rows.len()));
        self.row_unknown.push(self.pos.len() - 1);
        self.rows.push(row);
        self.rows.len() - 1
    }

    /// A dim or local whose sample is not integral, by its row.
    fn fractional_var_row(&self) -> Option<usize> {
        (0..self.vars).find_map(|u| match self.pos[u] {
            Pos::Row(r) if !self.integral(r) => Some(r),
            _ => None,
        })
    }

    /// Adds the Gomory cut of a row whose sample is fractional (a new
    /// division of the symbols in `context` when the symbolic part is)
    /// and pivots it into a column; `false` when that leaves no point.
    ///
    /// For the row `(c + m·M + a·s + b·y) / d` to be integral, `b·y ≡ −c
    /// − a·s (mod d)`; with `q = ⌊((−c mod d) + Σ(−a_i mod d)·s_i) / d⌋`
    /// the cut is `(Σ(b_j mod d)·y_j − (−c mod d) − Σ(−a_i mod d)·s_i +
    /// d·q) / d ≥ 0` (`M` is taken to be a multiple of `d`).
    fn cut(&mut self, row: usize, context: &mut Context) -> bool {
        let d = self.rows[row][DENOM].clone();
        let syms = self.symbols;
        let symbolic_integral = self.rows[row][FIXED..FIXED + syms]
            .iter()
            .all(|v| v.is_multiple_of(&d));
        let neg_mod = |v: &Int| (-v).mod_floor(&d);
        let mut q = None;
        if !symbolic_integral {
            let mut dividend: Vec<Int> = self.rows[row][FIXED..FIXED + syms]
                .iter()
                .map(neg_mod)
                .collect();
            dividend.push(neg_mod(&self.rows[row][CONST]));
            let g = dividend.iter().fold(d.clone(), |g, v| g.gcd(v));
            let divisor = d.div_floor(&g);
            for v in &mut dividend {
                *v = v.div_floor(&g);
            }
            let col = context.add_division(dividend, divisor);
            if col == self.symbols {
                self.add_symbol();
            }
            q = Some(col);
        }
        let r = &self.rows[row];
        let mut cut = vec![d.clone(), -neg_mod(&r[CONST]), Int::ZERO];
        for j in 0..self.symbols {
            cut.push(match q {
                None => Int::ZERO,
                Some(q) if q == j => &d - &neg_mod(&r[FIXED + j]),
                Some(_) => -neg_mod(&r[FIXED + j]),
            });
        }
        cut.extend(r[self.first_col()..].iter().map(|v| v.mod_floor(&d)));
        normalize_row(&mut cut);
        let at = self.add_row(cut);
        self.move_to_column(at)
    }
}

/// Divides a row (denominator included) by the gcd of its entries.
fn normalize_row(row: &mut [Int]) {
    let g = row.iter().fold(Int::ZERO, |g, v| g.gcd(v));
    if g.is_zero() || g.is_one() {
        return;
    }
    for v in row.iter_mut() {
        *v = v.div_floor(&g);
    }
}

/// One branch of the search: a tableau valid on a context, and symbol
/// values that may lie in it (its parent's point).
struct Branch {
    tableau: Tableau,
    context: Context,
    point: Option<Vec<Int>>,
}

/// The parametric lexicographic minimum of the dims of `rel` (a set:
/// dims, symbols, locals) over its symbols; its locals are minimized
/// after the dims, and only the dims are reported.
pub(crate) fn lexmin(rel: &IntegerRelation, max_steps: u64) -> Result<Minimum, PolyError> {
    let space = rel.space();
    let dims = space.count(VarKind::Range);
    let mut out = Minimum::default();
    let mut stack = vec![Branch {
        tableau: Tableau::new(rel),
        context: Context::universe(space.count(VarKind::Symbol)),
        point: None,
    }];
    let mut steps = 0u64;
    let mut step = || {
        steps += 1;
        if steps > max_steps {
            Err(PolyError::Budget {
                what: "the parametric simplex",
                budget: max_steps,
            })
        } else {
            Ok(())
        }
    };
    'branches: while let Some(Branch {
        mut tableau,
        mut context,
        point,
    }) = stack.pop()
    {
        // Half of each split keeps its parent's point.
        let point = match point {
            Some(p) if context.contains(&p) => Some(p),
            _ => match context.witness()? {
                Witness::Point(p) => Some(p),
                Witness::NonEmpty => None,
                Witness::Empty => continue,
            },
        };
        loop {
            step()?;
            let (work, bits) = tableau.step_work();
            crate::work::charge(work, 0)?;
            if bits > MAX_COEFFICIENT_BITS {
                return Err(PolyError::Budget {
                    what: "the parametric simplex (coefficient size)",
                    budget: MAX_COEFFICIENT_BITS,
                });
            }
            let (negative, split) = classify(&tableau, &context)?;
            // Rows negative on the whole context must leave the basis.
            if let Some(row) = negative {
                if !tableau.move_to_column(row) {
                    continue 'branches;
                }
                continue;
            }
            // A row whose sign depends on the symbols splits the context.
            if let Some(row) = split {
                let numerator = tableau.sample_numerator(row);
                let mut negative = tableau.clone();
                if negative.move_to_column(row) {
                    stack.push(Branch {
                        tableau: negative,
                        context: context.with_inequality(below_zero(&numerator)),
                        point: point.clone(),
                    });
                }
                stack.push(Branch {
                    tableau,
                    context: context.with_inequality(numerator),
                    point,
                });
                continue 'branches;
            }
            match tableau.fractional_var_row() {
                Some(row) => {
                    if !tableau.cut(row, &mut context) {
                        continue 'branches;
                    }
                }
                None => break,
            }
        }
        record(&tableau, context, dims, &mut out);
    }
    Ok(out)
}

/// The integer lexicographic minimum of a relation over all its columns
/// (none is a symbol).
pub(crate) enum Lexmin {
    Empty,
    Unbounded,
    Point(Vec<Int>),
}

/// [`Lexmin`] of `rel` by the dual simplex with Gomory cuts: fast on
/// thin polytopes with large coefficients, where the Omega test's
/// splinters explode. `None` past `max_steps`.
pub(crate) fn integer_lexmin(
    rel: &IntegerRelation,
    max_steps: u64,
) -> Result<Option<Lexmin>, PolyError> {
    let mut all_dims = IntegerRelation::new(Space::set(rel.num_vars(), 0));
    all_dims.eqs.clone_from(&rel.eqs);
    all_dims.ineqs.clone_from(&rel.ineqs);
    let minimum = match lexmin(&all_dims, max_steps) {
        Ok(m) => m,
        Err(PolyError::Budget { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    // No symbols: one branch, so at most one piece.
    Ok(Some(match minimum.pieces.first() {
        None => Lexmin::Empty,
        Some(piece) if piece.unbounded => Lexmin::Unbounded,
        Some(piece) => Lexmin::Point(
            piece
                .values
                .iter()
                .map(|row| row[row.len() - 1].clone())
                .collect(),
        ),
    }))
}

/// The sign of a row's sample on a context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sign {
    NonNegative,
    Negative,
    Both,
}

/// A row whose sample is negative on the whole context (a negative `M`
/// coefficient, or a symbolic part below zero), else a row whose sign
/// depends on the symbols. The signs come from the rational relaxation
/// of the context, rounded as the sample is integral at its integer
/// points: sound, and a split it cannot rule out leaves a branch whose
/// context is integer empty, which the search drops.
fn classify(t: &Tableau, context: &Context) -> Result<(Option<usize>, Option<usize>), PolyError> {
    if let Some(row) = (0..t.rows.len()).find(|&r| t.rows[r][BIG_M].is_negative()) {
        return Ok((Some(row), None));
    }
    let mut lp = None;
    let mut split = None;
    for row in 0..t.rows.len() {
        if !t.rows[row][BIG_M].is_zero() {
            continue;
        }
        let numerator = t.sample_numerator(row);
        let sign = if numerator[..numerator.len() - 1].iter().all(Int::is_zero) {
            if numerator[numerator.len() - 1].is_negative() {
                Sign::Negative
            } else {
                Sign::NonNegative
            }
        } else {
            if lp.is_none() {
                lp = Some(Simplex::new(&context.relation()?));
            }
            match lp.as_mut().and_then(Option::as_mut) {
                Some(lp) => sign_on(lp, &numerator)?,
                // No rational point: no integer point, nothing is feasible.
                None => Sign::Negative,
            }
        };
        match sign {
            Sign::Negative => return Ok((Some(row), None)),
            Sign::Both if split.is_none() => split = Some(row),
            _ => {}
        }
    }
    Ok((None, split))
}

/// The sign of `numerator` (integral at integer points) on the rational
/// points of `lp`'s system: its minimum rounded up, its maximum down.
fn sign_on(lp: &mut Simplex, numerator: &[Int]) -> Result<Sign, PolyError> {
    match lp.minimize(numerator)? {
        LpResult::Optimal { value, .. } if !value.ceil().is_negative() => {
            return Ok(Sign::NonNegative)
        }
        LpResult::Infeasible => return Ok(Sign::Negative),
        _ => {}
    }
    let negated: Vec<Int> = numerator.iter().map(|v| -v).collect();
    Ok(match lp.minimize(&negated)? {
        LpResult::Optimal { value, .. } if value.ceil().is_positive() => Sign::Negative,
        LpResult::Infeasible => Sign::Negative,
        _ => Sign::Both,
    })
}

/// Records the consistent, integral tableau's sample on its context:
/// the dims' values up to the first that is in a column or below `M`'s
/// scale (it has no minimum there).
fn record(t: &Tableau, context: Context, dims: usize, out: &mut Minimum) {
    let mut values = Vec::with_capacity(dims);
    for u in 0..dims {
        let bounded_row = match t.pos[u] {
            Pos::Row(r) if t.rows[r][BIG_M] >= t.rows[r][DENOM] => Some(&t.rows[r]),
            _ => None,
        };
        let Some(row) = bounded_row else {
            out.pieces.push(Piece {
                context,
                values,
                unbounded: true,
            });
            return;
        };
        let d = &row[DENOM];
        let mut value: Vec<Int> = row[FIXED..FIXED + t.symbols]
            .iter()
            .map(|v| v.div_floor(d))
            .collect();
        value.push(row[CONST].div_floor(d));
        values.push(value);
    }
    out.pieces.push(Piece {
        context,
        values,
        unbounded: false,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lexicographic minimum by the dual simplex with cuts is the
    /// enumerated one, on random boxed systems of 2–3 dims (some with
    /// large coefficients, some with equalities, some empty).
    #[test]
    fn integer_lexmin_matches_enumeration() {
        let mut seed = 0x5eed_2026_u64;
        let mut next = |n: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % n as u64) as i64
        };
        let (mut points, mut empty) = (0, 0);
        for case in 0..400 {
            let dims = 2 + next(2) as usize;
            let scale = if case % 4 == 0 { 300 } else { 1 };
            let mut rel = IntegerRelation::new_set(dims, 0);
            for d in 0..dims {
                rel.add_bounds(d, Some(-4), Some(4)).unwrap();
            }
            for _ in 0..1 + next(3) {
                let mut row: Vec<i64> = (0..dims)
                    .map(|_| (next(7) - 3) * scale + next(3) - 1)
                    .collect();
                row.push(next(9 * scale) - 2 * scale);
                if next(5) == 0 {
                    rel.add_equality(&row).unwrap();
                } else {
                    rel.add_inequality(&row).unwrap();
                }
            }
            // The least point of the box in lexicographic order.
            let mut want = None;
            let total = 9i64.pow(dims as u32);
            for k in 0..total {
                let point: Vec<i64> = (0..dims)
                    .map(|d| (k / 9i64.pow((dims - 1 - d) as u32)) % 9 - 4)
                    .collect();
                if rel.contains(&point).unwrap() {
                    want = Some(point);
                    break;
                }
            }
            let got = integer_lexmin(&rel, 100_000)
                .unwrap()
                .expect("within budget");
            match (got, want) {
                (Lexmin::Empty, None) => empty += 1,
                (Lexmin::Point(p), Some(w)) => {
                    let p: Vec<i64> = p.iter().map(|v| v.to_i64().unwrap()).collect();
                    assert_eq!(p, w, "case {case}: {rel:?}");
                    points += 1;
                }
                (Lexmin::Unbounded, _) => panic!("case {case}: a boxed set is bounded"),
                (Lexmin::Empty, Some(w)) => panic!("case {case}: {w:?} in {rel:?}"),
                (Lexmin::Point(p), None) => panic!("case {case}: {p:?} not in {rel:?}"),
            }
        }
        assert!(points > 50 && empty > 50, "{points} points, {empty} empty");
    }
}
