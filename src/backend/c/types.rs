//! C types of IR types: scalars, memref descriptors, vectors, and the
//! static layout facts (strides, offset) a memref type guarantees.

use tessera_affine::{AffineExpr, AffineMap, BinaryOp, ExprKind};
use tessera_ir::types::{Layout, DYNAMIC};
use tessera_ir::Type;

/// A scalar type of the translation. Integers of width `n` live in the
/// smallest of `int8_t`..`int64_t` that holds them, sign-extended from
/// bit `n - 1`; `index` is `int64_t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Prim {
    /// `index`.
    Index,
    /// `iN`, `1 <= N <= 64`.
    Int(u32),
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl Prim {
    /// The scalar type of `ty`, or why it has none.
    pub fn of(ty: &Type) -> Result<Prim, String> {
        match ty {
            Type::Index => Ok(Prim::Index),
            Type::Integer(w) if (1..=64).contains(w) => Ok(Prim::Int(*w)),
            Type::F32 => Ok(Prim::F32),
            Type::F64 => Ok(Prim::F64),
            other => Err(format!("type '{other}' is not supported by the C back end")),
        }
    }

    /// Bit width (`index` is 64).
    pub fn width(self) -> u32 {
        match self {
            Prim::Index | Prim::F64 => 64,
            Prim::Int(w) => w,
            Prim::F32 => 32,
        }
    }

    /// Width of the C container of an integer type.
    pub fn container(self) -> u32 {
        match self.width() {
            0..=8 => 8,
            9..=16 => 16,
            17..=32 => 32,
            _ => 64,
        }
    }

    /// Is this `f32` or `f64`?
    pub fn is_float(self) -> bool {
        matches!(self, Prim::F32 | Prim::F64)
    }

    /// The C type.
    pub fn c(self) -> String {
        match self {
            Prim::F32 => "float".into(),
            Prim::F64 => "double".into(),
            _ => format!("int{}_t", self.container()),
        }
    }

    /// A short name used in generated type names (`f32`, `i32`, `idx`).
    pub fn key(self) -> String {
        match self {
            Prim::Index => "idx".into(),
            Prim::Int(w) => format!("i{w}"),
            Prim::F32 => "f32".into(),
            Prim::F64 => "f64".into(),
        }
    }

    /// The runtime's element kind (for printing).
    pub fn kind(self) -> &'static str {
        match self {
            Prim::F32 => "TM_F32",
            Prim::F64 => "TM_F64",
            Prim::Int(1) => "TM_I1",
            _ => match self.container() {
                8 => "TM_I8",
                16 => "TM_I16",
                32 => "TM_I32",
                _ => "TM_I64",
            },
        }
    }

    /// The unsigned type integer arithmetic is done in (never narrower
    /// than `int`, so that no promotion to a signed type can overflow).
    pub fn wide_unsigned(self) -> &'static str {
        if self.container() <= 32 {
            "uint32_t"
        } else {
            "uint64_t"
        }
    }
}

/// The C type of an SSA value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CType {
    /// A scalar.
    Scalar(Prim),
    /// A ranked memref: the descriptor struct of its element and rank.
    MemRef {
        /// Element type.
        elem: Prim,
        /// Rank.
        rank: usize,
    },
    /// An unranked memref (`tm_umr`), with its element type.
    Unranked(Prim),
    /// A vector: a struct holding an array of its lanes in row-major
    /// order.
    Vector {
        /// Element type.
        elem: Prim,
        /// Number of lanes.
        lanes: u32,
    },
}

/// Most lanes a vector may have.
const MAX_LANES: i64 = 1 << 16;

impl CType {
    /// The C type of `ty`, or why it has none.
    pub fn of(ty: &Type) -> Result<CType, String> {
        match ty {
            Type::MemRef { shape, elem, .. } => Ok(CType::MemRef {
                elem: Prim::of(elem)?,
                rank: shape.len(),
            }),
            Type::UnrankedMemRef { elem, .. } => Ok(CType::Unranked(Prim::of(elem)?)),
            Type::Vector {
                shape,
                scalable,
                elem,
            } => {
                let lanes = shape
                    .iter()
                    .try_fold(1i64, |acc, &n| acc.checked_mul(n).filter(|_| n > 0))
                    .filter(|n| (1..=MAX_LANES).contains(n));
                match (lanes, scalable.iter().any(|&s| s)) {
                    (Some(n), false) => Ok(CType::Vector {
                        elem: Prim::of(elem)?,
                        lanes: n as u32,
                    }),
                    _ => Err(format!(
                        "type '{ty}' is not supported by the C back end (only fixed vectors of at most {MAX_LANES} lanes are)"
                    )),
                }
            }
            // A function value: its index among the module's functions
            // (`func.constant`), which `func.call_indirect` dispatches on.
            Type::Function { .. } => Ok(CType::Scalar(Prim::Index)),
            _ => Ok(CType::Scalar(Prim::of(ty)?)),
        }
    }

