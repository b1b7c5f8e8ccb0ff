//! `Set` and `Map`: Presburger sets and relations (unions of integer
//! polyhedra with existential divisions) over `tessera-polyhedral`, read
//! and printed in MLIR syntax.
//!
//! Text forms:
//!
//! - a set is an MLIR integer set, `(d0, d1)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)`
//!   (also wrapped in `affine_set<...>`, with any identifiers as names);
//! - a map is an MLIR affine map, `(d0, d1) -> (d0 + d1)` — its graph — or
//!   a relation, `(d0, d1)[s0] -> (d2) : (d2 - d0 >= 0, ...)`: the domain
//!   and range dims named in two tuples, then the constraints over both;
//! - a union is its pieces joined by ` or `.
//!
//! Invariant: the locals of every `Set` and `Map` are divisions (or
//! exactly eliminable), so every value can be complemented and printed;
//! constructors and operations that can introduce other existentials
//! (reading rows or isl objects, subtraction and complement, which negate
//! the constraints around a division) split them exactly
//! (`PresburgerSet::project_out(&[])`).

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use tessera::affine::AffineMap;
use tessera::polyhedral::symbolic::OptimumPiece;
use tessera::polyhedral::text::{as_affine_map, parse_presburger, to_text, TextError};
use tessera::polyhedral::{
    Int, IntegerRelation, LexMin, Points, PolyError, PresburgerSet, Space, VarKind,
};

use crate::errors::{affine_parse_error, poly_error};

/// Adds `Set`, `Map` and the point iterator to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Set>()?;
    m.add_class::<Map>()?;
    m.add_class::<PointIterator>()?;
    Ok(())
}

// ---------------------------------------------------------------------
// Values

/// A Python `int` for an exact integer (arbitrary size).
pub(crate) fn int_to_py<'py>(py: Python<'py>, v: &Int) -> PyResult<Bound<'py, PyAny>> {
    match v.to_i64() {
        Some(small) => Ok(small.into_pyobject(py)?.into_any()),
        None => py
            .import("builtins")?
            .getattr("int")?
            .call1((v.to_string(),)),
    }
}

/// A tuple of Python `int`s.
pub(crate) fn point_to_py<'py>(py: Python<'py>, p: &[Int]) -> PyResult<Bound<'py, PyTuple>> {
    let items = p
        .iter()
        .map(|v| int_to_py(py, v))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, items)
}

fn lex_to_py<'py>(py: Python<'py>, l: LexMin) -> PyResult<Option<Bound<'py, PyTuple>>> {
    match l {
        LexMin::Empty => Ok(None),
        LexMin::Unbounded => Err(PyValueError::new_err(
            "the set is unbounded in that direction: there is no lexicographic extremum",
        )),
        LexMin::Point(p) => point_to_py(py, &p).map(Some),
    }
}

// ---------------------------------------------------------------------
// Reading

/// Parses a set (`want_map` false) or relation text (see the module
/// documentation), with `tessera.ParseError`s located in `text`.
fn parse(py: Python<'_>, text: &str, want_map: bool) -> PyResult<PresburgerSet> {
    let read = parse_presburger(text).map_err(|e| match e {
        TextError::Syntax(e) => affine_parse_error(py, &e, text),
        TextError::UnionMismatch { .. } => PyValueError::new_err(e.to_string()),
        TextError::Poly(e) => poly_error(e),
    })?;
    match (read.is_relation, want_map) {
        (true, false) => Err(PyValueError::new_err(format!(
            "'{}' is a relation: use tessera.Map",
            text.trim()
        ))),
        (false, true) => Err(PyValueError::new_err(format!(
            "'{}' is an integer set: use tessera.Set, or write a relation '(dims) -> (dims) : (constraints)'",
            text.trim()
        ))),
        _ => Ok(read.value),
    }
}

// ---------------------------------------------------------------------
// Printing

/// One row in isl syntax over the given column names.
fn isl_row(row: &[Int], names: &[String], equality: bool) -> String {
    let mut out = String::new();
    for (a, name) in row.iter().zip(names) {
        if a.is_zero() {
            continue;
        }
        let sign = if a.is_negative() { "-" } else { "+" };
        if out.is_empty() {
            if a.is_negative() {
                out.push('-');
            }
        } else {
            out.push_str(&format!(" {sign} "));
        }
        let abs = a.abs();
        if abs.is_one() {
            out.push_str(name);
        } else {
            out.push_str(&format!("{abs}*{name}"));
        }
    }
    let c = &row[names.len()];
    if out.is_empty() {
        out = c.to_string();
    } else if !c.is_zero() {
        let sign = if c.is_negative() { "-" } else { "+" };
        out.push_str(&format!(" {sign} {}", c.abs()));
    }
    format!("{out} {} 0", if equality { "=" } else { ">=" })
}

