//! The canonicalization patterns of MLIR 19 for tessera's ops, each
//! named after MLIR's: `SimplifyAffineOp` (producers composed into the
//! maps of `affine.apply`, loads, stores, `min` and `max`),
//! `DeduplicateAffineMinMaxExpressions`,
//! `CanonicalizeSingleResultAffineMinMaxOp`, `AffineForEmptyLoopFolder`,
//! `SimplifyDeadElse`, `AlwaysTrueOrFalseIf`, `SimplifyDeadAlloc`, and
//! the `arith` chains of constants (`AddIAddConstant` and its kin,
//! `MulIMulIConstant`, `IndexCastOfIndexCast`).
//!
//! A pattern that MLIR applies by creating a new op of the same kind is
//! applied here in place, with the same notifications to the driver.

use tessera_affine::flatten::Flattener;
use tessera_affine::{AffineExpr, AffineMap, Constraint, ConstraintKind, ExprKind};
use tessera_ir::{Attribute, Module, OpId, Type, Value};

use super::fold::{constant_attr, constant_bits, int_attr, int_bits, int_width, signed};
use super::{Driver, ANON};
use crate::canonical::{
    canonicalize_map, compose_map, legal_symbols_map, simplify_map_with_operands,
};
use crate::loops::ForLoop;

/// Applies the first pattern of `op` that matches and may run (see
/// [`super::PatternFilter`]); whether one did.
pub(super) fn apply(d: &mut Driver, op: OpId) -> bool {
    let name = d.m.ops[op].name.clone();
    let class = class_of(&name);
    match name.as_str() {
        "affine.apply"
        | "affine.load"
        | "affine.store"
        | "affine.vector_load"
        | "affine.vector_store"
        | "affine.prefetch" => {
            enabled!(d, "{ANON}SimplifyAffineOp<{class}>") && simplify_affine_op(d, op)
        }
        "affine.min" | "affine.max" => {
            (enabled!(d, "CanonicalizeSingleResultAffineMinMaxOp<{class}>")
                && single_result_min_max(d, op))
                || (enabled!(d, "DeduplicateAffineMinMaxExpressions<{class}>")
                    && deduplicate_min_max(d, op))
                || (enabled!(d, "MergeAffineMinMaxOp<{class}>") && merge_min_max(d, op))
                || (enabled!(d, "{ANON}SimplifyAffineOp<{class}>") && simplify_affine_op(d, op))
                || (enabled!(d, "CanonicalizeAffineMinMaxOpExprAndTermOrder<{class}>")
                    && order_min_max(d, op))
        }
        "affine.for" => enabled!(d, "{ANON}AffineForEmptyLoopFolder") && empty_loop(d, op),
        "affine.if" => {
            (enabled!(d, "{ANON}SimplifyDeadElse") && simplify_dead_else(d, op))
                || (enabled!(d, "{ANON}AlwaysTrueOrFalseIf") && always_true_or_false_if(d, op))
        }
        "memref.alloc" | "memref.alloca" => {
            (enabled!(d, "{ANON}SimplifyAllocConst<{class}>") && constant_sizes(d, op))
                || (enabled!(d, "{ANON}SimplifyDeadAlloc<{class}>") && dead_alloc(d, op))
        }
        "arith.select" => redundant_select(d, op) || select_not(d, op) || select_to_extui(d, op),
        "arith.cmpf" => enabled!(d, "CmpFIntToFPConst") && super::cmpf::int_to_fp_const(d, op),
        "scf.for" => {
            (enabled!(d, "{ANON}ForOpIterArgsFolder") && scf_iter_args(d, op))
                || (enabled!(d, "{ANON}SimplifyTrivialLoops") && trivial_scf_loop(d, op))
        }
        "scf.while" => super::while_loop::apply(d, op),
        "scf.parallel" => {
            use super::scf_parallel::{collapse_single_iteration_dims, merge_nested};
            (enabled!(d, "{ANON}ParallelOpSingleOrZeroIterationDimsFolder")
                && collapse_single_iteration_dims(d, op))
                || (enabled!(d, "{ANON}MergeNestedParallelLoops") && merge_nested(d, op))
        }
        "scf.if" => {
            use super::scf_if::{
                combine_ifs, combine_nested_ifs, condition_propagation, remove_unused_results,
            };
            (enabled!(d, "{ANON}CombineIfs") && combine_ifs(d, op))
                || (enabled!(d, "{ANON}CombineNestedIfs") && combine_nested_ifs(d, op))
                || (enabled!(d, "{ANON}ConditionPropagation") && condition_propagation(d, op))
                || (enabled!(d, "{ANON}ConvertTrivialIfToSelect") && trivial_if_to_select(d, op))
                || (enabled!(d, "{ANON}RemoveEmptyElseBranch") && remove_empty_else(d, op))
                || (enabled!(d, "{ANON}RemoveStaticCondition") && static_condition(d, op))
                || (enabled!(d, "{ANON}RemoveUnusedResults") && remove_unused_results(d, op))
        }
        "arith.addi" | "arith.subi" | "arith.muli" => constant_chain(d, op),
        "arith.addui_extended" => {
            enabled!(d, "{ANON}AddUIExtendedToAddI") && extended_to_plain(d, op, "arith.addi")
        }
        "arith.mului_extended" => {
            enabled!(d, "{ANON}MulUIExtendedToMulI") && extended_to_plain(d, op, "arith.muli")
        }
        "arith.mulsi_extended" => {
            (enabled!(d, "{ANON}MulSIExtendedToMulI") && extended_to_plain(d, op, "arith.muli"))
                || (enabled!(d, "{ANON}MulSIExtendedRHSOne") && mulsi_extended_by_one(d, op))
        }
        "arith.index_cast" => {
            (enabled!(d, "{ANON}IndexCastOfIndexCast") && cast_of_cast(d, op))
                || super::extensions::apply(d, op)
        }
        "arith.index_castui" => {
            (enabled!(d, "{ANON}IndexCastUIOfIndexCastUI") && cast_of_cast(d, op))
                || super::extensions::apply(d, op)
        }
        "arith.extsi" | "arith.andi" | "arith.ori" | "arith.xori" | "arith.cmpi"
        | "arith.trunci" => super::extensions::apply(d, op),
        "arith.bitcast" => enabled!(d, "{ANON}BitcastOfBitcast") && bitcast_of_bitcast(d, op),
        "arith.mulf" => enabled!(d, "{ANON}MulFOfNegF") && operands_unnegated(d, op),
        "arith.divf" => enabled!(d, "{ANON}DivFOfNegF") && operands_unnegated(d, op),
        // (a `canonicalize` method: a pattern without a name)
        "func.call_indirect" => enabled!(d, "") && call_of_known_callee(d, op),
        "scf.execute_region" => {
            (enabled!(d, "SingleBlockExecuteInliner") && single_block_execute(d, op))
                || (enabled!(d, "MultiBlockExecuteInliner") && multi_block_execute(d, op))
        }
        "memref.alloca_scope" => enabled!(d, "AllocaScopeInliner") && inline_alloca_scope(d, op),
        "memref.dim" => enabled!(d, "{ANON}DimOfMemRefReshape") && dim_of_reshape(d, op),
        "memref.copy" => {
            (enabled!(d, "{ANON}FoldCopyOfCast") && copy_of_cast(d, op))
                || (enabled!(d, "{ANON}FoldEmptyCopy") && empty_or_self_copy(d, op, false))
                || (enabled!(d, "{ANON}FoldSelfCopy") && empty_or_self_copy(d, op, true))
        }
        "memref.subview" => super::views::apply(d, op),
        "memref.view" => super::views::apply_view(d, op),
        "memref.expand_shape" | "memref.collapse_shape" => super::views::apply_reshape(d, op),
        "vector.create_mask" => {
            enabled!(d, "{ANON}CreateMaskFolder") && constant_create_mask(d, op)
        }
        "cf.assert" | "cf.br" | "cf.cond_br" | "cf.switch" => super::cf::apply(d, op),
        _ => false,
    }
}

