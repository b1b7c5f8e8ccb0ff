//! `--affine-pipeline-data-transfer` judged by execution and by mlir-opt 19.
//!
//! - By execution: generated loops with one or two transfers into a fast
//!   buffer (lower bounds 0 and 3, steps 1 to 3, trip counts 1 to 5, 1-D
//!   and 2-D buffers, compute in a nested loop) are pipelined, and print
//!   the same before and after in the interpreter and the C back end
//!   (MLIR cannot lower DMA ops to LLVM, so mlir-cpu-runner cannot judge).
//! - Against mlir-opt: on the loops both tools pipeline
//!   (`tests/lit/pipeline-data-transfer.mlir`) the double buffers have the
//!   same types and the same number of transfers start; on mlir-opt's
//!   miscompiles (`tests/lit/pipeline-data-transfer-exact.mlir`) its output
//!   prints something else than the program, and tessera leaves the loop
//!   alone.

#[path = "../ir/tests/common/mod.rs"]
mod common;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::fmt::Write;

use pass_checks::{chunks, interpret, quick};
use tessera::backend::compile;
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

fn pipeline(m: &mut Module) {
    let pass = PassInvocation::with_options("affine-pipeline-data-transfer", "").expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
}

/// A runnable loop of `trips` iterations from `lb` by `step`, each
/// transferring a tile of `A` (and of `B` when `two`) into a fast buffer
/// of `shape` and summing part of it into `out`.
fn program(lb: i64, step: i64, trips: i64, shape: &[i64], two: bool, nested: bool) -> String {
    let size: i64 = shape.iter().product();
    let dims = shape.iter().map(|d| format!("{d}x")).collect::<String>();
    let buf_ty = format!("memref<{dims}f32, 1>");
    let zeros = vec!["0"; shape.len()].join(", ");
    let last = lb + (trips - 1) * step;
    let a_len = (last + 1) * 2 + size + 8;
    let mut t = String::new();
    let _ = writeln!(t, "func.func @main() {{");
    let _ = writeln!(t, "  %A = memref.alloc() : memref<{a_len}xf32>\n  %B = memref.alloc() : memref<{a_len}xf32>\n  %out = memref.alloc() : memref<{}xf32>", last + 1);
    let _ = writeln!(
        t,
        "  %n = arith.constant {size} : index\n  %zero = arith.constant 0.0 : f32"
    );
    let _ = writeln!(t, "  affine.for %k = 0 to {a_len} {{\n    %v = arith.index_cast %k : index to i32\n    %f = arith.sitofp %v : i32 to f32\n    affine.store %f, %A[%k] : memref<{a_len}xf32>\n    %g = arith.addf %f, %f : f32\n    affine.store %g, %B[%k] : memref<{a_len}xf32>\n  }}");
    let _ = writeln!(
        t,
        "  affine.for %k = 0 to {} {{\n    affine.store %zero, %out[%k] : memref<{}xf32>\n  }}",
        last + 1,
        last + 1
    );
    let _ = writeln!(
        t,
        "  %buf = memref.alloc() : {buf_ty}\n  %tag = memref.alloc() : memref<1xi32>"
    );
    if two {
        let _ = writeln!(
            t,
            "  %buf2 = memref.alloc() : {buf_ty}\n  %tag2 = memref.alloc() : memref<2xi32>"
        );
    }
    let _ = writeln!(t, "  affine.for %i = {lb} to {} step {step} {{", last + 1);
    let _ = writeln!(t, "    affine.dma_start %A[%i * 2], %buf[{zeros}], %tag[0], %n : memref<{a_len}xf32>, {buf_ty}, memref<1xi32>");
    if two {
        let _ = writeln!(t, "    affine.dma_start %B[%i + 1], %buf2[{zeros}], %tag2[1], %n : memref<{a_len}xf32>, {buf_ty}, memref<2xi32>");
    }
    let _ = writeln!(t, "    affine.dma_wait %tag[0], %n : memref<1xi32>");
    if two {
        let _ = writeln!(t, "    affine.dma_wait %tag2[1], %n : memref<2xi32>");
    }
    let last_elem = shape
        .iter()
        .map(|d| (d - 1).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(t, "    %x = affine.load %buf[{last_elem}] : {buf_ty}");
    let second = if two {
        format!("%buf2[{zeros}] : {buf_ty}")
    } else {
        format!("%buf[{zeros}] : {buf_ty}")
    };
    let _ = writeln!(t, "    %y = affine.load {second}\n    %s = arith.addf %x, %y : f32\n    affine.store %s, %out[%i] : memref<{}xf32>", last + 1);
    if nested {
        let inner = shape[shape.len() - 1];
        let prefix = vec!["0"; shape.len() - 1]
            .into_iter()
            .map(|z| format!("{z}, "))
            .collect::<String>();
        let _ = writeln!(t, "    affine.for %j = 0 to {inner} {{\n      %e = affine.load %buf[{prefix}%j] : {buf_ty}\n      %o = affine.load %out[%i] : memref<{}xf32>\n      %p = arith.addf %o, %e : f32\n      affine.store %p, %out[%i] : memref<{}xf32>\n    }}", last + 1, last + 1);
    }
    let _ = writeln!(t, "  }}");
    let _ = writeln!(t, "  %u = memref.cast %out : memref<{}xf32> to memref<*xf32>\n  call @printMemrefF32(%u) : (memref<*xf32>) -> ()\n  return\n}}\nfunc.func private @printMemrefF32(memref<*xf32>)", last + 1);
    t
}

#[test]
fn pipelined_loops_print_the_same_in_both_executors() {
    let cc = std::process::Command::new("cc")
        .arg("--version")
        .output()
        .is_ok();
    if !cc {
        println!("SKIPPED: no C compiler (pipelined loops through the C back end)");
    }
    let mut cases = 0;
    for (lb, step) in [(0, 1), (3, 1), (0, 2), (3, 3)] {
        for trips in [1, 2, 3, 5] {
            for (shape, two, nested) in [
                (vec![8], false, false),
                (vec![2, 4], true, false),
                (vec![6], true, true),
            ] {
                let text = program(lb, step, trips, &shape, two, nested);
                let name = format!(
                    "lb {lb} step {step} trips {trips} {shape:?} two {two} nested {nested}"
                );
                let original = parse_and_verify(&name, &text)
                    .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
                let expected = interpret(&original);
                let mut m = original.clone();
                pipeline(&mut m);
                let printed = print_module(&m, &PrintOptions::default());
                let doubled = printed
                    .match_indices("memref.alloc() : memref<2x")
                    .filter(|(at, m)| {
                        printed[at + m.len()..].starts_with(|c: char| c.is_ascii_digit())
                    })
                    .count();
                assert_eq!(
                    doubled,
                    if two { 4 } else { 2 },
                    "{name}: not pipelined\n{printed}"
                );
                assert_eq!(interpret(&m), expected, "{name}: interpreter\n{printed}");
                if cc {
                    let lib = compile(&m, &quick()).unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert_eq!(
                        lib.run("main").expect("runs"),
                        expected,
                        "{name}: C back end"
                    );
                }
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 48);
}

/// The `memref<2x...>` allocations and the number of `affine.dma_start`s
/// of a printed module.
fn shape_of(text: &str) -> (Vec<String>, usize) {
    let mut doubled: Vec<String> = text
        .lines()
        .filter_map(|l| l.split_once("memref.alloc() : memref<2x"))
        .map(|(_, ty)| ty.trim().to_string())
        .filter(|ty| ty.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    doubled.sort();
    (doubled, text.matches("affine.dma_start").count())
}

#[test]
fn double_buffers_and_transfers_are_mlir_opts() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("pipeline-data-transfer against mlir-opt");
        return;
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/lit/pipeline-data-transfer.mlir"
    );
    let text = std::fs::read_to_string(path).expect("lit file");
    let cases = chunks(&text);
    assert!(cases.len() >= 6, "only {} cases", cases.len());
    for (k, case) in cases.iter().enumerate() {
        let (ok, theirs, err) = common::run_tool(&opt, &["--affine-pipeline-data-transfer"], case);
        assert!(ok, "case {k}: {err}");
        let mut m = parse_and_verify("case.mlir", case).expect("case");
        pipeline(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        let (a, b) = (shape_of(&ours), shape_of(&theirs));
        assert!(!a.0.is_empty(), "case {k}: not pipelined");
        assert_eq!(
            a, b,
            "case {k}\n--- tessera\n{ours}\n--- mlir-opt\n{theirs}"
        );
    }
}

#[test]
fn mlir_opts_miscompiles_print_otherwise_and_tessera_leaves_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("pipeline-data-transfer miscompiles");
        return;
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/lit/pipeline-data-transfer-exact.mlir"
    );
    let text = std::fs::read_to_string(path).expect("lit file");
    let cases = chunks(&text);
    assert!(cases.len() >= 4, "only {} cases", cases.len());
    // What @main prints, or its run-time error (mlir-opt's output may
    // read memory nothing wrote, or write out of bounds).
    let run = |m: &Module| {
        let mut it = tessera::ir::interp::Interpreter::new(m);
        match it.call("main", &[]) {
            Ok(_) => it.output().to_string(),
            Err(e) => format!("{}error: {e}", it.output()),
        }
    };
    for (k, case) in cases.iter().enumerate() {
        let original = parse_and_verify("exact.mlir", case).expect("case");
        let expected = interpret(&original);
        let (ok, theirs, err) = common::run_tool(&opt, &["--affine-pipeline-data-transfer"], case);
        assert!(ok, "case {k}: {err}");
        let theirs = parse_and_verify("mlir-opt.mlir", &theirs).expect("mlir-opt's output parses");
        assert_ne!(
            run(&theirs),
            expected,
            "case {k}: mlir-opt's pipelining prints what the program prints"
        );
        let mut m = original.clone();
        pipeline(&mut m);
        assert_eq!(
            print_module(&m, &PrintOptions::default()),
            print_module(&original, &PrintOptions::default()),
            "case {k}: tessera changed the loop"
        );
    }
}
