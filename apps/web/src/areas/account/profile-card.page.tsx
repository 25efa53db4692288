import { Alert, Anchor, Button, FileInput, Group, Image, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { CopyValueButton } from '../../ui/copy-button';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorNotice, Page } from '../../ui/page';
import { useOwnProfile, useRemovePhoto, useRotateProfile, useUpdateProfile, useUploadPhoto } from './account.queries';
import { useOutlets } from '../../api/shared.queries';

/** The person's public profile card: off until they turn it on, at an address they can change. */
export function ProfileCardPage() {
  const { t } = useTranslation('account');
  const profile = useOwnProfile();
  const outlets = useOutlets();
  const update = useUpdateProfile();
  const rotate = useRotateProfile();
  const upload = useUploadPhoto();
  const removePhoto = useRemovePhoto();
  const p = profile.data;
  const cardPath = p?.uid ? `/u/${p.uid}` : null;
  return (
    <Page title={t('card.title')}>
      <Text size="sm" c="dimmed">
        {t('card.help')}
      </Text>
      <ErrorNotice error={profile.error ?? update.error ?? rotate.error ?? upload.error ?? removePhoto.error} />
      {!p ? (
        <Loader aria-label={t('card.loading')} />
      ) : (
        <Stack gap="md" maw={520}>
          <Switch label={t('card.show')} checked={p.enabled} onChange={(e) => update.mutate({ enabled: e.currentTarget.checked })} disabled={update.isPending} />
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
            label={t('card.outlet')}
            placeholder={t('card.none')}
            clearable
            data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={p.outletId}
            onChange={(outletId) => update.mutate({ outletId })}
          />
          <Group align="flex-end" gap="md">
            {p.photo ? <Image src={p.photo.url} alt={t('card.photoAlt')} w={96} h={96} radius="md" fit="cover" /> : null}
            <FileInput label={t('card.photo')} accept="image/png,image/jpeg" placeholder={t('card.choosePhoto')} onChange={(file) => file && upload.mutate(file, { onSuccess: () => notifications.show({ color: 'green', message: t('card.photoSaved') }) })} clearable={false} value={null} />
            {p.photo ? (
              <Button variant="subtle" color="red" loading={removePhoto.isPending} onClick={() => removePhoto.mutate()}>
                {t('card.removePhoto')}
              </Button>
            ) : null}
          </Group>
          {p.uid ? (
            <Button
              variant="default"
              w="fit-content"
              loading={rotate.isPending}
              onClick={() => rotate.mutate(undefined, { onSuccess: () => notifications.show({ message: t('card.rotated') }) })}
            >
              {t('card.rotate')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Page>
  );
}
