//! Regressions found by running tessera's output under MLIR 19 as the
//! judge: each program here was miscompiled or made a pass fail, and each
//! test runs it before and after the pass and requires the same output
//! (the interpreter reports any out-of-bounds access as an error).

use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera_transforms::passes::run_pass;
use tessera_transforms::pipeline::parse_pass_pipeline;

fn run(module: &Module) -> String {
    let mut it = Interpreter::new(module);
    match it.call("main", &[]) {
        Ok(_) => it.output().to_string(),
        Err(e) => format!("{}\nerror: {e}", it.output()),
    }
}

/// Runs `pipeline` on `source`; the printed result must verify and print
/// what the original prints. Returns the printed result.
fn same_output_after(source: &str, pipeline: &str) -> String {
    let original = parse_and_verify("t.mlir", source).expect("valid input");
    let expected = run(&original);
    assert!(!expected.contains("error"), "the input fails: {expected}");
    let mut module = original.clone();
    for p in parse_pass_pipeline(pipeline).expect("pipeline") {
        run_pass(&mut module, &p).expect("pass runs");
    }
    let printed = print_module(&module, &PrintOptions::default());
    let reparsed = parse_and_verify("out.mlir", &printed)
        .unwrap_or_else(|e| panic!("{pipeline} printed invalid IR: {e}\n{printed}"));
    assert_eq!(run(&reparsed), expected, "{pipeline} changed\n{printed}");
    printed
}

/// `A[j] += 1` over `j = 2 to 3 - i`: the trip count is negative for
/// `i > 1`, where the cleanup loop's split point `lb + (tc floordiv F) * F`
/// lies below `lb`.
const IV_DEPENDENT_EMPTY: &str = r#"
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  affine.for %k = 0 to 8 {
    affine.store %one, %A[%k] : memref<8xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 2 to affine_map<(d0) -> (-d0 + 3)>(%i) {
      %v = affine.load %A[%j] : memref<8xf32>
      %w = arith.addf %v, %one : f32
      affine.store %w, %A[%j] : memref<8xf32>
    }
  }
  %u = memref.cast %A : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
"#;

#[test]
fn unrolling_a_loop_with_a_negative_run_time_trip_count() {
    for options in [
        "unroll-factor=2",
        "unroll-factor=3",
        "unroll-factor=4",
        "unroll-factor=4 unroll-up-to-factor",
    ] {
        let printed = same_output_after(
            IV_DEPENDENT_EMPTY,
            &format!("affine-loop-unroll{{{options}}}"),
        );
        assert!(
            printed.contains("max"),
            "{options}: no cleanup guard\n{printed}"
        );
    }
}

/// `for i = 4 to %n` with `%n = 3` at run time: unroll-and-jam's cleanup
/// loop must run nothing.
const SYMBOLIC_EMPTY: &str = r#"
func.func private @printMemrefF32(memref<*xf32>)
func.func @kernel(%A: memref<6x4xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 4 to %n {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i - 1, %j] : memref<6x4xf32>
      %w = arith.addf %v, %one : f32
      affine.store %w, %A[%i - 1, %j] : memref<6x4xf32>
    }
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<6x4xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 4 {
      affine.store %zero, %A[%i, %j] : memref<6x4xf32>
    }
  }
  %c3 = arith.constant 3 : index
  call @kernel(%A, %c3) : (memref<6x4xf32>, index) -> ()
  %c6 = arith.constant 6 : index
  call @kernel(%A, %c6) : (memref<6x4xf32>, index) -> ()
  %u = memref.cast %A : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
"#;

#[test]
fn unroll_jam_cleanup_of_a_run_time_empty_loop() {
    for factor in [2, 3, 4] {
        same_output_after(
            SYMBOLIC_EMPTY,
            &format!("affine-loop-unroll-jam{{unroll-jam-factor={factor}}}"),
        );
        same_output_after(
            SYMBOLIC_EMPTY,
            &format!("affine-loop-unroll{{unroll-factor={factor}}}"),
        );
    }
}

/// Two `iter_args` feeding each other, and one added to itself: neither is
/// a reduction, so `parallel-reductions` must leave the loop sequential.
const NOT_REDUCTIONS: &str = r#"
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  affine.for %k = 0 to 8 {
    affine.store %half, %A[%k] : memref<8xf32>
  }
  %r:2 = affine.for %i = 0 to 8 iter_args(%a = %one, %b = %half) -> (f32, f32) {
    %0 = arith.addf %a, %b : f32
    affine.yield %0, %0 : f32, f32
  }
  %s = affine.for %i = 0 to 8 iter_args(%a = %half) -> (f32) {
    %0 = arith.addf %a, %a : f32
    affine.yield %0 : f32
  }
  %t = affine.for %i = 0 to 8 iter_args(%a = %half) -> (f32) {
    %v = affine.load %A[%i] : memref<8xf32>
    %m = arith.mulf %v, %a : f32
    %0 = arith.addf %a, %m : f32
    affine.yield %0 : f32
  }
  vector.print %r#0 : f32
  vector.print %r#1 : f32
  vector.print %s : f32
  vector.print %t : f32
  return
}
"#;

#[test]
fn iter_args_that_are_not_reductions_stay_sequential() {
    let printed = same_output_after(NOT_REDUCTIONS, "affine-parallelize{parallel-reductions=1}");
    assert_eq!(
        printed.matches("affine.parallel").count(),
        1,
        "only the initialising loop is parallel:\n{printed}"
    );
}

