//! The polyhedral model of a function: its SCoPs (static control parts),
//! their statements, iteration domains, accesses and schedules.
//!
//! A **statement** is one `affine.store` (or `affine.vector_store`) with
//! the pure ops computing the stored value and the loads they read (all in
//! the store's block). Its **iteration domain** is the set of iteration
//! vectors of its enclosing `affine.for` loops (bounds with `max`/`min`,
//! steps, `affine.if` conditions, `else` branches) over the function's
//! symbols; its **schedule** maps an iteration vector to a time vector,
//! executed in lexicographic order. The original schedule is the 2d+1
//! form: the textual position of the statement's ancestor in each loop
//! body, interleaved with the loops' induction variables, padded with
//! zeros to one length per SCoP.
//!
//! A **SCoP** is a maximal run of ops of a function body that the model
//! covers: loop nests and `affine.if`s holding only affine loads, stores,
//! `affine.apply` and pure `arith`/`math` ops, loops without `iter_args`,
//! every access modelled exactly, every load read only in its own block,
//! and pure ops of the function body between them. Anything else — a call,
//! a print, an allocation, `iter_args`, a non-affine subscript — ends a
//! SCoP and is kept as it is; [`find_scops`] says why in
//! [`FunctionModel::excluded`]. Inside a non-modellable `affine.for` (a
//! call in its body, `iter_args`), the search goes on in its body, as
//! Polly's maximal regions do: the SCoPs found there take the induction
//! variables of the loops around them as parameters
//! ([`Scop::outer_ivs`], symbols after the function's).
//!
//! ```
//! use tessera_ir::parse_and_verify;
//! use tessera_transforms::scop::find_scops;
//! let m = parse_and_verify("t.mlir", "func.func @f(%A: memref<8xf32>) {
//!   affine.for %i = 0 to 8 {
//!     %v = affine.load %A[%i] : memref<8xf32>
//!     affine.store %v, %A[7 - %i] : memref<8xf32>
//!   }
//!   return
//! }
//! ").unwrap();
//! let f = &find_scops(&m)[0];
//! assert_eq!(f.scops.len(), 1);
//! assert_eq!(f.scops[0].statements[0].schedule.to_string(), "(d0) -> (0, d0, 1)");
//! ```

mod apply;
mod codegen;
mod dependences;
mod legality;
mod print;

pub use apply::{apply_schedule, apply_schedule_file, ScheduleFileError};
pub use codegen::{generate_scop, generate_scop_with, CodegenOptions};
pub use dependences::{
    memory_dependences, print_dependences, value_flow_dependences, ScopDependence,
};
pub use legality::{check_schedule, ScheduleViolation};
pub use print::{parse_schedule_file, print_schedules, ScheduleFile};

use std::collections::{HashMap, HashSet};

use tessera_affine::{AffineExpr, AffineMap, Constraint, IntegerSet};
use tessera_ir::{BlockId, Module, OpId, Value};

use crate::dependence::{collect_accesses, AccessDesc, Guard, LoopDesc, Modelled};
use crate::passes::memref_root;

/// One statement: a store and what computes its value.
#[derive(Clone, Debug)]
pub struct Statement {
    /// The store op.
    pub op: OpId,
    /// The write, with the statement's loops and guards (its domain).
    pub write: AccessDesc,
    /// The loads the stored value is computed from.
    pub reads: Vec<AccessDesc>,
    /// The load ops, in the order of `reads`.
    pub read_ops: Vec<OpId>,
    /// The original (2d+1) schedule over the iteration vector and the
    /// function's symbols, padded to the SCoP's time dimension count.
    pub schedule: AffineMap,
}

impl Statement {
    /// The number of loops around the statement.
    pub fn depth(&self) -> usize {
        self.write.loops.len()
    }

    /// Its accesses with their ops: the write, then the reads.
    pub fn accesses(&self) -> impl Iterator<Item = (&AccessDesc, OpId)> {
        std::iter::once((&self.write, self.op))
            .chain(self.reads.iter().zip(self.read_ops.iter().copied()))
    }
}

