//! No-crash harness: mutated inputs never panic, overflow the stack, hang,
//! or make a pass print IR that does not parse and verify.
//!
//! The inputs are the repository's `.mlir` files (`ir/tests/corpus`,
//! `ir/tests/invalid`, `examples/`, `transforms/tests/fusion_corpus`,
//! `benches/inputs`, and every kernel of `tessera::kernels` generated at a
//! small size) and `tessera-calc` queries (`examples/queries.txt`, and the
//! maps and sets of `affine/tests/corpus/maps_and_sets.txt` under every
//! query), mutated: byte flips, insertions and deletions; token swaps,
//! duplications and deletions; integers replaced by extreme values; lines
//! duplicated, deleted or swapped; loop steps set to zero, negative or huge
//! values; plus generated loop nests and expressions, and pass pipelines.
//!
//! For each MLIR input that parses and verifies, every pass of
//! [`PASSES`] runs on a copy of the module twice — with its default
//! options and with one drawn from a spread of extreme ones
//! (`unroll-factor=4294967295`, `tile-size=0`, negative values, ...) —
//! then a chain of three random passes; every result is printed (custom
//! and generic form) and must parse and verify again. `tessera-calc`
//! queries go through [`run_query`], and an answer that is a map or set
//! must be accepted by `simplify` in turn.
//!
//! Inputs run in child processes (this test binary re-run in worker mode),
//! each worker running its inputs one after the other on a thread with an
//! 8 MiB stack, every input under `catch_unwind`. A child that dies (stack
//! overflow, abort) is restarted after the input it died on, and that
//! input is reported with the stage it was in (the pass and options); an
//! input that takes more than [`HANG_SECS`] is a hang: the child is killed
//! and the input reported. Inputs over [`SLOW_SECS`] are listed, not
//! failed. Deep inputs (300-level loop nests, thousands of nested
//! parentheses) run through the `tessera-opt` and `tessera-calc` binaries,
//! whose exit must not be a signal or a panic.
//!
//! Input `i` is a pure function of the seed and `i`, so a failure is
//! reproduced by its seed and index; the summary prints both.
//!
//! ```sh
//! cargo test -p tessera --test no_crash -- --nocapture           # CI: a few thousand inputs
//! TESSERA_SOAK_INPUTS=100000 cargo test --release -p tessera --test no_crash -- --nocapture
//! TESSERA_NO_CRASH_SEED=0x1234 TESSERA_SOAK_INPUTS=20000 cargo test -p tessera --test no_crash
//! TESSERA_NO_CRASH_ONLY=417 cargo test -p tessera --test no_crash -- --nocapture  # one input, printed whole
//! ```

#[path = "../transforms/tests/common/rng.rs"]
mod rng;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use rng::Rng;
use tessera::calc::run_query;
use tessera::kernels::{self, Dataset};
use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, parse_module, print_module, Module, PrintOptions};
use tessera_transforms::passes::{run_pass, PASSES};
use tessera_transforms::pipeline::{parse_pass_pipeline, PassInvocation};

/// Inputs per normal run (override with `TESSERA_SOAK_INPUTS`).
const DEFAULT_INPUTS: usize = 3000;
/// The default seed (override with `TESSERA_NO_CRASH_SEED`, decimal or `0x` hex).
const DEFAULT_SEED: u64 = 0x7E55_E2A0_C2A5_4001;
/// An input slower than this is listed (not failed).
const SLOW_SECS: u64 = 5;
/// An input slower than this is a hang: its child is killed, the input failed.
const HANG_SECS: u64 = 20;
/// The same for one run of a binary on a deep input.
const BINARY_HANG_SECS: u64 = 45;
/// The stack every in-process input runs on.
const WORKER_STACK: usize = 8 << 20;
/// Virtual memory limit of a worker child (KiB), so that a runaway
/// allocation aborts the child instead of starving the machine.
const WORKER_MEMORY_KIB: u64 = 6 << 20;

const ENV_WORKER: &str = "TESSERA_NO_CRASH_WORKER";
const ENV_SEED: &str = "TESSERA_NO_CRASH_SEED";
const ENV_INPUTS: &str = "TESSERA_SOAK_INPUTS";
const ENV_ONLY: &str = "TESSERA_NO_CRASH_ONLY";
const TEST_NAME: &str = "mutated_inputs_do_not_crash";
const TAG: &str = "@@no-crash";

/// Integers that stress checked arithmetic.
const EXTREMES: &[&str] = &[
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "-9223372036854775807",
    "0",
    "-1",
    "1",
    "2",
    "4294967295",
    "4294967296",
    "-4294967296",
    "3037000500",
    "-3037000499",
    "4611686018427387904",
    "1000000007",
    "170141183460469231731687303715884105727",
    "99999999999999999999999999",
];

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

/// The seed material, loaded the same way in the parent and every child.
struct Corpus {
    /// `(label, text)` of every MLIR seed.
    mlir: Vec<(String, String)>,
    /// `(label, text)` of the files the verifier must reject.
    invalid: Vec<(String, String)>,
    /// Calculator queries.
    queries: Vec<String>,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn mlir_files(dir: &str) -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(root().join(dir))
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_else(|_| Vec::new());
    files.retain(|p| p.extension().is_some_and(|e| e == "mlir"));
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let name = p.file_name()?.to_string_lossy().into_owned();
            Some((format!("{dir}/{name}"), text))
        })
        .collect()
}

fn load_corpus() -> Corpus {
    let mut mlir = Vec::new();
    let invalid = mlir_files("ir/tests/invalid");
    for dir in [
        "ir/tests/corpus",
        "examples",
        "transforms/tests/fusion_corpus",
        "benches/inputs",
    ] {
        mlir.extend(mlir_files(dir));
    }
    // The kernels of examples/kernels, at small sizes (the committed files
    // are at benchmark sizes).
    for spec in kernels::all() {
        let small: Vec<i64> = spec
            .sizes(Dataset::Mini)
            .iter()
            .map(|&s| s.clamp(1, 6))
            .collect();
        let text = spec
            .generate(spec.default_elem(), &small)
            .or_else(|_| spec.generate(spec.default_elem(), spec.sizes(Dataset::Mini)));
        if let Ok(text) = text {
            mlir.push((format!("kernel {} {small:?}", spec.name), text));
        }
    }
    assert!(mlir.len() > 50, "the MLIR corpus was not found");

    let read_lines = |file: &str| -> Vec<String> {
        std::fs::read_to_string(root().join(file))
            .unwrap_or_default()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    let mut queries = read_lines("examples/queries.txt");
    let operands = read_lines("affine/tests/corpus/maps_and_sets.txt");
    assert!(!queries.is_empty() && !operands.is_empty());
    for (k, x) in operands.iter().enumerate() {
        let y = &operands[(k * 7 + 3) % operands.len()];
        if x.contains("->") {
            queries.push(format!("simplify {x}"));
            queries.push(format!("compose {x} {y}"));
            queries.push(format!("compose {y} {x}"));
            queries.push(format!("eval {x} 3,-4,5 [7,-2]"));
            queries.push(format!(
                "eval {x} 9223372036854775807 [-9223372036854775808]"
            ));
        } else {
            for q in ["simplify", "is-empty", "sample", "lexmin", "complement"] {
                queries.push(format!("{q} {x}"));
            }
            queries.push(format!("project {x} --keep d0"));
            queries.push(format!("bounds {x} d0 * 2 - 1"));
            queries.push(format!("eval {x} 1,2 [3]"));
            for q in ["intersect", "union", "subtract", "is-subset", "is-equal"] {
                queries.push(format!("{q} {x} {y}"));
            }
        }
    }
    Corpus {
        mlir,
        invalid,
        queries,
    }
}

/// What one input is.
#[derive(Clone, Debug)]
enum Kind {
    /// An MLIR module: parse, verify, every pass, print, re-parse.
    Mlir(String),
    /// One `tessera-calc` query line.
    Calc(String),
    /// A pass pipeline text, run on an MLIR module.
    Pipeline { pipeline: String, program: String },
}

#[derive(Clone, Debug)]
struct Case {
    /// How the input was made.
    label: String,
    kind: Kind,
}

impl Case {
    fn text(&self) -> String {
        match &self.kind {
            Kind::Mlir(t) => t.clone(),
            Kind::Calc(q) => q.clone(),
            Kind::Pipeline { pipeline, program } => {
                format!("--pass-pipeline='{pipeline}' on:\n{program}")
            }
        }
    }
}

fn rng_for(seed: u64, index: usize, salt: u64) -> Rng {
    let mut rng = Rng(seed
        ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03));
    for _ in 0..4 {
        rng.next();
    }
    rng
}

