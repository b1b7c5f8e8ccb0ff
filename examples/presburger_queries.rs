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
        let dims = rng.range(2, 3) as usize;
        let names: Vec<String> = (0..dims).map(|i| format!("d{i}")).collect();
        let mut rows = Vec::new();
        for d in 0..dims {
            let side = rng.range(4, 40);
            let mut unit = vec![0; dims];
            unit[d] = 1;
            rows.push(Row {
                coeffs: unit.clone(),
                constant: 0,
                equality: false,
            });
            unit[d] = -1;
            rows.push(Row {
                coeffs: unit,
                constant: side,
                equality: false,
            });
        }
        for _ in 0..rng.range(1, 3) {
            rows.push(Row {
                coeffs: (0..dims).map(|_| rng.range(-3, 3)).collect(),
                constant: rng.range(0, 60),
                equality: false,
            });
        }
        let stride = (rng.range(0, 2) == 0)
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
        let _ = writeln!(
            mlir,
            "card ({}) : ({})",
            names.join(", "),
            mlir_constraints.join(", ")
        );
        let _ = writeln!(
            isl,
            "card {{ [{}] : {} }}",
            names.join(", "),
            isl_constraints.join(" and ")
        );
    }
    (mlir, isl)
}
