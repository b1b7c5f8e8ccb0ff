//! The verifier's rules for the `vector` dialect's ops, with mlir-opt 19's
//! messages.

use tessera_affine::ExprKind;

use super::{float_like, int_like, Verifier};
use crate::attr::Attribute;
use crate::error::Diagnostic;
use crate::ir::{OpData, OpId};
use crate::types::Type;
use crate::vector::{mask_type, reduction_kind, static_position, DYNAMIC_POSITION};

/// The element type of a vector (or the type itself).
fn element(t: &Type) -> &Type {
    t.element_type().unwrap_or(t)
}

fn shape(t: &Type) -> &[i64] {
    match t {
        Type::Vector { shape, .. } => shape,
        _ => &[],
    }
}

impl Verifier<'_> {
    /// Checks a vector op (`d.name` is one of [`crate::vector::VECTOR_OPS`]).
    pub(super) fn vector_op(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let name = d.name.as_str();
        let result = d.results.first().map(|&r| self.ty(r));
        match name {
            "vector.transfer_read" | "vector.transfer_write" => self.transfer(op, d),
            "vector.load" | "vector.store" => {
                let store = name == "vector.store";
                let base = usize::from(store);
                let (Some(mem), Some(vt)) = (
                    d.operands.get(base).map(|&v| self.ty(v)),
                    if store {
                        d.operands.first().map(|&v| self.ty(v))
                    } else {
                        result
                    },
                ) else {
                    return Err(self.err(op, "expects a vector and a memref"));
                };
                let Some(rank) = mem.rank().filter(|_| mem.is_memref()) else {
                    return Err(self.err(op, "base must be a ranked memref"));
                };
                if d.operands.len() != base + 1 + rank {
                    return Err(self.err(op, format!("requires {rank} indices")));
                }
                if element(mem) != element(vt) {
                    let what = if store { "valueToStore" } else { "result" };
                    return Err(self.err(op, format!("base and {what} element types should match")));
                }
                self.indices(op, &d.operands[base + 1..])
            }
            "vector.broadcast" | "vector.splat" => {
                let (Some(&src), Some(rt)) = (d.operands.first(), result) else {
                    return Err(self.err(op, "expects one operand and one result"));
                };
                let st = self.ty(src);
                if element(st) != element(rt) {
                    let what = if name == "vector.splat" {
                        "operand type matches element type of result"
                    } else {
                        "source operand and result have same element type"
                    };
                    return Err(self.err(op, format!("failed to verify that {what}")));
                }
                let scalar = st.is_float() || matches!(st, Type::Integer(_) | Type::Index);
                if name == "vector.broadcast" && !scalar && !matches!(st, Type::Vector { .. }) {
                    return Err(self.err(op, "source type is not a vector"));
                }
                if let (Type::Vector { .. }, true) = (st, name == "vector.broadcast") {
                    let (s, r) = (shape(st), shape(rt));
                    if s.len() > r.len() {
                        return Err(self.err(op, "source rank higher than destination rank"));
                    }
                    for (a, b) in s.iter().rev().zip(r.iter().rev()) {
                        if *a != 1 && a != b {
                            return Err(self.err(op, format!("dimension mismatch ({a} vs. {b})")));
                        }
                    }
                }
                Ok(())
            }
            "vector.reduction" => {
                let (Some(&src), Some(rt)) = (d.operands.first(), result) else {
                    return Err(self.err(op, "expects a vector operand and a result"));
                };
                let vt = self.ty(src);
                if shape(vt).len() != 1 {
                    return Err(self.err(
                        op,
                        format!("unsupported reduction rank: {}", shape(vt).len()),
                    ));
                }
                if element(vt) != rt {
                    return Err(self.err(
                        op,
                        "failed to verify that source operand and result have same element type",
                    ));
                }
                if let Some(&acc) = d.operands.get(1) {
                    if self.ty(acc) != rt {
                        return Err(self.err(op, "accumulator and result must have the same type"));
                    }
                }
                let Some(kind) = reduction_kind(self.m, op) else {
                    return Err(self.err(op, "requires attribute 'kind'"));
                };
                let int_kind = matches!(
                    kind,
                    "add" | "mul" | "minui" | "minsi" | "maxui" | "maxsi" | "and" | "or" | "xor"
                );
                let float_kind = matches!(
                    kind,
                    "add" | "mul" | "minnumf" | "maxnumf" | "minimumf" | "maximumf"
                );
                let ok = (int_like(rt) && int_kind) || (float_like(rt) && float_kind);
                if !ok {
                    return Err(self.err(
                        op,
                        format!("unsupported reduction type ''{rt}'' for kind '{kind}'"),
                    ));
                }
                Ok(())
            }
            "vector.constant_mask" => {
                let Some(rt) = result else {
                    return Err(self.err(op, "expects a result"));
                };
                let sizes = match d.attr("mask_dim_sizes") {
                    None => return Err(self.err(op, "requires attribute 'mask_dim_sizes'")),
                    Some(Attribute::Array(sizes))
                        if sizes.iter().all(|s| {
                            matches!(s, Attribute::Integer { ty: Type::Integer(64), .. })
                        }) =>
                    {
                        sizes
                    }
                    Some(_) => {
                        return Err(self.err(
                            op,
                            "attribute 'mask_dim_sizes' failed to satisfy constraint: 64-bit integer array attribute",
                        ))
                    }
                };
                let dims = shape(rt);
                if sizes.len() != dims.len() {
                    return Err(self.err(
                        op,
                        "must specify array attr of size equal vector result rank",
                    ));
                }
                for (s, &dim) in sizes.iter().zip(dims) {
                    if !s.as_int().is_some_and(|s| (0..=dim).contains(&s)) {
                        return Err(self.err(
                            op,
                            "array attr of size out of bounds of vector result dimension size",
                        ));
                    }
                }
                Ok(())
            }
            "vector.create_mask" => {
                let Some(rt) = result else {
                    return Err(self.err(op, "expects a result"));
                };
                if element(rt) != &Type::Integer(1) {
                    return Err(self.err(
                        op,
                        "result #0 must be vector of 1-bit signless integer values",
                    ));
                }
                if d.operands.len() != shape(rt).len() {
                    return Err(self.err(
                        op,
                        "must specify an operand for each result vector dimension",
                    ));
                }
                self.indices(op, &d.operands)
            }
            "vector.extract" | "vector.insert" => {
                let insert = name == "vector.insert";
                let fixed = 1 + usize::from(insert);
                let Some(position) = static_position(self.m, op) else {
                    return Err(self.err(op, "requires attribute 'static_position'"));
                };
                let Some(vt) = d.operands.get(fixed - 1).map(|&v| self.ty(v)) else {
                    return Err(self.err(op, "expects a vector operand"));
                };
                let dims = shape(vt);
                if position.len() > dims.len() {
                    let what = if insert { "dest " } else { "" };
                    return Err(self.err(
                        op,
                        format!(
                            "expected position attribute of rank no greater than {what}vector rank"
                        ),
                    ));
                }
                let dynamic = position.iter().filter(|&&p| p == DYNAMIC_POSITION).count();
                if d.operands.len() != fixed + dynamic {
                    return Err(self.err(op, "expects one operand per dynamic position"));
                }
                for (k, (&p, &size)) in position.iter().zip(dims).enumerate() {
                    if p != DYNAMIC_POSITION && !(0..size).contains(&p) {
                        let what = if insert { "dest " } else { "" };
                        return Err(self.err(
                            op,
                            format!(
                                "expected position attribute #{} to be a non-negative integer smaller than the corresponding {what}vector dimension",
                                k + 1
                            ),
                        ));
                    }
                }
                let rest = &dims[position.len()..];
                let part = if rest.is_empty() {
                    element(vt).clone()
                } else {
                    Type::Vector {
                        shape: rest.to_vec(),
                        scalable: vec![false; rest.len()],
                        elem: Box::new(element(vt).clone()),
                    }
                };
                let (part_ty, whole_ty) = if insert {
                    (self.ty(d.operands[0]), result)
                } else {
                    (result.unwrap_or(vt), Some(vt))
                };
                if part_ty != &part || whole_ty != Some(vt) {
                    return Err(self.err(op, "has an inconsistent result or value type"));
                }
                self.indices(op, &d.operands[fixed..])
            }
            "vector.extractelement" | "vector.insertelement" => {
                let insert = name == "vector.insertelement";
                let fixed = 1 + usize::from(insert);
                let (Some(&vector), Some(rt)) = (d.operands.get(fixed - 1), result) else {
                    return Err(self.err(op, "expects a vector operand and a result"));
                };
                let vt = self.ty(vector);
                if !matches!(vt, Type::Vector { .. }) {
                    return Err(self.err(op, "operand must be vector of any type values"));
                }
                let expected = if insert {
                    vt.clone()
                } else {
                    element(vt).clone()
                };
                let value_ok = !insert || self.ty(d.operands[0]) == element(vt);
                if *rt != expected || !value_ok {
                    return Err(self.err(
                        op,
                        "failed to verify that result type matches element type of vector operand",
                    ));
                }
                let position = d.operands.get(fixed);
                if d.operands.len() > fixed + 1 {
                    return Err(self.err(op, "expects at most one position operand"));
                }
                if let Some(&p) = position {
                    if !int_like(self.ty(p)) && *self.ty(p) != Type::Index {
                        return Err(self.err(
                            op,
                            "operand #1 must be signless integer or index, but got another type",
                        ));
                    }
                }
                match (shape(vt).len(), position) {
                    (0, Some(_)) => {
                        Err(self.err(op, "expected position to be empty with 0-D vector"))
                    }
                    (0, None) => Ok(()),
                    (1, None) => Err(self.err(op, "expected position for 1-D vector")),
                    (1, Some(_)) => Ok(()),
                    _ => Err(self.err(op, "unexpected >1 vector rank")),
                }
            }
            "vector.fma" => {
                let Some(rt) = result else {
                    return Err(self.err(op, "expects a result"));
                };
                if d.operands.len() != 3 || d.operands.iter().any(|&v| self.ty(v) != rt) {
                    return Err(self.err(op, "requires the same type for all operands and results"));
                }
                if !float_like(rt) {
                    return Err(self.err(op, "operand #0 must be vector of floating-point values"));
                }
                Ok(())
            }
            _ => Err(self.err(op, "is not verified")),
        }
    }

    fn indices(&self, op: OpId, vs: &[crate::ir::Value]) -> Result<(), Diagnostic> {
        if vs.iter().any(|&v| *self.ty(v) != Type::Index) {
            return Err(self.err(op, "indices must be of index type"));
        }
        Ok(())
    }

    fn transfer(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let write = d.name == "vector.transfer_write";
        let vt = if write {
            d.operands.first().map(|&v| self.ty(v))
        } else {
            d.results.first().map(|&v| self.ty(v))
        };
        let (Some(vt), Some(mt)) = (vt, d.operands.get(usize::from(write)).map(|&v| self.ty(v)))
        else {
            return Err(self.err(op, "expects a vector and a memref"));
        };
        let tensor = matches!(mt, Type::Tensor { .. });
        let Some(rank) = mt.rank().filter(|_| tensor || mt.is_memref()) else {
            return Err(self.err(op, "requires memref or ranked tensor type"));
        };
        // A write to a tensor yields the new tensor; to a memref, nothing
        // (MLIR's destination-style checks).
        if write {
            let outputs = usize::from(tensor);
            if d.results.len() != outputs {
                return Err(self.err(
                    op,
                    format!(
                        "expected the number of tensor results ({}) to be equal to the number of output tensors ({outputs})",
                        d.results.len()
                    ),
                ));
            }
            if let Some(&r) = d.results.first().filter(|&&r| self.ty(r) != mt) {
                return Err(self.err(
                    op,
                    format!(
                        "expected type of operand #1 ('{mt}') to match type of corresponding result ('{}')",
                        self.ty(r)
                    ),
                ));
            }
        }
        let Type::Vector { shape: vshape, .. } = vt else {
            return Err(self.err(op, "requires vector type"));
        };
        let first = usize::from(write) + 1;
        let rest = first + rank + usize::from(!write);
        if d.operands.len() < rest {
            return Err(self.err(op, format!("requires {rank} indices")));
        }
        if d.operands.len() > rest + 1 {
            return Err(self.err(op, format!("requires {rank} indices")));
        }
        self.indices(op, &d.operands[first..first + rank])?;
        let Some(Attribute::AffineMap(map)) = d.attr("permutation_map") else {
            return Err(self.err(op, "requires attribute 'permutation_map'"));
        };
        if map.num_dims() as usize != rank || map.num_symbols() != 0 {
            return Err(self.err(
                op,
                "requires a permutation_map with input dims of the same rank as the source type",
            ));
        }
        if map.results().len() != vshape.len() {
            return Err(self.err(
                op,
                "requires a permutation_map with result dims of the same rank as the vector type",
            ));
        }
        let mut seen = vec![false; rank];
        let mut broadcast = vec![false; vshape.len()];
        for (k, e) in map.results().iter().enumerate() {
            match e.kind() {
                ExprKind::Dim(p) if !seen[*p as usize] => seen[*p as usize] = true,
                ExprKind::Constant(0) => broadcast[k] = true,
                _ => {
                    return Err(self.err(
                        op,
                        "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)",
                    ))
                }
            }
        }
        let in_bounds = match d.attr("in_bounds") {
            Some(Attribute::Array(flags)) => flags
                .iter()
                .map(|f| matches!(f, Attribute::Bool(true)))
                .collect::<Vec<_>>(),
            Some(_) => return Err(self.err(op, "expects in_bounds to be an array of booleans")),
            None => return Err(self.err(op, "requires attribute 'in_bounds'")),
        };
        if in_bounds.len() != vshape.len() {
            return Err(self.err(
                op,
                format!(
                    "expects the in_bounds attr of same rank as permutation_map results: affine_map<{map}> vs inBounds of size: {}",
                    in_bounds.len()
                ),
            ));
        }
        if broadcast.iter().any(|&b| b) {
            if write {
                return Err(self.err(op, "should not have broadcast dimensions"));
            }
            if broadcast.iter().zip(&in_bounds).any(|(&b, &i)| b && !i) {
                return Err(self.err(op, "requires broadcast dimensions to be in-bounds"));
            }
        }
        if let Some(&pad) = (!write).then(|| d.operands.get(first + rank)).flatten() {
            if self.ty(pad) != element(mt) {
                return Err(self.err(
                    op,
                    "requires formal padding and source of the same elemental type",
                ));
            }
        }
        if let Some(&mask) = d.operands.get(rest) {
            let expected = mask_type(vt, map);
            if *self.ty(mask) != expected {
                return Err(self.err(
                    op,
                    format!("expects mask type consistent with permutation map: {expected}"),
                ));
            }
        }
        Ok(())
    }
}
