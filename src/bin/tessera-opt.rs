//! `tessera-opt`: reads MLIR (the affine subset), verifies it, runs the
//! passes given on the command line in order, and prints the result exactly
//! as `mlir-opt` 19 would; `--run=FUNC` interprets a function instead.
#![forbid(unsafe_code)]

use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser};
use tessera::backend::{emit_c, BackendError, EmitOptions};
use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, print_module, Diagnostic, Location, Module, PrintOptions};
use tessera_transforms::dependence::{dependence_graph_dot, dependence_remarks};
use tessera_transforms::passes::run_pass;
use tessera_transforms::pipeline::{parse_pass_pipeline, PassInvocation};
use tessera_transforms::scop::{apply_schedule_file, find_scops, print_schedules};

/// Parse, verify, transform and print MLIR's affine subset, like `mlir-opt`.
///
/// Passes run in the order given, each as `--NAME` or `--NAME="opt=v flag"`,
/// or all at once as `--pass-pipeline='builtin.module(func.func(NAME{opt=v}))'`.
/// Passes:
///   --affine-parallelize[="max-nested=N parallel-reductions"]  affine.for -> affine.parallel when no dependence is carried
///   --test-loop-permutation="permutation-map=2,0,1"          permute perfect bands (refused with the blocking dependence)
///   --affine-loop-interchange                                  reorder perfect bands for locality, when legal
///   --affine-loop-tile[="tile-size=N tile-sizes=a,b cache-size=KiB separate"]  tile fully permutable perfect bands
///   --affine-loop-unroll[="unroll-factor=N unroll-full unroll-full-threshold=N unroll-up-to-factor cleanup-unroll"]
///   --affine-loop-unroll-jam[="unroll-jam-factor=N"]          unroll outer loops and jam, when legal
///   --affine-loop-normalize[="promote-single-iter"]          loops from 0 with step 1
///   --affine-loop-invariant-code-motion                        hoist invariant ops out of affine loops
///   --tessera-optimize[="l2-cache=KiB unroll-jam-factor=N parallel"]  interchange, tile, unroll-and-jam (, parallelize)
///   --affine-loop-fusion[="mode=greedy|producer|sibling fusion-maximal fusion-compute-tolerance=F ..."]  fuse nests when legal
///   --test-loop-fusion="test-loop-fusion-slice-computation"  mlir-opt's fusion remarks, on stderr
/// Analyses:
///   --test-memref-dependence-check          mlir-opt's dependence remarks, on stderr
///   --dump-dependence-graph                 print the dependence graph as Graphviz DOT instead of the IR
#[derive(Parser)]
#[command(name = "tessera-opt", version, verbatim_doc_comment)]
struct Cli {
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-", value_name = "FILE")]
    input: String,
    /// Output file (standard output by default).
    #[arg(short = 'o', value_name = "OUT")]
    output: Option<std::path::PathBuf>,
    /// Print every operation in MLIR's generic form.
    #[arg(long = "mlir-print-op-generic")]
    generic: bool,
    /// Run function FUNC (taking no arguments) and print what it prints.
    #[arg(long = "run", value_name = "FUNC")]
    run: Option<String>,
    /// Output format after the passes: `mlir`, or `c` for the C99
    /// translation of the native back end (with run-time checks).
    #[arg(long = "emit", value_name = "FORMAT", default_value = "mlir", value_parser = ["mlir", "c"])]
    emit: String,
    /// With `--emit=c`: leave out the run-time checks (subscripts, use
    /// after free, call depth), as the benchmarks compile it.
    #[arg(long = "no-checks")]
    no_checks: bool,
    /// Accepted for mlir-opt compatibility (unknown ops are always kept).
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,
    /// Accepted for mlir-opt compatibility (the input is always verified).
    #[arg(long = "verify-each")]
    verify_each: bool,
    /// A textual pass pipeline, as mlir-opt's --pass-pipeline.
    #[arg(long = "pass-pipeline", value_name = "PIPELINE")]
    pass_pipeline: Option<String>,
    /// Convert parallel affine.for loops into affine.parallel.
    #[arg(long = "affine-parallelize", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_parallelize: Option<String>,
    /// Reorder perfect bands for locality when legal.
    #[arg(long = "affine-loop-interchange", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_loop_interchange: Option<String>,
    /// Tile perfect bands (tile-size, tile-sizes, cache-size, separate), when fully permutable.
    #[arg(long = "affine-loop-tile", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_loop_tile: Option<String>,
    /// Unroll innermost loops (unroll-factor, unroll-full, unroll-full-threshold, unroll-up-to-factor, cleanup-unroll).
    #[arg(long = "affine-loop-unroll", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_loop_unroll: Option<String>,
    /// Unroll outer loops and jam the copies into the inner ones (unroll-jam-factor), when legal.
    #[arg(long = "affine-loop-unroll-jam", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_loop_unroll_jam: Option<String>,
    /// Rewrite loops to run from 0 with step 1 (promote-single-iter).
    #[arg(long = "affine-loop-normalize", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_loop_normalize: Option<String>,
    /// Hoist loop-invariant ops out of affine loops.
    #[arg(long = "affine-loop-invariant-code-motion", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_loop_invariant_code_motion: Option<String>,
    /// tessera's optimizing pipeline (l2-cache, unroll-jam-factor, parallel).
    #[arg(long = "tessera-optimize", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    tessera_optimize: Option<String>,
    /// Fuse loop nests when legal (mode, fusion-maximal, fusion-compute-tolerance, fusion-local-buf-threshold, fusion-fast-mem-space).
    #[arg(long = "affine-loop-fusion", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    affine_loop_fusion: Option<String>,
    /// mlir-opt's fusion test pass; its remarks go to stderr.
    #[arg(long = "test-loop-fusion", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    test_loop_fusion: Option<String>,
    /// Permute the outermost perfect band of each nest when legal.
    #[arg(long = "test-loop-permutation", value_name = "OPTIONS", num_args = 0..=1, default_missing_value = "")]
    test_loop_permutation: Option<String>,
    /// Print mlir-opt's memref dependence remarks on stderr.
    #[arg(long = "test-memref-dependence-check")]
    test_memref_dependence_check: bool,
    /// Print the dependence graph (DOT) instead of the IR.
    #[arg(long = "dump-dependence-graph")]
    dump_dependence_graph: bool,
    /// Print the polyhedral model instead of the IR: per function and
    /// SCoP, each statement's domain, accesses and schedule
    /// (`S<k>: affine_map<...>`); the output is a valid schedule file.
    #[arg(long = "print-schedule")]
    print_schedule: bool,
    /// Check a schedule file (as `--print-schedule` writes it) against the
    /// dependences, after the passes.
    #[arg(long = "apply-schedule", value_name = "SCHEDULE_FILE")]
    apply_schedule: Option<std::path::PathBuf>,
    /// Report, as remarks, what each pass did and why it left loops alone.
    #[arg(long)]
    verbose: bool,
}

