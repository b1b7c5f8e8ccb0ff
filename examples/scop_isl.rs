//! tessera's polyhedral code generator on the SCoPs of real kernels, and
//! the same code generation problems written in isl's syntax, for the
//! comparison with isl's AST generator of `benches/compare_isl_codegen.sh`
//! (see `benches/codegen.md`).
//!
//! ```text
//! cargo run --release --example scop_isl -- OUT_DIR kernel.mlir...
//! ```
//!
//! For each SCoP of each kernel's `@kernel_*` function there are two
//! problems: the statements' original 2d+1 schedules (`original`), and
//! Pluto's schedule tiled by 32 (`tiled`, `schedule_maps` with `tile`).
//! A kernel with several SCoPs numbers its problems (`original.1`). Writes
//!
//! - `OUT_DIR/problems.isl`: three lines a problem — its name (`kernel
//!   problem`), the iteration domains as an isl union set (`S0[i0, i1] :
//!   ...`, a statement under `else` blocks as several disjuncts, locals as
//!   `exists`) and the schedules as an isl union map (`S0[i0, i1] -> [...]`,
//!   `floordiv` as `floor(e/c)`; the statement index as a last time dim
//!   where two statements' times may be equal: tessera breaks such ties by
//!   statement index, isl would leave them open);
//! - `OUT_DIR/tessera.txt`: a line a problem, `kernel problem codegen_us
//!   loops guards statements total_us` — the median time of one
//!   `generate_scop` (on a fresh copy of the module, domains to IR; at least
//!   3 runs and 0.2 s in all), the `affine.for`s, `affine.if`s and
//!   statement copies (stores) it generates, and the median time of
//!   lifting the SCoPs, checking the schedule's legality and generating;
//! - `OUT_DIR/tessera/KERNEL.PROBLEM.mlir`: the generated kernel function;
//! - `OUT_DIR/schedule.isl`: three lines a SCoP for the scheduler
//!   comparison of `benches/compare_isl_schedule.sh` — its name, the
//!   domains, and tessera's memory-based dependences (flow, anti, output)
//!   as an isl union map (`S0[i0, ...] -> S1[o0, ...] : ...`), which
//!   `benches/isl/isl_schedule.c` gives isl's scheduler as validity and
//!   proximity constraints;
//! - `OUT_DIR/schedule.tessera.txt`: a line a SCoP, `kernel edges
//!   deps_us schedule_us` — the median time of finding the dependence
//!   edges, and of `pluto_schedule` (which finds them too, then Farkas'
//!   lemma per edge and the hyperplane search).

use std::error::Error;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tessera::affine::{AffineExpr, AffineMap, BinaryOp, ExprKind};
use tessera::ir::{parse_and_verify, print_module, Attribute, Module, OpId, PrintOptions};
use tessera::polyhedral::{Int, IntegerRelation, VarKind};
use tessera::transforms::dependence::domain_pieces;
use tessera::transforms::schedule::{
    pluto_schedule, schedule_maps, scop_edges, Edge, FusePolicy, ScheduleOptions, MAX_EDGES,
};
use tessera::transforms::scop::{check_schedule, find_scops, generate_scop, FunctionModel, Scop};

/// The time every measurement adds up to, at least.
const TARGET: Duration = Duration::from_millis(200);

/// The fewest runs a median is taken of.
const MIN_RUNS: usize = 3;

/// The loops, guards and statement copies of a piece of code.
#[derive(Clone, Copy, Debug, Default)]
struct Shape {
    loops: usize,
    guards: usize,
    statements: usize,
}

/// The shape of the ops under `roots` (the roots included).
fn shape(module: &Module, roots: &[OpId]) -> Shape {
    let mut ops = Vec::new();
    for &root in roots {
        module.walk_from(root, &mut ops);
    }
    let mut s = Shape::default();
    for op in ops {
        match module.ops[op].name.as_str() {
            "affine.for" => s.loops += 1,
            "affine.if" => s.guards += 1,
            "affine.store" | "affine.vector_store" => s.statements += 1,
            _ => {}
        }
    }
    s
}

