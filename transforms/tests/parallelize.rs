//! `--affine-parallelize`: on random nests every converted loop is parallel
//! by brute force and every loop left alone carries a dependence (or holds
//! something the analysis cannot see); on the kernel corpus the output is
//! byte-identical to mlir-opt 19's and accepted by it.

mod common;

use common::nestgen::{loop_carries, Nest, Rng};
use tessera_ir::{parse_module, print_module, PrintOptions};
use tessera_transforms::passes::affine_parallelize;

#[test]
fn converted_loops_are_exactly_the_parallel_ones() {
    let mut rng = Rng(0x5eed_000b);
    let (mut loops, mut converted) = (0, 0);
    for case in 0..300 {
        let nest = Nest::random(&mut rng, 5);
        let source = nest.to_mlir("kernel");
        let mut module = parse_module("nest.mlir", &source).expect("generated nests parse");
        let for_ops: Vec<_> = module
            .walk()
            .into_iter()
            .filter(|&o| module.ops[o].name == "affine.for")
            .collect();
        let accesses = nest.accesses();
        let instances = nest.execute();
        let report = affine_parallelize(&mut module, usize::MAX, false);
        for (k, op) in for_ops.iter().enumerate() {
            loops += 1;
            let was_converted = report.parallelized.contains(op);
            converted += usize::from(was_converted);
            assert_eq!(
                was_converted,
                !loop_carries(&instances, &accesses, k),
                "case {case}: loop {k}: {report:?}\n{source}"
            );
        }
        // The result still parses.
        let printed = print_module(&module, &PrintOptions::default());
        parse_module("out.mlir", &printed)
            .unwrap_or_else(|e| panic!("case {case}: {e}\n{printed}"));
    }
    eprintln!("{loops} loops: {converted} parallelized, each confirmed parallel by brute force");
}

#[test]
fn corpus_output_equals_mlir_opt() {
    let Some(mlir_opt) = common::mlir::find_mlir_opt() else {
        eprintln!("SKIPPED: mlir-opt 19 not found (install mlir-19-tools or set MLIR_OPT)");
        return;
    };
    let mut compared = 0;
    for (name, text) in common::corpus() {
        let Ok(mut module) = parse_module(&name, &text) else {
            continue;
        };
        let (theirs, _, ok) = common::mlir::run(
            &mlir_opt,
            &name,
            &text,
            &["--allow-unregistered-dialect", "--affine-parallelize"],
        );
        if !ok {
            continue;
        }
        // In a function of several blocks tessera takes the accesses as
        // unknown and parallelizes nothing (conservative; mlir-opt
        // parallelizes the loops of such functions).
        let cfg_function = module.walk().into_iter().any(|o| {
            module.ops[o]
                .regions
                .iter()
                .any(|&r| module.regions[r].blocks.len() > 1)
        });
        // Two `memref.get_global`s of one global are one memory: mlir-opt
        // tells them apart by SSA value and parallelizes a loop carrying a
        // dependence through them (wrong; tessera keeps it serial:
        // tests/lit/memref-global-dependence.mlir).
        let mut globals = std::collections::HashSet::new();
        let aliased_global = module.walk().into_iter().any(|o| {
            module.ops[o].name == "memref.get_global"
                && !globals.insert(format!("{:?}", module.ops[o].attr("name")))
        });
        if cfg_function || aliased_global {
            continue;
        }
        affine_parallelize(&mut module, usize::MAX, false);
        let ours = print_module(&module, &PrintOptions::default());
        assert_eq!(
            ours, theirs,
            "{name}: tessera's --affine-parallelize output differs from mlir-opt's"
        );
        // With reductions.
        let (theirs_red, _, ok_red) = common::mlir::run(
            &mlir_opt,
            &name,
            &text,
            &[
                "--allow-unregistered-dialect",
                "--affine-parallelize=parallel-reductions",
            ],
        );
        let mut with_reductions = parse_module(&name, &text).expect("parsed once already");
        affine_parallelize(&mut with_reductions, usize::MAX, true);
        let ours_red = print_module(&with_reductions, &PrintOptions::default());
        if ok_red {
            assert_eq!(
                ours_red, theirs_red,
                "{name}: parallel-reductions output differs from mlir-opt's"
            );
        }
        let (_, err, ok) = common::mlir::run(
            &mlir_opt,
            &format!("par-{name}"),
            &ours,
            &[
                "--allow-unregistered-dialect",
                "--verify-each",
                "-o",
                "/dev/null",
            ],
        );
        assert!(ok, "{name}: mlir-opt rejects tessera's output: {err}");
        compared += 1;
    }
    eprintln!("{compared} corpus files: --affine-parallelize output byte-identical to mlir-opt's");
    assert!(compared >= 10, "too few corpus files compared ({compared})");
}
