//! Diagnostics as `mlir-opt` prints them (LLVM's `SourceMgr`):
//! `file:line:col: severity: message`, the source line, a caret under the
//! column (and `~` under the rest of a range); `<unknown>:0: severity:
//! message` when there is no location.
//!
//! ```
//! use tessera::cli::diag::{Diag, Severity};
//! use tessera::ir::Location;
//! let d = Diag::new(Severity::Remark, Some(Location::at(2, 3)), "hello");
//! assert_eq!(
//!     d.render("f.mlir", "x\n  y = 1\n"),
//!     "f.mlir:2:3: remark: hello\n  y = 1\n  ^\n"
//! );
//! ```

use std::borrow::Cow;
use std::fmt;

use tessera_ir::location::DebugLoc;
use tessera_ir::{Location, Module, OpId};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// `error:`
    Error,
    /// `warning:`
    Warning,
    /// `remark:`
    Remark,
    /// `note:`
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        })
    }
}

/// One diagnostic about the buffer being processed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// Its severity.
    pub severity: Severity,
    /// Where, in the buffer (`None`: an unknown location).
    pub loc: Option<Location>,
    /// What.
    pub message: String,
    /// How many bytes, from the column on, the caret line underlines
    /// (`^` then `~`); 0 or 1 is the caret alone. Clipped to the line.
    pub range: usize,
    /// Whether the source line and caret follow the header (MLIR leaves
    /// them out of a note at its error's own location).
    pub source_line: bool,
    /// The location written in the source for `loc` (`loc(...)`), where
    /// mlir-opt reports the diagnostic instead.
    pub written: Option<DebugLoc>,
}

impl Diag {
    /// A diagnostic; a location on line 0 counts as unknown.
    pub fn new(severity: Severity, loc: Option<Location>, message: impl Into<String>) -> Self {
        Diag {
            severity,
            loc: loc.filter(|l| l.line > 0),
            message: message.into(),
            range: 0,
            source_line: true,
            written: None,
        }
    }

    /// A diagnostic at op `op` of `m`: at its place in the buffer, or at
    /// the location written after it.
    pub fn at_op(severity: Severity, m: &Module, op: OpId, message: impl Into<String>) -> Self {
        let loc = m.ops[op].loc;
        Diag {
            written: m.written_loc(loc).cloned(),
            ..Diag::new(severity, Some(loc), message)
        }
    }

    /// The same diagnostic without the source line and caret.
    pub fn without_source_line(self) -> Self {
        Diag {
            source_line: false,
            ..self
        }
    }

    /// An error from the IR crate (parser, verifier, interpreter).
    pub fn from_ir(d: &tessera_ir::Diagnostic) -> Self {
        Diag {
            written: d.written.as_deref().cloned(),
            ..Diag::new(Severity::Error, Some(d.loc), d.message.clone())
        }
    }

    /// The notes of an error from the IR crate. As MLIR's handler does, a
    /// note shows its source line only when it is at another location than
    /// the diagnostic or note before it.
    pub fn notes_of(d: &tessera_ir::Diagnostic) -> impl Iterator<Item = Diag> + '_ {
        let mut previous = (d.loc, d.written.as_deref());
        d.notes.iter().map(move |note| {
            let here = (note.loc, note.written.as_ref());
            let shown = here != previous;
            previous = here;
            Diag {
                written: note.written.clone(),
                source_line: shown,
                ..Diag::new(Severity::Note, Some(note.loc), note.message.clone())
            }
        })
    }

    /// The diagnostic as `SourceMgr` prints it, ending in a newline; `file`
    /// names the buffer and `source` is its text.
    pub fn render(&self, file: &str, source: &str) -> String {
        let Some(written) = &self.written else {
            return self.render_in_buffer(file, source);
        };
        let callers = written.call_stack();
        // MLIR shows the line of a note at another location than the last
        // one shown, which a caller is.
        let shown = self.source_line || !callers.is_empty();
        let mut out = self.render_written(written, shown, file, source);
        // A note belongs to the diagnostic before it, which listed the
        // callers.
        if self.severity == Severity::Note {
            return out;
        }
        for caller in callers {
            let note = Diag::new(Severity::Note, None, "called from");
            out.push_str(&note.render_written(caller, true, file, source));
        }
        out
    }

    /// The diagnostic at `written`: at its first `"file":line:col`, shown
    /// from `source` when that names buffer `file`, else from the file on
    /// disk (no line shown when it cannot be read or has no such place).
    pub(crate) fn render_written(
        &self,
        written: &DebugLoc,
        shown: bool,
        file: &str,
        source: &str,
    ) -> String {
        let Some((at_file, line, col)) = written.file_line_col() else {
            let prefix = written.message_prefix();
            return format!(
                "<unknown>:0: {}: {prefix}{}
",
                self.severity, self.message
            );
        };
        let text = if at_file == file {
            Some(Cow::Borrowed(source))
        } else if shown {
            std::fs::read(at_file)
                .ok()
                .map(|bytes| Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()))
        } else {
            None
        };
        let text = text.filter(|t| has_position(t, line, col));
        Diag {
            loc: Some(Location::at(line, col)),
            source_line: shown && text.is_some(),
            written: None,
            ..self.clone()
        }
        .render_in_buffer(at_file, text.as_deref().unwrap_or(""))
    }

    /// The diagnostic at its place in buffer `file` of text `source`.
    fn render_in_buffer(&self, file: &str, source: &str) -> String {
        let Some(loc) = self.loc else {
            return format!("<unknown>:0: {}: {}\n", self.severity, self.message);
        };
        let mut out = format!(
            "{file}:{}:{}: {}: {}\n",
            loc.line, loc.col, self.severity, self.message
        );
        if !self.source_line {
            return out;
        }
        let Some(line) = source
            .split('\n')
            .nth(loc.line.saturating_sub(1) as usize)
            .map(|l| l.trim_end_matches('\r'))
        else {
            return out;
        };
        // Tabs expand to the next multiple of 8 columns, as LLVM shows them.
        let mut shown = String::new();
        let mut display_col_of_byte = Vec::with_capacity(line.len() + 1);
        for (i, ch) in line.char_indices() {
            while display_col_of_byte.len() <= i {
                display_col_of_byte.push(shown.chars().count());
            }
            if ch == '\t' {
                let width = 8 - shown.chars().count() % 8;
                shown.push_str(&" ".repeat(width));
            } else {
                shown.push(ch);
            }
        }
        let end_col = shown.chars().count();
        while display_col_of_byte.len() <= line.len() {
            display_col_of_byte.push(end_col);
        }
        let byte = loc.col.saturating_sub(1) as usize;
        let caret_at = display_col_of_byte
            .get(byte)
            .copied()
            .unwrap_or(end_col + (byte - line.len().min(byte)));
        let range_end = display_col_of_byte
            .get((byte + self.range).min(line.len()))
            .copied()
            .unwrap_or(end_col)
            .max(caret_at + 1);
        let mut caret: Vec<char> = vec![' '; caret_at];
        caret.push('^');
        while caret.len() < range_end {
            caret.push('~');
        }
        out.push_str(&shown);
        out.push('\n');
        out.extend(caret);
        out.push('\n');
        out
    }
}

