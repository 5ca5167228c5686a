import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStudioPostRelationsMutation, type PostRelation, type RelatedPost, type RelationKind, type StudioPost } from '../../api/studio';
import { toast } from '../../components/toast';
import { RelatedPostPicker, relatedPostLabel } from './RelatedPostPicker';

const KINDS: RelationKind[] = ['amends', 'repeals', 'replaces', 'implements'];

interface Props {
  post: StudioPost;
  readOnly: boolean;
}

/**
 * What this post does to other posts (amends, repeals, replaces, implements), which it can
 * change, and what others do to it, which it only shows. The whole outgoing list is saved at
 * once (PUT), on each change.
 */
export function RelationsPanel({ post, readOnly }: Props) {
  const { t, i18n } = useTranslation();
  const ar = i18n.resolvedLanguage !== 'en';
  const [kind, setKind] = useState<RelationKind>('amends');
  const [picked, setPicked] = useState<RelatedPost | null>(null);
  const [save, saving] = useSetStudioPostRelationsMutation();
  const outgoing = post.relations.filter((r) => r.direction === 'out');

  const store = async (relations: PostRelation[]) => {
    try {
      await save({ id: post.id, relationsInput: { relations: relations.map((r) => ({ kind: r.kind, post_id: r.post.id })) } }).unwrap();
      toast.success(t('studio.relations.saved'));
      return true;
    } catch {
      return false; // Toasted by the api layer.
    }
  };

  const add = async () => {
    if (!picked) return;
    if (await store([...outgoing, { kind, direction: 'out', post: picked }])) setPicked(null);
  };

  return (
    <Box component="section" aria-labelledby="studio-relations" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="studio-relations" variant="h6" component="h2">
        {t('studio.relations.title')}
      </Typography>
      {post.relations.length === 0 ? (
        <Typography color="text.secondary">{t('studio.relations.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {post.relations.map((relation) => {
            const name = relatedPostLabel(relation.post, ar);
            return (
              <Box component="li" key={`${relation.direction}-${relation.kind}-${relation.post.id}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ flex: 1 }}>
                  {t(relation.direction === 'out' ? `studio.relations.kinds.${relation.kind}` : `studio.relations.incoming.${relation.kind}`)}: <bdi>{name}</bdi>
                </Typography>
                {relation.direction === 'out' && !readOnly ? (
                  <IconButton
                    aria-label={t('studio.relations.remove', { name })}
                    disabled={saving.isLoading}
                    onClick={() => void store(outgoing.filter((r) => !(r.kind === relation.kind && r.post.id === relation.post.id)))}
                  >
                    <DeleteIcon />
                  </IconButton>
                ) : null}
              </Box>
            );
          })}
        </Box>
      )}
      {readOnly ? null : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField select size="small" id="relation-kind" label={t('studio.relations.kind')} value={kind} onChange={(e) => setKind(e.target.value as RelationKind)} sx={{ minWidth: 140 }}>
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`studio.relations.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <RelatedPostPicker value={picked} onChange={setPicked} excludeId={post.id} />
          <Button variant="outlined" onClick={() => void add()} disabled={!picked || saving.isLoading}>
            {t('studio.relations.add')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
