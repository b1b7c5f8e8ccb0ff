//! `--dump-pass-pipeline`: the pipeline written as mlir-opt 19 writes it
//! on standard error before it runs a buffer — every option of every pass
//! with its value, defaults included, in name order.
//!
//! mlir-opt nests each pass that runs on functions in its own
//! `func.func(...)` (it merges neighbours only when it runs them); so does
//! this dump, a `--pass-pipeline` too, whatever nesting it was given with.
//! tessera's own passes show the options given.
//!
//! ```
//! use tessera::cli::dump_pipeline::dump_pipeline;
//! use tessera::transforms::pipeline::PassInvocation;
//! let passes = [
//!     PassInvocation::with_options("affine-loop-tile", "tile-sizes=4,8 separate").unwrap(),
//!     PassInvocation::new("cse"),
//! ];
//! assert_eq!(
//!     dump_pipeline(&passes),
//!     "Pass Manager with 2 passes:\nbuiltin.module(func.func(affine-loop-tile{cache-size=512 \
//!      separate=true tile-size=0 tile-sizes=4,8}),cse)\n\n"
//! );
//! ```

use tessera_transforms::pipeline::PassInvocation;

use super::pass_names::{pass_class, Anchor};

/// How an option's value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `true` / `false`.
    Bool,
    /// A decimal integer.
    Int,
    /// A double, as C's `%e`.
    Float,
    /// As given.
    Text,
    /// A comma-separated list (nothing when empty).
    List,
}

use Kind::{Bool, Float, Int, List, Text};

/// Each pass's options in MLIR 19 — name, kind, default as mlir-opt
/// writes it — in name order; `None` for tessera's own passes.
fn mlir_options(flag: &str) -> Option<&'static [(&'static str, Kind, &'static str)]> {
    Some(match flag {
        "affine-parallelize" => &[
            ("max-nested", Int, "4294967295"),
            ("parallel-reductions", Bool, "false"),
        ],
        "affine-loop-tile" => &[
            ("cache-size", Int, "512"),
            ("separate", Bool, "false"),
            ("tile-size", Int, "0"),
            ("tile-sizes", List, ""),
        ],
        "affine-loop-unroll" => &[
            ("cleanup-unroll", Bool, "false"),
            ("unroll-factor", Int, "4"),
            ("unroll-full", Bool, "false"),
            ("unroll-full-threshold", Int, "1"),
            ("unroll-num-reps", Int, "1"),
            ("unroll-up-to-factor", Bool, "false"),
        ],
        "affine-loop-unroll-jam" => &[("unroll-jam-factor", Int, "4")],
        "affine-loop-normalize" => &[("promote-single-iter", Bool, "false")],
        "affine-loop-fusion" => &[
            ("fusion-compute-tolerance", Float, "3.000000e-01"),
            ("fusion-fast-mem-space", Int, "0"),
            ("fusion-local-buf-threshold", Int, "0"),
            ("fusion-maximal", Bool, "false"),
            ("mode", Text, "greedy"),
        ],
        "test-loop-fusion" => &[
            ("test-loop-fusion-dependence-check", Bool, "false"),
            ("test-loop-fusion-slice-computation", Bool, "false"),
            ("test-loop-fusion-transformation", Bool, "false"),
        ],
        "test-loop-permutation" => &[("permutation-map", List, "")],
        "canonicalize" => &[
            ("disable-patterns", List, ""),
            ("enable-patterns", List, ""),
            ("max-iterations", Int, "10"),
            ("max-num-rewrites", Int, "-1"),
            ("region-simplify", Text, "normal"),
            ("test-convergence", Bool, "false"),
            ("top-down", Bool, "true"),
        ],
        "affine-super-vectorize" => &[
            ("test-fastest-varying", List, ""),
            ("vectorize-reductions", Bool, "false"),
            ("virtual-vector-size", List, ""),
        ],
        "affine-data-copy-generate" => &[
            ("fast-mem-capacity", Int, "18446744073709551615"),
            ("fast-mem-space", Int, "1"),
            ("generate-dma", Bool, "true"),
            ("min-dma-transfer", Int, "1024"),
            ("skip-non-unit-stride-loops", Bool, "false"),
            ("slow-mem-space", Int, "0"),
            ("tag-mem-space", Int, "0"),
        ],
        "test-affine-data-copy" => &[
            ("for-memref-region", Bool, "false"),
            ("memref-filter", Bool, "false"),
        ],
        "affine-loop-invariant-code-motion"
        | "loop-invariant-code-motion"
        | "affine-simplify-structures"
        | "test-decompose-affine-ops"
        | "cse"
        | "affine-scalrep"
        | "affine-loop-coalescing"
        | "test-affine-loop-unswitch"
        | "test-affine-parametric-tile"
        | "affine-pipeline-data-transfer"
        | "math-uplift-to-fma"
        | "lower-affine"
        | "affine-expand-index-ops"
        | "test-memref-dependence-check"
        | "test-memref-bound-check" => &[],
        _ => return None,
    })
}

/// `value` as mlir-opt writes an option of `kind` (as given when it does
/// not read as that kind: the pass has refused it before this is written).
fn normalized(kind: Kind, value: Option<&str>) -> String {
    let number = |s: &str| {
        s.trim()
            .parse::<i128>()
            .map_or(s.to_string(), |n| n.to_string())
    };
    match (kind, value) {
        (Bool, None) => "true".into(),
        (Bool, Some(v)) => match v {
            "true" | "TRUE" | "True" | "1" => "true".into(),
            "false" | "FALSE" | "False" | "0" => "false".into(),
            other => other.into(),
        },
        (Int, Some(v)) => number(v),
        (Float, Some(v)) => v.trim().parse::<f64>().map_or(v.to_string(), c_exponent),
        (List, Some(v)) => v.split(',').map(number).collect::<Vec<_>>().join(","),
        (_, v) => v.unwrap_or_default().to_string(),
    }
}

/// `x` as C's `%e` writes it: `3.000000e-01`.
fn c_exponent(x: f64) -> String {
    let s = format!("{x:.6e}");
    match s.split_once('e') {
        Some((mantissa, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

/// One pass as the dump writes it.
fn pass_text(pass: &PassInvocation) -> String {
    let given = |name: &str| {
        pass.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_deref())
    };
    match mlir_options(&pass.name) {
        Some([]) => pass.name.clone(),
        Some(options) => {
            let values: Vec<String> = options
                .iter()
                .map(|&(name, kind, default)| {
                    let value = match given(name) {
                        Some(v) => normalized(kind, v),
                        None => default.to_string(),
                    };
                    if kind == List && value.is_empty() {
                        String::new()
                    } else {
                        format!("{name}={value}")
                    }
                })
                .collect();
            format!("{}{{{}}}", pass.name, values.join(" "))
        }
        None if pass.options.is_empty() => pass.name.clone(),
        None => {
            let values: Vec<String> = pass
                .options
                .iter()
                .map(|(n, v)| match v {
                    Some(v) => format!("{n}={v}"),
                    None => n.clone(),
                })
                .collect();
            format!("{}{{{}}}", pass.name, values.join(" "))
        }
    }
}

/// The `--dump-pass-pipeline` text for `passes`.
pub fn dump_pipeline(passes: &[PassInvocation]) -> String {
    let items: Vec<String> = passes
        .iter()
        .map(|pass| match pass_class(&pass.name).1 {
            Anchor::Function => format!("func.func({})", pass_text(pass)),
            Anchor::Module => pass_text(pass),
        })
        .collect();
    format!(
        "Pass Manager with {} passes:\nbuiltin.module({})\n\n",
        items.len(),
        items.join(",")
    )
}
