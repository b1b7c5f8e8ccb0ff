//! `-mlir-print-ir-before/after[-all]`: the IR written to standard error
//! around each pass, as mlir-opt 19's IR printer instrumentation writes it.
//!
//! Each dump is a header naming the pass as MLIR does (its C++ class and
//! its flag: `// -----// IR Dump After AffineLoopTiling (affine-loop-tile)
//! //----- //`), then the op the pass ran on and an empty line. mlir-opt
//! runs a pass that works on functions once per `func.func`, consecutive
//! such passes as one pipeline per function, and prints that function in
//! local scope (maps inline); a pass on the module prints the module.
//! tessera runs every pass on the whole module, and keeps each function's
//! text after each pass to write the dumps in mlir-opt's order (with
//! `-mlir-disable-threading`; with threads mlir-opt's order varies).
//!
//! With `-mlir-print-ir-tree-dir=DIR` each dump goes to a file of its own
//! instead, as mlir-opt writes them: a directory per op from the module
//! down (`builtin_module_no-symbol-name/func_func_f/`), the file named by
//! the dump counts of those ops and the pass (`0_1_affine-loop-unroll.mlir`).
//!
//! With `-mlir-print-ir-module-scope` every dump is the whole module, its
//! header naming the op (`('func.func' operation: @f)`), as mlir-opt's
//! nested pipeline leaves it at that point: the functions before the one
//! dumped after all the passes, those after it before them. tessera keeps
//! the module after each pass and puts each function of such a state
//! together from the one it is in (its ops, blocks, regions and values:
//! a function is isolated from above).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;

use tessera_ir::{print_module, print_ops_local_with, Attribute, Module, OpId, PrintOptions};
use tessera_transforms::pipeline::PassInvocation;

use super::pass_names::{pass_class, Anchor};

/// Which dumps were asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IrPrinting {
    /// `-mlir-print-ir-before-all`.
    pub before_all: bool,
    /// `-mlir-print-ir-after-all`.
    pub after_all: bool,
    /// `-mlir-print-ir-before=a,b`: the passes (flag names) to dump before.
    pub before: Vec<String>,
    /// `-mlir-print-ir-after=a,b`: the passes to dump after.
    pub after: Vec<String>,
    /// `-mlir-print-ir-after-change`: dump after a pass only if it changed
    /// the op.
    pub after_change: bool,
    /// `-mlir-print-ir-after-failure`: dump after a pass only if it failed.
    pub after_failure: bool,
    /// `-mlir-print-ir-module-scope`: always dump the whole module.
    pub module_scope: bool,
    /// `-mlir-print-ir-tree-dir`: write the dumps to files under it.
    pub tree_dir: Option<String>,
}

impl IrPrinting {
    /// Is any dump asked for? (`-mlir-print-ir-after-change` alone asks
    /// for none, as in mlir-opt.)
    pub fn is_on(&self) -> bool {
        self.before_all
            || self.after_all
            || self.after_failure
            || !self.before.is_empty()
            || !self.after.is_empty()
    }

    fn before(&self, pass: &str) -> bool {
        self.before_all || self.before.iter().any(|p| p == pass)
    }

    fn after(&self, pass: &str) -> bool {
        self.after_all || self.after_failure || self.after.iter().any(|p| p == pass)
    }
}

/// Writes the dumps of one op.
struct Dumper<'a> {
    cfg: &'a IrPrinting,
    print: &'a PrintOptions,
    /// How many dumps of each op went to the tree so far, less one
    /// (MLIR's counters: an op met only as an ancestor counts 0).
    counts: RefCell<HashMap<OpId, i64>>,
}

impl Dumper<'_> {
    /// The text of `op` as a dump shows it: a function in local scope, the
    /// module with its aliases (always the module at module scope).
    fn text(&self, m: &Module, op: OpId) -> String {
        if op == m.top || self.cfg.module_scope {
            // The module op alone, without the blank line that ends
            // mlir-opt's output.
            let mut text = print_module(m, self.print);
            text.pop();
            text
        } else {
            print_ops_local_with(m, &[op], self.print).concat()
        }
    }

    /// Writes one dump: `when` is `Before` or `After` (`After ... Failed`
    /// when `failed`).
    fn dump(&self, when: &str, failed: bool, pass: &str, m: &Module, op: OpId, text: &str) {
        let (class, _) = pass_class(pass);
        let mut header = format!("// -----// IR Dump {when} {class} ({pass})");
        if failed {
            header.push_str(" Failed");
        }
        if self.cfg.module_scope {
            let d = &m.ops[op];
            header.push_str(&format!(" ('{}' operation", d.name));
            if let Some(Attribute::String(name)) = d.attr("sym_name") {
                header.push_str(&format!(": @{name}"));
            }
            header.push(')');
        }
        let dump = format!("{header} //----- //\n{text}\n\n");
        match &self.cfg.tree_dir {
            Some(root) => self.write_to_tree(root, pass, m, op, &dump),
            None => eprint!("{dump}"),
        }
    }

    /// Writes a dump of `op` to its file under `root`, as MLIR's
    /// `createTreePrinterOutputPath` names it: a directory per op from the
    /// module down (its name with `_` for `.`, then its symbol or
    /// `no-symbol-name`), and a file of the ops' dump counts and the pass.
    fn write_to_tree(&self, root: &str, pass: &str, m: &Module, op: OpId, dump: &str) {
        let mut counts = self.counts.borrow_mut();
        *counts.entry(op).or_insert(-1) += 1;
        let mut chain = vec![op];
        while let Some(parent) = m.parent_op(*chain.last().unwrap_or(&op)) {
            chain.push(parent);
        }
        chain.reverse();
        let mut dir = PathBuf::from(root);
        let mut numbers = Vec::new();
        for &o in &chain {
            numbers.push(counts.entry(o).or_insert(0).to_string());
            let d = &m.ops[o];
            let symbol = match d.attr("sym_name") {
                Some(Attribute::String(name)) => name.as_str(),
                _ => "no-symbol-name",
            };
            dir.push(format!("{}_{symbol}", d.name.replace('.', "_")));
        }
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("Error while creating directory {}: {e}", dir.display());
            return;
        }
        let file = dir.join(format!("{}_{pass}.mlir", numbers.join("_")));
        if let Err(e) = std::fs::write(&file, dump) {
            eprintln!("error opening file {}: {e}", file.display());
        }
    }

    /// The dumps after `pass` ran on `op`: `before` is the op's text before
    /// it, `after` its text now.
    fn after(&self, pass: &str, m: &Module, op: OpId, ok: bool, before: &str, after: &str) {
        if !self.cfg.after(pass) {
            return;
        }
        if !ok {
            self.dump("After", true, pass, m, op, after);
            return;
        }
        if self.cfg.after_failure || (self.cfg.after_change && before == after) {
            return;
        }
        self.dump("After", false, pass, m, op, after);
    }
}

