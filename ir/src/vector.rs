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
    "vector.extractelement",
    "vector.insertelement",
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

    /// For each vector dimension, the distance in the mask between lanes
    /// one apart along it (`0` for a broadcast dimension): the mask's
    /// dimensions are the non-broadcast ones in memref order
    /// ([`mask_type`]), row-major.
    ///
    /// ```
    /// use tessera_ir::vector::Transfer;
    /// let src = "func.func @f(%a: memref<4x8x2xf32>, %i: index, %p: f32) -> vector<2x3x4xf32> {\n  %v = vector.transfer_read %a[%i, %i, %i], %p {permutation_map = affine_map<(d0, d1, d2) -> (d2, 0, d0)>} : memref<4x8x2xf32>, vector<2x3x4xf32>\n  return %v : vector<2x3x4xf32>\n}\n";
    /// let m = tessera_ir::parse_module("t.mlir", src).unwrap();
    /// let op = m.ops.keys().find(|&o| m.ops[o].name == "vector.transfer_read").unwrap();
    /// // The mask is vector<4x2xi1>: memref dimension 0 (vector dimension 2) first.
    /// assert_eq!(Transfer::of(&m, op).unwrap().mask_strides(), [1, 0, 2]);
    /// ```
    pub fn mask_strides(&self) -> Vec<i64> {
        let shape = match &self.vector {
            Type::Vector { shape, .. } => shape.as_slice(),
            _ => &[],
        };
        self.lane_dims
            .iter()
            .map(|dim| match dim {
                None => 0,
                Some(p) => self
                    .lane_dims
                    .iter()
                    .zip(shape)
                    .filter(|(q, _)| q.is_some_and(|q| q > *p))
                    .map(|(_, &s)| s)
                    .product(),
            })
            .collect()
    }
}

/// The row-major strides of a vector shape: lanes one apart along
/// dimension `d` are `strides[d]` apart in the flattened vector.
///
/// ```
/// assert_eq!(tessera_ir::vector::strides(&[2, 3, 4]), [12, 4, 1]);
/// ```
pub fn strides(shape: &[i64]) -> Vec<i64> {
    let mut out = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        out[d] = out[d + 1] * shape[d + 1];
    }
    out
}

/// The index along each dimension of lane `lane` of a row-major vector
/// of `shape`.
///
/// ```
/// assert_eq!(tessera_ir::vector::lane_position(&[2, 3], 4), [1, 1]);
/// ```
pub fn lane_position(shape: &[i64], lane: i64) -> Vec<i64> {
    let mut rest = lane;
    let mut out = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        out[d] = rest % shape[d].max(1);
        rest /= shape[d].max(1);
    }
    out
}

/// For each dimension of a `vector.broadcast`'s result, the distance in
/// the source between lanes one apart along it (`0` where the source is
/// repeated or stretched): lane `k` of the result copies source lane
/// `sum(position(k)[d] * strides[d])`. `None` when `source` (the shape of
/// the source, empty for a scalar) does not broadcast to `result`.
///
/// ```
/// use tessera_ir::vector::broadcast_strides;
/// assert_eq!(broadcast_strides(&[3], &[2, 3]), Some(vec![0, 1]));
/// assert_eq!(broadcast_strides(&[2, 1], &[2, 3]), Some(vec![1, 0]));
/// assert_eq!(broadcast_strides(&[2], &[2, 3]), None);
/// ```
pub fn broadcast_strides(source: &[i64], result: &[i64]) -> Option<Vec<i64>> {
    let lead = result.len().checked_sub(source.len())?;
    let source_strides = strides(source);
    let mut out = vec![0; result.len()];
    for (j, (&s, &st)) in source.iter().zip(&source_strides).enumerate() {
        match s {
            1 => {}
            s if s == result[lead + j] => out[lead + j] = st,
            _ => return None,
        }
    }
    Some(out)
}

/// What `vector.print` op `op` prints besides its value: its `str` literal
/// if it has one (alone: MLIR's lowering prints no punctuation after a
/// string), or else the text of its `punctuation` as the MLIR runtime
/// prints it, a newline unless said otherwise.
///
/// ```
/// let src = "func.func @f() {\n  vector.print str \"x\"\n  vector.print punctuation <open>\n  vector.print\n  return\n}\n";
/// let m = tessera_ir::parse_module("t", src).unwrap();
/// let texts: Vec<_> = m
///     .walk()
///     .into_iter()
///     .filter(|&o| m.ops[o].name == "vector.print")
///     .map(|o| tessera_ir::vector::print_text(&m, o))
///     .collect();
/// assert_eq!(texts, ["x", "( ", "\n"]);
/// ```
pub fn print_text(m: &Module, op: OpId) -> &str {
    let d = &m.ops[op];
    if let Some(Attribute::String(s)) = d.attr("stringLiteral") {
        return s;
    }
    match d.attr("punctuation") {
        Some(Attribute::Opaque(p)) => match p.as_str() {
            "vector.punctuation<no_punctuation>" => "",
            "vector.punctuation<comma>" => ", ",
            "vector.punctuation<open>" => "( ",
            "vector.punctuation<close>" => " )",
            _ => "\n",
        },
        _ => "\n",
    }
}

/// How many `( ` open before lane `lane` and how many ` )` close after it
/// when a vector of `shape` is printed as `vector.print` prints it
/// (`( ( 1, 2 ), ( 3, 4 ) )`).
///
/// ```
/// use tessera_ir::vector::print_brackets;
/// let shape = [2, 3];
/// assert_eq!(print_brackets(&shape, 0), (2, 0));
/// assert_eq!(print_brackets(&shape, 2), (0, 1));
/// assert_eq!(print_brackets(&shape, 5), (0, 2));
/// ```
pub fn print_brackets(shape: &[i64], lane: i64) -> (usize, usize) {
    let strides = strides(shape);
    let blocks = shape.iter().zip(&strides).map(|(&s, &st)| (s * st).max(1));
    let opens = blocks.clone().filter(|b| lane % b == 0).count();
    let closes = blocks.filter(|b| (lane + 1) % b == 0).count();
    (opens, closes)
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
