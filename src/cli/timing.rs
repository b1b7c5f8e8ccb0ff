//! `-mlir-timing`: the execution time report mlir-opt 19 writes on
//! standard error after each buffer, in its layout.
//!
//! The timers are mlir-opt's: `Parser` (parsing and verifying), the passes
//! (consecutive function passes under one `'func.func' Pipeline`, as
//! mlir-opt nests them), `Output` (printing), `Rest` (the remainder) and
//! `Total`. `-mlir-timing-display=tree` (the default) nests them,
//! `=list` merges timers of one name and sorts them by time;
//! `-mlir-output-format=json` writes the tree as mlir-opt's JSON.
//! mlir-opt adds a user-time column (time summed over its threads) when it
//! differs from the wall time; tessera runs on one thread, where they are
//! equal. mlir-opt's analysis timers (`(A) DominanceInfo`) have no
//! counterpart.
//!
//! ```
//! use std::time::Duration;
//! use tessera::cli::timing::{Display, Format, Timing};
//! let mut t = Timing::default();
//! t.record("Parser", Duration::from_millis(3));
//! t.record_pass("affine-loop-tile", Duration::from_millis(1));
//! let report = t.report(Duration::from_millis(5), Display::Tree, Format::Text);
//! assert!(report.contains("    0.0030 ( 60.0%)  Parser\n"));
//! assert!(report.contains("    0.0010 ( 20.0%)    AffineLoopTiling\n"));
//! assert!(report.contains("    0.0010 ( 20.0%)  Rest\n"));
//! ```

use std::fmt::Write;
use std::time::Duration;

use super::pass_names::{pass_class, Anchor};

/// `-mlir-timing-display`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Display {
    /// Merged by name, sorted by time.
    List,
    /// Nested as run.
    #[default]
    Tree,
}

/// `-mlir-output-format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The text table.
    #[default]
    Text,
    /// mlir-opt's JSON.
    Json,
}

/// The name of the timer around consecutive function passes.
const FUNCTION_PIPELINE: &str = "'func.func' Pipeline";

/// One timer and those nested in it.
#[derive(Clone, Debug, PartialEq)]
struct Timer {
    name: String,
    time: Duration,
    children: Vec<Timer>,
}

/// The timers of one buffer, in the order they ran.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    timers: Vec<Timer>,
    /// Is the last top-level timer a function pipeline still taking
    /// passes?
    in_pipeline: bool,
}

impl Timing {
    /// Records a top-level timer (`Parser`, `Output`).
    pub fn record(&mut self, name: &str, time: Duration) {
        self.in_pipeline = false;
        self.timers.push(Timer {
            name: name.to_string(),
            time,
            children: Vec::new(),
        });
    }

    /// Records a pass (by its flag), nested in a function pipeline if
    /// mlir-opt runs it on each function.
    pub fn record_pass(&mut self, flag: &str, time: Duration) {
        let (class, anchor) = pass_class(flag);
        let timer = Timer {
            name: class.to_string(),
            time,
            children: Vec::new(),
        };
        if anchor == Anchor::Module {
            self.in_pipeline = false;
            self.timers.push(timer);
            return;
        }
        if !self.in_pipeline {
            self.timers.push(Timer {
                name: FUNCTION_PIPELINE.to_string(),
                time: Duration::ZERO,
                children: Vec::new(),
            });
            self.in_pipeline = true;
        }
        if let Some(pipeline) = self.timers.last_mut() {
            pipeline.time += time;
            pipeline.children.push(timer);
        }
    }

