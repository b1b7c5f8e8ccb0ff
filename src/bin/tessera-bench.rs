//! `tessera-bench`: times the kernel suite natively — the naive loop nests,
//! the same nests after `tessera-optimize`, and, when available, OpenBLAS
//! (through numpy) and MLIR 19's own affine pipeline — checks that the
//! optimized kernels compute bit-identical results, and writes a Markdown
//! report and an SVG chart.
//!
//! ```text
//! tessera-bench --kernels matmul --sizes 1024
//! tessera-bench --kernels gemm,2mm,atax --dataset small --reps 5
//! ```
#![deny(unsafe_code)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};

use tessera::backend::{
    compile, AlignedBuffer, Arg, CompileOptions, EmitOptions, Kernel, MemRefArg,
};
use tessera::ir::{parse_and_verify, print_module, Module, PrintOptions};
use tessera::kernels::{self, ArgKind, Dataset, ElemType, KernelSpec};
use tessera::transforms::dependence::{carried_dependence, collect_accesses, AccessDesc, Modelled};
use tessera::transforms::loops::{innermost_loops, outermost_loops};
use tessera::transforms::passes::{
    machine_l2_kib, optimized_tile_sizes, perfectly_nested_loops, run_pass, tessera_optimize,
    OptimizeOptions, PassRemark,
};
use tessera::transforms::pipeline::{parse_pass_pipeline, PassInvocation};

/// Benchmark the kernel suite: naive vs tessera-optimize vs OpenBLAS vs MLIR.
#[derive(Parser, Debug)]
#[command(name = "tessera-bench", version)]
struct Cli {
    /// Comma-separated kernel names (default: the whole suite).
    #[arg(long, value_delimiter = ',')]
    kernels: Vec<String>,
    /// Size preset of every kernel but matmul: mini, small or large.
    #[arg(long, default_value = "small")]
    dataset: String,
    /// Comma-separated matmul sizes N (N x N x N).
    #[arg(long, value_delimiter = ',', default_value = "256,512,1024")]
    sizes: Vec<i64>,
    /// Element type: f32 or f64 (default: each kernel's own default,
    /// f32 for matmul and the DNN kernels, f64 for PolyBench).
    #[arg(long)]
    elem: Option<String>,
    /// Timed runs per variant (after one warm-up); the median is reported.
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// Threads: above 1, OpenMP is on and the pipeline parallelizes.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Output directory for results.md and gflops.svg.
    #[arg(long, default_value = "benches/report")]
    out: PathBuf,
    /// Skip the MLIR 19 reference path.
    #[arg(long)]
    no_mlir: bool,
    /// Skip the OpenBLAS (numpy) reference.
    #[arg(long)]
    no_blas: bool,
    /// Run `--tessera-optimize` without its polyhedral scheduling step
    /// (`schedule=false`), to measure what the step adds.
    #[arg(long)]
    no_schedule: bool,
    /// Measure this pass pipeline (`--pass-pipeline` syntax, e.g.
    /// `tessera-schedule{tile}`) in place of `--tessera-optimize`.
    #[arg(long)]
    pipeline: Option<String>,
    /// Fuse each multiply feeding an add in tessera's code into one `fma`
    /// call (`tessera-opt --emit=c --fp-contract`: the explicit form of
    /// `-ffp-contract=fast`), to compare with OpenBLAS on equal terms:
    /// its outputs are then not bit-exact, checked within a relative
    /// 1e-3 of the naive run's and reported as such. The naive nest stays
    /// bit-exact.
    #[arg(long)]
    fp_contract: bool,
}

/// One host buffer of a kernel argument (64-byte aligned, as numpy's and
/// MLIR's allocations are at least 16, so that no variant is timed on
/// rows straddling cache lines).
#[derive(Clone, Debug)]
enum Buf {
    F32(AlignedBuffer<f32>),
    F64(AlignedBuffer<f64>),
    I32(AlignedBuffer<i32>),
}

/// One argument of `@kernel_<name>` on the host.
#[derive(Clone, Debug)]
enum HostArg {
    Scalar(f64),
    Array { shape: Vec<i64>, data: Buf },
}

/// A reference time, or why there is none.
type Reference = Result<f64, String>;

/// One line of the report.
#[derive(Debug)]
struct Row {
    kernel: String,
    elem: ElemType,
    sizes: Vec<i64>,
    flops: u64,
    naive: Option<f64>,
    tessera: Option<f64>,
    openblas: Option<Reference>,
    mlir: Option<Reference>,
    matched: String,
    notes: Vec<String>,
}

/// The deterministic initial value of element `i` (in `[0.5, 1.5)`: no
/// denormals, no NaN).
fn init_value(i: usize) -> f64 {
    ((i * 7919) % 1000) as f64 / 1000.0 + 0.5
}

/// The host arguments of `spec` at `sizes`, deterministically filled.
fn host_args(spec: &KernelSpec, elem: ElemType, sizes: &[i64]) -> Result<Vec<HostArg>, String> {
    let args = spec.arguments(elem, sizes).map_err(|e| e.to_string())?;
    args.into_iter()
        .map(|a| match a.kind {
            ArgKind::Scalar { value } => Ok(HostArg::Scalar(value)),
            ArgKind::Array { shape, .. } => {
                let len = shape
                    .iter()
                    .try_fold(1usize, |acc, &s| {
                        usize::try_from(s).ok().and_then(|s| acc.checked_mul(s))
                    })
                    .ok_or_else(|| format!("array {} of shape {shape:?} is too large", a.name))?;
                let data = match elem {
                    ElemType::F32 => Buf::F32((0..len).map(|i| init_value(i) as f32).collect()),
                    ElemType::F64 => Buf::F64((0..len).map(init_value).collect()),
                    ElemType::I32 => {
                        Buf::I32((0..len).map(|i| ((i * 7919) % 1000) as i32).collect())
                    }
                };
                Ok(HostArg::Array { shape, data })
            }
        })
        .collect()
}

/// The back end's call arguments viewing `host`.
fn call_args<'a>(host: &'a mut [HostArg], elem: ElemType) -> Result<Vec<Arg<'a>>, String> {
    host.iter_mut()
        .map(|h| match h {
            HostArg::Scalar(v) => Ok(match elem {
                ElemType::F32 => Arg::F32(*v as f32),
                ElemType::F64 => Arg::F64(*v),
                ElemType::I32 => Arg::Int(*v as i64),
            }),
            HostArg::Array { shape, data } => {
                let m = match data {
                    Buf::F32(d) => MemRefArg::new(&mut d[..], shape),
                    Buf::F64(d) => MemRefArg::new(&mut d[..], shape),
                    Buf::I32(d) => MemRefArg::new(&mut d[..], shape),
                };
                m.map(Arg::MemRef).map_err(|e| e.to_string())
            }
        })
        .collect()
}

