//! The query language of `tessera-calc`: one query a line, MLIR syntax in
//! and out.
//!
//! | query | answer |
//! |---|---|
//! | `simplify MAP-OR-SET` | the canonical form |
//! | `compose MAP1 MAP2` | `MAP1 ∘ MAP2` (MAP2's results feed MAP1's dims) |
//! | `eval MAP-OR-SET 3,4 [10]` | the results `(.., ..)`, or `true`/`false` for a set; symbols in brackets |
//! | `is-empty SET` | `true`/`false`: does the set have no integer point? |
//! | `sample SET` | an integer point `(d..)[s..]`, or `empty` |
//! | `is-rationally-empty SET` | `true`/`false`: does the set have no rational point? |
//! | `is-bounded SET` | `true`/`false`: do its integer points lie in a bounded box? |
//! | `lexmin SET`, `lexmax SET` | the lexicographically smallest (largest) point, `empty` or `unbounded` |
//! | `dim-min SET dK`, `dim-max SET dK` | the extremum of one dim as a piecewise function of the symbols (as `symbolic-lexmin`) |
//! | `coalesce SET-OR-RELATION` | the union with pieces merged where their union is one polyhedron |
//! | `convex-hull SET-OR-RELATION` | the smallest polyhedron containing the union (rational hull, rows tightened; locals relaxed) |
//! | `simple-hull SET-OR-RELATION` | the smallest polyhedron over the pieces' constraint directions containing the union |
//! | `symbolic-lexmin SET`, `symbolic-lexmax SET` | the optimum as a piecewise function of the symbols: `()[s0] -> (s0, 0) where ()[s0] : (s0 >= 0); unbounded where ...` |
//! | `card SET` | the number of integer points as a piecewise quasi-polynomial of the symbols: `1/2 * s0^2 + 1/2 * s0 where ()[s0] : (s0 - 1 >= 0)`, one polynomial per residue class where the count is periodic; of a relation, the number of images of each domain point (`card (d0) -> (d1) : (d1 >= 0, d0 - d1 >= 0)` gives `d0 + 1 where (d0) : (d0 >= 0)`) |
//! | `rational-lexmin SET` | the smallest rational point (`(3/2, 0)`), `empty` or `unbounded` |
//! | `remove-redundant SET` | the set without the inequalities the others imply |
//! | `gist A B` | `A` without the constraints `B` and the kept ones imply (the same points within `B`) |
//! | `project SET --keep d0,d2` | the exact projection onto the kept dims (renumbered in that order) |
//! | `bounds SET EXPR` | `[min, max]` of the expression on the set (`-inf`/`+inf`), or `empty` |
//! | `is-subset A B`, `is-equal A B` | `true`/`false` |
//! | `intersect A B`, `union A B`, `subtract A B`, `complement A` | the result, disjuncts joined by ` or ` |
//! | `domain R`, `range R`, `inverse R`, `wrap R` | a relation's domain, range (sets), inverse, or the set over its domain and range dims |
//! | `apply S R` | the image of the set `S` under the relation `R` |
//! | `apply-range R1 R2` | the composition: `R1`, then `R2` |
//! | `range-product R1 R2` | `(x) -> (y, z)` for `(x) -> (y)` in `R1` and `(x) -> (z)` in `R2` |
//! | `intersect-domain R S`, `intersect-range R S` | `R` restricted to domain (range) points in `S` |
//!
//! A relation is an affine map (its graph), `(d0) -> (d0 + 1)`, or MLIR's
//! relation form, `(d0)[s0] -> (d1) : (d1 - d0 >= 0, s0 - d1 >= 0)`; the
//! queries on sets (`is-empty`, `sample`, `lexmin`, `lexmax`, the set
//! operations, `is-subset`, `is-equal`) take relations too.
//!
//! Maps and sets may be written bare, `(d0) -> (d0 + 1)`, or wrapped,
//! `affine_map<(d0) -> (d0 + 1)>`; answers come in the form of the first
//! operand.
//!
//! ```
//! use tessera::calc::run_query;
//! assert_eq!(run_query("simplify (d0) -> (d0 floordiv 4 * 4 + d0 mod 4)").unwrap(), "(d0) -> (d0)");
//! assert_eq!(run_query("eval (d0)[s0] -> (d0 + s0) 3 [4]").unwrap(), "(7)");
//! ```

