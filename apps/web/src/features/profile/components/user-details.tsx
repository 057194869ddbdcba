import { Table } from '@mantine/core';
import type { User } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';

const FIELDS = [
  'name',
  'email',
  'account_type',
  'max_projects',
  'gitname',
  'labname',
  'slack_id',
  'year',
  'semester',
  'section',
  'group',
] as const;

/** The signed-in user's details as a two-column table. */
export function UserDetails({ user }: { user: User }) {
  const { t } = useTranslation('profile');

  function display(field: (typeof FIELDS)[number]): string {
    if (field === 'account_type') return t(`account_types.${user.account_type}`);
    if (field === 'max_projects')
      return user.max_projects === null ? t('fields.unlimited') : String(user.max_projects);
    const value = user[field];
    return value === null || value === '' ? t('fields.not_set') : String(value);
  }

  return (
    <Table variant="vertical" withTableBorder>
      <Table.Tbody>
        {FIELDS.map((field) => (
          <Table.Tr key={field}>
            <Table.Th w={200}>{t(`fields.${field}`)}</Table.Th>
            <Table.Td>{display(field)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
