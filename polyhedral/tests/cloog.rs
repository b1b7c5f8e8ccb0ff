//! The scanner on CLooG's test inputs (`tests/inputs/cloog/`, the field's
//! reference code-generation problems): every input is read, converted
//! and generated; for up to three parameter valuations inside the context
//! the generated code, run by an interpreter, must visit exactly the
//! points of the domains, each once, in the order of (time vector,
//! statement, iteration vector) — compared against brute-force
//! enumeration.

mod common;

use common::scan::{brute_force_in, in_context, run_with_fuel};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};
use tessera_polyhedral::bounds::IntOpt;
use tessera_polyhedral::scan::{generate, Ast, CloogError, CloogInput, ScanProblem};
use tessera_polyhedral::VarKind;

/// The vendored inputs, sorted by name: (file stem, text, whether CLooG's
/// output is vendored beside it).
fn inputs() -> Vec<(String, String, bool)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/inputs/cloog");
    let mut out: Vec<(String, String, bool)> = std::fs::read_dir(dir)
        .expect("tests/inputs/cloog")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cloog"))
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
            let output = ["c", "f"].iter().any(|e| p.with_extension(e).exists());
            (stem, std::fs::read_to_string(&p).unwrap(), output)
        })
        .collect();
    out.sort();
    out
}

/// Parameter values are taken in `[0, MAX_PARAM]`.
const MAX_PARAM: i64 = 12;
/// The brute force searches at most this many box points per valuation.
const MAX_BOX: u128 = 200_000;
/// Valuations checked per input (with at least one point).
const VALUATIONS: usize = 3;
/// Candidate valuations tried per input at most.
const MAX_TRIES: usize = 40;

/// Candidate parameter valuations in `[0, MAX_PARAM]^p`, in increasing
/// order of their largest value: all of `[0, m]^p` when that is small, a
/// deterministic sample otherwise.
fn candidates(p: usize) -> Vec<Vec<i64>> {
    if p == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: i64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as i64
    };
    for m in 0..=MAX_PARAM {
        let size = (m as u128 + 1).checked_pow(p as u32).unwrap_or(u128::MAX);
        let mut level: Vec<Vec<i64>> = if size <= 5_000 {
            let mut all = vec![vec![]];
            for _ in 0..p {
                all = all
                    .into_iter()
                    .flat_map(|v: Vec<i64>| {
                        (0..=m).map(move |x| {
                            let mut v = v.clone();
                            v.push(x);
                            v
                        })
                    })
                    .collect();
            }
            all
        } else {
            let mut some = vec![vec![m; p]];
            some.extend((0..2_000).map(|_| (0..p).map(|_| next(m + 1)).collect()));
            some
        };
        // Only the valuations new at this level.
        level.retain(|v| v.contains(&m));
        level.sort_by_key(|v| v.iter().sum::<i64>());
        level.dedup();
        out.extend(level);
    }
    out
}

/// The bounding box of every statement's domain for the given parameter
/// values, or why there is none.
fn boxes(p: &ScanProblem, syms: &[i64]) -> Result<Vec<Vec<(i64, i64)>>, String> {
    let mut out = Vec::new();
    for (s, st) in p.statements.iter().enumerate() {
        let mut d = st.domain.clone();
        let sym = d.space().offset(VarKind::Symbol);
        for (k, &v) in syms.iter().enumerate() {
            let mut row = vec![0; d.num_cols()];
            row[sym + k] = 1;
            row[d.num_cols() - 1] = -v;
            d.add_equality(&row).unwrap();
        }
        let mut b = Vec::new();
        for col in 0..st.num_dims() {
            let lo = d.constant_lower_bound(col).map_err(|e| e.to_string())?;
            let hi = d.constant_upper_bound(col).map_err(|e| e.to_string())?;
            match (lo, hi) {
                (IntOpt::Empty, _) | (_, IntOpt::Empty) => {
                    b = vec![(1, 0); st.num_dims()];
                    break;
                }
                (IntOpt::Optimal { value: l, .. }, IntOpt::Optimal { value: h, .. }) => {
                    let l = l.to_i64().ok_or("bound beyond 64 bits")?;
                    let h = h.to_i64().ok_or("bound beyond 64 bits")?;
                    b.push((l, h));
                }
                _ => return Err(format!("statement {s} unbounded in dim {col}")),
            }
        }
        out.push(b);
    }
    Ok(out)
}

fn volume(boxes: &[Vec<(i64, i64)>]) -> u128 {
    boxes
        .iter()
        .map(|b| {
            b.iter()
                .map(|&(l, h)| if h < l { 0 } else { (h - l) as u128 + 1 })
                .fold(1u128, |a, x| a.saturating_mul(x))
        })
        .fold(0u128, |a, x| a.saturating_add(x))
}

