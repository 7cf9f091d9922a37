import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../i18n';

/** Messages' way to Blocked people (the page has no drawer link, so no text in the first load). */
export function BlockedPeopleLink() {
  const t = useT();
  return (
    <Anchor component={Link} to="/dashboard/blocked-people" size="sm" mb="sm" display="inline-block">
      {t('blocks.link')}
    </Anchor>
  );
}
