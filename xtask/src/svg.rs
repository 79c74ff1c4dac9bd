//! Chess diagrams drawn as SVG text.
//!
//! The book shows positions and bitboards as pictures. This module turns a
//! [`Board`] (pieces, highlighted squares, arrows) or a plain `u64` bitboard
//! into a small standalone SVG document. Each picture carries its own frame,
//! coordinates and colours, and relies on no page CSS, so the same file reads
//! well on a light page and on a dark one. The pieces are simple vector
//! drawings defined once in `<defs>` and placed with `<use>`, which keeps a
//! full board to a few kilobytes. The output depends only on the input, so
//! regenerating the book's pictures changes no file that did not change.

/// Side of one square, in SVG units.
const SQUARE: u32 = 45;
/// Width of the frame around the squares, which holds the coordinates.
const MARGIN: u32 = 20;
/// Width and height of the whole picture: eight squares and the frame.
const SIZE: u32 = 8 * SQUARE + 2 * MARGIN;

/// Colour of the frame around the board: dark wood, visible on both themes.
const FRAME: &str = "#4f3a2b";
/// Colour of the coordinates, light on the dark frame.
const INK: &str = "#ecd6b0";
/// Light squares of a board diagram.
const LIGHT: &str = "#f0d9b5";
/// Dark squares of a board diagram.
const DARK: &str = "#b58863";
/// Light squares of a bitboard: muted, so the marked squares stand out.
const MUTED_LIGHT: &str = "#ebe5db";
/// Dark squares of a bitboard: muted, so the marked squares stand out.
const MUTED_DARK: &str = "#cdc2b2";
/// Colour of highlighted squares and of set bits.
const MARK: &str = "#d9412b";
/// Colour of arrows.
const ARROW: &str = "#2a8a3a";
/// Colour of a heat map's squares above zero.
const HOT: &str = "#d9412b";
/// Colour of a heat map's squares below zero.
const COLD: &str = "#2b6cd9";

/// A board diagram: pieces, highlighted squares and arrows.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Pieces by square, FEN letters ('K','Q','R','B','N','P' white; lowercase black); index = rank * 8 + file, so a1 = 0, h1 = 7, a8 = 56, h8 = 63.
    pub pieces: [Option<char>; 64],
    /// Squares to highlight (0..64).
    pub marks: Vec<u8>,
    /// Arrows from one square to another (0..64 each).
    pub arrows: Vec<(u8, u8)>,
    /// The side to move, if the diagram should show it: Some(true) white, Some(false) black.
    pub white_to_move: Option<bool>,
}

/// Draws a board diagram as a standalone SVG document.
///
/// Layers, bottom to top: frame and squares, highlighted squares, pieces,
/// arrows, and the side-to-move marker. Squares outside `0..64` are ignored.
pub fn board_svg(board: &Board) -> String {
    let mut svg = open_svg();
    svg += &piece_defs(&board.pieces);
    svg += &frame(LIGHT, DARK);
    let marks: String = board
        .marks
        .iter()
        .filter(|&&s| s < 64)
        .map(|&s| mark(s))
        .collect();
    svg += &group(&format!("fill=\"{MARK}\" fill-opacity=\".5\""), marks);
    for (square, piece) in (0u8..).zip(board.pieces) {
        svg += &piece.map_or(String::new(), |p| place(p, square));
    }
    let arrows: String = (board.arrows.iter())
        .filter(|&&(from, to)| from < 64 && to < 64 && from != to)
        .map(|&(from, to)| arrow(from, to))
        .collect();
    svg += &group(&format!("fill=\"{ARROW}\" fill-opacity=\".8\""), arrows);
    svg += &board.white_to_move.map_or(String::new(), turn_marker);
    svg + "</svg>\n"
}

/// Draws a bitboard: an 8×8 grid of squares with the set squares (bit i = square i, a1 = bit 0) marked.
///
/// A set square gets a large filled disc; an unset square stays plain.
pub fn bitboard_svg(bits: u64) -> String {
    let mut svg = open_svg();
    svg += &frame(MUTED_LIGHT, MUTED_DARK);
    let discs: String = (0..64u8)
        .filter(|&s| bits >> s & 1 == 1)
        .map(disc)
        .collect();
    svg += &group(
        &format!("fill=\"{MARK}\" stroke=\"#5a1a10\" stroke-width=\"1.5\""),
        discs,
    );
    svg + "</svg>\n"
}

