//! `tales graph`: every format on the spec example (goldens), a
//! neighbourhood of the sample book, findings drawn on the picture, and the
//! SVG parsed back as XML.

use crate::common;
use std::path::Path;

fn graph(args: &[&str]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = vec!["graph"];
    all.extend_from_slice(args);
    let out = common::tales(&all, root);
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
}

fn golden(name: &str, text: &str) {
    common::golden(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/graph")
            .join(name),
        text,
    );
}

#[test]
fn every_format_of_the_spec_example_overview_and_a_neighbourhood() {
    let book = "tests/fixtures/spec-example";
    for (format, ext) in [
        ("dot", "dot"),
        ("mermaid", "mmd"),
        ("json", "json"),
        ("svg", "svg"),
    ] {
        golden(
            &format!("spec-example.{ext}"),
            &graph(&[book, "--format", format]),
        );
        golden(
            &format!("spec-example-from-F-Terrible.{ext}"),
            &graph(&[
                book,
                "--from",
                "@F:Terrible",
                "--depth",
                "3",
                "--format",
                format,
            ]),
        );
    }
    golden(
        "sunken-lamp-from-D-Sleeping.mmd",
        &graph(&[
            "content/sunken-lamp",
            "--from",
            "@D:Sleeping",
            "--depth",
            "3",
            "--format",
            "mermaid",
        ]),
    );
}

#[test]
fn the_svg_is_xml_and_the_same_every_time() {
    let a = graph(&["content/sunken-lamp", "--format", "svg"]);
    let b = graph(&["content/sunken-lamp", "--format", "svg"]);
    assert_eq!(a, b);
    let mut reader = quick_xml::Reader::from_str(&a);
    let mut elements = 0;
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(quick_xml::events::Event::Start(_) | quick_xml::events::Event::Empty(_)) => {
                elements += 1;
            }
            Ok(_) => {}
            Err(e) => panic!("not XML: {e}"),
        }
    }
    assert!(elements > 50, "{elements}");
}

#[test]
fn a_dangling_reference_is_red_an_orphan_grey_and_a_cell_missing_a_neighbour_marked() {
    // 700 is read by no one and jumps to @999, which does not exist; the
    // new row's cell 800 has no 799 nor 801.
    let matrices = std::fs::read_to_string(common::fixture("spec-example/matrices.yaml")).unwrap();
    let matrices = matrices.replacen("    Terrible:", "    Lonely: [800, 23]\n    Terrible:", 1);
    let dir = common::book_with(
        "spec-example",
        &[
            ("matrices.yaml", &matrices),
            (
                "tales/planted.tales",
                "-700-\nNobody comes here. [S1 / @999]\n\n-800-\nAlone. [S1]\n",
            ),
        ],
    );
    let root = dir.path().join("book").display().to_string();
    let json = |from: &str| -> serde_json::Value {
        let out = common::tales(
            &[
                "graph", &root, "--from", from, "--depth", "2", "--format", "json",
            ],
            dir.path(),
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        serde_json::from_str(&out.stdout).unwrap()
    };
    let mark = |v: &serde_json::Value, key: &str| {
        let n = v["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["key"] == key);
        n.map(|n| n["mark"].as_str().unwrap().to_owned())
    };
    let v = json("700");
    assert_eq!(mark(&v, "p700").as_deref(), Some("unreachable"));
    assert_eq!(mark(&v, "missing-@999").as_deref(), Some("missing"));
    assert!(v["legend"]["red node"].is_string());
    let v = json("@F:Lonely");
    assert_eq!(
        mark(&v, "cell-F-Lonely-Pray").as_deref(),
        Some("missing-neighbour")
    );
    assert_eq!(mark(&v, "missing-@799").as_deref(), Some("missing"));
    assert_eq!(mark(&v, "missing-@801").as_deref(), Some("missing"));
    // 800 exists; like its row, no card leads to it.
    assert_eq!(mark(&v, "p800").as_deref(), Some("unreachable"));
}

#[test]
fn a_from_that_names_nothing_is_a_usage_error_with_the_likely_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = common::tales(
        &["graph", "content/sunken-lamp", "--from", "@D:Sleepng"],
        root,
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean `Sleeping`"),
        "{}",
        out.stderr
    );
}

#[test]
fn mermaid_itself_reads_every_diagram() {
    // GitHub draws Mermaid in pull-request comments with Mermaid's own
    // parser; the diagrams are checked by it, in the browser, not by eye.
    let test = "mermaid_itself_reads_every_diagram";
    let (Some(chromium), Some(mermaid)) = (
        common::browser::chromium(test),
        common::browser::mermaid(test),
    ) else {
        return;
    };
    // The harness tells a broken diagram from a good one.
    assert!(
        common::browser::mermaid_render(&chromium, &mermaid, "flowchart LR\n  a[[[ --> \n")
            .is_err()
    );
    // A title and names with the characters Mermaid gives a meaning to.
    let dir = common::book_with(
        "spec-example",
        &[(
            "tales/planted.tales",
            "# tales: allow(unreachable-paragraph)\n-700-\nA \"quoted\" [gate] {of} <brass> & #1: go on. [S1 / @9999]\n",
        )],
    );
    let book = dir.path().join("book");
    let yaml = std::fs::read_to_string(book.join("book.yaml")).unwrap();
    std::fs::write(
        book.join("book.yaml"),
        yaml.replacen(
            "title: The Mirage Coast",
            "title: \"The Mirage: \\\"Coast\\\" [of] #brass; --> end\"",
            1,
        ),
    )
    .unwrap();
    let planted = book.display().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["tests/fixtures/spec-example"],
        vec![
            "tests/fixtures/spec-example",
            "--from",
            "@F:Terrible",
            "--depth",
            "3",
        ],
        vec!["content/sunken-lamp"],
        vec![
            "content/sunken-lamp",
            "--from",
            "@D:Sleeping",
            "--depth",
            "4",
        ],
        vec!["content/silver-caravan"],
        vec![&planted],
        vec![&planted, "--from", "@700", "--depth", "2"],
        vec!["../shared/spec/example-v3", "--board"],
    ];
    for args in cases {
        let mut all = args.clone();
        all.extend_from_slice(&["--format", "mermaid"]);
        let diagram = graph(&all);
        if args[0] == planted && args.len() == 1 {
            assert!(diagram.contains("[of] #brass"), "{diagram}");
        }
        let drawn = common::browser::mermaid_render(&chromium, &mermaid, &diagram);
        assert!(
            drawn.as_ref().is_ok_and(|&n| n > 1000),
            "{args:?}: {drawn:?}\n{diagram}"
        );
    }
}

