//! What the pass tests against mlir-opt 19 share (`tests/cse.rs`,
//! `tests/lower_affine.rs`, `tests/scalrep.rs`, `tests/bound_check.rs`,
//! `tests/coalesce.rs`, `tests/unswitch.rs`, `tests/expand_index.rs`,
//! `tests/scalar_buffers.rs`, `tests/decompose.rs`, `tests/licm.rs`):
//! the corpora, the comparison of printed modules, the runnable programs
//! and how they run.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use tessera::backend::{compile, CompileOptions, EmitOptions};
use tessera::ir::interp::Interpreter;
use tessera::ir::{print_module, Module, PrintOptions};
use tessera::kernels::{all, Dataset};

/// Every `.mlir` file under the test corpora and `examples/`.
pub fn corpus() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = [
        "examples",
        "examples/kernels",
        "ir/tests/corpus",
        "transforms/tests/fusion_corpus",
        "tests/lit",
    ];
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
            .collect();
        files.sort();
        for p in files {
            let text = std::fs::read_to_string(&p).expect("read");
            out.push((
                format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()),
                text,
            ));
        }
    }
    out
}

/// [`corpus`] split at `// -----` lines, each chunk named `file#k`.
pub fn corpus_chunks() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, text) in corpus() {
        for (k, chunk) in chunks(&text).into_iter().enumerate() {
            out.push((format!("{name}#{k}"), chunk));
        }
    }
    out
}

/// Runs `pass` (which says whether it changed something) on every corpus
/// chunk that both tools accept, except files documenting where mlir-opt
/// is wrong (`MLIR-OPT-WRONG`), and panics where tessera's output is not
/// what `mlir-opt flags` prints; returns (chunks compared, chunks
/// changed). `None` without mlir-opt.
pub fn corpus_prints_as_mlir_opt(
    flags: &[&str],
    mut pass: impl FnMut(&mut Module) -> bool,
) -> Option<(usize, usize)> {
    let opt = crate::common::mlir_opt()?;
    let (mut compared, mut changed) = (0, 0);
    for (name, text) in corpus_chunks()
        .into_iter()
        .filter(|(_, text)| !text.contains("MLIR-OPT-WRONG"))
    {
        let Ok(mut m) = tessera::ir::parse_and_verify(&name, &text) else {
            continue;
        };
        let (ok, theirs, _) = crate::common::run_tool(&opt, flags, &text);
        if !ok {
            continue;
        }
        changed += usize::from(pass(&mut m));
        let ours = print_module(&m, &PrintOptions::default());
        if let Err(d) = same_but_float_spelling(&theirs, &ours) {
            panic!("{name}: differs from mlir-opt:\n{d}");
        }
        compared += 1;
    }
    Some((compared, changed))
}

/// Panics, with the input, when tessera's output `printed` for `text` is
/// not what `mlir-opt flags` prints (nothing to compare without mlir-opt).
pub fn prints_as_mlir_opt(
    opt: Option<&Path>,
    flags: &[&str],
    text: &str,
    printed: &str,
    name: &str,
) {
    let Some(opt) = opt else {
        return;
    };
    let (ok, theirs, err) = crate::common::run_tool(opt, flags, text);
    assert!(ok, "{name}: mlir-opt failed: {err}\n{text}");
    if let Err(d) = same_but_float_spelling(&theirs, printed) {
        panic!("{name}: differs from mlir-opt:\n{d}\n--- input\n{text}");
    }
}

/// The judges for random case `case`: the C back end on every fourth,
/// mlir-cpu-runner on every eighth (compiling dominates).
pub fn sampled(judges: &Judges, case: usize) -> Judges {
    Judges {
        cc: judges.cc && case % 4 == 0,
        mlir: judges.mlir && case % 8 == 0,
    }
}

/// The chunks of a file as `-split-input-file` cuts it.
pub fn chunks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "// -----" {
            out.push(String::new());
        } else if let Some(last) = out.last_mut() {
            last.push_str(line);
        }
    }
    out
}

/// Equal, or differing only in how a float constant is spelled.
pub fn same_but_float_spelling(a: &str, b: &str) -> Result<(), String> {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    if la.len() != lb.len() {
        return Err(format!("{} lines against {}", la.len(), lb.len()));
    }
    for (x, y) in la.iter().zip(&lb) {
        if x == y {
            continue;
        }
        let float_constant = |l: &str| {
            let l = l.trim();
            l.contains("= arith.constant ") && (l.ends_with(": f32") || l.ends_with(": f64"))
        };
        let name = |l: &str| l.split(" = ").next().map(str::to_string);
        if !(float_constant(x) && float_constant(y) && name(x) == name(y)) {
            return Err(format!("mlir-opt: {x}\ntessera: {y}"));
        }
    }
    Ok(())
}

/// (name, source) of every runnable program: the suite kernels at MINI
/// size in their default element type, and the corpus `@main`s.
pub fn programs(corpus: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = all()
        .iter()
        .map(|spec| {
            let text = spec
                .generate(spec.default_elem(), spec.sizes(Dataset::Mini))
                .expect("kernel");
            (spec.name.to_string(), text)
        })
        .collect();
    out.extend(
        corpus
            .into_iter()
            .filter(|(n, t)| n.starts_with("ir/tests/corpus") && t.contains("func.func @main()")),
    );
    out
}

/// What `@main` prints in the interpreter (a panic when it fails).
pub fn interpret(m: &Module) -> String {
    let mut it = Interpreter::new(m);
    if let Err(e) = it.call("main", &[]) {
        panic!("{}: interpreter: {e}", m.file);
    }
    it.output().to_string()
}

/// C back-end options that compile fast (`-O1`) with run-time checks on.
pub fn quick() -> CompileOptions {
    let mut flags = tessera::backend::default_flags(false);
    flags.retain(|f| f != "-O3");
    flags.push("-O1".into());
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

/// The judges installed besides the interpreter: a C compiler for the C
/// back end, and mlir-opt with mlir-cpu-runner.
pub struct Judges {
    pub cc: bool,
    pub mlir: bool,
}

/// Which judges are installed; each missing one is reported loudly as
/// skipped for `what` (e.g. "coalesced kernels").
pub fn judges(what: &str) -> Judges {
    let cc = Command::new("cc").arg("--version").output().is_ok();
    if !cc {
        println!("SKIPPED: no C compiler ({what} through the C back end)");
    }
    let mlir = crate::common::mlir_opt().is_some()
        && crate::common::mlir_cpu_runner().is_some()
        && crate::common::runner_libs().is_some();
    if !mlir {
        crate::common::skipped(&format!("{what} under mlir-cpu-runner"));
    }
    Judges { cc, mlir }
}

/// Asserts that `@main` of `m` prints `expected` in the interpreter and in
/// every installed judge; `context` names the case in a failure.
pub fn runs_the_same(m: &Module, expected: &str, judges: &Judges, context: &str) {
    assert_eq!(interpret(m), expected, "{context}: interpreter");
    if judges.cc {
        let lib = compile(m, &quick()).unwrap_or_else(|e| panic!("{context}: {e}"));
        let got = lib.run("main").unwrap_or_else(|e| panic!("{context}: {e}"));
        assert_eq!(got, expected, "{context}: C back end");
    }
    if judges.mlir {
        let printed = print_module(m, &PrintOptions::default());
        let got = crate::common::mlir_run_main(&printed).expect("tools");
        assert_eq!(
            got,
            crate::common::mask_addresses(expected),
            "{context}: mlir-cpu-runner"
        );
    }
}