/// MLIR's C++ class of the op `name`, as its template patterns' debug
/// names spell it (`""` for the ops without such patterns).
fn class_of(name: &str) -> &'static str {
    match name {
        "affine.apply" => "mlir::affine::AffineApplyOp",
        "affine.load" => "mlir::affine::AffineLoadOp",
        "affine.store" => "mlir::affine::AffineStoreOp",
        "affine.vector_load" => "mlir::affine::AffineVectorLoadOp",
        "affine.vector_store" => "mlir::affine::AffineVectorStoreOp",
        "affine.prefetch" => "mlir::affine::AffinePrefetchOp",
        "affine.min" => "mlir::affine::AffineMinOp",
        "affine.max" => "mlir::affine::AffineMaxOp",
        "memref.alloc" => "mlir::memref::AllocOp",
        "memref.alloca" => "mlir::memref::AllocaOp",
        _ => "",
    }
}

/// Where the map operands of an affine op start.
fn map_operands_start(name: &str) -> usize {
    match name {
        "affine.load" | "affine.vector_load" | "affine.prefetch" => 1,
        "affine.store" | "affine.vector_store" => 2,
        _ => 0,
    }
}

fn map_of(m: &Module, op: OpId) -> Option<AffineMap> {
    match m.ops[op].attr("map") {
        Some(Attribute::AffineMap(map)) => Some(map.clone()),
        _ => None,
    }
}

/// After an op was rebuilt in place (as MLIR replaces it by a new op):
/// it and the users of its results go back on the worklist.
fn rebuilt(d: &mut Driver, op: OpId) {
    d.modified(op);
    for r in d.m.ops[op].results.clone() {
        for u in d.users(r) {
            d.push(u);
        }
    }
}

/// `SimplifyAffineOp`: the `affine.apply` producers of the map operands
/// composed into the map, the map and operands canonicalized.
fn simplify_affine_op(d: &mut Driver, op: OpId) -> bool {
    let Some(map) = map_of(d.m, op) else {
        return false;
    };
    let start = map_operands_start(&d.m.ops[op].name);
    let operands = d.m.ops[op].operands[start..].to_vec();
    if operands.len() != map.num_inputs() as usize {
        return false;
    }
    let (composed, composed_operands) = compose_map(d.m, &map, &operands);
    let (new_map, new_operands) = canonicalize_map(d.m, &composed, &composed_operands);
    let new_map = simplify_map_with_operands(d.m, &new_map.simplify(), &new_operands);
    // An access takes only valid symbols as symbols (`affine.apply`,
    // `min` and `max` take any, as MLIR lets them).
    let (new_map, new_operands) = if matches!(
        d.m.ops[op].name.as_str(),
        "affine.apply" | "affine.min" | "affine.max"
    ) {
        (new_map, new_operands)
    } else {
        legal_symbols_map(d.m, &new_map, &new_operands)
    };
    if new_map == map && new_operands == operands {
        return false;
    }
    d.m.set_prop(op, "map", Attribute::AffineMap(new_map));
    d.m.ops[op].operands.truncate(start);
    d.m.ops[op].operands.extend(new_operands);
    // MLIR builds a new op from the memref, map and operands (and a
    // prefetch's flags): discardable attributes do not survive.
    d.m.ops[op].attrs.clear();
    rebuilt(d, op);
    true
}

/// `DeduplicateAffineMinMaxExpressions`.
fn deduplicate_min_max(d: &mut Driver, op: OpId) -> bool {
    let Some(map) = map_of(d.m, op) else {
        return false;
    };
    let mut kept: Vec<AffineExpr> = Vec::new();
    for e in map.results() {
        if !kept.contains(e) {
            kept.push(e.clone());
        }
    }
    if kept.len() == map.results().len() {
        return false;
    }
    let Ok(new_map) = AffineMap::new(map.num_dims(), map.num_symbols(), kept) else {
        return false;
    };
    d.m.set_prop(op, "map", Attribute::AffineMap(new_map));
    rebuilt(d, op);
    true
}

/// `MergeAffineMinMaxOp`: a result of a `min` (`max`) that is an operand
/// alone, produced by another `min` (`max`), is replaced by that op's
/// results, its operands appended (dims after the dims, symbols after the
/// symbols). The producer stays for its other users; operands left unused
/// go with the next `SimplifyAffineOp`.
fn merge_min_max(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let name = m.ops[op].name.clone();
    let Some(map) = map_of(m, op) else {
        return false;
    };
    let operands = m.ops[op].operands.clone();
    let (nd, ns) = (map.num_dims(), map.num_symbols());
    if operands.len() != (nd + ns) as usize {
        return false;
    }
    let producer = |v: Value| m.defining_op(v).filter(|&p| m.ops[p].name == name);
    let mut exprs = Vec::new();
    let mut producers = Vec::new();
    for e in map.results() {
        let from = match e.kind() {
            ExprKind::Symbol(k) => producer(operands[(nd + *k) as usize]),
            ExprKind::Dim(k) => producer(operands[*k as usize]),
            _ => None,
        };
        match from {
            Some(p) => producers.push(p),
            None => exprs.push(e.clone()),
        }
    }
    if producers.is_empty() {
        return false;
    }
    let mut dims = operands[..nd as usize].to_vec();
    let mut symbols = operands[nd as usize..].to_vec();
    let (mut num_dims, mut num_symbols) = (nd, ns);
    for p in producers {
        let Some(pmap) = map_of(m, p) else {
            return false;
        };
        let (pd, ps) = (pmap.num_dims(), pmap.num_symbols());
        let pops = &m.ops[p].operands;
        if pops.len() != (pd + ps) as usize {
            return false;
        }
        dims.extend_from_slice(&pops[..pd as usize]);
        symbols.extend_from_slice(&pops[pd as usize..]);
        for e in pmap.results() {
            exprs.push(
                e.shift_dims(pd, num_dims, 0)
                    .shift_symbols(ps, num_symbols, 0),
            );
        }
        num_dims += pd;
        num_symbols += ps;
    }
    let Ok(new_map) = AffineMap::new(num_dims, num_symbols, exprs) else {
        return false;
    };
    d.m.set_prop(op, "map", Attribute::AffineMap(new_map));
    dims.extend(symbols);
    d.m.ops[op].operands = dims;
    d.m.ops[op].attrs.clear();
    rebuilt(d, op);
    true
}

/// `CanonicalizeSingleResultAffineMinMaxOp`: a `min` or `max` of one
/// expression is an `affine.apply`.
fn single_result_min_max(d: &mut Driver, op: OpId) -> bool {
    if !map_of(d.m, op).is_some_and(|map| map.results().len() == 1) {
        return false;
    }
    d.m.ops[op].name = "affine.apply".into();
    rebuilt(d, op);
    true
}