/// The title of a neighbourhood one step deep says "1 step", not "1 steps".
#[test]
fn a_neighbourhood_of_one_step_is_titled_in_the_singular() {
    let one = graph(&[
        "content/sunken-lamp",
        "--from",
        "@A:Generous",
        "--depth",
        "1",
    ]);
    assert!(
        one.starts_with("digraph \"A: Generous, 1 step around\" {"),
        "{one}"
    );
    let two = graph(&["content/sunken-lamp", "--from", "@A:Generous"]);
    assert!(
        two.starts_with("digraph \"A: Generous, 2 steps around\" {"),
        "{two}"
    );
}

/// `--board` draws example-v3's `board.yaml` (FORMAT.md 9.1) in every
/// format: a golden each, and the SVG read back as XML, where each land
/// route is a solid line and each sea route a dashed one (neither with an
/// arrow: routes go both ways), the place of power is a node of its own
/// kind with a dotted arrow to its exit, and the legend says so.
#[test]
fn the_board_of_example_v3_in_every_format() {
    let book = "../shared/spec/example-v3";
    for (format, ext) in [
        ("dot", "dot"),
        ("mermaid", "mmd"),
        ("json", "json"),
        ("svg", "svg"),
    ] {
        golden(
            &format!("example-v3-board.{ext}"),
            &graph(&[book, "--board", "--format", format]),
        );
    }
    let svg = graph(&[book, "--board", "--format", "svg"]);
    let mut reader = quick_xml::Reader::from_str(&svg);
    let mut routes: Vec<(String, bool, bool)> = Vec::new();
    let mut texts = String::new();
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e))
                if e.name().as_ref() == b"path" =>
            {
                let attr = |name: &[u8]| {
                    e.attributes()
                        .flatten()
                        .find(|a| a.key.as_ref() == name)
                        .map(|a| String::from_utf8_lossy(&a.value).into_owned())
                };
                if let Some(stroke) = attr(b"stroke") {
                    routes.push((
                        stroke,
                        attr(b"stroke-dasharray").is_some(),
                        attr(b"marker-end").is_some(),
                    ));
                }
            }
            Ok(quick_xml::events::Event::Text(t)) => {
                texts.push_str(&t.decode().unwrap());
                texts.push('\n');
            }
            Ok(_) => {}
            Err(e) => panic!("not XML: {e}"),
        }
    }
    // One land route, two sea routes, one exit, in the file's order.
    let land = ("#6d4c2f".to_owned(), false, false);
    let sea = ("#0277bd".to_owned(), true, false);
    let exit = ("#555555".to_owned(), true, true);
    assert_eq!(routes, [land, sea.clone(), sea, exit]);
    for said in [
        "Bantu",
        "Dunes +2",
        "Shoals +1",
        "Qalat (island)",
        "City of Brass",
        "a land route",
        "a sea route",
        "a place of power, entered only as the rules say",
    ] {
        assert!(texts.contains(said), "the picture does not say `{said}`");
    }
    let json: serde_json::Value =
        serde_json::from_str(&graph(&[book, "--board", "--format", "json"])).unwrap();
    let kind = |label: &str| {
        json["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["label"] == label)
            .map(|n| n["kind"].as_str().unwrap().to_owned())
    };
    assert_eq!(kind("City of Brass").as_deref(), Some("place"));
    assert_eq!(kind("Shoals +1").as_deref(), Some("sea-space"));
}

