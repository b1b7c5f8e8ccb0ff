//! Dependences and schedules: `Dependence`, `Witness`, `Statement`,
//! `Schedule`, `Legality`, `AutoSchedule`, and the `Module` methods that
//! make them.

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString};
use tessera::affine::parse::parse_affine_map;
use tessera::affine::AffineMap;
use tessera::ir::OpId;
use tessera::polyhedral::{IntegerRelation, PresburgerSet, Space};
use tessera::transforms::dependence::{
    collect_accesses, domain_pieces, AccessDesc, DependencePolyhedron, Modelled,
    Witness as RustWitness,
};
use tessera::transforms::schedule::{schedule_maps, FusePolicy, ScheduleOptions};
use tessera::transforms::scop::{
    check_schedule, find_scops, generate_scop, memory_dependences, parse_schedule_file,
    print_schedules, value_flow_dependences, FunctionModel, ScheduleViolation,
};

use crate::errors::{affine_parse_error, poly_error, schedule_parse_error, Error};
use crate::module::{memref_name, on_stack, Access, Handle, Loop, Module};
use crate::presburger::{Map, Set};

/// Adds the analysis classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Dependence>()?;
    m.add_class::<Witness>()?;
    m.add_class::<Statement>()?;
    m.add_class::<StatementDependence>()?;
    m.add_class::<Schedule>()?;
    m.add_class::<Legality>()?;
    m.add_class::<AutoSchedule>()?;
    Ok(())
}

/// A pair of statement or access instances that depend on each other.
#[pyclass(module = "tessera", frozen)]
#[derive(Clone)]
pub struct Witness {
    /// The source's iteration (induction variables, outermost first).
    #[pyo3(get)]
    source: Vec<i64>,
    /// The sink's iteration.
    #[pyo3(get)]
    sink: Vec<i64>,
    /// The values of the symbols (the function's loop-invariant values).
    #[pyo3(get)]
    symbols: Vec<i64>,
}

impl From<RustWitness> for Witness {
    fn from(w: RustWitness) -> Witness {
        Witness {
            source: w.source,
            sink: w.sink,
            symbols: w.symbols,
        }
    }
}

#[pymethods]
impl Witness {
    fn __repr__(&self) -> String {
        format!(
            "<tessera.Witness {:?} -> {:?}{}>",
            self.source,
            self.sink,
            if self.symbols.is_empty() {
                String::new()
            } else {
                format!(" with symbols {:?}", self.symbols)
            }
        )
    }
}

/// A dependence of one access (the sink) on another (the source) at one
/// depth: some pair of iterations touches the same element, the source
/// first.
#[pyclass(module = "tessera", frozen)]
pub struct Dependence {
    /// The access that runs first.
    #[pyo3(get)]
    source: Py<Access>,
    /// The access that runs second.
    #[pyo3(get)]
    sink: Py<Access>,
    /// `"RAW"` (flow), `"WAR"` (anti) or `"WAW"` (output).
    #[pyo3(get)]
    kind: &'static str,
    /// The depth as MLIR counts it: `d <= len(common loops)` means carried
    /// by the `d`-th common loop; one more means loop-independent.
    #[pyo3(get)]
    depth: usize,
    /// The `affine.for` carrying the dependence, or `None` when it is
    /// loop-independent (or carried by an `affine.parallel` dim).
    #[pyo3(get, name = "loop")]
    carrier: Option<Py<Loop>>,
    /// Per common loop, the `(min, max)` of sink minus source iteration
    /// (`None` for an unbounded end); empty when not proven.
    #[pyo3(get)]
    distances: Vec<(Option<i64>, Option<i64>)>,
    /// The exact set of distance vectors (one dim per common loop, over
    /// the symbols), or `None` when it was not computed.
    #[pyo3(get)]
    distance_set: Option<Py<Set>>,
    /// A pair of dependent iterations, or `None` when not proven.
    #[pyo3(get)]
    witness: Option<Py<Witness>>,
    /// `False` when the dependence could not be ruled out but was not
    /// proven either (an access the analysis cannot model, a limit).
    #[pyo3(get)]
    proven: bool,
    /// Why it is not proven, or `None`.
    #[pyo3(get)]
    reason: Option<String>,
    /// Whether the dependence is within one iteration of every common
    /// loop (depth = common loops + 1).
    #[pyo3(get)]
    loop_independent: bool,
}

