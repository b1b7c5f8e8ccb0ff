//! The native back end against the interpreter, the affine evaluator and
//! reference models: every corpus `@main` prints the same text; random
//! affine expressions, integer and float ops agree on many inputs (batched
//! into a few compiled libraries, since compiling dominates); faults,
//! unsupported input and compiler failures are clear errors.

use std::fmt::Write;
use std::path::Path;
use std::process::Command;

use tessera::affine::{AffineExpr, AffineMap, Constraint, EvalError, IntegerSet};
use tessera::backend::{
    compile, translate, Arg, BackendError, CompileOptions, ElemType, EmitOptions, Library,
    MemRefArg, ParamType, Scalar, ScalarType,
};
use tessera::ir::attr::format_float;
use tessera::ir::interp::{Interpreter, RtValue};
use tessera::ir::{parse_and_verify, Diagnostic, Module, Type};
use tessera::transforms::passes::run_pass;
use tessera::transforms::pipeline::PassInvocation;

/// Is a C compiler available? Prints the loud notice when not.
fn have_cc(test: &str) -> bool {
    let cc = std::env::var("CC")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| "cc".into());
    let program = cc.split_whitespace().next().unwrap_or("cc").to_string();
    let ok = Command::new(program).arg("--version").output().is_ok();
    if !ok {
        eprintln!("SKIPPED: no C compiler ({test})");
        println!("SKIPPED: no C compiler ({test})");
    }
    ok
}

/// Checked code at `-O2` (a third of `-O3`'s compile time; the tests that
/// must see the default flags use them).
fn quick(openmp: bool) -> CompileOptions {
    let mut flags = tessera::backend::default_flags(openmp);
    flags.retain(|f| f != "-O3");
    flags.push("-O2".into());
    CompileOptions {
        emit: EmitOptions {
            checks: true,
            openmp,
            ..EmitOptions::default()
        },
        flags: Some(flags),
        ..CompileOptions::default()
    }
}

fn build(m: &Module, opts: &CompileOptions) -> Library {
    match compile(m, opts) {
        Ok(lib) => lib,
        Err(e) => panic!("{}: {e}", m.file),
    }
}

fn parse(name: &str, text: &str) -> Module {
    match parse_and_verify(name, text) {
        Ok(m) => m,
        Err(e) => panic!("{e}\n{text}"),
    }
}

/// A deterministic xorshift generator (the cases must be reproducible).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi as i128 - lo as i128 + 1) as u128;
        (lo as i128 + (self.next() as u128 % span) as i128) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

// ---------------------------------------------------------------------------
// The corpus.

/// The corpus files with a `@main` taking no arguments.
fn corpus_mains() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ir/tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let name = p.file_name()?.to_string_lossy().into_owned();
            text.contains("func.func @main()").then_some((name, text))
        })
        .collect()
}

fn interpret(m: &Module) -> String {
    let mut it = Interpreter::new(m);
    if let Err(e) = it.call("main", &[]) {
        panic!("{}: interpreter: {e}", m.file);
    }
    it.output().to_string()
}

/// Runs `check` on every item, on two threads (compiling dominates).
fn on_two_threads<T: Sync>(items: &[T], check: impl Fn(&T) + Sync) {
    let (a, b) = items.split_at(items.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| a.iter().for_each(&check));
        b.iter().for_each(&check);
    });
}

#[test]
fn corpus_mains_print_what_the_interpreter_prints() {
    if !have_cc("corpus") {
        return;
    }
    let files = corpus_mains();
    assert!(files.len() >= 20, "only {} corpus mains", files.len());
    on_two_threads(&files, |(name, text)| {
        let m = parse(name, text);
        let expected = interpret(&m);
        let got = build(&m, &quick(false)).run("main");
        match got {
            Ok(out) => assert_eq!(out, expected, "{name}"),
            Err(e) => panic!("{name}: {e}"),
        }
    });
}

#[test]
fn corpus_mains_after_parallelize_run_with_openmp() {
    if !have_cc("corpus with OpenMP") {
        return;
    }
    let files = corpus_mains();
    let pass = PassInvocation::with_options("affine-parallelize", "").expect("pass");
    let mut parallel = 0;
    let mut modules = Vec::new();
    for (name, text) in &files {
        let original = parse(name, text);
        let expected = interpret(&original);
        let mut m = original.clone();
        run_pass(&mut m, &pass).expect("affine-parallelize");
        let before = parallel;
        parallel += m
            .walk()
            .iter()
            .filter(|&&o| m.ops[o].name == "affine.parallel")
            .count();
        if parallel > before || text.contains("affine.parallel") {
            modules.push((name.clone(), m, expected));
        }
    }
    assert!(
        parallel >= 10,
        "the pass made only {parallel} parallel loops"
    );
    on_two_threads(&modules, |(name, m, expected)| {
        let lib = build(m, &quick(true));
        assert!(lib.source().contains("#pragma omp parallel for"), "{name}");
        match lib.run("main") {
            Ok(out) => assert_eq!(&out, expected, "{name}"),
            Err(e) => panic!("{name}: {e}"),
        }
    });
}

/// The corpus files, every one.
fn corpus_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ir/tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            Some((p.file_name()?.to_string_lossy().into_owned(), text))
        })
        .collect()
}

/// A Rust buffer of one of the element types, filled with `fill`.
enum Buffer {
    F32(Vec<f32>),
    F64(Vec<f64>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
}

impl Buffer {
    fn new(elem: ElemType, n: usize, fill: f64) -> Buffer {
        match elem {
            ElemType::F32 => Buffer::F32(vec![fill as f32; n]),
            ElemType::F64 => Buffer::F64(vec![fill; n]),
            ElemType::I8 => Buffer::I8(vec![fill as i8; n]),
            ElemType::I16 => Buffer::I16(vec![fill as i16; n]),
            ElemType::I32 => Buffer::I32(vec![fill as i32; n]),
            ElemType::I64 => Buffer::I64(vec![fill as i64; n]),
        }
    }

    fn arg(&mut self, shape: &[i64]) -> Arg<'_> {
        let m = match self {
            Buffer::F32(v) => MemRefArg::new(v, shape),
            Buffer::F64(v) => MemRefArg::new(v, shape),
            Buffer::I8(v) => MemRefArg::new(v, shape),
            Buffer::I16(v) => MemRefArg::new(v, shape),
            Buffer::I32(v) => MemRefArg::new(v, shape),
            Buffer::I64(v) => MemRefArg::new(v, shape),
        };
        Arg::MemRef(m.expect("buffer fits"))
    }

    fn values(&self) -> Vec<f64> {
        match self {
            Buffer::F32(v) => v.iter().map(|&x| f64::from(x)).collect(),
            Buffer::F64(v) => v.clone(),
            Buffer::I8(v) => v.iter().map(|&x| f64::from(x)).collect(),
            Buffer::I16(v) => v.iter().map(|&x| f64::from(x)).collect(),
            Buffer::I32(v) => v.iter().map(|&x| f64::from(x)).collect(),
            Buffer::I64(v) => v.iter().map(|&x| x as f64).collect(),
        }
    }
}

