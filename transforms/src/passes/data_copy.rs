//! Data copy generation — MLIR's `--affine-data-copy-generate` and
//! `--test-affine-data-copy`: the affine loads and stores of a memref in
//! the slow memory space, inside one loop nest or one straight-line range
//! of ops, are redirected to a buffer in the fast memory space holding the
//! box of elements they touch, copied in before and out after, by
//! point-wise copy loops or by `affine.dma_start`/`dma_wait`.
//!
//! The driver is MLIR's: in each block, every `affine.for` is either
//! copied around as a whole or, when its footprint exceeds the fast
//! memory's capacity (or, with `skip-non-unit-stride-loops`, when its step
//! is not 1), descended into; the loads and stores between loops form
//! straight-line ranges copied around on their own. A memref's box is, per
//! dimension, the smallest constant extent over all its accesses in the
//! range, at an offset that is an affine function of the loops around the
//! range (exact integer bounds, [`best_extent`]). Copies are hoisted above
//! the enclosing loops whose induction variables the offsets do not use.
//!
//! Where MLIR 19's pass changes what a program computes, this one leaves
//! the memref alone or copies more (each case has a test):
//!
//! - the memref (or a view of its memory) is used in the range by an op
//!   other than an exact affine load or store, or the range holds an op
//!   whose memory effects the analysis cannot see: no copy (MLIR copies and
//!   then fails to redirect, so its copy-out writes stale values back);
//! - stores that may not write every element of the box (strided stores,
//!   gaps, partial tiles, loops that may not run): the box is also copied
//!   in, so the copy-out writes back what was there (MLIR writes garbage);
//! - a copy is not hoisted above a loop in which other code touches the
//!   memref, nor above the definition of what it uses;
//! - copy loops are clipped to the memref when the box may leave it, and
//!   a DMA is used only when the box provably stays inside (else the copy
//!   is point-wise) and its one stride level is unambiguous.
//!
//! The copies themselves have MLIR's form: `affine.for %x = offset to
//! offset + extent` over the original memref's indices, the buffer indexed
//! `%x - offset`; a DMA of the box's row-major element count from the
//! offsets, with a stride pair when the box is strided in one dimension.
//! Unlike MLIR, no unused constants or dead `affine.apply`s are left
//! behind.

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Attribute, BlockId, Location, Module, OpId, Type, Value};

use super::fusion::{
    best_extent, canonicalize, element_bytes, memref_root, region_systems, shifted_access,
    FunctionModel, Range,
};
use super::local_buffer::covers_box;
use super::parallelize::effect_free;
use super::PassRemark;
use crate::dependence::AccessDesc;
use crate::loops::{
    create_for, create_index_constant, insert_all_after, insert_all_before, segment_sizes, Bound,
    ForLoop,
};

/// The options of `--affine-data-copy-generate`, with mlir-opt 19's
/// defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataCopyOptions {
    /// Fast memory capacity in KiB (`u64::MAX`: unlimited).
    pub fast_mem_capacity_kib: u64,
    /// Memory space of the buffers.
    pub fast_mem_space: u32,
    /// DMA ops instead of point-wise copy loops.
    pub generate_dma: bool,
    /// Only memrefs in this memory space are copied.
    pub slow_mem_space: u32,
    /// Descend into every loop whose step is not 1 (the capacity then
    /// does not choose the depth).
    pub skip_non_unit_stride_loops: bool,
    /// Memory space of the DMA tags.
    pub tag_mem_space: u32,
}

impl Default for DataCopyOptions {
    fn default() -> Self {
        DataCopyOptions {
            fast_mem_capacity_kib: u64::MAX,
            fast_mem_space: 1,
            generate_dma: true,
            slow_mem_space: 0,
            skip_non_unit_stride_loops: false,
            tag_mem_space: 0,
        }
    }
}

impl DataCopyOptions {
    fn capacity_bytes(&self) -> u64 {
        if self.fast_mem_capacity_kib == u64::MAX {
            u64::MAX
        } else {
            self.fast_mem_capacity_kib.saturating_mul(1024)
        }
    }
}

/// What a data copy run reports: mlir-opt's warnings, and why memrefs
/// were left alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataCopyReport {
    /// "total size of all copy buffers' for this block exceeds fast memory
    /// capacity", on the op whose block was copied in.
    pub warnings: Vec<PassRemark>,
    /// A memref or range left alone, and why.
    pub remarks: Vec<PassRemark>,
    /// The buffers created.
    pub buffers: Vec<Value>,
}

/// MLIR's capacity warning, word for word.
pub const CAPACITY_WARNING: &str =
    "total size of all copy buffers' for this block exceeds fast memory capacity";

