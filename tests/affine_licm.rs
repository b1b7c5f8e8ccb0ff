//! `--affine-loop-invariant-code-motion` judged by mlir-opt 19 and by
//! execution: random `affine.for` / `affine.if` nests whose bodies store
//! invariant values at invariant places, load, accumulate and hold inner
//! loops that may move whole.
//!
//! Two kinds of programs:
//! - *comparable* ones, where every loop surely runs and every access is
//!   an affine one to its own allocation: there mlir-opt 19's pass is
//!   sound, and tessera must print what it prints;
//! - *adversarial* ones, with loops that may run zero times, stores
//!   through a subview of another buffer and `memref.load` / `store`:
//!   there mlir-opt 19 hoists stores that must stay, so only execution
//!   judges.
//!
//! Every program prints the same before and after in the interpreter, the
//! C back end and mlir-cpu-runner.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random source shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::fmt::Write as _;

use gen::rng::Rng;
use pass_checks::{interpret, judges, runs_the_same};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

/// The number of hoisted ops, and how many of them are or hold a store.
fn licm(m: &mut Module) -> (usize, usize) {
    let pass = PassInvocation::with_options("affine-loop-invariant-code-motion", "").expect("pass");
    let remarks = run_pass(m, &pass).unwrap_or_else(|e| panic!("{}: {}", m.file, e.message));
    let stores = remarks
        .iter()
        .filter(|r| {
            let mut nested = Vec::new();
            m.walk_from(r.op, &mut nested);
            nested.iter().any(|&o| m.ops[o].name == "affine.store")
        })
        .count();
    (remarks.len(), stores)
}

/// Writes random programs over two buffers `%a` and `%b` of 16 `i64`s.
struct Writer<'a> {
    rng: &'a mut Rng,
    out: String,
    next: usize,
    /// Loops that may run zero times, views and `memref` accesses.
    adversarial: bool,
    /// The `i64` values visible at each level, outermost first.
    values: Vec<Vec<String>>,
    /// The induction variables visible at each level.
    ivs: Vec<Vec<String>>,
}

