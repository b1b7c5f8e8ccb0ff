//! The in-memory IR: arenas of operations, blocks, regions and values
//! addressed by typed `u32` indices.
//!
//! A [`Module`] owns four arenas ([`cranelift_entity::PrimaryMap`]s):
//! operations ([`OpId`] → [`OpData`]), blocks ([`BlockId`] → [`BlockData`]),
//! regions ([`RegionId`] → [`RegionData`]) and SSA values ([`Value`] →
//! [`ValueData`]). The nesting is Module → `builtin.module` op → region →
//! block (with arguments) → operations → their regions → ... Each entity
//! records its parent, so walking up (op → block → region → op) is O(1).
//!
//! Rewriting is index surgery: moving an op is removing its id from one
//! block's op list and inserting it in another; erasing an op detaches it
//! (its arena slot stays, unreachable); cloning copies the data under fresh
//! ids with a value map; replacing all uses rewrites operand lists. Ids are
//! never reused, so a stale id can never silently denote a different op.
//!
//! ```
//! use tessera_ir::{parse_module, print_module, PrintOptions};
//! let m = parse_module("f.mlir", "func.func @f() {\n  return\n}\n")?;
//! assert_eq!(print_module(&m, &PrintOptions::default()),
//!            "module {\n  func.func @f() {\n    return\n  }\n}\n\n");
//! # Ok::<(), tessera_ir::Diagnostic>(())
//! ```

use std::collections::HashMap;

use cranelift_entity::{entity_impl, PrimaryMap};

use crate::attr::Attribute;
use crate::location::DebugLoc;
use crate::types::Type;

/// An SSA value: an operation result or a block argument.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "v");

/// An operation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(u32);
entity_impl!(OpId, "op");

/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(u32);
entity_impl!(BlockId, "block");

/// A region (a list of blocks owned by an operation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(u32);
entity_impl!(RegionId, "region");

/// A position in the source text, 1-based, for diagnostics, and the
/// debug location printed under `-mlir-print-debuginfo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Location {
    /// Line number, starting at 1 (0: no position, as MLIR's implicit
    /// module).
    pub line: u32,
    /// Column (byte offset within the line), starting at 1.
    pub col: u32,
    /// 0: the debug location is this position in the module's file; `k`:
    /// the `loc(...)` written in the source, [`Module::debug_locs`]`[k - 1]`.
    /// Ops built from an op take its `Location`, so they keep it, as
    /// MLIR's builders keep the op's location.
    pub debug: u32,
}

impl Location {
    /// The position `line:col` with no written debug location.
    pub fn at(line: u32, col: u32) -> Location {
        Location {
            line,
            col,
            debug: 0,
        }
    }
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of an operation.
    OpResult {
        /// The defining operation.
        op: OpId,
        /// Result number.
        index: u32,
    },
    /// Argument `index` of a block.
    BlockArg {
        /// The owning block.
        block: BlockId,
        /// Argument number.
        index: u32,
    },
}

/// An SSA value's type and definition.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// The value's type.
    pub ty: Type,
    /// The defining op result or block argument.
    pub def: ValueDef,
    /// Where the value was named in the source (block arguments), or the
    /// location of the defining op.
    pub loc: Location,
}

/// A named attribute; lists of them are kept sorted by name, as MLIR's
/// dictionaries are.
pub type NamedAttr = (String, Attribute);

/// The ops whose result is a view of their first operand's memory.
pub const VIEW_OPS: &[&str] = &[
    "memref.cast",
    "memref.subview",
    "memref.reinterpret_cast",
    "memref.view",
    "memref.reshape",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.transpose",
];

/// An operation: `dialect.name`, operands, results, attributes, regions.
#[derive(Clone, Debug)]
pub struct OpData {
    /// Full name, e.g. `affine.for`.
    pub name: String,
    /// Operand values, in order.
    pub operands: Vec<Value>,
    /// Result values, in order.
    pub results: Vec<Value>,
    /// Inherent attributes (MLIR "properties", printed `<{...}>` in the
    /// generic form), sorted by name.
    pub props: Vec<NamedAttr>,
    /// Discardable attributes, sorted by name.
    pub attrs: Vec<NamedAttr>,
    /// Owned regions.
    pub regions: Vec<RegionId>,
    /// Successor blocks of a terminator that branches (`cf.br`,
    /// `cf.cond_br`, `cf.switch`), in the same region as the op.
    pub successors: Vec<BlockId>,
    /// The block holding this op, if attached.
    pub parent: Option<BlockId>,
    /// Source location.
    pub loc: Location,
}

