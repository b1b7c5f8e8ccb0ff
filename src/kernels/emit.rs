//! Writing MLIR text: function bodies built statement by statement.
//!
//! A [`Body`] is the text of one function body under construction. It
//! hands out fresh SSA names (`%0`, `%1`, ...), indents nested regions and
//! knows the element type of the kernel; with the expressions of
//! [`super::expr`], a kernel definition reads like the C loops it
//! transcribes:
//!
//! ```text
//! b.for_loop("i", 0, ni, |b, i| {
//!     b.for_loop("j", 0, nj, |b, j| b.set(&c, ix![i, j], c.at(ix![i, j]) * &beta));
//! });
//! ```

use std::fmt::{self, Write as _};

use super::ElemType;

/// An SSA value: its name, `%` included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Val(String);

impl Val {
    /// The value named `%name`.
    pub(crate) fn named(name: &str) -> Val {
        Val(format!("%{name}"))
    }

    /// This induction variable as a subscript.
    pub(crate) fn at(&self) -> Sub {
        Sub(self.0.clone())
    }

    /// The subscript `self + c`.
    pub(crate) fn plus(&self, c: i64) -> Sub {
        match c {
            0 => self.at(),
            c if c < 0 => Sub(format!("{} - {}", self.0, c.unsigned_abs())),
            c => Sub(format!("{} + {c}", self.0)),
        }
    }

    /// The subscript `self + other` (both induction variables).
    pub(crate) fn plus_iv(&self, other: &Val) -> Sub {
        Sub(format!("{} + {}", self.0, other.0))
    }

