//! Memref views in C: a new descriptor over the source's block and base
//! (offset, sizes and strides computed as `tessera_ir::views` defines
//! them), checked against the result type's static layout in checked
//! code; `memref.alloca_scope` and `scf.execute_region` of one block
//! emitted in a C block of their own.

use tessera_ir::views::{dropped_dims, permutation, reassociation, Mixed, Slices};
use tessera_ir::{Attribute, OpData, OpId};

use super::{int_literal, var, CType, FnEmitter, Result};

impl FnEmitter<'_> {
    fn mixed(m: &Mixed) -> String {
        match m {
            Mixed::Static(v) => int_literal(*v),
            Mixed::Dynamic(v) => var(*v),
        }
    }

    /// Emits a view op (any of `tessera_ir::ir::VIEW_OPS` but `memref.cast`).
    pub(super) fn view_op(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (Some(&src), Some(&r)) = (d.operands.first(), d.results.first()) else {
            return Err(self.err(op, "malformed view"));
        };
        let rty = self.ctype(op, r)?;
        let CType::MemRef { rank, .. } = rty else {
            return Err(self.err(op, "expected a ranked memref result"));
        };
        self.ctype(op, src)?;
        let (s, v) = (var(src), var(r));
        self.line(&format!("{} {v};", rty.c()));
        self.line(&format!("memset(&{v}, 0, sizeof {v});"));
        self.line(&format!("{v}.owner = {s}.owner;"));
        self.line(&format!("{v}.base = {s}.base;"));
        match d.name.as_str() {
            "memref.subview" | "memref.reinterpret_cast" => {
                let sl = Slices::of(self.m, op).ok_or_else(|| self.err(op, "malformed view"))?;
                if d.name == "memref.reinterpret_cast" {
                    let offset = sl
                        .offsets
                        .first()
                        .map(Self::mixed)
                        .unwrap_or_else(|| "0".into());
                    self.line(&format!("{v}.offset = {offset};"));
                    for k in 0..rank {
                        self.line(&format!("{v}.sizes[{k}] = {};", Self::mixed(&sl.sizes[k])));
                        self.line(&format!(
                            "{v}.strides[{k}] = {};",
                            Self::mixed(&sl.strides[k])
                        ));
                    }
                } else {
                    let dropped =
                        dropped_dims(&sl.sizes, self.m.value_type(r)).ok_or_else(|| {
                            self.err(op, "a rank reduction the back end cannot match")
                        })?;
                    let mut offset = format!("{s}.offset");
                    for (k, o) in sl.offsets.iter().enumerate() {
                        offset.push_str(&format!(" + {} * {s}.strides[{k}]", Self::mixed(o)));
                    }
                    self.line(&format!("{v}.offset = {offset};"));
                    let kept = (0..sl.sizes.len()).filter(|k| !dropped.contains(k));
                    for (j, k) in kept.enumerate() {
                        self.line(&format!("{v}.sizes[{j}] = {};", Self::mixed(&sl.sizes[k])));
                        self.line(&format!(
                            "{v}.strides[{j}] = {} * {s}.strides[{k}];",
                            Self::mixed(&sl.strides[k])
                        ));
                    }
                }
            }
            "memref.collapse_shape" => {
                let groups = reassociation(self.m, op)
                    .ok_or_else(|| self.err(op, "malformed reassociation"))?;
                self.line(&format!("{v}.offset = {s}.offset;"));
                for (j, g) in groups.iter().enumerate() {
                    let size: Vec<String> = g.iter().map(|k| format!("{s}.sizes[{k}]")).collect();
                    let last = g.last().ok_or_else(|| self.err(op, "an empty group"))?;
                    self.line(&format!("{v}.sizes[{j}] = {};", size.join(" * ")));
                    self.line(&format!("{v}.strides[{j}] = {s}.strides[{last}];"));
                }
            }
            "memref.expand_shape" => {
                let groups = reassociation(self.m, op)
                    .ok_or_else(|| self.err(op, "malformed reassociation"))?;
                let Some(Attribute::DenseArray { values, .. }) = d.attr("static_output_shape")
                else {
                    return Err(self.err(op, "malformed output shape"));
                };
                let mut dynamic = d.operands[1..].iter().copied();
                let sizes: Vec<String> = values
                    .iter()
                    .map(|&x| {
                        if x == tessera_ir::types::DYNAMIC {
                            dynamic.next().map(var).unwrap_or_else(|| "0".into())
                        } else {
                            int_literal(x)
                        }
                    })
                    .collect();
                self.line(&format!("{v}.offset = {s}.offset;"));
                for (src_dim, g) in groups.iter().enumerate() {
                    let mut stride = format!("{s}.strides[{src_dim}]");
                    for &k in g.iter().rev() {
                        self.line(&format!("{v}.sizes[{k}] = {};", sizes[k]));
                        self.line(&format!("{v}.strides[{k}] = {stride};"));
                        stride = format!("{v}.strides[{k}] * {v}.sizes[{k}]");
                    }
                }
            }
            "memref.transpose" => {
                let perm =
                    permutation(self.m, op).ok_or_else(|| self.err(op, "malformed permutation"))?;
                self.line(&format!("{v}.offset = {s}.offset;"));
                for (k, p) in perm.iter().enumerate() {
                    self.line(&format!("{v}.sizes[{k}] = {s}.sizes[{p}];"));
                    self.line(&format!("{v}.strides[{k}] = {s}.strides[{p}];"));
                }
            }
            "memref.reshape" => {
                let shape = var(d.operands[1]);
                self.line(&format!("{v}.offset = {s}.offset;"));
                for k in 0..rank {
                    self.line(&format!(
                        "{v}.sizes[{k}] = (int64_t){shape}.base[{shape}.offset + {k} * {shape}.strides[0]];"
                    ));
                }
                for k in (0..rank).rev() {
                    if k + 1 == rank {
                        self.line(&format!("{v}.strides[{k}] = 1;"));
                    } else {
                        self.line(&format!(
                            "{v}.strides[{k}] = {v}.strides[{}] * {v}.sizes[{}];",
                            k + 1,
                            k + 1
                        ));
                    }
                }
            }
            _ => return Err(self.err(op, "a reinterpretation of bytes is not supported")),
        }
        let to = self.info(op, r)?;
        self.cast_checks(op, &to, None, &v);
        Ok(())
    }

    /// `memref.alloca_scope` / `scf.execute_region` of one block.
    pub(super) fn scope(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (b, term) = tessera_ir::views::single_block_scope(self.m, op)
            .ok_or_else(|| self.err(op, "a region of several blocks is not supported"))?;
        self.declare_results(op)?;
        self.open("{");
        let y = self.block(b, term)?;
        if !d.results.is_empty() {
            self.assign_all(op, &d.results, &y)?;
        }
        self.close("}");
        Ok(())
    }
}
