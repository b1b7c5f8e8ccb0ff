//! Random affine loop nests, printed as MLIR and executed directly: the
//! ground truth that dependence analysis and every transformation are
//! checked against.
//!
//! A [`Nest`] is a tree of `affine.for` loops (constant bounds, or a lower
//! bound equal to an outer induction variable; steps 1–3), `affine.if`
//! guards with `else`, and loads and stores whose subscripts are small
//! affine expressions of the enclosing induction variables (with `floordiv`
//! and `mod`). [`Nest::to_mlir`] prints it as a function; [`Nest::execute`]
//! enumerates every dynamic access in program order without any IR.

use std::fmt::Write as _;

use tessera_affine::print::Position;
use tessera_affine::{AffineExpr, Constraint, ConstraintKind, IntegerSet};

pub use super::rng::Rng;

/// A node of the nest tree.
#[derive(Clone, Debug)]
pub enum Node {
    /// `affine.for` over the loop at `depth` (its induction variable is
    /// `d<depth>` in subscripts). `lb_outer` makes the lower bound the
    /// induction variable of that outer loop instead of `lb`.
    For {
        lb: i64,
        lb_outer: Option<usize>,
        ub: i64,
        step: i64,
        body: Vec<Node>,
    },
    /// `affine.if` on the enclosing induction variables.
    If {
        cond: IntegerSet,
        then: Vec<Node>,
        otherwise: Vec<Node>,
    },
    /// A load or store of `array` with one subscript per dimension.
    Access(Access),
}

/// One static access.
#[derive(Clone, Debug)]
pub struct Access {
    /// Position in program (walk) order, as MLIR numbers accesses.
    pub id: usize,
    pub is_store: bool,
    pub array: usize,
    /// Over dims `d0..` = the enclosing induction variables, outermost first.
    pub subscripts: Vec<AffineExpr>,
    /// Number of enclosing loops.
    pub depth: usize,
    /// The loops around it, as indices into the nest's loop list.
    pub loops: Vec<usize>,
    /// Whether it sits (at any level) in the `else` block of an `affine.if`.
    pub under_else: bool,
    /// The enclosing loops' bounds, outermost first.
    pub bounds: Vec<LoopBounds>,
    /// The enclosing `affine.if` conditions and whether the access is in
    /// the `then` block.
    pub guards: Vec<(IntegerSet, bool)>,
}

/// `for iv = (lb_outer's iv, or lb) to ub step step`.
#[derive(Clone, Copy, Debug)]
pub struct LoopBounds {
    pub id: usize,
    pub lb: i64,
    pub lb_outer: Option<usize>,
    pub ub: i64,
    pub step: i64,
}

/// A random nest over a few arrays.
#[derive(Clone, Debug)]
pub struct Nest {
    pub body: Vec<Node>,
    /// Rank of each array.
    pub ranks: Vec<usize>,
    /// Subscript offsets and shapes, fixed by [`Nest::fit_arrays`] so that
    /// every access is in bounds.
    pub shapes: Vec<Vec<i64>>,
    pub num_accesses: usize,
}

/// One executed access: which static access, at which iteration, touching
/// which element, at which time.
#[derive(Clone, Debug)]
pub struct Instance {
    pub access: usize,
    pub iteration: Vec<i64>,
    pub element: Vec<i64>,
    pub time: usize,
}

struct Builder<'a> {
    rng: &'a mut Rng,
    bounds: Vec<LoopBounds>,
    guards: Vec<(IntegerSet, bool)>,
    next_access: usize,
    next_loop: usize,
    ranks: Vec<usize>,
}

