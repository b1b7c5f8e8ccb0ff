//! The automatic scheduler (`--tessera-schedule`) judged by execution:
//! every kernel of the suite (MINI sizes), rescheduled under two of the
//! five variants (fusion policies, untiled and tiled with tiles small
//! enough that MINI sizes have several; rotating, so every variant meets
//! a dozen kernels), computes exactly what it computed — in the interpreter,
//! and through the C back end and `mlir-cpu-runner` for a share of the
//! variants. Which kernels were rescheduled is asserted, so the test
//! cannot pass by leaving everything alone.

#[path = "../ir/tests/common/mod.rs"]
mod common;

use tessera::backend::{compile, CompileOptions};
use tessera::ir::interp::Interpreter;
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::kernels::{all, Dataset};
use tessera::transforms::schedule::{tessera_schedule, FusePolicy, ScheduleOptions};

fn run_main(module: &Module) -> String {
    let mut it = Interpreter::new(module);
    match it.call("main", &[]) {
        Ok(_) => it.output().to_string(),
        Err(e) => format!("{}\nerror: {e}", it.output()),
    }
}

fn native_main(module: &Module) -> String {
    let library = compile(module, &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", module.file));
    match library.call("main", &mut []) {
        Ok(outcome) => outcome.output,
        Err(e) => format!("error: {e}"),
    }
}

/// Asserts that `module`, a transformation of the program `text`, prints
/// what `text` prints in the interpreter, the C back end and
/// mlir-cpu-runner (the last said loudly to be skipped when missing);
/// `what` names the case.
fn runs_as_the_original(what: &str, module: &Module, text: &str) {
    let original = parse_and_verify("original.mlir", text).unwrap();
    let printed = print_module(module, &PrintOptions::default());
    let module = parse_and_verify("transformed.mlir", &printed).unwrap();
    assert_eq!(run_main(&module), run_main(&original), "{what}");
    assert_eq!(native_main(&module), native_main(&original), "{what}");
    if common::mlir_cpu_runner().is_some() {
        assert_eq!(
            common::mlir_run_main(&printed),
            common::mlir_run_main(text),
            "{what}"
        );
    } else {
        common::skipped(&format!("{what} judged by mlir-cpu-runner"));
    }
}

fn variants() -> Vec<(&'static str, ScheduleOptions)> {
    let base = ScheduleOptions::default();
    vec![
        ("smart", base.clone()),
        (
            "max",
            ScheduleOptions {
                fuse: FusePolicy::Max,
                ..base.clone()
            },
        ),
        (
            "none",
            ScheduleOptions {
                fuse: FusePolicy::None,
                ..base.clone()
            },
        ),
        (
            "smart+tile5",
            ScheduleOptions {
                tile: true,
                tile_size: 5,
                ..base.clone()
            },
        ),
        (
            "max+tile4",
            ScheduleOptions {
                fuse: FusePolicy::Max,
                tile: true,
                tile_size: 4,
                ..base.clone()
            },
        ),
        (
            "smart+tile4+separate",
            ScheduleOptions {
                tile: true,
                tile_size: 4,
                separate: true,
                ..base
            },
        ),
    ]
}

#[test]
fn every_kernel_rescheduled_computes_the_same() {
    let have_mlir = common::mlir_cpu_runner().is_some();
    if !have_mlir {
        common::skipped("auto-schedule judged by mlir-cpu-runner");
    }
    let mut rescheduled = 0;
    let mut kept = Vec::new();
    let mut case = 0;
    let variants = variants();
    for (index, spec) in all().iter().enumerate() {
        let text = spec
            .generate(spec.default_elem(), spec.sizes(Dataset::Mini))
            .expect("kernel");
        let original = parse_and_verify(spec.name, &text).expect("valid kernel");
        let expected = run_main(&original);
        // Two variants per kernel, rotating, so each variant meets a
        // dozen kernels.
        for (label, options) in [index % 5, (index + 2) % 5].map(|v| variants[v].clone()) {
            let mut module = original.clone();
            let start = std::time::Instant::now();
            let remarks = tessera_schedule(&mut module, &options);
            if std::env::var_os("TESSERA_TRACE").is_some() {
                eprintln!("{} {label}: {:?}", spec.name, start.elapsed());
            }
            let printed = print_module(&module, &PrintOptions::default());
            let module = parse_and_verify("scheduled.mlir", &printed)
                .unwrap_or_else(|e| panic!("{} {label}: {e}\n{printed}", spec.name));
            let done = remarks.iter().any(|r| r.message.contains("rescheduled"));
            if done {
                rescheduled += 1;
            } else {
                kept.push(format!("{} {label}: {remarks:?}", spec.name));
            }
            assert_eq!(
                run_main(&module),
                expected,
                "{} {label}: rescheduled code differs\n{remarks:?}\n{printed}",
                spec.name
            );
            if case % 3 == 0 {
                assert_eq!(
                    native_main(&module),
                    native_main(&original),
                    "{} {label}: the C back end disagrees",
                    spec.name
                );
            }
            if have_mlir && case % 7 == 0 {
                assert_eq!(
                    common::mlir_run_main(&printed),
                    common::mlir_run_main(&text),
                    "{} {label}: mlir-cpu-runner disagrees",
                    spec.name
                );
            }
            case += 1;
        }
    }
    eprintln!("rescheduled {rescheduled} of {case} (kernel, variant) pairs; kept:");
    for k in &kept {
        eprintln!("  {k}");
    }
    assert!(
        kept.len() * 10 <= case,
        "{} of {case} variants kept their code",
        kept.len()
    );
}

/// The affine form lemma's constraints grow with the vertices of a
/// dependence polyhedron (2^6 of them on a 6-deep box): on the 6-deep
/// convolution it once ran for minutes. It now draws from the scheduler's
/// work budget, so the SCoP keeps its code with a remark saying why.
#[test]
fn a_nest_too_large_for_the_exact_search_keeps_its_code() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/inputs/conv6.mlir");
    let text = std::fs::read_to_string(path).unwrap();
    let mut module = parse_and_verify(path, &text).unwrap();
    let before = print_module(&module, &PrintOptions::default());
    let remarks = tessera_schedule(&mut module, &ScheduleOptions::default());
    assert!(
        remarks
            .iter()
            .any(|r| r.message.contains("kept as it is") && r.message.contains("work budget")),
        "{remarks:?}"
    );
    assert_eq!(print_module(&module, &PrintOptions::default()), before);
}

