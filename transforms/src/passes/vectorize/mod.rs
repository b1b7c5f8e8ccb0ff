//! `--affine-super-vectorize` (`virtual-vector-size=N1[,N2[,N3]]`,
//! `test-fastest-varying`, `vectorize-reductions`), with MLIR 19's choice
//! of loops and output form, and exact legality (see [`legality`]).
//!
//! With one size, in each loop nest the innermost loop that can be
//! vectorized is: its step becomes `N`, its loads and stores
//! `vector.transfer_read` / `transfer_write` of `N` lanes and its scalar
//! ops the same ops on vectors ([`rewrite`]). A loop whose trip count is
//! not a multiple of `N` keeps a scalar copy for the last iterations. With
//! more sizes a loop and loops nested in it take one vector dimension
//! each, as MLIR's nested patterns match them (innermost nests first), and
//! every op in the outer loop works on vectors of all dimensions.
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

use std::collections::{HashMap, HashSet};

use tessera_ir::{Module, OpId};

use super::PassRemark;
use crate::dependence::collect_accesses;
use legality::{Along, Context, Lanes, Plan, Tail};

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

/// Most vector dimensions MLIR 19's vectorizer has patterns for; with more
/// sizes it leaves the module alone, and so does tessera.
pub const MAX_VECTOR_RANK: usize = 3;

/// Vectorizes loop nests as MLIR 19 picks them: with `N` sizes, a loop
/// taking vector dimension 0 and, nested in it, loops taking dimensions 1
/// to `N - 1` (loops between them stay scalar; sibling loops may share a
/// dimension). Nests are tried innermost first and the first that can be
/// vectorized is. The remarks say why each loop left alone (but those
/// around a vectorized one) was, and which loops keep a scalar remainder
/// (shown with `--verbose`). Fails, as mlir-opt does, on sizes that are not
/// positive and on reductions with more than one vector dimension.
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
    if sizes.len() > MAX_VECTOR_RANK {
        return Ok(Vec::new());
    }
    let lanes = sizes.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s));
    if lanes.map_or(true, |n| n > MAX_VECTOR_SIZE) {
        return Err(format!(
            "virtual-vector-size {} makes vectors of more than tessera's limit of {MAX_VECTOR_SIZE} lanes",
            sizes
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ));
    }
    let accesses = collect_accesses(module, module.top);
    let cx = Context {
        module,
        accesses: &accesses,
        reductions: options.reductions,
    };
    let levels: Vec<Along> = sizes
        .iter()
        .enumerate()
        .map(|(r, &size)| Along {
            size,
            fastest_varying: options.fastest_varying.get(r).copied(),
        })
        .collect();
    let mut matcher = Matcher {
        cx: &cx,
        levels: &levels,
        plans: HashMap::new(),
    };
    let loops = post_order_loops(module);
    // The nests found, innermost first, and MLIR's buckets of nests whose
    // roots nest in one another (at most one of each is vectorized).
    let roots: Vec<OpId> = loops
        .iter()
        .copied()
        .filter(|&l| matcher.matched(l, 0).is_some())
        .collect();
    let buckets = intersection_buckets(module, &roots);
    let mut chosen = Vec::new();
    let mut failed: HashMap<OpId, String> = HashMap::new();
    for bucket in buckets {
        for root in bucket {
            match matcher.nest(root) {
                Ok(nest) => {
                    chosen.push(nest);
                    break;
                }
                Err(why) => {
                    failed.insert(root, why);
                }
            }
        }
    }
    let mut remarks = Vec::new();
    let vectorized: HashSet<OpId> = chosen.iter().flat_map(|n| n.dims.keys().copied()).collect();
    let holds_vectorized = |l: OpId| {
        let mut inner = Vec::new();
        module.walk_from(l, &mut inner);
        inner.iter().any(|o| vectorized.contains(o))
    };
    for &l in &loops {
        if holds_vectorized(l) {
            continue;
        }
        let why = match failed.remove(&l) {
            Some(why) => why,
            None => matcher.why_not(l),
        };
        remarks.push(PassRemark {
            mlir_remark: None,
            op: l,
            message: format!("loop not vectorized: {why}"),
        });
    }
    for nest in &chosen {
        match rewrite::vectorize(module, nest) {
            Err(why) => remarks.push(PassRemark {
 mlir_remark: None,
                op: nest.root.op,
                message: format!("loop not vectorized: {why}"),
            }),
            Ok(()) if nest.root.tail == legality::Tail::Remainder => remarks.push(PassRemark {
 mlir_remark: None,
                op: nest.root.op,
                message: format!(
                    "loop vectorized with a scalar remainder loop: its trip count may not be a multiple of {}",
                    sizes[0]
                ),
            }),
            Ok(()) => {}
        }
    }
    Ok(remarks)
}

