-- 4: bans and members' own settings.
-- A ban keeps a member out of one game of a server (game_id > 0) or out of every game of it
-- (game_id 0). User settings are a member's choices for themselves in every server (their
-- language, a DM on their turn, a vacation), as JSON values under a key.
CREATE TABLE bans (
    guild_id    INTEGER NOT NULL,
    game_id     INTEGER NOT NULL DEFAULT 0,
    user_id     INTEGER NOT NULL,
    reason      TEXT    NOT NULL DEFAULT '',
    banned_by   INTEGER,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, game_id)
) WITHOUT ROWID;

CREATE TABLE user_settings (
    user_id     INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
