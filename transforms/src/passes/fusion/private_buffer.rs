//! Private buffers: after fusion, an intermediate memref used only inside
//! the fused nest shrinks to what one iteration of the destination's outer
//! `depth` loops touches.
//!
//! Conditions (checked on the fused IR, every answer exact):
//!
//! - the memref comes from `memref.alloc`/`memref.alloca` with a static
//!   shape, and every use is an exactly modelled affine access inside the
//!   fused nest under the fusion depth, or a `memref.dealloc`: nothing
//!   else can observe it;
//! - no value flows between iterations of the outer `depth` loops through
//!   it: no write in one such iteration is read in a later one (a slice's
//!   replayed writes are exempt: the destination's reads see the values
//!   written in their own iteration, and the replay rewrote them);
//! - per dimension, some offset `o(p)` (affine in the outer induction
//!   variables and symbols) makes every subscript minus `o(p)` range over
//!   a constant interval, found with the solver's exact integer minimum
//!   and maximum.
//!
//! The buffer is then `memref<extents x elem>` (in the fast memory space
//! when it is at most `fusion-local-buf-threshold` KiB and a space is
//! given), every access is rewritten to `subscript − o(p)`, the
//! deallocations follow, and the old allocation goes.

use std::collections::HashSet;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Attribute, Module, OpId, Type, Value};

use super::fuse::canonicalize;
use super::legality::Regime;
use super::model::{is_ancestor, FunctionModel};
use super::poly::{dim_exprs, remap, Range, System};
use crate::dependence::{check_dependence, AccessDesc, Dependence};

/// A memref replaced by a smaller private one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PrivateBuffer {
    /// The shape of the old memref.
    pub old_shape: Vec<i64>,
    /// The shape of the new one.
    pub new_shape: Vec<i64>,
}

/// What privatization needs to know about the fusion.
pub(crate) struct Request<'a> {
    /// The function.
    pub func: OpId,
    /// The fused nest.
    pub fused: OpId,
    /// The destination loops the slice sits in, outermost first.
    pub path_ops: &'a [OpId],
    /// The intermediate memref.
    pub memref: Value,
    /// The ops of the slice copy.
    pub slice_ops: &'a HashSet<OpId>,
    /// How the fusion is legal.
    pub regime: Regime,
    /// The fast memory space, if any.
    pub fast_space: Option<u64>,
    /// Buffers of at most this many bytes go to the fast space.
    pub threshold_bytes: u64,
}

/// The size in bytes of one element, when known.
pub(crate) fn element_bytes(ty: &Type) -> Option<u64> {
    match ty {
        Type::Index => Some(8),
        _ => ty.bit_width().map(|b| u64::from(b).div_ceil(8)),
    }
}

