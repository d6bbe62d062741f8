//! Prinz's chess (placeholder).
/// Chess errors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    #[error("bad chess FEN")]
    Fen,
}
