//! Alias names (`#map`, `#map1`, `#set`, `#loc`) for affine maps, integer
//! sets and debug locations, assigned in the order MLIR's printer first
//! meets them.
//!
//! As in MLIR's `AliasInitializer`, aliases are sorted by depth (a
//! location inside another comes first), then by name, then by first
//! use, and numbered per name in that order. A location used only after
//! ops is printed below the module (deferred); one used by a region
//! argument, and what it holds, above it.

use std::cell::RefCell;
use std::collections::HashMap;

use tessera_affine::{AffineMap, IntegerSet};

use crate::location::DebugLoc;

/// Alias names for maps and sets; empty means print everything inline.
///
/// In *recording* mode every map or set written is added (in the order
/// written) and printed inline; the printer runs once recording, then
/// again with the finished table.
#[derive(Clone, Debug, Default)]
pub struct Aliases {
    table: RefCell<Table>,
    recording: bool,
    /// `-mlir-elide-elementsattrs-if-larger`: elements attributes with
    /// more elements are printed elided.
    elide_elements_over: Option<u64>,
}

#[derive(Clone, Debug, Default)]
struct Table {
    maps: HashMap<AffineMap, usize>,
    sets: HashMap<IntegerSet, usize>,
    map_order: Vec<AffineMap>,
    set_order: Vec<IntegerSet>,
    /// Each location met: its position in `loc_order`.
    locs: HashMap<DebugLoc, usize>,
    /// Locations in the order met, and whether each may be deferred.
    loc_order: Vec<(DebugLoc, bool)>,
    /// Once recording is over: each location's alias number.
    loc_numbers: HashMap<DebugLoc, usize>,
}

/// How deeply locations nest inside `loc`: 0 for one holding none.
fn depth(loc: &DebugLoc) -> usize {
    loc.children()
        .into_iter()
        .map(|c| depth(c) + 1)
        .max()
        .unwrap_or(0)
}

fn alias_name(prefix: &str, n: usize) -> String {
    if n == 0 {
        format!("#{prefix}")
    } else {
        format!("#{prefix}{n}")
    }
}

impl Aliases {
    /// An empty table that records what is written.
    pub fn recording() -> Aliases {
        Aliases {
            recording: true,
            ..Aliases::default()
        }
    }

    /// The table, printing elements attributes of more than `limit`
    /// elements elided (`-mlir-elide-elementsattrs-if-larger`).
    pub fn eliding_elements_over(self, limit: Option<u64>) -> Aliases {
        Aliases {
            elide_elements_over: limit,
            ..self
        }
    }

    /// Whether an elements attribute of `elements` elements (not a splat)
    /// is printed elided.
    pub fn elides_elements(&self, elements: usize) -> bool {
        self.elide_elements_over
            .is_some_and(|limit| u64::try_from(elements).map_or(true, |n| n > limit))
    }

    /// Stops recording: from now on recorded maps, sets and locations
    /// print as aliases.
    pub fn finish(self) -> Aliases {
        {
            let mut t = self.table.borrow_mut();
            let mut order: Vec<usize> = (0..t.loc_order.len()).collect();
            order.sort_by_key(|&i| depth(&t.loc_order[i].0));
            for (n, i) in order.into_iter().enumerate() {
                let loc = t.loc_order[i].0.clone();
                t.loc_numbers.insert(loc, n);
            }
        }
        Aliases {
            recording: false,
            ..self
        }
    }

    /// Records that `loc` is printed (while recording): `deferrable` when
    /// only after an op, so that its alias may be defined below the module.
    pub fn visit_loc(&self, loc: &DebugLoc, deferrable: bool) {
        if !self.recording {
            return;
        }
        let mut t = self.table.borrow_mut();
        Self::record_loc(&mut t, loc, deferrable);
    }

    fn record_loc(t: &mut Table, loc: &DebugLoc, deferrable: bool) {
        match t.locs.get(loc) {
            Some(&i) => {
                if deferrable || !t.loc_order[i].1 {
                    return;
                }
                t.loc_order[i].1 = false;
            }
            None => {
                t.locs.insert(loc.clone(), t.loc_order.len());
                t.loc_order.push((loc.clone(), deferrable));
            }
        }
        for c in loc.children() {
            Self::record_loc(t, c, deferrable);
        }
    }

    /// Writes `loc` (without `loc(...)`): its alias when `alias` allows
    /// and it has one, otherwise the location with the locations inside it
    /// by their aliases.
    pub fn write_loc(&self, out: &mut String, loc: &DebugLoc, alias: bool) {
        if alias {
            if let Some(&n) = self.table.borrow().loc_numbers.get(loc) {
                out.push_str(&alias_name("loc", n));
                return;
            }
        }
        loc.write(out, &mut |out, c| self.write_loc(out, c, true));
    }

    /// Is this table still recording?
    pub fn is_recording(&self) -> bool {
        self.recording
    }

    /// Writes the alias of `m`, or `affine_map<...>` when it has none.
    pub fn write_map(&self, out: &mut String, m: &AffineMap) {
        let mut t = self.table.borrow_mut();
        if self.recording && !t.maps.contains_key(m) {
            let n = t.map_order.len();
            t.maps.insert(m.clone(), n);
            t.map_order.push(m.clone());
        }
        match t.maps.get(m) {
            Some(&n) if !self.recording => out.push_str(&alias_name("map", n)),
            _ => out.push_str(&m.wrapped().to_string()),
        }
    }

    /// Writes the alias of `s`, or `affine_set<...>` when it has none.
    pub fn write_set(&self, out: &mut String, s: &IntegerSet) {
        let mut t = self.table.borrow_mut();
        if self.recording && !t.sets.contains_key(s) {
            let n = t.set_order.len();
            t.sets.insert(s.clone(), n);
            t.set_order.push(s.clone());
        }
        match t.sets.get(s) {
            Some(&n) if !self.recording => out.push_str(&alias_name("set", n)),
            _ => out.push_str(&s.wrapped().to_string()),
        }
    }

    /// The alias definitions printed above the module (`#map =
    /// affine_map<...>` lines, and locations of region arguments) and
    /// those printed below it (locations of ops).
    pub fn definitions(&self) -> (String, String) {
        let t = self.table.borrow();
        // (depth, name, first use) and the line.
        let mut above: Vec<((usize, &str, usize), String)> = Vec::new();
        let mut below = above.clone();
        for (i, m) in t.map_order.iter().enumerate() {
            let line = format!("{} = {}\n", alias_name("map", i), m.wrapped());
            above.push(((0, "map", i), line));
        }
        for (i, s) in t.set_order.iter().enumerate() {
            let line = format!("{} = {}\n", alias_name("set", i), s.wrapped());
            above.push(((0, "set", i), line));
        }
        for (loc, deferred) in &t.loc_order {
            let Some(&n) = t.loc_numbers.get(loc) else {
                continue;
            };
            let mut line = format!("{} = loc(", alias_name("loc", n));
            self.write_loc(&mut line, loc, false);
            line.push_str(")\n");
            let key = (depth(loc), "loc", n);
            if *deferred {
                below.push((key, line));
            } else {
                above.push((key, line));
            }
        }
        let join = |mut lines: Vec<((usize, &str, usize), String)>| -> String {
            lines.sort_by(|a, b| a.0.cmp(&b.0));
            lines.into_iter().map(|(_, l)| l).collect()
        };
        (join(above), join(below))
    }
}
