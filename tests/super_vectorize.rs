//! `--affine-super-vectorize` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every `.mlir` file (or `-split-input-file` chunk) of
//!   the corpora prints as mlir-opt's `--affine-super-vectorize` prints
//!   it, at vector sizes 4 and 8, with and without
//!   `vectorize-reductions`, and with two and three vector dimensions
//!   (`4,8`, `2,2,4`) — except where mlir-opt is wrong, and there
//!   tessera either leaves the loop alone for a reason it states (a stride
//!   or step other than one, which mlir-opt reads as contiguous lanes) or
//!   splits off a scalar remainder loop (where mlir-opt's lanes run past
//!   the iteration space).
//! - `tests/lit/affine-super-vectorize-exact.mlir`: mlir-opt's output of
//!   each case, run by `mlir-cpu-runner`, prints something else than the
//!   program; tessera's prints the same.
//! - `tests/lit/affine-super-vectorize-2d-exact.mlir`: with two vector
//!   dimensions, mlir-opt's output of each case fails its own verifier
//!   or prints something else; tessera's prints the same everywhere.
//! - Random kernels (`random_kernel_ext`) vectorized at random sizes run
//!   the same in the interpreter, and where mlir-opt's output differs it
//!   is for one of the reasons above.
//! - By execution: every suite kernel (MINI) and corpus `@main` prints
//!   the same before and after in the interpreter, the C back end and
//!   `mlir-cpu-runner`.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random kernel generator shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::collections::HashSet;
use std::path::Path;

use gen::kernelgen::random_kernel_ext;
use gen::rng::Rng;
use pass_checks::{
    chunks, corpus_chunks, interpret, judges, programs, quick, runs_the_same,
    same_but_float_spelling,
};
use tessera::backend::compile;
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

const EXACT: &str = "tests/lit/affine-super-vectorize-exact.mlir";
const EXACT_2D: &str = "tests/lit/affine-super-vectorize-2d-exact.mlir";

/// The option sets compared with mlir-opt.
const OPTIONS: &[&str] = &[
    "virtual-vector-size=4",
    "virtual-vector-size=8 vectorize-reductions",
    "virtual-vector-size=4,8",
    "virtual-vector-size=2,2,4",
];

/// The option sets the programs run under (one per vector rank).
const RUN_OPTIONS: &[&str] = &[
    "virtual-vector-size=4",
    "virtual-vector-size=8 vectorize-reductions",
    "virtual-vector-size=4,8",
];

/// Runs the pass; its remarks (why loops were left alone) are returned.
fn vectorize(m: &mut Module, options: &str) -> Vec<String> {
    let pass = PassInvocation::with_options("affine-super-vectorize", options).expect("pass");
    match run_pass(m, &pass) {
        Ok(remarks) => remarks.into_iter().map(|r| r.message).collect(),
        Err(e) => panic!("{}: {}", m.file, e.message),
    }
}

/// Why tessera's output may differ from mlir-opt's: a loop left alone
/// because mlir-opt would read or write the wrong elements (a stride or
/// step other than one, a dependence with a witness that mlir-opt misses
/// through aliased views, lanes past a max/min bound, a float sum that
/// would round differently), a scalar
/// remainder loop where mlir-opt runs lanes past the iteration space, or
/// the broadcasts mlir-opt leaves unused after a failed attempt (its
/// output without them prints as tessera's).
fn explained(remarks: &[String], ours: &str, theirs: &str) -> bool {
    let mlir_is_wrong = remarks.iter().any(|r| {
        r.contains("does not advance by one element")
            || r.contains("its step is")
            || r.contains("scalar remainder loop")
            || r.contains("is below the vector size")
            || r.contains("cannot be split into whole vectors")
            || r.contains("carried by the loop (iterations")
            || r.contains("would round differently")
            || r.contains("scalar remainders are made for one vector dimension only")
    });
    mlir_is_wrong || without_dead_broadcasts(theirs).as_deref() == Some(ours)
}

/// `text` reprinted without its unused `vector.broadcast` ops.
fn without_dead_broadcasts(text: &str) -> Option<String> {
    let mut m = parse_and_verify("mlir-opt output", text).ok()?;
    let used: HashSet<_> = m
        .walk()
        .into_iter()
        .flat_map(|o| m.ops[o].operands.clone())
        .collect();
    let dead: Vec<_> = m
        .walk()
        .into_iter()
        .filter(|&o| m.ops[o].name == "vector.broadcast" && !used.contains(&m.ops[o].results[0]))
        .collect();
    for o in dead {
        m.erase_op(o);
    }
    Some(print_module(&m, &PrintOptions::default()))
}