impl OpData {
    /// The inherent or discardable attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        self.props
            .iter()
            .chain(self.attrs.iter())
            .find(|(n, _)| n == name)
            .map(|(_, a)| a)
    }

    /// The dialect prefix of the name (`affine` for `affine.for`).
    pub fn dialect(&self) -> &str {
        self.name.split('.').next().unwrap_or("")
    }
}

/// A block: arguments and an ordered list of operations.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// Block arguments.
    pub args: Vec<Value>,
    /// Operations, in order.
    pub ops: Vec<OpId>,
    /// The owning region.
    pub parent: Option<RegionId>,
}

/// A region: an ordered list of blocks.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    /// Blocks, the first being the entry block.
    pub blocks: Vec<BlockId>,
    /// The owning operation.
    pub parent: Option<OpId>,
}

/// A whole program: the arenas and the top-level `builtin.module` op.
#[derive(Clone, Debug)]
pub struct Module {
    /// All operations ever created (erased ones are detached, not removed).
    pub ops: PrimaryMap<OpId, OpData>,
    /// All blocks.
    pub blocks: PrimaryMap<BlockId, BlockData>,
    /// All regions.
    pub regions: PrimaryMap<RegionId, RegionData>,
    /// All SSA values.
    pub values: PrimaryMap<Value, ValueData>,
    /// The top-level `builtin.module` operation.
    pub top: OpId,
    /// The file name used in diagnostics.
    pub file: String,
    /// The debug locations written in the source (`loc(...)`), indexed by
    /// [`Location::debug`] minus one.
    pub debug_locs: Vec<DebugLoc>,
}

impl Module {
    /// An empty `module {}` with one region holding one empty block.
    pub fn new(file: &str) -> Module {
        let mut m = Module {
            ops: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            regions: PrimaryMap::new(),
            values: PrimaryMap::new(),
            top: OpId(0),
            file: file.to_string(),
            debug_locs: Vec::new(),
        };
        let top = m.create_op("builtin.module", &[], &[], Location::at(1, 1));
        let region = m.add_region(top);
        m.add_block(region, &[], Location::default());
        m.top = top;
        m
    }

    /// Adds a written debug location; the [`Location::debug`] that names it.
    pub fn add_debug_loc(&mut self, loc: DebugLoc) -> u32 {
        self.debug_locs.push(loc);
        self.debug_locs.len() as u32
    }

    /// The location MLIR's `getFusedLoc` gives an op built from ops at
    /// `locs` (as its generated rewrite patterns build theirs): their debug
    /// locations fused, duplicates and `unknown`s dropped, at the first
    /// one's place in the file.
    pub fn fused_location(&mut self, locs: &[Location]) -> Location {
        let first = locs.first().copied().unwrap_or_default();
        let fused = DebugLoc::fused(None, locs.iter().map(|&l| self.debug_loc(l)).collect());
        if fused == self.debug_loc(first) {
            return first;
        }
        Location {
            debug: self.add_debug_loc(fused),
            ..first
        }
    }

    /// The `loc(...)` written in the source for `loc`, if any.
    pub fn written_loc(&self, loc: Location) -> Option<&DebugLoc> {
        loc.debug
            .checked_sub(1)
            .and_then(|k| self.debug_locs.get(k as usize))
    }

    /// The debug location of `loc`: the one written in the source, or the
    /// position itself in this module's file.
    pub fn debug_loc(&self, loc: Location) -> DebugLoc {
        match self.written_loc(loc) {
            Some(d) => d.clone(),
            None => DebugLoc::FileLineCol {
                file: self.file.clone(),
                line: loc.line,
                col: loc.col,
            },
        }
    }

    /// The single block of the top-level module.
    pub fn body(&self) -> BlockId {
        self.regions[self.ops[self.top].regions[0]].blocks[0]
    }

    /// Creates a detached op with fresh result values of the given types.
    pub fn create_op(
        &mut self,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
        loc: Location,
    ) -> OpId {
        let op = self.ops.push(OpData {
            name: name.to_string(),
            operands: operands.to_vec(),
            results: Vec::new(),
            props: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            parent: None,
            loc,
        });
        for (i, ty) in result_types.iter().enumerate() {
            let v = self.values.push(ValueData {
                ty: ty.clone(),
                def: ValueDef::OpResult {
                    op,
                    index: i as u32,
                },
                loc,
            });
            self.ops[op].results.push(v);
        }
        op
    }

