//! Translation of one `func.func` body: every op becomes C statements,
//! every SSA value a C variable `v<N>` (`N` its id in the module).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

use tessera_affine::{AffineExpr, AffineMap, BinaryOp, ExprKind};
use tessera_ir::cfg::reverse_post_order;
use tessera_ir::ir::{successor_operands, switch_case_values};
use tessera_ir::{Attribute, BlockId, Diagnostic, Location, Module, OpData, OpId, Type, Value};
use tessera_transforms::loops::{AlignedBounds, ForLoop};

use super::affine::{int_literal, is_atom, AffineC};
use super::arith;
use super::types::{AllocLayout, CType, MemRefInfo, Prim};
use crate::backend::BackendError;

/// Runtime functions printing memrefs, as the MLIR runner names them.
pub const PRINT_MEMREF: &[&str] = &[
    "printMemrefF32",
    "printMemrefF64",
    "printMemrefI32",
    "printMemrefI64",
];

/// Highest rank of a memref that can be erased to an unranked one.
pub const MAX_UNRANKED_RANK: usize = 8;

/// `ub - lb` of the `affine.for` `op` when it is a positive constant and
/// both bounds are single division-free results: then C's wrapping
/// evaluation gives `ub ≡ lb + span (mod 2^64)`, so `lb < ub` exactly when
/// `lb + span` did not overflow.
fn constant_span(m: &Module, op: OpId) -> Option<i64> {
    fn division_free(e: &AffineExpr) -> bool {
        match e.kind() {
            ExprKind::Binary(BinaryOp::Add | BinaryOp::Mul, l, r) => {
                division_free(l) && division_free(r)
            }
            ExprKind::Binary(..) => false,
            _ => true,
        }
    }
    let l = ForLoop::read(m, op)?;
    let aligned = AlignedBounds::new(&l.lower, &l.upper)?;
    let ([lb], [ub]) = (aligned.lower.as_slice(), aligned.upper.as_slice()) else {
        return None;
    };
    if ![&l.lower.map, &l.upper.map]
        .iter()
        .all(|map| map.results().iter().all(division_free))
    {
        return None;
    }
    (ub.clone() - lb.clone())
        .simplify(aligned.num_dims, aligned.num_symbols())
        .as_constant()
        .filter(|&span| span > 0)
}

/// Largest `memref.alloca` emitted as a C array on the stack.
pub const MAX_STACK_ARRAY_BYTES: i64 = 64 * 1024;

/// A function as C sees it.
#[derive(Clone, Debug)]
pub struct FuncDecl {
    /// The C name (`tf_<mangled>`).
    pub c_name: String,
    /// Mangled symbol, the suffix of every generated name for it.
    pub mangled: String,
    /// Parameter types, or why they have no C type.
    pub params: std::result::Result<Vec<CType>, String>,
    /// Result types, or why they have no C type.
    pub results: std::result::Result<Vec<CType>, String>,
    /// Does the function have a body?
    pub defined: bool,
}

impl FuncDecl {
    /// The C return type: `void`, the single result's type, or the
    /// generated result struct.
    pub fn return_type(&self) -> String {
        match self.results.as_deref() {
            Ok([]) | Err(_) => "void".into(),
            Ok([one]) => one.c(),
            Ok(_) => format!("tm_ret_{}", self.mangled),
        }
    }
}

/// What the whole module's translation shares.
pub struct Shared {
    /// The file name as it may appear in a C comment.
    pub file: String,
    /// Run-time checks of subscripts and use after free.
    pub checked: bool,
    /// OpenMP pragmas on `affine.parallel`.
    pub openmp: bool,
    /// Memref and vector types that need a struct definition.
    pub types: BTreeSet<CType>,
    /// Reduction kinds used, by (kind, type): their identity and combiner.
    pub reductions: BTreeMap<(i64, Prim), (String, String)>,
    /// Every function of the module, by symbol.
    pub funcs: HashMap<String, FuncDecl>,
    /// The C array of each `memref.global` the back end holds, by symbol.
    pub globals: HashMap<String, String>,
}

impl Shared {
    /// Registers the struct types `ty` needs.
    pub fn use_type(&mut self, ty: &CType) {
        if matches!(ty, CType::MemRef { .. } | CType::Vector { .. }) {
            self.types.insert(ty.clone());
        }
    }
}

/// Emits one function.
pub struct FnEmitter<'a> {
    m: &'a Module,
    sh: &'a mut Shared,
    out: String,
    indent: usize,
    /// Location to append as a comment to the next line.
    pending: Option<Location>,
    /// Nesting depth of OpenMP parallel loops being emitted.
    parallel: usize,
    /// Counter for temporaries.
    tmp: u32,
}

/// The C variable of an SSA value.
pub fn var(v: Value) -> String {
    format!("v{}", v.as_u32())
}

fn map_attr<'d>(d: &'d OpData, name: &str) -> Option<&'d AffineMap> {
    match d.attr(name) {
        Some(Attribute::AffineMap(m)) => Some(m),
        _ => None,
    }
}

type Result<T> = std::result::Result<T, BackendError>;

mod vector;
mod views;

impl<'a> FnEmitter<'a> {
    /// An emitter writing at indentation level 1.
    pub fn new(m: &'a Module, sh: &'a mut Shared) -> Self {
        FnEmitter {
            m,
            sh,
            out: String::new(),
            indent: 1,
            pending: None,
            parallel: 0,
            tmp: 0,
        }
    }

    fn err(&self, op: OpId, reason: impl std::fmt::Display) -> BackendError {
        let d = &self.m.ops[op];
        BackendError::Unsupported(
            Diagnostic::new(
                &self.m.file,
                "",
                d.loc,
                format!("cannot translate '{}' to C: {reason}", d.name),
            )
            .written_in(self.m),
        )
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        if let Some(loc) = self.pending.take() {
            let _ = write!(self.out, " /* {}:{}:{} */", self.sh.file, loc.line, loc.col);
        }
        self.out.push('\n');
    }

    fn open(&mut self, text: &str) {
        self.line(text);
        self.indent += 1;
    }

    fn close(&mut self, text: &str) {
        self.indent -= 1;
        self.line(text);
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.tmp += 1;
        format!("{prefix}{}", self.tmp)
    }

    fn ctype(&mut self, op: OpId, v: Value) -> Result<CType> {
        let ty = CType::of(self.m.value_type(v)).map_err(|e| self.err(op, e))?;
        self.sh.use_type(&ty);
        Ok(ty)
    }

    fn info(&self, op: OpId, v: Value) -> Result<MemRefInfo> {
        MemRefInfo::of(self.m.value_type(v)).map_err(|e| self.err(op, e))
    }

    /// Emits the body of `func` and returns the C text of the whole
    /// definition. A body of several blocks becomes labelled statements
    /// joined by `goto`s, emitted in reverse post-order so that every
    /// value's declaration comes before its uses (a block's dominators
    /// precede it); blocks that never run are left out.
    pub fn function(mut self, func: OpId, decl: &FuncDecl) -> Result<String> {
        let d = &self.m.ops[func];
        let region = d.regions[0];
        let blocks = self.m.regions[region].blocks.clone();
        let entry = blocks[0];
        let params: Vec<CType> = decl.params.clone().map_err(|e| self.err(func, e))?;
        decl.results.as_ref().map_err(|e| self.err(func, e))?;
        let mut head = format!("static {} {}(tm_ctx *ctx", decl.return_type(), decl.c_name);
        for (&arg, ty) in self.m.blocks[entry].args.iter().zip(&params) {
            let _ = write!(head, ", {} {}", ty.c(), var(arg));
        }
        head.push(')');
        if self.sh.checked && !self.sh.openmp {
            self.line(&format!("tm_enter(ctx, {}, {});", d.loc.line, d.loc.col));
        }
        let order = reverse_post_order(self.m, region);
        for &b in &blocks[1..] {
            for a in self.m.blocks[b].args.clone() {
                let ty = self.ctype(func, a)?;
                self.line(&format!("{} {};", ty.c(), var(a)));
            }
        }
        for &b in &order {
            if b != entry {
                self.line(&format!("{}:;", label(self.m, b)));
            }
            let ops = self.m.blocks[b].ops.clone();
            let Some((&last, rest)) = ops.split_last() else {
                return Err(self.err(func, "empty block"));
            };
            for &op in rest {
                self.op(op)?;
            }
            self.terminator(last, decl)?;
        }
        Ok(format!("{head} {{\n{}}}\n", self.out))
    }