#[pymethods]
impl Dependence {
    fn __repr__(&self, py: Python<'_>) -> String {
        let (s, t) = (self.source.bind(py).get(), self.sink.bind(py).get());
        let end = |v: &Option<i64>, inf: &str| v.map_or(inf.to_string(), |v| v.to_string());
        let shown: Vec<String> = self
            .distances
            .iter()
            .map(|(lo, hi)| format!("[{}, {}]", end(lo, "-inf"), end(hi, "+inf")))
            .collect();
        format!(
            "<tessera.Dependence {} access {} -> access {} at depth {}{}{}>",
            self.kind,
            s.position,
            t.position,
            self.depth,
            if shown.is_empty() {
                String::new()
            } else {
                format!(" distances {}", shown.join(""))
            },
            if self.proven { "" } else { " (not proven)" }
        )
    }
}

/// One dependence found by `dependences`, before it becomes Python
/// objects.
struct Found {
    source: usize,
    sink: usize,
    kind: &'static str,
    depth: usize,
    common: usize,
    carrier: Option<OpId>,
    distances: Vec<(Option<i64>, Option<i64>)>,
    distance_set: Option<PresburgerSet>,
    witness: Option<RustWitness>,
    reason: Option<String>,
}

/// The exact distance set of a dependence polyhedron as one union.
fn distance_union(poly: &DependencePolyhedron) -> Option<PresburgerSet> {
    let sets = poly.distance_set().ok()?;
    let (_, _, syms) = poly.column_counts();
    let mut out = PresburgerSet::empty(Space::set(poly.common_loops(), syms));
    for s in sets {
        out.add_disjunct(IntegerRelation::from_integer_set(&s).ok()?)
            .ok()?;
    }
    Some(out)
}

/// Every dependence among `models` (see `Module.dependences`).
fn find_dependences(ir: &tessera::ir::Module, models: &[Modelled]) -> Vec<Found> {
    let mut found = Vec::new();
    for (i, source) in models.iter().enumerate() {
        for (j, sink) in models.iter().enumerate() {
            let kind = match (source.is_write(), sink.is_write()) {
                (true, false) => "RAW",
                (false, true) => "WAR",
                (true, true) => "WAW",
                (false, false) => continue,
            };
            if source.memref() != sink.memref() {
                continue;
            }
            let (li, lj) = (source.loop_ids(), sink.loop_ids());
            let common = li.iter().zip(&lj).take_while(|(a, b)| a == b).count();
            for depth in 1..=common + 1 {
                let carrier = (depth <= common)
                    .then(|| OpId::from_u32(li[depth - 1]))
                    .filter(|&op| ir.ops.get(op).is_some_and(|d| d.name == "affine.for"));
                let mut f = Found {
                    source: i,
                    sink: j,
                    kind,
                    depth,
                    common,
                    carrier,
                    distances: Vec::new(),
                    distance_set: None,
                    witness: None,
                    reason: None,
                };
                match (source, sink) {
                    (Modelled::Exact(s), Modelled::Exact(t)) => {
                        match DependencePolyhedron::build(s, t, depth) {
                            Ok(None) => continue,
                            Ok(Some(poly)) => match poly.witness() {
                                Ok(None) => continue,
                                Ok(Some(w)) => {
                                    f.witness = Some(w);
                                    match poly.distances() {
                                        Ok(d) => {
                                            f.distances = d.iter().map(|r| (r.min, r.max)).collect()
                                        }
                                        Err(e) => f.reason = Some(e.to_string()),
                                    }
                                    f.distance_set = distance_union(&poly);
                                }
                                Err(e) => f.reason = Some(e.to_string()),
                            },
                            Err(e) => f.reason = Some(e.to_string()),
                        }
                    }
                    (Modelled::Unknown { reason, .. }, _)
                    | (_, Modelled::Unknown { reason, .. }) => {
                        if depth > common && i >= j {
                            continue;
                        }
                        f.reason = Some(format!("an access cannot be analysed: {reason}"));
                    }
                }
                found.push(f);
            }
        }
    }
    found
}