    /// Appends a result of type `ty` to `op` (a loop gaining an
    /// `iter_args` value, say) and returns it.
    pub fn add_result(&mut self, op: OpId, ty: Type) -> Value {
        let index = self.ops[op].results.len() as u32;
        let loc = self.ops[op].loc;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::OpResult { op, index },
            loc,
        });
        self.ops[op].results.push(v);
        v
    }

    /// Appends a new empty region to `op`.
    pub fn add_region(&mut self, op: OpId) -> RegionId {
        let r = self.regions.push(RegionData {
            blocks: Vec::new(),
            parent: Some(op),
        });
        self.ops[op].regions.push(r);
        r
    }

    /// Appends a new block with arguments of the given types to `region`.
    pub fn add_block(&mut self, region: RegionId, arg_types: &[Type], loc: Location) -> BlockId {
        let b = self.blocks.push(BlockData {
            args: Vec::new(),
            ops: Vec::new(),
            parent: Some(region),
        });
        for ty in arg_types {
            self.add_block_arg(b, ty.clone(), loc);
        }
        self.regions[region].blocks.push(b);
        b
    }

    /// Appends an argument to `block`.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, loc: Location) -> Value {
        let index = self.blocks[block].args.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArg { block, index },
            loc,
        });
        self.blocks[block].args.push(v);
        v
    }

    /// Sets the arguments of `block` to `args`, values that were its
    /// arguments (the others dropped), renumbering them.
    pub fn set_block_args(&mut self, block: BlockId, args: Vec<Value>) {
        for (i, &v) in args.iter().enumerate() {
            self.values[v].def = ValueDef::BlockArg {
                block,
                index: i as u32,
            };
        }
        self.blocks[block].args = args;
    }

    /// Appends a detached op at the end of `block`.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        self.ops[op].parent = Some(block);
        self.blocks[block].ops.push(op);
    }

    /// Inserts a detached op into `block` at position `index`.
    pub fn insert_op(&mut self, block: BlockId, index: usize, op: OpId) {
        self.ops[op].parent = Some(block);
        let index = index.min(self.blocks[block].ops.len());
        self.blocks[block].ops.insert(index, op);
    }

    /// Inserts the detached `ops`, in order, at position `index` of
    /// `block` (in one splice: linear in the block's length plus the ops').
    pub fn insert_ops(&mut self, block: BlockId, index: usize, ops: &[OpId]) {
        for &op in ops {
            self.ops[op].parent = Some(block);
        }
        let index = index.min(self.blocks[block].ops.len());
        self.blocks[block]
            .ops
            .splice(index..index, ops.iter().copied());
    }

    /// Detaches `op` from its block (cost linear in the block's length).
    /// The op and everything nested in it become unreachable; its id stays
    /// valid for inspection and can be re-inserted (this is how ops move).
    pub fn detach_op(&mut self, op: OpId) {
        if let Some(block) = self.ops[op].parent.take() {
            self.blocks[block].ops.retain(|&o| o != op);
        }
    }

    /// Erases `op` (detaches it; see [`Module::detach_op`]).
    pub fn erase_op(&mut self, op: OpId) {
        self.detach_op(op);
    }

    /// The type of a value.
    pub fn value_type(&self, v: Value) -> &Type {
        &self.values[v].ty
    }

    /// The op defining `v`, if `v` is an op result.
    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match self.values[v].def {
            ValueDef::OpResult { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }

    /// The integer value of `v` when an `arith.constant` defines it.
    ///
    /// ```
    /// let m = tessera_ir::parse_module(
    ///     "f.mlir",
    ///     "func.func @f() -> index {\n  %c = arith.constant 7 : index\n  return %c : index\n}",
    /// )
    /// .unwrap();
    /// let ret = m.ops.iter().find(|(_, o)| o.name == "func.return").unwrap().1;
    /// assert_eq!(m.constant_int(ret.operands[0]), Some(7));
    /// ```
    pub fn constant_int(&self, v: Value) -> Option<i64> {
        let def = &self.ops[self.defining_op(v)?];
        if def.name != "arith.constant" {
            return None;
        }
        def.attr("value").and_then(Attribute::as_int)
    }

    /// The block in which `v` is defined (the owner block of an argument,
    /// the parent block of the defining op).
    pub fn value_block(&self, v: Value) -> Option<BlockId> {
        match self.values[v].def {
            ValueDef::OpResult { op, .. } => self.ops[op].parent,
            ValueDef::BlockArg { block, .. } => Some(block),
        }
    }

    /// The op owning the region that holds `block`.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block]
            .parent
            .and_then(|r| self.regions[r].parent)
    }

    /// The op enclosing `op` (through its block and region).
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].parent.and_then(|b| self.block_parent_op(b))
    }

    /// Whether `outer` strictly encloses `op` (`op` is nested in one of
    /// its regions, at any depth).
    pub fn encloses(&self, outer: OpId, op: OpId) -> bool {
        let mut at = self.parent_op(op);
        while let Some(p) = at {
            if p == outer {
                return true;
            }
            at = self.parent_op(p);
        }
        false
    }

    /// The ops of `pre` (in pre-order: a walk as [`Module::walk`] gives
    /// it, or any part of one) in post-order: each op after the ops of
    /// `pre` nested in it.
    pub fn post_order(&self, pre: &[OpId]) -> Vec<OpId> {
        let mut out = Vec::with_capacity(pre.len());
        let mut open: Vec<OpId> = Vec::new();
        for &op in pre {
            // Close the ops that do not hold `op`.
            while let Some(&top) = open.last() {
                if self.encloses(top, op) {
                    break;
                }
                out.push(top);
                open.pop();
            }
            open.push(op);
        }
        out.extend(open.into_iter().rev());
        out
    }

    /// Every op reachable from the top module, in pre-order.
    pub fn walk(&self) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_from(self.top, &mut out);
        out
    }

    /// `op` and every op nested in it, in pre-order, appended to `out`.
    pub fn walk_from(&self, op: OpId, out: &mut Vec<OpId>) {
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            out.push(o);
            for &r in self.ops[o].regions.iter().rev() {
                for &b in self.regions[r].blocks.iter().rev() {
                    stack.extend(self.blocks[b].ops.iter().rev());
                }
            }
        }
    }

    /// Replaces every use of `from` by `to` in all reachable ops.
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        for op in self.walk() {
            for operand in &mut self.ops[op].operands {
                if *operand == from {
                    *operand = to;
                }
            }
        }
    }

    /// Deep-copies `op` (with its regions) as a new detached op; operands
    /// found in `map` are remapped, and every value defined inside the copy
    /// is added to `map` (old → new). Used for unrolling and versioning.
    /// Successors inside a copied region point to the copied blocks.
    pub fn clone_op(&mut self, op: OpId, map: &mut HashMap<Value, Value>) -> OpId {
        let mut blocks = HashMap::new();
        let new = self.clone_with_blocks(op, map, &mut blocks);
        if !blocks.is_empty() {
            // A use may textually precede its definition in a region of
            // several blocks (dominance, not order, decides): remap again
            // now that every value of the copy is known.
            let mut copied = Vec::new();
            self.walk_from(new, &mut copied);
            for o in copied {
                for v in &mut self.ops[o].operands {
                    if let Some(&n) = map.get(v) {
                        *v = n;
                    }
                }
            }
        }
        new
    }

    fn clone_with_blocks(
        &mut self,
        op: OpId,
        map: &mut HashMap<Value, Value>,
        blocks: &mut HashMap<BlockId, BlockId>,
    ) -> OpId {
        let data = self.ops[op].clone();
        let operands: Vec<Value> = data
            .operands
            .iter()
            .map(|v| *map.get(v).unwrap_or(v))
            .collect();
        let types: Vec<Type> = data
            .results
            .iter()
            .map(|&r| self.values[r].ty.clone())
            .collect();
        let new = self.create_op(&data.name, &operands, &types, data.loc);
        for (old, new_v) in data.results.iter().zip(self.ops[new].results.clone()) {
            map.insert(*old, new_v);
        }
        self.ops[new].props = data.props;
        self.ops[new].attrs = data.attrs;
        self.ops[new].successors = data
            .successors
            .iter()
            .map(|b| *blocks.get(b).unwrap_or(b))
            .collect();
        for r in data.regions {
            let new_r = self.add_region(new);
            let old_blocks = self.regions[r].blocks.clone();
            for &b in &old_blocks {
                let new_b = self.add_block(new_r, &[], Location::default());
                for a in self.blocks[b].args.clone() {
                    let (ty, loc) = (self.values[a].ty.clone(), self.values[a].loc);
                    let na = self.add_block_arg(new_b, ty, loc);
                    map.insert(a, na);
                }
                if old_blocks.len() > 1 {
                    blocks.insert(b, new_b);
                }
            }
            let new_blocks = self.regions[new_r].blocks.clone();
            for (&b, &new_b) in old_blocks.iter().zip(&new_blocks) {
                for o in self.blocks[b].ops.clone() {
                    let c = self.clone_with_blocks(o, map, blocks);
                    self.append_op(new_b, c);
                }
            }
        }
        new
    }

    /// The predecessors of `block`: one entry per successor slot of a
    /// terminator in its region that names it (a block reached twice from
    /// one `cf.cond_br` appears twice), in the region's block order.
    pub fn predecessors(&self, block: BlockId) -> Vec<BlockId> {
        let Some(region) = self.blocks[block].parent else {
            return Vec::new();
        };
        let mut preds = Vec::new();
        for &b in &self.regions[region].blocks {
            if let Some(&t) = self.blocks[b].ops.last() {
                for &s in &self.ops[t].successors {
                    if s == block {
                        preds.push(b);
                    }
                }
            }
        }
        preds
    }

    /// The position of `block` in its region (`None` when detached).
    pub fn block_index(&self, block: BlockId) -> Option<usize> {
        let region = self.blocks[block].parent?;
        self.regions[region].blocks.iter().position(|&b| b == block)
    }

    /// The successors of `block`: those of its last op.
    pub fn block_successors(&self, block: BlockId) -> &[BlockId] {
        match self.blocks[block].ops.last() {
            Some(&t) => &self.ops[t].successors,
            None => &[],
        }
    }

    /// Functions (`func.func` ops) directly in the top module.
    pub fn functions(&self) -> Vec<OpId> {
        self.blocks[self.body()]
            .ops
            .iter()
            .copied()
            .filter(|&o| self.ops[o].name == "func.func")
            .collect()
    }

    /// The `func.func` named `name` in the top module.
    pub fn function(&self, name: &str) -> Option<OpId> {
        self.functions().into_iter().find(
            |&f| matches!(self.ops[f].attr("sym_name"), Some(Attribute::String(s)) if s == name),
        )
    }

    /// The value analyses that identify memrefs by SSA value take for
    /// `v`: for a `memref.get_global` result, the result of the first
    /// `memref.get_global` of the same global in the same function (in
    /// pre-order), so that every access of one global names one memref;
    /// any other value as it is.
    pub fn global_root(&self, v: Value) -> Value {
        let Some(def) = self.defining_op(v) else {
            return v;
        };
        let d = &self.ops[def];
        if d.name != "memref.get_global" {
            return v;
        }
        let name = d.attr("name");
        let mut scope = def;
        while let Some(p) = self.parent_op(scope) {
            scope = p;
            if self.ops[p].name == "func.func" {
                break;
            }
        }
        let mut ops = Vec::new();
        self.walk_from(scope, &mut ops);
        ops.into_iter()
            .find(|&o| self.ops[o].name == "memref.get_global" && self.ops[o].attr("name") == name)
            .and_then(|o| self.ops[o].results.first().copied())
            .unwrap_or(v)
    }

    /// The memref whose memory `v` denotes: through the view ops
    /// ([`VIEW_OPS`]: casts, subviews, reshapes, ...) to their source,
    /// then [`Module::global_root`].
    pub fn memref_root(&self, mut v: Value) -> Value {
        while let Some(def) = self.defining_op(v) {
            let d = &self.ops[def];
            match d.operands.first() {
                Some(&src) if VIEW_OPS.contains(&d.name.as_str()) => v = src,
                _ => break,
            }
        }
        self.global_root(v)
    }

    /// Whether `v` denotes its memory with other indices than
    /// [`Module::memref_root`]'s memref (it goes through a view op other
    /// than `memref.cast`, which keeps them).
    pub fn is_reindexed_view(&self, mut v: Value) -> bool {
        while let Some(def) = self.defining_op(v) {
            let d = &self.ops[def];
            match d.operands.first() {
                Some(&src) if d.name == "memref.cast" => v = src,
                Some(_) if VIEW_OPS.contains(&d.name.as_str()) => return true,
                _ => return false,
            }
        }
        false
    }

    /// The `memref.global` named `name` in the top module.
    pub fn global(&self, name: &str) -> Option<OpId> {
        self.blocks[self.body()].ops.iter().copied().find(|&g| {
            self.ops[g].name == "memref.global"
                && matches!(self.ops[g].attr("sym_name"), Some(Attribute::String(s)) if s == name)
        })
    }

    /// Sets (or replaces) an inherent attribute, keeping the list sorted.
    pub fn set_prop(&mut self, op: OpId, name: &str, value: Attribute) {
        set_named(&mut self.ops[op].props, name, value);
    }

    /// Sets (or replaces) a discardable attribute, keeping the list sorted.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attribute) {
        set_named(&mut self.ops[op].attrs, name, value);
    }
}

