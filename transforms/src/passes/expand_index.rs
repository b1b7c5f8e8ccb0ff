//! `--affine-expand-index-ops`: MLIR 19's expansion of
//! `affine.delinearize_index` into `affine.apply`s.
//!
//! As MLIR's `delinearizeIndex` builds them: the divisor of each result
//! but the last is the product of the basis after it (built left to
//! right by composed, folded `s0 * s1` applies: a constant when every
//! factor is one), then each result is the running residual `floordiv`
//! its divisor and the next residual the residual `mod` it, each a
//! composed `affine.apply` (producers composed in, constants folded,
//! valid symbols made symbols); the last result is the last residual.
//! The ops it leaves dead (products, divisor constants, unused results)
//! go when the function is cleaned as MLIR's greedy driver cleans it
//! (see [`super::unswitch`]).

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Location, Module, OpId, Value};

use super::unswitch::clean_up;
use super::PassRemark;
use crate::canonical::{compose_map, constant_value, is_valid_symbol};
use crate::loops::{create_apply, create_index_constant, enclosing_function, insert_before};

/// An index known as a constant or held by a value (MLIR's
/// `OpFoldResult`).
#[derive(Clone, Copy)]
enum Folded {
    Constant(i64),
    Value(Value),
}

/// Expands every `affine.delinearize_index` of `module`; one remark per
/// function changed.
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::passes::affine_expand_index_ops;
///
/// let mut m = parse_and_verify(
///     "t.mlir",
///     "func.func @f(%i: index, %a: index, %b: index) -> (index, index) {
///        %0:2 = affine.delinearize_index %i into (%a, %b) : index, index
///        return %0#0, %0#1 : index, index
///      }",
/// )?;
/// affine_expand_index_ops(&mut m);
/// let text = print_module(&m, &PrintOptions::default());
/// assert!(text.contains("affine_map<()[s0, s1] -> (s0 floordiv s1)>"));
/// assert!(text.contains("affine_map<()[s0, s1] -> (s0 mod s1)>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn affine_expand_index_ops(module: &mut Module) -> Vec<PassRemark> {
    let mut remarks = Vec::new();
    for func in expand_delinearize_ops(module) {
        clean_up(module, func);
        remarks.push(PassRemark {
            mlir_remark: None,
            op: func,
            message: "affine-expand-index-ops: delinearized indices expanded".into(),
        });
    }
    remarks
}

/// Replaces every `affine.delinearize_index` it can by the expansion
/// (as `--lower-affine` does first, without the cleanup); the functions
/// changed.
pub(crate) fn expand_delinearize_ops(module: &mut Module) -> Vec<OpId> {
    let ops: Vec<OpId> = module
        .walk()
        .into_iter()
        .filter(|&o| module.ops[o].name == "affine.delinearize_index")
        .collect();
    let mut functions: Vec<OpId> = Vec::new();
    for op in ops {
        let d = &module.ops[op];
        if d.operands.len() < 2 || d.results.len() + 1 != d.operands.len() {
            continue;
        }
        if !expandable(module, op) {
            continue;
        }
        let (index, basis) = (d.operands[0], d.operands[1..].to_vec());
        let results = d.results.clone();
        let loc = d.loc;
        let Some(func) = enclosing_function(module, op) else {
            continue;
        };
        let Some(multi) = delinearize(module, op, index, &basis, loc) else {
            continue;
        };
        for (&r, v) in results.iter().zip(multi) {
            module.replace_all_uses(r, v);
        }
        module.erase_op(op);
        if !functions.contains(&func) {
            functions.push(func);
        }
    }
    functions
}

/// Can `op` be expanded: every basis element but the first (the factors
/// of the divisors) a valid symbol? MLIR divides by a dim otherwise,
/// which tessera's semi-affine maps do not express.
pub(crate) fn expandable(m: &Module, op: OpId) -> bool {
    let d = &m.ops[op];
    d.operands.len() >= 2
        && d.results.len() + 1 == d.operands.len()
        && d.operands[2..].iter().all(|&v| is_valid_symbol(m, v))
}

/// The results of delinearizing `index` by `basis`, built before `at`
/// (`None` when a divisor is not a valid symbol — MLIR divides by a dim
/// there, which tessera's maps do not express — or a map cannot be
/// built; what was built is left dead).
fn delinearize(
    m: &mut Module,
    at: OpId,
    index: Value,
    basis: &[Value],
    loc: Location,
) -> Option<Vec<Value>> {
    let (s0, s1) = (AffineExpr::symbol(0), AffineExpr::symbol(1));
    let product_map = AffineMap::new(0, 2, vec![s0.try_mul(&s1).ok()?]).ok()?;
    // MLIR divides dims `d0 floordiv d1`; a divisor must be a symbol in
    // tessera's semi-affine maps, which gives the same maps once the
    // dims that are valid symbols are made symbols.
    let (d0, s) = (AffineExpr::dim(0), AffineExpr::symbol(0));
    let quotient = AffineMap::new(1, 1, vec![d0.try_floor_div(&s).ok()?]).ok()?;
    let remainder = AffineMap::new(1, 1, vec![d0.try_modulo(&s).ok()?]).ok()?;
    let mut divisors = Vec::new();
    for i in 1..basis.len() {
        let slice = &basis[i..];
        let mut product = Folded::Value(slice[0]);
        for &factor in &slice[1..] {
            product = folded_apply(m, at, &product_map, &[product, Folded::Value(factor)], loc)?;
        }
        let divisor = match product {
            Folded::Value(v) => v,
            Folded::Constant(c) => {
                let k = create_index_constant(m, c, loc);
                insert_before(m, at, k);
                m.ops[k].results[0]
            }
        };
        divisors.push(divisor);
    }
    if !divisors.iter().all(|&v| is_valid_symbol(m, v)) {
        return None;
    }
    let mut results = Vec::with_capacity(basis.len());
    let mut residual = index;
    for divisor in divisors {
        results.push(composed_apply(m, at, &quotient, &[residual, divisor], loc));
        residual = composed_apply(m, at, &remainder, &[residual, divisor], loc);
    }
    results.push(residual);
    Some(results)
}

