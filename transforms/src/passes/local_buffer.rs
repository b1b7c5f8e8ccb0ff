//! Local buffers: the accesses of one memref inside one loop redirected to
//! a small `memref.alloca` that holds the region they touch — MLIR's
//! affine data copy generation, for one memref around one loop. In the
//! optimizing pipeline this is the register tile: a `4 x 64` block of the
//! matmul's `C` that the C compiler keeps in vector registers across the
//! reduction loop, instead of loading and storing it at every step.
//!
//! Conditions (every answer exact, on the IR as it is):
//!
//! - inside the loop, the memref (or a view of the same memory) is used
//!   only by exactly modelled `affine.load`/`affine.store` ops, and no op
//!   with effects the model cannot see (a call, an unknown op) runs there;
//! - per dimension, some offset `o(p)` (affine in the enclosing induction
//!   variables and symbols) makes every subscript minus `o(p)` range over
//!   a constant interval: the box, of at most `max_bytes`;
//! - the box is read in full: some load's subscripts are, dimension by
//!   dimension, a distinct unit-step loop of the scope plus an outer
//!   offset (or only an outer expression, in a dimension of extent one),
//!   with loop bounds free of the scope's induction variables and
//!   constant trip counts equal to the box's extents, and no `affine.if` in
//!   between. Copying the box in then reads only what the loop reads;
//! - every store is preceded in its block by a load of the same element,
//!   so copying the box back writes nothing the loop would not have
//!   written, and every element's first access in the loop is a read.
//!
//! The buffer is then allocated before the outermost enclosing affine op,
//! the box is copied in before the loop (and out after it, when the loop
//! stores), and every access inside reads `subscript − o(p)` of the
//! buffer. Values flow as before: the buffer is a private copy the loop
//! works on while nothing else runs.

use tessera_affine::{AffineExpr, AffineMap, Constraint, ConstraintKind, IntegerSet};
use tessera_ir::{Attribute, Module, OpId, Type, Value};

use super::fusion::{best_extent, canonicalize, element_bytes, memref_root, shifted_access};
use super::fusion::{region_systems, FunctionModel};
use super::parallelize::hidden_effect;
use crate::dependence::AccessDesc;
use crate::loops::{
    create_for, enclosing_function, insert_after, insert_all_after, insert_all_before,
    insert_before, segment_sizes, AlignedBounds, Bound, ForLoop,
};

/// A memref promoted to a local buffer around a loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalBuffer {
    /// The `memref.alloca` result the loop now works on.
    pub buffer: Value,
    /// Its shape: the box of elements the loop touches.
    pub shape: Vec<i64>,
    /// Whether the box is copied back after the loop (the loop stores).
    pub copied_out: bool,
}

