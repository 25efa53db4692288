import { Box, Button, ColorInput, FileInput, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOn } from '../../ui/contrast';
import { ErrorNotice, Page } from '../../ui/page';
import { useBranding, useRemoveLogo, useUpdateBranding, useUploadLogo } from './settings.queries';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colours and logo shown on the careers pages, profile cards and the mobile apps' sign-in. */
export function BrandingPage() {
  const { t } = useTranslation('settings');
  const branding = useBranding();
  const update = useUpdateBranding();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [primary, setPrimary] = useState('');
  const [accent, setAccent] = useState('');
  useEffect(() => {
    if (branding.data) {
      setPrimary(branding.data.primaryColor ?? '');
      setAccent(branding.data.accentColor ?? '');
    }
  }, [branding.data]);
  const b = branding.data;
  if (!b) return branding.error ? <ErrorNotice error={branding.error} /> : <Loader aria-label={t('branding.loading')} />;
  const valid = (v: string) => v === '' || HEX.test(v);
  return (
    <Page title={t('nav.branding')}>
      <Paper withBorder p="md">
        <Stack gap="sm" maw={420}>
          <ColorInput label={t('branding.primary')} placeholder={t('branding.none')} format="hex" eyeDropperButtonProps={{ 'aria-label': t('branding.pickPrimary') }} value={primary} onChange={setPrimary} error={valid(primary) ? undefined : t('branding.colourSuchAs', { example: '#1A73E8' })} />
          <ColorInput label={t('branding.accent')} placeholder={t('branding.none')} format="hex" eyeDropperButtonProps={{ 'aria-label': t('branding.pickAccent') }} value={accent} onChange={setAccent} error={valid(accent) ? undefined : t('branding.colourSuchAs', { example: '#FFB703' })} />
          <Box p="md" style={{ borderRadius: 8, background: HEX.test(primary) ? primary : 'var(--mantine-color-gray-7)' }} aria-label={t('branding.preview')}>
            <Group gap="sm">
              {b.logoUrl ? <Image src={`${b.logoUrl}?v=${b.updatedAt ?? ''}`} alt={t('branding.logoAlt', { name: b.name })} h={36} w="auto" fit="contain" bg="white" p={4} radius="sm" /> : null}
              <Text c={HEX.test(primary) ? textOn(primary) : 'white'} fw={700}>
                {b.name}
              </Text>
              <Box w={18} h={18} style={{ borderRadius: 9, background: HEX.test(accent) ? accent : 'transparent' }} />
            </Group>
          </Box>
          <ErrorNotice error={update.error} />
          <Button
            w="fit-content"
            loading={update.isPending}
            disabled={!valid(primary) || !valid(accent)}
            onClick={() => update.mutate({ primaryColor: primary || null, accentColor: accent || null }, { onSuccess: () => notifications.show({ color: 'green', message: t('branding.coloursSaved') }) })}
          >
            {t('branding.saveColours')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm" maw={420}>
          <Text fw={700}>{t('branding.logo')}</Text>
          {b.logo ? (
            <Text size="sm">
              {t('branding.logoFile', { type: b.logo.mediaType, kb: Math.ceil(b.logo.bytes / 1024) })}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('branding.noLogo')}
            </Text>
          )}
          <FileInput label={t('branding.upload')} accept="image/png,image/jpeg,image/svg+xml" placeholder={t('branding.chooseFile')} value={null} onChange={(f) => f && upload.mutate(f, { onSuccess: () => notifications.show({ color: 'green', message: t('branding.logoSaved') }) })} />
          <ErrorNotice error={upload.error ?? remove.error} />
          {b.logo ? (
            <Button variant="subtle" color="red" w="fit-content" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
              {t('branding.removeLogo')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Page>
  );
}
