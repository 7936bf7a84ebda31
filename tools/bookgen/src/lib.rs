//! A generator of large defect-free books in the spec format, for
//! benchmarks and tests (`bookgen`, a dev tool outside the product).
//!
//! A version 2 book (the default) has what a printed Book of Tales has:
//! blocks nested three deep in a tenth of the paragraphs, sections headed
//! FEMALE, MALE, ANY TREASURE and WEALTH, conditions on wealth, gender,
//! points and treasure, roll specs with weighted and subtracted terms, en
//! dash bands, the minus sign, `(Max: Rich)` bounds, `Go to paragraph N`,
//! free-text effects, and long prose wrapped as a transcription wraps it.
//! A version 1 book of the same size has the same prose and the same
//! number of awards, in version 1's shapes: the two cost the same to read
//! but for what version 2 adds.
//!
//! Layout: result paragraphs come in triples around each matrix cell (a
//! cell N uses N-1, N and N+1); eight reactions a row; each chart names
//! twelve rows; each character card carries three charts. Every paragraph is
//! reachable and every name resolves, so `tales check` must find nothing.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

mod from_book;
mod v3;
pub use v3::TERRAINS;

pub use from_book::write as write_from_book;

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
    /// More prose: sentences that end a paragraph's intro.
    endings: [&'static str; 6],
    /// Version 2's words: the go-to phrase, the wealth label and its
    /// comparisons, ANY TREASURE, FEMALE and MALE, `(mandatory)`, the Master
    /// suffix, a printed bound keyword.
    go_to: &'static str,
    wealth_label: &'static str,
    or_greater: &'static str,
    or_less: &'static str,
    any_treasure: &'static str,
    female: &'static str,
    male: &'static str,
    mandatory: &'static str,
    master_suffix: &'static str,
    printed_max: &'static str,
    /// Labels and outcomes of version 2's blocks.
    v2: V2Words,
    /// Free-text effects, as printed.
    free: [&'static str; 3],
    /// Version 3's words.
    v3: &'static v3::V3Words,
}

/// The words of version 2's nested blocks in one language.
pub struct V2Words {
    /// A condition's arms: rich, treasure, otherwise.
    if_rich: &'static str,
    if_treasure: &'static str,
    if_points: &'static str,
    if_female: &'static str,
    otherwise: &'static str,
    /// A choice nested in an arm, its two options.
    stay: &'static str,
    leave: &'static str,
    /// Outcomes.
    outcomes: [&'static str; 8],
    /// A roll with terms, prompted.
    roll_terms: &'static str,
    sex_changed: &'static str,
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
    endings: [
        "What you do next will be told in the bazaars for a season, and argued over for longer.",
        "The others fall silent and watch you, as if your answer were a coin about to be spent.",
        "Far off a muezzin calls, and the shadows of the palms lie across the road like a ladder.",
        "It is the kind of moment your grandmother warned you about, and also the kind she envied.",
        "Nobody here will remember your name tomorrow, unless you give them a reason to keep it.",
        "A dog barks twice at nothing, and somewhere a door that has been shut for years swings open.",
    ],
    go_to: "Go to paragraph",
    wealth_label: "WEALTH",
    or_greater: "or greater",
    or_less: "or less",
    any_treasure: "ANY TREASURE",
    female: "FEMALE",
    male: "MALE",
    mandatory: "mandatory",
    master_suffix: "at Master level",
    printed_max: "Max:",
    v2: V2Words {
        if_rich: "If your wealth is Rich or greater",
        if_treasure: "If you have a treasure",
        if_points: "If you have D5+ or S5+",
        if_female: "If you are a woman",
        otherwise: "Otherwise",
        stay: "If you stay the night",
        leave: "If you leave at once",
        outcomes: [
            "The host is pleased, and sends you off with bread, dates and a blessing on your road.",
            "A servant slips you a folded note; by morning you have lost it, and the chance with it.",
            "You are given a seat of honour and a cup of cold sherbet, and asked to tell your own tale.",
            "The door closes behind you softly, and you never learn what lay on the other side of it.",
            "Your answer pleases no one, but it is remembered, which in this city is nearly the same.",
            "The old man laughs until he coughs, then presses a copper ring into your palm for luck.",
            "Thieves follow you for a while, then lose interest when a patrol of the watch rides by.",
            "You wake at dawn with sand in your boots and no memory of the last hour of the night.",
        ],
        roll_terms: "Roll two dice, adding two if you have Quick Thinking and one for Luck, and subtract one if you are Wounded:",
        sex_changed: "Sex-Changed",
    },
    free: [
        "Lose a treasure of your choice",
        "Move to any coastal space",
        "Lose one turn",
    ],
    v3: &v3::EN,
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
    endings: [
        "Lo que hagas después se contará en los bazares durante una estación, y se discutirá más tiempo.",
        "Los demás callan y te miran, como si tu respuesta fuera una moneda a punto de gastarse.",
        "A lo lejos llama un almuédano, y las sombras de las palmeras cruzan el camino como una escalera.",
        "Es la clase de momento del que te advirtió tu abuela, y también la clase que ella envidiaba.",
        "Nadie aquí recordará tu nombre mañana, a menos que le des una razón para guardarlo.",
        "Un perro ladra dos veces a nada, y en algún sitio se abre una puerta cerrada desde hace años.",
    ],
    go_to: "Ve al párrafo",
    wealth_label: "RIQUEZA",
    or_greater: "o más",
    or_less: "o menos",
    any_treasure: "CUALQUIER TESORO",
    female: "MUJER",
    male: "HOMBRE",
    mandatory: "obligatorio",
    master_suffix: "a nivel de maestro",
    printed_max: "máx.:",
    v2: V2Words {
        if_rich: "Si tu riqueza es Rico o más",
        if_treasure: "Si tienes un tesoro",
        if_points: "Si tienes S5+ o H5+",
        if_female: "Si eres mujer",
        otherwise: "Si no",
        stay: "Si pasas la noche",
        leave: "Si te marchas enseguida",
        outcomes: [
            "El anfitrión queda contento y te despide con pan, dátiles y una bendición para el camino.",
            "Un criado te desliza una nota doblada; por la mañana la has perdido, y la ocasión con ella.",
            "Te dan un asiento de honor y una copa de sorbete frío, y te piden que cuentes tu historia.",
            "La puerta se cierra suavemente a tu espalda, y nunca sabrás qué había al otro lado.",
            "Tu respuesta no agrada a nadie, pero se recuerda, que en esta ciudad es casi lo mismo.",
            "El anciano ríe hasta toser, y luego te pone en la palma un anillo de cobre para la suerte.",
            "Unos ladrones te siguen un rato, y se cansan cuando pasa a caballo una patrulla de la guardia.",
            "Despiertas al alba con arena en las botas y sin recuerdo de la última hora de la noche.",
        ],
        roll_terms: "Tira dos dados, suma dos si tienes Perspicacia y uno por Suerte, y resta uno si estás Herido:",
        sex_changed: "Sexo cambiado",
    },
    free: [
        "Pierde un tesoro a tu elección",
        "Muévete a cualquier casilla de costa",
        "Pierde un turno",
    ],
    v3: &v3::ES,
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

/// No blank line at the end of a file (the canonical form of `tales fmt`).
fn end_with_one_newline(t: &mut String) {
    t.truncate(t.trim_end().len());
    t.push('\n');
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
    write_book_in(out, paragraphs, per_file, lang, translation_of, Format::V2)
}

/// [`write_book`] in a given version of the format.
pub fn write_book_in(
    out: &Path,
    paragraphs: u32,
    per_file: u32,
    lang: &Lang,
    translation_of: Option<&str>,
    format: Format,
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
    let mut source = translation_of
        .map(|t| format!("translation-of: {t}\n"))
        .unwrap_or_default();
    if format != Format::V1 {
        // Where `rules:` starts: the reactions only opposite sexes may choose.
        source.push_str("rules:\n  opposite-sex-reactions: [");
        source.push_str(l.reactions[3]);
        source.push(']');
    } else {
        source.push_str("rules:");
    }
    let last = first_result + results - 1;
    // Version 3: the places of power's paragraphs follow the results, and
    // the spaces are the board's.
    let world = if format == Format::V3 {
        write("board.yaml", &v3::board(l.v3))?;
        v3::world(l.v3, last + 1)
    } else {
        "world:\n  terrains: [sea, desert, city]\n  places: {}\n  spaces:\n    - {name: Bantu, terrain: city}\n".to_owned()
    };
    write(
        "book.yaml",
        &format!(
            "title: Generated Book\nlocale: {}\n{source}\n  start: Bantu\n  wealth:\n    - {{name: {beggar}, land: 3, sea: 2}}\n    - {{name: {poor}, land: 3, sea: 2, start: true}}\n    - {{name: {rich}, land: 3, sea: 4}}\n    - {{name: {fabulous}, land: 4, sea: 6, needs-treasure: true}}\n{world}",
            l.locale
        ),
    )?;
    let mut g = String::from("skills:\n");
    for (id, name) in l.skills {
        let _ = writeln!(g, "  {id}: {name}");
    }
    g.push_str("statuses:\n");
    for (k, (id, name)) in l.statuses.iter().enumerate() {
        if k == 0 && format == Format::V3 {
            // Version 3: the first status's turns are encounters with the
            // last row, which no chart and no effect names (a matrix row
            // only a status enters).
            let last = rows - 1;
            let _ = writeln!(
                g,
                "  {id}: {{name: {name}, encounters: \"@{}:{}\"}}",
                matrix_name(last / ROWS_PER_MATRIX),
                l.rows[last % ROWS_PER_MATRIX]
            );
        } else {
            let _ = writeln!(g, "  {id}: {name}");
        }
    }
    if format != Format::V1 {
        let _ = writeln!(
            g,
            "  sex-changed: {{name: {}, flips-gender: true}}",
            l.v2.sex_changed
        );
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
            // The `[` of every row in one column, as `tales fmt` lays it out.
            let here = ROWS_PER_MATRIX.min(rows - mi * ROWS_PER_MATRIX);
            let width = l.rows[..here]
                .iter()
                .map(|r| r.chars().count())
                .max()
                .unwrap_or(0);
            let pad = " ".repeat(width - name.chars().count() + 1);
            let _ = writeln!(m, "    {name}:{pad}[{}]", cells.join(", "));
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
    if format == Format::V3 {
        // A second city card, on a city space of the board.
        let _ = writeln!(
            cards,
            "  - city: Basra\n    paragraph: {}\n    results:\n      1: \"{st}1\"\n      2: \"{d}1\"\n      3: \"{st}2\"\n      4: \"{}\"\n      5: \"{d}1\"\n      6: \"{st}1\"",
            first_result + 2,
            l.skills[1].1
        );
    }
    write("cards.yaml", &cards)?;

    let mut t = String::new();
    for c in 0..charts {
        let _ = writeln!(t, "-{}- chart", c + 1);
        for e in 0..12 {
            // Version 3 keeps the last row for the first status.
            let charted = if format == Format::V3 { rows - 1 } else { rows };
            let row = (c * 12 + e).min(charted.max(1) - 1);
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
            // Version 2: some entries say the gender of the one met.
            let entry = match (format != Format::V1, e % 4) {
                (true, 1) => entry.replacen(')', ", female)", 1),
                (true, 3) => entry.replacen(')', ", male)", 1),
                _ => entry,
            };
            let _ = writeln!(t, "{:2} {entry}", e + 1);
        }
        t.push('\n');
    }
    end_with_one_newline(&mut t);
    write("tales/charts.tales", &t)?;

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut files = 0;
    let mut n = first_result;
    while n <= last {
        let mut t = String::with_capacity(per_file as usize * 480);
        let end = (n + per_file - 1).min(last);
        for p in n..=end {
            let neighbour = if p < last { p + 1 } else { p - 1 };
            let here = Here {
                n: p,
                neighbour,
                format,
                rows: if format == Format::V3 { rows - 1 } else { rows },
                places: last + 1,
            };
            paragraph(&mut t, &here, &mut rng, l);
        }
        end_with_one_newline(&mut t);
        write(&format!("tales/part-{files:05}.tales"), &t)?;
        files += 1;
        n = end + 1;
    }
    let mut paragraphs = results + u32::try_from(charts).expect("fits");
    if format == Format::V3 {
        let mut t = v3::places(l, last + 1);
        end_with_one_newline(&mut t);
        write("tales/places.tales", &t)?;
        files += 1;
        paragraphs += u32::try_from(l.v3.places.len()).expect("fits");
    }
    Ok(Stats {
        paragraphs,
        files: files + 1,
        bytes,
    })
}

/// The version of the format a book is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    V1,
    V2,
    /// Version 2 and the shapes of version 3 (2b, 9.1, 9.3): a board,
    /// places of power, guarded options, go-to with a section, typed effects.
    V3,
}

/// Where a paragraph is and where its go-to may lead.
struct Here {
    n: u32,
    /// A paragraph of the same triple (so a move there strands no one).
    neighbour: u32,
    format: Format,
    /// The book's matrix rows (so an effect names one that exists).
    rows: usize,
    /// The first place of power's paragraph (version 3).
    places: u32,
}

/// Text wrapped at 78 columns, as a transcription of a printed page is.
fn wrap(t: &mut String, text: &str) {
    let mut col = 0;
    for word in text.split(' ') {
        if col > 0 && col + 1 + word.chars().count() > 78 {
            t.push('\n');
            col = 0;
        } else if col > 0 {
            t.push(' ');
            col += 1;
        }
        t.push_str(word);
        col += word.chars().count();
    }
    t.push('\n');
}

/// A sentence or two of prose, then (maybe) a third.
fn prose(rng: &mut Rng, l: &Lang) -> String {
    let mut p = format!("{} {}", rng.pick(&l.openings), rng.pick(&l.middles));
    if rng.next().is_multiple_of(2) {
        p.push(' ');
        p.push_str(rng.pick(&l.endings));
    }
    p
}

fn paragraph(t: &mut String, here: &Here, rng: &mut Rng, l: &Lang) {
    let _ = writeln!(t, "-{}-", here.n);
    let intro = prose(rng, l);
    // Version 3 adds four shapes to version 2's twenty.
    let shape = rng.next() % if here.format == Format::V3 { 24 } else { 20 };
    match shape {
        20.. => v3::paragraph(t, here, shape - 20, &intro, rng, l),
        0..=11 => {
            wrap(t, &intro);
            classic(t, shape / 3, rng, l);
        }
        12 | 13 => nested(t, here, &intro, rng, l),
        14 => gender(t, here, &intro, rng, l),
        15 => wealth(t, here, &intro, rng, l),
        16 => conditions(t, here, &intro, rng, l),
        17 => roll_terms(t, here, &intro, rng, l),
        18 => points(t, here, &intro, rng, l),
        _ => free_text(t, here, &intro, rng, l),
    }
    t.push('\n');
}

/// Version 1's four shapes: an award, NO SKILL and a skill, a choice, a roll.
fn classic(t: &mut String, shape: u64, rng: &mut Rng, l: &Lang) {
    let [d, s, w] = l.letters;
    let (beggar, rich) = (l.wealth[0], l.wealth[2]);
    let (skill_id, skill) = rng.pick(&l.skills);
    let (_, status) = rng.pick(&l.statuses);
    match shape {
        0 => {
            t.push_str(rng.pick(&l.middles));
            let _ = writeln!(t, " [{d}1 / {s}{} / {status}]", rng.next() % 3 + 1);
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
                "{}: {} [{d}1 / {s}2 / {w}+1 ({} {rich}) / {status}]",
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
            let _ = writeln!(t, "> {walk} [{d}-1]");
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
            let _ = writeln!(t, "> 4+: {} [{d}1 / {s}1 / {status}]", l.bands[1]);
        }
    }
}

/// The words of an award's letters, and the go-to item of `here`.
fn go_to(here: &Here, l: &Lang) -> String {
    match here.format {
        Format::V2 | Format::V3 => format!("{} {}", l.go_to, here.neighbour),
        Format::V1 => format!("@{}", here.neighbour),
    }
}

/// A skill check whose skill section holds a skill check whose Master arm
/// holds a choice whose first option rolls: four levels, as the deepest
/// printed paragraphs. Version 1: the skill section holds the choice.
fn nested(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, _] = l.letters;
    let (_, skill) = rng.pick(&l.skills);
    let o = &l.v2.outcomes;
    let (a, b, c, e) = (rng.pick(o), rng.pick(o), rng.pick(o), rng.pick(o));
    let wounded = l.statuses[0].1;
    wrap(t, intro);
    wrap(t, &format!("\n{}: {a} [{s}1]\n", l.no_skill));
    let upper = skill.to_uppercase();
    let (stay, leave) = (l.v2.stay, l.v2.leave);
    if here.format == Format::V1 {
        wrap(t, &format!("{upper}: {}", l.knows));
        wrap(t, &format!("> {stay}: {b} [{s}1 / {wounded}]"));
        wrap(
            t,
            &format!("> {leave}: {c} [{d}1 / {s}2 / {}]", go_to(here, l)),
        );
        return;
    }
    wrap(t, &format!("{upper}: {}", l.knows));
    wrap(t, &format!("> {}: {b} [{s}1]", l.no_skill));
    wrap(t, &format!("> {upper} {}: {}", l.master_suffix, l.knows));
    wrap(t, &format!(">> {stay}: {c}"));
    wrap(
        t,
        &format!(
            ">>> 2–6: {e} [{s}1 / {wounded} (1 {})]",
            if l.locale == "es" { "turno" } else { "turn" }
        ),
    );
    wrap(
        t,
        &format!(">>> 7+: {a} [{d}1 / {s}2 / {}]", go_to(here, l)),
    );
    wrap(t, &format!(">> {leave}: {b} [{s}1]"));
}

/// NO SKILL, FEMALE, and MALE (mandatory) with a choice that may change
/// the reader's sex. Version 1: a skill and a status section.
fn gender(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, _] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b, c) = (rng.pick(o), rng.pick(o), rng.pick(o));
    let (_, skill) = rng.pick(&l.skills);
    let wounded = l.statuses[0].1;
    wrap(t, intro);
    wrap(t, &format!("\n{}: {a} [{s}1]\n", l.no_skill));
    if here.format == Format::V1 {
        wrap(t, &format!("{}: {b} [{d}1 / {s}1]\n", skill.to_uppercase()));
        wrap(
            t,
            &format!("{} ({}): {c} [{d}-1]", wounded.to_uppercase(), l.mandatory),
        );
        return;
    }
    wrap(t, &format!("{}: {b} [{d}1 / {s}1]\n", l.female));
    wrap(t, &format!("{} ({}): {c}", l.male, l.mandatory));
    wrap(
        t,
        &format!("> {}: {a} [{s}1 / {}]", l.v2.stay, l.v2.sex_changed),
    );
    wrap(t, &format!("> {}: {b} [{d}−1]", l.v2.leave));
}

