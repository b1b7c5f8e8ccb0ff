//! Unroll-and-jam of loops carrying reductions through `iter_args`,
//! judged by execution: random outermost loops whose `iter_args` are
//! integer reductions (`addi`, `muli`, `andi`, `ori`, signed and unsigned
//! `max`/`min`, from initial values that are and are not the identity),
//! sometimes fed by an inner loop's own reduction, sometimes carrying a
//! value that is no reduction (the last one loaded), with constant or
//! symbolic bounds and steps of 1 and 2, print the same before and after
//! `--affine-loop-unroll-jam` in the interpreter, the C back end and
//! mlir-cpu-runner. mlir-opt 19 starts every copy's accumulator from the
//! loop's initial value and keeps only the first copy of a value that is
//! no reduction: both are wrong, and would be caught here.

#[path = "../ir/tests/common/mod.rs"]
mod common;

/// The random source shared with the transform tests.
#[path = "../transforms/tests/common/mod.rs"]
mod gen;

#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::fmt::Write as _;

use gen::rng::Rng;
use pass_checks::{interpret, judges, runs_the_same, sampled};
use tessera::ir::{parse_and_verify, Module};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

/// The combiners drawn, with their identities.
const KINDS: &[(&str, i64)] = &[
    ("addi", 0),
    ("muli", 1),
    ("andi", -1),
    ("ori", 0),
    ("maxsi", i64::MIN),
    ("minsi", i64::MAX),
    ("maxui", 0),
    ("minui", -1),
];

/// Runs the pass; whether it unroll-jammed the loop on `line`.
fn unroll_jam(m: &mut Module, factor: i64, line: u32) -> bool {
    let options = format!("unroll-jam-factor={factor}");
    let pass = PassInvocation::with_options("affine-loop-unroll-jam", &options).expect("pass");
    match run_pass(m, &pass) {
        Ok(remarks) => remarks
            .iter()
            .any(|r| m.ops[r.op].loc.line == line && r.message.contains("loop unroll-jammed by")),
        Err(e) => panic!("{}: {}", m.file, e.message),
    }
}