/// A loop bound near `i64::MAX` (a mutation tests/no_crash.rs made of
/// gramschmidt) made every pivot of the integer programs work on big
/// rationals: 9 s within the work budget. Such SCoPs are refused upfront.
#[test]
fn huge_loop_bounds_are_refused_upfront() {
    let text = "func.func @f(%A: memref<6x6xf64>) {
  affine.for %k = 0 to 6 {
    affine.for %i = 0 to 9223372036854775807 {
      %v = affine.load %A[%i, %k] : memref<6x6xf64>
      affine.store %v, %A[%k, %i] : memref<6x6xf64>
    }
  }
  return
}";
    let mut module = parse_and_verify("huge.mlir", text).unwrap();
    let remarks = tessera_schedule(&mut module, &ScheduleOptions::default());
    assert!(
        remarks
            .iter()
            .any(|r| r.message.contains("beyond 16777216")),
        "{remarks:?}"
    );
}

/// doitgen: after the `r, q` bands, smart fusion kept `sum[p] = 0`, the
/// `p, s` reduction and the copy-back fused by skewing the reduction
/// (`p + s`), which `--tessera-optimize` then refused. The band is now
/// searched again after distributing the nests by depth: no skew, and
/// the reduction's stride-1 `p` innermost.
#[test]
fn doitgen_is_distributed_rather_than_skewed() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/kernels/doitgen.mlir");
    let text = std::fs::read_to_string(path).unwrap();
    let mut module = parse_and_verify(path, &text).unwrap();
    let remarks = tessera_schedule(&mut module, &ScheduleOptions::default());
    let kernel = remarks
        .iter()
        .find(|r| r.message.contains("@kernel_doitgen"))
        .expect("a remark for the kernel");
    assert!(
        kernel.message.contains("a fused band would skew")
            && kernel
                .message
                .contains("(d0, d1, d2, d3) -> (d0, d1, 1, d3, d2)"),
        "{}",
        kernel.message
    );
}

