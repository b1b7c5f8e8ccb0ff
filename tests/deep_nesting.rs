//! Deep loop nests: `tessera-opt` takes nests deeper than mlir-opt 19's
//! 200 levels through every pass and prints them, and a nest deeper than
//! the parser's limit is a located error — never a stack overflow.

use std::process::Command;

use tessera_transforms::passes::PASSES;

/// A function with `depth` nested loops; with `accesses`, around one load
/// and one store (a dependence between the outermost and the innermost
/// loop), otherwise around index arithmetic only.
fn nest(depth: usize, accesses: bool) -> String {
    let mut s = String::from("func.func @deep(%A: memref<4xf32>) {\n");
    for k in 0..depth {
        s.push_str(&format!("affine.for %i{k} = 0 to 2 {{\n"));
    }
    let last = depth - 1;
    if accesses {
        s.push_str(&format!(
            "%v = affine.load %A[%i{last}] : memref<4xf32>\naffine.store %v, %A[%i0 + 1] : memref<4xf32>\n"
        ));
    } else {
        s.push_str(&format!("%x = arith.addi %i0, %i{last} : index\n"));
    }
    for _ in 0..depth {
        s.push_str("}\n");
    }
    s.push_str("return\n}\n");
    s
}

fn tessera_opt(input: &str, args: &[&str]) -> std::process::Output {
    let dir = std::env::temp_dir().join(format!("tessera-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("deep-{}.mlir", input.len()));
    std::fs::write(&file, input).expect("write input");
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-opt"))
        .arg(&file)
        .args(args)
        .output()
        .expect("run tessera-opt");
    let _ = std::fs::remove_file(&file);
    out
}

/// Runs every pass on `input`; each must succeed and print the nest.
fn every_pass_succeeds(input: &str, expect: &str) {
    for &(pass, _) in PASSES {
        let flag = match pass {
            "test-loop-permutation" => format!("--{pass}=permutation-map=0"),
            // Regenerates every SCoP of @deep from its own schedule.
            "apply-schedule" => {
                let file = std::env::temp_dir()
                    .join(format!("tessera-deep-{}.schedule", std::process::id()));
                std::fs::write(&file, "func @deep\n").expect("schedule file");
                format!("--{pass}={}", file.display())
            }
            _ => format!("--{pass}"),
        };
        // What the nest prints as: lowered, its store is memref's; a nest
        // computing nothing is erased by CSE and by the canonicalizer's
        // driver (as mlir-opt's are).
        let expect = match (pass, expect) {
            ("lower-affine", "affine.store") => "memref.store",
            (
                "cse" | "canonicalize" | "affine-simplify-structures" | "math-uplift-to-fma",
                "arith.addi",
            ) => "return",
            _ => expect,
        };
        let out = tessera_opt(input, &[&flag]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{flag}: {:?}\n{stderr}", out.status);
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(printed.contains(expect), "{flag}: {printed}");
    }
}

/// Recursion: parsing, verifying, every pass and printing on 300 levels.
#[test]
fn a_300_deep_nest_goes_through_every_pass() {
    every_pass_succeeds(&nest(300, false), "arith.addi");
}

/// Dependence analysis on a deep nest (its cost grows with the cube of
/// the depth: 300 levels take seconds in release builds, too long for a
/// debug test).
#[test]
fn a_64_deep_nest_with_a_dependence_goes_through_every_pass() {
    every_pass_succeeds(&nest(64, true), "affine.store");
}

#[test]
fn a_nest_past_the_limit_is_a_located_error() {
    let input = nest(tessera_ir::parser::MAX_DEPTH, false);
    let out = tessera_opt(&input, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: nesting too deep"), "{stderr}");
}