/// A static control part: consecutive ops of a function body and the
/// statements in them, in textual order.
#[derive(Clone, Debug)]
pub struct Scop {
    /// The function body's ops the SCoP spans, in order (nests, stores and
    /// pure ops between them).
    pub ops: Vec<OpId>,
    /// The statements, in textual order.
    pub statements: Vec<Statement>,
    /// The induction variables of the non-modellable loops around the
    /// SCoP, outermost first (empty for a SCoP of the function body):
    /// inside, they are parameters — symbols numbered after the
    /// function's.
    pub outer_ivs: Vec<Value>,
}

/// The model of one function.
#[derive(Clone, Debug)]
pub struct FunctionModel {
    /// The `func.func` op.
    pub func: OpId,
    /// Its name.
    pub name: String,
    /// The values of the symbols the domains, accesses and schedules use,
    /// by symbol number (shared by all SCoPs of the function).
    pub symbols: Vec<Value>,
    /// The SCoPs, in textual order.
    pub scops: Vec<Scop>,
    /// Ops of the body left out of every SCoP, with the reason.
    pub excluded: Vec<(OpId, String)>,
}

impl FunctionModel {
    /// The number of symbols `scop`'s domains, accesses and schedules
    /// use: the function's, then the induction variables of the loops
    /// around it.
    pub fn num_symbols(&self, scop: &Scop) -> usize {
        self.symbols.len() + scop.outer_ivs.len()
    }
}

/// Models every function of the module.
pub fn find_scops(module: &Module) -> Vec<FunctionModel> {
    module
        .functions()
        .into_iter()
        .filter_map(|f| model_function(module, f))
        .collect()
}

/// Ops that compute a value and nothing else.
pub(crate) fn is_pure(name: &str) -> bool {
    (name.starts_with("arith.") || name.starts_with("math.")) || name == "affine.apply"
}

fn model_function(module: &Module, func: OpId) -> Option<FunctionModel> {
    let data = &module.ops[func];
    let name = match data.attr("sym_name") {
        Some(tessera_ir::Attribute::String(s)) => s.clone(),
        Some(other) => other.to_string().trim_matches('"').to_string(),
        None => String::new(),
    };
    let body = module.regions[*data.regions.first()?]
        .blocks
        .first()
        .copied()?;
    let accesses = collect_accesses(module, func);
    let mut exact: HashMap<OpId, AccessDesc> = HashMap::new();
    for (&op, model) in accesses.ops.iter().zip(&accesses.models) {
        if let Modelled::Exact(d) = model {
            exact.insert(op, d.clone());
        }
    }
    let mut model = FunctionModel {
        func,
        name,
        symbols: accesses.symbols.clone(),
        scops: Vec::new(),
        excluded: Vec::new(),
    };
    model_block(module, body, &exact, &[], &mut model, &mut HashMap::new());
    Some(model)
}

/// The deepest nest of non-modellable loops searched for SCoPs inside.
const MAX_OUTER_LOOPS: usize = 16;

/// The SCoPs among the ops of `block`, which `outer` loops (their
/// induction variables) enclose; inside a non-modellable `affine.for`,
/// the search goes on in its body, its induction variable one more
/// parameter.
fn model_block(
    module: &Module,
    block: BlockId,
    exact: &HashMap<OpId, AccessDesc>,
    outer: &[Value],
    model: &mut FunctionModel,
    stores: &mut BlockStores,
) {
    let mut current: Vec<OpId> = Vec::new();
    let close = |current: &mut Vec<OpId>, model: &mut FunctionModel| {
        // Pure ops after the last statement-holding op are not part of it.
        while current
            .last()
            .is_some_and(|&o| is_pure(&module.ops[o].name))
        {
            current.pop();
        }
        if !current.is_empty() {
            let ops = std::mem::take(current);
            model.scops.push(build_scop(module, exact, ops, outer));
        }
    };
    for &op in &module.blocks[block].ops {
        let name = module.ops[op].name.as_str();
        if is_pure(name) {
            if !current.is_empty() {
                current.push(op);
            }
            continue;
        }
        match why_not_modellable(module, op, exact, stores) {
            None => current.push(op),
            Some(why) => {
                close(&mut current, model);
                if name != "func.return" && name != "affine.yield" {
                    model.excluded.push((op, why));
                }
                if name == "affine.for" && outer.len() < MAX_OUTER_LOOPS {
                    let body = module.ops[op]
                        .regions
                        .first()
                        .and_then(|&r| module.regions[r].blocks.first());
                    if let Some(&body) = body {
                        let mut inner = outer.to_vec();
                        inner.push(module.blocks[body].args[0]);
                        model_block(module, body, exact, &inner, model, stores);
                    }
                } else if name != "affine.for" {
                    // The branches of an affine.if the model cannot take
                    // (a call beside a nest): their accesses' domains hold
                    // the conditions, so a SCoP there runs as it is
                    // reached. (Accesses under scf ops or affine.parallel
                    // are not exact, so nothing is found there.)
                    for &r in &module.ops[op].regions {
                        for &b in &module.regions[r].blocks {
                            model_block(module, b, exact, outer, model, stores);
                        }
                    }
                }
            }
        }
    }
    close(&mut current, model);
}

