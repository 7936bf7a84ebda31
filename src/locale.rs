//! The printed words of the format, per language (FORMAT.md section 7).
//!
//! The built-in locales are data files under `content/locales/`, embedded at
//! build time; a book may override any key under `locale-overrides`.

use serde::Deserialize;

/// Keywords of one language. Every comparison with book text is
/// case-insensitive.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Locale {
    pub id: String,
    pub destiny: String,
    pub story: String,
    pub wealth: String,
    pub max: Vec<String>,
    pub min: Vec<String>,
    /// What stands between a bound keyword and the level when `tales` prints
    /// an award: `max Poor`, `máx.: Pobre`, `Max : Riche`.
    #[serde(default = "space")]
    pub bound_separator: String,
    pub no_skill: String,
    pub mandatory: String,
    pub all_mandatory: String,
    pub treasure: String,
    pub lose: String,
    pub master: String,
    pub master_suffix: String,
    pub and: String,
    pub choice_of: String,
    pub or: String,
    pub death: String,
    pub turn: String,
    pub turns: String,
    /// `Go to paragraph` (v2): before a number, an award item that is `@N`.
    pub go_to: String,
    /// `ANY TREASURE` (v2): a section label.
    pub any_treasure: String,
    /// `FEMALE`, `MALE` (v2): section labels.
    pub female: String,
    pub male: String,
    /// `WEALTH` (v2): `WEALTH: POOR or less`, `WEALTH: RICH or greater`.
    pub wealth_label: String,
    pub or_less: String,
    pub or_greater: String,
    /// A die band in words, after its number (`9 or more`): read as `9+`
    /// with one finding that says so, never printed.
    #[serde(default)]
    pub band_up: Vec<String>,
    /// `ANY {n} SKILLS` (v3): a section label meaning `{skills >= N}`.
    #[serde(default = "any_skills")]
    pub any_skills: String,
    /// `and read the {name} paragraph` (v3): after `Go to paragraph N`, the
    /// section of N to take.
    #[serde(default = "read_section")]
    pub read_section: Vec<String>,
    /// `Read the {name} paragraph below` (v3): a section of this paragraph.
    #[serde(default = "read_below")]
    pub read_below: Vec<String>,
    /// More printed spellings of a key, read as it and never printed
    /// (`go-to: Ve al párrafo`, `also: {go-to: [Pasa al párrafo]}`): the
    /// keys [`Locale::spellings`] names.
    #[serde(default)]
    pub also: std::collections::BTreeMap<String, Vec<String>>,
    /// How `tales fmt` ends a section or branch label: `NO SKILL:`, and in
    /// French typography `SANS COMPÉTENCE :`.
    #[serde(default = "colon")]
    pub label_colon: String,
    /// The headings of `tales render`'s page.
    #[serde(default)]
    pub render: RenderWords,
    /// The forms of the effects awards name in words (version 3).
    #[serde(default)]
    pub effects: crate::effect_words::EffectWords,
    /// The effect forms indexed by their first word, made when first used.
    #[serde(skip)]
    pub effect_index: Derived<crate::effect_index::EffectIndex>,
    /// The words of the effect patterns, made when first used.
    #[serde(skip)]
    pub effect_vocabulary: Derived<crate::effect_vocabulary::Vocabulary>,
}

/// What a locale's words make, made when first asked for (the effect
/// index, the patterns' vocabulary): a field of [`Locale`] that is not part
/// of what it is (not compared, not read, not printed). A copy may be
/// changed ([`Locale::set`]), so it makes its own again.
pub struct Derived<T>(std::sync::OnceLock<T>);

impl<T> Default for Derived<T> {
    fn default() -> Self {
        Derived(std::sync::OnceLock::new())
    }
}

impl<T> Clone for Derived<T> {
    fn clone(&self) -> Self {
        Derived::default()
    }
}

impl<T> std::fmt::Debug for Derived<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Derived")
    }
}

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

