//! Debug locations as MLIR writes them: `loc(...)` after an op or a block
//! argument, and `#loc = loc(...)` aliases.
//!
//! An op's [`Location`](crate::Location) is where it was written; a
//! `loc(...)` written after it replaces that as its *debug location*,
//! kept in the module's table ([`Module::debug_locs`](crate::Module)) and
//! printed back under `-mlir-print-debuginfo`.
//!
//! ```
//! use tessera_ir::location::DebugLoc;
//! let a = DebugLoc::FileLineCol { file: "a.c".into(), line: 1, col: 2 };
//! // A fused location of one location and no metadata is that location,
//! // as MLIR's `FusedLoc::get` makes it.
//! assert_eq!(DebugLoc::fused(None, vec![a.clone(), DebugLoc::Unknown]), a);
//! let mut out = String::new();
//! DebugLoc::fused(None, vec![a, DebugLoc::Name { name: "n".into(), child: None }])
//!     .write(&mut out, &mut |out, child| child.write_inline(out));
//! assert_eq!(out, r#"fused["a.c":1:2, "n"]"#);
//! ```

use crate::attr::write_string;
use crate::ir::Location;
use crate::parser::{is_id_char, PResult, Parser};

/// One of MLIR's builtin location attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DebugLoc {
    /// `unknown`.
    Unknown,
    /// `"file":line:col`.
    FileLineCol {
        /// The file name.
        file: String,
        /// The line.
        line: u32,
        /// The column.
        col: u32,
    },
    /// `"name"` or `"name"(child)`.
    Name {
        /// The name.
        name: String,
        /// The child location; `None` is `unknown`, which is not printed.
        child: Option<Box<DebugLoc>>,
    },
    /// `callsite(callee at caller)`.
    CallSite {
        /// Where the call leads.
        callee: Box<DebugLoc>,
        /// Where the call is.
        caller: Box<DebugLoc>,
    },
    /// `fused[a, b]` or `fused<metadata>[a, b]`; built by
    /// [`DebugLoc::fused`].
    Fused {
        /// The metadata attribute as printed, if any.
        metadata: Option<String>,
        /// The locations fused, without duplicates or `unknown`s.
        locs: Vec<DebugLoc>,
    },
}

impl DebugLoc {
    /// The fused location of `locs` as MLIR's `FusedLoc::get` builds it:
    /// nested fused locations with the same metadata flattened, duplicates
    /// and `unknown`s dropped; no location left is `unknown` (or
    /// `fused<md>[unknown]`), one location without metadata is itself.
    pub fn fused(metadata: Option<String>, locs: Vec<DebugLoc>) -> DebugLoc {
        let mut kept: Vec<DebugLoc> = Vec::new();
        let mut keep = |l: DebugLoc| {
            if !kept.contains(&l) {
                kept.push(l);
            }
        };
        for l in locs {
            match l {
                DebugLoc::Fused {
                    metadata: inner,
                    locs,
                } if inner == metadata => locs.into_iter().for_each(&mut keep),
                DebugLoc::Unknown => {}
                l => keep(l),
            }
        }
        match (kept.len(), &metadata) {
            (0, None) => DebugLoc::Unknown,
            (0, Some(_)) => DebugLoc::Fused {
                metadata,
                locs: vec![DebugLoc::Unknown],
            },
            (1, None) => kept.pop().unwrap_or(DebugLoc::Unknown),
            _ => DebugLoc::Fused {
                metadata,
                locs: kept,
            },
        }
    }

    /// The locations written inside this one, in order.
    pub fn children(&self) -> Vec<&DebugLoc> {
        match self {
            DebugLoc::Unknown | DebugLoc::FileLineCol { .. } => Vec::new(),
            DebugLoc::Name { child, .. } => child.iter().map(|c| &**c).collect(),
            DebugLoc::CallSite { callee, caller } => vec![callee, caller],
            DebugLoc::Fused { locs, .. } => locs.iter().collect(),
        }
    }

    /// The first `"file":line:col` in this location, walking it in
    /// pre-order as MLIR's `findInstanceOf<FileLineColLoc>` does: where
    /// mlir-opt reports a diagnostic at this location.
    ///
    /// ```
    /// use tessera_ir::location::DebugLoc;
    /// let at = |line| DebugLoc::FileLineCol { file: "a.c".into(), line, col: 1 };
    /// let call = DebugLoc::CallSite { callee: Box::new(at(1)), caller: Box::new(at(2)) };
    /// assert_eq!(call.file_line_col(), Some(("a.c", 1, 1)));
    /// assert_eq!(DebugLoc::Unknown.file_line_col(), None);
    /// ```
    pub fn file_line_col(&self) -> Option<(&str, u32, u32)> {
        match self {
            DebugLoc::FileLineCol { file, line, col } => Some((file, *line, *col)),
            _ => self
                .children()
                .into_iter()
                .find_map(DebugLoc::file_line_col),
        }
    }

