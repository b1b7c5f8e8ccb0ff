//! `--affine-simplify-structures`: every affine map and integer set of
//! the module simplified, then the `affine.for`, `affine.if` and
//! `affine.apply` ops folded and rewritten by their canonicalization
//! patterns (MLIR 19's pass, with `ExistingAndNewOps` strictness).
//!
//! Maps are simplified as MLIR's `simplifyAffineMap` does. Integer sets
//! are decided exactly by the Presburger core where MLIR's
//! `simplifyIntegerSet` stops at what its rational and GCD tests see: a
//! set without integer points becomes the canonical empty set `1 == 0`
//! (so the `affine.if` runs its `else` block or goes), a constraint the
//! others imply on integer points is dropped, and a set of constraints
//! that always hold becomes `0 == 0` (the `then` block runs
//! unconditionally). MLIR rebuilds each set from its flattened form
//! (adding the definitions of the divisions it introduces); tessera keeps
//! the constraints as written.
//!
//! ```
//! use tessera_ir::{parse_and_verify, print_module, PrintOptions};
//! use tessera_transforms::passes::affine_simplify_structures;
//!
//! let mut m = parse_and_verify("s.mlir", r#"
//! func.func @f(%m: memref<8xf32>, %v: f32) {
//!   affine.for %i = 0 to 8 {
//!     // 2i == 2k + 1 has no integer solution: the store never runs.
//!     affine.if affine_set<(d0) : ((d0 * 2) mod 4 - 1 == 0)>(%i) {
//!       affine.store %v, %m[%i] : memref<8xf32>
//!     }
//!   }
//!   return
//! }"#).unwrap();
//! affine_simplify_structures(&mut m);
//! let text = print_module(&m, &PrintOptions::default());
//! assert!(!text.contains("affine.if"));
//! assert!(!text.contains("affine.store"));
//! ```

use tessera_affine::{Constraint, IntegerSet};
use tessera_ir::{Attribute, Module};
use tessera_polyhedral::IntegerRelation;

use super::canonicalize::{fold_and_rewrite_ops, Strictness};
use super::PassRemark;

/// The most constraints a set may have for the exact redundancy test
/// (one integer program per constraint and piece of its negation).
const MAX_EXACT_CONSTRAINTS: usize = 32;

/// mlir-opt's `--affine-simplify-structures` on `module`, with exact
/// integer sets.
pub fn affine_simplify_structures(module: &mut Module) -> Vec<PassRemark> {
    let mut to_simplify = Vec::new();
    for op in module.walk() {
        for props in [true, false] {
            let list = if props {
                module.ops[op].props.clone()
            } else {
                module.ops[op].attrs.clone()
            };
            for (name, attr) in list {
                let simplified = match &attr {
                    Attribute::AffineMap(map) => Attribute::AffineMap(map.simplify()),
                    Attribute::IntegerSet(set) => Attribute::IntegerSet(simplify_set(set)),
                    _ => continue,
                };
                if simplified != attr {
                    if props {
                        module.set_prop(op, &name, simplified);
                    } else {
                        module.set_attr(op, &name, simplified);
                    }
                }
            }
        }
        if matches!(
            module.ops[op].name.as_str(),
            "affine.for" | "affine.if" | "affine.apply"
        ) {
            to_simplify.push(op);
        }
    }
    fold_and_rewrite_ops(module, &to_simplify, Strictness::ExistingAndNewOps);
    Vec::new()
}

/// `set` simplified: empty on integer points → `1 == 0`; constraints the
/// others imply dropped; none left → `0 == 0`. A set the core cannot
/// model (semi-affine) or decide is only simplified syntactically.
pub fn simplify_set(set: &IntegerSet) -> IntegerSet {
    let set = set.simplify();
    let (nd, ns) = (set.num_dims(), set.num_symbols());
    let relation = |cs: &[Constraint]| -> Option<IntegerRelation> {
        if cs.is_empty() {
            return Some(IntegerRelation::new_set(nd as usize, ns as usize));
        }
        IntegerRelation::from_integer_set(&IntegerSet::new(nd, ns, cs.to_vec()).ok()?).ok()
    };
    let Some(whole) = relation(set.constraints()) else {
        return set;
    };
    if whole.integer_emptiness() == Ok(true) {
        return IntegerSet::empty(nd, ns);
    }
    if set.constraints().len() > MAX_EXACT_CONSTRAINTS {
        return set;
    }
    let mut kept: Vec<Constraint> = set.constraints().to_vec();
    let mut i = 0;
    while i < kept.len() {
        let others: Vec<Constraint> = kept
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, c)| c.clone())
            .collect();
        let implied = kept[i].negation().into_iter().all(|n| {
            let mut with = others.clone();
            with.push(n);
            relation(&with).is_some_and(|r| r.integer_emptiness() == Ok(true))
        });
        if implied {
            kept.remove(i);
        } else {
            i += 1;
        }
    }
    if kept.is_empty() {
        return IntegerSet::universe(nd, ns);
    }
    IntegerSet::new(nd, ns, kept).unwrap_or(set)
}
