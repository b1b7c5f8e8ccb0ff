//! The verifier's rules for the tensor ops, with mlir-opt 19's messages.

use super::Verifier;
use crate::error::Diagnostic;
use crate::ir::{OpData, OpId};
use crate::types::{Type, DYNAMIC};

fn shape(t: &Type) -> Option<&[i64]> {
    match t {
        Type::Tensor { shape, .. } | Type::MemRef { shape, .. } => Some(shape),
        _ => None,
    }
}

impl Verifier<'_> {
    /// Checks a tensor op.
    pub(super) fn tensor_op(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let ty = |i: usize| d.operands.get(i).map(|&v| self.ty(v).clone());
        let result = d.results.first().map(|&v| self.ty(v).clone());
        let indices_ok = |from: usize| {
            d.operands[from.min(d.operands.len())..]
                .iter()
                .all(|&v| *self.ty(v) == Type::Index)
        };
        match d.name.as_str() {
            "tensor.empty" => {
                let dynamic = result
                    .as_ref()
                    .and_then(shape)
                    .map_or(0, |s| s.iter().filter(|&&x| x == DYNAMIC).count());
                if d.operands.len() != dynamic {
                    return Err(self.err(
                        op,
                        format!(
                            "incorrect number of dynamic sizes, has {}, expected {dynamic}",
                            d.operands.len()
                        ),
                    ));
                }
            }
            "tensor.extract" | "tensor.insert" => {
                let insert = d.name == "tensor.insert";
                let t = if insert { ty(1) } else { ty(0) };
                // The element-type traits (TypesMatchWith) before the op's
                // own index count.
                let elem = t.as_ref().and_then(Type::element_type);
                if insert && result != t {
                    return Err(
                        self.err(op, "failed to verify that result type matches type of dest")
                    );
                }
                let scalar = if insert { ty(0) } else { result.clone() };
                if scalar.as_ref() != elem {
                    let what = if insert {
                        "scalar type matches element type of dest"
                    } else {
                        "result type matches element type of tensor"
                    };
                    return Err(self.err(op, format!("failed to verify that {what}")));
                }
                let rank = t.as_ref().and_then(Type::rank).unwrap_or(0);
                let first = 1 + usize::from(insert);
                if d.operands.len() != first + rank {
                    let what = if insert {
                        "incorrect number of indices"
                    } else {
                        "incorrect number of indices for extract_element"
                    };
                    return Err(self.err(op, what));
                }
                if !indices_ok(first) {
                    return Err(self.err(op, "indices must be of index type"));
                }
            }
            "tensor.cast" => {
                let (Some(a), Some(b)) = (ty(0), result) else {
                    return Err(self.err(op, "expects one operand and one result"));
                };
                let compatible =
                    a.element_type() == b.element_type() && super::compatible_shapes(&a, &b);
                if !compatible {
                    return Err(self.err(
                        op,
                        format!("operand type '{a}' and result type '{b}' are cast incompatible"),
                    ));
                }
            }
            // Its operand and result types are all ODS checks.
            "tensor.dim" => {}
            "tensor.generate" => {
                let Some(Type::Tensor { shape, elem, .. }) = result else {
                    return Err(self.err(op, "result #0 must be ranked tensor of any type values"));
                };
                let dynamic = shape.iter().filter(|&&x| x == DYNAMIC).count();
                if d.operands.len() != dynamic {
                    return Err(self.err(
                        op,
                        "must have as many index operands as dynamic extents in the result type",
                    ));
                }
                if let Some(&b) = d
                    .regions
                    .first()
                    .and_then(|&r| self.m.regions[r].blocks.first())
                {
                    let args = &self.m.blocks[b].args;
                    if args.len() != shape.len() || args.iter().any(|&a| *self.ty(a) != Type::Index)
                    {
                        return Err(self.err(op, "must have one body argument per input dimension"));
                    }
                    let yielded = self.m.blocks[b].ops.last().map(|&t| &self.m.ops[t]);
                    match yielded {
                        Some(t) if t.name == "tensor.yield" && t.operands.len() == 1 => {
                            if *self.ty(t.operands[0]) != *elem {
                                return Err(self.err(op, "body must be terminated with a `yield` operation of the tensor element type"));
                            }
                        }
                        _ => return Err(self.err(op, "body must be terminated with a `yield` operation of the tensor element type")),
                    }
                }
            }
            "tensor.yield" => {
                let parent = self.m.parent_op(op).map(|p| self.m.ops[p].name.as_str());
                if parent != Some("tensor.generate") {
                    return Err(self.err(
                        op,
                        "expects parent op to be one of 'tensor.generate, tensor.pad'",
                    ));
                }
                self.not_last_terminator(op)?;
            }
            "bufferization.to_tensor" | "bufferization.to_memref" => {
                let (Some(a), Some(b)) = (ty(0), result) else {
                    return Err(self.err(op, "expects one operand and one result"));
                };
                let (memref, tensor) = if d.name == "bufferization.to_tensor" {
                    (a, b)
                } else {
                    (b, a)
                };
                if crate::syntax::tensor_of(&memref).as_ref() != Some(&tensor) {
                    return Err(self.err(
                        op,
                        "result type does not match the buffer's shape and element type",
                    ));
                }
            }
            _ => return Err(self.err(op, "is not verified")),
        }
        Ok(())
    }
}
