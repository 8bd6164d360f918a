//! The board drawn for people: Unicode pieces, coordinates.

use jaque::{File, Position, Rank, Square};

/// The position as eight ranks of Unicode pieces with coordinates, white at the bottom.
pub fn draw(position: &Position) -> String {
    draw_from(position, false)
}

/// The position as [`draw`] shows it, or from black's side (`flipped`: rank 1 on top, the
/// h-file on the left).
pub fn draw_from(position: &Position, flipped: bool) -> String {
    let mut ranks = Rank::ALL;
    let mut files = File::ALL;
    if flipped {
        files.reverse();
    } else {
        ranks.reverse();
    }
    let mut text = String::new();
    for rank in ranks {
        text.push_str(&format!("  {} ", rank.char()));
        for file in files {
            let square = Square::new(file, rank);
            text.push(' ');
            text.push(position.piece_at(square).map_or('·', |p| p.symbol()));
        }
        text.push('\n');
    }
    text.push_str("    ");
    for file in files {
        text.push(' ');
        text.push(file.char());
    }
    text.push('\n');
    text
}
