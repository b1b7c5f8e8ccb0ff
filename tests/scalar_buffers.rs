//! The passes that take one-element buffers apart,
//! `--tessera-accumulate-in-place` and `--tessera-expand-scalars`, judged
//! by execution.
//!
//! - Every suite kernel (MINI) and corpus `@main` prints the same before
//!   and after each pass in the interpreter, the C back end and
//!   `mlir-cpu-runner`; `ludcmp`'s buffer accumulates in place, and
//!   `deriche`'s column recurrences are expanded.
//! - Random nests that carry a one-element buffer from a store at the top
//!   of a loop body to a store into an array at its end, with reads and
//!   writes of random cells (`(a·i + b·j + c·k + d) mod 6`, or columns
//!   along the window's loop) in between — some windows legal, some not:
//!   every program prints the same before and after each pass (the
//!   interpreter on the original program is the judge; every 4th also
//!   through the C back end, every 16th under `mlir-cpu-runner`), and
//!   each pass rewrites some and leaves others.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random source shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::fmt::Write as _;

use gen::rng::Rng;
use pass_checks::{corpus_chunks, interpret, judges, programs, runs_the_same, Judges};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

/// The passes under test.
const PASSES: [&str; 2] = ["tessera-accumulate-in-place", "tessera-expand-scalars"];

/// Runs `pass`; whether it changed the module's text.
fn apply(pass: &str, m: &mut Module) -> bool {
    let before = print_module(m, &PrintOptions::default());
    let pass = PassInvocation::with_options(pass, "").expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
    print_module(m, &PrintOptions::default()) != before
}

#[test]
fn programs_print_the_same_after_each_pass_everywhere() {
    let judges = judges("kernels with buffers rewritten");
    let programs = programs(corpus_chunks());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    for pass in PASSES {
        let mut changed = Vec::new();
        for (name, text) in &programs {
            let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let expected = interpret(&original);
            let mut m = original.clone();
            if apply(pass, &mut m) {
                changed.push(name.clone());
                runs_the_same(&m, &expected, &judges, &m.file);
            }
        }
        let expected = match pass {
            "tessera-accumulate-in-place" => "ludcmp",
            _ => "deriche",
        };
        assert!(
            changed.iter().any(|n| n == expected),
            "{pass} leaves {expected} alone: {changed:?}"
        );
    }
}

/// A random subscript over the loops `ivs` in range `0..6`.
fn subscript(rng: &mut Rng, ivs: &[&str]) -> String {
    let mut terms: Vec<String> = ivs
        .iter()
        .filter_map(|iv| match rng.range(-1, 2) {
            0 => None,
            1 => Some(iv.to_string()),
            c => Some(format!("{iv} * {c}")),
        })
        .collect();
    terms.push(rng.range(0, 5).to_string());
    format!("({}) mod 6", terms.join(" + "))
}

/// A random access of `%X` (6x6) or `%Y` (6) over `ivs`; with `percent`
/// chance a column along `column` (the window's loop in the last
/// subscript only).
fn access(rng: &mut Rng, ivs: &[&str], (column, percent): (&str, u64)) -> (String, String) {
    let along = rng.chance(percent);
    if rng.chance(60) {
        let others: Vec<&str> = ivs.iter().copied().filter(|&iv| iv != column).collect();
        let a = subscript(rng, if along { &others } else { ivs });
        let b = if along {
            column.to_string()
        } else {
            subscript(rng, ivs)
        };
        (format!("%X[{a}, {b}]"), "memref<6x6xf64>".into())
    } else {
        let a = if along {
            column.to_string()
        } else {
            subscript(rng, ivs)
        };
        (format!("%Y[{a}]"), "memref<6xf64>".into())
    }
}

