//! Compiling the `vector` dialect's ops and vector constants. A vector
//! lives in one register per lane, in row-major order, so most ops become
//! scalar instructions per lane; transfers become one [`TransferInst`].

use super::{CExpr, Compiler, FloatOp, Inst, IntOp, Reg};
use crate::attr::Attribute;
use crate::ir::{Location, OpData, OpId};
use crate::types::Type;
use crate::vector::{
    broadcast_strides, lane_position, reduction_kind, static_position, Transfer, DYNAMIC_POSITION,
};

/// A `vector.transfer_read` / `transfer_write` / `load` / `store`: the
/// lane at position `k` of the vector (row-major) is at the base indices
/// with the index of memref dimension `dims[r]` advanced by `k[r]` for
/// every vector dimension `r` that is not broadcast.
#[derive(Clone, Debug)]
pub struct TransferInst {
    /// Whether lanes are stored.
    pub write: bool,
    /// The first register of the vector.
    pub val: Reg,
    /// The vector's shape.
    pub shape: Box<[i64]>,
    /// The memref register.
    pub mem: Reg,
    /// The base indices.
    pub idx: Box<[CExpr]>,
    /// For each vector dimension, the memref dimension its lanes advance
    /// along (`None` where it is broadcast).
    pub dims: Box<[Option<usize>]>,
    /// The padding read where a lane is past the bounds or masked off.
    pub pad: Option<Reg>,
    /// The first register of the mask (one `i1` per mask lane).
    pub mask: Option<Reg>,
    /// For each vector dimension, the distance in the mask between lanes
    /// one apart along it.
    pub mask_strides: Box<[i64]>,
    /// For each vector dimension, whether its lanes are promised in bounds
    /// (then a lane past them is an error, not padding).
    pub in_bounds: Box<[bool]>,
    /// Where the op is.
    pub loc: Location,
}

/// The integer or float operation of a reduction kind.
enum Combine {
    Int(IntOp),
    Float(FloatOp),
}

fn combine(kind: &str, float: bool) -> Option<Combine> {
    Some(match (kind, float) {
        ("add", false) => Combine::Int(IntOp::Add),
        ("mul", false) => Combine::Int(IntOp::Mul),
        ("minui", false) => Combine::Int(IntOp::MinU),
        ("minsi", false) => Combine::Int(IntOp::MinS),
        ("maxui", false) => Combine::Int(IntOp::MaxU),
        ("maxsi", false) => Combine::Int(IntOp::MaxS),
        ("and", false) => Combine::Int(IntOp::And),
        ("or", false) => Combine::Int(IntOp::Or),
        ("xor", false) => Combine::Int(IntOp::Xor),
        ("add", true) => Combine::Float(FloatOp::Add),
        ("mul", true) => Combine::Float(FloatOp::Mul),
        ("minnumf", true) => Combine::Float(FloatOp::MinNum),
        ("maxnumf", true) => Combine::Float(FloatOp::MaxNum),
        ("minimumf", true) => Combine::Float(FloatOp::Min),
        ("maximumf", true) => Combine::Float(FloatOp::Max),
        _ => return None,
    })
}

fn width(t: &Type) -> u32 {
    match t {
        Type::Integer(w) => (*w).min(64),
        _ => 64,
    }
}