/// Draws a table of one value a square as a heat map: each square shaded by its value, red
/// for above zero and blue for below, the deeper the further from zero (scaled by the
/// largest magnitude in the table), with the value written on it. White is at the bottom, as
/// on the boards. The colours and the dark ink are the picture's own, so it reads the same on
/// a light page and on a dark one.
pub fn heat_svg(values: &[i32; 64]) -> String {
    let mut svg = open_svg();
    svg += &frame(MUTED_LIGHT, MUTED_LIGHT);
    let largest = values
        .iter()
        .map(|v| v.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut cells = String::new();
    let mut labels = String::new();
    for (square, &value) in (0u8..).zip(values) {
        let (x, y) = corner(square);
        let strength = f64::from(value.unsigned_abs()) / f64::from(largest);
        let colour = if value >= 0 { HOT } else { COLD };
        cells += &format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
             fill=\"{colour}\" fill-opacity=\"{}\"/>\n",
            num((strength * 0.85 * 10.0).round() / 10.0)
        );
        let (cx, cy) = centre(square);
        labels += &format!(
            "<text x=\"{}\" y=\"{}\">{value}</text>\n",
            num(cx),
            num(cy + 4.5)
        );
    }
    svg += &cells;
    svg += &group(
        "fill=\"#1d1d1d\" font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\"",
        labels,
    );
    svg + "</svg>\n"
}

/// Draws a 64-bit number as a bitboard (bit i on square i), with its top `window` bits, the
/// squares from h8 down, shaded: the bits a magic multiply keeps as its index.
pub fn bitboard_window_svg(bits: u64, window: u32) -> String {
    let plain = bitboard_svg(bits);
    let shaded: String = (64 - window.min(64)..64).map(|s| mark(s as u8)).collect();
    let shading = group(&format!("fill=\"{ARROW}\" fill-opacity=\".45\""), shaded);
    // The shading goes under the discs: after the frame, before the first disc.
    match plain.find("<g fill=\"#d9412b\"") {
        Some(at) => format!("{}{shading}{}", &plain[..at], &plain[at..]),
        None => plain.replace("</svg>", &format!("{shading}</svg>")),
    }
}

/// Marks a set bit of a bitboard: a disc that fills most of its square.
fn disc(square: u8) -> String {
    let (x, y) = centre(square);
    format!("<circle cx=\"{}\" cy=\"{}\" r=\"16\"/>\n", num(x), num(y))
}

/// Wraps elements in a group that gives them shared attributes; no elements, no group.
fn group(attributes: &str, elements: String) -> String {
    if elements.is_empty() {
        return elements;
    }
    format!("<g {attributes}>\n{elements}</g>\n")
}

/// Opens the SVG document: the root element, sized to the picture.
fn open_svg() -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SIZE} {SIZE}\" \
         width=\"{SIZE}\" height=\"{SIZE}\" role=\"img\">\n"
    )
}

/// Draws the frame, the 64 squares in the given colours and the coordinates.
///
/// The light colour fills the whole board and the dark squares are painted
/// over it as one path, which is shorter than 64 rectangles.
fn frame(light: &str, dark: &str) -> String {
    let board = 8 * SQUARE;
    let mut svg = format!("<rect width=\"{SIZE}\" height=\"{SIZE}\" rx=\"6\" fill=\"{FRAME}\"/>\n");
    svg += &format!(
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{board}\" height=\"{board}\" fill=\"{light}\"/>\n"
    );
    let mut path = String::new();
    for square in (0..64u8).filter(|&s| is_dark(s)) {
        let (x, y) = corner(square);
        path += &format!("M{x} {y}h{SQUARE}v{SQUARE}h-{SQUARE}z");
    }
    svg += &format!("<path fill=\"{dark}\" d=\"{path}\"/>\n");
    svg + &coordinates()
}

/// Writes the files a–h under the board and the ranks 1–8 to its left.
fn coordinates() -> String {
    let mut svg = format!(
        "<g fill=\"{INK}\" font-family=\"sans-serif\" font-size=\"13\" \
         font-weight=\"bold\" text-anchor=\"middle\">\n"
    );
    let bottom = SIZE - MARGIN / 2 + 4; // baseline of the file letters
    for (i, (file, rank)) in (0u8..).zip("abcdefgh".chars().zip("12345678".chars())) {
        let (x, _) = centre(i); // the square on rank 1 of this file
        let (_, y) = centre(8 * i); // the square on file a of this rank
        svg += &format!("<text x=\"{}\" y=\"{bottom}\">{file}</text>\n", num(x));
        svg += &format!(
            "<text x=\"{}\" y=\"{}\">{rank}</text>\n",
            MARGIN / 2,
            num(y + 4.5)
        );
    }
    svg + "</g>\n"
}

