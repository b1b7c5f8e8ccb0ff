//! Rewriting a vectorizable loop into its vector form, op by op in program
//! order, as MLIR 19's vectorizer emits it (so that the output prints the
//! same): loads and stores become `vector.transfer_read` /
//! `transfer_write` (one zero padding constant before each read, one
//! `affine.apply` per subscript when the access map is not the identity),
//! scalar constants become splat constants at the top of the vector loop
//! (each new one first), values defined outside the loop are broadcast
//! right after their definition, and every other op is re-created on
//! vector types. A reduction starts from a splat of its neutral element,
//! and after the loop `vector.reduction` folds the lanes, combined with the
//! initial value unless that is the neutral element itself.

use std::collections::{HashMap, HashSet};

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::syntax::normalize_generic;
use tessera_ir::{Attribute, BlockId, Location, Module, OpId, Type, Value};

use super::legality::{Lanes, Tail};
use super::Nest;
use crate::loops::{create_apply, create_for, insert_after, insert_before, segment_sizes, ForLoop};
use crate::passes::unroll::add_cleanup_loop;

/// Rewrites the loops of `nest` with vectors of its shape; a trip count
/// that is not a multiple of the root's vector size leaves its last
/// iterations to a scalar copy of the loop after it.
pub fn vectorize(m: &mut Module, nest: &Nest) -> Result<(), String> {
    let plan = &nest.root;
    let size = nest.shape[0];
    let l = ForLoop::read(m, plan.op).ok_or("not an affine.for")?;
    if plan.tail == Tail::Remainder {
        add_cleanup_loop(m, &l, size, size)?;
    }
    let l = ForLoop::read(m, plan.op).ok_or("not an affine.for")?;
    let loc = m.ops[l.op].loc;
    let old_args = l.iter_args(m);
    let mut neutrals = Vec::new();
    for (k, &arg) in old_args.iter().enumerate() {
        let t = m.value_type(arg).clone();
        let value = neutral(plan.reductions[k], &t).ok_or("no neutral element")?;
        let c = constant(m, dense(&value, vector_of(&t, &nest.shape)), loc);
        insert_before(m, l.op, c);
        neutrals.push((c, value));
    }
    let inits: Vec<Value> = neutrals.iter().map(|&(c, _)| m.ops[c].results[0]).collect();
    let (new_loop, body) = create_for(m, &l.lower, &l.upper, size, &inits, loc);
    remove_terminator(m, body);
    insert_before(m, l.op, new_loop);
    let mut inside = Vec::new();
    m.walk_from(l.op, &mut inside);
    let mut rw = Rewriter {
        m,
        nest,
        vector_body: body,
        vector_bodies: vec![body],
        inside: inside.into_iter().collect(),
        vector: HashMap::new(),
        scalar: HashMap::new(),
        constants: HashMap::new(),
        broadcasts: HashMap::new(),
        outside: Vec::new(),
        old_args: old_args.clone(),
        mask: None,
        vector_ivs: HashSet::new(),
    };
    let new_iv = rw.m.blocks[body].args[0];
    rw.scalar.insert(l.iv(rw.m), new_iv);
    rw.vector_ivs.insert(new_iv);
    // A reduction whose last vector runs past the bound keeps only the
    // lanes below it: `create_mask (ub - iv)`.
    if plan.tail == Tail::OutOfBounds && !old_args.is_empty() {
        let ub = l
            .upper
            .as_constant()
            .ok_or("a masked reduction needs a constant bound")?;
        let left = (AffineExpr::constant(ub) - AffineExpr::dim(0)).simplify(1, 0);
        let map = AffineMap::new(1, 0, vec![left]).map_err(|e| e.to_string())?;
        let n = create_apply(rw.m, map, &[new_iv], loc);
        rw.m.append_op(body, n);
        let mask_ty = vector_of(&Type::Integer(1), &nest.shape);
        let count = rw.m.ops[n].results[0];
        let mask =
            rw.m.create_op("vector.create_mask", &[count], &[mask_ty], loc);
        rw.m.append_op(body, mask);
        rw.mask = Some((rw.m.ops[mask].results[0], inits.clone()));
    }
    for (k, &arg) in old_args.iter().enumerate() {
        let new_arg = rw.m.blocks[body].args[k + 1];
        rw.vector.insert(arg, new_arg);
    }
    let ops = rw.m.blocks[l.body].ops.clone();
    let rewritten = rw.block(&ops, body);
    let outside = std::mem::take(&mut rw.outside);
    if let Err(e) = rewritten {
        for o in outside
            .into_iter()
            .chain(neutrals.iter().map(|n| n.0))
            .chain([new_loop])
        {
            m.erase_op(o);
        }
        return Err(e);
    }
    // Fold the lanes of each reduction after the loop.
    let mut anchor = new_loop;
    let results = m.ops[l.op].results.clone();
    for (k, &old) in results.iter().enumerate() {
        let t = m.value_type(old).clone();
        let kind = plan.reductions[k];
        let lanes = m.ops[new_loop].results[k];
        let red = m.create_op("vector.reduction", &[lanes], std::slice::from_ref(&t), loc);
        m.set_prop(
            red,
            "kind",
            Attribute::Opaque(format!("vector.kind<{kind}>")),
        );
        normalize_generic(m, red);
        insert_after(m, anchor, red);
        anchor = red;
        let mut last = m.ops[red].results[0];
        let init = l.inits[k];
        let init_is_neutral = m
            .defining_op(init)
            .filter(|&o| m.ops[o].name == "arith.constant")
            .and_then(|o| m.ops[o].attr("value"))
            .is_some_and(|a| same_value(a, &neutrals[k].1));
        if !init_is_neutral {
            let combiner =
                tessera_ir::vector::combining_op(kind, t.is_float()).ok_or("no combining op")?;
            let c = m.create_op(combiner, &[last, init], &[t], loc);
            normalize_generic(m, c);
            insert_after(m, anchor, c);
            anchor = c;
            last = m.ops[c].results[0];
        }
        m.replace_all_uses(old, last);
    }
    m.erase_op(l.op);
    Ok(())
}

