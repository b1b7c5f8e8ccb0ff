//! The native back end: a verified module (after any passes) becomes C99,
//! the system C compiler turns it into a shared library, and Rust calls
//! its functions — to compare with the interpreter, or to time kernels on
//! Rust buffers.
//!
//! - [`c`]: the translation ([`emit_c`], [`translate`], [`EmitOptions`]);
//! - [`compile`](mod@compile): the compiler driver ([`compile()`],
//!   [`CompileOptions`]);
//! - [`Library`] / [`Kernel`]: loading and calling, with [`Arg`] and
//!   [`MemRefArg`] for arguments and [`Scalar`] results.
//!
//! # The C mapping
//!
//! **Functions.** Each `func.func` with a body becomes
//! `static R tf_<name>(tm_ctx *ctx, params...)`; several results come back
//! in a struct. The context `ctx` holds everything a run needs: the
//! printed text, the first fault, the allocations. Rust calls the exported
//! `tessera_call_<name>`, which sets a `setjmp` point; a fault (division by
//! zero, an out-of-bounds subscript in checked mode, ...) records its
//! message and location and `longjmp`s back there. Inside an OpenMP
//! parallel loop a fault is recorded, the faulting operation yields 0 or is
//! skipped, and the unwinding happens when the loop ends. Names are
//! mangled injectively (`_` → `__`, other bytes → `_xx`).
//!
//! **Values.** Every SSA value is a C variable `v<N>`. `index` is
//! `int64_t`; `iN` lives in the smallest of `int8_t`..`int64_t` holding
//! it, always sign-extended from bit `N-1` (so `i1` true is `-1`, as in
//! the interpreter); `f32`/`f64` are `float`/`double`. Vectors are
//! structs holding an array of their lanes in row-major order, and `arith`
//! ops on them run lane by lane.
//!
//! **Memrefs.** A ranked memref is MLIR's strided descriptor:
//! `{owner, base, offset, sizes[rank], strides[rank]}` where element
//! `(i, j)` is `base[offset + i*strides[0] + j*strides[1]]`, one struct per
//! element type and rank (`tm_mr_f32_2`). Strides and offset that the type
//! fixes (identity layouts, `strided<[...]>`, permutation and linear
//! layout maps) are emitted as constants, so the C compiler sees unit
//! strides and can vectorise. `owner` points to the allocation's header
//! (NULL for buffers Rust passed in, which may not be deallocated).
//! Unranked memrefs (`memref<*xf32>`) are a rank-generic struct used by
//! `printMemref*`, `memref.copy` and casts. Allocations are aligned to 64
//! bytes, recorded in the context, and all freed when the entry point
//! returns; `memref.alloca` memory lives until then too.
//!
//! **Semantics.** Integer arithmetic wraps at the type's width and is done
//! in unsigned C types (no undefined behaviour); `divsi`, `floordivsi`,
//! `ceildivsi` fault on division by zero and on `MIN / -1`, `remsi` and
//! the unsigned divisions on zero; shifts by at least the width give 0 (or
//! the sign for `shrsi`) where MLIR says poison; `fptosi`/`fptoui` fault
//! out of range. Affine `floordiv`, `ceildiv` and `mod` round toward −∞,
//! +∞ and give a non-negative remainder, also for negative operands; a
//! non-constant divisor that is not positive is a fault; affine `+` and
//! `*` wrap. `f32` arithmetic stays in `float` (x86-64 evaluates at the
//! type's precision) and the compiler runs with `-ffp-contract=off`, so
//! results are bit-identical to the interpreter's. `cmpf` predicates are
//! exact on NaNs (unordered ones included); `maximumf`/`minimumf`
//! propagate NaN and order `-0 < +0`, `maxnumf`/`minnumf` return the
//! non-NaN operand. Loops with a step above one run over a trip count, so
//! no induction variable can overflow. Printing uses C's `%g` as the MLIR
//! runtime does, into the context's buffer, never to stdout.
//!
//! **Checks.** With [`EmitOptions::checks`] every subscript is compared
//! with the memref's sizes, every access and deallocation with
//! deallocation (freed memory is kept until the run ends to catch later
//! uses), and calls nest at most 256 deep — then calling a kernel on Rust
//! buffers is safe ([`Kernel::call`]). Without checks the code is what a
//! benchmark wants, and calling it is `unsafe`
//! ([`Kernel::call_unchecked`]).
//!
//! # Timing a kernel
//!
//! ```no_run
//! use tessera::backend::{compile, Arg, CompileOptions, EmitOptions, MemRefArg};
//! # let module = tessera::ir::parse_and_verify("m.mlir", "")?;
//! let opts = CompileOptions {
//!     emit: EmitOptions { checks: false, openmp: true, ..EmitOptions::default() },
//!     ..CompileOptions::default()
//! };
//! let lib = compile(&module, &opts)?;           // once
//! let kernel = lib.kernel("matmul")?;           // resolve once
//! let (mut a, mut b, mut c) = (vec![1f32; 4096], vec![2f32; 4096], vec![0f32; 4096]);
//! let mut args = [
//!     Arg::MemRef(MemRefArg::new(&mut a, &[64, 64])?),
//!     Arg::MemRef(MemRefArg::new(&mut b, &[64, 64])?),
//!     Arg::MemRef(MemRefArg::new(&mut c, &[64, 64])?),
//! ];
//! for _ in 0..10 {
//!     let start = std::time::Instant::now();
//!     // SAFETY: matmul only accesses its 64x64 arguments in bounds.
//!     unsafe { kernel.call_unchecked(&mut args)? };
//!     println!("{:?}", start.elapsed());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod args;
pub mod c;
pub mod compile;
pub mod library;
pub mod signature;

