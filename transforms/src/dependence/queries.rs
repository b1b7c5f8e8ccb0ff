//! Questions passes ask about a set of accesses: is a loop parallel, would
//! a loop order be legal — each answered with the dependence that blocks
//! it and a witness pair of iterations.

use std::collections::HashMap;

use super::access::{access_classes, AccessDesc};
use super::check::{DependencePolyhedron, Witness};
use super::system::Unsupported;

/// The dependence that makes a transformation illegal (or that could not
/// be ruled out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocking {
    /// Program position of the source access.
    pub source: usize,
    /// Program position of the sink access.
    pub sink: usize,
    /// The depth at which the dependence was found (as MLIR counts).
    pub depth: usize,
    /// A pair of iterations that depend on each other, when proven; `None`
    /// when the analysis could not decide (see `reason`).
    pub witness: Option<Witness>,
    /// Why the analysis could not decide, when it could not.
    pub reason: Option<String>,
}

impl Blocking {
    fn unknown(source: &AccessDesc, sink: &AccessDesc, depth: usize, why: Unsupported) -> Self {
        let reason = match why {
            Unsupported::NonAffine(s) | Unsupported::Polyhedral(s) => s,
        };
        Blocking {
            source: source.position,
            sink: sink.position,
            depth,
            witness: None,
            reason: Some(reason),
        }
    }
}

/// The level (0-based, outermost 0) of loop `loop_id` around `access`.
fn level_of(access: &AccessDesc, loop_id: u32) -> Option<usize> {
    access.loops.iter().position(|l| l.id == loop_id)
}

/// A dependence carried by loop `loop_id`, if any: the loop is parallel
/// exactly when this is `None`. Every pair of accesses inside the loop is
/// checked at the loop's depth; undecidable pairs count as carried.
///
/// ```
/// use tessera_affine::AffineMap;
/// use tessera_transforms::dependence::{carried_dependence, AccessDesc, LoopDesc};
/// let l = LoopDesc { id: 7, lower: AffineMap::constant(0), upper: AffineMap::constant(10), step: 1 };
/// let access = |position, is_write, sub: &str| AccessDesc {
///     position, memref: 0, is_write, loops: vec![l.clone()], guards: vec![],
///     subscripts: sub.parse().unwrap(), num_symbols: 0,
/// };
/// // A[i] = A[i] + 1 is parallel; A[i + 1] = A[i] is not.
/// assert!(carried_dependence(&[access(0, false, "(d0) -> (d0)"), access(1, true, "(d0) -> (d0)")], 7).is_none());
/// let blocking = carried_dependence(&[access(0, false, "(d0) -> (d0)"), access(1, true, "(d0) -> (d0 + 1)")], 7).unwrap();
/// assert_eq!((blocking.source, blocking.sink), (1, 0));
/// ```
pub fn carried_dependence(accesses: &[AccessDesc], loop_id: u32) -> Option<Blocking> {
    let inside: Vec<(&AccessDesc, usize)> = accesses
        .iter()
        .filter_map(|a| level_of(a, loop_id).map(|l| (a, l)))
        .collect();
    let descs: Vec<&AccessDesc> = inside.iter().map(|&(a, _)| a).collect();
    let depth = inside.first().map_or(1, |&(_, level)| level + 1);
    let classes = match classes_within_budget(&descs, depth) {
        Ok(classes) => classes,
        Err(blocking) => return Some(blocking),
    };
    // The loop is at one level in every access under it: one answer per
    // pair of classes.
    let mut seen = std::collections::HashSet::new();
    for (si, &(src, _)) in inside.iter().enumerate() {
        for (di, &(dst, _)) in inside.iter().enumerate() {
            if !seen.insert((classes[si], classes[di])) {
                continue;
            }
            match DependencePolyhedron::build(src, dst, depth)
                .and_then(|p| p.map(|p| p.witness()).transpose())
            {
                Ok(None) | Ok(Some(None)) => {}
                Ok(Some(Some(witness))) => {
                    return Some(Blocking {
                        source: src.position,
                        sink: dst.position,
                        depth,
                        witness: Some(witness),
                        reason: None,
                    })
                }
                Err(why) => return Some(Blocking::unknown(src, dst, depth, why)),
            }
        }
    }
    None
}

