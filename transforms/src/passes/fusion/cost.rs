//! The cost model: at which legal depth (if any) a fusion pays, modelled
//! on MLIR's `isFusionProfitable`.
//!
//! - **Compute.** The cost of a nest is its number of dynamic operation
//!   instances: per loop, the ops of its body (loops and conditionals
//!   aside, the terminator not counted) plus its inner loops' costs, times
//!   its constant trip count. The fused nest's cost adds, in the body of
//!   the loop at the fusion depth, the cost of the slice (the source's
//!   cost with each sliced loop's trip count replaced by the slice's
//!   constant width); when the slice is a single iteration, the loads of
//!   the produced memref under that loop are expected to be forwarded and
//!   are not counted. The redundant computation is
//!   `fused / (source + destination) − 1`, and a depth is acceptable only
//!   when it is below `fusion-compute-tolerance`.
//! - **Storage.** Among acceptable depths, the one whose slice writes the
//!   smallest region of the fused memrefs per iteration of the outer loops
//!   (the largest storage reduction: whole-source region / slice region,
//!   a constant bounding box computed exactly) wins, deeper first on ties.
//!   Unlike MLIR, several producer stores are handled by adding their
//!   regions rather than skipping the model.
//! - **Footprint.** The fusion is refused when the slice's region exceeds
//!   the source's whole memory footprint.
//!
//! Every quantity is an exact integer; the tolerance is an exact rational.
//! Loops without a constant trip count make the model answer "not
//! profitable" (as MLIR's); `fusion-maximal` skips it. MLIR 19 also skips
//! it for producers with several stores to the fused memrefs (an
//! initialise-then-accumulate reduction, say) and fuses them at the
//! deepest legal depth; tessera keeps that behaviour (so it fuses at least
//! what mlir-opt does) but first takes the model's choice when some depth
//! is acceptable.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use tessera_affine::AffineExpr;
use tessera_ir::{Module, OpId, Value};

use super::legality::{fused_model, Decision};
use super::model::FunctionModel;
use super::poly::{dim_exprs, remap, System};
use super::private_buffer::element_bytes;
use super::slice::NestPair;
use crate::dependence::AccessDesc;
use crate::loops::ForLoop;

/// An exact rational, the form of `fusion-compute-tolerance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tolerance {
    numerator: i64,
    denominator: i64,
}

impl Tolerance {
    /// `numerator / denominator`; `None` for a zero denominator.
    pub fn new(numerator: i64, denominator: i64) -> Option<Tolerance> {
        if denominator == 0 {
            return None;
        }
        let (n, d) = if denominator < 0 {
            (numerator.checked_neg()?, denominator.checked_neg()?)
        } else {
            (numerator, denominator)
        };
        Some(Tolerance {
            numerator: n,
            denominator: d,
        })
    }

    /// Whether `value_num / value_den < self` (`value_den > 0`).
    fn exceeds(&self, value_num: i128, value_den: i128) -> bool {
        value_num * i128::from(self.denominator) < i128::from(self.numerator) * value_den
    }
}

impl Default for Tolerance {
    /// MLIR's default, 0.30.
    fn default() -> Self {
        Tolerance {
            numerator: 3,
            denominator: 10,
        }
    }
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

impl FromStr for Tolerance {
    type Err = String;

