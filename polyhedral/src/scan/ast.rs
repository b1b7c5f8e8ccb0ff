//! The generated program: loops, guards and statement instances over the
//! time dimensions.
//!
//! Expressions are [`AffineExpr`]s whose dims `d0 .. d{K-1}` are the
//! (extended) time dimensions — see [`Ast::num_dims`] — and whose symbols
//! are the problem's symbols. A time dimension that takes a single value
//! for every outer iteration never becomes a loop: its value is
//! substituted into every expression below it, so the expressions of the
//! tree only mention dims of enclosing [`ForLoop`]s.

use std::fmt;
use tessera_affine::{AffineExpr, Constraint, ConstraintKind};

/// The generated code for a scanning problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ast {
    /// `K`, the number of time dimensions the expressions may use:
    /// `k` schedule dimensions (`d0 .. d{k-1}`), one statement-ordering
    /// dimension (`d{k}`, equal to the statement index, never a loop), then
    /// one dimension per iteration dim of the deepest statement
    /// (`d{k+1+j}` is iteration dim `j`; it becomes a loop only when the
    /// schedule does not determine it).
    pub num_dims: usize,
    /// `k`, the number of schedule rows of every statement.
    pub num_schedule_dims: usize,
    /// The number of symbols.
    pub num_symbols: usize,
    /// The top-level sequence.
    pub body: Vec<AstNode>,
}

/// One node of the generated code. A `Vec<AstNode>` is a sequence,
/// executed in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AstNode {
    /// A loop over one time dimension.
    For(ForLoop),
    /// A guard.
    If(Guard),
    /// A statement instance.
    Stmt(StmtInstance),
}

/// `for d{dim} = max(lower) to min(upper) step step { body }`.
///
/// Both bounds are inclusive: the loop runs `v = max(lower)`,
/// `v + step`, ... while `v <= min(upper)`. `lower` and `upper` are never
/// empty, `step >= 1`. With `step > 1` the lower bound already lies on the
/// stride's lattice (it is written `l + (r - l) mod step`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForLoop {
    /// The time dimension this loop assigns.
    pub dim: usize,
    /// The lower bound is the maximum of these.
    pub lower: Vec<AffineExpr>,
    /// The inclusive upper bound is the minimum of these.
    pub upper: Vec<AffineExpr>,
    /// The step (positive).
    pub step: i64,
    /// The loop body.
    pub body: Vec<AstNode>,
}

/// `if (all conditions hold) { then }`. Conditions are `expr >= 0` or
/// `expr == 0` over the enclosing loops' dims and the symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    /// The conjunction to test (never empty).
    pub conditions: Vec<Constraint>,
    /// The guarded code.
    pub then: Vec<AstNode>,
}

/// An execution of statement `statement` at the iteration vector given by
/// `iteration` (one expression per iteration dim of the statement).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StmtInstance {
    /// The statement's index in the problem.
    pub statement: usize,
    /// The iteration vector.
    pub iteration: Vec<AffineExpr>,
}

impl Ast {
    /// The number of loops in the tree.
    pub fn num_loops(&self) -> usize {
        count(&self.body, &|n| matches!(n, AstNode::For(_)))
    }

    /// The number of guards in the tree.
    pub fn num_guards(&self) -> usize {
        count(&self.body, &|n| matches!(n, AstNode::If(_)))
    }

    /// The deepest loop nesting.
    pub fn loop_depth(&self) -> usize {
        fn depth(nodes: &[AstNode]) -> usize {
            nodes
                .iter()
                .map(|n| match n {
                    AstNode::For(f) => 1 + depth(&f.body),
                    AstNode::If(g) => depth(&g.then),
                    AstNode::Stmt(_) => 0,
                })
                .max()
                .unwrap_or(0)
        }
        depth(&self.body)
    }
}

fn count(nodes: &[AstNode], pred: &dyn Fn(&AstNode) -> bool) -> usize {
    nodes
        .iter()
        .map(|n| {
            usize::from(pred(n))
                + match n {
                    AstNode::For(f) => count(&f.body, pred),
                    AstNode::If(g) => count(&g.then, pred),
                    AstNode::Stmt(_) => 0,
                }
        })
        .sum()
}

fn join(exprs: &[AffineExpr], op: &str) -> String {
    let parts: Vec<String> = exprs.iter().map(ToString::to_string).collect();
    if parts.len() == 1 {
        parts[0].clone()
    } else {
        format!("{op}({})", parts.join(", "))
    }
}

fn write_nodes(f: &mut fmt::Formatter<'_>, nodes: &[AstNode], indent: usize) -> fmt::Result {
    let pad = "  ".repeat(indent);
    for n in nodes {
        match n {
            AstNode::For(l) => {
                write!(
                    f,
                    "{pad}for d{} = {} to {}",
                    l.dim,
                    join(&l.lower, "max"),
                    join(&l.upper, "min")
                )?;
                if l.step != 1 {
                    write!(f, " step {}", l.step)?;
                }
                writeln!(f, " {{")?;
                write_nodes(f, &l.body, indent + 1)?;
                writeln!(f, "{pad}}}")?;
            }
            AstNode::If(g) => {
                let conds: Vec<String> = g
                    .conditions
                    .iter()
                    .map(|c| match c.kind {
                        ConstraintKind::Eq => format!("{} == 0", c.expr),
                        ConstraintKind::Ge => format!("{} >= 0", c.expr),
                    })
                    .collect();
                writeln!(f, "{pad}if ({}) {{", conds.join(" && "))?;
                write_nodes(f, &g.then, indent + 1)?;
                writeln!(f, "{pad}}}")?;
            }
            AstNode::Stmt(s) => {
                let it: Vec<String> = s.iteration.iter().map(ToString::to_string).collect();
                writeln!(f, "{pad}S{}({})", s.statement, it.join(", "))?;
            }
        }
    }
    Ok(())
}

/// Pseudo-code, one node per line: `for d0 = 0 to s0 {`, `if (...) {`,
/// `S0(d0, d1)`.
impl fmt::Display for Ast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_nodes(f, &self.body, 0)
    }
}
