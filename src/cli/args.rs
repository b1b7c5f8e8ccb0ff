//! `tessera-opt`'s command line, scanned as LLVM's `cl` library scans
//! `mlir-opt`'s.
//!
//! The conventions (checked against `mlir-opt` 19):
//!
//! - an option is `-name` or `--name` (one or two dashes, never three),
//!   its value after `=`: `-o=out.mlir`, `--pass-pipeline=...`;
//! - an option that requires a value (`-o`, `--pass-pipeline`, `--run`,
//!   `--emit`, `--apply-schedule`, `--output-split-marker`) also takes the
//!   next argument: `-o out.mlir`;
//! - a boolean flag takes no separate argument, but accepts `=true`,
//!   `=false`, `=1`, `=0` (and `TRUE`, `True`, `FALSE`, `False`; `=` alone
//!   means true);
//! - a pass flag (`--affine-loop-tile`) and `--split-input-file` never take
//!   a separate argument: their options only with `=`
//!   (`--affine-loop-tile="tile-size=32 separate"`,
//!   `-split-input-file=MARKER`); a pass flag given twice runs the pass
//!   twice, in command-line order;
//! - every other argument is the input file (at most one; `-` or none means
//!   standard input), and everything after `--` is positional.
//!
//! Errors are worded as LLVM words them, e.g.
//! `tessera-opt: Unknown command line argument '-foo'.  Try: 'tessera-opt --help'`
//! followed by `tessera-opt: Did you mean '-o'?`.
//!
//! ```
//! use tessera::cli::args::{parse_args, Command};
//! let args = ["tessera-opt", "-affine-loop-tile=tile-size=4", "in.mlir", "-o", "out.mlir"];
//! let Ok(Command::Run(opts)) = parse_args(&args.map(String::from)) else { panic!() };
//! assert_eq!(opts.input.as_deref(), Some("in.mlir"));
//! assert_eq!(opts.output.as_deref(), Some("out.mlir"));
//! assert_eq!(opts.passes[0].option("tile-size"), Some("4"));
//! ```

use std::fmt;

use super::print_ir::IrPrinting;
use super::timing;
use tessera_transforms::passes::PASSES;
use tessera_transforms::pipeline::{parse_llvm_unsigned, PassInvocation};

/// The marker `-split-input-file` splits on when given no value, and the
/// default of `--output-split-marker`.
pub const DEFAULT_SPLIT_MARKER: &str = "// -----";

/// What a command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Process the input with these options.
    Run(Box<Options>),
    /// Print the help text (`--help`, `-help`, `-h`).
    Help,
    /// Print the version (`--version`).
    Version,
}

/// The output `--emit` selects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// The module, as `mlir-opt` prints it.
    #[default]
    Mlir,
    /// The C99 translation of the native back end.
    C,
}