/// heat-3d's two sweeps: the affine form lemma on its 124 dependence
/// systems once spent the whole work budget (15 M units on some, their
/// redundant rows each a multiplier more to eliminate), so the kernel kept
/// its code. It is now fused and time-skewed (`2t + i`, the second sweep
/// shifted by one), and with tiles of 64 its innermost row of 118 points
/// is left whole (two tiles would cut it into short loops).
#[test]
fn heat_3d_is_time_skewed_and_its_short_rows_left_whole() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/kernels/heat_3d.mlir");
    let text = std::fs::read_to_string(path).unwrap();
    let mut module = parse_and_verify(path, &text).unwrap();
    let options = ScheduleOptions {
        tile: true,
        tile_size: 64,
        ..ScheduleOptions::default()
    };
    let remarks = tessera_schedule(&mut module, &options);
    let kernel = remarks
        .iter()
        .find(|r| r.message.contains("@kernel_heat_3d"))
        .expect("a remark for the kernel");
    assert!(
        kernel.message.contains("rescheduled")
            && kernel
                .message
                .contains("S0: d0 * 2 + d1, S1: d0 * 2 + d1 + 1")
            && kernel
                .message
                .contains("hyperplane S0: d0 * 2 + d3, S1: d0 * 2 + d3 + 1 left untiled"),
        "{}",
        kernel.message
    );
}

/// seidel-2d's time tiles leave its innermost loop a chain (each point
/// reads its left neighbour's new value): `--tessera-optimize` skews the
/// innermost row by the one outside it (`3t + 2i + j`), so that loop's
/// iterations at one innermost value are independent, and unroll-jams it
/// in the full tiles (2.4x over the naive nest at LARGE sizes, 1.1x
/// before). At a size with full tiles of 4, the result is judged by the
/// interpreter, the C back end and mlir-cpu-runner.
#[test]
fn seidel_chains_are_skewed_apart_and_jammed() {
    use tessera::transforms::passes::{tessera_optimize, OptimizeOptions};
    let spec = tessera::kernels::find("seidel_2d").expect("kernel");
    let text = spec
        .generate(spec.default_elem(), &[6, 24])
        .expect("kernel");
    let original = parse_and_verify("seidel.mlir", &text).unwrap();
    let mut module = original.clone();
    let options = OptimizeOptions {
        l2_kib: 1,
        schedule_tile: 4,
        ..OptimizeOptions::default()
    };
    let remarks = tessera_optimize(&mut module, &options);
    assert!(
        remarks
            .iter()
            .any(|r| r.message.contains("(chains skewed apart)")
                && r.message.contains("d0 * 3 + d1 * 2 + d2")),
        "{remarks:?}"
    );
    assert!(
        remarks
            .iter()
            .any(|r| r.message.contains("unroll-jammed by 4 (independent chains")),
        "{remarks:?}"
    );
    runs_as_the_original("seidel's jammed chains", &module, &text);
}

/// adi's sweeps are recurrences along each row (a division waits on the
/// last), the rows independent of each other; the scheduler keeps the
/// SCoP as it is (past its edge limit), and `--tessera-optimize`
/// unroll-jams the row loops around them instead, so four rows' chains
/// run side by side (2.9x over the naive nest at LARGE sizes, 1.0x
/// before). At a size that leaves a remainder row, the result is judged
/// by the interpreter, the C back end and mlir-cpu-runner.
#[test]
fn adi_row_chains_are_jammed() {
    use tessera::transforms::passes::{tessera_optimize, OptimizeOptions};
    let spec = tessera::kernels::find("adi").expect("kernel");
    let text = spec
        .generate(spec.default_elem(), &[3, 23])
        .expect("kernel");
    let original = parse_and_verify("adi.mlir", &text).unwrap();
    let mut module = original.clone();
    let options = OptimizeOptions {
        l2_kib: 1,
        ..OptimizeOptions::default()
    };
    let remarks = tessera_optimize(&mut module, &options);
    assert!(
        remarks.iter().any(|r| r
            .message
            .contains("2 loops around a serial innermost loop unroll-jammed by 4")),
        "{remarks:?}"
    );
    runs_as_the_original("adi's jammed rows", &module, &text);
}