/// Checks that running the loops of `band` (loop ids, outermost first, a
/// perfect nest) in the order `order` reverses no dependence. `order[j]` is
/// the index into `band` of the loop that runs at position `j` after the
/// change, so `order = [1, 0]` interchanges a 2-deep band.
///
/// A dependence is reversed when its distance vector — read over the band
/// loops in the new order, then the loops inside the band — is
/// lexicographically negative, which the solver decides exactly.
pub fn check_loop_order(
    accesses: &[AccessDesc],
    band: &[u32],
    order: &[usize],
) -> Result<(), Blocking> {
    // Dependences carried outside the band stay satisfied; those carried
    // in or inside it, with the outer distances zero, are the ones a
    // reordering can reverse.
    for_carried_in_band(accesses, band, usize::MAX, |poly, start, common| {
        let reordered: Vec<usize> = order
            .iter()
            .map(|&j| start + j)
            .chain(start + band.len()..common)
            .collect();
        poly.reversed_by(&reordered)
    })
}

/// Checks that the perfect band `band` (loop ids, outermost first) is
/// fully permutable: no dependence between iterations of the band, with
/// the loops outside it at equal iterations, has a negative distance on
/// any band loop — the condition for rectangular tiling. Equivalent to
/// every loop of the band being movable outermost, but one emptiness test
/// per dependence polyhedron and band loop.
pub fn check_fully_permutable(accesses: &[AccessDesc], band: &[u32]) -> Result<(), Blocking> {
    // Dependences carried by a band loop: band distances are zero up to
    // the carrying loop, positive there; any later band loop may go
    // negative.
    for_carried_in_band(accesses, band, band.len(), |poly, start, _| {
        for k in poly.carrying_level()..start + band.len() {
            if let Some(w) = poly.reversed_by(&[k])? {
                return Ok(Some(w));
            }
        }
        Ok(None)
    })
}

/// The most distinct accesses ([`access_classes`]) of a loop or band whose
/// pairs [`carried_dependence`] and [`for_carried_in_band`] examine: their
/// number grows with its square (a fully unrolled convolution has tens of
/// thousands); beyond it the answer is "may depend", never wrongly
/// "independent".
pub(crate) const MAX_BAND_CLASSES: usize = 256;

/// The [`access_classes`] of `inside`, or — when there are more than
/// [`MAX_BAND_CLASSES`] — a "may depend" answer at `depth` saying so.
fn classes_within_budget(inside: &[&AccessDesc], depth: usize) -> Result<Vec<usize>, Blocking> {
    let classes = access_classes(inside);
    let distinct = classes
        .iter()
        .collect::<std::collections::HashSet<_>>()
        .len();
    match inside.first() {
        Some(&first) if distinct > MAX_BAND_CLASSES => Err(Blocking::unknown(
            first,
            first,
            depth,
            Unsupported::Polyhedral(format!(
                "{distinct} distinct accesses, more than the exact check takes ({MAX_BAND_CLASSES})"
            )),
        )),
        _ => Ok(classes),
    }
}

/// Asks `question` of the dependence polyhedron of every pair of accesses
/// inside `band` at every depth carried from the band's outermost loop
/// down to `max_levels` loops below it (or to the common loops), stopping
/// at the first pair it answers with a witness. The question gets the
/// polyhedron, the band's level and the number of common loops; answers
/// are memoized per pair of [`access_classes`].
fn for_carried_in_band(
    accesses: &[AccessDesc],
    band: &[u32],
    max_levels: usize,
    question: impl Fn(&DependencePolyhedron, usize, usize) -> Result<Option<Witness>, Unsupported>,
) -> Result<(), Blocking> {
    let Some(&outermost) = band.first() else {
        return Ok(());
    };
    let inside: Vec<&AccessDesc> = accesses
        .iter()
        .filter(|a| band.iter().all(|&id| level_of(a, id).is_some()))
        .collect();
    let depth = inside
        .first()
        .and_then(|&a| level_of(a, outermost))
        .map_or(1, |l| l + 1);
    let classes = classes_within_budget(&inside, depth)?;
    let mut memo: HashMap<(usize, usize, usize), Result<Option<Witness>, Unsupported>> =
        HashMap::new();
    for (si, &src) in inside.iter().enumerate() {
        for (di, &dst) in inside.iter().enumerate() {
            let Some(start) = level_of(src, outermost) else {
                continue;
            };
            let common = src.common_loops(dst);
            for depth in start + 1..=common.min(start.saturating_add(max_levels)) {
                let answer = memo
                    .entry((classes[si], classes[di], depth))
                    .or_insert_with(|| match DependencePolyhedron::build(src, dst, depth)? {
                        Some(poly) => question(&poly, start, common),
                        None => Ok(None),
                    })
                    .clone();
                match answer {
                    Ok(None) => {}
                    Ok(Some(witness)) => {
                        return Err(Blocking {
                            source: src.position,
                            sink: dst.position,
                            depth,
                            witness: Some(witness),
                            reason: None,
                        })
                    }
                    Err(why) => return Err(Blocking::unknown(src, dst, depth, why)),
                }
            }
        }
    }
    Ok(())
}
