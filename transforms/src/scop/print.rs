//! The schedule file: `--print-schedule` writes it, `--apply-schedule`
//! reads it.
//!
//! ```text
//! // tessera schedule: one line per statement, S<k>: iteration vector -> time vector
//! func @kernel
//! // SCoP 0: lines 3-9
//! //   S0 (line 5): domain d0 in [0, 8); writes memref#0[-d0 + 7]; reads memref#0[d0]
//! S0: affine_map<(d0) -> (0, d0, 1)>
//! ```
//!
//! Statements are numbered per function in textual order; a `func @name`
//! line says which function the following statements belong to; `//`
//! starts a comment. The maps are MLIR affine maps from a statement's
//! iteration vector (its loops' induction variables, outermost first) and
//! the function's symbols to its time vector; the statement instances run
//! in the lexicographic order of their time vectors.

use std::fmt::Write as _;

use tessera_affine::{AffineMap, ParseError};
use tessera_ir::Module;

use super::{FunctionModel, Statement};
use crate::dependence::AccessDesc;

/// The text of `--print-schedule` for the models of a module.
pub fn print_schedules(module: &Module, models: &[FunctionModel]) -> String {
    // Bounded here, not only by the tools: a library caller must get an
    // answer ("may depend" where the work runs out), never a hang.
    crate::passes::with_work_limit(|| print_schedules_unbounded(module, models))
}

/// [`print_schedules`] under whatever work limit the caller set.
fn print_schedules_unbounded(module: &Module, models: &[FunctionModel]) -> String {
    let mut out = String::from(
        "// tessera schedule: one line per statement, S<k>: iteration vector -> time vector\n",
    );
    for f in models {
        let _ = writeln!(out, "func @{}", f.name);
        let mut k = 0;
        for (i, scop) in f.scops.iter().enumerate() {
            let lines: Vec<u32> = scop.ops.iter().map(|&o| module.ops[o].loc.line).collect();
            let _ = writeln!(
                out,
                "// SCoP {i}: lines {}-{}",
                lines.iter().min().unwrap_or(&0),
                lines.iter().max().unwrap_or(&0)
            );
            for s in &scop.statements {
                let _ = writeln!(
                    out,
                    "//   S{k} (line {}): {}",
                    module.ops[s.op].loc.line,
                    describe(s)
                );
                let _ = writeln!(out, "S{k}: affine_map<{}>", s.schedule);
                k += 1;
            }
        }
        for (op, why) in &f.excluded {
            let _ = writeln!(
                out,
                "// not modelled (line {}): {why}",
                module.ops[*op].loc.line
            );
        }
    }
    out
}

/// The domain and accesses of a statement, for the comment line.
fn describe(s: &Statement) -> String {
    let mut parts = Vec::new();
    for (l, lp) in s.write.loops.iter().enumerate() {
        let list = |m: &AffineMap, f: &str| {
            let items: Vec<String> = m.results().iter().map(|e| e.to_string()).collect();
            if items.len() == 1 {
                items[0].clone()
            } else {
                format!("{f}({})", items.join(", "))
            }
        };
        let step = if lp.step == 1 {
            String::new()
        } else {
            format!(" step {}", lp.step)
        };
        parts.push(format!(
            "d{l} in [{}, {}){step}",
            list(&lp.lower, "max"),
            list(&lp.upper, "min")
        ));
    }
    for g in &s.write.guards {
        let set = g.set.to_string();
        parts.push(if g.holds {
            format!("if {set}")
        } else {
            format!("unless {set}")
        });
    }
    let domain = if parts.is_empty() {
        "domain {}".to_string()
    } else {
        format!("domain {}", parts.join(", "))
    };
    let access = |a: &AccessDesc| {
        let subs: Vec<String> = a
            .subscripts
            .results()
            .iter()
            .map(|e| e.to_string())
            .collect();
        format!("memref#{}[{}]", a.memref, subs.join(", "))
    };
    let reads: Vec<String> = s.reads.iter().map(access).collect();
    format!(
        "{domain}; writes {}; reads {}",
        access(&s.write),
        if reads.is_empty() {
            "nothing".to_string()
        } else {
            reads.join(", ")
        }
    )
}

/// A parsed schedule file: per function (by name), the statements' new
/// schedules by statement number, with the line each came from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScheduleFile {
    /// `(function name, statement number, schedule, line)`.
    pub entries: Vec<(String, usize, AffineMap, u32)>,
}

/// Reads a schedule file; errors are `line:col: error: message`.
///
/// ```
/// use tessera_transforms::scop::parse_schedule_file;
/// let f = parse_schedule_file("func @f\n// a comment\nS0: affine_map<(d0, d1) -> (d1, d0)>\n").unwrap();
/// assert_eq!(f.entries[0].0, "f");
/// assert_eq!(f.entries[0].2.to_string(), "(d0, d1) -> (d1, d0)");
/// ```
pub fn parse_schedule_file(text: &str) -> Result<ScheduleFile, String> {
    let mut file = ScheduleFile::default();
    let mut function: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i as u32 + 1;
        let line = raw.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        if let Some(name) = line.strip_prefix("func @") {
            function = Some(name.trim().to_string());
            continue;
        }
        let Some((label, map_text)) = line.split_once(':') else {
            return Err(format!(
                "{line_no}:{}: error: expected 'S<k>: affine_map<...>' or 'func @name'",
                indent + 1
            ));
        };
        let number = label
            .trim()
            .strip_prefix('S')
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or_else(|| {
                format!(
                    "{line_no}:{}: error: expected a statement name S<k>",
                    indent + 1
                )
            })?;
        let Some(func) = &function else {
            return Err(format!(
                "{line_no}:{}: statement before any 'func @name' line",
                indent + 1
            ));
        };
        // 1-based column of the map text's first byte.
        let map_col = indent + label.len() + 2 + (map_text.len() - map_text.trim_start().len());
        let map: AffineMap = map_text.trim().parse().map_err(|e: ParseError| {
            format!("{line_no}:{}: error: {}", map_col + e.column - 1, e.message)
        })?;
        file.entries.push((func.clone(), number, map, line_no));
    }
    Ok(file)
}