/// The set (`is_map` false) or relation in isl's syntax
/// (`[s0] -> { [d0] -> [d1] : ... }`), locals as `exists`.
fn isl_text(s: &PresburgerSet, is_map: bool) -> String {
    let space = s.space();
    let (n, m, ns) = (
        space.count(VarKind::Domain),
        space.count(VarKind::Range),
        space.count(VarKind::Symbol),
    );
    let list =
        |r: std::ops::Range<usize>, p: &str| r.map(|i| format!("{p}{i}")).collect::<Vec<_>>();
    let params = list(0..ns, "s");
    let tuple = if is_map {
        format!(
            "[{}] -> [{}]",
            list(0..n, "d").join(", "),
            list(n..n + m, "d").join(", ")
        )
    } else {
        format!("[{}]", list(0..m, "d").join(", "))
    };
    let mut pieces = Vec::new();
    for d in s.disjuncts() {
        let locals = d.space().count(VarKind::Local);
        let mut names = list(0..n + m, "d");
        names.extend(params.iter().cloned());
        let exist = list(0..locals, "e");
        names.extend(exist.iter().cloned());
        let rows: Vec<String> = d
            .equalities()
            .iter()
            .map(|r| isl_row(r, &names, true))
            .chain(d.inequalities().iter().map(|r| isl_row(r, &names, false)))
            .collect();
        let body = if rows.is_empty() {
            "true".to_string()
        } else {
            rows.join(" and ")
        };
        pieces.push(if locals > 0 {
            format!("{tuple} : exists ({} : {body})", exist.join(", "))
        } else {
            format!("{tuple} : {body}")
        });
    }
    if pieces.is_empty() {
        pieces.push(format!("{tuple} : false"));
    }
    let prefix = if ns > 0 {
        format!("[{}] -> ", params.join(", "))
    } else {
        String::new()
    };
    format!("{prefix}{{ {} }}", pieces.join("; "))
}

// ---------------------------------------------------------------------
// islpy

/// The value of an isl `Val` as an `i64`.
fn isl_int(v: Bound<'_, PyAny>) -> PyResult<i64> {
    v.call_method0("to_python")?.extract()
}

/// The set or relation of an islpy object (`Set`/`BasicSet`, or
/// `Map`/`BasicMap` when `want_map`), read through islpy's API: each basic
/// set is lifted (its divisions become extra dims, with their defining
/// constraints), and the extra dims become locals.
fn from_isl(py: Python<'_>, obj: &Bound<'_, PyAny>, want_map: bool) -> PyResult<PresburgerSet> {
    let isl = py.import("islpy")?;
    let dim_type = isl.getattr("dim_type")?;
    let (param, set_t) = (dim_type.getattr("param")?, dim_type.getattr("set")?);
    let is = |names: &[&str]| -> PyResult<bool> {
        for name in names {
            if obj.is_instance(&isl.getattr(*name)?)? {
                return Ok(true);
            }
        }
        Ok(false)
    };
    let space = obj.call_method0("get_space")?;
    let dim =
        |t: &Bound<'_, PyAny>| -> PyResult<usize> { space.call_method1("dim", (t,))?.extract() };
    let n_par = dim(&param)?;
    let (n_dom, n_ran, as_set) = if want_map {
        if !is(&["Map", "BasicMap"])? {
            return Err(PyTypeError::new_err("expected an islpy Map or BasicMap"));
        }
        (
            dim(&dim_type.getattr("in_")?)?,
            dim(&dim_type.getattr("out")?)?,
            obj.call_method0("wrap")?,
        )
    } else {
        if !is(&["Set", "BasicSet"])? {
            return Err(PyTypeError::new_err("expected an islpy Set or BasicSet"));
        }
        (0, dim(&set_t)?, obj.clone())
    };
    let nd = n_dom + n_ran;
    let basic_sets: Vec<Bound<'_, PyAny>> = if as_set.hasattr("get_basic_sets")? {
        as_set.call_method0("get_basic_sets")?.extract()?
    } else {
        vec![as_set]
    };
    let mut out = PresburgerSet::empty(Space::relation(n_dom, n_ran, n_par));
    for b in basic_sets {
        let lifted = b.call_method0("lift")?;
        let total: usize = lifted
            .call_method0("get_space")?
            .call_method1("dim", (&set_t,))?
            .extract()?;
        let locals = total - nd;
        let space = Space::relation(n_dom, n_ran, n_par).with_count(VarKind::Local, locals);
        let mut rel = IntegerRelation::new(space);
        let constraints: Vec<Bound<'_, PyAny>> =
            lifted.call_method0("get_constraints")?.extract()?;
        for c in constraints {
            let mut row = vec![0i64; nd + n_par + locals + 1];
            for k in 0..total {
                let col = if k < nd { k } else { k + n_par };
                row[col] = isl_int(c.call_method1("get_coefficient_val", (&set_t, k))?)?;
            }
            for j in 0..n_par {
                row[nd + j] = isl_int(c.call_method1("get_coefficient_val", (&param, j))?)?;
            }
            row[nd + n_par + locals] = isl_int(c.call_method0("get_constant_val")?)?;
            let equality: bool = c.call_method0("is_equality")?.extract()?;
            if equality {
                rel.add_equality(&row).map_err(poly_error)?;
            } else {
                rel.add_inequality(&row).map_err(poly_error)?;
            }
        }
        out.add_disjunct(rel).map_err(poly_error)?;
    }
    out.project_out(&[]).map_err(poly_error)
}

