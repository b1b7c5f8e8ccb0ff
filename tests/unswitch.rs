//! `--test-affine-loop-unswitch` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file (or `-split-input-file` chunk) of the test corpora, and random
//!   runnable kernels (`random_kernel_ext`: `affine.if` with `else`
//!   blocks, symbolic bounds), print as mlir-opt's
//!   `--test-affine-loop-unswitch` prints them, but for float constants'
//!   spelling.
//! - By execution: every suite kernel (MINI), corpus `@main` and random
//!   kernel the pass changes prints the same before and after in the
//!   interpreter, the C back end and `mlir-cpu-runner`.

#[path = "../ir/tests/common/mod.rs"]
mod common;
/// The random kernel generator shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;

use std::path::Path;
use std::process::Command;

use gen::kernelgen::random_kernel_ext;
use gen::rng::Rng;
use tessera::backend::{compile, CompileOptions, EmitOptions};
use tessera::ir::interp::Interpreter;
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::kernels::{all, Dataset};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

const PASS: &str = "test-affine-loop-unswitch";

fn unswitch(m: &mut Module) {
    let pass = PassInvocation::with_options(PASS, "").expect("pass");
    if let Err(e) = run_pass(m, &pass) {
        panic!("{}: {}", m.file, e.message);
    }
}

fn interpret(m: &Module) -> String {
    let mut it = Interpreter::new(m);
    if let Err(e) = it.call("main", &[]) {
        panic!("{}: interpreter: {e}", m.file);
    }
    it.output().to_string()
}

/// The chunks of a file as `-split-input-file` cuts it.
fn chunks(text: &str) -> Vec<String> {
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

/// Every `.mlir` input of the corpora and `examples/`: (name, chunk).
fn corpus() -> Vec<(String, String)> {
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
        let mut files: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
            .collect();
        files.sort();
        for p in files {
            let text = std::fs::read_to_string(&p).expect("read");
            let name = format!("{dir}/{}", p.file_name().unwrap().to_string_lossy());
            for (k, chunk) in chunks(&text).into_iter().enumerate() {
                out.push((format!("{name}#{k}"), chunk));
            }
        }
    }
    out
}

/// Equal, or differing only in how a float constant is spelled.
fn same_but_float_spelling(a: &str, b: &str) -> Result<(), String> {
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

#[test]
fn unswitch_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("test-affine-loop-unswitch against mlir-opt");
        return;
    };
    let flags = [
        "--test-affine-loop-unswitch",
        "--allow-unregistered-dialect",
    ];
    let (mut compared, mut changed) = (0, 0);
    for (name, text) in corpus() {
        let Ok(mut m) = parse_and_verify(&name, &text) else {
            continue; // an input tessera rejects (invalid on purpose)
        };
        let (ok, expected, _) = common::run_tool(&opt, &flags, &text);
        if !ok {
            continue;
        }
        unswitch(&mut m);
        let got = print_module(&m, &PrintOptions::default());
        if let Err(d) = same_but_float_spelling(&expected, &got) {
            panic!("{name}: differs from mlir-opt:\n{d}\n--- tessera:\n{got}");
        }
        let (_, unchanged, _) = common::run_tool(&opt, &["--allow-unregistered-dialect"], &text);
        changed += usize::from(unchanged != expected);
        compared += 1;
    }
    println!("{compared} inputs as mlir-opt prints them ({changed} changed by the pass)");
    assert!(compared >= 140, "only {compared} compared");
    assert!(changed >= 2, "only {changed} changed");
}

/// The random kernels of the campaign: (name, source).
fn random_kernels() -> Vec<(String, String)> {
    let cases: u64 = std::env::var("TESSERA_UNSWITCH_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    (0..cases)
        .map(|k| {
            let mut rng = Rng(0x0000_0534_17c4_u64.wrapping_mul(k + 1).wrapping_add(k));
            (format!("random kernel {k}"), random_kernel_ext(&mut rng))
        })
        .collect()
}

#[test]
fn random_kernels_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("test-affine-loop-unswitch on random kernels against mlir-opt");
        return;
    };
    let (mut same, mut changed) = (0, 0);
    let kernels = random_kernels();
    for (name, text) in &kernels {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{e}"));
        let mut m = original.clone();
        unswitch(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        let (ok, theirs, err) = common::run_tool(&opt, &["--test-affine-loop-unswitch"], text);
        assert!(ok, "{name}: {err}");
        if let Err(d) = same_but_float_spelling(&theirs, &ours) {
            panic!("{name}: differs from mlir-opt:\n{d}\n{text}\n--- mlir-opt:\n{theirs}\n--- tessera:\n{ours}");
        }
        same += 1;
        changed += usize::from(ours != print_module(&original, &PrintOptions::default()));
    }
    println!(
        "{} random kernels: {same} as mlir-opt prints them ({changed} changed)",
        kernels.len()
    );
    assert!(changed >= kernels.len() / 10, "only {changed} changed");
}

/// (name, source) of every runnable program: the suite kernels at MINI
/// size in their default element type, the corpus `@main`s and the
/// random kernels.
fn programs() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = all()
        .iter()
        .map(|spec| {
            let text = spec
                .generate(spec.default_elem(), spec.sizes(Dataset::Mini))
                .expect("kernel");
            (spec.name.to_string(), text)
        })
        .collect();
    out.extend(corpus().into_iter().filter(|(n, t)| {
        n.starts_with("ir/tests/corpus")
            && t.contains("func.func @main()")
            && !t.contains("affine.vector_")
    }));
    out.extend(random_kernels());
    out
}

fn quick() -> CompileOptions {
    let mut flags = tessera::backend::default_flags(false);
    flags.retain(|f| f != "-O3");
    flags.push("-O1".into());
    CompileOptions {
        emit: EmitOptions {
            checks: true,
            openmp: false,
        },
        flags: Some(flags),
        ..CompileOptions::default()
    }
}

#[test]
fn programs_print_the_same_after_unswitching_everywhere() {
    let cc = Command::new("cc").arg("--version").output().is_ok();
    if !cc {
        println!("SKIPPED: no C compiler (unswitched programs through the C back end)");
    }
    let mlir = common::mlir_opt().is_some()
        && common::mlir_cpu_runner().is_some()
        && common::runner_libs().is_some();
    if !mlir {
        common::skipped("unswitched programs under mlir-cpu-runner");
    }
    let programs = programs();
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let changed = std::sync::atomic::AtomicUsize::new(0);
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut m = original.clone();
        unswitch(&mut m);
        let printed = print_module(&m, &PrintOptions::default());
        if printed == print_module(&original, &PrintOptions::default()) {
            return;
        }
        changed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let expected = interpret(&original);
        assert_eq!(interpret(&m), expected, "{name}: interpreter");
        if cc {
            let lib = compile(&m, &quick()).unwrap_or_else(|e| panic!("{name}: {e}"));
            let got = lib.run("main").unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(got, expected, "{name}: C back end");
        }
        if mlir {
            let got = common::mlir_run_main(&printed).expect("tools");
            assert_eq!(
                got,
                common::mask_addresses(&expected),
                "{name}: mlir-cpu-runner"
            );
        }
    };
    let (a, b) = programs.split_at(programs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(check));
        b.iter().for_each(check);
    });
    let changed = changed.into_inner();
    println!("{changed} programs changed by the unswitching, all run the same");
    assert!(changed >= 10, "only {changed} changed");
}