    /// A block's terminator: `func.return`, or a branch assigning the
    /// successor's arguments and jumping to its label.
    fn terminator(&mut self, op: OpId, decl: &FuncDecl) -> Result<()> {
        let d = self.m.ops[op].clone();
        self.pending = Some(d.loc);
        if d.name == "func.return" {
            let vals: Vec<String> = d.operands.iter().map(|&v| var(v)).collect();
            if self.sh.checked && !self.sh.openmp {
                self.line("ctx->depth--;");
            }
            match vals.len() {
                0 => self.line("return;"),
                1 => self.line(&format!("return {};", vals[0])),
                _ => self.line(&format!(
                    "return ({}){{{}}};",
                    decl.return_type(),
                    vals.join(", ")
                )),
            }
            return Ok(());
        }
        let Some(split) = successor_operands(&d) else {
            return Err(self.err(op, "a block must end with a terminator"));
        };
        let jumps = split.targets(&d.successors);
        let leading = split.leading.to_vec();
        match (d.name.as_str(), leading.as_slice()) {
            ("cf.br", []) => self.jump(op, &jumps[0]),
            ("cf.cond_br", &[cond]) => {
                self.open(&format!("if ({}) {{", var(cond)));
                self.jump(op, &jumps[0])?;
                self.close("} else {");
                self.indent += 1;
                self.jump(op, &jumps[1])?;
                self.close("}");
                Ok(())
            }
            ("cf.switch", &[flag]) => {
                let values = switch_case_values(&d)
                    .ok_or_else(|| self.err(op, "case values do not match the successors"))?;
                let width = match self.m.value_type(flag) {
                    Type::Integer(w) => *w,
                    _ => 64,
                };
                let mask = if width >= 64 {
                    u64::MAX
                } else {
                    (1u64 << width) - 1
                };
                // An `if` chain, not a C `switch`: the first matching case
                // wins, as in MLIR, even when values repeat.
                for (k, value) in values.iter().enumerate() {
                    let keyword = if k == 0 { "if" } else { "} else if" };
                    let text = format!(
                        "{keyword} (((uint64_t){} & {mask}ULL) == {}ULL) {{",
                        var(flag),
                        (*value as u64) & mask
                    );
                    if k == 0 {
                        self.open(&text);
                    } else {
                        self.close(&text);
                        self.indent += 1;
                    }
                    self.jump(op, &jumps[k + 1])?;
                }
                if values.is_empty() {
                    return self.jump(op, &jumps[0]);
                }
                self.close("} else {");
                self.indent += 1;
                self.jump(op, &jumps[0])?;
                self.close("}");
                Ok(())
            }
            _ => Err(self.err(op, "unsupported terminator")),
        }
    }

    /// Assigns the arguments of a successor and jumps to it.
    fn jump(&mut self, op: OpId, (block, passed): &(BlockId, Vec<Value>)) -> Result<()> {
        let names: Vec<String> = passed.iter().map(|&v| var(v)).collect();
        let args = self.m.blocks[*block].args.clone();
        if !args.is_empty() {
            self.assign_all(op, &args, &names)?;
        }
        let target = label(self.m, *block);
        self.line(&format!("goto {target};"));
        Ok(())
    }

    /// Emits the ops of `block` except its terminator `term`, and returns
    /// the C expressions the terminator yields.
    fn block(&mut self, block: BlockId, term: &str) -> Result<Vec<String>> {
        let mut yields = Vec::new();
        for &op in &self.m.blocks[block].ops.clone() {
            if self.m.ops[op].name == term {
                yields = self.m.ops[op].operands.iter().map(|&v| var(v)).collect();
            } else {
                self.op(op)?;
            }
        }
        Ok(yields)
    }

    /// The single block of region `index` of `op`, if the region has one.
    fn region_block(&self, op: OpId, index: usize) -> Result<Option<BlockId>> {
        let Some(&r) = self.m.ops[op].regions.get(index) else {
            return Ok(None);
        };
        match self.m.regions[r].blocks.as_slice() {
            [] => Ok(None),
            [b] => Ok(Some(*b)),
            _ => Err(self.err(op, "regions with several blocks are not supported")),
        }
    }

    /// Declares (uninitialised) the results of a region-holding op.
    fn declare_results(&mut self, op: OpId) -> Result<Vec<String>> {
        let results = self.m.ops[op].results.clone();
        let mut names = Vec::new();
        for r in results {
            let ty = self.ctype(op, r)?;
            self.line(&format!("{} {};", ty.c(), var(r)));
            names.push(var(r));
        }
        Ok(names)
    }

    /// `to[i] = from[i]` for all `i`, through temporaries when several
    /// values move at once (a yield may swap loop-carried values).
    fn assign_all(&mut self, op: OpId, to: &[Value], from: &[String]) -> Result<()> {
        if to.len() != from.len() {
            return Err(self.err(op, "yielded values do not match the results"));
        }
        if to.len() == 1 {
            self.line(&format!("{} = {};", var(to[0]), from[0]));
            return Ok(());
        }
        let mut temps = Vec::new();
        for (&t, f) in to.iter().zip(from) {
            let ty = self.ctype(op, t)?;
            let name = self.fresh("t");
            self.line(&format!("const {} {name} = {f};", ty.c()));
            temps.push(name);
        }
        for (&t, name) in to.iter().zip(&temps) {
            self.line(&format!("{} = {name};", var(t)));
        }
        Ok(())
    }

    /// Translates one op.
    fn op(&mut self, op: OpId) -> Result<()> {
        let d = self.m.ops[op].clone();
        self.pending = Some(d.loc);
        let name = d.name.as_str();
        match name {
            "arith.constant" => self.constant(op, &d),
            n if arith::supported(n) => self.arith(op, &d),
            "affine.apply" | "affine.min" | "affine.max" => {
                let map = map_attr(&d, "map").ok_or_else(|| self.err(op, "missing map"))?;
                let c = self.map_c(op, map, &d.operands)?;
                let text = if name == "affine.apply" {
                    match map.results() {
                        [e] => c.expr(e),
                        _ => Err("affine.apply needs a single-result map".to_string()),
                    }
                } else {
                    c.bound(map.results(), name == "affine.max")
                }
                .map_err(|e| self.err(op, e))?;
                let r = *d.results.first().ok_or_else(|| self.err(op, "no result"))?;
                self.line(&format!("const int64_t {} = {text};", var(r)));
                Ok(())
            }
            "affine.delinearize_index" => {
                let map = u32::try_from(d.results.len())
                    .ok()
                    .and_then(|n| AffineMap::delinearize(n).ok())
                    .filter(|_| d.operands.len() == d.results.len() + 1)
                    .ok_or_else(|| self.err(op, "malformed affine.delinearize_index"))?;
                let c = self.map_c(op, &map, &d.operands)?;
                for (&r, e) in d.results.iter().zip(map.results()) {
                    let text = c.expr(e).map_err(|e| self.err(op, e))?;
                    self.line(&format!("const int64_t {} = {text};", var(r)));
                }
                Ok(())
            }
            "affine.load" | "affine.store" | "memref.load" | "memref.store" => {
                self.scalar_access(op, &d)
            }
            "affine.vector_load" | "affine.vector_store" => self.vector_access(op, &d),
            "affine.for" => self.affine_for(op, &d),
            "affine.parallel" => self.affine_parallel(op, &d),
            "affine.if" | "scf.if" => self.conditional(op, &d),
            "scf.for" => self.scf_for(op, &d),
            "scf.while" => self.scf_while(op, &d),
            "scf.parallel" => self.scf_parallel(op, &d),
            "cf.assert" => {
                let (Some(&cond), Some(Attribute::String(msg))) =
                    (d.operands.first(), d.attr("msg"))
                else {
                    return Err(self.err(op, "malformed cf.assert"));
                };
                self.line(&format!(
                    "if (!{}) tm_fault(ctx, {}, {}, \"assertion failed: %s\", {});",
                    var(cond),
                    d.loc.line,
                    d.loc.col,
                    c_string_literal(msg)
                ));
                Ok(())
            }
            "memref.alloc" | "memref.alloca" => self.alloc(op, &d),
            "memref.get_global" => self.get_global(op, &d),
            "memref.dealloc" => {
                let mem = *d
                    .operands
                    .first()
                    .ok_or_else(|| self.err(op, "no operand"))?;
                self.ctype(op, mem)?;
                self.line(&format!(
                    "tm_dealloc(ctx, {}.owner, {}, {});",
                    var(mem),
                    d.loc.line,
                    d.loc.col
                ));
                Ok(())
            }
            "memref.dim" => {
                let (&mem, &idx, &r) =
                    match (d.operands.first(), d.operands.get(1), d.results.first()) {
                        (Some(a), Some(b), Some(c)) => (a, b, c),
                        _ => return Err(self.err(op, "malformed memref.dim")),
                    };
                let rank = match self.ctype(op, mem)? {
                    CType::MemRef { rank, .. } => rank.to_string(),
                    _ => format!("{}.rank", var(mem)),
                };
                self.line(&format!(
                    "const int64_t {} = tm_dim(ctx, {}.sizes, {rank}, {}, {}, {});",
                    var(r),
                    var(mem),
                    var(idx),
                    d.loc.line,
                    d.loc.col
                ));
                Ok(())
            }
            "memref.cast" => self.cast(op, &d),
            "memref.copy" => {
                let (&src, &dst) = match (d.operands.first(), d.operands.get(1)) {
                    (Some(a), Some(b)) => (a, b),
                    _ => return Err(self.err(op, "malformed memref.copy")),
                };
                let (s, elem) = self.erased(op, src)?;
                let (t, _) = self.erased(op, dst)?;
                self.line(&format!(
                    "tm_copy(ctx, {s}, {t}, sizeof({}), {}, {});",
                    elem.c(),
                    d.loc.line,
                    d.loc.col
                ));
                Ok(())
            }
            // A hint: no effect on what the program computes.
            "affine.prefetch" | "memref.prefetch" => Ok(()),
            "affine.dma_start" | "memref.dma_start" => self.dma_start(op, &d),
            "affine.dma_wait" | "memref.dma_wait" => {
                let wait = tessera_ir::dma::DmaWait::of(self.m, &d)
                    .ok_or_else(|| self.err(op, "malformed DMA wait"))?;
                let tag = self.dma_subscripts(op, &d, &wait.tag)?;
                self.line(&format!(
                    "tm_dma_tag(ctx, {tag}, {}, {});",
                    d.loc.line, d.loc.col
                ));
                Ok(())
            }
            "func.call" => self.call(op, &d),
            "func.constant" => self.function_constant(op, &d),
            "func.call_indirect" => self.call_indirect(op, &d),
            "vector.print" => self.print(op, &d),
            n if tessera_ir::vector::VECTOR_OPS.contains(&n) => self.vector_op(op, &d),
            n if tessera_ir::ir::VIEW_OPS.contains(&n) => self.view_op(op, &d),
            "memref.alloca_scope" | "scf.execute_region" => self.scope(op, &d),
            _ => Err(self.err(op, "operation not supported by the C back end")),
        }
    }

