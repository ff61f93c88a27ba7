-- 9: an event's message as JSON (storage/schema/009_event_messages.sql).
ALTER TABLE events ADD COLUMN message TEXT;
ALTER TABLE opening_events ADD COLUMN message TEXT;