/// Constants whose folding overflows `i64` are left unfolded (the affine
/// crate's invariant); building them used to recurse without end.
const OVERFLOWING_CONSTANTS: &str = r#"
func.func @main() {
  %A = memref.alloc() : memref<10xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %one, %A[%i] : memref<10xf32>
  }
  // From 4 on, d0 - 5 - 9223372036854775807 is evaluated without overflow.
  affine.for %i = 4 to 10 {
    affine.if affine_set<(d0) : (d0 - 5 == 9223372036854775807)>(%i) {
      affine.store %one, %A[0] : memref<10xf32>
    }
  }
  affine.for %i = 0 to -9223372036854775808 {
    %v = affine.load %A[%i] : memref<10xf32>
    affine.store %v, %A[0] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf32>
    %w = arith.addf %v, %one : f32
    affine.store %w, %A[%i] : memref<10xf32>
  }
  %v = affine.load %A[3] : memref<10xf32>
  vector.print %v : f32
  return
}
"#;

#[test]
fn overflowing_constants_parse_and_go_through_fusion() {
    let printed = same_output_after(OVERFLOWING_CONSTANTS, "affine-loop-fusion");
    assert!(printed.contains("9223372036854775807"), "{printed}");
}

/// Integer pass options are `uint`s, read as mlir-opt reads them: larger
/// values are refused with its message instead of overflowing or hanging.
#[test]
fn integer_options_out_of_range_are_refused() {
    let mut module = parse_and_verify("t.mlir", SYMBOLIC_EMPTY).expect("valid");
    for (pass, value) in [
        ("affine-loop-unroll", "unroll-factor=9223372036854775807"),
        (
            "affine-loop-unroll-jam",
            "unroll-jam-factor=9223372036854775807",
        ),
        ("affine-loop-unroll", "unroll-factor=-1"),
        ("affine-loop-tile", "tile-sizes=4,-1"),
        ("affine-parallelize", "max-nested=4294967296"),
    ] {
        let p = parse_pass_pipeline(&format!("{pass}{{{value}}}")).expect("pipeline");
        let e = run_pass(&mut module, &p[0]).expect_err(value);
        assert!(
            e.message.contains("value invalid for uint argument!"),
            "{pass}{{{value}}}: {e}"
        );
    }
}

/// The largest factors mlir-opt accepts: a loop with a symbolic trip count
/// is left alone at once (the copies would exceed the size limit), and a
/// factor of 20 000 unrolls, one copy of the body per step.
#[test]
fn huge_unroll_factors_are_bounded_and_large_ones_work() {
    for source in [IV_DEPENDENT_EMPTY, SYMBOLIC_EMPTY] {
        for pass in [
            "affine-loop-unroll{unroll-factor=4294967295}",
            "affine-loop-unroll-jam{unroll-jam-factor=4294967295}",
        ] {
            same_output_after(source, pass);
        }
    }
    // Repetitions stop once a repetition changes nothing (here after the
    // inner loop of 4 iterations is unrolled completely).
    same_output_after(
        SYMBOLIC_EMPTY,
        "affine-loop-unroll{unroll-factor=2 unroll-num-reps=4294967295}",
    );
    let printed = same_output_after(
        IV_DEPENDENT_EMPTY,
        "affine-loop-unroll{unroll-factor=20000}",
    );
    // The main loop's copies and the cleanup loop's body.
    assert_eq!(
        printed.matches("arith.addf").count(),
        20_001,
        "not unrolled"
    );
}

/// A vector `iter_arg` is no reduction affine.parallel can express.
#[test]
fn vector_iter_args_stay_sequential() {
    let source = r#"
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  affine.for %k = 0 to 8 {
    affine.store %one, %A[%k] : memref<8xf32>
  }
  %x = affine.vector_load %A[0] : memref<8xf32>, vector<4xf32>
  %s = affine.for %i = 0 to 2 iter_args(%acc = %x) -> (vector<4xf32>) {
    %y = arith.addf %acc, %x : vector<4xf32>
    affine.yield %y : vector<4xf32>
  }
  vector.print %s : vector<4xf32>
  return
}
"#;
    let printed = same_output_after(source, "affine-parallelize{parallel-reductions}");
    assert!(printed.contains("iter_args"), "{printed}");
}

/// Generic printing recorded the aliases of nested regions once per
/// enclosing generic op: time doubled with every level.
#[test]
fn deep_nests_print_in_generic_form_and_round_trip() {
    let depth = 60;
    let mut source = String::from("func.func @f() {\n");
    for k in 0..depth {
        source.push_str(&format!("affine.for %i{k} = 0 to 2 {{\n"));
    }
    source.push_str(&"}\n".repeat(depth));
    source.push_str("return\n}\n");
    let module = parse_and_verify("t.mlir", &source).expect("valid");
    let generic = print_module(
        &module,
        &PrintOptions {
            generic: true,
            ..PrintOptions::default()
        },
    );
    let again = parse_and_verify("g.mlir", &generic).expect("generic form parses");
    assert_eq!(
        print_module(
            &again,
            &PrintOptions {
                generic: true,
                ..PrintOptions::default()
            }
        ),
        generic
    );
}

/// `i64::MIN` in a map prints in a form both tessera and mlir-opt parse.
#[test]
fn the_smallest_bound_round_trips_in_generic_form() {
    let source =
        "func.func @f() {\n  affine.for %i = -9223372036854775808 to 7 {\n  }\n  return\n}\n";
    let module = parse_and_verify("t.mlir", source).expect("valid");
    let generic = print_module(
        &module,
        &PrintOptions {
            generic: true,
            ..PrintOptions::default()
        },
    );
    assert!(generic.contains("-9223372036854775807 - 1"), "{generic}");
    let again = parse_and_verify("g.mlir", &generic).expect("generic form parses");
    assert_eq!(
        print_module(&again, &PrintOptions::default()),
        print_module(&module, &PrintOptions::default())
    );
}
