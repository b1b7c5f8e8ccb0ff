//! `--tessera-expand-scalars`: a one-element buffer private to each
//! iteration of a loop becomes an array over that loop, when the loop
//! walks the arrays it touches along their fastest-varying subscript.
//!
//! PolyBench's `deriche` runs its vertical recurrences column by column:
//!
//! ```text
//! for j: ym1 = 0; for i: y1[i][j] = a * imgOut[i][j] + b * ym1; ym1 = y1[i][j]
//! ```
//!
//! The inner loop strides over rows; interchanging `i` and `j` would
//! stream the arrays, but every iteration of `j` reuses the same `ym1`.
//! Giving each iteration its own cell, `ym1[j]`, leaves only the true
//! dependences (the recurrence along `i`, per `j`), and the scheduler can
//! put `j` innermost. Each cell holds what the buffer held in that
//! iteration, so the results are bit-identical.
//!
//! A *window* is the body of an `affine.for` `L` whose first access to
//! the buffer `w` (in program order) is a store among the body's own ops:
//! each iteration of `L` starts by overwriting `w`, so no value flows
//! into the window from earlier ones. A buffer whose every access lies in
//! a window (the outermost one, when they nest) never carries a value
//! from one window to another, and any of its windows can be expanded
//! alone: its accesses become accesses of a new
//! `memref.alloca() : memref<T x elem>` (`T` the trip count of `L`, whose
//! bounds must be constant) at `(iv − lb) floordiv step`, allocated next
//! to the buffer, which must be in the function's entry block.
//!
//! A window is expanded when it holds a loop and every array access in it
//! has `L`'s induction variable in its last subscript (and nowhere else):
//! a sweep along columns, where `L` should run innermost and only the
//! buffer kept it outside. (Where some accesses do not run along `L`, as
//! `symm`'s `A[i][k]` beside `C[k][j]`, the scheduler then moved `L`
//! outermost, which ran 2x slower than the buffer kept.) `T` is at most
//! [`MAX_EXPANDED`].

use std::collections::HashMap;
use tessera_affine::{AffineExpr, AffineMap};

use tessera_ir::{Attribute, BlockId, Module, OpId, Type, Value};

use super::buffers::{ancestor_position, erase_if_unused, scalar_buffer, users};
use super::PassRemark;
use crate::loops::{insert_before, segment_sizes, ForLoop};

/// The largest trip count a buffer is expanded over (elements): the
/// array is a `memref.alloca`, on the stack under MLIR's lowering.
pub const MAX_EXPANDED: u64 = 1 << 16;

/// A window of a buffer: the loop whose body it is and the buffer's
/// accesses in it.
struct Window {
    lp: ForLoop,
    accesses: Vec<OpId>,
}

