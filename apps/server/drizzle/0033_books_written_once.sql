-- A bulk insert of books (seed, import) writes each book once, with its copy counts already: the
-- statement that inserts the books and their copies sets crs.copies_counted for its transaction, so
-- the copies' count trigger leaves those books be. Updating them instead wrote every new book twice
-- (a full page has no room for a HOT update), so the table held a dead copy of every row until
-- vacuum, and a half-empty page for every full one after it: a scan of the catalogue read twice the
-- pages (decision 0013, docs/benchmarks/0013-library-search.md).
CREATE OR REPLACE FUNCTION "library_copies_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('crs.restoring', true), '') = 'on' OR coalesce(current_setting('crs.copies_counted', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE books b SET copies_total = b.copies_total + d.t, copies_available = b.copies_available + d.a
    FROM (SELECT book_id, count(*) FILTER (WHERE status NOT IN ('lost', 'withdrawn')) AS t, count(*) FILTER (WHERE status = 'available') AS a
          FROM new_copies GROUP BY book_id) d
    WHERE b.id = d.book_id AND (d.t <> 0 OR d.a <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE books b SET copies_total = b.copies_total - d.t, copies_available = b.copies_available - d.a
    FROM (SELECT book_id, count(*) FILTER (WHERE status NOT IN ('lost', 'withdrawn')) AS t, count(*) FILTER (WHERE status = 'available') AS a
          FROM old_copies GROUP BY book_id) d
    WHERE b.id = d.book_id AND (d.t <> 0 OR d.a <> 0);
  ELSE
    UPDATE books b SET copies_total = b.copies_total + d.t, copies_available = b.copies_available + d.a
    FROM (SELECT book_id, sum(t)::int AS t, sum(a)::int AS a FROM (
            SELECT book_id, (status NOT IN ('lost', 'withdrawn'))::int AS t, (status = 'available')::int AS a FROM new_copies
            UNION ALL
            SELECT book_id, -((status NOT IN ('lost', 'withdrawn'))::int), -((status = 'available')::int) FROM old_copies) x
          GROUP BY book_id) d
    WHERE b.id = d.book_id AND (d.t <> 0 OR d.a <> 0);
  END IF;
  RETURN NULL;
END
$$;