/// `--affine-data-copy-generate` on every function of `module`.
///
/// ```
/// use tessera_ir::{parse_and_verify, print_module, PrintOptions};
/// use tessera_transforms::passes::{affine_data_copy_generate, DataCopyOptions};
///
/// let mut m = parse_and_verify("t.mlir", "func.func @f(%A: memref<256xf32>, %B: memref<512xf32>) {
///   affine.for %i = 0 to 256 {
///     %v = affine.load %A[%i] : memref<256xf32>
///     affine.store %v, %B[%i + 3] : memref<512xf32>
///   }
///   return
/// }
/// ")?;
/// let options = DataCopyOptions { generate_dma: false, ..DataCopyOptions::default() };
/// let report = affine_data_copy_generate(&mut m, &options);
/// assert_eq!(report.buffers.len(), 2);
/// let text = print_module(&m, &PrintOptions::default());
/// assert!(text.contains("memref.alloc() : memref<256xf32, 1>"));
/// assert!(text.contains("affine.for %arg2 = 3 to 259"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn affine_data_copy_generate(module: &mut Module, options: &DataCopyOptions) -> DataCopyReport {
    let mut report = DataCopyReport::default();
    for func in module.functions() {
        let Some(&body) = module.ops[func].regions.first() else {
            continue;
        };
        let model = FunctionModel::new(module, func);
        let mut run = Run {
            model: &model,
            options,
            report: &mut report,
            filter: None,
        };
        for block in module.regions[body].blocks.clone() {
            run.block(module, block);
        }
    }
    report
}

/// Which copy `--test-affine-data-copy` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestDataCopy {
    /// `memref-filter`: the body of the outermost loop, for the memref of
    /// the innermost loop's first load only.
    MemRefFilter,
    /// `for-memref-region`: around the outermost loop, that memref only.
    ForMemRefRegion,
}

/// `--test-affine-data-copy`: on each function that holds one outermost
/// and one innermost `affine.for` whose body has an `affine.load`, copies
/// that load's memref (point-wise, memory space 0, 32 MiB capacity, as
/// MLIR's test pass). Unlike MLIR's `for-memref-region`, which only copies
/// in, a memref the nest writes is also copied out.
pub fn test_affine_data_copy(module: &mut Module, mode: TestDataCopy) -> DataCopyReport {
    let options = DataCopyOptions {
        fast_mem_capacity_kib: 32 * 1024,
        fast_mem_space: 0,
        generate_dma: false,
        slow_mem_space: 0,
        skip_non_unit_stride_loops: false,
        tag_mem_space: 0,
    };
    let mut report = DataCopyReport::default();
    for func in module.functions() {
        let Some((outermost, memref)) = test_nest(module, func) else {
            continue;
        };
        let model = FunctionModel::new(module, func);
        let mut run = Run {
            model: &model,
            options: &options,
            report: &mut report,
            filter: Some(memref),
        };
        match mode {
            TestDataCopy::MemRefFilter => {
                let Some(body) = ForLoop::read(module, outermost).map(|l| l.body_ops(module))
                else {
                    continue;
                };
                run.range(module, &body);
            }
            TestDataCopy::ForMemRefRegion => run.range(module, &[outermost]),
        }
    }
    report
}

/// The single outermost loop of `func` and the memref of the first
/// `affine.load` in the body of its single innermost loop.
fn test_nest(module: &Module, func: OpId) -> Option<(OpId, Value)> {
    let mut by_depth: Vec<Vec<OpId>> = Vec::new();
    let mut all = Vec::new();
    module.walk_from(func, &mut all);
    for op in all {
        if module.ops[op].name != "affine.for" {
            continue;
        }
        let depth = loop_path(module, op).len();
        if by_depth.len() <= depth {
            by_depth.resize(depth + 1, Vec::new());
        }
        by_depth[depth].push(op);
    }
    let (first, last) = (by_depth.first()?, by_depth.last()?);
    if first.len() != 1 || last.len() != 1 {
        return None;
    }
    let innermost = ForLoop::read(module, last[0])?;
    let load = innermost
        .body_ops(module)
        .into_iter()
        .find(|&o| module.ops[o].name == "affine.load")?;
    Some((first[0], module.ops[load].operands[0]))
}

/// The `affine.for` loops around `op`, outermost first.
fn loop_path(module: &Module, op: OpId) -> Vec<OpId> {
    let mut path = Vec::new();
    let mut parent = module.parent_op(op);
    while let Some(p) = parent {
        if module.ops[p].name == "affine.for" {
            path.push(p);
        }
        parent = module.parent_op(p);
    }
    path.reverse();
    path
}

/// One pass over one function.
struct Run<'a> {
    model: &'a FunctionModel,
    options: &'a DataCopyOptions,
    report: &'a mut DataCopyReport,
    /// Copy only this memref (the test pass).
    filter: Option<Value>,
}

