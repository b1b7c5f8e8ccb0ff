//! The interpreter: runs functions on concrete memrefs.
//!
//! `compile` turns each function into a tree of register instructions;
//! [`Interpreter`] executes them. Scalars live in a frame of `u64`
//! registers (integers sign-extended from their width, floats as `f64`
//! bits, memrefs as descriptor handles). Buffers remember which elements
//! were written, so reads of uninitialised memory are caught, as are
//! out-of-bounds accesses, use after `dealloc`, division by zero and ops
//! the interpreter does not know — each reported at the op's location.
//!
//! ```
//! use tessera_ir::{interp::Interpreter, parse_and_verify};
//! let src = "func.func @main() {\n  %c = arith.constant 2.5 : f32\n  vector.print %c : f32\n  return\n}\n";
//! let m = parse_and_verify("t.mlir", src)?;
//! let mut it = Interpreter::new(&m);
//! it.call("main", &[])?;
//! assert_eq!(it.output(), "2.5\n");
//! # Ok::<(), tessera_ir::Diagnostic>(())
//! ```

mod compile;
pub use compile::{ExtendedOp, IntMathFn, MathFn};
pub mod format;
mod transfer;
mod views;

use std::fmt::Write;

use crate::error::Diagnostic;
use crate::ir::{Location, Module};
use crate::types::Type;
use compile::{
    AffineLoop, AllocLayout, CBlock, CExpr, CastKind, Cond, Conditional, CopyInst, DmaInst, Exit,
    FloatOp, Inst, IntOp, ParallelLoop, Program, Reg, ScalarKind, ScfLoop, ScfParallelLoop,
    ScfWhile,
};
use format::format_g;

/// Largest buffer the interpreter allocates, in elements.
const MAX_ELEMENTS: i64 = 1 << 28;

/// Deepest call nesting before the interpreter reports a stack overflow.
const MAX_CALL_DEPTH: usize = 256;

/// A run-time error inside the interpreter, boxed so that the hot paths
/// pass a pointer-sized `Result`.
type Fault = Box<Diagnostic>;

/// A value passed to or returned from a function.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RtValue {
    /// An integer or index (sign-extended).
    Int(i64),
    /// A float.
    Float(f64),
    /// A memref handle from [`Interpreter::alloc`].
    MemRef(u32),
}

#[derive(Clone, Debug)]
struct Buffer {
    data: Vec<u64>,
    written: Vec<bool>,
    kind: ScalarKind,
    freed: bool,
}

/// Highest memref rank the interpreter handles (descriptors are inline
/// arrays, which keeps element addressing free of pointer chasing).
const MAX_RANK: usize = 8;

#[derive(Clone, Debug)]
struct Descriptor {
    buffer: usize,
    offset: i64,
    rank: usize,
    size_array: [i64; MAX_RANK],
    stride_array: [i64; MAX_RANK],
}

impl Descriptor {
    fn new(buffer: usize, offset: i64, sizes: &[i64], strides: &[i64]) -> Option<Descriptor> {
        if sizes.len() > MAX_RANK || strides.len() != sizes.len() {
            return None;
        }
        let mut d = Descriptor {
            buffer,
            offset,
            rank: sizes.len(),
            size_array: [0; MAX_RANK],
            stride_array: [0; MAX_RANK],
        };
        d.size_array[..sizes.len()].copy_from_slice(sizes);
        d.stride_array[..sizes.len()].copy_from_slice(strides);
        Some(d)
    }

    fn sizes(&self) -> &[i64] {
        &self.size_array[..self.rank]
    }

    fn strides(&self) -> &[i64] {
        &self.stride_array[..self.rank]
    }
}

/// Runs the functions of a module.
pub struct Interpreter {
    program: Program,
    /// The memref of each global, once a `memref.get_global` reached it.
    global_handles: Vec<Option<u64>>,
    file: String,
    buffers: Vec<Buffer>,
    descriptors: Vec<Descriptor>,
    out: String,
    depth: usize,
    fuel: Option<u64>,
}

fn sext(v: u64, width: u32) -> u64 {
    if width >= 64 {
        v
    } else {
        let shift = 64 - width;
        (((v << shift) as i64) >> shift) as u64
    }
}

fn zext(v: u64, width: u32) -> u64 {
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

fn f(bits: u64) -> f64 {
    f64::from_bits(bits)
}

fn round32(v: f64, single: bool) -> u64 {
    if single {
        f64::from(v as f32).to_bits()
    } else {
        v.to_bits()
    }
}

fn maximum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_negative() {
            b
        } else {
            a
        }
    } else {
        a.max(b)
    }
}

/// IEEE `maxNum`: a NaN operand gives the other; otherwise `maximumf`.
fn max_num(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else {
        maximum(a, b)
    }
}

/// IEEE `minNum`: a NaN operand gives the other; otherwise `minimumf`.
fn min_num(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else {
        minimum(a, b)
    }
}

fn minimum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_negative() {
            a
        } else {
            b
        }
    } else {
        a.min(b)
    }
}

impl Interpreter {
    /// Compiles every function of `m`.
    pub fn new(m: &Module) -> Interpreter {
        let program = compile::compile(m);
        Interpreter {
            global_handles: vec![None; program.globals.len()],
            program,
            file: m.file.clone(),
            buffers: Vec::new(),
            descriptors: Vec::new(),
            out: String::new(),
            depth: 0,
            fuel: None,
        }
    }

    /// Limits the number of loop iterations (over all loops) the
    /// interpreter runs before failing with "iteration budget exhausted";
    /// unlimited by default.
    pub fn set_iteration_budget(&mut self, iterations: u64) {
        self.fuel = Some(iterations);
    }

    #[inline(always)]
    fn burn(&mut self, loc: Location) -> Result<(), Fault> {
        if let Some(f) = &mut self.fuel {
            if *f == 0 {
                return Err(self.err(loc, "iteration budget exhausted"));
            }
            *f -= 1;
        }
        Ok(())
    }

    /// What the program printed so far.
    pub fn output(&self) -> &str {
        &self.out
    }

    /// What the program printed so far, which is then forgotten: the
    /// output of the next call alone, on an interpreter whose state (its
    /// globals) lives on from call to call.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    #[cold]
    fn err(&self, loc: Location, msg: impl Into<String>) -> Fault {
        Box::new(Diagnostic::new(&self.file, "", loc, msg))
    }

    /// Allocates a row-major memref of `elem` with `shape`, every element
    /// set to `fill` (converted to the element type). Fails for negative
    /// sizes, huge buffers and ranks above 8.
    pub fn alloc(&mut self, elem: &Type, shape: &[i64], fill: f64) -> Result<RtValue, Diagnostic> {
        let kind = match elem {
            Type::Integer(1) => ScalarKind::Bool,
            t if t.is_float() => ScalarKind::Float,
            _ => ScalarKind::Int,
        };
        let handle = self
            .allocate(shape, &AllocLayout::Identity, kind, Location::default())
            .map_err(|e| *e)?;
        let bits = match kind {
            ScalarKind::Float => round32(fill, *elem != Type::F64),
            _ => fill as i64 as u64,
        };
        let d = &self.descriptors[handle as usize];
        let buf = &mut self.buffers[d.buffer];
        buf.data.fill(bits);
        buf.written.fill(true);
        Ok(RtValue::MemRef(handle as u32))
    }

