-- 8: what a game's setup told (storage/schema/008_opening.sql).
CREATE TABLE opening_events (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL CHECK (seq < 0),
    text        TEXT    NOT NULL,
    seats       TEXT,  -- JSON list of the seats allowed to read it; NULL = public
    kind        TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
