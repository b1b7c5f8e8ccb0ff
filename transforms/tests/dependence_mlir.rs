//! `--test-memref-dependence-check` through the IR: random nests are
//! printed as MLIR, parsed by tessera-ir, analysed, and every remark is
//! compared with the brute-force oracle — which it must equal exactly — and
//! with mlir-opt 19's remark, which it must equal or improve on:
//!
//! - mlir-opt over-approximates: it reports some dependences that do not
//!   exist and some distance ranges wider than they are;
//! - mlir-opt constrains accesses in `else` blocks by the `then` condition
//!   and so misses or mis-measures their dependences.
//!
//! The counts of each are printed. Without mlir-opt only the oracle part
//! runs.

mod common;

use common::nestgen::{dependence, Nest, Rng};
use tessera_transforms::dependence::dependence_remarks;

/// The remark the oracle gives for one pair at one depth.
fn oracle_answer(truth: Option<Vec<(i64, i64)>>, depth: usize, common: usize) -> String {
    match truth {
        None => "false".to_string(),
        Some(_) if depth > common || common == 0 => "true".to_string(),
        Some(ranges) => ranges.iter().map(|(a, b)| format!("[{a}, {b}]")).collect(),
    }
}

#[test]
fn remarks_are_exact_and_at_least_as_precise_as_mlir_opt() {
    let mlir_opt = common::mlir::find_mlir_opt();
    if mlir_opt.is_none() {
        eprintln!("SKIPPED (mlir-opt part): mlir-opt 19 not found (install mlir-19-tools or set MLIR_OPT)");
    }
    let mut rng = Rng(0x5eed_0009);
    let (mut remarks, mut same, mut more_precise, mut else_fixed) = (0, 0, 0, 0);
    for case in 0..120 {
        let nest = Nest::random(&mut rng, 4);
        let source = nest.to_mlir("kernel");
        let module = tessera_ir::parse_module("nest.mlir", &source)
            .unwrap_or_else(|e| panic!("case {case}: {e}\n{source}"));
        let ours = dependence_remarks(&module);
        let accesses = nest.accesses();
        let instances = nest.execute();
        // The oracle's remarks in MLIR's order.
        let mut expected = Vec::new();
        for (i, src) in accesses.iter().enumerate() {
            for (j, dst) in accesses.iter().enumerate() {
                let common = src.common_loops(dst);
                for depth in 1..=common + 1 {
                    let truth = dependence(&instances, src, dst, depth);
                    expected.push(format!(
                        "dependence from {i} to {j} at depth {depth} = {}",
                        oracle_answer(truth, depth, common)
                    ));
                }
            }
        }
        let got: Vec<&str> = ours.iter().map(|r| r.message.as_str()).collect();
        assert_eq!(got, expected, "case {case}\n{source}");
        remarks += got.len();
        let Some(mlir_opt) = &mlir_opt else { continue };
        let (_, stderr, ok) = common::mlir::run(
            mlir_opt,
            "nest.mlir",
            &source,
            &["--test-memref-dependence-check", "-o", "/dev/null"],
        );
        assert!(ok, "{stderr}");
        let theirs: Vec<&str> = stderr
            .lines()
            .filter_map(|l| l.split("remark: ").nth(1))
            .collect();
        assert_eq!(theirs.len(), got.len(), "case {case}: remark counts differ");
        for (k, (a, b)) in got.iter().zip(&theirs).enumerate() {
            if a == b {
                same += 1;
                continue;
            }
            // Ours equals brute force, so mlir-opt is either imprecise (a
            // dependence that does not exist, or wider ranges) or wrong,
            // which it only is for accesses in else blocks.
            let words: Vec<&str> = a.split_whitespace().collect();
            let (i, j): (usize, usize) = (words[2].parse().unwrap(), words[4].parse().unwrap());
            if accesses[i].under_else || accesses[j].under_else {
                else_fixed += 1;
            } else {
                assert!(
                    !b.ends_with("= false"),
                    "case {case} remark {k}: tessera `{a}`, mlir-opt `{b}`\n{source}"
                );
                more_precise += 1;
            }
        }
    }
    eprintln!(
        "{remarks} remarks equal to brute force; against mlir-opt: {same} identical, {more_precise} more precise \
         (no dependence, or tighter ranges), {else_fixed} else-block dependences mlir-opt gets wrong"
    );
}