/// One memref's accesses in a range and the box they touch.
struct Region {
    memref: Value,
    elem: Type,
    shape: Vec<i64>,
    /// The access ops, in program order.
    accesses: Vec<OpId>,
    descs: Vec<AccessDesc>,
    writes: bool,
    extents: Vec<i64>,
    /// Per dimension: the box's first index, over (the range's enclosing
    /// loops; the function's symbols).
    offsets: Vec<AffineExpr>,
    /// Whether the box provably lies inside the memref.
    inside: bool,
}

impl Region {
    fn bytes(&self) -> u64 {
        self.extents
            .iter()
            .try_fold(element_size(&self.elem).unwrap_or(8), |acc, &e| {
                acc.checked_mul(u64::try_from(e).ok()?)
            })
            .unwrap_or(u64::MAX)
    }
}

impl Run<'_> {
    /// MLIR's `runOnBlock`.
    fn block(&mut self, module: &mut Module, block: BlockId) {
        let ops = module.blocks[block].ops.clone();
        let Some((&terminator, ops)) = ops.split_last() else {
            return;
        };
        let terminates = matches!(
            module.ops[terminator].name.as_str(),
            "func.return" | "affine.yield"
        );
        let ops: Vec<OpId> = if terminates {
            ops.to_vec()
        } else {
            ops.iter().copied().chain([terminator]).collect()
        };
        let mut range: Vec<OpId> = Vec::new();
        for op in ops {
            let name = module.ops[op].name.as_str();
            if name == "affine.for" {
                let straight = std::mem::take(&mut range);
                self.range(module, &straight);
                if self.descend(module, op) {
                    if let Some(body) = module.ops[op]
                        .regions
                        .first()
                        .and_then(|&r| module.regions[r].blocks.first().copied())
                    {
                        self.block(module, body);
                    }
                } else {
                    self.range(module, &[op]);
                }
            } else if !range.is_empty() || matches!(name, "affine.load" | "affine.store") {
                range.push(op);
            }
        }
        self.range(module, &range);
    }

    /// Whether the copies go inside `l` rather than around it.
    fn descend(&self, module: &Module, l: OpId) -> bool {
        if self.options.skip_non_unit_stride_loops {
            return ForLoop::read(module, l).is_some_and(|f| f.step != 1);
        }
        let capacity = self.options.capacity_bytes();
        capacity != u64::MAX && self.footprint(module, l).is_some_and(|b| b > capacity)
    }

    /// The bytes of the boxes the accesses inside loop `l` touch, per
    /// memref, symbolic in the loops around `l`; `None` when unknown.
    fn footprint(&self, module: &Module, l: OpId) -> Option<u64> {
        let depth = loop_path(module, l).len();
        let mut inside = Vec::new();
        module.walk_from(l, &mut inside);
        let mut groups: Vec<(Value, Vec<AccessDesc>)> = Vec::new();
        for op in inside {
            let d = &module.ops[op];
            let at = match d.name.as_str() {
                "affine.load" | "affine.vector_load" => 0,
                "affine.store" | "affine.vector_store" => 1,
                _ => continue,
            };
            let memref = *d.operands.get(at)?;
            let desc = self.desc_of(op)?;
            match groups.iter_mut().find(|(m, _)| *m == memref) {
                Some((_, descs)) => descs.push(desc.clone()),
                None => groups.push((memref, vec![desc.clone()])),
            }
        }
        let mut total: u64 = 0;
        for (memref, descs) in groups {
            let Type::MemRef { shape, elem, .. } = module.value_type(memref) else {
                return None;
            };
            let systems =
                region_systems(distinct(&descs).into_iter(), descs[0].num_symbols).ok()?;
            let mut bytes = element_size(elem)?;
            for (r, &size) in shape.iter().enumerate() {
                let extent = match best_extent(&systems, r, depth) {
                    Some((e, _)) if size < 0 || e <= size => e,
                    _ if size >= 0 => size,
                    _ => return None,
                };
                bytes = bytes.checked_mul(u64::try_from(extent).ok()?)?;
            }
            total = total.checked_add(bytes)?;
        }
        Some(total)
    }

    fn desc_of(&self, op: OpId) -> Option<&AccessDesc> {
        let i = self.model.accesses.ops.iter().position(|&o| o == op)?;
        self.model.desc(i)
    }

    fn remark(&mut self, op: OpId, message: String) {
        self.report.remarks.push(PassRemark {
            mlir_remark: None,
            op,
            message,
        });
    }

    /// MLIR's `affineDataCopyGenerate` on the contiguous ops `range` of
    /// one block.
    fn range(&mut self, module: &mut Module, range: &[OpId]) {
        let Some(&first) = range.first() else {
            return;
        };
        let mut nested = Vec::new();
        for &op in range {
            module.walk_from(op, &mut nested);
        }
        if let Some(&hidden) = nested.iter().find(|&&o| !effect_free(&module.ops[o].name)) {
            let message = format!(
                "no data copies: '{}' at line {} has memory effects the analysis cannot see",
                module.ops[hidden].name, module.ops[hidden].loc.line
            );
            self.remark(first, message);
            return;
        }
        let path = loop_path(module, first);
        // Memrefs in order of their first load, then the written-only ones
        // in order of their first store (MLIR's read regions, then write
        // regions).
        let mut memrefs: Vec<(Value, bool)> = Vec::new();
        for &op in &nested {
            let d = &module.ops[op];
            let (memref, is_load) = match d.name.as_str() {
                "affine.load" => (d.operands[0], true),
                "affine.store" => (d.operands[1], false),
                _ => continue,
            };
            if self.filter.is_some_and(|f| f != memref) {
                continue;
            }
            match memrefs.iter_mut().find(|(m, _)| *m == memref) {
                Some((_, read)) => *read |= is_load,
                None => memrefs.push((memref, is_load)),
            }
        }
        memrefs.sort_by_key(|&(_, read)| !read);
        let mut new_bytes: u64 = 0;
        for (memref, _) in memrefs {
            if !self.in_slow_space(module, memref) {
                continue;
            }
            match self.region(module, &nested, &path, memref) {
                Ok(region) => {
                    new_bytes = new_bytes.saturating_add(region.bytes());
                    self.copy(module, range, &path, region);
                }
                Err(why) => {
                    let message = format!("memref not copied: {why}");
                    self.remark(first, message);
                }
            }
        }
        if new_bytes > self.options.capacity_bytes() {
            let op = module.parent_op(first).unwrap_or(first);
            self.report.warnings.push(PassRemark {
                mlir_remark: None,
                op,
                message: CAPACITY_WARNING.to_string(),
            });
        }
    }

    fn in_slow_space(&self, module: &Module, memref: Value) -> bool {
        let space = match module.value_type(memref) {
            Type::MemRef { space, .. } => space.as_deref(),
            _ => return false,
        };
        match space {
            None => self.options.slow_mem_space == 0,
            Some(Attribute::Integer { value, .. }) => {
                *value == i64::from(self.options.slow_mem_space)
            }
            // A non-integer memory space (MLIR 19 crashes on it).
            Some(_) => false,
        }
    }

    /// The region of `memref` in the range whose ops (with everything
    /// nested) are `nested`, inside the loops `path`; or why it is not
    /// copied.
    fn region(
        &self,
        module: &Module,
        nested: &[OpId],
        path: &[OpId],
        memref: Value,
    ) -> Result<Region, String> {
        let Type::MemRef {
            shape,
            elem,
            layout: None,
            ..
        } = module.value_type(memref).clone()
        else {
            return Err("it has a layout".into());
        };
        if shape.iter().any(|&s| s < 0) {
            return Err("it has a dynamic size".into());
        }
        if shape.is_empty() {
            return Err("it has rank 0".into());
        }
        let root = memref_root(module, memref);
        let mut accesses = Vec::new();
        let mut writes = false;
        for &o in nested {
            let d = &module.ops[o];
            let touches = d
                .operands
                .iter()
                .any(|&v| module.value_type(v).is_memref() && memref_root(module, v) == root);
            if !touches {
                continue;
            }
            match d.name.as_str() {
                "affine.load" if d.operands[0] == memref => {}
                "affine.store" if d.operands[1] == memref && d.operands[0] != memref => {
                    writes = true
                }
                other => {
                    return Err(format!(
                        "its memory is used by '{other}' at line {}",
                        d.loc.line
                    ))
                }
            }
            accesses.push(o);
        }
        if nested
            .iter()
            .any(|&o| module.ops[o].results.contains(&memref))
        {
            return Err("it is defined in the range".into());
        }
        let ids: Vec<u32> = path.iter().map(|l| l.as_u32()).collect();
        let mut descs = Vec::new();
        for &o in &accesses {
            let desc = self
                .desc_of(o)
                .ok_or("an access the dependence model does not see exactly")?;
            let loops: Vec<u32> = desc.loops.iter().map(|l| l.id).collect();
            if loops.len() < ids.len() || loops[..ids.len()] != ids[..] {
                return Err("an access inside a loop the model does not nest".into());
            }
            descs.push(desc.clone());
        }
        let depth = path.len();
        let ns = descs[0].num_symbols;
        let mut systems = region_systems(distinct(&descs).into_iter(), ns)?;
        // Only in-bounds elements are copied (as MLIR bounds the box by
        // the memref's shape): an access outside the memref faults before
        // the copies as it faults after.
        for (sys, subs) in &mut systems {
            for (sub, &size) in subs.iter().zip(&shape) {
                sys.ge(sub.clone());
                sys.ge(AffineExpr::constant(size - 1) - sub.clone());
            }
        }
        if systems.iter().all(|(sys, _)| sys.is_empty() == Ok(true)) {
            return Err("no access runs".into());
        }
        let mut extents = Vec::new();
        let mut offsets = Vec::new();
        let mut inside = true;
        for (r, &size) in shape.iter().enumerate() {
            let (extent, offset) = match best_extent(&systems, r, depth) {
                Some((e, o)) if e <= size => (e, o),
                _ => (size, AffineExpr::constant(0)),
            };
            if extent <= 0 {
                return Err("nothing is accessed".into());
            }
            inside &= match systems[0].0.range_of(&offset) {
                Ok(Range::Bounded(lo, hi)) => {
                    lo >= 0 && hi.checked_add(extent).is_some_and(|e| e <= size)
                }
                Ok(Range::Empty) => true,
                _ => false,
            };
            extents.push(extent);
            offsets.push(offset);
        }
        Ok(Region {
            memref,
            elem: *elem,
            shape,
            accesses,
            descs,
            writes,
            extents,
            offsets,
            inside,
        })
    }

    /// How far out the copies of `region` can go: the number of loops of
    /// `path` they stay inside.
    fn placement_depth(
        &self,
        module: &Module,
        range: &[OpId],
        path: &[OpId],
        region: &Region,
    ) -> usize {
        let used = |k: usize| {
            region
                .offsets
                .iter()
                .any(|e| e.is_function_of_dim(k as u32))
        };
        let mut level = path.len();
        while level > 0 {
            let l = path[level - 1];
            if used(level - 1) {
                break;
            }
            // Nothing else inside `l` may touch the memory, and the memref
            // must be defined outside it.
            let root = memref_root(module, region.memref);
            let mut inside = Vec::new();
            module.walk_from(l, &mut inside);
            let mut in_range = Vec::new();
            for &op in range {
                module.walk_from(op, &mut in_range);
            }
            let other_use = inside.iter().any(|&o| {
                !in_range.contains(&o)
                    && module.ops[o].operands.iter().any(|&v| {
                        module.value_type(v).is_memref() && memref_root(module, v) == root
                    })
            });
            let defined_inside = inside
                .iter()
                .any(|&o| module.ops[o].results.contains(&region.memref));
            if other_use || defined_inside {
                break;
            }
            level -= 1;
        }
        level
    }

    /// Whether the stores write every element of the box each time the
    /// copies run (then the box need not be copied in before them).
    fn stores_cover_box(
        &self,
        module: &Module,
        range: &[OpId],
        path: &[OpId],
        level: usize,
        region: &Region,
    ) -> bool {
        if !region.inside {
            return false;
        }
        // The loops the copies are hoisted above must run.
        let hoisted_run = path[level..].iter().all(|&l| {
            ForLoop::read(module, l)
                .and_then(|f| f.constant_trip_count(module))
                .is_some_and(|t| t >= 1)
        });
        if !hoisted_run {
            return false;
        }
        let depth = path.len();
        let stores = region
            .accesses
            .iter()
            .zip(&region.descs)
            .filter(|(_, d)| d.is_write);
        match range {
            [scope] if module.ops[*scope].name == "affine.for" => stores
                .into_iter()
                .any(|(&o, d)| covers_box(module, o, *scope, d, depth, &region.extents)),
            _ => {
                region.extents.iter().all(|&e| e == 1)
                    && stores.into_iter().any(|(o, _)| range.contains(o))
            }
        }
    }

    /// Allocates the buffer, copies in and out, and redirects the
    /// accesses.
    fn copy(&mut self, module: &mut Module, range: &[OpId], path: &[OpId], region: Region) {
        let level = self.placement_depth(module, range, path, &region);
        let exposed = region
            .accesses
            .iter()
            .any(|&o| module.ops[o].name == "affine.load" && !written_before(module, range, o));
        let copy_in = exposed || !self.stores_cover_box(module, range, path, level, &region);
        let (first, last) = if level < path.len() {
            (path[level], path[level])
        } else {
            (range[0], range[range.len() - 1])
        };
        let symbols = self.model.accesses.symbols.clone();
        let used_symbols = symbols.iter().enumerate().filter(|&(j, _)| {
            region
                .offsets
                .iter()
                .any(|e| e.is_function_of_symbol(j as u32))
        });
        if let Some((_, &v)) = std::iter::once((0, &region.memref))
            .chain(used_symbols)
            .find(|&(_, &v)| !available_before(module, v, first))
        {
            let what = if v == region.memref {
                "the memref"
            } else {
                "a symbol of the box"
            };
            self.remark(
                first,
                format!("memref not copied: {what} is defined after the copies' place"),
            );
            return;
        }
        let loc = module.ops[first].loc;
        let path_ivs: Vec<Value> = path
            .iter()
            .filter_map(|&l| ForLoop::read(module, l).map(|f| f.iv(module)))
            .collect();
        let rewritten: Result<Vec<_>, String> = region
            .accesses
            .iter()
            .map(|&o| shifted_access(module, o, &region.offsets, &path_ivs, &symbols))
            .collect();
        let rewritten = match rewritten {
            Ok(r) => r,
            Err(why) => {
                self.remark(first, format!("memref not copied: {why}"));
                return;
            }
        };
        let space = memory_space;
        let buffer_ty = Type::MemRef {
            shape: region.extents.clone(),
            elem: Box::new(region.elem.clone()),
            layout: None,
            space: space(self.options.fast_mem_space),
        };
        let alloc = alloc_op(module, buffer_ty.clone(), loc);
        let buffer = module.ops[alloc].results[0];
        let ctx = CopyContext {
            region: &region,
            buffer,
            path_ivs: &path_ivs,
            symbols: &symbols,
            loc,
        };
        let dma = self.options.generate_dma && region.inside;
        let stride = dma_stride(&region.extents, &region.shape);
        // A strided DMA is unambiguous only when the original memref is
        // the side in memory space 0 and the buffer is not.
        let dma_ok = dma
            && match stride {
                Stride::Contiguous => true,
                Stride::One(..) => {
                    self.options.slow_mem_space == 0 && self.options.fast_mem_space != 0
                }
                Stride::Many => false,
            };
        let mut before = vec![alloc];
        let mut after = Vec::new();
        if copy_in {
            if dma_ok {
                before.extend(ctx.dma(module, false, stride, self.options.tag_mem_space));
            } else {
                before.push(ctx.point_wise(module, false));
            }
        }
        if region.writes {
            if dma_ok {
                after.extend(ctx.dma(module, true, stride, self.options.tag_mem_space));
            } else {
                after.push(ctx.point_wise(module, true));
            }
        }
        let dealloc = module.create_op("memref.dealloc", &[buffer], &[], loc);
        after.push(dealloc);
        insert_all_before(module, first, &before);
        insert_all_after(module, last, &after);
        for access in rewritten {
            access.apply(module, buffer);
        }
        self.report.buffers.push(buffer);
    }
}

