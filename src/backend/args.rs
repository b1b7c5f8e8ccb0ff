//! Arguments and results of calls from Rust: scalars, and memrefs viewing
//! Rust slices.

use std::marker::PhantomData;

use super::signature::{ElemType, MemRefType, ParamType, ScalarType};
use super::BackendError;

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
    impl Sealed for i8 {}
    impl Sealed for i16 {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
}

/// A Rust element type that generated code may read and write: every bit
/// pattern is a valid value, so nothing the kernel stores can break Rust's
/// invariants.
pub trait Element: Copy + sealed::Sealed {
    /// The matching memref element type.
    const TYPE: ElemType;
}

impl Element for f32 {
    const TYPE: ElemType = ElemType::F32;
}
impl Element for f64 {
    const TYPE: ElemType = ElemType::F64;
}
impl Element for i8 {
    const TYPE: ElemType = ElemType::I8;
}
impl Element for i16 {
    const TYPE: ElemType = ElemType::I16;
}
impl Element for i32 {
    const TYPE: ElemType = ElemType::I32;
}
impl Element for i64 {
    const TYPE: ElemType = ElemType::I64;
}

/// Alignment of [`AlignedBuffer`]'s first element: a cache line, and the
/// widest vector load (what `memref.alloc` gives by default in MLIR's
/// runtime is at least 16; the native back end's allocations use 64).
pub const BUFFER_ALIGNMENT: usize = 64;

/// A host buffer whose first element is [`BUFFER_ALIGNMENT`]-byte aligned,
/// to pass to kernels as a [`MemRefArg`]. A `Vec`'s data is only aligned
/// to its element (large ones start 16 bytes into a page), and vectorized
/// loops run measurably slower when every row straddles cache lines; so
/// benchmarks, which compare against aligned libraries, use this.
///
/// ```
/// use tessera::backend::{AlignedBuffer, BUFFER_ALIGNMENT};
/// let b: AlignedBuffer<f32> = (0..10).map(|i| i as f32).collect();
/// assert_eq!(b.as_ptr() as usize % BUFFER_ALIGNMENT, 0);
/// assert_eq!(b[3], 3.0);
/// assert_eq!(b.clone().as_ptr() as usize % BUFFER_ALIGNMENT, 0);
/// ```
#[derive(Debug)]
pub struct AlignedBuffer<T> {
    storage: Vec<T>,
    start: usize,
    len: usize,
}

impl<T: Copy + Default> AlignedBuffer<T> {
    /// A buffer holding `data`.
    pub fn from_slice(data: &[T]) -> Self {
        let size = std::mem::size_of::<T>().max(1);
        let mut storage = vec![T::default(); data.len() + BUFFER_ALIGNMENT / size];
        let misaligned = storage.as_ptr() as usize % BUFFER_ALIGNMENT;
        let start = (BUFFER_ALIGNMENT - misaligned) % BUFFER_ALIGNMENT / size;
        storage[start..start + data.len()].copy_from_slice(data);
        AlignedBuffer {
            storage,
            start,
            len: data.len(),
        }
    }
}

impl<T> std::ops::Deref for AlignedBuffer<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.storage[self.start..self.start + self.len]
    }
}

impl<T> std::ops::DerefMut for AlignedBuffer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.storage[self.start..self.start + self.len]
    }
}

impl<T: Copy + Default> Clone for AlignedBuffer<T> {
    fn clone(&self) -> Self {
        AlignedBuffer::from_slice(self)
    }
}

impl<T: Copy + Default> FromIterator<T> for AlignedBuffer<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        AlignedBuffer::from_slice(&iter.into_iter().collect::<Vec<T>>())
    }
}

/// A memref argument: a strided view of a mutable Rust slice. Every
/// element the view can address lies inside the slice (checked when the
/// view is made), and the slice stays mutably borrowed while the view
/// lives.
///
/// ```
/// use tessera::backend::MemRefArg;
/// let mut data = vec![0f32; 12];
/// let m = MemRefArg::new(&mut data, &[3, 4])?;
/// assert_eq!(m.strides(), &[4, 1]);
/// assert!(MemRefArg::new(&mut data, &[5, 4]).is_err());
/// # Ok::<(), tessera::backend::BackendError>(())
/// ```
#[derive(Debug)]
pub struct MemRefArg<'a> {
    base: *mut u8,
    elem: ElemType,
    sizes: Vec<i64>,
    strides: Vec<i64>,
    offset: i64,
    _data: PhantomData<&'a mut [u8]>,
}

/// Row-major strides, a zero size counting as one (the layout an identity
/// memref type has).
pub fn row_major_strides(shape: &[i64]) -> Option<Vec<i64>> {
    let mut strides = vec![1i64; shape.len()];
    let mut acc = 1i64;
    for k in (0..shape.len()).rev() {
        strides[k] = acc;
        acc = acc.checked_mul(shape[k].max(1))?;
    }
    Some(strides)
}

