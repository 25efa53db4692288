import { Box, Button, ColorInput, FileInput, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { textOn } from '../../ui/contrast';
import { ErrorNotice, Page } from '../../ui/page';
import { useBranding, useRemoveLogo, useUpdateBranding, useUploadLogo } from './settings.queries';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colours and logo shown on the careers pages, profile cards and the mobile apps' sign-in. */
export function BrandingPage() {
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
  if (!b) return branding.error ? <ErrorNotice error={branding.error} /> : <Loader aria-label="Loading" />;
  const valid = (v: string) => v === '' || HEX.test(v);
  return (
    <Page title="Branding">
      <Paper withBorder p="md">
        <Stack gap="sm" maw={420}>
          <ColorInput label="Primary colour" placeholder="None" format="hex" eyeDropperButtonProps={{ 'aria-label': 'Pick the primary colour from the screen' }} value={primary} onChange={setPrimary} error={valid(primary) ? undefined : 'A colour such as #1A73E8'} />
          <ColorInput label="Accent colour" placeholder="None" format="hex" eyeDropperButtonProps={{ 'aria-label': 'Pick the accent colour from the screen' }} value={accent} onChange={setAccent} error={valid(accent) ? undefined : 'A colour such as #FFB703'} />
          <Box p="md" style={{ borderRadius: 8, background: HEX.test(primary) ? primary : 'var(--mantine-color-gray-7)' }} aria-label="Preview">
            <Group gap="sm">
              {b.logoUrl ? <Image src={`${b.logoUrl}?v=${b.updatedAt ?? ''}`} alt={`${b.name} logo`} h={36} w="auto" fit="contain" bg="white" p={4} radius="sm" /> : null}
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
            onClick={() => update.mutate({ primaryColor: primary || null, accentColor: accent || null }, { onSuccess: () => notifications.show({ color: 'green', message: 'Colours saved.' }) })}
          >
            Save the colours
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm" maw={420}>
          <Text fw={700}>Logo</Text>
          {b.logo ? (
            <Text size="sm">
              {b.logo.mediaType}, {Math.ceil(b.logo.bytes / 1024)} KB
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No logo yet.
            </Text>
          )}
          <FileInput label="Upload a logo (PNG, JPEG or SVG, up to 1 MB)" accept="image/png,image/jpeg,image/svg+xml" placeholder="Choose a file" value={null} onChange={(f) => f && upload.mutate(f, { onSuccess: () => notifications.show({ color: 'green', message: 'Logo saved.' }) })} />
          <ErrorNotice error={upload.error ?? remove.error} />
          {b.logo ? (
            <Button variant="subtle" color="red" w="fit-content" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
              Remove the logo
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Page>
  );
}