/// Runs every function of `m` that Rust can call (identity-layout memrefs
/// filled with a constant, `?` sizes 5, scalars 3 or 1.5) in the
/// interpreter and through `lib`; results, buffers, output and faults must
/// agree. Returns how many functions ran.
fn run_all_functions(m: &Module, lib: &Library) -> usize {
    let mut ran = 0;
    // One interpreter for all calls, as one library: globals live on from
    // call to call in both.
    let mut it = Interpreter::new(m);
    for name in lib.functions().map(str::to_string).collect::<Vec<_>>() {
        let Ok(kernel) = lib.kernel(&name) else {
            continue;
        };
        let sig = kernel.signature().clone();
        let mut shapes = Vec::new();
        let mut identity = true;
        for p in &sig.params {
            if let ParamType::MemRef(t) = p {
                let shape: Vec<i64> = t.sizes.iter().map(|s| s.unwrap_or(5)).collect();
                let row_major = tessera::backend::args::row_major_strides(&shape).expect("strides");
                identity &= t.offset.unwrap_or(0) == 0
                    && t.strides
                        .iter()
                        .zip(&row_major)
                        .all(|(s, r)| s.map_or(true, |s| s == *r));
                shapes.push(shape);
            }
        }
        if !identity {
            continue;
        }
        it.take_output();
        let mut iargs = Vec::new();
        let mut handles = Vec::new();
        let mut buffers = Vec::new();
        let mut shape_of = shapes.iter();
        for p in &sig.params {
            match p {
                ParamType::Scalar(ScalarType::Int { .. }) => iargs.push(RtValue::Int(3)),
                ParamType::Scalar(_) => iargs.push(RtValue::Float(1.5)),
                ParamType::MemRef(t) => {
                    let shape = shape_of.next().expect("shape").clone();
                    let fill = if matches!(t.elem, ElemType::F32 | ElemType::F64) {
                        0.5
                    } else {
                        2.0
                    };
                    let ty = match t.elem {
                        ElemType::F32 => Type::F32,
                        ElemType::F64 => Type::F64,
                        ElemType::I8 => Type::Integer(8),
                        ElemType::I16 => Type::Integer(16),
                        ElemType::I32 => Type::Integer(32),
                        ElemType::I64 => Type::Integer(64),
                    };
                    let h = it.alloc(&ty, &shape, fill).expect("interpreter alloc");
                    iargs.push(h);
                    handles.push(h);
                    let n = shape.iter().product::<i64>() as usize;
                    buffers.push((Buffer::new(t.elem, n, fill), shape));
                }
            }
        }
        it.set_iteration_budget(10_000_000);
        let want = it.call(&name, &iargs);
        if matches!(&want, Err(e) if e.message.contains("uninitialised")) {
            continue;
        }
        let mut scalars = sig.params.iter().filter_map(|p| match p {
            ParamType::Scalar(ScalarType::Int { .. }) => Some(Arg::Int(3)),
            ParamType::Scalar(ScalarType::F32) => Some(Arg::F32(1.5)),
            ParamType::Scalar(ScalarType::F64) => Some(Arg::F64(1.5)),
            ParamType::MemRef(_) => None,
        });
        let mut memrefs = buffers.iter_mut();
        let mut args: Vec<Arg<'_>> = sig
            .params
            .iter()
            .map(|p| match p {
                ParamType::MemRef(_) => {
                    let (b, shape) = memrefs.next().expect("buffer");
                    b.arg(shape)
                }
                _ => scalars.next().expect("scalar"),
            })
            .collect();
        let got = kernel.call(&mut args);
        drop(args);
        let what = format!("{}: @{name}", m.file);
        match (want, got) {
            (Ok(results), Ok(out)) => {
                assert_eq!(out.output, it.output(), "{what}");
                for ((r, c), ty) in results.iter().zip(&out.results).zip(&sig.results) {
                    let RtValue::Int(bits) = *r else {
                        panic!("{what}: result {r:?}")
                    };
                    let same = match (ty, c) {
                        (ScalarType::Int { .. }, Scalar::Int(v)) => bits == *v,
                        (ScalarType::F32, Scalar::F32(v)) => {
                            same_float(f64::from_bits(bits as u64), f64::from(*v))
                        }
                        (ScalarType::F64, Scalar::F64(v)) => {
                            same_float(f64::from_bits(bits as u64), *v)
                        }
                        _ => false,
                    };
                    assert!(same, "{what}: interpreter {r:?}, C {c:?}");
                }
                for (h, (b, _)) in handles.iter().zip(&buffers) {
                    let (w, g) = (it.read(*h), b.values());
                    assert!(
                        w.len() == g.len() && w.iter().zip(&g).all(|(a, b)| same_float(*a, *b)),
                        "{what}: buffers differ"
                    );
                }
            }
            (Err(w), Err(BackendError::Runtime { error, .. })) => {
                assert_eq!((error.loc, &error.message), (w.loc, &w.message), "{what}");
            }
            (w, g) => panic!("{what}: interpreter {w:?}, C {g:?}"),
        }
        ran += 1;
    }
    ran
}

#[test]
fn corpus_functions_run_on_buffers_as_in_the_interpreter() {
    if !have_cc("corpus functions") {
        return;
    }
    let modules: Vec<Module> = corpus_files()
        .iter()
        .map(|(name, text)| parse(name, text))
        .filter(|m| translate(m, &EmitOptions::default()).is_ok())
        .filter(|m| m.functions().len() > usize::from(m.function("main").is_some()))
        .collect();
    assert!(
        modules.len() >= 25,
        "only {} translatable corpus files",
        modules.len()
    );
    let ran = std::sync::atomic::AtomicUsize::new(0);
    on_two_threads(&modules, |m| {
        let lib = build(m, &quick(false));
        ran.fetch_add(
            run_all_functions(m, &lib),
            std::sync::atomic::Ordering::Relaxed,
        );
    });
    let ran = ran.into_inner();
    assert!(ran >= 25, "only {ran} functions ran");
}

#[test]
fn default_flags_compile_the_kernels_alike() {
    if !have_cc("default flags") {
        return;
    }
    let files: Vec<_> = corpus_mains()
        .into_iter()
        .filter(|(n, _)| ["matmul.mlir", "int_kernel.mlir", "float_ops.mlir"].contains(&n.as_str()))
        .collect();
    assert_eq!(files.len(), 3);
    on_two_threads(&files, |(name, text)| {
        let m = parse(name, text);
        let lib = build(&m, &CompileOptions::default());
        assert_eq!(lib.run("main").expect("runs"), interpret(&m), "{name}");
        let t = lib.timings();
        assert!(t.compile > t.emit, "{t:?}");
    });
}

// ---------------------------------------------------------------------------
// Affine expressions and sets against tessera-affine's evaluator.

fn random_expr(rng: &mut Rng, depth: u32) -> AffineExpr {
    if depth == 0 || rng.chance(25) {
        return match rng.range(0, 3) {
            0 => AffineExpr::dim(0),
            1 => AffineExpr::dim(1),
            2 => AffineExpr::symbol(0),
            _ => AffineExpr::constant(rng.range(-9, 9)),
        };
    }
    let e = random_expr(rng, depth - 1);
    let divisor = if rng.chance(20) {
        AffineExpr::symbol(0)
    } else {
        AffineExpr::constant(rng.range(1, 7))
    };
    let r = match rng.range(0, 5) {
        0 => Ok(e + random_expr(rng, depth - 1)),
        1 => Ok(e * rng.range(-4, 4)),
        2 => e.try_floor_div(&divisor),
        3 => e.try_ceil_div(&divisor),
        4 => e.try_modulo(&divisor),
        _ => e.try_mul(&AffineExpr::symbol(0)),
    };
    r.unwrap_or_else(|_| AffineExpr::dim(0))
}

fn random_set(rng: &mut Rng) -> IntegerSet {
    let n = rng.range(1, 3);
    let constraints = (0..n)
        .map(|_| {
            let e = random_expr(rng, 3);
            if rng.chance(30) {
                Constraint::eq(e)
            } else {
                Constraint::ge(e)
            }
        })
        .collect();
    IntegerSet::new(2, 1, constraints).expect("set")
}