    /// The elements of a memref in row-major order, as `f64`.
    pub fn read(&self, mem: RtValue) -> Vec<f64> {
        let RtValue::MemRef(h) = mem else {
            return Vec::new();
        };
        let Some(d) = self.descriptors.get(h as usize) else {
            return Vec::new();
        };
        let buf = &self.buffers[d.buffer];
        let mut out = Vec::new();
        for_each_index(d.sizes(), |idx| {
            let off = d.offset + idx.iter().zip(d.strides()).map(|(i, s)| i * s).sum::<i64>();
            let bits = buf.data.get(off as usize).copied().unwrap_or(0);
            out.push(match buf.kind {
                ScalarKind::Float => f(bits),
                _ => bits as i64 as f64,
            });
        });
        out
    }

    /// Calls function `name` with `args`; returns its results.
    pub fn call(&mut self, name: &str, args: &[RtValue]) -> Result<Vec<RtValue>, Diagnostic> {
        let Some(idx) = self.program.funcs.iter().position(|f| f.name == name) else {
            return Err(*self.err(Location::default(), format!("no function named '@{name}'")));
        };
        let func = &self.program.funcs[idx];
        if func.args.len() != args.len() {
            return Err(*self.err(
                func.loc,
                format!("'@{name}' expects {} arguments", func.args.len()),
            ));
        }
        let mut regs = vec![0u64; func.num_regs];
        for (&r, a) in func.args.iter().zip(args) {
            regs[r as usize] = match *a {
                RtValue::Int(v) => v as u64,
                RtValue::Float(v) => v.to_bits(),
                RtValue::MemRef(h) => u64::from(h),
            };
        }
        let results = self.run_function(idx, &mut regs).map_err(|e| *e)?;
        Ok(results
            .into_iter()
            .map(|b| RtValue::Int(b as i64))
            .collect())
    }

    fn run_function(&mut self, idx: usize, regs: &mut [u64]) -> Result<Vec<u64>, Fault> {
        let program = std::mem::replace(
            &mut self.program,
            Program {
                funcs: Vec::new(),
                globals: Vec::new(),
            },
        );
        let result = self.run_in(&program, idx, regs);
        self.program = program;
        result
    }

    fn run_in(&mut self, p: &Program, idx: usize, regs: &mut [u64]) -> Result<Vec<u64>, Fault> {
        let func = &p.funcs[idx];
        if func.external {
            return Err(self.err(func.loc, format!("function '@{}' has no body", func.name)));
        }
        self.depth += 1;
        if self.depth > MAX_CALL_DEPTH {
            self.depth -= 1;
            return Err(self.err(func.loc, "call stack too deep"));
        }
        let r = self.run_blocks(p, &func.blocks, regs);
        self.depth -= 1;
        r
    }

    /// Runs a function body from its entry block until a `func.return`,
    /// following branches (each taken branch costs one iteration of the
    /// budget, so a loop in the control-flow graph cannot run forever).
    fn run_blocks(
        &mut self,
        p: &Program,
        blocks: &[CBlock],
        regs: &mut [u64],
    ) -> Result<Vec<u64>, Fault> {
        let mut at = 0usize;
        loop {
            let Some(block) = blocks.get(at) else {
                return Ok(Vec::new());
            };
            self.exec(p, &block.body, regs)?;
            let edge = match &block.exit {
                Exit::Return(values) => {
                    return Ok(values.iter().map(|&r| regs[r as usize]).collect())
                }
                Exit::Fail { message, loc } => return Err(self.err(*loc, message.clone())),
                Exit::Branch(e) => e,
                Exit::CondBranch { cond, then, els } => {
                    if regs[*cond as usize] & 1 == 1 {
                        then
                    } else {
                        els
                    }
                }
                Exit::Switch {
                    flag,
                    width,
                    cases,
                    default,
                } => {
                    let value = zext(regs[*flag as usize], *width);
                    cases
                        .iter()
                        .find(|(c, _)| zext(*c as u64, *width) == value)
                        .map_or(default, |(_, e)| e)
                }
            };
            self.burn(block.exit_loc)?;
            let passed: Vec<u64> = edge.from.iter().map(|&r| regs[r as usize]).collect();
            for (&to, v) in edge.to.iter().zip(passed) {
                regs[to as usize] = v;
            }
            at = edge.block;
        }
    }

    #[inline(always)]
    fn eval(&self, e: &CExpr, regs: &[u64], loc: Location) -> Result<i64, Fault> {
        match e {
            CExpr::Single {
                reg,
                coef,
                constant,
            } => Ok((regs[*reg as usize] as i64)
                .wrapping_mul(*coef)
                .wrapping_add(*constant)),
            CExpr::Linear { terms, constant } => {
                let mut acc = *constant;
                for &(r, c) in terms {
                    acc = acc.wrapping_add((regs[r as usize] as i64).wrapping_mul(c));
                }
                Ok(acc)
            }
            CExpr::General(g) => {
                let d: Vec<i64> = g.dims.iter().map(|&r| regs[r as usize] as i64).collect();
                let s: Vec<i64> = g.symbols.iter().map(|&r| regs[r as usize] as i64).collect();
                g.expr
                    .evaluate(&d, &s)
                    .map_err(|e| self.err(loc, format!("cannot evaluate affine expression: {e}")))
            }
        }
    }

    fn bound(&self, b: &[CExpr], regs: &[u64], lower: bool, loc: Location) -> Result<i64, Fault> {
        let mut acc = if lower { i64::MIN } else { i64::MAX };
        for e in b {
            let v = self.eval(e, regs, loc)?;
            acc = if lower { acc.max(v) } else { acc.min(v) };
        }
        Ok(acc)
    }

    #[inline(always)]
    fn address(
        &self,
        mem: u64,
        idx: &[CExpr],
        regs: &[u64],
        loc: Location,
    ) -> Result<(usize, usize), Fault> {
        let d = self
            .descriptors
            .get(mem as usize)
            .ok_or_else(|| self.err(loc, "invalid memref"))?;
        if idx.len() != d.rank {
            return Err(self.err(loc, "subscript count does not match the memref rank"));
        }
        let mut off = d.offset;
        for (k, e) in idx.iter().enumerate() {
            let i = self.eval(e, regs, loc)?;
            if i < 0 || i >= d.size_array[k] {
                return Err(self.err(
                    loc,
                    format!(
                        "out-of-bounds access: index {i} in dimension {k} of size {}",
                        d.size_array[k]
                    ),
                ));
            }
            off += i * d.stride_array[k];
        }
        let buf = &self.buffers[d.buffer];
        if buf.freed {
            return Err(self.err(loc, "access to a deallocated memref"));
        }
        if off < 0 || off as usize >= buf.data.len() {
            return Err(self.err(loc, "access outside the underlying buffer"));
        }
        Ok((d.buffer, off as usize))
    }