/// A loop nest to vectorize: the root's plan, the loop taking each vector
/// dimension, and how each access's lanes move along each dimension.
#[derive(Debug)]
pub struct Nest {
    /// The plan of the loop taking vector dimension 0.
    pub root: Plan,
    /// The vector dimension of each vectorized loop (the root's is 0).
    pub dims: HashMap<OpId, usize>,
    /// The vector shape.
    pub shape: Vec<i64>,
    /// For each load and store in the root, per vector dimension, how its
    /// lanes move.
    pub lanes: HashMap<OpId, Vec<Lanes>>,
}

/// MLIR's nested patterns over the loops, with tessera's exact legality
/// as the filter of each level.
struct Matcher<'a, 'm> {
    cx: &'a Context<'m>,
    levels: &'a [Along],
    /// The plan (or why there is none) of each loop for each level.
    plans: HashMap<(OpId, usize), Result<Plan, String>>,
}

impl Matcher<'_, '_> {
    fn level_plan(&mut self, l: OpId, r: usize) -> Result<&Plan, String> {
        let (cx, along) = (self.cx, self.levels[r]);
        self.plans
            .entry((l, r))
            .or_insert_with(|| legality::plan(cx, l, along))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The loops of the match of level `r` rooted at `l` with their
    /// levels: `l` and, for each deeper level, every loop nested in the
    /// previous level's that matches it (`None` when a level has none).
    fn matched(&mut self, l: OpId, r: usize) -> Option<Vec<(OpId, usize)>> {
        self.level_plan(l, r).ok()?;
        let mut out = vec![(l, r)];
        if r + 1 == self.levels.len() {
            return Some(out);
        }
        let mut inner = Vec::new();
        self.cx.module.walk_from(l, &mut inner);
        let mut any = false;
        for o in inner.into_iter().skip(1) {
            if self.cx.module.ops[o].name != "affine.for" {
                continue;
            }
            if let Some(sub) = self.matched(o, r + 1) {
                out.extend(sub);
                any = true;
            }
        }
        any.then_some(out)
    }

    /// Why `l` is in no nest: why it cannot take each vector dimension,
    /// or which dimension no loop nested in it can take.
    fn why_not(&mut self, l: OpId) -> String {
        let n = self.levels.len();
        let mut reasons: Vec<String> = Vec::new();
        for r in 0..n {
            if let Err(why) = self.level_plan(l, r) {
                if n == 1 {
                    return why;
                }
                reasons.push(format!("along vector dimension {r}: {why}"));
            }
        }
        if self.level_plan(l, 0).is_ok() {
            reasons.push(format!(
                "no loop nested in it can be vectorized along vector dimension {}",
                self.missing_level(l)
            ));
        }
        reasons.join("; ")
    }

    /// The first level no loop nested in `l` matches.
    fn missing_level(&mut self, l: OpId) -> usize {
        let mut inner = Vec::new();
        self.cx.module.walk_from(l, &mut inner);
        (1..self.levels.len())
            .find(|&r| {
                !inner.iter().skip(1).any(|&o| {
                    self.cx.module.ops[o].name == "affine.for" && self.matched(o, r).is_some()
                })
            })
            .unwrap_or(1)
    }

    /// The nest rooted at `root`, or why its loops cannot be vectorized
    /// together.
    fn nest(&mut self, root: OpId) -> Result<Nest, String> {
        let m = self.cx.module;
        let loops = self.matched(root, 0).ok_or("it no longer matches")?;
        let mut dims = HashMap::new();
        for &(l, r) in &loops {
            if dims.insert(l, r).is_some_and(|old| old != r) {
                return Err("a loop would take two vector dimensions".into());
            }
        }
        // Loops of one level must not nest (each lane of a dimension is one
        // loop's iteration).
        for &(a, ra) in &loops {
            for &(b, rb) in &loops {
                if a != b && ra == rb && m.encloses(a, b) {
                    return Err(format!(
                        "two loops nested in one another would both take vector dimension {ra}"
                    ));
                }
            }
        }
        let n = self.levels.len();
        let mut lanes: HashMap<OpId, Vec<Lanes>> = HashMap::new();
        let mut tails = Vec::new();
        for &(l, r) in &loops {
            let plan = self.level_plan(l, r)?;
            tails.push(plan.tail);
            for (&access, &how) in &plan.lanes {
                lanes
                    .entry(access)
                    .or_insert_with(|| vec![Lanes::Broadcast; n])[r] = how;
            }
        }
        if n > 1 && tails.contains(&Tail::Remainder) {
            return Err(
                "a loop's trip count may not be a multiple of its vector size, and scalar remainders are made for one vector dimension only"
                    .into(),
            );
        }
        for (&access, how) in &lanes {
            let along: Vec<usize> = how
                .iter()
                .filter_map(|h| match h {
                    Lanes::Along(k) => Some(*k),
                    Lanes::Broadcast => None,
                })
                .collect();
            if (1..along.len()).any(|i| along[..i].contains(&along[i])) {
                return Err(
                    "an access advances along one memref dimension for two vector dimensions"
                        .into(),
                );
            }
            if m.ops[access].name == "affine.store" && along.len() != n {
                return Err(
                    "a store does not move along every vector dimension (the lanes of the others would all write one element)"
                        .into(),
                );
            }
        }
        let root = self.level_plan(root, 0)?;
        let root = Plan {
            op: root.op,
            lanes: HashMap::new(),
            reductions: root.reductions.clone(),
            combiners: root.combiners.clone(),
            tail: root.tail,
        };
        Ok(Nest {
            root,
            dims,
            shape: self.levels.iter().map(|a| a.size).collect(),
            lanes,
        })
    }
}

/// The `affine.for` ops in post-order (every loop after those nested in
/// it), the order MLIR's pattern matcher finds them in.
fn post_order_loops(m: &Module) -> Vec<OpId> {
    let loops: Vec<OpId> = m
        .walk()
        .into_iter()
        .filter(|&o| m.ops[o].name == "affine.for")
        .collect();
    m.post_order(&loops)
}

/// MLIR's buckets of matches: each match joins the first bucket whose
/// root encloses it or that it encloses (then becoming its root); within a
/// bucket matches keep their order.
fn intersection_buckets(m: &Module, roots: &[OpId]) -> Vec<Vec<OpId>> {
    let mut buckets: Vec<(OpId, Vec<OpId>)> = Vec::new();
    for &r in roots {
        match buckets
            .iter_mut()
            .find(|(root, _)| m.encloses(*root, r) || m.encloses(r, *root))
        {
            Some((root, members)) => {
                if m.encloses(r, *root) {
                    *root = r;
                }
                members.push(r);
            }
            None => buckets.push((r, vec![r])),
        }
    }
    buckets.into_iter().map(|(_, members)| members).collect()
}
