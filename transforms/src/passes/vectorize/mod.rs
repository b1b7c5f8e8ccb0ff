//! `--affine-super-vectorize` for one vector dimension
//! (`virtual-vector-size=N`, `test-fastest-varying`,
//! `vectorize-reductions`), with MLIR 19's choice of loops and output
//! form, and exact legality (see [`legality`]).
//!
//! In each loop nest the innermost loop that can be vectorized is: its
//! step becomes `N`, its loads and stores `vector.transfer_read` /
//! `transfer_write` of `N` lanes and its scalar ops the same ops on
//! vectors ([`rewrite`]). A loop whose trip count is not a multiple of `N`
//! keeps a scalar copy for the last iterations.
//!
//! ```
//! use tessera_transforms::passes::{affine_super_vectorize, VectorizeOptions};
//! let src = "func.func @f(%A: memref<64xf32>) {\n  affine.for %i = 0 to 64 {\n    %v = affine.load %A[%i] : memref<64xf32>\n    %w = arith.addf %v, %v : f32\n    affine.store %w, %A[%i] : memref<64xf32>\n  }\n  return\n}\n";
//! let mut m = tessera_ir::parse_and_verify("t.mlir", src).unwrap();
//! let options = VectorizeOptions { sizes: vec![8], ..Default::default() };
//! affine_super_vectorize(&mut m, &options).unwrap();
//! let text = tessera_ir::print_module(&m, &Default::default());
//! assert!(text.contains("affine.for %arg1 = 0 to 64 step 8"));
//! assert!(text.contains("vector.transfer_write"));
//! ```

mod legality;
mod rewrite;

use std::collections::HashSet;

use tessera_ir::{Module, OpId};

use super::PassRemark;
use crate::dependence::collect_accesses;
use legality::{plan, Context};

/// The options of `--affine-super-vectorize`.
#[derive(Clone, Debug, Default)]
pub struct VectorizeOptions {
    /// `virtual-vector-size`: the lanes per vector dimension.
    pub sizes: Vec<i64>,
    /// `test-fastest-varying`: for each vector dimension, the memref
    /// dimension (0 the minor one) the lanes must advance along.
    pub fastest_varying: Vec<i64>,
    /// `vectorize-reductions`: vectorize loops whose `iter_args` are
    /// reductions.
    pub reductions: bool,
}

/// Most lanes a vector may have (the interpreter's and the C back end's
/// limit).
pub const MAX_VECTOR_SIZE: i64 = 1 << 16;

/// Vectorizes the innermost vectorizable loop of each nest; the remarks
/// say why each loop left alone (but those around a vectorized one) was,
/// and which loops keep a scalar remainder (shown with `--verbose`).
/// Fails, as mlir-opt does, on sizes that are not positive and on
/// reductions with more than one vector dimension; tessera also fails on
/// more than one size (its vectors are 1-D).
pub fn affine_super_vectorize(
    module: &mut Module,
    options: &VectorizeOptions,
) -> Result<Vec<PassRemark>, String> {
    let sizes = &options.sizes;
    if sizes.is_empty() {
        return Ok(Vec::new());
    }
    if sizes.iter().any(|&s| s <= 0) {
        return Err("Vectorization factor must be greater than zero.".into());
    }
    if options.reductions && sizes.len() != 1 {
        return Err("Vectorizing reductions is supported only for 1-D vectors.".into());
    }
    if !options.fastest_varying.is_empty() && options.fastest_varying.len() != sizes.len() {
        return Err(
            "Fastest varying pattern specified with different size than the vector size.".into(),
        );
    }
    if sizes.len() > 1 {
        return Err(format!(
            "tessera vectorizes along one loop: give one virtual-vector-size, not {}",
            sizes.len()
        ));
    }
    let size = sizes[0];
    if size > MAX_VECTOR_SIZE {
        return Err(format!(
            "virtual-vector-size {size} is above tessera's limit of {MAX_VECTOR_SIZE} lanes"
        ));
    }
    let accesses = collect_accesses(module, module.top);
    let cx = Context {
        module,
        accesses: &accesses,
        size,
        fastest_varying: options.fastest_varying.first().copied(),
        reductions: options.reductions,
    };
    let loops: Vec<OpId> = module
        .walk()
        .into_iter()
        .filter(|&o| module.ops[o].name == "affine.for")
        .collect();
    let mut plans = Vec::new();
    let mut refused = Vec::new();
    let mut legal = HashSet::new();
    for &l in &loops {
        match plan(&cx, l) {
            Ok(p) => {
                legal.insert(l);
                plans.push(p);
            }
            Err(why) => refused.push((l, why)),
        }
    }
    // A loop is vectorized when no loop nested in it can be.
    let nested_legal = |l: OpId| {
        let mut inner = Vec::new();
        module.walk_from(l, &mut inner);
        inner.into_iter().skip(1).any(|o| legal.contains(&o))
    };
    let chosen: Vec<_> = plans.into_iter().filter(|p| !nested_legal(p.op)).collect();
    // Why each loop left alone was, but for the loops around a vectorized
    // one (which are never vectorized when an inner loop is).
    let chosen_ops: HashSet<OpId> = chosen.iter().map(|p| p.op).collect();
    let holds_chosen = |l: OpId| {
        let mut inner = Vec::new();
        module.walk_from(l, &mut inner);
        inner.iter().any(|o| chosen_ops.contains(o))
    };
    let mut remarks: Vec<PassRemark> = refused
        .into_iter()
        .filter(|(l, _)| !holds_chosen(*l))
        .map(|(op, why)| PassRemark {
            op,
            message: format!("loop not vectorized: {why}"),
        })
        .collect();
    for p in &chosen {
        match rewrite::vectorize(module, p, size) {
            Err(why) => remarks.push(PassRemark {
                op: p.op,
                message: format!("loop not vectorized: {why}"),
            }),
            Ok(()) if p.tail == legality::Tail::Remainder => remarks.push(PassRemark {
                op: p.op,
                message: format!(
                    "loop vectorized with a scalar remainder loop: its trip count may not be a multiple of {size}"
                ),
            }),
            Ok(()) => {}
        }
    }
    Ok(remarks)
}
