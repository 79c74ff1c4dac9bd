//! `cargo xtask exercises`: proves that every "Try it" exercise that breaks something is
//! caught by the test its chapter names.
//!
//! Each such exercise is a mutation: one piece of the engine's source replaced by another. The
//! command copies the workspace once into `target/exercises/repo` and builds it into the
//! repository's own target folder, where the dependencies are already built (the copy's
//! engine, at another path, gets artifacts of its own and never disturbs the real one's). It
//! checks that the named tests pass there, and then, one exercise at a time, applies the
//! mutation, runs the named test and expects to see it fail, and puts the file back. A mutation that no longer applies (its text has gone from the source) or a
//! test that does not fail is an error, so an exercise cannot rot unseen.
//!
//! Cheap checks run with every `cargo test` (each mutation's text is in its file once, and its
//! chapter's box names its test); the mutations themselves run only here, as a step of
//! `cargo xtask ci`, since each one rebuilds the engine.

use anyhow::{Context, Result, anyhow, bail};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// An exercise that breaks the engine, and the test that must catch it.
pub struct Exercise {
    /// The chapter's page in book/src, whose Try-it box tells the reader about it.
    pub page: &'static str,
    /// The source file changed, relative to the repository.
    pub file: &'static str,
    /// The text replaced, found exactly once in the file.
    pub from: &'static str,
    /// What replaces it.
    pub to: &'static str,
    /// The test target: `--lib`, or `--test NAME` for an integration test.
    pub target: &'static [&'static str],
    /// The test's full name, as `cargo test` prints it.
    pub test: &'static str,
}