/// Redirects the accesses of `memref` inside the `affine.for` `scope` to a
/// local buffer of at most `max_bytes` (see the module documentation), or
/// says why not.
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::loops::outermost_loops;
/// use tessera_transforms::passes::promote_to_local_buffer;
///
/// let mut m = parse_and_verify("t.mlir", "func.func @f(%A: memref<8x16xf32>, %C: memref<8xf32>) {
///   affine.for %i = 0 to 8 {
///     affine.for %k = 0 to 16 {
///       %c = affine.load %C[%i] : memref<8xf32>
///       %a = affine.load %A[%i, %k] : memref<8x16xf32>
///       %s = arith.addf %c, %a : f32
///       affine.store %s, %C[%i] : memref<8xf32>
///     }
///   }
///   return
/// }
/// ")?;
/// let i = outermost_loops(&m)[0];
/// let c = m.blocks[m.regions[m.ops[m.functions()[0]].regions[0]].blocks[0]].args[1];
/// let buffer = promote_to_local_buffer(&mut m, i, c, 1024)?;
/// assert_eq!(buffer.shape, vec![8]);
/// assert!(print_module(&m, &PrintOptions::default()).contains("memref.alloca() : memref<8xf32>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn promote_to_local_buffer(
    module: &mut Module,
    scope: OpId,
    memref: Value,
    max_bytes: u64,
) -> Result<LocalBuffer, String> {
    let ScopeAccesses {
        elem,
        path,
        outermost,
        accesses,
        descs,
        symbols,
    } = scope_accesses(module, scope, memref)?;
    let depth = path.len();
    let ns = symbols.len() as u32;

    // The box.
    let systems = region_systems(descs.iter().map(|(_, d)| d), ns)?;
    let rank = descs[0].1.subscripts.results().len();
    let mut offsets = Vec::new();
    let mut extents = Vec::new();
    for r in 0..rank {
        let (extent, offset) = best_extent(&systems, r, depth)
            .ok_or_else(|| format!("dimension {r} of the region has no constant extent"))?;
        extents.push(extent);
        offsets.push(offset);
    }
    extents
        .iter()
        .try_fold(element_bytes(&elem).unwrap_or(8), |acc, &e| {
            acc.checked_mul(u64::try_from(e).ok()?)
        })
        .filter(|&b| b <= max_bytes)
        .ok_or_else(|| format!("the region {extents:?} is larger than {max_bytes} bytes"))?;

    // Copying in reads only what the loop reads; copying out writes only
    // what it writes.
    if !descs
        .iter()
        .any(|(o, d)| !d.is_write && covers_box(module, *o, scope, d, depth, &extents))
    {
        return Err(
            "no load reads the whole region, so copying it in could read more than the loop does"
                .into(),
        );
    }
    for (w, _) in descs.iter().filter(|(_, d)| d.is_write) {
        if !read_before(module, *w) {
            let loc = module.ops[*w].loc;
            return Err(format!(
                "the store at {}:{} is not preceded by a load of the same element",
                loc.line, loc.col
            ));
        }
    }
    let copied_out = descs.iter().any(|(_, d)| d.is_write);

    // The rewrite: everything that can fail first, then the edits.
    if rank == 0 {
        return Err("a rank-0 memref".into());
    }
    let path_ivs = ivs_of(module, &path);
    let rewritten = accesses
        .iter()
        .map(|&o| shifted_access(module, o, &offsets, &path_ivs, &symbols))
        .collect::<Result<Vec<_>, String>>()?;
    // The box's origin plus the copy ivs, over (copy ivs, enclosing ivs;
    // symbols).
    let r = rank as u32;
    let results: Vec<AffineExpr> = offsets
        .iter()
        .enumerate()
        .map(|(k, off)| AffineExpr::dim(k as u32) + off.shift_dims(depth as u32, r, 0))
        .collect();
    let box_map = AffineMap::new(r + depth as u32, ns, results).map_err(|e| e.to_string())?;

    let loc = module.ops[scope].loc;
    let buffer = buffer_before(module, outermost, extents.clone(), &elem, loc);
    // A nest over the box copying memref -> buffer, or back when `out`.
    let copy = |module: &mut Module, out: bool| -> OpId {
        let mut ivs = Vec::new();
        let mut loops = Vec::new();
        for &e in &extents {
            let (l, body) = create_for(
                module,
                &Bound::constant(0),
                &Bound::constant(e),
                1,
                &[],
                loc,
            );
            if let Some(&(_, outer_body)) = loops.last() {
                module.insert_op(outer_body, 0, l);
            }
            ivs.push(module.blocks[body].args[0]);
            loops.push((l, body));
        }
        let mut operands = ivs.clone();
        operands.extend(&path_ivs);
        operands.extend(&symbols);
        let (map, operands) = canonicalize(&box_map, &operands);
        let in_memref: Vec<Value> = [memref].into_iter().chain(operands).collect();
        let in_buffer: Vec<Value> = [buffer].into_iter().chain(ivs).collect();
        let identity = AffineMap::identity(r);
        let ((from, from_map), (to, to_map)) = if out {
            ((in_buffer, identity), (in_memref, map))
        } else {
            ((in_memref, map), (in_buffer, identity))
        };
        let [load, store] = copy_element(module, (&from, from_map), (&to, to_map), &elem, loc);
        let (outer, body) = (loops[0].0, loops[loops.len() - 1].1);
        module.insert_op(body, 0, store);
        module.insert_op(body, 0, load);
        outer
    };
    let copy_in = copy(module, false);
    insert_before(module, scope, copy_in);
    if copied_out {
        let copy_out = copy(module, true);
        insert_after(module, scope, copy_out);
    }
    for access in rewritten {
        access.apply(module, buffer);
    }
    Ok(LocalBuffer {
        buffer,
        shape: extents,
        copied_out,
    })
}

