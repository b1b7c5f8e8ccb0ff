//! The parser: a hand-written recursive-descent parser over the source text
//! (the "lexer" is the set of token-reading methods on [`Parser`]), for the
//! generic op form, types, attributes and alias definitions. Custom op
//! syntax lives in [`crate::syntax`].

use std::collections::HashMap;

use tessera_affine::parse::{parse_map_or_set_prefix, MapOrSet};

use crate::attr::Attribute;
use crate::error::Diagnostic;
use crate::ir::{
    set_named, BlockData, BlockId, Location, Module, NamedAttr, OpId, RegionData, RegionId, Value,
    ValueDef,
};
use crate::location::DebugLoc;
use crate::types::{Layout, Type, DYNAMIC};

/// The ops of our subset that keep their inherent attributes as
/// attributes, not properties, in MLIR 19 (`affine.if`'s `condition`,
/// the affine DMA ops' maps): their generic form rejects `<{...}>`.
const WITHOUT_PROPERTIES: &[&str] = &["affine.if", "affine.dma_start", "affine.dma_wait"];

/// Why MLIR cannot convert the `<{...}>` properties of a generic op to
/// the op's property storage, in mlir-opt 19's words: properties given
/// to an op without any, or an `operandSegmentSizes` that is not an
/// `array<i32: ...>` of one size per operand segment.
fn invalid_properties(state: &OpState) -> Option<String> {
    if !state.props.is_empty() && WITHOUT_PROPERTIES.contains(&state.name.as_str()) {
        return Some("this operation does not support properties".to_string());
    }
    let (_, sizes) = state
        .props
        .iter()
        .find(|(n, _)| n == "operandSegmentSizes")?;
    crate::syntax::segment_sizes_error(&state.name, sizes)
}

/// Deepest nesting of operations, regions, types or attributes accepted;
/// deeper input is rejected rather than risking stack exhaustion. A loop
/// level takes two (its op and its region), so this admits loop nests over
/// 500 deep (mlir-opt 19 takes about 200). Parsing, verifying, printing
/// and running recurse once per level: `tessera-opt` and `tessera-calc` do
/// their work on a large stack (`tessera::with_tool_stack`), and library
/// users with deep inputs should too.
pub const MAX_DEPTH: usize = 1024;

/// A parse result.
pub type PResult<T> = Result<T, Diagnostic>;

/// An operation under construction: what a custom or generic parser read.
#[derive(Debug, Default)]
pub struct OpState {
    /// Full op name.
    pub name: String,
    /// Operand values.
    pub operands: Vec<Value>,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Inherent attributes.
    pub props: Vec<NamedAttr>,
    /// Discardable attributes.
    pub attrs: Vec<NamedAttr>,
    /// Detached regions, adopted by the op when it is created.
    pub regions: Vec<RegionId>,
    /// Successor blocks (of a branching terminator).
    pub successors: Vec<BlockId>,
}

/// An SSA name being defined as a block argument: `%name : type`.
#[derive(Clone, Debug)]
pub struct ArgDef {
    /// The name without `%`.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// Where it was written.
    pub loc: Location,
}

/// The block names of one region: each name's block and, while the
/// block is only referenced (by a branch above its label), where it was
/// first named.
struct BlockScope {
    region: RegionId,
    names: HashMap<String, (BlockId, Option<usize>)>,
}

/// A number literal as written.
enum NumberLiteral<'a> {
    /// `0x...`: the bits (of an integer, or of a float's encoding).
    Hex {
        /// A leading `-`.
        neg: bool,
        /// The value of the hexadecimal digits.
        bits: u64,
    },
    /// A decimal literal.
    Decimal {
        /// Its text, sign included (`- 1`, which MLIR reads as two
        /// tokens, is `-1`).
        text: std::borrow::Cow<'a, str>,
        /// Whether it has a fraction (`1.5`, `2.0e3`).
        is_float: bool,
    },
}

/// The `<...>` of a `dense` attribute as written.
struct DenseLiteral<'a> {
    /// The elements, row-major.
    elements: Vec<DenseElement<'a>>,
    /// The shape of its lists; `None` for a splat or `dense<>`.
    shape: Option<Vec<i64>>,
    /// Whether anything stood between `<` and `>`.
    written: bool,
    /// `dense<"0x...">`: the raw little-endian bytes, and where the string
    /// starts.
    hex: Option<(usize, Vec<u8>)>,
}

/// One element of a `dense<...>` literal and where it starts.
enum DenseElement<'a> {
    Number(usize, NumberLiteral<'a>),
    Bool(usize, bool),
}

/// Parser state over one source file.
pub struct Parser<'a> {
    /// The source text.
    pub src: &'a str,
    /// Current byte offset.
    pub pos: usize,
    /// The module being built.
    pub m: Module,
    /// The names defined in each region being parsed, innermost last. As
    /// in MLIR's parser, a name is visible in every region nested in its
    /// own, isolated or not (the verifier refuses a use across an
    /// isolation), and goes when its region ends.
    scopes: Vec<HashMap<String, Value>>,
    /// Per isolated region being parsed (a function body, the module),
    /// the names used before their definition (allowed in a region of
    /// several blocks, where dominance, not order, decides): each with
    /// its placeholder value and where it was first used.
    forward: Vec<HashMap<String, (Value, usize)>>,
    /// Placeholders whose type no use has told yet.
    untyped: std::collections::HashSet<Value>,
    /// Placeholders resolved to their definitions, replaced once the
    /// module is parsed.
    resolved: HashMap<Value, Value>,
    /// Block names of the regions being parsed, innermost last.
    block_scopes: Vec<BlockScope>,
    attr_aliases: HashMap<String, Attribute>,
    /// `#name = loc(...)` definitions.
    pub(crate) loc_aliases: HashMap<String, DebugLoc>,
    /// Uses `loc(#name)` before the alias's definition: the debug location
    /// to fill, the name, and where it was used.
    pub(crate) deferred_locs: Vec<(u32, String, usize)>,
    type_aliases: HashMap<String, Type>,
    depth: usize,
    /// Where each value was used by the op being parsed (its first use
    /// there), or else last used, for type-mismatch diagnostics: MLIR
    /// resolves an op's operands in order, so the first use of a value
    /// among them is the one it reports.
    last_use: HashMap<Value, usize>,
    /// Where the op being parsed starts.
    op_start: usize,
    /// The op whose custom parser is reading, for MLIR's `custom op`
    /// prefix of the errors it reports itself.
    pub(crate) custom_op: Option<String>,
    /// Where each named value was defined (its name), for the note after a
    /// redefinition.
    defined_at: HashMap<Value, usize>,
    /// Default dialects of the enclosing ops (`func` inside `func.func`).
    pub default_dialect: Vec<&'static str>,
    /// Byte offset of the start of each line, for locations in
    /// logarithmic time (counting newlines from the start of the file for
    /// every op made parsing quadratic).
    line_starts: Vec<usize>,
}

