//! The remarks of `--test-memref-dependence-check`, in MLIR's format and
//! order: for every ordered pair of affine accesses of the module and every
//! depth from 1 to (common loops + 1),
//! `file:line:col: remark: dependence from I to J at depth D = ANSWER`,
//! located at the source access. `ANSWER` is `false`, `true` (a dependence
//! with no distance to show: loop-independent, or no common loop), or one
//! `[min, max]` range per common loop, `-inf`/`+inf` for unbounded ends.
//!
//! Where mlir-opt over-approximates a distance range, tessera's is exact,
//! so its remarks can be narrower; where an access cannot be modelled,
//! tessera answers `true`.

use tessera_ir::{Module, OpId};

use super::check::{check_dependence, Dependence};
use super::extract::{collect_accesses, Modelled};

/// One remark: where, and the text after `remark: `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remark {
    /// The access op the remark is attached to.
    pub op: OpId,
    /// `dependence from I to J at depth D = ANSWER`.
    pub message: String,
}

/// The answer for one ordered pair at one depth.
fn answer(source: &Modelled, sink: &Modelled, depth: usize, common: usize) -> String {
    match (source, sink) {
        (Modelled::Exact(s), Modelled::Exact(t)) => match check_dependence(s, t, depth) {
            Dependence::None => "false".to_string(),
            Dependence::Unknown(_) => "true".to_string(),
            Dependence::Exists { distances, .. } => {
                if depth > common || distances.is_empty() {
                    return "true".to_string();
                }
                distances
                    .iter()
                    .map(|r| {
                        let lo = r.min.map_or("-inf".to_string(), |v| v.to_string());
                        let hi = r.max.map_or("+inf".to_string(), |v| v.to_string());
                        format!("[{lo}, {hi}]")
                    })
                    .collect()
            }
        },
        _ => {
            // One side is not modelled: only the memref and the kinds are
            // known, and the program order at the innermost level.
            let related =
                source.memref() == sink.memref() && (source.is_write() || sink.is_write());
            let ordered = depth <= common || source.position() < sink.position();
            if related && ordered {
                "true".to_string()
            } else {
                "false".to_string()
            }
        }
    }
}

/// Every remark of the dependence check on `module`, in MLIR's order.
/// Like mlir-opt's test pass, it reports on `affine.load`/`affine.store`
/// only (the vector variants are analysed for passes but not listed).
pub fn dependence_remarks(module: &Module) -> Vec<Remark> {
    // Bounded here, not only by the tools: a library caller must get an
    // answer ("may depend" where the work runs out), never a hang.
    crate::passes::with_work_limit(|| dependence_remarks_unbounded(module))
}

/// [`dependence_remarks`] under whatever work limit the caller set.
fn dependence_remarks_unbounded(module: &Module) -> Vec<Remark> {
    let all = collect_accesses(module, module.top);
    let (ops, models): (Vec<OpId>, Vec<Modelled>) = all
        .ops
        .iter()
        .zip(all.models)
        .filter(|(op, _)| {
            matches!(
                module.ops[**op].name.as_str(),
                "affine.load" | "affine.store"
            )
        })
        .map(|(op, m)| (*op, m))
        .unzip();
    let loop_ids: Vec<Vec<u32>> = models.iter().map(Modelled::loop_ids).collect();
    let mut remarks = Vec::new();
    for (i, source) in models.iter().enumerate() {
        for (j, sink) in models.iter().enumerate() {
            let common = loop_ids[i]
                .iter()
                .zip(&loop_ids[j])
                .take_while(|(a, b)| a == b)
                .count();
            for depth in 1..=common + 1 {
                remarks.push(Remark {
                    op: ops[i],
                    message: format!(
                        "dependence from {i} to {j} at depth {depth} = {}",
                        answer(source, sink, depth, common)
                    ),
                });
            }
        }
    }
    remarks
}
