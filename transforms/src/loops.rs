//! Reading and rewriting `affine.for` ops: the loop utilities the band
//! passes share (MLIR's `LoopUtils`).
//!
//! An `affine.for` keeps its bounds as two affine maps over its leading
//! operands (`lowerBoundMap`, `upperBoundMap`: a `max` of several lower
//! results, a `min` of several upper ones), a positive `step`, and its
//! `iter_args` initial values as the remaining operands; its body block
//! takes the induction variable then the iteration arguments, and ends in
//! `affine.yield`. [`ForLoop`] is that view; the functions here build new
//! loops, bounds and `affine.apply` ops, compute trip counts, and promote a
//! loop running exactly once into its parent block.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Attribute, BlockId, Location, Module, OpId, Type, Value};

/// One bound of a loop: an affine map and the values of its dims, then
/// its symbols.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    /// The map; several results mean `max` (lower) or `min` (upper).
    pub map: AffineMap,
    /// One value per dim, then per symbol of `map`.
    pub operands: Vec<Value>,
}

impl Bound {
    /// The constant bound `c`.
    pub fn constant(c: i64) -> Bound {
        Bound {
            map: AffineMap::constant(c),
            operands: Vec::new(),
        }
    }

    /// The bound equal to one value, used as a dim (`(d0) -> (d0)`).
    pub fn value(v: Value) -> Bound {
        Bound {
            map: AffineMap::identity(1),
            operands: vec![v],
        }
    }

    /// The single constant result, if the bound is one.
    pub fn as_constant(&self) -> Option<i64> {
        match self.map.results() {
            [only] => only.as_constant(),
            _ => None,
        }
    }
}

/// The parts of an `affine.for`.
#[derive(Clone, Debug)]
pub struct ForLoop {
    /// The op.
    pub op: OpId,
    /// Lower bound (a `max` when it has several results).
    pub lower: Bound,
    /// Upper bound, exclusive (a `min` when it has several results).
    pub upper: Bound,
    /// The positive step.
    pub step: i64,
    /// Initial values of the `iter_args`.
    pub inits: Vec<Value>,
    /// The body block.
    pub body: BlockId,
}

impl ForLoop {
    /// Reads `op` as an `affine.for`; `None` for any other op or a
    /// malformed one.
    pub fn read(module: &Module, op: OpId) -> Option<ForLoop> {
        let data = &module.ops[op];
        if data.name != "affine.for" {
            return None;
        }
        let (Some(Attribute::AffineMap(lb)), Some(Attribute::AffineMap(ub))) =
            (data.attr("lowerBoundMap"), data.attr("upperBoundMap"))
        else {
            return None;
        };
        let step = data.attr("step").and_then(Attribute::as_int).unwrap_or(1);
        let nl = lb.num_inputs() as usize;
        let nu = ub.num_inputs() as usize;
        if data.operands.len() < nl + nu {
            return None;
        }
        let body = module.regions[*data.regions.first()?]
            .blocks
            .first()
            .copied()?;
        Some(ForLoop {
            op,
            lower: Bound {
                map: lb.clone(),
                operands: data.operands[..nl].to_vec(),
            },
            upper: Bound {
                map: ub.clone(),
                operands: data.operands[nl..nl + nu].to_vec(),
            },
            step,
            inits: data.operands[nl + nu..].to_vec(),
            body,
        })
    }

    /// The induction variable (the body's first argument).
    pub fn iv(&self, module: &Module) -> Value {
        module.blocks[self.body].args[0]
    }

    /// The region iteration arguments (the body's other arguments).
    pub fn iter_args(&self, module: &Module) -> Vec<Value> {
        module.blocks[self.body].args[1..].to_vec()
    }

    /// The body's `affine.yield` terminator.
    pub fn terminator(&self, module: &Module) -> Option<OpId> {
        module.blocks[self.body]
            .ops
            .last()
            .copied()
            .filter(|&t| module.ops[t].name == "affine.yield")
    }

    /// The body's ops without the terminator.
    pub fn body_ops(&self, module: &Module) -> Vec<OpId> {
        let ops = &module.blocks[self.body].ops;
        match self.terminator(module) {
            Some(_) => ops[..ops.len() - 1].to_vec(),
            None => ops.clone(),
        }
    }

