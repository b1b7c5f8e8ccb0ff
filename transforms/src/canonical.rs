//! MLIR's canonical forms of affine maps and integer sets together with
//! their operands — the rules its folders apply before anything else
//! (`canonicalizeMapAndOperands`, `composeAffineMapAndOperands`,
//! `simplifyMinOrMaxExprWithOperands`, the constant folds of
//! `affine.for` bounds, `affine.apply` and `affine.min`/`max`), written
//! with MLIR 19's exact order of dims, symbols and results so that the
//! printed IR matches `mlir-opt`'s byte for byte.
//!
//! Every step is checked arithmetic: a fold that would overflow, or a
//! substitution that would leave the affine fragment, is not performed.

use tessera_affine::flatten::Flattener;
use tessera_affine::{AffineExpr, AffineMap, BinaryOp, Constraint, ExprKind, IntegerSet};
use tessera_ir::{Attribute, Module, OpId, Type, Value};

/// The value of `v` if it is defined by an integer or index
/// `arith.constant` (MLIR's `m_Constant` on an `IntegerAttr`).
pub fn constant_value(m: &Module, v: Value) -> Option<i64> {
    let op = m.defining_op(v)?;
    let d = &m.ops[op];
    if d.name != "arith.constant" {
        return None;
    }
    match d.attr("value")? {
        Attribute::Integer { value, .. } => Some(*value),
        Attribute::Bool(b) => Some(i64::from(*b)),
        _ => None,
    }
}

/// The op owning `v`'s block (or defining `v`'s op's block).
fn parent_of_value(m: &Module, v: Value) -> Option<String> {
    let block = m.value_block(v)?;
    m.block_parent_op(block).map(|p| m.ops[p].name.clone())
}

/// Is `v` defined directly in a function body (an argument or an op
/// there)? MLIR's `isTopLevelValue`: `func.func` is the affine scope.
pub fn is_top_level(m: &Module, v: Value) -> bool {
    parent_of_value(m, v).as_deref() == Some("func.func")
}

/// MLIR's `isValidSymbol(Value)`: an `index` value defined at the top level
/// of its function, a constant, an `affine.apply` of valid symbols, or a
/// `memref.dim` of a top-level memref.
pub fn is_valid_symbol(m: &Module, v: Value) -> bool {
    is_valid_symbol_at(m, v, 0)
}

fn is_valid_symbol_at(m: &Module, v: Value, depth: usize) -> bool {
    if *m.value_type(v) != Type::Index || depth > 64 {
        return false;
    }
    if is_top_level(m, v) {
        return true;
    }
    let Some(op) = m.defining_op(v) else {
        return false;
    };
    let d = &m.ops[op];
    match d.name.as_str() {
        "arith.constant" => true,
        "affine.apply" => d
            .operands
            .iter()
            .all(|&o| is_valid_symbol_at(m, o, depth + 1)),
        "memref.dim" => d.operands.first().is_some_and(|&mem| is_top_level(m, mem)),
        _ => false,
    }
}

/// The constant lower bound and inclusive upper bound of an `affine.for`
/// induction variable (MLIR's `getLowerBound`/`getUpperBound` of an IV:
/// only loops with constant bounds tell anything).
pub fn iv_bounds(m: &Module, v: Value) -> (Option<i64>, Option<i64>) {
    let Some(block) = m.value_block(v) else {
        return (None, None);
    };
    let Some(op) = m.block_parent_op(block) else {
        return (None, None);
    };
    let d = &m.ops[op];
    if d.name != "affine.for" || m.blocks[block].args.first() != Some(&v) {
        return (None, None);
    }
    let single = |name: &str| match d.attr(name) {
        Some(Attribute::AffineMap(map)) if map.num_inputs() == 0 => match map.results() {
            [e] => e.as_constant(),
            _ => None,
        },
        _ => None,
    };
    let step = d.attr("step").and_then(Attribute::as_int).unwrap_or(1);
    let lb = single("lowerBoundMap");
    let ub = single("upperBoundMap").and_then(|ub| match lb {
        Some(lb) if step > 0 => {
            let span = ub.checked_sub(lb)?.checked_sub(1)?;
            ub.checked_sub(1)?.checked_sub(span.checked_rem(step)?)
        }
        _ => ub.checked_sub(1),
    });
    (lb, ub)
}

/// A map or a set: the two share MLIR's operand canonicalization.
trait MapOrSet: Sized {
    fn dims(&self) -> u32;
    fn syms(&self) -> u32;
    fn exprs(&self) -> Vec<AffineExpr>;
    fn rebuild(&self, exprs: Vec<AffineExpr>, dims: u32, syms: u32) -> Option<Self>;
}

