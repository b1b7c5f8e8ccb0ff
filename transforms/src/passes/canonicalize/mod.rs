//! `--canonicalize`: MLIR 19's canonicalizer on tessera's ops — its
//! greedy driver, the folders of the ops and their canonicalization
//! patterns — so that `tessera-opt --canonicalize` prints what
//! `mlir-opt --canonicalize` prints.
//!
//! The driver ([`Driver`]) is MLIR's `GreedyPatternRewriteDriver` in its
//! canonicalizer configuration (top-down seeding, at most 10 rounds):
//! each round walks the module in pre-order, uniquing the constants of
//! each function and moving them to the top of its entry block (a
//! constant already there after other uniqued constants stays), then pops
//! the ops one by one: an op whose results are unused and which has no
//! effect but reads and the allocation of its own results goes; otherwise
//! its folder runs ([`fold`]: a new value or constant for each result, or
//! a change in place; folded constants are created right before the op),
//! then its patterns ([`patterns`]). Ops whose operands or users changed
//! are pushed again (with their ancestors), as MLIR's listener pushes
//! them. A round that changed anything is followed by another.
//!
//! After each round, as MLIR's region simplification does, blocks no
//! branch reaches are erased — in tessera's IR, which has no successors,
//! every block of a region but its entry block — and dead ops are erased
//! to a fixpoint.
//!
//! ```
//! use tessera_ir::{parse_and_verify, print_module, PrintOptions};
//! use tessera_transforms::passes::canonicalize;
//!
//! let mut m = parse_and_verify("f.mlir", r#"
//! func.func @f(%m: memref<8xindex>) {
//!   affine.for %i = 0 to 8 {
//!     %c2 = arith.constant 2 : index
//!     %c3 = arith.constant 3 : index
//!     %s = arith.addi %c2, %c3 : index
//!     affine.store %s, %m[%i] : memref<8xindex>
//!   }
//!   return
//! }"#).unwrap();
//! assert!(canonicalize(&mut m));
//! let text = print_module(&m, &PrintOptions::default());
//! assert!(text.contains("%c5 = arith.constant 5 : index\n    affine.for"));
//! assert!(!text.contains("arith.addi"));
//! ```

/// Whether the pattern MLIR names by the `format!` arguments may run
/// (its debug name: `(anonymous namespace)::` and the class for the
/// patterns in an anonymous namespace, see [`ANON`]).
macro_rules! enabled {
    ($d:expr, $($label:tt)+) => {
        $d.enabled(format_args!($($label)+))
    };
}

/// The prefix of the debug names of MLIR's patterns in an anonymous
/// namespace.
const ANON: &str = "(anonymous namespace)::";

mod cf;
mod cmpf;
mod extensions;
pub(crate) mod fold;
pub(crate) use fold::is_commutative;
pub(super) mod dense;
mod liveness;
mod merge;
mod patterns;
mod scf_if;
mod scf_parallel;
mod users;
mod views;
mod while_loop;

use std::collections::{HashMap, HashSet};
use std::fmt;

use tessera_ir::cfg::Dominance;
use tessera_ir::location::DebugLoc;
use tessera_ir::{Attribute, BlockId, Location, Module, OpId, Type, Value};

use crate::loops::insert_before;
use users::UserLists;

/// The options of mlir-opt's `--canonicalize`.
#[derive(Clone, Debug)]
pub struct CanonicalizeOptions {
    /// Seed each round's worklist in pre-order (`top-down`, the
    /// default) or in post-order.
    pub top_down: bool,
    /// At most this many rounds (`max-iterations`, 10 by default; `None`:
    /// until nothing changes, bounded by [`MAX_ROUNDS`]).
    pub max_iterations: Option<u64>,
    /// What to simplify in the regions after each round
    /// (`region-simplify`).
    pub region_simplify: RegionSimplify,
    /// At most this many pattern rewrites per round (`max-num-rewrites`;
    /// `None`: no limit). Folds do not count.
    pub max_num_rewrites: Option<u64>,
    /// Which patterns may run, by MLIR's debug names
    /// (`enable-patterns`, `disable-patterns`).
    pub filter: PatternFilter,
}

