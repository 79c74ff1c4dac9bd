//! The engine's modules form no cycle: if `a` uses `b`, nothing that `b` uses (directly or
//! through others) uses `a`. A cycle means two concepts that cannot be read, tested or taught
//! apart, so the book could not present one before the other.
//!
//! The test reads the sources in `src/`: a module is a file `src/NAME.rs`, or a folder
//! `src/NAME/` whose files all count as that one module. Each code line outside comments and
//! outside the `#[cfg(test)]` module at the end of a file that names `crate::OTHER` makes an
//! edge from the module to `OTHER`. Test modules are left out: a test may use whatever helps it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The module's code outside its tests and comments: the lines before the first
/// `#[cfg(test)]`, with line comments (doc comments included) removed.
fn code_of(source: &str) -> String {
    let before_tests = source.split("#[cfg(test)]").next().unwrap_or("");
    before_tests
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules that `code` names as `crate::NAME`.
fn uses(code: &str) -> BTreeSet<String> {
    code.match_indices("crate::")
        .map(|(at, prefix)| {
            code[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// Every module of `src` with the modules it uses, itself left out.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in fs::read_dir(src).expect("src/ can be read") {
        let path = entry.expect("an entry of src/").path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let files: Vec<_> = if path.is_dir() {
            fs::read_dir(&path)
                .expect("a module's folder can be read")
                .map(|file| file.expect("a module's file").path())
                .filter(|file| file.extension().is_some_and(|ext| ext == "rs"))
                .collect()
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            vec![path.clone()]
        } else {
            continue;
        };
        let used = graph.entry(name.clone()).or_default();
        for file in files {
            let source = fs::read_to_string(&file).expect("a source file can be read");
            used.extend(uses(&code_of(&source)));
        }
        used.remove(&name);
    }
    graph
}

/// A cycle through `graph`, as the modules along it, if there is one: a depth-first search
/// that finds a module already on its path.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    /// Searches from `module`, with `path` the modules above it and `done` those already
    /// known to lead to no cycle.
    fn visit(
        graph: &BTreeMap<String, BTreeSet<String>>,
        module: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_string());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(graph, next, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(module.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(graph, module, &mut Vec::new(), &mut done))
}

#[test]
fn no_module_of_the_engine_uses_itself_through_others() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&src);
    assert!(graph.contains_key("search") && graph.contains_key("position"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("a cycle between modules: {}", cycle.join(" uses "));
    }
}

#[test]
fn a_cycle_is_found_and_tests_and_comments_do_not_count() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", uses(&code_of("use crate::b::X;\n"))),
        ("b", uses(&code_of("fn f() { crate::c::g() }\n"))),
        ("c", uses(&code_of("use crate::a;\n"))),
    ]
    .into_iter()
    .map(|(name, used)| (name.to_string(), used))
    .collect();
    assert_eq!(
        find_cycle(&graph),
        Some(
            vec!["a", "b", "c", "a"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
    let quiet = "/// See [`crate::a`].\nuse crate::b;\n#[cfg(test)]\nmod tests { use crate::a; }\n";
    assert_eq!(uses(&code_of(quiet)), BTreeSet::from(["b".to_string()]));
}
