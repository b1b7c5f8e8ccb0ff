//! The verifier: SSA dominance and region scoping, operand and result
//! types and counts, MLIR's rules for valid affine dims and symbols, map
//! arities, memref ranks, terminators, positive steps and divisors.

use std::collections::HashSet;

use tessera_affine::{AffineExpr, AffineMap, BinaryOp, ExprKind};

use crate::attr::Attribute;
use crate::cfg::Dominance;
use crate::error::Diagnostic;
use crate::ir::{
    successor_operands, switch_case_values, BlockId, Location, Module, OpData, OpId, RegionId,
    Value, ValueDef,
};
use crate::syntax::{self, Count, ARITH_BINARY, ARITH_CASTS};
use crate::types::Type;

mod ods;
mod tensor;
mod vector;
mod views;

/// Verifies the whole module; `source` is the text it was parsed from
/// (used only to show the offending line).
///
/// ```
/// use tessera_ir::{parse_module, verify::verify};
/// let src = "func.func @f(%A: memref<4xf32>) {\n  affine.for %i = 0 to 4 step 0 {\n  }\n  return\n}\n";
/// assert!(parse_module("t.mlir", src).is_err());
/// let ok = "func.func @f(%A: memref<4xf32>) {\n  return\n}\n";
/// let m = parse_module("t.mlir", ok)?;
/// assert!(verify(&m, ok).is_ok());
/// # Ok::<(), tessera_ir::Diagnostic>(())
/// ```
pub fn verify(m: &Module, source: &str) -> Result<(), Diagnostic> {
    let mut v = Verifier {
        m,
        source,
        visible: vec![HashSet::new()],
    };
    v.op(m.top).map_err(|d| d.written_in(m))
}

struct Verifier<'a> {
    m: &'a Module,
    source: &'a str,
    visible: Vec<HashSet<Value>>,
}

/// Terminators that branch to successor blocks.
const BRANCH_OPS: &[&str] = &["cf.br", "cf.cond_br", "cf.switch"];

/// Ops whose regions hold at most one block.
const SINGLE_BLOCK_OPS: &[&str] = &[
    "builtin.module",
    "affine.for",
    "affine.if",
    "affine.parallel",
    "scf.for",
    "scf.if",
    "scf.parallel",
    "scf.reduce",
];

fn is_isolated(name: &str) -> bool {
    matches!(name, "builtin.module" | "func.func")
}

fn int_like(t: &Type) -> bool {
    match t {
        Type::Vector { elem, .. } => elem.is_int_or_index(),
        t => t.is_int_or_index(),
    }
}

fn float_like(t: &Type) -> bool {
    match t {
        Type::Vector { elem, .. } => elem.is_float(),
        t => t.is_float(),
    }
}

/// The element type of an `arith` operand: a scalar, or the elements of
/// a vector or tensor (MLIR's `TypeOrValueSemanticsContainer`).
fn arith_element(t: &Type) -> &Type {
    match t {
        Type::Vector { elem, .. } | Type::Tensor { elem, .. } | Type::UnrankedTensor(elem) => elem,
        t => t,
    }
}

/// `signless-integer-like` as the `arith` ops read it (tensors too).
pub(crate) fn arith_int_like(t: &Type) -> bool {
    arith_element(t).is_int_or_index()
}

/// `floating-point-like` as the `arith` and `math` ops read it.
pub(crate) fn arith_float_like(t: &Type) -> bool {
    arith_element(t).is_float()
}

/// The shape of a vector or tensor operand (`None` for a scalar; an
/// unranked tensor's is empty), for the elementwise ops' shape checks.
fn container_shape(t: &Type) -> Option<(u8, Vec<i64>)> {
    match t {
        Type::Vector { shape, .. } => Some((0, shape.clone())),
        Type::Tensor { shape, .. } => Some((1, shape.clone())),
        Type::UnrankedTensor(_) => Some((2, Vec::new())),
        _ => None,
    }
}

/// MLIR's `verifyCompatibleShapes` of two types: both scalars, or both
/// shaped (vector, tensor, memref) with one unranked or the same rank
/// and sizes that are equal where both are static.
fn compatible_shapes(a: &Type, b: &Type) -> bool {
    let shape = |t: &Type| match t {
        Type::Vector { shape, .. } | Type::Tensor { shape, .. } | Type::MemRef { shape, .. } => {
            Some(Some(shape.clone()))
        }
        Type::UnrankedTensor(_) | Type::UnrankedMemRef { .. } => Some(None),
        _ => None,
    };
    match (shape(a), shape(b)) {
        (None, None) | (Some(None), Some(_)) | (Some(_), Some(None)) => true,
        (Some(Some(x)), Some(Some(y))) => {
            x.len() == y.len()
                && x.iter().zip(&y).all(|(&p, &q)| {
                    p == q || p == crate::types::DYNAMIC || q == crate::types::DYNAMIC
                })
        }
        _ => false,
    }
}

/// MLIR's `memref.cast` compatibility: the same element type and memory
/// space; between ranked memrefs, the same rank, sizes, strides and offset
/// where both are static (strides compared when the layouts differ, an
/// affine-map layout only with itself); never from unranked to unranked.
fn memref_cast_compatible(a: &Type, b: &Type) -> bool {
    let space = |t: &Type| match t {
        Type::MemRef { space, .. } | Type::UnrankedMemRef { space, .. } => space.clone(),
        _ => None,
    };
    let same = |x: i64, y: i64| x == y || x == crate::types::DYNAMIC || y == crate::types::DYNAMIC;
    if a.element_type() != b.element_type() || space(a) != space(b) {
        return false;
    }
    match (a, b) {
        (
            Type::MemRef {
                shape: s1,
                layout: l1,
                ..
            },
            Type::MemRef {
                shape: s2,
                layout: l2,
                ..
            },
        ) => {
            if l1 != l2 {
                let (Some((st1, o1)), Some((st2, o2))) = (
                    crate::views::strides_and_offset(a),
                    crate::views::strides_and_offset(b),
                ) else {
                    return false;
                };
                if st1.len() != st2.len()
                    || !same(o1, o2)
                    || st1.iter().zip(&st2).any(|(&x, &y)| !same(x, y))
                {
                    return false;
                }
            }
            s1.len() == s2.len() && s1.iter().zip(s2).all(|(&x, &y)| same(x, y))
        }
        (Type::UnrankedMemRef { .. }, Type::UnrankedMemRef { .. }) => false,
        _ => true,
    }
}

/// MLIR's `SameOperandsAndResultShape` trait (`verifyCompatibleShapes`
/// of all the types): [`compatible_shapes`] pairwise, and scalable vectors
/// only with scalable vectors.
fn same_operands_and_result_shape(types: &[&Type]) -> bool {
    let scalable =
        |t: &Type| matches!(t, Type::Vector { scalable, .. } if scalable.contains(&true));
    let all_or_none = types.iter().all(|t| scalable(t)) || !types.iter().any(|t| scalable(t));
    all_or_none && types.windows(2).all(|w| compatible_shapes(w[0], w[1]))
}

/// Does `e` divide by a non-positive constant (or by a non-constant)?
fn bad_divisor(e: &AffineExpr) -> bool {
    match e.kind() {
        ExprKind::Binary(op, l, r) => {
            let div = matches!(op, BinaryOp::FloorDiv | BinaryOp::CeilDiv | BinaryOp::Mod);
            (div && r.as_constant().is_some_and(|c| c <= 0)) || bad_divisor(l) || bad_divisor(r)
        }
        _ => false,
    }
}

