//! Listings: the exact source text of one item of the engine, found by parsing the file.
//!
//! A chapter names an item by its kind and name, never by line numbers, so a listing follows
//! its item wherever it moves in the file. The text is the item's own lines, doc comments and
//! attributes included, with the indentation they share removed (a method is shown flush left).

use crate::chapters::{Block, Context, Generated};
use anyhow::{Context as _, Result, anyhow};
use proc_macro2::Span;
use std::path::Path;
use syn::spanned::Spanned;
use syn::{ImplItem, Item};

/// What a chapter asks for: an item's kind and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemRef {
    /// A top-level item: `struct Bitboard`, `enum Square`, `fn perft`, `const NAME`,
    /// `static NAME`, `type Name`, `trait Name`, `macro name` (a `macro_rules!`).
    Named {
        /// `struct`, `enum`, `fn`, `const`, `static`, `type`, `trait` or `macro`.
        kind: String,
        /// The item's name.
        name: String,
    },
    /// An item inside an `impl` block, such as `fn Bitboard::shift` or `const Square::NUM`,
    /// or inside an inline module, such as `fn tests::shifts_never_wrap`.
    Member {
        /// `fn`, `const` or `type`.
        kind: String,
        /// The type the `impl` block is for, or the module's name.
        owner: String,
        /// The item's name.
        name: String,
    },
    /// A whole `impl` block: `impl Bitboard`, or `impl Display for Bitboard`.
    Impl {
        /// The trait, for a trait's impl (its last path segment, such as `Display`).
        trait_name: Option<String>,
        /// The type the block is for.
        owner: String,
    },
}

impl ItemRef {
    /// Reads an item reference as a chapter writes it, such as `fn Bitboard::shift`.
    pub fn parse(text: &str) -> Result<ItemRef> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["impl", owner] => Ok(ItemRef::Impl {
                trait_name: None,
                owner: owner.to_string(),
            }),
            ["impl", trait_path, "for", owner] => Ok(ItemRef::Impl {
                trait_name: Some(last_segment(trait_path).to_string()),
                owner: owner.to_string(),
            }),
            [kind, path] if KINDS.contains(kind) => match path.rsplit_once("::") {
                Some((owner, name)) if MEMBER_KINDS.contains(kind) => Ok(ItemRef::Member {
                    kind: kind.to_string(),
                    owner: owner.to_string(),
                    name: name.to_string(),
                }),
                Some(_) => Err(anyhow!(
                    "a {kind} cannot stand inside an impl block: {text:?}"
                )),
                None => Ok(ItemRef::Named {
                    kind: kind.to_string(),
                    name: path.to_string(),
                }),
            },
            _ => Err(anyhow!(
                "{text:?} is not an item: write `KIND NAME` (KIND one of {}), \
                 `fn Type::method`, `impl Type` or `impl Trait for Type`",
                KINDS.join(", ")
            )),
        }
    }
}

/// The kinds of item a listing can name.
const KINDS: [&str; 8] = [
    "struct", "enum", "fn", "const", "static", "type", "trait", "macro",
];

/// The kinds of item that can stand inside an `impl` block.
const MEMBER_KINDS: [&str; 3] = ["fn", "const", "type"];

/// The last segment of a path: `Display` for `fmt::Display`.
fn last_segment(path: &str) -> &str {
    path.rsplit("::").next().unwrap_or(path)
}

/// The exact text of the item `item` in the Rust source `source`, with its shared
/// indentation removed, or why it cannot be given.
pub fn extract(source: &str, item: &ItemRef) -> Result<String> {
    let file = syn::parse_file(source).map_err(|e| {
        let at = e.span().start();
        anyhow!("does not parse as Rust (line {}): {e}", at.line)
    })?;
    let spans = find(&file.items, item);
    match spans.as_slice() {
        [] => Err(anyhow!("has no {}", describe(item))),
        [span] => Ok(lines_of(source, *span)),
        more => Err(anyhow!(
            "has {} items matching {}: name one",
            more.len(),
            describe(item)
        )),
    }
}

/// The spans of every item in `items` that `item` names.
fn find(items: &[Item], item: &ItemRef) -> Vec<Span> {
    items
        .iter()
        .flat_map(|candidate| find_in(candidate, item))
        .collect()
}

