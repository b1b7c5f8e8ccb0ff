//! PolyBench 4.2's medley kernel `floyd-warshall`, on `i32` as PolyBench
//! runs it (`DATA_TYPE_IS_INT`).

use super::emit::Val;
use super::expr::{int, ix, IExpr};
use super::Program;

/// `floyd-warshall`: `path[i][j] := min(path[i][j], path[i][k] +
/// path[k][j])` for every intermediate vertex `k`.
pub(super) fn floyd_warshall(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let path = p.output("path", &[n, n]);

    // path[i][j] = i*j%7+1, or 999 (no edge) when (i+j) is a multiple of
    // 13, 7 or 11.
    p.init.for_loop("i", 0, n, |m, i| {
        m.for_loop("j", 0, n, |m, j| {
            let (ie, je) = (IExpr::from(i), IExpr::from(j));
            let weight = m.eval(&int(&ie * &je % 7 + 1));
            let sum = m.int(&(&ie + &je));
            let zero = m.index(0);
            let mut no_edge: Option<Val> = None;
            for d in [13, 7, 11] {
                let rem = m.int(&(IExpr::from(&sum) % d));
                let hit = m.def(&format!("arith.cmpi eq, {rem}, {zero} : index"));
                no_edge = Some(match no_edge {
                    None => hit,
                    Some(prev) => m.def(&format!("arith.ori {prev}, {hit} : i1")),
                });
            }
            let far = m.constant(999.0);
            if let Some(cond) = no_edge {
                let v = m.def(&format!("arith.select {cond}, {far}, {weight} : i32"));
                m.store(&v, &path, &ix![i, j]);
            }
        });
    });

    p.kernel.for_loop("k", 0, n, |k, kk| {
        k.for_loop("i", 0, n, |k, i| {
            k.for_loop("j", 0, n, |k, j| {
                let through = path.at(ix![i, kk]) + path.at(ix![kk, j]);
                k.set(&path, ix![i, j], path.at(ix![i, j]).min(through));
            });
        });
    });
}
