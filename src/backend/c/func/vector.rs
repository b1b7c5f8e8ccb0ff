//! The `vector` dialect's ops in C: a 1-D vector is a struct of an array
//! `e` of lanes; transfers and reductions are loops over the lanes.

use tessera_ir::vector::{
    combining_op, reduction_kind, static_position, Transfer, DYNAMIC_POSITION,
};
use tessera_ir::{Attribute, OpData, OpId};

use super::{arith, int_literal, var, CType, FnEmitter, Result};

impl FnEmitter<'_> {
    /// Emits a vector op (one of [`tessera_ir::vector::VECTOR_OPS`]).
    pub(super) fn vector_op(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let result = d.results.first().copied();
        match d.name.as_str() {
            "vector.transfer_read" | "vector.transfer_write" | "vector.load" | "vector.store" => {
                self.transfer(op, d)
            }
            "vector.broadcast" | "vector.splat" => {
                let (Some(r), Some(&src)) = (result, d.operands.first()) else {
                    return Err(self.err(op, "malformed op"));
                };
                let rty = self.lanes_of(op, r)?;
                let text = match self.ctype(op, src)? {
                    CType::Scalar(_) => var(src),
                    CType::Vector { lanes: 1, .. } => format!("{}.e[0]", var(src)),
                    CType::Vector { lanes, .. } if lanes == rty.1 => format!("{}.e[l]", var(src)),
                    _ => {
                        return Err(self.err(op, "only scalars and same-size vectors are broadcast"))
                    }
                };
                self.lanes_loop(&rty.0, r, rty.1, &text);
                Ok(())
            }
            "vector.constant_mask" | "vector.create_mask" => {
                let Some(r) = result else {
                    return Err(self.err(op, "malformed op"));
                };
                let (ty, lanes) = self.lanes_of(op, r)?;
                let bound = match (
                    d.name.as_str(),
                    d.attr("mask_dim_sizes"),
                    d.operands.first(),
                ) {
                    ("vector.constant_mask", Some(Attribute::Array(s)), _) => {
                        int_literal(s.first().and_then(Attribute::as_int).unwrap_or(0))
                    }
                    ("vector.create_mask", _, Some(&n)) => var(n),
                    _ => return Err(self.err(op, "malformed mask")),
                };
                self.lanes_loop(&ty, r, lanes, &format!("l < {bound}"));
                Ok(())
            }
            "vector.extract" | "vector.insert" => {
                let insert = d.name == "vector.insert";
                let Some(r) = result else {
                    return Err(self.err(op, "malformed op"));
                };
                let vector = d.operands[usize::from(insert)];
                let (_, lanes) = self.lanes_of(op, vector)?;
                let position = static_position(self.m, op).unwrap_or_default();
                let k = match position[..] {
                    [p] if p != DYNAMIC_POSITION => int_literal(p),
                    [_] if d.operands.len() == 2 + usize::from(insert) => {
                        var(d.operands[1 + usize::from(insert)])
                    }
                    _ => return Err(self.err(op, "only 1-D positions are supported")),
                };
                let rty = self.ctype(op, r)?;
                if insert {
                    self.line(&format!("{} {} = {};", rty.c(), var(r), var(vector)));
                    let inside = format!("{k} >= 0 && {k} < {lanes}");
                    let value = var(d.operands[0]);
                    self.line(&format!("if ({inside}) {}.e[{k}] = {value};", var(r)));
                } else {
                    let index = format!("({k} >= 0 && {k} < {lanes} ? {k} : 0)");
                    self.line(&format!(
                        "const {} {} = {}.e[{index}];",
                        rty.c(),
                        var(r),
                        var(vector)
                    ));
                }
                Ok(())
            }
            "vector.fma" => {
                let Some(r) = result else {
                    return Err(self.err(op, "malformed op"));
                };
                let (ty, lanes) = self.lanes_of(op, r)?;
                let CType::Vector { elem, .. } = ty else {
                    return Err(self.err(op, "expected a vector"));
                };
                let mut fma = d.clone();
                fma.name = "math.fma".into();
                let args: Vec<String> = d
                    .operands
                    .iter()
                    .map(|&v| format!("{}.e[l]", var(v)))
                    .collect();
                let text =
                    arith::expr(&fma, &args, elem, elem, d.loc).map_err(|e| self.err(op, e))?;
                self.lanes_loop(&ty, r, lanes, &text);
                Ok(())
            }
            "vector.reduction" => self.reduction(op, d),
            _ => Err(self.err(op, "operation not supported by the C back end")),
        }
    }

    /// The C type and lane count of a 1-D vector value.
    fn lanes_of(&mut self, op: OpId, v: tessera_ir::Value) -> Result<(CType, u32)> {
        match self.ctype(op, v)? {
            ty @ CType::Vector { lanes, .. } => Ok((ty, lanes)),
            _ => Err(self.err(op, "expected a 1-D vector")),
        }
    }

    /// Declares vector `r` and sets each lane `l` to `text`.
    fn lanes_loop(&mut self, ty: &CType, r: tessera_ir::Value, lanes: u32, text: &str) {
        self.line(&format!("{} {};", ty.c(), var(r)));
        self.line(&format!(
            "for (int64_t l = 0; l < {lanes}; l++) {}.e[l] = {text};",
            var(r)
        ));
    }

    fn transfer(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let t = Transfer::of(self.m, op).ok_or_else(|| self.err(op, "malformed transfer"))?;
        let value = if t.write { d.operands[0] } else { d.results[0] };
        let mem = d.operands[t.memref];
        let (ty, lanes) = self.lanes_of(op, value)?;
        let mem_ty = self.ctype(op, mem)?;
        let elem = match (&ty, &mem_ty) {
            (CType::Vector { elem, .. }, CType::MemRef { elem: m, .. }) if elem == m => *elem,
            _ => return Err(self.err(op, "the vector's and the memref's element types differ")),
        };
        let info = self.info(op, mem)?;
        let subs: Vec<String> = d.operands[t.indices.clone()]
            .iter()
            .map(|&v| var(v))
            .collect();
        let v = var(value);
        if !t.write {
            self.line(&format!("{} {v};", ty.c()));
        }
        let Some(dim) = t.lane_dims[0] else {
            // A broadcast read: one element for every lane (the verifier
            // keeps broadcasts to reads).
            let (lvalue, guard) = self.element(mem, &info, &subs, d.loc);
            let x = self.fresh("x");
            let cty = CType::Scalar(elem).c();
            match guard {
                Some(g) => self.line(&format!("const {cty} {x} = ({g}) ? {lvalue} : 0;")),
                None => self.line(&format!("const {cty} {x} = {lvalue};")),
            }
            self.line(&format!(
                "for (int64_t l = 0; l < {lanes}; l++) {v}.e[l] = {x};"
            ));
            return Ok(());
        };
        let size = match info.sizes.get(dim).copied().flatten() {
            Some(n) => int_literal(n),
            None => format!("{}.sizes[{dim}]", var(mem)),
        };
        // Every lane inside and none masked: a plain loop the C compiler
        // turns into vector moves.
        let first = self.fresh("s");
        self.line(&format!("const int64_t {first} = {};", subs[dim]));
        if t.mask.is_none() {
            let inside = if t.in_bounds[0] {
                "1".to_string()
            } else {
                format!("{first} >= 0 && {first} <= {size} - {lanes}")
            };
            self.open(&format!("if ({inside}) {{"));
            let mut at = subs.clone();
            at[dim] = format!("({first} + l)");
            let (lvalue, guard) = self.element(mem, &info, &at, d.loc);
            let body = match (t.write, guard) {
                (true, Some(g)) => format!("if ({g}) {lvalue} = {v}.e[l];"),
                (true, None) => format!("{lvalue} = {v}.e[l];"),
                (false, Some(g)) => format!("{v}.e[l] = ({g}) ? {lvalue} : 0;"),
                (false, None) => format!("{v}.e[l] = {lvalue};"),
            };
            self.line(&format!("for (int64_t l = 0; l < {lanes}; l++) {body}"));
            self.close("} else {");
            self.indent += 1;
        }
        self.open(&format!("for (int64_t l = 0; l < {lanes}; l++) {{"));
        let pad = t.padding.map(|p| var(d.operands[p]));
        let skip = |pad: &Option<String>| match pad {
            Some(p) => format!("{{ {v}.e[l] = {p}; continue; }}"),
            None => "continue;".to_string(),
        };
        if let Some(mask) = t.mask {
            let m = var(d.operands[mask]);
            self.line(&format!("if (!({m}.e[l] & 1)) {}", skip(&pad)));
        }
        let lane = self.fresh("s");
        self.line(&format!("const int64_t {lane} = tm_add({first}, l);"));
        if !t.in_bounds[0] {
            self.line(&format!(
                "if ({lane} < 0 || {lane} >= {size}) {}",
                skip(&pad)
            ));
        }
        let mut at = subs;
        at[dim] = lane;
        let (lvalue, guard) = self.element(mem, &info, &at, d.loc);
        match (t.write, guard) {
            (true, Some(g)) => self.line(&format!("if ({g}) {lvalue} = {v}.e[l];")),
            (true, None) => self.line(&format!("{lvalue} = {v}.e[l];")),
            (false, Some(g)) => self.line(&format!("{v}.e[l] = ({g}) ? {lvalue} : 0;")),
            (false, None) => self.line(&format!("{v}.e[l] = {lvalue};")),
        }
        self.close("}");
        if t.mask.is_none() {
            self.close("}");
        }
        Ok(())
    }

    /// Lanes combined in order after the accumulator (LLVM's ordered
    /// reduction), as the interpreter does.
    fn reduction(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (Some(&r), Some(&src), Some(kind)) = (
            d.results.first(),
            d.operands.first(),
            reduction_kind(self.m, op),
        ) else {
            return Err(self.err(op, "malformed reduction"));
        };
        let (_, lanes) = self.lanes_of(op, src)?;
        let CType::Scalar(elem) = self.ctype(op, r)? else {
            return Err(self.err(op, "expected a scalar result"));
        };
        let name = combining_op(kind, elem.is_float())
            .ok_or_else(|| self.err(op, format!("kind '{kind}' on this type")))?;
        let mut combine = d.clone();
        combine.name = name.into();
        let acc = self.fresh("acc");
        let lane = format!("{}.e[l]", var(src));
        let step = arith::expr(&combine, &[acc.clone(), lane], elem, elem, d.loc)
            .map_err(|e| self.err(op, e))?;
        let (init, first) = match d.operands.get(1) {
            Some(&a) => (var(a), 0),
            None => (format!("{}.e[0]", var(src)), 1),
        };
        let cty = CType::Scalar(elem).c();
        self.line(&format!("{cty} {acc} = {init};"));
        self.line(&format!(
            "for (int64_t l = {first}; l < {lanes}; l++) {acc} = {step};"
        ));
        self.line(&format!("const {cty} {} = {acc};", var(r)));
        Ok(())
    }
}