impl<'a> MemRefArg<'a> {
    /// A row-major (identity layout) view of `data` with `shape`; the
    /// slice must hold exactly the product of the sizes.
    pub fn new<T: Element>(data: &'a mut [T], shape: &[i64]) -> Result<Self, BackendError> {
        let count = shape
            .iter()
            .try_fold(
                1i64,
                |acc, &s| if s < 0 { None } else { acc.checked_mul(s) },
            )
            .ok_or_else(|| BackendError::Buffer(format!("invalid shape {shape:?}")))?;
        if usize::try_from(count).ok() != Some(data.len()) {
            return Err(BackendError::Buffer(format!(
                "shape {shape:?} has {count} elements but the slice has {}",
                data.len()
            )));
        }
        let strides = row_major_strides(shape)
            .ok_or_else(|| BackendError::Buffer(format!("invalid shape {shape:?}")))?;
        Self::strided(data, shape, &strides, 0)
    }

    /// A view of `data` where element `(i0, i1, ...)` is
    /// `data[offset + i0 * strides[0] + i1 * strides[1] + ...]`. Sizes,
    /// strides and the offset must be non-negative and every addressable
    /// element inside the slice.
    pub fn strided<T: Element>(
        data: &'a mut [T],
        shape: &[i64],
        strides: &[i64],
        offset: i64,
    ) -> Result<Self, BackendError> {
        let bad = |why: &str| {
            BackendError::Buffer(format!(
                "view (shape {shape:?}, strides {strides:?}, offset {offset}) of a slice of {} elements: {why}",
                data.len()
            ))
        };
        if shape.len() != strides.len() {
            return Err(bad("shape and strides differ in length"));
        }
        if offset < 0 || shape.iter().chain(strides).any(|&x| x < 0) {
            return Err(bad("negative size, stride or offset"));
        }
        if !shape.contains(&0) {
            let last = shape
                .iter()
                .zip(strides)
                .try_fold(offset, |acc, (&s, &st)| {
                    (s - 1).checked_mul(st).and_then(|x| acc.checked_add(x))
                })
                .ok_or_else(|| bad("addresses overflow"))?;
            if usize::try_from(last).map_or(true, |l| l >= data.len()) {
                return Err(bad("it reaches outside the slice"));
            }
        }
        Ok(MemRefArg {
            base: data.as_mut_ptr().cast(),
            elem: T::TYPE,
            sizes: shape.to_vec(),
            strides: strides.to_vec(),
            offset,
            _data: PhantomData,
        })
    }

    /// The sizes.
    pub fn shape(&self) -> &[i64] {
        &self.sizes
    }

    /// The strides, in elements.
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }

    /// The offset of element zero, in elements.
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// The element type.
    pub fn elem(&self) -> ElemType {
        self.elem
    }

    /// The base pointer of the slice.
    pub(crate) fn base(&self) -> *mut u8 {
        self.base
    }

    /// Why this view does not fit a parameter of type `ty`, if it does not.
    fn mismatch(&self, ty: &MemRefType) -> Option<String> {
        if self.elem != ty.elem {
            return Some(format!(
                "expected {:?} elements, got {:?}",
                ty.elem, self.elem
            ));
        }
        if self.sizes.len() != ty.sizes.len() {
            return Some(format!(
                "expected rank {}, got {}",
                ty.sizes.len(),
                self.sizes.len()
            ));
        }
        let fixed = |what: &str, want: &[Option<i64>], got: &[i64]| {
            want.iter()
                .zip(got)
                .enumerate()
                .find(|(_, (w, g))| w.is_some_and(|w| w != **g))
                .map(|(k, (w, g))| {
                    format!(
                        "the type fixes {what} {k} to {}, got {g}",
                        w.unwrap_or_default()
                    )
                })
        };
        fixed("size", &ty.sizes, &self.sizes)
            .or_else(|| fixed("stride", &ty.strides, &self.strides))
            .or_else(|| match ty.offset {
                Some(o) if o != self.offset => Some(format!(
                    "the type fixes the offset to {o}, got {}",
                    self.offset
                )),
                _ => None,
            })
    }
}

/// An argument of a call from Rust.
#[derive(Debug)]
pub enum Arg<'a> {
    /// An `index` or `iN` value (truncated to the parameter's width).
    Int(i64),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// A memref.
    MemRef(MemRefArg<'a>),
}

impl<'a> From<MemRefArg<'a>> for Arg<'a> {
    fn from(m: MemRefArg<'a>) -> Self {
        Arg::MemRef(m)
    }
}

impl Arg<'_> {
    /// Why this argument does not fit parameter type `p`, if it does not.
    pub(crate) fn mismatch(&self, p: &ParamType) -> Option<String> {
        match (self, p) {
            (Arg::Int(_), ParamType::Scalar(ScalarType::Int { .. }))
            | (Arg::F32(_), ParamType::Scalar(ScalarType::F32))
            | (Arg::F64(_), ParamType::Scalar(ScalarType::F64)) => None,
            (Arg::MemRef(m), ParamType::MemRef(t)) => m.mismatch(t),
            (a, p) => Some(format!("{} given for a parameter of type {p:?}", a.kind())),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Arg::Int(_) => "an integer",
            Arg::F32(_) => "an f32",
            Arg::F64(_) => "an f64",
            Arg::MemRef(_) => "a memref",
        }
    }
}

/// A scalar result of a call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// An `index` or `iN` result, sign-extended.
    Int(i64),
    /// An `f32` result.
    F32(f32),
    /// An `f64` result.
    F64(f64),
}