/// `Module.dependences`.
pub(crate) fn dependences(
    slf: &Bound<'_, Module>,
    func: Option<&str>,
) -> PyResult<Vec<Dependence>> {
    let py = slf.py();
    let m = slf.borrow();
    let root = match func {
        None => m.ir.top,
        Some(name) => {
            m.ir.function(name)
                .ok_or_else(|| PyKeyError::new_err(format!("no function @{name}")))?
        }
    };
    let ir = &m.ir;
    let (ops, found) = on_stack(py, || {
        let all = collect_accesses(ir, root);
        let found = find_dependences(ir, &all.models);
        (all.ops, (all.models, found))
    });
    let (models, found) = found;
    let accesses: Vec<Py<Access>> = ops
        .iter()
        .zip(&models)
        .map(|(&op, model)| Py::new(py, Access::new(Handle::new(slf, &m, op), &m.ir, model)))
        .collect::<PyResult<_>>()?;
    found
        .into_iter()
        .map(|f| {
            Ok(Dependence {
                source: accesses[f.source].clone_ref(py),
                sink: accesses[f.sink].clone_ref(py),
                kind: f.kind,
                depth: f.depth,
                carrier: f
                    .carrier
                    .map(|op| Py::new(py, Loop::of(Handle::new(slf, &m, op))))
                    .transpose()?,
                distances: f.distances,
                distance_set: f
                    .distance_set
                    .map(|s| Py::new(py, Set::of(s)))
                    .transpose()?,
                proven: f.witness.is_some(),
                witness: f
                    .witness
                    .map(|w| Py::new(py, Witness::from(w)))
                    .transpose()?,
                reason: f.reason,
                loop_independent: f.depth > f.common,
            })
        })
        .collect()
}

// ---------------------------------------------------------------------
// Schedules

/// One statement of the polyhedral model: a store and the loads and pure
/// ops computing its value.
#[pyclass(module = "tessera", frozen)]
pub struct Statement {
    /// `S<k>`, numbered per function in textual order (the schedule
    /// file's names).
    #[pyo3(get)]
    name: String,
    /// The function holding it.
    #[pyo3(get)]
    function: String,
    /// The SCoP (static control part) it belongs to, numbered per
    /// function.
    #[pyo3(get)]
    scop: usize,
    /// The source line of its store.
    #[pyo3(get)]
    line: u32,
    /// The number of loops around it (the dims of its iteration vector).
    #[pyo3(get)]
    depth: usize,
    /// Its iteration domain over the loops' induction variables and the
    /// symbols, or `None` when it is not a single polyhedron (under an
    /// `else`).
    #[pyo3(get)]
    domain: Option<Py<Set>>,
    /// Its schedule: iteration vector (and symbols) to time vector.
    #[pyo3(get)]
    schedule: Py<Map>,
    /// The written element, `memref[subscripts]`.
    #[pyo3(get)]
    writes: String,
    /// The read elements.
    #[pyo3(get)]
    reads: Vec<String>,
}

#[pymethods]
impl Statement {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<tessera.Statement {} (line {}): {} = f({}); schedule {}>",
            self.name,
            self.line,
            self.writes,
            self.reads.join(", "),
            self.schedule.bind(py).str()?
        ))
    }
}

/// The polyhedral model of one function: its statements and their
/// schedules. `schedule["S0"]` is a statement's schedule as a `Map`;
/// `str(schedule)` is the schedule file `--print-schedule` writes (edit
/// it and pass it to `Module.apply_schedule`).
#[pyclass(module = "tessera", frozen)]
pub struct Schedule {
    /// The function.
    #[pyo3(get)]
    function: String,
    /// The statements, in order.
    #[pyo3(get)]
    statements: Vec<Py<Statement>>,
    text: String,
}

