//! Facts the book states in its prose and tables, checked against the engine. A listing or a
//! figure has a directive of its own; these are the rest: statements that a test can still
//! hold to the truth.

#[cfg(test)]
mod tests {
    use crate::chapters::BOOK_SRC;
    use cb2026::Position;

    /// The rows of the Markdown table in `page` whose header row starts with `first_header`,
    /// each as its cells with surrounding backticks removed.
    fn table(page: &str, first_header: &str) -> Vec<Vec<String>> {
        let path = crate::repo_root().join(BOOK_SRC).join(page);
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let header = lines
            .iter()
            .position(|l| l.starts_with(&format!("| {first_header} |")))
            .expect("the table");
        let rows = lines[header + 2..]
            .iter()
            .take_while(|l| l.starts_with('|'));
        let cell = |c: &str| c.trim().trim_matches('`').to_string();
        rows.map(|row| row.trim_matches('|').split(" | ").map(cell).collect())
            .collect()
    }

    #[test]
    fn chapter_6s_bad_input_gets_the_answers_it_gives() {
        let rows = table("ch06-uci-and-games.md", "input");
        assert!(rows.len() >= 7, "{rows:?}");
        for row in rows {
            let (input, expected) = (&row[0], &row[1]);
            let answer = crate::test_engine::answer(&format!("position startpos\n{input}\n"));
            assert_eq!(answer.trim_end(), expected, "{input}");
        }
    }

    #[test]
    fn chapter_2s_refused_fens_are_refused_with_the_errors_it_gives() {
        let rows = table("ch02-position.md", "what");
        assert!(rows.len() >= 10, "{rows:?}");
        for row in rows {
            let (fen, error) = (&row[1], &row[2]);
            let refused = Position::from_fen(fen).expect_err(fen);
            assert_eq!(&refused.to_string(), error, "{fen}");
        }
    }
}