/// Scalar replacement (Carr and Kennedy) of one element in one loop: the
/// accesses inside the `affine.for` `scope` to the element that `access`
/// touches — a load or store directly in the loop's body whose subscripts
/// stay fixed while the loop runs — are redirected to a one-element
/// `memref.alloca` (of the memref's rank), copied in before the loop and out after it (when the
/// loop stores to it). The C compiler keeps such a buffer in a register,
/// where through memory each step of a chain (`table[i][j] = max(table[i][j],
/// ...)` over `k`) waits on the last one's store, and an access of another
/// memref that may alias it keeps it there. Returns the buffer.
///
/// Legal when every other access of the memref in the loop provably never
/// touches that element (an exact emptiness test over its iteration
/// domain, for every value of the enclosing loops and symbols) and nothing
/// else in the loop can (the conditions of [`promote_to_local_buffer`] on
/// the memref's uses and hidden effects). The copies run only when the
/// loop runs at least once (an `affine.if` on its bounds unless its trip
/// count is a positive constant): `access` then touches the element in
/// the original too, so the copies touch nothing new.
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::loops::innermost_loops;
/// use tessera_transforms::passes::promote_fixed_element;
///
/// let mut m = parse_and_verify("t.mlir", "func.func @f(%T: memref<8x8xi32>) {
///   affine.for %i = 0 to 8 {
///     affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
///       %t = affine.load %T[%i, %i] : memref<8x8xi32>
///       %a = affine.load %T[%k, %i] : memref<8x8xi32>
///       %s = arith.maxsi %t, %a : i32
///       affine.store %s, %T[%i, %i] : memref<8x8xi32>
///     }
///   }
///   return
/// }
/// ")?;
/// let k = innermost_loops(&m, m.functions()[0])[0];
/// let store = m.blocks[m.regions[m.ops[k].regions[0]].blocks[0]].ops[3];
/// promote_fixed_element(&mut m, k, store)?;
/// let text = print_module(&m, &PrintOptions::default());
/// assert!(text.contains("memref.alloca() : memref<1x1xi32>"));
/// assert!(text.contains("affine.if"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn promote_fixed_element(
    module: &mut Module,
    scope: OpId,
    access: OpId,
) -> Result<Value, String> {
    let memref = match module.ops[access].name.as_str() {
        "affine.load" => module.ops[access].operands[0],
        "affine.store" => *module.ops[access]
            .operands
            .get(1)
            .ok_or("a store without a memref")?,
        _ => return Err("not an affine load or store".into()),
    };
    if module.parent_op(access) != Some(scope) {
        return Err("the access is not directly in the loop's body".into());
    }
    if !module.ops[scope].results.is_empty() {
        return Err("the loop has results".into());
    }
    let scope_loop = ForLoop::read(module, scope).ok_or("the scope is not an affine.for")?;
    let ScopeAccesses {
        elem,
        path,
        outermost,
        accesses: _,
        descs,
        symbols,
    } = scope_accesses(module, scope, memref)?;
    let depth = path.len();
    let ns = symbols.len() as u32;
    let (_, fixed) = descs
        .iter()
        .find(|(o, _)| *o == access)
        .ok_or("the access is not among the loop's accesses")?;
    let n = fixed.loops.len() as u32;
    let element: Vec<AffineExpr> = fixed
        .subscripts
        .results()
        .iter()
        .map(|e| e.simplify(n, ns))
        .collect();
    if element
        .iter()
        .any(|e| (depth as u32..n).any(|p| e.is_function_of_dim(p)))
    {
        return Err("the element changes while the loop runs".into());
    }
    if element.is_empty() {
        return Err("a rank-0 memref".into());
    }

    // The accesses of the element, and a proof for every other one.
    let systems = region_systems(descs.iter().map(|(_, d)| d), ns)?;
    let mut same = Vec::new();
    for ((o, d), (system, subscripts)) in descs.iter().zip(&systems) {
        let m = d.loops.len() as u32;
        let simplified: Vec<AffineExpr> = subscripts.iter().map(|e| e.simplify(m, ns)).collect();
        if simplified == element {
            same.push(*o);
            continue;
        }
        let mut meets = system.clone();
        for (s, e) in subscripts.iter().zip(&element) {
            meets.eq(s.clone() - e.clone());
        }
        if meets.is_empty() != Ok(true) {
            let loc = module.ops[*o].loc;
            return Err(format!(
                "the access at {}:{} may touch the element too",
                loc.line, loc.col
            ));
        }
    }
    let copied_out = same.iter().any(|&o| module.ops[o].name == "affine.store");

    // The rewrite: everything that can fail first, then the edits.
    let path_ivs = ivs_of(module, &path);
    let element_map =
        AffineMap::new(depth as u32, ns, element.clone()).map_err(|e| e.to_string())?;
    let mut operands = path_ivs.clone();
    operands.extend(&symbols);
    let (element_map, element_operands) = canonicalize(&element_map, &operands);
    let runs_once = scope_loop
        .constant_trip_count(module)
        .is_some_and(|trips| trips >= 1);
    let guard = if runs_once {
        None
    } else {
        let aligned = AlignedBounds::new(&scope_loop.lower, &scope_loop.upper)
            .ok_or("the loop's bounds cannot be combined")?;
        let mut constraints = Vec::new();
        for lower in &aligned.lower {
            for upper in &aligned.upper {
                constraints.push(Constraint {
                    expr: upper.clone() - lower.clone() - 1,
                    kind: ConstraintKind::Ge,
                });
            }
        }
        let num_symbols = aligned.operands.len() as u32 - aligned.num_dims;
        let set = IntegerSet::new(aligned.num_dims, num_symbols, constraints)
            .map_err(|e| e.to_string())?;
        Some((set, aligned.operands))
    };

    let loc = module.ops[scope].loc;
    let buffer = buffer_before(module, outermost, vec![1; element.len()], &elem, loc);
    let zero = AffineMap::new(0, 0, vec![AffineExpr::constant(0); element.len()])
        .map_err(|e| e.to_string())?;
    let copy = |module: &mut Module, out: bool| -> [OpId; 2] {
        let in_memref: Vec<Value> = [memref]
            .into_iter()
            .chain(element_operands.clone())
            .collect();
        let ((from, from_map), (to, to_map)) = if out {
            (
                (vec![buffer], zero.clone()),
                (in_memref, element_map.clone()),
            )
        } else {
            (
                (in_memref, element_map.clone()),
                (vec![buffer], zero.clone()),
            )
        };
        copy_element(module, (&from, from_map), (&to, to_map), &elem, loc)
    };
    let copy_in = copy(module, false);
    let copy_out = copied_out.then(|| copy(module, true));
    if let Some((set, operands)) = guard {
        let op = module.create_op("affine.if", &operands, &[], loc);
        module.set_attr(op, "condition", Attribute::IntegerSet(set));
        let then = module.add_region(op);
        let body = module.add_block(then, &[], loc);
        module.add_region(op);
        insert_before(module, scope, op);
        module.detach_op(scope);
        module.append_op(body, scope);
        let terminator = module.create_op("affine.yield", &[], &[], loc);
        module.append_op(body, terminator);
    }
    insert_all_before(module, scope, &copy_in);
    if let Some(copy_out) = copy_out {
        insert_all_after(module, scope, &copy_out);
    }
    // Every access of the element reads the buffer's only one, at
    // constant subscripts (the C compiler's scalar replacement needs them).
    for o in same {
        let memref_at = usize::from(module.ops[o].name == "affine.store");
        let data = &mut module.ops[o];
        data.operands.truncate(memref_at + 1);
        data.operands[memref_at] = buffer;
        module.set_prop(o, "map", Attribute::AffineMap(zero.clone()));
    }
    Ok(buffer)
}