#[pymethods]
impl Schedule {
    /// Statement name to schedule (`Map`).
    #[getter]
    fn maps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for s in &self.statements {
            let s = s.bind(py).get();
            d.set_item(&s.name, s.schedule.clone_ref(py))?;
        }
        Ok(d)
    }

    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<Py<Map>> {
        self.statements
            .iter()
            .map(|s| s.bind(py).get())
            .find(|s| s.name == name)
            .map(|s| s.schedule.clone_ref(py))
            .ok_or_else(|| PyKeyError::new_err(name.to_string()))
    }

    fn __len__(&self) -> usize {
        self.statements.len()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tessera.Schedule @{}: {} statements>",
            self.function,
            self.statements.len()
        )
    }
}

/// A dependence between two statements of the polyhedral model, as a
/// relation between their instances.
#[pyclass(module = "tessera", frozen)]
pub struct StatementDependence {
    /// The statement that runs first (`"S0"`, the schedule file's names).
    #[pyo3(get)]
    source: String,
    /// The statement that runs second.
    #[pyo3(get)]
    sink: String,
    /// `"flow"`, `"anti"` or `"output"`.
    #[pyo3(get)]
    kind: &'static str,
    /// Whether only last writers are paired with reads (value-based flow);
    /// `False` for memory-based dependences.
    #[pyo3(get)]
    value_based: bool,
    /// The source and sink lines of the two accesses.
    #[pyo3(get)]
    lines: (u32, u32),
    /// The pairs: source iteration -> sink iteration (over the symbols).
    #[pyo3(get)]
    relation: Py<Map>,
    /// Sink minus source iteration on the common loops, when it is the
    /// same for every pair; else `None`.
    #[pyo3(get)]
    distance: Option<Vec<i64>>,
}

#[pymethods]
impl StatementDependence {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<tessera.StatementDependence {}{} {} -> {}{}: {}>",
            if self.value_based { "value " } else { "" },
            self.kind,
            self.source,
            self.sink,
            self.distance
                .as_ref()
                .map(|d| format!(" distance {d:?}"))
                .unwrap_or_default(),
            self.relation.bind(py).str()?
        ))
    }
}

/// `Module.statement_dependences`.
pub(crate) fn statement_dependences(
    slf: &Bound<'_, Module>,
    func: Option<&str>,
    value_based: bool,
) -> PyResult<Vec<StatementDependence>> {
    let py = slf.py();
    let m = slf.borrow();
    let ir = &m.ir;
    let models = on_stack(py, || find_scops(ir));
    let model = model_of(&m, models, func)?;
    let mut out = Vec::new();
    let mut first = 0;
    for scop in &model.scops {
        let deps = on_stack(py, || {
            if value_based {
                value_flow_dependences(&model, scop)
            } else {
                memory_dependences(&model, scop)
            }
        })
        .map_err(Error::new_err)?;
        for d in deps {
            out.push(StatementDependence {
                source: format!("S{}", first + d.src),
                sink: format!("S{}", first + d.dst),
                kind: d.kind.name(),
                value_based: d.value_based,
                lines: (ir.ops[d.accesses.0].loc.line, ir.ops[d.accesses.1].loc.line),
                distance: d.uniform_distance().ok().flatten(),
                relation: Py::new(py, Map::of(d.relation))?,
            });
        }
        first += scop.statements.len();
    }
    Ok(out)
}

/// Whether a schedule keeps every dependence. True in a boolean context
/// when it is legal.
#[pyclass(module = "tessera", frozen)]
pub struct Legality {
    /// Whether every dependence is kept.
    #[pyo3(get)]
    legal: bool,
    /// Why not (the violated dependence, its statements and a witness
    /// pair), or `None`.
    #[pyo3(get)]
    why_not: Option<String>,
    /// The source and sink statements (`"S<k>"`) of the violated
    /// dependence, or `None`.
    #[pyo3(get)]
    statements: Option<(String, String)>,
    /// Instances the schedule would not run in order, or `None`.
    #[pyo3(get)]
    witness: Option<Py<Witness>>,
}