/// The median of `times`, in seconds.
fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    match times.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => times[n / 2],
        n => (times[n / 2 - 1] + times[n / 2]) / 2.0,
    }
}

/// Runs `run` once to warm up and `reps` times timed (more when a run is
/// short, as in [`time_interleaved`]), each time on a fresh copy of
/// `init`; returns the median seconds and the outputs of the last run.
fn time_runs(
    init: &[HostArg],
    reps: usize,
    mut run: impl FnMut(&mut [HostArg]) -> Result<(), String>,
) -> Result<(f64, Vec<HostArg>), String> {
    let once = |run: &mut dyn FnMut(&mut [HostArg]) -> Result<(), String>| {
        let mut work = init.to_vec();
        let start = Instant::now();
        run(&mut work).map(|()| (start.elapsed().as_secs_f64(), work))
    };
    let (warm, mut last) = once(&mut run)?;
    let wanted = (MIN_TIMED_SECONDS / warm.max(1e-9)).ceil() as usize;
    let reps = reps.max(1).max(wanted.min(MAX_REPS));
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let (t, out) = once(&mut run)?;
        times.push(t);
        last = out;
    }
    Ok((median(times), last))
}

/// A median time in seconds and the outputs of the last run.
type Timed = (f64, Vec<HostArg>);

/// Times the `naive` and `optimized` kernels alternately on copies of
/// `init` (so that drift in the machine's speed touches both alike): one
/// warm-up each, then `reps` timed runs each — more when a run is short,
/// so that every variant runs for at least [`MIN_TIMED_SECONDS`], at most
/// [`MAX_REPS`] times. Returns both medians and both last outputs.
fn time_interleaved(
    naive: &Kernel<'_>,
    optimized: &Kernel<'_>,
    init: &[HostArg],
    elem: ElemType,
    reps: usize,
) -> Result<(Timed, Timed), String> {
    let run_once = |kernel: &Kernel<'_>| -> Result<(f64, Vec<HostArg>), String> {
        let mut work = init.to_vec();
        let start = Instant::now();
        {
            let mut args = call_args(&mut work, elem)?;
            call_kernel(kernel, &mut args)?;
        }
        Ok((start.elapsed().as_secs_f64(), work))
    };
    let (warm, mut naive_out) = run_once(naive)?;
    let (_, mut optimized_out) = run_once(optimized)?;
    let wanted = (MIN_TIMED_SECONDS / warm.max(1e-9)).ceil() as usize;
    let reps = reps.max(1).max(wanted.min(MAX_REPS));
    let (mut naive_times, mut optimized_times) = (Vec::new(), Vec::new());
    for _ in 0..reps {
        let (t, out) = run_once(naive)?;
        naive_times.push(t);
        naive_out = out;
        let (t, out) = run_once(optimized)?;
        optimized_times.push(t);
        optimized_out = out;
    }
    Ok((
        (median(naive_times), naive_out),
        (median(optimized_times), optimized_out),
    ))
}

/// A variant whose runs are shorter than this is run more often.
const MIN_TIMED_SECONDS: f64 = 0.3;

/// Most timed runs of one variant.
const MAX_REPS: usize = 51;

/// Times `kernel` of the back end on copies of `init`.
fn time_backend(
    kernel: &Kernel<'_>,
    init: &[HostArg],
    elem: ElemType,
    reps: usize,
) -> Result<(f64, Vec<HostArg>), String> {
    time_runs(init, reps, |work| {
        let mut args = call_args(work, elem)?;
        call_kernel(kernel, &mut args)
    })
}

/// Calls a kernel of the suite compiled without checks.
#[allow(unsafe_code)]
fn call_kernel(kernel: &Kernel<'_>, args: &mut [Arg<'_>]) -> Result<(), String> {
    // SAFETY: the suite's kernels are affine loop nests over statically
    // shaped memref parameters whose every subscript stays inside the
    // parameter's shape (the generator's invariant, checked by the suite's
    // tests under the checked back end); `call_unchecked` validates that
    // each argument has exactly the parameter's type and shape, and every
    // `MemRefArg` views a slice of exactly that many elements.
    unsafe { kernel.call_unchecked(args) }
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// How two runs' outputs compare.
enum Compare {
    Exact,
    Close(f64),
    Mismatch(String),
}

/// Compares every array of `a` and `b`; within `tolerance` (relative) when
/// it is positive.
fn compare(a: &[HostArg], b: &[HostArg], tolerance: f64) -> Compare {
    let mut worst = 0f64;
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        let (HostArg::Array { data: x, .. }, HostArg::Array { data: y, .. }) = (x, y) else {
            continue;
        };
        let pairs: Vec<(f64, f64, bool)> = match (x, y) {
            (Buf::F32(x), Buf::F32(y)) => x
                .iter()
                .zip(y.iter())
                .map(|(p, q)| (f64::from(*p), f64::from(*q), p.to_bits() == q.to_bits()))
                .collect(),
            (Buf::F64(x), Buf::F64(y)) => x
                .iter()
                .zip(y.iter())
                .map(|(p, q)| (*p, *q, p.to_bits() == q.to_bits()))
                .collect(),
            (Buf::I32(x), Buf::I32(y)) => x
                .iter()
                .zip(y.iter())
                .map(|(p, q)| (f64::from(*p), f64::from(*q), p == q))
                .collect(),
            _ => return Compare::Mismatch(format!("argument {k}: element types differ")),
        };
        for (i, (p, q, same)) in pairs.into_iter().enumerate() {
            if same {
                continue;
            }
            let rel = (p - q).abs() / p.abs().max(q.abs()).max(f64::MIN_POSITIVE);
            if tolerance > 0.0 && rel <= tolerance {
                worst = worst.max(rel);
            } else {
                return Compare::Mismatch(format!("argument {k}, element {i}: {p:e} vs {q:e}"));
            }
        }
    }
    if worst > 0.0 {
        Compare::Close(worst)
    } else {
        Compare::Exact
    }
}

/// Describes a comparison for the report (and warns on a mismatch).
fn describe(what: &str, c: Compare, why: &str, bar: &ProgressBar) -> String {
    match c {
        Compare::Exact => format!("{what}: bit-exact"),
        Compare::Close(rel) => format!("{what}: within rel. {rel:.1e} ({why})"),
        Compare::Mismatch(m) => {
            bar.println(format!("MISMATCH ({what}): {m}"));
            format!("**{what}: MISMATCH** ({m})")
        }
    }
}

/// The CPU model from `/proc/cpuinfo`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

