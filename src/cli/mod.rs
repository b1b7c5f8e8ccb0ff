//! `tessera-opt`'s driver: `mlir-opt`'s command line and its way of
//! processing a buffer, reporting diagnostics and writing the output.
//!
//! - [`args`]: the command line, scanned as LLVM's `cl` scans it;
//! - [`split`]: `-split-input-file` (chunks at `// -----`);
//! - [`diag`]: diagnostics rendered as `SourceMgr` renders them;
//! - [`expect`]: `-verify-diagnostics` (the `expected-*` comments).
//!
//! Each buffer (the whole input, or each chunk) is processed alone: parsed
//! and verified, checked for ops of unregistered dialects, analysed, run
//! through the passes in order, then printed (or run, or translated to C).
//! Everything that goes wrong on the way is a [`diag::Diag`], printed on
//! standard error or, with `-verify-diagnostics`, matched against the
//! buffer's expectations. With `-split-input-file` the chunks' outputs are
//! joined by the output split marker, and the run fails if any chunk did.

pub mod args;
pub mod diag;
pub mod dump_pipeline;
pub mod expect;
pub mod pass_names;
pub mod print_ir;
pub mod split;
pub mod timing;

use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use tessera_ir::interp::Interpreter;
use tessera_ir::{
    parse_and_verify, parse_module, print_module, print_ops_local, Module, PrintOptions,
};
use tessera_transforms::bound_check::memref_bound_check;
use tessera_transforms::dependence::{dependence_graph_dot, dependence_remarks};
use tessera_transforms::passes::{
    affine_data_copy_generate, data_copy_options, run_pass, test_affine_data_copy,
    test_affine_parametric_tile, test_data_copy_mode, with_work_limit, DataCopyReport, PassRemark,
};
use tessera_transforms::pipeline::{parse_pass_pipeline, PassInvocation};
use tessera_transforms::scop::{
    apply_schedule_file, find_scops, print_dependences, print_schedules, ScheduleFileError,
};

use crate::backend::{emit_c, BackendError, EmitOptions};
use args::{help_text, parse_args, program_name, Command, Emit, Options};
use diag::{Diag, Severity};
use expect::DiagnosticVerifier;
use timing::Timing;

/// mlir-opt's error for an op of an unregistered dialect.
pub const UNREGISTERED_DIALECT: &str = "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used";

