//! The polyhedra scanner against brute force: the generated code, run by
//! an interpreter, must visit exactly the points of the domains, in the
//! order of (time vector, statement, iteration vector).

mod common;

use common::scan::{brute_force, in_context, run, Visit, HI};
use tessera_affine::IntegerSet;
use tessera_polyhedral::scan::{
    generate, split_full_tiles, Ast, AstNode, ScanProblem, ScanStatement, TileDim,
};
use tessera_polyhedral::IntegerRelation;

fn set(text: &str) -> IntegerRelation {
    let s: IntegerSet = text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"));
    IntegerRelation::from_integer_set(&s).unwrap()
}

fn check(p: &ScanProblem, sym_values: &[Vec<i64>]) -> Ast {
    let ast = generate(p).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
    for syms in sym_values.iter().filter(|s| in_context(p, s)) {
        let want = brute_force(p, syms);
        let got = run(&ast, syms);
        assert_eq!(got, want, "symbols {syms:?}\n{ast}\n{p:?}");
    }
    ast
}

fn sym_grid(p: usize) -> Vec<Vec<i64>> {
    match p {
        0 => vec![vec![]],
        1 => (-1..=5).map(|a| vec![a]).collect(),
        _ => {
            let mut v = Vec::new();
            for a in [-1, 0, 2, 5] {
                for b in [-1, 1, 4] {
                    v.push(vec![a, b]);
                }
            }
            v
        }
    }
}

#[test]
fn rectangular_identity_is_plain_loops() {
    let d = set("(d0, d1)[s0, s1] : (d0 >= 0, s0 - d0 >= 0, d1 >= 0, s1 - d1 >= 0)");
    let p = ScanProblem::new(2, vec![ScanStatement::identity(d)]);
    let ast = check(&p, &sym_grid(2));
    assert_eq!(ast.num_guards(), 0, "{ast}");
    assert_eq!(ast.num_loops(), 2, "{ast}");
    assert_eq!(
        ast.to_string(),
        "for d0 = 0 to s0 {\n  for d1 = 0 to s1 {\n    S0(d0, d1)\n  }\n}\n"
    );
}

/// `2 d0 >= s0` and `2 d0 <= s0 + 1`: bounds `ceil(s0 / 2)` and
/// `floor((s0 + 1) / 2)`, different expressions of one value (CLooG's
/// `basic-bounds-5`). Decided exactly, the dim takes that value: no loop.
#[test]
fn equal_bounds_written_differently_give_no_loop() {
    let d = set("(d0)[s0] : (d0 * 2 - s0 >= 0, s0 + 1 - d0 * 2 >= 0)");
    let p = ScanProblem::new(1, vec![ScanStatement::identity(d)]);
    let ast = check(&p, &sym_grid(1));
    assert_eq!(ast.num_loops(), 0, "{ast}");
}

#[test]
fn triangle() {
    let d = set("(d0, d1)[s0] : (d0 >= 0, s0 - d0 >= 0, d1 >= 0, d0 - d1 >= 0)");
    let p = ScanProblem::new(1, vec![ScanStatement::identity(d)]);
    let ast = check(&p, &sym_grid(1));
    assert_eq!(ast.num_guards(), 0, "{ast}");
    assert_eq!(
        ast.to_string(),
        "for d0 = 0 to s0 {\n  for d1 = 0 to d0 {\n    S0(d0, d1)\n  }\n}\n"
    );
}

