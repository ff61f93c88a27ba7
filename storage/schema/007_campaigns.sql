-- 7: campaigns. A league or tournament of one server's games: its members and the games it
-- dealt, by round and table. A name is unique per server regardless of ASCII case, so
-- "Spring" and "spring" cannot be told apart only by a typo. Games keep their own rows: a
-- campaign only points at them (a game belongs to at most one campaign).
CREATE TABLE campaigns (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL COLLATE NOCASE,
    game        TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('league', 'tournament')),
    seats       INTEGER NOT NULL CHECK (seats >= 1),
    created_by  INTEGER,
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'running', 'finished')),
    created_at  REAL    NOT NULL,
    UNIQUE (guild_id, name)
);

CREATE TABLE campaign_members (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    joined_at   REAL    NOT NULL,
    PRIMARY KEY (campaign_id, user_id)
) WITHOUT ROWID;

CREATE TABLE campaign_games (
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    game_id      INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    round        INTEGER NOT NULL CHECK (round >= 1),
    table_number INTEGER NOT NULL CHECK (table_number >= 1),
    PRIMARY KEY (campaign_id, round, table_number)
);
