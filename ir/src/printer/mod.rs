//! The printer: MLIR's custom and generic forms, byte for byte as
//! `mlir-opt` 19 prints them.
//!
//! SSA names follow MLIR's `SSANameState`: regions are numbered from a
//! stack (last pushed first); in the custom form sibling regions restart
//! from the counters their parent region left (names of values inside
//! sibling loops repeat), in the generic form counters run on. Alias names
//! are assigned in a first, recording pass in the order MLIR's alias
//! collector meets them (print order for custom ops; regions, then result
//! types, then attributes for generic ops).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use tessera_affine::print::Position;
use tessera_affine::AffineMap;

use crate::alias::Aliases;
use crate::attr::{
    write_attr, write_dict, write_elements_value, write_string, write_symbol, Attribute,
};
use crate::ir::{BlockId, Module, NamedAttr, OpData, OpId, RegionId, Value};
use crate::syntax::{
    self, ARITH_BINARY, ARITH_CASTS, CMPF_PREDICATES, CMPI_PREDICATES, REDUCTION_KINDS,
};
use crate::types::{write_result_types, write_type, write_type_list, Type};

mod tensor;
mod vector;
mod views;

/// Printing options.
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in the generic form (`--mlir-print-op-generic`).
    pub generic: bool,
    /// Print each op's and region argument's debug location
    /// (`-mlir-print-debuginfo`).
    pub debuginfo: bool,
    /// Print maps, sets and locations where they are used, with no alias
    /// (`-mlir-print-local-scope`).
    pub local_scope: bool,
    /// Print after each op, and at the top of each block for its
    /// arguments, a comment naming the users of the values
    /// (`-mlir-print-value-users`); ops without results are numbered with
    /// the values, so that they can be named.
    pub value_users: bool,
    /// Print elements attributes of more elements than this (splats
    /// aside) as `dense_resource<__elided__>`
    /// (`-mlir-elide-elementsattrs-if-larger`).
    pub elide_elements_over: Option<u64>,
}

/// Prints the module as `mlir-opt` would.
pub fn print_module(m: &Module, opts: &PrintOptions) -> String {
    let names = Names::compute(m, m.top, opts);
    if opts.local_scope {
        let none = Aliases::default().eliding_elements_over(opts.elide_elements_over);
        let mut p = Printer::new(m, &names, &none, opts, String::new());
        p.op(m.top, 0);
        p.out.push('\n');
        return p.out;
    }
    let recording = Aliases::recording().eliding_elements_over(opts.elide_elements_over);
    Printer::new(m, &names, &recording, opts, String::new()).op(m.top, 0);
    let aliases = recording.finish();
    let (above, below) = aliases.definitions();
    let mut p = Printer::new(m, &names, &aliases, opts, above);
    p.op(m.top, 0);
    p.out.push('\n');
    p.out.push_str(&below);
    p.out.push('\n');
    p.out
}

/// Ops alone, as MLIR prints an op in a diagnostic's `see current
/// operation:` note (local scope): SSA names numbered from the enclosing
/// function (the closest op isolated from above), maps and sets inline
/// (no alias table); in the generic form (as after an error) or the custom
/// one (as after a remark).
pub fn print_ops_local(m: &Module, ops: &[OpId], generic: bool) -> Vec<String> {
    let opts = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    print_ops_local_with(m, ops, &opts)
}

/// [`print_ops_local`] with printing options: `debuginfo` prints the
/// locations in full, as MLIR does in local scope (`local_scope` is
/// implied).
pub fn print_ops_local_with(m: &Module, ops: &[OpId], opts: &PrintOptions) -> Vec<String> {
    let aliases = Aliases::default().eliding_elements_over(opts.elide_elements_over);
    let mut scopes: HashMap<OpId, Names> = HashMap::new();
    ops.iter()
        .map(|&op| {
            let mut scope = op;
            while m.ops[scope].name != "func.func" {
                match m.parent_op(scope) {
                    Some(parent) => scope = parent,
                    None => break,
                }
            }
            let names = scopes
                .entry(scope)
                .or_insert_with(|| Names::compute(m, scope, opts));
            let mut p = Printer::new(m, names, &aliases, opts, String::new());
            p.op(op, 0);
            p.out
        })
        .collect()
}

/// How each value is spelled, and (under `-mlir-print-value-users`) the
/// number of each op without results.
struct Names {
    names: HashMap<Value, String>,
    ids: HashMap<OpId, u32>,
    /// The users of each value, under `-mlir-print-value-users`.
    users: Option<HashMap<Value, Vec<OpId>>>,
}

struct NameState<'a> {
    m: &'a Module,
    generic: bool,
    value_users: bool,
    ids: HashMap<OpId, u32>,
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    scopes: Vec<HashSet<String>>,
    names: HashMap<Value, String>,
}

impl NameState<'_> {
    fn unique(&mut self, name: &str) -> String {
        let used = |s: &Self, n: &str| s.scopes.iter().any(|sc| sc.contains(n));
        let mut chosen = name.to_string();
        if used(self, &chosen) {
            loop {
                let probe = format!("{name}_{}", self.next_conflict);
                self.next_conflict += 1;
                if !used(self, &probe) {
                    chosen = probe;
                    break;
                }
            }
        }
        if let Some(s) = self.scopes.last_mut() {
            s.insert(chosen.clone());
        }
        chosen
    }

    fn number_region(&mut self, r: RegionId) {
        for (i, &b) in self.m.regions[r].blocks.iter().enumerate() {
            for &a in &self.m.blocks[b].args {
                let name = if i == 0 {
                    let n = format!("arg{}", self.next_arg);
                    self.next_arg += 1;
                    self.unique(&n)
                } else {
                    let n = self.next_value.to_string();
                    self.next_value += 1;
                    n
                };
                self.names.insert(a, name);
            }
            for &op in &self.m.blocks[b].ops {
                self.number_op(op);
            }
        }
    }

    fn number_op(&mut self, op: OpId) {
        let data = &self.m.ops[op];
        let Some(&first) = data.results.first() else {
            if self.value_users {
                self.ids.insert(op, self.next_value);
                self.next_value += 1;
            }
            return;
        };
        if let Some(names) =
            result_names(&data.name).filter(|n| !self.generic && n.len() == data.results.len())
        {
            for (&r, name) in data.results.iter().zip(names) {
                let chosen = self.unique(name);
                self.names.insert(r, chosen);
            }
            return;
        }
        let special = if self.generic {
            None
        } else {
            result_name(self.m, op)
        };
        let base = match special {
            Some(n) => self.unique(&n),
            None => {
                let n = self.next_value.to_string();
                self.next_value += 1;
                n
            }
        };
        if data.results.len() == 1 {
            self.names.insert(first, base);
        } else {
            for (i, &r) in data.results.iter().enumerate() {
                self.names.insert(r, format!("{base}#{i}"));
            }
        }
    }
}

use cranelift_entity::EntityRef;

/// MLIR's `getAsmResultNames` for the ops that have one.
fn result_name(m: &Module, op: OpId) -> Option<String> {
    let d = &m.ops[op];
    match d.name.as_str() {
        "arith.constant" => match d.attr("value")? {
            Attribute::Bool(b) => Some(if *b { "true" } else { "false" }.to_string()),
            Attribute::Integer {
                value,
                ty: Type::Index,
            } => Some(format!("c{value}")),
            Attribute::Integer { value, ty } => Some(format!("c{value}_{ty}")),
            _ => Some("cst".to_string()),
        },
        "memref.alloc" => Some("alloc".into()),
        "func.constant" => Some("f".into()),
        "memref.alloca" => Some("alloca".into()),
        "memref.dim" => Some("dim".into()),
        "memref.cast" => Some("cast".into()),
        "memref.subview" => Some("subview".into()),
        "tensor.extract" => Some("extracted".into()),
        "tensor.insert" => Some("inserted".into()),
        "tensor.cast" => Some("cast".into()),
        "tensor.dim" => Some("dim".into()),
        "tensor.generate" => Some("generated".into()),
        "memref.reinterpret_cast" => Some("reinterpret_cast".into()),
        "memref.expand_shape" => Some("expand_shape".into()),
        "memref.collapse_shape" => Some("collapse_shape".into()),
        "memref.transpose" => Some("transpose".into()),
        "memref.view" => Some("view".into()),
        "memref.reshape" => Some("reshape".into()),
        _ => None,
    }
}

