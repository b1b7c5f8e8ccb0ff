//! Presburger sets and relations in MLIR's syntax, read and printed.
//!
//! - A set is an MLIR integer set, `(d0, d1)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)`,
//!   bare or wrapped in `affine_set<...>`.
//! - A relation is an affine map, `(d0, d1) -> (d0 + d1)` (its graph), or
//!   the form of MLIR's `IntegerRelation`: the domain and range dims in two
//!   tuples, then constraints over both,
//!   `(d0, d1)[s0] -> (d2) : (d2 - d0 >= 0, s0 - d2 - 1 >= 0)`.
//! - A union is its pieces joined by ` or `, all of one kind, dims and
//!   symbols.
//! - A piece with existentials that are not divisions (an exact projection
//!   whose split into integer sets would be large) names them after the
//!   colon, as extra dims: `(d0)[s0] : exists (d1, d2) : (d0 - d1 * 3 >= 0,
//!   ...)` — an extension of MLIR's syntax, which has no such sets.
//!
//! Printing gives the same forms back: a relation piece that is a function
//! of its domain prints as an affine map, any other in the relation form.
//!
//! ```
//! use tessera_polyhedral::text::{parse_presburger, presburger_text};
//! let r = parse_presburger("(d0) -> (d1) : (d1 - d0 >= 0, -d1 + d0 + 1 >= 0)").unwrap();
//! assert!(r.is_relation);
//! assert!(r.value.contains(&[3, 4]).unwrap() && !r.value.contains(&[3, 5]).unwrap());
//! let image = r.value.range().unwrap();
//! let inverse = parse_presburger("(d0) -> (d0 - 1) or (d0) -> (d0)").unwrap();
//! assert_eq!(presburger_text(&inverse).unwrap(), "(d0) -> (d0 - 1) or (d0) -> (d0)");
//! # let _ = image;
//! ```

use std::fmt;

use tessera_affine::flatten::{simplify_expr, Flattener};
use tessera_affine::parse::{parse_map_or_set_prefix, MapOrSet, ParseError};
use tessera_affine::{AffineExpr, AffineMap, ConstraintKind, IntegerSet};

use crate::error::PolyError;
use crate::int::Int;
use crate::relation::IntegerRelation;
use crate::set::PresburgerSet;
use crate::space::{Space, VarKind};

/// A set or relation read from text: the value and which of the two it
/// was written as (a relation without domain dims is still a relation).
#[derive(Clone, Debug)]
pub struct Presburger {
    /// The union of polyhedra; a relation's space has domain dims.
    pub value: PresburgerSet,
    /// Whether the text was a relation (an affine map or the relation
    /// form) rather than an integer set.
    pub is_relation: bool,
}

/// Why a text is not a Presburger set or relation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A syntax error, located in the whole text.
    #[error("{0}")]
    Syntax(ParseError),
    /// A piece of a union with other dims, symbols or kind than the first,
    /// at this byte offset.
    #[error("the pieces of a union must have the same kind, dims and symbols")]
    UnionMismatch {
        /// Byte offset of the piece in the text.
        offset: usize,
    },
    /// The polyhedral core could not represent the value (overflow).
    #[error("{0}")]
    Poly(PolyError),
}

/// Reads a whole text as a set or relation (surrounding whitespace
/// allowed).
pub fn parse_presburger(text: &str) -> Result<Presburger, TextError> {
    let (value, used) = parse_presburger_prefix(text)?;
    if !text[used..].trim().is_empty() {
        let at = used + (text[used..].len() - text[used..].trim_start().len());
        return Err(TextError::Syntax(error_at(
            text,
            at,
            "expected ' or ' or the end of the text",
        )));
    }
    Ok(value)
}

