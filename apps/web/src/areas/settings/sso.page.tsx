import { Anchor, Badge, Button, Group, Loader } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/page';
import { DataTable } from '../../ui/data-table';
import { useSsoConnection, useSsoConnections } from './settings.queries';
import { SsoUnavailable } from './sso-unavailable';
import { NewConnectionModal } from './sso-new-connection.modal';
import { ConnectionDetail } from './sso-connection';
import { useTranslation } from 'react-i18next';

/** Identity providers (OIDC or SAML) the company's people sign in through, and the email domains each one proves. */
export function SsoConnectionsPage() {
  const { t } = useTranslation('settings');
  const connections = useSsoConnections();
  const [creating, setCreating] = useState(false);
  return (
    <Page title={t('sso.page.title')} actions={connections.isSuccess ? <Button onClick={() => setCreating(true)}>{t('sso.page.new')}</Button> : null}>
      <SsoUnavailable error={connections.error} />
      {connections.error ? null : (
        <DataTable query={connections} loadingLabel={t('sso.page.loading')} empty={t('sso.page.empty')} minWidth={600} columns={[
          {
            header: t('sso.page.connection'),
            cell: (c) => (
              <Anchor component={Link} to={`/settings/sso/${c.id}`}>
                {c.name}
              </Anchor>
            ),
          },
          { header: t('sso.page.protocol'), cell: (c) => c.protocol },
          { header: t('sso.page.domains'), cell: (c) => (c.domains.length ? c.domains.map((d) => (d.verified ? d.domain : t('sso.page.unverified', { domain: d.domain }))).join(', ') : '—') },
          {
            header: t('sso.page.status'),
            cell: (c) => (
              <Group gap={4}>
                <Badge variant="light" color={c.enabled ? 'green' : 'gray'}>
                  {c.enabled ? t('sso.page.enabled') : t('sso.page.disabled')}
                </Badge>
                {c.enforced ? (
                  <Badge variant="light" color="orange">
                    {t('sso.page.enforced')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
        ]} />
      )}
      <NewConnectionModal opened={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}

/** One connection: what to give the IdP, its settings, its domains and their DNS proof. */
export function SsoConnectionPage() {
  const { t } = useTranslation('settings');
  const { id = '' } = useParams();
  const connection = useSsoConnection(id);
  const c = connection.data;
  return (
    <Page title={c ? t('sso.page.titleOf', { name: c.name }) : t('sso.page.title')}>
      <Anchor component={Link} to="/settings/sso" size="sm">
        {t('sso.page.all')}
      </Anchor>
      <SsoUnavailable error={connection.error} />
      {connection.isPending ? <Loader aria-label={t('sso.page.loadingOne')} /> : c ? <ConnectionDetail c={c} /> : null}
    </Page>
  );
}