/// `CanonicalizeAffineMinMaxOpExprAndTermOrder`: the results sorted by
/// their flattened coefficient rows (dims, symbols, constant), when every
/// result is affine without divisions.
fn order_min_max(d: &mut Driver, op: OpId) -> bool {
    let Some(map) = map_of(d.m, op) else {
        return false;
    };
    let mut rows = Vec::new();
    for e in map.results() {
        if !e.is_pure_affine() {
            return false;
        }
        let mut f = Flattener::new(map.num_dims(), map.num_symbols());
        match f.flatten(e) {
            Ok(row) if f.locals().is_empty() => rows.push(row),
            _ => return false,
        }
    }
    if rows.windows(2).all(|w| w[0] <= w[1]) {
        return false;
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| rows[a].cmp(&rows[b]));
    let exprs = order.iter().map(|&i| map.results()[i].clone()).collect();
    let Ok(new_map) = AffineMap::new(map.num_dims(), map.num_symbols(), exprs) else {
        return false;
    };
    d.m.set_prop(op, "map", Attribute::AffineMap(new_map));
    rebuilt(d, op);
    true
}

/// `AffineForEmptyLoopFolder`: a loop with results whose body only
/// yields is its initial values (or the values it yields from outside),
/// when that does not depend on the number of iterations.
fn empty_loop(d: &mut Driver, op: OpId) -> bool {
    let Some(l) = ForLoop::read(d.m, op) else {
        return false;
    };
    let body = &d.m.blocks[l.body];
    if body.ops.len() != 1 || d.m.ops[op].results.is_empty() {
        return false;
    }
    let yield_op = body.ops[0];
    let iter_args: Vec<Value> = body.args[1..].to_vec();
    let trips = match (l.lower.as_constant(), l.upper.as_constant()) {
        (Some(lb), Some(ub)) => {
            // In i128: `span + step - 1` overflows i64 near its limits.
            let span = (i128::from(ub) - i128::from(lb)).max(0);
            let step = i128::from(l.step);
            Some(i64::try_from((span + step - 1) / step).unwrap_or(i64::MAX))
        }
        _ => None,
    };
    if trips == Some(0) {
        d.replace_op(op, &l.inits);
        return true;
    }
    let iv = body.args[0];
    // The induction variable's last value, for a yield of it: only with
    // constant bounds (MLIR 19 crashes on such a loop; later MLIR folds
    // it to this constant).
    let last_iv = match (trips, l.lower.as_constant()) {
        (Some(t), Some(lb)) => {
            i64::try_from(i128::from(lb) + i128::from(t - 1) * i128::from(l.step)).ok()
        }
        _ => None,
    };
    let yielded = d.m.ops[yield_op].operands.clone();
    if yielded.contains(&iv) && last_iv.is_none() {
        return false;
    }
    let mut replacements = Vec::new();
    let (mut outside, mut out_of_order) = (false, false);
    for (i, &v) in yielded.iter().enumerate() {
        match iter_args.iter().position(|&a| a == v) {
            Some(pos) => {
                out_of_order |= pos != i;
                replacements.push(l.inits[pos]);
            }
            None if v == iv => replacements.push(v),
            None => {
                outside = true;
                replacements.push(v);
            }
        }
    }
    if trips.is_none() && (outside || out_of_order) {
        return false;
    }
    if trips.is_some_and(|t| t >= 2) && out_of_order {
        return false;
    }
    if let Some(last) = last_iv.filter(|_| yielded.contains(&iv)) {
        let c = d.constant_before(op, Attribute::index(last), Type::Index);
        for r in replacements.iter_mut().filter(|r| **r == iv) {
            *r = c;
        }
    }
    d.replace_op(op, &replacements);
    true
}

/// `SimplifyDeadElse`: an `else` block holding only its terminator goes
/// (for an `affine.if` without results).
fn simplify_dead_else(d: &mut Driver, op: OpId) -> bool {
    let data = &d.m.ops[op];
    if !data.results.is_empty() {
        return false;
    }
    let Some(&r) = data.regions.get(1) else {
        return false;
    };
    match d.m.regions[r].blocks.as_slice() {
        [b] if d.m.blocks[*b].ops.len() <= 1 => {}
        _ => return false,
    }
    d.m.regions[r].blocks.clear();
    d.modified(op);
    true
}

/// `AlwaysTrueOrFalseIf`: a condition that is the set `0 == 0` runs the
/// `then` block in place of the op, the empty set `1 == 0` the `else`
/// block (or nothing).
fn always_true_or_false_if(d: &mut Driver, op: OpId) -> bool {
    let Some(Attribute::IntegerSet(set)) = d.m.ops[op].attr("condition").cloned() else {
        return false;
    };
    let only = |c: i64| {
        matches!(set.constraints(), [Constraint { expr, kind: ConstraintKind::Eq }]
            if expr.as_constant() == Some(c))
    };
    let region = if only(0) {
        0
    } else if only(1) {
        if d.m.ops[op].results.is_empty()
            && d.m.ops[op]
                .regions
                .get(1)
                .map_or(true, |&r| d.m.regions[r].blocks.is_empty())
        {
            d.erase(op);
            return true;
        }
        1
    } else {
        return false;
    };
    inline_region(d, op, region, &[])
}

/// `SimplifyDeadAlloc`: an allocation used only by `memref.store`s into
/// it and `memref.dealloc`s goes, with them.
fn dead_alloc(d: &mut Driver, op: OpId) -> bool {
    let Some(&buffer) = d.m.ops[op].results.first() else {
        return false;
    };
    let users = d.users(buffer);
    let only_stores = users.iter().all(|&u| {
        let data = &d.m.ops[u];
        match data.name.as_str() {
            "memref.store" => data.operands[0] != buffer,
            "memref.dealloc" => true,
            _ => false,
        }
    });
    if !only_stores {
        return false;
    }
    for u in users {
        d.erase(u);
    }
    d.erase(op);
    true
}

/// `SimplifyAllocConst`: dynamic sizes given by non-negative constants
/// become static, the new allocation cast back to the old type.
fn constant_sizes(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let data = &m.ops[op];
    let Some(&result) = data.results.first() else {
        return false;
    };
    let Type::MemRef {
        shape,
        elem,
        layout,
        space,
    } = m.value_type(result).clone()
    else {
        return false;
    };
    let dynamic = shape.iter().filter(|&&s| s < 0).count();
    // (the dynamic sizes, then the symbol operands of the layout)
    let Some((dims, symbols)) = data.operands.split_at_checked(dynamic) else {
        return false;
    };
    let size = |v: Value| match constant_attr(m, v) {
        Some(Attribute::Integer { value, .. }) if *value >= 0 => Some(*value),
        _ => None,
    };
    if !dims.iter().any(|&v| size(v).is_some()) {
        return false;
    }
    let mut new_shape = Vec::new();
    let mut sizes = Vec::new();
    let mut next = dims.iter();
    for &s in &shape {
        if s >= 0 {
            new_shape.push(s);
            continue;
        }
        let Some(&v) = next.next() else {
            return false;
        };
        match size(v) {
            Some(c) => new_shape.push(c),
            None => {
                new_shape.push(s);
                sizes.push(v);
            }
        }
    }
    let new_type = Type::MemRef {
        shape: new_shape,
        elem,
        layout,
        space,
    };
    let (name, loc, props) = (data.name.clone(), data.loc, data.props.clone());
    let old_type = m.value_type(result).clone();
    let symbols = symbols.to_vec();
    let operands = [sizes.as_slice(), &symbols].concat();
    let new = d.m.create_op(&name, &operands, &[new_type], loc);
    d.m.ops[new].props = props;
    if d.m.ops[new].attr("operandSegmentSizes").is_some() {
        d.m.set_prop(
            new,
            "operandSegmentSizes",
            Attribute::DenseArray {
                elem: Type::Integer(32),
                values: vec![sizes.len() as i64, symbols.len() as i64],
            },
        );
    }
    d.insert_before(op, new);
    let allocated = d.m.ops[new].results[0];
    let cast = d.m.create_op("memref.cast", &[allocated], &[old_type], loc);
    d.insert_before(op, cast);
    let cast_result = d.m.ops[cast].results[0];
    d.replace_op(op, &[cast_result]);
    true
}