/// `vector<shape x t>`.
fn vector_of(t: &Type, shape: &[i64]) -> Type {
    Type::Vector {
        shape: shape.to_vec(),
        scalable: vec![false; shape.len()],
        elem: Box::new(t.clone()),
    }
}

/// The neutral element of a reduction kind on `t`, as MLIR 19's
/// vectorizer writes it (`0.0` for a float sum).
fn neutral(kind: &str, t: &Type) -> Option<Attribute> {
    if t.is_float() {
        let value = match kind {
            "add" => 0.0,
            "mul" => 1.0,
            "minimumf" => f64::INFINITY,
            "maximumf" => f64::NEG_INFINITY,
            _ => return None,
        };
        return Some(Attribute::Float {
            value,
            ty: t.clone(),
        });
    }
    let width = match t {
        Type::Integer(w) => (*w).min(64),
        _ => 64,
    };
    let max = if width >= 64 {
        i64::MAX
    } else {
        (1i64 << (width - 1)) - 1
    };
    let value = match kind {
        "add" | "or" | "maxui" => 0,
        "mul" => 1,
        "and" | "minui" => -1,
        "minsi" => max,
        "maxsi" => -max - 1,
        _ => return None,
    };
    Some(Attribute::Integer {
        value,
        ty: t.clone(),
    })
}

/// Whether two scalar attributes are the same constant (floats by their
/// bits, so `-0.0` is not `0.0`).
fn same_value(a: &Attribute, b: &Attribute) -> bool {
    match (a, b) {
        (Attribute::Float { value: x, .. }, Attribute::Float { value: y, .. }) => {
            x.to_bits() == y.to_bits()
        }
        (Attribute::Integer { value: x, .. }, Attribute::Integer { value: y, .. }) => x == y,
        _ => false,
    }
}

/// The splat of a scalar constant attribute over `ty`.
fn dense(value: &Attribute, ty: Type) -> Attribute {
    match value {
        Attribute::Float { value, .. } => Attribute::DenseFloat {
            values: vec![*value],
            ty,
        },
        Attribute::Bool(b) => Attribute::DenseInt {
            values: vec![i64::from(*b)],
            ty,
        },
        Attribute::Integer { value, .. } => Attribute::DenseInt {
            values: vec![*value],
            ty,
        },
        other => other.clone(),
    }
}

/// A detached `arith.constant` of `value` (its type taken from it).
fn constant(m: &mut Module, value: Attribute, loc: Location) -> OpId {
    let ty = match &value {
        Attribute::DenseFloat { ty, .. }
        | Attribute::DenseInt { ty, .. }
        | Attribute::Float { ty, .. }
        | Attribute::Integer { ty, .. } => ty.clone(),
        _ => Type::Integer(1),
    };
    let op = m.create_op("arith.constant", &[], &[ty], loc);
    m.set_prop(op, "value", value);
    op
}