impl Builder<'_> {
    fn subscript(&mut self, depth: usize) -> AffineExpr {
        let mut e = AffineExpr::constant(self.rng.range(-1, 1));
        for d in 0..depth {
            let c = match self.rng.range(0, 9) {
                0..=3 => 0,
                4..=6 => 1,
                7 | 8 => -1,
                _ => 2,
            };
            if c != 0 {
                e = e + AffineExpr::dim(d as u32) * c;
            }
        }
        match self.rng.range(0, 9) {
            0 => e.floor_div(self.rng.range(2, 3)),
            1 => e.modulo(self.rng.range(2, 4)),
            2 => e.ceil_div(2),
            _ => e,
        }
    }

    fn access(&mut self, depth: usize, loops: &[usize], under_else: bool) -> Node {
        let array = self.rng.range(0, self.ranks.len() as i64 - 1) as usize;
        let subscripts = (0..self.ranks[array])
            .map(|_| self.subscript(depth))
            .collect();
        let id = self.next_access;
        self.next_access += 1;
        Node::Access(Access {
            id,
            is_store: self.rng.chance(50),
            array,
            subscripts,
            depth,
            loops: loops.to_vec(),
            under_else,
            bounds: self.bounds.clone(),
            guards: self.guards.clone(),
        })
    }

    fn block(
        &mut self,
        depth: usize,
        loops: &[usize],
        under_else: bool,
        budget: &mut usize,
    ) -> Vec<Node> {
        let mut nodes = Vec::new();
        let n = self.rng.range(1, 2);
        for _ in 0..n {
            if *budget == 0 {
                break;
            }
            let roll = self.rng.range(0, 9);
            if depth < 3 && roll < 4 {
                let lb_outer = (depth > 0 && self.rng.chance(25))
                    .then(|| self.rng.range(0, depth as i64 - 1) as usize);
                let lb = self.rng.range(0, 2);
                let ub = lb + self.rng.range(1, 5);
                let step = self.rng.range(1, 3).min(2);
                let id = self.next_loop;
                self.next_loop += 1;
                let mut inner_loops = loops.to_vec();
                inner_loops.push(id);
                self.bounds.push(LoopBounds {
                    id,
                    lb,
                    lb_outer,
                    ub,
                    step,
                });
                let body = self.block(depth + 1, &inner_loops, under_else, budget);
                self.bounds.pop();
                nodes.push(Node::For {
                    lb,
                    lb_outer,
                    ub,
                    step,
                    body,
                });
            } else if depth > 0 && roll < 5 {
                let mut e = AffineExpr::constant(self.rng.range(-3, 3));
                for d in 0..depth {
                    e = e + AffineExpr::dim(d as u32) * self.rng.range(-1, 1);
                }
                let kind = if self.rng.chance(20) {
                    ConstraintKind::Eq
                } else {
                    ConstraintKind::Ge
                };
                let cond = IntegerSet::new(depth as u32, 0, vec![Constraint { expr: e, kind }])
                    .expect("dims in range");
                self.guards.push((cond.clone(), true));
                let then = self.block(depth, loops, under_else, budget);
                self.guards.pop();
                self.guards.push((cond.clone(), false));
                let otherwise = if self.rng.chance(50) {
                    self.block(depth, loops, true, budget)
                } else {
                    Vec::new()
                };
                self.guards.pop();
                nodes.push(Node::If {
                    cond,
                    then,
                    otherwise,
                });
            } else {
                *budget -= 1;
                nodes.push(self.access(depth, loops, under_else));
            }
        }
        nodes
    }
}

impl Nest {
    /// A random nest with at most `max_accesses` accesses over one or two
    /// arrays of rank 1 or 2.
    pub fn random(rng: &mut Rng, max_accesses: usize) -> Nest {
        let num_arrays = if rng.chance(70) { 1 } else { 2 };
        let ranks = (0..num_arrays)
            .map(|_| if rng.chance(60) { 1 } else { 2 })
            .collect();
        let mut b = Builder {
            rng,
            bounds: Vec::new(),
            guards: Vec::new(),
            next_access: 0,
            next_loop: 0,
            ranks,
        };
        let mut budget = max_accesses.max(1);
        let mut body = Vec::new();
        while b.next_access == 0 || (budget > 0 && b.rng.chance(30)) {
            body.extend(b.block(0, &[], false, &mut budget));
        }
        let mut nest = Nest {
            body,
            ranks: b.ranks,
            shapes: Vec::new(),
            num_accesses: b.next_access,
        };
        nest.fit_arrays();
        nest
    }

    /// Shifts subscripts so that every element touched is in bounds, and
    /// sizes the arrays to fit.
    fn fit_arrays(&mut self) {
        let mut lo: Vec<Vec<i64>> = self.ranks.iter().map(|&r| vec![i64::MAX; r]).collect();
        let mut hi: Vec<Vec<i64>> = self.ranks.iter().map(|&r| vec![i64::MIN; r]).collect();
        let accesses = self.accesses();
        for inst in self.execute_raw() {
            let a = &accesses[inst.access];
            for (k, v) in inst.element.iter().enumerate() {
                lo[a.array][k] = lo[a.array][k].min(*v);
                hi[a.array][k] = hi[a.array][k].max(*v);
            }
        }
        let shift: Vec<Vec<i64>> = lo
            .iter()
            .map(|l| {
                l.iter()
                    .map(|&v| if v == i64::MAX { 0 } else { -v })
                    .collect()
            })
            .collect();
        self.shapes = lo
            .iter()
            .zip(&hi)
            .map(|(l, h)| {
                l.iter()
                    .zip(h)
                    .map(|(&a, &b)| if a > b { 1 } else { b - a + 1 })
                    .collect()
            })
            .collect();
        fn shift_nodes(nodes: &mut [Node], shift: &[Vec<i64>]) {
            for n in nodes {
                match n {
                    Node::For { body, .. } => shift_nodes(body, shift),
                    Node::If {
                        then, otherwise, ..
                    } => {
                        shift_nodes(then, shift);
                        shift_nodes(otherwise, shift);
                    }
                    Node::Access(a) => {
                        for (k, s) in a.subscripts.iter_mut().enumerate() {
                            *s = s.clone() + shift[a.array][k];
                        }
                    }
                }
            }
        }
        shift_nodes(&mut self.body, &shift);
    }