    /// The loop bound `self + c`, as a one-dimensional affine map applied
    /// to this induction variable.
    pub(crate) fn bound(&self, c: i64) -> Bound {
        let expr = match c {
            0 => "d0".to_string(),
            c if c < 0 => format!("d0 - {}", c.unsigned_abs()),
            c => format!("d0 + {c}"),
        };
        Bound(format!("affine_map<(d0) -> ({expr})>({})", self.0))
    }
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One subscript of an `affine.load`/`affine.store`: an affine expression
/// of induction variables, in MLIR's subscript syntax (`%i - 1`).
#[derive(Clone, Debug)]
pub(crate) struct Sub(String);

impl From<i64> for Sub {
    fn from(c: i64) -> Sub {
        Sub(c.to_string())
    }
}

/// A lower or upper bound of an `affine.for`.
#[derive(Clone, Debug)]
pub(crate) struct Bound(String);

impl From<i64> for Bound {
    fn from(c: i64) -> Bound {
        Bound(c.to_string())
    }
}

/// A linear form `c0*v0 + c1*v1 + ... + c` of induction variables: a
/// subscript, a loop bound or an `affine.if` constraint (`... >= 0`) that
/// the shorthands of [`Val`] do not cover (`lin(&[(1, &k), (-1, &i)], -1)`
/// is `k - i - 1`; a reversed C loop `for (i = n-1; i >= 0; i--)` runs an
/// induction variable `r` upwards and indexes with `lin(&[(-1, &r)], n-1)`).
#[derive(Clone, Debug)]
pub(crate) struct Lin {
    terms: Vec<(i64, Val)>,
    c: i64,
}

/// The linear form `terms + c` (see [`Lin`]).
pub(crate) fn lin(terms: &[(i64, &Val)], c: i64) -> Lin {
    Lin {
        terms: terms.iter().map(|&(k, v)| (k, v.clone())).collect(),
        c,
    }
}

impl Lin {
    /// The form with each induction variable written as `name(v)`.
    fn text(&self, name: impl Fn(&Val) -> String) -> String {
        let mut s = String::new();
        let mut terms = self.terms.iter().filter(|(k, _)| *k != 0).peekable();
        // MLIR reads a leading `-`, but `c - %i` is how one writes it.
        let constant_first = !matches!(terms.peek(), Some((k, _)) if *k > 0);
        if constant_first {
            let _ = write!(s, "{}", self.c);
        }
        for (k, v) in terms {
            let v = name(v);
            let coef = if k.unsigned_abs() == 1 {
                v
            } else {
                format!("{v} * {}", k.unsigned_abs())
            };
            if s.is_empty() {
                s = coef;
            } else if *k < 0 {
                let _ = write!(s, " - {coef}");
            } else {
                let _ = write!(s, " + {coef}");
            }
        }
        if !constant_first && self.c != 0 {
            let sign = if self.c < 0 { '-' } else { '+' };
            let _ = write!(s, " {sign} {}", self.c.unsigned_abs());
        }
        s
    }
}

impl From<Lin> for Sub {
    fn from(l: Lin) -> Sub {
        Sub(l.text(|v| v.0.clone()))
    }
}

impl From<Lin> for Bound {
    fn from(l: Lin) -> Bound {
        let (dims, exprs) = over_dims(std::slice::from_ref(&l));
        let expr = exprs.join(", ");
        Bound(format!("affine_map<{} -> ({expr})>{}", dims.0, dims.1))
    }
}

/// The induction variables of `forms`, in order of first appearance,
/// renamed `d0, d1, ...`: the `(d0, d1)` header of an affine map or set,
/// its `(%i, %j)` operand list, and each form written over the dims.
fn over_dims(forms: &[Lin]) -> ((String, String), Vec<String>) {
    let mut vals: Vec<&Val> = Vec::new();
    for l in forms {
        for (_, v) in &l.terms {
            if !vals.contains(&v) {
                vals.push(v);
            }
        }
    }
    let exprs = forms
        .iter()
        .map(|l| l.text(|v| format!("d{}", vals.iter().position(|w| *w == v).unwrap_or(0))))
        .collect();
    let header: Vec<String> = (0..vals.len()).map(|d| format!("d{d}")).collect();
    let operands: Vec<&str> = vals.iter().map(|v| v.0.as_str()).collect();
    (
        (
            format!("({})", header.join(", ")),
            format!("({})", operands.join(", ")),
        ),
        exprs,
    )
}

/// A memref: the SSA name it has both in `@main` (the allocation) and in
/// the kernel (the argument), its shape and its type text.
#[derive(Clone, Debug)]
pub(crate) struct Arr {
    /// `%name`.
    pub(crate) val: Val,
    /// The shape (empty for a scalar).
    pub(crate) shape: Vec<i64>,
    /// `memref<...>` (the element type for a scalar).
    pub(crate) ty: String,
}

impl Arr {
    /// A memref `%name` of `elem` with `shape`.
    pub(crate) fn new(name: &str, shape: &[i64], elem: ElemType) -> Arr {
        let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
        Arr {
            val: Val::named(name),
            shape: shape.to_vec(),
            ty: format!("memref<{}x{}>", dims.join("x"), elem.mlir()),
        }
    }
}

/// Formats `v` as an MLIR float literal (which needs a `.`): the shortest
/// decimal that reads back as `v`.
pub(crate) fn float_literal(v: f64) -> String {
    let s = format!("{v:?}");
    if s.contains('.') {
        s
    } else if let Some(e) = s.find('e') {
        format!("{}.0{}", &s[..e], &s[e..])
    } else {
        format!("{s}.0")
    }
}

/// The text of a function body under construction.
pub(crate) struct Body {
    text: String,
    depth: usize,
    next: usize,
    elem: ElemType,
}

impl Body {
    /// An empty body at function level, computing in `elem`.
    pub(crate) fn new(elem: ElemType) -> Body {
        Body {
            text: String::new(),
            depth: 1,
            next: 0,
            elem,
        }
    }

    /// The element type the kernel computes in.
    pub(crate) fn elem(&self) -> ElemType {
        self.elem
    }

