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

/// The value the symbol `%M` has in `@main` (extended kernels only).
const M_VALUE: i64 = 3;

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
    /// The extended shapes of [`random_kernel_ext`] (never drawn for
    /// [`random_kernel`], whose kernels stay as they were).
    ext: bool,
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
        if self.ext && self.rng.chance(12) {
            // A buffer allocated per iteration: written, then read back.
            let b = self.value();
            self.emit(indent, format!("{b} = memref.alloca() : memref<2xf32>"));
            self.emit(
                indent,
                format!("affine.store {acc}, {b}[1] : memref<2xf32>"),
            );
            let r = self.value();
            self.emit(indent, format!("{r} = affine.load {b}[1] : memref<2xf32>"));
            acc = r;
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
        if self.ext && self.rng.chance(35) {
            let (bounds, lo, hi) = self.ext_bounds(ivs);
            return (
                format!("affine.for {name} = {bounds}{step_text} {{"),
                Iv { name, lo, hi },
            );
        }
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

    /// Bounds of the extended shapes — symbolic lower bounds, bounds that
    /// are empty at run time for some (or all) outer iterations — and a
    /// range containing every value the induction variable takes (a
    /// one-value range when it may take none).
    fn ext_bounds(&mut self, ivs: &[Iv]) -> (String, i64, i64) {
        let kind = if ivs.is_empty() {
            self.rng.range(0, 1)
        } else {
            self.rng.range(0, 5)
        };
        match kind {
            // `%M` is 3: `4 to %M` never runs, `2 to %M` once.
            0 => {
                let lb = self.rng.range(1, 5);
                (format!("{lb} to %M"), lb, (M_VALUE - 1).max(lb))
            }
            // A symbolic lower bound.
            1 => {
                let c = self.rng.range(-2, 1);
                let ub = self.rng.range(4, 8);
                let lo = M_VALUE + c;
                (
                    format!("affine_map<()[s0] -> (s0 + {c})>()[%M] to {ub}"),
                    lo,
                    (ub - 1).max(lo),
                )
            }
            // `lb to -d0 + c`: empty once the outer value passes `c - lb`.
            2 | 3 => {
                let outer = &ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize];
                let lb = self.rng.range(0, 2);
                let c = outer.lo + self.rng.range(1, 4);
                let hi = c - outer.lo - 1;
                (
                    format!("{lb} to affine_map<(d0) -> (-d0 + {c})>({})", outer.name),
                    lb,
                    hi.max(lb),
                )
            }
            // `d0 + 1 to min(%N, d0 + w)`: empty for the last outer values.
            _ => {
                let outer = &ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize];
                let w = self.rng.range(1, 3);
                let lo = outer.lo + 1;
                let hi = (N_VALUE - 1).min(outer.hi + w - 1);
                (
                    format!(
                        "affine_map<(d0) -> (d0 + 1)>({}) to min affine_map<(d0)[s0] -> (s0, d0 + {w})>({})[%N]",
                        outer.name, outer.name
                    ),
                    lo,
                    hi.max(lo),
                )
            }
        }
    }

    /// `affine.if` over one or two induction variables and `%N`, with an
    /// `else` block.
    fn if_else(&mut self, ivs: &[Iv], indent: usize) {
        let a = &ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize];
        let b = &ivs[self.rng.range(0, ivs.len() as i64 - 1) as usize];
        let c = self.rng.range(a.lo, a.hi.max(a.lo));
        let cond = match self.rng.range(0, 3) {
            0 => format!("d0 - {c} >= 0"),
            1 => format!("-d0 + s0 - {} >= 0", N_VALUE - c),
            2 => "d0 - d1 >= 0".to_string(),
            _ => "d0 mod 2 == 0".to_string(),
        };
        self.emit(
            indent,
            format!(
                "affine.if affine_set<(d0, d1)[s0] : ({cond})>({}, {})[%N] {{",
                a.name, b.name
            ),
        );
        self.statement(ivs, indent + 1);
        self.emit(indent, "} else {".to_string());
        self.statement(ivs, indent + 1);
        self.emit(indent, "}".to_string());
    }

    /// The bounds of an inner reduction loop: constant, or up to `%M`
    /// (empty for lower bounds past 2).
    fn reduction_bounds(&mut self) -> (String, i64, i64) {
        if self.rng.chance(30) {
            let lb = self.rng.range(0, 4);
            (format!("{lb} to %M"), lb, (M_VALUE - 1).max(lb))
        } else {
            let (lb, ub) = (self.rng.range(0, 1), self.rng.range(2, 5));
            (format!("{lb} to {ub}"), lb, ub - 1)
        }
    }

    /// A pure `addf` reduction through `iter_args` (what
    /// `parallel-reductions` recognises), its result stored.
    fn sum_reduction(&mut self, ivs: &[Iv], indent: usize) {
        let name = format!("%i{}", self.next_loop);
        self.next_loop += 1;
        let (bounds, lo, hi) = self.reduction_bounds();
        let init = self.value();
        self.emit(indent, format!("{init} = arith.constant 0.5 : f32"));
        let r = self.value();
        let acc = self.value();
        self.emit(
            indent,
            format!("{r} = affine.for {name} = {bounds} iter_args({acc} = {init}) -> (f32) {{"),
        );
        let mut inner = ivs.to_vec();
        inner.push(Iv { name, lo, hi });
        let (a, at) = self.access(&inner);
        let x = self.value();
        self.emit(
            indent + 1,
            format!("{x} = affine.load %A{a}[{at}] : MEMREF{a}"),
        );
        let s = self.value();
        self.emit(indent + 1, format!("{s} = arith.addf {acc}, {x} : f32"));
        self.emit(indent + 1, format!("affine.yield {s} : f32"));
        self.emit(indent, "}".to_string());
        let (c, ct) = self.access(ivs);
        self.emit(indent, format!("affine.store {r}, %A{c}[{ct}] : MEMREF{c}"));
    }

    /// Two values carried through `iter_args`: a sum, and either a maximum
    /// (two independent reductions) or a sum of the first one's values
    /// (the iteration arguments feed each other: not a reduction).
    fn two_reductions(&mut self, ivs: &[Iv], indent: usize) {
        let name = format!("%i{}", self.next_loop);
        self.next_loop += 1;
        let (bounds, lo, hi) = self.reduction_bounds();
        let (i0, i1) = (self.value(), self.value());
        self.emit(indent, format!("{i0} = arith.constant 0.5 : f32"));
        self.emit(indent, format!("{i1} = arith.constant -1.0 : f32"));
        let r = self.value();
        let (a0, a1) = (self.value(), self.value());
        self.emit(
            indent,
            format!(
                "{r}:2 = affine.for {name} = {bounds} iter_args({a0} = {i0}, {a1} = {i1}) -> (f32, f32) {{"
            ),
        );
        let mut inner = ivs.to_vec();
        inner.push(Iv { name, lo, hi });
        let (a, at) = self.access(&inner);
        let x = self.value();
        self.emit(
            indent + 1,
            format!("{x} = affine.load %A{a}[{at}] : MEMREF{a}"),
        );
        let s = self.value();
        self.emit(indent + 1, format!("{s} = arith.addf {a0}, {x} : f32"));
        let t = self.value();
        if self.rng.chance(50) {
            self.emit(indent + 1, format!("{t} = arith.maximumf {a1}, {x} : f32"));
        } else {
            self.emit(indent + 1, format!("{t} = arith.addf {a1}, {a0} : f32"));
        }
        self.emit(indent + 1, format!("affine.yield {s}, {t} : f32, f32"));
        self.emit(indent, "}".to_string());
        let (c, ct) = self.access(ivs);
        self.emit(
            indent,
            format!("affine.store {r}#0, %A{c}[{ct}] : MEMREF{c}"),
        );
        let (d, dt) = self.access(ivs);
        self.emit(
            indent,
            format!("affine.store {r}#1, %A{d}[{dt}] : MEMREF{d}"),
        );
    }

    /// An access with the given subscripts (rows of coefficients over
    /// `ivs`, plus a constant).
    fn fixed_access(&mut self, array: usize, rows: &[(&[i64], i64)], ivs: &[Iv]) -> String {
        let rank = self.ranks[array];
        // A rank-1 array takes the last row; a rank-2 one the last two.
        let first = rows.len().saturating_sub(rank);
        let subscripts = (0..rank)
            .map(|d| {
                let (coeffs, constant) = rows[(first + d).min(rows.len() - 1)];
                Subscript {
                    coeffs: coeffs.to_vec(),
                    constant,
                    post: None,
                }
            })
            .collect();
        let k = self.accesses.len();
        self.accesses.push(PendingAccess {
            array,
            subscripts,
            ivs: ivs.to_vec(),
        });
        placeholder(k)
    }

    /// A perfect 2-d or 3-d band walking its arrays down the columns (the
    /// inner loop indexes the first dimension): what interchange and
    /// permutation improve.
    fn column_walk(&mut self, indent: usize) {
        let depth = if self.rng.chance(40) { 3 } else { 2 };
        let mut ivs = Vec::new();
        for d in 0..depth {
            let ub = self.rng.range(2, 4);
            let name = format!("%i{}", self.next_loop);
            self.next_loop += 1;
            self.emit(indent + d, format!("affine.for {name} = 0 to {ub} {{"));
            ivs.push(Iv {
                name,
                lo: 0,
                hi: ub - 1,
            });
        }
        let n = self.ranks.len();
        let (a, b) = (
            self.rng.range(0, n as i64 - 1) as usize,
            self.rng.range(0, n as i64 - 1) as usize,
        );
        let rows: &[(&[i64], i64)] = if depth == 2 {
            &[(&[0, 1], 0), (&[1, 0], 0)]
        } else {
            &[(&[0, 0, 1], 0), (&[0, 1, 0], 0)]
        };
        let at = self.fixed_access(a, rows, &ivs);
        let x = self.value();
        self.emit(
            indent + depth,
            format!("{x} = affine.load %A{a}[{at}] : MEMREF{a}"),
        );
        let y = self.value();
        self.emit(indent + depth, format!("{y} = arith.mulf {x}, %c1_5 : f32"));
        let bt = self.fixed_access(b, rows, &ivs);
        self.emit(
            indent + depth,
            format!("affine.store {y}, %A{b}[{bt}] : MEMREF{b}"),
        );
        for d in (0..depth).rev() {
            self.emit(indent + d, "}".to_string());
        }
    }

    /// Two 1-d nests over the same range reading the same array: a
    /// producer and a consumer, or siblings (what fusion fuses).
    fn fusable_pair(&mut self, indent: usize) {
        let n = self.ranks.len() as i64;
        let ub = self.rng.range(3, 6);
        let src = self.rng.range(0, n - 1) as usize;
        // Siblings: both read `src`, each writes its own other array.
        let siblings = n >= 3 && self.rng.chance(50);
        let (dst0, dst1) = if siblings {
            ((src + 1) % n as usize, (src + 2) % n as usize)
        } else {
            let d = self.rng.range(0, n - 1) as usize;
            (
                d,
                if self.rng.chance(50) {
                    d
                } else {
                    self.rng.range(0, n - 1) as usize
                },
            )
        };
        for (t, dst) in [dst0, dst1].into_iter().enumerate() {
            let i = format!("%i{}", self.next_loop);
            self.next_loop += 1;
            let ivs = [Iv {
                name: i.clone(),
                lo: 0,
                hi: ub - 1,
            }];
            self.emit(indent, format!("affine.for {i} = 0 to {ub} {{"));
            // The consumer may read what the producer wrote.
            let from = if t == 1 && self.rng.chance(50) {
                dst0
            } else {
                src
            };
            let at = self.fixed_access(from, &[(&[0], 0), (&[1], 0)], &ivs);
            let x = self.value();
            self.emit(
                indent + 1,
                format!("{x} = affine.load %A{from}[{at}] : MEMREF{from}"),
            );
            let y = self.value();
            let c = if t == 0 { "%c1_5" } else { "%c0_25" };
            self.emit(indent + 1, format!("{y} = arith.addf {x}, {c} : f32"));
            let bt = self.fixed_access(dst, &[(&[0], 0), (&[1], 0)], &ivs);
            self.emit(
                indent + 1,
                format!("affine.store {y}, %A{dst}[{bt}] : MEMREF{dst}"),
            );
            self.emit(indent, "}".to_string());
        }
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
                if self.ext && self.rng.chance(40) {
                    match self.rng.range(0, 2) {
                        0 => self.if_else(&inner, indent + 1),
                        1 => self.sum_reduction(&inner, indent + 1),
                        _ => self.two_reductions(&inner, indent + 1),
                    }
                    continue;
                }
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
    build_kernel(rng, false)
}

