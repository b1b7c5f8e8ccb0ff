//! Pass pipelines as `mlir-opt` spells them.
//!
//! Two spellings name the same thing:
//!
//! - one flag per pass, options in a quoted string:
//!   `--affine-loop-tile="tile-size=32 separate" --affine-loop-unroll=unroll-factor=4`;
//! - a textual pipeline with op anchors:
//!   `--pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-size=32},affine-loop-unroll{unroll-factor=4}))'`.
//!
//! Both parse into a list of [`PassInvocation`]s, in the order the passes
//! run. Anchors (`builtin.module`, `func.func`) are checked and dropped: all
//! of tessera's passes run on every function.
//!
//! ```
//! use tessera_transforms::pipeline::{parse_pass_pipeline, PassInvocation};
//! let passes = parse_pass_pipeline(
//!     "builtin.module(func.func(affine-loop-tile{tile-sizes=32,8 separate},affine-loop-unroll))",
//! )
//! .unwrap();
//! assert_eq!(passes[0].name, "affine-loop-tile");
//! assert_eq!(passes[0].option("tile-sizes"), Some("32,8"));
//! assert_eq!(passes[0].flag("separate"), Ok(true));
//! assert_eq!(passes[1], PassInvocation::new("affine-loop-unroll"));
//! ```

use std::fmt;

/// One pass to run, with its options as written (`key=value`, or a bare
/// `key` for a boolean that is set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassInvocation {
    /// The pass's flag name, e.g. `affine-loop-tile`.
    pub name: String,
    /// Options in the order written; a bare key has no value.
    pub options: Vec<(String, Option<String>)>,
}

/// A malformed pipeline or option string, with the byte offset of the
/// problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at offset {offset})")]
pub struct PipelineError {
    /// Byte offset into the parsed text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

/// `text` as LLVM's command line parses an unsigned integer of at most
/// `max`: the radix from the prefix (`0x`, `0b`, `0o`, a leading `0` for
/// octal), no sign; `None` when it is not one.
///
/// ```
/// use tessera_transforms::pipeline::parse_llvm_unsigned;
/// assert_eq!(parse_llvm_unsigned("0x10", 100), Some(16));
/// assert_eq!(parse_llvm_unsigned("010", 100), Some(8));
/// assert_eq!(parse_llvm_unsigned("101", 100), None);
/// assert_eq!(parse_llvm_unsigned("-1", 100), None);
/// ```
pub fn parse_llvm_unsigned(text: &str, max: u64) -> Option<u64> {
    let (digits, radix) =
        if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            (h, 16)
        } else if let Some(b) = text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
            (b, 2)
        } else if let Some(o) = text.strip_prefix("0o") {
            (o, 8)
        } else if text.len() > 1 && text.starts_with('0') {
            (&text[1..], 8)
        } else {
            (text, 10)
        };
    digits
        .chars()
        .all(|c| c.is_digit(radix))
        .then(|| u64::from_str_radix(digits, radix).ok())
        .flatten()
        .filter(|&n| !digits.is_empty() && n <= max)
}

impl PassInvocation {
    /// A pass with no options.
    pub fn new(name: &str) -> Self {
        PassInvocation {
            name: name.to_string(),
            options: Vec::new(),
        }
    }

    /// The pass with options parsed from `mlir-opt`'s flag value syntax:
    /// space-separated `key=value` or bare `key` (values may hold commas,
    /// and may be wrapped in `{}` or quotes).
    pub fn with_options(name: &str, text: &str) -> Result<Self, PipelineError> {
        Ok(PassInvocation {
            name: name.to_string(),
            options: parse_options(text, 0)?,
        })
    }