/// The zero of a memref element type, a transfer's padding.
fn zero(t: &Type) -> Attribute {
    match t {
        Type::Integer(1) => Attribute::Bool(false),
        t if t.is_float() => Attribute::Float {
            value: 0.0,
            ty: t.clone(),
        },
        t => Attribute::Integer {
            value: 0,
            ty: t.clone(),
        },
    }
}

fn remove_terminator(m: &mut Module, body: BlockId) {
    if let Some(&y) = m.blocks[body].ops.last() {
        m.erase_op(y);
    }
}

struct Rewriter<'a> {
    m: &'a mut Module,
    nest: &'a Nest,
    /// The body of the innermost new vector loop around the op being
    /// rewritten, where splat constants go.
    vector_body: BlockId,
    /// The ops of the loop being vectorized (itself included).
    inside: HashSet<OpId>,
    /// Old values and their vector form.
    vector: HashMap<Value, Value>,
    /// Old values that stay scalar (induction variables, subscripts) and
    /// their new form.
    scalar: HashMap<Value, Value>,
    /// Old constants and their splats, with the vector loop body each is
    /// at the top of.
    constants: HashMap<Value, Vec<(BlockId, Value)>>,
    /// The bodies of the new vector loops around the op being rewritten,
    /// outermost first.
    vector_bodies: Vec<BlockId>,
    /// Scalars and their broadcasts.
    broadcasts: HashMap<Value, Value>,
    /// Ops created outside the new loop (erased if the rewrite fails).
    outside: Vec<OpId>,
    /// The `iter_args` of the loop being vectorized.
    old_args: Vec<Value>,
    /// The mask of the lanes below the bound, and the neutral splat of
    /// each reduction, when the last vector runs past the bound.
    mask: Option<(Value, Vec<Value>)>,
    /// The induction variables of the new vector loops.
    vector_ivs: HashSet<Value>,
}