fn below(rng: &mut Rng, n: usize) -> usize {
    rng.range(0, n.max(1) as i64 - 1) as usize
}

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[below(rng, items.len())]
}

/// Input `index` of the run with `seed`.
fn make_case(corpus: &Corpus, seed: u64, index: usize) -> Case {
    let mut rng = rng_for(seed, index, 0);
    match index % 20 {
        0..=10 => {
            let seeds = if rng.chance(10) && !corpus.invalid.is_empty() {
                &corpus.invalid
            } else {
                &corpus.mlir
            };
            let (name, text) = pick(&mut rng, seeds);
            let (text, how) = mutate_mlir(&mut rng, text);
            Case {
                label: format!("{how} of {name}"),
                kind: Kind::Mlir(text),
            }
        }
        11..=12 => {
            let (text, how) = generate_program(&mut rng);
            Case {
                label: how,
                kind: Kind::Mlir(text),
            }
        }
        13..=17 => {
            let q = pick(&mut rng, &corpus.queries).clone();
            let (q, how) = mutate_query(&mut rng, &q);
            Case {
                label: format!("{how} of a query"),
                kind: Kind::Calc(q),
            }
        }
        18 => {
            let (q, how) = generate_query(&mut rng);
            Case {
                label: how,
                kind: Kind::Calc(q),
            }
        }
        _ => {
            let (pipeline, how) = generate_pipeline(&mut rng);
            let (name, program) = pick(&mut rng, &corpus.mlir);
            Case {
                label: format!("{how} on {name}"),
                kind: Kind::Pipeline {
                    pipeline,
                    program: program.clone(),
                },
            }
        }
    }
}

/// Byte ranges of the text's tokens: identifier-like runs, numbers,
/// whitespace runs and single punctuation characters.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let word = |c: char| c.is_alphanumeric() || "_.$%@#!^-".contains(c);
    let mut out = Vec::new();
    let mut it = text.char_indices().peekable();
    while let Some((start, c)) = it.next() {
        let mut end = start + c.len_utf8();
        let class = |d: char| {
            if c.is_whitespace() {
                d.is_whitespace()
            } else if word(c) && c != '-' {
                word(d) && d != '-'
            } else {
                false
            }
        };
        while let Some(&(i, d)) = it.peek() {
            if !class(d) {
                break;
            }
            end = i + d.len_utf8();
            it.next();
        }
        out.push((start, end));
    }
    out
}

/// Byte ranges of decimal integer literals that are not part of a name.
fn integers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b"_%#@!^.".contains(&b[i - 1])))
        {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            // Not a float's integer part.
            if !(i < b.len() && (b[i] == b'.' || b[i] == b'e')) {
                out.push((start, i));
            }
        } else {
            i += 1;
        }
    }
    out
}

fn replace_range(text: &str, (a, b): (usize, usize), with: &str) -> String {
    format!("{}{with}{}", &text[..a], &text[b..])
}