/// Everything a `tessera-opt` run was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The input file; `None` (or `-`) reads standard input.
    pub input: Option<String>,
    /// `-o FILE`: where the output goes (`None` or `-`: standard output).
    pub output: Option<String>,
    /// The pass flags, in command-line order.
    pub passes: Vec<PassInvocation>,
    /// `--pass-pipeline=...`, as written.
    pub pass_pipeline: Option<String>,
    /// `-split-input-file[=MARKER]`: the marker the input is split on.
    pub split_input_file: Option<String>,
    /// `--output-split-marker=...`: the marker joining the chunks' outputs.
    pub output_split_marker: String,
    /// `-verify-diagnostics`: check diagnostics against `expected-*`
    /// comments instead of printing them.
    pub verify_diagnostics: bool,
    /// `-allow-unregistered-dialect`: accept ops of dialects mlir-opt does
    /// not register.
    pub allow_unregistered_dialect: bool,
    /// `-mlir-print-op-generic`: print every op in the generic form.
    pub print_op_generic: bool,
    /// `-mlir-disable-threading` (accepted; tessera-opt is single-threaded).
    pub disable_threading: bool,
    /// `-mlir-print-debuginfo`: print each op's and argument's location.
    pub print_debuginfo: bool,
    /// `-mlir-print-local-scope`: print maps, sets and locations inline.
    pub print_local_scope: bool,
    /// `-mlir-print-value-users`: comment each value's users.
    pub print_value_users: bool,
    /// `-mlir-elide-elementsattrs-if-larger`: elide elements attributes
    /// of more elements.
    pub elide_elements_over: Option<u64>,
    /// `-mlir-print-ir-*`: the IR dumped around the passes.
    pub print_ir: IrPrinting,
    /// `--dump-pass-pipeline`: write the pipeline before running it.
    pub dump_pass_pipeline: bool,
    /// `-mlir-timing`: the execution time report after each buffer.
    pub timing: bool,
    /// `-mlir-timing-display=list|tree`.
    pub timing_display: timing::Display,
    /// `-mlir-output-format=text|json` (of the timing report).
    pub timing_format: timing::Format,
    /// `--verify-each` (default on; the module is always verified after
    /// each pass, so `=false` changes nothing).
    pub verify_each: bool,
    /// `--run=FUNC`: interpret a function and print what it prints.
    pub run: Option<String>,
    /// `--emit=mlir|c`.
    pub emit: Emit,
    /// `--no-checks`: leave the run-time checks out of `--emit=c`.
    pub no_checks: bool,
    /// `--fp-contract`: with `--emit=c`, multiply-adds fused into `fma`.
    pub fp_contract: bool,
    /// `--dump-dependence-graph`: print the dependence graph as DOT.
    pub dump_dependence_graph: bool,
    /// `--print-dependences`: print the SCoPs' dependences (memory- and
    /// value-based) as relations.
    pub print_dependences: bool,
    /// `--print-schedule`: print the polyhedral model.
    pub print_schedule: bool,
    /// `--apply-schedule=FILE`: apply a schedule file after the passes.
    pub apply_schedule: Option<String>,
    /// `--verbose`: show the passes' remarks.
    pub verbose: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            input: None,
            output: None,
            passes: Vec::new(),
            pass_pipeline: None,
            split_input_file: None,
            output_split_marker: DEFAULT_SPLIT_MARKER.to_string(),
            verify_diagnostics: false,
            allow_unregistered_dialect: false,
            print_op_generic: false,
            disable_threading: false,
            print_debuginfo: false,
            print_local_scope: false,
            print_value_users: false,
            elide_elements_over: None,
            print_ir: IrPrinting::default(),
            dump_pass_pipeline: false,
            timing: false,
            timing_display: timing::Display::Tree,
            timing_format: timing::Format::Text,
            verify_each: true,
            run: None,
            emit: Emit::Mlir,
            no_checks: false,
            fp_contract: false,
            dump_dependence_graph: false,
            print_dependences: false,
            print_schedule: false,
            apply_schedule: None,
            verbose: false,
        }
    }
}

/// A command line `tessera-opt` refuses; the text (one or more lines,
/// without the final newline) is what goes to standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError(pub String);

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArgError {}

/// How an option takes its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A boolean flag: no separate argument, `=true`/`=false` accepted.
    Flag,
    /// A value is required: after `=` or as the next argument.
    Required,
    /// A value is optional and only given after `=`.
    Optional,
}

/// One option of the command line, for scanning and for `--help`.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The name without dashes.
    pub name: &'static str,
    /// How it takes a value.
    pub kind: ValueKind,
    /// The value's placeholder in `--help`.
    pub value_name: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
}

const fn flag(name: &'static str, help: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind: ValueKind::Flag,
        value_name: "",
        help,
    }
}

const fn value(name: &'static str, value_name: &'static str, help: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind: ValueKind::Required,
        value_name,
        help,
    }
}

