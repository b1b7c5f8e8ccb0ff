//! `--test-affine-parametric-tile` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every `.mlir` file (or `-split-input-file` chunk) of
//!   the test corpora and the kernels below print as mlir-opt's
//!   `--test-affine-parametric-tile` prints them, but where tessera leaves
//!   a band alone that mlir-opt tiles wrongly (a dependence the tiling
//!   reverses, a non-constant lower bound).
//! - By execution: each kernel, its tile sizes passed by `@main` (sizes
//!   that divide the trip counts, that do not, 1, larger than the loop),
//!   prints the same before and after in the interpreter, the C back end
//!   and `mlir-cpu-runner`.

#[path = "../ir/tests/common/mod.rs"]
mod common;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use pass_checks::{corpus_chunks, interpret, judges, runs_the_same, same_but_float_spelling};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::{test_affine_parametric_tile, TilingDiagnostic};

/// Runs the pass; its diagnostics.
fn tile(m: &mut Module) -> Vec<TilingDiagnostic> {
    let diagnostics = test_affine_parametric_tile(m);
    tessera::ir::verify::verify(m, "").unwrap_or_else(|d| panic!("{}: {}", m.file, d.message));
    diagnostics
}

/// A kernel `@k(tile sizes.., memrefs)` and a `@main` calling it with the
/// tile sizes `sizes` and printing a checksum.
fn program(kernel: &str, sizes: &[i64]) -> String {
    let consts: String = sizes
        .iter()
        .enumerate()
        .map(|(i, s)| format!("  %t{i} = arith.constant {s} : index\n"))
        .collect();
    let args: Vec<String> = (0..sizes.len()).map(|i| format!("%t{i}")).collect();
    format!(
        "{kernel}
func.func @main() {{
{consts}  %A = memref.alloc() : memref<40x40xi64>
  %B = memref.alloc() : memref<40x40xi64>
  affine.for %i = 0 to 40 {{
    affine.for %j = 0 to 40 {{
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %c7 = arith.constant 7 : i64
      %p = arith.muli %ii, %c7 : i64
      %v = arith.addi %p, %jj : i64
      affine.store %v, %A[%i, %j] : memref<40x40xi64>
      affine.store %jj, %B[%i, %j] : memref<40x40xi64>
    }}
  }}
  %n = arith.constant 37 : index
  func.call @k({args}, %n, %A, %B) : ({types}, index, memref<40x40xi64>, memref<40x40xi64>) -> ()
  %zero = arith.constant 0 : i64
  %sum = affine.for %i = 0 to 40 iter_args(%s = %zero) -> i64 {{
    %row = affine.for %j = 0 to 40 iter_args(%r = %s) -> i64 {{
      %a = affine.load %A[%i, %j] : memref<40x40xi64>
      %b = affine.load %B[%i, %j] : memref<40x40xi64>
      %c31 = arith.constant 31 : i64
      %h = arith.muli %r, %c31 : i64
      %h1 = arith.addi %h, %a : i64
      %h2 = arith.addi %h1, %b : i64
      affine.yield %h2 : i64
    }}
    affine.yield %row : i64
  }}
  vector.print %sum : i64
  return
}}
",
        args = args.join(", "),
        types = vec!["index"; sizes.len()].join(", "),
    )
}

