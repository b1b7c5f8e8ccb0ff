//! The brute-force dependence oracle of `common::nestgen` against mlir-opt
//! 19's `--test-memref-dependence-check` on random nests.
//!
//! The oracle enumerates every pair of executed accesses; mlir-opt's answer
//! must be sound with respect to it: never "false" where a dependence
//! exists, and every distance range must contain the distances that occur.
//! This validates the generator and the oracle that tessera's own analysis
//! is tested against, and shows how precise mlir-opt is. Skips without
//! mlir-opt 19.
//!
//! One unsoundness of mlir-opt 19 is known and counted rather than failed
//! on: an access in the `else` block of an `affine.if` is constrained by the
//! `then` condition (MLIR's `getIndexSet` adds the condition of every
//! enclosing `affine.if` whatever the branch), so real dependences of such
//! accesses are reported as `false` or with wrong distances. tessera's
//! analysis must not do this.

mod common;

use common::nestgen::{dependence, Nest, Rng};

/// `[lb, ub]` pairs of a remark, with `-inf`/`+inf` as open ends.
fn parse_ranges(text: &str) -> Vec<(Option<i64>, Option<i64>)> {
    text.split('[')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let inner = p.trim_end_matches(']');
            let (a, b) = inner
                .split_once(", ")
                .unwrap_or_else(|| panic!("unexpected range {text:?}"));
            (a.parse().ok(), b.parse().ok())
        })
        .collect()
}

#[test]
fn mlir_opt_is_sound_against_the_oracle() {
    let Some(mlir_opt) = common::mlir::find_mlir_opt() else {
        eprintln!("SKIPPED: mlir-opt 19 not found (install mlir-19-tools or set MLIR_OPT)");
        return;
    };
    let mut rng = Rng(0x0dd5_eed5);
    let (mut remarks, mut exact, mut imprecise, mut dependences) = (0, 0, 0, 0);
    let mut unsound = Vec::new();
    let mut else_branch_misses = 0;
    for case in 0..150 {
        let nest = Nest::random(&mut rng, 4);
        let source = nest.to_mlir("kernel");
        let (_, stderr, ok) = common::mlir::run(
            &mlir_opt,
            "nest.mlir",
            &source,
            &["--test-memref-dependence-check", "-o", "/dev/null"],
        );
        assert!(
            ok,
            "mlir-opt rejected generated nest {case}:\n{source}\n{stderr}"
        );
        let accesses = nest.accesses();
        let instances = nest.execute();
        for line in stderr
            .lines()
            .filter(|l| l.contains("remark: dependence from"))
        {
            let spec = line
                .split("remark: dependence from ")
                .nth(1)
                .expect("remark text");
            let words: Vec<&str> = spec.split_whitespace().collect();
            let (src, dst, depth): (usize, usize, usize) = (
                words[0].parse().unwrap(),
                words[2].parse().unwrap(),
                words[5].parse().unwrap(),
            );
            let answer = spec.split(" = ").nth(1).expect("answer");
            let truth = dependence(&instances, &accesses[src], &accesses[dst], depth);
            let in_else = accesses[src].under_else || accesses[dst].under_else;
            remarks += 1;
            dependences += usize::from(truth.is_some());
            match (answer, truth) {
                ("false", None) => exact += 1,
                // A dependence at depth `common + 1` (or with no common loop)
                // is printed without distances.
                ("true", Some(_)) => exact += 1,
                ("false", Some(_)) if in_else => else_branch_misses += 1,
                ("false", Some(t)) => unsound.push(format!("case {case}: {src}->{dst} depth {depth}: mlir-opt says false, oracle finds {t:?}\n{source}")),
                (_, None) => imprecise += 1,
                (ranges, Some(t)) => {
                    let theirs = parse_ranges(ranges);
                    let contains = theirs.len() == t.len()
                        && theirs.iter().zip(&t).all(|(&(lo, hi), &(a, b))| lo.is_none_or(|lo| lo <= a) && hi.is_none_or(|hi| b <= hi));
                    if !contains && in_else {
                        else_branch_misses += 1;
                    } else if !contains {
                        unsound.push(format!("case {case}: {src}->{dst} depth {depth}: mlir-opt {ranges}, oracle {t:?}\n{source}"));
                    } else if theirs.iter().zip(&t).all(|(&(lo, hi), &(a, b))| lo == Some(a) && hi == Some(b)) {
                        exact += 1;
                    } else {
                        imprecise += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "{remarks} remarks ({dependences} real dependences): {exact} exact, {imprecise} over-approximated, \
         {else_branch_misses} dependences of else-block accesses missed or mis-measured by mlir-opt"
    );
    assert!(
        remarks > 500,
        "too few remarks ({remarks}) to mean anything"
    );
    assert!(
        unsound.is_empty(),
        "mlir-opt contradicts the oracle:\n{}",
        unsound.join("\n")
    );
}
