//! Dominance (`tessera_ir::cfg`) against its definition on random
//! control-flow graphs: `a` dominates `b` when `b` cannot be reached from
//! the entry block once `a` is removed (a block dominates itself, and a
//! block no path reaches is dominated by every block, as in MLIR). The
//! reverse post-order is checked too: every reachable block comes after
//! its dominators.

use std::collections::HashSet;
use std::fmt::Write as _;

use tessera_ir::cfg::{reverse_post_order, Dominance};
use tessera_ir::parse_module;

/// A small linear congruential generator (deterministic cases).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A function of `n` blocks whose terminators branch anywhere but to the
/// entry block (or return), and its successor lists.
fn random_function(rng: &mut Lcg) -> (String, Vec<Vec<usize>>) {
    let n = 2 + rng.below(7);
    let mut succs = vec![Vec::new(); n];
    let mut text = String::from("func.func @f(%c: i1, %x: i32) {\n");
    for (k, out) in succs.iter_mut().enumerate() {
        if k > 0 {
            let _ = writeln!(text, "^bb{k}:");
        }
        let target = |rng: &mut Lcg| 1 + rng.below(n - 1);
        match rng.below(4) {
            0 => text.push_str("  return\n"),
            1 => {
                let t = target(rng);
                out.push(t);
                let _ = writeln!(text, "  cf.br ^bb{t}");
            }
            2 => {
                let (t, f) = (target(rng), target(rng));
                out.extend([t, f]);
                let _ = writeln!(text, "  cf.cond_br %c, ^bb{t}, ^bb{f}");
            }
            _ => {
                let (d, a, b) = (target(rng), target(rng), target(rng));
                out.extend([d, a, b]);
                let _ = writeln!(
                    text,
                    "  cf.switch %x : i32, [\n    default: ^bb{d},\n    1: ^bb{a},\n    2: ^bb{b}\n  ]"
                );
            }
        }
    }
    text.push_str("}\n");
    (text, succs)
}

/// The blocks reachable from the entry without passing through `removed`.
fn reachable(succs: &[Vec<usize>], removed: Option<usize>) -> HashSet<usize> {
    let mut seen = HashSet::new();
    if removed == Some(0) {
        return seen;
    }
    let mut stack = vec![0];
    seen.insert(0);
    while let Some(b) = stack.pop() {
        for &s in &succs[b] {
            if Some(s) != removed && seen.insert(s) {
                stack.push(s);
            }
        }
    }
    seen
}

#[test]
fn dominance_matches_its_definition_on_random_graphs() {
    let mut rng = Lcg(0x05ee_dcf9);
    for case in 0..400 {
        let (text, succs) = random_function(&mut rng);
        let m = parse_module("cfg.mlir", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let region = m.ops[m.functions()[0]].regions[0];
        let blocks = m.regions[region].blocks.clone();
        let dom = Dominance::new(&m, region);
        let live = reachable(&succs, None);
        for (i, &b) in blocks.iter().enumerate() {
            assert_eq!(
                dom.is_reachable(b),
                live.contains(&i),
                "case {case}\n{text}"
            );
            for (a_index, &a) in blocks.iter().enumerate() {
                let expected = !live.contains(&i)
                    || a_index == i
                    || !reachable(&succs, Some(a_index)).contains(&i);
                assert_eq!(
                    dom.dominates(a, b),
                    expected,
                    "case {case}: does ^bb{a_index} dominate ^bb{i}?\n{text}"
                );
            }
        }
        let order = reverse_post_order(&m, region);
        assert_eq!(order.len(), live.len(), "case {case}\n{text}");
        for (k, &b) in order.iter().enumerate() {
            for d in dom.strict_dominators(b) {
                let at = order.iter().position(|&x| x == d);
                assert!(at.is_some_and(|at| at < k), "case {case}\n{text}");
            }
        }
    }
}
