//! Located diagnostics rendered as mlir-opt renders them.

use std::fmt;

use crate::ir::{Location, Module, OpId};
use crate::location::DebugLoc;

/// An error at a source location: `file:line:col: error: message`, then the
/// source line and a caret under the column.
///
/// An op with a `loc(...)` written after it is reported at that location,
/// as mlir-opt reports it: at its first `"file":line:col`, else as
/// `<unknown>:0: error: loc(...): ` (the source line follows only when that
/// is the op's own place: the library reads no other file).
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
    /// The location written in the source for `loc` (`loc(...)`), if any:
    /// set by [`Diagnostic::written_in`].
    pub written: Option<Box<DebugLoc>>,
    /// Notes that follow the error, each at its own location (line 0:
    /// unknown); boxed, as most diagnostics have none.
    pub notes: Box<[Note]>,
    /// The op the error is about, for an error of the verifier: mlir-opt
    /// shows it after the message ("see current operation").
    pub op: Option<OpId>,
}

/// A note after a [`Diagnostic`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Where, in the file.
    pub loc: Location,
    /// The location written in the source for `loc`, if any.
    pub written: Option<DebugLoc>,
    /// What.
    pub message: String,
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
            written: None,
            notes: Box::new([]),
            op: None,
        }
    }

    /// The diagnostic about op `op` (see [`Diagnostic::op`]).
    pub fn about(self, op: OpId) -> Self {
        Diagnostic {
            op: Some(op),
            ..self
        }
    }

    /// The diagnostic with a note at `loc` attached.
    pub fn with_note(mut self, loc: Location, note: impl Into<String>) -> Self {
        let mut notes = std::mem::take(&mut self.notes).into_vec();
        notes.push(Note {
            loc,
            written: None,
            message: note.into(),
        });
        self.notes = notes.into_boxed_slice();
        self
    }

    /// The diagnostic with the locations written in `m`'s source for its
    /// location and its notes' (`loc(...)` after their ops) attached.
    ///
    /// ```
    /// let src = r#"func.func @f() {
    ///   %0 = arith.addi %1, %1 : i32 loc("use.c":1:1)
    ///   %1 = arith.constant 0 : i32 loc("def.c":2:2)
    ///   return
    /// }"#;
    /// // The verifier reports at the written locations, as mlir-opt does.
    /// let e = tessera_ir::parse_and_verify("f.mlir", src).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "use.c:1:1: error: operand #0 does not dominate this use\n\
    ///      def.c:2:2: note: operand defined here (op in the same block)"
    /// );
    /// ```
    pub fn written_in(mut self, m: &Module) -> Self {
        self.written = m.written_loc(self.loc).cloned().map(Box::new);
        for note in self.notes.iter_mut() {
            note.written = m.written_loc(note.loc).cloned();
        }
        self
    }
}

/// Writes the header of a diagnostic line: `file:line:col: kind: ` at
/// `loc`, or where mlir-opt places it when `written` is given.
fn write_header(
    f: &mut fmt::Formatter<'_>,
    file: &str,
    loc: Location,
    written: Option<&DebugLoc>,
    kind: &str,
) -> fmt::Result {
    match written {
        None => write!(f, "{file}:{}:{}: {kind}: ", loc.line, loc.col),
        Some(w) => match w.file_line_col() {
            Some((file, line, col)) => write!(f, "{file}:{line}:{col}: {kind}: "),
            None => write!(f, "<unknown>:0: {kind}: {}", w.message_prefix()),
        },
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let written = self.written.as_deref();
        write_header(f, &self.file, self.loc, written, "error")?;
        f.write_str(&self.message)?;
        let shown_here = written.map_or(true, |w| {
            w.file_line_col().is_some_and(|(file, line, col)| {
                file == self.file && (line, col) == (self.loc.line, self.loc.col)
            })
        });
        if shown_here && !self.source_line.is_empty() {
            let pad: String = self
                .source_line
                .bytes()
                .take(self.loc.col.saturating_sub(1) as usize)
                .map(|b| if b == b'\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "\n{}\n{}^", self.source_line, pad)?;
        }
        for note in self.notes.iter() {
            f.write_str("\n")?;
            write_header(f, &self.file, note.loc, note.written.as_ref(), "note")?;
            f.write_str(&note.message)?;
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
