//! The pest grammars: `grammar/tales.pest` (a file's lines) and
//! `grammar/award.pest` (award codes, references, conditions, roll specs).

pub(crate) mod award {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/award.pest"]
    pub(crate) struct AwardParser;
}

pub(crate) mod tales {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/tales.pest"]
    pub(crate) struct TalesParser;
}
