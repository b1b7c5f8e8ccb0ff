//! Fused multiply-add: `--math-uplift-to-fma` (MLIR's `MathUpliftToFMA`)
//! and the contraction behind `--fp-contract`.
//!
//! `arith.addf` of an `arith.mulf` (either operand) and a value `c`
//! becomes `math.fma %a, %b, %c`: `a * b + c` with one rounding instead
//! of two. That changes results in their last bits, so MLIR's pass
//! contracts only where both ops allow it (`fastmath<contract>` or
//! `fast`), keeping the flags the two have in common; the multiply stays
//! where something else uses it. [`contract_multiply_adds`] contracts
//! every pair, flags or not — what `-ffp-contract=fast` does in a C
//! compiler, made explicit in the IR so that every executor computes the
//! same fused result.

use tessera_ir::syntax::{fastmath_attr, fastmath_flags};
use tessera_ir::{Module, OpId};

use super::canonicalize::{apply_patterns_greedily, Driver};

/// mlir-opt 19's `--math-uplift-to-fma`: every `addf` of a `mulf`, both
/// carrying the `contract` flag, becomes a `math.fma` (with the flags
/// they share), by MLIR's greedy driver (ops folded, dead ops erased).
///
/// ```
/// use tessera_ir::parser::parse_module;
/// use tessera_ir::printer::print_module;
/// use tessera_transforms::passes::math_uplift_to_fma;
/// let mut m = parse_module("t.mlir", "func.func @f(%a: f32, %b: f32, %c: f32) -> f32 {\n  %m = arith.mulf %a, %b fastmath<contract> : f32\n  %s = arith.addf %c, %m fastmath<fast> : f32\n  return %s : f32\n}\n").unwrap();
/// math_uplift_to_fma(&mut m);
/// let text = print_module(&m, &Default::default());
/// assert!(text.contains("math.fma %arg0, %arg1, %arg2 fastmath<contract> : f32"));
/// assert!(!text.contains("arith.mulf"));
/// ```
pub fn math_uplift_to_fma(module: &mut Module) {
    apply_patterns_greedily(module, uplift_contractable);
}

/// Every `addf` of a `mulf` fused into a `math.fma`, whatever their
/// fast-math flags (the result keeps the flags both had): the explicit
/// form of `-ffp-contract=fast`, for `--emit=c --fp-contract`. The
/// program's results may change in their last bits.
pub fn contract_multiply_adds(module: &mut Module) {
    apply_patterns_greedily(module, uplift_any);
}

fn uplift_contractable(d: &mut Driver, op: OpId) -> bool {
    uplift(d, op, true)
}

fn uplift_any(d: &mut Driver, op: OpId) -> bool {
    uplift(d, op, false)
}

/// MLIR's `UpliftFma` pattern on `op`; with `need_contract`, only where
/// both ops carry the `contract` flag.
fn uplift(d: &mut Driver, op: OpId, need_contract: bool) -> bool {
    let m = &*d.m;
    let add = &m.ops[op];
    if add.name != "arith.addf" || add.operands.len() != 2 || add.results.len() != 1 {
        return false;
    }
    let contracts = |o: OpId| fastmath_flags(&m.ops[o].props).contains(&"contract");
    if need_contract && !contracts(op) {
        return false;
    }
    let mul_of = |v| m.defining_op(v).filter(|&p| m.ops[p].name == "arith.mulf");
    let (mul, c) = match (mul_of(add.operands[0]), mul_of(add.operands[1])) {
        (Some(mul), _) => (mul, add.operands[1]),
        (None, Some(mul)) => (mul, add.operands[0]),
        (None, None) => return false,
    };
    if need_contract && !contracts(mul) || m.ops[mul].operands.len() != 2 {
        return false;
    }
    let mul_flags = fastmath_flags(&m.ops[mul].props);
    let shared: Vec<&str> = fastmath_flags(&add.props)
        .into_iter()
        .filter(|f| mul_flags.contains(f))
        .collect();
    let (a, b) = (m.ops[mul].operands[0], m.ops[mul].operands[1]);
    let ty = m.value_type(add.results[0]).clone();
    let loc = add.loc;
    let fma = d.m.create_op("math.fma", &[a, b, c], &[ty], loc);
    d.m.set_prop(fma, "fastmath", fastmath_attr(&shared));
    d.insert_before(op, fma);
    let result = d.m.ops[fma].results[0];
    d.replace_op(op, &[result]);
    true
}
