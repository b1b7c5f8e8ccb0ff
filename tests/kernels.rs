//! The benchmark kernel suite (`tessera::kernels`) proven correct.
//!
//! - Every kernel, at MINI size, at two smaller odd sizes and with every
//!   size 1, in every element type it supports, is run in tessera's
//!   interpreter and compared with an independent plain-Rust transcription
//!   of the PolyBench C code computing in the same type with the same
//!   operation order: every element of every live-out array must be
//!   bit-identical, the printed checksums equal, and the operations the
//!   transcription executes must be exactly the kernel's flop formula.
//! - The files of `examples/kernels/` are the generator's output (set
//!   `TESSERA_BLESS=1` to rewrite them), parse and verify, and their kernel
//!   functions hold nothing but affine loop nests.
//! - mlir-opt 19 accepts every MINI module, and `mlir-cpu-runner` prints
//!   what the interpreter prints.

#[path = "../ir/tests/common/mod.rs"]
mod common;

use std::cell::Cell;
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::ops::{Add, Div, Index, IndexMut, Mul, Neg, Sub};
use std::path::{Path, PathBuf};

use tessera::kernels::{
    all, benchmark_files, find, ArgKind, Dataset, ElemType, KernelError, KernelSpec, Suite,
    OUTPUTS_ENTRY,
};
use tessera_ir::interp::format::format_g;
use tessera_ir::interp::{Interpreter, RtValue};
use tessera_ir::{parse_and_verify, Type};

// ---------------------------------------------------------------------------
// Counted arithmetic and arrays for the reference implementations.

thread_local! {
    static OPS: Cell<u64> = const { Cell::new(0) };
}

/// Operations executed so far on this thread by [`R`] values.
fn ops() -> u64 {
    OPS.with(Cell::get)
}

fn tick() {
    OPS.with(|c| c.set(c.get() + 1));
}

/// `f32` or `f64`, with MLIR's reading of literals.
trait Float:
    Copy
    + Debug
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// The literal `v` as `arith.constant v : T` reads it (as a double,
    /// then rounded to `T`).
    fn lit(v: f64) -> Self;
    /// `arith.sitofp`.
    fn from_int(v: i64) -> Self;
    fn widen(self) -> f64;
    /// The correctly rounded square root (`math.sqrt`).
    fn root(self) -> Self;
    /// C's `expf` / `exp`.
    fn exp_fun(self) -> Self;
    /// C's `powf` / `pow`.
    fn pow_fun(self, e: Self) -> Self;
    /// C's `c * self` for a `double` literal `c`: a `float` is promoted,
    /// multiplied in `double` and the product rounded back on assignment.
    fn double_mul(c: f64, x: Self) -> Self;
}

impl Float for f32 {
    fn lit(v: f64) -> f32 {
        v as f32
    }
    fn from_int(v: i64) -> f32 {
        v as f32
    }
    fn widen(self) -> f64 {
        f64::from(self)
    }
    fn root(self) -> f32 {
        self.sqrt()
    }
    fn exp_fun(self) -> f32 {
        self.exp()
    }
    fn pow_fun(self, e: f32) -> f32 {
        self.powf(e)
    }
    fn double_mul(c: f64, x: f32) -> f32 {
        (c * f64::from(x)) as f32
    }
}

impl Float for f64 {
    fn lit(v: f64) -> f64 {
        v
    }
    fn from_int(v: i64) -> f64 {
        v as f64
    }
    fn widen(self) -> f64 {
        self
    }
    fn root(self) -> f64 {
        self.sqrt()
    }
    fn exp_fun(self) -> f64 {
        self.exp()
    }
    fn pow_fun(self, e: f64) -> f64 {
        self.powf(e)
    }
    fn double_mul(c: f64, x: f64) -> f64 {
        c * x
    }
}

/// A value whose every arithmetic operation is counted.
#[derive(Clone, Copy, Debug)]
struct R<T>(T);

macro_rules! counted {
    ($($trait:ident $method:ident),*) => {$(
        impl<T: Float> $trait for R<T> {
            type Output = R<T>;
            fn $method(self, rhs: R<T>) -> R<T> {
                tick();
                R(self.0.$method(rhs.0))
            }
        }
    )*};
}

counted!(Add add, Sub sub, Mul mul, Div div);

impl<T: Float> Neg for R<T> {
    type Output = R<T>;
    fn neg(self) -> R<T> {
        tick();
        R(-self.0)
    }
}

impl<T: Float> R<T> {
    /// `sqrt(self)`, counted as one operation.
    fn sqrt(self) -> R<T> {
        tick();
        R(self.0.root())
    }

    /// C's `c * self` with a `double` literal `c`, counted as one
    /// operation.
    fn double_mul(self, c: f64) -> R<T> {
        tick();
        R(T::double_mul(c, self.0))
    }

    /// C's `self <= other` (false on NaN).
    fn le(self, other: R<T>) -> bool {
        self.0 <= other.0
    }
}

/// The literal `v`.
fn lit<T: Float>(v: f64) -> R<T> {
    R(T::lit(v))
}

/// `(DATA_TYPE) v`.
fn int<T: Float>(v: i64) -> R<T> {
    R(T::from_int(v))
}

/// A row-major array indexed by `[i64; N]`.
#[derive(Clone, Debug)]
struct Grid<T> {
    shape: Vec<i64>,
    data: Vec<T>,
}

impl<T: Copy> Grid<T> {
    fn new(shape: &[i64], v: T) -> Grid<T> {
        let len = shape.iter().product::<i64>() as usize;
        Grid {
            shape: shape.to_vec(),
            data: vec![v; len],
        }
    }

