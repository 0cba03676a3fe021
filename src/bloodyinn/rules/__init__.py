"""The rules of The Bloody Inn: one module per phase or action."""