/// The patterns a canonicalization may apply, named as MLIR names them
/// (the C++ class: `(anonymous namespace)::AddIAddConstant`,
/// `MergeAffineMinMaxOp<mlir::affine::AffineMinOp>`). Patterns MLIR
/// registers as plain functions (the `canonicalize` methods of
/// `cf.br`, `cf.switch`, `cf.assert`, `func.call_indirect`) have no
/// name: enabling any pattern leaves them out. Folders are not patterns
/// and always run.
///
/// ```
/// use tessera_transforms::passes::PatternFilter;
///
/// let filter = PatternFilter {
///     disabled: vec!["(anonymous namespace)::AddIAddConstant".to_string()],
///     enabled: Vec::new(),
/// };
/// assert!(!filter.allows("(anonymous namespace)::AddIAddConstant"));
/// assert!(filter.allows("(anonymous namespace)::SimplifyDeadElse"));
/// assert!(filter.allows(""));
/// ```
#[derive(Clone, Debug, Default)]
pub struct PatternFilter {
    /// Patterns that never run.
    pub disabled: Vec<String>,
    /// When not empty, the only patterns that may run.
    pub enabled: Vec<String>,
}

impl PatternFilter {
    /// Whether the pattern named `label` may run (`""` for an unnamed
    /// one).
    pub fn allows(&self, label: &str) -> bool {
        let named = |list: &[String]| list.iter().any(|l| l == label);
        !named(&self.disabled) && (self.enabled.is_empty() || named(&self.enabled))
    }

    /// Whether every pattern may run.
    fn allows_all(&self) -> bool {
        self.disabled.is_empty() && self.enabled.is_empty()
    }
}

/// The region simplification after each round of the greedy driver
/// (MLIR's `GreedySimplifyRegionLevel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionSimplify {
    /// None (`disabled`).
    Disabled,
    /// Unreachable blocks and dead ops and block arguments erased
    /// (`normal`, `--canonicalize`'s default).
    Normal,
    /// Also identical blocks merged and arguments every predecessor
    /// passes the same value dropped (`aggressive`, the default of MLIR's
    /// greedy driver for other passes).
    Aggressive,
}

impl Default for CanonicalizeOptions {
    fn default() -> Self {
        CanonicalizeOptions {
            top_down: true,
            max_iterations: Some(10),
            region_simplify: RegionSimplify::Normal,
            max_num_rewrites: None,
            filter: PatternFilter::default(),
        }
    }
}

/// The most rounds run even with `max-iterations=-1`: a guard against a
/// pattern set that never settles.
pub const MAX_ROUNDS: u64 = 1000;

/// mlir-opt's `--canonicalize` on `module`, with its default options;
/// whether the rewriting converged.
pub fn canonicalize(module: &mut Module) -> bool {
    canonicalize_with(module, &CanonicalizeOptions::default())
}

/// mlir-opt's `--canonicalize` with `options`; whether the rewriting
/// converged (a round changed nothing) within the rounds allowed. With
/// no round allowed nothing runs, and MLIR calls that converged.
pub fn canonicalize_with(module: &mut Module, options: &CanonicalizeOptions) -> bool {
    let mut driver = Driver::new(module, options.clone());
    let rounds = options.max_iterations.unwrap_or(MAX_ROUNDS).min(MAX_ROUNDS);
    rounds == 0 || (0..rounds).any(|_| !driver.round())
}

/// MLIR's `GreedyRewriteStrictness`: which ops a strict rewrite may touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// Only the ops it was given.
    ExistingOps,
    /// Those, and the ops its patterns insert or move (an inlined block's
    /// ops among them, so the dead ones go).
    ExistingAndNewOps,
}

/// MLIR's `applyOpPatternsAndFold` on `ops` with `strictness`: each of
/// them (and only they, as they change) folded, its patterns applied, or
/// erased when dead, until none changes — no rounds, no constant
/// uniquing, no region simplification.
pub fn fold_and_rewrite_ops(module: &mut Module, ops: &[OpId], strictness: Strictness) {
    let mut driver = Driver::new(module, CanonicalizeOptions::default());
    driver.only = Some(ops.iter().copied().collect());
    driver.only_grows = strictness == Strictness::ExistingAndNewOps;
    for &op in ops {
        driver.push_one(op);
    }
    let mut budget = POPS_PER_OP * (ops.len() + 100);
    while let Some(op) = driver.pop() {
        if budget == 0 {
            break;
        }
        budget -= 1;
        driver.process(op);
    }
}