/// The passes requested as individual flags, in command-line order.
fn flag_passes(matches: &ArgMatches) -> Result<Vec<PassInvocation>, String> {
    let mut found: Vec<(usize, PassInvocation)> = Vec::new();
    for (id, name) in [
        ("affine_parallelize", "affine-parallelize"),
        ("test_loop_permutation", "test-loop-permutation"),
        ("affine_loop_interchange", "affine-loop-interchange"),
        ("affine_loop_tile", "affine-loop-tile"),
        ("tessera_optimize", "tessera-optimize"),
        ("affine_loop_fusion", "affine-loop-fusion"),
        ("test_loop_fusion", "test-loop-fusion"),
        ("affine_loop_unroll", "affine-loop-unroll"),
        ("affine_loop_unroll_jam", "affine-loop-unroll-jam"),
        ("affine_loop_normalize", "affine-loop-normalize"),
        (
            "affine_loop_invariant_code_motion",
            "affine-loop-invariant-code-motion",
        ),
    ] {
        let (Some(indices), Some(values)) =
            (matches.indices_of(id), matches.get_many::<String>(id))
        else {
            continue;
        };
        for (index, options) in indices.zip(values) {
            let pass = PassInvocation::with_options(name, options)
                .map_err(|e| format!("--{name}: {e}"))?;
            found.push((index, pass));
        }
    }
    found.sort_by_key(|(i, _)| *i);
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

fn read_input(path: &str) -> io::Result<(String, String)> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes)?;
        bytes
    } else {
        std::fs::read(path)?
    };
    let name = if path == "-" { "<stdin>" } else { path };
    Ok((
        name.to_string(),
        String::from_utf8_lossy(&bytes).into_owned(),
    ))
}