    /// [`Interpreter::address`] for `coef * reg + constant` subscripts.
    #[inline(always)]
    fn address_fast(
        &self,
        mem: u64,
        subs: &[compile::Sub],
        regs: &[u64],
        loc: Location,
    ) -> Result<(usize, usize), Fault> {
        let Some(d) = self.descriptors.get(mem as usize) else {
            return Err(self.err(loc, "invalid memref"));
        };
        if subs.len() != d.rank {
            return Err(self.err(loc, "subscript count does not match the memref rank"));
        }
        let mut off = d.offset;
        for (k, s) in subs.iter().enumerate() {
            let i = (regs[s.reg as usize] as i64)
                .wrapping_mul(s.coef)
                .wrapping_add(s.constant);
            if i < 0 || i >= d.size_array[k] {
                return Err(self.err(
                    loc,
                    format!(
                        "out-of-bounds access: index {i} in dimension {k} of size {}",
                        d.size_array[k]
                    ),
                ));
            }
            off += i * d.stride_array[k];
        }
        let buf = &self.buffers[d.buffer];
        if buf.freed || off < 0 || off as usize >= buf.data.len() {
            return Err(self.err(
                loc,
                if buf.freed {
                    "access to a deallocated memref"
                } else {
                    "access outside the underlying buffer"
                },
            ));
        }
        Ok((d.buffer, off as usize))
    }