/// How many pops one round may take, per op in the module: a guard
/// against patterns that undo each other.
const POPS_PER_OP: usize = 1000;

/// What a folder did to its op.
pub(super) enum Fold {
    /// Nothing.
    Failed,
    /// The op changed in place.
    InPlace,
    /// Each result is replaced by a value or a constant.
    Replace(Vec<Folded>),
}

/// The replacement of one result.
pub(super) enum Folded {
    /// An existing value.
    Value(Value),
    /// A constant, materialized as an `arith.constant`.
    Constant(Attribute),
}

/// MLIR's greedy rewrite driver over one module, with its use lists.
pub(super) struct Driver<'m> {
    pub(super) m: &'m mut Module,
    /// The worklist (a stack; erased entries are `None`).
    worklist: Vec<Option<OpId>>,
    queued: HashMap<OpId, usize>,
    /// The folder's uniqued constants: per insertion block, by value.
    constants: HashMap<(BlockId, String), OpId>,
    owned: HashSet<OpId>,
    /// The users of each value (an op once per operand slot), and the
    /// operands each op had when last recorded.
    users: UserLists,
    recorded: HashMap<OpId, Vec<(Value, u64)>>,
    changed: bool,
    /// The pattern rewrites of this round.
    rewrites: u64,
    options: CanonicalizeOptions,
    /// MLIR's strict modes: only these ops are processed (and, with
    /// `ExistingAndNewOps`, the ops patterns insert or move, added as they
    /// are).
    only: Option<HashSet<OpId>>,
    /// Whether inserted ops join `only` (`ExistingAndNewOps`).
    only_grows: bool,
    /// The rewrite patterns tried on an op that does not fold (the
    /// canonicalization patterns unless a pass brings its own); whether
    /// one applied.
    patterns: Patterns,
    /// The debug location `unknown` in the module's table, once needed.
    unknown_loc: Option<u32>,
}

/// A set of rewrite patterns: applies one to `op` when one matches.
pub(super) type Patterns = fn(&mut Driver, OpId) -> bool;

/// MLIR's `applyPatternsAndFoldGreedily` with `patterns` in place of
/// the canonicalization patterns and the greedy driver's own defaults
/// (bottom-up worklist, at most 10 rounds, aggressive region
/// simplification):
/// every op folded, `patterns` applied, dead ops erased, until a round
/// changes nothing. Whether it converged.
pub(super) fn apply_patterns_greedily(module: &mut Module, patterns: Patterns) -> bool {
    let options = CanonicalizeOptions {
        top_down: false,
        region_simplify: RegionSimplify::Aggressive,
        ..CanonicalizeOptions::default()
    };
    let mut driver = Driver::new(module, options.clone());
    driver.patterns = patterns;
    let rounds = options.max_iterations.unwrap_or(MAX_ROUNDS).min(MAX_ROUNDS);
    (0..rounds).any(|_| !driver.round())
}

