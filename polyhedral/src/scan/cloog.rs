//! Reading CLooG's input format (`.cloog` files) into a [`ScanProblem`].
//!
//! CLooG's test inputs are the field's reference set of code-generation
//! problems: unions of polyhedra with their scatterings. The format
//! (CLooG's manual, section "Input file"; matrices in PolyLib form as isl
//! reads them):
//!
//! ```text
//! c                       # language: c or f
//! 1 4                     # context: rows cols, then the rows
//! 1 0 1 -1                #   flag (0: == 0, 1: >= 0), coefficients, constant
//! 1                       # parameter names given? (0 or 1)
//! m n                     #   the names
//! 1                       # number of statements
//! 1                       # per statement: number of union pieces,
//! 2 5                     #   each a matrix over (iterators, params, 1)
//! 1 1 0 0 -1
//! 1 -1 0 1 0
//! 0 0 0                   #   options (ignored)
//! 0                       # iterator names given?
//! 1                       # scattering functions: 0, or one per statement
//! 1 6                     #   over (scattering dims, iterators, params, 1)
//! 0 1 -1 0 0 0
//! 0                       # scattering names given?
//! ```
//!
//! A matrix header may give `rows cols out in locals params` (isl's
//! extension): `locals` columns are existentially quantified. When a
//! domain's matrix does not declare the parameters, its last columns
//! before the constant are the parameters; a scattering's columns are the
//! scattering dims followed by the statement's iterators. A count alone
//! on its line before a matrix is a union of that many matrices. `#`
//! starts a comment.
//!
//! [`CloogInput::to_scan`] turns the input into a [`ScanProblem`]: the
//! context becomes the problem's context; the pieces of a statement's
//! union are made disjoint (each piece minus the earlier ones, exactly)
//! and each resulting polyhedron becomes a [`ScanStatement`] that remembers
//! its CLooG statement ([`CloogScan::statement_of`]); a scattering whose
//! rows are all equalities `c_k = f_k(i, p)` (coefficient ±1 on exactly
//! one scattering dim, every dim defined once) gives the schedule rows
//! `f_k`; without scattering the schedule is the identity (padded with
//! zero rows for statements with fewer iterators). Other scatterings
//! (inequalities, existentials, several dims in one row) and isl's text
//! syntax are reported as [`CloogError::Unsupported`].
//!
//! ```
//! use tessera_polyhedral::scan::{generate, CloogInput};
//! // for (i = 1; i <= n; i++) S1(i); at time 2*i
//! let text = "c\n0 3\n0\n1\n1\n2 4\n1 1 0 -1\n1 -1 1 0\n0 0 0\n0\n1\n1 5\n0 1 -2 0 0\n0\n";
//! let input: CloogInput = text.parse()?;
//! assert_eq!((input.num_params, input.statements.len()), (1, 1));
//! let scan = input.to_scan()?;
//! assert_eq!(scan.problem.statements[0].schedule, vec![vec![2, 0, 0]]);
//! let ast = generate(&scan.problem).unwrap();
//! assert_eq!(ast.num_loops(), 1);
//! # Ok::<(), tessera_polyhedral::scan::CloogError>(())
//! ```

use super::problem::{ScanProblem, ScanStatement};
use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::{Space, VarKind};
use std::str::FromStr;
use thiserror::Error;

/// Why a `.cloog` input could not be read or converted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CloogError {
    /// The text is not in CLooG's format.
    #[error("line {line}: {message}")]
    Syntax {
        /// The 1-based line of the offending token (one past the last
        /// line at the end of the input).
        line: usize,
        /// What was expected.
        message: String,
    },
    /// The input is well-formed but has a feature the conversion does not
    /// handle.
    #[error("line {line}: unsupported: {message}")]
    Unsupported {
        /// The 1-based line where the offending item starts.
        line: usize,
        /// The feature.
        message: String,
    },
    /// An error of the polyhedral core while building the problem.
    #[error(transparent)]
    Poly(#[from] PolyError),
}

/// The target language line of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// `c`.
    C,
    /// `f` (Fortran).
    Fortran,
}