/// ANY TREASURE and WEALTH: RICH or greater (mandatory). Version 1: the
/// treasure's name and a skill.
fn wealth(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, w] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b, c) = (rng.pick(o), rng.pick(o), rng.pick(o));
    let (_, skill) = rng.pick(&l.skills);
    let rich = l.wealth[2];
    let low = rng.next().is_multiple_of(2);
    wrap(t, intro);
    wrap(t, &format!("\n{}: {a} [{s}1]\n", l.no_skill));
    if here.format == Format::V1 {
        wrap(
            t,
            &format!("{}: {b} [{d}1 / {s}1]\n", l.treasure.to_uppercase()),
        );
        wrap(
            t,
            &format!(
                "{} ({}): {c} [{d}1 / {s}2 / {w}-1 ({} {rich})]",
                skill.to_uppercase(),
                l.mandatory,
                l.min
            ),
        );
        return;
    }
    wrap(t, &format!("{}: {b} [{d}1 / {s}1]\n", l.any_treasure));
    let label = if low {
        format!(
            "{}: {} {}",
            l.wealth_label,
            l.wealth[1].to_uppercase(),
            l.or_less
        )
    } else {
        format!(
            "{}: {} {}",
            l.wealth_label,
            rich.to_uppercase(),
            l.or_greater
        )
    };
    wrap(
        t,
        &format!(
            "{label} ({}): {c} [{d}1 / {s}2 / {w}−1 ({} {rich})]",
            l.mandatory, l.printed_max
        ),
    );
}

