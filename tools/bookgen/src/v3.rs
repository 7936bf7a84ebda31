//! Version 3 (FORMAT.md sections 2b, 9.1 and 9.3): the board, the places
//! of power, and the paragraphs that use guarded options, go-to with a
//! section, `skills >= N` and `ANY N SKILLS`, conditional award items,
//! headings with qualifiers, and every effect form awards name in words.
//!
//! A bracketed heading note (`DETERMINED [mandatory], LUCK:`) is an error by
//! the spec, so a book that must check clean writes what the note means
//! (`DETERMINED (mandatory), LUCK:`, `SEDUCTION {opposite-sex}:`).

use super::{Here, Lang, Rng, matrix_name, wrap};
use std::fmt::Write as _;

/// The words of version 3 in one language. The effects come in the same
/// order in every language, so a translation makes the same picks.
pub struct V3Words {
    /// Places of power: id, name, and the name as an award writes it (with
    /// its article).
    pub(crate) places: [(&'static str, &'static str, &'static str); 4],
    /// A guarded choice: the prompt, the guarded option, the other two.
    choice: [&'static str; 4],
    /// `If you know many crafts` (a `{skills >= 3}` arm), `Otherwise`.
    if_skills: &'static str,
    /// `Read the {name} paragraph below`, `Go to paragraph {n} and read the
    /// {name} paragraph`, `ANY {n} SKILLS`.
    read_below: &'static str,
    read_section: &'static str,
    any_skills: &'static str,
    /// A place of power's paragraph: its intro and its two sections.
    place_text: [&'static str; 3],
    /// Every 9.3 form and the conditional items of 2b, with slots:
    /// `{space}`, `{place}`, `{row}`, `{matrix}`, `{terrain}`, `{skill}`,
    /// `{st1}` .. `{st3}` (statuses), `{wounded}` (its id), the letters
    /// `{d}`, `{s}`, `{w}` and the levels `{beggar}`, `{poor}`, `{rich}`.
    effects: [&'static str; EFFECTS],
}

const EFFECTS: usize = 51;

pub static EN: V3Words = V3Words {
    places: [
        ("city-of-brass", "City of Brass", "the City of Brass"),
        (
            "lodestone",
            "Mountain of the Lodestone",
            "the Mountain of the Lodestone",
        ),
        (
            "old-man-isle",
            "Isle of the Old Man",
            "the Isle of the Old Man",
        ),
        (
            "cave-of-treasures",
            "Cave of Treasures",
            "the Cave of Treasures",
        ),
    ],
    choice: [
        "A ferryman offers to take you across, for a price.",
        "If you pay his fee",
        "If you swim across",
        "If you turn back",
    ],
    if_skills: "If you know many crafts",
    read_below: "Read the {name} paragraph below",
    read_section: "Go to paragraph {n} and read the {name} paragraph",
    any_skills: "ANY {n} SKILLS",
    place_text: [
        "The gates stand open, and no guard asks your name; the silence inside is older than the city.",
        "You wander until nightfall, and leave with nothing but the memory of the light.",
        "You read the warning carved over the gate, and touch nothing that is not offered.",
    ],
    effects: [
        "Move to any coastal space",
        "Move two spaces",
        "Move up to 3 spaces",
        "Move exactly two spaces in any direction",
        "Have another player move you one space in any direction",
        "Move to {space} and have an immediate encounter",
        "Have another player place you in {place}",
        "Have an immediate encounter with a {row} Traveller (Matrix {matrix})",
        "Next turn, instead of drawing an encounter card, encounter a {row} Traveller (Matrix {matrix})",
        "Opportunity to enter {place}",
        "Opportunity to enter any Place of Power",
        "Place your Destination marker in {space}; when you arrive there, {s}1",
        "Lose one status of your choice",
        "You may lose any statuses of your choice",
        "Lose one skill of your choice",
        "Lose one Treasure of your choice",
        "Lose all Treasures",
        "Lose all levels of {skill}",
        "Lose {st1}, {st2} and {st3}",
        "Lose {st1} or {st2}",
        "You may lose {st1}",
        "Choice of {w}+1 (max {rich}) or {st2}",
        "Choice of skill",
        "Choice of any skill (1 use)",
        "Gain any one skill",
        "Gain one skill of your choice that you do not possess",
        "{skill} (1 use)",
        "{skill} at Master level (1 use)",
        "{skill} (Master level)",
        "{w}={beggar}, but gain D1 for each level lost",
        "Your Wealth becomes {poor}",
        "Reduce your Wealth to {poor}",
        "Roll one die: on a 1 or 2, {st1}",
        "Roll one die and gain that many Wealth levels (max {rich})",
        "Draw two Treasures; keep one, discard one",
        "Search through the Treasure deck and take any one Treasure",
        "Have an immediate second encounter with the same character, choosing a different reaction",
        "You may spend D1 and return to the Reaction Matrix, choosing a new reaction",
        "{st2} {!{wounded}}",
        "{st2} (if not {st1})",
        "{st2} (if you are male)",
        "{st2} (if you are female and not {st1})",
        "{st3} (if {st1})",
        "{st2} (if appropriate)",
        "{st2} if opposite gender or {st3} if same gender",
        "Move to any {terrain} space",
        "Move to any city",
        "Move to any island space",
        "Have another player move you to any land space",
        "Move to {place} and have an immediate encounter",
        "Have another player place your Destination marker on any city; when you arrive there, {d}1",
    ],
};

pub static ES: V3Words = V3Words {
    places: [
        ("city-of-brass", "Ciudad de Bronce", "la Ciudad de Bronce"),
        ("lodestone", "Montaña del Imán", "la Montaña del Imán"),
        ("old-man-isle", "Isla del Viejo", "la Isla del Viejo"),
        (
            "cave-of-treasures",
            "Cueva de los Tesoros",
            "la Cueva de los Tesoros",
        ),
    ],
    choice: [
        "Un barquero se ofrece a cruzarte, por un precio.",
        "Si le pagas lo que pide",
        "Si cruzas a nado",
        "Si te das la vuelta",
    ],
    if_skills: "Si sabes muchos oficios",
    read_below: "Lee la sección {name} de abajo",
    read_section: "Ve al párrafo {n} y lee la sección {name}",
    any_skills: "{n} HABILIDADES CUALESQUIERA",
    place_text: [
        "Las puertas están abiertas y ningún guardia te pregunta el nombre; el silencio de dentro es más viejo que la ciudad.",
        "Vagas hasta el anochecer, y te marchas sin más que el recuerdo de la luz.",
        "Lees la advertencia grabada sobre la puerta, y no tocas nada que no se te ofrezca.",
    ],
    effects: [
        "Muévete a cualquier casilla costera",
        "Mueve dos casillas",
        "Mueve hasta 3 casillas",
        "Mueve exactamente dos casillas en cualquier dirección",
        "Haz que otro jugador te mueva una casilla en cualquier dirección",
        "Muévete a {space} y ten un encuentro inmediato",
        "Haz que otro jugador te coloque en {place}",
        "Ten un encuentro inmediato con un viajero {row} (matriz {matrix})",
        "En tu próximo turno, en vez de robar una carta de encuentro, encuéntrate con un viajero {row} (matriz de reacción {matrix})",
        "Oportunidad de entrar en {place}",
        "Oportunidad de entrar en cualquier lugar de poder",
        "Coloca tu ficha de destino en {space}; cuando llegues allí, {s}1",
        "Pierde un estado a tu elección",
        "Puedes perder los estados que elijas",
        "Pierde una habilidad a tu elección",
        "Pierde un Tesoro a tu elección",
        "Pierde todos los Tesoros",
        "Pierde todos los niveles de {skill}",
        "Pierde {st1}, {st2} y {st3}",
        "Pierde {st1} o {st2}",
        "Puedes perder {st1}",
        "A elegir entre {w}+1 (máx.: {rich}) o {st2}",
        "A elegir entre cualquier habilidad",
        "A elegir entre cualquier habilidad (1 uso)",
        "Gana una habilidad cualquiera",
        "Gana una habilidad a tu elección que no poseas",
        "{skill} (1 uso)",
        "{skill} a nivel de maestro (1 uso)",
        "{skill} (nivel de maestro)",
        "{w}={beggar}, pero gana S1 por cada nivel perdido",
        "Tu Riqueza pasa a ser {poor}",
        "Reduce tu Riqueza a {poor}",
        "Tira un dado: con un 1 o 2, {st1}",
        "Tira un dado y gana tantos niveles de Riqueza como indique (máx.: {rich})",
        "Roba dos Tesoros; quédate uno y descarta el otro",
        "Busca en el mazo de Tesoros y toma el Tesoro que quieras",
        "Ten un segundo encuentro inmediato con el mismo personaje, eligiendo una reacción distinta",
        "Puedes gastar S1 y volver a la matriz de reacción para elegir una reacción nueva",
        "{st2} {!{wounded}}",
        "{st2} (si no {st1})",
        "{st2} (si eres hombre)",
        "{st2} (si eres mujer y no {st1})",
        "{st3} (si {st1})",
        "{st2} (si procede)",
        "{st2} si es del sexo opuesto o {st3} si es del mismo sexo",
        "Muévete a cualquier casilla de {terrain}",
        "Muévete a cualquier ciudad",
        "Muévete a cualquier casilla de isla",
        "Haz que otro jugador te mueva a cualquier casilla de tierra",
        "Muévete a {place} y ten un encuentro inmediato",
        "Haz que otro jugador coloque tu ficha de destino en cualquier ciudad; cuando llegues allí, {d}1",
    ],
};

/// The board's terrains (ids, as book.yaml writes them in every language).
pub const TERRAINS: [&str; 5] = ["sea", "desert", "city", "mountain", "forest"];

/// `board.yaml`: spaces of every terrain, land and sea routes joining them
/// all, an island, and the places of power with their exits.
pub fn board(v: &V3Words) -> String {
    let mut b = String::from(
        "spaces:\n  Bantu:      {terrain: city, region: Arabia}\n  Basra:      {terrain: city, region: Arabia}\n  Nafud:      {terrain: desert, number: 2, region: Arabia}\n  Hadramawt:  {terrain: mountain, number: 1, region: Arabia}\n  Gulf:       {terrain: sea, number: 1, region: Arabia}\n  Zanj:       {terrain: city, region: Africa}\n  Kaffa:      {terrain: forest, number: 3, region: Africa}\n  Erythraean: {terrain: sea, number: 2, region: Africa}\n  Qalat:      {terrain: city, region: India, island: true}\n  Sarandib:   {terrain: city, region: India, island: true}\n",
    );
    let exits = ["Bantu", "Nafud", "Qalat", "Zanj"];
    for ((id, name, _), exit) in v.places.iter().zip(exits) {
        let _ = writeln!(b, "  {name}: {{place: {id}, exit: {exit}}}");
    }
    b.push_str("routes:\n  land: [[Bantu, Basra], [Basra, Nafud], [Nafud, Hadramawt], [Zanj, Kaffa]]\n  sea:  [[Basra, Gulf], [Gulf, Qalat], [Gulf, Erythraean], [Erythraean, Zanj], [Erythraean, Sarandib], [Qalat, Sarandib]]\n");
    b
}

/// book.yaml's `world:` of a version 3 book: the terrains and the places
/// of power (the spaces are the board's), the first at paragraph `first`.
pub fn world(v: &V3Words, first: u32) -> String {
    let mut w = format!("world:\n  terrains: [{}]\n  places:\n", TERRAINS.join(", "));
    let exits = ["Bantu", "Nafud", "Qalat", "Zanj"];
    for (i, ((id, name, _), exit)) in v.places.iter().zip(exits).enumerate() {
        let n = first + u32::try_from(i).expect("fits");
        let _ = writeln!(
            w,
            "    {id}: {{name: {name}, paragraph: {n}, exit: {exit}}}"
        );
    }
    w
}

/// The places of power's paragraphs, from `first`: each has NO SKILL and
/// the section go-to items name.
pub fn places(l: &Lang, first: u32) -> String {
    let v = l.v3;
    let [d, s, _] = l.letters;
    let mut t = String::new();
    for i in 0..v.places.len() {
        let n = first + u32::try_from(i).expect("fits");
        let _ = writeln!(t, "-{n}-");
        wrap(&mut t, v.place_text[0]);
        wrap(
            &mut t,
            &format!("\n{}: {} [{s}2]\n", l.no_skill, v.place_text[1]),
        );
        wrap(
            &mut t,
            &format!("{}: {} [{d}1 / {s}2]\n", section(l), v.place_text[2]),
        );
    }
    t
}

/// The section go-to items name: Wisdom's heading.
fn section(l: &Lang) -> String {
    l.skills[3].1.to_uppercase()
}

/// The version 3 shapes, `shape` in 0..4.
pub fn paragraph(t: &mut String, here: &Here, shape: u64, intro: &str, rng: &mut Rng, l: &Lang) {
    match shape {
        0 => guarded(t, here, intro, rng, l),
        1 => sections(t, here, intro, rng, l),
        2 => skills(t, here, intro, rng, l),
        _ => effects(t, here, intro, rng, l),
    }
}

/// The next effect of the list, its slots filled with names this book has.
fn effect(here: &Here, rng: &mut Rng, l: &Lang) -> String {
    let v = l.v3;
    let e = v.effects[(rng.next() % EFFECTS as u64) as usize];
    if !e.contains('{') {
        return e.to_owned();
    }
    let [d, s, w] = l.letters;
    let row = here.n as usize % here.rows.max(1);
    let space = ["Basra", "Nafud", "Hadramawt", "Kaffa", "Zanj", "Sarandib"];
    let space = space[here.n as usize % space.len()];
    let place = v.places[here.n as usize % v.places.len()].2;
    let terrain = ["desert", "mountain", "forest", "sea"][here.n as usize % 4];
    let skill = l.skills[here.n as usize % l.skills.len()].1;
    let st = |k: usize| l.statuses[k].1;
    e.replace("{space}", space)
        .replace("{place}", place)
        .replace("{row}", l.rows[row % super::ROWS_PER_MATRIX])
        .replace("{matrix}", &matrix_name(row / super::ROWS_PER_MATRIX))
        .replace("{terrain}", terrain)
        .replace("{skill}", skill)
        .replace("{st1}", st(0))
        .replace("{st2}", st(1))
        .replace("{st3}", st(2))
        .replace("{wounded}", l.statuses[0].0)
        .replace("{d}", d)
        .replace("{s}", s)
        .replace("{w}", w)
        .replace("{beggar}", l.wealth[0])
        .replace("{poor}", l.wealth[1])
        .replace("{rich}", l.wealth[2])
}

/// A choice whose first option is guarded by wealth, effects in its arms.
fn guarded(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, w] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b, c) = (rng.pick(o), rng.pick(o), rng.pick(o));
    let [prompt, pay, swim, back] = l.v3.choice;
    let poor = l.wealth[1].to_lowercase();
    wrap(t, &format!("{intro} {prompt}"));
    wrap(
        t,
        &format!(
            "> {pay} {{wealth >= {poor}}}: {a} [{s}1 / {w}-1 ({} {}) / {}]",
            l.min,
            l.wealth[0],
            effect(here, rng, l)
        ),
    );
    wrap(
        t,
        &format!("> {swim}: {b} [{d}1 / {}]", effect(here, rng, l)),
    );
    wrap(t, &format!("> {back}: {c} [{}]", effect(here, rng, l)));
}

/// NO SKILL reads the Wisdom section below; Wisdom goes to a place of
/// power's Wisdom section; ANY 3 SKILLS gives conditional items.
fn sections(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, _] = l.letters;
    let v = l.v3;
    let o = &l.v2.outcomes;
    let (a, b, c) = (rng.pick(o), rng.pick(o), rng.pick(o));
    let name = section(l);
    let below = v.read_below.replace("{name}", &name);
    let place = here.places + u32::try_from(here.n as usize % v.places.len()).expect("fits");
    let go = v
        .read_section
        .replace("{n}", &place.to_string())
        .replace("{name}", &name);
    wrap(t, intro);
    wrap(t, &format!("\n{}: {a} [{s}1 / {below}]\n", l.no_skill));
    wrap(t, &format!("{name}: {b} [{d}1 / {go}]\n"));
    let any = v.any_skills.replace("{n}", "3");
    wrap(
        t,
        &format!("{any}: {c} [{d}1 / {s}1 / {}]", effect(here, rng, l)),
    );
}

/// A condition on the number of skills, and headings with qualifiers: a
/// `(mandatory)` name in a list and an `{opposite-sex}` skill.
fn skills(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, _] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b, c) = (rng.pick(o), rng.pick(o), rng.pick(o));
    wrap(t, intro);
    wrap(
        t,
        &format!(
            "> {{skills >= 3}} {}: {a} [{d}1 / {}]",
            l.v3.if_skills,
            effect(here, rng, l)
        ),
    );
    wrap(t, &format!("> {{else}} {}: {}", l.v2.otherwise, l.knows));
    wrap(t, &format!(">> {}: {b} [{s}1]", l.no_skill));
    let (first, second) = (l.skills[7].1, l.skills[4].1);
    wrap(
        t,
        &format!(
            ">> {} ({}), {} {{opposite-sex}}: {c} [{d}1 / {s}1 / {}]",
            first.to_uppercase(),
            l.mandatory,
            second.to_uppercase(),
            effect(here, rng, l)
        ),
    );
}

/// Sections whose awards are effects in words, beside points.
fn effects(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, _] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b) = (rng.pick(o), rng.pick(o));
    let (_, skill) = rng.pick(&l.skills);
    wrap(t, intro);
    wrap(
        t,
        &format!("\n{}: {a} [{s}1 / {}]\n", l.no_skill, effect(here, rng, l)),
    );
    wrap(
        t,
        &format!(
            "{}: {b} [{d}1 / {} / {}]",
            skill.to_uppercase(),
            effect(here, rng, l),
            effect(here, rng, l)
        ),
    );
}
