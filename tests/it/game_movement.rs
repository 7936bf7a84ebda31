//! Movement on random boards (issue 24, "Movement"): a move never exceeds
//! the rates the rules give for the wealth level (land ≤ land rate, sea ≤
//! sea rate, both together ≤ the faster), never ends on a place of power
//! but the one under the destination marker, and every space a legal path
//! reaches is offered (compared with walking every path).

use proptest::prelude::*;
use tales::game::movement::{Rates, moves};
use tales::ir::{Board, BoardSpace, Route, RouteKind};
use tales::span::{FileId, Span, Spanned};

fn span() -> Span {
    Span::new(FileId(0), 0, 0)
}

/// A board of `n` spaces (the last `places` of them places of power, each
/// leaving to space 0) and these routes.
fn board(n: usize, places: usize, routes: &[(usize, usize, bool)]) -> Board {
    let spaces = (0..n)
        .map(|i| {
            let place = i + places >= n && i > 0;
            BoardSpace {
                name: Spanned::new(format!("S{i}"), span()),
                terrain: (!place).then(|| Spanned::new("desert".to_owned(), span())),
                number: None,
                region: None,
                island: false,
                place: place.then(|| Spanned::new(format!("p{i}"), span())),
                exit: place.then(|| Spanned::new("S0".to_owned(), span())),
                span: span(),
            }
        })
        .collect();
    let routes = routes
        .iter()
        .map(|&(a, b, land)| Route {
            kind: if land {
                RouteKind::Land
            } else {
                RouteKind::Sea
            },
            ends: [
                Spanned::new(format!("S{a}"), span()),
                Spanned::new(format!("S{b}"), span()),
            ],
            at: [Some(a), Some(b)],
            span: span(),
        })
        .collect();
    Board::new(spaces, routes)
}

/// Every space reachable by some walk of `l` land and `s` sea routes that
/// the rates allow, by walking every walk (small boards only).
fn walk_all(b: &Board, from: usize, r: Rates) -> Vec<bool> {
    let mut seen = vec![false; b.spaces.len()];
    let mut stack = vec![(from, 0u32, 0u32)];
    while let Some((v, l, s)) = stack.pop() {
        seen[v] = true;
        for (u, kind) in b.neighbours(v) {
            let (l2, s2) = if kind == RouteKind::Land {
                (l + 1, s)
            } else {
                (l, s + 1)
            };
            if r.allow(l2, s2) && !b.spaces[u].is_place() {
                stack.push((u, l2, s2));
            }
        }
    }
    seen
}

/// Spaces, places of power, routes (a, b, land?), land rate, sea rate, marker.
type Case = (usize, usize, Vec<(usize, usize, bool)>, u32, u32, usize);

fn arb() -> impl Strategy<Value = Case> {
    (3usize..9, 0usize..3).prop_flat_map(|(n, places)| {
        let route = (0..n, 0..n, any::<bool>());
        (
            Just(n),
            Just(places),
            proptest::collection::vec(route, 0..16),
            0u32..5,
            0u32..5,
            0..n,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_move_keeps_to_the_rates_and_off_places_of_power(
        (n, places, routes, land, sea, marker) in arb()
    ) {
        let b = board(n, places, &routes);
        let rates = Rates { land, sea };
        let marker = Some(marker);
        let ends = moves(&b, 0, rates, marker);
        prop_assert_eq!(ends.first().map(|m| m.to), Some(0), "staying put comes first");
        let truth = walk_all(&b, 0, rates);
        for m in &ends {
            prop_assert!(rates.allow(m.land, m.sea), "{m:?} exceeds {rates:?}");
            if b.spaces[m.to].is_place() {
                prop_assert_eq!(Some(m.to), marker, "a place of power without the marker");
                // One step from its exit, space 0: reachable when a step fits.
                prop_assert!(rates.allow(1, 0) || rates.allow(0, 1));
            } else {
                prop_assert!(truth[m.to], "{m:?} is no legal move");
            }
        }
        let marked_place = marker.filter(|&m| b.spaces[m].is_place());
        let step = rates.allow(1, 0) || rates.allow(0, 1);
        prop_assert_eq!(
            ends.iter().any(|m| b.spaces[m.to].is_place()),
            marked_place.is_some() && step,
            "the marked place is one step from its exit, where the move starts"
        );
        for (v, &reached) in truth.iter().enumerate().filter(|(v, _)| !b.spaces[*v].is_place()) {
            prop_assert_eq!(reached, ends.iter().any(|m| m.to == v), "space {}", v);
        }
    }
}

#[test]
fn the_rules_combined_move_poor_crippled_seaman_example() {
    // FAQ "Seamanship and Crippled": 2 land / 3 sea moves across 3 paths,
    // no more than 2 of them land paths.
    let r = Rates { land: 2, sea: 3 };
    assert!(r.allow(2, 1));
    assert!(r.allow(0, 3));
    assert!(!r.allow(3, 0));
    assert!(!r.allow(2, 2));
    // A line S0 -land- S1 -land- S2 -land- S3 -sea- S4: S2 at most by land.
    let b = board(
        5,
        0,
        &[(0, 1, true), (1, 2, true), (2, 3, true), (3, 4, false)],
    );
    let to: Vec<usize> = moves(&b, 0, r, None).iter().map(|m| m.to).collect();
    assert_eq!(to, vec![0, 1, 2]);
    // Mixed: S0 -sea- S1 -sea- S2 -land- S3: 2 sea and 1 land fit (3 ≤ 3).
    let b = board(4, 0, &[(0, 1, false), (1, 2, false), (2, 3, true)]);
    let to: Vec<usize> = moves(&b, 0, r, None).iter().map(|m| m.to).collect();
    assert_eq!(to, vec![0, 1, 2, 3]);
}

#[test]
fn a_place_of_power_is_entered_only_from_its_exit_with_the_marker() {
    // S0 -land- S1; S2 a place of power leaving to S0.
    let b = board(3, 1, &[(0, 1, true)]);
    let r = Rates { land: 1, sea: 0 };
    let without: Vec<usize> = moves(&b, 1, r, None).iter().map(|m| m.to).collect();
    assert_eq!(without, vec![1, 0]);
    let with: Vec<usize> = moves(&b, 0, r, Some(2)).iter().map(|m| m.to).collect();
    assert_eq!(with, vec![0, 1, 2]);
    // From S1 the exit takes the one step there is: no step left for the place.
    let far: Vec<usize> = moves(&b, 1, r, Some(2)).iter().map(|m| m.to).collect();
    assert_eq!(far, vec![1, 0]);
}