/// Every breaking exercise of the book, in chapter order.
pub const EXERCISES: [Exercise; 47] = [
    Exercise {
        page: "ch01-bitboards.md",
        file: "crates/engine/src/bitboard.rs",
        from: "Direction::East => (b & not_h) << 1,",
        to: "Direction::East => b << 1,",
        target: &["--lib"],
        test: "bitboard::tests::a_shift_moves_every_square_one_step_and_never_wraps",
    },
    Exercise {
        page: "ch02-position.md",
        file: "crates/engine/src/position.rs",
        from: "let lost = LOST_BY_TOUCHING[from.index()] | LOST_BY_TOUCHING[to.index()];",
        to: "let lost = LOST_BY_TOUCHING[from.index()];",
        target: &["--lib"],
        test: "position::tests::capturing_a_rook_in_its_corner_loses_its_right",
    },
    Exercise {
        page: "ch03-attacks.md",
        file: "crates/engine/src/attacked.rs",
        from: "(pawn_attacks(Color::White, square) & position.pieces(Color::Black, Pawn))",
        to: "(pawn_attacks(Color::Black, square) & position.pieces(Color::Black, Pawn))",
        target: &["--lib"],
        test: "attacked::tests::a_square_is_attacked_by_the_pieces_that_reach_it",
    },
    Exercise {
        page: "ch04-movegen.md",
        file: "crates/engine/src/movegen.rs",
        from: "if (attacked::attackers_to(position, safety.king, after) & them).is_empty() {",
        to: "if true {",
        target: &["--lib"],
        test: "movegen::tests::en_passant_that_uncovers_a_check_along_the_rank_is_illegal",
    },
    Exercise {
        page: "ch05-perft.md",
        file: "crates/engine/src/movegen.rs",
        from: "PieceType::Queen,\n                    PieceType::Knight,",
        to: "PieceType::Queen,",
        target: &["--test", "perft"],
        test: "perft_counts",
    },
    Exercise {
        page: "ch05-perft.md",
        file: "crates/engine/src/perft.rs",
        from: "let below = depth - 1;",
        to: "let below = depth;",
        target: &["--lib"],
        test: "perft::tests::divide_adds_up_to_perft",
    },
    Exercise {
        page: "ch06-uci-and-games.md",
        file: "crates/engine/src/uci/search_thread.rs",
        from: "format!(\"mate {}\", (MATE - score + 1) / 2)",
        to: "format!(\"mate {}\", (MATE - score) / 2)",
        target: &["--lib"],
        test: "uci::tests::scores_are_written_in_centipawns_or_moves_to_mate",
    },
    Exercise {
        page: "ch07-evaluation.md",
        file: "crates/engine/src/eval.rs",
        from: "Color::White => square.index() ^ FLIP_RANKS,",
        to: "Color::White => square.index(),",
        target: &["--lib"],
        test: "eval::tests::the_start_position_is_worth_nothing_to_either_side",
    },
    Exercise {
        page: "ch08-search.md",
        file: "crates/engine/src/search/quiescence.rs",
        from: "let checked = self.in_check(ply);",
        to: "let checked = false;",
        target: &["--lib"],
        test: "search::tests::quiescence_in_check_may_not_stand_pat",
    },
    Exercise {
        page: "ch08-search.md",
        file: "crates/engine/src/score.rs",
        from: "-MATE + ply as i32",
        to: "-MATE",
        target: &["--lib"],
        test: "search::tests::mate_in_two_is_found_and_scored_three_plies_away",
    },
    Exercise {
        page: "ch08-1-time-stability.md",
        file: "crates/engine/src/time.rs",
        from: "self.stable_depths + 1",
        to: "self.stable_depths",
        target: &["--lib"],
        test: "time::tests::a_best_move_that_holds_asks_for_less_time_and_a_falling_score_for_more",
    },
    Exercise {
        page: "ch09-tt.md",
        file: "crates/engine/src/tt.rs",
        from: "if score >= MATE_BOUND {\n        score + ply as i32",
        to: "if score >= MATE_BOUND {\n        score",
        target: &["--lib"],
        test: "tt::tests::a_mate_is_stored_from_the_node_and_found_from_the_root",
    },
    Exercise {
        page: "ch09-tt.md",
        file: "crates/engine/src/search/tt.rs",
        from: "if ply == 0 || self.is_pv_node((alpha, beta)) {",
        to: "if self.is_pv_node((alpha, beta)) {",
        target: &["--lib"],
        test: "search::tt::tests::a_second_search_finds_the_first_ones_results_and_still_a_move_at_the_root",
    },
    Exercise {
        page: "ch10-ordering.md",
        file: "crates/engine/src/ordering/tables.rs",
        from: "*entry += change - *entry * change.abs() / MAX_HISTORY;",
        to: "*entry += change;",
        target: &["--lib"],
        test: "ordering::tables::tests::gravity_keeps_a_score_within_the_bound_and_saturates_there",
    },
    Exercise {
        page: "ch10-ordering.md",
        file: "crates/engine/src/ordering/tables.rs",
        from: "if killers[0] != Some(best) {\n            killers[1] = killers[0];\n            killers[0] = Some(best);\n        }",
        to: "killers[1] = killers[0];\n        killers[0] = Some(best);",
        target: &["--lib"],
        test: "ordering::tables::tests::two_killers_per_ply_the_latest_first_never_the_same_twice",
    },
    Exercise {
        page: "ch11-pvs.md",
        file: "crates/engine/src/search/child.rs",
        from: "let settled = score <= alpha || score >= beta;",
        to: "let settled = true;",
        target: &["--lib"],
        test: "search::pvs::tests::null_windows_and_re_searches_find_the_score_the_full_window_finds",
    },
    Exercise {
        page: "ch11-pvs.md",
        file: "crates/engine/src/search/aspiration.rs",
        from: "alpha = (score - margin).max(-INFINITY);",
        to: "return Ok(());",
        target: &["--lib"],
        test: "search::aspiration::tests::a_window_that_fails_low_or_high_widens_until_the_score_is_exact",
    },
    Exercise {
        page: "ch11-pvs.md",
        file: "crates/engine/src/search/tt.rs",
        from: "if ply == 0 || self.is_pv_node((alpha, beta)) {",
        to: "if ply == 0 {",
        target: &["--lib"],
        test: "search::tt::tests::with_no_hash_cutoff_at_pv_nodes_a_second_search_reports_its_whole_line",
    },
    Exercise {
        page: "ch12-null-move.md",
        file: "crates/engine/src/search/null_move.rs",
        from: "            && !self.stack[ply].null\n",
        to: "",
        target: &["--lib"],
        test: "search::null_move::tests::no_null_move_straight_after_a_null_move",
    },
    Exercise {
        page: "ch12-null-move.md",
        file: "crates/engine/src/search/null_move.rs",
        from: "Ok(Some(if score >= MATE_BOUND { beta } else { score }))",
        to: "Ok(Some(score))",
        target: &["--lib"],
        test: "search::null_move::tests::a_mate_found_after_passing_comes_back_as_beta",
    },
    Exercise {
        page: "ch12-null-move.md",
        file: "crates/engine/src/search/draw.rs",
        from: "let reach = (clock as usize).min(self.plies_since_null_move(ply));",
        to: "let reach = clock as usize;",
        target: &["--lib"],
        test: "search::null_move::tests::a_position_before_a_null_move_is_not_repeated_after_it",
    },
    Exercise {
        page: "ch12-1-reverse-futility.md",
        file: "crates/engine/src/search/reverse_futility.rs",
        from: "            && !self.is_pv_node((alpha, beta))\n",
        to: "",
        target: &["--lib"],
        test: "search::reverse_futility::tests::no_cutoff_at_a_pv_node_unless_pvs_is_off",
    },
    Exercise {
        page: "ch12-1-reverse-futility.md",
        file: "crates/engine/src/search/reverse_futility.rs",
        from: "            && beta.abs() < MATE_BOUND\n",
        to: "",
        target: &["--lib"],
        test: "search::reverse_futility::tests::no_cutoff_when_beta_is_a_mate_score",
    },
    Exercise {
        page: "ch12-1-reverse-futility.md",
        file: "crates/engine/src/search/check_extension.rs",
        from: "let within = (ply as Depth) < CHECK_EXTENSION_PLY_FACTOR * self.root_depth;",
        to: "let within = true;",
        target: &["--lib"],
        test: "search::check_extension::tests::no_extension_from_twice_the_root_depth_on",
    },
    Exercise {
        page: "ch13-lmr.md",
        file: "crates/engine/src/search/reductions.rs",
        from: "if !late || !mv.is_quiet() || self.in_check(ply) || self.in_check(ply + 1) {",
        to: "if !late || self.in_check(ply) || self.in_check(ply + 1) {",
        target: &["--lib"],
        test: "search::reductions::tests::captures_promotions_and_checks_are_never_reduced",
    },
    Exercise {
        page: "ch13-lmr.md",
        file: "crates/engine/src/search/reductions.rs",
        from: "if !late || !mv.is_quiet() || self.in_check(ply) || self.in_check(ply + 1) {",
        to: "if !late || !mv.is_quiet() || self.in_check(ply + 1) {",
        target: &["--lib"],
        test: "search::reductions::tests::no_move_of_a_node_in_check_is_reduced",
    },
    Exercise {
        page: "ch13-lmr.md",
        file: "crates/engine/src/search/reductions.rs",
        from: "reduction.clamp(0, depth - 2)",
        to: "reduction.max(0)",
        target: &["--lib"],
        test: "search::reductions::tests::the_reduced_search_keeps_a_ply",
    },
    Exercise {
        page: "ch13-lmr.md",
        file: "crates/engine/src/search/move_pruning.rs",
        from: "if pv_node || depth > LMP_MAX_DEPTH || !mv.is_quiet() || self.in_check(ply) {",
        to: "if depth > LMP_MAX_DEPTH || !mv.is_quiet() || self.in_check(ply) {",
        target: &["--lib"],
        test: "search::move_pruning::tests::pv_nodes_and_deep_nodes_prune_nothing",
    },
    Exercise {
        page: "ch13-lmr.md",
        file: "crates/engine/src/search/move_pruning.rs",
        from: "if pv_node || depth > LMP_MAX_DEPTH || !mv.is_quiet() || self.in_check(ply) {",
        to: "if pv_node || depth > LMP_MAX_DEPTH || self.in_check(ply) {",
        target: &["--lib"],
        test: "search::move_pruning::tests::captures_and_promotions_are_never_pruned",
    },
    Exercise {
        page: "ch13-lmr.md",
        file: "crates/engine/src/search/move_pruning.rs",
        from: "best.is_some_and(|best| best > -MATE_BOUND)",
        to: "best.is_some()",
        target: &["--lib"],
        test: "search::move_pruning::tests::a_node_whose_moves_are_all_mated_so_far_prunes_nothing",
    },
    Exercise {
        page: "ch14-futility.md",
        file: "crates/engine/src/search/futility.rs",
        from: "let futile = eval + futility_margin(depth) <= alpha && !gives_check(position, mv);",
        to: "let futile = eval + futility_margin(depth) <= alpha;",
        target: &["--lib"],
        test: "search::futility::tests::a_quiet_move_that_gives_check_is_searched",
    },
    Exercise {
        page: "ch14-futility.md",
        file: "crates/engine/src/search/see_pruning.rs",
        from: "if !self.config.is_on(Switches::QUIESCENCE_SEE) || self.in_check(ply) {",
        to: "if !self.config.is_on(Switches::QUIESCENCE_SEE) {",
        target: &["--lib"],
        test: "search::see_pruning::tests::quiescence_skips_losing_captures_only_out_of_check",
    },
    Exercise {
        page: "ch14-futility.md",
        file: "crates/engine/src/see.rs",
        from: "let known = worst_case >= threshold && !is_last_rank(mv.to(), !mover);",
        to: "let known = worst_case >= threshold;",
        target: &["--lib"],
        test: "see::tests::see_and_see_at_least_agree_with_the_exchange_played_out_on_random_positions",
    },
    Exercise {
        page: "ch14-futility.md",
        file: "crates/engine/src/search/iir.rs",
        from: " || !self.config.is_on(Switches::TT)",
        to: "",
        target: &["--lib"],
        test: "search::iir::tests::with_its_switch_or_the_table_switched_off_nothing_is_reduced",
    },
    Exercise {
        page: "ch14-futility.md",
        file: "crates/engine/src/search/iir.rs",
        from: "|| has_table_move || self.in_check(ply)",
        to: "|| has_table_move",
        target: &["--lib"],
        test: "search::iir::tests::a_node_with_a_move_from_the_table_a_shallow_node_the_root_and_a_node_in_check_are_not",
    },
    Exercise {
        page: "ch14-futility.md",
        file: "crates/engine/src/search/iir.rs",
        from: "        if !self.is_pv_node(window) && !self.stack[ply].cut_node {\n            return 0;\n        }\n",
        to: "",
        target: &["--lib"],
        test: "search::iir::tests::an_expected_all_node_is_not_reduced",
    },
    Exercise {
        page: "ch15-tuning.md",
        file: "crates/engine/src/terms.rs",
        from: "let passed = own & !(their_way | spread(their_way));",
        to: "let passed = own & !their_way;",
        target: &["--lib"],
        test: "terms::tests::a_pawn_with_an_enemy_pawn_ahead_on_a_file_beside_it_is_not_passed",
    },
    Exercise {
        page: "ch15-tuning.md",
        file: "crates/engine/src/terms.rs",
        from: "let area = !position.side(color) & !pawn_attacks(their_pawns, !color);",
        to: "let area = !pawn_attacks(their_pawns, !color);",
        target: &["--lib"],
        test: "terms::tests::mobility_leaves_out_own_pieces_and_squares_the_other_pawns_attack",
    },
    Exercise {
        page: "ch15-tuning.md",
        file: "crates/engine/src/terms.rs",
        from: "Color::Black => 7 - square.rank().index(),",
        to: "Color::Black => square.rank().index(),",
        target: &["--lib"],
        test: "terms::tests::a_position_and_its_colour_mirror_tally_to_opposite_counts",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/singular.rs",
        from: "if singular_move == mv && check == 0 => plies,",
        to: "if singular_move == mv => plies,",
        target: &["--lib"],
        test: "search::singular::tests::a_singular_move_that_also_checks_is_extended_once_and_a_check_is_never_shortened",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/history_pruning.rs",
        from: "if band != Band::Quiet || ",
        to: "if ",
        target: &["--lib"],
        test: "search::history_pruning::tests::only_the_quiet_band_is_pruned",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/probcut.rs",
        from: "&& !self.is_pv_node((alpha, beta))",
        to: "",
        target: &["--lib"],
        test: "search::probcut::tests::no_cut_at_pv_nodes_shallow_nodes_in_check_for_mate_scores_or_with_the_switch_off",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/reductions.rs",
        from: ".clamp(-LMR_HISTORY_MAX_PLIES, LMR_HISTORY_MAX_PLIES)",
        to: "",
        target: &["--lib"],
        test: "search::reductions::tests::under_lmrhist_a_move_that_has_failed_is_reduced_more_and_one_that_cut_off_less",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/reductions.rs",
        from: " && self.stack[ply].cut_node",
        to: "",
        target: &["--lib"],
        test: "search::reductions::tests::under_lmrcut_a_late_move_of_an_expected_cut_node_is_reduced_more",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/null_move.rs",
        from: " + depth / NULL_MOVE_DEPTH_DIVISOR",
        to: "",
        target: &["--lib"],
        test: "search::null_move::tests::under_nulldepth_the_reduction_grows_a_ply_every_three_plies_of_depth",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/quiescence_tt.rs",
        from: " || deeper",
        to: "",
        target: &["--lib"],
        test: "search::quiescence_tt::tests::a_quiescence_node_never_replaces_the_main_search_entry_of_its_position",
    },
    Exercise {
        page: "ch14-1-further-pruning.md",
        file: "crates/engine/src/search/correction.rs",
        from: "Bound::Lower => score > eval,",
        to: "Bound::Lower => true,",
        target: &["--lib"],
        test: "search::correction::tests::only_a_score_whose_bound_points_away_from_the_evaluation_teaches_the_table",
    },
];

