//! Exact rank and null space of small integer matrices (the hyperplanes
//! found so far for one statement), over the rationals.

use tessera_polyhedral::{Int, Rat};

/// The reduced row echelon form of `rows` (each of length `n`) and its
/// pivot columns.
fn echelon(rows: &[Vec<i64>], n: usize) -> (Vec<Vec<Rat>>, Vec<usize>) {
    let mut m: Vec<Vec<Rat>> = rows
        .iter()
        .map(|r| r.iter().map(|&a| Rat::from(Int::from(a))).collect())
        .collect();
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..n {
        let Some(p) = (r..m.len()).find(|&i| !m[i][c].is_zero()) else {
            continue;
        };
        m.swap(r, p);
        let lead = m[r][c].clone();
        for x in m[r].iter_mut() {
            *x = &*x / &lead;
        }
        for i in 0..m.len() {
            if i != r && !m[i][c].is_zero() {
                let f = m[i][c].clone();
                let pivot_row = m[r].clone();
                for (x, y) in m[i].iter_mut().zip(&pivot_row) {
                    *x = &*x - &(&f * y);
                }
            }
        }
        pivots.push(c);
        r += 1;
        if r == m.len() {
            break;
        }
    }
    m.truncate(r);
    (m, pivots)
}

/// The rank of `rows` (vectors of length `n`).
pub fn rank(rows: &[Vec<i64>], n: usize) -> usize {
    echelon(rows, n).1.len()
}

/// An integer basis of the vectors orthogonal to every row of `rows`
/// (the null space), each scaled to coprime integers. `None` if an entry
/// does not fit in `i64`.
pub fn null_space(rows: &[Vec<i64>], n: usize) -> Option<Vec<Vec<i64>>> {
    let (m, pivots) = echelon(rows, n);
    let mut basis = Vec::new();
    for free in (0..n).filter(|c| !pivots.contains(c)) {
        // x_free = 1, other free columns 0, pivots from their rows.
        let mut v = vec![Rat::ZERO; n];
        v[free] = Rat::from(Int::ONE);
        for (row, &p) in m.iter().zip(&pivots) {
            v[p] = -&row[free];
        }
        let mut lcm = Int::ONE;
        for x in &v {
            let d = x.denom();
            lcm = (&lcm * d).div_floor(&lcm.gcd(d));
        }
        let ints: Vec<Int> = v
            .iter()
            .map(|x| (x.numer() * &lcm).div_floor(x.denom()))
            .collect();
        let g = ints.iter().fold(Int::ZERO, |g, a| g.gcd(a));
        let mut out = Vec::with_capacity(n);
        for a in &ints {
            out.push(a.div_floor(&g).to_i64()?);
        }
        basis.push(out);
    }
    Some(basis)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_space_is_orthogonal_and_complete() {
        let rows = vec![vec![1, 1, 0]];
        assert_eq!(rank(&rows, 3), 1);
        let basis = null_space(&rows, 3).unwrap();
        assert_eq!(basis.len(), 2);
        for v in &basis {
            assert_eq!(v[0] + v[1], 0);
        }
        assert_eq!(
            rank(&[rows[0].clone(), basis[0].clone(), basis[1].clone()], 3),
            3
        );
        assert_eq!(null_space(&[vec![2, 4], vec![1, 3]], 2).unwrap().len(), 0);
        assert_eq!(null_space(&[], 2).unwrap(), vec![vec![1, 0], vec![0, 1]]);
        assert_eq!(null_space(&[vec![2, 3]], 2).unwrap(), vec![vec![-3, 2]]);
    }
}
