"""The player's side of a turn without any drawing: the step shown, what a
pick or a key does and the moves that result, why one does nothing, the setup plan,
the steps of each mode and the Now panel's lines. No Textual here (an import-linter
contract in pyproject.toml holds it)."""
