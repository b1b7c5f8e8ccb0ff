//! `--affine-loop-coalescing`: MLIR 19's `LoopCoalescing` pass on
//! `affine.for` — a band of perfectly nested loops whose bounds are known
//! before the band starts becomes one loop over the product of their trip
//! counts, and the body recovers each induction variable with `floordiv`
//! and `mod` `affine.apply`s.
//!
//! As mlir-opt does, every `affine.for` is visited in pre-order; from each,
//! the perfect nest below it is cut into bands bottom-up (the innermost
//! loop, and the outermost loop above which the bounds of every loop down
//! to it are defined), and a band is coalesced only when all its loops run
//! from 0 with step 1 (the pass does not normalize). The upper bounds are
//! computed before the band (an `affine.min` for a bound with several
//! results), multiplied in turn, and the coalesced loop runs to the
//! product.
//!
//! Two bands mlir-opt 19 breaks are left alone: a band below the outermost
//! loop whose upper bounds depend on an enclosing loop (mlir-opt's loop
//! then has a bound that is not a valid symbol and its output does not
//! verify), and a band whose inner loops carry `iter_args` (mlir-opt
//! crashes).

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::{Attribute, Location, Module, OpId, Type, Value};

use crate::canonical::is_valid_symbol;
use crate::loops::{
    create_apply, insert_before, position, replace_uses_in, set_bounds, Bound, ForLoop,
};
use crate::passes::PassRemark;

/// mlir-opt's `--affine-loop-coalescing` on every function of `module`.
pub fn affine_loop_coalescing(module: &mut Module) -> Vec<PassRemark> {
    let mut remarks = Vec::new();
    // A pre-order walk that reads each op's regions after visiting it, as
    // MLIR's walk does while the callback rewrites the visited loop.
    let mut stack = vec![module.top];
    while let Some(op) = stack.pop() {
        if module.ops[op].name == "affine.for" {
            for (band, outcome) in coalesce_nest(module, op) {
                let message = match outcome {
                    Ok(()) => "affine-loop-coalescing: band coalesced".to_string(),
                    Err(why) => format!("affine-loop-coalescing: band not coalesced: {why}"),
                };
                remarks.push(PassRemark {
                    mlir_remark: None,
                    op: band,
                    message,
                });
            }
        }
        for &r in module.ops[op].regions.iter().rev() {
            for &b in module.regions[r].blocks.iter().rev() {
                stack.extend(module.blocks[b].ops.iter().rev());
            }
        }
    }
    remarks
}

/// The perfect nest from `root` down: each loop's body is the next loop
/// and the terminator (MLIR's `getPerfectlyNestedLoops`).
fn perfect_nest(module: &Module, root: OpId) -> Vec<ForLoop> {
    let mut nest = Vec::new();
    let mut current = ForLoop::read(module, root);
    while let Some(l) = current {
        let ops = &module.blocks[l.body].ops;
        current = match ops.as_slice() {
            [inner, _] => ForLoop::read(module, *inner),
            _ => None,
        };
        nest.push(l);
    }
    nest
}

/// Whether `v` is defined outside the regions of `op`.
fn defined_above(module: &Module, v: Value, op: OpId) -> bool {
    let mut block = module.value_block(v);
    while let Some(b) = block {
        match module.block_parent_op(b) {
            Some(p) if p == op => return false,
            Some(p) => block = module.ops[p].parent,
            None => return true,
        }
    }
    true
}

/// Coalesces the bands of the perfect nest from `root` (MLIR's
/// `coalescePerfectlyNestedAffineLoops`); returns the outermost loop of
/// each band tried, and the outcome.
fn coalesce_nest(module: &mut Module, root: OpId) -> Vec<(OpId, Result<(), &'static str>)> {
    let loops = perfect_nest(module, root);
    let mut done = Vec::new();
    if loops.len() <= 1 {
        return done;
    }
    // For each loop, the outermost loop above which its operands are all
    // defined (itself if none).
    let above: Vec<usize> = loops
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let operands = &module.ops[l.op].operands;
            (0..i)
                .find(|&j| {
                    operands
                        .iter()
                        .all(|&v| defined_above(module, v, loops[j].op))
                })
                .unwrap_or(i)
        })
        .collect();
    let mut end = loops.len();
    while end > 0 {
        let mut start = 0;
        while start + 1 < end {
            let max = above[start..end].iter().copied().max().unwrap_or(start);
            if max > start {
                start += 1;
                continue;
            }
            let outcome = coalesce_band(module, &loops[start..end]);
            done.push((loops[start].op, outcome));
            break;
        }
        if start + 1 != end {
            end = start + 1;
        }
        end -= 1;
    }
    done
}