    /// Every element set to `f(index)`, in row-major order.
    fn from_fn(shape: &[i64], f: impl Fn(&[i64]) -> T) -> Grid<T> {
        let mut data = Vec::new();
        let mut idx = vec![0i64; shape.len()];
        let len = shape.iter().product::<i64>();
        for _ in 0..len {
            data.push(f(&idx));
            for d in (0..shape.len()).rev() {
                idx[d] += 1;
                if idx[d] < shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
        Grid {
            shape: shape.to_vec(),
            data,
        }
    }

    fn offset(&self, idx: &[i64]) -> usize {
        assert_eq!(idx.len(), self.shape.len(), "rank");
        let mut off = 0;
        for (&i, &n) in idx.iter().zip(&self.shape) {
            assert!((0..n).contains(&i), "index {idx:?} out of {:?}", self.shape);
            off = off * n + i;
        }
        off as usize
    }
}

impl<T: Copy, const N: usize> Index<[i64; N]> for Grid<T> {
    type Output = T;
    fn index(&self, idx: [i64; N]) -> &T {
        &self.data[self.offset(&idx)]
    }
}

impl<T: Copy, const N: usize> IndexMut<[i64; N]> for Grid<T> {
    fn index_mut(&mut self, idx: [i64; N]) -> &mut T {
        let off = self.offset(&idx);
        &mut self.data[off]
    }
}

/// The live-out arrays of a reference run and the operations its kernel
/// executed.
type Out<T> = (Vec<Grid<R<T>>>, u64);

/// An array whose elements are never read before being written.
fn scratch<T: Float>(shape: &[i64]) -> Grid<R<T>> {
    Grid::new(shape, lit(f64::NAN))
}

// ---------------------------------------------------------------------------
// The reference implementations: PolyBench 4.2's C, transcribed.

fn gemm<T: Float>(s: &[i64]) -> Out<T> {
    let [ni, nj, nk] = [s[0], s[1], s[2]];
    let (alpha, beta) = (lit::<T>(1.5), lit::<T>(1.2));
    let mut c = Grid::from_fn(&[ni, nj], |x| int::<T>((x[0] * x[1] + 1) % ni) / int(ni));
    let a = Grid::from_fn(&[ni, nk], |x| int::<T>(x[0] * (x[1] + 1) % nk) / int(nk));
    let b = Grid::from_fn(&[nk, nj], |x| int::<T>(x[0] * (x[1] + 2) % nj) / int(nj));
    let start = ops();
    for i in 0..ni {
        for j in 0..nj {
            c[[i, j]] = c[[i, j]] * beta;
        }
        for k in 0..nk {
            for j in 0..nj {
                c[[i, j]] = c[[i, j]] + alpha * a[[i, k]] * b[[k, j]];
            }
        }
    }
    (vec![c], ops() - start)
}

fn two_mm<T: Float>(s: &[i64]) -> Out<T> {
    let [ni, nj, nk, nl] = [s[0], s[1], s[2], s[3]];
    let (alpha, beta) = (lit::<T>(1.5), lit::<T>(1.2));
    let mut tmp = scratch::<T>(&[ni, nj]);
    let a = Grid::from_fn(&[ni, nk], |x| int::<T>((x[0] * x[1] + 1) % ni) / int(ni));
    let b = Grid::from_fn(&[nk, nj], |x| int::<T>(x[0] * (x[1] + 1) % nj) / int(nj));
    let c = Grid::from_fn(&[nj, nl], |x| {
        int::<T>((x[0] * (x[1] + 3) + 1) % nl) / int(nl)
    });
    let mut d = Grid::from_fn(&[ni, nl], |x| int::<T>(x[0] * (x[1] + 2) % nk) / int(nk));
    let start = ops();
    for i in 0..ni {
        for j in 0..nj {
            tmp[[i, j]] = lit(0.0);
            for k in 0..nk {
                tmp[[i, j]] = tmp[[i, j]] + alpha * a[[i, k]] * b[[k, j]];
            }
        }
    }
    for i in 0..ni {
        for j in 0..nl {
            d[[i, j]] = d[[i, j]] * beta;
            for k in 0..nj {
                d[[i, j]] = d[[i, j]] + tmp[[i, k]] * c[[k, j]];
            }
        }
    }
    (vec![d], ops() - start)
}

fn three_mm<T: Float>(s: &[i64]) -> Out<T> {
    let [ni, nj, nk, nl, nm] = [s[0], s[1], s[2], s[3], s[4]];
    let a = Grid::from_fn(&[ni, nk], |x| {
        int::<T>((x[0] * x[1] + 1) % ni) / int(5 * ni)
    });
    let b = Grid::from_fn(&[nk, nj], |x| {
        int::<T>((x[0] * (x[1] + 1) + 2) % nj) / int(5 * nj)
    });
    let c = Grid::from_fn(&[nj, nm], |x| {
        int::<T>(x[0] * (x[1] + 3) % nl) / int(5 * nl)
    });
    let d = Grid::from_fn(&[nm, nl], |x| {
        int::<T>((x[0] * (x[1] + 2) + 2) % nk) / int(5 * nk)
    });
    let (mut e, mut f, mut g) = (
        scratch::<T>(&[ni, nj]),
        scratch::<T>(&[nj, nl]),
        scratch::<T>(&[ni, nl]),
    );
    let start = ops();
    for i in 0..ni {
        for j in 0..nj {
            e[[i, j]] = lit(0.0);
            for k in 0..nk {
                e[[i, j]] = e[[i, j]] + a[[i, k]] * b[[k, j]];
            }
        }
    }
    for i in 0..nj {
        for j in 0..nl {
            f[[i, j]] = lit(0.0);
            for k in 0..nm {
                f[[i, j]] = f[[i, j]] + c[[i, k]] * d[[k, j]];
            }
        }
    }
    for i in 0..ni {
        for j in 0..nl {
            g[[i, j]] = lit(0.0);
            for k in 0..nj {
                g[[i, j]] = g[[i, j]] + e[[i, k]] * f[[k, j]];
            }
        }
    }
    (vec![g], ops() - start)
}

fn atax<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let fn_ = int::<T>(n);
    let x = Grid::from_fn(&[n], |x| int::<T>(1) + int::<T>(x[0]) / fn_);
    let a = Grid::from_fn(&[m, n], |x| int::<T>((x[0] + x[1]) % n) / int(5 * m));
    let mut y = scratch::<T>(&[n]);
    let mut tmp = scratch::<T>(&[m]);
    let start = ops();
    for i in 0..n {
        y[[i]] = lit(0.0);
    }
    for i in 0..m {
        tmp[[i]] = lit(0.0);
        for j in 0..n {
            tmp[[i]] = tmp[[i]] + a[[i, j]] * x[[j]];
        }
        for j in 0..n {
            y[[j]] = y[[j]] + a[[i, j]] * tmp[[i]];
        }
    }
    (vec![y], ops() - start)
}

fn bicg<T: Float>(sz: &[i64]) -> Out<T> {
    let [m, n] = [sz[0], sz[1]];
    let p = Grid::from_fn(&[m], |x| int::<T>(x[0] % m) / int(m));
    let r = Grid::from_fn(&[n], |x| int::<T>(x[0] % n) / int(n));
    let a = Grid::from_fn(&[n, m], |x| int::<T>(x[0] * (x[1] + 1) % n) / int(n));
    let (mut s, mut q) = (scratch::<T>(&[m]), scratch::<T>(&[n]));
    let start = ops();
    for i in 0..m {
        s[[i]] = lit(0.0);
    }
    for i in 0..n {
        q[[i]] = lit(0.0);
        for j in 0..m {
            s[[j]] = s[[j]] + r[[i]] * a[[i, j]];
            q[[i]] = q[[i]] + a[[i, j]] * p[[j]];
        }
    }
    (vec![s, q], ops() - start)
}

fn mvt<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let mut x1 = Grid::from_fn(&[n], |x| int::<T>(x[0] % n) / int(n));
    let mut x2 = Grid::from_fn(&[n], |x| int::<T>((x[0] + 1) % n) / int(n));
    let y1 = Grid::from_fn(&[n], |x| int::<T>((x[0] + 3) % n) / int(n));
    let y2 = Grid::from_fn(&[n], |x| int::<T>((x[0] + 4) % n) / int(n));
    let a = Grid::from_fn(&[n, n], |x| int::<T>(x[0] * x[1] % n) / int(n));
    let start = ops();
    for i in 0..n {
        for j in 0..n {
            x1[[i]] = x1[[i]] + a[[i, j]] * y1[[j]];
        }
    }
    for i in 0..n {
        for j in 0..n {
            x2[[i]] = x2[[i]] + a[[j, i]] * y2[[j]];
        }
    }
    (vec![x1, x2], ops() - start)
}

fn gesummv<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let (alpha, beta) = (lit::<T>(1.5), lit::<T>(1.2));
    let x = Grid::from_fn(&[n], |x| int::<T>(x[0] % n) / int(n));
    let a = Grid::from_fn(&[n, n], |x| int::<T>((x[0] * x[1] + 1) % n) / int(n));
    let b = Grid::from_fn(&[n, n], |x| int::<T>((x[0] * x[1] + 2) % n) / int(n));
    let (mut tmp, mut y) = (scratch::<T>(&[n]), scratch::<T>(&[n]));
    let start = ops();
    for i in 0..n {
        tmp[[i]] = lit(0.0);
        y[[i]] = lit(0.0);
        for j in 0..n {
            tmp[[i]] = a[[i, j]] * x[[j]] + tmp[[i]];
            y[[i]] = b[[i, j]] * x[[j]] + y[[i]];
        }
        y[[i]] = alpha * tmp[[i]] + beta * y[[i]];
    }
    (vec![y], ops() - start)
}

fn syrk<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let (alpha, beta) = (lit::<T>(1.5), lit::<T>(1.2));
    let a = Grid::from_fn(&[n, m], |x| int::<T>((x[0] * x[1] + 1) % n) / int(n));
    let mut c = Grid::from_fn(&[n, n], |x| int::<T>((x[0] * x[1] + 2) % m) / int(m));
    let start = ops();
    for i in 0..n {
        for j in 0..=i {
            c[[i, j]] = c[[i, j]] * beta;
        }
        for k in 0..m {
            for j in 0..=i {
                c[[i, j]] = c[[i, j]] + alpha * a[[i, k]] * a[[j, k]];
            }
        }
    }
    (vec![c], ops() - start)
}

fn syr2k<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let (alpha, beta) = (lit::<T>(1.5), lit::<T>(1.2));
    let a = Grid::from_fn(&[n, m], |x| int::<T>((x[0] * x[1] + 1) % n) / int(n));
    let b = Grid::from_fn(&[n, m], |x| int::<T>((x[0] * x[1] + 2) % m) / int(m));
    let mut c = Grid::from_fn(&[n, n], |x| int::<T>((x[0] * x[1] + 3) % n) / int(m));
    let start = ops();
    for i in 0..n {
        for j in 0..=i {
            c[[i, j]] = c[[i, j]] * beta;
        }
        for k in 0..m {
            for j in 0..=i {
                c[[i, j]] =
                    c[[i, j]] + (a[[j, k]] * alpha * b[[i, k]] + b[[j, k]] * alpha * a[[i, k]]);
            }
        }
    }
    (vec![c], ops() - start)
}

