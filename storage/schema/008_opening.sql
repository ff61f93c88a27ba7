-- 8: what a game's setup told (Game.begin): its shuffles and random draws and the first
-- deals, public or for their seats only. They open the game's log, before any action, so
-- they belong to no action and no undo takes them back. `seq` counts up to -1: they sort
-- before the events of the actions, whose `seq` starts at 1.
CREATE TABLE opening_events (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq < 0),
    text        TEXT    NOT NULL,
    seats       TEXT,  -- JSON list of the seats allowed to read it; NULL = public
    kind        TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
