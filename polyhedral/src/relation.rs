//! [`IntegerRelation`]: a conjunction of affine equalities and inequalities
//! over typed integer columns.
//!
//! Every row has one entry per variable column followed by the constant:
//! an inequality row `[a_0, .., a_{n-1}, c]` means `Σ a_i·x_i + c ≥ 0`, an
//! equality row means `Σ a_i·x_i + c = 0`. Local columns are existentially
//! quantified: a point of the relation is an assignment of the non-local
//! columns for which *some* integer values of the locals satisfy all rows.

use crate::error::PolyError;
use crate::int::{dot, Int};
use crate::space::{Space, VarKind};
use std::fmt;

/// A conjunction of integer affine constraints over domain dims, range dims,
/// symbols and locals.
///
/// ```
/// use tessera_polyhedral::IntegerRelation;
/// // { (d0, d1) : 0 <= d0 <= d1, d1 <= 3 }
/// let mut p = IntegerRelation::new_set(2, 0);
/// p.add_inequality(&[1, 0, 0])?;
/// p.add_inequality(&[-1, 1, 0])?;
/// p.add_inequality(&[0, -1, 3])?;
/// assert!(p.contains(&[1, 2])?);
/// assert!(!p.contains(&[2, 1])?);
/// # Ok::<(), tessera_polyhedral::PolyError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct IntegerRelation {
    pub(crate) space: Space,
    pub(crate) eqs: Vec<Vec<Int>>,
    pub(crate) ineqs: Vec<Vec<Int>>,
}

/// A relation without domain dims: an integer set (polyhedron) whose dims
/// are the range columns.
pub type IntegerPolyhedron = IntegerRelation;

impl IntegerRelation {
    /// The universe relation over `space` (no constraints).
    pub fn new(space: Space) -> IntegerRelation {
        IntegerRelation {
            space,
            eqs: Vec::new(),
            ineqs: Vec::new(),
        }
    }

    /// The universe set with `num_dims` dims and `num_symbols` symbols.
    pub fn new_set(num_dims: usize, num_symbols: usize) -> IntegerRelation {
        IntegerRelation::new(Space::set(num_dims, num_symbols))
    }

    /// The empty relation over `space` (the single row `-1 >= 0`).
    pub fn empty(space: Space) -> IntegerRelation {
        let mut r = IntegerRelation::new(space);
        r.mark_empty();
        r
    }

    /// Replaces all constraints by the trivially false row `-1 >= 0`.
    pub(crate) fn mark_empty(&mut self) {
        self.eqs.clear();
        let mut row = vec![Int::ZERO; self.space.num_cols()];
        row[self.space.num_vars()] = Int::from(-1);
        self.ineqs = vec![row];
    }

    /// The column layout.
    pub fn space(&self) -> Space {
        self.space
    }

    /// Whether a row without variables does not hold (`1 == 0`,
    /// `-1 >= 0`): empty without any search.
    ///
    /// ```
    /// use tessera_polyhedral::IntegerRelation;
    /// let mut p = IntegerRelation::new_set(1, 0);
    /// p.add_inequality(&[0, -1])?;
    /// assert!(p.has_false_constant_row());
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn has_false_constant_row(&self) -> bool {
        fn constant(row: &[Int]) -> Option<&Int> {
            let (coeffs, c) = row.split_at(row.len() - 1);
            coeffs.iter().all(Int::is_zero).then(|| &c[0])
        }
        self.eqs
            .iter()
            .filter_map(|r| constant(r))
            .any(|c| !c.is_zero())
            || self
                .ineqs
                .iter()
                .filter_map(|r| constant(r))
                .any(Int::is_negative)
    }

    /// The number of variable columns.
    pub fn num_vars(&self) -> usize {
        self.space.num_vars()
    }

    /// The number of columns including the constant.
    pub fn num_cols(&self) -> usize {
        self.space.num_cols()
    }

    /// The equality rows (`row · (x, 1) = 0`).
    pub fn equalities(&self) -> &[Vec<Int>] {
        &self.eqs
    }

    /// The inequality rows (`row · (x, 1) >= 0`).
    pub fn inequalities(&self) -> &[Vec<Int>] {
        &self.ineqs
    }

    /// The number of constraint rows.
    pub fn num_constraints(&self) -> usize {
        self.eqs.len() + self.ineqs.len()
    }

