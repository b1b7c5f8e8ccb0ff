"""Dependences and schedules: Module.dependences, Module.schedule,
check_schedule, apply_schedule and auto_schedule."""

import pytest

import tessera
from tessera import Map, Set

# A[i][j] = A[i-1][j+1] + 1: distance (1, -1).
STENCIL = """
func.func @f(%A: memref<16x16xf32>) {
  %c1 = arith.constant 1.0 : f32
  affine.for %i = 1 to 16 {
    affine.for %j = 0 to 15 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<16x16xf32>
      %w = arith.addf %v, %c1 : f32
      affine.store %w, %A[%i, %j] : memref<16x16xf32>
    }
  }
  return
}
"""

# B[i] = A[i] * 2 then C[i] = B[i] + B[i-1]: two statements.
TWO = """
func.func @g(%A: memref<32xf32>, %B: memref<32xf32>, %C: memref<32xf32>, %n: index) {
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


def test_dependences():
    m = tessera.parse(STENCIL)
    deps = m.dependences()
    assert len(deps) == 1
    (d,) = deps
    assert (d.kind, d.depth, d.proven, d.reason, d.loop_independent) == ("RAW", 1, True, None, False)
    assert d.source.is_write and not d.sink.is_write
    assert d.loop == m.loops()[0]
    assert d.distances == [(1, 1), (-1, -1)]
    assert d.distance_set == Set("(d0, d1) : (d0 - 1 == 0, d1 + 1 == 0)")
    w = d.witness
    assert [a - b for a, b in zip(w.sink, w.source)] == [1, -1] and w.symbols == []
    assert repr(w) == f"<tessera.Witness {w.source} -> {w.sink}>"
    assert repr(d) == "<tessera.Dependence RAW access 1 -> access 0 at depth 1 distances [1, 1][-1, -1]>"
    assert m.functions[0].dependences()[0].kind == "RAW"
    with pytest.raises(KeyError):
        m.dependences("nope")


def test_dependences_across_nests_and_unknown_accesses():
    m = tessera.parse(TWO)
    deps = m.dependences(func="g")
    # The store to B before both loads of B, in program order (depth 1 of
    # no common loop).
    assert sorted((d.source.position, d.sink.position, d.kind) for d in deps) == [(1, 2, "RAW"), (1, 3, "RAW")]
    assert all(d.loop is None and d.loop_independent and d.distances == [] for d in deps)
    assert all(d.distance_set == Set.universe(0) for d in deps)
    # A store inside an op the analysis does not know: not modelled, so
    # every dependence with it is assumed, and not proven.
    unknown = tessera.parse(
        """
