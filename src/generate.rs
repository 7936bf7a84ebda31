//! A generator of large defect-free books in the spec format, for
//! benchmarks (`tales generate`, a hidden dev subcommand).
//!
//! Layout: result paragraphs come in triples around each matrix cell (a
//! cell N uses N-1, N and N+1); eight reactions a row; each chart names
//! twelve rows; each character card carries three charts. Every paragraph is
//! reachable and every name resolves, so `tales check` must find nothing.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

/// The words of a generated book in one language. Both languages make the
/// same random choices, so an `es` book generated beside an `en` one is its
/// translation, paragraph for paragraph.
pub struct Lang {
    locale: &'static str,
    reactions: [&'static str; 8],
    skills: [(&'static str, &'static str); 8],
    statuses: [(&'static str, &'static str); 4],
    treasure: &'static str,
    wealth: [&'static str; 4],
    rows: [&'static str; 12],
    openings: [&'static str; 6],
    middles: [&'static str; 4],
    /// destiny, story, wealth letters; max and min words as printed.
    letters: [&'static str; 3],
    max: &'static str,
    min: &'static str,
    no_skill: &'static str,
    lose: &'static str,
    /// Templates: the skill section, the choice prompt and branches, the
    /// roll prompt, the bands.
    knows: &'static str,
    choice: [&'static str; 3],
    roll: &'static str,
    bands: [&'static str; 2],
    traveller: &'static str,
}

pub static EN: Lang = Lang {
    locale: "en",
    reactions: [
        "Aid", "Rob", "Avoid", "Court", "Pray", "Wait", "Attack", "Question",
    ],
    skills: [
        ("piety", "Piety"),
        ("seamanship", "Seamanship"),
        ("storytelling", "Storytelling"),
        ("wisdom", "Wisdom"),
        ("courtly-graces", "Courtly Graces"),
        ("quick-thinking", "Quick Thinking"),
        ("weapon-use", "Weapon Use"),
        ("luck", "Luck"),
    ],
    statuses: [
        ("wounded", "Wounded"),
        ("respected", "Respected"),
        ("blessed", "Blessed"),
        ("scorned", "Scorned"),
    ],
    treasure: "Ebony Horse",
    wealth: ["Beggar", "Poor", "Rich", "Fabulous"],
    rows: [
        "Lost", "Wicked", "Friendly", "Terrible", "Wise", "Hungry", "Proud", "Weeping", "Mad",
        "Generous", "Cunning", "Sleeping",
    ],
    openings: [
        "The caravan halts at a well where a stranger in a blue cloak waits for you, his hands folded and his eyes on the dunes.",
        "A storm of red dust rolls over the road, and when it passes you find a tent that was not there before, its flap open.",
        "In the bazaar a seller of lamps calls you by a name your mother used, and swears he has kept a lamp for you for years.",
        "The river boat runs aground on a bar of silver sand; the boatman will not say how long the water takes to rise again.",
        "Under the arches of a ruined palace an old woman feeds the pigeons and asks whether you have come about the prince.",
        "At the edge of the oasis a girl with ink-stained fingers begs you to carry a letter to a city you have never heard of.",
    ],
    middles: [
        "You listen, and the story that follows is long, winding and full of cousins, but at its heart is a debt never paid.",
        "Night falls quickly in this country, and by the light of the fire every face looks older and every promise easier.",
        "Somewhere a drum beats slowly, as if counting the steps of someone who walks toward you without ever arriving.",
        "The air smells of cardamom and rain; a caged bird sings three notes and falls silent when you look at it.",
    ],
    letters: ["D", "S", "W"],
    max: "max",
    min: "min",
    no_skill: "NO SKILL",
    lose: "Lose",
    knows: "You know what to do, and do it well.",
    choice: [
        "You may help or walk on:",
        "If you help",
        "If you walk on: The road is long and empty.",
    ],
    roll: "Roll one die, adding one for",
    bands: [
        "You fail, and the tale ends badly.",
        "You succeed beyond hope.",
    ],
    traveller: "A {{{}}} Traveller ({})",
};

pub static ES: Lang = Lang {
    locale: "es",
    reactions: [
        "Ayudar",
        "Robar",
        "Evitar",
        "Cortejar",
        "Rezar",
        "Esperar",
        "Atacar",
        "Preguntar",
    ],
    skills: [
        ("piety", "Piedad"),
        ("seamanship", "Marinería"),
        ("storytelling", "Narración"),
        ("wisdom", "Sabiduría"),
        ("courtly-graces", "Cortesía"),
        ("quick-thinking", "Perspicacia"),
        ("weapon-use", "Empleo de armas"),
        ("luck", "Suerte"),
    ],
    statuses: [
        ("wounded", "Herido"),
        ("respected", "Respetado"),
        ("blessed", "Bendito"),
        ("scorned", "Despreciado"),
    ],
    treasure: "Caballo de ébano",
    wealth: ["Mendigo", "Pobre", "Rico", "Fabuloso"],
    rows: [
        "Perdido",
        "Malvado",
        "Amistoso",
        "Terrible",
        "Sabio",
        "Hambriento",
        "Orgulloso",
        "Lloroso",
        "Loco",
        "Generoso",
        "Astuto",
        "Dormido",
    ],
    openings: [
        "La caravana se detiene junto a un pozo donde te espera un desconocido con capa azul, las manos cruzadas y la vista en las dunas.",
        "Una tormenta de polvo rojo cruza el camino, y cuando pasa encuentras una tienda que antes no estaba, con la puerta abierta.",
        "En el bazar un vendedor de lámparas te llama por un nombre que usaba tu madre, y jura que lleva años guardándote una lámpara.",
        "La barca del río encalla en un banco de arena plateada; el barquero no quiere decir cuánto tardará en subir el agua.",
        "Bajo los arcos de un palacio en ruinas una anciana da de comer a las palomas y te pregunta si vienes por lo del príncipe.",
        "A la orilla del oasis una muchacha con los dedos manchados de tinta te ruega que lleves una carta a una ciudad desconocida.",
    ],
    middles: [
        "Escuchas, y la historia que sigue es larga, sinuosa y llena de primos, pero en su centro hay una deuda que nunca se pagó.",
        "En este país la noche cae deprisa, y a la luz del fuego todos los rostros parecen más viejos y todas las promesas más fáciles.",
        "En algún lugar suena despacio un tambor, como si contara los pasos de alguien que camina hacia ti sin llegar nunca.",
        "El aire huele a cardamomo y a lluvia; un pájaro enjaulado canta tres notas y calla cuando lo miras.",
    ],
    letters: ["S", "H", "R"],
    max: "máx.:",
    min: "mín.:",
    no_skill: "SIN HABILIDAD",
    lose: "Pierde",
    knows: "Sabes qué hacer, y lo haces bien.",
    choice: [
        "Puedes ayudar o seguir tu camino:",
        "Si ayudas",
        "Si sigues tu camino: El camino es largo y vacío.",
    ],
    roll: "Tira un dado y suma uno por",
    bands: [
        "Fracasas, y la historia acaba mal.",
        "Triunfas más allá de toda esperanza.",
    ],
    traveller: "Un viajero {{{}}} ({})",
};

/// What was written.
pub struct Stats {
    pub paragraphs: u32,
    pub files: u32,
    pub bytes: u64,
}

/// A tiny deterministic generator (xorshift), so books are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}

fn matrix_name(i: usize) -> String {
    let mut n = i;
    let mut s = String::new();
    loop {
        s.insert(0, char::from(b'A' + (n % 26) as u8));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    s
}

/// Rows per matrix.
const ROWS_PER_MATRIX: usize = 12;

/// Write a book of about `paragraphs` result paragraphs in `lang` to `out`;
/// with `translation_of`, its `book.yaml` names that folder as its source.
pub fn write_book(
    out: &Path,
    paragraphs: u32,
    per_file: u32,
    lang: &Lang,
    translation_of: Option<&str>,
) -> io::Result<Stats> {
    let l = lang;
    let reactions = l.reactions.len();
    let cells = (paragraphs / 3).max(1) as usize;
    let rows = cells.div_ceil(reactions);
    let charts = rows.div_ceil(12);
    let matrices = rows.div_ceil(ROWS_PER_MATRIX);
    let first_result = u32::try_from(charts).expect("fits") + 1;
    let results = u32::try_from(rows * reactions * 3).expect("fits");
    fs::create_dir_all(out.join("tales"))?;
    let mut bytes = 0u64;
    let mut write = |name: &str, text: &str| -> io::Result<()> {
        bytes += text.len() as u64;
        fs::write(out.join(name), text)
    };

    let [beggar, poor, rich, fabulous] = l.wealth;
    let source = translation_of
        .map(|t| format!("translation-of: {t}\n"))
        .unwrap_or_default();
    write(
        "book.yaml",
        &format!(
            "title: Generated Book\nlocale: {}\n{source}rules:\n  start: Bantu\n  wealth:\n    - {{name: {beggar}, land: 3, sea: 2}}\n    - {{name: {poor}, land: 3, sea: 2, start: true}}\n    - {{name: {rich}, land: 3, sea: 4}}\n    - {{name: {fabulous}, land: 4, sea: 6, needs-treasure: true}}\nworld:\n  terrains: [sea, desert, city]\n  places: {{}}\n  spaces:\n    - {{name: Bantu, terrain: city}}\n",
            l.locale
        ),
    )?;
    let mut g = String::from("skills:\n");
    for (id, name) in l.skills {
        let _ = writeln!(g, "  {id}: {name}");
    }
    g.push_str("statuses:\n");
    for (id, name) in l.statuses {
        let _ = writeln!(g, "  {id}: {name}");
    }
    let _ = writeln!(
        g,
        "treasures:\n  ebony-horse: {{name: {}, sell: {rich}}}",
        l.treasure
    );
    write("glossary.yaml", &g)?;

    // Matrices: cell numbers in order, each the middle of a triple.
    let mut m = String::new();
    for mi in 0..matrices {
        let _ = writeln!(
            m,
            "{}:\n  reactions: [{}]\n  rows:",
            matrix_name(mi),
            l.reactions.join(", ")
        );
        for (ri, name) in l.rows.iter().enumerate().take(ROWS_PER_MATRIX) {
            let row = mi * ROWS_PER_MATRIX + ri;
            if row >= rows {
                break;
            }
            let cells: Vec<String> = (0..reactions)
                .map(|c| {
                    (first_result + 1 + 3 * u32::try_from(row * reactions + c).expect("fits"))
                        .to_string()
                })
                .collect();
            let _ = writeln!(m, "    {name}: [{}]", cells.join(", "));
        }
    }
    write("matrices.yaml", &m)?;

    // Cards: one character card per three charts.
    let [d, st, w] = l.letters;
    let mut cards = String::from("character:\n");
    for c in 0..charts.div_ceil(3) {
        let chart = |k: usize| (c * 3 + k).min(charts - 1) + 1;
        let _ = writeln!(
            cards,
            "  - name: Traveller {c}\n    morning: {}\n    noon: {}\n    night: {}",
            chart(0),
            chart(1),
            chart(2)
        );
    }
    cards.push_str("terrain: []\ncity:\n  - city: Bantu\n    paragraph: ");
    let _ = writeln!(
        cards,
        "{first_result}\n    results:\n      1: \"{st}1\"\n      2: \"{w}+1 ({} {rich})\"\n      3: \"{d}1\"\n      4: \"{} {}\"\n      5: \"{d}1\"\n      6: \"{}\"",
        l.max, l.lose, l.statuses[0].1, l.skills[0].1
    );
    write("cards.yaml", &cards)?;

    let mut t = String::new();
    for c in 0..charts {
        let _ = writeln!(t, "-{}- chart", c + 1);
        for e in 0..12 {
            let row = (c * 12 + e).min(rows - 1);
            let entry = l
                .traveller
                .replacen(
                    "{{{}}}",
                    &format!("{{{}}}", l.rows[row % ROWS_PER_MATRIX]),
                    1,
                )
                .replacen(
                    "({})",
                    &format!("({})", matrix_name(row / ROWS_PER_MATRIX)),
                    1,
                );
            let _ = writeln!(t, "{:2} {entry}", e + 1);
        }
        t.push('\n');
    }
    write("tales/charts.tales", &t)?;

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut files = 0;
    let mut n = first_result;
    let last = first_result + results - 1;
    while n <= last {
        let mut t = String::with_capacity(per_file as usize * 480);
        let end = (n + per_file - 1).min(last);
        for p in n..=end {
            paragraph(&mut t, p, &mut rng, l);
        }
        write(&format!("tales/part-{files:05}.tales"), &t)?;
        files += 1;
        n = end + 1;
    }
    Ok(Stats {
        paragraphs: results + u32::try_from(charts).expect("fits"),
        files: files + 1,
        bytes,
    })
}

fn paragraph(t: &mut String, n: u32, rng: &mut Rng, l: &Lang) {
    let [d, s, w] = l.letters;
    let (beggar, rich) = (l.wealth[0], l.wealth[2]);
    let _ = writeln!(t, "-{n}-");
    t.push_str(rng.pick(&l.openings));
    t.push('\n');
    t.push_str(rng.pick(&l.middles));
    t.push('\n');
    let (skill_id, skill) = rng.pick(&l.skills);
    let (_, status) = rng.pick(&l.statuses);
    match rng.next() % 4 {
        0 => {
            t.push_str(rng.pick(&l.middles));
            let _ = writeln!(t, " [{d}1 / {s}{} / {status}]\n", rng.next() % 3 + 1);
        }
        1 => {
            let _ = writeln!(
                t,
                "\n{}: {} [{s}1 / {w}-1 ({} {beggar})]\n",
                l.no_skill,
                rng.pick(&l.middles),
                l.min
            );
            let _ = writeln!(
                t,
                "{}: {} [{d}1 / {s}2 / {w}+1 ({} {rich}) / {status}]\n",
                skill.to_uppercase(),
                l.knows,
                l.max
            );
        }
        2 => {
            let [prompt, help, walk] = l.choice;
            let _ = writeln!(
                t,
                "{prompt}\n> {help}: {} [{s}1 / {skill}]",
                rng.pick(&l.middles)
            );
            let _ = writeln!(t, "> {walk} [{d}-1]\n");
        }
        _ => {
            let _ = writeln!(
                t,
                "{} {} {skill}: {{1d6 + {skill_id}}}",
                rng.pick(&l.middles),
                l.roll
            );
            let wounded = l.statuses[0].1;
            let _ = writeln!(t, "> 1-3: {} [{s}1 / {} {wounded}]", l.bands[0], l.lose);
            let _ = writeln!(t, "> 4+: {} [{d}1 / {s}1 / {status}]\n", l.bands[1]);
        }
    }
}
