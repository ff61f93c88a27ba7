-- 4: bans and members' own settings (storage/schema/004_server.sql).
CREATE TABLE bans (
    guild_id    BIGINT  NOT NULL,
    game_id     BIGINT  NOT NULL DEFAULT 0,
    user_id     BIGINT  NOT NULL,
    reason      TEXT    NOT NULL DEFAULT '',
    banned_by   BIGINT,
    created_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id, game_id)
);

CREATE TABLE user_settings (
    user_id     BIGINT  NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
);
