//! `--test-decompose-affine-ops`: MLIR 19's test pass around
//! `reorderOperandsByHoistability` and `decompose`. Each `affine.apply`
//! (post-order) gets its operands ordered by how many enclosing loops
//! they are invariant in (most first, all of them symbols), then a sum or
//! product at the top of its expression is split into one `affine.apply`
//! per term, combined from the most invariant term outward, so that the
//! invariant partial sums could be hoisted.
//!
//! ```
//! use tessera_ir::{parse_and_verify, print_module, PrintOptions};
//! use tessera_transforms::passes::test_decompose_affine_ops;
//!
//! let mut m = parse_and_verify("d.mlir", r#"
//! func.func @f(%n: index, %m: memref<64xf32>, %v: f32) {
//!   affine.for %i = 0 to 8 {
//!     affine.for %j = 0 to 8 {
//!       %x = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 * 8 + s0)>(%j, %i)[%n]
//!       memref.store %v, %m[%x] : memref<64xf32>
//!     }
//!   }
//!   return
//! }"#).unwrap();
//! test_decompose_affine_ops(&mut m);
//! let text = print_module(&m, &PrintOptions::default());
//! // `n` first, then `i * 8`, then `j`: three applies and two sums.
//! assert_eq!(text.matches("affine.apply").count(), 5);
//! ```

use tessera_affine::flatten::simplify_expr;
use tessera_affine::{AffineExpr, AffineMap, BinaryOp};
use tessera_ir::{Attribute, Module, OpId, Value};

use super::PassRemark;
use crate::canonical::canonicalize_map;
use crate::loops::{create_apply, defined_inside, insert_before};

/// mlir-opt's `--test-decompose-affine-ops` on `module`.
pub fn test_decompose_affine_ops(module: &mut Module) -> Vec<PassRemark> {
    let applies: Vec<OpId> = module
        .post_order(&module.walk())
        .into_iter()
        .filter(|&o| module.ops[o].name == "affine.apply")
        .collect();
    for op in applies {
        reorder_operands_by_hoistability(module, op);
        decompose(module, op);
    }
    Vec::new()
}

fn is_loop(name: &str) -> bool {
    matches!(
        name,
        "affine.for" | "affine.parallel" | "scf.for" | "scf.parallel" | "scf.while"
    )
}

/// MLIR's `numEnclosingInvariantLoops`: the loops around `user` that
/// `v` is defined outside of, counted outward up to the first it is not.
fn invariant_loops(m: &Module, user: OpId, v: Value) -> usize {
    let mut count = 0;
    let mut cur = m.parent_op(user);
    while let Some(p) = cur {
        if is_loop(&m.ops[p].name) {
            if defined_inside(m, v, p) {
                break;
            }
            count += 1;
        }
        cur = m.parent_op(p);
    }
    count
}

fn map_of(m: &Module, op: OpId) -> Option<AffineMap> {
    match m.ops[op].attr("map") {
        Some(Attribute::AffineMap(map)) => Some(map.clone()),
        _ => None,
    }
}

/// MLIR's `reorderOperandsByHoistability`: every operand a symbol, the
/// most invariant first (stable), the map simplified and canonicalized.
fn reorder_operands_by_hoistability(m: &mut Module, op: OpId) {
    let Some(map) = map_of(m, op) else {
        return;
    };
    let operands = m.ops[op].operands.clone();
    let n = operands.len();
    if n != map.num_inputs() as usize || map.results().len() != 1 {
        return;
    }
    let invariant: Vec<usize> = operands
        .iter()
        .map(|&v| invariant_loops(m, op, v))
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| invariant[b].cmp(&invariant[a]));
    let mut replacements = vec![AffineExpr::constant(0); n];
    let mut new_operands = Vec::with_capacity(n);
    for (i, &pos) in order.iter().enumerate() {
        new_operands.push(operands[pos]);
        replacements[pos] = AffineExpr::symbol(i as u32);
    }
    let nd = map.num_dims() as usize;
    let Ok(replaced) =
        map.replace_dims_and_symbols(&replacements[..nd], &replacements[nd..], 0, n as u32)
    else {
        return;
    };
    let result = simplify_expr(&replaced.results()[0], 0, n as u32);
    let Ok(map) = AffineMap::new(0, n as u32, vec![result]) else {
        return;
    };
    let (map, new_operands) = canonicalize_map(m, &map, &new_operands);
    m.set_prop(op, "map", Attribute::AffineMap(map));
    m.ops[op].operands = new_operands;
}

/// MLIR's `decompose`: a dimensionless apply whose expression is a sum
/// (product) with a binary term is split into one apply per term, sorted
/// by the largest symbol each uses, and combined with `s0 + s1`
/// (`s0 * s1`) applies, innermost-invariant last.
fn decompose(m: &mut Module, op: OpId) {
    let Some(map) = map_of(m, op) else {
        return;
    };
    if map.num_dims() > 0 || map.results().len() != 1 {
        return;
    }
    let Some((kind, l, r)) = map.results()[0].as_binary() else {
        return;
    };
    if l.as_binary().is_none() && r.as_binary().is_none() {
        return;
    }
    if !matches!(kind, BinaryOp::Add | BinaryOp::Mul) {
        return;
    }
    let mut terms = Vec::new();
    let mut remaining = map.results()[0].clone();
    loop {
        match remaining.as_binary() {
            Some((k, l, r)) if k == kind => {
                terms.push(r.clone());
                remaining = l.clone();
            }
            _ => {
                terms.push(remaining);
                break;
            }
        }
    }
    let ns = map.num_symbols();
    let max_symbol = |e: &AffineExpr| -> i64 {
        (0..ns)
            .rev()
            .find(|&i| e.is_function_of_symbol(i))
            .map_or(-1, i64::from)
    };
    terms.sort_by_key(max_symbol);
    let combine = match kind {
        BinaryOp::Add => AffineExpr::symbol(0) + AffineExpr::symbol(1),
        _ => match AffineExpr::symbol(0).try_mul(&AffineExpr::symbol(1)) {
            Ok(e) => e,
            Err(_) => return,
        },
    };
    let Ok(combine) = AffineMap::new(0, 2, vec![combine]) else {
        return;
    };
    let operands = m.ops[op].operands.clone();
    let loc = m.ops[op].loc;
    let sub_apply = |m: &mut Module, e: &AffineExpr| -> Option<Value> {
        let sub = AffineMap::new(0, ns, vec![e.clone()]).ok()?;
        let (sub, sub_operands) = canonicalize_map(m, &sub, &operands);
        let apply = create_apply(m, sub, &sub_operands, loc);
        insert_before(m, op, apply);
        Some(m.ops[apply].results[0])
    };
    let Some(mut current) = sub_apply(m, &terms[0]) else {
        return;
    };
    for term in &terms[1..] {
        let Some(tmp) = sub_apply(m, term) else {
            return;
        };
        let apply = create_apply(m, combine.clone(), &[current, tmp], loc);
        insert_before(m, op, apply);
        current = m.ops[apply].results[0];
    }
    let result = m.ops[op].results[0];
    m.replace_all_uses(result, current);
    m.erase_op(op);
}
