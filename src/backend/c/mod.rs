//! Lowering of a verified module to C99 source.
//!
//! The output is one self-contained translation unit: the runtime
//! (`runtime.c`: context, memref descriptors, helpers), the struct types
//! the module needs, every function with a body as a `static` C function
//! `tf_<name>(tm_ctx *ctx, ...)`, and for every function Rust can call an
//! exported entry point `tessera_call_<name>(ctx, args, results)` that
//! catches faults with `setjmp`. See [`crate::backend`] for the mapping of
//! types and the semantic choices.
//!
//! ```
//! use tessera::backend::{emit_c, EmitOptions};
//! let m = tessera::ir::parse_and_verify(
//!     "k.mlir",
//!     "func.func @scale(%A: memref<8xf32>, %s: f32) {\n  affine.for %i = 0 to 8 {\n    %a = affine.load %A[%i] : memref<8xf32>\n    %p = arith.mulf %a, %s : f32\n    affine.store %p, %A[%i] : memref<8xf32>\n  }\n  return\n}\n",
//! )?;
//! let c = emit_c(&m, &EmitOptions { checks: false, ..EmitOptions::default() })?;
//! assert!(c.contains("static void tf_scale(tm_ctx *ctx, tm_mr_f32_1 v0, float v1)"));
//! assert!(c.contains("const float v4 = v3 * v1; /* k.mlir:4:10 */"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod affine;
pub(crate) mod arith;
pub(crate) mod func;
pub(crate) mod types;

use std::collections::HashMap;
use std::fmt::Write;

use tessera_ir::{Attribute, Diagnostic, Module, Type};
use tessera_transforms::passes::contract_multiply_adds;

use super::signature::{HostSignature, ParamType, ScalarType};
use super::BackendError;
use func::{signature_types, FnEmitter, FuncDecl, Shared, MAX_UNRANKED_RANK};
use types::{CType, Prim};

/// The runtime every generated file starts with.
const RUNTIME: &str = include_str!("runtime.c");

/// How to translate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmitOptions {
    /// Check every subscript against the memref's sizes, accesses and
    /// deallocations against use after free, and the call depth; a failed
    /// check is a run-time fault with the op's location (as in the
    /// interpreter). Without checks the generated code trusts the program.
    pub checks: bool,
    /// Emit `#pragma omp parallel for collapse(n)` (with declared
    /// reductions) on outermost `affine.parallel` loops; compile with
    /// `-fopenmp` to use them.
    pub openmp: bool,
    /// Fuse every float multiply feeding an add into one `fma` call (the
    /// module's multiply-adds contracted first:
    /// [`tessera_transforms::passes::contract_multiply_adds`]) — the
    /// explicit form of `-ffp-contract=fast`, the same whatever the C
    /// compiler's flags: faster, but results differ from the program's in
    /// their last bits.
    pub fp_contract: bool,
}

impl Default for EmitOptions {
    /// Checked, sequential code.
    fn default() -> Self {
        EmitOptions {
            checks: true,
            openmp: false,
            fp_contract: false,
        }
    }
}

/// One function of a translated module.
#[derive(Clone, Debug)]
pub struct CFunction {
    /// The MLIR symbol name.
    pub name: String,
    /// The exported entry point (`tessera_call_<mangled>`).
    pub entry: String,
    /// How Rust calls it, or why it cannot.
    pub signature: Result<HostSignature, String>,
}

/// A translated module: the C source and its callable functions.
#[derive(Clone, Debug)]
pub struct CModule {
    /// The C99 translation unit.
    pub source: String,
    /// Every function with a body, in module order.
    pub functions: Vec<CFunction>,
    /// Whether the code checks subscripts at run time.
    pub checked: bool,
    /// Whether the code has OpenMP pragmas.
    pub openmp: bool,
}

/// Turns an MLIR symbol into a C identifier fragment, injectively:
/// letters and digits stay, `_` becomes `__`, any other byte `_xx` (hex).
///
/// ```
/// assert_eq!(tessera::backend::c::mangle("main"), "main");
/// assert_eq!(tessera::backend::c::mangle("a_b.c"), "a__b_2ec");
/// ```
pub fn mangle(symbol: &str) -> String {
    let mut out = String::new();
    for b in symbol.bytes() {
        match b {
            b'_' => out.push_str("__"),
            b if b.is_ascii_alphanumeric() => out.push(b as char),
            b => {
                let _ = write!(out, "_{b:02x}");
            }
        }
    }
    out
}

