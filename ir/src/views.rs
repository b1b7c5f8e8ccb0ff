//! The memref view ops (`memref.subview`, `reinterpret_cast`,
//! `expand_shape`, `collapse_shape`, `transpose`, `view`, `reshape`):
//! where their operands lie and what descriptor each result has.
//!
//! A memref is a descriptor over a buffer: an offset, and per dimension a
//! size and a stride, element `(i0, .., in)` lying at `offset + Σ ik *
//! stride_k`. A subview offsets, resizes and scales the strides of its
//! source (dropping unit dimensions its result type drops); a
//! reinterpret cast sets all three; `collapse_shape` merges groups of
//! contiguous dimensions and `expand_shape` splits them; `transpose`
//! permutes them. [`Descriptor::view`] computes the result's descriptor
//! from the source's, which both executors use.
//!
//! ```
//! use tessera_ir::views::{Descriptor, View};
//! let src = Descriptor { offset: 0, sizes: vec![8, 16], strides: vec![16, 1] };
//! let sub = View::Subview { offsets: vec![2, 4], sizes: vec![4, 8], strides: vec![1, 2], dropped: vec![] };
//! assert_eq!(src.view(&sub), Some(Descriptor { offset: 36, sizes: vec![4, 8], strides: vec![16, 2] }));
//! ```

use tessera_affine::{AffineExpr, AffineMap, BinaryOp, ExprKind};

use crate::types::{Layout, DYNAMIC};
use crate::{Attribute, Module, OpId, Type, Value};

/// A static entry or the operand giving it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mixed {
    /// Known in the op.
    Static(i64),
    /// Given by this operand.
    Dynamic(Value),
}

/// The offsets, sizes and strides of a `memref.subview` or
/// `memref.reinterpret_cast` (static entries and operands merged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slices {
    /// Per dimension (one entry for a reinterpret cast).
    pub offsets: Vec<Mixed>,
    /// Per result dimension (subview: per source dimension).
    pub sizes: Vec<Mixed>,
    /// Per dimension.
    pub strides: Vec<Mixed>,
}

fn dense(m: &Module, op: OpId, name: &str) -> Option<Vec<i64>> {
    match m.ops[op].attr(name) {
        Some(Attribute::DenseArray { values, .. }) => Some(values.clone()),
        _ => None,
    }
}

impl Slices {
    /// The slices of a subview or reinterpret cast, or `None` when the op
    /// is malformed.
    pub fn of(m: &Module, op: OpId) -> Option<Slices> {
        let d = &m.ops[op];
        let mut dynamic = d.operands.get(1..)?.iter().copied();
        let mut merge = |name: &str| -> Option<Vec<Mixed>> {
            dense(m, op, name)?
                .into_iter()
                .map(|v| {
                    if v == DYNAMIC {
                        dynamic.next().map(Mixed::Dynamic)
                    } else {
                        Some(Mixed::Static(v))
                    }
                })
                .collect()
        };
        let offsets = merge("static_offsets")?;
        let sizes = merge("static_sizes")?;
        let strides = merge("static_strides")?;
        if dynamic.next().is_some() {
            return None;
        }
        Some(Slices {
            offsets,
            sizes,
            strides,
        })
    }
}

/// The `reassociation` of `expand_shape` / `collapse_shape`: for each
/// dimension of the collapsed side, the dimensions of the expanded side
/// it groups.
pub fn reassociation(m: &Module, op: OpId) -> Option<Vec<Vec<usize>>> {
    let Some(Attribute::Array(groups)) = m.ops[op].attr("reassociation") else {
        return None;
    };
    groups
        .iter()
        .map(|g| match g {
            Attribute::Array(dims) => dims
                .iter()
                .map(|d| d.as_int().and_then(|d| usize::try_from(d).ok()))
                .collect(),
            _ => None,
        })
        .collect()
}

/// The permutation of a `memref.transpose`: result dimension `k` is
/// source dimension `permutation[k]`.
pub fn permutation(m: &Module, op: OpId) -> Option<Vec<usize>> {
    let Some(Attribute::AffineMap(map)) = m.ops[op].attr("permutation") else {
        return None;
    };
    map.results()
        .iter()
        .map(|e| match e.kind() {
            ExprKind::Dim(p) => Some(*p as usize),
            _ => None,
        })
        .collect()
}

/// A run-time memref descriptor (MLIR's strided form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// Offset of element 0 in the buffer, in elements.
    pub offset: i64,
    /// Sizes.
    pub sizes: Vec<i64>,
    /// Strides, in elements.
    pub strides: Vec<i64>,
}

