//! Parsing affine maps, integer sets and expressions in MLIR's syntax, with
//! `nom`.
//!
//! Grammar (as in the MLIR language reference):
//!
//! ```text
//! map        ::= dim-list symbol-list? `->` `(` (expr (`,` expr)*)? `)`
//! set        ::= dim-list symbol-list? `:` `(` (constraint (`,` constraint)*)? `)`
//! dim-list   ::= `(` (bare-id (`,` bare-id)*)? `)`
//! constraint ::= expr (`>=` | `<=` | `==`) expr
//! expr       ::= term ((`+` | `-`) term)*
//! term       ::= operand ((`*` | `floordiv` | `ceildiv` | `mod`) operand)*
//! operand    ::= `(` expr `)` | integer | bare-id | `-` operand
//! ```
//!
//! Dims and symbols may have any bare identifier as name; they print back as
//! `d0..` and `s0..`. The wrapped forms `affine_map<...>` and
//! `affine_set<...>` are accepted too. Every error carries the byte offset
//! and the line and column where it was found.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::digit1;
use nom::combinator::recognize;
use nom::sequence::pair;
use nom::IResult;

use crate::expr::{AffineExpr, BinaryOp};
use crate::map::AffineMap;
use crate::set::{Constraint, IntegerSet};

/// A parse error with its location in the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: error: {message}")]
pub struct ParseError {
    /// Byte offset into the input.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in bytes, as MLIR counts).
    pub column: usize,
    /// What went wrong, in mlir-opt's words.
    pub message: String,
}

impl ParseError {
    fn at(input: &str, offset: usize, message: String) -> Self {
        let offset = offset.min(input.len());
        let before = &input.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        ParseError {
            offset,
            line,
            column: offset - line_start + 1,
            message,
        }
    }

    /// The error as `file:line:col: error: message`, followed by the source
    /// line and a caret under the column, as mlir-opt reports it.
    pub fn render(&self, file: &str, source: &str) -> String {
        let text = source.lines().nth(self.line - 1).unwrap_or("");
        format!(
            "{file}:{}:{}: error: {}\n{text}\n{}^",
            self.line,
            self.column,
            self.message,
            " ".repeat(self.column.saturating_sub(1))
        )
    }
}

/// The error type threaded through the nom parsers: where and what.
#[derive(Debug)]
struct PError<'a> {
    at: &'a str,
    message: Cow<'static, str>,
}

impl<'a> nom::error::ParseError<&'a str> for PError<'a> {
    fn from_error_kind(input: &'a str, kind: nom::error::ErrorKind) -> Self {
        PError {
            at: input,
            message: Cow::Owned(format!("unexpected input ({kind:?})")),
        }
    }
    fn append(_: &'a str, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

type PResult<'a, T> = IResult<&'a str, T, PError<'a>>;

/// A recoverable error at `at`; callers that report it replace the
/// message, so it is static (no allocation on the backtracking path).
fn expected<'a, T>(at: &'a str, message: &'static str) -> PResult<'a, T> {
    Err(nom::Err::Error(PError {
        at,
        message: Cow::Borrowed(message),
    }))
}

/// An unrecoverable error at `at`.
fn fatal<T>(at: &str, message: String) -> PResult<'_, T> {
    Err(nom::Err::Failure(PError {
        at,
        message: Cow::Owned(message),
    }))
}

/// Skips white space and `//` comments.
fn ws(input: &str) -> &str {
    let mut rest = input.trim_start();
    while let Some(comment) = rest.strip_prefix("//") {
        rest = comment
            .find('\n')
            .map_or("", |end| comment[end..].trim_start());
    }
    rest
}

/// `token` after optional white space; a recoverable error otherwise.
fn punct<'a>(input: &'a str, token: &str) -> PResult<'a, ()> {
    let rest = ws(input);
    match tag::<_, _, PError<'a>>(token)(rest) {
        Ok((rest, _)) => Ok((rest, ())),
        Err(_) => expected(rest, "expected punctuation"),
    }
}

fn bare_id(input: &str) -> PResult<'_, &str> {
    recognize(pair(
        take_while1(|c: char| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.'),
    ))(input)
}

/// How deeply parentheses and negations may nest in one expression.
const MAX_NESTING: u32 = 256;

