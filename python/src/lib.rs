//! `tessera-python`: the Python module `tessera` (built by maturin as
//! `tessera._tessera` and re-exported by `tessera/__init__.py`).
//!
//! - [`presburger`]: `Set` and `Map`, islpy-style Presburger sets and
//!   relations over `tessera-polyhedral`, read and printed in MLIR syntax;
//! - [`module`]: `parse`, `Module` and the handles that walk it
//!   (`Function`, `Loop`, `Band`, `Access`), passes, the interpreter and
//!   the C back end;
//! - [`analysis`]: dependences, and the polyhedral model's schedules
//!   (`Schedule`, `Legality`, the automatic scheduler);
//! - [`errors`]: the exception classes.
//!
//! Invariant: nothing a Python caller does crashes the interpreter. Every
//! failure is a Python exception: errors of the Rust crates become
//! `tessera.Error` subclasses, wrong arguments `ValueError`/`TypeError`,
//! and work on the IR (which recurses once per nesting level) runs on the
//! command-line tools' large stack ([`tessera::with_tool_stack`]).
//!
//! `unsafe` is forbidden here as in the other crates: the calls into the
//! CPython C API are PyO3's.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
mod errors;
mod module;
mod presburger;

use pyo3::prelude::*;

/// The `tessera._tessera` extension module.
#[pymodule]
fn _tessera(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    presburger::register(m)?;
    module::register(m)?;
    analysis::register(m)?;
    Ok(())
}
