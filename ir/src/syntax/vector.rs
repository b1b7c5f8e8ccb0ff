//! Custom syntax of the `vector` dialect's ops (MLIR 19's spellings):
//!
//! ```text
//! %v = vector.transfer_read %A[%i, %j], %pad [, %mask] {attrs} : memref<..>, vector<8xf32>
//! vector.transfer_write %v, %A[%i, %j] [, %mask] {attrs} : vector<8xf32>, memref<..>
//! %v = vector.load %A[%i] : memref<..>, vector<8xf32>
//! vector.store %v, %A[%i] : memref<..>, vector<8xf32>
//! %b = vector.broadcast %s : f32 to vector<8xf32>
//! %s = vector.splat %x : vector<8xf32>
//! %r = vector.reduction <add>, %v [, %acc] [fastmath<..>] : vector<8xf32> into f32
//! %m = vector.create_mask %n : vector<8xi1>
//! %c = vector.constant_mask [3] : vector<8xi1>
//! %e = vector.extract %v[3] : f32 from vector<8xf32>
//! %w = vector.insert %s, %v [3] : f32 into vector<8xf32>
//! %x = vector.extractelement %v[%i : i32] : vector<8xf32>
//! %y = vector.insertelement %s, %v[%i : index] : vector<8xf32>
//! %f = vector.fma %a, %b, %c : vector<8xf32>
//! ```

use super::{check_operand_type, opt_flags, segments};
use crate::attr::Attribute;
use crate::ir::{set_named, Value};
use crate::parser::{OpState, PResult, Parser};
use crate::types::Type;
use crate::vector::{mask_type, minor_identity, REDUCTION_KINDS};

/// Parses the custom form of the vector op `name` into `st`.
pub fn parse(p: &mut Parser<'_>, st: &mut OpState, name: &str, name_at: usize) -> PResult<()> {
    match name {
        "vector.transfer_read" | "vector.transfer_write" => transfer(p, st, name, name_at),
        "vector.load" | "vector.store" => load_store(p, st, name),
        "vector.broadcast" => {
            let src = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let from = p.parse_type()?;
            check_operand_type(p, src, &from, at)?;
            p.expect_keyword("to")?;
            st.operands = vec![src];
            st.result_types = vec![vector_type(p)?];
            Ok(())
        }
        "vector.splat" => {
            let src = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = vector_type(p)?;
            let elem = element(&ty);
            check_operand_type(p, src, &elem, at)?;
            st.operands = vec![src];
            st.result_types = vec![ty];
            Ok(())
        }
        "vector.reduction" => reduction(p, st, name),
        "vector.constant_mask" => {
            // Any attribute: the verifier checks it is an array of i64.
            let sizes = p.parse_attribute()?;
            st.props.push(("mask_dim_sizes".into(), sizes));
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            st.result_types = vec![vector_type(p)?];
            Ok(())
        }
        "vector.create_mask" => {
            st.operands = p.operand_list()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = vector_type(p)?;
            for &v in &st.operands.clone() {
                check_operand_type(p, v, &Type::Index, at)?;
            }
            st.result_types = vec![ty];
            Ok(())
        }
        "vector.extract" => {
            let src = p.operand()?;
            let (position, dynamic) = super::dynamic_index_list(p, name)?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let result = p.parse_type()?;
            p.expect_keyword("from")?;
            let at = p.pos;
            let ty = vector_type(p)?;
            check_operand_type(p, src, &ty, at)?;
            finish_positions(p, st, position, &dynamic, at)?;
            st.operands.insert(0, src);
            st.result_types = vec![result];
            Ok(())
        }
        "vector.insert" => {
            let value = p.operand()?;
            p.expect(",")?;
            let dest = p.operand()?;
            let (position, dynamic) = super::dynamic_index_list(p, name)?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let value_ty = p.parse_type()?;
            check_operand_type(p, value, &value_ty, at)?;
            p.expect_keyword("into")?;
            let ty = vector_type(p)?;
            check_operand_type(p, dest, &ty, at)?;
            finish_positions(p, st, position, &dynamic, at)?;
            st.operands.splice(0..0, [value, dest]);
            st.result_types = vec![ty];
            Ok(())
        }
        "vector.extractelement" | "vector.insertelement" => {
            let insert = name == "vector.insertelement";
            let mut operands = Vec::new();
            if insert {
                operands.push(p.operand()?);
                p.expect(",")?;
            }
            operands.push(p.operand()?);
            p.expect("[")?;
            let mut position = None;
            if !p.eat("]") {
                let v = p.operand()?;
                p.expect(":")?;
                let at = p.pos;
                let ty = p.parse_type()?;
                check_operand_type(p, v, &ty, at)?;
                position = Some(v);
                p.expect("]")?;
            }
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = vector_type(p)?;
            let vector = operands[usize::from(insert)];
            check_operand_type(p, vector, &ty, at)?;
            if insert {
                check_operand_type(p, operands[0], &element(&ty), at)?;
            }
            operands.extend(position);
            st.operands = operands;
            st.result_types = vec![if insert { ty } else { element(&ty) }];
            Ok(())
        }
        "vector.fma" => {
            let mut operands = vec![p.operand()?];
            for _ in 0..2 {
                p.expect(",")?;
                operands.push(p.operand()?);
            }
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = vector_type(p)?;
            for &v in &operands {
                check_operand_type(p, v, &ty, at)?;
            }
            st.operands = operands;
            st.result_types = vec![ty];
            Ok(())
        }
        _ => Err(p.error_at(name_at, format!("unknown vector op '{name}'"))),
    }
}