/// `RedundantSelectFalse` and `RedundantSelectTrue`: a `select` on the
/// same condition as the `select` producing one of its branches takes
/// that select's branch directly.
fn redundant_select(d: &mut Driver, op: OpId) -> bool {
    let on_false = enabled!(d, "{ANON}RedundantSelectFalse");
    let on_true = enabled!(d, "{ANON}RedundantSelectTrue");
    let m = &*d.m;
    let [c, t, f] = m.ops[op].operands[..] else {
        return false;
    };
    let inner = |v: Value| {
        let def = m.defining_op(v)?;
        let data = &m.ops[def];
        (data.name == "arith.select" && data.operands[0] == c)
            .then(|| (data.operands[1], data.operands[2]))
    };
    let (nt, nf) = if let Some((_, inner_f)) = inner(f).filter(|_| on_false) {
        (t, inner_f)
    } else if let Some((inner_t, _)) = inner(t).filter(|_| on_true) {
        (inner_t, f)
    } else {
        return false;
    };
    rebuild_select(d, op, c, nt, nf)
}

/// A new `select(c, t, f)` in place of `op`.
fn rebuild_select(d: &mut Driver, op: OpId, c: Value, t: Value, f: Value) -> bool {
    let ty = d.m.value_type(d.m.ops[op].results[0]).clone();
    let loc = d.m.ops[op].loc;
    let new = d.m.create_op("arith.select", &[c, t, f], &[ty], loc);
    d.insert_before(op, new);
    let result = d.m.ops[new].results[0];
    d.replace_op(op, &[result]);
    true
}

/// `SelectNotCond`: `select(xori(p, -1), a, b)` is `select(p, b, a)`;
/// `SelectI1ToNot`: `select(p, false, true)` is `xori(p, true)`.
fn select_not(d: &mut Driver, op: OpId) -> bool {
    let on_not_cond = enabled!(d, "{ANON}SelectNotCond");
    let on_to_not = enabled!(d, "{ANON}SelectI1ToNot");
    let m = &*d.m;
    let [c, t, f] = m.ops[op].operands[..] else {
        return false;
    };
    let xori = m
        .defining_op(c)
        .filter(|&x| on_not_cond && m.ops[x].name == "arith.xori");
    if let Some(def) = xori {
        let (p, ones) = (m.ops[def].operands[0], m.ops[def].operands[1]);
        let all_ones = int_width(m.value_type(ones))
            .is_some_and(|w| constant_bits(m, ones).is_some_and(|b| signed(b, w) == -1));
        if all_ones {
            return rebuild_select(d, op, p, f, t);
        }
    }
    let ty = m.value_type(m.ops[op].results[0]).clone();
    if on_to_not
        && ty == Type::Integer(1)
        && constant_bits(m, t) == Some(0)
        && constant_bits(m, f) == Some(1)
    {
        let loc = m.ops[op].loc;
        let one = d.constant_before(op, Attribute::Bool(true), Type::Integer(1));
        let not =
            d.m.create_op("arith.xori", &[c, one], &[Type::Integer(1)], loc);
        d.insert_before(op, not);
        let result = d.m.ops[not].results[0];
        d.replace_op(op, &[result]);
        return true;
    }
    false
}

/// `SelectToExtUI`: `select(c, 1, 0)` is `extui(c)`, `select(c, 0, 1)`
/// is `extui(xori(c, true))`, for integers wider than `i1`.
fn select_to_extui(d: &mut Driver, op: OpId) -> bool {
    if !enabled!(d, "SelectToExtUI") {
        return false;
    }
    let m = &*d.m;
    let [c, t, f] = m.ops[op].operands[..] else {
        return false;
    };
    let ty = m.value_type(m.ops[op].results[0]).clone();
    if !matches!(ty, Type::Integer(w) if w > 1) {
        return false;
    }
    let (tv, fv) = (constant_bits(m, t), constant_bits(m, f));
    let loc = m.ops[op].loc;
    let condition = match (tv, fv) {
        (Some(1), Some(0)) => c,
        (Some(0), Some(1)) => {
            let one = d.constant_before(op, Attribute::Bool(true), Type::Integer(1));
            let not =
                d.m.create_op("arith.xori", &[c, one], &[Type::Integer(1)], loc);
            d.insert_before(op, not);
            d.m.ops[not].results[0]
        }
        _ => return false,
    };
    let ext = d.m.create_op("arith.extui", &[condition], &[ty], loc);
    d.insert_before(op, ext);
    let result = d.m.ops[ext].results[0];
    d.replace_op(op, &[result]);
    true
}

/// MLIR's `replaceOpWithRegion`: the single block of `region` of `op`
/// inlined before `op` (its arguments replaced by `args`), the operands
/// of its terminator replacing the results of `op`.
fn inline_region(d: &mut Driver, op: OpId, region: usize, args: &[Value]) -> bool {
    let Some(&r) = d.m.ops[op].regions.get(region) else {
        return false;
    };
    let Some(&block) = d.m.regions[r].blocks.first() else {
        return false;
    };
    let params = d.m.blocks[block].args.clone();
    if params.len() != args.len() {
        return false;
    }
    for (&p, &a) in params.iter().zip(args) {
        d.replace_uses(p, a);
    }
    let ops = d.m.blocks[block].ops.clone();
    let Some((&terminator, body)) = ops.split_last() else {
        return false;
    };
    for &o in body {
        d.m.detach_op(o);
        d.insert_before(op, o);
    }
    let yielded = d.m.ops[terminator].operands.clone();
    d.replace_op(op, &yielded);
    true
}

/// `CreateMaskFolder`: a `vector.create_mask` of constants is a
/// `vector.constant_mask` of the sizes clamped to the vector's (all zero
/// when one is not positive).
fn constant_create_mask(d: &mut Driver, op: OpId) -> bool {
    let data = &d.m.ops[op];
    let (Some(&r), loc) = (data.results.first(), data.loc) else {
        return false;
    };
    let Type::Vector { shape, .. } = d.m.value_type(r).clone() else {
        return false;
    };
    let Some(sizes) = data
        .operands
        .iter()
        .map(|&v| constant_bits(d.m, v).map(|b| b as i64))
        .collect::<Option<Vec<i64>>>()
    else {
        return false;
    };
    if sizes.len() != shape.len() {
        return false;
    }
    let empty = sizes.iter().any(|&s| s <= 0);
    let clamped: Vec<Attribute> = sizes
        .iter()
        .zip(&shape)
        .map(|(&s, &dim)| Attribute::Integer {
            value: if empty { 0 } else { s.min(dim) },
            ty: Type::Integer(64),
        })
        .collect();
    let ty = d.m.value_type(r).clone();
    let new = d.m.create_op("vector.constant_mask", &[], &[ty], loc);
    d.m.set_prop(new, "mask_dim_sizes", Attribute::Array(clamped));
    d.insert_before(op, new);
    let v = d.m.ops[new].results[0];
    d.replace_op(op, &[v]);
    true
}