    /// The static accesses in program order.
    pub fn accesses(&self) -> Vec<Access> {
        fn walk(nodes: &[Node], out: &mut Vec<Access>) {
            for n in nodes {
                match n {
                    Node::For { body, .. } => walk(body, out),
                    Node::If {
                        then, otherwise, ..
                    } => {
                        walk(then, out);
                        walk(otherwise, out);
                    }
                    Node::Access(a) => out.push(a.clone()),
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.body, &mut out);
        out
    }

    /// Every dynamic access in execution order.
    pub fn execute(&self) -> Vec<Instance> {
        self.execute_raw()
    }

    fn execute_raw(&self) -> Vec<Instance> {
        fn run(nodes: &[Node], ivs: &mut Vec<i64>, out: &mut Vec<Instance>) {
            for n in nodes {
                match n {
                    Node::For {
                        lb,
                        lb_outer,
                        ub,
                        step,
                        body,
                    } => {
                        let start = lb_outer.map_or(*lb, |d| ivs[d]);
                        let mut iv = start;
                        while iv < *ub {
                            ivs.push(iv);
                            run(body, ivs, out);
                            ivs.pop();
                            iv += step;
                        }
                    }
                    Node::If {
                        cond,
                        then,
                        otherwise,
                    } => {
                        if cond.contains(ivs, &[]).expect("all dims given") {
                            run(then, ivs, out);
                        } else {
                            run(otherwise, ivs, out);
                        }
                    }
                    Node::Access(a) => {
                        let element = a
                            .subscripts
                            .iter()
                            .map(|s| s.evaluate(ivs, &[]).expect("small values"))
                            .collect();
                        let time = out.len();
                        out.push(Instance {
                            access: a.id,
                            iteration: ivs.clone(),
                            element,
                            time,
                        });
                    }
                }
            }
        }
        let mut out = Vec::new();
        run(&self.body, &mut Vec::new(), &mut out);
        out
    }

    /// The nest as `func.func @name(%arg0: memref<...>, ...)`.
    pub fn to_mlir(&self, name: &str) -> String {
        let mut s = String::new();
        let args: Vec<String> = self
            .shapes
            .iter()
            .enumerate()
            .map(|(i, shape)| format!("%A{i}: {}", memref_type(shape)))
            .collect();
        let _ = writeln!(s, "func.func @{name}({}) {{", args.join(", "));
        let _ = writeln!(s, "  %cst = arith.constant 1.000000e+00 : f32");
        let mut last_value: Option<String> = None;
        self.print_nodes(&self.body, 0, 1, &mut s, &mut last_value);
        let _ = writeln!(s, "  return\n}}");
        s
    }

    fn print_nodes(
        &self,
        nodes: &[Node],
        depth: usize,
        indent: usize,
        s: &mut String,
        last: &mut Option<String>,
    ) {
        let pad = "  ".repeat(indent);
        for n in nodes {
            match n {
                Node::For {
                    lb,
                    lb_outer,
                    ub,
                    step,
                    body,
                } => {
                    let lower = match lb_outer {
                        Some(d) => format!("affine_map<(d0) -> (d0)>(%i{d})"),
                        None => lb.to_string(),
                    };
                    let step = if *step == 1 {
                        String::new()
                    } else {
                        format!(" step {step}")
                    };
                    let _ = writeln!(s, "{pad}affine.for %i{depth} = {lower} to {ub}{step} {{");
                    // Values defined inside do not dominate what follows.
                    let mut inner = last.clone();
                    self.print_nodes(body, depth + 1, indent + 1, s, &mut inner);
                    let _ = writeln!(s, "{pad}}}");
                }
                Node::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let dims: Vec<String> =
                        (0..cond.num_dims()).map(|d| format!("%i{d}")).collect();
                    let _ = writeln!(
                        s,
                        "{pad}affine.if {}({}) {{",
                        cond.wrapped(),
                        dims.join(", ")
                    );
                    let mut inner = last.clone();
                    self.print_nodes(then, depth, indent + 1, s, &mut inner);
                    if !otherwise.is_empty() {
                        let _ = writeln!(s, "{pad}}} else {{");
                        let mut inner = last.clone();
                        self.print_nodes(otherwise, depth, indent + 1, s, &mut inner);
                    }
                    let _ = writeln!(s, "{pad}}}");
                }
                Node::Access(a) => {
                    let subs: Vec<String> = a
                        .subscripts
                        .iter()
                        .map(|e| {
                            e.display_with(|out: &mut dyn std::fmt::Write, p| match p {
                                Position::Dim(d) => write!(out, "%i{d}"),
                                Position::Symbol(d) => write!(out, "%s{d}"),
                            })
                            .to_string()
                        })
                        .collect();
                    let ty = memref_type(&self.shapes[a.array]);
                    if a.is_store {
                        let value = last.clone().unwrap_or_else(|| "%cst".to_string());
                        let _ = writeln!(
                            s,
                            "{pad}affine.store {value}, %A{}[{}] : {ty}",
                            a.array,
                            subs.join(", ")
                        );
                    } else {
                        let v = format!("%v{}", a.id);
                        let _ = writeln!(
                            s,
                            "{pad}{v} = affine.load %A{}[{}] : {ty}",
                            a.array,
                            subs.join(", ")
                        );
                        *last = Some(v);
                    }
                }
            }
        }
    }
}

fn memref_type(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!("memref<{}xf32>", dims.join("x"))
}

impl Access {
    /// The number of loops this access shares with `other`.
    pub fn common_loops(&self, other: &Access) -> usize {
        self.loops
            .iter()
            .zip(&other.loops)
            .take_while(|(a, b)| a == b)
            .count()
    }
}

/// Every executed pair (x of `src`, y of `dst`) that depends at `depth`
/// (1-based, as MLIR counts; `common + 1` means within one iteration of all
/// common loops): same element, at least one a store, x first, the loops
/// outside the depth equal and the loop at the depth advancing.
pub fn dependent_pairs<'a>(
    instances: &'a [Instance],
    src: &'a Access,
    dst: &'a Access,
    depth: usize,
) -> impl Iterator<Item = (&'a Instance, &'a Instance)> + 'a {
    let related = src.array == dst.array && (src.is_store || dst.is_store);
    let common = src.common_loops(dst);
    let of = move |id: usize| instances.iter().filter(move |i| related && i.access == id);
    of(src.id)
        .flat_map(move |x| of(dst.id).map(move |y| (x, y)))
        .filter(move |(x, y)| {
            x.element == y.element
                && x.time < y.time
                && if depth <= common {
                    x.iteration[..depth - 1] == y.iteration[..depth - 1]
                        && x.iteration[depth - 1] < y.iteration[depth - 1]
                } else {
                    x.iteration[..common] == y.iteration[..common]
                }
        })
}