/// A space no route joins to the start is grey on the board; a book
/// without a board.yaml has none to draw (a usage error, not an empty
/// picture).
#[test]
fn a_cut_off_space_is_grey_and_a_book_without_a_board_has_none() {
    let dir = common::book_with(
        "board-example",
        &[(
            "board.yaml",
            "spaces:\n  Bantu: {terrain: city}\n  Dunes: {terrain: desert}\n  Qalat: {terrain: city}\nroutes:\n  land: [[Bantu, Dunes]]\n",
        )],
    );
    let book = dir.path().join("book");
    let out = common::tales(&["graph", "--board", "--format", "json"], &book);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let marks: Vec<(&str, &str)> = json["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["label"].as_str().unwrap(), n["mark"].as_str().unwrap()))
        .collect();
    assert_eq!(
        marks,
        [
            ("Bantu", "none"),
            ("Dunes", "none"),
            ("Qalat", "unreachable")
        ]
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = common::tales(&["graph", "tests/fixtures/spec-example", "--board"], root);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("has no board.yaml to draw"),
        "{}",
        out.stderr
    );
}

/// A matrix row encountered only by an award's typed effect (`Have an
/// immediate encounter with a ROW (Matrix X)`, `Next turn, instead of
/// drawing an encounter card, encounter a ROW (Matrix X)`) is used, and its
/// cells' paragraphs are reached: the graph has the edge the game plays
/// (the row was "never used" and its paragraphs "unreachable"). A row
/// misspelt there stays one finding, the name's.
#[test]
fn a_row_an_award_encounters_is_used_and_its_paragraphs_reached() {
    let tales = std::fs::read_to_string(common::fixture("game-moves/tales/all.tales")).unwrap();
    let keeper = "The Tower's keeper tells your fortune. [D1]";
    assert!(tales.contains(keeper));
    for form in [
        "Have an immediate encounter with a Stern (Matrix A)",
        "Next turn, instead of drawing an encounter card, encounter a Stern (Matrix A)",
    ] {
        // Paragraph 50 (the Tower's, reached from the board) names row
        // Stern of A, whose cell 105 leads to 104, 105 and 106.
        let planted = tales.replacen(keeper, &format!("The keeper speaks. [D1 / {form}]"), 1);
        let dir = common::book_with("game-moves", &[("tales/all.tales", &planted)]);
        let codes = common::codes(&common::check(&dir.path().join("book")));
        let only: Vec<(&str, usize)> = codes.iter().map(|(c, _, l)| (c.as_str(), *l)).collect();
        // Only the paragraphs 200 to 211, which the game's tests read
        // directly, are unreachable.
        let lines = |p: &str| tales.lines().position(|l| l == p).unwrap() + 1;
        assert_eq!(only, [("unreachable-paragraph", lines("-200-"))], "{form}");
        let misspelt = planted.replacen("a Stern", "a Sterm", 1);
        let dir = common::book_with("game-moves", &[("tales/all.tales", &misspelt)]);
        let codes = common::codes(&common::check(&dir.path().join("book")));
        let errors: Vec<&str> = codes
            .iter()
            .map(|(c, _, _)| c.as_str())
            .filter(|c| *c != "unreachable-paragraph")
            .collect();
        assert_eq!(errors, ["unknown-name"], "{form}");
    }
}

/// A reference to a whole matrix (`@K`) leads to each of its rows (through
/// the matrix's node), which the graph finds as the nodes after its first
/// row's: each matrix's rows are nodes one after another, and `@K` leads
/// to all of them.
#[test]
fn a_matrix_s_rows_are_nodes_one_after_another() {
    for book in ["spec-example", "board-example", "spec-example-v3"] {
        let root = std::fs::canonicalize(common::fixture(book)).unwrap();
        let (book, _) = tales::load::load_book(&root);
        let g = tales::graph::build(&book);
        for (mi, m) in book.matrices.iter().enumerate() {
            for ri in 0..m.rows.len() {
                assert_eq!(g.rows[&(mi, ri)].index(), g.rows[&(mi, 0)].index() + ri);
            }
        }
    }
    let root = std::fs::canonicalize(common::fixture("board-example")).unwrap();
    let (book, _) = tales::load::load_book(&root);
    let status = (book.glossary.entries.iter())
        .position(|e| {
            e.encounters
                .as_ref()
                .is_some_and(|r| matches!(r.target, tales::ir::Target::Matrix(_)))
        })
        .expect("a status that encounters a whole matrix");
    let g = tales::graph::build(&book);
    let node = g
        .graph
        .node_indices()
        .find(|&n| matches!(g.graph[n], tales::graph::Node::Status(i) if i == status))
        .unwrap();
    let tales::ir::Target::Matrix(m) = &book.glossary.entries[status]
        .encounters
        .as_ref()
        .unwrap()
        .target
    else {
        unreachable!()
    };
    let mi = book.matrix_position(m).unwrap();
    let mut to: Vec<usize> = g
        .out_edges(node)
        .into_iter()
        .map(|(n, _)| n.index())
        .collect();
    to.sort_unstable();
    let rows: Vec<usize> = (0..book.matrices[mi].rows.len())
        .map(|ri| g.rows[&(mi, ri)].index())
        .collect();
    assert_eq!(to, rows);
}