/// Conditions on wealth and treasure, `{else}` last, whose arm holds a skill
/// check with a terrain qualifier. Version 1: a status condition.
fn conditions(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, w] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b, c) = (rng.pick(o), rng.pick(o), rng.pick(o));
    let (_, s1) = l.skills[1];
    let (_, s2) = l.skills[3];
    let (wounded_id, respected) = (l.statuses[0].0, l.statuses[1].1);
    if here.format == Format::V1 {
        wrap(t, &format!("{intro} {c} [{s}1 / {}]", l.free[0]));
        wrap(
            t,
            &format!(
                "> {{{wounded_id}}} {}: {a} [{s}1 / {} {}]",
                l.v2.if_treasure, l.lose, l.statuses[0].1
            ),
        );
        wrap(
            t,
            &format!("> {{else}} {}: {b} [{d}1 / {s}1]", l.v2.otherwise),
        );
        return;
    }
    wrap(t, intro);
    let rich = l.wealth[2].to_lowercase();
    wrap(
        t,
        &format!(
            "> {{wealth >= {rich}}} {}: {a} [{d}1 / {w}+1 ({} {})]",
            l.v2.if_rich, l.printed_max, l.wealth[3]
        ),
    );
    wrap(
        t,
        &format!(
            "> {{treasure}} {}: {b} [{s}1 / {}]",
            l.v2.if_treasure, l.free[0]
        ),
    );
    wrap(t, &format!("> {{else}} {}: {}", l.v2.otherwise, l.knows));
    wrap(t, &format!(">> {}: {c} [{s}1]", l.no_skill));
    wrap(
        t,
        &format!(
            ">> {} {{terrain = {}}}, {}: {a} [{d}1 / {s}2 / {respected}]",
            s1.to_uppercase(),
            // Version 3: every terrain of the board in turn.
            if here.format == Format::V3 {
                v3::TERRAINS[here.n as usize % v3::TERRAINS.len()]
            } else {
                "sea"
            },
            s2.to_uppercase()
        ),
    );
}

