//! Compiling the generated C into a shared library with the system C
//! compiler, in a temporary directory removed when the [`Library`] is
//! dropped.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use tessera_ir::Module;

use super::c::{translate, CModule, EmitOptions};
use super::library::Library;
use super::BackendError;

/// How to compile.
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
    /// How to translate (checks, OpenMP). With `emit.openmp` the compiler
    /// also gets `-fopenmp`.
    pub emit: EmitOptions,
    /// The compiler command (words separated by spaces); `None` uses the
    /// `CC` environment variable, else `cc`.
    pub compiler: Option<String>,
    /// Flags replacing [`default_flags`] (`None` keeps the defaults).
    pub flags: Option<Vec<String>>,
    /// Flags added after the others.
    pub extra_flags: Vec<String>,
}

/// How long each step of [`compile`] took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    /// Translating to C.
    pub emit: Duration,
    /// Running the C compiler.
    pub compile: Duration,
    /// Loading the shared library.
    pub load: Duration,
}

/// `-O3 -march=native -ffp-contract=off -fno-math-errno -fPIC -shared
/// -std=c99`, plus `-fopenmp` when asked (libm, for `fmod`, is linked
/// after the source in any case). `-ffp-contract=off` keeps the
/// compiler from fusing a multiply and an add (which would round once
/// instead of twice and change results); `-fno-math-errno` lets `sqrt` be
/// one instruction (MLIR's `math.sqrt` sets no `errno`; results are the
/// same).
pub fn default_flags(openmp: bool) -> Vec<String> {
    let mut flags: Vec<String> = [
        "-O3",
        "-march=native",
        "-ffp-contract=off",
        "-fno-math-errno",
        "-fPIC",
        "-shared",
        "-std=c99",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // libm's functions are called, not folded at compile time with the
    // compiler's own correctly rounded arithmetic (GCC's MPFR), which
    // can differ from libm in the last bit: the interpreter and MLIR's
    // lowering call libm.
    for f in FOLDABLE_LIBM {
        flags.push(format!("-fno-builtin-{f}"));
        flags.push(format!("-fno-builtin-{f}f"));
    }
    if openmp {
        flags.push("-fopenmp".into());
    }
    flags
}

/// The libm functions the C back end calls whose results a C compiler's
/// constant folding may not reproduce (they are not correctly rounded in
/// libm): only called, never vectorized, so not folding them costs
/// nothing.
const FOLDABLE_LIBM: &[&str] = &[
    "tan", "tanh", "sinh", "cosh", "asin", "acos", "atan", "expm1", "log1p", "cbrt", "acosh",
    "asinh", "atanh", "erf", "atan2",
];

/// The compiler command: the option, else `$CC`, else `cc`.
fn compiler_command(opts: &CompileOptions) -> String {
    opts.compiler
        .clone()
        .or_else(|| std::env::var("CC").ok().filter(|c| !c.trim().is_empty()))
        .unwrap_or_else(|| "cc".into())
}

/// Translates `m` to C, compiles it and loads the result.
///
/// ```no_run
/// use tessera::backend::{compile, Arg, CompileOptions, MemRefArg};
/// let m = tessera::ir::parse_and_verify("k.mlir", "func.func @twice(%A: memref<4xf32>) {\n  affine.for %i = 0 to 4 {\n    %a = affine.load %A[%i] : memref<4xf32>\n    %b = arith.addf %a, %a : f32\n    affine.store %b, %A[%i] : memref<4xf32>\n  }\n  return\n}\n")?;
/// let lib = compile(&m, &CompileOptions::default())?;
/// let mut data = vec![1.0f32, 2.0, 3.0, 4.0];
/// lib.call("twice", &mut [Arg::MemRef(MemRefArg::new(&mut data, &[4])?)])?;
/// assert_eq!(data, [2.0, 4.0, 6.0, 8.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compile(m: &Module, opts: &CompileOptions) -> Result<Library, BackendError> {
    let start = Instant::now();
    let c = translate(m, &opts.emit)?;
    let emit = start.elapsed();
    compile_c(c, &m.file, opts, emit)
}

/// Compiles an already translated module (`file` names the source in
/// run-time errors; `emit` is the translation time, for [`Timings`]).
pub fn compile_c(
    c: CModule,
    file: &str,
    opts: &CompileOptions,
    emit: Duration,
) -> Result<Library, BackendError> {
    let io = |context: String| move |source| BackendError::Io { context, source };
    let dir = tempfile::Builder::new()
        .prefix("tessera-")
        .tempdir()
        .map_err(io("cannot create a temporary directory".into()))?;
    let source = dir.path().join("kernel.c");
    let library = dir.path().join("libtessera_kernel.so");
    std::fs::write(&source, &c.source).map_err(io(format!("cannot write {}", source.display())))?;
    let compile = run_compiler(opts, &source, &library)?;
    Library::load(
        &library,
        c,
        file,
        dir,
        Timings {
            emit,
            compile,
            load: Duration::ZERO,
        },
    )
}

fn run_compiler(
    opts: &CompileOptions,
    source: &Path,
    library: &Path,
) -> Result<Duration, BackendError> {
    let command = compiler_command(opts);
    let mut words = command.split_whitespace();
    let program = words.next().unwrap_or("cc");
    let mut cmd = Command::new(program);
    cmd.args(words)
        .args(
            opts.flags
                .clone()
                .unwrap_or_else(|| default_flags(opts.emit.openmp)),
        )
        .args(&opts.extra_flags)
        .arg("-o")
        .arg(library)
        .arg(source)
        .arg("-lm");
    let start = Instant::now();
    let output = cmd
        .output()
        .map_err(|source| BackendError::CompilerNotFound {
            compiler: command.clone(),
            source,
        })?;
    if !output.status.success() {
        return Err(BackendError::CompileFailed {
            compiler: command,
            status: output.status.to_string(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        });
    }
    Ok(start.elapsed())
}