/// How many binary operators one map or set may contain. Expressions are
/// trees handled recursively; bounding their size bounds the stack they
/// need, so that no input can overflow it.
const MAX_OPERATORS: u32 = 4096;

/// Names of the dims and symbols in scope, and the parser's size budget.
struct Scope<'a> {
    dims: Vec<&'a str>,
    symbols: Vec<&'a str>,
    nesting: Cell<u32>,
    operators: Cell<u32>,
}

impl<'a> Scope<'a> {
    fn new(dims: Vec<&'a str>, symbols: Vec<&'a str>) -> Self {
        Scope {
            dims,
            symbols,
            nesting: Cell::new(0),
            operators: Cell::new(0),
        }
    }

    /// Counts one more binary operator; fails past [`MAX_OPERATORS`].
    fn count_operator<'i>(&self, at: &'i str) -> PResult<'i, ()> {
        let n = self.operators.get() + 1;
        self.operators.set(n);
        if n > MAX_OPERATORS {
            return fatal(
                at,
                format!("affine expression too large (more than {MAX_OPERATORS} operators)"),
            );
        }
        Ok((at, ()))
    }

    /// Enters a parenthesis or negation; fails past [`MAX_NESTING`].
    fn enter<'i>(&self, at: &'i str) -> PResult<'i, ()> {
        let n = self.nesting.get() + 1;
        self.nesting.set(n);
        if n > MAX_NESTING {
            return fatal(
                at,
                format!("affine expression nested too deeply (more than {MAX_NESTING} levels)"),
            );
        }
        Ok((at, ()))
    }

    fn leave(&self) {
        self.nesting.set(self.nesting.get().saturating_sub(1));
    }

    fn lookup(&self, name: &str) -> Option<AffineExpr> {
        if let Some(i) = self.dims.iter().position(|d| *d == name) {
            return Some(AffineExpr::dim(i as u32));
        }
        self.symbols
            .iter()
            .position(|s| *s == name)
            .map(|i| AffineExpr::symbol(i as u32))
    }
}

/// `(` id, .. `)` — declaring names, rejecting redefinitions; `list`
/// names the list in MLIR's errors. Errors about a missing token are
/// placed right after the token before, as MLIR's `emitWrongTokenError`
/// places them.
fn id_list<'a>(
    input: &'a str,
    open: &str,
    close: &str,
    list: &str,
    scope: &Scope<'a>,
) -> PResult<'a, Vec<&'a str>> {
    let (mut rest, _) = punct(input, open)?;
    let mut names: Vec<&'a str> = Vec::new();
    if let Ok((r, _)) = punct(rest, close) {
        return Ok((r, names));
    }
    loop {
        let at = ws(rest);
        let Ok((r, name)) = bare_id(at) else {
            return fatal(rest, "expected bare identifier".into());
        };
        if names.contains(&name) || scope.lookup(name).is_some() {
            return fatal(at, format!("redefinition of identifier '{name}'"));
        }
        names.push(name);
        rest = r;
        if let Ok((r, _)) = punct(rest, ",") {
            rest = r;
            continue;
        }
        return match punct(rest, close) {
            Ok((r, _)) => Ok((r, names)),
            Err(_) => fatal(rest, format!("expected '{close}' in {list}")),
        };
    }
}

fn dims_and_symbols(input: &str) -> PResult<'_, Scope<'_>> {
    let mut scope = Scope::new(Vec::new(), Vec::new());
    let (rest, dims) = match id_list(input, "(", ")", "dimensional identifier list", &scope) {
        Ok(ok) => ok,
        Err(nom::Err::Error(_)) => {
            return fatal(input, "expected '(' in dimensional identifier list".into())
        }
        Err(e) => return Err(e),
    };
    scope.dims = dims;
    let rest = match id_list(rest, "[", "]", "symbol list", &scope) {
        Ok((r, symbols)) => {
            scope.symbols = symbols;
            r
        }
        Err(nom::Err::Error(_)) => rest,
        Err(e) => return Err(e),
    };
    Ok((rest, scope))
}