fn trmm<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let alpha = lit::<T>(1.5);
    let mut a = scratch::<T>(&[m, m]);
    let mut b = scratch::<T>(&[m, n]);
    for i in 0..m {
        for j in 0..i {
            a[[i, j]] = int::<T>((i + j) % m) / int(m);
        }
        a[[i, i]] = lit(1.0);
        for j in 0..n {
            b[[i, j]] = int::<T>((n + (i - j)) % n) / int(n);
        }
    }
    let start = ops();
    for i in 0..m {
        for j in 0..n {
            for k in i + 1..m {
                b[[i, j]] = b[[i, j]] + a[[k, i]] * b[[k, j]];
            }
            b[[i, j]] = alpha * b[[i, j]];
        }
    }
    (vec![b], ops() - start)
}

fn gemver<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let (alpha, beta) = (lit::<T>(1.5), lit::<T>(1.2));
    let fn_ = int::<T>(n);
    let part = |den: f64| Grid::from_fn(&[n], |x| int::<T>(x[0] + 1) / fn_ / lit(den));
    let u1 = Grid::from_fn(&[n], |x| int::<T>(x[0]));
    let (u2, v1, v2, y, z) = (part(2.0), part(4.0), part(6.0), part(8.0), part(9.0));
    let mut x = Grid::new(&[n], lit::<T>(0.0));
    let mut w = Grid::new(&[n], lit::<T>(0.0));
    let mut a = Grid::from_fn(&[n, n], |x| int::<T>(x[0] * x[1] % n) / int(n));
    let start = ops();
    for i in 0..n {
        for j in 0..n {
            a[[i, j]] = a[[i, j]] + u1[[i]] * v1[[j]] + u2[[i]] * v2[[j]];
        }
    }
    for i in 0..n {
        for j in 0..n {
            x[[i]] = x[[i]] + beta * a[[j, i]] * y[[j]];
        }
    }
    for i in 0..n {
        x[[i]] = x[[i]] + z[[i]];
    }
    for i in 0..n {
        for j in 0..n {
            w[[i]] = w[[i]] + alpha * a[[i, j]] * x[[j]];
        }
    }
    (vec![w], ops() - start)
}

fn doitgen<T: Float>(s: &[i64]) -> Out<T> {
    let [nq, nr, np] = [s[0], s[1], s[2]];
    let mut a = Grid::from_fn(&[nr, nq, np], |x| {
        int::<T>((x[0] * x[1] + x[2]) % np) / int(np)
    });
    let c4 = Grid::from_fn(&[np, np], |x| int::<T>(x[0] * x[1] % np) / int(np));
    let mut sum = scratch::<T>(&[np]);
    let start = ops();
    for r in 0..nr {
        for q in 0..nq {
            for p in 0..np {
                sum[[p]] = lit(0.0);
                for s in 0..np {
                    sum[[p]] = sum[[p]] + a[[r, q, s]] * c4[[s, p]];
                }
            }
            for p in 0..np {
                a[[r, q, p]] = sum[[p]];
            }
        }
    }
    (vec![a], ops() - start)
}

/// `lu`'s and `cholesky`'s initialisation: `L*L^T` for a unit lower
/// triangular `L`.
fn positive_semi_definite<T: Float>(n: i64) -> Grid<R<T>> {
    let mut a = scratch::<T>(&[n, n]);
    for i in 0..n {
        for j in 0..=i {
            a[[i, j]] = int::<T>(-j % n) / int(n) + int(1);
        }
        for j in i + 1..n {
            a[[i, j]] = lit(0.0);
        }
        a[[i, i]] = lit(1.0);
    }
    let mut b = Grid::new(&[n, n], lit::<T>(0.0));
    for t in 0..n {
        for r in 0..n {
            for s in 0..n {
                b[[r, s]] = b[[r, s]] + a[[r, t]] * a[[s, t]];
            }
        }
    }
    b
}

fn lu<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let mut a = positive_semi_definite::<T>(n);
    let start = ops();
    for i in 0..n {
        for j in 0..i {
            for k in 0..j {
                a[[i, j]] = a[[i, j]] - a[[i, k]] * a[[k, j]];
            }
            a[[i, j]] = a[[i, j]] / a[[j, j]];
        }
        for j in i..n {
            for k in 0..i {
                a[[i, j]] = a[[i, j]] - a[[i, k]] * a[[k, j]];
            }
        }
    }
    (vec![a], ops() - start)
}

fn cholesky<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let mut a = positive_semi_definite::<T>(n);
    let start = ops();
    for i in 0..n {
        for j in 0..i {
            for k in 0..j {
                a[[i, j]] = a[[i, j]] - a[[i, k]] * a[[j, k]];
            }
            a[[i, j]] = a[[i, j]] / a[[j, j]];
        }
        for k in 0..i {
            a[[i, i]] = a[[i, i]] - a[[i, k]] * a[[i, k]];
        }
        a[[i, i]] = a[[i, i]].sqrt();
    }
    (vec![a], ops() - start)
}

fn jacobi_2d<T: Float>(s: &[i64]) -> Out<T> {
    let [tsteps, n] = [s[0], s[1]];
    let mut a = Grid::from_fn(&[n, n], |x| {
        (int::<T>(x[0]) * int(x[1] + 2) + int(2)) / int(n)
    });
    let mut b = Grid::from_fn(&[n, n], |x| {
        (int::<T>(x[0]) * int(x[1] + 3) + int(3)) / int(n)
    });
    let fifth = lit::<T>(0.2);
    let start = ops();
    for _ in 0..tsteps {
        for i in 1..n - 1 {
            for j in 1..n - 1 {
                b[[i, j]] = fifth
                    * (a[[i, j]] + a[[i, j - 1]] + a[[i, 1 + j]] + a[[1 + i, j]] + a[[i - 1, j]]);
            }
        }
        for i in 1..n - 1 {
            for j in 1..n - 1 {
                a[[i, j]] = fifth
                    * (b[[i, j]] + b[[i, j - 1]] + b[[i, 1 + j]] + b[[1 + i, j]] + b[[i - 1, j]]);
            }
        }
    }
    (vec![a], ops() - start)
}

fn seidel_2d<T: Float>(s: &[i64]) -> Out<T> {
    let [tsteps, n] = [s[0], s[1]];
    let mut a = Grid::from_fn(&[n, n], |x| {
        (int::<T>(x[0]) * int(x[1] + 2) + int(2)) / int(n)
    });
    let nine = lit::<T>(9.0);
    let start = ops();
    for _ in 0..tsteps {
        for i in 1..=n - 2 {
            for j in 1..=n - 2 {
                a[[i, j]] = (a[[i - 1, j - 1]]
                    + a[[i - 1, j]]
                    + a[[i - 1, j + 1]]
                    + a[[i, j - 1]]
                    + a[[i, j]]
                    + a[[i, j + 1]]
                    + a[[i + 1, j - 1]]
                    + a[[i + 1, j]]
                    + a[[i + 1, j + 1]])
                    / nine;
            }
        }
    }
    (vec![a], ops() - start)
}

fn heat_3d<T: Float>(s: &[i64]) -> Out<T> {
    let [tsteps, n] = [s[0], s[1]];
    let init = |x: &[i64]| int::<T>(x[0] + x[1] + (n - x[2])) * int(10) / int(n);
    let mut a = Grid::from_fn(&[n, n, n], init);
    let mut b = Grid::from_fn(&[n, n, n], init);
    let (c, two) = (lit::<T>(0.125), lit::<T>(2.0));
    let step = |dst: &mut Grid<R<T>>, src: &Grid<R<T>>| {
        for i in 1..n - 1 {
            for j in 1..n - 1 {
                for k in 1..n - 1 {
                    dst[[i, j, k]] = c
                        * (src[[i + 1, j, k]] - two * src[[i, j, k]] + src[[i - 1, j, k]])
                        + c * (src[[i, j + 1, k]] - two * src[[i, j, k]] + src[[i, j - 1, k]])
                        + c * (src[[i, j, k + 1]] - two * src[[i, j, k]] + src[[i, j, k - 1]])
                        + src[[i, j, k]];
                }
            }
        }
    };
    let start = ops();
    for _ in 1..=tsteps {
        step(&mut b, &a);
        step(&mut a, &b);
    }
    (vec![a], ops() - start)
}