/// A detached `affine.load` of one element (memref and map operands, map)
/// and the `affine.store` of its value to another.
fn copy_element(
    module: &mut Module,
    (from, from_map): (&[Value], AffineMap),
    (to, to_map): (&[Value], AffineMap),
    elem: &Type,
    loc: tessera_ir::Location,
) -> [OpId; 2] {
    let load = module.create_op("affine.load", from, std::slice::from_ref(elem), loc);
    module.set_prop(load, "map", Attribute::AffineMap(from_map));
    let value = module.ops[load].results[0];
    let store_operands: Vec<Value> = std::iter::once(value).chain(to.iter().copied()).collect();
    let store = module.create_op("affine.store", &store_operands, &[], loc);
    module.set_prop(store, "map", Attribute::AffineMap(to_map));
    [load, store]
}

/// A `memref.alloca` of `shape` and `elem` inserted before `anchor`; its
/// result.
fn buffer_before(
    module: &mut Module,
    anchor: OpId,
    shape: Vec<i64>,
    elem: &Type,
    loc: tessera_ir::Location,
) -> Value {
    let ty = Type::MemRef {
        shape,
        elem: Box::new(elem.clone()),
        layout: None,
        space: None,
    };
    let alloca = module.create_op("memref.alloca", &[], &[ty], loc);
    module.set_prop(alloca, "operandSegmentSizes", segment_sizes(&[0, 0]));
    insert_before(module, anchor, alloca);
    module.ops[alloca].results[0]
}