    /// The last value given for `key`, if any.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_deref())
    }

    /// Whether boolean option `key` is set: a bare `key` or `key=true`/`1`
    /// sets it, `key=false`/`0` or its absence does not.
    pub fn flag(&self, key: &str) -> Result<bool, PipelineError> {
        self.flag_or(key, false)
    }

    /// Boolean option `key` as [`PassInvocation::flag`] reads it, `default`
    /// when it is absent (an option on by default: `key=false` turns it
    /// off).
    pub fn flag_or(&self, key: &str, default: bool) -> Result<bool, PipelineError> {
        match self.options.iter().rev().find(|(k, _)| k == key) {
            None => Ok(default),
            Some((_, None)) => Ok(true),
            Some((_, Some(v))) => match v.as_str() {
                "true" | "1" => Ok(true),
                "false" | "0" => Ok(false),
                other => Err(PipelineError {
                    offset: 0,
                    message: format!(
                        "option '{key}' of '{}' expects true or false, got '{other}'",
                        self.name
                    ),
                }),
            },
        }
    }

    /// Option `key` as mlir-opt reads a `uint` option (LLVM's 32-bit
    /// `unsigned`), if given; other values are refused with mlir-opt's
    /// message.
    pub fn uint_option(&self, key: &str) -> Result<Option<u32>, PipelineError> {
        self.option(key)
            .map(|v| self.unsigned(key, v, "uint"))
            .transpose()
            .map(|o| o.map(|n| n as u32))
    }

    /// Option `key` as mlir-opt reads a `ulong` option (64-bit unsigned),
    /// if given.
    pub fn ulong_option(&self, key: &str) -> Result<Option<u64>, PipelineError> {
        self.option(key)
            .map(|v| self.unsigned(key, v, "ulong"))
            .transpose()
    }

    /// Option `key` as mlir-opt reads an `int` option (LLVM's 32-bit
    /// `int`: an optional `-`, then digits as for `uint`), if given.
    pub fn int_option(&self, key: &str) -> Result<Option<i32>, PipelineError> {
        let Some(text) = self.option(key) else {
            return Ok(None);
        };
        let (negative, magnitude) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let value = self
            .unsigned(key, magnitude, "integer")
            .ok()
            .and_then(|n| i64::try_from(n).ok())
            .map(|n| if negative { -n } else { n })
            .and_then(|n| i32::try_from(n).ok());
        value.map(Some).ok_or_else(|| PipelineError {
            offset: 0,
            message: format!(
                "for the --{key} option: '{text}' value invalid for integer argument! (pass '{}')",
                self.name
            ),
        })
    }

    /// Option `key` as a list of strings (MLIR's `ListOption<std::string>`:
    /// split at the commas outside quotes and braces), if given.
    pub fn string_list_option(&self, key: &str) -> Option<Vec<String>> {
        self.option(key)
            .map(|v| split_list(v).into_iter().map(str::to_string).collect())
    }

    /// Option `key` as a comma-separated list of `uint`s, if given.
    pub fn uint_list_option(&self, key: &str) -> Result<Option<Vec<u32>>, PipelineError> {
        self.option(key)
            .map(|v| {
                v.split(',')
                    .map(|x| self.unsigned(key, x, "uint").map(|n| n as u32))
                    .collect()
            })
            .transpose()
    }

    /// Option `key` as mlir-opt reads an `int64_t` option (LLVM's `long`
    /// parser: an optional `-`, then digits as for `uint`), if given.
    pub fn long_option(&self, key: &str) -> Result<Option<i64>, PipelineError> {
        self.option(key).map(|v| self.long(key, v)).transpose()
    }

    /// Option `key` as a comma-separated list of `int64_t`s, each read as
    /// [`PassInvocation::long_option`] reads one, if given.
    pub fn long_list_option(&self, key: &str) -> Result<Option<Vec<i64>>, PipelineError> {
        self.option(key)
            .map(|v| v.split(',').map(|x| self.long(key, x)).collect())
            .transpose()
    }

    /// `text` as LLVM's `long` parser reads it.
    fn long(&self, key: &str, text: &str) -> Result<i64, PipelineError> {
        let (negative, magnitude) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let invalid = || PipelineError {
            offset: 0,
            message: format!(
                "for the --{key} option: '{text}' value invalid for long argument! (pass '{}')",
                self.name
            ),
        };
        let n = self
            .unsigned(key, magnitude, "ulong")
            .map_err(|_| invalid())?;
        let n = i128::from(n);
        i64::try_from(if negative { -n } else { n }).map_err(|_| invalid())
    }

    /// `text` as LLVM's command line parses an unsigned integer of the
    /// given type (`uint`: 32 bits, `ulong`: 64; see [`parse_llvm_unsigned`]).
    fn unsigned(&self, key: &str, text: &str, ty: &str) -> Result<u64, PipelineError> {
        let max = if ty == "uint" {
            u64::from(u32::MAX)
        } else {
            u64::MAX
        };
        parse_llvm_unsigned(text, max).ok_or_else(|| PipelineError {
            offset: 0,
            message: format!(
                "for the --{key} option: '{text}' value invalid for {ty} argument! (pass '{}')",
                self.name
            ),
        })
    }

    /// Fails on an option not in `known`, as mlir-opt does.
    pub fn check_known(&self, known: &[&str]) -> Result<(), PipelineError> {
        match self
            .options
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            None => Ok(()),
            Some((k, _)) => Err(PipelineError {
                offset: 0,
                message: format!(
                    "'{}' has no option '{k}' (options: {})",
                    self.name,
                    known.join(", ")
                ),
            }),
        }
    }
}

