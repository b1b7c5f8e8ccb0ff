//! Custom syntax of the known operations: parsing into the generic
//! representation (operands, results, inherent attributes, regions) and the
//! list of each op's inherent attributes. Printing lives in
//! [`crate::printer`].

use tessera_affine::{AffineExpr, AffineMap, IntegerSet};

use crate::attr::Attribute;
use crate::ir::{
    set_named, BlockId, Location, Module, NamedAttr, OpId, RegionData, RegionId, Value,
};
use crate::parser::{ArgDef, OpState, PResult, Parser};
use crate::types::Type;

mod registered_ops;
mod tensor;
mod vector;
mod views;

pub use registered_ops::{DIALECTS_ALLOWING_UNKNOWN_OPS, OPERAND_SEGMENTS, REGISTERED_OPS};
pub use tensor::{tensor_of, TENSOR_OPS};
pub use views::VIEW_SYNTAX_OPS;

/// Binary `arith` ops whose operands and result share one type.
pub const ARITH_BINARY: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
    "arith.floordivsi",
    "arith.ceildivsi",
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.remf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.ceildivui",
    "arith.maxsi",
    "arith.minsi",
    "arith.maxui",
    "arith.minui",
    "arith.shli",
    "arith.shrsi",
    "arith.shrui",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "math.powf",
    "math.copysign",
    "math.atan2",
];

/// The `arith` ops of two integers with two results: `addui_extended`
/// (the sum and an `i1` carry), `mulsi_extended` and `mului_extended` (the
/// low and high halves of the double-width product).
pub const ARITH_EXTENDED: &[&str] = &[
    "arith.addui_extended",
    "arith.mulsi_extended",
    "arith.mului_extended",
];

/// The `math` ops of three float operands: `math.fma %a, %b, %c` is
/// `a * b + c` with one rounding.
pub const MATH_TERNARY: &[&str] = &["math.fma"];

/// The `math` ops of one integer operand.
pub const MATH_INT_UNARY: &[&str] = &["math.absi", "math.ctlz", "math.cttz", "math.ctpop"];

/// The `math` ops of one float operand (MLIR 19's that
/// `--convert-math-to-llvm` lowers to an LLVM intrinsic or libm call, and
/// those `--convert-math-to-libm` lowers to a libm call the interpreter
/// makes too).
pub const MATH_UNARY: &[&str] = &[
    "math.sqrt",
    "math.rsqrt",
    "math.absf",
    "math.ceil",
    "math.floor",
    "math.round",
    "math.roundeven",
    "math.trunc",
    "math.exp",
    "math.exp2",
    "math.log",
    "math.log2",
    "math.log10",
    "math.sin",
    "math.cos",
    "math.tan",
    "math.tanh",
    "math.sinh",
    "math.cosh",
    "math.asin",
    "math.acos",
    "math.atan",
    "math.expm1",
    "math.log1p",
    "math.acosh",
    "math.asinh",
    "math.atanh",
    "math.cbrt",
    "math.erf",
];

/// `arith` casts written `%x : T1 to T2`.
pub const ARITH_CASTS: &[&str] = &[
    "arith.index_cast",
    "arith.sitofp",
    "arith.fptosi",
    "arith.extf",
    "arith.truncf",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.index_castui",
    "arith.uitofp",
    "arith.fptoui",
    "arith.bitcast",
];

/// `arith.cmpi` predicates, in enum order.
pub const CMPI_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// `arith.cmpf` predicates, in enum order.
pub const CMPF_PREDICATES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// `affine.parallel` reduction kinds (MLIR's `AtomicRMWKind`), in enum order.
pub const REDUCTION_KINDS: &[&str] = &[
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf",
    "muli", "ori", "andi", "maxnumf", "minnumf",
];

/// `arith` ops with float semantics that carry a `fastmath` property
/// (the float `math` ops do too: [`has_fastmath`]).
/// The dialects mlir-opt 19 registers (`mlir-opt --show-dialects`), in
/// the order its "Registered dialects" note lists them: a custom op of one
/// of them that tessera does not know is "unknown", one of any other
/// dialect names a dialect "not found"; an op of any other dialect needs
/// `-allow-unregistered-dialect`.
pub const REGISTERED_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "sparse_tensor",
    "spirv",
    "tensor",
    "test",
    "test_dyn",
    "tosa",
    "transform",
    "ub",
    "vector",
    "x86vector",
    "xegpu",
];

/// The dialect of `name` when mlir-opt 19 registers that dialect, does
/// not let it hold unknown ops, and does not know `name`: the op is then
/// "unregistered operation ... found in dialect (...) that does not allow
/// unknown operations", even with `-allow-unregistered-dialect`.
///
/// ```
/// use tessera_ir::syntax::unknown_op_dialect;
/// assert_eq!(unknown_op_dialect("arith.foo"), Some("arith"));
/// assert_eq!(unknown_op_dialect("arith.addi"), None);
/// assert_eq!(unknown_op_dialect("test.foo"), None); // allows unknown ops
/// assert_eq!(unknown_op_dialect("foo.bar"), None); // not registered
/// ```
pub fn unknown_op_dialect(name: &str) -> Option<&str> {
    let dialect = name.split_once('.').map_or("", |(d, _)| d);
    let strict =
        REGISTERED_DIALECTS.contains(&dialect) && !DIALECTS_ALLOWING_UNKNOWN_OPS.contains(&dialect);
    (strict && registered_op(name).is_none()).then_some(dialect)
}

/// How many regions, results or operands an op may have: MLIR's count
/// traits (`ZeroRegions`, `OneResult`, `NOperands<2>`,
/// `AtLeastNOperands<1>`, or a variadic list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Exactly(usize),
    /// This many or more.
    AtLeast(usize),
    /// Any number.
    Any,
}

/// The entry of `name` in MLIR 19's op list, `None` when mlir-opt 19
/// registers no such op: its regions, results and operands (`None` where
/// they are not known).
///
/// ```
/// use tessera_ir::syntax::{registered_op, Count};
/// assert_eq!(
///     registered_op("arith.addi"),
///     Some(Some([Count::Exactly(0), Count::Exactly(1), Count::Exactly(2)]))
/// );
/// assert_eq!(registered_op("arith.foo"), None);
/// ```
pub fn registered_op(name: &str) -> Option<Option<[Count; 3]>> {
    REGISTERED_OPS
        .binary_search_by_key(&name, |&(op, _)| op)
        .ok()
        .map(|i| REGISTERED_OPS[i].1)
}

/// How many operand segments a registered op with MLIR's
/// `AttrSizedOperandSegments` trait has (the length of its
/// `operandSegmentSizes`); `None` for other ops.
///
/// ```
/// use tessera_ir::syntax::operand_segments;
/// assert_eq!(operand_segments("memref.alloc"), Some(2));
/// assert_eq!(operand_segments("cf.cond_br"), Some(3));
/// assert_eq!(operand_segments("memref.load"), None);
/// ```
pub fn operand_segments(name: &str) -> Option<usize> {
    OPERAND_SEGMENTS
        .binary_search_by_key(&name, |&(op, _)| op)
        .ok()
        .map(|i| OPERAND_SEGMENTS[i].1)
}

/// Why `sizes` cannot be the `operandSegmentSizes` property of the op
/// `name`, in the words of mlir-opt 19's property conversion: not an
/// `array<i32: ...>`, or not one size per operand segment. `None` when it
/// fits, or when the op has no operand segments.
///
/// ```
/// use tessera_ir::{syntax::segment_sizes_error, Attribute, Type};
/// let sizes = Attribute::DenseArray { elem: Type::Integer(32), values: vec![1] };
/// assert_eq!(
///     segment_sizes_error("memref.alloc", &sizes).as_deref(),
///     Some("size mismatch in attribute conversion: 1 vs 2")
/// );
/// ```
pub fn segment_sizes_error(name: &str, sizes: &Attribute) -> Option<String> {
    let segments = operand_segments(name)?;
    match sizes {
        Attribute::DenseArray {
            elem: Type::Integer(32),
            values,
        } => (values.len() != segments).then(|| {
            format!(
                "size mismatch in attribute conversion: {} vs {segments}",
                values.len()
            )
        }),
        _ => Some("expected DenseI32ArrayAttr for key `value`".to_string()),
    }
}

const FASTMATH_OPS: &[&str] = &[
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.remf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.negf",
    "arith.cmpf",
];

/// Whether the op carries a `fastmath` property: the float `arith` ops
/// and the float `math` functions.
fn has_fastmath(name: &str) -> bool {
    FASTMATH_OPS.contains(&name)
        || MATH_UNARY.contains(&name)
        || matches!(
            name,
            "math.powf" | "math.copysign" | "math.atan2" | "math.fma" | "vector.reduction"
        )
}

/// `arith.fastmath`'s flags in enum order (`fast` is all of them).
const FASTMATH_FLAGS: &[&str] = &["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];

/// `arith.overflow`'s flags in enum order.
const OVERFLOW_FLAGS: &[&str] = &["nsw", "nuw"];

/// The attribute `#arith.fastmath<flags>` or `#arith.overflow<flags>`
/// (`dialect` without the `#`) normalised as the parser stores it (enum
/// order, all fast-math flags as `fast`), or the index of the first flag
/// that is none of the enum's with mlir-opt's message.
pub(crate) fn flags_attribute(dialect: &str, flags: &[&str]) -> Result<Attribute, (usize, String)> {
    let (known, enum_name, separator, extra) = match dialect {
        "arith.fastmath" => (FASTMATH_FLAGS, "FastMathFlags", ",", ", fast"),
        _ => (OVERFLOW_FLAGS, "IntegerOverflowFlags", ", ", ""),
    };
    let mut set = vec![false; known.len()];
    for (i, f) in flags.iter().enumerate() {
        match *f {
            "none" => {}
            "fast" if dialect == "arith.fastmath" => set.iter_mut().for_each(|b| *b = true),
            f => match known.iter().position(|k| *k == f) {
                Some(k) => set[k] = true,
                None => {
                    return Err((
                        i,
                        format!(
                            "expected ::mlir::arith::{enum_name} to be one of: none, {}{extra}",
                            known.join(", ")
                        ),
                    ))
                }
            },
        }
    }
    let on: Vec<&str> = known
        .iter()
        .zip(&set)
        .filter(|(_, &b)| b)
        .map(|(k, _)| *k)
        .collect();
    let text = if on.is_empty() {
        "none".to_string()
    } else if dialect == "arith.fastmath" && on.len() == known.len() {
        "fast".to_string()
    } else {
        on.join(separator)
    };
    Ok(Attribute::Opaque(format!("{dialect}<{text}>")))
}

/// The custom form's `fastmath<...>` or `overflow<...>` after an op's
/// operands, when the op has the property and the keyword is there: the
/// flags normalised as MLIR prints them (enum order, all fast-math flags
/// as `fast`), stored as the property's attribute.
fn opt_flags(p: &mut Parser<'_>, name: &str, props: &mut Vec<NamedAttr>) -> PResult<()> {
    let (keyword, prop, dialect) = if has_fastmath(name) {
        ("fastmath", "fastmath", "arith.fastmath")
    } else if OVERFLOW_OPS.contains(&name) {
        ("overflow", "overflowFlags", "arith.overflow")
    } else {
        return Ok(());
    };
    if !p.eat_keyword(keyword) {
        return Ok(());
    }
    let (flags, starts) = p.flag_list()?;
    let attr = flags_attribute(dialect, &flags)
        .map_err(|(i, message)| p.error_at(starts[i], format!("custom op '{name}' {message}")))?;
    props.push((prop.into(), attr));
    Ok(())
}

/// The flags text of an op's `fastmath` or `overflowFlags` property, as the
/// custom form prints it after the operands (`fastmath<fast>`), or `None`
/// when there are none.
pub fn flags_text(props: &[NamedAttr]) -> Option<String> {
    props.iter().find_map(|(n, a)| {
        let (keyword, dialect) = match n.as_str() {
            "fastmath" => ("fastmath", "arith.fastmath<"),
            "overflowFlags" => ("overflow", "arith.overflow<"),
            _ => return None,
        };
        let Attribute::Opaque(text) = a else {
            return None;
        };
        let flags = text.strip_prefix(dialect)?.strip_suffix('>')?;
        (flags != "none").then(|| format!("{keyword}<{flags}>"))
    })
}

/// The fast-math flags of an op's `fastmath` property in enum order
/// (`fast` spelled out); empty when it has none.
///
/// ```
/// use tessera_ir::syntax::{fastmath_attr, fastmath_flags};
/// let props = vec![("fastmath".to_string(), fastmath_attr(&["contract", "nnan"]))];
/// assert_eq!(fastmath_flags(&props), ["nnan", "contract"]);
/// ```
pub fn fastmath_flags(props: &[NamedAttr]) -> Vec<&'static str> {
    let text = props.iter().find_map(|(n, a)| match a {
        Attribute::Opaque(text) if n == "fastmath" => text
            .strip_prefix("arith.fastmath<")
            .and_then(|t| t.strip_suffix('>')),
        _ => None,
    });
    let Some(text) = text else {
        return Vec::new();
    };
    if text == "fast" {
        return FASTMATH_FLAGS.to_vec();
    }
    let given: Vec<&str> = text.split(',').map(str::trim).collect();
    FASTMATH_FLAGS
        .iter()
        .copied()
        .filter(|f| given.contains(f))
        .collect()
}