impl MapOrSet for AffineMap {
    fn dims(&self) -> u32 {
        self.num_dims()
    }
    fn syms(&self) -> u32 {
        self.num_symbols()
    }
    fn exprs(&self) -> Vec<AffineExpr> {
        self.results().to_vec()
    }
    fn rebuild(&self, exprs: Vec<AffineExpr>, dims: u32, syms: u32) -> Option<Self> {
        AffineMap::new(dims, syms, exprs).ok()
    }
}

impl MapOrSet for IntegerSet {
    fn dims(&self) -> u32 {
        self.num_dims()
    }
    fn syms(&self) -> u32 {
        self.num_symbols()
    }
    fn exprs(&self) -> Vec<AffineExpr> {
        self.constraints().iter().map(|c| c.expr.clone()).collect()
    }
    fn rebuild(&self, exprs: Vec<AffineExpr>, dims: u32, syms: u32) -> Option<Self> {
        let cs = exprs
            .into_iter()
            .zip(self.constraints())
            .map(|(expr, c)| Constraint { expr, kind: c.kind })
            .collect();
        IntegerSet::new(dims, syms, cs).ok()
    }
}

/// Substitutes in every expression; `None` if that leaves the affine
/// fragment.
fn substitute<T: MapOrSet>(
    x: &T,
    dims: &[AffineExpr],
    syms: &[AffineExpr],
    nd: u32,
    ns: u32,
) -> Option<T> {
    let exprs = x
        .exprs()
        .iter()
        .map(|e| e.replace_dims_and_symbols(dims, syms).ok())
        .collect::<Option<Vec<_>>>()?;
    x.rebuild(exprs, nd, ns)
}

/// MLIR's `canonicalizeMapOrSetAndOperands`: dims that are valid symbols
/// become symbols, unused operands go, repeated ones merge, and constant
/// symbols are folded into the expressions.
fn canonicalize_generic<T: MapOrSet + Clone>(m: &Module, x: &T, ops: &[Value]) -> (T, Vec<Value>) {
    let (nd, ns) = (x.dims() as usize, x.syms() as usize);
    if ops.is_empty() || ops.len() != nd + ns {
        return (x.clone(), ops.to_vec());
    }
    // Promote dims that are valid symbols.
    let mut operands = Vec::new();
    let mut promoted = Vec::new();
    let mut dim_map = Vec::new();
    let mut next_dim = 0u32;
    for &v in &ops[..nd] {
        if is_valid_symbol(m, v) {
            dim_map.push(AffineExpr::symbol((ns + promoted.len()) as u32));
            promoted.push(v);
        } else {
            dim_map.push(AffineExpr::dim(next_dim));
            next_dim += 1;
            operands.push(v);
        }
    }
    operands.extend_from_slice(&ops[nd..]);
    operands.extend(promoted.iter().copied());
    let ns = ns + promoted.len();
    let Some(x1) = substitute(x, &dim_map, &[], next_dim, ns as u32) else {
        return (x.clone(), ops.to_vec());
    };
    let nd = next_dim as usize;
    let exprs = x1.exprs();
    let used_dim = |i: u32| exprs.iter().any(|e| e.is_function_of_dim(i));
    let used_sym = |i: u32| exprs.iter().any(|e| e.is_function_of_symbol(i));
    let mut result = Vec::new();
    let mut dim_repl = vec![AffineExpr::constant(0); nd];
    let mut seen: Vec<(Value, AffineExpr)> = Vec::new();
    let mut next = 0u32;
    for i in 0..nd {
        if !used_dim(i as u32) {
            continue;
        }
        let v = operands[i];
        dim_repl[i] = match seen.iter().find(|(s, _)| *s == v) {
            Some((_, e)) => e.clone(),
            None => {
                let e = AffineExpr::dim(next);
                next += 1;
                result.push(v);
                seen.push((v, e.clone()));
                e
            }
        };
    }
    let mut sym_repl = vec![AffineExpr::constant(0); ns];
    let mut seen_syms: Vec<(Value, AffineExpr)> = Vec::new();
    let mut next_sym = 0u32;
    for j in 0..ns {
        if !used_sym(j as u32) {
            continue;
        }
        let v = operands[nd + j];
        if let Some(c) = constant_value(m, v) {
            sym_repl[j] = AffineExpr::constant(c);
            continue;
        }
        sym_repl[j] = match seen_syms.iter().find(|(s, _)| *s == v) {
            Some((_, e)) => e.clone(),
            None => {
                let e = AffineExpr::symbol(next_sym);
                next_sym += 1;
                result.push(v);
                seen_syms.push((v, e.clone()));
                e
            }
        };
    }
    match substitute(&x1, &dim_repl, &sym_repl, next, next_sym) {
        Some(x2) if !introduces_bad_divisor(&x.exprs(), &x2.exprs()) => (x2, result),
        _ => (x.clone(), ops.to_vec()),
    }
}