    fn exec(&mut self, p: &Program, code: &[Inst], regs: &mut [u64]) -> Result<(), Fault> {
        for inst in code {
            match inst {
                Inst::Const { dst, bits } => regs[*dst as usize] = *bits,
                Inst::Copy { dst, src } => regs[*dst as usize] = regs[*src as usize],
                Inst::Int {
                    op,
                    width,
                    dst,
                    a,
                    b,
                    loc,
                } => {
                    regs[*dst as usize] =
                        self.int_op(*op, *width, regs[*a as usize], regs[*b as usize], *loc)?;
                }
                Inst::Float { op, f32, dst, a, b } => {
                    let (x, y) = (f(regs[*a as usize]), f(regs[*b as usize]));
                    let v = if *f32 {
                        let (x, y) = (x as f32, y as f32);
                        f64::from(match op {
                            FloatOp::Pow => x.powf(y),
                            FloatOp::CopySign => x.copysign(y),
                            FloatOp::Atan2 => x.atan2(y),
                            FloatOp::Add => x + y,
                            FloatOp::Sub => x - y,
                            FloatOp::Mul => x * y,
                            FloatOp::Div => x / y,
                            FloatOp::Max => maximum(f64::from(x), f64::from(y)) as f32,
                            FloatOp::Min => minimum(f64::from(x), f64::from(y)) as f32,
                            FloatOp::Rem => x % y,
                            FloatOp::MaxNum => max_num(f64::from(x), f64::from(y)) as f32,
                            FloatOp::MinNum => min_num(f64::from(x), f64::from(y)) as f32,
                        })
                    } else {
                        match op {
                            FloatOp::Pow => x.powf(y),
                            FloatOp::CopySign => x.copysign(y),
                            FloatOp::Atan2 => x.atan2(y),
                            FloatOp::Add => x + y,
                            FloatOp::Sub => x - y,
                            FloatOp::Mul => x * y,
                            FloatOp::Div => x / y,
                            FloatOp::Max => maximum(x, y),
                            FloatOp::Min => minimum(x, y),
                            FloatOp::Rem => x % y,
                            FloatOp::MaxNum => max_num(x, y),
                            FloatOp::MinNum => min_num(x, y),
                        }
                    };
                    regs[*dst as usize] = v.to_bits();
                }
                Inst::Neg { dst, a } => regs[*dst as usize] = (-f(regs[*a as usize])).to_bits(),
                Inst::Extended {
                    op,
                    width,
                    lo,
                    hi,
                    a,
                    b,
                } => {
                    let (l, h) = op.apply(regs[*a as usize], regs[*b as usize], *width);
                    regs[*lo as usize] = l;
                    regs[*hi as usize] = h;
                }
                Inst::Fma { f32, dst, a, b, c } => {
                    let (x, y, z) = (
                        f(regs[*a as usize]),
                        f(regs[*b as usize]),
                        f(regs[*c as usize]),
                    );
                    let v = if *f32 {
                        f64::from((x as f32).mul_add(y as f32, z as f32))
                    } else {
                        x.mul_add(y, z)
                    };
                    regs[*dst as usize] = v.to_bits();
                }
                Inst::IntMath {
                    f: func,
                    width,
                    dst,
                    a,
                } => {
                    regs[*dst as usize] = sext(func.apply(regs[*a as usize], *width), *width);
                }
                Inst::Math {
                    f: func,
                    f32,
                    dst,
                    a,
                } => {
                    let x = f(regs[*a as usize]);
                    let v = if *f32 {
                        f64::from(func.f32(x as f32))
                    } else {
                        func.f64(x)
                    };
                    regs[*dst as usize] = v.to_bits();
                }
                Inst::CmpI {
                    pred,
                    width,
                    dst,
                    a,
                    b,
                } => {
                    let (x, y) = (regs[*a as usize], regs[*b as usize]);
                    let (sx, sy) = (x as i64, y as i64);
                    let (ux, uy) = (zext(x, *width), zext(y, *width));
                    let r = match pred {
                        0 => x == y,
                        1 => x != y,
                        2 => sx < sy,
                        3 => sx <= sy,
                        4 => sx > sy,
                        5 => sx >= sy,
                        6 => ux < uy,
                        7 => ux <= uy,
                        8 => ux > uy,
                        _ => ux >= uy,
                    };
                    regs[*dst as usize] = if r { u64::MAX } else { 0 };
                }
                Inst::CmpF { pred, dst, a, b } => {
                    let (x, y) = (f(regs[*a as usize]), f(regs[*b as usize]));
                    let unordered = x.is_nan() || y.is_nan();
                    let r = match pred {
                        0 => false,
                        1 => !unordered && x == y,
                        2 => !unordered && x > y,
                        3 => !unordered && x >= y,
                        4 => !unordered && x < y,
                        5 => !unordered && x <= y,
                        6 => !unordered && x != y,
                        7 => !unordered,
                        8 => unordered || x == y,
                        9 => unordered || x > y,
                        10 => unordered || x >= y,
                        11 => unordered || x < y,
                        12 => unordered || x <= y,
                        13 => unordered || x != y,
                        14 => unordered,
                        _ => true,
                    };
                    regs[*dst as usize] = if r { u64::MAX } else { 0 };
                }
                Inst::Select { dst, cond, a, b } => {
                    regs[*dst as usize] = if regs[*cond as usize] & 1 != 0 {
                        regs[*a as usize]
                    } else {
                        regs[*b as usize]
                    };
                }
                Inst::Cast { kind, dst, a, loc } => {
                    let x = regs[*a as usize];
                    regs[*dst as usize] = match kind {
                        CastKind::IntResize(w) => sext(x, *w),
                        CastKind::ZeroExtend(w) if *w >= 64 => x,
                        CastKind::ZeroExtend(w) => x & ((1u64 << w) - 1),
                        CastKind::SiToFp(single) => round32(x as i64 as f64, *single),
                        CastKind::FpToSi(w) => {
                            let v = f(x).trunc();
                            let lim = 2f64.powi((*w).clamp(1, 64) as i32 - 1);
                            if v.is_nan() || v >= lim || v < -lim {
                                return Err(self.err(
                                    *loc,
                                    format!("fptosi of {} does not fit in i{w}", f(x)),
                                ));
                            }
                            sext(v as i64 as u64, *w)
                        }
                        CastKind::FloatResize(single) => round32(f(x), *single),
                        CastKind::UiToFp(single, w) => round32(zext(x, *w) as f64, *single),
                        CastKind::FpToUi(w) => {
                            let v = f(x).trunc();
                            let lim = 2f64.powi((*w).clamp(1, 64) as i32);
                            if v.is_nan() || v >= lim || v < 0.0 {
                                return Err(self.err(
                                    *loc,
                                    format!("fptoui of {} does not fit in i{w}", f(x)),
                                ));
                            }
                            sext(v as u64, *w)
                        }
                        CastKind::BitsToFloat(true) => {
                            f64::from(f32::from_bits(x as u32)).to_bits()
                        }
                        CastKind::BitsToFloat(false) => x,
                        CastKind::FloatToBits(true) => sext(u64::from((f(x) as f32).to_bits()), 32),
                        CastKind::FloatToBits(false) => x,
                    };
                }
                Inst::Apply {
                    dst,
                    exprs,
                    min,
                    loc,
                } => {
                    regs[*dst as usize] = self.bound(exprs, regs, !*min, *loc)? as u64;
                }
                Inst::Load {
                    dst,
                    mem,
                    subs,
                    loc,
                } => {
                    let (b, off) = self.address_fast(regs[*mem as usize], subs, regs, *loc)?;
                    let buf = &self.buffers[b];
                    if !buf.written[off] {
                        return Err(self.err(*loc, "read of uninitialised memory"));
                    }
                    regs[*dst as usize] = buf.data[off];
                }
                Inst::Store {
                    val,
                    mem,
                    subs,
                    loc,
                } => {
                    let (b, off) = self.address_fast(regs[*mem as usize], subs, regs, *loc)?;
                    let buf = &mut self.buffers[b];
                    buf.data[off] = regs[*val as usize];
                    buf.written[off] = true;
                }
                Inst::For(l) => {
                    let AffineLoop {
                        iv,
                        lb,
                        ub,
                        step,
                        body,
                        carried,
                        inits,
                        yields,
                        results,
                        loc,
                    } = &**l;
                    if *step <= 0 {
                        return Err(self.err(*loc, "loop step must be positive"));
                    }
                    let lo = self.bound(lb, regs, true, *loc)?;
                    let hi = self.bound(ub, regs, false, *loc)?;
                    copy_regs(regs, carried, inits);
                    let mut i = lo;
                    while i < hi {
                        self.burn(*loc)?;
                        regs[*iv as usize] = i as u64;
                        self.exec(p, body, regs)?;
                        copy_regs(regs, carried, yields);
                        i = match i.checked_add(*step) {
                            Some(n) => n,
                            None => break,
                        };
                    }
                    copy_regs(regs, results, carried);
                }
                Inst::ScfFor(l) => {
                    let ScfLoop {
                        iv,
                        lb,
                        ub,
                        step,
                        body,
                        carried,
                        inits,
                        yields,
                        results,
                        loc,
                    } = &**l;
                    let (lo, hi, st) = (
                        regs[*lb as usize] as i64,
                        regs[*ub as usize] as i64,
                        regs[*step as usize] as i64,
                    );
                    if st <= 0 {
                        return Err(self.err(*loc, "scf.for step must be positive"));
                    }
                    copy_regs(regs, carried, inits);
                    let mut i = lo;
                    while i < hi {
                        self.burn(*loc)?;
                        regs[*iv as usize] = i as u64;
                        self.exec(p, body, regs)?;
                        copy_regs(regs, carried, yields);
                        i = match i.checked_add(st) {
                            Some(n) => n,
                            None => break,
                        };
                    }
                    copy_regs(regs, results, carried);
                }
                Inst::ScfWhile(w) => {
                    let ScfWhile {
                        before_args,
                        before,
                        cond,
                        forwarded,
                        after_args,
                        after,
                        yields,
                        inits,
                        results,
                        loc,
                    } = &**w;
                    copy_regs(regs, before_args, inits);
                    loop {
                        self.burn(*loc)?;
                        self.exec(p, before, regs)?;
                        if regs[*cond as usize] & 1 == 0 {
                            copy_regs(regs, results, forwarded);
                            break;
                        }
                        copy_regs(regs, after_args, forwarded);
                        self.exec(p, after, regs)?;
                        copy_regs(regs, before_args, yields);
                    }
                }
                Inst::If(c) => {
                    let Conditional {
                        cond,
                        then,
                        then_yields,
                        els,
                        else_yields,
                        results,
                        loc,
                    } = &**c;
                    let taken = match cond {
                        Cond::Reg(r) => regs[*r as usize] & 1 != 0,
                        Cond::Set { set, dims, symbols } => {
                            let d: Vec<i64> =
                                dims.iter().map(|&r| regs[r as usize] as i64).collect();
                            let s: Vec<i64> =
                                symbols.iter().map(|&r| regs[r as usize] as i64).collect();
                            set.contains(&d, &s).map_err(|e| {
                                self.err(*loc, format!("cannot evaluate condition: {e}"))
                            })?
                        }
                    };
                    if taken {
                        self.exec(p, then, regs)?;
                        copy_regs(regs, results, then_yields);
                    } else {
                        self.exec(p, els, regs)?;
                        copy_regs(regs, results, else_yields);
                    }
                }
                other => self.exec_rare(p, other, regs)?,
            }
        }
        Ok(())
    }

    fn push_scalar(&mut self, v: u64, kind: ScalarKind, width: u32) {
        match kind {
            ScalarKind::Float => self.out.push_str(&format_g(f(v))),
            ScalarKind::Bool => self.out.push(if v & 1 != 0 { '1' } else { '0' }),
            ScalarKind::Int => {
                let _ = write!(self.out, "{}", sext(v, width) as i64);
            }
        }
    }

