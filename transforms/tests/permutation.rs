//! `--test-loop-permutation`: on the corpus, every band tessera permutes
//! prints exactly as mlir-opt 19 prints it and runs to the same output in
//! the interpreter; every band it leaves alone comes with the reason
//! (a dependence that would be reversed, a non-rectangular band,
//! iter_args, or an effect the analysis cannot see) — mlir-opt permutes
//! some of those anyway, including the illegal seidel2d ones.

mod common;

use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_module, print_module, Module, PrintOptions};
use tessera_transforms::passes::test_loop_permutation;

const PERMUTATIONS: &[&[usize]] = &[&[1, 0], &[2, 0, 1], &[1, 2, 0], &[0, 2, 1], &[2, 1, 0]];

fn run_main(module: &Module) -> Option<String> {
    module.function("main")?;
    let mut it = Interpreter::new(module);
    it.call("main", &[]).ok()?;
    Some(it.output().to_string())
}

#[test]
fn permuted_bands_match_mlir_opt_and_run_the_same() {
    let mlir_opt = common::mlir::find_mlir_opt();
    if mlir_opt.is_none() {
        eprintln!("SKIPPED (mlir-opt part): mlir-opt 19 not found (install mlir-19-tools or set MLIR_OPT)");
    }
    let (mut permuted, mut refused, mut identical, mut ran) = (0, 0, 0, 0);
    for (name, text) in common::corpus() {
        let Ok(original) = parse_module(&name, &text) else {
            continue;
        };
        let before = run_main(&original);
        for perm in PERMUTATIONS {
            let mut module = parse_module(&name, &text).expect("parsed once already");
            let remarks = test_loop_permutation(&mut module, perm);
            let any_refused = remarks.iter().any(|r| r.message.contains("not permuted"));
            permuted += remarks
                .iter()
                .filter(|r| r.message.contains("band permuted"))
                .count();
            refused += remarks
                .iter()
                .filter(|r| r.message.contains("not permuted"))
                .count();
            let ours = print_module(&module, &PrintOptions::default());
            // The result still parses, and runs to the same output.
            parse_module("out.mlir", &ours)
                .unwrap_or_else(|e| panic!("{name} {perm:?}: {e}\n{ours}"));
            if let Some(before) = &before {
                let after = run_main(&module).unwrap_or_else(|| {
                    panic!("{name} {perm:?}: the permuted program fails to run")
                });
                assert_eq!(&after, before, "{name} {perm:?}: output changed");
                ran += 1;
            }
            let Some(mlir_opt) = &mlir_opt else { continue };
            let spec = format!(
                "--test-loop-permutation=permutation-map={}",
                perm.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let (theirs, _, ok) = common::mlir::run(
                mlir_opt,
                &name,
                &text,
                &["--allow-unregistered-dialect", &spec],
            );
            if !ok {
                continue;
            }
            if ours == theirs {
                identical += 1;
            } else {
                assert!(any_refused, "{name} {perm:?}: output differs from mlir-opt's without a refusal\n{ours}\n{theirs}");
            }
        }
    }
    eprintln!(
        "{permuted} bands permuted, {refused} refused with a reason; {identical} outputs identical to mlir-opt's; \
         {ran} runs after the pass printed the original output"
    );
    assert!(permuted >= 10, "too few bands permuted ({permuted})");
}

/// The issue's stencil: `A[i][j] = A[i-1][j+1]` cannot be interchanged,
/// and the refusal names the dependence and a pair of iterations.
#[test]
fn illegal_interchange_is_refused_with_the_dependence() {
    let source = r#"
func.func @stencil(%A: memref<100x100xf32>) {
  affine.for %i = 1 to 100 {
    affine.for %j = 0 to 99 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<100x100xf32>
      affine.store %v, %A[%i, %j] : memref<100x100xf32>
    }
  }
  return
}
"#;
    let mut module = parse_module("stencil.mlir", source).expect("valid");
    let before = print_module(&module, &PrintOptions::default());
    let remarks = test_loop_permutation(&mut module, &[1, 0]);
    assert_eq!(
        print_module(&module, &PrintOptions::default()),
        before,
        "the nest must not change"
    );
    let [remark] = remarks.as_slice() else {
        panic!("one band: {remarks:?}")
    };
    assert!(
        remark.message.contains("the dependence from access 1 to access 0 would be reversed (iterations [1, 1] -> [2, 0])"),
        "{}",
        remark.message
    );
}

/// `--affine-loop-interchange` on the corpus: the output is accepted by
/// mlir-opt, runs to the same output in the interpreter, and matmul gets
/// the i-k-j order (stride-1 and invariant accesses innermost).
#[test]
fn interchange_preserves_results_and_picks_ikj_for_matmul() {
    use tessera_transforms::passes::affine_loop_interchange;
    let mlir_opt = common::mlir::find_mlir_opt();
    let mut changed = 0;
    for (name, text) in common::corpus() {
        let Ok(mut module) = parse_module(&name, &text) else {
            continue;
        };
        let before = run_main(&module);
        let remarks = affine_loop_interchange(&mut module);
        changed += remarks
            .iter()
            .filter(|r| r.message.contains("permuted"))
            .count();
        let ours = print_module(&module, &PrintOptions::default());
        if let Some(before) = &before {
            assert_eq!(
                run_main(&module).as_ref(),
                Some(before),
                "{name}: output changed"
            );
        }
        if let Some(mlir_opt) = &mlir_opt {
            let (_, err, ok) = common::mlir::run(
                mlir_opt,
                &format!("ic-{name}"),
                &ours,
                &[
                    "--allow-unregistered-dialect",
                    "--verify-each",
                    "-o",
                    "/dev/null",
                ],
            );
            assert!(
                ok,
                "{name}: mlir-opt rejects the interchanged program: {err}"
            );
        }
        if name == "matmul.mlir" {
            assert!(
                ours.contains("affine.load %arg1[%arg4, %arg5]"),
                "matmul not in i-k-j order:\n{ours}"
            );
        }
    }
    eprintln!("{changed} bands reordered for locality on the corpus, results unchanged");
    assert!(changed >= 1);
}
