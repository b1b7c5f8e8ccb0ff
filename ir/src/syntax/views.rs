//! Custom syntax of the memref view ops, `memref.alloca_scope` and
//! `scf.execute_region` (MLIR 19's spellings):
//!
//! ```text
//! %s = memref.subview %A[2, %i] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: ?>>
//! %r = memref.reinterpret_cast %A to offset: [0], sizes: [16, 8], strides: [8, 1] : memref<8x16xf32> to memref<16x8xf32>
//! %e = memref.expand_shape %A [[0], [1, 2]] output_shape [8, 4, 4] : memref<8x16xf32> into memref<8x4x4xf32>
//! %c = memref.collapse_shape %A [[0, 1]] : memref<8x16xf32> into memref<128xf32>
//! %t = memref.transpose %A (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
//! %v = memref.view %buf[%c0][] : memref<2048xi8> to memref<16x32xf32>
//! %h = memref.reshape %A(%shape) : (memref<8x16xf32>, memref<1xindex>) -> memref<?xf32>
//! %x = memref.alloca_scope -> (f32) { ... memref.alloca_scope.return %v : f32 }
//! %y = scf.execute_region -> i32 { ... scf.yield %v : i32 }
//! ```

use tessera_affine::parse::MapOrSet;

use super::{check_operand_type, dynamic_index_list, ensure_terminator, region_with, segments};
use crate::attr::Attribute;
use crate::ir::{Location, Value};
use crate::parser::{OpState, PResult, Parser};
use crate::types::Type;

/// The ops of this module: the view ops but `memref.cast`, and the scoped
/// regions.
pub const VIEW_SYNTAX_OPS: &[&str] = &[
    "memref.subview",
    "memref.reinterpret_cast",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.transpose",
    "memref.view",
    "memref.reshape",
    "memref.alloca_scope",
    "memref.alloca_scope.return",
    "scf.execute_region",
];

fn i64_array(values: Vec<i64>) -> Attribute {
    Attribute::DenseArray {
        elem: Type::Integer(64),
        values,
    }
}

fn index_operands(p: &mut Parser<'_>, vs: &[Value], at: usize) -> PResult<()> {
    for &v in vs {
        check_operand_type(p, v, &Type::Index, at)?;
    }
    Ok(())
}

/// `: T1 <keyword> T2`, with the source operand checked against `T1`.
fn types_with(p: &mut Parser<'_>, src: Value, keyword: &str) -> PResult<(Type, usize)> {
    p.expect(":")?;
    p.skip_ws();
    let at = p.pos;
    let from = p.parse_type()?;
    check_operand_type(p, src, &from, at)?;
    p.expect_keyword(keyword)?;
    Ok((p.parse_type()?, at))
}