impl Legality {
    fn legal() -> Legality {
        Legality {
            legal: true,
            why_not: None,
            statements: None,
            witness: None,
        }
    }
}

#[pymethods]
impl Legality {
    fn __bool__(&self) -> bool {
        self.legal
    }

    fn __repr__(&self) -> String {
        match &self.why_not {
            None => "<tessera.Legality: legal>".to_string(),
            Some(why) => format!("<tessera.Legality: illegal: {why}>"),
        }
    }
}

/// The automatic scheduler's result for one function: `maps` (statement
/// name to `Map`, for the SCoPs it rescheduled), the `explanation` of each
/// decision, and the `legality` of the result as the independent check
/// finds it. Apply it with `module.apply_schedule(result.maps)`.
#[pyclass(module = "tessera", frozen)]
pub struct AutoSchedule {
    /// The function.
    #[pyo3(get)]
    function: String,
    /// Statement name to new schedule.
    #[pyo3(get)]
    maps: Py<PyDict>,
    /// One line per decision, SCoP by SCoP.
    #[pyo3(get)]
    explanation: Vec<String>,
    /// The legality of the maps.
    #[pyo3(get)]
    legality: Py<Legality>,
}

#[pymethods]
impl AutoSchedule {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<tessera.AutoSchedule @{}: {} statements rescheduled>",
            self.function,
            self.maps.bind(py).len()
        )
    }
}

/// `memref[subscripts]` of a statement's access.
fn element(ir: &tessera::ir::Module, op: OpId, a: &AccessDesc) -> String {
    let subs: Vec<String> = a
        .subscripts
        .results()
        .iter()
        .map(|e| e.to_string())
        .collect();
    format!("{}[{}]", memref_name(ir, op, a.is_write), subs.join(", "))
}

/// The functions with statements.
fn with_statements(models: &[FunctionModel]) -> Vec<String> {
    models
        .iter()
        .filter(|f| f.scops.iter().any(|s| !s.statements.is_empty()))
        .map(|f| f.name.clone())
        .collect()
}

/// The model of the function `func` picks.
fn model_of(m: &Module, models: Vec<FunctionModel>, func: Option<&str>) -> PyResult<FunctionModel> {
    let name = m.pick_function(func, &with_statements(&models))?;
    models
        .into_iter()
        .find(|f| f.name == name)
        .ok_or_else(|| PyValueError::new_err(format!("@{name} has no statements")))
}

/// A `Map` for an affine map.
fn map_of(map: &AffineMap) -> PyResult<Map> {
    IntegerRelation::from_affine_map(map)
        .map(|r| Map::of(PresburgerSet::from_relation(r)))
        .map_err(poly_error)
}

/// `Module.schedule`.
pub(crate) fn schedule(slf: &Bound<'_, Module>, func: Option<&str>) -> PyResult<Schedule> {
    let py = slf.py();
    let m = slf.borrow();
    let ir = &m.ir;
    let models = on_stack(py, || find_scops(ir));
    let model = model_of(&m, models, func)?;
    let text = print_schedules(ir, std::slice::from_ref(&model));
    let mut statements = Vec::new();
    let mut k = 0;
    for (i, scop) in model.scops.iter().enumerate() {
        for s in &scop.statements {
            let domain = domain_pieces(&s.write)
                .ok()
                .and_then(|pieces| union_of(pieces).ok().flatten())
                .map(|d| Py::new(py, Set::of(d)))
                .transpose()?;
            statements.push(Py::new(
                py,
                Statement {
                    name: format!("S{k}"),
                    function: model.name.clone(),
                    scop: i,
                    line: ir.ops[s.op].loc.line,
                    depth: s.depth(),
                    domain,
                    schedule: Py::new(py, map_of(&s.schedule)?)?,
                    writes: element(ir, s.op, &s.write),
                    reads: s
                        .read_ops
                        .iter()
                        .zip(&s.reads)
                        .map(|(&op, a)| element(ir, op, a))
                        .collect(),
                },
            )?);
            k += 1;
        }
    }
    Ok(Schedule {
        function: model.name,
        statements,
        text,
    })
}