impl Compiler<'_> {
    /// A fresh register holding `bits`.
    pub(super) fn constant_reg(&mut self, bits: u64, code: &mut Vec<Inst>) -> Reg {
        let r = self.next;
        self.next += 1;
        code.push(Inst::Const { dst: r, bits });
        r
    }

    /// A fresh register holding `cmpi(pred, a, b)` at `width` bits.
    fn compare_reg(&mut self, pred: u8, width: u32, a: Reg, b: Reg, code: &mut Vec<Inst>) -> Reg {
        let dst = self.constant_reg(0, code);
        code.push(Inst::CmpI {
            pred,
            width,
            dst,
            a,
            b,
        });
        dst
    }

    /// `arith.constant dense<...> : vector<..>`: one constant per lane.
    pub(super) fn vector_constant(&mut self, d: &OpData, code: &mut Vec<Inst>) -> bool {
        let Some(&result) = d.results.first() else {
            return false;
        };
        let lanes = self.lanes(result) as usize;
        let dst = self.reg(result);
        let bits: Vec<u64> = match d.attr("value") {
            Some(Attribute::DenseInt { values, .. }) => values.iter().map(|&v| v as u64).collect(),
            Some(Attribute::DenseFloat { values, .. }) => {
                values.iter().map(|v| v.to_bits()).collect()
            }
            _ => return false,
        };
        if bits.len() != 1 && bits.len() != lanes {
            return false;
        }
        for k in 0..lanes {
            let b = bits[if bits.len() == 1 { 0 } else { k }];
            code.push(Inst::Const {
                dst: dst + k as Reg,
                bits: b,
            });
        }
        true
    }

    /// Compiles a vector op; an [`Inst::Fail`] for what the interpreter
    /// does not run (dynamic positions).
    pub(super) fn vector_op(&mut self, op: OpId, d: &OpData, code: &mut Vec<Inst>) {
        let loc = d.loc;
        let name = d.name.as_str();
        let fail = |message: String| Inst::Fail { message, loc };
        let result = d.results.first().copied();
        let rtype = result.map(|r| self.m.value_type(r).clone());
        match name {
            "vector.transfer_read" | "vector.transfer_write" | "vector.load" | "vector.store" => {
                let Some(t) = Transfer::of(self.m, op) else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                let mem_ty = self.m.value_type(d.operands[t.memref]).clone();
                if t.vector.element_type() != mem_ty.element_type() {
                    return code.push(fail(format!(
                        "'{name}' of a vector of other elements than the memref's is not supported by the interpreter"
                    )));
                }
                let value = if t.write { d.operands[0] } else { d.results[0] };
                let Type::Vector { shape, .. } = &t.vector else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                let idx: Vec<CExpr> = d.operands[t.indices.clone()]
                    .iter()
                    .map(|&v| self.single(v))
                    .collect();
                // A write to a tensor writes into a copy, the op's result.
                let mut mem = self.reg(d.operands[t.memref]);
                let new_tensor = match (t.write, &mem_ty) {
                    (true, Type::Tensor { .. }) => {
                        mem = self.copy_buffer(&mem_ty, mem, loc, code);
                        d.results.first().map(|&r| self.reg(r))
                    }
                    _ => None,
                };
                let inst = TransferInst {
                    write: t.write,
                    val: self.reg(value),
                    shape: shape.clone().into_boxed_slice(),
                    mem,
                    idx: idx.into_boxed_slice(),
                    dims: t.lane_dims.clone().into_boxed_slice(),
                    pad: t.padding.map(|p| self.reg(d.operands[p])),
                    mask: t.mask.map(|m| self.reg(d.operands[m])),
                    mask_strides: t.mask_strides().into_boxed_slice(),
                    in_bounds: t.in_bounds.clone().into_boxed_slice(),
                    loc,
                };
                code.push(Inst::Transfer(Box::new(inst)));
                if let Some(dst) = new_tensor {
                    code.push(Inst::Copy { dst, src: mem });
                }
            }
            "vector.broadcast" | "vector.splat" => {
                let (Some(r), Some(&src)) = (result, d.operands.first()) else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                let (dst, lanes) = (self.reg(r), self.lanes(r));
                let s = self.reg(src);
                let src_shape = match self.m.value_type(src) {
                    Type::Vector { shape, .. } => shape.clone(),
                    _ => Vec::new(),
                };
                let res_shape = match self.m.value_type(r) {
                    Type::Vector { shape, .. } => shape.clone(),
                    _ => Vec::new(),
                };
                let Some(from) = broadcast_strides(&src_shape, &res_shape) else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                for k in 0..lanes {
                    let at = lane_position(&res_shape, i64::from(k));
                    let lane: i64 = at.iter().zip(&from).map(|(a, b)| a * b).sum();
                    code.push(Inst::Copy {
                        dst: dst + k,
                        src: s + lane as Reg,
                    });
                }
            }
            "vector.constant_mask" | "vector.create_mask" => {
                let Some(Type::Vector { shape, .. }) = rtype else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                let Some(r) = result else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                // Per dimension, one `i1` per index: whether it is below the
                // dimension's size.
                let sizes: Option<Vec<Option<i64>>> = match d.attr("mask_dim_sizes") {
                    Some(Attribute::Array(s)) => Some(s.iter().map(Attribute::as_int).collect()),
                    _ => None,
                };
                let mut below: Vec<Vec<Reg>> = Vec::new();
                for (dim, &extent) in shape.iter().enumerate() {
                    let mut flags = Vec::new();
                    for k in 0..extent {
                        let flag = match (&sizes, d.operands.get(dim)) {
                            (Some(sizes), _) => {
                                let size = sizes.get(dim).copied().flatten().unwrap_or(0);
                                self.constant_reg(u64::from(k < size), code)
                            }
                            (None, Some(&n)) => {
                                let (lane, n) = (self.constant_reg(k as u64, code), self.reg(n));
                                let slt = 2; // `arith.cmpi` predicate number of `slt`
                                self.compare_reg(slt, 64, lane, n, code)
                            }
                            (None, None) => {
                                return code.push(fail(format!("malformed '{name}'")));
                            }
                        };
                        flags.push(flag);
                    }
                    below.push(flags);
                }
                let dst = self.reg(r);
                for k in 0..self.lanes(r) {
                    let at = lane_position(&shape, i64::from(k));
                    let mut flags = at.iter().zip(&below).map(|(&i, f)| f[i as usize]);
                    let first = match flags.next() {
                        Some(flag) => flag,
                        None => self.constant_reg(1, code),
                    };
                    code.push(Inst::Copy {
                        dst: dst + k,
                        src: first,
                    });
                    for flag in flags {
                        code.push(Inst::Int {
                            op: IntOp::And,
                            width: 1,
                            dst: dst + k,
                            a: dst + k,
                            b: flag,
                            loc,
                        });
                    }
                }
            }
            "vector.extract" | "vector.insert" => {
                let insert = name == "vector.insert";
                let vector = d.operands[usize::from(insert)];
                let position = static_position(self.m, op).unwrap_or_default();
                let Type::Vector { shape, .. } = self.m.value_type(vector).clone() else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                if position.contains(&DYNAMIC_POSITION) {
                    return code.push(fail(format!(
                        "'{name}' at a dynamic position is not supported by the interpreter"
                    )));
                }
                // The lanes of the addressed slice: row-major offset and
                // the size of what remains.
                let rest: i64 = shape[position.len()..].iter().product();
                let offset: i64 = position
                    .iter()
                    .zip(&shape)
                    .fold(0, |acc, (&p, &s)| acc * s + p)
                    * rest;
                let (Ok(offset), Ok(rest), Some(r)) =
                    (Reg::try_from(offset), Reg::try_from(rest), result)
                else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                let dst = self.reg(r);
                if insert {
                    let (part, whole) = (self.reg(d.operands[0]), self.reg(vector));
                    for k in 0..self.lanes(r) {
                        let inside = (offset..offset + rest).contains(&k);
                        let src = if inside { part + k - offset } else { whole + k };
                        code.push(Inst::Copy { dst: dst + k, src });
                    }
                } else {
                    let src = self.reg(vector);
                    for k in 0..rest {
                        code.push(Inst::Copy {
                            dst: dst + k,
                            src: src + offset + k,
                        });
                    }
                }
            }
            "vector.extractelement" | "vector.insertelement" => {
                let insert = name == "vector.insertelement";
                let (Some(&vector), Some(r)) = (d.operands.get(usize::from(insert)), result) else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                let (src, dst, lanes) = (self.reg(vector), self.reg(r), self.lanes(vector));
                let value = insert.then(|| self.reg(d.operands[0]));
                let Some(&position) = d.operands.get(1 + usize::from(insert)) else {
                    // (a 0-D vector: its one lane)
                    return code.push(Inst::Copy {
                        dst,
                        src: value.unwrap_or(src),
                    });
                };
                // A position past the lanes is poison in MLIR: an error here.
                let (pos, w) = (self.reg(position), width(self.m.value_type(position)));
                let (eq, ult) = (0, 6); // `arith.cmpi` predicate numbers
                let count = self.constant_reg(u64::from(lanes), code);
                let inside = self.compare_reg(ult, w, pos, count, code);
                code.push(Inst::Assert {
                    cond: inside,
                    message: format!("'{name}' position out of bounds"),
                    loc,
                });
                for k in 0..lanes {
                    let lane = self.constant_reg(u64::from(k), code);
                    let hit = self.compare_reg(eq, w, pos, lane, code);
                    let (into, kept) = match value {
                        Some(v) => (dst + k, (v, src + k)),
                        None if k == 0 => {
                            code.push(Inst::Copy { dst, src });
                            continue;
                        }
                        None => (dst, (src + k, dst)),
                    };
                    code.push(Inst::Select {
                        dst: into,
                        cond: hit,
                        a: kept.0,
                        b: kept.1,
                    });
                }
            }
            "vector.fma" => {
                let Some(r) = result else {
                    return code.push(fail(format!("malformed '{name}'")));
                };
                let f32 = rtype.as_ref().and_then(Type::element_type) != Some(&Type::F64);
                let ops: Vec<Reg> = d.operands.iter().map(|&v| self.reg(v)).collect();
                let dst = self.reg(r);
                for k in 0..self.lanes(r) {
                    code.push(Inst::Fma {
                        f32,
                        dst: dst + k,
                        a: ops[0] + k,
                        b: ops[1] + k,
                        c: ops[2] + k,
                    });
                }
            }
            "vector.reduction" => self.reduction(op, d, code),
            _ => code.push(fail(format!(
                "'{name}' is not supported by the interpreter"
            ))),
        }
    }

    /// `vector.reduction`: lanes combined in order, after the accumulator
    /// when there is one (the order of LLVM's ordered reductions).
    fn reduction(&mut self, op: OpId, d: &OpData, code: &mut Vec<Inst>) {
        let loc = d.loc;
        let (Some(&r), Some(&src), Some(kind)) = (
            d.results.first(),
            d.operands.first(),
            reduction_kind(self.m, op),
        ) else {
            return code.push(Inst::Fail {
                message: "malformed 'vector.reduction'".into(),
                loc,
            });
        };
        let rt = self.m.value_type(r).clone();
        let Some(how) = combine(kind, rt.is_float()) else {
            return code.push(Inst::Fail {
                message: format!("reduction kind '{kind}' of '{rt}'"),
                loc,
            });
        };
        let (dst, s, lanes) = (self.reg(r), self.reg(src), self.lanes(src));
        let acc = d.operands.get(1).map(|&a| self.reg(a));
        let mut lanes_in = (0..lanes).map(|k| s + k);
        let mut current = match acc {
            Some(a) => a,
            None => match lanes_in.next() {
                Some(first) => first,
                None => return,
            },
        };
        for lane in lanes_in {
            code.push(match how {
                Combine::Int(op) => Inst::Int {
                    op,
                    width: width(&rt),
                    dst,
                    a: current,
                    b: lane,
                    loc,
                },
                Combine::Float(op) => Inst::Float {
                    op,
                    f32: rt != Type::F64,
                    dst,
                    a: current,
                    b: lane,
                },
            });
            current = dst;
        }
        if current != dst {
            code.push(Inst::Copy { dst, src: current });
        }
    }
}
