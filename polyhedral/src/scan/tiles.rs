//! Full/partial tile separation: the tiles of a band that lie entirely
//! inside a statement's domain, so that they can be scanned by loops with
//! the tile's own bounds (no `max`/`min` with the domain's, no guard), as
//! isl's `separate` and PLUTO's full-tile code do.
//!
//! A tile of sizes `s` at tile coordinates `q` is the box
//! `s_k·q_k ≤ y_k ≤ s_k·q_k + s_k − 1` of the band's hyperplanes
//! `y = M·i + P·p + c`. When `M` is square and invertible, each domain
//! constraint `a·i + b·p + e ≥ 0` reads `w·y + … ≥ 0` with `w = a·M⁻¹`,
//! and it holds on the whole (rational) box iff it holds at the box's
//! vertex that minimises `w·y` — an affine condition on `q` and the
//! symbols. Together they are a sufficient condition for a full tile; the
//! split is a partition of the domain whatever they are, so it never
//! changes which instances run.

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::space::VarKind;

/// One tile dimension of a statement's schedule: the domain's range dim
/// `dim` is `q = floor(h · (i, p, 1) / size)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileDim {
    /// The range dim of the domain holding `q`.
    pub dim: usize,
    /// The hyperplane `h`: one coefficient per iteration dim (the first
    /// range dims of the domain), per symbol, then the constant.
    pub hyperplane: Vec<i64>,
    /// The tile size (positive).
    pub size: i64,
}

/// The full tiles and the partial ones of `domain` (a set whose range dims
/// are the `num_iter` iteration dims, then others, among them the tiles'
/// `q` dims): `(full, partial)` where `full` is the domain restricted to
/// tiles inside it and the pieces of `partial` are the rest, pairwise
/// disjoint. `None` when the split does not apply: the band does not
/// cover every iteration dim with independent hyperplanes, the domain has
/// equalities or existential constraints on the iteration dims, numbers
/// overflow, or no tile is full.
///
/// ```
/// use tessera_polyhedral::scan::{split_full_tiles, TileDim};
/// use tessera_polyhedral::IntegerRelation;
/// // 0 <= i <= 99 (dim 0) tiled by 32 (q in dim 1): tiles 0..=2 are full.
/// let mut d = IntegerRelation::new_set(2, 0);
/// d.add_inequality(&[1, 0, 0])?;
/// d.add_inequality(&[-1, 0, 99])?;
/// d.add_inequality(&[1, -32, 0])?;
/// d.add_inequality(&[-1, 32, 31])?;
/// let tile = TileDim { dim: 1, hyperplane: vec![1, 0], size: 32 };
/// let (full, partial) = split_full_tiles(&d, 1, &[tile])?.expect("a split");
/// assert!(full.contains(&[95, 2])? && !full.contains(&[96, 3])?);
/// assert!(partial.iter().any(|p| p.contains(&[96, 3]).unwrap()));
/// # Ok::<(), tessera_polyhedral::PolyError>(())
/// ```
pub fn split_full_tiles(
    domain: &IntegerRelation,
    num_iter: usize,
    tiles: &[TileDim],
) -> Result<Option<(IntegerRelation, Vec<IntegerRelation>)>, PolyError> {
    let Some(conditions) = full_tile_conditions(domain, num_iter, tiles) else {
        return Ok(None);
    };
    let mut full = domain.clone();
    for row in &conditions {
        full.add_inequality_int(row.clone())?;
    }
    if full.is_integer_empty() {
        return Ok(None);
    }
    // Piece j: the first j conditions hold, the next one fails.
    let mut partial = Vec::new();
    let mut prefix = domain.clone();
    for row in &conditions {
        let mut piece = prefix.clone();
        let mut negated: Vec<Int> = row.iter().map(|v| -v).collect();
        let last = negated.len() - 1;
        negated[last] = &negated[last] - &Int::ONE;
        piece.add_inequality_int(negated)?;
        if !piece.is_integer_empty() {
            partial.push(piece);
        }
        prefix.add_inequality_int(row.clone())?;
    }
    Ok(Some((full, partial)))
}