#[test]
fn affine_expressions_and_sets_agree_with_the_evaluator() {
    if !have_cc("affine expressions") {
        return;
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let exprs: Vec<AffineExpr> = (0..160).map(|_| random_expr(&mut rng, 4)).collect();
    let sets: Vec<IntegerSet> = (0..80).map(|_| random_set(&mut rng)).collect();
    let mut src = String::new();
    for (k, e) in exprs.iter().enumerate() {
        let map = AffineMap::new(2, 1, vec![e.clone()]).expect("map");
        let _ = writeln!(
            src,
            "func.func @e{k}(%d0: index, %d1: index, %s0: index) -> index {{\n  %r = affine.apply affine_map<{map}>(%d0, %d1)[%s0]\n  return %r : index\n}}"
        );
    }
    for (k, set) in sets.iter().enumerate() {
        let _ = writeln!(
            src,
            "func.func @c{k}(%d0: index, %d1: index, %s0: index) -> index {{\n  %r = affine.if affine_set<{set}>(%d0, %d1)[%s0] -> index {{\n    %one = arith.constant 1 : index\n    affine.yield %one : index\n  }} else {{\n    %zero = arith.constant 0 : index\n    affine.yield %zero : index\n  }}\n  return %r : index\n}}"
        );
    }
    let m = parse("affine.mlir", &src);
    let lib = build(&m, &quick(false));
    let (mut values, mut faults) = (0, 0);
    let mut check = |name: String,
                     expected: Result<i64, EvalError>,
                     what: &str,
                     point: [i64; 3]| {
        let kernel = lib.kernel(&name).expect("kernel");
        let got = kernel.call(&mut [Arg::Int(point[0]), Arg::Int(point[1]), Arg::Int(point[2])]);
        match (expected, got) {
            (Ok(v), Ok(out)) => {
                values += 1;
                assert_eq!(out.results, [Scalar::Int(v)], "@{name} at {point:?}");
            }
            (Err(EvalError::NonPositiveDivisor(b)), Err(BackendError::Runtime { error, .. })) => {
                faults += 1;
                assert_eq!(
                    error.message,
                    format!("cannot evaluate {what}: division by non-positive value {b}"),
                    "@{name} at {point:?}"
                );
            }
            (e, g) => panic!("@{name} at {point:?}: evaluator {e:?}, C {g:?}"),
        }
    };
    for (k, e) in exprs.iter().enumerate() {
        for _ in 0..25 {
            let p = [rng.range(-60, 60), rng.range(-60, 60), rng.range(-4, 9)];
            check(
                format!("e{k}"),
                e.evaluate(&p[..2], &p[2..]),
                "affine expression",
                p,
            );
        }
    }
    for (k, set) in sets.iter().enumerate() {
        for _ in 0..25 {
            let p = [rng.range(-20, 20), rng.range(-20, 20), rng.range(-4, 9)];
            let expected = set.contains(&p[..2], &p[2..]).map(i64::from);
            check(format!("c{k}"), expected, "condition", p);
        }
    }
    assert!(
        values > 4000 && faults > 20,
        "{values} values, {faults} faults"
    );
}

// ---------------------------------------------------------------------------
// Integer and float arithmetic: C kernels over the cross product of value
// lists (`R[i][j] = U[i] op V[j]`), run from Rust on buffers, against the
// interpreter running the same kernels on the same values (through
// interpreter-only functions that store the values as constants), or
// against a reference model for the ops the interpreter does not know.

const INT_OPS: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divsi",
    "divui",
    "remsi",
    "remui",
    "floordivsi",
    "ceildivsi",
    "maxsi",
    "minsi",
    "andi",
    "ori",
    "xori",
];

const CMPI: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

const DIVISIONS: &[&str] = &[
    "divsi",
    "divui",
    "remsi",
    "remui",
    "floordivsi",
    "ceildivsi",
];

const SIGNED_DIVISIONS: &[&str] = &["divsi", "floordivsi", "ceildivsi"];

/// Widths under test; 0 is `index`.
const WIDTHS: &[u32] = &[1, 3, 8, 16, 32, 64, 0];

fn ty_name(w: u32) -> String {
    if w == 0 {
        "index".into()
    } else {
        format!("i{w}")
    }
}

fn bits(w: u32) -> u32 {
    if w == 0 {
        64
    } else {
        w
    }
}

/// Width of the buffers holding values of width `w`.
fn container(w: u32) -> u32 {
    match bits(w) {
        0..=8 => 8,
        9..=16 => 16,
        17..=32 => 32,
        _ => 64,
    }
}

fn sext(v: i64, w: u32) -> i64 {
    let b = bits(w);
    if b >= 64 {
        v
    } else {
        (v << (64 - b)) >> (64 - b)
    }
}

fn zext(v: i64, w: u32) -> u64 {
    let b = bits(w);
    if b >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << b) - 1)
    }
}

fn int_min(w: u32) -> i64 {
    sext(1i64 << (bits(w) - 1), w)
}

/// Edge values and random ones of width `w`, without duplicates.
fn int_values(rng: &mut Rng, w: u32, n: usize) -> Vec<i64> {
    let max = sext(((1u64 << (bits(w) - 1)) - 1) as i64, w);
    let min = int_min(w);
    let mut v: Vec<i64> = Vec::new();
    let push = |x: i64, v: &mut Vec<i64>| {
        if sext(x, w) == x && !v.contains(&x) {
            v.push(x);
        }
    };
    for x in [
        0,
        1,
        -1,
        min,
        max,
        min.wrapping_add(1),
        max - 1,
        2,
        -2,
        3,
        -7,
    ] {
        push(x, &mut v);
    }
    for _ in 0..1000 {
        if v.len() >= n {
            break;
        }
        let x = if rng.chance(50) {
            rng.range(-100, 100)
        } else {
            rng.next() as i64
        };
        push(sext(x, w), &mut v);
    }
    v
}

/// Reference semantics of the ops the interpreter does not run (shift
/// amounts below the width).
fn reference(op: &str, a: i64, b: i64, w: u32) -> i64 {
    let amount = zext(b, w);
    let pick = |first: bool| if first { a } else { b };
    match op {
        "shli" => sext(((a as u64) << amount) as i64, w),
        "shrui" => sext((zext(a, w) >> amount) as i64, w),
        "shrsi" => a >> amount,
        "maxui" => pick(zext(a, w) > zext(b, w)),
        "minui" => pick(zext(a, w) < zext(b, w)),
        _ => unreachable!("{op}"),
    }
}

/// `@k_<op>_<t>(U, V, R)`: `R[i][j] = U[i] op V[j]` at type `t`, the
/// buffers holding the container type and `R` i64 (`cmpi` gives 1 or 0).
fn int_kernel_mlir(out: &mut String, op: &str, w: u32) {
    let t = ty_name(w);
    let c = format!("i{}", container(w));
    let narrow = |x: &str, y: &str| {
        if w == 0 {
            format!("%{y} = arith.index_cast %{x} : {c} to index")
        } else if container(w) != w {
            format!("%{y} = arith.trunci %{x} : {c} to {t}")
        } else if c == "i64" {
            format!("%{y} = arith.addi %{x}, %zero : i64")
        } else {
            format!("%{y} = arith.addi %{x}, %zero{c} : {c}")
        }
    };
    let result = match op.strip_prefix("cmpi_") {
        Some(pred) => format!(
            "%p = arith.cmpi {pred}, %a, %b : {t}\n      %r = arith.select %p, %one, %zero : i64"
        ),
        None => {
            let widen = if w == 0 {
                "%r = arith.index_cast %q : index to i64".to_string()
            } else if w < 64 {
                format!("%r = arith.extsi %q : {t} to i64")
            } else {
                "%r = arith.addi %q, %zero : i64".to_string()
            };
            format!("%q = \"arith.{op}\"(%a, %b) : ({t}, {t}) -> {t}\n      {widen}")
        }
    };
    let zero_c = if c == "i64" {
        String::new()
    } else {
        format!("\n  %zero{c} = arith.constant 0 : {c}")
    };
    let _ = writeln!(
        out,
        "func.func @k_{op}_{t}(%U: memref<?x{c}>, %V: memref<?x{c}>, %R: memref<?x?xi64>) {{
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %zero = arith.constant 0 : i64{zero_c}
  %m = memref.dim %U, %c0 : memref<?x{c}>
  %n = memref.dim %V, %c0 : memref<?x{c}>
  affine.for %i = 0 to %m {{
    affine.for %j = 0 to %n {{
      %x = affine.load %U[%i] : memref<?x{c}>
      %y = affine.load %V[%j] : memref<?x{c}>
      {}
      {}
      {result}
      affine.store %r, %R[%i, %j] : memref<?x?xi64>
    }}
  }}
  return
}}",
        narrow("x", "a"),
        narrow("y", "b"),
    );
}