/// Runs `passes` with `apply` (whether the pipeline goes on), writing the
/// dumps `cfg` asks for; whether every pass succeeded.
pub fn run_with_dumps(
    m: &mut Module,
    passes: &[PassInvocation],
    cfg: &IrPrinting,
    print: &PrintOptions,
    apply: &mut dyn FnMut(&mut Module, &PassInvocation) -> bool,
) -> bool {
    let d = Dumper {
        cfg,
        print,
        counts: RefCell::default(),
    };
    let mut rest = passes;
    while let Some(first) = rest.first() {
        let group = match pass_class(&first.name).1 {
            Anchor::Module => 1,
            Anchor::Function => rest
                .iter()
                .take_while(|p| pass_class(&p.name).1 == Anchor::Function)
                .count(),
        };
        let (now, later) = rest.split_at(group);
        rest = later;
        if !run_group(m, now, &d, apply) {
            return false;
        }
    }
    true
}

/// One pass on the module, or consecutive function passes: each runs on
/// the whole module, and the functions' texts between them are dumped
/// function by function, as mlir-opt's nested pipeline runs them.
fn run_group(
    m: &mut Module,
    group: &[PassInvocation],
    d: &Dumper<'_>,
    apply: &mut dyn FnMut(&mut Module, &PassInvocation) -> bool,
) -> bool {
    let ops: Vec<OpId> = if pass_class(&group[0].name).1 == Anchor::Module {
        vec![m.top]
    } else {
        let body = m.body();
        m.blocks[body]
            .ops
            .iter()
            .copied()
            .filter(|&op| m.ops[op].name == "func.func")
            .collect()
    };
    // states[k]: the module before pass k (the last: after the group).
    let mut states = vec![m.clone()];
    let mut failed = None;
    for (k, pass) in group.iter().enumerate() {
        if !apply(m, pass) {
            failed = Some(k);
        }
        states.push(m.clone());
        if failed.is_some() {
            break;
        }
    }
    let last = states.len() - 1;
    // The text of op i when the nested pipeline has run k passes on it.
    let text = |i: usize, k: usize| -> String {
        if !d.cfg.module_scope || ops[i] == m.top {
            return d.text(&states[k], ops[i]);
        }
        let mut state = states[last].clone();
        for &later in &ops[i + 1..] {
            transplant(&mut state, &states[0], later);
        }
        transplant(&mut state, &states[k], ops[i]);
        d.text(&state, ops[i])
    };
    for (i, &op) in ops.iter().enumerate() {
        let mut before = text(i, 0);
        for (k, pass) in group.iter().enumerate().take(last) {
            let after = text(i, k + 1);
            if d.cfg.before(&pass.name) {
                d.dump("Before", false, &pass.name, m, op, &before);
            }
            d.after(&pass.name, m, op, failed != Some(k), &before, &after);
            before = after;
        }
    }
    failed.is_none()
}

/// Makes `op` (a function) in `dst` what it is in `src`, a state of the
/// same module before: every op, region, block and value under it copied
/// over by id. Ids are never reused and arenas only grow, so each exists
/// in `dst`.
fn transplant(dst: &mut Module, src: &Module, op: OpId) {
    let mut work = vec![op];
    while let Some(o) = work.pop() {
        let d = src.ops[o].clone();
        for &v in &d.results {
            dst.values[v] = src.values[v].clone();
        }
        for &r in &d.regions {
            dst.regions[r] = src.regions[r].clone();
            for &b in &src.regions[r].blocks {
                dst.blocks[b] = src.blocks[b].clone();
                for &a in &src.blocks[b].args {
                    dst.values[a] = src.values[a].clone();
                }
                work.extend(&src.blocks[b].ops);
            }
        }
        dst.ops[o] = d;
    }
}