/// Parses the custom form of `name` into `st`.
pub fn parse(
    p: &mut Parser<'_>,
    st: &mut OpState,
    name: &str,
    name_at: usize,
    loc: Location,
) -> PResult<()> {
    match name {
        "memref.subview" => {
            let src = p.operand()?;
            let (offsets, dyn_offsets) = dynamic_index_list(p, name)?;
            let (sizes, dyn_sizes) = dynamic_index_list(p, name)?;
            let (strides, dyn_strides) = dynamic_index_list(p, name)?;
            st.attrs = p.opt_attr_dict()?;
            let (result, at) = types_with(p, src, "to")?;
            slices(
                p,
                st,
                src,
                [offsets, sizes, strides],
                [dyn_offsets, dyn_sizes, dyn_strides],
                at,
            )?;
            st.result_types = vec![result];
        }
        "memref.reinterpret_cast" => {
            let src = p.operand()?;
            p.expect_keyword("to")?;
            p.expect_keyword("offset")?;
            p.expect(":")?;
            let (offsets, dyn_offsets) = dynamic_index_list(p, name)?;
            p.expect(",")?;
            p.expect_keyword("sizes")?;
            p.expect(":")?;
            let (sizes, dyn_sizes) = dynamic_index_list(p, name)?;
            p.expect(",")?;
            p.expect_keyword("strides")?;
            p.expect(":")?;
            let (strides, dyn_strides) = dynamic_index_list(p, name)?;
            st.attrs = p.opt_attr_dict()?;
            let (result, at) = types_with(p, src, "to")?;
            slices(
                p,
                st,
                src,
                [offsets, sizes, strides],
                [dyn_offsets, dyn_sizes, dyn_strides],
                at,
            )?;
            st.result_types = vec![result];
        }
        "memref.expand_shape" | "memref.collapse_shape" => {
            let src = p.operand()?;
            p.skip_ws();
            let at = p.pos;
            let reassociation = p.parse_attribute()?;
            if !matches!(&reassociation, Attribute::Array(g) if g.iter().all(|g| matches!(g, Attribute::Array(_))))
            {
                return Err(p.error_at(at, "expected a reassociation list ([[0, 1], [2]])"));
            }
            st.props.push(("reassociation".into(), reassociation));
            let mut dynamic = Vec::new();
            if name == "memref.expand_shape" {
                p.expect_keyword("output_shape")?;
                let (shape, dyn_shape) = dynamic_index_list(p, name)?;
                st.props
                    .push(("static_output_shape".into(), i64_array(shape)));
                dynamic = dyn_shape;
            }
            st.attrs = p.opt_attr_dict()?;
            let (result, at) = types_with(p, src, "into")?;
            index_operands(p, &dynamic, at)?;
            st.operands = std::iter::once(src).chain(dynamic).collect();
            st.result_types = vec![result];
        }
        "memref.transpose" => {
            let src = p.operand()?;
            p.skip_ws();
            let at = p.pos;
            let MapOrSet::Map(map) = p.parse_map_or_set_here()? else {
                return Err(p.error_at(at, "expected an affine map"));
            };
            st.props
                .push(("permutation".into(), Attribute::AffineMap(map)));
            st.attrs = p.opt_attr_dict()?;
            let (result, _) = types_with(p, src, "to")?;
            st.operands = vec![src];
            st.result_types = vec![result];
        }
        "memref.view" => {
            let src = p.operand()?;
            p.expect("[")?;
            let shift = p.operand()?;
            p.expect("]")?;
            p.expect("[")?;
            let sizes = p.operand_list()?;
            p.expect("]")?;
            st.attrs = p.opt_attr_dict()?;
            let (result, at) = types_with(p, src, "to")?;
            index_operands(p, &[shift], at)?;
            index_operands(p, &sizes, at)?;
            st.operands = [src, shift].into_iter().chain(sizes).collect();
            st.result_types = vec![result];
        }
        "memref.reshape" => {
            let src = p.operand()?;
            p.expect("(")?;
            let shape = p.operand()?;
            p.expect(")")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            p.skip_ws();
            let at = p.pos;
            p.expect("(")?;
            let src_ty = p.parse_type()?;
            p.expect(",")?;
            let shape_ty = p.parse_type()?;
            p.expect(")")?;
            p.expect("->")?;
            let result = p.parse_type()?;
            check_operand_type(p, src, &src_ty, at)?;
            check_operand_type(p, shape, &shape_ty, at)?;
            st.operands = vec![src, shape];
            st.result_types = vec![result];
        }
        "memref.alloca_scope" | "scf.execute_region" => {
            if p.eat("->") {
                st.result_types = p.parse_result_types()?;
            }
            let r = region_with(p, &[], false, "")?;
            let term = if name == "scf.execute_region" {
                "scf.yield"
            } else {
                "memref.alloca_scope.return"
            };
            if st.result_types.is_empty() && name == "memref.alloca_scope" {
                ensure_terminator(p, r, term, loc);
            }
            st.regions.push(r);
            st.attrs = p.opt_attr_dict()?;
        }
        "memref.alloca_scope.return" => {
            st.operands = super::operands_with_types(p)?;
            st.attrs = p.opt_attr_dict()?;
        }
        _ => return Err(p.error_at(name_at, format!("unknown op '{name}'"))),
    }
    Ok(())
}

/// Sets the offsets, sizes and strides of a subview or reinterpret cast.
fn slices(
    p: &mut Parser<'_>,
    st: &mut OpState,
    src: Value,
    fixed: [Vec<i64>; 3],
    dynamic: [Vec<Value>; 3],
    at: usize,
) -> PResult<()> {
    let counts: Vec<usize> = dynamic.iter().map(Vec::len).collect();
    let [offsets, sizes, strides] = fixed;
    st.props.push((
        "operandSegmentSizes".into(),
        segments(&[1, counts[0], counts[1], counts[2]]),
    ));
    st.props.push(("static_offsets".into(), i64_array(offsets)));
    st.props.push(("static_sizes".into(), i64_array(sizes)));
    st.props.push(("static_strides".into(), i64_array(strides)));
    st.operands = vec![src];
    for list in dynamic {
        index_operands(p, &list, at)?;
        st.operands.extend(list);
    }
    Ok(())
}