func.func @h(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    "test.region"() ({
      affine.store %v, %A[%i] : memref<8xf32>
      "test.end"() : () -> ()
    }) : () -> ()
  }
  return
}
"""
    )
    load, store = unknown.accesses()
    assert store.subscripts is None and store.unknown_reason
    deps = unknown.dependences()
    assert {(d.kind, d.depth) for d in deps} == {("WAR", 1), ("WAR", 2), ("RAW", 1), ("WAW", 1)}
    assert all(not d.proven and d.witness is None and d.reason for d in deps)
    assert all(d.distance_set is None for d in deps)
    assert "(not proven)" in repr(deps[0])


def test_schedule():
    m = tessera.parse(TWO)
    sched = m.schedule()
    assert sched.function == "g" and len(sched) == 2
    s0, s1 = sched.statements
    assert (s0.name, s0.function, s0.scop, s0.line, s0.depth) == ("S0", "g", 0, 6, 1)
    assert s0.writes == "%arg1[d0]" and s0.reads == ["%arg0[d0]"]
    assert s1.reads == ["%arg1[d0]", "%arg1[d0 - 1]"]
    assert s0.domain == Set("(d0) : (d0 >= 0, -d0 + 31 >= 0)")
    assert str(s0.schedule) == "(d0) -> (0, d0, 2)"
    assert sched["S1"] == s1.schedule and set(sched.maps) == {"S0", "S1"}
    with pytest.raises(KeyError):
        sched["S9"]
    assert "S0: affine_map<(d0) -> (0, d0, 2)>" in str(sched)
    assert repr(sched) == "<tessera.Schedule @g: 2 statements>"
    assert repr(s0).startswith("<tessera.Statement S0 (line 6): %arg1[d0] = f(%arg0[d0])")
    assert m.functions[0].schedule().function == "g"
    two = tessera.parse(TWO + STENCIL)
    with pytest.raises(ValueError, match="pass func=NAME"):
        two.schedule()
    assert two.schedule("f").function == "f"


SUM = """
func.func @sum(%A: memref<8xf32>, %s: memref<f32>, %B: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  affine.store %z, %s[] : memref<f32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %v = affine.load %s[] : memref<f32>
    %w = arith.addf %v, %a : f32
    affine.store %w, %s[] : memref<f32>
  }
  affine.for %k = 0 to 1 {
    %r = affine.load %s[] : memref<f32>
    affine.store %r, %B[%k] : memref<1xf32>
  }
  return
}
"""


def test_statement_dependences():
    m = tessera.parse(SUM)
    memory = m.statement_dependences()
    kinds = {(d.kind, d.source, d.sink) for d in memory}
    assert ("flow", "S1", "S2") in kinds and ("output", "S1", "S1") in kinds
    assert not any(d.value_based for d in memory)
    to_copy = next(d for d in memory if (d.kind, d.source, d.sink) == ("flow", "S1", "S2"))
    # In memory every update reaches the final copy ...
    assert (3, 0) in to_copy.relation and (7, 0) in to_copy.relation
    value = m.statement_dependences(value_based=True)
    assert all(d.value_based and d.kind == "flow" for d in value)
    last = next(d for d in value if (d.source, d.sink) == ("S1", "S2"))
    # ... in value only the last one.
    assert (7, 0) in last.relation and (3, 0) not in last.relation
    carried = next(d for d in value if (d.source, d.sink) == ("S1", "S1"))
    assert carried.distance == [1] and carried.lines == (9, 7)
    assert repr(carried).startswith("<tessera.StatementDependence value flow S1 -> S1 distance [1]")


def test_check_and_apply_schedule():
    m = tessera.parse(STENCIL)
    before = str(m)
    interchange = m.check_schedule({"S0": "(d0, d1) -> (d1, d0)"})
    assert not interchange and not interchange.legal
    assert interchange.statements == ("S0", "S0")
    assert "violates a dependence from S0 to S0" in interchange.why_not
    assert interchange.witness is not None
    assert repr(interchange).startswith("<tessera.Legality: illegal: ")
    # Refused, so nothing changes.
    assert not m.apply_schedule({0: Map("(d0, d1) -> (d1, d0)")})
    assert str(m) == before
    skew = m.apply_schedule({"S0": Map("(d0, d1) -> (d0, d0 + d1)")})
    assert skew and skew.legal and skew.why_not is None and repr(skew) == "<tessera.Legality: legal>"
    assert str(m) != before and "affine_map<(d0, d1) -> (-d0 + d1)>" in str(m)
    # The rescheduled module computes what the original did.
    assert len(m.loops()) == 2
    # A whole schedule file works too.
    m2 = tessera.parse(STENCIL)
    text = str(m2.schedule()).replace("(0, d0, 0, d1, 2)", "(d0, d0 + d1)")
    assert m2.check_schedule(text)
    assert m2.apply_schedule(text) and str(m2) == str(m)


def test_schedule_errors():
    m = tessera.parse(STENCIL)
    with pytest.raises(KeyError):
        m.check_schedule({"S3": "(d0, d1) -> (d0, d1)"})
    with pytest.raises(KeyError):
        m.check_schedule({"T0": "(d0, d1) -> (d0, d1)"})
    with pytest.raises(tessera.ParseError):
        m.check_schedule({"S0": "(d0, d1) -> (d0, d2)"})
    with pytest.raises(tessera.ParseError):
        m.check_schedule("func @f\nS0 affine_map<(d0) -> (d0)>\n")
    with pytest.raises(ValueError, match="not an affine function"):
        m.check_schedule({"S0": Map("(d0, d1) -> (d2) : (d2 - d0 >= 0)")})
    with pytest.raises(TypeError):
        m.check_schedule({"S0": 3})
    with pytest.raises(TypeError):
        m.check_schedule([("S0", "(d0, d1) -> (d0, d1)")])
    malformed = m.check_schedule({"S0": "(d0) -> (d0)"})
    assert not malformed and "malformed" in malformed.why_not and malformed.witness is None


def test_auto_schedule():
    m = tessera.parse(TWO)
    auto = m.auto_schedule()
    assert auto.function == "g" and auto.legality
    # Producer and consumer fused into one loop, the producer first.
    assert {k: str(v) for k, v in auto.maps.items()} == {"S0": "(d0) -> (d0, 0)", "S1": "(d0) -> (d0, 1)"}
    assert auto.explanation[0] == "SCoP 0: band 0, hyperplane S0: d0, S1: d0"
    assert repr(auto) == "<tessera.AutoSchedule @g: 2 statements rescheduled>"
    assert m.auto_schedule(fuse="none").legality
    with pytest.raises(ValueError):
        m.auto_schedule(fuse="sometimes")
    assert m.apply_schedule(auto.maps)
    assert len(m.loops()) == 1
    tiled = tessera.parse(STENCIL.replace("%i - 1, %j + 1", "%i - 1, %j")).auto_schedule(tile=True, tile_size=4)
    assert tiled.legality and tiled.maps["S0"].num_range_dims == 4
