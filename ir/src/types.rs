//! Types: `index`, `iN`, `siN`, `uiN`, floats, `complex`, `memref`, `vector`, `tensor`, functions,
//! `none`, and opaque dialect types kept as text.

use std::fmt::{self, Write};

use tessera_affine::AffineMap;

use crate::alias::Aliases;
use crate::attr::{write_attr, Attribute};

/// A dynamic (`?`) dimension, stride or offset.
pub const DYNAMIC: i64 = i64::MIN;

/// The layout of a memref.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// `affine_map<...>` from indices to the linear position.
    Map(AffineMap),
    /// `strided<[s0, s1], offset: o>`; [`DYNAMIC`] marks `?`.
    Strided {
        /// Per-dimension strides.
        strides: Vec<i64>,
        /// Offset of element zero.
        offset: i64,
    },
}

/// A type of the MLIR subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    /// `index`.
    Index,
    /// Signless integer `iN`.
    Integer(u32),
    /// Signed integer `siN`: no `arith` op takes it.
    SignedInteger(u32),
    /// Unsigned integer `uiN`: no `arith` op takes it.
    UnsignedInteger(u32),
    /// `complex<f32>`.
    Complex(Box<Type>),
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `none`.
    None,
    /// `memref<4x?xf32, layout, space>`; [`DYNAMIC`] marks `?`.
    MemRef {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Element type.
        elem: Box<Type>,
        /// Layout, `None` for the identity.
        layout: Option<Layout>,
        /// Memory space attribute.
        space: Option<Box<Attribute>>,
    },
    /// `memref<*xf32>`.
    UnrankedMemRef {
        /// Element type.
        elem: Box<Type>,
        /// Memory space attribute.
        space: Option<Box<Attribute>>,
    },
    /// `vector<4x[8]xf32>`: sizes with scalability flags.
    Vector {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Which dimensions are scalable (`[8]`).
        scalable: Vec<bool>,
        /// Element type.
        elem: Box<Type>,
    },
    /// `tensor<4x?xf32>`, or `tensor<4xf32, "enc">` with an encoding.
    Tensor {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Element type.
        elem: Box<Type>,
        /// The encoding attribute, if any (part of the type: tensors of
        /// two encodings differ).
        encoding: Option<Box<crate::Attribute>>,
    },
    /// `tensor<*xf32>`.
    UnrankedTensor(Box<Type>),
    /// `(inputs) -> results`.
    Function {
        /// Argument types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `tuple<...>`.
    Tuple(Vec<Type>),
    /// A dialect type such as `!llvm.ptr`, kept as its text (without `!`).
    Opaque(String),
}

impl Type {
    /// Is this `index` or an integer type?
    pub fn is_int_or_index(&self) -> bool {
        matches!(self, Type::Index | Type::Integer(_))
    }

    /// Is this a floating-point type?
    pub fn is_float(&self) -> bool {
        matches!(self, Type::F16 | Type::BF16 | Type::F32 | Type::F64)
    }

    /// Bit width of a scalar integer or float type (`index` counts as 64).
    pub fn bit_width(&self) -> Option<u32> {
        match self {
            Type::Index => Some(64),
            Type::Integer(w) => Some(*w),
            Type::F16 | Type::BF16 => Some(16),
            Type::F32 => Some(32),
            Type::F64 => Some(64),
            _ => None,
        }
    }

    /// The rank of a ranked memref, vector or tensor.
    pub fn rank(&self) -> Option<usize> {
        match self {
            Type::MemRef { shape, .. }
            | Type::Vector { shape, .. }
            | Type::Tensor { shape, .. } => Some(shape.len()),
            _ => None,
        }
    }

    /// The sizes of a ranked memref or tensor ([`DYNAMIC`] for `?`).
    ///
    /// ```
    /// use tessera_ir::Type;
    /// let t = Type::Tensor { shape: vec![2, 3], elem: Box::new(Type::F32), encoding: None };
    /// assert_eq!(t.shape(), Some(&[2, 3][..]));
    /// assert_eq!(Type::F32.shape(), None);
    /// ```
    pub fn shape(&self) -> Option<&[i64]> {
        match self {
            Type::MemRef { shape, .. } | Type::Tensor { shape, .. } => Some(shape),
            _ => None,
        }
    }