fn fdtd_2d<T: Float>(s: &[i64]) -> Out<T> {
    let [tmax, nx, ny] = [s[0], s[1], s[2]];
    let fict = Grid::from_fn(&[tmax], |x| int::<T>(x[0]));
    let mut ex = Grid::from_fn(&[nx, ny], |x| int::<T>(x[0]) * int(x[1] + 1) / int(nx));
    let mut ey = Grid::from_fn(&[nx, ny], |x| int::<T>(x[0]) * int(x[1] + 2) / int(ny));
    let mut hz = Grid::from_fn(&[nx, ny], |x| int::<T>(x[0]) * int(x[1] + 3) / int(nx));
    let (half, c07) = (lit::<T>(0.5), lit::<T>(0.7));
    let start = ops();
    for t in 0..tmax {
        for j in 0..ny {
            ey[[0, j]] = fict[[t]];
        }
        for i in 1..nx {
            for j in 0..ny {
                ey[[i, j]] = ey[[i, j]] - half * (hz[[i, j]] - hz[[i - 1, j]]);
            }
        }
        for i in 0..nx {
            for j in 1..ny {
                ex[[i, j]] = ex[[i, j]] - half * (hz[[i, j]] - hz[[i, j - 1]]);
            }
        }
        for i in 0..nx - 1 {
            for j in 0..ny - 1 {
                hz[[i, j]] =
                    hz[[i, j]] - c07 * (ex[[i, j + 1]] - ex[[i, j]] + ey[[i + 1, j]] - ey[[i, j]]);
            }
        }
    }
    (vec![ex, ey, hz], ops() - start)
}

fn matmul<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let a = Grid::from_fn(&[n, n], |x| int::<T>((x[0] * x[1] + 1) % n) / int(n));
    let b = Grid::from_fn(&[n, n], |x| int::<T>((x[0] * (x[1] + 1) + 2) % n) / int(n));
    let mut c = Grid::new(&[n, n], lit::<T>(0.0));
    let start = ops();
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                c[[i, j]] = c[[i, j]] + a[[i, k]] * b[[k, j]];
            }
        }
    }
    (vec![c], ops() - start)
}

/// The image element at logical coordinates `(n, c, h, w)`.
fn image<T: Float>(n: i64, c: i64, h: i64, w: i64) -> R<T> {
    int::<T>((c * (h + 1) + 3 * w + n) % 17) / int(17)
}

/// The filter element at logical coordinates `(k, c, r, s)`.
fn weight<T: Float>(k: i64, c: i64, r: i64, s: i64) -> R<T> {
    int::<T>((k * (c + 1) + 3 * r + s) % 7 - 3) / int(7)
}

fn conv2d_nchw<T: Float>(sz: &[i64]) -> Out<T> {
    let [nb, nc, nk, nh, nw, nr, ns] = [sz[0], sz[1], sz[2], sz[3], sz[4], sz[5], sz[6]];
    let input = Grid::from_fn(&[nb, nc, nh + nr - 1, nw + ns - 1], |x| {
        image::<T>(x[0], x[1], x[2], x[3])
    });
    let filter = Grid::from_fn(&[nk, nc, nr, ns], |x| weight::<T>(x[0], x[1], x[2], x[3]));
    let mut out = Grid::new(&[nb, nk, nh, nw], lit::<T>(0.0));
    let start = ops();
    for n in 0..nb {
        for k in 0..nk {
            for h in 0..nh {
                for w in 0..nw {
                    for c in 0..nc {
                        for r in 0..nr {
                            for s in 0..ns {
                                out[[n, k, h, w]] = out[[n, k, h, w]]
                                    + input[[n, c, h + r, w + s]] * filter[[k, c, r, s]];
                            }
                        }
                    }
                }
            }
        }
    }
    (vec![out], ops() - start)
}

fn conv2d_nhwc<T: Float>(sz: &[i64]) -> Out<T> {
    let [nb, nc, nk, nh, nw, nr, ns] = [sz[0], sz[1], sz[2], sz[3], sz[4], sz[5], sz[6]];
    let input = Grid::from_fn(&[nb, nh + nr - 1, nw + ns - 1, nc], |x| {
        image::<T>(x[0], x[3], x[1], x[2])
    });
    let filter = Grid::from_fn(&[nr, ns, nc, nk], |x| weight::<T>(x[3], x[2], x[0], x[1]));
    let mut out = Grid::new(&[nb, nh, nw, nk], lit::<T>(0.0));
    let start = ops();
    for n in 0..nb {
        for h in 0..nh {
            for w in 0..nw {
                for k in 0..nk {
                    for r in 0..nr {
                        for s in 0..ns {
                            for c in 0..nc {
                                out[[n, h, w, k]] = out[[n, h, w, k]]
                                    + input[[n, h + r, w + s, c]] * filter[[r, s, c, k]];
                            }
                        }
                    }
                }
            }
        }
    }
    (vec![out], ops() - start)
}

fn depthwise_conv2d<T: Float>(sz: &[i64]) -> Out<T> {
    let [nb, nc, nh, nw, nr, ns] = [sz[0], sz[1], sz[2], sz[3], sz[4], sz[5]];
    let input = Grid::from_fn(&[nb, nc, nh + nr - 1, nw + ns - 1], |x| {
        image::<T>(x[0], x[1], x[2], x[3])
    });
    let filter = Grid::from_fn(&[nc, nr, ns], |x| {
        int::<T>((x[0] + 3 * x[1] + x[2]) % 7 - 3) / int(7)
    });
    let mut out = Grid::new(&[nb, nc, nh, nw], lit::<T>(0.0));
    let start = ops();
    for n in 0..nb {
        for c in 0..nc {
            for h in 0..nh {
                for w in 0..nw {
                    for r in 0..nr {
                        for s in 0..ns {
                            out[[n, c, h, w]] =
                                out[[n, c, h, w]] + input[[n, c, h + r, w + s]] * filter[[c, r, s]];
                        }
                    }
                }
            }
        }
    }
    (vec![out], ops() - start)
}

fn symm<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let (alpha, beta) = (lit::<T>(1.5), lit::<T>(1.2));
    let mut c = scratch::<T>(&[m, n]);
    let mut b = scratch::<T>(&[m, n]);
    let mut a = scratch::<T>(&[m, m]);
    for i in 0..m {
        for j in 0..n {
            c[[i, j]] = int::<T>((i + j) % 100) / int(m);
            b[[i, j]] = int::<T>((n + i - j) % 100) / int(m);
        }
    }
    for i in 0..m {
        for j in 0..=i {
            a[[i, j]] = int::<T>((i + j) % 100) / int(m);
        }
        for j in i + 1..m {
            a[[i, j]] = int(-999);
        }
    }
    let start = ops();
    for i in 0..m {
        for j in 0..n {
            let mut temp2 = int::<T>(0);
            for k in 0..i {
                c[[k, j]] = c[[k, j]] + alpha * b[[i, j]] * a[[i, k]];
                temp2 = temp2 + b[[k, j]] * a[[i, k]];
            }
            c[[i, j]] = beta * c[[i, j]] + alpha * b[[i, j]] * a[[i, i]] + alpha * temp2;
        }
    }
    (vec![c], ops() - start)
}

fn gramschmidt<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let mut a = Grid::from_fn(&[m, n], |x| {
        int::<T>((x[0] * x[1]) % m) / int(m) * int(100) + int(10)
    });
    let mut q = Grid::new(&[m, n], lit::<T>(0.0));
    let mut r = Grid::new(&[n, n], lit::<T>(0.0));
    let start = ops();
    for k in 0..n {
        let mut nrm = lit::<T>(0.0);
        for i in 0..m {
            nrm = nrm + a[[i, k]] * a[[i, k]];
        }
        r[[k, k]] = nrm.sqrt();
        for i in 0..m {
            q[[i, k]] = a[[i, k]] / r[[k, k]];
        }
        for j in k + 1..n {
            r[[k, j]] = lit(0.0);
            for i in 0..m {
                r[[k, j]] = r[[k, j]] + q[[i, k]] * a[[i, j]];
            }
            for i in 0..m {
                a[[i, j]] = a[[i, j]] - q[[i, k]] * r[[k, j]];
            }
        }
    }
    (vec![r, q], ops() - start)
}