/// `expr ::= term ((+|-) term)*`.
fn expr<'a>(input: &'a str, scope: &Scope<'_>) -> PResult<'a, AffineExpr> {
    let (mut rest, mut lhs) = term(input, scope)?;
    loop {
        let at = ws(rest);
        let negate = match at.as_bytes().first() {
            Some(b'+') => false,
            Some(b'-') if !at.starts_with("->") => true,
            _ => return Ok((rest, lhs)),
        };
        scope.count_operator(at)?;
        let (r, rhs) = match term(&at[1..], scope) {
            Ok(ok) => ok,
            Err(nom::Err::Error(e)) => {
                return fatal(e.at, "missing right operand of binary operator".into())
            }
            Err(e) => return Err(e),
        };
        lhs = if negate { lhs - rhs } else { lhs + rhs };
        rest = r;
    }
}

/// The high-precedence operator at the start of `input`, if any.
fn high_prec_op(input: &str) -> Option<(BinaryOp, usize)> {
    if input.starts_with('*') {
        return Some((BinaryOp::Mul, 1));
    }
    for (word, op) in [
        ("floordiv", BinaryOp::FloorDiv),
        ("ceildiv", BinaryOp::CeilDiv),
        ("mod", BinaryOp::Mod),
    ] {
        if let Some(after) = input.strip_prefix(word) {
            let continues_word = after
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.');
            if !continues_word {
                return Some((op, word.len()));
            }
        }
    }
    None
}

/// `term ::= operand ((*|floordiv|ceildiv|mod) operand)*`, left-associative.
fn term<'a>(input: &'a str, scope: &Scope<'_>) -> PResult<'a, AffineExpr> {
    let (mut rest, mut lhs) = operand(input, scope)?;
    loop {
        let at = ws(rest);
        let Some((op, len)) = high_prec_op(at) else {
            return Ok((rest, lhs));
        };
        scope.count_operator(at)?;
        let (r, rhs) = match operand(&at[len..], scope) {
            Ok(ok) => ok,
            Err(nom::Err::Error(e)) => {
                return fatal(e.at, "missing right operand of binary operator".into())
            }
            Err(e) => return Err(e),
        };
        lhs = match AffineExpr::try_binary(op, &lhs, &rhs) {
            Ok(e) => e,
            Err(_) if op == BinaryOp::Mul => {
                return fatal(
                    at,
                    "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"
                        .to_string(),
                )
            }
            Err(_) => {
                return fatal(
                    at,
                    format!(
                        "non-affine expression: right operand of {} has to be either a constant or symbolic",
                        op.spelling()
                    ),
                )
            }
        };
        rest = r;
    }
}

/// `operand ::= ( expr ) | integer | bare-id | - operand`.
fn operand<'a>(input: &'a str, scope: &Scope<'_>) -> PResult<'a, AffineExpr> {
    let at = ws(input);
    if let Some(after) = at.strip_prefix('(') {
        scope.enter(at)?;
        let parsed = expr(after, scope);
        scope.leave();
        let (rest, e) = match parsed {
            Ok(ok) => ok,
            Err(nom::Err::Error(err)) => return fatal(err.at, "expected affine expression".into()),
            Err(e) => return Err(e),
        };
        return match punct(rest, ")") {
            Ok((rest, _)) => Ok((rest, e)),
            Err(_) => fatal(ws(rest), "expected ')'".into()),
        };
    }
    if let Some(after) = at.strip_prefix('-') {
        scope.enter(at)?;
        let parsed = operand(after, scope);
        scope.leave();
        return match parsed {
            Ok((rest, e)) => Ok((rest, -e)),
            Err(nom::Err::Error(_)) => fatal(at, "missing operand of negation".into()),
            Err(e) => Err(e),
        };
    }
    if let Ok((rest, digits)) = digit1::<_, PError<'_>>(at) {
        let (rest, value) = if digits == "0" && (rest.starts_with('x') || rest.starts_with('X')) {
            let hex: PResult<'_, &str> = take_while1(|c: char| c.is_ascii_hexdigit())(&rest[1..]);
            match hex {
                Ok((r, h)) => (r, i64::from_str_radix(h, 16).ok()),
                Err(_) => return fatal(at, "expected hexadecimal digits".into()),
            }
        } else {
            (rest, digits.parse::<i64>().ok())
        };
        return match value {
            Some(v) => Ok((rest, AffineExpr::constant(v))),
            None => fatal(at, "constant too large for index".into()),
        };
    }
    if let Ok((rest, name)) = bare_id(at) {
        return match scope.lookup(name) {
            Some(e) => Ok((rest, e)),
            // A wrong token to MLIR: reported right after the token before.
            None => fatal(input, "use of undeclared identifier".into()),
        };
    }
    expected(at, "expected affine expression")
}

