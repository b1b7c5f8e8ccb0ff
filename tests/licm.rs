//! `--loop-invariant-code-motion` judged by mlir-opt 19 and by execution:
//! random nests of `affine.for`, `scf.for`, `affine.if` and `scf.if`
//! whose bodies mix invariant and variant arithmetic, divisions by
//! constants, index computations, loads and stores print as mlir-opt
//! prints them after the pass, and every program prints the same before
//! and after in the interpreter, the C back end and mlir-cpu-runner.

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

fn licm(m: &mut Module) -> usize {
    let pass = PassInvocation::with_options("loop-invariant-code-motion", "").expect("pass");
    match run_pass(m, &pass) {
        Ok(remarks) => remarks.len(),
        Err(e) => panic!("{}: {}", m.file, e.message),
    }
}

/// Writes random programs; `i64` values and induction variables in scope
/// are kept per nesting level.
struct Writer<'a> {
    rng: &'a mut Rng,
    out: String,
    next: usize,
    /// The `i64` values visible at each level, outermost first.
    values: Vec<Vec<String>>,
    /// The `affine.for` induction variables visible at each level.
    ivs: Vec<Vec<String>>,
}

impl Writer<'_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    fn pick_value(&mut self) -> String {
        let all: Vec<String> = self.values.iter().flatten().cloned().collect();
        all[self.rng.range(0, all.len() as i64 - 1) as usize].clone()
    }

    fn pick_iv(&mut self) -> Option<String> {
        let all: Vec<String> = self.ivs.iter().flatten().cloned().collect();
        (!all.is_empty()).then(|| all[self.rng.range(0, all.len() as i64 - 1) as usize].clone())
    }

    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.out, "{}{text}", "  ".repeat(depth + 1));
    }

    fn define(&mut self, v: String) {
        self.values.last_mut().expect("a level").push(v);
    }

    /// One statement computing a new `i64` value.
    fn value(&mut self, depth: usize) {
        let v = self.fresh("v");
        let text = match self.rng.range(0, 6) {
            0 => format!("{v} = arith.constant {} : i64", self.rng.range(-4, 9)),
            1 | 2 => {
                let op = ["addi", "subi", "muli"][self.rng.range(0, 2) as usize];
                let (a, b) = (self.pick_value(), self.pick_value());
                format!("{v} = arith.{op} {a}, {b} : i64")
            }
            3 => {
                // By a constant: 3 moves, -1 does not (signed overflow);
                // MLIR 19 calls `remsi` and `floordivsi` pure whatever
                // the divisor, tessera moves them by -1 only out of a
                // loop that surely runs, so they divide by 3 or 5 here.
                let op =
                    ["divsi", "remsi", "floordivsi", "ceildivsi"][self.rng.range(0, 3) as usize];
                let ks: &[i64] = if matches!(op, "divsi" | "ceildivsi") {
                    &[3, -1, 5]
                } else {
                    &[3, 5]
                };
                let k = ks[self.rng.range(0, ks.len() as i64 - 1) as usize];
                let c = self.fresh("k");
                self.line(depth, &format!("{c} = arith.constant {k} : i64"));
                let a = self.pick_value();
                format!("{v} = arith.{op} {a}, {c} : i64")
            }
            4 => {
                match self.pick_iv() {
                    Some(iv) => {
                        let a = self.fresh("a");
                        let c = self.rng.range(1, 3);
                        self.line(
                        depth,
                        &format!("{a} = affine.apply affine_map<(d0)[s0] -> (d0 * {c} + s0)>({iv})[%n]"),
                    );
                        format!("{v} = arith.index_cast {a} : index to i64")
                    }
                    None => format!("{v} = arith.index_cast %n : index to i64"),
                }
            }
            5 => {
                let a = self.fresh("a");
                self.line(
                    depth,
                    &format!("{a} = affine.apply affine_map<()[s0] -> (s0 * 2 + 1)>()[%n]"),
                );
                format!("{v} = arith.index_cast {a} : index to i64")
            }
            _ => {
                // A load of the buffer at a position of the ivs.
                let idx = self.subscript();
                format!("{v} = affine.load %buf[{idx}] : memref<64xi64>")
            }
        };
        self.line(depth, &text);
        self.define(v);
    }

    /// An affine subscript into the buffer over the visible ivs.
    fn subscript(&mut self) -> String {
        match self.pick_iv() {
            Some(iv) => format!(
                "({iv} * {} + {}) mod 64",
                self.rng.range(1, 5),
                self.rng.range(0, 9)
            ),
            None => self.rng.range(0, 63).to_string(),
        }
    }

    /// A store of a visible value, accumulated into the buffer.
    fn store(&mut self, depth: usize) {
        let idx = self.subscript();
        let (old, sum, v) = (self.fresh("o"), self.fresh("s"), self.pick_value());
        self.line(
            depth,
            &format!("{old} = affine.load %buf[{idx}] : memref<64xi64>"),
        );
        self.line(depth, &format!("{sum} = arith.addi {old}, {v} : i64"));
        self.line(
            depth,
            &format!("affine.store {sum}, %buf[{idx}] : memref<64xi64>"),
        );
    }

    fn body(&mut self, depth: usize) {
        for _ in 0..self.rng.range(1, 4) {
            self.value(depth);
        }
        if depth < 3 && self.rng.chance(70) {
            self.nest(depth);
        }
        if self.rng.chance(60) {
            self.value(depth);
        }
        if self.rng.chance(75) {
            self.store(depth);
        }
    }

    /// A loop or a conditional holding a body of its own.
    fn nest(&mut self, depth: usize) {
        self.values.push(Vec::new());
        self.ivs.push(Vec::new());
        let close = match self.rng.range(0, 4) {
            0 | 1 => {
                let iv = self.fresh("i");
                let ub = ["2", "3", "%n"][self.rng.range(0, 2) as usize];
                let step = if self.rng.chance(25) { " step 2" } else { "" };
                self.line(depth, &format!("affine.for {iv} = 0 to {ub}{step} {{"));
                self.ivs.last_mut().expect("level").push(iv);
                "}"
            }
            2 => {
                // Not an affine dimension: its value enters as an `i64`.
                let iv = self.fresh("i");
                let ub = ["%c2", "%n"][self.rng.range(0, 1) as usize];
                let step = ["%c1", "%c1", "%c2"][self.rng.range(0, 2) as usize];
                self.line(depth, &format!("scf.for {iv} = %c0 to {ub} step {step} {{"));
                let v = self.fresh("v");
                self.line(
                    depth + 1,
                    &format!("{v} = arith.index_cast {iv} : index to i64"),
                );
                self.define(v);
                "}"
            }
            3 => {
                let on = self.pick_iv().unwrap_or_else(|| "%n".to_string());
                let k = self.rng.range(0, 2);
                self.line(
                    depth,
                    &format!("affine.if affine_set<(d0) : (d0 - {k} >= 0)>({on}) {{"),
                );
                "}"
            }
            _ => {
                let (a, b, c) = (self.pick_value(), self.pick_value(), self.fresh("cond"));
                self.line(depth, &format!("{c} = arith.cmpi slt, {a}, {b} : i64"));
                self.line(depth, &format!("scf.if {c} {{"));
                "}"
            }
        };
        self.body(depth + 1);
        self.line(depth, close);
        self.values.pop();
        self.ivs.pop();
    }
}

