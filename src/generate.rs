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

const REACTIONS: [&str; 8] = [
    "Aid", "Rob", "Avoid", "Court", "Pray", "Wait", "Attack", "Question",
];
const SKILLS: [(&str, &str); 8] = [
    ("piety", "Piety"),
    ("seamanship", "Seamanship"),
    ("storytelling", "Storytelling"),
    ("wisdom", "Wisdom"),
    ("courtly-graces", "Courtly Graces"),
    ("quick-thinking", "Quick Thinking"),
    ("weapon-use", "Weapon Use"),
    ("luck", "Luck"),
];
const STATUSES: [(&str, &str); 4] = [
    ("wounded", "Wounded"),
    ("respected", "Respected"),
    ("blessed", "Blessed"),
    ("scorned", "Scorned"),
];
const OPENINGS: [&str; 6] = [
    "The caravan halts at a well where a stranger in a blue cloak waits for you, his hands folded and his eyes on the dunes.",
    "A storm of red dust rolls over the road, and when it passes you find a tent that was not there before, its flap open.",
    "In the bazaar a seller of lamps calls you by a name your mother used, and swears he has kept a lamp for you for years.",
    "The river boat runs aground on a bar of silver sand; the boatman will not say how long the water takes to rise again.",
    "Under the arches of a ruined palace an old woman feeds the pigeons and asks whether you have come about the prince.",
    "At the edge of the oasis a girl with ink-stained fingers begs you to carry a letter to a city you have never heard of.",
];
const MIDDLES: [&str; 4] = [
    "You listen, and the story that follows is long, winding and full of cousins, but at its heart is a debt never paid.",
    "Night falls quickly in this country, and by the light of the fire every face looks older and every promise easier.",
    "Somewhere a drum beats slowly, as if counting the steps of someone who walks toward you without ever arriving.",
    "The air smells of cardamom and rain; a caged bird sings three notes and falls silent when you look at it.",
];
const NAMES: [&str; 12] = [
    "Lost", "Wicked", "Friendly", "Terrible", "Wise", "Hungry", "Proud", "Weeping", "Mad",
    "Generous", "Cunning", "Sleeping",
];

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

pub fn write_book(out: &Path, paragraphs: u32, per_file: u32) -> io::Result<Stats> {
    let cells = (paragraphs / 3).max(1) as usize;
    let rows = cells.div_ceil(REACTIONS.len());
    let charts = rows.div_ceil(12);
    let matrices = rows.div_ceil(ROWS_PER_MATRIX);
    let first_result = u32::try_from(charts).expect("fits") + 1;
    let results = u32::try_from(rows * REACTIONS.len() * 3).expect("fits");
    fs::create_dir_all(out.join("tales"))?;
    let mut bytes = 0u64;
    let mut write = |name: &str, text: &str| -> io::Result<()> {
        bytes += text.len() as u64;
        fs::write(out.join(name), text)
    };

    write(
        "book.yaml",
        "title: Generated Book\nlocale: en\nrules:\n  start: Bantu\n  wealth:\n    - {name: Beggar, land: 3, sea: 2}\n    - {name: Poor, land: 3, sea: 2, start: true}\n    - {name: Rich, land: 3, sea: 4}\n    - {name: Fabulous, land: 4, sea: 6, needs-treasure: true}\nworld:\n  terrains: [sea, desert, city]\n  places: {}\n  spaces:\n    - {name: Bantu, terrain: city}\n",
    )?;
    let mut g = String::from("skills:\n");
    for (id, name) in SKILLS {
        let _ = writeln!(g, "  {id}: {name}");
    }
    g.push_str("statuses:\n");
    for (id, name) in STATUSES {
        let _ = writeln!(g, "  {id}: {name}");
    }
    g.push_str("treasures:\n  ebony-horse: {name: Ebony Horse, sell: Rich}\n");
    write("glossary.yaml", &g)?;

    // Matrices: cell numbers in order, each the middle of a triple.
    let mut m = String::new();
    for mi in 0..matrices {
        let _ = writeln!(
            m,
            "{}:\n  reactions: [{}]\n  rows:",
            matrix_name(mi),
            REACTIONS.join(", ")
        );
        for (ri, name) in NAMES.iter().enumerate().take(ROWS_PER_MATRIX) {
            let row = mi * ROWS_PER_MATRIX + ri;
            if row >= rows {
                break;
            }
            let cells: Vec<String> = (0..REACTIONS.len())
                .map(|c| {
                    (first_result + 1 + 3 * u32::try_from(row * REACTIONS.len() + c).expect("fits"))
                        .to_string()
                })
                .collect();
            let _ = writeln!(m, "    {name}: [{}]", cells.join(", "));
        }
    }
    write("matrices.yaml", &m)?;

    // Cards: one character card per three charts.
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
        "{first_result}\n    results:\n      1: \"S1\"\n      2: \"W+1 (max Rich)\"\n      3: \"Treasure\"\n      4: \"Lose Wounded\"\n      5: \"D1\"\n      6: \"Piety\""
    );
    write("cards.yaml", &cards)?;

    let mut t = String::new();
    for c in 0..charts {
        let _ = writeln!(t, "-{}- chart", c + 1);
        for e in 0..12 {
            let row = (c * 12 + e).min(rows - 1);
            let _ = writeln!(
                t,
                "{:2} A {{{}}} Traveller ({})",
                e + 1,
                NAMES[row % ROWS_PER_MATRIX],
                matrix_name(row / ROWS_PER_MATRIX)
            );
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
            paragraph(&mut t, p, &mut rng);
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

fn paragraph(t: &mut String, n: u32, rng: &mut Rng) {
    let _ = writeln!(t, "-{n}-");
    t.push_str(rng.pick(&OPENINGS));
    t.push('\n');
    t.push_str(rng.pick(&MIDDLES));
    t.push('\n');
    let (skill_id, skill) = rng.pick(&SKILLS);
    let (_, status) = rng.pick(&STATUSES);
    match rng.next() % 4 {
        0 => {
            t.push_str(rng.pick(&MIDDLES));
            let _ = writeln!(t, " [D1 / S{} / {status}]\n", rng.next() % 3 + 1);
        }
        1 => {
            let _ = writeln!(
                t,
                "\nNO SKILL: {} [S1 / W-1 (min Beggar)]\n",
                rng.pick(&MIDDLES)
            );
            let _ = writeln!(
                t,
                "{}: You know what to do, and do it well. [D1 / S2 / W+1 (max Rich) / {status}]\n",
                skill.to_uppercase()
            );
        }
        2 => {
            t.push_str("You may help or walk on:\n");
            let _ = writeln!(t, "> If you help: {} [S1 / {skill}]", rng.pick(&MIDDLES));
            t.push_str("> If you walk on: The road is long and empty. [D-1]\n\n");
        }
        _ => {
            let _ = writeln!(
                t,
                "{} Roll one die, adding one for {skill}: {{1d6 + {skill_id}}}",
                rng.pick(&MIDDLES)
            );
            t.push_str("> 1-3: You fail, and the tale ends badly. [S1 / Lose Wounded]\n");
            let _ = writeln!(t, "> 4+: You succeed beyond hope. [D1 / S1 / {status}]\n");
        }
    }
}
