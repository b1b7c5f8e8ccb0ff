//! DMA ops: `affine.dma_start` / `affine.dma_wait` and `memref.dma_start`
//! / `memref.dma_wait` — where their operands lie, and what a transfer
//! moves.
//!
//! A start transfers `count` elements from the source to the destination
//! and names a tag element that a wait on the same tag blocks on. Element
//! positions are counted in row-major order of each memref's index space,
//! from the position of its subscripts. Without strides the `k`-th element
//! is at `start + k` on both sides. With `stride` and `per_stride`, the
//! side in memory space 0 (MLIR: "apart from memory space 0"; the source
//! when both sides or neither are) is read or written at `start + (k /
//! per_stride) * stride + k % per_stride`, the other side contiguously.
//! tessera's interpreter and C back end complete a transfer when it starts
//! (one legal schedule of an asynchronous copy), so a wait only checks its
//! tag subscripts.
//!
//! ```
//! use tessera_ir::dma::DmaStart;
//! let m = tessera_ir::parse_module("t.mlir", "func.func @f(%a: memref<8xf32>, %b: memref<8xf32, 1>, %t: memref<1xi32>, %i: index) {\n  affine.dma_start %a[%i], %b[0], %t[0], %i : memref<8xf32>, memref<8xf32, 1>, memref<1xi32>\n  return\n}\n").unwrap();
//! let op = m.ops.keys().find(|&o| m.ops[o].name == "affine.dma_start").unwrap();
//! let dma = DmaStart::of(&m, &m.ops[op]).unwrap();
//! assert_eq!((dma.src.memref, dma.dst.memref, dma.tag.memref, dma.count), (0, 2, 3, 4));
//! assert_eq!(dma.src.subscripts, 1..2);
//! ```

use std::ops::Range;

use tessera_affine::AffineMap;

use crate::{Attribute, Module, OpData, Type};

/// One memref operand of a DMA op and its subscripts.
#[derive(Clone, Debug, PartialEq)]
pub struct Subscripted {
    /// Operand index of the memref.
    pub memref: usize,
    /// Operand indices of its subscripts (the map's inputs for the affine
    /// ops, one index per dimension for the memref ops).
    pub subscripts: Range<usize>,
    /// The affine ops' map from subscripts to indices (`src_map`, ...).
    pub map: Option<AffineMap>,
}

/// The operand layout of `affine.dma_start` or `memref.dma_start`.
#[derive(Clone, Debug, PartialEq)]
pub struct DmaStart {
    /// The memref read.
    pub src: Subscripted,
    /// The memref written.
    pub dst: Subscripted,
    /// The tag memref.
    pub tag: Subscripted,
    /// Operand index of the element count.
    pub count: usize,
    /// Operand indices of the stride and the elements per stride.
    pub stride: Option<(usize, usize)>,
}

/// The operand layout of `affine.dma_wait` or `memref.dma_wait`.
#[derive(Clone, Debug, PartialEq)]
pub struct DmaWait {
    /// The tag memref.
    pub tag: Subscripted,
    /// Operand index of the element count.
    pub count: usize,
}

fn map_attr(op: &OpData, name: &str) -> Option<AffineMap> {
    match op.attr(name) {
        Some(Attribute::AffineMap(m)) => Some(m.clone()),
        _ => None,
    }
}

fn ranked(m: &Module, op: &OpData, at: usize) -> Option<usize> {
    match m.value_type(*op.operands.get(at)?) {
        Type::MemRef { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

impl DmaStart {
    /// The layout of a DMA start op, or `None` when its operands do not
    /// have the shape its maps (affine) or memref ranks (memref) ask for.
    pub fn of(m: &Module, op: &OpData) -> Option<DmaStart> {
        let n = op.operands.len();
        let (src, dst, tag, count, fixed) = match op.name.as_str() {
            "affine.dma_start" => {
                let mut next = 0;
                let mut part = |name: &str| {
                    let map = map_attr(op, name)?;
                    let len = map.num_inputs() as usize;
                    let s = Subscripted {
                        memref: next,
                        subscripts: next + 1..next + 1 + len,
                        map: Some(map),
                    };
                    next += 1 + len;
                    Some(s)
                };
                let (src, dst, tag) = (part("src_map")?, part("dst_map")?, part("tag_map")?);
                (src, dst, tag, next, next + 1)
            }
            "memref.dma_start" => {
                let plain = |memref: usize, rank: usize| Subscripted {
                    memref,
                    subscripts: memref + 1..memref + 1 + rank,
                    map: None,
                };
                let src = plain(0, ranked(m, op, 0)?);
                let d = src.subscripts.end;
                let dst = plain(d, ranked(m, op, d)?);
                let count = dst.subscripts.end;
                let tag = plain(count + 1, ranked(m, op, count + 1)?);
                let fixed = tag.subscripts.end;
                (src, dst, tag, count, fixed)
            }
            _ => return None,
        };
        let stride = match n.checked_sub(fixed)? {
            0 => None,
            2 => Some((fixed, fixed + 1)),
            _ => return None,
        };
        Some(DmaStart {
            src,
            dst,
            tag,
            count,
            stride,
        })
    }

    /// Is the source (rather than the destination) the strided side of a
    /// strided transfer: the side in memory space 0, the source when both
    /// or neither are?
    pub fn source_strided(&self, m: &Module, op: &OpData) -> bool {
        let slow = |s: &Subscripted| {
            op.operands
                .get(s.memref)
                .is_some_and(|&v| in_space_zero(m.value_type(v)))
        };
        slow(&self.src) || !slow(&self.dst)
    }
}

/// Is `ty` a memref in memory space 0 (or without a memory space)?
pub fn in_space_zero(ty: &Type) -> bool {
    match ty {
        Type::MemRef { space, .. } | Type::UnrankedMemRef { space, .. } => match space.as_deref() {
            None => true,
            Some(Attribute::Integer { value, .. }) => *value == 0,
            Some(_) => false,
        },
        _ => false,
    }
}

impl DmaWait {
    /// The layout of a DMA wait op, or `None` when its operands do not
    /// have the shape its map (affine) or tag rank (memref) asks for.
    pub fn of(m: &Module, op: &OpData) -> Option<DmaWait> {
        let (len, map) = match op.name.as_str() {
            "affine.dma_wait" => {
                let map = map_attr(op, "tag_map")?;
                (map.num_inputs() as usize, Some(map))
            }
            "memref.dma_wait" => (ranked(m, op, 0)?, None),
            _ => return None,
        };
        (op.operands.len() == len + 2).then(|| DmaWait {
            tag: Subscripted {
                memref: 0,
                subscripts: 1..1 + len,
                map,
            },
            count: len + 1,
        })
    }
}
