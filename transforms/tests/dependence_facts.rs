//! What is known about symbols is used: a `memref.dim` is non-negative, so
//! a store below the loaded element (`A[i - n - 1]`, n = dim(A)) never
//! feeds a later load of `A[i]`. mlir-opt 19 reports a dependence here.

use tessera_ir::parse_module;
use tessera_transforms::dependence::dependence_remarks;

const SOURCE: &str = r#"
func.func @f(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i - symbol(%n) - 1] : memref<?xf32>
  }
  return
}
"#;

#[test]
fn memref_dims_are_non_negative() {
    let module = parse_module("dim.mlir", SOURCE).expect("valid");
    let remarks: Vec<String> = dependence_remarks(&module)
        .into_iter()
        .map(|r| r.message)
        .collect();
    assert!(
        remarks.contains(&"dependence from 1 to 0 at depth 1 = false".to_string()),
        "{remarks:#?}"
    );
    assert!(
        remarks.contains(&"dependence from 0 to 1 at depth 2 = false".to_string()),
        "{remarks:#?}"
    );
    // The other direction exists: A[i] is read before iteration
    // i + n + 1 writes it.
    assert!(
        remarks.contains(&"dependence from 0 to 1 at depth 1 = [1, 9]".to_string()),
        "{remarks:#?}"
    );
}

/// Out of integer-search work, the questions that need a search are
/// undecided, and an undecided dependence is reported as one ("may
/// depend", `true` without distances): no pair is called independent
/// that is not.
#[test]
fn out_of_work_every_pair_may_depend() {
    let module = parse_module("dim.mlir", SOURCE).expect("valid");
    let messages = |remarks: Vec<tessera_transforms::dependence::Remark>| -> Vec<String> {
        remarks.into_iter().map(|r| r.message).collect()
    };
    let decided = messages(dependence_remarks(&module));
    let starved = messages(tessera_polyhedral::work::with_limit(0, || {
        dependence_remarks(&module)
    }));
    assert_eq!(decided.len(), starved.len());
    let mut undecided = 0;
    for (full, none) in decided.iter().zip(&starved) {
        undecided += usize::from(none != full);
        assert!(
            !none.ends_with("= false") || full.ends_with("= false"),
            "{none} where the analysis with work finds {full}"
        );
    }
    assert!(undecided > 0, "no answer needed the work: {starved:#?}");
}
