//! The table of ops mlir-opt 19 registers (`syntax::REGISTERED_OPS`,
//! written by `scripts/registered-ops.py`) against mlir-opt itself: a
//! sample of the table's names, the same names with a suffix, and an
//! unknown name in every registered dialect are unknown to tessera exactly
//! when mlir-opt answers "unregistered operation ... that does not allow
//! unknown operations"; and a sample of the ops given one region, result
//! or operand too many or too few for their count traits gets mlir-opt's
//! first error from tessera's verifier, word for word; so does every op
//! of `syntax::OPERAND_SEGMENTS` given an `operandSegmentSizes` of the
//! wrong length; valid uses of the ops tessera parses in generic form
//! only pass the ODS constraints it checks of them. Without `mlir-opt` 19
//! the comparisons print `SKIPPED: ...`.

mod common;

use tessera_ir::syntax::{
    operand_segments, registered_op, unknown_op_dialect, Count, DIALECTS_ALLOWING_UNKNOWN_OPS,
    OPERAND_SEGMENTS, REGISTERED_DIALECTS, REGISTERED_OPS,
};

/// Every how many entries of the table one is asked of mlir-opt.
const SAMPLE_EVERY: usize = 17;

#[test]
fn table_is_sorted_and_of_registered_dialects() {
    assert!(REGISTERED_OPS.windows(2).all(|w| w[0].0 < w[1].0));
    for (op, _) in REGISTERED_OPS {
        let dialect = op.split_once('.').map_or("", |(d, _)| d);
        assert!(REGISTERED_DIALECTS.contains(&dialect), "{op}");
        assert!(!DIALECTS_ALLOWING_UNKNOWN_OPS.contains(&dialect), "{op}");
        assert_eq!(unknown_op_dialect(op), None, "{op}");
    }
}

#[test]
fn unknown_ops_are_mlir_opts() {
    let Some(mlir_opt) = common::mlir_opt() else {
        common::skipped("registered ops");
        return;
    };
    let sample = REGISTERED_OPS
        .iter()
        .step_by(SAMPLE_EVERY)
        .map(|(op, _)| op);
    let names: Vec<String> = sample
        .clone()
        .map(|op| op.to_string())
        .chain(sample.map(|op| format!("{op}_tessera")))
        .chain(
            REGISTERED_DIALECTS
                .iter()
                .map(|d| format!("{d}.no_such_op")),
        )
        .collect();
    for name in &names {
        let input = format!("\"{name}\"() : () -> ()\n");
        let (_, _, stderr) = common::run_tool(&mlir_opt, &[], &input);
        let mlir_unknown = stderr.contains("that does not allow unknown operations");
        assert_eq!(
            unknown_op_dialect(name).is_some(),
            mlir_unknown,
            "{name}: mlir-opt says {stderr}"
        );
    }
}

/// `"op"` in generic form with `regions` empty regions, `results` index
/// results and `operands` index operands, in a function.
fn with_counts(op: &str, [regions, results, operands]: [usize; 3]) -> String {
    let lhs = match results {
        0 => String::new(),
        1 => "%0 = ".to_string(),
        n => format!("%0:{n} = "),
    };
    let body = if regions == 0 {
        String::new()
    } else {
        format!(" ({})", vec!["{\n}"; regions].join(", "))
    };
    let result_types = match results {
        1 => "index".to_string(),
        n => format!("({})", vec!["index"; n].join(", ")),
    };
    format!(
        "func.func @p(%a: index) {{\n  {lhs}\"{op}\"({}){body} : ({}) -> {result_types}\n  return\n}}\n",
        vec!["%a"; operands].join(", "),
        vec!["index"; operands].join(", ")
    )
}

/// The first error line's message, or "" when the input is accepted.
fn first_error(tool: &std::path::Path, input: &str) -> String {
    let (ok, _, stderr) = common::run_tool(tool, &["-"], input);
    if ok {
        return String::new();
    }
    stderr
        .lines()
        .find_map(|l| l.split_once("error: ").map(|(_, m)| m.to_string()))
        .unwrap_or_default()
}

#[test]
fn count_errors_are_mlir_opts() {
    let Some(mlir_opt) = common::mlir_opt() else {
        common::skipped("count traits");
        return;
    };
    let mut compared = 0;
    for &(op, counts) in REGISTERED_OPS.iter().step_by(SAMPLE_EVERY / 2) {
        let Some(counts) = counts else { continue };
        let fitting = counts.map(|c| match c {
            Count::Exactly(k) | Count::AtLeast(k) => k,
            Count::Any => 0,
        });
        for (category, count) in counts.iter().enumerate() {
            let wrong = match *count {
                Count::Exactly(k) => k + 1,
                Count::AtLeast(k) if k > 0 => k - 1,
                _ => continue,
            };
            let mut shape = fitting;
            shape[category] = wrong;
            let input = with_counts(op, shape);
            let expected = first_error(&mlir_opt, &input);
            assert!(!expected.is_empty(), "mlir-opt accepts {input}");
            let got = match tessera_ir::parse_and_verify("p.mlir", &input) {
                Ok(_) => String::new(),
                Err(d) => d.message,
            };
            assert_eq!(got, expected, "{input}");
            compared += 1;
        }
    }
    assert!(compared > 50, "only {compared} inputs compared");
}

#[test]
fn segment_table_is_sorted_and_of_registered_ops() {
    assert!(OPERAND_SEGMENTS.windows(2).all(|w| w[0].0 < w[1].0));
    for &(op, n) in OPERAND_SEGMENTS {
        assert!(registered_op(op).is_some(), "{op}");
        assert!(n >= 2, "{op} has {n} segments");
    }
    assert_eq!(operand_segments("memref.load"), None);
}