/// Whether `line:col` is a place in `text`, as LLVM's
/// `SourceMgr::FindLocForLineAndColumn` finds one: a line that exists and a
/// column on it or just after its end.
fn has_position(text: &str, line: u32, col: u32) -> bool {
    if line == 0 || col == 0 {
        return false;
    }
    let start = match line {
        1 => Some(0),
        _ => text
            .match_indices('\n')
            .nth(line as usize - 2)
            .map(|(i, _)| i + 1),
    };
    let Some(start) = start else {
        return false;
    };
    let rest = &text.as_bytes()[start..];
    let width = col as usize - 1;
    width <= rest.len() && !rest[..width].iter().any(|&b| b == b'\n' || b == b'\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_clipped_to_the_line() {
        let mut d = Diag::new(Severity::Error, Some(Location::at(1, 4)), "m");
        d.range = 5;
        assert_eq!(
            d.render("f", "// expected\n"),
            "f:1:4: error: m\n// expected\n   ^~~~~\n"
        );
        d.range = 50;
        assert_eq!(d.render("f", "// ex\n"), "f:1:4: error: m\n// ex\n   ^~\n");
    }

    #[test]
    fn positions_found_as_source_mgr_finds_them() {
        let text = "ab\ncd\n";
        assert!(has_position(text, 1, 1) && has_position(text, 1, 3));
        assert!(!has_position(text, 1, 4), "past the newline");
        assert!(has_position(text, 2, 2) && has_position(text, 3, 1));
        assert!(!has_position(text, 4, 1) && !has_position(text, 0, 1));
        assert!(!has_position(text, 1, 0));
    }

    #[test]
    fn written_locations() {
        let at = |file: &str, line| DebugLoc::FileLineCol {
            file: file.into(),
            line,
            col: 2,
        };
        let name = |n: &str| DebugLoc::Name {
            name: n.into(),
            child: None,
        };
        let written = |w| Diag {
            written: Some(w),
            ..Diag::new(Severity::Error, Some(Location::at(1, 1)), "m")
        };
        let call = DebugLoc::CallSite {
            callee: Box::new(name("callee")),
            caller: Box::new(at("f", 2)),
        };
        // The callee has no file position: the caller's is the error's,
        // and is shown again as the caller.
        assert_eq!(
            written(call.clone()).render("f", "x\n yz\n"),
            "f:2:2: error: m\n yz\n ^\nf:2:2: note: called from\n yz\n ^\n"
        );
        let note = Diag {
            severity: Severity::Note,
            ..written(call)
        }
        .without_source_line();
        assert_eq!(note.render("f", "x\n yz\n"), "f:2:2: note: m\n yz\n ^\n");
        assert_eq!(
            written(name("n")).render("f", ""),
            "<unknown>:0: error: loc(\"n\"): m\n"
        );
        assert_eq!(
            written(DebugLoc::Unknown).render("f", ""),
            "<unknown>:0: error: m\n"
        );
        let missing = "/nonexistent/tessera/file.c";
        assert_eq!(
            written(at(missing, 3)).render("f", ""),
            format!("{missing}:3:2: error: m\n")
        );
    }

    #[test]
    fn unknown_locations_and_tabs() {
        let d = Diag::new(Severity::Error, None, "boom");
        assert_eq!(d.render("f", ""), "<unknown>:0: error: boom\n");
        let d = Diag::new(Severity::Warning, Some(Location::at(1, 2)), "w");
        assert_eq!(
            d.render("f", "\tx"),
            "f:1:2: warning: w\n        x\n        ^\n"
        );
    }
}