fn mutate_bytes(rng: &mut Rng, text: &str) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + below(rng, 3) {
        if b.is_empty() {
            break;
        }
        let at = below(rng, b.len());
        match below(rng, 4) {
            0 => b[at] = rng.next() as u8,
            1 => {
                b.remove(at);
            }
            2 => b.insert(at, *pick(rng, b"%{}()<>[],:=-x0#@^ \n\"")),
            _ => b[at] ^= 1 << below(rng, 8),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn mutate_tokens(rng: &mut Rng, text: &str) -> String {
    let toks = tokens(text);
    if toks.len() < 2 {
        return text.to_string();
    }
    let mut parts: Vec<&str> = toks.iter().map(|&(a, b)| &text[a..b]).collect();
    for _ in 0..1 + below(rng, 2) {
        let i = below(rng, parts.len());
        let j = below(rng, parts.len());
        match below(rng, 3) {
            0 => parts.swap(i, j),
            1 => {
                let t = parts[i];
                parts.insert(j, t);
            }
            _ => {
                if parts.len() > 1 {
                    parts.remove(i);
                }
            }
        }
    }
    parts.concat()
}

fn mutate_integers(rng: &mut Rng, text: &str) -> String {
    let mut text = text.to_string();
    for _ in 0..1 + below(rng, 3) {
        let ints = integers(&text);
        if ints.is_empty() {
            break;
        }
        let at = *pick(rng, &ints);
        let with = if rng.chance(80) {
            pick(rng, EXTREMES).to_string()
        } else {
            rng.range(-40, 40).to_string()
        };
        text = replace_range(&text, at, &with);
    }
    text
}

fn mutate_lines(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return text.to_string();
    }
    for _ in 0..1 + below(rng, 2) {
        let i = below(rng, lines.len());
        let j = below(rng, lines.len());
        match below(rng, 3) {
            0 => {
                let l = lines[i];
                lines.insert(j, l);
            }
            1 => {
                if lines.len() > 1 {
                    lines.remove(i);
                }
            }
            _ => lines.swap(i, j),
        }
    }
    lines.join("\n")
}

/// Sets (or adds) the step of a random `affine.for`.
fn mutate_step(rng: &mut Rng, text: &str) -> String {
    let fors: Vec<usize> = text.match_indices("affine.for ").map(|(i, _)| i).collect();
    if fors.is_empty() {
        return mutate_integers(rng, text);
    }
    let at = *pick(rng, &fors);
    let Some(brace) = text[at..].find('{').map(|b| at + b) else {
        return text.to_string();
    };
    let header = &text[at..brace];
    let step = *pick(
        rng,
        &[
            "0",
            "-1",
            "-9223372036854775808",
            "9223372036854775807",
            "4294967296",
            "3",
            "2",
            "1",
        ],
    );
    let new_header = match header.find(" step ") {
        Some(s) => {
            let rest = &header[s + 6..];
            let end = rest
                .find(|c: char| !c.is_ascii_digit() && c != '-')
                .unwrap_or(rest.len());
            format!("{} step {step}{}", &header[..s], &rest[end..])
        }
        None => match header.find(" iter_args") {
            Some(s) => format!("{} step {step}{}", &header[..s], &header[s..]),
            None => format!("{} step {step} ", header.trim_end()),
        },
    };
    format!("{}{new_header}{}", &text[..at], &text[brace..])
}

fn mutate_mlir(rng: &mut Rng, text: &str) -> (String, String) {
    let mut text = text.to_string();
    let mut how = Vec::new();
    let rounds = if rng.chance(75) { 1 } else { 2 };
    for _ in 0..rounds {
        let (name, next) = match rng.range(0, 99) {
            0..=11 => ("bytes", mutate_bytes(rng, &text)),
            12..=25 => ("tokens", mutate_tokens(rng, &text)),
            26..=55 => ("integers", mutate_integers(rng, &text)),
            56..=70 => ("lines", mutate_lines(rng, &text)),
            71..=93 => ("step", mutate_step(rng, &text)),
            _ => ("none", text.clone()),
        };
        how.push(name);
        text = next;
    }
    (text, format!("mutation({})", how.join("+")))
}

fn mutate_query(rng: &mut Rng, q: &str) -> (String, String) {
    let mut q = q.to_string();
    let mut how = Vec::new();
    for _ in 0..1 + below(rng, 2) {
        let (name, next) = match rng.range(0, 99) {
            0..=14 => ("bytes", mutate_bytes(rng, &q)),
            15..=34 => ("tokens", mutate_tokens(rng, &q)),
            35..=89 => ("integers", mutate_integers(rng, &q)),
            _ => ("none", q.clone()),
        };
        how.push(name);
        q = next.replace('\n', " ");
    }
    (q, format!("mutation({})", how.join("+")))
}

/// A random affine expression over `dims` dims and `syms` symbols.
fn expr(rng: &mut Rng, dims: usize, syms: usize, depth: usize) -> String {
    let leaf = |rng: &mut Rng| -> String {
        match below(rng, 4) {
            0 if syms > 0 => format!("s{}", below(rng, syms)),
            1 => small_or_extreme(rng),
            _ if dims > 0 => format!("d{}", below(rng, dims)),
            _ => small_or_extreme(rng),
        }
    };
    if depth == 0 || rng.chance(30) {
        return leaf(rng);
    }
    let a = expr(rng, dims, syms, depth - 1);
    let c = if rng.chance(50) {
        divisor(rng)
    } else {
        small_or_extreme(rng)
    };
    let k = divisor(rng);
    match below(rng, 7) {
        0 => format!("({a} + {})", expr(rng, dims, syms, depth - 1)),
        1 => format!("({a} - {})", expr(rng, dims, syms, depth - 1)),
        2 => format!("({a} * {c})"),
        3 => format!("({a} floordiv {k})"),
        4 => format!("({a} ceildiv {k})"),
        5 => format!("({a} mod {k})"),
        _ => format!("-({a})"),
    }
}

/// A constant: mostly small, sometimes an extreme `i64`, rarely one out
/// of range.
fn small_or_extreme(rng: &mut Rng) -> String {
    if rng.chance(3) {
        pick(rng, EXTREMES).to_string()
    } else if rng.chance(20) {
        pick(rng, IN_RANGE).to_string()
    } else {
        rng.range(-9, 9).to_string()
    }
}

/// A divisor: mostly a small positive constant, sometimes a huge one,
/// rarely zero or negative.
fn divisor(rng: &mut Rng) -> String {
    if rng.chance(2) {
        small_or_extreme(rng)
    } else if rng.chance(15) {
        pick(
            rng,
            &[
                "9223372036854775807",
                "4294967296",
                "3037000500",
                "4611686018427387904",
            ],
        )
        .to_string()
    } else {
        rng.range(1, 9).to_string()
    }
}

/// Extreme values an `i64` holds.
const IN_RANGE: &[&str] = &[
    "9223372036854775807",
    "-9223372036854775807",
    "4294967296",
    "-4294967296",
    "3037000500",
    "-3037000499",
    "4611686018427387904",
    "1000000007",
    "0",
    "-1",
];

/// A loop nest with random bounds, steps, guards and subscripts.
fn generate_program(rng: &mut Rng) -> (String, String) {
    let depth = if rng.chance(10) {
        rng.range(13, 40) as usize
    } else {
        rng.range(1, 6) as usize
    };
    let mut s = String::from(
        "func.func @g(%A: memref<8x?xf32>, %B: memref<16xi64>, %n: index) {\n  %c0 = arith.constant 0 : index\n",
    );
    let mut ivs: Vec<String> = Vec::new();
    for k in 0..depth {
        let bound = |rng: &mut Rng, ivs: &[String], upper: bool| -> String {
            match below(rng, 5) {
                0 => small_or_extreme(rng),
                1 => "%n".to_string(),
                2 if !ivs.is_empty() => {
                    let e = expr(rng, 1, 1, 2);
                    format!("affine_map<(d0)[s0] -> ({e})>({})[%n]", pick(rng, ivs))
                }
                3 if !ivs.is_empty() => format!(
                    "{} affine_map<(d0) -> (d0, {})>({})",
                    if upper { "min" } else { "max" },
                    small_or_extreme(rng),
                    pick(rng, ivs)
                ),
                _ => rng.range(0, 12).to_string(),
            }
        };
        let real: Vec<String> = ivs.iter().filter(|v| !v.is_empty()).cloned().collect();
        let lb = bound(rng, &real, false);
        let ub = bound(rng, &real, true);
        let step = if rng.chance(70) {
            String::new()
        } else if rng.chance(10) {
            format!(" step {}", pick(rng, &["0", "-1", "-9223372036854775808"]))
        } else {
            format!(
                " step {}",
                pick(rng, &["2", "3", "9223372036854775807", "4294967296"])
            )
        };
        s.push_str(&format!("affine.for %i{k} = {lb} to {ub}{step} {{\n"));
        ivs.push(format!("%i{k}"));
        if rng.chance(15) {
            let e = expr(rng, 1, 1, 2);
            let kind = pick(rng, &[">=", "=="]);
            s.push_str(&format!(
                "affine.if affine_set<(d0)[s0] : ({e} {kind} 0)>(%i{k})[%n] {{\n"
            ));
            ivs.push(String::new());
        }
    }
    let real: Vec<String> = ivs.iter().filter(|v| !v.is_empty()).cloned().collect();
    let dims = real.len();
    // An expression over the induction variables, in subscript syntax.
    let sub = |rng: &mut Rng| -> String {
        let mut e = expr(rng, dims, 1, 2);
        for k in (0..dims).rev() {
            e = e.replace(&format!("d{k}"), &real[k]);
        }
        e.replace("s0", "symbol(%n)")
    };
    let (a, b, c, d) = (sub(rng), sub(rng), sub(rng), sub(rng));
    let operands = real.join(", ");
    let dim_names: Vec<String> = (0..dims).map(|d| format!("d{d}")).collect();
    let dim_names = dim_names.join(", ");
    let map_expr = expr(rng, dims, 1, 3);
    s.push_str(&format!(
        "%v = affine.load %A[{a}, {b}] : memref<8x?xf32>\n"
    ));
    s.push_str(&format!(
        "%x = affine.apply affine_map<({dim_names})[s0] -> ({map_expr})>({operands})[%n]\n"
    ));
    s.push_str(&format!("affine.store %v, %A[%x, {c}] : memref<8x?xf32>\n"));
    s.push_str(&format!("%w = affine.load %B[{d}] : memref<16xi64>\n"));
    s.push_str(&format!(
        "affine.store %w, %B[{}] : memref<16xi64>\n",
        pick(rng, &real)
    ));
    for _ in 0..ivs.len() {
        s.push_str("}\n");
    }
    s.push_str("return\n}\n");
    let how = format!("generated nest of depth {depth}");
    (s, how)
}

fn generate_query(rng: &mut Rng) -> (String, String) {
    let dims = rng.range(1, 3) as usize;
    let syms = below(rng, 2);
    let depth = rng.range(1, 8) as usize;
    let dl: Vec<String> = (0..dims).map(|d| format!("d{d}")).collect();
    let sl: Vec<String> = (0..syms).map(|d| format!("s{d}")).collect();
    let head = format!("({})[{}]", dl.join(", "), sl.join(", "));
    let e1 = expr(rng, dims, syms, depth);
    let e2 = expr(rng, dims, syms, depth);
    let set = format!("{head} : ({e1} >= 0, {e2} == 0, d0 >= 0, -d0 + 20 >= 0)");
    let map = format!("{head} -> ({e1}, {e2})");
    let q = match below(rng, 10) {
        0 => format!("simplify {map}"),
        1 => format!("simplify {set}"),
        2 => format!("is-empty {set}"),
        3 => format!("sample {set}"),
        4 => format!("lexmin {set}"),
        5 => format!("project {set} --keep d0"),
        6 => format!("bounds {set} {e1}"),
        7 => format!("complement {set}"),
        8 => format!("subtract {set} {head} : (d0 - 3 >= 0)"),
        _ => format!(
            "eval {map} {} [{}]",
            vec!["5"; dims].join(","),
            vec!["-7"; syms].join(",")
        ),
    };
    (q, format!("generated query of depth {depth}"))
}

/// The options each pass is tried with, besides its default.
fn option_spread(pass: &str) -> &'static [&'static str] {
    match pass {
        "affine-parallelize" => &[
            "max-nested=1",
            "max-nested=0",
            "parallel-reductions",
            "max-nested=4294967295 parallel-reductions",
            "max-nested=9223372036854775807",
        ],
        "affine-loop-tile" => &[
            "tile-size=0",
            "tile-size=1",
            "tile-size=3",
            "tile-size=4294967295",
            "tile-size=9223372036854775807",
            "tile-size=-1",
            "tile-sizes=0,0",
            "tile-sizes=1,2,3,4,5,6,7,8",
            "tile-sizes=4294967295,1",
            "tile-sizes=2,3 separate",
            "tile-size=4294967295 separate",
            "cache-size=0",
            "cache-size=1",
            "cache-size=18446744073709551615",
            "separate",
        ],
        "affine-loop-unroll" => &[
            "unroll-factor=0",
            "unroll-factor=1",
            "unroll-factor=3",
            "unroll-factor=4294967295",
            "unroll-factor=9223372036854775807",
            "unroll-factor=-1",
            "unroll-full",
            "unroll-full unroll-full-threshold=0",
            "unroll-full unroll-full-threshold=4294967295",
            "unroll-up-to-factor unroll-factor=4294967295",
            "cleanup-unroll unroll-factor=3",
            "cleanup-unroll unroll-factor=4294967295",
            "unroll-num-reps=0",
            "unroll-num-reps=2 unroll-factor=2",
            "unroll-num-reps=4294967295 unroll-factor=1",
        ],
        "affine-loop-unroll-jam" => &[
            "unroll-jam-factor=0",
            "unroll-jam-factor=1",
            "unroll-jam-factor=2",
            "unroll-jam-factor=3",
            "unroll-jam-factor=4294967295",
            "unroll-jam-factor=9223372036854775807",
        ],
        "affine-loop-normalize" => &["promote-single-iter"],
        "affine-super-vectorize" => &[
            "virtual-vector-size=1",
            "virtual-vector-size=2 vectorize-reductions",
            "virtual-vector-size=3 vectorize-reductions",
            "virtual-vector-size=8 test-fastest-varying=0",
            "virtual-vector-size=8 test-fastest-varying=1 vectorize-reductions",
            "virtual-vector-size=65536",
            "virtual-vector-size=65537",
            "virtual-vector-size=9223372036854775807",
            "virtual-vector-size=-1",
            "virtual-vector-size=0",
            "virtual-vector-size=4,4",
            "virtual-vector-size=2,3,4",
            "virtual-vector-size=2,2,2,2",
            "virtual-vector-size=65536,2",
            "virtual-vector-size=4,8 test-fastest-varying=1,0",
            "virtual-vector-size=4,8 test-fastest-varying=0,0",
            "virtual-vector-size=4 test-fastest-varying=9223372036854775807",
            "virtual-vector-size=4 test-fastest-varying=-9223372036854775808",
            "",
        ],
        "canonicalize" => &[
            "region-simplify=aggressive",
            "top-down=false region-simplify=aggressive",
            "max-iterations=1 region-simplify=aggressive",
            "region-simplify=disabled",
            "max-num-rewrites=1 max-iterations=-9223372036854775808",
            "max-num-rewrites=-2 test-convergence",
            "enable-patterns={CmpFIntToFPConst,(anonymous namespace)::SimplifyDeadElse}",
            "disable-patterns='(anonymous namespace)::AddIAddConstant,{unbalanced'",
            "disable-patterns={{{",
        ],
        "tessera-schedule" => &[
            "tile",
            "tile parallel",
            "tile tile-size=1 parallel",
            "tile tile-size=4294967295 separate parallel",
            "fuse=max tile separate parallel",
            "fuse=none parallel",
        ],
        "tessera-optimize" => &[
            "l2-cache=0",
            "l2-cache=1",
            "l2-cache=18446744073709551615",
            "unroll-jam-factor=0",
            "unroll-jam-factor=4294967295",
            "parallel",
            "l2-cache=4 unroll-jam-factor=2 parallel",
        ],
        "affine-loop-fusion" => &[
            "mode=producer",
            "mode=sibling",
            "fusion-maximal",
            "fusion-compute-tolerance=0",
            "fusion-compute-tolerance=1e308",
            "fusion-compute-tolerance=-1",
            "fusion-compute-tolerance=nan",
            "fusion-local-buf-threshold=0",
            "fusion-local-buf-threshold=18446744073709551615",
            "fusion-fast-mem-space=4294967295",
            "fusion-local-buf-threshold=1 fusion-fast-mem-space=1 fusion-maximal",
        ],
        "test-loop-fusion" => &[
            "test-loop-fusion-dependence-check",
            "test-loop-fusion-slice-computation",
            "test-loop-fusion-transformation",
        ],
        "test-loop-permutation" => &[
            "permutation-map=1,0",
            "permutation-map=2,0,1",
            "permutation-map=0,1,2,3",
            "permutation-map=3,2,1,0",
            "permutation-map=0,0",
            "permutation-map=4294967295",
            "permutation-map=9223372036854775807",
            "",
        ],
        _ => &[""],
    }
}

