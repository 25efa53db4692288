import { AppShell, Burger, Button, Group, Loader, NavLink, ScrollArea, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { API_BASE } from '../api/client';
import { session } from '../api/session';
import { mayOpen, useMe } from '../auth/me';
import { planAllows, usePlan } from '../auth/plan';
import type { Area } from '../areas/area';
import { NotificationBell } from '../areas/notifications/notification-bell';
import { roleLabel } from '../ui/format';

/** The signed-in frame: header, navigation by role and plan (a drawer below tablet width), the page. */
export function Shell({ areas }: { areas: Area[] }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { t } = useTranslation('layout');
  const me = useMe();
  const plan = usePlan();
  const location = useLocation();
  /** Ends the session on the server, then loads the sign-in page afresh: nothing of this user stays in memory. */
  const signOut = async () => {
    const refreshToken = session.current?.refreshToken;
    if (refreshToken) await fetch(`${API_BASE}/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }) }).catch(() => undefined);
    session.set(null);
    window.location.replace('/sign-in');
  };
  const sections = areas
    .map((a) => ({
      title: t(a.title, { ns: a.ns }),
      links: a.routes.filter((r) => r.nav && mayOpen(me.data, r.needs) && planAllows(plan.data, r.feature)).map((r) => ({ to: `/${r.path}`, label: t(r.nav!, { ns: a.ns }) })),
    }))
    .filter((s) => s.links.length > 0);
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('navigation')} />
            <Text fw={700} c="blue.8" component={Link} to="/">
              {t('brand')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell />
            {me.data ? (
              <Text size="sm" visibleFrom="xs" data-testid="signed-in-as">
                {me.data.fullName} · {roleLabel(me.data.role)}
              </Text>
            ) : null}
            <Button variant="subtle" size="xs" onClick={() => void signOut()}>
              {t('signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('main')}>
        <ScrollArea>
          {sections.map((s) => (
            <div key={s.title}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                {s.title}
              </Text>
              {s.links.map((l) => (
                <NavLink key={l.to} component={Link} to={l.to} label={l.label} active={l.to === '/' ? location.pathname === '/' : location.pathname.startsWith(l.to)} onClick={close} />
              ))}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<Loader aria-label={t('loadingPage')} />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
