//! The rules that end a game by themselves: checkmate, stalemate, threefold repetition, the
//! fifty-move rule and insufficient material. The match runner applies them after every move,
//! so no game depends on an engine to claim a draw or resign.

use cb2026::attacked::in_check;
use cb2026::movegen::legal_moves;
use cb2026::{Bitboard, PieceType, Position};

/// How a game ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleEnding {
    /// The side to move is in check and has no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
    /// The same position, with the same side to move, rights and en-passant square, has
    /// stood three times: a draw.
    Repetition,
    /// A hundred plies without a capture or a pawn move: a draw.
    FiftyMoves,
    /// Neither side has the pieces to mate: a draw.
    InsufficientMaterial,
}

/// The squares of the light colour (h1 is light), for telling bishops apart.
const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

/// How the game ends in `position`, if it does. `keys` are the Zobrist keys of every position
/// of the game so far, the current one last. The engine keys the en-passant square only when
/// a pawn can take there, as the repetition rule counts it, so equal keys are the same
/// position under the rule.
///
/// Checkmate is tested first, because mate given on the hundredth quiet ply is still mate.
pub fn ending(position: &Position, keys: &[u64]) -> Option<RuleEnding> {
    if legal_moves(position).is_empty() {
        return Some(if in_check(position) {
            RuleEnding::Checkmate
        } else {
            RuleEnding::Stalemate
        });
    }
    let key = position.key();
    if keys.iter().filter(|&&k| k == key).count() >= 3 {
        return Some(RuleEnding::Repetition);
    }
    if position.halfmove_clock() >= 100 {
        return Some(RuleEnding::FiftyMoves);
    }
    if insufficient_material(position) {
        return Some(RuleEnding::InsufficientMaterial);
    }
    None
}

/// Whether no sequence of legal moves can mate: bare kings, a king and one minor piece
/// against a bare king, or kings with bishops that all stand on squares of one colour.
fn insufficient_material(position: &Position) -> bool {
    let heavy_or_pawn = [PieceType::Pawn, PieceType::Rook, PieceType::Queen]
        .into_iter()
        .any(|kind| !position.pieces_of_type(kind).is_empty());
    if heavy_or_pawn {
        return false;
    }
    let knights = position.pieces_of_type(PieceType::Knight);
    let bishops = position.pieces_of_type(PieceType::Bishop);
    let minors = (knights | bishops).count();
    let one_colour_bishops = knights.is_empty()
        && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty());
    minors <= 1 || one_colour_bishops
}

#[cfg(test)]
mod tests {
    use super::*;
    use cb2026::movegen::find_move;

    /// How the game ends in `fen` with no history but the position itself.
    fn ends(fen: &str) -> Option<RuleEnding> {
        let position = Position::from_fen(fen).unwrap();
        ending(&position, &[position.key()])
    }

    #[test]
    fn mate_and_stalemate_end_the_game() {
        assert_eq!(
            ends("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
            Some(RuleEnding::Checkmate)
        );
        assert_eq!(
            ends("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
            Some(RuleEnding::Stalemate)
        );
        assert_eq!(ends(&Position::startpos().to_string()), None);
    }

    #[test]
    fn mate_on_the_hundredth_quiet_ply_is_still_mate() {
        assert_eq!(
            ends("7k/6Q1/6K1/8/8/8/8/8 b - - 100 80"),
            Some(RuleEnding::Checkmate)
        );
        assert_eq!(
            ends("7k/8/6K1/8/8/8/8/6Q1 b - - 100 80"),
            Some(RuleEnding::FiftyMoves)
        );
    }

    #[test]
    fn the_third_occurrence_of_a_position_is_a_draw_and_the_second_is_not() {
        let mut position = Position::startpos();
        let mut keys = vec![position.key()];
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        for (round, _) in [(), ()].iter().enumerate() {
            for uci in shuffle {
                assert_eq!(ending(&position, &keys), None, "round {round}");
                position = position.make(find_move(&position, uci).unwrap());
                keys.push(position.key());
            }
        }
        assert_eq!(ending(&position, &keys), Some(RuleEnding::Repetition));
    }

    #[test]
    fn a_position_after_a_double_step_no_pawn_can_take_repeats_with_its_twin() {
        // After 1. e4 no black pawn can take on e3, so the position after 1. e4 is the one that
        // stands again after 1… Nf6 2. Nf3 Ng8 3. Ng1 Nf6 …: the third time is a draw.
        let mut position = Position::startpos();
        position = position.make(find_move(&position, "e2e4").unwrap());
        let mut keys = vec![position.key()];
        for uci in [
            "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1",
        ] {
            assert_eq!(ending(&position, &keys), None, "before {uci}");
            position = position.make(find_move(&position, uci).unwrap());
            keys.push(position.key());
        }
        assert_eq!(ending(&position, &keys), Some(RuleEnding::Repetition));
        // Where a pawn can take en passant, the square is part of the position.
        let open = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let without = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap();
        assert_ne!(open.key(), without.key());
    }

    #[test]
    fn only_material_that_cannot_mate_is_insufficient() {
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3BKB2 w - - 0 1",
        ] {
            assert_eq!(ends(fen), Some(RuleEnding::InsufficientMaterial), "{fen}");
        }
        for fen in [
            "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
            "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        ] {
            assert_eq!(ends(fen), None, "{fen}");
        }
    }
}