/// The rows (over `domain`'s columns) of the full-tile conditions, or
/// `None` when they cannot be formed.
fn full_tile_conditions(
    domain: &IntegerRelation,
    num_iter: usize,
    tiles: &[TileDim],
) -> Option<Vec<Vec<Int>>> {
    let space = domain.space();
    let (nr, ns, nl) = (
        space.count(VarKind::Range),
        space.count(VarKind::Symbol),
        space.count(VarKind::Local),
    );
    let (range0, sym0) = (space.offset(VarKind::Range), space.offset(VarKind::Symbol));
    let width = domain.num_cols();
    let n = num_iter;
    if n == 0 || tiles.len() != n || space.count(VarKind::Domain) != 0 || nr < n {
        return None;
    }
    if tiles
        .iter()
        .any(|t| t.size <= 0 || t.dim < n || t.dim >= nr || t.hyperplane.len() != n + ns + 1)
    {
        return None;
    }
    let m: Vec<Vec<i128>> = tiles
        .iter()
        .map(|t| t.hyperplane[..n].iter().map(|&a| a as i128).collect())
        .collect();
    let (det, adj) = adjugate(&m)?;
    if det == 0 {
        return None;
    }
    let on_iter = |row: &[Int]| (0..n).any(|j| !row[range0 + j].is_zero());
    if domain.equalities().iter().any(|r| on_iter(r)) {
        return None;
    }
    let mut out = Vec::new();
    for row in domain.inequalities() {
        // Rows on the tile dims are the tiles' own definitions.
        if tiles.iter().any(|t| !row[range0 + t.dim].is_zero()) || !on_iter(row) {
            continue;
        }
        let local0 = width - 1 - nl;
        if row[local0..width - 1].iter().any(|v| !v.is_zero())
            || (n..nr).any(|j| !row[range0 + j].is_zero())
        {
            return None;
        }
        let a: Vec<i128> = (0..n)
            .map(|j| row[range0 + j].to_i64().map(i128::from))
            .collect::<Option<_>>()?;
        // w' = sign(det) · a · adj(M), so that w = w' / |det|.
        let sign = det.signum();
        let w: Vec<i128> = (0..n)
            .map(|k| {
                (0..n).try_fold(0i128, |acc, j| {
                    acc.checked_add(a[j].checked_mul(adj[j][k])?.checked_mul(sign)?)
                })
            })
            .collect::<Option<_>>()?;
        let scale = det.abs();
        // |det| · (a·i + b·p + e) = w'·y − w'·(P·p + c) + |det|·(b·p + e),
        // minimised over the box at y_k = s_k·q_k (+ s_k − 1 where w'_k < 0).
        let mut cond = vec![0i128; width];
        for j in 0..ns {
            let b = row[sym0 + j].to_i64()? as i128;
            let mut v = scale.checked_mul(b)?;
            for (k, t) in tiles.iter().enumerate() {
                v = v.checked_sub(w[k].checked_mul(t.hyperplane[n + j] as i128)?)?;
            }
            cond[sym0 + j] = v;
        }
        let e = row[width - 1].to_i64()? as i128;
        let mut constant = scale.checked_mul(e)?;
        for (k, t) in tiles.iter().enumerate() {
            let s = t.size as i128;
            cond[range0 + t.dim] = cond[range0 + t.dim].checked_add(w[k].checked_mul(s)?)?;
            constant = constant.checked_sub(w[k].checked_mul(t.hyperplane[n + ns] as i128)?)?;
            if w[k] < 0 {
                constant = constant.checked_add(w[k].checked_mul(s - 1)?)?;
            }
        }
        cond[width - 1] = constant;
        let row: Vec<Int> = cond
            .iter()
            .map(|&v| i64::try_from(v).ok().map(Int::from))
            .collect::<Option<_>>()?;
        out.push(row);
    }
    Some(out)
}

/// The determinant and the adjugate of a square integer matrix (checked
/// arithmetic; `None` on overflow).
fn adjugate(m: &[Vec<i128>]) -> Option<(i128, Vec<Vec<i128>>)> {
    let n = m.len();
    let det = determinant(m)?;
    if n == 1 {
        return Some((det, vec![vec![1]]));
    }
    let mut adj = vec![vec![0i128; n]; n];
    for (r, adj_row) in adj.iter_mut().enumerate() {
        for (c, entry) in adj_row.iter_mut().enumerate() {
            // adj[r][c] = (−1)^(r+c) · minor(c, r).
            let minor: Vec<Vec<i128>> = m
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != c)
                .map(|(_, row)| {
                    row.iter()
                        .enumerate()
                        .filter(|&(j, _)| j != r)
                        .map(|(_, &v)| v)
                        .collect()
                })
                .collect();
            let d = determinant(&minor)?;
            *entry = if (r + c) % 2 == 0 {
                d
            } else {
                d.checked_neg()?
            };
        }
    }
    Some((det, adj))
}

/// The determinant by Bareiss' fraction-free elimination.
fn determinant(m: &[Vec<i128>]) -> Option<i128> {
    let n = m.len();
    if n == 0 {
        return Some(1);
    }
    let mut a: Vec<Vec<i128>> = m.to_vec();
    let mut sign = 1i128;
    let mut prev = 1i128;
    for k in 0..n - 1 {
        if a[k][k] == 0 {
            let Some(p) = (k + 1..n).find(|&i| a[i][k] != 0) else {
                return Some(0);
            };
            a.swap(k, p);
            sign = -sign;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let v = a[i][j]
                    .checked_mul(a[k][k])?
                    .checked_sub(a[i][k].checked_mul(a[k][j])?)?;
                a[i][j] = v / prev;
            }
        }
        prev = a[k][k];
    }
    a[n - 1][n - 1].checked_mul(sign)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn determinants_and_adjugates() {
        let m = vec![vec![2, 1], vec![1, 1]];
        let (det, adj) = adjugate(&m).expect("small");
        assert_eq!(det, 1);
        assert_eq!(adj, vec![vec![1, -1], vec![-1, 2]]);
        let m3 = vec![vec![1, 0, 0], vec![2, 1, 0], vec![2, 0, 1]];
        assert_eq!(determinant(&m3), Some(1));
        assert_eq!(determinant(&[vec![0, 1], vec![1, 0]]), Some(-1));
        assert_eq!(determinant(&[vec![1, 2], vec![2, 4]]), Some(0));
    }
}
