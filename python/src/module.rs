//! `parse`, `Module` and the handles that walk it: `Function`, `Loop`,
//! `Band`, `Access`.
//!
//! A handle is the id of an op in one version of a module: every change
//! of the module (`Module.run`, `Module.apply_schedule`) starts a new
//! version, and a handle of an older version raises `tessera.Error`
//! instead of answering about ops that may be gone.

use std::path::PathBuf;

use pyo3::exceptions::{PyFileNotFoundError, PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tessera::backend::{emit_c, BackendError, EmitOptions};
use tessera::ir::interp::Interpreter;
use tessera::ir::ir::ValueDef;
use tessera::ir::{parse_and_verify, print_module, Attribute, OpId, PrintOptions};
use tessera::transforms::dependence::{collect_accesses, dependence_remarks, Modelled};
use tessera::transforms::loops::ForLoop;
use tessera::transforms::passes::{
    perfectly_nested_loops, run_pass, why_not_fully_permutable, why_not_parallel,
    why_not_permutable, why_not_tileable,
};
use tessera::transforms::pipeline::parse_pass_pipeline;

use crate::analysis;
use crate::errors::{diagnostic_parse_error, execution_error, Error, PassError};

/// Adds `parse`, `Module` and the handle classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_class::<Module>()?;
    m.add_class::<Function>()?;
    m.add_class::<Loop>()?;
    m.add_class::<Band>()?;
    m.add_class::<Access>()?;
    Ok(())
}

/// Runs `work` without the GIL on the tools' large stack: the parser
/// accepts nesting over 500 loops deep, and the verifier, printer,
/// interpreter and passes recurse once per level.
pub(crate) fn on_stack<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> T {
    py.detach(|| tessera::with_tool_stack(work))
}

/// A parsed, verified MLIR module (the affine subset tessera models).
///
/// `str(module)` prints it exactly as `mlir-opt` 19 would. `run` applies
/// passes in place, `run_function` interprets a function, `emit_c`
/// translates to C; `dependences`, `schedule`, `apply_schedule` and
/// `auto_schedule` ask the polyhedral questions. `functions` and `loops()`
/// walk it.
#[pyclass(module = "tessera")]
pub struct Module {
    pub(crate) ir: tessera::ir::Module,
    /// Bumped by every change, so handles of older versions are refused.
    pub(crate) version: u64,
}

/// Reads `source`: a path (`str` naming an existing file, or any
/// `os.PathLike`) or MLIR text; a one-line `str` ending in `.mlir` that
/// names no file is `FileNotFoundError`.
fn read_source(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    if let Ok(text) = source.cast::<PyString>() {
        let text: String = text.extract()?;
        let text = text.as_str();
        let path = std::path::Path::new(text);
        if !text.contains('\n') && !text.contains('{') {
            if path.is_file() {
                return Ok((text.to_string(), std::fs::read_to_string(path)?));
            }
            if text.trim_end().ends_with(".mlir") {
                return Err(PyFileNotFoundError::new_err(format!(
                    "no such file: '{text}'"
                )));
            }
        }
        return Ok(("<string>".to_string(), text.to_string()));
    }
    let path: PathBuf = py
        .import("os")?
        .call_method1("fspath", (source,))?
        .extract()?;
    let text = std::fs::read_to_string(&path)?;
    Ok((path.display().to_string(), text))
}

/// Parses and verifies an MLIR module from text or a file path (`str` of
/// an existing file, or `os.PathLike`). `name` overrides the file name in
/// locations. Raises `tessera.ParseError` (with `line`, `column`, `file`)
/// for text that does not parse or verify.
#[pyfunction]
#[pyo3(signature = (source, name=None))]
fn parse(py: Python<'_>, source: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<Module> {
    let (file, text) = read_source(py, source)?;
    let file = name.unwrap_or(file);
    let parsed = on_stack(py, || parse_and_verify(&file, &text));
    match parsed {
        Ok(ir) => Ok(Module { ir, version: 0 }),
        Err(d) => Err(diagnostic_parse_error(py, &d)),
    }
}

