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
                // A reinterpret cast's source may be unranked in MLIR: its
                // checks of the types come first (tessera then asks for a
                // ranked source).
                if let (true, Some(src), Some(Type::MemRef { shape, .. })) =
                    (name == "memref.reinterpret_cast", &src, &result)
                {
                    self.slice_counts(op, &s, [1, shape.len(), shape.len()])?;
                    self.reinterpret_types(op, &s, src, result.as_ref().unwrap_or(src))?;
                }
                if !memref(&src) || !memref(&result) {
                    return Err(self.err(op, "expects a ranked memref source and result"));
                }
                let (src, result) = (src.unwrap_or(Type::Index), result.unwrap_or(Type::Index));
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
                let (r0, r1) = (a.len(), b.len());
                if name == "memref.collapse_shape" && r0 < r1 {
                    return Err(self.err(
                        op,
                        format!("has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."),
                    ));
                }
                if name == "memref.expand_shape" && r0 > r1 {
                    return Err(self.err(
                        op,
                        format!("has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."),
                    ));
                }
                if let Some(why) = collapsed_shape_error(collapsed, expanded, &groups) {
                    return Err(self.err(op, why));
                }
                if let (Some(src_ty), Some(result_ty)) = (&src, &result) {
                    self.reshape_layout(
                        op,
                        name == "memref.expand_shape",
                        src_ty,
                        result_ty,
                        &groups,
                    )?;
                }
                if name == "memref.expand_shape" {
                    let static_shape = match d.attr("static_output_shape") {
                        Some(crate::attr::Attribute::DenseArray { values, .. }) => values.clone(),
                        _ => Vec::new(),
                    };
                    if static_shape.len() != b.len() {
                        return Err(self.err(
                            op,
                            format!(
                                "expected number of static shape bounds to be equal to the output rank ({}) but found {} inputs instead",
                                b.len(),
                                static_shape.len()
                            ),
                        ));
                    }
                    let dynamic = static_shape.iter().filter(|&&v| v == DYNAMIC).count();
                    if d.operands.len().saturating_sub(1) != dynamic {
                        return Err(self.err(
                            op,
                            format!(
                                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {} values",
                                d.operands.len().saturating_sub(1)
                            ),
                        ));
                    }
                    if let Some(pos) =
                        (0..b.len()).find(|&k| b[k] != DYNAMIC && b[k] != static_shape[k])
                    {
                        return Err(
                            self.err(op, format!("invalid output shape provided at pos {pos}"))
                        );
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
                let dims = match d.attr("permutation") {
                    Some(crate::attr::Attribute::AffineMap(map)) => map.num_dims() as usize,
                    _ => 0,
                };
                let mut sorted = perm.clone();
                sorted.sort_unstable();
                if sorted != (0..dims).collect::<Vec<_>>() {
                    return Err(self.err(op, "expected a permutation map"));
                }
                if dims != a.len() {
                    return Err(
                        self.err(op, "expected a permutation map of same rank as the input")
                    );
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
                // ODS's 1-D byte source, then `ViewOp::verify` (its errors
                // without the op prefix): identity layouts, one memory
                // space, one size per dynamic dimension.
                let one_byte = matches!(&src, Some(Type::MemRef { shape, elem, .. }) if shape.len() == 1 && **elem == Type::Integer(8));
                if !one_byte {
                    return Err(self.err(op, format!(
                        "operand #0 must be 1D memref of 8-bit signless integer values, but got '{}'",
                        src.unwrap_or(Type::Index)
                    )));
                }
                let (Some(src), Some(result @ Type::MemRef { shape, space, .. })) = (&src, &result)
                else {
                    return Err(self.err(op, "expects a ranked memref result"));
                };
                if !identity_layout(src) {
                    return Err(
                        self.bare(op, format!("unsupported map for base memref type '{src}'"))
                    );
                }
                if !identity_layout(result) {
                    return Err(self.bare(
                        op,
                        format!("unsupported map for result memref type '{result}'"),
                    ));
                }
                if matches!(src, Type::MemRef { space: s, .. } if s != space) {
                    return Err(self.bare(op, format!("different memory spaces specified for base memref type '{src}' and view memref type '{result}'")));
                }
                let dynamic = shape.iter().filter(|&&s| s == DYNAMIC).count();
                if d.operands.len() != 2 + dynamic {
                    return Err(self.bare(
                        op,
                        format!("incorrect number of size operands for type '{result}'"),
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
                if matches!(src, Type::MemRef { .. }) && !identity_layout(src) {
                    return Err(self.err(op, "source memref type should have identity affine map"));
                }
                if let Type::MemRef { shape: r, .. } = result {
                    if !identity_layout(result) {
                        return Err(
                            self.err(op, "result memref type should have identity affine map")
                        );
                    }
                    if shape[0] == DYNAMIC {
                        return Err(self.err(
                            op,
                            "cannot use shape operand with dynamic length to reshape to statically-ranked memref type",
                        ));
                    }
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

    /// The result type MLIR computes for a reshape (`computeExpandedType`;
    /// for a collapse, of a source with the identity layout only), which
    /// the result must be.
    fn reshape_layout(
        &self,
        op: OpId,
        expand: bool,
        src: &Type,
        result: &Type,
        groups: &[Vec<usize>],
    ) -> Result<(), Diagnostic> {
        let (
            Type::MemRef {
                elem,
                layout,
                space,
                ..
            },
            Type::MemRef { shape, .. },
        ) = (src, result)
        else {
            return Ok(());
        };
        let layout = match (layout, expand) {
            (None, _) => None,
            (Some(_), false) => return Ok(()),
            (Some(_), true) => {
                let Some((strides, offset)) = strides_and_offset(src) else {
                    return Err(self.err(op, "invalid source layout map"));
                };
                Some(Layout::Strided {
                    strides: expanded_strides(&strides, shape, groups),
                    offset,
                })
            }
        };
        let expected = Type::MemRef {
            shape: shape.clone(),
            elem: elem.clone(),
            layout,
            space: space.clone(),
        };
        if expected == *result {
            return Ok(());
        }
        let kind = if expand { "expanded" } else { "collapsed" };
        Err(self.err(
            op,
            format!("expected {kind} type to be '{expected}' but found '{result}'"),
        ))
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
        self.slice_counts(op, s, [n, n, n])?;
        // MLIR's `SubViewOp::verify`: the memory space, then the result
        // as a possibly rank-reduced slice: its rank, sizes, element type,
        // then its layout.
        if let Type::MemRef {
            space: res_space, ..
        } = result
        {
            if res_space != space {
                return Err(self.bare(op, format!("different memory spaces specified for base memref type '{src}' and subview memref type '{result}'")));
            }
        }
        if strides_and_offset(src).is_none() {
            return Err(self.bare(op, format!("base type '{src}' is not strided")));
        }
        if res_shape.len() > n {
            return Err(self.bare(
                op,
                "expected result rank to be smaller or equal to the source rank. ",
            ));
        }
        if dropped_dims(&s.sizes, result).is_none() {
            let sizes: Vec<i64> = s.sizes.iter().map(fixed).collect();
            let expected = Type::MemRef {
                shape: sizes,
                elem: elem.clone(),
                layout: None,
                space: space.clone(),
            };
            let expected = crate::views::subview_type(src, s, &[]).unwrap_or(expected);
            return Err(self.bare(op, format!(
                "expected result type to be '{expected}' or a rank-reduced version. (mismatch of result sizes) "
            )));
        }
        if result.element_type() != Some(&**elem) {
            return Err(self.bare(op, format!("expected result element type to be '{elem}'")));
        }
        let Some((src_strides, src_offset)) = strides_and_offset(src) else {
            return Ok(());
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

    /// `OffsetSizeAndStrideOpInterface`'s counts: offsets (one, or one per
    /// size), sizes and strides alike, each list of its op's length
    /// (`max_ranks`).
    fn slice_counts(&self, op: OpId, s: &Slices, max_ranks: [usize; 3]) -> Result<(), Diagnostic> {
        let (offsets, sizes, strides) = (s.offsets.len(), s.sizes.len(), s.strides.len());
        if !(offsets == 1 && max_ranks[0] == 1) && offsets != sizes {
            return Err(self.bare(op, format!("expected mixed offsets rank to match mixed sizes rank ({offsets} vs {sizes}) so the rank of the result type is well-formed.")));
        }
        if sizes != strides {
            return Err(self.bare(op, format!("expected mixed sizes rank to match mixed strides rank ({sizes} vs {strides}) so the rank of the result type is well-formed.")));
        }
        for ((what, count), max) in [("offset", offsets), ("size", sizes), ("stride", strides)]
            .into_iter()
            .zip(max_ranks)
        {
            if count != max {
                return Err(self.bare(op, format!("expected {max} {what} values, got {count}")));
            }
        }
        for (what, list) in [("offsets", &s.offsets), ("sizes", &s.sizes)] {
            if let Some(v) = list.iter().map(fixed).find(|&v| v < 0 && v != DYNAMIC) {
                return Err(self.bare(
                    op,
                    format!("expected {what} to be non-negative, but got {v}"),
                ));
            }
        }
        Ok(())
    }

    /// `ReinterpretCastOp::verify`'s first checks: the memory space, the
    /// element type, then the static sizes against the result's.
    fn reinterpret_types(
        &self,
        op: OpId,
        s: &Slices,
        src: &Type,
        result: &Type,
    ) -> Result<(), Diagnostic> {
        let space = |t: &Type| match t {
            Type::MemRef { space, .. } | Type::UnrankedMemRef { space, .. } => space.clone(),
            _ => None,
        };
        if space(src) != space(result) {
            return Err(self.bare(op, format!("different memory spaces specified for source type '{src}' and result memref type '{result}'")));
        }
        if src.element_type() != result.element_type() {
            return Err(self.bare(op, format!("different element types specified for source type '{src}' and result memref type '{result}'")));
        }
        self.reinterpret(op, s, result)
    }

    fn reinterpret(&self, op: OpId, s: &Slices, result: &Type) -> Result<(), Diagnostic> {
        let Type::MemRef { shape, .. } = result else {
            return Ok(());
        };
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
            return Err(self.bare(
                op,
                format!("expected result type to have strided layout but found '{result}'"),
            ));
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

/// MLIR's `verifyCollapsedShape` (several dynamic dimensions allowed in a
/// group): one group per collapsed dimension, covering the expanded
/// dimensions in order, each group as dynamic as its collapsed dimension
/// and, when static, of its size.
/// MLIR's `computeExpandedLayoutMap`: each source stride is the stride of
/// the last dimension of its group, the ones before it scaled by the sizes
/// after them.
fn expanded_strides(src_strides: &[i64], shape: &[i64], groups: &[Vec<usize>]) -> Vec<i64> {
    let mut reversed = Vec::with_capacity(shape.len());
    let mut at = shape.len();
    for (group, &stride) in groups.iter().zip(src_strides).rev() {
        let mut current = stride;
        for _ in group {
            reversed.push(current);
            at = at.saturating_sub(1);
            current = mul(current, shape.get(at).copied().unwrap_or(1));
        }
    }
    let mut strides: Vec<i64> = reversed.into_iter().rev().collect();
    strides.resize(shape.len(), 1);
    strides
}

fn collapsed_shape_error(
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<usize>],
) -> Option<String> {
    if groups.len() != collapsed.len() {
        return Some(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        ));
    }
    let mut next = 0;
    for (k, group) in groups.iter().enumerate() {
        let mut dynamic = false;
        for &e in group {
            if e != next {
                return Some("reassociation indices must be contiguous".into());
            }
            next += 1;
            if e >= expanded.len() {
                return Some(format!("reassociation index {e} is out of bounds"));
            }
            dynamic |= expanded[e] == DYNAMIC;
        }
        if (collapsed[k] == DYNAMIC) != dynamic {
            return Some(format!(
                "collapsed dim ({k}) must be dynamic if and only if reassociation group is dynamic"
            ));
        }
        if !dynamic {
            let size = group
                .iter()
                .fold(1i64, |acc, &e| acc.saturating_mul(expanded[e]));
            if size != collapsed[k] {
                return Some(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({size})",
                    collapsed[k]
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return Some("rank 0 memrefs can only be extended/collapsed with/from ones".into());
        }
    } else if next != expanded.len() {
        return Some(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        ));
    }
    None
}

/// Is the layout of memref type `t` the identity (none, an identity map,
/// or the contiguous strides with offset 0: MLIR's `isIdentity`)?
fn identity_layout(t: &Type) -> bool {
    let Type::MemRef {
        shape,
        elem,
        layout,
        space,
    } = t
    else {
        return false;
    };
    match layout {
        None => true,
        Some(Layout::Map(m)) => m.is_identity(),
        Some(Layout::Strided { strides, .. }) => {
            let contiguous = Type::MemRef {
                shape: shape.clone(),
                elem: elem.clone(),
                layout: None,
                space: space.clone(),
            };
            !strides.contains(&DYNAMIC) && strides_and_offset(t) == strides_and_offset(&contiguous)
        }
    }
}
