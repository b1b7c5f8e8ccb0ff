//! `--test-memref-bound-check` judged by mlir-opt 19 and by execution.
//!
//! - Against mlir-opt: on every `.mlir` file of the corpora, the errors
//!   (with their source lines and `see current operation` notes) are
//!   mlir-opt's, byte for byte, except where mlir-opt is wrong:
//!   * an upper bound of a dynamic dimension (mlir-opt 19 compares the size
//!     with -1 but stores `?` as `INT64_MIN`, so it reports every one);
//!   * its false alarms: accesses that cannot cross the bound (regions
//!     integer-empty but rationally non-empty, divisions and `mod`s,
//!     `affine.if` conditions mlir-opt leaves out). Each is refuted by
//!     enumerating the access's domain (symbols in -6..=6, up to 64
//!     iterations per loop); `tests/lit/memref-bound-check-exact.mlir`
//!     holds such cases, and its programs are run below.
//!
//!   tessera never reports what mlir-opt does not.
//! - Witnesses: each violation's iteration is in the access's domain and
//!   its subscript is out of range there.
//! - By execution: the exact file's programs print the same in the
//!   interpreter (bounds-checked), the C back end (checked code) and
//!   `mlir-cpu-runner`; the suite kernels (in bounds: they run under the
//!   checked interpreter) have no error.

#[path = "../ir/tests/common/mod.rs"]
mod common;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::path::Path;

use pass_checks::{chunks, corpus, interpret};
use tessera::backend::{compile, CompileOptions, EmitOptions};
use tessera::ir::{parse_and_verify, Module, OpId, Type};
use tessera::kernels::{all, Dataset};
use tessera::transforms::bound_check::{memref_bound_check, BoundViolation, Side};
use tessera::transforms::dependence::{collect_accesses, AccessDesc, Modelled};

const EXACT: &str = "tests/lit/memref-bound-check-exact.mlir";

/// The diagnostics of stderr as blocks, each starting at a `<stdin>:` line.
fn blocks(stderr: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in stderr.lines() {
        if line.starts_with("<stdin>:") && line.contains(": error: ") || out.is_empty() {
            out.push(String::new());
        }
        let last = out.last_mut().expect("a block");
        last.push_str(line);
        last.push('\n');
    }
    out
}

/// The access, dimension (from 0) and side of an error block.
fn target(module: &Module, block: &str) -> Option<(OpId, usize, Side)> {
    let head = block.lines().next()?;
    let dim = head
        .rsplit('#')
        .next()?
        .parse::<usize>()
        .ok()?
        .checked_sub(1)?;
    let side = if head.contains("out of upper bound") {
        Side::Upper
    } else {
        Side::Lower
    };
    let mut parts = head.split(':').skip(1);
    let line: u32 = parts.next()?.parse().ok()?;
    let col: u32 = parts.next()?.parse().ok()?;
    let op = module.walk().into_iter().find(|&op| {
        let d = &module.ops[op];
        d.loc.line == line && d.loc.col == col && d.name.starts_with("affine.")
    })?;
    Some((op, dim, side))
}

/// The static size of dimension `dim` of the memref `op` accesses.
fn dim_size(module: &Module, op: OpId, dim: usize) -> Option<i64> {
    let d = &module.ops[op];
    let at = usize::from(d.name.ends_with("store"));
    match module.value_type(*d.operands.get(at)?) {
        Type::MemRef { shape, .. } => shape.get(dim).copied().filter(|&s| s >= 0),
        _ => None,
    }
}

/// Symbol values tried, and the most iterations enumerated per loop.
const SYMBOLS: std::ops::RangeInclusive<i64> = -6..=6;
const MAX_TRIPS: i64 = 64;

/// A point of an access's domain: induction variables, symbols.
type Point = (Vec<i64>, Vec<i64>);

