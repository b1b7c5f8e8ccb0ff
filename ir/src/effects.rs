//! What an op does besides computing its results: MLIR's memory-effect
//! and speculation interfaces, as the ops tessera knows implement them.
//!
//! Passes that move an op (loop-invariant code motion, hoisting) ask two
//! questions, as MLIR's `isMemoryEffectFree` and `isSpeculatable` do:
//! does the op touch memory, and may it run where it would not have run?
//! The second answer is MLIR 19's, narrowed where tessera's executors stop
//! on an op MLIR calls `Pure` (a remainder by zero, a view out of its
//! source, a tensor index out of bounds): such ops are
//! [`Speculation::WhereItWouldRun`], so a program that ran before a move
//! runs after it.
//!
//! ```
//! use tessera_ir::effects::{speculation, Speculation};
//! let m = tessera_ir::parse_module(
//!     "f.mlir",
//!     "func.func @f(%x: i32, %y: i32) -> i32 {
//!        %c3 = arith.constant 3 : i32
//!        %a = arith.divsi %x, %c3 : i32
//!        %b = arith.divsi %x, %y : i32
//!        %c = arith.remsi %x, %y : i32
//!        return %a : i32
//!      }",
//! )
//! .unwrap();
//! let named = |n: &str| -> Vec<_> {
//!     m.ops.iter().filter(|(_, o)| o.name == n).map(|(op, _)| op).collect()
//! };
//! let divs = named("arith.divsi");
//! assert_eq!(speculation(&m, divs[0]), Speculation::Always);
//! assert_eq!(speculation(&m, divs[1]), Speculation::Never);
//! let rem = named("arith.remsi")[0];
//! assert_eq!(speculation(&m, rem), Speculation::WhereItWouldRun);
//! ```

use crate::ir::VIEW_OPS;
use crate::{Attribute, Module, OpId, Type};

/// Whether an op may be executed where it would not have been.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Speculation {
    /// Not to be speculated: it may not end, or stop the program, where
    /// MLIR 19 says so too.
    Never,
    /// MLIR 19 speculates it, but tessera's executors may stop on it; it
    /// may move only where it would have run anyway (out of a loop that
    /// runs at least once).
    WhereItWouldRun,
    /// It may run anywhere its operands are available.
    Always,
}

impl Speculation {
    /// Whether an op of this speculatability may move to where it runs
    /// whenever it would have run before, and also where it would not
    /// have run unless `would_run` (say, out of a loop that surely runs).
    pub fn may_move(self, would_run: bool) -> bool {
        match self {
            Speculation::Always => true,
            Speculation::WhereItWouldRun => would_run,
            Speculation::Never => false,
        }
    }
}

/// Whether `op`, and every op nested in it, leaves memory alone (MLIR's
/// `isMemoryEffectFree`): no read, write, allocation or free, and no
/// effect tessera does not know (an unregistered op, a call).
pub fn is_memory_effect_free(m: &Module, op: OpId) -> bool {
    let d = &m.ops[op];
    let name = d.name.as_str();
    if !crate::syntax::is_known(name) {
        return false;
    }
    if has_recursive_effects(name) {
        return d.regions.iter().all(|&r| {
            m.regions[r]
                .blocks
                .iter()
                .all(|&b| m.blocks[b].ops.iter().all(|&o| is_memory_effect_free(m, o)))
        });
    }
    match name.split_once('.').map_or("", |(dialect, _)| dialect) {
        "arith" | "math" => true,
        "affine" => matches!(
            name,
            "affine.apply"
                | "affine.min"
                | "affine.max"
                | "affine.delinearize_index"
                | "affine.linearize_index"
                | "affine.yield"
        ),
        "scf" => matches!(name, "scf.yield" | "scf.condition" | "scf.reduce.return"),
        "memref" => {
            VIEW_OPS.contains(&name)
                || matches!(name, "memref.dim" | "memref.rank" | "memref.get_global")
        }
        "vector" => !matches!(
            name,
            "vector.transfer_read"
                | "vector.transfer_write"
                | "vector.load"
                | "vector.store"
                | "vector.print"
        ),
        "tensor" => true,
        _ => name == "func.constant",
    }
}

/// Region ops whose effects are those of the ops in their regions
/// (MLIR 19's `RecursiveMemoryEffects`; `scf.execute_region` is not one).
pub fn has_recursive_effects(name: &str) -> bool {
    matches!(
        name,
        "affine.for"
            | "affine.if"
            | "affine.parallel"
            | "scf.for"
            | "scf.if"
            | "scf.parallel"
            | "scf.while"
            | "scf.reduce"
            | "memref.alloca_scope"
            | "tensor.generate"
    )
}