/// A parsed `.cloog` input.
#[derive(Clone, Debug)]
pub struct CloogInput {
    /// The language line.
    pub language: Language,
    /// The number of parameters (the context's dims).
    pub num_params: usize,
    /// The context: a union of sets over 0 dims and `num_params` symbols.
    pub context: Vec<IntegerRelation>,
    /// The line of the context.
    pub context_line: usize,
    /// The parameter names, when given.
    pub param_names: Option<Vec<String>>,
    /// The statements.
    pub statements: Vec<CloogStatement>,
    /// The iterator names, when given.
    pub iterator_names: Option<Vec<String>>,
    /// The scattering dims' names, when given.
    pub scattering_names: Option<Vec<String>>,
}

/// One statement of a `.cloog` input.
#[derive(Clone, Debug)]
pub struct CloogStatement {
    /// The line where its domain starts.
    pub line: usize,
    /// The union pieces of its domain: sets over the statement's iterators
    /// and the parameters (they may overlap).
    pub domain: Vec<IntegerRelation>,
    /// Its scattering, with its line: a relation from the iterators
    /// (domain dims) to the scattering dims (range dims), over the
    /// parameters.
    pub scattering: Option<(usize, IntegerRelation)>,
}

impl CloogStatement {
    /// The number of iterators.
    pub fn num_iterators(&self) -> usize {
        self.domain
            .first()
            .map_or(0, |d| d.space().count(VarKind::Range))
    }
}

/// A CLooG input as a scanning problem.
#[derive(Clone, Debug)]
pub struct CloogScan {
    /// The problem: one statement per disjoint piece of a CLooG
    /// statement's domain.
    pub problem: ScanProblem,
    /// For each statement of `problem`, the index of its CLooG statement
    /// (0-based, in input order).
    pub statement_of: Vec<usize>,
}

impl FromStr for CloogInput {
    type Err = CloogError;

    fn from_str(text: &str) -> Result<CloogInput, CloogError> {
        Parser::new(text).input()
    }
}

impl CloogInput {
    /// The scanning problem of this input (see the module documentation).
    pub fn to_scan(&self) -> Result<CloogScan, CloogError> {
        let p = self.num_params;
        let schedules = self.schedules()?;
        let mut statements = Vec::new();
        let mut statement_of = Vec::new();
        for (s, (st, schedule)) in self.statements.iter().zip(schedules).enumerate() {
            for piece in disjoint_pieces(&st.domain)? {
                statements.push(ScanStatement::new(piece, schedule.clone()));
                statement_of.push(s);
            }
        }
        let mut problem = ScanProblem::new(p, statements);
        match self.context.as_slice() {
            [] => {}
            [c] => {
                if c.num_constraints() > 0 {
                    problem = problem.with_context(c.clone());
                }
            }
            _ => {
                return Err(CloogError::Unsupported {
                    line: self.context_line,
                    message: "a context that is a union of several polyhedra".into(),
                })
            }
        }
        Ok(CloogScan {
            problem,
            statement_of,
        })
    }

    /// The schedule rows of every statement.
    fn schedules(&self) -> Result<Vec<Vec<Vec<i64>>>, CloogError> {
        let p = self.num_params;
        if self.statements.iter().all(|s| s.scattering.is_none()) {
            let m = self
                .statements
                .iter()
                .map(CloogStatement::num_iterators)
                .max()
                .unwrap_or(0);
            return Ok(self
                .statements
                .iter()
                .map(|s| {
                    let n = s.num_iterators();
                    (0..m)
                        .map(|r| {
                            let mut row = vec![0; n + p + 1];
                            if r < n {
                                row[r] = 1;
                            }
                            row
                        })
                        .collect()
                })
                .collect());
        }
        let mut out = Vec::new();
        let mut depth = None;
        for st in &self.statements {
            // The parser gives every statement a scattering or none.
            let Some((line, scat)) = &st.scattering else {
                return Err(CloogError::Unsupported {
                    line: st.line,
                    message: "a statement without scattering among scattered ones".into(),
                });
            };
            let d = scat.space().count(VarKind::Range);
            if *depth.get_or_insert(d) != d {
                return Err(CloogError::Unsupported {
                    line: *line,
                    message: format!(
                        "scattering functions of different dimensions ({d} and {})",
                        depth.unwrap_or(0)
                    ),
                });
            }
            out.push(
                schedule_rows(scat).map_err(|message| CloogError::Unsupported {
                    line: *line,
                    message,
                })?,
            );
        }
        Ok(out)
    }
}