/// `x` over `ops` with each symbol operand that is not a valid symbol (an
/// induction variable, say) made a dim: the ops whose verifier asks for
/// valid symbols (loop bounds, `affine.if`, memory accesses) must not get
/// one from composing `affine.apply ()[%iv]` — which
/// `--test-decompose-affine-ops` writes, as MLIR's does — into their map
/// (mlir-opt 19's `--canonicalize` and `--affine-simplify-structures`
/// then produce IR that does not verify).
fn legal_symbols_generic<T: MapOrSet + Clone>(m: &Module, x: &T, ops: &[Value]) -> (T, Vec<Value>) {
    let (nd, ns) = (x.dims() as usize, x.syms() as usize);
    if ops.len() != nd + ns {
        return (x.clone(), ops.to_vec());
    }
    let invalid: Vec<bool> = ops[nd..].iter().map(|&v| !is_valid_symbol(m, v)).collect();
    if !invalid.contains(&true) {
        return (x.clone(), ops.to_vec());
    }
    let dims: Vec<AffineExpr> = (0..nd as u32).map(AffineExpr::dim).collect();
    let (mut new_dims, mut new_syms) = (nd as u32, 0u32);
    let (mut dim_operands, mut sym_operands) = (ops[..nd].to_vec(), Vec::new());
    let syms: Vec<AffineExpr> = invalid
        .iter()
        .zip(&ops[nd..])
        .map(|(&bad, &v)| {
            if bad {
                dim_operands.push(v);
                new_dims += 1;
                AffineExpr::dim(new_dims - 1)
            } else {
                sym_operands.push(v);
                new_syms += 1;
                AffineExpr::symbol(new_syms - 1)
            }
        })
        .collect();
    match substitute(x, &dims, &syms, new_dims, new_syms) {
        Some(legal) => {
            dim_operands.extend(sym_operands);
            (legal, dim_operands)
        }
        None => (x.clone(), ops.to_vec()),
    }
}

/// [`legal_symbols_generic`] for a map.
pub fn legal_symbols_map(m: &Module, map: &AffineMap, ops: &[Value]) -> (AffineMap, Vec<Value>) {
    legal_symbols_generic(m, map, ops)
}

/// [`legal_symbols_generic`] for an integer set.
pub fn legal_symbols_set(m: &Module, set: &IntegerSet, ops: &[Value]) -> (IntegerSet, Vec<Value>) {
    legal_symbols_generic(m, set, ops)
}

/// MLIR's `canonicalizeMapAndOperands`.
pub fn canonicalize_map(m: &Module, map: &AffineMap, ops: &[Value]) -> (AffineMap, Vec<Value>) {
    canonicalize_generic(m, map, ops)
}

/// MLIR's `canonicalizeSetAndOperands`.
pub fn canonicalize_set(m: &Module, set: &IntegerSet, ops: &[Value]) -> (IntegerSet, Vec<Value>) {
    canonicalize_generic(m, set, ops)
}

/// The `affine.apply` defining `v`, with its map and operands.
fn apply_of(m: &Module, v: Value) -> Option<(AffineMap, Vec<Value>)> {
    let op = m.defining_op(v)?;
    let d = &m.ops[op];
    if d.name != "affine.apply" {
        return None;
    }
    match d.attr("map") {
        Some(Attribute::AffineMap(map)) if map.results().len() == 1 => {
            Some((map.clone(), d.operands.clone()))
        }
        _ => None,
    }
}