/// Stores `values` (of element type `ty`) as constants into a new
/// `memref<?x ty>` named `%name`.
fn constant_buffer(out: &mut String, name: &str, values: &[String], ty: &str) {
    let n = values.len();
    let _ = writeln!(out, "  %{name}s = memref.alloc() : memref<{n}x{ty}>");
    for (k, v) in values.iter().enumerate() {
        let _ = writeln!(
            out,
            "  %{name}{k} = arith.constant {v} : {ty}\n  affine.store %{name}{k}, %{name}s[{k}] : memref<{n}x{ty}>"
        );
    }
    let _ = writeln!(
        out,
        "  %{name} = memref.cast %{name}s : memref<{n}x{ty}> to memref<?x{ty}>"
    );
}

/// Calls `@k_<op>_<t>` on buffers holding `u` and `v`; returns `R`.
fn run_int_kernel(lib: &Library, op: &str, w: u32, u: &[i64], v: &[i64]) -> Vec<i64> {
    let name = format!("k_{op}_{}", ty_name(w));
    let mut r = vec![0i64; u.len() * v.len()];
    macro_rules! run {
        ($t:ty) => {{
            let mut a: Vec<$t> = u.iter().map(|&x| x as $t).collect();
            let mut b: Vec<$t> = v.iter().map(|&x| x as $t).collect();
            let mut args = [
                Arg::MemRef(MemRefArg::new(&mut a, &[u.len() as i64]).unwrap()),
                Arg::MemRef(MemRefArg::new(&mut b, &[v.len() as i64]).unwrap()),
                Arg::MemRef(MemRefArg::new(&mut r, &[u.len() as i64, v.len() as i64]).unwrap()),
            ];
            if let Err(e) = lib.call(&name, &mut args) {
                panic!("@{name}: {e}");
            }
        }};
    }
    match container(w) {
        8 => run!(i8),
        16 => run!(i16),
        32 => run!(i32),
        _ => run!(i64),
    }
    r
}

/// The integers printed by `printMemref*` (after its header line).
fn printed_ints(text: &str) -> Vec<i64> {
    text.lines()
        .skip(1)
        .flat_map(|l| l.split(|c: char| !(c.is_ascii_digit() || c == '-')))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("an integer"))
        .collect()
}

#[test]
fn integer_ops_agree_with_the_interpreter_and_the_reference() {
    if !have_cc("integer ops") {
        return;
    }
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let ops: Vec<String> = INT_OPS
        .iter()
        .map(|s| s.to_string())
        .chain(CMPI.iter().map(|p| format!("cmpi_{p}")))
        .collect();
    let extra = ["shli", "shrsi", "shrui", "maxui", "minui"];
    // (op, width, U, V): no division by zero, no MIN / -1.
    let mut cases: Vec<(String, u32, Vec<i64>, Vec<i64>)> = Vec::new();
    let mut kernels = String::new();
    let mut faults = String::new();
    let mut nfaults = 0;
    for &w in WIDTHS {
        let values = int_values(&mut rng, w, 16);
        for op in ops.iter().map(String::as_str).chain(extra) {
            int_kernel_mlir(&mut kernels, op, w);
            let mut u = values.clone();
            let mut v = values.clone();
            if DIVISIONS.contains(&op) {
                v.retain(|&x| x != 0);
            }
            if SIGNED_DIVISIONS.contains(&op) {
                u.retain(|&x| x != int_min(w));
            }
            if op.starts_with("sh") {
                v = (0..i64::from(bits(w))).step_by(3).collect();
            }
            cases.push((op.to_string(), w, u, v));
        }
        // Division by zero and MIN / -1, each its own function.
        for op in DIVISIONS {
            let t = ty_name(w);
            let mut pairs = vec![(7, 0)];
            if SIGNED_DIVISIONS.contains(op) {
                pairs.push((int_min(w), -1));
            }
            for (a, b) in pairs {
                let _ = writeln!(
                    faults,
                    "func.func @fault{nfaults}() {{\n  %a = arith.constant {} : {t}\n  %b = arith.constant {b} : {t}\n  %r = arith.{op} %a, %b : {t}\n  vector.print %r : {t}\n  return\n}}",
                    sext(a, w)
                );
                nfaults += 1;
            }
        }
    }
    let compiled = format!("{kernels}{faults}");
    let m = parse("ints.mlir", &compiled);
    let lib = build(&m, &quick(false));

    // The interpreter runs each kernel on the same values.
    let mut interpreted = format!("func.func private @printMemrefI64(memref<*xi64>)\n{compiled}");
    for (op, w, u, v) in cases.iter().filter(|c| !extra.contains(&c.0.as_str())) {
        let (t, c) = (ty_name(*w), format!("i{}", container(*w)));
        let _ = writeln!(interpreted, "func.func @case_{op}_{t}() {{");
        constant_buffer(
            &mut interpreted,
            "U",
            &u.iter().map(i64::to_string).collect::<Vec<_>>(),
            &c,
        );
        constant_buffer(
            &mut interpreted,
            "V",
            &v.iter().map(i64::to_string).collect::<Vec<_>>(),
            &c,
        );
        let _ = writeln!(
            interpreted,
            "  %R = memref.alloc() : memref<{}x{}xi64>\n  %Rd = memref.cast %R : memref<{}x{}xi64> to memref<?x?xi64>\n  call @k_{op}_{t}(%U, %V, %Rd) : (memref<?x{c}>, memref<?x{c}>, memref<?x?xi64>) -> ()\n  %Ru = memref.cast %R : memref<{}x{}xi64> to memref<*xi64>\n  call @printMemrefI64(%Ru) : (memref<*xi64>) -> ()\n  return\n}}",
            u.len(), v.len(), u.len(), v.len(), u.len(), v.len()
        );
    }
    let im = parse("ints_interpreted.mlir", &interpreted);
    let mut it = Interpreter::new(&im);
    let mut checked = 0;
    for (op, w, u, v) in &cases {
        let got = run_int_kernel(&lib, op, *w, u, v);
        let want: Vec<i64> = if extra.contains(&op.as_str()) {
            u.iter()
                .flat_map(|&a| v.iter().map(move |&b| (a, b)))
                .map(|(a, b)| reference(op, a, b, *w))
                .collect()
        } else {
            let name = format!("case_{op}_{}", ty_name(*w));
            let start = it.output().len();
            if let Err(e) = it.call(&name, &[]) {
                panic!("@{name}: {e}");
            }
            printed_ints(&it.output()[start..])
        };
        assert_eq!(got, want, "{op} on {}: U = {u:?}, V = {v:?}", ty_name(*w));
        checked += got.len();
    }
    assert!(checked > 30_000, "{checked} results");

    // Division by zero and signed overflow fault where the interpreter does.
    for k in 0..nfaults {
        let name = format!("fault{k}");
        let mut it = Interpreter::new(&m);
        let want = it.call(&name, &[]).expect_err("interpreter faults");
        match lib.run(&name) {
            Err(BackendError::Runtime { error, output }) => {
                assert_eq!(
                    (error.loc, &error.message),
                    (want.loc, &want.message),
                    "@{name}"
                );
                assert_eq!(output, "");
            }
            other => panic!("@{name}: {other:?}"),
        }
    }
}

fn float_values(rng: &mut Rng, ty: &Type) -> Vec<f64> {
    let single = *ty == Type::F32;
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        3.0,
        0.1,
        1.0 / 3.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        if single {
            f64::from(f32::MAX)
        } else {
            f64::MAX
        },
        if single { 1e-45 } else { 5e-324 },
        if single {
            f64::from(f32::MIN_POSITIVE)
        } else {
            f64::MIN_POSITIVE
        },
        16777217.0,
    ];
    for _ in 0..5 {
        v.push((rng.range(-1_000_000, 1_000_000) as f64) / (rng.range(1, 1000) as f64));
    }
    if single {
        v = v.into_iter().map(|x| f64::from(x as f32)).collect();
    }
    v
}

const FLOAT_OPS: &[&str] = &["addf", "subf", "mulf", "divf", "maximumf", "minimumf"];

const CMPF: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