/// The `fastmath` property's attribute holding `flags`, normalised as the
/// parser stores it (enum order; all of them as `fast`, none as `none`).
pub fn fastmath_attr(flags: &[&str]) -> Attribute {
    let set: Vec<&str> = FASTMATH_FLAGS
        .iter()
        .copied()
        .filter(|f| flags.contains(f))
        .collect();
    let text = match set.len() {
        0 => "none".to_string(),
        n if n == FASTMATH_FLAGS.len() => "fast".to_string(),
        _ => set.join(","),
    };
    Attribute::Opaque(format!("arith.fastmath<{text}>"))
}

/// Ops that carry integer `overflowFlags`.
const OVERFLOW_OPS: &[&str] = &["arith.addi", "arith.subi", "arith.muli", "arith.shli"];

/// The inherent attribute names of a known op (printed `<{...}>` in the
/// generic form), or `None` for ops we do not know.
pub fn inherent_attrs(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "builtin.module" => &["sym_name", "sym_visibility"],
        "func.func" => &[
            "arg_attrs",
            "function_type",
            "res_attrs",
            "sym_name",
            "sym_visibility",
        ],
        "func.call" => &["callee"],
        "func.constant" => &["value"],
        "func.call_indirect" => &[],
        "cf.br" => &[],
        "cf.cond_br" => &["operandSegmentSizes"],
        "cf.switch" => &[
            "case_operand_segments",
            "case_values",
            "operandSegmentSizes",
        ],
        "cf.assert" => &["msg"],
        "affine.for" => &[
            "lowerBoundMap",
            "operandSegmentSizes",
            "step",
            "upperBoundMap",
        ],
        "affine.load"
        | "affine.store"
        | "affine.apply"
        | "affine.min"
        | "affine.max"
        | "affine.vector_load"
        | "affine.vector_store" => &["map"],
        "affine.parallel" => &[
            "lowerBoundsGroups",
            "lowerBoundsMap",
            "reductions",
            "steps",
            "upperBoundsGroups",
            "upperBoundsMap",
        ],
        "arith.constant" => &["value"],
        "arith.cmpi" => &["predicate"],
        "arith.cmpf" => &["fastmath", "predicate"],
        "memref.alloc" | "memref.alloca" => &["alignment", "operandSegmentSizes"],
        "memref.global" => &[
            "alignment",
            "constant",
            "initial_value",
            "sym_name",
            "sym_visibility",
            "type",
        ],
        "memref.get_global" => &["name"],
        "memref.prefetch" => &["isDataCache", "isWrite", "localityHint"],
        "affine.prefetch" => &["isDataCache", "isWrite", "localityHint", "map"],
        "memref.load" | "memref.store" => &["nontemporal"],
        "scf.parallel" => &["operandSegmentSizes"],
        "vector.print" => &["punctuation", "stringLiteral"],
        "vector.transfer_read" | "vector.transfer_write" => {
            &["in_bounds", "operandSegmentSizes", "permutation_map"]
        }
        "vector.load" | "vector.store" => &["nontemporal"],
        "vector.reduction" => &["fastmath", "kind"],
        "vector.extract" | "vector.insert" => &["static_position"],
        "vector.constant_mask" => &["mask_dim_sizes"],
        "memref.subview" | "memref.reinterpret_cast" => &[
            "operandSegmentSizes",
            "static_offsets",
            "static_sizes",
            "static_strides",
        ],
        "memref.expand_shape" => &["reassociation", "static_output_shape"],
        "memref.collapse_shape" => &["reassociation"],
        "memref.transpose" => &["permutation"],
        "bufferization.to_tensor" => &["restrict", "writable"],
        "bufferization.to_memref" => &["read_only"],
        "tensor.empty" | "tensor.extract" | "tensor.insert" | "tensor.cast" | "tensor.dim"
        | "tensor.generate" | "tensor.yield" => &[],
        "memref.view"
        | "memref.reshape"
        | "memref.alloca_scope"
        | "memref.alloca_scope.return"
        | "scf.execute_region" => &[],
        "vector.broadcast"
        | "vector.splat"
        | "vector.create_mask"
        | "vector.fma"
        | "vector.extractelement"
        | "vector.insertelement" => &[],
        n if has_fastmath(n) => &["fastmath"],
        n if OVERFLOW_OPS.contains(&n) => &["overflowFlags"],
        "func.return"
        | "affine.if"
        | "affine.yield"
        | "affine.delinearize_index"
        | "memref.dealloc"
        | "memref.dma_start"
        | "memref.dma_wait"
        | "affine.dma_start"
        | "affine.dma_wait"
        | "memref.dim"
        | "memref.cast"
        | "memref.copy"
        | "scf.for"
        | "scf.if"
        | "scf.yield"
        | "scf.reduce"
        | "scf.reduce.return"
        | "scf.while"
        | "scf.condition"
        | "arith.select"
        | "math.absi"
        | "math.ctlz"
        | "math.cttz"
        | "math.ctpop" => &[],
        n if ARITH_BINARY.contains(&n)
            || ARITH_CASTS.contains(&n)
            || MATH_TERNARY.contains(&n)
            || ARITH_EXTENDED.contains(&n) =>
        {
            &[]
        }
        _ => return None,
    })
}

/// Is `name` an op whose custom syntax we know?
pub fn is_known(name: &str) -> bool {
    inherent_attrs(name).is_some()
}

/// Moves inherent attributes given in a known op's discardable dictionary
/// (as the generic form allows) into its properties, and adds the default
/// properties MLIR materialises (`fastmath`, `overflowFlags`,
/// `punctuation`).
///
/// As in MLIR, a property given in `<{...}>` wins over the same name in
/// the dictionary, and an `operandSegmentSizes` in the dictionary that
/// does not fit the op's segments is dropped.
pub fn normalize_generic(m: &mut Module, op: OpId) {
    let name = m.ops[op].name.clone();
    let segments = operand_segments(&name);
    let known = inherent_attrs(&name);
    let inherent = match known {
        Some(names) => names,
        None if segments.is_some() => &["operandSegmentSizes"],
        None => return,
    };
    let attrs = std::mem::take(&mut m.ops[op].attrs);
    for (n, a) in attrs {
        if !inherent.contains(&n.as_str()) {
            m.ops[op].attrs.push((n, a));
            continue;
        }
        let fits = n != "operandSegmentSizes" || segment_sizes_error(&name, &a).is_none();
        if fits && !m.ops[op].props.iter().any(|(p, _)| *p == n) {
            set_named(&mut m.ops[op].props, &n, a);
        }
    }
    if let Some(n) = segments.filter(|_| m.ops[op].attr("operandSegmentSizes").is_none()) {
        set_named(
            &mut m.ops[op].props,
            "operandSegmentSizes",
            self::segments(&vec![0; n]),
        );
    }
    if known.is_none() {
        return;
    }
    let defaults: &[(&str, &str)] = if has_fastmath(&name) {
        &[("fastmath", "arith.fastmath<none>")]
    } else if OVERFLOW_OPS.contains(&name.as_str()) {
        &[("overflowFlags", "arith.overflow<none>")]
    } else if name == "vector.print" {
        &[("punctuation", "vector.punctuation<newline>")]
    } else {
        &[]
    };
    for (n, v) in defaults {
        if m.ops[op].attr(n).is_none() {
            m.set_prop(op, n, Attribute::Opaque(v.to_string()));
        }
    }
}

/// Operands of an affine map written with SSA ids: dims then symbols.
#[derive(Default)]
struct SsaIds {
    dims: Vec<(String, Value)>,
    symbols: Vec<(String, Value)>,
}

impl SsaIds {
    fn operands(&self) -> Vec<Value> {
        self.dims
            .iter()
            .chain(self.symbols.iter())
            .map(|d| d.1)
            .collect()
    }
}

/// Parses one affine expression over SSA ids: `%i + 1`, `symbol(%n) * 2`.
fn ssa_affine_expr(p: &mut Parser<'_>, ids: &mut SsaIds) -> PResult<AffineExpr> {
    p.enter()?;
    let mut lhs = ssa_affine_term(p, ids, false)?;
    loop {
        if p.eat("+") {
            lhs = lhs + ssa_affine_term(p, ids, true)?;
        } else if p.eat("-") {
            lhs = lhs - ssa_affine_term(p, ids, true)?;
        } else {
            break;
        }
    }
    p.leave();
    Ok(lhs)
}

/// A product, quotient or remainder; `rhs` when it is the right operand
/// of a binary operator (which words a missing operand differently).
fn ssa_affine_term(p: &mut Parser<'_>, ids: &mut SsaIds, rhs: bool) -> PResult<AffineExpr> {
    let mut lhs = ssa_affine_unary(p, ids, rhs)?;
    loop {
        p.skip_ws();
        let at = p.pos;
        let result = if p.eat("*") {
            let rhs = ssa_affine_unary(p, ids, true)?;
            lhs.try_mul(&rhs)
        } else if p.eat_keyword("floordiv") {
            let rhs = ssa_affine_unary(p, ids, true)?;
            lhs.try_floor_div(&rhs)
        } else if p.eat_keyword("ceildiv") {
            let rhs = ssa_affine_unary(p, ids, true)?;
            lhs.try_ceil_div(&rhs)
        } else if p.eat_keyword("mod") {
            let rhs = ssa_affine_unary(p, ids, true)?;
            lhs.try_modulo(&rhs)
        } else {
            return Ok(lhs);
        };
        lhs = result.map_err(|_| {
            p.error_at(
                at,
                "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
            )
        })?;
    }
}

