//! Times route queries with loading excluded, for the peer comparison in
//! `benches/peer/` (networkx `astar_path` on the same graph and pairs).
//!
//! ```text
//! cargo run --release --example route_queries -- MAP.ron PAIRS.txt \
//!     --radius 0.8 [--landmarks 16 [--agent-landmarks]] [--repeat 3] [--out costs.txt] \
//!     [--times times.txt]
//! ```
//!
//! Loads the map once, computes its clearances once and builds one
//! `clearway::Router` (none of them counted as queries), then routes every
//! `FROM TO` pair of node ids in PAIRS.txt (one pair a line), timing each
//! query alone. With `--repeat N` the whole list runs N times and each query
//! keeps its fastest time. Prints one JSON object to stdout: the router's
//! build time, the mean, median, min and max per query, and the mean and
//! median (upper median) number of nodes a query expanded
//! (`Router::last_expanded`). `--out` writes
//! one line per pair: `from to cost hops` (`from to none 0` when there is no
//! route); `--times` one line per pair: `from to ms`.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use clearway::{Clearances, Map, Router};

/// Time route queries on one map, loading excluded.
#[derive(Debug, Parser)]
struct Args {
    /// The map (RON).
    map: PathBuf,
    /// Pairs of node ids, `FROM TO` per line.
    pairs: PathBuf,
    /// The agent radius.
    #[arg(long)]
    radius: f64,
    /// Run the whole list this many times; each query keeps its fastest.
    #[arg(long, default_value_t = 1)]
    repeat: usize,
    /// Precompute this many landmarks for the A* estimate (0: the straight
    /// line alone).
    #[arg(long, default_value_t = 0)]
    landmarks: usize,
    /// Compute the landmarks' costs over the edges that admit `--radius`
    /// only (`Router::with_landmarks` with the radius), not over every edge (`&[0.0]`).
    #[arg(long, requires = "landmarks")]
    agent_landmarks: bool,
    /// Write `from to cost hops` per pair here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write `from to ms` per pair here: each query's (fastest) time.
    #[arg(long)]
    times: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let map = match Map::loader().read_file(&args.map) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let clearances = Clearances::compute(&map);
    eprintln!(
        "route_queries: {} nodes, {} edges, clearances in {:.1} ms (not counted)",
        map.nodes().len(),
        map.edges().len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let router_started = Instant::now();
    let mut router = if args.agent_landmarks {
        Router::with_landmarks(&map, &clearances, args.landmarks, &[args.radius])
    } else if args.landmarks > 0 {
        Router::with_landmarks(&map, &clearances, args.landmarks, &[0.0])
    } else {
        Router::new(&map, &clearances)
    };
    let router_ms = router_started.elapsed().as_secs_f64() * 1e3;
    eprintln!(
        "route_queries: router with {} landmarks built in {router_ms:.1} ms (not counted)",
        router.landmark_count(),
    );
    let text = match fs::read_to_string(&args.pairs) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", args.pairs.display());
            return ExitCode::from(2);
        }
    };
    let mut pairs = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let ids: Vec<u64> = line
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        let (Some(&a), Some(&b)) = (ids.first(), ids.get(1)) else {
            eprintln!("bad pair line: {line:?}");
            return ExitCode::from(2);
        };
        let (Some(ia), Some(ib)) = (map.node_index(a), map.node_index(b)) else {
            eprintln!("unknown node in pair: {line:?}");
            return ExitCode::from(2);
        };
        pairs.push((a, b, ia, ib));
    }
    let mut best = vec![Duration::MAX; pairs.len()];
    let mut expanded = Vec::with_capacity(pairs.len());
    let mut results = Vec::with_capacity(pairs.len());
    for round in 0..args.repeat.max(1) {
        for (k, &(_, _, ia, ib)) in pairs.iter().enumerate() {
            let t = Instant::now();
            let r = router.route(ia, ib, args.radius);
            let took = t.elapsed();
            best[k] = best[k].min(took);
            if round == 0 {
                expanded.push(router.last_expanded());
                results.push(r.map(|r| (r.cost, r.edges.len())));
            } else {
                std::hint::black_box(r);
            }
        }
    }
    let mut ms: Vec<f64> = best.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let n = ms.len().max(1) as f64;
    let mean = ms.iter().sum::<f64>() / n;
    let median = if ms.is_empty() {
        0.0
    } else if ms.len() % 2 == 1 {
        ms[ms.len() / 2]
    } else {
        (ms[ms.len() / 2 - 1] + ms[ms.len() / 2]) / 2.0
    };
    let found = results.iter().filter(|r| r.is_some()).count();
    expanded.sort_unstable();
    let mean_expanded = expanded.iter().sum::<usize>() as f64 / n;
    let median_expanded = expanded.get(expanded.len() / 2).copied().unwrap_or(0);
    println!(
        "{{\"queries\": {}, \"found\": {found}, \"router_ms\": {router_ms:.3}, \"mean_ms\": {mean:.6}, \"median_ms\": {median:.6}, \"min_ms\": {:.6}, \"max_ms\": {:.6}, \"mean_expanded\": {mean_expanded:.1}, \"median_expanded\": {median_expanded}}}",
        ms.len(),
        ms.first().copied().unwrap_or(0.0),
        ms.last().copied().unwrap_or(0.0)
    );
    if let Some(out) = &args.out {
        let write = || -> std::io::Result<()> {
            let mut w = BufWriter::new(fs::File::create(out)?);
            for (&(a, b, _, _), r) in pairs.iter().zip(&results) {
                match r {
                    Some((cost, hops)) => writeln!(w, "{a} {b} {cost:?} {hops}")?,
                    None => writeln!(w, "{a} {b} none 0")?,
                }
            }
            w.flush()
        };
        if let Err(e) = write() {
            eprintln!("cannot write {}: {e}", out.display());
            return ExitCode::from(2);
        }
    }
    if let Some(path) = &args.times {
        let write = || -> std::io::Result<()> {
            let mut w = BufWriter::new(fs::File::create(path)?);
            for (&(a, b, _, _), d) in pairs.iter().zip(&best) {
                writeln!(w, "{a} {b} {:.6}", d.as_secs_f64() * 1e3)?;
            }
            w.flush()
        };
        if let Err(e) = write() {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
