//! Custom forms of the `vector` dialect's ops (see [`crate::syntax`] for
//! the grammar): default properties are elided as mlir-opt elides them.

use super::Printer;
use crate::attr::Attribute;
use crate::ir::{NamedAttr, OpData};
use crate::vector::{minor_identity, DYNAMIC_POSITION};

impl Printer<'_> {
    /// Prints the custom form of a vector op; `false` when it does not
    /// have the shape the custom form needs.
    pub(super) fn vector_op(&mut self, d: &OpData, name: &str) -> bool {
        let ty = |v| self.m.value_type(v).clone();
        match name {
            "vector.transfer_read" | "vector.transfer_write" => {
                let write = name == "vector.transfer_write";
                let (Some(&vec_value), Some(&mem)) = (
                    if write {
                        d.operands.first()
                    } else {
                        d.results.first()
                    },
                    d.operands.get(usize::from(write)),
                ) else {
                    return false;
                };
                let (vt, mt) = (ty(vec_value), ty(mem));
                let (Some(rank), Some(vrank)) = (mt.rank(), vt.rank()) else {
                    return false;
                };
                let idx_start = usize::from(write) + 1;
                let idx_end = idx_start + rank;
                let rest = idx_end + usize::from(!write);
                if d.operands.len() < rest || d.operands.len() > rest + 1 {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                if write {
                    self.value(vec_value);
                    self.out.push_str(", ");
                }
                self.value(mem);
                self.out.push('[');
                self.values(&d.operands[idx_start..idx_end]);
                self.out.push(']');
                for &v in &d.operands[idx_end..] {
                    self.out.push_str(", ");
                    self.value(v);
                }
                let default_map = minor_identity(rank, vrank).map(Attribute::AffineMap);
                let attrs = sorted_attrs(d, |n, a| match n {
                    "operandSegmentSizes" => false,
                    "permutation_map" => Some(a) != default_map.as_ref(),
                    "in_bounds" => {
                        !matches!(a, Attribute::Array(f) if f.iter().all(|b| *b == Attribute::Bool(false)))
                    }
                    _ => true,
                });
                self.attr_dict(&attrs.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let (first, second) = if write { (vt, mt) } else { (mt, vt) };
                self.ty(&first);
                self.out.push_str(", ");
                self.ty(&second);
            }
            "vector.load" | "vector.store" => {
                let store = name == "vector.store";
                let (Some(&vec_value), Some(&mem)) = (
                    if store {
                        d.operands.first()
                    } else {
                        d.results.first()
                    },
                    d.operands.get(usize::from(store)),
                ) else {
                    return false;
                };
                self.out.push_str(name);
                self.out.push(' ');
                if store {
                    self.value(vec_value);
                    self.out.push_str(", ");
                }
                self.value(mem);
                self.out.push('[');
                self.values(&d.operands[usize::from(store) + 1..]);
                self.out.push(']');
                let attrs = sorted_attrs(d, |n, a| {
                    !(n == "nontemporal" && *a == Attribute::Bool(false))
                });
                self.attr_dict(&attrs.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                self.ty(&ty(mem));
                self.out.push_str(", ");
                self.ty(&ty(vec_value));
            }
            "vector.broadcast" | "vector.splat" | "vector.create_mask" | "vector.fma" => {
                let Some(&result) = d.results.first() else {
                    return false;
                };
                self.operands_then_types(name, &d.operands, &d.attrs);
                if name == "vector.broadcast" {
                    let Some(&src) = d.operands.first() else {
                        return false;
                    };
                    self.ty(&ty(src));
                    self.out.push_str(" to ");
                }
                self.ty(&ty(result));
            }
            "vector.extractelement" | "vector.insertelement" => {
                let insert = name == "vector.insertelement";
                let fixed = 1 + usize::from(insert);
                if d.operands.len() < fixed || d.operands.len() > fixed + 1 || d.results.len() != 1
                {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.values(&d.operands[..fixed]);
                self.out.push('[');
                if let Some(&position) = d.operands.get(fixed) {
                    self.value(position);
                    self.out.push_str(" : ");
                    self.ty(&ty(position));
                }
                self.out.push(']');
                self.attr_dict(&d.attrs.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                self.ty(&ty(d.operands[fixed - 1]));
            }
            "vector.constant_mask" => {
                let (Some(Attribute::Array(sizes)), Some(&result)) =
                    (d.attr("mask_dim_sizes"), d.results.first())
                else {
                    return false;
                };
                let Some(sizes) = sizes
                    .iter()
                    .map(Attribute::as_int)
                    .collect::<Option<Vec<_>>>()
                else {
                    return false;
                };
                let text: Vec<String> = sizes.iter().map(i64::to_string).collect();
                self.out.push_str(&format!("{name} [{}]", text.join(", ")));
                self.attr_dict(&d.attrs.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                self.ty(&ty(result));
            }
            "vector.reduction" => {
                let (Some(&src), Some(&result)) = (d.operands.first(), d.results.first()) else {
                    return false;
                };
                let Some(kind) = d
                    .attr("kind")
                    .and_then(|a| match a {
                        Attribute::Opaque(t) => t.strip_prefix("vector.kind<"),
                        _ => None,
                    })
                    .and_then(|t| t.strip_suffix('>'))
                else {
                    return false;
                };
                self.out.push_str(name);
                self.out.push_str(" <");
                self.out.push_str(kind);
                self.out.push_str(">, ");
                self.values(&d.operands);
                self.flags(&d.props);
                self.attr_dict(&d.attrs.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                self.ty(&ty(src));
                self.out.push_str(" into ");
                self.ty(&ty(result));
            }
            "vector.extract" | "vector.insert" => {
                let insert = name == "vector.insert";
                let Some(Attribute::DenseArray { values, .. }) = d.attr("static_position") else {
                    return false;
                };
                let fixed = 1 + usize::from(insert);
                let dynamic = values.iter().filter(|&&p| p == DYNAMIC_POSITION).count();
                if d.operands.len() != fixed + dynamic || d.results.len() != 1 {
                    return false;
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.values(&d.operands[..fixed]);
                if insert {
                    self.out.push(' ');
                }
                self.out.push('[');
                let mut next = fixed;
                for (k, &p) in values.iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    if p == DYNAMIC_POSITION {
                        self.value(d.operands[next]);
                        next += 1;
                    } else {
                        self.out.push_str(&p.to_string());
                    }
                }
                self.out.push(']');
                self.attr_dict(&d.attrs.iter().collect::<Vec<_>>());
                self.out.push_str(" : ");
                let (value, vector) = if insert {
                    (ty(d.operands[0]), ty(d.results[0]))
                } else {
                    (ty(d.results[0]), ty(d.operands[0]))
                };
                self.ty(&value);
                self.out.push_str(if insert { " into " } else { " from " });
                self.ty(&vector);
            }
            _ => return false,
        }
        true
    }
}

/// The op's properties and attributes that `keep` keeps, sorted by name
/// (the dictionary mlir-opt prints for ops with properties).
fn sorted_attrs(d: &OpData, keep: impl Fn(&str, &Attribute) -> bool) -> Vec<NamedAttr> {
    let mut v: Vec<NamedAttr> = d
        .props
        .iter()
        .chain(d.attrs.iter())
        .filter(|(n, a)| keep(n, a))
        .cloned()
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}