use std::fmt;

use tessera_affine::parse::{parse_map_or_set_prefix, MapOrSet};
use tessera_affine::{AffineMap, IntegerSet, ParseError};
use tessera_polyhedral::text::{parse_presburger_prefix, Presburger, TextError};

mod presburger;

/// A query that could not be answered, with the byte column (1-based) in
/// the query line where the problem is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{column}: error: {message}")]
pub struct QueryError {
    /// 1-based byte column in the query line.
    pub column: usize,
    /// What went wrong.
    pub message: String,
}

impl QueryError {
    fn at(column: usize, message: impl Into<String>) -> Self {
        QueryError {
            column,
            message: message.into(),
        }
    }

    fn from_parse(base: usize, e: ParseError) -> Self {
        // Operands are single-line, so the parse error's offset is a column.
        QueryError::at(base + e.offset + 1, e.message)
    }
}

/// The unconsumed part of a query line and its byte offset in the line.
struct Cursor<'a> {
    line: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn skip_ws(&mut self) {
        let rest = &self.line[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn rest(&self) -> &'a str {
        &self.line[self.pos..]
    }

    fn word(&mut self) -> Option<&'a str> {
        self.skip_ws();
        let rest = self.rest();
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        (len > 0).then(|| {
            self.pos += len;
            &rest[..len]
        })
    }

    /// The next operand: a map or set; remembers whether it was wrapped.
    fn operand(&mut self) -> Result<(MapOrSet, bool), QueryError> {
        self.skip_ws();
        if self.rest().is_empty() {
            return Err(QueryError::at(
                self.pos + 1,
                "expected an affine map or integer set",
            ));
        }
        let wrapped = self.rest().starts_with("affine_");
        let (parsed, used) = parse_map_or_set_prefix(self.rest())
            .map_err(|e| QueryError::from_parse(self.pos, e))?;
        self.pos += used;
        Ok((parsed, wrapped))
    }

    fn map_operand(&mut self) -> Result<(AffineMap, bool), QueryError> {
        let start = self.pos;
        match self.operand()? {
            (MapOrSet::Map(m), wrapped) => Ok((m, wrapped)),
            (MapOrSet::Set(_), _) => Err(QueryError::at(
                start + 1,
                "expected an affine map, found an integer set",
            )),
        }
    }

    fn set_operand(&mut self) -> Result<IntegerSet, QueryError> {
        self.skip_ws();
        let start = self.pos;
        match self.operand()? {
            (MapOrSet::Set(s), _) => Ok(s),
            (MapOrSet::Map(_), _) => Err(QueryError::at(
                start + 1,
                "expected an integer set, found an affine map",
            )),
        }
    }

    /// A set or relation, or a union of either, `A or B or ...` (the form
    /// unions print in).
    fn value_operand(&mut self) -> Result<Presburger, QueryError> {
        self.skip_ws();
        if self.rest().is_empty() {
            return Err(QueryError::at(
                self.pos + 1,
                "expected an integer set or a relation",
            ));
        }
        let base = self.pos;
        let (value, used) = parse_presburger_prefix(self.rest()).map_err(|e| match e {
            TextError::Syntax(e) => QueryError::from_parse(base, e),
            TextError::UnionMismatch { offset } => QueryError::at(
                base + offset + 1,
                "the pieces of a union must have the same kind, dims and symbols",
            ),
            TextError::Poly(e) => QueryError::at(base + 1, e.to_string()),
        })?;
        self.pos += used;
        Ok(value)
    }

    /// The rest of the line, trimmed, and its column.
    fn rest_of_line(&mut self) -> (&'a str, usize) {
        self.skip_ws();
        let at = self.pos + 1;
        let text = self.rest().trim_end();
        self.pos = self.line.len();
        (text, at)
    }

    fn end(&mut self) -> Result<(), QueryError> {
        self.skip_ws();
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(QueryError::at(
                self.pos + 1,
                "unexpected characters after the query",
            ))
        }
    }

    /// A comma-separated list of integers, optionally in brackets.
    fn integers(&mut self, bracketed: bool) -> Result<Vec<i64>, QueryError> {
        self.skip_ws();
        let start = self.pos;
        let mut text = self.word().unwrap_or("");
        if bracketed {
            text = text
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .ok_or_else(|| {
                    QueryError::at(start + 1, "expected symbol values as '[v0,v1,...]'")
                })?;
        }
        if text.is_empty() {
            return Ok(Vec::new());
        }
        text.split(',')
            .map(|v| {
                v.trim().parse::<i64>().map_err(|_| {
                    QueryError::at(start + 1, format!("expected an integer, found '{v}'"))
                })
            })
            .collect()
    }
}

