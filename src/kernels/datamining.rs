//! PolyBench 4.2's data-mining kernels `correlation` and `covariance`,
//! transcribed statement by statement: same loops, same initialisation,
//! same operation order. `float_n` (the number of data points as a value
//! of the element type) is a scalar argument, as in PolyBench.

use super::emit::lin;
use super::expr::{cond, int, ix, num, Cmp, Expr};
use super::Program;

/// `correlation`: the `M x M` correlation matrix of `N` data points of
/// dimension `M`; `data` is centred and reduced in place.
pub(super) fn correlation(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let float_n = p.scalar("float_n", n as f64);
    let data = p.array("data", &[n, mm]);
    let corr = p.output("corr", &[mm, mm]);
    let mean = p.array("mean", &[mm]);
    let stddev = p.array("stddev", &[mm]);

    p.init.fill2(&data, |i, j| int(i * j) / num(mm) + int(i));

    let k = &mut p.kernel;
    let eps = k.constant(0.1);
    let zero = k.constant(0.0);
    let one = k.constant(1.0);
    k.for_loop("j", 0, mm, |k, j| {
        k.set(&mean, ix![j], (&zero).into());
        k.for_loop("i", 0, n, |k, i| {
            k.set(&mean, ix![j], mean.at(ix![j]) + data.at(ix![i, j]));
        });
        k.set(&mean, ix![j], mean.at(ix![j]) / &float_n);
    });
    k.for_loop("j", 0, mm, |k, j| {
        k.set(&stddev, ix![j], (&zero).into());
        k.for_loop("i", 0, n, |k, i| {
            let dev = || data.at(ix![i, j]) - mean.at(ix![j]);
            k.set(&stddev, ix![j], stddev.at(ix![j]) + dev() * dev());
        });
        k.set(&stddev, ix![j], stddev.at(ix![j]) / &float_n);
        k.set(&stddev, ix![j], stddev.at(ix![j]).sqrt());
        // Near-zero deviations would divide by zero below.
        let sd = || stddev.at(ix![j]);
        k.set(
            &stddev,
            ix![j],
            cond(sd(), Cmp::Le, (&eps).into(), (&one).into(), sd()),
        );
    });
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, mm, |k, j| {
            k.set(&data, ix![i, j], data.at(ix![i, j]) - mean.at(ix![j]));
            let scale = Expr::from(&float_n).sqrt() * stddev.at(ix![j]);
            k.set(&data, ix![i, j], data.at(ix![i, j]) / scale);
        });
    });
    k.for_loop("i", 0, mm - 1, |k, i| {
        k.set(&corr, ix![i, i], (&one).into());
        k.for_loop("j", i.bound(1), mm, |k, j| {
            k.set(&corr, ix![i, j], (&zero).into());
            k.for_loop("k", 0, n, |k, kk| {
                let prod = data.at(ix![kk, i]) * data.at(ix![kk, j]);
                k.set(&corr, ix![i, j], corr.at(ix![i, j]) + prod);
            });
            k.set(&corr, ix![j, i], corr.at(ix![i, j]));
        });
    });
    let last = || lin(&[], mm - 1);
    k.set(&corr, ix![{ last() }, { last() }], (&one).into());
}

/// `covariance`: the `M x M` covariance matrix of `N` data points of
/// dimension `M`; `data` is centred in place.
pub(super) fn covariance(p: &mut Program, s: &[i64]) {
    let (mm, n) = (s[0], s[1]);
    let float_n = p.scalar("float_n", n as f64);
    let data = p.array("data", &[n, mm]);
    let cov = p.output("cov", &[mm, mm]);
    let mean = p.array("mean", &[mm]);

    p.init.fill2(&data, |i, j| int(i) * int(j) / num(mm));

    let k = &mut p.kernel;
    let zero = k.constant(0.0);
    let one = k.constant(1.0);
    k.for_loop("j", 0, mm, |k, j| {
        k.set(&mean, ix![j], (&zero).into());
        k.for_loop("i", 0, n, |k, i| {
            k.set(&mean, ix![j], mean.at(ix![j]) + data.at(ix![i, j]));
        });
        k.set(&mean, ix![j], mean.at(ix![j]) / &float_n);
    });
    k.for_loop("i", 0, n, |k, i| {
        k.for_loop("j", 0, mm, |k, j| {
            k.set(&data, ix![i, j], data.at(ix![i, j]) - mean.at(ix![j]));
        });
    });
    k.for_loop("i", 0, mm, |k, i| {
        k.for_loop("j", i.bound(0), mm, |k, j| {
            k.set(&cov, ix![i, j], (&zero).into());
            k.for_loop("k", 0, n, |k, kk| {
                let prod = data.at(ix![kk, i]) * data.at(ix![kk, j]);
                k.set(&cov, ix![i, j], cov.at(ix![i, j]) + prod);
            });
            k.set(&cov, ix![i, j], cov.at(ix![i, j]) / (&float_n - &one));
            k.set(&cov, ix![j, i], cov.at(ix![i, j]));
        });
    });
}
