"""The notebook-style example of the README (examples/python/tour.py) runs
and shows what it says it shows."""

import pathlib
import runpy

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python" / "tour.py"


def test_tour(capsys):
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "RAW access 2 -> 0 distances (d0, d1) : (d0 - 1 == 0, d1 + 1 == 0)" in out
    assert "inner loop parallel: True" in out
    assert "band: the band is not fully permutable" in out
    assert "affine-loop-tile: band tiled by [4, 4, 4]" in out
    assert "same output after tiling: True" in out
    assert "the schedule violates a dependence from S0 to S0" in out
    assert "skew: <tessera.Legality: legal>" in out
    assert "loops after fusion: 1" in out
