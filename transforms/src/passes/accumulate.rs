//! `--tessera-accumulate-in-place`: a one-element buffer that carries a
//! value from a store at the top of a loop body to a store into memory at
//! its end accumulates in that memory cell instead.
//!
//! PolyBench's `ludcmp` computes each `A[i][j]` in a scalar `w`:
//!
//! ```text
//! w = A[i][j];  for k < j: w -= A[i][k] * A[k][j];  A[i][j] = w / A[j][j];
//! ```
//!
//! Every iteration of `i` and `j` reads and writes the same `w`, so no
//! loop of the nest can be reordered: the scalar's anti and output
//! dependences serialise it. Accumulating in `A[i][j]` itself gives the
//! `lu` kernel's form, whose only dependences are the true ones, and the
//! scheduler can turn it right-looking. The same operations run in the
//! same order on the same values, so the results are bit-identical.
//!
//! A *window* is a block `B`, a store `s0` into the buffer `w` among `B`'s
//! ops and a later store `s_end` among them (into another memref `M`, of
//! `w`'s element type). It is rewritten — every access to `w` between
//! `s0` and `s_end`, nested ones included, becomes the same access to
//! `s_end`'s element of `M` — when
//! - every access to `w` in the function lies in a window (so `w`'s value
//!   never flows from one window to another, nor into or out of one),
//! - `w` is a local allocation of one element used only by affine loads
//!   and stores (and a `memref.dealloc`),
//! - `s_end`'s memref and subscripts are defined before `s0`, and
//! - no op between `s0` and `s_end` may read or write `s_end`'s element
//!   in the same iteration of the loops around `B` (tessera's exact
//!   dependence test; distinct memref values do not alias, as everywhere
//!   in tessera's dependence analysis and MLIR's), so the cell's early
//!   writes are seen by the rewritten accesses only, and it holds the
//!   value it had before `s0` until then and the same final value after.
//!
//! A buffer with any window that fails is left alone. A store at `s0` of
//! the value just loaded from `s_end`'s element (`w = A[i][j]`) becomes
//! dead and is erased; so is `w` once it has no accesses left.

use std::collections::{HashMap, HashSet};

use tessera_affine::AffineMap;
use tessera_ir::{Attribute, BlockId, Module, OpId, Type, Value};

use super::buffers::{ancestor_position, erase_if_unused, scalar_buffer, users};
use super::scalrep::{effect_memref, has_no_effect, is_recursive, underlying, Effect};
use super::PassRemark;
use crate::dependence::{check_dependence, collect_accesses, AccessDesc, Dependence, Modelled};

/// One window of a buffer: the block, the positions of `s0` and `s_end`
/// in it, and the accesses to the buffer it covers.
struct Window {
    block: BlockId,
    start: OpId,
    end: OpId,
    accesses: Vec<OpId>,
}

/// Rewrites the windows of every one-element local buffer whose windows
/// are all legal; one remark per buffer rewritten.
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::passes::accumulate_in_place;
///
/// let mut m = parse_and_verify(
///     "t.mlir",
///     "func.func @f(%A: memref<8x8xf64>) {
///        %w = memref.alloca() : memref<1xf64>
///        affine.for %i = 0 to 8 {
///          %0 = affine.load %A[%i, %i] : memref<8x8xf64>
///          affine.store %0, %w[0] : memref<1xf64>
///          affine.for %k = 0 to 8 {
///            %1 = affine.load %w[0] : memref<1xf64>
///            %2 = affine.load %A[%k, %i] : memref<8x8xf64>
///            %3 = arith.addf %1, %2 : f64
///            affine.store %3, %w[0] : memref<1xf64>
///          }
///          %4 = affine.load %w[0] : memref<1xf64>
///          affine.store %4, %A[%i, %i] : memref<8x8xf64>
///        }
///        return
///      }",
/// )
/// .unwrap();
/// // `A[k][i]` is `A[i][i]` at `k == i`: the cell is read in the window.
/// assert!(accumulate_in_place(&mut m).is_empty());
/// assert!(print_module(&m, &PrintOptions::default()).contains("memref.alloca"));
/// ```
pub fn accumulate_in_place(module: &mut Module) -> Vec<PassRemark> {
    let buffers: Vec<(OpId, Value)> = module
        .walk()
        .into_iter()
        .filter_map(|op| scalar_buffer(module, op).map(|v| (op, v)))
        .collect();
    let mut remarks = Vec::new();
    // The access models, computed again only after a rewrite.
    let mut models = None;
    for (alloc, w) in buffers {
        let Some(windows) = windows_of(module, w) else {
            continue;
        };
        let current = models.get_or_insert_with(|| exact_models(module));
        if windows.iter().any(|win| touched(module, current, win)) {
            continue;
        }
        for win in &windows {
            rewrite(module, win, w);
        }
        models = None;
        erase_if_unused(module, alloc, w);
        remarks.push(PassRemark {
 mlir_remark: None,
            op: alloc,
            message: format!(
                "tessera-accumulate-in-place: a one-element buffer accumulates in memory instead ({} windows)",
                windows.len()
            ),
        });
    }
    remarks
}