/// Reads a set or relation (a union of pieces joined by ` or `) at the
/// start of `text`; returns it and the number of bytes read.
pub fn parse_presburger_prefix(text: &str) -> Result<(Presburger, usize), TextError> {
    let mut pos = skip_ws(text, 0);
    let mut acc: Option<Presburger> = None;
    loop {
        let start = pos;
        let (piece, used) = parse_piece(&text[start..])
            .map_err(|e| TextError::Syntax(error_at(text, start + e.offset, &e.message)))?;
        pos = start + used;
        acc = Some(match acc {
            None => piece,
            Some(a) => {
                let same = a.is_relation == piece.is_relation
                    && a.value.space().is_compatible(&piece.value.space());
                if !same {
                    return Err(TextError::UnionMismatch { offset: start });
                }
                let value = a
                    .value
                    .union(&piece.value)
                    .map_err(|_| TextError::UnionMismatch { offset: start })?;
                Presburger { value, ..a }
            }
        });
        let next = skip_ws(text, pos);
        let rest = &text[next..];
        match rest.strip_prefix("or") {
            Some(after) if after.starts_with(char::is_whitespace) => pos = skip_ws(text, next + 2),
            _ => break,
        }
    }
    let mut read = acc.expect("one piece at least");
    // Keep locals divisions, so that every value can be complemented and
    // printed.
    read.value = read.value.project_out(&[]).map_err(TextError::Poly)?;
    Ok((read, pos))
}

/// The text of a set or relation (see the module documentation); empty
/// pieces are left out, and an empty value prints as one empty piece.
pub fn presburger_text(p: &Presburger) -> Result<String, PolyError> {
    to_text(&p.value, p.is_relation)
}

/// The text of `value` as a relation (`as_relation`) or as a set.
pub fn to_text(value: &PresburgerSet, as_relation: bool) -> Result<String, PolyError> {
    let space = value.space();
    let n = space.count(VarKind::Domain) as u32;
    let mut parts = Vec::new();
    for d in value.disjuncts() {
        if d.is_integer_empty() {
            continue;
        }
        let flat = respace(d, flat_space(d.space(), d.space().count(VarKind::Local)))?;
        let (set, existentials) = match flat.to_integer_set() {
            Ok(set) => (set, 0),
            Err(PolyError::NonDivisionLocal) => (
                locals_as_dims(d)?.to_integer_set()?,
                d.space().count(VarKind::Local) as u32,
            ),
            Err(e) => return Err(e),
        };
        let set = set.simplify();
        let text = if as_relation {
            relation_piece_text(&set, n, existentials)
        } else {
            set_piece_text(&set, existentials)
        };
        parts.push(text);
    }
    if parts.is_empty() {
        let flat = flat_space(space, 0);
        let empty = IntegerSet::empty(
            flat.count(VarKind::Range) as u32,
            flat.count(VarKind::Symbol) as u32,
        );
        parts.push(if as_relation {
            relation_piece_text(&empty, n, 0)
        } else {
            empty.to_string()
        });
    }
    Ok(parts.join(" or "))
}

/// The affine map whose graph `relation` is, when it is one: a single
/// piece in which each range dim is an affine function of the domain
/// dims and symbols.
///
/// ```
/// use tessera_polyhedral::text::{as_affine_map, parse_presburger};
/// let r = parse_presburger("(d0) -> (d1) : (d1 - d0 * 2 == 0)").unwrap();
/// assert_eq!(as_affine_map(&r.value).unwrap().to_string(), "(d0) -> (d0 * 2)");
/// ```
pub fn as_affine_map(relation: &PresburgerSet) -> Option<AffineMap> {
    let n = relation.space().count(VarKind::Domain) as u32;
    match &integer_sets(relation).ok()?[..] {
        [one] => as_function(one, n),
        _ => None,
    }
}

impl fmt::Display for Presburger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match presburger_text(self) {
            Ok(t) => f.write_str(&t),
            Err(e) => write!(f, "<unprintable: {e}>"),
        }
    }
}

fn skip_ws(text: &str, pos: usize) -> usize {
    pos + (text[pos..].len() - text[pos..].trim_start().len())
}

