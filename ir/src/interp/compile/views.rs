//! Compiling the memref view ops into [`ViewInst`]s (a new descriptor
//! over the source's buffer), and `memref.alloca_scope` /
//! `scf.execute_region` of one block into their body's code.

use super::{Compiler, Inst, Reg};
use crate::ir::{Location, OpData, OpId};
use crate::views::{dropped_dims, permutation, reassociation, Mixed, Slices};

/// A static entry or the register holding it.
#[derive(Clone, Copy, Debug)]
pub enum Entry {
    /// Known when compiling.
    Static(i64),
    /// In this register.
    Reg(Reg),
}

/// What a view op computes from its source's descriptor.
#[derive(Clone, Debug)]
pub enum ViewKind {
    /// `memref.subview`.
    Subview {
        /// Per source dimension.
        offsets: Vec<Entry>,
        /// Per source dimension.
        sizes: Vec<Entry>,
        /// Per source dimension.
        strides: Vec<Entry>,
        /// Unit dimensions the result drops.
        dropped: Vec<usize>,
    },
    /// `memref.reinterpret_cast`.
    Reinterpret {
        /// The offset.
        offset: Entry,
        /// Per result dimension.
        sizes: Vec<Entry>,
        /// Per result dimension.
        strides: Vec<Entry>,
    },
    /// `memref.collapse_shape`.
    Collapse(Vec<Vec<usize>>),
    /// `memref.expand_shape`.
    Expand(Vec<Vec<usize>>, Vec<Entry>),
    /// `memref.transpose`.
    Transpose(Vec<usize>),
    /// `memref.reshape`: the sizes are the elements of a 1-D memref.
    Reshape {
        /// The memref of sizes.
        shape: Reg,
        /// The result's rank.
        rank: usize,
    },
}

/// A view op: `dst` gets a descriptor over `src`'s buffer.
#[derive(Clone, Debug)]
pub struct ViewInst {
    /// The result register.
    pub dst: Reg,
    /// The source memref.
    pub src: Reg,
    /// How the descriptor is derived.
    pub kind: ViewKind,
    /// Where the op is.
    pub loc: Location,
}

impl Compiler<'_> {
    fn entries(&mut self, list: &[Mixed]) -> Vec<Entry> {
        list.iter()
            .map(|m| match m {
                Mixed::Static(v) => Entry::Static(*v),
                Mixed::Dynamic(v) => Entry::Reg(self.reg(*v)),
            })
            .collect()
    }

    /// Compiles a view op (`None`: not one the interpreter runs).
    pub(super) fn view_op(&mut self, op: OpId, d: &OpData, code: &mut Vec<Inst>) {
        let loc = d.loc;
        let fail = |message: String| Inst::Fail { message, loc };
        let (Some(&src), Some(&r)) = (d.operands.first(), d.results.first()) else {
            return code.push(fail(format!("malformed '{}'", d.name)));
        };
        let kind = match d.name.as_str() {
            "memref.subview" | "memref.reinterpret_cast" => {
                let Some(s) = Slices::of(self.m, op) else {
                    return code.push(fail(format!("malformed '{}'", d.name)));
                };
                let offsets = self.entries(&s.offsets);
                let sizes = self.entries(&s.sizes);
                let strides = self.entries(&s.strides);
                if d.name == "memref.subview" {
                    let Some(dropped) = dropped_dims(&s.sizes, self.m.value_type(r)) else {
                        return code.push(fail(
                            "a subview whose result drops dimensions the interpreter cannot match"
                                .into(),
                        ));
                    };
                    ViewKind::Subview {
                        offsets,
                        sizes,
                        strides,
                        dropped,
                    }
                } else {
                    ViewKind::Reinterpret {
                        offset: offsets.first().copied().unwrap_or(Entry::Static(0)),
                        sizes,
                        strides,
                    }
                }
            }
            "memref.collapse_shape" | "memref.expand_shape" => {
                let Some(groups) = reassociation(self.m, op) else {
                    return code.push(fail(format!("malformed '{}'", d.name)));
                };
                if d.name == "memref.collapse_shape" {
                    ViewKind::Collapse(groups)
                } else {
                    let Some(crate::Attribute::DenseArray { values, .. }) =
                        d.attr("static_output_shape")
                    else {
                        return code.push(fail("malformed 'memref.expand_shape'".into()));
                    };
                    let mut dynamic = d.operands[1..].iter().copied();
                    let mixed: Vec<Mixed> = values
                        .iter()
                        .map(|&v| match (v, crate::types::DYNAMIC) {
                            (a, b) if a == b => {
                                dynamic.next().map_or(Mixed::Static(0), Mixed::Dynamic)
                            }
                            (a, _) => Mixed::Static(a),
                        })
                        .collect();
                    ViewKind::Expand(groups, self.entries(&mixed))
                }
            }
            "memref.transpose" => match permutation(self.m, op) {
                Some(p) => ViewKind::Transpose(p),
                None => return code.push(fail("malformed 'memref.transpose'".into())),
            },
            "memref.reshape" => {
                let rank = self.m.value_type(r).rank().unwrap_or(0);
                ViewKind::Reshape {
                    shape: self.reg(d.operands[1]),
                    rank,
                }
            }
            other => {
                return code.push(fail(format!(
                    "'{other}' (a reinterpretation of bytes) is not supported by the interpreter"
                )))
            }
        };
        let inst = ViewInst {
            dst: self.reg(r),
            src: self.reg(src),
            kind,
            loc,
        };
        code.push(Inst::View(Box::new(inst)));
    }

    /// `memref.alloca_scope` or `scf.execute_region` of one block: its
    /// code, then its yielded values copied to the results.
    pub(super) fn scope(&mut self, op: OpId, d: &OpData, code: &mut Vec<Inst>) {
        let Some((b, term)) = crate::views::single_block_scope(self.m, op) else {
            return code.push(Inst::Fail {
                message: format!(
                    "'{}' of several blocks is not supported by the interpreter",
                    d.name
                ),
                loc: d.loc,
            });
        };
        let (body, yields) = self.block(b, term);
        code.extend(body);
        let results = self.lane_regs(&d.results);
        for (dst, src) in results.into_iter().zip(yields) {
            code.push(Inst::Copy { dst, src });
        }
    }
}
