//! The benchmark kernel suite: PolyBench 4.2 kernels and deep-learning
//! loop nests, generated as MLIR files at any size.
//!
//! Every kernel is a [`KernelSpec`]: its parameters (PolyBench's size
//! macros), the MINI/SMALL/LARGE presets, the element types it supports
//! and its floating-point operation count. [`KernelSpec::generate`] writes
//! a module with two functions:
//!
//! - `@kernel_<name>`: the arrays as statically shaped memref arguments
//!   (and `alpha`/`beta`/`float_n` as scalar arguments), in PolyBench's argument
//!   order, holding nothing but the affine loop nests of the computation;
//!   this is what passes transform and what a native back end calls on
//!   host buffers (see [`KernelSpec::arguments`]);
//! - `@main`: allocates the arrays, initialises them with PolyBench's
//!   formulas (affine loops of `arith` operations), calls the kernel and
//!   prints with `vector.print` one checksum per live-out array: the sum
//!   of its elements in row-major order, accumulated in the element type
//!   (in `i64` for integer kernels).
//!
//! The loop structure, the operation order of every statement and the
//! initialisation follow PolyBench 4.2 (double precision by default, as
//! PolyBench), so results can be compared with the C programs.
//!
//! ```
//! use tessera::kernels::{find, Dataset};
//! let gemm = find("gemm").expect("gemm is in the suite");
//! let sizes = gemm.sizes(Dataset::Mini);
//! assert_eq!(sizes, &[20, 25, 30]);
//! let text = gemm.generate(gemm.default_elem(), sizes)?;
//! assert!(text.contains("func.func @kernel_gemm(%alpha: f64, %beta: f64, %C: memref<20x25xf64>"));
//! assert_eq!(gemm.flops(sizes)?, 20 * 25 + 3 * 20 * 25 * 30);
//! # Ok::<(), tessera::kernels::KernelError>(())
//! ```

mod datamining;
mod dnn;
mod emit;
mod expr;
mod linear_algebra;
mod medley;
mod stencils;
mod suite;

use std::fmt::Write as _;

use emit::{Arr, Body, Val};
use suite::{Count, SUITE};

/// The element type a kernel computes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// `f32` (PolyBench's `DATA_TYPE_IS_FLOAT`).
    F32,
    /// `f64` (PolyBench's default, `DATA_TYPE_IS_DOUBLE`).
    F64,
    /// `i32` (PolyBench's `DATA_TYPE_IS_INT`, used by floyd-warshall).
    I32,
}

impl ElemType {
    /// The MLIR spelling: `f32`, `f64` or `i32`.
    pub fn mlir(self) -> &'static str {
        match self {
            ElemType::F32 => "f32",
            ElemType::F64 => "f64",
            ElemType::I32 => "i32",
        }
    }

    /// Whether this is a floating-point type.
    pub fn is_float(self) -> bool {
        self != ElemType::I32
    }
}

/// A size preset (PolyBench's `*_DATASET` macros; for the deep-learning
/// kernels, presets of the same spirit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dataset {
    /// About 16 KiB of data (PolyBench's L1-sized preset): what the
    /// interpreter runs in tests.
    Mini,
    /// About 128 KiB (L2-sized).
    Small,
    /// About 25 MiB, past the last-level cache: the benchmark size.
    Large,
}

/// Where a kernel comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suite {
    /// PolyBench/C 4.2.1.
    PolyBench,
    /// Deep-learning loop nests (matrix multiplication, convolutions).
    Dnn,
}

/// One argument of `@kernel_<name>`.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelArg {
    /// The argument's name (`%name` in the MLIR text; PolyBench's name).
    pub name: &'static str,
    /// A scalar or an array.
    pub kind: ArgKind,
}

/// What a [`KernelArg`] is.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    /// A scalar of the element type, with the value `@main` passes.
    Scalar {
        /// The value (PolyBench's `alpha = 1.5`, `beta = 1.2`).
        value: f64,
    },
    /// A row-major memref of the element type.
    Array {
        /// Its shape.
        shape: Vec<i64>,
        /// Whether `@main` prints its checksum (PolyBench's `print_array`).
        live_out: bool,
    },
}