/// The schedule rows `f_k` of a scattering `c_k = f_k(i, p)`, or why the
/// scattering is not of that form.
fn schedule_rows(scat: &IntegerRelation) -> Result<Vec<Vec<i64>>, String> {
    let sp = scat.space();
    let n = sp.count(VarKind::Domain);
    let d = sp.count(VarKind::Range);
    let p = sp.count(VarKind::Symbol);
    if sp.count(VarKind::Local) > 0 {
        return Err("a scattering with existential variables".into());
    }
    // Rows without variables (`1 >= 0`) say nothing, or that the
    // scattering is empty.
    let vars = sp.num_vars();
    let trivial = |r: &Vec<Int>| r[..vars].iter().all(Int::is_zero);
    if scat
        .equalities()
        .iter()
        .any(|r| trivial(r) && !r[vars].is_zero())
        || scat
            .inequalities()
            .iter()
            .any(|r| trivial(r) && r[vars].is_negative())
    {
        return Err("an empty scattering".into());
    }
    if scat.inequalities().iter().any(|r| !trivial(r)) {
        return Err("a scattering with inequalities (not an affine function)".into());
    }
    let mut rows: Vec<Option<Vec<i64>>> = vec![None; d];
    for eq in scat.equalities().iter().filter(|r| !trivial(r)) {
        let mut on = (0..d).filter(|&k| !eq[n + k].is_zero());
        let (Some(k), None) = (on.next(), on.next()) else {
            return Err("a scattering row that does not define exactly one scattering dim".into());
        };
        let c = &eq[n + k];
        if !c.is_unit() {
            return Err(format!("scattering dim c{} with coefficient {c}", k + 1));
        }
        if rows[k].is_some() {
            return Err(format!("scattering dim c{} defined twice", k + 1));
        }
        // c·c_k + g = 0 with c = ±1: c_k = -c·g.
        let neg = c.is_negative();
        let g = (0..n).chain(n + d..n + d + p + 1);
        let row = g
            .map(|j| {
                let v = eq[j]
                    .to_i64()
                    .ok_or_else(|| format!("coefficient {} beyond 64 bits", eq[j]))?;
                Ok(if neg { v } else { -v })
            })
            .collect::<Result<Vec<i64>, String>>()?;
        rows[k] = Some(row);
    }
    rows.into_iter()
        .enumerate()
        .map(|(k, r)| r.ok_or_else(|| format!("scattering dim c{} is not defined", k + 1)))
        .collect()
}

/// The pieces of a union made disjoint: the union coalesced (pieces whose
/// union is one polyhedron merge), then each piece minus the earlier ones,
/// exactly, coalesced; integer-empty pieces are dropped.
fn disjoint_pieces(union: &[IntegerRelation]) -> Result<Vec<IntegerRelation>, PolyError> {
    let Some((first, rest)) = union.split_first() else {
        return Ok(Vec::new());
    };
    let mut set = PresburgerSet::from_relation(first.clone());
    for piece in rest {
        set.add_disjunct(piece.clone())?;
    }
    let coalesced = set.coalesce()?;
    let union = coalesced.disjuncts();
    let mut out = Vec::new();
    for (k, piece) in union.iter().enumerate() {
        let mut rest = PresburgerSet::from_relation(piece.clone());
        for earlier in &union[..k] {
            rest = rest.subtract(&PresburgerSet::from_relation(earlier.clone()))?;
        }
        out.extend(rest.coalesce()?.disjuncts().iter().cloned());
    }
    Ok(out)
}

/// A matrix as read: the rows (flag first) and isl's optional header
/// `out in locals params`.
#[derive(Clone)]
struct Matrix {
    line: usize,
    cols: usize,
    header: Option<[usize; 4]>,
    rows: Vec<Vec<i64>>,
}

/// Where a matrix column goes.
#[derive(Clone, Copy)]
enum Role {
    Out(usize),
    In(usize),
    Param(usize),
    Local(usize),
}