/// The options other than the pass flags, in `--help` order.
pub const TOOL_OPTIONS: &[OptionSpec] = &[
    value("o", "filename", "Output filename"),
    value(
        "pass-pipeline",
        "string",
        "Textual description of the pass pipeline to run, e.g. 'builtin.module(func.func(affine-loop-tile{tile-size=32}))'",
    ),
    OptionSpec {
        name: "split-input-file",
        kind: ValueKind::Optional,
        value_name: "string",
        help: "Split the input file into chunks using the given or default marker ('// -----') and process each chunk independently",
    },
    value(
        "output-split-marker",
        "string",
        "Split marker to use for merging the output",
    ),
    flag(
        "verify-diagnostics",
        "Check that emitted diagnostics match expected-* lines on the corresponding line",
    ),
    flag(
        "allow-unregistered-dialect",
        "Allow operation with no registered dialects",
    ),
    flag("mlir-print-op-generic", "Print the generic op form"),
    flag(
        "mlir-disable-threading",
        "Accepted for mlir-opt compatibility (tessera-opt runs on one thread)",
    ),
    flag("mlir-print-debuginfo", "Print debug info in MLIR output"),
    flag(
        "mlir-print-local-scope",
        "Print with local scope and inline information (eliding aliases for attributes, types, and locations)",
    ),
    value(
        "mlir-elide-elementsattrs-if-larger",
        "uint",
        "Elide ElementsAttrs with \"...\" that have more elements than the given upper limit",
    ),
    flag(
        "mlir-print-value-users",
        "Print users of operation results and block arguments as a comment",
    ),
    value("mlir-print-ir-after", "pass-arg", "Print IR after specified passes"),
    flag("mlir-print-ir-after-all", "Print IR after each pass"),
    flag(
        "mlir-print-ir-after-change",
        "When printing the IR after a pass, only print if the IR changed",
    ),
    flag(
        "mlir-print-ir-after-failure",
        "When printing the IR after a pass, only print if the pass failed",
    ),
    value("mlir-print-ir-before", "pass-arg", "Print IR before specified passes"),
    flag("mlir-print-ir-before-all", "Print IR before each pass"),
    flag("mlir-timing", "Display execution times"),
    flag("dump-pass-pipeline", "Print the pipeline that will be run"),
    value(
        "mlir-timing-display",
        "value",
        "Display method for timing data (list: sorted by total time; tree: nested)",
    ),
    value(
        "mlir-output-format",
        "value",
        "Output format for timing data (text or json)",
    ),
    flag(
        "mlir-print-ir-module-scope",
        "When printing IR for print-ir-[before|after]{-all} always print the top-level operation",
    ),
    value(
        "mlir-print-ir-tree-dir",
        "string",
        "When printing the IR before/after a pass, print file tree rooted at this directory",
    ),
    flag(
        "verify-each",
        "Run the verifier after each transformation pass (always on)",
    ),
    value(
        "run",
        "func",
        "Run function FUNC (taking no arguments) and print what it prints",
    ),
    value(
        "emit",
        "format",
        "Output after the passes: 'mlir', or 'c' for the C99 translation of the native back end",
    ),
    flag("no-checks", "With --emit=c: leave out the run-time checks"),
    flag(
        "fp-contract",
        "With --emit=c: fuse each float multiply feeding an add into one fma call (one rounding: faster, results not bit-exact)",
    ),
    flag(
        "dump-dependence-graph",
        "Print the dependence graph as Graphviz DOT instead of the IR",
    ),
    flag(
        "print-dependences",
        "Print each SCoP's dependences between statement instances (memory-based flow, anti, output; value-based flow) instead of the IR",
    ),
    flag(
        "print-schedule",
        "Print the polyhedral model (domains, accesses, schedules) instead of the IR",
    ),
    value(
        "apply-schedule",
        "schedule-file",
        "Check a schedule file (as --print-schedule writes it) against the dependences and apply it, after the passes",
    ),
    flag(
        "verbose",
        "Report, as remarks, what each pass did and why it left loops alone",
    ),
    flag("help", "Display available options"),
    flag("h", "Alias for --help"),
    flag("version", "Display the version of this program"),
];

