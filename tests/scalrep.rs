//! `--affine-scalrep` judged by mlir-opt 19 and by execution.
//!
//! - Byte for byte: every kernel of `examples/kernels/` and every `.mlir`
//!   file (or `-split-input-file` chunk) of the test corpora prints as
//!   mlir-opt's `--affine-scalrep` prints it (but for float constants'
//!   spelling, which tessera's printer writes differently with or without
//!   a pass), and so do random runnable kernels (`random_kernel_ext`:
//!   `else` blocks, local buffers, reductions, symbolic bounds) — except
//!   where mlir-opt is wrong (its output prints something else than the
//!   kernel) or tessera forwards more (fewer loads left, same output).
//! - `tests/lit/affine-scalrep-exact.mlir`: mlir-opt's output of the
//!   first case, run by `mlir-cpu-runner`, prints 10 where the program
//!   prints 20 (it forwards past a store in an `else` block); in the
//!   second tessera removes a load mlir-opt keeps.
//! - By execution: every suite kernel (MINI) and corpus `@main` prints
//!   the same before and after in the interpreter, the C back end and
//!   `mlir-cpu-runner`.

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

const EXACT: &str = "tests/lit/affine-scalrep-exact.mlir";

fn scalrep(m: &mut Module) {
    let pass = PassInvocation::with_options("affine-scalrep", "").expect("pass");
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

fn loads(text: &str) -> usize {
    text.matches("affine.load").count() + text.matches("affine.vector_load").count()
}

#[test]
fn scalrep_is_mlir_opts_byte_for_byte_on_the_corpora() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-scalrep against mlir-opt");
        return;
    };
    let flags = ["--affine-scalrep", "--allow-unregistered-dialect"];
    let (mut compared, mut changed) = (0, 0);
    for (name, text) in corpus() {
        if name.starts_with(EXACT) {
            continue; // below
        }
        let Ok(mut m) = parse_and_verify(&name, &text) else {
            continue; // an input tessera rejects (invalid on purpose)
        };
        let (ok, expected, _) = common::run_tool(&opt, &flags, &text);
        if !ok {
            continue;
        }
        scalrep(&mut m);
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
    assert!(changed >= 10, "only {changed} changed");
}

#[test]
fn where_tessera_differs_mlir_opt_is_wrong_or_forwards_less() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("the exact scalrep cases against mlir-opt");
        return;
    };
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(EXACT)).expect("read");
    let cases = chunks(&text);
    assert_eq!(cases.len(), 2);
    let mut outputs = Vec::new();
    for (k, chunk) in cases.iter().enumerate() {
        let original = parse_and_verify(EXACT, chunk).expect("parses");
        let expected = interpret(&original);
        let mut m = original.clone();
        scalrep(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        assert_eq!(interpret(&m), expected, "chunk {k}: tessera's result");
        let (ok, theirs, err) = common::run_tool(&opt, &["--affine-scalrep"], chunk);
        assert!(ok, "{err}");
        assert_ne!(ours, theirs, "chunk {k}: no difference left to show");
        let theirs_runs = interpret(&parse_and_verify(EXACT, &theirs).expect("mlir-opt's output"));
        outputs.push((expected, theirs_runs, loads(&ours), loads(&theirs)));
        if let Some(run) = common::mlir_run_main(&theirs) {
            assert_eq!(run, common::mask_addresses(&outputs[k].1), "chunk {k}");
        }
    }
    // mlir-opt forwards past the else block's store: a wrong result.
    assert_eq!(outputs[0].0.trim(), "20");
    assert_eq!(outputs[0].1.trim(), "10");
    // tessera forwards where mlir-opt keeps the load.
    assert_eq!(outputs[1].0, outputs[1].1);
    assert!(outputs[1].2 < outputs[1].3, "{:?}", outputs[1]);
}

#[test]
fn random_kernels_as_mlir_opt_or_better() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("affine-scalrep on random kernels against mlir-opt");
        return;
    };
    let cases: u64 = std::env::var("TESSERA_SCALREP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let (mut same, mut changed, mut mlir_wrong, mut more) = (0, 0, 0, 0);
    for k in 0..cases {
        let mut rng = Rng(0x5ca1_4e90_u64.wrapping_mul(k + 1).wrapping_add(k));
        let text = random_kernel_ext(&mut rng);
        let name = format!("random kernel {k}");
        let original = parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        scalrep(&mut m);
        let ours = print_module(&m, &PrintOptions::default());
        assert_eq!(interpret(&m), expected, "{name}: tessera's result\n{text}");
        let (ok, theirs, err) = common::run_tool(&opt, &["--affine-scalrep"], &text);
        assert!(ok, "{name}: {err}");
        if same_but_float_spelling(&theirs, &ours).is_ok() {
            same += 1;
            changed += usize::from(ours != print_module(&original, &PrintOptions::default()));
            continue;
        }
        let theirs_output = interpret(&parse_and_verify(&name, &theirs).expect("mlir-opt's"));
        if theirs_output != expected {
            mlir_wrong += 1;
        } else if loads(&ours) < loads(&theirs) {
            more += 1;
        } else {
            panic!("{name}: differs from mlir-opt, which is right:\n{text}\n--- mlir-opt:\n{theirs}\n--- tessera:\n{ours}");
        }
    }
    println!(
        "{cases} random kernels: {same} as mlir-opt prints them ({changed} changed), \
         {mlir_wrong} where mlir-opt's result prints something else, {more} where tessera removes more loads"
    );
    assert!(changed >= cases as usize / 10, "only {changed} changed");
}

/// (name, source) of every runnable program: the suite kernels at MINI
/// size in their default element type, and the corpus `@main`s.
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
fn programs_print_the_same_after_scalrep_everywhere() {
    let cc = Command::new("cc").arg("--version").output().is_ok();
    if !cc {
        println!("SKIPPED: no C compiler (scalrep'd kernels through the C back end)");
    }
    let mlir = common::mlir_opt().is_some()
        && common::mlir_cpu_runner().is_some()
        && common::runner_libs().is_some();
    if !mlir {
        common::skipped("scalrep'd kernels under mlir-cpu-runner");
    }
    let programs = programs();
    assert!(programs.len() >= 50, "only {} programs", programs.len());
    let check = |(name, text): &(String, String)| {
        let original = parse_and_verify(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        scalrep(&mut m);
        assert_eq!(interpret(&m), expected, "{name}: interpreter");
        if cc {
            let lib = compile(&m, &quick()).unwrap_or_else(|e| panic!("{name}: {e}"));
            let got = lib.run("main").unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(got, expected, "{name}: C back end");
        }
        if mlir {
            let printed = print_module(&m, &PrintOptions::default());
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
}