    /// The bounds composed with the `affine.apply`s producing their
    /// operands, as MLIR's trip count map composes them.
    pub(crate) fn composed_bounds(&self, module: &Module) -> (Bound, Bound) {
        let composed = |b: &Bound| {
            let (map, operands) = crate::canonical::compose_map(module, &b.map, &b.operands);
            Bound { map, operands }
        };
        (composed(&self.lower), composed(&self.upper))
    }

    /// The number of iterations when it is the same on every execution of
    /// the loop: both bounds, composed with the `affine.apply`s producing
    /// their operands, differ by a constant (MLIR's
    /// `getConstantTripCount`; a `min` upper bound takes the smallest).
    pub fn constant_trip_count(&self, module: &Module) -> Option<u64> {
        let (lower, upper) = self.composed_bounds(module);
        let aligned = AlignedBounds::new(&lower, &upper)?;
        let [lb] = aligned.lower.as_slice() else {
            return None;
        };
        let mut count: Option<i64> = None;
        for ub in &aligned.upper {
            let span = (ub.clone() - lb.clone())
                .simplify(aligned.num_dims, aligned.num_symbols())
                .as_constant()?;
            let n = if span <= 0 {
                0
            } else {
                span.checked_add(self.step - 1)? / self.step
            };
            count = Some(count.map_or(n, |c: i64| c.min(n)));
        }
        count.and_then(|c| u64::try_from(c).ok())
    }

    /// The largest integer known to divide the trip count (MLIR's
    /// `getLargestDivisorOfTripCount`): the gcd over the upper bound's
    /// results of `(ub - lb) ceildiv step` — the count itself when
    /// constant, `u64::MAX` for a count of 0 or less, the expression's largest
    /// known divisor otherwise; 1 with several lower bounds.
    pub fn largest_trip_count_divisor(&self, module: &Module) -> u64 {
        let (lower, upper) = self.composed_bounds(module);
        let Some(aligned) = AlignedBounds::new(&lower, &upper) else {
            return 1;
        };
        let [lb] = aligned.lower.as_slice() else {
            return 1;
        };
        let (nd, ns) = (aligned.num_dims, aligned.num_symbols());
        aligned
            .upper
            .iter()
            .map(|ub| {
                let span = (ub.clone() - lb.clone()).simplify(nd, ns);
                let count = if self.step == 1 {
                    span
                } else {
                    span.ceil_div(self.step).simplify(nd, ns)
                };
                match count.as_constant() {
                    Some(c) if c <= 0 => u64::MAX,
                    Some(c) => c.unsigned_abs(),
                    None => count.largest_known_divisor(),
                }
            })
            .reduce(tessera_affine::int_math::gcd)
            .unwrap_or(1)
    }
}

/// Both bounds of a loop over one operand list: the form in which bounds
/// are compared and combined.
#[derive(Clone, Debug)]
pub struct AlignedBounds {
    /// The lower bound's results over the combined operands.
    pub lower: Vec<AffineExpr>,
    /// The upper bound's results over the combined operands.
    pub upper: Vec<AffineExpr>,
    /// How many of `operands` are dims (the rest are symbols).
    pub num_dims: u32,
    /// Dims of either map first (a value used as a dim anywhere is a dim),
    /// then symbols.
    pub operands: Vec<Value>,
}

