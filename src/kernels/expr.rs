//! Expressions of the kernels, written with Rust's operators so that a
//! statement reads like the C it transcribes and is evaluated in the same
//! order (C's precedence and left-to-right associativity are Rust's).
//!
//! [`IExpr`] is an integer expression of induction variables (PolyBench's
//! initialisation formulas such as `(i*j+1) % ni`), emitted as `index`
//! arithmetic with C's truncating remainder. [`Expr`] is a value of the
//! element type: memref elements, SSA values, literals, converted
//! integers, and the four operations (plus `min` for integer kernels).

use std::ops::{Add, Div, Mul, Neg, Rem, Sub as SubOp};

use super::emit::{Arr, Body, Sub, Val};

/// An integer (`index`) expression of induction variables.
#[derive(Clone, Debug)]
pub(crate) enum IExpr {
    /// An `index` value (an induction variable or a computed index).
    Iv(Val),
    /// A constant.
    Const(i64),
    /// An operation on two integer expressions.
    Bin(IntOp, Box<IExpr>, Box<IExpr>),
}

/// The operations of [`IExpr`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum IntOp {
    /// `arith.addi`.
    Add,
    /// `arith.subi`.
    Sub,
    /// `arith.muli`.
    Mul,
    /// `arith.remsi` (C's `%`).
    Rem,
}

impl From<i64> for IExpr {
    fn from(c: i64) -> IExpr {
        IExpr::Const(c)
    }
}

impl From<&IExpr> for IExpr {
    fn from(e: &IExpr) -> IExpr {
        e.clone()
    }
}

impl From<&Val> for IExpr {
    fn from(v: &Val) -> IExpr {
        IExpr::Iv(v.clone())
    }
}

macro_rules! int_ops {
    ($($trait:ident $method:ident $op:ident),*) => {$(
        impl<T: Into<IExpr>> $trait<T> for IExpr {
            type Output = IExpr;
            fn $method(self, rhs: T) -> IExpr {
                IExpr::Bin(IntOp::$op, Box::new(self), Box::new(rhs.into()))
            }
        }
        impl<T: Into<IExpr>> $trait<T> for &IExpr {
            type Output = IExpr;
            fn $method(self, rhs: T) -> IExpr {
                IExpr::Bin(IntOp::$op, Box::new(self.clone()), Box::new(rhs.into()))
            }
        }
    )*};
}

int_ops!(Add add Add, SubOp sub Sub, Mul mul Mul, Rem rem Rem);

impl Neg for &IExpr {
    type Output = IExpr;
    fn neg(self) -> IExpr {
        IExpr::Const(0) - self
    }
}

/// A value of the element type.
#[derive(Clone, Debug)]
pub(crate) enum Expr {
    /// An SSA value of the element type (a scalar argument, a constant).
    Val(Val),
    /// A literal, emitted as an `arith.constant` where it is used.
    Lit(f64),
    /// An integer expression converted to the element type.
    Int(IExpr),
    /// A memref element.
    Load(Arr, Vec<Sub>),
    /// An operation on two values.
    Bin(ElemOp, Box<Expr>, Box<Expr>),
    /// The square root (`math.sqrt`; float kernels only).
    Sqrt(Box<Expr>),
}

/// The operations of [`Expr`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum ElemOp {
    /// `addf` / `addi`.
    Add,
    /// `subf` / `subi`.
    Sub,
    /// `mulf` / `muli`.
    Mul,
    /// `divf` / `divsi`.
    Div,
    /// `minsi` (integer kernels).
    Min,
}

/// The literal `v` (an `arith.constant` of the element type).
pub(crate) fn lit(v: f64) -> Expr {
    Expr::Lit(v)
}

/// The integer literal `v` as a value of the element type: C's
/// conversion of an `int` operand.
pub(crate) fn num(v: i64) -> Expr {
    Expr::Lit(v as f64)
}

/// `(DATA_TYPE) e`: the integer expression converted to the element type.
pub(crate) fn int(e: impl Into<IExpr>) -> Expr {
    Expr::Int(e.into())
}

impl Expr {
    /// `sqrt(self)` (`math.sqrt`; float kernels only).
    pub(crate) fn sqrt(self) -> Expr {
        Expr::Sqrt(Box::new(self))
    }

    /// `min(self, other)` (`arith.minsi`; integer kernels only).
    pub(crate) fn min(self, other: impl Into<Expr>) -> Expr {
        Expr::Bin(ElemOp::Min, Box::new(self), Box::new(other.into()))
    }
}

impl From<&Val> for Expr {
    fn from(v: &Val) -> Expr {
        Expr::Val(v.clone())
    }
}

impl Arr {
    /// The element `self[idx]` (an `affine.load`).
    pub(crate) fn at<const N: usize>(&self, idx: [Sub; N]) -> Expr {
        Expr::Load(self.clone(), idx.to_vec())
    }
}

