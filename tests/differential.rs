//! A differential campaign with MLIR 19 as the independent judge.
//!
//! Random *runnable* affine programs (`transforms/tests/common/kernelgen.rs`,
//! [`random_kernel_ext`]: symbolic and iv-dependent bounds, bounds empty at
//! run time for some outer iterations, steps > 1, `affine.if` with `else`,
//! `iter_args` reductions, `mod`/`floordiv` subscripts, buffers local to the
//! kernel and allocated in loop bodies) are run through every pass
//! `tessera-opt` has, with a spread of options and a few pipelines
//! ([`CONFIGS`]), in process. For every (program, configuration) case the
//! printed result must print what the original prints under
//!
//! 1. tessera's interpreter,
//! 2. the C back end (checked code; programs are batched into one library
//!    per few dozen, functions renamed, since compiling dominates),
//! 3. `mlir-opt` 19's lowering to LLVM run by `mlir-cpu-runner` (batched
//!    the same way: one `@main` calling every program's `@main_<k>`, the
//!    output split at each `printMemrefF32`; a batch that fails is rerun
//!    program by program to find the culprit). `mlir-opt` must accept the
//!    transformed text: it is the first step of the lowering.
//!
//! The original's outputs are computed once per program (and checked
//! against each other: a disagreement there is an executor bug), and
//! transformed texts equal to another case's are run once.
//!
//! **Parallel loops in reverse.** None of the executors has a mode running
//! `affine.parallel` in another order, so the test rewrites the IR: every
//! dimension of an `affine.parallel` without reductions iterates `k` over
//! the negated range and recomputes the induction variable with an
//! `affine.apply` at the top of the body — `iv = -k`, `k` in
//! `[1 - ub, 1 - lb)` (a `min` upper bound becomes a `max` lower bound and
//! vice versa) for step 1; `iv = lb - s * k`, `k` in
//! `[1 - ceildiv(ub - lb, s), 1)` for a step `s > 1` with a single-result
//! lower bound. (A dimension with a `max` lower bound and a step > 1, or
//! carrying reductions, whose floating-point order would change, is left
//! alone and counted.) The reversed module runs in all three executors
//! too, and must print the original's output.
//!
//! Without `mlir-opt`/`mlir-cpu-runner` 19 the MLIR part prints
//! `SKIPPED: mlir-opt 19 not found (...)` and the rest still runs; without
//! a C compiler the C part is skipped the same way.
//!
//! Every failure is reported with the seed, the program's index, the
//! configuration, the program text and what differed; each distinct
//! (configuration, kind of failure) is also written to
//! `$CARGO_TARGET_TMPDIR/differential/` as a `.mlir` file with the pass
//! flags in a comment.
//!
//! Soak run (more programs, another seed):
//!
//! ```text
//! TESSERA_SOAK_CASES=20000 TESSERA_DIFF_SEED=12345 \
//!     cargo test --release -p tessera --test differential -- --nocapture
//! ```

#[path = "../transforms/tests/common/mod.rs"]
mod common;
/// Locating and running MLIR 19's tools, shared with the other tests.
#[path = "../ir/tests/common/mod.rs"]
mod mlir_tools;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use common::kernelgen::random_kernel_ext;
use common::nestgen::Rng;
use tessera::affine::{AffineExpr, AffineMap};
use tessera::backend::{compile, default_flags, CompileOptions, EmitOptions};
use tessera::ir::interp::Interpreter;
use tessera::ir::{parse_and_verify, print_module, Attribute, Module, PrintOptions, Type};
use tessera::transforms::loops::create_apply;
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::parse_pass_pipeline;