/// Parses a whole file. A file whose top level is not a single
/// `builtin.module` is wrapped in an implicit one, as MLIR does.
pub fn parse_module(file: &str, src: &str) -> Result<Module, Diagnostic> {
    let mut p = Parser {
        src,
        pos: 0,
        m: Module::new(file),
        scopes: vec![HashMap::new()],
        forward: vec![HashMap::new()],
        untyped: std::collections::HashSet::new(),
        resolved: HashMap::new(),
        block_scopes: Vec::new(),
        attr_aliases: HashMap::new(),
        loc_aliases: HashMap::new(),
        deferred_locs: Vec::new(),
        type_aliases: HashMap::new(),
        depth: 0,
        last_use: HashMap::new(),
        op_start: 0,
        custom_op: None,
        defined_at: HashMap::new(),
        default_dialect: vec!["builtin"],
        line_starts: std::iter::once(0)
            .chain(
                src.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect(),
    };
    let body = p.m.body();
    loop {
        p.skip_ws();
        if p.at_end() {
            break;
        }
        if p.peek_char() == Some('#') || p.peek_char() == Some('!') {
            p.parse_alias_definition()?;
            continue;
        }
        let op = p.parse_operation()?;
        p.m.append_op(body, op);
    }
    p.finish_forward_scope()?;
    p.resolve_deferred_locs()?;
    p.replace_forward_references();
    let ops = p.m.blocks[body].ops.clone();
    if ops.len() == 1 && p.m.ops[ops[0]].name == "builtin.module" {
        let inner = ops[0];
        p.m.detach_op(inner);
        p.m.top = inner;
    } else {
        // MLIR's implicit module is at `file:0:0`.
        let top = p.m.top;
        p.m.ops[top].loc = Location::at(0, 0);
    }
    Ok(p.m)
}

/// The default memory space: an integer attribute of value 0.
fn is_default_space(space: &Attribute) -> bool {
    matches!(space, Attribute::Integer { value: 0, .. })
}

/// Whether MLIR's lexer reads `word` as an integer type (`i32`, `si8`,
/// `ui16`), which no op name can be (keywords can).
fn is_integer_type(word: &str) -> bool {
    ["i", "si", "ui"].iter().any(|prefix| {
        word.strip_prefix(prefix)
            .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Whether `c` may continue an identifier (`%name`, `^bb`, `#alias`).
pub(crate) fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"_$.-".contains(&c)
}

impl<'a> Parser<'a> {
    // ----- lexical level -------------------------------------------------

    /// An error of the custom parser of op `name`, at byte offset `at`:
    /// MLIR words the errors an op's parser reports itself
    /// `custom op '<name>' <message>`.
    pub fn custom_error(&self, name: &str, at: usize, msg: impl std::fmt::Display) -> Diagnostic {
        self.error_at(at, format!("custom op '{name}' {msg}"))
    }

    /// A diagnostic at byte offset `at` (at the end of the input, where
    /// MLIR's end-of-file token is: only a wrong token's error, see
    /// [`Parser::error`], points back before it).
    pub fn error_at(&self, at: usize, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.m.file, self.src, self.loc_at(at), msg)
    }

    /// A diagnostic about the next token, placed as MLIR's
    /// `emitWrongTokenError` places it: right after the previous token,
    /// backing up over blanks, blank lines and line comments (at the token
    /// itself when nothing precedes it).
    pub fn error(&mut self, msg: impl Into<String>) -> Diagnostic {
        self.skip_ws();
        let at = if self.pos >= self.src.len() {
            self.src.len().saturating_sub(1)
        } else {
            self.pos
        };
        let mut before = &self.src[..at];
        let at = loop {
            before = before.trim_end_matches([' ', '\t']);
            match before.as_bytes().last() {
                None => break at,
                Some(b'\n' | b'\r') => {
                    before = &before[..before.len() - 1];
                    let line_start = before.rfind(['\n', '\r']).unwrap_or(0);
                    if let Some(comment) = before[line_start..].find("//") {
                        before = &before[..line_start + comment];
                    }
                }
                Some(_) => break before.len(),
            }
        };
        self.error_at(at, msg)
    }

    /// The error where an op's name should be: MLIR's lexer refuses a
    /// character no token starts with, its parser any other token.
    fn not_an_op_name(&mut self) -> Diagnostic {
        self.skip_ws();
        match self.src[self.pos..].chars().next() {
            Some(c) if !(c.is_ascii_alphanumeric() || "_@#%^!\"()[]{}<>,.:=+-*?/|".contains(c)) => {
                self.error_at(self.pos, "unexpected character")
            }
            _ => self.error("expected operation name in quotes"),
        }
    }

    /// The location of offset `at`.
    pub fn loc_at(&self, at: usize) -> Location {
        let at = at.min(self.src.len());
        let line = self.line_starts.partition_point(|&start| start <= at);
        let start = self.line_starts[line.saturating_sub(1)];
        Location::at(line as u32, (at - start + 1) as u32)
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_ws(&mut self) {
        let b = self.src.as_bytes();
        while self.pos < b.len() {
            if b[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            } else if b[self.pos..].starts_with(b"//") {
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    /// At the end of input (after whitespace)?
    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.src.len()
    }

    /// The next character after whitespace.
    pub fn peek_char(&mut self) -> Option<char> {
        self.skip_ws();
        self.src[self.pos..].chars().next()
    }

    /// Does the input continue with `s` (after whitespace)?
    pub fn peek(&mut self, s: &str) -> bool {
        self.skip_ws();
        self.src[self.pos..].starts_with(s)
    }

    /// Consumes punctuation `s` if present.
    pub fn eat(&mut self, s: &str) -> bool {
        if self.peek(s) {
            if s == "-" && self.src[self.pos..].starts_with("->") {
                return false;
            }
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Consumes punctuation `s` or fails with "expected 's'".
    pub fn expect(&mut self, s: &str) -> PResult<()> {
        self.expect_or(s, &format!("expected '{s}'"))
    }

    /// Consumes punctuation `s` or fails with `msg` (MLIR's words).
    pub fn expect_or(&mut self, s: &str, msg: &str) -> PResult<()> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.error(msg))
        }
    }

    /// Reads a bare identifier `[a-zA-Z_][a-zA-Z0-9_$.]*` if present.
    pub fn bare_id(&mut self) -> Option<&'a str> {
        self.skip_ws();
        let b = self.src.as_bytes();
        let start = self.pos;
        if start < b.len() && (b[start].is_ascii_alphabetic() || b[start] == b'_') {
            let mut end = start + 1;
            while end < b.len() && (b[end].is_ascii_alphanumeric() || b"_$.".contains(&b[end])) {
                end += 1;
            }
            self.pos = end;
            Some(&self.src[start..end])
        } else {
            None
        }
    }

    /// Consumes keyword `kw` if it is the next whole identifier.
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        let save = self.pos;
        match self.bare_id() {
            Some(id) if id == kw => true,
            _ => {
                self.pos = save;
                false
            }
        }
    }

    /// Consumes keyword `kw` or fails.
    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.eat_keyword(kw) {
            return Ok(());
        }
        // An op's parser reports a missing keyword at the token it found.
        self.skip_ws();
        match &self.custom_op {
            Some(op) => Err(self.custom_error(op, self.pos, format!("expected '{kw}'"))),
            None => Err(self.error(format!("expected '{kw}'"))),
        }
    }

    /// Reads `%name` (with an optional `#N`), returning the name without
    /// `%` and the result number.
    pub fn ssa_name(&mut self) -> Option<(&'a str, Option<u32>)> {
        self.skip_ws();
        let b = self.src.as_bytes();
        if self.pos >= b.len() || b[self.pos] != b'%' {
            return None;
        }
        let start = self.pos + 1;
        let mut end = start;
        // MLIR's lexer: a name that starts with a digit is all digits.
        let digits = b.get(start).is_some_and(u8::is_ascii_digit);
        while end < b.len()
            && (if digits {
                b[end].is_ascii_digit()
            } else {
                is_id_char(b[end])
            })
        {
            end += 1;
        }
        if end == start {
            return None;
        }
        let name = &self.src[start..end];
        self.pos = end;
        let mut number = None;
        if self.pos < b.len() && b[self.pos] == b'#' {
            let ds = self.pos + 1;
            let mut de = ds;
            while de < b.len() && b[de].is_ascii_digit() {
                de += 1;
            }
            if de > ds {
                number = self.src[ds..de].parse().ok();
                self.pos = de;
            }
        }
        Some((name, number))
    }

    /// Reads the name `%name` of a value being defined (a block or region
    /// argument): no `#N` result number may follow, as in mlir-opt.
    pub fn ssa_def_name(&mut self, expected: &str) -> PResult<&'a str> {
        self.skip_ws();
        let at = self.pos;
        // MLIR reports a missing name as a wrong token: after the one
        // before it.
        let Some((name, _)) = self.ssa_name() else {
            return Err(self.error(expected));
        };
        let hash = at + 1 + name.len();
        if self.src.as_bytes().get(hash) == Some(&b'#') {
            return Err(self.error_at(hash, "result number not allowed in argument list"));
        }
        Ok(name)
    }

    /// Reads a decimal integer (with optional `-`).
    pub fn integer(&mut self) -> Option<i64> {
        self.skip_ws();
        let save = self.pos;
        let b = self.src.as_bytes();
        let mut end = self.pos;
        if end < b.len() && b[end] == b'-' {
            end += 1;
        }
        let ds = end;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
        if end == ds
            || (end < b.len()
                && (b[end] == b'.' || b[end] == b'x' && end == ds + 1 && b[ds] == b'0'))
        {
            self.pos = save;
            return None;
        }
        match self.src[self.pos..end].parse() {
            Ok(v) => {
                self.pos = end;
                Some(v)
            }
            Err(_) => {
                self.pos = save;
                None
            }
        }
    }

    /// Reads a decimal integer literal of any size: `None` when none is
    /// next, `Some(None)` when it does not fit in an `i128`.
    pub fn wide_integer(&mut self) -> Option<Option<i128>> {
        self.skip_ws();
        let b = self.src.as_bytes();
        let start = self.pos;
        let digits = start + usize::from(b.get(start) == Some(&b'-'));
        let end = digits
            + b[digits..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
        if end == digits || matches!(b.get(end), Some(b'.' | b'x' | b'e' | b'E')) {
            return None;
        }
        self.pos = end;
        Some(self.src[start..end].parse().ok())
    }

    /// Reads an integer or fails with `what`.
    pub fn expect_integer(&mut self, what: &str) -> PResult<i64> {
        self.integer()
            .ok_or_else(|| self.error(format!("expected {what}")))
    }

    /// Reads a string literal with MLIR's escapes.
    pub fn string_lit(&mut self) -> PResult<Option<String>> {
        self.skip_ws();
        let b = self.src.as_bytes();
        if self.pos >= b.len() || b[self.pos] != b'"' {
            return Ok(None);
        }
        let mut i = self.pos + 1;
        let mut out = Vec::new();
        loop {
            match b.get(i) {
                None | Some(b'\n') => {
                    return Err(self.error_at(i, "expected '\"' in string literal"))
                }
                Some(b'"') => break,
                Some(b'\\') => {
                    match b.get(i + 1) {
                        Some(b'"') => out.push(b'"'),
                        Some(b'\\') => out.push(b'\\'),
                        Some(b'n') => out.push(b'\n'),
                        Some(b't') => out.push(b'\t'),
                        Some(h)
                            if h.is_ascii_hexdigit()
                                && b.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit()) =>
                        {
                            let hex = &self.src[i + 1..i + 3];
                            out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                            i += 1;
                        }
                        _ => return Err(self.error_at(i, "unknown escape in string literal")),
                    }
                    i += 2;
                }
                Some(&c) => {
                    out.push(c);
                    i += 1;
                }
            }
        }
        self.pos = i + 1;
        Ok(Some(String::from_utf8_lossy(&out).into_owned()))
    }

    /// Enters one nesting level, failing when the input is too deep.
    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        Ok(())
    }

    /// Leaves a nesting level.
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    // ----- SSA names --------------------------------------------------

    /// The value `key` (`name` or `name#n`) names where the parser is.
    fn visible(&self, key: &str) -> Option<Value> {
        self.scopes
            .iter()
            .rev()
            .find_map(|scope| scope.get(key))
            .copied()
    }

    /// Resolves a use `%name#n` to its value.
    pub fn lookup(&self, name: &str, number: Option<u32>, at: usize) -> PResult<Value> {
        let key = match number {
            Some(n) => format!("{name}#{n}"),
            None => name.to_string(),
        };
        self.visible(&key)
            .ok_or_else(|| self.error_at(at, "use of undeclared SSA value name"))
    }

    /// Resolves a use `%name#n`, or, for a name not defined yet, returns
    /// the placeholder standing for its later definition (of type `ty`
    /// when known).
    pub(crate) fn lookup_or_forward(
        &mut self,
        name: &str,
        number: Option<u32>,
        at: usize,
        ty: Option<&Type>,
    ) -> PResult<Value> {
        if let Ok(v) = self.lookup(name, number, at) {
            return Ok(v);
        }
        let key = match number {
            Some(n) => format!("{name}#{n}"),
            None => name.to_string(),
        };
        let Some(scope) = self.forward.last() else {
            return Err(self.error_at(at, "use of undeclared SSA value name"));
        };
        if let Some(&(v, _)) = scope.get(&key) {
            return Ok(v);
        }
        let loc = self.loc_at(at);
        let holder = self
            .m
            .create_op("builtin.forward_reference", &[], &[Type::None], loc);
        let v = self.m.ops[holder].results[0];
        match ty {
            Some(t) => self.m.values[v].ty = t.clone(),
            None => {
                self.untyped.insert(v);
            }
        }
        if let Some(scope) = self.forward.last_mut() {
            scope.insert(key, (v, at));
        }
        Ok(v)
    }

    /// Ends an isolated region as MLIR's parser does: a name used but not
    /// defined in it goes on to the enclosing scope, where a value defined
    /// above takes it now, or one defined below later (the verifier then
    /// refuses a use across the isolation, in MLIR's words).
    fn hand_forward_references_out(&mut self) -> PResult<()> {
        let scope = self.forward.pop().unwrap_or_default();
        let mut pending: Vec<(String, (Value, usize))> = scope.into_iter().collect();
        pending.sort_by_key(|(_, (_, at))| *at);
        for (key, (holder, at)) in pending {
            match self.visible(&key) {
                Some(v) => {
                    let known = !self.untyped.remove(&holder);
                    let (used, defined) = (self.m.value_type(holder), self.m.value_type(v));
                    if known && used != defined {
                        return Err(self.error_at(
                            at,
                            format!("use of value '%{key}' expects different type than prior uses: '{used}' vs '{defined}'"),
                        ));
                    }
                    self.resolved.insert(holder, v);
                }
                None => match self.forward.last_mut() {
                    Some(outer) => match outer.get(&key) {
                        // Used above as well: one placeholder stands for both.
                        Some(&(other, _)) => {
                            if self.untyped.remove(&other) && !self.untyped.contains(&holder) {
                                self.m.values[other].ty = self.m.value_type(holder).clone();
                            }
                            self.untyped.remove(&holder);
                            self.resolved.insert(holder, other);
                        }
                        None => {
                            outer.insert(key, (holder, at));
                        }
                    },
                    None => return Err(self.error_at(at, "use of undeclared SSA value name")),
                },
            }
        }
        Ok(())
    }

    /// Ends the top level: a name used but never defined is an error at
    /// its first use.
    fn finish_forward_scope(&mut self) -> PResult<()> {
        let scope = self.forward.pop().unwrap_or_default();
        if let Some(&(_, at)) = scope.values().min_by_key(|(_, at)| *at) {
            return Err(self.error_at(at, "use of undeclared SSA value name"));
        }
        Ok(())
    }

    /// Replaces every placeholder by the value defined for its name.
    fn replace_forward_references(&mut self) {
        if self.resolved.is_empty() {
            return;
        }
        let mut ops = Vec::new();
        let top = self.m.top;
        self.m.walk_from(top, &mut ops);
        for op in ops {
            for v in &mut self.m.ops[op].operands {
                // A placeholder handed out of an isolated region may stand
                // for another placeholder: follow the chain.
                for _ in 0..=self.resolved.len() {
                    match self.resolved.get(v) {
                        Some(&r) => *v = r,
                        None => break,
                    }
                }
            }
        }
    }

    /// Parses an operand `%x` and resolves it.
    pub fn operand(&mut self) -> PResult<Value> {
        self.skip_ws();
        let at = self.pos;
        match self.ssa_name() {
            Some((name, n)) => {
                let v = self.lookup_or_forward(name, n, at, None)?;
                let op_start = self.op_start;
                self.last_use
                    .entry(v)
                    .and_modify(|used| {
                        if *used < op_start {
                            *used = at;
                        }
                    })
                    .or_insert(at);
                Ok(v)
            }
            None => Err(self.error("expected SSA operand")),
        }
    }

    /// Fails with MLIR's message unless `v` has type `ty`; the error points
    /// at the latest use of `v` (or at `at` when it has none).
    pub fn expect_value_type(&mut self, v: Value, ty: &Type, at: usize) -> PResult<()> {
        if self.untyped.remove(&v) {
            self.m.values[v].ty = ty.clone();
        }
        let actual = self.m.value_type(v);
        if actual == ty {
            return Ok(());
        }
        let use_at = self.last_use.get(&v).copied().unwrap_or(at);
        let b = self.src.as_bytes();
        let mut end = use_at + 1;
        while end < b.len() && is_id_char(b[end]) {
            end += 1;
        }
        let name = self.src.get(use_at..end).unwrap_or("%");
        Err(self.type_clash(use_at, name, ty, v))
    }

    /// MLIR's error for a use of `v` as `%name` with type `ty` at byte
    /// offset `at`, where `v` has another type: a note shows where `v` was
    /// defined, or first used when not defined yet.
    pub(crate) fn type_clash(&self, at: usize, name: &str, ty: &Type, v: Value) -> Diagnostic {
        let error = self.error_at(
            at,
            format!(
                "use of value '{name}' expects different type than prior uses: '{ty}' vs '{}'",
                self.m.value_type(v)
            ),
        );
        // A value not defined yet is where it was first used; a block
        // argument, where it was named; a result, where it was bound.
        let forward = self
            .forward
            .iter()
            .flat_map(|scope| scope.values())
            .find(|&&(holder, _)| holder == v)
            .map(|&(_, used_at)| self.loc_at(used_at));
        let prior = forward.or_else(|| match self.m.values[v].def {
            ValueDef::BlockArg { .. } => Some(Location {
                debug: 0,
                ..self.m.values[v].loc
            }),
            ValueDef::OpResult { .. } => self.defined_at.get(&v).map(|&at| self.loc_at(at)),
        });
        match prior {
            Some(prior) => error.with_note(prior, "prior use here"),
            None => error,
        }
    }

    /// Parses an operand if one follows.
    pub fn opt_operand(&mut self) -> PResult<Option<Value>> {
        if self.peek("%") {
            self.operand().map(Some)
        } else {
            Ok(None)
        }
    }

    /// `[%a, %b]`: MLIR's operand list in square brackets as an op's C++
    /// parser reads it (`context`: " in operand list"), or as a
    /// declarative format reads brackets around operands (`context`: "").
    pub fn bracketed_operands(&mut self, context: &str) -> PResult<Vec<Value>> {
        self.expect_or("[", &format!("expected '['{context}"))?;
        if self.eat("]") {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        if !context.is_empty() || self.peek("%") {
            loop {
                out.push(self.operand()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect_or("]", &format!("expected ']'{context}"))?;
        Ok(out)
    }

    /// Parses `%a, %b, ...` (possibly empty).
    pub fn operand_list(&mut self) -> PResult<Vec<Value>> {
        let mut out = Vec::new();
        if !self.peek("%") {
            return Ok(out);
        }
        loop {
            out.push(self.operand()?);
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    /// Fails, as MLIR's parser does, when a region's entry argument is
    /// named as a value visible where the region is, or as one used above
    /// and not yet defined.
    fn check_entry_arg_unused(&mut self, a: &ArgDef) -> PResult<()> {
        let earlier = match self.visible(&a.name) {
            Some(v) => Some(self.m.values[v].loc),
            None => self
                .forward
                .iter()
                .rev()
                .find_map(|f| f.get(&a.name))
                .map(|&(_, used_at)| self.loc_at(used_at)),
        };
        match earlier {
            Some(loc) => Err(Diagnostic::new(
                &self.m.file,
                self.src,
                a.loc,
                format!("region entry argument '%{}' is already in use", a.name),
            )
            .with_note(loc, "previously referenced here")),
            None => Ok(()),
        }
    }

    /// Defines `%name` in the innermost scope.
    pub fn define(&mut self, name: &str, v: Value, at: usize) -> PResult<()> {
        self.check_unbound(name, at)?;
        self.bind(name, v, at)
    }

    /// Refuses to define `%name` (at byte offset `at`) where it is visible:
    /// as a value or, the name of a group of results, as `%name#0`.
    fn check_unbound(&self, name: &str, at: usize) -> PResult<()> {
        let existing = self
            .visible(name)
            .or_else(|| self.visible(&format!("{name}#0")));
        let Some(earlier) = existing else {
            return Ok(());
        };
        let note = self.defined_at.get(&earlier).map(|&a| self.loc_at(a));
        let error = self.error_at(at, format!("redefinition of SSA value '%{name}'"));
        Err(match note {
            Some(loc) => error.with_note(loc, "previously defined here"),
            None => error,
        })
    }

    /// Binds `%name` (or `%name#i`) to `v` in the innermost scope, and the
    /// forward references to it.
    fn bind(&mut self, name: &str, v: Value, at: usize) -> PResult<()> {
        self.defined_at.insert(v, at);
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), v);
        }
        // A name used above, here or (handed out of an isolated region) in
        // an enclosing scope, is this value, as in MLIR's parser.
        let pending = self.forward.iter_mut().rev().find_map(|f| f.remove(name));
        if let Some((holder, used_at)) = pending {
            let known = !self.untyped.remove(&holder);
            let (used, defined) = (self.m.value_type(holder), self.m.value_type(v));
            if known && used != defined {
                // MLIR names the result `%x#0` even for one result.
                let numbered = if name.contains('#') {
                    name.to_string()
                } else {
                    format!("{name}#0")
                };
                let note = format!("previously used here with type '{used}'");
                let used_loc = self.loc_at(used_at);
                return Err(self
                    .error_at(
                        at,
                        format!("definition of SSA value '%{numbered}' has type '{defined}'"),
                    )
                    .with_note(used_loc, note));
            }
            self.resolved.insert(holder, v);
        }
        Ok(())
    }

    /// Parses `%name : type`, a function's argument.
    pub fn arg_def(&mut self) -> PResult<ArgDef> {
        self.arg_def_or("expected ':'")
    }

    /// Parses `%name : type`; `missing_colon` words a missing `:`.
    fn arg_def_or(&mut self, missing_colon: &str) -> PResult<ArgDef> {
        self.skip_ws();
        let at = self.pos;
        let name = self.ssa_def_name("expected SSA operand")?;
        self.expect_or(":", missing_colon)?;
        let ty = self.parse_type()?;
        Ok(ArgDef {
            name: name.to_string(),
            ty,
            loc: self.loc_at(at),
        })
    }

    /// A region argument's name `%name` and where it is, with the
    /// `loc(...)` written after it, as MLIR's `parseArgument` reads one.
    pub fn region_arg_name(&mut self, expected: &str) -> PResult<(&'a str, Location)> {
        self.skip_ws();
        let at = self.pos;
        let name = self.ssa_def_name(expected)?;
        let loc = self.loc_at(at);
        Ok((name, self.opt_trailing_loc(loc)?))
    }

    /// The alias `#name` of an attribute, if defined above.
    pub(crate) fn attr_alias(&self, name: &str) -> Option<&Attribute> {
        self.attr_aliases.get(name)
    }

    // ----- operations -----------------------------------------------------

    /// Parses one operation (results, name, body) and returns it detached.
    pub fn parse_operation(&mut self) -> PResult<OpId> {
        let outer = self.op_start;
        // An op in a region of a custom op is not read by its parser.
        let outer_custom = self.custom_op.take();
        self.skip_ws();
        self.op_start = self.pos;
        let op = self.operation_here();
        self.op_start = outer;
        self.custom_op = outer_custom;
        op
    }

    /// [`Parser::parse_operation`] once the op's start is recorded.
    fn operation_here(&mut self) -> PResult<OpId> {
        self.enter()?;
        self.skip_ws();
        let start = self.pos;
        let mut results: Vec<(&'a str, u32, usize)> = Vec::new();
        if self.peek("%") {
            loop {
                self.skip_ws();
                let at = self.pos;
                let (name, num) = self
                    .ssa_name()
                    .ok_or_else(|| self.error("expected valid ssa identifier"))?;
                if num.is_some() {
                    return Err(self.error_at(at, "expected result name without '#'"));
                }
                let count = if self.eat(":") {
                    self.skip_ws();
                    let count_at = self.pos;
                    let c = self
                        .integer()
                        .ok_or_else(|| self.error("expected integer number of results"))?;
                    if c < 1 {
                        return Err(self.error_at(
                            count_at,
                            "expected named operation to have at least 1 result",
                        ));
                    }
                    if c > 1 << 16 {
                        return Err(self.error_at(at, "expected positive result count"));
                    }
                    c as u32
                } else {
                    1
                };
                results.push((name, count, at));
                if !self.eat(",") {
                    break;
                }
            }
            self.expect_or("=", "expected '=' after SSA name")?;
        }
        self.skip_ws();
        let name_at = self.pos;
        let loc = self.loc_at(name_at);
        let state = if let Some(name) = self.string_lit()? {
            if name.is_empty() {
                return Err(self.error_at(name_at, "empty operation name is invalid"));
            }
            let state = self.parse_generic_body(name)?;
            if let Some(why) = invalid_properties(&state) {
                let dict: Vec<String> = state
                    .props
                    .iter()
                    .map(|(n, a)| format!("{n} = {a}"))
                    .collect();
                return Err(self.error_at(
                    name_at,
                    format!(
                        "invalid properties {{{}}} for op {}: {why}",
                        dict.join(", "),
                        state.name
                    ),
                ));
            }
            state
        } else {
            let Some(id) = self.bare_id().filter(|id| !is_integer_type(id)) else {
                self.pos = name_at;
                return Err(self.not_an_op_name());
            };
            let full = if id.contains('.') {
                id.to_string()
            } else {
                let dialect = self.default_dialect.last().copied().unwrap_or("");
                match dialect {
                    "" => id.to_string(),
                    d => format!("{d}.{id}"),
                }
            };
            crate::syntax::parse_custom(self, &full, name_at)?
        };
        let expected: u32 = results.iter().map(|r| r.1).sum();
        if !results.is_empty() && state.result_types.is_empty() {
            return Err(self.error_at(start, "cannot name an operation with no results"));
        }
        if !results.is_empty() && expected as usize != state.result_types.len() {
            return Err(self.error_at(
                start,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    state.result_types.len(),
                    expected
                ),
            ));
        }
        let loc = self.opt_trailing_loc(loc)?;
        let op = self.finish(state, loc);
        let values = self.m.ops[op].results.clone();
        let mut next = 0usize;
        for (name, count, at) in results {
            self.check_unbound(name, at)?;
            if count == 1 {
                self.bind(name, values[next], at)?;
            }
            for i in 0..count {
                self.bind(&format!("{name}#{i}"), values[next + i as usize], at)?;
            }
            next += count as usize;
        }
        self.leave();
        Ok(op)
    }

    /// Creates the op described by `state` (detached).
    pub fn finish(&mut self, state: OpState, loc: Location) -> OpId {
        let op = self
            .m
            .create_op(&state.name, &state.operands, &state.result_types, loc);
        self.m.ops[op].props = state.props;
        self.m.ops[op].attrs = state.attrs;
        for r in state.regions {
            self.m.regions[r].parent = Some(op);
            self.m.ops[op].regions.push(r);
        }
        self.m.ops[op].successors = state.successors;
        crate::syntax::normalize_generic(&mut self.m, op);
        op
    }

    /// Parses the generic form after the quoted name:
    /// `(%a) <{props}> ({regions}) {attrs} : (types) -> types`.
    fn parse_generic_body(&mut self, name: String) -> PResult<OpState> {
        let mut st = OpState {
            name,
            ..OpState::default()
        };
        self.expect_or("(", "expected '(' to start operand list")?;
        let uses = self.parse_unresolved_list()?;
        if !self.eat(")") {
            return Err(self.error("expected ')' to end operand list"));
        }
        self.skip_ws();
        if self.peek("[") {
            // (MLIR's check, at the `[`, for the ops it knows)
            if crate::syntax::is_known(&st.name)
                && !crate::syntax::TERMINATOR_OPS.contains(&st.name.as_str())
            {
                return Err(self.error("successors in non-terminator"));
            }
            self.expect("[")?;
            loop {
                st.successors.push(self.parse_successor()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect_or("]", "expected ',' or ']'")?;
        }
        if self.eat("<{") {
            self.pos -= 1;
            st.props = self.parse_dict_body()?;
            self.expect_or(">", "expected '>' to close properties")?;
        }
        if self.eat("(") {
            loop {
                let r = self.parse_region(&[], false)?;
                st.regions.push(r);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect_or(")", "expected ')' to end region list")?;
        }
        if self.peek("{") {
            st.attrs = self.parse_dict_body()?;
        }
        self.expect_or(":", "expected ':' followed by operation type")?;
        self.skip_ws();
        let ty_at = self.pos;
        let fty = self.parse_type()?;
        let Type::Function { inputs, results } = fty else {
            return Err(self.error_at(ty_at, "expected function type"));
        };
        if inputs.len() != uses.len() {
            return Err(self.error_at(
                ty_at,
                format!(
                    "expected {} operand type{} but had {}",
                    uses.len(),
                    // mlir-opt 19 prints a NUL byte for the missing 's'.
                    if uses.len() == 1 { " " } else { "s" },
                    inputs.len()
                ),
            ));
        }
        for ((name, num, at), ty) in uses.into_iter().zip(&inputs) {
            let v = self.lookup_or_forward(name, num, at, Some(ty))?;
            if self.untyped.remove(&v) {
                self.m.values[v].ty = ty.clone();
            }
            if self.m.value_type(v) != ty {
                let key = match num {
                    Some(n) => format!("%{name}#{n}"),
                    None => format!("%{name}"),
                };
                return Err(self.type_clash(at, &key, ty, v));
            }
            st.operands.push(v);
        }
        st.result_types = results;
        Ok(st)
    }

    /// Parses `%a, %b#1` without resolving (for the generic form, whose
    /// types come later).
    pub fn parse_unresolved_list(&mut self) -> PResult<Vec<(&'a str, Option<u32>, usize)>> {
        let mut out = Vec::new();
        if !self.peek("%") {
            return Ok(out);
        }
        loop {
            self.skip_ws();
            let at = self.pos;
            let (n, num) = self
                .ssa_name()
                .ok_or_else(|| self.error("expected SSA operand"))?;
            out.push((n, num, at));
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    /// Parses `{ ... }` as a region. `entry_args` (if any) are the entry
    /// block's arguments, already named by the custom syntax. An
    /// `isolated` region's names used before their definition that it does
    /// not define go on to the enclosing region when it ends (its uses of
    /// outside values resolve, as in MLIR's parser; the verifier refuses
    /// them).
    pub fn parse_region(&mut self, entry_args: &[ArgDef], isolated: bool) -> PResult<RegionId> {
        self.enter()?;
        self.expect_or("{", "expected '{' to begin a region")?;
        let region = self.m.regions.push(RegionData::default());
        self.scopes.push(HashMap::new());
        if isolated {
            self.forward.push(HashMap::new());
        }
        self.block_scopes.push(BlockScope {
            region,
            names: HashMap::new(),
        });
        let mut block = None;
        if !entry_args.is_empty() || !self.peek("^") && !self.peek("}") {
            let b = self.new_block(region);
            for a in entry_args {
                self.check_entry_arg_unused(a)?;
                let v = self.m.add_block_arg(b, a.ty.clone(), a.loc);
                let at = self.src.len().min(self.pos);
                self.define(&a.name, v, at)?;
            }
            block = Some(b);
        }
        loop {
            if self.eat("}") {
                break;
            }
            if self.at_end() {
                return Err(self.error("expected operation name in quotes"));
            }
            if self.peek("^") {
                if !entry_args.is_empty()
                    && block.is_some()
                    && self.m.regions[region].blocks.len() == 1
                    && self.m.blocks[self.m.regions[region].blocks[0]]
                        .ops
                        .is_empty()
                {
                    let at = self.pos;
                    return Err(
                        self.error_at(at, "invalid block name in region with named arguments")
                    );
                }
                let b = self.define_block()?;
                if self.eat("(") {
                    if !self.peek(")") {
                        loop {
                            let a = self.arg_def_or("expected ':' and type for SSA operand")?;
                            let loc = self.opt_trailing_loc(a.loc)?;
                            let at = self.pos;
                            let v = self.m.add_block_arg(b, a.ty, loc);
                            self.define(&a.name, v, at)?;
                            if !self.eat(",") {
                                break;
                            }
                        }
                    }
                    self.expect(")")?;
                }
                self.expect_or(":", "expected ':' after block name")?;
                block = Some(b);
                continue;
            }
            let b = match block {
                Some(b) => b,
                None => {
                    let b = self.new_block(region);
                    block = Some(b);
                    b
                }
            };
            let op = self.parse_operation()?;
            self.m.append_op(b, op);
        }
        let scope = self.block_scopes.pop();
        let undefined = scope
            .iter()
            .flat_map(|s| s.names.values())
            .filter_map(|&(_, first_use)| first_use)
            .min();
        if let Some(at) = undefined {
            return Err(self.error_at(at, "reference to an undefined block"));
        }
        self.scopes.pop();
        if isolated {
            self.hand_forward_references_out()?;
        }
        self.leave();
        Ok(region)
    }

    /// Parses a block label's name `^name` and returns its block, placed
    /// at the end of the region (a block already named by a branch above
    /// takes its place in textual order now).
    fn define_block(&mut self) -> PResult<BlockId> {
        self.skip_ws();
        let at = self.pos;
        self.pos += 1;
        let name = self
            .bare_id()
            .ok_or_else(|| self.error("expected block name"))?;
        let Some(scope) = self.block_scopes.last_mut() else {
            return Err(self.error_at(at, "block outside a region"));
        };
        let region = scope.region;
        let b = match scope.names.get_mut(name) {
            Some((_, None)) => {
                return Err(self.error_at(at, format!("redefinition of block '^{name}'")));
            }
            Some((b, first_use)) => {
                *first_use = None;
                let b = *b;
                self.m.regions[region].blocks.push(b);
                b
            }
            None => {
                let b = self.new_block(region);
                if let Some(scope) = self.block_scopes.last_mut() {
                    scope.names.insert(name.to_string(), (b, None));
                }
                b
            }
        };
        Ok(b)
    }

    /// Parses a successor `^name` and returns its block, created (not yet
    /// placed in the region) when its label comes later.
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        self.skip_ws();
        let at = self.pos;
        if !self.eat("^") {
            return Err(self.error("expected block name"));
        }
        let name = self
            .bare_id()
            .ok_or_else(|| self.error("expected block name"))?;
        let Some(scope) = self.block_scopes.last() else {
            return Err(self.error_at(at, "reference to an undefined block"));
        };
        if let Some(&(b, _)) = scope.names.get(name) {
            return Ok(b);
        }
        let region = scope.region;
        let b = self.m.blocks.push(BlockData {
            args: Vec::new(),
            ops: Vec::new(),
            parent: Some(region),
        });
        if let Some(scope) = self.block_scopes.last_mut() {
            scope.names.insert(name.to_string(), (b, Some(at)));
        }
        Ok(b)
    }

    fn new_block(&mut self, region: RegionId) -> BlockId {
        let b = self.m.blocks.push(BlockData {
            args: Vec::new(),
            ops: Vec::new(),
            parent: Some(region),
        });
        self.m.regions[region].blocks.push(b);
        b
    }

    // ----- aliases --------------------------------------------------------

    fn parse_alias_definition(&mut self) -> PResult<()> {
        self.skip_ws();
        let at = self.pos;
        let is_type = self.src[at..].starts_with('!');
        let kind = if is_type { "type" } else { "attribute" };
        self.pos += 1;
        let name = self
            .bare_id()
            .ok_or_else(|| self.error("expected alias name"))?;
        // MLIR checks the name before it reads the value.
        let defined = if is_type {
            self.type_aliases.contains_key(name)
        } else {
            self.attr_aliases.contains_key(name) || self.loc_aliases.contains_key(name)
        };
        if defined {
            return Err(self.error_at(at, format!("redefinition of {kind} alias id '{name}'")));
        }
        if name.contains('.') {
            return Err(self.error_at(
                at,
                format!("{kind} names with a '.' are reserved for dialect-defined names"),
            ));
        }
        self.expect_or("=", &format!("expected '=' in {kind} alias definition"))?;
        if is_type {
            let ty = self.parse_type()?;
            self.type_aliases.insert(name.to_string(), ty);
        } else if self.eat_keyword("loc") {
            let loc = self.location_alias_body()?;
            self.loc_aliases.insert(name.to_string(), loc);
        } else {
            let attr = self.parse_attribute()?;
            self.attr_aliases.insert(name.to_string(), attr);
        }
        Ok(())
    }

    // ----- types ----------------------------------------------------------

    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let t = self.parse_type_inner();
        self.leave();
        t
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        self.skip_ws();
        let at = self.pos;
        if self.eat("(") {
            let mut inputs = Vec::new();
            if !self.eat(")") {
                loop {
                    inputs.push(self.parse_type()?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(")")?;
            }
            self.expect_or("->", "expected '->' in function type")?;
            let results = self.parse_result_types()?;
            return Ok(Type::Function { inputs, results });
        }
        if self.eat("!") {
            let name_at = self.pos;
            let name = self
                .bare_id()
                .ok_or_else(|| self.error_at(at, "invalid type identifier"))?;
            if let Some(t) = self.type_aliases.get(name) {
                return Ok(t.clone());
            }
            if !name.contains('.') && self.src[self.pos..].starts_with('<') {
                // `!dialect<body>`: a type of a dialect tessera does not know
                self.skip_balanced()?;
                return Ok(Type::Opaque(self.src[name_at..self.pos].to_string()));
            }
            if !name.contains('.') {
                self.skip_ws();
                return Err(self.error_at(self.pos, format!("undefined symbol alias id '{name}'")));
            }
            if self.peek("<") {
                self.skip_balanced()?;
            }
            return Ok(Type::Opaque(self.src[name_at..self.pos].to_string()));
        }
        let Some(id) = self.bare_id() else {
            self.pos = at;
            let rest = &self.src[at..];
            if rest.starts_with('.') && !rest.starts_with("...") {
                // (MLIR's lexer: a dot only starts an ellipsis)
                return Err(self.error("expected three consecutive dots for an ellipsis"));
            }
            return Err(self.error("expected non-function type"));
        };
        match id {
            "index" => Ok(Type::Index),
            "f16" => Ok(Type::F16),
            "bf16" => Ok(Type::BF16),
            "f32" => Ok(Type::F32),
            "f64" => Ok(Type::F64),
            "none" => Ok(Type::None),
            "memref" => self.parse_memref(),
            "vector" | "tensor" => self.parse_vector_or_tensor(id == "vector"),
            "tuple" => {
                self.expect_or("<", "expected '<' in tuple type")?;
                let mut items = Vec::new();
                if !self.eat(">") {
                    loop {
                        items.push(self.parse_type()?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect_or(">", "expected '>' in tuple type")?;
                }
                Ok(Type::Tuple(items))
            }
            "complex" => {
                self.expect("<")?;
                let elem = self.parse_type()?;
                self.expect(">")?;
                Ok(Type::Complex(Box::new(elem)))
            }
            _ if (id.starts_with("si") || id.starts_with("ui"))
                && id.len() > 2
                && id[2..].bytes().all(|c| c.is_ascii_digit()) =>
            {
                let at = self.pos - id.len();
                match id[2..].parse::<u32>() {
                    Ok(w) if (1..(1 << 24)).contains(&w) => Ok(if id.starts_with('s') {
                        Type::SignedInteger(w)
                    } else {
                        Type::UnsignedInteger(w)
                    }),
                    Ok(w) if w >= 1 << 24 => {
                        Err(self.error_at(at, "integer bitwidth is limited to 16777215 bits"))
                    }
                    Ok(_) => {
                        self.pos = at;
                        Err(self.error("expected non-function type"))
                    }
                    Err(_) => Err(self.error_at(at, "invalid integer width")),
                }
            }
            _ => match id.strip_prefix('i').map(str::parse::<u32>) {
                Some(Ok(w)) if (1..(1 << 24)).contains(&w) => Ok(Type::Integer(w)),
                Some(Ok(w)) if w >= 1 << 24 => Err(self.error_at(
                    self.pos - id.len(),
                    "integer bitwidth is limited to 16777215 bits",
                )),
                Some(Err(_)) if id.len() > 1 && id[1..].bytes().all(|c| c.is_ascii_digit()) => {
                    Err(self.error_at(self.pos - id.len(), "invalid integer width"))
                }
                _ => {
                    self.pos = at;
                    Err(self.error("expected non-function type"))
                }
            },
        }
    }

    /// Parses a result type list: a single type or `(t1, t2)`.
    pub fn parse_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.peek("(") {
            let save = self.pos;
            self.pos += 1;
            let mut out = Vec::new();
            if self.eat(")") {
                if self.peek("->") {
                    self.pos = save;
                    return Ok(vec![self.parse_type()?]);
                }
                return Ok(out);
            }
            loop {
                out.push(self.parse_type()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(")")?;
            if self.peek("->") {
                self.pos = save;
                return Ok(vec![self.parse_type()?]);
            }
            return Ok(out);
        }
        Ok(vec![self.parse_type()?])
    }

    /// Reads `4x?x` dimensions (and `[8]x` scalable ones when allowed).
    fn parse_dims(&mut self, allow_scalable: bool) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        let b = self.src.as_bytes();
        loop {
            self.skip_ws();
            let start = self.pos;
            let mut i = self.pos;
            let sc = allow_scalable && b.get(i) == Some(&b'[');
            if sc {
                i += 1;
            }
            let dim = if b.get(i) == Some(&b'?') {
                i += 1;
                DYNAMIC
            } else {
                let ds = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if i == ds {
                    self.pos = start;
                    break;
                }
                match self.src[ds..i].parse::<i64>() {
                    Ok(v) => v,
                    Err(_) => return Err(self.error_at(ds, "invalid dimension")),
                }
            };
            if sc {
                if b.get(i) != Some(&b']') {
                    return Err(self.error_at(i, "missing ']' closing scalable dimension"));
                }
                i += 1;
            }
            // MLIR's lexer allows whitespace before the `x` (`512 x f32`).
            let mut x = i;
            while x < b.len() && b[x].is_ascii_whitespace() {
                x += 1;
            }
            if b.get(x) != Some(&b'x') {
                if sc || dim == DYNAMIC {
                    return Err(self.error_at(i, "expected 'x' in dimension list"));
                }
                self.pos = start;
                break;
            }
            self.pos = x + 1;
            shape.push(dim);
            scalable.push(sc);
        }
        Ok((shape, scalable))
    }

    fn parse_memref(&mut self) -> PResult<Type> {
        self.expect_or("<", "expected '<' in memref type")?;
        if self.eat("*") {
            self.skip_ws();
            if !self.src[self.pos..].starts_with('x') {
                return Err(self.error("expected 'x' in dimension list"));
            }
            self.pos += 1;
            let elem = Box::new(self.parse_type()?);
            let space = if self.eat(",") {
                Some(Box::new(self.parse_attribute()?))
            } else {
                None
            };
            self.expect_or(">", "expected ',' or '>' in memref type")?;
            let space = space.filter(|s| !is_default_space(s));
            return Ok(Type::UnrankedMemRef { elem, space });
        }
        let (shape, _) = self.parse_dims(false)?;
        let elem_at = self.pos;
        let elem = self.parse_type()?;
        if !(elem.is_int_or_index()
            || elem.is_float()
            || matches!(
                elem,
                Type::SignedInteger(_)
                    | Type::UnsignedInteger(_)
                    | Type::Complex(_)
                    | Type::Vector { .. }
                    | Type::MemRef { .. }
                    | Type::Opaque(_)
            ))
        {
            return Err(self.error_at(elem_at, "invalid memref element type"));
        }
        let mut layout = None;
        let mut space = None;
        // MLIR words a missing `>` after the element type with the type's
        // name, after a layout or memory space without (its list parser).
        let mut close = "expected ',' or '>' in memref type";
        while self.eat(",") {
            close = "expected ',' or '>'";
            self.skip_ws();
            let at = self.pos;
            if self.eat_keyword("strided") {
                layout = Some(self.parse_strided()?);
                if space.is_some() {
                    self.skip_ws();
                    let after = self.pos;
                    return Err(
                        self.error_at(after, "expected memory space to be last in memref type")
                    );
                }
                continue;
            }
            let attr = self.parse_attribute()?;
            // MLIR reports these at the token after the attribute.
            self.skip_ws();
            let after = self.pos;
            match attr {
                Attribute::AffineMap(_) if space.is_some() => {
                    return Err(
                        self.error_at(after, "expected memory space to be last in memref type")
                    );
                }
                Attribute::AffineMap(m) => {
                    if m.num_dims() as usize != shape.len() {
                        return Err(self.error_at(
                            at,
                            "memref layout mismatch between rank and affine map: ".to_string()
                                + &format!("{} != {}", shape.len(), m.num_dims()),
                        ));
                    }
                    layout = Some(Layout::Map(m))
                }
                _ if space.is_some() => {
                    return Err(
                        self.error_at(after, "multiple memory spaces specified in memref type")
                    );
                }
                other => space = Some(Box::new(other)),
            }
        }
        self.expect_or(">", close)?;
        if let Some(Layout::Strided { strides, .. }) = &layout {
            if strides.len() != shape.len() {
                return Err(
                    self.error_at(elem_at, "expected the number of strides to match the rank")
                );
            }
        }
        // MLIR drops an identity layout and the default memory space (an
        // integer 0): `memref<4xf32, affine_map<(d0) -> (d0)>, 0>` is
        // `memref<4xf32>`.
        let layout = layout.filter(|l| !matches!(l, Layout::Map(m) if m.is_identity()));
        let space = space.filter(|s| !is_default_space(s));
        Ok(Type::MemRef {
            shape,
            elem: Box::new(elem),
            layout,
            space,
        })
    }

    fn parse_strided(&mut self) -> PResult<Layout> {
        self.expect_or("<", "expected '<' after 'strided'")?;
        self.expect("[")?;
        let mut strides = Vec::new();
        if !self.eat("]") {
            loop {
                strides.push(self.dyn_int()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("]")?;
        }
        let mut offset = 0;
        if self.eat(",") {
            if !self.eat_keyword("offset") {
                return Err(self.error("expected 'offset' after comma"));
            }
            self.expect_or(":", "expected ':' after 'offset'")?;
            offset = self.dyn_int()?;
        } else if !self.peek(">") {
            return Err(self.error("expected ','"));
        }
        self.expect(">")?;
        Ok(Layout::Strided { strides, offset })
    }

    fn dyn_int(&mut self) -> PResult<i64> {
        if self.eat("?") {
            Ok(DYNAMIC)
        } else {
            self.expect_integer("a 64-bit signed integer or '?'")
        }
    }

    fn parse_vector_or_tensor(&mut self, vector: bool) -> PResult<Type> {
        let kind = if vector { "vector" } else { "tensor" };
        self.expect_or("<", &format!("expected '<' in {kind} type"))?;
        if !vector && self.eat("*") {
            self.skip_ws();
            if !self.src[self.pos..].starts_with('x') {
                return Err(self.error("expected 'x' in dimension list"));
            }
            self.pos += 1;
            let elem = self.parse_type()?;
            self.expect_or(">", "expected '>' in tensor type")?;
            return Ok(Type::UnrankedTensor(Box::new(elem)));
        }
        let (shape, scalable) = self.parse_dims(vector)?;
        let elem_at = self.pos;
        let elem = Box::new(self.parse_type()?);
        if vector {
            if shape.iter().any(|&d| d == DYNAMIC || d <= 0) {
                return Err(
                    self.error_at(elem_at, "vector types must have positive constant sizes")
                );
            }
            if !(elem.is_int_or_index() || elem.is_float() || elem.is_any_integer()) {
                return Err(self.error_at(elem_at, "vector elements must be int/index/float type"));
            }
            self.expect_or(">", "expected '>' in vector type")?;
            return Ok(Type::Vector {
                shape,
                scalable,
                elem,
            });
        }
        let encoding = if self.eat(",") {
            Some(Box::new(self.parse_attribute()?))
        } else {
            None
        };
        self.expect_or(">", "expected '>' in tensor type")?;
        Ok(Type::Tensor {
            shape,
            elem,
            encoding,
        })
    }

    /// Skips a balanced `<...>` group (for opaque dialect types/attributes).
    fn skip_balanced(&mut self) -> PResult<()> {
        let b = self.src.as_bytes();
        let mut nested: Vec<u8> = Vec::new();
        let mut i = self.pos;
        if b.get(i) != Some(&b'<') {
            return Err(self.error("expected '<'"));
        }
        let unbalanced = |p: &Self, at: usize, open: u8| {
            p.error_at(
                at,
                format!(
                    "unbalanced '{}' character in pretty dialect name",
                    open as char
                ),
            )
        };
        // (MLIR's `parseDialectSymbolBody`: brackets must nest, `->` is
        // one token, strings are skipped whole)
        loop {
            let Some(&c) = b.get(i) else {
                return Err(match nested.last() {
                    Some(&open) => unbalanced(self, b.len(), open),
                    None => self.error_at(b.len(), "unexpected nul or EOF in pretty dialect name"),
                });
            };
            i += 1;
            let want = match c {
                b'<' | b'(' | b'[' | b'{' => {
                    nested.push(c);
                    continue;
                }
                b'-' => {
                    if b.get(i) == Some(&b'>') {
                        i += 1;
                    }
                    continue;
                }
                b'>' => b'<',
                b')' => b'(',
                b']' => b'[',
                b'}' => b'{',
                b'"' => {
                    while i < b.len() && b[i] != b'"' {
                        if b[i] == b'\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                    i += 1;
                    continue;
                }
                _ => continue,
            };
            match nested.last() {
                Some(&open) if open == want => {
                    nested.pop();
                }
                Some(&open) => return Err(unbalanced(self, i - 1, open)),
                None => break,
            }
            if nested.is_empty() {
                break;
            }
        }
        self.pos = i;
        Ok(())
    }

    // ----- attributes -----------------------------------------------------

    /// Parses an attribute value.
    pub fn parse_attribute(&mut self) -> PResult<Attribute> {
        self.enter()?;
        let a = self.parse_attribute_inner();
        self.leave();
        a
    }

    fn parse_attribute_inner(&mut self) -> PResult<Attribute> {
        self.skip_ws();
        let at = self.pos;
        let rest = &self.src[self.pos..];
        let keyword_here = |kw: &str| {
            rest.strip_prefix(kw)
                .is_some_and(|after| !after.bytes().next().is_some_and(is_id_char))
        };
        if keyword_here("affine_map") || keyword_here("affine_set") {
            return self.parse_map_or_set_here().map(|ms| match ms {
                MapOrSet::Map(m) => Attribute::AffineMap(m),
                MapOrSet::Set(s) => Attribute::IntegerSet(s),
            });
        }
        if let Some(s) = self.string_lit()? {
            if self.eat(":") {
                self.parse_type()?;
            }
            return Ok(Attribute::String(s));
        }
        if self.eat("[") {
            let mut items = Vec::new();
            if !self.eat("]") {
                loop {
                    items.push(self.parse_attribute()?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect_or("]", "expected ',' or ']'")?;
            }
            return Ok(Attribute::Array(items));
        }
        if self.peek("{") {
            return Ok(Attribute::Dict(self.parse_dict_body()?));
        }
        if self.eat("@") {
            let mut path = vec![self.symbol_name_after_at()?];
            while self.eat("::") {
                self.expect("@")?;
                path.push(self.symbol_name_after_at()?);
            }
            return Ok(Attribute::SymbolRef(path));
        }
        if self.eat("#") {
            let name_at = self.pos;
            let name = self
                .bare_id()
                .ok_or_else(|| self.error("expected attribute alias name"))?;
            if let Some(a) = self.attr_aliases.get(name) {
                return Ok(a.clone());
            }
            if !name.contains('.') {
                self.skip_ws();
                return Err(self.error_at(self.pos, format!("undefined symbol alias id '{name}'")));
            }
            if matches!(name, "arith.fastmath" | "arith.overflow") && self.peek("<") {
                return self.flags_attr(name);
            }
            if self.peek("<") {
                self.skip_balanced()?;
            }
            return Ok(Attribute::Opaque(self.src[name_at..self.pos].to_string()));
        }
        if rest.starts_with('-') || rest.starts_with(|c: char| c.is_ascii_digit()) {
            return self.parse_number_attr();
        }
        let save = self.pos;
        if let Some(id) = self.bare_id() {
            match id {
                "true" => return Ok(Attribute::Bool(true)),
                "false" => return Ok(Attribute::Bool(false)),
                "unit" => return Ok(Attribute::Unit),
                "array" => return self.parse_dense_array(),
                "dense" => return self.parse_dense(),
                "dense_resource" => {
                    let handle = self.resource_handle()?;
                    let colon = self.pos;
                    self.expect(":")?;
                    let ty = self.parse_type()?;
                    if ty.element_type().is_none() {
                        return Err(self.error_at(colon, "`dense_resource` expected a shaped type"));
                    }
                    return Ok(Attribute::DenseResource { handle, ty });
                }
                _ => {}
            }
            self.pos = save;
        }
        // As MLIR's parser: a token that starts a type makes a type
        // attribute, and the type's own error; any other is a wrong token.
        match self.parse_type() {
            Ok(t) => Ok(Attribute::Type(t)),
            Err(e) if self.type_starts_at(at) => Err(e),
            Err(_) => {
                self.pos = at;
                Err(self.error("expected attribute value"))
            }
        }
    }

    /// Whether the token at byte offset `at` starts a builtin or dialect
    /// type (MLIR's `parseOptionalType` would take it).
    fn type_starts_at(&self, at: usize) -> bool {
        let rest = &self.src[at.min(self.src.len())..];
        if rest.starts_with(['(', '!']) {
            return true;
        }
        let word: &str = &rest[..rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len())];
        let int_width = |prefix: &str| {
            word.strip_prefix(prefix)
                .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
        };
        int_width("i")
            || int_width("si")
            || int_width("ui")
            || word.starts_with("f8E")
            || [
                "bf16", "f16", "tf32", "f32", "f64", "f80", "f128", "index", "none", "memref",
                "tensor", "vector", "tuple", "complex",
            ]
            .contains(&word)
    }

    fn symbol_name_after_at(&mut self) -> PResult<String> {
        if let Some(s) = self.string_lit()? {
            return Ok(s);
        }
        let b = self.src.as_bytes();
        let start = self.pos;
        if !b
            .get(start)
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
        {
            return Err(self.error_at(start, "@ identifier expected to start with letter or '_'"));
        }
        let mut i = start + 1;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b"_$.".contains(&b[i])) {
            i += 1;
        }
        self.pos = i;
        Ok(self.src[start..i].to_string())
    }

    /// Parses a map or set written `affine_map<...>`/`affine_set<...>` at
    /// the current position, with the affine crate's parser.
    pub fn parse_map_or_set_here(&mut self) -> PResult<MapOrSet> {
        self.skip_ws();
        let at = self.pos;
        match parse_map_or_set_prefix(&self.src[at..]) {
            Ok((ms, used)) => {
                self.pos = at + used;
                Ok(ms)
            }
            Err(e) => Err(self.error_at(at + e.offset, e.message)),
        }
    }

    /// Parses an affine map attribute (`affine_map<...>` or `#alias`).
    pub fn parse_map_attr(&mut self) -> PResult<tessera_affine::AffineMap> {
        self.skip_ws();
        let at = self.pos;
        match self.parse_attribute()? {
            Attribute::AffineMap(m) => Ok(m),
            _ => Err(self.error_at(at, "expected affine map")),
        }
    }

    /// A number literal (decimal, or `0x` hexadecimal bits) and where it
    /// starts.
    fn number_literal(&mut self) -> PResult<(usize, NumberLiteral<'a>)> {
        self.skip_ws();
        let at = self.pos;
        let b = self.src.as_bytes();
        let mut i = self.pos;
        let neg = b.get(i) == Some(&b'-');
        if neg {
            i += 1;
        }
        if b[i..].starts_with(b"0x") {
            let hs = i + 2;
            let mut he = hs;
            while he < b.len() && b[he].is_ascii_hexdigit() {
                he += 1;
            }
            let bits = u64::from_str_radix(&self.src[hs..he], 16)
                .map_err(|_| self.error_at(at, "invalid hexadecimal literal"))?;
            self.pos = he;
            return Ok((at, NumberLiteral::Hex { neg, bits }));
        }
        // MLIR's lexer reads `-` as a token of its own: blanks may follow.
        let digits_at = i + b[i..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
        let spaced = neg && digits_at > i && b.get(digits_at).is_some_and(u8::is_ascii_digit);
        if spaced {
            i = digits_at;
        }
        let ds = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == ds {
            return Err(if neg {
                self.error_at(at + 1, "expected constant integer or floating point value")
            } else {
                self.error_at(at, "expected attribute value")
            });
        }
        let mut is_float = false;
        if b.get(i) == Some(&b'.') {
            is_float = true;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if matches!(b.get(i), Some(b'e' | b'E')) {
                let mut j = i + 1;
                if matches!(b.get(j), Some(b'+' | b'-')) {
                    j += 1;
                }
                if b.get(j).is_some_and(|c| c.is_ascii_digit()) {
                    while j < b.len() && b[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
        }
        self.pos = i;
        let text = if spaced {
            std::borrow::Cow::Owned(format!("-{}", &self.src[ds..i]))
        } else {
            std::borrow::Cow::Borrowed(&self.src[at..i])
        };
        Ok((at, NumberLiteral::Decimal { text, is_float }))
    }

    fn parse_number_attr(&mut self) -> PResult<Attribute> {
        let (at, literal) = self.number_literal()?;
        let (text, is_float) = match literal {
            NumberLiteral::Hex { neg, bits } => {
                let ty = if self.eat(":") {
                    self.parse_type()?
                } else {
                    Type::Integer(64)
                };
                return Ok(match crate::attr::float_from_bits(bits, &ty) {
                    Some(value) => Attribute::Float { value, ty },
                    None => Attribute::Integer {
                        value: if neg {
                            (bits as i64).wrapping_neg()
                        } else {
                            bits as i64
                        },
                        ty,
                    },
                });
            }
            NumberLiteral::Decimal { text, is_float } => (text, is_float),
        };
        let explicit = if self.eat(":") {
            Some(self.parse_type()?)
        } else {
            None
        };
        if !is_float && explicit.as_ref().is_some_and(Type::is_float) {
            let digits = at + usize::from(text.starts_with('-'));
            let error = self.error_at(
                digits,
                "unexpected decimal integer literal for a floating point value",
            );
            let loc = error.loc;
            return Err(error.with_note(loc, "add a trailing dot to make the literal a float"));
        }
        if is_float {
            let ty = explicit.unwrap_or(Type::F64);
            if !ty.is_float() {
                // MLIR checks the type once it has read it: at the next token.
                self.skip_ws();
                let next = self.pos;
                return Err(
                    self.error_at(next, "floating point value not valid for specified type")
                );
            }
            let v: f64 = text
                .parse()
                .map_err(|_| self.error_at(at, "invalid float literal"))?;
            let value = crate::attr::round_to_type(v, &ty);
            return Ok(Attribute::Float { value, ty });
        }
        let ty = explicit.unwrap_or(Type::Integer(64));
        let value: i64 = text
            .parse()
            .map_err(|_| self.error_at(at, "integer constant out of range for attribute"))?;
        match ty {
            Type::Integer(1) if value == 0 || value == 1 => Ok(Attribute::Bool(value == 1)),
            Type::Integer(w) if w < 64 => {
                let fits = value >= -(1i64 << (w - 1)) && value < (1i64 << w);
                if !fits {
                    return Err(self.error_at(at, "integer constant out of range for attribute"));
                }
                let shift = 64 - w;
                Ok(Attribute::Integer {
                    value: (value << shift) >> shift,
                    ty,
                })
            }
            Type::Integer(_) | Type::Index => Ok(Attribute::Integer { value, ty }),
            // Kept as the number written: signed or unsigned, in range.
            Type::SignedInteger(w) | Type::UnsignedInteger(w) => {
                let unsigned = matches!(ty, Type::UnsignedInteger(_));
                if unsigned && value < 0 {
                    return Err(self.error_at(
                        at,
                        "negative integer literal not valid for unsigned integer type",
                    ));
                }
                let value128 = i128::from(value);
                let fits = if unsigned {
                    value128 < 1i128 << w.min(64)
                } else {
                    let half = 1i128 << (w.min(64) - 1);
                    (-half..half).contains(&value128)
                };
                if !fits {
                    return Err(self.error_at(at, "integer constant out of range for attribute"));
                }
                Ok(Attribute::Integer { value, ty })
            }
            _ => Err(self.error_at(at, "integer literal not valid for specified type")),
        }
    }

    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.expect_or("<", "expected '<' after 'array'")?;
        self.skip_ws();
        let at = self.pos;
        let elem = self.parse_type()?;
        if elem.is_float() {
            let mut values = Vec::new();
            if self.eat(":") {
                loop {
                    values.push(self.float_element(&elem)?);
                    if !self.eat(",") {
                        break;
                    }
                }
            } else if !self.peek(">") {
                return Err(self.error("expected ':' after dense array type"));
            }
            self.expect_or(">", "expected '>' to close an array attribute")?;
            return Ok(Attribute::DenseFloatArray { elem, values });
        }
        if !elem.is_int_or_index() {
            return Err(self.error_at(at, "expected integer element type in array<>"));
        }
        let mut values = Vec::new();
        if self.eat(":") {
            loop {
                if self.eat_keyword("true") {
                    values.push(1);
                } else if self.eat_keyword("false") {
                    values.push(0);
                } else {
                    values.push(self.expect_integer("integer literal")?);
                }
                if !self.eat(",") {
                    break;
                }
            }
        } else if !self.peek(">") {
            return Err(self.error("expected ':' after dense array type"));
        }
        self.expect_or(">", "expected '>' to close an array attribute")?;
        Ok(Attribute::DenseArray { elem, values })
    }

    /// A float element of type `ty`: a float literal, or the bits of one
    /// in hexadecimal; a decimal integer is refused, as in MLIR.
    fn float_element(&mut self, ty: &Type) -> PResult<f64> {
        let (at, literal) = self.number_literal()?;
        match literal {
            NumberLiteral::Hex { bits, .. } => {
                crate::attr::float_from_bits(bits, ty).ok_or_else(|| {
                    self.error_at(at, "hexadecimal float constant out of range for type")
                })
            }
            NumberLiteral::Decimal {
                text,
                is_float: false,
            } => {
                let digits = at + usize::from(text.starts_with('-'));
                let error = self.error_at(
                    digits,
                    "unexpected decimal integer literal for a floating point value",
                );
                let loc = error.loc;
                Err(error.with_note(loc, "add a trailing dot to make the literal a float"))
            }
            NumberLiteral::Decimal { text, .. } => text
                .parse::<f64>()
                .map(|v| crate::attr::round_to_type(v, ty))
                .map_err(|_| self.error_at(at, "invalid float literal")),
        }
    }

    /// `dense<...> : type`: a splat (one element), nested lists whose
    /// shape must be the type's, or nothing (`dense<>`, no elements);
    /// integer (range-checked, `true`/`false` for `i1`) or float elements
    /// by the element type, with MLIR's messages.
    fn parse_dense(&mut self) -> PResult<Attribute> {
        let literal = self.dense_literal()?;
        self.skip_ws();
        let colon = self.pos;
        self.expect(":")?;
        self.skip_ws();
        let ty_at = self.pos;
        let ty = self.parse_type()?;
        self.skip_ws();
        let after = self.pos;
        self.dense_of_type(literal, ty, (ty_at, colon), after)
    }

    /// `dense<...>` of a type known from the context, written without it
    /// (`memref.global`'s initial value): checked against `ty` as
    /// `dense<...> : ty` is, errors at the literal.
    pub fn parse_dense_of_type(&mut self, ty: Type) -> PResult<Attribute> {
        self.skip_ws();
        let at = self.pos;
        if self.eat_keyword("dense_resource") {
            let handle = self.resource_handle()?;
            return Ok(Attribute::DenseResource { handle, ty });
        }
        if !self.eat_keyword("dense") {
            return Err(self.error_at(at, "expected elements attribute"));
        }
        let literal = self.dense_literal()?;
        self.skip_ws();
        let after = self.pos;
        self.dense_of_type(literal, ty, (at, at), after)
    }

    /// `<handle>` after `dense_resource`: the blob's handle, a bare
    /// identifier.
    fn resource_handle(&mut self) -> PResult<String> {
        self.expect_or("<", "expected '<' after 'dense_resource'")?;
        self.skip_ws();
        let at = self.pos;
        let Some(handle) = self.bare_id() else {
            return Err(self.error_at(at, "expected identifier key for 'resource' entry"));
        };
        let handle = handle.to_string();
        self.expect(">")?;
        self.skip_ws();
        Ok(handle)
    }

    /// `<...>` of a dense literal.
    fn dense_literal(&mut self) -> PResult<DenseLiteral<'a>> {
        self.expect_or("<", "expected '<' after 'dense'")?;
        let mut elements = Vec::new();
        let written = !self.peek(">");
        self.skip_ws();
        let at = self.pos;
        if let Some(text) = self.string_lit()? {
            let bytes = text
                .strip_prefix("0x")
                .filter(|h| !h.is_empty() && h.len() % 2 == 0)
                .and_then(|h| {
                    (0..h.len())
                        .step_by(2)
                        .map(|i| u8::from_str_radix(h.get(i..i + 2)?, 16).ok())
                        .collect::<Option<Vec<u8>>>()
                })
                .ok_or_else(|| {
                    self.error_at(
                        at,
                        "expected string containing hex digits starting with `0x`",
                    )
                })?;
            self.expect(">")?;
            return Ok(DenseLiteral {
                elements,
                shape: None,
                written,
                hex: Some((at, bytes)),
            });
        }
        let shape = if !written {
            None
        } else if self.peek("[") {
            Some(self.dense_list(&mut elements, 0)?)
        } else {
            elements.push(self.dense_element()?);
            None
        };
        self.expect(">")?;
        Ok(DenseLiteral {
            elements,
            shape,
            written,
            hex: None,
        })
    }

    /// The attribute of a dense literal of type `ty`: shape errors at
    /// `ty_at`, hex data size errors at `size_at`, kind errors at `after`
    /// (where mlir-opt reports them).
    fn dense_of_type(
        &self,
        literal: DenseLiteral<'a>,
        ty: Type,
        (ty_at, size_at): (usize, usize),
        after: usize,
    ) -> PResult<Attribute> {
        let DenseLiteral {
            elements,
            shape,
            written,
            hex,
        } = literal;
        let (type_shape, elem) = match &ty {
            Type::Vector { shape, elem, .. } | Type::Tensor { shape, elem, .. } => (shape, &**elem),
            _ => return Err(self.error_at(ty_at, "elements literal must be a static shaped type")),
        };
        if type_shape.contains(&crate::types::DYNAMIC) {
            return Err(self.error_at(ty_at, "elements literal type must have static shape"));
        }
        if let Some((at, bytes)) = hex {
            let count = type_shape.iter().product();
            return self.dense_hex(&bytes, count, elem, ty.clone(), at, (ty_at, size_at));
        }
        let inferred = match shape {
            Some(shape) => Some(shape),
            // `dense<>`: no elements.
            None if !written && type_shape.iter().product::<i64>() != 0 => Some(vec![0]),
            None => None,
        };
        if let Some(shape) = inferred.filter(|s| s != type_shape) {
            return Err(self.error_at(
                ty_at,
                format!(
                    "inferred shape of elements literal ({shape:?}) does not match type ({type_shape:?})"
                ),
            ));
        }
        if elem.is_float() {
            let mut values = Vec::with_capacity(elements.len());
            for e in elements {
                let value = match e {
                    DenseElement::Number(_, NumberLiteral::Hex { bits, .. }) => match elem {
                        Type::F32 => f64::from(f32::from_bits(bits as u32)),
                        Type::F64 => f64::from_bits(bits),
                        _ => {
                            return Err(self.error_at(
                                after,
                                "hexadecimal float elements are supported for f32 and f64 only",
                            ))
                        }
                    },
                    DenseElement::Number(
                        at,
                        NumberLiteral::Decimal {
                            text,
                            is_float: true,
                        },
                    ) => {
                        let v: f64 = text
                            .parse()
                            .map_err(|_| self.error_at(at, "invalid float literal"))?;
                        crate::attr::round_to_type(v, elem)
                    }
                    DenseElement::Number(_, NumberLiteral::Decimal { .. }) => {
                        return Err(self.error_at(
                            after,
                            "expected floating-point elements, but parsed integer",
                        ))
                    }
                    DenseElement::Bool(_, _) => {
                        return Err(self.error_at(
                            after,
                            "expected floating-point elements, but parsed integer",
                        ))
                    }
                };
                values.push(value);
            }
            return Ok(Attribute::DenseFloat { values, ty });
        }
        let Some(width) = elem.bit_width().filter(|_| elem.is_int_or_index()) else {
            return Err(self.error_at(ty_at, "expected integer or floating point element type"));
        };
        let mut values = Vec::with_capacity(elements.len());
        for e in elements {
            let value = match e {
                DenseElement::Bool(at, b) => {
                    if width != 1 {
                        return Err(
                            self.error_at(at, "expected i1 type for 'true' or 'false' values")
                        );
                    }
                    i64::from(b)
                }
                DenseElement::Number(at, NumberLiteral::Hex { neg, bits }) => {
                    let v = i128::from(bits);
                    fit_element(if neg { -v } else { v }, width).ok_or_else(|| {
                        self.error_at(at, "integer constant out of range for type")
                    })?
                }
                DenseElement::Number(at, NumberLiteral::Decimal { is_float: true, .. }) => {
                    return Err(
                        self.error_at(at, "expected integer elements, but parsed floating-point")
                    )
                }
                DenseElement::Number(at, NumberLiteral::Decimal { text, .. }) => text
                    .parse::<i128>()
                    .ok()
                    .and_then(|v| fit_element(v, width))
                    .ok_or_else(|| self.error_at(at, "integer constant out of range for type"))?,
            };
            values.push(value);
        }
        Ok(Attribute::DenseInt { values, ty })
    }

    /// `dense<"0x...">`: `count` elements of `elem` stored little-endian
    /// (bit-packed for `i1`), or one element for a splat.
    fn dense_hex(
        &self,
        bytes: &[u8],
        count: i64,
        elem: &Type,
        ty: Type,
        at: usize,
        (ty_at, size_at): (usize, usize),
    ) -> PResult<Attribute> {
        let size_error = || {
            self.error_at(
                size_at,
                format!("elements hex data size is invalid for provided type: '{ty}'"),
            )
        };
        let count = usize::try_from(count).map_err(|_| size_error())?;
        let Some(width) = elem.bit_width() else {
            return Err(self.error_at(ty_at, "expected integer or floating point element type"));
        };
        if width == 1 {
            let splat = bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xff);
            if !splat && bytes.len() != count.div_ceil(8) {
                return Err(size_error());
            }
            let values = if splat {
                vec![i64::from(bytes[0] != 0)]
            } else {
                (0..count)
                    .map(|k| i64::from(bytes[k / 8] >> (k % 8) & 1))
                    .collect()
            };
            return Ok(Attribute::DenseInt { values, ty });
        }
        let per = (width as usize).div_ceil(8);
        if bytes.len() != per && bytes.len() != per * count {
            return Err(size_error());
        }
        let raw: Vec<u64> = bytes
            .chunks(per)
            .map(|c| c.iter().rev().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
            .collect();
        if elem.is_float() {
            let values = match elem {
                Type::F32 => raw
                    .iter()
                    .map(|&b| f64::from(f32::from_bits(b as u32)))
                    .collect(),
                Type::F64 => raw.iter().map(|&b| f64::from_bits(b)).collect(),
                _ => {
                    return Err(self.error_at(
                        at,
                        "hexadecimal float elements are supported for f32 and f64 only",
                    ))
                }
            };
            return Ok(Attribute::DenseFloat { values, ty });
        }
        let shift = 64 - width.min(64);
        let values = raw
            .into_iter()
            .map(|b| ((b << shift) as i64) >> shift)
            .collect();
        Ok(Attribute::DenseInt { values, ty })
    }

    /// A `[...]` list of a dense literal (nested lists or elements,
    /// appended to `elements`); its shape.
    fn dense_list(
        &mut self,
        elements: &mut Vec<DenseElement<'a>>,
        depth: usize,
    ) -> PResult<Vec<i64>> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        self.skip_ws();
        let at = self.pos;
        self.expect("[")?;
        if self.eat("]") {
            return Ok(vec![0]);
        }
        let mut inner: Option<Vec<i64>> = None;
        let mut count = 0i64;
        loop {
            let shape = if self.peek("[") {
                self.dense_list(elements, depth + 1)?
            } else {
                elements.push(self.dense_element()?);
                Vec::new()
            };
            match &inner {
                Some(first) if *first != shape => {
                    return Err(self.error_at(
                        at,
                        "tensor literal is invalid; ranks are not consistent between elements",
                    ))
                }
                Some(_) => {}
                None => inner = Some(shape),
            }
            count += 1;
            if !self.eat(",") {
                break;
            }
        }
        self.expect("]")?;
        let mut shape = vec![count];
        shape.extend(inner.unwrap_or_default());
        Ok(shape)
    }

    /// One element of a dense literal: a number or `true`/`false`.
    fn dense_element(&mut self) -> PResult<DenseElement<'a>> {
        self.skip_ws();
        let at = self.pos;
        if self.eat_keyword("true") {
            return Ok(DenseElement::Bool(at, true));
        }
        if self.eat_keyword("false") {
            return Ok(DenseElement::Bool(at, false));
        }
        // MLIR's words for a token that starts no element.
        let b = self.src.as_bytes();
        match b.get(at) {
            Some(c) if c.is_ascii_digit() => {}
            Some(b'-') => {
                let mut next = at + 1;
                while b.get(next).is_some_and(u8::is_ascii_whitespace) {
                    next += 1;
                }
                if !b.get(next).is_some_and(u8::is_ascii_digit) {
                    return Err(self.error_at(next, "expected integer or floating point literal"));
                }
            }
            _ => return Err(self.error_at(at, "expected element literal of primitive type")),
        }
        let (at, literal) = self.number_literal()?;
        Ok(DenseElement::Number(at, literal))
    }

    /// `<flag, ...>` of `#arith.fastmath` / `#arith.overflow`, checked and
    /// normalised as the custom form's flags are.
    fn flags_attr(&mut self, dialect: &str) -> PResult<Attribute> {
        let (flags, starts) = self.flag_list()?;
        crate::syntax::flags_attribute(dialect, &flags)
            .map_err(|(i, message)| self.error_at(starts[i], message))
    }

    /// `<flag, ...>` (flags are bare identifiers, possibly empty): the
    /// flags and the byte offset of each.
    pub(crate) fn flag_list(&mut self) -> PResult<(Vec<&'a str>, Vec<usize>)> {
        self.expect("<")?;
        let mut flags = Vec::new();
        let mut starts = Vec::new();
        loop {
            self.skip_ws();
            starts.push(self.pos);
            flags.push(self.bare_id().unwrap_or(""));
            if !self.eat(",") {
                break;
            }
        }
        self.expect(">")?;
        Ok((flags, starts))
    }

    /// Parses `{name = value, flag}` into a sorted list.
    pub fn parse_dict_body(&mut self) -> PResult<Vec<NamedAttr>> {
        self.expect_or("{", "expected '{' in attribute dictionary")?;
        let mut out: Vec<NamedAttr> = Vec::new();
        if self.eat("}") {
            return Ok(out);
        }
        loop {
            self.skip_ws();
            let at = self.pos;
            let name = match self.string_lit()? {
                Some(s) if s.is_empty() => {
                    return Err(self.error_at(at, "expected valid attribute name"))
                }
                Some(s) => s,
                None => self
                    .bare_id()
                    .ok_or_else(|| self.error("expected attribute name"))?
                    .to_string(),
            };
            let value = if self.eat("=") {
                self.parse_attribute()?
            } else {
                Attribute::Unit
            };
            if out.iter().any(|(n, _)| *n == name) {
                return Err(self.error_at(
                    at,
                    format!("duplicate key '{name}' in dictionary attribute"),
                ));
            }
            set_named(&mut out, &name, value);
            if !self.eat(",") {
                break;
            }
        }
        self.expect_or("}", "expected '}' in attribute dictionary")?;
        Ok(out)
    }

    /// Parses an optional `{...}` attribute dictionary.
    pub fn opt_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.peek("{") {
            self.parse_dict_body()
        } else {
            Ok(Vec::new())
        }
    }
}

/// `v` as an element of a `width`-bit integer (sign-extended, as MLIR
/// prints it): values from the signed minimum to the unsigned maximum
/// fit; `None` otherwise. `i1` takes 0 and 1.
fn fit_element(v: i128, width: u32) -> Option<i64> {
    if width == 1 {
        return (v == 0 || v == 1).then_some(v as i64);
    }
    let width = width.min(64);
    let (lo, hi) = (-(1i128 << (width - 1)), (1i128 << width) - 1);
    if !(lo..=hi).contains(&v) {
        return None;
    }
    let shift = 128 - width;
    Some(((v << shift) >> shift) as i64)
}