/// A convolution's band cannot be tiled (its reduction loops `c, r, s`
/// must keep their order), so `--tessera-optimize` strip-mines only the
/// loops that index the output — four rows of one, a vector of the
/// innermost — and moves the reductions outside the strips: the output
/// block stays in registers across the whole reduction (NHWC 1.0 ->
/// 187 GFLOP/s, NCHW 4.1 -> 89 at LARGE sizes, bit-exact). Judged by the
/// interpreter, the C back end and mlir-cpu-runner.
#[test]
fn convolutions_get_a_register_tile_across_their_reductions() {
    use tessera::transforms::passes::{tessera_optimize, OptimizeOptions};
    // [N, C, K, H, W, R, S]: NCHW's rows are 4 output channels, a
    // vector along W; NHWC's 4 columns, a vector along K.
    let tiles = [
        (
            "conv2d_nchw",
            "4x16 elements: the written block [1, 4, 1, 16]",
        ),
        (
            "conv2d_nhwc",
            "4x8 elements: the written block [1, 1, 4, 8]",
        ),
    ];
    for (name, tile) in tiles {
        let spec = tessera::kernels::find(name).expect("kernel");
        let text = spec
            .generate(spec.default_elem(), &[1, 16, 8, 5, 16, 3, 2])
            .expect("kernel");
        let original = parse_and_verify("conv.mlir", &text).unwrap();
        let mut module = original.clone();
        let options = OptimizeOptions {
            l2_kib: 1,
            ..OptimizeOptions::default()
        };
        let remarks = tessera_optimize(&mut module, &options);
        let what = format!("register tile of {tile}");
        assert!(
            remarks.iter().any(|r| r.message.contains(&what)),
            "{name}: {remarks:?}"
        );
        runs_as_the_original(&format!("register-tiled {name}"), &module, &text);
    }
}

/// `tessera-schedule{tile parallel}` on time-tiled stencils: every tile
/// waits on the one before it in time, so the outermost tile loop carries
/// a dependence; the wavefront runs the sum of the first two tile
/// coordinates outermost, and the second becomes an `affine.parallel`
/// (found parallel by the exact dependence test of `affine-parallelize`).
/// Judged by the interpreter, the C back end with OpenMP and
/// mlir-cpu-runner.
#[test]
fn time_tiles_run_as_a_parallel_wavefront() {
    use tessera::transforms::passes::run_pass;
    use tessera::transforms::pipeline::PassInvocation;
    for (name, sizes) in [("jacobi_2d", [6, 30]), ("heat_3d", [10, 12])] {
        let spec = tessera::kernels::find(name).expect("kernel");
        let text = spec.generate(spec.default_elem(), &sizes).expect("kernel");
        let original = parse_and_verify("stencil.mlir", &text).unwrap();
        let mut module = original.clone();
        let pass = PassInvocation::with_options("tessera-schedule", "tile tile-size=4 parallel")
            .expect("pass");
        let remarks = run_pass(&mut module, &pass).expect("runs");
        assert!(
            remarks.iter().any(|r| r.message.contains("wavefront:")),
            "{name}: {remarks:?}"
        );
        assert!(
            remarks
                .iter()
                .any(|r| r.message.contains("tessera-schedule: loop parallelized")),
            "{name}: {remarks:?}"
        );
        let printed = print_module(&module, &PrintOptions::default());
        assert!(printed.contains("affine.parallel"), "{name}");
        runs_as_the_original(&format!("{name} as a wavefront"), &module, &text);
        let opts = CompileOptions {
            emit: tessera::backend::EmitOptions {
                checks: true,
                openmp: true,
                ..Default::default()
            },
            ..CompileOptions::default()
        };
        let lib = compile(&module, &opts).expect("compiles with OpenMP");
        let outcome = lib.call("main", &mut []).expect("runs");
        assert_eq!(outcome.output, run_main(&original), "{name}");
    }
}

/// A stencil inside a time loop that prints each step (a call: not
/// modellable) and whose lower bound depends on the time step: the nest
/// is a SCoP of its own with the time step as a parameter, skewed and
/// tiled there, and computes the same under every executor.
#[test]
fn a_nest_inside_a_non_modellable_loop_is_scheduled() {
    let text = r#"func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<16x16xf32>
  %c1 = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = arith.index_cast %j : index to i32
      %f = arith.sitofp %v : i32 to f32
      affine.store %f, %A[%i, %j] : memref<16x16xf32>
    }
  }
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 16 {
      affine.for %j = affine_map<(d0) -> (d0 * 2)>(%t) to 15 {
        %v = affine.load %A[%i - 1, %j + 1] : memref<16x16xf32>
        %s = arith.index_cast %t : index to i32
        %g = arith.sitofp %s : i32 to f32
        %w = arith.addf %v, %g : f32
        %x = arith.addf %w, %c1 : f32
        affine.store %x, %A[%i, %j] : memref<16x16xf32>
      }
    }
    %u = memref.cast %A : memref<16x16xf32> to memref<*xf32>
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  }
  return
}
"#;
    let mut module = parse_and_verify("t.mlir", text).unwrap();
    let options = ScheduleOptions {
        tile: true,
        tile_size: 4,
        ..ScheduleOptions::default()
    };
    let remarks = tessera_schedule(&mut module, &options);
    assert!(
        remarks
            .iter()
            .any(|r| r.message.contains("SCoP 1: rescheduled") && r.message.contains("tiled")),
        "{remarks:?}"
    );
    runs_as_the_original("the stencil inside the time loop", &module, text);
}

