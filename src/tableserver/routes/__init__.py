"""The HTTP and WebSocket routes, one router per job: pages, game options (meta), tables, seats, play, and the
table sockets. `app.create_app` puts them together."""
