//! Expressions of the kernels, written with Rust's operators so that a
//! statement reads like the C it transcribes and is evaluated in the same
//! order (C's precedence and left-to-right associativity are Rust's).
//!
//! [`IExpr`] is an integer expression of induction variables (PolyBench's
//! initialisation formulas such as `(i*j+1) % ni`), emitted as `index`
//! arithmetic with C's truncating remainder. [`Expr`] is a value of the
//! element type: memref elements, SSA values, literals, converted
//! integers, the four operations and negation (plus `min` and `max` for
//! integer kernels), `sqrt`, C's conditional `l <= r ? t : f` and a
//! `double` literal multiplying a value of the element type.

use std::ops::{Add, Div, Mul, Neg, Rem, Sub as SubOp};

use super::emit::{float_literal, Arr, Body, Sub, Val};
use super::ElemType;

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
    /// C's unary minus (`arith.negf`; `0 - e` in integer kernels).
    Neg(Box<Expr>),
    /// C's `l <cmp> r ? t : f` (`arith.cmpf`/`arith.cmpi` and
    /// `arith.select`; both branches are pure, so both are evaluated).
    Cond(Cmp, Box<[Expr; 4]>),
    /// C's `c * e` where `c` is a `double` literal (not `SCALAR_VAL(c)`):
    /// in `f32` kernels `e` is widened to `f64`, multiplied there and the
    /// product rounded back to `f32` (`arith.extf`, `mulf`, `arith.truncf`),
    /// as C evaluates `float * double`.
    DoubleMul(f64, Box<Expr>),
}

/// The comparisons of [`Expr::Cond`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cmp {
    /// C's `==` (`oeq` / `eq`).
    Eq,
    /// C's `<=` (`ole` / `sle`: false on NaN, as C).
    Le,
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
    /// `maxsi` (integer kernels).
    Max,
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

/// C's `l <cmp> r ? t : f`.
pub(crate) fn cond(l: Expr, cmp: Cmp, r: Expr, t: Expr, f: Expr) -> Expr {
    Expr::Cond(cmp, Box::new([l, r, t, f]))
}

/// C's `c * e` with a `double` literal `c` (see [`Expr::DoubleMul`]).
pub(crate) fn double_mul(c: f64, e: Expr) -> Expr {
    Expr::DoubleMul(c, Box::new(e))
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

    /// `max(self, other)` (`arith.maxsi`; integer kernels only): C's
    /// `self >= other ? self : other` on integers.
    pub(crate) fn max(self, other: impl Into<Expr>) -> Expr {
        Expr::Bin(ElemOp::Max, Box::new(self), Box::new(other.into()))
    }
}

impl Neg for Expr {
    type Output = Expr;
    fn neg(self) -> Expr {
        Expr::Neg(Box::new(self))
    }
}

impl Neg for &Val {
    type Output = Expr;
    fn neg(self) -> Expr {
        Expr::Neg(Box::new(self.into()))
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
/// `ix![i, j - 1, k + 1, h + r, 0]`; anything else as a braced
/// [`Lin`](super::emit::Lin): `ix![{lin(&[(1, k), (-1, i)], -1)}, j]`.
macro_rules! ix {
    (@one {$e:expr}) => { $crate::kernels::emit::Sub::from($e) };
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
            Expr::Neg(e) => {
                let v = self.eval(e);
                let ty = self.elem().mlir();
                if self.elem().is_float() {
                    self.def(&format!("arith.negf {v} : {ty}"))
                } else {
                    let zero = self.constant(0.0);
                    self.binary("subi", &zero, &v, ty)
                }
            }
            Expr::Cond(cmp, parts) => {
                let [l, r, t, f] = &**parts;
                let (l, r) = (self.eval(l), self.eval(r));
                let ty = self.elem().mlir();
                let (op, pred) = match (self.elem().is_float(), cmp) {
                    (true, Cmp::Eq) => ("cmpf", "oeq"),
                    (true, Cmp::Le) => ("cmpf", "ole"),
                    (false, Cmp::Eq) => ("cmpi", "eq"),
                    (false, Cmp::Le) => ("cmpi", "sle"),
                };
                let c = self.def(&format!("arith.{op} {pred}, {l}, {r} : {ty}"));
                let (t, f) = (self.eval(t), self.eval(f));
                self.def(&format!("arith.select {c}, {t}, {f} : {ty}"))
            }
            Expr::DoubleMul(c, e) => {
                let v = self.eval(e);
                match self.elem() {
                    ElemType::F32 => {
                        let wide = self.def(&format!("arith.extf {v} : f32 to f64"));
                        let lit = float_literal(*c);
                        let c = self.def(&format!("arith.constant {lit} : f64"));
                        let prod = self.binary("mulf", &c, &wide, "f64");
                        self.def(&format!("arith.truncf {prod} : f64 to f32"))
                    }
                    _ => {
                        let c = self.constant(*c);
                        self.mul(&c, &v)
                    }
                }
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
                    ElemOp::Max => {
                        let ty = self.elem().mlir();
                        self.binary("maxsi", &l, &r, ty)
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
