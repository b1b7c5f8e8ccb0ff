//! Support for the fusion tests: the multi-nest corpus, running `@main` in
//! the interpreter before and after fusion, counting loop nests, and a
//! generator of random sequences of nests.
#![allow(dead_code)]

pub mod gen;

use tessera_ir::interp::Interpreter;
use tessera_ir::{parse_and_verify, print_module, Module, OpId, PrintOptions};
use tessera_transforms::passes::{affine_loop_fusion, FusionOptions, PassRemark};
use tessera_transforms::pipeline::PassInvocation;

/// The fusion corpus: `(file name, source)` of every `.mlir` file of
/// `tests/fusion_corpus`, sorted by name.
pub fn corpus() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fusion_corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the fusion corpus directory")
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
            (
                name,
                std::fs::read_to_string(&p).expect("a readable corpus file"),
            )
        })
        .collect()
}

/// The options of an `affine-loop-fusion` option string.
pub fn options(text: &str) -> FusionOptions {
    let p = PassInvocation::with_options("affine-loop-fusion", text).expect("an option string");
    FusionOptions::from_invocation(&p).expect("valid options")
}

/// Runs `@main`, returning what it prints.
pub fn run_main(module: &Module) -> Result<String, String> {
    let mut it = Interpreter::new(module);
    it.set_iteration_budget(5_000_000);
    it.call("main", &[]).map_err(|d| d.to_string())?;
    Ok(it.output().to_string())
}

/// Per function (by name, in order): the loop structure of its body's
/// top-level nests, each as nested parentheses (`(()())` is a loop holding
/// two loops).
pub fn structure(module: &Module) -> Vec<(String, Vec<String>)> {
    fn shape(module: &Module, op: OpId) -> String {
        let mut s = String::from("(");
        for &r in &module.ops[op].regions {
            for &b in &module.regions[r].blocks {
                for &o in &module.blocks[b].ops {
                    if module.ops[o].name == "affine.for" {
                        s.push_str(&shape(module, o));
                    } else if !module.ops[o].regions.is_empty() {
                        // Loops under a conditional count where they sit.
                        let inner = shape(module, o);
                        s.push_str(&inner[1..inner.len() - 1]);
                    }
                }
            }
        }
        s.push(')');
        s
    }
    module
        .functions()
        .into_iter()
        .map(|f| {
            let name = match module.ops[f].attr("sym_name") {
                Some(tessera_ir::Attribute::String(s)) => s.clone(),
                _ => String::new(),
            };
            let mut nests = Vec::new();
            for &r in &module.ops[f].regions {
                for &b in &module.regions[r].blocks {
                    for &o in &module.blocks[b].ops {
                        if module.ops[o].name == "affine.for" {
                            nests.push(shape(module, o));
                        }
                    }
                }
            }
            (name, nests)
        })
        .collect()
}

/// Total number of top-level loop nests over all functions.
pub fn nest_count(module: &Module) -> usize {
    structure(module).iter().map(|(_, n)| n.len()).sum()
}

/// The result of fusing one program.
pub struct Fused {
    /// What `@main` printed before.
    pub before: String,
    /// The fused module, printed.
    pub printed: String,
    /// The fused module, parsed back.
    pub module: Module,
    /// The pass's remarks.
    pub remarks: Vec<PassRemark>,
    /// Nests before and after.
    pub nests: (usize, usize),
}

/// Parses `text`, runs `@main`, fuses with `opts`, checks the printed
/// result verifies and prints the same when run; `Err` describes any
/// difference.
pub fn fuse_and_compare(text: &str, opts: &FusionOptions) -> Result<Fused, String> {
    let module = parse_and_verify("kernel.mlir", text).map_err(|d| format!("input: {d}"))?;
    let before = run_main(&module).map_err(|e| format!("original run failed: {e}"))?;
    let mut fused = module.clone();
    let remarks = affine_loop_fusion(&mut fused, opts);
    let printed = print_module(&fused, &PrintOptions::default());
    let reparsed = parse_and_verify("fused.mlir", &printed)
        .map_err(|d| format!("the fused module does not verify: {d}\n{printed}"))?;
    let after = run_main(&reparsed).map_err(|e| format!("fused run failed: {e}\n{printed}"))?;
    if before != after {
        let notes: Vec<&str> = remarks.iter().map(|r| r.message.as_str()).collect();
        return Err(format!(
            "outputs differ\n--- remarks:\n{}\n--- fused:\n{printed}\n--- before:\n{before}\n--- after:\n{after}",
            notes.join("\n")
        ));
    }
    let nests = (nest_count(&module), nest_count(&reparsed));
    Ok(Fused {
        before,
        printed,
        module: reparsed,
        remarks,
        nests,
    })
}
