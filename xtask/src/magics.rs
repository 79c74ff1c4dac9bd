//! `cargo xtask magics`: finds the magic multipliers of the slider tables again, from the seed
//! the engine's source names, and prints them as the Rust the source holds. Anyone can check
//! that the committed numbers are what the search finds; a test of the engine checks it too.

use anyhow::Result;
use cb2026::Square;
use cb2026::attacks::{MAGIC_SEED, find_magics};

/// Prints the two tables of magics as Rust constants.
pub fn main() -> Result<()> {
    let (bishops, rooks) = find_magics(MAGIC_SEED);
    println!("{}", rust_table("BISHOP_MAGICS", "bishop", &bishops));
    println!("{}", rust_table("ROOK_MAGICS", "rook", &rooks));
    Ok(())
}

/// A table of magics as the Rust source declares it, four numbers a line.
fn rust_table(name: &str, piece: &str, magics: &[u64; Square::NUM]) -> String {
    let mut text = format!(
        "/// The {piece}'s magic multipliers, by square, found by `find_magics(MAGIC_SEED)`.\n\
         #[rustfmt::skip]\npub const {name}: [u64; Square::NUM] = [\n"
    );
    for row in magics.chunks(4) {
        let numbers: Vec<String> = row.iter().map(|m| format!("0x{m:016x},")).collect();
        text.push_str(&format!("    {}\n", numbers.join(" ")));
    }
    text.push_str("];");
    text
}