    /// A decimal number as mlir-opt accepts for a `double` option:
    /// `0.3`, `-1`, `.25`, `1e-2`, read exactly.
    ///
    /// ```
    /// use tessera_transforms::passes::Tolerance;
    /// assert_eq!("0.30".parse::<Tolerance>(), Ok(Tolerance::new(3, 10).unwrap()));
    /// assert_eq!("1e-2".parse::<Tolerance>(), Ok(Tolerance::new(1, 100).unwrap()));
    /// assert!("x".parse::<Tolerance>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || format!("'{text}' is not a number");
        let t = text.trim();
        let (mantissa, exponent) = match t.find(['e', 'E']) {
            Some(i) => (&t[..i], t[i + 1..].parse::<i32>().map_err(|_| bad())?),
            None => (t, 0),
        };
        let (negative, digits) = match mantissa.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
        };
        let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
        if int_part.is_empty() && frac_part.is_empty()
            || !int_part
                .chars()
                .chain(frac_part.chars())
                .all(|c| c.is_ascii_digit())
        {
            return Err(bad());
        }
        let all: String = format!("{int_part}{frac_part}");
        let mut num: i128 = all.parse::<i128>().map_err(|_| bad())?;
        let mut scale: i32 = frac_part.len() as i32 - exponent;
        let mut den: i128 = 1;
        while scale > 0 {
            den = den.checked_mul(10).ok_or_else(bad)?;
            scale -= 1;
        }
        while scale < 0 {
            num = num.checked_mul(10).ok_or_else(bad)?;
            scale += 1;
        }
        let g = gcd(num, den);
        let (num, den) = (num / g, den / g);
        let num = i64::try_from(if negative { -num } else { num }).map_err(|_| bad())?;
        let den = i64::try_from(den).map_err(|_| bad())?;
        Tolerance::new(num, den).ok_or_else(bad)
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// Per loop of a nest: its op count and constant trip count.
struct Stats {
    ops: HashMap<OpId, i64>,
    trips: HashMap<OpId, i64>,
    children: HashMap<OpId, Vec<OpId>>,
}

fn stats(module: &Module, root: OpId) -> Option<Stats> {
    let mut s = Stats {
        ops: HashMap::new(),
        trips: HashMap::new(),
        children: HashMap::new(),
    };
    let mut all = Vec::new();
    module.walk_from(root, &mut all);
    for op in all
        .into_iter()
        .filter(|&o| module.ops[o].name == "affine.for")
    {
        let l = ForLoop::read(module, op)?;
        if op != root {
            let parent = module.parent_op(op)?;
            if module.ops[parent].name != "affine.for" {
                return None;
            }
            s.children.entry(parent).or_default().push(op);
        }
        let count = module.blocks[l.body]
            .ops
            .iter()
            .filter(|&&o| !matches!(module.ops[o].name.as_str(), "affine.for" | "affine.if"))
            .count() as i64;
        s.ops.insert(op, count);
        s.trips
            .insert(op, i64::try_from(l.constant_trip_count(module)?).ok()?);
    }
    Some(s)
}

fn cost(s: &Stats, op: OpId, trips: &HashMap<OpId, i64>, extra: &HashMap<OpId, i64>) -> i64 {
    let mut count = s.ops.get(&op).copied().unwrap_or(1) - 1;
    for &c in s.children.get(&op).map(Vec::as_slice).unwrap_or(&[]) {
        count = count.saturating_add(cost(s, c, trips, extra));
    }
    count = count.saturating_add(extra.get(&op).copied().unwrap_or(0));
    let trip = trips
        .get(&op)
        .or_else(|| s.trips.get(&op))
        .copied()
        .unwrap_or(0);
    trip.saturating_mul(count)
}

/// Bytes of the bounding box of `accesses` (systems with subscripts): per
/// dimension the extent of `subscript − offset` for the best offset over
/// the first `outer` dims; `None` when some extent is not constant.
pub(crate) fn box_bytes(
    systems: &[(System, Vec<AffineExpr>)],
    outer: usize,
    elem_bytes: u64,
) -> Option<u64> {
    let rank = systems.first()?.1.len();
    let mut total: u64 = elem_bytes;
    for r in 0..rank {
        let extent = super::private_buffer::best_extent(systems, r, outer)?.0;
        total = total.checked_mul(u64::try_from(extent).ok()?)?;
    }
    Some(total)
}

/// Systems for `descs` over their own loops (`fixed` extra constraints:
/// none), with their subscripts.
pub(crate) fn access_systems(
    descs: &[&AccessDesc],
    num_symbols: u32,
) -> Option<Vec<(System, Vec<AffineExpr>)>> {
    descs
        .iter()
        .map(|d| {
            let n = d.loops.len();
            let cols: Vec<usize> = (0..n).collect();
            let mut sys = System::new(n, num_symbols);
            sys.add_domain(d, &cols).ok()?;
            let subs = d
                .subscripts
                .results()
                .iter()
                .map(|e| remap(e, &dim_exprs(&cols)).ok())
                .collect::<Option<Vec<_>>>()?;
            Some((sys, subs))
        })
        .collect()
}

/// Bytes of the regions the accesses `which` touch, per memref (bounding
/// boxes added); `outer` dims of their systems are parameters.
fn region_bytes(
    module: &Module,
    model: &FunctionModel,
    which: &[(usize, &AccessDesc)],
    outer: usize,
) -> Option<u64> {
    let mut by_memref: HashMap<Value, Vec<&AccessDesc>> = HashMap::new();
    for (i, d) in which {
        by_memref.entry(model.memrefs[*i]?).or_default().push(d);
    }
    let mut total: u64 = 0;
    for (m, descs) in by_memref {
        let elem = module
            .value_type(m)
            .element_type()
            .and_then(element_bytes)?;
        let systems = access_systems(&descs, model.num_symbols())?;
        total = total.checked_add(box_bytes(&systems, outer, elem)?)?;
    }
    Some(total)
}

/// The whole memory footprint of a nest.
fn footprint_bytes(module: &Module, model: &FunctionModel, accesses: &[usize]) -> Option<u64> {
    let which: Vec<(usize, &AccessDesc)> = accesses
        .iter()
        .map(|&i| model.desc(i).map(|d| (i, d)))
        .collect::<Option<_>>()?;
    region_bytes(module, model, &which, 0)
}

/// Why no depth pays, or the index (in `decisions`) of the best.
pub(crate) fn best_depth(
    pair: &NestPair,
    decisions: &[Decision],
    region_accesses: &[usize],
    tolerance: Tolerance,
) -> Result<usize, String> {
    let (module, model) = (pair.module, pair.model);
    let src_stats =
        stats(module, pair.src).ok_or("the source has loops without a constant trip count")?;
    let dst_stats =
        stats(module, pair.dst).ok_or("the destination has loops without a constant trip count")?;
    let none = HashMap::new();
    let src_cost = cost(&src_stats, pair.src, &none, &none);
    let dst_cost = cost(&dst_stats, pair.dst, &none, &none);
    let which: Vec<(usize, &AccessDesc)> = region_accesses
        .iter()
        .map(|&i| model.desc(i).map(|d| (i, d)))
        .collect::<Option<_>>()
        .ok_or("an access the model does not see exactly")?;
    let src_region =
        region_bytes(module, model, &which, 0).ok_or("the source's region is not constant")?;
    let src_mem = footprint_bytes(module, model, &pair.src_accesses)
        .ok_or("the source's footprint is not constant")?;
    // (index, storage reduction as a fraction src/slice, slice bytes)
    let mut best: Option<(usize, u64)> = None;
    let mut reasons = Vec::new();
    for (k, decision) in decisions.iter().enumerate().rev() {
        let plan = &decision.plan;
        let depth = plan.depth - plan.common;
        // Slice trip counts.
        let mut trips: HashMap<OpId, i64> = HashMap::new();
        let mut ok = true;
        for l in &plan.loops {
            let op = OpId::from_u32(l.id);
            match (&l.lower, &l.upper) {
                (Some(lo), Some(up)) => match (lo.as_slice(), up.as_slice()) {
                    ([a], [b]) => match (b.clone() - a.clone())
                        .simplify(plan.depth as u32, plan.num_symbols)
                        .as_constant()
                    {
                        Some(c) => {
                            trips.insert(op, c.max(0));
                        }
                        None => ok = false,
                    },
                    _ => ok = false,
                },
                (None, None) => {}
                _ => ok = false,
            }
        }
        if !ok {
            reasons.push(format!(
                "depth {depth}: the slice's trip counts are not constant"
            ));
            continue;
        }
        let slice_iterations: i64 = plan
            .loops
            .iter()
            .map(|l| {
                trips
                    .get(&OpId::from_u32(l.id))
                    .or_else(|| src_stats.trips.get(&OpId::from_u32(l.id)))
                    .copied()
                    .unwrap_or(1)
            })
            .product();
        let Some(&host) = plan.path_ops.last() else {
            continue;
        };
        let mut extra: HashMap<OpId, i64> = HashMap::new();
        if slice_iterations == 1 {
            // Loads of the produced memrefs under the host are forwarded.
            let produced: Vec<Value> = region_accesses
                .iter()
                .filter_map(|&i| model.memrefs[i])
                .collect();
            for &b in &pair.dst_accesses {
                if model.is_write(b) || !model.memrefs[b].is_some_and(|m| produced.contains(&m)) {
                    continue;
                }
                let op = model.op(b);
                if !super::model::is_ancestor(module, host, op) {
                    continue;
                }
                if let Some(parent) = module.parent_op(op) {
                    *extra.entry(parent).or_insert(0) -= 1;
                }
            }
        }
        let slice_cost = cost(&src_stats, pair.src, &trips, &none);
        *extra.entry(host).or_insert(0) += slice_cost;
        let fused_cost = cost(&dst_stats, pair.dst, &none, &extra);
        // fused / (src + dst) - 1 < tolerance.
        let total = i128::from(src_cost) + i128::from(dst_cost);
        if total <= 0 || !tolerance.exceeds(i128::from(fused_cost) - total, total) {
            reasons.push(format!(
                "depth {depth}: {fused_cost} fused operations against {} unfused exceed the compute tolerance {tolerance}",
                total
            ));
            continue;
        }
        // The slice's region per iteration of the outer loops.
        let Ok(fused) = fused_model(pair, plan, &decision.finals) else {
            continue;
        };
        let slice_which: Vec<(usize, &AccessDesc)> = region_accesses
            .iter()
            .filter_map(|&i| {
                let k = pair.src_accesses.iter().position(|&a| a == i)?;
                Some((i, &fused.src[k]))
            })
            .collect();
        let Some(slice_region) = region_bytes(module, model, &slice_which, plan.depth) else {
            reasons.push(format!("depth {depth}: the slice's region is not constant"));
            continue;
        };
        if slice_region == 0 {
            continue;
        }
        // Largest src_region / slice_region: smallest slice region.
        if best.map_or(true, |(_, b)| slice_region < b) {
            best = Some((k, slice_region));
        }
    }
    let Some((k, slice_region)) = best else {
        return Err(if reasons.is_empty() {
            "no depth was evaluated".to_string()
        } else {
            reasons.join("; ")
        });
    };
    if slice_region > src_mem || src_region == 0 {
        return Err(format!(
            "the slice's region ({slice_region} bytes) exceeds the source's footprint ({src_mem} bytes)"
        ));
    }
    Ok(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerances_are_exact_rationals() {
        let t: Tolerance = "0.30".parse().unwrap();
        assert_eq!(t, Tolerance::default());
        // 3 / 10 < 0.30 is false, 29 / 100 < 0.30 is true.
        assert!(!t.exceeds(3, 10));
        assert!(t.exceeds(29, 100));
        let n: Tolerance = "-.5".parse().unwrap();
        assert_eq!(n, Tolerance::new(-1, 2).unwrap());
        assert!(n.exceeds(-3, 4) && !n.exceeds(-1, 2));
        assert_eq!(
            "2.5E+1".parse::<Tolerance>(),
            Ok(Tolerance::new(25, 1).unwrap())
        );
        for bad in ["", ".", "1..2", "1e", "--1", "1e40"] {
            assert!(bad.parse::<Tolerance>().is_err(), "{bad}");
        }
        assert_eq!(Tolerance::new(1, 0), None);
        assert_eq!(Tolerance::new(1, -2), Tolerance::new(-1, 2));
    }
}