/// The memory space attribute of space `s` (none for 0, as MLIR prints
/// it).
fn memory_space(s: u32) -> Option<Box<Attribute>> {
    (s != 0).then(|| {
        Box::new(Attribute::Integer {
            value: i64::from(s),
            ty: Type::Integer(64),
        })
    })
}

/// Whether `v` is defined where an op inserted before `anchor` can use
/// it: an argument of a block around `anchor`, or the result of an op
/// before `anchor` (or before an op holding it) in the same block.
fn available_before(module: &Module, v: Value, anchor: OpId) -> bool {
    let Some(block) = module.value_block(v) else {
        return false;
    };
    let def = module.defining_op(v);
    let mut at = anchor;
    loop {
        if module.ops[at].parent == Some(block) {
            let Some(def) = def else {
                return true;
            };
            let ops = &module.blocks[block].ops;
            let index = |o: OpId| ops.iter().position(|&x| x == o);
            return matches!((index(def), index(at)), (Some(d), Some(a)) if d < a);
        }
        match module.parent_op(at) {
            Some(p) => at = p,
            None => return false,
        }
    }
}

/// Whether the range writes the element the load `op` reads before every
/// execution of it: a store of the same memref with the same map and
/// operands precedes it in its block, or precedes an op of the range
/// holding it in that op's block.
fn written_before(module: &Module, range: &[OpId], op: OpId) -> bool {
    let load = &module.ops[op];
    let mut at = op;
    loop {
        let Some(block) = module.ops[at].parent else {
            return false;
        };
        let ops = &module.blocks[block].ops;
        let index = ops.iter().position(|&o| o == at).unwrap_or(0);
        let stored = ops[..index].iter().any(|&o| {
            let s = &module.ops[o];
            s.name == "affine.store"
                && s.operands[1..] == load.operands[..]
                && s.attr("map") == load.attr("map")
        });
        if stored {
            return true;
        }
        if range.contains(&at) {
            return false;
        }
        match module.parent_op(at) {
            Some(p) => at = p,
            None => return false,
        }
    }
}