/// A random runnable module with the extended shapes too:
/// `@kernel(%A0.., %N, %M)` (`%M` = 3) whose loops may also have symbolic
/// lower bounds and bounds empty at run time for some outer iterations
/// (`2 to -d0 + 3`, `4 to %M`), `affine.if` guards with `else` blocks,
/// pure `addf` reductions and loops carrying two values (independent
/// reductions, or values feeding each other), buffers local to the kernel
/// (`memref.alloc`/`memref.alloca`, filled at its start) and small
/// buffers allocated in loop bodies.
pub fn random_kernel_ext(rng: &mut Rng) -> String {
    build_kernel(rng, true)
}

fn build_kernel(rng: &mut Rng, ext: bool) -> String {
    let num_params = rng.range(1, 3) as usize;
    let mut ranks: Vec<usize> = (0..num_params)
        .map(|_| if rng.chance(55) { 2 } else { 1 })
        .collect();
    // Buffers local to the kernel: (alloca rather than alloc).
    let mut locals = Vec::new();
    if ext && rng.chance(40) {
        ranks.push(if rng.chance(50) { 2 } else { 1 });
        locals.push(rng.chance(50));
    }
    let num_arrays = ranks.len();
    let mut g = Gen {
        rng,
        ranks,
        accesses: Vec::new(),
        next_value: 0,
        next_loop: 0,
        lines: Vec::new(),
        ext,
    };
    let nests = if g.rng.chance(if ext { 40 } else { 20 }) {
        2
    } else {
        1
    };
    if ext && g.rng.chance(30) {
        g.column_walk(1);
    }
    if ext && g.rng.chance(30) {
        g.fusable_pair(1);
    }
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
    let params: Vec<String> = (0..num_params)
        .map(|a| format!("%A{a}: {}", memref(a)))
        .collect();
    let symbols = if ext {
        "%N: index, %M: index"
    } else {
        "%N: index"
    };
    let mut s = String::new();
    let _ = writeln!(s, "func.func private @printMemrefF32(memref<*xf32>)");
    let _ = writeln!(s, "func.func @kernel({}, {symbols}) {{", params.join(", "));
    let _ = writeln!(s, "  %c1_5 = arith.constant 1.500000e+00 : f32");
    let _ = writeln!(s, "  %c0_25 = arith.constant 2.500000e-01 : f32");
    for (k, &alloca) in locals.iter().enumerate() {
        let a = num_params + k;
        let ty = memref(a);
        let alloc = if alloca { "alloca" } else { "alloc" };
        let _ = writeln!(s, "  %A{a} = memref.{alloc}() : {ty}");
        let ivs: Vec<String> = (0..shapes[a].len()).map(|d| format!("%z{a}_{d}")).collect();
        for (d, extent) in shapes[a].iter().enumerate() {
            let _ = writeln!(
                s,
                "{}affine.for {} = 0 to {extent} {{",
                "  ".repeat(d + 1),
                ivs[d]
            );
        }
        let pad = "  ".repeat(shapes[a].len() + 1);
        let lin = if shapes[a].len() == 2 {
            format!(
                "affine_map<(d0, d1) -> (d0 * 3 - d1 + 1)>({}, {})",
                ivs[0], ivs[1]
            )
        } else {
            format!("affine_map<(d0) -> (d0 * 2 - 3)>({})", ivs[0])
        };
        let _ = writeln!(s, "{pad}%zl{a} = affine.apply {lin}");
        let _ = writeln!(s, "{pad}%zt{a} = arith.index_cast %zl{a} : index to i32");
        let _ = writeln!(s, "{pad}%zu{a} = arith.sitofp %zt{a} : i32 to f32");
        let _ = writeln!(
            s,
            "{pad}affine.store %zu{a}, %A{a}[{}] : {ty}",
            ivs.join(", ")
        );
        for d in (0..shapes[a].len()).rev() {
            let _ = writeln!(s, "{}}}", "  ".repeat(d + 1));
        }
    }
    let _ = writeln!(s, "{body}");
    for (k, &alloca) in locals.iter().enumerate() {
        if !alloca {
            let a = num_params + k;
            let _ = writeln!(s, "  memref.dealloc %A{a} : {}", memref(a));
        }
    }
    let _ = writeln!(s, "  return\n}}");
    let _ = writeln!(s, "func.func @main() {{");
    let _ = writeln!(s, "  %n = arith.constant {N_VALUE} : index");
    if ext {
        let _ = writeln!(s, "  %m = arith.constant {M_VALUE} : index");
    }
    let _ = writeln!(s, "  %q = arith.constant 3.125000e-01 : f32");
    for (a, shape) in shapes.iter().enumerate().take(num_params) {
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
    let args: Vec<String> = (0..num_params).map(|a| format!("%M{a}")).collect();
    let types: Vec<String> = (0..num_params).map(memref).collect();
    let (sym_args, sym_types) = if ext {
        ("%n, %m", "index, index")
    } else {
        ("%n", "index")
    };
    let _ = writeln!(
        s,
        "  call @kernel({}, {sym_args}) : ({}, {sym_types}) -> ()",
        args.join(", "),
        types.join(", ")
    );
    for a in 0..num_params {
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
