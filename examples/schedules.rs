//! The polyhedral model through the library API: lift a stencil into its
//! SCoP, print each statement's 2d+1 schedule, try an illegal interchange
//! (refused with the dependence and a witness pair), then apply a legal
//! skew and print the loops the code generator scans out of it.
//!
//! ```text
//! cargo run --example schedules
//! ```

use tessera::affine::AffineMap;
use tessera::ir::{parse_and_verify, print_module, PrintOptions};
use tessera::transforms::scop::{check_schedule, find_scops, generate_scop, print_schedules};

/// `A[i][j] = A[i-1][j+1] + A[i][j]`: distance (1, -1).
const STENCIL: &str = r#"
func.func @stencil(%A: memref<100x100xf32>) {
  affine.for %i = 1 to 100 {
    affine.for %j = 0 to 99 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<100x100xf32>
      %w = affine.load %A[%i, %j] : memref<100x100xf32>
      %s = arith.addf %v, %w : f32
      affine.store %s, %A[%i, %j] : memref<100x100xf32>
    }
  }
  return
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut module = parse_and_verify("stencil.mlir", STENCIL)?;
    let models = find_scops(&module);
    println!("{}", print_schedules(&module, &models));
    let f = &models[0];
    let scop = &f.scops[0];

    let interchange: AffineMap = "(d0, d1) -> (d1, d0)".parse()?;
    match check_schedule(f, scop, &[interchange]) {
        Ok(()) => println!("interchange: legal"),
        Err(why) => println!("interchange: {why}"),
    }

    // Skewing the inner loop by the outer one makes every dependence
    // distance non-negative in both dimensions.
    let skew: AffineMap = "(d0, d1) -> (d0, d0 + d1)".parse()?;
    check_schedule(f, scop, std::slice::from_ref(&skew))?;
    generate_scop(&mut module, f, scop, &[skew])?;
    println!("{}", print_module(&module, &PrintOptions::default()));
    Ok(())
}
