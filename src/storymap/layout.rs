//! A layered layout of a map, left to right (Sugiyama's steps, kept
//! simple): back edges found by a depth-first search and left out, each
//! node's layer its longest path from a root, the order within a layer by
//! the barycentre of its neighbours, swept down and up four times. Linear
//! in nodes and edges a sweep (sorting a layer aside); deterministic.

use super::Map;

/// Where each node's box is: its place in its layer.
pub(super) struct Layout {
    pub rank: Vec<usize>,
    /// The nodes of each layer, in order.
    pub layers: Vec<Vec<usize>>,
    /// Edges that point back (against the layers), by index in `map.edges`.
    pub back: Vec<bool>,
}

pub(super) fn layout(map: &Map) -> Layout {
    let n = map.nodes.len();
    let back = back_edges(map);
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, edge) in map.edges.iter().enumerate() {
        if !back[e] && edge.from != edge.to {
            preds[edge.to].push(edge.from);
            succs[edge.from].push(edge.to);
        }
    }
    // Longest path from a root, in topological order (Kahn).
    let mut indegree: Vec<usize> = preds.iter().map(Vec::len).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
    let mut layer = vec![0; n];
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &s in &succs[v] {
            layer[s] = layer[s].max(layer[v] + 1);
            indegree[s] -= 1;
            if indegree[s] == 0 {
                queue.push(s);
            }
        }
    }
    let depth = layer.iter().copied().max().unwrap_or(0) + 1;
    let mut layers: Vec<Vec<usize>> = vec![Vec::new(); depth];
    for v in 0..n {
        layers[layer[v]].push(v);
    }
    let mut rank = vec![0; n];
    set_ranks(&layers, &mut rank);
    for sweep in 0..8 {
        let (range, near): (Vec<usize>, &Vec<Vec<usize>>) = if sweep % 2 == 0 {
            ((1..depth).collect(), &preds)
        } else {
            ((0..depth.saturating_sub(1)).rev().collect(), &succs)
        };
        for l in range {
            order_by_barycentre(&mut layers[l], near, &rank);
            set_ranks(&layers, &mut rank);
        }
    }
    Layout { rank, layers, back }
}

fn set_ranks(layers: &[Vec<usize>], rank: &mut [usize]) {
    for l in layers {
        for (i, &v) in l.iter().enumerate() {
            rank[v] = i;
        }
    }
}

/// Sort a layer by the mean rank of each node's neighbours in the layer
/// before (or after); a node with none keeps its place.
fn order_by_barycentre(layer: &mut [usize], near: &[Vec<usize>], rank: &[usize]) {
    let key = |v: usize, at: usize| -> (u64, usize) {
        let ns = &near[v];
        if ns.is_empty() {
            return ((at as u64) << 16, v);
        }
        let sum: usize = ns.iter().map(|&u| rank[u]).sum();
        (((sum << 16) / ns.len()) as u64, v)
    };
    let mut keyed: Vec<((u64, usize), usize)> = layer
        .iter()
        .enumerate()
        .map(|(at, &v)| (key(v, at), v))
        .collect();
    keyed.sort_unstable();
    for (slot, (_, v)) in layer.iter_mut().zip(keyed) {
        *slot = v;
    }
}

/// The edges that close a cycle, found by an iterative depth-first search
/// from every node in order.
fn back_edges(map: &Map) -> Vec<bool> {
    let n = map.nodes.len();
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, edge) in map.edges.iter().enumerate() {
        out[edge.from].push(e);
    }
    // 0: not seen, 1: on the stack, 2: done.
    let mut state = vec![0u8; n];
    let mut back = vec![false; map.edges.len()];
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&e) = out[v].get(*next) {
                *next += 1;
                let t = map.edges[e].to;
                match state[t] {
                    0 => {
                        state[t] = 1;
                        stack.push((t, 0));
                    }
                    1 => back[e] = true,
                    _ => {}
                }
            } else {
                state[v] = 2;
                stack.pop();
            }
        }
    }
    back
}
