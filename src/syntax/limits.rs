//! The largest numbers the syntax reads.

/// The highest paragraph number.
pub const MAX_PARAGRAPH: u32 = 999_999;

/// The largest number an award item may carry.
pub const MAX_AMOUNT: u32 = 999;
