//! Loading a compiled module and calling its functions: the only module
//! of the crate with `unsafe` code, because it loads a shared library and
//! calls into it through C function pointers.
//!
//! The contract with the generated code (see `c/runtime.c`):
//!
//! - `tessera_ctx_new`/`tessera_ctx_free` create and destroy a context;
//!   `tessera_ctx_output` gives the printed text (pointer and length, valid
//!   until the context is freed); `tessera_ctx_fault` gives the first
//!   fault's message and location, or NULL.
//! - `tessera_call_<f>(ctx, args, res)` reads `args[i]` as a `*const i64`
//!   (integers), `*const f64` (floats) or `*const HostMemRef` (memrefs),
//!   writes `res[i]` as `*mut i64` or `*mut f64`, and returns 0, or 1 after
//!   a fault. It never unwinds into Rust (faults `longjmp` to the entry
//!   point itself) and frees whatever the program allocated before
//!   returning.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_void, CStr};
use std::path::Path;

use tessera_ir::{Diagnostic, Location};

use super::args::{Arg, Scalar};
use super::c::CModule;
use super::compile::Timings;
use super::signature::{HostSignature, ScalarType};
use super::BackendError;

type CtxNew = unsafe extern "C" fn() -> *mut c_void;
type CtxFree = unsafe extern "C" fn(*mut c_void);
type CtxOutput = unsafe extern "C" fn(*const c_void, *mut usize) -> *const c_char;
type CtxFault = unsafe extern "C" fn(*const c_void, *mut c_int, *mut c_int) -> *const c_char;
type EntryFn = unsafe extern "C" fn(*mut c_void, *const *mut c_void, *const *mut c_void) -> c_int;

/// The runtime's context functions.
struct Runtime {
    new: CtxNew,
    free: CtxFree,
    output: CtxOutput,
    fault: CtxFault,
}

/// A function of the module: its entry point when Rust can call it.
struct Entry {
    name: String,
    signature: Result<(HostSignature, EntryFn), String>,
}

/// `tm_host_memref` of the runtime.
#[repr(C)]
struct HostMemRef {
    base: *mut c_void,
    offset: i64,
    sizes: *const i64,
    strides: *const i64,
}

/// A compiled and loaded module. Calls may run concurrently from several
/// threads: the generated code keeps all state in a per-call context.
///
/// Dropping it unloads the library, then removes the temporary directory
/// holding the C source and the library. A library compiled with OpenMP
/// stays mapped (only its files go): the OpenMP runtime it pulled in keeps
/// worker threads that would crash if their code were unmapped.
pub struct Library {
    // Field order matters: the library is unloaded (in `drop`) before the
    // directory holding it is removed, and the function pointers below are
    // never used after that (they live in the same struct).
    lib: Option<libloading::Library>,
    resident: bool,
    runtime: Runtime,
    entries: Vec<Entry>,
    file: String,
    path: std::path::PathBuf,
    checked: bool,
    source: String,
    timings: Timings,
    _dir: tempfile::TempDir,
}

impl Drop for Library {
    fn drop(&mut self) {
        if let Some(lib) = self.lib.take() {
            if self.resident {
                std::mem::forget(lib);
            }
        }
    }
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("file", &self.file)
            .field("checked", &self.checked)
            .field(
                "functions",
                &self.entries.iter().map(|e| &e.name).collect::<Vec<_>>(),
            )
            .field("timings", &self.timings)
            .finish()
    }
}

/// What a call returned: its results and everything it printed.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The function's results.
    pub results: Vec<Scalar>,
    /// The text printed by `vector.print` and `printMemref*`.
    pub output: String,
}

/// A function of a [`Library`] that Rust can call, resolved once (for
/// calling it repeatedly, e.g. in a benchmark loop).
#[derive(Clone, Copy)]
pub struct Kernel<'l> {
    lib: &'l Library,
    name: &'l str,
    signature: &'l HostSignature,
    func: EntryFn,
}

impl std::fmt::Debug for Kernel<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel")
            .field("name", &self.name)
            .field("signature", self.signature)
            .finish()
    }
}

/// Owns a context for the duration of one call.
struct Context<'l> {
    ptr: *mut c_void,
    runtime: &'l Runtime,
}

impl Drop for Context<'_> {
    fn drop(&mut self) {
        // SAFETY: `ptr` came from `tessera_ctx_new`, is non-null, and is
        // freed exactly once, here.
        unsafe { (self.runtime.free)(self.ptr) }
    }
}

