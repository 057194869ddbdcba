import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { LanguageSelect } from '../components/language-select';
import { PHONE_BREAKPOINT } from '../lib/phone';
import { useCurrentUser } from '../lib/session';
import { lazyTranslated } from './lazy-translated';

// The signed-in controls are their own chunk: the login screen does without them.
const OpenProjectTitle = lazyTranslated(async () => ({
  default: (await import('./top-bar-session')).OpenProjectTitle,
}));
const UserControls = lazyTranslated(async () => ({
  default: (await import('./top-bar-session')).UserControls,
}));

/** The top bar (docs/spec.md §2): title, language, then either sign-in links or the user's controls. */
export function TopBar() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const projectId = useMatch('/project/:id/*')?.params.id;

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap" miw={0}>
        <Anchor
          component={Link}
          to={user ? '/home' : '/login'}
          underline="never"
          c="inherit"
          fw={700}
          size="lg"
          aria-label={t('app_name')}
        >
          <Group gap={6} wrap="nowrap">
            <IconLayoutKanban aria-hidden size={24} />
            {/* On a phone the name would sit under the language and sign-in controls: the icon stays. */}
            <Text span inherit visibleFrom="sm" aria-hidden>
              {t('app_name')}
            </Text>
          </Group>
        </Anchor>
        {/* On a phone the folder and name would be cut to a few letters: the project header below
            shows the name in full, so the title waits for a wider screen. */}
        {user && projectId && (
          <Box visibleFrom={PHONE_BREAKPOINT} miw={0}>
            <Suspense fallback={null}>
              <OpenProjectTitle projectId={projectId} />
            </Suspense>
          </Box>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <LanguageSelect />
        {user ? (
          <Suspense fallback={null}>
            <UserControls user={user} />
          </Suspense>
        ) : (
          <Group component="nav" aria-label={t('nav.main')} gap="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="subtle" size="xs">
              {t('nav.login')}
            </Button>
            <Button component={Link} to="/register" variant="light" size="xs">
              {t('nav.register')}
            </Button>
          </Group>
        )}
      </Group>
    </Group>
  );
}
