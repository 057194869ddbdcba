import { Stack, UnstyledButton, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

/** One section of the task detail: its heading toggles it, independently of the others (docs/spec.md §2). */
export function Section({
  title,
  children,
  defaultOpen = true,
}: {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <Stack gap={6}>
      <UnstyledButton aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        <Group gap={4}>
          {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
          <Text fw={600} size="sm">
            {title}
          </Text>
        </Group>
      </UnstyledButton>
      {open && <div id={id}>{children}</div>}
    </Stack>
  );
}
