//! Opening sets: the positions games start from. A set is an EPD file (a position a line) or
//! a PGN file (the moves of each game, from the start position or its `FEN` tag). The
//! repository carries its own set, `book/data/openings.epd`, made by `cargo xtask openings`.

use super::san::from_san;
use anyhow::{Context, Result, bail};
use cb2026::attacked::{attackers_to, in_check};
use cb2026::attacks::pawn_attacks;
use cb2026::config::SearchConfig;
use cb2026::movegen::legal_moves;
use cb2026::rng::Rng;
use cb2026::score::MATE_BOUND;
use cb2026::search::{Control, Depth, Searcher, root_moves};
use cb2026::tt::TranspositionTable;
use cb2026::{Color, Move, PieceType, Position};
use std::collections::HashSet;
use std::path::Path;

/// Where games start: a position, and moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The starting position's FEN.
    pub fen: String,
    /// Moves from there, each legal where it is played.
    pub moves: Vec<Move>,
}

impl Opening {
    /// The starting position, before the opening's moves.
    pub fn start(&self) -> Position {
        Position::from_fen(&self.fen).expect("an opening's FEN was checked when it was read")
    }
}

/// The openings in the file at `path`: PGN if its name ends in `.pgn`, EPD otherwise.
pub fn load(path: &Path) -> Result<Vec<Opening>> {
    let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
    parse(path, &text)
}

/// The openings of the set that the file at `path` held as the git blob `blob`, whatever the
/// file holds now: the set an open run's record names, which the run must go on playing.
pub fn load_blob(path: &Path, blob: &str) -> Result<Vec<Opening>> {
    let text =
        crate::run_output(std::process::Command::new("git").args(["cat-file", "blob", blob]))
            .with_context(|| format!("{} as git blob {blob}", path.display()))?;
    parse(path, &text)
}

/// The openings of `text`, the set named `path`: PGN if the name ends in `.pgn`, EPD
/// otherwise.
fn parse(path: &Path, text: &str) -> Result<Vec<Opening>> {
    let is_pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let openings = if is_pgn {
        from_pgn(text)
    } else {
        from_epd(text)
    }
    .with_context(|| path.display().to_string())?;
    if openings.is_empty() {
        bail!("{}: no openings in it", path.display());
    }
    Ok(openings)
}

/// The openings of an EPD text: a position a line, its first four fields a FEN's (placement,
/// side, castling, en passant); operations after them are ignored. Blank lines and lines
/// starting with `#` are skipped.
pub fn from_epd(text: &str) -> Result<Vec<Opening>> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        let fen = format!("{} 0 1", fields.join(" "));
        let position = Position::from_fen(&fen).with_context(|| format!("line {}", number + 1))?;
        openings.push(Opening {
            fen: position.to_string(),
            moves: Vec::new(),
        });
    }
    Ok(openings)
}