fn same_float(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

/// IEEE maxNum/minNum on non-NaN operands ordered as the interpreter's
/// maximum/minimum (`-0 < +0`); a NaN operand yields the other.
fn maxnum_minnum(max: bool, a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        if a.is_sign_negative() == max {
            b
        } else {
            a
        }
    } else if (a > b) == max {
        a
    } else {
        b
    }
}

#[test]
fn float_ops_are_bit_identical_to_the_interpreter() {
    if !have_cc("float ops") {
        return;
    }
    let mut rng = Rng(0x853C_49E6_748F_EA9B);
    let ops: Vec<String> = FLOAT_OPS
        .iter()
        .map(|s| s.to_string())
        .chain(CMPF.iter().map(|p| format!("cmpf_{p}")))
        .chain(["maxnumf".to_string(), "minnumf".to_string()])
        .collect();
    let mut kernels = String::new();
    for ty in ["f32", "f64"] {
        for op in &ops {
            let result = match op.strip_prefix("cmpf_") {
                Some(pred) => format!("%p = arith.cmpf {pred}, %a, %b : {ty}\n      %r = arith.select %p, %one, %zero : f64"),
                None if ty == "f32" => format!("%q = \"arith.{op}\"(%a, %b) : (f32, f32) -> f32\n      %r = arith.extf %q : f32 to f64"),
                None => format!("%r = \"arith.{op}\"(%a, %b) : (f64, f64) -> f64"),
            };
            let _ = writeln!(
                kernels,
                "func.func @k_{op}_{ty}(%V: memref<?x{ty}>, %R: memref<?x?xf64>) {{
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f64
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %V, %c0 : memref<?x{ty}>
  affine.for %i = 0 to %n {{
    affine.for %j = 0 to %n {{
      %a = affine.load %V[%i] : memref<?x{ty}>
      %b = affine.load %V[%j] : memref<?x{ty}>
      {result}
      affine.store %r, %R[%i, %j] : memref<?x?xf64>
    }}
  }}
  return
}}"
            );
        }
    }
    let m = parse("floats.mlir", &kernels);
    let lib = build(&m, &quick(false));
    let mut interpreted = kernels.clone();
    let mut values = Vec::new();
    for ty in [Type::F32, Type::F64] {
        let v = float_values(&mut rng, &ty);
        for op in ops.iter().filter(|o| !o.contains("num")) {
            let _ = writeln!(
                interpreted,
                "func.func @case_{op}_{ty}(%R: memref<?x?xf64>) {{"
            );
            let texts: Vec<String> = v.iter().map(|&x| format_float(x, &ty)).collect();
            constant_buffer(&mut interpreted, "V", &texts, &ty.to_string());
            let _ = writeln!(
                interpreted,
                "  call @k_{op}_{ty}(%V, %R) : (memref<?x{ty}>, memref<?x?xf64>) -> ()\n  return\n}}"
            );
        }
        values.push((ty, v));
    }
    let im = parse("floats_interpreted.mlir", &interpreted);
    let mut it = Interpreter::new(&im);
    let mut checked = 0;
    for (ty, v) in &values {
        let n = v.len() as i64;
        for op in &ops {
            let mut r = vec![0f64; v.len() * v.len()];
            let mut single: Vec<f32> = v.iter().map(|&x| x as f32).collect();
            let mut double = v.clone();
            let vm = if *ty == Type::F32 {
                MemRefArg::new(&mut single, &[n]).unwrap()
            } else {
                MemRefArg::new(&mut double, &[n]).unwrap()
            };
            let name = format!("k_{op}_{ty}");
            let mut args = [
                Arg::MemRef(vm),
                Arg::MemRef(MemRefArg::new(&mut r, &[n, n]).unwrap()),
            ];
            if let Err(e) = lib.call(&name, &mut args) {
                panic!("@{name}: {e}");
            }
            let want: Vec<f64> = if op.contains("num") {
                v.iter()
                    .flat_map(|&a| v.iter().map(move |&b| (a, b)))
                    .map(|(a, b)| maxnum_minnum(op == "maxnumf", a, b))
                    .collect()
            } else {
                let out = it.alloc(&Type::F64, &[n, n], 0.0).expect("alloc");
                if let Err(e) = it.call(&format!("case_{op}_{ty}"), &[out]) {
                    panic!("{op} {ty}: {e}");
                }
                it.read(out)
            };
            for (k, (g, w)) in r.iter().zip(&want).enumerate() {
                let (a, b) = (v[k / v.len()], v[k % v.len()]);
                assert!(
                    same_float(*g, *w),
                    "{op} {ty} ({a:e}, {b:e}): C {g:e} vs {w:e}"
                );
            }
            checked += r.len();
        }
    }
    assert!(checked > 15_000, "{checked} results");
}

// ---------------------------------------------------------------------------
// Faults, unsupported input and compiler failures.

/// Runs `main` in both; both must fault with the same location and message.
fn same_fault(name: &str, src: &str) {
    let m = parse(name, src);
    let mut it = Interpreter::new(&m);
    let want = it.call("main", &[]).expect_err("the interpreter faults");
    let lib = build(&m, &quick(false));
    match lib.run("main") {
        Err(BackendError::Runtime { error, output }) => {
            assert_eq!(
                (error.loc, &error.message),
                (want.loc, &want.message),
                "{name}"
            );
            assert_eq!(output, it.output(), "{name}");
            assert_eq!(error.file, name);
        }
        other => panic!("{name}: expected a fault, got {other:?}"),
    }
}

#[test]
fn run_time_faults_are_located_as_in_the_interpreter() {
    if !have_cc("faults") {
        return;
    }
    same_fault(
        "oob.mlir",
        "func.func @main() {\n  %A = memref.alloc() : memref<4xf32>\n  %x = arith.constant 1.5 : f32\n  vector.print %x : f32\n  affine.for %i = 0 to 5 {\n    affine.store %x, %A[%i] : memref<4xf32>\n  }\n  return\n}\n",
    );
    same_fault(
        "oob2.mlir",
        "func.func @main() {\n  %c2 = arith.constant 2 : index\n  %c9 = arith.constant 9 : index\n  %A = memref.alloc(%c2) : memref<3x?xi32>\n  %v = memref.load %A[%c2, %c9] : memref<3x?xi32>\n  return\n}\n",
    );
    same_fault(
        "div0.mlir",
        "func.func @main() {\n  %a = arith.constant 7 : i32\n  %z = arith.constant 0 : i32\n  %q = arith.divsi %a, %z : i32\n  vector.print %q : i32\n  return\n}\n",
    );
    same_fault(
        "after_free.mlir",
        "func.func @main() {\n  %A = memref.alloc() : memref<4xf32>\n  memref.dealloc %A : memref<4xf32>\n  %v = affine.load %A[0] : memref<4xf32>\n  return\n}\n",
    );
    same_fault(
        "double_free.mlir",
        "func.func @main() {\n  %A = memref.alloc() : memref<4xf32>\n  memref.dealloc %A : memref<4xf32>\n  memref.dealloc %A : memref<4xf32>\n  return\n}\n",
    );
    same_fault(
        "symbol_divisor.mlir",
        "func.func @main() {\n  %n = arith.constant -2 : index\n  affine.for %i = 0 to 3 {\n    %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%i)[%n]\n  }\n  return\n}\n",
    );
    same_fault(
        "recursion.mlir",
        "func.func @main() {\n  call @main() : () -> ()\n  return\n}\n",
    );
    same_fault(
        "negative_size.mlir",
        "func.func @main() {\n  %n = arith.constant -3 : index\n  %A = memref.alloc(%n) : memref<?xf64>\n  return\n}\n",
    );
}

fn unsupported(name: &str, src: &str) -> Diagnostic {
    let m = parse(name, src);
    match translate(&m, &EmitOptions::default()) {
        Err(BackendError::Unsupported(d)) => d,
        other => panic!(
            "{name}: expected an unsupported op, got {:?}",
            other.map(|c| c.source.len())
        ),
    }
}

