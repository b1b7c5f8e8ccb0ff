//! Float constants print as mlir-opt 19 prints them, byte for byte:
//! random bit patterns of `f16`, `bf16`, `f32` and `f64` (normal,
//! subnormal, the extremes), decimals of few digits (`0.7`, which `f32`
//! prints as `0.699999988`), and small integers and powers of ten, as
//! scalars and as dense vector lanes. APFloat's digits come from a
//! truncated expansion, not from correct rounding, so only mlir-opt can
//! judge this.

mod common;

use tessera_ir::{parse_module, print_module, PrintOptions};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The float types: name, bit width, exponent bits.
const TYPES: [(&str, u32, u32); 4] = [
    ("f16", 16, 5),
    ("bf16", 16, 8),
    ("f32", 32, 8),
    ("f64", 64, 11),
];

/// `count` finite constants of each type, as `(literal, type)`: hex bit
/// patterns (every exponent, subnormals included) and short decimals.
fn constants(rng: &mut Rng, count: usize) -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    for &(ty, width, exp_bits) in &TYPES {
        for k in 0..count {
            let literal = match k % 3 {
                0 | 1 => {
                    let mask = if width == 64 {
                        u64::MAX
                    } else {
                        (1u64 << width) - 1
                    };
                    let mut bits = rng.next() & mask;
                    let exp_mask = ((1u64 << exp_bits) - 1) << (width - 1 - exp_bits);
                    if bits & exp_mask == exp_mask {
                        bits &= !(1u64 << (width - 2)); // not an infinity or NaN
                    }
                    if k % 7 == 0 {
                        bits &= !exp_mask; // a subnormal
                    }
                    format!("0x{bits:0width$X}", width = (width / 4) as usize)
                }
                _ => {
                    let digits = rng.next() % 100_000;
                    let scale = (rng.next() % 12) as i32 - 6;
                    let sign = if rng.next() % 2 == 0 { "" } else { "-" };
                    format!("{sign}{digits}.0e{scale}")
                }
            };
            out.push((literal, ty));
        }
    }
    for ty in ["f32", "f64"] {
        for v in [
            "0.1",
            "0.2",
            "0.3",
            "0.7",
            "1.1",
            "2.2",
            "100.0",
            "1.0e10",
            "1.0e-10",
            "123456789.0",
        ] {
            out.push((v.to_string(), ty));
        }
    }
    out
}

#[test]
fn float_constants_print_as_mlir_opt_prints_them() {
    let Some(opt) = common::mlir_opt() else {
        common::skipped("float printing against mlir-opt");
        return;
    };
    let mut rng = Rng(0xf10a_7e57);
    let consts = constants(&mut rng, 2000);
    let mut body = String::new();
    let mut types = Vec::new();
    for (k, (literal, ty)) in consts.iter().enumerate() {
        body.push_str(&format!("  %c{k} = arith.constant {literal} : {ty}\n"));
        types.push(*ty);
    }
    // Dense vector lanes print through the same function.
    for (k, chunk) in consts.chunks(4).enumerate() {
        if chunk.len() == 4 && chunk.iter().all(|(_, t)| *t == chunk[0].1) {
            let lanes: Vec<&str> = chunk.iter().map(|(l, _)| l.as_str()).collect();
            let ty = chunk[0].1;
            if lanes.iter().all(|l| !l.starts_with("0x")) {
                body.push_str(&format!(
                    "  %v{k} = arith.constant dense<[{}]> : vector<4x{ty}>\n",
                    lanes.join(", ")
                ));
            }
        }
    }
    let text = format!("func.func @f() {{\n{body}  return\n}}\n");
    let (ok, expected, err) = common::run_tool(&opt, &[], &text);
    assert!(ok, "mlir-opt rejects the constants: {err}");
    let m = parse_module("floats.mlir", &text).expect("tessera parses the constants");
    let ours = print_module(&m, &PrintOptions::default());
    // The constants' values and types (their names number them, so one
    // difference would shift every later name).
    let value = |line: &str| line.split_once(" = ").map_or(line, |(_, v)| v).to_string();
    let ours_values: Vec<String> = ours.lines().map(value).collect();
    let expected_values: Vec<String> = expected.lines().map(value).collect();
    let differing: Vec<(&String, &String)> = ours_values
        .iter()
        .zip(&expected_values)
        .filter(|(a, b)| a != b)
        .collect();
    assert!(
        differing.is_empty() && ours.lines().count() == expected.lines().count(),
        "{} of {} lines differ from mlir-opt, e.g.:\n{}",
        differing.len(),
        expected.lines().count(),
        differing
            .iter()
            .take(10)
            .map(|(a, b)| format!("tessera: {a}\nmlir:    {b}\n"))
            .collect::<String>()
    );
    assert!(types.len() > 1000);
}
