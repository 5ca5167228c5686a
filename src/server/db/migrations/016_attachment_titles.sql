-- Attachment titles in both languages (issue 18), named as a post's are: `title_ar` the Arabic,
-- `title` the English. The one title attachments had is the Arabic-first one every reader saw,
-- so it becomes `title_ar`; the English is new and null until given (readers then see the
-- Arabic). Renaming a column and adding one without a default touch only the catalog: no
-- table rewrite, however many files there are.
ALTER TABLE attachments RENAME COLUMN title TO title_ar;
ALTER TABLE attachments ADD COLUMN title text;

-- Published versions keep the Post as it was answered, attachments included, and are served as
-- they are: their files' titles move the same way, so that an old version reads as the contract
-- now says. Only versions with files change (versions are written by the workspace alone).
UPDATE post_versions
   SET body = jsonb_set(body, '{attachments}', (
         SELECT jsonb_agg((a - 'title') || jsonb_build_object('title_ar', a -> 'title', 'title', NULL) ORDER BY i)
           FROM jsonb_array_elements(body -> 'attachments') WITH ORDINALITY AS e (a, i)))
 WHERE jsonb_array_length(body -> 'attachments') > 0
   AND NOT (body -> 'attachments' -> 0 ? 'title_ar');
