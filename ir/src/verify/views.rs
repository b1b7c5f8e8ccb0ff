//! The verifier's rules for the memref view ops, `memref.alloca_scope`
//! and `scf.execute_region`, with mlir-opt 19's messages.

use super::Verifier;
use crate::error::Diagnostic;
use crate::ir::{OpData, OpId};
use crate::types::{Layout, Type, DYNAMIC};
use crate::views::{add, fixed, mul};
use crate::views::{dropped_dims, permutation, reassociation, strides_and_offset, Slices};

/// The transposed type as MLIR writes it in its message: the permuted
/// strides as an affine-map layout (static strides only).
fn canonical_transposed(sizes: &[i64], strides: &[i64], offset: i64, src: &Type) -> Option<Type> {
    use tessera_affine::{AffineExpr, AffineMap};
    if strides.contains(&DYNAMIC) || offset == DYNAMIC {
        return None;
    }
    let Type::MemRef { elem, space, .. } = src else {
        return None;
    };
    let n = sizes.len() as u32;
    let mut e = AffineExpr::constant(offset);
    for (k, &s) in strides.iter().enumerate() {
        e = e + AffineExpr::dim(k as u32) * s;
    }
    let map = AffineMap::new(n, 0, vec![e.simplify(n, 0)]).ok()?;
    Some(Type::MemRef {
        shape: sizes.to_vec(),
        elem: elem.clone(),
        layout: Some(Layout::Map(map)),
        space: space.clone(),
    })
}

