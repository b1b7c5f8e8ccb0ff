//! The arena IR supports the rewrites later passes need: cloning loop
//! bodies (unrolling), moving ops between nests (fusion), replacing all
//! uses and erasing ops; the results verify, print and run correctly.

use std::collections::HashMap;

use tessera_affine::{AffineExpr, AffineMap};
use tessera_ir::interp::Interpreter;
use tessera_ir::{
    parse_and_verify, print_module, verify::verify, Attribute, Module, OpId, PrintOptions, Type,
};

const COPY: &str = "\
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %A = memref.alloc() : memref<8xi64>
  %B = memref.alloc() : memref<8xi64>
  affine.for %i = 0 to 8 {
    %v = arith.index_cast %i : index to i64
    affine.store %v, %A[%i] : memref<8xi64>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xi64>
    %w = arith.addi %v, %v : i64
    affine.store %w, %B[%i] : memref<8xi64>
  }
  %u = memref.cast %B : memref<8xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}
";

fn run(m: &Module) -> String {
    let mut it = Interpreter::new(m);
    it.call("main", &[]).expect("runs");
    it.output().to_string()
}

fn loops(m: &Module) -> Vec<OpId> {
    m.walk()
        .into_iter()
        .filter(|&o| m.ops[o].name == "affine.for")
        .collect()
}

fn body(m: &Module, op: OpId) -> tessera_ir::BlockId {
    m.regions[m.ops[op].regions[0]].blocks[0]
}

fn reprint_and_check(m: &Module) -> String {
    let text = print_module(m, &PrintOptions::default());
    verify(m, "").unwrap_or_else(|e| panic!("rewritten IR does not verify: {e}\n{text}"));
    let again = parse_and_verify("r.mlir", &text).expect("printed rewrite parses");
    assert_eq!(print_module(&again, &PrintOptions::default()), text);
    text
}

#[test]
fn unroll_by_two_with_clone_op() {
    let mut m = parse_and_verify("copy.mlir", COPY).expect("parses");
    let before = run(&m);
    let second = loops(&m)[1];
    m.set_prop(second, "step", Attribute::index(2));
    let blk = body(&m, second);
    let iv = m.blocks[blk].args[0];
    let ops: Vec<OpId> = m.blocks[blk].ops.clone();
    let (terminator, work) = ops.split_last().expect("body has a yield");
    let loc = m.ops[*terminator].loc;
    let apply = m.create_op("affine.apply", &[iv], &[Type::Index], loc);
    let plus_one = AffineMap::new(1, 0, vec![AffineExpr::dim(0) + 1]).expect("map");
    m.set_prop(apply, "map", Attribute::AffineMap(plus_one));
    let at = m.blocks[blk].ops.len() - 1;
    m.insert_op(blk, at, apply);
    let mut map = HashMap::from([(iv, m.ops[apply].results[0])]);
    for &op in work {
        let copy = m.clone_op(op, &mut map);
        let at = m.blocks[blk].ops.len() - 1;
        m.insert_op(blk, at, copy);
    }
    let text = reprint_and_check(&m);
    assert!(text.contains("step 2"), "{text}");
    assert_eq!(run(&m), before);
}

#[test]
fn fuse_by_moving_ops_and_erase_the_empty_loop() {
    let mut m = parse_and_verify("copy.mlir", COPY).expect("parses");
    let before = run(&m);
    let (first, second) = (loops(&m)[0], loops(&m)[1]);
    let (b1, b2) = (body(&m, first), body(&m, second));
    let (iv1, iv2) = (m.blocks[b1].args[0], m.blocks[b2].args[0]);
    let moved: Vec<OpId> = m.blocks[b2].ops[..3].to_vec();
    for op in moved {
        m.detach_op(op);
        let at = m.blocks[b1].ops.len() - 1;
        m.insert_op(b1, at, op);
    }
    m.replace_all_uses(iv2, iv1);
    m.erase_op(second);
    let text = reprint_and_check(&m);
    assert_eq!(loops(&m).len(), 1, "{text}");
    assert_eq!(run(&m), before);
}

#[test]
fn replace_all_uses_redirects_every_operand() {
    let mut m = parse_and_verify("copy.mlir", COPY).expect("parses");
    let second = loops(&m)[1];
    let blk = body(&m, second);
    let load = m.blocks[blk].ops[0];
    let add = m.blocks[blk].ops[1];
    let v = m.ops[load].results[0];
    let w = m.ops[add].results[0];
    m.replace_all_uses(w, v);
    m.erase_op(add);
    reprint_and_check(&m);
    let out = run(&m);
    assert!(out.contains("[0,  1,  2,  3,  4,  5,  6,  7]"), "{out}");
}
