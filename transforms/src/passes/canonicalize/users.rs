//! The users of each value as the greedy driver tracks them, in the order
//! of MLIR's use lists: a use is added at the head of its value's list and
//! removed without disturbing the others, so the users come newest first.
//! The driver pushes users in that order when it replaces a value, which
//! decides which of them it rewrites first (and so the output, byte for
//! byte). Each use has a key, in the order uses were added; a removal
//! costs a logarithm of the number of users (a constant used by a fully
//! unrolled nest has hundreds of thousands).

use std::collections::{BTreeMap, HashMap};

use tessera_ir::{OpId, Value};

/// The uses of every value.
#[derive(Default)]
pub(super) struct UserLists {
    lists: HashMap<Value, BTreeMap<u64, OpId>>,
    /// The key of the latest use.
    latest: u64,
}

impl UserLists {
    /// The users of `v`, an op once per use, newest use first.
    pub(super) fn of(&self, v: Value) -> impl Iterator<Item = OpId> + '_ {
        self.lists
            .get(&v)
            .into_iter()
            .flat_map(|uses| uses.values().rev().copied())
    }

    /// Whether `v` has a use.
    pub(super) fn is_used(&self, v: Value) -> bool {
        self.lists.contains_key(&v)
    }

    /// Adds a use of `v` by `op` at the head of `v`'s list; the use's key.
    pub(super) fn add(&mut self, v: Value, op: OpId) -> u64 {
        self.latest += 1;
        self.lists.entry(v).or_default().insert(self.latest, op);
        self.latest
    }

    /// Removes the use of `v` with key `key`.
    pub(super) fn remove(&mut self, v: Value, key: u64) {
        if let Some(uses) = self.lists.get_mut(&v) {
            uses.remove(&key);
            if uses.is_empty() {
                self.lists.remove(&v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists agree with a plain list where uses go to the front and
    /// leave from where they are.
    #[test]
    fn uses_come_newest_first_and_leave_in_place() {
        let m = tessera_ir::parse_module(
            "t.mlir",
            "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n",
        )
        .expect("parses");
        let v = m.values.keys().next().expect("a value");
        let ops: Vec<OpId> = m.ops.keys().collect();
        let mut lists = UserLists::default();
        let mut plain: Vec<(u64, OpId)> = Vec::new();
        let mut state = 12345u64;
        for step in 0..2000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = (state >> 33) as usize;
            if step % 3 == 0 && !plain.is_empty() {
                let (key, _) = plain.remove(pick % plain.len());
                lists.remove(v, key);
            } else {
                let op = ops[pick % ops.len()];
                let key = lists.add(v, op);
                plain.insert(0, (key, op));
            }
            let expected: Vec<OpId> = plain.iter().map(|&(_, op)| op).collect();
            assert_eq!(lists.of(v).collect::<Vec<_>>(), expected, "step {step}");
            assert_eq!(lists.is_used(v), !plain.is_empty());
        }
    }
}
