"""tessera.parse, Module and the handles that walk it: functions, loops,
bands, accesses; passes, the interpreter and the C back end; errors."""

import copy
import pathlib

import pytest

import tessera

MATMUL = """
func.func @matmul(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}
"""

# A[i][j] = A[i-1][j+1]: distance (1, -1).
STENCIL = """
func.func @stencil(%A: memref<16x16xf32>) {
  affine.for %i = 1 to 16 {
    affine.for %j = 0 to 15 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<16x16xf32>
      affine.store %v, %A[%i, %j] : memref<16x16xf32>
    }
  }
  return
}
"""

MAIN = """
func.func @main() {
  %A = memref.alloc() : memref<4xf32>
  %c = arith.constant 1.5 : f32
  affine.for %i = 0 to 4 {
    affine.store %c, %A[%i] : memref<4xf32>
  }
  %u = memref.cast %A : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<4xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
"""


def test_parse_text_path_and_pathlike(tmp_path):
    m = tessera.parse(MATMUL)
    assert "affine.for %arg3 = 0 to 16" in str(m)
    assert repr(m) == '<tessera.Module "<string>": @matmul>'
    f = tmp_path / "mm.mlir"
    f.write_text(MATMUL)
    assert str(tessera.parse(str(f))) == str(m)
    from_path = tessera.parse(pathlib.Path(f))
    assert str(from_path) == str(m)
    assert repr(from_path) == f'<tessera.Module "{f}": @matmul>'
    assert tessera.parse(MATMUL, name="x.mlir").text().startswith("module {")
    assert '"func.func"' in m.text(generic=True)
    with pytest.raises(OSError):
        tessera.parse(tmp_path / "missing.mlir")
    with pytest.raises(FileNotFoundError):
        tessera.parse(str(tmp_path / "missing.mlir"))


def test_text_with_locations_and_local_scope():
    m = tessera.parse(MATMUL, name="mm.mlir")
    located = m.text(debuginfo=True)
    # Each op's location by alias, the aliases below the module.
    assert " loc(#loc" in located.split("module {")[1]
    assert '#loc = loc("mm.mlir":0:0)' in located
    assert 'loc("mm.mlir":' in located.split("module {")[1]
    # Read back, the written locations print the same.
    assert tessera.parse(located, name="other.mlir").text(debuginfo=True) == located
    local = tessera.parse("#m = affine_map<(d0) -> (d0 + 1)>\nfunc.func @f(%a: index) {\n"
                          "  %0 = affine.apply #m(%a)\n  return\n}\n").text(local_scope=True)
    assert "#map" not in local
    assert "affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0)" in local
    assert "loc(" not in m.text()


def test_text_with_value_users():
    m = tessera.parse("func.func @f(%a: index, %b: index) -> index {\n"
                      "  %0 = arith.addi %a, %a : index\n  return %0 : index\n}\n")
    # The function is numbered 0 (it has no result), so the values start at 1.
    assert m.text(value_users=True).splitlines()[2:6] == [
        "    // %arg0 is used by %1",
        "    // %arg1 is unused",
        "    %1 = arith.addi %arg0, %arg0 : index // user: %2",
        "    return %1 : index // id: %2",
    ]
    assert "//" not in m.text()


def test_parse_errors_are_located():
    with pytest.raises(tessera.ParseError) as e:
        tessera.parse("func.func @f() {\n  %0 = arith.addi %x, %x : i32\n}\n", name="t.mlir")
    err = e.value
    assert (err.line, err.column, err.file) == (2, 19, "t.mlir")
    assert str(err).startswith("t.mlir:2:19: error: use of undeclared SSA value name")
    assert isinstance(err, tessera.Error)
    # Verification errors too.
    with pytest.raises(tessera.ParseError):
        tessera.parse("func.func @f() {\n  affine.for %i = 0 to 4 step 0 {\n  }\n  return\n}\n")


def test_deep_nesting_does_not_crash():
    depth = 300
    body = "".join(f"affine.for %i{k} = 0 to 1 {{\n" for k in range(depth))
    text = "func.func @f() {\n" + body + "}\n" * depth + "return\n}\n"
    m = tessera.parse(text)
    assert len(m.loops()) == depth
    assert m.loops()[-1].depth == depth - 1
    m.run("affine-loop-normalize")