/// Inserts `name = value` into a sorted attribute list.
pub fn set_named(list: &mut Vec<NamedAttr>, name: &str, value: Attribute) {
    match list.binary_search_by(|(n, _)| n.as_str().cmp(name)) {
        Ok(i) => list[i].1 = value,
        Err(i) => list.insert(i, (name.to_string(), value)),
    }
}

/// The operands of a branching terminator split by role: those before
/// the successors' (the condition of `cf.cond_br`, the flag of
/// `cf.switch`) and, per successor, the values passed to its block's
/// arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuccessorOperands<'a> {
    /// Operands that are not passed to a successor.
    pub leading: &'a [Value],
    /// Per successor, in order, the values bound to its arguments.
    pub args: Vec<&'a [Value]>,
}

/// Splits the operands of `cf.br`, `cf.cond_br` or `cf.switch` per
/// successor (from `operandSegmentSizes` and `case_operand_segments`);
/// `None` for another op or when the segments do not match the operands
/// and successors.
///
/// ```
/// use tessera_ir::{ir::successor_operands, parse_module};
/// let src = "func.func @f(%c: i1, %x: i32) {\n  cf.cond_br %c, ^bb1(%x : i32), ^bb2\n^bb1(%a: i32):\n  return\n^bb2:\n  return\n}\n";
/// let m = parse_module("t.mlir", src)?;
/// let f = m.functions()[0];
/// let entry = m.regions[m.ops[f].regions[0]].blocks[0];
/// let br = &m.ops[*m.blocks[entry].ops.last().unwrap()];
/// let split = successor_operands(br).unwrap();
/// assert_eq!((split.leading.len(), split.args[0].len(), split.args[1].len()), (1, 1, 0));
/// # Ok::<(), tessera_ir::Diagnostic>(())
/// ```
pub fn successor_operands(d: &OpData) -> Option<SuccessorOperands<'_>> {
    let segments = |name: &str| -> Option<Vec<usize>> {
        match d.attr(name)? {
            Attribute::DenseArray { values, .. } => {
                values.iter().map(|&v| usize::try_from(v).ok()).collect()
            }
            _ => None,
        }
    };
    let ops = d.operands.as_slice();
    let (leading, args) = match d.name.as_str() {
        "cf.br" => (&ops[..0], vec![ops]),
        "cf.cond_br" => {
            let [1, a, b] = segments("operandSegmentSizes")?[..] else {
                return None;
            };
            if 1 + a + b != ops.len() {
                return None;
            }
            (&ops[..1], vec![&ops[1..1 + a], &ops[1 + a..]])
        }
        "cf.switch" => {
            let [1, default, cases] = segments("operandSegmentSizes")?[..] else {
                return None;
            };
            let per_case = segments("case_operand_segments")?;
            if 1 + default + cases != ops.len() || per_case.iter().sum::<usize>() != cases {
                return None;
            }
            let mut args = vec![&ops[1..1 + default]];
            let mut at = 1 + default;
            for n in per_case {
                args.push(&ops[at..at + n]);
                at += n;
            }
            (&ops[..1], args)
        }
        _ => return None,
    };
    (args.len() == d.successors.len()).then_some(SuccessorOperands { leading, args })
}

impl SuccessorOperands<'_> {
    /// Owned `(successor, values passed)` pairs, for the successors of
    /// the branch the operands were split from.
    pub fn targets(&self, successors: &[BlockId]) -> Vec<(BlockId, Vec<Value>)> {
        successors
            .iter()
            .zip(&self.args)
            .map(|(&b, a)| (b, a.to_vec()))
            .collect()
    }
}

/// The case values of a `cf.switch`, one per case successor (a splat
/// expanded); `None` when they do not match the successors.
pub fn switch_case_values(d: &OpData) -> Option<Vec<i64>> {
    let cases = d.successors.len().checked_sub(1)?;
    match d.attr("case_values") {
        None if cases == 0 => Some(Vec::new()),
        Some(Attribute::DenseInt { values, .. }) if values.len() == cases => Some(values.clone()),
        Some(Attribute::DenseInt { values, .. }) if values.len() == 1 => {
            Some(vec![values[0]; cases])
        }
        _ => None,
    }
}