/// The C source of `m` (see [`translate`]).
pub fn emit_c(m: &Module, opts: &EmitOptions) -> Result<String, BackendError> {
    translate(m, opts).map(|c| c.source)
}

fn function_type(m: &Module, f: tessera_ir::OpId) -> (Vec<Type>, Vec<Type>) {
    match m.ops[f].attr("function_type") {
        Some(Attribute::Type(Type::Function { inputs, results })) => {
            (inputs.clone(), results.clone())
        }
        _ => (Vec::new(), Vec::new()),
    }
}

fn symbol(m: &Module, f: tessera_ir::OpId) -> String {
    match m.ops[f].attr("sym_name") {
        Some(Attribute::String(s)) => s.clone(),
        _ => String::new(),
    }
}

/// Translates every function with a body. Fails on the first op, type or
/// layout the C back end does not support, naming it and its location.
pub fn translate(m: &Module, opts: &EmitOptions) -> Result<CModule, BackendError> {
    if opts.fp_contract {
        let mut contracted = m.clone();
        contract_multiply_adds(&mut contracted);
        return translate_module(&contracted, opts);
    }
    translate_module(m, opts)
}

fn translate_module(m: &Module, opts: &EmitOptions) -> Result<CModule, BackendError> {
    let mut sh = Shared {
        file: m.file.replace("*/", "* /"),
        checked: opts.checks,
        openmp: opts.openmp,
        types: Default::default(),
        reductions: Default::default(),
        funcs: HashMap::new(),
        globals: HashMap::new(),
    };
    let globals = global_arrays(m);
    for (name, array, _) in &globals {
        sh.globals.insert(name.clone(), array.clone());
    }
    let funcs = m.functions();
    for &f in &funcs {
        let name = symbol(m, f);
        let (inputs, results) = function_type(m, f);
        let mangled = mangle(&name);
        let defined = m.ops[f]
            .regions
            .first()
            .is_some_and(|&r| !m.regions[r].blocks.is_empty());
        sh.funcs.insert(
            name,
            FuncDecl {
                c_name: format!("tf_{mangled}"),
                mangled,
                params: signature_types(&inputs),
                results: signature_types(&results),
                defined,
            },
        );
    }
    let mut bodies = Vec::new();
    let mut functions = Vec::new();
    for &f in &funcs {
        let name = symbol(m, f);
        let decl = sh.funcs[&name].clone();
        if !decl.defined {
            continue;
        }
        let unsupported = |e: String| {
            BackendError::Unsupported(
                Diagnostic::new(
                    &m.file,
                    "",
                    m.ops[f].loc,
                    format!("cannot translate '@{name}' to C: {e}"),
                )
                .written_in(m),
            )
        };
        let params = decl.params.clone().map_err(unsupported)?;
        let results = decl.results.clone().map_err(unsupported)?;
        for t in params.iter().chain(&results) {
            sh.use_type(t);
        }
        bodies.push((decl.clone(), FnEmitter::new(m, &mut sh).function(f, &decl)?));
        let (inputs, result_types) = function_type(m, f);
        functions.push(CFunction {
            entry: format!("tessera_call_{}", decl.mangled),
            name,
            signature: HostSignature::of(&inputs, &result_types),
        });
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/* Generated by tessera from {} (checks {}, OpenMP {}{}). C99; compile with -ffp-contract=off. */",
        sh.file,
        if opts.checks { "on" } else { "off" },
        if opts.openmp { "on" } else { "off" },
        if opts.fp_contract {
            "; multiply-adds fused into fma calls: results not bit-exact"
        } else {
            ""
        }
    );
    let _ = writeln!(out, "#define TM_CHECKED {}", i32::from(opts.checks));
    out.push_str(RUNTIME);
    out.push_str("\n/* ---- types ---- */\n");
    for ty in &sh.types {
        type_definition(&mut out, ty);
    }
    for (decl, _) in &bodies {
        if let Ok(results) = &decl.results {
            if results.len() > 1 {
                let fields: Vec<String> = results
                    .iter()
                    .enumerate()
                    .map(|(i, t)| format!("{} r{i};", t.c()))
                    .collect();
                let _ = writeln!(
                    out,
                    "typedef struct {{ {} }} {};",
                    fields.join(" "),
                    decl.return_type()
                );
            }
        }
    }
    if !sh.reductions.is_empty() {
        out.push_str("\n/* ---- reductions ---- */\n");
    }
    for ((kind, p), (identity, combine)) in &sh.reductions {
        let (t, key) = (p.c(), p.key());
        let _ = writeln!(
            out,
            "static inline {t} tm_red_{kind}_{key}({t} a, {t} b) {{ return {combine}; }}"
        );
        if opts.openmp {
            let _ = writeln!(
                out,
                "#ifdef _OPENMP\n#pragma omp declare reduction(tm_omp_{kind}_{key} : {t} : omp_out = tm_red_{kind}_{key}(omp_out, omp_in)) initializer(omp_priv = {identity})\n#endif"
            );
        }
    }
    if !globals.is_empty() {
        out.push_str("\n/* ---- globals ---- */\n");
    }
    for (_, _, definition) in &globals {
        out.push_str(definition);
        out.push('\n');
    }
    out.push_str("\n/* ---- functions ---- */\n");
    for (decl, _) in &bodies {
        let params: Vec<String> = std::iter::once("tm_ctx *ctx".to_string())
            .chain(decl.params.iter().flatten().map(CType::c))
            .collect();
        let _ = writeln!(
            out,
            "static {} {}({});",
            decl.return_type(),
            decl.c_name,
            params.join(", ")
        );
    }
    for (_, body) in &bodies {
        out.push('\n');
        out.push_str(body);
    }
    out.push_str("\n/* ---- entry points ---- */\n");
    for ((decl, _), f) in bodies.iter().zip(&functions) {
        if let Ok(sig) = &f.signature {
            entry_point(&mut out, decl, f, sig);
        }
    }
    Ok(CModule {
        source: out,
        functions,
        checked: opts.checks,
        openmp: opts.openmp,
    })
}

