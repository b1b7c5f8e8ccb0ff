//! The interpreter against MLIR's own execution (`mlir-opt` lowering to
//! the LLVM dialect, then `mlir-cpu-runner`), and its run-time errors.

mod common;

use tessera_ir::interp::{Interpreter, RtValue};
use tessera_ir::{parse_and_verify, Type};

fn run_main(name: &str, src: &str) -> Result<String, String> {
    let m = parse_and_verify(name, src).map_err(|e| e.to_string())?;
    let mut it = Interpreter::new(&m);
    it.call("main", &[]).map_err(|e| e.to_string())?;
    Ok(it.output().to_string())
}

/// Tensor programs print what mlir-cpu-runner prints after mlir-opt's
/// one-shot bufferization.
#[test]
fn tensor_programs_print_what_mlir_cpu_runner_prints() {
    if common::mlir_opt()
        .and(common::mlir_cpu_runner())
        .and(common::runner_libs())
        .is_none()
    {
        common::skipped("tensor programs against mlir-cpu-runner");
        return;
    }
    let files = common::mlir_files("tensor");
    assert!(!files.is_empty(), "no tensor program");
    for (name, bytes) in files {
        let src = String::from_utf8(bytes).expect("utf-8");
        let expected = common::mlir_run_main(&src).expect("MLIR 19 tools");
        let ours = run_main(&name, &src).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            common::mask_addresses(&ours),
            expected,
            "{name}: output differs"
        );
    }
}

#[test]
fn kernels_print_what_mlir_cpu_runner_prints() {
    if common::mlir_opt()
        .and(common::mlir_cpu_runner())
        .and(common::runner_libs())
        .is_none()
    {
        common::skipped("interpreter against mlir-cpu-runner");
        return;
    }
    let mut compared = 0;
    for (name, bytes) in common::mlir_files("corpus") {
        let src = String::from_utf8(bytes).expect("utf-8");
        if !src.contains("func.func @main()") {
            continue;
        }
        let expected = common::mlir_run_main(&src).expect("MLIR 19 tools");
        let ours = run_main(&name, &src).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            common::mask_addresses(&ours),
            expected,
            "{name}: output differs"
        );
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} kernels compared");
}

fn run_error(body: &str) -> String {
    let src = format!("func.func @main() {{\n{body}  return\n}}\n");
    match run_main("t.mlir", &src) {
        Ok(out) => panic!("expected a run-time error, got output {out:?}"),
        Err(e) => e,
    }
}

#[test]
fn out_of_bounds_is_reported_at_the_access() {
    let e = run_error("  %A = memref.alloc() : memref<4xf32>\n  %c = arith.constant 1.0 : f32\n  affine.for %i = 0 to 5 {\n    affine.store %c, %A[%i] : memref<4xf32>\n  }\n");
    assert!(
        e.starts_with("t.mlir:5:5: error: out-of-bounds access: index 4"),
        "{e}"
    );
}

#[test]
fn uninitialised_reads_are_reported() {
    let e = run_error(
        "  %A = memref.alloc() : memref<4xf32>\n  %v = affine.load %A[2] : memref<4xf32>\n",
    );
    assert!(
        e.starts_with("t.mlir:3:8: error: read of uninitialised memory"),
        "{e}"
    );
}

#[test]
fn copying_uninitialised_memory_is_no_error_but_reading_the_copy_is() {
    // A load whose only use is the store after it moves the element as it
    // is (copy loops read whole boxes); a later read of the copy faults.
    let e = run_error(
        "  %A = memref.alloc() : memref<4xf32>\n  %B = memref.alloc() : memref<4xf32>\n  %v = affine.load %A[2] : memref<4xf32>\n  affine.store %v, %B[1] : memref<4xf32>\n  %w = affine.load %B[1] : memref<4xf32>\n  vector.print %w : f32\n",
    );
    assert!(
        e.starts_with("t.mlir:6:8: error: read of uninitialised memory"),
        "{e}"
    );
}

#[test]
fn division_by_zero_is_reported() {
    let e = run_error("  %a = arith.constant 7 : i32\n  %z = arith.constant 0 : i32\n  %q = arith.divsi %a, %z : i32\n");
    assert!(e.starts_with("t.mlir:4:8: error: division by zero"), "{e}");
}

#[test]
fn unknown_ops_fail_when_reached() {
    let e = run_error("  %x = \"test.op\"() : () -> i32\n");
    assert!(
        e.starts_with("t.mlir:2:8: error: operation 'test.op' cannot be interpreted"),
        "{e}"
    );
}

#[test]
fn use_after_dealloc_is_reported() {
    let e = run_error("  %A = memref.alloc() : memref<4xi32>\n  memref.dealloc %A : memref<4xi32>\n  %c = arith.constant 1 : i32\n  affine.store %c, %A[0] : memref<4xi32>\n");
    assert!(
        e.starts_with("t.mlir:5:3: error: access to a deallocated memref"),
        "{e}"
    );
}

#[test]
fn matmul_on_host_memrefs() {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/matmul.mlir"
    ))
    .expect("corpus");
    let m = parse_and_verify("matmul.mlir", &src).expect("parses");
    let mut it = Interpreter::new(&m);
    let a = it.alloc(&Type::F32, &[64, 64], 2.0).expect("alloc");
    let b = it.alloc(&Type::F32, &[64, 64], 0.5).expect("alloc");
    let c = it.alloc(&Type::F32, &[64, 64], 1.0).expect("alloc");
    it.call("matmul", &[a, b, c]).expect("runs");
    let out = it.read(c);
    assert_eq!(out.len(), 64 * 64);
    assert!(out.iter().all(|&x| x == 65.0));
    assert!(matches!(a, RtValue::MemRef(_)));
}
