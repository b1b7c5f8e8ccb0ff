//! Alias names (`#map`, `#map1`, `#set`) for affine maps and integer sets,
//! assigned in the order MLIR's printer first meets them.

use std::cell::RefCell;
use std::collections::HashMap;

use tessera_affine::{AffineMap, IntegerSet};

/// Alias names for maps and sets; empty means print everything inline.
///
/// In *recording* mode every map or set written is added (in the order
/// written) and printed inline; the printer runs once recording, then
/// again with the finished table.
#[derive(Clone, Debug, Default)]
pub struct Aliases {
    table: RefCell<Table>,
    recording: bool,
}

#[derive(Clone, Debug, Default)]
struct Table {
    maps: HashMap<AffineMap, usize>,
    sets: HashMap<IntegerSet, usize>,
    map_order: Vec<AffineMap>,
    set_order: Vec<IntegerSet>,
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
            table: RefCell::default(),
            recording: true,
        }
    }

    /// Stops recording: from now on recorded maps and sets print as aliases.
    pub fn finish(self) -> Aliases {
        Aliases {
            table: self.table,
            recording: false,
        }
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

    /// The alias definitions block (`#map = affine_map<...>` lines).
    pub fn definitions(&self) -> String {
        let t = self.table.borrow();
        let mut out = String::new();
        for (i, m) in t.map_order.iter().enumerate() {
            out.push_str(&format!("{} = {}\n", alias_name("map", i), m.wrapped()));
        }
        for (i, s) in t.set_order.iter().enumerate() {
            out.push_str(&format!("{} = {}\n", alias_name("set", i), s.wrapped()));
        }
        out
    }
}