/// The model of the kernel function (the one named `kernel*`).
fn kernel_model(models: &[FunctionModel]) -> Result<&FunctionModel, String> {
    models
        .iter()
        .find(|m| m.name.starts_with("kernel"))
        .ok_or_else(|| "no @kernel* function".to_string())
}

/// Detaches every function but the kernel, so that lifting the module
/// lifts the kernel alone.
fn keep_kernel_only(module: &mut Module) {
    for f in module.functions() {
        let kernel = matches!(
            module.ops[f].attr("sym_name"),
            Some(Attribute::String(s)) if s.starts_with("kernel")
        );
        if !kernel {
            module.erase_op(f);
        }
    }
}

/// Runs `f` on fresh copies of `module` until the durations it returns
/// add up to [`TARGET`] (and at least [`MIN_RUNS`] times): their median.
fn median(
    module: &Module,
    mut f: impl FnMut(&mut Module) -> Result<Duration, String>,
) -> Result<Duration, String> {
    let mut times = Vec::new();
    let mut spent = Duration::ZERO;
    while times.len() < MIN_RUNS || spent < TARGET {
        let mut copy = module.clone();
        let t = f(&mut copy)?;
        spent += t;
        times.push(t);
    }
    times.sort();
    Ok(times[times.len() / 2])
}

/// What tessera does with one problem.
struct Run {
    /// The module after generation.
    module: Module,
    /// The generated code's shape.
    shape: Shape,
    /// The median time of `generate_scop`.
    codegen: Duration,
    /// The median time of lifting, the legality check and `generate_scop`.
    total: Duration,
}

/// Generates SCoP `k` of the kernel of `module` with `maps`, and times it.
fn run_tessera(module: &Module, k: usize, maps: &[AffineMap]) -> Result<Run, String> {
    let models = find_scops(module);
    let model = kernel_model(&models)?;
    let scop = &model.scops[k];
    check_schedule(model, scop, maps).map_err(|v| format!("illegal schedule: {v}"))?;
    let func = model.func;
    let before = shape(module, &[func]);
    let replaced = shape(module, &scop.ops);
    let mut generated = module.clone();
    generate_scop(&mut generated, model, scop, maps)?;
    let after = shape(&generated, &[func]);
    let shape = Shape {
        loops: after.loops + replaced.loops - before.loops,
        guards: after.guards + replaced.guards - before.guards,
        statements: after.statements + replaced.statements - before.statements,
    };
    let codegen = median(module, |m| {
        let start = Instant::now();
        generate_scop(m, model, scop, maps)?;
        Ok(start.elapsed())
    })?;
    let total = median(module, |m| {
        let start = Instant::now();
        let models = find_scops(m);
        let model = kernel_model(&models)?;
        let scop = &model.scops[k];
        check_schedule(model, scop, maps).map_err(|v| v.to_string())?;
        generate_scop(m, model, scop, maps)?;
        Ok(start.elapsed())
    })?;
    Ok(Run {
        module: generated,
        shape,
        codegen,
        total,
    })
}

/// `prefix0, prefix1, ...`: `n` names.
fn names(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}

/// isl's parameter prefix `[s0, s1] -> ` (empty without symbols).
fn isl_params(num_symbols: usize) -> String {
    if num_symbols == 0 {
        String::new()
    } else {
        format!("[{}] -> ", names("s", num_symbols).join(", "))
    }
}

/// One row `Σ a·name + c` in isl syntax, `= 0` or `>= 0`.
fn isl_row(row: &[Int], names: &[String], equality: bool) -> String {
    let mut out = String::new();
    for (a, name) in row.iter().zip(names) {
        if a.is_zero() {
            continue;
        }
        if out.is_empty() {
            if a.is_negative() {
                out.push('-');
            }
        } else {
            out.push_str(if a.is_negative() { " - " } else { " + " });
        }
        let abs = a.abs();
        if abs.is_one() {
            out.push_str(name);
        } else {
            let _ = write!(out, "{abs}*{name}");
        }
    }
    let c = &row[names.len()];
    if out.is_empty() {
        out = c.to_string();
    } else if !c.is_zero() {
        let sign = if c.is_negative() { "-" } else { "+" };
        let _ = write!(out, " {sign} {}", c.abs());
    }
    format!("{out} {} 0", if equality { "=" } else { ">=" })
}

