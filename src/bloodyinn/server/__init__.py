"""The multiplayer web server: `bloodyinn serve`.

Layers: `app` (HTTP and WebSocket routes) -> `service` (authoritative tables: engine, database, hub, bots)
-> `repository` (SQL through SQLAlchemy; the schema is owned by the Alembic migrations). Nothing is imported
here so that `bloodyinn --help` stays fast; use `bloodyinn.server.app.create_app`.
"""
