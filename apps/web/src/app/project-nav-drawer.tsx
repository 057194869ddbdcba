import { ActionIcon, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectSidebar } from '../features/projects/components/project-sidebar';
import { PHONE_BREAKPOINT } from '../lib/phone';

type SidebarProps = Omit<ComponentProps<typeof ProjectSidebar>, 'variant' | 'onNavigate'>;

/**
 * On a phone the project's icon rail would take a quarter of the width: its entries move into a
 * drawer, opened by a menu button shown at phone width only. Choosing an entry closes the drawer.
 */
export function ProjectNavDrawer(props: SidebarProps) {
  const { t } = useTranslation('projects');
  const [isOpen, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon
        hiddenFrom={PHONE_BREAKPOINT}
        variant="default"
        size="lg"
        aria-label={t('nav_menu')}
        aria-expanded={isOpen}
        onClick={open}
      >
        <IconMenu2 size={20} aria-hidden />
      </ActionIcon>
      <Drawer opened={isOpen} onClose={close} title={t('nav_menu')} size="xs">
        <ProjectSidebar {...props} variant="list" onNavigate={close} />
      </Drawer>
    </>
  );
}