fn show(value: &MapOrSet, wrapped: bool) -> String {
    match (value, wrapped) {
        (MapOrSet::Map(m), true) => m.wrapped().to_string(),
        (MapOrSet::Set(s), true) => s.wrapped().to_string(),
        (v, false) => v.to_string(),
    }
}

/// Answers one query line. Empty lines and lines starting with `#` answer
/// nothing (`Ok("")`).
pub fn run_query(line: &str) -> Result<String, QueryError> {
    let mut cur = Cursor { line, pos: 0 };
    cur.skip_ws();
    if cur.rest().is_empty() || cur.rest().starts_with('#') {
        return Ok(String::new());
    }
    let command_at = cur.pos + 1;
    let command = cur.word().unwrap_or_default();
    let answer = match command {
        "simplify" => {
            let (value, wrapped) = cur.operand()?;
            let simplified = match value {
                MapOrSet::Map(m) => MapOrSet::Map(m.simplify()),
                MapOrSet::Set(s) => MapOrSet::Set(s.simplify()),
            };
            show(&simplified, wrapped)
        }
        "compose" => {
            let (f, wrapped) = cur.map_operand()?;
            let at = cur.pos + 1;
            let (g, _) = cur.map_operand()?;
            let h = f
                .compose(&g)
                .map_err(|e| QueryError::at(at, e.to_string()))?;
            show(&MapOrSet::Map(h), wrapped)
        }
        "eval" => {
            let (value, _) = cur.operand()?;
            let at = cur.pos + 1;
            let dims = cur.integers(false)?;
            cur.skip_ws();
            let symbols = if cur.rest().starts_with('[') {
                cur.integers(true)?
            } else {
                Vec::new()
            };
            match value {
                MapOrSet::Map(m) => {
                    let values = m
                        .evaluate(&dims, &symbols)
                        .map_err(|e| QueryError::at(at, e.to_string()))?;
                    format!("({})", Joined(&values))
                }
                MapOrSet::Set(s) => s
                    .contains(&dims, &symbols)
                    .map_err(|e| QueryError::at(at, e.to_string()))?
                    .to_string(),
            }
        }
        "is-empty" | "sample" | "lexmin" | "lexmax" | "complement" => {
            let at = cur.pos + 1;
            let value = cur.value_operand()?;
            let answer = match command {
                "is-empty" => presburger::is_empty(&value),
                "sample" => presburger::sample(&value),
                "lexmin" => presburger::lexmin(&value),
                "lexmax" => presburger::lexmax(&value),
                _ => presburger::set_operation(command, &value, None),
            };
            answer.map_err(|m| QueryError::at(at, m))?
        }
        "dim-min" | "dim-max" => {
            let at = cur.pos + 1;
            let value = cur.value_operand()?;
            cur.skip_ws();
            let dim_at = cur.pos + 1;
            let word = cur.word().unwrap_or("");
            let dim = word
                .strip_prefix('d')
                .and_then(|n| n.parse::<u32>().ok())
                .ok_or_else(|| QueryError::at(dim_at, format!("expected a dim name like d0, found '{word}'")))?;
            presburger::dim_extremum(&value, dim, command == "dim-max")
                .map_err(|m| QueryError::at(at, m))?
        }
        "coalesce" | "simple-hull" | "convex-hull" => {
            let at = cur.pos + 1;
            let value = cur.value_operand()?;
            let answer = match command {
                "coalesce" => presburger::coalesce(&value),
                "simple-hull" => presburger::simple_hull(&value),
                _ => presburger::hull(&value, true),
            };
            answer.map_err(|m| QueryError::at(at, m))?
        }
        "card" => {
            let at = cur.pos + 1;
            let value = cur.value_operand()?;
            presburger::card(&value).map_err(|m| QueryError::at(at, m))?
        }
        "symbolic-lexmin" | "symbolic-lexmax" => {
            let at = cur.pos + 1;
            let value = cur.value_operand()?;
            presburger::symbolic_extremum(&value, command == "symbolic-lexmax")
                .map_err(|m| QueryError::at(at, m))?
        }
        "domain" | "range" | "inverse" | "wrap" => {
            let at = cur.pos + 1;
            let value = cur.value_operand()?;
            presburger::relation_operation(command, &value, None)
                .map_err(|m| QueryError::at(at, m))?
        }
        "apply-range" | "range-product" | "apply" | "intersect-domain" | "intersect-range" => {
            let at = cur.pos + 1;
            let a = cur.value_operand()?;
            let b = cur.value_operand()?;
            presburger::relation_operation(command, &a, Some(&b))
                .map_err(|m| QueryError::at(at, m))?
        }
        "is-rationally-empty" | "is-bounded" | "rational-lexmin" | "remove-redundant" => {
            let at = cur.pos + 1;
            let set = cur.set_operand()?;
            let answer = match command {
                "is-rationally-empty" => presburger::is_rationally_empty(&set),
                "is-bounded" => presburger::is_bounded(&set),
                "rational-lexmin" => presburger::rational_lexmin(&set),
                _ => presburger::remove_redundant(&set),
            };
            answer.map_err(|m| QueryError::at(at, m))?
        }
        "is-subset" | "is-equal" | "intersect" | "union" | "subtract" => {
            let at = cur.pos + 1;
            let a = cur.value_operand()?;
            let b = cur.value_operand()?;
            let answer = match command {
                "is-subset" => presburger::is_subset(&a, &b),
                "is-equal" => presburger::is_equal(&a, &b),
                _ => presburger::set_operation(command, &a, Some(&b)),
            };
            answer.map_err(|m| QueryError::at(at, m))?
        }
        "gist" => {
            let at = cur.pos + 1;
            let a = cur.set_operand()?;
            let context = cur.value_operand()?;
            presburger::gist(&a, &context).map_err(|m| QueryError::at(at, m))?
        }
        "project" => {
            let at = cur.pos + 1;
            let set = cur.set_operand()?;
            cur.skip_ws();
            let keep_at = cur.pos + 1;
            if cur.word() != Some("--keep") {
                return Err(QueryError::at(keep_at, "expected '--keep d0,d1,...'"));
            }
            let list_at = cur.pos + 2;
            let list = cur.word().unwrap_or("");
            let keep = list
                .split(',')
                .filter(|w| !w.is_empty())
                .map(|w| {
                    w.strip_prefix('d')
                        .and_then(|n| n.parse::<u32>().ok())
                        .ok_or_else(|| QueryError::at(list_at, format!("expected a dim name like d0, found '{w}'")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            presburger::project(&set, &keep).map_err(|m| QueryError::at(at, m))?
        }
        "bounds" => {
            let set = cur.set_operand()?;
            let (expr, at) = cur.rest_of_line();
            if expr.is_empty() {
                return Err(QueryError::at(at, "expected an affine expression of the set's dims and symbols"));
            }
            presburger::bounds(&set, expr).map_err(|m| QueryError::at(at, m))?
        }
        other => {
            return Err(QueryError::at(
                command_at,
                format!(
                    "unknown query '{other}' (expected simplify, compose, eval, is-empty, is-rationally-empty, \
                     is-bounded, sample, lexmin, lexmax, rational-lexmin, project, bounds, remove-redundant, \
                     symbolic-lexmin, symbolic-lexmax, card, dim-min, dim-max, coalesce, simple-hull, convex-hull, is-subset, is-equal, intersect, union, subtract, \
                     complement, gist, domain, range, \
                     inverse, wrap, apply, apply-range, range-product, intersect-domain or intersect-range)"
                ),
            ))
        }
    };
    cur.end()?;
    Ok(answer)
}

struct Joined<'a>(&'a [i64]);

impl fmt::Display for Joined<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries() {
        assert_eq!(
            run_query("compose affine_map<(d0, d1) -> (d0 + d1)> (d0) -> (d0 * 2, d0 + 1)")
                .unwrap(),
            "affine_map<(d0) -> (d0 * 3 + 1)>"
        );
        assert_eq!(run_query("eval (d0) : (d0 - 2 >= 0) 1").unwrap(), "false");
        assert_eq!(
            run_query("simplify affine_set<(d0) : (d0 * 2 >= 0)>").unwrap(),
            "affine_set<(d0) : (d0 >= 0)>"
        );
        assert_eq!(run_query("  # comment").unwrap(), "");
    }

    #[test]
    fn presburger_queries() {
        let q = |s: &str| run_query(s).unwrap();
        assert_eq!(q("is-empty (d0, d1) : (d0 * 2 - d1 * 2 - 1 == 0)"), "true");
        assert_eq!(
            q("is-empty (d0) : (d0 * 2 - 3 >= 0, -d0 * 2 + 3 >= 0)"),
            "true"
        );
        assert_eq!(q("sample (d0) : (d0 * 2 - 3 == 0)"), "empty");
        assert_eq!(
            q("lexmin (d0, d1) : (d0 + d1 - 3 >= 0, d0 >= 0, d1 >= 0)"),
            "(0, 3)"
        );
        assert_eq!(q("lexmin (d0) : (-d0 >= 0)"), "unbounded");
        assert_eq!(
            q("lexmax (d0, d1) : (-d0 - d1 + 3 >= 0, d0 >= 0, d1 >= 0)"),
            "(3, 0)"
        );
        assert_eq!(
            q("rational-lexmin (d0, d1) : (d0 * 2 - 3 >= 0, d1 - d0 >= 0)"),
            "(3/2, 3/2)"
        );
        assert_eq!(q("is-rationally-empty (d0) : (d0 * 2 - 1 == 0)"), "false");
        assert_eq!(q("is-empty (d0) : (d0 * 2 - 1 == 0)"), "true");
        assert_eq!(
            q("is-bounded (d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d0 - d1 >= 0)"),
            "false"
        );
        assert_eq!(
            q("is-bounded (d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d0 - d1 >= 0, d1 >= 0)"),
            "true"
        );
        assert_eq!(
            q("remove-redundant (d0) : (d0 >= 0, d0 - 2 >= 0, -d0 + 9 >= 0)"),
            "(d0) : (d0 - 2 >= 0, -d0 + 9 >= 0)"
        );
        assert_eq!(
            q("gist (d0) : (d0 >= 0, -d0 + 10 >= 0, d0 - 3 >= 0) (d0) : (d0 - 5 >= 0)"),
            "(d0) : (-d0 + 10 >= 0)"
        );
        assert_eq!(
            q("bounds (d0)[s0] : (d0 >= 0, -d0 + 9 >= 0) d0 floordiv 4"),
            "[0, 2]"
        );
        assert_eq!(q("bounds (d0) : (d0 >= 3) -d0"), "[-inf, -3]");
        assert_eq!(q("is-subset (d0) : (d0 - 2 >= 0) (d0) : (d0 >= 0)"), "true");
        assert_eq!(q("is-equal (d0) : (d0 >= 0) (d0) : (d0 - 1 >= 0)"), "false");
        let p = q("project (d0, d1) : (d0 - d1 * 3 == 0, d0 >= 0, -d0 + 10 >= 0) --keep d0");
        let projected: IntegerSet = p.parse().expect("an integer set");
        for d0 in -3..=13 {
            assert_eq!(
                projected.contains(&[d0], &[]).unwrap(),
                (0..=10).contains(&d0) && d0 % 3 == 0,
                "{p} at {d0}"
            );
        }
        // d1 is not a division of d0 here: the projection splits.
        let p = q("project (d0, d1) : (d1 * 3 - d0 - 2 >= 0, -d1 * 3 + d0 + 3 >= 0, d0 >= 0, -d0 + 9 >= 0) --keep d0");
        let pieces: Vec<IntegerSet> = p
            .split(" or ")
            .map(|s| s.parse().expect("an integer set"))
            .collect();
        for d0 in -3..=12 {
            let expected = (0..=9).contains(&d0) && (d0 + 2..=d0 + 3).any(|v| v % 3 == 0);
            let ours = pieces.iter().any(|s| s.contains(&[d0], &[]).unwrap());
            assert_eq!(ours, expected, "{p} at {d0}");
        }
        assert_eq!(q("complement (d0) : (d0 >= 0)"), "(d0) : (-d0 - 1 >= 0)");
        assert_eq!(
            q("intersect (d0) : (d0 >= 0) (d0) : (-d0 - 1 >= 0)"),
            "(d0) : (1 == 0)"
        );
    }

    /// Every union the calculator prints reads back as the same set:
    /// the printed results of `union`, `subtract` and `complement` on
    /// random intervals, checked point by point against brute force.
    #[test]
    fn printed_unions_read_back_as_the_same_points() {
        let mut seed = 0x5eed_0a11_u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        let interval = |lo: i64, hi: i64, step: i64| {
            format!("(d0) : (d0 - {lo} >= 0, -d0 + {hi} >= 0, (d0 - {lo}) mod {step} == 0)")
        };
        for _ in 0..40 {
            let a = interval(next(10), 5 + next(15), 1 + next(3));
            let b = interval(next(10), 5 + next(15), 1 + next(3));
            for (op, inside) in [
                ("union", (|x, y| x || y) as fn(bool, bool) -> bool),
                ("subtract", |x, y| x && !y),
            ] {
                let printed = run_query(&format!("{op} {a} {b}")).unwrap();
                let a_set: IntegerSet = a.parse().unwrap();
                let b_set: IntegerSet = b.parse().unwrap();
                for x in -3..25 {
                    let want = inside(
                        a_set.contains(&[x], &[]).unwrap(),
                        b_set.contains(&[x], &[]).unwrap(),
                    );
                    let point = format!("(d0) : (d0 - {x} == 0)");
                    let got = run_query(&format!("is-subset {point} {printed}")).unwrap();
                    assert_eq!(got == "true", want, "{op} {a} {b} = {printed}, at {x}");
                }
                // The printed union is equal to itself read back.
                let again = run_query(&format!("is-equal {printed} {printed}")).unwrap();
                assert_eq!(again, "true", "{printed}");
            }
        }
    }

    /// The relation queries against brute force: random relations on
    /// one domain and one range dim inside the box [-4, 4]², every answer
    /// read back and checked point by point on [-6, 6]^k.
    #[test]
    fn relation_queries_match_brute_force() {
        let mut seed = 0x7e1a_7105_u64;
        let mut next = |m: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        let relation = |next: &mut dyn FnMut(i64) -> i64| {
            let mut cs = vec![
                "d0 + 4 >= 0".to_string(),
                "-d0 + 4 >= 0".to_string(),
                "d1 + 4 >= 0".to_string(),
                "-d1 + 4 >= 0".to_string(),
            ];
            for _ in 0..1 + next(2) {
                let (a, b, c) = (next(7) - 3, next(7) - 3, next(7) - 3);
                cs.push(format!("d0 * {a} + d1 * {b} + {c} >= 0"));
            }
            if next(3) == 0 {
                cs.push(format!("(d0 + d1) mod {} == 0", 2 + next(2)));
            }
            format!("(d0) -> (d1) : ({})", cs.join(", "))
        };
        let read = |t: &str| tessera_polyhedral::text::parse_presburger(t).unwrap().value;
        let box_points = |k: usize| -> Vec<Vec<i64>> {
            let mut out = vec![vec![]];
            for _ in 0..k {
                out = out
                    .into_iter()
                    .flat_map(|p| {
                        (-6..=6).map(move |v| {
                            let mut q = p.clone();
                            q.push(v);
                            q
                        })
                    })
                    .collect();
            }
            out
        };
        let r = -6..=6i64;
        for _ in 0..40 {
            let (t1, t2) = (relation(&mut next), relation(&mut next));
            let set = format!("(d0) : (d0 - {} >= 0, -d0 + {} >= 0)", next(5) - 4, next(5));
            let (r1, r2, s) = (read(&t1), read(&t2), read(&set));
            let in1 = |x: i64, y: i64| r1.contains(&[x, y]).unwrap();
            let in2 = |x: i64, y: i64| r2.contains(&[x, y]).unwrap();
            let ins = |x: i64| s.contains(&[x]).unwrap();
            type Truth<'a> = Box<dyn Fn(&[i64]) -> bool + 'a>;
            let cases: Vec<(String, usize, Truth)> = vec![
                (
                    format!("domain {t1}"),
                    1,
                    Box::new(|p: &[i64]| r.clone().any(|y| in1(p[0], y))),
                ),
                (
                    format!("range {t1}"),
                    1,
                    Box::new(|p: &[i64]| r.clone().any(|x| in1(x, p[0]))),
                ),
                (
                    format!("inverse {t1}"),
                    2,
                    Box::new(|p: &[i64]| in1(p[1], p[0])),
                ),
                (
                    format!("apply-range {t1} {t2}"),
                    2,
                    Box::new(|p: &[i64]| r.clone().any(|y| in1(p[0], y) && in2(y, p[1]))),
                ),
                (
                    format!("range-product {t1} {t2}"),
                    3,
                    Box::new(|p: &[i64]| in1(p[0], p[1]) && in2(p[0], p[2])),
                ),
                (
                    format!("apply {set} {t1}"),
                    1,
                    Box::new(|p: &[i64]| r.clone().any(|x| ins(x) && in1(x, p[0]))),
                ),
                (
                    format!("intersect-domain {t1} {set}"),
                    2,
                    Box::new(|p: &[i64]| in1(p[0], p[1]) && ins(p[0])),
                ),
                (
                    format!("intersect-range {t1} {set}"),
                    2,
                    Box::new(|p: &[i64]| in1(p[0], p[1]) && ins(p[1])),
                ),
                (
                    format!("subtract {t1} {t2}"),
                    2,
                    Box::new(|p: &[i64]| in1(p[0], p[1]) && !in2(p[0], p[1])),
                ),
                (
                    format!("union {t1} {t2}"),
                    2,
                    Box::new(|p: &[i64]| in1(p[0], p[1]) || in2(p[0], p[1])),
                ),
            ];
            for (query, k, truth) in cases {
                let answer = run_query(&query).unwrap_or_else(|e| panic!("{query}: {e}"));
                let got = read(&answer);
                for p in box_points(k) {
                    assert_eq!(
                        got.contains(&p).unwrap(),
                        truth(&p),
                        "{query} = {answer}, at {p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn symbolic_extrema() {
        let q = |s: &str| run_query(s).unwrap();
        assert_eq!(
            q("symbolic-lexmax (d0, d1)[s0] : (d1 >= 0, d0 - d1 >= 0, s0 - d0 >= 0)"),
            "()[s0] -> (s0, s0) where ()[s0] : (s0 >= 0)"
        );
        assert_eq!(q("symbolic-lexmin (d0)[s0] : (-d0 + s0 >= 0)"), "unbounded");
        assert_eq!(
            q("dim-max (d0, d1)[s0] : (d0 >= 0, d1 - d0 >= 0, s0 - d1 >= 0) d0"),
            "()[s0] -> (s0) where ()[s0] : (s0 >= 0)"
        );
        assert_eq!(
            q("coalesce (d0) : (d0 >= 0, -d0 + 3 >= 0) or (d0) : (d0 - 4 >= 0, -d0 + 8 >= 0)"),
            "(d0) : (d0 >= 0, -d0 + 8 >= 0)"
        );
        assert_eq!(
            q("simple-hull (d0) : (d0 >= 0, -d0 + 2 >= 0) or (d0) : (d0 - 5 >= 0, -d0 + 9 >= 0)"),
            "(d0) : (d0 >= 0, -d0 + 9 >= 0)"
        );
        assert_eq!(
            q("symbolic-lexmin (d0)[s0] : (d0 >= 0, -d0 - 1 >= 0)"),
            "empty"
        );
        assert_eq!(
            q("card (d0, d1)[s0] : (d1 >= 0, d0 - d1 >= 0, s0 - d0 - 1 >= 0)"),
            "1/2 * s0^2 + 1/2 * s0 where ()[s0] : (s0 - 1 >= 0)"
        );
        assert_eq!(
            q("card (d0)[s0] : (d0 >= 0, s0 - d0 >= 0, d0 mod 2 == 0)"),
            "1/2 * s0 + 1 where ()[s0] : (s0 >= 0, s0 mod 2 == 0); \
             1/2 * s0 + 1/2 where ()[s0] : (s0 >= 0, (s0 - 1) mod 2 == 0)"
        );
        assert_eq!(
            q("card (d0, d1) : (d0 >= 0, d1 >= 0, -d0 - d1 + 10 >= 0)"),
            "66"
        );
        assert_eq!(q("card (d0)[s0] : (d0 >= 0, -d0 - 1 >= 0)"), "0");
        assert_eq!(
            q("card (d0) -> (d1) : (d1 >= 0, d0 - d1 >= 0)"),
            "d0 + 1 where (d0) : (d0 >= 0)"
        );
        assert!(run_query("card (d0)[s0] : (d0 - s0 >= 0)").is_err());
        assert_eq!(q("symbolic-lexmin (d0)[s0] : (d0 - s0 >= 0, d0 - 3 >= 0)"),
            "()[s0] -> (s0) where ()[s0] : (s0 - 3 >= 0); ()[s0] -> (3) where ()[s0] : (-s0 + 2 >= 0)");
        let e = run_query("symbolic-lexmin (d0) -> (d0)").unwrap_err();
        assert!(e.message.contains("found a relation"), "{e}");
    }

    #[test]
    fn relation_kinds_are_checked() {
        let e = run_query("apply (d0) -> (d0) (d0) -> (d0)").unwrap_err();
        assert!(e.message.contains("must be an integer set"), "{e}");
        let e = run_query("domain (d0) : (d0 >= 0)").unwrap_err();
        assert!(e.message.contains("must be a relation"), "{e}");
        let e = run_query("is-empty (d0) : (d0 >= 0) or (d0) -> (d0)").unwrap_err();
        assert_eq!(e.column, 30);
        let e = run_query("is-subset (d0) -> (d0) (d0) : (d0 >= 0)").unwrap_err();
        assert!(e.message.contains("two sets or two relations"), "{e}");
        assert_eq!(
            run_query("lexmin (d0) -> (d1) : (d1 - d0 >= 0, d0 - 2 >= 0, d1 - 5 >= 0)").unwrap(),
            "(2) -> (5)"
        );
    }

    #[test]
    fn errors_point_into_the_line() {
        let e = run_query("simplify (d0) -> (d1)").unwrap_err();
        assert_eq!(e.column, 19);
        let e = run_query("frobnicate (d0) -> (d0)").unwrap_err();
        assert_eq!(e.column, 1);
        let e = run_query("eval (d0) -> (d0) x").unwrap_err();
        assert!(e.message.contains("expected an integer"));
        let e = run_query("eval (d0) -> (d0 floordiv 0) 3").unwrap_err();
        assert!(e.message.contains("division by non-positive value 0"));
    }
}
