import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}

/** An honest "nothing here yet" block: what is missing, and optionally why or what to do. */
export function EmptyState({ title, description, icon, children }: EmptyStateProps) {
  return (
    <MantineEmptyState
      icon={icon ?? <IconInbox aria-hidden size={28} />}
      withIndicatorBackground
      title={title}
      description={description}
      py="lg"
    >
      {children}
    </MantineEmptyState>
  );
}
