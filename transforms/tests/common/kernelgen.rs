//! Random runnable kernels: a `@kernel` of affine loop nests over small
//! `f32` memrefs and an `@main` that fills the memrefs, calls it and prints
//! them — the programs every transformation is run on, before and after,
//! in the interpreter.
//!
//! The nests are built to exercise the band passes: perfect bands of depth
//! 1–4 (often), imperfect ones (statements around an inner loop), constant,
//! symbolic (`%N`), triangular and `max`/`min` bounds, steps 1–3,
//! `affine.if` guards, and reductions through `iter_args`. Every subscript
//! is kept in bounds by interval arithmetic over the loops' ranges; values
//! stored mix loaded values, constants and induction variables, so that
//! running two instances in the wrong order changes what is printed.

use std::fmt::Write as _;

use super::nestgen::Rng;

/// The value the symbol `%N` has in `@main`.
const N_VALUE: i64 = 7;

/// One loop's induction variable: its name and a range containing every
/// value it takes.
#[derive(Clone, Debug)]
struct Iv {
    name: String,
    lo: i64,
    hi: i64,
}

/// A subscript `(c + sum a_k * iv_k)`, then optionally `floordiv q` or
/// `mod q`.
#[derive(Clone, Debug)]
struct Subscript {
    coeffs: Vec<i64>,
    constant: i64,
    post: Option<(&'static str, i64)>,
}

impl Subscript {
    fn range(&self, ivs: &[Iv]) -> (i64, i64) {
        let (mut lo, mut hi) = (self.constant, self.constant);
        for (a, iv) in self.coeffs.iter().zip(ivs) {
            let (x, y) = (a * iv.lo, a * iv.hi);
            lo += x.min(y);
            hi += x.max(y);
        }
        match self.post {
            Some(("floordiv", q)) => (lo.div_euclid(q), hi.div_euclid(q)),
            Some((_, q)) => (0, q - 1),
            None => (lo, hi),
        }
    }

    /// The text, with `offset` added so the lowest value is 0.
    fn text(&self, ivs: &[Iv], offset: i64) -> String {
        let mut s = String::new();
        for (a, iv) in self.coeffs.iter().zip(ivs) {
            if *a == 0 {
                continue;
            }
            if !s.is_empty() {
                s.push_str(if *a < 0 { " - " } else { " + " });
            } else if *a < 0 {
                s.push('-');
            }
            if a.abs() == 1 {
                s.push_str(&iv.name);
            } else {
                let _ = write!(s, "{} * {}", iv.name, a.abs());
            }
        }
        let mut base = if s.is_empty() {
            self.constant.to_string()
        } else if self.constant > 0 {
            format!("{s} + {}", self.constant)
        } else if self.constant < 0 {
            format!("{s} - {}", -self.constant)
        } else {
            s
        };
        if let Some((op, q)) = self.post {
            base = format!("({base}) {op} {q}");
        }
        if offset > 0 {
            format!("{base} + {offset}")
        } else if offset < 0 {
            format!("{base} - {}", -offset)
        } else {
            base
        }
    }
}

/// A memref access recorded while generating, placed once array shapes
/// are known.
struct PendingAccess {
    array: usize,
    subscripts: Vec<Subscript>,
    ivs: Vec<Iv>,
}

struct Gen<'a> {
    rng: &'a mut Rng,
    ranks: Vec<usize>,
    accesses: Vec<PendingAccess>,
    next_value: usize,
    next_loop: usize,
    lines: Vec<String>,
}

/// A placeholder in the generated text for access `k`'s subscripts,
/// filled in once the shapes are known.
fn placeholder(k: usize) -> String {
    format!("@@{k}@@")
}