/// The column roles of a matrix and the counts (out, in, locals), after
/// CLooG's moves: when the matrix does not declare `num_params`
/// parameters, its last `num_params` output columns are the parameters;
/// when `num_in` is given and the matrix declares no inputs, its last
/// `num_in` remaining output columns are the inputs.
fn roles(
    m: &Matrix,
    num_params: usize,
    num_in: Option<usize>,
) -> Result<(Vec<Role>, [usize; 3]), CloogError> {
    let err = |message: String| CloogError::Syntax {
        line: m.line,
        message,
    };
    let [mut out, mut inp, local, mut param] = m.header.unwrap_or([m.cols - 2, 0, 0, 0]);
    let mut roles = Vec::with_capacity(m.cols - 2);
    roles.extend((0..out).map(Role::Out));
    roles.extend((0..inp).map(Role::In));
    roles.extend((0..local).map(Role::Local));
    roles.extend((0..param).map(Role::Param));
    if param != num_params {
        if param != 0 || out < num_params {
            return Err(err(format!(
                "{} columns for {num_params} parameters",
                out + param
            )));
        }
        out -= num_params;
        for (j, r) in roles.iter_mut().enumerate().skip(out).take(num_params) {
            *r = Role::Param(j - out);
        }
        param = num_params;
    }
    debug_assert_eq!(param, num_params);
    if let Some(n) = num_in {
        if inp != n {
            if inp != 0 || out < n {
                return Err(err(format!("{out} columns for {n} iterators")));
            }
            out -= n;
            for (j, r) in roles.iter_mut().enumerate().skip(out).take(n) {
                *r = Role::In(j - out);
            }
            inp = n;
        }
    } else if inp != 0 {
        return Err(err("input dimensions in a set".into()));
    }
    Ok((roles, [out, inp, local]))
}

/// The relation of a matrix: a set over (out, params) when `num_in` is
/// `None`, else a relation from the `num_in` inputs to the outputs.
fn relation(
    m: &Matrix,
    num_params: usize,
    num_in: Option<usize>,
) -> Result<IntegerRelation, CloogError> {
    let (roles, [out, inp, local]) = roles(m, num_params, num_in)?;
    let space = Space::relation(inp, out, num_params).with_count(VarKind::Local, local);
    let mut rel = IntegerRelation::new(space);
    let (o_off, i_off) = (space.offset(VarKind::Range), space.offset(VarKind::Domain));
    let (p_off, l_off) = (space.offset(VarKind::Symbol), space.offset(VarKind::Local));
    for row in &m.rows {
        let mut r = vec![Int::ZERO; space.num_cols()];
        for (role, &v) in roles.iter().zip(&row[1..]) {
            let col = match *role {
                Role::Out(j) => o_off + j,
                Role::In(j) => i_off + j,
                Role::Param(j) => p_off + j,
                Role::Local(j) => l_off + j,
            };
            r[col] = Int::from(v);
        }
        r[space.num_vars()] = Int::from(row[m.cols - 1]);
        if row[0] == 0 {
            rel.add_equality_int(r)?;
        } else {
            rel.add_inequality_int(r)?;
        }
    }
    Ok(rel)
}