#[test]
fn segment_size_errors_are_mlir_opts() {
    let Some(mlir_opt) = common::mlir_opt() else {
        common::skipped("operand segments");
        return;
    };
    let input = |op: &str| {
        format!("\"{op}\"() <{{operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>}}> : () -> ()\n")
    };
    let chunks: Vec<String> = OPERAND_SEGMENTS.iter().map(|(op, _)| input(op)).collect();
    let (_, _, stderr) = common::run_tool(
        &mlir_opt,
        &["-split-input-file", "-"],
        &chunks.join("// -----\n"),
    );
    let expected: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.split_once("error: ").map(|(_, m)| m))
        .collect();
    assert_eq!(expected.len(), OPERAND_SEGMENTS.len(), "{stderr}");
    for ((op, _), expected) in OPERAND_SEGMENTS.iter().zip(expected) {
        let got = match tessera_ir::parse_and_verify("p.mlir", &input(op)) {
            Ok(_) => String::new(),
            Err(d) => d.message,
        };
        assert_eq!(got, expected, "{op}");
    }
}

/// Valid uses of ops tessera knows in generic form only (here in mlir-opt's
/// custom form, which mlir-opt turns into the generic form tessera reads).
const GENERIC_ONLY_OPS: &str = r#"func.func @valid(%t: tensor<4xf32>, %u: tensor<*xf32>, %m: memref<4xf32>, %um: memref<*xf32>, %v: vector<4xf32>, %w: vector<2x2xf32>, %f: f32, %a: index, %i: vector<4xi32>, %s: tensor<1xindex>, %t2: tensor<2x2xf32>, %ti: tensor<4x4xf32>) {
  %0 = tensor.rank %t : tensor<4xf32>
  %1 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi32>
  %2 = tensor.reshape %u(%s) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
  %3 = tensor.from_elements %f, %f : tensor<2xf32>
  %4 = tensor.splat %f : tensor<4xf32>
  %5 = tensor.concat dim(0) %t, %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  %6 = tensor.collapse_shape %t2 [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %7 = tensor.expand_shape %t [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %8 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %9 = vector.bitcast %v : vector<4xf32> to vector<4xi32>
  %10 = vector.shape_cast %v : vector<4xf32> to vector<2x2xf32>
  %11 = vector.transpose %w, [1, 0] : vector<2x2xf32> to vector<2x2xf32>
  %12 = vector.from_elements %f, %f, %f, %f : vector<4xf32>
  %13 = vector.interleave %v, %v : vector<4xf32> -> vector<8xf32>
  %14 = vector.outerproduct %v, %v : vector<4xf32>, vector<4xf32>
  %15 = vector.outerproduct %v, %f : vector<4xf32>, f32
  %16 = vector.shuffle %v, %v [0, 5] : vector<4xf32>, vector<4xf32>
  %18 = vector.extract_strided_slice %v {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
  %17 = vector.multi_reduction <add>, %w, %18 [1] : vector<2x2xf32> to vector<2xf32>
  %19 = vector.insert_strided_slice %18, %v {offsets = [0], strides = [1]} : vector<2xf32> into vector<4xf32>
  %20 = memref.rank %um : memref<*xf32>
  %21 = memref.realloc %m : memref<4xf32> to memref<8xf32>
  %22 = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index
  %23 = memref.memory_space_cast %m : memref<4xf32> to memref<4xf32, 1>
  memref.assume_alignment %m, 16 : memref<4xf32>
  %24 = memref.atomic_rmw addf %f, %m[%a] : (f32, memref<4xf32>) -> f32
  %25 = vector.flat_transpose %v {rows = 2 : i32, columns = 2 : i32} : vector<4xf32> -> vector<4xf32>
  %26 = vector.matrix_multiply %v, %v {lhs_rows = 2 : i32, lhs_columns = 2 : i32, rhs_columns = 2 : i32} : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %27 = vector.type_cast %m : memref<4xf32> to memref<vector<4xf32>>
  %28 = bufferization.materialize_in_destination %t in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.dealloc_tensor %t : tensor<4xf32>
  %29 = tensor.splat %f[%a] : tensor<?xf32>
  %30 = memref.realloc %m(%a) : memref<4xf32> to memref<?xf32>
  %31 = tensor.gather %ti[%s] gather_dims([0]) : (tensor<4x4xf32>, tensor<1xindex>) -> tensor<1x4xf32>
  return
}
func.func @valid2(%src: tensor<2x2xf32>, %dest: tensor<4xf32>, %sv: vector<[4]xf32>, %v: vector<4xf32>) {
  %0 = tensor.unpack %src inner_dims_pos = [0] inner_tiles = [2] into %dest : tensor<2x2xf32> -> tensor<4xf32>
  %1 = vector.scalable.insert %v, %sv[0] : vector<4xf32> into vector<[4]xf32>
  %2 = vector.scalable.extract %sv[0] : vector<4xf32> from vector<[4]xf32>
  return
}
"#;

#[test]
fn valid_generic_only_ops_pass_the_ods_constraints() {
    let Some(mlir_opt) = common::mlir_opt() else {
        common::skipped("valid generic-only ops");
        return;
    };
    let (ok, generic, err) = common::run_tool(
        &mlir_opt,
        &["-mlir-print-op-generic", "-"],
        GENERIC_ONLY_OPS,
    );
    assert!(ok, "mlir-opt refuses the valid ops: {err}");
    assert!(generic.contains("\"tensor.unpack\""), "{generic}");
    if let Err(e) = tessera_ir::parse_and_verify("generic.mlir", &generic) {
        panic!("{e}\n{generic}");
    }
}
