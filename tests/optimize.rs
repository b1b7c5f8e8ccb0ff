//! `--tessera-optimize` on the whole kernel suite: every kernel, in every
//! element type, at MINI and at odd sizes, computes bit-identical arrays
//! after the pipeline (in the interpreter, and natively without run-time
//! checks, as the benchmarks run it); and the pieces the benchmark numbers
//! rest on — the register tile of matmul, its local buffer as a C array,
//! constant trip counts — are really there.

use std::process::Command;

use tessera::backend::{compile, emit_c, CompileOptions, EmitOptions};
use tessera::ir::interp::{Interpreter, RtValue};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::kernels::{all, find, ElemType, KernelSpec, OUTPUTS_ENTRY};
use tessera::transforms::passes::{tessera_optimize, OptimizeOptions};

/// Is a C compiler available? Prints the loud notice when not.
fn have_cc(test: &str) -> bool {
    let ok = Command::new("cc").arg("--version").output().is_ok();
    if !ok {
        eprintln!("SKIPPED: no C compiler ({test})");
        println!("SKIPPED: no C compiler ({test})");
    }
    ok
}

/// What `@main` prints.
fn printed(m: &Module) -> Result<String, String> {
    let mut it = Interpreter::new(m);
    it.call("main", &[]).map_err(|e| e.to_string())?;
    Ok(it.output().to_string())
}

/// The bits of the live-out arrays `@outputs` returns.
fn outputs(m: &Module) -> Result<Vec<Vec<u64>>, String> {
    let mut it = Interpreter::new(m);
    let results = it.call(OUTPUTS_ENTRY, &[]).map_err(|e| e.to_string())?;
    let mut arrays = Vec::new();
    for r in results {
        let RtValue::Int(handle) = r else {
            return Err(format!("@{OUTPUTS_ENTRY} returned {r:?}"));
        };
        let handle = u32::try_from(handle).map_err(|e| e.to_string())?;
        let values = it.read(RtValue::MemRef(handle));
        arrays.push(values.iter().map(|v| v.to_bits()).collect());
    }
    Ok(arrays)
}

/// `text` optimized with `options`, printed and parsed again (so the
/// printed form is what runs); the number of register tiles made.
fn optimized(text: &str, options: &OptimizeOptions) -> Result<(Module, usize), String> {
    let mut m = parse_and_verify("k.mlir", text).map_err(|e| e.to_string())?;
    let remarks = tessera_optimize(&mut m, options);
    let tiles = remarks
        .iter()
        .filter(|r| r.message.contains("register tile of"))
        .count();
    let printed = print_module(&m, &PrintOptions::default());
    let m = parse_and_verify("opt.mlir", &printed)
        .map_err(|e| format!("the output does not verify: {e}"))?;
    Ok((m, tiles))
}

/// The pipeline's option sets: the cache model at a size that tiles MINI
/// problems (tiles of 2 to 8), and one with tiles of 1 to 2 and the
/// scheduler's tiles of 3, full and partial tiles kept together. At these cache sizes no kernel's arrays fit,
/// so every SCoP the band steps leave alone goes through the scheduler.
fn option_sets() -> Vec<OptimizeOptions> {
    vec![
        OptimizeOptions {
            l2_kib: 4,
            ..OptimizeOptions::default()
        },
        OptimizeOptions {
            l2_kib: 1,
            unroll_jam: 2,
            parallel: false,
            schedule: true,
            schedule_tile: 3,
            separate_tiles: false,
        },
    ]
}

fn sizes_of(spec: &KernelSpec) -> Vec<Vec<i64>> {
    let mini = spec.sizes(tessera::kernels::Dataset::Mini);
    vec![
        mini.to_vec(),
        mini.iter().map(|&v| (v * 2 / 3).max(1) + 1).collect(),
    ]
}

