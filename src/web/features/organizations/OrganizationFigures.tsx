import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArticleIcon from '@mui/icons-material/Article';
import GroupsIcon from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Organization } from '../../api/organizations';

/** Post count, active subsidiaries and departments, side by side. */
export function OrganizationFigures({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'posts', Icon: ArticleIcon, text: t('organizations.postCount', { count: organization.post_count }) },
    { key: 'subsidiaries', Icon: AccountTreeIcon, text: t('organizations.subsidiaryCount', { count: organization.active_subsidiary_count }) },
    { key: 'departments', Icon: GroupsIcon, text: t('organizations.departmentCount', { count: organization.active_department_count }) },
  ];
  return (
    <Box component="ul" aria-label={t('organizations.figures')} sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {figures.map(({ key, Icon, text }) => (
        <Box
          component="li"
          key={key}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.75, borderRadius: 6, bgcolor: 'action.hover', typography: 'body2' }}
        >
          <Icon aria-hidden fontSize="small" color="primary" />
          {text}
        </Box>
      ))}
    </Box>
  );
}
