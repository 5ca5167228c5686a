-- Document numbers are unique per organization, type and year (issue 30, point 5): «قرار رقم 12
-- لعام 1447» names one decision of one body. Numbered series run per type of document, as
-- official bodies number them (a decision and a circular may both be No. 12), and per year of
-- issue. Held of what readers see (published, or withdrawn after): drafts being written may
-- share a number until one of them is published; a post with no number (empty) or no date of
-- issue is not held to it.
CREATE UNIQUE INDEX posts_document_number ON posts (organization_id, type_id, (extract(year FROM issued_on)), document_number)
  WHERE document_number <> '' AND issued_on IS NOT NULL AND status IN ('published', 'archived');