    /// The call site a diagnostic at this location lists the callers of, as
    /// MLIR's `getCallSiteLoc` finds it: this location, a name's child, or
    /// the first fused location that has one.
    fn call_site(&self) -> Option<&DebugLoc> {
        match self {
            DebugLoc::CallSite { .. } => Some(self),
            DebugLoc::Name { child, .. } => child.as_deref().and_then(DebugLoc::call_site),
            DebugLoc::Fused { locs, .. } => locs.iter().find_map(DebugLoc::call_site),
            DebugLoc::Unknown | DebugLoc::FileLineCol { .. } => None,
        }
    }

    /// The callers mlir-opt lists after a diagnostic at this location, each
    /// as a `called from` note: the caller of its call site, that caller's
    /// own caller, and so on, at most ten (MLIR's `callStackLimit`).
    ///
    /// ```
    /// use tessera_ir::location::DebugLoc;
    /// let name = |n: &str| DebugLoc::Name { name: n.into(), child: None };
    /// let call = |callee, caller| DebugLoc::CallSite {
    ///     callee: Box::new(callee),
    ///     caller: Box::new(caller),
    /// };
    /// let loc = call(name("f"), call(name("g"), name("main")));
    /// assert_eq!(
    ///     loc.call_stack(),
    ///     [&call(name("g"), name("main")), &name("main")]
    /// );
    /// ```
    pub fn call_stack(&self) -> Vec<&DebugLoc> {
        const CALL_STACK_LIMIT: usize = 10;
        let mut stack = Vec::new();
        let mut site = self.call_site();
        while let Some(DebugLoc::CallSite { caller, .. }) = site {
            if stack.len() == CALL_STACK_LIMIT {
                break;
            }
            stack.push(&**caller);
            site = caller.call_site();
        }
        stack
    }

    /// What mlir-opt writes before a diagnostic's message at this location
    /// when it has no `"file":line:col`: `loc("name"): `, nothing for
    /// `unknown`.
    pub fn message_prefix(&self) -> String {
        if *self == DebugLoc::Unknown {
            return String::new();
        }
        let mut out = String::from("loc(");
        self.write_inline(&mut out);
        out.push_str("): ");
        out
    }

    /// Writes the location without `loc(...)`, each location inside it by
    /// `child` (an alias, or the child written the same way).
    pub fn write(&self, out: &mut String, child: &mut dyn FnMut(&mut String, &DebugLoc)) {
        match self {
            DebugLoc::Unknown => out.push_str("unknown"),
            DebugLoc::FileLineCol { file, line, col } => {
                write_string(out, file);
                out.push_str(&format!(":{line}:{col}"));
            }
            DebugLoc::Name { name, child: c } => {
                write_string(out, name);
                if let Some(c) = c {
                    out.push('(');
                    child(out, c);
                    out.push(')');
                }
            }
            DebugLoc::CallSite { callee, caller } => {
                out.push_str("callsite(");
                child(out, callee);
                out.push_str(" at ");
                child(out, caller);
                out.push(')');
            }
            DebugLoc::Fused { metadata, locs } => {
                out.push_str("fused");
                if let Some(md) = metadata {
                    out.push('<');
                    out.push_str(md);
                    out.push('>');
                }
                out.push('[');
                for (i, l) in locs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    child(out, l);
                }
                out.push(']');
            }
        }
    }

    /// Writes the location and everything inside it, without aliases.
    pub fn write_inline(&self, out: &mut String) {
        self.write(out, &mut |out, c| c.write_inline(out));
    }
}