/// Expands every window worth it (see the module documentation); one
/// remark per window expanded.
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::passes::expand_scalars;
///
/// let mut m = parse_and_verify(
///     "t.mlir",
///     "func.func @f(%A: memref<8x16xf32>) {
///        %t = memref.alloca() : memref<1xf32>
///        %zero = arith.constant 0.0 : f32
///        affine.for %j = 0 to 16 {
///          affine.store %zero, %t[0] : memref<1xf32>
///          affine.for %i = 0 to 8 {
///            %0 = affine.load %t[0] : memref<1xf32>
///            %1 = affine.load %A[%i, %j] : memref<8x16xf32>
///            %2 = arith.addf %0, %1 : f32
///            affine.store %2, %A[%i, %j] : memref<8x16xf32>
///            affine.store %2, %t[0] : memref<1xf32>
///          }
///        }
///        return
///      }",
/// )
/// .unwrap();
/// // Expanded, and the initialisation split off.
/// assert_eq!(expand_scalars(&mut m).len(), 2);
/// let text = print_module(&m, &PrintOptions::default());
/// assert!(text.contains("memref.alloca() : memref<16xf32>"));
/// assert!(text.contains("affine.load %alloca[%arg1]"));
/// ```
pub fn expand_scalars(module: &mut Module) -> Vec<PassRemark> {
    let buffers: Vec<(OpId, Value)> = module
        .walk()
        .into_iter()
        .filter_map(|op| scalar_buffer(module, op).map(|v| (op, v)))
        .collect();
    let mut remarks = Vec::new();
    let mut expanded: Vec<(OpId, Vec<Value>)> = Vec::new();
    for (alloc, w) in buffers {
        // The array is allocated next to the buffer: only in the
        // function's entry block, never once per iteration of a loop.
        let at_top = module
            .parent_op(alloc)
            .is_some_and(|p| module.ops[p].name == "func.func");
        if !at_top {
            continue;
        }
        let Some(windows) = windows_of(module, w) else {
            continue;
        };
        for win in windows {
            let Some(trips) = worth_expanding(module, &win) else {
                continue;
            };
            let Some(array) = expand(module, alloc, w, &win, trips) else {
                continue;
            };
            match expanded.iter_mut().find(|(l, _)| *l == win.lp.op) {
                Some((_, arrays)) => arrays.push(array),
                None => expanded.push((win.lp.op, vec![array])),
            }
            remarks.push(PassRemark {
 mlir_remark: None,
                op: win.lp.op,
                message: format!(
                    "tessera-expand-scalars: a one-element buffer becomes an array of {trips} over this loop"
                ),
            });
        }
        erase_if_unused(module, alloc, w);
    }
    for (lp, arrays) in expanded {
        if split_initialisation(module, lp, &arrays) {
            remarks.push(PassRemark {
                mlir_remark: None,
                op: lp,
                message:
                    "tessera-expand-scalars: the arrays' initialisation runs in a loop of its own"
                        .into(),
            });
        }
    }
    remarks
}

/// Moves the stores that open the body of the loop `lp` — of values
/// defined outside it, into `arrays` (expanded over `lp`) — into a copy
/// of the loop before it, leaving the rest of the body, when there is a
/// rest: each iteration's cells are written before any iteration reads
/// them, and nothing else touches them (they are new). `deriche`'s
/// column sweeps become perfect bands the band steps interchange.
fn split_initialisation(m: &mut Module, lp: OpId, arrays: &[Value]) -> bool {
    let Some(l) = ForLoop::read(m, lp) else {
        return false;
    };
    // A copy of a loop with `iter_args` would yield values it no longer
    // defines.
    if !l.inits.is_empty() {
        return false;
    }
    let body = l.body_ops(m);
    let inits = body
        .iter()
        .take_while(|&&o| {
            let d = &m.ops[o];
            d.name == "affine.store"
                && d.operands.get(1).is_some_and(|a| arrays.contains(a))
                && !defined_in(m, d.operands[0], l.body)
        })
        .count();
    if inits == 0 || inits == body.len() {
        return false;
    }
    let copy = m.clone_op(lp, &mut HashMap::new());
    insert_before(m, lp, copy);
    let Some(c) = ForLoop::read(m, copy) else {
        return false;
    };
    for &o in &c.body_ops(m)[inits..] {
        m.erase_op(o);
    }
    for &o in &body[..inits] {
        m.erase_op(o);
    }
    true
}

/// Is `v` defined inside the block `block` (or a region nested in it)?
fn defined_in(m: &Module, v: Value, block: BlockId) -> bool {
    let Some(mut b) = m.value_block(v) else {
        return false;
    };
    loop {
        if b == block {
            return true;
        }
        match m.block_parent_op(b).and_then(|op| m.ops[op].parent) {
            Some(parent) => b = parent,
            None => return false,
        }
    }
}

/// The windows of `w`, outermost first, or `None` when some access lies
/// in none.
fn windows_of(m: &Module, w: Value) -> Option<Vec<Window>> {
    let accesses: Vec<OpId> = users(m, w)
        .into_iter()
        .filter(|&u| m.ops[u].name != "memref.dealloc")
        .collect();
    let mut covered = vec![false; accesses.len()];
    let mut windows = Vec::new();
    for op in m.walk() {
        let Some(lp) = ForLoop::read(m, op) else {
            continue;
        };
        // Accesses in program order (the walk is pre-order, as `users`).
        let inside: Vec<usize> = (0..accesses.len())
            .filter(|&k| ancestor_position(m, accesses[k], lp.body).is_some())
            .collect();
        let Some(&first) = inside.first() else {
            continue;
        };
        let starts = m.ops[accesses[first]].name == "affine.store"
            && m.ops[accesses[first]].parent == Some(lp.body);
        if !starts || inside.iter().any(|&k| covered[k]) {
            continue;
        }
        inside.iter().for_each(|&k| covered[k] = true);
        windows.push(Window {
            lp,
            accesses: inside.iter().map(|&k| accesses[k]).collect(),
        });
    }
    covered.iter().all(|&c| c).then_some(windows)
}

