//! `-verify-diagnostics`: the diagnostics a buffer produces checked
//! against its `expected-*` comments, as `mlir-opt`'s
//! `SourceMgrDiagnosticVerifierHandler` checks them.
//!
//! A comment `// expected-error {{text}}` (or `-warning`, `-remark`,
//! `-note`) expects a diagnostic of that severity on its own line whose
//! message contains `text`. `@+N` / `@-N` move the expected line, `@above`
//! names the nearest line above that is not itself an `expected-*` line,
//! `@below` the nearest one below, and `@unknown` a diagnostic without a
//! location (an MLIR 20 form; mlir-opt 19 reads such a line as a plain
//! comment). In the `-re` forms (`expected-error-re`), each `{{...}}`
//! inside the text is a regular expression and the rest is literal.
//!
//! Each diagnostic that no expectation accounts for is reported as
//! `unexpected error: ...` (at its location); one whose text matches an
//! expectation of another severity as `'remark' diagnostic emitted when
//! expecting a 'warning'`; each expectation never met as
//! `expected error "text" was not produced`. Any of these fails the run.
//!
//! ```
//! use tessera::cli::diag::{Diag, Severity};
//! use tessera::cli::expect::DiagnosticVerifier;
//! use tessera::ir::Location;
//! let src = "// expected-error @+1 {{bad thing}}\nx\n";
//! let mut v = DiagnosticVerifier::new("f.mlir", src);
//! v.process(&Diag::new(Severity::Error, Some(Location::at(2, 1)), "a bad thing here"));
//! let (ok, messages) = v.finish();
//! assert!(ok, "{messages}");
//! ```

use regex::Regex;
use std::sync::OnceLock;

use tessera_ir::location::DebugLoc;
use tessera_ir::Location;

use super::diag::{Diag, Severity};

/// The `expected-*` designator, as mlir-opt matches it (plus `@unknown`).
fn designator() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$",
        )
        .unwrap_or_else(|e| unreachable!("the designator pattern is valid: {e}"))
    })
}

/// One expectation.
#[derive(Clone, Debug)]
struct Expected {
    severity: Severity,
    /// The 1-based line the diagnostic must be on (unused for `@unknown`).
    line: i64,
    /// Where the `expected-*` text starts (for messages about it).
    at: Location,
    /// The text between the braces.
    text: String,
    /// The compiled `-re` pattern.
    regex: Option<Regex>,
    matched: bool,
}

impl Expected {
    fn matches(&self, message: &str) -> bool {
        match &self.regex {
            Some(re) => re.is_match(message),
            None => message.contains(&self.text),
        }
    }
}

/// A regex syntax error in the words of POSIX `regerror`, which
/// mlir-opt's `llvm::Regex` reports, where there is one; else the
/// `regex` crate's own.
fn posix_reason(syntax: &str) -> String {
    let reason = syntax
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("error: "))
        .unwrap_or(syntax);
    match reason {
        "unclosed group" | "unopened group" => "parentheses not balanced",
        "unclosed character class" => "brackets ([ ]) not balanced",
        "repetition operator missing expression" => "repetition-operator operand invalid",
        "unclosed counted repetition" => "braces not balanced",
        other => other,
    }
    .to_string()
}

/// `text` of an `-re` expectation as one regular expression: literal
/// outside `{{...}}`, each block a group.
fn compile_re(text: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let Some(open) = rest.find("{{") else {
            pattern.push_str(&regex::escape(rest));
            break;
        };
        pattern.push_str(&regex::escape(&rest[..open]));
        rest = &rest[open + 2..];
        let Some(close) = rest.find("}}") else {
            return Err("found start of regex with no end '}}'".to_string());
        };
        let block = &rest[..close];
        if let Err(e) = Regex::new(block) {
            let reason = match e {
                regex::Error::Syntax(s) => posix_reason(&s),
                other => other.to_string(),
            };
            return Err(format!("invalid regex: {reason}"));
        }
        pattern.push('(');
        pattern.push_str(block);
        pattern.push(')');
        rest = &rest[close + 2..];
    }
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

/// Checks one buffer's diagnostics against its `expected-*` comments.
#[derive(Debug)]
pub struct DiagnosticVerifier {
    file: String,
    source: String,
    expected: Vec<Expected>,
    unknown: Vec<Expected>,
    ok: bool,
    out: String,
}