    /// The C spelling.
    pub fn c(&self) -> String {
        match self {
            CType::Scalar(p) => p.c(),
            CType::MemRef { elem, rank } => memref_struct(*elem, *rank),
            CType::Unranked(_) => "tm_umr".into(),
            CType::Vector { elem, lanes } => vector_struct(*elem, *lanes),
        }
    }
}

/// The descriptor struct name of a ranked memref.
pub fn memref_struct(elem: Prim, rank: usize) -> String {
    format!("tm_mr_{}_{rank}", elem.key())
}

/// The struct name of a vector of `lanes` lanes.
pub fn vector_struct(elem: Prim, lanes: u32) -> String {
    format!("tm_v_{}_{lanes}", elem.key())
}

/// How `memref.alloc` lays out a memref of some type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllocLayout {
    /// Row-major.
    Identity,
    /// A permutation: position `p` of the physical order is dim `perm[p]`.
    Permutation(Vec<i64>),
    /// Static strides and offset.
    Strided {
        /// Per-dimension strides.
        strides: Vec<i64>,
        /// Offset of element zero.
        offset: i64,
    },
    /// Layouts with dynamic strides cannot be allocated.
    Dynamic,
}

/// What a memref type says about its descriptor: sizes, strides and
/// offset, each known statically or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRefInfo {
    /// Element type.
    pub elem: Prim,
    /// Sizes (`None` for `?`).
    pub sizes: Vec<Option<i64>>,
    /// Strides (`None` when only the descriptor knows).
    pub strides: Vec<Option<i64>>,
    /// Offset (`None` when only the descriptor knows).
    pub offset: Option<i64>,
    /// How an allocation of this type is laid out.
    pub alloc: AllocLayout,
}

fn known(v: i64) -> Option<i64> {
    (v != DYNAMIC).then_some(v)
}

/// Row-major strides of `sizes` (a zero size counting as one), known as far
/// as the sizes to the right are known.
fn row_major(sizes: &[Option<i64>]) -> Vec<Option<i64>> {
    let mut strides = vec![None; sizes.len()];
    let mut acc = Some(1i64);
    for k in (0..sizes.len()).rev() {
        strides[k] = acc;
        acc = match (acc, sizes[k]) {
            (Some(a), Some(s)) => a.checked_mul(s.max(1)),
            _ => None,
        };
    }
    strides
}

/// `Σ coef·d_i + constant` of a single-result map without symbols.
fn linear_layout(map: &AffineMap) -> Option<(Vec<i64>, i64)> {
    fn walk(e: &AffineExpr, scale: i64, coefs: &mut [i64], constant: &mut i64) -> Option<()> {
        match e.kind() {
            ExprKind::Dim(d) => {
                let c = coefs.get_mut(*d as usize)?;
                *c = c.checked_add(scale)?;
            }
            ExprKind::Constant(c) => *constant = constant.checked_add(c.checked_mul(scale)?)?,
            ExprKind::Binary(BinaryOp::Add, l, r) => {
                walk(l, scale, coefs, constant)?;
                walk(r, scale, coefs, constant)?;
            }
            ExprKind::Binary(BinaryOp::Mul, l, r) => {
                let (c, other) = match (l.as_constant(), r.as_constant()) {
                    (_, Some(c)) => (c, l),
                    (Some(c), _) => (c, r),
                    _ => return None,
                };
                walk(other, scale.checked_mul(c)?, coefs, constant)?;
            }
            _ => return None,
        }
        Some(())
    }
    if map.num_symbols() != 0 || map.results().len() != 1 {
        return None;
    }
    let mut coefs = vec![0; map.num_dims() as usize];
    let mut constant = 0;
    walk(&map.results()[0], 1, &mut coefs, &mut constant)?;
    Some((coefs, constant))
}