/// The `sym_name` of a function op.
pub(crate) fn function_name(m: &tessera::ir::Module, f: OpId) -> String {
    match m.ops[f].attr("sym_name") {
        Some(Attribute::String(s)) => s.clone(),
        _ => String::new(),
    }
}

/// The `func.func` around `op`.
fn enclosing_function(m: &tessera::ir::Module, op: OpId) -> Option<OpId> {
    let mut current = m.parent_op(op);
    while let Some(p) = current {
        if m.ops[p].name == "func.func" {
            return Some(p);
        }
        current = m.parent_op(p);
    }
    None
}

/// The `affine.for` loops around `op`, outermost first.
fn enclosing_loops(m: &tessera::ir::Module, op: OpId) -> Vec<OpId> {
    let mut loops = Vec::new();
    let mut current = m.parent_op(op);
    while let Some(p) = current {
        match m.ops[p].name.as_str() {
            "affine.for" => loops.push(p),
            "func.func" | "builtin.module" => break,
            _ => {}
        }
        current = m.parent_op(p);
    }
    loops.reverse();
    loops
}

/// The `affine.for` ops under `root` (itself excluded) in program order.
fn loops_under(m: &tessera::ir::Module, root: OpId) -> Vec<OpId> {
    let mut all = Vec::new();
    m.walk_from(root, &mut all);
    all.into_iter()
        .skip(1)
        .filter(|&o| m.ops[o].name == "affine.for")
        .collect()
}

/// A short name for the memref an access uses: `%argN` for a function
/// argument (as mlir-opt names it), otherwise the defining op and line.
pub(crate) fn memref_name(m: &tessera::ir::Module, op: OpId, is_write: bool) -> String {
    let Some(&v) = m.ops[op].operands.get(usize::from(is_write)) else {
        return "?".to_string();
    };
    match m.values[v].def {
        ValueDef::BlockArg { block, index } => match m.block_parent_op(block) {
            Some(p) if m.ops[p].name == "func.func" => format!("%arg{index}"),
            _ => format!("block argument {index}"),
        },
        ValueDef::OpResult { op: def, .. } => {
            format!("{} at line {}", m.ops[def].name, m.ops[def].loc.line)
        }
    }
}

