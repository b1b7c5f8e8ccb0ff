//! Compilation of functions into a compact register-based instruction
//! tree: every SSA value gets a register slot, affine expressions become
//! linear forms over registers when they can, loop bodies become nested
//! instruction lists. Execution never looks at the IR arenas.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap, ExprKind, IntegerSet};

use crate::attr::Attribute;
use crate::ir::{BlockId, Location, Module, OpData, OpId, Value};
use crate::types::{Layout, Type, DYNAMIC};

mod tensor;
mod vector;
mod views;
pub use vector::TransferInst;
pub use views::{Entry, ViewInst, ViewKind};

/// A register index in a function's frame.
pub type Reg = u32;

/// An affine expression compiled over registers.
#[derive(Clone, Debug)]
pub enum CExpr {
    /// `coef * reg + constant` (the common case, kept unboxed).
    Single {
        /// The register.
        reg: Reg,
        /// Its coefficient.
        coef: i64,
        /// The constant term.
        constant: i64,
    },
    /// `Σ coef * reg + constant`.
    Linear {
        /// (register, coefficient) pairs.
        terms: Vec<(Reg, i64)>,
        /// The constant term.
        constant: i64,
    },
    /// Anything else, evaluated with the affine crate.
    General(Box<GeneralExpr>),
}

/// An affine expression evaluated by the affine crate (divisions, modulo).
#[derive(Clone, Debug)]
pub struct GeneralExpr {
    /// The expression over dims and symbols.
    pub expr: AffineExpr,
    /// Registers of the dims.
    pub dims: Vec<Reg>,
    /// Registers of the symbols.
    pub symbols: Vec<Reg>,
}

/// Integer binary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    /// `addi`.
    Add,
    /// `subi`.
    Sub,
    /// `muli`.
    Mul,
    /// `divsi`.
    DivS,
    /// `divui`.
    DivU,
    /// `remsi`.
    RemS,
    /// `remui`.
    RemU,
    /// `floordivsi`.
    FloorDivS,
    /// `ceildivsi`.
    CeilDivS,
    /// `ceildivui`.
    CeilDivU,
    /// `maxsi`.
    MaxS,
    /// `minsi`.
    MinS,
    /// `maxui`.
    MaxU,
    /// `minui`.
    MinU,
    /// `shli` (a shift by the width or more gives 0, as the C back end's).
    ShL,
    /// `shrsi` (by the width or more: the sign).
    ShRS,
    /// `shrui` (by the width or more: 0).
    ShRU,
    /// `andi`.
    And,
    /// `ori`.
    Or,
    /// `xori`.
    Xor,
}

/// An `arith` op of two integers with two results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtendedOp {
    /// `arith.addui_extended`: the wrapped sum and the unsigned carry.
    AddUI,
    /// `arith.mulsi_extended`: the signed product's low and high halves.
    MulSI,
    /// `arith.mului_extended`: the unsigned product's low and high halves.
    MulUI,
}

impl ExtendedOp {
    /// The op an op name stands for.
    pub fn of(name: &str) -> Option<ExtendedOp> {
        Some(match name {
            "arith.addui_extended" => ExtendedOp::AddUI,
            "arith.mulsi_extended" => ExtendedOp::MulSI,
            "arith.mului_extended" => ExtendedOp::MulUI,
            _ => return None,
        })
    }

    /// Both results for operands `a` and `b` of `width` bits, each held as
    /// the interpreter holds integers (sign-extended from its width; the
    /// carry as an `i1`: all ones when set).
    ///
    /// ```
    /// use tessera_ir::interp::ExtendedOp;
    /// let i8 = |v: i64| v as u64;
    /// assert_eq!(ExtendedOp::AddUI.apply(i8(-7), i8(100), 8), (i8(93), u64::MAX));
    /// assert_eq!(ExtendedOp::MulSI.apply(i8(-7), i8(100), 8), (i8(68), i8(-3)));
    /// assert_eq!(ExtendedOp::MulUI.apply(i8(-7), i8(100), 8), (i8(68), i8(97)));
    /// ```
    pub fn apply(self, a: u64, b: u64, width: u32) -> (u64, u64) {
        let w = width.clamp(1, 64);
        let keep = |v: u128| {
            let v = v as u64;
            if w >= 64 {
                v
            } else {
                let shift = 64 - w;
                (((v << shift) as i64) >> shift) as u64
            }
        };
        let unsigned = |v: u64| {
            if w >= 64 {
                u128::from(v)
            } else {
                u128::from(v & ((1u64 << w) - 1))
            }
        };
        match self {
            ExtendedOp::AddUI => {
                let sum = unsigned(a) + unsigned(b);
                (keep(sum), if sum >> w != 0 { u64::MAX } else { 0 })
            }
            ExtendedOp::MulUI => {
                let p = unsigned(a) * unsigned(b);
                (keep(p), keep(p >> w))
            }
            ExtendedOp::MulSI => {
                let signed = |v: u64| i128::from(keep(u128::from(v)) as i64);
                let p = signed(a) * signed(b);
                (keep(p as u128), keep((p >> w) as u128))
            }
        }
    }
}

/// A `math` function of one integer operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntMathFn {
    /// `math.absi` (wrapping: the minimum stays itself).
    Abs,
    /// `math.ctlz`: leading zero bits (the width for 0).
    Ctlz,
    /// `math.cttz`: trailing zero bits (the width for 0).
    Cttz,
    /// `math.ctpop`: one bits.
    Ctpop,
}

impl IntMathFn {
    /// The function an op name stands for.
    pub fn of(name: &str) -> Option<IntMathFn> {
        Some(match name {
            "math.absi" => IntMathFn::Abs,
            "math.ctlz" => IntMathFn::Ctlz,
            "math.cttz" => IntMathFn::Cttz,
            "math.ctpop" => IntMathFn::Ctpop,
            _ => return None,
        })
    }

    /// The function on the low `width` bits of `bits` (1 to 64), as the
    /// low `width` bits of the result.
    ///
    /// ```
    /// use tessera_ir::interp::IntMathFn;
    /// assert_eq!(IntMathFn::Ctlz.apply(1, 8), 7);
    /// assert_eq!(IntMathFn::Cttz.apply(0, 16), 16);
    /// assert_eq!(IntMathFn::Abs.apply(0x80, 8), 0x80); // |-128| wraps
    /// assert_eq!(IntMathFn::Ctpop.apply(0xff, 4), 4);
    /// ```
    pub fn apply(self, bits: u64, width: u32) -> u64 {
        let width = width.clamp(1, 64);
        let mask = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let z = bits & mask;
        let r = match self {
            IntMathFn::Abs => {
                let shift = 64 - width;
                (((z << shift) as i64) >> shift).wrapping_abs() as u64
            }
            IntMathFn::Ctlz if z == 0 => u64::from(width),
            IntMathFn::Ctlz => u64::from(z.leading_zeros() - (64 - width)),
            IntMathFn::Cttz if z == 0 => u64::from(width),
            IntMathFn::Cttz => u64::from(z.trailing_zeros()),
            IntMathFn::Ctpop => u64::from(z.count_ones()),
        };
        r & mask
    }
}

/// [`MathFn`] `f` applied to `x`, in `x`'s own float type (the methods
/// have the same names on `f32` and `f64`).
macro_rules! math_fn {
    ($f:expr, $x:expr, $acosh:ident, $asinh:ident, $atanh:ident, $erf:ident) => {
        match $f {
            MathFn::Sqrt => $x.sqrt(),
            MathFn::Rsqrt => 1.0 / $x.sqrt(),
            MathFn::Abs => $x.abs(),
            MathFn::Ceil => $x.ceil(),
            MathFn::Floor => $x.floor(),
            MathFn::Round => $x.round(),
            MathFn::RoundEven => $x.round_ties_even(),
            MathFn::Trunc => $x.trunc(),
            MathFn::Exp => $x.exp(),
            MathFn::Exp2 => $x.exp2(),
            MathFn::Log => $x.ln(),
            MathFn::Log2 => $x.log2(),
            MathFn::Log10 => $x.log10(),
            MathFn::Sin => $x.sin(),
            MathFn::Cos => $x.cos(),
            MathFn::Tan => $x.tan(),
            MathFn::Tanh => $x.tanh(),
            MathFn::Sinh => $x.sinh(),
            MathFn::Cosh => $x.cosh(),
            MathFn::Asin => $x.asin(),
            MathFn::Acos => $x.acos(),
            MathFn::Atan => $x.atan(),
            MathFn::Expm1 => $x.exp_m1(),
            MathFn::Log1p => $x.ln_1p(),
            MathFn::Cbrt => $x.cbrt(),
            MathFn::Acosh => libm::$acosh($x),
            MathFn::Asinh => libm::$asinh($x),
            MathFn::Atanh => libm::$atanh($x),
            MathFn::Erf => libm::$erf($x),
        }
    };
}

/// A `math` function of one float operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathFn {
    /// `math.sqrt`.
    Sqrt,
    /// `math.rsqrt`: `1 / sqrt(x)`, two roundings, as MLIR lowers it.
    Rsqrt,
    /// `math.absf`.
    Abs,
    /// `math.ceil`.
    Ceil,
    /// `math.floor`.
    Floor,
    /// `math.round`: half away from zero.
    Round,
    /// `math.roundeven`: half to even.
    RoundEven,
    /// `math.trunc`.
    Trunc,
    /// `math.exp`.
    Exp,
    /// `math.exp2`.
    Exp2,
    /// `math.log`.
    Log,
    /// `math.log2`.
    Log2,
    /// `math.log10`.
    Log10,
    /// `math.sin`.
    Sin,
    /// `math.cos`.
    Cos,
    /// `math.tan`.
    Tan,
    /// `math.tanh`.
    Tanh,
    /// `math.sinh`.
    Sinh,
    /// `math.cosh`.
    Cosh,
    /// `math.asin`.
    Asin,
    /// `math.acos`.
    Acos,
    /// `math.atan`.
    Atan,
    /// `math.expm1`: `exp(x) - 1` without the cancellation.
    Expm1,
    /// `math.log1p`: `log(1 + x)` without the rounding of `1 + x`.
    Log1p,
    /// `math.cbrt`: the real cube root.
    Cbrt,
    /// `math.acosh`.
    Acosh,
    /// `math.asinh`.
    Asinh,
    /// `math.atanh`.
    Atanh,
    /// `math.erf`: the error function.
    Erf,
}