impl<'m> Driver<'m> {
    fn new(m: &'m mut Module, options: CanonicalizeOptions) -> Driver<'m> {
        let mut d = Driver {
            options,
            only: None,
            only_grows: false,
            patterns: patterns::apply,
            unknown_loc: None,
            m,
            worklist: Vec::new(),
            queued: HashMap::new(),
            constants: HashMap::new(),
            owned: HashSet::new(),
            users: UserLists::default(),
            recorded: HashMap::new(),
            changed: false,
            rewrites: 0,
        };
        // (in the order the parser creates the uses: an op's after those
        // of the ops nested in it)
        let ops = d.m.walk();
        for op in d.m.post_order(&ops) {
            d.record(op);
        }
        d
    }

    /// One round: seed, process, clean up; whether anything changed.
    fn round(&mut self) -> bool {
        self.changed = false;
        self.rewrites = 0;
        self.worklist.clear();
        self.queued.clear();
        let mut seed = Vec::new();
        for f in self.m.functions() {
            self.m.walk_from(f, &mut seed);
        }
        if !self.options.top_down {
            seed = self.m.post_order(&seed);
        }
        // In walk order (the users of a constant merged into another go
        // at that point), then reversed so that the pops run in order.
        for op in seed {
            if !self.attached(op) {
                continue;
            }
            if self.is_constant(op) && !self.insert_known_constant(op) {
                continue;
            }
            self.push(op);
        }
        if self.options.top_down {
            self.worklist.reverse();
            for (i, entry) in self.worklist.iter().enumerate() {
                if let Some(op) = entry {
                    self.queued.insert(*op, i);
                }
            }
        }
        let mut budget = POPS_PER_OP * (self.worklist.len() + 100);
        while self.rewrites_left() {
            let Some(op) = self.pop() else {
                break;
            };
            if budget == 0 {
                return true;
            }
            budget -= 1;
            self.process(op);
        }
        if self.options.region_simplify != RegionSimplify::Disabled {
            self.unreachable_blocks();
            self.dead_code();
        }
        if self.options.region_simplify == RegionSimplify::Aggressive {
            let merged = merge::merge_identical_blocks(self);
            let dropped = merge::drop_redundant_arguments(self);
            self.changed |= merged || dropped;
        }
        self.changed
    }

    fn process(&mut self, op: OpId) {
        if !self.attached(op) {
            return;
        }
        if self.trivially_dead(op) {
            self.erase(op);
            return;
        }
        if !self.is_constant(op) {
            match fold::fold(self.m, op) {
                Fold::Failed => {}
                Fold::InPlace => {
                    self.modified(op);
                    return;
                }
                Fold::Replace(results) => {
                    let values: Vec<Value> = results
                        .into_iter()
                        .zip(self.m.ops[op].results.clone())
                        .map(|(r, old)| match r {
                            Folded::Value(v) => v,
                            Folded::Constant(a) => {
                                let ty = self.m.value_type(old).clone();
                                self.constant_before(op, a, ty)
                            }
                        })
                        .collect();
                    self.replace_op(op, &values);
                    return;
                }
            }
        }
        if (self.patterns)(self, op) {
            self.changed = true;
            self.rewrites += 1;
        }
    }

    /// Whether this round may rewrite more (`max-num-rewrites`).
    fn rewrites_left(&self) -> bool {
        self.options
            .max_num_rewrites
            .map_or(true, |limit| self.rewrites < limit)
    }

    /// Whether the pattern MLIR names `label` may run.
    pub(super) fn enabled(&self, label: fmt::Arguments) -> bool {
        let filter = &self.options.filter;
        filter.allows_all() || filter.allows(&label.to_string())
    }

    // ----- the worklist -----

    fn push_one(&mut self, op: OpId) {
        if self.queued.contains_key(&op) || self.only.as_ref().is_some_and(|o| !o.contains(&op)) {
            return;
        }
        self.queued.insert(op, self.worklist.len());
        self.worklist.push(Some(op));
    }

    /// Pushes `op` and its ancestors below the module (MLIR's
    /// `addToWorklist`: the op first, then each enclosing op).
    pub(super) fn push(&mut self, op: OpId) {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if o == self.m.top {
                break;
            }
            self.push_one(o);
            cur = self.m.parent_op(o);
        }
    }

    fn pop(&mut self) -> Option<OpId> {
        while let Some(entry) = self.worklist.pop() {
            if let Some(op) = entry {
                self.queued.remove(&op);
                return Some(op);
            }
        }
        None
    }

    fn unqueue(&mut self, op: OpId) {
        if let Some(i) = self.queued.remove(&op) {
            self.worklist[i] = None;
        }
    }

    // ----- use lists -----

    /// Records the current operands of `op` in the use lists.
    /// Records the operands of `op`: an operand slot that changed since
    /// the last record is a new use (at the head of its value's list, as
    /// MLIR's `OpOperand::set` puts it); the others keep their places.
    fn record(&mut self, op: OpId) {
        let operands = self.m.ops[op].operands.clone();
        let old = self.recorded.remove(&op).unwrap_or_default();
        let mut uses = Vec::with_capacity(operands.len());
        for (i, &v) in operands.iter().enumerate() {
            match old.get(i) {
                Some(&(w, key)) if w == v => uses.push((v, key)),
                Some(&(w, key)) => {
                    self.users.remove(w, key);
                    uses.push((v, self.users.add(v, op)));
                }
                None => uses.push((v, self.users.add(v, op))),
            }
        }
        for &(w, key) in old.iter().skip(operands.len()) {
            self.users.remove(w, key);
        }
        self.recorded.insert(op, uses);
    }

    fn forget(&mut self, op: OpId) {
        if let Some(old) = self.recorded.remove(&op) {
            for (v, key) in old {
                self.users.remove(v, key);
            }
        }
    }