/// The words `tales render` prints around the book's own text: headings of
/// its parts and of its tables' columns. English when a locale does not
/// say.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct RenderWords {
    /// The title of a book whose `book.yaml` gives none.
    pub untitled: String,
    pub paragraphs: String,
    pub matrices: String,
    pub cards: String,
    pub places: String,
    pub card: String,
    pub morning: String,
    pub noon: String,
    pub night: String,
    pub terrain_card: String,
    pub terrain: String,
    pub encounter: String,
    pub city_card: String,
    pub paragraph: String,
    pub results: String,
}

impl Default for RenderWords {
    fn default() -> Self {
        let w = |s: &str| s.to_owned();
        RenderWords {
            untitled: w("A Book of Tales"),
            paragraphs: w("Paragraphs"),
            matrices: w("Reaction matrices"),
            cards: w("Encounter cards"),
            places: w("Places of power"),
            card: w("card"),
            morning: w("morning"),
            noon: w("noon"),
            night: w("night"),
            terrain_card: w("terrain card"),
            terrain: w("terrain"),
            encounter: w("encounter"),
            city_card: w("city card"),
            paragraph: w("paragraph"),
            results: w("results"),
        }
    }
}

fn space() -> String {
    " ".to_owned()
}

fn colon() -> String {
    ":".to_owned()
}

fn any_skills() -> String {
    "ANY {n} SKILLS".to_owned()
}

fn read_section() -> Vec<String> {
    vec![
        "and read the {name} paragraph".to_owned(),
        "and read the {name} section".to_owned(),
    ]
}

fn read_below() -> Vec<String> {
    vec![
        "Read the {name} paragraph below".to_owned(),
        "Read the {name} section below".to_owned(),
    ]
}

/// A locale pattern with its blank (`{n}`, `{name}`) filled.
pub fn fill(pattern: &str, with: &str) -> String {
    match (pattern.find('{'), pattern.find('}')) {
        (Some(open), Some(close)) if open < close => {
            format!("{}{with}{}", &pattern[..open], &pattern[close + 1..])
        }
        _ => pattern.to_owned(),
    }
}

/// What stands for the blank `{n}` or `{name}` of a locale pattern in
/// `text` (case-insensitive, spaces at the ends aside), if `text` is the
/// pattern filled.
pub fn filled<'t>(pattern: &str, text: &'t str) -> Option<&'t str> {
    let open = pattern.find('{')?;
    let close = open + pattern[open..].find('}')?;
    let (before, after) = (&pattern[..open], &pattern[close + 1..]);
    let text = text.trim();
    let head = text.get(..before.len())?;
    let tail_at = text.len().checked_sub(after.len())?;
    let tail = text.get(tail_at..)?;
    if tail_at < before.len() || !crate::text::eq_ci(head, before) {
        return None;
    }
    if !crate::text::eq_ci(tail, after) {
        return None;
    }
    let blank = text[before.len()..tail_at].trim();
    (!blank.is_empty()).then_some(blank)
}

/// The built-in locales: `(id, file text)`.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("en", include_str!(concat!(env!("OUT_DIR"), "/en.json"))),
    ("es", include_str!(concat!(env!("OUT_DIR"), "/es.json"))),
    ("fr", include_str!(concat!(env!("OUT_DIR"), "/fr.json"))),
];

/// The keys a book may override, as written in `locale-overrides`.
pub const KEYS: &[&str] = &[
    "destiny",
    "story",
    "wealth",
    "max",
    "min",
    "bound-separator",
    "no-skill",
    "mandatory",
    "all-mandatory",
    "treasure",
    "lose",
    "master",
    "master-suffix",
    "and",
    "choice-of",
    "or",
    "death",
    "turn",
    "turns",
    "go-to",
    "any-treasure",
    "female",
    "male",
    "wealth-label",
    "or-less",
    "or-greater",
    "label-colon",
    "any-skills",
    "read-section",
    "read-below",
];

impl Locale {
    /// A built-in locale by id (`en`, `es`, `fr`).
    ///
    /// Each is read once a process (about 3.5 M instructions a reading; a
    /// check asked for its book's locale three times) and copied.
    pub fn built_in(id: &str) -> Option<Locale> {
        static READ: [std::sync::OnceLock<Locale>; BUILT_IN.len()] =
            [const { std::sync::OnceLock::new() }; BUILT_IN.len()];
        let i = BUILT_IN
            .iter()
            .position(|(k, _)| k.eq_ignore_ascii_case(id))?;
        let read = READ[i].get_or_init(|| {
            serde_json::from_str(BUILT_IN[i].1).expect("built-in locale files are valid")
        });
        Some(read.clone())
    }