    /// The instructions that are rare in inner loops, kept out of
    /// [`Interpreter::exec`] so that its frame stays small.
    #[inline(never)]
    fn exec_rare(&mut self, p: &Program, inst: &Inst, regs: &mut [u64]) -> Result<(), Fault> {
        match inst {
            Inst::LoadGeneral { dst, mem, idx, loc } => {
                let (b, off) = self.address(regs[*mem as usize], idx, regs, *loc)?;
                let buf = &self.buffers[b];
                if !buf.written[off] {
                    return Err(self.err(*loc, "read of uninitialised memory"));
                }
                regs[*dst as usize] = buf.data[off];
            }
            Inst::StoreGeneral { val, mem, idx, loc } => {
                let (b, off) = self.address(regs[*mem as usize], idx, regs, *loc)?;
                let buf = &mut self.buffers[b];
                buf.data[off] = regs[*val as usize];
                buf.written[off] = true;
            }
            Inst::Parallel(l) => {
                let ParallelLoop {
                    ivs,
                    lbs,
                    ubs,
                    steps,
                    body,
                    reductions,
                    yields,
                    results,
                    loc,
                } = &**l;
                self.parallel(
                    p, ivs, lbs, ubs, steps, body, reductions, yields, results, *loc, regs,
                )?;
            }
            Inst::ScfParallel(l) => self.scf_parallel(p, l, regs)?,
            Inst::Alloc {
                dst,
                shape,
                layout,
                kind,
                loc,
            } => {
                let sizes: Vec<i64> = shape
                    .iter()
                    .map(|s| match s {
                        Ok(v) => *v,
                        Err(r) => regs[*r as usize] as i64,
                    })
                    .collect();
                regs[*dst as usize] = self.allocate(&sizes, layout, *kind, *loc)?;
            }
            Inst::GetGlobal { dst, global, loc } => {
                regs[*dst as usize] = self.global(p, *global, *loc)?;
            }
            Inst::Dealloc { mem, loc } => {
                let d = self
                    .descriptors
                    .get(regs[*mem as usize] as usize)
                    .ok_or_else(|| self.err(*loc, "invalid memref"))?;
                let buf = &mut self.buffers[d.buffer];
                if buf.freed {
                    return Err(self.err(*loc, "double deallocation"));
                }
                buf.freed = true;
            }
            Inst::Dim {
                dst,
                mem,
                index,
                loc,
            } => {
                let d = self
                    .descriptors
                    .get(regs[*mem as usize] as usize)
                    .ok_or_else(|| self.err(*loc, "invalid memref"))?;
                let i = regs[*index as usize] as i64;
                let size = usize::try_from(i)
                    .ok()
                    .and_then(|i| d.sizes().get(i))
                    .copied();
                regs[*dst as usize] = size
                    .ok_or_else(|| self.err(*loc, format!("dimension {i} out of range")))?
                    as u64;
            }
            Inst::MemCopy { src, dst, loc } => {
                self.mem_copy(regs[*src as usize], regs[*dst as usize], *loc)?
            }
            Inst::Dma(dma) => self.dma(dma, regs)?,
            Inst::CopyElement(copy) => self.copy_element(copy, regs)?,
            Inst::DmaWait { tag, idx, loc } => {
                self.address(regs[*tag as usize], idx, regs, *loc)?;
            }
            Inst::Call {
                func,
                args,
                results,
                loc,
            } => {
                let callee = &p.funcs[*func];
                let mut frame = vec![0u64; callee.num_regs];
                for (&to, &from) in callee.args.iter().zip(args) {
                    frame[to as usize] = regs[from as usize];
                }
                let rets = self.run_in(p, *func, &mut frame).map_err(|mut e| {
                    if e.loc == Location::default() {
                        e.loc = *loc;
                    }
                    e
                })?;
                for (&r, v) in results.iter().zip(rets) {
                    regs[r as usize] = v;
                }
            }
            Inst::CallIndirect {
                callee,
                args,
                results,
                loc,
            } => {
                let func = usize::try_from(regs[*callee as usize])
                    .ok()
                    .filter(|&f| f < p.funcs.len())
                    .ok_or_else(|| self.err(*loc, "call of an invalid function value"))?;
                let target = &p.funcs[func];
                if target.args.len() != args.len() {
                    return Err(self.err(*loc, "call of a function value of another type"));
                }
                let mut frame = vec![0u64; target.num_regs];
                for (&to, &from) in target.args.iter().zip(args) {
                    frame[to as usize] = regs[from as usize];
                }
                let rets = self.run_in(p, func, &mut frame).map_err(|mut e| {
                    if e.loc == Location::default() {
                        e.loc = *loc;
                    }
                    e
                })?;
                for (&r, v) in results.iter().zip(rets) {
                    regs[r as usize] = v;
                }
            }
            Inst::PrintMemref { mem, loc } => self.print_memref(regs[*mem as usize], *loc)?,
            Inst::Transfer(t) => self.transfer(t, regs)?,
            Inst::View(v) => self.view(v, regs)?,
            Inst::Print {
                src,
                kind,
                width,
                suffix,
            } => {
                self.push_scalar(regs[*src as usize], *kind, *width);
                self.out.push_str(suffix);
            }
            Inst::PrintText { text } => self.out.push_str(text),
            Inst::Fail { message, loc } => return Err(self.err(*loc, message.clone())),
            Inst::Assert { cond, message, loc } => {
                let holds = regs[*cond as usize] & 1 == 1;
                if !holds {
                    return Err(self.err(*loc, format!("assertion failed: {message}")));
                }
            }
            Inst::VectorAccess {
                store,
                val,
                lanes,
                mem,
                idx,
                loc,
            } => {
                let mut at = Vec::with_capacity(idx.len());
                for e in idx {
                    at.push(self.eval(e, regs, *loc)?);
                }
                let last = at
                    .len()
                    .checked_sub(1)
                    .ok_or_else(|| self.err(*loc, "vector access of a rank-0 memref"))?;
                let first = at[last];
                for k in 0..*lanes {
                    at[last] = first.wrapping_add(i64::from(k));
                    let subs: Vec<CExpr> = at
                        .iter()
                        .map(|&c| CExpr::Linear {
                            terms: Vec::new(),
                            constant: c,
                        })
                        .collect();
                    let (b, off) = self.address(regs[*mem as usize], &subs, regs, *loc)?;
                    let r = (*val + k) as usize;
                    let buf = &mut self.buffers[b];
                    if *store {
                        buf.data[off] = regs[r];
                        buf.written[off] = true;
                    } else {
                        if !buf.written[off] {
                            return Err(self.err(*loc, "read of uninitialised memory"));
                        }
                        regs[r] = buf.data[off];
                    }
                }
            }
            Inst::PrintVector {
                src,
                shape,
                kind,
                width,
                suffix,
            } => {
                let lanes: i64 = shape.iter().product();
                for k in 0..lanes {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    let (opens, closes) = crate::vector::print_brackets(shape, k);
                    self.out.push_str(&"( ".repeat(opens));
                    self.push_scalar(regs[*src as usize + k as usize], *kind, *width);
                    self.out.push_str(&" )".repeat(closes));
                }
                self.out.push_str(suffix);
            }
            // The hot instructions are handled by `exec` itself.
            _ => {}
        }
        Ok(())
    }