impl DiagnosticVerifier {
    /// Reads the expectations of buffer `file` with text `source`.
    /// Malformed `-re` patterns are reported (and fail the run) now.
    pub fn new(file: &str, source: &str) -> Self {
        let mut v = DiagnosticVerifier {
            file: file.to_string(),
            source: source.to_string(),
            expected: Vec::new(),
            unknown: Vec::new(),
            ok: true,
            out: String::new(),
        };
        let lines: Vec<&str> = source.split('\n').collect();
        let mut last_plain_line = 0usize;
        let mut for_next_line: Vec<usize> = Vec::new();
        for (index, line) in lines.iter().enumerate() {
            let trimmed = line.trim_end_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
            let Some(caps) = designator().captures(trimmed) else {
                for &i in &for_next_line {
                    v.expected[i].line = index as i64 + 1;
                }
                for_next_line.clear();
                last_plain_line = index;
                continue;
            };
            let whole = caps.get(0).map_or(0..0, |m| m.range());
            let severity = match caps.get(1).map_or("", |m| m.as_str()) {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "remark" => Severity::Remark,
                _ => Severity::Note,
            };
            let text = caps.get(5).map_or("", |m| m.as_str()).to_string();
            let mut record = Expected {
                severity,
                line: index as i64 + 1,
                at: Location::at(index as u32 + 1, whole.start as u32 + 1),
                text,
                regex: None,
                matched: false,
            };
            if caps.get(2).is_some() {
                match compile_re(&record.text) {
                    Ok(re) => record.regex = Some(re),
                    Err(message) => {
                        v.report_at(&record, message, true);
                        continue;
                    }
                }
            }
            match caps.get(4).map(|m| m.as_str()) {
                None => {}
                Some("unknown") => {
                    v.unknown.push(record);
                    continue;
                }
                Some("above") => record.line = last_plain_line as i64 + 1,
                Some("below") => {
                    for_next_line.push(v.expected.len());
                    record.line = lines.len() as i64;
                }
                Some(offset) => {
                    let n: i64 = offset[1..].parse().unwrap_or(i64::MAX);
                    record.line = if offset.starts_with('-') {
                        record.line.saturating_sub(n)
                    } else {
                        record.line.saturating_add(n)
                    };
                }
            }
            v.expected.push(record);
        }
        v
    }

    /// Prints an error about an expectation, at its `expected-*` text
    /// (underlining as many bytes as its text has, as mlir-opt does).
    fn report_at(&mut self, e: &Expected, message: String, underline: bool) {
        let loc = (e.at.line > 0).then_some(e.at);
        let mut d = Diag::new(Severity::Error, loc, message);
        if underline {
            d.range = e.text.len();
        }
        self.out.push_str(&d.render(&self.file, &self.source));
        self.ok = false;
    }

    /// Accounts for one diagnostic of the buffer.
    ///
    /// A diagnostic at a location written in the source (`loc(...)`) is
    /// looked for at that location's line when it names this buffer, and is
    /// unexpected when it names another file (mlir-opt 19 reads no other
    /// file's expectations) or none.
    pub fn process(&mut self, diag: &Diag) {
        let line = match &diag.written {
            None => diag.loc.map(|l| l.line),
            Some(DebugLoc::Unknown) => None,
            Some(written) => match written.file_line_col() {
                Some((file, line, _)) if file == self.file => Some(line),
                _ => return self.unexpected(diag),
            },
        };
        let candidates = match line {
            Some(_) => &mut self.expected,
            None => &mut self.unknown,
        };
        let mut near_miss: Option<usize> = None;
        for (i, e) in candidates.iter_mut().enumerate() {
            if let Some(line) = line {
                if i64::from(line) != e.line {
                    continue;
                }
            }
            if e.matches(&diag.message) {
                if e.severity == diag.severity {
                    e.matched = true;
                    return;
                }
                near_miss = Some(i);
            }
        }
        match near_miss {
            Some(i) => {
                let e = match line {
                    Some(_) => self.expected[i].clone(),
                    None => self.unknown[i].clone(),
                };
                let message = format!(
                    "'{}' diagnostic emitted when expecting a '{}'",
                    diag.severity, e.severity
                );
                self.report_at(&e, message, false);
            }
            None => self.unexpected(diag),
        }
    }