fn ssa_affine_unary(p: &mut Parser<'_>, ids: &mut SsaIds, rhs: bool) -> PResult<AffineExpr> {
    p.skip_ws();
    let at = p.pos;
    if p.eat("-") {
        let e = ssa_affine_unary(p, ids, rhs)?;
        return Ok(-e);
    }
    if p.eat("(") {
        let e = ssa_affine_expr(p, ids)?;
        p.expect(")")?;
        return Ok(e);
    }
    if let Some(v) = p.integer() {
        return Ok(AffineExpr::constant(v));
    }
    let is_symbol = p.eat_keyword("symbol");
    if is_symbol {
        p.expect_or("(", "expected '(' at start of SSA symbol")?;
    }
    p.skip_ws();
    let name_at = p.pos;
    let Some((name, num)) = p.ssa_name() else {
        // MLIR's `parseAffineOperandExpr` words what it found instead.
        let next = p.src.as_bytes().get(name_at).copied().unwrap_or(0);
        return Err(if is_symbol {
            p.error_at(name_at, "expected ssa identifier")
        } else if next.is_ascii_alphabetic() || next == b'_' {
            p.error("use of undeclared identifier")
        } else if rhs {
            p.error_at(at, "missing right operand of binary operator")
        } else if next == b'+' || next == b'*' {
            p.error_at(at, "missing left operand of binary operator")
        } else {
            p.error_at(at, "expected affine expression")
        });
    };
    let key = match num {
        Some(n) => format!("{name}#{n}"),
        None => name.to_string(),
    };
    // A name not defined yet is a forward reference, as in MLIR's
    // `parseAffineMapOfSSAIds` (an index, resolved at its definition).
    let v = p.lookup_or_forward(name, num, name_at, Some(&Type::Index))?;
    if p.m.value_type(v) != &Type::Index {
        return Err(p.type_clash(name_at, &format!("%{key}"), &Type::Index, v));
    }
    if is_symbol {
        p.expect_or(")", "expected ')' at end of SSA symbol")?;
    }
    let list = if is_symbol {
        &mut ids.symbols
    } else {
        &mut ids.dims
    };
    let pos = match list.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            list.push((key, v));
            list.len() - 1
        }
    };
    Ok(if is_symbol {
        AffineExpr::symbol(pos as u32)
    } else {
        AffineExpr::dim(pos as u32)
    })
}

/// Parses `[e1, e2]` (or `(..)`) of SSA-id expressions into a map and its
/// operands.
fn ssa_affine_map(p: &mut Parser<'_>, open: &str, close: &str) -> PResult<(AffineMap, Vec<Value>)> {
    p.skip_ws();
    let at = p.pos;
    p.expect_or(open, &format!("expected '{open}' in affine map"))?;
    let mut ids = SsaIds::default();
    let mut exprs = Vec::new();
    if !p.eat(close) {
        loop {
            exprs.push(ssa_affine_expr(p, &mut ids)?);
            if !p.eat(",") {
                break;
            }
        }
        p.expect_or(close, &format!("expected '{close}' in affine map"))?;
    }
    let map = AffineMap::new(ids.dims.len() as u32, ids.symbols.len() as u32, exprs)
        .map_err(|e| p.error_at(at, e.to_string()))?;
    Ok((map, ids.operands()))
}

/// Which operands of a map or set are not as many as it has inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arity {
    Dims,
    Symbols,
}

impl Arity {
    fn word(self) -> &'static str {
        match self {
            Arity::Dims => "dim",
            Arity::Symbols => "symbol",
        }
    }
}

/// Parses `(%d0, %d1)[%s0]` after a map; checks the counts against it
/// (`Ok(Err(_))`: the count that differs, which each op words in its own
/// way).
fn dims_and_symbols(
    p: &mut Parser<'_>,
    num_dims: u32,
    num_symbols: u32,
) -> PResult<Result<Vec<Value>, Arity>> {
    p.skip_ws();
    let at = p.pos;
    // MLIR's `parseDimAndSymbolList`: the dimensions' parentheses are
    // required, the symbols' brackets optional.
    p.expect_or("(", "expected '(' in operand list")?;
    let mut out = p.operand_list()?;
    let nd = out.len();
    p.expect_or(")", "expected ')' in operand list")?;
    let mut ns = 0;
    if p.eat("[") {
        let syms = p.operand_list()?;
        ns = syms.len();
        out.extend(syms);
        p.expect_or("]", "expected ']' in operand list")?;
    }
    if nd != num_dims as usize {
        return Ok(Err(Arity::Dims));
    }
    for &v in &out {
        check_operand_type(p, v, &Type::Index, at)?;
    }
    if ns != num_symbols as usize {
        return Ok(Err(Arity::Symbols));
    }
    Ok(Ok(out))
}

/// `[3, %i]`: the static entries (a dynamic one marked
/// [`crate::types::DYNAMIC`], MLIR's `ShapedType::kDynamic`) and the
/// operands of the dynamic ones, in order (MLIR's `DynamicIndexList`).
/// Errors are worded as the custom parser of op `name` words them.
pub(crate) fn dynamic_index_list(
    p: &mut Parser<'_>,
    name: &str,
) -> PResult<(Vec<i64>, Vec<Value>)> {
    p.expect_or("[", "expected '[' in dynamic index list")?;
    let (mut fixed, mut dynamic) = (Vec::new(), Vec::new());
    if !p.eat("]") {
        loop {
            p.skip_ws();
            if p.peek("%") {
                dynamic.push(p.operand()?);
                fixed.push(crate::types::DYNAMIC);
            } else {
                let at = p.pos;
                let Some(v) = p.integer() else {
                    return Err(p.custom_error(name, at, "expected integer value"));
                };
                fixed.push(v);
            }
            if !p.eat(",") {
                break;
            }
        }
        p.expect_or("]", "expected ']' in dynamic index list")?;
    }
    Ok((fixed, dynamic))
}

fn index_attr(v: i64) -> Attribute {
    Attribute::index(v)
}

fn segments(sizes: &[usize]) -> Attribute {
    Attribute::DenseArray {
        elem: Type::Integer(32),
        values: sizes.iter().map(|&s| s as i64).collect(),
    }
}

fn expect_type(p: &mut Parser<'_>) -> PResult<Type> {
    p.expect(":")?;
    p.parse_type()
}

fn memref_elem(p: &mut Parser<'_>, ty: &Type, at: usize) -> PResult<Type> {
    match ty {
        Type::MemRef { elem, .. } => Ok((**elem).clone()),
        _ => Err(p.error_at(at, "expected memref type")),
    }
}

/// The custom form `%a, %b, ... flags {attrs} : T` of an op of `count`
/// operands of one type `T` (its `fastmath<...>`/`overflow<...>` flags
/// when it has them): the operands are set in `st`, `T` returned.
fn same_type_operands(
    p: &mut Parser<'_>,
    st: &mut OpState,
    name: &str,
    count: usize,
) -> PResult<Type> {
    let mut operands = vec![p.operand()?];
    for _ in 1..count {
        p.expect(",")?;
        operands.push(p.operand()?);
    }
    opt_flags(p, name, &mut st.props)?;
    st.attrs = p.opt_attr_dict()?;
    p.expect(":")?;
    let at = p.pos;
    let ty = p.parse_type()?;
    for &v in &operands {
        check_operand_type(p, v, &ty, at)?;
    }
    st.operands = operands;
    Ok(ty)
}

fn check_operand_type(p: &mut Parser<'_>, v: Value, ty: &Type, at: usize) -> PResult<()> {
    p.expect_value_type(v, ty, at)
}

/// Parses `%a, %b : t1, t2` (the operand list may be empty, then no types).
fn operands_with_types(p: &mut Parser<'_>) -> PResult<Vec<Value>> {
    p.skip_ws();
    let at = p.pos;
    let vals = p.operand_list()?;
    if vals.is_empty() {
        return Ok(vals);
    }
    p.expect(":")?;
    let mut types = Vec::new();
    loop {
        types.push(p.parse_type()?);
        if !p.eat(",") {
            break;
        }
    }
    if types.len() != vals.len() {
        return Err(p.error_at(
            at,
            format!("expected {} types but got {}", vals.len(), types.len()),
        ));
    }
    for (v, t) in vals.iter().zip(&types) {
        check_operand_type(p, *v, t, at)?;
    }
    Ok(vals)
}

/// Appends an implicit terminator (`affine.yield`/`scf.yield`) to every
/// block of `region` that does not end with one.
/// The registered terminators of the dialects tessera knows (MLIR's
/// `IsTerminator` trait).
pub const TERMINATOR_OPS: &[&str] = &[
    "affine.yield",
    "cf.br",
    "cf.cond_br",
    "cf.switch",
    "func.return",
    "memref.alloca_scope.return",
    "memref.atomic_yield",
    "scf.condition",
    "scf.reduce",
    "scf.reduce.return",
    "scf.yield",
    "tensor.yield",
    "vector.yield",
];

/// MLIR's `ensureTerminator` of an op with an implicit terminator: an
/// empty region gets a block, and a block that is empty or does not end
/// with a terminator gets a `term`.
fn ensure_terminator(p: &mut Parser<'_>, region: RegionId, term: &str, loc: Location) {
    let blocks = p.m.regions[region].blocks.clone();
    if blocks.is_empty() {
        let b = p.m.add_block(region, &[], loc);
        let y = p.m.create_op(term, &[], &[], loc);
        p.m.append_op(b, y);
        return;
    }
    for b in blocks {
        let ends = p.m.blocks[b]
            .ops
            .last()
            .is_some_and(|&o| TERMINATOR_OPS.contains(&p.m.ops[o].name.as_str()));
        if !ends {
            let y = p.m.create_op(term, &[], &[], loc);
            p.m.append_op(b, y);
        }
    }
}

/// Parses a region with the given entry arguments, under `dialect` as the
/// default dialect for unprefixed op names.
fn region_with(
    p: &mut Parser<'_>,
    args: &[ArgDef],
    isolated: bool,
    dialect: &'static str,
) -> PResult<RegionId> {
    p.default_dialect.push(dialect);
    let r = p.parse_region(args, isolated);
    p.default_dialect.pop();
    r
}

/// The `then` region and the optional `else` region (empty when absent)
/// of `affine.if`/`scf.if`; without results, a missing terminator is
/// added as MLIR's custom syntax allows.
fn if_regions(
    p: &mut Parser<'_>,
    has_results: bool,
    terminator: &str,
    loc: Location,
) -> PResult<Vec<RegionId>> {
    let then = region_with(p, &[], false, "")?;
    if !has_results {
        ensure_terminator(p, then, terminator, loc);
    }
    let els = if p.eat_keyword("else") {
        let r = region_with(p, &[], false, "")?;
        if !has_results {
            ensure_terminator(p, r, terminator, loc);
        }
        r
    } else {
        empty_region(p)
    };
    Ok(vec![then, els])
}