/// The pass configurations, as `--pass-pipeline` elements.
const CONFIGS: &[&str] = &[
    "affine-loop-unroll{unroll-factor=2}",
    "affine-loop-unroll{unroll-factor=3}",
    "affine-loop-unroll{unroll-factor=4}",
    "affine-loop-unroll",
    "affine-loop-unroll{unroll-factor=3 unroll-up-to-factor}",
    "affine-loop-unroll{unroll-full}",
    "affine-loop-unroll{unroll-full unroll-full-threshold=3}",
    "affine-loop-unroll{unroll-factor=3 cleanup-unroll}",
    "affine-loop-unroll{unroll-factor=2 unroll-num-reps=2}",
    "affine-loop-unroll-jam{unroll-jam-factor=2}",
    "affine-loop-unroll-jam{unroll-jam-factor=3}",
    "affine-loop-unroll-jam{unroll-jam-factor=4}",
    "affine-loop-tile{tile-size=2}",
    "affine-loop-tile{tile-sizes=3,2,4}",
    "affine-loop-tile{tile-size=3 separate}",
    "affine-loop-tile{tile-sizes=2,3 separate}",
    "affine-loop-tile{cache-size=1}",
    "affine-loop-interchange",
    "test-loop-permutation{permutation-map=1,0}",
    "test-loop-permutation{permutation-map=2,0,1}",
    "affine-loop-normalize",
    "affine-loop-normalize{promote-single-iter}",
    "affine-parallelize,affine-loop-normalize",
    "affine-loop-invariant-code-motion",
    "loop-invariant-code-motion",
    "affine-parallelize",
    "affine-parallelize{parallel-reductions}",
    "affine-parallelize{max-nested=1}",
    "affine-loop-fusion",
    "affine-loop-fusion{mode=producer}",
    "affine-loop-fusion{mode=sibling}",
    "affine-loop-fusion{fusion-maximal}",
    "tessera-optimize{l2-cache=1}",
    "tessera-optimize{l2-cache=1 unroll-jam-factor=2 parallel}",
    "affine-loop-tile{tile-size=2},affine-loop-unroll{unroll-factor=2}",
    "affine-loop-normalize,affine-loop-unroll-jam{unroll-jam-factor=2},affine-loop-invariant-code-motion",
    "affine-loop-interchange,affine-parallelize{parallel-reductions},affine-loop-unroll{unroll-factor=3}",
    "affine-loop-fusion,affine-loop-tile{tile-size=3},affine-parallelize",
    "lower-affine",
    "lower-affine,loop-invariant-code-motion",
    "affine-loop-tile{tile-size=2},affine-parallelize{parallel-reductions},lower-affine,cse",
    "affine-scalrep",
    "affine-loop-unroll{unroll-factor=2},affine-scalrep",
    "affine-loop-coalescing",
    "affine-loop-normalize,affine-loop-coalescing",
    "test-affine-loop-unswitch",
    "canonicalize",
    "affine-loop-tile{tile-size=2},canonicalize,cse",
    "affine-simplify-structures",
    "affine-data-copy-generate{generate-dma=false fast-mem-space=0}",
    "test-decompose-affine-ops",
    "affine-super-vectorize{virtual-vector-size=4 vectorize-reductions}",
    "affine-super-vectorize{virtual-vector-size=2}",
    "affine-loop-unroll{unroll-factor=2},affine-super-vectorize{virtual-vector-size=3 vectorize-reductions}",
];

/// The lowering the issue prescribes; programs with vector ops take the
/// shared test list's ([`mlir_tools::LOWERING`]: the vector dialect's
/// conversions in the order that keeps `iter_args` loops lowerable).
const LOWERING: &[&str] = &[
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-cf-to-llvm",
    "--convert-arith-to-llvm",
    "--finalize-memref-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

/// Programs per compiled library / per `mlir-cpu-runner` call.
const BATCH: usize = 40;

// ---------------------------------------------------------------------------
// Tools.

struct Mlir {
    opt: PathBuf,
    runner: PathBuf,
    libs: String,
}

impl Mlir {
    fn find() -> Option<Mlir> {
        Some(Mlir {
            opt: mlir_tools::mlir_opt()?,
            runner: mlir_tools::mlir_cpu_runner()?,
            libs: mlir_tools::runner_libs()?,
        })
    }

    /// Lowers `text` and runs its `@main`: the output, or what failed.
    fn run(&self, text: &str) -> Result<String, String> {
        let lowering = if text.contains("vector.") {
            mlir_tools::LOWERING
        } else {
            LOWERING
        };
        let (ok, lowered, err) = mlir_tools::run_tool(&self.opt, lowering, text);
        if !ok {
            return Err(format!("mlir-opt rejects it or fails to lower it:\n{err}"));
        }
        let libs = format!("-shared-libs={}", self.libs);
        let (ok, out, err) = mlir_tools::run_tool(
            &self.runner,
            &["-e", "main", "-entry-point-result=void", &libs],
            &lowered,
        );
        if !ok {
            return Err(format!("mlir-cpu-runner fails:\n{err}"));
        }
        Ok(out)
    }
}

fn have_cc() -> bool {
    let cc = std::env::var("CC")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| "cc".into());
    let program = cc.split_whitespace().next().unwrap_or("cc").to_string();
    Command::new(program).arg("--version").output().is_ok()
}

/// Checked code at `-O0` (compiling dominates; the batches are large).
fn c_options() -> CompileOptions {
    let mut flags = default_flags(false);
    flags.retain(|f| f != "-O3" && f != "-march=native");
    flags.push("-O0".into());
    CompileOptions {
        emit: EmitOptions {
            checks: true,
            openmp: false,
            ..EmitOptions::default()
        },
        flags: Some(flags),
        ..CompileOptions::default()
    }
}