/// A statement number from a key `"S<k>"` or `k`.
fn statement_number(key: &Bound<'_, PyAny>) -> PyResult<usize> {
    if key.is_instance_of::<PyInt>() {
        return key.extract();
    }
    let text: String = key.extract()?;
    text.strip_prefix('S')
        .and_then(|k| k.parse().ok())
        .ok_or_else(|| PyKeyError::new_err(format!("'{text}' is not a statement name (S<k>)")))
}

/// The affine map of a schedule given as a `Map` or as text.
fn schedule_map(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<AffineMap> {
    if let Ok(map) = value.cast::<Map>() {
        return match map.get().affine_map() {
            Some(m) => Ok(m),
            None => Err(PyValueError::new_err(format!(
                "the schedule {} is not an affine function of the iteration vector",
                map.get().text()?
            ))),
        };
    }
    if let Ok(text) = value.cast::<PyString>() {
        let text: String = text.extract()?;
        let text = text.as_str();
        return parse_affine_map(text).map_err(|e| affine_parse_error(py, &e, text));
    }
    Err(PyTypeError::new_err(
        "a schedule is a tessera.Map or an affine map's text",
    ))
}

/// The schedule entries `(function, statement number, map)` of a dict or
/// a schedule file text.
fn schedule_entries(
    py: Python<'_>,
    m: &Module,
    models: &[FunctionModel],
    schedules: &Bound<'_, PyAny>,
    func: Option<&str>,
) -> PyResult<Vec<(String, usize, AffineMap)>> {
    if let Ok(text) = schedules.cast::<PyString>() {
        let file = parse_schedule_file(&text.extract::<String>()?)
            .map_err(|e| schedule_parse_error(py, &e))?;
        return Ok(file
            .entries
            .into_iter()
            .map(|(f, k, map, _)| (f, k, map))
            .collect());
    }
    let dict = schedules
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("schedules must be a dict or a schedule file's text"))?;
    let name = m.pick_function(func, &with_statements(models))?;
    let mut entries = Vec::new();
    for (key, value) in dict.iter() {
        entries.push((
            name.clone(),
            statement_number(&key)?,
            schedule_map(py, &value)?,
        ));
    }
    Ok(entries)
}

/// A `Legality` for a violation in a SCoP whose first statement is
/// number `first`.
fn violation(py: Python<'_>, v: ScheduleViolation, first: usize) -> PyResult<Legality> {
    let why_not = Some(v.to_string());
    Ok(match v {
        ScheduleViolation::Reversed {
            statements: (s, t),
            witness,
            ..
        } => Legality {
            legal: false,
            why_not,
            statements: Some((format!("S{}", first + s), format!("S{}", first + t))),
            witness: Some(Py::new(py, Witness::from(witness))?),
        },
        ScheduleViolation::Malformed(_) | ScheduleViolation::Undecided(_) => Legality {
            legal: false,
            why_not,
            statements: None,
            witness: None,
        },
    })
}