fn empty_region(p: &mut Parser<'_>) -> RegionId {
    p.m.regions.push(RegionData::default())
}

/// `^bb1` or `^bb1(%a, %b : i32, f32)`: a successor and the values it
/// passes to the block's arguments.
fn successor_with_operands(p: &mut Parser<'_>) -> PResult<(BlockId, Vec<Value>)> {
    let dest = p.parse_successor()?;
    let mut args = Vec::new();
    if p.eat("(") {
        args = operands_with_types(p)?;
        if args.is_empty() {
            // (MLIR's format: a `:` and types follow the operands even when
            // there are none)
            p.expect(":")?;
            p.skip_ws();
            let at = p.pos;
            p.parse_type()?;
            return Err(p.error_at(at, "0 operands present, but expected 1"));
        }
        p.expect(")")?;
    }
    Ok((dest, args))
}

/// `cf.cond_br %c, ^bb1(%a : i32), ^bb2`.
fn parse_cond_br(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let cond = p.operand()?;
    p.skip_ws();
    let at = p.pos;
    check_operand_type(p, cond, &Type::Integer(1), at)?;
    p.expect(",")?;
    let (then_dest, then_args) = successor_with_operands(p)?;
    p.expect(",")?;
    let (else_dest, else_args) = successor_with_operands(p)?;
    st.attrs = p.opt_attr_dict()?;
    st.props.push((
        "operandSegmentSizes".into(),
        segments(&[1, then_args.len(), else_args.len()]),
    ));
    st.operands.push(cond);
    st.operands.extend(then_args);
    st.operands.extend(else_args);
    st.successors = vec![then_dest, else_dest];
    Ok(())
}

/// `cf.switch %flag : i32, [default: ^bb1(%a : i32), 42: ^bb2, ...]`.
fn parse_switch(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let flag = p.operand()?;
    p.expect(":")?;
    p.skip_ws();
    let ty_at = p.pos;
    let flag_ty = p.parse_type()?;
    if !matches!(flag_ty, Type::Integer(_)) {
        return Err(p.error_at(ty_at, "switch flag must be a signless integer"));
    }
    check_operand_type(p, flag, &flag_ty, ty_at)?;
    p.expect(",")?;
    p.expect("[")?;
    p.expect_keyword("default")?;
    p.expect(":")?;
    let (default, default_args) = successor_with_operands(p)?;
    let mut case_values = Vec::new();
    let mut case_segments = Vec::new();
    let mut case_args = Vec::new();
    let mut dests = vec![default];
    while p.eat(",") {
        p.skip_ws();
        let at = p.pos;
        // Read as a 64-bit integer, then truncated to the flag's width, as
        // MLIR 19 reads it.
        let value = match p.wide_integer() {
            Some(Some(v)) if (-(1i128 << 63)..1i128 << 64).contains(&v) => v as i64,
            Some(_) => return Err(p.custom_error("cf.switch", at, "integer value too large")),
            None => return Err(p.custom_error("cf.switch", at, "expected integer value")),
        };
        p.expect(":")?;
        let (dest, args) = successor_with_operands(p)?;
        // Kept signed, as the `dense` attribute prints it.
        let value = match flag_ty {
            Type::Integer(w) if (1..64).contains(&w) => (value << (64 - w)) >> (64 - w),
            _ => value,
        };
        case_values.push(value);
        case_segments.push(args.len() as i64);
        case_args.extend(args);
        dests.push(dest);
    }
    p.expect("]")?;
    st.attrs = p.opt_attr_dict()?;
    st.props.push((
        "case_operand_segments".into(),
        Attribute::DenseArray {
            elem: Type::Integer(32),
            values: case_segments,
        },
    ));
    if !case_values.is_empty() {
        let n = case_values.len() as i64;
        st.props.push((
            "case_values".into(),
            Attribute::DenseInt {
                values: case_values,
                ty: Type::Vector {
                    shape: vec![n],
                    elem: Box::new(flag_ty),
                    scalable: vec![false],
                },
            },
        ));
    }
    st.props.push((
        "operandSegmentSizes".into(),
        segments(&[1, default_args.len(), case_args.len()]),
    ));
    st.operands.push(flag);
    st.operands.extend(default_args);
    st.operands.extend(case_args);
    st.successors = dests;
    Ok(())
}

/// Parses the custom form of `name` (after its name) into an op state.
pub fn parse_custom(p: &mut Parser<'_>, name: &str, name_at: usize) -> PResult<OpState> {
    let outer = p.custom_op.replace(name.to_string());
    let st = parse_custom_body(p, name, name_at);
    p.custom_op = outer;
    st
}

