//! The rewrite: clone the source nest into the destination at the fusion
//! depth, give the sliced loops their bounds, promote loops left with one
//! iteration, and erase the source when the decision allows it.

use std::collections::{HashMap, HashSet};

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Module, OpId, Value};

use super::legality::Decision;
use super::slice::Placement;
use crate::loops::{promote_if_single_iteration, set_bounds, Bound, ForLoop};

/// What the rewrite did.
pub(crate) struct Rewrite {
    /// Every op of the slice copy (for the private-buffer checks).
    pub slice_ops: HashSet<OpId>,
}

/// The induction variable of the `affine.for` `op`.
fn iv(module: &Module, op: OpId) -> Option<Value> {
    ForLoop::read(module, op).map(|l| l.iv(module))
}

/// Fuses the slice of `src` described by `decision` into its destination
/// (the nest holding `decision.plan.path_ops`). `symbols` are the values of
/// the global symbols the bounds use.
pub(crate) fn apply(
    module: &mut Module,
    src: OpId,
    decision: &Decision,
    symbols: &[Value],
) -> Option<Rewrite> {
    let plan = &decision.plan;
    let (d, c0) = (plan.depth, plan.common);
    let host = *plan.path_ops.last()?;
    let body = ForLoop::read(module, host)?.body;
    let path_ivs: Vec<Value> = plan
        .path_ops
        .iter()
        .map(|&l| iv(module, l))
        .collect::<Option<_>>()?;
    let mut map: HashMap<Value, Value> = HashMap::new();
    let copy = module.clone_op(src, &mut map);
    let index = match plan.placement {
        Placement::Start => 0,
        Placement::End => {
            let ops = &module.blocks[body].ops;
            match ops.last() {
                Some(&t) if module.ops[t].name == "affine.yield" => ops.len() - 1,
                _ => ops.len(),
            }
        }
    };
    module.insert_op(body, index, copy);
    let mut slice_ops = Vec::new();
    module.walk_from(copy, &mut slice_ops);
    // The copy of each source loop, by the source loop's id.
    let copy_of = |module: &Module, id: u32| -> Option<OpId> {
        let v = map.get(&iv(module, OpId::from_u32(id))?)?;
        module.block_parent_op(module.value_block(*v)?)
    };
    let mut sliced = Vec::new();
    for f in decision.finals.iter().filter(|f| f.sliced) {
        let Some(op) = copy_of(module, f.id) else {
            module.erase_op(copy);
            return None;
        };
        // The source loops outside this one, by level.
        let own_outer: Vec<Value> = plan
            .loops
            .iter()
            .find(|l| l.id == f.id)
            .map(|l| l.chain[c0..l.level].to_vec())
            .unwrap_or_default()
            .iter()
            .filter_map(|outer| copy_of(module, outer.id).and_then(|o| iv(module, o)))
            .collect();
        if own_outer.len() + d != f.num_dims as usize {
            module.erase_op(copy);
            return None;
        }
        let dims: Vec<Value> = path_ivs.iter().chain(&own_outer).copied().collect();
        let (Some(lower), Some(upper)) = (
            bound(f.num_dims, &f.lower, &dims, symbols),
            bound(f.num_dims, &f.upper, &dims, symbols),
        ) else {
            // Leave the module as it was.
            module.erase_op(copy);
            return None;
        };
        set_bounds(module, op, &lower, &upper);
        sliced.push(op);
    }
    for op in sliced {
        promote_if_single_iteration(module, op);
    }
    if decision.remove_src {
        module.erase_op(src);
    }
    Some(Rewrite {
        slice_ops: slice_ops.into_iter().collect(),
    })
}

/// A loop bound from expressions over `num_dims` dims (valued `dims`) and
/// the global symbols (valued `symbols`).
fn bound(num_dims: u32, exprs: &[AffineExpr], dims: &[Value], symbols: &[Value]) -> Option<Bound> {
    let ns = symbols.len() as u32;
    let map = AffineMap::new(num_dims, ns, exprs.to_vec()).ok()?;
    let operands: Vec<Value> = dims.iter().chain(symbols).copied().collect();
    let (map, operands) = canonicalize(&map, &operands);
    Some(Bound { map, operands })
}