/// MLIR's `getAsmResultNames` for the ops that name each result.
fn result_names(name: &str) -> Option<&'static [&'static str]> {
    match name {
        "arith.addui_extended" => Some(&["sum", "overflow"]),
        "arith.mulsi_extended" | "arith.mului_extended" => Some(&["low", "high"]),
        _ => None,
    }
}

impl Names {
    /// Names of the values under `root`, numbered from it.
    fn compute(m: &Module, root: OpId, opts: &PrintOptions) -> Names {
        let generic = opts.generic;
        let mut st = NameState {
            m,
            generic,
            value_users: opts.value_users,
            ids: HashMap::new(),
            next_value: 0,
            next_arg: 0,
            next_conflict: 0,
            scopes: Vec::new(),
            names: HashMap::new(),
        };
        let mut stack: Vec<(RegionId, u32, u32, u32, usize)> = m.ops[root]
            .regions
            .iter()
            .map(|&r| (r, 0, 0, 0, 0))
            .collect();
        // MLIR numbers the root after its regions' contexts are taken: in
        // the custom form, where each region restores them, its number is
        // seen in no region.
        st.number_op(root);
        while let Some((r, v, a, c, depth)) = stack.pop() {
            if !generic {
                st.next_value = v;
                st.next_arg = a;
                st.next_conflict = c;
            }
            st.scopes.truncate(depth);
            st.scopes.push(HashSet::new());
            st.number_region(r);
            let depth = st.scopes.len();
            for &b in &m.regions[r].blocks {
                for &op in &m.blocks[b].ops {
                    for &nested in &m.ops[op].regions {
                        stack.push((nested, st.next_value, st.next_arg, st.next_conflict, depth));
                    }
                }
            }
        }
        Names {
            names: st.names,
            ids: st.ids,
            users: opts.value_users.then(|| users_by_value(m)),
        }
    }
}

/// The ops using each value, in the order MLIR's use lists give them for
/// IR it parsed: the latest use first, an op's uses made when it is built,
/// after the ops in its regions.
fn users_by_value(m: &Module) -> HashMap<Value, Vec<OpId>> {
    let mut users: HashMap<Value, Vec<OpId>> = HashMap::new();
    let mut stack = vec![(m.top, false)];
    while let Some((op, built)) = stack.pop() {
        if built {
            for &v in &m.ops[op].operands {
                users.entry(v).or_default().push(op);
            }
            continue;
        }
        stack.push((op, true));
        for &r in m.ops[op].regions.iter().rev() {
            for &b in m.regions[r].blocks.iter().rev() {
                stack.extend(m.blocks[b].ops.iter().rev().map(|&o| (o, false)));
            }
        }
    }
    for list in users.values_mut() {
        list.reverse();
    }
    users
}

struct Printer<'a> {
    m: &'a Module,
    names: &'a Names,
    aliases: &'a Aliases,
    generic: bool,
    /// Print debug locations (`-mlir-print-debuginfo`).
    debuginfo: bool,
    out: String,
}

