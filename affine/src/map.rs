//! Affine maps: `(d0, .., dn)[s0, .., sm] -> (e0, .., ek)`.

use std::fmt;

use crate::error::{AffineError, EvalError};
use crate::expr::AffineExpr;
use crate::print::write_dims_and_symbols;

/// A multi-result affine function of `num_dims` dims and `num_symbols`
/// symbols.
///
/// ```
/// use tessera_affine::{AffineExpr, AffineMap};
/// let m: AffineMap = "(d0, d1)[s0] -> (d0 + s0, d1 * 2)".parse().unwrap();
/// assert_eq!(m.evaluate(&[1, 2], &[10]).unwrap(), vec![11, 4]);
/// assert_eq!(m.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1 * 2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    num_dims: u32,
    num_symbols: u32,
    results: Vec<AffineExpr>,
}

impl AffineMap {
    /// A map with the given results. Fails if a result uses a dim or symbol
    /// beyond the declared counts.
    pub fn new(
        num_dims: u32,
        num_symbols: u32,
        results: Vec<AffineExpr>,
    ) -> Result<Self, AffineError> {
        if let Some(bad) = results
            .iter()
            .find(|e| e.dim_count() > num_dims || e.symbol_count() > num_symbols)
        {
            return Err(AffineError::Shape(format!(
                "result {bad} uses identifiers beyond {num_dims} dims and {num_symbols} symbols"
            )));
        }
        Ok(AffineMap {
            num_dims,
            num_symbols,
            results,
        })
    }

    /// `(d0, .., d{n-1}) -> (d0, .., d{n-1})`.
    pub fn identity(num_dims: u32) -> Self {
        AffineMap {
            num_dims,
            num_symbols: 0,
            results: (0..num_dims).map(AffineExpr::dim).collect(),
        }
    }

    /// The results of `affine.delinearize_index` of `s0` into the basis
    /// `s1, .., s{n}`, as MLIR 19 expands it: with `D_k` the product of
    /// the basis after `k` and `r_0 = s0`, result `k` is
    /// `r_k floordiv D_k` and `r_{k+1} = r_k mod D_k`; the last is
    /// `r_{n-1}`. Semi-affine when a basis element is not a constant.
    ///
    /// ```
    /// use tessera_affine::AffineMap;
    /// let m = AffineMap::delinearize(2).unwrap();
    /// assert_eq!(m.to_string(), "()[s0, s1, s2] -> (s0 floordiv s2, s0 mod s2)");
    /// ```
    pub fn delinearize(n: u32) -> Result<Self, AffineError> {
        let mut results = Vec::with_capacity(n as usize);
        let mut residual = AffineExpr::symbol(0);
        for k in 0..n.saturating_sub(1) {
            let mut divisor = AffineExpr::symbol(k + 2);
            for j in k + 3..=n {
                divisor = divisor.try_mul(&AffineExpr::symbol(j))?;
            }
            results.push(residual.try_floor_div(&divisor)?);
            residual = residual.try_modulo(&divisor)?;
        }
        results.push(residual);
        AffineMap::new(0, n + 1, results)
    }

    /// `() -> (c)`.
    pub fn constant(c: i64) -> Self {
        AffineMap {
            num_dims: 0,
            num_symbols: 0,
            results: vec![AffineExpr::constant(c)],
        }
    }

    /// `(d0, .., d{n-1}) -> (d{p0}, d{p1}, ..)`. Fails unless `permutation`
    /// is a permutation of `0..n`.
    pub fn permutation(permutation: &[u32]) -> Result<Self, AffineError> {
        let n = permutation.len() as u32;
        let mut seen = vec![false; permutation.len()];
        for &p in permutation {
            match seen.get_mut(p as usize) {
                Some(s) if !*s => *s = true,
                _ => {
                    return Err(AffineError::Shape(format!(
                        "{permutation:?} is not a permutation"
                    )))
                }
            }
        }
        Ok(AffineMap {
            num_dims: n,
            num_symbols: 0,
            results: permutation.iter().map(|&p| AffineExpr::dim(p)).collect(),
        })
    }

    /// Number of dims.
    pub fn num_dims(&self) -> u32 {
        self.num_dims
    }

    /// Number of symbols.
    pub fn num_symbols(&self) -> u32 {
        self.num_symbols
    }

    /// Number of inputs (dims then symbols).
    pub fn num_inputs(&self) -> u32 {
        self.num_dims + self.num_symbols
    }

    /// The result expressions.
    pub fn results(&self) -> &[AffineExpr] {
        &self.results
    }