    /// Every built-in locale, read once.
    pub fn all_built_in() -> &'static [Locale] {
        static ALL: std::sync::OnceLock<Vec<Locale>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| Self::built_in_ids().filter_map(Self::built_in).collect())
    }

    /// The ids of the built-in locales.
    pub fn built_in_ids() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(id, _)| *id)
    }

    /// Override one key. Returns `false` for an unknown key.
    pub fn set(&mut self, key: &str, values: Vec<String>) -> bool {
        // The readers' first words may change (`lose`, `choice-of`).
        self.effect_index = Derived::default();
        let one = values.first().cloned().unwrap_or_default();
        let slot = match key {
            "max" => {
                self.max = values;
                return true;
            }
            "min" => {
                self.min = values;
                return true;
            }
            "read-section" => {
                self.read_section = values;
                return true;
            }
            "read-below" => {
                self.read_below = values;
                return true;
            }
            "bound-separator" => &mut self.bound_separator,
            "destiny" => &mut self.destiny,
            "story" => &mut self.story,
            "wealth" => &mut self.wealth,
            "no-skill" => &mut self.no_skill,
            "mandatory" => &mut self.mandatory,
            "all-mandatory" => &mut self.all_mandatory,
            "treasure" => &mut self.treasure,
            "lose" => &mut self.lose,
            "master" => &mut self.master,
            "master-suffix" => &mut self.master_suffix,
            "and" => &mut self.and,
            "choice-of" => &mut self.choice_of,
            "or" => &mut self.or,
            "death" => &mut self.death,
            "turn" => &mut self.turn,
            "turns" => &mut self.turns,
            "go-to" => &mut self.go_to,
            "any-treasure" => &mut self.any_treasure,
            "female" => &mut self.female,
            "male" => &mut self.male,
            "wealth-label" => &mut self.wealth_label,
            "or-less" => &mut self.or_less,
            "or-greater" => &mut self.or_greater,
            "label-colon" => &mut self.label_colon,
            "any-skills" => &mut self.any_skills,
            _ => return false,
        };
        *slot = one;
        true
    }

    /// Every spelling of `key` that is read: the one `tales` prints, then
    /// the locale's `also` for it. The keys: `go-to`, `any-skills`,
    /// `or-less`, `or-greater`, `mandatory`, `all-mandatory` (es
    /// `obligatoria`, `todas obligatorias`: the note agreeing with a
    /// feminine name); and `go-to-item`, the go-to phrase as an
    /// award item reads it: every `go-to` spelling, then those the locale
    /// reads in an award item only (`also: go-to-item`: `Turn to
    /// paragraph`; prose is not searched for them, which a letter as
    /// common as `t` would make cost a quarter of a check).
    pub fn spellings<'a>(&'a self, key: &str) -> impl Iterator<Item = &'a str> + 'a {
        let (first, under) = match key {
            "go-to" => (Some(&self.go_to), None),
            "go-to-item" => (Some(&self.go_to), Some("go-to")),
            "any-skills" => (Some(&self.any_skills), None),
            "or-less" => (Some(&self.or_less), None),
            "or-greater" => (Some(&self.or_greater), None),
            "mandatory" => (Some(&self.mandatory), None),
            "all-mandatory" => (Some(&self.all_mandatory), None),
            _ => (None, None),
        };
        let under = under.and_then(|k| self.also.get(k)).into_iter().flatten();
        let more = self.also.get(key).into_iter().flatten();
        first
            .into_iter()
            .chain(under)
            .chain(more)
            .map(String::as_str)
    }

    /// The effect forms indexed by their first word.
    pub fn effect_index(&self) -> &crate::effect_index::EffectIndex {
        self.effect_index
            .0
            .get_or_init(|| crate::effect_index::EffectIndex::new(self))
    }

    /// The words of the effect patterns and their near misses, made the
    /// first time they are asked for.
    pub fn effect_vocabulary(&self) -> &crate::effect_vocabulary::Vocabulary {
        self.effect_vocabulary
            .0
            .get_or_init(|| crate::effect_vocabulary::Vocabulary::new(&self.effects))
    }

    /// Which of destiny, story or wealth a points letter means.
    pub fn track(&self, letter: &str) -> Option<Track> {
        if letter.eq_ignore_ascii_case(&self.destiny) {
            Some(Track::Destiny)
        } else if letter.eq_ignore_ascii_case(&self.story) {
            Some(Track::Story)
        } else if letter.eq_ignore_ascii_case(&self.wealth) {
            Some(Track::Wealth)
        } else {
            None
        }
    }

    /// Whether a bound keyword (`max`, `máx.`, ...) means max (`Some(true)`)
    /// or min (`Some(false)`).
    pub fn bound_is_max(&self, word: &str) -> Option<bool> {
        let norm = |s: &str| {
            s.trim()
                .trim_end_matches(':')
                .trim()
                .trim_end_matches('.')
                .to_lowercase()
        };
        let word = norm(word);
        let eq = |k: &String| norm(k) == word;
        if self.max.iter().any(eq) {
            Some(true)
        } else if self.min.iter().any(eq) {
            Some(false)
        } else {
            None
        }
    }
}