/// What happened to one input.
enum Outcome {
    /// Not read or not converted or not generated, and why.
    Unsupported(String),
    /// Generated; the valuations checked (and their point counts), the
    /// reasons valuations were skipped, the generation time.
    Checked {
        checked: Vec<(Vec<i64>, usize)>,
        skipped: Vec<String>,
        time: Duration,
        ast: Ast,
    },
    /// A wrong result or a reader error on a valid input.
    Failed(String),
}

fn check_input(text: &str, has_output: bool) -> Outcome {
    let input: CloogInput = match text.parse() {
        Ok(i) => i,
        Err(e @ CloogError::Unsupported { .. }) => return Outcome::Unsupported(e.to_string()),
        // CLooG's own reader rejects some of its older test inputs (they
        // have no output in its test suite): ours may too.
        Err(e) if !has_output => return Outcome::Unsupported(format!("{e} (CLooG has no output)")),
        Err(e) => return Outcome::Failed(format!("reader: {e}")),
    };
    let scan = match input.to_scan() {
        Ok(s) => s,
        Err(e) => return Outcome::Unsupported(e.to_string()),
    };
    let p = &scan.problem;
    let start = Instant::now();
    let ast = match generate(p) {
        Ok(a) => a,
        Err(e) => return Outcome::Unsupported(format!("generate: {e}")),
    };
    let time = start.elapsed();
    let mut checked = Vec::new();
    let mut skipped = Vec::new();
    let mut tries = 0;
    for syms in candidates(p.num_symbols) {
        if checked
            .iter()
            .filter(|c: &&(Vec<i64>, usize)| c.1 > 0)
            .count()
            >= VALUATIONS
            || tries >= MAX_TRIES
        {
            break;
        }
        if !in_context(p, &syms) {
            continue;
        }
        tries += 1;
        let bx = match boxes(p, &syms) {
            Ok(b) => b,
            Err(e) => {
                skipped.push(format!("{syms:?}: {e}"));
                continue;
            }
        };
        let v = volume(&bx);
        if v > MAX_BOX {
            skipped.push(format!("{syms:?}: box of {v} points"));
            continue;
        }
        let want = brute_force_in(p, &syms, &bx);
        let got = run_with_fuel(&ast, &syms, 50_000_000);
        if got != want {
            let at = got.iter().zip(&want).position(|(a, b)| a != b);
            return Outcome::Failed(format!(
                "parameters {syms:?}: {} visits, {} points, first difference at {at:?} \
                 (got {:?}, want {:?})\n{ast}",
                got.len(),
                want.len(),
                at.map(|i| &got[i]),
                at.map(|i| &want[i]),
            ));
        }
        checked.push((syms, want.len()));
    }
    Outcome::Checked {
        checked,
        skipped,
        time,
        ast,
    }
}

#[test]
fn cloog_inputs_are_scanned_exactly_once_in_order() {
    let inputs = inputs();
    assert!(inputs.len() > 150, "{} inputs", inputs.len());
    let mut unsupported = Vec::new();
    let mut failed = Vec::new();
    let (mut brute_forced, mut supported) = (0, 0);
    for (name, text, has_output) in &inputs {
        let outcome = catch_unwind(AssertUnwindSafe(|| check_input(text, *has_output)))
            .unwrap_or_else(|_| Outcome::Failed("panic".into()));
        match outcome {
            Outcome::Unsupported(why) => unsupported.push(format!("{name}: {why}")),
            Outcome::Failed(why) => failed.push(format!("{name}: {why}")),
            Outcome::Checked {
                checked,
                skipped,
                time,
                ast,
            } => {
                supported += 1;
                if checked.iter().any(|c| c.1 > 0) {
                    brute_forced += 1;
                } else {
                    eprintln!(
                        "NOT BRUTE-FORCED: {name}: no valuation with points in [0, {MAX_PARAM}] \
                         within {MAX_BOX} box points; skipped: {skipped:?}"
                    );
                }
                if time > Duration::from_millis(500) {
                    eprintln!("SLOW: {name}: generated in {time:?}");
                }
                println!(
                    "{name}: {} loops, {} guards, {time:?}, checked {checked:?}",
                    ast.num_loops(),
                    ast.num_guards()
                );
            }
        }
    }
    println!("unsupported ({}):", unsupported.len());
    for u in &unsupported {
        println!("  {u}");
    }
    println!(
        "{} inputs, {supported} supported, {brute_forced} checked by brute force, {} failed",
        inputs.len(),
        failed.len()
    );
    assert!(failed.is_empty(), "failures:\n{}", failed.join("\n"));
    assert!(
        supported * 5 >= inputs.len() * 4,
        "only {supported} of {} inputs supported",
        inputs.len()
    );
}
