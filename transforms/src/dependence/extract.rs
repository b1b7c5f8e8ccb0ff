//! From the IR to access descriptions: the iteration domain and access
//! function of every `affine.load`/`affine.store` (and vector variants) of a
//! module, in program order.
//!
//! Operands of affine maps are resolved to affine expressions over the
//! enclosing loops' induction variables (as dims) and the function's
//! loop-invariant values (as global symbols): an induction variable is its
//! loop's dim, an `affine.apply` is composed in, an index constant is its
//! value, and any value defined outside every enclosing loop is a symbol.
//! Anything else — an access under `scf.for`/`scf.if`/`affine.parallel` or
//! an unknown op's region, in a function of several blocks (a control-flow
//! graph), an index computed inside a loop by `arith` —
//! cannot be modelled, and the access is recorded as [`Modelled::Unknown`]:
//! every client must assume it depends on everything touching its memref.
//!
//! Memrefs are identified by SSA value, looking through view ops (an
//! access through a re-indexing view, such as a subview, is unknown), as
//! MLIR's dependence analysis does (distinct values are assumed not to
//! alias) — but every `memref.get_global` of one global names one memref
//! ([`Module::global_root`]), where MLIR would take two of them apart. What is known about symbols joins every domain: a symbol
//! defined by `memref.dim` is non-negative.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap, Constraint, IntegerSet};
use tessera_ir::ir::ValueDef;
use tessera_ir::{Attribute, Module, OpId, Value};

use super::access::{AccessDesc, Guard, LoopDesc};

/// How an access is modelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Modelled {
    /// Exactly, by its description.
    Exact(AccessDesc),
    /// Not at all, for the given reason: it may depend on any access to the
    /// same memref. `memref` is its memref id, `position` its program
    /// position, `is_write` whether it writes.
    Unknown {
        /// Program position.
        position: usize,
        /// Memref id.
        memref: u32,
        /// Whether the access writes.
        is_write: bool,
        /// Enclosing loop ids (affine.for ops), outermost first, as far as
        /// they are known.
        loops: Vec<u32>,
        /// Why it could not be modelled.
        reason: String,
    },
}

impl Modelled {
    /// Program position.
    pub fn position(&self) -> usize {
        match self {
            Modelled::Exact(a) => a.position,
            Modelled::Unknown { position, .. } => *position,
        }
    }

    /// Memref id.
    pub fn memref(&self) -> u32 {
        match self {
            Modelled::Exact(a) => a.memref,
            Modelled::Unknown { memref, .. } => *memref,
        }
    }

    /// Whether the access writes.
    pub fn is_write(&self) -> bool {
        match self {
            Modelled::Exact(a) => a.is_write,
            Modelled::Unknown { is_write, .. } => *is_write,
        }
    }

    /// Enclosing loop ids, outermost first.
    pub fn loop_ids(&self) -> Vec<u32> {
        match self {
            Modelled::Exact(a) => a.loops.iter().map(|l| l.id).collect(),
            Modelled::Unknown { loops, .. } => loops.clone(),
        }
    }
}

/// The affine accesses of a module, in program order.
#[derive(Clone, Debug)]
pub struct Accesses {
    /// The access ops.
    pub ops: Vec<OpId>,
    /// Their models, one per op.
    pub models: Vec<Modelled>,
    /// The value of each global symbol of the models, by symbol number.
    pub symbols: Vec<Value>,
}

/// Whether `name` is an affine load or store, and which.
fn access_kind(name: &str) -> Option<bool> {
    match name {
        "affine.load" | "affine.vector_load" => Some(false),
        "affine.store" | "affine.vector_store" => Some(true),
        _ => None,
    }
}