/// The openings of a PGN text, one a game: its `FEN` tag or the start position, and the moves
/// of its main line. Comments, variations, move numbers, annotation glyphs and results are
/// passed over.
pub fn from_pgn(text: &str) -> Result<Vec<Opening>> {
    let mut openings = Vec::new();
    let mut fen = None;
    let mut movetext = String::new();
    let mut finish = |fen: &mut Option<String>, movetext: &mut String| -> Result<()> {
        if fen.is_some() || !movetext.trim().is_empty() {
            let number = openings.len() + 1;
            let start = fen
                .take()
                .unwrap_or_else(|| Position::startpos().to_string());
            let opening = pgn_game(&start, movetext).with_context(|| format!("game {number}"))?;
            openings.push(opening);
        }
        movetext.clear();
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.trim().is_empty() {
                finish(&mut fen, &mut movetext)?;
            }
            if let Some(value) = tag.strip_prefix("FEN \"") {
                fen = Some(value.trim_end_matches(['"', ']']).to_string());
            }
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    finish(&mut fen, &mut movetext)?;
    Ok(openings)
}

/// One PGN game's opening: its moves from `fen`, read from `movetext`.
fn pgn_game(fen: &str, movetext: &str) -> Result<Opening> {
    let start = Position::from_fen(fen).context("FEN tag")?;
    let mut position = start.clone();
    let mut moves = Vec::new();
    // Comments and variations are passed over. A comment, `{…}`, ends at its first `}`,
    // whatever it holds; variations, `(…)`, nest, and may hold comments.
    let (mut in_comment, mut variations) = (false, 0_usize);
    let mut token = String::new();
    let mut tokens = Vec::new();
    for c in movetext.chars() {
        if in_comment {
            in_comment = c != '}';
            continue;
        }
        match c {
            '{' => {
                tokens.push(std::mem::take(&mut token));
                in_comment = true;
            }
            '(' => {
                tokens.push(std::mem::take(&mut token));
                variations += 1;
            }
            ')' => {
                tokens.push(std::mem::take(&mut token));
                variations = variations.saturating_sub(1);
            }
            _ if variations > 0 => {}
            c if c.is_whitespace() => tokens.push(std::mem::take(&mut token)),
            c => token.push(c),
        }
    }
    tokens.push(token);
    for token in tokens.iter().filter(|t| !t.is_empty()) {
        match token.as_str() {
            "1-0" | "0-1" | "1/2-1/2" | "*" => break,
            t if t.starts_with('$') => {}
            t => {
                // A move number may stand alone (`12.`, `12...`) or be glued to the move.
                let san = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san.is_empty() {
                    continue;
                }
                let mv = from_san(&position, san)?;
                position = position.make(mv);
                moves.push(mv);
            }
        }
    }
    Ok(Opening {
        fen: start.to_string(),
        moves,
    })
}

/// How deep, in plies, the engine searches a candidate opening to judge it. Eight plies of
/// the last stage's search find the openings that Stockfish at depth 12 calls decided (the
/// record `openings-check-first`), where four plies of stage 10's, the first rule, did not;
/// the test that checks the whole committed set at this depth takes seconds.
pub const JUDGE_DEPTH: u32 = 8;

/// The stage whose search judges the openings: stage 20, the last, with the tuned evaluation.
pub const JUDGE_STAGE: u32 = 20;

/// The largest score, in centipawns either way, an opening may have at [`JUDGE_DEPTH`]: about
/// a pawn, the most a game's first moves should hand either side.
pub const LEVEL_CP: i32 = 100;

/// The engine's own score for `position`, searched `depth` plies deep from the side to move's
/// point of view. The one call into the search that judging openings makes.
pub fn engine_score(position: &Position, depth: u32) -> i32 {
    let moves = root_moves(position, &[]);
    // The last stage's search under its preset: the rule does not move when main's search
    // learns something new.
    let judge = SearchConfig::preset(JUDGE_STAGE).expect("the judge's stage is a stage");
    let mut table = TranspositionTable::new(1).expect("a table of 1 MB");
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, judge);
    searcher
        .iterate(position, moves, depth as Depth, None, |_| {})
        .score
}

/// Whether `position` is undecided: it has a legal move, and searched [`JUDGE_DEPTH`] plies
/// deep it scores no mate and at most [`LEVEL_CP`] either way.
pub fn undecided(position: &Position) -> bool {
    let score = engine_score(position, JUDGE_DEPTH);
    !legal_moves(position).as_slice().is_empty()
        && score.abs() < MATE_BOUND
        && score.abs() <= LEVEL_CP
}

/// How many draws in a row may find no new opening before [`generate`] gives up.
const FRUITLESS_DRAWS: usize = 100_000;