/// `Module.check_schedule` and `Module.apply_schedule`: the legality of
/// the new schedules and, when `apply` and legal, the module with the new
/// code (generated on a copy, so a failure leaves the module as it was).
pub(crate) fn check_or_apply(
    py: Python<'_>,
    m: &Module,
    schedules: &Bound<'_, PyAny>,
    func: Option<&str>,
    apply: bool,
) -> PyResult<(Legality, Option<tessera::ir::Module>)> {
    let ir = &m.ir;
    let models = on_stack(py, || find_scops(ir));
    let entries = schedule_entries(py, m, &models, schedules, func)?;
    for (f, k, _) in &entries {
        let count = models
            .iter()
            .find(|model| model.name == *f)
            .map_or(0, |model| {
                model.scops.iter().map(|s| s.statements.len()).sum()
            });
        if *k >= count {
            return Err(PyKeyError::new_err(format!(
                "@{f} has no statement S{k} ({count} statements)"
            )));
        }
    }
    let mut plans = Vec::new();
    for model in &models {
        if !entries.iter().any(|(f, ..)| *f == model.name) {
            continue;
        }
        let mut first = 0;
        for scop in &model.scops {
            let maps: Vec<AffineMap> = scop
                .statements
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    entries
                        .iter()
                        .rev()
                        .find(|(f, n, _)| *f == model.name && *n == first + k)
                        .map_or_else(|| s.schedule.clone(), |(_, _, map)| map.clone())
                })
                .collect();
            if let Err(v) = on_stack(py, || check_schedule(model, scop, &maps)) {
                return Ok((violation(py, v, first)?, None));
            }
            first += scop.statements.len();
            plans.push((model, scop, maps));
        }
    }
    if !apply {
        return Ok((Legality::legal(), None));
    }
    let mut work = ir.clone();
    on_stack(py, || {
        for (model, scop, maps) in &plans {
            generate_scop(&mut work, model, scop, maps)
                .map_err(|e| format!("cannot generate code for @{}: {e}", model.name))?;
        }
        Ok::<(), String>(())
    })
    .map_err(Error::new_err)?;
    Ok((Legality::legal(), Some(work)))
}

/// `Module.auto_schedule`.
pub(crate) fn auto_schedule(
    py: Python<'_>,
    m: &Module,
    func: Option<&str>,
    fuse: &str,
    tile: bool,
    tile_size: u64,
) -> PyResult<AutoSchedule> {
    let fuse = FusePolicy::parse(fuse).ok_or_else(|| {
        PyValueError::new_err(format!(
            "fuse must be 'none', 'smart' or 'max', not '{fuse}'"
        ))
    })?;
    let options = ScheduleOptions {
        fuse,
        tile,
        tile_size,
        skew: true,
        skew_inner: true,
        separate: false,
        serial_skew: false,
        wavefront: false,
    };
    let ir = &m.ir;
    let models = on_stack(py, || find_scops(ir));
    let model = model_of(m, models, func)?;
    let maps = PyDict::new(py);
    let mut explanation = Vec::new();
    let mut legality = Legality::legal();
    let mut first = 0;
    for (i, scop) in model.scops.iter().enumerate() {
        let nsyms = model.num_symbols(scop);
        match on_stack(py, || schedule_maps(scop, nsyms, &options)) {
            Ok((found, why)) => {
                explanation.extend(why.into_iter().map(|w| format!("SCoP {i}: {w}")));
                if legality.legal {
                    if let Err(v) = on_stack(py, || check_schedule(&model, scop, &found)) {
                        legality = violation(py, v, first)?;
                    }
                }
                for (k, map) in found.iter().enumerate() {
                    maps.set_item(format!("S{}", first + k), Py::new(py, map_of(map)?)?)?;
                }
            }
            Err(why) => explanation.push(format!("SCoP {i}: kept as it is: {why}")),
        }
        first += scop.statements.len();
    }
    Ok(AutoSchedule {
        function: model.name,
        maps: maps.unbind(),
        explanation,
        legality: Py::new(py, legality)?,
    })
}

/// The union of disjoint pieces (`None` when there are none).
fn union_of(
    pieces: Vec<IntegerRelation>,
) -> Result<Option<PresburgerSet>, tessera::polyhedral::PolyError> {
    let mut pieces = pieces.into_iter();
    let Some(first) = pieces.next() else {
        return Ok(None);
    };
    let mut set = PresburgerSet::from_relation(first);
    for p in pieces {
        set.add_disjunct(p)?;
    }
    Ok(Some(set))
}
