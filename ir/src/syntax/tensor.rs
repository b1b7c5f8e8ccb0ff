//! Custom syntax of the tensor ops of seed `004` in today's spelling:
//!
//! ```text
//! %t = tensor.empty(%n) : tensor<4x?xf32>
//! %v = tensor.extract %t[%i, %j] : tensor<4x4xf32>
//! %u = tensor.insert %v into %t[%i, %j] : tensor<4x4xf32>
//! %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
//! %d = tensor.dim %t, %i : tensor<?xf32>
//! %g = tensor.generate %n { ^bb0(%i: index): ... tensor.yield %v : f32 } : tensor<?xf32>
//! %t = bufferization.to_tensor %m restrict writable : memref<4xf32>
//! %m = bufferization.to_memref %t read_only : memref<4xf32>
//! ```

use super::{check_operand_type, region_with};
use crate::attr::Attribute;
use crate::ir::Value;
use crate::parser::{OpState, PResult, Parser};
use crate::types::Type;

/// The ops of this module.
pub const TENSOR_OPS: &[&str] = &[
    "tensor.empty",
    "tensor.extract",
    "tensor.insert",
    "tensor.cast",
    "tensor.dim",
    "tensor.generate",
    "tensor.yield",
    "bufferization.to_tensor",
    "bufferization.to_memref",
];

fn indices(p: &mut Parser<'_>) -> PResult<Vec<Value>> {
    p.expect("[")?;
    let idx = p.operand_list()?;
    p.expect("]")?;
    Ok(idx)
}

fn index_operands(p: &mut Parser<'_>, vs: &[Value], at: usize) -> PResult<()> {
    for &v in vs {
        check_operand_type(p, v, &Type::Index, at)?;
    }
    Ok(())
}

/// `: type` with the position of the type.
fn colon_type(p: &mut Parser<'_>) -> PResult<(Type, usize)> {
    p.expect(":")?;
    p.skip_ws();
    let at = p.pos;
    Ok((p.parse_type()?, at))
}

/// The tensor of a memref's shape and element type.
pub fn tensor_of(memref: &Type) -> Option<Type> {
    match memref {
        Type::MemRef { shape, elem, .. } => Some(Type::Tensor {
            shape: shape.clone(),
            elem: elem.clone(),
            encoding: None,
        }),
        Type::UnrankedMemRef { elem, .. } => Some(Type::UnrankedTensor(elem.clone())),
        _ => None,
    }
}

/// Parses the custom form of `name` into `st`.
pub fn parse(p: &mut Parser<'_>, st: &mut OpState, name: &str, name_at: usize) -> PResult<()> {
    match name {
        "tensor.empty" => {
            p.expect("(")?;
            let sizes = p.operand_list()?;
            p.expect(")")?;
            st.attrs = p.opt_attr_dict()?;
            let (ty, at) = colon_type(p)?;
            index_operands(p, &sizes, at)?;
            st.operands = sizes;
            st.result_types = vec![ty];
        }
        "tensor.extract" => {
            let t = p.operand()?;
            let idx = indices(p)?;
            st.attrs = p.opt_attr_dict()?;
            let (ty, at) = colon_type(p)?;
            check_operand_type(p, t, &ty, at)?;
            index_operands(p, &idx, at)?;
            let elem = ty
                .element_type()
                .cloned()
                .ok_or_else(|| p.error_at(at, "expected a tensor type"))?;
            st.operands = std::iter::once(t).chain(idx).collect();
            st.result_types = vec![elem];
        }
        "tensor.insert" => {
            let v = p.operand()?;
            p.expect_keyword("into")?;
            let t = p.operand()?;
            let idx = indices(p)?;
            st.attrs = p.opt_attr_dict()?;
            let (ty, at) = colon_type(p)?;
            let elem = ty
                .element_type()
                .cloned()
                .ok_or_else(|| p.error_at(at, "expected a tensor type"))?;
            check_operand_type(p, v, &elem, at)?;
            check_operand_type(p, t, &ty, at)?;
            index_operands(p, &idx, at)?;
            st.operands = [v, t].into_iter().chain(idx).collect();
            st.result_types = vec![ty];
        }
        "tensor.cast" => {
            let t = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            let (from, at) = colon_type(p)?;
            check_operand_type(p, t, &from, at)?;
            p.expect_keyword("to")?;
            st.operands = vec![t];
            st.result_types = vec![p.parse_type()?];
        }
        "tensor.dim" => {
            let t = p.operand()?;
            p.expect(",")?;
            let i = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            let (ty, at) = colon_type(p)?;
            check_operand_type(p, t, &ty, at)?;
            check_operand_type(p, i, &Type::Index, at)?;
            st.operands = vec![t, i];
            st.result_types = vec![Type::Index];
        }
        "tensor.generate" => {
            let sizes = p.operand_list()?;
            let r = region_with(p, &[], false, "")?;
            st.regions.push(r);
            st.attrs = p.opt_attr_dict()?;
            let (ty, at) = colon_type(p)?;
            index_operands(p, &sizes, at)?;
            st.operands = sizes;
            st.result_types = vec![ty];
        }
        "tensor.yield" => {
            st.operands = super::operands_with_types(p)?;
            st.attrs = p.opt_attr_dict()?;
        }
        "bufferization.to_tensor" | "bufferization.to_memref" => {
            let v = p.operand()?;
            let flags: &[&str] = if name == "bufferization.to_tensor" {
                &["restrict", "writable"]
            } else {
                &["read_only"]
            };
            for &flag in flags {
                if p.eat_keyword(flag) {
                    st.props.push((flag.to_string(), Attribute::Unit));
                }
            }
            st.attrs = p.opt_attr_dict()?;
            let (memref, at) = colon_type(p)?;
            let tensor =
                tensor_of(&memref).ok_or_else(|| p.error_at(at, "expected a memref type"))?;
            st.operands = vec![v];
            if name == "bufferization.to_tensor" {
                check_operand_type(p, v, &memref, at)?;
                st.result_types = vec![tensor];
            } else {
                check_operand_type(p, v, &tensor, at)?;
                st.result_types = vec![memref];
            }
        }
        _ => return Err(p.error_at(name_at, format!("unknown op '{name}'"))),
    }
    Ok(())
}
