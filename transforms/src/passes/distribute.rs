//! Loop distribution (fission): an `affine.for` whose body is a sequence
//! of loop nests becomes one copy of the loop per nest. Afterwards every
//! iteration of an earlier nest runs before any iteration of a later one,
//! so the one kind of dependence distribution reverses is one carried by
//! the loop from a later nest to an earlier one; the check proves there is
//! none (an undecided pair counts as one). Dependences within one
//! iteration, and carried ones from an earlier nest to a later one, keep
//! their order.
//!
//! It is what opens gemm's `for i { C[i][:] *= beta; for k { C[i][:] += ..
//! } }` to the band passes: the second copy is a perfect `i, k, j` band.

use std::collections::HashMap;

use tessera_ir::{Module, OpId};

use super::parallelize::hidden_effect;
use crate::dependence::{check_dependence, collect_accesses, Dependence, Modelled};
use crate::loops::{insert_after, ForLoop};

/// The nests of the `affine.for` `op`'s body, when it is nothing but two
/// or more loop nests (no `iter_args`, no other ops, so no value flows
/// between them).
fn body_nests(module: &Module, op: OpId) -> Result<Vec<OpId>, String> {
    let l = ForLoop::read(module, op).ok_or("not an affine.for")?;
    if !module.ops[op].results.is_empty() {
        return Err("the loop has iter_args".into());
    }
    let body: Vec<OpId> = l
        .body_ops(module)
        .into_iter()
        .filter(|&o| module.ops[o].name != "affine.yield")
        .collect();
    if body.len() < 2 {
        return Err("the body is a single op".into());
    }
    if let Some(&o) = body.iter().find(|&&o| module.ops[o].name != "affine.for") {
        let d = &module.ops[o];
        return Err(format!(
            "the body holds {} at {}:{}, not only loop nests",
            d.name, d.loc.line, d.loc.col
        ));
    }
    Ok(body)
}

/// Why the `affine.for` `op` cannot be distributed over the nests of its
/// body, or `None` when it can.
pub fn why_not_distributable(module: &Module, op: OpId) -> Option<String> {
    let nests = match body_nests(module, op) {
        Ok(n) => n,
        Err(why) => return Some(why),
    };
    if let Some(why) = hidden_effect(module, op) {
        return Some(why);
    }
    // Each access with the index of its nest.
    let accesses = collect_accesses(module, op);
    let mut placed = Vec::new();
    for (&access, model) in accesses.ops.iter().zip(&accesses.models) {
        let Modelled::Exact(desc) = model else {
            return Some("an access cannot be analysed".into());
        };
        let mut root = access;
        while let Some(p) = module.parent_op(root).filter(|&p| p != op) {
            root = p;
        }
        let Some(nest) = nests.iter().position(|&n| n == root) else {
            return Some("an access outside the body's nests".into());
        };
        let Some(level) = desc.loops.iter().position(|l| l.id == op.as_u32()) else {
            return Some("an access the model does not place in the loop".into());
        };
        placed.push((nest, level, desc));
    }
    for (later, level, source) in &placed {
        for (earlier, _, sink) in &placed {
            if earlier >= later
                || source.memref != sink.memref
                || !(source.is_write || sink.is_write)
            {
                continue;
            }
            match check_dependence(source, sink, level + 1) {
                Dependence::None => {}
                Dependence::Exists { witness, .. } => {
                    return Some(format!(
                        "a dependence carried by the loop runs from nest {} back to nest {} (iterations {:?} -> {:?})",
                        later + 1,
                        earlier + 1,
                        witness.source,
                        witness.sink
                    ))
                }
                Dependence::Unknown(why) => {
                    return Some(format!(
                        "a dependence from nest {} back to nest {} cannot be ruled out: {why}",
                        later + 1,
                        earlier + 1
                    ))
                }
            }
        }
    }
    None
}

