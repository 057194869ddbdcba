import { Avatar, Tooltip } from '@mantine/core';
import type { PresentUser } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';

/** More faces than this fold into a "+N" avatar. */
const MAX_SHOWN = 5;

interface BoardPresenceProps {
  /** Everyone looking at the board, the reader included. */
  users: PresentUser[];
  currentUserId: number | null;
}

/** The others looking at the board now: faces with their names on hover; nothing when alone. */
export function BoardPresence({ users, currentUserId }: BoardPresenceProps) {
  const { t } = useTranslation('boards');
  const others = users.filter((user) => user.id !== currentUserId);
  if (others.length === 0) return null;
  const shown = others.slice(0, MAX_SHOWN);
  const hidden = others.slice(MAX_SHOWN);
  const names = (list: PresentUser[]) => list.map((user) => user.name).join(', ');

  return (
    <Tooltip.Group openDelay={150} closeDelay={100}>
      <Avatar.Group
        spacing="sm"
        role="img"
        aria-label={t('presence.label', { names: names(others) })}
        data-testid="board-presence"
      >
        {shown.map((user) => (
          <Tooltip key={user.id} label={user.name} withArrow>
            <Avatar src={user.photo} alt="" name={user.name} color="initials" size="sm" />
          </Tooltip>
        ))}
        {hidden.length > 0 && (
          <Tooltip label={names(hidden)} withArrow>
            <Avatar size="sm">+{hidden.length}</Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