/// A roll with weighted and subtracted terms, en dash bands, the minus
/// sign and a printed bound. Version 1: one die and a skill.
fn roll_terms(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, w] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b) = (rng.pick(o), rng.pick(o));
    let beggar = l.wealth[0];
    wrap(t, intro);
    if here.format == Format::V1 {
        let (skill_id, skill) = l.skills[5];
        wrap(t, &format!("{} {skill}: {{1d6 + {skill_id}}}", l.roll));
        wrap(
            t,
            &format!("> 1-3: {a} [{s}1 / {w}-1 ({} {beggar})]", l.min),
        );
        wrap(
            t,
            &format!(
                "> 4+: {b} [{d}1 / {s}2 / {w}+1 ({} {})]",
                l.max, l.wealth[2]
            ),
        );
        return;
    }
    wrap(
        t,
        &format!(
            "{} {{2d6 + 2 quick-thinking + luck - wounded}}",
            l.v2.roll_terms
        ),
    );
    wrap(
        t,
        &format!("> 1–7: {a} [{s}1 / {w}−1 ({} {beggar})]", l.min),
    );
    wrap(
        t,
        &format!(
            "> 8+: {b} [{d}1 / {s}2 / {w}+1 ({} {})]",
            l.printed_max, l.wealth[2]
        ),
    );
}

