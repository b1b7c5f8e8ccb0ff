//! Asking dependence questions through the library API, on a matmul and on
//! a stencil: which loops are parallel, which loop orders are legal (and if
//! not, which dependence and which pair of iterations forbid them), and the
//! distance vectors between two accesses.
//!
//! ```text
//! cargo run --example dependence_questions
//! ```

use tessera::ir::parse_module;
use tessera::transforms::dependence::{
    carried_dependence, check_dependence, check_loop_order, collect_accesses, AccessDesc,
    Dependence, Modelled,
};

const MATMUL: &str = r#"
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
"#;

/// `A[i][j] = A[i-1][j+1]`: interchange and tiling without skewing are
/// illegal.
const STENCIL: &str = r#"
func.func @stencil(%A: memref<100x100xf32>) {
  affine.for %i = 1 to 100 {
    affine.for %j = 0 to 99 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<100x100xf32>
      affine.store %v, %A[%i, %j] : memref<100x100xf32>
    }
  }
  return
}
"#;

fn exact(models: &[Modelled]) -> Vec<AccessDesc> {
    models
        .iter()
        .filter_map(|m| match m {
            Modelled::Exact(a) => Some(a.clone()),
            Modelled::Unknown { .. } => None,
        })
        .collect()
}

fn ask(name: &str, source: &str) -> Result<(), Box<dyn std::error::Error>> {
    println!("== {name}");
    let module = parse_module(&format!("{name}.mlir"), source)?;
    let accesses = exact(&collect_accesses(&module, module.top).models);
    let band: Vec<u32> = accesses
        .iter()
        .max_by_key(|a| a.loops.len())
        .map(|a| a.loops.iter().map(|l| l.id).collect())
        .unwrap_or_default();

    for (level, &id) in band.iter().enumerate() {
        match carried_dependence(&accesses, id) {
            None => println!("loop {level} is parallel"),
            Some(b) => match &b.witness {
                Some(w) => println!(
                    "loop {level} carries a dependence from access {} to access {} (iterations {:?} -> {:?})",
                    b.source, b.sink, w.source, w.sink
                ),
                None => println!("loop {level} may carry a dependence: {}", b.reason.unwrap_or_default()),
            },
        }
    }

    // Every order of the two outer loops, and for matmul every order of
    // the three.
    let orders: &[&[usize]] = if band.len() == 3 {
        &[&[0, 1, 2], &[1, 0, 2], &[0, 2, 1], &[2, 1, 0]]
    } else {
        &[&[0, 1], &[1, 0]]
    };
    for order in orders {
        match check_loop_order(&accesses, &band, order) {
            Ok(()) => println!("loop order {order:?} is legal"),
            Err(b) => {
                let w = b.witness.expect("a proven dependence");
                println!(
                    "loop order {order:?} is illegal: the dependence from access {} to access {} at depth {} \
                     would be reversed, e.g. iterations {:?} -> {:?}",
                    b.source, b.sink, b.depth, w.source, w.sink
                );
            }
        }
    }

    // Distances between the last access (a store) and every access.
    if let Some(store) = accesses.iter().rev().find(|a| a.is_write) {
        for other in &accesses {
            for depth in 1..=store.common_loops(other) + 1 {
                if let Dependence::Exists { distances, .. } = check_dependence(store, other, depth)
                {
                    let shown: Vec<String> = distances
                        .iter()
                        .map(|r| {
                            format!(
                                "[{}, {}]",
                                r.min.unwrap_or(i64::MIN),
                                r.max.unwrap_or(i64::MAX)
                            )
                        })
                        .collect();
                    println!(
                        "access {} -> access {} at depth {depth}: distances {}",
                        store.position,
                        other.position,
                        shown.join("")
                    );
                }
            }
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    ask("matmul", MATMUL)?;
    ask("stencil", STENCIL)?;
    Ok(())
}