fn map_results<'a>(input: &'a str, scope: &Scope<'_>) -> PResult<'a, Vec<AffineExpr>> {
    let (mut rest, _) = match punct(input, "(") {
        Ok(ok) => ok,
        Err(_) => return fatal(input, "expected '(' in affine map range".into()),
    };
    let mut results = Vec::new();
    if let Ok((r, _)) = punct(rest, ")") {
        return Ok((r, results));
    }
    loop {
        let (r, e) = match expr(rest, scope) {
            Ok(ok) => ok,
            Err(nom::Err::Error(err)) => return fatal(err.at, "expected affine expression".into()),
            Err(e) => return Err(e),
        };
        results.push(e);
        if let Ok((r2, _)) = punct(r, ",") {
            rest = r2;
            continue;
        }
        return match punct(r, ")") {
            Ok((r2, _)) => Ok((r2, results)),
            Err(_) => fatal(r, "expected ')' in affine map range".into()),
        };
    }
}

fn constraint<'a>(input: &'a str, scope: &Scope<'_>) -> PResult<'a, Constraint> {
    let (rest, lhs) = match expr(input, scope) {
        Ok(ok) => ok,
        Err(nom::Err::Error(err)) => return fatal(err.at, "expected affine expression".into()),
        Err(e) => return Err(e),
    };
    let at = ws(rest);
    let (kind, after) = if let Some(a) = at.strip_prefix(">=") {
        (0, a)
    } else if let Some(a) = at.strip_prefix("<=") {
        (1, a)
    } else if let Some(a) = at.strip_prefix("==") {
        (2, a)
    } else {
        // MLIR reads a lone `>`, `<` or `=` and then wants its second
        // character, where it reports.
        let after_op = match at.as_bytes().first() {
            Some(b'>' | b'<' | b'=') => ws(&at[1..]),
            _ => at,
        };
        return fatal(
            after_op,
            "expected '== affine-expr' or '>= affine-expr' at end of affine constraint".into(),
        );
    };
    // The right side is read as a new expression, with its errors.
    let (rest, rhs) = match expr(after, scope) {
        Ok(ok) => ok,
        Err(nom::Err::Error(err)) => {
            let message = if err.at.starts_with(['+', '*']) {
                "missing left operand of binary operator"
            } else {
                "expected affine expression"
            };
            return fatal(err.at, message.into());
        }
        Err(e) => return Err(e),
    };
    let c = match kind {
        0 => Constraint::ge(lhs - rhs),
        1 => Constraint::ge(rhs - lhs),
        _ => Constraint::eq(lhs - rhs),
    };
    Ok((rest, c))
}

fn set_constraints<'a>(input: &'a str, scope: &Scope<'_>) -> PResult<'a, Vec<Constraint>> {
    let (mut rest, _) = match punct(input, "(") {
        Ok(ok) => ok,
        Err(_) => return fatal(input, "expected '(' in integer set constraint list".into()),
    };
    let mut constraints = Vec::new();
    if let Ok((r, _)) = punct(rest, ")") {
        return Ok((r, constraints));
    }
    loop {
        let (r, c) = constraint(rest, scope)?;
        constraints.push(c);
        if let Ok((r2, _)) = punct(r, ",") {
            rest = r2;
            continue;
        }
        return match punct(r, ")") {
            Ok((r2, _)) => Ok((r2, constraints)),
            Err(_) => fatal(r, "expected ')' in integer set constraint list".into()),
        };
    }
}

/// An affine map or an integer set: what follows a dim/symbol list decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapOrSet {
    /// `... -> (...)`.
    Map(AffineMap),
    /// `... : (...)`.
    Set(IntegerSet),
}

fn map_or_set(input: &str) -> PResult<'_, MapOrSet> {
    let (rest, scope) = dims_and_symbols(input)?;
    let (nd, ns) = (scope.dims.len() as u32, scope.symbols.len() as u32);
    if let Ok((rest, _)) = punct(rest, "->") {
        let (rest, results) = map_results(rest, &scope)?;
        return match AffineMap::new(nd, ns, results) {
            Ok(m) => Ok((rest, MapOrSet::Map(m))),
            Err(e) => fatal(input, e.to_string()),
        };
    }
    if let Ok((rest, _)) = punct(rest, ":") {
        let (rest, constraints) = set_constraints(rest, &scope)?;
        return match IntegerSet::new(nd, ns, constraints) {
            Ok(s) => Ok((rest, MapOrSet::Set(s))),
            Err(e) => fatal(input, e.to_string()),
        };
    }
    fatal(rest, "expected '->' or ':'".into())
}