/// What OpenBLAS computes for a kernel with a reference column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlasReference {
    /// `a @ b` at the shape `(m, k) x (k, n)`.
    Matmul { m: i64, k: i64, n: i64 },
    /// A convolution as im2col (numpy's `sliding_window_view`, copied
    /// into the patch matrix) and one OpenBLAS GEMM: `[N, C, K, H, W, R,
    /// S]`, NCHW input with a KCRS filter or NHWC with RSCK.
    Im2col { nhwc: bool, sizes: [i64; 7] },
}

/// The reference of a kernel, when it has one.
fn blas_reference(name: &str, sizes: &[i64]) -> Option<BlasReference> {
    match (name, sizes) {
        ("matmul", [n]) => Some(BlasReference::Matmul {
            m: *n,
            k: *n,
            n: *n,
        }),
        ("gemm", [ni, nj, nk]) => Some(BlasReference::Matmul {
            m: *ni,
            k: *nk,
            n: *nj,
        }),
        ("conv2d_nchw" | "conv2d_nhwc", &[nb, nc, nk, nh, nw, nr, ns]) => {
            Some(BlasReference::Im2col {
                nhwc: name == "conv2d_nhwc",
                sizes: [nb, nc, nk, nh, nw, nr, ns],
            })
        }
        _ => None,
    }
}

/// A numpy program for a reference: statements that build its operands
/// (`a`, `b`, or the convolution's `x` and `f`), the expression timed, and
/// a check of the result `c` at a few points against the definition
/// (`ok(c)`), so a wrong reference cannot pass for a fast one.
struct NumpyProgram {
    setup: String,
    timed: String,
    check: String,
}