/// What a points letter counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Track {
    Destiny,
    Story,
    Wealth,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_locale_loads_and_has_distinct_letters() {
        for id in Locale::built_in_ids() {
            let l = Locale::built_in(id).unwrap();
            assert_eq!(l.id, id);
            assert_ne!(l.destiny, l.story);
            assert_ne!(l.story, l.wealth);
            assert_ne!(l.destiny, l.wealth);
        }
    }

    /// build.rs writes each locale's YAML again as JSON; read either way,
    /// it is the same locale (a YAML scalar read as a number or a boolean
    /// in JSON would not be).
    #[test]
    fn built_in_json_reads_as_its_yaml() {
        let yaml = [
            include_str!("../content/locales/en.yaml"),
            include_str!("../content/locales/es.yaml"),
            include_str!("../content/locales/fr.yaml"),
        ];
        assert_eq!(BUILT_IN.len(), yaml.len());
        for ((id, _), yaml) in BUILT_IN.iter().zip(yaml) {
            let from_yaml: Locale = serde_saphyr::from_str(yaml).unwrap();
            assert_eq!(from_yaml.id, *id);
            assert_eq!(Locale::built_in(id), Some(from_yaml), "{id}");
        }
    }

    #[test]
    fn spanish_bound_keywords_accept_the_printed_spellings() {
        let es = Locale::built_in("es").unwrap();
        assert_eq!(es.bound_is_max("máx.:"), Some(true));
        assert_eq!(es.bound_is_max("máx."), Some(true));
        assert_eq!(es.bound_is_max("mín."), Some(false));
        assert_eq!(es.track("R"), Some(Track::Wealth));
        assert_eq!(es.track("S"), Some(Track::Destiny));
    }

    #[test]
    fn every_also_key_is_one_spellings_reads() {
        for l in Locale::all_built_in() {
            for key in l.also.keys() {
                assert!(
                    l.spellings(key).count() > l.also[key].len(),
                    "{}: {key}",
                    l.id
                );
            }
        }
        let es = Locale::built_in("es").unwrap();
        assert!(es.spellings("go-to").any(|s| s == "Pasa al párrafo"));
        assert!(es.spellings("go-to-item").any(|s| s == "Pasa al párrafo"));
        // An award item's own spellings are not searched for in prose.
        let en = Locale::built_in("en").unwrap();
        assert!(en.spellings("go-to-item").any(|s| s == "Turn to paragraph"));
        assert!(!en.spellings("go-to").any(|s| s == "Turn to paragraph"));
    }

    #[test]
    fn french_letters_and_bounds() {
        let fr = Locale::built_in("fr").unwrap();
        assert_eq!(fr.track("Fo"), Some(Track::Wealth));
        assert_eq!(fr.bound_is_max("Max :"), Some(true));
    }
}
