//! `affine.vector_load` / `affine.vector_store` of vectors of several
//! dimensions, run by the interpreter and the C back end, and judged by
//! mlir-cpu-runner. mlir-opt 19 lowers N-D transfers but not N-D
//! `vector.load` (what `--lower-affine` makes of these ops), so MLIR runs
//! the same program written with the in-bounds `vector.transfer_read` /
//! `transfer_write` each access means
//! (`tests/inputs/vector_nd/affine_vector_nd_transfer.mlir`), and the
//! affine form must print what that prints.

#[path = "../ir/tests/common/mod.rs"]
mod common;
#[path = "pass_checks/mod.rs"]
mod pass_checks;

use std::path::Path;

use tessera::ir::parse_and_verify;

fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/inputs/vector_nd")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn n_d_affine_vector_accesses_print_what_their_transfer_form_prints_in_mlir() {
    let affine_text = read("affine_vector_nd.mlir");
    let transfer_text = read("affine_vector_nd_transfer.mlir");
    let affine = parse_and_verify("affine_vector_nd.mlir", &affine_text).expect("parses");
    let transfer =
        parse_and_verify("affine_vector_nd_transfer.mlir", &transfer_text).expect("parses");
    let judges = pass_checks::judges("N-D affine vector accesses");
    // The transfer form prints the same everywhere, mlir-cpu-runner
    // included ...
    let expected = pass_checks::interpret(&transfer);
    pass_checks::runs_the_same(&transfer, &expected, &judges, "transfer form");
    // ... and the affine form, which MLIR cannot run, prints that too.
    let own = pass_checks::Judges {
        cc: judges.cc,
        mlir: false,
    };
    pass_checks::runs_the_same(&affine, &expected, &own, "affine form");
    assert_eq!(expected.lines().count(), 8, "{expected}");
}