fn parse_custom_body(p: &mut Parser<'_>, name: &str, name_at: usize) -> PResult<OpState> {
    let mut st = OpState {
        name: name.to_string(),
        ..OpState::default()
    };
    let loc = p.loc_at(name_at);
    match name {
        "builtin.module" => {
            p.skip_ws();
            if p.eat("@") {
                p.pos -= 1;
                let sym = p.parse_attribute()?;
                if let Attribute::SymbolRef(path) = sym {
                    st.props
                        .push(("sym_name".into(), Attribute::String(path.join("::"))));
                }
            }
            if p.eat_keyword("attributes") {
                st.attrs = p.parse_dict_body()?;
            }
            let r = region_with(p, &[], true, "builtin")?;
            if p.m.regions[r].blocks.is_empty() {
                p.m.add_block(r, &[], loc);
            }
            st.regions.push(r);
        }
        "func.func" => parse_func(p, &mut st)?,
        "func.return" => {
            st.operands = operands_with_types(p)?;
            st.attrs = p.opt_attr_dict()?;
        }
        "cf.br" => {
            let (dest, args) = successor_with_operands(p)?;
            st.successors.push(dest);
            st.operands = args;
            st.attrs = p.opt_attr_dict()?;
        }
        "cf.cond_br" => parse_cond_br(p, &mut st)?,
        "cf.switch" => parse_switch(p, &mut st)?,
        "cf.assert" => {
            let cond = p.operand()?;
            p.skip_ws();
            let at = p.pos;
            check_operand_type(p, cond, &Type::Integer(1), at)?;
            p.expect(",")?;
            let msg = p
                .string_lit()?
                .ok_or_else(|| p.error("expected attribute value"))?;
            st.operands.push(cond);
            st.props.push(("msg".into(), Attribute::String(msg)));
            st.attrs = p.opt_attr_dict()?;
        }
        "func.constant" => {
            let value = symbol_ref(p, "func.constant")?;
            st.props.push(("value".into(), value));
            st.attrs = p.opt_attr_dict()?;
            st.result_types = vec![expect_type(p)?];
        }
        "func.call_indirect" => {
            let callee = p.operand()?;
            p.expect("(")?;
            let args = p.operand_list()?;
            p.expect(")")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            p.skip_ws();
            let at = p.pos;
            let ty = p.parse_type()?;
            let Type::Function { inputs, results } = &ty else {
                return Err(p.error_at(at, "expected function type"));
            };
            check_operand_type(p, callee, &ty, at)?;
            if inputs.len() != args.len() {
                return Err(p.error_at(
                    at,
                    format!(
                        "expected {} operand types but had {}",
                        args.len(),
                        inputs.len()
                    ),
                ));
            }
            for (v, t) in args.iter().zip(inputs) {
                check_operand_type(p, *v, t, at)?;
            }
            st.result_types = results.clone();
            st.operands = std::iter::once(callee).chain(args).collect();
        }
        "func.call" => {
            let callee = symbol_ref(p, "func.call")?;
            st.props.push(("callee".into(), callee));
            p.expect("(")?;
            st.operands = p.operand_list()?;
            p.expect(")")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            match p.parse_type()? {
                Type::Function { inputs, results } => {
                    if inputs.len() != st.operands.len() {
                        return Err(p.error_at(at, "incorrect number of operands for callee"));
                    }
                    for (v, t) in st.operands.iter().zip(&inputs) {
                        check_operand_type(p, *v, t, at)?;
                    }
                    st.result_types = results;
                }
                _ => return Err(p.error_at(at, "expected function type")),
            }
        }
        "affine.for" => parse_affine_for(p, &mut st, name_at)?,
        "affine.if" => {
            p.skip_ws();
            let at = p.pos;
            let set: IntegerSet = match p.parse_attribute()? {
                Attribute::IntegerSet(s) => s,
                _ => return Err(p.error_at(at, "expected integer set attribute")),
            };
            st.operands = dims_and_symbols(p, set.num_dims(), set.num_symbols())?.map_err(|a| {
                let w = a.word();
                p.error_at(
                    name_at,
                    format!("custom op 'affine.if' {w} operand count and integer set {w} count must match"),
                )
            })?;
            st.attrs
                .push(("condition".into(), Attribute::IntegerSet(set)));
            if p.eat("->") {
                st.result_types = p.parse_result_types()?;
            }
            st.regions = if_regions(p, !st.result_types.is_empty(), "affine.yield", loc)?;
            let extra = p.opt_attr_dict()?;
            st.attrs.extend(extra);
            st.attrs.sort_by(|a, b| a.0.cmp(&b.0));
        }
        "affine.load" | "affine.vector_load" => {
            let mem = p.operand()?;
            let (map, idx) = ssa_affine_map(p, "[", "]")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, mem, &ty, at)?;
            let elem = memref_elem(p, &ty, at)?;
            let result = if name == "affine.vector_load" {
                p.expect(",")?;
                p.parse_type()?
            } else {
                elem
            };
            st.operands = std::iter::once(mem).chain(idx).collect();
            st.props.push(("map".into(), Attribute::AffineMap(map)));
            st.result_types = vec![result];
        }
        "affine.store" | "affine.vector_store" => {
            let val = p.operand()?;
            p.expect(",")?;
            let mem = p.operand()?;
            let (map, idx) = ssa_affine_map(p, "[", "]")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, mem, &ty, at)?;
            let elem = memref_elem(p, &ty, at)?;
            let vty = if name == "affine.vector_store" {
                p.expect(",")?;
                p.parse_type()?
            } else {
                elem
            };
            check_operand_type(p, val, &vty, at)?;
            st.operands = [val, mem].into_iter().chain(idx).collect();
            st.props.push(("map".into(), Attribute::AffineMap(map)));
        }
        "affine.apply" | "affine.min" | "affine.max" => {
            let map = p.parse_map_attr()?;
            // affine.apply's parser counts the operands; min and max leave
            // it to their verifier.
            let message = if name == "affine.apply" {
                format!("custom op '{name}' dimension or symbol index mismatch")
            } else {
                format!("'{name}' op operand count and affine map dimension and symbol count must match")
            };
            st.operands = dims_and_symbols(p, map.num_dims(), map.num_symbols())?
                .map_err(|_| p.error_at(name_at, message))?;
            if name == "affine.apply" && map.results().len() != 1 {
                return Err(p.error_at(name_at, "'affine.apply' op mapping must produce one value"));
            }
            st.props.push(("map".into(), Attribute::AffineMap(map)));
            st.attrs = p.opt_attr_dict()?;
            st.result_types = vec![Type::Index];
        }
        "affine.parallel" => parse_affine_parallel(p, &mut st, name_at)?,
        "affine.yield" | "scf.yield" => {
            st.operands = operands_with_types(p)?;
            st.attrs = p.opt_attr_dict()?;
        }
        "arith.constant" => {
            st.attrs = p.opt_attr_dict()?;
            p.skip_ws();
            let at = p.pos;
            let value = p.parse_attribute()?;
            let ty = match &value {
                Attribute::Integer { ty, .. } | Attribute::Float { ty, .. } => ty.clone(),
                Attribute::Bool(_) => Type::Integer(1),
                Attribute::DenseInt { ty, .. }
                | Attribute::DenseFloat { ty, .. }
                | Attribute::DenseResource { ty, .. } => ty.clone(),
                _ => {
                    return Err(p.custom_error(
                        "arith.constant",
                        at,
                        "invalid kind of attribute specified",
                    ))
                }
            };
            st.props.push(("value".into(), value));
            st.result_types = vec![ty];
        }
        "arith.cmpi" | "arith.cmpf" => {
            p.skip_ws();
            let at = p.pos;
            let table = if name == "arith.cmpi" {
                CMPI_PREDICATES
            } else {
                CMPF_PREDICATES
            };
            let pred = p.bare_id().unwrap_or("");
            let idx = table.iter().position(|&s| s == pred).ok_or_else(|| {
                p.error_at(
                    at,
                    format!(
                        "custom op '{name}' expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
                        table.join(", ")
                    ),
                )
            })?;
            p.expect(",")?;
            let a = p.operand()?;
            p.expect(",")?;
            let b = p.operand()?;
            opt_flags(p, name, &mut st.props)?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let tat = p.pos;
            let ty = p.parse_type()?;
            // ODS's parser checks the operand type's constraint first.
            let (fits, kind) = if name == "arith.cmpi" {
                (crate::verify::arith_int_like(&ty), "signless-integer-like")
            } else {
                (crate::verify::arith_float_like(&ty), "floating-point-like")
            };
            if !fits {
                return Err(p.error_at(
                    name_at,
                    format!("custom op '{name}' 'lhs' must be {kind}, but got '{ty}'"),
                ));
            }
            check_operand_type(p, a, &ty, tat)?;
            check_operand_type(p, b, &ty, tat)?;
            st.props.push((
                "predicate".into(),
                Attribute::Integer {
                    value: idx as i64,
                    ty: Type::Integer(64),
                },
            ));
            st.operands = vec![a, b];
            st.result_types = vec![ty.with_element(Type::Integer(1))];
        }
        n if ARITH_EXTENDED.contains(&n) => {
            let ty = same_type_operands(p, &mut st, n, 2)?;
            let second = if n == "arith.addui_extended" {
                p.expect(",")?;
                p.parse_type()?
            } else {
                ty.clone()
            };
            st.result_types = vec![ty, second];
        }
        "arith.select" => {
            let c = p.operand()?;
            p.expect(",")?;
            let a = p.operand()?;
            p.expect(",")?;
            let b = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let first = p.parse_type()?;
            // `: i1, T` or `: vector<..xi1>, vector<..>` names the
            // condition's type first; `: T` leaves it `i1`.
            let (cond_ty, ty) = if p.eat(",") {
                (first, p.parse_type()?)
            } else {
                (Type::Integer(1), first)
            };
            check_operand_type(p, c, &cond_ty, at)?;
            check_operand_type(p, a, &ty, at)?;
            check_operand_type(p, b, &ty, at)?;
            st.operands = vec![c, a, b];
            st.result_types = vec![ty];
        }
        n if n == "arith.negf" || MATH_UNARY.contains(&n) || MATH_INT_UNARY.contains(&n) => {
            st.result_types = vec![same_type_operands(p, &mut st, n, 1)?];
        }
        n if ARITH_BINARY.contains(&n) => {
            st.result_types = vec![same_type_operands(p, &mut st, n, 2)?];
        }
        n if MATH_TERNARY.contains(&n) => {
            st.result_types = vec![same_type_operands(p, &mut st, n, 3)?];
        }
        n if ARITH_CASTS.contains(&n) || n == "memref.cast" => {
            let a = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let from = p.parse_type()?;
            check_operand_type(p, a, &from, at)?;
            p.expect_keyword("to")?;
            st.operands = vec![a];
            st.result_types = vec![p.parse_type()?];
        }
        "memref.alloc" | "memref.alloca" => {
            p.expect("(")?;
            let dyn_sizes = p.operand_list()?;
            p.expect(")")?;
            let mut syms = Vec::new();
            if p.eat("[") {
                syms = p.operand_list()?;
                p.expect("]")?;
            }
            st.attrs = p.opt_attr_dict()?;
            let ty = expect_type(p)?;
            let at = p.pos;
            for &v in dyn_sizes.iter().chain(&syms) {
                check_operand_type(p, v, &Type::Index, at)?;
            }
            st.props.push((
                "operandSegmentSizes".into(),
                segments(&[dyn_sizes.len(), syms.len()]),
            ));
            st.operands = dyn_sizes.into_iter().chain(syms).collect();
            st.result_types = vec![ty];
        }
        "memref.global" => parse_global(p, &mut st, name_at)?,
        n if crate::vector::VECTOR_OPS.contains(&n) => vector::parse(p, &mut st, n, name_at)?,
        n if views::VIEW_SYNTAX_OPS.contains(&n) => views::parse(p, &mut st, n, name_at, loc)?,
        n if tensor::TENSOR_OPS.contains(&n) => tensor::parse(p, &mut st, n, name_at)?,
        "memref.get_global" => {
            let symbol = symbol_ref(p, "memref.get_global")?;
            st.props.push(("name".into(), symbol));
            st.attrs = p.opt_attr_dict()?;
            st.result_types = vec![expect_type(p)?];
        }
        "memref.dealloc" => {
            let a = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, a, &ty, at)?;
            st.operands = vec![a];
        }
        "memref.load" => {
            let mem = p.operand()?;
            p.expect("[")?;
            let idx = p.operand_list()?;
            p.expect("]")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, mem, &ty, at)?;
            for &i in &idx {
                check_operand_type(p, i, &Type::Index, at)?;
            }
            st.result_types = vec![memref_elem(p, &ty, at)?];
            st.operands = std::iter::once(mem).chain(idx).collect();
        }
        "memref.store" => {
            let val = p.operand()?;
            p.expect(",")?;
            let mem = p.operand()?;
            p.expect("[")?;
            let idx = p.operand_list()?;
            p.expect("]")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            // Resolved in ODS's operand order: the value, the memref, the
            // indices.
            let elem = memref_elem(p, &ty, at)?;
            check_operand_type(p, val, &elem, at)?;
            check_operand_type(p, mem, &ty, at)?;
            for &i in &idx {
                check_operand_type(p, i, &Type::Index, at)?;
            }
            st.operands = [val, mem].into_iter().chain(idx).collect();
        }
        "affine.delinearize_index" => {
            // `%i into (%b0, %b1) attr-dict : index, index`
            let index = p.operand()?;
            p.expect_keyword("into")?;
            p.expect("(")?;
            let basis = p.operand_list()?;
            p.expect(")")?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let mut types = vec![p.parse_type()?];
            while p.eat(",") {
                types.push(p.parse_type()?);
            }
            st.operands = [index].into_iter().chain(basis).collect();
            st.result_types = types;
        }
        "memref.dim" => {
            let mem = p.operand()?;
            p.expect(",")?;
            let idx = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, mem, &ty, at)?;
            check_operand_type(p, idx, &Type::Index, at)?;
            st.operands = vec![mem, idx];
            st.result_types = vec![Type::Index];
        }
        "memref.copy" => {
            let a = p.operand()?;
            p.expect(",")?;
            let b = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ta = p.parse_type()?;
            check_operand_type(p, a, &ta, at)?;
            p.expect_keyword("to")?;
            let tb = p.parse_type()?;
            check_operand_type(p, b, &tb, at)?;
            st.operands = vec![a, b];
        }
        "scf.for" => parse_scf_for(p, &mut st, name_at)?,
        "scf.while" => parse_scf_while(p, &mut st)?,
        "scf.condition" => {
            p.expect("(")?;
            p.skip_ws();
            let at = p.pos;
            let cond = p.operand()?;
            p.expect(")")?;
            check_operand_type(p, cond, &Type::Integer(1), at)?;
            st.attrs = p.opt_attr_dict()?;
            let args = operands_with_types(p)?;
            st.operands = std::iter::once(cond).chain(args).collect();
        }
        "scf.parallel" => parse_scf_parallel(p, &mut st, loc, name_at)?,
        "scf.reduce" => {
            if p.eat("(") {
                st.operands = operands_with_types(p)?;
                p.expect(")")?;
            }
            p.skip_ws();
            if p.peek("{") {
                loop {
                    st.regions.push(region_with(p, &[], false, "")?);
                    if !p.eat(",") {
                        break;
                    }
                }
            }
            st.attrs = p.opt_attr_dict()?;
        }
        "scf.reduce.return" => {
            st.operands = operands_with_types(p)?;
            st.attrs = p.opt_attr_dict()?;
        }
        "scf.if" => {
            let c = p.operand()?;
            // Resolved as `i1` at once, as MLIR's parser does.
            let at = p.pos;
            check_operand_type(p, c, &Type::Integer(1), at)?;
            st.operands = vec![c];
            if p.eat("->") {
                st.result_types = p.parse_result_types()?;
            }
            st.regions = if_regions(p, !st.result_types.is_empty(), "scf.yield", loc)?;
            st.attrs = p.opt_attr_dict()?;
        }
        "affine.prefetch" | "memref.prefetch" => {
            let mem = p.operand()?;
            let idx = if name == "affine.prefetch" {
                let (map, idx) = ssa_affine_map(p, "[", "]")?;
                st.props.push(("map".into(), Attribute::AffineMap(map)));
                idx
            } else {
                p.expect("[")?;
                let idx = p.operand_list()?;
                p.expect("]")?;
                idx
            };
            p.expect(",")?;
            p.skip_ws();
            let rw = p.bare_id().unwrap_or("");
            let is_write = rw == "write";
            let rw_ok = rw == "read" || is_write;
            p.expect(",")?;
            p.expect_keyword("locality")?;
            p.expect("<")?;
            p.skip_ws();
            let hint_at = p.pos;
            let hint = match p.parse_attribute()? {
                Attribute::Integer { value, .. } => value,
                _ => return Err(p.error_at(hint_at, "expected integer value")),
            };
            p.expect(">")?;
            p.expect(",")?;
            p.skip_ws();
            let cache = p.bare_id().unwrap_or("");
            let cache_ok = cache == "data" || cache == "instr";
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, mem, &ty, at)?;
            for &v in &idx {
                check_operand_type(p, v, &Type::Index, at)?;
            }
            if !rw_ok {
                return Err(p.error_at(
                    name_at,
                    format!("custom op '{name}' rw specifier has to be 'read' or 'write'"),
                ));
            }
            if !cache_ok {
                return Err(p.error_at(
                    name_at,
                    format!("custom op '{name}' cache type has to be 'data' or 'instr'"),
                ));
            }
            st.props
                .push(("isDataCache".into(), Attribute::Bool(cache == "data")));
            st.props.push(("isWrite".into(), Attribute::Bool(is_write)));
            st.props.push((
                "localityHint".into(),
                Attribute::Integer {
                    value: hint,
                    ty: Type::Integer(32),
                },
            ));
            st.props.sort_by(|a, b| a.0.cmp(&b.0));
            st.operands = std::iter::once(mem).chain(idx).collect();
        }
        "affine.dma_start" => parse_affine_dma_start(p, &mut st, name_at)?,
        "affine.dma_wait" => {
            let tag = p.operand()?;
            let (map, idx) = ssa_affine_map(p, "[", "]")?;
            p.expect(",")?;
            let count = p.operand()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, tag, &ty, at)?;
            for &v in idx.iter().chain([&count]) {
                check_operand_type(p, v, &Type::Index, at)?;
            }
            if !matches!(ty, Type::MemRef { .. }) {
                return Err(p.error_at(
                    name_at,
                    "custom op 'affine.dma_wait' expected tag to be of memref type",
                ));
            }
            st.operands = std::iter::once(tag).chain(idx).chain([count]).collect();
            st.attrs.push(("tag_map".into(), Attribute::AffineMap(map)));
        }
        "memref.dma_start" => parse_memref_dma_start(p, &mut st, name_at)?,
        "memref.dma_wait" => {
            let (tag, idx) = subscripted_operand(p, "")?;
            p.expect(",")?;
            let count = p.operand()?;
            st.attrs = p.opt_attr_dict()?;
            p.expect(":")?;
            let at = p.pos;
            let ty = p.parse_type()?;
            check_operand_type(p, tag, &ty, at)?;
            for &v in idx.iter().chain([&count]) {
                check_operand_type(p, v, &Type::Index, at)?;
            }
            st.operands = std::iter::once(tag).chain(idx).chain([count]).collect();
        }
        "vector.print" => parse_vector_print(p, &mut st, name_at)?,
        _ => {
            // The name as written; without a dot MLIR also tries it in
            // the default dialect (`func.foo`, or `.foo` where there is
            // none) and says so.
            let written: String = p.src[name_at..]
                .chars()
                .take_while(|&c| c.is_ascii_alphanumeric() || "_$.".contains(c))
                .collect();
            let (dialect, tried) = match written.split_once('.') {
                Some((d, _)) => (d.to_string(), String::new()),
                None => {
                    let d = name.strip_suffix(written.as_str()).unwrap_or("");
                    let d = d.strip_suffix('.').unwrap_or(d);
                    (d.to_string(), format!(" (tried '{d}.{written}' as well)"))
                }
            };
            if REGISTERED_DIALECTS.contains(&dialect.as_str()) {
                return Err(p.error_at(name_at, format!("custom op '{written}' is unknown{tried}")));
            }
            let message =
                format!("Dialect `{dialect}' not found for custom op '{written}' {tried}");
            let note = format!(
                "Registered dialects: {} ; for more info on dialect registration see \
                 https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
                REGISTERED_DIALECTS.join(", ")
            );
            let error = p.error_at(name_at, message);
            let loc = error.loc;
            return Err(error.with_note(loc, note));
        }
    }
    Ok(st)
}

