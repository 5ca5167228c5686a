import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Adds a trimmed interest; blank text and one already listed (case aside) change nothing. */
export function addInterest(list: string[], text: string): string[] {
  const interest = text.trim();
  if (!interest || list.some((i) => i.toLocaleLowerCase() === interest.toLocaleLowerCase())) return list;
  return [...list, interest];
}

/** Interests (spec §2): added with the button or Enter, removed one by one; kept on this screen only, as the spec says. */
export function InterestsTab() {
  const { t } = useTranslation();
  const [interests, setInterests] = useState<string[]>([]);
  const [text, setText] = useState('');

  const add = (event: FormEvent) => {
    event.preventDefault();
    setInterests((list) => addInterest(list, text));
    setText('');
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info" variant="outlined">
        {t('settings.interests.localOnly')}
      </Alert>
      <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          label={t('settings.interests.label')}
          placeholder={t('settings.interests.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          size="small"
          fullWidth
        />
        <Button type="submit" variant="contained">
          {t('settings.interests.add')}
        </Button>
      </Box>
      {interests.length === 0 ? (
        <Typography color="text.secondary">{t('settings.interests.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {interests.map((interest) => (
            <li key={interest}>
              <Chip
                label={<bdi>{interest}</bdi>}
                onDelete={() => setInterests((list) => list.filter((i) => i !== interest))}
                // The chip deletes on Delete or Backspace too; the cross is named for pointer and screen reader.
                deleteIcon={<CancelIcon role="button" aria-hidden={false} aria-label={t('settings.interests.remove', { name: interest })} />}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