/// Collects and models every affine access under `root` (a module or a
/// function), in program order.
pub fn collect_accesses(module: &Module, root: OpId) -> Accesses {
    let mut walker = Walker {
        module,
        loops: Vec::new(),
        guards: Vec::new(),
        opaque: None,
        symbols: HashMap::new(),
        nonnegative: Vec::new(),
        memrefs: HashMap::new(),
        raw: Vec::new(),
    };
    walker.visit(root);
    let num_symbols = walker.symbols.len() as u32;
    let mut symbols: Vec<(u32, Value)> = walker.symbols.iter().map(|(&v, &id)| (id, v)).collect();
    symbols.sort();
    let symbols: Vec<Value> = symbols.into_iter().map(|(_, v)| v).collect();
    // What is known about the symbols: a memref dimension is not negative.
    let facts: Vec<Constraint> = walker
        .nonnegative
        .iter()
        .map(|&s| Constraint::ge(AffineExpr::symbol(s)))
        .collect();
    let context = (!facts.is_empty())
        .then(|| IntegerSet::new(0, num_symbols, facts).ok())
        .flatten()
        .map(|set| Guard { set, holds: true });
    let mut ops = Vec::new();
    let mut models = Vec::new();
    for raw in walker.raw {
        ops.push(raw.op);
        let mut model = raw.finish(num_symbols);
        if let (Modelled::Exact(desc), Some(c)) = (&mut model, &context) {
            desc.guards.push(c.clone());
        }
        models.push(model);
    }
    Accesses {
        ops,
        models,
        symbols,
    }
}

/// A loop while walking: its induction variable and bounds as expressions
/// over the outer induction variables and global symbols.
#[derive(Clone)]
struct RawLoop {
    id: u32,
    iv: Value,
    lower: Result<Vec<AffineExpr>, String>,
    upper: Result<Vec<AffineExpr>, String>,
    step: i64,
}

#[derive(Clone)]
struct RawGuard {
    level: usize,
    constraints: Result<Vec<Constraint>, String>,
    holds: bool,
}

struct RawAccess {
    op: OpId,
    position: usize,
    memref: u32,
    is_write: bool,
    loops: Vec<RawLoop>,
    guards: Vec<RawGuard>,
    subscripts: Result<Vec<AffineExpr>, String>,
    opaque: Option<String>,
}

impl RawAccess {
    fn finish(self, num_symbols: u32) -> Modelled {
        let loop_ids: Vec<u32> = self.loops.iter().map(|l| l.id).collect();
        let unknown = |reason: String| Modelled::Unknown {
            position: self.position,
            memref: self.memref,
            is_write: self.is_write,
            loops: loop_ids.clone(),
            reason,
        };
        if let Some(reason) = &self.opaque {
            return unknown(reason.clone());
        }
        let build = || -> Result<AccessDesc, String> {
            let mut loops = Vec::new();
            for (level, l) in self.loops.iter().enumerate() {
                let lower = AffineMap::new(level as u32, num_symbols, l.lower.clone()?)
                    .map_err(|e| e.to_string())?;
                let upper = AffineMap::new(level as u32, num_symbols, l.upper.clone()?)
                    .map_err(|e| e.to_string())?;
                loops.push(LoopDesc {
                    id: l.id,
                    lower,
                    upper,
                    step: l.step,
                });
            }
            let mut guards = Vec::new();
            for g in &self.guards {
                let set = IntegerSet::new(g.level as u32, num_symbols, g.constraints.clone()?)
                    .map_err(|e| e.to_string())?;
                guards.push(Guard {
                    set,
                    holds: g.holds,
                });
            }
            let subscripts = AffineMap::new(
                self.loops.len() as u32,
                num_symbols,
                self.subscripts.clone()?,
            )
            .map_err(|e| e.to_string())?;
            Ok(AccessDesc {
                position: self.position,
                memref: self.memref,
                is_write: self.is_write,
                loops,
                guards,
                subscripts,
                num_symbols,
            })
        };
        match build() {
            Ok(desc) => Modelled::Exact(desc),
            Err(reason) => unknown(reason),
        }
    }
}

struct Walker<'m> {
    module: &'m Module,
    loops: Vec<RawLoop>,
    guards: Vec<RawGuard>,
    /// Set while inside a region the model does not understand.
    opaque: Option<String>,
    symbols: HashMap<Value, u32>,
    /// Symbols known to be non-negative (results of `memref.dim`).
    nonnegative: Vec<u32>,
    memrefs: HashMap<Value, u32>,
    raw: Vec<RawAccess>,
}