/// The accesses of one memref inside one loop, as the model sees them.
struct ScopeAccesses {
    /// The memref's element type.
    elem: Type,
    /// The `affine.for` loops around the scope, outermost first.
    path: Vec<OpId>,
    /// The outermost affine op around the scope (where a buffer goes).
    outermost: OpId,
    /// The loads and stores of the memref inside the scope.
    accesses: Vec<OpId>,
    /// Their models, in the same order.
    descs: Vec<(OpId, AccessDesc)>,
    /// The function's symbols, as the models number them.
    symbols: Vec<Value>,
}

/// Every use of `memref` inside the `affine.for` `scope`, which must be an
/// exactly modelled `affine.load`/`affine.store` of the memref itself, in
/// a loop with no effect the model cannot see.
fn scope_accesses(module: &Module, scope: OpId, memref: Value) -> Result<ScopeAccesses, String> {
    if module.ops[scope].name != "affine.for" {
        return Err("the scope is not an affine.for".into());
    }
    let func = enclosing_function(module, scope).ok_or("the loop is not in a function")?;
    let Type::MemRef {
        elem, layout: None, ..
    } = module.value_type(memref).clone()
    else {
        return Err("the memref has a layout map".into());
    };
    let mut path = Vec::new();
    let mut outermost = scope;
    let mut parent = module.parent_op(scope);
    while let Some(o) = parent {
        match module.ops[o].name.as_str() {
            "affine.for" => path.push(o),
            "affine.if" => {}
            _ => break,
        }
        outermost = o;
        parent = module.parent_op(o);
    }
    path.reverse();
    let depth = path.len();
    // The copies before the loop need the memref there.
    let mut at = module.defining_op(memref);
    while let Some(o) = at {
        if o == scope {
            return Err("the memref is defined inside the loop".into());
        }
        at = module.parent_op(o);
    }

    let root = memref_root(module, memref);
    let mut inside = Vec::new();
    module.walk_from(scope, &mut inside);
    if let Some(why) = hidden_effect(module, scope) {
        return Err(why);
    }
    let mut accesses = Vec::new();
    for &o in &inside {
        let d = &module.ops[o];
        let touches = d.operands.iter().any(|&v| {
            matches!(module.value_type(v), Type::MemRef { .. }) && memref_root(module, v) == root
        });
        if !touches {
            continue;
        }
        let fine = match d.name.as_str() {
            "affine.load" => d.operands[0] == memref,
            "affine.store" => d.operands.get(1) == Some(&memref) && d.operands[0] != memref,
            _ => false,
        };
        if !fine {
            return Err(format!(
                "the memref is used by {} at {}:{}",
                d.name, d.loc.line, d.loc.col
            ));
        }
        accesses.push(o);
    }
    if accesses.is_empty() {
        return Err("the loop does not access the memref".into());
    }

    let model = FunctionModel::new(module, func);
    let mut descs: Vec<(OpId, AccessDesc)> = Vec::new();
    for &o in &accesses {
        let desc = model
            .accesses
            .ops
            .iter()
            .position(|&x| x == o)
            .and_then(|i| model.desc(i))
            .ok_or("an access the model does not see exactly")?;
        let ids: Vec<u32> = desc.loops.iter().map(|l| l.id).collect();
        let expected: Vec<u32> = path.iter().chain([&scope]).map(|l| l.as_u32()).collect();
        if ids.len() <= depth || ids[..=depth] != expected[..] {
            return Err("an access whose loops the model does not place in the scope".into());
        }
        descs.push((o, desc.clone()));
    }
    Ok(ScopeAccesses {
        elem: *elem,
        path,
        outermost,
        accesses,
        descs,
        symbols: model.accesses.symbols.clone(),
    })
}

/// The induction variables of `loops`.
fn ivs_of(module: &Module, loops: &[OpId]) -> Vec<Value> {
    loops
        .iter()
        .filter_map(|&l| ForLoop::read(module, l).map(|f| f.iv(module)))
        .collect()
}