impl Module {
    /// The function named `name`, or the only one with statements when
    /// `None` is given (`candidates` lists the functions to choose from).
    pub(crate) fn pick_function(
        &self,
        name: Option<&str>,
        candidates: &[String],
    ) -> PyResult<String> {
        match name {
            Some(n) if self.ir.function(n).is_some() => Ok(n.to_string()),
            Some(n) => Err(PyKeyError::new_err(format!("no function @{n}"))),
            None => match candidates {
                [one] => Ok(one.clone()),
                [] => Err(PyValueError::new_err(
                    "the module has no function to choose",
                )),
                many => Err(PyValueError::new_err(format!(
                    "several functions ({}): pass func=NAME",
                    many.iter()
                        .map(|f| format!("@{f}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            },
        }
    }

    /// Records a change: handles taken before it are refused from now on.
    pub(crate) fn changed(&mut self) {
        self.version += 1;
    }

    fn function_handles(slf: &Bound<'_, Self>) -> Vec<Function> {
        let m = slf.borrow();
        m.ir.functions()
            .into_iter()
            .map(|op| Function {
                handle: Handle::new(slf, &m, op),
            })
            .collect()
    }
}

#[pymethods]
impl Module {
    /// The module's functions (`func.func`), in order.
    #[getter]
    fn functions(slf: &Bound<'_, Self>) -> Vec<Function> {
        Module::function_handles(slf)
    }

    /// The function named `name` (`KeyError` if there is none).
    fn function(slf: &Bound<'_, Self>, name: &str) -> PyResult<Function> {
        let m = slf.borrow();
        let op =
            m.ir.function(name)
                .ok_or_else(|| PyKeyError::new_err(format!("no function @{name}")))?;
        Ok(Function {
            handle: Handle::new(slf, &m, op),
        })
    }

    /// Every `affine.for` of the module, in program order (outer loops
    /// before the loops they hold).
    fn loops(slf: &Bound<'_, Self>) -> Vec<Loop> {
        let m = slf.borrow();
        loops_under(&m.ir, m.ir.top)
            .into_iter()
            .map(|op| Loop {
                handle: Handle::new(slf, &m, op),
            })
            .collect()
    }

    /// Every affine load and store of the module, in program order.
    fn accesses(slf: &Bound<'_, Self>) -> Vec<Access> {
        let m = slf.borrow();
        Access::under(slf, &m, m.ir.top)
    }

    /// Runs passes in place, as `mlir-opt`/`tessera-opt` would: a pass
    /// name with options (`"affine-loop-tile{tile-size=32}"`), several
    /// separated by commas, or a whole pipeline
    /// (`"builtin.module(func.func(affine-loop-tile{tile-size=32}))"`).
    /// Every pass is legality-checked. Returns the passes' remarks
    /// (`"line:col: message"`: what was done, or why a loop was left
    /// alone). Raises `tessera.PassError` for a bad pipeline or a failing
    /// pass; the module is then unchanged.
    fn run(&mut self, py: Python<'_>, pipeline: &str) -> PyResult<Vec<String>> {
        let passes = parse_pass_pipeline(pipeline)
            .map_err(|e| PassError::new_err(format!("invalid pass pipeline: {e}")))?;
        tessera::cli::check_pass_options(&passes).map_err(PassError::new_err)?;
        let mut work = self.ir.clone();
        let outcome = on_stack(
            py,
            || -> Result<(tessera::ir::Module, Vec<String>), String> {
                let mut remarks = Vec::new();
                let located = |m: &tessera::ir::Module, op: OpId, message: &str| {
                    let loc = m.ops[op].loc;
                    format!("{}:{}: {message}", loc.line, loc.col)
                };
                for pass in &passes {
                    if pass.name == tessera::cli::args::DEPENDENCE_CHECK.0 {
                        for r in dependence_remarks(&work) {
                            remarks.push(located(&work, r.op, &r.message));
                        }
                        continue;
                    }
                    let done = run_pass(&mut work, pass).map_err(|e| e.message)?;
                    for r in done {
                        remarks.push(located(&work, r.op, &r.message));
                    }
                }
                Ok((work, remarks))
            },
        );
        let (ir, remarks) = outcome.map_err(PassError::new_err)?;
        self.ir = ir;
        self.changed();
        Ok(remarks)
    }

    /// Interprets function `name` (it must take no arguments) and returns
    /// what it printed. Raises `tessera.ExecutionError` (with `line`,
    /// `column` and the `output` so far) on a fault.
    #[pyo3(signature = (name="main"))]
    fn run_function(&self, py: Python<'_>, name: &str) -> PyResult<String> {
        if self.ir.function(name).is_none() {
            return Err(PyKeyError::new_err(format!("no function @{name}")));
        }
        let ir = &self.ir;
        let (result, output) = on_stack(py, || {
            let mut it = Interpreter::new(ir);
            let result = it.call(name, &[]).map(|_| ());
            (result, it.output().to_string())
        });
        match result {
            Ok(()) => Ok(output),
            Err(d) => Err(execution_error(py, &d, &output)),
        }
    }

    /// The C99 translation of the module (tessera's native back end), with
    /// run-time checks unless `checks=False`. Raises `tessera.Error` for an
    /// op the back end does not translate.
    #[pyo3(signature = (checks=true))]
    fn emit_c(&self, py: Python<'_>, checks: bool) -> PyResult<String> {
        let options = EmitOptions {
            checks,
            ..EmitOptions::default()
        };
        let ir = &self.ir;
        on_stack(py, || emit_c(ir, &options)).map_err(|e| match e {
            BackendError::Unsupported(d) => Error::new_err(d.to_string()),
            other => Error::new_err(other.to_string()),
        })
    }

    /// The module as MLIR text, as `mlir-opt` prints it: `generic=True`
    /// prints every op in the generic form, `debuginfo=True` each op's
    /// location (`-mlir-print-debuginfo`), `local_scope=True` maps and
    /// locations where they are used (`-mlir-print-local-scope`),
    /// `value_users=True` the users of each value in comments
    /// (`-mlir-print-value-users`).
    #[pyo3(signature = (generic=false, debuginfo=false, local_scope=false, value_users=false))]
    fn text(
        &self,
        py: Python<'_>,
        generic: bool,
        debuginfo: bool,
        local_scope: bool,
        value_users: bool,
    ) -> String {
        let ir = &self.ir;
        on_stack(py, || {
            print_module(
                ir,
                &PrintOptions {
                    generic,
                    debuginfo,
                    local_scope,
                    value_users,
                    elide_elements_over: None,
                },
            )
        })
    }

    fn __str__(&self, py: Python<'_>) -> String {
        self.text(py, false, false, false, false)
    }

    fn __repr__(&self) -> String {
        let names: Vec<String> = self
            .ir
            .functions()
            .into_iter()
            .map(|f| format!("@{}", function_name(&self.ir, f)))
            .collect();
        format!("<tessera.Module {:?}: {}>", self.ir.file, names.join(", "))
    }

    /// An independent copy (handles of this module do not apply to it).
    fn copy(&self) -> Module {
        Module {
            ir: self.ir.clone(),
            version: 0,
        }
    }

    fn __copy__(&self) -> Module {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Module {
        self.copy()
    }

    /// Every dependence between the affine accesses of function `func`
    /// (all functions when `None`): for each ordered pair of accesses to
    /// one memref (one of them a write) and each depth at which the sink
    /// depends on the source, a `Dependence` with its kind, the carrying
    /// loop, exact distances and a witness pair of iterations.
    #[pyo3(signature = (func=None))]
    fn dependences(
        slf: &Bound<'_, Self>,
        func: Option<&str>,
    ) -> PyResult<Vec<analysis::Dependence>> {
        analysis::dependences(slf, func)
    }

    /// The dependences between the statements of function `func`'s
    /// polyhedral model (the only function with statements when `None`),
    /// as relations between statement instances (`--print-dependences`):
    /// memory-based flow, anti and output ones, or with
    /// `value_based=True` the value-based flow ones (each read paired with
    /// its last writer only).
    #[pyo3(signature = (func=None, value_based=false))]
    fn statement_dependences(
        slf: &Bound<'_, Self>,
        func: Option<&str>,
        value_based: bool,
    ) -> PyResult<Vec<analysis::StatementDependence>> {
        analysis::statement_dependences(slf, func, value_based)
    }

    /// The polyhedral model of function `func` (the only function with
    /// statements when `None`): its statements, their domains and 2d+1
    /// schedules (`--print-schedule`).
    #[pyo3(signature = (func=None))]
    fn schedule(slf: &Bound<'_, Self>, func: Option<&str>) -> PyResult<analysis::Schedule> {
        analysis::schedule(slf, func)
    }

    /// Checks new schedules against every dependence, exactly, without
    /// changing the module. `schedules` maps statement names (`"S0"` or
    /// `0`) of function `func` to `Map`s or affine-map texts, or is a whole
    /// schedule file (the text `str(module.schedule())` prints, edited).
    /// Statements not given keep their schedule.
    #[pyo3(signature = (schedules, func=None))]
    fn check_schedule(
        &self,
        py: Python<'_>,
        schedules: &Bound<'_, PyAny>,
        func: Option<&str>,
    ) -> PyResult<analysis::Legality> {
        analysis::check_or_apply(py, self, schedules, func, false).map(|(legality, _)| legality)
    }

    /// Checks new schedules (as `check_schedule`) and, when they keep
    /// every dependence, generates the new loops in place. Returns the
    /// `Legality`; when it is not legal the module is unchanged.
    #[pyo3(signature = (schedules, func=None))]
    fn apply_schedule(
        &mut self,
        py: Python<'_>,
        schedules: &Bound<'_, PyAny>,
        func: Option<&str>,
    ) -> PyResult<analysis::Legality> {
        let (legality, generated) = analysis::check_or_apply(py, self, schedules, func, true)?;
        if let Some(ir) = generated {
            self.ir = ir;
            self.changed();
        }
        Ok(legality)
    }

    /// The automatic scheduler's choice for function `func` (Pluto's
    /// algorithm on the exact dependences, as the pass `tessera-schedule`
    /// runs it), without changing the module: the maps, the explanation of
    /// each decision, and their legality. `fuse` is `"none"`, `"smart"`
    /// or `"max"`; `tile=True` tiles the permutable bands by `tile_size`.
    #[pyo3(signature = (func=None, fuse="smart", tile=false, tile_size=32))]
    fn auto_schedule(
        &self,
        py: Python<'_>,
        func: Option<&str>,
        fuse: &str,
        tile: bool,
        tile_size: u64,
    ) -> PyResult<analysis::AutoSchedule> {
        analysis::auto_schedule(py, self, func, fuse, tile, tile_size)
    }
}

/// A reference to one op of one version of a module.
pub(crate) struct Handle {
    pub(crate) module: Py<Module>,
    pub(crate) version: u64,
    pub(crate) op: OpId,
}

impl Handle {
    pub(crate) fn new(slf: &Bound<'_, Module>, m: &Module, op: OpId) -> Handle {
        Handle {
            module: slf.clone().unbind(),
            version: m.version,
            op,
        }
    }

    /// The module, when this handle's version is still current.
    pub(crate) fn module<'py>(&self, py: Python<'py>) -> PyResult<PyRef<'py, Module>> {
        let m = self.module.bind(py).try_borrow()?;
        if m.version != self.version {
            return Err(Error::new_err(
                "the module has changed since this handle was taken (by run or apply_schedule): walk it again",
            ));
        }
        Ok(m)
    }

    fn sibling(&self, py: Python<'_>, op: OpId) -> Handle {
        Handle {
            module: self.module.clone_ref(py),
            version: self.version,
            op,
        }
    }

    fn same(&self, other: &Handle) -> bool {
        self.module.is(&other.module) && self.version == other.version && self.op == other.op
    }

    fn hash(&self) -> u64 {
        (self.version << 32) ^ u64::from(self.op.as_u32())
    }
}

/// A `func.func` of a module.
#[pyclass(module = "tessera", frozen)]
pub struct Function {
    pub(crate) handle: Handle,
}

#[pymethods]
impl Function {
    /// The function's name (without `@`).
    #[getter]
    fn name(&self, py: Python<'_>) -> PyResult<String> {
        let m = self.handle.module(py)?;
        Ok(function_name(&m.ir, self.handle.op))
    }

    /// The source line of the function.
    #[getter]
    fn line(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.handle.module(py)?.ir.ops[self.handle.op].loc.line)
    }

    /// The outermost `affine.for` loops of the body, in order.
    #[getter]
    fn loops(&self, py: Python<'_>) -> PyResult<Vec<Loop>> {
        let m = self.handle.module(py)?;
        Ok(loops_under(&m.ir, self.handle.op)
            .into_iter()
            .filter(|&l| enclosing_loops(&m.ir, l).is_empty())
            .map(|op| Loop {
                handle: self.handle.sibling(py, op),
            })
            .collect())
    }

    /// Every `affine.for` of the function, in program order.
    fn all_loops(&self, py: Python<'_>) -> PyResult<Vec<Loop>> {
        let m = self.handle.module(py)?;
        Ok(loops_under(&m.ir, self.handle.op)
            .into_iter()
            .map(|op| Loop {
                handle: self.handle.sibling(py, op),
            })
            .collect())
    }

    /// The affine loads and stores of the function, in program order.
    fn accesses(&self, py: Python<'_>) -> PyResult<Vec<Access>> {
        let m = self.handle.module(py)?;
        Ok(Access::under(
            self.handle.module.bind(py),
            &m,
            self.handle.op,
        ))
    }

    /// The dependences of the function (see `Module.dependences`).
    fn dependences(&self, py: Python<'_>) -> PyResult<Vec<analysis::Dependence>> {
        let name = self.name(py)?;
        analysis::dependences(self.handle.module.bind(py), Some(&name))
    }

    /// The function's polyhedral model (see `Module.schedule`).
    fn schedule(&self, py: Python<'_>) -> PyResult<analysis::Schedule> {
        let name = self.name(py)?;
        analysis::schedule(self.handle.module.bind(py), Some(&name))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("<tessera.Function @{}>", self.name(py)?))
    }
}

/// An `affine.for` loop of a module.
#[pyclass(module = "tessera", frozen)]
pub struct Loop {
    pub(crate) handle: Handle,
}

impl Loop {
    fn read<'py>(&self, py: Python<'py>) -> PyResult<(PyRef<'py, Module>, ForLoop)> {
        let m = self.handle.module(py)?;
        let l = ForLoop::read(&m.ir, self.handle.op)
            .ok_or_else(|| Error::new_err("not an affine.for"))?;
        Ok((m, l))
    }

    pub(crate) fn of(handle: Handle) -> Loop {
        Loop { handle }
    }
}

#[pymethods]
impl Loop {
    /// The source line of the loop.
    #[getter]
    fn line(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.handle.module(py)?.ir.ops[self.handle.op].loc.line)
    }

    /// The source column of the loop.
    #[getter]
    fn column(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.handle.module(py)?.ir.ops[self.handle.op].loc.col)
    }

