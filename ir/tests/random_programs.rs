//! Randomly generated affine programs (loop nests with loads, stores,
//! arithmetic, `affine.apply`/`min`/`max`, `affine.if`, `iter_args` and
//! constants whose names collide) must print exactly as `mlir-opt` prints
//! them, in both forms, and be fixpoints of tessera's printer.

mod common;

use std::fmt::Write;

use tessera_ir::{parse_and_verify, print_module, PrintOptions};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

struct Gen {
    rng: Rng,
    out: String,
    next: usize,
}

impl Gen {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    fn subscript(&mut self, ivs: &[String]) -> String {
        let iv = &ivs[self.rng.below(ivs.len() as u64) as usize];
        match self.rng.below(6) {
            0 => iv.clone(),
            1 => format!("{iv} + {}", self.rng.below(4)),
            2 => format!("{iv} * 2 - 1"),
            3 => format!("{iv} floordiv 2"),
            4 => format!("{iv} mod 3 + symbol(%n)"),
            _ => self.rng.below(8).to_string(),
        }
    }

    fn body(&mut self, ivs: &mut Vec<String>, depth: usize, indent: usize) {
        let pad = " ".repeat(indent);
        let mut floats: Vec<String> = Vec::new();
        for _ in 0..1 + self.rng.below(4) {
            match self.rng.below(8) {
                0 | 1 => {
                    let v = self.fresh("v");
                    let (a, b) = (self.subscript(ivs), self.subscript(ivs));
                    let _ = writeln!(
                        self.out,
                        "{pad}{v} = affine.load %A[{a}, {b}] : memref<16x16xf32>"
                    );
                    floats.push(v);
                }
                2 => {
                    let c = self.fresh("c");
                    let val = self.rng.below(3);
                    let _ = writeln!(self.out, "{pad}{c} = arith.constant {val} : index");
                    let f = self.fresh("f");
                    let _ = writeln!(self.out, "{pad}{f} = arith.constant {val}.5 : f32");
                    floats.push(f);
                }
                3 => {
                    let a = self.fresh("a");
                    let (x, y) = (&ivs[0], &ivs[ivs.len() - 1]);
                    let op =
                        ["affine.apply", "affine.min", "affine.max"][self.rng.below(3) as usize];
                    let map = if op == "affine.apply" {
                        "(d0 + d1 * 3)"
                    } else {
                        "(d0 + 1, d1 - 2, 7)"
                    };
                    let _ = writeln!(
                        self.out,
                        "{pad}{a} = {op} affine_map<(d0, d1)[s0] -> {map}>({x}, {y})[%n]"
                    );
                }
                4 if depth < 3 => {
                    let iv = self.fresh("i");
                    let outer = ivs[ivs.len() - 1].clone();
                    let (lb, ub) = match self.rng.below(3) {
                        0 => ("0".to_string(), "16".to_string()),
                        1 => (
                            format!("affine_map<(d0) -> (d0)>({outer})"),
                            "%n".to_string(),
                        ),
                        _ => (
                            format!("max affine_map<(d0) -> (d0 - 2, 0)>({outer})"),
                            format!("min affine_map<(d0)[s0] -> (d0 + 4, s0)>({outer})[%n]"),
                        ),
                    };
                    let step = if self.rng.below(3) == 0 {
                        " step 2"
                    } else {
                        ""
                    };
                    let _ = writeln!(self.out, "{pad}affine.for {iv} = {lb} to {ub}{step} {{");
                    ivs.push(iv);
                    self.body(ivs, depth + 1, indent + 2);
                    ivs.pop();
                    let _ = writeln!(self.out, "{pad}}}");
                }
                5 if depth < 3 => {
                    let x = ivs[ivs.len() - 1].clone();
                    let _ = writeln!(self.out, "{pad}affine.if affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 1 >= 0)>({x})[%n] {{");
                    self.body(ivs, depth + 1, indent + 2);
                    if self.rng.below(2) == 0 {
                        let _ = writeln!(self.out, "{pad}}} else {{");
                        self.body(ivs, depth + 1, indent + 2);
                    }
                    let _ = writeln!(self.out, "{pad}}}");
                }
                6 if depth < 3 => {
                    let (iv, acc, r) = (self.fresh("i"), self.fresh("acc"), self.fresh("r"));
                    let _ = writeln!(
                        self.out,
                        "{pad}{r} = affine.for {iv} = 0 to 8 iter_args({acc} = %zero) -> (f32) {{"
                    );
                    let v = self.fresh("v");
                    let _ = writeln!(
                        self.out,
                        "{pad}  {v} = affine.load %A[{iv}, {iv}] : memref<16x16xf32>"
                    );
                    let s = self.fresh("s");
                    let _ = writeln!(self.out, "{pad}  {s} = arith.addf {acc}, {v} : f32");
                    let _ = writeln!(self.out, "{pad}  affine.yield {s} : f32");
                    let _ = writeln!(self.out, "{pad}}}");
                    floats.push(r);
                }
                _ => {
                    if let (Some(a), Some(b)) = (floats.first().cloned(), floats.last().cloned()) {
                        let w = self.fresh("w");
                        let op = ["arith.addf", "arith.mulf", "arith.subf", "arith.maximumf"]
                            [self.rng.below(4) as usize];
                        let _ = writeln!(self.out, "{pad}{w} = {op} {a}, {b} : f32");
                        let (x, y) = (self.subscript(ivs), self.subscript(ivs));
                        let _ = writeln!(
                            self.out,
                            "{pad}affine.store {w}, %B[{x}, {y}] : memref<16x16xf32>"
                        );
                    }
                }
            }
        }
    }

    fn program(seed: u64) -> String {
        let mut g = Gen {
            rng: Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
            out: String::new(),
            next: 0,
        };
        g.out
            .push_str("func.func @k(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %n: index) {\n");
        g.out
            .push_str("  %zero = arith.constant 0.0 : f32\n  affine.for %i0 = 0 to 16 {\n");
        let mut ivs = vec!["%i0".to_string()];
        g.body(&mut ivs, 1, 4);
        g.out.push_str("  }\n  return\n}\n");
        g.out
    }
}

#[test]
fn random_programs_print_like_mlir_opt() {
    let opt = common::mlir_opt();
    if opt.is_none() {
        common::skipped("random programs against mlir-opt; only the fixpoint is checked");
    }
    for seed in 0..60 {
        let src = Gen::program(seed);
        let m = parse_and_verify("random.mlir", &src)
            .unwrap_or_else(|e| panic!("seed {seed}:\n{e}\n{src}"));
        for generic in [false, true] {
            let ours = print_module(
                &m,
                &PrintOptions {
                    generic,
                    ..PrintOptions::default()
                },
            );
            let again = parse_and_verify("again.mlir", &ours).expect("our output parses");
            assert_eq!(
                print_module(
                    &again,
                    &PrintOptions {
                        generic,
                        ..PrintOptions::default()
                    }
                ),
                ours,
                "seed {seed}: not a fixpoint"
            );
            if let Some(opt) = &opt {
                let mut args = vec![];
                if generic {
                    args.push("--mlir-print-op-generic");
                }
                let (ok, expected, err) = common::run_tool(opt, &args, &src);
                assert!(
                    ok,
                    "seed {seed}: mlir-opt rejects the program: {err}\n{src}"
                );
                assert_eq!(ours, expected, "seed {seed} (generic: {generic}):\n{src}");
            }
        }
    }
}