/// MLIR's `composeAffineMapAndOperands`: every operand produced by an
/// `affine.apply` is replaced by that apply's expression, repeatedly, then
/// the map and operands are canonicalized and the map simplified.
pub fn compose_map(m: &Module, map: &AffineMap, ops: &[Value]) -> (AffineMap, Vec<Value>) {
    if map.results().is_empty() || ops.len() != map.num_inputs() as usize {
        let (c, o) = canonicalize_map(m, map, ops);
        return (c.simplify(), o);
    }
    let nd = map.num_dims() as usize;
    let mut dims: Vec<Option<Value>> = ops[..nd].iter().copied().map(Some).collect();
    let mut syms: Vec<Option<Value>> = ops[nd..].iter().copied().map(Some).collect();
    let mut cur = map.clone();
    // Each replacement consumes one apply; the bound keeps a malformed
    // chain from looping.
    for _ in 0..4096 {
        let mut changed = false;
        for pos in 0..dims.len() + syms.len() {
            let is_dim = pos < dims.len();
            let slot = if is_dim {
                dims[pos]
            } else {
                syms[pos - dims.len()]
            };
            let Some((amap, aops)) = slot.and_then(|v| apply_of(m, v)) else {
                continue;
            };
            let (amap, aops) = canonicalize_map(m, &amap, &aops);
            let shifted = amap
                .shift_dims(dims.len() as u32, 0)
                .shift_symbols(syms.len() as u32, 0);
            let and = amap.num_dims() as usize;
            let new_nd = dims.len() + and;
            let new_ns = syms.len() + aops.len() - and;
            let replacement = shifted.results()[0].clone();
            let mut dim_repl: Vec<AffineExpr> =
                (0..dims.len() as u32).map(AffineExpr::dim).collect();
            let mut sym_repl: Vec<AffineExpr> =
                (0..syms.len() as u32).map(AffineExpr::symbol).collect();
            if is_dim {
                dim_repl[pos] = replacement;
            } else {
                sym_repl[pos - dims.len()] = replacement;
            }
            let Ok(next) =
                cur.replace_dims_and_symbols(&dim_repl, &sym_repl, new_nd as u32, new_ns as u32)
            else {
                continue;
            };
            if is_dim {
                dims[pos] = None;
            } else {
                syms[pos - dims.len()] = None;
            }
            dims.extend(aops[..and].iter().copied().map(Some));
            syms.extend(aops[and..].iter().copied().map(Some));
            cur = next;
            changed = true;
            break;
        }
        if !changed {
            break;
        }
    }
    let mut operands = Vec::new();
    let mut next = 0u32;
    let dim_repl: Vec<AffineExpr> = dims
        .iter()
        .map(|d| match d {
            Some(v) => {
                operands.push(*v);
                next += 1;
                AffineExpr::dim(next - 1)
            }
            None => AffineExpr::constant(0),
        })
        .collect();
    let mut next_sym = 0u32;
    let sym_repl: Vec<AffineExpr> = syms
        .iter()
        .map(|s| match s {
            Some(v) => {
                operands.push(*v);
                next_sym += 1;
                AffineExpr::symbol(next_sym - 1)
            }
            None => AffineExpr::constant(0),
        })
        .collect();
    let Ok(pruned) = cur.replace_dims_and_symbols(&dim_repl, &sym_repl, next, next_sym) else {
        let (c, o) = canonicalize_map(m, map, ops);
        return (c.simplify(), o);
    };
    let (c, o) = canonicalize_map(m, &pruned, &operands);
    let c = c.simplify();
    if introduces_bad_divisor(map.results(), c.results()) {
        return (map.clone(), ops.to_vec());
    }
    (c, o)
}

/// Whether `e` divides by a constant that is not positive (a map the
/// verifier rejects, as the lowering has no meaning for it).
fn divides_by_non_positive(e: &AffineExpr) -> bool {
    match e.kind() {
        ExprKind::Binary(op, l, r) => {
            let div = matches!(op, BinaryOp::FloorDiv | BinaryOp::CeilDiv | BinaryOp::Mod);
            (div && r.as_constant().is_some_and(|c| c <= 0))
                || divides_by_non_positive(l)
                || divides_by_non_positive(r)
        }
        _ => false,
    }
}

/// Whether folding or composing turned `before` into expressions that
/// divide by a non-positive constant (a symbol divisor whose value is one,
/// as in loops whose trip count is negative): such a rewrite is refused.
fn introduces_bad_divisor(before: &[AffineExpr], after: &[AffineExpr]) -> bool {
    after.iter().any(divides_by_non_positive) && !before.iter().any(divides_by_non_positive)
}

/// MLIR's `composeSetAndOperands` (the constraints composed as the results
/// of a map, when some operand is an `affine.apply`).
pub fn compose_set(m: &Module, set: &IntegerSet, ops: &[Value]) -> (IntegerSet, Vec<Value>) {
    if !ops.iter().any(|&v| apply_of(m, v).is_some()) {
        return (set.clone(), ops.to_vec());
    }
    let exprs: Vec<AffineExpr> = set.constraints().iter().map(|c| c.expr.clone()).collect();
    let Ok(map) = AffineMap::new(set.num_dims(), set.num_symbols(), exprs) else {
        return (set.clone(), ops.to_vec());
    };
    let (map, operands) = compose_map(m, &map, ops);
    let cs: Vec<Constraint> = map
        .results()
        .iter()
        .zip(set.constraints())
        .map(|(e, c)| Constraint {
            expr: e.clone(),
            kind: c.kind,
        })
        .collect();
    match IntegerSet::new(map.num_dims(), map.num_symbols(), cs) {
        Ok(s) => (s, operands),
        Err(_) => (set.clone(), ops.to_vec()),
    }
}