impl Parser<'_> {
    /// `loc(...)` after an op or a region argument, if written: `loc` with
    /// that debug location. An alias (`loc(#loc3)`) may be defined further
    /// down the file, as MLIR allows for these.
    pub fn opt_trailing_loc(&mut self, loc: Location) -> PResult<Location> {
        if !self.eat_keyword("loc") {
            return Ok(loc);
        }
        if !self.eat("(") {
            return Err(self.error("expected '(' in location"));
        }
        self.skip_ws();
        let at = self.pos;
        let debug = match self.src[at..].strip_prefix('#').map(alias_name) {
            Some(name) if !name.contains('.') => {
                self.pos = at + 1 + name.len();
                match self.alias_location(name, at)? {
                    Some(d) => self.m.add_debug_loc(d),
                    None => {
                        let debug = self.m.add_debug_loc(DebugLoc::Unknown);
                        self.deferred_locs.push((debug, name.to_string(), at));
                        debug
                    }
                }
            }
            _ => {
                let d = self.location_instance()?;
                self.m.add_debug_loc(d)
            }
        };
        if !self.eat(")") {
            return Err(self.error("expected ')' in location"));
        }
        Ok(Location { debug, ..loc })
    }

    /// The body of `#name = loc(...)`, after `loc`.
    pub(crate) fn location_alias_body(&mut self) -> PResult<DebugLoc> {
        if !self.eat("(") {
            return Err(self.error("expected '(' in inline location"));
        }
        let d = self.location_instance()?;
        if !self.eat(")") {
            return Err(self.error("expected ')' in inline location"));
        }
        Ok(d)
    }

    /// Resolves the aliases `loc(#name)` used before their definition;
    /// MLIR's errors for those never defined or not locations.
    pub(crate) fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (debug, name, at) in std::mem::take(&mut self.deferred_locs) {
            match self.alias_location(&name, at)? {
                Some(d) => self.m.debug_locs[debug as usize - 1] = d,
                None => return Err(self.error_at(at, "operation location alias was never defined")),
            }
        }
        Ok(())
    }

    /// The location alias `name` if defined; an error if it names another
    /// attribute.
    fn alias_location(&self, name: &str, at: usize) -> PResult<Option<DebugLoc>> {
        if let Some(d) = self.loc_aliases.get(name) {
            return Ok(Some(d.clone()));
        }
        match self.attr_alias(name) {
            Some(a) => Err(self.error_at(at, format!("expected location, but found '{a}'"))),
            None => Ok(None),
        }
    }

    /// MLIR's `location-inst`: `unknown`, `"file":line:col`, `"name"`,
    /// `"name"(loc)`, `callsite(loc at loc)`, `fused<md>[loc, ...]`, or
    /// `#alias` defined above.
    fn location_instance(&mut self) -> PResult<DebugLoc> {
        self.enter()?;
        let d = self.location_instance_inner();
        self.leave();
        d
    }

    fn location_instance_inner(&mut self) -> PResult<DebugLoc> {
        self.skip_ws();
        let at = self.pos;
        if let Some(s) = self.string_lit()? {
            return self.name_or_file_line_col(s);
        }
        if let Some(name) = self.src[at..].strip_prefix('#').map(alias_name) {
            self.pos = at + 1 + name.len();
            return match self.alias_location(name, at)? {
                Some(d) => Ok(d),
                None => {
                    self.skip_ws();
                    Err(self.error_at(self.pos, format!("undefined symbol alias id '{name}'")))
                }
            };
        }
        match self.bare_id() {
            Some("unknown") => Ok(DebugLoc::Unknown),
            Some("callsite") => {
                if !self.eat("(") {
                    return Err(self.error("expected '(' in callsite location"));
                }
                let callee = self.location_instance()?;
                if !self.eat_keyword("at") {
                    return Err(self.error("expected 'at' in callsite location"));
                }
                let caller = self.location_instance()?;
                if !self.eat(")") {
                    return Err(self.error("expected ')' in callsite location"));
                }
                Ok(DebugLoc::CallSite {
                    callee: Box::new(callee),
                    caller: Box::new(caller),
                })
            }
            Some("fused") => {
                let mut metadata = None;
                if self.eat("<") {
                    let mut text = String::new();
                    let a = self.parse_attribute()?;
                    crate::attr::write_attr(&mut text, &a, &Default::default(), false);
                    metadata = Some(text);
                    if !self.eat(">") {
                        return Err(self.error("expected '>' after fused location metadata"));
                    }
                }
                if !self.eat("[") {
                    return Err(self.error("expected '[' in fused location"));
                }
                let mut locs = Vec::new();
                if !self.eat("]") {
                    loop {
                        locs.push(self.location_instance()?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    if !self.eat("]") {
                        return Err(self.error("expected ']' in fused location"));
                    }
                }
                Ok(DebugLoc::fused(metadata, locs))
            }
            _ => {
                self.pos = at;
                Err(self.error("expected location instance"))
            }
        }
    }

    /// After a string: `:line:col`, `(child)` or nothing.
    fn name_or_file_line_col(&mut self, s: String) -> PResult<DebugLoc> {
        if self.eat(":") {
            let line = self.location_number("expected integer line number in FileLineColLoc")?;
            if !self.eat(":") {
                return Err(self.error("expected ':' in FileLineColLoc"));
            }
            let col = self.location_number("expected integer column number in FileLineColLoc")?;
            return Ok(DebugLoc::FileLineCol { file: s, line, col });
        }
        if self.eat("(") {
            let child = self.location_instance()?;
            if !self.eat(")") {
                return Err(self.error("expected ')' after child location of NameLoc"));
            }
            return Ok(DebugLoc::Name {
                name: s,
                child: (child != DebugLoc::Unknown).then(|| Box::new(child)),
            });
        }
        Ok(DebugLoc::Name {
            name: s,
            child: None,
        })
    }

    /// An unsigned 32-bit line or column number, or `msg` here.
    fn location_number(&mut self, msg: &str) -> PResult<u32> {
        self.skip_ws();
        let at = self.pos;
        match self.integer().map(u32::try_from) {
            Some(Ok(n)) => Ok(n),
            _ => Err(self.error_at(at, msg)),
        }
    }
}

/// The alias name at the start of `s` (after `#`).
fn alias_name(s: &str) -> &str {
    let end = s.bytes().position(|b| !is_id_char(b)).unwrap_or(s.len());
    &s[..end]
}
