"""Property tests: on random small sets and relations, every operation of
tessera agrees with brute-force enumeration, and, when islpy is
importable, with isl."""

import itertools
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tessera import Map, Set

#: Every random set lies in the box [-B, B]^2; enumeration covers one more.
B = 3
SCAN = range(-B - 1, B + 2)
#: TESSERA_HYPOTHESIS_EXAMPLES=N runs a longer soak.
PROPERTY_SETTINGS = settings(
    max_examples=int(os.environ.get("TESSERA_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def term(a, name):
    return f" + {name} * {a}" if a else ""


@st.composite
def constraint(draw):
    """One affine constraint over d0, d1: (text, Python predicate)."""
    a, b = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
    c = draw(st.integers(-4, 4))
    expr = f"{c}{term(a, 'd0')}{term(b, 'd1')}"
    kind = draw(st.sampled_from([">=", "==", "mod"]))
    if kind == "mod":
        k = draw(st.integers(2, 3))
        return f"({expr}) mod {k} == 0", lambda x, y: (c + a * x + b * y) % k == 0
    if kind == "==":
        return f"{expr} == 0", lambda x, y: c + a * x + b * y == 0
    return f"{expr} >= 0", lambda x, y: c + a * x + b * y >= 0


BOX = [f"d{i} + {B} >= 0" for i in range(2)] + [f"-d{i} + {B} >= 0" for i in range(2)]


@st.composite
def boxed_set(draw):
    """A union of one or two random boxed polyhedra: (Set, predicate)."""
    pieces = []
    for _ in range(draw(st.integers(1, 2))):
        cs = draw(st.lists(constraint(), min_size=0, max_size=3))
        pieces.append(cs)
    text = " or ".join(
        "(d0, d1) : (" + ", ".join(BOX + [t for t, _ in cs]) + ")" for cs in pieces
    )

    def holds(x, y):
        in_box = -B <= x <= B and -B <= y <= B
        return in_box and any(all(p(x, y) for _, p in cs) for cs in pieces)

    return Set(text), holds


def brute(pred):
    return [(x, y) for x, y in itertools.product(SCAN, SCAN) if pred(x, y)]


@PROPERTY_SETTINGS
@given(boxed_set(), boxed_set())
def test_set_operations_agree_with_enumeration(a, b):
    (sa, pa), (sb, pb) = a, b
    expected = brute(pa)
    assert list(sa.points()) == expected
    assert sa.count() == len(expected)
    assert sa.is_empty() == (not expected)
    sample = sa.sample()
    assert (sample is None) == (not expected)
    if sample is not None:
        assert pa(*sample)
        assert sa.lexmin() == expected[0] and sa.lexmax() == expected[-1]
    else:
        assert sa.lexmin() is None
    assert list((sa & sb).points()) == brute(lambda x, y: pa(x, y) and pb(x, y))
    assert list((sa | sb).points()) == brute(lambda x, y: pa(x, y) or pb(x, y))
    assert list((sa - sb).points()) == brute(lambda x, y: pa(x, y) and not pb(x, y))
    complement = ~sa
    for x, y in itertools.product(SCAN, SCAN):
        assert ((x, y) in complement) == (not pa(x, y))
    assert (sa <= sb) == all(pb(x, y) for x, y in expected)
    assert (sa == sb) == (expected == brute(pb))
    # Printing and reading back is the identity.
    assert Set(str(sa)) == sa
    assert list(sa.project_out([1]).points()) == sorted({(x,) for x, _ in expected})


@PROPERTY_SETTINGS
@given(boxed_set(), boxed_set())
def test_relation_operations_agree_with_enumeration(a, b):
    """Each set read as a relation from d0 to d1."""
    (sa, pa), (sb, pb) = a, b
    ra = Map(" or ".join("(d0) -> (d1) : " + p.split(" : ", 1)[1] for p in str(sa).split(" or ")))
    assert list(ra.points()) == brute(pa)
    assert list(ra.inverse().points()) == sorted((y, x) for x, y in brute(pa))
    assert list(ra.domain().points()) == sorted({(x,) for x, _ in brute(pa)})
    assert list(ra.range().points()) == sorted({(y,) for _, y in brute(pa)})
    image = sb.project_out([1]).apply(ra)
    dom_b = {x for x, _ in brute(pb)}
    assert list(image.points()) == sorted({(y,) for x, y in brute(pa) if x in dom_b})
    composed = ra.apply_range(ra)
    expected = sorted(
        {(x, z) for x, y in brute(pa) for y2, z in brute(pa) if y == y2}
    )
    assert list(composed.points()) == expected


@PROPERTY_SETTINGS
@given(boxed_set(), boxed_set())
def test_set_operations_agree_with_islpy(a, b):
    isl = pytest.importorskip("islpy")
    (sa, _), (sb, _) = a, b
    ia, ib = sa.to_isl(), sb.to_isl()
    assert isinstance(ia, isl.Set)
    assert sa.count() == ia.count_val().to_python()
    assert (sa & sb).to_isl() == ia & ib
    assert (sa | sb).to_isl() == ia | ib
    assert (sa - sb).to_isl() == ia - ib
    assert (~sa).to_isl() == ia.complement()
    assert (sa <= sb) == ia.is_subset(ib)
    assert sa.is_empty() == ia.is_empty()
    assert Set.from_isl(ia - ib) == sa - sb
    assert Set.from_isl(ia.project_out(isl.dim_type.set, 1, 1)) == sa.project_out([1])
    if not sa.is_empty():
        lexmin = ia.lexmin().sample_point()
        assert sa.lexmin() == tuple(lexmin.get_coordinate_val(isl.dim_type.set, k).to_python() for k in range(2))
