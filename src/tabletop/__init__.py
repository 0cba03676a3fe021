"""What both games share (The Bloody Inn and Innkeepers): no rules here, only plumbing. The engines import only
its standard-library part: records and saves (`records`).

For everything that plays a game: what every game offers (`protocol.GameProtocol`), the installed games by id
(`registry`, from the "tabletop.games" entry points) and the conformance check each of them passes (`testing`);
see docs/protocol.md.

For the faces: atomic saves (`saving`), seats (`table`), a terminal game's session (`session`: seats, saves,
autosave, undo), the terminal games' app (the bots' turns, saving, undo, hints, the end screen), guided choice
of a move and notation prompt (`tui`), and what the `play` commands do around the app (`cli`).

For bots: the random baseline and building a bot by name (`bots`). For bots against bots: where many
independent jobs run (`executors`: this process, this machine's cores, a
Ray cluster), duplicate-deal schedules and running them (`duplicate`), win rates and mean scores with 95%
intervals and Elo-style ratings (`ratings`), a tournament's tables, JSON and CSV (`report`), and the
command-line options that pick an executor (`options`). These grew inside `bloodyinn.bots`, but importing
anything under `bloodyinn` loads the Bloody Inn engine, and Innkeepers must not depend on Bloody Inn's game
code; copying them would leave two versions to keep in step. So they live here, each game keeping its own
arena (how one of its games is played by bots).
"""