    /// The text written so far.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Writes one line at the current indentation.
    pub(crate) fn line(&mut self, s: &str) {
        for _ in 0..self.depth {
            self.text.push_str("  ");
        }
        self.text.push_str(s);
        self.text.push('\n');
    }

    fn fresh(&mut self) -> Val {
        let v = Val(format!("%{}", self.next));
        self.next += 1;
        v
    }

    /// Writes `%N = rhs` and returns `%N`.
    pub(crate) fn def(&mut self, rhs: &str) -> Val {
        let v = self.fresh();
        self.line(&format!("{v} = {rhs}"));
        v
    }

    /// A constant of the element type (a float literal for float kernels;
    /// `v` must be integral for integer kernels).
    pub(crate) fn constant(&mut self, v: f64) -> Val {
        let ty = self.elem.mlir();
        if self.elem.is_float() {
            self.def(&format!("arith.constant {} : {ty}", float_literal(v)))
        } else {
            self.def(&format!("arith.constant {} : {ty}", v as i64))
        }
    }

    /// An `index` constant.
    pub(crate) fn index(&mut self, v: i64) -> Val {
        self.def(&format!("arith.constant {v} : index"))
    }

    /// `arith.<op> a, b : ty`.
    pub(crate) fn binary(&mut self, op: &str, a: &Val, b: &Val, ty: &str) -> Val {
        self.def(&format!("arith.{op} {a}, {b} : {ty}"))
    }

    fn elem_op(&mut self, float_op: &str, int_op: &str, a: &Val, b: &Val) -> Val {
        let op = if self.elem.is_float() {
            float_op
        } else {
            int_op
        };
        let ty = self.elem.mlir();
        self.binary(op, a, b, ty)
    }

    /// `a + b` in the element type.
    pub(crate) fn add(&mut self, a: &Val, b: &Val) -> Val {
        self.elem_op("addf", "addi", a, b)
    }

    /// `a - b` in the element type.
    pub(crate) fn sub(&mut self, a: &Val, b: &Val) -> Val {
        self.elem_op("subf", "subi", a, b)
    }

    /// `a * b` in the element type.
    pub(crate) fn mul(&mut self, a: &Val, b: &Val) -> Val {
        self.elem_op("mulf", "muli", a, b)
    }

    /// `a / b` in the element type.
    pub(crate) fn div(&mut self, a: &Val, b: &Val) -> Val {
        self.elem_op("divf", "divsi", a, b)
    }

    /// The integer `i` (an `index`) converted to the element type, as C's
    /// `(DATA_TYPE) i`.
    pub(crate) fn convert(&mut self, i: &Val) -> Val {
        let ty = self.elem.mlir();
        if self.elem.is_float() {
            let wide = self.def(&format!("arith.index_cast {i} : index to i64"));
            self.def(&format!("arith.sitofp {wide} : i64 to {ty}"))
        } else {
            self.def(&format!("arith.index_cast {i} : index to {ty}"))
        }
    }

    /// `%name = memref.alloc()`: a temporary array of the element type.
    pub(crate) fn alloc(&mut self, name: &str, shape: &[i64]) -> Arr {
        let arr = Arr::new(name, shape, self.elem);
        self.line(&format!("{} = memref.alloc() : {}", arr.val, arr.ty));
        arr
    }

    /// `%name = memref.alloca()`: a local array of the element type in
    /// the kernel, as C's `DATA_TYPE z[N]` (a C scalar that lives across
    /// statements is a one-element array, `shape = [1]`).
    pub(crate) fn alloca(&mut self, name: &str, shape: &[i64]) -> Arr {
        let arr = Arr::new(name, shape, self.elem);
        self.line(&format!("{} = memref.alloca() : {}", arr.val, arr.ty));
        arr
    }

    /// `memref.dealloc`.
    pub(crate) fn dealloc(&mut self, a: &Arr) {
        self.line(&format!("memref.dealloc {} : {}", a.val, a.ty));
    }