/// Why a kernel could not be generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    /// The number of sizes differs from the number of parameters.
    #[error("kernel '{kernel}' takes {expected} sizes ({params}), got {got}")]
    WrongArity {
        /// The kernel.
        kernel: &'static str,
        /// Its parameter count.
        expected: usize,
        /// Its parameter names, comma-separated.
        params: String,
        /// The number of sizes given.
        got: usize,
    },
    /// A size outside `1..=MAX_SIZE`.
    #[error("kernel '{kernel}': size {param} = {value} is outside 1..={max}", max = MAX_SIZE)]
    SizeOutOfRange {
        /// The kernel.
        kernel: &'static str,
        /// The parameter.
        param: &'static str,
        /// The size given.
        value: i64,
    },
    /// The kernel does not compute in this element type.
    #[error("kernel '{kernel}' does not support element type {elem}")]
    UnsupportedElem {
        /// The kernel.
        kernel: &'static str,
        /// The element type asked for.
        elem: &'static str,
    },
    /// The operation count does not fit in a `u64`.
    #[error("kernel '{kernel}': the operation count overflows u64")]
    FlopsOverflow {
        /// The kernel.
        kernel: &'static str,
    },
}

/// The largest size a parameter may take (PolyBench's sizes are C `int`s).
pub const MAX_SIZE: i64 = i32::MAX as i64;

/// The name of the function [`KernelSpec::generate_returning_outputs`]
/// writes instead of `@main`.
pub const OUTPUTS_ENTRY: &str = "outputs";

/// One kernel of the suite.
pub struct KernelSpec {
    /// The name: `gemm`, `jacobi_2d`, `conv2d_nchw`... (`@kernel_<name>`).
    pub name: &'static str,
    /// What it computes, in one line.
    pub summary: &'static str,
    /// Where it comes from.
    pub suite: Suite,
    /// The size parameters, in PolyBench's order (`NI`, `NJ`, `NK`).
    pub params: &'static [&'static str],
    /// The element types it computes in; the first is the default.
    pub elem_types: &'static [ElemType],
    /// The operation count as a formula of the parameters (as
    /// [`KernelSpec::flops`] computes it).
    pub flops_formula: &'static str,
    mini: &'static [i64],
    small: &'static [i64],
    large: &'static [i64],
    flops: fn(&[i64]) -> Count,
    define: fn(&mut Program, &[i64]),
}

impl std::fmt::Debug for KernelSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelSpec")
            .field("name", &self.name)
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}

impl KernelSpec {
    /// The kernel function's name: `kernel_<name>`.
    pub fn entry_point(&self) -> String {
        format!("kernel_{}", self.name)
    }

    /// The sizes of a preset, in the order of [`KernelSpec::params`].
    pub fn sizes(&self, dataset: Dataset) -> &'static [i64] {
        match dataset {
            Dataset::Mini => self.mini,
            Dataset::Small => self.small,
            Dataset::Large => self.large,
        }
    }

    /// The default element type (`f64` for PolyBench, as PolyBench).
    pub fn default_elem(&self) -> ElemType {
        self.elem_types.first().copied().unwrap_or(ElemType::F64)
    }

    /// The number of arithmetic operations `@kernel_<name>` executes at
    /// `sizes`: every `addf`/`subf`/`mulf`/`divf`/`negf` and `math.sqrt`
    /// counts one (for the integer kernels floyd-warshall and nussinov,
    /// every `addi`, `minsi` and `maxsi`; comparisons, selects and
    /// conversions count nothing), exactly as the loop nest is written —
    /// for GFLOP/s reporting.
    pub fn flops(&self, sizes: &[i64]) -> Result<u64, KernelError> {
        self.check_sizes(sizes)?;
        (self.flops)(sizes)
            .0
            .and_then(|n| u64::try_from(n).ok())
            .ok_or(KernelError::FlopsOverflow { kernel: self.name })
    }

    /// The arguments of `@kernel_<name>` at `sizes`, in order.
    pub fn arguments(&self, elem: ElemType, sizes: &[i64]) -> Result<Vec<KernelArg>, KernelError> {
        let p = self.build(elem, sizes)?;
        Ok(p.params.into_iter().map(|p| p.arg).collect())
    }

    /// The MLIR module of this kernel at `sizes` in `elem`: `@kernel_<name>`
    /// and a `@main` that initialises, calls and prints checksums.
    pub fn generate(&self, elem: ElemType, sizes: &[i64]) -> Result<String, KernelError> {
        let p = self.build(elem, sizes)?;
        Ok(self.assemble(p, sizes, Driver::Main))
    }

    /// The same module with `@outputs() -> (memref, ...)` in place of
    /// `@main`: it allocates, initialises and calls the kernel as `@main`
    /// does, then returns the live-out arrays instead of printing their
    /// checksums — so that a test can compare every element.
    pub fn generate_returning_outputs(
        &self,
        elem: ElemType,
        sizes: &[i64],
    ) -> Result<String, KernelError> {
        let p = self.build(elem, sizes)?;
        Ok(self.assemble(p, sizes, Driver::Outputs))
    }

    fn check_sizes(&self, sizes: &[i64]) -> Result<(), KernelError> {
        if sizes.len() != self.params.len() {
            return Err(KernelError::WrongArity {
                kernel: self.name,
                expected: self.params.len(),
                params: self.params.join(", "),
                got: sizes.len(),
            });
        }
        for (&param, &value) in self.params.iter().zip(sizes) {
            if !(1..=MAX_SIZE).contains(&value) {
                return Err(KernelError::SizeOutOfRange {
                    kernel: self.name,
                    param,
                    value,
                });
            }
        }
        Ok(())
    }

    fn build(&self, elem: ElemType, sizes: &[i64]) -> Result<Program, KernelError> {
        self.check_sizes(sizes)?;
        if !self.elem_types.contains(&elem) {
            return Err(KernelError::UnsupportedElem {
                kernel: self.name,
                elem: elem.mlir(),
            });
        }
        let mut p = Program::new(elem);
        (self.define)(&mut p, sizes);
        Ok(p)
    }

    fn assemble(&self, p: Program, sizes: &[i64], driver: Driver) -> String {
        let dims: Vec<String> = self
            .params
            .iter()
            .zip(sizes)
            .map(|(p, s)| format!("{p}={s}"))
            .collect();
        let mut out = format!(
            "// {} ({}), {}.\n// Generated by tessera::kernels; regenerate with \
             TESSERA_BLESS=1 cargo test -p tessera --test kernels.\n",
            self.summary,
            dims.join(", "),
            p.elem.mlir()
        );
        let entry = self.entry_point();
        out.push_str(&p.kernel_function(&entry));
        out.push('\n');
        out.push_str(&p.driver_function(&entry, driver));
        out
    }
}