#[test]
fn unsupported_input_is_named_and_located() {
    let d = unsupported(
        "ipowi.mlir",
        "func.func @main() {\n  %a = arith.constant 3 : i32\n  %r = \"math.ipowi\"(%a, %a) : (i32, i32) -> i32\n  return\n}\n",
    );
    assert_eq!((d.loc.line, d.loc.col), (3, 8));
    assert!(d.message.contains("'math.ipowi'"), "{}", d.message);
    assert!(d
        .to_string()
        .starts_with("ipowi.mlir:3:8: error: cannot translate 'math.ipowi' to C"));
    let d = unsupported(
        "half.mlir",
        "func.func @f(%a: f16) -> f16 {\n  %r = arith.addf %a, %a : f16\n  return %r : f16\n}\n",
    );
    assert!(d.message.contains("f16"), "{}", d.message);
    let d = unsupported(
        "extern.mlir",
        "func.func private @ext(i32)\nfunc.func @main() {\n  %a = arith.constant 1 : i32\n  call @ext(%a) : (i32) -> ()\n  return\n}\n",
    );
    assert_eq!(d.loc.line, 4);
    assert!(d.message.contains("'@ext'"), "{}", d.message);
    let d = unsupported(
        "unknown.mlir",
        "func.func @main() {\n  \"test.op\"() : () -> ()\n  return\n}\n",
    );
    assert!(d.message.contains("'test.op'"), "{}", d.message);
    let d = unsupported(
        "tiled_layout.mlir",
        "func.func @f(%A: memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 4, d1, d0 mod 4)>>) {\n  %v = affine.load %A[1, 2] : memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 4, d1, d0 mod 4)>>\n  return\n}\n",
    );
    assert!(d.message.contains("not strided"), "{}", d.message);
}

fn tiny() -> Module {
    parse(
        "tiny.mlir",
        "func.func @main() {\n  %a = arith.constant 42 : i32\n  vector.print %a : i32\n  return\n}\n",
    )
}

#[test]
fn compiler_failures_are_clear_errors() {
    if !have_cc("compiler failures") {
        return;
    }
    let opts = CompileOptions {
        compiler: Some("/nonexistent/cc".into()),
        ..CompileOptions::default()
    };
    match compile(&tiny(), &opts) {
        Err(e @ BackendError::CompilerNotFound { .. }) => {
            assert!(e.to_string().contains("/nonexistent/cc"), "{e}")
        }
        other => panic!("expected a missing compiler, got {other:?}"),
    }
    let opts = CompileOptions {
        extra_flags: vec!["-fno-such-option-tessera".into()],
        ..quick(false)
    };
    match compile(&tiny(), &opts) {
        Err(e @ BackendError::CompileFailed { .. }) => {
            assert!(e.to_string().contains("no-such-option-tessera"), "{e}")
        }
        other => panic!("expected a compiler error, got {other:?}"),
    }
    // `CC` is read by a child process, so that no other test sees it.
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "cc_from_the_environment",
            "--ignored",
            "--nocapture",
        ])
        .env("CC", "/nonexistent/cc-from-env")
        .env("TESSERA_BACKEND_CC_CHILD", "1")
        .output()
        .expect("child test runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("CC honoured"),
        "{text}"
    );
}