    fn check_row(&self, len: usize) -> Result<(), PolyError> {
        if len != self.num_cols() {
            return Err(PolyError::RowLength {
                expected: self.num_cols(),
                found: len,
            });
        }
        Ok(())
    }

    fn check_col(&self, col: usize) -> Result<(), PolyError> {
        if col >= self.num_vars() {
            return Err(PolyError::ColumnOutOfRange {
                col,
                num_vars: self.num_vars(),
            });
        }
        Ok(())
    }

    /// Adds the equality `row · (x, 1) = 0`.
    pub fn add_equality(&mut self, row: &[i64]) -> Result<(), PolyError> {
        self.add_equality_int(row.iter().map(|&v| Int::from(v)).collect())
    }

    /// Adds the inequality `row · (x, 1) >= 0`.
    pub fn add_inequality(&mut self, row: &[i64]) -> Result<(), PolyError> {
        self.add_inequality_int(row.iter().map(|&v| Int::from(v)).collect())
    }

    /// Adds an equality with exact (possibly big) coefficients.
    pub fn add_equality_int(&mut self, row: Vec<Int>) -> Result<(), PolyError> {
        self.check_row(row.len())?;
        self.eqs.push(row);
        Ok(())
    }

    /// Adds an inequality with exact (possibly big) coefficients.
    pub fn add_inequality_int(&mut self, row: Vec<Int>) -> Result<(), PolyError> {
        self.check_row(row.len())?;
        self.ineqs.push(row);
        Ok(())
    }

    /// Adds `lower <= x_col <= upper` (either side optional).
    pub fn add_bounds(
        &mut self,
        col: usize,
        lower: Option<i64>,
        upper: Option<i64>,
    ) -> Result<(), PolyError> {
        self.check_col(col)?;
        let n = self.num_vars();
        if let Some(l) = lower {
            let mut row = vec![Int::ZERO; n + 1];
            row[col] = Int::ONE;
            row[n] = -Int::from(l);
            self.ineqs.push(row);
        }
        if let Some(u) = upper {
            let mut row = vec![Int::ZERO; n + 1];
            row[col] = Int::from(-1);
            row[n] = Int::from(u);
            self.ineqs.push(row);
        }
        Ok(())
    }

    /// The same rows with the first `num_domain` of the domain and range
    /// dims (together, in order) as the domain and the rest as the range:
    /// a set `(d0, d1, d2)` read as the relation `(d0) -> (d1, d2)`, or a
    /// relation read back as the set of its pairs (`num_domain` 0).
    ///
    /// ```
    /// use tessera_polyhedral::{IntegerRelation, Space, VarKind};
    /// let pairs = IntegerRelation::new_set(3, 1);
    /// let rel = pairs.with_domain(1)?;
    /// assert_eq!(rel.space(), Space::relation(1, 2, 1));
    /// assert_eq!(rel.with_domain(0)?.space(), Space::set(3, 1));
    /// # Ok::<(), tessera_polyhedral::PolyError>(())
    /// ```
    pub fn with_domain(mut self, num_domain: usize) -> Result<IntegerRelation, PolyError> {
        let dims = self.space.count(VarKind::Domain) + self.space.count(VarKind::Range);
        if num_domain > dims {
            return Err(PolyError::ColumnOutOfRange {
                col: num_domain,
                num_vars: dims,
            });
        }
        self.space = self
            .space
            .with_count(VarKind::Domain, num_domain)
            .with_count(VarKind::Range, dims - num_domain);
        Ok(self)
    }

