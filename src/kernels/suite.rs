//! The suite's table: every kernel's parameters, presets, element types
//! and operation count.

use super::{datamining, dnn, linear_algebra, medley, stencils, ElemType, KernelSpec, Suite};

/// An operation count, `None` once it overflowed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Count(pub(super) Option<u128>);

/// The count `n` (a size or a constant factor).
pub(super) fn n(v: i64) -> Count {
    Count(u128::try_from(v).ok())
}

macro_rules! count_ops {
    ($($trait:ident $method:ident $checked:ident),*) => {$(
        impl std::ops::$trait for Count {
            type Output = Count;
            fn $method(self, rhs: Count) -> Count {
                Count(self.0.zip(rhs.0).and_then(|(a, b)| a.$checked(b)))
            }
        }
    )*};
}

count_ops!(Add add checked_add, Sub sub checked_sub, Mul mul checked_mul, Div div checked_div);

/// PolyBench's kernels: `f64` by default, as PolyBench.
const FLOAT: &[ElemType] = &[ElemType::F64, ElemType::F32];
/// The deep-learning kernels and PolyBench's deriche: `f32` by default.
const FLOAT32_FIRST: &[ElemType] = &[ElemType::F32, ElemType::F64];

/// Every kernel, deep-learning ones first.
pub(super) static SUITE: [KernelSpec; 34] = [
    KernelSpec {
        name: "matmul",
        summary: "Matrix multiplication C += A*B",
        suite: Suite::Dnn,
        params: &["N"],
        elem_types: FLOAT32_FIRST,
        flops_formula: "2*N^3",
        mini: &[24],
        small: &[128],
        large: &[1024],
        flops: |s| n(2) * n(s[0]) * n(s[0]) * n(s[0]),
        define: dnn::matmul,
    },
    KernelSpec {
        name: "conv2d_nchw",
        summary: "2-D convolution, NCHW input, KCRS filter, valid padding",
        suite: Suite::Dnn,
        params: &["N", "C", "K", "H", "W", "R", "S"],
        elem_types: FLOAT32_FIRST,
        flops_formula: "2*N*K*H*W*C*R*S",
        mini: &[2, 3, 4, 5, 6, 3, 2],
        small: &[1, 16, 16, 14, 14, 3, 3],
        large: &[1, 64, 64, 56, 56, 3, 3],
        flops: dnn::conv2d_flops,
        define: dnn::conv2d_nchw,
    },
    KernelSpec {
        name: "conv2d_nhwc",
        summary: "2-D convolution, NHWC input, RSCK filter, valid padding",
        suite: Suite::Dnn,
        params: &["N", "C", "K", "H", "W", "R", "S"],
        elem_types: FLOAT32_FIRST,
        flops_formula: "2*N*K*H*W*C*R*S",
        mini: &[2, 3, 4, 5, 6, 3, 2],
        small: &[1, 16, 16, 14, 14, 3, 3],
        large: &[1, 64, 64, 56, 56, 3, 3],
        flops: dnn::conv2d_flops,
        define: dnn::conv2d_nhwc,
    },
    KernelSpec {
        name: "depthwise_conv2d",
        summary: "Depthwise 2-D convolution, NCHW input, CRS filter, valid padding",
        suite: Suite::Dnn,
        params: &["N", "C", "H", "W", "R", "S"],
        elem_types: FLOAT32_FIRST,
        flops_formula: "2*N*C*H*W*R*S",
        mini: &[2, 3, 5, 6, 3, 2],
        small: &[1, 32, 28, 28, 3, 3],
        large: &[1, 64, 56, 56, 3, 3],
        flops: |s| n(2) * n(s[0]) * n(s[1]) * n(s[2]) * n(s[3]) * n(s[4]) * n(s[5]),
        define: dnn::depthwise_conv2d,
    },
    KernelSpec {
        name: "gemm",
        summary: "PolyBench gemm: C = alpha*A*B + beta*C",
        suite: Suite::PolyBench,
        params: &["NI", "NJ", "NK"],
        elem_types: FLOAT,
        flops_formula: "NI*NJ + 3*NI*NJ*NK",
        mini: &[20, 25, 30],
        small: &[60, 70, 80],
        large: &[1000, 1100, 1200],
        flops: |s| n(s[0]) * n(s[1]) + n(3) * n(s[0]) * n(s[1]) * n(s[2]),
        define: linear_algebra::gemm,
    },
    KernelSpec {
        name: "2mm",
        summary: "PolyBench 2mm: D = alpha*A*B*C + beta*D",
        suite: Suite::PolyBench,
        params: &["NI", "NJ", "NK", "NL"],
        elem_types: FLOAT,
        flops_formula: "3*NI*NJ*NK + NI*NL + 2*NI*NL*NJ",
        mini: &[16, 18, 22, 24],
        small: &[40, 50, 70, 80],
        large: &[800, 900, 1100, 1200],
        flops: |s| {
            n(3) * n(s[0]) * n(s[1]) * n(s[2])
                + n(s[0]) * n(s[3])
                + n(2) * n(s[0]) * n(s[3]) * n(s[1])
        },
        define: linear_algebra::two_mm,
    },
    KernelSpec {
        name: "3mm",
        summary: "PolyBench 3mm: G = (A*B)*(C*D)",
        suite: Suite::PolyBench,
        params: &["NI", "NJ", "NK", "NL", "NM"],
        elem_types: FLOAT,
        flops_formula: "2*NI*NJ*NK + 2*NJ*NL*NM + 2*NI*NL*NJ",
        mini: &[16, 18, 20, 22, 24],
        small: &[40, 50, 60, 70, 80],
        large: &[800, 900, 1000, 1100, 1200],
        flops: |s| {
            n(2) * n(s[0]) * n(s[1]) * n(s[2])
                + n(2) * n(s[1]) * n(s[3]) * n(s[4])
                + n(2) * n(s[0]) * n(s[3]) * n(s[1])
        },
        define: linear_algebra::three_mm,
    },
    KernelSpec {
        name: "atax",
        summary: "PolyBench atax: y = A^T*(A*x)",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "4*M*N",
        mini: &[38, 42],
        small: &[116, 124],
        large: &[1900, 2100],
        flops: |s| n(4) * n(s[0]) * n(s[1]),
        define: linear_algebra::atax,
    },
    KernelSpec {
        name: "bicg",
        summary: "PolyBench bicg: s = A^T*r, q = A*p",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "4*M*N",
        mini: &[38, 42],
        small: &[116, 124],
        large: &[1900, 2100],
        flops: |s| n(4) * n(s[0]) * n(s[1]),
        define: linear_algebra::bicg,
    },
    KernelSpec {
        name: "mvt",
        summary: "PolyBench mvt: x1 += A*y_1, x2 += A^T*y_2",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "4*N^2",
        mini: &[40],
        small: &[120],
        large: &[2000],
        flops: |s| n(4) * n(s[0]) * n(s[0]),
        define: linear_algebra::mvt,
    },
    KernelSpec {
        name: "gesummv",
        summary: "PolyBench gesummv: y = alpha*A*x + beta*B*x",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "4*N^2 + 3*N",
        mini: &[30],
        small: &[90],
        large: &[1300],
        flops: |s| n(4) * n(s[0]) * n(s[0]) + n(3) * n(s[0]),
        define: linear_algebra::gesummv,
    },
    KernelSpec {
        name: "symm",
        summary: "PolyBench symm: C = alpha*A*B + beta*C, A symmetric (lower triangle)",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "6*M*N + 5*N*M*(M-1)/2",
        mini: &[20, 30],
        small: &[60, 80],
        large: &[1000, 1200],
        flops: |s| n(6) * n(s[0]) * n(s[1]) + n(5) * n(s[1]) * (n(s[0]) * less(s[0], 1) / n(2)),
        define: linear_algebra::symm,
    },
    KernelSpec {
        name: "syrk",
        summary: "PolyBench syrk: C = alpha*A*A^T + beta*C (lower triangle)",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "N*(N+1)/2 * (1 + 3*M)",
        mini: &[20, 30],
        small: &[60, 80],
        large: &[1000, 1200],
        flops: |s| triangle(s[1]) * (n(1) + n(3) * n(s[0])),
        define: linear_algebra::syrk,
    },
    KernelSpec {
        name: "syr2k",
        summary: "PolyBench syr2k: C = alpha*A*B^T + alpha*B*A^T + beta*C (lower triangle)",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "N*(N+1)/2 * (1 + 6*M)",
        mini: &[20, 30],
        small: &[60, 80],
        large: &[1000, 1200],
        flops: |s| triangle(s[1]) * (n(1) + n(6) * n(s[0])),
        define: linear_algebra::syr2k,
    },
    KernelSpec {
        name: "trmm",
        summary: "PolyBench trmm: B = alpha*A^T*B, A unit lower triangular",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "N*M*(M-1) + M*N",
        mini: &[20, 30],
        small: &[60, 80],
        large: &[1000, 1200],
        flops: |s| n(s[1]) * n(s[0]) * (n(s[0]) - n(1)) + n(s[0]) * n(s[1]),
        define: linear_algebra::trmm,
    },
    KernelSpec {
        name: "gemver",
        summary: "PolyBench gemver: A += u1*v1^T + u2*v2^T, x = beta*A^T*y + z, w = alpha*A*x",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "10*N^2 + N",
        mini: &[40],
        small: &[120],
        large: &[2000],
        flops: |s| n(10) * n(s[0]) * n(s[0]) + n(s[0]),
        define: linear_algebra::gemver,
    },
    KernelSpec {
        name: "doitgen",
        summary: "PolyBench doitgen: A[r][q][:] = A[r][q][:]*C4",
        suite: Suite::PolyBench,
        params: &["NQ", "NR", "NP"],
        elem_types: FLOAT,
        flops_formula: "2*NR*NQ*NP^2",
        mini: &[8, 10, 12],
        small: &[20, 25, 30],
        large: &[140, 150, 160],
        flops: |s| n(2) * n(s[1]) * n(s[0]) * n(s[2]) * n(s[2]),
        define: linear_algebra::doitgen,
    },
    KernelSpec {
        name: "lu",
        summary: "PolyBench lu: in-place LU decomposition without pivoting",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "N^2*(N-1) - N*(N-1)*(2*N-1)/6",
        mini: &[40],
        small: &[120],
        large: &[2000],
        flops: |s| {
            let v = n(s[0]);
            v * v * (v - n(1)) - v * (v - n(1)) * (n(2) * v - n(1)) / n(6)
        },
        define: linear_algebra::lu,
    },
    KernelSpec {
        name: "cholesky",
        summary: "PolyBench cholesky: in-place Cholesky decomposition",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "N*(N+1)*(2*N+1)/6",
        mini: &[40],
        small: &[120],
        large: &[2000],
        flops: |s| {
            let v = n(s[0]);
            v * (v + n(1)) * (n(2) * v + n(1)) / n(6)
        },
        define: linear_algebra::cholesky,
    },
    KernelSpec {
        name: "ludcmp",
        summary: "PolyBench ludcmp: LU decomposition, then forward and backward substitution",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "N^2*(N-1) - N*(N-1)*(2*N-1)/6 + 2*N*(N-1) + N",
        mini: &[40],
        small: &[120],
        large: &[2000],
        flops: |s| {
            let v = n(s[0]);
            let v1 = less(s[0], 1);
            v * v * v1 - v * v1 * (n(2) * v - n(1)) / n(6) + n(2) * v * v1 + v
        },
        define: linear_algebra::ludcmp,
    },
    KernelSpec {
        name: "trisolv",
        summary: "PolyBench trisolv: x = L^-1 * b, forward substitution",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "N^2",
        mini: &[40],
        small: &[120],
        large: &[2000],
        flops: |s| n(s[0]) * n(s[0]),
        define: linear_algebra::trisolv,
    },
    KernelSpec {
        name: "durbin",
        summary: "PolyBench durbin: Yule-Walker equations by Durbin's recursion",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: FLOAT,
        flops_formula: "2*N*(N-1) + 6*(N-1) + 2",
        mini: &[40],
        small: &[120],
        large: &[2000],
        flops: |s| n(2) * n(s[0]) * less(s[0], 1) + n(6) * less(s[0], 1) + n(2),
        define: linear_algebra::durbin,
    },
    KernelSpec {
        name: "gramschmidt",
        summary: "PolyBench gramschmidt: QR decomposition by modified Gram-Schmidt",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "N*(3*M + 1) + 2*M*N*(N-1)",
        mini: &[20, 30],
        small: &[60, 80],
        large: &[1000, 1200],
        flops: |s| {
            let (m, v) = (n(s[0]), n(s[1]));
            v * (n(3) * m + n(1)) + n(2) * m * v * less(s[1], 1)
        },
        define: linear_algebra::gramschmidt,
    },
    KernelSpec {
        name: "correlation",
        summary: "PolyBench correlation: correlation matrix of N points of dimension M",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "N*M^2 + 8*M*N + 3*M",
        mini: &[28, 32],
        small: &[80, 100],
        large: &[1200, 1400],
        flops: |s| {
            let (m, v) = (n(s[0]), n(s[1]));
            v * m * m + n(8) * m * v + n(3) * m
        },
        define: datamining::correlation,
    },
    KernelSpec {
        name: "covariance",
        summary: "PolyBench covariance: covariance matrix of N points of dimension M",
        suite: Suite::PolyBench,
        params: &["M", "N"],
        elem_types: FLOAT,
        flops_formula: "M*(N+1) + N*M + (N+1)*M*(M+1)",
        mini: &[28, 32],
        small: &[80, 100],
        large: &[1200, 1400],
        flops: |s| {
            let (m, v) = (n(s[0]), n(s[1]));
            m * (v + n(1)) + v * m + (v + n(1)) * m * (m + n(1))
        },
        define: datamining::covariance,
    },
    KernelSpec {
        name: "jacobi_1d",
        summary: "PolyBench jacobi-1d: 3-point Jacobi stencil, two arrays",
        suite: Suite::PolyBench,
        params: &["TSTEPS", "N"],
        elem_types: FLOAT,
        flops_formula: "6*TSTEPS*(N-2)",
        mini: &[20, 30],
        small: &[40, 120],
        large: &[500, 2000],
        flops: |s| n(6) * n(s[0]) * inner(s[1]),
        define: stencils::jacobi_1d,
    },
    KernelSpec {
        name: "jacobi_2d",
        summary: "PolyBench jacobi-2d: 5-point Jacobi stencil, two arrays",
        suite: Suite::PolyBench,
        params: &["TSTEPS", "N"],
        elem_types: FLOAT,
        flops_formula: "10*TSTEPS*(N-2)^2",
        mini: &[20, 30],
        small: &[40, 90],
        large: &[500, 1300],
        flops: |s| n(10) * n(s[0]) * inner(s[1]) * inner(s[1]),
        define: stencils::jacobi_2d,
    },
    KernelSpec {
        name: "seidel_2d",
        summary: "PolyBench seidel-2d: 9-point Gauss-Seidel stencil, in place",
        suite: Suite::PolyBench,
        params: &["TSTEPS", "N"],
        elem_types: FLOAT,
        flops_formula: "9*TSTEPS*(N-2)^2",
        mini: &[20, 40],
        small: &[40, 120],
        large: &[500, 2000],
        flops: |s| n(9) * n(s[0]) * inner(s[1]) * inner(s[1]),
        define: stencils::seidel_2d,
    },
    KernelSpec {
        name: "heat_3d",
        summary: "PolyBench heat-3d: 7-point heat equation stencil, two arrays",
        suite: Suite::PolyBench,
        params: &["TSTEPS", "N"],
        elem_types: FLOAT,
        flops_formula: "30*TSTEPS*(N-2)^3",
        mini: &[20, 10],
        small: &[40, 20],
        large: &[500, 120],
        flops: |s| n(30) * n(s[0]) * inner(s[1]) * inner(s[1]) * inner(s[1]),
        define: stencils::heat_3d,
    },
    KernelSpec {
        name: "fdtd_2d",
        summary: "PolyBench fdtd-2d: 2-D finite-difference time-domain",
        suite: Suite::PolyBench,
        params: &["TMAX", "NX", "NY"],
        elem_types: FLOAT,
        flops_formula: "TMAX*(3*(NX-1)*NY + 3*NX*(NY-1) + 5*(NX-1)*(NY-1))",
        mini: &[20, 20, 30],
        small: &[40, 60, 80],
        large: &[500, 1000, 1200],
        flops: |s| {
            let (nx, ny) = (n(s[1]), n(s[2]));
            let (nx1, ny1) = (nx - n(1), ny - n(1));
            n(s[0]) * (n(3) * nx1 * ny + n(3) * nx * ny1 + n(5) * nx1 * ny1)
        },
        define: stencils::fdtd_2d,
    },
    KernelSpec {
        name: "adi",
        summary: "PolyBench adi: alternating-direction implicit 2-D heat solver",
        suite: Suite::PolyBench,
        params: &["TSTEPS", "N"],
        elem_types: FLOAT,
        flops_formula: "15 + 38*TSTEPS*(N-2)^2",
        mini: &[20, 20],
        small: &[40, 60],
        large: &[500, 1000],
        flops: |s| n(15) + n(38) * n(s[0]) * inner(s[1]) * inner(s[1]),
        define: stencils::adi,
    },
    KernelSpec {
        name: "floyd_warshall",
        summary: "PolyBench floyd-warshall: all-pairs shortest paths on integers",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: &[ElemType::I32],
        flops_formula: "2*N^3",
        mini: &[60],
        small: &[180],
        large: &[2800],
        flops: |s| n(2) * n(s[0]) * n(s[0]) * n(s[0]),
        define: medley::floyd_warshall,
    },
    KernelSpec {
        name: "nussinov",
        summary: "PolyBench nussinov: RNA folding by dynamic programming on integers",
        suite: Suite::PolyBench,
        params: &["N"],
        elem_types: &[ElemType::I32],
        flops_formula: "N*(N-1) + (N-1) + 3*(N-1)*(N-2)/2 + N*(N-1)*(N-2)/3",
        mini: &[60],
        small: &[180],
        large: &[2500],
        flops: |s| {
            let v = n(s[0]);
            let (v1, v2) = (less(s[0], 1), less(s[0], 2));
            v * v1 + v1 + n(3) * v1 * v2 / n(2) + v * v1 * v2 / n(3)
        },
        define: medley::nussinov,
    },
    KernelSpec {
        name: "deriche",
        summary: "PolyBench deriche: Deriche's recursive edge-detection filter",
        suite: Suite::PolyBench,
        params: &["W", "H"],
        elem_types: FLOAT32_FIRST,
        flops_formula: "32*W*H",
        mini: &[64, 64],
        small: &[192, 128],
        large: &[4096, 2160],
        flops: |s| n(32) * n(s[0]) * n(s[1]),
        define: medley::deriche,
    },
];

/// `n*(n+1)/2`: the points of a lower triangle with its diagonal.
fn triangle(v: i64) -> Count {
    n(v) * (n(v) + n(1)) / n(2)
}

/// `n - 2`: the interior points of a stencil dimension (never negative).
fn inner(v: i64) -> Count {
    less(v, 2)
}

/// `v - c`, or 0 when that is negative (a factor of a product that is 0
/// for such sizes anyway).
fn less(v: i64, c: i64) -> Count {
    n(v.saturating_sub(c).max(0))
}