impl Writer<'_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.rng.range(0, items.len() as i64 - 1) as usize].clone()
    }

    fn pick_value(&mut self) -> String {
        let all: Vec<String> = self.values.iter().flatten().cloned().collect();
        self.pick(&all)
    }

    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.out, "{}{text}", "  ".repeat(depth + 1));
    }

    fn define(&mut self, v: String) {
        self.values.last_mut().expect("a level").push(v);
    }

    /// A subscript below `size`: a constant, or an induction variable
    /// (often an outer one) scaled and shifted.
    fn subscript(&mut self, size: i64) -> String {
        let all: Vec<String> = self.ivs.iter().flatten().cloned().collect();
        let constant = if self.adversarial { 45 } else { 30 };
        if all.is_empty() || self.rng.chance(constant) {
            return self.rng.range(0, size - 1).to_string();
        }
        let iv = self.pick(&all);
        let (c, k) = (self.rng.range(1, 3), self.rng.range(0, 5));
        format!("({iv} * {c} + {k}) mod {size}")
    }

    /// An `index` value below `size`, by an `affine.apply` of a
    /// subscript.
    fn index_value(&mut self, depth: usize, size: i64) -> String {
        let all: Vec<String> = self.ivs.iter().flatten().cloned().collect();
        let i = self.fresh("i");
        let apply = if all.is_empty() || self.rng.chance(30) {
            let k = self.rng.range(0, size - 1);
            format!("{i} = affine.apply affine_map<() -> ({k})>()")
        } else {
            let iv = self.pick(&all);
            let (c, k) = (self.rng.range(1, 3), self.rng.range(0, 5));
            format!("{i} = affine.apply affine_map<(d0) -> ((d0 * {c} + {k}) mod {size})>({iv})")
        };
        self.line(depth, &apply);
        i
    }

    /// One statement computing a new `i64` value.
    fn value(&mut self, depth: usize) {
        let v = self.fresh("v");
        let text = match self.rng.range(0, 5) {
            0 => format!("{v} = arith.constant {} : i64", self.rng.range(-4, 9)),
            1 | 2 => {
                let op = self.pick(&["addi", "muli", "subi"]);
                let (a, b) = (self.pick_value(), self.pick_value());
                format!("{v} = arith.{op} {a}, {b} : i64")
            }
            3 => {
                let i = self.index_value(depth, 16);
                format!("{v} = arith.index_cast {i} : index to i64")
            }
            _ => {
                let buf = self.pick(&["%a", "%b"]);
                let s = self.subscript(16);
                format!("{v} = affine.load {buf}[{s}] : memref<16xi64>")
            }
        };
        self.line(depth, &text);
        self.define(v);
    }

    /// A store: of a visible value (invariant when the value and the
    /// subscript are), or accumulated into the old value.
    fn store(&mut self, depth: usize) {
        let v = self.pick_value();
        // (adversarial programs store through the view of `%a` often)
        let kind = if self.adversarial {
            self.pick(&[0, 1, 2, 2, 3, 4])
        } else {
            self.rng.range(0, 1)
        };
        let (buf, ty, size) = match kind {
            2 => ("%view", "memref<8xi64, strided<[1], offset: 4>>", 8),
            _ => (self.pick(&["%a", "%b"]), "memref<16xi64>", 16),
        };
        match kind {
            0 | 2 => {
                let s = self.subscript(size);
                self.line(depth, &format!("affine.store {v}, {buf}[{s}] : {ty}"));
            }
            1 => {
                let s = self.subscript(size);
                let (old, sum) = (self.fresh("o"), self.fresh("s"));
                self.line(depth, &format!("{old} = affine.load {buf}[{s}] : {ty}"));
                self.line(depth, &format!("{sum} = arith.addi {old}, {v} : i64"));
                self.line(depth, &format!("affine.store {sum}, {buf}[{s}] : {ty}"));
            }
            _ => {
                let i = self.index_value(depth, size);
                if self.rng.chance(50) {
                    self.line(depth, &format!("memref.store {v}, {buf}[{i}] : {ty}"));
                } else {
                    let l = self.fresh("l");
                    self.line(depth, &format!("{l} = memref.load {buf}[{i}] : {ty}"));
                    self.define(l);
                }
            }
        }
    }

    fn body(&mut self, depth: usize) {
        for _ in 0..self.rng.range(0, 2) {
            self.value(depth);
        }
        if depth < 3 && self.rng.chance(70) {
            self.nest(depth);
        }
        for _ in 0..self.rng.range(1, 2) {
            if self.rng.chance(40) {
                self.value(depth);
            }
            self.store(depth);
        }
    }

    /// A loop or an `affine.if` holding a body of its own.
    fn nest(&mut self, depth: usize) {
        self.values.push(Vec::new());
        self.ivs.push(Vec::new());
        if self.rng.chance(75) {
            let iv = self.fresh("i");
            let ub = if self.adversarial {
                self.pick(&["1", "3", "%n"])
            } else {
                self.pick(&["1", "2", "3"])
            };
            let step = if self.rng.chance(20) { " step 2" } else { "" };
            self.line(depth, &format!("affine.for {iv} = 0 to {ub}{step} {{"));
            self.ivs.last_mut().expect("level").push(iv);
        } else {
            let all: Vec<String> = self.ivs.iter().flatten().cloned().collect();
            let on = if all.is_empty() {
                "%n".to_string()
            } else {
                self.pick(&all)
            };
            let k = self.rng.range(0, 2);
            self.line(
                depth,
                &format!("affine.if affine_set<(d0) : (d0 - {k} >= 0)>({on}) {{"),
            );
        }
        self.body(depth + 1);
        self.line(depth, "}");
        self.values.pop();
        self.ivs.pop();
    }
}