fn numpy_program(reference: BlasReference, dtype: &str) -> NumpyProgram {
    let list = |dims: &[i64], sep: &str| {
        dims.iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(sep)
    };
    let fill = |name: &str, dims: &[i64]| {
        format!(
            "{name} = (np.arange({}) * 7919 % 1000 / 1000.0 + 0.5).astype(np.{dtype}).reshape({})\n",
            list(dims, "*"),
            list(dims, ", ")
        )
    };
    // Sampled points: the corners and the middle of the output.
    let points = |dims: &[i64]| {
        let pick = |f: fn(i64) -> i64| dims.iter().map(|&d| f(d)).collect::<Vec<_>>();
        [pick(|_| 0), pick(|d| d / 2), pick(|d| d - 1)]
            .iter()
            .map(|p| format!("({})", list(p, ", ")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let check = |dims: &[i64], at: &str, direct: &str| {
        format!(
            "def ok(c):\n    for p in [{}]:\n        want = {direct}\n        if abs(float(c[{at}]) - float(want)) > 1e-3 * max(1.0, abs(float(want))):\n            return False\n    return True\n",
            points(dims)
        )
    };
    match reference {
        BlasReference::Matmul { m, k, n } => NumpyProgram {
            setup: fill("a", &[m, k]) + &fill("b", &[k, n]),
            timed: "a @ b".into(),
            check: check(&[m, n], "p[0], p[1]", "(a[p[0], :] * b[:, p[1]]).sum()"),
        },
        BlasReference::Im2col { nhwc, sizes } => {
            let [nb, nc, nk, nh, nw, nr, ns] = sizes;
            let (ih, iw) = (nh + nr - 1, nw + ns - 1);
            let windows = "np.lib.stride_tricks.sliding_window_view";
            // Output points as (n, k, h, w) in either layout.
            let out = [nb, nk, nh, nw];
            if nhwc {
                NumpyProgram {
                    setup: fill("x", &[nb, ih, iw, nc])
                        + &fill("f", &[nr, ns, nc, nk])
                        + &format!(
                            "fm = f.reshape({}, {nk})\ndef conv():\n    cols = {windows}(x, ({nr}, {ns}), axis=(1, 2)).transpose(0, 1, 2, 4, 5, 3).reshape({}, {})\n    return (cols @ fm).reshape({nb}, {nh}, {nw}, {nk})\n",
                            nr * ns * nc,
                            nb * nh * nw,
                            nr * ns * nc
                        ),
                    timed: "conv()".into(),
                    check: check(
                        &out,
                        "p[0], p[2], p[3], p[1]",
                        &format!("(x[p[0], p[2]:p[2] + {nr}, p[3]:p[3] + {ns}, :] * f[:, :, :, p[1]]).sum()"),
                    ),
                }
            } else {
                NumpyProgram {
                    setup: fill("x", &[nb, nc, ih, iw])
                        + &fill("f", &[nk, nc, nr, ns])
                        + &format!(
                            "fm = f.reshape({nk}, {})\ndef conv():\n    cols = {windows}(x, ({nr}, {ns}), axis=(2, 3)).transpose(1, 4, 5, 0, 2, 3).reshape({}, {})\n    return np.ascontiguousarray((fm @ cols).reshape({nk}, {nb}, {nh}, {nw}).transpose(1, 0, 2, 3))\n",
                            nc * nr * ns,
                            nc * nr * ns,
                            nb * nh * nw
                        ),
                    timed: "conv()".into(),
                    check: check(
                        &out,
                        "p[0], p[1], p[2], p[3]",
                        &format!("(x[p[0], :, p[2]:p[2] + {nr}, p[3]:p[3] + {ns}] * f[p[1]]).sum()"),
                    ),
                }
            }
        }
    }
}

/// The numpy reference (OpenBLAS underneath): median seconds of `reps`
/// runs of `reference` after a warm-up.
fn numpy_time(reference: BlasReference, elem: ElemType, reps: usize, threads: usize) -> Reference {
    let dtype = match elem {
        ElemType::F32 => "float32",
        ElemType::F64 => "float64",
        ElemType::I32 => return Err("no BLAS for i32".into()),
    };
    let NumpyProgram {
        setup,
        timed,
        check,
    } = numpy_program(reference, dtype);
    let script = format!(
        "import sys, time\n\
         try:\n    import numpy as np\n\
         except ImportError:\n    print('NO_NUMPY'); sys.exit(0)\n\
         {setup}\
         {timed}\n\
         ts = []\n\
         for _ in range({reps}):\n    t = time.perf_counter(); c = {timed}; ts.append(time.perf_counter() - t)\n\
         {check}\
         if not ok(c):\n    print('WRONG'); sys.exit(0)\n\
         ts.sort()\n\
         print(ts[len(ts) // 2] if len(ts) % 2 else (ts[len(ts)//2 - 1] + ts[len(ts)//2]) / 2)\n",
        reps = reps.max(1)
    );
    let out = Command::new("python3")
        .arg("-c")
        .arg(&script)
        .env("OPENBLAS_NUM_THREADS", threads.to_string())
        .env("OMP_NUM_THREADS", threads.to_string())
        .env("MKL_NUM_THREADS", threads.to_string())
        .output()
        .map_err(|e| format!("python3 not found ({e})"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let text = text.trim();
    if text == "NO_NUMPY" {
        return Err("numpy not found: pip install numpy".into());
    }
    if text == "WRONG" {
        return Err("numpy's result differs from the kernel's definition".into());
    }
    text.parse::<f64>().map_err(|_| {
        format!(
            "numpy failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )
    })
}

/// The MLIR 19 tools.
struct MlirTools {
    opt: PathBuf,
    translate: PathBuf,
    clang: PathBuf,
}

/// Finds `mlir-opt`, `mlir-translate` and `clang-19`, or says what is
/// missing.
fn mlir_tools() -> Result<MlirTools, String> {
    let llvm = Path::new("/usr/lib/llvm-19/bin");
    let find = |name: &str, alts: &[&str]| -> Option<PathBuf> {
        let p = llvm.join(name);
        if p.exists() {
            return Some(p);
        }
        alts.iter().find_map(|a| {
            Command::new(a)
                .arg("--version")
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|_| PathBuf::from(a))
        })
    };
    Ok(MlirTools {
        opt: find("mlir-opt", &["mlir-opt-19", "mlir-opt"]).ok_or("mlir-opt 19 not found")?,
        translate: find("mlir-translate", &["mlir-translate-19", "mlir-translate"])
            .ok_or("mlir-translate 19 not found")?,
        clang: find("clang", &["clang-19"])
            .ok_or("clang-19 not found: apt-get install -y clang-19")?,
    })
}

/// The tile sizes tessera's pipeline picks for the first tileable band of
/// `module` (before interchange), for MLIR's `--affine-loop-tile`.
fn first_band_tile_sizes(module: &Module, l2_kib: u64) -> Option<Vec<u64>> {
    outermost_loops(module).into_iter().find_map(|outer| {
        let band = perfectly_nested_loops(module, outer);
        (band.len() >= 2)
            .then(|| optimized_tile_sizes(module, &band, l2_kib))
            .flatten()
    })
}

/// Runs `cmd`, turning a failure into its stderr.
fn run_tool(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        Err(format!(
            "{what} failed: {}",
            err.lines().take(3).collect::<Vec<_>>().join(" / ")
        ))
    }
}

/// The kernel function `@entry` alone (without the `@main` driver, which
/// is neither timed nor optimized).
fn kernel_text<'t>(text: &'t str, entry: &str) -> Result<&'t str, String> {
    let head = format!("func.func @{entry}(");
    let start = text
        .find(&head)
        .ok_or_else(|| format!("no @{entry} in the module"))?;
    let end = text[start..]
        .find("\nfunc.func @")
        .map_or(text.len(), |e| start + e + 1);
    Ok(&text[start..end])
}

/// The kernel function alone, marked `llvm.emit_c_interface`.
fn kernel_only(text: &str, entry: &str) -> Result<String, String> {
    let func = kernel_text(text, entry)?;
    let line_end = func.find('\n').ok_or("malformed kernel function")?;
    let header = func[..line_end]
        .strip_suffix(" {")
        .ok_or("unexpected kernel header")?;
    Ok(format!(
        "{header} attributes {{llvm.emit_c_interface}} {{{}",
        &func[line_end..]
    ))
}

/// Builds the MLIR path's shared library for `spec` in `dir`: `mlir-opt`
/// (tiling, lowering), `mlir-translate`, `clang-19 -O3` with a C wrapper
/// `bench_entry(void **args)` calling `_mlir_ciface_<entry>`.
fn build_mlir(
    tools: &MlirTools,
    dir: &Path,
    text: &str,
    entry: &str,
    host: &[HostArg],
    elem: ElemType,
    tiles: Option<&[u64]>,
) -> Result<PathBuf, String> {
    let input = dir.join("kernel.mlir");
    std::fs::write(&input, kernel_only(text, entry)?).map_err(|e| e.to_string())?;
    let lowered = dir.join("lowered.mlir");
    let mut opt = Command::new(&tools.opt);
    opt.arg(&input);
    if let Some(t) = tiles {
        let t: Vec<String> = t.iter().map(u64::to_string).collect();
        opt.arg(format!("--affine-loop-tile=tile-sizes={}", t.join(",")));
    }
    opt.args([
        "--lower-affine",
        "--convert-scf-to-cf",
        "--convert-math-to-llvm",
        "--convert-cf-to-llvm",
        "--convert-arith-to-llvm",
        "--finalize-memref-to-llvm",
        "--convert-func-to-llvm",
        "--reconcile-unrealized-casts",
        "-o",
    ])
    .arg(&lowered);
    run_tool(&mut opt, "mlir-opt")?;
    let ll = dir.join("kernel.ll");
    run_tool(
        Command::new(&tools.translate)
            .arg("--mlir-to-llvmir")
            .arg(&lowered)
            .arg("-o")
            .arg(&ll),
        "mlir-translate",
    )?;
    let scalar_ty = match elem {
        ElemType::F32 => "float",
        ElemType::F64 => "double",
        ElemType::I32 => "int32_t",
    };
    let (params, operands): (Vec<String>, Vec<String>) = host
        .iter()
        .enumerate()
        .map(|(i, h)| match h {
            HostArg::Scalar(_) => (scalar_ty.to_string(), format!("*({scalar_ty} *)args[{i}]")),
            HostArg::Array { .. } => ("void *".to_string(), format!("args[{i}]")),
        })
        .unzip();
    let wrapper = format!(
        "#include <stdint.h>\nvoid _mlir_ciface_{entry}({});\n\
         void bench_entry(void **args) {{ _mlir_ciface_{entry}({}); }}\n",
        params.join(", "),
        operands.join(", ")
    );
    let c = dir.join("wrapper.c");
    std::fs::write(&c, wrapper).map_err(|e| e.to_string())?;
    let so = dir.join("kernel.so");
    run_tool(
        Command::new(&tools.clang)
            .args(["-O3", "-march=native", "-shared", "-fPIC", "-o"])
            .arg(&so)
            .arg(&ll)
            .arg(&c),
        "clang-19",
    )?;
    Ok(so)
}

/// Loads the MLIR path's library and times `bench_entry` on copies of
/// `init`; returns the median seconds and the last outputs.
///
/// Every memref is passed as MLIR's `StridedMemRefType<T, N>` descriptor
/// `{allocated, aligned, offset, sizes[N], strides[N]}`: 64-bit words, laid
/// out here as an `[i64; 3 + 2N]`.
#[allow(unsafe_code)]
#[cfg(target_pointer_width = "64")]
fn time_mlir(so: &Path, init: &[HostArg], reps: usize) -> Result<(f64, Vec<HostArg>), String> {
    type Entry = unsafe extern "C" fn(*const *mut std::ffi::c_void);
    // SAFETY: loading runs no initialisers beyond those of the code clang
    // just built from MLIR's LLVM dialect output, which has none.
    let lib = unsafe { libloading::Library::new(so) }.map_err(|e| e.to_string())?;
    // SAFETY: `bench_entry` is defined by our wrapper with exactly the
    // `void (void **)` type.
    let entry: Entry = *unsafe { lib.get::<Entry>(b"bench_entry") }.map_err(|e| e.to_string())?;
    let result = time_runs(init, reps, |work| {
        let mut scalars: Vec<[u8; 8]> = Vec::with_capacity(work.len());
        let mut descriptors: Vec<Vec<i64>> = Vec::with_capacity(work.len());
        for h in work.iter_mut() {
            let mut scalar = [0u8; 8];
            let mut desc = Vec::new();
            match h {
                HostArg::Scalar(v) => {
                    // The wrapper reads a float or double at this address.
                    scalar = if init_is_f32(init) {
                        let mut s = [0u8; 8];
                        s[..4].copy_from_slice(&(*v as f32).to_ne_bytes());
                        s
                    } else {
                        v.to_ne_bytes()
                    }
                }
                HostArg::Array { shape, data } => {
                    let ptr = match data {
                        Buf::F32(d) => d.as_mut_ptr() as i64,
                        Buf::F64(d) => d.as_mut_ptr() as i64,
                        Buf::I32(d) => d.as_mut_ptr() as i64,
                    };
                    let strides = tessera::backend::args::row_major_strides(shape)
                        .ok_or("shape overflows")?;
                    desc.extend([ptr, ptr, 0]);
                    desc.extend_from_slice(shape);
                    desc.extend(strides);
                }
            }
            scalars.push(scalar);
            descriptors.push(desc);
        }
        let argv: Vec<*mut std::ffi::c_void> = work
            .iter()
            .zip(scalars.iter_mut().zip(descriptors.iter_mut()))
            .map(|(h, (s, d))| match h {
                HostArg::Scalar(_) => s.as_mut_ptr().cast(),
                HostArg::Array { .. } => d.as_mut_ptr().cast(),
            })
            .collect();
        // SAFETY: `argv` holds one pointer per kernel parameter, in order:
        // to an 8-byte slot holding the scalar, or to a descriptor of the
        // parameter's rank whose pointers address a live buffer of exactly
        // the shape's element count (from the suite's own argument list);
        // the kernel (an affine nest over its static shapes) stays inside
        // them. All of it outlives the call.
        unsafe { entry(argv.as_ptr()) };
        Ok(())
    });
    drop(lib);
    result
}

/// Whether the scalars of `init` are `f32` (the arrays are).
fn init_is_f32(init: &[HostArg]) -> bool {
    init.iter().any(|h| {
        matches!(
            h,
            HostArg::Array {
                data: Buf::F32(_),
                ..
            }
        )
    })
}

/// Everything a run needs besides the kernel.
struct Setup {
    reps: usize,
    threads: usize,
    l2_kib: u64,
    schedule: bool,
    /// The pipeline run in place of `tessera_optimize`, if any: its text
    /// and its passes.
    pipeline: Option<(String, Vec<PassInvocation>)>,
    mlir: Result<MlirTools, String>,
    blas: bool,
    /// Whether tessera's code has its multiply-adds fused (`fma` calls).
    fp_contract: bool,
}

/// Benchmarks one kernel at one size, reporting each step on `bar`.
fn bench_one(
    spec: &KernelSpec,
    elem: ElemType,
    sizes: &[i64],
    setup: &Setup,
    bar: &ProgressBar,
) -> Row {
    let mut row = Row {
        kernel: spec.name.to_string(),
        elem,
        sizes: sizes.to_vec(),
        flops: 0,
        naive: None,
        tessera: None,
        openblas: None,
        mlir: None,
        matched: String::new(),
        notes: Vec::new(),
    };
    if let Err(e) = bench_into(spec, elem, sizes, setup, bar, &mut row) {
        bar.println(format!("{} {sizes:?}: error: {e}", spec.name));
        row.notes.push(format!("error: {e}"));
    }
    row
}

/// The body of [`bench_one`]: fills `row` as far as it gets.
fn bench_into(
    spec: &KernelSpec,
    elem: ElemType,
    sizes: &[i64],
    setup: &Setup,
    bar: &ProgressBar,
    row: &mut Row,
) -> Result<(), String> {
    let label = format!("{} {:?}", spec.name, sizes);
    row.flops = spec.flops(sizes).map_err(|e| e.to_string())?;
    let text = spec.generate(elem, sizes).map_err(|e| e.to_string())?;
    let entry = spec.entry_point();
    let file = format!("{}.mlir", spec.name);
    let module = parse_and_verify(&file, kernel_text(&text, &entry)?).map_err(|e| e.to_string())?;
    let init = host_args(spec, elem, sizes)?;
    let parallel = setup.threads > 1;
    let opts = CompileOptions {
        emit: EmitOptions {
            checks: false,
            openmp: parallel,
            ..EmitOptions::default()
        },
        ..CompileOptions::default()
    };

    bar.set_message(format!("{label}: naive and tessera"));
    let naive_lib = compile(&module, &opts).map_err(|e| format!("naive: {e}"))?;
    let naive_kernel = naive_lib.kernel(&entry).map_err(|e| e.to_string())?;
    let mut optimized = module.clone();
    let remarks = match &setup.pipeline {
        None => tessera_optimize(
            &mut optimized,
            &OptimizeOptions {
                l2_kib: setup.l2_kib,
                parallel,
                schedule: setup.schedule,
                ..OptimizeOptions::default()
            },
        ),
        Some((_, passes)) => {
            let mut remarks = Vec::new();
            for pass in passes {
                remarks.extend(
                    run_pass(&mut optimized, pass)
                        .map_err(|e| format!("{}: {}", pass.name, e.message))?,
                );
            }
            remarks
        }
    };
    let applied: Vec<String> = remarks
        .iter()
        .map(|r| {
            r.message
                .trim_start_matches("tessera-optimize: ")
                .to_string()
        })
        .filter(|m| {
            m.starts_with("band tiled")
                || m.starts_with("register tile")
                || m.contains("unroll-jammed by")
                || m.contains("parallelized")
        })
        .collect();
    if !applied.is_empty() {
        row.notes.push(applied.join("; "));
    }
    let unchanged = print_module(&optimized, &PrintOptions::default())
        == print_module(&module, &PrintOptions::default());
    let (naive_t, naive_out, tessera_t, tessera_out) = if unchanged && !setup.fp_contract {
        // The same code: timing it twice would only measure noise.
        row.notes
            .push("unchanged by the pipeline: tessera's code is the naive code".into());
        let (t, out) = time_backend(&naive_kernel, &init, elem, setup.reps)?;
        (t, out.clone(), t, out)
    } else {
        let tessera_opts = CompileOptions {
            emit: EmitOptions {
                fp_contract: setup.fp_contract,
                ..opts.emit
            },
            ..opts.clone()
        };
        let lib = compile(&optimized, &tessera_opts).map_err(|e| format!("tessera: {e}"))?;
        let kernel = lib.kernel(&entry).map_err(|e| e.to_string())?;
        let ((nt, no), (tt, to)) =
            time_interleaved(&naive_kernel, &kernel, &init, elem, setup.reps)?;
        (nt, no, tt, to)
    };
    row.naive = Some(naive_t);
    bar.inc(1);
    row.tessera = Some(tessera_t);
    if let Some(limit) = stencil_limits(spec, &module, &remarks, sizes, elem, tessera_t) {
        row.notes.push(limit);
    }
    let tolerance = if parallel { 1e-5 } else { 0.0 };
    let (tessera_tolerance, why) = if setup.fp_contract {
        (1e-3, "fp-contract")
    } else {
        (tolerance, "threads")
    };
    row.matched = describe(
        "tessera",
        compare(&naive_out, &tessera_out, tessera_tolerance),
        why,
        bar,
    );
    bar.inc(1);

    if let Some(reference) = blas_reference(spec.name, sizes) {
        if setup.blas {
            bar.set_message(format!("{label}: OpenBLAS"));
            let r = numpy_time(reference, elem, setup.reps, setup.threads);
            if let Err(e) = &r {
                bar.println(format!("{label}: OpenBLAS skipped: {e}"));
            }
            row.openblas = Some(r);
        }
    }
    bar.inc(1);

    bar.set_message(format!("{label}: MLIR 19"));
    row.mlir = Some(match &setup.mlir {
        Err(e) => Err(e.clone()),
        Ok(tools) => {
            let tiles = first_band_tile_sizes(&module, setup.l2_kib);
            let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
            let res = build_mlir(
                tools,
                dir.path(),
                &text,
                &entry,
                &init,
                elem,
                tiles.as_deref(),
            )
            .and_then(|so| time_mlir(&so, &init, setup.reps));
            match res {
                Ok((t, out)) => {
                    if let Some(t) = &tiles {
                        row.notes.push(format!("MLIR tiles {t:?}"));
                    }
                    let m = describe("MLIR", compare(&naive_out, &out, tolerance), "threads", bar);
                    row.matched = format!("{}; {m}", row.matched);
                    Ok(t)
                }
                Err(e) => Err(e),
            }
        }
    });
    bar.inc(1);
    Ok(())
}

/// Bytes a stencil moves at least (every time step streams each array it
/// reads and writes once) and the bytes of its arrays, for the four
/// PolyBench stencils.
fn stencil_traffic(name: &str, s: &[i64], elem_bytes: f64) -> Option<(f64, f64)> {
    let f = |v: i64| v as f64;
    let (steps, points, arrays, streams) = match name {
        // A -> B, then B -> A: two sweeps, each reading one array and
        // writing the other.
        "jacobi_2d" => (f(s[0]), f(s[1]) * f(s[1]), 2.0, 4.0),
        "heat_3d" => (f(s[0]), f(s[1]).powi(3), 2.0, 4.0),
        // In place: A read and written once per step.
        "seidel_2d" => (f(s[0]), f(s[1]) * f(s[1]), 1.0, 2.0),
        // ey, ex, hz each read and written once per step.
        "fdtd_2d" => (f(s[0]), f(s[1]) * f(s[2]), 3.0, 6.0),
        _ => return None,
    };
    Some((
        steps * points * streams * elem_bytes,
        points * arrays * elem_bytes,
    ))
}

/// `memcpy`'s speed over a working set of `bytes` (source plus
/// destination), best of five, counting the bytes read and written.
fn copy_bandwidth(bytes: usize) -> f64 {
    let half = (bytes / 2).max(1 << 16);
    let src = vec![1u8; half];
    let mut dst = vec![0u8; half];
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        dst.copy_from_slice(&src);
        best = best.min(start.elapsed().as_secs_f64());
    }
    std::hint::black_box(&dst);
    2.0 * half as f64 / best
}

/// What limits a stencil: the memory traffic it must move against the
/// speed of a copy of the same working set, whether tiling was refused
/// (and the dependence why), and innermost loops that carry a dependence
/// (no vectorization: each iteration waits for the previous one).
fn stencil_limits(
    spec: &KernelSpec,
    module: &Module,
    remarks: &[PassRemark],
    sizes: &[i64],
    elem: ElemType,
    time: f64,
) -> Option<String> {
    let elem_bytes = if elem == ElemType::F32 { 4.0 } else { 8.0 };
    let (traffic, working_set) = stencil_traffic(spec.name, sizes, elem_bytes)?;
    let flops = spec.flops(sizes).ok()? as f64;
    let mut parts = vec![format!(
        "limit: {:.1} B/flop of compulsory traffic; {:.1} GB/s achieved over a {:.1} MiB working set, where memcpy runs at {:.1} GB/s",
        traffic / flops,
        traffic / time / 1e9,
        working_set / f64::from(1 << 20),
        copy_bandwidth(working_set as usize) / 1e9
    )];
    if let Some(why) = remarks
        .iter()
        .find_map(|r| r.message.strip_prefix("tessera-optimize: band not tiled: "))
    {
        parts.push(format!("tiling refused: {why}"));
    }
    let rescheduled = remarks
        .iter()
        .any(|r| r.message.starts_with("tessera-optimize: rescheduled"));
    for outer in outermost_loops(module) {
        let band = perfectly_nested_loops(module, outer);
        let sweeps = band.last().map_or(0, |&l| {
            let mut nested = Vec::new();
            module.walk_from(l, &mut nested);
            nested
                .iter()
                .filter(|&&o| module.ops[o].name == "affine.for" && module.parent_op(o) == Some(l))
                .count()
        });
        if band.len() == 1 && sweeps > 1 {
            parts.push(if rescheduled {
                format!("the time loop's {sweeps} sweeps fused and skewed by the scheduler")
            } else {
                format!(
                    "the time loop holds {sweeps} sweeps: reuse across time steps needs them fused and skewed, which the scheduler did not do"
                )
            });
        }
    }
    let accesses = collect_accesses(module, module.top);
    let exact: Vec<AccessDesc> = accesses
        .models
        .iter()
        .filter_map(|m| match m {
            Modelled::Exact(d) => Some(d.clone()),
            _ => None,
        })
        .collect();
    let serial = innermost_loops(module, module.top)
        .into_iter()
        .filter(|&l| carried_dependence(&exact, l.as_u32()).is_some())
        .count();
    if serial > 0 {
        parts.push(format!(
            "{serial} innermost loop(s) carry a dependence: not vectorizable, each iteration waits for the last"
        ));
    }
    Some(parts.join("; "))
}

/// Seconds as a short human string.
fn fmt_time(t: f64) -> String {
    let d = Duration::from_secs_f64(t.max(0.0));
    if t >= 1.0 {
        format!("{:.3} s", d.as_secs_f64())
    } else if t >= 1e-3 {
        format!("{:.3} ms", t * 1e3)
    } else {
        format!("{:.1} µs", t * 1e6)
    }
}

/// GFLOP/s of `flops` in `t` seconds.
fn gflops(flops: u64, t: f64) -> f64 {
    flops as f64 / t / 1e9
}

/// A time column: `time (GFLOP/s)`, the reason it is missing, or `—`.
fn cell(flops: u64, t: Option<&Reference>) -> String {
    match t {
        Some(Ok(t)) => format!("{} ({:.2})", fmt_time(*t), gflops(flops, *t)),
        Some(Err(e)) => format!("— ({e})"),
        None => "—".into(),
    }
}

/// `a / b` as a ratio, or `—`.
fn ratio(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}×", a / b),
        _ => "—".into(),
    }
}

