//! `--lower-affine`: affine ops to `scf`, `arith` and `memref`, op for op
//! as mlir-opt 19 lowers them, so that its output feeds MLIR's own LLVM
//! lowering.
//!
//! MLIR runs the lowering as a dialect conversion, which first tries to
//! *fold* every affine op (to a fixpoint) and only then rewrites it; the
//! folds change what is printed (constant operands become constants of
//! the maps, `affine.apply` chains are composed into loop bounds, redundant
//! `min`/`max` results disappear), so they are reproduced here with
//! [`crate::canonical`]. The conversion also defers replacements: an op's
//! results are replaced, and the op erased, only when every op has been
//! converted, so folds see the original IR. Ops are converted outermost
//! first, so a nested loop's bounds no longer see the (already converted)
//! outer loops' bounds — as in MLIR.
//!
//! The expansions of affine expressions are MLIR's `AffineApplyExpander`:
//! `floordiv`, `ceildiv` and `mod` by positive constants through
//! `arith.divsi`/`arith.remsi` and selects, bounds' `max`/`min` as chains
//! of `arith.maxsi`/`arith.minsi`, conditions as conjunctions of
//! `arith.cmpi` against zero.

use std::collections::{HashMap, HashSet};

use tessera_affine::{AffineExpr, AffineMap, BinaryOp, ConstraintKind, ExprKind, IntegerSet};
use tessera_ir::syntax::{normalize_generic, CMPI_PREDICATES, REDUCTION_KINDS};
use tessera_ir::{Attribute, Location, Module, OpId, Type, Value};

use super::canonicalize::dense::{fold_extract_of_constant, fold_load_of_constant_global};
use super::canonicalize::fold::{fold_tensor_dim, math_constant};
use super::canonicalize::{Fold, Folded};
use super::PassRemark;
use crate::canonical::{
    canonicalize_loop_bounds, canonicalize_parallel_bounds, canonicalize_set, compose_set,
    constant_operands, fold_loop_bounds, partial_constant_fold,
};
use crate::loops::{insert_all_before, segment_sizes};

/// The constant a fold produced for an op's one result.
fn constant_of(fold: Fold) -> Option<Attribute> {
    match fold {
        Fold::Replace(results) => match results.into_iter().next() {
            Some(Folded::Constant(value)) => Some(value),
            _ => None,
        },
        _ => None,
    }
}

/// Lowers every affine op of the module (`affine.vector_load` /
/// `affine.vector_store` to `vector.load` / `vector.store`), and folds
/// `math.sqrt` of a constant as the conversion does.
/// `affine.delinearize_index` is expanded into `affine.apply`s first, as
/// MLIR's lowering does.
pub fn lower_affine(module: &mut Module) -> Result<Vec<PassRemark>, String> {
    if let Some(op) = module.walk().into_iter().find(|&o| {
        module.ops[o].name == "affine.delinearize_index"
            && !super::expand_index::expandable(module, o)
    }) {
        let loc = module.ops[op].loc;
        return Err(format!(
            "lower-affine: {}:{}: 'affine.delinearize_index' with a basis element that is not a valid symbol (mlir-opt divides by a dim there, which tessera's maps do not express)",
            loc.line, loc.col
        ));
    }
    // MLIR lowers a zero-dimensional `affine.parallel` to an `scf.parallel`
    // its verifier refuses; tessera refuses it with that verifier's words.
    if let Some(op) = module.walk().into_iter().find(|&o| {
        module.ops[o].name == "affine.parallel"
            && module.ops[o].regions.first().is_some_and(|&r| {
                module.regions[r]
                    .blocks
                    .first()
                    .is_some_and(|&b| module.blocks[b].args.is_empty())
            })
    }) {
        let loc = module.ops[op].loc;
        return Err(format!(
            "lower-affine: {}:{}: 'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step (the lowering of a zero-dimensional 'affine.parallel', refused by mlir-opt too)",
            loc.line, loc.col
        ));
    }
    // `affine.delinearize_index` first becomes `affine.apply`s, lowered
    // below with the rest.
    super::expand_index::expand_delinearize_ops(module);
    let mut l = Lowering {
        m: module,
        repl: HashMap::new(),
        dead: HashSet::new(),
        erase: Vec::new(),
        remarks: Vec::new(),
    };
    for op in l.m.walk() {
        if l.dead.contains(&op) {
            continue;
        }
        if l.m.ops[op].name.starts_with("affine.") {
            l.convert(op);
        } else if l.m.ops[op].name.starts_with("math.") {
            l.fold_math(op);
        } else if l.m.ops[op].name == "tensor.extract" {
            // (not legal in the conversion's target, so MLIR folds it)
            if let Some(value) = constant_of(fold_extract_of_constant(l.m, op)) {
                l.replace_by_constant(op, value);
            }
        } else if l.m.ops[op].name == "tensor.dim" {
            // (likewise)
            if let Some(value) = constant_of(fold_tensor_dim(l.m, op)) {
                l.replace_by_constant(op, value);
            }
        }
    }
    // Commit: replacements first, then erasure.
    let Lowering {
        m,
        repl,
        erase,
        remarks,
        ..
    } = l;
    if !repl.is_empty() {
        for op in m.walk() {
            for v in &mut m.ops[op].operands {
                let mut seen = 0;
                while let Some(&to) = repl.get(v) {
                    *v = to;
                    seen += 1;
                    if seen > repl.len() {
                        break;
                    }
                }
            }
        }
    }
    for op in erase {
        m.erase_op(op);
    }
    Ok(remarks)
}