/// Whether the access `op` (model `desc`) touches the whole box of
/// `extents` each time the scope runs:
/// each subscript is a distinct unit-step loop of the scope (at `depth`
/// or deeper) plus an expression of the enclosing loops and symbols (or
/// only the latter, in a dimension of extent one), the
/// scope's loops around it have bounds free of the scope's induction
/// variables and constant trip counts (those of the subscripts' loops
/// equal to the extents), and no `affine.if` lies between.
pub(super) fn covers_box(
    module: &Module,
    op: OpId,
    scope: OpId,
    desc: &AccessDesc,
    depth: usize,
    extents: &[i64],
) -> bool {
    let Some(trips) = runs_every_time(module, op, scope, desc, depth) else {
        return false;
    };
    let n = desc.loops.len();
    let ns = desc.num_symbols;
    let inner = |e: &AffineExpr| (depth..n).any(|p| e.is_function_of_dim(p as u32));
    let mut used = vec![false; n];
    for (e, &extent) in desc.subscripts.results().iter().zip(extents) {
        let loops: Vec<usize> = (depth..n)
            .filter(|&p| e.is_function_of_dim(p as u32))
            .collect();
        let k = match loops[..] {
            // Fixed while the scope runs: one element.
            [] if extent == 1 => continue,
            [k] => k,
            _ => return false,
        };
        let rest = (e.clone() - AffineExpr::dim(k as u32)).simplify(n as u32, ns);
        if used[k] || inner(&rest) || trips[k - depth] != (extent, 1) {
            return false;
        }
        used[k] = true;
    }
    true
}

/// The (span, step) of each loop of the scope around the access `op`
/// (model `desc`) when every one of them has bounds free of the scope's
/// induction variables and a constant span of at least one, and no
/// `affine.if` lies between: the access then runs at every iteration of
/// the scope.
fn runs_every_time(
    module: &Module,
    op: OpId,
    scope: OpId,
    desc: &AccessDesc,
    depth: usize,
) -> Option<Vec<(i64, i64)>> {
    let mut parent = module.parent_op(op);
    while let Some(p) = parent {
        if p == scope {
            break;
        }
        if module.ops[p].name != "affine.for" {
            return None;
        }
        parent = module.parent_op(p);
    }
    let n = desc.loops.len();
    let ns = desc.num_symbols;
    let inner = |e: &AffineExpr| (depth..n).any(|p| e.is_function_of_dim(p as u32));
    let mut trips = Vec::new();
    for (j, l) in desc.loops.iter().enumerate().skip(depth) {
        let (Some(lo), Some(up)) = (l.lower.results().first(), l.upper.results().first()) else {
            return None;
        };
        if l.lower.results().len() != 1 || l.upper.results().len() != 1 || inner(lo) || inner(up) {
            return None;
        }
        match (up.clone() - lo.clone())
            .simplify(j as u32, ns)
            .as_constant()
        {
            Some(span) if span >= 1 => trips.push((span, l.step)),
            _ => return None,
        }
    }
    Some(trips)
}

