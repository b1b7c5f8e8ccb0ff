//! The exception classes and the conversion of the crates' errors into
//! them.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use tessera::affine::ParseError as AffineParseError;
use tessera::ir::Diagnostic;
use tessera::polyhedral::PolyError;

create_exception!(
    tessera,
    Error,
    PyException,
    "The base class of tessera's errors."
);
create_exception!(
    tessera,
    ParseError,
    Error,
    "Text that does not parse or verify: an MLIR module, an affine map, an integer set or a schedule.\n\nAttributes: `message` (the located message, with the source line and a caret for modules), `line` and `column` (1-based), `file`."
);
create_exception!(
    tessera,
    PassError,
    Error,
    "A pass pipeline that is malformed, names an unknown pass or option, or fails."
);
create_exception!(
    tessera,
    ExecutionError,
    Error,
    "A fault while interpreting a function (out-of-bounds access, division by zero, ...).\n\nAttributes: `message`, `line`, `column`, `output` (what the function printed before the fault)."
);

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("PassError", py.get_type::<PassError>())?;
    m.add("ExecutionError", py.get_type::<ExecutionError>())?;
    Ok(())
}

/// An exception of class `E` with the attributes `message`, `line`,
/// `column` and `file`.
fn located<E: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: &str,
    line: usize,
    column: usize,
    file: &str,
) -> PyErr {
    let err = PyErr::from_type(py.get_type::<E>(), message.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("message", message)?;
        value.setattr("line", line)?;
        value.setattr("column", column)?;
        value.setattr("file", file)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A `tessera.ParseError` for text read as a map, set or relation.
pub(crate) fn affine_parse_error(py: Python<'_>, e: &AffineParseError, text: &str) -> PyErr {
    located::<ParseError>(
        py,
        &e.render("<string>", text),
        e.line,
        e.column,
        "<string>",
    )
}

/// A `tessera.ParseError` for a module that does not parse or verify.
pub(crate) fn diagnostic_parse_error(py: Python<'_>, d: &Diagnostic) -> PyErr {
    located::<ParseError>(
        py,
        &d.to_string(),
        d.loc.line as usize,
        d.loc.col as usize,
        &d.file,
    )
}

/// A `tessera.ParseError` at a line of a schedule text (`line:col:
/// message` as `parse_schedule_file` reports it).
pub(crate) fn schedule_parse_error(py: Python<'_>, message: &str) -> PyErr {
    let mut parts = message.splitn(3, ':');
    let line = parts
        .next()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    let column = parts
        .next()
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(0);
    located::<ParseError>(py, message, line, column, "<schedule>")
}

/// A `tessera.ExecutionError` for a fault of the interpreter, with what
/// was printed before it.
pub(crate) fn execution_error(py: Python<'_>, d: &Diagnostic, output: &str) -> PyErr {
    let err = located::<ExecutionError>(
        py,
        &d.to_string(),
        d.loc.line as usize,
        d.loc.col as usize,
        &d.file,
    );
    if let Err(e) = err.value(py).setattr("output", output) {
        return e;
    }
    err
}

/// The Python exception for an error of the Presburger core: spaces that
/// do not match, unbounded sets and malformed rows are the caller's
/// mistake (`ValueError`); budgets and overflow are `tessera.Error`.
pub(crate) fn poly_error(e: PolyError) -> PyErr {
    match e {
        PolyError::SpaceMismatch { .. }
        | PolyError::Unbounded { .. }
        | PolyError::RowLength { .. }
        | PolyError::PointLength { .. }
        | PolyError::ColumnOutOfRange { .. }
        | PolyError::NotASet(_) => PyValueError::new_err(e.to_string()),
        _ => Error::new_err(e.to_string()),
    }
}