/// `access` seen from inside its `k` outermost loops: their induction
/// variables become the symbols after the function's `access.num_symbols`,
/// the inner loops are its loops.
fn lift(access: &AccessDesc, k: usize) -> Option<AccessDesc> {
    if k == 0 {
        return Some(access.clone());
    }
    if access.loops.len() < k {
        return None;
    }
    let ns = access.num_symbols;
    let symbols: Vec<AffineExpr> = (0..ns).map(AffineExpr::symbol).collect();
    let dims = |n: u32| -> Vec<AffineExpr> {
        (0..n)
            .map(|j| {
                if (j as usize) < k {
                    AffineExpr::symbol(ns + j)
                } else {
                    AffineExpr::dim(j - k as u32)
                }
            })
            .collect()
    };
    let new_ns = ns + k as u32;
    let map = |m: &AffineMap| {
        let n = m.num_dims();
        m.replace_dims_and_symbols(&dims(n), &symbols, n.saturating_sub(k as u32), new_ns)
            .ok()
    };
    let mut loops = Vec::with_capacity(access.loops.len() - k);
    for l in &access.loops[k..] {
        loops.push(LoopDesc {
            id: l.id,
            lower: map(&l.lower)?,
            upper: map(&l.upper)?,
            step: l.step,
        });
    }
    let mut guards = Vec::with_capacity(access.guards.len());
    for g in &access.guards {
        let n = g.set.num_dims();
        let repl = dims(n);
        let constraints = g
            .set
            .constraints()
            .iter()
            .map(|c| {
                c.expr
                    .replace_dims_and_symbols(&repl, &symbols)
                    .ok()
                    .map(|expr| Constraint { expr, ..c.clone() })
            })
            .collect::<Option<Vec<_>>>()?;
        guards.push(Guard {
            set: IntegerSet::new(n.saturating_sub(k as u32), new_ns, constraints).ok()?,
            holds: g.holds,
        });
    }
    Some(AccessDesc {
        position: access.position,
        memref: access.memref,
        is_write: access.is_write,
        loops,
        guards,
        subscripts: map(&access.subscripts)?,
        num_symbols: new_ns,
    })
}

