//! How the two players of a recorded run spent their clocks, read back from the run's PGN:
//! each player's moves, the mean time a move took and the mean depth it reached. Section 8.1
//! compares a time manager with main's by these; the games' results alone do not say whether
//! a player won by thinking longer.
//!
//! The PGN is the one `pgn::write` writes: a comment after every move, `book` for the
//! opening's moves and `SCORE/DEPTH SECONDSs` for an engine's, then one comment on how the
//! game ended.

use super::record::{RECORDS, write_atomically};
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;

/// `cargo xtask time-use`'s arguments.
#[derive(Debug, clap::Args)]
pub struct TimeUseArgs {
    /// The run, kept as book/data/games/NAME.toml and NAME.pgn; the table is written to
    /// book/data/time-use-NAME.txt.
    record: String,
}

/// What one player did over a run's games: its moves out of the book, the seconds they took
/// and the depths they reached.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Spent {
    /// The moves it chose, the opening's left out.
    moves: u64,
    /// The seconds those moves took, summed.
    seconds: f64,
    /// The depths its searches reported for them, summed.
    depths: u64,
}

/// Writes the time-use table of the run `args.record` beside the book's other sources, and
/// prints it.
pub fn main(args: &TimeUseArgs) -> Result<()> {
    let root = crate::repo_root();
    let pgn = root.join(RECORDS).join(format!("{}.pgn", args.record));
    let text = std::fs::read_to_string(&pgn).with_context(|| pgn.display().to_string())?;
    let (games, players) = tally(&text).with_context(|| pgn.display().to_string())?;
    let table = table(games, &players)?;
    let record = format!(
        "# How each player of the run {} spent its clock over its games: the moves it chose (the \
         opening's left out), the\n# mean seconds and depth of a move, and its mean time as a \
         share of the other's.\n# Made by: {}\n{table}",
        args.record,
        crate::cli::command_line(),
    );
    let path = root
        .join("book/data")
        .join(format!("time-use-{}.txt", args.record));
    write_atomically(&path, &record)?;
    print!("{table}");
    println!("written to {}", path.display());
    Ok(())
}

/// The games of a PGN `text` and what each player, by name, spent over them. A game without
/// a comment for each ply and one for its end is an error: the moves after a missing one
/// would be counted for the wrong player.
fn tally(text: &str) -> Result<(usize, BTreeMap<String, Spent>)> {
    let text = text.replace("\r\n", "\n");
    let mut players: BTreeMap<String, Spent> = BTreeMap::new();
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    for (number, game) in games.iter().enumerate() {
        let tag = |name: &str| {
            let start = format!("[{name} \"");
            let at = game.find(&start)? + start.len();
            game[at..].split('"').next()
        };
        let needed =
            |name: &str| tag(name).with_context(|| format!("game {}: no {name} tag", number + 1));
        let (white, black) = (needed("White")?, needed("Black")?);
        let plies: usize = needed("PlyCount")?.parse()?;
        // The side to move first is the opening position's, the second field of its FEN.
        let black_first = tag("FEN").and_then(|fen| fen.split(' ').nth(1)) == Some("b");
        let movetext = game.split("\n\n").nth(1).unwrap_or_default();
        // One comment a ply, and the last on how the game ended.
        let comments: Vec<&str> = comments(movetext).collect();
        if comments.len() != plies + 1 {
            bail!(
                "game {}: {plies} plies, {} comments",
                number + 1,
                comments.len()
            );
        }
        for (ply, comment) in comments.into_iter().take(plies).enumerate() {
            let by_black = (ply % 2 == 1) != black_first;
            let player = if by_black { black } else { white };
            if let Some((seconds, depth)) = engine_move(comment) {
                let spent = players.entry(player.to_string()).or_default();
                spent.moves += 1;
                spent.seconds += seconds;
                spent.depths += u64::from(depth);
            }
        }
    }
    Ok((games.len(), players))
}

/// The comments of a game's moves, in order: the text between each pair of braces.
fn comments(movetext: &str) -> impl Iterator<Item = &str> {
    movetext
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(comment, _)| comment))
}

/// The seconds and depth of an engine's move from its comment, `SCORE/DEPTH SECONDSs`; `None`
/// for a book move, or a comment without both.
fn engine_move(comment: &str) -> Option<(f64, u32)> {
    let mut words = comment.split_whitespace();
    let depth = words.next()?.rsplit_once('/')?.1.parse().ok()?;
    let seconds = words.next()?.strip_suffix('s')?.parse().ok()?;
    Some((seconds, depth))
}

