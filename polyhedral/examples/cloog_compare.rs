//! tessera's polyhedra scanner against CLooG on CLooG's own test inputs
//! (`polyhedral/tests/inputs/cloog/`): per input, the loops, guards and
//! statement instances tessera generates and those of CLooG's vendored
//! output, and the time tessera takes. Prints the markdown table and
//! summary of `benches/cloog.md`:
//!
//! ```text
//! cargo run --release -p tessera-polyhedral --example cloog_compare
//! cargo run --release -p tessera-polyhedral --example cloog_compare -- NAME...
//! ```
//!
//! With input names (file stems), prints tessera's code and CLooG's for
//! each instead.

use std::path::Path;
use std::time::{Duration, Instant};
use tessera_polyhedral::scan::{generate, Ast, AstNode, CloogInput};

/// CLooG's options for the inputs its test suite does not generate with
/// the defaults (CLooG's `Makefile.am`).
const OPTIONS: &[(&str, &str)] = &[
    ("reservoir__bastoul3", "-strides 1"),
    ("reservoir__stride", "-strides 1"),
    ("reservoir__stride2", "-strides 1"),
    ("isl__mxm-shared", "-strides 1"),
    ("isl__unroll", "-first-unroll 1"),
    ("isl__unroll2", "-first-unroll 1"),
    (
        "isl__jacobi-shared",
        "-f 4 -l -1 -override -strides 1 -sh 1",
    ),
    ("backtrack", "-f 1 -backtrack"),
    ("vasilache", "-f 8 -l 9"),
    ("merge", "-f -1"),
    ("param-split", "-f -1"),
    ("sor1d", "-f -1"),
    ("equality", "-f -1 -l 2 -override"),
    ("equality2", "-f -1 -l 4 -esp 1 -override"),
    ("otl", "-block 1 -esp 0 -otl 0"),
    ("pouchet", "-f 3 -l 7"),
    ("stride", "-f -1 -strides 1"),
    ("stride2", "-f -1 -strides 1"),
];

/// Loops, guards and statement instances of a piece of code.
#[derive(Clone, Copy, Default)]
struct Counts {
    loops: usize,
    guards: usize,
    stmts: usize,
}

fn ast_counts(ast: &Ast) -> Counts {
    fn stmts(nodes: &[AstNode]) -> usize {
        nodes
            .iter()
            .map(|n| match n {
                AstNode::For(f) => stmts(&f.body),
                AstNode::If(g) => stmts(&g.then),
                AstNode::Stmt(_) => 1,
            })
            .sum()
    }
    Counts {
        loops: ast.num_loops(),
        guards: ast.num_guards(),
        stmts: stmts(&ast.body),
    }
}

/// Occurrences of the keyword `word` followed by `(` (spaces allowed).
fn keyword_calls(text: &str, word: &str) -> usize {
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    text.match_indices(word)
        .filter(|&(i, _)| {
            let before = i == 0 || !ident(b[i - 1]);
            let rest = text[i + word.len()..].trim_start();
            before && rest.starts_with('(')
        })
        .count()
}

/// Statement instances `S<n>(` or `S<n> ;` (older CLooG) in CLooG's
/// output.
fn statement_calls(text: &str) -> usize {
    let b = text.as_bytes();
    text.match_indices('S')
        .filter(|&(i, _)| {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let next = text[i + 1 + digits..].trim_start();
            (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
                && digits > 0
                && (next.starts_with('(') || next.starts_with(';'))
        })
        .count()
}

/// CLooG's output for an input, and whether it is Fortran (two of the
/// `.c` files are).
fn cloog_output(dir: &Path, name: &str) -> Option<(String, bool)> {
    let read = |ext: &str| std::fs::read_to_string(dir.join(format!("{name}.{ext}"))).ok();
    let text = read("c").or_else(|| read("f"))?;
    let fortran = text.starts_with('!');
    Some((text, fortran))
}

/// The counts of CLooG's C output (comments removed) or Fortran output.
fn cloog_counts(dir: &Path, name: &str) -> Option<(Counts, &'static str)> {
    let (text, fortran) = cloog_output(dir, name)?;
    if !fortran {
        let c = text;
        let mut code = String::new();
        let mut rest = c.as_str();
        while let Some(i) = rest.find("/*") {
            code.push_str(&rest[..i]);
            rest = rest[i..].find("*/").map_or("", |j| &rest[i + j + 2..]);
        }
        code.push_str(rest);
        let counts = Counts {
            loops: keyword_calls(&code, "for"),
            guards: keyword_calls(&code, "if"),
            stmts: statement_calls(&code),
        };
        return Some((counts, "c"));
    }
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('!'))
        .collect::<Vec<_>>()
        .join("\n");
    let counts = Counts {
        loops: code
            .lines()
            .filter(|l| l.trim_start().starts_with("DO "))
            .count(),
        guards: code
            .lines()
            .filter(|l| {
                let t = l.trim_start();
                t.starts_with("IF (") || t.starts_with("IF(")
            })
            .count(),
        stmts: statement_calls(&code),
    };
    Some((counts, "f"))
}