    /// The ops using `v`, each once, in the order of MLIR's use list.
    pub(super) fn users(&self, v: Value) -> Vec<OpId> {
        let mut seen = HashSet::new();
        self.users.of(v).filter(|&u| seen.insert(u)).collect()
    }

    /// Whether `v` has at most one user besides `op`.
    fn at_most_one_other_user(&self, v: Value, op: OpId) -> bool {
        let mut other = None;
        for u in self.users.of(v) {
            if u == op || other == Some(u) {
                continue;
            }
            if other.is_some() {
                return false;
            }
            other = Some(u);
        }
        true
    }

    pub(super) fn has_uses(&self, v: Value) -> bool {
        self.users.is_used(v)
    }

    // ----- rewriting -----

    /// After `op` changed in place (operands, attributes, regions).
    pub(super) fn modified(&mut self, op: OpId) {
        self.changed = true;
        let mut ops = Vec::new();
        self.m.walk_from(op, &mut ops);
        for o in ops {
            self.record(o);
        }
        self.push(op);
    }

    /// Inserts the detached `new` before `anchor` and records it.
    pub(super) fn insert_before(&mut self, anchor: OpId, new: OpId) {
        insert_before(self.m, anchor, new);
        self.record_inserted(new);
    }

    /// Inserts the detached single-result `new` before `op` and replaces
    /// `op` by it.
    pub(super) fn replace_op_with(&mut self, op: OpId, new: OpId) {
        self.insert_before(op, new);
        let value = self.m.ops[new].results[0];
        self.replace_op(op, &[value]);
    }

    /// Where the ops a pattern generated from MLIR's declarative rules
    /// builds go: the root's location fused with those of the ops defining
    /// `matched`, the values whose ops the rule matched, in the order its
    /// matcher records them (MLIR's `getFusedLoc` of the first ones).
    pub(super) fn matched_loc(&mut self, root: OpId, matched: &[Value]) -> Location {
        let mut locs = vec![self.m.ops[root].loc];
        locs.extend(
            matched
                .iter()
                .filter_map(|&v| self.m.defining_op(v))
                .map(|o| self.m.ops[o].loc),
        );
        self.m.fused_location(&locs)
    }

    /// A new `arith.constant` right before `anchor`, at its location.
    pub(super) fn constant_before(&mut self, anchor: OpId, value: Attribute, ty: Type) -> Value {
        let loc = self.m.ops[anchor].loc;
        self.constant_at(anchor, loc, value, ty)
    }

    /// A new `arith.constant` at `loc`, right before `anchor`.
    pub(super) fn constant_at(
        &mut self,
        anchor: OpId,
        loc: Location,
        value: Attribute,
        ty: Type,
    ) -> Value {
        let c = self.m.create_op("arith.constant", &[], &[ty], loc);
        self.m.set_prop(c, "value", value);
        self.insert_before(anchor, c);
        self.m.ops[c].results[0]
    }

    /// Replaces every use of `from` by `to`, pushing the users.
    pub(super) fn replace_uses(&mut self, from: Value, to: Value) {
        for u in self.users(from) {
            for operand in &mut self.m.ops[u].operands {
                if *operand == from {
                    *operand = to;
                }
            }
            self.record(u);
            self.push(u);
        }
        self.changed = true;
    }

    /// Replaces the operands `from` of `user` by `to` (MLIR's
    /// `modifyOpInPlace` setting them), pushing `user`.
    pub(super) fn replace_operand(&mut self, user: OpId, from: Value, to: Value) {
        for operand in &mut self.m.ops[user].operands {
            if *operand == from {
                *operand = to;
            }
        }
        self.record(user);
        self.push(user);
        self.changed = true;
    }

    /// Appends the detached `new` to `block` and records it.
    pub(super) fn append_new(&mut self, block: BlockId, new: OpId) {
        self.m.append_op(block, new);
        self.record_inserted(new);
    }

    /// Records `new`, just inserted, and the ops in it, and pushes it.
    pub(super) fn record_inserted(&mut self, new: OpId) {
        self.changed = true;
        let mut ops = Vec::new();
        self.m.walk_from(new, &mut ops);
        if let (true, Some(only)) = (self.only_grows, self.only.as_mut()) {
            only.extend(ops.iter().copied());
        }
        for o in ops {
            self.record(o);
        }
        self.push(new);
    }

