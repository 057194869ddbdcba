import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageProps {
  title: string;
  children?: ReactNode;
  /** Narrow pages (forms) keep a readable width. */
  narrow?: boolean;
}

/** A screen's heading (also the browser tab title) and its content. */
export function Page({ title, children, narrow = false }: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app_name')}`);
  return (
    <Stack gap="md" maw={narrow ? 440 : undefined} mx={narrow ? 'auto' : undefined} w="100%">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