impl AlignedBounds {
    /// Aligns `lower` and `upper`; `None` if a substitution fails.
    pub fn new(lower: &Bound, upper: &Bound) -> Option<AlignedBounds> {
        let mut dims: Vec<Value> = Vec::new();
        let mut syms: Vec<Value> = Vec::new();
        for b in [lower, upper] {
            let nd = b.map.num_dims() as usize;
            for (i, &v) in b.operands.iter().enumerate() {
                let list = if i < nd { &mut dims } else { &mut syms };
                if !list.contains(&v) {
                    list.push(v);
                }
            }
        }
        syms.retain(|v| !dims.contains(v));
        let (nd_all, ns_all) = (dims.len() as u32, syms.len() as u32);
        let position = |v: &Value| -> AffineExpr {
            match dims.iter().position(|d| d == v) {
                Some(p) => AffineExpr::dim(p as u32),
                None => AffineExpr::symbol(syms.iter().position(|s| s == v).unwrap_or(0) as u32),
            }
        };
        let remap = |b: &Bound| -> Option<Vec<AffineExpr>> {
            let nd = b.map.num_dims() as usize;
            let dim_repl: Vec<AffineExpr> = b.operands[..nd].iter().map(position).collect();
            let sym_repl: Vec<AffineExpr> = b.operands[nd..].iter().map(position).collect();
            b.map
                .results()
                .iter()
                .map(|e| {
                    e.replace_dims_and_symbols(&dim_repl, &sym_repl)
                        .ok()
                        .map(|r| r.simplify(nd_all, ns_all))
                })
                .collect()
        };
        Some(AlignedBounds {
            lower: remap(lower)?,
            upper: remap(upper)?,
            num_dims: nd_all,
            operands: dims.iter().chain(&syms).copied().collect(),
        })
    }

    /// The number of symbols among the operands.
    pub fn num_symbols(&self) -> u32 {
        self.operands.len() as u32 - self.num_dims
    }

    /// A bound over the combined operands with the given results.
    pub fn bound(&self, results: Vec<AffineExpr>) -> Option<Bound> {
        let map = AffineMap::new(self.num_dims, self.num_symbols(), results).ok()?;
        Some(Bound {
            map,
            operands: self.operands.clone(),
        })
    }
}

/// Rewrites the bounds of the `affine.for` `op` (its `iter_args` stay).
pub fn set_bounds(module: &mut Module, op: OpId, lower: &Bound, upper: &Bound) {
    let (lower, upper) = (&legal_symbols(module, lower), &legal_symbols(module, upper));
    // A loop without bounds yet (see [`create_for`]) holds only its inits.
    let inits = ForLoop::read(module, op)
        .map(|l| l.inits)
        .unwrap_or_else(|| module.ops[op].operands.clone());
    let mut operands = lower.operands.clone();
    operands.extend(&upper.operands);
    operands.extend(&inits);
    module.ops[op].operands = operands;
    module.set_prop(op, "lowerBoundMap", Attribute::AffineMap(lower.map.clone()));
    module.set_prop(op, "upperBoundMap", Attribute::AffineMap(upper.map.clone()));
    module.set_prop(
        op,
        "operandSegmentSizes",
        segment_sizes(&[lower.operands.len(), upper.operands.len(), inits.len()]),
    );
}

/// `bound` with each symbol operand that is not a valid symbol made a
/// dim ([`crate::canonical::legal_symbols_map`]).
fn legal_symbols(module: &Module, bound: &Bound) -> Bound {
    let (map, operands) = crate::canonical::legal_symbols_map(module, &bound.map, &bound.operands);
    Bound { map, operands }
}

/// Sets the step of the `affine.for` `op`.
pub fn set_step(module: &mut Module, op: OpId, step: i64) {
    module.set_prop(op, "step", Attribute::index(step));
}

/// An `operandSegmentSizes` property: the operand count of each group.
pub fn segment_sizes(sizes: &[usize]) -> Attribute {
    Attribute::DenseArray {
        elem: Type::Integer(32),
        values: sizes.iter().map(|&s| s as i64).collect(),
    }
}

/// Creates a detached `affine.for` with an empty body ending in
/// `affine.yield` (yielding the iteration arguments unchanged), and returns
/// it with its body block.
pub fn create_for(
    module: &mut Module,
    lower: &Bound,
    upper: &Bound,
    step: i64,
    inits: &[Value],
    loc: Location,
) -> (OpId, BlockId) {
    let types: Vec<Type> = inits
        .iter()
        .map(|&v| module.value_type(v).clone())
        .collect();
    let op = module.create_op("affine.for", &[], &types, loc);
    module.set_prop(op, "step", Attribute::index(step));
    let region = module.add_region(op);
    let mut arg_types = vec![Type::Index];
    arg_types.extend(types);
    let body = module.add_block(region, &arg_types, loc);
    let iter_args = module.blocks[body].args[1..].to_vec();
    let yield_op = module.create_op("affine.yield", &iter_args, &[], loc);
    module.append_op(body, yield_op);
    module.ops[op].operands = inits.to_vec();
    set_bounds(module, op, lower, upper);
    (op, body)
}