/// `map` applied to `operands` (dims then symbols) with repeated operands
/// merged, unused ones dropped and the results simplified.
pub(crate) fn canonicalize(map: &AffineMap, operands: &[Value]) -> (AffineMap, Vec<Value>) {
    let nd = map.num_dims() as usize;
    let ns = map.num_symbols() as usize;
    if operands.len() != nd + ns {
        return (map.clone(), operands.to_vec());
    }
    // Merge repeated values: a symbol equal to a dim becomes that dim.
    let mut dim_repl: Vec<AffineExpr> = Vec::new();
    for i in 0..nd {
        let first = operands[..i]
            .iter()
            .position(|&v| v == operands[i])
            .unwrap_or(i);
        dim_repl.push(AffineExpr::dim(first as u32));
    }
    let mut sym_repl: Vec<AffineExpr> = Vec::new();
    for j in 0..ns {
        let v = operands[nd + j];
        sym_repl.push(match operands[..nd].iter().position(|&x| x == v) {
            Some(i) => AffineExpr::dim(i as u32),
            None => {
                let first = operands[nd..nd + j]
                    .iter()
                    .position(|&x| x == v)
                    .unwrap_or(j);
                AffineExpr::symbol(first as u32)
            }
        });
    }
    let merged: Option<Vec<AffineExpr>> = map
        .results()
        .iter()
        .map(|e| e.replace_dims_and_symbols(&dim_repl, &sym_repl).ok())
        .collect();
    let Some(merged) = merged else {
        return (map.clone(), operands.to_vec());
    };
    // Drop unused operands.
    let used_dims: Vec<usize> = (0..nd)
        .filter(|&i| merged.iter().any(|e| e.is_function_of_dim(i as u32)))
        .collect();
    let used_syms: Vec<usize> = (0..ns)
        .filter(|&j| merged.iter().any(|e| e.is_function_of_symbol(j as u32)))
        .collect();
    let mut dim_new = vec![AffineExpr::constant(0); nd];
    for (k, &i) in used_dims.iter().enumerate() {
        dim_new[i] = AffineExpr::dim(k as u32);
    }
    let mut sym_new = vec![AffineExpr::constant(0); ns];
    for (k, &j) in used_syms.iter().enumerate() {
        sym_new[j] = AffineExpr::symbol(k as u32);
    }
    let (und, uns) = (used_dims.len() as u32, used_syms.len() as u32);
    let results: Option<Vec<AffineExpr>> = merged
        .iter()
        .map(|e| {
            e.replace_dims_and_symbols(&dim_new, &sym_new)
                .ok()
                .map(|e| e.simplify(und, uns))
        })
        .collect();
    let Some(results) = results else {
        return (map.clone(), operands.to_vec());
    };
    let Ok(new_map) = AffineMap::new(und, uns, results) else {
        return (map.clone(), operands.to_vec());
    };
    let new_operands = used_dims
        .iter()
        .map(|&i| operands[i])
        .chain(used_syms.iter().map(|&j| operands[nd + j]))
        .collect();
    (new_map, new_operands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_ir::parse_and_verify;

    #[test]
    fn canonicalize_merges_repeated_operands_and_drops_unused_ones() {
        let m = parse_and_verify(
            "t.mlir",
            "func.func @f(%x: index, %y: index) {\n  return\n}\n",
        )
        .unwrap();
        let f = m.functions()[0];
        let args = m.blocks[m.regions[m.ops[f].regions[0]].blocks[0]]
            .args
            .clone();
        let (x, y) = (args[0], args[1]);
        // (d0, d1)[s0] -> (d0 - d1 + 1) over (x, x)[y]: x - x + 1 = 1.
        let map: AffineMap = "(d0, d1)[s0] -> (d0 - d1 + 1)".parse().unwrap();
        let (m1, ops) = canonicalize(&map, &[x, x, y]);
        assert_eq!((m1.to_string(), ops), ("() -> (1)".to_string(), vec![]));
        // A symbol that is also a dim becomes the dim.
        let map: AffineMap = "(d0)[s0] -> (d0 + s0 * 2)".parse().unwrap();
        let (m2, ops) = canonicalize(&map, &[x, x]);
        assert_eq!(
            (m2.to_string(), ops),
            ("(d0) -> (d0 * 3)".to_string(), vec![x])
        );
    }
}