impl fmt::Display for PassInvocation {
    /// Prints the pass as a pipeline element: `name{key=value flag}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if self.options.is_empty() {
            return Ok(());
        }
        f.write_str("{")?;
        for (i, (k, v)) in self.options.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match v {
                Some(v) => write!(f, "{k}={v}")?,
                None => f.write_str(k)?,
            }
        }
        f.write_str("}")
    }
}

/// Parses `key=value key2 key3=a,b` (offsets relative to `base`) as
/// MLIR's `PassOptions::parseFromString` splits it: a value runs to the
/// next space outside quotes and braces, and one layer of `'…'`, `"…"`
/// or `{…}` around a whole value is dropped
/// (`disable-patterns={(anonymous namespace)::AddIAddConstant}`).
fn parse_options(text: &str, base: usize) -> Result<Vec<(String, Option<String>)>, PipelineError> {
    let trimmed = text.trim();
    let inner = trimmed
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| trimmed.strip_prefix('"').and_then(|t| t.strip_suffix('"')))
        .or_else(|| {
            trimmed
                .strip_prefix('\'')
                .and_then(|t| t.strip_suffix('\''))
        })
        .unwrap_or(trimmed);
    let start =
        base + (text.len() - text.trim_start().len()) + (trimmed.len() - inner.len()).min(1);
    let bytes = inner.as_bytes();
    let mut options = Vec::new();
    let mut pos = 0;
    loop {
        while bytes.get(pos) == Some(&b' ') {
            pos += 1;
        }
        if pos == bytes.len() {
            return Ok(options);
        }
        let word_start = pos;
        while !matches!(bytes.get(pos), None | Some(b' ' | b'=')) {
            pos += 1;
        }
        let key = &inner[word_start..pos];
        let value = if bytes.get(pos) == Some(&b'=') {
            pos += 1;
            let value_start = pos;
            pos = value_end(inner, pos).ok_or_else(|| PipelineError {
                offset: start + value_start,
                message: format!("unterminated quote in the value of pass option '{key}'"),
            })?;
            Some(unescape(inner[value_start..pos].trim()).to_string())
        } else {
            None
        };
        if key.is_empty()
            || !key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(PipelineError {
                offset: start + word_start,
                message: format!("malformed pass option '{}'", &inner[word_start..pos]),
            });
        }
        options.push((key.to_string(), value));
    }
}

/// Where the option value starting at `pos` of `text` ends: at the next
/// space outside quotes and braces (braces nest), or at the end; `None`
/// for a quote that is never closed.
fn value_end(text: &str, mut pos: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut braces = 0usize;
    while let Some(&c) = bytes.get(pos) {
        match c {
            b' ' if braces == 0 => break,
            b'\'' | b'"' => pos += 1 + text[pos + 1..].find(c as char)?,
            b'{' => braces += 1,
            b'}' => braces = braces.saturating_sub(1),
            _ => {}
        }
        pos += 1;
    }
    Some(pos)
}

/// `value` without one layer of `'…'`, `"…"` or `{…}` around it, as
/// MLIR drops it (only from values longer than two characters).
fn unescape(value: &str) -> &str {
    if value.len() > 2 {
        for (open, close) in [('\'', '\''), ('"', '"'), ('{', '}')] {
            if value.starts_with(open) && value.ends_with(close) {
                return value[1..value.len() - 1].trim();
            }
        }
    }
    value
}