/// The input's non-empty lines, comments stripped, split into tokens.
struct Parser<'a> {
    lines: Vec<(usize, Vec<&'a str>)>,
    /// The current line and the next token on it.
    at: (usize, usize),
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        let lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("")))
            .map(|(i, l)| (i, l.split_whitespace().collect::<Vec<_>>()))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        Parser { lines, at: (0, 0) }
    }

    /// The line number of the next token (one past the last line at the
    /// end).
    fn line(&self) -> usize {
        match self.lines.get(self.at.0) {
            Some((l, _)) => *l,
            None => self.lines.last().map_or(1, |(l, _)| l + 1),
        }
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T, CloogError> {
        Err(CloogError::Syntax {
            line: self.line(),
            message: message.into(),
        })
    }

    /// Moves to the start of the next line if the current one is used up.
    fn skip_used_line(&mut self) {
        if let Some((_, t)) = self.lines.get(self.at.0) {
            if self.at.1 >= t.len() {
                self.at = (self.at.0 + 1, 0);
            }
        }
    }

    /// The next token and whether it starts its line.
    fn token(&mut self, what: &str) -> Result<(&'a str, bool), CloogError> {
        self.skip_used_line();
        let Some((_, t)) = self.lines.get(self.at.0) else {
            return self.error(format!("unexpected end of input, expected {what}"));
        };
        let first = self.at.1 == 0;
        let tok = t[self.at.1];
        self.at.1 += 1;
        Ok((tok, first))
    }

    /// The next token if it is on the current line.
    fn token_on_line(&mut self) -> Option<&'a str> {
        let (_, t) = self.lines.get(self.at.0)?;
        let tok = t.get(self.at.1)?;
        self.at.1 += 1;
        Some(tok)
    }

    fn number(&self, tok: &str, what: &str) -> Result<i64, CloogError> {
        match tok.parse::<i64>() {
            Ok(v) => Ok(v),
            Err(_) if tok.starts_with('[') || tok.starts_with('{') => {
                Err(CloogError::Unsupported {
                    line: self.line(),
                    message: format!("isl's text syntax ('{tok}'), expected {what}"),
                })
            }
            Err(_) => self.error(format!("expected {what}, found '{tok}'")),
        }
    }

    fn count(&self, tok: &str, what: &str) -> Result<usize, CloogError> {
        let v = self.number(tok, what)?;
        usize::try_from(v).or_else(|_| self.error(format!("{what} must not be negative")))
    }

    /// CLooG's line-oriented items: the first token of the next line; the
    /// rest of that line is ignored.
    fn line_item(&mut self, what: &str) -> Result<&'a str, CloogError> {
        if self.at.1 > 0 {
            self.at = (self.at.0 + 1, 0);
        }
        let (tok, _) = self.token(what)?;
        self.at = (self.at.0 + 1, 0);
        Ok(tok)
    }

    fn line_count(&mut self, what: &str) -> Result<usize, CloogError> {
        let line = self.line();
        let tok = self.line_item(what)?;
        self.count(tok, what).map_err(|e| relocate(e, line))
    }

    fn input(mut self) -> Result<CloogInput, CloogError> {
        let line = self.line();
        let language = match self.line_item("the language (c or f)")? {
            "c" | "C" => Language::C,
            "f" | "F" => Language::Fortran,
            other => {
                return Err(CloogError::Syntax {
                    line,
                    message: format!("expected the language c or f, found '{other}'"),
                })
            }
        };
        let context_line = self.line();
        let context = self.union("the context")?;
        let mut num_params = None;
        let context = context
            .iter()
            .map(|m| {
                // The context's dims are the parameters.
                let [out, _, _, param] = m.header.unwrap_or([m.cols - 2, 0, 0, 0]);
                if *num_params.get_or_insert(out + param) != out + param {
                    return Err(CloogError::Syntax {
                        line: m.line,
                        message: "context pieces of different dimensions".into(),
                    });
                }
                relation(m, out + param, None)
            })
            .collect::<Result<Vec<_>, CloogError>>()?;
        let num_params = num_params.unwrap_or(0);
        let param_names = self.names(num_params, "parameter")?;
        let num_statements = self.line_count("the number of statements")?;
        let mut statements = Vec::new();
        for s in 0..num_statements {
            let line = self.line();
            let what = format!("the domain of statement {}", s + 1);
            let domain = self
                .union(&what)?
                .iter()
                .map(|m| relation(m, num_params, None))
                .collect::<Result<Vec<_>, _>>()?;
            if domain
                .windows(2)
                .any(|w| w[0].space().count(VarKind::Range) != w[1].space().count(VarKind::Range))
            {
                return Err(CloogError::Syntax {
                    line,
                    message: format!("{what}: union pieces of different dimensions"),
                });
            }
            // CLooG's "0 0 0" options line: three numbers.
            let opt_line = self.line();
            self.line_item("the options line (0 0 0)")?;
            let words = &self.lines[self.at.0 - 1].1;
            if words.len() < 3 || words[..3].iter().any(|w| w.parse::<i64>().is_err()) {
                return Err(CloogError::Syntax {
                    line: opt_line,
                    message: "expected the options line of three numbers (0 0 0)".into(),
                });
            }
            statements.push(CloogStatement {
                line,
                domain,
                scattering: None,
            });
        }
        let num_iterators = statements
            .iter()
            .map(CloogStatement::num_iterators)
            .max()
            .unwrap_or(0);
        let iterator_names = self.names(num_iterators, "iterator")?;
        // CLooG reads a missing scattering count as 0.
        let num_scatterings = if self.at.0 >= self.lines.len() {
            0
        } else {
            self.line_count("the number of scattering functions")?
        };
        let mut scattering_names = None;
        if num_scatterings > 0 {
            if num_scatterings != statements.len() {
                return self.error(format!(
                    "{num_scatterings} scattering functions for {} statements",
                    statements.len()
                ));
            }
            let mut num_scat_dims = 0;
            for (s, st) in statements.iter_mut().enumerate() {
                let line = self.line();
                let what = format!("the scattering of statement {}", s + 1);
                let m = match self.union(&what)?.as_slice() {
                    [m] => m,
                    _ => {
                        return Err(CloogError::Unsupported {
                            line,
                            message: format!("{what} is a union"),
                        })
                    }
                }
                .clone();
                let rel = relation(&m, num_params, Some(st.num_iterators()))?;
                num_scat_dims = num_scat_dims.max(rel.space().count(VarKind::Range));
                st.scattering = Some((line, rel));
            }
            if self.at.0 < self.lines.len() || self.at.1 > 0 {
                scattering_names = self.names(num_scat_dims, "scattering")?;
            }
        }
        Ok(CloogInput {
            language,
            num_params,
            context,
            context_line,
            param_names,
            statements,
            iterator_names,
            scattering_names,
        })
    }

    /// A names item: a flag line, then (flag non-zero, `n > 0`) a line
    /// with at least `n` names.
    fn names(&mut self, n: usize, what: &str) -> Result<Option<Vec<String>>, CloogError> {
        let flag = self.line_count(&format!("the {what} names flag (0 or 1)"))?;
        if flag == 0 || n == 0 {
            return Ok(None);
        }
        let line = self.line();
        let Some((_, words)) = self.lines.get(self.at.0) else {
            return self.error(format!("expected {n} {what} names"));
        };
        if words.len() < n {
            return Err(CloogError::Syntax {
                line,
                message: format!("expected {n} {what} names, found {}", words.len()),
            });
        }
        let names = words[..n].iter().map(|w| w.to_string()).collect();
        self.at = (self.at.0 + 1, 0);
        Ok(Some(names))
    }

    /// A PolyLib union: a matrix, or a count alone on its line followed by
    /// that many matrices.
    fn union(&mut self, what: &str) -> Result<Vec<Matrix>, CloogError> {
        self.skip_used_line();
        let save = self.at;
        let (tok, _) = self.token(what)?;
        let first = self.number(tok, what)?;
        if self.token_on_line().is_some() {
            self.at = save;
            return Ok(vec![self.matrix(what)?]);
        }
        if first < 1 {
            self.at = save;
            return self.error(format!("{what}: a union of {first} polyhedra"));
        }
        let mut out = Vec::new();
        for _ in 0..first {
            out.push(self.matrix(what)?);
        }
        Ok(out)
    }

    /// A matrix: `rows cols [out in locals params]`, then one line per
    /// row: a 0/1 flag and `cols - 1` numbers.
    fn matrix(&mut self, what: &str) -> Result<Matrix, CloogError> {
        let (tok, _) = self.token(what)?;
        let line = self.line();
        let rows = self.count(tok, &format!("the number of rows of {what}"))?;
        let Some(tok) = self.token_on_line() else {
            return self.error(format!("expected the number of columns of {what}"));
        };
        let cols = self.count(tok, &format!("the number of columns of {what}"))?;
        if cols < 2 {
            return self.error(format!("{what}: {cols} columns, at least 2 needed"));
        }
        let header = match self.token_on_line() {
            None => None,
            Some(tok) => {
                let mut h = [self.count(tok, "the number of output dims")?, 0, 0, 0];
                for (k, name) in ["input dims", "existentials", "parameters"]
                    .iter()
                    .enumerate()
                {
                    let Some(tok) = self.token_on_line() else {
                        return self.error(format!("expected the number of {name}"));
                    };
                    h[k + 1] = self.count(tok, &format!("the number of {name}"))?;
                }
                if h.iter().try_fold(2usize, |a, &b| a.checked_add(b)) != Some(cols) {
                    return self.error(format!(
                        "{what}: {cols} columns do not match the dimensions {h:?}"
                    ));
                }
                Some(h)
            }
        };
        if self.token_on_line().is_some() {
            self.at.1 -= 1;
            return self.error(format!("{what}: unexpected token after the matrix size"));
        }
        let mut out = Vec::new();
        for r in 0..rows {
            let (tok, first) = self.token(&format!("row {} of {what}", r + 1))?;
            if !first {
                return self.error(format!("{what}: a row must start on a new line"));
            }
            let flag = self.number(tok, "the row's 0/1 flag")?;
            if flag != 0 && flag != 1 {
                return self.error(format!("{what}: row flag {flag}, expected 0 or 1"));
            }
            let mut row = vec![flag];
            for _ in 1..cols {
                let Some(tok) = self.token_on_line() else {
                    return self.error(format!(
                        "{what}: row {} has fewer than {cols} entries",
                        r + 1
                    ));
                };
                row.push(self.number(tok, "a coefficient")?);
            }
            if self.token_on_line().is_some() {
                self.at.1 -= 1;
                return self.error(format!(
                    "{what}: row {} has more than {cols} entries",
                    r + 1
                ));
            }
            out.push(row);
        }
        Ok(Matrix {
            line,
            cols,
            header,
            rows: out,
        })
    }
}