/// Distributes the `affine.for` `op` over the nests of its body; the
/// caller has checked [`why_not_distributable`]. Returns the loops, in
/// program order (`op` first, holding the first nest).
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::loops::outermost_loops;
/// use tessera_transforms::passes::{distribute_loop, why_not_distributable};
///
/// let mut m = parse_and_verify("t.mlir", "func.func @f(%C: memref<8x8xf64>, %s: f64) {
///   affine.for %i = 0 to 8 {
///     affine.for %j = 0 to 8 {
///       %c = affine.load %C[%i, %j] : memref<8x8xf64>
///       %p = arith.mulf %c, %s : f64
///       affine.store %p, %C[%i, %j] : memref<8x8xf64>
///     }
///     affine.for %j = 0 to 8 {
///       %c = affine.load %C[%i, %j] : memref<8x8xf64>
///       %p = arith.addf %c, %s : f64
///       affine.store %p, %C[%i, %j] : memref<8x8xf64>
///     }
///   }
///   return
/// }
/// ")?;
/// let i = outermost_loops(&m)[0];
/// assert_eq!(why_not_distributable(&m, i), None);
/// assert_eq!(distribute_loop(&mut m, i).len(), 2);
/// assert_eq!(outermost_loops(&m).len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn distribute_loop(module: &mut Module, op: OpId) -> Vec<OpId> {
    let Ok(nests) = body_nests(module, op) else {
        return vec![op];
    };
    let mut loops = vec![op];
    for k in 1..nests.len() {
        let copy = module.clone_op(op, &mut HashMap::new());
        let Some(&previous) = loops.last() else {
            break;
        };
        insert_after(module, previous, copy);
        if let Ok(copied) = body_nests(module, copy) {
            for (j, &nest) in copied.iter().enumerate() {
                if j != k {
                    module.erase_op(nest);
                }
            }
        }
        loops.push(copy);
    }
    for &nest in &nests[1..] {
        module.erase_op(nest);
    }
    loops
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loops::outermost_loops;
    use tessera_ir::interp::Interpreter;
    use tessera_ir::parse_and_verify;

    fn program(second_nest: &str) -> String {
        format!(
            "func.func @main() {{
  %A = memref.alloc() : memref<6x6xf64>
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 6 {{
    affine.for %j = 0 to 6 {{
      %x = arith.index_cast %j : index to i64
      %f = arith.sitofp %x : i64 to f64
      affine.store %f, %A[%i, %j] : memref<6x6xf64>
    }}
    affine.for %j = 0 to 6 {{
{second_nest}
    }}
  }}
  %u = memref.cast %A : memref<6x6xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}}
func.func private @printMemrefF64(memref<*xf64>)
"
        )
    }

    fn run(m: &Module) -> String {
        let mut it = Interpreter::new(m);
        it.call("main", &[]).expect("runs");
        it.output().to_string()
    }

    #[test]
    fn independent_rows_are_distributed_and_compute_the_same() {
        let text = program(
            "      %a = affine.load %A[%i, %j] : memref<6x6xf64>
      %s = arith.addf %a, %one : f64
      affine.store %s, %A[%i, %j] : memref<6x6xf64>",
        );
        let before = parse_and_verify("t.mlir", &text).expect("verifies");
        let mut after = before.clone();
        let i = outermost_loops(&after)[0];
        assert_eq!(why_not_distributable(&after, i), None);
        assert_eq!(distribute_loop(&mut after, i).len(), 2);
        assert_eq!(run(&before), run(&after));
    }

    #[test]
    fn a_backward_carried_dependence_blocks_distribution() {
        // The second nest reads row i + 1, which the first nest writes in
        // the next iteration: distributing would read the new values.
        let text = program(
            "      %b = affine.load %A[(%i + 1) mod 6, %j] : memref<6x6xf64>
      %s = arith.addf %b, %one : f64
      affine.store %s, %A[%i, %j] : memref<6x6xf64>",
        );
        let m = parse_and_verify("t.mlir", &text).expect("verifies");
        let why = why_not_distributable(&m, outermost_loops(&m)[0]).expect("refused");
        assert!(why.contains("from nest 2 back to nest 1"), "{why}");
    }
}
