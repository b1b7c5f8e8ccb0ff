//! The fusion library API and pass options on hand-picked programs:
//! intermediate buffers shrink (allocated bytes before and after), the
//! fast memory space is used when asked, `fuse_loops` refuses with the
//! dependence that blocks and fuses what is legal, `compute_slice` agrees
//! with the test pass, and bad options are errors, not panics.

mod common;
mod fusion_common;

use fusion_common::{corpus, fuse_and_compare, options, run_main};
use tessera_ir::{parse_and_verify, Module, OpId, Type};
use tessera_transforms::loops::outermost_loops;
use tessera_transforms::passes::{
    affine_loop_fusion, compute_slice, fuse_loops, FusionBlocked, FusionMode, FusionOptions,
    Tolerance,
};
use tessera_transforms::pipeline::PassInvocation;

fn source(file: &str) -> String {
    corpus()
        .into_iter()
        .find(|(n, _)| n == file)
        .map(|(_, t)| t)
        .unwrap_or_else(|| panic!("{file} is in the corpus"))
}

/// Bytes allocated by `memref.alloc`/`memref.alloca` in `@kernel`.
fn kernel_alloc_bytes(module: &Module) -> i64 {
    let kernel = module.function("kernel").expect("a @kernel");
    let mut ops = Vec::new();
    module.walk_from(kernel, &mut ops);
    ops.iter()
        .filter(|&&o| {
            matches!(
                module.ops[o].name.as_str(),
                "memref.alloc" | "memref.alloca"
            )
        })
        .map(|&o| match module.value_type(module.ops[o].results[0]) {
            Type::MemRef { shape, .. } => shape.iter().product::<i64>() * 4,
            _ => 0,
        })
        .sum()
}

