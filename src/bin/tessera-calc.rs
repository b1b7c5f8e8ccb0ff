//! `tessera-calc`: an affine calculator with MLIR syntax in and out.
//!
//! Answers one query given as arguments, or one query a line from standard
//! input (or a file), so a file of thousands of queries can be timed.
#![forbid(unsafe_code)]

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use tessera::calc::run_query;

/// An affine calculator: MLIR affine maps and integer sets in, MLIR out.
///
/// Queries:
///   simplify MAP-OR-SET          canonical form
///   compose MAP1 MAP2            MAP1 ∘ MAP2 (MAP2's results feed MAP1's dims)
///   eval MAP-OR-SET 3,4 [10]     results at dims 3,4 and symbols [10]
///   is-empty SET                 true if the set has no integer point
///   sample SET                   an integer point, or `empty`
///   is-rationally-empty SET      true if the set has no rational point
///   is-bounded SET               true if its integer points lie in a bounded box
///   lexmin SET / lexmax SET      the lexicographic minimum / maximum (`empty`, `unbounded`)
///   symbolic-lexmin SET          the lexmin as a piecewise function of the symbols
///   symbolic-lexmax SET          (pieces `MAP where CONDITION`, `unbounded where ...`)
///   dim-min SET dK / dim-max     the extremum of one dim, a function of the symbols
///   card SET                     the number of points, a piecewise quasi-polynomial
///                                of the symbols (`1/2 * s0^2 + 1/2 * s0 where ...`);
///                                of a relation, the images per domain point
///   coalesce A                   the pieces of a union merged where possible
///   simple-hull A                the union's hull over its constraints' directions
///   convex-hull A                the smallest polyhedron containing the union
///   rational-lexmin SET          the rational lexicographic minimum, e.g. `(3/2, 0)`
///   remove-redundant SET         the set without the inequalities the others imply
///   gist A B                     A without what B and A's kept constraints imply
///   project SET --keep d0,d2     the exact projection onto the kept dims
///   bounds SET EXPR              [min, max] of EXPR on the set
///   is-subset A B / is-equal A B true or false
///   intersect|union|subtract A B, complement A
///   domain R / range R           a relation's domain / range
///   inverse R                    domain and range exchanged
///   wrap R                       the set over R's domain and range dims
///   apply S R                    the image of the set S under R
///   apply-range R1 R2            R1, then R2
///   range-product R1 R2          (x) -> (y, z) for (x) -> (y) in R1, (x) -> (z) in R2
///   intersect-domain R S         R on domain points in S (intersect-range: range)
///
/// A relation is an affine map (its graph), `(d0) -> (d0 + 1)`, or MLIR's
/// relation form, `(d0)[s0] -> (d1) : (d1 - d0 >= 0, s0 - d1 >= 0)`;
/// is-empty, sample, lexmin, lexmax, the set operations, is-subset and
/// is-equal take relations too.
///
/// Maps and sets are written bare, `(d0)[s0] -> (d0 + s0)`, or wrapped,
/// `affine_map<...>` / `affine_set<...>`. Unions print as their pieces
/// joined by `or` and are read back the same way, e.g.
/// `lexmax (d0) : (d0 >= 0, -d0 + 3 >= 0) or (d0) : (d0 - 5 == 0)`, by
/// every query but simplify, compose, eval, project, bounds and the
/// single-set queries (is-rationally-empty, is-bounded, rational-lexmin,
/// remove-redundant, the first operand of gist).
///
/// An exact projection whose split into integer sets would take more
/// than 32 pieces prints with its existentials named after the colon,
/// `(d0)[s0] : exists (d1) : (d0 - d1 * 3 >= 0, ...)`, and reads back the
/// same way (MLIR's syntax has no such sets).
#[derive(Parser)]
#[command(name = "tessera-calc", version, verbatim_doc_comment)]
struct Cli {
    /// Read queries from this file instead of standard input.
    #[arg(short, long, value_name = "FILE")]
    file: Option<std::path::PathBuf>,
    /// Print on stderr the time spent answering (parsing included,
    /// reading and writing excluded), for benchmarks.
    #[arg(long)]
    time: bool,
    /// Do not print the answers (errors are still reported).
    #[arg(long)]
    quiet: bool,
    /// One query; without it, queries are read one a line.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    query: Vec<String>,
}

/// Answers queries and keeps the tallies the run ends with.
struct Session {
    quiet: bool,
    failed: bool,
    queries: usize,
    spent: Duration,
    /// Time of each answered query, for the median.
    times: Vec<Duration>,
}

impl Session {
    fn answer(
        &mut self,
        source: &str,
        number: usize,
        line: &str,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let start = Instant::now();
        let result = run_query(line);
        let took = start.elapsed();
        self.spent += took;
        match result {
            Ok(a) if a.is_empty() => Ok(()),
            Ok(a) => {
                self.queries += 1;
                self.times.push(took);
                if self.quiet {
                    Ok(())
                } else {
                    writeln!(out, "{a}")
                }
            }
            Err(e) => {
                self.failed = true;
                eprintln!("{source}:{number}:{}: error: {}", e.column, e.message);
                eprintln!("{line}");
                eprintln!("{}^", " ".repeat(e.column.saturating_sub(1)));
                Ok(())
            }
        }
    }
}

fn main() -> ExitCode {
    tessera::with_tool_stack(run)
}

fn run() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut session = Session {
        quiet: cli.quiet,
        failed: false,
        queries: 0,
        spent: Duration::ZERO,
        times: Vec::new(),
    };
    let result = if !cli.query.is_empty() {
        session.answer("<args>", 1, &cli.query.join(" "), &mut out)
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
            result = line.and_then(|l| session.answer(&source, i + 1, &l, &mut out));
            if result.is_err() {
                break;
            }
        }
        result
    };
    if cli.time {
        let total = session.spent.as_secs_f64();
        let per = if session.queries > 0 {
            total * 1e6 / session.queries as f64
        } else {
            0.0
        };
        session.times.sort_unstable();
        let median = session
            .times
            .get(session.times.len() / 2)
            .map_or(0.0, |d| d.as_secs_f64() * 1e6);
        eprintln!(
            "tessera-calc: {} queries in {:.3} ms ({per:.2} us/query mean, {median:.2} us median)",
            session.queries,
            total * 1e3
        );
    }
    if let Err(e) = result.and_then(|_| out.flush()) {
        eprintln!("tessera-calc: {e}");
        return ExitCode::FAILURE;
    }
    if session.failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