/// Tells whether a square is dark: a1 is dark, and colours alternate.
fn is_dark(square: u8) -> bool {
    (square % 8 + square / 8).is_multiple_of(2)
}

/// Top-left corner of a square in the picture, with white at the bottom.
fn corner(square: u8) -> (u32, u32) {
    let (file, rank) = (u32::from(square % 8), u32::from(square / 8));
    (MARGIN + file * SQUARE, MARGIN + (7 - rank) * SQUARE)
}

/// Centre of a square in the picture, where arrows start and end.
fn centre(square: u8) -> (f64, f64) {
    let (x, y) = corner(square);
    let half = f64::from(SQUARE) / 2.0;
    (f64::from(x) + half, f64::from(y) + half)
}

/// Prints a coordinate with at most one decimal, and none when it is whole.
fn num(value: f64) -> String {
    let text = format!("{value:.1}");
    match text.strip_suffix(".0") {
        Some("-0") => "0".to_string(),
        Some(whole) => whole.to_string(),
        None => text,
    }
}

/// Highlights a square with a translucent overlay, drawn under any piece.
fn mark(square: u8) -> String {
    let (x, y) = corner(square);
    format!("<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\"/>\n")
}

/// Places a piece, given by its FEN letter, on a square; unknown letters draw nothing.
fn place(piece: char, square: u8) -> String {
    let Some(id) = piece_id(piece) else {
        return String::new();
    };
    let (x, y) = corner(square);
    format!("<use href=\"#{id}\" x=\"{x}\" y=\"{y}\"/>\n")
}

/// The `<defs>` id of a piece: colour then kind, as `wN` for a white knight.
fn piece_id(piece: char) -> Option<String> {
    let kind = piece.to_ascii_uppercase();
    let colour = if piece.is_ascii_uppercase() { 'w' } else { 'b' };
    piece_shape(kind).map(|_| format!("{colour}{kind}"))
}

/// Defines the pieces that stand on the board, and only those.
///
/// Each kind's outline is drawn once without colours (`<g id="N">`); each
/// colour of it is a group that sets fill, outline and detail colour and
/// reuses the outline (`<g id="wN">`). Detail lines use `currentColor`:
/// dark on white pieces, light on black ones.
fn piece_defs(pieces: &[Option<char>; 64]) -> String {
    let used = |c: char| pieces.contains(&Some(c));
    let mut defs = String::from("<defs>\n");
    for kind in "KQRBNP".chars() {
        if used(kind) || used(kind.to_ascii_lowercase()) {
            let shape = piece_shape(kind).unwrap_or_default();
            defs += &format!(
                "<g id=\"{kind}\" stroke-width=\"1.5\" stroke-linejoin=\"round\" \
                 stroke-linecap=\"round\">\n{shape}</g>\n"
            );
        }
    }
    for piece in "KQRBNPkqrbnp".chars().filter(|&c| used(c)) {
        let (fill, line, detail) = if piece.is_ascii_uppercase() {
            ("#fbfaf7", "#1c1c1c", "#1c1c1c")
        } else {
            ("#2a2a2a", "#0d0d0d", "#ece6da")
        };
        let kind = piece.to_ascii_uppercase();
        let id = piece_id(piece).unwrap_or_default();
        defs += &format!(
            "<g id=\"{id}\" fill=\"{fill}\" stroke=\"{line}\" color=\"{detail}\">\
             <use href=\"#{kind}\"/></g>\n"
        );
    }
    defs + "</defs>\n"
}

/// The drawing of a piece kind ('K', 'Q', 'R', 'B', 'N' or 'P') in a 45×45 cell.
fn piece_shape(kind: char) -> Option<&'static str> {
    match kind {
        'K' => Some(KING),
        'Q' => Some(QUEEN),
        'R' => Some(ROOK),
        'B' => Some(BISHOP),
        'N' => Some(KNIGHT),
        'P' => Some(PAWN),
        _ => None,
    }
}

/// The king: a cross on a small dome over a flared body and a base.
const KING: &str = r##"<path d="M21 2h3v3h3v3h-3v4h-3v-4h-3v-3h3z"/>
<ellipse cx="22.5" cy="16" rx="5.5" ry="4.5"/>
<path d="M11 33.5 8 20.5C13 17.5 18 17 22.5 17S32 17.5 37 20.5L34 33.5Z"/>
<path d="M11.5 29.5C19 27.8 26 27.8 33.5 29.5" fill="none" stroke="currentColor"/>
<rect x="9" y="33.5" width="27" height="5.5" rx="1.5"/>
"##;

