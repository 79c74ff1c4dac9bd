//! Diagrams: positions and sets of squares, written in a chapter as text and drawn as SVG.
//!
//! A chapter writes a diagram as a comment block, one panel a line:
//!
//! ```text
//! <!-- diagram knight-d4
//! board fen="8/8/8/8/3N4/8/8/8 w - - 0 1" marks="c2 e2" arrows="d4c2" caption="A knight"
//! bitboard squares="c2 e2" caption="Its attacks"
//! bitboard value="0x0000000000001400"
//! -->
//! ```
//!
//! and under it stands one generated line of HTML showing the panels side by side, each an
//! SVG file in book/src/diagrams. The text is the source: the check redraws every panel and
//! compares, so a diagram cannot go stale, and an invalid FEN or square fails the check.

use crate::chapters::{BOOK_SRC, Block, Context, Generated};
use crate::svg::{self, Board};
use anyhow::{Context as _, Result, anyhow, bail};
use cb2026::Square;
use cb2026::attacks::{BISHOP_MAGICS, ROOK_MAGICS, Slider, relevant_blockers};
use std::path::Path;

/// A diagram as a chapter writes it: a name, unique in the book, and its panels.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    /// The name, which names its SVG files.
    pub id: String,
    /// The panels, drawn side by side in order.
    pub panels: Vec<Panel>,
}

/// One drawing of a diagram.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// What is drawn.
    pub kind: PanelKind,
    /// The caption under it, if any.
    pub caption: Option<String>,
    /// The text alternative: what the drawing shows, as text (the FEN, the squares).
    pub alt: String,
}

/// What a panel draws.
#[derive(Clone, Debug, PartialEq)]
pub enum PanelKind {
    /// A position, with marked squares and arrows (boxed: it is large beside a bitboard).
    Board(Box<Board>),
    /// A set of squares.
    Bitboard(u64),
    /// A table of one value a square, drawn as a heat map: a piece-square table of the
    /// engine's own evaluation.
    Heat(Box<[i32; 64]>),
    /// One step of a magic lookup, worked with the engine's own mask and multiplier: a 64-bit
    /// number drawn as a bitboard, with the top `window` bits shaded (0 for none).
    Magic {
        /// The number drawn: the blockers, the multiplier or the product.
        bits: u64,
        /// How many of its top bits to shade as the index.
        window: u32,
    },
}

/// The first line of a diagram's comment block, `<!-- diagram ID`: the ID, if `line` is one.
pub fn start(line: &str) -> Option<&str> {
    let id = line.trim().strip_prefix("<!-- diagram ")?.trim();
    (!id.contains("-->")).then_some(id)
}

