//! MLIR's ODS constraints of the tensor, bufferization and vector ops
//! tessera knows, and of a few more of those dialects' ops and `memref`'s
//! that tessera only parses in generic form: their required attributes
//! (in name order, as MLIR's generated code checks them), then the type of
//! each operand group, then of each result, in mlir-opt 19's words
//! ("operand #1 must be variadic of index, but got 'f32'"). MLIR's
//! generated `verifyInvariants` checks these before the op's own `verify`,
//! and so does tessera, before the rules of `tensor.rs` and `vector.rs`.

use super::Verifier;
use crate::attr::Attribute;
use crate::error::Diagnostic;
use crate::ir::{OpData, OpId};
use crate::types::Type;

/// A type constraint of ODS, named as mlir-opt describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Any,
    Index,
    RankedTensor,
    StaticTensor,
    Tensor,
    NonZeroRankTensor,
    RankedOrUnrankedMemRef,
    MemRef,
    MemRef1D,
    Vector,
    FloatVector,
    MaskVector,
    Shaped,
    Scalar,
    IntOrIndex,
}

impl Kind {
    fn accepts(self, t: &Type) -> bool {
        let vector_of = |pred: fn(&Type) -> bool| match t {
            Type::Vector { elem, .. } => pred(elem),
            _ => false,
        };
        match self {
            Kind::Any => true,
            Kind::Index => *t == Type::Index,
            Kind::RankedTensor => matches!(t, Type::Tensor { .. }),
            Kind::StaticTensor => match t {
                Type::Tensor { shape, .. } => shape.iter().all(|&s| s != crate::types::DYNAMIC),
                _ => false,
            },
            Kind::Tensor => matches!(t, Type::Tensor { .. } | Type::UnrankedTensor(_)),
            Kind::NonZeroRankTensor => match t {
                Type::Tensor { shape, .. } => !shape.is_empty(),
                Type::UnrankedTensor(_) => true,
                _ => false,
            },
            Kind::RankedOrUnrankedMemRef => {
                matches!(t, Type::MemRef { .. } | Type::UnrankedMemRef { .. })
            }
            Kind::MemRef => matches!(t, Type::MemRef { .. }),
            Kind::MemRef1D => matches!(t, Type::MemRef { shape, .. } if shape.len() == 1),
            Kind::Vector => matches!(t, Type::Vector { .. }),
            Kind::FloatVector => vector_of(Type::is_float),
            Kind::MaskVector => vector_of(|e| *e == Type::Integer(1)),
            Kind::Shaped => matches!(
                t,
                Type::Tensor { .. }
                    | Type::UnrankedTensor(_)
                    | Type::MemRef { .. }
                    | Type::UnrankedMemRef { .. }
                    | Type::Vector { .. }
            ),
            Kind::Scalar => t.is_float() || matches!(t, Type::Integer(_) | Type::Index),
            Kind::IntOrIndex => matches!(t, Type::Integer(_) | Type::Index),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Kind::Any => "any type",
            Kind::Index => "index",
            Kind::RankedTensor => "ranked tensor of any type values",
            Kind::StaticTensor => "statically shaped tensor of any type values",
            Kind::Tensor => "tensor of any type values",
            Kind::NonZeroRankTensor => "non-0-ranked or unranked tensor",
            Kind::RankedOrUnrankedMemRef => "ranked or unranked memref of any type values",
            Kind::MemRef => "memref of any type values",
            Kind::MemRef1D => "1D memref of any type values",
            Kind::Vector => "vector of any type values",
            Kind::FloatVector => "vector of floating-point values",
            Kind::MaskVector => "vector of 1-bit signless integer values",
            Kind::Shaped => "shaped of any type values",
            Kind::Scalar => "integer/index/float type",
            Kind::IntOrIndex => "signless integer or index",
        }
    }
}

/// An operand or result group of an op's ODS definition.
#[derive(Clone, Copy, Debug)]
enum Group {
    One(Kind),
    Optional(Kind),
    Variadic(Kind),
}

use Group::{One, Optional, Variadic};
use Kind::*;

/// An op's required attributes, operand groups and result groups.
struct Ods {
    attrs: &'static [&'static str],
    operands: &'static [Group],
    results: &'static [Group],
}

