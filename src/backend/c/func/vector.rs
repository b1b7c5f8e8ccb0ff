//! The `vector` dialect's ops in C: a vector is a struct of an array `e`
//! of its lanes in row-major order; transfers and reductions are loops
//! over the lanes.

use tessera_ir::vector::{
    broadcast_strides, combining_op, reduction_kind, static_position, strides, Transfer,
    DYNAMIC_POSITION,
};
use tessera_ir::{Attribute, OpData, OpId, Type, Value};

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
                let (ty, lanes) = self.lanes_of(op, r)?;
                let shape = self.shape(r);
                let text = match self.ctype(op, src)? {
                    CType::Scalar(_) => var(src),
                    _ => {
                        let from = broadcast_strides(&self.shape(src), &shape)
                            .ok_or_else(|| self.err(op, "malformed broadcast"))?;
                        format!("{}.e[{}]", var(src), lane_sum(&shape, &from))
                    }
                };
                self.lanes_loop(&ty, r, lanes, &text);
                Ok(())
            }
            "vector.constant_mask" | "vector.create_mask" => {
                let Some(r) = result else {
                    return Err(self.err(op, "malformed op"));
                };
                let (ty, lanes) = self.lanes_of(op, r)?;
                let shape = self.shape(r);
                let bounds: Vec<String> = match d.attr("mask_dim_sizes") {
                    Some(Attribute::Array(s)) => s
                        .iter()
                        .map(|a| int_literal(a.as_int().unwrap_or(0)))
                        .collect(),
                    _ => d.operands.iter().map(|&n| var(n)).collect(),
                };
                if bounds.len() != shape.len() {
                    return Err(self.err(op, "malformed mask"));
                }
                let below: Vec<String> = bounds
                    .iter()
                    .enumerate()
                    .map(|(dim, b)| format!("{} < {b}", lane_index(&shape, dim)))
                    .collect();
                let text = if below.is_empty() {
                    "1".to_string()
                } else {
                    below.join(" && ")
                };
                self.lanes_loop(&ty, r, lanes, &text);
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
                if !position.contains(&DYNAMIC_POSITION) {
                    return self.static_slice(op, d, &position);
                }
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
            "vector.extractelement" | "vector.insertelement" => {
                let insert = d.name == "vector.insertelement";
                let (Some(&vector), Some(r)) = (d.operands.get(usize::from(insert)), result) else {
                    return Err(self.err(op, "malformed op"));
                };
                let (_, lanes) = self.lanes_of(op, vector)?;
                let lane = match d.operands.get(1 + usize::from(insert)) {
                    // (a 0-D vector: its one lane)
                    None => "0".to_string(),
                    Some(&p) => {
                        // A position past the lanes is poison in MLIR: a
                        // fault here.
                        let width = match self.m.value_type(p) {
                            Type::Integer(w) => (*w).min(64),
                            _ => 64,
                        };
                        let mask = if width == 64 {
                            "UINT64_MAX".to_string()
                        } else {
                            format!("{}ULL", (1u64 << width) - 1)
                        };
                        let at = format!("{}_at", var(r));
                        self.line(&format!(
                            "const uint64_t {at} = (uint64_t){} & {mask};",
                            var(p)
                        ));
                        self.line(&format!(
                            "if ({at} >= {lanes}) tm_fault(ctx, {}, {}, \"%s\", \"'{}' position out of bounds\");",
                            d.loc.line, d.loc.col, d.name
                        ));
                        format!("({at} < {lanes} ? {at} : 0)")
                    }
                };
                let rty = self.ctype(op, r)?;
                if insert {
                    self.line(&format!("{} {} = {};", rty.c(), var(r), var(vector)));
                    let value = var(d.operands[0]);
                    self.line(&format!("{}.e[{lane}] = {value};", var(r)));
                } else {
                    self.line(&format!(
                        "const {} {} = {}.e[{lane}];",
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

    /// The C type and lane count of a vector value.
    fn lanes_of(&mut self, op: OpId, v: Value) -> Result<(CType, u32)> {
        match self.ctype(op, v)? {
            ty @ CType::Vector { lanes, .. } => Ok((ty, lanes)),
            _ => Err(self.err(op, "expected a vector")),
        }
    }

    /// The shape of a vector value (empty for a scalar).
    pub(super) fn shape(&self, v: Value) -> Vec<i64> {
        match self.m.value_type(v) {
            Type::Vector { shape, .. } => shape.clone(),
            _ => Vec::new(),
        }
    }

    /// `vector.extract` / `vector.insert` at a static position: the lanes
    /// of the addressed slice, row-major from its first one.
    fn static_slice(&mut self, op: OpId, d: &OpData, position: &[i64]) -> Result<()> {
        let insert = d.name == "vector.insert";
        let (Some(&r), Some(&vector)) = (d.results.first(), d.operands.get(usize::from(insert)))
        else {
            return Err(self.err(op, "malformed op"));
        };
        let shape = self.shape(vector);
        if position.len() > shape.len()
            || position
                .iter()
                .zip(&shape)
                .any(|(&p, &s)| !(0..s).contains(&p))
        {
            return Err(self.err(op, "position out of the vector"));
        }
        let rest: i64 = shape[position.len()..].iter().product();
        let offset = position
            .iter()
            .zip(&shape)
            .fold(0, |acc, (&p, &s)| acc * s + p)
            * rest;
        let rty = self.ctype(op, r)?;
        let (v, x) = (var(r), var(vector));
        if insert {
            let part = d.operands[0];
            self.line(&format!("{} {v} = {x};", rty.c()));
            match self.ctype(op, part)? {
                CType::Scalar(_) => self.line(&format!("{v}.e[{offset}] = {};", var(part))),
                _ => self.line(&format!(
                    "for (int64_t l = 0; l < {rest}; l++) {v}.e[{offset} + l] = {}.e[l];",
                    var(part)
                )),
            }
        } else {
            match rty {
                CType::Scalar(_) => self.line(&format!("const {} {v} = {x}.e[{offset}];", rty.c())),
                _ => {
                    self.line(&format!("{} {v};", rty.c()));
                    self.line(&format!(
                        "for (int64_t l = 0; l < {rest}; l++) {v}.e[l] = {x}.e[{offset} + l];"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Declares vector `r` and sets each lane `l` to `text`.
    fn lanes_loop(&mut self, ty: &CType, r: Value, lanes: u32, text: &str) {
        self.line(&format!("{} {};", ty.c(), var(r)));
        self.line(&format!(
            "for (int64_t l = 0; l < {lanes}; l++) {}.e[l] = {text};",
            var(r)
        ));
    }

    /// A transfer as nested loops over the vector's dimensions: when no
    /// mask is given and every lane is inside the memref, plain loops the
    /// C compiler turns into vector moves; otherwise each lane checked
    /// (masked off or outside: the padding read, nothing written).
    fn transfer(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let t = Transfer::of(self.m, op).ok_or_else(|| self.err(op, "malformed transfer"))?;
        let value = if t.write { d.operands[0] } else { d.results[0] };
        let mem = d.operands[t.memref];
        let (ty, _) = self.lanes_of(op, value)?;
        let mem_ty = self.ctype(op, mem)?;
        let elem = match (&ty, &mem_ty) {
            (CType::Vector { elem, .. }, CType::MemRef { elem: m, .. }) if elem == m => *elem,
            _ => return Err(self.err(op, "the vector's and the memref's element types differ")),
        };
        let shape = self.shape(value);
        let info = self.info(op, mem)?;
        let subs: Vec<String> = d.operands[t.indices.clone()]
            .iter()
            .map(|&v| var(v))
            .collect();
        let v = var(value);
        if !t.write {
            self.line(&format!("{} {v};", ty.c()));
        }
        // Per vector dimension: its loop counter, and where lanes advance
        // the first index and the memref's size along it.
        let counters: Vec<String> = shape.iter().map(|_| self.fresh("l")).collect();
        let mut moving = Vec::new();
        for (r, dim) in t.lane_dims.iter().enumerate() {
            let Some(p) = *dim else { continue };
            let first = self.fresh("s");
            self.line(&format!("const int64_t {first} = {};", subs[p]));
            let size = match info.sizes.get(p).copied().flatten() {
                Some(n) => int_literal(n),
                None => format!("{}.sizes[{p}]", var(mem)),
            };
            moving.push((r, p, first, size));
        }
        let lane = lane_sum_of(&counters, &strides(&shape));
        let pad = t.padding.map(|p| var(d.operands[p]));
        let access = |this: &mut Self, at: &[String], lanes: &str| {
            let (lvalue, guard) = this.element(mem, &info, at, d.loc);
            let text = match (t.write, guard) {
                (true, Some(g)) => format!("if ({g}) {lvalue} = {lanes}[{lane}];"),
                (true, None) => format!("{lvalue} = {lanes}[{lane}];"),
                (false, Some(g)) => format!("{lanes}[{lane}] = ({g}) ? {lvalue} : 0;"),
                (false, None) => format!("{lanes}[{lane}] = {lvalue};"),
            };
            this.line(&text);
        };
        let open_loops = |this: &mut Self| {
            for (c, n) in counters.iter().zip(&shape) {
                this.open(&format!("for (int64_t {c} = 0; {c} < {n}; {c}++) {{"));
            }
        };
        let close_loops = |this: &mut Self| {
            for _ in &counters {
                this.close("}");
            }
        };
        let inside: Vec<String> = moving
            .iter()
            .filter(|(r, ..)| !t.in_bounds[*r])
            .map(|(r, _, first, size)| format!("{first} >= 0 && {first} <= {size} - {}", shape[*r]))
            .collect();
        let checked = t.mask.is_some() || !inside.is_empty();
        // A read that may take the lane-by-lane path fills an array on
        // both paths and copies it into the vector once after them (a
        // vector assigned on two paths is kept in memory between its uses:
        // gemm 3x slower).
        let elem_c = CType::Scalar(elem).c();
        let lanes_array = self.fresh("w");
        let through_array = checked && !t.write;
        let own = if through_array {
            self.line(&format!(
                "{elem_c} {lanes_array}[{}];",
                shape.iter().product::<i64>()
            ));
            lanes_array.clone()
        } else {
            format!("{v}.e")
        };
        if t.mask.is_none() {
            // Every lane inside: plain loops.
            if checked {
                self.open(&format!("if ({}) {{", inside.join(" && ")));
            }
            let mut at = subs.clone();
            for (r, p, first, _) in &moving {
                at[*p] = format!("({first} + {})", counters[*r]);
            }
            // Lanes of the minor vector dimension that are consecutive
            // elements: one fixed-size `memcpy` per row, which the C
            // compiler makes one vector move (lane by lane it assembles
            // the vector from scalar loads).
            let rank = shape.len();
            let row = moving
                .iter()
                .find(|(r, p, ..)| *r + 1 == rank && info.strides[*p] == Some(1));
            let row_copy = row.and_then(|(r, p, first, _)| {
                let mut start = at.clone();
                start[*p] = first.clone();
                let (lvalue, guard) = self.element(mem, &info, &start, d.loc);
                guard.is_none().then_some((lvalue, shape[*r]))
            });
            match row_copy {
                Some((lvalue, n)) => {
                    for (c, n) in counters.iter().zip(&shape).take(rank - 1) {
                        self.open(&format!("for (int64_t {c} = 0; {c} < {n}; {c}++) {{"));
                    }
                    let first_lane = lane_sum_of(&counters[..rank - 1], &strides(&shape));
                    let bytes = format!("{n} * sizeof({})", CType::Scalar(elem).c());
                    if t.write {
                        self.line(&format!(
                            "memcpy(&{lvalue}, &{own}[{first_lane}], {bytes});"
                        ));
                    } else {
                        self.line(&format!(
                            "memcpy(&{own}[{first_lane}], &{lvalue}, {bytes});"
                        ));
                    }
                    for _ in 1..rank {
                        self.close("}");
                    }
                }
                None => {
                    open_loops(self);
                    access(self, &at, &own);
                    close_loops(self);
                }
            }
            if !checked {
                return Ok(());
            }
            self.close("} else {");
            self.indent += 1;
        }
        // Lane by lane through the array.
        if t.write {
            self.line(&format!(
                "{elem_c} {lanes_array}[{}];",
                shape.iter().product::<i64>()
            ));
            self.line(&format!(
                "memcpy({lanes_array}, &{v}, sizeof {lanes_array});"
            ));
        } else if let Some(p) = &pad {
            self.line(&format!(
                "for (int64_t l = 0; l < {}; l++) {lanes_array}[l] = {p};",
                shape.iter().product::<i64>()
            ));
        }
        match t.mask {
            None => {
                // The lanes inside along each checked dimension form a
                // range: loops over it, no test per lane.
                let mut ranges: Vec<Option<(String, String)>> = vec![None; shape.len()];
                for (r, _, first, size) in moving.iter().filter(|(r, ..)| !t.in_bounds[*r]) {
                    let (lo, hi) = (self.fresh("lo"), self.fresh("hi"));
                    self.line(&format!(
                        "int64_t {lo}, {hi}; tm_lane_range({first}, {}, {size}, &{lo}, &{hi});",
                        shape[*r]
                    ));
                    ranges[*r] = Some((lo, hi));
                }
                for (r, (c, n)) in counters.iter().zip(&shape).enumerate() {
                    let (lo, hi) = match &ranges[r] {
                        Some((lo, hi)) => (lo.clone(), hi.clone()),
                        None => ("0".to_string(), n.to_string()),
                    };
                    self.open(&format!("for (int64_t {c} = {lo}; {c} < {hi}; {c}++) {{"));
                }
                let mut at = subs.clone();
                for (r, p, first, _) in &moving {
                    at[*p] = format!("({first} + {})", counters[*r]);
                }
                access(self, &at, &lanes_array);
            }
            Some(mask) => {
                open_loops(self);
                let skip = "continue;";
                let at = lane_sum_of(&counters, &t.mask_strides());
                self.line(&format!(
                    "if (!({}.e[{at}] & 1)) {skip}",
                    var(d.operands[mask])
                ));
                let mut at = subs.clone();
                for (r, p, first, size) in &moving {
                    let q = self.fresh("s");
                    self.line(&format!(
                        "const int64_t {q} = tm_add({first}, {});",
                        counters[*r]
                    ));
                    if !t.in_bounds[*r] {
                        self.line(&format!("if ({q} < 0 || {q} >= {size}) {skip}"));
                    }
                    at[*p] = q;
                }
                access(self, &at, &lanes_array);
            }
        }
        close_loops(self);
        if t.mask.is_none() {
            self.close("}");
        }
        if !t.write {
            self.line(&format!("memcpy(&{v}, {lanes_array}, sizeof {v});"));
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

/// `c0 * s0 + c1 * s1 + ...` for counters `c` and strides `s` (terms of
/// stride 0 left out).
fn lane_sum_of(counters: &[String], strides: &[i64]) -> String {
    let terms: Vec<String> = counters
        .iter()
        .zip(strides)
        .filter(|(_, &s)| s != 0)
        .map(|(c, &s)| match s {
            1 => c.clone(),
            s => format!("{c} * {s}"),
        })
        .collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}

/// The index along dimension `dim` of lane `l` of a vector of `shape`.
fn lane_index(shape: &[i64], dim: usize) -> String {
    let stride: i64 = shape[dim + 1..].iter().product();
    let over = if stride == 1 {
        "l".to_string()
    } else {
        format!("l / {stride}")
    };
    if dim == 0 {
        over
    } else {
        format!("({over}) % {}", shape[dim])
    }
}

/// The source lane `sum(index(l, d) * from[d])` of lane `l` of a vector of
/// `shape` (a broadcast's source).
fn lane_sum(shape: &[i64], from: &[i64]) -> String {
    let terms: Vec<String> = from
        .iter()
        .enumerate()
        .filter(|(_, &f)| f != 0)
        .map(|(dim, &f)| match f {
            1 => format!("({})", lane_index(shape, dim)),
            f => format!("({}) * {f}", lane_index(shape, dim)),
        })
        .collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}