    /// `affine.load`.
    pub(crate) fn load(&mut self, a: &Arr, idx: &[Sub]) -> Val {
        let subs = subscripts(idx);
        self.def(&format!("affine.load {}[{subs}] : {}", a.val, a.ty))
    }

    /// `affine.store`.
    pub(crate) fn store(&mut self, v: &Val, a: &Arr, idx: &[Sub]) {
        let subs = subscripts(idx);
        self.line(&format!("affine.store {v}, {}[{subs}] : {}", a.val, a.ty));
    }

    /// `affine.for %iv = lb to ub { body }`.
    pub(crate) fn for_loop(
        &mut self,
        iv: &str,
        lb: impl Into<Bound>,
        ub: impl Into<Bound>,
        body: impl FnOnce(&mut Body, &Val),
    ) {
        let iv = Val::named(iv);
        let (lb, ub) = (lb.into(), ub.into());
        self.line(&format!("affine.for {iv} = {} to {} {{", lb.0, ub.0));
        self.depth += 1;
        body(self, &iv);
        self.depth -= 1;
        self.line("}");
    }

    /// `affine.for` carrying one value of type `ty` through `iter_args`,
    /// starting at `init`; `body` gets the induction variable and the
    /// carried value and returns the value to yield. Returns the loop's
    /// result.
    pub(crate) fn reduce(
        &mut self,
        iv: &str,
        lb: impl Into<Bound>,
        ub: impl Into<Bound>,
        init: &Val,
        ty: &str,
        body: impl FnOnce(&mut Body, &Val, &Val) -> Val,
    ) -> Val {
        let iv = Val::named(iv);
        let (lb, ub) = (lb.into(), ub.into());
        let result = self.fresh();
        let acc = self.fresh();
        self.line(&format!(
            "{result} = affine.for {iv} = {} to {} iter_args({acc} = {init}) -> ({ty}) {{",
            lb.0, ub.0
        ));
        self.depth += 1;
        let next = body(self, &iv, &acc);
        self.line(&format!("affine.yield {next} : {ty}"));
        self.depth -= 1;
        self.line("}");
        result
    }

    /// `affine.if` on the conjunction `form >= 0` of every form of
    /// `conds`: `then` writes the then-block, `otherwise` (if any) the
    /// else-block.
    pub(crate) fn affine_if(
        &mut self,
        conds: &[Lin],
        then: impl FnOnce(&mut Body),
        otherwise: Option<&dyn Fn(&mut Body)>,
    ) {
        let (dims, exprs) = over_dims(conds);
        let constraints: Vec<String> = exprs.iter().map(|e| format!("{e} >= 0")).collect();
        self.line(&format!(
            "affine.if affine_set<{} : ({})>{} {{",
            dims.0,
            constraints.join(", "),
            dims.1
        ));
        self.depth += 1;
        then(self);
        self.depth -= 1;
        if let Some(otherwise) = otherwise {
            self.line("} else {");
            self.depth += 1;
            otherwise(self);
            self.depth -= 1;
        }
        self.line("}");
    }

    /// Loops `%i0 = 0 to extent[0]`, `%i1 = ...` around `inner`, which
    /// writes the innermost body given the induction variables.
    pub(crate) fn nest(
        &mut self,
        extent: &[i64],
        ivs: &mut Vec<Val>,
        inner: &dyn Fn(&mut Body, &[Val]),
    ) {
        match extent.split_first() {
            None => inner(self, ivs),
            Some((&n, rest)) => {
                let name = format!("i{}", ivs.len());
                self.for_loop(&name, 0, n, |b, iv| {
                    ivs.push(iv.clone());
                    b.nest(rest, ivs, inner);
                    ivs.pop();
                });
            }
        }
    }

