import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import LinkIcon from '@mui/icons-material/Link';
import NumbersIcon from '@mui/icons-material/Numbers';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileCheck, type ChosenFile } from './FileCheck';
import { LinkCheck } from './LinkCheck';
import { NumberCheck } from './NumberCheck';
import { METHODS, methodOf, type VerifyMethod, type VerifyRequest } from './verifyRequest';

const ICONS = {
  file: <InsertDriveFileOutlinedIcon />,
  number: <NumbersIcon />,
  link: <LinkIcon />,
} as const;

interface VerifyMethodsProps {
  /** The address's request: its way is the tab shown, its values fill the fields. */
  request: VerifyRequest | null;
  onAsk(request: VerifyRequest): void;
  onFile(file: ChosenFile): void;
}

/** The three ways of asking, as tabs: a file (the first: what a reader most often holds), a number, a link. */
export function VerifyMethods({ request, onAsk, onFile }: VerifyMethodsProps) {
  const { t } = useTranslation();
  const id = useId();
  const asked = methodOf(request);
  const [method, setMethod] = useState<VerifyMethod>(asked);
  // The address asked another way (Back, a shared link): show that way's tab.
  const [shown, setShown] = useState(asked);
  if (shown !== asked) {
    setShown(asked);
    setMethod(asked);
  }

  return (
    <Box>
      <Tabs
        value={method}
        onChange={(_event, next: VerifyMethod) => setMethod(next)}
        aria-label={t('verify.methods.label')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {METHODS.map((m) => (
          <Tab
            key={m}
            value={m}
            label={t(`verify.methods.${m}`)}
            icon={ICONS[m]}
            iconPosition="top"
            id={`${id}-tab-${m}`}
            aria-controls={`${id}-panel-${m}`}
            sx={{ minHeight: 64, px: 1 }}
          />
        ))}
      </Tabs>
      {/* Every panel is kept (hidden): what the reader typed in one stays while they look at another. */}
      {METHODS.map((m) => (
        <Box key={m} role="tabpanel" hidden={m !== method} id={`${id}-panel-${m}`} aria-labelledby={`${id}-tab-${m}`}>
          {m === 'file' ? <FileCheck onFingerprint={onFile} /> : null}
          {m === 'number' ? <NumberCheck asked={request?.by === 'number' ? request : null} onAsk={onAsk} /> : null}
          {m === 'link' ? <LinkCheck asked={request?.by === 'url' ? request : null} onAsk={onAsk} /> : null}
        </Box>
      ))}
    </Box>
  );
}