fn trisolv<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let mut l = scratch::<T>(&[n, n]);
    let mut x = scratch::<T>(&[n]);
    let mut b = scratch::<T>(&[n]);
    for i in 0..n {
        x[[i]] = int(-999);
        b[[i]] = int(i);
        for j in 0..=i {
            l[[i, j]] = int::<T>(i + n - j + 1) * int(2) / int(n);
        }
    }
    let start = ops();
    for i in 0..n {
        x[[i]] = b[[i]];
        for j in 0..i {
            x[[i]] = x[[i]] - l[[i, j]] * x[[j]];
        }
        x[[i]] = x[[i]] / l[[i, i]];
    }
    (vec![x], ops() - start)
}

fn durbin<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let r = Grid::from_fn(&[n], |x| int::<T>(n + 1 - x[0]));
    let mut y = scratch::<T>(&[n]);
    let mut z = scratch::<T>(&[n]);
    let start = ops();
    y[[0]] = -r[[0]];
    let mut beta = lit::<T>(1.0);
    let mut alpha = -r[[0]];
    for k in 1..n {
        beta = (int(1) - alpha * alpha) * beta;
        let mut sum = lit::<T>(0.0);
        for i in 0..k {
            sum = sum + r[[k - i - 1]] * y[[i]];
        }
        alpha = -(r[[k]] + sum) / beta;
        for i in 0..k {
            z[[i]] = y[[i]] + alpha * y[[k - i - 1]];
        }
        for i in 0..k {
            y[[i]] = z[[i]];
        }
        y[[k]] = alpha;
    }
    (vec![y], ops() - start)
}

fn ludcmp<T: Float>(s: &[i64]) -> Out<T> {
    let n = s[0];
    let fn_ = int::<T>(n);
    let mut x = Grid::new(&[n], int::<T>(0));
    let mut y = Grid::new(&[n], int::<T>(0));
    // `(i+1)/fn/2.0 + 4`: in `float`, C evaluates `/2.0` and `+ 4` in
    // `double`.
    let b = Grid::from_fn(&[n], |v| {
        let q = int::<T>(v[0] + 1) / fn_;
        R(T::lit(q.0.widen() / 2.0 + 4.0))
    });
    let mut a = positive_semi_definite::<T>(n);
    let start = ops();
    for i in 0..n {
        for j in 0..i {
            let mut w = a[[i, j]];
            for k in 0..j {
                w = w - a[[i, k]] * a[[k, j]];
            }
            a[[i, j]] = w / a[[j, j]];
        }
        for j in i..n {
            let mut w = a[[i, j]];
            for k in 0..i {
                w = w - a[[i, k]] * a[[k, j]];
            }
            a[[i, j]] = w;
        }
    }
    for i in 0..n {
        let mut w = b[[i]];
        for j in 0..i {
            w = w - a[[i, j]] * y[[j]];
        }
        y[[i]] = w;
    }
    for i in (0..n).rev() {
        let mut w = y[[i]];
        for j in i + 1..n {
            w = w - a[[i, j]] * x[[j]];
        }
        x[[i]] = w / a[[i, i]];
    }
    (vec![x], ops() - start)
}

fn correlation<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let float_n = int::<T>(n);
    let mut data = Grid::from_fn(&[n, m], |x| int::<T>(x[0] * x[1]) / int(m) + int(x[0]));
    let mut corr = scratch::<T>(&[m, m]);
    let mut mean = scratch::<T>(&[m]);
    let mut stddev = scratch::<T>(&[m]);
    let eps = lit::<T>(0.1);
    let start = ops();
    for j in 0..m {
        mean[[j]] = lit(0.0);
        for i in 0..n {
            mean[[j]] = mean[[j]] + data[[i, j]];
        }
        mean[[j]] = mean[[j]] / float_n;
    }
    for j in 0..m {
        stddev[[j]] = lit(0.0);
        for i in 0..n {
            stddev[[j]] = stddev[[j]] + (data[[i, j]] - mean[[j]]) * (data[[i, j]] - mean[[j]]);
        }
        stddev[[j]] = stddev[[j]] / float_n;
        stddev[[j]] = stddev[[j]].sqrt();
        stddev[[j]] = if stddev[[j]].le(eps) {
            lit(1.0)
        } else {
            stddev[[j]]
        };
    }
    for i in 0..n {
        for j in 0..m {
            data[[i, j]] = data[[i, j]] - mean[[j]];
            data[[i, j]] = data[[i, j]] / (float_n.sqrt() * stddev[[j]]);
        }
    }
    for i in 0..m - 1 {
        corr[[i, i]] = lit(1.0);
        for j in i + 1..m {
            corr[[i, j]] = lit(0.0);
            for k in 0..n {
                corr[[i, j]] = corr[[i, j]] + data[[k, i]] * data[[k, j]];
            }
            corr[[j, i]] = corr[[i, j]];
        }
    }
    corr[[m - 1, m - 1]] = lit(1.0);
    (vec![corr], ops() - start)
}

fn covariance<T: Float>(s: &[i64]) -> Out<T> {
    let [m, n] = [s[0], s[1]];
    let float_n = int::<T>(n);
    let mut data = Grid::from_fn(&[n, m], |x| int::<T>(x[0]) * int(x[1]) / int(m));
    let mut cov = scratch::<T>(&[m, m]);
    let mut mean = scratch::<T>(&[m]);
    let start = ops();
    for j in 0..m {
        mean[[j]] = lit(0.0);
        for i in 0..n {
            mean[[j]] = mean[[j]] + data[[i, j]];
        }
        mean[[j]] = mean[[j]] / float_n;
    }
    for i in 0..n {
        for j in 0..m {
            data[[i, j]] = data[[i, j]] - mean[[j]];
        }
    }
    for i in 0..m {
        for j in i..m {
            cov[[i, j]] = lit(0.0);
            for k in 0..n {
                cov[[i, j]] = cov[[i, j]] + data[[k, i]] * data[[k, j]];
            }
            cov[[i, j]] = cov[[i, j]] / (float_n - lit(1.0));
            cov[[j, i]] = cov[[i, j]];
        }
    }
    (vec![cov], ops() - start)
}

fn jacobi_1d<T: Float>(s: &[i64]) -> Out<T> {
    let [tsteps, n] = [s[0], s[1]];
    let mut a = Grid::from_fn(&[n], |x| (int::<T>(x[0]) + int(2)) / int(n));
    let mut b = Grid::from_fn(&[n], |x| (int::<T>(x[0]) + int(3)) / int(n));
    let start = ops();
    for _ in 0..tsteps {
        for i in 1..n - 1 {
            b[[i]] = (a[[i - 1]] + a[[i]] + a[[i + 1]]).double_mul(0.33333);
        }
        for i in 1..n - 1 {
            a[[i]] = (b[[i - 1]] + b[[i]] + b[[i + 1]]).double_mul(0.33333);
        }
    }
    (vec![a], ops() - start)
}

fn adi<T: Float>(s: &[i64]) -> Out<T> {
    let [tsteps, n] = [s[0], s[1]];
    let mut u = Grid::from_fn(&[n, n], |x| int::<T>(x[0] + n - x[1]) / int(n));
    let mut v = scratch::<T>(&[n, n]);
    let mut p = scratch::<T>(&[n, n]);
    let mut q = scratch::<T>(&[n, n]);
    let start = ops();
    let dx = lit::<T>(1.0) / int(n);
    let dy = lit::<T>(1.0) / int(n);
    let dt = lit::<T>(1.0) / int(tsteps);
    let (b1, b2) = (lit::<T>(2.0), lit::<T>(1.0));
    let mul1 = b1 * dt / (dx * dx);
    let mul2 = b2 * dt / (dy * dy);
    let a = -mul1 / lit(2.0);
    let b = lit(1.0) + mul1;
    let c = a;
    let d = -mul2 / lit(2.0);
    let e = lit(1.0) + mul2;
    let f = d;
    for _ in 1..=tsteps {
        // Column sweep.
        for i in 1..n - 1 {
            v[[0, i]] = lit(1.0);
            p[[i, 0]] = lit(0.0);
            q[[i, 0]] = v[[0, i]];
            for j in 1..n - 1 {
                p[[i, j]] = -c / (a * p[[i, j - 1]] + b);
                q[[i, j]] = (-d * u[[j, i - 1]] + (lit(1.0) + lit(2.0) * d) * u[[j, i]]
                    - f * u[[j, i + 1]]
                    - a * q[[i, j - 1]])
                    / (a * p[[i, j - 1]] + b);
            }
            v[[n - 1, i]] = lit(1.0);
            for j in (1..=n - 2).rev() {
                v[[j, i]] = p[[i, j]] * v[[j + 1, i]] + q[[i, j]];
            }
        }
        // Row sweep.
        for i in 1..n - 1 {
            u[[i, 0]] = lit(1.0);
            p[[i, 0]] = lit(0.0);
            q[[i, 0]] = u[[i, 0]];
            for j in 1..n - 1 {
                p[[i, j]] = -f / (d * p[[i, j - 1]] + e);
                q[[i, j]] = (-a * v[[i - 1, j]] + (lit(1.0) + lit(2.0) * a) * v[[i, j]]
                    - c * v[[i + 1, j]]
                    - d * q[[i, j - 1]])
                    / (d * p[[i, j - 1]] + e);
            }
            u[[i, n - 1]] = lit(1.0);
            for j in (1..=n - 2).rev() {
                u[[i, j]] = p[[i, j]] * u[[i, j + 1]] + q[[i, j]];
            }
        }
    }
    (vec![u], ops() - start)
}

