//! Writes the same random Presburger queries twice: in tessera-calc's MLIR
//! syntax and in isl's syntax, for the speed comparison of
//! `benches/compare_isl.sh` (see `benches/presburger.md`).
//!
//! ```text
//! cargo run --release --example presburger_queries -- OUT_DIR [COUNT] [SEED]
//! ```
//!
//! Each query is an emptiness test or a projection of a system of 2–4 dims
//! and 0–2 symbols with 2–7 constraints and coefficients in [-6, 6]: the
//! shapes dependence analysis asks about.

use std::fmt::Write as _;
use std::path::PathBuf;

/// xorshift64*: deterministic, so both files hold the same queries.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// One linear constraint `Σ coeffs·vars + constant (>= | ==) 0`.
struct Row {
    coeffs: Vec<i64>,
    constant: i64,
    equality: bool,
}

/// Writes `Σ c·name + k` in the given style (MLIR wants `d0 * 3`, isl
/// `3d0`).
fn linear(row: &Row, names: &[String], mlir: bool) -> String {
    let mut out = String::new();
    for (c, name) in row.coeffs.iter().zip(names) {
        if *c == 0 {
            continue;
        }
        let sign = if *c < 0 { "-" } else { "+" };
        let mag = c.abs();
        if out.is_empty() {
            if *c < 0 {
                out.push('-');
            }
        } else {
            let _ = write!(out, " {sign} ");
        }
        match (mag, mlir) {
            (1, _) => out.push_str(name),
            (m, true) => {
                let _ = write!(out, "{name} * {m}");
            }
            (m, false) => {
                let _ = write!(out, "{m}{name}");
            }
        }
    }
    if out.is_empty() {
        let _ = write!(out, "{}", row.constant);
    } else if row.constant != 0 {
        let sign = if row.constant < 0 { "-" } else { "+" };
        let _ = write!(out, " {sign} {}", row.constant.abs());
    }
    out
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let dir = PathBuf::from(
        args.get(1)
            .map_or("target/presburger-queries", String::as_str),
    );
    let count: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0x5eed);
    std::fs::create_dir_all(&dir)?;
    let mut rng = Rng(seed | 1);
    let (mut mlir, mut isl) = (String::new(), String::new());
    for _ in 0..count {
        let dims = rng.range(2, 4) as usize;
        let syms = rng.range(0, 2) as usize;
        let rows: Vec<Row> = (0..rng.range(2, 7))
            .map(|_| Row {
                coeffs: (0..dims + syms)
                    .map(|_| {
                        if rng.range(0, 2) == 0 {
                            0
                        } else {
                            rng.range(-6, 6)
                        }
                    })
                    .collect(),
                constant: rng.range(-10, 10),
                equality: rng.range(0, 5) == 0,
            })
            .collect();
        let dim_names: Vec<String> = (0..dims).map(|i| format!("d{i}")).collect();
        let sym_names: Vec<String> = (0..syms).map(|i| format!("s{i}")).collect();
        let names: Vec<String> = dim_names.iter().chain(&sym_names).cloned().collect();
        let mlir_constraints: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "{} {} 0",
                    linear(r, &names, true),
                    if r.equality { "==" } else { ">=" }
                )
            })
            .collect();
        let isl_constraints: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "{} {} 0",
                    linear(r, &names, false),
                    if r.equality { "=" } else { ">=" }
                )
            })
            .collect();
        let mlir_set = format!(
            "({}){} : ({})",
            dim_names.join(", "),
            if syms > 0 {
                format!("[{}]", sym_names.join(", "))
            } else {
                String::new()
            },
            mlir_constraints.join(", ")
        );
        let isl_set = format!(
            "[{}] -> {{ [{}] : {} }}",
            sym_names.join(", "),
            dim_names.join(", "),
            isl_constraints.join(" and ")
        );
        if rng.range(0, 1) == 0 {
            let _ = writeln!(mlir, "is-empty {mlir_set}");
            let _ = writeln!(isl, "is-empty {isl_set}");
        } else {
            // Keep the first dims, project out the last one or two.
            let drop = rng.range(1, (dims - 1).min(2) as i64) as usize;
            let keep: Vec<String> = dim_names[..dims - drop].to_vec();
            let _ = writeln!(mlir, "project {mlir_set} --keep {}", keep.join(","));
            let _ = writeln!(isl, "project {} {drop} {isl_set}", dims - drop);
        }
    }
    std::fs::write(dir.join("queries.mlir.txt"), mlir)?;
    std::fs::write(dir.join("queries.isl.txt"), isl)?;
    let (card_mlir, card_isl) = counting_queries(&mut rng, count / 10);
    std::fs::write(dir.join("card.mlir.txt"), card_mlir)?;
    std::fs::write(dir.join("card.isl.txt"), card_isl)?;
    for (op, m, i) in operation_queries(&mut rng, count / 10) {
        std::fs::write(dir.join(format!("{op}.mlir.txt")), m)?;
        std::fs::write(dir.join(format!("{op}.isl.txt")), i)?;
    }
    println!(
        "wrote {count} queries and {} counts to {}",
        count / 10,
        dir.display()
    );
    Ok(())
}

/// `count` point-counting queries in both syntaxes: bounded sets of 2–3
/// dims without symbols (a box of sides 4–40, 1–3 random constraints,
/// sometimes a stride), the loop nests whose trip counts users ask for.
fn counting_queries(rng: &mut Rng, count: usize) -> (String, String) {
    let (mut mlir, mut isl) = (String::new(), String::new());
    for _ in 0..count {
        let (m, i) = bounded_set(rng, 0, true);
        let _ = writeln!(mlir, "card {m}");
        let _ = writeln!(isl, "card {i}");
    }
    (mlir, isl)
}