/// The parts of the workspace the scratch copy needs to build and test the engine.
const COPIED: [&str; 4] = ["Cargo.toml", "Cargo.lock", "crates", "xtask"];

/// Runs every exercise's mutation in a scratch copy and checks that its test catches it.
pub fn main() -> Result<()> {
    let root = crate::repo_root();
    let started = Instant::now();
    let repo = root.join("target/exercises/repo");
    let _ = std::fs::remove_dir_all(&repo);
    for part in COPIED {
        copy(&root.join(part), &repo.join(part))?;
    }
    let cargo_test = |target: &[&str], tests: &[&str]| {
        let mut command = Command::new("cargo");
        command
            .current_dir(&repo)
            .env("CARGO_TARGET_DIR", root.join("target"))
            .args(["test", "--package", "cb2026"])
            .args(target)
            .args(["--", "--exact"])
            .args(tests);
        command
    };

    // Unchanged, every named test passes: a failure later is the mutation's doing.
    for target in [&["--lib"][..], &["--test", "perft"][..]] {
        let tests: Vec<&str> = EXERCISES
            .iter()
            .filter(|e| e.target == target)
            .map(|e| e.test)
            .collect();
        crate::run(&mut cargo_test(target, &tests))
            .context("the exercises' tests fail without any change")?;
    }
    println!(
        "exercises: the {} named tests pass unchanged ({:.0} s)",
        EXERCISES.len(),
        started.elapsed().as_secs_f64()
    );

    for exercise in &EXERCISES {
        let one = Instant::now();
        let file = repo.join(exercise.file);
        let original = std::fs::read_to_string(&file)
            .with_context(|| format!("{}: cannot read", exercise.file))?;
        std::fs::write(&file, mutated(&original, exercise)?)
            .with_context(|| format!("{}: cannot write", exercise.file))?;
        let output = cargo_test(exercise.target, &[exercise.test])
            .output()
            .context("cannot run cargo test");
        std::fs::write(&file, &original)
            .with_context(|| format!("{}: cannot restore", exercise.file))?;
        let output = output?;
        let printed = String::from_utf8_lossy(&output.stdout);
        let failed = format!("test {} ... FAILED", exercise.test);
        if output.status.success() || !printed.contains(&failed) {
            bail!(
                "{}: the exercise on {} is not caught by {}:\n{printed}{}",
                exercise.page,
                exercise.file,
                exercise.test,
                String::from_utf8_lossy(&output.stderr)
            );
        }
        println!(
            "exercises: {} catches the change to {} ({:.0} s)",
            exercise.test,
            exercise.file,
            one.elapsed().as_secs_f64()
        );
    }
    println!(
        "exercises: all {} caught, in {:.0} s",
        EXERCISES.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `source` with the exercise's change made, or why it cannot be made.
fn mutated(source: &str, exercise: &Exercise) -> Result<String> {
    match source.matches(exercise.from).count() {
        1 => Ok(source.replacen(exercise.from, exercise.to, 1)),
        n => Err(anyhow!(
            "{}: an exercise of {} changes {:?}, which the file holds {n} times, not once",
            exercise.file,
            exercise.page,
            exercise.from
        )),
    }
}

/// Copies the file or folder `from` to `to`, leaving out build output.
fn copy(from: &Path, to: &Path) -> Result<()> {
    if from.is_file() {
        if let Some(folder) = to.parent() {
            std::fs::create_dir_all(folder).with_context(|| folder.display().to_string())?;
        }
        return std::fs::copy(from, to)
            .map(|_| ())
            .with_context(|| format!("{}: cannot copy", from.display()));
    }
    std::fs::create_dir_all(to).with_context(|| to.display().to_string())?;
    let entries = std::fs::read_dir(from).with_context(|| from.display().to_string())?;
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        if name != "target" {
            copy(&entry.path(), &to.join(name))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// The Try-it boxes of a chapter's page, one after another: the text between each
    /// `<div class="try-it">` and the next `</div>`; `None` if the page has none. A chapter
    /// of two stages has a box for each.
    fn try_it_boxes(page: &str) -> Option<String> {
        let mut boxes = String::new();
        let mut rest = page;
        while let Some(start) = rest.find(BOX_START) {
            let end = rest[start..].find("</div>")? + start;
            boxes.push_str(&rest[start..end]);
            rest = &rest[end..];
        }
        (!boxes.is_empty()).then_some(boxes)
    }

    /// The line that opens a chapter's Try-it box.
    const BOX_START: &str = "<div class=\"try-it\">";

    /// The page of the book `page` names, relative to the repository.
    fn page_path(page: &str) -> PathBuf {
        Path::new(crate::chapters::BOOK_SRC).join(page)
    }

    #[test]
    fn every_exercise_changes_text_its_file_holds_once() {
        let root = crate::repo_root();
        for exercise in &EXERCISES {
            let source = std::fs::read_to_string(root.join(exercise.file)).unwrap();
            let changed = mutated(&source, exercise).unwrap();
            assert_ne!(changed, source, "{}", exercise.from);
        }
    }

    #[test]
    fn every_chapter_has_a_box_naming_the_tests_of_its_exercises() {
        let root = crate::repo_root();
        // Every page that tells a stage which has landed; a section after stage 20 tells none.
        let plan = crate::plan::Plan::load(&root).unwrap();
        let pages: Vec<String> = plan
            .chapters
            .iter()
            .filter(|chapter| !plan.done_stages(&chapter.number).is_empty())
            .map(|chapter| chapter.file.clone())
            .collect();
        assert!(pages.len() >= 8, "{pages:?}");
        for page in pages {
            let text = std::fs::read_to_string(root.join(page_path(&page))).unwrap();
            let Some(found) = try_it_boxes(&text) else {
                panic!("{page} has no Try-it box");
            };
            for exercise in EXERCISES.iter().filter(|e| e.page == page) {
                let name = exercise.test.rsplit("::").next().unwrap();
                assert!(
                    found.contains(&format!("`{name}`")),
                    "{page}'s Try-it box does not name the test `{name}`"
                );
            }
        }
    }

    #[test]
    fn a_change_whose_text_is_gone_is_refused() {
        let error = format!("{:#}", mutated("fn f() {}", &EXERCISES[0]).unwrap_err());
        assert!(error.contains("0 times, not once"), "{error}");
    }
}
