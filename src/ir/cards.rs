use super::{Award, Reference};
use crate::span::{Span, Spanned};

/// `cards.yaml`: the encounter cards.
#[derive(Clone, Debug, Default)]
pub struct Cards {
    pub character: Vec<CharacterCard>,
    pub terrain: Vec<TerrainCard>,
    pub city: Vec<CityCard>,
}

/// A character card: one chart (or row) per time of day.
#[derive(Clone, Debug)]
pub struct CharacterCard {
    pub name: Spanned<String>,
    pub morning: Option<Reference>,
    pub noon: Option<Reference>,
    pub night: Option<Reference>,
    pub span: Span,
}

/// A terrain card: one entry per terrain name.
#[derive(Clone, Debug)]
pub struct TerrainCard {
    pub name: Spanned<String>,
    pub entries: Vec<(Spanned<String>, Reference)>,
    pub span: Span,
}

/// A city card: its paragraph and its six die results.
#[derive(Clone, Debug)]
pub struct CityCard {
    pub city: Spanned<String>,
    pub paragraph: Option<Reference>,
    pub results: Vec<(Spanned<u32>, Award)>,
    pub span: Span,
}
