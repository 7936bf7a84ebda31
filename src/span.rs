//! Byte ranges into the book's source files.

/// Index of a file in a [`crate::source::SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A byte range `start..end` in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Self {
        Self {
            file,
            start: u32::try_from(start).unwrap_or(u32::MAX),
            end: u32::try_from(end.max(start)).unwrap_or(u32::MAX),
        }
    }

    /// A span covering the whole of the first `len` bytes of a file (used for
    /// file-level findings).
    pub fn file_start(file: FileId) -> Self {
        Self::new(file, 0, 0)
    }

    /// The same file, shifted by `offset` bytes (for spans computed inside a
    /// slice of the file).
    #[must_use]
    pub fn shifted(self, offset: usize) -> Self {
        Self::new(
            self.file,
            self.start as usize + offset,
            self.end as usize + offset,
        )
    }

    /// A sub-range `start..end` relative to this span's start.
    #[must_use]
    pub fn sub(self, start: usize, end: usize) -> Self {
        Self::new(
            self.file,
            self.start as usize + start,
            self.start as usize + end,
        )
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn to(self, other: Span) -> Self {
        Self {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.end == self.start
    }
}

/// A value with the span it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Self { value, span }
    }
}
