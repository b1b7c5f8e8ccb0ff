//! Applying a schedule file: `--apply-schedule=FILE` and the pass
//! `apply-schedule{file=FILE}`.

use std::fmt::{self, Write as _};
use std::path::Path;

use tessera_ir::Module;

use super::parse_schedule_file;
use super::{check_schedule, find_scops, generate_scop, ScheduleFile, ScheduleViolation};

/// Why a schedule file was not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScheduleFileError {
    /// The file cannot be read (a message without a location).
    Unreadable(String),
    /// An error in the file or a violated dependence, rendered as mlir-opt
    /// renders diagnostics: `path:line:col: error: message`, then notes
    /// located in the input.
    Located(String),
}

impl fmt::Display for ScheduleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleFileError::Unreadable(m) | ScheduleFileError::Located(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ScheduleFileError {}

/// Reads the schedule file at `path` and applies it (see
/// [`apply_schedule`]).
pub fn apply_schedule_file(module: &mut Module, path: &Path) -> Result<(), ScheduleFileError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| ScheduleFileError::Unreadable(format!("cannot read '{name}': {e}")))?;
    let located = |e: String| ScheduleFileError::Located(format!("{name}:{e}"));
    let schedule = parse_schedule_file(&text).map_err(located)?;
    apply_schedule(module, &schedule).map_err(located)
}

/// Checks every SCoP of the functions `schedule` names against its
/// dependences — a violation is an error at the schedule's line naming
/// both accesses and a witness pair — then generates their code (all
/// checked before anything changes). Statements the file does not list
/// keep their schedule.
pub fn apply_schedule(module: &mut Module, schedule: &ScheduleFile) -> Result<(), String> {
    let models = find_scops(module);
    let mut plans = Vec::new();
    for f in &models {
        if !schedule.entries.iter().any(|(func, ..)| *func == f.name) {
            continue;
        }
        let mut first = 0;
        for scop in &f.scops {
            let mut maps = Vec::with_capacity(scop.statements.len());
            let mut line = 0;
            for (k, s) in scop.statements.iter().enumerate() {
                let given = schedule
                    .entries
                    .iter()
                    .rev()
                    .find(|(func, number, ..)| *func == f.name && *number == first + k);
                match given {
                    Some((_, _, map, l)) => {
                        maps.push(map.clone());
                        line = line.max(*l);
                    }
                    None => maps.push(s.schedule.clone()),
                }
            }
            first += scop.statements.len();
            if let Err(v) = check_schedule(f, scop, &maps) {
                let mut message = format!("{line}:1: error: {v}");
                if let ScheduleViolation::Reversed { accesses, .. } = &v {
                    for (what, op) in [("source", accesses.0), ("sink", accesses.1)] {
                        let loc = module.ops[op].loc;
                        let _ = write!(
                            message,
                            "\n{}:{}:{}: note: the dependence's {what} access",
                            module.file, loc.line, loc.col
                        );
                    }
                }
                return Err(message);
            }
            plans.push((f, scop, maps, line));
        }
    }
    for (f, scop, maps, line) in plans {
        generate_scop(module, f, scop, &maps)
            .map_err(|e| format!("{line}:1: error: cannot generate code for @{}: {e}", f.name))?;
    }
    Ok(())
}
