-- 9: an event says a message (a catalog key with parameters, games/core/messages.py) that
-- the bot words in each reader's language. `message` holds it as JSON; `text` stays for
-- the plain sentences of older rows (and is empty beside a message).
ALTER TABLE events ADD COLUMN message TEXT;
ALTER TABLE opening_events ADD COLUMN message TEXT;