/// `AllocaScopeInliner`: a scope with no `memref.alloca` (outside nested
/// scopes) is its body; with one, only when its parent is an allocation
/// scope (a function or a scope) and it is the last op before the
/// terminator, so no allocation lives longer.
fn inline_alloca_scope(d: &mut Driver, op: OpId) -> bool {
    fn has_alloca(m: &Module, op: OpId) -> bool {
        m.ops[op].regions.iter().any(|&r| {
            m.regions[r].blocks.iter().any(|&b| {
                m.blocks[b].ops.iter().any(|&o| {
                    let name = m.ops[o].name.as_str();
                    name == "memref.alloca" || (name != "memref.alloca_scope" && has_alloca(m, o))
                })
            })
        })
    }
    let m = &*d.m;
    let single = m.ops[op]
        .regions
        .first()
        .is_some_and(|&r| m.regions[r].blocks.len() == 1);
    if !single {
        return false;
    }
    if has_alloca(m, op) {
        let parent_scope = m
            .parent_op(op)
            .is_some_and(|p| matches!(m.ops[p].name.as_str(), "func.func" | "memref.alloca_scope"));
        let last = m.ops[op].parent.is_some_and(|b| {
            let ops = &m.blocks[b].ops;
            ops.len() >= 2 && ops[ops.len() - 2] == op
        });
        if !parent_scope || !last {
            return false;
        }
    }
    inline_region(d, op, 0, &[])
}

/// `SingleBlockExecuteInliner`: an `scf.execute_region` of one block is
/// its body.
fn single_block_execute(d: &mut Driver, op: OpId) -> bool {
    let single = d.m.ops[op]
        .regions
        .first()
        .is_some_and(|&r| d.m.regions[r].blocks.len() == 1);
    single && inline_region(d, op, 0, &[])
}

/// `MultiBlockExecuteInliner`: the blocks of an `scf.execute_region`
/// whose parent is a function (or another `scf.execute_region`) join the
/// parent's region: its block is split at the op, branches to the
/// region's entry, and the region's yields branch to the rest, which takes
/// the results as arguments.
fn multi_block_execute(d: &mut Driver, op: OpId) -> bool {
    let parent_ok = d
        .m
        .parent_op(op)
        .is_some_and(|p| matches!(d.m.ops[p].name.as_str(), "func.func" | "scf.execute_region"));
    let (Some(prev), Some(&inner)) = (d.m.ops[op].parent, d.m.ops[op].regions.first()) else {
        return false;
    };
    let (Some(outer), Some(&entry)) = (d.m.blocks[prev].parent, d.m.regions[inner].blocks.first())
    else {
        return false;
    };
    if !parent_ok {
        return false;
    }
    let loc = d.m.ops[op].loc;
    // The ops after `op` go to a new block, right after `prev`.
    let at = d.m.blocks[prev].ops.iter().position(|&o| o == op);
    let tail = at.map_or_else(Vec::new, |i| d.m.blocks[prev].ops.split_off(i + 1));
    let post = d.m.add_block(outer, &[], loc);
    d.m.regions[outer].blocks.pop();
    for &o in &tail {
        d.m.ops[o].parent = Some(post);
    }
    d.m.blocks[post].ops = tail;
    let branch = d.m.create_op("cf.br", &[], &[], loc);
    d.m.ops[branch].successors = vec![entry];
    d.append_new(prev, branch);
    let blocks = std::mem::take(&mut d.m.regions[inner].blocks);
    for &b in &blocks {
        let Some(&y) = d.m.blocks[b].ops.last() else {
            continue;
        };
        if d.m.ops[y].name == "scf.yield" {
            let operands = d.m.ops[y].operands.clone();
            let to_post = d.m.create_op("cf.br", &operands, &[], d.m.ops[y].loc);
            d.m.ops[to_post].successors = vec![post];
            d.insert_before(y, to_post);
            d.erase(y);
        }
    }
    let Some(index) = d.m.regions[outer].blocks.iter().position(|&b| b == prev) else {
        return false;
    };
    for &b in &blocks {
        d.m.blocks[b].parent = Some(outer);
    }
    let mut order = blocks;
    order.push(post);
    d.m.regions[outer]
        .blocks
        .splice(index + 1..index + 1, order);
    let results = d.m.ops[op].results.clone();
    let args: Vec<Value> = results
        .iter()
        .map(|&r| {
            let ty = d.m.value_type(r).clone();
            d.m.add_block_arg(post, ty, loc)
        })
        .collect();
    d.replace_op(op, &args);
    true
}

/// `ForOpIterArgsFolder` of `scf.for` (MLIR 19): an `iter_arg` the body
/// yields unchanged, or one the body does not use while the loop yields
/// its initial value or its result is unused, is its initial value; the
/// loop keeps the others, in order.
fn scf_iter_args(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let operands = m.ops[op].operands.clone();
    let Some(inits) = operands.get(3..).map(<[Value]>::to_vec) else {
        return false;
    };
    if inits.is_empty() {
        return false;
    }
    let Some((block, term)) = block_and_terminator(m, op, 0) else {
        return false;
    };
    let args = m.blocks[block].args.clone();
    let yielded = m.ops[term].operands.clone();
    let results = m.ops[op].results.clone();
    if args.len() != inits.len() + 1 || yielded.len() != inits.len() || results.len() != inits.len()
    {
        return false;
    }
    let forwarded: Vec<bool> = (0..inits.len())
        .map(|k| {
            let arg = args[k + 1];
            arg == yielded[k]
                || (!d.has_uses(arg) && (inits[k] == yielded[k] || !d.has_uses(results[k])))
        })
        .collect();
    if !forwarded.contains(&true) {
        return false;
    }
    for k in (0..inits.len()).filter(|&k| forwarded[k]) {
        d.replace_uses(args[k + 1], inits[k]);
        d.replace_uses(results[k], inits[k]);
    }
    let keep_args: Vec<bool> = std::iter::once(true)
        .chain(forwarded.iter().map(|f| !f))
        .collect();
    super::liveness::erase_block_args(d, block, &keep_args);
    let kept = |list: &[Value]| -> Vec<Value> {
        list.iter()
            .zip(&forwarded)
            .filter(|(_, f)| !**f)
            .map(|(&v, _)| v)
            .collect()
    };
    d.m.ops[term].operands = kept(&yielded);
    d.m.ops[op].operands = operands[..3].iter().copied().chain(kept(&inits)).collect();
    let new_results = kept(&results);
    for (index, &r) in new_results.iter().enumerate() {
        d.m.values[r].def = tessera_ir::ir::ValueDef::OpResult {
            op,
            index: index as u32,
        };
    }
    d.m.ops[op].results = new_results;
    d.modified(term);
    rebuilt(d, op);
    true
}

