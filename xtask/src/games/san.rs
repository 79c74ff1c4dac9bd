//! Standard algebraic notation (SAN), the notation of PGN files: `Nf3`, `exd5`, `O-O`,
//! `e8=Q+`. Written from a legal move in its position, and read back by writing every legal
//! move and finding the one that matches.

use anyhow::{Result, anyhow};
use cb2026::attacked::in_check;
use cb2026::movegen::legal_moves;
use cb2026::{Move, MoveKind, PieceType, Position};

/// The move `mv`, legal in `position`, in SAN, with `+` for check and `#` for mate.
pub fn to_san(position: &Position, mv: Move) -> String {
    let mut text = match mv.kind() {
        MoveKind::KingCastle => "O-O".to_string(),
        MoveKind::QueenCastle => "O-O-O".to_string(),
        _ => piece_move(position, mv),
    };
    let after = position.make(mv);
    if in_check(&after) {
        text.push(if legal_moves(&after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    text
}

/// A move other than castling in SAN, without its check mark: the piece's letter (none for
/// a pawn), as much of the starting square as tells it apart from another piece of its kind
/// that could go to the same square, `x` for a capture, the destination, and a promotion.
fn piece_move(position: &Position, mv: Move) -> String {
    let moved = position
        .piece_at(mv.from())
        .expect("a legal move starts on a piece")
        .piece_type;
    let mut text = String::new();
    if moved == PieceType::Pawn {
        if mv.is_capture() {
            text.push(mv.from().file().to_char());
        }
    } else {
        text.push(moved.to_char().to_ascii_uppercase());
        let rivals: Vec<_> = legal_moves(position)
            .as_slice()
            .iter()
            .filter(|other| other.to() == mv.to() && other.from() != mv.from())
            .filter(|other| position.piece_at(other.from()).map(|p| p.piece_type) == Some(moved))
            .map(|other| other.from())
            .collect();
        let from = mv.from();
        if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != from.file()) {
                text.push(from.file().to_char());
            } else if rivals.iter().all(|r| r.rank() != from.rank()) {
                text.push(from.rank().to_char());
            } else {
                text.push_str(&from.to_string());
            }
        }
    }
    if mv.is_capture() {
        text.push('x');
    }
    text.push_str(&mv.to().to_string());
    if let Some(piece) = mv.promotion() {
        text.push('=');
        text.push(piece.to_char().to_ascii_uppercase());
    }
    text
}

/// The legal move in `position` that `text` names in SAN. Check marks and annotations
/// (`+ # ! ?`) are optional, and castling may be written with zeros (`0-0`), as some files do.
pub fn from_san(position: &Position, text: &str) -> Result<Move> {
    let bare = |s: &str| {
        s.trim_end_matches(['+', '#', '!', '?'])
            .replace('0', "O")
            .to_string()
    };
    let wanted = bare(text);
    legal_moves(position)
        .as_slice()
        .iter()
        .copied()
        .find(|&mv| bare(&to_san(position, mv)) == wanted)
        .ok_or_else(|| anyhow!("{text:?} is not a legal move in {position}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cb2026::movegen::find_move;

    /// The SAN of the UCI move `uci` in the position `fen`.
    fn san(fen: &str, uci: &str) -> String {
        let position = Position::from_fen(fen).unwrap();
        to_san(&position, find_move(&position, uci).unwrap())
    }

    #[test]
    fn pieces_pawns_and_captures_are_written_as_pgn_writes_them() {
        let start = Position::startpos().to_string();
        assert_eq!(san(&start, "g1f3"), "Nf3");
        assert_eq!(san(&start, "e2e4"), "e4");
        let open = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(san(open, "e4d5"), "exd5");
        let en_passant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san(en_passant, "e5d6"), "exd6");
    }

    #[test]
    fn castling_promotion_check_and_mate_are_marked() {
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san(castle, "e1g1"), "O-O");
        assert_eq!(san(castle, "e1c1"), "O-O-O");
        let promote = "8/4P3/8/8/8/7k/8/4K3 w - - 0 1";
        assert_eq!(san(promote, "e7e8q"), "e8=Q");
        assert_eq!(san(promote, "e7e8n"), "e8=N");
        let check = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san(check, "a1a8"), "Ra8+");
        let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san(mate, "a1a8"), "Ra8#");
    }

    #[test]
    fn a_rival_piece_is_told_apart_by_file_then_rank_then_square() {
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(san(knights, "b1d2"), "Nbd2");
        let rooks = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san(rooks, "a1a4"), "R1a4");
        let queens = "8/7k/8/8/Q1Q5/8/Q7/4K3 w - - 0 1";
        assert_eq!(san(queens, "a4b3"), "Qa4b3");
        // A pinned rival cannot go there, so it needs no telling apart.
        let pinned = "4k3/8/8/8/8/8/8/r1N1KN2 w - - 0 1";
        assert_eq!(san(pinned, "f1d2"), "Nd2");
    }

    #[test]
    fn san_is_read_back_with_or_without_marks() {
        let position = Position::startpos();
        for (text, uci) in [("Nf3", "g1f3"), ("e4", "e2e4"), ("Nf3!?", "g1f3")] {
            assert_eq!(
                from_san(&position, text).unwrap().to_string(),
                uci,
                "{text}"
            );
        }
        let castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(from_san(&castle, "0-0").unwrap().to_string(), "e1g1");
        assert!(from_san(&position, "Nf6").is_err());
        assert!(from_san(&position, "e5").is_err());
    }
}