impl Context<'_> {
    fn output(&self) -> String {
        let mut len = 0usize;
        // SAFETY: the context is live; the runtime returns a pointer to
        // `len` initialised bytes it owns (or to a static ""), valid until
        // the context is freed, which happens after this copy.
        unsafe {
            let p = (self.runtime.output)(self.ptr, &mut len);
            if p.is_null() || len == 0 {
                return String::new();
            }
            String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len)).into_owned()
        }
    }

    fn fault(&self, file: &str) -> Diagnostic {
        let (mut line, mut col) = (0, 0);
        // SAFETY: the context is live; the runtime returns NULL or a
        // NUL-terminated message inside the context (written with
        // `vsnprintf`, so always terminated), copied before the context
        // is freed.
        let message = unsafe {
            let p = (self.runtime.fault)(self.ptr, &mut line, &mut col);
            if p.is_null() {
                "the generated code failed".to_string()
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        };
        let loc = Location::at(
            u32::try_from(line).unwrap_or(0),
            u32::try_from(col).unwrap_or(0),
        );
        Diagnostic::new(file, "", loc, message)
    }
}

/// Looks up `name` in `lib` as a `T` (a function pointer type).
///
/// # Safety
/// `T` must be the exact type of the C function named `name`.
unsafe fn symbol<T: Copy>(lib: &libloading::Library, name: &str) -> Result<T, BackendError> {
    // SAFETY: the caller guarantees the type; the pointer is copied out
    // and only used while `lib` is loaded (see `Library`).
    unsafe {
        lib.get::<T>(name.as_bytes())
            .map(|s| *s)
            .map_err(|e| BackendError::Load {
                path: name.to_string(),
                message: e.to_string(),
            })
    }
}

impl Library {
    /// Loads the shared library at `path`, built from `c`.
    pub(crate) fn load(
        path: &Path,
        c: CModule,
        file: &str,
        dir: tempfile::TempDir,
        mut timings: Timings,
    ) -> Result<Library, BackendError> {
        let start = std::time::Instant::now();
        // SAFETY: the library is our own generated C, whose only
        // initialisation is libc's (and libgomp's with OpenMP); loading it
        // runs no other code.
        let lib = unsafe { libloading::Library::new(path) }.map_err(|e| BackendError::Load {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        // SAFETY: these are the runtime's functions, with exactly these C
        // signatures (see `runtime.c`).
        let runtime = unsafe {
            Runtime {
                new: symbol::<CtxNew>(&lib, "tessera_ctx_new")?,
                free: symbol::<CtxFree>(&lib, "tessera_ctx_free")?,
                output: symbol::<CtxOutput>(&lib, "tessera_ctx_output")?,
                fault: symbol::<CtxFault>(&lib, "tessera_ctx_fault")?,
            }
        };
        let mut entries = Vec::new();
        for f in c.functions {
            let signature = match f.signature {
                // SAFETY: every entry point has the `EntryFn` signature
                // (see `entry_point` in `c/mod.rs`).
                Ok(sig) => Ok((sig, unsafe { symbol::<EntryFn>(&lib, &f.entry)? })),
                Err(why) => Err(why),
            };
            entries.push(Entry {
                name: f.name,
                signature,
            });
        }
        timings.load = start.elapsed();
        Ok(Library {
            lib: Some(lib),
            resident: c.openmp,
            runtime,
            entries,
            file: file.to_string(),
            path: path.to_path_buf(),
            checked: c.checked,
            source: c.source,
            timings,
            _dir: dir,
        })
    }

    /// Where the shared library is (inside a temporary directory that is
    /// removed when the `Library` is dropped).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The C source the library was compiled from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// How long translation, compilation and loading took.
    pub fn timings(&self) -> Timings {
        self.timings
    }

    /// Whether the code checks subscripts and memory use at run time (then
    /// [`Kernel::call`] is available; otherwise only the `unsafe`
    /// [`Kernel::call_unchecked`]).
    pub fn is_checked(&self) -> bool {
        self.checked
    }

    /// The names of the functions with a body.
    pub fn functions(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.name.as_str())
    }

    /// The function `name`, ready to be called.
    pub fn kernel(&self, name: &str) -> Result<Kernel<'_>, BackendError> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| BackendError::NoFunction(name.to_string()))?;
        match &entry.signature {
            Ok((signature, func)) => Ok(Kernel {
                lib: self,
                name: &entry.name,
                signature,
                func: *func,
            }),
            Err(reason) => Err(BackendError::NotCallable {
                function: name.to_string(),
                reason: reason.clone(),
            }),
        }
    }

    /// Calls `name` with `args` (see [`Kernel::call`]).
    pub fn call(&self, name: &str, args: &mut [Arg<'_>]) -> Result<Outcome, BackendError> {
        self.kernel(name)?.call(args)
    }

    /// Runs the function `name`, which takes no arguments, and returns what
    /// it printed (its results, if any, are dropped).
    pub fn run(&self, name: &str) -> Result<String, BackendError> {
        Ok(self.call(name, &mut [])?.output)
    }
}

impl Kernel<'_> {
    /// The function's signature as seen from Rust.
    pub fn signature(&self) -> &HostSignature {
        self.signature
    }