/// Why the function-body op `top` cannot be part of a SCoP.
fn why_not_modellable(
    module: &Module,
    top: OpId,
    exact: &HashMap<OpId, AccessDesc>,
    stores: &mut BlockStores,
) -> Option<String> {
    let mut nested = Vec::new();
    module.walk_from(top, &mut nested);
    if !matches!(
        module.ops[top].name.as_str(),
        "affine.for" | "affine.if" | "affine.store" | "affine.vector_store"
    ) {
        return Some(format!("'{}' is not modelled", module.ops[top].name));
    }
    // Loads whose value is used in another block than the load's, found
    // in one pass over the uses (a search per load took minutes on
    // unrolled nests).
    let mut foreign_loads = HashSet::new();
    for &user in &nested {
        for &v in &module.ops[user].operands {
            if let Some(def) = module.defining_op(v) {
                if module.ops[def].parent != module.ops[user].parent {
                    foreign_loads.insert(def);
                }
            }
        }
    }
    for &op in &nested {
        let d = &module.ops[op];
        match d.name.as_str() {
            "affine.for" | "affine.if" if !d.results.is_empty() => {
                return Some(format!(
                    "'{}' at line {} carries values (iter_args or results)",
                    d.name, d.loc.line
                ))
            }
            "affine.for" | "affine.if" | "affine.yield" => {}
            "affine.load" | "affine.store" | "affine.vector_load" | "affine.vector_store" => {
                if !exact.contains_key(&op) {
                    return Some(format!(
                        "the access at line {} is not affine in the loop variables and symbols",
                        d.loc.line
                    ));
                }
                if d.name.ends_with("load") && foreign_loads.contains(&op) {
                    return Some(format!(
                        "the value loaded at line {} is used outside its block",
                        d.loc.line
                    ));
                }
            }
            name if is_pure(name) => {}
            other => {
                return Some(format!(
                    "'{other}' at line {} has effects the model does not cover",
                    d.loc.line
                ))
            }
        }
    }
    interleaved_statement(module, &nested, stores)
}

/// A statement runs as one unit at its store, but its loads run where they
/// are: when another store to a loaded memref lies between a load and the
/// store it feeds, no order of whole statements is the program's (the
/// printed schedule would not be legal), so the nest is not modelled.
fn interleaved_statement(
    module: &Module,
    nested: &[OpId],
    blocks: &mut BlockStores,
) -> Option<String> {
    for &store in nested {
        let d = &module.ops[store];
        if !is_store(&d.name) {
            continue;
        }
        let Some(block) = d.parent else {
            continue;
        };
        let (index, stores) = blocks
            .entry(block)
            .or_insert_with(|| block_stores(module, block));
        let Some(&store_at) = index.get(&store) else {
            continue;
        };
        for load in slice_loads(module, store) {
            let (Some(&load_at), Some(&memref)) =
                (index.get(&load), module.ops[load].operands.first())
            else {
                continue;
            };
            let memref = memref_root(module, memref);
            let Some(list) = stores.get(&memref) else {
                continue;
            };
            let next = list.partition_point(|&(at, _)| at <= load_at);
            if let Some(&(at, between)) = list.get(next) {
                if at < store_at {
                    return Some(format!(
                        "the value loaded at line {} is stored at line {} after another store to its memref (line {})",
                        module.ops[load].loc.line,
                        d.loc.line,
                        module.ops[between].loc.line
                    ));
                }
            }
        }
    }
    None
}

/// Per memref (its root: views and every `memref.get_global` of one global
/// name one memref), the stores under a block's ops, by the position of
/// the op.
type Stores = HashMap<Value, Vec<(usize, OpId)>>;

/// [`block_stores`] of each block asked about, computed once per function
/// (a block of thousands of statements, as after a full unroll, is asked
/// about once per statement).
type BlockStores = HashMap<BlockId, (HashMap<OpId, usize>, Stores)>;

fn is_store(name: &str) -> bool {
    name == "affine.store" || name == "affine.vector_store"
}

/// The position of each op of `block`, and per memref the stores in or
/// under the block's ops, by the position of the op holding them.
fn block_stores(module: &Module, block: BlockId) -> (HashMap<OpId, usize>, Stores) {
    let mut index = HashMap::new();
    let mut stores: Stores = HashMap::new();
    for (at, &op) in module.blocks[block].ops.iter().enumerate() {
        index.insert(op, at);
        let mut inner = Vec::new();
        module.walk_from(op, &mut inner);
        for o in inner {
            let d = &module.ops[o];
            if is_store(&d.name) {
                if let Some(&memref) = d.operands.get(1) {
                    let memref = memref_root(module, memref);
                    stores.entry(memref).or_default().push((at, o));
                }
            }
        }
    }
    (index, stores)
}