fn default_options(pass: &str) -> &'static str {
    match pass {
        "test-loop-permutation" => "permutation-map=0",
        "affine-super-vectorize" => "virtual-vector-size=4 vectorize-reductions",
        _ => "",
    }
}

fn generate_pipeline(rng: &mut Rng) -> (String, String) {
    let mut passes = Vec::new();
    for _ in 0..1 + below(rng, 3) {
        let (name, _) = pick(rng, PASSES);
        let opts = pick(rng, option_spread(name));
        passes.push(if opts.is_empty() {
            name.to_string()
        } else {
            format!("{name}{{{opts}}}")
        });
    }
    let text = format!("builtin.module(func.func({}))", passes.join(","));
    let (text, how) = match below(rng, 4) {
        0 => (mutate_bytes(rng, &text), "mutated"),
        1 => (mutate_tokens(rng, &text), "mutated"),
        2 => (mutate_integers(rng, &text), "mutated"),
        _ => (text, "pipeline"),
    };
    (text, how.to_string())
}

// ---------------------------------------------------------------------------
// Running one input (in a worker child)
// ---------------------------------------------------------------------------

/// A problem found while running one input.
#[derive(Clone, Debug)]
struct Problem {
    /// `panic`, `invalid-output`, `unstable-print`, `calc-answer`, ...
    kind: String,
    /// What makes two problems the same bug (numbers are ignored).
    key: String,
    /// What happened.
    message: String,
}

/// Receives progress: the stage an input is in.
type Stage<'a> = &'a mut dyn FnMut(&str);

/// The message of a diagnostic without its `file:line:col:` prefix.
fn diagnostic_message(d: &impl std::fmt::Display) -> String {
    let s = d.to_string();
    let first = s.lines().next().unwrap_or_default();
    first
        .split_once("error: ")
        .map_or(first, |(_, m)| m)
        .to_string()
}

/// Prints the module in both forms, and with its locations, and parses
/// the text again; returns whether every round trip worked.
fn roundtrip(m: &Module, what: &str, pass: &str, problems: &mut Vec<Problem>) -> bool {
    let mut ok = true;
    for (generic, debuginfo) in [(false, false), (true, false), (false, true)] {
        let opts = PrintOptions {
            generic,
            debuginfo,
            ..PrintOptions::default()
        };
        let text = print_module(m, &opts);
        match parse_and_verify("printed.mlir", &text) {
            Err(e) => {
                ok = false;
                problems.push(Problem {
                kind: "invalid-output".into(),
                key: format!(
                    "{pass}: printed IR (generic={generic}, debuginfo={debuginfo}) is rejected: {}",
                    diagnostic_message(&e)
                ),
                message: format!(
                    "{what}: printed IR (generic={generic}, debuginfo={debuginfo}) does not parse/verify: {}\n--- printed\n{}",
                    e.to_string().lines().next().unwrap_or_default(),
                    clip(&text, 3000)
                ),
            });
            }
            Ok(again) => {
                // Construction-time folding is MLIR's, and like mlir-opt's
                // it can fold what a printed left-associated sum exposes
                // (`(d0 + d0 - s0)` re-reads as `d0 * 2 - s0`): the text
                // may change once, and must be stable from then on.
                let mut text2 = print_module(&again, &opts);
                if text2 != text {
                    if let Ok(third) = parse_and_verify("reprinted.mlir", &text2) {
                        let text3 = print_module(&third, &opts);
                        if text3 == text2 {
                            text2 = text.clone();
                        } else {
                            text2 = text3;
                        }
                    }
                }
                if text2 != text {
                    ok = false;
                    problems.push(Problem {
                        kind: "unstable-print".into(),
                        key: format!("{pass}: printing is not a fixed point (generic={generic}, debuginfo={debuginfo})"),
                        message: {
                            let (a, b) = text
                                .lines()
                                .zip(text2.lines())
                                .find(|(a, b)| a != b)
                                .unwrap_or_default();
                            format!(
                                "{what}: printing the re-parsed output differs (generic={generic}, debuginfo={debuginfo}):\n  first: {}\n  again: {}",
                                a.trim(),
                                b.trim()
                            )
                        },
                    });
                }
            }
        }
    }
    ok
}