/// Builds a set or relation from integer rows over
/// `[dims, symbols, locals, constant]`.
fn from_rows(
    space: Space,
    num_locals: usize,
    equalities: Option<Vec<Vec<i64>>>,
    inequalities: Option<Vec<Vec<i64>>>,
) -> PyResult<PresburgerSet> {
    let mut rel = IntegerRelation::new(space.with_count(VarKind::Local, num_locals));
    for row in equalities.unwrap_or_default() {
        rel.add_equality(&row).map_err(poly_error)?;
    }
    for row in inequalities.unwrap_or_default() {
        rel.add_inequality(&row).map_err(poly_error)?;
    }
    PresburgerSet::from_relation(rel)
        .project_out(&[])
        .map_err(poly_error)
}

/// Checks that `dims` are distinct dims below `count`.
fn check_dims(dims: &[usize], count: usize) -> PyResult<()> {
    if let Some(bad) = dims.iter().find(|&&d| d >= count) {
        return Err(PyValueError::new_err(format!(
            "dim {bad} out of range (there are {count} dims)"
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------
// The classes

/// The integer points of a bounded set or relation, in lexicographic
/// order, as tuples (see `Set.points`).
#[pyclass(module = "tessera")]
pub struct PointIterator {
    inner: Points,
}

#[pymethods]
impl PointIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        match self.inner.next() {
            Some(p) => PyTuple::new(py, p).map(Some),
            None => Ok(None),
        }
    }
}

/// A Presburger set: a union of integer polyhedra over dims and symbols,
/// with existentially quantified divisions.
///
/// Build one from MLIR integer-set syntax, e.g.
/// `Set("(d0, d1)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)")` (pieces of a union
/// joined by ` or `), or from integer rows with `Set.from_constraints`.
/// Every answer is exact over the integers. Points are tuples of the dims'
/// values followed by the symbols' values. Operators: `a & b`, `a | b`,
/// `a - b`, `~a`, `a <= b` (subset), `a < b`, `a == b`, `p in a`.
#[pyclass(module = "tessera", frozen)]
#[derive(Clone)]
pub struct Set {
    pub(crate) inner: PresburgerSet,
}

/// A Presburger relation: a union of integer polyhedra over domain dims,
/// range dims and symbols, with existentially quantified divisions.
///
/// Build one from an MLIR affine map (its graph), e.g.
/// `Map("(d0, d1) -> (d0 + d1)")`, from a relation
/// `Map("(d0)[s0] -> (d1) : (d1 - d0 >= 0, s0 - d1 >= 0)")` (range dims
/// named in the second tuple), or from integer rows with
/// `Map.from_constraints`. Points are tuples of the domain values, the
/// range values, then the symbols. Operators as for `Set`; `m(s)` is the
/// image of the set `s`.
#[pyclass(module = "tessera", frozen)]
#[derive(Clone)]
pub struct Map {
    pub(crate) inner: PresburgerSet,
}

impl Set {
    pub(crate) fn of(inner: PresburgerSet) -> Set {
        Set { inner }
    }

    fn text(&self) -> PyResult<String> {
        to_text(&self.inner, false).map_err(poly_error)
    }

    fn parse_text(py: Python<'_>, text: &str) -> PyResult<PresburgerSet> {
        parse(py, text, false)
    }

    fn isl_class() -> &'static str {
        "Set"
    }

    fn from_isl_object(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<PresburgerSet> {
        from_isl(py, obj, false)
    }
}

impl Map {
    pub(crate) fn of(inner: PresburgerSet) -> Map {
        Map { inner }
    }

    pub(crate) fn text(&self) -> PyResult<String> {
        to_text(&self.inner, true).map_err(poly_error)
    }

    fn parse_text(py: Python<'_>, text: &str) -> PyResult<PresburgerSet> {
        parse(py, text, true)
    }

    fn isl_class() -> &'static str {
        "Map"
    }

    fn from_isl_object(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<PresburgerSet> {
        from_isl(py, obj, true)
    }

    /// The affine map this relation is the graph of, if it is one (a single
    /// piece, each range dim an affine function of the domain and
    /// symbols).
    pub(crate) fn affine_map(&self) -> Option<AffineMap> {
        as_affine_map(&self.inner)
    }
}

/// The methods `Set` and `Map` share, plus the class's own (`$own`).
macro_rules! presburger_class {
    ($ty:ident, $what:literal, { $($own:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($own)*

            #[doc = concat!("Whether the ", $what, " has no integer point (exact).")]
            fn is_empty(&self) -> PyResult<bool> {
                self.inner.is_empty().map_err(poly_error)
            }

            #[doc = concat!("Whether the ", $what, " holds every integer point of its space.")]
            fn is_universe(&self) -> PyResult<bool> {
                self.inner.complement().map_err(poly_error)?.is_empty().map_err(poly_error)
            }

            #[doc = concat!("An integer point of the ", $what, " as a tuple, or `None` when it is empty.")]
            fn sample<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
                self.inner
                    .sample()
                    .map_err(poly_error)?
                    .map(|p| point_to_py(py, &p))
                    .transpose()
            }

            #[doc = concat!("The lexicographically smallest integer point of the ", $what, " (symbols last), `None` when it is empty; `ValueError` when there is none because it is unbounded.")]
            fn lexmin<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
                lex_to_py(py, self.inner.lexmin().map_err(poly_error)?)
            }

            #[doc = concat!("The lexicographically largest integer point of the ", $what, " (symbols last), `None` when it is empty; `ValueError` when it is unbounded.")]
            fn lexmax<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
                lex_to_py(py, self.inner.lexmax().map_err(poly_error)?)
            }

            #[doc = concat!("Whether the point (a sequence of ints, symbols last) is in the ", $what, ".")]
            fn contains(&self, point: Vec<i64>) -> PyResult<bool> {
                self.inner.contains(&point).map_err(poly_error)
            }

            fn __contains__(&self, point: Vec<i64>) -> PyResult<bool> {
                self.contains(point)
            }

            #[doc = concat!("The intersection (also `a & b`).")]
            fn intersect(&self, other: PyRef<'_, Self>) -> PyResult<Self> {
                self.inner.intersect(&other.inner).map(Self::of).map_err(poly_error)
            }

            #[doc = concat!("The union (also `a | b`).")]
            fn union(&self, other: PyRef<'_, Self>) -> PyResult<Self> {
                self.inner.union(&other.inner).map(Self::of).map_err(poly_error)
            }

            #[doc = concat!("The difference (also `a - b`).")]
            fn subtract(&self, other: PyRef<'_, Self>) -> PyResult<Self> {
                self.inner
                    .subtract(&other.inner)
                    .and_then(|s| s.project_out(&[]))
                    .map(Self::of)
                    .map_err(poly_error)
            }

            #[doc = concat!("The complement within the integer points of the space (also `~a`).")]
            fn complement(&self) -> PyResult<Self> {
                self.inner
                    .complement()
                    .and_then(|s| s.project_out(&[]))
                    .map(Self::of)
                    .map_err(poly_error)
            }

            #[doc = concat!("Whether every point of this ", $what, " is in `other` (also `a <= b`).")]
            fn is_subset(&self, other: PyRef<'_, Self>) -> PyResult<bool> {
                self.inner.is_subset(&other.inner).map_err(poly_error)
            }

            #[doc = concat!("Whether both have the same integer points (also `a == b`).")]
            fn is_equal(&self, other: PyRef<'_, Self>) -> PyResult<bool> {
                self.inner.is_equal(&other.inner).map_err(poly_error)
            }

            fn __and__(&self, other: PyRef<'_, Self>) -> PyResult<Self> {
                self.intersect(other)
            }

            fn __or__(&self, other: PyRef<'_, Self>) -> PyResult<Self> {
                self.union(other)
            }

            fn __sub__(&self, other: PyRef<'_, Self>) -> PyResult<Self> {
                self.subtract(other)
            }

            fn __invert__(&self) -> PyResult<Self> {
                self.complement()
            }

            fn __richcmp__(&self, other: PyRef<'_, Self>, op: CompareOp) -> PyResult<bool> {
                let (a, b) = (&self.inner, &other.inner);
                if !a.space().is_compatible(&b.space()) {
                    return match op {
                        CompareOp::Eq => Ok(false),
                        CompareOp::Ne => Ok(true),
                        _ => Err(poly_error(PolyError::SpaceMismatch {
                            left: a.space().to_string(),
                            right: b.space().to_string(),
                        })),
                    };
                }
                let sub = |x: &PresburgerSet, y: &PresburgerSet| x.is_subset(y).map_err(poly_error);
                Ok(match op {
                    CompareOp::Eq => sub(a, b)? && sub(b, a)?,
                    CompareOp::Ne => !(sub(a, b)? && sub(b, a)?),
                    CompareOp::Le => sub(a, b)?,
                    CompareOp::Lt => sub(a, b)? && !sub(b, a)?,
                    CompareOp::Ge => sub(b, a)?,
                    CompareOp::Gt => sub(b, a)? && !sub(a, b)?,
                })
            }

            #[doc = concat!("An equal ", $what, " with fewer pieces: empty pieces and pieces contained in another are dropped, and two pieces whose union is one polyhedron's points become that polyhedron.")]
            fn coalesce(&self) -> PyResult<Self> {
                self.inner.coalesce().map(Self::of).map_err(poly_error)
            }

            #[doc = concat!("The smallest polyhedron over the pieces' own constraint directions containing the ", $what, " (isl's simple_hull), as one piece.")]
            fn simple_hull(&self) -> PyResult<Self> {
                self.inner
                    .simple_hull()
                    .map(|h| Self::of(PresburgerSet::from_relation(h)))
                    .map_err(poly_error)
            }

            #[doc = concat!("The convex hull of the ", $what, ": the smallest polyhedron (over the rationals, rows tightened) containing every piece, as one piece; locals are relaxed.")]
            fn convex_hull(&self) -> PyResult<Self> {
                self.inner
                    .convex_hull()
                    .map(|h| Self::of(PresburgerSet::from_relation(h)))
                    .map_err(poly_error)
            }

            #[doc = concat!("Whether the integer points of the ", $what, " (symbols included) lie in a bounded box (exact; an empty one is bounded).")]
            fn is_bounded(&self) -> PyResult<bool> {
                for piece in self.inner.disjuncts() {
                    if !piece.is_bounded().map_err(poly_error)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }

            #[doc = concat!("The ", $what, " with each piece's constraints that `context` and the kept ones imply dropped: the same points within `context` (isl's gist).")]
            fn gist(&self, context: PyRef<'_, Self>) -> PyResult<Self> {
                let mut out = PresburgerSet::empty(self.inner.space());
                for piece in self.inner.disjuncts() {
                    let g = piece.gist(&context.inner).map_err(poly_error)?;
                    out.add_disjunct(g).map_err(poly_error)?;
                }
                Ok(Self::of(out))
            }

            #[doc = concat!("The pieces of the union, each a ", $what, " of one polyhedron.")]
            fn disjuncts(&self) -> Vec<Self> {
                self.inner
                    .disjuncts()
                    .iter()
                    .filter(|d| !d.is_integer_empty())
                    .map(|d| Self::of(PresburgerSet::from_relation(d.clone())))
                    .collect()
            }

            #[doc = concat!("The integer points of a bounded ", $what, ", lazily, in lexicographic order, as tuples (symbols last; they must be bounded too). Scans the bounding box, so the cost grows with its volume. `ValueError` when some variable is unbounded.")]
            fn points(&self) -> PyResult<PointIterator> {
                self.inner
                    .points()
                    .map(|inner| PointIterator { inner })
                    .map_err(poly_error)
            }

            #[doc = concat!("The number of integer points of a bounded ", $what, " (by enumeration, as `points`).")]
            fn count(&self) -> PyResult<u64> {
                self.inner.count_points().map_err(poly_error)
            }

            /// The number of symbols.
            #[getter]
            fn num_symbols(&self) -> usize {
                self.inner.space().count(VarKind::Symbol)
            }

            #[doc = concat!("The ", $what, " in isl's syntax (symbols as parameters `s0..`, dims `d0..`, locals as `exists`), as `islpy.", stringify!($ty), "(...)` reads it.")]
            fn isl_text(&self) -> String {
                isl_text(&self.inner, Self::isl_class() == "Map")
            }

            #[doc = concat!("The `islpy.", stringify!($ty), "` with the same points (needs islpy).")]
            fn to_isl<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                py.import("islpy")?
                    .getattr(Self::isl_class())?
                    .call1((isl_text(&self.inner, Self::isl_class() == "Map"),))
            }

            #[doc = concat!("The ", $what, " of an islpy `", stringify!($ty), "` (or `Basic", stringify!($ty), "`); isl's parameters become symbols, in their order.")]
            #[classmethod]
            fn from_isl(_cls: &Bound<'_, PyType>, py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
                Self::from_isl_object(py, obj).map(Self::of)
            }

            fn __str__(&self) -> PyResult<String> {
                self.text()
            }

            fn __repr__(&self) -> PyResult<String> {
                Ok(format!("tessera.{}({:?})", stringify!($ty), self.text()?))
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String,))> {
                Ok((slf.get_type(), (slf.get().text()?,)))
            }

            fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }

            fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
                slf
            }
        }
    };
}