/// Runs `tessera-opt` on a command line (`args[0]` is the program name),
/// reading standard input when asked and writing standard output and
/// standard error; returns the exit status.
pub fn run(args: &[String]) -> ExitCode {
    let argv0 = args.first().map_or("tessera-opt", String::as_str);
    let prog = program_name(argv0);
    let opts = match parse_args(args) {
        Ok(Command::Run(opts)) => opts,
        Ok(Command::Help) => {
            print!("{}", help_text(prog));
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            println!("{prog} (tessera) version {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let passes = match &opts.pass_pipeline {
        Some(text) => match parse_pass_pipeline(text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{prog}: invalid --pass-pipeline: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => opts.passes.clone(),
    };
    // Like mlir-opt, refuse bad pass options before reading the input.
    if let Err(e) = check_pass_options(&passes) {
        match e.strip_prefix("for the --") {
            Some(_) => eprintln!("{prog}: {e}"),
            None => eprintln!("<unknown>:0: error: {e}"),
        }
        return ExitCode::FAILURE;
    }
    let input = opts.input.as_deref().unwrap_or("-");
    let (file, source) = match read_input(input) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("cannot open input file '{input}': {}", io_message(&e));
            return ExitCode::FAILURE;
        }
    };
    let (text, ok) = match &opts.split_input_file {
        None => process_buffer(&file, &source, &opts, &passes),
        Some(marker) => {
            let split = split::split_input(&source, marker);
            for &at in &split.near_misses {
                eprint!(
                    "{}",
                    Diag::new(Severity::Warning, Some(at), split::NEAR_MISS).render(&file, &source)
                );
            }
            let mut all_ok = true;
            let mut outputs = Vec::with_capacity(split.chunks.len());
            for chunk in &split.chunks {
                let (text, ok) =
                    process_buffer(&chunk.buffer_name(&file), chunk.text, &opts, &passes);
                all_ok &= ok;
                outputs.push(text);
            }
            (
                outputs.join(&format!("{}\n", opts.output_split_marker)),
                all_ok,
            )
        }
    };
    let written = match opts.output.as_deref() {
        None | Some("-") => io::stdout().lock().write_all(text.as_bytes()),
        // As mlir-opt, a failed run leaves no output file.
        Some(_) if !ok => Ok(()),
        Some(path) => std::fs::write(path, &text).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot open output file '{path}': {}", io_message(&e)),
            )
        }),
    };
    if let Err(e) = written {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Checks each pass's options (and name) by running the pass on an empty
/// module, which reads its options and finds nothing to transform.
pub fn check_pass_options(passes: &[PassInvocation]) -> Result<(), String> {
    let mut empty = parse_and_verify("<options>", "module {\n}\n").map_err(|e| e.message)?;
    for pass in passes {
        if pass.name != args::DEPENDENCE_CHECK.0 && pass.name != args::BOUND_CHECK.0 {
            run_pass(&mut empty, pass).map_err(|e| e.message)?;
        }
    }
    Ok(())
}

/// An I/O error's message without Rust's `(os error N)` suffix.
fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The input's name in diagnostics and its text.
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

/// Where diagnostics go: standard error, or the verifier.
enum Sink {
    Print,
    Verify(Box<DiagnosticVerifier>),
}

/// Processes one buffer (the input or a chunk): returns its output and
/// whether it succeeded (with `-verify-diagnostics`: whether its
/// diagnostics were exactly the expected ones).
pub fn process_buffer(
    file: &str,
    source: &str,
    opts: &Options,
    passes: &[PassInvocation],
) -> (String, bool) {
    let mut sink = if opts.verify_diagnostics {
        Sink::Verify(Box::new(DiagnosticVerifier::new(file, source)))
    } else {
        Sink::Print
    };
    let mut emit = |d: Diag| match &mut sink {
        Sink::Print => eprint!("{}", d.render(file, source)),
        Sink::Verify(v) => v.process(&d),
    };
    let start = Instant::now();
    let mut timing = Timing::default();
    let (text, ok) = perform(file, source, opts, passes, &mut emit, &mut timing);
    if opts.timing {
        eprint!(
            "{}",
            timing.report(start.elapsed(), opts.timing_display, opts.timing_format)
        );
    }
    match sink {
        Sink::Print => (text, ok),
        Sink::Verify(v) => {
            let (verified, messages) = v.finish();
            eprint!("{messages}");
            (text, verified)
        }
    }
}

/// The first op (in source order) of a dialect mlir-opt does not register,
/// as mlir-opt reports it: at the `(` after the quoted name.
pub fn unregistered_op(m: &Module, source: &str) -> Option<Diag> {
    let (_, op) = m
        .ops
        .iter()
        .filter(|(_, op)| {
            let dialect = op.name.split_once('.').map_or("", |(d, _)| d);
            !tessera_ir::syntax::REGISTERED_DIALECTS.contains(&dialect)
        })
        .min_by_key(|(_, op)| (op.loc.line, op.loc.col))?;
    let mut loc = op.loc;
    let line = source
        .split('\n')
        .nth(loc.line.saturating_sub(1) as usize)
        .unwrap_or("");
    let at = loc.col.saturating_sub(1) as usize;
    let quoted = format!("\"{}\"", op.name);
    if let Some(after) = line.get(at..).and_then(|l| l.strip_prefix(quoted.as_str())) {
        let spaces = after.len() - after.trim_start().len();
        loc.col += (quoted.len() + spaces) as u32;
    }
    Some(Diag::new(Severity::Error, Some(loc), UNREGISTERED_DIALECT))
}

/// The bound check's errors, each followed (as mlir-opt prints an op
/// error outside `-verify-diagnostics`) by a note showing the op in the
/// generic form, and with `--verbose` by a remark giving the witness.
fn bound_errors(module: &Module, opts: &Options, emit: &mut dyn FnMut(Diag)) {
    let violations = with_work_limit(|| memref_bound_check(module));
    let ops: Vec<_> = violations.iter().map(|v| v.op).collect();
    let shown = if opts.verify_diagnostics {
        Vec::new()
    } else {
        print_ops_local(module, &ops, true)
    };
    for (i, v) in violations.iter().enumerate() {
        emit(Diag::at_op(
            Severity::Error,
            module,
            v.op,
            v.message(module),
        ));
        if let Some(op) = shown.get(i) {
            let message = format!("see current operation: {op}");
            emit(Diag::at_op(Severity::Note, module, v.op, message).without_source_line());
        }
        if opts.verbose {
            let symbols = if v.symbols.is_empty() {
                String::new()
            } else {
                format!(" with symbols {:?}", v.symbols)
            };
            emit(Diag::at_op(
                Severity::Remark,
                module,
                v.op,
                format!(
                    "test-memref-bound-check: out of bounds at iteration {:?}{symbols}",
                    v.iteration
                ),
            ));
        }
    }
}

/// `--test-affine-parametric-tile`: its errors as mlir-opt prints them
/// (each followed, outside `-verify-diagnostics`, by a note showing the
/// op in the generic form; they do not fail the run, as in mlir-opt), its
/// refusals as remarks, then the verifier.
fn parametric_tile(
    module: &mut Module,
    pass: &PassInvocation,
    opts: &Options,
    emit: &mut dyn FnMut(Diag),
) -> Result<(), String> {
    pass.check_known(&[]).map_err(|e| e.message)?;
    let diagnostics = test_affine_parametric_tile(module);
    for d in &diagnostics {
        if !d.error {
            emit(Diag::at_op(
                Severity::Remark,
                module,
                d.op,
                d.message.clone(),
            ));
            continue;
        }
        emit(Diag::at_op(
            Severity::Error,
            module,
            d.op,
            d.message.clone(),
        ));
        if !opts.verify_diagnostics {
            if let Some(op) = print_ops_local(module, &[d.op], true).first() {
                // An op with regions starts on its own line, as mlir-opt
                // prints it.
                let sep = if op.contains('\n') { "\n" } else { "" };
                let message = format!("see current operation: {sep}{op}");
                emit(Diag::at_op(Severity::Note, module, d.op, message).without_source_line());
            }
        }
    }
    tessera_ir::verify::verify(module, "").map_err(|d| {
        format!(
            "internal error: pass 'test-affine-parametric-tile' produced IR that does not verify: {}",
            d.message
        )
    })
}

/// `--affine-data-copy-generate` / `--test-affine-data-copy`: mlir-opt's
/// capacity warnings; with `--verbose`, why memrefs were left alone.
fn data_copy(
    module: &mut Module,
    pass: &PassInvocation,
    opts: &Options,
    emit: &mut dyn FnMut(Diag),
) -> Result<(), String> {
    let report = if pass.name == "affine-data-copy-generate" {
        let options = data_copy_options(pass).map_err(|e| e.message)?;
        affine_data_copy_generate(module, &options)
    } else {
        match test_data_copy_mode(pass).map_err(|e| e.message)? {
            Some(mode) => test_affine_data_copy(module, mode),
            None => DataCopyReport::default(),
        }
    };
    for w in &report.warnings {
        emit(Diag::at_op(
            Severity::Warning,
            module,
            w.op,
            w.message.clone(),
        ));
    }
    if opts.verbose {
        for r in &report.remarks {
            emit(Diag::at_op(
                Severity::Remark,
                module,
                r.op,
                r.message.clone(),
            ));
        }
    }
    tessera_ir::verify::verify(module, "").map_err(|d| {
        format!(
            "internal error: pass '{}' produced IR that does not verify: {}",
            pass.name, d.message
        )
    })
}

/// How the IR is printed: `-mlir-print-op-generic`, `-debuginfo`,
/// `-local-scope`.
fn print_options(opts: &Options) -> PrintOptions {
    PrintOptions {
        generic: opts.print_op_generic,
        debuginfo: opts.print_debuginfo,
        local_scope: opts.print_local_scope,
        value_users: opts.print_value_users,
        elide_elements_over: opts.elide_elements_over,
    }
}

/// Runs one pass (or analysis) of the pipeline on `module`, reporting
/// through `emit`; whether the pipeline goes on.
fn apply_pass(
    module: &mut Module,
    pass: &PassInvocation,
    opts: &Options,
    emit: &mut dyn FnMut(Diag),
) -> bool {
    let remark = |m: &Module, op, message: &str| Diag::at_op(Severity::Remark, m, op, message);
    if pass.name == args::DEPENDENCE_CHECK.0 {
        let remarks = with_work_limit(|| dependence_remarks(module));
        // Outside -verify-diagnostics mlir-opt follows each remark with
        // the op, in the custom form.
        let shown = if opts.verify_diagnostics {
            Vec::new()
        } else {
            let ops: Vec<_> = remarks.iter().map(|r| r.op).collect();
            print_ops_local(module, &ops, false)
        };
        for (i, r) in remarks.iter().enumerate() {
            emit(remark(module, r.op, &r.message));
            if let Some(op) = shown.get(i) {
                let message = format!("see current operation: {op}");
                emit(Diag::at_op(Severity::Note, module, r.op, message).without_source_line());
            }
        }
        return true;
    }
    if pass.name == args::BOUND_CHECK.0 {
        bound_errors(module, opts, emit);
        return true;
    }
    if matches!(
        pass.name.as_str(),
        "affine-data-copy-generate" | "test-affine-data-copy"
    ) {
        if let Err(e) = data_copy(module, pass, opts, emit) {
            emit(Diag::new(Severity::Error, None, e));
            return false;
        }
        return true;
    }
    if pass.name == "test-affine-parametric-tile" {
        if let Err(e) = parametric_tile(module, pass, opts, emit) {
            emit(Diag::new(Severity::Error, None, e));
            return false;
        }
        return true;
    }
    match run_pass(module, pass) {
        Ok(remarks) => {
            for r in remarks {
                if let Some(mlir_remark) = r.mlir_remark {
                    mlir_remark_with_explanation(module, &r, mlir_remark, opts, emit);
                } else if opts.verbose || pass.name == "test-loop-fusion" {
                    // The test pass's remarks are its output, as in mlir-opt.
                    emit(remark(module, r.op, &r.message));
                }
            }
        }
        Err(e) => {
            emit(Diag::new(Severity::Error, None, e.message));
            return false;
        }
    }
    true
}

/// mlir-opt's remark about a pass's op, shown with or without `--verbose`;
/// outside `-verify-diagnostics` (where mlir-opt attaches no note) it is
/// followed, as mlir-opt follows it, by the op in the custom form, then by
/// tessera's explanation.
fn mlir_remark_with_explanation(
    module: &Module,
    r: &PassRemark,
    mlir_remark: &str,
    opts: &Options,
    emit: &mut dyn FnMut(Diag),
) {
    emit(Diag::at_op(Severity::Remark, module, r.op, mlir_remark));
    if opts.verify_diagnostics {
        return;
    }
    if let Some(text) = print_ops_local(module, &[r.op], false).first() {
        let sep = if text.contains('\n') { "\n" } else { "" };
        let message = format!("see current operation: {sep}{text}");
        emit(Diag::at_op(Severity::Note, module, r.op, message).without_source_line());
    }
    emit(Diag::at_op(Severity::Note, module, r.op, r.message.as_str()).without_source_line());
}

/// Reports an error of the parser or (with the parsed `module`) of the
/// verifier: outside `-verify-diagnostics`, mlir-opt follows an op's error
/// with the op in the generic form, before the notes the verifier attached.
fn report_ir_error(
    module: Option<&Module>,
    e: &tessera_ir::Diagnostic,
    opts: &Options,
    emit: &mut dyn FnMut(Diag),
) {
    emit(Diag::from_ir(e));
    let about = e.op.filter(|_| !opts.verify_diagnostics);
    if let Some((module, op)) = module.zip(about) {
        if let Some(text) = print_ops_local(module, &[op], true).first() {
            let sep = if text.contains('\n') { "\n" } else { "" };
            let message = format!("see current operation: {sep}{text}");
            emit(Diag::at_op(Severity::Note, module, op, message).without_source_line());
        }
    }
    Diag::notes_of(e).for_each(&mut *emit);
}

/// Parses, checks, transforms and prints one buffer, reporting through
/// `emit`; returns the output and whether everything succeeded.
fn perform(
    file: &str,
    source: &str,
    opts: &Options,
    passes: &[PassInvocation],
    emit: &mut dyn FnMut(Diag),
    timing: &mut Timing,
) -> (String, bool) {
    let start = Instant::now();
    let parsed = parse_module(file, source);
    let verified = parsed
        .as_ref()
        .map_or(Ok(()), |m| tessera_ir::verify::verify(m, source));
    timing.record("Parser", start.elapsed());
    let mut module = match (parsed, verified) {
        (Ok(m), Ok(())) => m,
        (Ok(m), Err(e)) => {
            report_ir_error(Some(&m), &e, opts, emit);
            return (String::new(), false);
        }
        (Err(e), _) => {
            report_ir_error(None, &e, opts, emit);
            return (String::new(), false);
        }
    };
    if !opts.allow_unregistered_dialect {
        if let Some(d) = unregistered_op(&module, source) {
            emit(d);
            return (String::new(), false);
        }
    }
    if opts.dump_pass_pipeline {
        eprint!("{}", dump_pipeline::dump_pipeline(passes));
    }
    let mut timed = |m: &mut Module, pass: &PassInvocation| {
        let start = Instant::now();
        let ok = apply_pass(m, pass, opts, emit);
        timing.record_pass(&pass.name, start.elapsed());
        ok
    };
    let ok = if opts.print_ir.is_on() {
        print_ir::run_with_dumps(
            &mut module,
            passes,
            &opts.print_ir,
            &print_options(opts),
            &mut timed,
        )
    } else {
        passes.iter().all(|pass| timed(&mut module, pass))
    };
    if !ok {
        return (String::new(), false);
    }
    if let Some(path) = &opts.apply_schedule {
        match apply_schedule_file(&mut module, std::path::Path::new(path)) {
            Ok(()) => {}
            Err(ScheduleFileError::Unreadable(e)) => {
                emit(Diag::new(Severity::Error, None, e));
                return (String::new(), false);
            }
            // Located in the schedule file (the notes in the input).
            Err(ScheduleFileError::Located(e)) => {
                eprintln!("{e}");
                return (String::new(), false);
            }
        }
    }
    let start = Instant::now();
    let output = write_output(&module, opts, emit);
    timing.record("Output", start.elapsed());
    output
}

/// What a buffer's run writes after the passes: the module printed, or
/// what `--run`, `--emit=c`, `--dump-dependence-graph`,
/// `--print-schedule` or `--print-dependences` asks for.
fn write_output(module: &Module, opts: &Options, emit: &mut dyn FnMut(Diag)) -> (String, bool) {
    match &opts.run {
        Some(func) => {
            let mut it = Interpreter::new(module);
            let result = it.call(func, &[]);
            let ok = match result {
                Ok(_) => true,
                Err(e) => {
                    emit(Diag::from_ir(&e));
                    false
                }
            };
            (it.output().to_string(), ok)
        }
        None if opts.dump_dependence_graph => {
            (with_work_limit(|| dependence_graph_dot(module)), true)
        }
        None if opts.print_schedule => (
            with_work_limit(|| print_schedules(module, &find_scops(module))),
            true,
        ),
        None if opts.print_dependences => (
            with_work_limit(|| print_dependences(module, &find_scops(module))),
            true,
        ),
        None if opts.emit == Emit::C => match emit_c(
            module,
            &EmitOptions {
                checks: !opts.no_checks,
                fp_contract: opts.fp_contract,
                ..EmitOptions::default()
            },
        ) {
            Ok(c) => (c, true),
            Err(BackendError::Unsupported(d)) => {
                emit(Diag::from_ir(&d));
                (String::new(), false)
            }
            Err(e) => {
                emit(Diag::new(Severity::Error, None, e.to_string()));
                (String::new(), false)
            }
        },
        None => (print_module(module, &print_options(opts)), true),
    }
}