fn run_one_pass(module: &mut Module, name: &str, opts: &str, problems: &mut Vec<Problem>) -> bool {
    let Ok(pass) = PassInvocation::with_options(name, opts) else {
        return false;
    };
    match run_pass(module, &pass) {
        Ok(_) => true,
        Err(e) => {
            if e.message.contains("internal error") {
                problems.push(Problem {
                    kind: "invalid-output".into(),
                    key: format!(
                        "{name}: output does not verify: {}",
                        e.message.split("error: ").last().unwrap_or_default()
                    ),
                    message: format!("--{name}=\"{opts}\": {}", e.message),
                });
            }
            false
        }
    }
}

fn run_mlir(text: &str, rng: &mut Rng, stage: Stage, problems: &mut Vec<Problem>) {
    stage("parse");
    let _ = parse_module("fuzz.mlir", text);
    stage("parse+verify");
    let module = match parse_and_verify("fuzz.mlir", text) {
        Ok(m) => m,
        Err(e) => {
            if std::env::var_os(ENV_ONLY).is_some() {
                println!("no_crash: the input is rejected: {e}");
            }
            return;
        }
    };
    ACCEPTED.store(true, Ordering::Relaxed);
    stage("print the input");
    // When the input itself does not survive printing, that is the one
    // problem to report: every pass's output would repeat it.
    let check_outputs = roundtrip(&module, "the input", "parse/print", problems);
    stage("--test-memref-bound-check");
    let _ = tessera_transforms::bound_check::memref_bound_check(&module);
    stage("--print-schedule");
    let models = tessera_transforms::scop::find_scops(&module);
    let _ = tessera_transforms::scop::print_schedules(&module, &models);
    stage("--print-dependences");
    let _ = tessera_transforms::scop::print_dependences(&module, &models);
    stage("interpret");
    {
        let mut it = Interpreter::new(&module);
        it.set_iteration_budget(5_000);
        for f in module.functions() {
            if let Some(tessera_ir::Attribute::String(name)) = module.ops[f].attr("sym_name") {
                let _ = it.call(name, &[]);
            }
        }
    }
    for &(name, _) in PASSES {
        let extra = pick(rng, option_spread(name));
        for opts in [default_options(name), extra] {
            let opts = if rng.chance(10) {
                mutate_integers(rng, opts)
            } else {
                opts.to_string()
            };
            stage(&format!("--{name}=\"{opts}\""));
            let mut m = module.clone();
            if run_one_pass(&mut m, name, &opts, problems) {
                stage(&format!("print after --{name}=\"{opts}\""));
                if check_outputs {
                    roundtrip(&m, &format!("--{name}=\"{opts}\""), name, problems);
                }
            }
        }
    }
    let mut m = module;
    let mut chain = Vec::new();
    let mut names = Vec::new();
    for _ in 0..3 {
        let (name, _) = pick(rng, PASSES);
        let opts = pick(rng, option_spread(name));
        chain.push(format!("--{name}=\"{opts}\""));
        names.push(*name);
        stage(&format!("chain {}", chain.join(" ")));
        run_one_pass(&mut m, name, opts, problems);
    }
    stage(&format!("print after chain {}", chain.join(" ")));
    if check_outputs {
        let what = format!("chain {}", chain.join(" "));
        roundtrip(&m, &what, &format!("chain {}", names.join(",")), problems);
    }
}

fn run_calc(line: &str, stage: Stage, problems: &mut Vec<Problem>) {
    stage("query");
    let Ok(answer) = run_query(line) else {
        return;
    };
    ACCEPTED.store(true, Ordering::Relaxed);
    let op = line.split_whitespace().next().unwrap_or("");
    if !matches!(
        op,
        "simplify"
            | "compose"
            | "intersect"
            | "union"
            | "subtract"
            | "complement"
            | "project"
            | "domain"
            | "range"
            | "inverse"
            | "wrap"
            | "apply"
            | "apply-range"
            | "range-product"
            | "intersect-domain"
            | "intersect-range"
    ) {
        return;
    }
    for part in answer.split(" or ") {
        // A relation piece (`(d0) -> (d1) : (...)`) or a set with
        // existentials (`(d0) : exists (d1) : (...)`) is read back by a
        // query that takes Presburger text; maps and sets by simplify.
        let relation_form = part.contains("->") && part.contains(" : ");
        let existentials = part.contains(" : exists (");
        let (reader, query) = if relation_form || existentials {
            ("is-empty", format!("is-empty {part}"))
        } else {
            ("simplify", format!("simplify {part}"))
        };
        stage("read the answer back");
        if let Err(e) = run_query(&query) {
            problems.push(Problem {
                kind: "calc-answer".into(),
                key: format!("{op}: answer rejected by {reader}: {}", e.message),
                message: format!("the answer `{answer}` does not parse again: {e}"),
            });
        }
    }
}

fn run_pipeline(pipeline: &str, program: &str, stage: Stage, problems: &mut Vec<Problem>) {
    stage("parse pipeline");
    let Ok(passes) = parse_pass_pipeline(pipeline) else {
        return;
    };
    let Ok(mut m) = parse_and_verify("fuzz.mlir", program) else {
        return;
    };
    ACCEPTED.store(true, Ordering::Relaxed);
    for pass in &passes {
        stage(&format!("pipeline pass {} {:?}", pass.name, pass.options));
        match run_pass(&mut m, pass) {
            Ok(_) => {}
            Err(e) => {
                if e.message.contains("internal error") {
                    problems.push(Problem {
                        kind: "invalid-output".into(),
                        key: format!(
                            "{}: output does not verify: {}",
                            pass.name,
                            e.message.split("error: ").last().unwrap_or_default()
                        ),
                        message: format!("{pipeline}: {}", e.message),
                    });
                }
                return;
            }
        }
    }
    stage("print after pipeline");
    let names: Vec<&str> = passes.iter().map(|p| p.name.as_str()).collect();
    roundtrip(
        &m,
        pipeline,
        &format!("pipeline {}", names.join(",")),
        problems,
    );
}

fn run_case(case: &Case, rng: &mut Rng, stage: Stage) -> Vec<Problem> {
    let mut problems = Vec::new();
    match &case.kind {
        Kind::Mlir(text) => run_mlir(text, rng, stage, &mut problems),
        Kind::Calc(line) => run_calc(line, stage, &mut problems),
        Kind::Pipeline { pipeline, program } => {
            run_pipeline(pipeline, program, stage, &mut problems)
        }
    }
    problems
}