/// A parse error at byte `offset` of `text`.
fn error_at(text: &str, offset: usize, message: &str) -> ParseError {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    ParseError {
        offset,
        line: before.matches('\n').count() + 1,
        column: offset - line_start + 1,
        message: message.to_string(),
    }
}

/// One piece at the start of `text` (no leading whitespace): a set, an
/// affine map, or a relation in the relation form. Errors are located in
/// `text`.
fn parse_piece(text: &str) -> Result<(Presburger, usize), ParseError> {
    if let Some(exists) = exists_form(text) {
        return parse_exists_piece(text, &exists);
    }
    if let Some(form) = relation_form(text) {
        let combined = format!("{}{}", form.head, &text[form.colon..]);
        let (parsed, used) = parse_map_or_set_prefix(&combined).map_err(|e| {
            let offset = if e.offset >= form.head.len() {
                form.colon + e.offset - form.head.len()
            } else {
                0
            };
            error_at(text, offset, &e.message)
        })?;
        let MapOrSet::Set(set) = parsed else {
            return Err(error_at(
                text,
                0,
                "expected a relation '(dims) -> (dims) : (constraints)'",
            ));
        };
        let flat = IntegerRelation::from_integer_set(&set)
            .map_err(|e| error_at(text, 0, &e.to_string()))?;
        let rel =
            unflatten(&flat, form.num_domain).map_err(|e| error_at(text, 0, &e.to_string()))?;
        let value = PresburgerSet::from_relation(rel);
        return Ok((
            Presburger {
                value,
                is_relation: true,
            },
            form.colon + used - form.head.len(),
        ));
    }
    let (parsed, used) = parse_map_or_set_prefix(text)?;
    let (rel, is_relation) = match parsed {
        MapOrSet::Set(s) => (IntegerRelation::from_integer_set(&s), false),
        MapOrSet::Map(m) => (IntegerRelation::from_affine_map(&m), true),
    };
    let rel = rel.map_err(|e| error_at(text, 0, &e.to_string()))?;
    Ok((
        Presburger {
            value: PresburgerSet::from_relation(rel),
            is_relation,
        },
        used,
    ))
}

/// Where a piece's `exists (names) :` stands: the piece is read as the
/// text with the names appended to its last tuple of dims, and those dims
/// then made existential.
struct ExistsForm {
    /// The byte offset of the `)` closing the last tuple before the colon.
    close: usize,
    /// The names of the existentials, `, `-joined.
    names: String,
    /// How many there are.
    count: usize,
    /// The byte offset of the piece's first `:`.
    colon: usize,
    /// The byte offset of the `:` after the names.
    second_colon: usize,
}

fn exists_form(piece: &str) -> Option<ExistsForm> {
    let colon = piece.find(':')?;
    let head = &piece[..colon];
    if head.contains(" or ") {
        return None;
    }
    let at = skip_ws(piece, colon + 1);
    let after = piece[at..].strip_prefix("exists")?;
    let open = skip_ws(piece, piece.len() - after.len());
    if !piece[open..].starts_with('(') {
        return None;
    }
    let end = matching(piece, open)?;
    let second_colon = skip_ws(piece, end + 1);
    if !piece[second_colon..].starts_with(':') {
        return None;
    }
    let names: Vec<&str> = piece[open + 1..end]
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    Some(ExistsForm {
        close: head.rfind(')')?,
        names: names.join(", "),
        count: names.len(),
        colon,
        second_colon,
    })
}