/// A nest inside an `affine.if` branch the model cannot take (a call
/// beside it): each branch's nest is a SCoP of its own, its domain holding
/// the condition (or its negation), rescheduled and tiled in place, and
/// the function computes the same under every executor for a symbol
/// value taking each branch.
#[test]
fn nests_inside_a_non_modellable_branch_are_scheduled() {
    for n in [2, 6] {
        let text = format!(
            r#"func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {{
  %A = memref.alloc() : memref<16x16xf32>
  %B = memref.alloc() : memref<16x16xf32>
  %n = arith.constant {n} : index
  affine.for %i = 0 to 16 {{
    affine.for %j = 0 to 16 {{
      %v = arith.index_cast %j : index to i32
      %w = arith.index_cast %i : index to i32
      %x = arith.muli %v, %w : i32
      %f = arith.sitofp %x : i32 to f32
      affine.store %f, %A[%i, %j] : memref<16x16xf32>
      affine.store %f, %B[%j, %i] : memref<16x16xf32>
    }}
  }}
  %u = memref.cast %B : memref<16x16xf32> to memref<*xf32>
  affine.if affine_set<()[s0] : (s0 - 4 >= 0)>()[%n] {{
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    affine.for %i = 0 to 16 {{
      affine.for %j = 0 to 16 {{
        %v = affine.load %A[%j, %i] : memref<16x16xf32>
        affine.store %v, %B[%i, %j] : memref<16x16xf32>
      }}
    }}
  }} else {{
    affine.for %i = 1 to 16 {{
      affine.for %j = 1 to 16 {{
        %v = affine.load %B[%i - 1, %j - 1] : memref<16x16xf32>
        %w = affine.load %B[%i, %j] : memref<16x16xf32>
        %s = arith.addf %v, %w : f32
        affine.store %s, %B[%i, %j] : memref<16x16xf32>
      }}
    }}
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  }}
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}}
"#
        );
        let mut module = parse_and_verify("t.mlir", &text).unwrap();
        let options = ScheduleOptions {
            tile: true,
            tile_size: 4,
            ..ScheduleOptions::default()
        };
        let remarks = tessera_schedule(&mut module, &options);
        for scop in ["SCoP 1: rescheduled", "SCoP 2: rescheduled"] {
            assert!(
                remarks
                    .iter()
                    .any(|r| r.message.contains(scop) && r.message.contains("tiled")),
                "{scop}: {remarks:?}"
            );
        }
        runs_as_the_original(
            &format!("the nests in both branches, n = {n}"),
            &module,
            &text,
        );
    }
}

/// A chain through memory in an innermost loop — an element its stores
/// keep fixed while it runs — moves to a one-element local buffer the C
/// compiler keeps in a register: nussinov's `table[i][j] = max(...)` over
/// `k` (1.01x -> 1.23x over the naive nest at LARGE sizes), and atax's
/// `tmp[i]`, whose row loop is first unroll-jammed so that four rows'
/// sums run side by side (1.00x -> 1.14x). Judged by the interpreter,
/// the C back end and mlir-cpu-runner.
#[test]
fn chains_through_memory_move_to_registers() {
    use tessera::transforms::passes::{tessera_optimize, OptimizeOptions};
    for (name, sizes) in [("nussinov", vec![13]), ("atax", vec![190, 210])] {
        let spec = tessera::kernels::find(name).expect("kernel");
        let text = spec.generate(spec.default_elem(), &sizes).expect("kernel");
        let mut module = parse_and_verify("k.mlir", &text).unwrap();
        let options = OptimizeOptions {
            l2_kib: 0,
            ..OptimizeOptions::default()
        };
        let remarks = tessera_optimize(&mut module, &options);
        assert!(
            remarks
                .iter()
                .any(|r| r.message.contains("kept in a local buffer")),
            "{name}: {remarks:?}"
        );
        if name == "atax" {
            assert!(
                remarks
                    .iter()
                    .any(|r| r.message.contains("unroll-jammed by 4 (independent chains")),
                "{remarks:?}"
            );
        }
        runs_as_the_original(name, &module, &text);
    }
}