    /// The report for a run of `total`, as mlir-opt writes it.
    pub fn report(&self, total: Duration, display: Display, format: Format) -> String {
        let measured: Duration = self.timers.iter().map(|t| t.time).sum();
        let total = total.max(measured);
        let rest = Timer {
            name: "Rest".into(),
            time: total - measured,
            children: Vec::new(),
        };
        let total_timer = Timer {
            name: "Total".into(),
            time: total,
            children: Vec::new(),
        };
        let cell = |t: Duration| -> String {
            let percent = if total.is_zero() {
                0.0
            } else {
                100.0 * t.as_secs_f64() / total.as_secs_f64()
            };
            format!("{:10.4} ({percent:5.1}%)", t.as_secs_f64())
        };
        match format {
            Format::Json => json(&self.timers, &rest, &total_timer, total),
            Format::Text => {
                let mut out = String::new();
                let rule = format!("==={}===\n", "-".repeat(73));
                let title = "... Execution time report ...";
                out.push_str(&rule);
                let _ = writeln!(out, "{}{title}", " ".repeat((80 - title.len()) / 2));
                out.push_str(&rule);
                let _ = writeln!(
                    out,
                    "  Total Execution Time: {:.4} seconds\n",
                    total.as_secs_f64()
                );
                out.push_str("  ----Wall Time----  ----Name----\n");
                let mut line = |depth: usize, t: &Timer| {
                    let _ = writeln!(out, "{}  {}{}", cell(t.time), "  ".repeat(depth), t.name);
                };
                match display {
                    Display::Tree => {
                        for t in &self.timers {
                            tree_lines(t, 0, &mut line);
                        }
                    }
                    Display::List => {
                        line(
                            0,
                            &Timer {
                                name: "root".into(),
                                ..total_timer.clone()
                            },
                        );
                        for t in merged(&self.timers) {
                            line(0, &t);
                        }
                    }
                }
                line(0, &rest);
                line(0, &total_timer);
                out
            }
        }
    }
}

fn tree_lines(t: &Timer, depth: usize, line: &mut dyn FnMut(usize, &Timer)) {
    line(depth, t);
    for c in &t.children {
        tree_lines(c, depth + 1, line);
    }
}

/// Every timer, nested ones too, merged by name and sorted by time (the
/// longest first), with mlir-opt's collection timer over the function
/// pipelines.
fn merged(timers: &[Timer]) -> Vec<Timer> {
    let mut all: Vec<Timer> = Vec::new();
    let mut add = |name: &str, time: Duration| match all.iter_mut().find(|t| t.name == name) {
        Some(t) => t.time += time,
        None => all.push(Timer {
            name: name.to_string(),
            time,
            children: Vec::new(),
        }),
    };
    for t in timers {
        if t.name == FUNCTION_PIPELINE {
            add("Pipeline Collection : ['func.func']", t.time);
        }
        add(&t.name, t.time);
        for c in &t.children {
            add(&c.name, c.time);
        }
    }
    all.sort_by_key(|t| std::cmp::Reverse(t.time));
    all
}

/// mlir-opt's JSON report.
fn json(timers: &[Timer], rest: &Timer, total_timer: &Timer, total: Duration) -> String {
    let cell = |t: &Timer| -> String {
        let percent = if total.is_zero() {
            0.0
        } else {
            100.0 * t.time.as_secs_f64() / total.as_secs_f64()
        };
        format!(
            "{{\"wall\": {{\"duration\": {:8.4}, \"percentage\": {percent:5.1}}}, \"name\": \"{}\"",
            t.time.as_secs_f64(),
            t.name
        )
    };
    fn nested(t: &Timer, depth: usize, cell: &dyn Fn(&Timer) -> String, out: &mut String) {
        let pad = "  ".repeat(depth);
        let _ = writeln!(out, "{pad}{}, \"passes\": [", cell(t));
        for c in &t.children {
            nested(c, depth + 1, cell, out);
        }
        let _ = writeln!(out, "{pad}{{}}]}},");
    }
    let mut out = String::from("[\n");
    for t in timers {
        nested(t, 0, &cell, &mut out);
    }
    let _ = writeln!(out, "{}}},", cell(rest));
    let _ = writeln!(out, "{}}}", cell(total_timer));
    out.push_str("]\n");
    out
}