/// Creates a detached `affine.apply` of a single-result `map`.
pub fn create_apply(
    module: &mut Module,
    map: AffineMap,
    operands: &[Value],
    loc: Location,
) -> OpId {
    let op = module.create_op("affine.apply", operands, &[Type::Index], loc);
    module.set_prop(op, "map", Attribute::AffineMap(map));
    op
}

/// Creates a detached `arith.constant` of type `index`.
pub fn create_index_constant(module: &mut Module, value: i64, loc: Location) -> OpId {
    let op = module.create_op("arith.constant", &[], &[Type::Index], loc);
    module.set_prop(op, "value", Attribute::index(value));
    op
}

/// The block holding `op` and its index there.
pub fn position(module: &Module, op: OpId) -> Option<(BlockId, usize)> {
    let block = module.ops[op].parent?;
    let index = module.blocks[block].ops.iter().position(|&o| o == op)?;
    Some((block, index))
}

/// Inserts the detached `new` right before `anchor`.
pub fn insert_before(module: &mut Module, anchor: OpId, new: OpId) {
    if let Some((block, index)) = position(module, anchor) {
        module.insert_op(block, index, new);
    }
}

/// Inserts the detached ops `new`, in order, right before `anchor`.
pub fn insert_all_before(module: &mut Module, anchor: OpId, new: &[OpId]) {
    if let Some((block, index)) = position(module, anchor) {
        module.insert_ops(block, index, new);
    }
}

/// Inserts the detached ops `new`, in order, right after `anchor`.
pub fn insert_all_after(module: &mut Module, anchor: OpId, new: &[OpId]) {
    if let Some((block, index)) = position(module, anchor) {
        module.insert_ops(block, index + 1, new);
    }
}

/// Inserts the detached `new` right after `anchor`.
pub fn insert_after(module: &mut Module, anchor: OpId, new: OpId) {
    if let Some((block, index)) = position(module, anchor) {
        module.insert_op(block, index + 1, new);
    }
}

/// Whether `v` is defined inside `op` (in one of its regions).
pub fn defined_inside(m: &Module, v: Value, op: OpId) -> bool {
    let mut cur = m.value_block(v).and_then(|b| m.block_parent_op(b));
    while let Some(p) = cur {
        if p == op {
            return true;
        }
        cur = m.parent_op(p);
    }
    false
}

/// The `func.func` enclosing `op`.
pub fn enclosing_function(module: &Module, op: OpId) -> Option<OpId> {
    let mut current = module.parent_op(op);
    while let Some(p) = current {
        if module.ops[p].name == "func.func" {
            return Some(p);
        }
        current = module.parent_op(p);
    }
    None
}

/// Replaces uses of values in `scope` and everything nested in it.
pub fn replace_uses_in(module: &mut Module, scope: OpId, replace: &HashMap<Value, Value>) {
    if replace.is_empty() {
        return;
    }
    let mut ops = Vec::new();
    module.walk_from(scope, &mut ops);
    for op in ops {
        for v in module.ops[op].operands.iter_mut() {
            if let Some(&to) = replace.get(v) {
                *v = to;
            }
        }
    }
}

/// A value equal to the loop's lower bound, inserted before the loop (or,
/// for a constant, at the top of the function, as MLIR does).
fn lower_bound_value(module: &mut Module, l: &ForLoop) -> Option<Value> {
    let loc = module.ops[l.op].loc;
    if let Some(c) = l.lower.as_constant() {
        let k = create_index_constant(module, c, loc);
        let func = enclosing_function(module, l.op)?;
        let entry = module.regions[*module.ops[func].regions.first()?]
            .blocks
            .first()
            .copied()?;
        module.insert_op(entry, 0, k);
        return Some(module.ops[k].results[0]);
    }
    if l.lower.map.results().len() != 1 {
        return None;
    }
    if l.lower.map.is_identity() && l.lower.map.num_symbols() == 0 {
        return Some(l.lower.operands[0]);
    }
    let apply = create_apply(module, l.lower.map.clone(), &l.lower.operands, loc);
    insert_before(module, l.op, apply);
    Some(module.ops[apply].results[0])
}