/// Whether `file`, a file name in book/src/diagrams, is one that diagram `id` draws or
/// would draw: `ID.svg` or `ID-N.svg`.
pub fn belongs_to(file: &str, id: &str) -> bool {
    let Some(stem) = file.strip_suffix(".svg") else {
        return false;
    };
    let panel = stem
        .strip_prefix(id)
        .and_then(|rest| rest.strip_prefix('-'));
    stem == id || panel.is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// The line that closes a diagram's comment block.
pub const END: &str = "-->";

/// The prefix of the generated line that shows a diagram. Its class names the number of
/// panels too, `panels-4`, so the style sheet can lay four out two by two on a phone.
pub const HTML_PREFIX: &str = "<div class=\"diagrams";

impl Diagram {
    /// Reads a diagram named `id` from its panel lines. An error names the panel (from 1)
    /// and what is wrong with it.
    pub fn parse(id: &str, lines: &[&str]) -> Result<Diagram> {
        let valid_id = id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if id.is_empty() || !valid_id {
            bail!("diagram name {id:?}: use lower-case letters, digits and '-'");
        }
        let lines = lines.iter().filter(|l| !l.trim().is_empty());
        let panels = lines
            .enumerate()
            .map(|(i, line)| {
                Panel::parse(line).with_context(|| format!("diagram {id}, panel {}", i + 1))
            })
            .collect::<Result<Vec<_>>>()?;
        if panels.is_empty() {
            bail!("diagram {id} has no panels");
        }
        Ok(Diagram {
            id: id.to_string(),
            panels,
        })
    }

    /// The SVG files the diagram is drawn in, relative to book/src, with their contents:
    /// `diagrams/ID.svg` for a single panel, `diagrams/ID-1.svg`, `-2`, … for several.
    pub fn files(&self) -> Vec<(String, String)> {
        let many = self.panels.len() > 1;
        let name = |i: usize| match many {
            true => format!("diagrams/{}-{}.svg", self.id, i + 1),
            false => format!("diagrams/{}.svg", self.id),
        };
        let drawn = self
            .panels
            .iter()
            .enumerate()
            .map(|(i, panel)| (name(i), panel.svg()));
        drawn.collect()
    }

    /// The line of HTML that shows the panels side by side, each with its text alternative
    /// and caption.
    pub fn html(&self) -> String {
        let mut html = format!("{HTML_PREFIX} panels-{}\">", self.panels.len());
        for (panel, (file, _)) in self.panels.iter().zip(self.files()) {
            html.push_str(&format!(
                "<figure><img src=\"{file}\" alt=\"{}\">",
                escape(&panel.alt)
            ));
            if let Some(caption) = &panel.caption {
                html.push_str(&format!("<figcaption>{}</figcaption>", escape(caption)));
            }
            html.push_str("</figure>");
        }
        html.push_str("</div>");
        html
    }
}

impl Panel {
    /// Reads a panel line: `board fen="…" [marks="…"] [arrows="…"] [caption="…"]` or
    /// `bitboard squares="…"|value="…" [caption="…"]`.
    fn parse(line: &str) -> Result<Panel> {
        let (kind, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let fields = fields(rest)?;
        let get = |key: &str| {
            fields
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        let allowed: &[&str] = match kind {
            "board" => &["fen", "marks", "arrows", "caption"],
            "bitboard" => &["squares", "value", "caption"],
            "pst" => &["piece", "phase", "values", "caption"],
            "magic" => &["slider", "square", "occupied", "show", "caption"],
            _ => {
                bail!(
                    "{kind:?} is not a panel: write `board …`, `bitboard …`, `pst …` or `magic …`"
                );
            }
        };
        if let Some((key, _)) = fields.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
            bail!("a {kind} takes {}, not {key:?}", allowed.join(", "));
        }
        let caption = get("caption").map(str::to_string);
        if kind == "magic" {
            let slider = match get("slider") {
                Some("rook") => Slider::Rook,
                Some("bishop") => Slider::Bishop,
                _ => bail!("a magic needs slider=\"rook\" or \"bishop\""),
            };
            let square: Square = get("square")
                .context("a magic needs square=\"…\"")?
                .parse()
                .context("square")?;
            let occupied = squares(get("occupied").unwrap_or(""))?
                .iter()
                .fold(0u64, |bits, s| bits | 1 << s.index());
            let step = MagicStep::of(slider, square, occupied);
            let (bits, window, what) = match get("show") {
                Some("blockers") => (step.blockers, 0, "the blockers that matter".to_string()),
                Some("magic") => (step.magic, 0, "the magic multiplier".to_string()),
                Some("product") => (
                    step.product,
                    step.bits,
                    format!(
                        "the product, whose top {} bits are the index {}",
                        step.bits,
                        step.product >> (64 - step.bits)
                    ),
                ),
                _ => {
                    bail!("a magic needs show=\"blockers\", \"magic\" or \"product\"");
                }
            };
            let alt = format!("Bitboard of {what} ({bits:#018x}), for a {slider:?} on {square}");
            return Ok(Panel {
                kind: PanelKind::Magic { bits, window },
                caption,
                alt,
            });
        }
        if kind == "pst" {
            let piece = get("piece").context("a pst needs piece=\"…\" (pawn … king)")?;
            let phase = get("phase").context("a pst needs phase=\"midgame\" or \"endgame\"")?;
            let values = piece_square_table(piece, phase)?;
            let alt = format!(
                "Heat map of the {piece}'s {phase} piece-square table, White's side at the bottom"
            );
            return Ok(Panel {
                kind: PanelKind::Heat(Box::new(values)),
                caption,
                alt,
            });
        }
        if kind == "board" {
            let fen = get("fen").context("a board needs fen=\"…\"")?;
            let mut board = board_from_fen(fen)?;
            board.marks = squares(get("marks").unwrap_or(""))?
                .into_iter()
                .map(|s| s.index() as u8)
                .collect();
            board.arrows = arrows(get("arrows").unwrap_or(""))?;
            let alt = board_alt(fen, get("marks"), get("arrows"));
            return Ok(Panel {
                kind: PanelKind::Board(Box::new(board)),
                caption,
                alt,
            });
        }
        let bits = match (get("squares"), get("value")) {
            (Some(names), None) => squares(names)?
                .iter()
                .fold(0, |bits, s| bits | 1 << s.index()),
            (None, Some(value)) => parse_value(value)?,
            _ => {
                bail!("a bitboard needs squares=\"…\" or value=\"…\", one of them");
            }
        };
        let alt = bitboard_alt(bits);
        Ok(Panel {
            kind: PanelKind::Bitboard(bits),
            caption,
            alt,
        })
    }

    /// The panel drawn as an SVG document.
    fn svg(&self) -> String {
        match &self.kind {
            PanelKind::Board(board) => svg::board_svg(board),
            PanelKind::Bitboard(bits) => svg::bitboard_svg(*bits),
            PanelKind::Heat(values) => svg::heat_svg(values),
            PanelKind::Magic { bits, window } => svg::bitboard_window_svg(*bits, *window),
        }
    }
}

/// A magic lookup worked step by step with the engine's own tables: the occupied squares on
/// the slider's mask, the square's multiplier, their product, and the index's width.
struct MagicStep {
    /// The occupied squares that are relevant blockers.
    blockers: u64,
    /// The square's magic multiplier, from the engine's table.
    magic: u64,
    /// The blockers times the multiplier, wrapping as the engine's multiply does.
    product: u64,
    /// How many top bits of the product are the index: one per square of the mask.
    bits: u32,
}

impl MagicStep {
    /// The steps for a `slider` on `square`, with the squares `occupied`.
    fn of(slider: Slider, square: Square, occupied: u64) -> MagicStep {
        let mask = relevant_blockers(slider, square);
        let magic = match slider {
            Slider::Rook => ROOK_MAGICS[square.index()],
            Slider::Bishop => BISHOP_MAGICS[square.index()],
        };
        let blockers = occupied & mask.0;
        MagicStep {
            blockers,
            magic,
            product: blockers.wrapping_mul(magic),
            bits: mask.count(),
        }
    }
}

/// The engine's piece-square table of a white `piece` (`pawn` … `king`) in `phase`
/// (`midgame` or `endgame`), by square, as `cb2026::eval::placement` reads it. The values
/// drawn are the engine's, never copied.
fn piece_square_table(piece: &str, phase: &str) -> Result<[i32; 64]> {
    use cb2026::piece::{Color, Piece, PieceType};
    let piece_type = match piece {
        "pawn" => PieceType::Pawn,
        "knight" => PieceType::Knight,
        "bishop" => PieceType::Bishop,
        "rook" => PieceType::Rook,
        "queen" => PieceType::Queen,
        "king" => PieceType::King,
        _ => {
            bail!("piece {piece:?}: write pawn, knight, bishop, rook, queen or king");
        }
    };
    let piece = Piece::new(Color::White, piece_type);
    let midgame = match phase {
        "midgame" => true,
        "endgame" => false,
        _ => bail!("phase {phase:?}: write midgame or endgame"),
    };
    let mut values = [0; 64];
    for square in Square::ALL {
        let score = cb2026::eval::placement(piece, square);
        values[square.index()] = if midgame {
            score.midgame
        } else {
            score.endgame
        };
    }
    Ok(values)
}

/// The `key="value"` pairs of a panel line, in order.
fn fields(mut rest: &str) -> Result<Vec<(String, String)>> {
    let mut fields = Vec::new();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(fields);
        }
        let (key, after) = rest
            .split_once("=\"")
            .with_context(|| format!("expected key=\"value\" at {rest:?}"))?;
        let (value, after) = after
            .split_once('"')
            .with_context(|| format!("the value of {key} has no closing quote"))?;
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_lowercase()) {
            bail!("expected key=\"value\" at {rest:?}");
        }
        fields.push((key.to_string(), value.to_string()));
        rest = after;
    }
}

