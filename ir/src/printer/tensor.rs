//! Custom forms of the tensor ops (see [`crate::syntax`] for the grammar).

use super::Printer;
use crate::attr::Attribute;
use crate::ir::{NamedAttr, OpData};

impl Printer<'_> {
    /// Prints the custom form of a tensor op; `false` when it does not
    /// have the shape the custom form needs.
    pub(super) fn tensor_op(&mut self, d: &OpData, name: &str, indent: usize) -> bool {
        let attrs: Vec<&NamedAttr> = d.attrs.iter().collect();
        let ty = |p: &Self, v| p.m.value_type(v).clone();
        match (name, d.operands.first(), d.results.first()) {
            ("tensor.empty", _, Some(&r)) => {
                self.out.push_str("tensor.empty(");
                self.values(&d.operands);
                self.out.push(')');
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, r));
            }
            ("tensor.extract", Some(&t), Some(_)) => {
                self.out.push_str("tensor.extract ");
                self.value(t);
                self.out.push('[');
                self.values(&d.operands[1..]);
                self.out.push(']');
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, t));
            }
            ("tensor.insert", Some(&v), Some(&r)) if d.operands.len() >= 2 => {
                self.out.push_str("tensor.insert ");
                self.value(v);
                self.out.push_str(" into ");
                self.value(d.operands[1]);
                self.out.push('[');
                self.values(&d.operands[2..]);
                self.out.push(']');
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, r));
            }
            ("tensor.cast", Some(&t), Some(&r)) => {
                self.out.push_str("tensor.cast ");
                self.value(t);
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, t));
                self.out.push_str(" to ");
                self.ty(&ty(self, r));
            }
            ("tensor.dim", Some(&t), Some(_)) if d.operands.len() == 2 => {
                self.out.push_str("tensor.dim ");
                self.values(&d.operands);
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, t));
            }
            ("tensor.generate", _, Some(&r)) => {
                let Some(&region) = d.regions.first() else {
                    return false;
                };
                // mlir-opt writes the space after the (possibly empty)
                // extents too: `tensor.generate  {` without any.
                self.out.push_str("tensor.generate ");
                self.values(&d.operands);
                self.out.push(' ');
                self.region(region, indent, true, true);
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                self.ty(&ty(self, r));
            }
            ("tensor.yield", _, None) => self.terminator_with_types(d, name),
            ("bufferization.to_tensor" | "bufferization.to_memref", Some(&v), Some(&r)) => {
                self.out.push_str(name);
                self.out.push(' ');
                self.value(v);
                for flag in ["restrict", "writable", "read_only"] {
                    if matches!(d.attr(flag), Some(Attribute::Unit)) {
                        self.out.push(' ');
                        self.out.push_str(flag);
                    }
                }
                self.attr_dict(&attrs);
                self.out.push_str(" : ");
                let memref = if name == "bufferization.to_tensor" {
                    v
                } else {
                    r
                };
                self.ty(&ty(self, memref));
            }
            _ => return false,
        }
        true
    }
}
