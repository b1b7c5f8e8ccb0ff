//! Gauss–Jordan elimination over the rationals, shared by the vertex
//! solver, the cone inverses and the interpolation's systems.

use crate::int::Int;
use crate::rational::Rat;

/// Brings `m` to reduced row echelon form on its first `cols` columns
/// (the others ride along, e.g. a right-hand side) and returns the pivot
/// columns: row `i` has a one in column `pivots[i]` and zeros there in
/// every other row; the rows from `pivots.len()` on are zero in the first
/// `cols` columns.
pub(crate) fn reduce(m: &mut [Vec<Rat>], cols: usize) -> Vec<usize> {
    let mut pivots = Vec::new();
    let mut r = 0;
    for col in 0..cols {
        let Some(found) = (r..m.len()).find(|&i| !m[i][col].is_zero()) else {
            continue;
        };
        m.swap(r, found);
        let inv = &Rat::from(Int::ONE) / &m[r][col];
        m[r] = m[r].iter().map(|v| v * &inv).collect();
        let pivot_row = m[r].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != r && !row[col].is_zero() {
                let f = row[col].clone();
                for (x, y) in row.iter_mut().zip(&pivot_row) {
                    *x = &*x - &(&f * y);
                }
            }
        }
        pivots.push(col);
        r += 1;
    }
    pivots
}
