//! `tessera-opt`: reads MLIR (the affine subset), verifies it, runs the
//! passes given on the command line in order, and prints the result exactly
//! as `mlir-opt` 19 would; `--run=FUNC` interprets a function instead.
//!
//! The command line is `mlir-opt`'s (LLVM's `cl` conventions: one or two
//! dashes, pass options only after `=`, the input file anywhere,
//! `-split-input-file`, `-verify-diagnostics`, ...); see
//! [`tessera::cli`] and `tessera-opt --help`.
#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    tessera::with_tool_stack(move || tessera::cli::run(&args))
}