presburger_class!(Set, "set", {
    /// Reads a set in MLIR integer-set syntax (pieces of a union joined by
    /// ` or `). Raises `tessera.ParseError` with the line and column of a
    /// syntax error.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<Set> {
        Set::parse_text(py, text).map(Set::of)
    }

    /// The set of integer rows over `[dims, symbols, locals, constant]`:
    /// each equality row means `row · (x, 1) == 0`, each inequality row
    /// `row · (x, 1) >= 0`; locals are existentially quantified.
    #[staticmethod]
    #[pyo3(signature = (num_dims, num_symbols=0, equalities=None, inequalities=None, num_locals=0))]
    fn from_constraints(
        num_dims: usize,
        num_symbols: usize,
        equalities: Option<Vec<Vec<i64>>>,
        inequalities: Option<Vec<Vec<i64>>>,
        num_locals: usize,
    ) -> PyResult<Set> {
        from_rows(
            Space::set(num_dims, num_symbols),
            num_locals,
            equalities,
            inequalities,
        )
        .map(Set::of)
    }

    /// Every integer point of the space.
    #[staticmethod]
    #[pyo3(signature = (num_dims, num_symbols=0))]
    fn universe(num_dims: usize, num_symbols: usize) -> Set {
        Set::of(PresburgerSet::universe(Space::set(num_dims, num_symbols)))
    }

    /// No point of the space.
    #[staticmethod]
    #[pyo3(signature = (num_dims, num_symbols=0))]
    fn empty(num_dims: usize, num_symbols: usize) -> Set {
        Set::of(PresburgerSet::empty(Space::set(num_dims, num_symbols)))
    }

    /// The number of dims.
    #[getter]
    fn num_dims(&self) -> usize {
        self.inner.space().count(VarKind::Range)
    }

    /// The image of the set under the relation `map` (also `map(set)`).
    fn apply(&self, map: PyRef<'_, Map>) -> PyResult<Set> {
        self.inner
            .apply(&map.inner)
            .map(Set::of)
            .map_err(poly_error)
    }

    /// The lexicographic minimum as a function of the symbols: `(pieces,
    /// unbounded)`, each piece `(condition, optimum)` — `condition` a set
    /// with no dims over the symbols, `optimum` a relation from no dims to
    /// the set's dims (an affine map `()[s0] -> (...)` where it is one) —
    /// and `unbounded` the symbol values with no minimum. Elsewhere the set
    /// is empty.
    fn symbolic_lexmin(&self) -> PyResult<(Vec<(Set, Map)>, Set)> {
        symbolic(&self.inner, false)
    }

    /// The lexicographic maximum, as `symbolic_lexmin`.
    fn symbolic_lexmax(&self) -> PyResult<(Vec<(Set, Map)>, Set)> {
        symbolic(&self.inner, true)
    }

    /// The number of integer points as a piecewise quasi-polynomial of the
    /// symbols: pieces `(condition, polynomial)`, `condition` a set with no
    /// dims over the symbols (a residue class as `mod` constraints),
    /// `polynomial` a dict from exponent tuples (one exponent per symbol)
    /// to `fractions.Fraction` coefficients. The conditions are disjoint;
    /// elsewhere the count is 0. Raises `ValueError` for an unbounded set.
    ///
    /// ```python
    /// >>> [(str(c), p) for c, p in Set("(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)").card()]
    /// [('()[s0] : (s0 >= 0)', {(0,): Fraction(1, 1), (1,): Fraction(1, 1)})]
    /// ```
    fn card<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Set, Bound<'py, PyDict>)>> {
        let count = self.inner.card().map_err(poly_error)?;
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        let mut out = Vec::new();
        for piece in &count.pieces {
            let terms = PyDict::new(py);
            for (exponents, coefficient) in piece.value.terms() {
                let key = PyTuple::new(py, exponents)?;
                terms.set_item(key, fraction.call1((coefficient.to_string(),))?)?;
            }
            out.push((Set::of(piece.condition().map_err(poly_error)?), terms));
        }
        Ok(out)
    }

    /// The number of integer points at the given symbol values (one per
    /// symbol), from `card`.
    fn card_at<'py>(&self, py: Python<'py>, symbols: Vec<i64>) -> PyResult<Bound<'py, PyAny>> {
        if symbols.len() != self.inner.space().count(VarKind::Symbol) {
            return Err(PyValueError::new_err(format!(
                "expected {} symbol values, found {}",
                self.inner.space().count(VarKind::Symbol),
                symbols.len()
            )));
        }
        let count = self.inner.card().map_err(poly_error)?;
        let value = count.evaluate(&symbols).map_err(poly_error)?;
        py.import("builtins")?
            .getattr("int")?
            .call1((value.to_string(),))
    }

    /// The set with the dims `dims` (indices) projected out, exactly: the
    /// remaining dims keep their order.
    fn project_out(&self, dims: Vec<usize>) -> PyResult<Set> {
        check_dims(&dims, self.num_dims())?;
        self.inner
            .project_out(&dims)
            .map(Set::of)
            .map_err(poly_error)
    }
});

