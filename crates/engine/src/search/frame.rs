//! The search's stack: what it keeps about each ply of the path from the root.

use super::Searcher;
use crate::attacked::in_check;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;

/// What the search keeps about one ply of its current path, for the plies below to look back
/// at: the key (repetitions), whether the side to move is in check, the static evaluation,
/// the move that reached the ply with the piece that made it (that piece may be captured
/// later, so it is kept rather than looked up), whether that move was a null move, and
/// whether the node is expected to be a cut node; and, for section 14.1's singular
/// extensions, the move a singular search leaves out and what the singular test made of the
/// table's move.
///
/// Each fact is worked out once, when the ply is reached, and every step of the node reads it
/// from here: whether the king is in check is asked by the parent's check extension, by
/// reverse futility, the null move and the mate test, and was once worked out by each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// The position's Zobrist key.
    pub key: u64,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// The position's static evaluation: worked out at every node of the main search that is
    /// not in check, so that a node can compare its own with the one two plies up, where the
    /// same side was to move; `None` in check, where a quiet position's evaluation means
    /// nothing, and until the node has been entered.
    pub static_eval: Option<i32>,
    /// The move that led here and the piece that made it; `None` at the root.
    pub moved: Option<(Move, Piece)>,
    /// Whether the move that led here was a null move (passing the turn).
    pub null: bool,
    /// Whether the parent expects this node to be a cut node, one where a move will reach
    /// beta, rather than an all node, where every move will fail low. At a node that is not a
    /// PV node the two kinds alternate down the tree, as in a perfectly ordered tree; a late
    /// move's reduced scout and a PV node's scout are searched expecting the child to be cut
    /// off. Set by the parent before each search of the child ([`Searcher::search_child`],
    /// the null move); `false` at the root and at a PV node.
    pub cut_node: bool,
    /// The move the node's moves are searched without, while a singular search asks whether
    /// the table's move is the only good one ([`Searcher::singular_extension`]); `None` the
    /// rest of the time.
    pub excluded: Option<Move>,
    /// What the singular test found for the node's move from the table: that move, and the
    /// plies its search gets added (one for a singular move) or taken off (one for a move
    /// whose rivals do as well); `None` when the test did not run or found neither.
    pub singular: Option<(Move, i32)>,
}

impl Frame {
    /// The frame of `position` reached by no move: the root's, or a test's made-up node.
    pub fn of(position: &Position) -> Frame {
        Frame {
            key: position.key(),
            in_check: in_check(position),
            ..Frame::default()
        }
    }
}

impl Searcher<'_> {
    /// The position after `mv` in `position`, at `ply`, with the frame at `ply + 1` filled in
    /// for it. The singular test's two fields are left as they are: the child's own singular
    /// step sets them before anything reads them, and a singular search puts its excluded
    /// move back when it ends.
    #[inline]
    pub(super) fn play(&mut self, position: &Position, mv: Move, ply: usize) -> Position {
        let frame = &mut self.stack[ply + 1];
        frame.moved = Some((mv, position.moving_piece(mv)));
        let child = position.make(mv);
        frame.key = child.key();
        frame.in_check = in_check(&child);
        frame.static_eval = None;
        frame.null = false;
        child
    }

    /// The position after passing the turn in `position`, at `ply`, with the frame at
    /// `ply + 1` filled in for it: no move led there, and it was a null move. The side to
    /// move there is not in check: a pass is never made in check, and the side that did not
    /// move never stands in check in a legal position. The pass is searched like any move of
    /// a node that is not a PV node, so the child is expected to be the other kind of node.
    pub(super) fn play_null(&mut self, position: &Position, ply: usize) -> Position {
        let child = position.make_null();
        self.stack[ply + 1] = Frame {
            key: child.key(),
            in_check: false,
            static_eval: None,
            moved: None,
            null: true,
            cut_node: !self.stack[ply].cut_node,
            excluded: None,
            singular: None,
        };
        child
    }

    /// Whether the side to move at the node at `ply` is in check, as its frame says.
    pub(super) fn in_check(&self, ply: usize) -> bool {
        self.stack[ply].in_check
    }

    /// Whether the static evaluation of the node at `ply` is higher than it was two plies up,
    /// where the same side was to move: the position is getting better for that side, so
    /// more of its moves may be worth searching. Not improving when either evaluation is
    /// unknown: a node in check, or the root or a child of the root, which have nothing two
    /// plies up.
    pub(super) fn improving(&self, ply: usize) -> bool {
        let Some(before) = ply.checked_sub(2).map(|up| self.stack[up].static_eval) else {
            return false;
        };
        match (before, self.stack[ply].static_eval) {
            (Some(before), Some(now)) => now > before,
            _ => false,
        }
    }

    /// The static evaluation of `position`, the node at `ply`: worked out the first time a
    /// step asks for it and kept in the node's frame for the steps after it. With `corrhist`
    /// on, it is the evaluation corrected by what the search has measured
    /// ([`Searcher::corrected`]), and every step that reads it reads the corrected value.
    pub(super) fn static_eval(&mut self, position: &Position, ply: usize) -> i32 {
        if let Some(eval) = self.stack[ply].static_eval {
            return eval;
        }
        let eval = self.corrected(position, self.evaluate(position));
        self.stack[ply].static_eval = Some(eval);
        eval
    }

    /// Works out the static evaluation of `position`, the node at `ply`, into its frame, unless
    /// the side to move is in check: every later step, and the nodes two plies down, can then
    /// read it.
    pub(super) fn evaluate_node(&mut self, position: &Position, ply: usize) {
        if !self.in_check(ply) {
            self.static_eval(position, ply);
        }
    }
}