    /// The number of `affine.for` loops around this one.
    #[getter]
    fn depth(&self, py: Python<'_>) -> PyResult<usize> {
        let m = self.handle.module(py)?;
        Ok(enclosing_loops(&m.ir, self.handle.op).len())
    }

    /// The lower bound map (several results mean their `max`).
    #[getter]
    fn lower_bound(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.read(py)?.1.lower.map.to_string())
    }

    /// The upper bound map, exclusive (several results mean their `min`).
    #[getter]
    fn upper_bound(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.read(py)?.1.upper.map.to_string())
    }

    /// The step.
    #[getter]
    fn step(&self, py: Python<'_>) -> PyResult<i64> {
        Ok(self.read(py)?.1.step)
    }

    /// The number of iterations when it is a constant, else `None`.
    #[getter]
    fn trip_count(&self, py: Python<'_>) -> PyResult<Option<u64>> {
        let (m, l) = self.read(py)?;
        Ok(l.constant_trip_count(&m.ir))
    }

    /// The `affine.for` loops directly inside this one.
    #[getter]
    fn loops(&self, py: Python<'_>) -> PyResult<Vec<Loop>> {
        let m = self.handle.module(py)?;
        let op = self.handle.op;
        Ok(loops_under(&m.ir, op)
            .into_iter()
            .filter(|&l| enclosing_loops(&m.ir, l).last() == Some(&op))
            .map(|l| Loop::of(self.handle.sibling(py, l)))
            .collect())
    }

    /// The `affine.for` around this one, or `None`.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<Loop>> {
        let m = self.handle.module(py)?;
        Ok(enclosing_loops(&m.ir, self.handle.op)
            .last()
            .map(|&l| Loop::of(self.handle.sibling(py, l))))
    }

    /// The name of the function holding the loop.
    #[getter]
    fn function(&self, py: Python<'_>) -> PyResult<String> {
        let m = self.handle.module(py)?;
        Ok(enclosing_function(&m.ir, self.handle.op)
            .map(|f| function_name(&m.ir, f))
            .unwrap_or_default())
    }

    /// The perfect band starting at this loop (the loops perfectly nested
    /// in it, itself first).
    fn band(&self, py: Python<'_>) -> PyResult<Band> {
        let m = self.handle.module(py)?;
        let loops = perfectly_nested_loops(&m.ir, self.handle.op);
        Ok(Band {
            module: self.handle.module.clone_ref(py),
            version: self.handle.version,
            loops,
        })
    }

    /// The affine loads and stores inside the loop, in program order.
    fn accesses(&self, py: Python<'_>) -> PyResult<Vec<Access>> {
        let m = self.handle.module(py)?;
        Ok(Access::under(
            self.handle.module.bind(py),
            &m,
            self.handle.op,
        ))
    }

    /// Why the loop cannot run in parallel — the dependence it carries,
    /// with a witness pair of iterations, or what the analysis cannot see
    /// — or `None` when it can. `parallel_reductions` allows `iter_args`
    /// that are reductions (as `affine-parallelize` does).
    #[pyo3(signature = (parallel_reductions=false))]
    fn why_not_parallel(
        &self,
        py: Python<'_>,
        parallel_reductions: bool,
    ) -> PyResult<Option<String>> {
        let m = self.handle.module(py)?;
        let (ir, op) = (&m.ir, self.handle.op);
        Ok(on_stack(py, || {
            why_not_parallel(ir, op, parallel_reductions)
        }))
    }

    /// Whether no dependence is carried by the loop (and nothing inside it
    /// is hidden from the analysis).
    #[pyo3(signature = (parallel_reductions=false))]
    fn is_parallel(&self, py: Python<'_>, parallel_reductions: bool) -> PyResult<bool> {
        Ok(self.why_not_parallel(py, parallel_reductions)?.is_none())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let (m, l) = self.read(py)?;
        let loc = m.ir.ops[self.handle.op].loc;
        let step = if l.step == 1 {
            String::new()
        } else {
            format!(" step {}", l.step)
        };
        let bound = |b: &tessera::transforms::loops::Bound| {
            b.as_constant()
                .map_or_else(|| b.map.to_string(), |c| c.to_string())
        };
        Ok(format!(
            "<tessera.Loop at {}:{}: {} to {}{step}>",
            loc.line,
            loc.col,
            bound(&l.lower),
            bound(&l.upper)
        ))
    }

    fn __eq__(&self, other: PyRef<'_, Loop>) -> bool {
        self.handle.same(&other.handle)
    }

    fn __hash__(&self) -> u64 {
        self.handle.hash()
    }
}