impl MathFn {
    /// The function an op name stands for.
    pub fn of(name: &str) -> Option<MathFn> {
        Some(match name {
            "math.sqrt" => MathFn::Sqrt,
            "math.rsqrt" => MathFn::Rsqrt,
            "math.absf" => MathFn::Abs,
            "math.ceil" => MathFn::Ceil,
            "math.floor" => MathFn::Floor,
            "math.round" => MathFn::Round,
            "math.roundeven" => MathFn::RoundEven,
            "math.trunc" => MathFn::Trunc,
            "math.exp" => MathFn::Exp,
            "math.exp2" => MathFn::Exp2,
            "math.log" => MathFn::Log,
            "math.log2" => MathFn::Log2,
            "math.log10" => MathFn::Log10,
            "math.sin" => MathFn::Sin,
            "math.cos" => MathFn::Cos,
            "math.tan" => MathFn::Tan,
            "math.tanh" => MathFn::Tanh,
            "math.sinh" => MathFn::Sinh,
            "math.cosh" => MathFn::Cosh,
            "math.asin" => MathFn::Asin,
            "math.acos" => MathFn::Acos,
            "math.atan" => MathFn::Atan,
            "math.expm1" => MathFn::Expm1,
            "math.log1p" => MathFn::Log1p,
            "math.cbrt" => MathFn::Cbrt,
            "math.acosh" => MathFn::Acosh,
            "math.asinh" => MathFn::Asinh,
            "math.atanh" => MathFn::Atanh,
            "math.erf" => MathFn::Erf,
            _ => return None,
        })
    }

    /// The function on an `f64` (the platform's libm for the
    /// transcendental ones, as C's `exp` is; the `libm` crate's for the
    /// inverse hyperbolic functions and `erf`, which Rust's standard
    /// library computes less accurately or not at all).
    pub fn f64(self, x: f64) -> f64 {
        math_fn!(self, x, acosh, asinh, atanh, erf)
    }

    /// The function on an `f32` (C's `expf`, not `exp` rounded).
    pub fn f32(self, x: f32) -> f32 {
        math_fn!(self, x, acoshf, asinhf, atanhf, erff)
    }

    /// Whether the platform's libm computes the function, so that a value
    /// computed here is the one compiled code computes (the others come
    /// from the `libm` crate, or Rust's own `cbrt`, and may differ in the
    /// last bit).
    pub fn is_platform_libm(self) -> bool {
        !matches!(
            self,
            MathFn::Acosh | MathFn::Asinh | MathFn::Atanh | MathFn::Erf | MathFn::Cbrt
        )
    }
}

/// Float binary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    /// `math.powf` (C's `pow`).
    Pow,
    /// `math.copysign`.
    CopySign,
    /// `math.atan2` (C's `atan2`).
    Atan2,
    /// `addf`.
    Add,
    /// `subf`.
    Sub,
    /// `mulf`.
    Mul,
    /// `divf`.
    Div,
    /// `maximumf`.
    Max,
    /// `minimumf`.
    Min,
    /// `remf` (C's `fmod`).
    Rem,
    /// `maxnumf` (a NaN operand gives the other).
    MaxNum,
    /// `minnumf`.
    MinNum,
}

/// Scalar conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKind {
    /// Truncate or sign-extend to the given width.
    IntResize(u32),
    /// Zero-extend from the given width.
    ZeroExtend(u32),
    /// Signed integer to float (`true` for f32).
    SiToFp(bool),
    /// Unsigned integer of the given width to float (`true` for f32).
    UiToFp(bool, u32),
    /// Float to unsigned integer of the given width.
    FpToUi(u32),
    /// The bits of an integer of the given width as a float (`true` for
    /// f32).
    BitsToFloat(bool),
    /// The bits of a float (`true` for f32) as an integer.
    FloatToBits(bool),
    /// Float to signed integer of the given width.
    FpToSi(u32),
    /// Round to f32 (`truncf` to f32) or keep (`extf`).
    FloatResize(bool),
}

/// What a scalar printed by `vector.print` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    /// Signed integer or index.
    Int,
    /// `i1`.
    Bool,
    /// Float.
    Float,
}

/// A subscript `coef * reg + constant` (a constant subscript uses a zero
/// coefficient).
#[derive(Clone, Copy, Debug)]
pub struct Sub {
    /// The register.
    pub reg: Reg,
    /// Its coefficient.
    pub coef: i64,
    /// The constant term.
    pub constant: i64,
}

/// The fast form of subscripts, when every one is `coef * reg + c`.
fn simple_subs(idx: &[CExpr]) -> Option<Box<[Sub]>> {
    idx.iter()
        .map(|e| match e {
            CExpr::Single {
                reg,
                coef,
                constant,
            } => Some(Sub {
                reg: *reg,
                coef: *coef,
                constant: *constant,
            }),
            CExpr::Linear { terms, constant } if terms.is_empty() => Some(Sub {
                reg: 0,
                coef: 0,
                constant: *constant,
            }),
            _ => None,
        })
        .collect()
}

/// Subscripts that are the registers themselves (`memref.load`'s and
/// the tensor ops' indices).
fn unit_subscripts(regs: &[Reg]) -> Vec<CExpr> {
    regs.iter()
        .map(|&reg| CExpr::Single {
            reg,
            coef: 1,
            constant: 0,
        })
        .collect()
}

/// A load or store instruction, in the fast form when possible.
fn access(store: bool, val: Reg, mem: Reg, idx: Vec<CExpr>, loc: Location) -> Inst {
    match (simple_subs(&idx), store) {
        (Some(subs), false) => Inst::Load {
            dst: val,
            mem,
            subs,
            loc,
        },
        (Some(subs), true) => Inst::Store {
            val,
            mem,
            subs,
            loc,
        },
        (None, false) => Inst::LoadGeneral {
            dst: val,
            mem,
            idx,
            loc,
        },
        (None, true) => Inst::StoreGeneral { val, mem, idx, loc },
    }
}

/// How many operands of the ops inside `func` use each value.
fn use_counts(m: &Module, func: OpId) -> HashMap<Value, u32> {
    let mut ops = Vec::new();
    m.walk_from(func, &mut ops);
    let mut uses = HashMap::new();
    for op in ops {
        for &v in &m.ops[op].operands {
            *uses.entry(v).or_insert(0) += 1;
        }
    }
    uses
}

/// A loop bound: the max (lower) or min (upper) of expressions.
pub type Bound = Vec<CExpr>;

/// A load–store pair moving one element (see [`Inst::CopyElement`]).
#[derive(Clone, Debug)]
pub struct CopyInst {
    /// The memref read and its subscripts.
    pub src: (Reg, Box<[CExpr]>),
    /// The memref written and its subscripts.
    pub dst: (Reg, Box<[CExpr]>),
    /// Where the load is (its faults are located there).
    pub load_loc: Location,
    /// Where the store is.
    pub store_loc: Location,
}

/// The operands of a DMA start, compiled (see [`crate::dma`]).
#[derive(Clone, Debug)]
pub struct DmaInst {
    /// Source memref and its subscripts.
    pub src: (Reg, Box<[CExpr]>),
    /// Destination memref and its subscripts.
    pub dst: (Reg, Box<[CExpr]>),
    /// Tag memref and its subscripts.
    pub tag: (Reg, Box<[CExpr]>),
    /// The element count.
    pub count: Reg,
    /// The stride and the elements per stride.
    pub stride: Option<(Reg, Reg)>,
    /// Is the source the strided side?
    pub source_strided: bool,
    /// The op's location.
    pub loc: Location,
}