#[test]
fn strided_domain_and_scaled_schedule() {
    // CLooG's strided domain: { i : 0 <= i <= N, i mod 3 == 1 }.
    let d = set("(d0)[s0] : (d0 >= 0, s0 - d0 >= 0, d0 mod 3 - 1 == 0)");
    let p = ScanProblem::new(1, vec![ScanStatement::identity(d.clone())]);
    let ast = check(&p, &sym_grid(1));
    assert_eq!(ast.num_guards(), 0, "{ast}");
    match &ast.body[0] {
        AstNode::For(l) => assert_eq!(l.step, 3, "{ast}"),
        other => panic!("{other:?}"),
    }
    // The same domain at time 2*i + 1: step 6.
    let p = ScanProblem::new(1, vec![ScanStatement::new(d, vec![vec![2, 0, 1]])]);
    let ast = check(&p, &sym_grid(1));
    assert_eq!(ast.num_guards(), 0, "{ast}");
    match &ast.body[0] {
        AstNode::For(l) => assert_eq!(l.step, 6, "{ast}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn two_overlapping_squares() {
    // CLooG's classic: [1,N]^2 and [N/2.., ..] shifted squares.
    let a = set("(d0, d1)[s0] : (d0 - 1 >= 0, s0 - d0 >= 0, d1 - 1 >= 0, s0 - d1 >= 0)");
    let b = set("(d0, d1)[s0] : (d0 - 3 >= 0, s0 - d0 + 2 >= 0, d1 - 3 >= 0, s0 - d1 + 2 >= 0)");
    let p = ScanProblem::new(
        1,
        vec![ScanStatement::identity(a), ScanStatement::identity(b)],
    );
    let ast = check(&p, &sym_grid(1));
    assert!(ast.loop_depth() == 2, "{ast}");
}

/// Whether a guard stands in the body of a loop with no loop inside.
fn guard_in_innermost_loop(nodes: &[AstNode], in_loop: bool) -> bool {
    fn has_loop(nodes: &[AstNode]) -> bool {
        nodes.iter().any(|n| match n {
            AstNode::For(_) => true,
            AstNode::If(g) => has_loop(&g.then),
            AstNode::Stmt(_) => false,
        })
    }
    nodes.iter().any(|n| match n {
        AstNode::For(f) => guard_in_innermost_loop(&f.body, !has_loop(&f.body)),
        AstNode::If(g) => in_loop || guard_in_innermost_loop(&g.then, false),
        AstNode::Stmt(_) => false,
    })
}

#[test]
fn innermost_separation_leaves_no_guard_in_innermost_loops() {
    let a = set("(d0, d1)[s0] : (d0 - 1 >= 0, s0 - d0 >= 0, d1 - 1 >= 0, s0 - d1 >= 0)");
    let b = set("(d0, d1)[s0] : (d0 - 3 >= 0, s0 - d0 + 2 >= 0, d1 - 3 >= 0, s0 - d1 + 2 >= 0)");
    let statements = vec![ScanStatement::identity(a), ScanStatement::identity(b)];
    let atomic = check(&ScanProblem::new(1, statements.clone()), &sym_grid(1));
    assert!(guard_in_innermost_loop(&atomic.body, false), "{atomic}");
    let separated = check(
        &ScanProblem::new(1, statements).with_innermost_separation(),
        &sym_grid(1),
    );
    assert!(
        !guard_in_innermost_loop(&separated.body, false),
        "{separated}"
    );
}

#[test]
fn fused_with_incomparable_bounds_is_separated() {
    let a = set("(d0)[s0, s1] : (d0 >= 0, s0 - d0 >= 0)");
    let b = set("(d0)[s0, s1] : (d0 >= 0, s1 - d0 >= 0)");
    let p = ScanProblem::new(
        2,
        vec![ScanStatement::identity(a), ScanStatement::identity(b)],
    );
    let ast = check(&p, &sym_grid(2));
    assert!(ast.num_loops() >= 2, "{ast}");
}

#[test]
fn scalar_dims_sequence_statements() {
    // S0 at (0, i), S1 at (1, i): two sibling loops, S0 first.
    let d = set("(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)");
    let p = ScanProblem::new(
        1,
        vec![
            ScanStatement::new(d.clone(), vec![vec![0, 0, 1], vec![1, 0, 0]]),
            ScanStatement::new(d, vec![vec![0, 0, 0], vec![1, 0, 0]]),
        ],
    );
    let ast = check(&p, &sym_grid(1));
    assert_eq!(ast.num_loops(), 2, "{ast}");
    assert_eq!(ast.num_guards(), 0, "{ast}");
    assert_eq!(ast.body.len(), 2, "{ast}");
    match &ast.body[0] {
        AstNode::For(l) => assert!(matches!(&l.body[0], AstNode::Stmt(s) if s.statement == 1)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn fused_identical_domains_share_one_loop() {
    let d = set("(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)");
    let p = ScanProblem::new(
        1,
        vec![
            ScanStatement::identity(d.clone()),
            ScanStatement::identity(d),
        ],
    );
    let ast = check(&p, &sym_grid(1));
    assert_eq!(ast.num_loops(), 1, "{ast}");
    assert_eq!(ast.num_guards(), 0, "{ast}");
}

#[test]
fn non_injective_schedule_orders_by_statement_then_iteration() {
    // Both statements at time (i + j): the inner order is S0's points, then
    // S1's, each lexicographically.
    let d = set("(d0, d1) : (d0 >= 0, 2 - d0 >= 0, d1 >= 0, 2 - d1 >= 0)");
    let p = ScanProblem::new(
        0,
        vec![
            ScanStatement::new(d.clone(), vec![vec![1, 1, 0]]),
            ScanStatement::new(d, vec![vec![1, 1, 0]]),
        ],
    );
    check(&p, &[vec![]]);
}

#[test]
fn unbounded_domain_is_an_error() {
    let d = set("(d0) : (d0 >= 0)");
    let p = ScanProblem::new(0, vec![ScanStatement::identity(d)]);
    assert!(generate(&p).is_err());
}

// ---------------------------------------------------------------- random

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn random_domain(rng: &mut Rng, n: usize, p: usize) -> String {
    let dims: Vec<String> = (0..n).map(|j| format!("d{j}")).collect();
    let syms: Vec<String> = (0..p).map(|j| format!("s{j}")).collect();
    let mut cs: Vec<String> = Vec::new();
    for j in 0..n {
        let d = &dims[j];
        cs.push(format!("{d} - ({}) >= 0", rng.range(-2, 2)));
        if p > 0 && rng.chance(30) {
            cs.push(format!(
                "{d} - s{} + {} >= 0",
                rng.below(p as u64),
                rng.range(0, 3)
            ));
        }
        let mut has_upper = false;
        if p > 0 && rng.chance(60) {
            cs.push(format!(
                "s{} - {d} - ({}) >= 0",
                rng.below(p as u64),
                rng.range(-1, 1)
            ));
            has_upper = true;
        }
        if !has_upper || rng.chance(30) {
            cs.push(format!("{} - {d} >= 0", rng.range(0, 5)));
        }
        if j > 0 && rng.chance(35) {
            let o = &dims[rng.below(j as u64) as usize];
            if rng.chance(50) {
                cs.push(format!("{o} - {d} + {} >= 0", rng.range(-1, 1)));
            } else {
                cs.push(format!("{d} - {o} + {} >= 0", rng.range(-1, 1)));
            }
        }
        if rng.chance(15) {
            let m = rng.range(2, 3);
            cs.push(format!("{d} mod {m} - {} == 0", rng.range(0, m - 1)));
        }
    }
    if n >= 2 && rng.chance(10) {
        cs.push(format!("(d0 + d1) mod 2 - {} == 0", rng.range(0, 1)));
    }
    format!(
        "({})[{}] : ({})",
        dims.join(", "),
        syms.join(", "),
        cs.join(", ")
    )
}

/// `rows` linear schedule rows for a statement of `n` dims over `p`
/// symbols: transformations of a permutation.
fn random_schedule(rng: &mut Rng, n: usize, p: usize, rows: usize) -> Vec<Vec<i64>> {
    let mut perm: Vec<usize> = (0..n).collect();
    if rng.chance(40) {
        for i in (1..n).rev() {
            perm.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    let mut out = Vec::new();
    for r in 0..rows {
        let mut row = vec![0i64; n + p + 1];
        if r < n {
            let c = match rng.below(10) {
                0 => -1,
                1 => 2,
                2 => -2,
                _ => 1,
            };
            row[perm[r]] = c;
            if rng.chance(20) && n > 1 {
                // skew by another dim
                let o = rng.below(n as u64) as usize;
                row[o] += 1;
            }
        } else if rng.chance(50) && n > 0 {
            row[rng.below(n as u64) as usize] = 1;
        }
        if rng.chance(20) {
            row[n + p] = rng.range(-2, 2);
        }
        if p > 0 && rng.chance(10) {
            row[n + rng.below(p as u64) as usize] = 1;
        }
        out.push(row);
    }
    out
}

fn random_problem(rng: &mut Rng) -> ScanProblem {
    let p = rng.below(3) as usize;
    let nstmts = 1 + rng.below(3) as usize;
    let rows = 1 + rng.below(3) as usize;
    let scalar = rng.chance(40);
    let mut statements = Vec::new();
    for _ in 0..nstmts {
        let n = 1 + rng.below(3) as usize;
        let dom = set(&random_domain(rng, n, p));
        let lin = random_schedule(rng, n, p, rows);
        let schedule = if scalar {
            let mut s = Vec::new();
            for row in lin {
                let mut b = vec![0i64; n + p + 1];
                b[n + p] = rng.range(0, 1);
                s.push(b);
                s.push(row);
            }
            let mut b = vec![0i64; n + p + 1];
            b[n + p] = rng.range(0, 1);
            s.push(b);
            s
        } else {
            lin
        };
        statements.push(ScanStatement::new(dom, schedule));
    }
    let mut prob = ScanProblem::new(p, statements);
    if p > 0 && rng.chance(30) {
        prob = prob.with_context(set(&format!(
            "()[{}] : (s0 - {} >= 0)",
            (0..p)
                .map(|j| format!("s{j}"))
                .collect::<Vec<_>>()
                .join(", "),
            rng.range(0, 2)
        )));
    }
    prob
}

#[test]
fn random_problems_match_brute_force() {
    let cases: u64 = std::env::var("SCAN_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = Rng(0x5eed_0001);
    let mut failures = Vec::new();
    for case in 0..cases {
        let prob = random_problem(&mut rng);
        // Every other problem with the innermost loops separated.
        let prob = if case % 2 == 1 {
            prob.with_innermost_separation()
        } else {
            prob
        };
        let grid = sym_grid(prob.num_symbols);
        let ast = match generate(&prob) {
            Ok(a) => a,
            Err(e) => {
                failures.push(format!("case {case}: error {e}\n{prob:?}"));
                continue;
            }
        };
        if let Some(why) = unmerged_guards(&ast.body) {
            failures.push(format!("case {case}: {why}\n{ast}"));
            continue;
        }
        if let Some(l) = loop_running_at_most_once(&ast.body) {
            failures.push(format!(
                "case {case}: a loop with a lower bound equal to an upper bound (it runs at most once: a guard is enough)\n{l:?}\n{ast}"
            ));
            continue;
        }
        for syms in &grid {
            if !in_context(&prob, syms) {
                continue;
            }
            let want = brute_force(&prob, syms);
            let got = run(&ast, syms);
            if got != want {
                failures.push(format!(
                    "case {case}: symbols {syms:?}\n{ast}\nwant {want:?}\ngot  {got:?}\n{prob:?}"
                ));
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} failed; first:\n{}",
        failures.len(),
        failures[0]
    );
}

/// Guards that should have been one: two adjacent guards with the same
/// conditions, or a guard whose only content is a guard.
fn unmerged_guards(nodes: &[AstNode]) -> Option<String> {
    for pair in nodes.windows(2) {
        if let [AstNode::If(a), AstNode::If(b)] = pair {
            if a.conditions == b.conditions {
                return Some("two adjacent guards with the same conditions".into());
            }
        }
    }
    for n in nodes {
        let inner = match n {
            AstNode::For(f) => &f.body,
            AstNode::If(g) => {
                if let [AstNode::If(_)] = g.then.as_slice() {
                    return Some("a guard holding only a guard".into());
                }
                &g.then
            }
            AstNode::Stmt(_) => continue,
        };
        if let Some(why) = unmerged_guards(inner) {
            return Some(why);
        }
    }
    None
}

/// A loop whose lower and upper bounds include one same value: it runs at
/// most once and should have been a guard.
fn loop_running_at_most_once(nodes: &[AstNode]) -> Option<(usize, String)> {
    for n in nodes {
        match n {
            AstNode::For(f) => {
                for l in &f.lower {
                    for u in &f.upper {
                        let diff = (u.clone() - l.clone()).simplify(64, 8);
                        if diff.as_constant() == Some(0) {
                            return Some((f.dim, l.to_string()));
                        }
                    }
                }
                if let Some(found) = loop_running_at_most_once(&f.body) {
                    return Some(found);
                }
            }
            AstNode::If(g) => {
                if let Some(found) = loop_running_at_most_once(&g.then) {
                    return Some(found);
                }
            }
            AstNode::Stmt(_) => {}
        }
    }
    None
}

/// The loops over `dim` anywhere in `nodes`.
fn loops_over(nodes: &[AstNode], dim: usize, out: &mut Vec<(usize, usize)>) {
    for n in nodes {
        match n {
            AstNode::For(f) => {
                if f.dim == dim {
                    out.push((f.lower.len(), f.upper.len()));
                }
                loops_over(&f.body, dim, out);
            }
            AstNode::If(g) => loops_over(&g.then, dim, out),
            AstNode::Stmt(_) => {}
        }
    }
}

#[test]
fn full_tiles_of_a_triangle_get_loops_bounded_by_the_tile_alone() {
    // 0 <= j <= i <= s0 tiled 4 x 4: dims (i, j, qi, qj), time (qi, qj, i, j).
    let domain = set(
        "(d0, d1, d2, d3)[s0] : (d1 >= 0, d0 - d1 >= 0, s0 - d0 >= 0, \
         d0 - d2 * 4 >= 0, d2 * 4 + 3 - d0 >= 0, d1 - d3 * 4 >= 0, d3 * 4 + 3 - d1 >= 0)",
    );
    let schedule = vec![
        vec![0, 0, 1, 0, 0, 0],
        vec![0, 0, 0, 1, 0, 0],
        vec![1, 0, 0, 0, 0, 0],
        vec![0, 1, 0, 0, 0, 0],
    ];
    let tiles = [
        TileDim {
            dim: 2,
            hyperplane: vec![1, 0, 0, 0],
            size: 4,
        },
        TileDim {
            dim: 3,
            hyperplane: vec![0, 1, 0, 0],
            size: 4,
        },
    ];
    let (full, partial) = split_full_tiles(&domain, 2, &tiles)
        .expect("no overflow")
        .expect("the triangle has full tiles");
    assert!(!partial.is_empty());
    let statements: Vec<ScanStatement> = std::iter::once(full)
        .chain(partial)
        .map(|d| ScanStatement::new(d, schedule.clone()).with_separation(0..2))
        .collect();
    let problem = ScanProblem::new(1, statements);
    let grid: Vec<Vec<i64>> = (-1..HI).map(|s| vec![s]).collect();
    let ast = generate(&problem).expect("generated");
    for syms in &grid {
        // The pieces are copies of one statement: compare the instances.
        let strip = |v: Vec<Visit>| -> Vec<Vec<i64>> { v.into_iter().map(|x| x.1).collect() };
        let single = ScanProblem::new(
            1,
            vec![ScanStatement::new(domain.clone(), schedule.clone())],
        );
        assert_eq!(
            strip(run(&ast, syms)),
            strip(brute_force(&single, syms)),
            "symbols {syms:?}\n{ast}"
        );
    }
    let mut inner = Vec::new();
    loops_over(&ast.body, 3, &mut inner);
    assert!(
        inner.contains(&(1, 1)),
        "no loop bounded by its tile alone:\n{ast}"
    );
}

/// Pieces of one statement (a union domain split into disjoint
/// polyhedra, marked with the same code) that separation leaves under two
/// adjacent guards with the same body are one guard again when the two
/// conditions are halves of one polyhedron; the code still visits every
/// point once, in order.
#[test]
fn guards_over_pieces_of_one_statement_are_merged() {
    // S (the two halves d0 <= 4 and d0 >= 5 of [0, 9] x [0, s0]) fused
    // with T on [0, 9] x [0, 9], d1 outermost: the inner loop over d0 runs
    // S's pieces under guards.
    let half = |lo: &str| set(&format!("(d0, d1)[s0] : ({lo}, d1 >= 0, s0 - d1 >= 0)"));
    let left = half("d0 >= 0, -d0 + 4 >= 0");
    let right = half("d0 - 5 >= 0, -d0 + 9 >= 0");
    let other = set("(d0, d1)[s0] : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 9 >= 0)");
    let rows = vec![vec![0, 1, 0, 0], vec![1, 0, 0, 0]];
    let merged = ScanProblem::new(
        1,
        vec![
            ScanStatement::new(left.clone(), rows.clone()).with_code(0),
            ScanStatement::new(right.clone(), rows.clone()).with_code(0),
            ScanStatement::new(other.clone(), rows.clone()),
        ],
    );
    let apart = ScanProblem::new(
        1,
        vec![
            ScanStatement::new(left, rows.clone()),
            ScanStatement::new(right, rows.clone()),
            ScanStatement::new(other, rows),
        ],
    );
    let m = generate(&merged).unwrap();
    // Pieces 0 and 1 are the same code: visits compare by code.
    let by_code = |visits: Vec<Visit>| -> Vec<Visit> {
        visits
            .into_iter()
            .map(|(s, it)| (if s == 1 { 0 } else { s }, it))
            .collect()
    };
    for syms in sym_grid(1) {
        assert_eq!(
            by_code(run(&m, &syms)),
            by_code(brute_force(&merged, &syms)),
            "symbols {syms:?}\n{m}"
        );
    }
    let a = check(&apart, &sym_grid(1));
    // The halves' guards `d1 <= 4` and `d1 >= 5` together test nothing.
    assert_eq!(m.num_guards(), 0, "merged:\n{m}");
    assert!(a.num_guards() >= 2, "apart:\n{a}");
}
