-- All Buyers' total and the summary card's count read one row instead of counting every live
-- buyer on each page (docs/decisions/0030-dashboard-list-queries.md). Statement triggers keep the
-- rows exact: a bulk insert of 20,000 buyers is one update of one row, and an update that moves
-- nobody between roles or in and out of the live set (a profile edit) writes nothing.
CREATE TABLE "user_role_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);--> statement-breakpoint
CREATE FUNCTION user_role_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_role_counts (role, live)
      SELECT role, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY role
    ON CONFLICT (role) DO UPDATE SET live = user_role_counts.live + excluded.live;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_role_counts (role, live)
      SELECT role, sum(change) FROM (
        SELECT role, -1 AS change FROM old_rows WHERE deleted_at IS NULL
        UNION ALL SELECT role, 1 FROM new_rows WHERE deleted_at IS NULL) moved
      GROUP BY role HAVING sum(change) <> 0
    ON CONFLICT (role) DO UPDATE SET live = user_role_counts.live + excluded.live;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_role_counts (role, live)
      SELECT role, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY role
    ON CONFLICT (role) DO UPDATE SET live = user_role_counts.live + excluded.live;
  ELSE -- TRUNCATE
    DELETE FROM user_role_counts;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_role_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();--> statement-breakpoint
CREATE TRIGGER users_role_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();--> statement-breakpoint
CREATE TRIGGER users_role_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();--> statement-breakpoint
CREATE TRIGGER users_role_counts_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();--> statement-breakpoint
INSERT INTO user_role_counts (role, live)
  SELECT role, count(*) FROM users WHERE deleted_at IS NULL GROUP BY role;
