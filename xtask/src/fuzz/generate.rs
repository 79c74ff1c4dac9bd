//! The fuzzer's inputs: text shaped like what each reader expects (a FEN, a UCI line, a PGN
//! game, an EPD line, a record), made from real examples and random play, then bent by a few
//! random edits. Shaped inputs reach deep into a reader; the edits find its corners. Every
//! input comes from a seeded stream, so a failure can be made again from its seed.

use cb2026::Position;
use cb2026::movegen::legal_moves;
use cb2026::rng::Rng;

/// The characters a FEN is made of, and a few that it is not.
const FEN_CHARACTERS: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh09 x";

/// The words a UCI line is made of, and a few that it is not.
const UCI_WORDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "perft",
    "nodes",
    "depth",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "ponderhit",
    "stop",
    "searchmoves",
    "setoption",
    "name",
    "value",
    "Hash",
    "Threads",
    "Clear",
    "d",
    "eval",
    "quit",
    "-1",
    "0",
    "1",
    "2",
    "4294967295",
    "9223372036854775807",
    "18446744073709551616",
];

/// A stream of random choices.
pub struct Gen(Rng);

impl Gen {
    /// The stream for `seed`.
    pub fn new(seed: u64) -> Gen {
        Gen(Rng::new(seed))
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A position reached by up to `plies` random legal moves from the start, with the moves
/// played, in UCI notation.
pub fn random_game(random: &mut Gen, plies: usize) -> (Position, Vec<String>) {
    let mut position = Position::startpos();
    let mut moves = Vec::new();
    for _ in 0..random.below(plies + 1) {
        let legal = legal_moves(&position);
        if legal.is_empty() {
            break;
        }
        let mv = *random.pick(legal.as_slice());
        moves.push(mv.to_string());
        position = position.make(mv);
    }
    (position, moves)
}

/// `text` with up to `edits` random edits: a character replaced by one of `alphabet`,
/// deleted, inserted or doubled, or the text cut short.
pub fn edit_characters(random: &mut Gen, text: &str, edits: usize, alphabet: &[u8]) -> String {
    let mut bytes: Vec<u8> = text.bytes().collect();
    for _ in 0..random.below(edits + 1) {
        let at = random.below(bytes.len() + 1);
        let byte = *random.pick(alphabet);
        match random.below(5) {
            0 if at < bytes.len() => bytes[at] = byte,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, byte),
            3 if at < bytes.len() => bytes.insert(at, bytes[at]),
            4 => bytes.truncate(at),
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// `text` with up to `edits` edits of its whitespace-separated words: one dropped, doubled,
/// swapped with another or replaced by one of `words`.
pub fn edit_words(random: &mut Gen, text: &str, edits: usize, words: &[&str]) -> String {
    let mut list: Vec<String> = text.split(' ').map(String::from).collect();
    for _ in 0..random.below(edits + 1) {
        if list.is_empty() {
            break;
        }
        let at = random.below(list.len());
        match random.below(4) {
            0 => {
                list.remove(at);
            }
            1 => list.insert(at, list[at].clone()),
            2 => {
                let other = random.below(list.len());
                list.swap(at, other);
            }
            _ => list[at] = random.pick(words).to_string(),
        }
    }
    list.join(" ")
}

/// A FEN of a random reachable position, or one of the classic hard ones, perhaps edited.
pub fn fen(random: &mut Gen) -> String {
    const HARD: &[&str] = &[
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
        "4k3/8/8/8/8/8/8/4K2R w K - 99 80",
    ];
    let text = if random.one_in(4) {
        random.pick(HARD).to_string()
    } else {
        random_game(random, 120).0.to_string()
    };
    if random.one_in(3) {
        text
    } else {
        edit_characters(random, &text, 3, FEN_CHARACTERS)
    }
}

/// A move in UCI notation that may or may not be legal in `position`: mostly a legal one,
/// sometimes a random square pair, a promotion, or a castling written as the king's move.
pub fn maybe_legal_move(random: &mut Gen, position: &Position) -> String {
    let legal = legal_moves(position);
    if !legal.is_empty() && !random.one_in(8) {
        return random.pick(legal.as_slice()).to_string();
    }
    let square = |random: &mut Gen| {
        format!(
            "{}{}",
            (b'a' + random.below(8) as u8) as char,
            random.below(8) + 1
        )
    };
    match random.below(4) {
        0 => random
            .pick(&["e1g1", "e1c1", "e8g8", "e8c8", "0000", "e1h1"])
            .to_string(),
        1 => format!(
            "{}{}{}",
            square(random),
            square(random),
            random.pick(&["q", "n", "k", "p", ""])
        ),
        2 => format!("{}{}", square(random), square(random)).to_uppercase(),
        _ => format!("{}{}", square(random), square(random)),
    }
}

/// A `position` command: `startpos` or a FEN, then moves that are legal until, perhaps, one
/// that is not.
pub fn position_command(random: &mut Gen) -> String {
    // After a FEN the engine refuses, moves are drawn from the start position.
    let (mut position, setup) = if random.one_in(2) {
        (Position::startpos(), "startpos".to_string())
    } else {
        let fen = fen(random);
        let position = Position::from_fen(&fen).unwrap_or_else(|_| Position::startpos());
        (position, format!("fen {fen}"))
    };
    let mut words = vec!["position".to_string(), setup];
    if random.one_in(5) {
        return words.join(" ");
    }
    words.push("moves".to_string());
    for _ in 0..random.below(40) {
        let text = maybe_legal_move(random, &position);
        match cb2026::movegen::find_move(&position, &text) {
            Ok(mv) => position = position.make(mv),
            Err(_) => {
                words.push(text);
                break;
            }
        }
        words.push(text);
    }
    words.join(" ")
}

/// A UCI command line: one of every kind the engine knows, with arguments that keep a search
/// short, or random words, perhaps edited.
pub fn uci_line(random: &mut Gen) -> String {
    let line = match random.below(14) {
        0..=4 => position_command(random),
        5 => random
            .pick(&[
                "uci",
                "isready",
                "ucinewgame",
                "d",
                "eval",
                "stop",
                "ponderhit",
            ])
            .to_string(),
        6 => format!(
            "setoption name {} value {}",
            random.pick(&["Hash", "hash", "Threads", "Clear Hash", "Colour", ""]),
            random.pick(&["1", "16", "0", "65537", "-3", "lots", ""])
        ),
        7 => format!("go perft {}", random.below(3)),
        8 => format!("go nodes {}", random.below(500)),
        9 => format!("go depth {}", random.below(3)),
        10 => format!("go movetime {} searchmoves e2e4 d2d4", random.below(3)),
        11 => format!(
            "go wtime {} btime {} winc 1 binc 1",
            random.below(40),
            random.below(40)
        ),
        12 => random
            .pick(&[
                "go infinite",
                "go ponder wtime 20 btime 20",
                "go mate 1 nodes 50",
                "go",
                "go depth 40",
            ])
            .to_string(),
        _ => (0..random.below(5))
            .map(|_| *random.pick(UCI_WORDS))
            .collect::<Vec<_>>()
            .join(" "),
    };
    match random.below(6) {
        0 => edit_words(random, &line, 2, UCI_WORDS),
        1 => edit_characters(random, &line, 2, b" abcdefgh12345678qnrbk/-0\t\xc3"),
        _ => line,
    }
}

/// `text` (a whole file) with up to `edits` edits to its words, each a word replaced by one of
/// `words`, dropped or doubled, and sometimes a character edit.
pub fn edit_file(random: &mut Gen, text: &str, edits: usize, words: &[&str]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for _ in 0..random.below(edits + 1) {
        if lines.is_empty() {
            break;
        }
        let at = random.below(lines.len());
        lines[at] = match random.below(6) {
            0 => String::new(),
            1 => edit_characters(
                random,
                &lines[at],
                2,
                b"\"'[]{}()=;#.+-0123456789 abcxyzNBRQKO\n",
            ),
            _ => edit_words(random, &lines[at], 2, words),
        };
        if random.one_in(8) {
            let copy = lines[random.below(lines.len())].clone();
            lines.insert(at, copy);
        }
    }
    lines.join("\n")
}

/// A part of `text` of at most `lines` whole lines, starting at a random line.
pub fn excerpt(random: &mut Gen, text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    let start = random.below(all.len().max(1));
    let end = (start + 1 + random.below(lines)).min(all.len());
    all.get(start..end)
        .map(|l| l.join("\n"))
        .unwrap_or_default()
}
