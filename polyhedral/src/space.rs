//! The typed column layout of a relation: domain dims, range dims, symbols,
//! locals, then the constant.

use std::fmt;

/// The kind of a variable column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// An input dimension of a relation.
    Domain,
    /// An output dimension of a relation (the dims of a set).
    Range,
    /// A symbol (parameter): an unknown integer fixed for the whole system.
    Symbol,
    /// A local (existentially quantified) variable.
    Local,
}

impl VarKind {
    /// All kinds in column order.
    pub const ALL: [VarKind; 4] = [
        VarKind::Domain,
        VarKind::Range,
        VarKind::Symbol,
        VarKind::Local,
    ];

    fn index(self) -> usize {
        match self {
            VarKind::Domain => 0,
            VarKind::Range => 1,
            VarKind::Symbol => 2,
            VarKind::Local => 3,
        }
    }
}

/// How many columns of each kind a relation has. Columns are laid out as
/// `[domain.., range.., symbols.., locals.., constant]`.
///
/// ```
/// use tessera_polyhedral::{Space, VarKind};
/// let s = Space::relation(1, 2, 1);
/// assert_eq!(s.offset(VarKind::Symbol), 3);
/// assert_eq!(s.num_cols(), 5);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Space {
    counts: [usize; 4],
}

impl Space {
    /// The space of a relation with the given domain, range and symbol
    /// counts and no locals.
    pub fn relation(num_domain: usize, num_range: usize, num_symbols: usize) -> Space {
        Space {
            counts: [num_domain, num_range, num_symbols, 0],
        }
    }

    /// The space of a set (no domain dims) with `num_dims` dims (range
    /// columns) and `num_symbols` symbols.
    pub fn set(num_dims: usize, num_symbols: usize) -> Space {
        Space::relation(0, num_dims, num_symbols)
    }

    /// The number of columns of a kind.
    pub fn count(&self, kind: VarKind) -> usize {
        self.counts[kind.index()]
    }

    /// The first column of a kind.
    pub fn offset(&self, kind: VarKind) -> usize {
        self.counts[..kind.index()].iter().sum()
    }

    /// The number of variable columns (everything but the constant).
    pub fn num_vars(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The number of columns including the constant.
    pub fn num_cols(&self) -> usize {
        self.num_vars() + 1
    }

    /// The number of non-local variable columns (domain, range, symbols).
    pub fn num_non_locals(&self) -> usize {
        self.offset(VarKind::Local)
    }

    /// The kind of variable column `col`, or `None` for the constant or
    /// beyond.
    pub fn kind_of(&self, col: usize) -> Option<VarKind> {
        let mut start = 0;
        for kind in VarKind::ALL {
            let end = start + self.count(kind);
            if col < end {
                return Some(kind);
            }
            start = end;
        }
        None
    }

    /// Whether two spaces agree on everything but locals (the condition to
    /// intersect, unite or compare their relations).
    pub fn is_compatible(&self, other: &Space) -> bool {
        self.counts[..3] == other.counts[..3]
    }

    /// This space with a different number of columns of `kind`.
    pub fn with_count(&self, kind: VarKind, count: usize) -> Space {
        let mut s = *self;
        s.counts[kind.index()] = count;
        s
    }

    /// The name used when printing column `col`: `i` for domain, `d` for
    /// range, `s` for symbols, `q` for locals.
    pub fn column_name(&self, col: usize) -> String {
        match self.kind_of(col) {
            Some(kind) => {
                let prefix = match kind {
                    VarKind::Domain => "i",
                    VarKind::Range => "d",
                    VarKind::Symbol => "s",
                    VarKind::Local => "q",
                };
                format!("{prefix}{}", col - self.offset(kind))
            }
            None => "1".to_string(),
        }
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "domain: {}, range: {}, symbols: {}, locals: {}",
            self.counts[0], self.counts[1], self.counts[2], self.counts[3]
        )
    }
}
