//! `tessera-calc`: an affine calculator with MLIR syntax in and out.
//!
//! Answers one query given as arguments, or one query a line from standard
//! input (or a file), so a file of thousands of queries can be timed.
#![forbid(unsafe_code)]

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Parser;
use tessera::calc::run_query;

/// An affine calculator: MLIR affine maps and integer sets in, MLIR out.
///
/// Queries:
///   simplify MAP-OR-SET          canonical form
///   compose MAP1 MAP2            MAP1 ∘ MAP2 (MAP2's results feed MAP1's dims)
///   eval MAP-OR-SET 3,4 [10]     results at dims 3,4 and symbols [10]
///
/// Maps and sets are written bare, `(d0)[s0] -> (d0 + s0)`, or wrapped,
/// `affine_map<...>` / `affine_set<...>`.
#[derive(Parser)]
#[command(name = "tessera-calc", version, verbatim_doc_comment)]
struct Cli {
    /// Read queries from this file instead of standard input.
    #[arg(short, long, value_name = "FILE")]
    file: Option<std::path::PathBuf>,
    /// One query; without it, queries are read one a line.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    query: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let mut answer =
        |source: &str, number: usize, line: &str, out: &mut dyn Write| -> io::Result<()> {
            match run_query(line) {
                Ok(a) if a.is_empty() => Ok(()),
                Ok(a) => writeln!(out, "{a}"),
                Err(e) => {
                    failed = true;
                    eprintln!("{source}:{number}:{}: error: {}", e.column, e.message);
                    eprintln!("{line}");
                    eprintln!("{}^", " ".repeat(e.column.saturating_sub(1)));
                    Ok(())
                }
            }
        };
    let result = if !cli.query.is_empty() {
        answer("<args>", 1, &cli.query.join(" "), &mut out)
    } else {
        let (source, reader): (String, Box<dyn BufRead>) = match &cli.file {
            Some(path) => match std::fs::File::open(path) {
                Ok(f) => (path.display().to_string(), Box::new(io::BufReader::new(f))),
                Err(e) => {
                    eprintln!("tessera-calc: cannot open {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            },
            None => ("<stdin>".to_string(), Box::new(io::stdin().lock())),
        };
        let mut result = Ok(());
        for (i, line) in reader.lines().enumerate() {
            result = line.and_then(|l| answer(&source, i + 1, &l, &mut out));
            if result.is_err() {
                break;
            }
        }
        result
    };
    if let Err(e) = result.and_then(|_| out.flush()) {
        eprintln!("tessera-calc: {e}");
        return ExitCode::FAILURE;
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