/// The constraints of a system over `columns` in isl syntax, its last
/// `locals` columns (named `e*`) under an isl `exists`.
fn isl_body(system: &IntegerRelation, columns: &[String], locals: usize) -> String {
    let rows: Vec<String> = system
        .equalities()
        .iter()
        .map(|r| isl_row(r, columns, true))
        .chain(
            system
                .inequalities()
                .iter()
                .map(|r| isl_row(r, columns, false)),
        )
        .collect();
    let body = if rows.is_empty() {
        "true".to_string()
    } else {
        rows.join(" and ")
    };
    if locals == 0 {
        body
    } else {
        format!("exists ({} : {body})", names("e", locals).join(", "))
    }
}

/// The constraints of a domain piece (a set: dims `i*`, symbols `s*`,
/// locals `e*` as an isl `exists`).
fn isl_constraints(piece: &IntegerRelation) -> String {
    let space = piece.space();
    let locals = space.count(VarKind::Local);
    let mut columns = names("i", space.count(VarKind::Range));
    columns.extend(names("s", space.count(VarKind::Symbol)));
    columns.extend(names("e", locals));
    isl_body(piece, &columns, locals)
}

/// The statements' iteration domains as an isl union set: statement `k`
/// is `Sk[i0, ...]`, one disjunct per piece of its domain.
fn isl_domain(scop: &Scop, num_symbols: usize) -> Result<String, String> {
    let mut parts = Vec::new();
    for (k, s) in scop.statements.iter().enumerate() {
        let tuple = format!("S{k}[{}]", names("i", s.depth()).join(", "));
        for piece in domain_pieces(&s.write).map_err(|e| format!("S{k}: {e}"))? {
            parts.push(format!("{tuple} : {}", isl_constraints(&piece)));
        }
    }
    Ok(format!(
        "{}{{ {} }}",
        isl_params(num_symbols),
        parts.join("; ")
    ))
}

/// An affine expression over `i*` (dims) and `s*` (symbols) in isl
/// syntax; a product needs a constant side, a division a positive
/// constant divisor.
fn isl_expr(e: &AffineExpr) -> Result<String, String> {
    // An operand of `*`, `/` or `mod`: a sum in parentheses.
    let operand = |e: &AffineExpr| -> Result<String, String> {
        let text = isl_expr(e)?;
        Ok(match e.kind() {
            ExprKind::Binary(BinaryOp::Add, _, _) => format!("({text})"),
            _ => text,
        })
    };
    Ok(match e.kind() {
        ExprKind::Dim(d) => format!("i{d}"),
        ExprKind::Symbol(s) => format!("s{s}"),
        ExprKind::Constant(c) => isl_constant(*c),
        ExprKind::Binary(BinaryOp::Add, lhs, rhs) => {
            format!("{} + {}", isl_expr(lhs)?, isl_expr(rhs)?)
        }
        ExprKind::Binary(BinaryOp::Mul, lhs, rhs) => {
            let (factor, c) = match (lhs.as_constant(), rhs.as_constant()) {
                (_, Some(c)) => (lhs, c),
                (Some(c), None) => (rhs, c),
                (None, None) => return Err(format!("{e} is not affine")),
            };
            format!("{}*{}", isl_constant(c), operand(factor)?)
        }
        ExprKind::Binary(op, lhs, rhs) => match (op, rhs.as_constant()) {
            (BinaryOp::FloorDiv, Some(c)) if c > 0 => format!("floor({}/{c})", operand(lhs)?),
            (BinaryOp::CeilDiv, Some(c)) if c > 0 => format!("ceil({}/{c})", operand(lhs)?),
            (BinaryOp::Mod, Some(c)) if c > 0 => format!("({} mod {c})", operand(lhs)?),
            _ => return Err(format!("{e}: not a division by a positive constant")),
        },
    })
}