/// Replaces a loop that runs exactly once by its body (MLIR's
/// `promoteIfSingleIteration`): the induction variable becomes the lower
/// bound, the iteration arguments their initial values, the results the
/// yielded values. Returns whether it did.
pub fn promote_if_single_iteration(module: &mut Module, op: OpId) -> bool {
    let Some(l) = ForLoop::read(module, op) else {
        return false;
    };
    if l.constant_trip_count(module) != Some(1) {
        return false;
    }
    let iv = l.iv(module);
    let mut replace: HashMap<Value, Value> = HashMap::new();
    if uses_value(module, op, iv) {
        let Some(lb) = lower_bound_value(module, &l) else {
            return false;
        };
        replace.insert(iv, lb);
    }
    for (arg, init) in l.iter_args(module).into_iter().zip(&l.inits) {
        replace.insert(arg, *init);
    }
    let yielded = l
        .terminator(module)
        .map(|t| module.ops[t].operands.clone())
        .unwrap_or_default();
    replace_uses_in(module, op, &replace);
    let yielded: Vec<Value> = yielded
        .into_iter()
        .map(|v| *replace.get(&v).unwrap_or(&v))
        .collect();
    let results = module.ops[op].results.clone();
    let Some((block, index)) = position(module, op) else {
        return false;
    };
    // Moved in one splice (detaching ops one by one would be quadratic in
    // the body's length); the terminator stays behind with the loop.
    let terminator = l.terminator(module);
    let mut body_ops = std::mem::take(&mut module.blocks[l.body].ops);
    if let Some(t) = terminator {
        body_ops.pop();
        module.blocks[l.body].ops.push(t);
    }
    module.insert_ops(block, index, &body_ops);
    module.erase_op(op);
    if !results.is_empty() {
        let result_map: HashMap<Value, Value> = results.into_iter().zip(yielded).collect();
        if let Some(func) = module.block_parent_op(block).map(|p| {
            enclosing_function(module, p)
                .filter(|_| module.ops[p].name != "func.func")
                .unwrap_or(p)
        }) {
            replace_uses_in(module, func, &result_map);
        }
    }
    true
}

/// Whether any op nested in `scope` uses `v`.
pub fn uses_value(module: &Module, scope: OpId, v: Value) -> bool {
    let mut ops = Vec::new();
    module.walk_from(scope, &mut ops);
    ops.iter()
        .skip(1)
        .any(|&o| module.ops[o].operands.contains(&v))
}

/// `affine.for` ops in `scope` (included) with no `affine.for` nested in
/// them, in walk order.
pub fn innermost_loops(module: &Module, scope: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    module.walk_from(scope, &mut ops);
    ops.into_iter()
        .filter(|&o| module.ops[o].name == "affine.for")
        .filter(|&o| {
            let mut inner = Vec::new();
            module.walk_from(o, &mut inner);
            !inner
                .iter()
                .skip(1)
                .any(|&i| module.ops[i].name == "affine.for")
        })
        .collect()
}

/// `affine.for` ops not nested in another `affine.for`, per function, in
/// walk order.
pub fn outermost_loops(module: &Module) -> Vec<OpId> {
    module
        .walk()
        .into_iter()
        .filter(|&o| module.ops[o].name == "affine.for")
        .filter(|&o| {
            let mut p = module.parent_op(o);
            while let Some(q) = p {
                if module.ops[q].name == "affine.for" {
                    return false;
                }
                p = module.parent_op(q);
            }
            true
        })
        .collect()
}

/// Every `affine.for` of the module, inner loops before the loops around
/// them (the reverse of a pre-order walk), so that rewriting one never
/// touches a loop still to be visited.
pub fn loops_inner_first(module: &Module) -> Vec<OpId> {
    let mut loops: Vec<OpId> = module
        .walk()
        .into_iter()
        .filter(|&o| module.ops[o].name == "affine.for")
        .collect();
    loops.reverse();
    loops
}
