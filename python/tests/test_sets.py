"""Every method of tessera.Set and tessera.Map on hand-checked examples,
and their errors."""

import copy
import pickle

import pytest

import tessera
from tessera import Map, Set

TRIANGLE = "(d0, d1) : (d0 >= 0, -d0 + d1 >= 0, -d1 + 3 >= 0)"


def pts(s):
    return list(s.points())


def test_parse_print_and_repr():
    s = Set(TRIANGLE)
    assert str(s) == TRIANGLE
    assert repr(s) == f'tessera.Set("{TRIANGLE}")'
    assert Set(repr(s)[len("tessera.Set(\"") : -2]) == s
    # Names are free, wrapped forms are accepted, unions are joined by "or".
    assert Set("affine_set<(i)[N] : (i >= 0, N - i - 1 >= 0)>") == Set(
        "(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)"
    )
    u = Set("(d0) : (d0 == 0) or (d0) : (d0 - 5 == 0)")
    assert pts(u) == [(0,), (5,)]
    assert Set(str(u)) == u
    assert str(Set.empty(2)) == "(d0, d1) : (1 == 0)"
    assert Set.universe(1, 1).is_universe()
    assert not Set(TRIANGLE).is_universe()


def test_queries():
    s = Set(TRIANGLE)
    assert not s.is_empty()
    assert s.sample() in s
    assert s.lexmin() == (0, 0)
    assert s.lexmax() == (3, 3)
    assert s.count() == 10
    assert pts(s)[:3] == [(0, 0), (0, 1), (0, 2)]
    assert (1, 2) in s and (2, 1) not in s
    assert s.contains([3, 3])
    assert s.num_dims == 2 and s.num_symbols == 0
    empty = Set("(d0) : (d0 * 2 - 1 == 0)")
    assert empty.is_empty() and empty.sample() is None
    assert empty.lexmin() is None and empty.lexmax() is None
    assert pts(empty) == [] and empty.count() == 0
    # Symbols come last in points.
    p = Set("(d0)[s0] : (d0 >= 0, s0 - d0 >= 0, -s0 + 1 >= 0)")
    assert pts(p) == [(0, 0), (0, 1), (1, 1)]
    assert p.lexmin() == (0, 0)


def test_set_operations_and_operators():
    a = Set("(d0) : (d0 >= 0, -d0 + 5 >= 0)")
    b = Set("(d0) : (d0 - 3 >= 0, -d0 + 8 >= 0)")
    assert pts(a & b) == [(3,), (4,), (5,)] == pts(a.intersect(b))
    assert pts(a | b) == [(i,) for i in range(9)] == pts(a.union(b))
    assert pts(a - b) == [(0,), (1,), (2,)] == pts(a.subtract(b))
    c = ~a
    assert (-1,) in c and (6,) in c and (0,) not in c
    assert c == a.complement()
    assert (a & b) <= a and a.is_subset(a | b)
    assert (a & b) < a and not a < a and a >= (a & b) and a > (a & b)
    assert a == Set("(d0) : (d0 >= 0, -d0 + 5 >= 0)") and a.is_equal(a)
    assert a != b
    assert Set("(d0) : (d0 == 0)") != Set("(d0, d1) : (d0 == 0)")
    with pytest.raises(ValueError):
        _ = Set("(d0) : (d0 == 0)") <= Set("(d0, d1) : (d0 == 0)")
    with pytest.raises(ValueError):
        a & Set("(d0, d1) : (d0 == 0)")
    with pytest.raises(TypeError):
        a & 3
    assert len((a | b).coalesce().disjuncts()) <= 2
    # [0, 3] and [4, 8] touch over the integers: one piece.
    touching = Set("(d0) : (d0 >= 0, -d0 + 3 >= 0)") | Set("(d0) : (d0 - 4 >= 0, -d0 + 8 >= 0)")
    merged = touching.coalesce()
    assert len(merged.disjuncts()) == 1 and merged == touching
    assert a.is_bounded() and not Set("(d0) : (d0 >= 0)").is_bounded()
    # Within d0 >= 3, only a's upper bound still matters.
    g = a.gist(Set("(d0) : (d0 - 3 >= 0)"))
    assert (0,) in g and (-4,) in g and (6,) not in g
    assert g & Set("(d0) : (d0 - 3 >= 0)") == a & Set("(d0) : (d0 - 3 >= 0)")
    assert sum(d.count() for d in (a - b).disjuncts()) == 3


def test_projection_with_stride_is_exact():
    s = Set("(d0, d1) : (d0 - d1 * 3 == 0, d1 >= 0, -d1 + 4 >= 0)")
    p = s.project_out([1])
    assert pts(p) == [(0,), (3,), (6,), (9,), (12,)]
    assert "mod 3" in str(p)
    with pytest.raises(ValueError):
        s.project_out([2])


