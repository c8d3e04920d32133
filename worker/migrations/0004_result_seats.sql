-- Finished games of any size: every seat an account held ("Meine Partien" for 2 to 4 seats, Goldwaage's team), the
-- game each result is of, and a cooperative game's team result.
CREATE TABLE result_seats (
  room TEXT NOT NULL REFERENCES results(room),
  seat INTEGER NOT NULL,
  account_id TEXT NOT NULL,
  finished_at INTEGER NOT NULL,
  PRIMARY KEY (room, seat)
);
CREATE INDEX result_seats_account ON result_seats(account_id, finished_at);
INSERT INTO result_seats (room, seat, account_id, finished_at) SELECT room, 0, account0, finished_at FROM results WHERE account0 IS NOT NULL;
INSERT INTO result_seats (room, seat, account_id, finished_at) SELECT room, 1, account1, finished_at FROM results WHERE account1 IS NOT NULL;

ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT 'battlemaske';
ALTER TABLE results ADD COLUMN team TEXT;