impl Verifier<'_> {
    /// ODS's `AnyStridedMemRef` for operand #0 and result #0.
    fn strided_memrefs(
        &self,
        op: OpId,
        src: &Option<Type>,
        result: &Option<Type>,
    ) -> Result<(), Diagnostic> {
        for (what, t) in [("operand", src), ("result", result)] {
            match t {
                Some(t @ Type::MemRef { .. }) if strides_and_offset(t).is_some() => {}
                Some(t) => {
                    return Err(self.err(
                        op,
                        format!(
                            "{what} #0 must be strided memref of any type values, but got '{t}'"
                        ),
                    ))
                }
                None => return Err(self.err(op, "expects a ranked memref source and result")),
            }
        }
        Ok(())
    }

    /// An error without the `'op' op` prefix (as mlir-opt words some).
    fn bare(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.m.file, self.source, self.m.ops[op].loc, msg.into()).about(op)
    }

    /// Checks a view op, `memref.alloca_scope` or `scf.execute_region`.
    pub(super) fn view_op(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let name = d.name.as_str();
        let src = d.operands.first().map(|&v| self.ty(v).clone());
        let result = d.results.first().map(|&v| self.ty(v).clone());
        let memref = |t: &Option<Type>| matches!(t, Some(Type::MemRef { .. }));
        match name {
            "memref.subview" | "memref.reinterpret_cast" => {
                if !memref(&src) || !memref(&result) {
                    return Err(self.err(op, "expects a ranked memref source and result"));
                }
                let (src, result) = (src.unwrap_or(Type::Index), result.unwrap_or(Type::Index));
                let Some(s) = Slices::of(self.m, op) else {
                    return Err(self.err(op, "expects its static offsets, sizes and strides and one operand per dynamic entry"));
                };
                for v in d.operands[1..].iter() {
                    if *self.ty(*v) != Type::Index {
                        return Err(
                            self.err(op, "offsets, sizes and strides must be of index type")
                        );
                    }
                }
                if src.element_type() != result.element_type() {
                    return Err(self.err(
                        op,
                        "expects the source and the result to have the same element type",
                    ));
                }
                if name == "memref.subview" {
                    self.subview(op, &s, &src, &result)
                } else {
                    self.reinterpret(op, &s, &result)
                }
            }
            "memref.expand_shape" | "memref.collapse_shape" => {
                if d.attr("reassociation").is_none() {
                    return Err(self.err(op, "requires attribute 'reassociation'"));
                }
                if name == "memref.expand_shape" && d.attr("static_output_shape").is_none() {
                    return Err(self.err(op, "requires attribute 'static_output_shape'"));
                }
                self.strided_memrefs(op, &src, &result)?;
                let (Some(Type::MemRef { shape: a, .. }), Some(Type::MemRef { shape: b, .. })) =
                    (&src, &result)
                else {
                    return Err(self.err(op, "expects a ranked memref source and result"));
                };
                let Some(groups) = reassociation(self.m, op) else {
                    return Err(self.err(op, "requires attribute 'reassociation'"));
                };
                let (collapsed, expanded) = if name == "memref.collapse_shape" {
                    (b, a)
                } else {
                    (a, b)
                };
                if groups.len() != collapsed.len() {
                    return Err(self.err(
                        op,
                        format!(
                            "invalid number of reassociation groups: found {}, expected {}",
                            groups.len(),
                            collapsed.len()
                        ),
                    ));
                }
                let flat: Vec<usize> = groups.iter().flatten().copied().collect();
                if flat != (0..expanded.len()).collect::<Vec<_>>() {
                    return Err(self.err(op, "expected reassociation map to be valid (contiguous, in order and covering every dimension)"));
                }
                for (k, g) in groups.iter().enumerate() {
                    let dynamic = g.iter().any(|&e| expanded[e] == DYNAMIC);
                    if dynamic != (collapsed[k] == DYNAMIC) {
                        return Err(self.err(op, format!("collapsed dim ({k}) must be dynamic if and only if reassociation group is dynamic")));
                    }
                    if !dynamic {
                        let size = g
                            .iter()
                            .fold(1i64, |acc, &e| acc.saturating_mul(expanded[e]));
                        if size != collapsed[k] {
                            return Err(self.err(op, format!("collapsed dim size ({}) must equal reassociation group size ({size})", collapsed[k])));
                        }
                    }
                }
                if src.as_ref().and_then(Type::element_type)
                    != result.as_ref().and_then(Type::element_type)
                {
                    return Err(self.err(
                        op,
                        "expects the source and the result to have the same element type",
                    ));
                }
                Ok(())
            }
            "memref.transpose" => {
                if d.attr("permutation").is_none() {
                    return Err(self.err(op, "requires attribute 'permutation'"));
                }
                self.strided_memrefs(op, &src, &result)?;
                let (Some(Type::MemRef { shape: a, .. }), Some(Type::MemRef { shape: b, .. })) =
                    (&src, &result)
                else {
                    return Err(self.err(op, "expects a ranked memref source and result"));
                };
                let perm = permutation(self.m, op).unwrap_or_default();
                let mut sorted = perm.clone();
                sorted.sort_unstable();
                if sorted != (0..a.len()).collect::<Vec<_>>() {
                    return Err(self.err(op, "expected a permutation map"));
                }
                let sizes: Vec<i64> = perm.iter().map(|&p| a[p]).collect();
                let strides = src.as_ref().and_then(strides_and_offset);
                let expected = strides
                    .as_ref()
                    .map(|(s, o)| (perm.iter().map(|&p| s[p]).collect::<Vec<_>>(), *o));
                if *b != sizes || result.as_ref().and_then(strides_and_offset) != expected {
                    let canonical = expected
                        .and_then(|(strides, offset)| {
                            canonical_transposed(&sizes, &strides, offset, src.as_ref()?)
                        })
                        .map(|t| format!(" '{t}'"))
                        .unwrap_or_default();
                    return Err(self.err(op, format!(
                        "result type '{}' is not equivalent to the canonical transposed input type{canonical}",
                        result.clone().unwrap_or(Type::Index)
                    )));
                }
                Ok(())
            }
            "memref.view" => {
                let one_byte = matches!(&src, Some(Type::MemRef { shape, elem, layout: None, .. }) if shape.len() == 1 && **elem == Type::Integer(8));
                if !one_byte {
                    return Err(self.err(op, format!(
                        "operand #0 must be 1D memref of 8-bit signless integer values, but got '{}'",
                        src.unwrap_or(Type::Index)
                    )));
                }
                let Some(Type::MemRef {
                    shape,
                    layout: None,
                    ..
                }) = &result
                else {
                    return Err(self.err(op, "unsupported map for result memref type"));
                };
                let dynamic = shape.iter().filter(|&&s| s == DYNAMIC).count();
                if d.operands.len() != 2 + dynamic {
                    return Err(self.err(
                        op,
                        format!(
                            "incorrect number of size operands for type '{}'",
                            result.clone().unwrap_or(Type::Index)
                        ),
                    ));
                }
                Ok(())
            }
            "memref.reshape" => {
                let (Some(src), Some(result)) = (&src, &result) else {
                    return Err(self.err(op, "expects a source and a result"));
                };
                const ANY_MEMREF: &str = "ranked or unranked memref of any type values";
                let any_memref =
                    |t: &Type| matches!(t, Type::MemRef { .. } | Type::UnrankedMemRef { .. });
                if !any_memref(src) {
                    return Err(self.err(
                        op,
                        format!("operand #0 must be {ANY_MEMREF}, but got '{src}'"),
                    ));
                }
                match d.operands.get(1).map(|&v| self.ty(v)) {
                    Some(Type::MemRef { shape, elem, .. })
                        if shape.len() == 1 && elem.is_int_or_index() => {}
                    Some(t) => {
                        return Err(self.err(
                            op,
                            format!("operand #1 must be 1D memref of signless integer or index values, but got '{t}'"),
                        ))
                    }
                    None => return Err(self.err(op, "expects a 1-D memref of sizes")),
                }
                if !any_memref(result) {
                    return Err(self.err(
                        op,
                        format!("result #0 must be {ANY_MEMREF}, but got '{result}'"),
                    ));
                }
                let shape_ty = d.operands.get(1).map(|&v| self.ty(v).clone());
                let Some(Type::MemRef { shape, elem, .. }) = shape_ty else {
                    return Err(self.err(op, "expects a 1-D memref of sizes"));
                };
                if shape.len() != 1 || !elem.is_int_or_index() {
                    return Err(self.err(op, "expects a 1-D memref of sizes"));
                }
                if src.element_type() != result.element_type() {
                    return Err(self.err(
                        op,
                        "element types of source and destination memref types should be the same",
                    ));
                }
                if let (Type::MemRef { shape: r, .. }, true) = (result, shape[0] != DYNAMIC) {
                    if r.len() as i64 != shape[0] {
                        return Err(self.err(
                            op,
                            "length of shape operand differs from the result's memref rank",
                        ));
                    }
                }
                Ok(())
            }
            "memref.alloca_scope" | "scf.execute_region" => {
                let term = if name == "scf.execute_region" {
                    "scf.yield"
                } else {
                    "memref.alloca_scope.return"
                };
                if name == "scf.execute_region" {
                    let entry = d
                        .regions
                        .first()
                        .and_then(|&r| self.m.regions[r].blocks.first());
                    match entry {
                        None => return Err(self.err(op, "region needs to have at least one block")),
                        Some(&b) if !self.m.blocks[b].args.is_empty() => {
                            return Err(self.err(op, "region cannot have any arguments"))
                        }
                        Some(_) => {}
                    }
                }
                let types: Vec<Type> = d.results.iter().map(|&r| self.ty(r).clone()).collect();
                for &r in &d.regions {
                    for &b in &self.m.regions[r].blocks {
                        let Some(&last) = self.m.blocks[b].ops.last() else {
                            return Err(self.err(op, "empty block: expect at least a terminator"));
                        };
                        let t = &self.m.ops[last];
                        if t.name != term {
                            if super::BRANCH_OPS.contains(&t.name.as_str()) {
                                continue;
                            }
                            return Err(self.err(
                                op,
                                format!("expects regions to end with '{term}', found '{}'", t.name),
                            ));
                        }
                        if t.operands.len() != types.len() {
                            return Err(self.err(op, format!(" region control flow edge from Region #0 to parent results: source has {} operands, but target successor needs {}", t.operands.len(), types.len())));
                        }
                        for (k, (&v, want)) in t.operands.iter().zip(&types).enumerate() {
                            let got = self.ty(v);
                            if got != want {
                                return Err(self.err(op, format!(" along control flow edge from Region #0 to parent results: source type #{k} '{got}' should match input type #{k} '{want}'")));
                            }
                        }
                    }
                }
                Ok(())
            }
            "memref.alloca_scope.return" => {
                let parent = self.m.parent_op(op).map(|p| self.m.ops[p].name.as_str());
                if parent != Some("memref.alloca_scope") {
                    return Err(self.err(op, "expects parent op 'memref.alloca_scope'"));
                }
                self.not_last_terminator(op)
            }
            _ => Err(self.err(op, "is not verified")),
        }
    }

    fn subview(&self, op: OpId, s: &Slices, src: &Type, result: &Type) -> Result<(), Diagnostic> {
        let (
            Type::MemRef {
                shape: src_shape,
                elem,
                space,
                ..
            },
            Type::MemRef {
                shape: res_shape, ..
            },
        ) = (src, result)
        else {
            return Ok(());
        };
        let n = src_shape.len();
        for (what, list) in [
            ("offset", &s.offsets),
            ("size", &s.sizes),
            ("stride", &s.strides),
        ] {
            if list.len() != n {
                return Err(self.bare(
                    op,
                    format!("expected {n} {what} values, got {}", list.len()),
                ));
            }
        }
        let Some((src_strides, src_offset)) = strides_and_offset(src) else {
            return Ok(()); // an affine-map layout: not inferred
        };
        let mut offset = src_offset;
        let mut strides = Vec::new();
        for ((o, st), &src_stride) in s.offsets.iter().zip(&s.strides).zip(&src_strides) {
            offset = add(offset, mul(fixed(o), src_stride));
            strides.push(mul(fixed(st), src_stride));
        }
        let sizes: Vec<i64> = s.sizes.iter().map(fixed).collect();
        let expected = Type::MemRef {
            shape: sizes.clone(),
            elem: elem.clone(),
            layout: Some(Layout::Strided {
                strides: strides.clone(),
                offset,
            }),
            space: space.clone(),
        };
        // The result may drop unit dimensions.
        let matches = dropped_dims(&s.sizes, result).is_some_and(|dropped| {
            let kept: Vec<usize> = (0..n).filter(|k| !dropped.contains(k)).collect();
            let kept_sizes: Vec<i64> = kept.iter().map(|&k| sizes[k]).collect();
            let kept_strides: Vec<i64> = kept.iter().map(|&k| strides[k]).collect();
            kept_sizes == *res_shape
                && strides_and_offset(result)
                    .is_some_and(|(rs, ro)| rs == kept_strides && (ro == offset))
        });
        if !matches {
            return Err(self.bare(op, format!(
                "expected result type to be '{expected}' or a rank-reduced version. (mismatch of result layout) "
            )));
        }
        Ok(())
    }

    fn reinterpret(&self, op: OpId, s: &Slices, result: &Type) -> Result<(), Diagnostic> {
        let Type::MemRef { shape, .. } = result else {
            return Ok(());
        };
        if s.offsets.len() != 1 || s.sizes.len() != shape.len() || s.strides.len() != shape.len() {
            return Err(self.bare(
                op,
                format!(
                    "expected {} size values and strides, and one offset",
                    shape.len()
                ),
            ));
        }
        for (k, (size, &want)) in s.sizes.iter().zip(shape).enumerate() {
            let got = fixed(size);
            if got != want && got != DYNAMIC {
                return Err(self.bare(
                    op,
                    format!(
                        "expected result type with size = {got} instead of {want} in dim = {k}"
                    ),
                ));
            }
        }
        let Some((strides, offset)) = strides_and_offset(result) else {
            return Ok(());
        };
        let got = fixed(&s.offsets[0]);
        if got != offset && got != DYNAMIC && offset != DYNAMIC {
            return Err(self.bare(
                op,
                format!("expected result type with offset = {got} instead of {offset}"),
            ));
        }
        for (k, (stride, &want)) in s.strides.iter().zip(&strides).enumerate() {
            let got = fixed(stride);
            if got != want && got != DYNAMIC && want != DYNAMIC {
                return Err(self.bare(
                    op,
                    format!(
                        "expected result type with stride = {got} instead of {want} in dim = {k}"
                    ),
                ));
            }
        }
        Ok(())
    }
}