def test_from_constraints():
    # d0 >= 0, 3 - d0 >= 0, d0 == 2 * q (an existential local): evens.
    s = Set.from_constraints(1, 0, equalities=[[1, -2, 0]], inequalities=[[1, 0, 0], [-1, 0, 3]], num_locals=1)
    assert pts(s) == [(0,), (2,)]
    t = Set.from_constraints(2, inequalities=[[1, 0, 0], [-1, 1, 0], [0, -1, 3]])
    assert t == Set(TRIANGLE)
    with pytest.raises(ValueError):
        Set.from_constraints(2, inequalities=[[1, 0]])


def test_unbounded():
    s = Set("(d0) : (d0 >= 0)")
    with pytest.raises(ValueError):
        list(s.points())
    with pytest.raises(ValueError):
        s.count()
    with pytest.raises(ValueError):
        s.lexmax()
    assert s.lexmin() == (0,)


def test_parse_errors_are_located():
    with pytest.raises(tessera.ParseError) as e:
        Set("(d0) : (d0 >= d1)")
    # mlir-opt's words and place: a wrong token, reported right after the
    # token before it (`>=`), as in `affine_set<(d0) : (d0 >= d1)>`.
    assert (e.value.line, e.value.column) == (1, 14)
    assert "use of undeclared identifier" in str(e.value)
    with pytest.raises(tessera.ParseError) as e:
        Set("(d0) : (d0 >= 0) or (d0) : (d0 >= x)")
    assert e.value.column == 34
    with pytest.raises(tessera.ParseError) as e:
        Map("(d0) -> (d1) : (d1 >= z)")
    assert e.value.column == 22
    assert isinstance(e.value, tessera.Error)
    with pytest.raises(ValueError):
        Set("(d0) -> (d0)")
    with pytest.raises(ValueError):
        Map("(d0) : (d0 >= 0)")
    with pytest.raises(ValueError):
        Set("(d0) : (d0 >= 0) or (d0, d1) : (d0 >= 0)")


def test_map_basics():
    m = Map("(d0, d1) -> (d0 + d1)")
    assert str(m) == "(d0, d1) -> (d0 + d1)"
    assert repr(m) == 'tessera.Map("(d0, d1) -> (d0 + d1)")'
    assert m.as_affine_map() == "(d0, d1) -> (d0 + d1)"
    assert (m.num_domain_dims, m.num_range_dims, m.num_symbols) == (2, 1, 0)
    assert (1, 2, 3) in m and (1, 2, 4) not in m
    inv = m.inverse()
    assert str(inv) == "(d0) -> (d1, d2) : (d0 - d1 - d2 == 0)"
    assert inv.as_affine_map() is None
    assert Map(str(inv)) == inv
    assert m.domain().is_universe() and m.range().is_universe()
    assert Map("affine_map<(d0)[s0] -> (d0 + s0)>").as_affine_map() == "(d0)[s0] -> (d0 + s0)"
    r = Map("(d0)[s0] -> (d1) : (d1 - d0 >= 0, s0 - d1 >= 0)")
    assert str(r) == "(d0)[s0] -> (d1) : (-d0 + d1 >= 0, -d1 + s0 >= 0)"
    assert Map.universe(1, 1).is_universe() and Map.empty(1, 2).is_empty()
    assert str(Map.empty(1, 1)) == "(d0) -> (d1) : (1 == 0)"