/// The most elements of a `memref.global` the back end writes out.
const MAX_GLOBAL_ELEMENTS: usize = 1 << 24;

/// The static array of each `memref.global` the back end can hold (an
/// identity layout of a scalar type, static shape): (symbol, array name,
/// definition). A global without initial value is zeroed, as C's static
/// storage is.
fn global_arrays(m: &Module) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for &g in &m.blocks[m.body()].ops {
        let d = &m.ops[g];
        if d.name != "memref.global" {
            continue;
        }
        let (Some(Attribute::String(name)), Some(Attribute::Type(ty))) =
            (d.attr("sym_name"), d.attr("type"))
        else {
            continue;
        };
        let Type::MemRef {
            shape,
            elem,
            layout: None,
            ..
        } = ty
        else {
            continue;
        };
        let Ok(prim) = Prim::of(elem) else {
            continue;
        };
        let Some(count) = shape
            .iter()
            .try_fold(1usize, |acc, &n| acc.checked_mul(usize::try_from(n).ok()?))
            .filter(|&c| c <= MAX_GLOBAL_ELEMENTS)
        else {
            continue;
        };
        let items: Option<Vec<String>> = match d.attr("initial_value") {
            Some(Attribute::DenseInt { values, .. }) => Some(
                values
                    .iter()
                    .map(|&v| arith::int_constant(v, prim))
                    .collect(),
            ),
            Some(Attribute::DenseFloat { values, .. }) => Some(
                values
                    .iter()
                    .map(|&v| arith::float_literal(v, prim == Prim::F32))
                    .collect(),
            ),
            // Elements in a resource blob, which tessera does not read: the
            // global is not translated, nor what uses it.
            Some(Attribute::DenseResource { .. }) => continue,
            _ => None,
        };
        let init = match items {
            Some(items) if items.len() == count => format!(" = {{{}}}", items.join(", ")),
            Some(items) if items.len() == 1 => {
                format!(" = {{{}}}", vec![items[0].as_str(); count].join(", "))
            }
            Some(_) => continue,
            None => String::new(),
        };
        let array = format!("tg_{}", mangle(name));
        let definition = format!(
            "static {} {array}[{}] __attribute__((aligned(64))){init};",
            prim.c(),
            count.max(1)
        );
        out.push((name.clone(), array, definition));
    }
    out
}