/// MLIR's `getBoundForAffineExpr`: a constant (inclusive) bound of `e`
/// from constant bounds of its dims and symbols.
pub fn expr_bound(
    e: &AffineExpr,
    nd: u32,
    ns: u32,
    lower: &[Option<i64>],
    upper: &[Option<i64>],
    is_upper: bool,
) -> Option<i64> {
    use tessera_affine::int_math::{ceil_div, floor_div, modulo};
    use tessera_affine::BinaryOp;
    if let Some((op, l, r)) = e.as_binary() {
        let c = r.as_constant();
        match op {
            BinaryOp::FloorDiv => {
                let c = c.filter(|&c| c >= 1)?;
                return floor_div(expr_bound(l, nd, ns, lower, upper, is_upper)?, c);
            }
            BinaryOp::CeilDiv => {
                let c = c.filter(|&c| c >= 1)?;
                return ceil_div(expr_bound(l, nd, ns, lower, upper, is_upper)?, c);
            }
            BinaryOp::Mod => {
                if let Some(c) = c.filter(|&c| c >= 1) {
                    let lb = expr_bound(l, nd, ns, lower, upper, false);
                    let ub = expr_bound(l, nd, ns, lower, upper, is_upper);
                    if let (Some(lb), Some(ub)) = (lb, ub) {
                        if floor_div(lb, c) == floor_div(ub, c) {
                            return modulo(if is_upper { ub } else { lb }, c);
                        }
                    }
                    return Some(if is_upper { c - 1 } else { 0 });
                }
            }
            _ => {}
        }
    }
    let mut f = Flattener::new(nd, ns);
    let row = f.flatten(e).ok()?;
    if !f.locals().is_empty() {
        return None;
    }
    let n = (nd + ns) as usize;
    let mut bound: i64 = 0;
    for (i, &coef) in row.iter().take(n).enumerate() {
        let b = match coef.signum() {
            1 => {
                if is_upper {
                    upper[i]
                } else {
                    lower[i]
                }
            }
            -1 => {
                if is_upper {
                    lower[i]
                } else {
                    upper[i]
                }
            }
            _ => continue,
        }?;
        bound = bound.checked_add(b.checked_mul(coef)?)?;
    }
    bound.checked_add(*row.last()?)
}

/// MLIR's `simplifyMinOrMaxExprWithOperands`: drops the results of a
/// `max` (`min`) map that can never exceed (undercut) another, from the
/// constant bounds of the operands (`bounds[i]` = lower and inclusive upper
/// bound of operand `i`), and turns results with a single value into
/// constants.
pub fn simplify_min_max(
    map: &AffineMap,
    bounds: &[(Option<i64>, Option<i64>)],
    is_max: bool,
) -> AffineMap {
    if bounds.is_empty() || bounds.len() != map.num_inputs() as usize {
        return map.clone();
    }
    let lower: Vec<Option<i64>> = bounds.iter().map(|b| b.0).collect();
    let upper: Vec<Option<i64>> = bounds.iter().map(|b| b.1).collect();
    let (nd, ns) = (map.num_dims(), map.num_symbols());
    let (lbs, ubs): (Vec<Option<i64>>, Vec<Option<i64>>) = map
        .results()
        .iter()
        .map(|e| match e.as_constant() {
            Some(c) => (Some(c), Some(c)),
            None => (
                expr_bound(e, nd, ns, &lower, &upper, false),
                expr_bound(e, nd, ns, &lower, &upper, true),
            ),
        })
        .unzip();
    let mut kept = Vec::new();
    for (i, e) in map.results().iter().enumerate() {
        let mut e = e.clone();
        if let (Some(l), Some(u)) = (lbs[i], ubs[i]) {
            if l == u {
                e = AffineExpr::constant(l);
            }
        }
        let redundant = if is_max {
            ubs[i].is_some_and(|ub_i| {
                lbs.iter().enumerate().any(|(pos, other)| {
                    let Some(other) = *other else { return false };
                    if pos == i || other < ub_i {
                        return false;
                    }
                    if other > ub_i {
                        return true;
                    }
                    !(ubs[pos].is_some()
                        && lbs[i].is_some()
                        && lbs[i] == ubs[i]
                        && Some(other) == ubs[pos]
                        && i < pos)
                })
            })
        } else {
            lbs[i].is_some_and(|lb_i| {
                ubs.iter().enumerate().any(|(pos, other)| {
                    let Some(other) = *other else { return false };
                    if pos == i || other > lb_i {
                        return false;
                    }
                    if other < lb_i {
                        return true;
                    }
                    !(lbs[pos].is_some()
                        && ubs[i].is_some()
                        && lbs[i] == ubs[i]
                        && Some(other) == lbs[pos]
                        && i < pos)
                })
            })
        };
        if !redundant {
            kept.push(e);
        }
    }
    AffineMap::new(nd, ns, kept).unwrap_or_else(|_| map.clone())
}