/// A constant in isl syntax (a negative one in parentheses).
fn isl_constant(c: i64) -> String {
    if c < 0 {
        format!("({c})")
    } else {
        c.to_string()
    }
}

/// Whether every two statements' schedules differ in a constant time
/// dim, so that no instances of two statements share a time vector.
fn told_apart(maps: &[AffineMap]) -> bool {
    maps.iter().enumerate().all(|(a, m)| {
        maps[a + 1..].iter().all(|n| {
            m.results().iter().zip(n.results()).any(
                |(x, y)| matches!((x.as_constant(), y.as_constant()), (Some(u), Some(v)) if u != v),
            )
        })
    })
}

/// The schedules as an isl union map `{ S0[i0, ...] -> [t0, ...]; ... }`.
///
/// tessera's scanner runs instances with equal time vectors by statement
/// index; isl leaves their order unspecified. So that both solve the same
/// problem, the statement index is appended as a last time dim unless the
/// schedules tell the statements apart already ([`told_apart`]).
fn isl_schedule(maps: &[AffineMap], num_symbols: usize) -> Result<String, String> {
    let tie_break = !told_apart(maps);
    let mut parts = Vec::new();
    for (k, m) in maps.iter().enumerate() {
        let mut results = m
            .results()
            .iter()
            .map(isl_expr)
            .collect::<Result<Vec<_>, _>>()?;
        if tie_break {
            results.push(k.to_string());
        }
        parts.push(format!(
            "S{k}[{}] -> [{}]",
            names("i", m.num_dims() as usize).join(", "),
            results.join(", ")
        ));
    }
    Ok(format!(
        "{}{{ {} }}",
        isl_params(num_symbols),
        parts.join("; ")
    ))
}

/// The median of `f`'s durations over runs adding up to [`TARGET`] (at
/// least [`MIN_RUNS`]).
fn median_of(mut f: impl FnMut() -> Result<Duration, String>) -> Result<Duration, String> {
    let mut times = Vec::new();
    let mut spent = Duration::ZERO;
    while times.len() < MIN_RUNS || spent < TARGET {
        let t = f()?;
        spent += t;
        times.push(t);
    }
    times.sort();
    Ok(times[times.len() / 2])
}

/// The dependence edges of a SCoP as an isl union map: per polyhedron of
/// each edge, `Sa[i0, ...] -> Sb[o0, ...] : ...` (source ivs `i*`, sink
/// ivs `o*`, symbols `s*`, locals `e*` as an isl `exists`).
fn isl_dependences(edges: &[Edge], num_symbols: usize) -> Result<String, String> {
    let mut parts = Vec::new();
    for edge in edges {
        let (ns, nd, np) = edge.columns;
        if np > num_symbols {
            return Err(format!("an edge has {np} symbols of {num_symbols}"));
        }
        for system in &edge.systems {
            let locals = system.num_vars() - ns - nd - np;
            let mut columns = names("i", ns);
            columns.extend(names("o", nd));
            columns.extend(names("s", np));
            columns.extend(names("e", locals));
            let body = isl_body(system, &columns, locals);
            parts.push(format!(
                "S{}[{}] -> S{}[{}] : {body}",
                edge.src,
                names("i", ns).join(", "),
                edge.dst,
                names("o", nd).join(", ")
            ));
        }
    }
    Ok(format!(
        "{}{{ {} }}",
        isl_params(num_symbols),
        parts.join("; ")
    ))
}