/// The analysis mlir-opt runs as a pass, `-test-memref-dependence-check`:
/// its remarks come where it stands among the passes.
pub const DEPENDENCE_CHECK: (&str, &str) = (
    "test-memref-dependence-check",
    "Print mlir-opt's memref dependence remarks (an analysis, run in its place among the passes)",
);

/// The analysis mlir-opt runs as a pass, `-test-memref-bound-check`: an
/// error (and, as mlir-opt prints it, a note showing the op) for each
/// access dimension that can be out of bounds, where it stands among the
/// passes.
pub const BOUND_CHECK: (&str, &str) = (
    "test-memref-bound-check",
    "Report, as mlir-opt's errors, each affine access that can be out of its memref's bounds (decided on integer points, each with a witness iteration)",
);

/// The pass flags: every registered pass but `apply-schedule`, whose flag
/// is the tool option `--apply-schedule=FILE`, and the two analyses.
pub fn pass_flags() -> impl Iterator<Item = (&'static str, &'static str)> {
    PASSES
        .iter()
        .copied()
        .filter(|(name, _)| *name != "apply-schedule")
        .chain([DEPENDENCE_CHECK, BOUND_CHECK])
}

/// An option as LLVM prints it: `-o`, `--pass-pipeline`.
fn print_arg(name: &str) -> String {
    if name.chars().count() == 1 {
        format!("-{name}")
    } else {
        format!("--{name}")
    }
}

/// The program name LLVM prints before its messages: `argv[0]`'s file name.
pub fn program_name(argv0: &str) -> &str {
    argv0.rsplit('/').next().unwrap_or(argv0)
}

/// Levenshtein distance with replacements (LLVM's `StringRef::edit_distance`).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// The known option nearest to `name` (LLVM's `LookupNearestOption`).
fn nearest_option(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return None;
    }
    TOOL_OPTIONS
        .iter()
        .map(|o| o.name)
        .chain(pass_flags().map(|(n, _)| n))
        .min_by_key(|candidate| edit_distance(candidate, name))
}

/// LLVM's boolean values.
fn parse_bool(prog: &str, name: &str, value: Option<&str>) -> Result<bool, ArgError> {
    match value {
        None | Some("" | "true" | "TRUE" | "True" | "1") => Ok(true),
        Some("false" | "FALSE" | "False" | "0") => Ok(false),
        Some(other) => Err(ArgError(format!(
            "{prog}: for the {} option: '{other}' is invalid value for boolean argument! Try 0 or 1",
            print_arg(name)
        ))),
    }
}