impl Verifier<'_> {
    /// MLIR's `IsolatedFromAbove` trait: no op under `iso` uses a value
    /// defined outside it (the parser lets a name used in a function
    /// resolve to a value outside, as MLIR's does, and this says why not).
    fn check_isolation(&self, iso: OpId) -> Result<(), Diagnostic> {
        let mut ops = Vec::new();
        self.m.walk_from(iso, &mut ops);
        for &o in ops.iter().skip(1) {
            if self.m.ops[o]
                .operands
                .iter()
                .all(|&v| self.defined_under(v, iso))
            {
                continue;
            }
            return Err(self
                .err(o, "using value defined outside the region")
                .with_note(
                    self.m.ops[iso].loc,
                    "required by region isolation constraints",
                ));
        }
        Ok(())
    }

    /// Whether `v` is defined in a region of `op` (at any depth).
    fn defined_under(&self, v: Value, op: OpId) -> bool {
        let mut block = match self.m.values[v].def {
            ValueDef::OpResult { op: def, .. } => self.m.ops[def].parent,
            ValueDef::BlockArg { block, .. } => Some(block),
        };
        while let Some(b) = block {
            let Some(owner) = self.m.blocks[b]
                .parent
                .and_then(|r| self.m.regions[r].parent)
            else {
                return false;
            };
            if owner == op {
                return true;
            }
            block = self.m.ops[owner].parent;
        }
        false
    }

    fn err(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        let d = &self.m.ops[op];
        Diagnostic::new(
            &self.m.file,
            self.source,
            d.loc,
            format!("'{}' op {}", d.name, msg.into()),
        )
        .about(op)
    }

    /// MLIR's count traits, checked (as its verifier checks them) before
    /// anything else of the op: regions, then results, then operands.
    fn check_counts(&self, op: OpId, d: &OpData, counts: [Count; 3]) -> Result<(), Diagnostic> {
        let [regions, results, operands] = counts;
        let message = match (regions, d.regions.len()) {
            (Count::Exactly(0), n) if n != 0 => Some("requires zero regions".to_string()),
            (Count::Exactly(1), n) if n != 1 => Some("requires one region".to_string()),
            (Count::Exactly(k), n) if n != k => Some(format!("expected {k} regions")),
            (Count::AtLeast(k), n) if n < k => Some(format!("expected {k} or more regions")),
            _ => None,
        }
        .or_else(|| match (results, d.results.len()) {
            (Count::Exactly(0), n) if n != 0 => Some("requires zero results".to_string()),
            (Count::Exactly(1), n) if n != 1 => Some("requires one result".to_string()),
            (Count::Exactly(k), n) if n != k => Some(format!("expected {k} results")),
            (Count::AtLeast(k), n) if n < k => Some(format!("expected {k} or more results")),
            _ => None,
        })
        .or_else(|| match (operands, d.operands.len()) {
            (Count::Exactly(0), n) if n != 0 => Some("requires zero operands".to_string()),
            (Count::Exactly(1), n) if n != 1 => Some("requires a single operand".to_string()),
            (Count::Exactly(k), n) if n != k => {
                Some(format!("expected {k} operands, but found {n}"))
            }
            (Count::AtLeast(k), n) if n < k => {
                Some(format!("expected {k} or more operands, but found {n}"))
            }
            _ => None,
        });
        match message {
            Some(m) => Err(self.err(op, m)),
            None => Ok(()),
        }
    }

    /// MLIR's `AttrSizedOperandSegments` trait, checked right after the
    /// count traits: the sizes in `operandSegmentSizes` (all zero when
    /// absent) are not negative and add up to the number of operands.
    fn check_operand_segments(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let sizes: &[i64] = match d.attr("operandSegmentSizes") {
            Some(Attribute::DenseArray { values, .. }) => values,
            _ => &[],
        };
        if sizes.iter().any(|&s| s < 0) {
            return Err(self.err(
                op,
                "'operandSegmentSizes' attribute cannot have negative elements",
            ));
        }
        let total: i128 = sizes.iter().map(|&s| i128::from(s)).sum();
        if total != d.operands.len() as i128 {
            return Err(self.err(
                op,
                format!(
                    "operand count ({}) does not match with the total size ({total}) specified \
                     in attribute 'operandSegmentSizes'",
                    d.operands.len()
                ),
            ));
        }
        Ok(())
    }

    fn op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let d = &self.m.ops[op];
        if let Some(dialect) = syntax::unknown_op_dialect(&d.name) {
            return Err(Diagnostic::new(
                &self.m.file,
                self.source,
                d.loc,
                format!(
                    "unregistered operation '{}' found in dialect ('{dialect}') that does not \
                     allow unknown operations",
                    d.name
                ),
            )
            .about(op));
        }
        if let Some(Some(counts)) = syntax::registered_op(&d.name) {
            self.check_counts(op, d, counts)?;
        }
        self.check_successors(op, d)?;
        if syntax::operand_segments(&d.name).is_some() {
            self.check_operand_segments(op, d)?;
        }
        self.ods_constraints(op, d)?;
        for (i, &v) in d.operands.iter().enumerate() {
            if !self.visible.iter().any(|s| s.contains(&v)) {
                let (loc, note) = self.where_defined(op, v);
                return Err(Diagnostic::new(
                    &self.m.file,
                    self.source,
                    d.loc,
                    format!("operand #{i} does not dominate this use"),
                )
                .about(op)
                .with_note(loc, note));
            }
        }
        self.check_op(op, d)?;
        let isolated = is_isolated(&d.name);
        // Nothing is outside the top-level module.
        if isolated && op != self.m.top {
            self.check_isolation(op)?;
        }
        for &r in &d.regions {
            let saved = if isolated {
                Some(std::mem::replace(&mut self.visible, vec![HashSet::new()]))
            } else {
                None
            };
            let blocks = &self.m.regions[r].blocks;
            let dominance = (blocks.len() > 1).then(|| Dominance::new(self.m, r));
            if !blocks.is_empty() {
                self.check_cfg(op, r)?;
            }
            for &b in blocks {
                let mut visible: HashSet<Value> = self.m.blocks[b].args.iter().copied().collect();
                if let Some(dom) = &dominance {
                    // A block sees what the blocks dominating it define;
                    // dominance is not checked in unreachable blocks, as
                    // in MLIR.
                    let above = if dom.is_reachable(b) {
                        dom.strict_dominators(b)
                    } else {
                        blocks.clone()
                    };
                    for d in above {
                        visible.extend(self.m.blocks[d].args.iter().copied());
                        for &o in &self.m.blocks[d].ops {
                            visible.extend(self.m.ops[o].results.iter().copied());
                        }
                    }
                }
                self.visible.push(visible);
                for &o in &self.m.blocks[b].ops {
                    self.op(o)?;
                    let results = self.m.ops[o].results.clone();
                    if let Some(top) = self.visible.last_mut() {
                        top.extend(results);
                    }
                }
                self.visible.pop();
                if d.name == "func.func" {
                    self.check_func_block_end(op, b)?;
                }
            }
            if let Some(s) = saved {
                self.visible = s;
            }
        }
        if d.name == "builtin.module" {
            self.symbol_table(op)?;
        }
        self.check_after_regions(op, d)
    }

    /// What MLIR verifies of an op once its regions are: the interfaces
    /// verified with regions (`LoopLikeOpInterface`, then
    /// `RegionBranchOpInterface`'s types along control-flow edges), then
    /// the op's `verifyRegions`.
    fn check_after_regions(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        // `SingleBlockImplicitTerminator`, a region trait verified first.
        match d.name.as_str() {
            "affine.for" | "affine.if" | "affine.parallel" => {
                return self.check_terminator(op, "affine.yield", &self.result_types(d));
            }
            "scf.for" | "scf.if" => self.check_terminator_name(op, "scf.yield")?,
            _ => {}
        }
        match d.name.as_str() {
            "scf.for" => {
                let Some(&body) = d
                    .regions
                    .first()
                    .and_then(|&r| self.m.regions[r].blocks.first())
                else {
                    return Ok(());
                };
                let args = &self.m.blocks[body].args;
                let inits = self.types_of(&d.operands[3.min(d.operands.len())..]);
                let iter_args = self.types_of(&args[1.min(args.len())..]);
                let yielded = self.yielded_types(body);
                let results = self.result_types(d);
                self.loop_like(op, &inits, &iter_args, &yielded, &results)?;
                self.control_flow_edge(op, "from Region #0 to Region #0", &yielded, &iter_args)?;
                let lower = self.ty(d.operands[0]);
                if args.first().map(|&iv| self.ty(iv)) != Some(lower) {
                    return Err(self.err(
                        op,
                        "expected induction variable to be same type as bounds and step",
                    ));
                }
            }
            "scf.reduce" => {
                // `verifyRegions`: two arguments of the operand's type,
                // and a `scf.reduce.return`.
                for (i, (&r, &v)) in d.regions.iter().zip(&d.operands).enumerate() {
                    let Some(&block) = self.m.regions[r].blocks.first() else {
                        continue;
                    };
                    let t = self.ty(v);
                    let b = &self.m.blocks[block];
                    if b.ops.is_empty() {
                        return Err(self.err(op, "empty block: expect at least a terminator"));
                    }
                    if b.args.len() != 2 || b.args.iter().any(|&a| self.ty(a) != t) {
                        return Err(self.err(
                            op,
                            format!(
                                "expected two block arguments with type '{t}' in the {i}-th reduction region"
                            ),
                        ));
                    }
                    if b.ops.last().map(|&o| self.m.ops[o].name.as_str())
                        != Some("scf.reduce.return")
                    {
                        return Err(self.err(
                            op,
                            "reduction bodies must be terminated with an 'scf.reduce.return' op",
                        ));
                    }
                }
            }
            "scf.if" => {
                let results = self.result_types(d);
                for (i, &r) in d.regions.iter().enumerate() {
                    let Some(&block) = self.m.regions[r].blocks.first() else {
                        continue;
                    };
                    let yielded = self.yielded_types(block);
                    let what = format!("from Region #{i} to parent results");
                    self.control_flow_edge(op, &what, &yielded, &results)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The types of `values`.
    fn types_of(&self, values: &[Value]) -> Vec<Type> {
        values.iter().map(|&v| self.ty(v).clone()).collect()
    }

    /// The operand types of the `scf.yield` ending `block` (none when it
    /// ends otherwise).
    fn yielded_types(&self, block: BlockId) -> Vec<Type> {
        match self.m.blocks[block].ops.last() {
            Some(&t) if self.m.ops[t].name == "scf.yield" => self.types_of(&self.m.ops[t].operands),
            _ => Vec::new(),
        }
    }

    /// MLIR's `verifyLoopLikeOpInterface`: as many inits, region
    /// iter_args, yielded values (when any) and loop results, of the same
    /// types. (MLIR 19 names every loop result mismatch the 0-th.)
    fn loop_like(
        &self,
        op: OpId,
        inits: &[Type],
        iter_args: &[Type],
        yielded: &[Type],
        results: &[Type],
    ) -> Result<(), Diagnostic> {
        let fail = |message: String| Err(self.err(op, message));
        if inits.len() != iter_args.len() {
            return fail(format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ));
        }
        if !yielded.is_empty() && iter_args.len() != yielded.len() {
            return fail(format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ));
        }
        if results.len() != iter_args.len() {
            return fail(format!(
                "different number of loop results and region iter_args: {} != {}",
                results.len(),
                iter_args.len()
            ));
        }
        for (i, (init, arg)) in inits.iter().zip(iter_args).enumerate() {
            if init != arg {
                return fail(format!(
                    "{i}-th init and {i}-th region iter_arg have different type: '{init}' != '{arg}'"
                ));
            }
            if let Some(y) = yielded.get(i).filter(|y| *y != arg) {
                return fail(format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: '{arg}' != '{y}'"
                ));
            }
        }
        if let Some((arg, result)) = iter_args.iter().zip(results).find(|(a, r)| a != r) {
            return fail(format!(
                "0-th region iter_arg and 0-th loop result have different type: '{arg}' != '{result}'"
            ));
        }
        Ok(())
    }

    /// `RegionBranchOpInterface`'s check of a control-flow edge (`what`:
    /// "from Region #0 to parent results"): the values passed along it
    /// (`from`) have the types of the inputs it reaches (`to`).
    fn control_flow_edge(
        &self,
        op: OpId,
        what: &str,
        from: &[Type],
        to: &[Type],
    ) -> Result<(), Diagnostic> {
        if from.len() != to.len() {
            return Err(self.err(
                op,
                format!(
                    " region control flow edge {what}: source has {} operands, but target successor needs {}",
                    from.len(),
                    to.len()
                ),
            ));
        }
        if let Some(k) = from.iter().zip(to).position(|(x, y)| x != y) {
            return Err(self.err(
                op,
                format!(
                    " along control flow edge {what}: source type #{k} '{}' should match input type #{k} '{}'",
                    from[k], to[k]
                ),
            ));
        }
        Ok(())
    }

    /// MLIR's `Elementwise` trait: vector or tensor operands come with
    /// vector or tensor results only, all of one kind and shape.
    fn elementwise(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let mappable = |v: &Value| {
            let t = self.ty(*v);
            matches!(
                t,
                Type::Vector { .. } | Type::Tensor { .. } | Type::UnrankedTensor(_)
            )
            .then_some(t)
        };
        let operands: Vec<&Type> = d.operands.iter().filter_map(mappable).collect();
        let results: Vec<&Type> = d.results.iter().filter_map(mappable).collect();
        if operands.is_empty() && results.is_empty() {
            return Ok(());
        }
        if operands.is_empty() {
            return Err(self.err(
                op,
                "if a result is non-scalar, then at least one operand must be non-scalar",
            ));
        }
        if results.is_empty() {
            return Err(self.err(
                op,
                "if an operand is non-scalar, then there must be at least one non-scalar result",
            ));
        }
        if results.len() != d.results.len() {
            return Err(self.err(
                op,
                "if an operand is non-scalar, then all results must be non-scalar",
            ));
        }
        let types: Vec<&Type> = operands.into_iter().chain(results).collect();
        let kind = std::mem::discriminant(types[0]);
        if types.iter().any(|t| std::mem::discriminant(*t) != kind)
            || !same_operands_and_result_shape(&types)
        {
            return Err(self.err(
                op,
                "all non-scalar operands/results must have the same shape and base type",
            ));
        }
        Ok(())
    }

    /// The end of a block of function `func`, checked once its ops are (as
    /// MLIR verifies a block's terminator on leaving it): a `func.return`
    /// matching the function's results, a branch, or an op that might be a
    /// terminator.
    fn check_func_block_end(&self, op: OpId, b: BlockId) -> Result<(), Diagnostic> {
        let d = &self.m.ops[op];
        let Some(Attribute::Type(Type::Function { results, .. })) = d.attr("function_type") else {
            return Ok(());
        };
        match self.m.blocks[b].ops.last() {
            Some(&t) if self.m.ops[t].name == "func.return" => {
                let got: Vec<Type> = self.m.ops[t]
                    .operands
                    .iter()
                    .map(|&v| self.ty(v).clone())
                    .collect();
                if got.len() != results.len() {
                    return Err(self.err(
                        t,
                        format!(
                            "has {} operands, but enclosing function (@{}) returns {}",
                            got.len(),
                            sym_name(d),
                            results.len()
                        ),
                    ));
                }
                if let Some((i, (g, r))) = got
                    .iter()
                    .zip(results)
                    .enumerate()
                    .find(|(_, (g, r))| g != r)
                {
                    // MLIR 19 emits this one without the
                    // "'func.return' op" prefix.
                    return Err(Diagnostic::new(
                        &self.m.file,
                        self.source,
                        self.m.ops[t].loc,
                        format!("type of return operand {i} ('{g}') doesn't match function result type ('{r}') in function @{}", sym_name(d)),
                    )
                    .about(t));
                }
            }
            Some(&t) if BRANCH_OPS.contains(&self.m.ops[t].name.as_str()) => {}
            // An unregistered op might be a terminator,
            // as MLIR's verifier assumes.
            Some(&t) if !syntax::is_known(&self.m.ops[t].name) => {}
            Some(&last) => {
                let d = &self.m.ops[last];
                let text = crate::printer::print_ops_local(self.m, &[last], true).concat();
                return Err(Diagnostic::new(
                    &self.m.file,
                    self.source,
                    d.loc,
                    format!("block with no terminator, has {}", text.trim_end()),
                )
                .about(last));
            }
            None => return Err(self.err(op, "empty block: expect at least a terminator")),
        }
        Ok(())
    }

    /// MLIR's `SymbolTable` trait of a module: no two ops of its body
    /// define the same symbol (checked after the ops themselves, as MLIR
    /// verifies region traits).
    fn symbol_table(&self, module: OpId) -> Result<(), Diagnostic> {
        let mut seen = std::collections::HashMap::new();
        for &r in &self.m.ops[module].regions {
            for &b in &self.m.regions[r].blocks {
                for &o in &self.m.blocks[b].ops {
                    let Some(Attribute::String(name)) = self.m.ops[o].attr("sym_name") else {
                        continue;
                    };
                    if let Some(&first) = seen.get(name.as_str()) {
                        return Err(Diagnostic::new(
                            &self.m.file,
                            self.source,
                            self.m.ops[o].loc,
                            format!("redefinition of symbol named '{name}'"),
                        )
                        .about(o)
                        .with_note(
                            self.m.ops[first].loc,
                            "see existing symbol definition here".to_string(),
                        ));
                    }
                    seen.insert(name.as_str(), o);
                }
            }
        }
        Ok(())
    }

    /// MLIR's note on an operand that does not dominate its use `op`:
    /// where `v` is defined, relative to `op`.
    fn where_defined(&self, op: OpId, v: Value) -> (Location, String) {
        let m = self.m;
        let use_block = m.ops[op].parent;
        let use_region = use_block.and_then(|b| m.blocks[b].parent);
        // Is region `outer` a proper ancestor of region `inner`?
        let encloses = |outer: Option<RegionId>, inner: Option<RegionId>| {
            let mut r = inner;
            while let Some(x) = r {
                let parent = m.regions[x]
                    .parent
                    .and_then(|o| m.ops[o].parent)
                    .and_then(|b| m.blocks[b].parent);
                if parent.is_some() && parent == outer {
                    return true;
                }
                r = parent;
            }
            false
        };
        let relation = |def_region: Option<RegionId>| {
            if def_region == use_region {
                "in the same region"
            } else if encloses(def_region, use_region) {
                "in a parent region"
            } else if encloses(use_region, def_region) {
                "in a child region"
            } else {
                "neither in a parent nor in a child region"
            }
        };
        match m.values[v].def {
            ValueDef::OpResult { op: def, .. } => {
                let def_block = m.ops[def].parent;
                let def_region = def_block.and_then(|b| m.blocks[b].parent);
                let place = if def_block == use_block {
                    "(op in the same block)".to_string()
                } else {
                    match relation(def_region) {
                        "neither in a parent nor in a child region" => {
                            "(op is neither in a parent nor in a child region)".to_string()
                        }
                        r => format!("(op {r})"),
                    }
                };
                (m.ops[def].loc, format!("operand defined here {place}"))
            }
            ValueDef::BlockArg { block, .. } => {
                let region = m.blocks[block].parent;
                let index = m.block_index(block).unwrap_or(0);
                let loc = m
                    .block_parent_op(block)
                    .map(|o| m.ops[o].loc)
                    .unwrap_or_default();
                (
                    loc,
                    format!(
                        "operand defined as a block argument (block #{index} {})",
                        relation(region)
                    ),
                )
            }
        }
    }

    /// The rule of a region of several blocks: its entry block has no
    /// predecessors.
    fn check_cfg(&self, op: OpId, r: RegionId) -> Result<(), Diagnostic> {
        let blocks = &self.m.regions[r].blocks;
        if !self.m.predecessors(blocks[0]).is_empty() {
            return Err(Diagnostic::new(
                &self.m.file,
                self.source,
                self.m.ops[op].loc,
                "entry block of region may not have predecessors",
            )
            .about(op));
        }
        Ok(())
    }

    /// The successors of any op: it ends its block and names blocks of
    /// its own region (checked by MLIR before the op's traits), then the
    /// successor counts of `cf.br`, `cf.cond_br` and `cf.switch` (their
    /// `NSuccessors` traits, before their operand segments).
    fn check_successors(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let plain = |msg: String| Diagnostic::new(&self.m.file, self.source, d.loc, msg).about(op);
        let parent_region = d.parent.and_then(|b| self.m.blocks[b].parent);
        // MLIR checks this of the block's ops, so only with successors.
        if !d.successors.is_empty()
            && d.parent
                .is_some_and(|b| self.m.blocks[b].ops.last() != Some(&op))
        {
            return Err(plain(
                "operation with block successors must terminate its parent block".to_string(),
            ));
        }
        if d.successors
            .iter()
            .any(|&s| self.m.blocks[s].parent != parent_region)
        {
            return Err(plain(
                "reference to block defined in another region".to_string(),
            ));
        }
        let expected = match d.name.as_str() {
            "cf.br" => Some(1),
            "cf.cond_br" => Some(2),
            "cf.switch" if d.successors.is_empty() => {
                return Err(self.err(op, "requires at least 1 successors but found 0"));
            }
            _ => None,
        };
        if let Some(n) = expected.filter(|&n| n != d.successors.len()) {
            let noun = if n == 1 { "successor" } else { "successors" };
            return Err(self.err(
                op,
                format!("requires {n} {noun} but found {}", d.successors.len()),
            ));
        }
        Ok(())
    }

    /// A branching terminator (whose successors `check_successors`
    /// checked): its attributes and flag, and operands matching each
    /// successor's arguments.
    fn check_branch(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let plain = |msg: String| Diagnostic::new(&self.m.file, self.source, d.loc, msg).about(op);
        if d.name == "cf.switch" {
            self.check_case_operand_segments(op, d)?;
            let Some(&flag) = d.operands.first() else {
                return Err(self.err(op, "operand segments do not match the successors' operands"));
            };
            let flag = self.ty(flag);
            if !matches!(flag, Type::Integer(_)) {
                return Err(self.err(op, format!("operand #0 must be integer, but got '{flag}'")));
            }
            if let Some(Attribute::DenseInt {
                ty: Type::Vector { elem, .. },
                ..
            }) = d.attr("case_values")
            {
                if **elem != *flag {
                    return Err(self.err(
                        op,
                        format!("'case_values' should have same element type as flag ({flag})"),
                    ));
                }
            }
            if switch_case_values(d).is_none() {
                let n = match d.attr("case_values") {
                    Some(Attribute::DenseInt { values, .. }) => values.len(),
                    _ => 0,
                };
                return Err(self.err(
                    op,
                    format!(
                        "number of case values ({n}) should match number of case destinations ({})",
                        d.successors.len() - 1
                    ),
                ));
            }
        }
        let Some(split) = successor_operands(d) else {
            return Err(self.err(op, "operand segments do not match the successors' operands"));
        };
        if d.name == "cf.cond_br" && self.ty(split.leading[0]) != &Type::Integer(1) {
            return Err(self.err(
                op,
                format!(
                    "operand #0 must be 1-bit signless integer, but got '{}'",
                    self.ty(split.leading[0])
                ),
            ));
        }
        for (i, (&s, args)) in d.successors.iter().zip(&split.args).enumerate() {
            let params = &self.m.blocks[s].args;
            if params.len() != args.len() {
                return Err(plain(format!(
                    "branch has {} operands for successor #{i}, but target block has {}",
                    args.len(),
                    params.len()
                )));
            }
            for (j, (&a, &p)) in args.iter().zip(params).enumerate() {
                if self.ty(a) != self.ty(p) {
                    return Err(plain(format!(
                        "type mismatch for bb argument #{j} of successor #{i}"
                    )));
                }
            }
        }
        Ok(())
    }

    /// `cf.switch`'s required `case_operand_segments`, whose sizes add
    /// up to the operands of its third segment (its cases' operands).
    fn check_case_operand_segments(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let Some(Attribute::DenseArray {
            values: per_case, ..
        }) = d.attr("case_operand_segments")
        else {
            return Err(self.err(op, "requires attribute 'case_operand_segments'"));
        };
        let case_operands = match d.attr("operandSegmentSizes") {
            Some(Attribute::DenseArray { values, .. }) => values.get(2).copied().unwrap_or(0),
            _ => 0,
        };
        let total: i128 = per_case.iter().map(|&s| i128::from(s)).sum();
        if total != i128::from(case_operands) {
            return Err(self.err(
                op,
                format!(
                    "caseOperands count ({case_operands}) does not match with the total size \
                     ({total}) specified in attribute 'case_operand_segments'"
                ),
            ));
        }
        Ok(())
    }

    /// `affine.vector_load`/`vector_store`: the vector's element type is
    /// the memref's.
    fn same_elemental_type(
        &self,
        op: OpId,
        memref_elem: Option<&Type>,
        vector: Value,
    ) -> Result<(), Diagnostic> {
        match self.ty(vector) {
            Type::Vector { elem, .. } if Some(elem.as_ref()) == memref_elem => Ok(()),
            _ => Err(self.err(
                op,
                "requires memref and vector types of the same elemental type",
            )),
        }
    }

    /// `affine.parallel`: one reduction kind per result, each applicable
    /// to its result's type (MLIR's `isResultTypeMatchAtomicRMWKind`).
    fn check_reductions(&self, op: OpId, d: &OpData, results: &[Type]) -> Result<(), Diagnostic> {
        let kinds = match d.attr("reductions") {
            Some(Attribute::Array(kinds)) => kinds.as_slice(),
            _ => &[],
        };
        if kinds.len() != results.len() {
            return Err(self.err(op, "a reduction must be specified for each output"));
        }
        for (kind, ty) in kinds.iter().zip(results) {
            let name = kind
                .as_int()
                .and_then(|k| usize::try_from(k).ok())
                .and_then(|k| syntax::REDUCTION_KINDS.get(k).copied());
            let fits = match name {
                Some("assign") => true,
                Some("addf" | "maximumf" | "minimumf" | "mulf" | "maxnumf" | "minnumf") => {
                    ty.is_float()
                }
                Some(_) => matches!(ty, Type::Integer(_)),
                None => false,
            };
            if !fits {
                return Err(self.err(op, "result type cannot match reduction attribute"));
            }
        }
        Ok(())
    }

    fn ty(&self, v: Value) -> &Type {
        self.m.value_type(v)
    }

    fn result_types(&self, d: &OpData) -> Vec<Type> {
        d.results.iter().map(|&r| self.ty(r).clone()).collect()
    }

    fn map(&self, op: OpId, name: &str) -> Result<AffineMap, Diagnostic> {
        match self.m.ops[op].attr(name) {
            Some(Attribute::AffineMap(m)) => Ok(m.clone()),
            _ => Err(self.err(op, format!("requires attribute '{name}'"))),
        }
    }

    fn check_map(&self, op: OpId, map: &AffineMap) -> Result<(), Diagnostic> {
        if map.results().iter().any(bad_divisor) {
            return Err(self.err(op, "affine map divides by a non-positive constant"));
        }
        Ok(())
    }

    /// The op whose region (directly) holds the definition of `v`.
    fn defining_scope_op(&self, v: Value) -> Option<OpId> {
        self.m
            .value_block(v)
            .and_then(|b| self.m.block_parent_op(b))
    }

    /// The nearest enclosing affine scope (`func.func`) of `op`.
    fn affine_scope(&self, op: OpId) -> Option<OpId> {
        let mut cur = self.m.parent_op(op);
        while let Some(p) = cur {
            if self.m.ops[p].name == "func.func" || self.m.ops[p].name == "builtin.module" {
                return Some(p);
            }
            cur = self.m.parent_op(p);
        }
        None
    }

    /// MLIR's `isValidSymbol(value, region)`: top-level values of the
    /// affine scope, constants, and `affine.apply`/`min`/`max` or
    /// `memref.dim` of valid symbols.
    fn valid_symbol(&self, v: Value, scope: Option<OpId>, depth: usize) -> bool {
        if depth > 64 {
            return false;
        }
        if self.defining_scope_op(v).is_some() && self.defining_scope_op(v) == scope {
            return true;
        }
        let Some(def) = self.m.defining_op(v) else {
            return false;
        };
        let d = &self.m.ops[def];
        match d.name.as_str() {
            "arith.constant" => true,
            "affine.apply" | "affine.min" | "affine.max" => d
                .operands
                .iter()
                .all(|&o| self.valid_symbol(o, scope, depth + 1)),
            "memref.dim" => self.dim_valid_symbol(d, scope, depth),
            _ => false,
        }
    }

    /// MLIR's `isDimOpValidSymbol`: a `memref.dim` of a memref defined at
    /// the top of the scope, or at a constant index of an `alloc`, `view`
    /// or `subview` (through casts) whose size there is static or a valid
    /// symbol.
    fn dim_valid_symbol(&self, d: &OpData, scope: Option<OpId>, depth: usize) -> bool {
        let (Some(&src), Some(&index)) = (d.operands.first(), d.operands.get(1)) else {
            return false;
        };
        if self.defining_scope_op(src) == scope {
            return true;
        }
        let Some(i) = self
            .m
            .constant_int(index)
            .and_then(|i| usize::try_from(i).ok())
        else {
            return false;
        };
        let mut def = self.m.defining_op(src);
        while let Some(c) = def.filter(|&c| self.m.ops[c].name == "memref.cast") {
            let from = self.m.ops[c].operands[0];
            if matches!(self.ty(from), Type::UnrankedMemRef { .. }) {
                return false;
            }
            def = self.m.defining_op(from);
        }
        let Some(def) = def else {
            return false;
        };
        let o = &self.m.ops[def];
        let Some(Type::MemRef { shape, .. }) = o.results.first().map(|&r| self.ty(r)) else {
            return false;
        };
        match shape.get(i) {
            None => return false,
            Some(&n) if n != crate::types::DYNAMIC => return true,
            Some(_) => {}
        }
        // The size among the dynamic sizes, as MLIR counts it.
        let position = shape[..i]
            .iter()
            .filter(|&&n| n == crate::types::DYNAMIC)
            .count();
        let dynamic_sizes: Vec<Value> = match o.name.as_str() {
            "memref.alloc" => o.operands.clone(),
            "memref.view" => o.operands.get(2..).unwrap_or_default().to_vec(),
            "memref.subview" => crate::views::Slices::of(self.m, def)
                .map(|s| {
                    s.sizes
                        .iter()
                        .filter_map(|m| match m {
                            crate::views::Mixed::Dynamic(v) => Some(*v),
                            crate::views::Mixed::Static(_) => None,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            _ => return false,
        };
        dynamic_sizes
            .get(position)
            .is_some_and(|&v| self.valid_symbol(v, scope, depth + 1))
    }

    /// MLIR's `isValidDim`: valid symbols, `affine.for`/`affine.parallel`
    /// induction variables, and `affine.apply` of valid dims.
    fn valid_dim(&self, v: Value, scope: Option<OpId>, depth: usize) -> bool {
        if depth > 64 {
            return false;
        }
        if let ValueDef::BlockArg { block, index } = self.m.values[v].def {
            if let Some(owner) = self.m.block_parent_op(block) {
                let name = self.m.ops[owner].name.as_str();
                if name == "affine.parallel" || (name == "affine.for" && index == 0) {
                    return true;
                }
            }
        }
        if self.valid_symbol(v, scope, depth) {
            return true;
        }
        match self.m.defining_op(v) {
            Some(def)
                if matches!(
                    self.m.ops[def].name.as_str(),
                    "affine.apply" | "affine.min" | "affine.max"
                ) =>
            {
                self.m.ops[def]
                    .operands
                    .iter()
                    .all(|&o| self.valid_dim(o, scope, depth + 1))
            }
            _ => false,
        }
    }

    fn check_dims_symbols(
        &self,
        op: OpId,
        operands: &[Value],
        num_dims: u32,
        what: &str,
    ) -> Result<(), Diagnostic> {
        let scope = self.affine_scope(op);
        for (i, &v) in operands.iter().enumerate() {
            if *self.ty(v) != Type::Index {
                return Err(self.err(op, format!("{what} operand #{i} must be of index type")));
            }
            if (i as u32) < num_dims {
                if !self.valid_dim(v, scope, 0) {
                    return Err(self.err(op, "operand cannot be used as a dimension id"));
                }
            } else if !self.valid_symbol(v, scope, 0) {
                return Err(self.err(op, "operand cannot be used as a symbol"));
            }
        }
        Ok(())
    }

    /// `scf.while`: its terminators and the values along each control-flow
    /// edge (the inits into `before`, `scf.condition` into the results and
    /// into `after`, `scf.yield` back into `before`), in mlir-opt's order
    /// and words.
    fn scf_while(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let [before, after] = d.regions[..] else {
            return Err(self.err(
                op,
                format!("requires 2 regions, but found {}", d.regions.len()),
            ));
        };
        // `SingleBlock` (at most one block, not empty), then ODS's one
        // block per region.
        self.single_block(op, d)?;
        for (i, (r, name)) in [(before, "before"), (after, "after")]
            .into_iter()
            .enumerate()
        {
            if self.m.regions[r].blocks.len() != 1 {
                return Err(self.err(
                    op,
                    format!(
                        "region #{i} ('{name}') failed to verify constraint: region with 1 blocks"
                    ),
                ));
            }
        }
        let entry = |r: RegionId| self.m.regions[r].blocks.first().copied();
        let (Some(b), Some(a)) = (entry(before), entry(after)) else {
            return Err(self.err(op, "expects non-empty regions"));
        };
        let types =
            |vs: &[Value]| -> Vec<Type> { vs.iter().map(|&v| self.ty(v).clone()).collect() };
        let edge =
            |what: &str, from: &[Type], to: &[Type]| self.control_flow_edge(op, what, from, to);
        let before_args = types(&self.m.blocks[b].args);
        let after_args = types(&self.m.blocks[a].args);
        edge(
            "from parent operands to Region #0",
            &types(&d.operands),
            &before_args,
        )?;
        let terminator =
            |blk: crate::ir::BlockId, name: &str, region: &str| match self.m.blocks[blk].ops.last()
            {
                Some(&t) if self.m.ops[t].name == name => Ok(t),
                last => {
                    let mut e = self.err(
                        op,
                        format!("expects the '{region}' region to terminate with '{name}'"),
                    );
                    if let Some(&t) = last {
                        e = e.with_note(self.m.ops[t].loc, "terminator here".to_string());
                    }
                    Err(e)
                }
            };
        let cond = terminator(b, "scf.condition", "before")?;
        let forwarded = types(self.m.ops[cond].operands.get(1..).unwrap_or(&[]));
        edge(
            "from Region #0 to parent results",
            &forwarded,
            &self.result_types(d),
        )?;
        edge("from Region #0 to Region #1", &forwarded, &after_args)?;
        let y = terminator(a, "scf.yield", "after")?;
        edge(
            "from Region #1 to Region #0",
            &types(&self.m.ops[y].operands),
            &before_args,
        )?;
        Ok(())
    }

    /// mlir-opt's error for an inherent attribute of the wrong kind, which
    /// it reports when converting the properties.
    fn invalid_property(&self, d: &OpData, name: &str, value: &Attribute) -> Diagnostic {
        let props: Vec<String> = d
            .props
            .iter()
            .chain(d.attrs.iter())
            .map(|(n, a)| format!("{n} = {a}"))
            .collect();
        Diagnostic::new(
            &self.m.file,
            self.source,
            d.loc,
            format!(
                "invalid properties {{{}}} for op {}: Invalid attribute `{name}` in property conversion: {value}",
                props.join(", "),
                d.name
            ),
        )
    }

    /// `affine.prefetch` and `memref.prefetch`: the ODS checks, then
    /// their `verify`, in mlir-opt 19's order and words.
    fn prefetch(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let affine = d.name == "affine.prefetch";
        let mut names = vec!["isDataCache", "isWrite", "localityHint"];
        if affine {
            names.push("map");
        }
        for &name in &names {
            let ok = match (name, d.attr(name)) {
                (_, None) => true,
                ("localityHint", Some(a)) => matches!(a, Attribute::Integer { .. }),
                ("map", Some(a)) => matches!(a, Attribute::AffineMap(_)),
                (_, Some(a)) => matches!(a, Attribute::Bool(_)),
            };
            if !ok {
                return Err(self.invalid_property(
                    d,
                    name,
                    d.attr(name).unwrap_or(&Attribute::Unit),
                ));
            }
        }
        for &name in &names {
            if d.attr(name).is_none() {
                return Err(self.err(op, format!("requires attribute '{name}'")));
            }
        }
        if !matches!(
            d.attr("localityHint"),
            Some(Attribute::Integer {
                value: 0..=3,
                ty: Type::Integer(32)
            })
        ) {
            return Err(self.err(op, "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3"));
        }
        let Some(&mem) = d.operands.first() else {
            return Err(self.err(op, "expected 1 or more operands, but found 0"));
        };
        let ty = self.ty(mem);
        if !ty.is_memref() {
            return Err(self.err(
                op,
                format!("operand #0 must be memref of any type values, but got '{ty}'"),
            ));
        }
        for (i, &v) in d.operands.iter().enumerate().skip(1) {
            if *self.ty(v) != Type::Index {
                return Err(self.err(
                    op,
                    format!(
                        "operand #{i} must be variadic of index, but got '{}'",
                        self.ty(v)
                    ),
                ));
            }
        }
        let rank = ty.rank().unwrap_or(0);
        if affine {
            let map = self.map(op, "map")?;
            self.check_map(op, &map)?;
            if map.results().len() != rank {
                return Err(self.err(
                    op,
                    "affine.prefetch affine map num results must equal memref rank",
                ));
            }
            if map.num_inputs() as usize + 1 != d.operands.len() {
                return Err(self.err(op, "too few operands"));
            }
            let scope = self.affine_scope(op);
            if d.operands[1..]
                .iter()
                .any(|&v| !self.valid_dim(v, scope, 0))
            {
                return Err(self.err(op, "index must be a valid dimension or symbol identifier"));
            }
        } else if d.operands.len() - 1 != rank {
            return Err(self.err(op, "too few indices"));
        }
        Ok(())
    }

    /// MLIR's `AffineDmaStartOp::verifyInvariantsImpl`, plus a located
    /// error where mlir-opt 19 crashes (a missing map, too few operands).
    fn affine_dma_start(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        for name in ["src_map", "dst_map", "tag_map"] {
            let map = self.map(op, name)?;
            self.check_map(op, &map)?;
        }
        let Some(dma) = crate::dma::DmaStart::of(self.m, d) else {
            return Err(self.err(op, "incorrect number of operands"));
        };
        let ranked = |at: usize| matches!(self.ty(d.operands[at]), Type::MemRef { .. });
        for (part, what) in [
            (&dma.src, "source"),
            (&dma.dst, "destination"),
            (&dma.tag, "tag"),
        ] {
            if !ranked(part.memref) {
                return Err(self.err(op, format!("expected DMA {what} to be of memref type")));
            }
        }
        let scope = self.affine_scope(op);
        for (part, what) in [(&dma.src, "src"), (&dma.dst, "dst"), (&dma.tag, "tag")] {
            for &v in &d.operands[part.subscripts.clone()] {
                if *self.ty(v) != Type::Index {
                    return Err(self.err(
                        op,
                        format!("{what} index to dma_start must have 'index' type"),
                    ));
                }
                if !self.valid_dim(v, scope, 0) {
                    return Err(self.err(
                        op,
                        format!("{what} index must be a valid dimension or symbol identifier"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// MLIR's `AffineDmaWaitOp::verifyInvariantsImpl`.
    fn affine_dma_wait(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let map = self.map(op, "tag_map")?;
        self.check_map(op, &map)?;
        let n = map.num_inputs() as usize;
        if d.operands.len() < n + 2 {
            return Err(self.err(
                op,
                format!(
                    "expected {} or more operands, but found {}",
                    n + 2,
                    d.operands.len()
                ),
            ));
        }
        if !matches!(self.ty(d.operands[0]), Type::MemRef { .. }) {
            return Err(self.err(op, "expected DMA tag to be of memref type"));
        }
        let scope = self.affine_scope(op);
        for &v in &d.operands[1..=n] {
            if *self.ty(v) != Type::Index {
                return Err(self.err(op, "index to dma_wait must have 'index' type"));
            }
            if !self.valid_dim(v, scope, 0) {
                return Err(self.err(op, "index must be a valid dimension or symbol identifier"));
            }
        }
        Ok(())
    }

    /// MLIR's `DmaStartOp::verify`, check by check in its order.
    fn memref_dma_start(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let n = d.operands.len();
        if n < 4 {
            return Err(self.err(op, "expected at least 4 operands"));
        }
        let rank_at = |at: usize| match self.ty(d.operands[at]) {
            Type::MemRef { shape, .. } => Some(shape.len()),
            _ => None,
        };
        let all_index =
            |r: std::ops::Range<usize>| d.operands[r].iter().all(|&v| *self.ty(v) == Type::Index);
        let mut expected = 4;
        let mut at = 0;
        for what in ["source", "destination"] {
            let Some(rank) = rank_at(at) else {
                return Err(self.err(op, format!("expected {what} to be of memref type")));
            };
            expected += rank;
            if n < expected {
                return Err(self.err(op, format!("expected at least {expected} operands")));
            }
            if !all_index(at + 1..at + 1 + rank) {
                return Err(self.err(op, format!("expected {what} indices to be of index type")));
            }
            at += 1 + rank;
        }
        if *self.ty(d.operands[at]) != Type::Index {
            return Err(self.err(op, "expected num elements to be of index type"));
        }
        let tag = at + 1;
        let Some(rank) = rank_at(tag) else {
            return Err(self.err(op, "expected tag to be of memref type"));
        };
        expected += rank;
        if n < expected {
            return Err(self.err(op, format!("expected at least {expected} operands")));
        }
        if !all_index(tag + 1..tag + 1 + rank) {
            return Err(self.err(op, "expected tag indices to be of index type"));
        }
        if n != expected && n != expected + 2 {
            return Err(self.err(op, "incorrect number of operands"));
        }
        if n == expected + 2 && !all_index(expected..n) {
            return Err(self.err(
                op,
                "expected stride and num elements per stride to be of type index",
            ));
        }
        Ok(())
    }

    /// The ODS checks of `memref.dma_wait`, then its `verify`.
    fn memref_dma_wait(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let n = d.operands.len();
        if n < 2 {
            return Err(self.err(op, format!("expected 2 or more operands, but found {n}")));
        }
        let tag = self.ty(d.operands[0]);
        if !tag.is_memref() {
            return Err(self.err(
                op,
                format!("operand #0 must be memref of any type values, but got '{tag}'"),
            ));
        }
        for (i, &v) in d.operands.iter().enumerate().skip(1) {
            let ty = self.ty(v);
            if *ty != Type::Index {
                let what = if i + 1 == n {
                    "index"
                } else {
                    "variadic of index"
                };
                return Err(self.err(op, format!("operand #{i} must be {what}, but got '{ty}'")));
            }
        }
        let rank = tag.rank().unwrap_or(0);
        if n - 2 != rank {
            return Err(self.err(
                op,
                format!(
                    "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {rank}, but got {}",
                    n - 2
                ),
            ));
        }
        Ok(())
    }

    /// MLIR's `SingleBlock` trait: each region has at most one block, and
    /// that block is not empty.
    fn single_block(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        for (i, &r) in d.regions.iter().enumerate() {
            match self.m.regions[r].blocks[..] {
                [] => {}
                [b] if self.m.blocks[b].ops.is_empty() => {
                    return Err(self.err(op, "expects a non-empty block"))
                }
                [_] => {}
                _ => return Err(self.err(op, format!("expects region #{i} to have 0 or 1 blocks"))),
            }
        }
        Ok(())
    }

    /// MLIR's `SingleBlockImplicitTerminator<term>`: each region's block
    /// ends with a `term`.
    fn check_terminator_name(&self, op: OpId, term: &str) -> Result<(), Diagnostic> {
        for &r in &self.m.ops[op].regions {
            for &b in &self.m.regions[r].blocks {
                let Some(&last) = self.m.blocks[b].ops.last() else {
                    return Err(self.err(op, "empty block: expect at least a terminator"));
                };
                let name = &self.m.ops[last].name;
                if name != term {
                    let loc = self.m.ops[op].loc;
                    return Err(self
                        .err(
                            op,
                            format!("expects regions to end with '{term}', found '{name}'"),
                        )
                        .with_note(
                            loc,
                            format!(
                                "in custom textual format, the absence of terminator implies '{term}'"
                            ),
                        ));
                }
            }
        }
        Ok(())
    }

    fn check_terminator(&self, op: OpId, term: &str, types: &[Type]) -> Result<(), Diagnostic> {
        for &r in &self.m.ops[op].regions {
            for &b in &self.m.regions[r].blocks {
                let Some(&last) = self.m.blocks[b].ops.last() else {
                    return Err(self.err(op, "empty block: expect at least a terminator"));
                };
                let t = &self.m.ops[last];
                if t.name != term {
                    return Err(self.err(
                        op,
                        format!("expects regions to end with '{term}', found '{}'", t.name),
                    ));
                }
                let got: Vec<Type> = t.operands.iter().map(|&v| self.ty(v).clone()).collect();
                if got != types {
                    return Err(self.err(last, "types mismatch between yield op and its parent"));
                }
            }
        }
        Ok(())
    }

    /// MLIR's `AnyMemRef` constraint on operand `k`, which holds no ranked
    /// memref.
    fn not_ranked_memref(&self, op: OpId, d: &OpData, k: usize) -> Diagnostic {
        let t = self.ty(d.operands[k]);
        self.err(
            op,
            format!("operand #{k} must be memref of any type values, but got '{t}'"),
        )
    }

    /// MLIR's `Variadic<Index>` constraint on the operands before `end`.
    fn variadic_index_operands_upto(
        &self,
        op: OpId,
        d: &OpData,
        end: usize,
    ) -> Result<(), Diagnostic> {
        self.index_operands_in(op, d, 0..end.min(d.operands.len()))
    }

    /// Whether an op around `op` opens an automatic allocation scope
    /// (MLIR's `AutomaticAllocationScope` trait: functions,
    /// `memref.alloca_scope`, `affine.parallel`).
    fn in_allocation_scope(&self, op: OpId) -> bool {
        let mut cur = self.m.parent_op(op);
        while let Some(p) = cur {
            if matches!(
                self.m.ops[p].name.as_str(),
                "func.func" | "memref.alloca_scope" | "affine.parallel"
            ) {
                return true;
            }
            cur = self.m.parent_op(p);
        }
        false
    }

    /// MLIR's `Variadic<Index>` constraint on the operands from `first` on.
    fn variadic_index_operands(
        &self,
        op: OpId,
        d: &OpData,
        first: usize,
    ) -> Result<(), Diagnostic> {
        self.index_operands_in(op, d, first..d.operands.len())
    }

    /// The first operand in `range` that is not an `index`, as ODS's
    /// `Variadic<Index>` reports it.
    fn index_operands_in(
        &self,
        op: OpId,
        d: &OpData,
        range: std::ops::Range<usize>,
    ) -> Result<(), Diagnostic> {
        match range
            .into_iter()
            .find(|&k| *self.ty(d.operands[k]) != Type::Index)
        {
            Some(k) => Err(self.err(
                op,
                format!(
                    "operand #{k} must be variadic of index, but got '{}'",
                    self.ty(d.operands[k])
                ),
            )),
            None => Ok(()),
        }
    }

    fn memref_access(
        &self,
        op: OpId,
        mem: Value,
        map: &AffineMap,
        indices: &[Value],
    ) -> Result<(), Diagnostic> {
        let Type::MemRef { shape, .. } = self.ty(mem) else {
            let k = self.m.ops[op].operands.iter().position(|&v| v == mem);
            return Err(self.not_ranked_memref(op, &self.m.ops[op], k.unwrap_or(0)));
        };
        if map.results().len() != shape.len() {
            return Err(self.err(op, "affine map num results must equal memref rank"));
        }
        if map.num_inputs() as usize != indices.len() {
            return Err(self.err(op, "expects as many subscripts as affine map inputs"));
        }
        self.check_map(op, map)?;
        let scope = self.affine_scope(op);
        for &v in indices {
            if *self.ty(v) != Type::Index {
                return Err(self.err(op, "index to load must have 'index' type"));
            }
            if !self.valid_dim(v, scope, 0) {
                return Err(self.err(op, "index must be a valid dimension or symbol identifier"));
            }
        }
        Ok(())
    }

    fn check_op(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let name = d.name.as_str();
        let n_in = d.operands.len();
        let n_out = d.results.len();
        let count = |ins: usize, outs: usize| -> Result<(), Diagnostic> {
            if n_in != ins {
                return Err(self.err(op, format!("expected {ins} operands, but found {n_in}")));
            }
            if n_out != outs {
                return Err(self.err(op, format!("requires {outs} results, but found {n_out}")));
            }
            Ok(())
        };
        // (the `Symbol` trait)
        if let Some(Attribute::String(vis)) = d.attr("sym_visibility") {
            if !matches!(vis.as_str(), "public" | "private" | "nested") {
                return Err(self.err(
                    op,
                    format!(
                        "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{vis}\""
                    ),
                ));
            }
        }
        if SINGLE_BLOCK_OPS.contains(&name) {
            if let Some(i) = d
                .regions
                .iter()
                .position(|&r| self.m.regions[r].blocks.len() > 1)
            {
                return Err(self.err(op, format!("expects region #{i} to have 0 or 1 blocks")));
            }
        }
        match name {
            "builtin.module" => {}
            "func.func" => {
                match d.attr("sym_name") {
                    None => return Err(self.err(op, "requires attribute 'sym_name'")),
                    Some(Attribute::String(_)) => {}
                    Some(other) => return Err(self.invalid_property(d, "sym_name", other)),
                }
                let Some(Attribute::Type(Type::Function { inputs, results })) =
                    d.attr("function_type")
                else {
                    return Err(self.err(op, "requires attribute 'function_type'"));
                };
                // A symbol lives in a symbol table: a module here, or an
                // unregistered op, which MLIR assumes might be one.
                if self.m.parent_op(op).is_some_and(|p| {
                    let parent = self.m.ops[p].name.as_str();
                    parent != "builtin.module" && syntax::is_known(parent)
                }) {
                    return Err(self.err(op, "symbol's parent must have the SymbolTable trait"));
                }
                // `FunctionOpInterface`: argument and result attributes
                // are dialect attributes, one dictionary per value.
                for (key, count, what, whose) in [
                    ("arg_attrs", inputs.len(), "argument", "arguments"),
                    ("res_attrs", results.len(), "result", "results"),
                ] {
                    let Some(Attribute::Array(dicts)) = d.attr(key) else {
                        continue;
                    };
                    if dicts.len() != count {
                        return Err(self.err(
                            op,
                            format!(
                                "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {count}",
                                dicts.len()
                            ),
                        ));
                    }
                    let named = dicts.iter().flat_map(|a| match a {
                        Attribute::Dict(entries) => entries.as_slice(),
                        _ => &[],
                    });
                    if named.into_iter().any(|(name, _)| !name.contains('.')) {
                        return Err(
                            self.err(op, format!("{whose} may only have dialect attributes"))
                        );
                    }
                }
                if let Some(&b) = d
                    .regions
                    .first()
                    .and_then(|&r| self.m.regions[r].blocks.first())
                {
                    let args: Vec<Type> = self.m.blocks[b]
                        .args
                        .iter()
                        .map(|&a| self.ty(a).clone())
                        .collect();
                    if args.len() != inputs.len() {
                        return Err(self.err(
                            op,
                            format!(
                                "entry block must have {} arguments to match function signature",
                                inputs.len()
                            ),
                        ));
                    }
                    if let Some(i) = (0..args.len()).find(|&i| args[i] != inputs[i]) {
                        return Err(self.err(
                            op,
                            format!(
                                "type of entry block argument #{i}('{}') must match the type of the \
                                 corresponding argument in function signature('{}')",
                                args[i], inputs[i]
                            ),
                        ));
                    }
                }
            }
            n if BRANCH_OPS.contains(&n) => self.check_branch(op, d)?,
            "cf.assert" => {
                count(1, 0)?;
                // MLIR checks an op's attributes before its operand types.
                if !matches!(d.attr("msg"), Some(Attribute::String(_))) {
                    return Err(self.err(op, "requires attribute 'msg'"));
                }
                if self.ty(d.operands[0]) != &Type::Integer(1) {
                    return Err(self.err(
                        op,
                        format!(
                            "operand #0 must be 1-bit signless integer, but got '{}'",
                            self.ty(d.operands[0])
                        ),
                    ));
                }
            }
            "func.return" => {
                let parent = self.m.parent_op(op);
                if !parent.is_some_and(|p| self.m.ops[p].name == "func.func") {
                    return Err(self.err(op, "expects parent op 'func.func'"));
                }
                self.not_last_terminator(op)?;
            }
            "func.constant" => {
                count(0, 1)?;
                let Some(Attribute::SymbolRef(path)) = d.attr("value") else {
                    return Err(self.err(op, "requires attribute 'value'"));
                };
                let name = path.join("::");
                let Some(f) = self.m.function(&name) else {
                    return Err(self.err(op, format!("reference to undefined function '{name}'")));
                };
                if self.m.ops[f].attr("function_type")
                    != Some(&Attribute::Type(self.ty(d.results[0]).clone()))
                {
                    return Err(self.err(op, "reference to function with mismatched type"));
                }
            }
            "func.call_indirect" => {
                let Some((&callee, args)) = d.operands.split_first() else {
                    return Err(self.err(op, "expected 1 or more operands, but found 0"));
                };
                let Type::Function { inputs, results } = self.ty(callee) else {
                    return Err(self.err(
                        op,
                        format!(
                            "operand #0 must be function type, but got '{}'",
                            self.ty(callee)
                        ),
                    ));
                };
                let got: Vec<Type> = args.iter().map(|&v| self.ty(v).clone()).collect();
                if got != *inputs {
                    return Err(self.err(
                        op,
                        "failed to verify that callee input types match argument types",
                    ));
                }
                if self.result_types(d) != *results {
                    return Err(self.err(
                        op,
                        "failed to verify that callee result types match result types",
                    ));
                }
            }
            "func.call" => {
                let Some(Attribute::SymbolRef(path)) = d.attr("callee") else {
                    return Err(self.err(op, "requires attribute 'callee'"));
                };
                let Some(callee) = path.first().and_then(|s| self.m.function(s)) else {
                    return Err(self.err(
                        op,
                        format!("'{}' does not reference a valid function", path.join("::")),
                    ));
                };
                let Some(Attribute::Type(Type::Function { inputs, results })) =
                    self.m.ops[callee].attr("function_type")
                else {
                    return Err(self.err(op, "callee has no function type"));
                };
                let got: Vec<Type> = d.operands.iter().map(|&v| self.ty(v).clone()).collect();
                if got.len() != inputs.len() {
                    return Err(self.err(op, "incorrect number of operands for callee"));
                }
                if let Some((i, (g, t))) = got
                    .iter()
                    .zip(inputs)
                    .enumerate()
                    .find(|(_, (g, t))| g != t)
                {
                    return Err(self.err(
                        op,
                        format!("operand type mismatch: expected operand type '{t}', but provided '{g}' for operand number {i}"),
                    ));
                }
                let got = self.result_types(d);
                if got.len() != results.len() {
                    return Err(self.err(op, "incorrect number of results for callee"));
                }
                if let Some(i) = (0..got.len()).find(|&i| got[i] != results[i]) {
                    let quoted = |types: &[Type]| {
                        types
                            .iter()
                            .map(|t| format!("'{t}'"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let loc = d.loc;
                    return Err(self
                        .err(op, format!("result type mismatch at index {i}"))
                        .with_note(loc, format!("      op result types: {}", quoted(&got)))
                        .with_note(loc, format!("function result types: {}", quoted(results))));
                }
            }
            "affine.for" => {
                let lb = self.map(op, "lowerBoundMap")?;
                let ub = self.map(op, "upperBoundMap")?;
                let step = d.attr("step").and_then(Attribute::as_int).unwrap_or(0);
                if step <= 0 {
                    return Err(self.err(op, "expected step to be a positive integer"));
                }
                let (nl, nu) = (lb.num_inputs() as usize, ub.num_inputs() as usize);
                if n_in < nl + nu {
                    return Err(self.err(op, "operand count must match the bound maps' inputs"));
                }
                if let Some(Attribute::DenseArray { values, .. }) = d.attr("operandSegmentSizes") {
                    if values.len() != 3
                        || values[0] as usize != nl
                        || values[1] as usize != nu
                        || (values[0] + values[1] + values[2]) as usize != n_in
                    {
                        return Err(self.err(op, "operandSegmentSizes do not match the bound maps"));
                    }
                }
                if lb.results().is_empty() || ub.results().is_empty() {
                    return Err(self.err(op, "bound maps must have at least one result"));
                }
                self.check_map(op, &lb)?;
                self.check_map(op, &ub)?;
                self.check_dims_symbols(op, &d.operands[..nl], lb.num_dims(), "lower bound")?;
                self.check_dims_symbols(
                    op,
                    &d.operands[nl..nl + nu],
                    ub.num_dims(),
                    "upper bound",
                )?;
                let inits: Vec<Type> = d.operands[nl + nu..]
                    .iter()
                    .map(|&v| self.ty(v).clone())
                    .collect();
                if inits != self.result_types(d) {
                    return Err(self.err(
                        op,
                        "mismatch between the number of loop-carried values and results",
                    ));
                }
                let Some(&body) = d
                    .regions
                    .first()
                    .and_then(|&r| self.m.regions[r].blocks.first())
                else {
                    return Err(self.err(op, "expects a body region"));
                };
                let args: Vec<Type> = self.m.blocks[body]
                    .args
                    .iter()
                    .map(|&a| self.ty(a).clone())
                    .collect();
                let mut expect = vec![Type::Index];
                expect.extend(inits.iter().cloned());
                if args != expect {
                    return Err(self.err(op, "body arguments must be the index induction variable and the loop-carried values"));
                }
            }
            "affine.if" => {
                let Some(Attribute::IntegerSet(set)) = d.attr("condition") else {
                    return Err(self.err(op, "requires 'condition' attribute"));
                };
                if set.num_dims() as usize + set.num_symbols() as usize != n_in {
                    return Err(self.err(op, "operand count and condition integer set dimension and symbol count must match"));
                }
                if set.constraints().iter().any(|c| bad_divisor(&c.expr)) {
                    return Err(self.err(op, "integer set divides by a non-positive constant"));
                }
                self.check_dims_symbols(op, &d.operands, set.num_dims(), "condition")?;
                let rt = self.result_types(d);
                if d.regions.len() != 2 {
                    return Err(self.err(op, "expects a then and an else region"));
                }
                for (i, &r) in d.regions.iter().enumerate() {
                    let blocks = &self.m.regions[r].blocks;
                    if blocks.iter().any(|&b| !self.m.blocks[b].args.is_empty()) {
                        return Err(self.err(op, format!("region #{i} should have no arguments")));
                    }
                }
                if !rt.is_empty() && self.m.regions[d.regions[1]].blocks.is_empty() {
                    return Err(self.err(
                        op,
                        format!(
                            " region control flow edge from parent operands to parent results: source has 0 operands, but target successor needs {}",
                            rt.len()
                        ),
                    ));
                }
            }
            "affine.load" | "affine.vector_load" => {
                let map = self.map(op, "map")?;
                if n_in < 1 || n_out != 1 {
                    return Err(self.err(op, "expects a memref operand and one result"));
                }
                // MLIR's load and store check the element type before the
                // indexing, the vector ones after (an operand that is not a
                // memref is refused by the indexing check).
                let elem = self.ty(d.operands[0]).element_type().cloned();
                let is_memref = matches!(self.ty(d.operands[0]), Type::MemRef { .. });
                if name == "affine.load"
                    && is_memref
                    && elem.as_ref() != Some(self.ty(d.results[0]))
                {
                    return Err(self.err(op, "result type must match element type of memref"));
                }
                self.memref_access(op, d.operands[0], &map, &d.operands[1..])?;
                if name == "affine.vector_load" {
                    self.same_elemental_type(op, elem.as_ref(), d.results[0])?;
                }
            }
            "affine.store" | "affine.vector_store" => {
                let map = self.map(op, "map")?;
                if n_in < 2 || n_out != 0 {
                    return Err(self.err(op, "expects a value and a memref operand"));
                }
                let elem = self.ty(d.operands[1]).element_type().cloned();
                let is_memref = matches!(self.ty(d.operands[1]), Type::MemRef { .. });
                if name == "affine.store"
                    && is_memref
                    && elem.as_ref() != Some(self.ty(d.operands[0]))
                {
                    return Err(self.err(
                        op,
                        "value to store must have the same type as memref element type",
                    ));
                }
                self.memref_access(op, d.operands[1], &map, &d.operands[2..])?;
                if name == "affine.vector_store" {
                    self.same_elemental_type(op, elem.as_ref(), d.operands[0])?;
                }
            }
            "affine.apply" | "affine.min" | "affine.max" => {
                // The ODS constraints (the map, index operands, an index
                // result) before the op's own verifier.
                let map = self.map(op, "map")?;
                self.variadic_index_operands(op, d, 0)?;
                if let Some(&r) = d.results.first() {
                    if *self.ty(r) != Type::Index {
                        return Err(self.err(
                            op,
                            format!("result #0 must be index, but got '{}'", self.ty(r)),
                        ));
                    }
                }
                if map.num_inputs() as usize != n_in {
                    return Err(self.err(
                        op,
                        "operand count and affine map dimension and symbol count must match",
                    ));
                }
                if name == "affine.apply" && map.results().len() != 1 {
                    return Err(self.err(op, "mapping must produce one value"));
                }
                if map.results().is_empty() {
                    return Err(self.err(op, "affine map expect at least one result"));
                }
                if n_out != 1 {
                    return Err(self.err(op, "expects one index result"));
                }
                self.check_map(op, &map)?;
            }
            "affine.parallel" => {
                let lm = self.map(op, "lowerBoundsMap")?;
                let um = self.map(op, "upperBoundsMap")?;
                if (lm.num_inputs() + um.num_inputs()) as usize != n_in {
                    return Err(self.err(op, "operand count must match the bound maps' inputs"));
                }
                self.check_map(op, &lm)?;
                self.check_map(op, &um)?;
                let nl = lm.num_inputs() as usize;
                self.check_dims_symbols(op, &d.operands[..nl], lm.num_dims(), "lower bound")?;
                self.check_dims_symbols(op, &d.operands[nl..], um.num_dims(), "upper bound")?;
                if let Some(Attribute::Array(steps)) = d.attr("steps") {
                    if steps.iter().any(|s| s.as_int().map_or(true, |v| v <= 0)) {
                        return Err(self.err(op, "steps must be positive"));
                    }
                }
                let rt = self.result_types(d);
                self.check_reductions(op, d, &rt)?;
            }
            "affine.yield" => {
                // The `Terminator` trait comes before the op's own check.
                self.not_last_terminator(op)?;
                let parent = self.m.parent_op(op).map(|p| self.m.ops[p].name.as_str());
                if !matches!(parent, Some("affine.if" | "affine.for" | "affine.parallel")) {
                    return Err(self.err(op, "only terminates affine.if/for/parallel regions"));
                }
            }
            "scf.yield" => {
                // `ParentOneOf` comes before the `Terminator` trait.
                let parent = self.m.parent_op(op).map(|p| self.m.ops[p].name.as_str());
                if !matches!(
                    parent,
                    Some(
                        "scf.execute_region"
                            | "scf.for"
                            | "scf.if"
                            | "scf.index_switch"
                            | "scf.while"
                    )
                ) {
                    return Err(self.err(
                        op,
                        "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
                    ));
                }
                self.not_last_terminator(op)?;
            }
            "arith.constant" => {
                count(0, 1)?;
                if d.attr("value").is_none() {
                    return Err(self.err(op, "requires attribute 'value'"));
                }
                let rt = self.ty(d.results[0]);
                let ok = match d.attr("value") {
                    Some(Attribute::Integer { ty, .. }) | Some(Attribute::Float { ty, .. }) => {
                        ty == rt
                    }
                    Some(Attribute::DenseInt { ty, .. })
                    | Some(Attribute::DenseFloat { ty, .. })
                    | Some(Attribute::DenseResource { ty, .. }) => ty == rt,
                    Some(Attribute::Bool(_)) => *rt == Type::Integer(1),
                    _ => false,
                };
                if !ok {
                    return Err(self.err(
                        op,
                        "failed to verify that all of {value, result} have same type",
                    ));
                }
                if matches!(rt, Type::SignedInteger(_) | Type::UnsignedInteger(_)) {
                    return Err(self.err(op, "integer return type must be signless"));
                }
                let scalable =
                    matches!(rt, Type::Vector { scalable, .. } if scalable.contains(&true));
                let elements = match d.attr("value") {
                    Some(Attribute::DenseInt { values, .. }) => values.len(),
                    Some(Attribute::DenseFloat { values, .. }) => values.len(),
                    _ => 1,
                };
                if scalable && elements != 1 {
                    return Err(self.err(
                        op,
                        "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
                    ));
                }
            }
            "arith.cmpi" | "arith.cmpf" => {
                // ODS's order: the predicate, the operand and result
                // types, the result's shape, then `SameTypeOperands`.
                count(2, 1)?;
                let Some(predicate) = d.attr("predicate") else {
                    return Err(self.err(op, "requires attribute 'predicate'"));
                };
                let (last_case, good, kind): (i64, fn(&Type) -> bool, &str) =
                    if name == "arith.cmpi" {
                        (9, arith_int_like, "signless-integer-like")
                    } else {
                        (15, arith_float_like, "floating-point-like")
                    };
                let known_case = matches!(
                    predicate,
                    Attribute::Integer { value, ty: Type::Integer(64) } if (0..=last_case).contains(value)
                );
                if !known_case {
                    let cases: Vec<String> = (0..=last_case).map(|c| c.to_string()).collect();
                    return Err(self.err(
                        op,
                        format!(
                            "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: {}",
                            cases.join(", ")
                        ),
                    ));
                }
                for (k, &v) in d.operands.iter().enumerate() {
                    let t = self.ty(v);
                    if !good(t) {
                        return Err(
                            self.err(op, format!("operand #{k} must be {kind}, but got '{t}'"))
                        );
                    }
                }
                let result = self.ty(d.results[0]);
                if *arith_element(result) != Type::Integer(1) {
                    return Err(self.err(
                        op,
                        format!("result #0 must be bool-like, but got '{result}'"),
                    ));
                }
                let lhs = self.ty(d.operands[0]);
                if *result != lhs.with_element(Type::Integer(1)) {
                    return Err(self.err(
                        op,
                        "failed to verify that result type has i1 element type and same shape as operands",
                    ));
                }
                if lhs != self.ty(d.operands[1]) {
                    return Err(self.err(op, "requires all operands to have the same type"));
                }
            }
            "arith.select" => {
                count(3, 1)?;
                let cond = self.ty(d.operands[0]);
                let shape_ok = match cond {
                    Type::Integer(1) => true,
                    Type::Vector { elem, .. }
                    | Type::Tensor { elem, .. }
                    | Type::UnrankedTensor(elem)
                        if **elem == Type::Integer(1) =>
                    {
                        container_shape(self.ty(d.results[0])) == container_shape(cond)
                    }
                    _ => {
                        return Err(self.err(
                            op,
                            format!("operand #0 must be bool-like, but got '{cond}'"),
                        ))
                    }
                };
                if !shape_ok {
                    return Err(self.err(
                        op,
                        "failed to verify that condition is signless i1 or has matching shape",
                    ));
                }
                let t = self.ty(d.results[0]);
                if self.ty(d.operands[1]) != t || self.ty(d.operands[2]) != t {
                    return Err(self.err(op, "true and false values must have the result type"));
                }
                // (its `verify`: the condition's type, encoding included)
                let mask = t.with_element(Type::Integer(1));
                if *cond != Type::Integer(1) && *cond != mask {
                    return Err(self.err(op, format!("expected condition type to have the same shape as the result type, expected '{mask}', but got '{cond}'")));
                }
            }
            n if syntax::MATH_INT_UNARY.contains(&n) => {
                count(1, 1)?;
                let t = self.ty(d.operands[0]);
                if !arith_int_like(t) {
                    return Err(self.err(
                        op,
                        format!("operand #0 must be signless-integer-like, but got '{t}'"),
                    ));
                }
                if t != self.ty(d.results[0]) {
                    return Err(self.err(op, "requires the same type for all operands and results"));
                }
            }
            n if n == "arith.negf" || syntax::MATH_UNARY.contains(&n) => {
                count(1, 1)?;
                let t = self.ty(d.operands[0]);
                if !arith_float_like(t) {
                    return Err(self.err(
                        op,
                        format!("operand #0 must be floating-point-like, but got '{t}'"),
                    ));
                }
                if t != self.ty(d.results[0]) {
                    return Err(self.err(op, "requires the same type for all operands and results"));
                }
            }
            n if syntax::ARITH_EXTENDED.contains(&n) => {
                // ODS's operand and result types, `AllTypesMatch`, then
                // the `Elementwise` trait.
                count(2, 2)?;
                for (k, &v) in d.operands.iter().enumerate() {
                    let t = self.ty(v);
                    if !arith_int_like(t) {
                        return Err(self.err(
                            op,
                            format!("operand #{k} must be signless-integer-like, but got '{t}'"),
                        ));
                    }
                }
                let adds = n == "arith.addui_extended";
                for (k, &v) in d.results.iter().enumerate() {
                    let t = self.ty(v);
                    let (good, kind) = if adds && k == 1 {
                        (*arith_element(t) == Type::Integer(1), "bool-like")
                    } else {
                        (arith_int_like(t), "signless-integer-like")
                    };
                    if !good {
                        return Err(
                            self.err(op, format!("result #{k} must be {kind}, but got '{t}'"))
                        );
                    }
                }
                let t = self.ty(d.operands[0]);
                let matched: &[Value] = if adds { &d.results[..1] } else { &d.results };
                if self.ty(d.operands[1]) != t || matched.iter().any(|&r| self.ty(r) != t) {
                    let names = if adds {
                        "lhs, rhs, sum"
                    } else {
                        "lhs, rhs, low, high"
                    };
                    return Err(self.err(
                        op,
                        format!("failed to verify that all of {{{names}}} have same type"),
                    ));
                }
                self.elementwise(op, d)?;
            }
            n if syntax::MATH_TERNARY.contains(&n) => {
                count(3, 1)?;
                let t = self.ty(d.results[0]);
                if d.operands.iter().any(|&v| self.ty(v) != t) {
                    return Err(self.err(op, "requires the same type for all operands and results"));
                }
                if !arith_float_like(t) {
                    return Err(self.err(
                        op,
                        format!("operand #0 must be floating-point-like, but got '{t}'"),
                    ));
                }
            }
            n if ARITH_BINARY.contains(&n) => {
                count(2, 1)?;
                let t = self.ty(d.results[0]);
                if self.ty(d.operands[0]) != t || self.ty(d.operands[1]) != t {
                    return Err(self.err(op, "requires the same type for all operands and results"));
                }
                let float_op = n.ends_with('f') || n.starts_with("math.");
                let good = if float_op {
                    arith_float_like(t)
                } else {
                    arith_int_like(t)
                };
                if !good {
                    let kind = if float_op {
                        "floating-point-like"
                    } else {
                        "signless-integer-like"
                    };
                    return Err(self.err(op, format!("operand #0 must be {kind}, but got '{t}'")));
                }
            }
            n if ARITH_CASTS.contains(&n) => {
                count(1, 1)?;
                let (from, to) = (self.ty(d.operands[0]), self.ty(d.results[0]));
                // The operand and result kinds, in ODS's words, before
                // whether they cast.
                let fixed_int = |t: &Type| matches!(arith_element(t), Type::Integer(_));
                let float = |t: &Type| arith_element(t).is_float();
                let int_or_index =
                    |t: &Type| matches!(arith_element(t), Type::Integer(_) | Type::Index);
                const FIXED_INT: &str = "signless-fixed-width-integer-like";
                const FLOAT: &str = "floating-point-like";
                const INT_OR_INDEX: &str = "signless-integer-like or memref of signless-integer";
                type Kind<'k> = (&'k dyn Fn(&Type) -> bool, &'static str);
                let kinds: Option<(Kind, Kind)> = match n {
                    "arith.sitofp" | "arith.uitofp" => {
                        Some(((&fixed_int, FIXED_INT), (&float, FLOAT)))
                    }
                    "arith.fptosi" | "arith.fptoui" => {
                        Some(((&float, FLOAT), (&fixed_int, FIXED_INT)))
                    }
                    "arith.extf" | "arith.truncf" => Some(((&float, FLOAT), (&float, FLOAT))),
                    "arith.extsi" | "arith.extui" | "arith.trunci" => {
                        Some(((&fixed_int, FIXED_INT), (&fixed_int, FIXED_INT)))
                    }
                    "arith.index_cast" | "arith.index_castui" => {
                        Some(((&int_or_index, INT_OR_INDEX), (&int_or_index, INT_OR_INDEX)))
                    }
                    _ => None,
                };
                if let Some(((operand_ok, operand_kind), (result_ok, result_kind))) = kinds {
                    if !operand_ok(from) {
                        return Err(self.err(
                            op,
                            format!("operand #0 must be {operand_kind}, but got '{from}'"),
                        ));
                    }
                    if !result_ok(to) {
                        return Err(self.err(
                            op,
                            format!("result #0 must be {result_kind}, but got '{to}'"),
                        ));
                    }
                }
                // ODS's `SameInputOutputTensorDims`, then the
                // `SameOperandsAndResultShape` trait, before the cast rules.
                let tensor_dims = |t: &Type| match t {
                    Type::Tensor { shape, .. } => Some(shape.clone()),
                    Type::UnrankedTensor(_) => None,
                    _ => Some(Vec::new()),
                };
                if let (Some(a), Some(b)) = (tensor_dims(from), tensor_dims(to)) {
                    if a != b {
                        return Err(self.err(
                            op,
                            "failed to verify that input and output have the same tensor dimensions",
                        ));
                    }
                }
                if !same_operands_and_result_shape(&[from, to]) {
                    return Err(
                        self.err(op, "requires the same shape for all operands and results")
                    );
                }
                // Casts of vectors and tensors are elementwise, between
                // equal shapes.
                let encoding = |t: &Type| match t {
                    Type::Tensor { encoding, .. } => encoding.clone(),
                    _ => None,
                };
                let same_shape =
                    container_shape(from) == container_shape(to) && encoding(from) == encoding(to);
                let (from_elem, to_elem) = (arith_element(from).clone(), arith_element(to).clone());
                let (from, to) = (&from_elem, &to_elem);
                let w = |t: &Type| t.bit_width().unwrap_or(0);
                let ok = same_shape
                    && match n {
                        "arith.index_cast" => {
                            (*from == Type::Index && matches!(to, Type::Integer(_)))
                                || (*to == Type::Index && matches!(from, Type::Integer(_)))
                        }
                        "arith.index_castui" => {
                            (*from == Type::Index && matches!(to, Type::Integer(_)))
                                || (*to == Type::Index && matches!(from, Type::Integer(_)))
                        }
                        "arith.sitofp" | "arith.uitofp" => {
                            matches!(from, Type::Integer(_)) && to.is_float()
                        }
                        "arith.fptosi" | "arith.fptoui" => {
                            from.is_float() && matches!(to, Type::Integer(_))
                        }
                        "arith.bitcast" => {
                            let scalar = |t: &Type| t.is_float() || matches!(t, Type::Integer(_));
                            scalar(from) && scalar(to) && w(from) == w(to)
                        }
                        "arith.extf" => from.is_float() && to.is_float() && w(from) < w(to),
                        "arith.truncf" => from.is_float() && to.is_float() && w(from) > w(to),
                        "arith.extsi" | "arith.extui" => {
                            matches!(from, Type::Integer(_))
                                && matches!(to, Type::Integer(_))
                                && w(from) < w(to)
                        }
                        _ => {
                            matches!(from, Type::Integer(_))
                                && matches!(to, Type::Integer(_))
                                && w(from) > w(to)
                        }
                    };
                if !ok {
                    return Err(self.err(
                        op,
                        format!(
                            "operand type '{}' and result type '{}' are cast incompatible",
                            self.ty(d.operands[0]),
                            self.ty(d.results[0])
                        ),
                    ));
                }
            }
            "memref.global" => {
                count(0, 0)?;
                if !matches!(d.attr("sym_name"), Some(Attribute::String(_))) {
                    return Err(self.err(op, "requires attribute 'sym_name'"));
                }
                let Some(Attribute::Type(ty)) = d.attr("type") else {
                    return Err(self.err(op, "requires attribute 'type'"));
                };
                let Some(tensor) = syntax::global_tensor_type(ty) else {
                    return Err(self.err(
                        op,
                        format!("type should be static shaped memref, but got '{ty}'"),
                    ));
                };
                match d.attr("initial_value") {
                    None | Some(Attribute::Unit) => {}
                    Some(Attribute::DenseInt { ty: init, .. })
                    | Some(Attribute::DenseFloat { ty: init, .. })
                    | Some(Attribute::DenseResource { ty: init, .. }) => {
                        if *init != tensor {
                            return Err(self.err(
                                op,
                                format!("initial value expected to be of type '{tensor}', but was of type '{init}'"),
                            ));
                        }
                    }
                    Some(other) => {
                        return Err(self.err(
                            op,
                            format!(
                            "initial value should be a unit or elements attribute, but got {other}"
                        ),
                        ))
                    }
                }
                if let Some(a) = d.attr("alignment").and_then(Attribute::as_int) {
                    if a <= 0 || !(a as u64).is_power_of_two() {
                        return Err(Diagnostic::new(
                            &self.m.file,
                            self.source,
                            d.loc,
                            format!("alignment attribute value {a} is not a power of 2"),
                        )
                        .about(op));
                    }
                }
            }
            "memref.get_global" => {
                count(0, 1)?;
                let Some(Attribute::SymbolRef(path)) = d.attr("name") else {
                    return Err(self.err(op, "requires attribute 'name'"));
                };
                let name = path.join("::");
                let global = self
                    .m
                    .global(&name)
                    .and_then(|g| match self.m.ops[g].attr("type") {
                        Some(Attribute::Type(t)) => Some(t),
                        _ => None,
                    });
                let Some(global) = global else {
                    return Err(self.err(
                        op,
                        format!("'{name}' does not reference a valid global memref"),
                    ));
                };
                let rt = self.ty(d.results[0]);
                if rt != global {
                    return Err(self.err(
                        op,
                        format!("result type '{rt}' does not match type '{global}' of the global memref @{name}"),
                    ));
                }
            }
            "memref.alloc" | "memref.alloca" => {
                match d.attr("alignment") {
                    None
                    | Some(Attribute::Integer {
                        ty: Type::Integer(64),
                        value: 0..,
                    }) => {}
                    Some(Attribute::Integer { .. }) => {
                        return Err(self.err(
                            op,
                            "attribute 'alignment' failed to satisfy constraint: 64-bit signless \
                             integer attribute whose minimum value is 0",
                        ))
                    }
                    Some(other) => return Err(self.invalid_property(d, "alignment", other)),
                }
                self.variadic_index_operands(op, d, 0)?;
                let Some(Type::MemRef { shape, layout, .. }) =
                    d.results.first().map(|&r| self.ty(r))
                else {
                    let t = self.ty(d.results[0]);
                    return Err(self.err(
                        op,
                        format!("result #0 must be memref of any type values, but got '{t}'"),
                    ));
                };
                if d.name == "memref.alloca" && !self.in_allocation_scope(op) {
                    return Err(self.err(
                        op,
                        "requires an ancestor op with AutomaticAllocationScope trait",
                    ));
                }
                let dynamic = shape
                    .iter()
                    .filter(|&&s| s == crate::types::DYNAMIC)
                    .count();
                let nsym = match layout {
                    Some(crate::types::Layout::Map(m)) => m.num_symbols() as usize,
                    // (the symbols of its map: a dynamic offset, then each
                    // dynamic stride)
                    Some(crate::types::Layout::Strided { strides, offset }) => strides
                        .iter()
                        .chain([offset])
                        .filter(|&&s| s == crate::types::DYNAMIC)
                        .count(),
                    None => 0,
                };
                // The operands split as `operandSegmentSizes` says: the
                // dynamic sizes, then the layout's symbols.
                let sizes = match d.attr("operandSegmentSizes") {
                    Some(Attribute::DenseArray { values, .. }) if values.len() == 2 => {
                        values[0].max(0) as usize
                    }
                    _ => n_in.saturating_sub(nsym),
                };
                if sizes != dynamic {
                    return Err(self.err(
                        op,
                        "dimension operand count does not equal memref dynamic dimension count",
                    ));
                }
                if n_in - sizes.min(n_in) != nsym {
                    return Err(self.err(
                        op,
                        format!(
                            "symbol operand count does not equal memref symbol count: expected {nsym}, got {}",
                            n_in - sizes.min(n_in)
                        ),
                    ));
                }
                if d.operands.iter().any(|&v| *self.ty(v) != Type::Index) {
                    return Err(self.err(op, "operands must be of index type"));
                }
            }
            "memref.load" | "memref.store" => {
                // As MLIR: operand types, then the element type trait,
                // then the op's own check of the index count.
                let base = usize::from(name == "memref.store");
                let Some(Type::MemRef { shape, elem, .. }) =
                    d.operands.get(base).map(|&v| self.ty(v))
                else {
                    return Err(self.not_ranked_memref(op, d, base));
                };
                self.variadic_index_operands(op, d, base + 1)?;
                let vt = if base == 1 {
                    self.ty(d.operands[0])
                } else {
                    self.ty(d.results[0])
                };
                if vt != &**elem {
                    let what = if base == 1 {
                        "type of 'value'"
                    } else {
                        "result type"
                    };
                    return Err(self.err(
                        op,
                        format!("failed to verify that {what} matches element type of 'memref'"),
                    ));
                }
                if n_in - base - 1 != shape.len() {
                    return Err(self.err(
                        op,
                        format!(
                            "incorrect number of indices for {}, expected {} but got {}",
                            &name[7..],
                            shape.len(),
                            n_in - base - 1
                        ),
                    ));
                }
            }
            "affine.delinearize_index" => {
                if let Some(k) = d.operands.iter().position(|&v| *self.ty(v) != Type::Index) {
                    let what = if k == 0 {
                        "operand #0 must be index"
                    } else {
                        "operand #1 must be variadic of index"
                    };
                    return Err(
                        self.err(op, format!("{what}, but got '{}'", self.ty(d.operands[k])))
                    );
                }
                for (k, &r) in d.results.iter().enumerate() {
                    if *self.ty(r) != Type::Index {
                        return Err(self.err(
                            op,
                            format!(
                                "result #{k} must be variadic of index, but got '{}'",
                                self.ty(r)
                            ),
                        ));
                    }
                }
                if n_in < 2 {
                    return Err(self.err(op, "basis should not be empty"));
                }
                if n_out != n_in - 1 {
                    return Err(self.err(op, "should return an index for each basis element"));
                }
            }
            "memref.dim" => {
                count(2, 1)?;
                let source = self.ty(d.operands[0]);
                let ranked = matches!(source, Type::MemRef { shape, .. } if !shape.is_empty());
                if !ranked && !matches!(source, Type::UnrankedMemRef { .. }) {
                    return Err(self.err(
                        op,
                        format!("operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got '{source}'"),
                    ));
                }
                for (what, t) in [
                    ("operand #1", self.ty(d.operands[1])),
                    ("result #0", self.ty(d.results[0])),
                ] {
                    if *t != Type::Index {
                        return Err(self.err(op, format!("{what} must be index, but got '{t}'")));
                    }
                }
            }
            "affine.prefetch" | "memref.prefetch" => {
                if n_out != 0 {
                    return Err(self.err(op, format!("requires 0 results, but found {n_out}")));
                }
                self.prefetch(op, d)?;
            }
            "affine.dma_start" | "affine.dma_wait" | "memref.dma_start" | "memref.dma_wait" => {
                if n_out != 0 {
                    return Err(self.err(op, format!("requires 0 results, but found {n_out}")));
                }
                match name {
                    "affine.dma_start" => self.affine_dma_start(op, d)?,
                    "affine.dma_wait" => self.affine_dma_wait(op, d)?,
                    "memref.dma_start" => self.memref_dma_start(op, d)?,
                    _ => self.memref_dma_wait(op, d)?,
                }
            }
            "memref.dealloc" => {
                count(1, 0)?;
                let t = self.ty(d.operands[0]);
                if !t.is_memref() {
                    return Err(self.err(
                        op,
                        format!(
                            "operand #0 must be ranked or unranked memref of any type values, but got '{t}'"
                        ),
                    ));
                }
            }
            "memref.cast" | "memref.copy" => {
                let (a, b) = if name == "memref.cast" {
                    count(1, 1)?;
                    (self.ty(d.operands[0]), self.ty(d.results[0]))
                } else {
                    count(2, 0)?;
                    (self.ty(d.operands[0]), self.ty(d.operands[1]))
                };
                let second = if name == "memref.cast" {
                    "result #0"
                } else {
                    "operand #1"
                };
                for (what, t) in [("operand #0", a), (second, b)] {
                    if !t.is_memref() {
                        return Err(self.err(
                            op,
                            format!("{what} must be ranked or unranked memref of any type values, but got '{t}'"),
                        ));
                    }
                }
                if name == "memref.copy" {
                    // `SameOperandsElementType`, then `SameOperandsShape`.
                    if a.element_type() != b.element_type() {
                        return Err(self.err(op, "requires the same element type for all operands"));
                    }
                    if !compatible_shapes(a, b) {
                        return Err(self.err(op, "requires the same shape for all operands"));
                    }
                } else if !memref_cast_compatible(a, b) {
                    return Err(self.err(
                        op,
                        format!("operand type '{a}' and result type '{b}' are cast incompatible"),
                    ));
                }
            }
            "scf.for" => {
                // ODS: the bounds' types, `AllTypesMatch`, one block; then
                // the terminator and the op's `verify`. The loop-carried
                // values are checked once the body is.
                if n_in < 3 {
                    return Err(self.err(op, "expects lower bound, upper bound and step"));
                }
                for k in 0..3 {
                    let t = self.ty(d.operands[k]);
                    if !matches!(t, Type::Integer(_) | Type::Index) {
                        return Err(self.err(
                            op,
                            format!(
                                "operand #{k} must be signless integer or index, but got '{t}'"
                            ),
                        ));
                    }
                }
                let t = self.ty(d.operands[0]);
                if self.ty(d.operands[1]) != t || self.ty(d.operands[2]) != t {
                    return Err(self.err(
                        op,
                        "failed to verify that all of {lowerBound, upperBound, step} have same type",
                    ));
                }
                self.single_block(op, d)?;
                if d.regions.len() != 1 || self.m.regions[d.regions[0]].blocks.len() != 1 {
                    return Err(self.err(
                        op,
                        "region #0 ('region') failed to verify constraint: region with 1 blocks",
                    ));
                }
                if n_in - 3 != d.results.len() {
                    return Err(self.err(
                        op,
                        "mismatch in number of loop-carried values and defined values",
                    ));
                }
            }
            "scf.parallel" => {
                // ODS (index bounds and steps, by `operandSegmentSizes`),
                // then the op's `verify`, before its body.
                let sizes: Vec<usize> = match d.attr("operandSegmentSizes") {
                    Some(Attribute::DenseArray { values, .. }) if values.len() == 4 => {
                        values.iter().map(|&v| v.max(0) as usize).collect()
                    }
                    _ => return Ok(()),
                };
                let bounds = sizes[0] + sizes[1] + sizes[2];
                self.variadic_index_operands_upto(op, d, bounds)?;
                let steps = &d.operands[sizes[0] + sizes[1]..bounds];
                if steps.is_empty() {
                    return Err(self.err(
                        op,
                        "needs at least one tuple element for lowerBound, upperBound and step",
                    ));
                }
                if steps
                    .iter()
                    .any(|&v| self.m.constant_int(v).is_some_and(|c| c <= 0))
                {
                    return Err(self.err(op, "constant step operand must be positive"));
                }
                let Some(&body) = d
                    .regions
                    .first()
                    .and_then(|&r| self.m.regions[r].blocks.first())
                else {
                    return Err(self.err(op, "expects body to terminate with 'scf.reduce'"));
                };
                let ivs = &self.m.blocks[body].args;
                if ivs.len() != steps.len() {
                    return Err(self.err(
                        op,
                        format!(
                            "expects the same number of induction variables: {} as bound and step values: {}",
                            ivs.len(),
                            steps.len()
                        ),
                    ));
                }
                if ivs.iter().any(|&v| *self.ty(v) != Type::Index) {
                    return Err(self.err(
                        op,
                        "expects arguments for the induction variable to be of index type",
                    ));
                }
                let last = self.m.blocks[body].ops.last().copied();
                let Some(reduce) = last.filter(|&t| self.m.ops[t].name == "scf.reduce") else {
                    let e = self.err(op, "expects body to terminate with 'scf.reduce'");
                    return Err(match last {
                        Some(t) => e.with_note(self.m.ops[t].loc, "terminator here"),
                        None => e,
                    });
                };
                let reduced = self.types_of(&self.m.ops[reduce].operands);
                let results = self.result_types(d);
                if results.len() != reduced.len() {
                    return Err(self.err(
                        op,
                        format!(
                            "expects number of results: {} to be the same as number of reductions: {}",
                            results.len(),
                            reduced.len()
                        ),
                    ));
                }
                if results.len() != sizes[3] {
                    return Err(self.err(
                        op,
                        format!(
                            "expects number of results: {} to be the same as number of initial values: {}",
                            results.len(),
                            sizes[3]
                        ),
                    ));
                }
                if let Some(i) = (0..results.len()).find(|&i| results[i] != reduced[i]) {
                    return Err(self.err(
                        reduce,
                        format!(
                            "expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                            reduced[i], results[i]
                        ),
                    ));
                }
            }
            "scf.reduce" => {
                if self.m.parent_op(op).map(|p| self.m.ops[p].name.as_str()) != Some("scf.parallel")
                {
                    return Err(self.err(op, "expects parent op 'scf.parallel'"));
                }
                self.not_last_terminator(op)?;
                if d.regions.len() != n_in {
                    return Err(self.err(op, "expects one reduction region per operand"));
                }
            }
            "scf.reduce.return" => {
                count(1, 0)?;
                let parent = self.m.parent_op(op);
                if parent.map(|p| self.m.ops[p].name.as_str()) != Some("scf.reduce") {
                    return Err(self.err(op, "expects parent op 'scf.reduce'"));
                }
                self.not_last_terminator(op)?;
                let block = d.parent.map(|b| &self.m.blocks[b]);
                let expected = block.and_then(|b| b.args.first()).map(|&a| self.ty(a));
                let got = self.ty(d.operands[0]);
                if let Some(expected) = expected.filter(|&t| t != got) {
                    return Err(self.err(
                        op,
                        format!("must have type '{expected}' (the type of the reduction inputs)"),
                    ));
                }
            }
            "scf.while" => self.scf_while(op, d)?,
            "scf.condition" => {
                if self.m.parent_op(op).map(|p| self.m.ops[p].name.as_str()) != Some("scf.while") {
                    return Err(self.err(op, "expects parent op 'scf.while'"));
                }
                match d.operands.first().map(|&c| self.ty(c)) {
                    Some(Type::Integer(1)) => {}
                    Some(t) => {
                        return Err(self.err(
                            op,
                            format!("operand #0 must be 1-bit signless integer, but got '{t}'"),
                        ))
                    }
                    None => return Err(self.err(op, "expected 1 or more operands, but found 0")),
                }
            }
            "scf.if" => {
                // ODS, the terminator, `NoRegionArguments`, then the op's
                // `verify`; the yielded values are checked once the
                // regions are.
                let cond = self.ty(d.operands[0]);
                if *cond != Type::Integer(1) {
                    return Err(self.err(
                        op,
                        format!("operand #0 must be 1-bit signless integer, but got '{cond}'"),
                    ));
                }
                for (i, &r) in d.regions.iter().enumerate() {
                    let first = self.m.regions[r].blocks.first();
                    if first.is_some_and(|&b| !self.m.blocks[b].args.is_empty()) {
                        return Err(self.err(op, format!("region #{i} should have no arguments")));
                    }
                }
                if !d.results.is_empty()
                    && d.regions
                        .get(1)
                        .map_or(true, |&r| self.m.regions[r].blocks.is_empty())
                {
                    return Err(self.err(op, "must have an else block if defining values"));
                }
            }
            n if crate::vector::VECTOR_OPS.contains(&n) => self.vector_op(op, d)?,
            n if syntax::VIEW_SYNTAX_OPS.contains(&n) => self.view_op(op, d)?,
            n if syntax::TENSOR_OPS.contains(&n) => self.tensor_op(op, d)?,
            "vector.print" => {
                if n_in > 1 {
                    return Err(self.err(op, format!("expected 0 or 1 operands, but found {n_in}")));
                }
                if let Some(&v) = d.operands.first() {
                    let ty = self.ty(v);
                    let scalar = ty.is_any_integer() || *ty == Type::Index || ty.is_float();
                    if !(scalar || matches!(ty, Type::Vector { .. })) {
                        return Err(self.err(op, format!("operand #0 must be , but got '{ty}'")));
                    }
                }
                let newline = Attribute::Opaque("vector.punctuation<newline>".into());
                let punctuation = d.attr("punctuation");
                if let Some(p) = punctuation {
                    let known = matches!(p, Attribute::Opaque(p) if p
                        .strip_prefix("vector.punctuation<")
                        .and_then(|p| p.strip_suffix('>'))
                        .is_some_and(|p| syntax::PRINT_PUNCTUATIONS.contains(&p)));
                    if !known {
                        return Err(self.err(
                            op,
                            "attribute 'punctuation' failed to satisfy constraint: Punctuation for separating vectors or vector elements",
                        ));
                    }
                }
                match d.attr("stringLiteral") {
                    None => {}
                    Some(Attribute::String(_))
                        if n_in > 0 || punctuation.is_some_and(|p| *p != newline) =>
                    {
                        return Err(self.err(
                            op,
                            "failed to verify that `source` or `punctuation` are not set when printing strings",
                        ));
                    }
                    Some(Attribute::String(_)) => {}
                    Some(_) => {
                        return Err(self.err(
                            op,
                            "attribute 'stringLiteral' failed to satisfy constraint: An Attribute containing a string",
                        ))
                    }
                }
            }
            _ => {
                if syntax::is_known(name) {
                    return Err(self.err(op, "is not verified"));
                }
            }
        }
        Ok(())
    }

    fn not_last_terminator(&self, op: OpId) -> Result<(), Diagnostic> {
        if let Some(b) = self.m.ops[op].parent {
            if self.m.blocks[b].ops.last() != Some(&op) {
                return Err(self.err(op, "must be the last operation in the parent block"));
            }
        }
        Ok(())
    }
}

fn sym_name(d: &OpData) -> String {
    match d.attr("sym_name") {
        Some(Attribute::String(s)) => s.clone(),
        _ => String::new(),
    }
}