/// A random program: a buffer of small values, then the reduction loop,
/// its results stored into the printed output.
fn random_program(rng: &mut Rng) -> String {
    let mut out = String::new();
    let n = rng.range(0, 9);
    out.push_str("func.func private @printMemrefI64(memref<*xi64>)\n");
    out.push_str("func.func @main() {\n");
    let _ = writeln!(out, "  %n = arith.constant {n} : index");
    out.push_str("  %z = arith.constant 0 : i64\n");
    out.push_str("  %buf = memref.alloc() : memref<64xi64>\n");
    out.push_str("  %out = memref.alloc() : memref<4xi64>\n");
    out.push_str(
        "  affine.for %o = 0 to 4 {\n    affine.store %z, %out[%o] : memref<4xi64>\n  }\n",
    );
    let (a, b) = (rng.range(1, 9), rng.range(0, 9));
    let _ = writeln!(
        out,
        "  affine.for %k = 0 to 64 {{\n    %ki = arith.index_cast %k : index to i64\n    \
         %kc = arith.constant {a} : i64\n    %kb = arith.constant {b} : i64\n    \
         %km = arith.muli %ki, %kc : i64\n    %ka = arith.addi %km, %kb : i64\n    \
         %k7 = arith.constant 7 : i64\n    %kr = arith.remsi %ka, %k7 : i64\n    \
         %k3 = arith.constant 3 : i64\n    %kv = arith.subi %kr, %k3 : i64\n    \
         affine.store %kv, %buf[%k] : memref<64xi64>\n  }}"
    );
    let carried = rng.range(1, 3) as usize;
    let mut inits = Vec::new();
    let mut kinds = Vec::new();
    for c in 0..carried {
        // Mostly reductions; now and then the last value loaded.
        let kind = if rng.chance(85) {
            Some(KINDS[rng.range(0, KINDS.len() as i64 - 1) as usize])
        } else {
            None
        };
        let init = match kind {
            Some((_, identity)) if rng.chance(40) => identity,
            _ => rng.range(-3, 5),
        };
        let _ = writeln!(out, "  %init{c} = arith.constant {init} : i64");
        inits.push(format!("%acc{c} = %init{c}"));
        kinds.push(kind);
    }
    let lb = rng.range(0, 2);
    let ub = if rng.chance(30) {
        "%n".to_string()
    } else {
        (lb + rng.range(0, 11)).to_string()
    };
    let step = if rng.chance(25) { " step 2" } else { "" };
    let types = vec!["i64"; carried].join(", ");
    let _ = writeln!(
        out,
        "  %r:{carried} = affine.for %i = {lb} to {ub}{step} iter_args({}) -> ({types}) {{",
        inits.join(", ")
    );
    let (c, d) = (rng.range(1, 5), rng.range(0, 9));
    let _ = writeln!(
        out,
        "    %x = affine.load %buf[(%i * {c} + {d}) mod 64] : memref<64xi64>"
    );
    let contribution = if rng.chance(40) {
        // An inner loop's own sum, fed into the outer reductions.
        let _ = writeln!(
            out,
            "    %t = affine.for %j = 0 to 3 iter_args(%b = %z) -> (i64) {{\n      \
             %y = affine.load %buf[(%i + %j * 5) mod 64] : memref<64xi64>\n      \
             %u = arith.addi %b, %y : i64\n      affine.yield %u : i64\n    }}\n    \
             %w = arith.addi %x, %t : i64"
        );
        "%w"
    } else {
        "%x"
    };
    if rng.chance(30) {
        // A store the loads of later iterations may read: the dependence
        // check decides whether jamming stays legal.
        let _ = writeln!(
            out,
            "    affine.store {contribution}, %buf[%i + 40] : memref<64xi64>"
        );
    }
    let mut yielded = Vec::new();
    for (k, kind) in kinds.iter().enumerate() {
        match kind {
            Some((op, _)) => {
                let _ = writeln!(out, "    %s{k} = arith.{op} %acc{k}, {contribution} : i64");
                yielded.push(format!("%s{k}"));
            }
            None => yielded.push(contribution.to_string()),
        }
    }
    let _ = writeln!(
        out,
        "    affine.yield {} : {types}\n  }}",
        yielded.join(", ")
    );
    for k in 0..carried {
        let _ = writeln!(out, "  affine.store %r#{k}, %out[{k}] : memref<4xi64>");
    }
    out.push_str("  %p = memref.cast %out : memref<4xi64> to memref<*xi64>\n");
    out.push_str("  call @printMemrefI64(%p) : (memref<*xi64>) -> ()\n");
    out.push_str("  memref.dealloc %buf : memref<64xi64>\n");
    out.push_str("  memref.dealloc %out : memref<4xi64>\n  return\n}\n");
    out
}

#[test]
fn jammed_reductions_run_the_same() {
    let judges = judges("programs after unroll-and-jam of reductions");
    let mut rng = Rng(0x05a1_1a3d);
    let (mut jammed, cases) = (0, 240);
    for case in 0..cases {
        let text = random_program(&mut rng);
        let name = format!("jam{case}");
        let original =
            parse_and_verify(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        let expected = interpret(&original);
        let mut m = original.clone();
        let factor = rng.range(2, 4);
        let line = text
            .lines()
            .position(|l| l.contains("%r:"))
            .expect("the loop")
            + 1;
        if unroll_jam(&mut m, factor, line as u32) {
            jammed += 1;
        }
        let context = format!("{name} (factor {factor})\n{text}");
        runs_the_same(&m, &expected, &sampled(&judges, case), &context);
    }
    println!("{jammed} of {cases} reduction loops unroll-jammed");
    // A loop whose constant trip count (a bound `%n` is a constant too, as
    // MLIR's trip count folds it) is below the factor is left alone.
    assert!(
        jammed * 5 >= cases * 2,
        "only {jammed} of {cases} reduction loops were unroll-jammed"
    );
}