/// Enumerates the access's domain (symbols in [`SYMBOLS`], at most
/// [`MAX_TRIPS`] iterations of each loop): the number of points visited,
/// or the first point where the subscript crosses the bound.
fn enumerate(a: &AccessDesc, dim: usize, side: Side, size: Option<i64>) -> Result<usize, Point> {
    fn go(
        a: &AccessDesc,
        test: &dyn Fn(&[i64], &[i64]) -> bool,
        ivs: &mut Vec<i64>,
        syms: &[i64],
        count: &mut usize,
    ) -> Result<(), Point> {
        let k = ivs.len();
        if k == a.loops.len() {
            let guarded = a.guards.iter().all(|g| {
                let dims = g.set.num_dims() as usize;
                g.set.contains(&ivs[..dims], syms).unwrap_or(false) == g.holds
            });
            if guarded {
                *count += 1;
                if test(ivs, syms) {
                    return Err((ivs.clone(), syms.to_vec()));
                }
            }
            return Ok(());
        }
        let l = &a.loops[k];
        let lb = l
            .lower
            .evaluate(ivs, syms)
            .unwrap()
            .into_iter()
            .max()
            .unwrap();
        let ub = l
            .upper
            .evaluate(ivs, syms)
            .unwrap()
            .into_iter()
            .min()
            .unwrap();
        let mut iv = lb;
        while iv < ub.min(lb + MAX_TRIPS * l.step) {
            ivs.push(iv);
            go(a, test, ivs, syms, count)?;
            ivs.pop();
            iv += l.step;
        }
        Ok(())
    }
    let test = |ivs: &[i64], syms: &[i64]| {
        let index = a.subscripts.evaluate(ivs, syms).unwrap()[dim];
        match side {
            Side::Upper => size.is_some_and(|s| index >= s),
            Side::Lower => index < 0,
        }
    };
    let ns = a.num_symbols as usize;
    assert!(ns <= 3, "too many symbols to enumerate");
    let mut count = 0;
    let mut syms = vec![*SYMBOLS.start(); ns];
    loop {
        go(a, &test, &mut Vec::new(), &syms, &mut count)?;
        // The next symbol tuple, odometer-style.
        let Some(i) = syms.iter().position(|&v| v < *SYMBOLS.end()) else {
            return Ok(count);
        };
        syms[i] += 1;
        syms[..i].fill(*SYMBOLS.start());
    }
}

/// The model of an access.
fn model(module: &Module, op: OpId) -> AccessDesc {
    let accesses = collect_accesses(module, module.top);
    let at = accesses
        .ops
        .iter()
        .position(|&o| o == op)
        .expect("an access");
    match &accesses.models[at] {
        Modelled::Exact(a) => a.clone(),
        Modelled::Unknown { reason, .. } => panic!("unmodelled access: {reason}"),
    }
}

#[test]
fn errors_are_mlir_opts_where_mlir_opt_is_right() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("bound check against mlir-opt");
        return;
    };
    let tessera = env!("CARGO_BIN_EXE_tessera-opt");
    let (mut compared, mut dynamic, mut refuted, mut enumerated) = (0, 0, 0, 0);
    for (name, text) in corpus() {
        for (k, chunk) in chunks(&text).into_iter().enumerate() {
            let (ok, _, expected) = common::run_tool(&opt, &["--test-memref-bound-check"], &chunk);
            if !ok {
                continue; // an input mlir-opt rejects
            }
            let (ok, _, got) =
                common::run_tool(Path::new(tessera), &["--test-memref-bound-check"], &chunk);
            assert!(ok, "{name} chunk {k}: tessera-opt fails:\n{got}");
            let module = parse_and_verify(&name, &chunk).expect("mlir-opt accepts it");
            let (theirs, ours) = (blocks(&expected), blocks(&got));
            for b in &ours {
                assert!(
                    theirs.contains(b),
                    "{name} chunk {k}: tessera reports what mlir-opt does not:\n{b}\nmlir-opt:\n{expected}"
                );
            }
            for b in theirs.iter().filter(|b| !ours.contains(b)) {
                let (op, dim, side) = target(&module, b)
                    .unwrap_or_else(|| panic!("{name} chunk {k}: which access?\n{b}"));
                let size = dim_size(&module, op, dim);
                if side == Side::Upper && size.is_none() {
                    dynamic += 1;
                    continue;
                }
                // mlir-opt's false alarm: no point of the domain crosses.
                match enumerate(&model(&module, op), dim, side, size) {
                    Ok(points) => {
                        refuted += 1;
                        enumerated += points;
                    }
                    Err(p) => panic!("{name} chunk {k}: tessera misses {p:?}:\n{b}"),
                }
            }
            compared += 1;
        }
    }
    println!(
        "{compared} inputs compared; mlir-opt's extra errors: {dynamic} on dynamic upper bounds, \
         {refuted} false alarms ({enumerated} points enumerated, none out of bounds)"
    );
    assert!(compared >= 100, "only {compared} inputs compared");
    assert!(refuted >= 6, "mlir-opt's false alarms: {refuted}");
}