// ---------------------------------------------------------------------------
// Running in process.

fn interpret(m: &Module) -> Result<String, String> {
    let mut it = Interpreter::new(m);
    it.set_iteration_budget(20_000_000);
    it.call("main", &[]).map_err(|d| d.to_string())?;
    Ok(it.output().to_string())
}

fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = e.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = e.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic)".to_string()
    }
}

/// Runs the pipeline on a copy of `m`: the result, or what failed.
fn transform(m: &Module, pipeline: &str) -> Result<Module, String> {
    let passes = parse_pass_pipeline(&format!("builtin.module(func.func({pipeline}))"))
        .map_err(|e| format!("pipeline: {e}"))?;
    let mut out = m.clone();
    for p in &passes {
        match catch_unwind(AssertUnwindSafe(|| run_pass(&mut out, p))) {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => return Err(format!("pass {} fails: {e}", p.name)),
            Err(e) => {
                return Err(format!(
                    "pass {} panics: {}",
                    p.name,
                    panic_message(e.as_ref())
                ))
            }
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// Reversing parallel loops.

fn int_array(values: &[i64]) -> Attribute {
    Attribute::Array(
        values
            .iter()
            .map(|&v| Attribute::Integer {
                value: v,
                ty: Type::Integer(64),
            })
            .collect(),
    )
}

fn groups_attr(values: &[usize]) -> Attribute {
    Attribute::DenseInt {
        ty: Type::Tensor {
            shape: vec![values.len() as i64],
            elem: Box::new(Type::Integer(32)),
            encoding: None,
        },
        values: values.iter().map(|&v| v as i64).collect(),
    }
}

fn read_groups(attr: Option<&Attribute>, n: usize) -> Vec<usize> {
    match attr {
        Some(Attribute::DenseInt { values, .. }) if values.len() == 1 && n > 1 => {
            vec![values[0].max(0) as usize; n]
        }
        Some(Attribute::DenseInt { values, .. }) => {
            values.iter().map(|&v| v.max(0) as usize).collect()
        }
        _ => vec![1; n],
    }
}

/// Rewrites every `affine.parallel` of `m` to run its iterations in
/// reverse order (see the module documentation); returns (dimensions
/// reversed, dimensions left alone).
fn reverse_parallel_loops(m: &mut Module) -> (usize, usize) {
    let (mut reversed, mut kept) = (0, 0);
    let ops: Vec<_> = m
        .walk()
        .into_iter()
        .filter(|&o| m.ops[o].name == "affine.parallel")
        .collect();
    for op in ops {
        let d = m.ops[op].clone();
        let (Some(Attribute::AffineMap(lm)), Some(Attribute::AffineMap(um))) =
            (d.attr("lowerBoundsMap"), d.attr("upperBoundsMap"))
        else {
            continue;
        };
        let Some(&region) = d.regions.first() else {
            continue;
        };
        let Some(&body) = m.regions[region].blocks.first() else {
            continue;
        };
        let ivs = m.blocks[body].args.clone();
        let n = ivs.len();
        let has_reductions =
            matches!(d.attr("reductions"), Some(Attribute::Array(a)) if !a.is_empty());
        if has_reductions {
            kept += n;
            continue;
        }
        let steps: Vec<i64> = match d.attr("steps") {
            Some(Attribute::Array(a)) => a.iter().map(|s| s.as_int().unwrap_or(1)).collect(),
            _ => vec![1; n],
        };
        let lgroups = read_groups(d.attr("lowerBoundsGroups"), n);
        let ugroups = read_groups(d.attr("upperBoundsGroups"), n);
        let (ld, ls) = (lm.num_dims(), lm.num_symbols());
        let (ud, us) = (um.num_dims(), um.num_symbols());
        let nl = (ld + ls) as usize;
        let (lops, uops) = d.operands.split_at(nl);
        // Both maps over [lb dims, ub dims | lb symbols, ub symbols].
        let dims = ld + ud;
        let syms = ls + us;
        let lsub_d: Vec<AffineExpr> = (0..ld).map(AffineExpr::dim).collect();
        let lsub_s: Vec<AffineExpr> = (0..ls).map(AffineExpr::symbol).collect();
        let usub_d: Vec<AffineExpr> = (0..ud).map(|i| AffineExpr::dim(ld + i)).collect();
        let usub_s: Vec<AffineExpr> = (0..us).map(|i| AffineExpr::symbol(ls + i)).collect();
        let Ok(lres) = lm
            .results()
            .iter()
            .map(|e| e.replace_dims_and_symbols(&lsub_d, &lsub_s))
            .collect::<Result<Vec<_>, _>>()
        else {
            continue;
        };
        let Ok(ures) = um
            .results()
            .iter()
            .map(|e| e.replace_dims_and_symbols(&usub_d, &usub_s))
            .collect::<Result<Vec<_>, _>>()
        else {
            continue;
        };
        let mut operands: Vec<_> = lops[..ld as usize].to_vec();
        operands.extend_from_slice(&uops[..ud as usize]);
        operands.extend_from_slice(&lops[ld as usize..]);
        operands.extend_from_slice(&uops[ud as usize..]);
        let (mut new_l, mut new_u) = (Vec::new(), Vec::new());
        let (mut new_lg, mut new_ug, mut new_steps) = (Vec::new(), Vec::new(), Vec::new());
        // (iv, the expression of the old iv over [k, combined dims | syms]).
        let mut applies: Vec<(usize, AffineExpr)> = Vec::new();
        let (mut li, mut ui) = (0, 0);
        let one = AffineExpr::constant(1);
        for k in 0..n {
            let lg = &lres[li..li + lgroups[k]];
            let ug = &ures[ui..ui + ugroups[k]];
            li += lgroups[k];
            ui += ugroups[k];
            let s = steps[k];
            if s == 1 {
                new_l.extend(ug.iter().map(|u| one.clone() - u.clone()));
                new_u.extend(lg.iter().map(|l| one.clone() - l.clone()));
                new_lg.push(ug.len());
                new_ug.push(lg.len());
                new_steps.push(1);
                applies.push((k, AffineExpr::dim(0) * -1));
                reversed += 1;
            } else if lg.len() == 1 {
                let l = lg[0].clone();
                new_l.extend(
                    ug.iter()
                        .map(|u| one.clone() - (u.clone() - l.clone()).ceil_div(s)),
                );
                new_u.push(one.clone());
                new_lg.push(ug.len());
                new_ug.push(1);
                new_steps.push(1);
                let shifted: Vec<AffineExpr> = (0..dims).map(|i| AffineExpr::dim(i + 1)).collect();
                let Ok(l_in_apply) = l.replace_dims_and_symbols(&shifted, &[]) else {
                    continue;
                };
                applies.push((k, l_in_apply - AffineExpr::dim(0) * s));
                reversed += 1;
            } else {
                new_l.extend(lg.iter().cloned());
                new_u.extend(ug.iter().cloned());
                new_lg.push(lg.len());
                new_ug.push(ug.len());
                new_steps.push(s);
                kept += 1;
            }
        }
        let (Ok(lmap), Ok(umap)) = (
            AffineMap::new(dims, syms, new_l),
            AffineMap::new(dims, syms, new_u),
        ) else {
            continue;
        };
        let mut all = operands.clone();
        all.extend_from_slice(&operands);
        m.ops[op].operands = all;
        m.set_prop(op, "lowerBoundsMap", Attribute::AffineMap(lmap));
        m.set_prop(op, "upperBoundsMap", Attribute::AffineMap(umap));
        m.set_prop(op, "lowerBoundsGroups", groups_attr(&new_lg));
        m.set_prop(op, "upperBoundsGroups", groups_attr(&new_ug));
        m.set_prop(op, "steps", int_array(&new_steps));
        let loc = d.loc;
        for (pos, (k, expr)) in applies.into_iter().enumerate() {
            let iv = ivs[k];
            let (map, args) = if expr.dim_count() <= 1 && expr.symbol_count() == 0 {
                (AffineMap::new(1, 0, vec![expr]).expect("map"), vec![iv])
            } else {
                let mut args = vec![iv];
                args.extend_from_slice(&operands);
                (
                    AffineMap::new(dims + 1, syms, vec![expr]).expect("map"),
                    args,
                )
            };
            let apply = create_apply(m, map, &args, loc);
            m.insert_op(body, pos, apply);
            let new_iv = m.ops[apply].results[0];
            m.replace_all_uses(iv, new_iv);
            m.ops[apply].operands[0] = iv;
        }
    }
    (reversed, kept)
}

// ---------------------------------------------------------------------------
// Batching programs into one module.

/// `text` with its functions and aliases renamed apart for program `k`
/// and the `printMemrefF32` declaration dropped.
fn renamed(text: &str, k: usize) -> String {
    let mut body: Vec<&str> = text
        .lines()
        .filter(|l| {
            !l.starts_with("  func.func private @printMemrefF32")
                && !l.starts_with("func.func private @printMemrefF32")
        })
        .collect();
    if body.first() == Some(&"module {") {
        body.remove(0);
        if body.last() == Some(&"}") {
            body.pop();
        }
    }
    let joined = body.join("\n");
    let joined = joined
        .replace("@kernel(", &format!("@kernel_{k}("))
        .replace("@main()", &format!("@main_{k}()"));
    // Aliases: `#map3` -> `#p7_map3`.
    let mut out = String::with_capacity(joined.len() + 64);
    let mut chars = joined.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '#' && chars.peek().is_some_and(|n| n.is_ascii_alphabetic()) {
            let _ = write!(out, "p{k}_");
        }
    }
    out
}

/// One module holding every program (renamed) and, with `driver`, a
/// `@main` calling each `@main_<k>` in order.
fn merged(texts: &[(usize, &str)], driver: bool) -> String {
    let mut aliases = String::new();
    let mut funcs = String::from("func.func private @printMemrefF32(memref<*xf32>)\n");
    for (k, t) in texts {
        for l in renamed(t, *k).lines() {
            if l.starts_with('#') {
                aliases.push_str(l);
                aliases.push('\n');
            } else {
                funcs.push_str(l);
                funcs.push('\n');
            }
        }
    }
    if driver {
        funcs.push_str("func.func @main() {\n");
        for (k, _) in texts {
            let _ = writeln!(funcs, "  call @main_{k}() : () -> ()");
        }
        funcs.push_str("  return\n}\n");
    }
    format!("{aliases}{funcs}")
}

/// Splits `mlir-cpu-runner`'s output into one text per program, knowing
/// how many memrefs each prints.
fn split_outputs(out: &str, counts: &[usize]) -> Option<Vec<String>> {
    let mut chunks: Vec<String> = Vec::new();
    for line in out.lines() {
        if line.starts_with("Unranked Memref") || chunks.is_empty() {
            chunks.push(String::new());
        }
        let last = chunks.last_mut()?;
        last.push_str(line);
        last.push('\n');
    }
    if chunks.len() != counts.iter().sum::<usize>() {
        return None;
    }
    let mut it = chunks.into_iter();
    Some(
        counts
            .iter()
            .map(|&c| it.by_ref().take(c).collect::<String>())
            .collect(),
    )
}

// ---------------------------------------------------------------------------
// The campaign.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Variant {
    Original,
    Transformed,
    Reversed,
}

/// A distinct text to run, and the cases it stands for.
struct Job {
    program: usize,
    variant: Variant,
    text: String,
    configs: Vec<usize>,
}

struct Failure {
    program: usize,
    config: Option<usize>,
    kind: String,
    detail: String,
}

struct Program {
    text: String,
    module: Module,
    output: String,
    prints: usize,
}

fn config_name(c: Option<usize>) -> &'static str {
    c.map_or("(none: the original program)", |c| CONFIGS[c])
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

#[test]
fn passes_agree_with_mlir_and_the_c_back_end() {
    let start = Instant::now();
    let seed = env_number("TESSERA_DIFF_SEED").unwrap_or(0xd1ff_0019);
    let wanted = env_number("TESSERA_SOAK_CASES").unwrap_or(1100) as usize;
    let num_programs = wanted.div_ceil(CONFIGS.len()).max(1);
    eprintln!(
        "differential: seed {seed:#x}, {num_programs} programs x {} configurations",
        CONFIGS.len()
    );
    let failures: Mutex<Vec<Failure>> = Mutex::new(Vec::new());
    let fail = |program: usize, config: Option<usize>, kind: &str, detail: String| {
        failures.lock().unwrap().push(Failure {
            program,
            config,
            kind: kind.to_string(),
            detail,
        });
    };

    // The programs and their outputs in the interpreter.
    let mut programs = Vec::new();
    for k in 0..num_programs {
        let mut rng = Rng(seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(k as u64 + 1));
        let text = random_kernel_ext(&mut rng);
        let module = parse_and_verify(&format!("program{k}.mlir"), &text)
            .unwrap_or_else(|e| panic!("program {k} does not verify: {e}\n{text}"));
        let output =
            interpret(&module).unwrap_or_else(|e| panic!("program {k} does not run: {e}\n{text}"));
        let prints = text.matches("call @printMemrefF32").count();
        programs.push(Program {
            text,
            module,
            output,
            prints,
        });
    }

    // Every case, in process, on two threads.
    let next = AtomicUsize::new(0);
    let jobs: Mutex<BTreeMap<(usize, Variant, String), Vec<usize>>> = Mutex::new(BTreeMap::new());
    let changed: Vec<AtomicUsize> = CONFIGS.iter().map(|_| AtomicUsize::new(0)).collect();
    let parallel_dims = AtomicUsize::new(0);
    let reversed_dims = AtomicUsize::new(0);
    let kept_dims = AtomicUsize::new(0);
    let cases = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= programs.len() * CONFIGS.len() {
                    break;
                }
                let (k, c) = (i / CONFIGS.len(), i % CONFIGS.len());
                let p = &programs[k];
                cases.fetch_add(1, Ordering::Relaxed);
                let original = print_module(&p.module, &PrintOptions::default());
                let out = match transform(&p.module, CONFIGS[c]) {
                    Ok(m) => m,
                    Err(e) => {
                        fail(k, Some(c), "pass error", e);
                        continue;
                    }
                };
                let printed = print_module(&out, &PrintOptions::default());
                // Passes also transform `@main`'s fill loops: only the
                // kernel counts as transformed.
                if kernel_text(&printed) != kernel_text(&original) {
                    changed[c].fetch_add(1, Ordering::Relaxed);
                }
                let reparsed = match parse_and_verify("transformed.mlir", &printed) {
                    Ok(m) => m,
                    Err(e) => {
                        fail(k, Some(c), "printed output does not parse", format!("{e}\n{printed}"));
                        continue;
                    }
                };
                match interpret(&reparsed) {
                    Ok(o) if o == p.output => {}
                    Ok(o) => fail(
                        k,
                        Some(c),
                        "interpreter output differs",
                        format!("--- transformed:\n{printed}--- printed:\n{o}--- expected:\n{}", p.output),
                    ),
                    Err(e) => fail(k, Some(c), "interpreter fault", format!("{e}\n--- transformed:\n{printed}")),
                }
                let mut jobs_l = jobs.lock().unwrap();
                if printed != original {
                    jobs_l
                        .entry((k, Variant::Transformed, printed.clone()))
                        .or_default()
                        .push(c);
                }
                drop(jobs_l);
                let npar = printed.matches("affine.parallel").count();
                if npar == 0 {
                    continue;
                }
                parallel_dims.fetch_add(npar, Ordering::Relaxed);
                let mut rev = reparsed.clone();
                let (r, kept) = reverse_parallel_loops(&mut rev);
                reversed_dims.fetch_add(r, Ordering::Relaxed);
                kept_dims.fetch_add(kept, Ordering::Relaxed);
                if r == 0 {
                    continue;
                }
                let rtext = print_module(&rev, &PrintOptions::default());
                let rmod = match parse_and_verify("reversed.mlir", &rtext) {
                    Ok(m) => m,
                    Err(e) => panic!("the reversed module does not verify (a test bug): {e}\n{rtext}"),
                };
                match interpret(&rmod) {
                    Ok(o) if o == p.output => {}
                    Ok(o) => fail(
                        k,
                        Some(c),
                        "output differs with parallel loops reversed (interpreter)",
                        format!("--- transformed:\n{printed}--- reversed:\n{rtext}--- printed:\n{o}--- expected:\n{}", p.output),
                    ),
                    Err(e) => fail(
                        k,
                        Some(c),
                        "interpreter fault with parallel loops reversed",
                        format!("{e}\n--- transformed:\n{printed}--- reversed:\n{rtext}"),
                    ),
                }
                jobs.lock()
                    .unwrap()
                    .entry((k, Variant::Reversed, rtext))
                    .or_default()
                    .push(c);
            });
        }
    });
    let in_process = start.elapsed();

    // The distinct texts to run in the C back end and in MLIR.
    let mut all_jobs: Vec<Job> = programs
        .iter()
        .enumerate()
        .map(|(k, p)| Job {
            program: k,
            variant: Variant::Original,
            text: p.text.clone(),
            configs: Vec::new(),
        })
        .collect();
    for ((program, variant, text), configs) in jobs.into_inner().unwrap() {
        all_jobs.push(Job {
            program,
            variant,
            text,
            configs,
        });
    }
    let job_fail = |job: &Job, kind: &str, detail: String| {
        let what = match job.variant {
            Variant::Reversed => format!("{kind} (parallel loops reversed)"),
            _ => kind.to_string(),
        };
        match job.configs.first() {
            None => fail(job.program, None, &what, detail),
            Some(&c) => fail(
                job.program,
                Some(c),
                &what,
                format!("{detail}\n--- the text run:\n{}", job.text),
            ),
        }
    };

    let mlir = Mlir::find();
    if mlir.is_none() {
        eprintln!("SKIPPED: mlir-opt 19 not found (differential: the MLIR part)");
        println!("SKIPPED: mlir-opt 19 not found (differential: the MLIR part)");
    }
    let cc = have_cc();
    if !cc {
        eprintln!("SKIPPED: no C compiler (differential: the C back end part)");
        println!("SKIPPED: no C compiler (differential: the C back end part)");
    }
    let batches: Vec<&[Job]> = all_jobs.chunks(BATCH).collect();
    let mut work: Vec<(bool, usize)> = Vec::new();
    for b in 0..batches.len() {
        if mlir.is_some() {
            work.push((true, b));
        }
        if cc {
            work.push((false, b));
        }
    }
    let next = AtomicUsize::new(0);
    let mlir_runs = AtomicUsize::new(0);
    let c_runs = AtomicUsize::new(0);
    let mlir_ms = AtomicUsize::new(0);
    let c_ms = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(is_mlir, b)) = work.get(i) else {
                    break;
                };
                let batch = batches[b];
                let batch_start = Instant::now();
                let texts: Vec<(usize, &str)> = batch
                    .iter()
                    .enumerate()
                    .map(|(j, job)| (j, job.text.as_str()))
                    .collect();
                if is_mlir {
                    let mlir = mlir.as_ref().expect("mlir");
                    let counts: Vec<usize> =
                        batch.iter().map(|j| programs[j.program].prints).collect();
                    let outs = mlir
                        .run(&merged(&texts, true))
                        .ok()
                        .and_then(|o| split_outputs(&o, &counts));
                    for (j, job) in batch.iter().enumerate() {
                        let got = match &outs {
                            Some(o) => Ok(o[j].clone()),
                            None => mlir.run(&job.text),
                        };
                        let expected = &programs[job.program].output;
                        match got {
                            Ok(o)
                                if mlir_tools::mask_addresses(&o)
                                    == mlir_tools::mask_addresses(expected) => {}
                            Ok(o) => job_fail(
                                job,
                                "mlir-cpu-runner output differs",
                                format!(
                                    "--- mlir-cpu-runner printed:\n{o}--- expected:\n{expected}"
                                ),
                            ),
                            Err(e) => job_fail(job, "mlir-opt/mlir-cpu-runner failure", e),
                        }
                        mlir_runs.fetch_add(1, Ordering::Relaxed);
                    }
                } else {
                    let opts = c_options();
                    let lib = parse_and_verify("batch.mlir", &merged(&texts, false))
                        .map_err(|e| e.to_string())
                        .and_then(|m| compile(&m, &opts).map_err(|e| e.to_string()));
                    for (j, job) in batch.iter().enumerate() {
                        let got = match &lib {
                            Ok(lib) => lib.run(&format!("main_{j}")).map_err(|e| e.to_string()),
                            Err(_) => parse_and_verify("program.mlir", &job.text)
                                .map_err(|e| e.to_string())
                                .and_then(|m| compile(&m, &opts).map_err(|e| e.to_string()))
                                .and_then(|lib| lib.run("main").map_err(|e| e.to_string())),
                        };
                        let expected = &programs[job.program].output;
                        match got {
                            Ok(o) if &o == expected => {}
                            Ok(o) => job_fail(
                                job,
                                "C back end output differs",
                                format!("--- C printed:\n{o}--- expected:\n{expected}"),
                            ),
                            Err(e) => job_fail(job, "C back end failure", e),
                        }
                        c_runs.fetch_add(1, Ordering::Relaxed);
                    }
                }
                let ms = batch_start.elapsed().as_millis() as usize;
                if is_mlir { &mlir_ms } else { &c_ms }.fetch_add(ms, Ordering::Relaxed);
            });
        }
    });

    // The report.
    let cases = cases.into_inner();
    let total_changed: usize = changed.iter().map(|c| c.load(Ordering::Relaxed)).sum();
    eprintln!(
        "differential: {cases} (program, configuration) cases, {total_changed} transformed something; \
         {} distinct texts: {} runs in mlir-cpu-runner ({:.1} s), {} in the C back end ({:.1} s); \
         {} parallel loops, {} dimensions run reversed ({} left alone); \
         in process {:.1?}, total {:.1?}",
        all_jobs.len(),
        mlir_runs.into_inner(),
        mlir_ms.into_inner() as f64 / 1000.0,
        c_runs.into_inner(),
        c_ms.into_inner() as f64 / 1000.0,
        parallel_dims.into_inner(),
        reversed_dims.load(Ordering::Relaxed),
        kept_dims.into_inner(),
        in_process,
        start.elapsed()
    );
    for (config, n) in CONFIGS.iter().zip(&changed) {
        eprintln!("  {:5} changed by {config}", n.load(Ordering::Relaxed));
    }
    let failures = failures.into_inner().unwrap();
    let mut distinct: BTreeMap<(Option<usize>, String), Vec<&Failure>> = BTreeMap::new();
    for f in &failures {
        distinct
            .entry((f.config, f.kind.clone()))
            .or_default()
            .push(f);
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("differential");
    let _ = std::fs::remove_dir_all(&dir);
    if !distinct.is_empty() {
        let _ = std::fs::create_dir_all(&dir);
    }
    let mut report = String::new();
    for (n, ((config, kind), list)) in distinct.iter().enumerate() {
        // The smallest program shows the failure best.
        let f = list
            .iter()
            .min_by_key(|f| programs[f.program].text.len())
            .expect("non-empty");
        let name = config_name(*config);
        let programs_hit: Vec<usize> = {
            let mut v: Vec<usize> = list.iter().map(|f| f.program).collect();
            v.dedup();
            v
        };
        let _ = writeln!(
            report,
            "\n=== failure {n}: {kind}\n    pass: {name}\n    seed {seed:#x}, {} cases, programs {:?}\n    reproduce: tessera-opt --pass-pipeline='builtin.module(func.func({name}))' program{}.mlir\n--- program {}:\n{}--- detail:\n{}",
            list.len(),
            &programs_hit[..programs_hit.len().min(12)],
            f.program,
            f.program,
            programs[f.program].text,
            truncate(&f.detail, 6000),
        );
        let file = dir.join(format!("{n:03}.mlir"));
        let _ = std::fs::write(
            &file,
            format!(
                "// {kind}\n// pass: --pass-pipeline='builtin.module(func.func({name}))'\n// seed {seed:#x}, program {}\n{}",
                f.program, programs[f.program].text
            ),
        );
    }
    if !report.is_empty() {
        eprintln!("{report}");
        eprintln!("reproducers written to {}", dir.display());
    }
    assert!(
        failures.is_empty(),
        "{} failing cases, {} distinct (configuration, kind) failures: see above",
        failures.len(),
        distinct.len()
    );
    // The campaign must have exercised the passes.
    assert!(
        total_changed * 3 >= cases,
        "only {total_changed} of {cases} cases transformed anything"
    );
    for (config, n) in CONFIGS.iter().zip(&changed) {
        let n = n.load(Ordering::Relaxed);
        assert!(
            n >= 1,
            "{config} transformed nothing: the check proves little"
        );
    }
    assert!(
        reversed_dims.into_inner() >= 20,
        "too few parallel loops were run in reverse"
    );
}

