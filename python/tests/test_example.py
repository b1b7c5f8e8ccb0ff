"""The README's examples run: the notebook-style tour
(examples/python/tour.py) shows what it says it shows, and the README's
Python block works."""

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


def test_readme_example(capsys, monkeypatch):
    """The Python block of the README runs (from the repository root, where
    its paths point)."""
    root = EXAMPLE.parents[2]
    readme = (root / "README.md").read_text()
    start = readme.index("```python\nimport tessera") + len("```python\n")
    code = readme[start : readme.index("```", start)]
    monkeypatch.chdir(root)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "RAW" in out and "S0: affine_map<" in out
