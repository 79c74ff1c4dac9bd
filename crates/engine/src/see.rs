//! Static exchange evaluation (SEE): what a move wins or loses in material once every capture
//! that may follow on its square has been made, each side choosing when to stop.
//!
//! A capture's ordering key (MVV-LVA) says what it takes and with what, not whether the
//! piece that takes is lost in return: a queen that takes a pawn defended by a pawn is a good
//! capture by its key and a bad one by the board. SEE plays the exchange out on the one
//! square, without a search: each side recaptures with its least valuable attacker, and may
//! stop whenever going on would lose more. Sliders behind the pieces that leave the square
//! join in as the pieces in front of them go (x-rays).
//!
//! Its rules, which the slow reference in the tests follows too: pins are ignored (a pinned
//! piece recaptures like any other), a king recaptures only onto a square the other side no
//! longer attacks once the king has left its own, and a pawn that reaches the last rank by a
//! recapture becomes a queen. En passant takes the pawn beside the square, which may open a
//! line. Castling wins nothing.

use crate::attacked::attackers_to;
use crate::attacks::{bishop_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::square::{Rank, Square};

/// The material value of each kind of piece in the exchange, pawn to king, in centipawns:
/// round numbers, since SEE asks "does this lose material?", not "how good is the position?".
/// The king's is never counted: it is never taken.
pub const SEE_VALUES: [i32; PieceType::NUM] = [100, 300, 300, 500, 900, 0];

/// The most captures one square can see: every piece on the board, and one more.
const MAX_EXCHANGE: usize = 33;

/// The value of a piece of kind `kind` in the exchange.
fn value(kind: PieceType) -> i32 {
    SEE_VALUES[kind.index()]
}

/// What `mv`, a legal move of `position`, wins in material for the side that plays it once
/// the exchange on its to-square is over, both sides playing it as well as SEE's rules allow:
/// 0 for a quiet move that nothing can take, the victim's value for a capture of an undefended
/// piece, a negative number for a move that loses material.
pub fn see(position: &Position, mv: Move) -> i32 {
    if matches!(mv.kind(), MoveKind::KingCastle | MoveKind::QueenCastle) {
        return 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let mover = position.moving_piece(mv);
    let mut occupied = position.occupied() ^ Bitboard::from_square(from);
    // What the first move takes, and what stands on the square after it.
    let mut gains = [0; MAX_EXCHANGE];
    gains[0] = match mv.kind() {
        MoveKind::EnPassant => {
            let taken = Square::new(to.file(), from.rank());
            occupied ^= Bitboard::from_square(taken);
            value(PieceType::Pawn)
        }
        _ => position
            .piece_at(to)
            .map_or(0, |piece| value(piece.piece_type)),
    };
    let mut on_square = mover.piece_type;
    if let Some(promoted) = mv.promotion() {
        gains[0] += value(promoted) - value(PieceType::Pawn);
        on_square = promoted;
    }
    let mut attackers = attackers_to(position, to, occupied) & occupied;
    let mut side = !mover.color;
    let mut depth = 0;
    while let Some((square, kind)) = least_valuable_attacker(position, attackers, side) {
        if kind == PieceType::King && king_may_not_take(position, to, square, occupied, side) {
            break;
        }
        depth += 1;
        // The side to capture takes what stands on the square, after what it had lost so far.
        gains[depth] = value(on_square) - gains[depth - 1];
        on_square = kind;
        if kind == PieceType::Pawn && is_last_rank(to, side) {
            gains[depth] += value(PieceType::Queen) - value(PieceType::Pawn);
            on_square = PieceType::Queen;
        }
        occupied ^= Bitboard::from_square(square);
        attackers |= x_rays(position, to, occupied);
        attackers &= occupied;
        side = !side;
    }
    // Each side may stop instead of capturing: going back from the last capture, a side
    // captures only if that leaves it better off than standing.
    while depth > 0 {
        gains[depth - 1] = gains[depth - 1].min(-gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Whether `mv`, a legal move of `position`, wins at least `threshold` by SEE: the answer of
/// `see(position, mv) >= threshold`, found without playing the exchange out when the move's
/// worst case already reaches the threshold. The worst case is what the move takes (and what
/// a promotion adds) less the piece it leaves on the square: the other side may take that
/// piece back, and the side that moved may then stop; unless the square is on the other
/// side's last rank, where a pawn that takes back becomes a queen and the worst case is
/// worse, so there the exchange is always played out. Most captures of the search take a
/// piece worth as much as the one that takes it, and need no exchange played out to know
/// they lose nothing.
pub fn see_at_least(position: &Position, mv: Move, threshold: i32) -> bool {
    let taken = match mv.kind() {
        MoveKind::EnPassant => value(PieceType::Pawn),
        _ => position
            .piece_at(mv.to())
            .map_or(0, |piece| value(piece.piece_type)),
    };
    let promoted = mv
        .promotion()
        .map_or(0, |kind| value(kind) - value(PieceType::Pawn));
    let left_on_square = mv
        .promotion()
        .unwrap_or(position.moving_piece(mv).piece_type);
    let worst_case = taken + promoted - value(left_on_square);
    let mover = position.moving_piece(mv).color;
    let known = worst_case >= threshold && !is_last_rank(mv.to(), !mover);
    known || see(position, mv) >= threshold
}

/// The square and kind of `side`'s least valuable piece among `attackers`, the lowest square
/// first among pieces of one kind; `None` when `side` has none.
fn least_valuable_attacker(
    position: &Position,
    attackers: Bitboard,
    side: Color,
) -> Option<(Square, PieceType)> {
    PieceType::ALL.into_iter().find_map(|kind| {
        let square = (attackers & position.pieces(side, kind)).first()?;
        Some((square, kind))
    })
}

/// Whether `side`'s king, on `square`, may not take on `to`: the other side still attacks
/// `to` once the king has left its square, with only the pieces in `occupied` still there.
fn king_may_not_take(
    position: &Position,
    to: Square,
    square: Square,
    occupied: Bitboard,
    side: Color,
) -> bool {
    let occupied = occupied ^ Bitboard::from_square(square);
    let defenders = attackers_to(position, to, occupied) & occupied & position.side(!side);
    !defenders.is_empty()
}

/// The sliders of either side that attack `to` through the squares in `occupied`: the ones
/// behind a piece that has just left the line join the exchange.
fn x_rays(position: &Position, to: Square, occupied: Bitboard) -> Bitboard {
    use PieceType::*;
    let queens = position.pieces_of_type(Queen);
    (bishop_attacks(to, occupied) & (position.pieces_of_type(Bishop) | queens))
        | (rook_attacks(to, occupied) & (position.pieces_of_type(Rook) | queens))
}

/// Whether `square` is the rank where `side`'s pawns promote.
fn is_last_rank(square: Square, side: Color) -> bool {
    let last = match side {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    };
    square.rank() == last
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::reference_attacks;
    use crate::movegen::{find_move, legal_moves};
    use crate::piece::Piece;
    use crate::rng::Rng;

    /// What stands on each square, by the square's index: the reference's board.
    type Board = [Option<Piece>; Square::NUM];

    /// The reference's board of `position`.
    fn board_of(position: &Position) -> Board {
        Square::ALL.map(|square| position.piece_at(square))
    }

    /// The squares `board` has a piece on.
    fn occupied(board: &Board) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|square| board[square.index()].is_some())
            .collect()
    }

    /// The square of `side`'s least valuable piece on `board` that attacks `to`, the lowest
    /// square first among pieces of one kind: found by walking every piece's rays on the
    /// board as it stands.
    fn cheapest_attacker(board: &Board, to: Square, side: Color) -> Option<Square> {
        let occupied = occupied(board);
        let mut cheapest: Option<(usize, Square)> = None;
        for square in Square::ALL {
            let Some(piece) = board[square.index()] else {
                continue;
            };
            let attacks = reference_attacks(piece, square, occupied).contains(to);
            let cheaper = cheapest.is_none_or(|(kind, _)| piece.piece_type.index() < kind);
            if piece.color == side && attacks && cheaper {
                cheapest = Some((piece.piece_type.index(), square));
            }
        }
        cheapest.map(|(_, square)| square)
    }

    /// The most `side` can win by taking on `to` in `board` and playing the exchange on,
    /// or 0 if it had better not take (or cannot): the exchange played out move by move on
    /// a board, each reply searched, by the same rules as [`see`].
    fn best_recapture(board: &Board, to: Square, side: Color) -> i32 {
        let Some(from) = cheapest_attacker(board, to, side) else {
            return 0;
        };
        let attacker = board[from.index()].expect("an attacker stands on its square");
        let mut after = *board;
        after[from.index()] = None;
        if attacker.piece_type == PieceType::King && cheapest_attacker(&after, to, !side).is_some()
        {
            return 0;
        }
        let taken = board[to.index()].expect("a piece stands on the square");
        let placed = if attacker.piece_type == PieceType::Pawn && is_last_rank(to, side) {
            Piece::new(side, PieceType::Queen)
        } else {
            attacker
        };
        after[to.index()] = Some(placed);
        let gain = value(taken.piece_type) + value(placed.piece_type) - value(attacker.piece_type);
        (gain - best_recapture(&after, to, !side)).max(0)
    }

    /// [`see`]'s answer worked out the slow way: make `mv` on a board, then search every
    /// reply on its square with [`best_recapture`].
    fn reference_see(position: &Position, mv: Move) -> i32 {
        if matches!(mv.kind(), MoveKind::KingCastle | MoveKind::QueenCastle) {
            return 0;
        }
        let (from, to) = (mv.from(), mv.to());
        let mut board = board_of(position);
        let mover = board[from.index()]
            .take()
            .expect("a move starts on a piece");
        let mut gain = board[to.index()].map_or(0, |piece| value(piece.piece_type));
        if mv.kind() == MoveKind::EnPassant {
            board[Square::new(to.file(), from.rank()).index()] = None;
            gain = value(PieceType::Pawn);
        }
        let placed = mv
            .promotion()
            .map_or(mover, |kind| Piece::new(mover.color, kind));
        gain += value(placed.piece_type) - value(mover.piece_type);
        board[to.index()] = Some(placed);
        gain - best_recapture(&board, to, !mover.color)
    }

    /// What SEE says of the move `uci` in `fen`.
    fn see_of(fen: &str, uci: &str) -> i32 {
        let position = Position::from_fen(fen).unwrap();
        see(&position, find_move(&position, uci).unwrap())
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
    }

    #[test]
    fn a_defended_pawn_taken_by_a_rook_loses_the_exchange() {
        assert_eq!(
            see_of("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            100 - 500
        );
    }

    #[test]
    fn a_rook_behind_a_rook_joins_the_exchange() {
        // Rxd5 Rxd5 Rxd5 Rxd5: the rook on d8 sees d5 only once the rook on d7 has left.
        let doubled = "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert_eq!(see_of(doubled, "d2d5"), 100 - 500 + 500 - 500);
        // With one black rook, White's second rook has the last word.
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // With one white rook, the first is lost for the pawn.
        assert_eq!(
            see_of("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"),
            100 - 500
        );
    }

    #[test]
    fn a_side_stops_when_taking_back_would_lose_more() {
        // Qxd5 Rxd5 exd5: Black takes the queen, White takes the rook back, and White has
        // given the queen for a pawn and a rook.
        assert_eq!(
            see_of("3rk3/8/8/3p4/4P3/8/8/3QK3 w - - 0 1", "d1d5"),
            100 - 900 + 500
        );
        // A pawn for a pawn: exd5 exd5.
        assert_eq!(
            see_of("4k3/8/4p3/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            100 - 100
        );
        // Black does not take back with the rook on d8 when the pawn on e4 would take it.
        assert_eq!(see_of("3rk3/8/8/3p4/4P3/8/8/3RK3 w - - 0 1", "d1d5"), 100);
    }

    #[test]
    fn en_passant_takes_the_pawn_beside_the_square() {
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    }

    #[test]
    fn en_passant_can_open_a_line_to_the_square() {
        // After exd6 the d5 pawn has gone, and the rook on d2 sees d6 through its square.
        assert_eq!(
            see_of("4k3/8/8/3pP3/8/8/3r4/7K w - d6 0 1", "e5d6"),
            100 - 100
        );
    }

    #[test]
    fn a_promotion_counts_the_new_piece() {
        assert_eq!(
            see_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"),
            500 + 800
        );
        assert_eq!(
            see_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n"),
            300 - 100
        );
        // A pawn that takes back on the last rank becomes a queen too: Rxb8 axb8=Q, and
        // Black has given a rook and handed White a queen for the queen it took.
        let fen = "1Q2k3/P7/8/8/8/8/7K/1r6 b - - 0 1";
        assert_eq!(see_of(fen, "b1b8"), 900 - 500 - 800);
    }

    #[test]
    fn the_king_takes_back_only_onto_a_square_it_may_stand_on() {
        // Qxf7+: the king may take the queen unless the bishop on c4 defends f7.
        assert_eq!(
            see_of("6k1/5p2/8/8/8/8/8/4KQ2 w - - 0 1", "f1f7"),
            100 - 900
        );
        assert_eq!(see_of("6k1/5p2/8/8/2B5/8/8/4KQ2 w - - 0 1", "f1f7"), 100);
    }

    #[test]
    fn a_pinned_piece_takes_back_by_the_rules() {
        // The knight on d7 is pinned to its king by the bishop on b5, and SEE ignores pins:
        // it takes back on e5.
        assert_eq!(
            see_of("4k3/3n4/8/1B2p3/8/8/8/4RK2 w - - 0 1", "e1e5"),
            100 - 500
        );
    }

    #[test]
    fn a_quiet_move_onto_an_attacked_square_loses_the_piece() {
        assert_eq!(see_of("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5"), -300);
        assert_eq!(see_of("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", "c3d5"), 0);
        assert_eq!(see_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), 0);
    }

    /// Positions to start the random games from: the start, and a few full of exchanges.
    const STARTS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];

    #[test]
    fn see_and_see_at_least_agree_with_the_exchange_played_out_on_random_positions() {
        let mut rng = Rng::new(0x5ee);
        let mut checked = 0;
        // How many moves lost material, and how many won it: the exchanges that test SEE.
        let mut signs = [0, 0];
        for fen in STARTS {
            for _game in 0..8 {
                let mut position = Position::from_fen(fen).unwrap();
                for _ply in 0..120 {
                    let moves = legal_moves(&position);
                    if moves.is_empty() {
                        break;
                    }
                    for &mv in moves.as_slice() {
                        let expected = reference_see(&position, mv);
                        assert_eq!(see(&position, mv), expected, "{mv} in {position:?}");
                        for threshold in [-300, -100, -1, 0, 1, 100, 300] {
                            assert_eq!(
                                see_at_least(&position, mv, threshold),
                                expected >= threshold,
                                "{mv} at {threshold} in {position:?}"
                            );
                        }
                        checked += 1;
                        if expected != 0 {
                            signs[usize::from(expected > 0)] += 1;
                        }
                    }
                    let pick = (rng.next_u64() % moves.len() as u64) as usize;
                    position = position.make(moves.as_slice()[pick]);
                }
            }
        }
        assert!(checked > 50_000, "only {checked} moves checked");
        let [losing, winning] = signs;
        assert!(
            losing > 5_000 && winning > 5_000,
            "{losing} losing, {winning} winning"
        );
    }
}