/// Reads a piece in the `exists` form: the text without `exists (...) :`
/// and with the names as the last dims, then those dims made locals.
fn parse_exists_piece(text: &str, form: &ExistsForm) -> Result<(Presburger, usize), ParseError> {
    let opens_tuple = text[..form.close].trim_end().ends_with('(');
    let inserted = match (form.count, opens_tuple) {
        (0, _) => String::new(),
        (_, true) => form.names.clone(),
        (_, false) => format!(", {}", form.names),
    };
    let rewritten = format!(
        "{}{inserted}{}{}",
        &text[..form.close],
        &text[form.close..=form.colon],
        &text[form.second_colon + 1..]
    );
    // Offsets in the rewritten text back to offsets in `text`.
    let shift = inserted.len();
    let skipped = form.second_colon - form.colon;
    let original = |offset: usize| -> usize {
        if offset < form.close {
            offset
        } else if offset < form.close + shift {
            form.close
        } else if offset <= form.colon + shift {
            offset - shift
        } else {
            offset - shift + skipped
        }
    };
    let (mut read, used) = parse_piece(&rewritten).map_err(|e| ParseError {
        offset: original(e.offset),
        ..error_at(text, original(e.offset), &e.message)
    })?;
    let space = read.value.space();
    let dims_end = space.offset(VarKind::Symbol);
    let existential: Vec<usize> = (dims_end - form.count..dims_end).collect();
    let mut pieces = Vec::new();
    for d in read.value.disjuncts() {
        let mut d = d.clone();
        d.convert_to_locals(&existential)
            .map_err(|e| error_at(text, 0, &e.to_string()))?;
        pieces.push(d);
    }
    let Some(first) = pieces.first() else {
        return Err(error_at(text, 0, "expected a piece"));
    };
    let space = first.space().with_count(VarKind::Local, 0);
    read.value = PresburgerSet::from_pieces(space, pieces);
    Ok((read, original(used)))
}

/// A piece written `(dom)[syms] -> (range) : (...)`, read as the set
/// `(dom, range)[syms] : (...)`.
struct RelationForm {
    /// `(dom, range)[syms] `: the set's head.
    head: String,
    /// The number of domain dims.
    num_domain: usize,
    /// The byte offset of the `:` in the piece.
    colon: usize,
}

fn relation_form(piece: &str) -> Option<RelationForm> {
    if !piece.starts_with('(') {
        return None;
    }
    let dom_end = matching(piece, 0)?;
    let arrow = piece[dom_end..].find("->")? + dom_end;
    let syms = piece[dom_end + 1..arrow].trim();
    if !(syms.is_empty() || syms.starts_with('[') && matching(syms, 0) == Some(syms.len() - 1)) {
        return None;
    }
    let open = skip_ws(piece, arrow + 2);
    if !piece[open..].starts_with('(') {
        return None;
    }
    let ran_end = matching(piece, open)?;
    let colon = skip_ws(piece, ran_end + 1);
    if !piece[colon..].starts_with(':') {
        return None;
    }
    let dom = piece[1..dom_end].trim();
    let ran = piece[open + 1..ran_end].trim();
    let sep = if dom.is_empty() || ran.is_empty() {
        ""
    } else {
        ", "
    };
    Some(RelationForm {
        head: format!("({dom}{sep}{ran}){syms} "),
        num_domain: dom.split(',').filter(|s| !s.trim().is_empty()).count(),
        colon,
    })
}