/// A random runnable program printing both buffers.
fn random_program(rng: &mut Rng, adversarial: bool) -> String {
    let n = rng.range(0, 2);
    let x = rng.range(-6, 6);
    let mut w = Writer {
        rng,
        out: String::new(),
        next: 0,
        adversarial,
        values: vec![vec!["%x".into(), "%y".into()]],
        ivs: vec![Vec::new()],
    };
    w.out
        .push_str("func.func private @printMemrefI64(memref<*xi64>)\n");
    w.out.push_str("func.func @main() {\n");
    let _ = writeln!(w.out, "  %n = arith.constant {n} : index");
    let _ = writeln!(w.out, "  %x = arith.constant {x} : i64");
    w.out.push_str("  %y = arith.constant 7 : i64\n");
    w.out.push_str("  %z = arith.constant 0 : i64\n");
    for buf in ["%a", "%b"] {
        let _ = writeln!(w.out, "  {buf} = memref.alloc() : memref<16xi64>");
        let _ = writeln!(
            w.out,
            "  affine.for %k = 0 to 16 {{\n    affine.store %z, {buf}[%k] : memref<16xi64>\n  }}"
        );
    }
    if adversarial {
        w.out.push_str(
            "  %view = memref.subview %a[4] [8] [1] : memref<16xi64> to memref<8xi64, strided<[1], offset: 4>>\n",
        );
    }
    w.out.push_str("  affine.for %t = 0 to 2 {\n");
    w.ivs[0].push("%t".into());
    w.body(1);
    w.out.push_str("  }\n");
    for buf in ["%a", "%b"] {
        let p = w.fresh("p");
        let _ = writeln!(
            w.out,
            "  {p} = memref.cast {buf} : memref<16xi64> to memref<*xi64>\n  call @printMemrefI64({p}) : (memref<*xi64>) -> ()\n  memref.dealloc {buf} : memref<16xi64>"
        );
    }
    w.out.push_str("  return\n}\n");
    w.out
}

#[test]
fn comparable_nests_move_as_mlir_opt_moves_them_and_run_the_same() {
    let judges = judges("programs after affine loop-invariant code motion");
    let opt = common::mlir_opt();
    if opt.is_none() {
        common::skipped("affine-loop-invariant-code-motion against mlir-opt");
    }
    let mut rng = Rng(0xa11c_0001);
    let (mut moved_any, mut stores_moved, cases) = (0, 0, 250);
    for case in 0..cases {
        let text = random_program(&mut rng, false);
        let name = format!("affine_licm{case}");
        let original =
            parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        let (moved, stores) = licm(&mut m);
        moved_any += usize::from(moved > 0);
        stores_moved += usize::from(stores > 0);
        let printed = print_module(&m, &PrintOptions::default());
        pass_checks::prints_as_mlir_opt(
            opt.as_deref(),
            &["--affine-loop-invariant-code-motion"],
            &text,
            &printed,
            &name,
        );
        runs_the_same(&m, &expected, &pass_checks::sampled(&judges, case), &name);
    }
    assert!(
        moved_any * 2 >= cases,
        "only {moved_any} of {cases} programs moved an op"
    );
    assert!(
        stores_moved * 10 >= cases,
        "only {stores_moved} of {cases} programs moved a store"
    );
}

#[test]
fn adversarial_nests_run_the_same() {
    let judges = judges("adversarial programs after affine loop-invariant code motion");
    let mut rng = Rng(0xa11c_0002);
    let (mut moved_any, cases) = (0, 250);
    for case in 0..cases {
        let text = random_program(&mut rng, true);
        let name = format!("affine_licm_adversarial{case}");
        let original =
            parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        moved_any += usize::from(licm(&mut m).0 > 0);
        runs_the_same(&m, &expected, &pass_checks::sampled(&judges, case), &name);
    }
    assert!(
        moved_any * 3 >= cases,
        "only {moved_any} of {cases} programs moved an op"
    );
}