/// Whether the store `op` is preceded in its block by a load of the same
/// memref with the same map and operands.
fn read_before(module: &Module, op: OpId) -> bool {
    let d = &module.ops[op];
    let Some(block) = d.parent else {
        return false;
    };
    let ops = &module.blocks[block].ops;
    let Some(at) = ops.iter().position(|&o| o == op) else {
        return false;
    };
    ops[..at].iter().any(|&o| {
        let l = &module.ops[o];
        l.name == "affine.load"
            && l.operands[..] == d.operands[1..]
            && l.attr("map") == d.attr("map")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loops::outermost_loops;
    use tessera_ir::interp::Interpreter;
    use tessera_ir::{parse_and_verify, print_module, PrintOptions};

    /// `@k`'s loop nest with `body` inside `for %i { for %k { ... } }`,
    /// and a `@main` filling `%C` and `%A` and printing `%C`.
    fn kernel(body: &str) -> String {
        format!(
            "func.func @k(%A: memref<6x6xf64>, %C: memref<6x6xf64>) {{
  affine.for %i = 0 to 6 {{
    affine.for %k = 0 to 6 {{
{body}
    }}
  }}
  return
}}
func.func private @ext()
func.func @main() {{
  %A = memref.alloc() : memref<6x6xf64>
  %C = memref.alloc() : memref<6x6xf64>
  affine.for %i = 0 to 6 {{
    affine.for %j = 0 to 6 {{
      %x = arith.index_cast %i : index to i64
      %y = arith.index_cast %j : index to i64
      %s = arith.addi %x, %y : i64
      %f = arith.sitofp %s : i64 to f64
      affine.store %f, %A[%i, %j] : memref<6x6xf64>
      affine.store %f, %C[%i, %j] : memref<6x6xf64>
    }}
  }}
  call @k(%A, %C) : (memref<6x6xf64>, memref<6x6xf64>) -> ()
  %u = memref.cast %C : memref<6x6xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}}
func.func private @printMemrefF64(memref<*xf64>)
"
        )
    }

    fn output(m: &Module) -> String {
        let mut it = Interpreter::new(m);
        it.call("main", &[]).expect("runs");
        it.output().to_string()
    }

    /// Promotes `%C` around the `%k` loop of `@k`.
    fn promote(body: &str, max_bytes: u64) -> (Module, Result<LocalBuffer, String>) {
        let mut m = parse_and_verify("t.mlir", &kernel(body)).expect("verifies");
        let i = outermost_loops(&m)[0];
        let k = ForLoop::read(&m, i).expect("loop").body_ops(&m)[0];
        let f = m.functions()[0];
        let c = m.blocks[m.regions[m.ops[f].regions[0]].blocks[0]].args[1];
        let r = promote_to_local_buffer(&mut m, k, c, max_bytes);
        (m, r)
    }

    const ROW_SUM: &str = "      affine.for %j = 0 to 6 {
        %c = affine.load %C[%i, %j] : memref<6x6xf64>
        %a = affine.load %A[%i, %k] : memref<6x6xf64>
        %s = arith.addf %c, %a : f64
        affine.store %s, %C[%i, %j] : memref<6x6xf64>
      }";

    #[test]
    fn a_reduction_block_moves_to_a_buffer_and_computes_the_same() {
        let before = parse_and_verify("t.mlir", &kernel(ROW_SUM)).expect("verifies");
        let (after, r) = promote(ROW_SUM, 1024);
        let buffer = r.expect("promoted");
        assert_eq!(buffer.shape, vec![1, 6]);
        assert!(buffer.copied_out);
        let text = print_module(&after, &PrintOptions::default());
        assert!(text.contains("memref.alloca() : memref<1x6xf64>"), "{text}");
        assert_eq!(output(&before), output(&after));
        assert!(parse_and_verify("t.mlir", &text).is_ok());
    }

    #[test]
    fn a_read_only_block_is_copied_in_only() {
        let body = "      affine.for %j = 0 to 6 {
        %c = affine.load %C[%i, %j] : memref<6x6xf64>
        %a = affine.load %A[%i, %k] : memref<6x6xf64>
        %s = arith.addf %c, %a : f64
        affine.store %s, %A[%i, %k] : memref<6x6xf64>
      }";
        let before = parse_and_verify("t.mlir", &kernel(body)).expect("verifies");
        let (after, r) = promote(body, 1024);
        assert!(!r.expect("promoted").copied_out);
        assert_eq!(output(&before), output(&after));
    }

    #[test]
    fn refusals_name_their_reason() {
        let call = ROW_SUM.replace(
            "affine.for %j = 0 to 6 {",
            "affine.for %j = 0 to 6 {\n        func.call @ext() : () -> ()",
        );
        let blind_store = "      affine.for %j = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<6x6xf64>
        affine.store %a, %C[%i, %j] : memref<6x6xf64>
        %c = affine.load %C[%i, %j] : memref<6x6xf64>
        affine.store %c, %A[%i, %k] : memref<6x6xf64>
      }";
        let strided = "      affine.for %j = 0 to 3 {
        %c = affine.load %C[%i, %j * 2] : memref<6x6xf64>
        %a = affine.load %A[%i, %k] : memref<6x6xf64>
        %s = arith.addf %c, %a : f64
        affine.store %s, %C[%i, %j * 2] : memref<6x6xf64>
      }";
        let triangular = "      affine.for %j = 0 to #map(%k) {
        %c = affine.load %C[%i, %j] : memref<6x6xf64>
        %a = affine.load %A[%i, %k] : memref<6x6xf64>
        %s = arith.addf %c, %a : f64
        affine.store %s, %C[%i, %j] : memref<6x6xf64>
      }";
        for (body, bytes, why) in [
            (call.as_str(), 1024, "func.call"),
            (blind_store, 1024, "not preceded by a load"),
            (strided, 1024, "no load reads the whole region"),
            (triangular, 1024, "no load reads the whole region"),
            (ROW_SUM, 40, "larger than 40 bytes"),
        ] {
            let body = body.replace("#map(%k)", "affine_map<(d0) -> (d0 + 1)>(%k)");
            let (m, r) = promote(&body, bytes);
            let err = r.expect_err(why);
            assert!(err.contains(why), "{why}: {err}");
            assert!(!print_module(&m, &PrintOptions::default()).contains("alloca"));
        }
    }

    /// `@k` with `body` in a `%k` loop running `0` to `%i` (empty for
    /// `%i = 0`), after promoting the element of the store at `store`
    /// (an index into the `%k` loop's body).
    fn promote_fixed(body: &str, store: usize) -> (Module, Module, Result<Value, String>) {
        let text = kernel(body).replacen(
            "affine.for %k = 0 to 6",
            "affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i)",
            1,
        );
        let before = parse_and_verify("t.mlir", &text).expect("verifies");
        let mut m = before.clone();
        let i = outermost_loops(&m)[0];
        let k = ForLoop::read(&m, i).expect("loop").body_ops(&m)[0];
        let op = ForLoop::read(&m, k).expect("loop").body_ops(&m)[store];
        let r = promote_fixed_element(&mut m, k, op);
        (before, m, r)
    }

    #[test]
    fn a_fixed_element_chain_moves_to_a_buffer_and_computes_the_same() {
        // C[k][i] for k < i never is C[i][i].
        let body = "      %t = affine.load %C[%i, %i] : memref<6x6xf64>
      %a = affine.load %C[%k, %i] : memref<6x6xf64>
      %s = arith.addf %t, %a : f64
      affine.store %s, %C[%i, %i] : memref<6x6xf64>";
        let (before, after, r) = promote_fixed(body, 3);
        r.expect("promoted");
        let text = print_module(&after, &PrintOptions::default());
        assert!(text.contains("memref.alloca() : memref<1x1xf64>"), "{text}");
        // The copies run only when the loop does (not for %i = 0).
        assert!(text.contains("affine.if"), "{text}");
        assert!(text.contains("affine.load %alloca[0, 0]"), "{text}");
        assert_eq!(output(&before), output(&after));
        assert!(parse_and_verify("t.mlir", &text).is_ok());
    }

    #[test]
    fn fixed_element_refusals_name_their_reason() {
        // C[i][k + 1] is C[i][i] at k = i - 1.
        let touched = "      %t = affine.load %C[%i, %i] : memref<6x6xf64>
      %a = affine.load %C[%i, %k + 1] : memref<6x6xf64>
      %s = arith.addf %t, %a : f64
      affine.store %s, %C[%i, %i] : memref<6x6xf64>";
        let moving = "      %t = affine.load %C[%i, %k] : memref<6x6xf64>
      %a = affine.load %A[%k, %i] : memref<6x6xf64>
      %s = arith.addf %t, %a : f64
      affine.store %s, %C[%i, %k] : memref<6x6xf64>";
        let inner = "      %b = memref.alloca() : memref<2xf64>
      %t = affine.load %C[%i, %i] : memref<6x6xf64>
      affine.store %t, %b[1] : memref<2xf64>
      %u = affine.load %b[1] : memref<2xf64>
      affine.store %u, %C[%i, %i] : memref<6x6xf64>";
        let call = "      %t = affine.load %C[%i, %i] : memref<6x6xf64>
      func.call @ext() : () -> ()
      %s = arith.addf %t, %t : f64
      affine.store %s, %C[%i, %i] : memref<6x6xf64>";
        for (body, why) in [
            (touched.to_string(), "may touch the element too"),
            (
                moving.to_string(),
                "the element changes while the loop runs",
            ),
            (call.to_string(), "func.call"),
            (inner.to_string(), "defined inside the loop"),
        ] {
            let store = if body.contains("%b") { 2 } else { 3 };
            let (before, m, r) = promote_fixed(&body, store);
            let err = r.expect_err(why);
            assert!(err.contains(why), "{why}: {err}");
            let print = |m: &Module| print_module(m, &PrintOptions::default());
            assert_eq!(print(&before), print(&m));
        }
    }
}