    /// Reports a diagnostic no expectation accounts for, at its location
    /// (a written one without its callers, as mlir-opt's verifier does).
    fn unexpected(&mut self, diag: &Diag) {
        let d = Diag::new(
            Severity::Error,
            diag.loc,
            format!("unexpected {}: {}", diag.severity, diag.message),
        );
        let text = match &diag.written {
            Some(written) => d.render_written(written, true, &self.file, &self.source),
            None => d.render(&self.file, &self.source),
        };
        self.out.push_str(&text);
        self.ok = false;
    }

    /// Reports every expectation not met; returns whether the buffer's
    /// diagnostics were exactly the expected ones, and the messages to
    /// print (on standard error).
    pub fn finish(mut self) -> (bool, String) {
        let missing: Vec<Expected> = self
            .expected
            .iter()
            .chain(&self.unknown)
            .filter(|e| !e.matched)
            .cloned()
            .collect();
        for e in missing {
            let message = format!("expected {} \"{}\" was not produced", e.severity, e.text);
            self.report_at(&e, message, true);
        }
        (self.ok, self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, col: u32) -> Option<Location> {
        Some(Location::at(line, col))
    }

    #[test]
    fn designators_find_their_lines() {
        let src = "x\n// expected-error @above {{a}}\n// expected-remark @below {{b}}\n// expected-note@-2 {{c}}\ny\n// expected-warning {{d}}\n";
        let mut v = DiagnosticVerifier::new("f", src);
        v.process(&Diag::new(Severity::Error, at(1, 1), "xa"));
        v.process(&Diag::new(Severity::Remark, at(5, 1), "b!"));
        v.process(&Diag::new(Severity::Note, at(2, 1), "c"));
        v.process(&Diag::new(Severity::Warning, at(6, 1), "d"));
        let (ok, out) = v.finish();
        assert!(ok, "{out}");
        assert_eq!(out, "");
    }

    #[test]
    fn failures_are_reported_as_mlir_opt_reports_them() {
        let src = "  // expected-error @+1 {{wrong message}}\n  %x = y\n";
        let mut v = DiagnosticVerifier::new("f", src);
        v.process(&Diag::new(Severity::Error, at(2, 8), "use of undeclared"));
        let (ok, out) = v.finish();
        assert!(!ok);
        assert_eq!(
            out,
            "f:2:8: error: unexpected error: use of undeclared\n  %x = y\n       ^\n\
             f:1:6: error: expected error \"wrong message\" was not produced\n  // expected-error @+1 {{wrong message}}\n     ^~~~~~~~~~~~~\n"
        );
        let mut v = DiagnosticVerifier::new("f", "// expected-warning {{m}}\n");
        v.process(&Diag::new(Severity::Remark, at(1, 1), "m"));
        let (ok, out) = v.finish();
        assert!(!ok);
        assert!(out.starts_with(
            "f:1:4: error: 'remark' diagnostic emitted when expecting a 'warning'\n// expected-warning {{m}}\n   ^\n"
        ));
    }

    #[test]
    fn regex_expectations() {
        let src = "// expected-error-re @below {{dim {{[0-9]+}} of {{.*}} (x)}}\nz\n";
        let mut v = DiagnosticVerifier::new("f", src);
        v.process(&Diag::new(
            Severity::Error,
            at(2, 1),
            "bad dim 12 of memref (x)",
        ));
        assert!(v.finish().0);
        let mut v = DiagnosticVerifier::new("f", "// expected-error-re {{a {{(}}}}\n");
        v.process(&Diag::new(Severity::Error, at(1, 1), "a ("));
        let (ok, out) = v.finish();
        assert!(!ok);
        assert!(out.contains("error: invalid regex: "), "{out}");
        let v = DiagnosticVerifier::new("f", "// expected-error-re {{a {{x}}}}\n");
        let (ok, out) = v.finish();
        assert!(!ok);
        assert!(out.contains("expected error \"a {{x}}\" was not produced"));
    }

    #[test]
    fn unknown_locations() {
        let mut v = DiagnosticVerifier::new("f", "// expected-error @unknown {{boom}}\n");
        v.process(&Diag::new(Severity::Error, None, "boom!"));
        assert!(v.finish().0);
        let mut v = DiagnosticVerifier::new("f", "\n");
        v.process(&Diag::new(Severity::Error, None, "boom"));
        let (ok, out) = v.finish();
        assert!(!ok);
        assert_eq!(out, "<unknown>:0: error: unexpected error: boom\n");
    }
}
