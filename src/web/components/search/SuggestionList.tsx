import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage, type AppLanguage } from '../../state/preferencesSlice';
import type { SuggestionBox } from './useSuggestionBox';
import { visuallyHidden } from '../posts/card/visuallyHidden';

const numbers: Record<AppLanguage, Intl.NumberFormat> = {
  ar: new Intl.NumberFormat('ar'),
  en: new Intl.NumberFormat('en'),
};

interface SuggestionListProps {
  box: SuggestionBox;
}

const GROUP_TITLE = {
  hashtag: 'suggest.hashtags',
  organization: 'suggest.organizations',
  type: 'suggest.types',
  post: 'suggest.posts',
} as const;

/**
 * The listbox under a search field: options in labelled groups (hashtags, organizations, post
 * types, posts), the one the arrows are on marked for the eye and for a screen reader
 * (aria-selected; the field's aria-activedescendant names it). A press chooses without taking
 * the focus from the field. Laid out by the page's direction: right to left in Arabic.
 */
export function SuggestionList({ box }: SuggestionListProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  let index = 0;
  return (
    <>
      {box.open ? (
        <Box
          id={box.listId}
          role="listbox"
          aria-label={t('suggest.label')}
          sx={{
            position: 'absolute',
            insetInlineStart: 0,
            insetInlineEnd: 0,
            top: 0,
            mt: 0.5,
            p: 0.5,
            zIndex: 'modal',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            boxShadow: 4,
            maxHeight: '70vh',
            overflowY: 'auto',
          }}
        >
          {box.groups.map((group) => {
            // The grouped listbox of the WAI-ARIA practices: each group a list named by its first item.
            const titleId = `${box.listId}-${group.kind}`;
            return (
              <Box
                component="ul"
                role="group"
                aria-labelledby={titleId}
                key={group.kind}
                sx={{ listStyle: 'none', m: 0, p: 0, '& + &': { mt: 0.5 } }}
              >
                <Typography
                  id={titleId}
                  role="presentation"
                  variant="caption"
                  component="li"
                  sx={{
                    display: 'block',
                    px: 1.5,
                    pt: 0.5,
                    color: 'text.secondary',
                    fontWeight: 700,
                  }}
                >
                  {t(GROUP_TITLE[group.kind])}
                </Typography>
                {group.options.map((option) => {
                  const i = index++;
                  const selected = i === box.active;
                  return (
                    <Box
                      component="li"
                      role="option"
                      key={option.id}
                      id={box.optionId(option)}
                      aria-selected={selected}
                      // Chosen without the field losing focus (its blur would close the list first).
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => box.choose(option)}
                      onMouseMove={() => !selected && box.setActive(i)}
                      sx={{
                        px: 1.5,
                        py: 0.75,
                        borderRadius: 1,
                        cursor: 'pointer',
                        bgcolor: selected ? 'action.selected' : undefined,
                        outline: selected ? 2 : 0,
                        outlineColor: 'primary.main',
                        outlineOffset: -2,
                      }}
                    >
                      <Typography variant="body2" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {option.label}
                      </Typography>
                      {option.detail ? (
                        <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                          {option.detail}
                        </Typography>
                      ) : null}
                    </Box>
                  );
                })}
              </Box>
            );
          })}
        </Box>
      ) : null}
      {/* A live region without the status role: the page's own status messages stay the only ones. */}
      <span aria-live="polite" style={visuallyHidden}>
        {box.open
          ? t('suggest.available', {
              count: box.options.length,
              n: numbers[language].format(box.options.length),
            })
          : ''}
      </span>
    </>
  );
}
