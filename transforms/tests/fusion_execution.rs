//! Fusion preserves semantics: every program of the fusion corpus and
//! thousands of random nest sequences (`fusion_common::gen`) run in the
//! interpreter before and after `--affine-loop-fusion` with a spread of
//! options, and must print the same, bit for bit (fusion reorders and
//! recomputes but never reassociates). The fused module must verify and
//! print to text that parses back. Counts of fusions show the check is not
//! vacuous. The IR corpus (every op kind the parser knows) goes through the
//! pass too: no panic, verified output, same printout.

mod common;
mod fusion_common;

use fusion_common::gen::{random_program, Rng};
use fusion_common::{corpus, fuse_and_compare, options};

/// Option strings checked, as mlir-opt spells them.
const CONFIGS: &[&str] = &[
    "",
    "fusion-maximal",
    "mode=producer",
    "mode=sibling",
    "mode=producer fusion-maximal",
    "mode=sibling fusion-maximal",
    "fusion-compute-tolerance=2.0",
];

#[test]
fn corpus_programs_print_the_same_after_fusion() {
    let mut fused_any = 0;
    for (name, text) in corpus() {
        for config in CONFIGS {
            match fuse_and_compare(&text, &options(config)) {
                Ok(f) => {
                    eprintln!("{name} [{config}]: {} -> {} nests", f.nests.0, f.nests.1);
                    if f.nests.1 < f.nests.0 {
                        fused_any += 1;
                    }
                }
                Err(e) => panic!("{name} with '{config}': {e}"),
            }
        }
    }
    assert!(
        fused_any >= 20,
        "only {fused_any} corpus runs fused anything"
    );
}

#[test]
fn random_nest_sequences_print_the_same_after_fusion() {
    let mut rng = Rng(0xf05e_0007);
    let (mut cases, mut fused, mut removed) = (0, 0, 0);
    let start = std::time::Instant::now();
    for k in 0..std::env::var("FUSION_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
    {
        let text = random_program(&mut rng);
        for config in CONFIGS {
            match fuse_and_compare(&text, &options(config)) {
                Ok(f) => {
                    fused += f
                        .remarks
                        .iter()
                        .filter(|r| r.message.contains(" fused the "))
                        .count();
                    removed += f.nests.0 - f.nests.1;
                }
                Err(e) => panic!("program {k} with '{config}': {e}\n--- input:\n{text}"),
            }
            cases += 1;
        }
    }
    eprintln!(
        "{cases} (program, options) cases identical; {fused} fusions, {removed} nests removed, {:?}",
        start.elapsed()
    );
    assert!(
        fused >= 200,
        "only {fused} fusions: the check proves little"
    );
}

/// The IR corpus (every op kind the parser knows: generic ops, `scf`,
/// vectors, `affine.parallel`, calls): fusion never panics, its output
/// verifies, and programs with an `@main` print the same.
#[test]
fn ir_corpus_survives_fusion() {
    let mut ran = 0;
    for (name, text) in common::corpus() {
        let Ok(module) = tessera_ir::parse_and_verify(&name, &text) else {
            continue;
        };
        for config in CONFIGS {
            let mut fused = module.clone();
            let _ = tessera_transforms::passes::affine_loop_fusion(&mut fused, &options(config));
            let printed = tessera_ir::print_module(&fused, &tessera_ir::PrintOptions::default());
            tessera_ir::parse_and_verify("fused.mlir", &printed)
                .unwrap_or_else(|d| panic!("{name} [{config}]: {d}\n{printed}"));
            if module.function("main").is_some() {
                if let Ok(before) = fusion_common::run_main(&module) {
                    let after = fusion_common::run_main(&fused);
                    assert_eq!(
                        after.as_deref(),
                        Ok(before.as_str()),
                        "{name} [{config}]\n{printed}"
                    );
                    ran += 1;
                }
            }
        }
    }
    assert!(ran >= 50, "only {ran} runs");
}