/// The table of `players` over `games` games, two players who each made a move out of the
/// book: games, moves, mean seconds and depth a move, and the mean time as a share of the
/// other player's.
fn table(games: usize, players: &BTreeMap<String, Spent>) -> Result<String> {
    let [(first, a), (second, b)]: [(&String, &Spent); 2] = players
        .iter()
        .collect::<Vec<_>>()
        .try_into()
        .map_err(|all: Vec<_>| anyhow::anyhow!("{} players with moves, not two", all.len()))?;
    let mean = |spent: &Spent| spent.seconds / spent.moves as f64;
    let depth = |spent: &Spent| spent.depths as f64 / spent.moves as f64;
    let mut table = String::from("player games moves seconds depth share\n");
    for (name, spent, other) in [(first, a, b), (second, b, a)] {
        table.push_str(&format!(
            "{name} {games} {} {:.3} {:.1} {:.1}%\n",
            spent.moves,
            mean(spent),
            depth(spent),
            100.0 * mean(spent) / mean(other),
        ));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two games as `pgn::write` writes them: the first from White's move, with a book move
    /// each; the second from Black's, the players' colours swapped, ended by a time loss
    /// whose last comment is not a move's.
    const PGN: &str = "[Event \"cb2026 sprt\"]\n[White \"new\"]\n[Black \"old\"]\n\
        [FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[PlyCount \"4\"]\n\n\
        1. Kb1 {book} Kg1 {book} 2. Kc1 {+0.10/12 0.300s} Kf1 {-0.20/10 0.100s}\n\
        {Draw by insufficient material} 1/2-1/2\n\n\
        [Event \"cb2026 sprt\"]\n[White \"old\"]\n[Black \"new\"]\n\
        [FEN \"8/8/8/8/8/8/8/K6k b - - 0 1\"]\n[PlyCount \"3\"]\n\n\
        1... Kg1 {+0.00/8 0.500s} 2. Kb1 {-0.01/14 0.200s} Kf1 {+M3/20 0.100s}\n\
        {White loses on time 12/3 4s} 0-1\n\n";

    #[test]
    fn each_players_moves_are_found_by_colour_and_side_to_move_and_the_book_is_left_out() {
        let (games, players) = tally(PGN).unwrap();
        assert_eq!(games, 2);
        let new = players["new"];
        assert_eq!((new.moves, new.depths), (3, 12 + 8 + 20));
        assert!((new.seconds - 0.9).abs() < 1e-9, "{new:?}");
        let old = players["old"];
        assert_eq!((old.moves, old.depths), (2, 10 + 14));
        assert!((old.seconds - 0.3).abs() < 1e-9, "{old:?}");
    }

    #[test]
    fn the_table_gives_means_and_each_players_share_of_the_others_time() {
        let (games, players) = tally(PGN).unwrap();
        assert_eq!(
            table(games, &players).unwrap(),
            "player games moves seconds depth share\n\
             new 2 3 0.300 13.3 200.0%\n\
             old 2 2 0.150 12.0 50.0%\n"
        );
    }

    #[test]
    fn a_game_missing_a_comment_or_a_run_without_two_players_is_an_error() {
        let short = PGN.replacen("{+0.10/12 0.300s}", "", 1);
        let error = tally(&short).unwrap_err().to_string();
        assert!(error.contains("game 1: 4 plies, 4 comments"), "{error}");
        let (games, players) = tally("").unwrap();
        let error = table(games, &players).unwrap_err().to_string();
        assert!(error.contains("0 players"), "{error}");
    }

    #[test]
    fn windows_line_ends_read_the_same() {
        assert_eq!(
            tally(&PGN.replace('\n', "\r\n")).unwrap(),
            tally(PGN).unwrap()
        );
    }

    #[test]
    fn a_comment_without_a_depth_and_a_time_is_no_engine_move() {
        for comment in ["book", "0.010s", "+0.10/12", "+0.10/x 0.3s", "White mates"] {
            assert_eq!(engine_move(comment), None, "{comment}");
        }
        assert_eq!(engine_move("-1.50/9 0.042s"), Some((0.042, 9)));
    }
}