    /// Replaces the results of `op` by `values` and erases it.
    pub(super) fn replace_op(&mut self, op: OpId, values: &[Value]) {
        let results = self.m.ops[op].results.clone();
        for (&r, &v) in results.iter().zip(values) {
            if r != v {
                self.replace_uses(r, v);
            }
        }
        self.erase(op);
    }

    /// Erases `op` and everything nested in it; the producers of its
    /// operands left with at most one other user are pushed.
    pub(super) fn erase(&mut self, op: OpId) {
        let mut ops = Vec::new();
        self.m.walk_from(op, &mut ops);
        let inside: HashSet<OpId> = ops.iter().copied().collect();
        for &o in ops.iter().rev() {
            for v in self.m.ops[o].operands.clone() {
                let Some(def) = self.m.defining_op(v) else {
                    continue;
                };
                if inside.contains(&def) {
                    continue;
                }
                if self.at_most_one_other_user(v, o) {
                    self.push(def);
                }
            }
        }
        for &o in &ops {
            self.forget(o);
            self.unqueue(o);
            if self.owned.remove(&o) {
                self.constants.retain(|_, c| *c != o);
            }
        }
        self.m.erase_op(op);
        self.changed = true;
    }

    // ----- constants -----

    fn is_constant(&self, op: OpId) -> bool {
        matches!(
            self.m.ops[op].name.as_str(),
            "arith.constant" | "func.constant"
        ) && self.m.ops[op].results.len() == 1
    }

    /// The entry block of the function holding `op`: where its constants
    /// live.
    fn insertion_block(&self, op: OpId) -> Option<BlockId> {
        let mut cur = self.m.parent_op(op);
        while let Some(o) = cur {
            if self.m.ops[o].name == "func.func" {
                let r = *self.m.ops[o].regions.first()?;
                return self.m.regions[r].blocks.first().copied();
            }
            cur = self.m.parent_op(o);
        }
        None
    }

    /// Sets the location of `op` to `unknown`, as MLIR's folder erases the
    /// location of a constant it moves to the front of its function or
    /// merges with others (a location that would name one of several
    /// places).
    fn erase_location(&mut self, op: OpId) {
        let unknown = *self
            .unknown_loc
            .get_or_insert_with(|| self.m.add_debug_loc(DebugLoc::Unknown));
        self.m.ops[op].loc.debug = unknown;
    }

    /// MLIR's `OperationFolder::insertKnownConstant`: `false` when `op`
    /// was replaced by an equal constant already uniqued (and erased).
    fn insert_known_constant(&mut self, op: OpId) -> bool {
        let Some(block) = self.m.ops[op].parent else {
            return true;
        };
        let first_or_after_owned = |d: &Driver, b: BlockId| {
            let ops = &d.m.blocks[b].ops;
            match ops.iter().position(|&o| o == op) {
                Some(0) => true,
                Some(i) => d.owned.contains(&ops[i - 1]),
                None => false,
            }
        };
        if self.owned.contains(&op) {
            if !first_or_after_owned(self, block) {
                self.m.detach_op(op);
                self.m.insert_op(block, 0, op);
                self.erase_location(op);
            }
            return true;
        }
        let Some(home) = self.insertion_block(op) else {
            return true;
        };
        let data = &self.m.ops[op];
        let key = format!(
            "{:?} {:?}",
            data.attr("value"),
            self.m.value_type(data.results[0])
        );
        if let Some(&existing) = self.constants.get(&(home, key.clone())) {
            let (from, to) = (data.results[0], self.m.ops[existing].results[0]);
            self.replace_uses(from, to);
            self.erase(op);
            self.erase_location(existing);
            return false;
        }
        if block != home || !first_or_after_owned(self, block) {
            self.m.detach_op(op);
            self.m.insert_op(home, 0, op);
            self.erase_location(op);
        }
        self.constants.insert((home, key), op);
        self.owned.insert(op);
        true
    }

    // ----- dead code -----

    /// Whether `op` can go: its results unused, no effect but reads and
    /// the allocation of its own results (MLIR's `isOpTriviallyDead`).
    pub(super) fn trivially_dead(&self, op: OpId) -> bool {
        let d = &self.m.ops[op];
        !matches!(
            d.name.as_str(),
            "func.func" | "func.return" | "builtin.module"
        ) && !is_terminator(&d.name)
            && d.results.iter().all(|&r| !self.has_uses(r))
            && effect_free(self.m, op)
    }