struct Lowering<'a> {
    m: &'a mut Module,
    /// Deferred replacements of op results.
    repl: HashMap<Value, Value>,
    /// Ops erased with their parent (never converted).
    dead: HashSet<OpId>,
    /// Ops to erase at the end.
    erase: Vec<OpId>,
    remarks: Vec<PassRemark>,
}

/// Ops created before an anchor, in order.
struct Builder {
    ops: Vec<OpId>,
    loc: Location,
}

impl Builder {
    fn op(&mut self, m: &mut Module, name: &str, operands: &[Value], ty: Type) -> Value {
        let op = m.create_op(name, operands, &[ty], self.loc);
        normalize_generic(m, op);
        self.ops.push(op);
        m.ops[op].results[0]
    }

    fn constant(&mut self, m: &mut Module, value: i64) -> Value {
        self.typed_constant(m, Attribute::index(value), Type::Index)
    }

    fn typed_constant(&mut self, m: &mut Module, value: Attribute, ty: Type) -> Value {
        let op = m.create_op("arith.constant", &[], &[ty], self.loc);
        m.set_prop(op, "value", value);
        self.ops.push(op);
        m.ops[op].results[0]
    }

    fn binary(&mut self, m: &mut Module, name: &str, a: Value, b: Value) -> Value {
        let ty = m.value_type(a).clone();
        self.op(m, name, &[a, b], ty)
    }

    fn cmpi(&mut self, m: &mut Module, pred: &str, a: Value, b: Value) -> Value {
        let v = self.op(m, "arith.cmpi", &[a, b], Type::Integer(1));
        let idx = CMPI_PREDICATES.iter().position(|&p| p == pred).unwrap_or(0);
        if let Some(op) = m.defining_op(v) {
            m.set_prop(
                op,
                "predicate",
                Attribute::Integer {
                    value: idx as i64,
                    ty: Type::Integer(64),
                },
            );
        }
        v
    }

    fn select(&mut self, m: &mut Module, c: Value, a: Value, b: Value) -> Value {
        let ty = m.value_type(a).clone();
        self.op(m, "arith.select", &[c, a, b], ty)
    }