/// The repository's own opening set: `count` different positions, each reached from the start
/// position by `plies` random quiet developing moves, drawn from a stream seeded by `seed`.
///
/// A move is allowed if it moves a pawn, knight or bishop, captures nothing, gives no check
/// and does not put the piece where an enemy pawn attacks it. A position is kept if no piece
/// of either side stands attacked by a pawn or attacked and undefended, and if `keep` accepts
/// it (the set `cargo xtask openings` writes keeps only [`undecided`] ones). Such positions
/// are quiet and about level, so a game's result says more about the engines than about where
/// it started; playing each twice with colours swapped cancels what imbalance is left.
///
/// Few plies allow few positions (one ply, at most the twenty first moves): if
/// [`FRUITLESS_DRAWS`] draws in a row find nothing new, it gives up and says how many it found.
pub fn generate(
    seed: u64,
    count: usize,
    plies: usize,
    keep: impl Fn(&Position) -> bool,
) -> Result<Vec<Position>> {
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut fruitless = 0;
    while found.len() < count {
        if fruitless == FRUITLESS_DRAWS {
            bail!(
                "only {} different openings {plies} plies deep turned up before {FRUITLESS_DRAWS} \
                 draws in a row found no new one: ask for fewer, or for more plies",
                found.len()
            );
        }
        fruitless += 1;
        let mut position = Position::startpos();
        for _ in 0..plies {
            let candidates: Vec<Move> = legal_moves(&position)
                .as_slice()
                .iter()
                .copied()
                .filter(|&mv| developing(&position, mv))
                .collect();
            if candidates.is_empty() {
                break;
            }
            let pick = rng.next_u64() as usize % candidates.len();
            position = position.make(candidates[pick]);
        }
        if position.fullmove_number() as usize == 1 + plies / 2
            && quiet(&position)
            && seen.insert(position.key())
            && keep(&position)
        {
            found.push(position);
            fruitless = 0;
        }
    }
    Ok(found)
}

/// Whether `mv` is a quiet developing move, as `generate` allows them.
fn developing(position: &Position, mv: Move) -> bool {
    let Some(piece) = position.piece_at(mv.from()) else {
        return false;
    };
    let kinds = [PieceType::Pawn, PieceType::Knight, PieceType::Bishop];
    if !kinds.contains(&piece.piece_type) || mv.is_capture() || mv.promotion().is_some() {
        return false;
    }
    let after = position.make(mv);
    let enemy_pawns = after.pieces(!piece.color, PieceType::Pawn);
    let attacked_by_pawn = !(pawn_attacks(piece.color, mv.to()) & enemy_pawns).is_empty()
        && piece.piece_type != PieceType::Pawn;
    !in_check(&after) && !attacked_by_pawn
}