/// The spans of what `item` names in `candidate`: the candidate itself, or items inside it.
fn find_in(candidate: &Item, item: &ItemRef) -> Vec<Span> {
    match (item, candidate) {
        (ItemRef::Named { kind, name }, _) if named(candidate) == Some((kind, name.clone())) => {
            vec![candidate.span()]
        }
        (ItemRef::Member { kind, owner, name }, Item::Impl(block))
            if type_name(&block.self_ty).as_ref() == Some(owner) =>
        {
            let members = block.items.iter();
            let matching = members.filter(|m| member(m) == Some((kind, name.clone())));
            matching.map(|m| m.span()).collect()
        }
        // An item of an inline module, such as a test: `fn tests::shifts_never_wrap`.
        (ItemRef::Member { kind, owner, name }, Item::Mod(module)) if module.ident == owner => {
            let inner = ItemRef::Named {
                kind: kind.clone(),
                name: name.clone(),
            };
            let items = module.content.as_ref().map_or(&[][..], |(_, items)| items);
            find(items, &inner)
        }
        (ItemRef::Impl { trait_name, owner }, Item::Impl(block))
            if type_name(&block.self_ty).as_ref() == Some(owner)
                && &trait_of(block) == trait_name =>
        {
            vec![candidate.span()]
        }
        _ => Vec::new(),
    }
}

/// The name of the trait an `impl` block implements (its path's last segment), if any.
fn trait_of(block: &syn::ItemImpl) -> Option<String> {
    let (_, path, _) = block.trait_.as_ref()?;
    Some(path.segments.last()?.ident.to_string())
}

/// The kind and name of a top-level item that has both.
fn named(item: &Item) -> Option<(&str, String)> {
    Some(match item {
        Item::Struct(s) => ("struct", s.ident.to_string()),
        Item::Enum(e) => ("enum", e.ident.to_string()),
        Item::Fn(f) => ("fn", f.sig.ident.to_string()),
        Item::Const(c) => ("const", c.ident.to_string()),
        Item::Static(s) => ("static", s.ident.to_string()),
        Item::Type(t) => ("type", t.ident.to_string()),
        Item::Trait(t) => ("trait", t.ident.to_string()),
        Item::Macro(m) => ("macro", m.ident.as_ref()?.to_string()),
        _ => return None,
    })
}

/// The kind and name of an item inside an `impl` block.
fn member(item: &ImplItem) -> Option<(&str, String)> {
    Some(match item {
        ImplItem::Fn(f) => ("fn", f.sig.ident.to_string()),
        ImplItem::Const(c) => ("const", c.ident.to_string()),
        ImplItem::Type(t) => ("type", t.ident.to_string()),
        _ => return None,
    })
}

/// The name of the type an `impl` block is for: its path's last segment, without generics.
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) => Some(path.path.segments.last()?.ident.to_string()),
        _ => None,
    }
}

/// How a chapter's reader would name `item`, for messages.
fn describe(item: &ItemRef) -> String {
    match item {
        ItemRef::Named { kind, name } => format!("{kind} {name}"),
        ItemRef::Member { kind, owner, name } => format!("{kind} {owner}::{name}"),
        ItemRef::Impl {
            trait_name: None,
            owner,
        } => format!("impl {owner}"),
        ItemRef::Impl {
            trait_name: Some(t),
            owner,
        } => format!("impl {t} for {owner}"),
    }
}

/// The whole lines of `source` that `span` covers, with their shared indentation removed.
fn lines_of(source: &str, span: Span) -> String {
    let (first, last) = (span.start().line, span.end().line);
    let lines: Vec<&str> = source
        .lines()
        .skip(first - 1)
        .take(last + 1 - first)
        .collect();
    let indent = lines
        .iter()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut text = String::new();
    for line in lines {
        text.push_str(line.get(indent..).unwrap_or("").trim_end());
        text.push('\n');
    }
    text
}

/// The listing under the directive `<!-- listing PATH ITEM -->` on line `i` of a page.
pub fn listing_at(context: &Context, lines: &[&str], i: usize, spec: &str) -> Generated {
    Generated::text(Block {
        start: i + 1,
        end: listing_block_end(lines, i + 1),
        expected: listing_block(context.root, spec),
        what: format!("listing of `{spec}`"),
    })
}