def test_walk_functions_loops_accesses():
    m = tessera.parse(MATMUL + STENCIL)
    assert [f.name for f in m.functions] == ["matmul", "stencil"]
    f = m.function("matmul")
    assert f.line == 2 and repr(f) == "<tessera.Function @matmul>"
    with pytest.raises(KeyError):
        m.function("nope")
    (i,) = f.loops
    assert len(f.all_loops()) == 3 and len(m.loops()) == 5
    (j,) = i.loops
    (k,) = j.loops
    assert (i.line, i.column, i.depth, k.depth) == (3, 3, 0, 2)
    assert (i.lower_bound, i.upper_bound, i.step, i.trip_count) == ("() -> (0)", "() -> (16)", 1, 16)
    assert k.parent == j and i.parent is None and i.function == "matmul"
    assert repr(i) == "<tessera.Loop at 3:3: 0 to 16>"
    assert len({i, j, k, m.loops()[0]}) == 3
    accesses = f.accesses()
    assert [a.position for a in accesses] == [0, 1, 2, 3]
    a = accesses[0]
    assert (a.op_name, a.is_write, a.memref, a.subscripts, a.unknown_reason) == (
        "affine.load",
        False,
        "%arg0",
        "(d0, d1, d2) -> (d0, d2)",
        None,
    )
    assert (a.line, a.column) == (6, 14)
    assert a.loops == [i, j, k]
    assert accesses[3].is_write and accesses[3].op_name == "affine.store"
    assert repr(a) == "<tessera.Access 0 at 6:14: read %arg0 (d0, d1, d2) -> (d0, d2)>"
    assert i.accesses() == accesses and len(m.accesses()) == 6
    s = m.function("stencil").loops[0].loops[0]
    assert repr(s) == "<tessera.Loop at 20:5: 0 to 15>"
    (strided,) = tessera.parse(STENCIL.replace("0 to 15", "0 to 15 step 2")).loops()[1:]
    assert strided.step == 2 and strided.trip_count == 8
    assert repr(strided) == "<tessera.Loop at 4:5: 0 to 15 step 2>"
    # Even columns written, odd ones read: no dependence is left.
    assert strided.parent.band().is_permutable()


def test_parallel_and_permutable():
    m = tessera.parse(MATMUL + STENCIL)
    i, j, k = m.function("matmul").all_loops()
    assert i.is_parallel() and j.is_parallel() and not k.is_parallel()
    assert "carried by the loop" in k.why_not_parallel()
    assert i.why_not_parallel() is None
    band = i.band()
    assert len(band) == 3 and band.loops == [i, j, k]
    assert repr(band) == "<tessera.Band of 3 loops at lines 3, 4, 5>"
    assert band.is_permutable() and band.why_not_permutable() is None
    assert band.why_not_tileable() is None
    assert band.can_permute([2, 0, 1]) and band.why_not_permute([1, 0, 2]) is None
    assert "not a permutation" in band.why_not_permute([0, 0, 1])
    sb = m.function("stencil").loops[0].band()
    assert not sb.is_permutable()
    assert "negative distance" in sb.why_not_permutable()
    assert "not fully permutable" in sb.why_not_tileable()
    assert not sb.can_permute([1, 0])
    assert "would be reversed" in sb.why_not_permute([1, 0])


def test_run_passes():
    m = tessera.parse(MATMUL)
    loops = m.loops()
    remarks = m.run("affine-loop-tile{tile-size=4}")
    assert remarks == ["3:3: affine-loop-tile: band tiled by [4, 4, 4]"]
    assert len(m.loops()) == 6
    with pytest.raises(tessera.Error, match="has changed"):
        loops[0].line
    remarks = m.run("builtin.module(func.func(affine-parallelize))")
    assert any("loop parallelized" in r for r in remarks)
    assert "affine.parallel" in str(m)
    # Both spellings, a comma list, and the dependence check remarks.
    m2 = tessera.parse(STENCIL)
    remarks = m2.run("affine-loop-normalize,test-memref-dependence-check")
    assert any("dependence from 0 to 1" in r for r in remarks)
    before = str(m2)
    for bad in ["bogus-pass", "affine-loop-tile{tile-size=x}", "func.func(", "affine-loop-tile{nope=1}"]:
        with pytest.raises(tessera.PassError):
            m2.run(bad)
    assert str(m2) == before


def test_copy_is_independent():
    m = tessera.parse(MATMUL)
    c = m.copy()
    c.run("affine-loop-tile{tile-size=4}")
    assert len(m.loops()) == 3 and len(c.loops()) == 6
    assert str(copy.copy(m)) == str(m) and str(copy.deepcopy(m)) == str(m)


def test_run_function_and_emit_c():
    m = tessera.parse(MAIN)
    assert m.run_function("main").endswith("[1.5,  1.5,  1.5,  1.5]\n")
    assert m.run_function() == m.run_function("main")
    with pytest.raises(KeyError):
        m.run_function("nope")
    c = m.emit_c()
    assert "#define TM_CHECKED 1" in c and "tessera_call_main" in c
    assert "#define TM_CHECKED 0" in m.emit_c(checks=False)
    bad = tessera.parse(MAIN.replace("affine.store %c, %A[%i]", "affine.store %c, %A[%i + 1]"))
    with pytest.raises(tessera.ExecutionError) as e:
        bad.run_function("main")
    assert e.value.line == 6 and "out-of-bounds access" in e.value.message
    assert e.value.output == ""
    with pytest.raises(tessera.Error):
        tessera.parse('func.func @f() {\n  "test.op"() : () -> ()\n  return\n}\n').emit_c()
