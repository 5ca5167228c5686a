import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import type { ChosenFile } from './FileCheck';
import { VerifyMethods } from './VerifyMethods';
import { VerifyOutcome } from './VerifyOutcome';
import { paramsOf, requestOf, type VerifyRequest } from './verifyRequest';

/**
 * /verify (issue 30): whether a file, a document number or a link is of a version the portal
 * published, and where that version stands. The question is the address's (verifyRequest.ts);
 * a file is never sent, only the fingerprint the browser computed.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const request = useMemo(() => requestOf(params), [params]);
  const [asked, setAsked] = useState(0);
  const [file, setFile] = useState<ChosenFile | null>(null);

  const ask = (next: VerifyRequest) => {
    setParams(paramsOf(next));
    setAsked((n) => n + 1);
  };

  return (
    <Box sx={{ maxWidth: 720, pb: 4 }}>
      <PageHeader title={t('verify.title')} subtitle={t('verify.intro')} />
      <VerifyMethods
        request={request}
        onAsk={ask}
        onFile={(chosen) => {
          setFile(chosen);
          ask({ by: 'sha256', sha256: chosen.sha256 });
        }}
      />
      <VerifyOutcome request={request} focusKey={asked} fileName={request?.by === 'sha256' && file?.sha256 === request.sha256 ? file.name : undefined} />
    </Box>
  );
}
