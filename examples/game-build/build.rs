//! At build time: load the level, check it, and prune it once per agent
//! profile, so the game ships one network per agent and never routes a
//! tank through a door it does not fit. The pruned levels keep the level's
//! own text (comments included) and land in `OUT_DIR`, with a table
//! `levels.rs` that `src/main.rs` includes.

use std::error::Error;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clearway::{Clearances, Map};

/// The level this game ships: the example corridors of the repository.
const LEVEL: &str = "../../maps/corridors.ron";

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed={LEVEL}");
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let text = std::fs::read_to_string(LEVEL)?;
    // A level that does not load fails the build with file:line:col and a
    // snippet of the text.
    let map = Map::loader().read_str(&text, LEVEL)?;
    let clearances = Clearances::compute(&map);
    let mut table =
        String::from("/// (agent, radius, pruned level text), one per agent profile.\n");
    table.push_str("const LEVELS: &[(&str, f64, &str)] = &[\n");
    for agent in map.agents() {
        let pruned = map
            .pruned_text(&text, &clearances, agent.radius)
            .ok_or("the level's edge list cannot be edited in its text")?;
        let file = out.join(format!("corridors.{}.ron", agent.name));
        std::fs::write(&file, pruned)?;
        writeln!(
            table,
            "    ({:?}, {:?}, include_str!({:?})),",
            agent.name,
            agent.radius,
            path_text(&file)?
        )?;
    }
    table.push_str("];\n");
    std::fs::write(out.join("levels.rs"), table)?;
    Ok(())
}

/// The path as UTF-8, for `include_str!`.
fn path_text(path: &Path) -> Result<&str, Box<dyn Error>> {
    path.to_str()
        .ok_or_else(|| format!("{} is not UTF-8", path.display()).into())
}