pub use args::{AlignedBuffer, Arg, Element, MemRefArg, Scalar, BUFFER_ALIGNMENT};
pub use c::{emit_c, translate, CModule, EmitOptions};
pub use compile::{compile, default_flags, CompileOptions, Timings};
pub use library::{Kernel, Library, Outcome};
pub use signature::{ElemType, HostSignature, MemRefType, ParamType, ScalarType};

use tessera_ir::Diagnostic;

/// Everything that can go wrong between a module and a call's results.
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    /// An op, type or layout the C back end does not translate.
    #[error("{0}")]
    Unsupported(Diagnostic),
    /// The C compiler could not be started.
    #[error("cannot run the C compiler '{compiler}': {source}")]
    CompilerNotFound {
        /// The compiler command.
        compiler: String,
        /// Why it could not be started.
        source: std::io::Error,
    },
    /// The C compiler rejected the generated code.
    #[error("the C compiler '{compiler}' failed ({status}):\n{stderr}")]
    CompileFailed {
        /// The compiler command.
        compiler: String,
        /// Its exit status.
        status: String,
        /// What it printed on stderr.
        stderr: String,
    },
    /// Writing the temporary files failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The error.
        source: std::io::Error,
    },
    /// The shared library or one of its symbols could not be loaded.
    #[error("cannot load '{path}': {message}")]
    Load {
        /// The library path or symbol name.
        path: String,
        /// The loader's message.
        message: String,
    },
    /// No function with a body has this name.
    #[error("no function named '@{0}' with a body")]
    NoFunction(String),
    /// The function's signature cannot be called from Rust.
    #[error("'@{function}' cannot be called from Rust: {reason}")]
    NotCallable {
        /// The function.
        function: String,
        /// Why.
        reason: String,
    },
    /// The arguments do not match the function's signature.
    #[error("bad arguments for '@{function}': {message}")]
    Arguments {
        /// The function.
        function: String,
        /// What does not match.
        message: String,
    },
    /// A memref view that does not fit its slice.
    #[error("invalid memref argument: {0}")]
    Buffer(String),
    /// A safe call into a library compiled without run-time checks.
    #[error("'@{0}' was compiled without run-time checks; calling it is unsafe (use `Kernel::call_unchecked`)")]
    Unchecked(String),
    /// The generated code faulted.
    #[error("{error}")]
    Runtime {
        /// The fault, at the op's location (boxed: errors stay small).
        error: Box<Diagnostic>,
        /// What the program printed before the fault.
        output: String,
    },
}