/// The statements of `ops` with their 2d+1 schedules.
fn build_scop(
    module: &Module,
    exact: &HashMap<OpId, AccessDesc>,
    ops: Vec<OpId>,
    outer: &[Value],
) -> Scop {
    let k = outer.len();
    // The block holding the SCoP: values computed there before it (a load
    // included) are inputs of its statements, not their reads.
    let block = ops.first().and_then(|&o| module.ops[o].parent);
    let mut statements = Vec::new();
    // A pre-order walk of the SCoP's ops, each with its loop depth; an op's
    // rank is its position among the ops of its loop body (ops inside
    // `affine.if`s of that body counted in pre-order), or among the SCoP's
    // ops at depth 0. Its schedule prefix is the ranks of its ancestors.
    let mut stack: Vec<(OpId, usize)> = ops
        .iter()
        .rev()
        .filter(|&&o| !is_pure(&module.ops[o].name))
        .map(|&o| (o, 0))
        .collect();
    let mut counters: Vec<i64> = Vec::new();
    let mut prefix: Vec<i64> = Vec::new();
    while let Some((op, depth)) = stack.pop() {
        counters.truncate(depth + 1);
        counters.resize(depth + 1, 0);
        let rank = counters[depth];
        counters[depth] += 1;
        prefix.truncate(depth);
        prefix.push(rank);
        let d = &module.ops[op];
        if d.name == "affine.store" || d.name == "affine.vector_store" {
            if let Some(write) = exact.get(&op).and_then(|w| lift(w, k)) {
                let (reads, read_ops) = statement_reads(module, op, exact, k, block);
                statements.push((prefix.clone(), write, reads, read_ops, op));
            }
        }
        let inner = if d.name == "affine.for" {
            depth + 1
        } else {
            depth
        };
        for &r in d.regions.iter().rev() {
            for &b in module.regions[r].blocks.iter().rev() {
                for &o in module.blocks[b].ops.iter().rev() {
                    stack.push((o, inner));
                }
            }
        }
    }
    let max_depth = statements
        .iter()
        .map(|(_, w, ..)| w.loops.len())
        .max()
        .unwrap_or(0);
    let statements = statements
        .into_iter()
        .map(|(beta, write, reads, read_ops, op)| {
            let depth = write.loops.len();
            let mut results = Vec::with_capacity(2 * max_depth + 1);
            for l in 0..=max_depth {
                results.push(AffineExpr::constant(beta.get(l).copied().unwrap_or(0)));
                if l < max_depth {
                    results.push(if l < depth {
                        AffineExpr::dim(l as u32)
                    } else {
                        AffineExpr::constant(0)
                    });
                }
            }
            let schedule = AffineMap::new(depth as u32, write.num_symbols, results)
                .unwrap_or_else(|_| AffineMap::identity(depth as u32));
            Statement {
                op,
                write,
                reads,
                read_ops,
                schedule,
            }
        })
        .collect();
    Scop {
        ops,
        statements,
        outer_ivs: outer.to_vec(),
    }
}

/// The loads in the backward slice of the store `op`'s stored value (in its
/// block: the model requires loads to be used only there).
fn statement_reads(
    module: &Module,
    op: OpId,
    exact: &HashMap<OpId, AccessDesc>,
    k: usize,
    block: Option<BlockId>,
) -> (Vec<AccessDesc>, Vec<OpId>) {
    // Textual order.
    let mut both: Vec<(AccessDesc, OpId)> = slice_loads(module, op)
        .into_iter()
        .filter(|&l| module.ops[l].parent != block)
        .filter_map(|l| exact.get(&l).and_then(|a| lift(a, k)).map(|a| (a, l)))
        .collect();
    both.sort_by_key(|(a, _)| a.position);
    both.into_iter().unzip()
}

/// The loads in the backward slice of `op`'s operands, through pure ops
/// and loads.
fn slice_loads(module: &Module, op: OpId) -> Vec<OpId> {
    let mut loads = Vec::new();
    let mut seen: HashSet<OpId> = HashSet::new();
    let mut work: Vec<Value> = module.ops[op].operands.clone();
    while let Some(v) = work.pop() {
        let Some(def) = module.defining_op(v) else {
            continue;
        };
        if !seen.insert(def) {
            continue;
        }
        let d = &module.ops[def];
        if d.name == "affine.load" || d.name == "affine.vector_load" {
            loads.push(def);
        }
        if is_pure(&d.name) || d.name.ends_with("load") {
            work.extend(d.operands.iter().copied());
        }
    }
    loads
}
