import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../api/normalizeError';
import { useGetOrganizationQuery } from '../../api/organizations';
import { useVerifyDocumentQuery } from '../../api/postVersions';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { visuallyHidden } from '../../components/posts/card/visuallyHidden';
import { selectLanguage } from '../../state/preferencesSlice';
import { FactList } from './FactList';
import { FileName } from './FileName';
import { MatchCard } from './MatchCard';
import { NotFoundDetail } from './NotFoundDetail';
import { isNotFound, postsOf, verdictOf } from './verdict';
import { argsOf, type VerifyRequest } from './verifyRequest';

interface VerifyOutcomeProps {
  request: VerifyRequest | null;
  /** Counts the reader's own checks: the answer to each takes the focus once it is in. */
  focusKey: number;
  /** The file the reader chose here, when the request is its fingerprint. */
  fileName?: string;
}

/**
 * The answer to the address's request: one heading that says it (found, or plainly not), then
 * each post found. A live region speaks the progress and the verdict; after a check the reader
 * made, the focus moves to the verdict's heading.
 */
export function VerifyOutcome({ request, focusKey, fileName }: VerifyOutcomeProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(0);
  // currentData: the answer to this request only, never the previous one's while it loads.
  const { currentData: answer, error: failure, isFetching, refetch } = useVerifyDocumentQuery(request ? argsOf(request) : skipToken);
  const code = request?.by === 'number' ? request.organization : undefined;
  const { data: organization } = useGetOrganizationQuery(code ? { code } : skipToken);

  const error = failure ? normalizeError(failure) : undefined;
  const verdict = request && answer ? verdictOf(request, answer) : null;
  const organizationName = organization ? localized(language, organization.name_ar, organization.name) : (code ?? '');
  const title = verdict ? t(`verify.result.${verdict}`, { organization: organizationName }) : error ? t('verify.result.error') : '';
  const settled = !isFetching && title !== '';

  useEffect(() => {
    if (settled && focusKey > focused.current) {
      focused.current = focusKey;
      heading.current?.focus();
    }
  }, [settled, focusKey]);

  const messages = error ? (error.fields ? Object.values(error.fields).flat() : [error.message]) : [];

  return (
    <>
      <div role="status" style={visuallyHidden}>
        {isFetching ? t('verify.checking') : title}
      </div>
      {request ? (
        <Box component="section" aria-labelledby={title ? headingId : undefined} aria-busy={isFetching} data-testid="verify-outcome" sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 3 }}>
          {isFetching && !answer ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
              <CircularProgress size={24} aria-hidden />
              <Typography>{t('verify.checking')}</Typography>
            </Box>
          ) : null}
          {title ? (
            <Typography
              id={headingId}
              ref={heading}
              tabIndex={-1}
              component="h2"
              variant="h5"
              data-verdict={verdict ?? 'error'}
              sx={{ fontWeight: 700, outline: 'none', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 4 } }}
            >
              {title}
            </Typography>
          ) : null}
          {request.by === 'sha256' && title ? (
            <FactList
              facts={[
                ...(fileName ? [{ label: t('verify.result.yourFile'), value: <FileName name={fileName} /> }] : []),
                { label: t('verify.result.fingerprint'), value: request.sha256, code: true },
              ]}
            />
          ) : null}
          {error && !isFetching ? (
            <Alert
              severity="error"
              variant="outlined"
              sx={{ borderRadius: 3 }}
              action={
                error.status === 400 ? undefined : (
                  <Button color="inherit" onClick={() => void refetch()}>
                    {t('verify.result.retry')}
                  </Button>
                )
              }
            >
              {messages.map((message) => (
                <Box component="p" key={message} sx={{ m: 0 }}>
                  {message}
                </Box>
              ))}
            </Alert>
          ) : null}
          {verdict && isNotFound(verdict) ? <NotFoundDetail verdict={verdict} /> : null}
          {answer && verdict && !isNotFound(verdict) ? postsOf(answer.matches).map((match) => <MatchCard key={match.match.slug} match={match} />) : null}
        </Box>
      ) : null}
    </>
  );
}