/// The index of the bracket closing the one opening at `open`.
fn matching(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in text.char_indices().skip(open) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The same rows over another space with the same number of columns.
fn respace(rel: &IntegerRelation, space: Space) -> Result<IntegerRelation, PolyError> {
    let mut out = IntegerRelation::new(space);
    for row in rel.equalities() {
        out.add_equality_int(row.clone())?;
    }
    for row in rel.inequalities() {
        out.add_inequality_int(row.clone())?;
    }
    Ok(out)
}

/// A relation's space read as a set over its domain and range dims.
fn flat_space(space: Space, locals: usize) -> Space {
    Space::set(
        space.count(VarKind::Domain) + space.count(VarKind::Range),
        space.count(VarKind::Symbol),
    )
    .with_count(VarKind::Local, locals)
}

/// A set over `n + m` dims read as a relation from `n` dims to `m`.
fn unflatten(rel: &IntegerRelation, n: usize) -> Result<IntegerRelation, PolyError> {
    let space = rel.space();
    let dims = space.count(VarKind::Range);
    let target = Space::relation(n, dims - n, space.count(VarKind::Symbol))
        .with_count(VarKind::Local, space.count(VarKind::Local));
    respace(rel, target)
}

/// `rel` as a set without locals: its domain and range dims, then its
/// locals as further dims, then its symbols.
fn locals_as_dims(rel: &IntegerRelation) -> Result<IntegerRelation, PolyError> {
    let space = rel.space();
    let dims = space.offset(VarKind::Symbol);
    let symbols = space.count(VarKind::Symbol);
    let locals = space.count(VarKind::Local);
    let mut order: Vec<usize> = (0..dims).collect();
    order.extend(space.offset(VarKind::Local)..space.num_vars());
    order.extend(dims..dims + symbols);
    order.push(space.num_vars());
    let mut out = IntegerRelation::new(Space::set(dims + locals, symbols));
    let permute = |row: &Vec<Int>| order.iter().map(|&c| row[c].clone()).collect();
    for row in rel.equalities() {
        out.add_equality_int(permute(row))?;
    }
    for row in rel.inequalities() {
        out.add_inequality_int(permute(row))?;
    }
    Ok(out)
}

/// An integer set's text, its last `existentials` dims written as
/// `exists (...)` after the colon.
fn set_piece_text(set: &IntegerSet, existentials: u32) -> String {
    let printed = set.to_string();
    if existentials == 0 {
        return printed;
    }
    let visible = set.num_dims() - existentials;
    let constraints = printed
        .split_once(" : ")
        .map_or(printed.as_str(), |(_, c)| c);
    format!(
        "({}){} : exists ({}) : {constraints}",
        dim_names(0..visible),
        symbol_list(set.num_symbols()),
        dim_names(visible..set.num_dims())
    )
}

/// `d{i}` for each `i`, `, `-joined.
fn dim_names(r: std::ops::Range<u32>) -> String {
    r.map(|i| format!("d{i}")).collect::<Vec<_>>().join(", ")
}

/// `[s0, ...]`, or nothing without symbols.
fn symbol_list(count: u32) -> String {
    if count == 0 {
        return String::new();
    }
    format!(
        "[{}]",
        (0..count)
            .map(|i| format!("s{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// The non-empty disjuncts as MLIR integer sets over (domain, range) dims.
fn integer_sets(s: &PresburgerSet) -> Result<Vec<IntegerSet>, PolyError> {
    let mut out = Vec::new();
    for d in s.disjuncts() {
        if d.is_integer_empty() {
            continue;
        }
        let flat = respace(d, flat_space(d.space(), d.space().count(VarKind::Local)))?;
        out.push(flat.to_integer_set()?.simplify());
    }
    Ok(out)
}

/// The affine map whose graph a flattened relation piece is, if it is one:
/// every constraint an equality `±r_i + e(domain, symbols) == 0`, one per
/// range dim.
fn as_function(set: &IntegerSet, n: u32) -> Option<AffineMap> {
    let (total, ns) = (set.num_dims(), set.num_symbols());
    let m = total - n;
    let mut results: Vec<Option<AffineExpr>> = vec![None; m as usize];
    for c in set.constraints() {
        if c.kind != ConstraintKind::Eq {
            return None;
        }
        let mut f = Flattener::new(total, ns);
        let row = f.flatten(&c.expr).ok()?;
        for local in f.locals() {
            let (dividend, _) = local.division.as_ref()?;
            if dividend[n as usize..total as usize].iter().any(|&v| v != 0) {
                return None;
            }
        }
        let range: Vec<usize> = (n as usize..total as usize)
            .filter(|&k| row[k] != 0)
            .collect();
        let [k] = range[..] else {
            return None;
        };
        let coef = row[k];
        let slot = &mut results[k - n as usize];
        if coef.abs() != 1 || slot.is_some() {
            return None;
        }
        // coef·r + rest == 0, so r = −coef·rest.
        let rest = c.expr.clone() + AffineExpr::dim(k as u32) * (-coef);
        *slot = Some(simplify_expr(&(rest * (-coef)), total, ns));
    }
    let results = results.into_iter().collect::<Option<Vec<_>>>()?;
    AffineMap::new(n, ns, results).ok()
}

/// One relation piece: an affine map when it is a function, otherwise
/// `(d0..)[s..] -> (d_n..) : (constraints)`.
fn relation_piece_text(set: &IntegerSet, n: u32, existentials: u32) -> String {
    if existentials == 0 {
        if let Some(map) = as_function(set, n) {
            return map.to_string();
        }
    }
    let printed = set.to_string();
    let constraints = printed
        .split_once(" : ")
        .map_or(printed.as_str(), |(_, c)| c);
    let visible = set.num_dims() - existentials;
    let exists = if existentials == 0 {
        String::new()
    } else {
        format!("exists ({}) : ", dim_names(visible..set.num_dims()))
    };
    format!(
        "({}){} -> ({}) : {exists}{constraints}",
        dim_names(0..n),
        symbol_list(set.num_symbols()),
        dim_names(n..visible)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(t: &str) -> Presburger {
        parse_presburger(t).unwrap_or_else(|e| panic!("{t}: {e}"))
    }

    #[test]
    fn forms_round_trip() {
        for t in [
            "(d0, d1)[s0] : (d0 >= 0, s0 - d1 - 1 >= 0)",
            "(d0) -> (d0 + 1)",
            "(d0)[s0] -> (d1) : (d1 - d0 >= 0, s0 - d1 >= 0)",
            "(d0) : (d0 >= 0) or (d0) : (d0 - 5 == 0)",
            "(d0) -> (d0 floordiv 2)",
        ] {
            let p = read(t);
            let printed = presburger_text(&p).unwrap();
            let again = read(&printed);
            assert_eq!(p.is_relation, again.is_relation, "{t}");
            assert!(
                p.value.is_equal(&again.value).unwrap(),
                "{t} printed {printed}"
            );
        }
    }

    #[test]
    fn prefix_stops_after_the_union() {
        let p = read("(d0)[s0] : (d0 >= 0) or (d0)[s0] : (d0 - s0 >= 0)");
        assert!(!p.is_relation && p.value.contains(&[3, 3]).unwrap());
        let text = "(d0) -> (d0) or (d0) -> (d0 + 1)   (d0) : (d0 >= 0)";
        let (p, used) = parse_presburger_prefix(text).unwrap();
        assert!(p.is_relation);
        assert_eq!(&text[used..], "   (d0) : (d0 >= 0)");
        let (q, _) = parse_presburger_prefix(&text[used..]).unwrap();
        assert!(!q.is_relation);
    }

    #[test]
    fn errors_are_located_in_the_whole_text() {
        // An undeclared identifier is a wrong token to MLIR: reported right
        // after the token before it (`>=`, then a space).
        let e = parse_presburger("(d0) : (d0 >= 0) or (d0) : (d0 >= x)").unwrap_err();
        let TextError::Syntax(e) = e else {
            panic!("{e:?}")
        };
        assert_eq!(e.column, 34);
        let e = parse_presburger("(d0) -> (d1) : (d1 >= z)").unwrap_err();
        let TextError::Syntax(e) = e else {
            panic!("{e:?}")
        };
        assert_eq!(e.column, 22);
        assert!(matches!(
            parse_presburger("(d0) : (d0 >= 0) or (d0) -> (d0)"),
            Err(TextError::UnionMismatch { offset: 20 })
        ));
        assert!(matches!(
            parse_presburger("(d0) : (d0 >= 0) junk"),
            Err(TextError::Syntax(_))
        ));
    }
}