/// The pieces and side to move of a FEN, checked: the placement must have eight ranks of
/// eight squares in FEN's letters and digits, and the side to move, if given, must be `w` or
/// `b`. The other fields (castling, en passant, clocks) do not show on a diagram. A diagram
/// may show a position that could not arise in a game, such as a lone knight, so the rules
/// that chapter 2's FEN parser enforces (two kings and so on) are not applied here.
pub fn board_from_fen(fen: &str) -> Result<Board> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() || fields.len() > 6 {
        bail!(
            "FEN {fen:?} should have 1 to 6 fields, not {}",
            fields.len()
        );
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        bail!(
            "FEN placement {:?} has {} ranks, not 8",
            fields[0],
            ranks.len()
        );
    }
    let mut pieces = [None; 64];
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row;
        let mut file = 0;
        for c in text.chars() {
            match c {
                '1'..='8' => file += c as usize - '0' as usize,
                _ if cb2026::Piece::from_char(c).is_some() => {
                    if file < 8 {
                        pieces[rank * 8 + file] = Some(c);
                    }
                    file += 1;
                }
                _ => {
                    bail!(
                        "FEN rank {} has {c:?}, which is not a piece or a digit",
                        rank + 1
                    );
                }
            }
        }
        if file != 8 {
            bail!(
                "FEN rank {} ({text:?}) covers {file} squares, not 8",
                rank + 1
            );
        }
    }
    let white_to_move = match fields.get(1) {
        None => None,
        Some(&"w") => Some(true),
        Some(&"b") => Some(false),
        Some(side) => bail!("FEN side to move is {side:?}, not w or b"),
    };
    Ok(Board {
        pieces,
        marks: Vec::new(),
        arrows: Vec::new(),
        white_to_move,
    })
}

