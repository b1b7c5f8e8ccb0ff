//! Random runnable programs for fusion: a `@kernel` holding a sequence of
//! 2–5 small loop nests over a few shared memrefs (function arguments and
//! local buffers, which a fill nest initialises first), and an `@main`
//! that fills the arguments deterministically, calls the kernel and
//! prints every argument.
//!
//! Nests are 1–3 loops deep, perfect or not, with constant bounds that
//! often match the arrays' extents (so producers and consumers line up),
//! sometimes triangular or symbolic (`%N`, `min(%N, c)`), steps of 1 or 2, and statements of three kinds: a
//! plain map `X[f] = g(Y[f'], Z[f''], iv)`, an accumulation
//! `X[f] = X[f] + Y[f']`, and an initialise-then-accumulate pair around an
//! inner loop, now and then under an `affine.if`, or a reduction through
//! `iter_args`. Each nest tends to read
//! what earlier nests wrote. Every subscript `c0 + Σ c_k·iv_k` (sometimes
//! under a `floordiv` or `mod`) is kept in bounds by interval arithmetic.

use std::fmt::Write as _;

pub use crate::common::rng::Rng;

/// The value of the kernel's symbol `%N`.
const N_VALUE: i64 = 5;

#[derive(Clone, Debug)]
struct Array {
    name: String,
    shape: Vec<i64>,
    local: bool,
}

impl Array {
    fn ty(&self) -> String {
        let dims: Vec<String> = self.shape.iter().map(i64::to_string).collect();
        format!("memref<{}xf32>", dims.join("x"))
    }
}

#[derive(Clone, Debug)]
struct Iv {
    name: String,
    lo: i64,
    hi: i64,
}

struct Gen<'a> {
    rng: &'a mut Rng,
    arrays: Vec<Array>,
    lines: Vec<String>,
    next_value: usize,
    next_loop: usize,
    /// Arrays written so far (candidates for reading).
    written: Vec<usize>,
}

