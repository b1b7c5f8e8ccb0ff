//! Located diagnostics rendered as mlir-opt renders them.

use std::fmt;

use crate::ir::Location;

/// An error at a source location: `file:line:col: error: message`, then the
/// source line and a caret under the column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostic {
    /// File name as given by the user.
    pub file: String,
    /// Where the problem is.
    pub loc: Location,
    /// What is wrong, in mlir-opt's words where it has some.
    pub message: String,
    /// The offending source line (empty when unknown).
    pub source_line: String,
    /// Notes that follow the error, each at its own location (line 0:
    /// unknown); boxed, as most diagnostics have none.
    pub notes: Box<[(Location, String)]>,
}

impl Diagnostic {
    /// A diagnostic at `loc` of `source`.
    pub fn new(file: &str, source: &str, loc: Location, message: impl Into<String>) -> Self {
        // Line 0 is no line (MLIR's implicit module).
        let source_line = (loc.line > 0)
            .then(|| source.split('\n').nth(loc.line as usize - 1))
            .flatten()
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string();
        Diagnostic {
            file: file.to_string(),
            loc,
            message: message.into(),
            source_line,
            notes: Box::new([]),
        }
    }

    /// The diagnostic with a note at `loc` attached.
    pub fn with_note(mut self, loc: Location, note: impl Into<String>) -> Self {
        let mut notes = std::mem::take(&mut self.notes).into_vec();
        notes.push((loc, note.into()));
        self.notes = notes.into_boxed_slice();
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.loc.line, self.loc.col, self.message
        )?;
        if !self.source_line.is_empty() {
            let pad: String = self
                .source_line
                .bytes()
                .take(self.loc.col.saturating_sub(1) as usize)
                .map(|b| if b == b'\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "\n{}\n{}^", self.source_line, pad)?;
        }
        for (loc, note) in &self.notes {
            write!(f, "\n{}:{}:{}: note: {note}", self.file, loc.line, loc.col)?;
        }
        Ok(())
    }
}

/// Computes the 1-based line and column of byte `offset` in `source`.
pub fn location_of(source: &str, offset: usize) -> Location {
    let offset = offset.min(source.len());
    let before = &source.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    Location::at(line as u32, (offset - start + 1) as u32)
}