    /// The element type of a shaped type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::MemRef { elem, .. }
            | Type::UnrankedMemRef { elem, .. }
            | Type::Vector { elem, .. }
            | Type::Tensor { elem, .. }
            | Type::UnrankedTensor(elem) => Some(elem),
            _ => None,
        }
    }

    /// Is this an integer of any signedness (`iN`, `siN`, `uiN`: MLIR's
    /// `AnyInteger`)?
    pub fn is_any_integer(&self) -> bool {
        matches!(
            self,
            Type::Integer(_) | Type::SignedInteger(_) | Type::UnsignedInteger(_)
        )
    }

    /// A vector or tensor of the same shape with elements of type `elem`,
    /// or `elem` itself for a scalar (MLIR's `getI1SameShape` with any
    /// element).
    ///
    /// ```
    /// use tessera_ir::Type;
    /// let v = Type::Vector { shape: vec![4], scalable: vec![false], elem: Box::new(Type::F32) };
    /// assert_eq!(v.with_element(Type::Integer(1)).to_string(), "vector<4xi1>");
    /// assert_eq!(Type::F32.with_element(Type::Integer(1)), Type::Integer(1));
    /// ```
    pub fn with_element(&self, elem: Type) -> Type {
        match self {
            Type::Vector {
                shape, scalable, ..
            } => Type::Vector {
                shape: shape.clone(),
                scalable: scalable.clone(),
                elem: Box::new(elem),
            },
            Type::Tensor {
                shape, encoding, ..
            } => Type::Tensor {
                shape: shape.clone(),
                elem: Box::new(elem),
                encoding: encoding.clone(),
            },
            Type::UnrankedTensor(_) => Type::UnrankedTensor(Box::new(elem)),
            _ => elem,
        }
    }

    /// Is this a ranked or unranked memref?
    pub fn is_memref(&self) -> bool {
        matches!(self, Type::MemRef { .. } | Type::UnrankedMemRef { .. })
    }
}

fn write_dims(out: &mut String, shape: &[i64], scalable: Option<&[bool]>) {
    for (i, d) in shape.iter().enumerate() {
        let sc = scalable.is_some_and(|s| s.get(i) == Some(&true));
        if sc {
            out.push('[');
        }
        if *d == DYNAMIC {
            out.push('?');
        } else {
            let _ = write!(out, "{d}");
        }
        if sc {
            out.push(']');
        }
        out.push('x');
    }
}

fn write_dyn(out: &mut String, v: i64) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{v}");
    }
}

/// Writes `ty` in MLIR syntax, using alias names from `aliases`.
pub fn write_type(out: &mut String, ty: &Type, aliases: &Aliases) {
    match ty {
        Type::Index => out.push_str("index"),
        Type::Integer(w) => {
            let _ = write!(out, "i{w}");
        }
        Type::SignedInteger(w) => {
            let _ = write!(out, "si{w}");
        }
        Type::UnsignedInteger(w) => {
            let _ = write!(out, "ui{w}");
        }
        Type::Complex(elem) => {
            out.push_str("complex<");
            write_type(out, elem, aliases);
            out.push('>');
        }
        Type::F16 => out.push_str("f16"),
        Type::BF16 => out.push_str("bf16"),
        Type::F32 => out.push_str("f32"),
        Type::F64 => out.push_str("f64"),
        Type::None => out.push_str("none"),
        Type::MemRef {
            shape,
            elem,
            layout,
            space,
        } => {
            out.push_str("memref<");
            write_dims(out, shape, None);
            write_type(out, elem, aliases);
            match layout {
                Some(Layout::Map(m)) => {
                    out.push_str(", ");
                    aliases.write_map(out, m);
                }
                Some(Layout::Strided { strides, offset }) => {
                    out.push_str(", strided<[");
                    for (i, s) in strides.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        write_dyn(out, *s);
                    }
                    out.push(']');
                    if *offset != 0 {
                        out.push_str(", offset: ");
                        write_dyn(out, *offset);
                    }
                    out.push('>');
                }
                None => {}
            }
            if let Some(s) = space {
                out.push_str(", ");
                write_attr(out, s, aliases, true);
            }
            out.push('>');
        }
        Type::UnrankedMemRef { elem, space } => {
            out.push_str("memref<*x");
            write_type(out, elem, aliases);
            if let Some(s) = space {
                out.push_str(", ");
                write_attr(out, s, aliases, true);
            }
            out.push('>');
        }
        Type::Vector {
            shape,
            scalable,
            elem,
        } => {
            out.push_str("vector<");
            write_dims(out, shape, Some(scalable));
            write_type(out, elem, aliases);
            out.push('>');
        }
        Type::Tensor {
            shape,
            elem,
            encoding,
        } => {
            out.push_str("tensor<");
            write_dims(out, shape, None);
            write_type(out, elem, aliases);
            if let Some(e) = encoding {
                out.push_str(", ");
                crate::attr::write_attr(out, e, aliases, false);
            }
            out.push('>');
        }
        Type::UnrankedTensor(elem) => {
            out.push_str("tensor<*x");
            write_type(out, elem, aliases);
            out.push('>');
        }
        Type::Function { inputs, results } => {
            out.push('(');
            write_type_list(out, inputs, aliases);
            out.push_str(") -> ");
            write_result_types(out, results, aliases);
        }
        Type::Tuple(items) => {
            out.push_str("tuple<");
            write_type_list(out, items, aliases);
            out.push('>');
        }
        Type::Opaque(text) => {
            out.push('!');
            out.push_str(text);
        }
    }
}

/// Writes types separated by `, `.
pub fn write_type_list(out: &mut String, types: &[Type], aliases: &Aliases) {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(out, t, aliases);
    }
}

/// Writes a result type list as MLIR does: a single non-function type bare,
/// otherwise parenthesised.
pub fn write_result_types(out: &mut String, types: &[Type], aliases: &Aliases) {
    if types.len() == 1 && !matches!(types[0], Type::Function { .. }) {
        write_type(out, &types[0], aliases);
    } else {
        out.push('(');
        write_type_list(out, types, aliases);
        out.push(')');
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_type(&mut s, self, &Aliases::default());
        f.write_str(&s)
    }
}
