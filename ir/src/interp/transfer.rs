//! Running vector transfers: each lane read or written at its own
//! position, lanes past the memref's bounds (unless promised inside) or
//! masked off reading the padding and left unwritten.

use super::compile::{CExpr, TransferInst};
use super::{Fault, Interpreter};

impl Interpreter {
    pub(super) fn transfer(&mut self, t: &TransferInst, regs: &mut [u64]) -> Result<(), Fault> {
        let mut at = Vec::with_capacity(t.idx.len());
        for e in t.idx.iter() {
            at.push(self.eval(e, regs, t.loc)?);
        }
        let mem = regs[t.mem as usize];
        let size = match (t.dim, self.descriptors.get(mem as usize)) {
            (Some(dim), Some(d)) => d.size_array.get(dim).copied(),
            _ => None,
        };
        for k in 0..t.lanes {
            let lane = (t.val + k) as usize;
            let on = t.mask.map_or(true, |m| regs[(m + k) as usize] & 1 == 1);
            let mut pos = at.clone();
            if let Some(dim) = t.dim {
                pos[dim] = pos[dim].wrapping_add(i64::from(k));
            }
            let outside = match (t.dim, size) {
                (Some(dim), Some(size)) => !(0..size).contains(&pos[dim]),
                _ => false,
            };
            if !on || (outside && !t.in_bounds) {
                if let (false, Some(pad)) = (t.write, t.pad) {
                    regs[lane] = regs[pad as usize];
                }
                continue;
            }
            let subs: Vec<CExpr> = pos
                .iter()
                .map(|&c| CExpr::Linear {
                    terms: Vec::new(),
                    constant: c,
                })
                .collect();
            let (b, off) = self.address(mem, &subs, regs, t.loc)?;
            let buf = &mut self.buffers[b];
            if t.write {
                buf.data[off] = regs[lane];
                buf.written[off] = true;
            } else {
                if !buf.written[off] {
                    return Err(self.err(t.loc, "read of uninitialised memory"));
                }
                regs[lane] = buf.data[off];
            }
        }
        Ok(())
    }
}
