"""Content tooling: generators of the games' built-in art, run by hand (their output lives in games/data)."""