/// Scans a command line (`args[0]` is the program), as LLVM's `cl` would.
pub fn parse_args(args: &[String]) -> Result<Command, ArgError> {
    let argv0 = args.first().map_or("tessera-opt", String::as_str);
    let prog = program_name(argv0);
    let mut opts = Options::default();
    let mut positionals: Vec<String> = Vec::new();
    let mut only_positionals = false;
    let mut i = 1;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if only_positionals || arg == "-" || !arg.starts_with('-') {
            positionals.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positionals = true;
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or_else(|| &arg[1..]);
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        let spec = TOOL_OPTIONS.iter().find(|o| o.name == name);
        let is_pass = spec.is_none() && pass_flags().any(|(n, _)| n == name);
        if body.starts_with('-') || (spec.is_none() && !is_pass) {
            let mut message =
                format!("{prog}: Unknown command line argument '{arg}'.  Try: '{argv0} --help'");
            if let Some(near) = nearest_option(name) {
                let suggestion = match value {
                    Some(v) if !v.is_empty() => format!("{near}={v}"),
                    _ => near.to_string(),
                };
                message.push_str(&format!(
                    "\n{prog}: Did you mean '{}'?",
                    print_arg(&suggestion)
                ));
            }
            return Err(ArgError(message));
        }
        if is_pass {
            let pass = PassInvocation::with_options(name, value.unwrap_or("")).map_err(|e| {
                ArgError(format!(
                    "{prog}: for the {} option: {}",
                    print_arg(name),
                    e.message
                ))
            })?;
            opts.passes.push(pass);
            continue;
        }
        let Some(spec) = spec else { continue };
        let value: Option<String> = match (spec.kind, value) {
            (ValueKind::Required, None) => match args.get(i) {
                Some(next) => {
                    i += 1;
                    Some(next.clone())
                }
                None => {
                    return Err(ArgError(format!(
                        "{prog}: for the {} option: requires a value!",
                        print_arg(name)
                    )))
                }
            },
            (_, v) => v.map(str::to_string),
        };
        let on = || parse_bool(prog, name, value.as_deref());
        match name {
            "o" => opts.output = value,
            "pass-pipeline" => opts.pass_pipeline = value,
            "split-input-file" => {
                opts.split_input_file = Some(match value.as_deref() {
                    None | Some("") => DEFAULT_SPLIT_MARKER.to_string(),
                    Some(marker) => marker.to_string(),
                })
            }
            "output-split-marker" => opts.output_split_marker = value.unwrap_or_default(),
            "verify-diagnostics" => opts.verify_diagnostics = on()?,
            "allow-unregistered-dialect" => opts.allow_unregistered_dialect = on()?,
            "mlir-print-op-generic" => opts.print_op_generic = on()?,
            "mlir-disable-threading" => opts.disable_threading = on()?,
            "mlir-print-debuginfo" => opts.print_debuginfo = on()?,
            "mlir-print-local-scope" => opts.print_local_scope = on()?,
            "mlir-print-value-users" => opts.print_value_users = on()?,
            "mlir-elide-elementsattrs-if-larger" => {
                let text = value.unwrap_or_default();
                let limit = parse_llvm_unsigned(&text, u64::from(u32::MAX)).ok_or_else(|| {
                    ArgError(format!(
                        "{prog}: for the {} option: '{text}' value invalid for uint argument!",
                        print_arg(name)
                    ))
                })?;
                opts.elide_elements_over = Some(limit);
            }
            "mlir-print-ir-before-all" => opts.print_ir.before_all = on()?,
            "mlir-print-ir-after-all" => opts.print_ir.after_all = on()?,
            "mlir-print-ir-after-change" => opts.print_ir.after_change = on()?,
            "mlir-print-ir-after-failure" => opts.print_ir.after_failure = on()?,
            "mlir-print-ir-module-scope" => opts.print_ir.module_scope = on()?,
            "mlir-print-ir-tree-dir" => opts.print_ir.tree_dir = value.filter(|v| !v.is_empty()),
            "mlir-timing" => opts.timing = on()?,
            "dump-pass-pipeline" => opts.dump_pass_pipeline = on()?,
            "mlir-timing-display" => {
                opts.timing_display = match value.as_deref() {
                    Some("list") => timing::Display::List,
                    Some("tree") => timing::Display::Tree,
                    other => return Err(unknown_value(prog, name, other)),
                }
            }
            "mlir-output-format" => {
                opts.timing_format = match value.as_deref() {
                    Some("text") => timing::Format::Text,
                    Some("json") => timing::Format::Json,
                    other => return Err(unknown_value(prog, name, other)),
                }
            }
            "mlir-print-ir-before" | "mlir-print-ir-after" => {
                let list = value.unwrap_or_default();
                for pass in list.split(',') {
                    if !pass_flags().any(|(flag, _)| flag == pass) {
                        return Err(unknown_value(prog, name, Some(pass)));
                    }
                    let passes = if name == "mlir-print-ir-before" {
                        &mut opts.print_ir.before
                    } else {
                        &mut opts.print_ir.after
                    };
                    passes.push(pass.to_string());
                }
            }
            "verify-each" => opts.verify_each = on()?,
            "run" => opts.run = value,
            "emit" => {
                opts.emit = match value.as_deref() {
                    Some("mlir") => Emit::Mlir,
                    Some("c") => Emit::C,
                    other => return Err(unknown_value(prog, name, other)),
                }
            }
            "no-checks" => opts.no_checks = on()?,
            "fp-contract" => opts.fp_contract = on()?,
            "dump-dependence-graph" => opts.dump_dependence_graph = on()?,
            "print-dependences" => opts.print_dependences = on()?,
            "print-schedule" => opts.print_schedule = on()?,
            "apply-schedule" => opts.apply_schedule = value,
            "verbose" => opts.verbose = on()?,
            "help" | "h" if on()? => return Ok(Command::Help),
            "version" if on()? => return Ok(Command::Version),
            _ => {}
        }
    }
    if positionals.len() > 1 {
        return Err(ArgError(format!(
            "{prog}: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: {argv0} --help"
        )));
    }
    opts.input = positionals.pop();
    if opts.print_ir.module_scope && opts.print_ir.is_on() && !opts.disable_threading {
        return Err(ArgError(
            "<unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.".to_string(),
        ));
    }
    if opts.pass_pipeline.is_some() && !opts.passes.is_empty() {
        return Err(ArgError(
            "<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options"
                .to_string(),
        ));
    }
    Ok(Command::Run(Box::new(opts)))
}

