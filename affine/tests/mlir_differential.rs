//! Differential test against `mlir-opt` 19: for every map and set of the
//! corpus (hand-written in `tests/corpus/maps_and_sets.txt`, plus generated
//! ones), tessera's printing must equal mlir-opt's — as parsed (raw) and
//! after simplification (`--affine-simplify-structures`) — or the case must
//! be listed in `tests/corpus/known_differences.txt` with the reason and
//! which side is simpler. A listed case that no longer differs fails the
//! test too, so the list stays true.
//!
//! Without mlir-opt 19 the test prints that it was skipped.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use tessera_affine::parse::{parse_map_or_set, MapOrSet};

fn find_mlir_opt() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("MLIR_OPT").map(PathBuf::from),
        Some(PathBuf::from("/usr/lib/llvm-19/bin/mlir-opt")),
        Some(PathBuf::from("mlir-opt-19")),
        Some(PathBuf::from("mlir-opt")),
    ];
    candidates.into_iter().flatten().find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("version 19"))
    })
}

/// A deterministic generator of map and set text (xorshift), so the
/// generated half of the corpus is the same on every run.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn expr(&mut self, depth: u32, semi: bool) -> String {
        if depth == 0 || self.below(10) < 3 {
            return match self.below(3) {
                0 => format!("d{}", self.below(3)),
                1 => format!("s{}", self.below(2)),
                _ => format!("{}", self.below(19) as i64 - 9),
            };
        }
        let ops = ["floordiv", "ceildiv", "mod"];
        match self.below(if semi { 8 } else { 7 }) {
            0 | 1 => format!(
                "{} + {}",
                self.expr(depth - 1, semi),
                self.expr(depth - 1, semi)
            ),
            2 => format!(
                "{} - ({})",
                self.expr(depth - 1, semi),
                self.expr(depth - 1, semi)
            ),
            3 => format!(
                "({}) * {}",
                self.expr(depth - 1, semi),
                self.below(9) as i64 - 4
            ),
            4..=6 => {
                let op = ops[self.below(3) as usize];
                format!(
                    "({}) {op} {}",
                    self.expr(depth - 1, semi),
                    self.below(8) + 1
                )
            }
            _ => format!("({}) * s{}", self.expr(depth - 1, semi), self.below(2)),
        }
    }

    fn map(&mut self) -> String {
        let n = self.below(3) + 1;
        let semi = self.below(5) == 0;
        let results: Vec<String> = (0..n).map(|_| self.expr(3, semi)).collect();
        format!("(d0, d1, d2)[s0, s1] -> ({})", results.join(", "))
    }

    fn set(&mut self) -> String {
        let n = self.below(3) + 1;
        let constraints: Vec<String> = (0..n)
            .map(|_| {
                let rel = if self.below(4) == 0 { "==" } else { ">=" };
                format!("{} {rel} 0", self.expr(2, false))
            })
            .collect();
        format!("(d0, d1, d2)[s0, s1] : ({})", constraints.join(", "))
    }
}

fn corpus() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let text = std::fs::read_to_string(dir.join("maps_and_sets.txt")).expect("corpus file");
    let mut cases: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let mut g = Gen(0x9e37_79b9_7f4a_7c15);
    cases.extend((0..120).map(|_| g.map()));
    cases.extend((0..60).map(|_| g.set()));
    cases
}

/// `(mode, input) -> reason`.
fn known_differences() -> BTreeMap<(String, String), String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/known_differences.txt");
    let text = std::fs::read_to_string(path).expect("known differences file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, '\t');
            let mode = parts.next().unwrap_or_default().to_string();
            let input = parts.next().unwrap_or_default().to_string();
            let reason = parts.next().unwrap_or_default().to_string();
            assert!(!reason.is_empty(), "known difference without a reason: {l}");
            ((mode, input), reason)
        })
        .collect()
}

fn wrapped(input: &str) -> String {
    if input.starts_with("affine_") {
        return input.to_string();
    }
    let is_map = matches!(parse_map_or_set(input), Ok(MapOrSet::Map(_)));
    if is_map {
        format!("affine_map<{input}>")
    } else {
        format!("affine_set<{input}>")
    }
}

/// Runs mlir-opt on one op per case and returns each case's printed
/// attribute.
fn mlir_print(mlir_opt: &Path, cases: &[String], extra: &[&str]) -> Vec<String> {
    let mut module = String::from("func.func @corpus() {\n");
    for c in cases {
        module.push_str(&format!(
            "  \"tessera.case\"() {{v = {}}} : () -> ()\n",
            wrapped(c)
        ));
    }
    module.push_str("  return\n}\n");
    let dir = std::env::temp_dir().join(format!("tessera-affine-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("corpus.mlir");
    std::fs::write(&file, module).expect("write corpus module");
    let out = Command::new(mlir_opt)
        .args(["--allow-unregistered-dialect", "--mlir-print-local-scope"])
        .args(extra)
        .arg(&file)
        .output()
        .expect("run mlir-opt");
    assert!(
        out.status.success(),
        "mlir-opt failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    let printed: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let start = l.find("{v = ")? + 5;
            let end = l.rfind("} : () -> ()")?;
            Some(l[start..end].to_string())
        })
        .collect();
    assert_eq!(printed.len(), cases.len(), "one printed op per case");
    printed
}

fn tessera_print(input: &str, simplify: bool) -> String {
    match parse_map_or_set(input).unwrap_or_else(|e| panic!("tessera rejects {input}: {e}")) {
        MapOrSet::Map(m) => {
            let m = if simplify { m.simplify() } else { m };
            m.wrapped().to_string()
        }
        MapOrSet::Set(s) => {
            let s = if simplify { s.simplify() } else { s };
            s.wrapped().to_string()
        }
    }
}

#[test]
fn printing_matches_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt() else {
        eprintln!("SKIPPED: mlir-opt 19 not found (install mlir-19-tools or set MLIR_OPT)");
        return;
    };
    let cases = corpus();
    assert!(cases.len() >= 100, "the corpus has {} cases", cases.len());
    for c in &cases {
        assert!(
            parse_map_or_set(c).is_ok(),
            "tessera rejects corpus case {c}"
        );
    }
    let known = known_differences();
    let mut unexplained = Vec::new();
    let mut stale: Vec<_> = known.keys().cloned().collect();
    let mut differing = 0;
    for (mode, flags, simplify) in [
        ("raw", &[][..], false),
        ("simplified", &["--affine-simplify-structures"][..], true),
    ] {
        let theirs = mlir_print(&mlir_opt, &cases, flags);
        for (input, their) in cases.iter().zip(&theirs) {
            let ours = tessera_print(input, simplify);
            let key = (mode.to_string(), input.clone());
            let listed = known.contains_key(&key);
            if ours != *their {
                differing += 1;
                if !listed {
                    unexplained.push(format!(
                        "{mode}\t{input}\n    tessera:  {ours}\n    mlir-opt: {their}"
                    ));
                }
            }
            if ours != *their || !listed {
                stale.retain(|k| *k != key);
            }
        }
    }
    eprintln!(
        "{} cases × 2 modes compared with {}; {differing} listed differences",
        cases.len(),
        mlir_opt.display()
    );
    assert!(
        unexplained.is_empty(),
        "unexplained differences:\n{}",
        unexplained.join("\n")
    );
    assert!(
        stale.is_empty(),
        "listed differences that no longer differ: {stale:?}"
    );
}