/// The windows covering every access to `w`, or `None` when some access
/// lies in none.
fn windows_of(m: &Module, w: Value) -> Option<Vec<Window>> {
    let accesses: Vec<OpId> = users(m, w)
        .into_iter()
        .filter(|&u| m.ops[u].name != "memref.dealloc")
        .collect();
    let elem = match m.value_type(w) {
        Type::MemRef { elem, .. } => elem.as_ref().clone(),
        _ => return None,
    };
    let mut windows = Vec::new();
    let mut covered = HashSet::new();
    for &s0 in &accesses {
        if m.ops[s0].name != "affine.store" {
            continue;
        }
        let block = m.ops[s0].parent?;
        let ops = &m.blocks[block].ops;
        let start = ops.iter().position(|&o| o == s0)?;
        // The accesses this store starts: those after it in the block
        // (nested ones by their ancestor), up to the next store into `w`
        // among the block's own ops.
        let next_start = ops[start + 1..]
            .iter()
            .position(|&o| accesses.contains(&o) && m.ops[o].name == "affine.store")
            .map_or(ops.len(), |p| start + 1 + p);
        let mut inside = vec![s0];
        let mut last = start;
        for &a in &accesses {
            if a == s0 {
                continue;
            }
            if let Some(p) = ancestor_position(m, a, block) {
                if p > start && p < next_start {
                    inside.push(a);
                    last = last.max(p);
                }
            }
        }
        // A store with no such end (one inside a window's loop) must lie
        // in another window.
        let Some(end) = ops[last + 1..next_start].iter().copied().find(|&o| {
            let d = &m.ops[o];
            d.name == "affine.store"
                && d.operands.len() >= 2
                && match m.value_type(d.operands[1]) {
                    Type::MemRef { elem: e, .. } => **e == elem,
                    _ => false,
                }
        }) else {
            continue;
        };
        if !defined_before(m, &m.ops[end].operands[1..], block, start) {
            return None;
        }
        for &a in &inside {
            if !covered.insert(a) {
                return None;
            }
        }
        windows.push(Window {
            block,
            start: s0,
            end,
            accesses: inside,
        });
    }
    (covered.len() == accesses.len()).then_some(windows)
}

/// Are `values`, visible at a later op of `block`, defined before its
/// op at `position`?
fn defined_before(m: &Module, values: &[Value], block: BlockId, position: usize) -> bool {
    values.iter().all(|&v| match m.defining_op(v) {
        Some(def) if m.ops[def].parent == Some(block) => m.blocks[block]
            .ops
            .iter()
            .position(|&o| o == def)
            .is_some_and(|p| p < position),
        _ => true,
    })
}