/// The squares named in `names`, separated by spaces or commas, each checked.
fn squares(names: &str) -> Result<Vec<Square>> {
    let names = names.split([' ', ',']).filter(|n| !n.is_empty());
    names
        .map(|n| n.parse::<Square>().map_err(anyhow::Error::from))
        .collect()
}

/// The arrows in `text`, each from-square and to-square written together, such as `e2e4`.
fn arrows(text: &str) -> Result<Vec<(u8, u8)>> {
    let each = text.split([' ', ',']).filter(|a| !a.is_empty());
    each.map(|arrow| {
        let (from, to) = arrow
            .split_at_checked(2)
            .with_context(|| format!("arrow {arrow:?} is not two squares, such as e2e4"))?;
        let from: Square = from.parse().with_context(|| format!("arrow {arrow:?}"))?;
        let to: Square = to.parse().with_context(|| format!("arrow {arrow:?}"))?;
        Ok((from.index() as u8, to.index() as u8))
    })
    .collect()
}

/// A bitboard's value, in hexadecimal with `0x` or in decimal, with `_` allowed between digits.
fn parse_value(text: &str) -> Result<u64> {
    let digits = text.replace('_', "");
    let parsed = match digits.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => digits.parse(),
    };
    parsed.map_err(|_| anyhow!("{text:?} is not a 64-bit value"))
}

/// The text alternative of a board: its FEN, and its marks and arrows if it has them.
fn board_alt(fen: &str, marks: Option<&str>, arrows: Option<&str>) -> String {
    let mut alt = format!("Chess diagram, FEN {}", fen.trim());
    if let Some(marks) = marks.filter(|m| !m.trim().is_empty()) {
        alt.push_str(&format!("; marked squares: {}", marks.trim()));
    }
    if let Some(arrows) = arrows.filter(|a| !a.trim().is_empty()) {
        alt.push_str(&format!("; arrows: {}", arrows.trim()));
    }
    alt
}

/// The text alternative of a bitboard: its squares, or that it is empty.
fn bitboard_alt(bits: u64) -> String {
    let squares: Vec<String> = cb2026::Bitboard(bits)
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    match squares.len() {
        0 => "Bitboard with no squares set".to_string(),
        1 => format!("Bitboard with 1 square set: {}", squares[0]),
        n => format!("Bitboard with {n} squares set: {}", squares.join(" ")),
    }
}

