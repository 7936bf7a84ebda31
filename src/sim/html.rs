//! `tales sim --format html`: one self-contained page (inline CSS and SVG,
//! no script, nothing fetched) drawn from the JSON report, so a merged run
//! renders the same way as a single one.

// Chart geometry: counts and means scaled to pixels.
#![allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]

use serde_json::Value;
use std::fmt::Write as _;

pub use crate::text::escape_xml as esc;

pub(super) const STYLE: &str = "body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;\
color:#1d2330;padding:0 1em}h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.15em;\
margin-top:2em;border-bottom:1px solid #ccd;padding-bottom:.2em}.tiles{display:flex;gap:1em;\
flex-wrap:wrap}.tile{background:#f3f5fa;border-radius:6px;padding:.6em 1em;min-width:9em}\
.tile b{display:block;font-size:1.5em}table{border-collapse:collapse}td,th{padding:.15em .8em;\
text-align:left;border-bottom:1px solid #e4e6ee}td.n{text-align:right;font-variant-numeric:\
tabular-nums}.warn{color:#9a4b00}svg text{font:12px system-ui,sans-serif;fill:#1d2330}\
.muted{color:#667}@media print{body{margin:0}h2{break-after:avoid}svg{break-inside:avoid}}";

/// Bar colours: the track's and the one for what is wrong.
pub(super) const BLUE: &str = "#2f6fbf";
const RED: &str = "#c8372d";

/// The whole page; `shown` is the book's folder as the user knows it
/// (relative to the current folder), never the machine's absolute path the
/// JSON keeps for `tales sim merge`.
pub fn page(title: &str, shown: &str, v: &Value, baseline: Option<&str>) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\">\
         <title>tales sim: {t}</title><style>{STYLE}</style></head><body>\n\
         <h1>{t}</h1><p class=\"muted\">{}</p>\n",
        run_line(v, shown),
        t = esc(title)
    );
    s.push_str(&tiles(v));
    s.push_str(&coverage(v));
    s.push_str(&economy(v));
    s.push_str(&goal(v));
    s.push_str(&shares(v));
    s.push_str(&gains(v));
    s.push_str(&findings(v));
    if let Some(b) = baseline {
        let _ = write!(
            s,
            "<h2>What moved since the baseline</h2><pre>{}</pre>",
            esc(b)
        );
    }
    s.push_str("</body></html>\n");
    s
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

fn run_line(v: &Value, shown: &str) -> String {
    let r = &v["run"];
    format!(
        "{} encounters in lives of {}, seed {}, shard {}: <code>{}</code>",
        super::report::count(count(&v["encounters"])),
        count(&r["length"]),
        count(&r["seed"]),
        esc(r["shard"].as_str().unwrap_or("1/1")),
        esc(shown)
    )
}

/// Visits of each result paragraph, in the book's numbering.
fn visits(v: &Value) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = v["paragraphs"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, p)| (k.clone(), count(&p["visits"])))
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_key(|(k, _)| k.parse::<u64>().unwrap_or(u64::MAX));
    out
}

fn tiles(v: &Value) -> String {
    let ps = visits(v);
    let read = ps.iter().filter(|p| p.1 > 0).count();
    let n = count(&v["encounters"]).max(1) as f64;
    let lives: u64 = v["goal"]["by_encounter"]
        .as_array()
        .map_or(0, |a| a.iter().map(count).sum());
    let all = lives + count(&v["goal"]["never"]);
    let tile = |label: &str, value: String| {
        format!(
            "<div class=\"tile\"><b>{}</b>{}</div>",
            esc(&value),
            esc(label)
        )
    };
    let e = &v["economy"];
    [
        "<div class=\"tiles\">".to_owned(),
        tile("paragraphs read", format!("{read} of {}", ps.len())),
        tile(
            "story an encounter",
            format!("{:.2}", num(&e["story"]["mean"])),
        ),
        tile(
            "destiny an encounter",
            format!("{:.2}", num(&e["destiny"]["mean"])),
        ),
        tile(
            "deaths",
            format!("{:.2}%", 100.0 * count(&v["deaths"]) as f64 / n),
        ),
        tile(
            &format!("lives making {} points", count(&v["goal"]["points"])),
            format!("{:.1}%", 100.0 * lives as f64 / all.max(1) as f64),
        ),
        "</div>\n".to_owned(),
    ]
    .concat()
}