/// `SimplifyTrivialLoops` of `scf.for`: a loop that never runs is its
/// initial values, one that runs once is its body, an empty one that runs
/// is the values it yields from outside.
fn trivial_scf_loop(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let operands = m.ops[op].operands.clone();
    let [lb, ub, step, ref inits @ ..] = operands[..] else {
        return false;
    };
    let inits = inits.to_vec();
    if lb == ub {
        d.replace_op(op, &inits);
        return true;
    }
    let constant = |v: Value| match constant_attr(m, v) {
        Some(Attribute::Integer { value, .. }) => Some(*value),
        _ => None,
    };
    let diff = match (constant(lb), constant(ub)) {
        (Some(l), Some(u)) => u.checked_sub(l),
        _ => m
            .defining_op(ub)
            .filter(|&a| m.ops[a].name == "arith.addi" && m.ops[a].operands[0] == lb)
            .and_then(|a| constant(m.ops[a].operands[1])),
    };
    let Some(diff) = diff else {
        return false;
    };
    if diff <= 0 {
        d.replace_op(op, &inits);
        return true;
    }
    let Some(step) = constant(step) else {
        return false;
    };
    if step >= diff {
        let mut args = vec![lb];
        args.extend(inits);
        return inline_region(d, op, 0, &args);
    }
    let Some(&r) = m.ops[op].regions.first() else {
        return false;
    };
    let Some(&block) = m.regions[r].blocks.first() else {
        return false;
    };
    if m.blocks[block].ops.len() != 1 {
        return false;
    }
    let yielded = m.ops[m.blocks[block].ops[0]].operands.clone();
    if yielded.iter().any(|&v| m.value_block(v) == Some(block)) {
        return false;
    }
    d.replace_op(op, &yielded);
    true
}

/// The single block of region `region` of `op`, with its terminator.
fn block_and_terminator(
    m: &Module,
    op: OpId,
    region: usize,
) -> Option<(tessera_ir::BlockId, OpId)> {
    let r = *m.ops[op].regions.get(region)?;
    let b = *m.regions[r].blocks.first()?;
    Some((b, *m.blocks[b].ops.last()?))
}

/// Whether `v` is defined inside the region `region` of `op`.
fn defined_in_region(m: &Module, v: Value, op: OpId, region: usize) -> bool {
    let Some(&r) = m.ops[op].regions.get(region) else {
        return false;
    };
    m.value_block(v)
        .is_some_and(|b| m.blocks[b].parent == Some(r))
}

/// `ConvertTrivialIfToSelect`: the results of an `scf.if` yielded from
/// outside it become `arith.select`s (or the value itself when both
/// branches yield it); the `scf.if` keeps the others.
fn trivial_if_to_select(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    if m.ops[op].results.is_empty() {
        return false;
    }
    let (Some((_, then_yield)), Some((_, else_yield))) = (
        block_and_terminator(m, op, 0),
        block_and_terminator(m, op, 1),
    ) else {
        return false;
    };
    let cond = m.ops[op].operands[0];
    let pairs: Vec<(Value, Value)> = m.ops[then_yield]
        .operands
        .iter()
        .copied()
        .zip(m.ops[else_yield].operands.iter().copied())
        .collect();
    let inside =
        |(t, f): (Value, Value)| defined_in_region(m, t, op, 0) || defined_in_region(m, f, op, 1);
    let kept: Vec<usize> = (0..pairs.len()).filter(|&i| inside(pairs[i])).collect();
    if kept.len() == pairs.len() {
        return false;
    }
    let loc = m.ops[op].loc;
    let old_results = m.ops[op].results.clone();
    let kept_types: Vec<Type> = kept
        .iter()
        .map(|&i| m.value_type(old_results[i]).clone())
        .collect();
    // The new `scf.if` takes the regions, yielding the kept values only.
    let new = d.m.create_op("scf.if", &[cond], &kept_types, loc);
    d.m.ops[new].regions = std::mem::take(&mut d.m.ops[op].regions);
    for &r in &d.m.ops[new].regions.clone() {
        d.m.regions[r].parent = Some(new);
    }
    for y in [then_yield, else_yield] {
        let operands: Vec<Value> = kept.iter().map(|&i| d.m.ops[y].operands[i]).collect();
        d.m.ops[y].operands = operands;
    }
    d.insert_before(op, new);
    let new_results = d.m.ops[new].results.clone();
    let mut results = Vec::new();
    let mut next = new_results.iter();
    for (i, &(t, f)) in pairs.iter().enumerate() {
        if kept.contains(&i) {
            results.push(*next.next().expect("one result per kept value"));
        } else if t == f {
            results.push(t);
        } else {
            let ty = d.m.value_type(t).clone();
            let select = d.m.create_op("arith.select", &[cond, t, f], &[ty], loc);
            d.insert_before(new, select);
            results.push(d.m.ops[select].results[0]);
        }
    }
    d.replace_op(op, &results);
    true
}

/// `RemoveEmptyElseBranch`: the `else` of an `scf.if` without results
/// that only yields goes.
fn remove_empty_else(d: &mut Driver, op: OpId) -> bool {
    if !d.m.ops[op].results.is_empty() {
        return false;
    }
    let Some(&r) = d.m.ops[op].regions.get(1) else {
        return false;
    };
    match d.m.regions[r].blocks.as_slice() {
        [b] if d.m.blocks[*b].ops.len() == 1 => {}
        _ => return false,
    }
    d.m.regions[r].blocks.clear();
    d.modified(op);
    true
}

/// `RemoveStaticCondition`: an `scf.if` on a constant is the branch taken
/// (or nothing).
fn static_condition(d: &mut Driver, op: OpId) -> bool {
    let Some(Attribute::Bool(c)) = constant_attr(d.m, d.m.ops[op].operands[0]).cloned() else {
        return false;
    };
    if c {
        return inline_region(d, op, 0, &[]);
    }
    let has_else = d.m.ops[op]
        .regions
        .get(1)
        .is_some_and(|&r| !d.m.regions[r].blocks.is_empty());
    if has_else {
        inline_region(d, op, 1, &[])
    } else {
        d.erase(op);
        true
    }
}

/// An `arith.addi`, `subi` or `muli` producing `v`, with its operands,
/// when it carries no overflow flags.
fn producer(m: &Module, v: Value, name: &str) -> Option<(Value, Value)> {
    let def = m.defining_op(v)?;
    let data = &m.ops[def];
    (data.name == name && no_overflow_flags(m, def)).then(|| (data.operands[0], data.operands[1]))
}

fn no_overflow_flags(m: &Module, op: OpId) -> bool {
    match m.ops[op].attr("overflowFlags") {
        None => true,
        Some(Attribute::Opaque(s)) => s == "arith.overflow<none>",
        Some(_) => false,
    }
}

/// `AddUIExtendedToAddI`, `MulSIExtendedToMulI`, `MulUIExtendedToMulI`:
/// an extended op whose second result (the carry, the high half) is
/// unused becomes the plain `plain` op (no overflow flags); the unused
/// result is replaced by the left operand, as MLIR's patterns do.
fn extended_to_plain(d: &mut Driver, op: OpId, plain: &str) -> bool {
    let m = &*d.m;
    let ([x, y], [lo, hi]) = (&m.ops[op].operands[..], &m.ops[op].results[..]) else {
        return false;
    };
    if d.has_uses(*hi) {
        return false;
    }
    let (x, y, lo) = (*x, *y, *lo);
    let ty = m.value_type(lo).clone();
    let loc = m.ops[op].loc;
    let new = d.m.create_op(plain, &[x, y], &[ty], loc);
    d.m.set_prop(
        new,
        "overflowFlags",
        Attribute::Opaque("arith.overflow<none>".into()),
    );
    d.insert_before(op, new);
    let result = d.m.ops[new].results[0];
    d.replace_op(op, &[result, x]);
    true
}