    /// Erases the blocks no path from their region's entry block reaches.
    fn unreachable_blocks(&mut self) {
        for op in self.m.walk() {
            for r in self.m.ops[op].regions.clone() {
                let blocks = self.m.regions[r].blocks.clone();
                if blocks.len() < 2 {
                    continue;
                }
                let cfg = Dominance::new(self.m, r);
                let (live, dead): (Vec<BlockId>, Vec<BlockId>) =
                    blocks.iter().partition(|&&b| cfg.is_reachable(b));
                for b in dead {
                    for o in self.m.blocks[b].ops.clone() {
                        let mut nested = Vec::new();
                        self.m.walk_from(o, &mut nested);
                        for n in nested {
                            self.forget(n);
                            self.unqueue(n);
                        }
                    }
                    self.m.blocks[b].parent = None;
                    self.changed = true;
                }
                self.m.regions[r].blocks = live;
            }
        }
    }

    /// Erases the dead ops left (MLIR's region DCE after each round).
    fn dead_code(&mut self) {
        loop {
            let mut dead = Vec::new();
            for f in self.m.functions() {
                let mut ops = Vec::new();
                self.m.walk_from(f, &mut ops);
                dead.extend(ops.into_iter().rev().filter(|&o| self.trivially_dead(o)));
            }
            let mut erased = false;
            for o in dead {
                if self.attached(o) && self.trivially_dead(o) {
                    self.erase(o);
                    erased = true;
                }
            }
            if !erased {
                break;
            }
        }
        if liveness::dead_block_arguments(self) {
            self.changed = true;
        }
    }

    fn attached(&self, op: OpId) -> bool {
        attached(self.m, op)
    }
}

/// Whether `op` is still in the module (not erased, nor inside an erased
/// op).
pub(super) fn attached(m: &Module, mut op: OpId) -> bool {
    while op != m.top {
        match m.parent_op(op) {
            Some(p) => op = p,
            None => return false,
        }
    }
    true
}

fn is_terminator(name: &str) -> bool {
    matches!(
        name,
        "affine.yield"
            | "scf.yield"
            | "scf.condition"
            | "func.return"
            | "scf.reduce"
            | "scf.reduce.return"
            | "memref.alloca_scope.return"
            | "tensor.yield"
    ) || name.starts_with("cf.")
}

/// No effect but reads and the allocation of its own results, through its
/// regions (MLIR's `wouldOpBeTriviallyDead` on tessera's ops).
fn effect_free(m: &Module, op: OpId) -> bool {
    let d = &m.ops[op];
    let name = d.name.as_str();
    let pure = (name.starts_with("arith.") || name.starts_with("math."))
        || matches!(
            name,
            "affine.apply"
                | "affine.min"
                | "affine.max"
                | "affine.delinearize_index"
                | "affine.load"
                | "affine.vector_load"
                | "affine.yield"
                | "memref.load"
                | "memref.dim"
                | "memref.cast"
                | "memref.get_global"
                | "func.constant"
                | "memref.alloc"
                | "memref.alloca"
                | "scf.yield"
                | "scf.condition"
                | "vector.broadcast"
                | "vector.splat"
                | "vector.load"
                | "vector.transfer_read"
                | "vector.reduction"
                | "vector.create_mask"
                | "vector.constant_mask"
                | "vector.extract"
                | "vector.insert"
                | "vector.extractelement"
                | "vector.insertelement"
                | "vector.fma"
                | "scf.reduce.return"
                | "tensor.empty"
                | "tensor.extract"
                | "tensor.insert"
                | "tensor.cast"
                | "tensor.dim"
                | "tensor.yield"
                | "bufferization.to_tensor"
                | "bufferization.to_memref"
                | "memref.alloca_scope.return"
        )
        || tessera_ir::ir::VIEW_OPS.contains(&name);
    if pure {
        return true;
    }
    tessera_ir::effects::has_recursive_effects(name)
        && d.regions.iter().all(|&r| {
            m.regions[r]
                .blocks
                .iter()
                .all(|&b| m.blocks[b].ops.iter().all(|&o| effect_free(m, o)))
        })
}