fn deriche<T: Float>(s: &[i64]) -> Out<T> {
    let [w, h] = [s[0], s[1]];
    let img_in = Grid::from_fn(&[w, h], |x| {
        int::<T>((313 * x[0] + 991 * x[1]) % 65536) / lit(65535.0)
    });
    let mut img_out = scratch::<T>(&[w, h]);
    let mut y1 = scratch::<T>(&[w, h]);
    let mut y2 = scratch::<T>(&[w, h]);
    // The coefficients, from alpha = 0.25 in T (the generator computes
    // them; PolyBench's kernel does, before its loops).
    let alpha = T::lit(0.25);
    let (one, two) = (T::lit(1.0), T::lit(2.0));
    let e = |x: T| x.exp_fun();
    let k =
        (one - e(-alpha)) * (one - e(-alpha)) / (one + two * alpha * e(-alpha) - e(two * alpha));
    let (a1, a5) = (R(k), R(k));
    let a2 = R(k * e(-alpha) * (alpha - one));
    let a3 = R(k * e(-alpha) * (alpha + one));
    let a4 = R(-k * e(T::lit(-2.0) * alpha));
    let (a6, a7, a8) = (a2, a3, a4);
    let b1 = R(two.pow_fun(-alpha));
    let b2 = R(-e(T::lit(-2.0) * alpha));
    let (c1, c2) = (int::<T>(1), int::<T>(1));
    let zero = lit::<T>(0.0);
    let start = ops();
    for i in 0..w {
        let (mut ym1, mut ym2, mut xm1) = (zero, zero, zero);
        for j in 0..h {
            y1[[i, j]] = a1 * img_in[[i, j]] + a2 * xm1 + b1 * ym1 + b2 * ym2;
            xm1 = img_in[[i, j]];
            ym2 = ym1;
            ym1 = y1[[i, j]];
        }
    }
    for i in 0..w {
        let (mut yp1, mut yp2, mut xp1, mut xp2) = (zero, zero, zero, zero);
        for j in (0..h).rev() {
            y2[[i, j]] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
            xp2 = xp1;
            xp1 = img_in[[i, j]];
            yp2 = yp1;
            yp1 = y2[[i, j]];
        }
    }
    for i in 0..w {
        for j in 0..h {
            img_out[[i, j]] = c1 * (y1[[i, j]] + y2[[i, j]]);
        }
    }
    for j in 0..h {
        let (mut tm1, mut ym1, mut ym2) = (zero, zero, zero);
        for i in 0..w {
            y1[[i, j]] = a5 * img_out[[i, j]] + a6 * tm1 + b1 * ym1 + b2 * ym2;
            tm1 = img_out[[i, j]];
            ym2 = ym1;
            ym1 = y1[[i, j]];
        }
    }
    for j in 0..h {
        let (mut tp1, mut tp2, mut yp1, mut yp2) = (zero, zero, zero, zero);
        for i in (0..w).rev() {
            y2[[i, j]] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
            tp2 = tp1;
            tp1 = img_out[[i, j]];
            yp2 = yp1;
            yp1 = y2[[i, j]];
        }
    }
    for i in 0..w {
        for j in 0..h {
            img_out[[i, j]] = c2 * (y1[[i, j]] + y2[[i, j]]);
        }
    }
    (vec![img_out], ops() - start)
}

