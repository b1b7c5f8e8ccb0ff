"""tessera: exact Presburger sets and maps, dependence analysis, loop passes
and schedules on MLIR's affine dialect.

The text format is MLIR's. ``tessera.Set`` and ``tessera.Map`` are exact
integer sets and relations (islpy-style); ``tessera.parse`` reads a module
whose loops, accesses, dependences and schedules can be walked and changed.
"""

from ._tessera import (
    Access,
    AutoSchedule,
    Band,
    Dependence,
    Error,
    ExecutionError,
    Function,
    Legality,
    Loop,
    Map,
    Module,
    ParseError,
    PassError,
    PointIterator,
    Schedule,
    Set,
    Statement,
    StatementDependence,
    Witness,
    __version__,
    parse,
)

__all__ = [
    "Access",
    "AutoSchedule",
    "Band",
    "Dependence",
    "Error",
    "ExecutionError",
    "Function",
    "Legality",
    "Loop",
    "Map",
    "Module",
    "ParseError",
    "PassError",
    "PointIterator",
    "Schedule",
    "Set",
    "Statement",
    "StatementDependence",
    "Witness",
    "__version__",
    "parse",
]