/// `text` with the characters HTML gives meaning to written as entities.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The diagram whose comment block starts on line `i` of a page: the line of HTML after the
/// block, and each file it draws. Its files are its own even when it cannot be drawn (an
/// invalid FEN, say), so they are not taken for left-overs.
pub fn diagram_at(_context: &Context, lines: &[&str], i: usize, id: &str) -> Generated {
    let generated = |block, drawings| Generated {
        block,
        name: format!("diagram {id}"),
        drawings,
        drawing_id: Some(id.to_string()),
    };
    let what = format!("HTML of diagram {id}");
    let Some(close) = lines[i..]
        .iter()
        .position(|l| l.trim() == END)
        .map(|n| i + n)
    else {
        let expected = Err(anyhow!("diagram {id} is never closed by a line `{END}`"));
        let block = Block {
            start: i + 1,
            end: i + 1,
            expected,
            what,
        };
        return generated(block, Vec::new());
    };
    let has_html = lines
        .get(close + 1)
        .is_some_and(|l| l.starts_with(HTML_PREFIX));
    let end = close + 1 + usize::from(has_html);
    let block = |expected| Block {
        start: close + 1,
        end,
        expected,
        what: what.clone(),
    };
    match Diagram::parse(id, &lines[i + 1..close]) {
        Ok(diagram) => {
            let drawings = diagram.files().into_iter();
            let drawings = drawings.map(|(name, svg)| (Path::new(BOOK_SRC).join(name), svg));
            generated(block(Ok(vec![diagram.html()])), drawings.collect())
        }
        Err(message) => generated(block(Err(message)), Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_magic_panel_works_the_engines_own_multiply() {
        let line =
            "magic slider=\"rook\" square=\"d4\" occupied=\"d6 b4 f4 d2 h8\" show=\"product\"";
        let panel = Panel::parse(line).unwrap();
        let blockers = (1u64 << 43) | (1 << 25) | (1 << 29) | (1 << 11);
        let product = blockers.wrapping_mul(ROOK_MAGICS[Square::D4.index()]);
        assert_eq!(
            panel.kind,
            PanelKind::Magic {
                bits: product,
                window: 10
            }
        );
        assert!(
            panel.alt.contains(&format!("the index {}", product >> 54)),
            "{}",
            panel.alt
        );
    }

    #[test]
    fn a_pst_panel_draws_the_engines_table() {
        let panel = Panel::parse("pst piece=\"knight\" phase=\"midgame\"").unwrap();
        let PanelKind::Heat(values) = panel.kind else {
            panic!("a heat map");
        };
        let knight = cb2026::Piece::new(cb2026::Color::White, cb2026::PieceType::Knight);
        let e4 = cb2026::eval::placement(knight, Square::E4).midgame;
        assert_eq!(values[Square::E4.index()], e4);
        assert!(Panel::parse("pst piece=\"dragon\" phase=\"midgame\"").is_err());
    }

    #[test]
    fn a_board_panel_reads_fen_marks_arrows_and_caption() {
        let line = r#"board fen="8/8/8/8/3N4/8/8/8 w - - 0 1" marks="c2 e2" arrows="d4c2" caption="A knight""#;
        let diagram = Diagram::parse("knight", &[line]).unwrap();
        let PanelKind::Board(board) = &diagram.panels[0].kind else {
            panic!("a board")
        };
        assert_eq!(board.pieces[Square::D4.index()], Some('N'));
        assert_eq!(board.pieces.iter().flatten().count(), 1);
        assert_eq!(
            board.marks,
            [Square::C2.index() as u8, Square::E2.index() as u8]
        );
        assert_eq!(
            board.arrows,
            [(Square::D4.index() as u8, Square::C2.index() as u8)]
        );
        assert_eq!(board.white_to_move, Some(true));
        assert_eq!(diagram.panels[0].caption.as_deref(), Some("A knight"));
        assert!(
            diagram.panels[0]
                .alt
                .contains("FEN 8/8/8/8/3N4/8/8/8 w - - 0 1")
        );
    }

    #[test]
    fn bitboard_panels_read_squares_or_a_value() {
        let lines = [
            r#"bitboard squares="a1 h8""#,
            r#"bitboard value="0x8000_0000_0000_0001""#,
        ];
        let diagram = Diagram::parse("corners", &lines).unwrap();
        assert_eq!(
            diagram.panels[0].kind,
            PanelKind::Bitboard(0x8000_0000_0000_0001)
        );
        assert_eq!(diagram.panels[0].kind, diagram.panels[1].kind);
        assert_eq!(diagram.panels[0].alt, "Bitboard with 2 squares set: a1 h8");
    }

    #[test]
    fn invalid_fens_are_refused_with_the_reason() {
        let cases = [
            ("8/8/8/8/8/8/8", "has 7 ranks"),
            ("8/8/8/8/8/8/8/7", "covers 7 squares"),
            ("8/8/8/8/8/8/8/9", "'9', which is not a piece"),
            ("8/8/8/8/8/8/8/ppppppppp", "covers 9 squares"),
            ("8/8/8/8/8/8/8/x7", "'x', which is not a piece"),
            ("8/8/8/8/8/8/8/8 x", "side to move is \"x\""),
            ("", "1 to 6 fields"),
        ];
        for (fen, reason) in cases {
            let error = format!("{:#}", board_from_fen(fen).unwrap_err());
            assert!(error.contains(reason), "{fen:?}: {error}");
        }
    }

    #[test]
    fn invalid_panels_name_the_panel_and_the_problem() {
        let error = |lines: &[&str]| format!("{:#}", Diagram::parse("d", lines).unwrap_err());
        assert!(
            error(&[r#"board fen="8/8/8/8/8/8/8/8" marks="e9""#])
                .contains("panel 1: '9' is not a rank")
        );
        assert!(
            error(&["bitboard squares=\"a1\"", "bitboard"]).contains("panel 2: a bitboard needs")
        );
        assert!(error(&[r#"bitboard value="0xzz""#]).contains("not a 64-bit value"));
        assert!(error(&[r#"board fen="8/8/8/8/8/8/8/8" arrows="e2""#]).contains("arrow \"e2\""));
        assert!(error(&[r#"board fen="8/8/8/8/8/8/8/8" colour="red""#]).contains("not \"colour\""));
        assert!(error(&["circle"]).contains("is not a panel"));
        assert!(error(&[]).contains("no panels"));
        assert!(Diagram::parse("Bad Name", &["bitboard value=\"0\""]).is_err());
    }

    #[test]
    fn panels_are_drawn_in_numbered_files_and_shown_in_one_line() {
        let lines = [
            r#"bitboard squares="a1" caption="<one>""#,
            r#"bitboard squares="a2""#,
        ];
        let diagram = Diagram::parse("pair", &lines).unwrap();
        let files: Vec<String> = diagram.files().into_iter().map(|(name, _)| name).collect();
        assert_eq!(files, ["diagrams/pair-1.svg", "diagrams/pair-2.svg"]);
        let html = diagram.html();
        assert!(html.starts_with(HTML_PREFIX) && html.ends_with("</div>") && !html.contains('\n'));
        assert!(html.contains("<figcaption>&lt;one&gt;</figcaption>"));
        assert!(html.contains("alt=\"Bitboard with 1 square set: a2\""));
        let single = Diagram::parse("one", &lines[..1]).unwrap();
        assert_eq!(single.files()[0].0, "diagrams/one.svg");
    }

    #[test]
    fn a_diagrams_files_are_its_name_and_its_numbered_panels() {
        assert!(belongs_to("shift-east.svg", "shift-east"));
        assert!(belongs_to("shift-east-3.svg", "shift-east"));
        assert!(!belongs_to("shift-east-west.svg", "shift-east"));
        assert!(!belongs_to("shift.svg", "shift-east"));
        assert!(!belongs_to("shift-east-3.png", "shift-east"));
    }

    #[test]
    fn the_start_line_gives_the_name() {
        assert_eq!(start("<!-- diagram knight-d4"), Some("knight-d4"));
        assert_eq!(start("<!-- diagram knight-d4 -->"), None);
        assert_eq!(start("<!-- listing a.rs fn f -->"), None);
    }
}