/// MLIR's `removeDuplicateExprs`: the first of equal results is kept.
pub fn remove_duplicate_exprs(map: &AffineMap) -> AffineMap {
    let mut kept: Vec<AffineExpr> = Vec::new();
    for e in map.results() {
        if !kept.contains(e) {
            kept.push(e.clone());
        }
    }
    AffineMap::new(map.num_dims(), map.num_symbols(), kept).unwrap_or_else(|_| map.clone())
}

/// The values of the operands that are constants (MLIR's constant operand
/// attributes; `None` elsewhere).
pub fn constant_operands(m: &Module, ops: &[Value]) -> Vec<Option<i64>> {
    ops.iter().map(|&v| constant_value(m, v)).collect()
}

/// Folds `e` to a constant when every dim and symbol it uses is known
/// (MLIR's `AffineExprConstantFolder`; no fold on overflow or a
/// non-positive divisor).
pub fn fold_expr(e: &AffineExpr, nd: u32, consts: &[Option<i64>]) -> Option<i64> {
    match e.kind() {
        ExprKind::Constant(c) => Some(*c),
        ExprKind::Dim(p) => consts.get(*p as usize).copied().flatten(),
        ExprKind::Symbol(p) => consts.get((nd + *p) as usize).copied().flatten(),
        ExprKind::Binary(..) => {
            let n = consts.len();
            let nd = nd as usize;
            let dims: Vec<i64> = (0..nd.min(n)).map(|i| consts[i].unwrap_or(0)).collect();
            let syms: Vec<i64> = (nd.min(n)..n).map(|i| consts[i].unwrap_or(0)).collect();
            let all_known = (0..nd.min(n))
                .filter(|&i| e.is_function_of_dim(i as u32))
                .all(|i| consts[i].is_some())
                && (nd.min(n)..n)
                    .filter(|&i| e.is_function_of_symbol((i - nd) as u32))
                    .all(|i| consts[i].is_some());
            if !all_known {
                return None;
            }
            e.evaluate(&dims, &syms).ok()
        }
    }
}

/// MLIR's `AffineMap::partialConstantFold`: results whose operands are all
/// constant become constants; also returns every result's value when all
/// of them folded.
pub fn partial_constant_fold(
    map: &AffineMap,
    consts: &[Option<i64>],
) -> (AffineMap, Option<Vec<i64>>) {
    let mut exprs = Vec::new();
    let mut values = Some(Vec::new());
    for e in map.results() {
        match fold_expr(e, map.num_dims(), consts) {
            Some(c) => {
                exprs.push(AffineExpr::constant(c));
                if let Some(v) = values.as_mut() {
                    v.push(c);
                }
            }
            None => {
                exprs.push(e.clone());
                values = None;
            }
        }
    }
    let folded =
        AffineMap::new(map.num_dims(), map.num_symbols(), exprs).unwrap_or_else(|_| map.clone());
    (folded, values)
}

/// MLIR's `foldLoopBounds`: a bound whose operands are all constants
/// becomes a constant; whether one did.
pub fn fold_loop_bounds(m: &mut Module, op: OpId) -> bool {
    let mut folded = false;
    for lower in [true, false] {
        let Some(loop_) = crate::loops::ForLoop::read(m, op) else {
            return folded;
        };
        let bound = if lower { &loop_.lower } else { &loop_.upper };
        if is_single_constant(&bound.map) {
            continue;
        }
        let consts = constant_operands(m, &bound.operands);
        let (_, values) = partial_constant_fold(&bound.map, &consts);
        let Some(values) = values else { continue };
        let v = if lower {
            values.iter().max()
        } else {
            values.iter().min()
        };
        let Some(&v) = v else { continue };
        let c = crate::loops::Bound::constant(v);
        let (lb, ub) = if lower {
            (c, loop_.upper.clone())
        } else {
            (loop_.lower.clone(), c)
        };
        crate::loops::set_bounds(m, op, &lb, &ub);
        folded = true;
    }
    folded
}

/// The constant bounds of each operand that is a loop IV.
fn operand_bounds(m: &Module, ops: &[Value]) -> Vec<(Option<i64>, Option<i64>)> {
    ops.iter().map(|&v| iv_bounds(m, v)).collect()
}