/// The struct (and conversion helpers) of a memref or vector type.
fn type_definition(out: &mut String, ty: &CType) {
    match ty {
        CType::Vector { elem, lanes } => {
            let _ = writeln!(
                out,
                "typedef struct {{ {} e[{lanes}]; }} {};",
                elem.c(),
                ty.c()
            );
        }
        CType::MemRef { elem, rank } => {
            let (s, e, r) = (ty.c(), elem.c(), *rank);
            let n = r.max(1);
            let _ = writeln!(
                out,
                "typedef struct {{\n  tm_block *owner;\n  {e} *base;\n  int64_t offset;\n  int64_t sizes[{n}];\n  int64_t strides[{n}];\n}} {s};"
            );
            let copy = |out: &mut String, from: &str| {
                let _ = writeln!(
                    out,
                    "  for (k = 0; k < {r}; k++) {{\n    m.sizes[k] = {from}sizes[k];\n    m.strides[k] = {from}strides[k];\n  }}"
                );
            };
            let _ = writeln!(
                out,
                "static {s} {s}_host(const void *p) {{\n  const tm_host_memref *h = (const tm_host_memref *)p;\n  {s} m;\n  int64_t k;\n  memset(&m, 0, sizeof m);\n  m.base = ({e} *)h->base;\n  m.offset = h->offset;"
            );
            copy(out, "h->");
            out.push_str("  return m;\n}\n");
            if r <= MAX_UNRANKED_RANK {
                let _ = writeln!(
                    out,
                    "static tm_umr {s}_erase({s} m) {{\n  tm_umr u;\n  int64_t k;\n  memset(&u, 0, sizeof u);\n  u.owner = m.owner;\n  u.base = (void *)m.base;\n  u.offset = m.offset;\n  u.rank = {r};\n  for (k = 0; k < {r}; k++) {{\n    u.sizes[k] = m.sizes[k];\n    u.strides[k] = m.strides[k];\n  }}\n  return u;\n}}"
                );
                let _ = writeln!(
                    out,
                    "static {s} {s}_from(tm_ctx *ctx, tm_umr u, int line, int col) {{\n  {s} m;\n  int64_t k;\n  memset(&m, 0, sizeof m);\n  if (u.rank != {r}) {{\n    tm_fault(ctx, line, col, \"memref.cast of a rank-%\" PRId64 \" memref to rank {r}\", u.rank);\n    return m;\n  }}\n  m.owner = u.owner;\n  m.base = ({e} *)u.base;\n  m.offset = u.offset;"
                );
                copy(out, "u.");
                out.push_str("  return m;\n}\n");
            }
        }
        _ => {}
    }
}

/// The exported wrapper: unpacks the host's arguments, calls the function
/// under `setjmp`, stores the results, frees what the program allocated.
fn entry_point(out: &mut String, decl: &FuncDecl, f: &CFunction, sig: &HostSignature) {
    let mut args = vec!["ctx".to_string()];
    for (i, (p, t)) in sig
        .params
        .iter()
        .zip(decl.params.iter().flatten())
        .enumerate()
    {
        args.push(match (p, t) {
            (ParamType::MemRef(_), _) => format!("{}_host(args[{i}])", t.c()),
            (ParamType::Scalar(ScalarType::F32), _) => format!("(float)*(const double *)args[{i}]"),
            (ParamType::Scalar(ScalarType::F64), _) => format!("*(const double *)args[{i}]"),
            (ParamType::Scalar(ScalarType::Int { width }), _) => format!(
                "({})tm_sext((uint64_t)*(const int64_t *)args[{i}], {width})",
                t.c()
            ),
        });
    }
    let call = format!("{}({})", decl.c_name, args.join(", "));
    let store = |i: usize, value: &str, ty: &ScalarType| match ty {
        ScalarType::Int { .. } => format!("    *(int64_t *)res[{i}] = (int64_t){value};\n"),
        _ => format!("    *(double *)res[{i}] = (double){value};\n"),
    };
    let mut body = String::new();
    match sig.results.as_slice() {
        [] => {
            let _ = writeln!(body, "    {call};");
        }
        [one] => {
            let _ = writeln!(body, "    const {} r = {call};", decl.return_type());
            body.push_str(&store(0, "r", one));
        }
        many => {
            let _ = writeln!(body, "    const {} r = {call};", decl.return_type());
            for (i, ty) in many.iter().enumerate() {
                body.push_str(&store(i, &format!("r.r{i}"), ty));
            }
        }
    }
    let _ = writeln!(
        out,
        "int {}(tm_ctx *ctx, void *const *args, void *const *res) {{\n  (void)args;\n  (void)res;\n  if (setjmp(ctx->unwind)) {{\n    tm_release(ctx);\n    return 1;\n  }}\n  ctx->failed = 0;\n  ctx->depth = 0;\n  {{\n{body}  }}\n  tm_release(ctx);\n  return ctx->failed;\n}}",
        f.entry
    );
}
