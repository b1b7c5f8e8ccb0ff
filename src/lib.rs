//! `tessera`: a polyhedral analysis library and affine loop optimizer.
//!
//! This facade re-exports the workspace crates and holds what the
//! command-line tools share:
//!
//! - [`affine`]: affine expressions, maps and integer sets (MLIR syntax);
//! - [`polyhedral`]: the exact Presburger core;
//! - [`ir`]: the MLIR affine subset;
//! - [`transforms`]: dependence analysis and loop passes;
//! - [`calc`]: the query language of `tessera-calc`;
//! - [`cli`]: `tessera-opt`'s driver (mlir-opt's command line);
//! - [`kernels`]: the benchmark kernel suite (MLIR generators);
//! - [`backend`]: the native back end (C translation, compilation, calls).
//!
//! Unsafe code is denied everywhere except [`backend::library`], which
//! loads compiled kernels and calls into them.
#![deny(unsafe_code)]

pub mod backend;
pub mod calc;
pub mod cli;
pub mod kernels;

pub use tessera_affine as affine;
pub use tessera_ir as ir;
pub use tessera_polyhedral as polyhedral;
pub use tessera_transforms as transforms;

/// The stack the command-line tools run their work on. The parser accepts
/// nesting up to its documented depth (over 256 loop levels, more than
/// mlir-opt's 200), and the verifier, printer, interpreter and passes
/// recurse once per level; this much stack (reserved, and committed only
/// as it is touched) keeps the deepest accepted input far from overflow.
pub const TOOL_STACK_BYTES: usize = 1 << 30;

/// Runs `work` on a thread with a [`TOOL_STACK_BYTES`] stack and returns
/// its result; a panic in `work` is resumed on the calling thread.
///
/// ```
/// assert_eq!(tessera::with_tool_stack(|| 6 * 7), 42);
/// ```
pub fn with_tool_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    let slot = std::sync::Mutex::new(Some(work));
    let take = || slot.lock().ok().and_then(|mut w| w.take());
    let spawned = std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(TOOL_STACK_BYTES)
            .spawn_scoped(scope, || take().map(|w| w()))
            .ok()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    });
    match spawned.flatten() {
        Some(result) => result,
        // No such thread could be made: run here, on the smaller stack.
        None => match take() {
            Some(work) => work(),
            None => unreachable!("the work ran on the spawned thread"),
        },
    }
}