    /// True when every result is a constant.
    pub fn is_constant(&self) -> bool {
        self.results.iter().all(|e| e.as_constant().is_some())
    }

    /// True for `(d0, .., dn) -> (d0, .., dn)` with no symbols.
    pub fn is_identity(&self) -> bool {
        self.num_symbols == 0
            && self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .zip(0..)
                .all(|(e, i)| *e == AffineExpr::dim(i))
    }

    /// True when the results are the dims in some order, each exactly once.
    pub fn is_permutation(&self) -> bool {
        self.permutation_positions().is_some()
    }

    fn permutation_positions(&self) -> Option<Vec<u32>> {
        if self.num_symbols != 0 || self.results.len() != self.num_dims as usize {
            return None;
        }
        let mut seen = vec![false; self.results.len()];
        let mut positions = Vec::with_capacity(self.results.len());
        for e in &self.results {
            let crate::ExprKind::Dim(p) = *e.kind() else {
                return None;
            };
            let slot = seen.get_mut(p as usize)?;
            if *slot {
                return None;
            }
            *slot = true;
            positions.push(p);
        }
        Some(positions)
    }

    /// The inverse of a permutation map, or `None` if this is not one.
    ///
    /// ```
    /// use tessera_affine::AffineMap;
    /// let m: AffineMap = "(d0, d1, d2) -> (d2, d0, d1)".parse().unwrap();
    /// let inv = m.inverse_permutation().unwrap();
    /// assert_eq!(inv.to_string(), "(d0, d1, d2) -> (d1, d2, d0)");
    /// assert!(m.compose(&inv).unwrap().is_identity());
    /// ```
    pub fn inverse_permutation(&self) -> Option<AffineMap> {
        let positions = self.permutation_positions()?;
        let mut inverse = vec![0u32; positions.len()];
        for (i, p) in positions.iter().enumerate() {
            inverse[*p as usize] = i as u32;
        }
        AffineMap::permutation(&inverse).ok()
    }

    /// `self ∘ other`: feeds `other`'s results into `self`'s dims. The
    /// result has `other`'s dims and the symbols of `self` followed by those
    /// of `other`, as MLIR's `AffineMap::compose`.
    ///
    /// ```
    /// use tessera_affine::AffineMap;
    /// let f: AffineMap = "(d0, d1) -> (d0 + d1)".parse().unwrap();
    /// let g: AffineMap = "(d0) -> (d0 * 2, d0 + 1)".parse().unwrap();
    /// assert_eq!(f.compose(&g).unwrap().to_string(), "(d0) -> (d0 * 3 + 1)");
    /// ```
    pub fn compose(&self, other: &AffineMap) -> Result<AffineMap, AffineError> {
        if self.num_dims as usize != other.results.len() {
            return Err(AffineError::Shape(format!(
                "cannot compose a map of {} dims with a map of {} results",
                self.num_dims,
                other.results.len()
            )));
        }
        let shifted: Vec<AffineExpr> = other
            .results
            .iter()
            .map(|e| e.shift_symbols(other.num_symbols, self.num_symbols, 0))
            .collect();
        let own_symbols: Vec<AffineExpr> = (0..self.num_symbols).map(AffineExpr::symbol).collect();
        let results = self
            .results
            .iter()
            .map(|e| e.replace_dims_and_symbols(&shifted, &own_symbols))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(AffineMap {
            num_dims: other.num_dims,
            num_symbols: self.num_symbols + other.num_symbols,
            results,
        }
        .simplify())
    }