impl Walker<'_> {
    fn visit(&mut self, op: OpId) {
        let data = &self.module.ops[op];
        if let Some(is_write) = access_kind(&data.name) {
            self.record(op, is_write);
            return;
        }
        match data.name.as_str() {
            "affine.for" => self.visit_for(op),
            "affine.parallel" => self.visit_parallel(op),
            "affine.if" => self.visit_if(op),
            "builtin.module" | "func.func" if self.has_several_blocks(op) => self.visit_opaque(
                op,
                "in a function of several blocks, whose control flow the affine model does not cover",
            ),
            "builtin.module" | "func.func" => self.visit_regions(op),
            _ if data.regions.is_empty() => {}
            other => {
                let reason =
                    format!("inside a region of '{other}', which the affine model does not cover");
                self.visit_opaque(op, &reason);
            }
        }
    }

    /// Does a region of `op` hold several blocks (a control-flow graph,
    /// in which an access may run before one above it, or many times)?
    fn has_several_blocks(&self, op: OpId) -> bool {
        self.module.ops[op]
            .regions
            .iter()
            .any(|&r| self.module.regions[r].blocks.len() > 1)
    }

    fn visit_regions(&mut self, op: OpId) {
        let module = self.module;
        for &r in &module.ops[op].regions {
            for &b in &module.regions[r].blocks {
                for &o in &module.blocks[b].ops {
                    self.visit(o);
                }
            }
        }
    }

    fn visit_for(&mut self, op: OpId) {
        let module = self.module;
        let data = &module.ops[op];
        let segments = segment_sizes(data.attr("operandSegmentSizes"));
        let (nlb, nub) = match segments.as_deref() {
            Some([a, b, ..]) => (*a, *b),
            _ => (0, 0),
        };
        let lb_ops = data.operands.get(..nlb).unwrap_or(&[]);
        let ub_ops = data.operands.get(nlb..nlb + nub).unwrap_or(&[]);
        let lower = self.map_exprs(data.attr("lowerBoundMap"), lb_ops);
        let upper = self.map_exprs(data.attr("upperBoundMap"), ub_ops);
        let step = data.attr("step").and_then(Attribute::as_int).unwrap_or(1);
        let body = data
            .regions
            .first()
            .and_then(|&r| module.regions[r].blocks.first().copied());
        let Some(iv) = body.and_then(|b| module.blocks[b].args.first().copied()) else {
            return;
        };
        self.loops.push(RawLoop {
            id: op.as_u32(),
            iv,
            lower,
            upper,
            step,
        });
        self.visit_regions(op);
        self.loops.pop();
    }

    /// `affine.parallel` is a band of loops, one per induction variable,
    /// each starting at the maximum of its group of lower bounds and ending
    /// below the minimum of its group of upper bounds.
    fn visit_parallel(&mut self, op: OpId) {
        let module = self.module;
        let data = &module.ops[op];
        let (Some(Attribute::AffineMap(lmap)), Some(Attribute::AffineMap(umap))) =
            (data.attr("lowerBoundsMap"), data.attr("upperBoundsMap"))
        else {
            return self.visit_opaque(op, "affine.parallel without bound maps");
        };
        let nl = lmap.num_inputs() as usize;
        let lower = self.map_exprs(
            data.attr("lowerBoundsMap"),
            data.operands.get(..nl).unwrap_or(&[]),
        );
        let upper = self.map_exprs(
            data.attr("upperBoundsMap"),
            data.operands.get(nl..).unwrap_or(&[]),
        );
        let body = data
            .regions
            .first()
            .and_then(|&r| module.regions[r].blocks.first().copied());
        let ivs = body
            .map(|b| module.blocks[b].args.clone())
            .unwrap_or_default();
        let steps: Vec<i64> = match data.attr("steps") {
            Some(Attribute::Array(a)) => a.iter().filter_map(Attribute::as_int).collect(),
            _ => Vec::new(),
        };
        let lgroups = groups(
            data.attr("lowerBoundsGroups"),
            ivs.len(),
            lmap.results().len(),
        );
        let ugroups = groups(
            data.attr("upperBoundsGroups"),
            ivs.len(),
            umap.results().len(),
        );
        let (Some(lgroups), Some(ugroups)) = (lgroups, ugroups) else {
            return self.visit_opaque(op, "affine.parallel with malformed bound groups");
        };
        if steps.len() != ivs.len() {
            return self.visit_opaque(op, "affine.parallel with malformed steps");
        }
        let pushed = ivs.len();
        for (k, &iv) in ivs.iter().enumerate() {
            let slice = |all: &Result<Vec<AffineExpr>, String>, (start, len): (usize, usize)| {
                all.clone().map(|v| v[start..start + len].to_vec())
            };
            self.loops.push(RawLoop {
                id: op.as_u32() + (k as u32) * PARALLEL_IV_STRIDE,
                iv,
                lower: slice(&lower, lgroups[k]),
                upper: slice(&upper, ugroups[k]),
                step: steps[k],
            });
        }
        self.visit_regions(op);
        self.loops.truncate(self.loops.len() - pushed);
    }

    fn visit_opaque(&mut self, op: OpId, reason: &str) {
        let saved = self.opaque.clone();
        if self.opaque.is_none() {
            self.opaque = Some(reason.to_string());
        }
        self.visit_regions(op);
        self.opaque = saved;
    }

    fn visit_if(&mut self, op: OpId) {
        let module = self.module;
        let data = &module.ops[op];
        let constraints = match data.attr("condition") {
            Some(Attribute::IntegerSet(set)) => self.set_constraints(set, &data.operands),
            _ => Err("affine.if without a condition".to_string()),
        };
        let level = self.loops.len();
        for (i, &r) in data.regions.iter().enumerate() {
            self.guards.push(RawGuard {
                level,
                constraints: constraints.clone(),
                holds: i == 0,
            });
            for &b in &module.regions[r].blocks {
                for &o in &module.blocks[b].ops {
                    self.visit(o);
                }
            }
            self.guards.pop();
        }
    }

    fn record(&mut self, op: OpId, is_write: bool) {
        let data = &self.module.ops[op];
        // load: memref, indices...; store: value, memref, indices...
        let first = usize::from(is_write);
        let Some(&memref_value) = data.operands.get(first) else {
            return;
        };
        let memref = self.memref_id(memref_value);
        let indices = &data.operands[first + 1..];
        // A view that re-indexes its memory (a subview, a reshape) reaches
        // the root's elements by other subscripts: such an access may touch
        // any of them.
        let subscripts = if self.module.is_reindexed_view(memref_value) {
            Err("through a view (subview, reshape, ...) that re-indexes its memref".to_string())
        } else {
            self.map_exprs(data.attr("map"), indices)
        };
        self.raw.push(RawAccess {
            op,
            position: self.raw.len(),
            memref,
            is_write,
            loops: self.loops.clone(),
            guards: self.guards.clone(),
            subscripts,
            opaque: self.opaque.clone(),
        });
    }

    fn memref_id(&mut self, v: Value) -> u32 {
        let v = self.module.memref_root(v);
        let next = self.memrefs.len() as u32;
        *self.memrefs.entry(v).or_insert(next)
    }

    /// The results of `map` applied to `operands`, as expressions over the
    /// enclosing induction variables and global symbols.
    fn map_exprs(
        &mut self,
        map: Option<&Attribute>,
        operands: &[Value],
    ) -> Result<Vec<AffineExpr>, String> {
        let Some(Attribute::AffineMap(map)) = map else {
            return Err("missing affine map".to_string());
        };
        let (dims, syms) = self.operand_exprs(map.num_dims() as usize, operands)?;
        map.results()
            .iter()
            .map(|e| {
                e.replace_dims_and_symbols(&dims, &syms)
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    fn set_constraints(
        &mut self,
        set: &IntegerSet,
        operands: &[Value],
    ) -> Result<Vec<Constraint>, String> {
        let (dims, syms) = self.operand_exprs(set.num_dims() as usize, operands)?;
        set.constraints()
            .iter()
            .map(|c| {
                c.expr
                    .replace_dims_and_symbols(&dims, &syms)
                    .map(|expr| Constraint { expr, kind: c.kind })
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    fn operand_exprs(
        &mut self,
        num_dims: usize,
        operands: &[Value],
    ) -> Result<(Vec<AffineExpr>, Vec<AffineExpr>), String> {
        let exprs = operands
            .iter()
            .map(|&v| self.value_expr(v, 0))
            .collect::<Result<Vec<_>, _>>()?;
        let split = num_dims.min(exprs.len());
        Ok((exprs[..split].to_vec(), exprs[split..].to_vec()))
    }

    /// A value as an affine expression of the enclosing induction variables
    /// (dims) and global symbols.
    fn value_expr(&mut self, v: Value, depth: usize) -> Result<AffineExpr, String> {
        if depth > 64 {
            return Err("affine.apply chain too deep".to_string());
        }
        if let Some(level) = self.loops.iter().position(|l| l.iv == v) {
            return Ok(AffineExpr::dim(level as u32));
        }
        let module = self.module;
        if let Some(def) = module.defining_op(v) {
            let d = &module.ops[def];
            match d.name.as_str() {
                "affine.apply" => {
                    let Some(Attribute::AffineMap(map)) = d.attr("map") else {
                        return Err("affine.apply without a map".to_string());
                    };
                    let operands = d.operands.clone();
                    let exprs = operands
                        .iter()
                        .map(|&o| self.value_expr(o, depth + 1))
                        .collect::<Result<Vec<_>, _>>()?;
                    let split = (map.num_dims() as usize).min(exprs.len());
                    let result = map
                        .results()
                        .first()
                        .ok_or("affine.apply without a result")?;
                    return result
                        .replace_dims_and_symbols(&exprs[..split], &exprs[split..])
                        .map_err(|e| e.to_string());
                }
                "arith.constant" => {
                    if let Some(c) = d.attr("value").and_then(Attribute::as_int) {
                        return Ok(AffineExpr::constant(c));
                    }
                }
                _ => {}
            }
        }
        if self.defined_inside_a_loop(v) {
            return Err(format!(
                "an index computed inside a loop ({}) is not affine",
                describe_def(module, v)
            ));
        }
        let next = self.symbols.len() as u32;
        let id = *self.symbols.entry(v).or_insert(next);
        if id == next
            && module
                .defining_op(v)
                .is_some_and(|d| module.ops[d].name == "memref.dim")
        {
            self.nonnegative.push(id);
        }
        Ok(AffineExpr::symbol(id))
    }

    /// Whether `v` is defined inside the region of an enclosing loop (so it
    /// may vary between iterations).
    fn defined_inside_a_loop(&self, v: Value) -> bool {
        let module = self.module;
        let mut block = module.value_block(v);
        while let Some(b) = block {
            let Some(owner) = module.block_parent_op(b) else {
                return false;
            };
            if self.loops.iter().any(|l| l.id == owner.as_u32()) {
                return true;
            }
            block = module.ops[owner].parent;
        }
        false
    }
}

fn describe_def(module: &Module, v: Value) -> String {
    match module.values[v].def {
        ValueDef::OpResult { op, .. } => format!("result of {}", module.ops[op].name),
        ValueDef::BlockArg { .. } => "a block argument".to_string(),
    }
}

/// Loop ids of the induction variables of one `affine.parallel`: the op's
/// id for the first, plus multiples of this stride for the others.
const PARALLEL_IV_STRIDE: u32 = 1 << 24;

/// `(start, len)` of each induction variable's group of bound results,
/// from a `dense<..>` group-size attribute (a splat is one size for all).
fn groups(
    attr: Option<&Attribute>,
    num_ivs: usize,
    num_results: usize,
) -> Option<Vec<(usize, usize)>> {
    let sizes: Vec<usize> = match attr? {
        Attribute::DenseInt { values, .. } if values.len() == 1 => {
            vec![values[0].max(0) as usize; num_ivs]
        }
        Attribute::DenseInt { values, .. } => values.iter().map(|&v| v.max(0) as usize).collect(),
        _ => return None,
    };
    if sizes.len() != num_ivs || sizes.iter().sum::<usize>() != num_results {
        return None;
    }
    let mut start = 0;
    Some(
        sizes
            .into_iter()
            .map(|len| {
                let g = (start, len);
                start += len;
                g
            })
            .collect(),
    )
}

fn segment_sizes(attr: Option<&Attribute>) -> Option<Vec<usize>> {
    match attr? {
        Attribute::DenseArray { values, .. } => {
            Some(values.iter().map(|&v| v.max(0) as usize).collect())
        }
        _ => None,
    }
}