macro_rules! elem_ops {
    ($($trait:ident $method:ident $op:ident),*) => {$(
        impl<T: Into<Expr>> $trait<T> for Expr {
            type Output = Expr;
            fn $method(self, rhs: T) -> Expr {
                Expr::Bin(ElemOp::$op, Box::new(self), Box::new(rhs.into()))
            }
        }
        impl<T: Into<Expr>> $trait<T> for &Val {
            type Output = Expr;
            fn $method(self, rhs: T) -> Expr {
                Expr::Bin(ElemOp::$op, Box::new(self.into()), Box::new(rhs.into()))
            }
        }
    )*};
}

elem_ops!(Add add Add, SubOp sub Sub, Mul mul Mul, Div div Div);

/// Subscripts of an `affine.load`/`affine.store`, written as in C:
/// `ix![i, j - 1, k + 1, h + r, 0]`.
macro_rules! ix {
    (@one $v:ident + $c:literal) => { $v.plus($c) };
    (@one $v:ident - $c:literal) => { $v.plus(-$c) };
    (@one $v:ident + $w:ident) => { $v.plus_iv($w) };
    (@one $v:ident) => { $v.at() };
    (@one $c:literal) => { $crate::kernels::emit::Sub::from($c) };
    ($($a:tt $(+ $p:tt)? $(- $m:tt)?),* $(,)?) => { [$(ix!(@one $a $(+ $p)? $(- $m)?)),*] };
}
pub(crate) use ix;

impl Body {
    /// Emits the `index` arithmetic of `e`.
    pub(crate) fn int(&mut self, e: &IExpr) -> Val {
        match e {
            IExpr::Iv(v) => v.clone(),
            IExpr::Const(c) => self.index(*c),
            IExpr::Bin(op, l, r) => {
                let l = self.int(l);
                let r = self.int(r);
                let op = match op {
                    IntOp::Add => "addi",
                    IntOp::Sub => "subi",
                    IntOp::Mul => "muli",
                    IntOp::Rem => "remsi",
                };
                self.binary(op, &l, &r, "index")
            }
        }
    }

    /// Emits `e`, operands before operators, left before right.
    pub(crate) fn eval(&mut self, e: &Expr) -> Val {
        match e {
            Expr::Val(v) => v.clone(),
            Expr::Lit(x) => self.constant(*x),
            Expr::Int(i) => {
                let i = self.int(i);
                self.convert(&i)
            }
            Expr::Load(a, idx) => self.load(a, idx),
            Expr::Sqrt(e) => {
                let v = self.eval(e);
                let ty = self.elem().mlir();
                self.def(&format!("math.sqrt {v} : {ty}"))
            }
            Expr::Bin(op, l, r) => {
                let l = self.eval(l);
                let r = self.eval(r);
                match op {
                    ElemOp::Add => self.add(&l, &r),
                    ElemOp::Sub => self.sub(&l, &r),
                    ElemOp::Mul => self.mul(&l, &r),
                    ElemOp::Div => self.div(&l, &r),
                    ElemOp::Min => {
                        let ty = self.elem().mlir();
                        self.binary("minsi", &l, &r, ty)
                    }
                }
            }
        }
    }

    /// `a[idx] = e`.
    pub(crate) fn set<const N: usize>(&mut self, a: &Arr, idx: [Sub; N], e: Expr) {
        let v = self.eval(&e);
        self.store(&v, a, &idx);
    }

    /// Fills the 1-D memref `a` with `f(i)`.
    pub(crate) fn fill1(&mut self, a: &Arr, f: impl Fn(&IExpr) -> Expr) {
        self.fill(a, |x| f(&x[0]));
    }

    /// Fills the 2-D memref `a` with `f(i, j)`.
    pub(crate) fn fill2(&mut self, a: &Arr, f: impl Fn(&IExpr, &IExpr) -> Expr) {
        self.fill(a, |x| f(&x[0], &x[1]));
    }

    /// Fills the 3-D memref `a` with `f(i, j, k)`.
    pub(crate) fn fill3(&mut self, a: &Arr, f: impl Fn(&IExpr, &IExpr, &IExpr) -> Expr) {
        self.fill(a, |x| f(&x[0], &x[1], &x[2]));
    }

    /// Fills the 4-D memref `a` with `f(i, j, k, l)`.
    pub(crate) fn fill4(&mut self, a: &Arr, f: impl Fn(&IExpr, &IExpr, &IExpr, &IExpr) -> Expr) {
        self.fill(a, |x| f(&x[0], &x[1], &x[2], &x[3]));
    }

    /// Loops over every element of `a` in row-major order (induction
    /// variables `%i0`, `%i1`, ...) and stores `f(ivs)` there.
    fn fill(&mut self, a: &Arr, f: impl Fn(&[IExpr]) -> Expr) {
        self.nest(&a.shape, &mut Vec::new(), &|b, ivs| {
            let e = f(&ivs.iter().map(IExpr::from).collect::<Vec<_>>());
            let v = b.eval(&e);
            let idx: Vec<Sub> = ivs.iter().map(Val::at).collect();
            b.store(&v, a, &idx);
        });
    }
}