fn ods(name: &str) -> Option<Ods> {
    let (attrs, operands, results): (&[&str], &[Group], &[Group]) = match name {
        "tensor.empty" => (&[], &[Variadic(Index)], &[One(RankedTensor)]),
        "tensor.extract" => (&[], &[One(RankedTensor), Variadic(Index)], &[One(Any)]),
        "tensor.insert" => (
            &[],
            &[One(Any), One(RankedTensor), Variadic(Index)],
            &[One(RankedTensor)],
        ),
        "tensor.cast" => (&[], &[One(Tensor)], &[One(Tensor)]),
        "tensor.dim" => (&[], &[One(NonZeroRankTensor), One(Index)], &[One(Index)]),
        "tensor.generate" => (&[], &[Variadic(Index)], &[One(RankedTensor)]),
        "bufferization.to_memref" => (&[], &[One(Tensor)], &[One(RankedOrUnrankedMemRef)]),
        "bufferization.to_tensor" => (&[], &[One(RankedOrUnrankedMemRef)], &[One(Tensor)]),
        "vector.broadcast" => (&[], &[One(Any)], &[One(Vector)]),
        "vector.splat" => (&[], &[One(Scalar)], &[One(Vector)]),
        "vector.extractelement" => (&[], &[One(Vector), Optional(IntOrIndex)], &[One(Any)]),
        "vector.insertelement" => (
            &[],
            &[One(Any), One(Vector), Optional(IntOrIndex)],
            &[One(Vector)],
        ),
        "vector.load" => (&[], &[One(MemRef), Variadic(Index)], &[One(Vector)]),
        "vector.store" => (&[], &[One(Vector), One(MemRef), Variadic(Index)], &[]),
        "vector.create_mask" => (&[], &[Variadic(Index)], &[One(MaskVector)]),
        "vector.constant_mask" => (&["mask_dim_sizes"], &[], &[One(MaskVector)]),
        "vector.reduction" => (&["kind"], &[One(Vector), Optional(Any)], &[One(Any)]),
        "vector.fma" => (
            &[],
            &[One(FloatVector), One(FloatVector), One(FloatVector)],
            &[One(FloatVector)],
        ),
        "vector.extract" => (
            &["static_position"],
            &[One(Vector), Variadic(Index)],
            &[One(Any)],
        ),
        "vector.insert" => (
            &["static_position"],
            &[One(Any), One(Vector), Variadic(Index)],
            &[One(Vector)],
        ),
        "vector.transfer_read" => (
            &[],
            &[One(Shaped), Variadic(Index), One(Any), Optional(MaskVector)],
            &[One(Vector)],
        ),
        "vector.transfer_write" => (
            &[],
            &[
                One(Vector),
                One(Shaped),
                Variadic(Index),
                Optional(MaskVector),
            ],
            &[Optional(RankedTensor)],
        ),
        // Ops tessera parses in generic form only.
        "tensor.rank" => (&[], &[One(Tensor)], &[One(Index)]),
        "tensor.bitcast" => (&[], &[One(Tensor)], &[One(Tensor)]),
        "tensor.reshape" => (&[], &[One(Tensor), One(Any)], &[One(Tensor)]),
        "tensor.from_elements" => (&[], &[Variadic(Any)], &[One(StaticTensor)]),
        "tensor.splat" => (&[], &[One(Scalar), Variadic(Index)], &[One(RankedTensor)]),
        "tensor.concat" => (&["dim"], &[Variadic(RankedTensor)], &[One(RankedTensor)]),
        "tensor.gather" => (&["gather_dims"], &[One(Any), One(Any)], &[One(Any)]),
        "tensor.collapse_shape" => (&["reassociation"], &[One(Any)], &[One(Any)]),
        "tensor.expand_shape" => (
            &["reassociation", "static_output_shape"],
            &[One(Any), Variadic(Any)],
            &[One(Any)],
        ),
        "tensor.unpack" => (
            &["inner_dims_pos", "static_inner_tiles"],
            &[One(Any), One(Any), Variadic(Any)],
            &[One(Any)],
        ),
        "bufferization.clone" => (
            &[],
            &[One(RankedOrUnrankedMemRef)],
            &[One(RankedOrUnrankedMemRef)],
        ),
        "bufferization.dealloc_tensor" => (&[], &[One(Tensor)], &[]),
        "bufferization.materialize_in_destination" => {
            (&[], &[One(Tensor), One(Any)], &[Optional(Tensor)])
        }
        "vector.bitcast" | "vector.shape_cast" => (&[], &[One(Vector)], &[One(Vector)]),
        "vector.transpose" => (&["permutation"], &[One(Vector)], &[One(Vector)]),
        "vector.from_elements" => (&[], &[Variadic(Any)], &[One(Vector)]),
        "vector.interleave" => (&[], &[One(Vector), One(Vector)], &[One(Vector)]),
        "vector.outerproduct" => (&[], &[One(Vector), One(Any), Optional(Any)], &[One(Vector)]),
        "vector.shuffle" => (&["mask"], &[One(Vector), One(Vector)], &[One(Vector)]),
        "vector.multi_reduction" => (
            &["kind", "reduction_dims"],
            &[One(Vector), One(Any)],
            &[One(Any)],
        ),
        "vector.extract_strided_slice" => (
            &["offsets", "sizes", "strides"],
            &[One(Vector)],
            &[One(Vector)],
        ),
        "vector.insert_strided_slice" => (
            &["offsets", "strides"],
            &[One(Vector), One(Vector)],
            &[One(Vector)],
        ),
        "vector.flat_transpose" => (&["columns", "rows"], &[One(Any)], &[One(Any)]),
        "vector.matrix_multiply" => (
            &["lhs_columns", "lhs_rows", "rhs_columns"],
            &[One(Any), One(Any)],
            &[One(Any)],
        ),
        "vector.scalable.insert" => (&["pos"], &[One(Any), One(Any)], &[One(Any)]),
        "vector.scalable.extract" => (&["pos"], &[One(Any)], &[One(Any)]),
        "vector.type_cast" => (&[], &[One(Any)], &[One(MemRef)]),
        "memref.rank" => (&[], &[One(RankedOrUnrankedMemRef)], &[One(Index)]),
        "memref.realloc" => (&[], &[One(MemRef1D), Optional(Index)], &[One(MemRef1D)]),
        "memref.extract_aligned_pointer_as_index" => {
            (&[], &[One(RankedOrUnrankedMemRef)], &[One(Index)])
        }
        "memref.memory_space_cast" => (
            &[],
            &[One(RankedOrUnrankedMemRef)],
            &[One(RankedOrUnrankedMemRef)],
        ),
        "memref.assume_alignment" => (&["alignment"], &[One(MemRef)], &[]),
        "memref.atomic_rmw" => (
            &["kind"],
            &[One(Any), One(MemRef), Variadic(Index)],
            &[One(Any)],
        ),
        _ => return None,
    };
    Some(Ods {
        attrs,
        operands,
        results,
    })
}