impl Gen<'_> {
    fn value(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    fn emit(&mut self, indent: usize, line: String) {
        self.lines.push(format!("{}{line}", "  ".repeat(indent)));
    }

    /// One subscript in `0..extent` over `ivs`.
    fn subscript(&mut self, ivs: &[Iv], extent: i64) -> String {
        let mut coeffs: Vec<i64> = ivs
            .iter()
            .map(|_| match self.rng.range(0, 9) {
                0..=2 => 0,
                3..=6 => 1,
                7 => -1,
                _ => 2,
            })
            .collect();
        // Prefer subscripts that follow one loop each, as real kernels do.
        if !ivs.is_empty() && self.rng.chance(50) {
            coeffs = vec![0; ivs.len()];
            let k = self.rng.range(0, ivs.len() as i64 - 1) as usize;
            coeffs[k] = 1;
        }
        let range = |coeffs: &[i64]| -> (i64, i64) {
            let (mut lo, mut hi) = (0, 0);
            for (c, iv) in coeffs.iter().zip(ivs) {
                let (a, b) = (c * iv.lo, c * iv.hi);
                lo += a.min(b);
                hi += a.max(b);
            }
            (lo, hi)
        };
        let mut k = 0;
        while range(&coeffs).1 - range(&coeffs).0 + 1 > extent && k < coeffs.len() {
            coeffs[k] = 0;
            k += 1;
        }
        let (mut lo, mut hi) = range(&coeffs);
        let mut text = String::new();
        for (c, iv) in coeffs.iter().zip(ivs) {
            if *c == 0 {
                continue;
            }
            if !text.is_empty() {
                text.push_str(if *c < 0 { " - " } else { " + " });
            } else if *c < 0 {
                text.push('-');
            }
            if c.abs() == 1 {
                text.push_str(&iv.name);
            } else {
                let _ = write!(text, "{} * {}", iv.name, c.abs());
            }
        }
        // Now and then a division or a remainder.
        if !text.is_empty() && self.rng.chance(12) {
            let q = self.rng.range(2, 3);
            if self.rng.chance(50) {
                text = format!("({text}) floordiv {q}");
                (lo, hi) = (lo.div_euclid(q), hi.div_euclid(q));
            } else {
                text = format!("({text}) mod {q}");
                (lo, hi) = (0, q - 1);
            }
        }
        let shift = self.rng.range(-lo, extent - 1 - hi);
        if text.is_empty() {
            shift.to_string()
        } else if shift > 0 {
            format!("{text} + {shift}")
        } else if shift < 0 {
            format!("{text} - {}", -shift)
        } else {
            text
        }
    }

    fn access(&mut self, array: usize, ivs: &[Iv]) -> String {
        let shape = self.arrays[array].shape.clone();
        let subs: Vec<String> = shape.iter().map(|&e| self.subscript(ivs, e)).collect();
        format!("%{}[{}]", self.arrays[array].name, subs.join(", "))
    }

    fn pick_read(&mut self) -> usize {
        if !self.written.is_empty() && self.rng.chance(75) {
            let k = self.rng.range(0, self.written.len() as i64 - 1) as usize;
            self.written[k]
        } else {
            self.rng.range(0, self.arrays.len() as i64 - 1) as usize
        }
    }

    /// `x = load; (y = load; x = x * 1.5 + y); (+ iv); store`.
    fn map_statement(&mut self, ivs: &[Iv], indent: usize, target: usize) {
        let r = self.pick_read();
        let at = self.access(r, ivs);
        let ty = self.arrays[r].ty();
        let x = self.value();
        self.emit(indent, format!("{x} = affine.load {at} : {ty}"));
        let mut acc = x;
        if self.rng.chance(50) {
            let r2 = self.pick_read();
            let at2 = self.access(r2, ivs);
            let ty2 = self.arrays[r2].ty();
            let y = self.value();
            self.emit(indent, format!("{y} = affine.load {at2} : {ty2}"));
            let m = self.value();
            self.emit(indent, format!("{m} = arith.mulf {acc}, %c1_5 : f32"));
            let s = self.value();
            self.emit(indent, format!("{s} = arith.addf {m}, {y} : f32"));
            acc = s;
        }
        if !ivs.is_empty() && self.rng.chance(35) {
            let iv = ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize]
                .name
                .clone();
            let i = self.value();
            self.emit(
                indent,
                format!("{i} = arith.index_cast {iv} : index to i32"),
            );
            let f = self.value();
            self.emit(indent, format!("{f} = arith.sitofp {i} : i32 to f32"));
            let s = self.value();
            self.emit(indent, format!("{s} = arith.addf {acc}, {f} : f32"));
            acc = s;
        } else {
            let s = self.value();
            self.emit(indent, format!("{s} = arith.addf {acc}, %c0_25 : f32"));
            acc = s;
        }
        let wt = self.access(target, ivs);
        let tty = self.arrays[target].ty();
        self.emit(indent, format!("affine.store {acc}, {wt} : {tty}"));
    }

    /// `X[f] = X[f] * 0.5 + Y[f']`.
    fn accumulate(&mut self, ivs: &[Iv], indent: usize, target: usize, at: &str) {
        let tty = self.arrays[target].ty();
        let x = self.value();
        self.emit(indent, format!("{x} = affine.load {at} : {tty}"));
        let r = self.pick_read();
        let rt = self.access(r, ivs);
        let rty = self.arrays[r].ty();
        let y = self.value();
        self.emit(indent, format!("{y} = affine.load {rt} : {rty}"));
        let m = self.value();
        self.emit(indent, format!("{m} = arith.mulf {x}, %c0_5 : f32"));
        let s = self.value();
        self.emit(indent, format!("{s} = arith.addf {m}, {y} : f32"));
        self.emit(indent, format!("affine.store {s}, {at} : {tty}"));
    }

    /// A loop reducing loads into an `iter_args` value, stored after it.
    fn reduction(&mut self, ivs: &[Iv], indent: usize, target: usize) {
        let name = format!("%i{}", self.next_loop);
        self.next_loop += 1;
        let hi = self.rng.range(1, 4);
        let (r, acc) = (self.value(), self.value());
        self.emit(
            indent,
            format!(
                "{r} = affine.for {name} = 0 to {} iter_args({acc} = %c0_25) -> (f32) {{",
                hi + 1
            ),
        );
        let mut inner = ivs.to_vec();
        inner.push(Iv { name, lo: 0, hi });
        let a = self.pick_read();
        let at = self.access(a, &inner);
        let ty = self.arrays[a].ty();
        let x = self.value();
        self.emit(indent + 1, format!("{x} = affine.load {at} : {ty}"));
        let m = self.value();
        self.emit(indent + 1, format!("{m} = arith.mulf {acc}, %c0_5 : f32"));
        let s = self.value();
        self.emit(indent + 1, format!("{s} = arith.addf {m}, {x} : f32"));
        self.emit(indent + 1, format!("affine.yield {s} : f32"));
        self.emit(indent, "}".to_string());
        let wt = self.access(target, ivs);
        let tty = self.arrays[target].ty();
        self.emit(indent, format!("affine.store {r}, {wt} : {tty}"));
    }

    fn header(&mut self, ivs: &[Iv], extent: Option<i64>) -> (String, Iv) {
        let name = format!("%i{}", self.next_loop);
        self.next_loop += 1;
        if let (Some(outer), true) = (ivs.last(), self.rng.chance(12)) {
            // Triangular: up to the outer induction variable.
            let k = self.rng.range(1, 2);
            let text = format!(
                "affine.for {name} = 0 to affine_map<(d0) -> (d0 + {k})>({}) {{",
                outer.name
            );
            let hi = outer.hi + k - 1;
            return (text, Iv { name, lo: 0, hi });
        }
        if self.rng.chance(8) {
            // Symbolic: up to %N, or the minimum of %N and a constant.
            let c = self.rng.range(2, 6);
            let (text, hi) = if self.rng.chance(50) {
                ("%N".to_string(), N_VALUE - 1)
            } else {
                (
                    format!("min affine_map<()[s0] -> (s0, {c})>()[%N]"),
                    N_VALUE.min(c) - 1,
                )
            };
            return (
                format!("affine.for {name} = 0 to {text} {{"),
                Iv { name, lo: 0, hi },
            );
        }
        let (lo, hi) = match extent {
            Some(e) if self.rng.chance(60) => (0, e - 1),
            _ => {
                let lo = self.rng.range(0, 1);
                (lo, lo + self.rng.range(1, 5))
            }
        };
        let step = if self.rng.chance(10) { 2 } else { 1 };
        let step_text = if step == 1 {
            String::new()
        } else {
            format!(" step {step}")
        };
        (
            format!("affine.for {name} = {lo} to {}{step_text} {{", hi + 1),
            Iv { name, lo, hi },
        )
    }

    fn nest(&mut self, depth: usize, target: usize) {
        let shape = self.arrays[target].shape.clone();
        let mut ivs: Vec<Iv> = Vec::new();
        let mut closers = 0;
        let imperfect_level = if depth > 1 && self.rng.chance(35) {
            Some(self.rng.range(1, depth as i64 - 1) as usize)
        } else {
            None
        };
        let mut pending_accumulate: Option<(String, usize)> = None;
        for level in 0..depth {
            let extent = shape.get(level).copied();
            let (h, iv) = self.header(&ivs, extent);
            self.emit(level + 1, h);
            ivs.push(iv);
            closers += 1;
            if imperfect_level == Some(level + 1) {
                // Initialise an element over the outer loops, accumulate
                // into it in the inner ones.
                if self.rng.chance(60) {
                    let at = self.access(target, &ivs);
                    let ty = self.arrays[target].ty();
                    self.emit(level + 2, format!("affine.store %c0_25, {at} : {ty}"));
                    pending_accumulate = Some((at, level + 2));
                } else {
                    self.map_statement(&ivs, level + 2, target);
                }
            }
        }
        let indent = depth + 1;
        match pending_accumulate.take() {
            Some((at, _)) => self.accumulate(&ivs, indent, target, &at),
            None => {
                let n = self.rng.range(1, 2);
                for _ in 0..n {
                    let guarded = self.rng.chance(10);
                    let indent = if guarded {
                        let iv = ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize].clone();
                        let c = self.rng.range(iv.lo, iv.hi);
                        self.emit(
                            indent,
                            format!(
                                "affine.if affine_set<(d0) : (d0 - {c} >= 0)>({}) {{",
                                iv.name
                            ),
                        );
                        indent + 1
                    } else {
                        indent
                    };
                    let kind = self.rng.range(0, 19);
                    if kind < 5 {
                        let at = self.access(target, &ivs);
                        self.accumulate(&ivs, indent, target, &at);
                    } else if kind < 7 {
                        self.reduction(&ivs, indent, target);
                    } else {
                        self.map_statement(&ivs, indent, target);
                    }
                    if guarded {
                        self.emit(indent - 1, "}".to_string());
                    }
                }
            }
        }
        for level in (0..closers).rev() {
            self.emit(level + 1, "}".to_string());
        }
        if !self.written.contains(&target) {
            self.written.push(target);
        }
    }

    /// A nest writing every element of array `a` from its indices.
    fn fill(&mut self, a: usize, indent: usize, base: usize) -> Vec<String> {
        let arr = self.arrays[a].clone();
        let mut out = Vec::new();
        let ivs: Vec<String> = (0..arr.shape.len())
            .map(|d| format!("%f{base}_{d}"))
            .collect();
        for (d, e) in arr.shape.iter().enumerate() {
            out.push(format!(
                "{}affine.for {} = 0 to {e} {{",
                "  ".repeat(indent + d),
                ivs[d]
            ));
        }
        let pad = "  ".repeat(indent + arr.shape.len());
        let dims: Vec<String> = (0..ivs.len()).map(|d| format!("d{d}")).collect();
        let weights = [3, 5, 7];
        let sum: Vec<String> = dims
            .iter()
            .enumerate()
            .map(|(k, d)| format!("{d} * {}", weights[k % 3]))
            .collect();
        out.push(format!(
            "{pad}%g{base} = affine.apply affine_map<({}) -> (({} + {}) mod 9)>({})",
            dims.join(", "),
            sum.join(" + "),
            base % 4 + 1,
            ivs.join(", ")
        ));
        out.push(format!(
            "{pad}%h{base} = arith.index_cast %g{base} : index to i32"
        ));
        out.push(format!(
            "{pad}%k{base} = arith.sitofp %h{base} : i32 to f32"
        ));
        out.push(format!(
            "{pad}affine.store %k{base}, %{}[{}] : {}",
            arr.name,
            ivs.join(", "),
            arr.ty()
        ));
        for d in (0..arr.shape.len()).rev() {
            out.push(format!("{}}}", "  ".repeat(indent + d)));
        }
        out
    }
}