/// A view op with its operands evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// `memref.subview`; `dropped` lists the unit dimensions the result
    /// type leaves out.
    Subview {
        /// Per source dimension.
        offsets: Vec<i64>,
        /// Per source dimension.
        sizes: Vec<i64>,
        /// Per source dimension.
        strides: Vec<i64>,
        /// Source dimensions of size 1 not in the result.
        dropped: Vec<usize>,
    },
    /// `memref.reinterpret_cast` (also `memref.reshape` to an identity
    /// layout, and `memref.view`).
    Reinterpret(Descriptor),
    /// `memref.collapse_shape`.
    Collapse(Vec<Vec<usize>>),
    /// `memref.expand_shape` with the result sizes.
    Expand(Vec<Vec<usize>>, Vec<i64>),
    /// `memref.transpose`.
    Transpose(Vec<usize>),
}

impl Descriptor {
    /// The identity (row-major, contiguous) descriptor of `sizes` at
    /// `offset`.
    pub fn contiguous(offset: i64, sizes: &[i64]) -> Descriptor {
        let mut strides = vec![1i64; sizes.len()];
        for k in (0..sizes.len().saturating_sub(1)).rev() {
            strides[k] = strides[k + 1].saturating_mul(sizes[k + 1]);
        }
        Descriptor {
            offset,
            sizes: sizes.to_vec(),
            strides,
        }
    }

    /// The descriptor of `view` of this memref, or `None` when the view
    /// does not fit it (a collapsed group that is not contiguous, sizes
    /// that disagree, an overflow).
    pub fn view(&self, view: &View) -> Option<Descriptor> {
        match view {
            View::Subview {
                offsets,
                sizes,
                strides,
                dropped,
            } => {
                let n = self.sizes.len();
                if offsets.len() != n || sizes.len() != n || strides.len() != n {
                    return None;
                }
                let mut offset = self.offset;
                for (o, s) in offsets.iter().zip(&self.strides) {
                    offset = offset.checked_add(o.checked_mul(*s)?)?;
                }
                let mut out = Descriptor {
                    offset,
                    sizes: Vec::new(),
                    strides: Vec::new(),
                };
                for k in (0..n).filter(|k| !dropped.contains(k)) {
                    out.sizes.push(sizes[k]);
                    out.strides.push(strides[k].checked_mul(self.strides[k])?);
                }
                Some(out)
            }
            View::Reinterpret(d) => Some(d.clone()),
            View::Collapse(groups) => {
                let mut out = Descriptor {
                    offset: self.offset,
                    sizes: Vec::new(),
                    strides: Vec::new(),
                };
                for g in groups {
                    let last = *g.last()?;
                    let mut size = 1i64;
                    for (i, &k) in g.iter().enumerate() {
                        size = size.checked_mul(*self.sizes.get(k)?)?;
                        // Contiguous: each stride is the next one times its size.
                        if let Some(&next) = g.get(i + 1) {
                            let expected = self.strides[next].checked_mul(self.sizes[next])?;
                            if self.sizes[k] > 1 && self.strides[k] != expected {
                                return None;
                            }
                        }
                    }
                    out.sizes.push(size);
                    out.strides.push(*self.strides.get(last)?);
                }
                Some(out)
            }
            View::Expand(groups, sizes) => {
                let mut out = Descriptor {
                    offset: self.offset,
                    sizes: sizes.clone(),
                    strides: vec![0; sizes.len()],
                };
                for (src, g) in groups.iter().enumerate() {
                    let mut stride = *self.strides.get(src)?;
                    let mut product = 1i64;
                    for &k in g.iter().rev() {
                        *out.strides.get_mut(k)? = stride;
                        let size = *sizes.get(k)?;
                        stride = stride.checked_mul(size)?;
                        product = product.checked_mul(size)?;
                    }
                    if product != *self.sizes.get(src)? {
                        return None;
                    }
                }
                Some(out)
            }
            View::Transpose(perm) => Some(Descriptor {
                offset: self.offset,
                sizes: perm
                    .iter()
                    .map(|&p| self.sizes.get(p).copied())
                    .collect::<Option<_>>()?,
                strides: perm
                    .iter()
                    .map(|&p| self.strides.get(p).copied())
                    .collect::<Option<_>>()?,
            }),
        }
    }
}

/// The strides and offset of a memref type (its layout, or the
/// contiguous ones of the identity layout); `None` for an affine-map
/// layout.
pub fn strides_and_offset(t: &Type) -> Option<(Vec<i64>, i64)> {
    let Type::MemRef { shape, layout, .. } = t else {
        return None;
    };
    match layout {
        None => {
            let mut strides = vec![1i64; shape.len()];
            for k in (0..shape.len().saturating_sub(1)).rev() {
                strides[k] = if strides[k + 1] == DYNAMIC || shape[k + 1] == DYNAMIC {
                    DYNAMIC
                } else {
                    strides[k + 1].saturating_mul(shape[k + 1])
                };
            }
            Some((strides, 0))
        }
        Some(Layout::Strided { strides, offset }) => Some((strides.clone(), *offset)),
        Some(Layout::Map(map)) => map_strides_and_offset(map, shape.len()),
    }
}

