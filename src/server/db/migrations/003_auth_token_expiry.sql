-- Refresh and reset tokens past their expiry are purged at sign-in (a rotated refresh token is
-- kept until then, so that its reuse can still be recognised); these make that purge a range scan.
CREATE INDEX refresh_tokens_expiry ON refresh_tokens (expires_at);
CREATE INDEX password_reset_tokens_expiry ON password_reset_tokens (expires_at);
