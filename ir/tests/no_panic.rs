//! Fuzz-style robustness: random bytes, random token soup and mutated
//! corpus files never panic the parser, verifier or printer, and whatever
//! is accepted prints to text that parses again.

mod common;

use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, parse_module, print_module, PrintOptions};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn exercise(src: &str) {
    let _ = parse_module("fuzz.mlir", src);
    if let Ok(m) = parse_and_verify("fuzz.mlir", src) {
        for generic in [false, true] {
            let text = print_module(
                &m,
                &PrintOptions {
                    generic,
                    ..PrintOptions::default()
                },
            );
            let again = parse_and_verify("fuzz.mlir", &text).unwrap_or_else(|e| {
                panic!("printed output does not parse:\n{e}\n--- input\n{src}\n--- output\n{text}")
            });
            assert_eq!(
                print_module(
                    &again,
                    &PrintOptions {
                        generic,
                        ..PrintOptions::default()
                    }
                ),
                text
            );
        }
        let mut it = Interpreter::new(&m);
        it.set_iteration_budget(20_000);
        for f in m.functions() {
            if let Some(tessera_ir::Attribute::String(name)) = m.ops[f].attr("sym_name") {
                let _ = it.call(name, &[]);
            }
        }
    }
}

#[test]
fn random_bytes_do_not_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        exercise(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn token_soup_does_not_panic() {
    const TOKENS: &[&str] = &[
        "func.func",
        "@f",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "<",
        ">",
        "%a",
        "%0",
        ":",
        ",",
        "=",
        "->",
        "i32",
        "index",
        "f32",
        "memref<4xf32>",
        "affine.for",
        "to",
        "step",
        "affine.load",
        "affine.store",
        "arith.addi",
        "return",
        "affine_map<(d0) -> (d0)>",
        "#map",
        "!t",
        "\"x.y\"",
        "^bb0",
        "0",
        "-1",
        "symbol",
        "floordiv",
        "mod",
        "affine.if",
        "else",
        "iter_args",
        "affine.yield",
        "\n",
        " ",
    ];
    let mut rng = Rng(42);
    for _ in 0..3000 {
        let n = rng.below(40);
        let src: Vec<&str> = (0..n).map(|_| TOKENS[rng.below(TOKENS.len())]).collect();
        exercise(&src.join(" "));
    }
}

#[test]
fn mutated_corpus_files_do_not_panic() {
    let files = common::mlir_files("corpus");
    let mut rng = Rng(7);
    for (_, bytes) in &files {
        for _ in 0..100 {
            let mut b = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                if b.is_empty() {
                    break;
                }
                let at = rng.below(b.len());
                match rng.below(4) {
                    0 => b[at] = rng.next() as u8,
                    1 => {
                        b.remove(at);
                    }
                    2 => b.insert(at, b"%{}()<>[],:=-x0#@^"[rng.below(18)]),
                    _ => b.truncate(at),
                }
            }
            exercise(&String::from_utf8_lossy(&b));
        }
    }
}