/// Conditions on points and gender; the last arm moves on. Version 1: a
/// status condition.
fn points(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, _] = l.letters;
    let o = &l.v2.outcomes;
    let (a, b, c) = (rng.pick(o), rng.pick(o), rng.pick(o));
    let respected = l.statuses[1].0;
    wrap(t, intro);
    let (first, second) = match here.format {
        Format::V2 | Format::V3 => ("{destiny >= 5 | story >= 5}", "{female}"),
        Format::V1 => ("{respected}", "{blessed}"),
    };
    let _ = respected;
    wrap(
        t,
        &format!("> {first} {}: {a} [{d}1 / {s}2]", l.v2.if_points),
    );
    wrap(t, &format!("> {second} {}: {b} [{s}1]", l.v2.if_female));
    wrap(
        t,
        &format!(
            "> {{else}} {}: {c} [{s}1 / {}]",
            l.v2.otherwise,
            go_to(here, l)
        ),
    );
}

/// Free-text effects beside real ones.
fn free_text(t: &mut String, here: &Here, intro: &str, rng: &mut Rng, l: &Lang) {
    let [d, s, _] = l.letters;
    let o = &l.v2.outcomes;
    let a = rng.pick(o);
    let effect = l.free[(rng.next() % 3) as usize];
    let _ = here;
    wrap(t, &format!("{intro} {a} [{d}1 / {s}1 / {effect}]"));
}
