//! `quest-past-victory`: a step of `quests.yaml` that asks for more points
//! (destiny, story, or the two together) than `rules.victory-points`, the
//! points a game is won with (FORMAT.md 9.4, 9.5). A player holds more only
//! past the goal (walking home to declare) or with a split that leaves one
//! number far behind, so in a game that ends at the goal the step almost
//! never pays. One finding a quest, at its first such step.
//!
//! The points a requirement asks for are a lower bound read from its keys
//! alone: the keys of one map add up (`{destiny: 15, story: 15}` asks for
//! 30), `any:` asks for the least of its alternatives. Linear in the
//! requirement.

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::graph::BookGraph;
use crate::ir::{Book, Requirement, Test, Track};
use crate::span::Span;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    let bound = u64::from(book.manifest.rules.victory_points.unwrap_or(20));
    for q in &book.quests {
        let Some(req) = (q.steps.iter().map(|s| &s.when)).find(|w| Asks::of(w).total() > bound)
        else {
            continue;
        };
        let (span, why) = cause(req, bound);
        out.push(
            Diagnostic::new(
                "quest-past-victory",
                span,
                format!(
                    "quest `{}` asks for more points than a game is won with",
                    q.name.value
                ),
            )
            .label(why)
            .with_help(format!(
                "a game is won at {bound} points (book.yaml `rules.victory-points`): ask for {bound} or fewer, or raise the victory points"
            ))
            .needs(Needs::QUESTS.and(Needs::MANIFEST)),
        );
    }
}

/// The least destiny, story and points together that a character holding
/// a requirement has.
#[derive(Clone, Copy, Default)]
struct Asks {
    destiny: u64,
    story: u64,
    points: u64,
}

impl Asks {
    fn of(req: &Requirement) -> Asks {
        match &req.test {
            Test::Points { track, at_least } => {
                let n = u64::from(*at_least);
                match track {
                    Track::Destiny => Asks {
                        destiny: n,
                        ..Asks::default()
                    },
                    Track::Story => Asks {
                        story: n,
                        ..Asks::default()
                    },
                    Track::Both => Asks {
                        points: n,
                        ..Asks::default()
                    },
                }
            }
            Test::All(all) => all.iter().map(Asks::of).fold(Asks::default(), |a, b| Asks {
                destiny: a.destiny.max(b.destiny),
                story: a.story.max(b.story),
                points: a.points.max(b.points),
            }),
            // Whichever alternative holds holds at least the least of each.
            Test::Any(any) => {
                let mut asks = any.iter().map(|r| {
                    let a = Asks::of(r);
                    Asks {
                        points: a.total(),
                        ..a
                    }
                });
                let first = asks.next().unwrap_or_default();
                asks.fold(first, |a, b| Asks {
                    destiny: a.destiny.min(b.destiny),
                    story: a.story.min(b.story),
                    points: a.points.min(b.points),
                })
            }
            _ => Asks::default(),
        }
    }

    fn total(self) -> u64 {
        self.points.max(self.destiny + self.story)
    }
}

/// Where and why: a key that asks for too much alone, else the map whose
/// keys add up to too much.
fn cause(req: &Requirement, bound: u64) -> (Span, String) {
    let mut atoms = Vec::new();
    flatten(req, &mut atoms);
    for a in &atoms {
        if let Test::Points { track, at_least } = a.test
            && u64::from(at_least) > bound
        {
            let what = match track {
                Track::Both => "points",
                Track::Destiny => "destiny",
                Track::Story => "story",
            };
            return (
                a.span,
                format!("{what} {at_least} is more than the {bound} victory points"),
            );
        }
    }
    let total = Asks::of(req).total();
    (
        req.span,
        format!("this asks for {total} points at least, more than the {bound} victory points"),
    )
}

/// The keys of a requirement, `all:` and maps opened.
fn flatten<'r>(req: &'r Requirement, out: &mut Vec<&'r Requirement>) {
    match &req.test {
        Test::All(all) => all.iter().for_each(|r| flatten(r, out)),
        _ => out.push(req),
    }
}