/// A random program (see the module documentation).
pub fn random_program(rng: &mut Rng) -> String {
    let num_arrays = rng.range(2, 4) as usize;
    let mut arrays = Vec::new();
    for k in 0..num_arrays {
        let shape = if rng.chance(55) {
            vec![rng.range(4, 8)]
        } else {
            vec![rng.range(3, 5), rng.range(3, 5)]
        };
        arrays.push(Array {
            name: format!("A{k}"),
            shape,
            local: k > 0 && rng.chance(40),
        });
    }
    let mut g = Gen {
        rng,
        arrays,
        lines: Vec::new(),
        next_value: 0,
        next_loop: 0,
        written: Vec::new(),
    };
    let num_nests = g.rng.range(2, 5) as usize;
    for n in 0..num_nests {
        let target = if g.rng.chance(60) {
            n % num_arrays
        } else {
            g.rng.range(0, num_arrays as i64 - 1) as usize
        };
        let depth = match g.rng.range(0, 9) {
            0..=3 => 1,
            4..=7 => 2,
            _ => 3,
        };
        g.nest(depth, target);
    }
    let mut s = String::new();
    let _ = writeln!(s, "func.func private @printMemrefF32(memref<*xf32>)");
    let params: Vec<String> = g
        .arrays
        .iter()
        .filter(|a| !a.local)
        .map(|a| format!("%{}: {}", a.name, a.ty()))
        .collect();
    let _ = writeln!(s, "func.func @kernel({}, %N: index) {{", params.join(", "));
    let _ = writeln!(s, "  %c1_5 = arith.constant 1.500000e+00 : f32");
    let _ = writeln!(s, "  %c0_5 = arith.constant 5.000000e-01 : f32");
    let _ = writeln!(s, "  %c0_25 = arith.constant 2.500000e-01 : f32");
    let locals: Vec<usize> = (0..g.arrays.len()).filter(|&a| g.arrays[a].local).collect();
    for &a in &locals {
        let _ = writeln!(
            s,
            "  %{} = memref.alloc() : {}",
            g.arrays[a].name,
            g.arrays[a].ty()
        );
    }
    for &a in &locals {
        for line in g.fill(a, 1, 100 + a) {
            let _ = writeln!(s, "{line}");
        }
    }
    for line in &g.lines {
        let _ = writeln!(s, "{line}");
    }
    for &a in &locals {
        if g.rng.chance(50) {
            let _ = writeln!(
                s,
                "  memref.dealloc %{} : {}",
                g.arrays[a].name,
                g.arrays[a].ty()
            );
        }
    }
    let _ = writeln!(s, "  return\n}}");
    let _ = writeln!(s, "func.func @main() {{");
    let args: Vec<usize> = (0..g.arrays.len())
        .filter(|&a| !g.arrays[a].local)
        .collect();
    for &a in &args {
        let _ = writeln!(
            s,
            "  %{} = memref.alloc() : {}",
            g.arrays[a].name,
            g.arrays[a].ty()
        );
    }
    for &a in &args {
        for line in g.fill(a, 1, a) {
            let _ = writeln!(s, "{line}");
        }
    }
    let names: Vec<String> = args
        .iter()
        .map(|&a| format!("%{}", g.arrays[a].name))
        .collect();
    let types: Vec<String> = args.iter().map(|&a| g.arrays[a].ty()).collect();
    let _ = writeln!(s, "  %n = arith.constant {N_VALUE} : index");
    let _ = writeln!(
        s,
        "  call @kernel({}, %n) : ({}, index) -> ()",
        names.join(", "),
        types.join(", ")
    );
    for &a in &args {
        let _ = writeln!(
            s,
            "  %u{a} = memref.cast %{} : {} to memref<*xf32>",
            g.arrays[a].name,
            g.arrays[a].ty()
        );
        let _ = writeln!(s, "  call @printMemrefF32(%u{a}) : (memref<*xf32>) -> ()");
    }
    let _ = writeln!(s, "  return\n}}");
    s
}