/// One compiled instruction.
#[derive(Clone, Debug)]
pub enum Inst {
    /// `dst = bits`.
    Const { dst: Reg, bits: u64 },
    /// `dst = src`.
    Copy { dst: Reg, src: Reg },
    /// Integer arithmetic at a bit width.
    Int {
        op: IntOp,
        width: u32,
        dst: Reg,
        a: Reg,
        b: Reg,
        loc: Location,
    },
    /// Float arithmetic (`f32` rounds every result to single precision).
    Float {
        op: FloatOp,
        f32: bool,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    /// `negf`.
    Neg { dst: Reg, a: Reg },
    /// A `math` function of one integer of `width` bits.
    IntMath {
        f: IntMathFn,
        width: u32,
        dst: Reg,
        a: Reg,
    },
    /// A `math` function of one float, computed in `f32` when `f32` (as
    /// the C back end's `expf` and MLIR's lowering do).
    Math {
        f: MathFn,
        f32: bool,
        dst: Reg,
        a: Reg,
    },
    /// `cmpi` with predicate number.
    CmpI {
        pred: u8,
        width: u32,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    /// `cmpf` with predicate number.
    CmpF { pred: u8, dst: Reg, a: Reg, b: Reg },
    /// `select`.
    Select { dst: Reg, cond: Reg, a: Reg, b: Reg },
    /// `arith.addui_extended` and the extended multiplies: two results.
    Extended {
        op: ExtendedOp,
        width: u32,
        lo: Reg,
        hi: Reg,
        a: Reg,
        b: Reg,
    },
    /// `math.fma`: `a * b + c` with one rounding, in `f32` or `f64`.
    Fma {
        f32: bool,
        dst: Reg,
        a: Reg,
        b: Reg,
        c: Reg,
    },
    /// A conversion.
    Cast {
        kind: CastKind,
        dst: Reg,
        a: Reg,
        loc: Location,
    },
    /// `affine.apply` / `affine.min` (`min`) / `affine.max`.
    Apply {
        dst: Reg,
        exprs: Vec<CExpr>,
        min: bool,
        loc: Location,
    },
    /// Element load through `coef * reg + constant` subscripts.
    Load {
        dst: Reg,
        mem: Reg,
        subs: Box<[Sub]>,
        loc: Location,
    },
    /// Element store through `coef * reg + constant` subscripts.
    Store {
        val: Reg,
        mem: Reg,
        subs: Box<[Sub]>,
        loc: Location,
    },
    /// Element load through general subscripts.
    LoadGeneral {
        dst: Reg,
        mem: Reg,
        idx: Vec<CExpr>,
        loc: Location,
    },
    /// Element store through general subscripts.
    StoreGeneral {
        val: Reg,
        mem: Reg,
        idx: Vec<CExpr>,
        loc: Location,
    },
    /// `affine.for`.
    For(Box<AffineLoop>),
    /// `scf.for`.
    ScfFor(Box<ScfLoop>),
    /// `scf.while`.
    ScfWhile(Box<ScfWhile>),
    /// `affine.parallel`, run sequentially in lexicographic order.
    Parallel(Box<ParallelLoop>),
    /// `scf.parallel`, run sequentially in lexicographic order.
    ScfParallel(Box<ScfParallelLoop>),
    /// `affine.if` (with a set) or `scf.if` (with a register).
    If(Box<Conditional>),
    /// `func.call_indirect`: a call of the function whose index is in
    /// `callee` (a `func.constant`).
    CallIndirect {
        callee: Reg,
        args: Vec<Reg>,
        results: Vec<Reg>,
        loc: Location,
    },
    /// `memref.get_global`: the global's memref (allocated and
    /// initialized the first time).
    GetGlobal {
        dst: Reg,
        global: usize,
        loc: Location,
    },
    /// `memref.alloc` / `memref.alloca`.
    Alloc {
        dst: Reg,
        shape: Vec<Result<i64, Reg>>,
        layout: AllocLayout,
        kind: ScalarKind,
        loc: Location,
    },
    /// `memref.dealloc`.
    Dealloc { mem: Reg, loc: Location },
    /// `memref.dim`.
    Dim {
        dst: Reg,
        mem: Reg,
        index: Reg,
        loc: Location,
    },
    /// `memref.copy`.
    MemCopy { src: Reg, dst: Reg, loc: Location },
    /// A DMA start, completed at once (see [`crate::dma`]).
    Dma(Box<DmaInst>),
    /// A scalar load whose value only a store uses, as one copy.
    CopyElement(Box<CopyInst>),
    /// A DMA wait: only its tag subscripts are checked.
    DmaWait {
        tag: Reg,
        idx: Box<[CExpr]>,
        loc: Location,
    },
    /// A call of a defined function.
    Call {
        func: usize,
        args: Vec<Reg>,
        results: Vec<Reg>,
        loc: Location,
    },
    /// `printMemrefF32/F64/I32/I64`.
    PrintMemref { mem: Reg, loc: Location },
    /// A vector transfer, load or store of a 1-D vector.
    Transfer(Box<TransferInst>),
    /// A memref view: a new descriptor over its source's buffer.
    View(Box<ViewInst>),
    /// `affine.vector_load`/`affine.vector_store` of a 1-D vector held in
    /// `lanes` consecutive registers from `val`.
    VectorAccess {
        store: bool,
        val: Reg,
        lanes: u32,
        mem: Reg,
        idx: Box<[CExpr]>,
        loc: Location,
    },
    /// `vector.print` of a vector: `( ( a, b ), ( c, d ) )`, then the
    /// punctuation.
    PrintVector {
        src: Reg,
        shape: Box<[i64]>,
        kind: ScalarKind,
        width: u32,
        suffix: Box<str>,
    },
    /// `vector.print` of a scalar, then the punctuation.
    Print {
        src: Reg,
        kind: ScalarKind,
        width: u32,
        suffix: Box<str>,
    },
    /// `vector.print` of a string or of punctuation alone.
    PrintText { text: Box<str> },
    /// An op that cannot run; fails when reached.
    Fail { message: String, loc: Location },
    /// `cf.assert`: fails with `message` unless the `i1` register holds.
    Assert {
        cond: Reg,
        message: String,
        loc: Location,
    },
}

/// A block of a function body: its code and how control leaves it.
#[derive(Clone, Debug)]
pub struct CBlock {
    /// The block's ops but its terminator.
    pub body: Vec<Inst>,
    /// Its terminator.
    pub exit: Exit,
    /// Where the terminator is.
    pub exit_loc: Location,
}

/// How control leaves a function's block.
#[derive(Clone, Debug)]
pub enum Exit {
    /// `func.return` of these registers (lanes expanded).
    Return(Vec<Reg>),
    /// `cf.br`.
    Branch(Edge),
    /// `cf.cond_br` on an `i1` register.
    CondBranch {
        /// The condition.
        cond: Reg,
        /// Taken when it holds.
        then: Edge,
        /// Taken otherwise.
        els: Edge,
    },
    /// `cf.switch` on an integer register of `width` bits.
    Switch {
        /// The flag.
        flag: Reg,
        /// Its width.
        width: u32,
        /// Case values (compared on `width` bits) and their edges.
        cases: Vec<(i64, Edge)>,
        /// Taken when no case matches.
        default: Edge,
    },
    /// A block without a terminator the interpreter knows.
    Fail {
        /// Why.
        message: String,
        /// Where.
        loc: Location,
    },
}

/// A control-flow edge: the target block (by position in the function)
/// and the copies into its argument registers, made all at once.
#[derive(Clone, Debug)]
pub struct Edge {
    /// Target block.
    pub block: usize,
    /// Argument registers of the target (lanes expanded).
    pub to: Vec<Reg>,
    /// Registers passed (lanes expanded).
    pub from: Vec<Reg>,
}

/// `affine.for`.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct AffineLoop {
    pub iv: Reg,
    pub lb: Bound,
    pub ub: Bound,
    pub step: i64,
    pub body: Vec<Inst>,
    pub carried: Vec<Reg>,
    pub inits: Vec<Reg>,
    pub yields: Vec<Reg>,
    pub results: Vec<Reg>,
    pub loc: Location,
}

/// `scf.while`: `before` runs on `before_args`; when `cond` is false the
/// `forwarded` values are the results, else `after` runs on them
/// (`after_args`) and `yields` go back into `before_args`.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct ScfWhile {
    pub before_args: Vec<Reg>,
    pub before: Vec<Inst>,
    pub cond: Reg,
    pub forwarded: Vec<Reg>,
    pub after_args: Vec<Reg>,
    pub after: Vec<Inst>,
    pub yields: Vec<Reg>,
    pub inits: Vec<Reg>,
    pub results: Vec<Reg>,
    pub loc: Location,
}

/// `scf.for`.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct ScfLoop {
    pub iv: Reg,
    pub lb: Reg,
    pub ub: Reg,
    pub step: Reg,
    pub body: Vec<Inst>,
    pub carried: Vec<Reg>,
    pub inits: Vec<Reg>,
    pub yields: Vec<Reg>,
    pub results: Vec<Reg>,
    pub loc: Location,
}

/// `affine.parallel`, run sequentially in lexicographic order.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct ParallelLoop {
    pub ivs: Vec<Reg>,
    pub lbs: Vec<Bound>,
    pub ubs: Vec<Bound>,
    pub steps: Vec<i64>,
    pub body: Vec<Inst>,
    pub reductions: Vec<(u8, bool)>,
    pub yields: Vec<Reg>,
    pub results: Vec<Reg>,
    pub loc: Location,
}

/// `scf.parallel`, run sequentially in lexicographic order: each
/// iteration's `scf.reduce` operands are combined into accumulators that
/// start at the initial values.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct ScfParallelLoop {
    pub ivs: Vec<Reg>,
    pub lbs: Vec<Reg>,
    pub ubs: Vec<Reg>,
    pub steps: Vec<Reg>,
    pub body: Vec<Inst>,
    pub inits: Vec<Reg>,
    pub reduced: Vec<Reg>,
    pub combiners: Vec<Combiner>,
    pub results: Vec<Reg>,
    pub loc: Location,
}

/// One region of `scf.reduce`: `ret = body(lhs, rhs)`.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Combiner {
    pub lhs: Reg,
    pub rhs: Reg,
    pub body: Vec<Inst>,
    pub ret: Reg,
}

/// `affine.if` (with a set) or `scf.if` (with a register).
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Conditional {
    pub cond: Cond,
    pub then: Vec<Inst>,
    pub then_yields: Vec<Reg>,
    pub els: Vec<Inst>,
    pub else_yields: Vec<Reg>,
    pub results: Vec<Reg>,
    pub loc: Location,
}

/// The condition of an `If`.
#[derive(Clone, Debug)]
pub enum Cond {
    /// An integer set over dim and symbol registers.
    Set {
        set: IntegerSet,
        dims: Vec<Reg>,
        symbols: Vec<Reg>,
    },
    /// An `i1` register.
    Reg(Reg),
}

/// How an allocation lays out its elements.
#[derive(Clone, Debug)]
pub enum AllocLayout {
    /// Row-major.
    Identity,
    /// Explicit static strides and offset.
    Strided { strides: Vec<i64>, offset: i64 },
    /// A permutation of the dims (`affine_map<(d0, d1) -> (d1, d0)>`).
    Permutation(Vec<usize>),
}

/// A compiled function.
#[derive(Clone, Debug)]
pub struct Func {
    /// Symbol name.
    pub name: String,
    /// Number of registers in a frame.
    pub num_regs: usize,
    /// Registers of the arguments.
    pub args: Vec<Reg>,
    /// The body's blocks, the entry first (none for declarations).
    pub blocks: Vec<CBlock>,
    /// Is this a declaration without body?
    pub external: bool,
    /// Location of the function.
    pub loc: Location,
}