/// Whether `op` may be executed where it would not have been (MLIR's
/// `isSpeculatable`, narrowed to what tessera's executors run without
/// stopping; see the module's documentation). A region op is as
/// speculatable as the least speculatable op in it.
pub fn speculation(m: &Module, op: OpId) -> Speculation {
    let d = &m.ops[op];
    match own_speculation(m, op) {
        Speculation::Never => Speculation::Never,
        own if d.regions.is_empty() => own,
        own => d
            .regions
            .iter()
            .flat_map(|&r| m.regions[r].blocks.iter())
            .flat_map(|&b| m.blocks[b].ops.iter())
            .map(|&o| speculation(m, o))
            .fold(own, Ord::min),
    }
}

/// The speculatability of `op` itself, not of the ops nested in it.
pub fn own_speculation(m: &Module, op: OpId) -> Speculation {
    use Speculation::{Always, Never, WhereItWouldRun};
    let d = &m.ops[op];
    let name = d.name.as_str();
    let divisor = || d.operands.get(1).and_then(|&v| m.constant_int(v));
    match name {
        // A loop of step 1 ends whatever its bounds (MLIR's
        // `RecursivelySpeculatable`); others may wrap around.
        "affine.for" => {
            if d.attr("step").and_then(Attribute::as_int) == Some(1) {
                Always
            } else {
                Never
            }
        }
        "affine.parallel" => match d.attr("steps") {
            Some(Attribute::Array(steps)) if steps.iter().all(|s| s.as_int() == Some(1)) => Always,
            _ => Never,
        },
        "scf.for" => {
            if d.operands.get(2).and_then(|&v| m.constant_int(v)) == Some(1) {
                Always
            } else {
                Never
            }
        }
        "affine.if" => Always,
        _ if has_recursive_effects(name) => Never,
        // Division: by a constant that neither is zero nor, when signed,
        // overflows. MLIR 19 calls the remainders and `floordivsi` pure.
        "arith.divui" | "arith.ceildivui" => match divisor() {
            Some(c) if c != 0 => Always,
            _ => Never,
        },
        "arith.divsi" | "arith.ceildivsi" => match divisor() {
            Some(c) if c != 0 && c != -1 => Always,
            _ => Never,
        },
        "arith.remui" => match divisor() {
            Some(c) if c != 0 => Always,
            _ => WhereItWouldRun,
        },
        "arith.remsi" | "arith.floordivsi" => match divisor() {
            Some(c) if c != 0 && c != -1 => Always,
            _ => WhereItWouldRun,
        },
        "memref.dim" | "tensor.dim" => {
            let rank = d.operands.first().and_then(|&v| m.value_type(v).rank());
            match (divisor(), rank) {
                (Some(i), Some(rank)) if usize::try_from(i).is_ok_and(|i| i < rank) => Always,
                _ => Never,
            }
        }
        "affine.apply" | "affine.min" | "affine.max" => match d.attr("map") {
            Some(Attribute::AffineMap(map)) if map.results().iter().all(|e| e.is_pure_affine()) => {
                Always
            }
            _ => WhereItWouldRun,
        },
        "affine.delinearize_index" => {
            if d.operands
                .iter()
                .skip(1)
                .all(|&v| m.constant_int(v).is_some_and(|c| c > 0))
            {
                Always
            } else {
                WhereItWouldRun
            }
        }
        "tensor.extract" | "tensor.insert" => {
            let at = usize::from(name == "tensor.insert");
            let in_bounds = match d.operands.get(at).map(|&t| m.value_type(t)) {
                Some(Type::Tensor { shape, .. }) => {
                    let indices = &d.operands[at + 1..];
                    shape.len() == indices.len()
                        && shape.iter().zip(indices).all(|(&n, &i)| {
                            m.constant_int(i)
                                .is_some_and(|i| i >= 0 && n != crate::types::DYNAMIC && i < n)
                        })
                }
                _ => false,
            };
            if in_bounds {
                Always
            } else {
                WhereItWouldRun
            }
        }
        // Dynamic positions may be out of bounds.
        "vector.extract" | "vector.extractelement" => {
            if d.operands.len() > 1 {
                WhereItWouldRun
            } else {
                Always
            }
        }
        "vector.insert" | "vector.insertelement" => {
            if d.operands.len() > 2 {
                WhereItWouldRun
            } else {
                Always
            }
        }
        // A view may not fit its source; a cast may not match its operand.
        "tensor.cast" => WhereItWouldRun,
        "tensor.empty" if !d.operands.is_empty() => WhereItWouldRun,
        "vector.transfer_read" | "vector.transfer_write" => Never,
        _ if VIEW_OPS.contains(&name) => WhereItWouldRun,
        _ if is_memory_effect_free(m, op) => Always,
        _ => Never,
    }
}