/// The strides and offset of a layout written as an affine map (MLIR's
/// `getStridesAndOffset`): its one result must be a sum of terms each a
/// dimension times a constant or symbol factor, a constant, or a symbol;
/// a stride or offset with a symbol in it is `?`. `None` for a map of
/// another shape (a `floordiv`, a `mod`, several results) or with a
/// stride of 0.
///
/// ```
/// use tessera_affine::{AffineExpr, AffineMap};
/// use tessera_ir::views::map_strides_and_offset;
/// let (d0, d1, s0) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::symbol(0));
/// let map = AffineMap::new(2, 1, vec![d0 * 8 + d1 + s0]).unwrap();
/// assert_eq!(map_strides_and_offset(&map, 2), Some((vec![8, 1], i64::MIN)));
/// let map = AffineMap::new(0, 0, vec![AffineExpr::constant(4)]).unwrap();
/// assert_eq!(map_strides_and_offset(&map, 0), Some((vec![], 4)));
/// ```
pub fn map_strides_and_offset(map: &AffineMap, rank: usize) -> Option<(Vec<i64>, i64)> {
    let [e] = map.results() else {
        return None;
    };
    if map.num_dims() as usize != rank {
        return None;
    }
    // (`None`: a `?`)
    let mut strides = vec![Some(0i64); rank];
    let mut offset = Some(0i64);
    extract_strides(e, Some(1), &mut strides, &mut offset)?;
    // (MLIR takes a zero stride for a layout that is not strided: it would
    // alias elements)
    if strides.contains(&Some(0)) {
        return None;
    }
    let known = |v: Option<i64>| v.unwrap_or(DYNAMIC);
    Some((strides.into_iter().map(known).collect(), known(offset)))
}

/// MLIR's `extractStrides`: adds `e` times `factor` to the strides and
/// offset; `None` when `e` is not a sum of such terms.
fn extract_strides(
    e: &AffineExpr,
    factor: Option<i64>,
    strides: &mut [Option<i64>],
    offset: &mut Option<i64>,
) -> Option<()> {
    let mul = |a: Option<i64>, b: Option<i64>| match (a, b) {
        (Some(0), _) | (_, Some(0)) => Some(0),
        (Some(a), Some(b)) => a.checked_mul(b),
        _ => None,
    };
    let add = |a: Option<i64>, b: Option<i64>| a?.checked_add(b?);
    match e.kind() {
        ExprKind::Dim(p) => {
            let slot = strides.get_mut(*p as usize)?;
            *slot = add(*slot, factor);
        }
        ExprKind::Constant(c) => *offset = add(*offset, mul(Some(*c), factor)),
        ExprKind::Symbol(_) => *offset = add(*offset, mul(None, factor)),
        ExprKind::Binary(BinaryOp::Add, l, r) => {
            extract_strides(l, factor, strides, offset)?;
            extract_strides(r, factor, strides, offset)?;
        }
        ExprKind::Binary(BinaryOp::Mul, l, r) => {
            if let ExprKind::Dim(p) = l.kind() {
                let slot = strides.get_mut(*p as usize)?;
                *slot = add(*slot, mul(r.as_constant(), factor));
            } else if l.is_symbolic_or_constant() {
                extract_strides(r, mul(l.as_constant(), factor), strides, offset)?;
            } else {
                extract_strides(l, mul(r.as_constant(), factor), strides, offset)?;
            }
        }
        ExprKind::Binary(..) => return None,
    }
    Some(())
}

/// `a * b` where `?` is unknown (an overflow too); zero times anything is
/// zero, as MLIR's `SaturatedInteger` multiplies.
pub(crate) fn mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_mul(b).unwrap_or(DYNAMIC)
    }
}

/// `a + b` where `?` is unknown (an overflow too).
pub(crate) fn add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_add(b).unwrap_or(DYNAMIC)
    }
}

/// The static value of an entry, `?` for an operand.
pub(crate) fn fixed(m: &Mixed) -> i64 {
    match m {
        Mixed::Static(v) => *v,
        Mixed::Dynamic(_) => DYNAMIC,
    }
}