/// The trip count to expand the window over, when it is worth it.
fn worth_expanding(m: &Module, win: &Window) -> Option<u64> {
    let (lb, ub) = (win.lp.lower.as_constant()?, win.lp.upper.as_constant()?);
    let trips = win.lp.constant_trip_count(m)?;
    if trips == 0 || trips > MAX_EXPANDED || ub <= lb {
        return None;
    }
    let iv = win.lp.iv(m);
    let mut nested = Vec::new();
    for &op in &m.blocks[win.lp.body].ops {
        m.walk_from(op, &mut nested);
    }
    if !nested.iter().any(|&o| m.ops[o].name == "affine.for") {
        return None;
    }
    let (mut along, mut arrays) = (0, 0);
    for &o in &nested {
        let Some((memref, map, operands)) = array_access(m, o) else {
            continue;
        };
        if scalar_buffer_value(m, memref) {
            continue;
        }
        arrays += 1;
        let results = map.results();
        let Some((last, rest)) = results.split_last() else {
            continue;
        };
        let dims = map.num_dims() as usize;
        let uses = |e: &AffineExpr| {
            operands.iter().enumerate().any(|(k, &v)| {
                v == iv
                    && if k < dims {
                        e.is_function_of_dim(k as u32)
                    } else {
                        e.is_function_of_symbol((k - dims) as u32)
                    }
            })
        };
        if uses(last) && !rest.iter().any(uses) {
            along += 1;
        }
    }
    (arrays > 0 && along == arrays).then_some(trips)
}

/// Is `v` a one-element local buffer?
fn scalar_buffer_value(m: &Module, v: Value) -> bool {
    m.defining_op(v)
        .is_some_and(|op| scalar_buffer(m, op).is_some())
}

/// The memref, map and map operands of an affine load or store.
fn array_access(m: &Module, op: OpId) -> Option<(Value, AffineMap, &[Value])> {
    let d = &m.ops[op];
    let at = match d.name.as_str() {
        "affine.load" => 0,
        "affine.store" => 1,
        _ => return None,
    };
    let Some(Attribute::AffineMap(map)) = d.attr("map") else {
        return None;
    };
    Some((*d.operands.get(at)?, map.clone(), d.operands.get(at + 1..)?))
}

/// Gives the window its own array, allocated next to the buffer; the
/// array.
fn expand(m: &mut Module, alloc: OpId, w: Value, win: &Window, trips: u64) -> Option<Value> {
    let Type::MemRef { elem, .. } = m.value_type(w).clone() else {
        return None;
    };
    let ty = Type::MemRef {
        shape: vec![trips as i64],
        elem,
        layout: None,
        space: None,
    };
    let loc = m.ops[alloc].loc;
    let array = m.create_op("memref.alloca", &[], &[ty], loc);
    m.set_prop(array, "operandSegmentSizes", segment_sizes(&[0, 0]));
    let block = m.ops[alloc].parent?;
    let at = m.blocks[block].ops.iter().position(|&o| o == alloc)?;
    m.insert_op(block, at + 1, array);
    let array = m.ops[array].results[0];
    let lb = win.lp.lower.as_constant().unwrap_or(0);
    let index = if lb == 0 && win.lp.step == 1 {
        AffineExpr::dim(0)
    } else {
        (AffineExpr::dim(0) - lb).floor_div(win.lp.step)
    };
    let map = AffineMap::new(1, 0, vec![index]).ok()?;
    let iv = win.lp.iv(m);
    for &a in &win.accesses {
        let at = usize::from(m.ops[a].name == "affine.store");
        let mut operands = m.ops[a].operands[..at].to_vec();
        operands.extend([array, iv]);
        m.ops[a].operands = operands;
        m.set_prop(a, "map", Attribute::AffineMap(map.clone()));
    }
    Some(array)
}