/// `MulFOfNegF`, `DivFOfNegF`: `mulf(negf(x), negf(y))` is `mulf(x, y)`
/// for `x`, `y` of one type (`divf` alike), with the root's fast-math
/// flags.
fn operands_unnegated(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let [l, r] = m.ops[op].operands[..] else {
        return false;
    };
    let unnegated = |v: Value| {
        m.defining_op(v)
            .filter(|&o| m.ops[o].name == "arith.negf")
            .and_then(|o| m.ops[o].operands.first().copied())
    };
    let (Some(x), Some(y)) = (unnegated(l), unnegated(r)) else {
        return false;
    };
    if m.value_type(x) != m.value_type(y) {
        return false;
    }
    let name = m.ops[op].name.clone();
    let ty = m.value_type(m.ops[op].results[0]).clone();
    let fastmath = m.ops[op].attr("fastmath").cloned();
    let loc = d.matched_loc(op, &[l, r]);
    let new = d.m.create_op(&name, &[x, y], &[ty], loc);
    if let Some(flags) = fastmath {
        d.m.set_prop(new, "fastmath", flags);
    }
    d.replace_op_with(op, new);
    true
}

/// `DimOfMemRefReshape`: a `memref.dim` of a `memref.reshape` is a load
/// of the shape operand, right after the reshape (before anything stores
/// to the shape), cast to `index` if need be. mlir-opt also moves the load
/// out of a region the `dim` is in, where it may run with an index out of
/// bounds that the program never used; tessera applies it only to a `dim`
/// in the reshape's block or with a constant index within the shape.
fn dim_of_reshape(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let [src, index] = m.ops[op].operands[..] else {
        return false;
    };
    let Some(reshape) = m
        .defining_op(src)
        .filter(|&r| m.ops[r].name == "memref.reshape")
    else {
        return false;
    };
    let Some(&shape) = m.ops[reshape].operands.get(1) else {
        return false;
    };
    let block = m.ops[reshape].parent;
    // Whether the index is available right after the reshape: defined
    // before it in its block, in a block of its region that the `dim` in
    // the reshape's block shows dominates it, or in an enclosing region.
    let same_block = m.ops[op].parent == block;
    let index_before = match (m.value_block(index), m.defining_op(index)) {
        (b, Some(def)) if b == block => {
            let ops = block.map(|b| &m.blocks[b].ops);
            let at = |o: OpId| ops.and_then(|ops| ops.iter().position(|&x| x == o));
            matches!((at(def), at(reshape)), (Some(i), Some(r)) if i < r)
        }
        (b, None) if b == block => true,
        (Some(b), _) => {
            let region = m.blocks[b].parent;
            if block.and_then(|r| m.blocks[r].parent) == region {
                same_block
            } else {
                let mut cur = reshape;
                let mut enclosing = false;
                while let Some(p) = m.parent_op(cur) {
                    if m.ops[p].regions.iter().any(|&r| Some(r) == region) {
                        enclosing = true;
                        break;
                    }
                    cur = p;
                }
                enclosing
            }
        }
        _ => false,
    };
    let in_bounds = m.constant_int(index).is_some_and(|i| {
        m.value_type(shape)
            .shape()
            .and_then(|s| s.first().copied())
            .is_some_and(|n| n != tessera_ir::types::DYNAMIC && (0..n).contains(&i))
    });
    if !index_before || !(same_block || in_bounds) {
        return false;
    }
    let loc = m.ops[op].loc;
    let elem = m.value_type(shape).element_type().cloned();
    let Some(elem) = elem else {
        return false;
    };
    let load = d.m.create_op(
        "memref.load",
        &[shape, index],
        std::slice::from_ref(&elem),
        loc,
    );
    // (MLIR's builder sets the default property)
    d.m.set_prop(load, "nontemporal", Attribute::Bool(false));
    crate::loops::insert_after(d.m, reshape, load);
    d.record_inserted(load);
    let mut value = d.m.ops[load].results[0];
    if elem != Type::Index {
        let cast =
            d.m.create_op("arith.index_cast", &[value], &[Type::Index], loc);
        crate::loops::insert_after(d.m, load, cast);
        d.record_inserted(cast);
        value = d.m.ops[cast].results[0];
    }
    d.replace_op(op, &[value]);
    true
}

/// `FoldCopyOfCast`: a `memref.copy` from or to a `memref.cast` of a
/// ranked memref uses the cast's source (mlir-opt 19 compares the cast's
/// source type with itself, so every such cast folds).
fn copy_of_cast(d: &mut Driver, op: OpId) -> bool {
    let mut changed = false;
    for k in 0..2 {
        let Some(&v) = d.m.ops[op].operands.get(k) else {
            return false;
        };
        let source =
            d.m.defining_op(v)
                .filter(|&c| d.m.ops[c].name == "memref.cast")
                .and_then(|c| d.m.ops[c].operands.first().copied())
                .filter(|&s| matches!(d.m.value_type(s), Type::MemRef { .. }));
        if let Some(s) = source {
            d.m.ops[op].operands[k] = s;
            changed = true;
        }
    }
    if changed {
        d.modified(op);
    }
    changed
}

/// `FoldEmptyCopy` (`self_copy` false): a `memref.copy` from or to a
/// memref with a size of 0 goes; `FoldSelfCopy`: so does a copy of a
/// memref to itself.
fn empty_or_self_copy(d: &mut Driver, op: OpId, self_copy: bool) -> bool {
    let [from, to] = d.m.ops[op].operands[..] else {
        return false;
    };
    let empty = |v: Value| d.m.value_type(v).shape().is_some_and(|s| s.contains(&0));
    let goes = if self_copy {
        from == to
    } else {
        empty(from) || empty(to)
    };
    if goes {
        d.erase(op);
    }
    goes
}

/// `SimplifyIndirectCallWithKnownCallee`: a `func.call_indirect` of a
/// `func.constant` is a `func.call` of that function.
fn call_of_known_callee(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let Some((&callee, args)) = m.ops[op].operands.split_first() else {
        return false;
    };
    let Some(def) = m.defining_op(callee) else {
        return false;
    };
    let Some(function @ Attribute::SymbolRef(_)) = m.ops[def].attr("value").cloned() else {
        return false;
    };
    if m.ops[def].name != "func.constant" {
        return false;
    }
    let args = args.to_vec();
    let results = m.ops[op].results.clone();
    let types: Vec<Type> = results.iter().map(|&r| m.value_type(r).clone()).collect();
    let loc = m.ops[op].loc;
    let call = d.m.create_op("func.call", &args, &types, loc);
    d.m.set_prop(call, "callee", function);
    d.insert_before(op, call);
    let new_results = d.m.ops[call].results.clone();
    d.replace_op(op, &new_results);
    true
}

/// `MulSIExtendedRHSOne`: `mulsi_extended(x, 1)` is `x` and the sign of
/// `x` spread over the high half (`extsi(cmpi slt, x, 0)`).
fn mulsi_extended_by_one(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let ([x, one], [lo, _]) = (&m.ops[op].operands[..], &m.ops[op].results[..]) else {
        return false;
    };
    let (x, ty) = (*x, m.value_type(*lo).clone());
    let Some(width) = int_width(&ty) else {
        return false;
    };
    if constant_attr(m, *one).and_then(|c| int_bits(c, width)) != Some(1) {
        return false;
    }
    let loc = m.ops[op].loc;
    let Some(zero_attr) = int_attr(0, &ty) else {
        return false;
    };
    let zero = d.constant_before(op, zero_attr, ty.clone());
    let cmp = super::extensions::create_cmpi(d, op, loc, "slt", x, zero);
    let ext = d.m.create_op("arith.extsi", &[cmp], &[ty], loc);
    d.insert_before(op, ext);
    let high = d.m.ops[ext].results[0];
    d.replace_op(op, &[x, high]);
    true
}