/// The queen: a crown of five points, each tipped with a ball, on a base.
const QUEEN: &str = r##"<path d="M11 33.5 7.5 14 14.5 24.5 15.5 10.5 20 23 22.5 8.5 25 23 29.5 10.5 30.5 24.5 37.5 14 34 33.5Z"/>
<circle cx="7.5" cy="12.5" r="2.3"/>
<circle cx="15.5" cy="9" r="2.3"/>
<circle cx="22.5" cy="7" r="2.3"/>
<circle cx="29.5" cy="9" r="2.3"/>
<circle cx="37.5" cy="12.5" r="2.3"/>
<path d="M11.5 29.5C19 27.8 26 27.8 33.5 29.5" fill="none" stroke="currentColor"/>
<rect x="9" y="33.5" width="27" height="5.5" rx="1.5"/>
"##;

/// The rook: a crenellated tower on a plinth and a base.
const ROOK: &str = r##"<path d="M13.5 30.5 14.5 16.5H30.5L31.5 30.5Z"/>
<path d="M11.5 16.5V7H16.5V10H20V7H25V10H28.5V7H33.5V16.5Z"/>
<path d="M13 13.5H32" fill="none" stroke="currentColor"/>
<rect x="11.5" y="30.5" width="22" height="3.5"/>
<rect x="9" y="34" width="27" height="5" rx="1.5"/>
"##;

/// The bishop: a pointed mitre with a slit, on a collar, stem and base.
const BISHOP: &str = r##"<path d="M17.5 34.5 18.5 31.5H26.5L27.5 34.5Z"/>
<circle cx="22.5" cy="6.5" r="2.5"/>
<path d="M22.5 9C14.5 14 12.5 21 15 27.5H30C32.5 21 30.5 14 22.5 9Z"/>
<path d="M26 14 20.5 20.5" fill="none" stroke="currentColor" stroke-width="2"/>
<rect x="14.5" y="27.5" width="16" height="4" rx="1.5"/>
<rect x="10" y="34.5" width="25" height="4.5" rx="2"/>
"##;

/// The knight: a horse's head facing left, with ear, eye, nostril and a jagged mane.
const KNIGHT: &str = r##"<path d="M13 34C13 29 17 27 20 23.5L12 28C10 28.5 7.5 27 7.5 25C7.5 23 8.5 22 10 20L17 11.5 19.5 4.5 22.5 8 27 6.5 27.5 9.5 31.5 8.5 31 12 35 12.5 33.5 15.5 36.5 17.5 34.8 20.5C35.8 26 34 31 34 34Z"/>
<circle cx="18" cy="15" r="1.5" fill="currentColor" stroke="none"/>
<circle cx="10.5" cy="24" r="1" fill="currentColor" stroke="none"/>
<path d="M23.5 12C28 13 31 17 31.5 22" fill="none" stroke="currentColor"/>
<rect x="9" y="34" width="27" height="5" rx="1.5"/>
"##;

/// The pawn: a round head on a collar and a bell-shaped body.
const PAWN: &str = r##"<path d="M14 35C14 28 18.5 25.5 19 21.5H26C26.5 25.5 31 28 31 35Z"/>
<rect x="11" y="34.5" width="23" height="4.5" rx="1.5"/>
<rect x="16" y="19" width="13" height="3.5" rx="1.5"/>
<circle cx="22.5" cy="13" r="6.5"/>
"##;

/// Draws an arrow from the centre of one square to near the centre of another.
///
/// The arrow is one polygon, a shaft and a head, so its translucent colour is
/// even where the two meet. It is built along the x axis, then turned and
/// moved into place.
fn arrow(from: u8, to: u8) -> String {
    let ((x0, y0), (x1, y1)) = (centre(from), centre(to));
    let length = (x1 - x0).hypot(y1 - y0);
    let (ux, uy) = ((x1 - x0) / length, (y1 - y0) / length);
    let (tip, neck) = (length - 5.0, length - 21.0);
    let (shaft, head) = (4.5, 11.5); // half widths
    let outline = [
        (0.0, shaft),
        (neck, shaft),
        (neck, head),
        (tip, 0.0),
        (neck, -head),
        (neck, -shaft),
        (0.0, -shaft),
    ];
    let points: Vec<String> = outline
        .iter()
        .map(|&(a, c)| {
            format!(
                "{},{}",
                num(x0 + a * ux - c * uy),
                num(y0 + a * uy + c * ux)
            )
        })
        .collect();
    format!("<polygon points=\"{}\"/>\n", points.join(" "))
}

