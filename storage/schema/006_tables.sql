-- 6: a table's people beyond its seats, and undo votes.
-- Spectators follow a game (its thread) without a seat; they read what anyone may read.
-- An undo vote takes back every live action after the first `keep` once all `affected`
-- players (user ids, JSON) approved; it is stale when the game's version moved past
-- `version`, the version it was opened at.
CREATE TABLE spectators (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

CREATE TABLE undo_votes (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    requested_by  INTEGER NOT NULL,
    keep          INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    affected      TEXT    NOT NULL,
    approved      TEXT    NOT NULL DEFAULT '[]',
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'passed', 'rejected', 'stale')),
    created_at    REAL    NOT NULL
);
CREATE INDEX undo_votes_by_game ON undo_votes (game_id, status);
