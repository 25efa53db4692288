import { Anchor, Badge, Button, Group, Loader } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/page';
import { DataTable } from '../../ui/data-table';
import { useSsoConnection, useSsoConnections } from './settings.queries';
import { SsoUnavailable } from './sso-unavailable';
import { NewConnectionModal } from './sso-new-connection.modal';
import { ConnectionDetail } from './sso-connection';

/** Identity providers (OIDC or SAML) the company's people sign in through, and the email domains each one proves. */
export function SsoConnectionsPage() {
  const connections = useSsoConnections();
  const [creating, setCreating] = useState(false);
  return (
    <Page title="Single sign-on" actions={connections.isSuccess ? <Button onClick={() => setCreating(true)}>New connection</Button> : null}>
      <SsoUnavailable error={connections.error} />
      {connections.error ? null : (
        <DataTable query={connections} loadingLabel="Loading connections" empty="No identity provider connected. People sign in with their passwords." minWidth={600} columns={[
          {
            header: 'Connection',
            cell: (c) => (
              <Anchor component={Link} to={`/settings/sso/${c.id}`}>
                {c.name}
              </Anchor>
            ),
          },
          { header: 'Protocol', cell: (c) => c.protocol },
          { header: 'Domains', cell: (c) => (c.domains.length ? c.domains.map((d) => `${d.domain}${d.verified ? '' : ' (unverified)'}`).join(', ') : '—') },
          {
            header: 'Status',
            cell: (c) => (
              <Group gap={4}>
                <Badge variant="light" color={c.enabled ? 'green' : 'gray'}>
                  {c.enabled ? 'Enabled' : 'Disabled'}
                </Badge>
                {c.enforced ? (
                  <Badge variant="light" color="orange">
                    Enforced
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
  const { id = '' } = useParams();
  const connection = useSsoConnection(id);
  const c = connection.data;
  return (
    <Page title={c ? `Single sign-on: ${c.name}` : 'Single sign-on'}>
      <Anchor component={Link} to="/settings/sso" size="sm">
        ← All connections
      </Anchor>
      <SsoUnavailable error={connection.error} />
      {connection.isPending ? <Loader aria-label="Loading the connection" /> : c ? <ConnectionDetail c={c} /> : null}
    </Page>
  );
}