/// The Markdown report.
fn report(rows: &[Row], setup: &Setup, command: &str) -> String {
    let mut md = String::new();
    let date = Command::new("date")
        .arg("-u")
        .arg("+%Y-%m-%d %H:%M UTC")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let _ = writeln!(md, "# tessera-bench results\n");
    let _ = writeln!(
        md,
        "- Machine: {} ({} logical CPUs), L2 {} KiB per core",
        cpu_model(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        setup.l2_kib
    );
    let _ = writeln!(
        md,
        "- Threads: {}; median of at least {} runs (more for short kernels, so that each variant runs {MIN_TIMED_SECONDS} s, at most {MAX_REPS}) after one warm-up; naive and tessera run alternately; a kernel the pipeline leaves unchanged is timed once, as both; date: {date}",
        setup.threads, setup.reps
    );
    let _ = writeln!(md, "- Command: `{command}`");
    let _ = writeln!(md, "- naive and tessera: C back end (`cc -O3 -march=native -ffp-contract=off -fno-math-errno`, no run-time checks{}); \
        tessera = {}.",
        if setup.fp_contract { "; tessera's multiply-adds fused into `fma` calls (`--emit=c --fp-contract`: not bit-exact)" } else { "" },
        match &setup.pipeline {
            Some((p, _)) => format!("the pass pipeline `{p}`"),
            None => format!("`tessera_optimize` (interchange, tiling from the L2 model, unroll-and-jam 4{})",
                if setup.threads > 1 { ", affine-parallelize" } else { "" }),
        });
    let _ = writeln!(md, "- OpenBLAS: numpy `a @ b` at the same shape and dtype (`OPENBLAS_NUM_THREADS={}`); for gemm only the product, not the `alpha`/`beta` scaling; for the 2-D convolutions im2col (the patch matrix copied from numpy's `sliding_window_view`) then one GEMM, both timed.", setup.threads);
    let _ = writeln!(md, "- MLIR 19: `mlir-opt --affine-loop-tile` (tessera's tile sizes for the first band) + standard lowering, `mlir-translate`, `clang-19 -O3 -march=native`.");
    let _ = writeln!(md, "- Times as `time (GFLOP/s)`; ratios are GFLOP/s ratios (speed-up = naive time / tessera time).\n");
    let _ = writeln!(md, "| kernel | type | sizes | MFLOP | naive | tessera | OpenBLAS | MLIR 19 | speed-up vs naive | tessera / OpenBLAS | tessera / MLIR | outputs | notes |");
    let _ = writeln!(
        md,
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"
    );
    for r in rows {
        let ok = |x: &Option<Reference>| x.as_ref().and_then(|r| r.as_ref().ok().copied());
        let _ = writeln!(
            md,
            "| {} | {} | {:?} | {:.1} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.kernel,
            r.elem.mlir(),
            r.sizes,
            r.flops as f64 / 1e6,
            cell(r.flops, r.naive.map(Ok).as_ref()),
            cell(r.flops, r.tessera.map(Ok).as_ref()),
            cell(r.flops, r.openblas.as_ref()),
            cell(r.flops, r.mlir.as_ref()),
            ratio(r.naive, r.tessera),
            ratio(ok(&r.openblas), r.tessera),
            ratio(ok(&r.mlir), r.tessera),
            r.matched.replace('|', "\\|"),
            r.notes.join("; ").replace('|', "\\|"),
        );
    }
    let _ = writeln!(md);
    for line in summary(rows) {
        let _ = writeln!(md, "- {line}");
    }
    md
}

/// The kernels of the suite that are not PolyBench's.
const DNN_KERNELS: [&str; 4] = ["matmul", "conv2d_nchw", "conv2d_nhwc", "depthwise_conv2d"];

/// The geometric mean of `values` (`None` when there are none).
fn geometric_mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some((values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp())
}

/// The summary lines under the table: geometric means of the speed-up
/// over the naive nest (PolyBench kernels, then every kernel but matmul)
/// and of tessera over MLIR 19 where that path ran.
fn summary(rows: &[Row]) -> Vec<String> {
    let speedup = |r: &Row| match (r.naive, r.tessera) {
        (Some(n), Some(t)) if t > 0.0 => Some(n / t),
        _ => None,
    };
    let mean_over = |keep: &dyn Fn(&Row) -> bool| -> (usize, Option<f64>) {
        let v: Vec<f64> = rows
            .iter()
            .filter(|r| keep(r))
            .filter_map(speedup)
            .collect();
        (v.len(), geometric_mean(&v))
    };
    let mut lines = Vec::new();
    let (n, polybench) = mean_over(&|r| !DNN_KERNELS.contains(&r.kernel.as_str()));
    if let Some(g) = polybench {
        lines.push(format!(
            "Geometric mean of the speed-up over the naive nest, {n} PolyBench kernels: {g:.2}×"
        ));
    }
    let (n, all) = mean_over(&|r| r.kernel != "matmul");
    if let Some(g) = all {
        lines.push(format!(
            "Geometric mean of the speed-up over the naive nest, {n} kernels (all but matmul): {g:.2}×"
        ));
    }
    let over_mlir: Vec<f64> = rows
        .iter()
        .filter_map(
            |r| match (r.mlir.as_ref().and_then(|m| m.as_ref().ok()), r.tessera) {
                (Some(&m), Some(t)) if t > 0.0 => Some(m / t),
                _ => None,
            },
        )
        .collect();
    if let Some(g) = geometric_mean(&over_mlir) {
        lines.push(format!(
            "Geometric mean of tessera's speed over MLIR 19's path, {} kernels: {g:.2}×",
            over_mlir.len()
        ));
    }
    lines
}

/// Writes the GFLOP/s bar chart: one group per kernel and size, one bar
/// per variant.
fn plot(rows: &[Row], path: &Path) -> Result<(), String> {
    use plotters::prelude::*;
    let variants = ["naive", "tessera", "OpenBLAS", "MLIR 19"];
    let colors = [
        RGBColor(150, 150, 150),
        RGBColor(31, 119, 180),
        RGBColor(214, 39, 40),
        RGBColor(44, 160, 44),
    ];
    let values: Vec<[Option<f64>; 4]> = rows
        .iter()
        .map(|r| {
            let ok = |x: &Option<Reference>| x.as_ref().and_then(|r| r.as_ref().ok().copied());
            [r.naive, r.tessera, ok(&r.openblas), ok(&r.mlir)]
                .map(|t| t.map(|t| gflops(r.flops, t)))
        })
        .collect();
    let max = values
        .iter()
        .flatten()
        .flatten()
        .fold(1.0f64, |a, &b| a.max(b))
        * 1.1;
    let width = (200 + 140 * rows.len()).max(640) as u32;
    let root = SVGBackend::new(path, (width, 480)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let labels: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {:?}", r.kernel, r.sizes))
        .collect();
    let n = rows.len() as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption("GFLOP/s per kernel and variant", ("sans-serif", 22))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..n, 0f64..max)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(rows.len() * 2 + 1)
        .x_label_formatter(&|x| {
            let i = x.floor() as usize;
            if (x - i as f64 - 0.5).abs() < 0.26 {
                labels.get(i).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_desc("GFLOP/s")
        .draw()
        .map_err(|e| err(&e))?;
    for (v, (name, color)) in variants.iter().zip(colors).enumerate() {
        let bars: Vec<Rectangle<(f64, f64)>> = values
            .iter()
            .enumerate()
            .filter_map(|(i, vals)| {
                let g = vals[v]?;
                let x0 = i as f64 + 0.1 + 0.2 * v as f64;
                Some(Rectangle::new([(x0, 0.0), (x0 + 0.2, g)], color.filled()))
            })
            .collect();
        chart
            .draw_series(bars)
            .map_err(|e| err(&e))?
            .label(*name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled()));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tessera-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Parses the options, runs every benchmark, writes the report.
fn run(cli: &Cli) -> Result<(), String> {
    let dataset = match cli.dataset.as_str() {
        "mini" => Dataset::Mini,
        "small" => Dataset::Small,
        "large" => Dataset::Large,
        d => return Err(format!("unknown dataset '{d}' (mini, small or large)")),
    };
    let elem_override = match cli.elem.as_deref() {
        None => None,
        Some("f32") => Some(ElemType::F32),
        Some("f64") => Some(ElemType::F64),
        Some(e) => return Err(format!("unknown element type '{e}' (f32 or f64)")),
    };
    if cli.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    let specs: Vec<&'static KernelSpec> = if cli.kernels.is_empty() {
        kernels::all().iter().collect()
    } else {
        cli.kernels
            .iter()
            .map(|k| {
                let name = k.trim().replace('-', "_");
                kernels::find(&name).ok_or_else(|| {
                    let known: Vec<&str> = kernels::all().iter().map(|k| k.name).collect();
                    format!("unknown kernel '{k}'; known: {}", known.join(", "))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let mut jobs: Vec<(&'static KernelSpec, ElemType, Vec<i64>)> = Vec::new();
    for spec in specs {
        let elem = elem_override.unwrap_or_else(|| spec.default_elem());
        if spec.name == "matmul" {
            jobs.extend(cli.sizes.iter().map(|&n| (spec, elem, vec![n])));
        } else {
            jobs.push((spec, elem, spec.sizes(dataset).to_vec()));
        }
    }
    // The generated code runs in this process: OpenMP reads this when the
    // first parallel library is loaded.
    std::env::set_var("OMP_NUM_THREADS", cli.threads.to_string());
    let setup = Setup {
        reps: cli.reps.max(1),
        threads: cli.threads,
        l2_kib: machine_l2_kib().unwrap_or(1024),
        schedule: !cli.no_schedule,
        fp_contract: cli.fp_contract,
        pipeline: match &cli.pipeline {
            None => None,
            Some(text) => Some((
                text.clone(),
                parse_pass_pipeline(text).map_err(|e| format!("--pipeline: {e}"))?,
            )),
        },
        mlir: if cli.no_mlir {
            Err("skipped (--no-mlir)".into())
        } else {
            mlir_tools()
        },
        blas: !cli.no_blas,
    };
    if let Err(e) = &setup.mlir {
        eprintln!("note: MLIR 19 path skipped: {e}");
    }
    let bar = ProgressBar::new(jobs.len() as u64 * 4);
    if let Ok(style) =
        ProgressStyle::with_template("[{elapsed_precise}] {bar:40} {pos}/{len} {msg}")
    {
        bar.set_style(style);
    }
    let rows: Vec<Row> = jobs
        .iter()
        .map(|(spec, elem, sizes)| bench_one(spec, *elem, sizes, &setup, &bar))
        .collect();
    bar.finish_with_message("done");

    std::fs::create_dir_all(&cli.out)
        .map_err(|e| format!("cannot create '{}': {e}", cli.out.display()))?;
    let command: Vec<String> = std::env::args().collect();
    let md = report(&rows, &setup, &command.join(" "));
    let md_path = cli.out.join("results.md");
    std::fs::write(&md_path, &md)
        .map_err(|e| format!("cannot write '{}': {e}", md_path.display()))?;
    println!("{md}");
    println!("wrote {}", md_path.display());
    let svg = cli.out.join("gflops.svg");
    match plot(&rows, &svg) {
        Ok(()) => println!("wrote {}", svg.display()),
        Err(e) => eprintln!("note: no plot: {e}"),
    }
    let mismatches = rows
        .iter()
        .filter(|r| r.matched.contains("MISMATCH"))
        .count();
    if mismatches > 0 {
        return Err(format!("{mismatches} kernel(s) computed different results"));
    }
    Ok(())
}