/// MLIR's `makeComposedAffineApply` of `(d0, d1) -> (d0 op d1)` on
/// `[residual, divisor]`, from tessera's `(d0)[s0] -> (d0 op s0)`: a new
/// `affine.apply` before `at` with its producers composed in, its symbols
/// in MLIR's order — those the composed applies bring first, in operand
/// order, then the operands promoted from dims.
fn composed_apply(
    m: &mut Module,
    at: OpId,
    map: &AffineMap,
    operands: &[Value],
    loc: Location,
) -> Value {
    let (map, ops) = compose_map(m, map, operands);
    let (map, ops) = in_mlir_symbol_order(m, map, ops, operands);
    let op = create_apply(m, map, &ops, loc);
    insert_before(m, at, op);
    m.ops[op].results[0]
}

/// `map` with its symbol operands permuted into the order MLIR's
/// composition of all-dim operands `original` gives (unchanged when the
/// symbols are not the same set).
fn in_mlir_symbol_order(
    m: &Module,
    map: AffineMap,
    ops: Vec<Value>,
    original: &[Value],
) -> (AffineMap, Vec<Value>) {
    let nd = map.num_dims() as usize;
    let symbols = &ops[nd..];
    let mut order: Vec<Value> = Vec::new();
    let mut promoted: Vec<Value> = Vec::new();
    for &v in original {
        match m
            .defining_op(v)
            .filter(|&d| m.ops[d].name == "affine.apply")
        {
            Some(apply) => order.extend(m.ops[apply].operands.iter().copied()),
            None => promoted.push(v),
        }
    }
    order.extend(promoted);
    let mut wanted: Vec<Value> = Vec::new();
    for v in order {
        if symbols.contains(&v) && !wanted.contains(&v) {
            wanted.push(v);
        }
    }
    if wanted.len() != symbols.len() {
        return (map, ops);
    }
    let dims: Vec<AffineExpr> = (0..nd as u32).map(AffineExpr::dim).collect();
    let syms: Vec<AffineExpr> = symbols
        .iter()
        .map(|v| {
            let k = wanted.iter().position(|w| w == v).unwrap_or(0);
            AffineExpr::symbol(k as u32)
        })
        .collect();
    let results = map
        .results()
        .iter()
        .map(|e| e.replace_dims_and_symbols(&dims, &syms).ok())
        .collect::<Option<Vec<_>>>();
    match results.and_then(|r| AffineMap::new(map.num_dims(), map.num_symbols(), r).ok()) {
        Some(permuted) => {
            let mut ops = ops[..nd].to_vec();
            ops.extend(wanted);
            (permuted.simplify(), ops)
        }
        None => (map, ops),
    }
}

/// MLIR's `makeComposedFoldedAffineApply`: constants folded into `map`
/// first; a constant when the composed map is one, else a new
/// `affine.apply`.
fn folded_apply(
    m: &mut Module,
    at: OpId,
    map: &AffineMap,
    operands: &[Folded],
    loc: Location,
) -> Option<Folded> {
    let nd = map.num_dims();
    let mut dims = Vec::new();
    let mut syms = Vec::new();
    let mut values = Vec::new();
    let (mut next_dim, mut next_sym) = (0u32, 0u32);
    for (k, f) in operands.iter().enumerate() {
        let is_dim = (k as u32) < nd;
        let e = match *f {
            Folded::Constant(c) => AffineExpr::constant(c),
            Folded::Value(v) => match constant_value(m, v) {
                Some(c) => AffineExpr::constant(c),
                None => {
                    values.push((is_dim, v));
                    if is_dim {
                        next_dim += 1;
                        AffineExpr::dim(next_dim - 1)
                    } else {
                        next_sym += 1;
                        AffineExpr::symbol(next_sym - 1)
                    }
                }
            },
        };
        if is_dim {
            dims.push(e);
        } else {
            syms.push(e);
        }
    }
    let results = map
        .results()
        .iter()
        .map(|e| e.replace_dims_and_symbols(&dims, &syms).ok())
        .collect::<Option<Vec<_>>>()?;
    let folded = AffineMap::new(next_dim, next_sym, results).ok()?;
    let ordered: Vec<Value> = values
        .iter()
        .filter(|(d, _)| *d)
        .chain(values.iter().filter(|(d, _)| !*d))
        .map(|&(_, v)| v)
        .collect();
    let (composed, ops) = compose_map(m, &folded, &ordered);
    if let Some(c) = composed.results().first().and_then(AffineExpr::as_constant) {
        return Some(Folded::Constant(c));
    }
    let op = create_apply(m, composed, &ops, loc);
    insert_before(m, at, op);
    Some(Folded::Value(m.ops[op].results[0]))
}