#[test]
fn vectorize_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-super-vectorize against mlir-opt");
        return;
    };
    let (mut compared, mut changed, mut differ) = (0, 0, 0);
    for options in OPTIONS {
        let flag = format!("--affine-super-vectorize={options}");
        let flags = [flag.as_str(), "--allow-unregistered-dialect"];
        for (name, text) in corpus_chunks() {
            if name.starts_with(EXACT) || name.starts_with(EXACT_2D) {
                continue; // below
            }
            let Ok(mut m) = parse_and_verify(&name, &text) else {
                continue; // an input tessera rejects (invalid on purpose)
            };
            let (ok, expected, _) = common::run_tool(&opt, &flags, &text);
            if !ok {
                continue;
            }
            let remarks = vectorize(&mut m, options);
            let got = print_module(&m, &PrintOptions::default());
            compared += 1;
            if same_but_float_spelling(&expected, &got).is_ok() {
                let (_, unchanged, _) =
                    common::run_tool(&opt, &["--allow-unregistered-dialect"], &text);
                changed += usize::from(unchanged != expected);
                continue;
            }
            differ += 1;
            assert!(
                explained(&remarks, &got, &expected),
                "{name} ({options}): differs from mlir-opt:\n--- mlir-opt:\n{expected}\n--- tessera:\n{got}\n--- remarks: {remarks:?}"
            );
        }
    }
    println!(
        "{compared} inputs: {} as mlir-opt prints them ({changed} changed by the pass), {differ} where tessera keeps a remainder or leaves a loop mlir-opt mis-vectorizes",
        compared - differ
    );
    assert!(compared >= 300, "only {compared} compared");
    assert!(changed >= 20, "only {changed} changed");
}

#[test]
fn where_tessera_differs_mlir_opt_is_wrong() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("the exact vectorization cases against mlir-opt");
        return;
    };
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(EXACT)).expect("read");
    let cases = chunks(&text);
    assert!(cases.len() >= 5, "only {} cases", cases.len());
    for (k, chunk) in cases.iter().enumerate() {
        let original = parse_and_verify(EXACT, chunk).expect("parses");
        let expected = interpret(&original);
        let mut m = original.clone();
        vectorize(&mut m, "virtual-vector-size=8 vectorize-reductions");
        let ours = print_module(&m, &PrintOptions::default());
        assert_eq!(interpret(&m), expected, "chunk {k}: tessera's result");
        let (ok, theirs, err) = common::run_tool(
            &opt,
            &["--affine-super-vectorize=virtual-vector-size=8 vectorize-reductions"],
            chunk,
        );
        assert!(ok, "{err}");
        assert_ne!(ours, theirs, "chunk {k}: no difference left to show");
        if let Some(run) = common::mlir_run_main(&theirs) {
            assert_ne!(
                run,
                common::mask_addresses(&expected),
                "chunk {k}: mlir-opt's output prints what the program prints"
            );
        }
        if let Some(run) = common::mlir_run_main(&ours) {
            assert_eq!(
                run,
                common::mask_addresses(&expected),
                "chunk {k}: tessera's"
            );
        }
    }
}

#[test]
fn where_tessera_vectorizes_two_dimensions_mlir_opt_fails_or_is_wrong() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("the exact 2-D vectorization cases against mlir-opt");
        return;
    };
    let judges = judges("the exact 2-D vectorization cases");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(EXACT_2D))
        .expect("read");
    let cases = chunks(&text);
    assert!(cases.len() >= 4, "only {} cases", cases.len());
    let options = "virtual-vector-size=4,8";
    let (mut rejected, mut wrong) = (0, 0);
    for (k, chunk) in cases.iter().enumerate() {
        let original = parse_and_verify(EXACT_2D, chunk).expect("parses");
        let expected = interpret(&original);
        let mut m = original.clone();
        vectorize(&mut m, options);
        runs_the_same(
            &m,
            &expected,
            &judges,
            &format!("chunk {k}: tessera's result"),
        );
        let ours = print_module(&m, &PrintOptions::default());
        let flag = format!("--affine-super-vectorize={options}");
        let (ok, theirs, err) = common::run_tool(&opt, &[flag.as_str()], chunk);
        if !ok {
            assert!(err.contains("error"), "chunk {k}: {err}");
            rejected += 1;
            continue;
        }
        assert_ne!(ours, theirs, "chunk {k}: no difference left to show");
        let run = common::mlir_run_main(&theirs).expect("tools");
        assert_ne!(
            run,
            common::mask_addresses(&expected),
            "chunk {k}: mlir-opt's output prints what the program prints"
        );
        wrong += 1;
    }
    println!("{rejected} cases where mlir-opt's output does not verify, {wrong} where it prints something else");
}