    /// The map keeping only the results at `positions`, in that order.
    pub fn sub_map(&self, positions: &[usize]) -> Result<AffineMap, AffineError> {
        let results = positions
            .iter()
            .map(|&p| {
                self.results.get(p).cloned().ok_or_else(|| {
                    AffineError::Shape(format!(
                        "result {p} out of range for a map of {} results",
                        self.results.len()
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(AffineMap {
            num_dims: self.num_dims,
            num_symbols: self.num_symbols,
            results,
        })
    }

    /// The map without the results at `positions`.
    pub fn drop_results(&self, positions: &[usize]) -> AffineMap {
        let results = self
            .results
            .iter()
            .enumerate()
            .filter(|(i, _)| !positions.contains(i))
            .map(|(_, e)| e.clone())
            .collect();
        AffineMap {
            num_dims: self.num_dims,
            num_symbols: self.num_symbols,
            results,
        }
    }

    /// Substitutes expressions for the dims and symbols, producing a map of
    /// `new_num_dims` dims and `new_num_symbols` symbols (MLIR's
    /// `replaceDimsAndSymbols`). Use [`AffineExpr::shift_dims`] style
    /// replacements to renumber.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        new_num_dims: u32,
        new_num_symbols: u32,
    ) -> Result<AffineMap, AffineError> {
        let results = self
            .results
            .iter()
            .map(|e| e.replace_dims_and_symbols(dims, symbols))
            .collect::<Result<Vec<_>, _>>()?;
        AffineMap::new(new_num_dims, new_num_symbols, results)
    }

    /// Renumbers dims `d<offset>..` to `d<offset+shift>..`, adding `shift`
    /// dims.
    pub fn shift_dims(&self, shift: u32, offset: u32) -> AffineMap {
        AffineMap {
            num_dims: self.num_dims + shift,
            num_symbols: self.num_symbols,
            results: self
                .results
                .iter()
                .map(|e| e.shift_dims(self.num_dims, shift, offset))
                .collect(),
        }
    }

    /// Renumbers symbols `s<offset>..` to `s<offset+shift>..`, adding
    /// `shift` symbols.
    pub fn shift_symbols(&self, shift: u32, offset: u32) -> AffineMap {
        AffineMap {
            num_dims: self.num_dims,
            num_symbols: self.num_symbols + shift,
            results: self
                .results
                .iter()
                .map(|e| e.shift_symbols(self.num_symbols, shift, offset))
                .collect(),
        }
    }

    /// Evaluates every result at the given dim and symbol values.
    pub fn evaluate(&self, dims: &[i64], symbols: &[i64]) -> Result<Vec<i64>, EvalError> {
        if dims.len() < self.num_dims as usize {
            return Err(EvalError::MissingDim(dims.len() as u32));
        }
        if symbols.len() < self.num_symbols as usize {
            return Err(EvalError::MissingSymbol(symbols.len() as u32));
        }
        self.results
            .iter()
            .map(|e| e.evaluate(dims, symbols))
            .collect()
    }

    /// Every result in canonical form ([`AffineExpr::simplify`]), as MLIR's
    /// `simplifyAffineMap`.
    pub fn simplify(&self) -> AffineMap {
        AffineMap {
            num_dims: self.num_dims,
            num_symbols: self.num_symbols,
            results: self
                .results
                .iter()
                .map(|e| e.simplify(self.num_dims, self.num_symbols))
                .collect(),
        }
    }

    /// The map in its attribute form, `affine_map<...>`.
    pub fn wrapped(&self) -> Wrapped<'_, AffineMap> {
        Wrapped(self)
    }
}

impl fmt::Display for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_dims_and_symbols(f, self.num_dims, self.num_symbols)?;
        f.write_str(" -> (")?;
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str(")")
    }
}

/// Prints a map or set in its attribute form (`affine_map<...>`,
/// `affine_set<...>`).
pub struct Wrapped<'a, T>(pub(crate) &'a T);

impl fmt::Display for Wrapped<'_, AffineMap> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "affine_map<{}>", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_and_permutations() {
        assert!(AffineMap::identity(3).is_identity());
        assert!(AffineMap::identity(3).is_permutation());
        let p = AffineMap::permutation(&[1, 0]).unwrap();
        assert!(!p.is_identity() && p.is_permutation());
        assert!(AffineMap::permutation(&[0, 0]).is_err());
        assert!(AffineMap::constant(4).is_constant());
        assert_eq!(AffineMap::constant(4).to_string(), "() -> (4)");
    }

    #[test]
    fn compose_concatenates_symbols() {
        let f: AffineMap = "(d0)[s0] -> (d0 + s0)".parse().unwrap();
        let g: AffineMap = "(d0)[s0] -> (d0 * s0)".parse().unwrap();
        let h = f.compose(&g).unwrap();
        assert_eq!(h.to_string(), "(d0)[s0, s1] -> (d0 * s1 + s0)");
        assert_eq!(h.evaluate(&[3], &[5, 7]).unwrap(), vec![26]);
        assert!(f.compose(&AffineMap::identity(2)).is_err());
    }

    #[test]
    fn sub_map_and_drop_results() {
        let m: AffineMap = "(d0, d1) -> (d0, d1, d0 + d1)".parse().unwrap();
        assert_eq!(
            m.sub_map(&[2, 0]).unwrap().to_string(),
            "(d0, d1) -> (d0 + d1, d0)"
        );
        assert_eq!(
            m.drop_results(&[1]).to_string(),
            "(d0, d1) -> (d0, d0 + d1)"
        );
        assert!(m.sub_map(&[3]).is_err());
    }
}