fn clip(s: &str, n: usize) -> String {
    if s.len() <= n {
        return s.to_string();
    }
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n... ({} bytes in all)", &s[..end], s.len())
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\n', "\\n")
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some(d) => out.push(d),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether the current input was accepted (verified, answered, parsed).
static ACCEPTED: AtomicBool = AtomicBool::new(false);

static PANIC_INFO: Mutex<Option<String>> = Mutex::new(None);

/// Worker mode: run inputs `start..end`, reporting progress on stdout.
fn worker(spec: &str) {
    let (seed, start, end) = parse_worker_spec(spec).expect("worker spec seed:start:end");
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut slot) = PANIC_INFO.lock() {
            *slot = Some(info.to_string());
        }
    }));
    let work = move || {
        let corpus = load_corpus();
        let stdout = std::io::stdout();
        let say = |line: String| {
            let mut out = stdout.lock();
            let _ = writeln!(out, "{TAG} {line}");
            let _ = out.flush();
        };
        for index in start..end {
            let case = make_case(&corpus, seed, index);
            let mut rng = rng_for(seed, index, 1);
            say(format!("BEGIN {index}"));
            let began = Instant::now();
            let mut stage = |s: &str| say(format!("STAGE {index} {}", escape(s)));
            ACCEPTED.store(false, Ordering::Relaxed);
            let result = catch_unwind(AssertUnwindSafe(|| run_case(&case, &mut rng, &mut stage)));
            let problems = match result {
                Ok(p) => p,
                Err(_) => {
                    let msg = PANIC_INFO
                        .lock()
                        .ok()
                        .and_then(|mut s| s.take())
                        .unwrap_or_else(|| "panic".to_string());
                    let mut lines = msg.lines();
                    let key = format!(
                        "{} {}",
                        lines.next().unwrap_or_default(),
                        lines.next().unwrap_or_default()
                    );
                    vec![Problem {
                        kind: "panic".into(),
                        key: clip(&key, 200),
                        message: msg,
                    }]
                }
            };
            for p in problems {
                say(format!(
                    "FAIL {index} {}\t{}\t{}",
                    p.kind,
                    escape(&p.key),
                    escape(&p.message)
                ));
            }
            say(format!(
                "DONE {index} {} {}",
                began.elapsed().as_millis(),
                u8::from(ACCEPTED.load(Ordering::Relaxed))
            ));
        }
    };
    std::thread::Builder::new()
        .name("no-crash-worker".into())
        .stack_size(WORKER_STACK)
        .spawn(work)
        .expect("spawn the worker thread")
        .join()
        .expect("the worker thread");
}

fn parse_worker_spec(spec: &str) -> Option<(u64, usize, usize)> {
    let mut it = spec.split(':');
    let seed = parse_u64(it.next()?)?;
    let start = it.next()?.parse().ok()?;
    let end = it.next()?.parse().ok()?;
    Some((seed, start, end))
}

fn parse_u64(s: &str) -> Option<u64> {
    let s = s.trim();
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

// ---------------------------------------------------------------------------
// The parent: workers, watchdog, report
// ---------------------------------------------------------------------------

/// One failure, as the parent records it.
#[derive(Clone, Debug)]
struct Failure {
    index: Option<usize>,
    kind: String,
    /// What makes two failures the same bug; empty: derived from the stage.
    key: String,
    stage: String,
    message: String,
    label: String,
    input: String,
}

impl Failure {
    /// What makes two failures the same bug.
    fn signature(&self) -> String {
        let key = if self.key.is_empty() {
            // A crash or a hang: the pass it happened in.
            self.stage
                .split_whitespace()
                .find(|w| w.starts_with("--"))
                .map(|w| w.split('=').next().unwrap_or(w).to_string())
                .unwrap_or_else(|| self.stage.clone())
        } else {
            self.key.clone()
        };
        format!("{} | {}", self.kind, strip_digits(&clip(&key, 200)))
    }
}

fn strip_digits(s: &str) -> String {
    let mut out = String::new();
    let mut last_digit = false;
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('N');
            }
            last_digit = true;
        } else {
            out.push(c);
            last_digit = false;
        }
    }
    out
}

#[derive(Default)]
struct Outcome {
    failures: Vec<Failure>,
    slow: Vec<(usize, Duration, String)>,
    done: usize,
    /// Per input group: (inputs, accepted ones).
    groups: [(usize, usize); 4],
}

/// The group names of [`group_of`].
const GROUPS: [&str; 4] = [
    "mutated MLIR files",
    "generated loop nests",
    "calc queries",
    "pass pipelines",
];

/// Which group input `index` is in (see [`make_case`]).
fn group_of(index: usize) -> usize {
    match index % 20 {
        0..=10 => 0,
        11..=12 => 1,
        13..=18 => 2,
        _ => 3,
    }
}

enum Event {
    Line(String),
    Eof,
}

fn describe_status(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            let name = match sig {
                6 => "SIGABRT",
                9 => "SIGKILL",
                11 => "SIGSEGV",
                4 => "SIGILL",
                7 => "SIGBUS",
                _ => "signal",
            };
            return format!("killed by {name} ({sig})");
        }
    }
    format!("{status}")
}

/// Runs inputs `start..end` in child processes, restarting after a crash
/// or a hang.
fn supervise(seed: u64, start: usize, end: usize, corpus: &Corpus) -> Outcome {
    let exe = std::env::current_exe().expect("the test binary");
    let mut outcome = Outcome::default();
    let mut next = start;
    // Once a range has hung twice the test fails anyway: later hangs are
    // detected sooner, so that one slow bug does not stall the run.
    let mut hangs = 0;
    while next < end {
        let budget = Duration::from_secs(if hangs >= 2 { HANG_SECS / 4 } else { HANG_SECS });
        let spec = format!("{seed}:{next}:{end}");
        let mut cmd = if cfg!(unix) {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!(
                    "ulimit -v {WORKER_MEMORY_KIB} 2>/dev/null; exec \"$0\" \"$@\""
                ))
                .arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        cmd.args(["--exact", TEST_NAME, "--nocapture", "--test-threads=1"])
            .env(ENV_WORKER, &spec)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("start a worker child");
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take().expect("child stdout");
        let reader = std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        });
        let mut stderr = child.stderr.take().expect("child stderr");
        let err_reader = std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = stderr.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        });

        let mut current: Option<(usize, Instant)> = None;
        let mut stage = String::new();
        let mut hung = false;
        loop {
            let wait = match current {
                Some((_, t)) => budget.saturating_sub(t.elapsed()),
                // Between inputs (or starting): loading the corpus.
                None => Duration::from_secs(HANG_SECS * 2),
            };
            match rx.recv_timeout(wait) {
                Ok(Event::Line(line)) => {
                    // libtest may print `test NAME ... ` before the first tag.
                    let Some(rest) = line.find(TAG).map(|at| &line[at + TAG.len()..]) else {
                        if start + 1 == end && line.starts_with("no_crash") {
                            println!("{line}");
                        }
                        continue;
                    };
                    let rest = rest.trim_start();
                    let (word, rest) = rest.split_once(' ').unwrap_or((rest, ""));
                    let (idx, rest) = rest.split_once(' ').unwrap_or((rest, ""));
                    let Ok(idx) = idx.parse::<usize>() else {
                        continue;
                    };
                    match word {
                        "BEGIN" => {
                            current = Some((idx, Instant::now()));
                            stage.clear();
                        }
                        "STAGE" => stage = unescape(rest),
                        "FAIL" => {
                            let mut fields = rest.splitn(3, '\t');
                            let kind = fields.next().unwrap_or_default();
                            let key = fields.next().unwrap_or_default();
                            let msg = fields.next().unwrap_or_default();
                            let case = make_case(corpus, seed, idx);
                            outcome.failures.push(Failure {
                                index: Some(idx),
                                kind: kind.to_string(),
                                key: unescape(key),
                                // Problems are reported when the input is done;
                                // only a panic's stage is where it happened.
                                stage: if kind == "panic" {
                                    stage.clone()
                                } else {
                                    String::new()
                                },
                                message: unescape(msg),
                                label: case.label.clone(),
                                input: case.text(),
                            });
                        }
                        "DONE" => {
                            let took = current.map(|(_, t)| t.elapsed()).unwrap_or_default();
                            if took >= Duration::from_secs(SLOW_SECS) {
                                outcome.slow.push((idx, took, stage.clone()));
                            }
                            outcome.done += 1;
                            let group = group_of(idx);
                            outcome.groups[group].0 += 1;
                            if rest.ends_with(" 1") {
                                outcome.groups[group].1 += 1;
                            }
                            current = None;
                            next = idx + 1;
                        }
                        _ => {}
                    }
                }
                Ok(Event::Eof) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    // Silent for too long, in an input or between two.
                    hung = true;
                    hangs += 1;
                    current = current.or(Some((next, Instant::now() - wait)));
                    let _ = child.kill();
                    break;
                }
            }
        }
        let status = child.wait().expect("wait for the worker child");
        drop(rx);
        let _ = reader.join();
        let stderr_text = err_reader.join().unwrap_or_default();
        if let Some((idx, t)) = current {
            let case = make_case(corpus, seed, idx);
            let (kind, message) = if hung {
                (
                    "hang".to_string(),
                    format!("no answer after {:.1} s", t.elapsed().as_secs_f64()),
                )
            } else {
                let tail: Vec<&str> = stderr_text
                    .lines()
                    .filter(|l| !l.trim().is_empty() && !l.starts_with("running "))
                    .collect();
                let tail = tail[tail.len().saturating_sub(3)..].join(" / ");
                let kind = if stderr_text.contains("has overflowed its stack") {
                    "stack-overflow"
                } else if stderr_text.contains("memory allocation of") {
                    "out-of-memory"
                } else {
                    "crash"
                };
                (
                    kind.to_string(),
                    format!("worker {}: {}", describe_status(status), tail),
                )
            };
            outcome.failures.push(Failure {
                key: String::new(),
                index: Some(idx),
                kind,
                stage: stage.clone(),
                message,
                label: case.label.clone(),
                input: case.text(),
            });
            next = idx + 1;
        } else if next < end {
            // The child ended between inputs without finishing: give up on
            // this range rather than loop.
            outcome.failures.push(Failure {
                key: String::new(),
                index: Some(next),
                kind: "worker-exit".into(),
                stage: String::new(),
                message: format!(
                    "worker {} before input {next}: {}",
                    describe_status(status),
                    clip(&stderr_text, 2000)
                ),
                label: String::new(),
                input: String::new(),
            });
            break;
        }
    }
    outcome
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| parse_u64(&v))
}

