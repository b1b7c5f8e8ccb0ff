//! From a SCoP and new schedules to IR: the statements' domains and
//! schedules go to the polyhedra scanner of `tessera-polyhedral`
//! (`scan::generate`), and its AST becomes `affine.for` (bounds as `max`
//! / `min` maps, steps), `affine.if` and copies of each statement — its
//! store and the loads and pure ops computing the stored value — with the
//! old induction variables replaced by `affine.apply`s of the iteration
//! the AST gives. The new code takes the place of the SCoP's last nest;
//! the old nests are removed.

use std::collections::{HashMap, HashSet};

use tessera_affine::{AffineExpr, AffineMap, Constraint, ExprKind, IntegerSet};
use tessera_ir::{Attribute, BlockId, Location, Module, OpId, Value};
use tessera_polyhedral::scan::{
    generate, split_full_tiles, AstNode, ScanProblem, ScanStatement, TileDim,
};
use tessera_polyhedral::{Int, IntegerRelation, VarKind};

use super::{FunctionModel, Scop};
use crate::dependence::domain_pieces;
use crate::loops::{create_apply, create_for, Bound};

/// How the code generator shapes the code it generates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodegenOptions {
    /// Separate full tiles from partial ones: the tiles of a band (the
    /// schedule's `floordiv` results) that lie entirely inside a
    /// statement's domain get loops of their own, bounded by the tile
    /// alone (isl's `separate` on the tile band).
    pub separate_full_tiles: bool,
}

/// Replaces the code of `scop` by code running its statements in the
/// order of `schedules` (one per statement; legality is the caller's,
/// see [`super::check_schedule`]). `Err` leaves the module unchanged.
pub fn generate_scop(
    module: &mut Module,
    model: &FunctionModel,
    scop: &Scop,
    schedules: &[AffineMap],
) -> Result<(), String> {
    generate_scop_with(module, model, scop, schedules, CodegenOptions::default())
}

/// [`generate_scop`] with options.
pub fn generate_scop_with(
    module: &mut Module,
    model: &FunctionModel,
    scop: &Scop,
    schedules: &[AffineMap],
    options: CodegenOptions,
) -> Result<(), String> {
    let num_symbols = model.num_symbols(scop);
    let mut statements = Vec::new();
    // A statement under `else` blocks has a union domain: one scanned
    // statement per disjoint piece, all copies of the same statement (and
    // so are its full and partial tiles).
    let mut origin = Vec::new();
    for (k, (s, m)) in scop.statements.iter().zip(schedules).enumerate() {
        for domain in domain_pieces(&s.write).map_err(|e| format!("S{k}: {e}"))? {
            let pieces = scan_statements(domain, m.results(), s.depth(), num_symbols, options)
                .map_err(|e| format!("S{k}: {e}"))?;
            for statement in pieces {
                statements.push(statement.with_code(k));
                origin.push(k);
            }
        }
    }
    let problem = ScanProblem::new(num_symbols, statements).with_innermost_separation();
    let ast = generate(&problem).map_err(|e| e.to_string())?;
    let anchor = *scop
        .ops
        .iter()
        .rev()
        .find(|&&o| !super::is_pure(&module.ops[o].name))
        .ok_or("the SCoP has no nest")?;
    let block = module.ops[anchor].parent.ok_or("the SCoP is detached")?;
    let loc = module.ops[anchor].loc;
    let positions = textual_positions(module, &scop.ops);
    let mut emitter = Emitter {
        model,
        scop,
        block,
        positions,
        loc,
        ivs: vec![None; ast.num_dims],
        out: Vec::new(),
        origin,
    };
    emitter.nodes(module, &ast.body)?;
    let index = module.blocks[block]
        .ops
        .iter()
        .position(|&o| o == anchor)
        .ok_or("the SCoP's last nest is not in its block")?;
    let new_ops = std::mem::take(&mut emitter.out);
    module.insert_ops(block, index, &new_ops);
    for &op in &scop.ops {
        if !super::is_pure(&module.ops[op].name) {
            module.erase_op(op);
        }
    }
    Ok(())
}