/// The `@kernel` function of a printed program (aliases resolved by
/// their definitions, which precede it).
fn kernel_text(text: &str) -> String {
    let aliases: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    let start = text.find("func.func @kernel").unwrap_or(0);
    let end = text[start..]
        .find("func.func @main")
        .map_or(text.len(), |e| start + e);
    let mut body = text[start..end].to_string();
    // Alias numbering depends on `@main` too: expand the aliases.
    for a in aliases.iter().rev() {
        if let Some((name, value)) = a.split_once(" = ") {
            body = body.replace(&format!("{name}("), &format!("{value}("));
            body = body.replace(&format!("{name}>"), &format!("{value}>"));
        }
    }
    body
}

fn truncate(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

#[test]
fn reversing_a_parallel_loop_reverses_its_order() {
    // A loop that is not parallel at all, written as one: reversed, it
    // prints its values backwards; and the reversed module verifies.
    let text = "func.func @main() {
  %A = memref.alloc() : memref<2xi32>
  %c = arith.constant 0 : i32
  %t = arith.constant 100 : i32
  affine.store %c, %A[0] : memref<2xi32>
  affine.store %c, %A[1] : memref<2xi32>
  affine.parallel (%i) = (1) to (9) step (3) {
    %p = affine.load %A[0] : memref<2xi32>
    %x = arith.index_cast %i : index to i32
    %y = arith.muli %p, %t : i32
    %z = arith.addi %y, %x : i32
    affine.store %z, %A[0] : memref<2xi32>
  }
  affine.parallel (%i, %j) = (0, max(0, 1)) to (2, min(3, 4)) {
    %p = affine.load %A[1] : memref<2xi32>
    %x = arith.index_cast %i : index to i32
    %w = arith.index_cast %j : index to i32
    %u = arith.constant 10 : i32
    %v = arith.muli %x, %u : i32
    %y = arith.muli %p, %t : i32
    %z = arith.addi %y, %v : i32
    %s = arith.addi %z, %w : i32
    affine.store %s, %A[1] : memref<2xi32>
  }
  %r0 = affine.load %A[0] : memref<2xi32>
  %r1 = affine.load %A[1] : memref<2xi32>
  vector.print %r0 : i32
  vector.print %r1 : i32
  return
}
";
    let m = parse_and_verify("t.mlir", text).expect("verifies");
    assert_eq!(interpret(&m).expect("runs"), "10407\n1021112\n");
    let mut r = m.clone();
    assert_eq!(reverse_parallel_loops(&mut r), (3, 0));
    let printed = print_module(&r, &PrintOptions::default());
    let r = parse_and_verify("r.mlir", &printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    assert_eq!(
        interpret(&r).expect("runs"),
        "70401\n12110201\n",
        "{printed}"
    );
}
