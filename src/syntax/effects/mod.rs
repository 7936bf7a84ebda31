//! Reader: the typed effects of FORMAT.md 9.3 and the conditional items
//! of 2b, read by the patterns of the locale's `effects:` table.

pub(crate) mod effect;
pub(crate) mod effect_half;
pub(crate) mod effect_items;
pub(crate) mod effect_names;
pub(crate) mod effect_when;
pub(crate) mod near_form;
pub(crate) mod piece;