/// A statement's domain and schedule results as a scanner statement. The
/// results are flattened over (iteration dims, symbols); each division
/// they use (`floordiv`/`mod` by a constant, e.g. a tile coordinate
/// `(d0 + d1) floordiv 32`) becomes one more dim of the domain, defined by
/// `0 ≤ dividend − divisor·q ≤ divisor − 1`, so the rows stay integer.
/// The extra dims come after the iteration dims; the code generator only
/// reads back the first `dims`.
///
/// With full-tile separation, a statement whose schedule tiles all its
/// dims (one `h floordiv size` result per iteration dim, the `h`
/// independent) is split into its full tiles and its partial ones, all
/// separated at the tile dims.
fn scan_statements(
    mut domain: IntegerRelation,
    results: &[AffineExpr],
    dims: usize,
    symbols: usize,
    options: CodegenOptions,
) -> Result<Vec<ScanStatement>, String> {
    let mut flattener = tessera_affine::flatten::Flattener::new(dims as u32, symbols as u32);
    let mut rows = results
        .iter()
        .map(|e| {
            flattener
                .flatten(e)
                .map_err(|err| format!("cannot flatten schedule result {e}: {err:?}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let locals = flattener.locals().to_vec();
    let q = locals.len();
    let width = dims + symbols + q + 1;
    for row in &mut rows {
        tessera_affine::flatten::pad_row(row, width);
    }
    // From (dims, symbols, locals, constant) to the scanner's columns
    // (dims, divisions as dims, symbols, constant).
    let reorder = |row: &[i64]| -> Vec<i64> {
        let mut out = Vec::with_capacity(width);
        out.extend_from_slice(&row[..dims]);
        out.extend_from_slice(&row[dims + symbols..dims + symbols + q]);
        out.extend_from_slice(&row[dims..dims + symbols]);
        out.push(row[width - 1]);
        out
    };
    if q > 0 {
        domain
            .insert_vars(VarKind::Range, dims, q)
            .map_err(|e| e.to_string())?;
        let rel_width = domain.num_cols();
        let to_relation = |row: &[i64]| -> Vec<Int> {
            // The scanner's columns, then the domain's own locals (zero).
            let mut out: Vec<Int> = row[..row.len() - 1].iter().map(|&a| Int::from(a)).collect();
            out.resize(rel_width - 1, Int::ZERO);
            out.push(Int::from(row[row.len() - 1]));
            out
        };
        for (i, local) in locals.iter().enumerate() {
            let Some((dividend, divisor)) = &local.division else {
                return Err(format!(
                    "schedule result term {} is not a division by a constant",
                    local.expr
                ));
            };
            let mut dividend = dividend.clone();
            tessera_affine::flatten::pad_row(&mut dividend, width);
            let mut lower = reorder(&dividend);
            lower[dims + i] -= divisor;
            let mut upper: Vec<i64> = lower.iter().map(|a| -a).collect();
            *upper.last_mut().expect("rows end with a constant") += divisor - 1;
            domain
                .add_inequality_int(to_relation(&lower))
                .map_err(|e| e.to_string())?;
            domain
                .add_inequality_int(to_relation(&upper))
                .map_err(|e| e.to_string())?;
        }
    }
    let schedule: Vec<Vec<i64>> = rows.iter().map(|r| reorder(r)).collect();
    if options.separate_full_tiles {
        if let Some((tiles, band)) = tile_band(&flattener, &schedule, dims, symbols, width) {
            if let Some((full, partial)) =
                split_full_tiles(&domain, dims, &tiles).map_err(|e| e.to_string())?
            {
                return Ok(std::iter::once(full)
                    .chain(partial)
                    .map(|d| ScanStatement::new(d, schedule.clone()).with_separation(band.clone()))
                    .collect());
            }
        }
    }
    Ok(vec![ScanStatement::new(domain, schedule)])
}

/// The tile dims of a statement's schedule: each division of the
/// flattened results whose dividend is affine in the iteration dims and
/// symbols and which is a schedule row by itself, with the range of rows
/// they span. `None` unless there is one per iteration dim.
fn tile_band(
    flattener: &tessera_affine::flatten::Flattener,
    schedule: &[Vec<i64>],
    dims: usize,
    symbols: usize,
    width: usize,
) -> Option<(Vec<TileDim>, std::ops::Range<usize>)> {
    let mut tiles = Vec::new();
    let mut rows = Vec::new();
    for (i, local) in flattener.locals().iter().enumerate() {
        let Some((dividend, divisor)) = &local.division else {
            continue;
        };
        let mut dividend = dividend.clone();
        tessera_affine::flatten::pad_row(&mut dividend, width);
        if dividend[dims + symbols..width - 1].iter().any(|&a| a != 0) {
            continue;
        }
        let Some(row) = schedule.iter().position(|r| {
            r.iter()
                .enumerate()
                .all(|(c, &a)| a == i64::from(c == dims + i))
        }) else {
            continue;
        };
        let mut hyperplane = dividend[..dims + symbols].to_vec();
        hyperplane.push(dividend[width - 1]);
        tiles.push(TileDim {
            dim: dims + i,
            hyperplane,
            size: *divisor,
        });
        rows.push(row);
    }
    let (&first, &last) = (rows.iter().min()?, rows.iter().max()?);
    (tiles.len() == dims).then_some((tiles, first..last + 1))
}

struct Emitter<'a> {
    model: &'a FunctionModel,
    scop: &'a Scop,
    /// The block holding the SCoP.
    block: BlockId,
    /// Every op of the SCoP by its place in textual order.
    positions: HashMap<OpId, usize>,
    loc: Location,
    /// The induction variable of each AST dim that is a loop here.
    ivs: Vec<Option<Value>>,
    /// Top-level ops created (the caller inserts them).
    out: Vec<OpId>,
    /// The SCoP statement of each scanned statement.
    origin: Vec<usize>,
}

impl Emitter<'_> {
    /// A map of `exprs` over the enclosing loops (as dims) and the symbols,
    /// with its operands.
    fn bound(&self, exprs: &[AffineExpr]) -> Result<Bound, String> {
        let mut used: Vec<usize> = Vec::new();
        let mut dim_repl = Vec::with_capacity(self.ivs.len());
        for (d, iv) in self.ivs.iter().enumerate() {
            if exprs.iter().any(|e| e.is_function_of_dim(d as u32)) {
                if iv.is_none() {
                    return Err(format!("bound uses d{d}, which is no enclosing loop"));
                }
                dim_repl.push(AffineExpr::dim(used.len() as u32));
                used.push(d);
            } else {
                dim_repl.push(AffineExpr::constant(0));
            }
        }
        // The function's symbols stay symbols; the induction variables of
        // the loops around the SCoP (its last symbols) are dims of the map,
        // as MLIR requires of a loop's induction variable.
        let ns = self.model.symbols.len() as u32;
        let mut operands: Vec<Value> = used.iter().filter_map(|&d| self.ivs[d]).collect();
        let mut sym_repl: Vec<AffineExpr> = (0..ns).map(AffineExpr::symbol).collect();
        for (j, &iv) in self.scop.outer_ivs.iter().enumerate() {
            let position = ns + j as u32;
            if exprs.iter().any(|e| e.is_function_of_symbol(position)) {
                sym_repl.push(AffineExpr::dim(operands.len() as u32));
                operands.push(iv);
            } else {
                sym_repl.push(AffineExpr::constant(0));
            }
        }
        let results = exprs
            .iter()
            .map(|e| e.replace_dims_and_symbols(&dim_repl, &sym_repl))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let map = AffineMap::new(operands.len() as u32, ns, results).map_err(|e| e.to_string())?;
        operands.extend(&self.model.symbols);
        Ok(Bound { map, operands })
    }

    fn nodes(&mut self, module: &mut Module, nodes: &[AstNode]) -> Result<(), String> {
        for n in nodes {
            let op = match n {
                AstNode::For(f) => {
                    let lower = self.bound(&f.lower)?;
                    let upper: Vec<AffineExpr> = f.upper.iter().map(|e| e.clone() + 1).collect();
                    let upper = self.bound(&upper)?;
                    let (op, body) = create_for(module, &lower, &upper, f.step, &[], self.loc);
                    let iv = module.blocks[body].args[0];
                    self.ivs[f.dim] = Some(iv);
                    self.nested(module, body, &f.body)?;
                    self.ivs[f.dim] = None;
                    op
                }
                AstNode::If(g) => {
                    let exprs: Vec<AffineExpr> =
                        g.conditions.iter().map(|c| c.expr.clone()).collect();
                    let bound = self.bound(&exprs)?;
                    let constraints: Vec<Constraint> = g
                        .conditions
                        .iter()
                        .zip(bound.map.results())
                        .map(|(c, e)| Constraint {
                            expr: e.clone(),
                            kind: c.kind,
                        })
                        .collect();
                    let set =
                        IntegerSet::new(bound.map.num_dims(), bound.map.num_symbols(), constraints)
                            .map_err(|e| e.to_string())?;
                    let op = module.create_op("affine.if", &bound.operands, &[], self.loc);
                    module.set_attr(op, "condition", Attribute::IntegerSet(set));
                    let then = module.add_region(op);
                    let body = module.add_block(then, &[], self.loc);
                    let terminator = module.create_op("affine.yield", &[], &[], self.loc);
                    module.append_op(body, terminator);
                    module.add_region(op);
                    self.nested(module, body, &g.then)?;
                    op
                }
                AstNode::Stmt(s) => {
                    let k = *self
                        .origin
                        .get(s.statement)
                        .ok_or("the AST names an unknown statement")?;
                    self.statement(module, k, &s.iteration)?;
                    continue;
                }
            };
            self.out.push(op);
        }
        Ok(())
    }

    /// Emits `nodes` into `body` (before its terminator).
    fn nested(
        &mut self,
        module: &mut Module,
        body: BlockId,
        nodes: &[AstNode],
    ) -> Result<(), String> {
        let saved = std::mem::take(&mut self.out);
        self.nodes(module, nodes)?;
        let ops = std::mem::replace(&mut self.out, saved);
        let at = module.blocks[body].ops.len().saturating_sub(1);
        module.insert_ops(body, at, &ops);
        Ok(())
    }

    /// A copy of statement `k` at the iteration `iteration` (expressions
    /// over the AST dims and symbols).
    fn statement(
        &mut self,
        module: &mut Module,
        k: usize,
        iteration: &[AffineExpr],
    ) -> Result<(), String> {
        let s = &self.scop.statements[k];
        let loop_ivs = statement_ivs(module, s.op);
        // The loops around the SCoP are not the statement's: they stay.
        let own_loops = &loop_ivs[loop_ivs.len().saturating_sub(s.depth())..];
        let mut map: HashMap<Value, Value> = HashMap::new();
        for (iv, e) in own_loops.iter().zip(iteration) {
            // An enclosing loop's own induction variable needs no apply.
            let own = match e.kind() {
                ExprKind::Dim(d) => self.ivs.get(*d as usize).copied().flatten(),
                _ => None,
            };
            if let Some(new_iv) = own {
                map.insert(*iv, new_iv);
                continue;
            }
            let b = self.bound(std::slice::from_ref(e))?;
            let apply = create_apply(module, b.map, &b.operands, self.loc);
            self.out.push(apply);
            map.insert(*iv, module.ops[apply].results[0]);
        }
        for op in statement_slice(module, s.op, self.block, &self.positions) {
            let copy = module.clone_op(op, &mut map);
            self.out.push(copy);
        }
        Ok(())
    }
}

/// Whether `op` is nested (at any depth) in an op of `block`.
fn is_within(module: &Module, op: OpId, block: BlockId) -> bool {
    let mut current = module.ops[op].parent;
    while let Some(b) = current {
        if b == block {
            return true;
        }
        current = module.block_parent_op(b).and_then(|p| module.ops[p].parent);
    }
    false
}

/// The induction variables of the `affine.for` loops around `op`,
/// outermost first.
fn statement_ivs(module: &Module, op: OpId) -> Vec<Value> {
    let mut ivs = Vec::new();
    let mut current = module.parent_op(op);
    while let Some(p) = current {
        if module.ops[p].name == "affine.for" {
            if let Some(&b) = module.ops[p]
                .regions
                .first()
                .and_then(|&r| module.regions[r].blocks.first())
            {
                ivs.push(module.blocks[b].args[0]);
            }
        }
        if module.ops[p].name == "func.func" {
            break;
        }
        current = module.parent_op(p);
    }
    ivs.reverse();
    ivs
}

/// Every op of the SCoP's `ops` and nested in them, by its place in
/// textual order (a statement's slice lies inside them).
fn textual_positions(module: &Module, ops: &[OpId]) -> HashMap<OpId, usize> {
    let mut all = Vec::new();
    for &op in ops {
        module.walk_from(op, &mut all);
    }
    all.into_iter().enumerate().map(|(i, o)| (o, i)).collect()
}

/// The store `op` and the ops inside the SCoP computing its operands
/// (loads and pure ops), in textual order (`positions`); values defined in
/// `block`, the SCoP's (symbols, constants, anything computed before it),
/// stay.
fn statement_slice(
    module: &Module,
    op: OpId,
    block: BlockId,
    positions: &HashMap<OpId, usize>,
) -> Vec<OpId> {
    let mut inside: HashSet<OpId> = HashSet::new();
    let mut work: Vec<Value> = module.ops[op].operands.clone();
    while let Some(v) = work.pop() {
        let Some(def) = module.defining_op(v) else {
            continue;
        };
        // Values of the SCoP's block itself stay, and so does anything
        // outside the SCoP's ops.
        if module.ops[def].parent == Some(block) || !is_within(module, def, block) {
            continue;
        }
        if inside.insert(def) {
            work.extend(module.ops[def].operands.iter().copied());
        }
    }
    inside.insert(op);
    let mut slice: Vec<OpId> = inside.into_iter().collect();
    slice.sort_by_key(|o| positions.get(o).copied().unwrap_or(usize::MAX));
    slice
}