/// A perfect band: loops each directly and only inside the previous one,
/// outermost first.
#[pyclass(module = "tessera", frozen)]
pub struct Band {
    module: Py<Module>,
    version: u64,
    loops: Vec<OpId>,
}

impl Band {
    fn handle(&self, py: Python<'_>) -> Handle {
        Handle {
            module: self.module.clone_ref(py),
            version: self.version,
            op: self.loops[0],
        }
    }
}

#[pymethods]
impl Band {
    /// The band's loops, outermost first.
    #[getter]
    fn loops(&self, py: Python<'_>) -> Vec<Loop> {
        let h = self.handle(py);
        self.loops
            .iter()
            .map(|&op| Loop::of(h.sibling(py, op)))
            .collect()
    }

    fn __len__(&self) -> usize {
        self.loops.len()
    }

    /// Why the band is not fully permutable — a dependence with a negative
    /// distance on a band loop, named with a witness pair, or what the
    /// analysis cannot see — or `None` when it is (its loops can then be
    /// interchanged in any order and tiled).
    fn why_not_permutable(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let m = self.handle(py).module(py)?;
        let (ir, band) = (&m.ir, &self.loops);
        Ok(on_stack(py, || why_not_fully_permutable(ir, band)))
    }

    /// Whether the band is fully permutable.
    fn is_permutable(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.why_not_permutable(py)?.is_none())
    }

    /// Why rectangular tiling (`affine-loop-tile`) is refused for the
    /// band, or `None` when it is legal.
    fn why_not_tileable(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let m = self.handle(py).module(py)?;
        let (ir, band) = (&m.ir, &self.loops);
        Ok(on_stack(py, || why_not_tileable(ir, band)))
    }

    /// Why the permutation `perm` (loop `i` moves to position `perm[i]`,
    /// as `test-loop-permutation`'s `permutation-map`) would be illegal,
    /// or `None` when it is legal.
    fn why_not_permute(&self, py: Python<'_>, perm: Vec<usize>) -> PyResult<Option<String>> {
        let m = self.handle(py).module(py)?;
        let (ir, band) = (&m.ir, &self.loops);
        Ok(on_stack(py, || why_not_permutable(ir, band, &perm)))
    }

    /// Whether the permutation `perm` keeps every dependence.
    fn can_permute(&self, py: Python<'_>, perm: Vec<usize>) -> PyResult<bool> {
        Ok(self.why_not_permute(py, perm)?.is_none())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let m = self.handle(py).module(py)?;
        let lines: Vec<String> = self
            .loops
            .iter()
            .map(|&l| m.ir.ops[l].loc.line.to_string())
            .collect();
        Ok(format!(
            "<tessera.Band of {} loops at lines {}>",
            self.loops.len(),
            lines.join(", ")
        ))
    }
}