    /// MLIR's `AffineApplyExpander`: the expression's value computed by
    /// `arith` ops (`None` for a division by a non-positive constant).
    fn expr(
        &mut self,
        m: &mut Module,
        e: &AffineExpr,
        dims: &[Value],
        syms: &[Value],
    ) -> Option<Value> {
        match e.kind() {
            ExprKind::Dim(p) => dims.get(*p as usize).copied(),
            ExprKind::Symbol(p) => syms.get(*p as usize).copied(),
            ExprKind::Constant(c) => Some(self.constant(m, *c)),
            ExprKind::Binary(op, l, r) => {
                if matches!(op, BinaryOp::FloorDiv | BinaryOp::CeilDiv | BinaryOp::Mod)
                    && r.as_constant().is_some_and(|c| c <= 0)
                {
                    return None;
                }
                let a = self.expr(m, l, dims, syms)?;
                let b = self.expr(m, r, dims, syms)?;
                Some(match op {
                    BinaryOp::Add => self.binary(m, "arith.addi", a, b),
                    BinaryOp::Mul => self.binary(m, "arith.muli", a, b),
                    BinaryOp::Mod => {
                        let rem = self.binary(m, "arith.remsi", a, b);
                        let zero = self.constant(m, 0);
                        let neg = self.cmpi(m, "slt", rem, zero);
                        let fixed = self.binary(m, "arith.addi", rem, b);
                        self.select(m, neg, fixed, rem)
                    }
                    BinaryOp::FloorDiv => {
                        let zero = self.constant(m, 0);
                        let none = self.constant(m, -1);
                        let neg = self.cmpi(m, "slt", a, zero);
                        let dec = self.binary(m, "arith.subi", none, a);
                        let dividend = self.select(m, neg, dec, a);
                        let q = self.binary(m, "arith.divsi", dividend, b);
                        let fixed = self.binary(m, "arith.subi", none, q);
                        self.select(m, neg, fixed, q)
                    }
                    BinaryOp::CeilDiv => {
                        let zero = self.constant(m, 0);
                        let one = self.constant(m, 1);
                        let nonpos = self.cmpi(m, "sle", a, zero);
                        let negated = self.binary(m, "arith.subi", zero, a);
                        let dec = self.binary(m, "arith.subi", a, one);
                        let dividend = self.select(m, nonpos, negated, dec);
                        let q = self.binary(m, "arith.divsi", dividend, b);
                        let nq = self.binary(m, "arith.subi", zero, q);
                        let iq = self.binary(m, "arith.addi", q, one);
                        self.select(m, nonpos, nq, iq)
                    }
                })
            }
        }
    }

    /// Every result of `map` over `operands` (MLIR's `expandAffineMap`).
    fn map(&mut self, m: &mut Module, map: &AffineMap, operands: &[Value]) -> Option<Vec<Value>> {
        let nd = (map.num_dims() as usize).min(operands.len());
        let (dims, syms) = operands.split_at(nd);
        map.results()
            .iter()
            .map(|e| self.expr(m, e, dims, syms))
            .collect()
    }

    /// The `max` (`is_max`) or `min` of the map's results, as a chain of
    /// `arith.maxsi`/`arith.minsi` from the first result.
    fn min_max(
        &mut self,
        m: &mut Module,
        map: &AffineMap,
        operands: &[Value],
        is_max: bool,
    ) -> Option<Value> {
        let values = self.map(m, map, operands)?;
        let (first, rest) = values.split_first()?;
        let name = if is_max { "arith.maxsi" } else { "arith.minsi" };
        Some(
            rest.iter()
                .fold(*first, |acc, &v| self.binary(m, name, acc, v)),
        )
    }
}

fn map_attr(m: &Module, op: OpId, name: &str) -> Option<AffineMap> {
    match m.ops[op].attr(name) {
        Some(Attribute::AffineMap(map)) => Some(map.clone()),
        _ => None,
    }
}