/// floyd-warshall on `i32`, counting one operation per addition and per
/// minimum.
fn floyd_warshall(s: &[i64]) -> (Vec<Grid<i32>>, u64) {
    let n = s[0];
    let mut path = Grid::from_fn(&[n, n], |x| {
        let (i, j) = (x[0], x[1]);
        if (i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0 {
            999
        } else {
            (i * j % 7 + 1) as i32
        }
    });
    let mut count = 0;
    for k in 0..n {
        for i in 0..n {
            for j in 0..n {
                let through = path[[i, k]] + path[[k, j]];
                path[[i, j]] = if path[[i, j]] < through {
                    path[[i, j]]
                } else {
                    through
                };
                count += 2;
            }
        }
    }
    (vec![path], count)
}

/// nussinov on `i32`, counting one operation per addition and per
/// `max_score`. The conditions are PolyBench's, as written.
#[allow(clippy::int_plus_one)]
fn nussinov(s: &[i64]) -> (Vec<Grid<i32>>, u64) {
    let n = s[0];
    let seq = Grid::from_fn(&[n], |x| ((x[0] + 1) % 4) as i32);
    let mut table = Grid::new(&[n, n], 0i32);
    let mut count = 0;
    let mut max_score = |s1: i32, s2: i32| {
        count += 1;
        if s1 >= s2 {
            s1
        } else {
            s2
        }
    };
    let mut adds = 0;
    for i in (0..n).rev() {
        for j in i + 1..n {
            if j - 1 >= 0 {
                table[[i, j]] = max_score(table[[i, j]], table[[i, j - 1]]);
            }
            if i + 1 < n {
                table[[i, j]] = max_score(table[[i, j]], table[[i + 1, j]]);
            }
            if j - 1 >= 0 && i + 1 < n {
                if i < j - 1 {
                    adds += 2;
                    let matched = i32::from(seq[[i]] + seq[[j]] == 3);
                    table[[i, j]] = max_score(table[[i, j]], table[[i + 1, j - 1]] + matched);
                } else {
                    table[[i, j]] = max_score(table[[i, j]], table[[i + 1, j - 1]]);
                }
            }
            for k in i + 1..j {
                adds += 1;
                table[[i, j]] = max_score(table[[i, j]], table[[i, k]] + table[[k + 1, j]]);
            }
        }
    }
    (vec![table], count + adds)
}

// ---------------------------------------------------------------------------
// Running the references and the generated modules.

/// What a run produces: the live-out arrays (widened to `f64`), the text
/// `@main` prints, and the kernel's operation count.
#[derive(Debug)]
struct Run {
    outputs: Vec<Vec<f64>>,
    printed: String,
    ops: u64,
}

fn float_reference<T: Float>(name: &str, s: &[i64]) -> Option<Run> {
    let f: fn(&[i64]) -> Out<T> = match name {
        "matmul" => matmul,
        "conv2d_nchw" => conv2d_nchw,
        "conv2d_nhwc" => conv2d_nhwc,
        "depthwise_conv2d" => depthwise_conv2d,
        "gemm" => gemm,
        "2mm" => two_mm,
        "3mm" => three_mm,
        "atax" => atax,
        "bicg" => bicg,
        "mvt" => mvt,
        "gesummv" => gesummv,
        "syrk" => syrk,
        "syr2k" => syr2k,
        "trmm" => trmm,
        "gemver" => gemver,
        "doitgen" => doitgen,
        "lu" => lu,
        "cholesky" => cholesky,
        "jacobi_2d" => jacobi_2d,
        "seidel_2d" => seidel_2d,
        "heat_3d" => heat_3d,
        "fdtd_2d" => fdtd_2d,
        "symm" => symm,
        "gramschmidt" => gramschmidt,
        "trisolv" => trisolv,
        "durbin" => durbin,
        "ludcmp" => ludcmp,
        "correlation" => correlation,
        "covariance" => covariance,
        "jacobi_1d" => jacobi_1d,
        "adi" => adi,
        "deriche" => deriche,
        _ => return None,
    };
    let (arrays, ops) = f(s);
    let mut printed = String::new();
    let mut outputs = Vec::new();
    for a in &arrays {
        // The checksum: the elements summed in order, in T, uncounted.
        let sum = a.data.iter().fold(T::lit(0.0), |acc, x| acc + x.0);
        printed.push_str(&format_g(sum.widen()));
        printed.push('\n');
        outputs.push(a.data.iter().map(|x| x.0.widen()).collect());
    }
    Some(Run {
        outputs,
        printed,
        ops,
    })
}

/// The reference run of kernel `name` at `sizes` in `elem`.
fn reference(name: &str, elem: ElemType, s: &[i64]) -> Run {
    let run = match elem {
        ElemType::F32 => float_reference::<f32>(name, s),
        ElemType::F64 => float_reference::<f64>(name, s),
        ElemType::I32 if matches!(name, "floyd_warshall" | "nussinov") => {
            let (arrays, ops) = if name == "nussinov" {
                nussinov(s)
            } else {
                floyd_warshall(s)
            };
            let printed = arrays
                .iter()
                .map(|a| format!("{}\n", a.data.iter().map(|&v| i64::from(v)).sum::<i64>()))
                .collect();
            let outputs = arrays
                .iter()
                .map(|a| a.data.iter().map(|&v| f64::from(v)).collect())
                .collect();
            Some(Run {
                outputs,
                printed,
                ops,
            })
        }
        ElemType::I32 => None,
    };
    run.unwrap_or_else(|| panic!("no reference for {name} in {elem:?}"))
}

/// What `@main` prints, and what `@outputs` returns, in the interpreter.
fn interpret(
    spec: &KernelSpec,
    elem: ElemType,
    s: &[i64],
) -> Result<(String, Vec<Vec<f64>>), String> {
    let file = format!("{}.mlir", spec.name);
    let text = spec.generate(elem, s).map_err(|e| e.to_string())?;
    let m = parse_and_verify(&file, &text).map_err(|e| e.to_string())?;
    let mut it = Interpreter::new(&m);
    it.call("main", &[]).map_err(|e| e.to_string())?;
    let printed = it.output().to_string();

    let text = spec
        .generate_returning_outputs(elem, s)
        .map_err(|e| e.to_string())?;
    let m = parse_and_verify(&file, &text).map_err(|e| e.to_string())?;
    let mut it = Interpreter::new(&m);
    let results = it.call(OUTPUTS_ENTRY, &[]).map_err(|e| e.to_string())?;
    let mut outputs = Vec::new();
    for r in results {
        let RtValue::Int(handle) = r else {
            return Err(format!("@{OUTPUTS_ENTRY} returned {r:?}"));
        };
        let handle = u32::try_from(handle).map_err(|e| e.to_string())?;
        outputs.push(it.read(RtValue::MemRef(handle)));
    }
    Ok((printed, outputs))
}

/// The size sets every kernel is checked at: MINI, two smaller sizes that
/// are not presets (odd shapes), and every size 1 (empty stencil interiors,
/// single iterations).
fn test_sizes(spec: &KernelSpec) -> Vec<Vec<i64>> {
    let mini = spec.sizes(Dataset::Mini);
    vec![
        mini.to_vec(),
        mini.iter().map(|&v| (v * 2 / 3).max(1)).collect(),
        mini.iter().map(|&v| (v / 3 + 1).max(1)).collect(),
        vec![1; mini.len()],
    ]
}

fn first_difference(ours: &[f64], reference: &[f64]) -> Option<(usize, f64, f64)> {
    if ours.len() != reference.len() {
        return Some((usize::MAX, ours.len() as f64, reference.len() as f64));
    }
    ours.iter()
        .zip(reference)
        .enumerate()
        .find(|(_, (a, b))| a.to_bits() != b.to_bits())
        .map(|(i, (a, b))| (i, *a, *b))
}

#[test]
fn every_kernel_computes_what_polybench_computes_bit_for_bit() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for spec in all() {
        for &elem in spec.elem_types {
            for sizes in test_sizes(spec) {
                let case = format!("{} {} {:?}", spec.name, elem.mlir(), sizes);
                let expected = reference(spec.name, elem, &sizes);
                let (printed, outputs) = match interpret(spec, elem, &sizes) {
                    Ok(r) => r,
                    Err(e) => {
                        failures.push(format!("{case}: {e}"));
                        continue;
                    }
                };
                if printed != expected.printed {
                    failures.push(format!(
                        "{case}: prints {printed:?}, the reference {:?}",
                        expected.printed
                    ));
                }
                if outputs.len() != expected.outputs.len() {
                    failures.push(format!("{case}: {} outputs", outputs.len()));
                }
                for (n, (ours, theirs)) in outputs.iter().zip(&expected.outputs).enumerate() {
                    if let Some((i, a, b)) = first_difference(ours, theirs) {
                        failures.push(format!(
                            "{case}: output {n} differs at element {i}: {a:e} vs reference {b:e}"
                        ));
                    }
                }
                match spec.flops(&sizes) {
                    Ok(f) if f == expected.ops => {}
                    other => failures.push(format!(
                        "{case}: flops {other:?}, the reference executes {}",
                        expected.ops
                    )),
                }
                checked += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 4 * 66, "only {checked} runs");
}

#[test]
fn the_checksums_are_not_trivial() {
    // A reference run that printed zeros everywhere would make the
    // comparison above vacuous.
    for spec in all() {
        let sizes = spec.sizes(Dataset::Mini);
        let run = reference(spec.name, spec.default_elem(), sizes);
        for line in run.printed.lines() {
            assert_ne!(line, "0", "{}: a zero checksum", spec.name);
        }
        assert!(run.ops > 0, "{}", spec.name);
    }
}

// ---------------------------------------------------------------------------
// The committed files.

fn kernels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kernels")
}

#[test]
fn committed_files_are_the_generators_output() {
    let dir = kernels_dir();
    let bless = std::env::var_os("TESSERA_BLESS").is_some();
    let mut expected = BTreeSet::new();
    for file in benchmark_files() {
        let text = file.generate().expect("benchmark sizes are valid");
        let path = dir.join(&file.file_name);
        if bless {
            std::fs::write(&path, &text).expect("write kernel file");
        } else {
            let committed = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                committed == text,
                "{} differs from the generator's output; rerun with TESSERA_BLESS=1",
                path.display()
            );
        }
        expected.insert(file.file_name);
    }
    let present: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("examples/kernels")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".mlir"))
        .collect();
    assert_eq!(
        present,
        expected,
        "stray or missing files in {}",
        dir.display()
    );
}

#[test]
fn committed_files_parse_verify_and_hold_only_affine_nests_in_the_kernel() {
    let files = benchmark_files();
    assert_eq!(files.len(), 8 + 33);
    for file in files {
        let path = kernels_dir().join(&file.file_name);
        let text = std::fs::read_to_string(&path).expect("committed kernel file");
        let m = parse_and_verify(&file.file_name, &text).unwrap_or_else(|e| panic!("{e}"));
        let entry = file.spec.entry_point();
        let kernel = m
            .function(&entry)
            .unwrap_or_else(|| panic!("{}: no @{entry}", file.file_name));
        assert!(m.function("main").is_some(), "{}: no @main", file.file_name);

        let mut ops = Vec::new();
        m.walk_from(kernel, &mut ops);
        let mut loops = 0;
        for &op in &ops[1..] {
            let name = m.ops[op].name.as_str();
            // C's locals (durbin's `z`, scalars living across statements)
            // are `memref.alloca`s, C's `if`s (nussinov) `affine.if`s.
            let allowed = matches!(
                name,
                "affine.for"
                    | "affine.if"
                    | "affine.yield"
                    | "affine.load"
                    | "affine.store"
                    | "memref.alloca"
                    | "func.return"
            ) || name.starts_with("arith.")
                || name == "math.sqrt";
            assert!(allowed, "{}: '{name}' in @{entry}", file.file_name);
            loops += usize::from(name == "affine.for");
        }
        assert!(loops > 0, "{}: no loop", file.file_name);

        // The signature is what `arguments` describes.
        let args = file
            .spec
            .arguments(file.elem, &file.sizes)
            .expect("valid sizes");
        let region = m.ops[kernel].regions[0];
        let block = m.regions[region].blocks[0];
        let types: Vec<String> = m.blocks[block]
            .args
            .iter()
            .map(|&v| m.value_type(v).to_string())
            .collect();
        let described: Vec<String> = args
            .iter()
            .map(|a| match &a.kind {
                ArgKind::Scalar { .. } => file.elem.mlir().to_string(),
                ArgKind::Array { shape, .. } => {
                    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
                    format!("memref<{}x{}>", dims.join("x"), file.elem.mlir())
                }
            })
            .collect();
        assert_eq!(types, described, "{}", file.file_name);
    }
}