/// The accesses of `descs` that touch different elements: one of each
/// group equal but for their position and direction (a 50-statement nest
/// reads and writes `A[i][j]` a hundred times).
fn distinct(descs: &[AccessDesc]) -> Vec<&AccessDesc> {
    let mut out: Vec<&AccessDesc> = Vec::new();
    for d in descs {
        let seen = out
            .iter()
            .any(|o| o.loops == d.loops && o.guards == d.guards && o.subscripts == d.subscripts);
        if !seen {
            out.push(d);
        }
    }
    out
}

/// The bytes of one element of a memref (a vector element counts all
/// its lanes, as MLIR counts it).
fn element_size(ty: &Type) -> Option<u64> {
    match ty {
        Type::Vector { shape, elem, .. } => {
            let lanes = shape
                .iter()
                .try_fold(1u64, |acc, &d| acc.checked_mul(u64::try_from(d).ok()?))?;
            lanes
                .checked_mul(u64::from(elem.bit_width()?))
                .map(|bits| bits.div_ceil(8))
        }
        _ => element_bytes(ty),
    }
}

/// A `memref.alloc() : ty` op.
fn alloc_op(module: &mut Module, ty: Type, loc: Location) -> OpId {
    let alloc = module.create_op("memref.alloc", &[], &[ty], loc);
    module.set_prop(alloc, "operandSegmentSizes", segment_sizes(&[0, 0]));
    alloc
}