/// Where the listing block that may follow a directive, starting at line `start`, ends: the
/// line after its closing fence. The block is a caption line, a blank line and a fenced code
/// block; if `start` begins none of that, the block is missing and ends where it starts.
fn listing_block_end(lines: &[&str], start: usize) -> usize {
    let mut i = start;
    if lines
        .get(i)
        .is_some_and(|l| l.starts_with("<div class=\"listing-source\">"))
    {
        i += 1;
        while lines.get(i).is_some_and(|l| l.trim().is_empty()) {
            i += 1;
        }
    }
    if !lines.get(i).is_some_and(|l| l.starts_with("```")) {
        return start;
    }
    // The closing fence, or the end of the page if the fence is never closed.
    match lines[i + 1..].iter().position(|l| l.trim_end() == "```") {
        Some(offset) => i + 1 + offset + 1,
        None => lines.len(),
    }
}

/// The block a listing directive stands for: a caption naming the file and item, a blank
/// line, and the item's source in a fenced code block.
fn listing_block(root: &Path, spec: &str) -> Result<Vec<String>> {
    let (path, item) = spec
        .split_once(char::is_whitespace)
        .with_context(|| format!("a listing names a file and an item: `{spec}`"))?;
    let item_ref = ItemRef::parse(item)?;
    let source = std::fs::read_to_string(root.join(path))
        .with_context(|| format!("listing `{spec}`: cannot read {path}"))?;
    let text = extract(&source, &item_ref).with_context(|| format!("listing `{spec}`"))?;
    let item = item.trim();
    let mut block = vec![
        format!("<div class=\"listing-source\"><code>{path}</code> · <code>{item}</code></div>"),
        String::new(),
        "```rust".to_string(),
    ];
    block.extend(text.lines().map(str::to_string));
    block.push("```".to_string());
    Ok(block)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small source file with one of each kind of item a listing can name.
    const SOURCE: &str = r#"//! A module.

/// A set.
#[derive(Clone, Copy)]
pub struct Set(pub u64);

// Not part of any item.

impl Set {
    /// The empty set.
    pub const EMPTY: Set = Set(0);

    /// Whether it is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::fmt::Display for Set {
    /// Writes the value.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Counts.
fn count() -> u32 { 0 }

#[cfg(test)]
mod tests {
    /// A test.
    #[test]
    fn counts_nothing() {
        assert_eq!(super::count(), 0);
    }
}
"#;

    /// The listing of `item` in [`SOURCE`].
    fn listing(item: &str) -> Result<String> {
        extract(SOURCE, &ItemRef::parse(item)?)
    }

    #[test]
    fn a_struct_comes_with_its_doc_comment_and_attributes() {
        let text = listing("struct Set").unwrap();
        assert_eq!(
            text,
            "/// A set.\n#[derive(Clone, Copy)]\npub struct Set(pub u64);\n"
        );
    }

    #[test]
    fn a_method_is_shown_flush_left() {
        let text = listing("fn Set::is_empty").unwrap();
        assert_eq!(
            text,
            "/// Whether it is empty.\npub fn is_empty(self) -> bool {\n    self.0 == 0\n}\n"
        );
        assert_eq!(
            listing("const Set::EMPTY").unwrap(),
            "/// The empty set.\npub const EMPTY: Set = Set(0);\n"
        );
    }

    #[test]
    fn impl_blocks_are_told_apart_by_their_trait() {
        assert!(listing("impl Set").unwrap().starts_with("impl Set {\n"));
        assert!(
            listing("impl fmt::Display for Set")
                .unwrap()
                .starts_with("impl std::fmt::Display")
        );
        assert!(listing("fn Set::fmt").unwrap().contains("write!"));
    }

    #[test]
    fn an_item_of_an_inline_module_is_found_by_its_path() {
        let text = listing("fn tests::counts_nothing").unwrap();
        assert!(
            text.starts_with("/// A test.\n#[test]\nfn counts_nothing() {\n    assert_eq!"),
            "{text}"
        );
    }

    #[test]
    fn a_missing_item_is_named_in_the_error() {
        let error = |item: &str| format!("{:#}", listing(item).unwrap_err());
        assert_eq!(error("fn Set::len"), "has no fn Set::len");
        assert_eq!(error("enum Set"), "has no enum Set");
        assert_eq!(error("impl Debug for Set"), "has no impl Debug for Set");
    }

    #[test]
    fn malformed_references_are_refused() {
        assert!(ItemRef::parse("Set").is_err());
        assert!(ItemRef::parse("module Set").is_err());
        assert!(ItemRef::parse("struct Set::Inner").is_err());
    }

    #[test]
    fn source_that_does_not_parse_is_reported() {
        let error = extract("fn broken( {", &ItemRef::parse("fn broken").unwrap()).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.starts_with("does not parse as Rust"), "{error}");
    }
}
