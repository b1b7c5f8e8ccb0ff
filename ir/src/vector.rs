//! The `vector` dialect's memory ops and reductions: where a transfer's
//! operands lie, which memref element each lane touches, and the
//! reduction kinds.
//!
//! `vector.transfer_read %A[%i, %j], %pad [, %mask]` reads a vector whose
//! lane `k` along vector dimension `r` comes from the memref position
//! where the index of memref dimension `p(r)` is advanced by `k`, `p` being
//! the `permutation_map` from memref dimensions to vector dimensions (its
//! default, the minor identity, maps the last memref dimensions to the
//! vector's). A result `0` of the map broadcasts: every lane along that
//! vector dimension reads the same element. Lanes past the memref's bounds
//! (when `in_bounds` does not promise they are inside) and lanes the mask
//! turns off read the padding; `vector.transfer_write` leaves them
//! unwritten. `vector.load` / `vector.store` read and write the lanes of
//! the minor dimensions, all of which must be inside the memref.
//!
//! ```
//! use tessera_ir::vector::Transfer;
//! let src = "func.func @f(%a: memref<4x8xf32>, %i: index, %p: f32) -> vector<4xf32> {\n  %v = vector.transfer_read %a[%i, %i], %p : memref<4x8xf32>, vector<4xf32>\n  return %v : vector<4xf32>\n}\n";
//! let m = tessera_ir::parse_module("t.mlir", src).unwrap();
//! let op = m.ops.keys().find(|&o| m.ops[o].name == "vector.transfer_read").unwrap();
//! let t = Transfer::of(&m, op).unwrap();
//! assert_eq!((t.memref, t.indices.clone(), t.padding, t.mask), (0, 1..3, Some(3), None));
//! assert_eq!(t.lane_dims, [Some(1)]);
//! ```

use std::ops::Range;

use tessera_affine::{AffineExpr, AffineMap, ExprKind};

use crate::{Attribute, Module, OpId, Type};

/// The vector ops tessera knows.
pub const VECTOR_OPS: &[&str] = &[
    "vector.transfer_read",
    "vector.transfer_write",
    "vector.load",
    "vector.store",
    "vector.broadcast",
    "vector.splat",
    "vector.reduction",
    "vector.create_mask",
    "vector.constant_mask",
    "vector.extract",
    "vector.insert",
    "vector.fma",
];

/// The kinds of `vector.reduction` (`#vector.kind<...>`), in MLIR 19's
/// enum order.
pub const REDUCTION_KINDS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
    "maximumf", "minimumf",
];

/// For each reduction kind, the `arith` op combining two integers and the
/// one combining two floats (`None` where the kind has none).
pub const REDUCTION_OPS: &[(&str, Option<&str>, Option<&str>)] = &[
    ("add", Some("arith.addi"), Some("arith.addf")),
    ("mul", Some("arith.muli"), Some("arith.mulf")),
    ("minui", Some("arith.minui"), None),
    ("minsi", Some("arith.minsi"), None),
    ("minnumf", None, Some("arith.minnumf")),
    ("maxui", Some("arith.maxui"), None),
    ("maxsi", Some("arith.maxsi"), None),
    ("maxnumf", None, Some("arith.maxnumf")),
    ("and", Some("arith.andi"), None),
    ("or", Some("arith.ori"), None),
    ("xor", Some("arith.xori"), None),
    ("maximumf", None, Some("arith.maximumf")),
    ("minimumf", None, Some("arith.minimumf")),
];

/// The `arith` op that combines two values of a reduction of `kind` on
/// integers or on floats.
///
/// ```
/// assert_eq!(tessera_ir::vector::combining_op("add", true), Some("arith.addf"));
/// assert_eq!(tessera_ir::vector::combining_op("and", true), None);
/// ```
pub fn combining_op(kind: &str, float: bool) -> Option<&'static str> {
    REDUCTION_OPS
        .iter()
        .find(|r| r.0 == kind)
        .and_then(|r| if float { r.2 } else { r.1 })
}

/// The marker of a dynamic position in `static_position`.
pub const DYNAMIC_POSITION: i64 = i64::MIN;

/// `(d0, .., d{n-1}) -> (d{n-r}, .., d{n-1})`: the default permutation map
/// of a transfer between a rank-`n` memref and a rank-`r` vector (`None`
/// when `r > n`).
pub fn minor_identity(memref_rank: usize, vector_rank: usize) -> Option<AffineMap> {
    let first = memref_rank.checked_sub(vector_rank)?;
    let results = (first..memref_rank)
        .map(|d| AffineExpr::dim(d as u32))
        .collect();
    AffineMap::new(memref_rank as u32, 0, results).ok()
}