/// The type MLIR infers for a subview of `src` with `slices`, the source
/// dimensions `dropped` left out (`SubViewOp::inferResultType` with the
/// rank reduction of its canonicalizer): the sizes, the source's strides
/// scaled, the offset moved, always as a `strided` layout; `None` for a
/// source with an affine-map layout.
///
/// ```
/// use tessera_ir::views::{subview_type, Mixed, Slices};
/// use tessera_ir::types::Type;
/// let src = Type::MemRef {
///     shape: vec![8, 16],
///     elem: Box::new(Type::F32),
///     layout: None,
///     space: None,
/// };
/// let s = Slices {
///     offsets: vec![Mixed::Static(2), Mixed::Static(4)],
///     sizes: vec![Mixed::Static(1), Mixed::Static(8)],
///     strides: vec![Mixed::Static(1), Mixed::Static(2)],
/// };
/// let t = subview_type(&src, &s, &[0]).unwrap();
/// assert_eq!(t.to_string(), "memref<8xf32, strided<[2], offset: 36>>");
/// ```
pub fn subview_type(src: &Type, slices: &Slices, dropped: &[usize]) -> Option<Type> {
    let Type::MemRef { elem, space, .. } = src else {
        return None;
    };
    let (src_strides, src_offset) = strides_and_offset(src)?;
    let mut offset = src_offset;
    let mut shape = Vec::new();
    let mut strides = Vec::new();
    for (k, ((o, size), stride)) in slices
        .offsets
        .iter()
        .zip(&slices.sizes)
        .zip(&slices.strides)
        .enumerate()
    {
        let src_stride = *src_strides.get(k)?;
        offset = add(offset, mul(fixed(o), src_stride));
        if !dropped.contains(&k) {
            shape.push(fixed(size));
            strides.push(mul(fixed(stride), src_stride));
        }
    }
    Some(Type::MemRef {
        shape,
        elem: elem.clone(),
        layout: Some(Layout::Strided { strides, offset }),
        space: space.clone(),
    })
}

/// The source dimensions of a subview that its result type drops: unit
/// sizes, the leading ones first where several could go (as MLIR's
/// stride count picks them for equal strides); when that leaves the
/// result's shape unmatched, the ones MLIR's `computeRankReductionMask`
/// drops (each size kept when it matches the next result size).
///
/// ```
/// use tessera_ir::views::{dropped_dims, Mixed};
/// use tessera_ir::Type;
/// let sizes = |s: &[i64]| s.iter().map(|&n| Mixed::Static(n)).collect::<Vec<_>>();
/// let memref = |shape: Vec<i64>| Type::MemRef {
///     shape,
///     elem: Box::new(Type::F32),
///     layout: None,
///     space: None,
/// };
/// assert_eq!(dropped_dims(&sizes(&[1, 1, 4]), &memref(vec![1, 4])), Some(vec![0]));
/// assert_eq!(dropped_dims(&sizes(&[1, 9, 1, 4, 1]), &memref(vec![1, 9, 4])), Some(vec![2, 4]));
/// assert_eq!(dropped_dims(&sizes(&[2, 4]), &memref(vec![4])), None);
/// ```
pub fn dropped_dims(sizes: &[Mixed], result: &Type) -> Option<Vec<usize>> {
    let Type::MemRef { shape, .. } = result else {
        return None;
    };
    let matches = |s: &Mixed, n: i64| match s {
        Mixed::Static(k) => n == *k,
        Mixed::Dynamic(_) => n == DYNAMIC,
    };
    leading_units_dropped(sizes, shape, matches).or_else(|| {
        let mut dropped = Vec::new();
        let mut r = 0;
        for (k, s) in sizes.iter().enumerate() {
            if r < shape.len() && matches(s, shape[r]) {
                r += 1;
            } else if *s == Mixed::Static(1) {
                dropped.push(k);
            } else {
                return None;
            }
        }
        (r == shape.len()).then_some(dropped)
    })
}

/// [`dropped_dims`]'s first choice: a unit dimension goes while the result
/// has fewer dimensions left to match than the source.
fn leading_units_dropped(
    sizes: &[Mixed],
    shape: &[i64],
    matches: impl Fn(&Mixed, i64) -> bool,
) -> Option<Vec<usize>> {
    let mut dropped = Vec::new();
    let mut r = 0;
    for (k, s) in sizes.iter().enumerate() {
        let unit = *s == Mixed::Static(1);
        let keep = r < shape.len() && matches(s, shape[r]);
        if unit && (!keep || sizes.len() - k > shape.len() - r) {
            dropped.push(k);
        } else if keep {
            r += 1;
        } else {
            return None;
        }
    }
    (r == shape.len()).then_some(dropped)
}

/// The block of a `memref.alloca_scope` or `scf.execute_region` of one
/// block, and the name of its terminator; `None` for a region of several
/// blocks (which the executors do not run).
pub fn single_block_scope(m: &Module, op: OpId) -> Option<(crate::BlockId, &'static str)> {
    let term = match m.ops[op].name.as_str() {
        "scf.execute_region" => "scf.yield",
        "memref.alloca_scope" => "memref.alloca_scope.return",
        _ => return None,
    };
    let &r = m.ops[op].regions.first()?;
    match m.regions[r].blocks[..] {
        [b] => Some((b, term)),
        _ => None,
    }
}
