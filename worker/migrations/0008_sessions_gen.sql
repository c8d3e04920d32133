-- "Sign out other devices" counts up the account's session generation: a Wartesaal ticket carries the generation it was
-- issued in, and the lobby refuses a ticket (and closes the sockets) of an earlier one (a fresh-eyes attack: a device
-- signed out kept its lobby socket, accepted a staked challenge and played it).
ALTER TABLE accounts ADD COLUMN sessions_gen INTEGER NOT NULL DEFAULT 0;
-- When it last signed out its other devices: a rematch of a table opened before that is refused (a seat token of that
-- table is the signed-out device's too).
ALTER TABLE accounts ADD COLUMN signed_out_at INTEGER;