/// A random runnable program: a nest under a top loop, printing the
/// buffer its stores accumulate into.
fn random_program(rng: &mut Rng) -> String {
    let n = rng.range(0, 3);
    let x = rng.range(-6, 6);
    let mut w = Writer {
        rng,
        out: String::new(),
        next: 0,
        values: vec![vec!["%x".into(), "%y".into()]],
        ivs: vec![Vec::new()],
    };
    w.out
        .push_str("func.func private @printMemrefI64(memref<*xi64>)\n");
    w.out.push_str("func.func @main() {\n");
    let _ = writeln!(w.out, "  %n = arith.constant {n} : index");
    let _ = writeln!(w.out, "  %x = arith.constant {x} : i64");
    w.out.push_str("  %y = arith.constant 7 : i64\n");
    w.out.push_str("  %c0 = arith.constant 0 : index\n");
    w.out.push_str("  %c1 = arith.constant 1 : index\n");
    w.out.push_str("  %c2 = arith.constant 2 : index\n");
    w.out.push_str("  %z = arith.constant 0 : i64\n");
    w.out.push_str("  %buf = memref.alloc() : memref<64xi64>\n");
    w.out.push_str("  affine.for %k = 0 to 64 {\n");
    w.out
        .push_str("    affine.store %z, %buf[%k] : memref<64xi64>\n  }\n");
    w.nest(0);
    w.out
        .push_str("  %p = memref.cast %buf : memref<64xi64> to memref<*xi64>\n");
    w.out
        .push_str("  call @printMemrefI64(%p) : (memref<*xi64>) -> ()\n");
    w.out
        .push_str("  memref.dealloc %buf : memref<64xi64>\n  return\n}\n");
    w.out
}

#[test]
fn random_nests_move_as_mlir_opt_moves_them_and_run_the_same() {
    let judges = judges("programs after loop-invariant code motion");
    let opt = common::mlir_opt();
    if opt.is_none() {
        common::skipped("loop-invariant-code-motion against mlir-opt");
    }
    let mut rng = Rng(0x11c3_0001);
    let (mut moved_any, mut cases) = (0, 0);
    for case in 0..300 {
        let text = random_program(&mut rng);
        let name = format!("licm{case}");
        let original =
            parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        if licm(&mut m) > 0 {
            moved_any += 1;
        }
        cases += 1;
        let printed = print_module(&m, &PrintOptions::default());
        pass_checks::prints_as_mlir_opt(
            opt.as_deref(),
            &["--loop-invariant-code-motion"],
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
}

#[test]
fn the_corpora_move_as_mlir_opt_moves_them() {
    let Some((compared, moved)) =
        pass_checks::corpus_prints_as_mlir_opt(&["--loop-invariant-code-motion"], |m| licm(m) > 0)
    else {
        common::skipped("loop-invariant-code-motion on the corpora against mlir-opt");
        return;
    };
    assert!(compared >= 150, "only {compared} compared");
    assert!(moved >= 20, "only {moved} chunks moved an op");
}