/// What follows the kernel in a generated module.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Driver {
    /// `@main`, printing checksums.
    Main,
    /// `@outputs`, returning the live-out arrays.
    Outputs,
}

/// A kernel argument: what [`KernelSpec::arguments`] reports and the
/// memref (or scalar) the text names (a scalar is an [`Arr`] of empty
/// shape whose type is the element type).
struct Param {
    arg: KernelArg,
    arr: Arr,
}

impl Param {
    fn live_out(&self) -> bool {
        matches!(self.arg.kind, ArgKind::Array { live_out: true, .. })
    }
}

/// A kernel under construction: its arguments, the initialisation code of
/// `@main` and the body of `@kernel_<name>`.
pub(crate) struct Program {
    elem: ElemType,
    params: Vec<Param>,
    /// The initialisation part of `@main` (after the allocations).
    pub(crate) init: Body,
    /// The body of `@kernel_<name>`.
    pub(crate) kernel: Body,
}

impl Program {
    fn new(elem: ElemType) -> Program {
        Program {
            elem,
            params: Vec::new(),
            init: Body::new(elem),
            kernel: Body::new(elem),
        }
    }

    /// Declares a scalar argument `%name` of the element type, set to
    /// `value` by `@main`.
    pub(crate) fn scalar(&mut self, name: &'static str, value: f64) -> Val {
        let arr = Arr {
            val: Val::named(name),
            shape: Vec::new(),
            ty: self.elem.mlir().to_string(),
        };
        let val = arr.val.clone();
        self.params.push(Param {
            arg: KernelArg {
                name,
                kind: ArgKind::Scalar { value },
            },
            arr,
        });
        val
    }

    /// Declares an array argument whose checksum `@main` does not print.
    pub(crate) fn array(&mut self, name: &'static str, shape: &[i64]) -> Arr {
        self.declare(name, shape, false)
    }

    /// Declares a live-out array argument (its checksum is printed).
    pub(crate) fn output(&mut self, name: &'static str, shape: &[i64]) -> Arr {
        self.declare(name, shape, true)
    }

    fn declare(&mut self, name: &'static str, shape: &[i64], live_out: bool) -> Arr {
        let arr = Arr::new(name, shape, self.elem);
        self.params.push(Param {
            arg: KernelArg {
                name,
                kind: ArgKind::Array {
                    shape: shape.to_vec(),
                    live_out,
                },
            },
            arr: arr.clone(),
        });
        arr
    }

