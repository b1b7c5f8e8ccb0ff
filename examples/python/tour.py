# %% [markdown]
# # tessera from Python: a dependence query, a tiling and a schedule
#
# A notebook in the percent format (open it with Jupytext, or run it as a
# script: `python examples/python/tour.py`). Install the bindings first:
# `pip install ./python`.

# %%
import tessera
from tessera import Map, Set

# %% [markdown]
# ## Presburger sets, exactly
# Sets and maps use MLIR's syntax; every answer is exact over the integers.

# %%
triangle = Set("(i, j)[N] : (i >= 0, j - i >= 0, N - j - 1 >= 0)")
evens = Set("(d0, d1)[s0] : (d0 mod 2 == 0)")
print(triangle & evens)
square = Set("(d0, d1)[s0] : (s0 - 4 == 0)") & triangle
print("points:", list(square.points())[:4], "... count:", square.count())
print("image under (i, j) -> (i + j):", Map("(d0, d1)[s0] -> (d0 + d1)")(square))

# %% [markdown]
# ## A dependence query
# `A[i][j] = A[i-1][j+1] + A[i][j]` carries a dependence on the outer loop
# with distance (1, -1): the inner loop is parallel, the band is not
# permutable, so it cannot be tiled as it is.

# %%
STENCIL = """
func.func @stencil(%A: memref<64x64xf32>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 63 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<64x64xf32>
      %w = affine.load %A[%i, %j] : memref<64x64xf32>
      %s = arith.addf %v, %w : f32
      affine.store %s, %A[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
"""
stencil = tessera.parse(STENCIL)
for d in stencil.dependences():
    print(d.kind, f"access {d.source.position} -> {d.sink.position}", "distances", d.distance_set, "e.g.", d.witness)
outer, inner = stencil.loops()
print("inner loop parallel:", inner.is_parallel())
print("outer loop:", outer.why_not_parallel())
print("band:", outer.band().why_not_permutable())

# %% [markdown]
# ## A tiling
# Matmul's band is fully permutable: `affine-loop-tile` tiles it (the pass
# checks that first), and the interpreter runs both versions.

# %%
MATMUL = """
func.func @main() {
  %A = memref.alloc() : memref<8x8xf32>
  %B = memref.alloc() : memref<8x8xf32>
  %C = memref.alloc() : memref<8x8xf32>
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.store %one, %A[%i, %j] : memref<8x8xf32>
      affine.store %one, %B[%i, %j] : memref<8x8xf32>
      affine.store %zero, %C[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8x8xf32>
      }
    }
  }
  %u = memref.cast %C : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
"""
matmul = tessera.parse(MATMUL)
before = matmul.run_function("main")
band = matmul.loops()[2].band()
print("matmul band permutable:", band.is_permutable(), "- loops:", len(band))
print(matmul.run("affine-loop-tile{tile-size=4}"))
print("loops after tiling:", len(matmul.loops()))
print("same output after tiling:", matmul.run_function("main") == before)

# %% [markdown]
# ## A schedule
# The polyhedral model gives each statement a 2d+1 schedule. Interchanging
# the stencil is refused with a witness; skewing it (i, i + j) is legal and
# the new loops are generated. The automatic scheduler (Pluto) fuses a
# producer with its consumer.

# %%
print(stencil.schedule())
print(stencil.check_schedule({"S0": "(d0, d1) -> (d1, d0)"}).why_not)
legality = stencil.apply_schedule({"S0": Map("(d0, d1) -> (d0, d0 + d1)")})
print("skew:", legality)
print(stencil)

PIPELINE = """
func.func @g(%A: memref<32xf32>, %B: memref<32xf32>, %C: memref<32xf32>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<32xf32>
  }
  affine.for %i = 1 to 32 {
    %b = affine.load %B[%i] : memref<32xf32>
    %p = affine.load %B[%i - 1] : memref<32xf32>
    %s = arith.addf %b, %p : f32
    affine.store %s, %C[%i] : memref<32xf32>
  }
  return
}
"""
pipeline = tessera.parse(PIPELINE)
auto = pipeline.auto_schedule()
print(auto.explanation)
print({name: str(m) for name, m in auto.maps.items()}, auto.legality)
pipeline.apply_schedule(auto.maps)
print("loops after fusion:", len(pipeline.loops()))
