//! Which functions Rust can call, and with what: the host view of a
//! function type. Scalars cross the boundary as `i64` (integers,
//! sign-extended) or `f64`; memrefs as a base pointer, offset, sizes and
//! strides on a Rust slice.

use tessera_ir::Type;

use super::c::types::{MemRefInfo, Prim};

/// The element type of a Rust buffer passed as a memref.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// `f32` (memref element `f32`).
    F32,
    /// `f64` (memref element `f64`).
    F64,
    /// `i8` (memref element `i8`).
    I8,
    /// `i16` (memref element `i16`).
    I16,
    /// `i32` (memref element `i32`).
    I32,
    /// `i64` (memref element `i64` or `index`).
    I64,
}

impl ElemType {
    /// Size of one element in bytes.
    pub fn size(self) -> usize {
        match self {
            ElemType::I8 => 1,
            ElemType::I16 => 2,
            ElemType::F32 | ElemType::I32 => 4,
            ElemType::F64 | ElemType::I64 => 8,
        }
    }

    fn of(p: Prim) -> Result<ElemType, String> {
        Ok(match p {
            Prim::F32 => ElemType::F32,
            Prim::F64 => ElemType::F64,
            Prim::Int(8) => ElemType::I8,
            Prim::Int(16) => ElemType::I16,
            Prim::Int(32) => ElemType::I32,
            Prim::Int(64) | Prim::Index => ElemType::I64,
            Prim::Int(w) => {
                return Err(format!(
                    "memrefs of i{w} cannot be passed from Rust (only f32, f64, i8, i16, i32, i64 and index elements)"
                ))
            }
        })
    }
}

/// A scalar parameter or result type as seen from Rust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarType {
    /// `index` or `iN`: passed and returned as `i64`, sign-extended from
    /// `width` bits (index has width 64).
    Int {
        /// Bit width.
        width: u32,
    },
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

/// A memref parameter as seen from Rust: what its type fixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRefType {
    /// Element type of the buffer.
    pub elem: ElemType,
    /// Sizes (`None` for a dynamic size).
    pub sizes: Vec<Option<i64>>,
    /// Strides the type fixes (`None` when the descriptor decides).
    pub strides: Vec<Option<i64>>,
    /// Offset the type fixes (`None` when the descriptor decides).
    pub offset: Option<i64>,
}

/// A parameter of a function callable from Rust.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// A scalar.
    Scalar(ScalarType),
    /// A ranked memref.
    MemRef(MemRefType),
}

/// The signature of a function callable from Rust.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostSignature {
    /// Parameters, in order.
    pub params: Vec<ParamType>,
    /// Results, in order.
    pub results: Vec<ScalarType>,
}

fn scalar(ty: &Type) -> Result<ScalarType, String> {
    match Prim::of(ty)? {
        Prim::F32 => Ok(ScalarType::F32),
        Prim::F64 => Ok(ScalarType::F64),
        p => Ok(ScalarType::Int { width: p.width() }),
    }
}

impl HostSignature {
    /// The host view of a function type, or why Rust cannot call it
    /// (vectors, unranked memrefs, memref results, element types without a
    /// Rust counterpart).
    pub fn of(inputs: &[Type], results: &[Type]) -> Result<HostSignature, String> {
        let params = inputs
            .iter()
            .map(|t| match t {
                Type::MemRef { .. } => {
                    let info = MemRefInfo::of(t)?;
                    Ok(ParamType::MemRef(MemRefType {
                        elem: ElemType::of(info.elem)?,
                        sizes: info.sizes,
                        strides: info.strides,
                        offset: info.offset,
                    }))
                }
                Type::Vector { .. } | Type::UnrankedMemRef { .. } => Err(format!(
                    "parameters of type '{t}' cannot be passed from Rust"
                )),
                _ => Ok(ParamType::Scalar(scalar(t)?)),
            })
            .collect::<Result<Vec<_>, String>>()?;
        let results = results
            .iter()
            .map(|t| {
                if t.is_memref() || matches!(t, Type::Vector { .. }) {
                    Err(format!("results of type '{t}' cannot be returned to Rust"))
                } else {
                    scalar(t)
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(HostSignature { params, results })
    }
}
