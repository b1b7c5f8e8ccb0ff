//! Support shared by the integration tests.
#![allow(dead_code)]

pub mod kernelgen;
pub mod mlir;
pub mod nestgen;
pub mod rng;

/// The kernel corpus of `ir/tests/corpus`: `(file name, source)` of every
/// `.mlir` file, sorted by name.
pub fn corpus() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ir/tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the corpus directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = std::fs::read_to_string(&p).expect("a readable corpus file");
            (name, text)
        })
        .collect()
}
