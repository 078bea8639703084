"""The game server: Starlette app, WebSocket protocol, rooms, stores."""
