//! Custom forms of the memref view ops, `memref.alloca_scope` and
//! `scf.execute_region` (see [`crate::syntax`] for the grammar).

use super::Printer;
use crate::attr::Attribute;
use crate::ir::{NamedAttr, OpData, Value};
use crate::types::{write_result_types, Type, DYNAMIC};

impl Printer<'_> {
    /// `name %a, %b {attrs} : T1, T2`, or `name {attrs}` without operands:
    /// the form of the terminators that return values to their op.
    pub(super) fn terminator_with_types(&mut self, d: &OpData, name: &str) {
        let attrs: Vec<&NamedAttr> = d.attrs.iter().collect();
        self.out.push_str(name);
        if d.operands.is_empty() {
            self.attr_dict(&attrs);
            return;
        }
        self.out.push(' ');
        self.values(&d.operands);
        self.attr_dict(&attrs);
        self.out.push_str(" : ");
        let types: Vec<Type> = d
            .operands
            .iter()
            .map(|&v| self.m.value_type(v).clone())
            .collect();
        crate::types::write_type_list(&mut self.out, &types, self.aliases);
    }

    /// `[2, %i]`: static entries and, where one is dynamic, the next of
    /// `dynamic`.
    fn mixed_list(&mut self, fixed: &[i64], dynamic: &mut impl Iterator<Item = Value>) -> bool {
        self.out.push('[');
        for (k, &v) in fixed.iter().enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            if v == DYNAMIC {
                let Some(d) = dynamic.next() else {
                    return false;
                };
                self.value(d);
            } else {
                self.out.push_str(&v.to_string());
            }
        }
        self.out.push(']');
        true
    }

    /// Prints the custom form of a view op, `memref.alloca_scope` or
    /// `scf.execute_region`; `false` when it does not have the shape the
    /// custom form needs.
    pub(super) fn view_op(&mut self, d: &OpData, name: &str, indent: usize) -> bool {
        let dense = |n: &str| match d.attr(n) {
            Some(Attribute::DenseArray { values, .. }) => Some(values.clone()),
            _ => None,
        };
        let ty = |p: &Self, v: Value| p.m.value_type(v).clone();
        let attrs: Vec<&NamedAttr> = d.attrs.iter().collect();
        match name {
            "memref.subview" | "memref.reinterpret_cast" => {
                let (Some(offsets), Some(sizes), Some(strides), Some(&src), Some(&r)) = (
                    dense("static_offsets"),
                    dense("static_sizes"),
                    dense("static_strides"),
                    d.operands.first(),
                    d.results.first(),
                ) else {
                    return false;
                };
                let mut dynamic = d.operands[1..].iter().copied();
                self.out.push_str(name);
                self.out.push(' ');
                self.value(src);
                let ok = if name == "memref.subview" {
                    let a = self.mixed_list(&offsets, &mut dynamic);
                    self.out.push(' ');
                    let b = self.mixed_list(&sizes, &mut dynamic);
                    self.out.push(' ');
                    a && b && self.mixed_list(&strides, &mut dynamic)
                } else {
                    self.out.push_str(" to offset: ");
                    let a = self.mixed_list(&offsets, &mut dynamic);
                    self.out.push_str(", sizes: ");
                    let b = self.mixed_list(&sizes, &mut dynamic);
                    self.out.push_str(", strides: ");
                    a && b && self.mixed_list(&strides, &mut dynamic)
                };
                if !ok || dynamic.next().is_some() {
                    return false;
                }
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, src));
                self.out.push_str(" to ");
                self.ty(&ty(self, r));
            }
            "memref.expand_shape" | "memref.collapse_shape" => {
                let (Some(reassociation), Some(&src), Some(&r)) = (
                    d.attr("reassociation").cloned(),
                    d.operands.first(),
                    d.results.first(),
                ) else {
                    return false;
                };
                self.out.push_str(name);
                self.out.push(' ');
                self.value(src);
                self.out.push(' ');
                self.attr(&reassociation);
                if name == "memref.expand_shape" {
                    let Some(shape) = dense("static_output_shape") else {
                        return false;
                    };
                    self.out.push_str(" output_shape ");
                    let mut dynamic = d.operands[1..].iter().copied();
                    if !self.mixed_list(&shape, &mut dynamic) || dynamic.next().is_some() {
                        return false;
                    }
                } else if d.operands.len() != 1 {
                    return false;
                }
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, src));
                self.out.push_str(" into ");
                self.ty(&ty(self, r));
            }
            "memref.transpose" => {
                let (Some(Attribute::AffineMap(map)), Some(&src), Some(&r)) =
                    (d.attr("permutation"), d.operands.first(), d.results.first())
                else {
                    return false;
                };
                self.out.push_str(&format!("{name} "));
                self.value(src);
                self.out.push_str(&format!(" {map}"));
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, src));
                self.out.push_str(" to ");
                self.ty(&ty(self, r));
            }
            "memref.view" => {
                let (Some(&src), Some(&shift), Some(&r)) =
                    (d.operands.first(), d.operands.get(1), d.results.first())
                else {
                    return false;
                };
                self.out.push_str("memref.view ");
                self.value(src);
                self.out.push('[');
                self.value(shift);
                self.out.push_str("][");
                self.values(&d.operands[2..]);
                self.out.push(']');
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, src));
                self.out.push_str(" to ");
                self.ty(&ty(self, r));
            }
            "memref.reshape" => {
                let (&[src, shape], Some(&r)) = (&d.operands[..], d.results.first()) else {
                    return false;
                };
                self.out.push_str("memref.reshape ");
                self.value(src);
                self.out.push('(');
                self.value(shape);
                self.out.push(')');
                self.attr_dict(&attrs);
                self.out.push_str(" : (");
                self.ty(&ty(self, src));
                self.out.push_str(", ");
                self.ty(&ty(self, shape));
                self.out.push_str(") -> ");
                self.ty(&ty(self, r));
            }
            "memref.alloca_scope" | "scf.execute_region" => {
                let Some(&region) = d.regions.first() else {
                    return false;
                };
                let types: Vec<Type> = d.results.iter().map(|&r| ty(self, r)).collect();
                let scope = name == "memref.alloca_scope";
                self.out.push_str(name);
                if scope {
                    self.out.push(' ');
                }
                if !types.is_empty() {
                    if scope {
                        self.out.push_str(" -> (");
                        let list: Vec<Type> = types.clone();
                        crate::types::write_type_list(&mut self.out, &list, self.aliases);
                        self.out.push(')');
                    } else {
                        self.out.push_str(" -> ");
                        write_result_types(&mut self.out, &types, self.aliases);
                    }
                }
                self.out.push(' ');
                let terminators = !scope || !types.is_empty();
                self.region(region, indent, false, terminators);
                self.attr_dict(&attrs);
            }
            "memref.alloca_scope.return" => self.terminator_with_types(d, name),
            _ => return false,
        }
        true
    }
}