    /// Calls the function. The arguments must match the signature (memref
    /// element types, ranks, and whatever sizes, strides and offset the
    /// parameter types fix). Needs a library compiled with checks, so that
    /// no access can leave the argument buffers; a fault (out-of-bounds
    /// subscript, division by zero, ...) is a [`BackendError::Runtime`]
    /// with the op's location and the output printed until then.
    pub fn call(&self, args: &mut [Arg<'_>]) -> Result<Outcome, BackendError> {
        if !self.lib.checked {
            return Err(BackendError::Unchecked(self.name.to_string()));
        }
        // SAFETY: the library checks every subscript against the memref's
        // sizes and every memory use against deallocation; the arguments
        // are validated against the signature by `call_unchecked`, and
        // every `MemRefArg` addresses only its own borrowed slice.
        unsafe { self.call_unchecked(args) }
    }

    /// Calls the function, also when the library was compiled without
    /// run-time checks. Arguments are validated as by [`Kernel::call`].
    ///
    /// # Safety
    /// Without checks, the caller must know that the function only
    /// accesses its memrefs within their sizes, never uses or deallocates
    /// memory after deallocating it, and does not recurse deeply enough to
    /// overflow the stack: the generated code does not verify it.
    pub unsafe fn call_unchecked(&self, args: &mut [Arg<'_>]) -> Result<Outcome, BackendError> {
        let sig = self.signature;
        let bad = |message: String| BackendError::Arguments {
            function: self.name.to_string(),
            message,
        };
        if args.len() != sig.params.len() {
            return Err(bad(format!(
                "expected {} arguments, got {}",
                sig.params.len(),
                args.len()
            )));
        }
        for (i, (a, p)) in args.iter().zip(&sig.params).enumerate() {
            if let Some(why) = a.mismatch(p) {
                return Err(bad(format!("argument {i}: {why}")));
            }
        }
        // Storage for the arguments, filled before any pointer is taken.
        let scalars: Vec<u64> = args
            .iter()
            .map(|a| match a {
                Arg::Int(v) => *v as u64,
                Arg::F32(v) => f64::from(*v).to_bits(),
                Arg::F64(v) => v.to_bits(),
                Arg::MemRef(_) => 0,
            })
            .collect();
        let memrefs: Vec<Option<HostMemRef>> = args
            .iter()
            .map(|a| match a {
                Arg::MemRef(m) => Some(HostMemRef {
                    base: m.base().cast(),
                    offset: m.offset(),
                    sizes: m.shape().as_ptr(),
                    strides: m.strides().as_ptr(),
                }),
                _ => None,
            })
            .collect();
        let argv: Vec<*mut c_void> = memrefs
            .iter()
            .zip(&scalars)
            .map(|(m, s)| match m {
                Some(m) => (m as *const HostMemRef).cast_mut().cast(),
                None => (s as *const u64).cast_mut().cast(),
            })
            .collect();
        let mut results = vec![0u64; sig.results.len()];
        let resv: Vec<*mut c_void> = results.iter_mut().map(|r| (r as *mut u64).cast()).collect();
        // SAFETY: `tessera_ctx_new` has no preconditions.
        let ptr = unsafe { (self.lib.runtime.new)() };
        if ptr.is_null() {
            return Err(BackendError::Runtime {
                error: Box::new(Diagnostic::new(
                    &self.lib.file,
                    "",
                    Location::default(),
                    "out of memory",
                )),
                output: String::new(),
            });
        }
        let ctx = Context {
            ptr,
            runtime: &self.lib.runtime,
        };
        // SAFETY: `func` is this function's entry point with the `EntryFn`
        // signature; `argv` holds one valid pointer per parameter, to an
        // i64/f64 slot or a `HostMemRef` whose arrays have the parameter's
        // rank (validated above), all alive until the call returns;
        // `resv` has one writable 8-byte slot per result. The memory the
        // kernel may touch is the borrowed slices (through `MemRefArg`,
        // which only addresses inside its slice) and its own allocations;
        // that it stays within them is the caller's obligation (checked at
        // run time in checked libraries).
        let rc = unsafe { (self.func)(ctx.ptr, argv.as_ptr(), resv.as_ptr()) };
        let output = ctx.output();
        if rc != 0 {
            return Err(BackendError::Runtime {
                error: Box::new(ctx.fault(&self.lib.file)),
                output,
            });
        }
        drop(resv);
        let results = results
            .iter()
            .zip(&sig.results)
            .map(|(&bits, ty)| match ty {
                ScalarType::Int { .. } => Scalar::Int(bits as i64),
                ScalarType::F32 => Scalar::F32(f64::from_bits(bits) as f32),
                ScalarType::F64 => Scalar::F64(f64::from_bits(bits)),
            })
            .collect();
        Ok(Outcome { results, output })
    }
}