/// `, %stride, %per_stride` after a DMA's element count, or nothing; one
/// trailing operand alone is mlir-opt's "expected two stride related
/// operands".
fn dma_stride_operands(p: &mut Parser<'_>, name: &str, name_at: usize) -> PResult<Vec<Value>> {
    // MLIR's `parseTrailingOperandList`: a comma, then a possibly empty
    // operand list.
    let out = if p.eat(",") {
        p.operand_list()?
    } else {
        Vec::new()
    };
    if !out.is_empty() && out.len() != 2 {
        return Err(p.error_at(
            name_at,
            format!("custom op '{name}' expected two stride related operands"),
        ));
    }
    Ok(out)
}

/// The three memref types after a DMA's `:`.
fn dma_types(p: &mut Parser<'_>, message: &str, name: &str, name_at: usize) -> PResult<[Type; 3]> {
    p.expect(":")?;
    let mut types = vec![p.parse_type()?];
    while p.eat(",") {
        types.push(p.parse_type()?);
    }
    <[Type; 3]>::try_from(types)
        .map_err(|_| p.error_at(name_at, format!("custom op '{name}' {message}")))
}

/// `affine.dma_start %src[map], %dst[map], %tag[map], %n [, %stride,
/// %per_stride] : src-type, dst-type, tag-type`; the maps become the
/// attributes `src_map`, `dst_map`, `tag_map` (MLIR keeps them as
/// discardable attributes, printed in `{...}` in the generic form).
fn parse_affine_dma_start(p: &mut Parser<'_>, st: &mut OpState, name_at: usize) -> PResult<()> {
    let name = "affine.dma_start";
    let mut parts = Vec::new();
    for k in 0..3 {
        if k > 0 {
            p.expect(",")?;
        }
        let mem = p.operand()?;
        let (map, idx) = ssa_affine_map(p, "[", "]")?;
        parts.push((mem, map, idx));
    }
    p.expect(",")?;
    let count = p.operand()?;
    let strides = dma_stride_operands(p, name, name_at)?;
    let at = p.pos;
    let types = dma_types(p, "expected three types", name, name_at)?;
    for ((mem, map, idx), (ty, attr)) in parts
        .into_iter()
        .zip(types.iter().zip(["src_map", "dst_map", "tag_map"]))
    {
        check_operand_type(p, mem, ty, at)?;
        for &v in &idx {
            check_operand_type(p, v, &Type::Index, at)?;
        }
        st.operands.push(mem);
        st.operands.extend(idx);
        st.attrs.push((attr.into(), Attribute::AffineMap(map)));
    }
    for &v in std::iter::once(&count).chain(&strides) {
        check_operand_type(p, v, &Type::Index, at)?;
    }
    st.operands.push(count);
    st.operands.extend(strides);
    st.attrs.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(())
}

/// `%m[%i, %j]`: a memref operand and its plain subscripts.
fn subscripted_operand(p: &mut Parser<'_>, context: &str) -> PResult<(Value, Vec<Value>)> {
    let mem = p.operand()?;
    let idx = p.bracketed_operands(context)?;
    Ok((mem, idx))
}

/// `memref.dma_start %src[%i...], %dst[%j...], %n, %tag[%k...] [, %stride,
/// %per_stride] : src-type, dst-type, tag-type`.
fn parse_memref_dma_start(p: &mut Parser<'_>, st: &mut OpState, name_at: usize) -> PResult<()> {
    let name = "memref.dma_start";
    let src = subscripted_operand(p, " in operand list")?;
    p.expect(",")?;
    let dst = subscripted_operand(p, " in operand list")?;
    p.expect(",")?;
    let count = p.operand()?;
    p.expect(",")?;
    let tag = subscripted_operand(p, " in operand list")?;
    let strides = dma_stride_operands(p, name, name_at)?;
    // Read leniently: mlir-opt prints an attribute dictionary here that
    // its own parser refuses.
    st.attrs = p.opt_attr_dict()?;
    let at = p.pos;
    let [ts, td, tt] = dma_types(p, "fewer/more types expected", name, name_at)?;
    let index = Type::Index;
    let mut typed = vec![(src.0, &ts)];
    typed.extend(src.1.iter().map(|&v| (v, &index)));
    typed.push((dst.0, &td));
    typed.extend(dst.1.iter().map(|&v| (v, &index)));
    typed.push((count, &index));
    typed.push((tag.0, &tt));
    typed.extend(tag.1.iter().chain(&strides).map(|&v| (v, &index)));
    for (v, ty) in typed {
        check_operand_type(p, v, ty, at)?;
        st.operands.push(v);
    }
    Ok(())
}

/// A symbol reference (`@f`) in the custom form of op `op`, or the error
/// of MLIR's parser where something else stands: an integer literal is not
/// valid for the attribute's type (none), another attribute is of the
/// wrong kind.
fn symbol_ref(p: &mut Parser<'_>, op: &str) -> PResult<Attribute> {
    p.skip_ws();
    let at = p.pos;
    if p.wide_integer().is_some() {
        return Err(p.error_at(at, "integer literal not valid for specified type"));
    }
    match p.parse_attribute()? {
        symbol @ Attribute::SymbolRef(_) => Ok(symbol),
        _ => Err(p.custom_error(op, at, "invalid kind of attribute specified")),
    }
}

/// `memref.global ("vis")? constant? @name : memref-type (= uninitialized
/// | = dense<...>)? attr-dict`; the initial value's type is the memref's
/// as a tensor.
fn parse_global(p: &mut Parser<'_>, st: &mut OpState, name_at: usize) -> PResult<()> {
    if let Some(vis) = p.string_lit()? {
        st.props
            .push(("sym_visibility".into(), Attribute::String(vis)));
    }
    if p.eat_keyword("constant") {
        st.props.push(("constant".into(), Attribute::Unit));
    }
    let path = symbol_name(p, "memref.global")?;
    st.props
        .push(("sym_name".into(), Attribute::String(path.join("::"))));
    p.expect(":")?;
    let ty = p.parse_type()?;
    let Some(tensor) = global_tensor_type(&ty) else {
        return Err(p.error_at(
            name_at,
            format!(
                "custom op 'memref.global' type should be static shaped memref, but got '{ty}'"
            ),
        ));
    };
    if p.eat("=") {
        p.skip_ws();
        let value_at = p.pos;
        let value = if p.eat_keyword("uninitialized") {
            Attribute::Unit
        } else if p.peek("-") || p.src[p.pos..].starts_with(|c: char| c.is_ascii_digit()) {
            return Err(p.error_at(value_at, "integer literal not valid for specified type"));
        } else if p.src[p.pos..].starts_with("dense") {
            p.parse_dense_of_type(tensor)?
        } else {
            // (as MLIR: any attribute parses, then is refused)
            p.parse_attribute()?;
            return Err(p.custom_error(
                "memref.global",
                name_at,
                "initial value should be a unit or elements attribute",
            ));
        };
        st.props.push(("initial_value".into(), value));
    }
    st.props.push(("type".into(), Attribute::Type(ty)));
    st.props.sort_by(|a, b| a.0.cmp(&b.0));
    st.attrs = p.opt_attr_dict()?;
    Ok(())
}

/// The tensor type of a `memref.global`'s initial value: its memref type's
/// shape and element type; `None` unless that is a static shaped memref.
pub fn global_tensor_type(ty: &Type) -> Option<Type> {
    match ty {
        Type::MemRef { shape, elem, .. } if !shape.contains(&crate::types::DYNAMIC) => {
            Some(Type::Tensor {
                shape: shape.clone(),
                elem: elem.clone(),
                encoding: None,
            })
        }
        _ => None,
    }
}