presburger_class!(Map, "relation", {
    /// Reads an affine map (its graph) or a relation
    /// `(dims)[symbols] -> (dims) : (constraints)` (pieces of a union joined
    /// by ` or `). Raises `tessera.ParseError` with the line and column of a
    /// syntax error.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<Map> {
        Map::parse_text(py, text).map(Map::of)
    }

    /// The relation of integer rows over
    /// `[domain dims, range dims, symbols, locals, constant]` (see
    /// `Set.from_constraints`).
    #[staticmethod]
    #[pyo3(signature = (num_domain, num_range, num_symbols=0, equalities=None, inequalities=None, num_locals=0))]
    fn from_constraints(
        num_domain: usize,
        num_range: usize,
        num_symbols: usize,
        equalities: Option<Vec<Vec<i64>>>,
        inequalities: Option<Vec<Vec<i64>>>,
        num_locals: usize,
    ) -> PyResult<Map> {
        from_rows(
            Space::relation(num_domain, num_range, num_symbols),
            num_locals,
            equalities,
            inequalities,
        )
        .map(Map::of)
    }

    /// Every pair of integer points.
    #[staticmethod]
    #[pyo3(signature = (num_domain, num_range, num_symbols=0))]
    fn universe(num_domain: usize, num_range: usize, num_symbols: usize) -> Map {
        Map::of(PresburgerSet::universe(Space::relation(
            num_domain,
            num_range,
            num_symbols,
        )))
    }

    /// No pair.
    #[staticmethod]
    #[pyo3(signature = (num_domain, num_range, num_symbols=0))]
    fn empty(num_domain: usize, num_range: usize, num_symbols: usize) -> Map {
        Map::of(PresburgerSet::empty(Space::relation(
            num_domain,
            num_range,
            num_symbols,
        )))
    }

    /// The number of domain (input) dims.
    #[getter]
    fn num_domain_dims(&self) -> usize {
        self.inner.space().count(VarKind::Domain)
    }

    /// The number of range (output) dims.
    #[getter]
    fn num_range_dims(&self) -> usize {
        self.inner.space().count(VarKind::Range)
    }

    /// The inverse relation (domain and range exchanged).
    fn inverse(&self) -> PyResult<Map> {
        self.inner.inverse().map(Map::of).map_err(poly_error)
    }

    /// The domain: the points with some image.
    fn domain(&self) -> PyResult<Set> {
        self.inner.domain().map(Set::of).map_err(poly_error)
    }

    /// The range: the points that are some point's image.
    fn range(&self) -> PyResult<Set> {
        self.inner.range().map(Set::of).map_err(poly_error)
    }

    /// This relation, then `other`: `(x, z)` when `(x, y)` is in this one
    /// and `(y, z)` in `other` for some `y` (islpy's `apply_range`).
    fn apply_range(&self, other: PyRef<'_, Map>) -> PyResult<Map> {
        self.inner
            .apply_range(&other.inner)
            .map(Map::of)
            .map_err(poly_error)
    }

    /// `other` applied to the domain: `(x2, y)` when `(x, y)` is in this
    /// relation and `(x, x2)` in `other` (islpy's `apply_domain`).
    fn apply_domain(&self, other: PyRef<'_, Map>) -> PyResult<Map> {
        other
            .inner
            .inverse()
            .and_then(|inv| inv.apply_range(&self.inner))
            .map(Map::of)
            .map_err(poly_error)
    }

    /// `(x) -> (y, z)` where `(x) -> (y)` is in this relation and
    /// `(x) -> (z)` in `other` (islpy's `range_product`).
    fn range_product(&self, other: PyRef<'_, Map>) -> PyResult<Map> {
        self.inner
            .range_product(&other.inner)
            .map(Map::of)
            .map_err(poly_error)
    }

    /// The relation restricted to domain points in `set`.
    fn intersect_domain(&self, set: PyRef<'_, Set>) -> PyResult<Map> {
        self.inner
            .intersect_domain(&set.inner)
            .map(Map::of)
            .map_err(poly_error)
    }

    /// The relation restricted to range points in `set`.
    fn intersect_range(&self, set: PyRef<'_, Set>) -> PyResult<Map> {
        self.inner
            .intersect_range(&set.inner)
            .map(Map::of)
            .map_err(poly_error)
    }

    /// The image of `set` (`set.apply(self)`).
    fn __call__(&self, set: PyRef<'_, Set>) -> PyResult<Set> {
        set.inner
            .apply(&self.inner)
            .map(Set::of)
            .map_err(poly_error)
    }

    /// The relation as a set over its domain dims followed by its range
    /// dims (islpy's `wrap`).
    fn wrap(&self) -> Set {
        Set::of(self.inner.wrap())
    }

    /// The relation with the dims `dims` projected out; indices count the
    /// domain dims, then the range dims.
    fn project_out(&self, dims: Vec<usize>) -> PyResult<Map> {
        check_dims(&dims, self.num_domain_dims() + self.num_range_dims())?;
        self.inner
            .project_out(&dims)
            .map(Map::of)
            .map_err(poly_error)
    }

    /// The MLIR affine map this relation is the graph of, as text, or
    /// `None` when it is not a function of its domain and symbols.
    fn as_affine_map(&self) -> Option<String> {
        self.affine_map().map(|m| m.to_string())
    }
});

/// The pieces and unbounded symbol values of a symbolic extremum.
fn symbolic(set: &PresburgerSet, max: bool) -> PyResult<(Vec<(Set, Map)>, Set)> {
    let opt = if max {
        set.symbolic_lexmax()
    } else {
        set.symbolic_lexmin()
    }
    .map_err(poly_error)?;
    let mut pieces = Vec::new();
    for OptimumPiece { domain, value } in opt.pieces {
        let condition = IntegerRelation::from_integer_set(&domain).map_err(poly_error)?;
        let optimum = IntegerRelation::from_affine_map(&value).map_err(poly_error)?;
        pieces.push((
            Set::of(PresburgerSet::from_relation(condition)),
            Map::of(PresburgerSet::from_relation(optimum)),
        ));
    }
    Ok((pieces, Set::of(opt.unbounded)))
}