impl Rewriter<'_> {
    fn append(&mut self, block: BlockId, op: OpId) {
        self.m.append_op(block, op);
    }

    fn scalar_of(&self, v: Value) -> Value {
        self.scalar.get(&v).copied().unwrap_or(v)
    }

    fn is_inside(&self, v: Value) -> bool {
        if let Some(o) = self.m.defining_op(v) {
            return self.inside.contains(&o);
        }
        self.m
            .value_block(v)
            .and_then(|b| self.m.block_parent_op(b))
            .is_some_and(|o| self.inside.contains(&o))
    }

    /// The vector form of an operand: its rewritten value, the splat of a
    /// constant, or the broadcast of a value the loop does not change.
    fn operand(&mut self, v: Value) -> Result<Value, String> {
        if let Some(&x) = self.vector.get(&v) {
            return Ok(x);
        }
        let loc = self.m.values[v].loc;
        if let Some(c) = self
            .m
            .defining_op(v)
            .filter(|&o| self.m.ops[o].name == "arith.constant")
        {
            // A splat at the top of an enclosing vector loop serves.
            let splats = self.constants.get(&v).into_iter().flatten();
            if let Some(&(_, x)) = splats.clone().find(|(b, _)| self.vector_bodies.contains(b)) {
                return Ok(x);
            }
            let value = self.m.ops[c]
                .attr("value")
                .cloned()
                .ok_or("constant without value")?;
            let ty = vector_of(self.m.value_type(v), &self.nest.shape);
            let op = constant(self.m, dense(&value, ty), self.m.ops[c].loc);
            self.m.insert_op(self.vector_body, 0, op);
            let x = self.m.ops[op].results[0];
            self.constants
                .entry(v)
                .or_default()
                .push((self.vector_body, x));
            return Ok(x);
        }
        if self
            .scalar
            .get(&v)
            .is_some_and(|s| self.vector_ivs.contains(s))
        {
            return Err("a vectorized loop's induction variable is used as a value".into());
        }
        let uniform = match self.scalar.get(&v) {
            // An inner loop's induction variable: the same in all lanes.
            Some(&s)
                if self.m.defining_op(s).is_none()
                    && self.m.value_block(s).is_some_and(|b| b != self.vector_body) =>
            {
                s
            }
            Some(_) => return Err("a subscript is used as a value".into()),
            None if !self.is_inside(v) => v,
            None => return Err("an operand has no vector form".into()),
        };
        if let Some(&x) = self.broadcasts.get(&uniform) {
            return Ok(x);
        }
        let ty = vector_of(self.m.value_type(uniform), &self.nest.shape);
        let b = self.m.create_op("vector.broadcast", &[uniform], &[ty], loc);
        match self.m.defining_op(uniform) {
            Some(def) => insert_after(self.m, def, b),
            None => {
                let block = self
                    .m
                    .value_block(uniform)
                    .ok_or("a value without a block")?;
                self.m.insert_op(block, 0, b);
            }
        }
        if !self.is_inside(uniform) && !self.scalar.contains_key(&v) {
            self.outside.push(b);
        }
        let x = self.m.ops[b].results[0];
        self.broadcasts.insert(uniform, x);
        Ok(x)
    }

    fn block(&mut self, ops: &[OpId], dest: BlockId) -> Result<(), String> {
        for &op in ops {
            self.op(op, dest)?;
        }
        Ok(())
    }

    fn op(&mut self, op: OpId, dest: BlockId) -> Result<(), String> {
        let d = self.m.ops[op].clone();
        let loc = d.loc;
        match d.name.as_str() {
            "affine.for" => self.inner_loop(op, dest),
            "affine.yield" => {
                let mut operands = Vec::new();
                for &v in &d.operands {
                    operands.push(self.operand(v)?);
                }
                let y = self.m.create_op("affine.yield", &operands, &[], loc);
                self.append(dest, y);
                Ok(())
            }
            "affine.load" | "affine.store" => self.access(op, dest),
            "affine.apply" => {
                let operands: Vec<Value> = d.operands.iter().map(|&v| self.scalar_of(v)).collect();
                let Some(Attribute::AffineMap(map)) = d.attr("map") else {
                    return Err("affine.apply without a map".into());
                };
                let a = create_apply(self.m, map.clone(), &operands, loc);
                self.append(dest, a);
                self.scalar.insert(d.results[0], self.m.ops[a].results[0]);
                Ok(())
            }
            "arith.constant" => self.operand(d.results[0]).map(|_| ()),
            _ => {
                let mut operands = Vec::new();
                for &v in &d.operands {
                    operands.push(self.operand(v)?);
                }
                let reduction = self.nest.root.combiners.iter().position(|&c| c == op);
                if let (Some(k), Some((mask, neutrals))) = (reduction, self.mask.clone()) {
                    // What the iteration adds, the neutral element in the
                    // lanes past the bound.
                    let acc = self.old_args[k];
                    if let Some(i) = d.operands.iter().position(|&v| v != acc) {
                        let ty = self.m.value_type(operands[i]).clone();
                        let sel = self.m.create_op(
                            "arith.select",
                            &[mask, operands[i], neutrals[k]],
                            &[ty],
                            loc,
                        );
                        self.append(dest, sel);
                        operands[i] = self.m.ops[sel].results[0];
                    }
                }
                let types: Vec<Type> = d
                    .results
                    .iter()
                    .map(|&r| vector_of(self.m.value_type(r), &self.nest.shape))
                    .collect();
                let w = self.m.create_op(&d.name, &operands, &types, loc);
                self.m.ops[w].props = d.props.clone();
                self.m.ops[w].attrs = d.attrs.clone();
                self.append(dest, w);
                for (k, &r) in d.results.iter().enumerate() {
                    self.vector.insert(r, self.m.ops[w].results[k]);
                }
                Ok(())
            }
        }
    }

    /// A loop nested in the vectorized one: the same bounds (defined outside
    /// it), vector `iter_args`; its step times its vector size when it
    /// takes a vector dimension.
    fn inner_loop(&mut self, op: OpId, dest: BlockId) -> Result<(), String> {
        let l = ForLoop::read(self.m, op).ok_or("malformed affine.for")?;
        let loc = self.m.ops[op].loc;
        let mut inits = Vec::new();
        for &v in &l.inits {
            inits.push(self.operand(v)?);
        }
        // Bounds may use the induction variables of loops nested in the
        // vectorized one (scalar there too), never its own.
        let remap = |rw: &Self, b: &crate::loops::Bound| crate::loops::Bound {
            map: b.map.clone(),
            operands: b.operands.iter().map(|&v| rw.scalar_of(v)).collect(),
        };
        let (lower, upper) = (remap(self, &l.lower), remap(self, &l.upper));
        let dim = self.nest.dims.get(&op).copied();
        let step = match dim {
            Some(r) => l
                .step
                .checked_mul(self.nest.shape[r])
                .ok_or("the vector loop's step overflows")?,
            None => l.step,
        };
        let (new, body) = create_for(self.m, &lower, &upper, step, &inits, loc);
        remove_terminator(self.m, body);
        self.append(dest, new);
        let new_iv = self.m.blocks[body].args[0];
        self.scalar.insert(l.iv(self.m), new_iv);
        for (k, &arg) in l.iter_args(self.m).iter().enumerate() {
            let new_arg = self.m.blocks[body].args[k + 1];
            self.vector.insert(arg, new_arg);
        }
        let ops = self.m.blocks[l.body].ops.clone();
        let outer_body = self.vector_body;
        if dim.is_some() {
            self.vector_ivs.insert(new_iv);
            self.vector_body = body;
            self.vector_bodies.push(body);
        }
        let rewritten = self.block(&ops, body);
        if dim.is_some() {
            self.vector_bodies.pop();
        }
        self.vector_body = outer_body;
        rewritten?;
        let (old_results, new_results) = (
            self.m.ops[op].results.clone(),
            self.m.ops[new].results.clone(),
        );
        for (o, n) in old_results.into_iter().zip(new_results) {
            self.vector.insert(o, n);
        }
        Ok(())
    }

    /// A load or store as a transfer of the nest's vector shape.
    fn access(&mut self, op: OpId, dest: BlockId) -> Result<(), String> {
        let d = self.m.ops[op].clone();
        let loc = d.loc;
        let store = d.name == "affine.store";
        let value = if store {
            Some(self.operand(d.operands[0])?)
        } else {
            None
        };
        let base = usize::from(store);
        let mem = d.operands[base];
        let Some(Attribute::AffineMap(map)) = d.attr("map") else {
            return Err("an access without a map".into());
        };
        let operands: Vec<Value> = d.operands[base + 1..]
            .iter()
            .map(|&v| self.scalar_of(v))
            .collect();
        let indices: Vec<Value> = if map.is_identity() {
            operands
        } else {
            let mut out = Vec::new();
            for e in map.results() {
                let one = AffineMap::new(map.num_dims(), map.num_symbols(), vec![e.clone()])
                    .map_err(|e| e.to_string())?;
                let a = create_apply(self.m, one, &operands, loc);
                self.append(dest, a);
                out.push(self.m.ops[a].results[0]);
            }
            out
        };
        let rank = map.results().len() as u32;
        let broadcast = vec![Lanes::Broadcast; self.nest.shape.len()];
        let how = self.nest.lanes.get(&op).unwrap_or(&broadcast);
        let (perm, in_bounds): (Vec<AffineExpr>, Vec<Attribute>) = how
            .iter()
            .map(|h| match h {
                Lanes::Along(k) => (AffineExpr::dim(*k as u32), Attribute::Bool(false)),
                Lanes::Broadcast => (AffineExpr::constant(0), Attribute::Bool(true)),
            })
            .unzip();
        let perm = AffineMap::new(rank, 0, perm).map_err(|e| e.to_string())?;
        let elem = self
            .m
            .value_type(mem)
            .element_type()
            .cloned()
            .ok_or("an access of a non-memref")?;
        let vty = vector_of(&elem, &self.nest.shape);
        let n = indices.len();
        let t = if let Some(v) = value {
            let operands: Vec<Value> = [v, mem].into_iter().chain(indices).collect();
            let t = self
                .m
                .create_op("vector.transfer_write", &operands, &[], loc);
            self.m
                .set_prop(t, "operandSegmentSizes", segment_sizes(&[1, 1, n, 0]));
            t
        } else {
            let pad = constant(self.m, zero(&elem), loc);
            self.append(dest, pad);
            let pad = self.m.ops[pad].results[0];
            let operands: Vec<Value> = [mem].into_iter().chain(indices).chain([pad]).collect();
            let t = self
                .m
                .create_op("vector.transfer_read", &operands, &[vty], loc);
            self.m
                .set_prop(t, "operandSegmentSizes", segment_sizes(&[1, n, 1, 0]));
            self.vector.insert(d.results[0], self.m.ops[t].results[0]);
            t
        };
        self.m.set_prop(t, "in_bounds", Attribute::Array(in_bounds));
        self.m
            .set_prop(t, "permutation_map", Attribute::AffineMap(perm));
        self.append(dest, t);
        Ok(())
    }
}
