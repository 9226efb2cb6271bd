-- 15: the pinning game stored as "tavla" is hapis tavlası, now named
-- "hapis" ("tavla" is the standard game with hitting, issue 39): its games,
-- ratings and their history, and the records that name it in their JSON
-- (challenges, matches, tournaments, analyses; Go's encoding/json writes
-- them without spaces, so the text is matched exactly) move to the new name.
UPDATE games SET game = 'hapis' WHERE game = 'tavla';
UPDATE ratings SET game = 'hapis' WHERE game = 'tavla';
UPDATE rating_history SET game = 'hapis' WHERE game = 'tavla';
UPDATE challenges SET data = replace(data, '"Game":"tavla"', '"Game":"hapis"') WHERE data LIKE '%"Game":"tavla"%';
UPDATE matches SET data = replace(data, '"Game":"tavla"', '"Game":"hapis"') WHERE data LIKE '%"Game":"tavla"%';
UPDATE tournaments SET data = replace(data, '"game":"tavla"', '"game":"hapis"') WHERE data LIKE '%"game":"tavla"%';
UPDATE analyses SET result = replace(result, '"game":"tavla"', '"game":"hapis"') WHERE result LIKE '%"game":"tavla"%';