def test_map_operations():
    box = Set("(d0) : (d0 >= 0, -d0 + 3 >= 0)")
    shift = Map("(d0) -> (d0 + 1)")
    double = Map("(d0) -> (d0 * 2)")
    assert pts(box.apply(shift)) == [(1,), (2,), (3,), (4,)]
    assert shift(box) == box.apply(shift)
    assert pts(double(box)) == [(0,), (2,), (4,), (6,)]
    both = shift.apply_range(double)
    assert both.as_affine_map() == "(d0) -> (d0 * 2 + 2)"
    assert double.apply_domain(shift).as_affine_map() == "(d0) -> (d0 * 2 - 2)"
    r = shift.intersect_domain(box)
    assert pts(r) == [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert r.domain() == box
    assert pts(r.range()) == [(1,), (2,), (3,), (4,)]
    assert pts(shift.intersect_range(box)) == [(-1, 0), (0, 1), (1, 2), (2, 3)]
    w = r.wrap()
    assert isinstance(w, Set) and w.num_dims == 2 and pts(w) == pts(r)
    assert r.lexmin() == (0, 1) and r.lexmax() == (3, 4) and r.count() == 4
    assert pts(r.project_out([0])) == [(1,), (2,), (3,), (4,)]
    assert (r | shift.intersect_domain(Set("(d0) : (d0 - 10 == 0)"))).count() == 5
    assert (r - r).is_empty() and (r & r) == r and r <= shift and ~shift != shift
    assert r.sample() in r
    assert r.is_subset(shift) and r.is_equal(r) and r.coalesce() == r
    assert r.union(r).subtract(r).is_empty() and r.intersect(r) == r
    assert r.complement().complement() == r and r.contains([0, 1])
    assert len(r.disjuncts()) == 1 and not r.is_universe()
    with pytest.raises(ValueError):
        Set("(d0, d1) : (d0 == 0)").apply(shift)
    m = Map.from_constraints(1, 1, equalities=[[1, -1, 0]], inequalities=[[1, 0, 0], [-1, 0, 2]])
    assert pts(m) == [(0, 0), (1, 1), (2, 2)]


def test_copy_and_pickle():
    s = Set(TRIANGLE)
    assert copy.copy(s) is s and copy.deepcopy(s) is s
    assert pickle.loads(pickle.dumps(s)) == s
    m = Map("(d0) -> (d0 floordiv 2)")
    assert pickle.loads(pickle.dumps(m)) == m


def test_isl_text():
    s = Set("(d0)[s0] : (d0 mod 2 == 0, d0 >= 0, s0 - d0 >= 0)")
    text = s.isl_text()
    assert text.startswith("[s0] -> { [d0] : exists (e0 : ")
    assert Set.empty(1).isl_text() == "{ [d0] : false }"
    assert Map("(d0) -> (d0 + 1)").isl_text() == "{ [d0] -> [d1] : -d0 + d1 - 1 = 0 }"
    assert Map("() -> (3)").isl_text() == "{ [] -> [d0] : d0 - 3 = 0 }"


def test_islpy_round_trip():
    isl = pytest.importorskip("islpy")
    s = Set("(d0)[s0] : (d0 mod 3 == 0, d0 >= 0, s0 - d0 >= 0)")
    i = s.to_isl()
    assert isinstance(i, isl.Set)
    assert i == isl.Set("[s0] -> { [d0] : d0 mod 3 = 0 and 0 <= d0 <= s0 }")
    assert Set.from_isl(i) == s
    assert Set.from_isl(isl.BasicSet("{ [i] : 0 <= i <= 4 }")).count() == 5
    # isl's divisions come back as divisions.
    back = Set.from_isl(isl.Set("{ [i, j] : j = floor(i / 3) and 0 <= i <= 7 }"))
    assert pts(back) == [(0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 1), (6, 2), (7, 2)]
    m = Map("(d0)[s0] -> (d0 floordiv 2 + s0)")
    assert Map.from_isl(m.to_isl()) == m
    assert Map.from_isl(isl.BasicMap("{ [i] -> [j] : j = 2i }")) == Map("(d0) -> (d0 * 2)")
    with pytest.raises(TypeError):
        Set.from_isl(isl.Map("{ [i] -> [j] }"))
    with pytest.raises(TypeError):
        Map.from_isl(isl.Set("{ [i] }"))


def test_symbolic_extrema_agree_with_fixed_symbols():
    s = Set("(d0, d1)[s0] : (d0 - s0 >= 0, d0 mod 2 == 0, d1 >= 0, d0 - d1 >= 0, -d0 + 9 >= 0)")
    for op, fixed in (("symbolic_lexmin", "lexmin"), ("symbolic_lexmax", "lexmax")):
        pieces, unbounded = getattr(s, op)()
        for v in range(-4, 12):
            at = s & Set(f"(d0, d1)[s0] : (s0 - {v} == 0)")
            want = getattr(at, fixed)()
            got = [opt for cond, opt in pieces if (v,) in cond]
            if want is None:
                assert got == [] and (v,) not in unbounded
            else:
                assert len(got) == 1, (op, v, [str(c) for c, _ in pieces])
                # The optimum relation holds exactly the point (dims, symbol).
                assert want in got[0] and pts(got[0] & Map(f"()[s0] -> (d0, d1) : (s0 - {v} == 0)")) == [want]
    pieces, unbounded = Set("(d0)[s0] : (-d0 + s0 >= 0)").symbolic_lexmin()
    assert pieces == [] and (5,) in unbounded


def test_simple_hull_and_range_product():
    u = Set("(d0) : (d0 >= 0, -d0 + 2 >= 0) or (d0) : (d0 - 5 >= 0, -d0 + 9 >= 0)")
    h = u.simple_hull()
    assert pts(h) == [(x,) for x in range(0, 10)]
    corners = Set("(d0, d1) : (d0 == 0, d1 == 0) or (d0, d1) : (d0 - 2 == 0, d1 - 1 == 0)")
    assert pts(corners.convex_hull()) == [(0, 0), (2, 1)]
    f, g = Map("(d0) -> (d0 + 1)"), Map("(d0) -> (d0 * 2)")
    fg = f.range_product(g)
    assert (3, 4, 6) in fg and (3, 4, 7) not in fg
    assert fg.num_range_dims == 2


def test_card_agrees_with_the_points():
    s = Set("(d0, d1)[s0] : (d0 >= 0, d1 >= 0, s0 - d0 - 2 * d1 >= 0)")
    pieces = s.card()
    for v in range(-3, 12):
        at = s & Set(f"(d0, d1)[s0] : (s0 - {v} == 0)")
        want = len(pts(at))
        assert s.card_at([v]) == want
        holding = [poly for cond, poly in pieces if (v,) in cond]
        got = sum(c * v ** e[0] for e, c in holding[0].items()) if holding else 0
        assert got == want, (v, [str(c) for c, _ in pieces])
    assert Set("(d0) : (d0 >= 0, -d0 + 9 >= 0)").card_at([]) == 10
    with pytest.raises(ValueError):
        Set("(d0)[s0] : (d0 - s0 >= 0)").card()