/// One square a paragraph, shaded by its visits (a log scale), red when
/// no reader read it; its number and visits in its tooltip.
fn coverage(v: &Value) -> String {
    let ps = visits(v);
    let most = ps.iter().map(|p| p.1).max().unwrap_or(1).max(1) as f64;
    let (side, per_row) = (16, 50);
    let rows = ps.len().div_ceil(per_row).max(1);
    let (w, h) = (per_row * (side + 2), rows * (side + 2));
    let mut s = format!(
        "<h2>Paragraphs read</h2><p class=\"muted\">One square a result paragraph in \
         numeric order, darker for more readers; red: read by no one.</p>\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         role=\"img\" aria-label=\"paragraphs read\">"
    );
    for (i, (n, visits)) in ps.iter().enumerate() {
        let (x, y) = ((i % per_row) * (side + 2), (i / per_row) * (side + 2));
        let fill = if *visits == 0 {
            RED.to_owned()
        } else {
            let shade = ((*visits as f64).ln_1p() / most.ln_1p()).clamp(0.15, 1.0);
            format!("rgba(47,111,191,{shade:.2})")
        };
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" fill=\"{fill}\">\
             <title>paragraph {}: {} visits</title></rect>",
            esc(n),
            visits
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Vertical bars: a label under each, the count in its tooltip.
fn columns(bars: &[(String, u64)], color: &str, label: &str) -> String {
    let most = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1) as f64;
    let (bw, gap, h) = (28, 6, 140);
    let w = bars.len() * (bw + gap) + gap;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{}\" role=\"img\" \
         aria-label=\"{}\">",
        h + 22,
        esc(label)
    );
    for (i, (name, n)) in bars.iter().enumerate() {
        let bh = ((*n as f64 / most) * h as f64).round() as usize;
        let x = gap + i * (bw + gap);
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{}\" width=\"{bw}\" height=\"{bh}\" fill=\"{color}\">\
             <title>{}: {n}</title></rect><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            h - bh,
            esc(name),
            x + bw / 2,
            h + 15,
            esc(name)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The per-encounter change of each track, as a histogram over the
/// changes that happened (the raw counts run from −32 to +32).
fn economy(v: &Value) -> String {
    let mut s = String::from(
        "<h2>What an encounter moves</h2><table><tr><th></th><th>mean</th><th>p10</th>\
         <th>p50</th><th>p90</th></tr>",
    );
    for track in ["destiny", "story", "wealth"] {
        let e = &v["economy"][track];
        let _ = write!(
            s,
            "<tr><td>{track}</td><td class=\"n\">{:.3}</td><td class=\"n\">{}</td>\
             <td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            num(&e["mean"]),
            e["p10"],
            e["p50"],
            e["p90"]
        );
    }
    s.push_str("</table>\n<div class=\"tiles\">");
    for track in ["destiny", "story", "wealth"] {
        let raw: Vec<u64> = v["raw"][track]
            .as_array()
            .map(|a| a.iter().map(count).collect())
            .unwrap_or_default();
        let used: Vec<usize> = (0..raw.len()).filter(|&i| raw[i] > 0).collect();
        let (Some(&lo), Some(&hi)) = (used.first(), used.last()) else {
            continue;
        };
        let bars: Vec<(String, u64)> = (lo..=hi)
            .map(|i| (format!("{:+}", i as i64 - 32), raw[i]))
            .collect();
        let _ = write!(s, "<div><p>{track}, change an encounter</p>");
        s.push_str(&columns(&bars, BLUE, track));
        s.push_str("</div>");
    }
    s.push_str("</div>\n");
    s
}

fn goal(v: &Value) -> String {
    let g = &v["goal"];
    let bars: Vec<(String, u64)> = g["by_encounter"]
        .as_array()
        .map(|a| {
            a.iter()
                .enumerate()
                .map(|(i, n)| ((i + 1).to_string(), count(n)))
                .collect()
        })
        .unwrap_or_default();
    format!(
        "<h2>Encounters a life needs for {} points</h2><p class=\"muted\">Lives by the \
         encounter at which destiny and story first made the points together; {} lives \
         never did.</p>{}",
        count(&g["points"]),
        super::report::count(count(&g["never"])),
        columns(&bars, BLUE, "encounters to the goal")
    )
}

/// Horizontal bars of points an encounter, one a row.
fn rows(items: &[(String, f64, u64)], label: &str) -> String {
    let most = items
        .iter()
        .map(|i| i.1.abs())
        .fold(0.0_f64, f64::max)
        .max(0.01);
    let (lw, bw, rh) = (260, 420, 20);
    let h = items.len() * rh + 4;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{h}\" role=\"img\" \
         aria-label=\"{}\">",
        lw + bw + 170,
        esc(label)
    );
    for (i, (name, mean, n)) in items.iter().enumerate() {
        let y = i * rh + 2;
        let len = ((mean.abs() / most) * bw as f64).round() as usize;
        let color = if *n == 0 { RED } else { BLUE };
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\
             <rect x=\"{lw}\" y=\"{y}\" width=\"{len}\" height=\"{}\" fill=\"{color}\">\
             <title>{}: {mean:.2} points an encounter, {n} encounters</title></rect>\
             <text x=\"{}\" y=\"{}\">{mean:.2} ({})</text>",
            lw - 8,
            y + 14,
            esc(name),
            rh - 4,
            esc(name),
            lw + len + 6,
            y + 14,
            super::report::count(*n)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn shares(v: &Value) -> String {
    let mut matrices = Vec::new();
    for (letter, m) in v["by_matrix"].as_object().into_iter().flatten() {
        for (r, x) in m["reactions"].as_object().into_iter().flatten() {
            let name = format!("{letter}: {r}");
            matrices.push((name, num(&x["points_mean"]), count(&x["encounters"])));
        }
    }
    let sources: Vec<(String, f64, u64)> = v["by_source"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|x| {
            let name = format!(
                "{} {}",
                x["kind"].as_str().unwrap_or(""),
                x["name"].as_str().unwrap_or("")
            );
            (name, num(&x["points_mean"]), count(&x["encounters"]))
        })
        .collect();
    let charts: Vec<(String, f64, u64)> = v["by_chart"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(n, x)| {
            (
                format!("chart {n}"),
                num(&x["points_mean"]),
                count(&x["encounters"]),
            )
        })
        .collect();
    format!(
        "<h2>Points an encounter, by matrix and reaction</h2>{}\
         <h2>Points an encounter, by where it started</h2>{}\
         <h2>Points an encounter, by chart</h2>{}",
        rows(&matrices, "by matrix and reaction"),
        rows(&sources, "by where the encounter started"),
        rows(&charts, "by chart")
    )
}

fn gains(v: &Value) -> String {
    let n = count(&v["encounters"]).max(1) as f64;
    let mut s = String::from(
        "<h2>Gained per 1,000 encounters</h2><table><tr><th>kind</th><th>name</th>\
         <th>per 1,000</th></tr>",
    );
    let mut never = Vec::new();
    for g in v["gains"].as_object().into_iter().flatten().map(|(_, g)| g) {
        let name = esc(g["name"].as_str().unwrap_or(""));
        if count(&g["gains"]) == 0 {
            never.push(name);
            continue;
        }
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{name}</td><td class=\"n\">{:.1}</td></tr>",
            esc(g["kind"].as_str().unwrap_or("")),
            1000.0 * count(&g["gains"]) as f64 / n
        );
    }
    s.push_str("</table>\n");
    if !never.is_empty() {
        let _ = write!(
            s,
            "<p class=\"muted\">Gained by no reader: {}.</p>",
            never.join(", ")
        );
    }
    s
}

fn findings(v: &Value) -> String {
    let mut s = String::from("<h2>Findings</h2>");
    let never = v["never_reached"].as_array().cloned().unwrap_or_default();
    let outliers = v["outliers"].as_array().cloned().unwrap_or_default();
    let undecided = v["undecided"].as_array().cloned().unwrap_or_default();
    if never.is_empty() && outliers.is_empty() && undecided.is_empty() {
        s.push_str("<p>Every paragraph and arm the graph reaches was read; no award outlier.</p>");
        return s;
    }
    s.push_str("<table><tr><th>where</th><th>code</th><th>message</th></tr>");
    for f in &never {
        let _ = write!(
            s,
            "<tr><td>{}:{}:{}</td><td class=\"warn\">{}</td><td>{}</td></tr>",
            esc(f["file"].as_str().unwrap_or("")),
            f["line"],
            f["column"],
            esc(f["code"].as_str().unwrap_or("")),
            esc(f["message"].as_str().unwrap_or(""))
        );
    }
    let reported = never.iter().any(|f| f["code"] == "award-outlier");
    for o in outliers.iter().filter(|_| !reported) {
        let _ = write!(
            s,
            "<tr><td>paragraph {}</td><td class=\"warn\">award-outlier</td><td>{:.1} points a \
             visit; {} {:.1} (median)</td></tr>",
            o["paragraph"],
            num(&o["points_per_visit"]),
            esc(o["siblings"].as_str().unwrap_or("")),
            num(&o["median"])
        );
    }
    for u in &undecided {
        let _ = write!(
            s,
            "<tr><td>paragraph {}</td><td>undecided</td><td>`{}`: no reader could take it in {} \
             visits and {} in {} lives played towards it, too few to tell</td></tr>",
            u["paragraph"],
            esc(u["arm"].as_str().unwrap_or("")),
            u["visits"],
            u["targeted_visits"],
            u["lives"]
        );
    }
    s.push_str("</table>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            esc("<script>alert('x') & \"y\"</script>"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;"
        );
    }
}
