//! Fused multiply-add: `--math-uplift-to-fma` judged by mlir-opt 19, and
//! the contraction of `--emit=c --fp-contract` judged by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file of the test corpora, through tessera's `--math-uplift-to-fma`
//!   and mlir-opt's, prints identically (but for a float constant's
//!   spelling) — functions of several blocks included, whose regions
//!   MLIR's greedy driver simplifies at its `aggressive` level.
//! - By execution: every suite kernel (MINI) and corpus `@main` with all
//!   its multiply-adds contracted into `math.fma` prints the same in the
//!   interpreter, the C back end and mlir-cpu-runner — one rounding in
//!   each — and the kernels that multiply and add do get fused.

#[path = "../ir/tests/common/mod.rs"]
mod common;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use pass_checks::{corpus, interpret, judges, programs, runs_the_same, same_but_float_spelling};
use tessera::backend::{emit_c, EmitOptions};
use tessera::ir::{parse_and_verify, print_module, PrintOptions};
use tessera::transforms::passes::{contract_multiply_adds, math_uplift_to_fma};

#[test]
fn uplift_is_mlir_opts_byte_for_byte() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("math-uplift-to-fma against mlir-opt");
        return;
    };
    let mut compared = 0;
    let mut fused = 0;
    for (name, text) in corpus() {
        if text.contains("MLIR-OPT-WRONG") {
            continue;
        }
        let Ok(original) = parse_and_verify(&name, &text) else {
            continue;
        };
        let (ok, expected, _) = common::run_tool(&opt, &["--math-uplift-to-fma"], &text);
        if !ok {
            continue;
        }
        let mut m = original.clone();
        math_uplift_to_fma(&mut m);
        let got = print_module(&m, &PrintOptions::default());
        if let Err(d) = same_but_float_spelling(&expected, &got) {
            panic!("{name}: differs from mlir-opt:\n{d}");
        }
        compared += 1;
        fused += usize::from(got.contains("math.fma"));
    }
    println!("{compared} files as mlir-opt prints them, {fused} with a math.fma");
    assert!(compared >= 100, "only {compared} compared");
    assert!(fused >= 1, "no file had a multiply-add to fuse");
}

#[test]
fn contracted_programs_run_the_same_in_every_executor() {
    let judges = judges("contracted programs");
    let programs = programs(corpus());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let mut fused_kernels = Vec::new();
    for (name, text) in &programs {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut m = original.clone();
        contract_multiply_adds(&mut m);
        let printed = print_module(&m, &PrintOptions::default());
        let m = parse_and_verify(name, &printed).unwrap_or_else(|e| panic!("{name}: {e}"));
        if printed.contains("math.fma") {
            fused_kernels.push(name.as_str());
        }
        let expected = interpret(&m);
        runs_the_same(&m, &expected, &judges, &format!("{name} contracted"));
    }
    for kernel in ["gemm", "conv2d_nchw", "ir/tests/corpus/math_fma.mlir"] {
        assert!(
            fused_kernels.contains(&kernel),
            "{kernel}: {fused_kernels:?}"
        );
    }
}

/// The fused result really is one rounding: `(1 + 2^-27)^2 - 1` is
/// `2^-26 + 2^-54` exactly, which the product rounded to a double loses.
#[test]
fn a_contracted_multiply_add_rounds_once() {
    let text = "func.func @main() {\n  %a = arith.constant 1.0000000074505806 : f64\n  %m = arith.constant -1.0 : f64\n  %p = arith.mulf %a, %a : f64\n  %s = arith.addf %p, %m : f64\n  %b = arith.bitcast %s : f64 to i64\n  vector.print %b : i64\n  return\n}\n";
    let original = parse_and_verify("round.mlir", text).unwrap();
    assert_eq!(1.0000000074505806f64, 1.0 + 2f64.powi(-27));
    let mut m = original.clone();
    contract_multiply_adds(&mut m);
    let bits = |out: String| f64::from_bits(out.trim().parse::<i64>().expect("bits") as u64);
    let exact = 2f64.powi(-26) + 2f64.powi(-54);
    assert_eq!(bits(interpret(&m)), exact);
    assert_eq!(bits(interpret(&original)), 2f64.powi(-26));
}

#[test]
fn emit_c_with_fp_contract_calls_fma() {
    let spec = tessera::kernels::find("gemm").expect("kernel");
    let text = spec
        .generate(spec.default_elem(), &[8, 9, 10])
        .expect("kernel");
    let m = parse_and_verify("gemm.mlir", &text).unwrap();
    let plain = emit_c(&m, &EmitOptions::default()).unwrap();
    let fused = emit_c(
        &m,
        &EmitOptions {
            fp_contract: true,
            ..EmitOptions::default()
        },
    )
    .unwrap();
    assert!(!plain.contains("fma("), "{plain}");
    assert!(fused.contains(" = fma("), "{fused}");
    assert!(fused.contains("multiply-adds fused into fma calls: results not bit-exact"));
}