impl Gen<'_> {
    fn value(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    fn subscript(&mut self, ivs: &[Iv]) -> Subscript {
        let coeffs = ivs
            .iter()
            .map(|_| match self.rng.range(0, 9) {
                0..=3 => 0,
                4..=6 => 1,
                7 => -1,
                8 => 2,
                _ => 1,
            })
            .collect();
        let post = match self.rng.range(0, 11) {
            0 => Some(("floordiv", self.rng.range(2, 3))),
            1 => Some(("mod", self.rng.range(2, 4))),
            _ => None,
        };
        Subscript {
            coeffs,
            constant: self.rng.range(-1, 1),
            post,
        }
    }

    fn access(&mut self, ivs: &[Iv]) -> (usize, String) {
        let array = self.rng.range(0, self.ranks.len() as i64 - 1) as usize;
        let subscripts = (0..self.ranks[array])
            .map(|_| self.subscript(ivs))
            .collect();
        let k = self.accesses.len();
        self.accesses.push(PendingAccess {
            array,
            subscripts,
            ivs: ivs.to_vec(),
        });
        (array, placeholder(k))
    }

    fn emit(&mut self, indent: usize, line: String) {
        self.lines.push(format!("{}{line}", "  ".repeat(indent)));
    }

    /// `x = load; y = load; z = x * c + y (+ iv); store z`.
    fn statement(&mut self, ivs: &[Iv], indent: usize) {
        let (a, at) = self.access(ivs);
        let x = self.value();
        self.emit(indent, format!("{x} = affine.load %A{a}[{at}] : MEMREF{a}"));
        let mut acc = x;
        if self.rng.chance(60) {
            let (b, bt) = self.access(ivs);
            let y = self.value();
            self.emit(indent, format!("{y} = affine.load %A{b}[{bt}] : MEMREF{b}"));
            let m = self.value();
            self.emit(indent, format!("{m} = arith.mulf {acc}, %c1_5 : f32"));
            let s = self.value();
            self.emit(indent, format!("{s} = arith.addf {m}, {y} : f32"));
            acc = s;
        }
        if !ivs.is_empty() && self.rng.chance(40) {
            let iv = &ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize]
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
        let (c, ct) = self.access(ivs);
        self.emit(
            indent,
            format!("affine.store {acc}, %A{c}[{ct}] : MEMREF{c}"),
        );
    }

    /// A reduction loop carrying an `f32` through `iter_args`, its result
    /// stored.
    fn reduction(&mut self, ivs: &[Iv], indent: usize) {
        let name = format!("%i{}", self.next_loop);
        self.next_loop += 1;
        let (lb, ub) = (self.rng.range(0, 1), self.rng.range(2, 5));
        let init = self.value();
        self.emit(indent, format!("{init} = arith.constant 0.5 : f32"));
        let r = self.value();
        let acc = self.value();
        self.emit(
            indent,
            format!("{r} = affine.for {name} = {lb} to {ub} iter_args({acc} = {init}) -> (f32) {{"),
        );
        let mut inner = ivs.to_vec();
        inner.push(Iv {
            name,
            lo: lb,
            hi: ub - 1,
        });
        let (a, at) = self.access(&inner);
        let x = self.value();
        self.emit(
            indent + 1,
            format!("{x} = affine.load %A{a}[{at}] : MEMREF{a}"),
        );
        let m = self.value();
        self.emit(indent + 1, format!("{m} = arith.mulf {acc}, %c1_5 : f32"));
        let s = self.value();
        self.emit(indent + 1, format!("{s} = arith.addf {m}, {x} : f32"));
        self.emit(indent + 1, format!("affine.yield {s} : f32"));
        self.emit(indent, "}".to_string());
        let (c, ct) = self.access(ivs);
        self.emit(indent, format!("affine.store {r}, %A{c}[{ct}] : MEMREF{c}"));
    }

    /// A loop header and its induction variable's range.
    fn header(&mut self, ivs: &[Iv]) -> (String, Iv) {
        let name = format!("%i{}", self.next_loop);
        self.next_loop += 1;
        let step = match self.rng.range(0, 9) {
            0 | 1 => 2,
            2 => 3,
            _ => 1,
        };
        let step_text = if step == 1 {
            String::new()
        } else {
            format!(" step {step}")
        };
        let kind = self.rng.range(0, 9);
        let (bounds, lo, hi) = if kind <= 4 || ivs.is_empty() && kind >= 7 {
            let lb = self.rng.range(0, 2);
            let ub = lb + self.rng.range(1, 6);
            (format!("{lb} to {ub}"), lb, ub - 1)
        } else if kind <= 6 {
            let lb = self.rng.range(0, 2);
            (format!("{lb} to %N"), lb, N_VALUE - 1)
        } else if kind == 7 {
            let outer = &ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize];
            let ub = outer.hi + self.rng.range(1, 3);
            (
                format!("affine_map<(d0) -> (d0)>({}) to {ub}", outer.name),
                outer.lo,
                ub - 1,
            )
        } else {
            let outer = &ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize];
            let c = self.rng.range(1, 3);
            let w = self.rng.range(2, 4);
            (
                format!(
                    "max affine_map<(d0) -> (0, d0 - {c})>({}) to min affine_map<(d0)[s0] -> (s0, d0 + {w})>({})[%N]",
                    outer.name, outer.name
                ),
                0,
                N_VALUE.min(outer.hi + w) - 1,
            )
        };
        (
            format!("affine.for {name} = {bounds}{step_text} {{"),
            Iv { name, lo, hi },
        )
    }

    /// A nest of `depth` loops at most; each level is perfect or not.
    fn nest(&mut self, ivs: &[Iv], depth: usize, indent: usize) {
        let (header, iv) = self.header(ivs);
        self.emit(indent, header);
        let mut inner = ivs.to_vec();
        inner.push(iv);
        if depth > 1 {
            let perfect = self.rng.chance(70);
            if !perfect && self.rng.chance(50) {
                self.statement(&inner, indent + 1);
            }
            self.nest(&inner, depth - 1, indent + 1);
            if !perfect && self.rng.chance(60) {
                self.statement(&inner, indent + 1);
            }
        } else {
            let n = self.rng.range(1, 3);
            for _ in 0..n {
                match self.rng.range(0, 9) {
                    0 => self.reduction(&inner, indent + 1),
                    1 => {
                        let d = &inner[self.rng.range(0, inner.len() as i64 - 1) as usize];
                        let c = self.rng.range(d.lo, d.hi.max(d.lo));
                        self.emit(
                            indent + 1,
                            format!(
                                "affine.if affine_set<(d0) : (d0 - {c} >= 0)>({}) {{",
                                d.name
                            ),
                        );
                        self.statement(&inner, indent + 2);
                        self.emit(indent + 1, "}".to_string());
                    }
                    _ => self.statement(&inner, indent + 1),
                }
            }
        }
        self.emit(indent, "}".to_string());
    }
}