/// How the box lies in the memref, for a DMA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stride {
    /// One contiguous run of elements.
    Contiguous,
    /// Runs of `per_stride` elements, `stride` apart.
    One(i64, i64),
    /// More than one level of striding (no DMA).
    Many,
}

/// MLIR's `getMultiLevelStrides` for a box of `extents` in a memref of
/// `shape`.
fn dma_stride(extents: &[i64], shape: &[i64]) -> Stride {
    let mut levels = Vec::new();
    let (mut stride, mut per) = (1i64, 1i64);
    for d in (1..extents.len()).rev() {
        stride = stride.saturating_mul(shape[d]);
        per = per.saturating_mul(extents[d]);
        if extents[d] < shape[d] && extents[d - 1] > 1 {
            levels.push((stride, per));
        }
    }
    match levels[..] {
        [] => Stride::Contiguous,
        [(s, p)] => Stride::One(s, p),
        _ => Stride::Many,
    }
}

/// What building one region's copies needs.
struct CopyContext<'a> {
    region: &'a Region,
    buffer: Value,
    path_ivs: &'a [Value],
    symbols: &'a [Value],
    loc: Location,
}

impl CopyContext<'_> {
    /// The operands `(path ivs; symbols)` the offsets are over.
    fn outer_operands(&self) -> Vec<Value> {
        self.path_ivs.iter().chain(self.symbols).copied().collect()
    }

    fn outer_map(&self, results: Vec<AffineExpr>) -> (AffineMap, Vec<Value>) {
        let map = AffineMap::new(
            self.path_ivs.len() as u32,
            self.symbols.len() as u32,
            results,
        )
        .expect("offsets are affine in the enclosing loops and symbols");
        canonicalize(&map, &self.outer_operands())
    }

    /// A nest over the box (clipped to the memref when it may leave it)
    /// copying memref → buffer, or back when `out`.
    fn point_wise(&self, module: &mut Module, out: bool) -> OpId {
        let region = self.region;
        let depth = self.path_ivs.len() as u32;
        let ns = self.symbols.len() as u32;
        let rank = region.extents.len();
        // Loops for the dimensions of extent above one.
        let mut ivs: Vec<Option<Value>> = Vec::new();
        let mut loops: Vec<(OpId, BlockId)> = Vec::new();
        for k in 0..rank {
            let (offset, extent) = (&region.offsets[k], region.extents[k]);
            if extent == 1 && region.inside {
                ivs.push(None);
                continue;
            }
            let mut lower = vec![offset.clone()];
            let mut upper = vec![offset.clone() + extent];
            if !region.inside {
                lower.push(AffineExpr::constant(0));
                upper.push(AffineExpr::constant(region.shape[k]));
            }
            let (lm, lo) = self.outer_map(lower);
            let (um, uo) = self.outer_map(upper);
            let (l, body) = create_for(
                module,
                &Bound {
                    map: lm,
                    operands: lo,
                },
                &Bound {
                    map: um,
                    operands: uo,
                },
                1,
                &[],
                self.loc,
            );
            if let Some(&(_, outer_body)) = loops.last() {
                let at = module.blocks[outer_body].ops.len().saturating_sub(1);
                module.insert_op(outer_body, at, l);
            }
            ivs.push(Some(module.blocks[body].args[0]));
            loops.push((l, body));
        }
        // Subscripts over (copy ivs, path ivs; symbols).
        let copy_ivs: Vec<Value> = ivs.iter().flatten().copied().collect();
        let nc = copy_ivs.len() as u32;
        let mut next = 0;
        let mut memref_subs = Vec::new();
        let mut buffer_subs = Vec::new();
        for (k, iv) in ivs.iter().enumerate() {
            let offset = region.offsets[k].shift_dims(depth, nc, 0);
            match iv {
                Some(_) => {
                    let x = AffineExpr::dim(next);
                    next += 1;
                    buffer_subs.push((x.clone() - offset).simplify(nc + depth, ns));
                    memref_subs.push(x);
                }
                None => {
                    memref_subs.push(offset);
                    buffer_subs.push(AffineExpr::constant(0));
                }
            }
        }
        let operands: Vec<Value> = copy_ivs
            .iter()
            .chain(self.path_ivs)
            .chain(self.symbols)
            .copied()
            .collect();
        let map = |subs: Vec<AffineExpr>| {
            let m = AffineMap::new(nc + depth, ns, subs).expect("affine subscripts");
            canonicalize(&m, &operands)
        };
        let (mm, mo) = map(memref_subs);
        let (bm, bo) = map(buffer_subs);
        let with =
            |v: Value, ops: Vec<Value>| -> Vec<Value> { std::iter::once(v).chain(ops).collect() };
        let (from, to) = if out {
            ((with(self.buffer, bo), bm), (with(region.memref, mo), mm))
        } else {
            ((with(region.memref, mo), mm), (with(self.buffer, bo), bm))
        };
        let load = module.create_op(
            "affine.load",
            &from.0,
            std::slice::from_ref(&region.elem),
            self.loc,
        );
        module.set_prop(load, "map", Attribute::AffineMap(from.1));
        let value = module.ops[load].results[0];
        let store_operands: Vec<Value> = std::iter::once(value).chain(to.0).collect();
        let store = module.create_op("affine.store", &store_operands, &[], self.loc);
        module.set_prop(store, "map", Attribute::AffineMap(to.1));
        match (loops.first(), loops.last()) {
            (Some(&(outer, _)), Some(&(_, body))) => {
                let at = module.blocks[body].ops.len().saturating_sub(1);
                module.insert_ops(body, at, &[load, store]);
                outer
            }
            // Every extent is one: no loop; the pair stands alone.
            _ => self.single_element_block(module, load, store),
        }
    }

    /// The load–store pair of a one-element copy, wrapped in a one-trip
    /// loop so that the copy is one op (`affine.for %x = 0 to 1`).
    fn single_element_block(&self, module: &mut Module, load: OpId, store: OpId) -> OpId {
        let (l, body) = create_for(
            module,
            &Bound::constant(0),
            &Bound::constant(1),
            1,
            &[],
            self.loc,
        );
        let at = module.blocks[body].ops.len().saturating_sub(1);
        module.insert_ops(body, at, &[load, store]);
        l
    }

    /// A tag, a DMA of the box and its wait (memref → buffer, or back
    /// when `out`); the tag is freed after the wait.
    fn dma(&self, module: &mut Module, out: bool, stride: Stride, tag_space: u32) -> Vec<OpId> {
        let region = self.region;
        let loc = self.loc;
        let mut ops = Vec::new();
        let tag_ty = Type::MemRef {
            shape: vec![1],
            elem: Box::new(Type::Integer(32)),
            layout: None,
            space: memory_space(tag_space),
        };
        let tag_alloc = alloc_op(module, tag_ty, loc);
        ops.push(tag_alloc);
        let tag = module.ops[tag_alloc].results[0];
        let constant = |module: &mut Module, ops: &mut Vec<OpId>, v: i64| {
            let c = create_index_constant(module, v, loc);
            ops.push(c);
            module.ops[c].results[0]
        };
        let count = constant(module, &mut ops, region.extents.iter().product());
        let strides = match stride {
            Stride::One(s, p) => {
                let s = constant(module, &mut ops, s);
                let p = constant(module, &mut ops, p);
                vec![s, p]
            }
            _ => Vec::new(),
        };
        let (mm, mo) = self.outer_map(region.offsets.clone());
        let rank = region.extents.len() as u32;
        let zeros =
            AffineMap::new(0, 0, vec![AffineExpr::constant(0); rank as usize]).expect("constants");
        let tag_map = AffineMap::new(0, 0, vec![AffineExpr::constant(0)]).expect("constant");
        let (src, dst) = if out {
            ((self.buffer, zeros, Vec::new()), (region.memref, mm, mo))
        } else {
            ((region.memref, mm, mo), (self.buffer, zeros, Vec::new()))
        };
        let mut operands = vec![src.0];
        operands.extend(&src.2);
        operands.push(dst.0);
        operands.extend(&dst.2);
        operands.push(tag);
        operands.push(count);
        operands.extend(strides);
        let start = module.create_op("affine.dma_start", &operands, &[], loc);
        module.set_attr(start, "dst_map", Attribute::AffineMap(dst.1));
        module.set_attr(start, "src_map", Attribute::AffineMap(src.1));
        module.set_attr(start, "tag_map", Attribute::AffineMap(tag_map.clone()));
        ops.push(start);
        let wait = module.create_op("affine.dma_wait", &[tag, count], &[], loc);
        module.set_attr(wait, "tag_map", Attribute::AffineMap(tag_map));
        ops.push(wait);
        ops.push(module.create_op("memref.dealloc", &[tag], &[], loc));
        ops
    }
}