/// Replaces `req.memref` by a private buffer, or says why not.
pub(crate) fn privatize(module: &mut Module, req: &Request) -> Result<PrivateBuffer, String> {
    let memref = req.memref;
    let def = module
        .defining_op(memref)
        .ok_or("the memref is a block argument")?;
    let def_name = module.ops[def].name.clone();
    if def_name != "memref.alloc" && def_name != "memref.alloca" {
        return Err(format!(
            "the memref comes from {def_name}, not an allocation"
        ));
    }
    let Type::MemRef {
        shape,
        elem,
        layout: None,
        space,
    } = module.value_type(memref).clone()
    else {
        return Err("the memref has a layout".to_string());
    };
    if shape.iter().any(|&s| s < 0) || !module.ops[def].operands.is_empty() {
        return Err("the memref has a dynamic shape".to_string());
    }
    // Every use: an affine access inside the fused nest, or a dealloc.
    let mut ops = Vec::new();
    module.walk_from(req.func, &mut ops);
    let mut deallocs = Vec::new();
    let mut accesses = Vec::new();
    for &o in &ops {
        let d = &module.ops[o];
        let Some(k) = d.operands.iter().position(|&v| v == memref) else {
            continue;
        };
        let fine = match d.name.as_str() {
            "memref.dealloc" => {
                deallocs.push(o);
                true
            }
            "affine.load" => k == 0 && is_ancestor(module, req.fused, o),
            "affine.store" => {
                k == 1 && d.operands[0] != memref && is_ancestor(module, req.fused, o)
            }
            _ => false,
        };
        if !fine {
            return Err(format!(
                "the memref is used by {} at {}:{}",
                d.name, d.loc.line, d.loc.col
            ));
        }
        if d.name != "memref.dealloc" {
            accesses.push(o);
        }
    }
    let model = FunctionModel::new(module, req.func);
    let depth = req.path_ops.len();
    let path_ids: Vec<u32> = req.path_ops.iter().map(|o| o.as_u32()).collect();
    let mut descs = Vec::new();
    for &o in &accesses {
        let Some(i) = model.accesses.ops.iter().position(|&x| x == o) else {
            return Err("an access the model does not list".to_string());
        };
        let Some(desc) = model.desc(i) else {
            return Err("an access the model does not see exactly".to_string());
        };
        if desc.loops.len() < depth
            || desc.loops[..depth]
                .iter()
                .map(|l| l.id)
                .ne(path_ids.iter().copied())
        {
            return Err("an access outside the loops at the fusion depth".to_string());
        }
        descs.push((o, desc.clone()));
    }
    // No flow between iterations of the outer loops.
    for (w, dw) in descs.iter().filter(|(_, d)| d.is_write) {
        if req.regime == Regime::Replay && req.slice_ops.contains(w) {
            continue;
        }
        for (_, dr) in descs.iter().filter(|(_, d)| !d.is_write) {
            for k in 1..=depth.min(dw.common_loops(dr)) {
                if check_dependence(dw, dr, k) != Dependence::None {
                    return Err(format!(
                        "a value written at {}:{} flows across iterations of the loop at depth {k}",
                        module.ops[*w].loc.line, module.ops[*w].loc.col
                    ));
                }
            }
        }
    }
    // The box: per dimension an offset and a constant extent.
    let ns = model.num_symbols();
    let systems = region_systems(descs.iter().map(|(_, d)| d), ns)?;
    let mut offsets: Vec<AffineExpr> = Vec::new();
    let mut extents: Vec<i64> = Vec::new();
    for r in 0..shape.len() {
        let Some((extent, offset)) = best_extent(&systems, r, depth) else {
            return Err(format!("dimension {r} has no constant extent"));
        };
        extents.push(extent);
        offsets.push(offset);
    }
    // The new buffer.
    let bytes = extents
        .iter()
        .fold(element_bytes(&elem).unwrap_or(8), |acc, &e| {
            acc.saturating_mul(e.max(0) as u64)
        });
    let new_space = match req.fast_space {
        Some(s) if bytes <= req.threshold_bytes => Some(Box::new(Attribute::Integer {
            value: s as i64,
            ty: Type::Integer(64),
        })),
        _ => space,
    };
    let new_ty = Type::MemRef {
        shape: extents.clone(),
        elem,
        layout: None,
        space: new_space,
    };
    let loc = module.ops[def].loc;
    let alloc = module.create_op(&def_name, &[], std::slice::from_ref(&new_ty), loc);
    for (k, v) in module.ops[def].props.clone() {
        module.set_prop(alloc, &k, v);
    }
    let new = module.ops[alloc].results[0];
    let Some(block) = module.ops[def].parent else {
        return Err("the allocation is detached".to_string());
    };
    let Some(at) = module.blocks[block].ops.iter().position(|&o| o == def) else {
        return Err("the allocation is not in its block".to_string());
    };
    // Rewrite every access: subscript - offset(p).
    let path_ivs: Vec<Value> = req
        .path_ops
        .iter()
        .filter_map(|&l| crate::loops::ForLoop::read(module, l).map(|f| f.iv(module)))
        .collect();
    if path_ivs.len() != depth {
        return Err("the fusion loops changed".to_string());
    }
    let rewritten = accesses
        .iter()
        .map(|&o| shifted_access(module, o, &offsets, &path_ivs, &model.accesses.symbols))
        .collect::<Result<Vec<_>, String>>()?;
    module.insert_op(block, at, alloc);
    for access in rewritten {
        access.apply(module, new);
    }
    for o in deallocs {
        for v in module.ops[o].operands.iter_mut() {
            if *v == memref {
                *v = new;
            }
        }
    }
    module.erase_op(def);
    Ok(PrivateBuffer {
        old_shape: shape,
        new_shape: extents,
    })
}

/// An access rewritten to a box of its memref: the new map and operands.
pub(crate) struct ShiftedAccess {
    op: OpId,
    /// Index of the memref operand.
    memref_at: usize,
    map: AffineMap,
    operands: Vec<Value>,
}

impl ShiftedAccess {
    /// Points the access at `buffer` with the new subscripts.
    pub fn apply(self, module: &mut Module, buffer: Value) {
        let data = &mut module.ops[self.op];
        data.operands.truncate(self.memref_at + 1);
        data.operands[self.memref_at] = buffer;
        data.operands.extend(self.operands);
        module.set_prop(self.op, "map", Attribute::AffineMap(self.map));
    }
}

