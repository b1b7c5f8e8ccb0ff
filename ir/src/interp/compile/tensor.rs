//! Compiling the tensor ops. A tensor value is held as a memref
//! descriptor over a buffer of its own: `tensor.insert` and the
//! `bufferization` conversions copy the buffer, so no tensor is ever
//! changed in place (value semantics).

use super::{access, unit_subscripts, CExpr, Compiler, Inst, Reg, ScfLoop};
use crate::attr::Attribute;
use crate::ir::{Location, OpData, OpId};
use crate::types::{Type, DYNAMIC};

/// The memref type holding a tensor of `t`'s shape and element type.
fn buffer_type(t: &Type) -> Option<Type> {
    match t {
        Type::Tensor { shape, elem, .. } | Type::MemRef { shape, elem, .. } => Some(Type::MemRef {
            shape: shape.clone(),
            elem: elem.clone(),
            layout: None,
            space: None,
        }),
        _ => None,
    }
}

impl Compiler<'_> {
    /// A new buffer of `of`'s type with the sizes of `like` (a tensor or
    /// memref register), its contents copied from `like`.
    pub(super) fn copy_buffer(
        &mut self,
        of: &Type,
        like: Reg,
        loc: Location,
        code: &mut Vec<Inst>,
    ) -> Reg {
        let Some(ty) = buffer_type(of) else {
            code.push(Inst::Fail {
                message: format!("a copy of a '{of}' is not supported by the interpreter"),
                loc,
            });
            return like;
        };
        let mut sizes = Vec::new();
        if let Type::MemRef { shape, .. } = &ty {
            for (k, &s) in shape.iter().enumerate() {
                if s == DYNAMIC {
                    sizes.push(self.size_of(like, k, loc, code));
                }
            }
        }
        let dst = self.next;
        self.next += 1;
        let alloc = self.alloc(&Some(ty), &sizes, dst, loc);
        code.push(alloc);
        code.push(Inst::MemCopy {
            src: like,
            dst,
            loc,
        });
        dst
    }

    /// Compiles a tensor op.
    pub(super) fn tensor_op(&mut self, op: OpId, d: &OpData, code: &mut Vec<Inst>) {
        let loc = d.loc;
        let ops: Vec<Reg> = d.operands.iter().map(|&v| self.reg(v)).collect();
        let res = d
            .results
            .first()
            .map(|&r| (self.reg(r), self.m.value_type(r).clone()));
        match (d.name.as_str(), res) {
            ("tensor.empty", Some((dst, ty))) => {
                let alloc = self.alloc(&buffer_type(&ty), &ops, dst, loc);
                code.push(alloc);
            }
            ("tensor.extract", Some((dst, _))) => {
                code.push(access(false, dst, ops[0], unit_subscripts(&ops[1..]), loc));
            }
            ("tensor.insert", Some((dst, ty))) => {
                let copy = self.copy_buffer(&ty, ops[1], loc, code);
                code.push(access(true, ops[0], copy, unit_subscripts(&ops[2..]), loc));
                code.push(Inst::Copy { dst, src: copy });
            }
            ("tensor.generate", Some((dst, ty))) => self.generate(op, &ty, &ops, dst, loc, code),
            ("tensor.cast", Some((dst, _))) => code.push(Inst::Copy { dst, src: ops[0] }),
            ("tensor.dim", Some((dst, _))) => code.push(Inst::Dim {
                dst,
                mem: ops[0],
                index: ops[1],
                loc,
            }),
            ("bufferization.to_tensor" | "bufferization.to_memref", Some((dst, ty))) => {
                let copy = self.copy_buffer(&ty, ops[0], loc, code);
                code.push(Inst::Copy { dst, src: copy });
            }
            (name, _) => code.push(Inst::Fail {
                message: format!("'{name}' is not supported by the interpreter"),
                loc,
            }),
        }
    }

    /// `tensor.generate`: a new buffer, then one loop per dimension from 0
    /// to its extent (the dynamic extents are the operands, in order),
    /// innermost the body, whose yielded value is stored at the indices.
    fn generate(
        &mut self,
        op: OpId,
        ty: &Type,
        extents: &[Reg],
        dst: Reg,
        loc: Location,
        code: &mut Vec<Inst>,
    ) {
        let (mut body, yields, ivs) = self.region_block(op, 0, "tensor.yield");
        let shape = match ty {
            Type::Tensor { shape, .. } => shape.clone(),
            _ => Vec::new(),
        };
        let dynamic = shape.iter().filter(|&&s| s == DYNAMIC).count();
        if ivs.len() != shape.len() || yields.len() != 1 || dynamic != extents.len() {
            return code.push(Inst::Fail {
                message: "malformed 'tensor.generate'".into(),
                loc,
            });
        }
        let alloc = self.alloc(&buffer_type(ty), extents, dst, loc);
        code.push(alloc);
        body.push(access(true, yields[0], dst, unit_subscripts(&ivs), loc));
        let mut dynamic = extents.iter();
        let mut ubs = Vec::new();
        for &s in &shape {
            let extent = if s == DYNAMIC { dynamic.next() } else { None };
            ubs.push(match extent {
                Some(&n) => n,
                None => self.constant_reg(s as u64, code),
            });
        }
        self.loop_nest(&ivs, &ubs, body, loc, code);
    }

    /// A register holding the size of dimension `k` of the buffer `mem`.
    fn size_of(&mut self, mem: Reg, k: usize, loc: Location, code: &mut Vec<Inst>) -> Reg {
        let index = self.constant_reg(k as u64, code);
        let dst = self.next;
        self.next += 1;
        code.push(Inst::Dim {
            dst,
            mem,
            index,
            loc,
        });
        dst
    }

    /// `body` inside one loop per `ivs[k]` from 0 to `ubs[k]` (step 1),
    /// the first outermost.
    fn loop_nest(
        &mut self,
        ivs: &[Reg],
        ubs: &[Reg],
        mut body: Vec<Inst>,
        loc: Location,
        code: &mut Vec<Inst>,
    ) {
        let (zero, one) = (self.constant_reg(0, code), self.constant_reg(1, code));
        for (&iv, &ub) in ivs.iter().zip(ubs).rev() {
            body = vec![Inst::ScfFor(Box::new(ScfLoop {
                iv,
                lb: zero,
                ub,
                step: one,
                body,
                carried: Vec::new(),
                inits: Vec::new(),
                yields: Vec::new(),
                results: Vec::new(),
                loc,
            }))];
        }
        code.extend(body);
    }

    /// An elementwise `arith` or `math` op on tensors: a new buffer per
    /// result, of the first tensor operand's sizes, filled by one loop per
    /// dimension applying the op to the elements (a scalar operand, such
    /// as `arith.select`'s condition, is used as it is).
    pub(super) fn tensor_elementwise(
        &mut self,
        op: OpId,
        d: &OpData,
        ops: &[Reg],
        res: &[Reg],
        code: &mut Vec<Inst>,
    ) {
        let loc = d.loc;
        let is_tensor = |t: &Type| matches!(t, Type::Tensor { .. });
        let types: Vec<Type> = d
            .operands
            .iter()
            .map(|&v| self.m.value_type(v).clone())
            .collect();
        let result_types: Vec<Type> = d
            .results
            .iter()
            .map(|&v| self.m.value_type(v).clone())
            .collect();
        let Some(like) = types.iter().position(is_tensor) else {
            return code.push(Inst::Fail {
                message: format!(
                    "'{}' on unranked tensors is not supported by the interpreter",
                    d.name
                ),
                loc,
            });
        };
        let Type::Tensor { shape, .. } = &types[like] else {
            return;
        };
        if !result_types.iter().all(is_tensor) {
            return code.push(Inst::Fail {
                message: format!(
                    "'{}' on unranked tensors is not supported by the interpreter",
                    d.name
                ),
                loc,
            });
        }
        let shape = shape.clone();
        let mut extents = Vec::new();
        let mut ubs = Vec::new();
        for (k, &s) in shape.iter().enumerate() {
            if s == DYNAMIC {
                let dst = self.size_of(ops[like], k, loc, code);
                extents.push(dst);
                ubs.push(dst);
            } else {
                ubs.push(self.constant_reg(s as u64, code));
            }
        }
        for (&dst, ty) in res.iter().zip(&result_types) {
            let alloc = self.alloc(&buffer_type(ty), &extents, dst, loc);
            code.push(alloc);
        }
        let ivs: Vec<Reg> = (0..shape.len())
            .map(|_| {
                self.next += 1;
                self.next - 1
            })
            .collect();
        let mut body = Vec::new();
        let mut scalar_ops = Vec::new();
        for (&reg, ty) in ops.iter().zip(&types) {
            if is_tensor(ty) {
                let element = self.next;
                self.next += 1;
                body.push(access(false, element, reg, unit_subscripts(&ivs), loc));
                scalar_ops.push(element);
            } else {
                scalar_ops.push(reg);
            }
        }
        let scalar_res: Vec<Reg> = res
            .iter()
            .map(|_| {
                self.next += 1;
                self.next - 1
            })
            .collect();
        let element = |t: &Type| t.element_type().cloned().unwrap_or_else(|| t.clone());
        let rtype = result_types.first().map(element);
        let otype = types.first().map(element);
        self.lower(
            op,
            d,
            scalar_ops,
            scalar_res.clone(),
            rtype,
            otype,
            &mut body,
        );
        for (&value, &dst) in scalar_res.iter().zip(res) {
            body.push(access(true, value, dst, unit_subscripts(&ivs), loc));
        }
        self.loop_nest(&ivs, &ubs, body, loc, code);
    }

    /// `arith.constant dense<...> : tensor<..>`: a buffer filled with the
    /// elements.
    pub(super) fn tensor_constant(&mut self, d: &OpData, code: &mut Vec<Inst>) -> bool {
        let Some(&r) = d.results.first() else {
            return false;
        };
        let ty = self.m.value_type(r).clone();
        let Type::Tensor { shape, .. } = &ty else {
            return false;
        };
        let count: i64 = shape.iter().product();
        let bits: Vec<u64> = match d.attr("value") {
            Some(Attribute::DenseInt { values, .. }) => values.iter().map(|&v| v as u64).collect(),
            Some(Attribute::DenseFloat { values, .. }) => {
                values.iter().map(|v| v.to_bits()).collect()
            }
            _ => return false,
        };
        if shape.contains(&DYNAMIC)
            || (bits.len() != 1 && bits.len() as i64 != count)
            || count > 1 << 20
        {
            return false;
        }
        let dst = self.reg(r);
        let loc = d.loc;
        let alloc = self.alloc(&buffer_type(&ty), &[], dst, loc);
        code.push(alloc);
        for k in 0..count {
            // Row-major position of element k.
            let mut rest = k;
            let mut idx = vec![0i64; shape.len()];
            for (i, &s) in shape.iter().enumerate().rev() {
                idx[i] = rest % s.max(1);
                rest /= s.max(1);
            }
            let value = self.constant_reg(bits[if bits.len() == 1 { 0 } else { k as usize }], code);
            let subs = idx
                .into_iter()
                .map(|c| CExpr::Linear {
                    terms: Vec::new(),
                    constant: c,
                })
                .collect();
            code.push(access(true, value, dst, subs, loc));
        }
        true
    }
}