/// An affine load or store.
#[pyclass(module = "tessera", frozen)]
pub struct Access {
    pub(crate) handle: Handle,
    /// Program position (the numbering of dependence remarks).
    #[pyo3(get)]
    pub(crate) position: usize,
    /// Whether it writes.
    #[pyo3(get)]
    pub(crate) is_write: bool,
    /// The memref: `%argN` for a function argument, else its definition.
    #[pyo3(get)]
    pub(crate) memref: String,
    /// The subscripts as an affine map over the enclosing loops'
    /// induction variables (`d0..`, outermost first) and the symbols, or
    /// `None` when the access cannot be modelled exactly.
    #[pyo3(get)]
    pub(crate) subscripts: Option<String>,
    /// Why the access cannot be modelled exactly (then every client
    /// assumes it may depend on any access to its memref), or `None`.
    #[pyo3(get)]
    pub(crate) unknown_reason: Option<String>,
}

impl Access {
    /// The accesses under `root`, in program order.
    pub(crate) fn under(slf: &Bound<'_, Module>, m: &Module, root: OpId) -> Vec<Access> {
        let all = collect_accesses(&m.ir, m.ir.top);
        let mut inside = Vec::new();
        m.ir.walk_from(root, &mut inside);
        all.ops
            .iter()
            .zip(&all.models)
            .filter(|(op, _)| inside.contains(op))
            .map(|(&op, model)| Access::new(Handle::new(slf, m, op), &m.ir, model))
            .collect()
    }