/// MLIR's `canonicalizeLoopBounds` of the `affine.for` `op`; whether it
/// changed.
pub fn canonicalize_loop_bounds(m: &mut Module, op: OpId) -> bool {
    let Some(l) = crate::loops::ForLoop::read(m, op) else {
        return false;
    };
    let (prev_lb, prev_ub) = (l.lower.map.clone(), l.upper.map.clone());
    let (lb, lb_ops) = compose_map(m, &l.lower.map, &l.lower.operands);
    let (lb, lb_ops) = canonicalize_map(m, &lb, &lb_ops);
    let lb = simplify_min_max(&lb, &operand_bounds(m, &lb_ops), true);
    let ub = simplify_min_max(&l.upper.map, &operand_bounds(m, &l.upper.operands), false);
    let lb = remove_duplicate_exprs(&lb);
    let (ub, ub_ops) = compose_map(m, &ub, &l.upper.operands);
    let (ub, ub_ops) = canonicalize_map(m, &ub, &ub_ops);
    let ub = remove_duplicate_exprs(&ub);
    if (lb == prev_lb && ub == prev_ub) || lb.results().is_empty() || ub.results().is_empty() {
        return false;
    }
    let lower = if lb != prev_lb {
        crate::loops::Bound {
            map: lb,
            operands: lb_ops,
        }
    } else {
        l.lower.clone()
    };
    let upper = if ub != prev_ub {
        crate::loops::Bound {
            map: ub,
            operands: ub_ops,
        }
    } else {
        l.upper.clone()
    };
    crate::loops::set_bounds(m, op, &lower, &upper);
    true
}

/// MLIR's `canonicalizeLoopBounds` of the `affine.parallel` `op`: both
/// bound maps composed with the `affine.apply`s feeding them and
/// canonicalized; whether they changed.
pub fn canonicalize_parallel_bounds(m: &mut Module, op: OpId) -> bool {
    let map = |name: &str| match m.ops[op].attr(name) {
        Some(Attribute::AffineMap(map)) => Some(map.clone()),
        _ => None,
    };
    let (Some(lm), Some(um)) = (map("lowerBoundsMap"), map("upperBoundsMap")) else {
        return false;
    };
    let operands = m.ops[op].operands.clone();
    let nl = (lm.num_inputs() as usize).min(operands.len());
    let (lops, uops) = operands.split_at(nl);
    let (l2, lo2) = compose_map(m, &lm, lops);
    let (u2, uo2) = compose_map(m, &um, uops);
    let lchanged = l2 != lm || lo2 != lops;
    let uchanged = u2 != um || uo2 != uops;
    if !lchanged && !uchanged {
        return false;
    }
    let (l2, lo2) = if lchanged {
        (l2, lo2)
    } else {
        (lm, lops.to_vec())
    };
    let (u2, uo2) = if uchanged {
        (u2, uo2)
    } else {
        (um, uops.to_vec())
    };
    m.set_prop(op, "lowerBoundsMap", Attribute::AffineMap(l2));
    m.set_prop(op, "upperBoundsMap", Attribute::AffineMap(u2));
    m.ops[op].operands = lo2.into_iter().chain(uo2).collect();
    true
}

fn is_single_constant(map: &AffineMap) -> bool {
    map.results().len() == 1 && map.results()[0].as_constant().is_some()
}

/// MLIR's `simplifyMapWithOperands`: the `floordiv`, `ceildiv` and `mod`
/// of each result simplified with what the operands tell — the constant
/// bounds of the loop induction variables among them, and the divisors
/// their steps give.
pub fn simplify_map_with_operands(m: &Module, map: &AffineMap, ops: &[Value]) -> AffineMap {
    if ops.len() != map.num_inputs() as usize {
        return map.clone();
    }
    let bounds: Vec<(Option<i64>, Option<i64>)> = ops.iter().map(|&v| iv_bounds(m, v)).collect();
    let results = map
        .results()
        .iter()
        .map(|e| simplify_expr_with_operands(m, e, map, ops, &bounds))
        .collect();
    AffineMap::new(map.num_dims(), map.num_symbols(), results).unwrap_or_else(|_| map.clone())
}

