"""The HTTP routes, one module per resource: rooms, games (specs, content, art), pictures, decks."""