#[test]
fn mutated_inputs_do_not_crash() {
    if let Ok(spec) = std::env::var(ENV_WORKER) {
        worker(&spec);
        return;
    }
    let seed = env_u64(ENV_SEED).unwrap_or(DEFAULT_SEED);
    let total = env_u64(ENV_INPUTS).map_or(DEFAULT_INPUTS, |n| n as usize);
    let (first, last) = match env_u64(ENV_ONLY) {
        Some(i) => (i as usize, i as usize + 1),
        None => (0, total),
    };
    let corpus = load_corpus();
    if first + 1 == last {
        let case = make_case(&corpus, seed, first);
        println!("no_crash: input {first} ({}):\n{}", case.label, case.text());
    }
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 8)
        .min(last - first);
    let began = Instant::now();
    let chunk = (last - first).div_ceil(workers.max(1));
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let s = first + w * chunk;
                let e = (s + chunk).min(last);
                let corpus = &corpus;
                scope.spawn(move || supervise(seed, s, e, corpus))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a supervisor thread"))
            .collect()
    });
    let mut outcome = Outcome::default();
    for o in outcomes {
        outcome.failures.extend(o.failures);
        outcome.slow.extend(o.slow);
        outcome.done += o.done;
        for (g, (n, a)) in o.groups.iter().enumerate() {
            outcome.groups[g].0 += n;
            outcome.groups[g].1 += a;
        }
    }
    println!(
        "no_crash: {} inputs ({}..{}) in {:.1} s with {workers} workers, seed {seed:#x}",
        outcome.done,
        first,
        last,
        began.elapsed().as_secs_f64()
    );
    for (name, (n, accepted)) in GROUPS.iter().zip(outcome.groups) {
        println!(
            "no_crash:   {name}: {n} inputs, {accepted} accepted (verified, answered or parsed)"
        );
    }
    report(seed, &outcome.failures, &outcome.slow);
}

fn report(seed: u64, failures: &[Failure], slow: &[(usize, Duration, String)]) {
    for (i, t, stage) in slow {
        println!(
            "no_crash: slow input {i} ({:.1} s, last stage {stage}); reproduce with {ENV_SEED}={seed:#x} {ENV_ONLY}={i}",
            t.as_secs_f64()
        );
    }
    if failures.is_empty() {
        return;
    }
    let mut distinct: BTreeMap<String, (usize, &Failure)> = BTreeMap::new();
    for f in failures {
        let entry = distinct.entry(f.signature()).or_insert((0, f));
        entry.0 += 1;
        // Keep the smallest input of each kind as its example.
        if f.input.len() < entry.1.input.len() {
            entry.1 = f;
        }
    }
    let mut text = format!(
        "{} failures, {} distinct (seed {seed:#x}):\n",
        failures.len(),
        distinct.len()
    );
    // One input reproduced: print it whole, so it can be saved and cut down.
    let input_limit = if std::env::var_os(ENV_ONLY).is_some() {
        usize::MAX
    } else {
        3000
    };
    for (sig, (count, f)) in &distinct {
        text.push_str(&format!(
            "\n=== {sig}\n{count} input(s); smallest: input {} ({}){}\nstage: {}\n{}\n--- input\n{}\n",
            f.index.map_or("-".to_string(), |i| i.to_string()),
            f.label,
            f.index.map_or(String::new(), |i| format!(
                "; reproduce: {ENV_SEED}={seed:#x} {ENV_ONLY}={i} cargo test -p tessera --test no_crash -- --nocapture"
            )),
            f.stage,
            clip(&f.message, 2000),
            clip(&f.input, input_limit),
        ));
    }
    panic!("{text}");
}

// ---------------------------------------------------------------------------
// Deep inputs, through the binaries (whose stack is the tools' own)
// ---------------------------------------------------------------------------

/// Runs a binary on `stdin` with `args`, killing it after [`BINARY_HANG_SECS`]
/// (the deep cases are heavy by design and share the machine with the
/// workers of the other test, so their budget is larger).
/// Returns `(status or None on timeout, stdout, stderr)`.
fn run_binary(bin: &str, args: &[String], stdin: &str) -> (Option<ExitStatus>, String, String) {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start a binary");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(data.as_bytes());
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let deadline = Instant::now() + Duration::from_secs(BINARY_HANG_SECS);
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let _ = writer.join();
    (
        status,
        out_reader.join().unwrap_or_default(),
        err_reader.join().unwrap_or_default(),
    )
}

fn nest(depth: usize, body: &str) -> String {
    let mut s = String::from("func.func @deep(%A: memref<4xf32>) {\n");
    for k in 0..depth {
        s.push_str(&format!("affine.for %i{k} = 0 to 2 {{\n"));
    }
    s.push_str(&body.replace("LAST", &format!("%i{}", depth.saturating_sub(1))));
    for _ in 0..depth {
        s.push_str("}\n");
    }
    s.push_str("return\n}\n");
    s
}

const NEST_BODY: &str =
    "%v = affine.load %A[LAST] : memref<4xf32>\naffine.store %v, %A[%i0 + 1] : memref<4xf32>\n";

fn wrap_apply(map_body: &str) -> String {
    format!(
        "func.func @e(%i: index) -> index {{\n  %r = affine.apply affine_map<(d0) -> ({map_body})>(%i)\n  return %r : index\n}}\n"
    )
}

/// A binary run that must end without a signal or a panic.
struct Heavy {
    label: String,
    bin: &'static str,
    args: Vec<String>,
    stdin: String,
    /// Whether a successful run's stdout is MLIR that must parse again.
    reparse: bool,
}

