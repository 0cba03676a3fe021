"""Inn Tables, the multiplayer web server of every registered game: `tableserver serve` (or `bloodyinn serve`).

Layers: `app` (HTTP and WebSocket routes) -> `service` (authoritative tables: engine, database, hub, bots)
-> `repository` (SQL through SQLAlchemy; the schema is owned by the Alembic migrations). Nothing is imported
here so that the console scripts' `--help` stays fast; use `tableserver.app.create_app`.
"""
