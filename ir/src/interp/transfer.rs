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
        let sizes = self.descriptors.get(mem as usize).map(|d| d.size_array);
        let lanes: i64 = t.shape.iter().product();
        let mut position = vec![0; t.shape.len()];
        for k in 0..lanes {
            if k > 0 {
                next_position(&mut position, &t.shape);
            }
            let lane = t.val as usize + k as usize;
            let mut pos = at.clone();
            let mut outside = false;
            let mut mask_lane = 0;
            for (r, &i) in position.iter().enumerate() {
                mask_lane += i * t.mask_strides[r];
                let Some(dim) = t.dims[r] else { continue };
                pos[dim] = pos[dim].wrapping_add(i);
                let size = sizes.as_ref().and_then(|s| s.get(dim).copied());
                if !t.in_bounds[r] && size.is_some_and(|n| !(0..n).contains(&pos[dim])) {
                    outside = true;
                }
            }
            let on = t
                .mask
                .map_or(true, |m| regs[m as usize + mask_lane as usize] & 1 == 1);
            if !on || outside {
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

/// Advances a row-major position within `shape` by one lane.
fn next_position(position: &mut [i64], shape: &[i64]) {
    for d in (0..shape.len()).rev() {
        position[d] += 1;
        if position[d] < shape[d] {
            return;
        }
        position[d] = 0;
    }
}