/// Run by `compiler_failures_are_clear_errors` with `CC` set.
#[test]
#[ignore = "run by compiler_failures_are_clear_errors with CC set"]
fn cc_from_the_environment() {
    if std::env::var_os("TESSERA_BACKEND_CC_CHILD").is_none() {
        return;
    }
    match compile(&tiny(), &CompileOptions::default()) {
        Err(BackendError::CompilerNotFound { compiler, .. }) => {
            assert_eq!(compiler, "/nonexistent/cc-from-env");
            println!("CC honoured");
        }
        other => panic!("expected a missing compiler, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// Calling kernels on Rust buffers.

const MATMUL: &str =
    "func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      affine.for %l = 0 to %k {
        %a = affine.load %A[%i, %l] : memref<?x?xf32>
        %b = affine.load %B[%l, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
func.func @stats(%X: memref<8xi32>, %scale: f64, %bias: i16) -> (i32, f64, i16) {
  %c0 = arith.constant 0 : i32
  %sum = affine.for %i = 0 to 8 iter_args(%acc = %c0) -> (i32) {
    %x = affine.load %X[%i] : memref<8xi32>
    %s = arith.addi %acc, %x : i32
    affine.yield %s : i32
  }
  %f = arith.sitofp %sum : i32 to f64
  %g = arith.mulf %f, %scale : f64
  %one = arith.constant 1 : i16
  %b = arith.addi %bias, %one : i16
  return %sum, %g, %b : i32, f64, i16
}
func.func @strided(%A: memref<2x3xf64, strided<[1, 2]>>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %t = arith.constant 10 : i64
      %x = arith.muli %ii, %t : i64
      %y = arith.addi %x, %jj : i64
      %f = arith.sitofp %y : i64 to f64
      affine.store %f, %A[%i, %j] : memref<2x3xf64, strided<[1, 2]>>
    }
  }
  return
}
func.func @vec(%v: vector<4xf32>) {
  return
}
";

fn matmul_reference(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut c = vec![0f32; m * n];
    for i in 0..m {
        for j in 0..n {
            for l in 0..k {
                c[i * n + j] += a[i * k + l] * b[l * n + j];
            }
        }
    }
    c
}

#[test]
fn kernels_run_on_rust_buffers() {
    if !have_cc("kernels on buffers") {
        return;
    }
    let module = parse("kernels.mlir", MATMUL);
    let lib = build(&module, &quick(false));
    let (m, k, n) = (7usize, 5usize, 9usize);
    let mut a: Vec<f32> = (0..m * k).map(|x| (x % 7) as f32 * 0.37 - 1.0).collect();
    let mut b: Vec<f32> = (0..k * n).map(|x| (x % 5) as f32 * 1.3 + 0.1).collect();
    let want = matmul_reference(&a, &b, m, k, n);
    let mut c = vec![0f32; m * n];
    let kernel = lib.kernel("matmul").expect("matmul");
    {
        let mut args = [
            Arg::MemRef(MemRefArg::new(&mut a, &[m as i64, k as i64]).unwrap()),
            Arg::MemRef(MemRefArg::new(&mut b, &[k as i64, n as i64]).unwrap()),
            Arg::MemRef(MemRefArg::new(&mut c, &[m as i64, n as i64]).unwrap()),
        ];
        let out = kernel.call(&mut args).expect("matmul runs");
        assert!(out.results.is_empty() && out.output.is_empty());
    }
    // Same order of operations, no contraction: bit-identical.
    assert_eq!(c, want);

    // A subscript beyond a dynamic size is caught before it touches memory.
    let mut small = vec![0f32; 4];
    let mut args = [
        Arg::MemRef(MemRefArg::new(&mut a, &[m as i64, k as i64]).unwrap()),
        Arg::MemRef(MemRefArg::new(&mut b, &[k as i64, n as i64]).unwrap()),
        Arg::MemRef(MemRefArg::new(&mut small, &[2, 2]).unwrap()),
    ];
    match kernel.call(&mut args) {
        Err(BackendError::Runtime { error, .. }) => {
            assert!(error.message.starts_with("out-of-bounds access"), "{error}")
        }
        other => panic!("expected a fault, got {other:?}"),
    }

    // Scalars in and out, several results.
    let mut x: Vec<i32> = vec![1, -2, 3, 40, 5, 6, -7, 100];
    let out = lib
        .call(
            "stats",
            &mut [
                Arg::MemRef(MemRefArg::new(&mut x, &[8]).unwrap()),
                Arg::F64(0.5),
                Arg::Int(32767),
            ],
        )
        .expect("stats runs");
    assert_eq!(
        out.results,
        [Scalar::Int(146), Scalar::F64(73.0), Scalar::Int(-32768)]
    );

    // A strided layout: element (i, j) at i + 2j.
    let mut s = vec![-1f64; 6];
    lib.call(
        "strided",
        &mut [Arg::MemRef(
            MemRefArg::strided(&mut s, &[2, 3], &[1, 2], 0).unwrap(),
        )],
    )
    .expect("strided runs");
    assert_eq!(s, [0.0, 10.0, 1.0, 11.0, 2.0, 12.0]);

    // Arguments that do not fit the signature.
    let mut wrong = vec![0f64; 6];
    let bad = [
        lib.call("stats", &mut []),
        lib.call(
            "stats",
            &mut [
                Arg::MemRef(MemRefArg::new(&mut wrong, &[6]).unwrap()),
                Arg::F64(1.0),
                Arg::Int(1),
            ],
        ),
        lib.call(
            "strided",
            &mut [Arg::MemRef(MemRefArg::new(&mut s, &[2, 3]).unwrap())],
        ),
        lib.call("strided", &mut [Arg::F64(1.0)]),
    ];
    for r in bad {
        assert!(matches!(r, Err(BackendError::Arguments { .. })), "{r:?}");
    }
    assert!(matches!(
        lib.kernel("vec"),
        Err(BackendError::NotCallable { .. })
    ));
    assert!(matches!(
        lib.kernel("nope"),
        Err(BackendError::NoFunction(_))
    ));
    assert!(MemRefArg::strided(&mut s, &[2, 3], &[3, 1], 2).is_err());
}

#[test]
fn unchecked_libraries_need_the_unsafe_call_and_clean_up() {
    if !have_cc("unchecked") {
        return;
    }
    let module = parse("kernels.mlir", MATMUL);
    let opts = CompileOptions {
        emit: EmitOptions {
            checks: false,
            openmp: false,
            ..EmitOptions::default()
        },
        ..quick(false)
    };
    let lib = build(&module, &opts);
    assert!(!lib.is_checked() && !lib.source().contains("tm_inb(ctx"));
    let mut a = vec![1f32; 16];
    let mut b = vec![2f32; 16];
    let mut c = vec![0f32; 16];
    let kernel = lib.kernel("matmul").expect("matmul");
    let mut args = [
        Arg::MemRef(MemRefArg::new(&mut a, &[4, 4]).unwrap()),
        Arg::MemRef(MemRefArg::new(&mut b, &[4, 4]).unwrap()),
        Arg::MemRef(MemRefArg::new(&mut c, &[4, 4]).unwrap()),
    ];
    assert!(matches!(
        kernel.call(&mut args),
        Err(BackendError::Unchecked(_))
    ));
    for _ in 0..3 {
        // SAFETY: matmul accesses its 4x4 arguments within their sizes.
        unsafe { kernel.call_unchecked(&mut args) }.expect("runs");
    }
    drop(args);
    assert!(c.iter().all(|&x| x == 24.0), "{c:?}");
    let path = lib.path().to_path_buf();
    assert!(path.exists());
    drop(lib);
    assert!(!path.exists() && !path.parent().unwrap().exists());
}

#[test]
fn openmp_reductions_and_parallel_loops() {
    if !have_cc("OpenMP") {
        return;
    }
    let src = "func.func @main() {
  %A = memref.alloc() : memref<64x48xi64>
  affine.parallel (%i, %j) = (0, 0) to (64, 48) {
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %p = arith.muli %ii, %jj : i64
    affine.store %p, %A[%i, %j] : memref<64x48xi64>
  }
  %s, %mx = affine.parallel (%i, %j) = (0, 0) to (64, 48) step (1, 3) reduce (\"addi\", \"maxs\") -> (i64, i64) {
    %v = affine.load %A[%i, %j] : memref<64x48xi64>
    affine.yield %v, %v : i64, i64
  }
  vector.print %s : i64
  vector.print %mx : i64
  %f = affine.parallel (%i) = (0) to (100) reduce (\"maximumf\") -> (f32) {
    %ii = arith.index_cast %i : index to i32
    %x = arith.sitofp %ii : i32 to f32
    affine.yield %x : f32
  }
  vector.print %f : f32
  return
}
";
    let m = parse("omp.mlir", src);
    let expected = interpret(&m);
    let lib = build(&m, &quick(true));
    assert!(lib
        .source()
        .contains("#pragma omp parallel for collapse(2) reduction(tm_omp_1_i64:"));
    assert_eq!(lib.run("main").expect("runs"), expected);

    // A fault inside a parallel loop is reported once the loop ends.
    let src = "func.func @main() {\n  %A = memref.alloc() : memref<50xf32>\n  %x = arith.constant 1.0 : f32\n  affine.parallel (%i) = (0) to (51) {\n    affine.store %x, %A[%i] : memref<50xf32>\n  }\n  vector.print %x : f32\n  return\n}\n";
    let m = parse("omp_fault.mlir", src);
    let want = Interpreter::new(&m).call("main", &[]).expect_err("faults");
    match build(&m, &quick(true)).run("main") {
        Err(BackendError::Runtime { error, output }) => {
            assert_eq!((error.loc, &error.message), (want.loc, &want.message));
            assert_eq!(output, "");
        }
        other => panic!("expected a fault, got {other:?}"),
    }
}

#[test]
fn tessera_opt_prints_the_c_translation() {
    use std::io::Write as _;
    use std::process::Stdio;
    let bin = env!("CARGO_BIN_EXE_tessera-opt");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("ir/tests/corpus/matmul.mlir");
    let file = file.to_string_lossy();
    let out = Command::new(bin)
        .args(["--emit=c", &file])
        .output()
        .expect("tessera-opt runs");
    let c = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(c.contains(
        "static void tf_matmul(tm_ctx *ctx, tm_mr_f32_2 v0, tm_mr_f32_2 v1, tm_mr_f32_2 v2)"
    ));
    assert!(c.contains("int tessera_call_main(tm_ctx *ctx, void *const *args, void *const *res)"));
    assert!(
        c.contains(&format!("/* {file}:8:14 */")),
        "no location comment"
    );
    let out = Command::new(bin)
        .args(["--affine-parallelize", "--emit=c", &file])
        .output()
        .expect("tessera-opt runs");
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("acc"),
        "no reduction after the pass"
    );

    let src = "func.func @main() {\n  %a = arith.constant 3 : i32\n  %r = \"math.ipowi\"(%a, %a) : (i32, i32) -> i32\n  return\n}\n";
    let mut child = Command::new(bin)
        .args(["--emit=c", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera-opt runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(src.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("output");
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "<stdin>:3:8: error: cannot translate 'math.ipowi' to C: operation not supported by the C back end\n  %r = \"math.ipowi\"(%a, %a) : (i32, i32) -> i32\n       ^\n"
    );
}

/// GCC 12 at `-O3` distributed this nest wrongly (`a[5]` printed 153.086
/// instead of 152.648): the runtime turns loop distribution off for GCC.
/// Found by the random schedules of `tests/schedule_round_trip.rs`.
const LOOP_DISTRIBUTION_MISCOMPILE: &str = r#"
func.func private @printMemrefF32(memref<*xf32>)
func.func @kernel(%a0: memref<5xf32>, %a1: memref<18xf32>, %n: index) {
  %c = arith.constant 1.500000e+00 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 4 {
      %0 = affine.load %a0[-%j + 3] : memref<5xf32>
      %1 = affine.load %a0[%j + 1] : memref<5xf32>
      %2 = arith.mulf %0, %c : f32
      %3 = arith.addf %2, %1 : f32
      %4 = arith.index_cast %j : index to i32
      %5 = arith.sitofp %4 : i32 to f32
      %6 = arith.addf %3, %5 : f32
      affine.store %6, %a1[%i * 2 + %j + 4] : memref<18xf32>
    }
  }
  affine.for %i = 0 to min affine_map<()[s0] -> (6, s0 + 3)>()[%n] {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 3)>(%i) to min affine_map<(d0)[s0] -> (s0, d0 + 4)>(%i)[%n] {
      %0 = affine.load %a1[-%i + 5] : memref<18xf32>
      %1 = affine.load %a1[%j + 4] : memref<18xf32>
      %2 = arith.mulf %0, %c : f32
      %3 = arith.addf %2, %1 : f32
      %4 = arith.index_cast %j : index to i32
      %5 = arith.sitofp %4 : i32 to f32
      %6 = arith.addf %3, %5 : f32
      affine.store %6, %a1[%i * 2 + 5] : memref<18xf32>
    }
  }
  return
}
func.func @main() {
  %n = arith.constant 7 : index
  %s = arith.constant 3.125000e-01 : f32
  %a0 = memref.alloc() : memref<5xf32>
  affine.for %i = 0 to 5 {
    %0 = affine.apply affine_map<(d0) -> (d0 * 5)>(%i)
    %1 = arith.index_cast %0 : index to i32
    %2 = arith.sitofp %1 : i32 to f32
    %3 = arith.mulf %2, %s : f32
    affine.store %3, %a0[%i] : memref<5xf32>
  }
  %a1 = memref.alloc() : memref<18xf32>
  affine.for %i = 0 to 18 {
    %0 = affine.apply affine_map<(d0) -> (d0 * 5 + 1)>(%i)
    %1 = arith.index_cast %0 : index to i32
    %2 = arith.sitofp %1 : i32 to f32
    %3 = arith.mulf %2, %s : f32
    affine.store %3, %a1[%i] : memref<18xf32>
  }
  call @kernel(%a0, %a1, %n) : (memref<5xf32>, memref<18xf32>, index) -> ()
  %u = memref.cast %a1 : memref<18xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
"#;

#[test]
fn the_c_compilers_loop_distribution_does_not_change_results() {
    if !have_cc("loop distribution") {
        return;
    }
    let m = parse("distribution.mlir", LOOP_DISTRIBUTION_MISCOMPILE);
    let expected = interpret(&m);
    assert!(expected.contains("152.648"), "{expected}");
    let got = build(&m, &CompileOptions::default())
        .run("main")
        .expect("runs");
    assert_eq!(got, expected);
}

// ---------------------------------------------------------------------------
// DMA transfers.

/// One random DMA case: a `rows x cols` source filled with `100 * r + c`,
/// a zeroed destination of `dst_len` elements, and a transfer.
struct DmaCase {
    rows: i64,
    cols: i64,
    dst_len: i64,
    src_at: (i64, i64),
    dst_at: i64,
    count: i64,
    stride: Option<(i64, i64)>,
    src_fast: bool,
    dst_fast: bool,
    affine: bool,
}

impl DmaCase {
    fn random(rng: &mut Rng) -> DmaCase {
        let (rows, cols) = (rng.range(1, 5), rng.range(1, 7));
        DmaCase {
            rows,
            cols,
            dst_len: rng.range(1, 24),
            src_at: (rng.range(0, rows - 1), rng.range(0, cols - 1)),
            dst_at: rng.range(0, 3),
            count: rng.range(0, 12),
            stride: rng.chance(60).then(|| (rng.range(1, 9), rng.range(1, 4))),
            src_fast: rng.chance(40),
            dst_fast: rng.chance(60),
            affine: rng.chance(50),
        }
    }

    /// The destination after the transfer, as `tessera_ir::dma` defines
    /// it, or `None` when its start or an element lies outside either
    /// memref.
    fn expected(&self) -> Option<Vec<i64>> {
        if self.dst_at >= self.dst_len {
            return None;
        }
        let mut dst = vec![0; self.dst_len as usize];
        let src_start = self.src_at.0 * self.cols + self.src_at.1;
        let source_strided = !self.src_fast || self.dst_fast;
        for k in 0..self.count {
            let far = self.stride.map(|(s, per)| (k / per) * s + k % per);
            let (so, doff) = match far {
                None => (k, k),
                Some(f) if source_strided => (f, k),
                Some(f) => (k, f),
            };
            let (s, d) = (src_start + so, self.dst_at + doff);
            if s >= self.rows * self.cols || d >= self.dst_len {
                return None;
            }
            dst[d as usize] = 100 * (s / self.cols) + s % self.cols;
        }
        Some(dst)
    }

    /// MLIR text that fills, transfers, waits and prints the destination.
    fn mlir(&self, k: usize, out: &mut String) {
        let space = |fast: bool| if fast { ", 1" } else { "" };
        let src_ty = format!(
            "memref<{}x{}xi32{}>",
            self.rows,
            self.cols,
            space(self.src_fast)
        );
        let dst_ty = format!("memref<{}xi32{}>", self.dst_len, space(self.dst_fast));
        let stride = self
            .stride
            .map(|(s, per)| format!(", %c{s}, %c{per}"))
            .unwrap_or_default();
        let (r, c) = self.src_at;
        let _ = write!(
            out,
            "  %src{k} = memref.alloc() : {src_ty}\n  %dst{k} = memref.alloc() : {dst_ty}\n  %tag{k} = memref.alloc() : memref<2xi32>\n  affine.for %i = 0 to {rows} {{\n    affine.for %j = 0 to {cols} {{\n      %v = affine.apply affine_map<(d0, d1) -> (d0 * 100 + d1)>(%i, %j)\n      %w = arith.index_cast %v : index to i32\n      affine.store %w, %src{k}[%i, %j] : {src_ty}\n    }}\n  }}\n  affine.for %i = 0 to {len} {{\n    affine.store %zero, %dst{k}[%i] : {dst_ty}\n  }}\n",
            rows = self.rows,
            cols = self.cols,
            len = self.dst_len,
        );
        let count = format!("%c{}", self.count);
        if self.affine {
            let _ = writeln!(
                out,
                "  affine.dma_start %src{k}[{r}, {c}], %dst{k}[{}], %tag{k}[1], {count}{stride} : {src_ty}, {dst_ty}, memref<2xi32>\n  affine.dma_wait %tag{k}[1], {count} : memref<2xi32>",
                self.dst_at
            );
        } else {
            let _ = writeln!(
                out,
                "  memref.dma_start %src{k}[%c{r}, %c{c}], %dst{k}[%c{}], {count}, %tag{k}[%c1]{stride} : {src_ty}, {dst_ty}, memref<2xi32>\n  memref.dma_wait %tag{k}[%c0], {count} : memref<2xi32>",
                self.dst_at
            );
        }
        let _ = writeln!(
            out,
            "  affine.for %i = 0 to {} {{\n    %x = affine.load %dst{k}[%i] : {dst_ty}\n    vector.print %x : i32\n  }}",
            self.dst_len
        );
    }
}

/// A `@main` running `cases` one after the other.
fn dma_module(cases: &[&DmaCase]) -> String {
    let mut text = String::from("func.func @main() {\n  %zero = arith.constant 0 : i32\n");
    for c in 0..=24 {
        let _ = writeln!(text, "  %c{c} = arith.constant {c} : index");
    }
    for (k, case) in cases.iter().enumerate() {
        case.mlir(k, &mut text);
    }
    text.push_str("  return\n}\n");
    text
}

#[test]
fn dma_transfers_match_the_reference_model_in_both_executors() {
    if !have_cc("DMA transfers") {
        return;
    }
    let mut rng = Rng(0xd3a5_0f7e);
    let cases: Vec<DmaCase> = (0..400).map(|_| DmaCase::random(&mut rng)).collect();
    let (good, bad): (Vec<&DmaCase>, Vec<&DmaCase>) =
        cases.iter().partition(|c| c.expected().is_some());
    assert!(
        good.len() >= 60 && bad.len() >= 10,
        "{} {}",
        good.len(),
        bad.len()
    );
    let good = &good[..60];
    let m = parse("dma.mlir", &dma_module(good));
    let expected: Vec<i64> = good.iter().flat_map(|c| c.expected().unwrap()).collect();
    let printed = interpret(&m);
    let values: Vec<i64> = printed
        .lines()
        .map(|l| l.trim().parse().expect("an integer per line"))
        .collect();
    assert_eq!(values, expected, "interpreter");
    let native = build(&m, &quick(false)).run("main").expect("runs");
    assert_eq!(native, printed, "C back end");
    // A transfer past either end faults at the DMA in both, after printing
    // what the cases before it printed.
    for case in &bad[..3] {
        let text = dma_module(&[good[0], case]);
        same_fault("dma_fault.mlir", &text);
    }
}