/// A program whose one-element buffer `%w` has one window per iteration
/// of a one- or two-deep nest, with a reduction loop inside.
fn random_window(rng: &mut Rng) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "func.func private @printMemrefF64(memref<*xf64>)");
    let _ = writeln!(s, "func.func @main() {{");
    let _ = writeln!(s, "  %half = arith.constant 5.000000e-01 : f64");
    let _ = writeln!(s, "  %X = memref.alloc() : memref<6x6xf64>");
    let _ = writeln!(s, "  %Y = memref.alloc() : memref<6xf64>");
    let _ = writeln!(s, "  affine.for %a = 0 to 6 {{");
    let _ = writeln!(s, "    affine.for %b = 0 to 6 {{");
    let _ = writeln!(
        s,
        "      %v = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1 * 3 + 1)>(%a, %b)"
    );
    let _ = writeln!(s, "      %vi = arith.index_cast %v : index to i32");
    let _ = writeln!(s, "      %vf = arith.sitofp %vi : i32 to f64");
    let _ = writeln!(s, "      affine.store %vf, %X[%a, %b] : memref<6x6xf64>");
    let _ = writeln!(s, "    }}");
    let _ = writeln!(
        s,
        "    %u = affine.apply affine_map<(d0) -> (d0 * 5 + 2)>(%a)"
    );
    let _ = writeln!(s, "    %ui = arith.index_cast %u : index to i32");
    let _ = writeln!(s, "    %uf = arith.sitofp %ui : i32 to f64");
    let _ = writeln!(s, "    affine.store %uf, %Y[%a] : memref<6xf64>");
    let _ = writeln!(s, "  }}");
    // Now and then the buffer's value flows in from the last window.
    let live_in = rng.chance(15);
    let _ = writeln!(s, "  %w = memref.alloca() : memref<1xf64>");
    if live_in {
        let _ = writeln!(s, "  affine.store %half, %w[0] : memref<1xf64>");
    }
    let _ = writeln!(s, "  affine.for %i = 0 to 6 {{");
    let two_deep = rng.chance(70);
    // The loop whose body is the window.
    // Half the programs sweep columns along it.
    let column = (
        if two_deep { "%j" } else { "%i" },
        if rng.chance(50) { 100 } else { 40 },
    );
    let mut outer = vec!["%i"];
    let mut pad = "    ".to_string();
    if two_deep {
        let upper = [
            "6",
            "affine_map<(d0) -> (d0)>(%i)",
            "affine_map<(d0) -> (d0 + 1)>(%i)",
        ][rng.range(0, 2) as usize];
        let _ = writeln!(s, "    affine.for %j = 0 to {upper} {{");
        outer.push("%j");
        pad.push_str("  ");
    }
    if live_in {
        let _ = writeln!(s, "{pad}%pre = affine.load %w[0] : memref<1xf64>");
    }
    let (init, init_ty) = access(rng, &outer, column);
    let _ = writeln!(s, "{pad}%0 = affine.load {init} : {init_ty}");
    let _ = writeln!(s, "{pad}affine.store %0, %w[0] : memref<1xf64>");
    let k_upper = if two_deep && rng.chance(50) {
        "affine_map<(d0) -> (d0)>(%j)"
    } else {
        "4"
    };
    let _ = writeln!(s, "{pad}affine.for %k = 0 to {k_upper} {{");
    let mut inner = outer.clone();
    inner.push("%k");
    let (read, read_ty) = access(rng, &inner, column);
    let _ = writeln!(s, "{pad}  %1 = affine.load %w[0] : memref<1xf64>");
    let _ = writeln!(s, "{pad}  %2 = affine.load {read} : {read_ty}");
    let _ = writeln!(s, "{pad}  %3 = arith.mulf %2, %half : f64");
    let _ = writeln!(s, "{pad}  %4 = arith.addf %1, %3 : f64");
    let _ = writeln!(s, "{pad}  affine.store %4, %w[0] : memref<1xf64>");
    if rng.chance(25) {
        let (write, write_ty) = access(rng, &inner, column);
        let _ = writeln!(s, "{pad}  affine.store %3, {write} : {write_ty}");
    }
    let _ = writeln!(s, "{pad}}}");
    let _ = writeln!(s, "{pad}%5 = affine.load %w[0] : memref<1xf64>");
    let mut last = "%5";
    if rng.chance(50) {
        let (other, other_ty) = access(rng, &outer, column);
        let _ = writeln!(s, "{pad}%6 = affine.load {other} : {other_ty}");
        let _ = writeln!(s, "{pad}%7 = arith.subf %5, %6 : f64");
        last = "%7";
    }
    if live_in {
        let _ = writeln!(s, "{pad}%8 = arith.addf {last}, %pre : f64");
        last = "%8";
    }
    let (cell, cell_ty) = access(rng, &outer, column);
    let _ = writeln!(s, "{pad}affine.store {last}, {cell} : {cell_ty}");
    if two_deep {
        let _ = writeln!(s, "    }}");
    }
    let _ = writeln!(s, "  }}");
    let _ = writeln!(
        s,
        "  %px = memref.cast %X : memref<6x6xf64> to memref<*xf64>"
    );
    let _ = writeln!(s, "  call @printMemrefF64(%px) : (memref<*xf64>) -> ()");
    let _ = writeln!(s, "  %py = memref.cast %Y : memref<6xf64> to memref<*xf64>");
    let _ = writeln!(s, "  call @printMemrefF64(%py) : (memref<*xf64>) -> ()");
    let _ = writeln!(s, "  return\n}}");
    s
}

#[test]
fn random_windows_compute_the_same_whether_rewritten_or_left() {
    let judges = judges("kernels with buffers rewritten");
    for pass in PASSES {
        let mut rng = Rng(0x00ac_c0de);
        let (mut rewritten, mut left) = (0, 0);
        for case in 0..320 {
            let text = random_window(&mut rng);
            let name = format!("window{case}");
            let original =
                parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            let expected = interpret(&original);
            let mut m = original.clone();
            if !apply(pass, &mut m) {
                left += 1;
                continue;
            }
            rewritten += 1;
            let printed = print_module(&m, &PrintOptions::default());
            assert!(
                !printed.contains("memref<1xf64>"),
                "{name}: {pass} leaves the buffer\n{printed}"
            );
            let some = Judges {
                cc: judges.cc && case % 4 == 0,
                mlir: judges.mlir && case % 16 == 0,
            };
            runs_the_same(&m, &expected, &some, &m.file);
        }
        println!("{pass}: {rewritten} rewritten, {left} left");
        assert!(
            rewritten >= 40 && left >= 40,
            "{pass}: {rewritten} rewritten, {left} left"
        );
    }
}