/// Points the window's accesses to `w` at `s_end`'s element, and erases
/// `s0` when it stores the value just loaded from that element.
fn rewrite(m: &mut Module, win: &Window, w: Value) {
    let end = &m.ops[win.end];
    let target: Vec<Value> = end.operands[1..].to_vec();
    let Some(Attribute::AffineMap(map)) = end.attr("map").cloned() else {
        return;
    };
    for &a in &win.accesses {
        let at = usize::from(m.ops[a].name == "affine.store");
        debug_assert_eq!(m.ops[a].operands[at], w);
        let mut operands = m.ops[a].operands[..at].to_vec();
        operands.extend(&target);
        m.ops[a].operands = operands;
        m.set_prop(a, "map", Attribute::AffineMap(map.clone()));
    }
    // `w = A[i][j]` at the start and `A[i][j] = w` at the end now store
    // what was just loaded from the same cell.
    for store in [win.start, win.end] {
        if let Some(load) = stores_loaded_value(m, win.block, store, &map, &target) {
            m.erase_op(store);
            let loaded = m.ops[load].results[0];
            if users(m, loaded).is_empty() {
                m.erase_op(load);
            }
        }
    }
}

/// The load of `store`'s element whose value `store` stores, when it
/// comes just before it in `block` with only effect-free ops between.
fn stores_loaded_value(
    m: &Module,
    block: BlockId,
    store: OpId,
    map: &AffineMap,
    target: &[Value],
) -> Option<OpId> {
    let load = m.defining_op(*m.ops[store].operands.first()?)?;
    let l = &m.ops[load];
    if l.name != "affine.load"
        || l.parent != Some(block)
        || l.operands != target
        || l.attr("map") != Some(&Attribute::AffineMap(map.clone()))
    {
        return None;
    }
    let ops = &m.blocks[block].ops;
    let from = ops.iter().position(|&o| o == load)?;
    let to = ops.iter().position(|&o| o == store)?;
    ops[from + 1..to]
        .iter()
        .all(|&o| {
            let name = m.ops[o].name.as_str();
            m.ops[o].regions.is_empty()
                && has_no_effect(name, Effect::Write)
                && (has_no_effect(name, Effect::Read) || name == "affine.load")
        })
        .then_some(load)
}
/// The exact access model of every affine access of the module.
fn exact_models(m: &Module) -> HashMap<OpId, AccessDesc> {
    let accesses = collect_accesses(m, m.top);
    accesses
        .ops
        .into_iter()
        .zip(accesses.models)
        .filter_map(|(op, model)| match model {
            Modelled::Exact(a) => Some((op, a)),
            Modelled::Unknown { .. } => None,
        })
        .collect()
}

/// May an op between the window's `s0` and `s_end` (nested ones
/// included) read or write `s_end`'s element in the same iteration of the
/// loops around the window's block?
fn touched(m: &Module, models: &HashMap<OpId, AccessDesc>, win: &Window) -> bool {
    let cell = underlying(m, m.ops[win.end].operands[1]);
    let Some(end) = models.get(&win.end) else {
        return true;
    };
    let depth = end.loops.len() + 1;
    let ops = &m.blocks[win.block].ops;
    let (Some(from), Some(to)) = (
        ops.iter().position(|&o| o == win.start),
        ops.iter().position(|&o| o == win.end),
    ) else {
        return true;
    };
    let mut between = Vec::new();
    for &op in &ops[from + 1..to] {
        m.walk_from(op, &mut between);
    }
    between.into_iter().any(|op| {
        let name = m.ops[op].name.as_str();
        if is_recursive(name)
            || (has_no_effect(name, Effect::Read) && has_no_effect(name, Effect::Write))
        {
            return false;
        }
        // Both effects: `memref.copy` reads one memref and writes another.
        let targets: Vec<Value> = [Effect::Read, Effect::Write]
            .into_iter()
            .filter_map(|k| effect_memref(m, op, k))
            .collect();
        if targets.is_empty() {
            return true; // effects tessera cannot see
        }
        if targets.iter().all(|&t| underlying(m, t) != cell) {
            return false;
        }
        // Vector accesses are modelled by their first element only: any
        // one of the cell's memref counts as touching it.
        match models.get(&op) {
            Some(a) if matches!(name, "affine.load" | "affine.store") => {
                !matches!(check_dependence(a, end, depth), Dependence::None)
            }
            _ => true,
        }
    })
}