    /// The sum of every element of `a` in row-major order, accumulated
    /// through `iter_args` in the element type (in `i64` for integer
    /// kernels); returns the sum and its type.
    pub(crate) fn checksum(&mut self, a: &Arr) -> (Val, &'static str) {
        let ty = if self.elem.is_float() {
            self.elem.mlir()
        } else {
            "i64"
        };
        let zero = if self.elem.is_float() {
            self.constant(0.0)
        } else {
            self.def("arith.constant 0 : i64")
        };
        let mut ivs = Vec::new();
        let total = self.sum_dims(a, ty, &zero, &mut ivs);
        (total, ty)
    }

    fn sum_dims(&mut self, a: &Arr, ty: &str, init: &Val, ivs: &mut Vec<Val>) -> Val {
        let depth = ivs.len();
        let n = a.shape[depth];
        let last = depth + 1 == a.shape.len();
        let name = format!("i{depth}");
        self.reduce(&name, 0, n, init, ty, |b, iv, acc| {
            ivs.push(iv.clone());
            let next = if last {
                let idx: Vec<Sub> = ivs.iter().map(Val::at).collect();
                let v = b.load(a, &idx);
                if b.elem.is_float() {
                    b.add(acc, &v)
                } else {
                    let wide = b.def(&format!("arith.extsi {v} : {} to i64", b.elem.mlir()));
                    b.binary("addi", acc, &wide, "i64")
                }
            } else {
                b.sum_dims(a, ty, acc, ivs)
            };
            ivs.pop();
            next
        })
    }
}

fn subscripts(idx: &[Sub]) -> String {
    let mut s = String::new();
    for (n, i) in idx.iter().enumerate() {
        if n > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{}", i.0);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_literals_always_have_a_point() {
        assert_eq!(float_literal(1.5), "1.5");
        assert_eq!(float_literal(20.0), "20.0");
        assert_eq!(float_literal(1e-7), "1.0e-7");
        assert_eq!(float_literal(1e300), "1.0e300");
        assert_eq!(float_literal(0.2), "0.2");
    }

    #[test]
    fn subscripts_and_bounds_print_as_mlir_writes_them() {
        let i = Val::named("i");
        let j = Val::named("j");
        assert_eq!(
            subscripts(&[i.plus(-1), j.plus(2), i.plus_iv(&j), 0.into()]),
            "%i - 1, %j + 2, %i + %j, 0"
        );
        assert_eq!(i.bound(1).0, "affine_map<(d0) -> (d0 + 1)>(%i)");
        assert_eq!(i.bound(0).0, "affine_map<(d0) -> (d0)>(%i)");
    }

    #[test]
    fn linear_forms_print_as_mlir_reads_them() {
        let (i, k) = (Val::named("i"), Val::named("k"));
        let sub = |l: Lin| Sub::from(l).0;
        assert_eq!(sub(lin(&[(1, &k), (-1, &i)], -1)), "%k - %i - 1");
        assert_eq!(sub(lin(&[(-1, &i)], 39)), "39 - %i");
        assert_eq!(sub(lin(&[(-1, &i)], 0)), "0 - %i");
        assert_eq!(sub(lin(&[(2, &i), (-3, &k)], 4)), "%i * 2 - %k * 3 + 4");
        assert_eq!(sub(lin(&[], 5)), "5");
        assert_eq!(
            Bound::from(lin(&[(-1, &i)], 60)).0,
            "affine_map<(d0) -> (60 - d0)>(%i)"
        );
        let mut b = Body::new(ElemType::I32);
        b.affine_if(
            &[lin(&[(1, &k), (1, &i)], -61), lin(&[(1, &k)], -1)],
            |b| b.line("then"),
            Some(&|b: &mut Body| b.line("else")),
        );
        assert_eq!(
            b.text(),
            "  affine.if affine_set<(d0, d1) : (d0 + d1 - 61 >= 0, d0 - 1 >= 0)>(%k, %i) {\n    \
             then\n  } else {\n    else\n  }\n"
        );
    }
}