#[test]
fn every_kernel_computes_the_same_arrays_after_the_pipeline() {
    let mut failures = Vec::new();
    let mut register_tiles = 0;
    let mut checked = 0;
    for spec in all() {
        for &elem in spec.elem_types {
            for sizes in sizes_of(spec) {
                let case = format!("{} {} {sizes:?}", spec.name, elem.mlir());
                let (Ok(main), Ok(outs)) = (
                    spec.generate(elem, &sizes),
                    spec.generate_returning_outputs(elem, &sizes),
                ) else {
                    panic!("{case}: not generated");
                };
                let parse =
                    |t: &str| parse_and_verify("k.mlir", t).expect("generated kernels verify");
                let expected = match (printed(&parse(&main)), outputs(&parse(&outs))) {
                    (Ok(p), Ok(o)) => (p, o),
                    other => panic!("{case}: original: {other:?}"),
                };
                for options in option_sets() {
                    let got = optimized(&main, &options).and_then(|(m, tiles)| {
                        register_tiles += tiles;
                        let (o, _) = optimized(&outs, &options)?;
                        Ok((printed(&m)?, outputs(&o)?))
                    });
                    match got {
                        Ok(got) if got == expected => {}
                        Ok(_) => failures.push(format!("{case} {options:?}: results differ")),
                        Err(e) => failures.push(format!("{case} {options:?}: {e}")),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 100, "only {checked} runs");
    // matmul in both element types at both sizes (tiles of 1 leave no
    // room for one under the second option set).
    assert!(
        register_tiles >= 4,
        "the register tile applied only {register_tiles} times"
    );
}

#[test]
fn optimized_kernels_run_natively_without_checks_as_in_the_interpreter() {
    if !have_cc("optimized kernels natively") {
        return;
    }
    let names = [
        "matmul",
        "gemm",
        "2mm",
        "syrk",
        "trmm",
        "doitgen",
        "conv2d_nchw",
        "lu",
    ];
    let specs: Vec<&KernelSpec> = names.iter().filter_map(|n| find(n)).collect();
    assert_eq!(specs.len(), names.len());
    let check = |spec: &&KernelSpec| {
        let elem = spec.default_elem();
        let sizes: Vec<i64> = spec
            .sizes(tessera::kernels::Dataset::Mini)
            .iter()
            .map(|&v| v + 3)
            .collect();
        let text = spec.generate(elem, &sizes).expect("generated");
        let mut m = parse_and_verify("k.mlir", &text).expect("verifies");
        tessera_optimize(
            &mut m,
            &OptimizeOptions {
                l2_kib: 4,
                ..OptimizeOptions::default()
            },
        );
        let mut it = Interpreter::new(&m);
        it.call("main", &[]).expect("interprets");
        let options = CompileOptions {
            emit: EmitOptions {
                checks: false,
                openmp: false,
                ..EmitOptions::default()
            },
            ..CompileOptions::default()
        };
        let lib = compile(&m, &options).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        let main = lib
            .kernel("main")
            .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        // SAFETY: the same module ran to completion in the interpreter,
        // which checks every subscript and every use of memory, and
        // `@main` takes no arguments.
        let native = unsafe { main.call_unchecked(&mut []) }
            .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        assert_eq!(native.output, it.output(), "{} {sizes:?}", spec.name);
    };
    let (a, b) = specs.split_at(specs.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(&check));
        b.iter().for_each(&check);
    });
}

#[test]
fn matmul_gets_a_register_tile_in_a_c_array_with_constant_trip_counts() {
    let spec = find("matmul").expect("matmul");
    for (elem, width) in [(ElemType::F32, 64), (ElemType::F64, 32)] {
        let text = spec.generate(elem, &[256]).expect("generated");
        let mut m = parse_and_verify("mm.mlir", &text).expect("verifies");
        let remarks = tessera_optimize(
            &mut m,
            &OptimizeOptions {
                l2_kib: 1024,
                ..OptimizeOptions::default()
            },
        );
        let what = format!("register tile of 4x{width} elements");
        assert!(
            remarks.iter().any(|r| r.message.contains(&what)),
            "{elem:?}: {remarks:?}"
        );
        let printed = print_module(&m, &PrintOptions::default());
        let ty = elem.mlir();
        assert!(
            printed.contains(&format!("memref.alloca() : memref<4x{width}x{ty}>")),
            "{printed}"
        );
        let c = emit_c(
            &m,
            &EmitOptions {
                checks: false,
                openmp: false,
                ..EmitOptions::default()
            },
        )
        .expect("emits");
        let array = format!("_data[{}] __attribute__((aligned(64)));", 4 * width);
        assert!(c.contains(&array), "no stack array in the C code");
        assert!(
            c.contains(&format!(" < {width}; t")),
            "the vector loop has no constant trip count"
        );
        // With checks, allocations stay tracked: no stack array.
        let checked = emit_c(&m, &EmitOptions::default()).expect("emits");
        assert!(!checked.contains(&array));
    }
}

#[test]
fn gemm_is_distributed_then_register_tiled() {
    let spec = find("gemm").expect("gemm");
    let text = spec
        .generate(ElemType::F64, spec.sizes(tessera::kernels::Dataset::Large))
        .expect("generated");
    let mut m = parse_and_verify("gemm.mlir", &text).expect("verifies");
    let remarks = tessera_optimize(
        &mut m,
        &OptimizeOptions {
            l2_kib: 1024,
            ..OptimizeOptions::default()
        },
    );
    let said = |what: &str| remarks.iter().any(|r| r.message.contains(what));
    assert!(
        said("rescheduled for the band steps: distributed"),
        "{remarks:?}"
    );
    assert!(said("register tile of 4x20 elements"), "{remarks:?}");
}

/// `2mm`'s products are written `i, j, k` with `tmp[i][j] = 0` in the
/// `j` loop: the band steps alone would tile the imperfect `i, j` band
/// and leave `B[k][j]` strided innermost. The scheduler distributes the
/// initialisations and permutes each product to a perfect `i, k, j` band,
/// which the band steps then register-tile (measured: 1.0x -> 12.9x on
/// LARGE, benches/report/results.md).
#[test]
fn two_mm_products_become_register_tiled_bands() {
    let spec = find("2mm").expect("2mm");
    let text = spec
        .generate(ElemType::F64, spec.sizes(tessera::kernels::Dataset::Large))
        .expect("generated");
    let mut m = parse_and_verify("2mm.mlir", &text).expect("verifies");
    let remarks = tessera_optimize(
        &mut m,
        &OptimizeOptions {
            l2_kib: 1024,
            ..OptimizeOptions::default()
        },
    );
    let count = |what: &str| remarks.iter().filter(|r| r.message.contains(what)).count();
    assert_eq!(count("rescheduled for the band steps"), 1, "{remarks:?}");
    assert_eq!(count("register tile of"), 2, "{remarks:?}");
}

/// Kernels whose nests are imperfect or triangular and not matmul-like go
/// to the scheduler with its tiles even where the band steps could tile a
/// band (measured on LARGE: `trmm` 1.2x -> 3.2x, `correlation` 0.8x ->
/// 4.6x, `covariance` 1.0x -> 9.1x); perfect rectangular nests (`mvt`,
/// `gemver`) keep the band steps.
#[test]
fn imperfect_kernels_are_rescheduled_and_perfect_ones_keep_the_band_steps() {
    // The kernel function alone (not @main's initialisation).
    let optimize = |name: &str| {
        let spec = find(name).expect(name);
        let text = spec
            .generate(ElemType::F64, spec.sizes(tessera::kernels::Dataset::Large))
            .expect("generated");
        let main = text.find("\nfunc.func @main").expect("a main function");
        let mut m = parse_and_verify("k.mlir", &text[..main]).expect("verifies");
        tessera_optimize(
            &mut m,
            &OptimizeOptions {
                l2_kib: 1024,
                ..OptimizeOptions::default()
            },
        )
    };
    for name in ["trmm", "correlation", "covariance"] {
        let remarks = optimize(name);
        assert!(
            remarks
                .iter()
                .any(|r| r.message.starts_with("tessera-optimize: rescheduled:")
                    && r.message.contains("tiled")),
            "{name}: {remarks:?}"
        );
    }
    for name in ["mvt", "gemver"] {
        let remarks = optimize(name);
        assert!(
            remarks.iter().any(|r| r.message.contains("band tiled by")),
            "{name}: {remarks:?}"
        );
    }
}

/// The scheduler's objective keeps each statement's best innermost loop
/// (stride-one accesses, the write indexed: no reduction) out of the outer
/// hyperplanes: PolyBench's `lu`, written `i, j, k` with the reduction `k`
/// innermost and `A[k][j]` strided, is scheduled right-looking, `k, i, j`
/// (measured on LARGE: 1.0x -> 2.8x, bit-exact), where the original order
/// was kept before.
#[test]
fn lu_is_scheduled_right_looking() {
    let spec = find("lu").expect("lu");
    let text = spec
        .generate(ElemType::F64, spec.sizes(tessera::kernels::Dataset::Large))
        .expect("generated");
    let main = text.find("\nfunc.func @main").expect("a main function");
    let mut m = parse_and_verify("lu.mlir", &text[..main]).expect("verifies");
    let remarks = tessera_optimize(
        &mut m,
        &OptimizeOptions {
            l2_kib: 1024,
            ..OptimizeOptions::default()
        },
    );
    let schedule = remarks
        .iter()
        .find_map(|r| r.message.split_once("schedules "))
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| panic!("not rescheduled: {remarks:?}"));
    // S0 (i, j, k): tiles then points in the order k, i, j.
    assert!(
        schedule.starts_with(
            "(d0, d1, d2) -> (d2 floordiv 64, d0 floordiv 64, d1 floordiv 64, d2, d0, d1"
        ),
        "{schedule}"
    );
}

/// The LARGE kernel function of `name` optimized with the default options
/// at a 1 MiB L2 cache: its remarks and the optimized module.
fn optimize_large(name: &str) -> (Vec<String>, tessera::ir::Module) {
    let spec = find(name).expect("kernel");
    let text = spec
        .generate(
            spec.default_elem(),
            spec.sizes(tessera::kernels::Dataset::Large),
        )
        .expect("generated");
    let main = text.find("\nfunc.func @main").expect("a main function");
    let mut m = parse_and_verify(name, &text[..main]).expect("verifies");
    let remarks = tessera_optimize(
        &mut m,
        &OptimizeOptions {
            l2_kib: 1024,
            ..OptimizeOptions::default()
        },
    );
    (remarks.into_iter().map(|r| r.message).collect(), m)
}

/// A stencil, which the band steps cannot improve, gets time tiles (a
/// skew by the time loop) with its full tiles apart: some innermost loop
/// runs from `64 * q` to `64 * q + 64` alone. A convolution, which the
/// band steps interchange, is not skewed.
#[test]
fn stencils_get_separated_time_tiles_and_convolutions_no_skew() {
    let (remarks, m) = optimize_large("jacobi_2d");
    let schedule = remarks
        .iter()
        .find_map(|r| r.split_once("schedules "))
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| panic!("not rescheduled: {remarks:?}"));
    assert!(schedule.contains("d0 * 2 + d1"), "{schedule}");
    let printed = tessera::ir::print_module(&m, &tessera::ir::PrintOptions::default());
    assert!(
        printed.contains("affine_map<(d0) -> (d0 * 64)>")
            && printed.contains("affine_map<(d0) -> (d0 * 64 + 64)>"),
        "no loop over a full tile:\n{printed}"
    );
    for conv in ["depthwise_conv2d", "conv2d_nhwc"] {
        let (remarks, _) = optimize_large(conv);
        assert!(
            !remarks
                .iter()
                .any(|r| r.contains("tessera-optimize: rescheduled")),
            "{conv}: {remarks:?}"
        );
    }
}
