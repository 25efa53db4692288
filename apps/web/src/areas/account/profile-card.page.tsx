import { Alert, Anchor, Button, FileInput, Group, Image, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { CopyValueButton } from '../../ui/copy-button';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { ErrorNotice, Page } from '../../ui/page';
import { useOwnProfile, useRemovePhoto, useRotateProfile, useUpdateProfile, useUploadPhoto } from './account.queries';
import { useOutlets } from '../../api/shared.queries';
import { PushDeviceCard } from '../notifications/push/push-device.card';

/** The person's public profile card: off until they turn it on, at an address they can change. */
export function ProfileCardPage() {
  const profile = useOwnProfile();
  const outlets = useOutlets();
  const update = useUpdateProfile();
  const rotate = useRotateProfile();
  const upload = useUploadPhoto();
  const removePhoto = useRemovePhoto();
  const p = profile.data;
  const cardPath = p?.uid ? `/u/${p.uid}` : null;
  return (
    <Page title="My profile card">
      <Text size="sm" c="dimmed">
        A card with your name, role, photo and (if you choose) your outlet, for a badge or a QR code. Nobody sees it until you turn it on.
      </Text>
      <ErrorNotice error={profile.error ?? update.error ?? rotate.error ?? upload.error ?? removePhoto.error} />
      {!p ? (
        <Loader aria-label="Loading your card" />
      ) : (
        <Stack gap="md" maw={520}>
          <Switch label="Show my card" checked={p.enabled} onChange={(e) => update.mutate({ enabled: e.currentTarget.checked })} disabled={update.isPending} />
          {p.enabled && cardPath ? (
            <Alert color="green">
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={cardPath} data-testid="card-link">
                  {`${window.location.origin}${cardPath}`}
                </Anchor>
                <CopyValueButton value={`${window.location.origin}${cardPath}`} />
              </Group>
            </Alert>
          ) : null}
          <Select
            label="Outlet shown on the card"
            placeholder="None"
            clearable
            data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={p.outletId}
            onChange={(outletId) => update.mutate({ outletId })}
          />
          <Group align="flex-end" gap="md">
            {p.photo ? <Image src={p.photo.url} alt="Your card photo" w={96} h={96} radius="md" fit="cover" /> : null}
            <FileInput label="Photo (PNG or JPEG, up to 1 MB)" accept="image/png,image/jpeg" placeholder="Choose a photo" onChange={(file) => file && upload.mutate(file, { onSuccess: () => notifications.show({ color: 'green', message: 'Photo saved.' }) })} clearable={false} value={null} />
            {p.photo ? (
              <Button variant="subtle" color="red" loading={removePhoto.isPending} onClick={() => removePhoto.mutate()}>
                Remove the photo
              </Button>
            ) : null}
          </Group>
          {p.uid ? (
            <Button
              variant="default"
              w="fit-content"
              loading={rotate.isPending}
              onClick={() => rotate.mutate(undefined, { onSuccess: () => notifications.show({ message: 'Your card has a new address; the old one no longer works.' }) })}
            >
              Give my card a new address
            </Button>
          ) : null}
        </Stack>
      )}
      <PushDeviceCard />
    </Page>
  );
}