/// The same error at another line.
fn relocate(e: CloogError, line: usize) -> CloogError {
    match e {
        CloogError::Syntax { message, .. } => CloogError::Syntax { line, message },
        CloogError::Unsupported { message, .. } => CloogError::Unsupported { line, message },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err_line(text: &str) -> usize {
        match text.parse::<CloogInput>() {
            Err(CloogError::Syntax { line, .. }) | Err(CloogError::Unsupported { line, .. }) => {
                line
            }
            other => panic!("{other:?}"),
        }
    }

    // Context n >= 2; S1 on [0, n] or [1, n + 1]; S2 at i = 7.
    const TWO: &str = "c\n# ctx\n1 3\n1 1 -2\n1\nn\n2\n2\n2 4\n1 1 0 0\n1 -1 1 0\n\
                       2 4\n1 1 0 -1\n1 -1 1 1\n0 0 0\n1 4\n0 1 0 -7\n0 0 0\n0\n0\n";

    #[test]
    fn reads_unions_names_and_the_identity_schedule() {
        let input: CloogInput = TWO.parse().unwrap();
        assert_eq!(input.num_params, 1);
        assert_eq!(input.param_names, Some(vec!["n".to_string()]));
        assert_eq!(input.statements[0].domain.len(), 2);
        let scan = input.to_scan().unwrap();
        // The second piece minus the first is { n + 1 }.
        assert_eq!(scan.statement_of, vec![0, 0, 1]);
        let extra = &scan.problem.statements[1].domain;
        assert!(extra.contains(&[6, 5]).unwrap() && !extra.contains(&[5, 5]).unwrap());
        let last = &scan.problem.statements.last().unwrap();
        assert_eq!(last.schedule, vec![vec![1, 0, 0]]);
        assert!(scan.problem.context.is_some());
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(err_line(""), 1);
        assert_eq!(err_line("x\n"), 1);
        assert_eq!(err_line("c\n1 3\n1 1\n"), 3);
        assert_eq!(err_line("c\n1 3\n2 1 1\n"), 3);
        assert_eq!(err_line("c\n1 3\n1 1 1 1\n"), 3);
        assert_eq!(err_line("c\n0 2\n0\n1\n1\n1 4 1 0 0 0\n"), 6);
        assert_eq!(err_line("c\n0 2\n0\n1\n1\n1 3\n1 1 0\n"), 8);
        assert_eq!(err_line("c\n[n] -> { : }\n"), 2);
        assert_eq!(err_line("c\n0 2\n0\n3\n"), 5);
        assert_eq!(err_line("c\n0 2\n0\n-1\n"), 4);
    }

    #[test]
    fn scatterings_must_be_functions() {
        let base = "c\n0 2\n0\n1\n1 3\n1 1 0\n0 0 0\n0\n1\n";
        let ok = format!("{base}1 4\n0 -1 3 1\n0\n");
        let s = ok.parse::<CloogInput>().unwrap().to_scan().unwrap();
        assert_eq!(s.problem.statements[0].schedule, vec![vec![3, 1]]);
        for bad in [
            "1 4\n1 -1 3 1\n",
            "1 4\n0 -2 3 1\n",
            "2 5\n0 1 1 0 0\n0 1 0 0 0\n",
        ] {
            let text = format!("{base}{bad}0\n");
            let e = text.parse::<CloogInput>().unwrap().to_scan().unwrap_err();
            assert!(matches!(e, CloogError::Unsupported { line: 10, .. }), "{e}");
        }
    }

    #[test]
    fn existentials_in_a_header() {
        // { i : 0 <= i <= 3, i = 3e } (CLooG's test/isl/mod).
        let text = "c\n0 2\n0\n1\n1\n2 4 1 0 1 0\n1 1 0 0\n1 -1 0 3\n0 0 0\n0\n0\n";
        let mut input: CloogInput = text.parse().unwrap();
        input.statements[0].domain[0]
            .add_equality(&[1, -3, 0])
            .unwrap();
        let scan = input.to_scan().unwrap();
        let d = &scan.problem.statements[0].domain;
        assert!(d.contains(&[3]).unwrap() && !d.contains(&[2]).unwrap());
    }
}
