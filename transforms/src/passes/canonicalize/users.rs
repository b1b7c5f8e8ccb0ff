//! The users of each value as the greedy driver tracks them: a list per
//! value with an op once per operand slot, in the order MLIR's use lists
//! give (appended on record; a removal moves the last entry into the
//! hole), with each op's positions indexed so that a removal costs the
//! same whatever the number of users (a constant used by a fully unrolled
//! nest has hundreds of thousands).

use std::collections::HashMap;

use tessera_ir::{OpId, Value};

/// The users of every value.
#[derive(Default)]
pub(super) struct UserLists {
    lists: HashMap<Value, Users>,
}

#[derive(Default)]
struct Users {
    ops: Vec<OpId>,
    /// Where each op is in `ops`, ascending.
    at: HashMap<OpId, Vec<usize>>,
}

impl UserLists {
    /// The users of `v` (an op once per operand slot).
    pub(super) fn of(&self, v: Value) -> &[OpId] {
        self.lists.get(&v).map_or(&[], |u| u.ops.as_slice())
    }

    /// Appends `op` to the users of `v`.
    pub(super) fn add(&mut self, v: Value, op: OpId) {
        let users = self.lists.entry(v).or_default();
        users.at.entry(op).or_default().push(users.ops.len());
        users.ops.push(op);
    }

    /// Removes the first entry of `op` among the users of `v`, the last
    /// entry taking its place.
    pub(super) fn remove(&mut self, v: Value, op: OpId) {
        let Some(users) = self.lists.get_mut(&v) else {
            return;
        };
        let Some(places) = users.at.get_mut(&op) else {
            return;
        };
        let i = places.remove(0);
        if places.is_empty() {
            users.at.remove(&op);
        }
        let last = users.ops.len() - 1;
        users.ops.swap_remove(i);
        if i != last {
            let moved = users.ops[i];
            if let Some(places) = users.at.get_mut(&moved) {
                if let Some(p) = places.iter_mut().find(|p| **p == last) {
                    *p = i;
                }
                places.sort_unstable();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists agree with the plain vector and `swap_remove` of the
    /// first entry, the semantics they replace.
    #[test]
    fn removals_keep_the_order_of_swap_remove() {
        let m = tessera_ir::parse_module(
            "t.mlir",
            "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n",
        )
        .expect("parses");
        let v = m.values.keys().next().expect("a value");
        let ops: Vec<OpId> = m.ops.keys().collect();
        let mut lists = UserLists::default();
        let mut plain: Vec<OpId> = Vec::new();
        let mut state = 12345u64;
        for step in 0..2000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let op = ops[(state >> 33) as usize % ops.len()];
            if step % 3 == 0 {
                if let Some(i) = plain.iter().position(|&u| u == op) {
                    plain.swap_remove(i);
                }
                lists.remove(v, op);
            } else {
                plain.push(op);
                lists.add(v, op);
            }
            assert_eq!(lists.of(v), plain.as_slice(), "step {step}");
        }
    }
}
