import { ActionIcon, Avatar, Badge, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { can, type Member, type ProjectRole } from '@teamboard/contract';
import { IconDoorExit, IconUserMinus, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { RoleSelect } from '../../../components/role-select';
import { notifySuccess } from '../../../lib/notify';
import { useMembers } from '../api/get-members';
import { useQuitProject } from '../api/quit-project';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { ConfirmBar } from '../../../components/confirm-bar';

interface MemberRowProps {
  projectId: string;
  member: Member;
  isSelf: boolean;
  canManage: boolean;
}

function MemberRow({ projectId, member, isSelf, canManage }: MemberRowProps) {
  const { t } = useTranslation('members');
  const update = useUpdateMember(projectId);
  const remove = useRemoveMember(projectId);
  const [isConfirming, setIsConfirming] = useState(false);

  return (
    <Stack component="li" gap={4} style={{ listStyle: 'none' }}>
      <Group wrap="nowrap" gap="sm">
        <Avatar src={member.image} alt="" name={member.name} color="initials" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          {/* Names and addresses wrap rather than end in "…": on a phone the address is who it is. */}
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.name}{' '}
            {isSelf && (
              <Text span size="xs" c="dimmed">
                {t('you')}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </Stack>
        {canManage ? (
          <RoleSelect
            aria-label={t('role_of', { name: member.name })}
            value={member.role}
            size="xs"
            w={140}
            disabled={update.isPending}
            // LAST_OWNER and other refusals are the server's message, as a toast.
            onChange={(role) =>
              update.mutate(
                { userId: member.id, input: { role } },
                { onSuccess: () => notifySuccess(t('role_changed')) },
              )
            }
          />
        ) : (
          <Badge variant="light" color="gray">
            {t(`projects:roles.${member.role}`)}
          </Badge>
        )}
        {canManage && !isSelf && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('remove', { name: member.name })}
            onClick={() => setIsConfirming(true)}
          >
            <IconUserMinus size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {isConfirming && (
        <ConfirmBar
          text={t('remove_confirm', { name: member.name })}
          confirmLabel={t('remove_yes')}
          cancelLabel={t('cancel')}
          isPending={remove.isPending}
          onCancel={() => setIsConfirming(false)}
          onConfirm={() =>
            remove.mutate(member.id, {
              onSuccess: () => notifySuccess(t('removed', { name: member.name })),
              onSettled: () => setIsConfirming(false),
            })
          }
        />
      )}
    </Stack>
  );
}

interface MembersDialogProps {
  projectId: string;
  /** The caller's role; what they may change follows the permission table. */
  role: ProjectRole | null;
  currentUserId: number;
  /** Extra owner sections the app adds (invitations). */
  children?: ReactNode;
  /** After the caller left the project. */
  onLeft: () => void;
}

function MembersContent({ projectId, role, currentUserId, children, onLeft }: MembersDialogProps) {
  const { t } = useTranslation('members');
  const { data: members = [], isPending } = useMembers(projectId);
  const quit = useQuitProject(projectId);
  const [isLeaving, setIsLeaving] = useState(false);
  const canManage = can(role, 'members.manage');

  return (
    <Stack gap="md">
      {!isPending && members.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('list')}>
          {members.map((member) => (
            <MemberRow
              key={member.id}
              projectId={projectId}
              member={member}
              isSelf={member.id === currentUserId}
              canManage={canManage}
            />
          ))}
        </Stack>
      )}
      {canManage && children && (
        <>
          <Divider />
          {children}
        </>
      )}
      {can(role, 'project.quit') && (
        <>
          <Divider />
          {isLeaving ? (
            <ConfirmBar
              text={t('leave_confirm')}
              confirmLabel={t('leave_yes')}
              cancelLabel={t('cancel')}
              isPending={quit.isPending}
              onCancel={() => setIsLeaving(false)}
              onConfirm={() =>
                quit.mutate(undefined, {
                  onSuccess: () => {
                    notifySuccess(t('left'));
                    onLeft();
                  },
                  onError: () => setIsLeaving(false),
                })
              }
            />
          ) : (
            <Group justify="flex-end">
              <Button
                variant="light"
                color="red"
                leftSection={<IconDoorExit size={16} aria-hidden />}
                onClick={() => setIsLeaving(true)}
              >
                {t('leave')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** The "Members" button of the project header and its edit-roles dialog (docs/spec.md §2 Roles). */
export function MembersDialog(props: MembersDialogProps) {
  const { t } = useTranslation('members');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUsers size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('title')} size="lg">
        {opened && (
          <MembersContent
            {...props}
            onLeft={() => {
              setOpened(false);
              props.onLeft();
            }}
          />
        )}
      </Modal>
    </>
  );
}