/// One side of a rewritten `arith` op: a value, or a constant given by
/// its bits.
enum Side {
    V(Value),
    K(u64),
}
use Side::{K, V};

/// A rewritten `arith` op: its name, its two operands, and the value whose
/// defining op MLIR's generated matcher records first below the root (the
/// innermost, leftmost one matched). The new ops are at the root's and that
/// op's locations fused, as the generated rewrite puts them.
type Rewrite = (&'static str, Side, Side, Value);

/// The rewrites of `AddIAddConstant` and its kin: a chain of two
/// `addi`/`subi` (two `muli`) with a constant each folds the constants.
fn constant_chain(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    if !no_overflow_flags(m, op) {
        return false;
    }
    let name = m.ops[op].name.clone();
    let (a, b) = (m.ops[op].operands[0], m.ops[op].operands[1]);
    let ty = m.value_type(m.ops[op].results[0]).clone();
    let Some(width) = int_width(&ty) else {
        return false;
    };
    let add = |x: u64, y: u64| x.wrapping_add(y);
    let sub = |x: u64, y: u64| x.wrapping_sub(y);
    let c = |v: Value| constant_bits(m, v);
    let minus_one = |v: Value| c(v).is_some_and(|c| signed(c, width) == -1);
    // Each of MLIR's patterns for the op, in its order: the debug name,
    // and the new op with its left and right operands if it matches.
    let candidates: Vec<(&str, Option<Rewrite>)> = match name.as_str() {
        "arith.addi" => {
            let (added, subtracted) = (producer(m, a, "arith.addi"), producer(m, a, "arith.subi"));
            vec![
                ("AddIAddConstant", {
                    added.and_then(|(x, c0)| Some(("arith.addi", V(x), K(add(c(c0)?, c(b)?)), c0)))
                }),
                ("AddISubConstantRHS", {
                    subtracted
                        .and_then(|(x, c0)| Some(("arith.addi", V(x), K(sub(c(b)?, c(c0)?)), c0)))
                }),
                ("AddISubConstantLHS", {
                    subtracted
                        .and_then(|(c0, x)| Some(("arith.subi", K(add(c(c0)?, c(b)?)), V(x), c0)))
                }),
                ("AddIMulNegativeOneRhs", {
                    producer(m, b, "arith.muli")
                        .filter(|&(_, k)| minus_one(k))
                        .map(|(y, k)| ("arith.subi", V(a), V(y), k))
                }),
                ("AddIMulNegativeOneLhs", {
                    producer(m, a, "arith.muli")
                        .filter(|&(_, k)| minus_one(k))
                        .map(|(x, k)| ("arith.subi", V(b), V(x), k))
                }),
            ]
        }
        "arith.subi" => {
            let (lhs_added, rhs_added) =
                (producer(m, a, "arith.addi"), producer(m, b, "arith.addi"));
            let (lhs_sub, rhs_sub) = (producer(m, a, "arith.subi"), producer(m, b, "arith.subi"));
            vec![
                ("SubIRHSAddConstant", {
                    lhs_added
                        .and_then(|(x, c0)| Some(("arith.addi", V(x), K(sub(c(c0)?, c(b)?)), c0)))
                }),
                ("SubILHSAddConstant", {
                    rhs_added
                        .and_then(|(x, c0)| Some(("arith.subi", K(sub(c(a)?, c(c0)?)), V(x), a)))
                }),
                ("SubIRHSSubConstantRHS", {
                    lhs_sub
                        .and_then(|(x, c0)| Some(("arith.subi", V(x), K(add(c(c0)?, c(b)?)), c0)))
                }),
                ("SubIRHSSubConstantLHS", {
                    lhs_sub
                        .and_then(|(c0, x)| Some(("arith.subi", K(sub(c(c0)?, c(b)?)), V(x), c0)))
                }),
                ("SubILHSSubConstantRHS", {
                    rhs_sub.and_then(|(x, c0)| Some(("arith.subi", K(add(c(c0)?, c(a)?)), V(x), a)))
                }),
                ("SubILHSSubConstantLHS", {
                    rhs_sub.and_then(|(c0, x)| Some(("arith.addi", V(x), K(sub(c(a)?, c(c0)?)), a)))
                }),
                ("SubISubILHSRHSLHS", {
                    lhs_sub
                        .filter(|&(x, _)| x == b)
                        .map(|(_, y)| ("arith.subi", K(0), V(y), a))
                }),
            ]
        }
        _ => vec![("MulIMulIConstant", {
            producer(m, a, "arith.muli")
                .and_then(|(x, c0)| Some(("arith.muli", V(x), K(c(c0)?.wrapping_mul(c(b)?)), c0)))
        })],
    };
    let rewrite = candidates
        .into_iter()
        .filter(|(label, _)| enabled!(d, "{ANON}{label}"))
        .find_map(|(_, rewrite)| rewrite);
    let Some((new_name, lhs, rhs, matched)) = rewrite else {
        return false;
    };
    let loc = d.matched_loc(op, &[matched]);
    let operand = |d: &mut Driver, side: Side| -> Option<Value> {
        match side {
            V(v) => Some(v),
            K(bits) => {
                let attr = int_attr(bits, &ty)?;
                Some(d.constant_at(op, loc, attr, ty.clone()))
            }
        }
    };
    let (Some(lhs), Some(rhs)) = (operand(d, lhs), operand(d, rhs)) else {
        return false;
    };
    let new =
        d.m.create_op(new_name, &[lhs, rhs], std::slice::from_ref(&ty), loc);
    tessera_ir::syntax::normalize_generic(d.m, new);
    d.insert_before(op, new);
    let result = d.m.ops[new].results[0];
    d.replace_op(op, &[result]);
    true
}

/// `IndexCastOfIndexCast`: a cast back to the type cast from is the
/// original value.
fn cast_of_cast(d: &mut Driver, op: OpId) -> bool {
    let m = &*d.m;
    let name = m.ops[op].name.clone();
    let x = m.ops[op].operands[0];
    let Some(def) = m.defining_op(x) else {
        return false;
    };
    if m.ops[def].name != name {
        return false;
    }
    let src = m.ops[def].operands[0];
    let res = m.ops[op].results[0];
    if m.value_type(src) != m.value_type(res) || *m.value_type(res) == Type::None {
        return false;
    }
    d.replace_op(op, &[src]);
    true
}

/// `BitcastOfBitcast`: `bitcast(bitcast(x))` is one bitcast of `x` (the
/// identity when it comes back to `x`'s type, which the folder removes).
fn bitcast_of_bitcast(d: &mut Driver, op: OpId) -> bool {
    let Some(&src) = d.m.ops[op].operands.first() else {
        return false;
    };
    let Some(inner) =
        d.m.defining_op(src)
            .filter(|&o| d.m.ops[o].name == "arith.bitcast")
    else {
        return false;
    };
    let Some(&x) = d.m.ops[inner].operands.first() else {
        return false;
    };
    d.m.ops[op].operands[0] = x;
    rebuilt(d, op);
    true
}
