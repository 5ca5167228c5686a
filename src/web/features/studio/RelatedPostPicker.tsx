import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookupStudioPostsQuery, type RelatedPost } from '../../api/studio';
import { useDebounced } from '../../components/useDebounced';

interface Props {
  value: RelatedPost | null;
  onChange(post: RelatedPost | null): void;
  /** The post being edited (it cannot relate to itself). */
  excludeId: number;
}

export const relatedPostLabel = (post: RelatedPost, ar: boolean) =>
  [ar ? post.title_ar || post.title : post.title || post.title_ar, post.document_number].filter(Boolean).join(' — ');

/** Finds a post by words of its title or its document number (the server's lookup). */
export function RelatedPostPicker({ value, onChange, excludeId }: Props) {
  const { t, i18n } = useTranslation();
  const ar = i18n.resolvedLanguage !== 'en';
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const lookup = useLookupStudioPostsQuery({ search, limit: 10 }, { skip: search.length < 2 });
  const options = (lookup.data ?? []).filter((p) => p.id !== excludeId);
  return (
    <Autocomplete
      id="relation-post"
      sx={{ flex: 1, minWidth: 240 }}
      options={options}
      value={value}
      onChange={(_e, post) => onChange(post)}
      inputValue={text}
      onInputChange={(_e, next) => setText(next)}
      filterOptions={(all) => all}
      getOptionLabel={(post) => relatedPostLabel(post, ar)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={lookup.isFetching}
      noOptionsText={t('studio.relations.noResults')}
      renderInput={(params) => <TextField {...params} size="small" label={t('studio.relations.pick')} helperText={t('studio.relations.pickHelp')} />}
    />
  );
}