/// All functions of a module, compiled.
#[derive(Clone, Debug)]
pub struct Program {
    /// Compiled functions, in module order.
    pub funcs: Vec<Func>,
    /// The module's `memref.global`s, in module order.
    pub globals: Vec<Global>,
}

/// A `memref.global` the interpreter can hold: identity layout, scalar
/// elements.
#[derive(Clone, Debug)]
pub struct Global {
    /// Its shape.
    pub shape: Vec<i64>,
    /// Its elements' kind.
    pub kind: ScalarKind,
    /// Each element's bits, row-major, or one for all (a splat); `None`
    /// when it has no initial value (`uninitialized`, or a declaration):
    /// every element unwritten.
    pub init: Option<Vec<u64>>,
}

impl Global {
    /// The global `op` (a `memref.global`), or why the interpreter cannot
    /// hold it.
    fn new(m: &Module, op: OpId) -> Result<Global, String> {
        let Some(Attribute::Type(Type::MemRef {
            shape,
            elem,
            layout: None,
            ..
        })) = m.ops[op].attr("type")
        else {
            return Err("the interpreter supports only globals of identity layout".into());
        };
        if !(elem.is_int_or_index() || elem.is_float()) {
            return Err(
                "globals of non-scalar elements are not supported by the interpreter".into(),
            );
        }
        let kind = scalar_kind(elem);
        let count = shape
            .iter()
            .try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?));
        let count = count.ok_or("a global too large for the interpreter")?;
        let bits: Option<Vec<u64>> = match m.ops[op].attr("initial_value") {
            Some(Attribute::DenseInt { values, .. }) => Some(
                values
                    .iter()
                    .map(|&v| match kind {
                        ScalarKind::Bool if v != 0 => u64::MAX,
                        _ => v as u64,
                    })
                    .collect(),
            ),
            Some(Attribute::DenseFloat { values, .. }) => {
                Some(values.iter().map(|v| v.to_bits()).collect())
            }
            Some(Attribute::DenseResource { handle, .. }) => {
                return Err(format!(
                    "a global initialized from `dense_resource<{handle}>`: tessera reads no resource blobs"
                ))
            }
            _ => None,
        };
        let init = match bits {
            Some(b) if b.len() == 1 || b.len() == count => Some(b),
            Some(_) => return Err("a global whose initial value does not fill it".into()),
            None => None,
        };
        Ok(Global {
            shape: shape.clone(),
            kind,
            init,
        })
    }
}

/// Largest vector the interpreter handles, in lanes.
const MAX_LANES: u32 = 1 << 16;

/// The lanes of a fixed vector type of at most [`MAX_LANES`] lanes.
fn lane_count(t: &Type) -> Option<u32> {
    match t {
        Type::Vector {
            shape, scalable, ..
        } if !scalable.contains(&true) => shape
            .iter()
            .try_fold(1u32, |acc, &d| {
                u32::try_from(d).ok().and_then(|d| acc.checked_mul(d))
            })
            .filter(|&n| (1..=MAX_LANES).contains(&n)),
        _ => None,
    }
}

/// Names of runtime printing functions and whether they print floats.
const PRINT_MEMREF: &[&str] = &[
    "printMemrefF32",
    "printMemrefF64",
    "printMemrefI32",
    "printMemrefI64",
];

/// Terminators of a function's blocks.
fn is_cfg_terminator(name: &str) -> bool {
    matches!(name, "func.return" | "cf.br" | "cf.cond_br" | "cf.switch")
}

/// Compiles every `func.func` of `m`.
pub fn compile(m: &Module) -> Program {
    let funcs_ops = m.functions();
    let names: HashMap<String, usize> = funcs_ops
        .iter()
        .enumerate()
        .filter_map(|(i, &f)| match m.ops[f].attr("sym_name") {
            Some(Attribute::String(s)) => Some((s.clone(), i)),
            _ => None,
        })
        .collect();
    let mut globals = Vec::new();
    let mut global_names = HashMap::new();
    for &g in &m.blocks[m.body()].ops {
        if m.ops[g].name != "memref.global" {
            continue;
        }
        if let (Some(Attribute::String(name)), Ok(global)) =
            (m.ops[g].attr("sym_name"), Global::new(m, g))
        {
            global_names.insert(name.clone(), globals.len());
            globals.push(global);
        }
    }
    let funcs = funcs_ops
        .iter()
        .map(|&f| {
            let mut c = Compiler {
                m,
                uses: use_counts(m, f),
                regs: HashMap::new(),
                next: 0,
                names: &names,
                globals: &global_names,
            };
            c.function(f)
        })
        .collect();
    Program { funcs, globals }
}

struct Compiler<'a> {
    m: &'a Module,
    /// How many operands use each value of the function being compiled.
    uses: HashMap<Value, u32>,
    regs: HashMap<Value, Reg>,
    next: Reg,
    names: &'a HashMap<String, usize>,
    /// The globals the interpreter holds, by name.
    globals: &'a HashMap<String, usize>,
}

fn int_width(t: &Type) -> u32 {
    match t {
        Type::Integer(w) => (*w).min(64),
        _ => 64,
    }
}

fn scalar_kind(t: &Type) -> ScalarKind {
    match t {
        Type::Integer(1) => ScalarKind::Bool,
        t if t.is_float() => ScalarKind::Float,
        _ => ScalarKind::Int,
    }
}

/// `Σ coef * position + constant` of a pure affine expression.
fn linear(
    e: &AffineExpr,
    out: &mut Vec<(tessera_affine::print::Position, i64)>,
    scale: i64,
    constant: &mut i64,
) -> Option<()> {
    use tessera_affine::print::Position;
    match e.kind() {
        ExprKind::Dim(d) => out.push((Position::Dim(*d), scale)),
        ExprKind::Symbol(s) => out.push((Position::Symbol(*s), scale)),
        ExprKind::Constant(c) => *constant = constant.checked_add(c.checked_mul(scale)?)?,
        ExprKind::Binary(tessera_affine::BinaryOp::Add, l, r) => {
            linear(l, out, scale, constant)?;
            linear(r, out, scale, constant)?;
        }
        ExprKind::Binary(tessera_affine::BinaryOp::Mul, l, r) => {
            let (c, other) = match (l.as_constant(), r.as_constant()) {
                (_, Some(c)) => (c, l),
                (Some(c), _) => (c, r),
                _ => return None,
            };
            linear(other, out, scale.checked_mul(c)?, constant)?;
        }
        _ => return None,
    }
    Some(())
}

