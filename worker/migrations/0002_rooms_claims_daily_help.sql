-- Issue 13 (security): every room the Worker creates is recorded here, of either game, so that a request for a room
-- the Worker never created creates nothing and a report for one is refused; the daily boards mark attempts with help.

-- Which room class the room is (battlemaske, goldwaage); the socket route opens only rooms listed here.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'battlemaske';

-- "mit Hilfe": the attempt used "Rat" or "Karte zurück" (only the 'first' board can hold such an entry).
ALTER TABLE daily_board ADD COLUMN helped INTEGER NOT NULL DEFAULT 0;

-- Further invited seats of a table (Goldwaage: up to three friends), each claimed once; the games row keeps the
-- Battlemaske seat (invite_hash, invite_seat) as before.
CREATE TABLE invites (
  invite_hash TEXT PRIMARY KEY,
  room TEXT NOT NULL REFERENCES games(room),
  seat INTEGER NOT NULL,
  account_id TEXT,
  claimed INTEGER NOT NULL DEFAULT 0,
  UNIQUE (room, seat)
);
