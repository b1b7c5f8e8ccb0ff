//! The table of ops mlir-opt 19 registers (`syntax::REGISTERED_OPS`,
//! written by `scripts/registered-ops.py`) against mlir-opt itself: a
//! sample of the table's names, the same names with a suffix, and an
//! unknown name in every registered dialect are unknown to tessera exactly
//! when mlir-opt answers "unregistered operation ... that does not allow
//! unknown operations". Without `mlir-opt` 19 the comparison prints
//! `SKIPPED: ...`.

mod common;

use tessera_ir::syntax::{
    unknown_op_dialect, DIALECTS_ALLOWING_UNKNOWN_OPS, REGISTERED_DIALECTS, REGISTERED_OPS,
};

/// Every how many entries of the table one is asked of mlir-opt.
const SAMPLE_EVERY: usize = 17;

#[test]
fn table_is_sorted_and_of_registered_dialects() {
    assert!(REGISTERED_OPS.windows(2).all(|w| w[0] < w[1]));
    for op in REGISTERED_OPS {
        let dialect = op.split_once('.').map_or("", |(d, _)| d);
        assert!(REGISTERED_DIALECTS.contains(&dialect), "{op}");
        assert!(!DIALECTS_ALLOWING_UNKNOWN_OPS.contains(&dialect), "{op}");
        assert_eq!(unknown_op_dialect(op), None, "{op}");
    }
}

#[test]
fn unknown_ops_are_mlir_opts() {
    let Some(mlir_opt) = common::mlir_opt() else {
        common::skipped("registered ops");
        return;
    };
    let sample = REGISTERED_OPS.iter().step_by(SAMPLE_EVERY);
    let names: Vec<String> = sample
        .clone()
        .map(|op| op.to_string())
        .chain(sample.map(|op| format!("{op}_tessera")))
        .chain(
            REGISTERED_DIALECTS
                .iter()
                .map(|d| format!("{d}.no_such_op")),
        )
        .collect();
    for name in &names {
        let input = format!("\"{name}\"() : () -> ()\n");
        let (_, _, stderr) = common::run_tool(&mlir_opt, &[], &input);
        let mlir_unknown = stderr.contains("that does not allow unknown operations");
        assert_eq!(
            unknown_op_dialect(name).is_some(),
            mlir_unknown,
            "{name}: mlir-opt says {stderr}"
        );
    }
}