    /// `func.func @entry(args) { kernel }`.
    fn kernel_function(&self, entry: &str) -> String {
        let args: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("{}: {}", p.arr.val, p.arr.ty))
            .collect();
        format!(
            "func.func @{entry}({}) {{\n{}  return\n}}\n",
            args.join(", "),
            self.kernel.text()
        )
    }

    /// `@main` or `@outputs`: allocations and scalars, the initialisation,
    /// the call, then the checksums or the returned arrays.
    fn driver_function(self, entry: &str, driver: Driver) -> String {
        let outputs: Vec<&Param> = self.params.iter().filter(|p| p.live_out()).collect();
        let output_types: Vec<&str> = outputs.iter().map(|p| p.arr.ty.as_str()).collect();
        let mut out = match driver {
            Driver::Main => "func.func @main() {\n".to_string(),
            Driver::Outputs => format!(
                "func.func @{OUTPUTS_ENTRY}() -> ({}) {{\n",
                output_types.join(", ")
            ),
        };
        for p in &self.params {
            let (val, ty) = (&p.arr.val, &p.arr.ty);
            let _ = match &p.arg.kind {
                ArgKind::Array { .. } => writeln!(out, "  {val} = memref.alloc() : {ty}"),
                ArgKind::Scalar { value } => {
                    let lit = emit::float_literal(*value);
                    writeln!(out, "  {val} = arith.constant {lit} : {ty}")
                }
            };
        }
        let mut main = self.init;
        let operands: Vec<String> = self.params.iter().map(|p| p.arr.val.to_string()).collect();
        let types: Vec<&str> = self.params.iter().map(|p| p.arr.ty.as_str()).collect();
        main.line(&format!(
            "call @{entry}({}) : ({}) -> ()",
            operands.join(", "),
            types.join(", ")
        ));
        if driver == Driver::Main {
            for p in &outputs {
                let (sum, ty) = main.checksum(&p.arr);
                main.line(&format!("vector.print {sum} : {ty}"));
            }
        }
        for p in &self.params {
            let returned = driver == Driver::Outputs && p.live_out();
            if !p.arr.shape.is_empty() && !returned {
                main.line(&format!("memref.dealloc {} : {}", p.arr.val, p.arr.ty));
            }
        }
        match driver {
            Driver::Main => main.line("return"),
            Driver::Outputs => {
                let vals: Vec<String> = outputs.iter().map(|p| p.arr.val.to_string()).collect();
                main.line(&format!(
                    "return {} : {}",
                    vals.join(", "),
                    output_types.join(", ")
                ));
            }
        }
        out.push_str(main.text());
        out.push_str("}\n");
        out
    }
}

/// Every kernel of the suite.
pub fn all() -> &'static [KernelSpec] {
    &SUITE
}

/// The kernel called `name`.
pub fn find(name: &str) -> Option<&'static KernelSpec> {
    SUITE.iter().find(|k| k.name == name)
}

/// One file of `examples/kernels/`: a kernel at its benchmark size.
#[derive(Clone, Debug)]
pub struct BenchFile {
    /// The file name, e.g. `gemm.mlir` or `matmul_f32_1024.mlir`.
    pub file_name: String,
    /// The kernel.
    pub spec: &'static KernelSpec,
    /// The element type.
    pub elem: ElemType,
    /// The sizes, in the order of the kernel's parameters.
    pub sizes: Vec<i64>,
}

impl BenchFile {
    /// The file's contents.
    pub fn generate(&self) -> Result<String, KernelError> {
        self.spec.generate(self.elem, &self.sizes)
    }
}

/// The benchmark files committed in `examples/kernels/`: `matmul` in `f32`
/// and `f64` at 256, 512, 1024 and 2048; the convolutions in `f32` and the
/// PolyBench kernels in their default type, at their LARGE sizes.
pub fn benchmark_files() -> Vec<BenchFile> {
    let mut files = Vec::new();
    if let Some(matmul) = find("matmul") {
        for elem in [ElemType::F32, ElemType::F64] {
            for n in [256, 512, 1024, 2048] {
                files.push(BenchFile {
                    file_name: format!("matmul_{}_{n}.mlir", elem.mlir()),
                    spec: matmul,
                    elem,
                    sizes: vec![n],
                });
            }
        }
    }
    for spec in SUITE.iter().filter(|k| k.name != "matmul") {
        files.push(BenchFile {
            file_name: format!("{}.mlir", spec.name),
            spec,
            elem: spec.default_elem(),
            sizes: spec.large.to_vec(),
        });
    }
    files
}