/// A random runnable module: `@kernel(%A0.., %N)` and `@main`.
pub fn random_kernel(rng: &mut Rng) -> String {
    let num_arrays = rng.range(1, 3) as usize;
    let ranks = (0..num_arrays)
        .map(|_| if rng.chance(55) { 2 } else { 1 })
        .collect();
    let mut g = Gen {
        rng,
        ranks,
        accesses: Vec::new(),
        next_value: 0,
        next_loop: 0,
        lines: Vec::new(),
    };
    let nests = if g.rng.chance(20) { 2 } else { 1 };
    for _ in 0..nests {
        let depth = g.rng.range(1, 4) as usize;
        g.nest(&[], depth, 1);
    }
    // Shapes: every access in bounds after shifting by the lowest value.
    let mut lo = vec![Vec::new(); num_arrays];
    let mut hi = vec![Vec::new(); num_arrays];
    for (a, r) in g.ranks.iter().enumerate() {
        lo[a] = vec![i64::MAX; *r];
        hi[a] = vec![i64::MIN; *r];
    }
    for acc in &g.accesses {
        for (k, s) in acc.subscripts.iter().enumerate() {
            let (l, h) = s.range(&acc.ivs);
            lo[acc.array][k] = lo[acc.array][k].min(l);
            hi[acc.array][k] = hi[acc.array][k].max(h);
        }
    }
    let shapes: Vec<Vec<i64>> = lo
        .iter()
        .zip(&hi)
        .map(|(l, h)| {
            l.iter()
                .zip(h)
                .map(|(&a, &b)| if a > b { 1 } else { b - a + 1 })
                .collect()
        })
        .collect();
    let memref = |a: usize| {
        let dims: Vec<String> = shapes[a].iter().map(i64::to_string).collect();
        format!("memref<{}xf32>", dims.join("x"))
    };
    let mut body = g.lines.join("\n");
    for (k, acc) in g.accesses.iter().enumerate() {
        let subs: Vec<String> = acc
            .subscripts
            .iter()
            .enumerate()
            .map(|(d, s)| {
                let l = lo[acc.array][d];
                s.text(&acc.ivs, if l == i64::MAX { 0 } else { -l })
            })
            .collect();
        body = body.replacen(&placeholder(k), &subs.join(", "), 1);
    }
    for a in 0..num_arrays {
        body = body.replace(&format!("MEMREF{a}"), &memref(a));
    }
    let params: Vec<String> = (0..num_arrays)
        .map(|a| format!("%A{a}: {}", memref(a)))
        .collect();
    let mut s = String::new();
    let _ = writeln!(s, "func.func private @printMemrefF32(memref<*xf32>)");
    let _ = writeln!(s, "func.func @kernel({}, %N: index) {{", params.join(", "));
    let _ = writeln!(s, "  %c1_5 = arith.constant 1.500000e+00 : f32");
    let _ = writeln!(s, "  %c0_25 = arith.constant 2.500000e-01 : f32");
    let _ = writeln!(s, "{body}");
    let _ = writeln!(s, "  return\n}}");
    let _ = writeln!(s, "func.func @main() {{");
    let _ = writeln!(s, "  %n = arith.constant {N_VALUE} : index");
    let _ = writeln!(s, "  %q = arith.constant 3.125000e-01 : f32");
    for (a, shape) in shapes.iter().enumerate() {
        let ty = memref(a);
        let _ = writeln!(s, "  %M{a} = memref.alloc() : {ty}");
        let ivs: Vec<String> = (0..shape.len()).map(|d| format!("%f{a}_{d}")).collect();
        for (d, extent) in shape.iter().enumerate() {
            let _ = writeln!(
                s,
                "{}affine.for {} = 0 to {extent} {{",
                "  ".repeat(d + 1),
                ivs[d]
            );
        }
        let pad = "  ".repeat(shape.len() + 1);
        let lin = if shape.len() == 2 {
            format!(
                "affine_map<(d0, d1) -> (d0 * {} + d1 * 3 + {a})>({}, {})",
                shape[1] * 7 % 11 + 2,
                ivs[0],
                ivs[1]
            )
        } else {
            format!("affine_map<(d0) -> (d0 * 5 + {a})>({})", ivs[0])
        };
        let _ = writeln!(s, "{pad}%l{a} = affine.apply {lin}");
        let _ = writeln!(s, "{pad}%t{a} = arith.index_cast %l{a} : index to i32");
        let _ = writeln!(s, "{pad}%u{a} = arith.sitofp %t{a} : i32 to f32");
        let _ = writeln!(s, "{pad}%w{a} = arith.mulf %u{a}, %q : f32");
        let _ = writeln!(
            s,
            "{pad}affine.store %w{a}, %M{a}[{}] : {ty}",
            ivs.join(", ")
        );
        for d in (0..shape.len()).rev() {
            let _ = writeln!(s, "{}}}", "  ".repeat(d + 1));
        }
    }
    let args: Vec<String> = (0..num_arrays).map(|a| format!("%M{a}")).collect();
    let types: Vec<String> = (0..num_arrays).map(memref).collect();
    let _ = writeln!(
        s,
        "  call @kernel({}, %n) : ({}, index) -> ()",
        args.join(", "),
        types.join(", ")
    );
    for a in 0..num_arrays {
        let _ = writeln!(
            s,
            "  %P{a} = memref.cast %M{a} : {} to memref<*xf32>",
            memref(a)
        );
        let _ = writeln!(s, "  call @printMemrefF32(%P{a}) : (memref<*xf32>) -> ()");
    }
    let _ = writeln!(s, "  return\n}}");
    s
}
