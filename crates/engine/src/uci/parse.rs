//! Reading the two commands that carry data: `position`, which sets up the position to search,
//! and `go`, which says how long to search it.

use crate::limits::Limits;
use crate::movegen::find_move;
use crate::piece::Color;
use crate::position::Position;
use crate::time::budget;

/// The position a `position` command describes: `startpos` or `fen FEN`, then optionally
/// `moves` and moves in UCI notation, each of which must be legal where it is played. With it,
/// the keys of the positions the moves passed through, oldest first.
pub(super) fn parse_position(words: &[&str]) -> Result<(Position, Vec<u64>), String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let mut position = match setup {
        ["startpos"] => Position::startpos(),
        ["fen", fen @ ..] => {
            Position::from_fen(&fen.join(" ")).map_err(|e| format!("bad FEN: {e}"))?
        }
        _ => {
            return Err(
                "position needs `startpos` or `fen FEN`, then optionally `moves …`".to_string(),
            );
        }
    };
    let mut history = Vec::new();
    for text in moves.iter().skip(1) {
        let mv = find_move(&position, text)?;
        history.push(position.key());
        position = position.make(mv);
    }
    Ok((position, history))
}

/// The words that start a part of a `go` command: the arms of [`parse_go`]'s `match`, which
/// must change with them. After `searchmoves`, every word up to the next of these is a move,
/// and must be legal.
pub(super) const GO_KEYWORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// The limits of a `go` command: each keyword with its number, `infinite`, `ponder`, or
/// `searchmoves` followed by moves that must be legal in `position`.
pub(super) fn parse_go(position: &Position, words: &[&str]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut words = words.iter().peekable();
    while let Some(&word) = words.next() {
        let mut number = || -> Result<u64, String> {
            let text = words
                .next()
                .ok_or_else(|| format!("go {word} needs a number"))?;
            // Some GUIs send a negative time left when a clock has run out: that is no time.
            let n: i64 = text
                .parse()
                .map_err(|_| format!("go {word}: {text:?} is not a whole number"))?;
            Ok(n.max(0) as u64)
        };
        match word {
            "wtime" => limits.white_time = Some(number()?),
            "btime" => limits.black_time = Some(number()?),
            "winc" => limits.white_increment = Some(number()?),
            "binc" => limits.black_increment = Some(number()?),
            "movestogo" => limits.moves_to_go = Some(number()?),
            "movetime" => limits.move_time = Some(number()?),
            "depth" => limits.depth = Some(number()?),
            "nodes" => limits.nodes = Some(number()?),
            "mate" => limits.mate = Some(number()?),
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "searchmoves" => {
                while let Some(text) = words.next_if(|w| !GO_KEYWORDS.contains(w)) {
                    limits.search_moves.push(find_move(position, text)?);
                }
                if limits.search_moves.is_empty() {
                    return Err("go searchmoves needs at least one move".to_string());
                }
            }
            other => return Err(format!("go: unknown parameter {other:?}")),
        }
    }
    own_clock(position, &limits)?;
    Ok(limits)
}

/// Refuses a `go` that speaks of the clock but gives the side to move no time budget
/// ([`budget`]: no clock of its own and no `movetime`) and sets no other end to the search:
/// `go btime 60000` with White to move would search without a deadline until the game is
/// lost on time.
fn own_clock(position: &Position, limits: &Limits) -> Result<(), String> {
    let side = position.side_to_move();
    let clock_words = limits.white_time.is_some()
        || limits.black_time.is_some()
        || limits.white_increment.is_some()
        || limits.black_increment.is_some()
        || limits.moves_to_go.is_some();
    let other_end = limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.mate.is_some()
        || limits.infinite;
    if clock_words && budget(limits, side).is_none() && !other_end {
        let (name, word) = match side {
            Color::White => ("White", "wtime"),
            Color::Black => ("Black", "btime"),
        };
        return Err(format!("go: {name} is to move but no {word} was given"));
    }
    Ok(())
}