/// Whether no piece in `position` stands attacked by an enemy pawn (pawns aside) or attacked
/// and undefended.
fn quiet(position: &Position) -> bool {
    Color::ALL.into_iter().all(|color| {
        let pawns = position.pieces(!color, PieceType::Pawn);
        position.side(color).into_iter().all(|square| {
            let piece = position
                .piece_at(square)
                .expect("a square of the side holds a piece");
            let attackers = attackers_to(position, square, position.occupied());
            let enemies = attackers & position.side(!color);
            let friends = attackers & position.side(color);
            let by_pawn = !(pawn_attacks(color, square) & pawns).is_empty();
            let hit_by_pawn = by_pawn && piece.piece_type != PieceType::Pawn;
            !hit_by_pawn && (enemies.is_empty() || !friends.is_empty())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_become_positions_and_bad_ones_are_named() {
        let text =
            "# a comment\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c0 \"e4\";\n";
        let openings = from_epd(text).unwrap();
        assert_eq!(openings.len(), 1);
        assert_eq!(
            openings[0].fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        let error = format!("{:#}", from_epd("8/8/8/8 w - -\n").unwrap_err());
        assert!(error.starts_with("line 1: "), "{error}");
    }

    #[test]
    fn pgn_games_become_their_main_lines() {
        let text = "[Event \"a\"]\n[Site \"?\"]\n\n1. e4 {best by test} e5 2. Nf3 (2. f4 exf4) Nc6 $1 3.Bb5 1-0\n\n\
                    [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n";
        let openings = from_pgn(text).unwrap();
        assert_eq!(openings.len(), 2);
        let first: Vec<String> = openings[0].moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(first, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
        let end = openings[1]
            .moves
            .iter()
            .fold(openings[1].start(), |position, &mv| position.make(mv));
        assert_eq!(end.to_string(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
    }

    #[test]
    fn a_comment_ends_at_its_first_brace_whatever_it_holds_and_variations_nest() {
        let text = "1. e4 {a ( that never closes} e5 2. Nf3 (2. f4 (2. d4 {a {gambit}) exf4) \
                    Nc6{glued}3. Bb5 *\n";
        let first: Vec<String> = from_pgn(text).unwrap()[0]
            .moves
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(first, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
    }

    #[test]
    fn a_bad_pgn_move_names_its_game() {
        let error = format!(
            "{:#}",
            from_pgn("1. e4 e5\n\n[Event \"b\"]\n\n1. e5 *\n").unwrap_err()
        );
        assert!(
            error.starts_with("game 2: \"e5\" is not a legal move"),
            "{error}"
        );
    }

    #[test]
    fn asking_for_more_openings_than_the_plies_allow_is_refused_not_looped_on() {
        let error = generate(1, 30, 1, |_| true).unwrap_err().to_string();
        assert!(error.starts_with("only "), "{error}");
        assert!(error.contains("openings 1 plies deep"), "{error}");
    }

    #[test]
    fn generated_openings_are_distinct_quiet_and_the_same_every_time() {
        let openings = generate(7, 20, 8, |_| true).unwrap();
        assert_eq!(openings.len(), 20);
        let keys: HashSet<u64> = openings.iter().map(Position::key).collect();
        assert_eq!(keys.len(), 20);
        for position in &openings {
            assert_eq!(position.fullmove_number(), 5, "{position}");
            assert!(quiet(position), "{position}");
            assert_eq!(position.side_to_move(), Color::White);
        }
        assert_eq!(generate(7, 20, 8, |_| true).unwrap(), openings);
        let level = generate(7, 20, 8, undecided).unwrap();
        assert!(level.iter().all(undecided));
        assert_ne!(
            level, openings,
            "the seed's first twenty include a decided one"
        );
    }

    #[test]
    fn mates_and_a_hanging_queen_are_decided_and_the_start_is_not() {
        let decided = [
            // The old set's first opening: White mates with Qh5.
            "rnbqkbnr/pp1pp2p/8/2p2pp1/2P5/4P3/PPNP1PPP/R1BQKBNR w KQkq - 0 1",
            // Its 62nd: Bxd8 wins Black's queen.
            "rnbqk1nr/2pp1ppp/pp1b4/4p1B1/8/2PP3N/PP2PPPP/RN1QKB1R w KQkq - 0 1",
            // The fool's mate, Black to play Qh4, and after it, White mated.
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        ];
        for fen in decided {
            assert!(!undecided(&Position::from_fen(fen).unwrap()), "{fen}");
        }
        assert!(undecided(&Position::startpos()));
    }

    #[test]
    fn the_openings_stockfish_called_decided_are_decided_by_the_judge() {
        // The record of Stockfish's check of the first set lists, one a comment line, each
        // opening it scored beyond the bound: `#   NUMBER: SCORE (FEN)`.
        let path = crate::repo_root().join("book/data/openings-check-first.txt");
        let text = std::fs::read_to_string(&path).unwrap();
        let fens: Vec<&str> = text
            .lines()
            .filter(|line| line.starts_with("#   "))
            .filter_map(|line| line.split_once('(')?.1.strip_suffix(')'))
            .collect();
        assert!(!fens.is_empty(), "the record lists no openings");
        for fen in fens {
            assert!(!undecided(&Position::from_fen(fen).unwrap()), "{fen}");
        }
    }

    #[test]
    fn every_opening_in_the_committed_set_is_undecided() {
        let path = crate::repo_root().join("book/data/openings.epd");
        let openings = load(&path).unwrap();
        let decided: Vec<&str> = openings
            .iter()
            .filter(|opening| !undecided(&opening.start()))
            .map(|opening| opening.fen.as_str())
            .collect();
        assert!(decided.is_empty(), "decided openings: {decided:#?}");
    }
}
