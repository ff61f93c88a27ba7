-- 10: the outbox. What an accepted change must make public (its lines, images, mentions and
-- direct messages) is stored in the change's own transaction, and marked done only once
-- Discord took it, so a crash between the commit and the post loses no announcement: the
-- bot posts what is pending when it starts and while it runs, in order per game.
-- An entry is known by the game and the version the change stored. `claimed_until` is a
-- poster's lease (its creator holds it first, while it posts at once); `progress` counts
-- the messages already sent, so a retry never sends one twice.
CREATE TABLE outbox (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,
    payload       TEXT    NOT NULL,  -- JSON: what to post (bot/service/announce.py new_post)
    board         INTEGER NOT NULL DEFAULT 0,  -- 1 when it posts the table's board
    created_at    REAL    NOT NULL,
    claimed_until REAL    NOT NULL,
    progress      INTEGER NOT NULL DEFAULT 0,
    done_at       REAL,
    PRIMARY KEY (game_id, version)
);
CREATE INDEX outbox_pending ON outbox (claimed_until) WHERE done_at IS NULL;