/// Shows the side to move: a disc in its colour beside its first rank, right of the board.
fn turn_marker(white: bool) -> String {
    let (fill, line, square) = if white {
        ("#fbfaf7", "#1c1c1c", 7) // h1
    } else {
        ("#1c1c1c", INK, 63) // h8
    };
    let (_, y) = centre(square);
    let x = SIZE - MARGIN / 2;
    format!(
        "<circle cx=\"{x}\" cy=\"{}\" r=\"6\" fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"1.5\"/>\n",
        num(y)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kiwipete, the usual move-generator test position, with marks and arrows.
    fn kiwipete() -> Board {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
        let mut board = crate::diagram::board_from_fen(fen).unwrap();
        board.marks = vec![36, 53];
        board.arrows = vec![(36, 53), (4, 6)];
        board
    }

    /// Same input, same bytes: regenerated pictures must not churn.
    #[test]
    fn output_is_deterministic() {
        assert_eq!(board_svg(&kiwipete()), board_svg(&kiwipete()));
        assert_eq!(bitboard_svg(0x1028_4400), bitboard_svg(0x1028_4400));
    }

    /// Each picture is one closed `<svg>` element with balanced groups, a trailing newline, and small.
    #[test]
    fn output_is_a_whole_document() {
        for svg in [board_svg(&kiwipete()), bitboard_svg(0xff00)] {
            assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
            assert!(svg.ends_with("</svg>\n"));
            assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
            assert_eq!(
                svg.matches("<defs>").count(),
                svg.matches("</defs>").count()
            );
            assert!(svg.len() < 8000, "{} bytes", svg.len());
        }
    }

    /// A piece is a `<use>` at its square's corner, and only used pieces are defined.
    #[test]
    fn a_piece_is_used_at_its_square() {
        let mut board = crate::diagram::board_from_fen("8/8/8/8/8/8/8/8").unwrap();
        board.pieces[28] = Some('N'); // e4: file 4, rank 3
        let svg = board_svg(&board);
        assert!(svg.contains("<use href=\"#wN\" x=\"200\" y=\"200\"/>"));
        assert!(svg.contains("<g id=\"N\""));
        assert!(
            !svg.contains("<g id=\"Q\""),
            "unused pieces are not defined"
        );
    }

    /// FEN reading puts a1, e1, e8 and h8 where the index scheme says.
    #[test]
    fn fen_places_corners_and_side_to_move() {
        let board = crate::diagram::board_from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(board.pieces[0], Some('R'));
        assert_eq!(board.pieces[4], Some('K'));
        assert_eq!(board.pieces[60], Some('k'));
        assert_eq!(board.pieces[63], Some('r'));
        assert_eq!(board.pieces[27], None);
        assert_eq!(board.white_to_move, Some(true));
    }

    /// Each set bit gets one disc at its square's centre; an empty bitboard gets none.
    #[test]
    fn set_bits_are_marked_and_unset_bits_are_not() {
        assert!(bitboard_svg(1 << 28).contains("<circle cx=\"222.5\" cy=\"222.5\""));
        assert_eq!(bitboard_svg(0xff00).matches("<circle").count(), 8);
        assert!(!bitboard_svg(0).contains("<circle"));
    }

    /// The board has the right orientation of colours: a1 dark, h1 light.
    #[test]
    fn a1_is_dark_and_h1_is_light() {
        assert!(is_dark(0) && !is_dark(7) && is_dark(63) && !is_dark(56));
        let svg = bitboard_svg(0);
        assert!(
            svg.contains("d=\"M20 335h45"),
            "a1 is the first dark square"
        );
        assert!(!svg.contains("M335 335h"), "h1 is not in the dark path");
    }

    /// Marks, arrows and the side-to-move marker all show up, in the right places.
    #[test]
    fn marks_arrows_and_turn_are_drawn() {
        let empty = board_svg(&crate::diagram::board_from_fen("8/8/8/8/8/8/8/8").unwrap());
        assert!(
            !empty.contains(MARK) && !empty.contains(ARROW),
            "no empty groups"
        );
        let svg = board_svg(&kiwipete());
        assert_eq!(svg.matches("<rect x=\"200\" y=\"155\"").count(), 1, "e5");
        assert_eq!(svg.matches("<polygon").count(), 2);
        assert!(
            svg.contains("<circle cx=\"390\" cy=\"42.5\""),
            "black to move"
        );
    }

    /// Numbers print short: no trailing `.0`, one decimal at most, no `-0`.
    #[test]
    fn numbers_have_at_most_one_decimal() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.26), "2.3");
        assert_eq!(num(-0.01), "0");
    }
}