    fn int_op(&self, op: IntOp, w: u32, a: u64, b: u64, loc: Location) -> Result<u64, Fault> {
        let (sa, sb) = (sext(a, w) as i64, sext(b, w) as i64);
        let (ua, ub) = (zext(a, w), zext(b, w));
        let divides = matches!(
            op,
            IntOp::DivS
                | IntOp::DivU
                | IntOp::RemS
                | IntOp::RemU
                | IntOp::FloorDivS
                | IntOp::CeilDivS
                | IntOp::CeilDivU
        );
        if divides && ub == 0 {
            return Err(self.err(loc, "division by zero"));
        }
        let signed_overflow = sa == sext(1u64 << (w.min(64) - 1), w) as i64 && sb == -1;
        if signed_overflow && matches!(op, IntOp::DivS | IntOp::FloorDivS | IntOp::CeilDivS) {
            return Err(self.err(loc, "signed division overflow"));
        }
        let r: u64 = match op {
            IntOp::Add => a.wrapping_add(b),
            IntOp::Sub => a.wrapping_sub(b),
            IntOp::Mul => a.wrapping_mul(b),
            IntOp::DivS => sa.wrapping_div(sb) as u64,
            IntOp::DivU => ua / ub,
            IntOp::RemS => sa.wrapping_rem(sb) as u64,
            IntOp::RemU => ua % ub,
            IntOp::FloorDivS => {
                let (q, r) = (sa.wrapping_div(sb), sa.wrapping_rem(sb));
                (if r != 0 && (r < 0) != (sb < 0) {
                    q - 1
                } else {
                    q
                }) as u64
            }
            IntOp::CeilDivS => {
                let (q, r) = (sa.wrapping_div(sb), sa.wrapping_rem(sb));
                (if r != 0 && (r < 0) == (sb < 0) {
                    q + 1
                } else {
                    q
                }) as u64
            }
            IntOp::CeilDivU => ua / ub + u64::from(ua % ub != 0),
            IntOp::MaxS => sa.max(sb) as u64,
            IntOp::MinS => sa.min(sb) as u64,
            IntOp::MaxU => ua.max(ub),
            IntOp::MinU => ua.min(ub),
            IntOp::ShL if ub >= u64::from(w) => 0,
            IntOp::ShL => a << ub,
            IntOp::ShRS if ub >= u64::from(w) => (sa >> 63) as u64,
            IntOp::ShRS => (sa >> ub) as u64,
            IntOp::ShRU if ub >= u64::from(w) => 0,
            IntOp::ShRU => ua >> ub,
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
        };
        Ok(sext(r, w))
    }