/// MLIR's `simplifyExprAndOperands` on one expression.
fn simplify_expr_with_operands(
    m: &Module,
    e: &AffineExpr,
    map: &AffineMap,
    ops: &[Value],
    bounds: &[(Option<i64>, Option<i64>)],
) -> AffineExpr {
    use tessera_affine::int_math::{ceil_div, floor_div};
    use tessera_affine::BinaryOp;
    let Some((op, l, r)) = e.as_binary() else {
        return e.clone();
    };
    let l = simplify_expr_with_operands(m, l, map, ops, bounds);
    let r = simplify_expr_with_operands(m, r, map, ops, bounds);
    let Ok(e) = AffineExpr::try_binary(op, &l, &r) else {
        return e.clone();
    };
    let Some((op, lhs, rhs)) = e.as_binary() else {
        return e;
    };
    if !matches!(op, BinaryOp::FloorDiv | BinaryOp::CeilDiv | BinaryOp::Mod) {
        return e.clone();
    }
    let Some(c) = rhs.as_constant().filter(|&c| c > 0) else {
        return e.clone();
    };
    let (nd, ns) = (map.num_dims(), map.num_symbols());
    let lower: Vec<Option<i64>> = bounds.iter().map(|b| b.0).collect();
    let upper: Vec<Option<i64>> = bounds.iter().map(|b| b.1).collect();
    let lb = expr_bound(lhs, nd, ns, &lower, &upper, false);
    let ub = expr_bound(lhs, nd, ns, &lower, &upper, true);
    if let (Some(lb), Some(ub)) = (lb, ub) {
        match op {
            BinaryOp::FloorDiv if floor_div(lb, c) == floor_div(ub, c) => {
                if let Some(q) = floor_div(lb, c) {
                    return AffineExpr::constant(q);
                }
            }
            BinaryOp::CeilDiv if ceil_div(lb, c) == ceil_div(ub, c) => {
                if let Some(q) = ceil_div(lb, c) {
                    return AffineExpr::constant(q);
                }
            }
            BinaryOp::Mod if lb >= 0 && lb < c && ub < c => return lhs.clone(),
            _ => {}
        }
    }
    if let Some((divisor, quotient_times_divisor, rem)) = q_times_d_plus_r(m, lhs, ops) {
        if c % divisor == 0 && op == BinaryOp::FloorDiv {
            return quotient_times_divisor.floor_div(c);
        }
        if divisor % c == 0 && op == BinaryOp::Mod {
            return rem.modulo(c);
        }
        return e.clone();
    }
    if (op == BinaryOp::FloorDiv && non_negative_bounded_by(m, lhs, ops, c))
        || (op == BinaryOp::Mod && largest_known_divisor(m, lhs, ops) % c == 0)
    {
        return AffineExpr::constant(0);
    }
    e.clone()
}

/// The `affine.for` whose induction variable `v` is.
fn iv_owner(m: &Module, v: Value) -> Option<OpId> {
    let block = m.value_block(v)?;
    let op = m.block_parent_op(block)?;
    (m.ops[op].name == "affine.for" && m.blocks[block].args.first() == Some(&v)).then_some(op)
}

/// MLIR's `getLargestKnownDivisor(e, operands)`: a dim that is an
/// induction variable is divided by its loop's step (and the divisor of
/// its lower bound).
fn largest_known_divisor(m: &Module, e: &AffineExpr, ops: &[Value]) -> i64 {
    let divisor = e.largest_known_divisor() as i64;
    let ExprKind::Dim(pos) = *e.kind() else {
        return divisor;
    };
    let Some(l) = ops.get(pos as usize).and_then(|&v| iv_owner(m, v)) else {
        return 1;
    };
    let Some(l) = crate::loops::ForLoop::read(m, l) else {
        return 1;
    };
    if l.lower.as_constant() == Some(0) {
        return l.step;
    }
    let lb_divisor = l.lower.map.results().iter().fold(0u64, |g, r| {
        tessera_affine::int_math::gcd(g, r.largest_known_divisor())
    });
    let lb_divisor = if lb_divisor == 0 {
        u64::MAX
    } else {
        lb_divisor
    };
    tessera_affine::int_math::gcd(lb_divisor, l.step.unsigned_abs()) as i64
}

/// MLIR's `isNonNegativeBoundedBy`: a constant in `0..k`, or a dim that
/// is the induction variable of a loop from a constant `>= 0` to a
/// constant `<= k`.
fn non_negative_bounded_by(m: &Module, e: &AffineExpr, ops: &[Value], k: i64) -> bool {
    if let Some(c) = e.as_constant() {
        return (0..k).contains(&c);
    }
    let ExprKind::Dim(pos) = *e.kind() else {
        return false;
    };
    let Some(l) = ops
        .get(pos as usize)
        .and_then(|&v| iv_owner(m, v))
        .and_then(|l| crate::loops::ForLoop::read(m, l))
    else {
        return false;
    };
    l.lower.as_constant().is_some_and(|lb| lb >= 0)
        && l.upper.as_constant().is_some_and(|ub| ub <= k)
}

/// MLIR's `isQTimesDPlusR`: `e = e1 + e2` with `e1` a known multiple of
/// `d` and `0 <= e2 < d` (either way round): `(d, e1, e2)`.
fn q_times_d_plus_r(
    m: &Module,
    e: &AffineExpr,
    ops: &[Value],
) -> Option<(i64, AffineExpr, AffineExpr)> {
    let (tessera_affine::BinaryOp::Add, l, r) = e.as_binary()? else {
        return None;
    };
    let d = largest_known_divisor(m, l, ops);
    if d > 0 && non_negative_bounded_by(m, r, ops, d) {
        return Some((d, l.clone(), r.clone()));
    }
    let d = largest_known_divisor(m, r, ops);
    if d > 0 && non_negative_bounded_by(m, l, ops, d) {
        return Some((d, r.clone(), l.clone()));
    }
    None
}