/// tessera's counts and its best generation time over up to three runs.
fn tessera(text: &str) -> Result<(Counts, Duration), String> {
    let input: CloogInput = text.parse().map_err(|e| format!("{e}"))?;
    let scan = input.to_scan().map_err(|e| format!("{e}"))?;
    let mut best = Duration::MAX;
    let mut counts = Counts::default();
    for _ in 0..3 {
        let start = Instant::now();
        let ast = generate(&scan.problem).map_err(|e| format!("generate: {e}"))?;
        let t = start.elapsed();
        best = best.min(t);
        counts = ast_counts(&ast);
        if t > Duration::from_millis(200) {
            break;
        }
    }
    Ok((counts, best))
}

fn compare(a: usize, b: usize, tally: &mut [usize; 3]) {
    tally[match a.cmp(&b) {
        std::cmp::Ordering::Less => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 2,
    }] += 1;
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs/cloog");
    // File names may have dots of their own (`matmul.B.main.scop1`).
    let mut stems: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/inputs/cloog")
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".cloog").map(str::to_string)
        })
        .collect();
    stems.sort();
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    if !wanted.is_empty() {
        for name in &wanted {
            let text = std::fs::read_to_string(dir.join(format!("{name}.cloog"))).unwrap();
            let scan = text.parse::<CloogInput>().and_then(|i| i.to_scan());
            println!("== {name}: tessera");
            match scan.map(|s| (generate(&s.problem), s.statement_of)) {
                Ok((Ok(ast), of)) => println!("{ast}(statement pieces of CLooG statements {of:?})"),
                Ok((Err(e), _)) => println!("generate: {e}"),
                Err(e) => println!("{e}"),
            }
            println!("== {name}: CLooG");
            println!(
                "{}",
                cloog_output(&dir, name).map_or("none".into(), |o| o.0)
            );
        }
        return;
    }
    println!("| input | tessera loops | guards | stmts | CLooG loops | guards | stmts | tessera time | CLooG options |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    let (mut loops, mut guards) = ([0usize; 3], [0usize; 3]);
    let (mut t_total, mut c_total) = (Counts::default(), Counts::default());
    let (mut both, mut supported, mut unsupported) = (0, 0, Vec::new());
    let mut total_time = Duration::ZERO;
    let mut slow = Vec::new();
    for name in &stems {
        let text = std::fs::read_to_string(dir.join(format!("{name}.cloog"))).unwrap();
        let ours = tessera(&text);
        let theirs = cloog_counts(&dir, name);
        let options = OPTIONS
            .iter()
            .find(|o| o.0 == name.as_str())
            .map_or("", |o| o.1)
            .to_string();
        let cell = |c: Option<Counts>| match c {
            Some(c) => format!("{} | {} | {}", c.loops, c.guards, c.stmts),
            None => "– | – | –".to_string(),
        };
        match &ours {
            Ok((c, t)) => {
                supported += 1;
                total_time += *t;
                if *t > Duration::from_millis(100) {
                    slow.push(format!("{name} ({:.0} ms)", t.as_secs_f64() * 1e3));
                }
                let lang = theirs.map_or("", |(_, l)| if l == "f" { " (Fortran)" } else { "" });
                println!(
                    "| {name} | {} | {}{lang} | {:.2} ms | {options} |",
                    cell(Some(*c)),
                    cell(theirs.map(|t| t.0)),
                    t.as_secs_f64() * 1e3
                );
                if let Some((th, _)) = theirs {
                    both += 1;
                    compare(c.loops, th.loops, &mut loops);
                    compare(c.guards, th.guards, &mut guards);
                    for (tot, x) in [(&mut t_total, c), (&mut c_total, &th)] {
                        tot.loops += x.loops;
                        tot.guards += x.guards;
                        tot.stmts += x.stmts;
                    }
                }
            }
            Err(e) => {
                unsupported.push(format!("{name}: {e}"));
                println!(
                    "| {name} | unsupported | | | {} | – | {options} |",
                    cell(theirs.map(|t| t.0))
                );
            }
        }
    }
    println!();
    println!("## Summary");
    println!();
    println!(
        "{} inputs, {supported} generated by tessera ({} unsupported), {both} of them \
         with CLooG output to compare.",
        stems.len(),
        unsupported.len()
    );
    println!();
    println!("| on the {both} inputs with both | tessera fewer | equal | tessera more | total tessera | total CLooG |");
    println!("|---|---:|---:|---:|---:|---:|");
    println!(
        "| loops | {} | {} | {} | {} | {} |",
        loops[0], loops[1], loops[2], t_total.loops, c_total.loops
    );
    println!(
        "| guards | {} | {} | {} | {} | {} |",
        guards[0], guards[1], guards[2], t_total.guards, c_total.guards
    );
    println!(
        "| statement instances | | | | {} | {} |",
        t_total.stmts, c_total.stmts
    );
    println!();
    println!(
        "tessera's total generation time: {:.0} ms; over 100 ms: {}.",
        total_time.as_secs_f64() * 1e3,
        if slow.is_empty() {
            "none".to_string()
        } else {
            slow.join(", ")
        }
    );
    println!();
    println!("Unsupported:");
    println!();
    for u in &unsupported {
        println!("- {u}");
    }
}
