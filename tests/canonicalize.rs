//! `--canonicalize` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every chunk of the test corpora and every suite
//!   kernel, canonicalized alone and after the passes users run before it
//!   (`--lower-affine`, `--affine-loop-unroll`, `--affine-loop-tile`),
//!   and with its options, prints as mlir-opt prints it — but for a float constant's spelling
//!   (same value). A pipeline whose first pass already prints differently
//!   from mlir-opt's (tessera's unrolling and tiling are exact where
//!   MLIR's are not, on some nests) is not compared there.
//! - The same on random kernels (affine bounds with `max`/`min`, guards,
//!   reductions, local buffers), unrolled first.
//! - By execution: every corpus `@main` and suite kernel prints the same
//!   after canonicalization in the interpreter, the C back end and
//!   mlir-cpu-runner.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random kernel generator shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use gen::kernelgen::random_kernel_ext;
use gen::rng::Rng;
use pass_checks::{corpus_chunks, judges, programs, runs_the_same, same_but_float_spelling};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

/// The pipelines compared: `(pass, options)` steps, the last being
/// `canonicalize`.
const PIPELINES: [&[(&str, &str)]; 6] = [
    &[("canonicalize", "")],
    &[("lower-affine", ""), ("canonicalize", "")],
    &[
        ("affine-loop-unroll", "unroll-factor=3"),
        ("canonicalize", ""),
    ],
    &[("affine-loop-tile", "tile-size=4"), ("canonicalize", "")],
    &[("canonicalize", "top-down=false region-simplify=disabled")],
    &[(
        "canonicalize",
        "max-num-rewrites=3 disable-patterns={(anonymous namespace)::SimplifyAffineOp<mlir::affine::AffineLoadOp>,(anonymous namespace)::AddIAddConstant}",
    )],
];

fn run(m: &mut Module, steps: &[(&str, &str)]) -> Result<(), String> {
    for (name, options) in steps {
        let pass = PassInvocation::with_options(name, options).map_err(|e| e.message)?;
        run_pass(m, &pass).map_err(|e| e.message)?;
    }
    Ok(())
}

fn flags(steps: &[(&str, &str)]) -> Vec<String> {
    steps
        .iter()
        .map(|(name, options)| {
            if options.is_empty() {
                format!("--{name}")
            } else {
                format!("--{name}={options}")
            }
        })
        .collect()
}

/// Compares tessera with mlir-opt on `text` through `steps`: `None` when
/// the comparison does not apply (mlir-opt refuses the input, or the
/// steps before canonicalization already print differently).
fn compare(opt: &std::path::Path, name: &str, text: &str, steps: &[(&str, &str)]) -> Option<()> {
    let original = parse_and_verify(name, text).ok()?;
    let all = flags(steps);
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let (before, last) = steps.split_at(steps.len() - 1);
    let mut m = original.clone();
    if !before.is_empty() {
        run(&mut m, before).ok()?;
        let (ok, theirs, _) = common::run_tool(opt, &all[..all.len() - 1], text);
        let ours = print_module(&m, &PrintOptions::default());
        if !ok || same_but_float_spelling(&theirs, &ours).is_err() {
            return None;
        }
    }
    let (ok, expected, _) = common::run_tool(opt, &all, text);
    if !ok {
        return None;
    }
    run(&mut m, last).unwrap_or_else(|e| panic!("{name} {all:?}: {e}"));
    let got = print_module(&m, &PrintOptions::default());
    if let Err(d) = same_but_float_spelling(&expected, &got) {
        panic!("{name} {all:?}: differs from mlir-opt:\n{d}\n--- input\n{text}");
    }
    Some(())
}

#[test]
fn canonicalize_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("canonicalize against mlir-opt");
        return;
    };
    // Files documenting where mlir-opt's canonicalizer is wrong say so;
    // chunks that test error messages do not parse and are not counted.
    let chunks: Vec<_> = corpus_chunks()
        .into_iter()
        .filter(|(name, text)| {
            !text.contains("MLIR-OPT-WRONG") && parse_and_verify(name, text).is_ok()
        })
        .collect();
    let mut compared = [0usize; PIPELINES.len()];
    for (name, text) in &chunks {
        for (k, steps) in PIPELINES.iter().enumerate() {
            if compare(&opt, name, text, steps).is_some() {
                compared[k] += 1;
            }
        }
    }
    println!("(chunk, pipeline) pairs as mlir-opt prints them: {compared:?}");
    for (k, &n) in compared.iter().enumerate() {
        assert!(
            n * 10 >= chunks.len() * 7,
            "only {n} of {} chunks compared through {:?}",
            chunks.len(),
            PIPELINES[k]
        );
    }
}