#[test]
fn random_kernels_run_the_same_and_as_mlir_opt_or_it_is_wrong() {
    let opt = common::mlir_opt();
    if opt.is_none() {
        common::skipped("affine-super-vectorize on random kernels against mlir-opt");
    }
    let cases: u64 = std::env::var("TESSERA_VECTORIZE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let (mut same, mut changed, mut differ, mut mlir_fails) = (0, 0, 0, 0);
    for k in 0..cases {
        let mut rng = Rng(0x7ec7_0a11_u64.wrapping_mul(k + 1).wrapping_add(k));
        let text = random_kernel_ext(&mut rng);
        let size = [2, 3, 4, 8][(k % 4) as usize];
        let options = if k % 3 == 2 {
            format!("virtual-vector-size={},{size}", [2, 4][(k % 2) as usize])
        } else if k % 2 == 0 {
            format!("virtual-vector-size={size} vectorize-reductions")
        } else {
            format!("virtual-vector-size={size}")
        };
        let name = format!("random kernel {k} ({options})");
        let original = parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        let remarks = vectorize(&mut m, &options);
        let ours = print_module(&m, &PrintOptions::default());
        assert_eq!(
            interpret(&m),
            expected,
            "{name}: tessera's result\n{text}\n{ours}"
        );
        changed += usize::from(ours != print_module(&original, &PrintOptions::default()));
        let Some(opt) = &opt else { continue };
        let flag = format!("--affine-super-vectorize={options}");
        let (ok, theirs, _) = common::run_tool(opt, &[flag.as_str()], &text);
        if !ok {
            // mlir-opt makes IR its verifier rejects (a transfer_write
            // broadcast along the loop).
            mlir_fails += 1;
        } else if same_but_float_spelling(&theirs, &ours).is_ok() {
            same += 1;
        } else {
            differ += 1;
            assert!(
                explained(&remarks, &ours, &theirs),
                "{name}: differs from mlir-opt:\n{text}\n--- mlir-opt:\n{theirs}\n--- tessera:\n{ours}\n--- remarks: {remarks:?}"
            );
        }
    }
    println!(
        "{cases} random kernels: {changed} vectorized, {same} as mlir-opt prints them, {differ} where tessera keeps a remainder or leaves a loop mlir-opt mis-vectorizes, {mlir_fails} where mlir-opt's output does not verify"
    );
    assert!(changed >= cases as usize / 5, "only {changed} changed");
}

#[test]
fn programs_print_the_same_after_vectorizing_everywhere() {
    let judges = judges("vectorized kernels");
    let programs = programs(corpus_chunks());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = interpret(&original);
        for options in RUN_OPTIONS {
            let mut m = original.clone();
            vectorize(&mut m, options);
            let context = format!("{name} ({options})");
            runs_the_same(&m, &expected, &judges, &context);
            if judges.cc {
                // Without run-time checks the C back end moves whole rows
                // of lanes (its fast path).
                let mut unchecked = quick();
                unchecked.emit.checks = false;
                let lib = compile(&m, &unchecked).unwrap_or_else(|e| panic!("{context}: {e}"));
                let main = lib
                    .kernel("main")
                    .unwrap_or_else(|e| panic!("{context}: {e}"));
                // SAFETY: the same module just ran to completion in the
                // interpreter and in the checked C build, which check every
                // subscript and every use of memory, and `@main` takes no
                // arguments.
                let got = unsafe { main.call_unchecked(&mut []) }
                    .unwrap_or_else(|e| panic!("{context}: {e}"));
                assert_eq!(got.output, expected, "{context}: C back end without checks");
            }
        }
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
}