    /// Inserts `count` zero columns of `kind` before the `pos`-th column of
    /// that kind and returns the absolute index of the first new column.
    pub fn insert_vars(
        &mut self,
        kind: VarKind,
        pos: usize,
        count: usize,
    ) -> Result<usize, PolyError> {
        let have = self.space.count(kind);
        if pos > have {
            return Err(PolyError::ColumnOutOfRange {
                col: pos,
                num_vars: have,
            });
        }
        let at = self.space.offset(kind) + pos;
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            row.splice(at..at, std::iter::repeat(Int::ZERO).take(count));
        }
        self.space = self.space.with_count(kind, have + count);
        Ok(at)
    }

    /// Appends `count` zero columns of `kind` and returns the absolute index
    /// of the first new column.
    pub fn append_vars(&mut self, kind: VarKind, count: usize) -> usize {
        let have = self.space.count(kind);
        let at = self.space.offset(kind) + have;
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            row.splice(at..at, std::iter::repeat(Int::ZERO).take(count));
        }
        self.space = self.space.with_count(kind, have + count);
        at
    }

    /// Removes the variable columns `cols` (absolute indices), dropping
    /// their coefficients. This is not projection: it is only meaningful
    /// when the columns no longer occur in any row (see
    /// [`IntegerRelation::project_out`] for elimination).
    pub fn remove_vars(&mut self, cols: &[usize]) -> Result<(), PolyError> {
        for &c in cols {
            self.check_col(c)?;
        }
        let mut sorted = cols.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let mut space = self.space;
        for &c in sorted.iter().rev() {
            if let Some(kind) = self.space.kind_of(c) {
                space = space.with_count(kind, space.count(kind) - 1);
            }
            for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
                row.remove(c);
            }
        }
        self.space = space;
        Ok(())
    }

    /// Swaps the coefficients of two variable columns (their kinds stay).
    pub fn swap_columns(&mut self, a: usize, b: usize) -> Result<(), PolyError> {
        self.check_col(a)?;
        self.check_col(b)?;
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            row.swap(a, b);
        }
        Ok(())
    }

    /// Moves the columns `cols` (absolute, non-local) to the end of the
    /// locals, turning them into existentially quantified variables. The
    /// integer point set of the result is exactly the projection of the
    /// original onto the remaining columns.
    pub fn convert_to_locals(&mut self, cols: &[usize]) -> Result<(), PolyError> {
        let n = self.num_vars();
        let mut sorted = cols.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        for &c in &sorted {
            self.check_col(c)?;
            if self.space.kind_of(c) == Some(VarKind::Local) {
                return Err(PolyError::ColumnOutOfRange {
                    col: c,
                    num_vars: self.space.num_non_locals(),
                });
            }
        }
        let mut order: Vec<usize> = (0..n).filter(|c| !sorted.contains(c)).collect();
        order.extend(&sorted);
        order.push(n);
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            *row = order.iter().map(|&c| row[c].clone()).collect();
        }
        let mut space = self.space;
        for &c in &sorted {
            if let Some(kind) = self.space.kind_of(c) {
                space = space.with_count(kind, space.count(kind) - 1);
            }
        }
        let locals = space.count(VarKind::Local) + sorted.len();
        self.space = space.with_count(VarKind::Local, locals);
        Ok(())
    }

    /// Appends the constraints of `other` (a compatible space); the locals
    /// of `other` become new locals after those of `self`.
    pub fn append(&mut self, other: &IntegerRelation) -> Result<(), PolyError> {
        if !self.space.is_compatible(&other.space) {
            return Err(PolyError::SpaceMismatch {
                left: self.space.to_string(),
                right: other.space.to_string(),
            });
        }
        let own_locals = self.space.count(VarKind::Local);
        let other_locals = other.space.count(VarKind::Local);
        let local_off = self.space.offset(VarKind::Local);
        self.append_vars(VarKind::Local, other_locals);
        let width = self.num_cols();
        let map_row = |row: &Vec<Int>| {
            let mut out = vec![Int::ZERO; width];
            out[..local_off].clone_from_slice(&row[..local_off]);
            let start = local_off + own_locals;
            out[start..start + other_locals]
                .clone_from_slice(&row[local_off..local_off + other_locals]);
            out[width - 1] = row[row.len() - 1].clone();
            out
        };
        self.eqs.extend(other.eqs.iter().map(map_row));
        self.ineqs.extend(other.ineqs.iter().map(map_row));
        Ok(())
    }

    /// The intersection of two relations over compatible spaces.
    pub fn intersect(&self, other: &IntegerRelation) -> Result<IntegerRelation, PolyError> {
        let mut r = self.clone();
        r.append(other)?;
        Ok(r)
    }

    /// Whether a full assignment of all variable columns (locals included)
    /// satisfies every row.
    pub fn satisfied_by(&self, point: &[Int]) -> Result<bool, PolyError> {
        let n = self.num_vars();
        if point.len() != n {
            return Err(PolyError::PointLength {
                expected: n,
                found: point.len(),
            });
        }
        let value = |row: &Vec<Int>| dot(&row[..n], point) + &row[n];
        Ok(self.eqs.iter().all(|r| value(r).is_zero())
            && self.ineqs.iter().all(|r| !value(r).is_negative()))
    }

    /// Whether the relation contains the integer point given by values of
    /// its non-local columns. With locals this asks for integer values of
    /// the locals, so it runs the exact integer solver.
    pub fn contains(&self, point: &[i64]) -> Result<bool, PolyError> {
        let non_locals = self.space.num_non_locals();
        if point.len() != non_locals {
            return Err(PolyError::PointLength {
                expected: non_locals,
                found: point.len(),
            });
        }
        let values: Vec<Int> = point.iter().map(|&v| Int::from(v)).collect();
        if self.space.count(VarKind::Local) == 0 {
            return self.satisfied_by(&values);
        }
        let fixed = self.fix_columns(&values);
        Ok(!fixed.integer_emptiness()?)
    }

    /// Substitutes the first `values.len()` columns by the given constants
    /// (the columns stay, with zero coefficients).
    pub(crate) fn fix_columns(&self, values: &[Int]) -> IntegerRelation {
        let n = self.num_vars();
        let mut r = self.clone();
        for row in r.eqs.iter_mut().chain(r.ineqs.iter_mut()) {
            let mut c = row[n].clone();
            for (k, v) in values.iter().enumerate() {
                if !row[k].is_zero() {
                    c += &(&row[k] * v);
                    row[k] = Int::ZERO;
                }
            }
            row[n] = c;
        }
        r
    }

    /// Writes one row as `2*d0 - d1 + 3`.
    pub(crate) fn format_row(&self, row: &[Int]) -> String {
        let n = self.num_vars();
        let mut out = String::new();
        for (k, a) in row[..n].iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            let name = self.space.column_name(k);
            let neg = a.is_negative();
            let mag = a.abs();
            if out.is_empty() {
                if neg {
                    out.push('-');
                }
            } else {
                out.push_str(if neg { " - " } else { " + " });
            }
            if mag.is_one() {
                out.push_str(&name);
            } else {
                out.push_str(&format!("{mag}*{name}"));
            }
        }
        let c = &row[n];
        if out.is_empty() {
            out = c.to_string();
        } else if !c.is_zero() {
            out.push_str(if c.is_negative() { " - " } else { " + " });
            out.push_str(&c.abs().to_string());
        }
        out
    }
}