/// A vector type, with MLIR's message when another type is written.
fn vector_type(p: &mut Parser<'_>) -> PResult<Type> {
    p.skip_ws();
    let at = p.pos;
    let ty = p.parse_type()?;
    if !matches!(ty, Type::Vector { .. }) {
        return Err(p.error_at(at, format!("expected vector type, but got '{ty}'")));
    }
    Ok(ty)
}

fn element(ty: &Type) -> Type {
    ty.element_type().cloned().unwrap_or_else(|| ty.clone())
}

/// `%A[%i, %j]`: the memref operand and its indices.
/// `%mem[%i, %j]`; `context` words the brackets' errors (see
/// [`Parser::bracketed_operands`]).
fn subscripted(p: &mut Parser<'_>, context: &str) -> PResult<(Value, Vec<Value>)> {
    let mem = p.operand()?;
    let idx = p.bracketed_operands(context)?;
    Ok((mem, idx))
}

fn check_indices(p: &mut Parser<'_>, idx: &[Value], at: usize) -> PResult<()> {
    for &v in idx {
        check_operand_type(p, v, &Type::Index, at)?;
    }
    Ok(())
}

fn transfer(p: &mut Parser<'_>, st: &mut OpState, name: &str, name_at: usize) -> PResult<()> {
    let write = name == "vector.transfer_write";
    let value = if write {
        let v = p.operand()?;
        p.expect(",")?;
        Some(v)
    } else {
        None
    };
    let (mem, idx) = subscripted(p, " in operand list")?;
    let padding = if write {
        None
    } else {
        p.expect(",")?;
        Some(p.operand()?)
    };
    let mask = if p.eat(",") { Some(p.operand()?) } else { None };
    st.attrs = p.opt_attr_dict()?;
    // MLIR reads a list of types and then checks them, all at the colon.
    p.skip_ws();
    let at = p.pos;
    p.expect(":")?;
    let mut types = vec![p.parse_type()?];
    while p.eat(",") {
        types.push(p.parse_type()?);
    }
    let [first, second] =
        <[Type; 2]>::try_from(types).map_err(|_| p.custom_error(name, at, "requires two types"))?;
    let (vector, memref) = if write {
        (first, second)
    } else {
        (second, first)
    };
    let shaped = memref.is_memref() || matches!(memref, Type::Tensor { .. });
    let Some(rank) = memref.rank().filter(|_| shaped) else {
        return Err(p.custom_error(name, at, "requires memref or ranked tensor type"));
    };
    let Type::Vector { shape, .. } = &vector else {
        return Err(p.custom_error(name, at, "requires vector type"));
    };
    check_operand_type(p, mem, &memref, at)?;
    check_indices(p, &idx, at)?;
    if let Some(v) = value {
        check_operand_type(p, v, &vector, at)?;
    }
    if let Some(pad) = padding {
        check_operand_type(p, pad, &element(&memref), at)?;
    }
    // Inherent attributes given in the dictionary become properties, and
    // the defaults MLIR materialises are added.
    let attrs = std::mem::take(&mut st.attrs);
    for (n, a) in attrs {
        if n == "permutation_map" || n == "in_bounds" {
            set_named(&mut st.props, &n, a);
        } else {
            st.attrs.push((n, a));
        }
    }
    if !st.props.iter().any(|(n, _)| n == "permutation_map") {
        let Some(map) = minor_identity(rank, shape.len()) else {
            return Err(p.error_at(
                name_at,
                "'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type",
            ));
        };
        set_named(&mut st.props, "permutation_map", Attribute::AffineMap(map));
    }
    if !st.props.iter().any(|(n, _)| n == "in_bounds") {
        let flags = vec![Attribute::Bool(false); shape.len()];
        set_named(&mut st.props, "in_bounds", Attribute::Array(flags));
    }
    if let Some(mask) = mask {
        let Some(Attribute::AffineMap(map)) = st
            .props
            .iter()
            .find(|(n, _)| n == "permutation_map")
            .map(|(_, a)| a)
        else {
            return Err(p.error_at(at, "expected an affine map for 'permutation_map'"));
        };
        let mask_ty = mask_type(&vector, map);
        check_operand_type(p, mask, &mask_ty, at)?;
    }
    let segs = if write {
        [1, 1, idx.len(), usize::from(mask.is_some())]
    } else {
        [1, idx.len(), 1, usize::from(mask.is_some())]
    };
    set_named(&mut st.props, "operandSegmentSizes", segments(&segs));
    st.operands = value
        .into_iter()
        .chain([mem])
        .chain(idx)
        .chain(padding)
        .chain(mask)
        .collect();
    if !write {
        st.result_types = vec![vector];
    } else if matches!(memref, Type::Tensor { .. }) {
        // A write to a tensor yields the new tensor.
        st.result_types = vec![memref];
    }
    Ok(())
}