/// The operand layout and lane placement of a `vector.transfer_read`,
/// `vector.transfer_write`, `vector.load` or `vector.store`.
#[derive(Clone, Debug, PartialEq)]
pub struct Transfer {
    /// Whether the op writes memory.
    pub write: bool,
    /// Operand index of the memref.
    pub memref: usize,
    /// Operand indices of the memref indices (one per memref dimension).
    pub indices: Range<usize>,
    /// Operand index of the padding value (reads by transfer only).
    pub padding: Option<usize>,
    /// Operand index of the mask.
    pub mask: Option<usize>,
    /// For each vector dimension, the memref dimension its lanes advance
    /// along, or `None` where the dimension is broadcast.
    pub lane_dims: Vec<Option<usize>>,
    /// For each vector dimension, whether its lanes are promised inside
    /// the memref (always for `vector.load` / `vector.store`).
    pub in_bounds: Vec<bool>,
    /// The vector type read or written.
    pub vector: Type,
}

impl Transfer {
    /// The layout of `op`, or `None` when it is not a well-formed memory op
    /// of the vector dialect.
    pub fn of(m: &Module, op: OpId) -> Option<Transfer> {
        let d = &m.ops[op];
        let name = d.name.as_str();
        let write = matches!(name, "vector.transfer_write" | "vector.store");
        let vector = if write {
            m.value_type(*d.operands.first()?).clone()
        } else {
            m.value_type(*d.results.first()?).clone()
        };
        let Type::Vector { shape, .. } = &vector else {
            return None;
        };
        let memref = usize::from(write);
        let rank = m.value_type(*d.operands.get(memref)?).rank()?;
        let indices = memref + 1..memref + 1 + rank;
        match name {
            "vector.load" | "vector.store" => {
                if d.operands.len() != indices.end {
                    return None;
                }
                let first = rank.checked_sub(shape.len())?;
                Some(Transfer {
                    write,
                    memref,
                    indices,
                    padding: None,
                    mask: None,
                    lane_dims: (first..rank).map(Some).collect(),
                    in_bounds: vec![true; shape.len()],
                    vector,
                })
            }
            "vector.transfer_read" | "vector.transfer_write" => {
                let padding = (!write).then_some(indices.end);
                let rest = indices.end + usize::from(!write);
                let mask = match d.operands.len() {
                    n if n == rest => None,
                    n if n == rest + 1 => Some(rest),
                    _ => return None,
                };
                let map = match d.attr("permutation_map") {
                    Some(Attribute::AffineMap(map)) => map.clone(),
                    _ => minor_identity(rank, shape.len())?,
                };
                if map.num_dims() as usize != rank || map.results().len() != shape.len() {
                    return None;
                }
                let lane_dims = map
                    .results()
                    .iter()
                    .map(|e| match e.kind() {
                        ExprKind::Dim(p) => Some(Some(*p as usize)),
                        ExprKind::Constant(0) => Some(None),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>()?;
                let in_bounds = match d.attr("in_bounds") {
                    Some(Attribute::Array(flags)) => flags
                        .iter()
                        .map(|f| match f {
                            Attribute::Bool(b) => Some(*b),
                            _ => None,
                        })
                        .collect::<Option<Vec<_>>>()?,
                    _ => vec![false; shape.len()],
                };
                if in_bounds.len() != shape.len() {
                    return None;
                }
                Some(Transfer {
                    write,
                    memref,
                    indices,
                    padding,
                    mask,
                    lane_dims,
                    in_bounds,
                    vector,
                })
            }
            _ => None,
        }
    }

    /// The number of lanes of a 1-D transfer, or `None` for other ranks.
    pub fn lanes(&self) -> Option<i64> {
        match &self.vector {
            Type::Vector { shape, .. } if shape.len() == 1 => Some(shape[0]),
            _ => None,
        }
    }
}

/// The type of a transfer's mask: `i1`s over the vector dimensions that
/// are not broadcast, in memref dimension order.
pub fn mask_type(vector: &Type, map: &AffineMap) -> Type {
    let Type::Vector {
        shape, scalable, ..
    } = vector
    else {
        return Type::Integer(1);
    };
    let mut dims: Vec<(u32, i64, bool)> = map
        .results()
        .iter()
        .zip(shape.iter().zip(scalable))
        .filter_map(|(e, (&s, &sc))| match e.kind() {
            ExprKind::Dim(d) => Some((*d, s, sc)),
            _ => None,
        })
        .collect();
    dims.sort_by_key(|d| d.0);
    Type::Vector {
        shape: dims.iter().map(|d| d.1).collect(),
        scalable: dims.iter().map(|d| d.2).collect(),
        elem: Box::new(Type::Integer(1)),
    }
}

/// The kind of a `vector.reduction` (`add`, `maximumf`, ...).
pub fn reduction_kind(m: &Module, op: OpId) -> Option<&'static str> {
    match m.ops[op].attr("kind") {
        Some(Attribute::Opaque(text)) => {
            let kind = text.strip_prefix("vector.kind<")?.strip_suffix('>')?;
            REDUCTION_KINDS.iter().copied().find(|k| *k == kind)
        }
        _ => None,
    }
}

/// The `static_position` of a `vector.extract` / `vector.insert`
/// ([`DYNAMIC_POSITION`] where an operand gives it).
pub fn static_position(m: &Module, op: OpId) -> Option<Vec<i64>> {
    match m.ops[op].attr("static_position") {
        Some(Attribute::DenseArray { values, .. }) => Some(values.clone()),
        _ => None,
    }
}