impl Lowering<'_> {
    fn builder(&self, op: OpId) -> Builder {
        Builder {
            ops: Vec::new(),
            loc: self.m.ops[op].loc,
        }
    }

    fn remark(&mut self, op: OpId, message: String) {
        self.remarks.push(PassRemark {
            mlir_remark: None,
            op,
            message,
        });
    }

    /// Replaces `op`'s results (deferred) and schedules its erasure.
    fn replace(&mut self, op: OpId, values: &[Value]) {
        let results = self.m.ops[op].results.clone();
        for (r, &v) in results.into_iter().zip(values) {
            self.repl.insert(r, v);
        }
        self.erase.push(op);
    }

    /// Marks everything nested in `op` as gone with it.
    fn kill_nested(&mut self, op: OpId) {
        let mut nested = Vec::new();
        self.m.walk_from(op, &mut nested);
        self.dead.extend(nested);
    }

    /// Moves region `index` of `from` to the end of `to`'s regions (the
    /// caller then clears `from`'s list, so no region has two owners).
    fn move_region(&mut self, from: OpId, index: usize, to: OpId) {
        let r = self.m.ops[from].regions[index];
        self.m.regions[r].parent = Some(to);
        self.m.ops[to].regions.push(r);
    }

    fn convert(&mut self, op: OpId) {
        let name = self.m.ops[op].name.clone();
        match name.as_str() {
            "affine.for" => self.lower_for(op),
            "affine.if" => self.lower_if(op),
            "affine.apply" => self.lower_apply(op),
            "affine.min" | "affine.max" => self.lower_min_max(op, name == "affine.max"),
            "affine.parallel" => self.lower_parallel(op),
            "affine.load" | "affine.store" | "affine.vector_load" | "affine.vector_store" => {
                self.lower_access(op, name.ends_with("store"))
            }
            "affine.dma_start" | "affine.dma_wait" => self.lower_dma(op),
            "affine.prefetch" => self.lower_prefetch(op),
            "affine.yield" => {
                // Only in regions already moved to scf.for / scf.if (an
                // op left unlowered keeps its terminator).
                let parent = self.m.parent_op(op).map(|p| self.m.ops[p].name.clone());
                if !matches!(parent.as_deref(), Some("scf.for" | "scf.if")) {
                    return;
                }
                let operands = self.m.ops[op].operands.clone();
                let y = self
                    .m
                    .create_op("scf.yield", &operands, &[], self.m.ops[op].loc);
                insert_all_before(self.m, op, &[y]);
                self.erase.push(op);
            }
            other => {
                let message = format!("lower-affine: '{other}' is not lowered");
                self.remark(op, message);
            }
        }
    }

    /// A `math` op of float constants folds to a constant, as MLIR's
    /// conversion driver folds it ([`math_constant`]).
    fn fold_math(&mut self, op: OpId) {
        if let Some(value) = math_constant(self.m, op) {
            self.replace_by_constant(op, value);
        }
    }

    /// Replaces the one result of `op` by an `arith.constant` of `value`
    /// built right before it.
    fn replace_by_constant(&mut self, op: OpId, value: Attribute) {
        let Some(&result) = self.m.ops[op].results.first() else {
            return;
        };
        let ty = self.m.value_type(result).clone();
        let mut b = self.builder(op);
        let v = b.typed_constant(self.m, value, ty);
        insert_all_before(self.m, op, &b.ops);
        self.replace(op, &[v]);
    }

    fn lower_for(&mut self, op: OpId) {
        for _ in 0..64 {
            let changed = fold_loop_bounds(self.m, op) | canonicalize_loop_bounds(self.m, op);
            let Some(l) = crate::loops::ForLoop::read(self.m, op) else {
                return;
            };
            let zero_trip = match (l.lower.as_constant(), l.upper.as_constant()) {
                (Some(lb), Some(ub)) => ub <= lb,
                _ => false,
            };
            if zero_trip && !self.m.ops[op].results.is_empty() {
                self.replace(op, &l.inits);
                self.kill_nested(op);
                return;
            }
            if !changed {
                break;
            }
        }
        let Some(l) = crate::loops::ForLoop::read(self.m, op) else {
            return;
        };
        let mut b = self.builder(op);
        let lb = b.min_max(self.m, &l.lower.map, &l.lower.operands, true);
        let ub = b.min_max(self.m, &l.upper.map, &l.upper.operands, false);
        let (Some(lb), Some(ub)) = (lb, ub) else {
            self.remark(
                op,
                "lower-affine: a bound divides by a non-positive constant".into(),
            );
            return;
        };
        let step = b.constant(self.m, l.step);
        let types: Vec<Type> = self.m.ops[op]
            .results
            .iter()
            .map(|&r| self.m.value_type(r).clone())
            .collect();
        let mut operands = vec![lb, ub, step];
        operands.extend(&l.inits);
        let new = self
            .m
            .create_op("scf.for", &operands, &types, self.m.ops[op].loc);
        b.ops.push(new);
        self.move_region(op, 0, new);
        self.m.ops[op].regions.clear();
        insert_all_before(self.m, op, &b.ops);
        let results = self.m.ops[new].results.clone();
        self.replace(op, &results);
    }

    fn lower_if(&mut self, op: OpId) {
        for _ in 0..64 {
            let Some(Attribute::IntegerSet(set)) = self.m.ops[op].attr("condition").cloned() else {
                return;
            };
            let operands = self.m.ops[op].operands.clone();
            let (s, o) = compose_set(self.m, &set, &operands);
            let (s, o) = canonicalize_set(self.m, &s, &o);
            if s == set && o == operands {
                break;
            }
            self.m.set_attr(op, "condition", Attribute::IntegerSet(s));
            self.m.ops[op].operands = o;
        }
        let Some(Attribute::IntegerSet(set)) = self.m.ops[op].attr("condition").cloned() else {
            return;
        };
        let set: IntegerSet = set;
        let operands = self.m.ops[op].operands.clone();
        let nd = (set.num_dims() as usize).min(operands.len());
        let (dims, syms) = operands.split_at(nd);
        let mut b = self.builder(op);
        let zero = b.constant(self.m, 0);
        let mut cond: Option<Value> = None;
        for c in set.constraints() {
            let Some(v) = b.expr(self.m, &c.expr, dims, syms) else {
                self.remark(
                    op,
                    "lower-affine: a condition divides by a non-positive constant".into(),
                );
                return;
            };
            let pred = if c.kind == ConstraintKind::Eq {
                "eq"
            } else {
                "sge"
            };
            let cmp = b.cmpi(self.m, pred, v, zero);
            cond = Some(match cond {
                Some(acc) => b.binary(self.m, "arith.andi", acc, cmp),
                None => cmp,
            });
        }
        let cond = match cond {
            Some(c) => c,
            None => b.typed_constant(self.m, Attribute::Bool(true), Type::Integer(1)),
        };
        let types: Vec<Type> = self.m.ops[op]
            .results
            .iter()
            .map(|&r| self.m.value_type(r).clone())
            .collect();
        let new = self
            .m
            .create_op("scf.if", &[cond], &types, self.m.ops[op].loc);
        b.ops.push(new);
        self.move_region(op, 0, new);
        self.move_region(op, 1, new);
        self.m.ops[op].regions.clear();
        insert_all_before(self.m, op, &b.ops);
        let results = self.m.ops[new].results.clone();
        self.replace(op, &results);
    }

    fn lower_apply(&mut self, op: OpId) {
        let Some(map) = map_attr(self.m, op, "map") else {
            return;
        };
        let operands = self.m.ops[op].operands.clone();
        let nd = map.num_dims() as usize;
        if let Some(e) = map.results().first() {
            let forwarded = match e.kind() {
                ExprKind::Dim(p) => operands.get(*p as usize),
                ExprKind::Symbol(p) => operands.get(nd + *p as usize),
                _ => None,
            };
            if let Some(&v) = forwarded {
                self.replace(op, &[v]);
                return;
            }
        }
        let consts = constant_operands(self.m, &operands);
        if let (_, Some(values)) = partial_constant_fold(&map, &consts) {
            if let [c] = values.as_slice() {
                let mut b = self.builder(op);
                let v = b.constant(self.m, *c);
                insert_all_before(self.m, op, &b.ops);
                self.replace(op, &[v]);
                return;
            }
        }
        let mut b = self.builder(op);
        let Some(v) = b
            .map(self.m, &map, &operands)
            .and_then(|vs| vs.first().copied())
        else {
            self.remark(
                op,
                "lower-affine: the map divides by a non-positive constant".into(),
            );
            return;
        };
        insert_all_before(self.m, op, &b.ops);
        self.replace(op, &[v]);
    }

    fn lower_min_max(&mut self, op: OpId, is_max: bool) {
        for _ in 0..64 {
            let Some(map) = map_attr(self.m, op, "map") else {
                return;
            };
            let operands = self.m.ops[op].operands.clone();
            let consts = constant_operands(self.m, &operands);
            let (folded, values) = partial_constant_fold(&map, &consts);
            if folded.num_dims() == 0
                && folded.num_symbols() == 1
                && folded.results() == [AffineExpr::symbol(0)]
            {
                self.replace(op, &operands[..1]);
                return;
            }
            if let Some(values) = values {
                let v = if is_max {
                    values.iter().max()
                } else {
                    values.iter().min()
                };
                if let Some(&v) = v {
                    let mut b = self.builder(op);
                    let c = b.constant(self.m, v);
                    insert_all_before(self.m, op, &b.ops);
                    self.replace(op, &[c]);
                    return;
                }
            }
            if folded == map {
                break;
            }
            self.m.set_prop(op, "map", Attribute::AffineMap(folded));
        }
        let Some(map) = map_attr(self.m, op, "map") else {
            return;
        };
        let operands = self.m.ops[op].operands.clone();
        let mut b = self.builder(op);
        let Some(v) = b.min_max(self.m, &map, &operands, is_max) else {
            self.remark(
                op,
                "lower-affine: the map divides by a non-positive constant".into(),
            );
            return;
        };
        insert_all_before(self.m, op, &b.ops);
        self.replace(op, &[v]);
    }

    fn lower_access(&mut self, op: OpId, store: bool) {
        let first = usize::from(store);
        // memref.cast folding: the access reads the cast's ranked source.
        if let Some(&mem) = self.m.ops[op].operands.get(first) {
            if let Some(cast) = self.m.defining_op(mem) {
                let src = self.m.ops[cast].operands.first().copied();
                if self.m.ops[cast].name == "memref.cast" {
                    if let Some(src) =
                        src.filter(|&s| matches!(self.m.value_type(s), Type::MemRef { .. }))
                    {
                        self.m.ops[op].operands[first] = src;
                    }
                }
            }
        }
        // A load from a constant global folds, as MLIR's conversion driver
        // folds it before lowering.
        if self.m.ops[op].name == "affine.load" {
            if let Some(value) = constant_of(fold_load_of_constant_global(self.m, op)) {
                self.replace_by_constant(op, value);
                return;
            }
        }
        let Some(map) = map_attr(self.m, op, "map") else {
            return;
        };
        let operands = self.m.ops[op].operands.clone();
        if operands.len() < first + 1 {
            return;
        }
        let mut b = self.builder(op);
        let Some(indices) = b.map(self.m, &map, &operands[first + 1..]) else {
            self.remark(
                op,
                "lower-affine: the map divides by a non-positive constant".into(),
            );
            return;
        };
        let mut new_operands = operands[..first + 1].to_vec();
        new_operands.extend(indices);
        let vector = self.m.ops[op].name.starts_with("affine.vector_");
        let (name, types) = match (store, vector) {
            (true, false) => ("memref.store", Vec::new()),
            (true, true) => ("vector.store", Vec::new()),
            (false, _) => {
                let r = self.m.ops[op].results[0];
                let name = if vector { "vector.load" } else { "memref.load" };
                (name, vec![self.m.value_type(r).clone()])
            }
        };
        let new = self
            .m
            .create_op(name, &new_operands, &types, self.m.ops[op].loc);
        // MLIR's builders set the flag the custom form leaves out.
        self.m.ops[new].props = vec![("nontemporal".into(), Attribute::Bool(false))];
        b.ops.push(new);
        insert_all_before(self.m, op, &b.ops);
        let results = self.m.ops[new].results.clone();
        self.replace(op, &results);
    }

    /// `affine.prefetch` to `memref.prefetch` with the map expanded; the
    /// discardable attributes are dropped, as MLIR's pattern drops them.
    fn lower_prefetch(&mut self, op: OpId) {
        let d = self.m.ops[op].clone();
        let Some(map) = map_attr(self.m, op, "map") else {
            return;
        };
        let mut b = self.builder(op);
        let Some(indices) = d
            .operands
            .get(1..)
            .and_then(|subs| b.map(self.m, &map, subs))
        else {
            return;
        };
        let operands: Vec<Value> = d.operands[..1].iter().copied().chain(indices).collect();
        let new = self.m.create_op("memref.prefetch", &operands, &[], d.loc);
        self.m.ops[new].props = d.props.into_iter().filter(|(n, _)| n != "map").collect();
        b.ops.push(new);
        insert_all_before(self.m, op, &b.ops);
        self.replace(op, &[]);
    }

    /// `affine.dma_start` / `affine.dma_wait` to their `memref` forms, the
    /// maps expanded source first, then destination, then tag (MLIR's
    /// `AffineDmaStartLowering`).
    fn lower_dma(&mut self, op: OpId) {
        let d = self.m.ops[op].clone();
        let start = d.name == "affine.dma_start";
        let parts = if start {
            let Some(dma) = tessera_ir::dma::DmaStart::of(self.m, &d) else {
                return;
            };
            vec![dma.src, dma.dst, dma.tag]
        } else {
            let Some(wait) = tessera_ir::dma::DmaWait::of(self.m, &d) else {
                return;
            };
            vec![wait.tag]
        };
        let mut b = self.builder(op);
        let mut subscripted = Vec::new();
        for part in &parts {
            let Some(map) = &part.map else {
                return;
            };
            let Some(indices) = b.map(self.m, map, &d.operands[part.subscripts.clone()]) else {
                self.remark(
                    op,
                    "lower-affine: the map divides by a non-positive constant".into(),
                );
                return;
            };
            subscripted.push(std::iter::once(d.operands[part.memref]).chain(indices));
        }
        let rest = &d.operands[parts.last().map_or(0, |p| p.subscripts.end)..];
        let mut operands: Vec<Value> = Vec::new();
        let mut subscripted = subscripted.into_iter();
        if start {
            // memref.dma_start: src[...], dst[...], count, tag[...], strides.
            operands.extend(subscripted.next().into_iter().flatten());
            operands.extend(subscripted.next().into_iter().flatten());
            operands.push(rest[0]);
            operands.extend(subscripted.next().into_iter().flatten());
            operands.extend(&rest[1..]);
        } else {
            operands.extend(subscripted.next().into_iter().flatten());
            operands.extend(rest);
        }
        let name = if start {
            "memref.dma_start"
        } else {
            "memref.dma_wait"
        };
        let new = self.m.create_op(name, &operands, &[], d.loc);
        b.ops.push(new);
        insert_all_before(self.m, op, &b.ops);
        self.replace(op, &[]);
    }

    fn lower_parallel(&mut self, op: OpId) {
        for _ in 0..64 {
            if !canonicalize_parallel_bounds(self.m, op) {
                break;
            }
        }
        let d = self.m.ops[op].clone();
        let (Some(lm), Some(um)) = (
            map_attr(self.m, op, "lowerBoundsMap"),
            map_attr(self.m, op, "upperBoundsMap"),
        ) else {
            return;
        };
        let steps: Vec<i64> = match d.attr("steps") {
            Some(Attribute::Array(a)) => a.iter().filter_map(Attribute::as_int).collect(),
            _ => Vec::new(),
        };
        let n = steps.len();
        // A splat `dense<1> : tensor<nxi32>` holds one value for all.
        let groups = |name: &str| -> Vec<usize> {
            match d.attr(name) {
                Some(Attribute::DenseInt { values, .. }) if values.len() == 1 => {
                    vec![values[0].max(0) as usize; n]
                }
                Some(Attribute::DenseInt { values, .. }) => {
                    values.iter().map(|&v| v.max(0) as usize).collect()
                }
                _ => Vec::new(),
            }
        };
        let (lg, ug) = (groups("lowerBoundsGroups"), groups("upperBoundsGroups"));
        let nl = (lm.num_inputs() as usize).min(d.operands.len());
        let (lops, uops) = d.operands.split_at(nl);
        if lg.len() != n || ug.len() != n {
            self.remark(op, "lower-affine: malformed affine.parallel".into());
            return;
        }
        let kinds: Vec<String> = match d.attr("reductions") {
            Some(Attribute::Array(a)) => a
                .iter()
                .map(|k| {
                    k.as_int()
                        .and_then(|k| REDUCTION_KINDS.get(k as usize))
                        .map_or_else(String::new, |s| s.to_string())
                })
                .collect(),
            _ => Vec::new(),
        };
        let types: Vec<Type> = d
            .results
            .iter()
            .map(|&r| self.m.value_type(r).clone())
            .collect();
        let mut reductions = Vec::new();
        for (kind, ty) in kinds.iter().zip(&types) {
            match reduction(kind, ty) {
                Some(r) => reductions.push(r),
                None => {
                    self.remark(
                        op,
                        format!("lower-affine: reduction '{kind}' is not lowered"),
                    );
                    return;
                }
            }
        }
        let mut b = self.builder(op);
        let (mut lbs, mut ubs) = (Vec::new(), Vec::new());
        let (mut lpos, mut upos) = (0, 0);
        for k in 0..n {
            let sub = |map: &AffineMap, pos: usize, len: usize| {
                AffineMap::new(
                    map.num_dims(),
                    map.num_symbols(),
                    map.results()
                        .get(pos..pos + len)
                        .unwrap_or_default()
                        .to_vec(),
                )
                .ok()
            };
            let (Some(lmap), Some(umap)) = (sub(&lm, lpos, lg[k]), sub(&um, upos, ug[k])) else {
                return;
            };
            lpos += lg[k];
            upos += ug[k];
            let lb = b.min_max(self.m, &lmap, lops, true);
            let ub = b.min_max(self.m, &umap, uops, false);
            let (Some(lb), Some(ub)) = (lb, ub) else {
                self.remark(
                    op,
                    "lower-affine: a bound divides by a non-positive constant".into(),
                );
                return;
            };
            lbs.push(lb);
            ubs.push(ub);
        }
        let step_values: Vec<Value> = steps.iter().map(|&s| b.constant(self.m, s)).collect();
        let inits: Vec<Value> = reductions
            .iter()
            .zip(&types)
            .map(|((identity, _), ty)| b.typed_constant(self.m, identity.clone(), ty.clone()))
            .collect();
        let mut operands = lbs;
        operands.extend(ubs);
        operands.extend(step_values);
        operands.extend(&inits);
        let loc = d.loc;
        let new = self.m.create_op("scf.parallel", &operands, &types, loc);
        self.m.set_prop(
            new,
            "operandSegmentSizes",
            segment_sizes(&[n, n, n, inits.len()]),
        );
        b.ops.push(new);
        self.move_region(op, 0, new);
        self.m.ops[op].regions.clear();
        insert_all_before(self.m, op, &b.ops);
        // The terminator: affine.yield becomes scf.reduce with one
        // combining region per result.
        let body = self.m.regions[self.m.ops[new].regions[0]]
            .blocks
            .first()
            .copied();
        if let Some(body) = body {
            if let Some(&y) = self.m.blocks[body].ops.last() {
                let yielded = self.m.ops[y].operands.clone();
                // At the yield, with the arguments of its combining blocks,
                // as MLIR builds it; the combining ops at the loop.
                let at_yield = self.m.ops[y].loc;
                let reduce = self.m.create_op("scf.reduce", &yielded, &[], at_yield);
                for ((_, combine), ty) in reductions.iter().zip(&types) {
                    let r = self.m.add_region(reduce);
                    let blk = self.m.add_block(r, &[ty.clone(), ty.clone()], at_yield);
                    let args = self.m.blocks[blk].args.clone();
                    let c = self
                        .m
                        .create_op(combine, &args, std::slice::from_ref(ty), loc);
                    normalize_generic(self.m, c);
                    self.m.append_op(blk, c);
                    let v = self.m.ops[c].results[0];
                    let ret = self.m.create_op("scf.reduce.return", &[v], &[], loc);
                    self.m.append_op(blk, ret);
                }
                insert_all_before(self.m, y, &[reduce]);
                self.erase.push(y);
                self.dead.insert(y);
            }
        }
        let results = self.m.ops[new].results.clone();
        self.replace(op, &results);
    }
}

