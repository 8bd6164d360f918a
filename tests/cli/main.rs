//! The `jaque` binary's tests, one binary: every command run as a user or a script runs it,
//! colour and progress through a pseudo-terminal, and the language server driven over
//! JSON-RPC and by real editors (Neovim, Helix's protocol).
//!
//! `cargo test --test cli output_unchanged` compares every output with its recorded digest;
//! see that module for how to bless a change.

#[path = "../common/mod.rs"]
mod common;

mod color;
mod commands;
mod docs;
mod export;
mod fix;
mod fmt;
mod index_check;
mod index_filters;
mod index_kept;
mod index_kill;
mod index_oracle;
mod input;
mod interrupt;
mod json_lines;
mod lint_names;
mod lsp;
mod lsp_helix;
mod lsp_neovim;
mod output_unchanged;
mod parquet_input;
mod pipe;
mod play;
mod progress;
mod query;
mod query_docs;
mod query_files;
mod query_index;
mod query_mark;
mod query_oracle;
mod query_sort;
mod rewrite;
mod select;
mod select_docs;
mod select_openings;
mod select_pattern;
mod shell;
mod start_position;
mod walk;
mod world;