/// `affine_map<...>`, `affine_set<...>` or the bare form.
fn maybe_wrapped(input: &str) -> PResult<'_, MapOrSet> {
    let at = ws(input);
    for keyword in ["affine_map", "affine_set"] {
        if let Some(after) = at.strip_prefix(keyword) {
            let what = if keyword == "affine_map" {
                "affine map"
            } else {
                "integer set"
            };
            let (rest, _) = match punct(after, "<") {
                Ok(ok) => ok,
                Err(_) => return fatal(after, format!("expected '<' in {what}")),
            };
            let (rest, parsed) = map_or_set(rest)?;
            let is_map = matches!(parsed, MapOrSet::Map(_));
            if is_map != (keyword == "affine_map") {
                return fatal(
                    at,
                    format!(
                        "'{keyword}' holds an {}",
                        if is_map { "affine map" } else { "integer set" }
                    ),
                );
            }
            return match punct(rest, ">") {
                Ok((rest, _)) => Ok((rest, parsed)),
                Err(_) => fatal(rest, format!("expected '>' in {what}")),
            };
        }
    }
    map_or_set(input)
}

fn run<T>(input: &str, result: PResult<'_, T>) -> Result<(T, usize), ParseError> {
    match result {
        Ok((rest, value)) => Ok((value, input.len() - rest.len())),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(ParseError::at(
            input,
            input.len() - e.at.len(),
            e.message.into_owned(),
        )),
        Err(nom::Err::Incomplete(_)) => Err(ParseError::at(
            input,
            input.len(),
            "unexpected end of input".into(),
        )),
    }
}

fn whole<T>(input: &str, parsed: Result<(T, usize), ParseError>) -> Result<T, ParseError> {
    let (value, used) = parsed?;
    let rest = ws(&input[used..]);
    if rest.is_empty() {
        Ok(value)
    } else {
        Err(ParseError::at(
            input,
            input.len() - rest.len(),
            "unexpected characters after the end".into(),
        ))
    }
}

/// Parses a map or set (bare or wrapped) at the start of `input`, returning
/// it and the number of bytes consumed.
pub fn parse_map_or_set_prefix(input: &str) -> Result<(MapOrSet, usize), ParseError> {
    run(input, maybe_wrapped(input))
}

/// Parses a whole string as a map or set (bare or wrapped).
///
/// ```
/// use tessera_affine::parse::{parse_map_or_set, MapOrSet};
/// assert!(matches!(parse_map_or_set("affine_set<(d0) : (d0 >= 0)>"), Ok(MapOrSet::Set(_))));
/// let err = parse_map_or_set("(d0) -> (d0 + d3)").unwrap_err();
/// assert_eq!(err.to_string(), "1:14: error: use of undeclared identifier");
/// ```
pub fn parse_map_or_set(input: &str) -> Result<MapOrSet, ParseError> {
    whole(input, parse_map_or_set_prefix(input))
}

/// Parses an affine map (bare or wrapped) at the start of `input`, returning
/// it and the number of bytes consumed.
pub fn parse_affine_map_prefix(input: &str) -> Result<(AffineMap, usize), ParseError> {
    match parse_map_or_set_prefix(input)? {
        (MapOrSet::Map(m), used) => Ok((m, used)),
        (MapOrSet::Set(_), _) => Err(ParseError::at(
            input,
            input.len() - ws(input).len(),
            "expected an affine map, found an integer set".into(),
        )),
    }
}

/// Parses a whole string as an affine map (bare or wrapped).
pub fn parse_affine_map(input: &str) -> Result<AffineMap, ParseError> {
    whole(input, parse_affine_map_prefix(input))
}