/// `file:line:col: remark: message`, the source line and a caret.
fn remark(file: &str, source: &str, loc: Location, message: &str) -> String {
    let line = source
        .split('\n')
        .nth(loc.line.saturating_sub(1) as usize)
        .unwrap_or("")
        .trim_end_matches('\r');
    format!(
        "{file}:{}:{}: remark: {message}\n{line}\n{}^",
        loc.line,
        loc.col,
        " ".repeat(loc.col.saturating_sub(1) as usize)
    )
}

fn transform(
    cli: &Cli,
    passes: &[PassInvocation],
    file: &str,
    source: &str,
    module: &mut Module,
) -> Result<(), String> {
    for pass in passes {
        let remarks = run_pass(module, pass).map_err(|e| format!("tessera-opt: {e}"))?;
        // The test pass's remarks are its output, as in mlir-opt.
        if cli.verbose || pass.name == "test-loop-fusion" {
            for r in remarks {
                eprintln!("{}", remark(file, source, module.ops[r.op].loc, &r.message));
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    tessera::with_tool_stack(run)
}

fn run() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let mut passes = match flag_passes(&matches) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tessera-opt: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(text) = &cli.pass_pipeline {
        match parse_pass_pipeline(text) {
            Ok(p) => passes.extend(p),
            Err(e) => {
                eprintln!("tessera-opt: invalid --pass-pipeline: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (file, source) = match read_input(&cli.input) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("tessera-opt: cannot read '{}': {e}", cli.input);
            return ExitCode::FAILURE;
        }
    };
    let mut module = match parse_and_verify(&file, &source) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if cli.test_memref_dependence_check {
        for r in dependence_remarks(&module) {
            eprintln!(
                "{}",
                remark(&file, &source, module.ops[r.op].loc, &r.message)
            );
        }
    }
    if let Err(e) = transform(&cli, &passes, &file, &source, &mut module) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    if let Some(path) = &cli.apply_schedule {
        if let Err(e) = apply_schedule_file(&mut module, path) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    let (text, failure) = match &cli.run {
        Some(func) => {
            let mut it = Interpreter::new(&module);
            let result = it.call(func, &[]);
            let failure = result
                .err()
                .map(|e| Diagnostic::new(&file, &source, e.loc, e.message));
            (it.output().to_string(), failure)
        }
        None if cli.dump_dependence_graph => (dependence_graph_dot(&module), None),
        None if cli.print_schedule => (print_schedules(&module, &find_scops(&module)), None),
        None if cli.emit == "c" => match emit_c(
            &module,
            &EmitOptions {
                checks: !cli.no_checks,
                ..EmitOptions::default()
            },
        ) {
            Ok(c) => (c, None),
            Err(BackendError::Unsupported(d)) => (
                String::new(),
                Some(Diagnostic::new(&file, &source, d.loc, d.message)),
            ),
            Err(e) => (
                String::new(),
                Some(Diagnostic::new(
                    &file,
                    "",
                    Location::default(),
                    e.to_string(),
                )),
            ),
        },
        None => (
            print_module(
                &module,
                &PrintOptions {
                    generic: cli.generic,
                },
            ),
            None,
        ),
    };
    let written = match &cli.output {
        Some(path) => std::fs::write(path, &text),
        None => io::stdout().lock().write_all(text.as_bytes()),
    };
    if let Err(e) = written {
        eprintln!("tessera-opt: cannot write output: {e}");
        return ExitCode::FAILURE;
    }
    match failure {
        Some(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
        None => ExitCode::SUCCESS,
    }
}