    pub(crate) fn new(handle: Handle, ir: &tessera::ir::Module, model: &Modelled) -> Access {
        let (subscripts, unknown_reason) = match model {
            Modelled::Exact(a) => (Some(a.subscripts.to_string()), None),
            Modelled::Unknown { reason, .. } => (None, Some(reason.clone())),
        };
        Access {
            memref: memref_name(ir, handle.op, model.is_write()),
            position: model.position(),
            is_write: model.is_write(),
            subscripts,
            unknown_reason,
            handle,
        }
    }
}

#[pymethods]
impl Access {
    /// The op's name (`affine.load`, `affine.store`, ...).
    #[getter]
    fn op_name(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.handle.module(py)?.ir.ops[self.handle.op].name.clone())
    }

    /// The source line of the access.
    #[getter]
    fn line(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.handle.module(py)?.ir.ops[self.handle.op].loc.line)
    }

    /// The source column of the access.
    #[getter]
    fn column(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.handle.module(py)?.ir.ops[self.handle.op].loc.col)
    }

    /// The `affine.for` loops around the access, outermost first.
    #[getter]
    fn loops(&self, py: Python<'_>) -> PyResult<Vec<Loop>> {
        let m = self.handle.module(py)?;
        Ok(enclosing_loops(&m.ir, self.handle.op)
            .into_iter()
            .map(|l| Loop::of(self.handle.sibling(py, l)))
            .collect())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let m = self.handle.module(py)?;
        let loc = m.ir.ops[self.handle.op].loc;
        Ok(format!(
            "<tessera.Access {} at {}:{}: {} {}{}>",
            self.position,
            loc.line,
            loc.col,
            if self.is_write { "write" } else { "read" },
            self.memref,
            self.subscripts
                .as_deref()
                .map_or(String::from(" (not modelled)"), |s| format!(" {s}"))
        ))
    }

    fn __eq__(&self, other: PyRef<'_, Access>) -> bool {
        self.handle.same(&other.handle)
    }

    fn __hash__(&self) -> u64 {
        self.handle.hash()
    }
}