impl MemRefInfo {
    /// The layout facts of a ranked memref type, or why it is not
    /// supported (a layout map that is not strided).
    pub fn of(ty: &Type) -> Result<MemRefInfo, String> {
        let Type::MemRef {
            shape,
            elem,
            layout,
            ..
        } = ty
        else {
            return Err(format!("'{ty}' is not a ranked memref"));
        };
        let elem = Prim::of(elem)?;
        let sizes: Vec<Option<i64>> = shape.iter().map(|&s| known(s)).collect();
        let rank = sizes.len();
        let (strides, offset, alloc) = match layout {
            None => (row_major(&sizes), Some(0), AllocLayout::Identity),
            Some(Layout::Map(m)) if m.is_identity() => {
                (row_major(&sizes), Some(0), AllocLayout::Identity)
            }
            Some(Layout::Map(m)) if m.is_permutation() => {
                let perm: Vec<i64> = m
                    .results()
                    .iter()
                    .filter_map(|e| match e.kind() {
                        ExprKind::Dim(d) => Some(i64::from(*d)),
                        _ => None,
                    })
                    .collect();
                let phys: Vec<Option<i64>> = perm.iter().map(|&d| sizes[d as usize]).collect();
                let pstrides = row_major(&phys);
                let mut strides = vec![None; rank];
                for (pos, &d) in perm.iter().enumerate() {
                    strides[d as usize] = pstrides[pos];
                }
                (strides, Some(0), AllocLayout::Permutation(perm))
            }
            Some(Layout::Map(m)) => match linear_layout(m) {
                Some((coefs, constant)) if coefs.len() == rank => (
                    coefs.iter().map(|&c| Some(c)).collect(),
                    Some(constant),
                    AllocLayout::Strided {
                        strides: coefs,
                        offset: constant,
                    },
                ),
                _ => {
                    return Err(format!(
                        "layout of '{ty}' is not strided, which the C back end needs"
                    ))
                }
            },
            Some(Layout::Strided { strides, offset }) => {
                let alloc = if strides.contains(&DYNAMIC) || *offset == DYNAMIC {
                    AllocLayout::Dynamic
                } else {
                    AllocLayout::Strided {
                        strides: strides.clone(),
                        offset: *offset,
                    }
                };
                (
                    strides.iter().map(|&s| known(s)).collect(),
                    known(*offset),
                    alloc,
                )
            }
        };
        if strides.len() != rank {
            return Err(format!("layout of '{ty}' does not match its rank"));
        }
        Ok(MemRefInfo {
            elem,
            sizes,
            strides,
            offset,
            alloc,
        })
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.sizes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(text: &str) -> MemRefInfo {
        let src = format!("func.func @f(%a: {text}) {{\n  return\n}}\n");
        let m = tessera_ir::parse_and_verify("t.mlir", &src).unwrap();
        let f = m.functions()[0];
        let entry = m.regions[m.ops[f].regions[0]].blocks[0];
        MemRefInfo::of(m.value_type(m.blocks[entry].args[0])).unwrap()
    }

    #[test]
    fn identity_strides_are_known_right_of_the_last_dynamic_size() {
        let i = info("memref<?x4x5xf32>");
        assert_eq!(i.strides, vec![Some(20), Some(5), Some(1)]);
        let i = info("memref<4x?x5xf32>");
        assert_eq!(i.strides, vec![None, Some(5), Some(1)]);
        assert_eq!(i.offset, Some(0));
    }

    #[test]
    fn permutation_and_strided_layouts() {
        let i = info("memref<8x4xf32, affine_map<(d0, d1) -> (d1, d0)>>");
        assert_eq!(i.strides, vec![Some(1), Some(8)]);
        assert_eq!(i.alloc, AllocLayout::Permutation(vec![1, 0]));
        let i = info("memref<4x4xf32, strided<[8, 1], offset: 2>>");
        assert_eq!(i.strides, vec![Some(8), Some(1)]);
        assert_eq!(i.offset, Some(2));
        let i = info("memref<4x4xf32, strided<[?, 1], offset: ?>>");
        assert_eq!(i.strides, vec![None, Some(1)]);
        assert_eq!(i.alloc, AllocLayout::Dynamic);
        let i = info("memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 3)>>");
        assert_eq!(i.strides, vec![Some(8), Some(1)]);
        assert_eq!(i.offset, Some(3));
    }
}
