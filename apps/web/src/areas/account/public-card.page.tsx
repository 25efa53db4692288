import { Alert, Avatar, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import { ok } from '../../api/errors';

/** A person's public profile card at /u/{uid}: only while they show it; otherwise not found. */
export function PublicCardPage() {
  const { t } = useTranslation('account');
  const { uid = '' } = useParams();
  const card = useQuery({ queryKey: ['card', uid], retry: false, queryFn: () => ok(api.GET('/u/{uid}', { params: { path: { uid } } })) });
  const c = card.data;
  document.title = c ? `${c.name} · ${c.company.name}` : t('publicCard.title');
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={380} component="main">
        {card.isPending ? null : !c ? (
          <Alert color="gray" role="alert" title={t('publicCard.none')}>
            {t('publicCard.gone')}
          </Alert>
        ) : (
          <Stack align="center" gap="xs">
            {c.company.logoUrl ? <Image src={c.company.logoUrl} alt={c.company.name} h={40} w="auto" fit="contain" /> : <Text fw={700}>{c.company.name}</Text>}
            <Avatar src={c.photoUrl} alt={c.name} size={120} radius={120} mt="sm">
              {c.name.slice(0, 1)}
            </Avatar>
            <Title order={1} size="h3">
              {c.name}
            </Title>
            <Text>{c.roleTitle}</Text>
            {c.outlet ? (
              <Text size="sm" c="dimmed">
                {c.outlet.name}, {c.outlet.city}
              </Text>
            ) : null}
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