/// How many values each group takes: from `operandSegmentSizes` when the
/// op has it, else the one variadic or optional group takes what the
/// others leave. `None` when the values do not fit the groups (the count
/// traits and segment checks report that).
fn group_sizes(groups: &[Group], count: usize, segments: Option<&[i64]>) -> Option<Vec<usize>> {
    if let Some(sizes) = segments {
        return (sizes.len() == groups.len())
            .then(|| sizes.iter().map(|&s| usize::try_from(s).ok()).collect())
            .flatten();
    }
    let singles = groups.iter().filter(|g| matches!(g, One(_))).count();
    let rest = count.checked_sub(singles)?;
    let variable = groups.len() - singles;
    if variable == 0 && rest != 0 || variable > 1 {
        return None;
    }
    Some(
        groups
            .iter()
            .map(|g| match g {
                One(_) => 1,
                _ => rest,
            })
            .collect(),
    )
}

impl Verifier<'_> {
    /// The ODS constraints of `d`'s op, when it is one listed above.
    pub(super) fn ods_constraints(&self, op: OpId, d: &OpData) -> Result<(), Diagnostic> {
        let Some(ods) = ods(&d.name) else {
            return Ok(());
        };
        if let Some(missing) = ods.attrs.iter().find(|a| d.attr(a).is_none()) {
            return Err(self.err(op, format!("requires attribute '{missing}'")));
        }
        let segments = match d.attr("operandSegmentSizes") {
            Some(Attribute::DenseArray { values, .. }) => Some(values.as_slice()),
            _ => None,
        };
        let operand_types: Vec<&Type> = d.operands.iter().map(|&v| self.ty(v)).collect();
        let result_types: Vec<&Type> = d.results.iter().map(|&v| self.ty(v)).collect();
        for (what, groups, types, segments) in [
            ("operand", ods.operands, &operand_types, segments),
            ("result", ods.results, &result_types, None),
        ] {
            let Some(sizes) = group_sizes(groups, types.len(), segments) else {
                continue;
            };
            let mut at = 0;
            for (k, (group, size)) in groups.iter().zip(sizes).enumerate() {
                let (kind, prefix) = match group {
                    One(kind) | Optional(kind) => (kind, ""),
                    Variadic(kind) => (kind, "variadic of "),
                };
                let Some(values) = types.get(at..at + size) else {
                    break;
                };
                if let Some(t) = values.iter().find(|t| !kind.accepts(t)) {
                    return Err(self.err(
                        op,
                        format!(
                            "{what} #{k} must be {prefix}{}, but got '{t}'",
                            kind.describe()
                        ),
                    ));
                }
                at += size;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variadic_group_takes_the_rest() {
        let groups = [One(Any), One(RankedTensor), Variadic(Index)];
        assert_eq!(group_sizes(&groups, 5, None), Some(vec![1, 1, 3]));
        assert_eq!(group_sizes(&groups, 1, None), None);
        assert_eq!(
            group_sizes(&[One(Vector), Optional(IntOrIndex)], 1, None),
            Some(vec![1, 0])
        );
        assert_eq!(
            group_sizes(&groups, 4, Some(&[1, 1, 2])),
            Some(vec![1, 1, 2])
        );
    }

    #[test]
    fn kinds_say_what_mlir_opt_says() {
        assert!(NonZeroRankTensor.accepts(&Type::UnrankedTensor(Box::new(Type::F32))));
        assert!(!Scalar.accepts(&Type::Vector {
            shape: vec![4],
            elem: Box::new(Type::F32),
            scalable: vec![false],
        }));
        assert_eq!(Scalar.describe(), "integer/index/float type");
    }
}