/// Ground truth of MLIR's `--test-memref-dependence-check` question: is
/// there a dependence from access `src` to access `dst` at `depth`, and if
/// so, the range of `dst_iv - src_iv` for each common loop.
pub fn dependence(
    instances: &[Instance],
    src: &Access,
    dst: &Access,
    depth: usize,
) -> Option<Vec<(i64, i64)>> {
    let common = src.common_loops(dst);
    let mut ranges: Option<Vec<(i64, i64)>> = None;
    for (x, y) in dependent_pairs(instances, src, dst, depth) {
        let dist: Vec<i64> = (0..common)
            .map(|k| y.iteration[k] - x.iteration[k])
            .collect();
        let r = ranges.get_or_insert_with(|| dist.iter().map(|&d| (d, d)).collect());
        for (k, d) in dist.iter().enumerate() {
            r[k].0 = r[k].0.min(*d);
            r[k].1 = r[k].1.max(*d);
        }
    }
    ranges
}

/// Whether loop `loop_id` carries a dependence: two executed accesses
/// inside it, one a store, touch the same element in different iterations
/// of it and the same iteration of every loop outside it.
pub fn loop_carries(instances: &[Instance], accesses: &[Access], loop_id: usize) -> bool {
    accesses.iter().any(|src| {
        let Some(level) = src.loops.iter().position(|&l| l == loop_id) else {
            return false;
        };
        accesses
            .iter()
            .filter(|dst| dst.loops.get(level) == Some(&loop_id))
            .any(|dst| {
                dependent_pairs(instances, src, dst, level + 1)
                    .next()
                    .is_some()
            })
    })
}