/// A bounded set of 2–3 dims in both syntaxes: a box of sides 4–40 (over
/// `s0` too when `symbols` is 1), 1–3 random constraints, with `strided`
/// sometimes a stride.
fn bounded_set(rng: &mut Rng, symbols: usize, strided: bool) -> (String, String) {
    let dims = rng.range(2, 3) as usize;
    let mut names: Vec<String> = (0..dims).map(|i| format!("d{i}")).collect();
    names.extend((0..symbols).map(|i| format!("s{i}")));
    let width = dims + symbols;
    let mut rows = Vec::new();
    for d in 0..dims {
        let side = rng.range(4, 40);
        let mut unit = vec![0; width];
        unit[d] = 1;
        rows.push(Row {
            coeffs: unit.clone(),
            constant: 0,
            equality: false,
        });
        unit[d] = -1;
        if symbols > 0 && rng.range(0, 1) == 0 {
            unit[dims] = 1;
        }
        rows.push(Row {
            coeffs: unit,
            constant: side,
            equality: false,
        });
    }
    for _ in 0..rng.range(1, 3) {
        rows.push(Row {
            coeffs: (0..width).map(|_| rng.range(-3, 3)).collect(),
            constant: rng.range(0, 60),
            equality: false,
        });
    }
    let stride = (strided && rng.range(0, 2) == 0)
        .then(|| (rng.range(0, dims as i64 - 1) as usize, rng.range(2, 4)));
    let mut mlir_constraints: Vec<String> = rows
        .iter()
        .map(|r| format!("{} >= 0", linear(r, &names, true)))
        .collect();
    let mut isl_constraints: Vec<String> = rows
        .iter()
        .map(|r| format!("{} >= 0", linear(r, &names, false)))
        .collect();
    if let Some((d, k)) = stride {
        mlir_constraints.push(format!("d{d} mod {k} == 0"));
        isl_constraints.push(format!("exists (e0 : d{d} = {k}e0)"));
    }
    let (dim_names, sym_names) = names.split_at(dims);
    let brackets = if symbols > 0 {
        format!("[{}]", sym_names.join(", "))
    } else {
        String::new()
    };
    (
        format!(
            "({}){brackets} : ({})",
            dim_names.join(", "),
            mlir_constraints.join(", ")
        ),
        format!(
            "{} {{ [{}] : {} }}",
            if symbols > 0 {
                format!("[{}] ->", sym_names.join(", "))
            } else {
                String::new()
            },
            dim_names.join(", "),
            isl_constraints.join(" and ")
        ),
    )
}

/// `count` queries of each of the newer operations, in both syntaxes, one
/// file pair per operation: `lexmin` of bounded sets (answers compared),
/// `symbolic-lexmin` over one symbol, `coalesce` and `convex-hull` of
/// unions of two bounded sets in one box, `gist` of a bounded set in the
/// context of its box.
fn operation_queries(rng: &mut Rng, count: usize) -> Vec<(&'static str, String, String)> {
    let mut out = Vec::new();
    for op in [
        "lexmin",
        "symbolic-lexmin",
        "coalesce",
        "convex-hull",
        "gist",
    ] {
        let (mut mlir, mut isl) = (String::new(), String::new());
        for _ in 0..count {
            match op {
                "lexmin" => {
                    let (m, i) = bounded_set(rng, 0, true);
                    let _ = writeln!(mlir, "lexmin {m}");
                    let _ = writeln!(isl, "lexmin {i}");
                }
                "symbolic-lexmin" => {
                    let (m, i) = bounded_set(rng, 1, true);
                    let _ = writeln!(mlir, "symbolic-lexmin {m}");
                    let _ = writeln!(isl, "symbolic-lexmin {i}");
                }
                "coalesce" | "convex-hull" => {
                    let (m1, i1) = bounded_set(rng, 0, false);
                    // The second piece over the same number of dims.
                    let (mut m2, mut i2) = bounded_set(rng, 0, false);
                    while m2.matches(", d").count() != m1.matches(", d").count()
                        || m2.split(')').next() != m1.split(')').next()
                    {
                        (m2, i2) = bounded_set(rng, 0, false);
                    }
                    let body =
                        |t: &str| t[t.find('{').unwrap() + 1..t.rfind('}').unwrap()].to_string();
                    let _ = writeln!(mlir, "{op} {m1} or {m2}");
                    let _ = writeln!(isl, "{op} {{ {} ; {} }}", body(&i1), body(&i2));
                }
                _ => {
                    let (m, i) = bounded_set(rng, 0, false);
                    // The context: the box alone (the first 2·dims rows).
                    let dims = m.split(')').next().unwrap().matches('d').count();
                    let (mc, ic) = box_of(&m, &i, dims);
                    let _ = writeln!(mlir, "gist {m} {mc}");
                    let _ = writeln!(isl, "gist {i} | {ic}");
                }
            }
        }
        out.push((op, mlir, isl));
    }
    out
}

/// The box of a set written by [`bounded_set`] (its first `2·dims`
/// constraints), in both syntaxes.
fn box_of(mlir: &str, isl: &str, dims: usize) -> (String, String) {
    let head = &mlir[..mlir.find(" : (").unwrap()];
    let m_rows: Vec<&str> = mlir[mlir.find(" : (").unwrap() + 4..mlir.len() - 1]
        .split(", ")
        .take(2 * dims)
        .collect();
    let i_head = &isl[..isl.find(" : ").unwrap()];
    let i_rows: Vec<&str> = isl[isl.find(" : ").unwrap() + 3..isl.rfind(" }").unwrap()]
        .split(" and ")
        .take(2 * dims)
        .collect();
    (
        format!("{head} : ({})", m_rows.join(", ")),
        format!("{i_head} : {} }}", i_rows.join(" and ")),
    )
}