    #[allow(clippy::too_many_arguments)]
    fn parallel(
        &mut self,
        p: &Program,
        ivs: &[Reg],
        lbs: &[Vec<CExpr>],
        ubs: &[Vec<CExpr>],
        steps: &[i64],
        body: &[Inst],
        reductions: &[(u8, bool)],
        yields: &[Reg],
        results: &[Reg],
        loc: Location,
        regs: &mut [u64],
    ) -> Result<(), Fault> {
        let n = ivs.len();
        let mut lo = Vec::with_capacity(n);
        let mut hi = Vec::with_capacity(n);
        for k in 0..n {
            lo.push(self.bound(&lbs[k], regs, true, loc)?);
            hi.push(self.bound(&ubs[k], regs, false, loc)?);
            if steps[k] <= 0 {
                return Err(self.err(loc, "parallel step must be positive"));
            }
        }
        let mut acc: Vec<u64> = reductions
            .iter()
            .map(|&(k, float)| identity(k, float))
            .collect();
        if lo.iter().zip(&hi).all(|(l, h)| l < h) {
            let mut cur = lo.clone();
            'outer: loop {
                self.burn(loc)?;
                for k in 0..n {
                    regs[ivs[k] as usize] = cur[k] as u64;
                }
                self.exec(p, body, regs)?;
                for (i, &(kind, float)) in reductions.iter().enumerate() {
                    let v = yields.get(i).map(|&r| regs[r as usize]).unwrap_or(0);
                    acc[i] = reduce(kind, float, acc[i], v);
                }
                let mut k = n;
                loop {
                    if k == 0 {
                        break 'outer;
                    }
                    k -= 1;
                    cur[k] += steps[k];
                    if cur[k] < hi[k] {
                        break;
                    }
                    cur[k] = lo[k];
                }
            }
        }
        for (&r, v) in results.iter().zip(acc) {
            regs[r as usize] = v;
        }
        Ok(())
    }

    /// Runs an `scf.parallel` sequentially, in lexicographic order of its
    /// induction variables, folding each iteration's reduced values into
    /// the accumulators with the `scf.reduce` regions.
    fn scf_parallel(
        &mut self,
        p: &Program,
        l: &ScfParallelLoop,
        regs: &mut [u64],
    ) -> Result<(), Fault> {
        let n = l.ivs.len();
        let get = |rs: &[Reg], regs: &[u64]| -> Vec<i64> {
            rs.iter().map(|&r| regs[r as usize] as i64).collect()
        };
        let (lo, hi, steps) = (get(&l.lbs, regs), get(&l.ubs, regs), get(&l.steps, regs));
        if steps.iter().any(|&s| s <= 0) {
            return Err(self.err(l.loc, "scf.parallel step must be positive"));
        }
        let mut acc: Vec<u64> = l.inits.iter().map(|&r| regs[r as usize]).collect();
        if lo.iter().zip(&hi).all(|(a, b)| a < b) {
            let mut cur = lo.clone();
            'outer: loop {
                self.burn(l.loc)?;
                for k in 0..n {
                    regs[l.ivs[k] as usize] = cur[k] as u64;
                }
                self.exec(p, &l.body, regs)?;
                for (i, c) in l.combiners.iter().enumerate() {
                    regs[c.lhs as usize] = acc[i];
                    regs[c.rhs as usize] = regs[l.reduced[i] as usize];
                    self.exec(p, &c.body, regs)?;
                    acc[i] = regs[c.ret as usize];
                }
                let mut k = n;
                loop {
                    if k == 0 {
                        break 'outer;
                    }
                    k -= 1;
                    match cur[k].checked_add(steps[k]) {
                        Some(next) if next < hi[k] => {
                            cur[k] = next;
                            break;
                        }
                        _ => cur[k] = lo[k],
                    }
                }
            }
        }
        for (&r, v) in l.results.iter().zip(acc) {
            regs[r as usize] = v;
        }
        Ok(())
    }

    fn allocate(
        &mut self,
        sizes: &[i64],
        layout: &AllocLayout,
        kind: ScalarKind,
        loc: Location,
    ) -> Result<u64, Fault> {
        if sizes.iter().any(|&s| s < 0) {
            return Err(self.err(loc, "negative memref size"));
        }
        let mut total: i64 = 1;
        for &s in sizes {
            total = total
                .checked_mul(s)
                .filter(|&t| t <= MAX_ELEMENTS)
                .ok_or_else(|| self.err(loc, "allocation too large"))?;
        }
        let (strides, offset, len) = match layout {
            AllocLayout::Identity => (row_major(sizes), 0, total),
            AllocLayout::Strided { strides, offset } => {
                let extent = sizes
                    .iter()
                    .zip(strides)
                    .map(|(&s, &st)| if s == 0 { 0 } else { (s - 1) * st.abs() })
                    .sum::<i64>();
                (strides.clone(), *offset, offset + extent + 1)
            }
            AllocLayout::Permutation(perm) => {
                let phys: Vec<i64> = perm
                    .iter()
                    .map(|&d| sizes.get(d).copied().unwrap_or(1))
                    .collect();
                let pstrides = row_major(&phys);
                let mut strides = vec![0; sizes.len()];
                for (pos, &d) in perm.iter().enumerate() {
                    if let Some(s) = strides.get_mut(d) {
                        *s = pstrides[pos];
                    }
                }
                (strides, 0, total)
            }
        };
        if len > MAX_ELEMENTS {
            return Err(self.err(loc, "allocation too large"));
        }
        self.buffers.push(Buffer {
            data: vec![0; len.max(0) as usize],
            written: vec![false; len.max(0) as usize],
            kind,
            freed: false,
        });
        let d =
            Descriptor::new(self.buffers.len() - 1, offset, sizes, &strides).ok_or_else(|| {
                self.err(
                    loc,
                    format!(
                        "memrefs of rank above {MAX_RANK} are not supported by the interpreter"
                    ),
                )
            })?;
        self.descriptors.push(d);
        Ok((self.descriptors.len() - 1) as u64)
    }

    /// The memref of global `index` of `p`, allocated and initialized the
    /// first time.
    fn global(&mut self, p: &Program, index: usize, loc: Location) -> Result<u64, Fault> {
        if let Some(Some(h)) = self.global_handles.get(index) {
            return Ok(*h);
        }
        let g = &p.globals[index];
        let h = self.allocate(&g.shape, &AllocLayout::Identity, g.kind, loc)?;
        if let Some(init) = &g.init {
            let d = &self.descriptors[h as usize];
            let buf = &mut self.buffers[d.buffer];
            match init.as_slice() {
                [splat] => buf.data.fill(*splat),
                all => buf.data.copy_from_slice(all),
            }
            buf.written.fill(true);
        }
        self.global_handles[index] = Some(h);
        Ok(h)
    }

    /// One element moved as it is, its "written" mark with it.
    fn copy_element(&mut self, copy: &CopyInst, regs: &[u64]) -> Result<(), Fault> {
        let (sb, so) = self.address(regs[copy.src.0 as usize], &copy.src.1, regs, copy.load_loc)?;
        let (db, dof) =
            self.address(regs[copy.dst.0 as usize], &copy.dst.1, regs, copy.store_loc)?;
        let (v, w) = (self.buffers[sb].data[so], self.buffers[sb].written[so]);
        let target = &mut self.buffers[db];
        target.data[dof] = v;
        target.written[dof] = w;
        Ok(())
    }

    /// The row-major position of `idx` in the index space of `mem`
    /// (checked in bounds).
    fn linear_position(
        &self,
        mem: u64,
        idx: &[CExpr],
        regs: &[u64],
        loc: Location,
    ) -> Result<i64, Fault> {
        self.address(mem, idx, regs, loc)?;
        let d = &self.descriptors[mem as usize];
        let mut linear = 0i64;
        for (e, &size) in idx.iter().zip(d.sizes()) {
            linear = linear * size + self.eval(e, regs, loc)?;
        }
        Ok(linear)
    }

    /// The buffer offset of the element at row-major position `linear` of
    /// `mem`.
    fn element_at(&self, mem: u64, linear: i64, loc: Location) -> Result<usize, Fault> {
        let d = &self.descriptors[mem as usize];
        let total = d.sizes().iter().product::<i64>();
        if linear < 0 || linear >= total {
            return Err(self.err(
                loc,
                format!("DMA transfer outside its memref: element {linear} of {total}"),
            ));
        }
        let mut rest = linear;
        let mut off = d.offset;
        for (&size, &stride) in d.sizes().iter().zip(d.strides()).rev() {
            off += (rest % size) * stride;
            rest /= size;
        }
        if off < 0 || off as usize >= self.buffers[d.buffer].data.len() {
            return Err(self.err(loc, "access outside the underlying buffer"));
        }
        Ok(off as usize)
    }

    /// A DMA start, completed at once: `count` elements, placed as
    /// [`crate::dma`] describes; all are read before any is written.
    fn dma(&mut self, dma: &DmaInst, regs: &[u64]) -> Result<(), Fault> {
        let loc = dma.loc;
        let reg = |r: Reg| regs[r as usize];
        let (src, dst) = (reg(dma.src.0), reg(dma.dst.0));
        let src_start = self.linear_position(src, &dma.src.1, regs, loc)?;
        let dst_start = self.linear_position(dst, &dma.dst.1, regs, loc)?;
        self.address(reg(dma.tag.0), &dma.tag.1, regs, loc)?;
        let count = reg(dma.count) as i64;
        let (stride, per) = match dma.stride {
            Some((a, b)) => (reg(a) as i64, reg(b) as i64),
            None => (1, 1),
        };
        if per <= 0 {
            return Err(self.err(loc, "DMA with a non-positive number of elements per stride"));
        }
        let (sb, db) = (
            self.descriptors[src as usize].buffer,
            self.descriptors[dst as usize].buffer,
        );
        if self.buffers[sb].kind != self.buffers[db].kind {
            return Err(self.err(loc, "DMA between memrefs of different element types"));
        }
        if self.buffers[sb].freed || self.buffers[db].freed {
            return Err(self.err(loc, "access to a deallocated memref"));
        }
        let mut moves = Vec::new();
        for k in 0..count.max(0) {
            let strided = (k / per)
                .checked_mul(stride)
                .and_then(|o| o.checked_add(k % per))
                .ok_or_else(|| self.err(loc, "DMA stride overflows"))?;
            let (so, doff) = match (dma.stride, dma.source_strided) {
                (None, _) => (k, k),
                (Some(_), true) => (strided, k),
                (Some(_), false) => (k, strided),
            };
            let from = self.element_at(src, src_start.saturating_add(so), loc)?;
            let to = self.element_at(dst, dst_start.saturating_add(doff), loc)?;
            moves.push((from, to));
        }
        let values: Vec<(u64, bool)> = moves
            .iter()
            .map(|&(from, _)| (self.buffers[sb].data[from], self.buffers[sb].written[from]))
            .collect();
        let target = &mut self.buffers[db];
        for ((_, to), (v, w)) in moves.into_iter().zip(values) {
            target.data[to] = v;
            target.written[to] = w;
        }
        Ok(())
    }

    fn mem_copy(&mut self, src: u64, dst: u64, loc: Location) -> Result<(), Fault> {
        let (Some(s), Some(d)) = (
            self.descriptors.get(src as usize).cloned(),
            self.descriptors.get(dst as usize).cloned(),
        ) else {
            return Err(self.err(loc, "invalid memref"));
        };
        if s.sizes() != d.sizes() {
            return Err(self.err(loc, "memref.copy between different shapes"));
        }
        if self.buffers[s.buffer].freed || self.buffers[d.buffer].freed {
            return Err(self.err(loc, "access to a deallocated memref"));
        }
        let mut moves = Vec::new();
        for_each_index(s.sizes(), |idx| {
            let so = s.offset
                + idx
                    .iter()
                    .zip(s.strides())
                    .map(|(i, st)| i * st)
                    .sum::<i64>();
            let dof = d.offset
                + idx
                    .iter()
                    .zip(d.strides())
                    .map(|(i, st)| i * st)
                    .sum::<i64>();
            moves.push((so as usize, dof as usize));
        });
        for (so, dof) in moves {
            let (v, w) = (
                self.buffers[s.buffer].data[so],
                self.buffers[s.buffer].written[so],
            );
            let db = &mut self.buffers[d.buffer];
            db.data[dof] = v;
            db.written[dof] = w;
        }
        Ok(())
    }

    /// `printMemref*` as the MLIR runner prints it. The base address is
    /// not meaningful here and is printed as `0x0`.
    fn print_memref(&mut self, mem: u64, loc: Location) -> Result<(), Fault> {
        let d = self
            .descriptors
            .get(mem as usize)
            .cloned()
            .ok_or_else(|| self.err(loc, "invalid memref"))?;
        let buf = &self.buffers[d.buffer];
        if buf.freed {
            return Err(self.err(loc, "access to a deallocated memref"));
        }
        let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let _ = writeln!(
            self.out,
            "Unranked Memref base@ = 0x0 rank = {} offset = {} sizes = [{}] strides = [{}] data = ",
            d.rank,
            d.offset,
            list(d.sizes()),
            list(d.strides())
        );
        let mut text = String::new();
        let rank = d.rank;
        let mut uninit = false;
        print_rec(&mut text, buf, &d, rank, rank, d.offset, 0, &mut uninit);
        if uninit {
            return Err(self.err(loc, "printMemref reads uninitialised memory"));
        }
        self.out.push_str(&text);
        self.out.push('\n');
        Ok(())
    }
}

