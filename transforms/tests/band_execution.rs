//! Every band pass, with a spread of options, run on random kernels
//! (`common::kernelgen`) and on the corpus: the interpreter's output after
//! the pass must equal its output before, bit for bit (none of these
//! passes reassociates floating-point arithmetic), and the transformed
//! module must verify and print to text that parses back. Any mismatch
//! prints the input kernel, the pass and both outputs.

mod common;

use common::kernelgen::random_kernel;
use common::nestgen::Rng;
use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera_transforms::passes::run_pass;
use tessera_transforms::pipeline::{parse_pass_pipeline, PassInvocation};

/// The pass configurations checked, as `mlir-opt` flags.
pub const CONFIGS: &[&str] = &[
    "affine-loop-tile{tile-size=2}",
    "affine-loop-tile{tile-sizes=3,2,4}",
    "affine-loop-tile{tile-size=3 separate}",
    "affine-loop-tile{cache-size=1}",
    "affine-loop-unroll-jam{unroll-jam-factor=2}",
    "affine-loop-unroll-jam{unroll-jam-factor=3}",
    "affine-loop-unroll-jam",
    "affine-loop-normalize",
    "affine-loop-normalize{promote-single-iter}",
    "affine-loop-invariant-code-motion",
    "affine-loop-tile{tile-size=2},affine-loop-unroll{unroll-factor=2},affine-loop-normalize,affine-loop-invariant-code-motion",
    "affine-loop-interchange,affine-loop-unroll-jam{unroll-jam-factor=2},affine-loop-unroll",
    "affine-parallelize,affine-loop-tile{tile-size=2},affine-loop-unroll-jam{unroll-jam-factor=2}",
    "affine-parallelize{max-nested=1},affine-loop-unroll{unroll-factor=3},affine-loop-normalize",
    "tessera-optimize{l2-cache=1}",
    "tessera-optimize{l2-cache=1 unroll-jam-factor=2 parallel separate-tiles=false}",
    "affine-loop-unroll{unroll-factor=2}",
    "affine-loop-unroll{unroll-factor=3}",
    "affine-loop-unroll",
    "affine-loop-unroll{unroll-full}",
    "affine-loop-unroll{unroll-full unroll-full-threshold=3}",
    "affine-loop-unroll{unroll-factor=5 unroll-up-to-factor}",
    "affine-loop-unroll{unroll-factor=3 cleanup-unroll}",
    "affine-loop-unroll{unroll-factor=2 unroll-num-reps=2}",
];

fn run_main(module: &Module) -> Result<String, String> {
    let mut it = Interpreter::new(module);
    it.call("main", &[]).map_err(|d| d.to_string())?;
    Ok(it.output().to_string())
}

/// Runs `pipeline` on `text` and compares outputs; returns how many
/// remarks report a change (not a refusal); `Err` describes the failure.
pub fn check(text: &str, pipeline: &str) -> Result<usize, String> {
    let module = parse_and_verify("kernel.mlir", text).map_err(|d| format!("input: {d}"))?;
    let before = run_main(&module).map_err(|e| format!("original run failed: {e}"))?;
    let passes: Vec<PassInvocation> =
        parse_pass_pipeline(&format!("builtin.module(func.func({pipeline}))"))
            .map_err(|e| e.to_string())?;
    let mut transformed = module.clone();
    let mut changed = 0;
    for p in &passes {
        let remarks = run_pass(&mut transformed, p).map_err(|e| e.to_string())?;
        changed += remarks
            .iter()
            .filter(|r| !r.message.contains(" not "))
            .count();
    }
    let printed = print_module(&transformed, &PrintOptions::default());
    let reparsed = parse_and_verify("transformed.mlir", &printed)
        .map_err(|d| format!("output does not verify: {d}\n{printed}"))?;
    let after =
        run_main(&reparsed).map_err(|e| format!("transformed run failed: {e}\n{printed}"))?;
    if before != after {
        return Err(format!(
            "outputs differ\n--- transformed:\n{printed}\n--- before:\n{before}\n--- after:\n{after}"
        ));
    }
    Ok(changed)
}