/// LLVM's error for a value an enumerated option does not have.
fn unknown_value(prog: &str, name: &str, value: Option<&str>) -> ArgError {
    ArgError(format!(
        "{prog}: for the {} option: Cannot find option named '{}'!",
        print_arg(name),
        value.unwrap_or_default()
    ))
}

/// The `--help` text.
pub fn help_text(prog: &str) -> String {
    let mut rows: Vec<(String, &str)> = Vec::new();
    for o in TOOL_OPTIONS {
        let shown = match o.kind {
            ValueKind::Flag => print_arg(o.name),
            ValueKind::Required if o.name.len() == 1 => {
                format!("{} <{}>", print_arg(o.name), o.value_name)
            }
            ValueKind::Required => format!("{}=<{}>", print_arg(o.name), o.value_name),
            ValueKind::Optional => format!("{}[=<{}>]", print_arg(o.name), o.value_name),
        };
        rows.push((shown, o.help));
    }
    let width = rows
        .iter()
        .map(|(s, _)| s.len())
        .chain(pass_flags().map(|(n, _)| n.len() + 14))
        .max()
        .unwrap_or(0)
        + 2;
    let mut out = format!(
        "OVERVIEW: tessera's affine loop optimizer, with mlir-opt's command line\n\n\
         USAGE: {prog} [options] <input file>\n\n\
         The input file may stand anywhere; '-' or none reads standard input.\n\
         Options take their value after '=' (a required value may also be the next\n\
         argument); one or two leading dashes are the same.\n\n\
         OPTIONS:\n\n"
    );
    for (shown, help) in rows {
        out.push_str(&format!("  {shown:<width$} - {help}\n"));
    }
    out.push_str(
        "\nPasses (run in command-line order; a pass given twice runs twice; options only\n\
         with '=', e.g. --affine-loop-tile=\"tile-size=32 separate\"):\n\n",
    );
    for (name, help) in pass_flags() {
        let shown = format!("--{name}[=<options>]");
        out.push_str(&format!("  {shown:<width$} - {help}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, ArgError> {
        let mut all = vec!["tessera-opt".to_string()];
        all.extend(args.iter().map(|s| s.to_string()));
        parse_args(&all)
    }

    fn run(args: &[&str]) -> Options {
        match parse(args) {
            Ok(Command::Run(o)) => *o,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn pass_flags_never_take_the_next_argument() {
        let o = run(&["--affine-loop-tile", "in.mlir"]);
        assert_eq!(o.input.as_deref(), Some("in.mlir"));
        assert_eq!(o.passes, vec![PassInvocation::new("affine-loop-tile")]);
        let o = run(&["in.mlir", "-affine-loop-tile=tile-size=32 separate"]);
        assert_eq!(o.passes[0].option("tile-size"), Some("32"));
        assert_eq!(o.passes[0].flag("separate"), Ok(true));
    }

    #[test]
    fn passes_keep_command_line_order_and_repeat() {
        let o = run(&[
            "-affine-loop-unroll=unroll-factor=2",
            "-affine-loop-tile",
            "--affine-loop-unroll",
        ]);
        let names: Vec<&str> = o.passes.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "affine-loop-unroll",
                "affine-loop-tile",
                "affine-loop-unroll"
            ]
        );
    }

    #[test]
    fn values_after_equals_or_next_argument() {
        let o = run(&["-o", "out.mlir", "x.mlir"]);
        assert_eq!(o.output.as_deref(), Some("out.mlir"));
        let o = run(&["-o=out.mlir"]);
        assert_eq!(o.output.as_deref(), Some("out.mlir"));
        assert_eq!(o.input, None);
        let o = run(&["--o", "-", "-"]);
        assert_eq!(o.output.as_deref(), Some("-"));
        assert_eq!(o.input.as_deref(), Some("-"));
        let o = run(&["--run", "main", "--", "-weird.mlir"]);
        assert_eq!(o.run.as_deref(), Some("main"));
        assert_eq!(o.input.as_deref(), Some("-weird.mlir"));
    }

    #[test]
    fn split_marker_and_booleans() {
        let o = run(&["-split-input-file", "-verify-diagnostics=false"]);
        assert_eq!(o.split_input_file.as_deref(), Some(DEFAULT_SPLIT_MARKER));
        assert!(!o.verify_diagnostics);
        let o = run(&["-split-input-file=// ===", "-verify-each=0"]);
        assert_eq!(o.split_input_file.as_deref(), Some("// ==="));
        assert!(!o.verify_each);
        let e = parse(&["-verify-diagnostics=yes"]).unwrap_err();
        assert_eq!(
            e.0,
            "tessera-opt: for the --verify-diagnostics option: 'yes' is invalid value for boolean argument! Try 0 or 1"
        );
    }

    #[test]
    fn errors_are_worded_as_llvm_words_them() {
        assert_eq!(
            parse(&["-foo"]).unwrap_err().0,
            "tessera-opt: Unknown command line argument '-foo'.  Try: 'tessera-opt --help'\ntessera-opt: Did you mean '-o'?"
        );
        assert_eq!(
            parse(&["-affine-loop-tiel"]).unwrap_err().0,
            "tessera-opt: Unknown command line argument '-affine-loop-tiel'.  Try: 'tessera-opt --help'\ntessera-opt: Did you mean '--affine-loop-tile'?"
        );
        assert!(parse(&["---split-input-file"])
            .unwrap_err()
            .0
            .ends_with("Did you mean '--split-input-file'?"));
        assert_eq!(
            parse(&["-o"]).unwrap_err().0,
            "tessera-opt: for the -o option: requires a value!"
        );
        assert_eq!(
            parse(&["a.mlir", "b.mlir"]).unwrap_err().0,
            "tessera-opt: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: tessera-opt --help"
        );
        assert!(parse(&["--pass-pipeline=builtin.module()", "-affine-loop-tile"]).is_err());
    }

    #[test]
    fn help_and_version() {
        assert_eq!(parse(&["--help"]), Ok(Command::Help));
        assert_eq!(parse(&["-h"]), Ok(Command::Help));
        assert_eq!(parse(&["-version"]), Ok(Command::Version));
        let help = help_text("tessera-opt");
        assert!(help.contains("--affine-loop-tile[=<options>]"));
        assert!(help.contains("-o <filename>"));
    }
}