    fn constant(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let r = *d.results.first().ok_or_else(|| self.err(op, "no result"))?;
        let ty = self.ctype(op, r)?;
        let value = d
            .attr("value")
            .ok_or_else(|| self.err(op, "missing value"))?;
        let text = match (&ty, value) {
            (CType::Scalar(p), v) => arith::constant(v, *p),
            (CType::Vector { elem, lanes }, Attribute::DenseInt { values, .. })
                if !elem.is_float() && (values.len() == 1 || values.len() == *lanes as usize) =>
            {
                let items: Vec<String> = (0..*lanes as usize)
                    .map(|k| arith::int_constant(values[k.min(values.len() - 1)], *elem))
                    .collect();
                Some(format!("{{{{{}}}}}", items.join(", ")))
            }
            (CType::Vector { elem, lanes }, Attribute::DenseFloat { values, .. })
                if matches!(elem, Prim::F32 | Prim::F64)
                    && (values.len() == 1 || values.len() == *lanes as usize) =>
            {
                let items: Vec<String> = (0..*lanes as usize)
                    .map(|k| {
                        arith::float_literal(values[k.min(values.len() - 1)], *elem == Prim::F32)
                    })
                    .collect();
                Some(format!("{{{{{}}}}}", items.join(", ")))
            }
            _ => None,
        };
        let text = text.ok_or_else(|| self.err(op, format!("unsupported constant {value}")))?;
        self.line(&format!("const {} {} = {text};", ty.c(), var(r)));
        Ok(())
    }

    fn arith(&mut self, op: OpId, d: &OpData) -> Result<()> {
        if let Some(kind) = tessera_ir::interp::ExtendedOp::of(&d.name) {
            return self.extended(op, d, kind);
        }
        let r = *d.results.first().ok_or_else(|| self.err(op, "no result"))?;
        let rty = self.ctype(op, r)?;
        let mut otys = Vec::new();
        for &v in &d.operands {
            otys.push(self.ctype(op, v)?);
        }
        if d.name == "arith.select" && matches!(rty, CType::MemRef { .. } | CType::Unranked(_)) {
            let [c, a, b] = d.operands[..] else {
                return Err(self.err(op, "malformed select"));
            };
            self.line(&format!(
                "const {} {} = ({} & 1) ? {} : {};",
                rty.c(),
                var(r),
                var(c),
                var(a),
                var(b)
            ));
            return Ok(());
        }
        let elem = |t: &CType| match t {
            CType::Scalar(p) | CType::Vector { elem: p, .. } => Some(*p),
            _ => None,
        };
        let main = if d.name == "arith.select" { 1 } else { 0 };
        let (Some(output), Some(input)) = (elem(&rty), otys.get(main).and_then(elem)) else {
            return Err(self.err(op, "operands must be scalars or vectors"));
        };
        let lanes = match (&rty, otys.first()) {
            (CType::Vector { lanes, .. }, _) | (_, Some(CType::Vector { lanes, .. })) => {
                Some(*lanes)
            }
            _ => None,
        };
        let args: Vec<String> = d
            .operands
            .iter()
            .zip(&otys)
            .map(|(&v, t)| match (t, lanes) {
                (CType::Vector { .. }, Some(_)) => format!("{}.e[l]", var(v)),
                _ => var(v),
            })
            .collect();
        let text = arith::expr(d, &args, input, output, d.loc).map_err(|e| self.err(op, e))?;
        match lanes {
            Some(n) => {
                self.line(&format!("{} {};", rty.c(), var(r)));
                self.line(&format!(
                    "for (int64_t l = 0; l < {n}; l++) {}.e[l] = {text};",
                    var(r)
                ));
            }
            None => self.line(&format!("const {} {} = {text};", rty.c(), var(r))),
        }
        Ok(())
    }

    /// `arith.addui_extended` and the extended multiplies, on scalars.
    fn extended(
        &mut self,
        op: OpId,
        d: &OpData,
        kind: tessera_ir::interp::ExtendedOp,
    ) -> Result<()> {
        let ([a, b], [lo, hi]) = (&d.operands[..], &d.results[..]) else {
            return Err(self.err(op, "expected two operands and two results"));
        };
        let (CType::Scalar(ty), CType::Scalar(second)) =
            (self.ctype(op, *lo)?, self.ctype(op, *hi)?)
        else {
            return Err(self.err(op, "extended arithmetic on vectors is not supported"));
        };
        let (low, high) = arith::extended(kind, &var(*a), &var(*b), ty, second);
        self.line(&format!("const {} {} = {low};", ty.c(), var(*lo)));
        self.line(&format!("const {} {} = {high};", second.c(), var(*hi)));
        Ok(())
    }

    /// An affine-expression translator over the map operands `operands`.
    fn map_c(&self, op: OpId, map: &AffineMap, operands: &[Value]) -> Result<AffineC> {
        let nd = map.num_dims() as usize;
        if operands.len() != map.num_inputs() as usize {
            return Err(self.err(op, "map operand count does not match the map"));
        }
        let mut dims: Vec<String> = operands.iter().map(|&v| var(v)).collect();
        let symbols = dims.split_off(nd);
        Ok(AffineC {
            dims,
            symbols,
            loc: self.m.ops[op].loc,
            condition: false,
        })
    }
}