fn load_store(p: &mut Parser<'_>, st: &mut OpState, name: &str) -> PResult<()> {
    let store = name == "vector.store";
    let value = if store {
        let v = p.operand()?;
        p.expect(",")?;
        Some(v)
    } else {
        None
    };
    let (mem, idx) = subscripted(p, "")?;
    st.attrs = p.opt_attr_dict()?;
    let attrs = std::mem::take(&mut st.attrs);
    for (n, a) in attrs {
        if n == "nontemporal" {
            set_named(&mut st.props, &n, a);
        } else {
            st.attrs.push((n, a));
        }
    }
    p.expect(":")?;
    let at = p.pos;
    let memref = p.parse_type()?;
    if !memref.is_memref() {
        return Err(p.error_at(at, format!("expected memref type, but got '{memref}'")));
    }
    p.expect(",")?;
    let vector = vector_type(p)?;
    check_operand_type(p, mem, &memref, at)?;
    check_indices(p, &idx, at)?;
    if let Some(v) = value {
        check_operand_type(p, v, &vector, at)?;
    } else {
        st.result_types = vec![vector];
    }
    st.operands = value.into_iter().chain([mem]).chain(idx).collect();
    Ok(())
}

fn reduction(p: &mut Parser<'_>, st: &mut OpState, name: &str) -> PResult<()> {
    p.skip_ws();
    let at = p.pos;
    p.expect("<")?;
    let kind = p.bare_id().unwrap_or("");
    if !REDUCTION_KINDS.contains(&kind) {
        return Err(p.error_at(
            at + 1,
            format!(
                "custom op '{name}' expected ::mlir::vector::CombiningKind to be one of: {}",
                REDUCTION_KINDS.join(", ")
            ),
        ));
    }
    let kind = kind.to_string();
    p.expect(">")?;
    p.expect(",")?;
    let mut operands = vec![p.operand()?];
    if p.eat(",") {
        operands.push(p.operand()?);
    }
    opt_flags(p, name, &mut st.props)?;
    st.attrs = p.opt_attr_dict()?;
    p.expect(":")?;
    let at = p.pos;
    let ty = vector_type(p)?;
    p.expect_keyword("into")?;
    let result = p.parse_type()?;
    check_operand_type(p, operands[0], &ty, at)?;
    if let Some(&acc) = operands.get(1) {
        check_operand_type(p, acc, &result, at)?;
    }
    set_named(
        &mut st.props,
        "kind",
        Attribute::Opaque(format!("vector.kind<{kind}>")),
    );
    st.operands = operands;
    st.result_types = vec![result];
    Ok(())
}

fn finish_positions(
    p: &mut Parser<'_>,
    st: &mut OpState,
    position: Vec<i64>,
    dynamic: &[Value],
    at: usize,
) -> PResult<()> {
    check_indices(p, dynamic, at)?;
    st.operands.extend_from_slice(dynamic);
    set_named(
        &mut st.props,
        "static_position",
        Attribute::DenseArray {
            elem: Type::Integer(64),
            values: position,
        },
    );
    Ok(())
}