impl Compiler<'_> {
    /// The first register of `v`; a vector value occupies one register
    /// per lane, consecutively.
    fn reg(&mut self, v: Value) -> Reg {
        if let Some(&r) = self.regs.get(&v) {
            return r;
        }
        let base = self.next;
        self.next = self.next.saturating_add(self.lanes(v));
        self.regs.insert(v, base);
        base
    }

    /// Number of lanes of a value: the element count of a vector, else 1
    /// (ops on vectors of more lanes than [`MAX_LANES`] fail).
    fn lanes(&self, v: Value) -> u32 {
        lane_count(self.m.value_type(v)).unwrap_or(1)
    }

    /// All registers of the values, lanes expanded (for copies of
    /// loop-carried values, call arguments and results).
    fn lane_regs(&mut self, vs: &[Value]) -> Vec<Reg> {
        let mut out = Vec::new();
        for &v in vs {
            let base = self.reg(v);
            out.extend((0..self.lanes(v)).map(|k| base + k));
        }
        out
    }

    fn regs_of(&mut self, vs: &[Value]) -> Vec<Reg> {
        vs.iter().map(|&v| self.reg(v)).collect()
    }

    fn expr(&mut self, e: &AffineExpr, num_dims: u32, operands: &[Value]) -> CExpr {
        use tessera_affine::print::Position;
        let regs = self.regs_of(operands);
        let mut terms = Vec::new();
        let mut constant = 0;
        if linear(e, &mut terms, 1, &mut constant).is_some() {
            let mut merged: Vec<(Reg, i64)> = Vec::new();
            for (p, c) in terms {
                let idx = match p {
                    Position::Dim(d) => d as usize,
                    Position::Symbol(s) => num_dims as usize + s as usize,
                };
                let Some(&r) = regs.get(idx) else { continue };
                match merged.iter_mut().find(|(x, _)| *x == r) {
                    Some(t) => t.1 = t.1.wrapping_add(c),
                    None => merged.push((r, c)),
                }
            }
            merged.retain(|t| t.1 != 0);
            if let [(reg, coef)] = merged[..] {
                return CExpr::Single {
                    reg,
                    coef,
                    constant,
                };
            }
            return CExpr::Linear {
                terms: merged,
                constant,
            };
        }
        let nd = (num_dims as usize).min(regs.len());
        CExpr::General(Box::new(GeneralExpr {
            expr: e.clone(),
            dims: regs[..nd].to_vec(),
            symbols: regs[nd..].to_vec(),
        }))
    }

    /// The subscript `v` itself.
    fn single(&mut self, v: Value) -> CExpr {
        CExpr::Single {
            reg: self.reg(v),
            coef: 1,
            constant: 0,
        }
    }

    fn map_exprs(&mut self, map: &AffineMap, operands: &[Value]) -> Vec<CExpr> {
        map.results()
            .iter()
            .map(|e| self.expr(e, map.num_dims(), operands))
            .collect()
    }

    fn function(&mut self, f: OpId) -> Func {
        let d = &self.m.ops[f];
        let name = match d.attr("sym_name") {
            Some(Attribute::String(s)) => s.clone(),
            _ => String::new(),
        };
        let entry = d
            .regions
            .first()
            .and_then(|&r| self.m.regions[r].blocks.first().copied());
        let Some(entry) = entry else {
            return Func {
                name,
                num_regs: 0,
                args: Vec::new(),
                blocks: Vec::new(),
                external: true,
                loc: d.loc,
            };
        };
        let args = self.lane_regs(&self.m.blocks[entry].args.clone());
        let region_blocks = self.m.regions[d.regions[0]].blocks.clone();
        let index: HashMap<BlockId, usize> = region_blocks
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i))
            .collect();
        let blocks = region_blocks
            .iter()
            .map(|&b| self.cfg_block(b, &index))
            .collect();
        Func {
            name,
            num_regs: self.next as usize,
            args,
            blocks,
            external: false,
            loc: d.loc,
        }
    }

    /// Compiles a block of a function body with its terminator.
    fn cfg_block(&mut self, b: BlockId, index: &HashMap<BlockId, usize>) -> CBlock {
        let ops = self.m.blocks[b].ops.clone();
        let (last, rest) = match ops.split_last() {
            Some((&t, rest)) if is_cfg_terminator(&self.m.ops[t].name) => (Some(t), rest),
            _ => (None, &ops[..]),
        };
        let mut body = Vec::new();
        self.ops(rest, &mut body);
        let exit_loc = last.map(|t| self.m.ops[t].loc).unwrap_or_default();
        let exit = match last {
            Some(t) => self.exit(t, index),
            None => Exit::Fail {
                message: "block without terminator".to_string(),
                loc: ops.last().map(|&o| self.m.ops[o].loc).unwrap_or_default(),
            },
        };
        CBlock {
            body,
            exit,
            exit_loc,
        }
    }

    fn exit(&mut self, t: OpId, index: &HashMap<BlockId, usize>) -> Exit {
        let d = &self.m.ops[t];
        let loc = d.loc;
        if d.name == "func.return" {
            return Exit::Return(self.lane_regs(&d.operands.clone()));
        }
        let fail = |message: &str| Exit::Fail {
            message: format!("'{}' {message}", d.name),
            loc,
        };
        let Some(split) = crate::ir::successor_operands(d) else {
            return fail("with malformed operand segments");
        };
        let leading = split.leading.to_vec();
        let targets = split.targets(&d.successors);
        let name = d.name.clone();
        let case_values = crate::ir::switch_case_values(d);
        let mut edges = Vec::new();
        for (b, passed) in targets {
            let Some(&block) = index.get(&b) else {
                return fail("to a block outside the function");
            };
            let to = self.lane_regs(&self.m.blocks[b].args.clone());
            let from = self.lane_regs(&passed);
            edges.push(Edge { block, to, from });
        }
        match (name.as_str(), leading.as_slice(), edges.as_mut_slice()) {
            ("cf.br", [], [_]) => Exit::Branch(edges.remove(0)),
            ("cf.cond_br", &[cond], [_, _]) => {
                let els = edges.remove(1);
                Exit::CondBranch {
                    cond: self.reg(cond),
                    then: edges.remove(0),
                    els,
                }
            }
            ("cf.switch", &[flag], [_, ..]) => {
                let Some(values) = case_values else {
                    return fail("with case values that do not match its successors");
                };
                let width = int_width(self.m.value_type(flag));
                let default = edges.remove(0);
                Exit::Switch {
                    flag: self.reg(flag),
                    width,
                    cases: values.into_iter().zip(edges).collect(),
                    default,
                }
            }
            _ => fail("is not a branch the interpreter knows"),
        }
    }

    /// Compiles a block; its terminator `term` (if last) becomes the
    /// returned list of yielded registers.
    fn block(&mut self, b: crate::ir::BlockId, term: &str) -> (Vec<Inst>, Vec<Reg>) {
        let mut code = Vec::new();
        let mut yields = Vec::new();
        let mut ops = self.m.blocks[b].ops.clone();
        if let Some(&t) = ops.last() {
            if self.m.ops[t].name == term {
                yields = self.lane_regs(&self.m.ops[t].operands.clone());
                ops.pop();
            }
        }
        self.ops(&ops, &mut code);
        (code, yields)
    }

    /// Compiles the ops of a block in order. A scalar load whose only use
    /// is the store right after it becomes one [`Inst::CopyElement`]: a
    /// copy moves an element as it is, initialised or not (a copy loop
    /// reading memory the program never wrote is no error).
    fn ops(&mut self, ops: &[OpId], code: &mut Vec<Inst>) {
        let mut k = 0;
        while k < ops.len() {
            if let Some(copy) = ops.get(k + 1).and_then(|&s| self.copy_element(ops[k], s)) {
                code.push(copy);
                k += 2;
                continue;
            }
            self.op(ops[k], code);
            k += 1;
        }
    }

    /// `load` then `store` as one copy, when they form one.
    fn copy_element(&mut self, load: OpId, store: OpId) -> Option<Inst> {
        let (l, s) = (&self.m.ops[load], &self.m.ops[store]);
        let is_load = matches!(l.name.as_str(), "affine.load" | "memref.load");
        let is_store = matches!(s.name.as_str(), "affine.store" | "memref.store");
        let value = *l.results.first()?;
        if !is_load
            || !is_store
            || s.operands.first() != Some(&value)
            || self.uses.get(&value) != Some(&1)
            || s.operands.get(1) == Some(&value)
            || matches!(self.m.value_type(value), Type::Vector { .. })
        {
            return None;
        }
        let (l, s) = (l.clone(), s.clone());
        let mut subscripts = |d: &OpData, first: usize| -> Option<Box<[CExpr]>> {
            let subs = d.operands.get(first..)?;
            Some(
                match d.attr("map") {
                    Some(Attribute::AffineMap(map)) => self.map_exprs(&map.clone(), subs),
                    Some(_) => return None,
                    None => subs.iter().map(|&v| self.single(v)).collect(),
                }
                .into_boxed_slice(),
            )
        };
        let from = subscripts(&l, 1)?;
        let to = subscripts(&s, 2)?;
        Some(Inst::CopyElement(Box::new(CopyInst {
            src: (self.reg(l.operands[0]), from),
            dst: (self.reg(s.operands[1]), to),
            load_loc: l.loc,
            store_loc: s.loc,
        })))
    }

    fn region_block(
        &mut self,
        op: OpId,
        index: usize,
        term: &str,
    ) -> (Vec<Inst>, Vec<Reg>, Vec<Reg>) {
        let r = self.m.ops[op].regions.get(index).copied();
        match r.and_then(|r| self.m.regions[r].blocks.first().copied()) {
            Some(b) => {
                let args = self.lane_regs(&self.m.blocks[b].args.clone());
                let (code, yields) = self.block(b, term);
                (code, yields, args)
            }
            None => (Vec::new(), Vec::new(), Vec::new()),
        }
    }

    /// Compiles one op; `arith` ops on vectors become one scalar
    /// instruction per lane.
    fn op(&mut self, op: OpId, code: &mut Vec<Inst>) {
        let d = self.m.ops[op].clone();
        if matches!(d.name.as_str(), "affine.prefetch" | "memref.prefetch") {
            // A hint: no effect on what the program computes.
            return;
        }
        let ops = self.regs_of(&d.operands);
        let res = self.regs_of(&d.results);
        let rtype = d.results.first().map(|&r| self.m.value_type(r).clone());
        let otype = d.operands.first().map(|&r| self.m.value_type(r).clone());
        let is_vec = |t: &Option<Type>| matches!(t, Some(Type::Vector { .. }));
        let values = d.operands.iter().chain(&d.results);
        if let Some(t) = values
            .map(|&v| self.m.value_type(v))
            .find(|t| matches!(t, Type::Vector { .. }) && lane_count(t).is_none())
        {
            return code.push(Inst::Fail {
                message: format!(
                    "'{t}' is not supported by the interpreter (only fixed vectors of at most {MAX_LANES} lanes are)"
                ),
                loc: d.loc,
            });
        }
        if crate::vector::VECTOR_OPS.contains(&d.name.as_str()) {
            return self.vector_op(op, &d, code);
        }
        if crate::ir::VIEW_OPS.contains(&d.name.as_str()) && d.name != "memref.cast" {
            return self.view_op(op, &d, code);
        }
        if matches!(
            d.name.as_str(),
            "memref.alloca_scope" | "scf.execute_region"
        ) {
            return self.scope(op, &d, code);
        }
        if crate::syntax::TENSOR_OPS.contains(&d.name.as_str()) {
            return self.tensor_op(op, &d, code);
        }
        if d.name == "arith.constant"
            && matches!(rtype, Some(Type::Tensor { .. }))
            && self.tensor_constant(&d, code)
        {
            return;
        }
        if d.name == "arith.constant" && is_vec(&rtype) && self.vector_constant(&d, code) {
            return;
        }
        let is_tensor =
            |t: &Option<Type>| matches!(t, Some(Type::Tensor { .. } | Type::UnrankedTensor(_)));
        if (d.name.starts_with("arith.") || d.name.starts_with("math."))
            && d.name != "arith.constant"
            && (is_tensor(&rtype)
                || d.operands
                    .iter()
                    .any(|&v| is_tensor(&Some(self.m.value_type(v).clone()))))
        {
            return self.tensor_elementwise(op, &d, &ops, &res, code);
        }
        if (d.name.starts_with("arith.") || d.name.starts_with("math."))
            && d.name != "arith.constant"
            && (is_vec(&rtype) || is_vec(&otype))
        {
            let lanes = d.results.first().map_or(1, |&r| self.lanes(r));
            let vector_operand: Vec<bool> = d
                .operands
                .iter()
                .map(|&v| matches!(self.m.value_type(v), Type::Vector { .. }))
                .collect();
            let elem = |t: &Option<Type>| {
                t.as_ref()
                    .map(|t| t.element_type().cloned().unwrap_or_else(|| t.clone()))
            };
            for k in 0..lanes {
                let lane_ops: Vec<Reg> = ops
                    .iter()
                    .zip(&vector_operand)
                    .map(|(&r, &v)| if v { r + k } else { r })
                    .collect();
                let lane_res: Vec<Reg> = res.iter().map(|&r| r + k).collect();
                self.lower(op, &d, lane_ops, lane_res, elem(&rtype), elem(&otype), code);
            }
            return;
        }
        self.lower(op, &d, ops, res, rtype, otype, code);
    }

    #[allow(clippy::too_many_arguments)]
    fn lower(
        &mut self,
        op: OpId,
        d: &OpData,
        ops: Vec<Reg>,
        res: Vec<Reg>,
        rtype: Option<Type>,
        otype: Option<Type>,
        code: &mut Vec<Inst>,
    ) {
        let loc = d.loc;
        let name = d.name.as_str();
        let fail = |message: String| Inst::Fail { message, loc };
        let map_attr = |n: &str| match d.attr(n) {
            Some(Attribute::AffineMap(m)) => Some(m.clone()),
            _ => None,
        };
        let int_op = match name {
            "arith.addi" => Some(IntOp::Add),
            "arith.subi" => Some(IntOp::Sub),
            "arith.muli" => Some(IntOp::Mul),
            "arith.divsi" => Some(IntOp::DivS),
            "arith.divui" => Some(IntOp::DivU),
            "arith.remsi" => Some(IntOp::RemS),
            "arith.remui" => Some(IntOp::RemU),
            "arith.floordivsi" => Some(IntOp::FloorDivS),
            "arith.ceildivsi" => Some(IntOp::CeilDivS),
            "arith.ceildivui" => Some(IntOp::CeilDivU),
            "arith.maxsi" => Some(IntOp::MaxS),
            "arith.minsi" => Some(IntOp::MinS),
            "arith.maxui" => Some(IntOp::MaxU),
            "arith.minui" => Some(IntOp::MinU),
            "arith.shli" => Some(IntOp::ShL),
            "arith.shrsi" => Some(IntOp::ShRS),
            "arith.shrui" => Some(IntOp::ShRU),
            "arith.andi" => Some(IntOp::And),
            "arith.ori" => Some(IntOp::Or),
            "arith.xori" => Some(IntOp::Xor),
            _ => None,
        };
        let float_op = match name {
            "arith.addf" => Some(FloatOp::Add),
            "arith.subf" => Some(FloatOp::Sub),
            "arith.mulf" => Some(FloatOp::Mul),
            "arith.divf" => Some(FloatOp::Div),
            "arith.maximumf" => Some(FloatOp::Max),
            "arith.minimumf" => Some(FloatOp::Min),
            "arith.remf" => Some(FloatOp::Rem),
            "arith.maxnumf" => Some(FloatOp::MaxNum),
            "arith.minnumf" => Some(FloatOp::MinNum),
            "math.powf" => Some(FloatOp::Pow),
            "math.copysign" => Some(FloatOp::CopySign),
            "math.atan2" => Some(FloatOp::Atan2),
            _ => None,
        };
        let (need_ops, need_res) = match name {
            "arith.constant" | "memref.alloc" | "memref.alloca" | "memref.get_global" => (0, 1),
            "affine.apply" | "affine.min" | "affine.max" | "arith.negf" | "memref.cast" => (0, 1),
            n if MathFn::of(n).is_some() || IntMathFn::of(n).is_some() => (1, 1),
            "arith.select" | "math.fma" => (3, 1),
            "affine.load" | "memref.load" => (1, 1),
            "affine.store" | "memref.store" | "memref.copy" => (2, 0),
            n if ExtendedOp::of(n).is_some() => (2, 2),
            "memref.dim" => (2, 1),
            "memref.dealloc" | "scf.if" => (1, 0),
            n if int_op.is_some()
                || float_op.is_some()
                || n == "arith.cmpi"
                || n == "arith.cmpf" =>
            {
                (2, 1)
            }
            n if n.starts_with("arith.") => (1, 1),
            _ => (0, 0),
        };
        if ops.len() < need_ops || res.len() < need_res {
            code.push(fail(format!("malformed '{name}'")));
            return;
        }
        let scalar = |t: &Option<Type>| {
            t.as_ref()
                .is_some_and(|t| t.is_int_or_index() || t.is_float())
        };
        // A value in one register: a scalar, a memref handle or a
        // function's index, which `arith.select` chooses between.
        let one_register = |t: &Option<Type>| {
            scalar(t)
                || matches!(
                    t,
                    Some(Type::Function { .. } | Type::MemRef { .. } | Type::UnrankedMemRef { .. })
                )
        };
        let selects_one_register = name == "arith.select" && one_register(&rtype) && scalar(&otype);
        if (int_op.is_some()
            || float_op.is_some()
            || name.starts_with("arith.")
            || name == "math.fma"
            || MathFn::of(name).is_some()
            || IntMathFn::of(name).is_some())
            && !(scalar(&rtype) && scalar(&otype))
            && !selects_one_register
            && name != "arith.constant"
        {
            code.push(fail(format!(
                "'{name}' on non-scalar values is not supported by the interpreter"
            )));
            return;
        }
        if let Some(op) = ExtendedOp::of(name) {
            code.push(Inst::Extended {
                op,
                width: int_width(otype.as_ref().unwrap_or(&Type::Index)),
                lo: res[0],
                hi: res[1],
                a: ops[0],
                b: ops[1],
            });
            return;
        }
        if let Some(op) = int_op {
            code.push(Inst::Int {
                op,
                width: int_width(rtype.as_ref().unwrap_or(&Type::Index)),
                dst: res[0],
                a: ops[0],
                b: ops[1],
                loc,
            });
            return;
        }
        if let Some(op) = float_op {
            code.push(Inst::Float {
                op,
                f32: rtype != Some(Type::F64),
                dst: res[0],
                a: ops[0],
                b: ops[1],
            });
            return;
        }
        let inst = match name {
            "arith.constant" => match (d.attr("value"), &rtype) {
                (Some(Attribute::Integer { value, .. }), _) => Inst::Const {
                    dst: res[0],
                    bits: *value as u64,
                },
                (Some(Attribute::Bool(b)), _) => Inst::Const {
                    dst: res[0],
                    bits: if *b { u64::MAX } else { 0 },
                },
                (Some(Attribute::Float { value, .. }), _) => Inst::Const {
                    dst: res[0],
                    bits: value.to_bits(),
                },
                (Some(Attribute::DenseResource { handle, .. }), _) => fail(format!(
                    "cannot run `dense_resource<{handle}>`: tessera reads no resource blobs"
                )),
                _ => fail("unsupported constant".into()),
            },
            "arith.negf" => Inst::Neg {
                dst: res[0],
                a: ops[0],
            },
            n if IntMathFn::of(n).is_some() => match IntMathFn::of(n) {
                Some(f) => Inst::IntMath {
                    f,
                    width: int_width(rtype.as_ref().unwrap_or(&Type::Index)),
                    dst: res[0],
                    a: ops[0],
                },
                None => fail(format!("unsupported '{n}'")),
            },
            n if MathFn::of(n).is_some() => match MathFn::of(n) {
                Some(f) => Inst::Math {
                    f,
                    f32: rtype == Some(Type::F32),
                    dst: res[0],
                    a: ops[0],
                },
                None => fail(format!("unsupported '{n}'")),
            },
            "arith.cmpi" | "arith.cmpf" => {
                let pred = d.attr("predicate").and_then(Attribute::as_int).unwrap_or(0) as u8;
                if name == "arith.cmpi" {
                    Inst::CmpI {
                        pred,
                        width: int_width(otype.as_ref().unwrap_or(&Type::Index)),
                        dst: res[0],
                        a: ops[0],
                        b: ops[1],
                    }
                } else {
                    Inst::CmpF {
                        pred,
                        dst: res[0],
                        a: ops[0],
                        b: ops[1],
                    }
                }
            }
            "arith.select" => Inst::Select {
                dst: res[0],
                cond: ops[0],
                a: ops[1],
                b: ops[2],
            },
            "math.fma" => Inst::Fma {
                f32: rtype != Some(Type::F64),
                dst: res[0],
                a: ops[0],
                b: ops[1],
                c: ops[2],
            },
            "arith.index_cast" | "arith.extsi" | "arith.trunci" => Inst::Cast {
                kind: CastKind::IntResize(int_width(rtype.as_ref().unwrap_or(&Type::Index))),
                dst: res[0],
                a: ops[0],
                loc,
            },
            "arith.uitofp" => Inst::Cast {
                kind: CastKind::UiToFp(
                    rtype != Some(Type::F64),
                    int_width(otype.as_ref().unwrap_or(&Type::Index)),
                ),
                dst: res[0],
                a: ops[0],
                loc,
            },
            "arith.fptoui" => Inst::Cast {
                kind: CastKind::FpToUi(int_width(rtype.as_ref().unwrap_or(&Type::Index))),
                dst: res[0],
                a: ops[0],
                loc,
            },
            "arith.bitcast" => {
                let is_float = |t: &Option<Type>| t.as_ref().is_some_and(Type::is_float);
                let kind = match (is_float(&otype), is_float(&rtype)) {
                    (false, true) => CastKind::BitsToFloat(rtype != Some(Type::F64)),
                    (true, false) => CastKind::FloatToBits(otype != Some(Type::F64)),
                    _ => {
                        code.push(Inst::Copy {
                            dst: res[0],
                            src: ops[0],
                        });
                        return;
                    }
                };
                Inst::Cast {
                    kind,
                    dst: res[0],
                    a: ops[0],
                    loc,
                }
            }
            "arith.index_castui" => Inst::Cast {
                // Zero-extended to `index`, truncated from it.
                kind: if rtype == Some(Type::Index) {
                    CastKind::ZeroExtend(int_width(otype.as_ref().unwrap_or(&Type::Index)))
                } else {
                    CastKind::IntResize(int_width(rtype.as_ref().unwrap_or(&Type::Index)))
                },
                dst: res[0],
                a: ops[0],
                loc,
            },
            "arith.extui" => Inst::Cast {
                kind: CastKind::ZeroExtend(int_width(otype.as_ref().unwrap_or(&Type::Index))),
                dst: res[0],
                a: ops[0],
                loc,
            },
            "arith.sitofp" => Inst::Cast {
                kind: CastKind::SiToFp(rtype != Some(Type::F64)),
                dst: res[0],
                a: ops[0],
                loc,
            },
            "arith.fptosi" => Inst::Cast {
                kind: CastKind::FpToSi(int_width(rtype.as_ref().unwrap_or(&Type::Index))),
                dst: res[0],
                a: ops[0],
                loc,
            },
            "arith.extf" | "arith.truncf" => Inst::Cast {
                kind: CastKind::FloatResize(rtype != Some(Type::F64)),
                dst: res[0],
                a: ops[0],
                loc,
            },
            "affine.delinearize_index" => {
                let map = u32::try_from(d.results.len())
                    .ok()
                    .and_then(|n| AffineMap::delinearize(n).ok());
                let Some(map) = map.filter(|_| d.operands.len() == d.results.len() + 1) else {
                    code.push(fail("malformed 'affine.delinearize_index'".into()));
                    return;
                };
                let exprs = self.map_exprs(&map, &d.operands);
                for (&r, e) in d.results.iter().zip(exprs) {
                    code.push(Inst::Apply {
                        dst: self.reg(r),
                        exprs: vec![e],
                        min: true,
                        loc,
                    });
                }
                return;
            }
            "affine.apply" | "affine.min" | "affine.max" => match map_attr("map") {
                Some(map) => Inst::Apply {
                    dst: res[0],
                    exprs: self.map_exprs(&map, &d.operands),
                    min: name != "affine.max",
                    loc,
                },
                None => fail("missing map".into()),
            },
            "affine.vector_load" | "affine.vector_store" => {
                let store = name == "affine.vector_store";
                let base = usize::from(store);
                let value = if store {
                    d.operands.first()
                } else {
                    d.results.first()
                };
                let shape = match value.map(|&v| self.m.value_type(v)) {
                    Some(Type::Vector { shape, .. }) => shape.clone(),
                    _ => Vec::new(),
                };
                let mem_rank = d
                    .operands
                    .get(base)
                    .and_then(|&m| self.m.value_type(m).rank())
                    .unwrap_or(0);
                match (map_attr("map"), value) {
                    (Some(map), Some(&v)) if shape.len() == 1 && ops.len() > base => {
                        let idx = self.map_exprs(&map, &d.operands[base + 1..]);
                        Inst::VectorAccess {
                            store,
                            val: self.reg(v),
                            lanes: self.lanes(v),
                            mem: ops[base],
                            idx: idx.into_boxed_slice(),
                            loc,
                        }
                    }
                    // Several dimensions: the lanes of the last memref
                    // dimensions, all promised in bounds (a transfer
                    // without padding or mask).
                    (Some(map), Some(&v)) if shape.len() <= mem_rank && ops.len() > base => {
                        let idx = self.map_exprs(&map, &d.operands[base + 1..]);
                        Inst::Transfer(Box::new(vector::TransferInst {
                            write: store,
                            val: self.reg(v),
                            mem: ops[base],
                            idx: idx.into_boxed_slice(),
                            dims: (mem_rank - shape.len()..mem_rank).map(Some).collect(),
                            pad: None,
                            mask: None,
                            mask_strides: vec![0; shape.len()].into_boxed_slice(),
                            in_bounds: vec![true; shape.len()].into_boxed_slice(),
                            shape: shape.into_boxed_slice(),
                            loc,
                        }))
                    }
                    _ => fail(format!("malformed '{name}'")),
                }
            }
            "affine.load" | "affine.store" => {
                let base = usize::from(name == "affine.store");
                match map_attr("map") {
                    Some(map) => {
                        let idx = self.map_exprs(&map, &d.operands[base + 1..]);
                        if base == 0 {
                            access(false, res[0], ops[0], idx, loc)
                        } else {
                            access(true, ops[0], ops[1], idx, loc)
                        }
                    }
                    None => fail("missing map".into()),
                }
            }
            "memref.load" | "memref.store" => {
                let base = usize::from(name == "memref.store");
                let idx = unit_subscripts(&ops[base + 1..]);
                if base == 0 {
                    access(false, res[0], ops[0], idx, loc)
                } else {
                    access(true, ops[0], ops[1], idx, loc)
                }
            }
            "affine.for" => {
                let (Some(lbm), Some(ubm)) = (map_attr("lowerBoundMap"), map_attr("upperBoundMap"))
                else {
                    code.push(fail("missing bound maps".into()));
                    return;
                };
                let (nl, nu) = (lbm.num_inputs() as usize, ubm.num_inputs() as usize);
                let lb = self.map_exprs(&lbm, &d.operands[..nl]);
                let ub = self.map_exprs(&ubm, &d.operands[nl..nl + nu]);
                let step = d.attr("step").and_then(Attribute::as_int).unwrap_or(1);
                let (body, yields, args) = self.region_block(op, 0, "affine.yield");
                if args.is_empty() {
                    code.push(fail("loop without induction variable".into()));
                    return;
                }
                Inst::For(Box::new(AffineLoop {
                    iv: args[0],
                    lb,
                    ub,
                    step,
                    body,
                    carried: args[1..].to_vec(),
                    inits: self.lane_regs(&d.operands[nl + nu..]),
                    yields,
                    results: self.lane_regs(&d.results),
                    loc,
                }))
            }
            "scf.for" => {
                let (body, yields, args) = self.region_block(op, 0, "scf.yield");
                if args.is_empty() || ops.len() < 3 {
                    code.push(fail("malformed scf.for".into()));
                    return;
                }
                Inst::ScfFor(Box::new(ScfLoop {
                    iv: args[0],
                    lb: ops[0],
                    ub: ops[1],
                    step: ops[2],
                    body,
                    carried: args[1..].to_vec(),
                    inits: self.lane_regs(&d.operands[3..]),
                    yields,
                    results: self.lane_regs(&d.results),
                    loc,
                }))
            }
            "scf.while" => {
                let (before, condition, before_args) = self.region_block(op, 0, "scf.condition");
                let (after, yields, after_args) = self.region_block(op, 1, "scf.yield");
                match condition.split_first() {
                    Some((&cond, forwarded)) if forwarded.len() == after_args.len() => {
                        Inst::ScfWhile(Box::new(ScfWhile {
                            before_args,
                            before,
                            cond,
                            forwarded: forwarded.to_vec(),
                            after_args,
                            after,
                            yields,
                            inits: self.lane_regs(&d.operands),
                            results: self.lane_regs(&d.results),
                            loc,
                        }))
                    }
                    _ => fail("malformed scf.while".into()),
                }
            }
            "affine.parallel" => self.parallel(op, d, res, loc),
            "scf.parallel" => self.scf_parallel(op, d, res, loc),
            "affine.if" | "scf.if" => {
                let term = if name == "affine.if" {
                    "affine.yield"
                } else {
                    "scf.yield"
                };
                let cond = if name == "scf.if" {
                    Cond::Reg(ops[0])
                } else {
                    match d.attr("condition") {
                        Some(Attribute::IntegerSet(set)) => {
                            let nd = (set.num_dims() as usize).min(ops.len());
                            Cond::Set {
                                set: set.clone(),
                                dims: ops[..nd].to_vec(),
                                symbols: ops[nd..].to_vec(),
                            }
                        }
                        _ => {
                            code.push(fail("missing condition".into()));
                            return;
                        }
                    }
                };
                let (then, then_yields, _) = self.region_block(op, 0, term);
                let (els, else_yields, _) = self.region_block(op, 1, term);
                Inst::If(Box::new(Conditional {
                    cond,
                    then,
                    then_yields,
                    els,
                    else_yields,
                    results: self.lane_regs(&d.results),
                    loc,
                }))
            }
            "memref.alloc" | "memref.alloca" => match res.first() {
                Some(&dst) => self.alloc(&rtype, &ops, dst, loc),
                None => fail("allocation without result".into()),
            },
            "memref.get_global" => {
                let name = match d.attr("name") {
                    Some(Attribute::SymbolRef(p)) => p.join("::"),
                    _ => String::new(),
                };
                match (res.first(), self.globals.get(&name)) {
                    (Some(&dst), Some(&global)) => Inst::GetGlobal { dst, global, loc },
                    (_, None) => match self.m.global(&name) {
                        Some(g) => fail(Global::new(self.m, g).err().unwrap_or_default()),
                        None => fail(format!("no global named '@{name}'")),
                    },
                    (None, _) => fail("get_global without result".into()),
                }
            }
            "memref.dealloc" => Inst::Dealloc { mem: ops[0], loc },
            "memref.dim" => Inst::Dim {
                dst: res[0],
                mem: ops[0],
                index: ops[1],
                loc,
            },
            "memref.cast" => Inst::Copy {
                dst: res[0],
                src: ops[0],
            },
            "affine.dma_start" | "memref.dma_start" => match crate::dma::DmaStart::of(self.m, d) {
                Some(dma) => {
                    let mut part = |s: &crate::dma::Subscripted| {
                        let subs = &d.operands[s.subscripts.clone()];
                        let idx = match &s.map {
                            Some(map) => self.map_exprs(map, subs),
                            None => subs.iter().map(|&v| self.single(v)).collect(),
                        };
                        (self.reg(d.operands[s.memref]), idx.into_boxed_slice())
                    };
                    let (src, dst, tag) = (part(&dma.src), part(&dma.dst), part(&dma.tag));
                    Inst::Dma(Box::new(DmaInst {
                        src,
                        dst,
                        tag,
                        count: self.reg(d.operands[dma.count]),
                        stride: dma
                            .stride
                            .map(|(a, b)| (self.reg(d.operands[a]), self.reg(d.operands[b]))),
                        source_strided: dma.source_strided(self.m, d),
                        loc,
                    }))
                }
                None => fail(format!("malformed '{name}'")),
            },
            "affine.dma_wait" | "memref.dma_wait" => match crate::dma::DmaWait::of(self.m, d) {
                Some(wait) => {
                    let subs = &d.operands[wait.tag.subscripts.clone()];
                    let idx = match &wait.tag.map {
                        Some(map) => self.map_exprs(map, subs),
                        None => subs.iter().map(|&v| self.single(v)).collect(),
                    };
                    Inst::DmaWait {
                        tag: self.reg(d.operands[0]),
                        idx: idx.into_boxed_slice(),
                        loc,
                    }
                }
                None => fail(format!("malformed '{name}'")),
            },
            "memref.copy" => Inst::MemCopy {
                src: ops[0],
                dst: ops[1],
                loc,
            },
            "cf.assert" => Inst::Assert {
                cond: ops[0],
                message: match d.attr("msg") {
                    Some(Attribute::String(m)) => m.clone(),
                    _ => String::new(),
                },
                loc,
            },
            "func.constant" => {
                let name = match d.attr("value") {
                    Some(Attribute::SymbolRef(p)) => p.join("::"),
                    _ => String::new(),
                };
                match (res.first(), self.names.get(&name)) {
                    (Some(&dst), Some(&func)) => Inst::Const {
                        dst,
                        bits: func as u64,
                    },
                    _ => fail(format!("reference to unknown function '@{name}'")),
                }
            }
            "func.call_indirect" => match d.operands.split_first() {
                Some((_, args)) => Inst::CallIndirect {
                    callee: ops[0],
                    args: self.lane_regs(args),
                    results: self.lane_regs(&d.results),
                    loc,
                },
                None => fail("call_indirect without a callee".into()),
            },
            "func.call" => {
                let callee = match d.attr("callee") {
                    Some(Attribute::SymbolRef(p)) => p.join("::"),
                    _ => String::new(),
                };
                if PRINT_MEMREF.contains(&callee.as_str()) && ops.len() == 1 {
                    Inst::PrintMemref { mem: ops[0], loc }
                } else {
                    match self.names.get(&callee) {
                        Some(&func) => Inst::Call {
                            func,
                            args: self.lane_regs(&d.operands),
                            results: self.lane_regs(&d.results),
                            loc,
                        },
                        None => fail(format!("call of unknown function '@{callee}'")),
                    }
                }
            }
            "vector.print" => match (&otype, crate::vector::print_text(self.m, op)) {
                (None, text) => Inst::PrintText { text: text.into() },
                (Some(t), suffix) if t.is_int_or_index() || t.is_float() => Inst::Print {
                    src: ops[0],
                    kind: scalar_kind(t),
                    width: int_width(t),
                    suffix: suffix.into(),
                },
                (Some(Type::Vector { shape, elem, .. }), suffix) => Inst::PrintVector {
                    src: ops[0],
                    shape: shape.clone().into_boxed_slice(),
                    kind: scalar_kind(elem),
                    width: int_width(elem),
                    suffix: suffix.into(),
                },
                _ => fail(
                    "vector.print of non-scalar values is not supported by the interpreter".into(),
                ),
            },
            other => fail(format!("operation '{other}' cannot be interpreted")),
        };
        code.push(inst);
    }

    fn alloc(&mut self, rtype: &Option<Type>, ops: &[Reg], dst: Reg, loc: Location) -> Inst {
        let Some(Type::MemRef {
            shape,
            elem,
            layout,
            ..
        }) = rtype
        else {
            return Inst::Fail {
                message: "allocation of a non-memref".into(),
                loc,
            };
        };
        let mut next = 0;
        let mut dims = Vec::new();
        for &s in shape {
            if s == DYNAMIC {
                match ops.get(next) {
                    Some(&r) => dims.push(Err(r)),
                    None => {
                        return Inst::Fail {
                            message: "missing dynamic size".into(),
                            loc,
                        }
                    }
                }
                next += 1;
            } else {
                dims.push(Ok(s));
            }
        }
        let layout = match layout {
            None => AllocLayout::Identity,
            Some(Layout::Strided { strides, offset }) => {
                if strides.contains(&DYNAMIC) || *offset == DYNAMIC {
                    return Inst::Fail {
                        message: "cannot allocate a memref with dynamic strides".into(),
                        loc,
                    };
                }
                AllocLayout::Strided {
                    strides: strides.clone(),
                    offset: *offset,
                }
            }
            Some(Layout::Map(m)) if m.is_permutation() => AllocLayout::Permutation(
                m.results()
                    .iter()
                    .filter_map(|e| match e.kind() {
                        ExprKind::Dim(d) => Some(*d as usize),
                        _ => None,
                    })
                    .collect(),
            ),
            Some(Layout::Map(m)) if m.is_identity() => AllocLayout::Identity,
            Some(Layout::Map(_)) => {
                return Inst::Fail {
                    message: "the interpreter supports only permutation layout maps".into(),
                    loc,
                }
            }
        };
        let kind = scalar_kind(elem);
        if !(elem.is_int_or_index() || elem.is_float()) {
            return Inst::Fail {
                message: format!(
                    "memrefs of '{elem}' elements are not supported by the interpreter"
                ),
                loc,
            };
        }
        Inst::Alloc {
            dst,
            shape: dims,
            layout,
            kind,
            loc,
        }
    }

    fn scf_parallel(
        &mut self,
        op: OpId,
        d: &crate::ir::OpData,
        results: Vec<Reg>,
        loc: Location,
    ) -> Inst {
        let fail = |m: &str| Inst::Fail {
            message: m.to_string(),
            loc,
        };
        let body_block = d
            .regions
            .first()
            .and_then(|&r| self.m.regions[r].blocks.first().copied());
        let Some(b) = body_block else {
            return fail("malformed scf.parallel");
        };
        let reduce_op = self.m.blocks[b].ops.last().copied();
        let (body, reduced, ivs) = self.region_block(op, 0, "scf.reduce");
        let n = ivs.len();
        let ops = self.regs_of(&d.operands);
        if ops.len() < 3 * n {
            return fail("malformed scf.parallel");
        }
        let mut combiners = Vec::new();
        if let Some(r) = reduce_op {
            for k in 0..self.m.ops[r].regions.len() {
                let (code, ret, args) = self.region_block(r, k, "scf.reduce.return");
                match (args.as_slice(), ret.as_slice()) {
                    ([lhs, rhs], [ret]) => combiners.push(Combiner {
                        lhs: *lhs,
                        rhs: *rhs,
                        body: code,
                        ret: *ret,
                    }),
                    _ => return fail("malformed scf.reduce"),
                }
            }
        }
        let inits = ops[3 * n..].to_vec();
        if combiners.len() != inits.len()
            || reduced.len() != inits.len()
            || results.len() != inits.len()
        {
            return fail("malformed scf.parallel reductions");
        }
        Inst::ScfParallel(Box::new(ScfParallelLoop {
            ivs,
            lbs: ops[..n].to_vec(),
            ubs: ops[n..2 * n].to_vec(),
            steps: ops[2 * n..3 * n].to_vec(),
            body,
            inits,
            reduced,
            combiners,
            results,
            loc,
        }))
    }

    fn parallel(
        &mut self,
        op: OpId,
        d: &crate::ir::OpData,
        results: Vec<Reg>,
        loc: Location,
    ) -> Inst {
        let fail = |m: &str| Inst::Fail {
            message: m.to_string(),
            loc,
        };
        let (Some(Attribute::AffineMap(lm)), Some(Attribute::AffineMap(um))) =
            (d.attr("lowerBoundsMap"), d.attr("upperBoundsMap"))
        else {
            return fail("missing bound maps");
        };
        let groups = |name: &str, n: usize| -> Vec<usize> {
            match d.attr(name) {
                Some(Attribute::DenseInt { values, .. }) if values.len() == 1 => {
                    vec![values[0].max(0) as usize; n]
                }
                Some(Attribute::DenseInt { values, .. }) => {
                    values.iter().map(|&v| v.max(0) as usize).collect()
                }
                _ => vec![1; n],
            }
        };
        let (body, yields, ivs) = self.region_block(op, 0, "affine.yield");
        let nl = lm.num_inputs() as usize;
        let lexprs = self.map_exprs(lm, &d.operands[..nl.min(d.operands.len())]);
        let uexprs = self.map_exprs(um, &d.operands[nl.min(d.operands.len())..]);
        let split = |exprs: Vec<CExpr>, g: Vec<usize>| -> Vec<Bound> {
            let mut it = exprs.into_iter();
            g.into_iter()
                .map(|n| it.by_ref().take(n).collect())
                .collect()
        };
        let lbs = split(lexprs, groups("lowerBoundsGroups", ivs.len()));
        let ubs = split(uexprs, groups("upperBoundsGroups", ivs.len()));
        let steps = match d.attr("steps") {
            Some(Attribute::Array(a)) => a.iter().map(|s| s.as_int().unwrap_or(1)).collect(),
            _ => vec![1; ivs.len()],
        };
        let reductions = match d.attr("reductions") {
            Some(Attribute::Array(a)) => a
                .iter()
                .zip(&d.results)
                .map(|(k, &r)| {
                    (
                        k.as_int().unwrap_or(0) as u8,
                        self.m.value_type(r).is_float(),
                    )
                })
                .collect(),
            _ => Vec::new(),
        };
        if lbs.len() != ivs.len() || ubs.len() != ivs.len() || steps.len() != ivs.len() {
            return fail("malformed affine.parallel");
        }
        Inst::Parallel(Box::new(ParallelLoop {
            ivs,
            lbs,
            ubs,
            steps,
            body,
            reductions,
            yields,
            results,
            loc,
        }))
    }
}
