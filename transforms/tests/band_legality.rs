//! Illegal band transformations are refused with the dependence that
//! forbids them and a witness pair of iterations; legal ones go through.

use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera_transforms::passes::run_pass;
use tessera_transforms::pipeline::parse_pass_pipeline;

/// `A[i][j] = A[i-1][j+1]`: distance (1, -1), so interchange and
/// rectangular tiling are illegal (they would need skewing).
const STENCIL: &str = r#"
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<10x10xf32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %a = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %b = arith.index_cast %a : index to i32
      %c = arith.sitofp %b : i32 to f32
      affine.store %c, %A[%i, %j] : memref<10x10xf32>
    }
  }
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 9 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<10x10xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<10x10xf32>
    }
  }
  %u = memref.cast %A : memref<10x10xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
"#;

/// A column-sum reduction `s[j] += A[i][j]`: unroll-and-jam of `i` is
/// legal (the carried dependence stays in one run of ops).
const REDUCTION: &str = r#"
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<12x8xf32>
  %s = memref.alloc() : memref<8xf32>
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 8 {
      %a = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1 * 3)>(%i, %j)
      %b = arith.index_cast %a : index to i32
      %c = arith.sitofp %b : i32 to f32
      affine.store %c, %A[%i, %j] : memref<12x8xf32>
      affine.store %z, %s[%j] : memref<8xf32>
    }
  }
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<12x8xf32>
      %t = affine.load %s[%j] : memref<8xf32>
      %n = arith.addf %t, %v : f32
      affine.store %n, %s[%j] : memref<8xf32>
    }
  }
  %u = memref.cast %s : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
"#;

fn run(module: &Module) -> String {
    let mut it = Interpreter::new(module);
    it.call("main", &[]).expect("runs");
    it.output().to_string()
}

/// Runs `pass` and returns its remarks about the loop at `line`.
fn remarks_at(source: &str, pass: &str, line: u32) -> (Module, Vec<String>) {
    let mut module = parse_and_verify("t.mlir", source).expect("valid");
    let mut out = Vec::new();
    for p in parse_pass_pipeline(&format!("builtin.module(func.func({pass}))")).expect("pipeline") {
        for r in run_pass(&mut module, &p).expect("pass runs") {
            if module.ops[r.op].loc.line == line {
                out.push(r.message);
            }
        }
    }
    (module, out)
}

#[test]
fn stencil_interchange_and_tiling_are_refused_with_the_dependence() {
    let original = parse_and_verify("t.mlir", STENCIL).expect("valid");
    for pass in [
        "affine-loop-tile{tile-size=2}",
        "test-loop-permutation{permutation-map=1,0}",
    ] {
        let (module, remarks) = remarks_at(STENCIL, pass, 13);
        let message = remarks.first().cloned().unwrap_or_default();
        assert!(
            message.contains("not") && message.contains("would be reversed"),
            "{pass}: {remarks:?}"
        );
        assert!(
            message.contains("[1, 1] -> [2, 0]") || message.contains("->"),
            "{pass} names no witness: {message}"
        );
        assert_eq!(run(&module), run(&original), "{pass} changed the program");
        // The stencil's loop is still the outermost loop at its place.
        let stencil = module
            .walk()
            .into_iter()
            .find(|&o| module.ops[o].name == "affine.for" && module.ops[o].loc.line == 13)
            .expect("the stencil loop");
        assert_eq!(
            module.ops[module.parent_op(stencil).expect("parent")].name,
            "func.func",
            "{pass} changed the stencil nest"
        );
    }
    // The interchange pass leaves it alone too (no legal better order).
    let (module, _) = remarks_at(STENCIL, "affine-loop-interchange", 13);
    assert_eq!(run(&module), run(&original));
}

#[test]
fn reduction_is_unroll_jammed_and_still_sums_right() {
    let original = parse_and_verify("t.mlir", REDUCTION).expect("valid");
    let (module, remarks) =
        remarks_at(REDUCTION, "affine-loop-unroll-jam{unroll-jam-factor=4}", 16);
    assert_eq!(
        remarks,
        vec!["affine-loop-unroll-jam: loop unroll-jammed by 4".to_string()]
    );
    let printed = print_module(&module, &PrintOptions::default());
    assert!(printed.contains("step 4"), "{printed}");
    assert_eq!(run(&module), run(&original));
}

#[test]
fn jamming_a_loop_whose_later_iteration_feeds_an_earlier_run_is_refused() {
    // for i { for j { B[j] = A[i][j] } ; for j { A[i+1][j] = B[j] } }:
    // copy i+1 of the first inner loop would read A[i+1] before copy i of
    // the second writes it.
    let source = r#"
func.func @f(%A: memref<10x8xf32>, %B: memref<8xf32>) {
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<10x8xf32>
      affine.store %v, %B[%j] : memref<8xf32>
    }
    affine.for %j = 0 to 8 {
      %w = affine.load %B[%j] : memref<8xf32>
      affine.store %w, %A[%i + 1, %j] : memref<10x8xf32>
    }
  }
  return
}
"#;
    let (_, remarks) = remarks_at(source, "affine-loop-unroll-jam{unroll-jam-factor=2}", 3);
    assert_eq!(remarks.len(), 1);
    assert!(
        remarks[0].contains("not unroll-jammed") && remarks[0].contains("reversed"),
        "{remarks:?}"
    );
}