/// The identity value and the combining op of an `affine.parallel`
/// reduction kind on `ty` (MLIR's `getIdentityValue`/`getReductionOp`),
/// for the kinds whose combining op tessera has.
fn reduction(kind: &str, ty: &Type) -> Option<(Attribute, &'static str)> {
    let float = |v: f64| Attribute::Float {
        value: v,
        ty: ty.clone(),
    };
    let int = |v: i64| Attribute::Integer {
        value: v,
        ty: ty.clone(),
    };
    let width = match ty {
        Type::Integer(w) => Some(*w),
        _ => None,
    };
    let smin = width.and_then(|w| (1..=64).contains(&w).then(|| i64::MIN >> (64 - w)));
    Some(match kind {
        "addf" if ty.is_float() => (float(0.0), "arith.addf"),
        "mulf" if ty.is_float() => (float(1.0), "arith.mulf"),
        "maximumf" if ty.is_float() => (float(f64::NEG_INFINITY), "arith.maximumf"),
        "minimumf" if ty.is_float() => (float(f64::INFINITY), "arith.minimumf"),
        "addi" if width.is_some() => (int(0), "arith.addi"),
        "muli" if width.is_some() => (int(1), "arith.muli"),
        "ori" if width.is_some() => (int(0), "arith.ori"),
        "andi" if width.is_some() => (int(-1), "arith.andi"),
        "maxs" => (int(smin?), "arith.maxsi"),
        "mins" => (int(!smin?), "arith.minsi"),
        _ => return None,
    })
}