/// Parses an integer set (bare or wrapped) at the start of `input`,
/// returning it and the number of bytes consumed.
pub fn parse_integer_set_prefix(input: &str) -> Result<(IntegerSet, usize), ParseError> {
    match parse_map_or_set_prefix(input)? {
        (MapOrSet::Set(s), used) => Ok((s, used)),
        (MapOrSet::Map(_), _) => Err(ParseError::at(
            input,
            input.len() - ws(input).len(),
            "expected an integer set, found an affine map".into(),
        )),
    }
}

/// Parses a whole string as an integer set (bare or wrapped).
pub fn parse_integer_set(input: &str) -> Result<IntegerSet, ParseError> {
    whole(input, parse_integer_set_prefix(input))
}

/// Parses one affine expression whose identifiers are the given dim and
/// symbol names (in order), e.g. for expressions read on their own.
///
/// ```
/// use tessera_affine::parse::parse_affine_expr;
/// let e = parse_affine_expr("i * 2 + N floordiv 4", &["i"], &["N"]).unwrap();
/// assert_eq!(e.to_string(), "d0 * 2 + s0 floordiv 4");
/// ```
pub fn parse_affine_expr(
    input: &str,
    dims: &[&str],
    symbols: &[&str],
) -> Result<AffineExpr, ParseError> {
    let scope = Scope::new(dims.to_vec(), symbols.to_vec());
    let parsed = run(
        input,
        expr(input, &scope).map_err(|e| match e {
            nom::Err::Error(err) => nom::Err::Failure(PError {
                at: err.at,
                message: Cow::Borrowed("expected affine expression"),
            }),
            other => other,
        }),
    );
    whole(input, parsed)
}

impl std::str::FromStr for AffineMap {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_affine_map(s)
    }
}

impl std::str::FromStr for IntegerSet {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_integer_set(s)
    }
}

impl fmt::Display for MapOrSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapOrSet::Map(m) => m.fmt(f),
            MapOrSet::Set(s) => s.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_and_associativity() {
        let m = parse_affine_map(
            "(d0, d1) -> (d0 - d1 - 1, d0 * 2 floordiv 3, -d0 floordiv 2, d0 mod 4 * 2)",
        )
        .unwrap();
        assert_eq!(m.evaluate(&[5, 2], &[]).unwrap(), vec![2, 3, -3, 2]);
        assert_eq!(
            m.to_string(),
            "(d0, d1) -> (d0 - d1 - 1, (d0 * 2) floordiv 3, (-d0) floordiv 2, (d0 mod 4) * 2)"
        );
    }

    #[test]
    fn named_identifiers_and_wrapped_forms() {
        let m = parse_affine_map("affine_map<(i, j)[N] -> (i + j * N)>").unwrap();
        assert_eq!(m.to_string(), "(d0, d1)[s0] -> (d0 + d1 * s0)");
        assert_eq!(
            m.wrapped().to_string(),
            "affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>"
        );
        let s = parse_integer_set("(d0, d1) : (d0 >= d1, d1 <= 4 * d0, d0 == 3)").unwrap();
        assert_eq!(
            s.to_string(),
            "(d0, d1) : (d0 - d1 >= 0, d0 * 4 - d1 >= 0, d0 - 3 == 0)"
        );
    }

    #[test]
    fn errors_are_located() {
        let cases = [
            ("(d0, d1) -> (d0 * d1)", 1, 17, "non-affine expression"),
            (
                "(d0) -> (d0 floordiv d0)",
                1,
                13,
                "right operand of floordiv",
            ),
            ("(d0) -> (d0 + )", 1, 15, "missing right operand"),
            ("(d0) -> (d0", 1, 12, "expected ')' in affine map range"),
            ("(d0, d0) -> (d0)", 1, 6, "redefinition of identifier 'd0'"),
            ("(d0)\n -> (d1)", 2, 6, "use of undeclared identifier"),
            (
                "(d0) -> (99999999999999999999)",
                1,
                10,
                "constant too large",
            ),
            ("(d0) (d0)", 1, 5, "expected '->' or ':'"),
            (
                "(d0) : (d0 > 0)",
                1,
                14,
                "expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
            ),
            ("(d0) -> (d0) extra", 1, 14, "unexpected characters"),
        ];
        for (input, line, column, message) in cases {
            let err = parse_map_or_set(input).unwrap_err();
            assert_eq!((err.line, err.column), (line, column), "{input}: {err}");
            assert!(err.message.contains(message), "{input}: {err}");
        }
    }
}