#[test]
fn the_kernels_run_on_host_buffers_laid_out_as_arguments_describes() {
    for spec in all() {
        let elem = spec.default_elem();
        let sizes = spec.sizes(Dataset::Mini);
        let text = spec.generate(elem, sizes).expect("valid sizes");
        let m = parse_and_verify(spec.name, &text).expect("parses");
        let mut it = Interpreter::new(&m);
        let ty = match elem {
            ElemType::F32 => Type::F32,
            ElemType::F64 => Type::F64,
            ElemType::I32 => Type::Integer(32),
        };
        let mut args = Vec::new();
        for arg in spec.arguments(elem, sizes).expect("valid sizes") {
            args.push(match arg.kind {
                ArgKind::Scalar { value } => RtValue::Float(value),
                ArgKind::Array { shape, .. } => it.alloc(&ty, &shape, 1.0).expect("alloc"),
            });
        }
        it.call(&spec.entry_point(), &args)
            .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
    }
}

#[test]
fn the_readme_table_matches_the_specs() {
    let readme = std::fs::read_to_string(kernels_dir().join("README.md"))
        .expect("examples/kernels/README.md");
    let join = |s: &[i64]| s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    for spec in all() {
        let prefix = format!("| {} |", spec.name);
        let row = readme
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("README: no row for {}", spec.name));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let [_, _, _, ty, params, mini, small, bench, flops, ..] = cells[..] else {
            panic!("README: malformed row {row}");
        };
        assert!(ty.contains(spec.default_elem().mlir()), "{row}");
        assert_eq!(params, spec.params.join(", "), "{row}");
        assert_eq!(mini, join(spec.sizes(Dataset::Mini)), "{row}");
        assert_eq!(small, join(spec.sizes(Dataset::Small)), "{row}");
        if spec.name != "matmul" {
            assert_eq!(bench, join(spec.sizes(Dataset::Large)), "{row}");
        }
        assert_eq!(flops, format!("`{}`", spec.flops_formula), "{row}");
    }
}

// ---------------------------------------------------------------------------
// The generator's interface.

#[test]
fn presets_are_polybench_4_2s() {
    let large = |name: &str| find(name).map(|k| k.sizes(Dataset::Large).to_vec());
    assert_eq!(large("gemm"), Some(vec![1000, 1100, 1200]));
    assert_eq!(large("2mm"), Some(vec![800, 900, 1100, 1200]));
    assert_eq!(large("3mm"), Some(vec![800, 900, 1000, 1100, 1200]));
    assert_eq!(large("atax"), Some(vec![1900, 2100]));
    assert_eq!(large("doitgen"), Some(vec![140, 150, 160]));
    assert_eq!(large("heat_3d"), Some(vec![500, 120]));
    assert_eq!(large("fdtd_2d"), Some(vec![500, 1000, 1200]));
    assert_eq!(large("floyd_warshall"), Some(vec![2800]));
    assert_eq!(large("conv2d_nchw"), Some(vec![1, 64, 64, 56, 56, 3, 3]));
    for spec in all() {
        for d in [Dataset::Mini, Dataset::Small, Dataset::Large] {
            assert_eq!(spec.sizes(d).len(), spec.params.len(), "{}", spec.name);
        }
        assert!(find(spec.name).is_some());
    }
    assert_eq!(large("cholesky"), Some(vec![2000]));
    assert_eq!(large("symm"), Some(vec![1000, 1200]));
    assert_eq!(large("gramschmidt"), Some(vec![1000, 1200]));
    assert_eq!(large("trisolv"), Some(vec![2000]));
    assert_eq!(large("durbin"), Some(vec![2000]));
    assert_eq!(large("ludcmp"), Some(vec![2000]));
    assert_eq!(large("correlation"), Some(vec![1200, 1400]));
    assert_eq!(large("covariance"), Some(vec![1200, 1400]));
    assert_eq!(large("deriche"), Some(vec![4096, 2160]));
    assert_eq!(large("nussinov"), Some(vec![2500]));
    assert_eq!(large("adi"), Some(vec![500, 1000]));
    assert_eq!(large("jacobi_1d"), Some(vec![500, 2000]));
    let mini = |name: &str| find(name).map(|k| k.sizes(Dataset::Mini).to_vec());
    assert_eq!(mini("correlation"), Some(vec![28, 32]));
    assert_eq!(mini("deriche"), Some(vec![64, 64]));
    assert_eq!(mini("nussinov"), Some(vec![60]));
    // All 30 PolyBench 4.2 kernels, and the four deep-learning ones.
    let polybench = all().iter().filter(|k| k.suite == Suite::PolyBench).count();
    assert_eq!((polybench, all().len()), (30, 34));
    assert!(find("jacobi-1d").is_none(), "names use underscores");
}

#[test]
fn bad_requests_are_errors() {
    let gemm = find("gemm").expect("gemm");
    assert!(matches!(
        gemm.generate(ElemType::F64, &[20, 25]),
        Err(KernelError::WrongArity {
            expected: 3,
            got: 2,
            ..
        })
    ));
    assert!(matches!(
        gemm.generate(ElemType::F64, &[20, 0, 30]),
        Err(KernelError::SizeOutOfRange {
            param: "NJ",
            value: 0,
            ..
        })
    ));
    assert!(matches!(
        gemm.flops(&[20, 25, -3]),
        Err(KernelError::SizeOutOfRange { .. })
    ));
    assert!(matches!(
        gemm.generate(ElemType::I32, &[20, 25, 30]),
        Err(KernelError::UnsupportedElem { .. })
    ));
    let floyd = find("floyd_warshall").expect("floyd");
    assert!(floyd.generate(ElemType::F32, &[10]).is_err());
    let conv = find("conv2d_nchw").expect("conv");
    let huge = [i64::from(i32::MAX); 7];
    assert!(matches!(
        conv.flops(&huge),
        Err(KernelError::FlopsOverflow { .. })
    ));
    let msg = gemm
        .generate(ElemType::F64, &[1])
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert_eq!(msg, "kernel 'gemm' takes 3 sizes (NI, NJ, NK), got 1");
}

// ---------------------------------------------------------------------------
// MLIR 19 itself.

#[test]
fn mlir_opt_accepts_every_mini_module_and_runs_it_as_the_interpreter_does() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("kernel suite against mlir-opt");
        return;
    };
    let runner = common::mlir_cpu_runner().zip(common::runner_libs());
    if runner.is_none() {
        common::skipped("kernel suite against mlir-cpu-runner");
    }
    let mut ran = 0;
    for spec in all() {
        for &elem in spec.elem_types {
            let sizes = spec.sizes(Dataset::Mini);
            let case = format!("{} {}", spec.name, elem.mlir());
            let text = spec.generate(elem, sizes).expect("valid sizes");
            let (ok, _, err) = common::run_tool(&opt, &[], &text);
            assert!(ok, "{case}: mlir-opt rejects it: {err}");
            let outputs = spec
                .generate_returning_outputs(elem, sizes)
                .expect("valid sizes");
            let (ok, _, err) = common::run_tool(&opt, &[], &outputs);
            assert!(ok, "{case} (@outputs): mlir-opt rejects it: {err}");

            let Some((runner, libs)) = &runner else {
                continue;
            };
            let (ok, lowered, err) = common::run_tool(&opt, common::LOWERING, &text);
            assert!(ok, "{case}: lowering failed: {err}");
            let libs_arg = format!("-shared-libs={libs}");
            let (ok, printed, err) = common::run_tool(
                runner,
                &["-e", "main", "-entry-point-result=void", &libs_arg],
                &lowered,
            );
            assert!(ok, "{case}: mlir-cpu-runner failed: {err}");
            let (ours, _) = interpret(spec, elem, sizes).unwrap_or_else(|e| panic!("{case}: {e}"));
            assert_eq!(
                ours, printed,
                "{case}: the interpreter and mlir-cpu-runner differ"
            );
            ran += 1;
        }
    }
    if runner.is_some() {
        assert_eq!(ran, 66);
    }
}