/// `text` split at the commas outside quotes and braces, as MLIR splits
/// the value of a list option.
fn split_list(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let (mut start, mut pos, mut braces) = (0, 0, 0usize);
    while let Some(&c) = bytes.get(pos) {
        match c {
            b',' if braces == 0 => {
                items.push(&text[start..pos]);
                start = pos + 1;
            }
            b'\'' | b'"' => {
                if let Some(close) = text[pos + 1..].find(c as char) {
                    pos += 1 + close;
                }
            }
            b'{' => braces += 1,
            b'}' => braces = braces.saturating_sub(1),
            _ => {}
        }
        pos += 1;
    }
    items.push(&text[start..]);
    items
}

/// Parses a textual pipeline such as
/// `builtin.module(func.func(affine-loop-tile{tile-size=32},canonicalize))`
/// into the passes it runs, in order. A bare comma-separated list of passes
/// (no anchors) is accepted too.
pub fn parse_pass_pipeline(text: &str) -> Result<Vec<PassInvocation>, PipelineError> {
    let mut parser = Parser { text, pos: 0 };
    let passes = parser.list()?;
    parser.skip_ws();
    if parser.pos != text.len() {
        return Err(parser.error("unexpected characters after the pipeline"));
    }
    Ok(passes)
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

/// Op names that anchor a nested pipeline.
const ANCHORS: &[&str] = &["builtin.module", "func.func", "any"];

impl Parser<'_> {
    fn error(&self, message: &str) -> PipelineError {
        PipelineError {
            offset: self.pos,
            message: message.to_string(),
        }
    }

    fn skip_ws(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// `element (',' element)*` up to a `)` or the end.
    fn list(&mut self) -> Result<Vec<PassInvocation>, PipelineError> {
        let mut passes = Vec::new();
        loop {
            self.skip_ws();
            if matches!(self.peek(), None | Some(')')) {
                return Ok(passes);
            }
            passes.extend(self.element()?);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                None | Some(')') => return Ok(passes),
                Some(_) => return Err(self.error("expected ',' or ')' in pass pipeline")),
            }
        }
    }

    /// `anchor '(' list ')'` or `pass-name ('{' options '}')?`.
    fn element(&mut self) -> Result<Vec<PassInvocation>, PipelineError> {
        let start = self.pos;
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'))
            .unwrap_or(rest.len());
        if len == 0 {
            return Err(self.error("expected a pass or op name"));
        }
        let name = &rest[..len];
        self.pos += len;
        self.skip_ws();
        match self.peek() {
            Some('(') => {
                if !ANCHORS.contains(&name) {
                    return Err(PipelineError {
                        offset: start,
                        message: format!("'{name}' cannot anchor a nested pipeline (expected builtin.module or func.func)"),
                    });
                }
                self.pos += 1;
                let inner = self.list()?;
                if self.peek() != Some(')') {
                    return Err(self.error("expected ')' to close the nested pipeline"));
                }
                self.pos += 1;
                Ok(inner)
            }
            Some('{') => {
                let open = self.pos;
                let mut depth = 0usize;
                let close = self.text[open..]
                    .char_indices()
                    .find(|&(_, c)| {
                        match c {
                            '{' => depth += 1,
                            '}' => depth -= 1,
                            _ => {}
                        }
                        depth == 0
                    })
                    .map(|(i, _)| open + i)
                    .ok_or_else(|| self.error("expected '}' to close the pass options"))?;
                let options = parse_options(&self.text[open + 1..close], open + 1)?;
                self.pos = close + 1;
                Ok(vec![PassInvocation {
                    name: name.to_string(),
                    options,
                }])
            }
            _ => Ok(vec![PassInvocation::new(name)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_pipelines_agree() {
        let a = parse_pass_pipeline(
            "builtin.module(func.func(affine-loop-tile{tile-size=32 separate}))",
        )
        .unwrap();
        let b = PassInvocation::with_options("affine-loop-tile", "tile-size=32 separate").unwrap();
        assert_eq!(a, vec![b.clone()]);
        assert_eq!(b.uint_option("tile-size"), Ok(Some(32)));
        assert_eq!(b.to_string(), "affine-loop-tile{tile-size=32 separate}");
        let quoted =
            PassInvocation::with_options("affine-loop-tile", "\"tile-sizes=4,8\"").unwrap();
        assert_eq!(quoted.uint_list_option("tile-sizes"), Ok(Some(vec![4, 8])));
    }

    #[test]
    fn values_with_spaces_are_quoted_or_braced() {
        let p = PassInvocation::with_options(
            "canonicalize",
            "disable-patterns={(anonymous namespace)::A,B<x>} top-down=false",
        )
        .unwrap();
        assert_eq!(
            p.string_list_option("disable-patterns"),
            Some(vec![
                "(anonymous namespace)::A".to_string(),
                "B<x>".to_string()
            ])
        );
        assert_eq!(p.flag_or("top-down", true), Ok(false));
        let quoted = PassInvocation::with_options("p", "k='a b' j=\"c d\"").unwrap();
        assert_eq!(quoted.option("k"), Some("a b"));
        assert_eq!(quoted.option("j"), Some("c d"));
        assert_eq!(
            PassInvocation::with_options("p", "k={a,{b c}}")
                .unwrap()
                .string_list_option("k"),
            Some(vec!["a".to_string(), "{b c}".to_string()])
        );
        assert!(PassInvocation::with_options("p", "k='a b").is_err());
        let nested =
            parse_pass_pipeline("func.func(canonicalize{enable-patterns={x y}},cse)").unwrap();
        assert_eq!(nested[0].option("enable-patterns"), Some("x y"));
        assert_eq!(nested[1].name, "cse");
        assert_eq!(
            PassInvocation::with_options("p", "n=-3")
                .unwrap()
                .long_option("n"),
            Ok(Some(-3))
        );
    }

    #[test]
    fn several_anchors_and_bare_lists() {
        let p = parse_pass_pipeline("builtin.module(func.func(a,b{x=1}),func.func(c))").unwrap();
        let names: Vec<_> = p.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        assert_eq!(parse_pass_pipeline("a, b").unwrap().len(), 2);
        assert!(parse_pass_pipeline("").unwrap().is_empty());
    }

    #[test]
    fn errors_are_located() {
        let e = parse_pass_pipeline("builtin.module(func.func(a{x=1)").unwrap_err();
        assert!(e.message.contains("'}'"), "{e}");
        let e = parse_pass_pipeline("builtin.module(a(b))").unwrap_err();
        assert_eq!(e.offset, 15);
        let e = parse_pass_pipeline("a b").unwrap_err();
        assert_eq!(e.offset, 2);
        let bad = PassInvocation::with_options("p", "k=v").unwrap();
        assert!(bad.flag("k").is_err());
        assert!(bad.uint_option("k").is_err());
        assert!(PassInvocation::with_options("p", "=3").is_err());
    }

    #[test]
    fn unsigned_options_are_read_as_llvm_reads_them() {
        let p = |v: &str| PassInvocation::with_options("p", &format!("n={v}")).unwrap();
        assert_eq!(p("4294967295").uint_option("n"), Ok(Some(u32::MAX)));
        assert_eq!(p("0x10").uint_option("n"), Ok(Some(16)));
        assert_eq!(p("010").uint_option("n"), Ok(Some(8)));
        assert_eq!(p("0").uint_option("n"), Ok(Some(0)));
        for bad in [
            "4294967296",
            "9223372036854775807",
            "-1",
            "+1",
            "",
            "0x",
            "1e3",
            "08",
        ] {
            let e = p(bad).uint_option("n").unwrap_err();
            assert!(
                e.message.starts_with(&format!(
                    "for the --n option: '{bad}' value invalid for uint argument!"
                )),
                "{e}"
            );
        }
        assert_eq!(
            p("9223372036854775807").ulong_option("n"),
            Ok(Some(i64::MAX as u64))
        );
        assert!(p("18446744073709551616").ulong_option("n").is_err());
        assert_eq!(p("4,0x8").uint_list_option("n"), Ok(Some(vec![4, 8])));
        assert!(p("4,-8").uint_list_option("n").is_err());
    }
}