#[test]
fn intermediate_buffers_shrink() {
    // (file, options, bytes before, bytes after)
    let cases = [
        ("map_chain.mlir", "", 3 * 32 * 4, 3 * 4),
        ("2mm.mlir", "", 6 * 5 * 4, 5 * 4),
        (
            "blur_chain.mlir",
            "fusion-compute-tolerance=2.0",
            (14 + 12) * 4,
            (3 + 1) * 4,
        ),
        ("conv_relu.mlir", "", 6 * 6 * 4, 4),
    ];
    for (file, config, before, after) in cases {
        let text = source(file);
        let original = parse_and_verify(file, &text).expect("corpus parses");
        let fused =
            fuse_and_compare(&text, &options(config)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (b, a) = (
            kernel_alloc_bytes(&original),
            kernel_alloc_bytes(&fused.module),
        );
        eprintln!("{file} [{config}]: intermediate buffers {b} bytes -> {a} bytes");
        assert_eq!((b, a), (before, after), "{file}\n{}", fused.printed);
    }
}

#[test]
fn small_private_buffers_go_to_the_fast_memory_space() {
    let text = source("map_chain.mlir");
    let opts = options("fusion-fast-mem-space=2 fusion-local-buf-threshold=1");
    let fused = fuse_and_compare(&text, &opts).expect("fusion preserves the program");
    assert!(
        fused.printed.contains("memref<1xf32, 2>"),
        "{}",
        fused.printed
    );
    // Without a threshold the space is not used.
    let fused = fuse_and_compare(&text, &options("fusion-fast-mem-space=2")).expect("fusion");
    assert!(!fused.printed.contains(", 2>"), "{}", fused.printed);
}

fn kernel_nests(module: &Module) -> Vec<OpId> {
    let kernel = module.function("kernel").expect("a @kernel");
    outermost_loops(module)
        .into_iter()
        .filter(|&l| module.parent_op(l) == Some(kernel))
        .collect()
}

#[test]
fn fuse_loops_refuses_with_the_blocking_dependence() {
    let text = source("trap_212032.mlir");
    let mut m = parse_and_verify("trap.mlir", &text).expect("parses");
    let nests = kernel_nests(&m);
    let err = fuse_loops(&mut m, nests[0], nests[1], 1).unwrap_err();
    let FusionBlocked::Dependence(r) = &err else {
        panic!("expected a dependence, got {err}");
    };
    // The producer's read of a[1] (line 9) and the consumer's write of
    // a[p] (line 16).
    assert_eq!(
        (r.first.as_str(), r.second.as_str()),
        ("9:11", "16:5"),
        "{err}"
    );
    assert!(
        err.to_string().contains("would reverse the dependence"),
        "{err}"
    );
    // The pass says the same in its remark and leaves the nests alone.
    let mut m = parse_and_verify("trap.mlir", &text).expect("parses");
    let remarks = affine_loop_fusion(&mut m, &FusionOptions::default());
    assert!(
        remarks
            .iter()
            .any(|r| r.message.contains("not fused") && r.message.contains("9:11")),
        "{remarks:?}"
    );
    assert_eq!(kernel_nests(&m).len(), 2);
}

#[test]
fn fuse_loops_fuses_legal_nests() {
    let text = source("map_chain.mlir");
    let module = parse_and_verify("map.mlir", &text).expect("parses");
    let before = run_main(&module).expect("runs");
    let mut m = module.clone();
    let nests = kernel_nests(&m);
    fuse_loops(&mut m, nests[0], nests[1], 1).expect("legal");
    assert_eq!(kernel_nests(&m).len(), 3);
    assert_eq!(run_main(&m).expect("runs"), before);
    // A depth beyond the destination's loops is refused, not a panic.
    let nests = kernel_nests(&m);
    assert!(matches!(
        fuse_loops(&mut m, nests[0], nests[1], 3),
        Err(FusionBlocked::NoSlice { .. })
    ));
    // So is fusing a nest into itself.
    assert!(fuse_loops(&mut m, nests[0], nests[0], 1).is_err());
}

#[test]
fn compute_slice_gives_the_slice_of_each_depth() {
    let text = source("2mm.mlir");
    let m = parse_and_verify("2mm.mlir", &text).expect("parses");
    let nests = kernel_nests(&m);
    let at = |d| {
        compute_slice(&m, nests[0], nests[1], d)
            .expect("a slice")
            .to_string()
    };
    assert_eq!(
        at(1),
        "insert point: (1, 0) loop bounds: [(d0) -> (d0), (d0) -> (d0 + 1)] [(d0) -> (0), (d0) -> (5)] [(d0) -> (0), (d0) -> (7)] "
    );
    assert_eq!(
        at(3),
        "insert point: (3, 0) loop bounds: [(d0, d1, d2) -> (d0), (d0, d1, d2) -> (d0 + 1)] [(d0, d1, d2) -> (d2), (d0, d1, d2) -> (d2 + 1)] [(d0, d1, d2) -> (0), (d0, d1, d2) -> (7)] "
    );
    assert!(compute_slice(&m, nests[0], nests[1], 4).is_err());
}

#[test]
fn options_parse_as_mlir_opt_spells_them() {
    let parse = |s: &str| {
        FusionOptions::from_invocation(
            &PassInvocation::with_options("affine-loop-fusion", s).unwrap(),
        )
    };
    assert_eq!(parse("").unwrap(), FusionOptions::default());
    let o = parse("mode=sibling fusion-compute-tolerance=-0.25 fusion-local-buf-threshold=4 fusion-fast-mem-space=1").unwrap();
    assert_eq!(o.mode, FusionMode::Sibling);
    assert_eq!(o.compute_tolerance, Tolerance::new(-1, 4).unwrap());
    assert_eq!((o.local_buf_threshold_kib, o.fast_mem_space), (4, Some(1)));
    assert_eq!(
        parse("fusion-compute-tolerance=1.5e1")
            .unwrap()
            .compute_tolerance,
        Tolerance::new(15, 1).unwrap()
    );
    for bad in [
        "mode=all",
        "fusion-compute-tolerance=fast",
        "fusion-compute-tolerance=",
        "fusion-local-buf-threshold=-1",
        "fusion-maximal=maybe",
        "no-such-option",
        "fusion-compute-tolerance=1e999",
    ] {
        assert!(parse(bad).is_err(), "{bad} was accepted");
    }
    // The default tolerance refuses the stencil chain; a larger one fuses.
    let text = source("blur_chain.mlir");
    let strict = fuse_and_compare(&text, &FusionOptions::default()).unwrap();
    let lenient = fuse_and_compare(&text, &options("fusion-compute-tolerance=2.0")).unwrap();
    assert!(lenient.nests.1 < strict.nests.1);
}