/// Kernels over `(tile sizes.., %n: index, %A, %B)`: what each shows.
const KERNELS: &[(&str, usize, &str)] = &[
    (
        "a 2-d band with constant bounds",
        2,
        "func.func @k(%t0: index, %t1: index, %n: index, %A: memref<40x40xi64>, %B: memref<40x40xi64>) {
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 40 {
      %a = affine.load %A[%i, %j] : memref<40x40xi64>
      %b = affine.load %B[%j, %i] : memref<40x40xi64>
      %s = arith.addi %a, %b : i64
      affine.store %s, %A[%i, %j] : memref<40x40xi64>
    }
  }
  return
}",
    ),
    (
        "a symbolic upper bound, a lower bound of 3 and a step of 2",
        2,
        "func.func @k(%t0: index, %t1: index, %n: index, %A: memref<40x40xi64>, %B: memref<40x40xi64>) {
  affine.for %i = 1 to %n {
    affine.for %j = 3 to 40 step 2 {
      %a = affine.load %A[%i - 1, %j] : memref<40x40xi64>
      %b = affine.load %A[%i, %j - 2] : memref<40x40xi64>
      %s = arith.addi %a, %b : i64
      affine.store %s, %A[%i, %j] : memref<40x40xi64>
    }
  }
  return
}",
    ),
    (
        "a min upper bound",
        1,
        "func.func @k(%t0: index, %n: index, %A: memref<40x40xi64>, %B: memref<40x40xi64>) {
  affine.for %i = 2 to min affine_map<()[s0] -> (s0, 30)>()[%n] {
    %a = affine.load %A[%i - 1, 0] : memref<40x40xi64>
    %b = affine.load %B[%i, 1] : memref<40x40xi64>
    %s = arith.addi %a, %b : i64
    affine.store %s, %A[%i, 0] : memref<40x40xi64>
  }
  return
}",
    ),
    (
        "a band whose tiling reverses a dependence (distance (1, -1)): left alone",
        2,
        "func.func @k(%t0: index, %t1: index, %n: index, %A: memref<40x40xi64>, %B: memref<40x40xi64>) {
  affine.for %i = 1 to 40 {
    affine.for %j = 0 to 39 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<40x40xi64>
      %b = affine.load %B[%i, %j] : memref<40x40xi64>
      %s = arith.addi %a, %b : i64
      affine.store %s, %A[%i, %j] : memref<40x40xi64>
    }
  }
  return
}",
    ),
];

/// Tile sizes per band depth: dividing, not dividing, 1, beyond the loop.
fn size_sets(depth: usize) -> Vec<Vec<i64>> {
    [[4, 8], [3, 7], [1, 1], [100, 64], [5, 2]]
        .iter()
        .map(|s| s[..depth].to_vec())
        .collect()
}

#[test]
fn kernels_compute_the_same_after_parametric_tiling() {
    let judges = judges("parametrically tiled kernels");
    let mut tiled = 0;
    for (what, depth, kernel) in KERNELS {
        for sizes in size_sets(*depth) {
            let name = format!("{what} with tile sizes {sizes:?}");
            let text = program(kernel, &sizes);
            let original = parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut m = original.clone();
            let diagnostics = tile(&mut m);
            let refused = what.contains("left alone");
            assert_eq!(
                diagnostics
                    .iter()
                    .any(|d| !d.error && d.message.contains("negative distance")),
                refused,
                "{name}: {diagnostics:?}"
            );
            if refused {
                assert_eq!(
                    print_module(&m, &PrintOptions::default()),
                    print_module(&original, &PrintOptions::default())
                );
                continue;
            }
            tiled += 1;
            runs_the_same(&m, &interpret(&original), &judges, &name);
        }
    }
    assert_eq!(tiled, 15);
}

#[test]
fn kernels_print_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("test-affine-parametric-tile against mlir-opt");
        return;
    };
    for (what, depth, kernel) in KERNELS {
        if what.contains("left alone") {
            continue;
        }
        let text = program(kernel, &size_sets(*depth)[0]);
        let mut m = parse_and_verify(what, &text).unwrap();
        tile(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        let (ok, theirs, err) = common::run_tool(&opt, &["--test-affine-parametric-tile"], &text);
        assert!(ok, "{what}: {err}");
        if let Err(d) = same_but_float_spelling(&theirs, &ours) {
            panic!("{what}: differs from mlir-opt:\n{d}\n--- tessera:\n{ours}");
        }
    }
}

#[test]
fn the_corpora_print_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("test-affine-parametric-tile on the corpora against mlir-opt");
        return;
    };
    let flags = [
        "--test-affine-parametric-tile",
        "--allow-unregistered-dialect",
    ];
    let (mut compared, mut changed, mut refused) = (0, 0, 0);
    for (name, text) in corpus_chunks() {
        let Ok(mut m) = parse_and_verify(&name, &text) else {
            continue; // an input tessera rejects (invalid on purpose)
        };
        let (ok, expected, _) = common::run_tool(&opt, &flags, &text);
        if !ok {
            continue;
        }
        let before = print_module(&m, &PrintOptions::default());
        if tile(&mut m).iter().any(|d| !d.error) {
            refused += 1;
            continue;
        }
        let got = print_module(&m, &PrintOptions::default());
        if let Err(d) = same_but_float_spelling(&expected, &got) {
            panic!("{name}: differs from mlir-opt:\n{d}\n--- tessera:\n{got}");
        }
        changed += usize::from(got != before);
        compared += 1;
    }
    println!("{compared} inputs as mlir-opt prints them ({changed} tiled); {refused} left alone where mlir-opt tiles");
    assert!(compared >= 100, "only {compared} compared");
}