fn parse_func(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    p.skip_ws();
    let save = p.pos;
    if let Some(vis) = p.bare_id() {
        if ["private", "public", "nested"].contains(&vis) {
            if vis != "public" {
                st.props
                    .push(("sym_visibility".into(), Attribute::String(vis.to_string())));
            }
        } else {
            p.pos = save;
        }
    }
    let path = symbol_name(p, "func.func")?;
    st.props
        .push(("sym_name".into(), Attribute::String(path.join("::"))));
    p.expect("(")?;
    let mut args: Vec<ArgDef> = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    let mut named = None;
    if !p.eat(")") {
        loop {
            p.skip_ws();
            let is_named = p.peek("%");
            if *named.get_or_insert(is_named) != is_named {
                let message = if is_named {
                    "expected type instead of SSA identifier"
                } else {
                    "expected SSA identifier"
                };
                return Err(p.custom_error("func.func", p.pos, message));
            }
            let ty = if is_named {
                let a = p.arg_def()?;
                let t = a.ty.clone();
                args.push(a);
                t
            } else {
                p.parse_type()?
            };
            inputs.push(ty);
            arg_attrs.push(Attribute::Dict(p.opt_attr_dict()?));
            if let Some(a) = args.last_mut().filter(|_| is_named) {
                a.loc = p.opt_trailing_loc(a.loc)?;
            }
            if !p.eat(",") {
                break;
            }
        }
        p.expect(")")?;
    }
    let mut results = Vec::new();
    let mut res_attrs = Vec::new();
    if p.eat("->") {
        if p.eat("(") {
            if !p.eat(")") {
                loop {
                    results.push(p.parse_type()?);
                    res_attrs.push(Attribute::Dict(p.opt_attr_dict()?));
                    if !p.eat(",") {
                        break;
                    }
                }
                p.expect(")")?;
            }
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(Attribute::Dict(Vec::new()));
        }
    }
    let nonempty = |v: &[Attribute]| {
        v.iter()
            .any(|a| !matches!(a, Attribute::Dict(d) if d.is_empty()))
    };
    if nonempty(&arg_attrs) {
        st.props
            .push(("arg_attrs".into(), Attribute::Array(arg_attrs)));
    }
    if nonempty(&res_attrs) {
        st.props
            .push(("res_attrs".into(), Attribute::Array(res_attrs)));
    }
    st.props.push((
        "function_type".into(),
        Attribute::Type(Type::Function { inputs, results }),
    ));
    st.props.sort_by(|a, b| a.0.cmp(&b.0));
    if p.eat_keyword("attributes") {
        st.attrs = p.parse_dict_body()?;
    }
    p.skip_ws();
    if p.peek("{") {
        let at = p.pos;
        let r = region_with(p, &args, true, "func")?;
        if p.m.regions[r].blocks.is_empty() {
            return Err(p.custom_error("func.func", at, "expected non-empty function body"));
        }
        st.regions.push(r);
    } else {
        st.regions.push(empty_region(p));
    }
    Ok(())
}

/// The punctuations `vector.print` prints after its value or string.
pub const PRINT_PUNCTUATIONS: &[&str] = &["no_punctuation", "newline", "comma", "open", "close"];

/// `vector.print [%v : type] [str "text"] [punctuation <p>] {attrs}`: the
/// value and the clauses are each optional, the clauses in either order.
fn parse_vector_print(p: &mut Parser<'_>, st: &mut OpState, name_at: usize) -> PResult<()> {
    p.skip_ws();
    if p.peek("%") {
        let a = p.operand()?;
        p.expect(":")?;
        let at = p.pos;
        let ty = p.parse_type()?;
        check_operand_type(p, a, &ty, at)?;
        st.operands = vec![a];
    }
    let twice = |p: &Parser<'_>, clause: &str| {
        p.custom_error(
            "vector.print",
            name_at,
            format!("`{clause}` clause can appear at most once in the expansion of the oilist directive"),
        )
    };
    let mut punctuation = None;
    let mut text = None;
    loop {
        if p.eat_keyword("str") {
            if text.is_some() {
                return Err(twice(p, "str"));
            }
            // MLIR's parser ends the op when no string follows.
            let Some(s) = p.string_lit()? else {
                return Err(p.error("expected operation name in quotes"));
            };
            text = Some(s);
        } else if p.eat_keyword("punctuation") {
            if punctuation.is_some() {
                return Err(twice(p, "punctuation"));
            }
            p.expect("<")?;
            p.skip_ws();
            let at = p.pos;
            let kind = p.bare_id().unwrap_or("");
            if !PRINT_PUNCTUATIONS.contains(&kind) {
                return Err(p.custom_error(
                    "vector.print",
                    at,
                    format!(
                        "expected ::mlir::vector::PrintPunctuation to be one of: {}",
                        PRINT_PUNCTUATIONS.join(", ")
                    ),
                ));
            }
            p.expect(">")?;
            punctuation = Some(kind);
        } else {
            break;
        }
    }
    let punctuation = punctuation.unwrap_or("newline");
    st.props.push((
        "punctuation".into(),
        Attribute::Opaque(format!("vector.punctuation<{punctuation}>")),
    ));
    if let Some(text) = text {
        st.props
            .push(("stringLiteral".into(), Attribute::String(text)));
    }
    st.attrs = p.opt_attr_dict()?;
    Ok(())
}

/// The `@name` an op defines, or the error of op `op`'s parser.
fn symbol_name(p: &mut Parser<'_>, op: &str) -> PResult<Vec<String>> {
    p.skip_ws();
    let at = p.pos;
    match p.peek("@").then(|| p.parse_attribute()).transpose()? {
        Some(Attribute::SymbolRef(path)) => Ok(path),
        _ => Err(p.custom_error(op, at, "expected valid '@'-identifier for symbol name")),
    }
}

/// One `affine.for` bound: its map and operands.
fn affine_bound(
    p: &mut Parser<'_>,
    kw: &str,
    for_loc: Location,
) -> PResult<(AffineMap, Vec<Value>)> {
    p.skip_ws();
    let at = p.pos;
    if let Some(v) = p.integer() {
        return Ok((AffineMap::constant(v), Vec::new()));
    }
    if p.peek("%") {
        let v = p.operand()?;
        check_operand_type(p, v, &Type::Index, at)?;
        let map = AffineMap::new(0, 1, vec![AffineExpr::symbol(0)])
            .map_err(|e| p.error_at(at, e.to_string()))?;
        return Ok((map, vec![v]));
    }
    let has_kw = p.eat_keyword(kw);
    p.skip_ws();
    let map_at = p.pos;
    let map = p.parse_map_attr()?;
    if map.results().len() > 1 && !has_kw {
        return Err(p.error_at(
            map_at,
            format!("lower loop bound affine map with multiple results requires '{kw}' prefix")
                .replace("lower", if kw == "max" { "lower" } else { "upper" }),
        ));
    }
    if map.results().is_empty() {
        return Err(p.error_at(map_at, "expected at least one result in a bound map"));
    }
    let ops = dims_and_symbols(p, map.num_dims(), map.num_symbols())?.map_err(|a| {
        let w = a.word();
        crate::error::Diagnostic::new(
            &p.m.file,
            p.src,
            for_loc,
            format!("custom op 'affine.for' {w} operand count and affine map {w} count must match"),
        )
    })?;
    Ok((map, ops))
}

/// `%a = %v, %b = %w)`: region arguments (typed later) and their initial
/// values, up to and with the closing parenthesis (MLIR's assignment list).
fn assignments(p: &mut Parser<'_>, defs: &mut Vec<ArgDef>, inits: &mut Vec<Value>) -> PResult<()> {
    if p.eat(")") {
        return Ok(());
    }
    loop {
        let (name, loc) = p.region_arg_name("expected SSA operand")?;
        p.expect("=")?;
        inits.push(p.operand()?);
        defs.push(ArgDef {
            name: name.to_string(),
            ty: Type::None,
            loc,
        });
        if p.eat(")") {
            return Ok(());
        }
        p.expect_or(",", "expected ',' or ')'")?;
    }
}

/// Parses `iter_args(%a = %x, ...) -> (types)` of the loop named at
/// `name_at`; returns the new block arguments (without types filled) and
/// the init operands. As in MLIR, `affine.for` resolves the operands it has
/// types for before it counts them, and `scf.for` counts first.
fn iter_args(
    p: &mut Parser<'_>,
    st: &mut OpState,
    name_at: usize,
) -> PResult<(Vec<ArgDef>, Vec<Value>)> {
    let mut defs = Vec::new();
    let mut inits = Vec::new();
    let scf = st.name == "scf.for";
    let mismatch = if scf {
        "mismatch in number of loop-carried values and defined values"
    } else {
        "mismatch between the number of loop-carried values and results"
    };
    if !p.eat_keyword("iter_args") {
        return Ok((defs, inits));
    }
    if !p.eat("(") {
        p.skip_ws();
        return Err(p.custom_error(&st.name, p.pos, "expected '('"));
    }
    assignments(p, &mut defs, &mut inits)?;
    p.expect("->")?;
    let at = p.pos;
    let types = p.parse_result_types()?;
    if scf && types.len() != defs.len() {
        return Err(p.custom_error(&st.name, name_at, mismatch));
    }
    for ((d, t), v) in defs.iter_mut().zip(&types).zip(&inits) {
        check_operand_type(p, *v, t, at)?;
        d.ty = t.clone();
    }
    if types.len() != defs.len() {
        return Err(p.custom_error(&st.name, name_at, mismatch));
    }
    st.result_types = types;
    Ok((defs, inits))
}

fn parse_affine_for(p: &mut Parser<'_>, st: &mut OpState, name_at: usize) -> PResult<()> {
    let loc = p.loc_at(name_at);
    let (iv, iv_loc) = p.region_arg_name("expected SSA operand")?;
    let iv = ArgDef {
        name: iv.to_string(),
        ty: Type::Index,
        loc: iv_loc,
    };
    p.expect("=")?;
    let (lb, lb_ops) = affine_bound(p, "max", loc)?;
    if !p.eat_keyword("to") {
        p.skip_ws();
        return Err(p.custom_error("affine.for", p.pos, "expected 'to' between bounds"));
    }
    let (ub, ub_ops) = affine_bound(p, "min", loc)?;
    let mut step = 1;
    if p.eat_keyword("step") {
        p.skip_ws();
        let sat = p.pos;
        // An attribute, as MLIR reads it: an integer one is the step.
        step = match p.parse_attribute()? {
            Attribute::Integer { value, .. } => value,
            _ => {
                return Err(p.custom_error(
                    "affine.for",
                    sat,
                    "invalid kind of attribute specified",
                ))
            }
        };
        if step <= 0 {
            return Err(p.error_at(
                sat,
                "custom op 'affine.for' expected step to be representable as a positive signed integer",
            ));
        }
    }
    let (iters, inits) = iter_args(p, st, name_at)?;
    let mut args = vec![iv];
    args.extend(iters);
    let r = region_with(p, &args, false, "")?;
    if inits.is_empty() {
        ensure_terminator(p, r, "affine.yield", loc);
    }
    st.regions.push(r);
    st.attrs = p.opt_attr_dict()?;
    st.props = vec![
        ("lowerBoundMap".into(), Attribute::AffineMap(lb)),
        (
            "operandSegmentSizes".into(),
            segments(&[lb_ops.len(), ub_ops.len(), inits.len()]),
        ),
        ("step".into(), index_attr(step)),
        ("upperBoundMap".into(), Attribute::AffineMap(ub)),
    ];
    st.operands = lb_ops.into_iter().chain(ub_ops).chain(inits).collect();
    Ok(())
}

