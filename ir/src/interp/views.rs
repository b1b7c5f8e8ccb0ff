//! Running memref view ops: the result's descriptor is derived from the
//! source's ([`crate::views::Descriptor::view`]) over the same buffer.

use super::compile::{Entry, ViewInst, ViewKind};
use super::{Descriptor, Fault, Interpreter};
use crate::views::{self, View};

impl Interpreter {
    pub(super) fn view(&mut self, v: &ViewInst, regs: &mut [u64]) -> Result<(), Fault> {
        let src = self
            .descriptors
            .get(regs[v.src as usize] as usize)
            .cloned()
            .ok_or_else(|| self.err(v.loc, "invalid memref"))?;
        let value = |e: &Entry| match e {
            Entry::Static(x) => *x,
            Entry::Reg(r) => regs[*r as usize] as i64,
        };
        let all = |list: &[Entry]| list.iter().map(value).collect::<Vec<i64>>();
        let view = match &v.kind {
            ViewKind::Subview {
                offsets,
                sizes,
                strides,
                dropped,
            } => View::Subview {
                offsets: all(offsets),
                sizes: all(sizes),
                strides: all(strides),
                dropped: dropped.clone(),
            },
            ViewKind::Reinterpret {
                offset,
                sizes,
                strides,
            } => View::Reinterpret(views::Descriptor {
                offset: value(offset),
                sizes: all(sizes),
                strides: all(strides),
            }),
            ViewKind::Collapse(groups) => View::Collapse(groups.clone()),
            ViewKind::Expand(groups, sizes) => View::Expand(groups.clone(), all(sizes)),
            ViewKind::Transpose(perm) => View::Transpose(perm.clone()),
            ViewKind::Reshape { shape, rank } => {
                let shape_desc = self
                    .descriptors
                    .get(regs[*shape as usize] as usize)
                    .cloned()
                    .ok_or_else(|| self.err(v.loc, "invalid memref"))?;
                let mut sizes = Vec::with_capacity(*rank);
                for k in 0..*rank as i64 {
                    let off =
                        shape_desc.offset + k * shape_desc.strides().first().copied().unwrap_or(1);
                    let buf = &self.buffers[shape_desc.buffer];
                    let at = usize::try_from(off)
                        .ok()
                        .filter(|&o| {
                            o < buf.data.len()
                                && k < shape_desc.sizes().first().copied().unwrap_or(0)
                        })
                        .ok_or_else(|| {
                            self.err(v.loc, "memref.reshape: the shape memref is too short")
                        })?;
                    sizes.push(buf.data[at] as i64);
                }
                // The source must be contiguous: the result is row-major
                // from its offset.
                View::Reinterpret(views::Descriptor::contiguous(src.offset, &sizes))
            }
        };
        let source = views::Descriptor {
            offset: src.offset,
            sizes: src.sizes().to_vec(),
            strides: src.strides().to_vec(),
        };
        let out = source
            .view(&view)
            .ok_or_else(|| self.err(v.loc, "the view does not fit its source memref"))?;
        let d = Descriptor::new(src.buffer, out.offset, &out.sizes, &out.strides)
            .ok_or_else(|| self.err(v.loc, "a view of too high a rank"))?;
        regs[v.dst as usize] = self.descriptors.len() as u64;
        self.descriptors.push(d);
        Ok(())
    }
}
