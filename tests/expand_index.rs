//! `affine.delinearize_index` and `--affine-expand-index-ops` judged by
//! mlir-opt 19 and by execution.
//!
//! Random programs delinearize a loop's induction variable (or an
//! `affine.apply` of it) into bases of one to four elements, constant or
//! dynamic (loaded from memory), and print the results:
//! - the original program prints the same in tessera's interpreter, its C
//!   back end and under `mlir-cpu-runner` (MLIR's own lowering of the op);
//! - after `--affine-expand-index-ops` it prints the same again
//!   (interpreter and C back end for every program, `mlir-cpu-runner` for
//!   every 4th);
//! - tessera's output is mlir-opt 19's, byte for byte (but for float
//!   spelling), on every program and on `tests/lit/affine-expand-index-ops.mlir`;
//!   so is `--lower-affine`'s (which expands the op the same way first),
//!   and the lowered program prints the same in the interpreter.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random source shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::fmt::Write as _;

use gen::rng::Rng;
use pass_checks::{chunks, interpret, judges, runs_the_same, same_but_float_spelling, Judges};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

const LIT: &str = "tests/lit/affine-expand-index-ops.mlir";

fn expand(m: &mut Module) {
    let pass = PassInvocation::with_options("affine-expand-index-ops", "").expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
}

/// A program delinearizing a loop's index and printing the results.
fn random_program(rng: &mut Rng) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "func.func @main() {{");
    let n = rng.range(1, 4) as usize;
    let mut basis = Vec::new();
    // Dynamic sizes are loaded from memory: nothing folds them.
    let _ = writeln!(s, "  %sizes = memref.alloca() : memref<4xi64>");
    for k in 0..n {
        // (A size of 1 makes results constant, which MLIR's greedy driver
        // folds through `arith.index_cast`: tessera's cleanup does not run
        // the folders of arith ops.)
        let size = rng.range(2, 7);
        if rng.chance(40) {
            let _ = writeln!(s, "  %k{k} = arith.constant {k} : index");
            let _ = writeln!(s, "  %n{k} = arith.constant {size} : i64");
            let _ = writeln!(s, "  memref.store %n{k}, %sizes[%k{k}] : memref<4xi64>");
            let _ = writeln!(s, "  %l{k} = memref.load %sizes[%k{k}] : memref<4xi64>");
            let _ = writeln!(s, "  %b{k} = arith.index_cast %l{k} : i64 to index");
        } else {
            let _ = writeln!(s, "  %b{k} = arith.constant {size} : index");
        }
        basis.push(format!("%b{k}"));
    }
    let trips = rng.range(1, 90);
    let _ = writeln!(s, "  affine.for %i = 0 to {trips} {{");
    let index = if rng.chance(30) {
        let _ = writeln!(
            s,
            "    %x = affine.apply affine_map<(d0) -> (d0 * 3 + 2)>(%i)"
        );
        "%x"
    } else {
        "%i"
    };
    let results = if n == 1 {
        "%r".to_string()
    } else {
        format!("%r:{n}")
    };
    let types = vec!["index"; n].join(", ");
    let _ = writeln!(
        s,
        "    {results} = affine.delinearize_index {index} into ({}) : {types}",
        basis.join(", ")
    );
    for k in 0..n {
        if rng.chance(25) {
            continue; // an unused result
        }
        let r = if n == 1 {
            "%r".to_string()
        } else {
            format!("%r#{k}")
        };
        let _ = writeln!(s, "    %v{k} = arith.index_cast {r} : index to i64");
        let _ = writeln!(s, "    vector.print %v{k} : i64");
    }
    let _ = writeln!(s, "  }}");
    let _ = writeln!(s, "  return\n}}");
    s
}

#[test]
fn delinearized_programs_print_the_same_before_and_after_expansion() {
    let judges = judges("delinearized programs");
    let opt = common::mlir_opt();
    let mut rng = Rng(0xde11_0eaa);
    for case in 0..60 {
        let text = random_program(&mut rng);
        let name = format!("delinearize{case}");
        let original =
            parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        let expected = interpret(&original);
        runs_the_same(&original, &expected, &judges, &format!("{name}\n{text}"));
        let mut m = original.clone();
        expand(&mut m);
        let printed = print_module(&m, &PrintOptions::default());
        assert!(
            !printed.contains("delinearize_index"),
            "{name}: left\n{printed}"
        );
        let some = Judges {
            cc: judges.cc,
            mlir: judges.mlir && case % 4 == 0,
        };
        runs_the_same(
            &m,
            &expected,
            &some,
            &format!("{name}, expanded\n{printed}"),
        );
        if let Some(opt) = &opt {
            let (ok, theirs, err) = common::run_tool(opt, &["--affine-expand-index-ops"], &text);
            assert!(ok, "{name}: mlir-opt failed: {err}");
            if let Err(why) = same_but_float_spelling(&printed, &theirs) {
                panic!("{name}: differs from mlir-opt: {why}\n{text}");
            }
            // `--lower-affine` lowers the op through the same expansion.
            let mut lowered = original.clone();
            let pass = PassInvocation::with_options("lower-affine", "").expect("pass");
            if let Err(e) = run_pass(&mut lowered, &pass) {
                panic!("{name}: {}", e.message);
            }
            let ours = print_module(&lowered, &PrintOptions::default());
            let (ok, theirs, err) = common::run_tool(opt, &["--lower-affine"], &text);
            assert!(ok, "{name}: mlir-opt failed: {err}");
            if let Err(why) = same_but_float_spelling(&ours, &theirs) {
                panic!("{name}: lowered differently from mlir-opt: {why}\n{text}");
            }
            assert_eq!(
                interpret(&lowered),
                expected,
                "{name}: interpreter, lowered"
            );
        }
    }
}

#[test]
fn the_lit_cases_print_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-expand-index-ops against mlir-opt");
        return;
    };
    let text = std::fs::read_to_string(LIT).expect("the lit file");
    let cases = chunks(&text);
    assert!(cases.len() >= 5, "only {} cases", cases.len());
    for (k, chunk) in cases.iter().enumerate() {
        let mut m = parse_and_verify(LIT, chunk).unwrap_or_else(|e| panic!("case {k}: {e}"));
        expand(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        let (ok, theirs, err) = common::run_tool(&opt, &["--affine-expand-index-ops"], chunk);
        assert!(ok, "case {k}: mlir-opt failed: {err}");
        if let Err(why) = same_but_float_spelling(&ours, &theirs) {
            panic!("case {k} differs from mlir-opt: {why}");
        }
    }
}