/// The random kernels of the comparison (`TESSERA_CANONICALIZE_CASES`,
/// default 120).
fn random_kernels() -> Vec<(String, String)> {
    let cases: u64 = std::env::var("TESSERA_CANONICALIZE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    (0..cases)
        .map(|k| {
            let mut rng = Rng(0x00ca_0011_ca11_u64.wrapping_mul(k + 1).wrapping_add(k));
            (format!("random kernel {k}"), random_kernel_ext(&mut rng))
        })
        .collect()
}

#[test]
fn random_kernels_canonicalize_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("canonicalize on random kernels against mlir-opt");
        return;
    };
    let kernels = random_kernels();
    let mut compared = 0;
    for (name, text) in &kernels {
        for steps in &PIPELINES[..3] {
            if compare(&opt, name, text, steps).is_some() {
                compared += 1;
            }
        }
    }
    println!("{compared} (kernel, pipeline) pairs as mlir-opt prints them");
    assert!(
        compared * 10 >= kernels.len() * 3 * 7,
        "only {compared} compared"
    );
}

#[test]
fn canonicalized_programs_print_the_same_everywhere() {
    let judges = judges("canonicalized programs");
    let mut all = programs(corpus_chunks());
    all.extend(random_kernels().into_iter().take(40));
    assert!(all.len() >= 80, "only {} programs", all.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = pass_checks::interpret(&original);
        for steps in &PIPELINES[..3] {
            let mut m = original.clone();
            if let Err(e) = run(&mut m, steps) {
                assert!(e.contains("vector dialect"), "{name} {steps:?}: {e}");
                continue;
            }
            runs_the_same(&m, &expected, &judges, &format!("{name} {steps:?}"));
        }
    };
    let (a, b) = all.split_at(all.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
}

/// A random function of `arith` ops over constants and arguments of every
/// integer and float type tessera folds, returning some of its values:
/// the folders' arithmetic (wrapping at each width, division by zero and
/// signed overflow, shifts past the width, NaN and signed zeros,
/// rounding to `f32`) judged by mlir-opt's.
fn random_arith(rng: &mut Rng) -> String {
    use std::fmt::Write as _;
    const INTS: [&str; 6] = ["i1", "i8", "i16", "i32", "i64", "index"];
    const FLOATS: [&str; 2] = ["f32", "f64"];
    const INT_OPS: [&str; 19] = [
        "addi",
        "subi",
        "muli",
        "divsi",
        "divui",
        "remsi",
        "remui",
        "ceildivsi",
        "floordivsi",
        "andi",
        "ori",
        "xori",
        "maxsi",
        "minsi",
        "maxui",
        "minui",
        "shli",
        "shrsi",
        "shrui",
    ];
    const FLOAT_OPS: [&str; 6] = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf"];
    const CMPI: [&str; 10] = [
        "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
    ];
    const CMPF: [&str; 8] = ["oeq", "one", "olt", "oge", "ueq", "une", "ult", "uge"];
    let width = |t: &str| match t {
        "index" => 64,
        t => t[1..].parse::<u32>().unwrap_or(64),
    };
    let pick = |rng: &mut Rng, n: usize| rng.range(0, n as i64 - 1) as usize;
    let mut pools: std::collections::HashMap<&str, Vec<String>> = Default::default();
    let mut args = Vec::new();
    for t in INTS.iter().chain(&FLOATS) {
        let name = format!("%a{}", args.len());
        args.push(format!("{name}: {t}"));
        pools.entry(t).or_default().push(name);
    }
    let mut body = String::new();
    let mut n = 0;
    let mut fresh = || {
        n += 1;
        format!("%v{n}")
    };
    for t in INTS {
        for _ in 0..3 {
            let w = width(t);
            let interesting = [0i64, 1, -1, 2, 3, 7, -8, i64::MAX, i64::MIN, 100, -100];
            let mut v = interesting[pick(rng, interesting.len())];
            if w < 64 {
                v = (v << (64 - w)) >> (64 - w);
            }
            let literal = if t == "i1" {
                (if v & 1 == 1 { "true" } else { "false" }).to_string()
            } else {
                v.to_string()
            };
            let name = fresh();
            if t == "i1" {
                let _ = writeln!(body, "  {name} = arith.constant {literal}");
            } else {
                let _ = writeln!(body, "  {name} = arith.constant {literal} : {t}");
            }
            pools.entry(t).or_default().push(name);
        }
    }
    for t in FLOATS {
        for _ in 0..3 {
            // (the bounds of the integer types, and fractions, for
            // `CmpFIntToFPConst`)
            let values = [
                "0.0",
                "-0.0",
                "1.0",
                "-1.0",
                "0.5",
                "2.5",
                "3.0e38",
                "1.0e-30",
                "7.25",
                "-4.5",
                "127.5",
                "-128.5",
                "255.0",
                "32767.0",
                "65535.5",
                "2147483647.0",
                "2147483648.0",
                "-2147483649.0",
                "4294967296.0",
                "9.3e18",
                "1.8e19",
            ];
            let name = fresh();
            let _ = writeln!(
                body,
                "  {name} = arith.constant {} : {t}",
                values[pick(rng, values.len())]
            );
            pools.entry(t).or_default().push(name);
        }
    }
    for _ in 0..rng.range(6, 18) {
        let name = fresh();
        let kind = rng.range(0, 9);
        let (line, ty): (String, &str) = match kind {
            0..=2 => {
                let t = INTS[pick(rng, INTS.len())];
                let p = &pools[t];
                let (a, b) = (&p[pick(rng, p.len())], &p[pick(rng, p.len())]);
                let op = INT_OPS[pick(rng, INT_OPS.len())];
                (format!("arith.{op} {a}, {b} : {t}"), t)
            }
            3 => {
                let t = INTS[pick(rng, INTS.len())];
                let p = &pools[t];
                let (a, b) = (&p[pick(rng, p.len())], &p[pick(rng, p.len())]);
                (
                    format!("arith.cmpi {}, {a}, {b} : {t}", CMPI[pick(rng, CMPI.len())]),
                    "i1",
                )
            }
            4 => {
                let t = INTS[pick(rng, INTS.len())];
                let p = &pools[t];
                let c = &pools["i1"][pick(rng, pools["i1"].len())];
                let (a, b) = (&p[pick(rng, p.len())], &p[pick(rng, p.len())]);
                (format!("arith.select {c}, {a}, {b} : {t}"), t)
            }
            5 => {
                let (from, to) = (INTS[pick(rng, INTS.len())], INTS[pick(rng, INTS.len())]);
                let a = &pools[from][pick(rng, pools[from].len())];
                let op = match (from, to) {
                    ("index", "index") => continue,
                    ("index", _) | (_, "index") => "index_cast",
                    _ if width(from) < width(to) => {
                        if rng.chance(50) {
                            "extsi"
                        } else {
                            "extui"
                        }
                    }
                    _ if width(from) > width(to) => "trunci",
                    _ => continue,
                };
                if op == "index_cast" && (from == "i1" || to == "i1") {
                    continue;
                }
                (format!("arith.{op} {a} : {from} to {to}"), to)
            }
            6 | 7 => {
                let t = FLOATS[pick(rng, 2)];
                let p = &pools[t];
                let (a, b) = (&p[pick(rng, p.len())], &p[pick(rng, p.len())]);
                let op = FLOAT_OPS[pick(rng, FLOAT_OPS.len())];
                (format!("arith.{op} {a}, {b} : {t}"), t)
            }
            8 => {
                let t = FLOATS[pick(rng, 2)];
                let p = &pools[t];
                let (a, b) = (&p[pick(rng, p.len())], &p[pick(rng, p.len())]);
                (
                    format!("arith.cmpf {}, {a}, {b} : {t}", CMPF[pick(rng, CMPF.len())]),
                    "i1",
                )
            }
            _ => {
                let ints = ["i8", "i16", "i32", "i64"];
                let (i, f) = (ints[pick(rng, 4)], FLOATS[pick(rng, 2)]);
                match rng.range(0, 3) {
                    0 => {
                        let a = &pools[i][pick(rng, pools[i].len())];
                        let op = if rng.chance(50) { "sitofp" } else { "uitofp" };
                        (format!("arith.{op} {a} : {i} to {f}"), f)
                    }
                    1 => {
                        let a = &pools[f][pick(rng, pools[f].len())];
                        (format!("arith.fptosi {a} : {f} to {i}"), i)
                    }
                    2 => {
                        let a = &pools["f32"][pick(rng, pools["f32"].len())];
                        (format!("arith.extf {a} : f32 to f64"), "f64")
                    }
                    _ => {
                        let a = &pools["f64"][pick(rng, pools["f64"].len())];
                        (format!("arith.truncf {a} : f64 to f32"), "f32")
                    }
                }
            }
        };
        let _ = writeln!(body, "  {name} = {line}");
        pools.entry(ty).or_default().push(name);
    }
    // Return the last value of each type.
    let mut results = Vec::new();
    let mut types = Vec::new();
    for t in INTS.iter().chain(&FLOATS) {
        if let Some(v) = pools[t].last() {
            results.push(v.clone());
            types.push(*t);
        }
    }
    format!(
        "func.func @f({}) -> ({}) {{\n{body}  return {} : {}\n}}\n",
        args.join(", "),
        types.join(", "),
        results.join(", "),
        types.join(", ")
    )
}

#[test]
fn random_arith_folds_as_mlir_opt_folds_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("canonicalize's arith folders against mlir-opt");
        return;
    };
    let cases: u64 = std::env::var("TESSERA_ARITH_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut compared = 0;
    for k in 0..cases {
        let mut rng = Rng(0x00a7_17f0_1d00_u64.wrapping_mul(k + 1).wrapping_add(k));
        let text = random_arith(&mut rng);
        if compare(&opt, &format!("arith {k}"), &text, &[("canonicalize", "")]).is_some() {
            compared += 1;
        }
    }
    assert!(
        compared >= cases * 9 / 10,
        "only {compared} of {cases} compared"
    );
}
