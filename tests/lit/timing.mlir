// -mlir-timing: mlir-opt 19's execution time report on standard error,
// its timers nested as it runs the passes (consecutive function passes in
// one 'func.func' Pipeline), as a list sorted by time, or as JSON. On one
// thread (and a single function, which mlir-opt runs on one thread too)
// there is no user-time column.
// MLIR-OPT-TOO

// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile -affine-loop-unroll -cse \
// RUN:   -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: tessera-opt %s -affine-loop-tile -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile -cse -mlir-timing \
// RUN:   -mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: tessera-opt %s -mlir-disable-threading -affine-loop-tile -mlir-timing \
// RUN:   -mlir-output-format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: not tessera-opt %s -mlir-timing -mlir-timing-display=flat 2>&1 | FileCheck %s --check-prefix=BAD

// TREE: {{^}}===-------------------------------------------------------------------------==={{$}}
// TREE-NEXT: {{^}}                         ... Execution time report ...{{$}}
// TREE-NEXT: {{^}}===-------------------------------------------------------------------------==={{$}}
// TREE-NEXT: {{^}}  Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds{{$}}
// TREE-EMPTY:
// TREE-NEXT: {{^}}  ----Wall Time----  ----Name----{{$}}
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)  Parser$}}
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)  'func.func' Pipeline$}}
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)    AffineLoopTiling$}}
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)    AffineLoopUnroll$}}
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)  CSE$}}
// TREE: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)  Output$}}
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)  Rest$}}
// TREE-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)  Total$}}

// THREADS: {{^}}  ----Wall Time----  ----Name----{{$}}
// THREADS-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)  Parser$}}
// THREADS: {{\(100\.0%\)  Total$}}

// LIST: ----Wall Time----  ----Name----
// LIST-NEXT: {{\(100\.0%\)  root$}}
// LIST-DAG: {{  Parser$}}
// LIST-DAG: {{  Pipeline Collection : \['func.func'\]$}}
// LIST-DAG: {{  'func.func' Pipeline$}}
// LIST-DAG: {{  AffineLoopTiling$}}
// LIST-DAG: {{  CSE$}}
// LIST-DAG: {{  Output$}}
// LIST: {{  Rest$}}
// LIST-NEXT: {{\(100\.0%\)  Total$}}

// JSON: {{^\[$}}
// JSON-NEXT: {{^\{"wall": \{"duration": +[0-9]+\.[0-9][0-9][0-9][0-9], "percentage": +[0-9]+\.[0-9]\}, "name": "Parser", "passes": \[$}}
// JSON-NEXT: {{^\{\}\]\},$}}
// JSON-NEXT: {{^\{"wall": .*, "name": "'func.func' Pipeline", "passes": \[$}}
// JSON-NEXT: {{^  \{"wall": .*, "name": "AffineLoopTiling", "passes": \[$}}
// JSON-NEXT: {{^  \{\}\]\},$}}
// JSON-NEXT: {{^\{\}\]\},$}}
// JSON-NEXT: {{^\{"wall": .*, "name": "Output", "passes": \[$}}
// JSON-NEXT: {{^\{\}\]\},$}}
// JSON-NEXT: {{^\{"wall": .*, "name": "Rest"\},$}}
// JSON-NEXT: {{^\{"wall": \{"duration": +[0-9]+\.[0-9][0-9][0-9][0-9], "percentage": 100\.0\}, "name": "Total"\}$}}
// JSON-NEXT: {{^\]$}}

// BAD: for the --mlir-timing-display option: Cannot find option named 'flat'!

func.func @f(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  }
  return
}
