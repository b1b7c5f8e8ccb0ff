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

use std::fmt;

use tessera_ir::Location;

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
        Diag::new(Severity::Error, Some(d.loc), d.message.clone())
    }

    /// The diagnostic as `SourceMgr` prints it, ending in a newline; `file`
    /// names the buffer and `source` is its text.
    pub fn render(&self, file: &str, source: &str) -> String {
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