fn heavy_cases() -> Vec<Heavy> {
    let opt = env!("CARGO_BIN_EXE_tessera-opt");
    let calc = env!("CARGO_BIN_EXE_tessera-calc");
    let mut cases = Vec::new();
    let mut add = |label: String, bin: &'static str, args: Vec<String>, stdin: String, reparse| {
        cases.push(Heavy {
            label,
            bin,
            args,
            stdin,
            reparse,
        })
    };
    let deep = nest(300, NEST_BODY);
    for &(pass, _) in PASSES {
        let mut options = vec![default_options(pass).to_string()];
        let heavy_option = match pass {
            "affine-loop-unroll" => Some("unroll-full"),
            "affine-loop-tile" => Some("tile-size=4294967295 separate"),
            "affine-loop-unroll-jam" => Some("unroll-jam-factor=4294967295"),
            _ => None,
        };
        options.extend(heavy_option.map(str::to_string));
        for o in options {
            add(
                format!("300-deep nest --{pass}=\"{o}\""),
                opt,
                vec!["-".into(), format!("--{pass}={o}")],
                deep.clone(),
                true,
            );
        }
    }
    add(
        "300-deep nest, generic print".into(),
        opt,
        vec!["-".into(), "--mlir-print-op-generic".into()],
        deep,
        true,
    );
    let max = tessera_ir::parser::MAX_DEPTH;
    for depth in [max - 8, max + 1, 20_000] {
        add(
            format!("{depth}-deep nest"),
            opt,
            vec!["-".into()],
            nest(depth, NEST_BODY),
            true,
        );
    }
    // Deep affine.if nest with extreme constants.
    let mut ifs = String::from("func.func @ifs(%n: index, %A: memref<4xf32>) {\n");
    for k in 0..300 {
        let c = EXTREMES[k % 5];
        ifs.push_str(&format!(
            "affine.if affine_set<(d0) : (d0 - {} >= 0, d0 + {c} >= 0)>(%n) {{\n",
            k % 7
        ));
    }
    ifs.push_str(
        "%v = affine.load %A[0] : memref<4xf32>\naffine.store %v, %A[1] : memref<4xf32>\n",
    );
    for _ in 0..300 {
        ifs.push_str("}\n");
    }
    ifs.push_str("return\n}\n");
    for flag in [
        "--affine-loop-normalize",
        "--affine-parallelize",
        "--test-memref-dependence-check",
        "--test-memref-bound-check",
    ] {
        add(
            format!("300-deep affine.if nest {flag}"),
            opt,
            vec!["-".into(), flag.into()],
            ifs.clone(),
            true,
        );
    }
    // Deep generic regions and scf nests.
    let mut generic = String::from("func.func @g() {\n");
    for _ in 0..500 {
        generic.push_str("\"x.op\"() ({\n");
    }
    for _ in 0..500 {
        generic.push_str("}) : () -> ()\n");
    }
    generic.push_str("return\n}\n");
    add(
        "500-deep generic regions".into(),
        opt,
        vec!["-".into()],
        generic,
        true,
    );
    // Deep and long expressions.
    for depth in [200, 5_000, 100_000] {
        let parens = format!("{}d0{}", "(".repeat(depth), ")".repeat(depth));
        add(
            format!("{depth} nested parentheses in an affine.apply map"),
            opt,
            vec!["-".into(), "--affine-loop-normalize".into()],
            wrap_apply(&parens),
            true,
        );
        add(
            format!("calc: simplify of {depth} nested parentheses"),
            calc,
            vec![],
            format!("simplify (d0) -> ({parens})\n"),
            false,
        );
        let negs = format!("{}d0{}", "-(".repeat(depth), ")".repeat(depth));
        add(
            format!("calc: is-empty of {depth} nested negations"),
            calc,
            vec![],
            format!("is-empty (d0) : ({negs} >= 0)\n"),
            false,
        );
    }
    for terms in [1_000, 20_000] {
        let sum: Vec<String> = (0..terms).map(|k| format!("d{}", k % 2)).collect();
        let sum = sum.join(" + ");
        add(
            format!("calc: simplify of a {terms}-term sum"),
            calc,
            vec![],
            format!("simplify (d0, d1) -> ({sum})\n"),
            false,
        );
        let nested: String = (0..terms.min(5000)).fold("d0".to_string(), |acc, k| {
            format!("({acc} + {}) floordiv 2", k % 5)
        });
        add(
            format!("calc: simplify of {} nested floordivs", terms.min(5000)),
            calc,
            vec![],
            format!("simplify (d0) -> ({nested})\n"),
            false,
        );
    }
    // The whole query file, in one process.
    let queries = std::fs::read_to_string(root().join("examples/queries.txt")).unwrap_or_default();
    add(
        "calc: examples/queries.txt".into(),
        calc,
        vec![],
        queries,
        false,
    );
    cases
}

#[test]
fn deep_inputs_through_the_binaries_do_not_crash() {
    if std::env::var(ENV_WORKER).is_ok() {
        return;
    }
    let opt = env!("CARGO_BIN_EXE_tessera-opt");
    let mut failures = Vec::new();
    let began = Instant::now();
    let cases = heavy_cases();
    for case in &cases {
        let started = Instant::now();
        let (status, stdout, stderr) = run_binary(case.bin, &case.args, &case.stdin);
        let took = started.elapsed();
        let tool = Path::new(case.bin)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let problem = match status {
            None => Some(("hang", format!("killed after {BINARY_HANG_SECS} s"))),
            Some(s) if s.code().is_none() => Some((
                if stderr.contains("has overflowed its stack") {
                    "stack-overflow"
                } else {
                    "crash"
                },
                format!("{}: {}", describe_status(s), clip(&stderr, 600)),
            )),
            Some(_) if stderr.contains("panicked at") => Some(("panic", clip(&stderr, 1200))),
            Some(s) if s.success() && case.reparse => {
                // The printed output must be accepted again.
                let (again, _, err2) = run_binary(opt, &["-".to_string()], &stdout);
                match again {
                    Some(a) if a.success() => None,
                    other => Some((
                        "invalid-output",
                        format!(
                            "the output does not parse again ({}): {}",
                            other.map_or("hang".to_string(), describe_status),
                            clip(&err2, 600)
                        ),
                    )),
                }
            }
            Some(_) => None,
        };
        if took >= Duration::from_secs(SLOW_SECS) {
            println!(
                "no_crash: slow binary case ({:.1} s): {} {}",
                took.as_secs_f64(),
                tool,
                case.label
            );
        }
        if let Some((kind, message)) = problem {
            failures.push(Failure {
                key: String::new(),
                index: None,
                kind: kind.to_string(),
                stage: format!("{tool} {}", case.args.join(" ")),
                message,
                label: case.label.clone(),
                input: case.stdin.clone(),
            });
        }
    }
    println!(
        "no_crash: {} binary cases in {:.1} s",
        cases.len(),
        began.elapsed().as_secs_f64()
    );
    if !failures.is_empty() {
        let mut text = format!("{} binary case(s) failed:\n", failures.len());
        for f in &failures {
            text.push_str(&format!(
                "\n=== {} | {} | {}\n{}\n--- input\n{}\n",
                f.kind,
                f.label,
                f.stage,
                f.message,
                clip(&f.input, 400)
            ));
        }
        panic!("{text}");
    }
}

/// The inputs the soak found slow or crashing, each through the flags on
/// its `// RUN-FLAGS:` line: each must finish (any exit status but a
/// crash) within [`BINARY_HANG_SECS`].
/// Flags split at spaces outside double quotes, the quotes removed, as a
/// shell would (`--affine-loop-unroll="unroll-full unroll-factor=4"`).
fn split_flags(line: &str) -> Vec<String> {
    let mut flags = Vec::new();
    let (mut current, mut quoted) = (String::new(), false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !current.is_empty() {
                    flags.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        flags.push(current);
    }
    flags
}

#[test]
fn inputs_found_by_soaking_finish() {
    if std::env::var(ENV_WORKER).is_ok() {
        return;
    }
    let opt = env!("CARGO_BIN_EXE_tessera-opt");
    let found = mlir_files("tests/inputs/found");
    assert!(!found.is_empty(), "no input in tests/inputs/found");
    for (name, text) in found {
        let flags = split_flags(
            text.lines()
                .find_map(|l| l.strip_prefix("// RUN-FLAGS:"))
                .unwrap_or_else(|| panic!("{name}: no RUN-FLAGS line")),
        );
        let (status, _, stderr) = run_binary(opt, &flags, &text);
        let status = status.unwrap_or_else(|| panic!("{name}: hangs ({flags:?})"));
        assert!(
            status.code().is_some() && !stderr.contains("panicked at"),
            "{name}: {}",
            clip(&stderr, 600)
        );
    }
}