/// Checks a violation's witness against its access's model.
fn check_witness(module: &Module, name: &str, v: &BoundViolation) {
    let a = &model(module, v.op);
    let (ivs, syms) = (&v.iteration, &v.symbols);
    for (k, l) in a.loops.iter().enumerate() {
        let lb = *l
            .lower
            .evaluate(&ivs[..k], syms)
            .unwrap()
            .iter()
            .max()
            .unwrap();
        let ub = *l
            .upper
            .evaluate(&ivs[..k], syms)
            .unwrap()
            .iter()
            .min()
            .unwrap();
        assert!(
            lb <= ivs[k] && ivs[k] < ub,
            "{name}: {v:?} outside loop {k}"
        );
        assert_eq!(
            (ivs[k] - lb) % l.step,
            0,
            "{name}: {v:?} off loop {k}'s stride"
        );
    }
    for g in &a.guards {
        let dims = g.set.num_dims() as usize;
        assert_eq!(
            g.set.contains(&ivs[..dims], syms).unwrap(),
            g.holds,
            "{name}: {v:?} guard"
        );
    }
    let index = a.subscripts.evaluate(ivs, syms).unwrap()[v.dim];
    let d = &module.ops[v.op];
    let at = usize::from(d.name.ends_with("store"));
    let Type::MemRef { shape, .. } = module.value_type(d.operands[at]) else {
        panic!("{name}: not a memref");
    };
    match v.side {
        Side::Upper => assert!(
            index >= shape[v.dim],
            "{name}: {v:?} index {index} in bounds"
        ),
        Side::Lower => assert!(index < 0, "{name}: {v:?} index {index} not negative"),
    }
}

#[test]
fn every_witness_is_out_of_bounds() {
    let mut checked = 0;
    for (name, text) in corpus() {
        for chunk in chunks(&text) {
            let Ok(module) = parse_and_verify(&name, &chunk) else {
                continue;
            };
            for v in memref_bound_check(&module) {
                check_witness(&module, &name, &v);
                checked += 1;
            }
        }
    }
    println!("{checked} witnesses checked");
    assert!(checked >= 20, "only {checked} witnesses");
}

#[test]
fn the_exact_files_programs_run_in_bounds_everywhere() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(EXACT)).expect("read");
    let cc = std::process::Command::new("cc")
        .arg("--version")
        .output()
        .is_ok();
    if !cc {
        println!("SKIPPED: no C compiler (the exact file through the C back end)");
    }
    let mlir = common::mlir_cpu_runner().is_some() && common::runner_libs().is_some();
    if !mlir {
        common::skipped("the exact file under mlir-cpu-runner");
    }
    for (k, chunk) in chunks(&text).into_iter().enumerate() {
        let m = parse_and_verify(EXACT, &chunk).unwrap_or_else(|e| panic!("chunk {k}: {e}"));
        assert!(memref_bound_check(&m).is_empty(), "chunk {k}");
        let expected = interpret(&m);
        assert!(!expected.is_empty(), "chunk {k} prints nothing");
        if cc {
            let options = CompileOptions {
                emit: EmitOptions {
                    checks: true,
                    openmp: false,
                    ..EmitOptions::default()
                },
                ..CompileOptions::default()
            };
            let lib = compile(&m, &options).unwrap_or_else(|e| panic!("chunk {k}: {e}"));
            assert_eq!(
                lib.run("main").expect("run"),
                expected,
                "chunk {k}: C back end"
            );
        }
        if let Some(got) = common::mlir_run_main(&chunk) {
            assert_eq!(
                got,
                common::mask_addresses(&expected),
                "chunk {k}: mlir-cpu-runner"
            );
        }
    }
}

#[test]
fn suite_kernels_have_no_error() {
    for spec in all() {
        let text = spec
            .generate(spec.default_elem(), spec.sizes(Dataset::Mini))
            .expect("kernel");
        let m = parse_and_verify(spec.name, &text).expect("kernel parses");
        let found = memref_bound_check(&m);
        assert!(found.is_empty(), "{}: {:?}", spec.name, found.first());
        interpret(&m); // every access bounds-checked
    }
}