/// The scheduler comparison's problem of one SCoP (its three lines) and
/// tessera's line: the edges, and the median times of finding them and of
/// the whole of Pluto's algorithm.
fn schedule_problem(
    scop: &Scop,
    num_symbols: usize,
    name: &str,
) -> Result<(String, String), String> {
    let edges = scop_edges(scop, MAX_EDGES)?;
    let deps = median_of(|| {
        let start = Instant::now();
        scop_edges(scop, MAX_EDGES)?;
        Ok(start.elapsed())
    })?;
    let schedule = median_of(|| {
        let start = Instant::now();
        pluto_schedule(scop, num_symbols, FusePolicy::Smart)?;
        Ok(start.elapsed())
    })?;
    let problem = format!(
        "{name}\n{}\n{}\n",
        isl_domain(scop, num_symbols)?,
        isl_dependences(&edges, num_symbols)?
    );
    let line = format!(
        "{name} {} {:.1} {:.1}\n",
        edges.len(),
        deps.as_secs_f64() * 1e6,
        schedule.as_secs_f64() * 1e6
    );
    Ok((problem, line))
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, kernels)) = args.split_first() else {
        return Err("usage: scop_isl OUT_DIR kernel.mlir...".into());
    };
    let out = PathBuf::from(out);
    std::fs::create_dir_all(out.join("tessera"))?;
    let tiled = ScheduleOptions {
        tile: true,
        tile_size: 32,
        ..Default::default()
    };
    let (mut isl, mut table) = (String::new(), String::new());
    let (mut schedule_isl, mut schedule_table) = (String::new(), String::new());
    for path in kernels {
        let kernel = Path::new(path)
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or_else(|| format!("{path}: not a file name"))?;
        let mut module = parse_and_verify(path, &std::fs::read_to_string(path)?)?;
        keep_kernel_only(&mut module);
        let models = find_scops(&module);
        let model = kernel_model(&models).map_err(|e| format!("{path}: {e}"))?;
        let num_symbols = model.symbols.len();
        for (k, scop) in model.scops.iter().enumerate() {
            let suffix = if model.scops.len() > 1 {
                format!(".{k}")
            } else {
                String::new()
            };
            match schedule_problem(scop, num_symbols, &format!("{kernel}{suffix}")) {
                Ok((problem, line)) => {
                    schedule_isl.push_str(&problem);
                    schedule_table.push_str(&line);
                }
                Err(why) => eprintln!("{kernel}{suffix}: no scheduling problem: {why}"),
            }
            let mut problems = vec![(
                "original",
                scop.statements
                    .iter()
                    .map(|s| s.schedule.clone())
                    .collect::<Vec<_>>(),
            )];
            let start = Instant::now();
            match schedule_maps(scop, num_symbols, &tiled) {
                Ok((maps, _)) => {
                    println!(
                        "{kernel}{suffix}: Pluto's tiled schedule found in {:.1} ms",
                        start.elapsed().as_secs_f64() * 1e3
                    );
                    problems.push(("tiled", maps));
                }
                Err(why) => eprintln!("{kernel}{suffix}: no tiled problem: {why}"),
            }
            for (problem, maps) in problems {
                let name = format!("{kernel} {problem}{suffix}");
                let run = match run_tessera(&module, k, &maps) {
                    Ok(run) => run,
                    Err(why) => {
                        eprintln!("{name}: skipped: {why}");
                        continue;
                    }
                };
                writeln!(
                    isl,
                    "{name}\n{}\n{}",
                    isl_domain(scop, num_symbols).map_err(|e| format!("{name}: {e}"))?,
                    isl_schedule(&maps, num_symbols).map_err(|e| format!("{name}: {e}"))?
                )?;
                let line = format!(
                    "{name} {:.1} {} {} {} {:.1}",
                    run.codegen.as_secs_f64() * 1e6,
                    run.shape.loops,
                    run.shape.guards,
                    run.shape.statements,
                    run.total.as_secs_f64() * 1e6
                );
                println!("{line}");
                writeln!(table, "{line}")?;
                std::fs::write(
                    out.join("tessera")
                        .join(format!("{kernel}.{problem}{suffix}.mlir")),
                    print_module(&run.module, &PrintOptions::default()),
                )?;
            }
        }
    }
    std::fs::write(out.join("problems.isl"), isl)?;
    std::fs::write(out.join("tessera.txt"), table)?;
    std::fs::write(out.join("schedule.isl"), schedule_isl)?;
    std::fs::write(out.join("schedule.tessera.txt"), schedule_table)?;
    Ok(())
}