impl<'a> Printer<'a> {
    fn new(
        m: &'a Module,
        names: &'a Names,
        aliases: &'a Aliases,
        opts: &PrintOptions,
        out: String,
    ) -> Printer<'a> {
        Printer {
            m,
            names,
            aliases,
            generic: opts.generic,
            debuginfo: opts.debuginfo,
            out,
        }
    }

    /// The distinct users of `v`, in use-list order.
    fn distinct_users(&self, v: Value) -> Vec<OpId> {
        let mut seen = HashSet::new();
        let all = self.names.users.as_ref().and_then(|u| u.get(&v));
        all.into_iter()
            .flatten()
            .copied()
            .filter(|&o| seen.insert(o))
            .collect()
    }

    /// How a user is named in a users comment: its results, or its number.
    fn user_ids(&mut self, user: OpId) {
        let results = self.m.ops[user].results.clone();
        if results.is_empty() {
            let id = self.names.ids.get(&user).copied().unwrap_or(0);
            let _ = write!(self.out, "%{id}");
        } else {
            self.values(&results);
        }
    }

    /// The users of `v`, comma-separated, or `unused`.
    fn value_users(&mut self, v: Value) {
        let users = self.distinct_users(v);
        if users.is_empty() {
            self.out.push_str("unused");
        }
        for (i, user) in users.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.user_ids(user);
        }
    }

    /// MLIR's comment after an op under `-mlir-print-value-users`:
    /// `// id: %N` for an op with operands and no results, `// unused`,
    /// `// user: ...` for one result used by one op with at most one
    /// result, else `// users: ...` (a parenthesized list per result when
    /// there are several).
    fn users_comment(&mut self, op: OpId) {
        let results = self.m.ops[op].results.clone();
        if results.is_empty() {
            if !self.m.ops[op].operands.is_empty() {
                let id = self.names.ids.get(&op).copied().unwrap_or(0);
                let _ = write!(self.out, " // id: %{id}");
            }
            return;
        }
        let mut seen = HashSet::new();
        let users: Vec<OpId> = results
            .iter()
            .flat_map(|&r| self.distinct_users(r))
            .filter(|&o| seen.insert(o))
            .collect();
        if users.is_empty() {
            self.out.push_str(" // unused");
            return;
        }
        let used_in_results: usize = users.iter().map(|&u| self.m.ops[u].results.len()).sum();
        let one = used_in_results <= 1 && users.len() <= 1 && results.len() == 1;
        self.out
            .push_str(if one { " // user: " } else { " // users: " });
        let brackets = results.len() > 1;
        for (i, &r) in results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if brackets {
                self.out.push('(');
            }
            self.value_users(r);
            if brackets {
                self.out.push(')');
            }
        }
    }

    fn value(&mut self, v: Value) {
        self.out.push('%');
        match self.names.names.get(&v) {
            Some(n) => self.out.push_str(n),
            None => {
                let _ = write!(self.out, "<<UNKNOWN SSA VALUE {}>>", v.index());
            }
        }
    }

    fn values(&mut self, vs: &[Value]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value(v);
        }
    }

    fn ty(&mut self, t: &Type) {
        write_type(&mut self.out, t, self.aliases);
    }

    fn types_of(&mut self, vs: &[Value]) {
        let types: Vec<Type> = vs.iter().map(|&v| self.m.value_type(v).clone()).collect();
        write_type_list(&mut self.out, &types, self.aliases);
    }

    fn attr(&mut self, a: &Attribute) {
        write_attr(&mut self.out, a, self.aliases, false);
    }

    fn map(&mut self, m: &AffineMap) {
        self.aliases.write_map(&mut self.out, m);
    }

    /// ` fastmath<...>` / ` overflow<...>` of an op's properties, unless
    /// they are `none`.
    fn flags(&mut self, props: &[NamedAttr]) {
        if let Some(text) = syntax::flags_text(props) {
            self.out.push(' ');
            self.out.push_str(&text);
        }
    }

    /// `name %a, %b {attrs} : ` — the head of the many custom forms that
    /// list their operands, then their attributes, then types.
    fn operands_then_types(&mut self, name: &str, operands: &[Value], attrs: &[NamedAttr]) {
        self.out.push_str(name);
        self.out.push(' ');
        self.values(operands);
        self.attr_dict(&attrs.iter().collect::<Vec<_>>());
        self.out.push_str(" : ");
    }

    fn attr_dict(&mut self, attrs: &[&NamedAttr]) {
        if attrs.is_empty() {
            return;
        }
        let owned: Vec<NamedAttr> = attrs.iter().map(|&a| a.clone()).collect();
        self.out.push(' ');
        write_dict(&mut self.out, &owned, self.aliases);
    }

    fn indent(&mut self, n: usize) {
        for _ in 0..n {
            self.out.push(' ');
        }
    }

    fn results_prefix(&mut self, op: OpId) {
        let results = &self.m.ops[op].results;
        if results.is_empty() {
            return;
        }
        let first = self
            .names
            .names
            .get(&results[0])
            .map_or("<<UNKNOWN SSA VALUE>>", |s| s.as_str());
        if results.len() == 1 {
            self.out.push('%');
            self.out.push_str(first);
        } else if !first.contains('#') {
            // Each result named on its own.
            let results = results.clone();
            self.values(&results);
        } else {
            let base = first.split('#').next().unwrap_or("");
            let _ = write!(self.out, "%{base}:{}", results.len());
        }
        self.out.push_str(" = ");
    }

    /// Prints an op (without leading indentation or trailing newline).
    fn op(&mut self, op: OpId, indent: usize) {
        let loc = self.debuginfo.then(|| self.m.debug_loc(self.m.ops[op].loc));
        if let Some(loc) = &loc {
            // MLIR's alias collector meets an op's location first.
            self.aliases.visit_loc(loc, true);
        }
        self.results_prefix(op);
        let name = self.m.ops[op].name.clone();
        if self.generic || !syntax::is_known(&name) || !self.custom(op, &name, indent) {
            self.generic_op(op, indent);
        }
        if let Some(loc) = &loc {
            self.out.push_str(" loc(");
            self.aliases.write_loc(&mut self.out, loc, true);
            self.out.push(')');
        }
        if self.names.users.is_some() {
            self.users_comment(op);
        }
    }

    /// ` loc(...)` after a region argument under `-mlir-print-debuginfo`:
    /// written out, as MLIR does not alias these (the locations inside it
    /// are aliased).
    fn arg_loc(&mut self, v: Value) {
        if self.debuginfo {
            let loc = self.m.debug_loc(self.m.values[v].loc);
            self.aliases.visit_loc(&loc, false);
            self.out.push_str(" loc(");
            self.aliases.write_loc(&mut self.out, &loc, false);
            self.out.push(')');
        }
    }

    fn generic_op(&mut self, op: OpId, indent: usize) {
        let d = &self.m.ops[op];
        let recording = self.aliases_recording();
        if recording {
            self.visit_generic(op, indent);
        }
        let mut name = String::new();
        crate::attr::write_string(&mut name, &d.name);
        self.out.push_str(&name);
        self.out.push('(');
        self.values(&d.operands);
        self.out.push(')');
        if !d.successors.is_empty() {
            let labels: Vec<String> = d.successors.iter().map(|&b| self.block_label(b)).collect();
            let _ = write!(self.out, "[{}]", labels.join(", "));
        }
        if !d.props.is_empty() {
            self.out.push_str(" <");
            write_dict(&mut self.out, &d.props, self.aliases);
            self.out.push('>');
        }
        // While recording aliases the regions were just visited: visiting
        // them again would double the work at every nesting level.
        if !d.regions.is_empty() && !recording {
            self.out.push_str(" (");
            for (i, &r) in d.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, indent, true, true);
            }
            self.out.push(')');
        }
        let attrs: Vec<&NamedAttr> = d.attrs.iter().collect();
        self.attr_dict(&attrs);
        self.out.push_str(" : (");
        self.types_of(&d.operands);
        self.out.push_str(") -> ");
        let results: Vec<Type> = d
            .results
            .iter()
            .map(|&v| self.m.value_type(v).clone())
            .collect();
        if results.len() == 1 && !matches!(results[0], Type::Function { .. }) {
            self.ty(&results[0]);
        } else {
            self.out.push('(');
            write_type_list(&mut self.out, &results, self.aliases);
            self.out.push(')');
        }
    }

    fn aliases_recording(&self) -> bool {
        self.aliases.is_recording()
    }

    /// MLIR's alias collector meets a generic op's regions first, then its
    /// result types, then its attributes.
    fn visit_generic(&mut self, op: OpId, indent: usize) {
        let saved = std::mem::take(&mut self.out);
        let d = &self.m.ops[op];
        for &r in &d.regions {
            for &b in &self.m.regions[r].blocks {
                for &a in &self.m.blocks[b].args {
                    let t = self.m.value_type(a).clone();
                    self.ty(&t);
                    self.arg_loc(a);
                }
                for &o in &self.m.blocks[b].ops {
                    self.op(o, indent + 2);
                }
            }
        }
        for &r in &d.results {
            let t = self.m.value_type(r).clone();
            self.ty(&t);
        }
        for (_, a) in d.props.iter().chain(d.attrs.iter()) {
            self.attr(a);
        }
        self.out = saved;
    }

    /// Prints `{ ... }` for a region whose op is at `indent`.
    fn region(&mut self, r: RegionId, indent: usize, entry_args: bool, terminators: bool) {
        self.out.push_str("{\n");
        let blocks = self.m.regions[r].blocks.clone();
        for (i, &b) in blocks.iter().enumerate() {
            let args = self.m.blocks[b].args.clone();
            let empty_entry = self.generic && i == 0 && self.m.blocks[b].ops.is_empty();
            if i > 0 || (entry_args && !args.is_empty()) || empty_entry {
                self.indent(indent);
                let _ = write!(self.out, "^bb{i}");
                if !args.is_empty() {
                    self.out.push('(');
                    for (j, &a) in args.iter().enumerate() {
                        if j > 0 {
                            self.out.push_str(", ");
                        }
                        self.value(a);
                        self.out.push_str(": ");
                        let t = self.m.value_type(a).clone();
                        self.ty(&t);
                        self.arg_loc(a);
                    }
                    self.out.push(')');
                }
                self.out.push(':');
                self.predecessor_comment(b, i == 0);
                self.out.push('\n');
            }
            if self.names.users.is_some() {
                for &a in &args {
                    self.indent(indent + 2);
                    self.out.push_str("// ");
                    self.value(a);
                    if self.distinct_users(a).is_empty() {
                        self.out.push_str(" is unused\n");
                    } else {
                        self.out.push_str(" is used by ");
                        self.value_users(a);
                        self.out.push('\n');
                    }
                }
            }
            let ops = self.m.blocks[b].ops.clone();
            let n = ops.len();
            for (k, &o) in ops.iter().enumerate() {
                let is_last = k + 1 == n;
                if is_last && !terminators && self.is_terminator(o) {
                    continue;
                }
                self.indent(indent + 2);
                self.op(o, indent + 2);
                self.out.push('\n');
            }
        }
        self.indent(indent);
        self.out.push('}');
    }

    /// MLIR's comment after a block label: `// no predecessors` (not for
    /// the entry block), `// pred: ^bb0`, or `// 2 preds: ^bb0, ^bb2`
    /// (sorted by block order, one entry per branch).
    fn predecessor_comment(&mut self, b: BlockId, entry: bool) {
        let preds = self.m.predecessors(b);
        match preds.as_slice() {
            [] if entry => {}
            [] => self.out.push_str("  // no predecessors"),
            [p] => {
                let name = self.block_label(*p);
                let _ = write!(self.out, "  // pred: {name}");
            }
            _ => {
                let names: Vec<String> = preds.iter().map(|&p| self.block_label(p)).collect();
                let _ = write!(self.out, "  // {} preds: {}", preds.len(), names.join(", "));
            }
        }
    }

    /// `^bbN`, N the block's position in its region.
    fn block_label(&self, b: BlockId) -> String {
        match self.m.block_index(b) {
            Some(i) => format!("^bb{i}"),
            None => "^INVALIDBLOCK".to_string(),
        }
    }

    /// `^bb1` or `^bb1(%a, %b : i32, f32)`.
    fn successor(&mut self, b: BlockId, args: &[Value]) {
        let label = self.block_label(b);
        self.out.push_str(&label);
        if !args.is_empty() {
            self.out.push('(');
            self.values(args);
            self.out.push_str(" : ");
            self.types_of(args);
            self.out.push(')');
        }
    }

    fn is_terminator(&self, op: OpId) -> bool {
        matches!(
            self.m.ops[op].name.as_str(),
            "affine.yield" | "scf.yield" | "memref.alloca_scope.return"
        )
    }

    /// The op's name as printed: `func.` dropped directly inside
    /// `func.func`.
    fn short_name(&self, op: OpId, name: &str) -> String {
        let parent_is_func = self
            .m
            .parent_op(op)
            .is_some_and(|p| self.m.ops[p].name == "func.func");
        match name.strip_prefix("func.") {
            Some(short) if parent_is_func => short.to_string(),
            _ => name.to_string(),
        }
    }

    /// The SSA names of `operands`, `%`-prefixed.
    fn operand_names(&self, operands: &[Value]) -> Vec<String> {
        operands
            .iter()
            .map(|v| format!("%{}", self.names.names.get(v).map_or("?", |s| s.as_str())))
            .collect()
    }

    /// `e` with dims named by the first operands and symbols written
    /// `symbol(%x)`, as in affine subscripts and `affine.parallel` bounds.
    fn write_operand_expr(&mut self, e: &tessera_affine::AffineExpr, names: &[String], nd: usize) {
        let shown = e.display_with(|out: &mut dyn Write, p| match p {
            Position::Dim(d) => out.write_str(names.get(d as usize).map_or("?", |s| s.as_str())),
            Position::Symbol(s) => write!(
                out,
                "symbol({})",
                names.get(nd + s as usize).map_or("?", |s| s.as_str())
            ),
        });
        let _ = write!(self.out, "{shown}");
    }

    fn subscripts(&mut self, map: &AffineMap, operands: &[Value]) {
        let nd = map.num_dims() as usize;
        let names = self.operand_names(operands);
        for (i, e) in map.results().iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_operand_expr(e, &names, nd);
        }
    }

    fn dims_and_symbols(&mut self, nd: usize, operands: &[Value]) {
        let nd = nd.min(operands.len());
        self.out.push('(');
        self.values(&operands[..nd]);
        self.out.push(')');
        if operands.len() > nd {
            self.out.push('[');
            self.values(&operands[nd..]);
            self.out.push(']');
        }
    }

    fn bound(&mut self, map: &AffineMap, operands: &[Value], prefix: &str) {
        if map.results().len() == 1 {
            let e = &map.results()[0];
            if map.num_inputs() == 0 {
                if let Some(c) = e.as_constant() {
                    let _ = write!(self.out, "{c}");
                    return;
                }
            }
            if map.num_dims() == 0
                && map.num_symbols() == 1
                && e == &tessera_affine::AffineExpr::symbol(0)
            {
                self.value(operands[0]);
                return;
            }
        } else {
            self.out.push_str(prefix);
            self.out.push(' ');
        }
        self.map(map);
        self.dims_and_symbols(map.num_dims() as usize, operands);
    }

    /// `(%a = %v, %b = %w)`.
    fn assignments(&mut self, block_args: &[Value], inits: &[Value]) {
        self.out.push('(');
        for (i, (&a, &v)) in block_args.iter().zip(inits).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value(a);
            self.out.push_str(" = ");
            self.value(v);
        }
        self.out.push(')');
    }

    fn iter_args(&mut self, block_args: &[Value], inits: &[Value]) {
        if inits.is_empty() {
            return;
        }
        self.out.push_str(" iter_args");
        self.assignments(block_args, inits);
        self.out.push_str(" -> (");
        self.types_of(inits);
        self.out.push(')');
    }

    fn map_prop(&self, op: OpId, name: &str) -> Option<AffineMap> {
        match self.m.ops[op].attr(name) {
            Some(Attribute::AffineMap(m)) => Some(m.clone()),
            _ => None,
        }
    }

    /// ` : src-type, dst-type, tag-type` of a DMA start.
    fn dma_types(&mut self, d: &OpData, dma: &crate::dma::DmaStart) {
        self.out.push_str(" : ");
        for (k, part) in [&dma.src, &dma.dst, &dma.tag].into_iter().enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            let t = self.m.value_type(d.operands[part.memref]).clone();
            self.ty(&t);
        }
    }

    /// Prints the custom form; `false` when the op does not have the shape
    /// its custom form needs (then the generic form is used).
    fn custom(&mut self, op: OpId, name: &str, indent: usize) -> bool {
        let d = self.m.ops[op].clone();
        let start = self.out.len();
        let ok = self.custom_inner(op, &d, name, indent);
        if !ok {
            self.out.truncate(start);
        }
        ok
    }

    fn custom_inner(&mut self, op: OpId, d: &crate::ir::OpData, name: &str, indent: usize) -> bool {
        let attrs_except = |names: &[&str]| -> Vec<NamedAttr> {
            let mut v: Vec<NamedAttr> = d
                .props
                .iter()
                .chain(d.attrs.iter())
                .filter(|(n, _)| !names.contains(&n.as_str()))
                .cloned()
                .collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        };
        let only_attrs = |names: &[&str]| -> Vec<NamedAttr> {
            d.attrs
                .iter()
                .filter(|(n, _)| !names.contains(&n.as_str()))
                .cloned()
                .collect()
        };
        match name {
            "builtin.module" => {
                // `builtin.` is the default dialect only at the top and
                // directly inside a module.
                let in_module = self
                    .m
                    .parent_op(op)
                    .map_or(true, |p| self.m.ops[p].name == "builtin.module");
                if !in_module {
                    self.out.push_str("builtin.");
                }
                self.out.push_str("module");
                if let Some(Attribute::String(s)) = d.attr("sym_name") {
                    self.out.push(' ');
                    write_symbol(&mut self.out, s);
                }
                let a = attrs_except(&["sym_name", "sym_visibility"]);
                if !a.is_empty() {
                    self.out.push_str(" attributes ");
                    write_dict(&mut self.out, &a, self.aliases);
                }
                self.out.push(' ');
                let Some(&r) = d.regions.first() else {
                    return false;
                };
                self.region(r, indent, false, true);
            }
            "func.func" => return self.func(d, indent),
            "func.return" | "affine.yield" | "scf.yield" => {
                self.out.push_str(&self.short_name(op, name));
                if !d.operands.is_empty() {
                    self.out.push(' ');
                    self.values(&d.operands);
                }
                self.attr_dict(&d.attrs.iter().collect::<Vec<_>>());
                if !d.operands.is_empty() {
                    self.out.push_str(" : ");
                    self.types_of(&d.operands);
                }
            }
            "cf.br" | "cf.cond_br" | "cf.switch" => return self.branch(d, name, indent),
            "cf.assert" => {
                let (Some(Attribute::String(msg)), [cond]) = (d.attr("msg"), d.operands.as_slice())
                else {
                    return false;
                };
                self.out.push_str("cf.assert ");
                self.value(*cond);
                self.out.push_str(", ");
                crate::attr::write_string(&mut self.out, msg);
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "func.constant" => {
                let Some(value @ Attribute::SymbolRef(_)) = d.attr("value") else {
                    return false;
                };
                if d.results.len() != 1 {
                    return false;
                }
                self.out.push_str(&self.short_name(op, name));
                self.out.push(' ');
                self.attr(value);
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let t = self.m.value_type(d.results[0]).clone();
                self.ty(&t);
            }
            "func.call_indirect" => {
                let Some((&callee, args)) = d.operands.split_first() else {
                    return false;
                };
                let ty = self.m.value_type(callee).clone();
                if !matches!(ty, Type::Function { .. }) {
                    return false;
                }
                self.out.push_str(&self.short_name(op, name));
                self.out.push(' ');
                self.values(&[callee]);
                self.out.push('(');
                self.values(args);
                self.out.push(')');
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                self.ty(&ty);
            }
            "func.call" => {
                let Some(Attribute::SymbolRef(path)) = d.attr("callee") else {
                    return false;
                };
                let callee = Attribute::SymbolRef(path.clone());
                self.out.push_str(&self.short_name(op, name));
                self.out.push(' ');
                self.attr(&callee);
                self.out.push('(');
                self.values(&d.operands);
                self.out.push(')');
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : (");
                self.types_of(&d.operands);
                self.out.push_str(") -> ");
                let rt: Vec<Type> = d
                    .results
                    .iter()
                    .map(|&v| self.m.value_type(v).clone())
                    .collect();
                write_result_types(&mut self.out, &rt, self.aliases);
            }
            "affine.for" => {
                let (Some(lb), Some(ub), Some(step)) = (
                    self.map_prop(op, "lowerBoundMap"),
                    self.map_prop(op, "upperBoundMap"),
                    d.attr("step").and_then(Attribute::as_int),
                ) else {
                    return false;
                };
                let (nl, nu) = (lb.num_inputs() as usize, ub.num_inputs() as usize);
                let Some(&r) = d.regions.first() else {
                    return false;
                };
                let Some(&body) = self.m.regions[r].blocks.first() else {
                    return false;
                };
                let args = self.m.blocks[body].args.clone();
                if d.operands.len() < nl + nu || args.is_empty() {
                    return false;
                }
                self.out.push_str("affine.for ");
                self.value(args[0]);
                self.arg_loc(args[0]);
                self.out.push_str(" = ");
                self.bound(&lb, &d.operands[..nl], "max");
                self.out.push_str(" to ");
                self.bound(&ub, &d.operands[nl..nl + nu], "min");
                if step != 1 {
                    let _ = write!(self.out, " step {step}");
                }
                let inits = &d.operands[nl + nu..];
                self.iter_args(&args[1..], inits);
                self.out.push(' ');
                self.region(r, indent, false, !inits.is_empty());
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "affine.if" => {
                let Some(Attribute::IntegerSet(set)) = d.attr("condition") else {
                    return false;
                };
                let set = set.clone();
                if d.regions.len() != 2 {
                    return false;
                }
                self.out.push_str("affine.if ");
                self.aliases.write_set(&mut self.out, &set);
                self.dims_and_symbols(set.num_dims() as usize, &d.operands);
                if !d.results.is_empty() {
                    self.out.push_str(" -> ");
                    let rt: Vec<Type> = d
                        .results
                        .iter()
                        .map(|&v| self.m.value_type(v).clone())
                        .collect();
                    write_result_types(&mut self.out, &rt, self.aliases);
                }
                self.out.push(' ');
                let has_results = !d.results.is_empty();
                self.region(d.regions[0], indent, false, has_results);
                if !self.m.regions[d.regions[1]].blocks.is_empty() {
                    self.out.push_str(" else ");
                    self.region(d.regions[1], indent, false, has_results);
                }
                let a = only_attrs(&["condition"]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "affine.load" | "affine.vector_load" | "affine.store" | "affine.vector_store" => {
                let Some(map) = self.map_prop(op, "map") else {
                    return false;
                };
                let is_store = name.ends_with("store");
                let base = if is_store { 1 } else { 0 };
                if d.operands.len() != base + 1 + map.num_inputs() as usize {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                if is_store {
                    self.value(d.operands[0]);
                    self.out.push_str(", ");
                }
                self.value(d.operands[base]);
                self.out.push('[');
                self.subscripts(&map, &d.operands[base + 1..]);
                self.out.push(']');
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let mt = self.m.value_type(d.operands[base]).clone();
                self.ty(&mt);
                if name.contains("vector") {
                    self.out.push_str(", ");
                    let vt = if is_store {
                        self.m.value_type(d.operands[0]).clone()
                    } else {
                        self.m.value_type(d.results[0]).clone()
                    };
                    self.ty(&vt);
                }
            }
            "affine.apply" | "affine.min" | "affine.max" => {
                let Some(map) = self.map_prop(op, "map") else {
                    return false;
                };
                self.out.push_str(name);
                self.out.push(' ');
                self.map(&map);
                self.dims_and_symbols(map.num_dims() as usize, &d.operands);
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "affine.parallel" => return self.parallel(op, d, indent),
            n if crate::vector::VECTOR_OPS.contains(&n) => return self.vector_op(d, name),
            n if syntax::VIEW_SYNTAX_OPS.contains(&n) => return self.view_op(d, name, indent),
            n if syntax::TENSOR_OPS.contains(&n) => return self.tensor_op(d, name, indent),
            "arith.constant" => {
                let Some(v) = d.attr("value").cloned() else {
                    return false;
                };
                self.out.push_str(name);
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push(' ');
                self.attr(&v);
            }
            "arith.cmpi" | "arith.cmpf" => {
                let table = if name == "arith.cmpi" {
                    CMPI_PREDICATES
                } else {
                    CMPF_PREDICATES
                };
                let Some(pred) = d
                    .attr("predicate")
                    .and_then(Attribute::as_int)
                    .and_then(|i| table.get(i as usize))
                else {
                    return false;
                };
                if d.operands.len() != 2 {
                    return false;
                }
                let _ = write!(self.out, "{name} {pred}, ");
                self.values(&d.operands);
                self.flags(&d.props);
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let t = self.m.value_type(d.operands[0]).clone();
                self.ty(&t);
            }
            n if ARITH_BINARY.contains(&n)
                || syntax::MATH_UNARY.contains(&n)
                || syntax::MATH_INT_UNARY.contains(&n)
                || syntax::MATH_TERNARY.contains(&n)
                || matches!(n, "arith.select" | "arith.negf") =>
            {
                if d.results.len() != 1 || d.operands.is_empty() {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.values(&d.operands);
                self.flags(&d.props);
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let cond = self.m.value_type(d.operands[0]).clone();
                if name == "arith.select" && cond != Type::Integer(1) {
                    self.ty(&cond);
                    self.out.push_str(", ");
                }
                let t = self.m.value_type(d.results[0]).clone();
                self.ty(&t);
            }
            n if syntax::ARITH_EXTENDED.contains(&n) => {
                if d.results.len() != 2 || d.operands.len() != 2 {
                    return false;
                }
                self.operands_then_types(name, &d.operands, &only_attrs(&[]));
                let t = self.m.value_type(d.results[0]).clone();
                self.ty(&t);
                if n == "arith.addui_extended" {
                    self.out.push_str(", ");
                    let o = self.m.value_type(d.results[1]).clone();
                    self.ty(&o);
                }
            }
            n if ARITH_CASTS.contains(&n) || n == "memref.cast" || n == "memref.copy" => {
                let is_copy = n == "memref.copy";
                if d.operands.len() != if is_copy { 2 } else { 1 } {
                    return false;
                }
                self.operands_then_types(name, &d.operands, &only_attrs(&[]));
                let from = self.m.value_type(d.operands[0]).clone();
                self.ty(&from);
                self.out.push_str(" to ");
                let to = if is_copy {
                    self.m.value_type(d.operands[1]).clone()
                } else {
                    self.m.value_type(d.results[0]).clone()
                };
                self.ty(&to);
            }
            "memref.alloc" | "memref.alloca" => {
                let Some(Attribute::DenseArray { values, .. }) = d.attr("operandSegmentSizes")
                else {
                    return false;
                };
                let nd = values.first().copied().unwrap_or(0) as usize;
                if d.results.len() != 1 || nd > d.operands.len() {
                    return false;
                }
                self.out.push_str(name);
                self.out.push('(');
                self.values(&d.operands[..nd]);
                self.out.push(')');
                if d.operands.len() > nd {
                    self.out.push('[');
                    self.values(&d.operands[nd..]);
                    self.out.push(']');
                }
                let a = attrs_except(&["operandSegmentSizes"]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let t = self.m.value_type(d.results[0]).clone();
                self.ty(&t);
            }
            "memref.global" => {
                let (Some(Attribute::String(sym)), Some(Attribute::Type(ty))) =
                    (d.attr("sym_name"), d.attr("type"))
                else {
                    return false;
                };
                self.out.push_str(name);
                if let Some(Attribute::String(vis)) = d.attr("sym_visibility") {
                    self.out.push(' ');
                    write_string(&mut self.out, vis);
                }
                if d.attr("constant").is_some() {
                    self.out.push_str(" constant");
                }
                self.out.push(' ');
                write_symbol(&mut self.out, sym);
                self.out.push_str(" : ");
                self.ty(ty);
                match d.attr("initial_value") {
                    Some(Attribute::Unit) => self.out.push_str(" = uninitialized"),
                    Some(
                        value @ (Attribute::DenseInt { .. }
                        | Attribute::DenseFloat { .. }
                        | Attribute::DenseResource { .. }),
                    ) => {
                        self.out.push_str(" = ");
                        write_elements_value(&mut self.out, value, self.aliases);
                    }
                    Some(_) => return false,
                    None => {}
                }
                let a = attrs_except(&[
                    "constant",
                    "initial_value",
                    "sym_name",
                    "sym_visibility",
                    "type",
                ]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "memref.get_global" => {
                let Some(sym @ Attribute::SymbolRef(_)) = d.attr("name") else {
                    return false;
                };
                if d.results.len() != 1 {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.attr(sym);
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let t = self.m.value_type(d.results[0]).clone();
                self.ty(&t);
            }
            "memref.dealloc" => {
                if d.operands.len() != 1 {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.value(d.operands[0]);
                let a = attrs_except(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let t = self.m.value_type(d.operands[0]).clone();
                self.ty(&t);
            }
            "vector.print" => {
                let punctuation = match d.attr("punctuation") {
                    None => "newline",
                    Some(Attribute::Opaque(p)) => match p
                        .strip_prefix("vector.punctuation<")
                        .and_then(|p| p.strip_suffix('>'))
                    {
                        Some(p) => p,
                        None => return false,
                    },
                    Some(_) => return false,
                };
                if d.operands.len() > 1 {
                    return false;
                }
                self.out.push_str(name);
                if let Some(&v) = d.operands.first() {
                    self.out.push(' ');
                    self.value(v);
                    self.out.push_str(" : ");
                    let t = self.m.value_type(v).clone();
                    self.ty(&t);
                }
                match d.attr("stringLiteral") {
                    None => {}
                    Some(Attribute::String(text)) => {
                        self.out.push_str(" str ");
                        crate::attr::write_string(&mut self.out, text);
                    }
                    Some(_) => return false,
                }
                if punctuation != "newline" {
                    self.out.push_str(" punctuation <");
                    self.out.push_str(punctuation);
                    self.out.push('>');
                }
                let a = attrs_except(&["punctuation", "stringLiteral"]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "affine.prefetch" | "memref.prefetch" => {
                let (
                    Some(Attribute::Bool(write)),
                    Some(Attribute::Integer { value: hint, .. }),
                    Some(Attribute::Bool(data)),
                ) = (
                    d.attr("isWrite"),
                    d.attr("localityHint"),
                    d.attr("isDataCache"),
                )
                else {
                    return false;
                };
                let Some(&mem) = d.operands.first() else {
                    return false;
                };
                self.out.push_str(name);
                self.out.push(' ');
                self.value(mem);
                self.out.push('[');
                if name == "affine.prefetch" {
                    let Some(map) = self.map_prop(op, "map") else {
                        return false;
                    };
                    if map.num_inputs() as usize + 1 != d.operands.len() {
                        return false;
                    }
                    self.subscripts(&map, &d.operands[1..]);
                } else {
                    self.values(&d.operands[1..]);
                }
                let _ = write!(
                    self.out,
                    "], {}, locality<{hint}>, {}",
                    if *write { "write" } else { "read" },
                    if *data { "data" } else { "instr" }
                );
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let t = self.m.value_type(mem).clone();
                self.ty(&t);
            }
            "affine.dma_start" => {
                let Some(dma) = crate::dma::DmaStart::of(self.m, d) else {
                    return false;
                };
                self.out.push_str("affine.dma_start ");
                for part in [&dma.src, &dma.dst, &dma.tag] {
                    let Some(map) = &part.map else {
                        return false;
                    };
                    self.value(d.operands[part.memref]);
                    self.out.push('[');
                    self.subscripts(map, &d.operands[part.subscripts.clone()]);
                    self.out.push_str("], ");
                }
                self.values(&d.operands[dma.count..]);
                self.dma_types(d, &dma);
            }
            "affine.dma_wait" | "memref.dma_wait" => {
                let Some(wait) = crate::dma::DmaWait::of(self.m, d) else {
                    return false;
                };
                self.out.push_str(name);
                self.out.push(' ');
                self.value(d.operands[0]);
                self.out.push('[');
                match &wait.tag.map {
                    Some(map) => self.subscripts(map, &d.operands[wait.tag.subscripts.clone()]),
                    None => self.values(&d.operands[wait.tag.subscripts.clone()]),
                }
                self.out.push_str("], ");
                self.value(d.operands[wait.count]);
                if wait.tag.map.is_none() {
                    let a = only_attrs(&[]);
                    self.attr_dict(&a.iter().collect::<Vec<_>>());
                }
                self.out.push_str(" : ");
                let t = self.m.value_type(d.operands[0]).clone();
                self.ty(&t);
            }
            "memref.dma_start" => {
                // mlir-opt prints discardable attributes in the custom form
                // but cannot read them back there: the generic form keeps
                // them readable.
                let Some(dma) = crate::dma::DmaStart::of(self.m, d).filter(|_| d.attrs.is_empty())
                else {
                    return false;
                };
                self.out.push_str("memref.dma_start ");
                for part in [&dma.src, &dma.dst] {
                    self.value(d.operands[part.memref]);
                    self.out.push('[');
                    self.values(&d.operands[part.subscripts.clone()]);
                    self.out.push_str("], ");
                }
                self.value(d.operands[dma.count]);
                self.out.push_str(", ");
                self.value(d.operands[dma.tag.memref]);
                self.out.push('[');
                self.values(&d.operands[dma.tag.subscripts.clone()]);
                self.out.push(']');
                for &v in &d.operands[dma.tag.subscripts.end..] {
                    self.out.push_str(", ");
                    self.value(v);
                }
                self.dma_types(d, &dma);
            }
            "memref.load" | "memref.store" => {
                let base = if name == "memref.store" { 1 } else { 0 };
                if d.operands.len() <= base {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                if base == 1 {
                    self.value(d.operands[0]);
                    self.out.push_str(", ");
                }
                self.value(d.operands[base]);
                self.out.push('[');
                self.values(&d.operands[base + 1..]);
                self.out.push(']');
                // `nontemporal = false` is the default, left out.
                let mut a = attrs_except(&[]);
                a.retain(|(n, v)| !(n == "nontemporal" && *v == Attribute::Bool(false)));
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let t = self.m.value_type(d.operands[base]).clone();
                self.ty(&t);
            }
            "affine.delinearize_index" => {
                if d.operands.is_empty() || d.results.is_empty() {
                    return false;
                }
                self.out.push_str("affine.delinearize_index ");
                self.values(&d.operands[..1]);
                self.out.push_str(" into (");
                self.values(&d.operands[1..]);
                self.out.push(')');
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                for (k, &r) in d.results.iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    let t = self.m.value_type(r).clone();
                    self.ty(&t);
                }
            }
            "memref.dim" => {
                if d.operands.len() != 2 {
                    return false;
                }
                self.operands_then_types("memref.dim", &d.operands, &only_attrs(&[]));
                let t = self.m.value_type(d.operands[0]).clone();
                self.ty(&t);
            }
            "scf.while" => {
                let [before, after] = d.regions[..] else {
                    return false;
                };
                let Some(&entry) = self.m.regions[before].blocks.first() else {
                    return false;
                };
                let args = self.m.blocks[entry].args.clone();
                if args.len() != d.operands.len() {
                    return false;
                }
                self.out.push_str("scf.while");
                if !args.is_empty() {
                    self.out.push(' ');
                    self.assignments(&args, &d.operands);
                }
                self.out.push_str(" : (");
                self.types_of(&d.operands);
                self.out.push_str(") -> ");
                let results: Vec<Type> = d
                    .results
                    .iter()
                    .map(|&r| self.m.value_type(r).clone())
                    .collect();
                write_result_types(&mut self.out, &results, self.aliases);
                self.out.push(' ');
                self.region(before, indent, false, true);
                self.out.push_str(" do ");
                self.region(after, indent, true, true);
                let a = only_attrs(&[]);
                if !a.is_empty() {
                    self.out.push_str(" attributes");
                    self.attr_dict(&a.iter().collect::<Vec<_>>());
                }
            }
            "scf.condition" => {
                let Some(&cond) = d.operands.first() else {
                    return false;
                };
                self.out.push_str("scf.condition(");
                self.value(cond);
                self.out.push(')');
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
                if d.operands.len() > 1 {
                    self.out.push(' ');
                    self.values(&d.operands[1..]);
                    self.out.push_str(" : ");
                    self.types_of(&d.operands[1..]);
                }
            }
            "scf.for" => {
                let Some(&r) = d.regions.first() else {
                    return false;
                };
                let Some(&body) = self.m.regions[r].blocks.first() else {
                    return false;
                };
                let args = self.m.blocks[body].args.clone();
                if d.operands.len() < 3 || args.is_empty() {
                    return false;
                }
                self.out.push_str("scf.for ");
                self.value(args[0]);
                self.out.push_str(" = ");
                self.value(d.operands[0]);
                self.out.push_str(" to ");
                self.value(d.operands[1]);
                self.out.push_str(" step ");
                self.value(d.operands[2]);
                let inits = &d.operands[3..];
                self.iter_args(&args[1..], inits);
                let ivt = self.m.value_type(args[0]).clone();
                if ivt != Type::Index {
                    self.out.push_str("  : ");
                    self.ty(&ivt);
                }
                self.out.push(' ');
                self.region(r, indent, false, !inits.is_empty());
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "scf.parallel" => {
                let Some(&r) = d.regions.first() else {
                    return false;
                };
                let Some(&body) = self.m.regions[r].blocks.first() else {
                    return false;
                };
                let ivs = self.m.blocks[body].args.clone();
                let n = ivs.len();
                if d.operands.len() < 3 * n || d.operands.len() - 3 * n != d.results.len() {
                    return false;
                }
                self.out.push_str("scf.parallel (");
                self.values(&ivs);
                self.out.push_str(") = (");
                self.values(&d.operands[..n]);
                self.out.push_str(") to (");
                self.values(&d.operands[n..2 * n]);
                self.out.push_str(") step (");
                self.values(&d.operands[2 * n..3 * n]);
                self.out.push(')');
                let inits = &d.operands[3 * n..];
                if !inits.is_empty() {
                    self.out.push_str(" init (");
                    self.values(inits);
                    self.out.push(')');
                }
                let rt: Vec<Type> = d
                    .results
                    .iter()
                    .map(|&v| self.m.value_type(v).clone())
                    .collect();
                match rt.as_slice() {
                    [] => {}
                    [t] if !matches!(t, Type::Function { .. }) => {
                        self.out.push_str(" -> ");
                        self.ty(t);
                    }
                    _ => {
                        self.out.push_str(" -> (");
                        write_type_list(&mut self.out, &rt, self.aliases);
                        self.out.push(')');
                    }
                }
                self.out.push(' ');
                self.region(r, indent, false, true);
                let a = only_attrs(&["operandSegmentSizes"]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "scf.reduce" => {
                self.out.push_str("scf.reduce");
                if !d.operands.is_empty() {
                    self.out.push('(');
                    self.values(&d.operands);
                    self.out.push_str(" : ");
                    self.types_of(&d.operands);
                    self.out.push(')');
                }
                self.out.push(' ');
                for (k, &r) in d.regions.iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.region(r, indent, true, true);
                }
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            "scf.reduce.return" => {
                self.operands_then_types("scf.reduce.return", &d.operands, &only_attrs(&[]));
                self.types_of(&d.operands);
            }
            "scf.if" => {
                if d.regions.len() != 2 || d.operands.len() != 1 {
                    return false;
                }
                self.out.push_str("scf.if ");
                self.value(d.operands[0]);
                if !d.results.is_empty() {
                    self.out.push_str(" -> (");
                    let rt: Vec<Type> = d
                        .results
                        .iter()
                        .map(|&v| self.m.value_type(v).clone())
                        .collect();
                    write_type_list(&mut self.out, &rt, self.aliases);
                    self.out.push(')');
                }
                self.out.push(' ');
                let has_results = !d.results.is_empty();
                self.region(d.regions[0], indent, false, has_results);
                if !self.m.regions[d.regions[1]].blocks.is_empty() {
                    self.out.push_str(" else ");
                    self.region(d.regions[1], indent, false, has_results);
                }
                let a = only_attrs(&[]);
                self.attr_dict(&a.iter().collect::<Vec<_>>());
            }
            _ => return false,
        }
        true
    }

    /// The custom forms of `cf.br`, `cf.cond_br` and `cf.switch`; `false`
    /// (print generically) when the operand segments do not fit.
    fn branch(&mut self, d: &crate::ir::OpData, name: &str, indent: usize) -> bool {
        let Some(groups) = crate::ir::successor_operands(d) else {
            return false;
        };
        self.out.push_str(name);
        match name {
            "cf.br" => {
                self.out.push(' ');
                self.successor(d.successors[0], groups.args[0]);
            }
            "cf.cond_br" => {
                self.out.push(' ');
                self.values(groups.leading);
                for (&b, args) in d.successors.iter().zip(&groups.args) {
                    self.out.push_str(", ");
                    self.successor(b, args);
                }
            }
            _ => {
                let Some(values) = crate::ir::switch_case_values(d) else {
                    return false;
                };
                let [flag] = groups.leading else {
                    return false;
                };
                self.out.push(' ');
                self.value(*flag);
                self.out.push_str(" : ");
                let t = self.m.value_type(*flag).clone();
                self.ty(&t);
                self.out.push_str(", [\n");
                for (k, (&b, args)) in d.successors.iter().zip(&groups.args).enumerate() {
                    self.indent(indent + 2);
                    match k {
                        0 => self.out.push_str("default: "),
                        _ => {
                            // MLIR prints the case values unsigned.
                            let v = values[k - 1] as u64;
                            let v = match self.m.value_type(*flag) {
                                Type::Integer(w) if *w < 64 => v & ((1u64 << w) - 1),
                                _ => v,
                            };
                            let _ = write!(self.out, "{v}: ");
                        }
                    }
                    self.successor(b, args);
                    if k + 1 < d.successors.len() {
                        self.out.push_str(",\n");
                    }
                }
                // Without case values MLIR closes on the default's line.
                if d.attr("case_values").is_some() {
                    self.out.push('\n');
                    self.indent(indent);
                }
                self.out.push(']');
            }
        }
        let a: Vec<NamedAttr> = d.attrs.clone();
        self.attr_dict(&a.iter().collect::<Vec<_>>());
        true
    }

    fn func(&mut self, d: &crate::ir::OpData, indent: usize) -> bool {
        let (
            Some(Attribute::String(sym)),
            Some(Attribute::Type(Type::Function { inputs, results })),
        ) = (
            d.attr("sym_name").cloned(),
            d.attr("function_type").cloned(),
        )
        else {
            return false;
        };
        let Some(&r) = d.regions.first() else {
            return false;
        };
        let entry = self.m.regions[r].blocks.first().copied();
        let args: Vec<Value> = entry
            .map(|b| self.m.blocks[b].args.clone())
            .unwrap_or_default();
        if entry.is_some() && args.len() != inputs.len() {
            return false;
        }
        let dicts = |name: &str, n: usize| -> Vec<Vec<NamedAttr>> {
            match d.attr(name) {
                Some(Attribute::Array(items)) => items
                    .iter()
                    .map(|a| match a {
                        Attribute::Dict(e) => e.clone(),
                        _ => Vec::new(),
                    })
                    .chain(std::iter::repeat(Vec::new()))
                    .take(n)
                    .collect(),
                _ => vec![Vec::new(); n],
            }
        };
        let arg_attrs = dicts("arg_attrs", inputs.len());
        let res_attrs = dicts("res_attrs", results.len());
        self.out.push_str("func.func ");
        if let Some(Attribute::String(v)) = d.attr("sym_visibility") {
            self.out.push_str(v);
            self.out.push(' ');
        }
        write_symbol(&mut self.out, &sym);
        self.out.push('(');
        for (i, t) in inputs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if entry.is_some() {
                self.value(args[i]);
                self.out.push_str(": ");
            }
            self.ty(t);
            if !arg_attrs[i].is_empty() {
                self.out.push(' ');
                write_dict(&mut self.out, &arg_attrs[i], self.aliases);
            }
            if entry.is_some() {
                self.arg_loc(args[i]);
            }
        }
        self.out.push(')');
        if !results.is_empty() {
            self.out.push_str(" -> ");
            let bare = results.len() == 1
                && res_attrs[0].is_empty()
                && !matches!(results[0], Type::Function { .. });
            if !bare {
                self.out.push('(');
            }
            for (i, t) in results.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.ty(t);
                if !res_attrs[i].is_empty() {
                    self.out.push(' ');
                    write_dict(&mut self.out, &res_attrs[i], self.aliases);
                }
            }
            if !bare {
                self.out.push(')');
            }
        }
        let extra: Vec<NamedAttr> = d.attrs.clone();
        if !extra.is_empty() {
            self.out.push_str(" attributes ");
            write_dict(&mut self.out, &extra, self.aliases);
        }
        if entry.is_some() {
            self.out.push(' ');
            self.region(r, indent, false, true);
        }
        true
    }

    fn parallel(&mut self, op: OpId, d: &crate::ir::OpData, indent: usize) -> bool {
        let (Some(lmap), Some(umap)) = (
            self.map_prop(op, "lowerBoundsMap"),
            self.map_prop(op, "upperBoundsMap"),
        ) else {
            return false;
        };
        let groups = |name: &str, n: usize| -> Option<Vec<i64>> {
            match d.attr(name) {
                Some(Attribute::DenseInt { values, .. }) if values.len() == 1 => {
                    Some(vec![values[0]; n])
                }
                Some(Attribute::DenseInt { values, .. }) => Some(values.clone()),
                _ => None,
            }
        };
        let Some(&r) = d.regions.first() else {
            return false;
        };
        let Some(&body) = self.m.regions[r].blocks.first() else {
            return false;
        };
        let ivs = self.m.blocks[body].args.clone();
        let (Some(lg), Some(ug)) = (
            groups("lowerBoundsGroups", ivs.len()),
            groups("upperBoundsGroups", ivs.len()),
        ) else {
            return false;
        };
        let nl = lmap.num_inputs() as usize;
        if d.operands.len() != nl + umap.num_inputs() as usize
            || lg.iter().sum::<i64>() as usize != lmap.results().len()
            || ug.iter().sum::<i64>() as usize != umap.results().len()
        {
            return false;
        }
        let steps: Vec<i64> = match d.attr("steps") {
            Some(Attribute::Array(a)) => a.iter().filter_map(Attribute::as_int).collect(),
            _ => return false,
        };
        let reductions: Vec<&str> = match d.attr("reductions") {
            Some(Attribute::Array(a)) => a
                .iter()
                .filter_map(|x| {
                    x.as_int()
                        .and_then(|i| REDUCTION_KINDS.get(i as usize).copied())
                })
                .collect(),
            _ => Vec::new(),
        };
        self.out.push_str("affine.parallel (");
        self.values(&ivs);
        self.out.push_str(") = (");
        self.parallel_bounds(&lmap, &lg, &d.operands[..nl], "max");
        self.out.push_str(") to (");
        self.parallel_bounds(&umap, &ug, &d.operands[nl..], "min");
        self.out.push(')');
        if steps.iter().any(|&s| s != 1) {
            self.out.push_str(" step (");
            let s: Vec<String> = steps.iter().map(i64::to_string).collect();
            self.out.push_str(&s.join(", "));
            self.out.push(')');
        }
        if !reductions.is_empty() {
            self.out.push_str(" reduce (");
            let s: Vec<String> = reductions.iter().map(|k| format!("\"{k}\"")).collect();
            self.out.push_str(&s.join(", "));
            self.out.push_str(") -> (");
            let rt: Vec<Type> = d
                .results
                .iter()
                .map(|&v| self.m.value_type(v).clone())
                .collect();
            write_type_list(&mut self.out, &rt, self.aliases);
            self.out.push(')');
        }
        self.out.push(' ');
        self.region(r, indent, false, !d.results.is_empty());
        let a: Vec<NamedAttr> = d.attrs.clone();
        self.attr_dict(&a.iter().collect::<Vec<_>>());
        true
    }

    fn parallel_bounds(&mut self, map: &AffineMap, groups: &[i64], operands: &[Value], kw: &str) {
        let names = self.operand_names(operands);
        let nd = map.num_dims() as usize;
        let mut k = 0usize;
        for (gi, &g) in groups.iter().enumerate() {
            if gi > 0 {
                self.out.push_str(", ");
            }
            if g != 1 {
                self.out.push_str(kw);
                self.out.push('(');
            }
            for j in 0..g as usize {
                if j > 0 {
                    self.out.push_str(", ");
                }
                if let Some(e) = map.results().get(k + j) {
                    self.write_operand_expr(e, &names, nd);
                }
            }
            k += g as usize;
            if g != 1 {
                self.out.push(')');
            }
        }
    }
}