/// The affine load or store `op` with every subscript minus its box
/// offset (`offsets`, over the `path_ivs` as dims and the global
/// `symbols`): a map over (path ivs, the access's dims; its symbols, the
/// global symbols), canonicalized.
pub(crate) fn shifted_access(
    module: &Module,
    op: OpId,
    offsets: &[AffineExpr],
    path_ivs: &[Value],
    symbols: &[Value],
) -> Result<ShiftedAccess, String> {
    let d = &module.ops[op];
    let memref_at = usize::from(d.name == "affine.store");
    let Some(Attribute::AffineMap(map)) = d.attr("map").cloned() else {
        return Err("an access without a map".to_string());
    };
    let operands = &d.operands[memref_at + 1..];
    let (nd, nsy) = (map.num_dims(), map.num_symbols());
    if operands.len() != (nd + nsy) as usize {
        return Err("an access whose map does not match its operands".to_string());
    }
    let depth = path_ivs.len() as u32;
    let ns = symbols.len() as u32;
    // Dims: the outer induction variables, then the access's own.
    let own_dims: Vec<AffineExpr> = (0..nd).map(|k| AffineExpr::dim(depth + k)).collect();
    let shift_syms: Vec<AffineExpr> = (0..ns).map(|s| AffineExpr::symbol(nsy + s)).collect();
    let mut results = Vec::new();
    for (e, off) in map.results().iter().zip(offsets) {
        let e = e
            .replace_dims_and_symbols(&own_dims, &[])
            .map_err(|e| e.to_string())?;
        let off = off
            .replace_dims_and_symbols(&[], &shift_syms)
            .map_err(|e| e.to_string())?;
        results.push(e - off);
    }
    let new_map = AffineMap::new(nd + depth, nsy + ns, results).map_err(|e| e.to_string())?;
    let mut new_operands: Vec<Value> = path_ivs.to_vec();
    new_operands.extend(operands);
    new_operands.extend(symbols);
    let (map, operands) = canonicalize(&new_map, &new_operands);
    Ok(ShiftedAccess {
        op,
        memref_at,
        map,
        operands,
    })
}

/// Per access: its iteration domain (one dim per enclosing loop) and its
/// subscripts over those dims — the systems [`best_extent`] bounds.
pub(crate) fn region_systems<'a>(
    accesses: impl Iterator<Item = &'a AccessDesc>,
    num_symbols: u32,
) -> Result<Vec<(System, Vec<AffineExpr>)>, String> {
    accesses
        .map(|d| {
            let cols: Vec<usize> = (0..d.loops.len()).collect();
            let mut sys = System::new(cols.len(), num_symbols);
            sys.add_domain(d, &cols).map_err(|e| e.0)?;
            let subs = d
                .subscripts
                .results()
                .iter()
                .map(|e| remap(e, &dim_exprs(&cols)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.0)?;
            Ok((sys, subs))
        })
        .collect()
}

/// The smallest constant extent of dimension `r` over the accesses
/// (systems with subscripts) for one value of their first `outer` dims,
/// and the offset (an expression of those dims and the symbols) it starts
/// at.
pub(crate) fn best_extent(
    systems: &[(System, Vec<AffineExpr>)],
    r: usize,
    outer: usize,
) -> Option<(i64, AffineExpr)> {
    let ns = systems.first()?.0.num_symbols();
    let mut candidates = vec![AffineExpr::constant(0)];
    // With no outer dims and no symbols every candidate is a constant, and
    // a constant offset only shifts the range: 0 gives the same extent.
    for (sys, subs) in systems.iter().filter(|_| outer > 0 || ns > 0) {
        for c in lower_bounds_over_outer(sys, subs.get(r)?, outer) {
            if !candidates.contains(&c) {
                candidates.push(c);
            }
        }
    }
    let mut best: Option<(i64, AffineExpr)> = None;
    'candidate: for c in candidates {
        let mut range: Option<(i64, i64)> = None;
        for (sys, subs) in systems {
            match sys.range_of(&(subs.get(r)?.clone() - c.clone())) {
                Ok(Range::Bounded(lo, hi)) => {
                    range = Some(range.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
                }
                Ok(Range::Empty) => {}
                Ok(Range::Unbounded) | Err(_) => continue 'candidate,
            }
        }
        let Some((lo, hi)) = range else {
            continue;
        };
        let extent = hi.checked_sub(lo)?.checked_add(1)?;
        if best.as_ref().map_or(true, |(e, _)| extent < *e) {
            best = Some((extent, (c + lo).simplify(outer as u32, ns)));
        }
    }
    best
}

/// Lower bounds of `expr` over the first `outer` dims and the symbols
/// (candidate offsets).
fn lower_bounds_over_outer(sys: &System, expr: &AffineExpr, outer: usize) -> Vec<AffineExpr> {
    let mut with = sys.clone();
    let x = with.add_dims(1);
    with.eq(AffineExpr::dim(x as u32) - expr.clone());
    let Ok(rels) = with.relations() else {
        return Vec::new();
    };
    let drop: Vec<usize> = (outer..x).collect();
    let mut out = Vec::new();
    for rel in rels {
        let Ok(p) = rel.project_out(&drop) else {
            continue;
        };
        if let Ok(b) = p.relation.column_bounds(outer) {
            out.extend(b.lower);
        }
    }
    out
}