#[test]
fn band_passes_preserve_random_kernels() {
    let mut rng = Rng(0x5eed_0006);
    let mut cases = 0;
    let mut changed = vec![0; CONFIGS.len()];
    for k in 0..400 {
        let text = random_kernel(&mut rng);
        for (c, config) in CONFIGS.iter().enumerate() {
            match check(&text, config) {
                Ok(n) => changed[c] += n,
                Err(e) => panic!("kernel {k}, pass {config}: {e}\n--- input:\n{text}"),
            }
            cases += 1;
        }
    }
    eprintln!("{cases} (kernel, pass) cases ran to identical output");
    for (config, n) in CONFIGS.iter().zip(&changed) {
        eprintln!("  {config}: {n} loops or bands transformed");
        assert!(
            *n >= 20,
            "{config} transformed only {n} loops: the check proves little"
        );
    }
}

/// The refusals matter: tiling a band the dependence check refused, by
/// force, changes what some kernels print — so the execution check above
/// would catch a legality check that said yes too often.
#[test]
fn forcing_refused_tilings_miscompiles_some_kernels() {
    use tessera_transforms::loops::outermost_loops;
    use tessera_transforms::passes::{perfectly_nested_loops, tile_band, why_not_tileable};
    let mut rng = Rng(0x0bad_711e);
    let (mut refused, mut wrong) = (0, 0);
    for _ in 0..300 {
        let text = random_kernel(&mut rng);
        let module = parse_and_verify("kernel.mlir", &text).expect("generated kernels verify");
        let before = run_main(&module).expect("generated kernels run");
        for outer in outermost_loops(&module) {
            let band = perfectly_nested_loops(&module, outer);
            let Some(why) = why_not_tileable(&module, &band) else {
                continue;
            };
            let rectangular = band.iter().all(|&l| {
                module.ops[l].results.is_empty()
                    && band.iter().all(|&o| {
                        let iv = tessera_transforms::loops::ForLoop::read(&module, o)
                            .map(|f| f.iv(&module));
                        !module.ops[l].operands.iter().any(|v| Some(*v) == iv)
                    })
            });
            if !why.contains("dependence") || !rectangular {
                continue;
            }
            refused += 1;
            let mut forced = module.clone();
            tile_band(&mut forced, &band, &vec![2; band.len()], false);
            if run_main(&forced).map_or(true, |after| after != before) {
                wrong += 1;
            }
        }
    }
    eprintln!("{refused} bands refused for a dependence; tiling {wrong} of them anyway changed the output");
    assert!(
        refused >= 10 && wrong * 4 >= refused,
        "{wrong} of {refused}"
    );
}

/// The same for unroll-and-jam: loops refused for a dependence, jammed by
/// force, print something else in a good share of kernels.
#[test]
fn forcing_refused_unroll_jams_miscompiles_some_kernels() {
    use tessera_transforms::loops::outermost_loops;
    use tessera_transforms::passes::{unroll_jam_unchecked, why_not_unroll_jammable};
    let mut rng = Rng(0x0bad_7a33);
    let (mut refused, mut wrong) = (0, 0);
    for _ in 0..300 {
        let text = random_kernel(&mut rng);
        let module = parse_and_verify("kernel.mlir", &text).expect("generated kernels verify");
        let before = run_main(&module).expect("generated kernels run");
        for outer in outermost_loops(&module) {
            let Some(why) = why_not_unroll_jammable(&module, outer, 2) else {
                continue;
            };
            if !why.contains("reversed") {
                continue;
            }
            let mut forced = module.clone();
            if unroll_jam_unchecked(&mut forced, outer, 2).is_err() {
                continue;
            }
            refused += 1;
            if run_main(&forced).map_or(true, |after| after != before) {
                wrong += 1;
            }
        }
    }
    eprintln!("{refused} loops refused for a dependence; unroll-jamming {wrong} of them anyway changed the output");
    assert!(
        refused >= 10 && wrong * 4 >= refused,
        "{wrong} of {refused}"
    );
}