/// Parses `(e, max(e, e), ...)` bounds of `affine.parallel`.
fn parallel_bounds(
    p: &mut Parser<'_>,
    kw: &str,
    ids: &mut SsaIds,
) -> PResult<(Vec<AffineExpr>, Vec<i64>)> {
    p.expect("(")?;
    let mut exprs = Vec::new();
    let mut groups = Vec::new();
    if p.eat(")") {
        return Ok((exprs, groups));
    }
    loop {
        if p.eat_keyword(kw) {
            p.expect_or("(", "expected '(' in affine map")?;
            let mut n = 0;
            loop {
                exprs.push(ssa_affine_expr(p, ids)?);
                n += 1;
                if !p.eat(",") {
                    break;
                }
            }
            p.expect_or(")", "expected ')' in affine map")?;
            groups.push(n);
        } else {
            exprs.push(ssa_affine_expr(p, ids)?);
            groups.push(1);
        }
        if !p.eat(",") {
            break;
        }
    }
    p.expect(")")?;
    Ok((exprs, groups))
}

/// `(%i, %j)`: the induction variables of a parallel loop (MLIR's
/// argument list in parentheses).
fn argument_list(p: &mut Parser<'_>) -> PResult<Vec<ArgDef>> {
    p.expect_or("(", "expected '(' in argument list")?;
    let mut ivs = Vec::new();
    if p.eat(")") {
        return Ok(ivs);
    }
    loop {
        let (n, loc) = p.region_arg_name("expected SSA operand")?;
        ivs.push(ArgDef {
            name: n.to_string(),
            ty: Type::Index,
            loc,
        });
        if !p.eat(",") {
            break;
        }
    }
    p.expect_or(")", "expected ')' in argument list")?;
    Ok(ivs)
}

fn parse_affine_parallel(p: &mut Parser<'_>, st: &mut OpState, name_at: usize) -> PResult<()> {
    let loc = p.loc_at(name_at);
    let ivs = argument_list(p)?;
    p.expect("=")?;
    p.skip_ws();
    let at = p.pos;
    let mut lids = SsaIds::default();
    let (lexprs, lgroups) = parallel_bounds(p, "max", &mut lids)?;
    p.expect_keyword("to")?;
    let mut uids = SsaIds::default();
    let (uexprs, ugroups) = parallel_bounds(p, "min", &mut uids)?;
    let mut steps = vec![1i64; ivs.len()];
    if p.eat_keyword("step") {
        // An affine map of constants, as MLIR parses it.
        let (map, _) = ssa_affine_map(p, "(", ")")?;
        steps = map
            .results()
            .iter()
            .map(|e| e.as_constant())
            .collect::<Option<_>>()
            .ok_or_else(|| {
                p.custom_error(
                    "affine.parallel",
                    name_at,
                    "steps must be constant integers",
                )
            })?;
        if steps.iter().any(|&s| s <= 0) {
            return Err(p.error_at(name_at, "steps must be positive"));
        }
    }
    if lgroups.len() != ivs.len() || ugroups.len() != ivs.len() || steps.len() != ivs.len() {
        return Err(crate::error::Diagnostic::new(
            &p.m.file,
            p.src,
            loc,
            format!(
                "'affine.parallel' op the number of region arguments ({}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({}) must all match",
                ivs.len(),
                lgroups.len(),
                ugroups.len(),
                steps.len()
            ),
        ));
    }
    let mut reductions = Vec::new();
    if p.eat_keyword("reduce") {
        p.expect("(")?;
        loop {
            p.skip_ws();
            let rat = p.pos;
            let kind = p
                .string_lit()?
                .ok_or_else(|| p.error("expected reduction kind string"))?;
            let k = REDUCTION_KINDS
                .iter()
                .position(|&s| s == kind)
                .ok_or_else(|| p.error_at(rat, format!("invalid reduction value: \"{kind}\"")))?;
            reductions.push(Attribute::Integer {
                value: k as i64,
                ty: Type::Integer(64),
            });
            if !p.eat(",") {
                break;
            }
        }
        p.expect(")")?;
    }
    // The results are read apart from the reductions, and their counts
    // checked as MLIR's verifier checks them.
    if p.eat("->") {
        st.result_types = p.parse_result_types()?;
    }
    if st.result_types.len() != reductions.len() {
        return Err(p.error_at(
            name_at,
            "'affine.parallel' op a reduction must be specified for each output",
        ));
    }
    let r = region_with(p, &ivs, false, "")?;
    if reductions.is_empty() {
        ensure_terminator(p, r, "affine.yield", loc);
    }
    st.regions.push(r);
    st.attrs = p.opt_attr_dict()?;
    let lmap = AffineMap::new(lids.dims.len() as u32, lids.symbols.len() as u32, lexprs)
        .map_err(|e| p.error_at(at, e.to_string()))?;
    let umap = AffineMap::new(uids.dims.len() as u32, uids.symbols.len() as u32, uexprs)
        .map_err(|e| p.error_at(at, e.to_string()))?;
    let groups = |g: Vec<i64>| Attribute::DenseInt {
        ty: Type::Tensor {
            shape: vec![g.len() as i64],
            elem: Box::new(Type::Integer(32)),
            encoding: None,
        },
        values: match g.first() {
            Some(&first) if g.iter().all(|&x| x == first) => vec![first],
            _ => g,
        },
    };
    st.props = vec![
        ("lowerBoundsGroups".into(), groups(lgroups)),
        ("lowerBoundsMap".into(), Attribute::AffineMap(lmap)),
        ("reductions".into(), Attribute::Array(reductions)),
        (
            "steps".into(),
            Attribute::Array(
                steps
                    .into_iter()
                    .map(|s| Attribute::Integer {
                        value: s,
                        ty: Type::Integer(64),
                    })
                    .collect(),
            ),
        ),
        ("upperBoundsGroups".into(), groups(ugroups)),
        ("upperBoundsMap".into(), Attribute::AffineMap(umap)),
    ];
    st.operands = lids.operands().into_iter().chain(uids.operands()).collect();
    Ok(())
}

/// Parses a parenthesized list of `count` `index` values of `scf.parallel`:
/// `(%a, %b)`.
fn index_operands(p: &mut Parser<'_>, count: usize) -> PResult<Vec<Value>> {
    p.skip_ws();
    let open = p.pos;
    p.expect("(")?;
    p.skip_ws();
    let at = p.pos;
    let vals = p.operand_list()?;
    p.expect(")")?;
    if vals.len() != count {
        return Err(p.custom_error("scf.parallel", open, format!("expected {count} operands")));
    }
    for &v in &vals {
        check_operand_type(p, v, &Type::Index, at)?;
    }
    Ok(vals)
}

/// `scf.parallel (%i, ..) = (lbs) to (ubs) step (steps) [init (vals)]
/// [-> types] { ... }`; a body without results gets an `scf.reduce`.
fn parse_scf_parallel(
    p: &mut Parser<'_>,
    st: &mut OpState,
    loc: Location,
    name_at: usize,
) -> PResult<()> {
    let ivs = argument_list(p)?;
    p.expect("=")?;
    let lbs = index_operands(p, ivs.len())?;
    p.expect_keyword("to")?;
    let ubs = index_operands(p, ivs.len())?;
    p.expect_keyword("step")?;
    let steps = index_operands(p, ivs.len())?;
    p.skip_ws();
    let at = p.pos;
    if lbs.len() != ivs.len() || ubs.len() != ivs.len() || steps.len() != ivs.len() {
        return Err(p.error_at(
            at,
            "expects the same number of induction variables, lower bounds, upper bounds and steps",
        ));
    }
    let mut inits = Vec::new();
    if p.eat_keyword("init") {
        p.expect("(")?;
        inits = p.operand_list()?;
        p.expect(")")?;
    }
    if p.eat("->") {
        st.result_types = p.parse_result_types()?;
    }
    if st.result_types.len() != inits.len() {
        return Err(p.custom_error(
            "scf.parallel",
            name_at,
            format!(
                "{} operands present, but expected {}",
                inits.len(),
                st.result_types.len()
            ),
        ));
    }
    for (&v, t) in inits.iter().zip(&st.result_types.clone()) {
        check_operand_type(p, v, t, at)?;
    }
    let r = region_with(p, &ivs, false, "")?;
    ensure_terminator(p, r, "scf.reduce", loc);
    st.regions.push(r);
    st.attrs = p.opt_attr_dict()?;
    st.props.push((
        "operandSegmentSizes".into(),
        Attribute::DenseArray {
            elem: Type::Integer(32),
            values: vec![
                lbs.len() as i64,
                ubs.len() as i64,
                steps.len() as i64,
                inits.len() as i64,
            ],
        },
    ));
    st.operands = lbs
        .into_iter()
        .chain(ubs)
        .chain(steps)
        .chain(inits)
        .collect();
    Ok(())
}

/// `scf.while (%a = %init, ...) : (types) -> results {before} do {after}
/// attributes {...}`: the assignments name the `before` region's arguments.
fn parse_scf_while(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let mut defs = Vec::new();
    let mut inits = Vec::new();
    if p.eat("(") {
        assignments(p, &mut defs, &mut inits)?;
    }
    p.skip_ws();
    let at = p.pos;
    p.expect(":")?;
    let Type::Function { inputs, results } = p.parse_type()? else {
        return Err(p.custom_error("scf.while", at, "invalid kind of type specified"));
    };
    if inputs.len() != inits.len() {
        return Err(p.error_at(
            at,
            format!(
                "expected as many input types as operands (expected {} got {})",
                inits.len(),
                inputs.len()
            ),
        ));
    }
    for ((d, t), &v) in defs.iter_mut().zip(&inputs).zip(&inits) {
        check_operand_type(p, v, t, at)?;
        d.ty = t.clone();
    }
    let before = region_with(p, &defs, false, "")?;
    p.expect_keyword("do")?;
    let after = region_with(p, &[], false, "")?;
    if p.eat_keyword("attributes") {
        st.attrs = p.parse_dict_body()?;
    }
    st.regions = vec![before, after];
    st.operands = inits;
    st.result_types = results;
    Ok(())
}

fn parse_scf_for(p: &mut Parser<'_>, st: &mut OpState, name_at: usize) -> PResult<()> {
    let loc = p.loc_at(name_at);
    p.skip_ws();
    let at = p.pos;
    let (iv, iv_loc) = p.region_arg_name("expected SSA operand")?;
    let iv_name = iv.to_string();
    p.expect("=")?;
    let lb = p.operand()?;
    p.expect_keyword("to")?;
    let ub = p.operand()?;
    p.expect_keyword("step")?;
    let step = p.operand()?;
    let (iters, inits) = iter_args(p, st, name_at)?;
    let mut ty = Type::Index;
    if p.eat(":") {
        ty = p.parse_type()?;
    }
    for v in [lb, ub, step] {
        check_operand_type(p, v, &ty, at)?;
    }
    let mut args = vec![ArgDef {
        name: iv_name,
        ty,
        loc: iv_loc,
    }];
    args.extend(iters);
    let r = region_with(p, &args, false, "")?;
    if inits.is_empty() {
        ensure_terminator(p, r, "scf.yield", loc);
    }
    st.regions.push(r);
    st.attrs = p.opt_attr_dict()?;
    st.operands = [lb, ub, step].into_iter().chain(inits).collect();
    Ok(())
}