/// MLIR's `MemRefDataPrinter`: nested brackets, `, ` plus indentation.
#[allow(clippy::too_many_arguments)]
fn print_rec(
    out: &mut String,
    buf: &Buffer,
    d: &Descriptor,
    dim: usize,
    rank: usize,
    offset: i64,
    level: usize,
    uninit: &mut bool,
) {
    if dim == 0 {
        let off = offset as usize;
        if !buf.written.get(off).copied().unwrap_or(false) {
            *uninit = true;
            return;
        }
        let v = buf.data[off];
        match buf.kind {
            ScalarKind::Float => out.push_str(&format_g(f(v))),
            ScalarKind::Bool => out.push(if v & 1 != 0 { '1' } else { '0' }),
            ScalarKind::Int => {
                let _ = write!(out, "{}", v as i64);
            }
        }
        return;
    }
    let size = d.size_array[level];
    let stride = d.stride_array[level];
    let sep = if dim > 1 { ", \n" } else { ", " };
    out.push('[');
    if size == 0 {
        out.push(']');
        return;
    }
    print_rec(out, buf, d, dim - 1, rank, offset, level + 1, uninit);
    if size <= 1 {
        out.push(']');
        return;
    }
    out.push_str(sep);
    for i in 1..size - 1 {
        out.push_str(&" ".repeat(rank - dim + 1));
        print_rec(
            out,
            buf,
            d,
            dim - 1,
            rank,
            offset + i * stride,
            level + 1,
            uninit,
        );
        out.push_str(sep);
    }
    out.push_str(&" ".repeat(rank - dim + 1));
    print_rec(
        out,
        buf,
        d,
        dim - 1,
        rank,
        offset + (size - 1) * stride,
        level + 1,
        uninit,
    );
    out.push(']');
}

#[inline(always)]
fn copy_regs(regs: &mut [u64], to: &[Reg], from: &[Reg]) {
    match (to, from) {
        ([], _) | (_, []) => return,
        ([t], [f]) => {
            regs[*t as usize] = regs[*f as usize];
            return;
        }
        _ => {}
    }
    let vals: Vec<u64> = from.iter().map(|&r| regs[r as usize]).collect();
    for (&t, v) in to.iter().zip(vals) {
        regs[t as usize] = v;
    }
}

fn row_major(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; sizes.len()];
    for k in (0..sizes.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * sizes[k + 1].max(1);
    }
    strides
}

fn for_each_index(sizes: &[i64], mut f: impl FnMut(&[i64])) {
    if sizes.iter().any(|&s| s <= 0) {
        return;
    }
    let mut idx = vec![0i64; sizes.len()];
    loop {
        f(&idx);
        let mut k = sizes.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < sizes[k] {
                break;
            }
            idx[k] = 0;
        }
    }
}

/// The neutral element of a reduction kind (MLIR's `AtomicRMWKind` order).
fn identity(kind: u8, float: bool) -> u64 {
    if float {
        match kind {
            3 | 13 => f64::NEG_INFINITY.to_bits(),
            6 | 14 => f64::INFINITY.to_bits(),
            9 => 1f64.to_bits(),
            _ => 0f64.to_bits(),
        }
    } else {
        match kind {
            4 => i64::MIN as u64,
            7 => i64::MAX as u64,
            8 | 12 => u64::MAX,
            10 => 1,
            _ => 0,
        }
    }
}

fn reduce(kind: u8, float: bool, acc: u64, v: u64) -> u64 {
    if float {
        let (a, b) = (f(acc), f(v));
        let r = match kind {
            0 => a + b,
            9 => a * b,
            3 => maximum(a, b),
            6 => minimum(a, b),
            13 => a.max(b),
            14 => a.min(b),
            _ => b,
        };
        return r.to_bits();
    }
    let (a, b) = (acc as i64, v as i64);
    (match kind {
        1 => a.wrapping_add(b),
        10 => a.wrapping_mul(b),
        4 => a.max(b),
        7 => a.min(b),
        5 => (acc.max(v)) as i64,
        8 => (acc.min(v)) as i64,
        11 => a | b,
        12 => a & b,
        _ => b,
    }) as u64
}