/// Memory accesses, loops, conditionals, memrefs, calls and printing.
impl FnEmitter<'_> {
    /// Gives every subscript that is not a variable or literal a `const`
    /// temporary, so that it is evaluated once.
    fn hoist(&mut self, subs: Vec<String>) -> Vec<String> {
        subs.into_iter()
            .map(|s| {
                if is_atom(&s) {
                    s
                } else {
                    let t = self.fresh("s");
                    self.line(&format!("const int64_t {t} = {s};"));
                    t
                }
            })
            .collect()
    }

    /// The element of memref `mem` at `subs` (atoms) as an lvalue, and in
    /// checked mode the guard that reports an out-of-bounds subscript or a
    /// deallocated memref.
    fn element(
        &self,
        mem: Value,
        info: &MemRefInfo,
        subs: &[String],
        loc: Location,
    ) -> (String, Option<String>) {
        let m = var(mem);
        let mut terms = Vec::new();
        match info.offset {
            Some(0) => {}
            Some(c) => terms.push(int_literal(c)),
            None => terms.push(format!("{m}.offset")),
        }
        for (k, s) in subs.iter().enumerate() {
            match info.strides[k] {
                Some(0) => {}
                Some(1) => terms.push(s.clone()),
                Some(c) => terms.push(format!("{s} * {}", int_literal(c))),
                None => terms.push(format!("{s} * {m}.strides[{k}]")),
            }
        }
        let addr = if terms.is_empty() {
            "0".to_string()
        } else {
            terms.join(" + ")
        };
        let lvalue = format!("{m}.base[{addr}]");
        if !self.sh.checked {
            return (lvalue, None);
        }
        let (line, col) = (loc.line, loc.col);
        let mut guard: Vec<String> = subs
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let size = match info.sizes[k] {
                    Some(n) => int_literal(n),
                    None => format!("{m}.sizes[{k}]"),
                };
                format!("tm_inb(ctx, {s}, {size}, {k}, {line}, {col})")
            })
            .collect();
        guard.push(format!("tm_live(ctx, {m}.owner, {line}, {col})"));
        (lvalue, Some(guard.join(" && ")))
    }

    /// The subscripts of a load or store: the map results (affine) or the
    /// index operands (memref).
    fn subscripts(&mut self, op: OpId, d: &OpData, first_index: usize) -> Result<Vec<String>> {
        let indices = d.operands.get(first_index..).unwrap_or(&[]);
        let subs = if d.name.starts_with("affine.") {
            let map = map_attr(d, "map").ok_or_else(|| self.err(op, "missing map"))?;
            self.map_results(op, map, indices)?
        } else {
            indices.iter().map(|&v| var(v)).collect()
        };
        Ok(self.hoist(subs))
    }

    /// The results of `map` applied to `operands`, as C expressions.
    fn map_results(&self, op: OpId, map: &AffineMap, operands: &[Value]) -> Result<Vec<String>> {
        let c = self.map_c(op, map, operands)?;
        map.results()
            .iter()
            .map(|e| c.expr(e))
            .collect::<std::result::Result<Vec<_>, String>>()
            .map_err(|e| self.err(op, e))
    }

    /// A memref operand of a DMA op and its subscripts, as the arguments
    /// `tm_umr, (const int64_t[]){...}` of the runtime's DMA functions.
    fn dma_subscripts(
        &mut self,
        op: OpId,
        d: &OpData,
        part: &tessera_ir::dma::Subscripted,
    ) -> Result<String> {
        let mem = d.operands[part.memref];
        let indices = &d.operands[part.subscripts.clone()];
        let subs = match &part.map {
            Some(map) => self.map_results(op, map, indices)?,
            None => indices.iter().map(|&v| var(v)).collect(),
        };
        let info = self.info(op, mem)?;
        if subs.len() != info.rank() {
            return Err(self.err(op, "subscript count does not match the memref rank"));
        }
        let (umr, _) = self.erased(op, mem)?;
        // A trailing 0 keeps the compound literal non-empty for rank 0.
        Ok(format!(
            "{umr}, (const int64_t[]){{{}0}}",
            subs.iter().map(|s| format!("{s}, ")).collect::<String>()
        ))
    }

    /// A DMA start: the runtime's `tm_dma` moves the elements at once.
    fn dma_start(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let dma = tessera_ir::dma::DmaStart::of(self.m, d)
            .ok_or_else(|| self.err(op, "malformed DMA start"))?;
        let (_, src_elem) = self.erased(op, d.operands[dma.src.memref])?;
        let (_, dst_elem) = self.erased(op, d.operands[dma.dst.memref])?;
        if src_elem != dst_elem {
            return Err(self.err(op, "DMA between memrefs of different element types"));
        }
        let src = self.dma_subscripts(op, d, &dma.src)?;
        let dst = self.dma_subscripts(op, d, &dma.dst)?;
        let tag = self.dma_subscripts(op, d, &dma.tag)?;
        let (stride, per, strided) = match dma.stride {
            Some((a, b)) => (
                var(d.operands[a]),
                var(d.operands[b]),
                if dma.source_strided(self.m, d) { 1 } else { 2 },
            ),
            None => ("1".to_string(), "1".to_string(), 0),
        };
        self.line(&format!(
            "tm_dma(ctx, {src}, {dst}, {}, {stride}, {per}, {strided}, sizeof({}), {}, {});",
            var(d.operands[dma.count]),
            src_elem.c(),
            d.loc.line,
            d.loc.col
        ));
        self.line(&format!(
            "tm_dma_tag(ctx, {tag}, {}, {});",
            d.loc.line, d.loc.col
        ));
        Ok(())
    }

    fn scalar_access(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let store = d.name.ends_with("store");
        let base = usize::from(store);
        let value = if store {
            d.operands.first()
        } else {
            d.results.first()
        };
        let (Some(&value), Some(&mem)) = (value, d.operands.get(base)) else {
            return Err(self.err(op, "malformed access"));
        };
        let ty = self.ctype(op, value)?;
        self.ctype(op, mem)?;
        let info = self.info(op, mem)?;
        let subs = self.subscripts(op, d, base + 1)?;
        if subs.len() != info.rank() {
            return Err(self.err(op, "subscript count does not match the memref rank"));
        }
        let (lvalue, guard) = self.element(mem, &info, &subs, d.loc);
        let v = var(value);
        match (store, guard) {
            (true, Some(g)) => self.line(&format!("if ({g}) {lvalue} = {v};")),
            (true, None) => self.line(&format!("{lvalue} = {v};")),
            (false, Some(g)) => self.line(&format!("const {} {v} = ({g}) ? {lvalue} : 0;", ty.c())),
            (false, None) => self.line(&format!("const {} {v} = {lvalue};", ty.c())),
        }
        Ok(())
    }

    fn vector_access(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let store = d.name == "affine.vector_store";
        let base = usize::from(store);
        let value = if store {
            d.operands.first()
        } else {
            d.results.first()
        };
        let (Some(&value), Some(&mem)) = (value, d.operands.get(base)) else {
            return Err(self.err(op, "malformed access"));
        };
        let CType::Vector { .. } = self.ctype(op, value)? else {
            return Err(self.err(op, "expected a vector"));
        };
        let shape = self.shape(value);
        self.ctype(op, mem)?;
        let info = self.info(op, mem)?;
        let mut subs = self.subscripts(op, d, base + 1)?;
        if subs.len() != info.rank() || subs.is_empty() || shape.len() > subs.len() {
            return Err(self.err(op, "subscript count does not match the memref rank"));
        }
        let v = var(value);
        if !store {
            let ty = self.ctype(op, value)?;
            self.line(&format!("{} {v};", ty.c()));
        }
        // One loop per vector dimension, advancing the last memref
        // subscripts; the lanes in row-major order.
        let first = subs.len() - shape.len();
        let mut lane = String::from("0");
        for (r, n) in shape.iter().enumerate() {
            let counter = self.fresh("l");
            self.open(&format!(
                "for (int64_t {counter} = 0; {counter} < {n}; {counter}++) {{"
            ));
            let at = self.fresh("s");
            self.line(&format!(
                "const int64_t {at} = tm_add({}, {counter});",
                subs[first + r]
            ));
            subs[first + r] = at;
            lane = format!("({lane}) * {n} + {counter}");
        }
        let (lvalue, guard) = self.element(mem, &info, &subs, d.loc);
        match (store, guard) {
            (true, Some(g)) => self.line(&format!("if ({g}) {lvalue} = {v}.e[{lane}];")),
            (true, None) => self.line(&format!("{lvalue} = {v}.e[{lane}];")),
            (false, Some(g)) => self.line(&format!("{v}.e[{lane}] = ({g}) ? {lvalue} : 0;")),
            (false, None) => self.line(&format!("{v}.e[{lane}] = {lvalue};")),
        }
        for _ in &shape {
            self.close("}");
        }
        Ok(())
    }

    fn affine_for(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (Some(lbm), Some(ubm)) = (map_attr(d, "lowerBoundMap"), map_attr(d, "upperBoundMap"))
        else {
            return Err(self.err(op, "missing bound maps"));
        };
        let (nl, nu) = (lbm.num_inputs() as usize, ubm.num_inputs() as usize);
        if d.operands.len() < nl + nu {
            return Err(self.err(op, "missing bound operands"));
        }
        let step = d.attr("step").and_then(Attribute::as_int).unwrap_or(1);
        if step < 1 {
            return Err(self.err(op, "the step must be positive"));
        }
        let block = self
            .region_block(op, 0)?
            .ok_or_else(|| self.err(op, "loop without body"))?;
        let args = self.m.blocks[block].args.clone();
        let inits = &d.operands[nl + nu..];
        let Some((&iv, carried)) = args.split_first() else {
            return Err(self.err(op, "loop without induction variable"));
        };
        if carried.len() != inits.len() || carried.len() != d.results.len() {
            return Err(self.err(op, "iter_args do not match the results"));
        }
        let lb = self
            .map_c(op, lbm, &d.operands[..nl])?
            .bound(lbm.results(), true)
            .map_err(|e| self.err(op, e))?;
        let ub = self
            .map_c(op, ubm, &d.operands[nl..nl + nu])?
            .bound(ubm.results(), false)
            .map_err(|e| self.err(op, e))?;
        self.declare_results(op)?;
        let id = op.as_u32();
        self.open("{");
        self.line(&format!("const int64_t lb{id} = {lb};"));
        self.line(&format!("const int64_t ub{id} = {ub};"));
        for (&c, &init) in carried.iter().zip(inits) {
            let ty = self.ctype(op, c)?;
            self.line(&format!("{} {} = {};", ty.c(), var(c), var(init)));
        }
        match constant_span(self.m, op) {
            Some(span) => {
                // ub = lb + span in wrapping arithmetic: the loop runs
                // span / step times unless lb + span overflowed, in which
                // case ub < lb and it runs none. A constant trip count
                // lets the C compiler unroll and vectorize the loop.
                let trip = (span - 1) / step + 1;
                let iv = var(iv);
                self.open(&format!(
                    "if (lb{id} < ub{id}) for (int64_t t{id} = 0; t{id} < {trip}; t{id}++) {{"
                ));
                self.line(&format!("const int64_t {iv} = lb{id} + t{id} * {step};"));
            }
            None => self.open_loop(&var(iv), &id.to_string(), step),
        }
        let yields = self.block(block, "affine.yield")?;
        if !carried.is_empty() {
            self.assign_all(op, carried, &yields)?;
        }
        self.close("}");
        for (&r, &c) in d.results.iter().zip(carried) {
            self.line(&format!("{} = {};", var(r), var(c)));
        }
        self.close("}");
        Ok(())
    }

    /// Opens a `for` loop over `iv` from `lb<tag>` to `ub<tag>` (C
    /// variables) by `step`: the natural loop for step one, else a loop
    /// over the trip count, so that no induction variable can overflow.
    fn open_loop(&mut self, iv: &str, tag: &str, step: i64) {
        if step == 1 {
            self.open(&format!(
                "for (int64_t {iv} = lb{tag}; {iv} < ub{tag}; {iv}++) {{"
            ));
        } else {
            self.open(&format!(
                "for (uint64_t k{tag} = 0, n{tag} = tm_trip(lb{tag}, ub{tag}, {step}); k{tag} < n{tag}; k{tag}++) {{"
            ));
            self.line(&format!(
                "const int64_t {iv} = (int64_t)((uint64_t)lb{tag} + k{tag} * UINT64_C({step}));"
            ));
        }
    }

    fn scf_for(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let [lb, ub, step] = match d.operands.get(..3) {
            Some(&[a, b, c]) => [a, b, c],
            _ => return Err(self.err(op, "malformed scf.for")),
        };
        let block = self
            .region_block(op, 0)?
            .ok_or_else(|| self.err(op, "loop without body"))?;
        let args = self.m.blocks[block].args.clone();
        let inits = &d.operands[3..];
        let Some((&iv, carried)) = args.split_first() else {
            return Err(self.err(op, "loop without induction variable"));
        };
        if carried.len() != inits.len() || carried.len() != d.results.len() {
            return Err(self.err(op, "iter_args do not match the results"));
        }
        let ivty = self.ctype(op, iv)?.c();
        self.declare_results(op)?;
        let id = op.as_u32();
        self.open("{");
        self.line(&format!(
            "const int64_t lb{id} = (int64_t){}, ub{id} = (int64_t){}, st{id} = (int64_t){};",
            var(lb),
            var(ub),
            var(step)
        ));
        for (&c, &init) in carried.iter().zip(inits) {
            let ty = self.ctype(op, c)?;
            self.line(&format!("{} {} = {};", ty.c(), var(c), var(init)));
        }
        self.line(&format!(
            "if (st{id} <= 0) tm_fault(ctx, {}, {}, \"scf.for step must be positive\");",
            d.loc.line, d.loc.col
        ));
        self.open(&format!(
            "else for (uint64_t k{id} = 0, n{id} = tm_trip(lb{id}, ub{id}, st{id}); k{id} < n{id}; k{id}++) {{"
        ));
        self.line(&format!(
            "const {ivty} {} = ({ivty})((uint64_t)lb{id} + k{id} * (uint64_t)st{id});",
            var(iv)
        ));
        let yields = self.block(block, "scf.yield")?;
        if !carried.is_empty() {
            self.assign_all(op, carried, &yields)?;
        }
        self.close("}");
        for (&r, &c) in d.results.iter().zip(carried) {
            self.line(&format!("{} = {};", var(r), var(c)));
        }
        self.close("}");
        Ok(())
    }

    /// `scf.while`: the `before` block's arguments are variables; each turn
    /// runs `before`, leaves with the condition's values as results when
    /// it is false, else runs `after` on them and feeds its yields back.
    fn scf_while(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (Some(before), Some(after)) = (self.region_block(op, 0)?, self.region_block(op, 1)?)
        else {
            return Err(self.err(op, "scf.while without its two regions"));
        };
        let before_args = self.m.blocks[before].args.clone();
        let after_args = self.m.blocks[after].args.clone();
        if before_args.len() != d.operands.len() {
            return Err(self.err(op, "malformed scf.while"));
        }
        self.declare_results(op)?;
        self.open("{");
        for (&a, &init) in before_args.iter().zip(&d.operands) {
            let ty = self.ctype(op, a)?;
            self.line(&format!("{} {} = {};", ty.c(), var(a), var(init)));
        }
        self.open("for (;;) {");
        let condition = self.block(before, "scf.condition")?;
        let Some((cond, forwarded)) = condition.split_first() else {
            return Err(self.err(op, "scf.while without scf.condition"));
        };
        if forwarded.len() != d.results.len() || forwarded.len() != after_args.len() {
            return Err(self.err(op, "malformed scf.while"));
        }
        self.open(&format!("if (!({cond} & 1)) {{"));
        for (&r, f) in d.results.iter().zip(forwarded) {
            self.line(&format!("{} = {f};", var(r)));
        }
        self.line("break;");
        self.close("}");
        for (&a, f) in after_args.iter().zip(forwarded) {
            let ty = self.ctype(op, a)?;
            self.line(&format!("const {} {} = {f};", ty.c(), var(a)));
        }
        let yields = self.block(after, "scf.yield")?;
        if !before_args.is_empty() {
            self.assign_all(op, &before_args, &yields)?;
        }
        self.close("}");
        self.close("}");
        Ok(())
    }

    /// `scf.parallel` as a sequential loop nest; each iteration folds its
    /// `scf.reduce` operands into accumulators (starting at the initial
    /// values) with the reduction regions, inlined.
    fn scf_parallel(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let block = self
            .region_block(op, 0)?
            .ok_or_else(|| self.err(op, "loop without body"))?;
        let ivs = self.m.blocks[block].args.clone();
        let n = ivs.len();
        if d.operands.len() < 3 * n || d.operands.len() - 3 * n != d.results.len() {
            return Err(self.err(op, "malformed scf.parallel"));
        }
        let reduce = self.m.blocks[block]
            .ops
            .last()
            .copied()
            .filter(|&r| self.m.ops[r].name == "scf.reduce")
            .ok_or_else(|| self.err(op, "scf.parallel without scf.reduce"))?;
        let inits = d.operands[3 * n..].to_vec();
        self.declare_results(op)?;
        let id = op.as_u32();
        self.open("{");
        for k in 0..n {
            self.line(&format!(
                "const int64_t lb{id}_{k} = (int64_t){}, ub{id}_{k} = (int64_t){}, st{id}_{k} = (int64_t){};",
                var(d.operands[k]),
                var(d.operands[n + k]),
                var(d.operands[2 * n + k])
            ));
        }
        for (i, &init) in inits.iter().enumerate() {
            let ty = self.ctype(op, init)?;
            self.line(&format!("{} acc{id}_{i} = {};", ty.c(), var(init)));
        }
        let bad_step: Vec<String> = (0..n).map(|k| format!("st{id}_{k} <= 0")).collect();
        if n > 0 {
            self.line(&format!(
                "if ({}) tm_fault(ctx, {}, {}, \"scf.parallel step must be positive\");",
                bad_step.join(" || "),
                d.loc.line,
                d.loc.col
            ));
        }
        self.open("{");
        for (k, &iv) in ivs.iter().enumerate() {
            self.open(&format!(
                "for (uint64_t k{id}_{k} = 0, n{id}_{k} = st{id}_{k} > 0 ? tm_trip(lb{id}_{k}, ub{id}_{k}, st{id}_{k}) : 0; k{id}_{k} < n{id}_{k}; k{id}_{k}++) {{"
            ));
            self.line(&format!(
                "const int64_t {} = (int64_t)((uint64_t)lb{id}_{k} + k{id}_{k} * (uint64_t)st{id}_{k});",
                var(iv)
            ));
        }
        let reduced = self.block(block, "scf.reduce")?;
        let regions = self.m.ops[reduce].regions.len();
        if reduced.len() != inits.len() || regions != inits.len() {
            return Err(self.err(op, "reduced values do not match the results"));
        }
        for (i, value) in reduced.iter().enumerate() {
            let rb = self
                .region_block(reduce, i)?
                .ok_or_else(|| self.err(reduce, "reduction without body"))?;
            let args = self.m.blocks[rb].args.clone();
            let [lhs, rhs] = args.as_slice() else {
                return Err(self.err(reduce, "a reduction region takes two arguments"));
            };
            let ty = self.ctype(reduce, *lhs)?.c();
            self.open("{");
            self.line(&format!("const {ty} {} = acc{id}_{i};", var(*lhs)));
            self.line(&format!("const {ty} {} = {value};", var(*rhs)));
            let ret = self.block(rb, "scf.reduce.return")?;
            let [ret] = ret.as_slice() else {
                return Err(self.err(reduce, "a reduction region returns one value"));
            };
            self.line(&format!("acc{id}_{i} = {ret};"));
            self.close("}");
        }
        for _ in 0..=n {
            self.close("}");
        }
        for (i, &r) in d.results.iter().enumerate() {
            self.line(&format!("{} = acc{id}_{i};", var(r)));
        }
        self.close("}");
        Ok(())
    }

    fn affine_parallel(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (Some(lm), Some(um)) = (map_attr(d, "lowerBoundsMap"), map_attr(d, "upperBoundsMap"))
        else {
            return Err(self.err(op, "missing bound maps"));
        };
        let block = self
            .region_block(op, 0)?
            .ok_or_else(|| self.err(op, "loop without body"))?;
        let ivs = self.m.blocks[block].args.clone();
        let n = ivs.len();
        let groups = |name: &str, total: usize| -> Vec<usize> {
            match d.attr(name) {
                Some(Attribute::DenseInt { values, .. }) if values.len() == 1 => {
                    vec![values[0].max(0) as usize; n]
                }
                Some(Attribute::DenseInt { values, .. }) => {
                    values.iter().map(|&v| v.max(0) as usize).collect()
                }
                _ => vec![total / n.max(1); n],
            }
        };
        let lgroups = groups("lowerBoundsGroups", lm.results().len());
        let ugroups = groups("upperBoundsGroups", um.results().len());
        let steps: Vec<i64> = match d.attr("steps") {
            Some(Attribute::Array(a)) => a.iter().map(|s| s.as_int().unwrap_or(0)).collect(),
            _ => vec![1; n],
        };
        let nl = lm.num_inputs() as usize;
        let nu = um.num_inputs() as usize;
        if lgroups.len() != n
            || ugroups.len() != n
            || steps.len() != n
            || lgroups.iter().sum::<usize>() != lm.results().len()
            || ugroups.iter().sum::<usize>() != um.results().len()
            || d.operands.len() != nl + nu
            || steps.iter().any(|&s| s < 1)
        {
            return Err(self.err(op, "malformed affine.parallel"));
        }
        let lc = self.map_c(op, lm, &d.operands[..nl])?;
        let uc = self.map_c(op, um, &d.operands[nl..])?;
        let kinds: Vec<i64> = match d.attr("reductions") {
            Some(Attribute::Array(a)) => a.iter().map(|k| k.as_int().unwrap_or(-1)).collect(),
            _ => Vec::new(),
        };
        if kinds.len() != d.results.len() {
            return Err(self.err(op, "a reduction must be specified for each result"));
        }
        let mut reds = Vec::new();
        for (&kind, &r) in kinds.iter().zip(&d.results) {
            let CType::Scalar(p) = self.ctype(op, r)? else {
                return Err(self.err(op, "reductions of non-scalar values are not supported"));
            };
            let red = arith::reduction(kind, p)
                .ok_or_else(|| self.err(op, format!("reduction kind {kind} on {}", p.key())))?;
            self.sh.reductions.insert((kind, p), red.clone());
            reds.push((kind, p, red.0));
        }
        self.declare_results(op)?;
        let id = op.as_u32();
        self.open("{");
        let (mut lpos, mut upos) = (0, 0);
        for k in 0..n {
            let lb = lc
                .bound(&lm.results()[lpos..lpos + lgroups[k]], true)
                .map_err(|e| self.err(op, e))?;
            let ub = uc
                .bound(&um.results()[upos..upos + ugroups[k]], false)
                .map_err(|e| self.err(op, e))?;
            lpos += lgroups[k];
            upos += ugroups[k];
            self.line(&format!("const int64_t lb{id}_{k} = {lb};"));
            self.line(&format!("const int64_t ub{id}_{k} = {ub};"));
        }
        for (i, (_, p, identity)) in reds.iter().enumerate() {
            self.line(&format!("{} acc{id}_{i} = {identity};", p.c()));
        }
        let omp = self.sh.openmp && self.parallel == 0 && n > 0;
        let mut pragma = format!("#pragma omp parallel for collapse({n})");
        for (i, (kind, p, _)) in reds.iter().enumerate() {
            let _ = write!(pragma, " reduction(tm_omp_{kind}_{}:acc{id}_{i})", p.key());
        }
        if omp {
            // OpenMP's canonical form: perfectly nested counted loops.
            for (k, step) in steps.iter().enumerate() {
                self.line(&format!(
                    "const uint64_t n{id}_{k} = tm_trip(lb{id}_{k}, ub{id}_{k}, {step});"
                ));
            }
            self.line(&pragma);
            self.parallel += 1;
            for k in 0..n {
                let head =
                    format!("for (uint64_t k{id}_{k} = 0; k{id}_{k} < n{id}_{k}; k{id}_{k}++)");
                if k + 1 == n {
                    self.open(&format!("{head} {{"));
                } else {
                    self.line(&head);
                    self.indent += 1;
                }
            }
            for (k, &iv) in ivs.iter().enumerate() {
                self.line(&format!(
                    "const int64_t {} = (int64_t)((uint64_t)lb{id}_{k} + k{id}_{k} * UINT64_C({}));",
                    var(iv),
                    steps[k]
                ));
            }
        } else {
            for (k, &iv) in ivs.iter().enumerate() {
                self.open_loop(&var(iv), &format!("{id}_{k}"), steps[k]);
            }
            if n == 0 {
                self.open("{");
            }
        }
        let yields = self.block(block, "affine.yield")?;
        if yields.len() != reds.len() {
            return Err(self.err(op, "yielded values do not match the results"));
        }
        for (i, ((kind, p, _), y)) in reds.iter().zip(&yields).enumerate() {
            self.line(&format!(
                "acc{id}_{i} = tm_red_{kind}_{}(acc{id}_{i}, {y});",
                p.key()
            ));
        }
        if omp {
            self.close("}");
            self.indent -= n - 1;
            self.parallel -= 1;
            self.line("tm_check_faults(ctx);");
        } else {
            for _ in 0..n.max(1) {
                self.close("}");
            }
        }
        for (i, &r) in d.results.iter().enumerate() {
            self.line(&format!("{} = acc{id}_{i};", var(r)));
        }
        self.close("}");
        Ok(())
    }

    fn conditional(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (cond, term) = if d.name == "scf.if" {
            let c = *d
                .operands
                .first()
                .ok_or_else(|| self.err(op, "no condition"))?;
            (format!("{} & 1", var(c)), "scf.yield")
        } else {
            let Some(Attribute::IntegerSet(set)) = d.attr("condition") else {
                return Err(self.err(op, "missing condition"));
            };
            let nd = set.num_dims() as usize;
            if d.operands.len() != nd + set.num_symbols() as usize {
                return Err(self.err(op, "condition operand count does not match the set"));
            }
            let mut dims: Vec<String> = d.operands.iter().map(|&v| var(v)).collect();
            let symbols = dims.split_off(nd);
            let c = AffineC {
                dims,
                symbols,
                loc: d.loc,
                condition: true,
            };
            (c.set(set).map_err(|e| self.err(op, e))?, "affine.yield")
        };
        self.declare_results(op)?;
        let then = self.region_block(op, 0)?;
        let els = self.region_block(op, 1)?;
        self.open(&format!("if ({cond}) {{"));
        if let Some(b) = then {
            let y = self.block(b, term)?;
            if !d.results.is_empty() {
                self.assign_all(op, &d.results, &y)?;
            }
        }
        if let Some(b) = els {
            self.close("} else {");
            self.indent += 1;
            let y = self.block(b, term)?;
            if !d.results.is_empty() {
                self.assign_all(op, &d.results, &y)?;
            }
        } else if !d.results.is_empty() {
            return Err(self.err(op, "an if with results needs an else region"));
        }
        self.close("}");
        Ok(())
    }

    /// `memref.get_global`: a descriptor of the global's static array
    /// (row-major, no owner: never freed).
    fn get_global(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let r = *d.results.first().ok_or_else(|| self.err(op, "no result"))?;
        let name = match d.attr("name") {
            Some(Attribute::SymbolRef(p)) => p.join("::"),
            _ => return Err(self.err(op, "get_global without a name")),
        };
        let array =
            self.sh.globals.get(&name).cloned().ok_or_else(|| {
                self.err(op, format!("the global '@{name}' cannot be translated"))
            })?;
        let ty = self.ctype(op, r)?;
        let info = self.info(op, r)?;
        let v = var(r);
        self.line(&format!("{} {v};", ty.c()));
        self.row_major_descriptor(&v, &info, &array);
        Ok(())
    }

    /// Fills descriptor `v` for a row-major array `base` of `info`'s
    /// static sizes that nothing owns (never freed).
    fn row_major_descriptor(&mut self, v: &str, info: &MemRefInfo, base: &str) {
        let mut stride = 1;
        for (k, n) in info.sizes.iter().enumerate().rev() {
            let n = n.unwrap_or(0);
            self.line(&format!("{v}.sizes[{k}] = {n};"));
            self.line(&format!("{v}.strides[{k}] = {stride};"));
            stride *= n;
        }
        self.line(&format!("{v}.owner = NULL;"));
        self.line(&format!("{v}.offset = 0;"));
        self.line(&format!("{v}.base = {base};"));
    }

    fn alloc(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let r = *d.results.first().ok_or_else(|| self.err(op, "no result"))?;
        let CType::MemRef { elem, rank } = self.ctype(op, r)? else {
            return Err(self.err(op, "allocation of a non-memref"));
        };
        let info = self.info(op, r)?;
        let dynamic = info.sizes.iter().filter(|s| s.is_none()).count();
        if d.operands.len() < dynamic {
            return Err(self.err(op, "missing dynamic size"));
        }
        let (layout, data) = match &info.alloc {
            AllocLayout::Identity => ("0", "NULL".to_string()),
            AllocLayout::Permutation(p) => ("1", int_array(p)),
            AllocLayout::Strided { strides, offset } => {
                let mut all = strides.clone();
                all.push(*offset);
                ("2", int_array(&all))
            }
            AllocLayout::Dynamic => {
                return Err(self.err(op, "cannot allocate a memref with dynamic strides"))
            }
        };
        let align = d
            .attr("alignment")
            .and_then(Attribute::as_int)
            .filter(|&a| a > 0 && a & (a - 1) == 0)
            .map_or(64, |a| a.max(64));
        let v = var(r);
        self.line(&format!("{} {v};", CType::MemRef { elem, rank }.c()));
        if let Some(count) = self.stack_array_len(op, d, r, &info) {
            // A small local array the C compiler may keep in registers.
            let e = elem.c();
            self.line(&format!(
                "{e} {v}_data[{count}] __attribute__((aligned({align})));"
            ));
            self.row_major_descriptor(&v, &info, &format!("{v}_data"));
            return Ok(());
        }
        let mut next = d.operands.iter();
        for (k, s) in info.sizes.iter().enumerate() {
            let size = match s {
                Some(n) => int_literal(*n),
                None => next.next().map(|&o| var(o)).unwrap_or_default(),
            };
            self.line(&format!("{v}.sizes[{k}] = {size};"));
        }
        let e = elem.c();
        self.line(&format!(
            "{v}.base = ({e} *)tm_alloc(ctx, &{v}.owner, {rank}, {v}.sizes, {v}.strides, &{v}.offset, {layout}, {data}, sizeof({e}), {align}, {}, {});",
            d.loc.line, d.loc.col
        ));
        Ok(())
    }

    /// The element count of a `memref.alloca` that can live in a C array
    /// on the stack: unchecked code (checks track every allocation), a
    /// static identity-laid-out shape of at most [`MAX_STACK_ARRAY_BYTES`],
    /// and a result used only as the memref of loads and stores in the
    /// allocating block, so it never outlives the array.
    fn stack_array_len(&self, op: OpId, d: &OpData, r: Value, info: &MemRefInfo) -> Option<i64> {
        if self.sh.checked
            || d.name != "memref.alloca"
            || !matches!(info.alloc, AllocLayout::Identity)
        {
            return None;
        }
        let count = info
            .sizes
            .iter()
            .try_fold(1i64, |acc, s| acc.checked_mul((*s)?))?;
        let bytes = count.checked_mul(i64::from(info.elem.container() / 8))?;
        if bytes > MAX_STACK_ARRAY_BYTES || count == 0 {
            return None;
        }
        let block = self.m.ops[op].parent?;
        let mut users = Vec::new();
        for &o in &self.m.blocks[block].ops {
            self.m.walk_from(o, &mut users);
        }
        let only_accessed = users.iter().all(|&u| {
            let ud = &self.m.ops[u];
            let at: Vec<usize> = (0..ud.operands.len())
                .filter(|&k| ud.operands[k] == r)
                .collect();
            match ud.name.as_str() {
                _ if at.is_empty() => true,
                "affine.load" | "memref.load" => at == [0],
                "affine.store" | "memref.store" => at == [1],
                _ => false,
            }
        });
        only_accessed.then_some(count)
    }

    /// A memref as a `tm_umr` expression, and its element type.
    fn erased(&mut self, op: OpId, v: Value) -> Result<(String, Prim)> {
        match self.ctype(op, v)? {
            CType::MemRef { elem, rank } if rank <= MAX_UNRANKED_RANK => Ok((
                format!("{}_erase({})", CType::MemRef { elem, rank }.c(), var(v)),
                elem,
            )),
            CType::Unranked(elem) => Ok((var(v), elem)),
            CType::MemRef { .. } => Err(self.err(
                op,
                format!("memrefs of rank above {MAX_UNRANKED_RANK} are not supported here"),
            )),
            _ => Err(self.err(op, "expected a memref")),
        }
    }

    /// In checked mode, verifies at run time that the descriptor `v` has
    /// what its new type states (sizes, strides, offset).
    fn cast_checks(&mut self, op: OpId, to: &MemRefInfo, from: Option<&MemRefInfo>, v: &str) {
        if !self.sh.checked {
            return;
        }
        let mut conds = Vec::new();
        for (k, s) in to.sizes.iter().enumerate() {
            if let Some(n) = s {
                if from.map_or(true, |f| f.sizes[k] != Some(*n)) {
                    conds.push(format!("{v}.sizes[{k}] == {}", int_literal(*n)));
                }
            }
        }
        for (k, s) in to.strides.iter().enumerate() {
            if let Some(n) = s {
                if from.map_or(true, |f| f.strides[k] != Some(*n)) {
                    conds.push(format!("{v}.strides[{k}] == {}", int_literal(*n)));
                }
            }
        }
        if let Some(o) = to.offset {
            if from.map_or(true, |f| f.offset != Some(o)) {
                conds.push(format!("{v}.offset == {}", int_literal(o)));
            }
        }
        if !conds.is_empty() {
            let loc = self.m.ops[op].loc;
            self.line(&format!(
                "tm_cast_check(ctx, {}, {}, {});",
                conds.join(" && "),
                loc.line,
                loc.col
            ));
        }
    }

    fn cast(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (Some(&src), Some(&r)) = (d.operands.first(), d.results.first()) else {
            return Err(self.err(op, "malformed memref.cast"));
        };
        let sty = self.ctype(op, src)?;
        let rty = self.ctype(op, r)?;
        let (s, v) = (var(src), var(r));
        match (&sty, &rty) {
            (CType::MemRef { .. }, CType::MemRef { .. }) if sty == rty => {
                let to = self.info(op, r)?;
                let from = self.info(op, src)?;
                self.line(&format!("const {} {v} = {s};", rty.c()));
                self.cast_checks(op, &to, Some(&from), &v);
            }
            (CType::MemRef { .. }, CType::Unranked(_)) => {
                let (e, _) = self.erased(op, src)?;
                self.line(&format!("const tm_umr {v} = {e};"));
            }
            (CType::Unranked(_), CType::MemRef { rank, .. }) if *rank <= MAX_UNRANKED_RANK => {
                let to = self.info(op, r)?;
                self.line(&format!(
                    "const {} {v} = {}_from(ctx, {s}, {}, {});",
                    rty.c(),
                    rty.c(),
                    d.loc.line,
                    d.loc.col
                ));
                self.cast_checks(op, &to, None, &v);
            }
            (CType::Unranked(_), CType::Unranked(_)) => {
                self.line(&format!("const tm_umr {v} = {s};"));
            }
            _ => return Err(self.err(op, "incompatible memref types")),
        }
        Ok(())
    }

    fn call(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let callee = match d.attr("callee") {
            Some(Attribute::SymbolRef(p)) => p.join("::"),
            _ => return Err(self.err(op, "missing callee")),
        };
        if PRINT_MEMREF.contains(&callee.as_str()) && d.operands.len() == 1 {
            let (e, elem) = self.erased(op, d.operands[0])?;
            self.line(&format!(
                "tm_print_memref(ctx, {e}, {}, {}, {});",
                elem.kind(),
                d.loc.line,
                d.loc.col
            ));
            return Ok(());
        }
        let decl = match self.sh.funcs.get(&callee) {
            Some(decl) if decl.defined => decl.clone(),
            Some(_) => {
                return Err(self.err(
                    op,
                    format!("call of external function '@{callee}', which has no body"),
                ))
            }
            None => return Err(self.err(op, format!("call of unknown function '@{callee}'"))),
        };
        let args: Vec<String> = std::iter::once("ctx".to_string())
            .chain(d.operands.iter().map(|&v| var(v)))
            .collect();
        let call = format!("{}({})", decl.c_name, args.join(", "));
        match d.results.as_slice() {
            [] => self.line(&format!("{call};")),
            [r] => {
                let ty = self.ctype(op, *r)?;
                self.line(&format!("const {} {} = {call};", ty.c(), var(*r)));
            }
            results => {
                let t = self.fresh("r");
                self.line(&format!("const {} {t} = {call};", decl.return_type()));
                for (i, &r) in results.iter().enumerate() {
                    let ty = self.ctype(op, r)?;
                    self.line(&format!("const {} {} = {t}.r{i};", ty.c(), var(r)));
                }
            }
        }
        Ok(())
    }

    /// `func.constant @f`: `@f`'s index among the module's functions.
    fn function_constant(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let (Some(&r), Some(Attribute::SymbolRef(p))) = (d.results.first(), d.attr("value")) else {
            return Err(self.err(op, "func.constant without a result or a function"));
        };
        let name = p.join("::");
        let index = self
            .m
            .functions()
            .iter()
            .position(|&f| self.m.function(&name) == Some(f))
            .ok_or_else(|| self.err(op, format!("reference to unknown function '@{name}'")))?;
        self.line(&format!("const int64_t {} = {index};", var(r)));
        Ok(())
    }

    /// `func.call_indirect`: a `switch` over the defined functions of the
    /// callee's type, by index; any other value faults.
    fn call_indirect(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let Some((&callee, args)) = d.operands.split_first() else {
            return Err(self.err(op, "call_indirect without a callee"));
        };
        let ty = Attribute::Type(self.m.value_type(callee).clone());
        let mut targets = Vec::new();
        for (index, f) in self.m.functions().into_iter().enumerate() {
            let name = match self.m.ops[f].attr("sym_name") {
                Some(Attribute::String(s)) => s.clone(),
                _ => continue,
            };
            match self.sh.funcs.get(&name) {
                Some(decl) if decl.defined && self.m.ops[f].attr("function_type") == Some(&ty) => {
                    targets.push((index, decl.clone()))
                }
                _ => {}
            }
        }
        let Some((_, first)) = targets.first() else {
            return Err(self.err(op, "no defined function has the callee's type"));
        };
        let return_type = first.return_type();
        let args: Vec<String> = std::iter::once("ctx".to_string())
            .chain(args.iter().map(|&v| var(v)))
            .collect();
        let t = self.fresh("r");
        if !d.results.is_empty() {
            self.line(&format!("{return_type} {t};"));
            self.line(&format!("memset(&{t}, 0, sizeof {t});"));
        }
        self.line(&format!("switch ({}) {{", var(callee)));
        for (index, decl) in &targets {
            let call = format!("{}({})", decl.c_name, args.join(", "));
            if d.results.is_empty() {
                self.line(&format!("case {index}: {call}; break;"));
            } else {
                self.line(&format!("case {index}: {t} = {call}; break;"));
            }
        }
        self.line(&format!(
            "default: tm_fault(ctx, {}, {}, \"call of an invalid function value\");",
            d.loc.line, d.loc.col
        ));
        self.line("}");
        match d.results.as_slice() {
            [] => {}
            [r] => {
                let rt = self.ctype(op, *r)?;
                self.line(&format!("const {} {} = {t};", rt.c(), var(*r)));
            }
            results => {
                for (i, &r) in results.iter().enumerate() {
                    let rt = self.ctype(op, r)?;
                    self.line(&format!("const {} {} = {t}.r{i};", rt.c(), var(r)));
                }
            }
        }
        Ok(())
    }

    fn print(&mut self, op: OpId, d: &OpData) -> Result<()> {
        let text = c_string_literal(tessera_ir::vector::print_text(self.m, op));
        let Some(&v) = d.operands.first() else {
            self.line(&format!("tm_print_text(ctx, {text});"));
            return Ok(());
        };
        let x = var(v);
        let suffix = text;
        let text = match self.ctype(op, v)? {
            CType::Scalar(p) if p.is_float() => {
                format!("tm_print_f64(ctx, (double){x}, {suffix});")
            }
            CType::Scalar(Prim::Int(1)) => format!("tm_print_i1(ctx, {x}, {suffix});"),
            CType::Scalar(_) => format!("tm_print_i64(ctx, (int64_t){x}, {suffix});"),
            CType::Vector { elem, .. } => {
                let shape = match self.m.value_type(v) {
                    tessera_ir::Type::Vector { shape, .. } => shape.clone(),
                    _ => Vec::new(),
                };
                let dims: Vec<String> = shape.iter().map(|n| n.to_string()).collect();
                format!(
                    "{{ static const int64_t shape[] = {{{}}}; tm_print_vector(ctx, {x}.e, shape, {}, {}, {suffix}); }}",
                    if dims.is_empty() { "1".to_string() } else { dims.join(", ") },
                    dims.len(),
                    elem.kind()
                )
            }
            _ => return Err(self.err(op, "only scalars and vectors can be printed")),
        };
        self.line(&text);
        Ok(())
    }
}

/// `(const int64_t[]){a, b, c}`.
fn int_array(values: &[i64]) -> String {
    let items: Vec<String> = values.iter().map(|&v| int_literal(v)).collect();
    format!("(const int64_t[]){{{}}}", items.join(", "))
}

/// The C types of a function's parameter or result types.
pub fn signature_types(types: &[Type]) -> std::result::Result<Vec<CType>, String> {
    types.iter().map(CType::of).collect()
}

/// The C label of a block of a function body: `bbN`, N its position.
fn label(m: &Module, b: BlockId) -> String {
    format!("bb{}", m.block_index(b).unwrap_or(0))
}

/// `text` as a C string literal (octal escapes for all but printable
/// ASCII, so no escape runs into the next character).
fn c_string_literal(text: &str) -> String {
    let mut out = String::from("\"");
    for b in text.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            b' '..=b'~' if b != b'?' => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
    }
    out.push('"');
    out
}