/// Why the band cannot be coalesced as mlir-opt would, if it cannot.
fn refusal(module: &Module, band: &[ForLoop]) -> Option<&'static str> {
    if band
        .iter()
        .any(|l| l.step != 1 || l.lower.as_constant() != Some(0))
    {
        return Some("not normalized");
    }
    if band[1..].iter().any(|l| !l.inits.is_empty()) {
        return Some("inner loop with iter_args");
    }
    // Constant trip counts: an empty loop would make the product negative
    // (and a divisor of the new ivs), a product past 64 bits would wrap.
    let mut product: i64 = 1;
    for l in band {
        if let Some(trip) = l.upper.as_constant() {
            if trip <= 0 {
                return Some("a loop of the band runs no iteration");
            }
            match product.checked_mul(trip) {
                Some(p) => product = p,
                None => return Some("the product of the trip counts overflows"),
            }
        }
    }
    let outermost = band[0].op;
    let top_level = module
        .parent_op(outermost)
        .is_some_and(|p| module.ops[p].name == "func.func");
    let symbolic = |l: &ForLoop| {
        l.upper.map.results().len() == 1
            && l.upper.operands.iter().all(|&v| is_valid_symbol(module, v))
    };
    if !top_level && !band.iter().all(symbolic) {
        return Some("upper bound not a valid symbol before the band");
    }
    None
}

/// Creates, before `anchor`, the value of an upper bound: `affine.apply`
/// of a single result, else `affine.min`.
fn bound_value(module: &mut Module, bound: &Bound, anchor: OpId, loc: Location) -> Value {
    let op = if bound.map.results().len() == 1 {
        create_apply(module, bound.map.clone(), &bound.operands, loc)
    } else {
        let op = module.create_op("affine.min", &bound.operands, &[Type::Index], loc);
        module.set_prop(op, "map", Attribute::AffineMap(bound.map.clone()));
        op
    };
    insert_before(module, anchor, op);
    module.ops[op].results[0]
}

/// `(d0)[s0] -> (f(d0, s0))`.
fn binary_map(f: fn(&AffineExpr, &AffineExpr) -> AffineExpr) -> AffineMap {
    let e = f(&AffineExpr::dim(0), &AffineExpr::symbol(0));
    AffineMap::new(1, 1, vec![e]).expect("one dim, one symbol")
}

fn times(d: &AffineExpr, s: &AffineExpr) -> AffineExpr {
    d.try_mul(s).expect("a symbol factor")
}

fn floordiv(d: &AffineExpr, s: &AffineExpr) -> AffineExpr {
    d.try_floor_div(s).expect("a symbol divisor")
}

fn modulo(d: &AffineExpr, s: &AffineExpr) -> AffineExpr {
    d.try_modulo(s).expect("a symbol divisor")
}

/// Coalesces `band` (MLIR's `coalesceLoops`), or says why not.
fn coalesce_band(module: &mut Module, band: &[ForLoop]) -> Result<(), &'static str> {
    if let Some(why) = refusal(module, band) {
        return Err(why);
    }
    let outer = &band[0];
    let loc = module.ops[outer.op].loc;
    // 1-2. The upper bounds, and their running product, before the band.
    let mut bounds = vec![bound_value(module, &outer.upper, outer.op, loc)];
    let mut product = bounds[0];
    for l in &band[1..] {
        let ub = bound_value(module, &l.upper, outer.op, loc);
        bounds.push(ub);
        let mul = create_apply(module, binary_map(times), &[product, ub], loc);
        insert_before(module, outer.op, mul);
        product = module.ops[mul].results[0];
    }
    let upper = Bound {
        map: AffineMap::new(0, 1, vec![AffineExpr::symbol(0)]).expect("one symbol"),
        operands: vec![product],
    };
    set_bounds(module, outer.op, &outer.lower, &upper);
    // 3. The induction variables from the innermost out: the running
    // quotient by the inner trip counts, modulo this loop's.
    let innermost = &band[band.len() - 1];
    let mut at = 0;
    let mut emit = |module: &mut Module, map: AffineMap, operands: [Value; 2]| {
        let op = create_apply(module, map, &operands, loc);
        module.insert_op(outer.body, at, op);
        at += 1;
        module.ops[op].results[0]
    };
    let mut quotient = outer.iv(module);
    let mut replace = HashMap::new();
    for idx in (1..=band.len()).rev() {
        if idx != band.len() {
            quotient = emit(module, binary_map(floordiv), [quotient, bounds[idx]]);
        }
        let iv = if idx == 1 {
            quotient
        } else {
            emit(module, binary_map(modulo), [quotient, bounds[idx - 1]])
        };
        replace.insert(band[idx - 1].iv(module), iv);
    }
    replace_uses_in(module, innermost.op, &replace);
    // 4. The innermost body replaces the second loop, moved in one splice;
    // the terminator stays behind, erased with the loop.
    let second = band[1].op;
    let terminator = innermost.terminator(module);
    let mut body = std::mem::take(&mut module.blocks[innermost.body].ops);
    if let Some(t) = terminator {
        body.pop();
        module.blocks[innermost.body].ops.push(t);
    }
    if let Some((block, index)) = position(module, second) {
        module.insert_ops(block, index, &body);
    }
    module.erase_op(second);
    Ok(())
}
