//! Deep-learning loop nests: matrix multiplication and 2-D convolutions
//! (direct, valid padding: the input is `H+R-1` by `W+S-1`, the output
//! `H` by `W`), each accumulating into a zeroed output in one perfect nest.
//!
//! Initialisation (not PolyBench's, but in its style): `A[i][j] =
//! ((i*j+1) % N) / N`, `B[i][j] = ((i*(j+1)+2) % N) / N`; images
//! `((c*(h+1) + 3*w + n) % 17) / 17`, filters `((k*(c+1) + 3*r + s) % 7 -
//! 3) / 7` (depthwise: `((c + 3*r + s) % 7 - 3) / 7`), indexed by logical
//! coordinates whatever the layout.

use super::expr::{int, ix, lit, num, Expr, IExpr};
use super::suite::{n as count, Count};
use super::Program;

/// `matmul`: `C[i][j] += A[i][k] * B[k][j]`, loops `i, j, k`.
pub(super) fn matmul(p: &mut Program, s: &[i64]) {
    let n = s[0];
    let a = p.array("A", &[n, n]);
    let b = p.array("B", &[n, n]);
    let c = p.output("C", &[n, n]);

    let m = &mut p.init;
    m.fill2(&a, |i, j| int((i * j + 1) % n) / num(n));
    m.fill2(&b, |i, j| int((i * (j + 1) + 2) % n) / num(n));
    m.fill2(&c, |_, _| lit(0.0));

    p.kernel.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, n, |k, j| {
            k.for_loop("k", 0, n, |k, kk| {
                let prod = a.at(ix![i, kk]) * b.at(ix![kk, j]);
                k.set(&c, ix![i, j], c.at(ix![i, j]) + prod);
            });
        });
    });
}

/// The image element at logical coordinates `(n, c, h, w)`.
fn image(n: &IExpr, c: &IExpr, h: &IExpr, w: &IExpr) -> Expr {
    int((c * (h + 1) + w * 3 + n) % 17) / num(17)
}

/// The filter element at logical coordinates `(k, c, r, s)`.
fn weight(k: &IExpr, c: &IExpr, r: &IExpr, s: &IExpr) -> Expr {
    int((k * (c + 1) + r * 3 + s) % 7 - 3) / num(7)
}

/// `2*N*K*H*W*C*R*S`.
pub(super) fn conv2d_flops(s: &[i64]) -> Count {
    s.iter().fold(count(2), |acc, &v| acc * count(v))
}

/// `conv2d_nchw`: `output[n][k][h][w] += input[n][c][h+r][w+s] *
/// filter[k][c][r][s]`, loops `n, k, h, w, c, r, s`.
pub(super) fn conv2d_nchw(p: &mut Program, sz: &[i64]) {
    let (nb, nc, nk, nh, nw, nr, ns) = (sz[0], sz[1], sz[2], sz[3], sz[4], sz[5], sz[6]);
    let input = p.array("input", &[nb, nc, nh + nr - 1, nw + ns - 1]);
    let filter = p.array("filter", &[nk, nc, nr, ns]);
    let output = p.output("output", &[nb, nk, nh, nw]);

    let m = &mut p.init;
    m.fill4(&input, image);
    m.fill4(&filter, weight);
    m.fill4(&output, |_, _, _, _| lit(0.0));

    p.kernel.for_loop("n", 0, nb, |b, n| {
        b.for_loop("k", 0, nk, |b, k| {
            b.for_loop("h", 0, nh, |b, h| {
                b.for_loop("w", 0, nw, |b, w| {
                    b.for_loop("c", 0, nc, |b, c| {
                        b.for_loop("r", 0, nr, |b, r| {
                            b.for_loop("s", 0, ns, |b, s| {
                                let prod =
                                    input.at(ix![n, c, h + r, w + s]) * filter.at(ix![k, c, r, s]);
                                let acc = output.at(ix![n, k, h, w]) + prod;
                                b.set(&output, ix![n, k, h, w], acc);
                            });
                        });
                    });
                });
            });
        });
    });
}

/// `conv2d_nhwc`: `output[n][h][w][k] += input[n][h+r][w+s][c] *
/// filter[r][s][c][k]`, loops `n, h, w, k, r, s, c`.
pub(super) fn conv2d_nhwc(p: &mut Program, sz: &[i64]) {
    let (nb, nc, nk, nh, nw, nr, ns) = (sz[0], sz[1], sz[2], sz[3], sz[4], sz[5], sz[6]);
    let input = p.array("input", &[nb, nh + nr - 1, nw + ns - 1, nc]);
    let filter = p.array("filter", &[nr, ns, nc, nk]);
    let output = p.output("output", &[nb, nh, nw, nk]);

    let m = &mut p.init;
    m.fill4(&input, |n, h, w, c| image(n, c, h, w));
    m.fill4(&filter, |r, s, c, k| weight(k, c, r, s));
    m.fill4(&output, |_, _, _, _| lit(0.0));

    p.kernel.for_loop("n", 0, nb, |b, n| {
        b.for_loop("h", 0, nh, |b, h| {
            b.for_loop("w", 0, nw, |b, w| {
                b.for_loop("k", 0, nk, |b, k| {
                    b.for_loop("r", 0, nr, |b, r| {
                        b.for_loop("s", 0, ns, |b, s| {
                            b.for_loop("c", 0, nc, |b, c| {
                                let prod =
                                    input.at(ix![n, h + r, w + s, c]) * filter.at(ix![r, s, c, k]);
                                let acc = output.at(ix![n, h, w, k]) + prod;
                                b.set(&output, ix![n, h, w, k], acc);
                            });
                        });
                    });
                });
            });
        });
    });
}

/// `depthwise_conv2d`: `output[n][c][h][w] += input[n][c][h+r][w+s] *
/// filter[c][r][s]`, loops `n, c, h, w, r, s`.
pub(super) fn depthwise_conv2d(p: &mut Program, sz: &[i64]) {
    let (nb, nc, nh, nw, nr, ns) = (sz[0], sz[1], sz[2], sz[3], sz[4], sz[5]);
    let input = p.array("input", &[nb, nc, nh + nr - 1, nw + ns - 1]);
    let filter = p.array("filter", &[nc, nr, ns]);
    let output = p.output("output", &[nb, nc, nh, nw]);

    let m = &mut p.init;
    m.fill4(&input, image);
    m.fill3(&filter, |c, r, s| int((c + r * 3 + s) % 7 - 3) / num(7));
    m.fill4(&output, |_, _, _, _| lit(0.0));

    p.kernel.for_loop("n", 0, nb, |b, n| {
        b.for_loop("c", 0, nc, |b, c| {
            b.for_loop("h", 0, nh, |b, h| {
                b.for_loop("w", 0, nw, |b, w| {
                    b.for_loop("r", 0, nr, |b, r| {
                        b.for_loop("s", 0, ns, |b, s| {
                            let prod = input.at(ix![n, c, h + r, w + s]) * filter.at(ix![c, r, s]);
                            let acc = output.at(ix![n, c, h, w]) + prod;
                            b.set(&output, ix![n, c, h, w], acc);
                        });
                    });
                });
            });
        });
    });
}
