import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../ui/page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <Stack align="flex-start">
        <Text>There is no page at this address.</Text>
        <Button component={Link} to="/" variant="light">
          Go to your home page
        </Button>
      </Stack>
    </Page>
  );
}