impl fmt::Debug for IntegerRelation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "IntegerRelation({}) {{", self.space)?;
        for row in &self.eqs {
            writeln!(f, "  {} == 0", self.format_row(row))?;
        }
        for row in &self.ineqs {
            writeln!(f, "  {} >= 0", self.format_row(row))?;
        }
        write!(f, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_insert_remove_convert() {
        let mut p = IntegerRelation::new(Space::relation(1, 1, 1));
        p.add_inequality(&[1, -1, 2, 3]).unwrap();
        let at = p.insert_vars(VarKind::Range, 0, 1).unwrap();
        assert_eq!(at, 1);
        assert_eq!(p.inequalities()[0], crate::int::ints(&[1, 0, -1, 2, 3]));
        p.remove_vars(&[1]).unwrap();
        p.convert_to_locals(&[0]).unwrap();
        assert_eq!(p.space().count(VarKind::Local), 1);
        assert_eq!(p.inequalities()[0], crate::int::ints(&[-1, 2, 1, 3]));
        assert!(p.add_inequality(&[1]).is_err());
        let text = format!("{p:?}");
        assert!(text.contains("-d0 + 2*s0 + q0 + 3 >= 0"), "{text}");
    }

    #[test]
    fn intersect_keeps_both_locals() {
        let mut a = IntegerRelation::new_set(1, 0);
        a.append_vars(VarKind::Local, 1);
        a.add_equality(&[1, -2, 0]).unwrap();
        let mut b = IntegerRelation::new_set(1, 0);
        b.append_vars(VarKind::Local, 1);
        b.add_equality(&[1, -3, 0]).unwrap();
        let c = a.intersect(&b).unwrap();
        assert_eq!(c.space().count(VarKind::Local), 2);
        assert!(c.contains(&[6]).unwrap());
        assert!(!c.contains(&[4]).unwrap());
        let other = IntegerRelation::new_set(2, 0);
        assert!(a.intersect(&other).is_err());
    }
}
